"""The Terrain variant (rulebook "8 Terrain Tiles", FAQ "Terrain Variant", VAR-13):
TR-01..33, COL-27/28/32, AMB-45/46 (the Dragon with the Pits and the River, TR-19, TR-27,
forced Tribes on Terrain and the Pits as a set: test_terrain_more.py).  Every position is
built with load_scenario and every rule is shown through the pending decisions and the
public state."""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.cards.secrets import hex_targets
from vast_desktop.engine.map.board import is_dark, is_lit, spaces_to_fill, visible
from vast_desktop.engine.map.terrain import cells_for, forest_blocks, placements
from vast_desktop.engine.setup import OPTIONAL_VARIANTS, SetupError

from .helpers_terrain import (
    ENTRANCE,
    auto,
    choose,
    dark,
    dist,
    ids,
    lit,
    option_cells,
    terrain,
    terrain_cells,
    tgame,
    thief_game,
    touches_other_terrain,
)

REVEAL = [ENTRANCE, dark(1, 0, "T20")]           # an open Event tile east of the Entrance
FILL = {"fill_open_edge", "orient_tile"}


def _reveal(g):
    choose(g, "move:1,0")


# ------------------------------------------------------------------ setup
def test_TR_01_and_VAR_13_variants_are_offered_and_exclusive() -> None:
    assert "terrain" in OPTIONAL_VARIANTS and "random-terrain" in OPTIONAL_VARIANTS
    with pytest.raises(SetupError):
        new_game(Setup(roles=("knight", "cave"), variants=("terrain", "random-terrain")))
    g = new_game(Setup(roles=("knight", "cave"), seed=3, variants=("random-terrain",)))
    assert sorted(g.state.terrain_deck) == ["canyon", "lake", "magma", "mushroom_forest", "pits", "river"]


def test_TR_01_no_terrain_without_the_variant() -> None:
    from vast_desktop.engine import load_scenario
    g = load_scenario({"setup": {"roles": ["knight"], "seed": 1, "solo_level": "easy"}, "tiles": REVEAL,
                       "pieces": {"knight": [0, 0]}})
    _reveal(g)
    assert not any(e.kind.startswith("terrain") for e in g.events)
    assert all(t.terrain is None for t in g.state.board.tiles.values())


# -------------------------------------------------------------- placement
def test_TR_04_TR_06_TR_08_first_event_reveal_prompts_the_revealer_after_filling() -> None:
    g = tgame(REVEAL)
    _reveal(g)
    assert g.pending.kind == "terrain_choose" and g.pending.role == "knight"        # TR-06: no Cave
    assert set(ids(g)) == {f"terrain:{k}" for k in ("canyon", "lake", "magma", "mushroom_forest", "pits", "river")}
    assert spaces_to_fill(g) == []                                                  # TR-08: edges filled first
    assert (2, 0) in g.state.board.tiles and (1, 1) in g.state.board.tiles


def test_TR_04_only_the_first_event_reveal_of_a_round() -> None:
    g = tgame(REVEAL, terrain_round=1)          # this round's Terrain already came
    _reveal(g)
    assert g.pending.kind != "terrain_choose"
    assert not any(e.kind == "terrain_placed" for e in g.events)


def test_TR_05_COL_32_no_terrain_once_the_collapse_began() -> None:
    g = tgame(REVEAL, collapse=True)
    _reveal(g)
    assert g.pending.kind != "terrain_choose"
    assert all(t.terrain is None for t in g.state.board.tiles.values())


def test_TR_06_the_cave_chooses_and_places() -> None:
    g = tgame(REVEAL, roles=("knight", "cave"), active="knight")
    _reveal(g)
    auto(g, FILL)
    assert g.pending.kind == "terrain_choose" and g.pending.role == "cave"
    choose(g, "terrain:magma")
    assert g.pending.role == "cave" and g.pending.kind == "terrain_place"


