"""Tooltips: ``describe(view, target)`` says what a click target is, with the numbers
that matter (a Tribe's Population, Strength, Perception and Monster; the Knight's
Health, Grit, Strength and Perception; the Dragon's Armor, Spirit, Health and
Wakefulness; the Thief's Stealth; a tile's type, walls and tokens; a card's text; a
track slot's value).

One place per kind of target (space, edge, piece, card, slot, hand_tile, button), and
it reads ONLY the :class:`PlayerView` (plus the public rules data: card texts, tile
shapes), so a tooltip cannot show the viewer anything the view hides.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .decisions import Target
from .geometry import Pos, fmt_pos, parse_pos
from .rules_data import UnknownIdError, load_rules_data
from .view import PlayerView, TileView

TRIBE_NAMES = {"fangs": "Fangs", "bones": "Bones", "eye": "Eye"}
DIRECTIONS = ("north", "east", "south", "west")
TOKEN_NAMES = {"crystal": "Crystal", "treasure": "Treasure", "event": "Event", "vault": "Vault", "gem_claw": "Claw Gem",
               "gem_flame": "Flame Gem", "gem_wing": "Wing Gem"}


def describe(view: PlayerView, target: Target) -> str:
    """The tooltip of ``target`` as ``view.viewer`` may know it (never empty)."""
    fn = KINDS.get(target.kind)
    text = fn(view, target.ref) if fn is not None else ""
    return (text or f"{target.kind.replace('_', ' ').title()}: {target.ref.replace('_', ' ')}") + choices(view, target)


def choices(view: PlayerView, target: Target) -> str:
    """What clicking the target would do now: the viewer's own options aiming at it (named when
    there are at most 3; a menu offers them when there are several)."""
    d = view.decision
    if d is None:
        return ""
    labels = [o.label for o in d.options if any(t.kind == target.kind and t.ref == target.ref for t in o.targets)]
    if not labels:
        return ""
    if len(labels) > 3:                 # (the moving piece itself: each of its moves names it)
        return f" {len(labels)} of your choices use it."
    return " Click: " + "; ".join(labels) + "."


# -------------------------------------------------------------------- map
def _tile(view: PlayerView, p: Pos) -> TileView | None:
    return next((t for t in view.tiles if t.pos == p), None)


def _tokens(toks: dict[str, int]) -> str:
    parts = [f"{n} {TOKEN_NAMES.get(k, k.replace('_', ' ').title())}" for k, n in sorted(toks.items()) if n]
    return ", ".join(parts)


def _walls(walls: tuple[bool, bool, bool, bool] | None) -> str:
    if walls is None:
        return ""
    sides = [DIRECTIONS[i] for i, w in enumerate(walls) if w]
    return "walls " + ", ".join(sides) if sides else "no walls"


def space_tip(view: PlayerView, ref: str) -> str:
    """A map space: the tile (Lit: its type and walls; Dark: only its Tribe symbol, unless
    the viewer is the Cave) and its tokens."""
    p = parse_pos(ref)
    t = _tile(view, p)
    if t is None:
        head = f"Open space {fmt_pos(p)}: no tile"
    elif t.terrain is not None:
        head = f"{t.terrain.name} at {fmt_pos(p)} (Terrain, {t.terrain.kind})"
    elif t.lit:
        head = f"Lit {_type(t.type)} tile at {fmt_pos(p)}: {_walls(t.walls)}"
    else:
        seen = f", a {_type(t.type)} tile (only you see it)" if t.type else ""
        symbol = f", {TRIBE_NAMES.get(t.tribe, t.tribe)} symbol" if t.tribe else ""
        head = f"Dark tile at {fmt_pos(p)}{symbol}{seen}"
    parts = [head]
    if t is not None and _tokens(t.tokens):
        parts.append("tokens: " + _tokens(t.tokens))
    return "; ".join(parts) + "."       # (the pieces here have their own tooltips: piece_tip)


def _type(kind: str | None) -> str:
    return (kind or "Cave").replace("_", " ").title()


def edge_tip(view: PlayerView, ref: str) -> str:
    a, b = (parse_pos(x) for x in ref.split("|"))
    e = tuple(sorted((a, b)))
    what = "a Rockslide" if e in {tuple(sorted(x)) for x in view.rockslides} else \
        "a blown-up wall (Bomb token)" if e in {tuple(sorted(x)) for x in view.bombs} else "the edge"
    return f"The edge between {fmt_pos(a)} and {fmt_pos(b)}: {what}."


def piece_tip(view: PlayerView, ref: str) -> str:
    """A player piece (its numbers from its board), or a token on the map (``kind@x,y``)."""
    name, _, at = ref.partition("@")
    if at:
        return token_tip(view, name, parse_pos(at))
    if name.startswith("tribe:"):
        return tribe_tip(view, name[6:])
    fn = PIECES.get(name)
    return fn(view) if fn is not None else ""


def token_tip(view: PlayerView, kind: str, p: Pos) -> str:
    rules = {"crystal": "smashed for Grit by the Knight (Strength 3+), or by two Goblin Tribes together",
             "treasure": "collected by the Knight (an Encounter), looted by the Thief (1 cube), plundered by a Tribe",
             "event": "the Knight resolves it when she enters or starts her turn on it",
             "vault": "the Thief picks its lock for Treasure"}.get(kind, "a Dragon Gem: the Dragon pays its symbol, "
                                                                   "the Knight may try to take it")
    t = _tile(view, p)
    n = t.tokens.get(kind, 0) if t is not None else 0
    return f"{TOKEN_NAMES.get(kind, kind.title())} token at {fmt_pos(p)} ({n} there): {rules}."


def knight_tip(view: PlayerView) -> str:
    b = view.boards.get("knight", {})
    if not b:
        return ""
    where = view.pieces.get("knight")
    return (f"The Knight{f' at {fmt_pos(where)}' if where else ''}: Health {b['health']}/{b['max_health']}, "
            f"Grit {b['grit']}; now Strength {b['strength']}, Perception {b['perception']} (Encounters "
            f"{b['perception'] - b['encounters_used']} left), Movement {b['movement']} ({b['moved']} used); "
            f"{b['cubes_free']} Hero cube(s) unplaced; Crystals smashed {b['smashed']}/{b['crystals_needed']}.")


def dragon_tip(view: PlayerView) -> str:
    b = view.boards.get("dragon", {})
    if not b:
        return ""
    where = view.pieces.get("dragon")
    state = "on the surface" if b["surfaced"] else "underground"
    return (f"The Dragon ({state}{f' at {fmt_pos(where)}' if where else ''}): Armor {b['armor']}, Spirit "
            f"{b['spirit']}, Health {b['health']}/{b['max_health']}, Wakefulness {b['wakefulness']}/"
            f"{b['wakefulness_needed']}{' (awake)' if b['awake'] else ''}; {b['hand_count']} Power card(s) in hand.")


def thief_tip(view: PlayerView) -> str:
    b = view.boards.get("thief", {})
    if not b:
        return ""
    st = b["stats"]
    return (f"The Thief: Stealth {b['stealth_now']}, Movement {st.get('movement')} ({b['movement_left']} left), "
            f"{b['cubes']} Action cube(s); Loot Drop Level {b['loot_drop']}; carrying {len(b['carried'])}, "
            f"stashed {b['stashed']}/{b['stash_needed']}.")


def tribe_tip(view: PlayerView, tribe: str) -> str:
    b = view.boards.get("goblins", {})
    if not b:
        return ""
    pop = b["population"][tribe]
    monsters = [_card_name(m) for m in b["monsters"].get(tribe, [])]
    where = view.pieces.get(f"tribe:{tribe}")
    place = f"at {fmt_pos(where)}" if where else "lurking" if tribe in b["lurking"] else "hidden on the Goblin board"
    done = ", already activated this turn" if tribe in b["activated"] else ""
    return (f"The {TRIBE_NAMES.get(tribe, tribe)} Tribe ({place}{done}): Population {pop}, Strength "
            f"{b['strength'][tribe]}, Perception {b['perception'][tribe]}; Monster: {', '.join(monsters) or 'none'}. Rage {b['rage']}.")


PIECES: dict[str, Callable[[PlayerView], str]] = {"knight": knight_tip, "dragon": dragon_tip, "thief": thief_tip}


# ------------------------------------------------------------------ cards
def _card(cid: str) -> Any:
    rules = load_rules_data()
    if cid.startswith("terrain:"):
        return next((t for t in rules.terrain if t.kind == cid.split(":", 1)[1]), None)
    try:
        return rules.card(cid)
    except UnknownIdError:
        return None


def _card_name(cid: str) -> str:
    c = _card(cid)
    return str(c.name) if c is not None else cid.replace("_", " ").title()


def card_tip(view: PlayerView, ref: str) -> str:
    c = _card(ref)
    if c is None:
        return {"flare": "The Flare: reveals Dark tiles around a space (the Thief uses it on his own space for 1 "
                         "Action cube)."}.get(ref, "")
    return f"{c.name}: {' '.join(str(c.text).split())}"


# ------------------------------------------------------------------ slots
def slot_tip(view: PlayerView, ref: str) -> str:
    """A board slot: ``role.what[.detail]``, its value from the role's board."""
    role, _, rest = ref.partition(".")
    fn = SLOTS.get(role)
    return fn(view, rest) if fn is not None else ""


