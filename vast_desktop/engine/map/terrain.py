"""The Terrain variant (rulebook "8 Terrain Tiles", FAQ "Terrain Variant", VAR-13).

A Terrain tile covers one or more map spaces.  Each of its spaces is a
:class:`~.state.PlacedTile` whose ``terrain`` names the tile, the space's kind
(plain, impassable, the Canyon's bridge) and the River's current: the space is on
the map (it touches, connects, slides and collapses like a tile) but is neither
Lit nor Dark (TR-13).  Here: which Terrain is on, the shape of a placed tile,
where one may go (TR-04..09, TR-16, TR-28), taking one off (COL-27/28) and the
movement rules every role shares (TR-11, TR-17, TR-29).

The footprints in ``rules_data/tiles.yaml`` are our design (provisional); a tile
is turned a quarter at a time like a Cave tile, and the placer chooses the turn.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target, button, space
from ..geometry import DIR_NAMES, Pos, adjacent, fmt_pos, manhattan, parse_pos, step, surrounding
from ..kinds import DecisionKind
from ..option_ids import arg_of, arg_parts, at, pos_arg
from ..reasons import Reason
from ..state import PlacedTile, TerrainMark
from .board import _who as who
from .board import (
    clear_edge_tokens,
    draw_to_cave_hand,
    edge_blocked,
    events_live,
    fill_open_edges,
    hand_choices,
    owner,
    piece_name,
    place_tile,
    return_token,
    tiles_left,
)
from .hand_names import hand_names

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game, Proc

# Terrain kinds whose effects this engine plays; the others are never placed.
READY_KINDS = ("canyon", "lake", "magma", "river", "pits", "mushroom_forest")
KIND_NAMES = MappingProxyType({"canyon": "Canyon", "lake": "Lake", "magma": "Magma", "mushroom_forest": "Mushroom Forest",
                               "pits": "Pits", "river": "River"})


# ------------------------------------------------------------------ queries
def terrain_on(g: Game) -> bool:
    """TR-01: the Terrain variant (or Random Terrain, VAR-13) was chosen at setup."""
    return bool(g.config.extra.get("terrain"))


def random_terrain(g: Game) -> bool:
    return bool(g.config.extra.get("random_terrain"))


def mark(g: Game, p: Pos) -> TerrainMark | None:
    t = g.state.board.tiles.get(p)
    return None if t is None else t.terrain


def is_terrain(g: Game, p: Pos) -> bool:
    return mark(g, p) is not None


def is_cave_tile(g: Game, p: Pos) -> bool:
    """A normal (Lit or Dark) Cave tile."""
    t = g.state.board.tiles.get(p)
    return t is not None and t.terrain is None


def kind_at(g: Game, p: Pos) -> str | None:
    """The Terrain type of the space (lake, magma ...), None off Terrain."""
    m = mark(g, p)
    return None if m is None else g.rules.terrain_tile(m.tile).kind


def impassable(g: Game, p: Pos) -> bool:
    """TR-17: the Canyon's outer spaces."""
    m = mark(g, p)
    return m is not None and m.kind == "impassable"


def bridge(g: Game, p: Pos) -> bool:
    m = mark(g, p)
    return m is not None and m.kind == "bridge"


def cells_of(g: Game, tile: str) -> list[Pos]:
    """The spaces a Terrain tile covers now (empty when it is off the map)."""
    return sorted(p for p, t in g.state.board.tiles.items() if t.terrain is not None and t.terrain.tile == tile)


def tiles_on_map(g: Game) -> list[str]:
    return sorted({t.terrain.tile for t in g.state.board.tiles.values() if t.terrain is not None})


def pits(g: Game) -> list[Pos]:
    return sorted(p for p, t in g.state.board.tiles.items()
                  if t.terrain is not None and g.rules.terrain_tile(t.terrain.tile).kind == "pits")


def pit_links(g: Game, p: Pos) -> list[Pos]:
    """TR-29: each Pit counts as adjacent to the other Pits."""
    if kind_at(g, p) != "pits":
        return []
    return [q for q in pits(g) if q != p]


def step_ok(g: Game, p: Pos, q: Pos) -> bool:
    """Normal movement from ``p`` to the adjacent ``q`` (TR-11, TR-17): a space on the map,
    no wall on the shared edge, neither space impassable.  Pit to Pit (TR-29) is a step
    too."""
    tiles = g.state.board.tiles
    t = tiles.get(q)
    if t is None:
        return False
    here = tiles.get(p)
    if here is None or here.terrain is None:    # from a Cave tile: no Pit links, ``p`` not impassable
        return not (t.terrain is not None and t.terrain.kind == "impassable") and not edge_blocked(g, p, q)
    if q in pit_links(g, p):
        return True
    if impassable(g, p) or impassable(g, q):
        return False
    return not edge_blocked(g, p, q)


def neighbours(g: Game, p: Pos) -> list[Pos]:
    """The adjacent spaces plus, from a Pit, the other Pits (TR-29)."""
    return [q for _, q in adjacent(p)] + pit_links(g, p)


