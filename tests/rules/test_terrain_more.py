"""The Terrain variant, continued (tests/rules/test_terrain.py has the rest): the Dragon
and the Pits (TR-29/31) and the River (TR-32), the Canyon under Wing and Climb (TR-19),
the Mushroom Forest under Wrath (TR-27), the Lake, River and Magma for a Tribe moved by
another player (TR-20/22/24/33, FM-07/15), and the Pits as a set (TR-28, COL-27/28).
Every position is built with load_scenario and played through the pending decisions."""
from __future__ import annotations

import pytest

from vast_desktop.engine.roles.goblins import turn as gb

from .helpers_terrain import (
    ENTRANCE,
    auto,
    choose,
    dark,
    dragon_tgame,
    ids,
    lit,
    pop,
    terrain,
    terrain_cells,
    tgame,
    thief_game,
)

# ------------------------------------------------------------ the Dragon and the Pits
# A row of open tiles (0,0)..(6,0) and (0,1); the Pits at (1,1), (5,1) and (3,-1).
ROW = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(3, 0, "T33"), lit(4, 0, "T13"), lit(5, 0, "T10"),
       lit(6, 0, "T01"), lit(0, 1, "T05")]
PITS = [terrain("pits_1", 1, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)]
SURFACED = pytest.mark.parametrize("surfaced", [False, True], ids=["underground", "surfaced"])


def _moves(g, verb: str = "move") -> set[str]:
    return {i for i in ids(g) if i.startswith(f"{verb}:")}


def _onto_tiles(g, verb: str = "move") -> set[str]:
    """The moves onto spaces of the map (leaving out TR-12's steps off Terrain onto open
    spaces, which the underground Dragon also has beside the Pits)."""
    return {i for i in _moves(g, verb) if tuple(map(int, i.split(":", 1)[1].split(","))) in g.state.board.tiles}


def _label(g, oid: str) -> str:
    return next(o.label for o in g.pending.options if o.id == oid)


def _dragon_at(g):
    return g.state.board.pieces["dragon"]


@SURFACED
def test_TR_31_free_move_onto_a_pit_only_with_a_wing_to_leave_it(surfaced) -> None:
    """TR-31 (FAQ): two separate movements to use the Pits, one to enter and one to leave:
    with a Wing in hand the free move may stop on a Pit (or enter one and step to another
    with its second space); with no second movement it may not."""
    off_the_pit = set() if surfaced else {"move:2,1"}     # TR-12: underground, across the Pit onto open space
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("wing",), surfaced=surfaced, knight_at=(6, 0))
    assert _moves(g) == {"move:0,0", "move:1,1", "move:5,1", "move:3,-1"} | off_the_pit
    assert "must leave it this turn" in _label(g, "move:1,1")
    assert _label(g, "move:5,1").startswith("Move through the Pits to the Pit at 5,1")
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("claw",), surfaced=surfaced, knight_at=(6, 0))
    assert _moves(g) == {"move:0,0"} | off_the_pit        # no Wing: no second movement, no Pit


@SURFACED
def test_TR_31_TR_29_on_a_pit_he_must_leave_and_the_second_movement_exits_through_another_pit(surfaced) -> None:
    """TR-31: the Pit-to-Pit step may be the first space of the second movement, which then
    goes on from the other Pit; TR-29: on a Pit only his movements are offered, never the
    end of his turn."""
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("wing", "claw"), surfaced=surfaced, knight_at=(6, 0))
    choose(g, "move:1,1")
    assert _dragon_at(g) == (1, 1)
    assert ids(g) == ("power:wing",)                      # no Claw, no end of turn on the Pit
    choose(g, "power:wing")
    assert _onto_tiles(g, "wing") == {"wing:1,0", "wing:0,1", "wing:5,0", "wing:3,0"}   # no Pit: no third movement
    assert _label(g, "wing:5,0") == "Fly through the Pits to 5,0"
    choose(g, "wing:5,0")
    assert _dragon_at(g) == (5, 0)
    moves = [e.data for e in g.events if e.kind == "move" and e.data.get("piece") == "dragon"]
    assert [(m["frm"], m["to"]) for m in moves] == [((0, 1), (1, 1)), ((1, 1), (5, 0))]
    assert "end:" in ids(g) and "power:claw" in ids(g)


