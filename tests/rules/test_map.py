"""Map & tiles (RULES_CHECKLIST §2 GEN-01/03, §3 MAP-01..40): hidden information,
adjacency, walls and Bombs, visibility, revealing (orient, fill), the Cave's
placement, and reconnecting a split map."""
from __future__ import annotations

import pytest

from vast_desktop.engine import IllegalChoice, view
from vast_desktop.engine.geometry import E, N, S, W, surrounding
from vast_desktop.engine.map.board import edge_blocked, has_open_edge, spaces_to_fill, visible
from vast_desktop.engine.map.collapse import remove_tile

from .helpers_map import (
    ENTRANCE,
    WEST_NORTH_SOUTH,
    auto,
    choose,
    dark,
    dests,
    drive,
    ids,
    kc,
    kind,
    lit,
    solo,
    starting,
)


# ------------------------------------------------------------------ GEN
def test_GEN_01_GEN_03_hidden_information_in_views():
    """GEN-01: the Cave's hand, the Knight's Sidequests, decks and the stack and the
    Lit side of Dark tiles are hidden; GEN-03: the Cave may look at Dark tiles."""
    g = kc([ENTRANCE, dark(1, 0, "T37"), lit(0, 1, "T31")], active="knight", cave={"hand": ["T01", "T02", "T03"]})
    kv, cv, pub = view(g, "knight"), view(g, "cave"), view(g, None)

    def at(v, p):
        return next(t for t in v.tiles if t.pos == p)

    for v in (kv, pub):
        d = at(v, (1, 0))
        assert (d.type, d.tile_id, d.walls) == (None, None, None)
        assert v.boards.cave.hand is None and v.boards.cave.hand_types is None
        assert v.boards.cave.hand_count == 3
        assert v.boards.cave.event_top3 is None
        secret = set(g.state.stack) | {"T37", "T01", "T02", "T03"}
        text = repr(v)
        assert not [s for s in secret if f"'{s}'" in text]
    # GEN-03: the Cave sees what the Dark tile is
    assert (at(cv, (1, 0)).type, at(cv, (1, 0)).tile_id) == ("crystal", "T37")
    assert cv.boards.cave.hand == ("T01", "T02", "T03")
    # Lit tiles are public to everyone
    for v in (kv, cv, pub):
        assert (at(v, (0, 1)).type, at(v, (0, 1)).tile_id) == ("treasure", "T31")
    # the Knight's Sidequests are hers alone
    assert kv.boards.knight.sidequests == tuple(g.state.knight.sidequests)
    assert cv.boards.knight.sidequests is None and pub.boards.knight.sidequests is None
    assert cv.boards.knight.sidequest_count == len(g.state.knight.sidequests)


# ------------------------------------------------------------ geometry
def test_MAP_01_MAP_03_knight_moves_orthogonally_only():
    """MAP-01 adjacent = 4 orthogonal spaces; MAP-03 distances are counted orthogonally."""
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(1, 1, "T05"), lit(0, 1, "T10")], active="knight")
    moves = starting(g, "move:")
    assert set(moves) == {"move:1,0", "move:0,1"}
    with pytest.raises(IllegalChoice):
        g.apply("move:1,1")
    assert g.state.board.pieces["knight"] == (0, 0)