# ------------------------------------------------------------- footprints
def _rot_cell(x: int, y: int, r: int) -> tuple[int, int]:
    for _ in range(r % 4):
        x, y = -y, x          # a quarter turn clockwise (y grows southward)
    return x, y


def footprint(g: Game, tile: str, rot: int) -> list[tuple[Pos, TerrainMark]]:
    """The tile's spaces turned ``rot`` quarter turns clockwise, as offsets from its
    top-left-most space (the anchor), with their marks (worked out once per game: the
    placement searches ask for it at every candidate anchor)."""
    key = (tile, rot % 4)
    cached = g.footprint_cache.get(key)
    if cached is None:
        data = g.rules.terrain_tile(tile)
        cells = []
        for s in data.spaces:
            off = _rot_cell(s.x, s.y, rot)
            cur = None if s.current is None else (DIR_NAMES.index(s.current) + rot) % 4
            cells.append((off, TerrainMark(tile, s.kind, cur)))
        ax, ay = min(off for off, _ in cells)
        cached = g.footprint_cache[key] = tuple(sorted(((x - ax, y - ay), m) for (x, y), m in cells))
    return list(cached)


def distinct_turns(g: Game, tile: str) -> list[int]:
    seen: dict[tuple[tuple[Pos, TerrainMark], ...], int] = {}
    for r in range(4):
        seen.setdefault(tuple(footprint(g, tile, r)), r)
    return sorted(seen.values())


Placement = tuple[int, Pos]          # (rotation, anchor space)


def cells_for(g: Game, tile: str, rot: int, anchor: Pos) -> list[tuple[Pos, TerrainMark]]:
    return [((anchor[0] + dx, anchor[1] + dy), m) for (dx, dy), m in footprint(g, tile, rot)]


class _Ground:
    """Where a Terrain tile may lie now (TR-09), read off the map once for a whole
    placement search: the spaces taken, the spaces next to other Terrain (even
    diagonally) and the Cave tiles.  ``also_terrain``: spaces counted as Terrain
    although not yet placed (the Pits still to come, TR-28)."""

    def __init__(self, g: Game, also_terrain: set[Pos] | frozenset[Pos]) -> None:
        tiles = g.state.board.tiles
        terrain = [p for p, t in tiles.items() if t.terrain is not None] + list(also_terrain)
        self.taken = set(tiles) | set(also_terrain)
        self.by_terrain = {q for p in terrain for q in surrounding(p)}
        self.cave = {p for p, t in tiles.items() if t.terrain is None}

    def fits(self, cells: list[tuple[Pos, TerrainMark]]) -> bool:
        """TR-09 (and TR-16 for the Canyon): every space open, no other Terrain around
        (even diagonally), at least one edge shared with a Cave tile; the Canyon's Bridge
        touches one."""
        touches_cave = False
        for p, m in cells:
            if p in self.taken or p in self.by_terrain:
                return False
            cave_side = any(q in self.cave for _, q in adjacent(p))
            touches_cave = touches_cave or cave_side
            if m.kind == "bridge" and not cave_side:
                return False
        return touches_cave


def _candidates(g: Game, tile: str) -> Iterator[tuple[Placement, list[tuple[Pos, TerrainMark]]]]:
    """Each (rotation, anchor) with a space of the tile next to the map, and its cells, in
    rotation then anchor order (the placement searches keep this order)."""
    tiles = g.state.board.tiles
    near: set[Pos] = set()
    for p in tiles:
        for _, q in adjacent(p):
            if q not in tiles:
                near.add(q)
    for rot in distinct_turns(g, tile):
        fp = footprint(g, tile, rot)
        anchors: set[Pos] = set()
        for q in near:                      # some space of the tile must be next to the map
            for (dx, dy), _ in fp:
                anchors.add((q[0] - dx, q[1] - dy))
        for a in sorted(anchors):
            yield (rot, a), [((a[0] + dx, a[1] + dy), m) for (dx, dy), m in fp]


def placements(g: Game, tile: str, also_terrain: set[Pos] = frozenset()) -> list[Placement]:  # type: ignore[assignment]
    """Every legal (rotation, anchor) for the tile now (TR-09)."""
    ground = _Ground(g, also_terrain)
    return [pl for pl, cells in _candidates(g, tile) if ground.fits(cells)]


def can_place(g: Game, tile: str) -> bool:
    """Whether the tile has a legal placement now (TR-09): :func:`placements`, stopped at
    the first found."""
    ground = _Ground(g, frozenset())
    return any(ground.fits(cells) for _, cells in _candidates(g, tile))


def distance(cells: list[Pos], origin: Pos) -> int:
    return min(manhattan(c, origin) for c in cells)


def closest(g: Game, tile: str, origin: Pos) -> list[Placement]:
    """TR-07: the legal placements as close as possible to the revealing piece — the
    candidates are tried nearest first, so the first distance with a legal one answers
    (in :func:`placements` order)."""
    by_distance: dict[int, list[tuple[Placement, list[tuple[Pos, TerrainMark]]]]] = {}
    for pl, cells in _candidates(g, tile):
        by_distance.setdefault(distance([c for c, _ in cells], origin), []).append((pl, cells))
    ground = _Ground(g, frozenset())
    for d in sorted(by_distance):
        found = [pl for pl, cells in by_distance[d] if ground.fits(cells)]
        if found:
            return found
    return []