def test_TR_31_the_pit_step_from_the_second_space_of_the_first_movement() -> None:
    """TR-31: "the 1 additional movement ... may be taken from the second space of either
    movement": the free move enters a Pit and steps to another; the Wing leaves from there."""
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("wing",), knight_at=(6, 0))
    choose(g, "move:5,1")
    assert _dragon_at(g) == (5, 1) and ids(g) == ("power:wing",)
    choose(g, "power:wing")
    assert "wing:5,0" in ids(g) and not [i for i in ids(g) if i in ("wing:1,1", "wing:3,-1")]
    choose(g, "wing:5,0")
    assert _dragon_at(g) == (5, 0) and "end:" in ids(g)


def test_TR_31_a_wing_onto_a_pit_then_the_free_move_out() -> None:
    """TR-31: Wing first (the free move still to come) may stop on a Pit; the free move
    then leaves it through another Pit."""
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("wing",), knight_at=(6, 0))
    choose(g, "power:wing")
    assert "wing:1,1" in ids(g)
    choose(g, "wing:1,1")
    assert _onto_tiles(g) == {"move:1,0", "move:0,1", "move:5,0", "move:3,0"} and set(ids(g)) == _moves(g)
    choose(g, "move:3,0")
    assert _dragon_at(g) == (3, 0) and "end:" in ids(g)


def test_TR_31_two_wings_after_the_free_move() -> None:
    """TR-31: "or as two Wing cards": with the free move spent, a Wing may stop on a Pit
    only while another Wing can still be paid."""
    g = dragon_tgame(ROW, PITS, (2, 0), hand=("wing", "wing"), knight_at=(6, 0))
    choose(g, "move:3,0", "power:wing")
    assert "wing:3,-1" in ids(g)
    choose(g, "wing:3,-1")
    assert ids(g) == ("power:wing",)
    choose(g, "power:wing")
    choose(g, "wing:5,0")
    assert _dragon_at(g) == (5, 0)
    g = dragon_tgame(ROW, PITS, (2, 0), hand=("wing",), knight_at=(6, 0))
    choose(g, "move:3,0", "power:wing")
    assert "wing:3,-1" not in ids(g)                     # (3,-2) beyond it is TR-12's step onto open space


# ------------------------------------------------------------------ the Dragon and the River
# The River on (1,1) (2,1) (3,1), flowing east; open tiles around it.
RIVER_TILES = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(3, 0, "T33"), lit(4, 0, "T13"),
               lit(0, 1, "T05"), lit(4, 1, "T10")]
RIVER = [terrain("river", 1, 1)]


@SURFACED
def test_TR_32_the_dragon_rides_the_current(surfaced) -> None:
    """TR-32: entering a River space, the Dragon (surfaced or underground) may ride the
    current free to any River space downstream."""
    g = dragon_tgame(RIVER_TILES, RIVER, (0, 1), surfaced=surfaced, knight_at=(4, 0))
    choose(g, "move:1,1")
    assert g.pending.kind == "terrain_ride" and g.pending.role == "dragon"
    assert set(ids(g)) == {"ride:2,1", "ride:3,1", "stay:"}
    choose(g, "ride:3,1")
    assert _dragon_at(g) == (3, 1) and g.pending.kind == "dragon_turn"
    assert not _moves(g)                                  # the ride was part of his free move


def test_TR_32_against_the_current_is_normal_movement_for_the_dragon() -> None:
    """TR-32: against the current he moves as usual — 2 spaces of his free move."""
    g = dragon_tgame(RIVER_TILES, RIVER, (4, 1), knight_at=(4, 0))
    assert {"move:3,1", "move:2,1"} <= _moves(g) and "move:1,1" not in _moves(g)
    choose(g, "move:3,1")
    assert g.pending.kind == "dragon_turn"                # nothing downstream of the last River space


