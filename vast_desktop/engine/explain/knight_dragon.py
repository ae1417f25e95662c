"""Reasons a click is not a legal choice, for the Knight and Dragon decisions (see teaching.why_not).

Each function guards on the decision's kind and routes the clicked target (a slot of the
deciding role's board, one of its cards, a space, a piece) to the rule check that also
builds that decision's options (roles/knight, roles/dragon, cards/; issue 25, item 2), whose
:class:`Reason` names the rule.  None means "not mine to explain" (the next reason is
tried).  ``terrain_card`` and ``trap_card`` still answer with a plain sentence.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..geometry import Pos, edge, manhattan, parse_pos
from ..map.board import edge_blocked
from ..reasons import Reason
from .common import _piece_pos, _pos_of

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game
    from ..reasons import Reason


def _slot(t: Target, owner: str) -> str | None:
    """The part of a slot ref after ``owner.`` (None for anything else)."""
    if t.kind != "slot" or not t.ref.startswith(owner + "."):
        return None
    return t.ref.split(".", 1)[1]


def _card(g: Game, ref: str) -> Any | None:
    """The card behind a card target (None for a target that names no card, e.g. ``terrain:lake``)."""
    from ...rules_data import UnknownIdError

    try:
        return g.card(ref)
    except UnknownIdError:
        return None


def _option_refs(d: Decision, kind: str) -> set[str]:
    return {o.ref for opt in d.options for o in opt.targets if o.kind == kind}


# ================================================================ the Knight
def _slot_label(g: Game, slot: str) -> str:
    from ..roles.knight import board as kb

    if slot == "free":
        return "your unplaced cubes"
    if slot.startswith("treasure:"):
        c = _card(g, slot.split(":", 1)[1])
        return c.name if c is not None else "that card"
    return kb.SLOT_LABEL.get(slot, slot.title())


def knight_bomb_edge(g: Game, d: Decision, t: Target) -> Reason | None:
    """A wall of her tile clicked in her turn: the Bomb's check (``check_bomb_wall``,
    KN-72..78).  Asked when a Bomb is on offer, or the edge is closed or holds a Bomb token;
    an open edge otherwise is left to the space's own reasons (a click on it lands on the
    space too)."""
    from ..roles.knight import turn as kn

    if d.kind != "knight_turn" or t.kind != "edge" or g.state.knight is None:
        return None
    try:
        a, b = (parse_pos(x) for x in t.ref.split("|"))
    except ValueError:
        return None
    if manhattan(a, b) != 1 or not bomb_edge_asked(g, d, a, b):
        return None
    return kn.check_bomb_wall(g, a, b)


def bomb_edge_asked(g: Game, d: Decision, a: Pos, b: Pos) -> bool:
    """Is a click on the edge ``a``–``b`` about the Bomb (one on offer, a wall, a Bomb token)?"""
    return bool(_option_refs(d, "edge")) or edge_blocked(g, a, b) or edge(a, b) in g.state.board.bombs


def knight_board_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """A slot of her board clicked in her turn: where a free Hero cube cannot go now
    (``knight.board.check_cube_slot``: KN-08/10/11/12, KN-70, KN-72..75, KN-79, KN-82,
    KN-88, KN-96)."""
    from ..roles.knight import board as kb

    slot = _slot(t, "knight")
    if d.kind != "knight_turn" or slot is None or g.state.knight is None:
        return None
    return kb.check_cube_slot(g, slot)


def knight_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """A card of hers clicked in her turn, routed to its check: a Sidequest
    (``sidequests.check_sidequest``, KN-99/101), a Treasure card (``treasures.check_treasure_card``:
    KN-96, the Potion Kit KN-95/17, the Javelin KN-88); a card she no longer holds has left the
    game (KN-99, KN-66, KN-19)."""
    from ..cards.sidequests import check_sidequest
    from ..cards.treasures import check_treasure_card
    from ..roles.knight import board as kb

    if d.kind != "knight_turn" or t.kind != "card" or g.state.knight is None:
        return None
    k = kb.knight(g)
    card = t.ref
    c = _card(g, card)
    if c is None:
        return None
    if card in k.sidequests:
        return check_sidequest(g, card)
    if card in k.treasures:
        return check_treasure_card(g, card)
    if card in g.state.removed_from_game:
        if getattr(c, "handler", "") == "sidequest":
            return Reason(f"You completed the Sidequest {c.name}: it has left the game.", "KN-99")
        return Reason(f"{c.name} has left the game (declined, used or lost).", "KN-66")
    return Reason(f"{c.name} is not one of your cards now.", "KN-96")


def keep_treasure_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """A card clicked while she keeps or declines the one just found: ``treasures.check_keep`` (KN-66)."""
    from ..cards.treasures import check_keep

    if d.kind != "keep_treasure" or t.kind != "card" or g.state.knight is None:
        return None
    found = kept_card(d)
    if found is None or _card(g, t.ref) is None:
        return None
    return check_keep(g, found, t.ref)


def kept_card(d: Decision) -> str | None:
    """The Treasure card a ``keep_treasure`` decision is about (its ``keep:`` option)."""
    return next((o.id.split(":", 1)[1] for o in d.options if o.id.startswith("keep:")), None)


def ambush_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """A slot of her board clicked before an Ambush: ``ambush.check_ambush_cube`` (KN-38)."""
    from ..cards.ambush import check_ambush_cube

    slot = _slot(t, "knight")
    if d.kind != "ambush_strength" or slot is None:
        return None
    return check_ambush_cube(g, slot)


def choose_cube_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """A slot clicked when she gives up a cube (KN-113 back to the Grit track; Light, Fresh
    Air and Water, Poison): ``board.check_cube_source``."""
    from ..roles.knight import board as kb

    slot = _slot(t, "knight")
    if d.kind != "choose_cube" or slot is None:
        return None
    return kb.check_cube_source(g, slot, cube_source_rule(d))


def cube_source_rule(d: Decision) -> str:
    """The rule taking the cube a ``choose_cube`` decision asks for: KN-113 for the Grit
    track, else the Hero cubes' rules (KN-10)."""
    return "KN-113" if "Grit" in d.prompt else "KN-10"


