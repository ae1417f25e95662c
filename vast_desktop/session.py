"""The one entry point the UI uses: the game, the seats (human or computer),
undo, autosave after every choice, computer players, and who is looking.

Privacy (GUI_SPEC "Privacy in pass-and-play"): the view shown is that of the
human who must decide now; when the decider changes to another human a curtain
comes first — unless there is only one human or the table plays open-handed.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .engine import EngineError, Game, PlayerView, Setup, new_game, view
from .engine.bots.random_bot import RandomBot
from .engine.decisions import Decision
from .persistence import load_save, save_game

Bot = Callable[[PlayerView | None, Decision], str]
BOT_LEVELS = ("random",)


@dataclass(frozen=True)
class Seat:
    human: bool = True
    level: str = "random"      # the computer player's level when not human


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

    def __post_init__(self) -> None:
        for role in self.game.state.roles:
            self.seats.setdefault(role, Seat())
            if not self.seats[role].human and role not in self.bots:
                self.bots[role] = RandomBot(self.game.setup.seed * 31 + hash_role(role))
        if self.viewer is None:
            humans = self.humans
            self.viewer = self.decider if self.decider in humans else (sorted(humans)[0] if len(humans) == 1 else None)

    # ---------------------------------------------------------------- creation
    @classmethod
    def new(cls, setup: Setup, seats: dict[str, Seat] | None = None, autosave_path: Path | None = None,
            shared_table: bool = False, players: dict[str, str] | None = None) -> Session:
        s = cls(new_game(setup), dict(seats or {}), autosave_path, shared_table, players=dict(players or {}))
        s.autosave()
        return s

    @classmethod
    def load(cls, path: Path, seats: dict[str, Seat] | None = None, autosave_path: Path | None = None) -> Session:
        """Load a save; raises SaveError (the caller's current session is untouched)."""
        g, save = load_save(path)
        if seats is None and save.seats:
            seats = {role: Seat(human=v == "human", level=v.partition(":")[2] or "random") for role, v in save.seats.items()}
        return cls(g, dict(seats or {}), autosave_path, players=dict(save.campaign or {}))

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
        """Apply a human's choice (IllegalChoice propagates unchanged); autosave."""
        self._apply(option_id)

    def _apply(self, option_id: str) -> None:
        try:
            self.game.apply(option_id)
        except EngineError as exc:
            self.game = exc.game
            self.autosave()
            raise
        self.autosave()

    def bot_to_move(self) -> bool:
        d = self.decider
        return d is not None and d not in self.humans

    def step_bot(self) -> str | None:
        """Let the computer player who must decide make one choice; returns its id."""
        d = self.game.pending
        if d is None or d.role in self.humans:
            return None
        bot = self.bots[d.role]
        choice = bot(view(self.game, d.role) if getattr(bot, "needs_view", True) else None, d)
        self._apply(choice)
        return choice

    # ---------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Undo the last choice if a person made it and no barrier (reveal, draw, roll,
        hand-off between people) lies in between."""
        g = self.game
        if not g.choices or not g.decider_log or g.decider_log[-1] not in self.humans:
            return False
        return g.can_undo(self.humans)

    def undo(self) -> None:
        self.game = self.game.undo()
        self.autosave()

    # ---------------------------------------------------------------- saving
    def seat_table(self) -> dict[str, str]:
        return {r: "human" if s.human else f"computer:{s.level}" for r, s in self.seats.items()}

    def autosave(self) -> None:
        if self.autosave_path is not None:
            save_game(self.game, self.autosave_path, self.seat_table(), self.players or None)

    def save(self, path: Path) -> None:
        save_game(self.game, path, self.seat_table(), self.players or None)

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
