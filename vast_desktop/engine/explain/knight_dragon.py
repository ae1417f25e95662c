"""Reasons a click is not a legal choice, for the Knight and Dragon decisions (see teaching.why_not).

Each function is one rule family: it guards on the decision's kind, asks the engine's own
state and rule functions which condition fails for the clicked target (a slot of the
deciding role's board, one of its cards, a space, a piece), and names it with the real
numbers and the rule id.  None means "not mine to explain" (the next reason is tried).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..geometry import Pos, edge, fmt_pos, manhattan, parse_pos
from ..map.board import edge_blocked, is_dark
from ..reasons import Reason
from ..roles.dragon.state import SLOTH_CATEGORY, SYMBOLS
from .common import _piece_pos, _pos_of, _thing

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


def knight_card(g: Game, d: Decision, t: Target) -> Answer:
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
            return f"You completed the Sidequest {c.name}: it has left the game (KN-99)."
        return f"{c.name} has left the game (declined, used or lost) (KN-66, KN-19)."
    return f"{c.name} is not one of your cards now."


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
def _box_name(box: str) -> str:
    from ..roles.dragon.turn import BOX_NAMES

    return BOX_NAMES.get(box, box.title())


def _dragon_thing(g: Game, slot: str) -> str:
    """A plain name for a place on the Dragon's board."""
    part, _, rest = slot.partition(".")
    if part == "sloth" and rest in SLOTH_CATEGORY:
        return f"the {_box_name(rest)} Sloth box"
    if part == "gem" and rest in SYMBOLS:
        return f"the {rest.title()} Gem"
    power = next((p for p in g.rules.dragon.powers if p.id == rest), None)
    if part == "power" and power is not None:
        return f"the {power.name} power"
    if part == "shriek":
        return "the Shriek token"
    return f"that part of your board ({slot})"


def _sloth_condition(g: Game, box: str) -> str:
    """DR-58..60: what moves a cube of ``box`` to Wakefulness."""
    from ..roles.dragon.state import dragon

    per = g.rules.dragon.eaten_goblins_per_hunger
    if box == "hunger" and not g.has("goblins"):
        return ("only once Slither has moved it to another Sloth box: with no Goblins player he eats no Goblins "
                "(DR-47, DR-28)")
    return {"greed": "when you pick up a Treasure token, after all your movement (DR-50, DR-58)",
            "hunger": f"when you lower Eaten Goblins by {per} (now {dragon(g).eaten}) (DR-59)",
            "event": "when you reveal an Event tile (DR-60)",
            "dont_move": "when you end a turn without moving (DR-60)",
            "place_gem": "when you place a Gem while another is on the map (DR-60)"}[box]


def _sloth_box(g: Game, box: str) -> str:
    """DR-58..62: Sloth cubes move only when their condition is met, 1 per track and 3 a turn."""
    from ..roles.dragon.state import SLOTH_CATEGORY, dragon, is_scale

    d = dragon(g)
    name = _box_name(box)
    if d.sloth.get(box, 0) <= 0:
        return f"{name} has no Sloth cube left to move (DR-61)."
    if SLOTH_CATEGORY[box] in d.sloth_done:
        return (f"A {SLOTH_CATEGORY[box].title()} cube has moved to Wakefulness this turn already: 1 per Sloth track "
                "a turn (DR-61, DR-62).")
    if len(d.sloth_done) >= g.rules.dragon.max_sloth_cubes_per_turn:
        return f"{len(d.sloth_done)} Sloth cubes have moved this turn: at most 3 a turn (DR-61)."
    platinum = next((c for c in d.hand if is_scale(c) and g.rules.scale_card(c).removed_after_use), None)
    scale = (f" (or play the {g.card(platinum).name} in your hand first: it moves a cube from any box, VAR-37)"
             if platinum else "")
    return (f"Sloth cubes are not moved by hand: a {name} cube ({d.sloth[box]} left) moves to Wakefulness "
            f"{_sloth_condition(g, box)}{scale}.")


def _gem_slot(g: Game, sym: str) -> str:
    """DR-19/21 (a Gem on the map pays its symbol once a turn), DR-53 (one from the supply is placed)."""
    from ..roles.dragon.state import dragon, gems_on_map

    where = gems_on_map(g).get(sym)
    name = f"The {sym.title()} Gem"
    if where is None:
        return (f"{name} is in your supply: you may place a Gem on your tile in Place Dragon Gem, after moving and "
                "powers (DR-53).")
    if sym in dragon(g).gems_spent:
        return f"{name}'s symbol is spent this turn: each Gem on the map pays once a turn (DR-19)."
    return (f"{name} is on the map at {fmt_pos(where)}: its symbol pays for a power (DR-19, DR-21) — choose a power "
            "on your board, then pay.")


