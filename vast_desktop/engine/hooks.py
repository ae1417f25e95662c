"""The per-game hooks: how a low layer reaches a higher one's rule without importing it.

The map (board, terrain, forced movement, the Collapse), the decks and each role call
another role's reaction — a Tribe revealed by a lurker, the Thief killed by Magma, the
Knight losing Grit, the Dragon discarding — through ``g.hooks``, built once per game at
setup by :func:`vast_desktop.engine.wiring.build_hooks` and never changed (ARCHITECTURE §3:
nothing mutable at module level; issue 25 item 3: the engine's imports form no cycle, see
``tests/test_import_graph.py``).  Each group names the functions of one layer or role that
others call; the field's name is the function's name, so a call site reads
``g.hooks.goblins.tribe_pos(g, t)`` or binds ``gb = g.hooks.goblins`` and calls ``gb.tribe_pos``.

This module holds only types, so every layer may import it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .decisions import Decision, Option
    from .game import Game, Proc
    from .geometry import Pos
    from .reasons import Reason
    from .roles.goblins.state import GoblinState


@dataclass(frozen=True)
class KnightHooks:
    """The Knight's reactions (roles/knight/board.py, roles/knight/turn.py)."""

    lose_grit: Callable[[Game, int, str], Proc]
    lose_health: Callable[[Game, int, str, str], None]
    use_flare: Callable[[Game, str, Pos], Proc]
    flare_centres: Callable[[Game], list[Pos]]


@dataclass(frozen=True)
class GoblinsHooks:
    """The Goblins' state queries and reactions (roles/goblins/turn.py, ambush.py)."""

    NAMES: Mapping[str, str]
    gs: Callable[[Game], GoblinState]
    piece: Callable[[str], str]
    tname: Callable[[str], str]
    tribe_pos: Callable[[Game, str], Pos | None]
    tribes_at: Callable[[Game, Pos], list[str]]
    revealed_tribes: Callable[[Game], list[str]]
    hidden_tribes: Callable[[Game], list[str]]
    tribe_population: Callable[[Game, str], int]
    tribe_strength: Callable[[Game, str], int]
    tribe_perception: Callable[[Game, str], int]
    has_monster: Callable[[Game, str, str], bool]
    is_ambush_tile: Callable[[Game, Pos], bool]
    may_fight_dragon: Callable[[Game], bool]
    trap_bonus: Callable[[Game], int]
    spring_trap: Callable[[Game], None]
    gain_rage: Callable[..., None]                       # (g, n, why="")
    discard_secret: Callable[[Game, str], None]
    draw_secrets: Callable[[Game, int], Proc]
    lurker_revealed: Callable[[Game, Pos], None]
    reduce_population: Callable[[Game, str, int, str], Proc]
    hide_tribe: Callable[[Game, str, str], Proc]
    scatter: Callable[[Game, str, str], Proc]
    trap_against_dragon: Callable[[Game, str | list[str], str], Proc]
    flame_wall_entered: Callable[[Game, str, Pos], Proc]
    attack_knight: Callable[..., Proc]                   # (g, t, how, ambush=False)
    attack_dragon: Callable[[Game, str, str], Proc]
    spores: Callable[[Game], Proc]
    goblin_ambush: Callable[[Game, str], Proc]
    eye_of_rage: Callable[[Game, str, str], None]        # (g, who, what): another player gained Treasure
    check_may_activate: Callable[[Game, str], Reason | None]   # promo Secrets (cards/promo_secrets.py)
    strength_discs_used: Callable[[Game], int]


@dataclass(frozen=True)
class DragonHooks:
    """The Dragon's reactions (roles/dragon/turn.py)."""

    damage_dragon: Callable[[Game, int, str, str], None]
    discard_cards: Callable[[Game, int, str], Proc]
    draw_cards: Callable[[Game, int, str], None]
    spores: Callable[[Game], Proc]
    spores_boxes: Callable[[Game], list[str]]
    powers: Mapping[str, Callable[[Game], Proc]]       # powers.py, for his turn in turn.py
    power_options: Callable[[Game], list[Option]]
    use_power: Callable[[Game, str], Proc]
    play_scale: Callable[[Game, str], Proc]
    can_pay: Callable[..., bool]                         # (g, cost, have=None)


@dataclass(frozen=True)
class ThiefHooks:
    """The Thief's reactions (roles/thief/turn.py)."""

    entered: Callable[[Game, Pos], Proc]
    can_target: Callable[[Game, int], bool]
    check_stealth: Callable[..., Reason | None]          # (g, perception, whose, rule="TH-30")
    attack_thief: Callable[..., Proc]                    # (g, attacker, how, bonus=True)
    kill_thief: Callable[[Game, str | None, str], Proc]
    loot_drop_bonus: Callable[[Game, str], Proc]


@dataclass(frozen=True)
class GhoulHooks:
    """The Ghoul's reactions (roles/ghoul/): it skitters after an attack on it (GH-31, GH-39)."""

    skitter: Callable[[Game, str | None], Proc]          # (g, the other player in the attack)
    discard_terror: Callable[[Game, str], Proc]          # GH-34: the Dragon's Scratch


@dataclass(frozen=True)
class MeetingsHooks:
    """Cross-role rules the roles and the map trigger (roles/meetings/)."""

    cure_poison: Callable[[Game, Pos], None]                  # KN-122
    resolve_attack: Callable[[Game, int, str, str], Proc]     # KN-50/51


@dataclass(frozen=True)
class FlowHooks:
    """Win checks and the turn procedures (flow.py, roles/<role>/turn.py)."""

    check_collapse_win: Callable[[Game], None]
    check_knight_escape: Callable[[Game], None]
    knight_killed: Callable[[Game, str], None]
    turns: Mapping[str, Callable[[Game], Proc]]


@dataclass(frozen=True)
class CardsHooks:
    """Decks reached from the role boards (cards/)."""

    lose_treasure: Callable[..., None]                   # (g, card, why, to_deck=False)


@dataclass(frozen=True)
class ExplainHooks:
    """Why a choice or a clicked target is refused (explain/why_not.py), for Game.apply/why_not."""

    why_not_option: Callable[[Game, Decision, str], str]
    why_not: Callable[[Game, str | None, Any], str | None]


@dataclass(frozen=True)
class Hooks:
    """All hooks of one game (``g.hooks``)."""

    knight: KnightHooks
    goblins: GoblinsHooks
    dragon: DragonHooks
    thief: ThiefHooks
    meetings: MeetingsHooks
    flow: FlowHooks
    cards: CardsHooks
    explain: ExplainHooks
    ghoul: GhoulHooks
