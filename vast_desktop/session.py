"""The one entry point the UI uses: the game, the seats (human or computer),
undo, autosave after every choice, computer players, and who is looking.

Autosave: the save's text is made on the caller's thread after every choice and written
by an :class:`~vast_desktop.autosaver.AutosaveWriter` in the background; a failed write
never undoes or refuses the move — :attr:`Session.autosave_problem` says what went wrong
(the table shows it) and the writer keeps trying.

Privacy (GUI_SPEC "Privacy in pass-and-play"): the view shown is that of the
human who must decide now; when the decider changes to another human a curtain
comes first — unless there is only one human or the table plays open-handed.
"""
from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from .autosaver import AutosaveProblem, AutosaveWriter
from .bots.registry import LEVELS, available, make_bot
from .engine import EngineError, Game, PlayerView, Setup, new_game, view
from .engine.decisions import Decision
from .persistence import SaveError, load_save, save_game, save_text, to_save
from .public_answers import public_answer
from .rules_data import RulesData
from .standing_orders import StandingOrders
from .standing_orders import answers as orders_answer
from .standing_orders import choose as orders_choose

Bot = Callable[[PlayerView | None, Decision], str]
BOT_LEVELS = LEVELS                   # random (any legal option), easy (heuristic), hard (searches)
DEFAULT_BOT_LEVEL = "easy"            # what a seat switched to Computer plays unless chosen


@dataclass(frozen=True)
class Seat:
    human: bool = True
    level: str = "random"      # the computer player's level when not human (the setup screen defaults to Easy)


def bot_levels(role: str) -> tuple[str, ...]:
    """The computer levels this build has for ``role`` (random always)."""
    return tuple(lv for lv in BOT_LEVELS if available(role, lv))


def default_bot_level(role: str) -> str:
    """The level of a new computer seat: Easy when this build has it, else Random."""
    levels = bot_levels(role)
    return DEFAULT_BOT_LEVEL if DEFAULT_BOT_LEVEL in levels else levels[0]


def seat_from_save(role: str, value: str) -> Seat:
    """A save's seat: "human", "computer:<level>" or, in old saves, "computer" (random);
    a level this build does not have for the role plays random."""
    kind, _, level = value.partition(":")
    return Seat(human=kind == "human", level=level if level in bot_levels(role) else "random")


class BotTurn:
    """A computer player's decision, thought over in a worker thread so the window keeps drawing
    (a Hard player may take about a second).  The view is built on the main thread before the
    thread starts; the choice is applied on the main thread by :meth:`Session.finish_bot`, and
    only if the game has not moved on meanwhile (an undo, a new game)."""

    def __init__(self, session: Session, role: str, bot: Bot, pv: PlayerView | None, decision: Decision) -> None:
        self.session = session
        self.game = session.game
        self.choices_before = len(session.game.choices)
        self.role = role
        self.choice: str | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._think, args=(bot, pv, decision), name=f"bot-{role}",
                                        daemon=True)
        self._thread.start()

    def _think(self, bot: Bot, pv: PlayerView | None, decision: Decision) -> None:
        try:
            self.choice = bot(pv, decision)
        except BaseException as exc:   # handed to the main thread, which raises it there
            self.error = exc

    def done(self, wait: float | None = 0.0) -> bool:
        """Whether the bot has chosen (waiting up to ``wait`` seconds; None: until it has)."""
        self._thread.join(wait)
        return not self._thread.is_alive()

    def current(self) -> bool:
        """The game is still where the bot started thinking."""
        s = self.session
        return s.game is self.game and len(s.game.choices) == self.choices_before