# ================================================================ the Dragon
# Routing only (issue 25, item 2): each of his questions sends a clicked target to the rule
# check in roles/dragon/ that also builds its options.
def dragon_board_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board in Move and Use Powers: a Sloth box, a Gem, the Shriek token
    (``powers.check_board_place``; the powers are :func:`.why_not.dragon_target`'s)."""
    from ..roles.dragon import powers as dp

    slot = _slot(t, "dragon")
    if d.kind != "dragon_turn" or slot is None or g.state.dragon is None or slot.startswith("power."):
        return None
    return dp.check_board_place(g, slot)


def paying_power(d: Decision) -> str | None:
    """The power a ``pay_power`` decision pays for (its ``power`` fact)."""
    return d.fact("power")


def pay_power_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A card or a place of his board while he pays: ``powers.check_pay_card`` /
    ``check_pay_place`` (DR-17/19/21, VAR-35..37)."""
    from ..roles.dragon import powers as dp

    power = paying_power(d)
    if d.kind != "pay_power" or g.state.dragon is None or power is None:
        return None
    if t.kind == "card" and _card(g, t.ref) is not None:
        return dp.check_pay_card(g, power, t.ref)
    slot = _slot(t, "dragon")
    return None if slot is None else dp.check_pay_place(g, power, slot)


def shriek_reroll_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board or a card at a roll: ``powers.check_reroll_place`` / ``check_reroll_card`` (DIE-08)."""
    from ..roles.dragon import powers as dp

    if d.kind != "shriek_reroll" or g.state.dragon is None:
        return None
    slot = _slot(t, "dragon")
    if slot is not None:
        return dp.check_reroll_place(g, slot)
    return dp.check_reroll_card(g, t.ref) if t.kind == "card" and _card(g, t.ref) is not None else None


def pride_box(d: Decision) -> str | None:
    """The Sloth box a ``dragon_pride`` decision is about (its ``box`` fact)."""
    return d.fact("box")


def pride_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board at the Pride question: ``turn.check_pride_place`` (DR-62)."""
    from ..roles.dragon import turn as dr

    slot = _slot(t, "dragon")
    met = pride_box(d)
    if d.kind != "dragon_pride" or slot is None or g.state.dragon is None or met is None:
        return None
    return dr.check_pride_place(g, met, slot)


def slither_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board for Slither: ``powers.check_slither_place`` (DR-28)."""
    from ..roles.dragon import powers as dp

    slot = _slot(t, "dragon")
    if d.kind != "dragon_slither" or slot is None or g.state.dragon is None:
        return None
    return dp.check_slither_place(g, slot)


def spores_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board when Soporific Spores hits him (his decision): ``turn.check_spores_place``
    (CV-24, DR-69, RV-14)."""
    from ..roles.dragon import turn as dr

    slot = _slot(t, "dragon")
    if d.kind != "dragon_spores" or slot is None or g.state.dragon is None:
        return None
    return dr.check_spores_place(g, slot)


def dragon_tile_choice(g: Game, d: Decision, t: Target) -> Reason | None:
    """Pick Up Treasure and Place Dragon Gem: a space (``turn.check_pickup_space``,
    ``check_gem_space``: his own tile, DR-48, DR-53), a place of his board (``check_gem_place``)."""
    from ..roles.dragon import turn as dr

    if d.kind not in ("dragon_treasure", "dragon_gem") or g.state.board.pieces.get("dragon") is None:
        return None
    q = _pos_of(t)
    if q is not None:
        return dr.check_pickup_space(g, q) if d.kind == "dragon_treasure" else dr.check_gem_space(g, q)
    slot = _slot(t, "dragon")
    return dr.check_gem_place(g, slot) if d.kind == "dragon_gem" and slot is not None else None


def dragon_power_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """Burn's Dark tile (``dragon_burn``), the Flame Wall's tile (``dragon_flame_wall``), Swat's
    spaces (``dragon_swat``), Hiss's Tribe (``dragon_hiss``), Scratch's target
    (``dragon_scratch``): routed to the rule checks that build those options
    (roles/dragon/powers.py ``check_burn``, ``check_flame_wall_target``, ``check_swat_space``,
    ``check_hiss``, ``check_scratch_space``/``check_scratch_piece``)."""
    from ..roles.dragon import powers as dp

    if g.state.dragon is None or g.state.board.pieces.get("dragon") is None:
        return None
    q = _pos_of(t)
    if d.kind == "dragon_hiss" and t.kind == "piece":
        return dp.check_hiss(g, t.ref) if t.ref in g.state.board.pieces else None
    if d.kind == "dragon_scratch" and t.kind == "piece":
        return dp.check_scratch_piece(g, t.ref) if t.ref in g.state.board.pieces else None
    if q is None:
        return None
    if d.kind == "dragon_burn":
        return dp.check_burn(g, q)
    if d.kind == "dragon_flame_wall":
        return dp.check_flame_wall_target(g, q)
    if d.kind == "dragon_swat":
        return dp.check_swat_space(g, q)
    if d.kind == "dragon_scratch":
        return dp.check_scratch_space(g, q)
    return None


def pushed(d: Decision) -> tuple[str, str] | None:
    """The power (Claw, Slap, Wrath) and the piece a ``dragon_push`` decision moves (its facts)."""
    power, piece = d.fact("power"), d.fact("piece")
    return None if power is None or piece is None else (power, piece)


def push_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """A space or a piece while Claw, Slap or Wrath moves a piece: ``powers.check_push`` /
    ``check_push_piece`` (DR-24/32/37 and the map's Forced Movement rules)."""
    from ..roles.dragon import powers as dp

    moving = pushed(d)
    if d.kind != "dragon_push" or moving is None or moving[1] not in g.state.board.pieces:
        return None
    why, piece = moving
    if t.kind == "piece":
        name, _ = _piece_pos(g, t)
        return dp.check_push_piece(g, why, piece, name) if name in g.state.board.pieces else None
    q = _pos_of(t)
    return None if q is None else dp.check_push(g, why, piece, q)


def trap_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """GB-56/57: a card played against a Dragon power, ``goblins.turn.check_trap_card``."""
    from ..roles.goblins.turn import check_trap_card

    if d.kind != "trap_dragon" or t.kind != "card" or g.state.goblins is None or _card(g, t.ref) is None:
        return None
    return check_trap_card(g, t.ref)


def terrain_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """TR-04/06: a Terrain tile is chosen only when an Event tile is revealed, the first time in
    a round (by the Cave, or with no Cave by whoever revealed it) — in any decision but that one."""
    from ..map.terrain import KIND_NAMES

    if d.kind == "terrain_choose" or t.kind != "card" or not t.ref.startswith("terrain:"):
        return None
    kind = t.ref.split(":", 1)[1]
    return (Reason(f"The {KIND_NAMES.get(kind, kind.title())} is chosen only when an Event tile is revealed, the first "
            "time in a round: not now.", "TR-04"))



REASONS: tuple[Callable[[Game, Decision, Target], Reason | None], ...] = (
    terrain_card,
    knight_bomb_edge, knight_board_slot, knight_card, keep_treasure_card, ambush_slot, choose_cube_slot,
    dragon_board_slot, pay_power_target, shriek_reroll_target, pride_target, slither_target,
    spores_target, dragon_tile_choice, dragon_power_target, push_target,
    trap_card,
)