def test_MAP_02_vantage_point_reveals_all_eight_surrounding_tiles():
    """MAP-02 surrounding = all 8 spaces: Vantage Point reveals the Dark tiles on all
    eight (diagonals included) and nothing farther away."""
    ring = [(0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (1, 1), (0, 1)]
    ids_ = ["T01", "T05", "T10", "T13", "T31", "T32", "T33"]
    tiles = [ENTRANCE, dark(1, 0, "T20"), dark(-1, 0, "T03"), dark(3, 0, "T04")]
    tiles += [dark(x, y, t) for (x, y), t in zip(ring, ids_, strict=True)]
    g = kc(tiles, active="knight", event_deck=["vantage_point", "cave_bread", "light", "rats#1"])
    choose(g, "move:1,0")
    auto(g, {"orient_tile", "fill_open_edge"})
    choose(g, "event:vantage_point")
    auto(g, {"reveal_order", "orient_tile", "fill_open_edge"})
    assert kind(g) == ("knight", "knight_turn")
    board = g.state.board.tiles
    assert set(surrounding((1, 0))) == set(ring) | {(0, 0)}
    assert all(board[p].lit for p in ring)
    assert not board[(3, 0)].lit and not board[(-1, 0)].lit


# -------------------------------------------------------- walls, Bombs
def test_MAP_09_wall_is_impassable_without_the_ancient_map():
    """MAP-09: a wall blocks the Knight's movement; only the Ancient Map passes it."""
    g = kc([ENTRANCE, lit(1, 0, "T03", rot=3)] + WEST_NORTH_SOUTH, active="knight")   # wall W of (1,0)
    assert edge_blocked(g, (0, 0), (1, 0))
    assert "move:1,0" not in ids(g) and "mapmove:1,0" not in ids(g)
    with pytest.raises(IllegalChoice, match="wall"):
        g.apply("move:1,0")
    choose(g, "cube:map")
    assert "mapmove:1,0" in ids(g)


def test_MAP_13_double_wall_counts_as_one_for_the_ancient_map():
    """MAP-13: two touching walls on one edge are a single wall: one Ancient Map cube passes it."""
    g = kc([ENTRANCE, lit(1, 0, "T03", rot=3), lit(0, 1, "T04", rot=1), lit(1, 1, "T06", rot=3),
            dark(-1, 0, "T05"), dark(0, -1, "T10")],
           active="knight", pieces={"knight": [0, 1]})
    # (0,1) has its wall east, (1,1) its wall west: a double wall
    assert g.state.board.tiles[(0, 1)].rot == 1
    choose(g, "cube:map")
    choose(g, "mapmove:1,1")
    assert g.state.board.pieces["knight"] == (1, 1)
    assert g.state.knight.map_uses == 1


def test_MAP_12_MAP_13_bombed_wall_is_open_for_all_purposes():
    """MAP-12: a Bomb-opened wall is an open edge: others pass freely and it does not
    block visibility; MAP-13: the Bomb opens a double wall at once."""
    tiles = [ENTRANCE, lit(0, 1, "T04", rot=1), lit(1, 1, "T06", rot=3), lit(2, 1, "T01"),
             dark(-1, 0, "T05"), dark(0, -1, "T10"), dark(1, 0, "T13")]
    g = kc(tiles, active="knight", pieces={"knight": [0, 1]})
    assert edge_blocked(g, (0, 1), (1, 1)) and not visible(g, (0, 1), (2, 1))
    g2 = kc(tiles, active="knight", pieces={"knight": [0, 1]}, bombs=[[[0, 1], [1, 1]]])
    assert not edge_blocked(g2, (0, 1), (1, 1))
    assert visible(g2, (0, 1), (2, 1))
    assert "move:1,1" in ids(g2) and "move:1,1" not in ids(g)
    assert has_open_edge(g2, (0, 1), E)


def test_MAP_12_bombed_wall_facing_open_space_is_filled():
    """MAP-12 / MAP-23: a wall opened by a Bomb toward an open space is an open edge and
    is filled with a Dark tile at once (before the Collapse)."""
    g = kc([ENTRANCE, lit(1, 0, "T03", rot=1)] + WEST_NORTH_SOUTH + [dark(1, -1, "T06"), dark(1, 1, "T17")],
           active="knight", pieces={"knight": [1, 0]})
    assert spaces_to_fill(g) == []
    choose(g, "bomb:2,0")
    assert kind(g) == ("cave", "fill_open_edge")
    assert dests(ids(g)) == {"2,0"}


# ---------------------------------------------------------- visibility
def test_MAP_10_MAP_11_visibility():
    """MAP-10: visible = a straight cardinal line crossing no wall, Dark tile or open
    space; MAP-11: a Dark tile at either end does not block."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T05"), lit(3, 0, "T10"),
             lit(0, 1, "T03", rot=2), lit(0, 2, "T13"),          # wall on the south side of (0,1)
             lit(-2, 0, "T31"),                                   # (-1,0) is an open space
             lit(1, 1, "T32")]
    g = kc(tiles, active="knight")
    assert visible(g, (0, 0), (1, 0))
    assert visible(g, (0, 0), (2, 0)) and visible(g, (2, 0), (0, 0))   # Dark at one end
    assert not visible(g, (0, 0), (3, 0))                               # a Dark tile between
    assert visible(g, (0, 0), (0, 1))
    assert not visible(g, (0, 0), (0, 2))                               # a wall between
    assert not visible(g, (0, 0), (-2, 0))                              # an open space between
    assert not visible(g, (0, 0), (1, 1))                               # diagonal


# ------------------------------------------------------------ revealing
def test_MAP_06_MAP_20_MAP_28_only_open_edges_are_filled():
    """MAP-06: only open edges of Lit tiles need filling (walls and Dark tiles do not);
    MAP-28: a tunnel entered from the west must open west; MAP-20: the Cave fills
    the new open edge."""
    g = kc([ENTRANCE, dark(1, 0, "T02")] + WEST_NORTH_SOUTH, active="knight")
    choose(g, "move:1,0")
    assert g.state.board.tiles[(1, 0)].lit and g.state.board.tiles[(1, 0)].rot == 0   # open W/E, walls N/S
    assert kind(g) == ("cave", "fill_open_edge")
    assert dests(ids(g)) == {"2,0"}


def test_MAP_17_MAP_28_knight_orients_toward_where_she_came_from():
    """MAP-28: entering through an open side, an open side must face the tile she left;
    a corner tile entered from the west may not put a wall on its west side."""
    g = kc([ENTRANCE, dark(1, 0, "T07")] + WEST_NORTH_SOUTH, active="knight")
    choose(g, "move:1,0")
    assert kind(g) == ("knight", "orient_tile")
    assert set(ids(g)) == {"rot:0", "rot:1"}     # walls N+E or E+S; never W
    with pytest.raises(IllegalChoice):
        g.apply("rot:2")


def test_MAP_16_role_rule_beats_entrance_rule():
    """MAP-16: when the Knight's came-from rule and the connect-to-Entrance rule cannot
    both be met, only her rule applies: a tunnel entered from the west opens W/E even
    though only a N/S tunnel would reach the Entrance (through (2,-1))."""
    tiles = [ENTRANCE, lit(0, -1, "T01"), lit(1, -1, "T05"), lit(2, -1, "T10"),
             lit(1, 0, "T13"), dark(2, 0, "T02"), dark(-1, 0, "T03"), dark(0, 1, "T04"),
             dark(1, 1, "T06"), dark(3, 0, "T17"), dark(2, 1, "T21")]
    rock = [[[0, 0], [1, 0]], [[1, -1], [1, 0]]]        # cut (1,0) off from the Entrance
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]}, rockslides=rock)
    choose(g, "move:2,0")
    assert g.state.board.tiles[(2, 0)].lit
    assert g.state.board.tiles[(2, 0)].rot == 0          # walls N and S: open toward (1,0)
    # the same tile revealed by the Flare (no came-from rule) must connect north instead
    g2 = kc(tiles, active="knight", pieces={"knight": [1, 0]}, rockslides=rock)
    g2.script_dice("dragon", 6)                            # centre only
    choose(g2, "flare:2,0")
    assert g2.state.board.tiles[(2, 0)].rot == 1          # walls E and W: open north to (2,-1)


def test_MAP_17_MAP_18_AMB_07_orientation_connects_to_the_entrance_if_possible():
    """MAP-17 / AMB-07: a revealed tile must have an open edge linked to the Entrance through
    open edges; MAP-18: if no link is possible it may be oriented any way."""
    tiles = [ENTRANCE, lit(1, 0, "T13"), dark(2, 0, "T07"), dark(4, 2, "T11"), dark(4, 1, "T01"),
             dark(3, 2, "T04"), dark(5, 2, "T06"), dark(4, 3, "T17")] + WEST_NORTH_SOUTH
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    g.script_dice("dragon", 6)
    choose(g, "flare:2,0")
    assert kind(g) == ("knight", "orient_tile")
    assert set(ids(g)) == {"rot:0", "rot:1"}              # the west side (toward (1,0)) stays open
    g2 = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    g2.script_dice("dragon", 6)
    choose(g2, "flare:4,2")                               # surrounded by Dark tiles only
    assert kind(g2) == ("knight", "orient_tile")
    assert set(ids(g2)) == {"rot:0", "rot:1", "rot:2", "rot:3"}


def test_MAP_29_ancient_map_entry_may_put_a_wall_on_the_entered_edge():
    """MAP-29: entering a Dark tile through a wall with the Ancient Map, the tile may be
    oriented with a wall on the entered edge (back to back)."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=1), dark(2, 0, "T07")] + WEST_NORTH_SOUTH + [
        dark(1, -1, "T06"), dark(1, 1, "T17")]
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    assert "move:2,0" not in ids(g)
    choose(g, "cube:map", "mapmove:2,0")
    assert kind(g) == ("knight", "orient_tile")
    assert {"rot:2", "rot:3"} <= set(ids(g))               # walls S+W or W+N: a wall toward (1,0)