def test_TR_32_DR_13_the_surfaced_dragon_riding_into_the_knight_is_attacked() -> None:
    """TR-32 with DR-13/14: the River spaces ridden through are entered, so the Knight on
    one attacks the surfaced Dragon (Strength 2 against Armor 1) and the ride goes on."""
    g = dragon_tgame(RIVER_TILES, RIVER, (0, 1), surfaced=True, knight_at=(2, 1),
                     knight={"track": {"strength": 1}}, dragon={"wakefulness": 0})
    choose(g, "move:1,1", "ride:3,1")
    assert _dragon_at(g) == (3, 1) and g.state.dragon.health == 4
    assert any(e.kind == "dragon_attack" for e in g.events)


# ------------------------------------------------------------------ the Canyon (TR-19)
# The Canyon turned north-south: (1,-1) impassable, (1,0) the Bridge, (1,1) impassable.
CANYON = [terrain("canyon", 1, -1, rot=1)]
CANYON_TILES = [ENTRANCE, lit(0, 1, "T05"), lit(2, 1, "T31"), lit(0, -1, "T20"), lit(2, -1, "T32"),
                lit(2, 0, "T33")]


@pytest.mark.parametrize("start, over, beyond", [((0, 1), (1, 1), (2, 1)), ((0, -1), (1, -1), (2, -1))])
def test_TR_19_wing_passes_over_either_impassable_space(start, over, beyond) -> None:
    """TR-19 (FAQ): on the surface a Wing passes completely over either impassable space in
    a straight line; he never stops on it, and his free move cannot cross it (TR-17)."""
    g = dragon_tgame(CANYON_TILES, CANYON, start, hand=("wing",), surfaced=True, knight_at=(2, 0))
    fmt = "{},{}".format
    assert f"move:{fmt(*beyond)}" not in ids(g) and f"move:{fmt(*over)}" not in ids(g)
    choose(g, "power:wing")
    assert f"wing:{fmt(*beyond)}" in ids(g) and f"wing:{fmt(*over)}" not in ids(g)
    choose(g, f"wing:{fmt(*beyond)}")
    assert _dragon_at(g) == beyond


def test_TR_19_climb_passes_through_either_impassable_space_to_a_valid_space() -> None:
    """TR-19 (FAQ): the Thief's Climb passes through either impassable space, provided he
    ends his movement on a valid space: with no tile beyond, no Climb over."""
    g = thief_game(CANYON_TILES, CANYON, (0, -1))
    assert "climbover:2,-1" in ids(g)
    choose(g, "climbover:2,-1")
    assert g.state.board.pieces["thief"] == (2, -1)
    g = thief_game([t for t in CANYON_TILES if t["pos"] != [2, 1]], CANYON, (0, 1))
    assert not [i for i in ids(g) if i.startswith("climbover:")]


# ------------------------------------------------------------------ the Mushroom Forest (TR-27)
def test_TR_27_wrath_on_the_forest_reaches_the_pieces_inside() -> None:
    """TR-27 (FAQ): the Forest protects the pieces inside, not itself: Wrath hitting one of
    its spaces brings the whole tile down (COL-28) and the pieces anywhere inside are
    affected normally — the Tribe scatters, the Knight is moved off."""
    tiles = [ENTRANCE, lit(1, 2, "T05"), lit(3, 0, "T31"), lit(3, 1, "T32")]
    forest = [terrain("mushroom_forest", 1, 0)]           # (1,0) (2,0) (1,1)
    g = tgame(tiles, forest, roles=("knight", "goblins", "dragon"), active="dragon", knight_at=(1, 1),
              pieces={"dragon": [0, 0], "tribe:fangs": [2, 0]},
              dragon={"placed": True, "hand": ["claw"] * 4},
              goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    g.script_dice("dragon", 2, then="fail")                # the four sides of the Dragon
    choose(g, "power:wrath")
    while g.pending.kind != "dragon_turn":
        choose(g, "no_response:" if "no_response:" in ids(g) else ids(g)[0])
    assert not terrain_cells(g, "mushroom_forest")
    assert gb.tribe_pos(g, "fangs") is None and pop(g) == 1   # scattered (−2)
    kp = g.state.board.pieces["knight"]                   # moved off (FM-13) onto the T05 tile
    assert g.state.board.tiles[kp].tile_id == "T05"       # (then slid with it as the map reconnects)


# ------------------------------------------------ a Tribe moved by another player
def _bats_game(terrain_tiles, at, pop_: int = 3):
    tiles = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(6, 0, "T33"), lit(6, 1, "T13")]
    return tgame(tiles, terrain_tiles, roles=("knight", "goblins", "cave"), active="cave",
                 pieces={"tribe:fangs": list(at)}, cave={"hand": ["T22", "T25", "T29"], "omens": {"bat": 1}},
                 goblins={"population": {"fangs": pop_, "bones": 0, "eye": 0}})