def _shriek_slot(g: Game) -> str:
    """DR-33, DIE-08: the Shriek token is placed by the Shriek power and spent on a reroll."""
    from ..roles.dragon.state import dragon

    if dragon(g).shriek:
        return "The Shriek token is placed: you spend it to reroll a Dragon die you roll (DIE-08)."
    cost = " + ".join("any" if c == "any" else c.title() for c in g.rules.dragon.power("shriek").cost)
    return f"The Shriek token is not placed: the Shriek power ({cost}) places it (DR-33)."


def dragon_board_slot(g: Game, d: Decision, t: Target) -> str | None:
    """In his Move and Use Powers phase: Sloth boxes (DR-58..62), Gems (DR-19/21/53), the
    Shriek token (DR-33, DIE-08) are not chosen by hand (the powers are teaching.dragon_power's)."""
    slot = _slot(t, "dragon")
    if d.kind != "dragon_turn" or slot is None or g.state.dragon is None:
        return None
    part, _, rest = slot.partition(".")
    if part == "sloth" and rest in SLOTH_CATEGORY:
        return _sloth_box(g, rest)
    if part == "gem" and rest in SYMBOLS:
        return _gem_slot(g, rest)
    if part == "shriek":
        return _shriek_slot(g)
    return None


def _not_in_hand(g: Game, card: str) -> str:
    from ..roles.dragon.state import dragon

    d = dragon(g)
    where = " (it is in your discard pile)" if card in d.discard else ""
    return f"That {g.card(card).name} card is not in your hand{where}: only cards in hand pay (DR-17)."


def _paying_power(g: Game, d: Decision) -> tuple[str, tuple[str, ...]] | None:
    """The power a ``pay_power`` decision pays for: its name and cost (from the prompt)."""
    for power in g.rules.dragon.powers:
        if d.prompt.startswith(f"Pay for {power.name}:"):
            return power.name, tuple(power.cost)
    return None


def _cost_text(cost: tuple[str, ...]) -> str:
    return " + ".join("any symbol" if c == "any" else c.title() for c in cost)


def pay_power_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-17/19/20/21, VAR-35..37: which of his cards and Gems can pay this power's symbols."""
    from ..roles.dragon.state import dragon, is_scale, scale_pays, symbol_of

    if d.kind != "pay_power" or g.state.dragon is None:
        return None
    paying = _paying_power(g, d)
    if paying is None:
        return None
    name, cost = paying
    slot = _slot(t, "dragon")
    if t.kind == "card" and _card(g, t.ref) is not None:
        if t.ref not in dragon(g).hand:
            return _not_in_hand(g, t.ref)
        if is_scale(t.ref):
            return _scale_pays(g, t.ref, name, cost, scale_pays(g, t.ref))
        sym = symbol_of(g, t.ref)
        return _symbol_pays(g, d, sym, name, cost, f"a {sym.title()} card")
    if slot is None:
        return None
    part, _, rest = slot.partition(".")
    if part == "gem" and rest in SYMBOLS:
        from ..roles.dragon.state import gems_on_map
        if rest not in gems_on_map(g):
            return f"The {rest.title()} Gem is in your supply, not on the map: only Gems on the map pay (DR-19, DR-21)."
        if rest in dragon(g).gems_spent:
            return f"The {rest.title()} Gem's symbol is spent this turn: each Gem pays once a turn (DR-19)."
        return _symbol_pays(g, d, rest, name, cost, f"the {rest.title()} Gem")
    if part == "sloth":
        return "Sloth cubes do not pay for powers: Power cards in hand and Gems on the map do (DR-17, DR-19)."
    if part == "shriek":
        return "The Shriek token does not pay for powers: it rerolls a Dragon die (DIE-08)."
    return None


def _symbol_pays(g: Game, d: Decision, sym: str, name: str, cost: tuple[str, ...], what: str) -> str | None:
    if sym not in cost and "any" not in cost:
        return f"{name} costs {_cost_text(cost)}: {what} cannot pay it (DR-17)."
    if any(o.kind == "card" and g.card(o.ref).symbol == sym for opt in d.options for o in opt.targets):
        return (f"Your {sym.title()} cards are alike: the highlighted {sym.title()} card stands for any of them "
                "(DR-17).")
    return None