def test_MAP_19_several_reveals_one_at_a_time_in_revealers_order():
    """MAP-19: tiles revealed at once are revealed, oriented and filled one at a time,
    in the revealer's order (the second stays Dark while the first is filled)."""
    tiles = [ENTRANCE, lit(1, 0, "T13"), dark(2, 0, "T31"), dark(1, 1, "T32"),
             dark(1, -1, "T03"), dark(2, -1, "T04"), dark(3, 0, "T06"), dark(2, 1, "T17"),
             dark(0, 1, "T21")] + WEST_NORTH_SOUTH[:2]
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    g.script_dice("dragon", 2)                             # the four sides
    choose(g, "flare:1,0")
    assert kind(g) == ("knight", "reveal_order")
    assert set(ids(g)) == {"reveal:2,0", "reveal:1,1", "reveal:1,-1"}
    choose(g, "reveal:1,1")
    assert g.state.board.tiles[(1, 1)].lit
    assert kind(g) == ("cave", "fill_open_edge")          # (1,2) must be filled first ...
    assert dests(ids(g)) == {"1,2"}
    assert not g.state.board.tiles[(2, 0)].lit            # ... before (2,0) is revealed
    choose(g, ids(g)[0])
    assert kind(g) == ("knight", "reveal_order")
    assert "reveal:1,1" not in ids(g)