def _bats(g, frm, to) -> None:
    choose(g, "omen:giant_bats", f"bats:tribe:fangs@{frm[0]},{frm[1]}>{to[0]},{to[1]}")
    assert g.state.board.pieces["tribe:fangs"] == to


def test_TR_20_FM_15_a_tribe_carried_onto_the_lake_loses_1() -> None:
    """TR-20 with FM-15 (FAQ): entering the Lake costs a Tribe 1 Population however it got
    there — here carried by Giant Bats."""
    g = _bats_game([terrain("lake", 3, 0)], (2, 0))
    _bats(g, (2, 0), (4, 1))
    assert pop(g) == 2


def test_TR_33_FM_15_a_tribe_carried_onto_the_river_loses_1_and_does_not_ride() -> None:
    """TR-33 with FM-15: carried onto the River, 1 Population; the ride (TR-32) is free
    movement of its own, not offered to a piece someone else moves."""
    g = _bats_game([terrain("river", 3, 0)], (2, 0))
    _bats(g, (2, 0), (4, 0))
    assert pop(g) == 2 and g.pending.kind != "terrain_ride"


def test_TR_33_FM_15_a_tribe_carried_up_the_river_loses_1_per_space() -> None:
    """TR-33: carried against the current from (5,0) to (3,0), it enters 2 River spaces
    against the current: 2 Population (no entry loss: it was on the River)."""
    g = _bats_game([terrain("river", 3, 0)], (5, 0))
    _bats(g, (5, 0), (3, 0))
    assert pop(g) == 1


def test_TR_22_TR_24_FM_07_a_tribe_carried_off_or_onto_magma_loses_nothing() -> None:
    """FM-07: a Tribe forced to move loses no Population for the tiles it leaves, and Magma
    acts only at the end of the owner's own turn (TR-24): carried off Magma, nothing; carried
    onto it, nothing at the end of the Cave's turn."""
    g = _bats_game([terrain("magma", 3, 0)], (4, 0))
    _bats(g, (4, 0), (2, 0))
    assert pop(g) == 3
    g = _bats_game([terrain("magma", 3, 0)], (2, 0))
    _bats(g, (2, 0), (4, 0))
    while g.state.active == "cave" and g.pending is not None:
        choose(g, "end:" if "end:" in ids(g) else ids(g)[0])
    assert pop(g) == 3 and gb.tribe_pos(g, "fangs") == (4, 0)