# ------------------------------------------------------------------ Pits
def _pit_spots(g: Game, taken: list[Pos]) -> list[Pos]:
    return [a for _, a in placements(g, "pits_1", also_terrain=set(taken))]


def _far(spots: list[Pos], fixed: list[Pos]) -> list[Pos]:
    """TR-28: as far as possible from the first Pit and the Pits already placed."""
    if not spots:
        return []
    score = {q: min(manhattan(q, f) for f in fixed) for q in spots}
    best = max(score.values())
    return [q for q in spots if score[q] == best]


def pit_choices(g: Game, origin: Pos, taken: list[Pos]) -> list[Pos]:
    """Where the next Pit may go (TR-28): the first as close as possible to the revealer,
    the others as far as possible from it and each other — only spots from which all three
    Pits can still be placed."""
    return list(_pit_choices(g, origin, taken))


def can_place_pits(g: Game, origin: Pos) -> bool:
    """Whether all three Pits can be placed (TR-28): :func:`pit_choices`, stopped at the first."""
    return next(_pit_choices(g, origin, []), None) is not None


def _pit_choices(g: Game, origin: Pos, taken: list[Pos]) -> Iterator[Pos]:
    """:func:`pit_choices` one by one; a spot is kept once one way to place the remaining
    Pits after it is found."""
    spots = _pit_spots(g, taken)
    if not taken:
        if not spots:
            return
        best = min(manhattan(q, origin) for q in spots)
        cand = [q for q in spots if manhattan(q, origin) == best]
    else:
        cand = _far(spots, taken)
    if len(taken) == 2:
        yield from cand
        return
    for q in cand:
        if next(_pit_choices(g, origin, [*taken, q]), None) is not None:
            yield q


# ------------------------------------------------------------ placement
def _origin(g: Game, event_pos: Pos, revealer: str) -> Pos:
    board = g.state.board
    if revealer == "goblins" and g.state.goblins is not None:
        for t in reversed(g.state.goblins.activated):
            q = board.pieces.get(f"tribe:{t}")
            if q is not None:
                return q
    return board.pieces.get(revealer, event_pos)


def available(g: Game) -> dict[str, list[str]]:
    """Terrain tiles off the map, by kind.  The Pits come only as the set of three (TR-28:
    "you may place all three Pits ... If only 1 or 2 Pit tiles can be legally placed, you
    must place a different Terrain tile instead").

    Reading (the texts say nothing of a lone Pit): each Pit is a Terrain tile of its own,
    so the Collapse (COL-27), Wrath or Cave-In (COL-28) takes off one Pit and leaves the
    others where they are, still adjacent to each other (TR-29).  A Pit off the map "may be
    placed again later" (COL-28), but Pits are only ever placed three together, so it
    comes back once all three are off the map again (before the Collapse, TR-05)."""
    on = set(tiles_on_map(g))
    out: dict[str, list[str]] = {}
    for t in g.rules.terrain:
        if t.kind in READY_KINDS and t.id not in on:
            out.setdefault(t.kind, []).append(t.id)
    if len(out.get("pits", [])) < 3:
        out.pop("pits", None)
    return out


def check_terrain_kind(g: Game, origin: Pos, kind: str) -> Reason | None:
    """TR-04 (the Terrain tiles of this version), VAR-13 (Random Terrain: the card drawn),
    COL-28 (a Terrain tile comes back only once off the map), TR-28 (the Pits: all three, and
    all three placeable from the revealer at ``origin``), TR-09 (a legal place): may the
    Event tile revealed now bring a Terrain tile of ``kind``?"""
    name = KIND_NAMES.get(kind, kind.title())
    if kind not in READY_KINDS:
        return Reason(f"The {name} is not placed in this version of the game.", "TR-04")
    drawn = g.state.terrain_drawn
    if random_terrain(g) and drawn and drawn[-1] != kind:
        return Reason(f"Random Terrain: the card drawn is the {KIND_NAMES[drawn[-1]]}.", "VAR-13")
    avail = available(g)
    if kind not in avail:
        if kind == "pits":
            return Reason("The Pits are placed only as a set of three, and not all three are off the map.", "TR-28")
        return Reason(f"The {name} is on the map already: a Terrain tile is placed again only once it has left the "
                      "map.", "terrain.collapse")
    if kind == "pits":
        if not can_place_pits(g, origin):
            return Reason("Fewer than 3 Pits could be placed legally now, so another Terrain tile must be chosen.",
                          "TR-28")
        return None
    if not can_place(g, avail[kind][0]):
        return Reason(f"The {name} has no legal place now: a Terrain tile touches no other Terrain, even at a corner, "
                      "and shares an edge with a Cave tile.", "TR-09")
    return None


