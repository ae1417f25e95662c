"""Rule tests for the last checklist items of the issue-5 audit that had none:
COL-06 (the FAQ's one-tile Collapse rate, a house rule), FM-16 (Magma under Forced
Movement), and the Terrain variant's unresolved ambiguities AMB-46 and AMB-54 (each
default and its house rule; AMB-45 needs no option, see setup.HOUSE_RULES).  Positions are (x, y), y grows southward; the Entrance is at (0, 0).
Tiles used (unrotated walls N,E,S,W): T20/T22/T25/T29/T30 Event open, T31/T32/T33
Treasure Room open."""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import load_scenario

from .helpers import entrance, lit
from .helpers_interactions import K, choose, dests, ids, play, starting, until

CENTRE, SIDES = 6, 2      # Dragon die faces: 6 = the centre only, 2 = the four sides

ROW = [entrance()] + [lit((x, 0), t) for x, t in
                      zip((1, 2, 3, 4, -1, -2, -3), ("T22", "T25", "T29", "T30", "T31", "T32", "T33"), strict=True)]


def _tiles_removed_by_the_goblins(house: tuple[str, ...]) -> int:
    """Four players and no Cave (Knight, Goblins, Dragon, Thief), the Collapse under
    way: end the Goblins' turn and count the tiles they must remove."""
    g = play(("knight", "goblins", "dragon", "thief"), "goblins", ROW,
             {"knight": [0, 0], "dragon": [0, 0], "thief": [0, 0]}, house=house, collapse=True)
    until(g, "goblins_turn")
    choose(g, "end:")
    removed = 0
    while g.pending is not None and g.pending.kind == "collapse_tile" and g.pending.role == "goblins":
        g.apply(ids(g)[0])
        removed += 1
    return removed


@pytest.mark.parametrize("house, rate", [((), 3), (("one_tile_collapse",), 1)])
def test_COL_06_one_tile_collapse_with_more_than_three_players_and_no_cave(house: tuple[str, ...],
                                                                           rate: int) -> None:
    """COL-06 [FAQ]: the recommended option — with no Cave player and more than 3
    players, each player removes only 1 tile per turn during the Collapse — is the
    house rule ``one_tile_collapse``; without it the rate stays 3 (COL-05).  (The
    3-player case, where the option changes nothing, is AMB-20's test.)"""
    assert _tiles_removed_by_the_goblins(house) == rate


def _clawed_onto_magma() -> Any:
    """The surfaced Dragon shares (1,0) with the Knight and Claws her east onto the
    Magma tile at (2,0); his turn then ends."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((-1, 0), "T29"), lit((0, 1), "T30")]
    g = load_scenario({
        "setup": {"roles": ["knight", "dragon"], "seed": 3, "variants": ["terrain"]},
        "active": "dragon", "tiles": tiles, "terrain": [{"tile": "magma", "pos": [2, 0], "rot": 0}],
        "pieces": {"knight": [1, 0], "dragon": [1, 0]},
        "dragon": {"placed": True, "surfaced": True, "awake": True, "wakefulness": 4, "hand": ["claw"]},
        "knight": {"health": 5},
    })
    g.script_dice("dragon", CENTRE, then="repeat")
    choose(g, "power:claw")
    assert "2,0" in dests(starting(g, "push:"))
    push = next(i for i in starting(g, "push:") if i.endswith("2,0"))
    choose(g, push)
    assert g.state.board.pieces["knight"] == (2, 0)
    until(g, "knight_turn")
    return g


def test_FM_16_AMB_18_forced_onto_magma_she_suffers_nothing_if_she_leaves() -> None:
    """FM-16 [FAQ], TR-24, AMB-18: Magma works only at the end of the affected player's own
    turn.  Clawed onto Magma on the Dragon's turn, the Knight loses nothing then, and
    nothing if she walks off it on her own turn."""
    g = _clawed_onto_magma()
    assert K(g).health == 5
    choose(g, "move:1,0", "end:")
    assert K(g).health == 5


def test_FM_16_forced_onto_magma_she_burns_if_she_stays() -> None:
    """FM-16 [FAQ], TR-21: if she chooses to stay on the Magma she was forced onto, it
    costs her 1 Health at the end of her own turn."""
    g = _clawed_onto_magma()
    choose(g, "end:")
    assert K(g).health == 4


# ====================================================== Terrain ambiguities (house rules)
@pytest.mark.parametrize("house_rule, terrain_comes", [((), True), (("terrain_needs_event_cards",), False)])
def test_AMB_54_event_tile_with_the_deck_empty_and_terrain(house_rule: tuple[str, ...], terrain_comes: bool) -> None:
    """AMB-54 (Terrain part): with the Event deck used up, the Event tile the Knight
    reveals still brings the round's Terrain tile by default (Terrain depends on the
    tile, not the card); with the house rule ``terrain_needs_event_cards`` the ignored
    Event tile brings none."""
    g = load_scenario({
        "setup": {"roles": ["knight"], "seed": 1, "solo_level": "easy", "variants": ["terrain"],
                  "house_rules": list(house_rule)},
        "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T20", "lit": False}],
        "pieces": {"knight": [0, 0]}, "event_deck": [],
    })
    choose(g, "move:1,0")
    assert g.state.board.tiles[(1, 0)].lit
    assert (g.pending.kind == "terrain_choose") == terrain_comes
    assert any(e.kind == "terrain_none" for e in g.events) != terrain_comes


@pytest.mark.parametrize("house_rule, reached", [((), True), (("forest_shelters_from_claw",), False)])
def test_AMB_46_claw_from_outside_the_mushroom_forest(house_rule: tuple[str, ...], reached: bool) -> None:
    """AMB-46: the surfaced Dragon at (0,1) Claws with the four sides hit; the Knight
    stands in the Mushroom Forest at (1,1), beside him.  By default the roll reaches her
    (he may push her 1 space); with ``forest_shelters_from_claw`` it does not, and his
    turn goes on."""
    tiles = [entrance(), lit((0, 1), "T22"), lit((-1, 1), "T25"), lit((0, 2), "T29"), lit((-1, 0), "T30")]
    g = load_scenario({
        "setup": {"roles": ["knight", "dragon"], "seed": 3, "variants": ["terrain"], "house_rules": list(house_rule)},
        "active": "dragon", "tiles": tiles, "terrain": [{"tile": "mushroom_forest", "pos": [1, 0], "rot": 0}],
        "pieces": {"knight": [1, 1], "dragon": [0, 1]},
        "dragon": {"placed": True, "surfaced": True, "awake": True, "wakefulness": 4, "hand": ["claw"]},
    })
    g.script_dice("dragon", SIDES, then="repeat")
    choose(g, "power:claw")
    assert (g.pending.kind == "dragon_push") == reached
    assert g.state.board.pieces["knight"] == (1, 1)
