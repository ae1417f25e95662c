"""The map: tiles, walls, open edges, visibility, connection to the Entrance,
orientation choices, filling open edges and placing tiles.

Rules: MAP-04..35 (definitions, revealing, orienting, filling), MAP-13 (two
touching walls are one), CV-27..30 (Rockslides), KN-72..78 (Bomb tokens).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target, space
from ..geometry import (
    DELTA,
    DIRS,
    Pos,
    adjacent,
    direction_between,
    edge,
    fmt_pos,
    opposite,
    rotate_walls,
    step,
)
from ..kinds import DecisionKind
from ..option_ids import arg_parts
from ..reasons import Reason
from .hand_names import TYPE_NAMES, base_name, hand_names

if TYPE_CHECKING:
    from ..game import Game, Proc

NO_WALLS = (False, False, False, False)
_DIRECTION = MappingProxyType({delta: d for d, delta in enumerate(DELTA)})   # (dx, dy) of a step -> its direction


# ----------------------------------------------------------------- queries
def piece_name(piece: str) -> str:
    """A piece id as players read it: "tribe:fangs" → "Fangs Tribe", "token:treasure" → "Treasure token"."""
    kind, _, rest = piece.partition(":")
    if kind == "tribe":
        return f"{rest.title()} Tribe"
    if kind == "token":
        return f"{rest.title()} token"
    return piece.replace("_", " ").title()


@lru_cache(maxsize=256)
def owner(piece: str) -> str:
    """The role a piece belongs to ("tribe:fangs" → "goblins"; cached: a pure function of the id)."""
    return piece.split(":")[0].replace("tribe", "goblins")


def tile_type(g: Game, p: Pos) -> str:
    return g.tile(g.state.board.tiles[p].tile_id).type


def is_lit(g: Game, p: Pos) -> bool:
    t = g.state.board.tiles.get(p)
    return t is not None and t.lit


def is_dark(g: Game, p: Pos) -> bool:
    """A Dark Cave tile: a Terrain space is neither Lit nor Dark (TR-13)."""
    t = g.state.board.tiles.get(p)
    return t is not None and t.dark


def walls_at(g: Game, p: Pos) -> tuple[bool, bool, bool, bool]:
    """Walls of a Lit tile after rotation; Dark tiles show no walls (MAP-06)."""
    t = g.state.board.tiles.get(p)
    if t is None or not t.lit:
        return NO_WALLS
    w = g.walls_cache.get((t.tile_id, t.rot))
    return w if w is not None else tile_walls(g, t.tile_id, t.rot)


def tile_walls(g: Game, tile_id: str, rot: int) -> tuple[bool, bool, bool, bool]:
    """A Cave tile's walls turned ``rot`` quarter turns (cached: this is on every hot path)."""
    key = (tile_id, rot)
    w = g.walls_cache.get(key)
    if w is None:
        w = g.walls_cache[key] = rotate_walls(g.tile(tile_id).walls, rot)
    return w


def has_wall(g: Game, p: Pos, d: int) -> bool:
    return walls_at(g, p)[d]


def edge_blocked(g: Game, a: Pos, b: Pos) -> bool:
    """Is the edge between adjacent spaces a wall?  A Rockslide is a wall (CV-23);
    a Bomb token opens the wall for good (MAP-12, KN-78), both walls at once (MAP-13)."""
    board = g.state.board
    if board.rockslides or board.bombs:
        e = (a, b) if a <= b else (b, a)
        if e in board.rockslides:
            return True
        if e in board.bombs:
            return False
    # walls_at of both sides, inlined: this is the innermost test of every search on the map
    d = _DIRECTION[(b[0] - a[0], b[1] - a[1])]
    tiles, cache = board.tiles, g.walls_cache
    t = tiles.get(a)
    if t is not None and t.lit:
        w = cache.get((t.tile_id, t.rot)) or tile_walls(g, t.tile_id, t.rot)
        if w[d]:
            return True
    t = tiles.get(b)
    if t is not None and t.lit:
        w = cache.get((t.tile_id, t.rot)) or tile_walls(g, t.tile_id, t.rot)
        return w[(d + 2) % 4]
    return False