def event_revealed(g: Game, event_pos: Pos, revealer: str) -> Proc:
    """TR-04..09, VAR-13: the first Event tile revealed each round brings a Terrain tile,
    placed after the new open edges were filled (the caller fills first, TR-08)."""
    st = g.state
    if not terrain_on(g) or st.collapse or st.terrain_round == st.round:     # TR-05, COL-32
        return
    if "terrain_needs_event_cards" in g.setup.house_rules and not events_live(g):    # AMB-54 house rule
        g.log("terrain_none", "The Event deck is empty: Event tiles are ignored and bring no Terrain "
              "(house rule).")
        return
    st.terrain_round = st.round
    placer = "cave" if g.has("cave") else revealer                            # TR-06
    origin = _origin(g, event_pos, revealer)
    avail = available(g)
    if random_terrain(g):                                                     # VAR-13
        if not st.terrain_deck:
            g.log("terrain_none", "No Terrain card is left to draw: no Terrain is placed.")
            return
        card = st.terrain_deck.pop(0)
        st.terrain_drawn.append(card)
        g.barrier()
        g.log("terrain_card", f"Terrain card drawn: {KIND_NAMES[card]}.", terrain=card)
        avail = {k: v for k, v in avail.items() if k == card}
    kinds = [k for k in sorted(avail) if check_terrain_kind(g, origin, k) is None]            # TR-04/09/28, VAR-13
    if not kinds:
        g.log("terrain_none", "No Terrain tile can be placed.")
        return
    if len(kinds) == 1:
        kind = kinds[0]
    else:
        opts = [Option(f"terrain:{k}", f"Place the {KIND_NAMES[k]}", (Target("card", f"terrain:{k}"),)) for k in kinds]
        choice = yield g.ask(placer, DecisionKind.TERRAIN_CHOOSE, "An Event tile was revealed: choose a Terrain tile to place",
                             opts, rules_ref="terrain.placement", about={"origin": fmt_pos(origin)})
        kind = arg_of(choice.id)
    if kind == "pits":
        yield from _place_pits(g, placer, origin)
        return
    yield from place_nearest(g, avail[kind][0], origin, placer)


def check_placement_distance(g: Game, tile: str, origin: Pos, pl: Placement,
                             legal: list[Placement] | None = None, over: Pos | None = None) -> Reason | None:
    """TR-07: a legal placement ``pl`` of ``tile`` (one of ``legal``, :func:`placements`) is
    offered only at the shortest distance from the revealing piece at ``origin`` (``over``:
    the space clicked, for the sentence)."""
    legal = placements(g, tile) if legal is None else legal
    far = _placement_distance(g, tile, pl, origin)
    best = min(_placement_distance(g, tile, x, origin) for x in legal)
    if far > best:
        name = KIND_NAMES[g.rules.terrain_tile(tile).kind]
        there = f"over {fmt_pos(over)}" if over is not None else "there"
        return Reason(f"The {name} may lie {there} only {far} spaces from {fmt_pos(origin)}: it goes as close as possible "
                      f"to the piece that revealed the Event tile, here {best}.", "TR-07")
    return None


def _placement_distance(g: Game, tile: str, pl: Placement, origin: Pos) -> int:
    rot, anchor = pl
    return distance([c for c, _ in cells_for(g, tile, rot, anchor)], origin)


def check_terrain_space(g: Game, tile: str, origin: Pos, q: Pos) -> Reason | None:
    """TR-09 (open spaces, touching no other Terrain even at a corner, an edge on a Cave
    tile), TR-07 (as close as possible to the revealer at ``origin``): may a placement of
    ``tile`` offered now cover ``q``?"""
    name = KIND_NAMES[g.rules.terrain_tile(tile).kind]
    if q in g.state.board.tiles:
        return Reason(f"There is a tile at {fmt_pos(q)}: the {name} goes on open spaces only, touching no other "
                      "Terrain.", "TR-09")
    legal = placements(g, tile)
    covering = [pl for pl in legal if q in [c for c, _ in cells_for(g, tile, pl[0], pl[1])]]
    if not covering:
        return Reason(f"No legal placement of the {name} covers {fmt_pos(q)}: it must touch no other Terrain, even at "
                      "a corner, and share an edge with a Cave tile.", "TR-09")
    nearest = min(covering, key=lambda pl: _placement_distance(g, tile, pl, origin))
    return check_placement_distance(g, tile, origin, nearest, legal, q)


def place_nearest(g: Game, tile: str, origin: Pos, placer: str) -> Proc:
    """Lay ``tile`` (not the Pits) as close as possible to ``origin`` (TR-07), ``placer``
    choosing among the nearest legal spots (TR-09); a Canyon then gets its Dark tile
    beyond the Bridge (TR-10, TR-16).  The caller makes sure a spot exists."""
    kind = g.rules.terrain_tile(tile).kind
    legal = placements(g, tile)
    spots = [pl for pl in legal if check_placement_distance(g, tile, origin, pl, legal) is None]     # TR-07, TR-09
    if len(spots) == 1:
        rot, anchor = spots[0]
    else:
        opts = []
        for rot, a in spots:
            cells = cells_for(g, tile, rot, a)
            opts.append(Option(f"terrain_at:{rot}@{fmt_pos(a)}",
                               f"Place the {KIND_NAMES[kind]} on " + ", ".join(fmt_pos(c) for c, _ in cells)
                               + _shape_note(cells),
                               tuple(space(c) for c, _ in cells)))
        choice = yield g.ask(placer, DecisionKind.TERRAIN_PLACE, f"Place the {KIND_NAMES[kind]} as close as possible to "
                             f"{fmt_pos(origin)}", opts, rules_ref="terrain.placement",
                             about={"origin": fmt_pos(origin), "terrain": KIND_NAMES[kind], "tile": tile})
        r, where = arg_parts(choice.id, "@")
        rot, anchor = int(r), parse_pos(where)
    put(g, tile, rot, anchor, placer)
    if kind == "canyon":                                                      # TR-10, TR-16
        yield from fill_open_edges(g, placer)