def test_TR_20_FM_15_a_tribe_forced_off_a_collapsing_tile_onto_the_lake_loses_1() -> None:
    """TR-20 with FM-12/13/15: the tile under the Tribe collapses; the only nearest legal
    space is on the Lake, so it loses 1 Population there."""
    tiles = [ENTRANCE, lit(1, 0, "T31"), lit(4, 0, "T32")]
    g = tgame(tiles, [terrain("lake", 2, 0)], roles=("knight", "goblins"), active="knight", collapse=True,
              pieces={"tribe:fangs": [4, 0]}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    choose(g, "end:")
    assert g.pending.kind == "collapse_tile"
    choose(g, "remove:4,0")
    assert gb.tribe_pos(g, "fangs") == (3, 0) and pop(g) == 2


def test_TR_22_FM_07_a_tribe_forced_off_collapsing_magma_loses_nothing() -> None:
    """FM-07, TR-24: the Magma under the Tribe collapses (COL-27); moved off it by the
    Collapse, the Tribe loses nothing for leaving it."""
    tiles = [ENTRANCE, lit(1, 0, "T31")]
    g = tgame(tiles, [terrain("magma", 2, 0)], roles=("knight", "goblins"), active="knight", collapse=True,
              pieces={"tribe:fangs": [2, 0]}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    choose(g, "end:")
    choose(g, "remove:2,0")
    assert gb.tribe_pos(g, "fangs") == (1, 0) and pop(g) == 3


# ------------------------------------------------------------------ the Pits as a set
def test_TR_28_COL_28_wrath_takes_one_pit_the_others_stay_linked() -> None:
    """COL-28: Wrath takes off the one Pit it hits; the texts say nothing of the others, so
    they stay, still adjacent to each other (TR-29)."""
    tiles = [ENTRANCE, lit(5, 0, "T31"), lit(4, 0, "T32"), lit(3, 0, "T33"), lit(2, 0, "T13"), lit(-1, 0, "T10"),
             lit(-1, 1, "T01")]
    pits = [terrain("pits_1", 0, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)]
    g = tgame(tiles, pits, roles=("knight", "dragon"), active="dragon", knight_at=(4, 0),
              pieces={"dragon": [0, 0]}, dragon={"placed": True, "hand": ["claw"] * 4})
    g.script_dice("dragon", 2, then="fail")
    choose(g, "power:wrath")
    auto(g, {"forced_move", "fill_open_edge", "orient_tile", "trap_dragon"})
    assert not terrain_cells(g, "pits_1") and terrain_cells(g, "pits_2") and terrain_cells(g, "pits_3")
    from vast_desktop.engine.map.terrain import pit_links
    assert pit_links(g, (5, 1)) == [(3, -1)]


def test_TR_28_COL_27_a_lone_pit_comes_back_only_with_the_other_two() -> None:
    """TR-28: the Pits are placed all three or not at all; a Pit off the map "may be placed
    again later" (COL-28) — so only once the other two are off the map as well."""
    reveal = [ENTRANCE, dark(1, 0, "T20")]
    g = tgame(reveal, [terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)])
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge", "orient_tile"})
    assert g.pending.kind == "terrain_choose" and "terrain:pits" not in ids(g)
    g = tgame(reveal)
    choose(g, "move:1,0")
    assert "terrain:pits" in ids(g)


def test_COL_27_TR_15_one_pit_collapses_alone() -> None:
    """COL-27: each Pit is a Terrain tile of its own: in the Collapse an exposed Pit goes
    alone (counting as one tile) and the other Pits stay."""
    tiles = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(3, 0, "T33"), lit(4, 0, "T13"), lit(5, 0, "T10")]
    pits = [terrain("pits_1", 1, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)]
    g = tgame(tiles, pits, collapse=True)
    choose(g, "end:")
    assert "remove:1,1" in ids(g)
    choose(g, "remove:1,1")
    assert not terrain_cells(g, "pits_1") and terrain_cells(g, "pits_2") and terrain_cells(g, "pits_3")