def has_open_edge(g: Game, p: Pos, d: int) -> bool:
    """MAP-06: an edge of a Lit tile with no wall (a bombed wall counts as open)."""
    if not is_lit(g, p):
        return False
    if edge(p, step(p, d)) in g.state.board.bombs:
        return True
    return not has_wall(g, p, d)


def _open_neighbours(g: Game) -> list[Pos]:
    """The open spaces that share an edge with a tile of the map, in order."""
    tiles = g.state.board.tiles
    out: set[Pos] = set()
    for p in tiles:
        for _, q in adjacent(p):
            if q not in tiles:
                out.add(q)
    return sorted(out)


def _faces_open_edge(g: Game, q: Pos) -> bool:
    """MAP-20, MAP-23, TR-10: an open edge of a Lit tile faces the space ``q`` (the Canyon's
    Bridge acts as a Lit tile with no walls; other Terrain edges never call for a tile)."""
    tiles = g.state.board.tiles
    for d, p in adjacent(q):
        t = tiles.get(p)
        if t is None:
            continue
        if t.lit:
            if not tile_walls(g, t.tile_id, t.rot)[(d + 2) % 4] or has_open_edge(g, p, (d + 2) % 4):
                return True
        elif t.terrain is not None and t.terrain.kind == "bridge":
            return True
    return False


_FILL_ON_TILE = Reason("There is a tile here already: a Dark tile fills an open space that faces an open edge of a "
                      "Lit tile.", "MAP-20")
_FILL_NO_EDGE = Reason("This open space faces no open edge of a Lit tile: only such spaces are filled with a Dark "
                       "tile.", "MAP-20")


def check_fill_space(g: Game, q: Pos) -> Reason | None:
    """MAP-20, MAP-25: a Dark tile fills each open space that faces an open edge of a Lit tile."""
    if q in g.state.board.tiles:
        return _FILL_ON_TILE
    return None if _faces_open_edge(g, q) else _FILL_NO_EDGE


def spaces_to_fill(g: Game) -> list[Pos]:
    """Open spaces that face an open edge of a Lit tile: those :func:`check_fill_space` allows
    among the open spaces beside a Lit tile or a Terrain space (the only ones it can allow)."""
    tiles = g.state.board.tiles
    near: set[Pos] = set()
    for p, t in tiles.items():
        if t.lit or t.terrain is not None:
            near.update(q for _, q in adjacent(p) if q not in tiles)
    return sorted(q for q in near if check_fill_space(g, q) is None)


def check_placement_space(g: Game, q: Pos) -> Reason | None:
    """MAP-34 (CV-07, RV-03, SOLO-02): a new tile goes Dark side up on an open space next to
    any tile of the map; walls and open edges do not restrict where."""
    tiles = g.state.board.tiles
    if q in tiles:
        return Reason(f"There is already a tile at {fmt_pos(q)}: a new tile goes on an open space next to the map.",
                      "MAP-34")
    x, y = q      # the four neighbours, unrolled: asked of every space beside the map for each menu
    if (x, y - 1) in tiles or (x + 1, y) in tiles or (x, y + 1) in tiles or (x - 1, y) in tiles:
        return None
    return Reason(f"{fmt_pos(q)} touches no tile of the map: a new tile goes next to one.", "MAP-34")


def placement_spaces(g: Game) -> list[Pos]:
    """Where a new tile may go: the spaces :func:`check_placement_space` allows."""
    return [q for q in _open_neighbours(g) if check_placement_space(g, q) is None]


def has_placement_space(g: Game) -> bool:
    """Whether :func:`placement_spaces` offers any space (stopped at the first)."""
    tiles = g.state.board.tiles
    return any(q not in tiles for p in tiles for _, q in adjacent(p))


def touching(g: Game, p: Pos) -> int:
    """How many tiles share an edge with ``p`` (walls ignored; AMB-44).  With the house
    rule ``collapse_touch_open_edges`` only tiles met across an open edge count."""
    tiles = g.state.board.tiles
    if "collapse_touch_open_edges" in g.setup.house_rules:
        return sum(1 for _, q in adjacent(p) if q in tiles and not edge_blocked(g, p, q))
    x, y = p      # the four neighbours, unrolled: the Collapse asks this of every tile at every step
    return ((x, y - 1) in tiles) + ((x + 1, y) in tiles) + ((x, y + 1) in tiles) + ((x - 1, y) in tiles)


