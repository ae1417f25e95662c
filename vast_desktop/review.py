"""Game review (issue 6): step forward and back through a saved game choice by choice.

A game is its Setup (or scenario) plus the list of choices, and the engine is
deterministic, so the position after choice ``k`` is ``replay(setup, choices[:k])``.
:class:`Review` answers that quickly while stepping to and fro:

* one *cursor* game moves forward one choice at a time (stepping forward costs one
  ``apply``);
* the views of the steps the cursor passes are kept (an LRU of immutable PlayerViews,
  per step and viewer), so stepping back over them costs nothing;
* stepping back to a step not kept rebuilds the cursor by replay at the start of that
  step's block of ``block`` choices and walks the block again, keeping every view on
  the way: one replay per ``block`` steps back.  (A running Game holds its rule
  procedure's generator and cannot be copied, so a snapshot is a view, not a Game.)

Privacy (GEN-01..04): everything shown goes through ``engine.view(game, viewer)``;
the public view is ``viewer=None``.  The label of a choice is what the deciding role
saw among its options, so it is told only to that role (another viewer reads who
decided, and the public log says what happened).

No pygame here: the review screen (screens/review.py) draws what this returns.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Game, GameEvent, PlayerView, Setup, replay, view
from .persistence import SaveError, load_save
from .rules_data import RulesData

BLOCK = 32            # choices per block: stepping back past the kept views replays once per block
KEEP_VIEWS = 4096     # views kept (about 1 MB per 100 in a five-role game)


def role_name(role: str | None) -> str:
    """"Knight", "Goblins"…; ``None`` (the public view) is "Everyone"."""
    return "Everyone" if role is None else role.capitalize()


def possessive(role: str) -> str:
    """"the Knight's", "the Goblins'"."""
    name = role_name(role)
    return f"the {name}'" if name.endswith("s") else f"the {name}'s"


@dataclass(frozen=True)
class Step:
    """Choice ``k`` (1-based): who made it, in which round and whose turn, its id and label."""

    k: int
    choice: str
    role: str           # the role that decided
    label: str          # the option's label as the deciding role saw it
    round: int
    active: str         # whose turn it was when the choice was made
    turn: int           # the game's turn counter then (a new turn: a new number)


@dataclass(frozen=True)
class Stamp:
    """Where an event was logged: the round and whose turn it was at that moment."""

    round: int
    active: str


class _StampedEvents(list[GameEvent]):
    """The game's event list that notes the round and the active role at each append
    (the engine logs through ``list.append``), for the export's round/turn headers."""

    def __init__(self, game: Game, events: Iterable[GameEvent]) -> None:
        super().__init__(events)
        self.game = game
        self.stamps = [self._now() for _ in self]

    def _now(self) -> Stamp:
        st = self.game.state
        return Stamp(st.round, st.active)

    def append(self, event: GameEvent) -> None:
        self.stamps.append(self._now())
        super().append(event)