# ------------------------------------------------ forced movement and whole Terrain tiles
def test_TR_29_FM_13_forced_movement_never_stops_on_a_pit_but_may_pass_through() -> None:
    """TR-29: no piece may end its turn on a Pit, so a forced move never leaves one there:
    Giant Bats may not drop the Tribe on the Pit at (3,0), but may carry it through the
    Pits (linked, TR-29) to the far side: (2,0) → Pit (3,0) → Pit (4,4) → (5,4)."""
    tiles = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(5, 4, "T33")]
    pits = [terrain("pits_1", 3, 0), terrain("pits_2", 4, 4), terrain("pits_3", -3, 3)]
    g = tgame(tiles, pits, roles=("knight", "goblins", "cave"), active="cave",
              pieces={"tribe:fangs": [2, 0]}, cave={"hand": ["T22", "T25", "T29"], "omens": {"bat": 1}},
              goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    choose(g, "omen:giant_bats")
    dests = {i.rsplit(">", 1)[1] for i in ids(g) if i.startswith("bats:tribe:fangs@")}
    assert "3,0" not in dests and "4,4" not in dests and "-3,3" not in dests
    assert "5,4" in dests


def test_COL_27_FM_13_a_piece_crosses_its_collapsing_terrain_tile_to_get_off() -> None:
    """COL-27 with FM-12/13: the whole Magma (2,0)-(3,0) collapses with the Tribe on its
    far space (3,0), whose only way off is across (2,0).  The tile is still there while
    the pieces leave, so the Tribe crosses it to the nearest legal space (1,0) — the Magma
    may be removed, rather than being held on the map by a Tribe with nowhere to go."""
    tiles = [ENTRANCE, lit(1, 0, "T31")]
    g = tgame(tiles, [terrain("magma", 2, 0)], roles=("knight", "goblins"), active="knight", collapse=True,
              pieces={"tribe:fangs": [3, 0]}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    choose(g, "end:")
    assert g.pending.kind == "collapse_tile"
    removal = next(i for i in ids(g) if i in ("remove:2,0", "remove:3,0"))
    choose(g, removal)
    assert not terrain_cells(g, "magma") and gb.tribe_pos(g, "fangs") == (1, 0)


# ------------------------------------------------ TR-12 for the Dragon
@SURFACED
def test_TR_12_the_underground_dragon_may_step_off_terrain_onto_an_open_space(surfaced) -> None:
    """TR-12: any player may leave a Terrain tile across any edge, even onto an open space,
    a Dark tile then being placed there.  Underground, the Dragon on the Lake's corner (2,0)
    may move to the open spaces (3,0) and (2,-1) — the tile from the top of the stack is
    put there first (no Cave: the mover draws, MAP-26).  On the surface he may not, as he
    could not enter the new Dark tile (DR-12)."""
    g = dragon_tgame([ENTRANCE, lit(0, 1, "T31")], [terrain("lake", 1, 0)], (2, 0), surfaced=surfaced)
    offered = _moves(g) & {"move:3,0", "move:2,-1", "move:4,0"}
    if surfaced:
        assert offered == set()
        return
    assert offered == {"move:3,0", "move:2,-1"}           # the line stops on the new tile
    assert "a Dark tile is placed" in _label(g, "move:3,0")
    top = g.state.stack[0]
    choose(g, "move:3,0")
    placed = g.state.board.tiles[(3, 0)]
    assert placed.tile_id == top and placed.dark and _dragon_at(g) == (3, 0)


# ------------------------------------------------------------ one check for the step and its reason
def test_TR_29_VAR_44_a_linked_pit_holding_the_ogre_is_refused_for_the_ogres_strength() -> None:
    """TR-29 (each Pit is adjacent to the other Pits) with VAR-44 (a Monster token that beat
    her stays on the map, and she must beat it to enter): on a Pit, the Pit 5 spaces away
    holding the Ogre is one step away, so it is refused for the Ogre's Strength — not by
    "one space at a time" (MAP-03), as the explanation once said — and her options and
    the reason come from the same check (issue 25, item 2).  The third Pit, free, is a move."""
    from vast_desktop.engine.explain.why_not import why_not, why_not_reason
    from vast_desktop.engine.roles.knight import turn as kn

    g = tgame(ROW, PITS, knight_at=(1, 1), movement=1, tokens={"5,1": {"ogre": 1}})
    ogre = kn.monster_token_strength(g, "ogre")
    assert g.pending.kind == "knight_turn" and ogre >= 2
    assert "move:5,1" not in ids(g) and "move:3,-1" in ids(g)
    reason = why_not_reason(g, "knight", (5, 1))
    assert reason is not None and reason.rule == "VAR-44" and reason.rule != "MAP-03"
    assert reason.text == f"Your Strength 1 must be greater than the Ogre's Strength {ogre} to enter."
    assert why_not(g, "knight", (5, 1)) == reason.text
    assert kn.knight_step(g, (1, 1), (5, 1)) == reason and kn.knight_step(g, (1, 1), (3, -1)) is None
    # a space truly out of reach still gets MAP-03 (4,1 is 3 spaces from her, not a Pit)
    far = why_not_reason(g, "knight", (4, 1))
    assert far is not None and far.rule == "MAP-03" and "3 spaces from her" in far.text


def test_TR_30_entering_a_pit_short_of_movement_names_the_whole_trip() -> None:
    """TR-30: from outside the Pits she enters one only with the whole trip's 3 Movement
    left; with Movement 1 the step onto the Pit is refused with the numbers, by the check
    that removes it from her options."""
    from vast_desktop.engine.explain.why_not import why_not_reason

    g = tgame(ROW, PITS, knight_at=(1, 0), movement=0)
    assert "move:1,1" not in ids(g)
    reason = why_not_reason(g, "knight", (1, 1))
    assert reason is not None and reason.rule == "TR-30" and "you have 1" in reason.text


# ------------------------------------------------------------ the Thief's step: one check with the Pit links
def _thief_on(tiles: list, at: tuple[int, int], stats: str):
    """Knight and Thief, the Thief's turn at ``at`` with his Stat tokens as ``stats``
    (Movement-Stealth-Thievery)."""
    g = tgame(tiles, PITS, roles=("knight", "thief"), active="thief", knight_at=(0, 0), pieces={"thief": list(at)})
    choose(g, f"assign:{stats}")
    assert g.pending.kind == "thief_turn"
    return g


# (1,0) turned so its wall faces south, onto the Pit at (1,1)
WALLED_ROW = [lit(1, 0, "T03", rot=2) if t["pos"] == [1, 0] else t for t in ROW]


def test_TH_08_TH_15_TR_30_climbing_into_a_pit_needs_the_whole_trip() -> None:
    """TH-08/15 (a wall is crossed by Climbing, Movement spent as usual) with TR-30 (entering
    the Pits from outside needs the whole trip, 3 Movement): Climbing through the wall into
    the Pit with Movement 2 would leave him unable to finish the trip, so it is not offered —
    the old Climb options skipped the Pit rule that his plain move kept — and the refusal is
    TR-30's, from the same check (``thief_step``).  With Movement 3 the Climb is offered."""
    from vast_desktop.engine.explain.why_not import why_not_reason
    from vast_desktop.engine.roles.thief import turn as th

    g = _thief_on(WALLED_ROW, (1, 0), "2-3-4")
    assert g.state.thief.movement_left == 2 and g.state.thief.cubes >= 2
    assert "climb:1,1" not in ids(g) and "move:1,1" not in ids(g)
    reason = why_not_reason(g, "thief", (1, 1))
    assert reason is not None and reason.rule == "TR-30" and "you have 2" in reason.text
    assert th.thief_step(g, (1, 0), (1, 1)) == reason
    g = _thief_on(WALLED_ROW, (1, 0), "3-2-4")
    assert "climb:1,1" in ids(g) and th.thief_step(g, (1, 0), (1, 1)) is None


def test_TH_04_TR_29_a_linked_pit_is_one_step_for_the_thief() -> None:
    """TH-04 (each tile moved onto spends 1 Movement) with TR-29 (each Pit is adjacent to the
    other Pits): on a Pit, the Pits 4 spaces away are single moves; once his Movement is spent
    a linked Pit is refused for his Movement (TH-04), not as "one space at a time" (MAP-03),
    which a space truly out of reach still gets."""
    from vast_desktop.engine.explain.why_not import why_not_reason
    from vast_desktop.engine.roles.thief import turn as th

    g = _thief_on(ROW, (1, 1), "2-3-4")
    assert {"move:5,1", "move:3,-1"} <= set(ids(g)) and th.thief_step(g, (1, 1), (5, 1)) is None
    choose(g, "move:5,1", "move:3,-1")                   # Pit to Pit to Pit: his 2 Movement spent
    assert g.state.thief.movement_left == 0
    reason = why_not_reason(g, "thief", (1, 1))
    assert reason is not None and reason.rule == "TH-04"
    far = why_not_reason(g, "thief", (3, 2))
    assert far is not None and far.rule == "MAP-03" and "3,2 is 3 spaces away" in far.text