def test_MAP_20_MAP_25_MAP_26_MAP_27_AMB_13_cave_fills_place_one_draw_one():
    """MAP-20/25, AMB-13: the Cave fills every new open edge from its hand, in any order;
    MAP-26/27: it draws after each tile, so the drawn tile can fill the next edge."""
    g = kc([ENTRANCE, dark(1, 0, "T07")] + WEST_NORTH_SOUTH, active="knight",
           cave={"hand": ["T01", "T05", "T10"]}, stack=["T44", "T02", "T03"])
    choose(g, "move:1,0", "rot:0")                        # walls N+E: open W and S
    # rot:0 leaves only the south side open -> one space
    assert kind(g) == ("cave", "fill_open_edge")
    assert dests(ids(g)) == {"1,1"}
    g = kc([ENTRANCE, dark(1, 0, "T20")] + WEST_NORTH_SOUTH, active="knight",
           cave={"hand": ["T01", "T05", "T10"]}, stack=["T44", "T02", "T03"])
    choose(g, "move:1,0")                                 # open tile: N, E, S open
    assert kind(g) == ("cave", "fill_open_edge")
    assert dests(ids(g)) == {"1,-1", "2,0", "1,1"}
    assert "fill:T44@2,0" not in ids(g)
    choose(g, "fill:T05@1,1")                             # any order: south first
    assert sorted(g.state.cave.hand) == ["T01", "T10", "T44"]       # drew one at once
    assert g.state.stack == ["T02", "T03"]
    assert dests(ids(g)) == {"1,-1", "2,0"}
    choose(g, "fill:T44@2,0")                             # the tile just drawn
    assert sorted(g.state.cave.hand) == ["T01", "T02", "T10"]
    choose(g, "fill:T01@1,-1")
    assert {p: t.tile_id for p, t in g.state.board.tiles.items() if p in [(1, 1), (2, 0), (1, -1)]} == {
        (1, 1): "T05", (2, 0): "T44", (1, -1): "T01"}