@dataclass
class Session:
    game: Game
    seats: dict[str, Seat]
    autosave_path: Path | None = None
    shared_table: bool = False
    viewer: str | None = None            # whose eyes the screen shows now
    seen_events: dict[str, int] = field(default_factory=dict)   # per role: events already shown
    bots: dict[str, Bot] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)    # Campaign (VAR-03): role -> player name; {} otherwise
    campaign_result: tuple[list[str], bool] | None = None   # the lines told at game over (and whether an error)
    # writes the autosave in the background; the app hands every session its one writer, so the saves of
    # one game and the next reach the file in order
    writer: AutosaveWriter = field(default_factory=AutosaveWriter)
    # the Cave's standing orders (issue 27, item 2): its placements during other roles' turns, answered
    # without a hand-off while the Cave is a person; saved with the game
    standing_orders: StandingOrders = field(default_factory=StandingOrders)
    ordered_steps: set[int] = field(default_factory=set)    # choice numbers answered without a hand-off
    public_answers: bool = True     # answer questions the public situation decides (off: the old table, to measure)

    def __post_init__(self) -> None:
        for role in self.game.state.roles:
            self.seats.setdefault(role, Seat())
            if not self.seats[role].human and role not in self.bots:
                # a bot whose needs_view is False is handed None instead of a view (step_bot/start_bot)
                self.bots[role] = cast(Bot, make_bot(role, self.seats[role].level,
                                                     self.game.setup.seed * 31 + hash_role(role)))
        if self.curtains:
            self.viewer = None          # every entry to the table starts behind the curtain (issue 27, item 1)
        elif self.viewer is None:
            humans = self.humans
            self.viewer = self.decider if self.decider in humans else (sorted(humans)[0] if len(humans) == 1 else None)

    # ---------------------------------------------------------------- creation
    @classmethod
    def new(cls, setup: Setup, seats: dict[str, Seat] | None = None, autosave_path: Path | None = None,
            shared_table: bool = False, players: dict[str, str] | None = None,
            writer: AutosaveWriter | None = None, rules: RulesData | None = None,
            standing_orders: StandingOrders | None = None) -> Session:
        """A new game (with ``rules``, default the packaged data: the app passes the player's),
        autosaved at once (in the background: an unwritable folder still starts it)."""
        s = cls(new_game(setup, rules), dict(seats or {}), autosave_path, shared_table, players=dict(players or {}),
                writer=writer or AutosaveWriter(), standing_orders=standing_orders or StandingOrders())
        s.autosave()
        return s

    @classmethod
    def load(cls, path: Path, seats: dict[str, Seat] | None = None, autosave_path: Path | None = None,
             writer: AutosaveWriter | None = None, rules: RulesData | None = None) -> Session:
        """Load a save (replayed with ``rules``); raises SaveError naming the file and the reason, whatever goes wrong
        (the caller's current session and the autosave are untouched: nothing is written)."""
        g, save = load_save(path, rules)
        try:
            if seats is None and save.seats:
                seats = {role: seat_from_save(role, v) for role, v in save.seats.items()}
            return cls(g, dict(seats or {}), autosave_path, players=dict(save.campaign or {}),
                       writer=writer or AutosaveWriter(),
                       standing_orders=save.cave_orders if save.cave_orders is not None else StandingOrders())
        except Exception as exc:      # load_save validated the seats; this is the last guard
            raise SaveError(f"{path}: the saved seats cannot be used ({type(exc).__name__}: {exc}).") from None

    # ---------------------------------------------------------------- who's who
    @property
    def humans(self) -> set[str]:
        return {r for r in self.game.state.roles if self.seats.get(r, Seat()).human}

    @property
    def decider(self) -> str | None:
        d = self.game.pending
        return d.role if d is not None else None

    @property
    def human_to_decide(self) -> bool:
        return self.decider is not None and self.decider in self.humans

    @property
    def curtains(self) -> bool:
        """Curtains only with two or more humans and not at an open-handed table."""
        return len(self.humans) > 1 and not self.shared_table

    def needs_handoff(self) -> bool:
        """A different human must decide now: show the curtain before the view changes hands."""
        d = self.decider
        return self.curtains and d is not None and d in self.humans and d != self.viewer

    def take_seat(self, role: str) -> None:
        """The human at the screen is now ``role`` (after the curtain)."""
        self.viewer = role

    def draw_curtain(self) -> None:
        """Nobody's private view until the next curtain is passed: the screen shows the public
        view.  Called whenever the table is entered other than by the seated human's own last
        action — a new game, Continue, Load, returning from elsewhere, curtains switched on —
        and after every change (a choice, an undo) that leaves someone other than the seated
        human to decide, a computer included (issue 27, item 1: privacy on every entry).
        Without curtains (one human, or an open-handed table) there is nothing to hide."""
        if not self.curtains:
            return
        if self.viewer is not None:
            self.mark_seen(self.viewer)
        self.viewer = None

    def _after_change(self) -> None:
        """After a choice or an undo: the seated human keeps the screen only while they decide."""
        if self.curtains and self.viewer is not None and self.decider != self.viewer:
            self.draw_curtain()

    def current_view(self) -> PlayerView:
        if self.game.outcome is not None:
            return view(self.game, self.viewer)
        d = self.decider
        if not self.curtains and d in self.humans:
            self.viewer = d
        return view(self.game, self.viewer)

    def events_since_last_look(self, role: str) -> list[str]:
        """Public lines since ``role`` last looked (for the curtain)."""
        start = self.seen_events.get(role, 0)
        return [e.public for e in self.game.events[start:]]

    def mark_seen(self, role: str | None) -> None:
        if role is not None:
            self.seen_events[role] = len(self.game.events)

    # ---------------------------------------------------------------- choices
    def choose(self, option_id: str) -> None:
        """Apply a human's choice (IllegalChoice propagates unchanged); autosave (never raises:
        a failed write is :attr:`autosave_problem`)."""
        self._apply(option_id)

    def _apply(self, option_id: str) -> None:
        try:
            self.game.apply(option_id)
            self._follow_orders()
        except EngineError as exc:
            self.game = exc.game
            self.ordered_steps = {n for n in self.ordered_steps if n <= len(self.game.choices)}
            self.draw_curtain()
            self.autosave()
            raise
        self._after_change()
        self.autosave()

    def answer_without_handoff(self) -> str | None:
        """The answer to the pending decision that needs no hand-off, or None (a person is asked).
        Only at a pass-and-play table (curtains), only for a person who is not playing now:
        the Cave's standing orders for its placements (from the Cave's own view), and a question
        whose one answer the public situation decides (:mod:`public_answers`, from the public view)."""
        d = self.game.pending
        active = self.game.state.active
        if d is None or self.game.outcome is not None or not self.curtains or d.role not in self.humans \
                or d.role == active:
            return None
        if orders_answer(self.standing_orders, d, active):
            return orders_choose(self.standing_orders, view(self.game, d.role), d)
        return public_answer(view(self.game, None), d) if self.public_answers else None

    def _follow_orders(self) -> None:
        """Apply, one by one, the answers that need no hand-off (:meth:`answer_without_handoff`);
        each is a legal option id logged like any choice, so replay and undo need no orders."""
        while (choice := self.answer_without_handoff()) is not None:
            self.game.apply(choice)
            self.ordered_steps.add(len(self.game.choices))

    def set_standing_orders(self, orders: StandingOrders) -> None:
        """The Cave's new orders (set in its own view); saved with the game at once."""
        self.standing_orders = orders
        self.autosave()

    def bot_to_move(self) -> bool:
        d = self.decider
        return d is not None and d not in self.humans

    def step_bot(self) -> str | None:
        """Let the computer player who must decide make one choice, waiting for it; returns its id."""
        turn = self.start_bot()
        if turn is None:
            return None
        turn.done(None)
        return self.finish_bot(turn)

    def start_bot(self) -> BotTurn | None:
        """Start the computer player who must decide thinking in a worker thread (its view is
        built here, on the caller's thread); None if a person decides now."""
        d = self.game.pending
        if d is None or d.role in self.humans:
            return None
        bot = self.bots[d.role]
        return BotTurn(self, d.role, bot, view(self.game, d.role) if getattr(bot, "needs_view", True) else None, d)

    def finish_bot(self, turn: BotTurn) -> str | None:
        """Apply a finished turn's choice (autosaved like any choice) and return it; a bot's
        error is raised here, on the main thread.  A turn the game has moved past (an undo, a
        new game) is dropped: None."""
        if turn.error is not None:
            raise turn.error
        if not turn.current() or turn.choice is None:
            return None
        self._apply(turn.choice)
        return turn.choice

    # ---------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Undo the last choice if a person made it and no barrier (reveal, draw, roll,
        hand-off between people) lies in between."""
        g = self.game
        if not g.choices or not g.decider_log or g.decider_log[-1] not in self.humans:
            return False
        if len(g.choices) in self.ordered_steps:      # the Cave's orders chose it: the Cave's to take back
            return False
        return g.can_undo(self.humans)

    def undo(self) -> None:
        self.game = self.game.undo()
        self.ordered_steps = {n for n in self.ordered_steps if n <= len(self.game.choices)}
        self._after_change()
        self.autosave()

    # ---------------------------------------------------------------- saving
    def seat_table(self) -> dict[str, str]:
        return {r: "human" if s.human else f"computer:{s.level}" for r, s in self.seats.items()}

    def autosave(self) -> None:
        """Queue the game as it is now for the autosave file; returns without waiting for the disk."""
        if self.autosave_path is not None:
            self.writer.submit(self.autosave_path, save_text(to_save(self.game, self.seat_table(), self.players or None,
                                                                   self.saved_orders())))

    @property
    def autosave_problem(self) -> AutosaveProblem | None:
        """Why the last autosave is not on disk (the file and the system's reason), or None."""
        return self.writer.problem if self.autosave_path is not None else None

    def flush_autosave(self, timeout: float | None = None) -> bool:
        """Wait until the last autosave is written (or has failed); True if it is on disk."""
        return self.writer.flush(timeout)

    def save(self, path: Path) -> None:
        """Save as ``path``, now, on this thread; an OSError is the caller's to report."""
        save_game(self.game, path, self.seat_table(), self.players or None, self.saved_orders())

    def saved_orders(self) -> StandingOrders | None:
        """The orders a save carries: only with a Cave in the game."""
        return self.standing_orders if "cave" in self.game.state.roles else None

    # ---------------------------------------------------------------- campaign
    def game_id(self) -> str:
        """A fingerprint of this game (setup, scenario and every choice): the campaign counts it once."""
        g = self.game
        text = "\n".join([g.setup.model_dump_json(), repr(g.scenario), *g.choices])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]

    def record_campaign(self) -> tuple[list[str], bool]:
        """VAR-03: at the end of a Campaign game, move the winners up in the campaign file and
        return the lines to tell the table (with True if the campaign could not be updated).
        Done once per game; a broken campaign file is reported and left as it is."""
        if self.campaign_result is not None:
            return self.campaign_result
        outcome = self.game.outcome
        if not self.players or outcome is None:
            return [], False
        from .campaign import CampaignError, load_campaign, save_campaign

        try:
            campaign = load_campaign()
            before = len(campaign.games)
            lines = campaign.record_game(self.players, tuple(outcome.winners), self.game_id())
            if len(campaign.games) != before:
                save_campaign(campaign)
        except (CampaignError, OSError) as exc:
            self.campaign_result = ([f"The campaign was not updated: {exc}"], True)
        else:
            self.campaign_result = ([*lines, f"Levels now: {campaign.level_names(list(self.players.values()))}."],
                                    False)
        return self.campaign_result


def hash_role(role: str) -> int:
    """A stable small number per role (no use of hash(), which varies per process)."""
    return sum(ord(c) for c in role)