class Review:
    """A saved game (``setup``, ``choices``, ``scenario``) to step through, read-only.

    Raises :class:`vast_desktop.engine.ReplayError` (or SetupError) like ``replay`` when the
    choices do not replay; :meth:`from_save` turns a broken file into a ``SaveError``."""

    def __init__(self, setup: Setup, choices: Iterable[str], scenario: dict[str, Any] | None = None,
                 block: int = BLOCK, keep: int = KEEP_VIEWS, rules: RulesData | None = None) -> None:
        self.setup = setup
        self.scenario = scenario
        self.rules = rules            # the rules the game was played with (default the game's own data)
        self.choices: tuple[str, ...] = tuple(choices)
        self.block = max(1, block)
        self.keep = max(1, keep)
        self._views: OrderedDict[tuple[int, str | None], PlayerView] = OrderedDict()
        self.steps, self.turns, self.event_counts, self.stamps, self._cursor = self._walk()
        self.roles: tuple[str, ...] = tuple(self._cursor.state.roles)
        self.finished = self._cursor.outcome is not None

    @classmethod
    def from_game(cls, game: Game, **kw: Any) -> Review:
        """Review a game (a running or finished one); the game itself is never touched."""
        return cls(game.setup, list(game.choices), game.scenario, rules=game.rules, **kw)

    @classmethod
    def from_save(cls, path: Path, rules: RulesData | None = None, **kw: Any) -> Review:
        """Review a save file: a broken, foreign or hostile file raises SaveError with the
        reason (the same checks as loading it to play: persistence.load_save), never another
        exception."""
        game, _ = load_save(Path(path), rules)
        try:
            return cls.from_game(game, **kw)
        except Exception as exc:      # load_save replayed it already; this is the last guard
            raise SaveError(f"{path}: the saved game cannot be reviewed ({type(exc).__name__}: {exc}).") from None

    # ------------------------------------------------------------------ the walk
    def _walk(self) -> tuple[tuple[Step, ...], tuple[int, ...], tuple[int, ...], tuple[Stamp, ...], Game]:
        """Replay the whole game once: every choice's Step, the turn counter and the number of
        events after every step (0..n), and every event's Stamp.  Returns the game at the end
        (the cursor)."""
        g = replay(self.setup, [], scenario=self.scenario, rules=self.rules)
        events = _StampedEvents(g, g.events)
        g.events = events
        steps: list[Step] = []
        turns = [g.state.turn]
        counts = [len(events)]
        for k, choice in enumerate(self.choices, start=1):
            d = g.pending
            opt = d.option(choice) if d is not None else None
            st = g.state
            steps.append(Step(k, choice, d.role if d is not None else "", opt.label if opt is not None else choice,
                              st.round, st.active, st.turn))
            g.apply(choice)      # (an illegal one raises, as replay would; Review.from_save checked the file)
            turns.append(g.state.turn)
            counts.append(len(events))
        return tuple(steps), tuple(turns), tuple(counts), tuple(events.stamps), g

    # ------------------------------------------------------------------ positions
    @property
    def n(self) -> int:
        """The number of choices: steps run from 0 (the start) to ``n`` (the end)."""
        return len(self.choices)

    def viewers(self) -> tuple[str | None, ...]:
        """Whose eyes the review may show: the public view (None), then — once the game is
        over, when every secret may be told — each role in the game.  A game still in play
        is reviewed in public only, so a save on the Load screen cannot show one player's
        hand to the others behind the curtains' back (GEN-01..04)."""
        return (None, *self.roles) if self.finished else (None,)

    def _check(self, k: int) -> int:
        if not 0 <= k <= self.n:
            raise IndexError(f"step {k} is outside 0..{self.n}")
        return k

    def game_at(self, k: int) -> Game:
        """The game after choice ``k`` (0: before the first).  It is the review's own game:
        look, never apply a choice to it (the next call may move it)."""
        self._check(k)
        g = self._cursor
        if len(g.choices) > k:
            g = self._cursor = replay(self.setup, list(self.choices[:k]), scenario=self.scenario, rules=self.rules)
        while len(g.choices) < k:
            g.apply(self.choices[len(g.choices)])
        return g

    def view(self, k: int, viewer: str | None = None) -> PlayerView:
        """What ``viewer`` (None: everyone) saw after choice ``k``: the map, the boards, the log."""
        self._check(k)
        key = (k, viewer)
        v = self._views.get(key)
        if v is not None:
            self._views.move_to_end(key)
            return v
        # keep the views of k's block from its start (or from the cursor when it is in the block):
        # stepping back through the block then costs nothing; getting there replays at most once
        here = len(self._cursor.choices)
        start = k - k % self.block
        g = self.game_at(max(start, here) if here <= k else start)
        while True:
            self._remember((len(g.choices), viewer), view(g, viewer))
            if len(g.choices) == k:
                return self._views[key]
            g.apply(self.choices[len(g.choices)])

    def _remember(self, key: tuple[int, str | None], v: PlayerView) -> None:
        self._views[key] = v
        self._views.move_to_end(key)
        while len(self._views) > self.keep:
            self._views.popitem(last=False)

    def log(self, k: int, viewer: str | None = None) -> tuple[str, ...]:
        """The log lines after choice ``k`` as ``viewer`` may read them (public lines, plus the
        viewer's own private notes)."""
        return self.view(k, viewer).log

    def new_lines(self, k: int, viewer: str | None = None) -> tuple[str, ...]:
        """The log lines that choice ``k`` added, as ``viewer`` may read them (the engine logs one
        line per event, so they are the lines after the events of the steps before)."""
        return self.log(k, viewer)[self.event_counts[k - 1]:] if k > 0 else ()

    # ------------------------------------------------------------------ turns
    def turn_start(self, k: int) -> int:
        """The first step of the turn that step ``k`` is in."""
        self._check(k)
        while k > 0 and self.turns[k - 1] == self.turns[k]:
            k -= 1
        return k

    def next_turn(self, k: int) -> int:
        """The first step of the next turn (the end when there is none)."""
        self._check(k)
        j = k
        while j < self.n and self.turns[j] == self.turns[k]:
            j += 1
        return j

    def previous_turn(self, k: int) -> int:
        """The start of this turn, or of the turn before when ``k`` is at a turn's start."""
        start = self.turn_start(k)
        return start if start < k else self.turn_start(max(0, k - 1))

    # ------------------------------------------------------------------ words
    def caption(self, k: int, viewer: str | None = None) -> str:
        """"Choice 143 of 869 — Round 7, the Dragon's turn: 'Move to 3,1'" (the label only for the
        role that made the choice: for anyone else it says who decided)."""
        self._check(k)
        if k == 0:
            return f"Start of the game — {self.n} choices to step through"
        s = self.steps[k - 1]
        what = f"'{s.label}'" if viewer == s.role else f"the {role_name(s.role)} decided"
        return f"Choice {k} of {self.n} — Round {s.round}, {possessive(s.active)} turn: {what}"

    def export_text(self, viewer: str | None = None) -> str:
        """The whole game's log as plain text with a header per round and turn, as ``viewer``
        may read it (None, the default: the public log; a role: plus that role's own notes)."""
        final = self.view(self.n, viewer)
        lines = final.log
        events = self._cursor_events()
        assert len(lines) == len(events) == len(self.stamps)
        who = "everyone (the public log)" if viewer is None else f"the {role_name(viewer)}"
        names = " vs ".join(role_name(r) for r in self.roles)
        game = names if final.variant == names else f"{names} · {final.variant}"
        out = ["Vast: The Crystal Caverns — game log", f"{game} · seed {self.setup.seed} · {self.n} choices",
               f"As seen by {who}"]
        if final.outcome is not None:
            winners, reason = final.outcome
            out.append(f"Result: {', '.join(role_name(r) for r in winners) or 'nobody'} — {reason}")
        last: Stamp | None = None
        for line, stamp in zip(lines, self.stamps, strict=True):
            if stamp != last:
                out += ["", f"== Round {stamp.round} — {possessive(stamp.active)} turn =="]
                last = stamp
            out.append(line)
        return "\n".join(out).rstrip() + "\n"

    def _cursor_events(self) -> list[GameEvent]:
        return self.game_at(self.n).events