def test_MAP_21_no_cave_revealer_draws_from_the_stack():
    """MAP-20/21: with no Cave player the revealer fills the open edges with tiles from
    the top of the stack (no choice to make)."""
    g = solo([ENTRANCE, dark(1, 0, "T35")] + WEST_NORTH_SOUTH, stack=["T22", "T29", "T30"])
    choose(g, "move:1,0")
    assert g.state.board.tiles[(2, 0)].tile_id == "T22"
    assert not g.state.board.tiles[(2, 0)].lit
    assert g.state.stack == ["T29", "T30"]
    assert kind(g) == ("knight", "knight_turn")


def test_MAP_22_fill_before_the_revealed_tile_resolves():
    """MAP-22: the revealed Event tile is resolved only after the open edges are filled."""
    g = kc([ENTRANCE, dark(1, 0, "T16")] + WEST_NORTH_SOUTH, active="knight",
           event_deck=["cave_bread", "light", "rats#1", "rats#2"])
    choose(g, "move:1,0")
    assert kind(g) == ("cave", "fill_open_edge")
    assert len(g.state.event_deck) == 4
    choose(g, ids(g)[0])
    assert kind(g) == ("cave", "choose_event")


def test_MAP_15_MAP_23_flare_reveal_is_filled_before_the_collapse():
    """MAP-15 / MAP-23: open edges are filled however the tile was revealed (here by the Flare)."""
    g = kc([ENTRANCE, lit(1, 0, "T13"), dark(2, 0, "T02")] + WEST_NORTH_SOUTH + [dark(1, -1, "T06"), dark(1, 1, "T17")],
           active="knight", pieces={"knight": [1, 0]})
    g.script_dice("dragon", 6)
    choose(g, "flare:2,0")
    assert g.state.board.tiles[(2, 0)].lit
    assert kind(g) == ("cave", "fill_open_edge") and dests(ids(g)) == {"3,0"}


def test_MAP_24_no_filling_during_the_collapse():
    """MAP-24 / COL-03: once the Collapse has begun, open edges are never filled."""
    g = kc([ENTRANCE, dark(1, 0, "T20")] + WEST_NORTH_SOUTH, active="knight", collapse=True, stack=[],
           cave={"hand": []}, event_deck=["cave_bread", "light", "rats#1"])
    n = len(g.state.board.tiles)
    choose(g, "move:1,0")
    assert kind(g) == ("cave", "choose_event")
    assert len(g.state.board.tiles) == n
    assert spaces_to_fill(g) == [(1, -1), (1, 1), (2, 0)]