def test_TR_07_as_close_as_possible_to_the_revealer() -> None:
    g = tgame(REVEAL)
    _reveal(g)
    choose(g, "terrain:lake")
    here = g.state.board.pieces["knight"]
    offered = option_cells(g)
    best = min(dist([c for c, _ in cells_for(g, "lake", r, a)], here) for r, a in placements(g, "lake"))
    assert offered and all(dist(cells, here) == best for cells in offered)
    farther = [a for r, a in placements(g, "lake") if dist([c for c, _ in cells_for(g, "lake", r, a)], here) > best]
    assert farther                                                 # there were legal spots farther away
    g.apply(g.pending.ids[0])
    assert len(terrain_cells(g, "lake")) == 4


def test_TR_09_never_touching_other_terrain_and_next_to_a_cave_tile() -> None:
    g = tgame(REVEAL, [terrain("magma", 2, 1)])
    _reveal(g)
    choose(g, "terrain:lake")
    tiles = g.state.board.tiles
    for cells in option_cells(g) if g.pending.kind == "terrain_place" else [terrain_cells(g, "lake")]:
        assert not touches_other_terrain(g, cells)
        assert any(q in tiles and tiles[q].terrain is None for c in cells for q in
                   ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1)))


def test_TR_09_no_valid_place_no_terrain() -> None:
    far = [terrain("canyon", 20, 0), terrain("lake", 30, 0), terrain("magma", 40, 0), terrain("mushroom_forest", 50, 0),
           terrain("pits_1", 60, 0), terrain("pits_2", 70, 0), terrain("pits_3", 80, 0), terrain("river", 90, 0)]
    g = tgame(REVEAL, far)                    # every Terrain tile is already out
    _reveal(g)
    assert g.pending.kind != "terrain_choose"
    assert any(e.kind == "terrain_none" for e in g.events)


def test_VAR_13_random_terrain_card_names_the_tile() -> None:
    g = tgame(REVEAL, variant="random-terrain", terrain_deck=["magma", "lake"])
    _reveal(g)
    assert g.pending.kind != "terrain_choose"                   # no choice of tile
    if g.pending.kind == "terrain_place":
        g.apply(g.pending.ids[0])
    assert len(terrain_cells(g, "magma")) == 2 and not terrain_cells(g, "lake")
    assert g.state.terrain_deck == ["lake"]
    assert view(g, "knight").terrain_cards == ("magma",)        # drawn cards stay face up