def moving_entrance(g: Game) -> bool:
    """VAR-04: the Moving Entrance variant is on — ``board.entrance`` is then the space
    holding the Entrance piece, and the Entrance tile is a normal Cave tile (VAR-05)."""
    return bool(g.config.extra.get("moving_entrance"))


def unoccupied(g: Game, p: Pos) -> bool:
    """MAP-08: no player piece and no token on the space (the Entrance piece is neither, VAR-08)."""
    board = g.state.board
    return not board.pieces_at(p) and not any(n > 0 for n in board.tokens.get(p, {}).values())


def occupant(g: Game, p: Pos) -> str | None:
    """MAP-08: who or what makes ``p`` occupied, as players read it (a piece, else a
    token), or None when it is unoccupied (:func:`unoccupied`)."""
    board = g.state.board
    pieces = board.pieces_at(p)
    if pieces:
        return f"the {piece_name(sorted(pieces)[0])}"
    toks = [k for k, n in board.tokens.get(p, {}).items() if n > 0]
    return f"a {toks[0].replace('_', ' ')} token" if toks else None


def check_entrance_move(g: Game, p: Pos, q: Pos) -> Reason | None:
    """VAR-06/07: may the Entrance piece go from its collapsing tile at ``p`` to ``q``: an
    adjacent Lit tile, not through a wall (a Rockslide is one, a Bomb opens one), with no
    piece and no token on it."""
    if q not in [x for _, x in adjacent(p)]:
        return Reason(f"The Entrance piece moves to a tile next to {fmt_pos(p)}.", "VAR-06")
    tile = g.state.board.tiles.get(q)
    if tile is None or not tile.lit:
        return Reason(f"The Entrance piece moves onto a Lit tile, and {fmt_pos(q)} is not one.", "VAR-06")
    if edge_blocked(g, p, q):
        return Reason(f"A wall stands between {fmt_pos(p)} and {fmt_pos(q)}: the Entrance piece does not pass walls.",
                      "VAR-06")
    who = occupant(g, q)
    return Reason(f"The Entrance piece moves onto an unoccupied tile: {who} is on {fmt_pos(q)}.", "VAR-07") if who else None


def entrance_destinations(g: Game, p: Pos) -> list[Pos]:
    """VAR-06: where the Entrance piece may go when its tile at ``p`` collapses: the
    adjacent spaces :func:`check_entrance_move` allows.  Terrain tiles, also forbidden,
    are not in this version of the game."""
    return sorted(q for _, q in adjacent(p) if check_entrance_move(g, p, q) is None)


def lit_reachable_from_entrance(g: Game, ignore: Pos | None = None) -> set[Pos]:
    """Lit tiles joined to the Entrance through open edges (MAP-17, AMB-07); Terrain
    spaces one may walk on carry the path too (their edges are open, TR-10/11)."""
    start = g.state.board.entrance
    if not is_lit(g, start):
        return set()
    seen = {start}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for _, q in adjacent(p):
            if q in seen or q == ignore or not (is_lit(g, q) or _walkable_terrain(g, q)):
                continue
            if edge_blocked(g, p, q):
                continue
            seen.add(q)
            queue.append(q)
    return seen


def _walkable_terrain(g: Game, p: Pos) -> bool:
    t = g.state.board.tiles.get(p)
    return t is not None and t.terrain is not None and t.terrain.kind != "impassable"


def components(g: Game) -> list[set[Pos]]:
    """Connected sections of the map (tiles sharing edges, walls ignored; MAP-07, MAP-36)."""
    tiles = set(g.state.board.tiles)
    out: list[set[Pos]] = []
    while tiles:
        first = min(tiles)
        comp = {first}
        queue = deque([first])
        while queue:
            p = queue.popleft()
            for _, q in adjacent(p):
                if q in tiles and q not in comp:
                    comp.add(q)
                    queue.append(q)
        tiles -= comp
        out.append(comp)
    return out