def test_MAP_31_tokens_placed_on_reveal():
    """MAP-31: revealed by the Flare, an Event tile gets an Event token, a Treasure Room
    a Treasure token, a Crystal tile a Crystal token; an Ambush tile nothing."""
    tiles = [ENTRANCE, lit(1, 0, "T13"), dark(2, 0, "T20"), dark(1, -1, "T31"), dark(1, 1, "T37"),
             dark(2, -1, "T03"), dark(3, 0, "T04"), dark(2, 1, "T06"), dark(0, 1, "T17"), dark(1, -2, "T21"),
             dark(0, -1, "T28"), dark(1, 2, "T38"), dark(-1, 0, "T05")]
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    supply = dict(g.state.supply)
    g.script_dice("dragon", 2)
    choose(g, "flare:1,0")
    auto(g, {"reveal_order", "orient_tile", "fill_open_edge"})
    tok = g.state.board.tokens_at
    assert tok((2, 0))["event"] == 1
    assert tok((1, -1))["treasure"] == 1
    assert tok((1, 1))["crystal"] == 1
    assert g.state.supply["event"] == supply["event"] - 1
    assert g.state.supply["treasure"] == supply["treasure"] - 1
    assert g.state.supply["crystal"] == supply["crystal"] - 1


def test_MAP_31_knight_entering_an_event_tile_gets_no_event_token():
    """MAP-31: an Event tile the Knight reveals by entering gets no Event token (she
    resolves an Event card instead); an entered Crystal tile gets its Crystal token."""
    g = kc([ENTRANCE, dark(1, 0, "T20")] + WEST_NORTH_SOUTH, active="knight",
           event_deck=["cave_bread", "light", "rats#1"])
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge"})
    assert kind(g) == ("cave", "choose_event")
    assert g.state.board.tokens_at((1, 0))["event"] == 0
    g = kc([ENTRANCE, dark(1, 0, "T37")] + WEST_NORTH_SOUTH, active="knight")
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge"})
    assert g.state.board.tokens_at((1, 0))["crystal"] == 1


def test_MAP_32_MAP_33_flare_reveals_affect_the_knight_only_when_she_enters():
    """MAP-32: a tile revealed by the Flare gets its token but no Event is played then;
    entering it later resolves the Event token.  MAP-33: an Ambush revealed that way
    never attacks, then or when she enters it later."""
    tiles = [ENTRANCE, lit(1, 0, "T13"), dark(2, 0, "T20"), dark(1, 1, "T01"),
             dark(1, -1, "T03"), dark(2, -1, "T04"), dark(3, 0, "T06"), dark(2, 1, "T17"),
             dark(0, 1, "T21"), dark(1, 2, "T28")] + WEST_NORTH_SOUTH[:2]
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]}, event_deck=["cave_bread", "light", "rats#1", "rats#2"])
    g.script_dice("dragon", 2)
    choose(g, "flare:1,0", "reveal:1,1")
    auto(g, {"reveal_order", "orient_tile", "fill_open_edge"})
    assert kind(g) == ("knight", "knight_turn")           # no Event card, no Ambush
    assert len(g.state.event_deck) == 4
    assert g.state.board.tokens_at((2, 0))["event"] == 1
    health = g.state.knight.health
    choose(g, "move:1,1")                                  # the Ambush tile: nothing happens
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.knight.health == health
    assert not [e for e in g.events if e.kind.startswith("ambush")]
    g2 = kc(tiles, active="knight", pieces={"knight": [1, 0]}, event_deck=["cave_bread", "light", "rats#1", "rats#2"])
    g2.script_dice("dragon", 2)
    choose(g2, "flare:1,0")
    auto(g2, {"reveal_order", "orient_tile", "fill_open_edge"})
    choose(g2, "move:2,0")                                 # the Event token resolves now
    assert kind(g2) == ("cave", "choose_event")
    assert g2.state.board.tokens_at((2, 0))["event"] == 0