def knight_slot(view: PlayerView, rest: str) -> str:
    b = view.boards.get("knight", {})
    if not rest:
        return knight_tip(view)
    stats = {"movement": "Movement", "perception": "Perception", "strength": "Strength"}
    if rest in stats:
        return (f"{stats[rest]} track: now {b.get(rest)}; a Hero cube on its next space raises it. "
                f"{b.get('cubes_free', 0)} cube(s) unplaced.")
    equip = {"bomb": "Bomb", "bow": "Bow", "map": "Ancient Map", "shield": "Shield"}
    if rest in equip:
        return f"{equip[rest]}: {b.get('equip', {}).get(rest, 0)} Hero cube(s) on it now."
    if rest.startswith("treasure:") or rest in b.get("face_up", []):
        card = rest.split(":", 1)[-1]
        return f"{card_tip(view, card)} ({b.get('treasure_cubes', {}).get(card, 0)} Hero cube(s) on it)"
    return f"The Knight's {rest.replace('_', ' ')}: Grit {b.get('grit')}, {b.get('cubes_free', 0)} cube(s) unplaced."


def dragon_slot(view: PlayerView, rest: str) -> str:
    from .roles.dragon import BOX_NAMES

    b = view.boards.get("dragon", {})
    kind, _, what = rest.partition(".")
    rules = load_rules_data()
    if kind == "power":
        p = rules.dragon.power(what)
        payable = "" if "payable" not in b else (" — you can pay for it now" if what in b["payable"]
                                                 else " — you cannot pay for it now")
        return f"{p.name} (cost {' + '.join(c.title() for c in p.cost)}): {' '.join(p.text.split())}{payable}."
    if kind == "sloth":
        return (f"{BOX_NAMES.get(what, what.title())} Sloth box: {b.get('sloth', {}).get(what, 0)} cube(s) left; "
                f"Wakefulness {b.get('wakefulness')}/{b.get('wakefulness_needed')}.")
    if kind == "gem":
        return f"The {what.title()} Gem: on the map it pays one {what.title()} symbol a turn (DR-19)."
    if kind == "shriek":
        return f"The Shriek token ({'held' if b.get('shriek') else 'not held'}): spend it to reroll the Dragon die."
    return dragon_tip(view)


