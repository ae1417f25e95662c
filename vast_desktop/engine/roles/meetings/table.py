"""The one table of cross-role rules ("meetings") and the per-game selection from it.

Each entry names the roles that must be in play and the hooks it adds to the Knight's
turn (see :mod:`.meeting_types`).  :func:`build` keeps the entries whose roles are all in
play, in seat order (the game's turn order, SET-03/04), and freezes their hooks into a
:class:`Meetings` that setup stores on the game (``g.meetings``) — new games, scenarios
and replays alike.  Nothing here is changed after import: what a game does never
depends on what the process set up before.
"""
from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from . import javelin_throw as jt
from . import knight_dragon as kvd
from . import knight_ghoul as kg
from . import knight_goblins as gk
from . import knight_thief as kvt
from .types import Action, ForcedAttack, Meeting, Meetings

TABLE: tuple[Meeting, ...] = (
    Meeting("knight_vs_goblins", frozenset({"knight", "goblins"}), seat="goblins",
            entry_rule=gk.entry_rule,                                   # KN-56, KN-58
            options=gk.bow_options,                                     # KN-79..81
            on_enter=gk.on_enter,                                       # KN-122: Poisoned cubes come back
            forced=ForcedAttack("tribes", gk.tribes_due, gk.attack_tribes),   # KN-56/57
            verbs=(("bowshot", gk.act_bowshot),)),
    Meeting("knight_vs_dragon", frozenset({"knight", "dragon"}), seat="dragon",
            entry_rule=kvd.entry_rule,                                  # KN-46
            options=kvd.options,                                        # KN-47..55, KN-64, KN-85..93
            on_enter=kvd.on_enter,                                      # DR-35/38: the Flame Wall
            forced=ForcedAttack("dragon", kvd.attack_due, kvd.attack_on_entering),   # KN-46
            verbs=(("dragon", kvd.act_dragon),)),
    Meeting("knight_vs_thief", frozenset({"knight", "thief"}), seat="thief",
            options=kvt.options,                                        # KN-59/60, KN-85..87 (no entry rule)
            verbs=(("thief", kvt.act_thief),)),
    Meeting("knight_vs_ghoul", frozenset({"knight", "ghoul"}), seat="ghoul",
            entry_rule=kg.entry_rule,                                   # GH-32
            options=kg.bow_options,                                     # GH-32: the Bow
            forced=ForcedAttack("ghoul", kg.attack_due, kg.attack_on_entering),   # GH-31/32
            verbs=(("bowghoul", kg.act_bow),)),
    Meeting("knight_vs_vile_ghoul", frozenset({"knight", "vile_ghoul"}), seat="vile_ghoul",   # VG-08: as the Ghoul
            entry_rule=kg.entry_rule,
            options=kg.bow_options,
            forced=ForcedAttack("vile_ghoul", kg.attack_due, kg.attack_on_entering),
            verbs=(("bowghoul", kg.act_bow),)),
    # VAR-20: the revised Javelin thrown at range, one meeting per target role
    Meeting("javelin_at_tribes", frozenset({"knight", "goblins"}), seat="goblins",
            options=jt.tribe_options, verbs=(("throwtribe", jt.act_tribe),)),
    Meeting("javelin_at_dragon", frozenset({"knight", "dragon"}), seat="dragon",
            options=jt.dragon_options, verbs=(("throwdragon", jt.act_dragon),)),
    Meeting("javelin_at_thief", frozenset({"knight", "thief"}), seat="thief",
            options=jt.thief_options, verbs=(("throwthief", jt.act_thief),)),
)


def build(turn_order: Iterable[str]) -> Meetings:
    """The meetings of a game whose roles, in seat order, are ``turn_order``."""
    seats = tuple(turn_order)
    chosen = sorted((m for m in TABLE if m.roles <= set(seats)), key=lambda m: seats.index(m.seat))
    verbs: dict[str, Action] = {}
    for m in chosen:
        for verb, act in m.verbs:
            assert verb not in verbs, f"two meetings claim the verb {verb!r}"
            verbs[verb] = act
    return Meetings(
        names=tuple(m.name for m in chosen),
        entry_rules=tuple(m.entry_rule for m in chosen if m.entry_rule is not None),
        option_providers=tuple(m.options for m in chosen if m.options is not None),
        on_enter=tuple(m.on_enter for m in chosen if m.on_enter is not None),
        forced=tuple(m.forced for m in chosen if m.forced is not None),
        verbs=MappingProxyType(verbs),
    )