def _shape_note(cells: list[tuple[Pos, TerrainMark]]) -> str:
    notes = []
    for c, m in cells:
        if m.kind != "plain":
            notes.append(f"{m.kind} {fmt_pos(c)}")
        if m.current is not None:
            notes.append(f"current {DIR_NAMES[m.current]} at {fmt_pos(c)}")
    return f" ({'; '.join(notes)})" if notes else ""


def check_pit_space(g: Game, origin: Pos, q: Pos) -> Reason | None:
    """TR-09 (an open space, touching no other Terrain even at a corner, an edge on a Cave
    tile), TR-28 (the first Pit as close as possible to the revealer at ``origin``, the
    others as far as possible from the Pits placed, and all three must fit): may the next
    Pit go on ``q``?"""
    if q in g.state.board.tiles:
        return Reason(f"There is a tile at {fmt_pos(q)}: a Pit goes on an open space, touching no other Terrain.", "TR-09")
    taken = pits(g)
    spots = _pit_spots(g, taken)
    if q not in spots:
        return Reason(f"A Pit may not go on {fmt_pos(q)}: it must touch no other Terrain, even at a corner, and share an "
                      "edge with a Cave tile.", "TR-09")
    if not taken:
        best = min(manhattan(x, origin) for x in spots)
        if manhattan(q, origin) > best:
            return Reason(f"{fmt_pos(q)} is {manhattan(q, origin)} spaces from {fmt_pos(origin)}: the first Pit goes as "
                          f"close as possible to the piece that revealed the Event tile, here {best}.", "TR-28")
    elif q not in _far(spots, taken):
        far = max(min(manhattan(x, p) for p in taken) for x in spots)
        mine = min(manhattan(q, p) for p in taken)
        return Reason(f"{fmt_pos(q)} is {mine} spaces from the nearest Pit: the next Pit goes as far as possible from the "
                      f"others, here {far}.", "TR-28")
    if len(taken) < 2 and next(_pit_choices(g, origin, [*taken, q]), None) is None:
        return Reason(f"A Pit on {fmt_pos(q)} would leave no legal place for the other Pits: all three must fit.", "TR-28")
    return None


def _place_pits(g: Game, placer: str, origin: Pos) -> Proc:
    taken: list[Pos] = []
    for i, tile in enumerate(("pits_1", "pits_2", "pits_3")):
        spots = [q for q in _pit_spots(g, taken) if check_pit_space(g, origin, q) is None]      # TR-09, TR-28
        if len(spots) == 1:
            q = spots[0]
        else:
            which = "as close as possible to the revealer" if i == 0 else "as far as possible from the other Pits"
            opts = [Option(at("pit", q), f"Place a Pit at {fmt_pos(q)}", (space(q),)) for q in spots]
            choice = yield g.ask(placer, DecisionKind.TERRAIN_PIT, f"Place Pit {i + 1} of 3 {which}", opts,
                                 rules_ref="terrain.pits", about={"origin": fmt_pos(origin)})
            q = pos_arg(choice.id)
        put(g, tile, 0, q, placer)
        taken.append(q)


def put(g: Game, tile: str, rot: int, anchor: Pos, by: str) -> None:
    """Lay a Terrain tile on the map (no checks: scenarios use it too)."""
    board = g.state.board
    cells = cells_for(g, tile, rot, anchor)
    for c, m in cells:
        assert c not in board.tiles, c
        board.tiles[c] = PlacedTile(tile, lit=False, rot=rot, terrain=m)
    board.tile_changes += 1                         # knowledge.Watch: the tiles changed
    kind = g.rules.terrain_tile(tile).kind
    g.log("terrain_placed", f"{_who(by)} place{'' if by == 'goblins' else 's'} the {KIND_NAMES[kind]} on "
          + ", ".join(fmt_pos(c) for c, _ in cells) + _shape_note(cells) + ".",
          tile=tile, terrain=kind, cells=[c for c, _ in cells], rot=rot, by=by,
          round=g.state.round)
    if g.state.goblins is not None and g.state.goblins.lurking:      # GB-85: a tile under a lurking Tribe
        lurker_revealed = g.hooks.goblins.lurker_revealed
        for c, _ in cells:
            lurker_revealed(g, c)


def _who(role: str) -> str:
    return who(role)