def _scale_pays(g: Game, card: str, name: str, cost: tuple[str, ...], pays: tuple[str, ...]) -> str | None:
    """VAR-35 (Golden: any symbol), VAR-36 (Silver: a Gem in his supply), VAR-37 (Platinum: none)."""
    scale = g.card(card).name
    if not pays:
        if g.rules.scale_card(card).pays == "gem_in_supply":
            return f"The {scale} pays a symbol of a Gem in your supply, and all 3 Gems are on the map (VAR-36)."
        return f"The {scale} pays for nothing: it is played on its own (VAR-37)."
    if "any" not in cost and not set(pays) & set(cost):
        return (f"{name} costs {_cost_text(cost)}; the {scale} stands only for "
                f"{', '.join(p.title() for p in pays)} now (VAR-35, VAR-36).")
    return None


def shriek_reroll_target(g: Game, d: Decision, t: Target) -> str | None:
    """DIE-08, DR-33: only the Shriek token rerolls the Dragon die."""
    slot = _slot(t, "dragon")
    if d.kind != "shriek_reroll" or g.state.dragon is None:
        return None
    if slot is not None and slot != "shriek":
        return f"Only the Shriek token rerolls the Dragon die (DIE-08): {_dragon_thing(g, slot)} does not."
    if t.kind == "card":
        return "Only the Shriek token rerolls the Dragon die (DIE-08): Power cards pay for powers."
    return None


def pride_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-60..62: the question is only whether this Pride condition moves its cube now."""
    slot = _slot(t, "dragon")
    if d.kind != "dragon_pride" or slot is None or g.state.dragon is None:
        return None
    offered = next((o.ref.rsplit(".", 1)[1] for opt in d.options for o in opt.targets if o.kind == "slot"), None)
    if offered is None:
        return None
    part, _, rest = slot.partition(".")
    head = f"The Pride condition met now is {_box_name(offered)}: move its cube now or keep Pride for later (DR-62)"
    if part == "sloth" and rest in SLOTH_CATEGORY:
        if SLOTH_CATEGORY[rest] == "pride":
            return f"{head}; a {_box_name(rest)} cube moves {_sloth_condition(g, rest)}."
        return f"{head}; {_box_name(rest)} is not Pride: its cube moves {_sloth_condition(g, rest)}."
    return f"{head}; {_dragon_thing(g, slot)} is not part of it."


def slither_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-28: Slither moves a cube from a Sloth box that has one to another with an empty space."""
    from ..roles.dragon.state import dragon

    slot = _slot(t, "dragon")
    if d.kind != "dragon_slither" or slot is None or g.state.dragon is None:
        return None
    part, _, box = slot.partition(".")
    if part != "sloth" or box not in SLOTH_CATEGORY:
        return f"Slither moves a Sloth cube from one Sloth box to another (DR-28): {_dragon_thing(g, slot)} is not one."
    s = dragon(g)
    n, cap = s.sloth.get(box, 0), s.capacity.get(box, 0)
    return (f"{_box_name(box)} holds {n} of {cap} Sloth cubes: Slither moves a cube from a box that has one to "
            "another box with an empty space (DR-28), and this box can be neither now.")


def spores_target(g: Game, d: Decision, t: Target) -> str | None:
    """CV-24, DR-69, RV-14: Spores puts a Wakefulness cube back on a Sloth box with room."""
    from ..roles.dragon.state import dragon

    slot = _slot(t, "dragon")
    if d.kind != "dragon_spores" or slot is None or g.state.dragon is None:
        return None
    part, _, box = slot.partition(".")
    if part != "sloth" or box not in SLOTH_CATEGORY:
        return (f"Soporific Spores puts a Wakefulness cube back on a Sloth box (CV-24): {_dragon_thing(g, slot)} "
                "is not one.")
    s = dragon(g)
    n, cap = s.sloth.get(box, 0), s.capacity.get(box, 0)
    if box == "hunger" and s.locked_hunger and n >= cap - s.locked_hunger:
        return (f"Hunger holds {n} of {cap} cubes, and the {s.locked_hunger} Hunger cubes moved at setup never go "
                "back to Hunger (RV-14).")
    return f"{_box_name(box)} is full ({n} of {cap} cubes): the cube goes back to a box with an empty space (CV-24, DR-69)."