def test_TR_10_TR_16_canyon_bridge_touches_a_cave_tile_and_fills() -> None:
    g = tgame(REVEAL, variant="random-terrain", terrain_deck=["canyon"])
    _reveal(g)
    if g.pending.kind == "terrain_place":
        g.apply(g.pending.ids[0])
    tiles = g.state.board.tiles
    [b] = [p for p in terrain_cells(g, "canyon") if tiles[p].terrain.kind == "bridge"]
    sides = [(b[0] + dx, b[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    around = [q for q in sides if not (q in tiles and tiles[q].terrain is not None)]
    assert len(around) == 2                                     # the two sides off the Canyon's line
    assert all(q in tiles and tiles[q].terrain is None for q in around)   # one Cave tile, one new Dark tile
    assert any(is_dark(g, q) for q in around)


def test_TR_10_terrain_edges_do_not_call_for_tiles() -> None:
    g = tgame([ENTRANCE, lit(1, 0, "T31")], [terrain("lake", 2, -1)])
    lake = set(terrain_cells(g, "lake"))
    near = {(x + dx, y + dy) for x, y in lake for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - lake
    assert not (set(spaces_to_fill(g)) & (near - {(1, -1), (1, 1)}))


# ------------------------------------------------------------- movement
def test_TR_11_TR_17_enter_plain_and_bridge_never_impassable() -> None:
    g = tgame([ENTRANCE], [terrain("canyon", 1, -1, rot=1)])      # (1,-1) impassable, (1,0) bridge, (1,1) impassable
    assert [p for p in terrain_cells(g, "canyon") if g.state.board.tiles[p].terrain.kind == "bridge"] == [(1, 0)]
    assert "move:1,0" in ids(g)
    g = tgame([ENTRANCE, lit(0, -1, "T31")], [terrain("canyon", 1, -1, rot=1)], knight_at=(0, -1))
    assert "move:1,-1" not in ids(g)


def test_TR_11_a_wall_on_the_cave_side_blocks() -> None:
    g = tgame([ENTRANCE, lit(0, -1, "T17")], [terrain("lake", -1, -3)], knight_at=(0, -1))   # T17: wall north
    assert "move:0,-2" not in ids(g)
    g = tgame([ENTRANCE, lit(0, -1, "T20")], [terrain("lake", -1, -3)], knight_at=(0, -1))   # no walls
    assert "move:0,-2" in ids(g)


def test_TR_13_terrain_is_neither_lit_nor_dark_and_does_not_block_sight() -> None:
    g = tgame([ENTRANCE, lit(2, 0, "T31")], [terrain("magma", 1, -1, rot=1)])   # magma on (1,-1) and (1,0)
    assert not is_lit(g, (1, 0)) and not is_dark(g, (1, 0))
    assert visible(g, (0, 0), (2, 0))
    tv = next(t for t in view(g, "knight").tiles if t.pos == (1, 0))
    assert tv.terrain is not None and tv.terrain.type == "magma" and tv.lit is False


# --------------------------------------------------------------- effects
def test_TR_21_magma_costs_the_knight_health_at_the_end_of_her_turn() -> None:
    g = tgame([ENTRANCE], [terrain("magma", 1, 0)], knight_at=(1, 0))
    health = g.state.knight.health
    choose(g, "end:")
    assert g.state.knight.health == health - 1


def test_TR_21_not_her_last_health() -> None:
    g = tgame([ENTRANCE], [terrain("magma", 1, 0)], knight_at=(1, 0), knight={"health": 1})
    choose(g, "end:")
    assert g.state.knight.health == 1


def test_TR_24_magma_only_if_she_stays() -> None:
    g = tgame([ENTRANCE], [terrain("magma", 1, 0)], knight_at=(1, 0), movement=1)
    health = g.state.knight.health
    choose(g, "move:0,0", "end:")
    assert g.state.knight.health == health


def test_TR_25_TR_26_mushroom_forest_shelters_from_outside() -> None:
    g = tgame([ENTRANCE, lit(3, 0, "T31")], [terrain("mushroom_forest", 1, 0)], knight_at=(1, 0),
              roles=("knight", "goblins"), active="knight")
    assert forest_blocks(g, (3, 0), (1, 0)) and forest_blocks(g, (1, 0), (3, 0))
    assert not forest_blocks(g, (1, 0), (1, 0))
    g.state.knight.grit = 3
    assert "knight" not in hex_targets(g)                      # Hex cannot reach her inside
    g.state.board.pieces["knight"] = (0, 0)
    assert "knight" in hex_targets(g)


def test_TR_28_three_pits_one_close_the_others_far() -> None:
    g = tgame(REVEAL, variant="random-terrain", terrain_deck=["pits"])
    _reveal(g)
    here = g.state.board.pieces["knight"]
    while g.pending.kind == "terrain_pit":
        g.apply(g.pending.ids[0])
    pits = [terrain_cells(g, t)[0] for t in ("pits_1", "pits_2", "pits_3")]
    assert dist([pits[0]], here) <= 2
    assert min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in pits for b in pits if a != b) >= 2
    for p in pits:
        assert not touches_other_terrain(g, [p])


def test_TR_29_pits_are_adjacent_and_no_turn_ends_on_one() -> None:
    g = tgame([ENTRANCE, lit(5, 0, "T31"), lit(4, 0, "T32"), lit(3, 0, "T33"), lit(2, 0, "T13"), lit(1, 0, "T10")],
              [terrain("pits_1", 0, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)], knight_at=(0, 1), movement=1)
    assert {"move:5,1", "move:3,-1"} <= set(ids(g))            # the other Pits
    assert "end:" not in ids(g)


def test_TR_30_entering_a_pit_needs_the_whole_trip() -> None:
    tiles = [ENTRANCE, lit(5, 0, "T31"), lit(4, 0, "T32"), lit(3, 0, "T33"), lit(2, 0, "T13"), lit(1, 0, "T10")]
    pits = [terrain("pits_1", 0, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)]
    assert "move:0,1" not in ids(tgame(tiles, pits, movement=0))      # Movement 1
    assert "move:0,1" in ids(tgame(tiles, pits, movement=1))          # Movement 3


def test_TR_32_river_current_carries_free() -> None:
    g = tgame([ENTRANCE], [terrain("river", 1, 0)], movement=1)       # (1,0)->(2,0)->(3,0), flowing east
    choose(g, "move:1,0")
    assert g.pending.kind == "terrain_ride"
    assert {"ride:2,0", "ride:3,0", "stay:"} == set(ids(g))
    choose(g, "ride:3,0")
    assert g.state.board.pieces["knight"] == (3, 0) and g.state.knight.moved == 1


def test_TR_32_against_the_current_is_normal_movement() -> None:
    g = tgame([ENTRANCE, lit(4, 0, "T31")], [terrain("river", 1, 0)], knight_at=(4, 0), movement=1)
    choose(g, "move:3,0")
    assert g.pending.kind != "terrain_ride"                           # nothing downstream of the last space
    choose(g, "move:2,0")
    assert g.pending.kind == "terrain_ride" and g.state.knight.moved == 2


def test_TR_12_leaving_terrain_onto_an_open_space() -> None:
    g = tgame([ENTRANCE], [terrain("magma", 1, 0)], knight_at=(2, 0), movement=1)
    assert "leave:3,0" in ids(g) and "leave:2,1" in ids(g)
    stack = len(g.state.stack)
    choose(g, "leave:3,0")
    auto(g, FILL)
    assert g.state.board.pieces["knight"] == (3, 0)
    assert (3, 0) in g.state.board.tiles and g.state.board.tiles[(3, 0)].lit           # revealed as an Encounter
    assert len(g.state.stack) < stack and g.state.knight.encounters_used == 1


def test_AMB_45_no_leaving_onto_open_space_in_the_collapse() -> None:
    g = tgame([ENTRANCE], [terrain("magma", 1, 0)], knight_at=(2, 0), collapse=True)
    assert not [i for i in ids(g) if i.startswith("leave:")]


# ------------------------------------------------------------- collapse
def test_COL_27_TR_15_exposed_terrain_may_collapse_and_counts() -> None:
    g = tgame([ENTRANCE, lit(1, 0, "T31")], [terrain("lake", 2, 0)], collapse=True)
    choose(g, "end:")
    assert g.pending.kind == "collapse_tile"
    assert "remove:2,0" in ids(g)                              # the Lake, by its top-left space
    choose(g, "remove:2,0")
    assert not terrain_cells(g, "lake")
    assert any(e.kind == "terrain_removed" for e in g.events)
    assert g.pending is None or g.pending.kind == "collapse_tile"     # one of the turn's removals


def test_COL_27_half_hidden_terrain_stays() -> None:
    tiles = [ENTRANCE, lit(1, 0, "T31"), lit(1, -1, "T32"), lit(2, -1, "T33"), lit(1, 1, "T13"), lit(2, 1, "T10")]
    g = tgame(tiles, [terrain("magma", 2, 0)], collapse=True)   # magma (2,0),(3,0): 6 edges, 3 against tiles
    choose(g, "end:")
    assert "remove:2,0" in ids(g)
    tiles.append(lit(4, 0, "T01"))
    g = tgame(tiles, [terrain("magma", 2, 0)], collapse=True)   # now only 2 of 6 exposed
    choose(g, "end:")
    assert "remove:2,0" not in ids(g)


# ------------------------------------------------------------------ Tribes
def _tribe_game(terrain_tiles, pop: int = 2):
    from .helpers_goblins import WAR, to_activation
    g = tgame([ENTRANCE, lit(1, 0, "T22"), lit(0, 1, "T25")], terrain_tiles, roles=("knight", "goblins"),
              active="goblins", knight_at=(0, 1),
              pieces={"tribe:fangs": [1, 0]},
              goblins={"rage": 1, "war_deck": ["pain"] + [w for w in WAR if w != "pain"], "population": {"fangs": pop, "bones": 0, "eye": 0}})
    to_activation(g)                                      # Pain: +1 to every Tribe
    choose(g, "activate:fangs")
    assert g.pending.kind == "tribe_activation" and g.state.goblins.population["fangs"] == pop + 1
    return g


def _pop(g) -> int:
    return g.state.goblins.population["fangs"]


def test_TR_20_lake_costs_a_tribe_1_and_counts_as_lit() -> None:
    g = _tribe_game([terrain("lake", 2, 0)])
    choose(g, "move:2,0")
    assert _pop(g) == 2                                   # entering the Lake
    choose(g, "move:3,0")                                 # Lake to Lake: no entry loss, but the Lake counts as Lit:
    assert _pop(g) == 1                                   # the second "Lit" space left (GB-61/62)


def test_TR_14_TR_22_magma_is_not_lit_and_costs_1_each_time_left() -> None:
    g = _tribe_game([terrain("magma", 2, 0)])
    choose(g, "move:2,0")
    assert _pop(g) == 3                                   # entering Magma costs nothing
    choose(g, "move:3,0")
    assert _pop(g) == 2                                   # left a Magma space; Magma is no Lit tile (TR-14)
    assert g.state.goblins.lit_exits["fangs"] == 1


def test_TR_22_a_tribe_ending_its_turn_on_magma_drops_to_0() -> None:
    g = _tribe_game([terrain("magma", 2, 0)])
    choose(g, "move:2,0", "done:")
    while g.pending is not None and g.pending.role == "goblins":
        choose(g, "end:" if "end:" in ids(g) else ids(g)[0])
    assert _pop(g) == 0


def test_TR_33_river_costs_a_tribe_1_and_it_may_ride() -> None:
    g = _tribe_game([terrain("river", 2, 0)])
    choose(g, "move:2,0")
    assert _pop(g) == 2
    assert g.pending.kind == "terrain_ride" and g.pending.role == "goblins"
    choose(g, "ride:4,0")
    assert g.state.board.pieces["tribe:fangs"] == (4, 0) and _pop(g) == 2


def test_TR_33_against_the_current_costs_a_tribe_1_per_space() -> None:
    g = _tribe_game([terrain("river", 2, 0, rot=2)])      # flowing west: (4,0) -> (3,0) -> (2,0)
    choose(g, "move:2,0")
    assert _pop(g) == 2 and g.pending.kind != "terrain_ride"
    choose(g, "move:3,0")
    assert _pop(g) == 1


# ------------------------------------------------------------------- Thief
def test_TH_15_TR_18_thief_climbs_over_impassable_terrain() -> None:
    tiles = [ENTRANCE, lit(0, 1, "T31"), lit(2, 1, "T32")]
    g = thief_game(tiles, [terrain("canyon", 1, -1, rot=1)], (0, 1))     # (1,1) is impassable
    assert "move:1,1" not in ids(g) and "climb:1,1" not in ids(g)
    cubes = g.state.thief.cubes
    assert cubes >= 3 and "climbover:2,1" in ids(g)
    choose(g, "climbover:2,1")
    assert g.state.board.pieces["thief"] == (2, 1) and g.state.thief.cubes == cubes - 3


def test_TR_23_thief_ending_his_turn_on_magma_is_killed() -> None:
    g = thief_game([ENTRANCE], [terrain("magma", 1, 0)], (1, 0))
    choose(g, "end:")
    assert g.state.thief.dead and "thief" not in g.state.board.pieces


# ------------------------------------------------------------------ the tiles themselves
def test_TR_02_six_types_on_eight_tiles() -> None:
    """TR-02: Canyon, Lake, Magma, Mushroom Forest, Pits (×3) and River."""
    from collections import Counter

    from vast_desktop.rules_data import load_rules_data

    kinds = Counter(t.kind for t in load_rules_data().terrain)
    assert sum(kinds.values()) == 8
    assert kinds == Counter({"canyon": 1, "lake": 1, "magma": 1, "mushroom_forest": 1, "pits": 3, "river": 1})


def test_TR_03_one_terrain_tile_covers_several_spaces() -> None:
    """TR-03: a Terrain tile larger than a Cave tile covers several map spaces, all of them
    the same tile (a Lake laid at 1,0 fills its whole footprint)."""
    from vast_desktop.rules_data import load_rules_data

    lake = next(t for t in load_rules_data().terrain if t.kind == "lake")
    assert len(lake.spaces) > 1
    g = tgame([ENTRANCE], [terrain("lake", 1, 0)], knight_at=(0, 0))
    covered = {p for p, t in g.state.board.tiles.items() if t.terrain is not None}
    assert len(covered) == len(lake.spaces) and (1, 0) in covered
    assert {v.terrain.tile for v in view(g, None).tiles if v.terrain} == {"lake"}