# -------------------------------------------------------------- removal
def exposed_half(g: Game, tile: str) -> bool:
    """COL-27: half or more of the Terrain tile's edges face an open space."""
    cells = set(cells_of(g, tile))
    tiles = g.state.board.tiles
    edges = [q for p in cells for _, q in adjacent(p) if q not in cells]
    open_ = sum(1 for q in edges if q not in tiles)
    return bool(edges) and 2 * open_ >= len(edges)


def take_off(g: Game, tile: str, why: str) -> list[Pos]:
    """The Terrain tile leaves the map (its pieces were moved off first); it may be
    placed again later (COL-28; a Pit alone, with the other two, see :func:`available`).
    Tokens on it go home, edge tokens leave."""
    board = g.state.board
    cells = cells_of(g, tile)
    board.tile_changes += 1                         # knowledge.Watch: the tiles change
    for c in cells:
        del board.tiles[c]
        toks = board.tokens.pop(c, None)
        if toks:
            for token, n in toks.items():
                if n > 0:
                    return_token(g, token, n)
        clear_edge_tokens(g, c, why)
    kind = g.rules.terrain_tile(tile).kind
    g.log("terrain_removed", f"The {KIND_NAMES[kind]} leaves the map ({why}).", tile=tile, terrain=kind, cells=cells)
    return cells


def cells_hit(g: Game, spaces: list[Pos]) -> Iterator[str]:
    """The Terrain tiles with a space among ``spaces`` (each once)."""
    seen: set[str] = set()
    for p in spaces:
        m = mark(g, p)
        if m is not None and m.tile not in seen:
            seen.add(m.tile)
            yield m.tile


def skip_option() -> Option:
    return Option("skip:", "Do not", (button("skip"),))


def lake_lit(g: Game, p: Pos) -> bool:
    """TR-20: a Tribe on the Lake counts Lake spaces as Lit tiles for its movement."""
    return kind_at(g, p) == "lake"


# -------------------------------------------------------------- effects
def downstream(g: Game, q: Pos) -> list[Pos]:
    """TR-32: the River spaces the current carries a piece to from ``q``, nearest first."""
    out: list[Pos] = []
    cur = q
    while True:
        m = mark(g, cur)
        if m is None or m.current is None or kind_at(g, cur) != "river":
            return out
        nxt = step(cur, m.current)
        if kind_at(g, nxt) != "river" or nxt in out or nxt == q:
            return out
        out.append(nxt)
        cur = nxt


def upstream_spaces(g: Game, p: Pos | None, q: Pos) -> int:
    """TR-32/33: how many River spaces a piece enters against the current going from the
    River space ``p`` to the River space ``q`` — the spaces from ``p`` up the River to
    ``q`` (0 when ``q`` is downstream of ``p`` or either is off the River).  For one
    step: 1 when it goes against the arrows."""
    if p is None or kind_at(g, p) != "river":
        return 0
    below = downstream(g, q)
    return below.index(p) + 1 if p in below else 0


def ride(g: Game, piece: str, q: Pos, allowed: Callable[[Pos], bool] | None = None) -> Proc:
    """TR-32: a piece that entered a River space by its own movement may ride the current,
    free, to any River space downstream.  Returns where it ends."""
    dests = [r for r in downstream(g, q) if allowed is None or allowed(r)]
    if not dests:
        return q
    opts = [Option(at("ride", r), f"Ride the current to {fmt_pos(r)}", (space(r),)) for r in dests]
    opts.append(Option("stay:", f"Stay at {fmt_pos(q)}", (button("skip"),)))
    choice = yield g.ask(owner(piece), DecisionKind.TERRAIN_RIDE, f"Ride the River's current with the {piece_name(piece)}, or stay",
                         opts, rules_ref="terrain.river")
    if choice.id == "stay:":
        return q
    r = pos_arg(choice.id)
    g.state.board.pieces[piece] = r
    g.log("move", f"The {piece_name(piece)} rides the River's current to {fmt_pos(r)}.", piece=piece, frm=q, to=r)
    return r


def tribe_moved(g: Game, tribe: str, p: Pos | None, q: Pos, forced: bool = False) -> Proc:
    """The Terrain's toll on a Tribe that went from ``p`` (None: from off the map) to
    ``q`` — by its own step, or (``forced``) moved by another player or off a removed tile
    (FM-01: Giant Bats, the Collapse, Wrath, Cave-In).  Every move of a Tribe comes here.

    - Magma (TR-22): 1 Population each time it leaves a Magma space by its own movement.
      A forced move off Magma costs nothing: "When forced to move, they do not lose
      population by leaving tiles" (FM-07), and Magma acts only at the end of the owner's
      own turn (FAQ, TR-24/FM-16).
    - The Lake (TR-20) and the River (TR-33): 1 Population on entering, from anywhere off
      that tile, and 1 per River space entered against the current — however it got there
      (FAQ, FM-15: "Effects caused by entering spaces, such as Terrain tile ... still apply
      normally when moved by another player").

    Reading (no AMB item covers it): a forced move names only where the piece ends (the
    mover chooses a destination, FM-13/19, not a route), so it enters that space only, as
    the Flame Wall is read in ``forced.entered``; going up the River from ``p`` to ``q``
    enters every River space between them against the current (:func:`upstream_spaces`).
    A forced move gives no ride on the current: that is free movement of the piece's own
    (TR-32)."""
    gb = g.hooks.goblins

    if not forced and p is not None and kind_at(g, p) == "magma":
        yield from gb.reduce_population(g, tribe, 1, "left a Magma space")
    yield from tribe_entered(g, tribe, p, q)