# ------------------------------------------------------ Cave placement
def test_MAP_34_cave_places_next_to_any_tile_regardless_of_walls():
    """MAP-34: the Cave places a Dark tile adjacent to any tile; walls and open edges
    do not restrict where (beyond a wall, next to a Dark tile)."""
    g = kc([ENTRANCE, lit(1, 0, "T03", rot=1), dark(0, 1, "T13")], cave={"hand": ["T01", "T05", "T10"]})
    places = dests(starting(g, "place:T01@"))
    expected = {"-1,0", "0,-1", "1,-1", "2,0", "1,1", "-1,1", "0,2"}
    assert places == expected
    choose(g, "place:T01@2,0")                             # behind the east wall of (1,0)
    assert g.state.board.tiles[(2, 0)].tile_id == "T01" and not g.state.board.tiles[(2, 0)].lit


def test_MAP_35_MAP_14_crystal_curse_rotation_ignores_the_entrance_rule():
    """MAP-35: a Crystal Curse rotation need not keep the tile linked to the Entrance;
    MAP-14: rotating a tile moves its walls, and so changes where one can pass."""
    tiles = [ENTRANCE, lit(1, 0, "T03"), dark(2, 0, "T06"), dark(1, -1, "T17"), dark(1, 1, "T21")] + WEST_NORTH_SOUTH
    g = kc(tiles, cave={"omens": {"trail": 1}})
    assert not edge_blocked(g, (0, 0), (1, 0))
    choose(g, "omen:crystal_curse")
    assert "curse:rotate:1,0:3" in ids(g)                  # wall to the west: cut off from the Entrance
    choose(g, "curse:rotate:1,0:3")
    assert edge_blocked(g, (0, 0), (1, 0))
    assert not has_open_edge(g, (1, 0), W) and has_open_edge(g, (1, 0), N)


# -------------------------------------------------- connecting the map
BLOCKS = [ENTRANCE, lit(0, 1, "T01"), lit(-1, 0, "T05"), lit(-1, 1, "T10"), lit(1, 0, "T13"),
          lit(2, 0, "T20"), lit(3, 0, "T22"), lit(2, 1, "T25"), lit(3, 1, "T29")]


def test_MAP_07_MAP_36_MAP_37_split_map_is_slid_back_by_the_remover():
    """MAP-07 / MAP-36/37 (the map is one connected set): when a removal splits the map, the player who split it slides the
    loose section in a cardinal direction until it touches the rest; tokens, pieces
    and edge tokens inside the section move with it (MAP-14)."""
    g = kc(BLOCKS, collapse=True, stack=[], cave={"hand": []}, tokens={"3,1": {"treasure": 1}},
           rockslides=[[[2, 1], [3, 1]]], pieces={"knight": [3, 0]})
    choose(g, "remove:1,0")
    assert kind(g) == ("cave", "slide_section")
    assert ids(g) == ("slide:2,0:W",)
    choose(g, "slide:2,0:W")
    tiles = g.state.board.tiles
    assert {p: tiles[p].tile_id for p in [(1, 0), (2, 0), (1, 1), (2, 1)]} == {
        (1, 0): "T20", (2, 0): "T22", (1, 1): "T25", (2, 1): "T29"}
    assert (3, 0) not in tiles and (3, 1) not in tiles
    assert g.state.board.tokens_at((2, 1))["treasure"] == 1
    assert g.state.board.rockslides == {((1, 1), (2, 1))}
    assert g.state.board.pieces["knight"] == (2, 0)
    assert kind(g) == ("cave", "cave_turn")                # back to removing tiles


def test_MAP_38_no_sliding_when_the_map_stays_connected():
    """MAP-38: tiles slide only when the map is truly split, never to close a hole."""
    ring = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10"), lit(2, 1, "T13"),
            lit(0, 2, "T20"), lit(1, 2, "T22"), lit(2, 2, "T25")]
    g = kc(ring, collapse=True, stack=[], cave={"hand": []})
    choose(g, "remove:1,0")
    assert kind(g) == ("cave", "cave_turn")
    assert not [e for e in g.events if e.kind == "map_slid"]
    assert (2, 0) in g.state.board.tiles


