"""Removing tiles: the Collapse, removal priorities, pieces forced off, tokens going
home, and reconnecting a split map (COL-01..32, MAP-36..42)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..decisions import Option, space
from ..geometry import DIR_NAMES, DIR_WORDS, DIRS, Pos, adjacent, fmt_pos, parse_pos, step
from ..kinds import DecisionKind
from ..option_ids import arg_parts, at, pos_arg
from ..reasons import Reason
from ..state import ROLE_ORDER
from .board import (
    TYPE_NAMES,
    clear_edge_tokens,
    components,
    entrance_destinations,
    fill_open_edges,
    is_lit,
    moving_entrance,
    piece_name,
    return_token,
    tile_type,
    touching,
)
from .forced import check_pushed_to, entered, reachable, shortest_escape

if TYPE_CHECKING:
    from ..game import Game, Proc


def removable(g: Game, p: Pos, collapse: bool = False) -> bool:
    """COL-12, COL-16, VAR-07: may the tile at ``p`` be removed at all (:func:`check_removable`)?"""
    return check_removable(g, p, collapse) is None


def check_removable(g: Game, p: Pos, collapse: bool = False) -> Reason | None:
    """COL-12 (never the Entrance), COL-16 (not a tile whose occupants cannot all leave it
    under Forced Movement; a Terrain tile's as a whole, COL-27/28): the rule check of every
    removal — the Collapse's, Hatred's, Cave-In's and Wrath's.

    With Moving Entrance (VAR-06/07) the Collapse (``collapse=True``: its own removals
    and Hatred's) may take the tile holding the Entrance piece, if its occupants can
    leave and the piece, moving last, then has a legal tile; Cave-In and Wrath never do."""
    board = g.state.board
    carries = p == board.entrance
    if carries and not (collapse and moving_entrance(g)):
        return Reason(f"The tile at {fmt_pos(p)} holds the Entrance: it can never be removed.", "COL-12")
    tiles = board.tiles
    if p in tiles and tiles[p].terrain is not None:             # COL-27/28: the whole Terrain tile goes
        occupants = _terrain_occupants(g, p)
        if _terrain_escape(g, occupants, frozenset(_cells(g, p))):
            return None
        who = " and the ".join(piece_name(x) for x in occupants)
        return Reason(f"The {who} on that Terrain tile could not all be moved off it, so the tile stays.", "COL-16")
    pieces = board.pieces_at(p)
    if not carries:
        if len(pieces) <= 1:
            if all(shortest_escape(g, piece, p) for piece in pieces):
                return None
        elif _all_escape(g, sorted(pieces, key=lambda piece: ROLE_ORDER.index(_role(piece))), p):
            return None
    else:
        ordered = sorted(pieces, key=lambda piece: ROLE_ORDER.index(_role(piece)))
        if _all_escape(g, ordered, p, _entrance_check(g, p)):
            return None
        if _all_escape(g, ordered, p):
            return Reason(f"The Entrance piece on {fmt_pos(p)} would have no adjacent unoccupied Lit tile to move "
                          "to, so the tile stays.", "VAR-07")
    who = " and the ".join(piece_name(x) for x in sorted(pieces))
    verb = "could not all leave it" if len(pieces) > 1 else "would have nowhere to go"
    return Reason(f"The {who} on {fmt_pos(p)} {verb} under Forced Movement, so the tile stays.", "COL-16")


def _cells(g: Game, p: Pos) -> list[Pos]:
    from .terrain import cells_of
    t = g.state.board.tiles[p].terrain
    assert t is not None
    return cells_of(g, t.tile)


def _terrain_occupants(g: Game, p: Pos) -> list[str]:
    board = g.state.board
    cells = set(_cells(g, p))
    return sorted((piece for piece, q in board.pieces.items() if q in cells),
                  key=lambda piece: (ROLE_ORDER.index(_role(piece)), piece))


def _terrain_escape(g: Game, pieces: list[str], cells: frozenset[Pos]) -> bool:
    """Can every piece on a Terrain tile leave it, one after another (FM-08)?"""
    if not pieces:
        return True
    board = g.state.board
    first, rest = pieces[0], pieces[1:]
    start = board.pieces[first]
    for dest in shortest_escape(g, first, start, cells):
        board.pieces[first] = dest
        ok = _terrain_escape(g, rest, cells)
        board.pieces[first] = start
        if ok:
            return True
    return False


def _entrance_check(g: Game, p: Pos) -> Callable[[], bool]:
    """VAR-07: once the pieces have left ``p``, can the Entrance piece go somewhere?"""
    return lambda: bool(entrance_destinations(g, p))


def _all_escape(g: Game, pieces: list[str], p: Pos, last: Callable[[], bool] | None = None) -> bool:
    """Can these pieces leave ``p`` one after another (an earlier one may take the only
    space a later one could use: FM-08 forbids sharing)?  ``last`` checks what must
    still be possible once they all have (the Entrance piece moving last, VAR-07)."""
    if not pieces:
        return last() if last is not None else True
    board = g.state.board
    first, rest = pieces[0], pieces[1:]
    for dest in shortest_escape(g, first, p):
        board.pieces[first] = dest
        ok = _all_escape(g, rest, p, last)
        board.pieces[first] = p
        if ok:
            return True
    return False


# ------------------------------------------------------------ the Collapse's order (rule checks)
@dataclass(frozen=True, slots=True)
class CollapseOrder:
    """Which tiles the next Collapse removal may take, worked out once for all the tiles
    (the one place the Collapse's tiers are decided): ``tier`` the index in :func:`_tiers`
    of the first tier holding a removable Cave tile (None: none does, COL-17),
    ``eligible`` its removable Cave tiles, ``terrain`` the Terrain tiles that may go
    (their anchors, COL-27), ``crystals`` the eligible revealed Crystal tiles (COL-08),
    ``dark`` Alone in the Dark's eligible Dark tiles (SOLO-04; empty otherwise)."""

    tier: int | None
    eligible: frozenset[Pos]
    terrain: tuple[Pos, ...]
    crystals: tuple[Pos, ...]
    dark: tuple[Pos, ...]


def collapse_order(g: Game, alone_in_the_dark: bool = False) -> CollapseOrder:
    """COL-07, COL-17, AMB-44: tiles touching only 1 tile first, then 2 (then 3 and 4 if
    nothing else can go), skipping a tier none of whose tiles can be removed; COL-08: a
    revealed Crystal tile among them first; SOLO-04, AMB-19: Alone in the Dark adds its
    type order inside the tier — Crystal, then Dark, then Lit.  With the house rule
    ``collapse_touch_open_edges`` walls separate tiles, and tiles touching 0 share the
    first tier with those touching 1."""
    tiles = g.state.board.tiles
    touches = {p: touching(g, p) for p, t in tiles.items() if t.terrain is None}   # Cave tiles, counted once
    terrain = tuple(terrain_candidates(g))
    for i, tier in enumerate(_tiers(g)):
        # in board order (sorted here, not all the tiles above: the tier is a few of them)
        eligible = sorted([p for p, n in touches.items() if n in tier and check_removable(g, p, True) is None])
        if eligible:
            crystals = tuple(p for p in eligible if tiles[p].lit and tile_type(g, p) == "crystal")
            dark = tuple(p for p in eligible if tiles[p].dark) if alone_in_the_dark and not crystals else ()
            return CollapseOrder(i, frozenset(eligible), terrain, crystals, dark)
    return CollapseOrder(None, frozenset(), terrain, (), ())


def _tier_words(tier: tuple[int, ...]) -> str:
    return " or ".join(str(n) for n in tier)


def _list(ps: Iterable[Pos], most: int = 6) -> str:
    ps = list(ps)
    shown = ", ".join(fmt_pos(p) for p in ps[:most])
    return shown + (f" and {len(ps) - most} more" if len(ps) > most else "")


_NO_CAVE_TILE = Reason("No Cave tile can collapse now; only a Terrain tile with half or more of its edges exposed "
                       "may.", "COL-17")


def check_collapse_tier(g: Game, q: Pos, order: CollapseOrder) -> Reason | None:
    """COL-07, COL-16/17: the Cave tile at ``q`` is in the tier the Collapse takes now and
    can be removed (a tile of a tier skipped because none of it could go gets the reason
    it cannot, :func:`check_removable`)."""
    if q in order.eligible:
        return None
    tiers = _tiers(g)
    n = touching(g, q)
    mine = next((i for i, tier in enumerate(tiers) if n in tier), None)
    if mine is not None and (order.tier is None or mine <= order.tier):
        reason = check_removable(g, q, collapse=True)
        if reason is not None:
            return reason
    if order.tier is None:
        return _NO_CAVE_TILE
    skipped = " (the tiles before them cannot go)" if order.tier > 0 else ""
    return Reason(f"The tile at {fmt_pos(q)} touches {n} tile{'' if n == 1 else 's'}: the Collapse takes the tiles "
                  f"touching the fewest others first, now those touching {_tier_words(tiers[order.tier])}{skipped}.",
                  "COL-07")


def check_collapse_priority(g: Game, q: Pos, order: CollapseOrder) -> Reason | None:
    """COL-08 (an eligible revealed Crystal tile goes before any other tile), SOLO-04 (Alone
    in the Dark: then Dark tiles before Lit ones and Terrain)."""
    if order.crystals and q not in order.crystals:
        return Reason(f"A revealed Crystal tile may collapse ({_list(order.crystals)}): it must go before any other "
                      "tile.", "COL-08")
    if order.dark and q not in order.dark:
        return Reason(f"Alone in the Dark: among the tiles that may collapse, Dark tiles go before Lit tiles and Terrain: "
                      f"{_list(order.dark)}.", "SOLO-04")
    return None


def check_collapse(g: Game, q: Pos, order: CollapseOrder) -> Reason | None:
    """THE check of a Collapse removal of the tile at ``q`` (``order`` from
    :func:`collapse_order`): a tile there, then a Terrain tile's own rule
    (:func:`check_terrain_collapse`) or a Cave tile's tier (:func:`check_collapse_tier`),
    then the priorities (:func:`check_collapse_priority`)."""
    t = g.state.board.tiles.get(q)
    if t is None:
        return Reason(f"There is no tile at {fmt_pos(q)} to collapse.", "COL-07")
    if t.terrain is not None:
        reason = None if q in order.terrain else check_terrain_collapse(g, q)
    else:
        reason = check_collapse_tier(g, q, order)
    return reason or check_collapse_priority(g, q, order)


def collapse_candidates(g: Game, alone_in_the_dark: bool = False) -> list[Pos]:
    """Tiles the next Collapse removal may take: those :func:`check_collapse` allows (the
    eligible Cave tiles and Terrain tiles are the only ones it can allow)."""
    order = collapse_order(g, alone_in_the_dark)
    pool = sorted(order.eligible.union(order.terrain))
    return [p for p in pool if check_collapse(g, p, order) is None]


def _tiers(g: Game) -> tuple[tuple[int, ...], ...]:
    """COL-07, AMB-44: the Collapse's tiers by the number of tiles touched (with the house
    rule ``collapse_touch_open_edges`` a tile touching none shares the first tier)."""
    if "collapse_touch_open_edges" in g.setup.house_rules:
        return ((0, 1), (2,), (3,), (4,))
    return ((1,), (2,), (3,), (4,))


def has_collapse_candidate(g: Game) -> bool:
    """Whether :func:`collapse_candidates` offers any tile, without listing them (menus
    only ask whether a removal is possible): a removable Cave tile in any tier, or a
    Terrain tile."""
    touches = {n for tier in _tiers(g) for n in tier}
    cave = sorted(p for p, t in g.state.board.tiles.items() if t.terrain is None)
    return (any(touching(g, p) in touches and removable(g, p, collapse=True) for p in cave)
            or bool(terrain_candidates(g)))


def _exposed(g: Game, tile: str) -> tuple[int, int]:
    """A Terrain tile's edges facing an open space, and all its outer edges (COL-27)."""
    from .terrain import cells_of

    cells = set(cells_of(g, tile))
    edges = [q for p in cells for _, q in adjacent(p) if q not in cells]
    return sum(1 for q in edges if q not in g.state.board.tiles), len(edges)


def check_terrain_collapse(g: Game, q: Pos) -> Reason | None:
    """COL-27, TR-15: a Terrain tile may be removed (the remover's choice) once half or more
    of its edges are exposed, as a whole (chosen by its top-left space), if its pieces can
    all leave it (:func:`check_removable`)."""
    from .terrain import KIND_NAMES, cells_of, exposed_half

    mark = g.state.board.tiles[q].terrain
    assert mark is not None
    name = KIND_NAMES.get(g.rules.terrain_tile(mark.tile).kind, "Terrain")
    if not exposed_half(g, mark.tile):
        exposed, edges = _exposed(g, mark.tile)
        return Reason(f"The {name} has {exposed} of its {edges} edges exposed: a Terrain tile collapses only once "
                      "half or more are.", "TR-15")
    anchor = cells_of(g, mark.tile)[0]
    reason = check_removable(g, anchor, collapse=True)
    if reason is not None:
        return reason
    if q != anchor:
        return Reason(f"The {name} collapses as a whole: click its space at {fmt_pos(anchor)}.", "TR-15")
    return None


def terrain_candidates(g: Game) -> list[Pos]:
    """COL-27, TR-15: the Terrain tiles :func:`check_terrain_collapse` lets go, by their
    top-left spaces."""
    from .terrain import cells_of, tiles_on_map
    return [anchor for anchor in (cells_of(g, tile)[0] for tile in tiles_on_map(g))
            if check_terrain_collapse(g, anchor) is None]


def check_hatred_removal(g: Game, q: Pos) -> Reason | None:
    """COL-26, CV-25, AMB-60: Hatred removes a tile during the Collapse by the Collapse's
    own order (:func:`check_collapse`); with the house rule ``hatred_ignores_collapse_order``,
    any tile the Collapse could ever remove (:func:`check_removable`)."""
    if "hatred_ignores_collapse_order" in g.setup.house_rules:
        if q not in g.state.board.tiles:
            return Reason(f"There is no tile at {fmt_pos(q)} to collapse.", "CV-25")
        return check_removable(g, q, collapse=True)
    return check_collapse(g, q, collapse_order(g))


def hatred_candidates(g: Game) -> list[Pos]:
    """Tiles Hatred may remove during the Collapse: those :func:`check_hatred_removal` allows."""
    if "hatred_ignores_collapse_order" in g.setup.house_rules:
        return [p for p in sorted(g.state.board.tiles) if check_hatred_removal(g, p) is None]
    return collapse_candidates(g)


def has_hatred_candidate(g: Game) -> bool:
    """Whether :func:`hatred_candidates` offers any tile, without listing them."""
    if "hatred_ignores_collapse_order" in g.setup.house_rules:
        return any(removable(g, p, collapse=True) for p in sorted(g.state.board.tiles))
    return has_collapse_candidate(g)


def _forced_off(g: Game, piece: str) -> tuple[Pos, frozenset[Pos] | None, list[str], Callable[[], bool] | None]:
    """A piece being forced off the tile (or Terrain tile) under it: where it stands, the
    Terrain tile's spaces (None for a Cave tile), the pieces still on that tile to move
    after it (the ones before it have left: FM-12, in player order), and, when the tile
    carries the Entrance piece, the check that it can still move last (VAR-07)."""
    board = g.state.board
    start = board.pieces[piece]
    tile = board.tiles.get(start)
    if tile is not None and tile.terrain is not None:
        cells = frozenset(_cells(g, start))
        return start, cells, [x for x in _terrain_occupants(g, start) if x != piece], None
    rest = sorted((x for x in board.pieces_at(start) if x != piece), key=lambda x: ROLE_ORDER.index(_role(x)))
    last = _entrance_check(g, start) if start == board.entrance and moving_entrance(g) else None
    return start, None, rest, last


def check_forced_room(g: Game, piece: str, q: Pos) -> Reason | None:
    """FM-08 (the pieces still on the removed tile must each find a space after this one:
    they never share), VAR-07 (the Entrance piece, moving last, must still find an unoccupied
    Lit tile): may ``piece``, forced off its tile, take ``q``?"""
    start, cells, rest, last = _forced_off(g, piece)
    if not rest and last is None:
        return None
    ok = (_terrain_room(g, piece, q, rest, cells) if cells is not None
          else _leaves_room(g, piece, q, rest, start, last))
    if ok:
        return None
    if rest:
        return Reason(f"Moving the {piece_name(piece)} to {fmt_pos(q)} would leave another piece on the tile nowhere to "
                      "go: they leave one at a time and never share a space.", "FM-08")
    return Reason(f"Moving the {piece_name(piece)} to {fmt_pos(q)} would leave the Entrance piece, which moves last, no "
                  "unoccupied Lit tile to go to.", "VAR-07")


def check_forced_move(g: Game, piece: str, q: Pos) -> Reason | None:
    """COL-15 (off the removed tile), FM-04..10 (:func:`forced.check_pushed_to`), FM-13 (the
    shortest distance to a legal space), then :func:`check_forced_room`: may ``piece``,
    forced off the tile being removed under it, go to ``q``?"""
    start, cells, _, _ = _forced_off(g, piece)
    if q == start or (cells is not None and q in cells):
        return Reason(f"The {piece_name(piece)} must leave the {'Terrain ' if cells is not None else ''}tile that is "
                      "being removed.", "COL-15")
    nearest = shortest_escape(g, piece, start, cells)
    if q not in nearest:
        dist = reachable(g, piece, start, avoid=cells)
        if q not in dist:
            return check_pushed_to(g, piece, start, q) or Reason(
                f"Every way from {fmt_pos(start)} to {fmt_pos(q)} crosses a space it may not pass.", "FM-05")
        best = min(dist[x] for x in nearest)
        return Reason(f"{fmt_pos(q)} is {dist[q]} spaces away: a piece forced off a removed tile moves the shortest "
                      f"distance to a legal space, here {best}.", "FM-13")
    return check_forced_room(g, piece, q)


def remove_tile(g: Game, p: Pos, remover: str, collapse_removal: bool, batch: list[str] | None = None) -> Proc:
    """Remove one tile: occupants forced off first (FM-12..14), tokens home
    (COL-13), Crystal tiles counted (COL-09/10, COL-23/24), the map reconnected
    (MAP-36) and, before the Collapse, open edges filled (COL-23, COL-25).

    With ``batch`` (several tiles removed at once, e.g. Wrath) a tile put under the
    stack is also noted there, and nothing is reconnected or filled: the caller ends
    with :func:`finish_removals`."""
    board = g.state.board
    if board.tiles[p].terrain is not None:
        yield from remove_terrain(g, p, remover, batch)
        return
    carries = p == board.entrance and moving_entrance(g)
    occupants = sorted(board.pieces_at(p), key=lambda piece: ROLE_ORDER.index(_role(piece)))
    for piece in occupants:
        dests = [q for q in shortest_escape(g, piece, p) if check_forced_room(g, piece, q) is None]   # FM-13, FM-08
        if len(dests) == 1:
            dest = dests[0]
        else:
            opts = [Option(at("push", q), f"Move the {piece_name(piece)} to {fmt_pos(q)}", (space(q),)) for q in dests]
            choice = yield g.ask(remover, DecisionKind.FORCED_MOVE, f"Choose where the {piece_name(piece)} goes: the tile under it collapses", opts,
                                 rules_ref="general.forced_movement", about={"piece": piece, "from": fmt_pos(p)})
            dest = pos_arg(choice.id)
        board.pieces[piece] = dest
        g.log("forced_move", f"The {piece_name(piece)} is forced to {fmt_pos(dest)}.", piece=piece, frm=p, to=dest)
        yield from entered(g, piece, dest, p)                             # FM-15
    if carries and not (yield from move_entrance_piece(g, p, remover)):
        return
    tile = board.tiles.pop(p)
    board.tile_changes += 1                         # knowledge.Watch: the Dark tiles may have changed
    if not tile.lit:
        g.barrier()  # COL-09: a removed Dark tile is shown to see if it is a Crystal
    kind = g.tile(tile.tile_id).type
    g.log("tile_removed", f"The tile at {fmt_pos(p)} collapses: it was {'an' if kind[0] in 'aeiou' else 'a'} "
          f"{TYPE_NAMES[kind]} tile.", pos=p, type=kind, was_lit=tile.lit)
    toks = board.tokens.pop(p, None)
    if toks:
        for token, n in toks.items():
            if n > 0:
                return_token(g, token, n)
    clear_edge_tokens(g, p, "its tile was removed")
    if kind == "crystal":
        g.state.crystal_tiles_removed += 1
        g.log("crystal_collapsed", f"Crystal tiles collapsed: {g.state.crystal_tiles_removed} of "
              f"{g.config.collapse_crystals}.", count=g.state.crystal_tiles_removed)
    if kind == "crystal" or collapse_removal or g.state.collapse:
        g.state.removed_from_game.append(tile.tile_id)
    else:
        g.state.stack.append(tile.tile_id)
        if batch is not None:
            batch.append(tile.tile_id)
    check_collapse_win = g.hooks.flow.check_collapse_win
    check_collapse_win(g)
    if batch is None:
        yield from reconnect(g, remover)
        if not g.state.collapse:
            yield from fill_open_edges(g, remover)


def remove_terrain(g: Game, p: Pos, remover: str, batch: list[str] | None = None) -> Proc:
    """COL-27/28: the whole Terrain tile with a space at ``p`` leaves the map, its pieces
    first forced off it (FM-12..14); it may be placed again later (Cave-In, Wrath) and,
    in the Collapse, counts as one tile removed."""
    from .terrain import take_off
    board = g.state.board
    tile = board.tiles[p].terrain.tile               # type: ignore[union-attr]
    cells = frozenset(_cells(g, p))
    occupants = _terrain_occupants(g, p)
    for piece in occupants:
        start = board.pieces[piece]
        dests = [q for q in shortest_escape(g, piece, start, cells) if check_forced_room(g, piece, q) is None]
        if not dests:
            continue
        if len(dests) == 1:
            dest = dests[0]
        else:
            opts = [Option(at("push", q), f"Move the {piece_name(piece)} to {fmt_pos(q)}", (space(q),)) for q in dests]
            choice = yield g.ask(remover, DecisionKind.FORCED_MOVE, f"Choose where the {piece_name(piece)} goes: the Terrain "
                                 "under it leaves the map", opts, rules_ref="general.forced_movement",
                                 about={"piece": piece, "from": fmt_pos(start)})
            dest = pos_arg(choice.id)
        board.pieces[piece] = dest
        g.log("forced_move", f"The {piece_name(piece)} is forced to {fmt_pos(dest)}.", piece=piece, frm=start, to=dest)
        yield from entered(g, piece, dest, start)
    take_off(g, tile, "it collapses" if g.state.collapse else "it is brought down")
    check_collapse_win = g.hooks.flow.check_collapse_win
    check_collapse_win(g)
    if batch is None:
        yield from reconnect(g, remover)
        if not g.state.collapse:
            yield from fill_open_edges(g, remover)


def _terrain_room(g: Game, piece: str, dest: Pos, rest: list[str], cells: frozenset[Pos]) -> bool:
    board = g.state.board
    start = board.pieces[piece]
    board.pieces[piece] = dest
    ok = _terrain_escape(g, rest, cells)
    board.pieces[piece] = start
    return ok


def finish_removals(g: Game, batch: list[str], remover: str) -> Proc:
    """COL-23, MAP-42: after every tile of one effect is removed, the tiles bound for
    the stack are shuffled together under it; then the map is reconnected once and,
    before the Collapse, the open edges are filled once."""
    stack = g.state.stack
    if batch and stack[-len(batch):] == batch:
        g.rng.shuffle(batch)
        stack[-len(batch):] = batch
        g.log("tiles_to_stack", f"{len(batch)} removed tile{'s' if len(batch) > 1 else ''} shuffled and put "
              "at the bottom of the stack.", count=len(batch))
        batch.clear()
    yield from reconnect(g, remover)
    if not g.state.collapse:
        yield from fill_open_edges(g, remover)


def _leaves_room(g: Game, piece: str, dest: Pos, rest: list[str], p: Pos,
                 last: Callable[[], bool] | None = None) -> bool:
    board = g.state.board
    board.pieces[piece] = dest
    ok = _all_escape(g, rest, p, last)
    board.pieces[piece] = p
    return ok


def move_entrance_piece(g: Game, p: Pos, remover: str) -> Proc:
    """VAR-06/07/09: the tile holding the Entrance piece collapses — after every piece on
    it has moved, the remover moves the Entrance piece to an adjacent unoccupied Lit tile;
    the Knight's Poisoned Hero cubes go with it.  Returns False (and the tile stays) if
    no tile is legal any more (removable() normally rules that out)."""
    board = g.state.board
    dests = entrance_destinations(g, p)
    if not dests:
        g.log("entrance_stuck", f"The Entrance piece at {fmt_pos(p)} has nowhere to go: its tile does not collapse.",
              pos=p)
        return False
    if len(dests) == 1:
        dest = dests[0]
    else:
        opts = [Option(at("entrance", q), f"Move the Entrance piece to {fmt_pos(q)}", (space(q),))
                for q in dests]
        choice = yield g.ask(remover, DecisionKind.MOVE_ENTRANCE, "Choose where the Entrance piece goes: the tile under it "
                             "collapses", opts, rules_ref="variants.moving_entrance")
        dest = pos_arg(choice.id)
    board.entrance = dest
    g.log("entrance_moved", f"The Entrance piece moves from {fmt_pos(p)} to {fmt_pos(dest)}.", frm=p, to=dest)
    gob = g.state.goblins
    if gob is not None and gob.poison_cubes:
        g.log("poison_moved", f"The Knight's {gob.poison_cubes} Poisoned Hero cube(s) move with the Entrance piece.",
              to=dest)
    return True


def _role(piece: str) -> str:
    r = piece.split(":")[0]
    return "goblins" if r == "tribe" else r


def slide_distance(g: Game, comp: set[Pos], fixed: set[Pos], d: int) -> int | None:
    """How far ``comp`` must slide in direction ``d`` to touch ``fixed`` (None if never, or
    if it would first land on another loose section: a tile never covers another)."""
    limit = 2 * (len(comp) + len(fixed)) + 4
    others = set(g.state.board.tiles) - comp
    beside_fixed = {q for p in fixed for _, q in adjacent(p)}     # a moved tile here touches ``fixed``
    for n in range(1, limit):
        moved = {step(p, d, n) for p in comp}
        if moved & others:
            return None
        if moved & beside_fixed:
            return n
    return None


def check_slide_space(g: Game, q: Pos) -> Reason | None:
    """MAP-37/38: may the click on ``q`` choose a section to slide back: a loose section
    (not the one with the Entrance, which stays), chosen by its highlighted tile (its
    lowest space), that can slide in some direction until it touches the Entrance's
    section without landing on another loose section."""
    comps = components(g)
    comp = next((c for c in comps if q in c), None)
    if comp is None:
        return Reason(f"{fmt_pos(q)} is an open space: a section of tiles slides, not a space.", "MAP-37")
    if g.state.board.entrance in comp:
        return Reason("This is the section with the Entrance: it stays where it is, and the loose sections slide until "
                      "they touch it.", "MAP-37")
    fixed = next((c for c in comps if g.state.board.entrance in c), set())
    if all(slide_distance(g, comp, fixed, d) is None for d in DIRS):
        return Reason("This section cannot slide back in any direction without landing on another loose section: "
                      "slide another one first.", "MAP-37")
    anchor = min(comp)
    if q != anchor:
        return Reason(f"Each loose section is chosen by its highlighted tile: click {fmt_pos(anchor)} to slide the "
                      "section with this tile.", "MAP-37")
    return None


def reconnect(g: Game, who: str) -> Proc:
    """MAP-37/39: the player who split the map slides each loose section in a
    cardinal direction until it touches the section with the Entrance."""
    while True:
        comps = components(g)
        if len(comps) <= 1:
            return
        fixed = next(c for c in comps if g.state.board.entrance in c)
        loose = [c for c in comps if c is not fixed]
        opts = []
        for comp in loose:
            anchor = min(comp)
            if check_slide_space(g, anchor) is not None:       # MAP-37/38
                continue
            for d in DIRS:
                n = slide_distance(g, comp, fixed, d)
                if n is not None:
                    opts.append(Option(f"slide:{fmt_pos(anchor)}:{DIR_NAMES[d]}",
                                       f"Slide the section with {fmt_pos(anchor)} {DIR_WORDS[d]} by {n}",
                                       (space(anchor),)))
        if not opts:
            g.log("map_split", "A section of the map cannot be slid back; it stays apart.")
            return
        choice = yield g.ask(who, DecisionKind.SLIDE_SECTION, "The map is split: slide a section back", opts,
                             rules_ref="general.connecting_the_map")
        anchor_s, dname = arg_parts(choice.id, ":")
        anchor = parse_pos(anchor_s)
        comp = next(c for c in loose if min(c) == anchor)
        d = DIR_NAMES.index(dname)
        n = slide_distance(g, comp, fixed, d)
        assert n is not None
        shift_section(g, comp, d, n)
        g.log("map_slid", f"The section with {fmt_pos(anchor)} slides {DIR_WORDS[d]} by {n}.", anchor=anchor, dir=d, n=n)
        yield from _covered_lurkers(g, {step(p, d, n) for p in comp})


def _covered_lurkers(g: Game, cells: set[Pos]) -> Proc:
    """A section slid over a lurking Tribe's open space puts a tile beneath it: the Tribe
    is revealed there (GB-85), or, if another player's piece rode in on that tile, it
    goes back to the Goblin board hidden (GB-87) rather than share the tile."""
    s = g.state.goblins
    if s is None or not s.lurking:
        return
    gb = g.hooks.goblins
    for t, q in sorted(s.lurking.items()):
        if q not in cells:
            continue
        if any(not x.startswith("tribe:") for x in g.state.board.pieces_at(q)):
            yield from gb.hide_tribe(g, t, "a tile with another player slid beneath it")
        else:
            gb.lurker_revealed(g, q)


def shift_section(g: Game, comp: set[Pos], d: int, n: int) -> None:
    """Move tiles with everything on them (pieces, tokens, edge tokens)."""
    board = g.state.board

    def mv(p: Pos) -> Pos:
        return step(p, d, n) if p in comp else p

    board.tiles = {mv(p): t for p, t in board.tiles.items()}
    board.tile_changes += 1                         # knowledge.Watch (a new dict: it would see that too)
    board.tokens = {mv(p): c for p, c in board.tokens.items()}
    board.pieces = {k: mv(p) for k, p in board.pieces.items()}

    def mv_edge(e: tuple[Pos, Pos]) -> tuple[Pos, Pos] | None:
        a, b = e
        if (a in comp) != (b in comp):
            return None  # an edge toward open space: its tile moved; keep it with the tile
        na, nb = mv(a), mv(b)
        return (na, nb) if na <= nb else (nb, na)

    for attr in ("bombs", "rockslides"):
        edges: set[tuple[Pos, Pos]] = getattr(board, attr)
        new: set[tuple[Pos, Pos]] = set()
        for e in edges:
            a, b = e
            if (a in comp) != (b in comp):
                # one side moved: the token belongs to the tile that has it
                inside, outside = (a, b) if a in comp else (b, a)
                if attr == "bombs" and outside not in board.tiles:
                    na, nb = mv(inside), step(outside, d, n)
                    new.add((na, nb) if na <= nb else (nb, na))
                    continue
                if attr == "rockslides":
                    g.state.supply["rockslide"] += 1
                    continue
            moved = mv_edge(e)
            if moved is not None:
                new.add(moved)
        setattr(board, attr, new)


def is_revealed_crystal(g: Game, p: Pos) -> bool:
    return is_lit(g, p) and tile_type(g, p) == "crystal"