def tribe_entered(g: Game, tribe: str, p: Pos | None, q: Pos) -> Proc:
    """TR-20, TR-33: entering the Lake or the River costs 1 Population, and each River
    space entered against the current 1 more (see :func:`tribe_moved`)."""
    gb = g.hooks.goblins

    if gb.tribe_pos(g, tribe) != q:
        return
    k = kind_at(g, q)
    if k in ("lake", "river") and (p is None or kind_at(g, p) != k):
        yield from gb.reduce_population(g, tribe, 1, f"entered the {KIND_NAMES[k]}")
    else:
        up = upstream_spaces(g, p, q)
        if up:
            yield from gb.reduce_population(g, tribe, up, "moved against the River's current")


def end_of_turn(g: Game, role: str) -> Proc:
    """Magma at the end of the owner's own turn only (TR-21..24): the Knight loses 1 Health
    (never her last), a Tribe drops to 0 Population, the Thief dies, the Dragon is unharmed,
    the Ghoul only skitters (GH-43)."""
    if not terrain_on(g):
        return
    board = g.state.board
    if role == "knight" and g.state.knight is not None and not g.state.knight.dead:
        kp = board.pieces.get("knight")
        if kp is not None and kind_at(g, kp) == "magma" and g.state.knight.health > 1:
            lose_health = g.hooks.knight.lose_health
            lose_health(g, 1, "she ended her turn on Magma", "magma")
    elif role == "goblins" and g.state.goblins is not None:
        gb = g.hooks.goblins
        for t in sorted(g.state.goblins.population):
            tp = gb.tribe_pos(g, t)
            if tp is not None and kind_at(g, tp) == "magma":
                yield from gb.reduce_population(g, t, gb.tribe_population(g, t), "ended its turn on Magma")
    elif role == "thief" and g.state.thief is not None:
        tp = board.pieces.get("thief")
        if tp is not None and kind_at(g, tp) == "magma":
            kill_thief = g.hooks.thief.kill_thief
            yield from kill_thief(g, None, "the Magma")
    elif role in ("ghoul", "vile_ghoul") and g.state.ghoul is not None:
        gp = board.pieces.get(role)
        if gp is not None and kind_at(g, gp) == "magma":
            g.log("ghoul_magma", "The Ghoul ends its turn on Magma: it skitters.")
            yield from g.hooks.ghoul.skitter(g, None)


def in_forest(g: Game, p: Pos | None) -> bool:
    return p is not None and kind_at(g, p) == "mushroom_forest"


def forest_blocks(g: Game, src: Pos | None, dst: Pos | None) -> bool:
    """TR-25/26: a piece in the Mushroom Forest is shielded from effects from outside its
    space and attacks only within it — so an effect between two different spaces is
    blocked when either end is in the Forest (``src`` None: an effect with no piece of
    origin, e.g. Hex, Hiss, Giant Bats).  Die rolls still hit its spaces (AMB-46)."""
    if src is None:
        return in_forest(g, dst)
    return src != dst and (in_forest(g, src) or in_forest(g, dst))


def claw_sheltered(g: Game, origin: Pos, p: Pos) -> bool:
    """AMB-46: the FAQ says only that Wrath reaches the pieces inside the Mushroom Forest
    (TR-27).  By default every Dragon die roll hits the Forest's spaces like any other;
    with the house rule ``forest_shelters_from_claw`` a Claw rolled from outside the
    Forest does not touch the pieces inside it (Wrath still does)."""
    return "forest_shelters_from_claw" in g.setup.house_rules and forest_blocks(g, origin, p)


_ONE_PIT = Reason("This is the only Pit on the map: no one may enter it without another Pit to jump to.", "TR-30")


def check_pit_entry(g: Game, p: Pos, q: Pos, movement_left: int | None) -> Reason | None:
    """TR-30 (a rule check, :mod:`..reasons`): from outside the Pits, entering one needs the
    whole trip left — enter, jump to another Pit, step out: 3 movement — and another Pit
    to jump to.  ``movement_left`` None: a mover with no Movement limit (a Tribe moves any
    number of tiles, GB-60), for which only the other Pit counts."""
    if kind_at(g, q) != "pits" or kind_at(g, p) == "pits":
        return None
    if len(pits(g)) < 2:
        return _ONE_PIT
    if movement_left is not None and movement_left < 3:
        return Reason(f"Entering the Pits needs 3 Movement (enter, jump to another Pit, step out); you have "
                      f"{movement_left}.", "TR-30")
    return None


_IMPASSABLE = Reason("That space of the Canyon is impassable: no one may enter it.", "TR-17")


