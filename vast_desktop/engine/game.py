"""The game driver: one seeded RNG, the pending decision, the choice log, events,
barriers for undo (automatic: engine/knowledge.py), and deterministic replay.

Rule procedures are Python generators that ``yield`` a :class:`Decision` and
receive the chosen :class:`Option` (ARCHITECTURE §3).  A win or loss is raised
as :class:`GameOver` from anywhere inside a procedure.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .decisions import MAX_OPTION_ID, Decision, IllegalChoice, Option, quote_choice
from .dice import Die, DieScript, ScriptedDice, Then
from .kinds import DecisionKind
from .knowledge import NamedCards, Snapshot, Watch, hidden_places, learned, locate, zone_seers
from .roles.meetings.types import NO_MEETINGS, Meetings
from .state import GameState

if TYPE_CHECKING:
    from ..rules_data import RulesData
    from .hooks import Hooks
    from .setup import GameConfig, Setup

Proc = Generator[Decision, Option, Any]


@dataclass(frozen=True)
class TerrainInfo:
    """What :meth:`Game.tile` says about a Terrain tile's id: a tile of type "terrain"."""

    id: str
    type: str
    walls: tuple[bool, bool, bool, bool]
    tribe: str | None


@dataclass(frozen=True)
class Outcome:
    """Who won (possibly nobody) and why."""

    winners: tuple[str, ...]
    reason: str


class GameOver(Exception):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


class EngineError(RuntimeError):
    """An unexpected failure inside the rules.  ``game`` is the position before the
    failing choice, rebuilt by replay; the game that raised must be dropped."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


class ReplayError(ValueError):
    """A choice log that no longer replays: names the step and the reason."""

    def __init__(self, step: int, choice: str, reason: str) -> None:
        super().__init__(f"step {step} ({choice!r}): {reason}")
        self.step = step
        self.choice = choice
        self.reason = reason


@dataclass(slots=True)
class GameEvent:
    """Something that happened, for the log and for animation.

    ``public`` is what everyone may read; ``private`` maps a role to extra text
    only that role may read (e.g. which tile the Cave placed).
    """

    step: int
    kind: str
    public: str
    private: dict[str, str] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)


class CountingRandom(random.Random):
    """The game's only RNG.  Every draw marks the current step as a barrier."""

    def __init__(self, seed: int, game: Game) -> None:
        self._game = game
        super().__init__(seed)

    def random(self) -> float:
        self._game.barrier()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._game.barrier()
        return super().getrandbits(k)


