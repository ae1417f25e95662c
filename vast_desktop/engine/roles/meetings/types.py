"""The shapes of the cross-role rules ("meetings") that plug into the Knight's turn.

A :class:`Meeting` says which roles must be in play and supplies the hooks of one pair
of roles meeting (the Knight and the Goblins, the Dragon, the Thief).  The table itself
is in :mod:`.meetings`; at setup it is filtered by the roles in play, ordered by seat and
kept on the game as a frozen :class:`Meetings`, which the Knight's turn reads — never a
module-level list, so a game depends only on its setup, seed and choices, whatever the
process set up before (issue 25).

This module holds only types, so the game driver can name an empty table without
importing any role.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...geometry import Pos

if TYPE_CHECKING:
    from ...decisions import Option, Target
    from ...game import Game, Proc
    from ...reasons import Reason

EntryRule = Callable[["Game", Pos], "Reason | None"]     # why she may not enter a tile (KN-46, KN-56), or None
OptionProvider = Callable[["Game"], "list[Option]"]     # extra options on her turn (attacks, Bow, Javelin…)
EnterHook = Callable[["Game", Pos], "Proc"]             # what entering a tile does by itself (Flame Wall, Poison)
Action = Callable[["Game", str], "Proc"]                # an option's verb, given the rest of its id
Due = Callable[["Game", Pos], "tuple[str, tuple[Target, ...]] | None"]


@dataclass(frozen=True)
class ForcedAttack:
    """An attack that entering a tile forces on the Knight (KN-46: the surfaced Dragon;
    KN-56/57: the revealed Tribes there).  ``due`` says whether it is owed now, with a
    label ("Attack the Dragon …") and the pieces attacked; ``resolve`` carries it out.
    Several owed at once are resolved in the order the Knight chooses (KN-24: "Resolve
    Attacks (any order)")."""

    key: str
    due: Due
    resolve: EnterHook


@dataclass(frozen=True)
class Meeting:
    """One cross-role rule set: in play when every role of ``roles`` is; ``seat`` is the
    role whose seat (turn order) places it among the others."""

    name: str
    roles: frozenset[str]
    seat: str
    entry_rule: EntryRule | None = None
    options: OptionProvider | None = None
    on_enter: EnterHook | None = None
    forced: ForcedAttack | None = None
    verbs: tuple[tuple[str, Action], ...] = ()


@dataclass(frozen=True)
class Meetings:
    """The meetings of one game, in seat order (built once at setup, never changed)."""

    names: tuple[str, ...] = ()
    entry_rules: tuple[EntryRule, ...] = ()
    option_providers: tuple[OptionProvider, ...] = ()
    on_enter: tuple[EnterHook, ...] = ()
    forced: tuple[ForcedAttack, ...] = ()
    verbs: Mapping[str, Action] = field(default_factory=lambda: MappingProxyType({}))


NO_MEETINGS = Meetings()