def visible(g: Game, a: Pos, b: Pos) -> bool:
    """MAP-10/11: a straight cardinal line with no wall, Dark tile or open space between
    (a Terrain space, neither Lit nor Dark, does not block it: TR-13)."""
    if a == b:
        return True
    if a[0] != b[0] and a[1] != b[1]:
        return False
    tiles = g.state.board.tiles
    if a not in tiles or b not in tiles:
        return False
    d = direction_between(a, _unit_step(a, b))
    p = a
    while p != b:
        q = step(p, d)
        if edge_blocked(g, p, q):
            return False
        if q not in tiles:
            return False
        if q != b and tiles[q].dark:
            return False
        p = q
    return True


def _unit_step(a: Pos, b: Pos) -> Pos:
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    return (a[0] + dx, a[1] + dy)


def distinct_rotations(g: Game, tile_id: str) -> list[int]:
    """Rotations that give different wall layouts (an open tile has one, a tunnel two)."""
    rots = g.rotations_cache.get(tile_id)
    if rots is None:
        seen: dict[tuple[bool, ...], int] = {}
        for r in range(4):
            seen.setdefault(tile_walls(g, tile_id, r), r)
        rots = g.rotations_cache[tile_id] = tuple(sorted(seen.values()))
    return list(rots)


def _connects(g: Game, p: Pos, walls: tuple[bool, bool, bool, bool], reach: set[Pos]) -> bool:
    for d, q in adjacent(p):
        if walls[d] and edge(p, q) not in g.state.board.bombs:
            continue
        if q not in reach or edge(p, q) in g.state.board.rockslides:
            continue
        if has_wall(g, q, opposite(d)) and edge(p, q) not in g.state.board.bombs:
            continue
        return True
    return False


def orientation_choices(g: Game, p: Pos, came_from: Pos | None = None) -> list[int]:
    """Legal rotations for a tile just revealed at ``p``.

    General rule (MAP-17/18): an open edge must lead to the Entrance through open
    edges of Lit tiles, unless impossible.  The Knight entering through an open
    side must put an open side toward the tile she left (MAP-28); a role's own rule
    wins when both cannot be met (MAP-16).  Entering through a wall with the
    Ancient Map frees that side (MAP-29): pass ``came_from=None``.
    """
    tile_id = g.state.board.tiles[p].tile_id
    rots = distinct_rotations(g, tile_id)
    printed = g.tile(tile_id).walls
    reach = lit_reachable_from_entrance(g, ignore=p)
    if came_from is not None:
        d = direction_between(p, came_from)
        role_ok = [r for r in rots if not rotate_walls(printed, r)[d]]
        if role_ok:
            rots = role_ok
    both = [r for r in rots if _connects(g, p, rotate_walls(printed, r), reach)]
    return both or rots


def rotation_label(g: Game, tile_id: str, rot: int) -> str:
    return _walls_label(tile_walls(g, tile_id, rot))


@lru_cache(maxsize=16)
def _walls_label(walls: tuple[bool, bool, bool, bool]) -> str:
    """"walls north, south" (cached: a pure function of the 16 wall patterns)."""
    names = [n for n, w in zip(("north", "east", "south", "west"), walls, strict=True) if w]
    return "no walls" if not names else "walls " + ", ".join(names)


# ------------------------------------------------------------- mutations
def place_tile(g: Game, tile_id: str, p: Pos, by: str, how: str = "places") -> None:
    """Put a tile Dark side up on an open space (MAP-34)."""
    board = g.state.board
    assert p not in board.tiles, p
    board.tiles[p] = _placed(tile_id)
    board.tile_changes += 1                         # knowledge.Watch: the Dark tiles may have changed
    tribe = g.tile(tile_id).tribe
    if by == "goblins":   # "The Goblins draw and place…": a plural subject
        how = how.replace("draws", "draw").replace("places", "place")
    g.log("tile_placed", f"{_who(by)} {how} a Dark tile ({(tribe or '').title()}) at {fmt_pos(p)}.",
          {"cave": f"It is the {base_name(g, tile_id)}."} if g.has("cave") else None,
          pos=p, by=by)
    if g.state.goblins is not None and g.state.goblins.lurking:   # GB-85: a lurking Tribe is revealed
        lurker_revealed = g.hooks.goblins.lurker_revealed
        lurker_revealed(g, p)