class Game:
    """A running game.  Create with :func:`vast_desktop.engine.new_game` or
    :func:`vast_desktop.engine.load_scenario`; drive it with :meth:`apply`."""

    def __init__(self, setup: Setup, rules: RulesData, config: GameConfig, state: GameState,
                 scenario: dict[str, Any] | None = None) -> None:
        self.setup = setup
        self.rules = rules
        self.config = config
        self.state = state
        self.scenario = scenario
        self.rng = CountingRandom(setup.seed, self)
        self.dice = ScriptedDice()   # faces chosen in advance (tests), consulted before the RNG
        self.events: list[GameEvent] = []
        self.choices: list[str] = []
        self.outcome: Outcome | None = None
        self.pending: Decision | None = None
        self._gen: Proc | None = None
        self._step_is_barrier = False
        self.barrier_at = 0          # choices before this index can never be undone
        self.decider_log: list[str] = []   # role that decided each step
        self._tiles: dict[str, Any] = {t.id: t for t in rules.tiles}
        for t in rules.terrain:   # Terrain spaces answer tile questions too: no walls, no Tribe (TR-13)
            self._tiles[t.id] = TerrainInfo(t.id, "terrain", (False, False, False, False), None)
        self._cards: dict[str, Any] = {}
        self.walls_cache: dict[tuple[str, int], tuple[bool, bool, bool, bool]] = {}
        self.rotations_cache: dict[str, tuple[int, ...]] = {}    # board.distinct_rotations
        self.footprint_cache: dict[tuple[str, int], tuple[Any, ...]] = {}   # Terrain tile shapes (terrain.footprint)
        self.log_cache: dict[str | None, list[str]] = {}
        self.meetings: Meetings = NO_MEETINGS   # the cross-role rules in play, set by setup (roles/meetings.py)
        self.hooks: Hooks                       # how low layers reach higher ones, set by setup (hooks.py)
        self.fresh: Callable[[], Game]          # a new copy of this game before any choice, set by its maker
        self.named_cards = NamedCards(rules.physical_card_ids)   # knowledge.snapshot's option lookup
        self._knowledge_zones: tuple[frozenset[str | None], ...] | None = None
        self._knowledge_everyone: frozenset[str | None] | None = None
        self._known: Snapshot = ((), None)   # the hidden zones after the last step (knowledge.snapshot)
        self._watch = Watch()                # builds that snapshot after each step from what changed
        self.public_ids: set[str] = set()   # cards in no hidden zone (knowledge.learned keeps it)
        self.zone_of: dict[str, int] = {}   # hidden component -> its zone (knowledge.learned keeps it)

    @property
    def knowledge_zones(self) -> tuple[frozenset[str | None], ...]:
        """Who sees each hidden zone (knowledge.zone_seers; fixed once the roles are set)."""
        if self._knowledge_zones is None:
            self._knowledge_zones = zone_seers(self)
        return self._knowledge_zones

    @property
    def knowledge_everyone(self) -> frozenset[str | None]:
        """Every viewer: the roles and the public (None), for knowledge.learned (fixed once the roles are set)."""
        if self._knowledge_everyone is None:
            self._knowledge_everyone = frozenset({*self.state.roles, None})
        return self._knowledge_everyone

    def tile(self, tile_id: str) -> Any:
        """The rules data of a Cave tile (cached: this is on every hot path)."""
        return self._tiles[tile_id]

    def card(self, card_id: str) -> Any:
        c = self._cards.get(card_id)
        if c is None:
            c = self._cards[card_id] = self.rules.card(card_id)
        return c

    # ------------------------------------------------------------------ driving
    def start(self, flow: Proc) -> None:
        self._gen = flow
        self._step_is_barrier = False
        self._advance(None)
        self._known = self._watch.start(self)
        self.public_ids = set(self.rules.physical_card_ids) - hidden_places(self._known)
        self.zone_of = locate(self._known)
        if self._step_is_barrier:
            self.barrier_at = 0

    def _advance(self, value: Option | None) -> None:
        assert self._gen is not None
        try:
            decision = self._gen.send(value) if value is not None else next(self._gen)
        except GameOver as over:
            self.outcome = over.outcome
            self.pending = None
            self.log("game_over", over.outcome.reason, winners=list(over.outcome.winners))
            return
        except StopIteration:
            raise RuntimeError("the game flow ended without an outcome") from None
        self.pending = decision

    def apply(self, option_id: str) -> None:
        """Choose an option by id.  Anything not listed raises IllegalChoice and changes nothing."""
        if option_id.__class__ is not str:       # a number, None, a list... (issue 26: the API refuses what it does not understand)
            raise IllegalChoice(f"A choice is an option id (text), not {quote_choice(option_id)}.")
        if self.outcome is not None or self.pending is None:
            raise IllegalChoice("The game is over.")
        opt = self.pending.option(option_id)
        if opt is None:
            if len(option_id) > MAX_OPTION_ID:
                raise IllegalChoice(f"{quote_choice(option_id)} is not a legal choice: no option id is that long.")
            raise IllegalChoice(self.why_not_id(option_id))
        self.decider_log.append(self.pending.role)
        self.choices.append(option_id)
        self._step_is_barrier = False
        before = self._known
        try:
            self._advance(opt)
            self._known = self._watch.step(self)
            if learned(self, before, self._known, self._watch.changed):   # always called: it keeps public_ids up to date
                self._step_is_barrier = True         # someone can now identify a hidden component
        except Exception as exc:
            # A bug in a rule procedure must not cost the game: this object is now unusable,
            # so the error carries the position before this choice, rebuilt by replay
            # (only the choice being made is lost).
            step = len(self.choices)
            self.outcome = Outcome((), "internal error")
            self.pending = None
            raise EngineError(f"internal error while applying {option_id!r} at step {step}: "
                              f"{type(exc).__name__}: {exc}", self.rebuilt(self.choices[:-1])) from exc
        if self._step_is_barrier:
            self.barrier_at = len(self.choices)

    def why_not_id(self, option_id: str) -> str:
        d = self.pending
        assert d is not None
        return self.hooks.explain.why_not_option(self, d, option_id)

    def why_not(self, target: Any, role: str | None = None) -> str | None:
        """For teaching: why a clicked target is not an option of ``role`` (default: whoever
        decides), in one plain sentence (None if it is one)."""
        return self.hooks.explain.why_not(self, role, target)

    # ------------------------------------------------------------- procedures
    def ask(self, role: str, kind: DecisionKind, prompt: str, options: Iterable[Option], rules_ref: str = "",
            about: dict[str, str] | None = None) -> Decision:
        """The decision to yield; ``about`` gives public facts about it for explanations.
        ``kind`` must be a :class:`DecisionKind` member: a plain string (a misspelt or renamed
        kind) raises TypeError instead of making a decision nobody recognises."""
        if kind.__class__ is not DecisionKind:
            raise TypeError(f"Game.ask needs a DecisionKind, not {kind!r}")
        return Decision(role, kind, prompt, tuple(options), rules_ref or kind.value, tuple((about or {}).items()))

    def script_dice(self, die: Die, *faces: int, then: Then = "rng") -> DieScript:
        """Make the next rolls of ``die`` ("dragon" or "action") show ``faces`` (1-based: the
        Dragon die's faces in the order of ``rules.dragon_die``, 1 all eight around .. 6 the
        centre only), then fall back to the RNG, repeat the last face, or fail (``then``).

        For tests that build an exact position: a scripted roll is still a barrier like a real
        one.  The script belongs to this game object only — :meth:`rebuilt` (undo, replay)
        starts without it.  Returns the live script (``left``: faces still to come; ``rolled``:
        the reason of each roll of this die since)."""
        sides = (len(self.rules.dragon_die) if die == "dragon" else len(self.rules.ghoul.die_faces) if die == "ghoul"
                 else len(self.rules.thief.action_die))
        return self.dice.script(die, faces, sides, then)

    def barrier(self) -> None:
        """Mark the step being applied as revealing hidden information (no undo across it).
        A step that lets someone identify a hidden tile or card is a barrier without this
        (knowledge.learned, after every step); rules call it for what is no component's
        identity — a roll (the RNG does), the type of a Dark tile the Thief peeks at."""
        self._step_is_barrier = True

    def log(self, kind: str, public: str, private: dict[str, str] | None = None, **data: Any) -> None:
        self.events.append(GameEvent(len(self.choices), kind, public, dict(private) if private else {}, data))

    def has(self, role: str) -> bool:
        return role in self.state.roles

    # ------------------------------------------------------------------ undo
    def can_undo(self, humans: frozenset[str] | set[str] | None = None) -> bool:
        """Undo goes back only to the last barrier: a reveal, draw, roll or peek (barrier_at),
        or — when ``humans`` names the roles played by people — a hand-off to another person
        (the last choice was made by someone other than whoever decides now)."""
        if self.outcome is not None or len(self.choices) <= self.barrier_at:
            return False
        if humans is not None and self.pending is not None:
            last = self.decider_log[-1]
            if last != self.pending.role and last in humans and self.pending.role in humans:
                return False
        return True

    def rebuilt(self, choices: list[str]) -> Game:
        """A fresh game with the same setup (or scenario) and ``choices`` replayed."""
        return replay_choices(self.fresh(), choices)

    def undo(self) -> Game:
        """The game one choice earlier.  Refused across a barrier (reveal, draw, roll)."""
        if not self.can_undo():
            raise IllegalChoice("Undo is not possible past a reveal, a draw or a roll.")
        return self.rebuilt(self.choices[:-1])


def replay_choices(g: Game, choices: Iterable[str]) -> Game:
    """Apply ``choices`` to ``g`` in order, checking every step; returns ``g``.

    Raises ReplayError naming the step and the reason if a choice is no longer legal."""
    for i, choice in enumerate(choices, start=1):
        try:
            g.apply(choice)
        except IllegalChoice as exc:
            raise ReplayError(i, choice, exc.reason) from None
    return g