def dragon_tile_choice(g: Game, d: Decision, t: Target) -> str | None:
    """DR-48 (he picks up the Treasure tokens on his own tile), DR-53 (a Gem goes on his own
    tile, from his supply)."""
    from ..roles.dragon.state import gems_on_map

    if d.kind not in ("dragon_treasure", "dragon_gem") or g.state.dragon is None:
        return None
    p = g.state.board.pieces.get("dragon")
    if p is None:
        return None
    q = _pos_of(t)
    if q is not None and q != p:
        if d.kind == "dragon_treasure":
            return f"You pick up only the Treasure tokens on your own tile, {fmt_pos(p)} (DR-48); {fmt_pos(q)} is not it."
        return f"A Dragon Gem goes on your own tile, {fmt_pos(p)} (DR-53); {fmt_pos(q)} is not it."
    slot = _slot(t, "dragon")
    if d.kind == "dragon_gem" and slot is not None and slot.startswith("gem."):
        sym = slot.split(".", 1)[1]
        where = gems_on_map(g).get(sym)
        if where is not None:
            return (f"The {sym.title()} Gem is already on the map at {fmt_pos(where)}: only a Gem from your supply is "
                    "placed (DR-53).")
    return None


def dragon_power_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """Burn's Dark tile (``dragon_burn``) and the Flame Wall's tile (``dragon_flame_wall``):
    routed to the rule checks that build those options (roles/dragon/powers.py
    ``check_burn``, ``check_flame_wall_target``)."""
    from ..roles.dragon import powers as dp

    q = _pos_of(t)
    if q is None or g.state.dragon is None:
        return None
    if d.kind == "dragon_burn":
        return dp.check_burn(g, q)
    if d.kind == "dragon_flame_wall":
        return dp.check_flame_wall_target(g, q)
    return None


def swat_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-29/41 (a Gem or Treasure token next to him, up to 5 spaces), FM-04/10 (never onto
    an open space or a piece, never through walls), AMB-35 (house rule: exactly 5)."""
    from ..map.forced import reachable
    from ..roles.dragon.powers import _swat_tokens

    q = _pos_of(t)
    p = g.state.board.pieces.get("dragon")
    if d.kind != "dragon_swat" or q is None or p is None:
        return None
    if q == p:
        return "Swat takes a token from a space next to yours, never your own (DR-41)."
    if q not in g.state.board.tiles:
        return f"There is no tile at {fmt_pos(q)}: nothing may be moved onto an open space (FM-04)."
    sources = list(_swat_tokens(g))
    here = next((kind for kind, src in sources if src == q), None)
    if here is not None:
        return (f"The {_thing(here)} on {fmt_pos(q)} has no space within 5 to go to: walls, open spaces and pieces "
                "stop it (DR-29, FM-04, FM-10).")
    if g.state.board.pieces_at(q):
        return f"A piece stands on {fmt_pos(q)}: a Swatted token may pass it but not stop there (FM-10)."
    if not sources:
        return None
    reach = {(kind, src): reachable(g, "token:" + kind, src, max_steps=5) for kind, src in sources}
    if any(q in r for r in reach.values()):
        if "swat_exactly_five" in g.setup.house_rules:
            return f"With the house rule, Swat moves a token exactly 5 spaces, and {fmt_pos(q)} is nearer (AMB-35)."
        return None
    kind, src = min(sources, key=lambda ks: manhattan(ks[1], q))
    thing = _thing(kind)
    if manhattan(src, q) > 5:
        return (f"Swat moves a token up to 5 spaces (DR-29): {fmt_pos(q)} is {manhattan(src, q)} spaces from the "
                f"nearest one you can Swat, the {thing} at {fmt_pos(src)}.")
    return (f"No token you can Swat reaches {fmt_pos(q)} within 5 spaces: the nearest, the {thing} at "
            f"{fmt_pos(src)}, would have to cross a wall or an open space (DR-29, FM-04, FM-10).")


PUSH_STEPS = {"Claw": (1, "DR-24"), "Slap": (3, "DR-32"), "Wrath": (1, "DR-37")}


def push_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-24/32/37 (Claw 1, Slap up to 3, Wrath 1 space), FM-04/05/09 (never onto an open
    space, a Dark tile for the Knight, another player, through a wall), TR-29 (no Pit)."""
    from ..map.forced import reachable
    from ..map.terrain import on_pit

    if d.kind != "dragon_push":
        return None
    why = d.prompt.split(":", 1)[0]
    if why not in PUSH_STEPS:
        return None
    steps, rule = PUSH_STEPS[why]
    piece = "thief" if "the Thief" in d.prompt else "knight"
    who = _thing(piece)
    start = g.state.board.pieces.get(piece)
    if start is None:
        return None
    if t.kind == "piece":
        name, _ = _piece_pos(g, t)
        return None if name == piece else f"{why} moves the {who} (FM-19): the {_thing(name)} stays where it is."
    q = _pos_of(t)
    if q is None:
        return None
    if q == start:
        return f"The {who} is on {fmt_pos(q)} already: {why} moves her to another space ({rule})." if piece == "knight" \
            else f"The {who} is on {fmt_pos(q)} already: {why} moves him to another space ({rule})."
    if q not in g.state.board.tiles:
        return f"There is no tile at {fmt_pos(q)}: nothing may be moved onto an open space (FM-04)."
    far = manhattan(start, q)
    if far > steps and q not in reachable(g, piece, start, max_steps=steps):
        return (f"{why} moves the {who} {'up to ' if steps > 1 else ''}{steps} space{'s' if steps > 1 else ''} "
                f"({rule}): {fmt_pos(q)} is {far} spaces away.")
    if piece == "knight" and is_dark(g, q):
        return f"The Knight is never moved onto a Dark tile, and {fmt_pos(q)} is Dark (FM-05)."
    if any(x != piece for x in g.state.board.pieces_at(q)):
        return f"Another piece is on {fmt_pos(q)}: the {who} is never moved onto another player (FM-05, FM-09)."
    if on_pit(g, q):
        return f"{fmt_pos(q)} is a Pit: no piece ends a move there (TR-29)."
    if piece == "knight":
        return (f"No way for the Knight to {fmt_pos(q)} within {steps} space{'s' if steps > 1 else ''}: she is never "
                "moved through a wall, over an open space or a Dark tile, nor past another player, and she stops on "
                "an Event token (FM-04, FM-05, FM-06).")
    return (f"No way for the Thief to {fmt_pos(q)} within {steps} space{'s' if steps > 1 else ''}: he is never moved "
            "through a wall, over an open space, nor past another player (FM-04, FM-09).")


