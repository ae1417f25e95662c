"""Decisions, options and click targets: the engine's whole interface to players.

At every moment exactly one :class:`Decision` is pending.  It names who decides,
what kind of decision it is, a prompt, and the complete tuple of legal
:class:`Option` objects.  Option ids are strings ``"verb:args"``; ``apply``
accepts only listed ids (ARCHITECTURE §3).

Speed (issue 25, item 9): every step builds all its options, so these three classes
are the engine's most built objects.  They are slotted and their fields are ``Final``
(mypy refuses any assignment) instead of frozen dataclasses, whose ``__init__`` pays
an ``object.__setattr__`` call per field; equality and hashing stay by value.  An
option's label may be given as a function, called on first access (most options are
never shown to anyone: a bot picks by id).
"""
from __future__ import annotations

from collections.abc import Callable, KeysView
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from .kinds import DecisionKind


class IllegalChoice(ValueError):
    """Raised by ``Game.apply`` for an id that is not an option; the game is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# No option id of any rule is longer (the longest, a Terrain placement or a payment, stay
# under 80 characters; ``tests/test_api_garbage.py`` measures them in random games): a longer
# one is refused without being looked at further.
MAX_OPTION_ID = 200
_QUOTED = 40


def quote_choice(choice: object) -> str:
    """A choice as a refusal quotes it: an id (or, for what is no id, its type) cut to a few
    dozen characters, so a megabyte of garbage gives a message of one line (issue 26)."""
    if choice.__class__ is not str:
        return f"a value of type {type(choice).__name__}"
    shown = repr(choice[:_QUOTED + 1])            # escapes of control characters count: cut the repr itself
    return shown if len(shown) <= _QUOTED else f"{shown[:_QUOTED]}…' ({len(choice)} characters)"


@dataclass(slots=True, unsafe_hash=True)
class Target:
    """Something the GUI can click or drag to choose an option.

    ``kind`` is one of ``space`` (a map square; ``ref`` = "x,y"), ``edge``
    (``ref`` = "x1,y1|x2,y2"), ``piece`` (``ref`` = piece id), ``card`` (``ref`` =
    card id), ``slot`` (a player-board slot such as ``knight.strength``),
    ``hand_tile`` (a Cave tile in the hand) or ``button``.  ``drag_from`` names the
    thing dragged for drag-and-drop options (e.g. the Hero cube supply).
    Immutable: the fields are ``Final`` (targets are shared, see :func:`space`).
    """

    kind: Final[str]
    ref: Final[str]
    drag_from: Final[str | None] = None


class Option:
    """One legal choice: its ``id`` (what ``apply`` takes), a ``label`` for people and
    the ``targets`` that choose it on the table.

    ``Option(id, label, targets)``; ``label`` may instead be a function of no arguments
    returning the label, called once on first access (a lazy label: building the text of
    options nobody reads is much of a step's cost).  A lazy label must not hold the game: a
    bot is handed the decision, and through the function it could reach hidden state
    (``tests/bots/test_bot_inputs.py`` walks everything a bot can reach).  Equal and hashed by (id, label,
    targets), as the frozen dataclass it replaces; immutable by contract (``Final``)."""

    __slots__ = ("id", "_label", "targets")
    id: Final[str]
    targets: Final[tuple[Target, ...]]

    def __init__(self, id: str, label: str | Callable[[], str], targets: tuple[Target, ...] = ()) -> None:
        self.id = id
        self._label = label
        self.targets = targets

    @property
    def label(self) -> str:
        lab = self._label
        if lab.__class__ is not str:
            lab = self._label = lab()  # type: ignore[operator]
        return lab  # type: ignore[return-value]

    def _key(self) -> tuple[str, str, tuple[Target, ...]]:
        return (self.id, self.label, self.targets)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Option:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r}, targets={self.targets!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Option, self._key())       # a lazy label is produced: functions need not pickle


@dataclass(slots=True, unsafe_hash=True, init=False)
class Decision:
    """Who decides, what kind of decision, the prompt and the legal options (unique ids).

    ``__init__`` is written out (not generated): it builds the option index in the same
    call, one per step (speed, issue 25 item 9); equality, hashing and ``replace`` stay
    those of the dataclass."""

    role: Final[str]
    kind: Final[DecisionKind]           # what is decided
    prompt: Final[str]
    options: Final[tuple[Option, ...]]
    rules_ref: Final[str]
    # public facts about what is decided, for explanations (e.g. ("piece", "dragon") for a
    # forced move, ("origin", "1,0") for a Terrain placement) so no one parses the prompt
    about: Final[tuple[tuple[str, str], ...]]
    _index: dict[str, Option] = field(init=False, compare=False, repr=False, hash=False)

    def __init__(self, role: str, kind: DecisionKind, prompt: str, options: tuple[Option, ...], rules_ref: str = "",
                 about: tuple[tuple[str, str], ...] = ()) -> None:
        if not options:
            raise ValueError(f"decision {kind!r} for {role} has no options")
        index = {o.id: o for o in options}
        if len(index) != len(options):
            dupes = sorted({o.id for o in options if sum(p.id == o.id for p in options) > 1})
            raise ValueError(f"decision {kind!r} has duplicate option ids: {dupes}")
        self.role = role
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.rules_ref = rules_ref
        self.about = about
        self._index = index

    def fact(self, name: str) -> str | None:
        """One of the public facts in ``about`` (None if the decision does not give it)."""
        return next((v for k, v in self.about if k == name), None)

    def option(self, option_id: str) -> Option | None:
        return self._index.get(option_id)

    def option_ids(self) -> KeysView[str]:
        """The option ids, in order, without building a tuple (a view of the index)."""
        return self._index.keys()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._index)       # the option ids, in order (the index keeps their order)


@lru_cache(maxsize=8192)
def space(p: tuple[int, int]) -> Target:
    """The click target of a map space (cached: targets are immutable and built often)."""
    return Target("space", f"{p[0]},{p[1]}")


@lru_cache(maxsize=256)
def button(name: str) -> Target:
    """A button's click target (cached like :func:`space`)."""
    return Target("button", name)


def with_button(option: Option, name: str) -> Option:
    """``option`` with a prompt button as well (issue 27, item 4): an answer of a short question
    that is otherwise chosen only by clicking a card or a board slot (keep a Treasure, spend the
    Shriek token) is also offered beside the other answers' buttons, so no answer hides."""
    return Option(option.id, option._label, (*option.targets, button(name)))


@lru_cache(maxsize=1024)
def slot(ref: str, drag_from: str | None = None) -> Target:
    """The click target of a player-board slot such as ``knight.strength`` (cached like
    :func:`space`: the menus of every turn build the same few)."""
    return Target("slot", ref, drag_from)