def check_passable(g: Game, q: Pos) -> Reason | None:
    """TR-17 (a rule check): no piece enters an impassable space of the Canyon."""
    return _IMPASSABLE if impassable(g, q) else None


def on_pit(g: Game, p: Pos | None) -> bool:
    """TR-29: no piece may end its turn on a Pit.  (Asked for every space of every
    movement search, so a plain Cave tile or an open space answers at once.)"""
    if p is None:
        return False
    t = g.state.board.tiles.get(p)
    return t is not None and t.terrain is not None and g.rules.terrain_tile(t.terrain.tile).kind == "pits"


_OPEN_FROM_CAVE = Reason("There is no tile there: a piece steps onto an open space only from a Terrain tile "
                         "(a Dark tile is then placed there).", "TR-12")
_OPEN_FROM_IMPASSABLE = Reason("Nothing steps off an impassable space of the Canyon.", "TR-17")
_OPEN_IN_COLLAPSE = Reason("There is no tile there: in the Collapse no new tile is placed, so no piece steps off "
                           "the Terrain onto an open space.", "TR-12")       # AMB-45's suggested reading
_OPEN_NO_TILES = Reason("There is no tile there, and no Cave tile is left to place on it, so no piece steps onto "
                        "it from the Terrain.", "TR-12")


def check_open_step(g: Game, p: Pos, q: Pos) -> Reason | None:
    """TR-12 (a rule check): from a Terrain space a piece may step across any edge onto the
    adjacent open space ``q``, a Dark tile then being placed there — not during the
    Collapse (AMB-45, suggested reading), nor with no tile left to place."""
    if not is_terrain(g, p):
        return _OPEN_FROM_CAVE
    if impassable(g, p):
        return _OPEN_FROM_IMPASSABLE
    if g.state.collapse:
        return _OPEN_IN_COLLAPSE
    if tiles_left(g) == 0:
        return _OPEN_NO_TILES
    return None


def open_exits(g: Game, p: Pos | None) -> list[Pos]:
    """TR-12: the adjacent open spaces :func:`check_open_step` allows from ``p`` (off a Cave
    tile, the common case, it refuses them all: answered at once)."""
    if p is None or not is_terrain(g, p):
        return []
    tiles = g.state.board.tiles
    return [q for _, q in adjacent(p) if q not in tiles and check_open_step(g, p, q) is None]


def place_under(g: Game, q: Pos, mover: str) -> Proc:
    """TR-12: the Dark tile for an open space a piece steps onto from Terrain, placed as when
    filling an open edge — the Cave chooses from its hand, else the mover draws the top of
    the stack (MAP-21, MAP-26)."""
    cave = g.state.cave
    if cave is not None and cave.hand:
        names = hand_names(g, hand_choices(g, False))
        opts = [Option(f"fill:{t}@{fmt_pos(q)}", f"Place the {name} at {fmt_pos(q)}",
                       (space(q), Target("hand_tile", t, drag_from=f"hand:{t}"))) for t, name in names.items()]
        choice = yield g.ask("cave", DecisionKind.FILL_OPEN_EDGE, f"A piece leaves the Terrain for {fmt_pos(q)}: place a Dark "
                             "tile there", opts, rules_ref="terrain.leaving")
        tile_id = arg_parts(choice.id, "@")[0]
        cave.hand.remove(tile_id)
        place_tile(g, tile_id, q, "cave")
        draw_to_cave_hand(g)
    elif g.state.stack:
        tile_id = g.state.stack.pop(0)
        g.barrier()
        place_tile(g, tile_id, q, mover, "draws and places")


# ------------------------------------------------------------ the table's preview
PLACING_KINDS = (DecisionKind.TERRAIN_PLACE, DecisionKind.TERRAIN_PIT)


def placing(g: Game, d: Decision) -> dict[str, tuple[int, list[tuple[Pos, TerrainMark]]]]:
    """What each option of a pending Terrain placement would lay (TR-07..09, TR-28): the tile's turn
    and its spaces, for the table to show the footprint before it is placed.  A ``terrain_place``
    option ``terrain_at:<rot>@<anchor>`` lays the tile its label names ("Place the Lake on …"); a
    ``terrain_pit`` option ``pit:<x,y>`` the next Pit.  Other decisions lay nothing."""
    if d.kind == DecisionKind.TERRAIN_PIT:
        tile = f"pits_{len(pits(g)) + 1}"
        return {o.id: (0, cells_for(g, tile, 0, pos_arg(o.id))) for o in d.options}
    if d.kind != DecisionKind.TERRAIN_PLACE:
        return {}
    out: dict[str, tuple[int, list[tuple[Pos, TerrainMark]]]] = {}
    avail = available(g)
    for o in d.options:
        kind = next((k for k, name in KIND_NAMES.items() if o.label.startswith(f"Place the {name} on ")), None)
        if kind is None or kind not in avail:
            continue
        turn, anchor = arg_parts(o.id, "@")
        rot = int(turn)
        out[o.id] = (rot, cells_for(g, avail[kind][0], rot, parse_pos(anchor)))
    return out