def cave_slot(view: PlayerView, rest: str) -> str:
    b = view.boards.get("cave", {})
    have = b.get("omens", {})
    if rest.startswith("omen."):
        o = load_rules_data().omen(rest[5:])
        cost = b.get("omen_costs", {}).get(o.id, o.costs[0])
        paying = sum(have.get(s, 0) for s in o.accepts)
        return (f"{o.name} (cost {cost} of {', '.join(s.title() for s in o.accepts)}; you have {paying}): "
                f"{' '.join(o.text.split())}")
    held = ", ".join(f"{n} {s.title()}" for s, n in sorted(have.items()) if n) or "none"
    return f"The Cave's Omen tokens: {held}; {b.get('hand_count', 0)} tile(s) in hand."


def goblins_slot(view: PlayerView, rest: str) -> str:
    b = view.boards.get("goblins", {})
    tribe, _, what = rest.partition(".")
    if tribe in TRIBE_NAMES:
        if what == "monster":
            mons = [_card(m) for m in b.get("monsters", {}).get(tribe, [])]
            text = "; ".join(f"{m.name}: {' '.join(m.text.split())}" for m in mons if m) or "no Monster yet"
            return f"The {TRIBE_NAMES[tribe]} Tribe's Monster: {text}."
        if what == "special":
            special = {"fangs": "gain 1 Rage", "bones": "draw and assign 1 Monster", "eye": "draw 1 Secrets card"}
            return f"The {TRIBE_NAMES[tribe]} Tribe's special action: {special[tribe]}. " + tribe_tip(view, tribe)
        return tribe_tip(view, tribe)
    if tribe == "rage":
        return f"Rage: {b.get('rage')}."
    if tribe == "secrets":
        return f"The Goblins' Secrets: {b.get('hand_count', 0)} in hand, {b.get('secrets_deck', 0)} in the deck."
    return (f"The Goblins: Rage {b.get('rage')}, Population " +
            ", ".join(f"{TRIBE_NAMES[t]} {n}" for t, n in b.get("population", {}).items()) +
            f"; {b.get('hand_count', 0)} Secrets card(s) in hand.")


