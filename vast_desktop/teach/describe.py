"""Tooltips: ``describe(view, target)`` says what a click target is, with the numbers
that matter (a Tribe's Population, Strength, Perception and Monster; the Knight's
Health, Grit, Strength and Perception; the Dragon's Armor, Spirit, Health and
Wakefulness; the Thief's Stealth; a tile's type, walls and tokens; a card's text; a
track slot's value).

One place per kind of target (space, edge, piece, card, slot, hand_tile, button) and for
the display-only regions of the player boards (``info``).  The boards' own texts (slots,
cards on a board, info) are written in :mod:`.describe_boards` and reached only through
here (the boards call :func:`describe_key` for every region), so the map and the boards
say the same thing.  It reads ONLY the :class:`PlayerView` (plus the public rules data:
card texts, tile shapes), so a tooltip cannot show the viewer anything the view hides.
"""
from __future__ import annotations

from collections.abc import Callable

from ..engine.decisions import Target
from ..engine.geometry import Pos, fmt_pos, parse_pos
from ..engine.view import PlayerView, TileView
from .describe_boards import (
    TRIBE_NAMES,
    TYPE_LABELS,
    board_card,
    board_info,
    board_slot,
    goblins_tribe,
    one_line,
)
from .describe_boards import card as _card
from .describe_ghoul import ghoul_tip
from .describe_vile_ghoul import vile_ghoul_tip

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
    b = view.boards.knight
    if b is None:
        return ""
    where = view.pieces.get("knight")
    return (f"The Knight{f' at {fmt_pos(where)}' if where else ''}: Health {b.health}/{b.max_health}, "
            f"Grit {b.grit}; now Strength {b.strength}, Perception {b.perception} (Encounters "
            f"{b.perception - b.encounters_used} left), Movement {b.movement} ({b.moved} used); "
            f"{b.cubes_free} Hero cube(s) unplaced; Crystals smashed {b.smashed}/{b.crystals_needed}.")


def dragon_tip(view: PlayerView) -> str:
    b = view.boards.dragon
    if b is None:
        return ""
    where = view.pieces.get("dragon")
    state = "on the surface" if b.surfaced else "underground"
    return (f"The Dragon ({state}{f' at {fmt_pos(where)}' if where else ''}): Armor {b.armor}, Spirit "
            f"{b.spirit}, Health {b.health}/{b.max_health}, Wakefulness {b.wakefulness}/"
            f"{b.wakefulness_needed}{' (awake)' if b.awake else ''}; {b.hand_count} Power card(s) in hand.")


def thief_tip(view: PlayerView) -> str:
    b = view.boards.thief
    if b is None:
        return ""
    st = b.stats
    return (f"The Thief: Stealth {b.stealth_now}, Movement {st.get('movement')} ({b.movement_left} left), "
            f"{b.cubes} Action cube(s); Loot Drop Level {b.loot_drop}; carrying {len(b.carried)}, "
            f"stashed {b.stashed}/{b.stash_needed}.")


def tribe_tip(view: PlayerView, tribe: str) -> str:
    """A Goblin Tribe, on the map or not: the same text as its row on the Goblin board."""
    if view.boards.goblins is None or tribe not in TRIBE_NAMES:
        return ""
    return goblins_tribe(view, tribe)


PIECES: dict[str, Callable[[PlayerView], str]] = {"knight": knight_tip, "dragon": dragon_tip, "thief": thief_tip,
                                                  "ghoul": ghoul_tip, "vile_ghoul": vile_ghoul_tip}


# ------------------------------------------------------------------ cards
def card_tip(view: PlayerView, ref: str) -> str:
    """A card: where the view puts it on a board (a Treasure face up or facedown, a Sidequest, a Monster,
    a Secret, a Power card...) with its state, else (offered, or a Terrain tile to choose) its text."""
    on_board = board_card(view, ref)
    if on_board is not None:
        return on_board
    c = _card(view.rules, ref)
    return f"{c.name}: {one_line(c.text)}" if c is not None else ""


# ------------------------------------------------------------------ slots, info
def slot_tip(view: PlayerView, ref: str) -> str:
    """A board slot: ``role.what[.detail]``, its value from the role's board (describe_boards);
    the bare role (or an unknown slot) is the role's own tooltip."""
    role, _, rest = ref.partition(".")
    text = board_slot(view, ref) if rest else ""
    if text:
        return text
    fn = PIECES.get(role)
    return fn(view) if fn is not None else board_slot(view, ref)


def info_tip(view: PlayerView, ref: str) -> str:
    """A display-only region of a board (``info:knight.health``, ``info:cave.decks``...)."""
    return board_info(view, ref)


# ------------------------------------------------------------ hand tiles, buttons
def hand_tile_tip(view: PlayerView, ref: str) -> str:
    """A Cave tile in hand (only the Cave knows its type and walls: its hand is in her view alone)
    or the tile drawn from the stack."""
    if ref == "drawn":
        return f"The tile drawn from the stack ({view.stack_count} left): place it on a highlighted open space."
    cb = view.boards.cave
    hand = list(cb.hand or ()) if cb is not None else []
    if view.viewer != "cave" or ref not in hand:
        return "A Cave tile from the Cave's hand."
    types = list(cb.hand_types or ()) if cb is not None else []
    ttype = types[hand.index(ref)] if hand.index(ref) < len(types) else None
    if ttype == "entrance" and view.entrance_piece is not None:
        ttype = "plain"          # VAR-05: with Moving Entrance the Entrance tile is a normal Cave tile
    tile = view.rules.tile(ref)
    walls = tuple(bool(w) for w in tile.walls)
    dark = f"{TRIBE_NAMES.get(tile.tribe, tile.tribe)} symbol" if tile.tribe else "no symbol"
    return (f"Tile {ref} in your hand: Dark side {dark}; Lit side {TYPE_LABELS.get(ttype or '', '?')} "
            f"({tile.shape.replace('_', ' ')}, {_walls(walls)} before turning it). "  # type: ignore[arg-type]
            "Drag it onto a highlighted open space.")


def button_tip(view: PlayerView, ref: str) -> str:
    return {"end_turn": "End your turn.", "done": "Finish this step.", "populate": "Add the Goblin discs shown on the "
            "War card."}.get(ref, ref.replace("_", " ").capitalize() + ".")


KINDS: dict[str, Callable[[PlayerView, str], str]] = {
    "space": space_tip, "edge": edge_tip, "piece": piece_tip, "card": card_tip, "slot": slot_tip,
    "hand_tile": hand_tile_tip, "button": button_tip, "info": info_tip,
}


def describe_key(view: PlayerView, key: str) -> str:
    """The tooltip of a board region key: ``f"{kind}:{ref}"`` of a target (or ``info:``), or
    ``drag:<source>``, which says what its drop target says (the cube supply, a hand tile)."""
    kind, _, ref = key.partition(":")
    if kind == "drag":
        kind, ref = ("hand_tile", ref[5:]) if ref.startswith("hand:") else DRAG_SOURCES.get(ref, ("slot", ref))
    return describe(view, Target(kind, ref))


DRAG_SOURCES = {"knight.cubes": ("slot", "knight.free")}