def hiss_target(g: Game, d: Decision, t: Target) -> str | None:
    """DR-27 (Hiss hits a revealed Goblin Tribe anywhere), TR-26 (not one in the Mushroom Forest)."""
    from ..map.terrain import in_forest

    if d.kind != "dragon_hiss" or t.kind != "piece":
        return None
    name, where = _piece_pos(g, t)
    if not name.startswith("tribe:"):
        return f"Hiss hits a Goblin Tribe anywhere on the map (DR-27): the {_thing(name)} is not one."
    if in_forest(g, where):
        return f"The {_thing(name)} is in the Mushroom Forest: Hiss cannot reach it there (TR-26)."
    return None


def trap_card(g: Game, d: Decision, t: Target) -> str | None:
    """GB-56/57: only the Trap Secrets card, held by the Goblins, lets a Tribe ignore a Dragon power."""
    if d.kind != "trap_dragon" or t.kind != "card" or g.state.goblins is None:
        return None
    s = g.state.goblins
    held = "trap" in s.hand or "trap" in s.face_up
    c = _card(g, t.ref)
    name = c.name if c is not None else t.ref
    if t.ref == "trap":
        return None if held else "You hold no Trap card: only it lets the Tribe ignore the Dragon's power (GB-56, GB-57)."
    if held:
        return f"Only the Trap card lets the Tribe ignore the Dragon's power (GB-56, GB-57): {name} does not."
    return (f"Only a Trap card lets the Tribe ignore the Dragon's power (GB-56, GB-57), and you hold none: {name} "
            "does not; answer No response.")


def terrain_card(g: Game, d: Decision, t: Target) -> str | None:
    """TR-04/06: a Terrain tile is chosen only when an Event tile is revealed, the first time in
    a round (by the Cave, or with no Cave by whoever revealed it) — in any decision but that one."""
    from ..map.terrain import KIND_NAMES

    if d.kind == "terrain_choose" or t.kind != "card" or not t.ref.startswith("terrain:"):
        return None
    kind = t.ref.split(":", 1)[1]
    return (f"The {KIND_NAMES.get(kind, kind.title())} is chosen only when an Event tile is revealed, the first "
            "time in a round (TR-04, TR-06): not now.")


Answer = str | Reason | None          # a converted check's Reason, or a plain sentence (see why_not.Answer)

REASONS: list[Callable[[Game, Decision, Target], Answer]] = [
    terrain_card,
    knight_bomb_edge, knight_board_slot, knight_card, keep_treasure_card, ambush_slot, choose_cube_slot,
    dragon_board_slot, pay_power_target, shriek_reroll_target, pride_target, slither_target,
    spores_target, dragon_tile_choice, dragon_power_target, swat_target, push_target, hiss_target,
    trap_card,
]