def thief_slot(view: PlayerView, rest: str) -> str:
    b = view.boards.get("thief", {})
    kind, _, what = rest.partition(".")
    if kind == "stats" and what:
        m, s, t = what.split("-")
        return f"Stat tokens: Movement {m}, Stealth {s}, Thievery {t} (Thievery = Action cubes this turn)."
    if kind == "upgrade":
        u = next((u for u in load_rules_data().thief.upgrades if u.id == what), None)
        return f"{u.name}: {' '.join(u.text.split())}" if u is not None else ""
    if kind == "loot_drop":
        return (f"Loot Drop Level {what or b.get('loot_drop')} (now {b.get('loot_drop')}): his killer's bonus "
                "depends on it.")
    if kind == "upgrades":
        return "The Thief's upgrades: " + (", ".join(str(u).replace("_", " ") for u in b.get("upgrades", []))
                                            or "none") + "."
    return thief_tip(view)


SLOTS: dict[str, Callable[[PlayerView, str], str]] = {"knight": knight_slot, "dragon": dragon_slot,
                                                      "cave": cave_slot, "goblins": goblins_slot,
                                                      "thief": thief_slot}


# ------------------------------------------------------------ hand tiles, buttons
def hand_tile_tip(view: PlayerView, ref: str) -> str:
    """A Cave tile in hand (the Cave knows its type and walls) or the tile drawn from the stack."""
    if ref == "drawn":
        return f"The tile drawn from the stack ({view.stack_count} left): place it on a highlighted open space."
    if view.viewer != "cave":
        return "A Cave tile from the Cave's hand."
    tile = load_rules_data().tile(ref)
    walls = tuple(bool(w) for w in tile.walls)
    symbol = f", {TRIBE_NAMES.get(tile.tribe, tile.tribe)} symbol on its Dark side" if tile.tribe else ""
    return f"Cave tile in your hand: {_type(tile.type)}, {_walls(walls)} (before turning it){symbol}."  # type: ignore[arg-type]


def button_tip(view: PlayerView, ref: str) -> str:
    return {"end_turn": "End your turn.", "done": "Finish this step.", "populate": "Add the Goblin discs shown on the "
            "War card."}.get(ref, ref.replace("_", " ").capitalize() + ".")


KINDS: dict[str, Callable[[PlayerView, str], str]] = {
    "space": space_tip, "edge": edge_tip, "piece": piece_tip, "card": card_tip, "slot": slot_tip,
    "hand_tile": hand_tile_tip, "button": button_tip,
}