def _placed(tile_id: str):  # small helper to avoid importing state at module import time
    from ..state import PlacedTile

    return PlacedTile(tile_id, lit=False)


def _who(role: str) -> str:
    return {"knight": "The Knight", "goblins": "The Goblins", "dragon": "The Dragon",
            "cave": "The Cave", "thief": "The Thief", "ghoul": "The Ghoul",
            "vile_ghoul": "The Vile Ghoul"}.get(role, role.title())


def flip(g: Game, p: Pos, by: str) -> str:
    """Turn a Dark tile Lit side up; hidden information becomes public (a barrier)."""
    board = g.state.board
    t = board.tiles[p]
    assert not t.lit
    t.lit = True
    board.tile_changes += 1                         # knowledge.Watch: the Dark tiles changed
    t.rot = 0
    g.barrier()
    kind = g.tile(t.tile_id).type
    if kind == "crystal":
        pass
    g.log("tile_revealed", f"{_who(by)} reveals {TYPE_NAMES[kind]} tile at {fmt_pos(p)}.", pos=p, type=kind, by=by)
    return kind


def set_rotation(g: Game, p: Pos, rot: int) -> None:
    g.state.board.tiles[p].rot = rot
    # CV-29: a Rockslide stays on a revealed tile's edge unless a wall is now there.
    for d, q in adjacent(p):
        e = edge(p, q)
        if e in g.state.board.rockslides and has_wall(g, p, d):
            g.state.board.rockslides.discard(e)
            g.state.supply["rockslide"] += 1
            g.log("rockslide_returned", f"The Rockslide at {fmt_pos(p)} returns to the Cave (a wall is there now).")


def clear_edge_tokens(g: Game, p: Pos, reason: str) -> None:
    """Bombs and Rockslides on a tile's edges leave when it is rotated or removed
    (KN-77, CV-28; a bomb goes to the box, a Rockslide back to the Cave)."""
    board = g.state.board
    for _, q in adjacent(p):
        e = edge(p, q)
        if e in board.bombs:
            board.bombs.discard(e)
            g.log("bomb_removed", f"A Bomb token at {fmt_pos(p)} leaves the game ({reason}).")
        if e in board.rockslides:
            board.rockslides.discard(e)
            g.state.supply["rockslide"] += 1
            g.log("rockslide_returned", f"A Rockslide at {fmt_pos(p)} returns to the Cave ({reason}).")


def tiles_left(g: Game) -> int:
    hand = len(g.state.cave.hand) if g.state.cave is not None else 0
    return len(g.state.stack) + hand


# ------------------------------------------------------------ procedures
def fill_open_edges(g: Game, creator: str) -> Proc:
    """Fill every open space facing an open edge with a Dark tile (MAP-20..27).

    With a Cave player the Cave picks a tile from its hand for each space, one at a
    time, drawing after each (place one, draw one; MAP-26/27); on its own turn
    Crystal tiles go first (CV-04).  Without one, the player who made the edges
    draws from the top of the stack (MAP-21).  Never during the Collapse (MAP-24).
    """
    while not g.state.collapse:
        need = spaces_to_fill(g)
        if not need:
            return
        cave = g.state.cave
        if cave is not None:
            if not cave.hand:
                draw_to_cave_hand(g)   # COL-02: tiles sent back to the stack may fill edges at once
            if not cave.hand:
                return
            opts = []
            spaces = [(fmt_pos(q), space(q)) for q in need]
            choices = hand_choices(g, g.state.active == "cave")
            names = hand_names(g, choices)
            for tile_id in choices:
                name, from_hand = names[tile_id], Target("hand_tile", tile_id, drag_from=f"hand:{tile_id}")
                for at, target in spaces:
                    opts.append(Option(f"fill:{tile_id}@{at}", f"Place the {name} at {at}", (target, from_hand)))
            choice = yield g.ask("cave", DecisionKind.FILL_OPEN_EDGE,
                                 f"Fill the open edge{'s' if len(need) > 1 else ''}: place a Dark tile on "
                                 + ", ".join(fmt_pos(q) for q in need), opts)
            tile_id, where = arg_parts(choice.id, "@")
            q = _pos(where)
            cave.hand.remove(tile_id)
            place_tile(g, tile_id, q, "cave")
            draw_to_cave_hand(g)
        else:
            if not g.state.stack:
                return
            tile_id = g.state.stack.pop(0)
            g.barrier()   # a draw from the stack shows the next tile: no undo across it
            place_tile(g, tile_id, need[0], creator, "draws and places")


