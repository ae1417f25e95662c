"""Decisions, options and click targets: the engine's whole interface to players.

At every moment exactly one :class:`Decision` is pending.  It names who decides,
what kind of decision it is, a prompt, and the complete tuple of legal
:class:`Option` objects.  Option ids are strings ``"verb:args"``; ``apply``
accepts only listed ids (ARCHITECTURE §3).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache


class IllegalChoice(ValueError):
    """Raised by ``Game.apply`` for an id that is not an option; the game is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Target:
    """Something the GUI can click or drag to choose an option.

    ``kind`` is one of ``space`` (a map square; ``ref`` = "x,y"), ``edge``
    (``ref`` = "x1,y1|x2,y2"), ``piece`` (``ref`` = piece id), ``card`` (``ref`` =
    card id), ``slot`` (a player-board slot such as ``knight.strength``),
    ``hand_tile`` (a Cave tile in the hand) or ``button``.  ``drag_from`` names the
    thing dragged for drag-and-drop options (e.g. the Hero cube supply).
    """

    kind: str
    ref: str
    drag_from: str | None = None


@dataclass(frozen=True)
class Option:
    id: str
    label: str
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True)
class Decision:
    role: str
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rules_ref: str = ""
    # public facts about what is decided, for explanations (e.g. ("piece", "dragon") for a
    # forced move, ("origin", "1,0") for a Terrain placement) so no one parses the prompt
    about: tuple[tuple[str, str], ...] = ()
    _index: dict[str, Option] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind!r} for {self.role} has no options")
        index = {o.id: o for o in self.options}
        if len(index) != len(self.options):
            dupes = sorted({o.id for o in self.options if sum(p.id == o.id for p in self.options) > 1})
            raise ValueError(f"decision {self.kind!r} has duplicate option ids: {dupes}")
        object.__setattr__(self, "_index", index)

    def fact(self, name: str) -> str | None:
        """One of the public facts in ``about`` (None if the decision does not give it)."""
        return next((v for k, v in self.about if k == name), None)

    def option(self, option_id: str) -> Option | None:
        return self._index.get(option_id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._index)       # the option ids, in order (the index keeps their order)


@lru_cache(maxsize=8192)
def space(p: tuple[int, int]) -> Target:
    """The click target of a map space (cached: targets are immutable and built often)."""
    return Target("space", f"{p[0]},{p[1]}")


def button(name: str) -> Target:
    return Target("button", name)