def test_MAP_39_MAP_40_slide_either_way_then_fill():
    """MAP-39: the player who split the map chooses to slide a section horizontally or
    vertically; MAP-40: open edges are filled only after the sections are slid together
    (a removal before the Collapse, as by Cave-In; the splitter slides, the Cave fills)."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=2), lit(0, 1, "T04", rot=1), lit(0, 2, "T07", rot=1), lit(2, 0, "T01"),
             dark(2, 1, "T20"), dark(2, 2, "T22"),
             dark(-1, 0, "T05"), dark(0, -1, "T10"), dark(1, -1, "T13"), dark(2, -1, "T28"), dark(3, 0, "T29"),
             dark(-1, 1, "T25"), dark(-1, 2, "T30")]
    g = kc(tiles, cave={"hand": ["T34", "T35", "T36"]})
    assert spaces_to_fill(g) == []
    drive(g, lambda game: remove_tile(game, (2, 1), "knight", collapse_removal=False))
    assert kind(g) == ("knight", "slide_section")
    assert set(ids(g)) == {"slide:2,2:N", "slide:2,2:W"}
    assert (2, 1) not in g.state.board.tiles               # not refilled before the slide
    choose(g, "slide:2,2:W")
    assert g.state.board.tiles[(1, 2)].tile_id == "T22" and (2, 2) not in g.state.board.tiles
    assert kind(g) == ("cave", "fill_open_edge")            # filling comes after the slide
    assert dests(ids(g)) == {"2,1"}
    choose(g, "fill:T34@2,1")
    assert kind(g) == ("test", "done")
    g2 = kc(tiles, cave={"hand": ["T34", "T35", "T36"]})
    drive(g2, lambda game: remove_tile(game, (2, 1), "knight", collapse_removal=False))
    choose(g2, "slide:2,2:N")                               # vertically: closes the gap itself
    assert g2.state.board.tiles[(2, 1)].tile_id == "T22"
    assert kind(g2) == ("test", "done")


def test_MAP_04_MAP_05_open_spaces_hold_no_tiles():
    """MAP-04/05: an open space is a square with no tile; has_open_edge toward one is
    what makes the Cave fill it (and nothing is moved onto it, FM-04)."""
    g = kc([ENTRANCE, lit(1, 0, "T01")] + WEST_NORTH_SOUTH)
    assert spaces_to_fill(g) == [(1, -1), (1, 1), (2, 0)]
    assert all(has_open_edge(g, (1, 0), d) for d in (N, E, S))


def test_MAP_25_CV_04_crystal_first_only_on_the_caves_own_turn():
    """CV-04 / MAP-25: filling open edges on the Knight's turn, the Cave may use any tile
    in hand; on its own turn (here after a Crystal Curse rotation opens an edge) a
    Crystal tile in hand must go first."""
    g = kc([ENTRANCE, dark(1, 0, "T02")] + WEST_NORTH_SOUTH, active="knight", cave={"hand": ["T37", "T01", "T05"]})
    choose(g, "move:1,0")
    assert set(ids(g)) == {"fill:T37@2,0", "fill:T01@2,0", "fill:T05@2,0"}
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=1)] + WEST_NORTH_SOUTH + [dark(1, -1, "T06"), dark(1, 1, "T17")]
    g = kc(tiles, cave={"hand": ["T37", "T01", "T05"], "omens": {"trail": 1}})
    assert not has_open_edge(g, (1, 0), E)
    choose(g, "omen:crystal_curse", "curse:rotate:1,0:0")   # the wall turns north: east opens
    assert kind(g) == ("cave", "fill_open_edge")
    assert ids(g) == ("fill:T37@2,0",)