def _hand_label(g: Game, tile_id: str) -> str:
    t = g.tile(tile_id)
    return f"{TYPE_NAMES[t.type]} ({(t.tribe or '').title()})"


def _pos(s: str) -> Pos:
    x, y = s.split(",")
    return (int(x), int(y))


def crystal_first(g: Game, hand: Iterable[str]) -> list[str]:
    """CV-04: on the Cave's own turn Crystal tiles in hand go first."""
    hand = list(hand)
    crystals = [t for t in hand if g.tile(t).type == "crystal"]
    return crystals or hand


def check_hand_tile(g: Game, tile_id: str, crystals_first: bool) -> Reason | None:
    """CV-07 (the Cave places a tile from its hand), CV-04 (``crystals_first``: on its own
    turn the Crystal tiles in its hand go first)."""
    cave = g.state.cave
    assert cave is not None
    if tile_id not in cave.hand:
        where = next((p for p, pt in g.state.board.tiles.items() if pt.tile_id == tile_id), None)
        if where is not None:
            return Reason(f"That tile is not in your hand: it is on the map at {fmt_pos(where)}.", "CV-07")
        if tile_id in g.state.removed_from_game:
            return Reason("That tile is not in your hand: it has left the game.", "CV-07")
        return Reason("That tile is not in your hand.", "CV-07")
    if (crystals_first and g.tile(tile_id).type != "crystal"
            and any(g.tile(t).type == "crystal" for t in cave.hand)):
        crystals = sorted({t for t in cave.hand if g.tile(t).type == "crystal"})
        return Reason(f"On your own turn the Crystal tiles in your hand go first: place the "
                      f"{' or '.join(_hand_label(g, c) for c in crystals)} before the {_hand_label(g, tile_id)}.",
                      "CV-04")
    return None


def hand_choices(g: Game, crystals_first: bool) -> list[str]:
    """The tiles of the Cave's hand it may place now (each once, in order): those
    :func:`check_hand_tile` allows."""
    cave = g.state.cave
    assert cave is not None
    return [t for t in sorted(set(cave.hand)) if check_hand_tile(g, t, crystals_first) is None]


def draw_to_cave_hand(g: Game) -> None:
    """CV-03: draw a replacement after each placement."""
    cave = g.state.cave
    assert cave is not None
    while len(cave.hand) < g.rules.cave.hand_size and g.state.stack:
        cave.hand.append(g.state.stack.pop(0))
        g.barrier()


def events_live(g: Game) -> bool:
    """AMB-54: once the Event deck is empty, Event tiles and Event tokens are ignored."""
    return bool(g.state.event_deck)


def reveal_tokens(g: Game, p: Pos, kind: str, knight_entered: bool) -> None:
    """MAP-31: tokens put on a tile when it is revealed.  An Event tile gets an Event
    token unless the Knight revealed it by entering (she resolves a card instead), and
    none once the Event deck is empty (AMB-54)."""
    toks = g.state.board.tokens_at(p)
    if kind == "event" and not knight_entered and g.has("knight") and events_live(g):
        if take_token(g, "event"):
            toks["event"] += 1
    elif kind in ("treasure", "crystal"):
        if take_token(g, kind):
            toks[kind] += 1
    elif kind == "vault" and g.has("thief"):
        toks["vault"] += 1


def take_token(g: Game, token: str) -> bool:
    """Take a token from its supply if one is left (SET-29: no proxies)."""
    if g.state.supply[token] <= 0:
        return False
    g.state.supply[token] -= 1
    return True


def return_token(g: Game, token: str, n: int = 1) -> None:
    """Tokens leaving the map go back to their owner's supply (COL-13, KN-69)."""
    if token in ("treasure", "crystal", "event", "rockslide"):
        g.state.supply[token] += n


def dirs_with_tiles(g: Game, p: Pos) -> list[int]:
    return [d for d in DIRS if step(p, d) in g.state.board.tiles]
