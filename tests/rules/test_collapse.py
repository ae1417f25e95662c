"""The Collapse (RULES_CHECKLIST §4 COL-), Forced Movement (§5 FM-), the Dragon die
(§6 DIE-), Alone in the Dark (§14 SOLO-01..06) and the Cave's difficulty levels
(§15 DIF-14..21), with AMB-01, AMB-02, AMB-19, AMB-32, AMB-44 and AMB-60."""
from __future__ import annotations

from collections import Counter

import pytest

from vast_desktop.engine import ScenarioError, SetupError, load_scenario, view
from vast_desktop.engine.dice import roll_dragon_die
from vast_desktop.engine.flow import game_flow
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

COLLAPSE = {"collapse": True, "stack": [], "cave": {"hand": []}}
# Entrance with one tile on each side: each arm touches only the Entrance.
ARMS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def removals(g):
    return starting(g, "remove:")


def test_COL_01_COL_02_CV_08_AMB_01_collapse_begins_on_the_next_players_turn():
    """COL-01/02, CV-08, AMB-01: the Cave places its last tile; the Collapse does not
    begin during that turn but at the start of the next player's (the Knight's) turn."""
    g = kc([ENTRANCE, dark(1, 0, "T13")] + WEST_NORTH_SOUTH, cave={"hand": ["T01"]}, stack=[])
    choose(g, "place:T01@2,0")
    assert g.state.cave.hand == [] and g.state.stack == []
    assert not g.state.collapse
    assert not removals(g) and not starting(g, "place:")
    auto(g, {"cave_turn"})                                 # Place Treasure, then end the turn
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.collapse
    kinds = [e.kind for e in g.events]
    assert kinds.index("collapse") > kinds.index("turn_end")


def test_COL_02_tiles_removed_back_to_the_stack_delay_the_collapse():
    """COL-02: if a removal on the turn the last tile was placed sends a tile back to the
    stack and it is not placed again that turn, the Collapse does not begin next turn."""
    tiles = [ENTRANCE, dark(1, 0, "T13"), dark(2, 0, "T01")] + WEST_NORTH_SOUTH

    def removal_then_play(game):
        game.state.stack.clear()            # the Cave has just placed its last tile
        yield from remove_tile(game, (2, 0), "cave", collapse_removal=False)
        yield from game_flow(game, "knight")

    g = kc(tiles, cave={"hand": []}, stack=["T30"], active="knight")
    assert not g.state.collapse
    drive(g, removal_then_play)
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.stack == ["T01"]
    assert not g.state.collapse
    g2 = kc(tiles, cave={"hand": []}, stack=["T30"], active="knight")

    def play(game):
        game.state.stack.clear()
        yield from game_flow(game, "knight")

    drive(g2, play)
    assert g2.state.collapse


def test_COL_02_tile_sent_back_can_fill_the_open_edge_at_once():
    """COL-02 (FAQ): a tile sent back to the stack by a removal on the turn the last tile
    was placed may be "returned to the map immediately to fill open edges": the Cave,
    its hand empty, draws it to fill, so the Collapse still begins next turn."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T20"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH

    def removal_then_play(game):
        game.state.stack.clear()            # the Cave has just placed its last tile
        yield from remove_tile(game, (2, 0), "cave", collapse_removal=False)
        yield from game_flow(game, "knight")

    g = kc(tiles, cave={"hand": []}, stack=["T30"], active="knight")
    drive(g, removal_then_play)
    assert kind(g) == ("cave", "fill_open_edge")
    assert ids(g) == ("fill:T20@2,0",)
    choose(g, "fill:T20@2,0")
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.collapse


def test_COL_02_tile_sent_back_is_placed_again_later():
    """COL-02 (FAQ): a tile sent back to the stack is "placed later": with an empty hand the
    Cave draws it back for Shape the Cave, places it, and the Collapse then begins."""
    tiles = [ENTRANCE, dark(1, 0, "T13"), dark(2, 0, "T01")] + WEST_NORTH_SOUTH

    def removal_then_cave(game):
        game.state.stack.clear()            # the Cave has just placed its last tile
        yield from remove_tile(game, (2, 0), "cave", collapse_removal=False)
        yield from game_flow(game, "cave")

    g = kc(tiles, cave={"hand": []}, stack=["T30"], active="knight")
    drive(g, removal_then_cave)
    assert not g.state.collapse
    assert "place:T01@2,0" in ids(g)
    choose(g, "place:T01@2,0")
    auto(g, {"cave_turn"})
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.collapse


def test_COL_04_CV_43_cave_removes_three_tiles_instead_of_placing():
    """COL-04 / CV-43: during the Collapse the Cave removes 3 tiles in Shape the Cave
    (and places none)."""
    block = [ENTRANCE] + [lit(x, y, t) for (x, y), t in zip(
        [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
        ["T01", "T05", "T10", "T13", "T20", "T22", "T25", "T29"], strict=True)]
    g = kc(block, **COLLAPSE)
    n = len(g.state.board.tiles)
    for _ in range(3):
        assert removals(g) and not starting(g, "place:")
        choose(g, removals(g)[0])
    assert len(g.state.board.tiles) == n - 3
    assert not removals(g)
    assert ids(g) == ("end:",)


def test_COL_07_AMB_44_tiles_touching_one_go_first_then_two():
    """COL-07 / AMB-44: first tiles touching only 1 tile, then only 2 (walls ignored)."""
    g = kc([ENTRANCE, lit(1, 0, "T03", rot=3), lit(2, 0, "T01"), lit(0, 1, "T05"), lit(1, 1, "T10")], **COLLAPSE)
    assert removals(g) == ["remove:2,0"]
    choose(g, "remove:2,0")
    assert set(removals(g)) == {"remove:1,0", "remove:0,1", "remove:1,1"}   # all touch 2; the Entrance never


def test_COL_08_revealed_crystal_first():
    """COL-08: a revealed Crystal tile that is eligible must be removed first; a Dark
    Crystal tile gets no priority (nobody knows it is one)."""
    g = kc([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T01"), dark(0, 1, "T38"), lit(0, -1, "T05")], **COLLAPSE)
    assert removals(g) == ["remove:1,0"]
    choose(g, "remove:1,0")
    assert set(removals(g)) == {"remove:-1,0", "remove:0,1", "remove:0,-1"}


def test_COL_09_removed_dark_crystal_is_revealed_and_counted():
    """COL-09: a Dark tile removed in the Collapse is revealed; a Crystal counts."""
    g = kc([ENTRANCE, dark(1, 0, "T38"), dark(-1, 0, "T01"), dark(0, 1, "T13")], **COLLAPSE)
    choose(g, "remove:-1,0")
    assert g.state.crystal_tiles_removed == 0
    choose(g, "remove:1,0")
    assert g.state.crystal_tiles_removed == 1
    ev = [e for e in g.events if e.kind == "tile_removed"]
    assert [(e.data["pos"], e.data["type"]) for e in ev] == [((-1, 0), "ambush"), ((1, 0), "crystal")]
    assert any("1,0" in line and "Crystal" in line for line in view(g, "knight").log)
    assert "T38" in g.state.removed_from_game


def test_COL_10_COL_11_CV_01_fifth_crystal_tile_wins_for_the_cave():
    """COL-10 / COL-11 / CV-01: when the 5th Crystal tile collapses the game ends; the Cave wins."""
    g = kc([ENTRANCE, dark(1, 0, "T38"), dark(-1, 0, "T01")], crystal_tiles_removed=4, **COLLAPSE)
    choose(g, "remove:-1,0")
    assert g.outcome is None
    choose(g, "remove:1,0")
    assert g.outcome is not None and g.outcome.winners == ("cave",)
    assert g.pending is None


def test_COL_12_entrance_is_never_removed():
    """COL-12: the Entrance tile can never be removed, even when it touches one tile."""
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05")], **COLLAPSE)
    assert removals(g) == ["remove:2,0"]
    choose(g, "remove:2,0", "remove:1,0")
    assert not removals(g)
    assert list(g.state.board.tiles) == [(0, 0)]


def test_COL_13_COL_14_tokens_go_home_bombs_to_the_box():
    """COL-13: tokens on a removed tile go back to their owners, a Bomb token to the box;
    COL-14: a Crystal token removed this way counts for no one."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T03", rot=3)] + WEST_NORTH_SOUTH
    g = kc(tiles, tokens={"2,0": {"treasure": 1, "crystal": 1, "event": 1}}, bombs=[[[1, 0], [2, 0]]],
           knight={"bombs_left": 2}, **COLLAPSE)
    before = Counter(g.state.supply)
    choose(g, "remove:2,0")
    assert g.state.board.bombs == set()
    assert g.state.knight.bombs_left == 2
    for t in ("treasure", "crystal", "event"):
        assert g.state.supply[t] == before[t] + 1
    assert g.state.board.count_tokens("crystal") == 0
    assert g.state.knight.smashed == 0 and g.state.crystals_smashed_total == 0


def test_COL_15_FM_12_FM_13_AMB_02_knight_forced_off_by_the_remover():
    """COL-15, FM-12/13, AMB-02: a piece on a removed tile is moved off by the player
    removing it, the shortest distance to a legal space; ties are that player's pick."""
    ring = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10"), lit(2, 1, "T13"),
            lit(0, 2, "T20"), lit(1, 2, "T22"), lit(2, 2, "T25")]
    g = kc(ring, pieces={"knight": [1, 0]}, **COLLAPSE)
    choose(g, "remove:1,0")
    assert kind(g) == ("cave", "forced_move")
    assert set(ids(g)) == {"push:0,0", "push:2,0"}        # distance 1 only, not (0,1) or (2,1)
    choose(g, "push:2,0")
    assert g.state.board.pieces["knight"] == (2, 0)
    assert (1, 0) not in g.state.board.tiles


def test_FM_06_knight_forced_onto_an_event_token_must_resolve_it():
    """FM-06: forced off a removed tile onto an Event token, the Knight stops there and
    must resolve it as an Encounter before moving on her next turn."""
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(-1, 0, "T10"), lit(-2, 0, "T13"), lit(-3, 0, "T20")],
           pieces={"knight": [2, 0]}, tokens={"1,0": {"event": 1}}, event_deck=["cave_bread", "light", "rats#1"],
           **COLLAPSE)
    choose(g, "remove:2,0")
    assert g.state.board.pieces["knight"] == (1, 0)
    assert g.state.knight.must_resolve_event
    choose(g, "remove:-3,0", "remove:-2,0", "end:")
    assert kind(g) == ("knight", "knight_turn")
    assert not starting(g, "move:")
    assert "resolve_event:" in ids(g)


def test_COL_16_occupied_tile_that_cannot_be_left_is_skipped():
    """COL-16: a tile whose occupant cannot legally leave is not removed; the next
    eligible tile is removed instead (FM-05: not through a wall, not onto a Dark tile)."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=3), lit(0, 1, "T01"), lit(-1, 0, "T05"), lit(0, -1, "T10")]
    g = kc(tiles, pieces={"knight": [1, 0]}, **COLLAPSE)     # a wall between her and the Entrance
    assert set(removals(g)) == {"remove:0,1", "remove:-1,0", "remove:0,-1"}
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10")], pieces={"knight": [2, 0]}, **COLLAPSE)
    assert set(removals(g)) == {"remove:2,0", "remove:0,1"}   # she can be moved back onto (1,0)
    g = kc([ENTRANCE, dark(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10")], pieces={"knight": [2, 0]}, **COLLAPSE)
    assert removals(g) == ["remove:0,1"]                      # only a Dark tile next to her


def test_COL_17_only_immovable_tiles_eligible_skip_to_the_next_tier():
    """COL-17: if the only tiles touching 1 hold pieces that cannot move, the tiles that
    would be eligible next (touching 2) are collapsed instead."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=3), lit(0, 1, "T01"), lit(0, 2, "T05"), lit(-1, 1, "T10"),
             lit(-1, 2, "T13")]
    g = kc(tiles, pieces={"knight": [1, 0]}, **COLLAPSE)
    assert set(removals(g)) == {"remove:0,2", "remove:-1,1", "remove:-1,2"}


def test_COL_23_COL_25_removal_before_the_collapse_goes_to_the_stack_then_fill():
    """COL-23 / COL-25: a tile removed (Cave-In, Wrath) before the Collapse goes to the bottom of
    the stack, a Crystal tile leaves the game and counts; then open edges are filled."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T20"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, stack=["T31", "T32"], cave={"hand": ["T33", "T34", "T35"]})
    drive(g, lambda game: remove_tile(game, (2, 0), "cave", collapse_removal=False))
    assert g.state.stack == ["T31", "T32", "T20"]
    assert "T20" not in g.state.removed_from_game and g.state.crystal_tiles_removed == 0
    assert kind(g) == ("cave", "fill_open_edge") and dests(ids(g)) == {"2,0"}
    tiles[2] = dark(2, 0, "T38")
    g = kc(tiles, stack=["T31", "T32"], cave={"hand": ["T33", "T34", "T35"]})
    drive(g, lambda game: remove_tile(game, (2, 0), "cave", collapse_removal=False))
    assert g.state.stack == ["T31", "T32"]
    assert "T38" in g.state.removed_from_game and g.state.crystal_tiles_removed == 1
    assert kind(g) == ("cave", "fill_open_edge")


def test_COL_24_removal_during_the_collapse_leaves_the_game_no_fill():
    """COL-24: removed (Cave-In, Wrath) during the Collapse, every tile leaves the game and
    open edges are not filled."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T20"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, **COLLAPSE)
    drive(g, lambda game: remove_tile(game, (2, 0), "cave", collapse_removal=False))
    assert kind(g) == ("test", "done")
    assert g.state.stack == [] and "T20" in g.state.removed_from_game
    assert (2, 0) not in g.state.board.tiles


def test_AMB_32_crystal_removed_before_the_collapse_can_win():
    """AMB-32 (suggested resolution): Crystal tiles removed before the Collapse count, and
    the 5-tile end is checked at any time."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T38"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, crystal_tiles_removed=4)
    drive(g, lambda game: remove_tile(game, (2, 0), "cave", collapse_removal=False))
    assert g.outcome is not None and g.outcome.winners == ("cave",)


def test_COL_26_AMB_60_hatred_removes_by_collapse_priority():
    """COL-26 / AMB-60: during the Collapse Hatred removes a tile, following the normal
    priorities (a revealed Crystal touching one tile first)."""
    g = kc([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T01"), lit(0, 1, "T05"), lit(0, 2, "T10")],
           cave={"hand": [], "omens": {"mushroom": 1}}, collapse=True, stack=[])
    choose(g, "omen:hatred")
    assert ids(g) == ("hatred:remove:1,0",)
    choose(g, "hatred:remove:1,0")
    assert (1, 0) not in g.state.board.tiles and g.state.crystal_tiles_removed == 1
    assert kind(g) == ("cave", "cave_turn")
    assert len(removals(g)) > 0                           # Shape the Cave still removes its 3


def test_COL_03_no_filling_after_a_rotation_during_the_collapse():
    """COL-03: during the Collapse a new open edge (here from a Crystal Curse rotation)
    is not filled."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=1), dark(1, -1, "T06"), dark(1, 1, "T17")] + WEST_NORTH_SOUTH
    g = kc(tiles, collapse=True, stack=[], cave={"hand": [], "omens": {"trail": 1}})
    n = len(g.state.board.tiles)
    choose(g, "omen:crystal_curse", "curse:rotate:1,0:0")    # the east side opens
    assert kind(g) == ("cave", "cave_turn")
    assert len(g.state.board.tiles) == n and (2, 0) not in g.state.board.tiles


# ------------------------------------------------------- forced movement
def bats_tiles():
    return [ENTRANCE, lit(1, 0, "T03", rot=3), dark(0, 1, "T01"), lit(0, -1, "T05"), lit(0, -2, "T10"),
            lit(0, -3, "T13"), lit(0, -4, "T20"), lit(-1, -1, "T22"), lit(2, 0, "T25")]


def test_FM_04_FM_05_MAP_03_bats_move_the_knight_up_to_three_legal_spaces():
    """FM-04: never onto an open space; FM-05: not through walls or onto Dark tiles;
    CV-21 / MAP-03: up to 3 spaces counted orthogonally."""
    g = kc(bats_tiles(), cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    knight = [i for i in ids(g) if i.startswith("bats:knight@0,0>")]
    assert dests(knight) == {"0,-1", "0,-2", "0,-3", "-1,-1"}
    choose(g, "bats:knight@0,0>-1,-1")
    assert g.state.board.pieces["knight"] == (-1, -1)


def test_FM_06_bats_stop_the_knight_on_an_event_token():
    """FM-06: a Knight carried onto an Event token stops there, and on her next turn must
    resolve it before moving."""
    g = kc(bats_tiles(), tokens={"0,-1": {"event": 1}}, event_deck=["cave_bread", "light", "rats#1"],
           cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    assert dests(i for i in ids(g) if i.startswith("bats:knight@")) == {"0,-1"}
    choose(g, "bats:knight@0,0>0,-1")
    assert g.state.knight.must_resolve_event
    auto(g, {"cave_turn"})
    assert kind(g) == ("knight", "knight_turn")
    assert not starting(g, "move:") and "resolve_event:" in ids(g)
    choose(g, "resolve_event:")
    assert kind(g) == ("cave", "choose_event")


def test_FM_06_carried_off_an_event_token_she_is_free_to_move():
    """FM-06 / CV-33: the duty to resolve an Event token belongs to the token on her
    space: carried away from it (Giant Bats) she may move freely on her turn."""
    tiles = [ENTRANCE, lit(1, 0, "T20"), lit(2, 0, "T01"), dark(1, -1, "T05"), dark(1, 1, "T10"),
             dark(3, 0, "T13")] + WEST_NORTH_SOUTH
    g = kc(tiles, pieces={"knight": [1, 0]}, event_deck=["cave_bread", "light", "rats#1", "rats#2"],
           cave={"hand": ["T29", "T30", "T31"], "omens": {"trail": 1, "boulder": 1}})
    choose(g, "omen:crystal_curse", "curse:event:1,0")
    assert g.state.knight.must_resolve_event
    choose(g, "omen:giant_bats", "bats:knight@1,0>2,0")
    while "end:" not in ids(g):
        choose(g, next(i for i in ids(g) if not i.startswith("omen:")))
    choose(g, "end:")
    assert kind(g) == ("knight", "knight_turn")
    assert {"move:1,0", "move:3,0"} <= set(ids(g))
    assert "resolve_event:" not in ids(g)


def test_FM_05_bats_cannot_put_the_knight_on_or_past_another_player():
    """FM-05: the Knight is not moved onto (or through) a space with another player's
    piece (a Goblin Tribe placed by the scenario)."""
    g = kc(bats_tiles(), pieces={"knight": [0, 0], "tribe:eye": [0, -2]},
           cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    assert dests(i for i in ids(g) if i.startswith("bats:knight@")) == {"0,-1", "-1,-1"}


def test_FM_14_several_pieces_move_one_at_a_time_knight_first():
    """FM-14: several pieces forced off one tile move one at a time in turn order, the
    Knight first; the next one cannot then stop where she went (FM-07)."""
    ring = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10"), lit(2, 1, "T13"),
            lit(0, 2, "T20"), lit(1, 2, "T22"), lit(2, 2, "T25")]
    g = kc(ring, pieces={"knight": [1, 0], "tribe:fangs": [1, 0]}, **COLLAPSE)
    choose(g, "remove:1,0")
    assert kind(g) == ("cave", "forced_move") and "Knight" in g.pending.prompt
    choose(g, "push:2,0")
    assert g.state.board.pieces == {"knight": (2, 0), "tribe:fangs": (0, 0)}


# ----------------------------------------------------------- Dragon die
def die_game():
    block = [ENTRANCE] + [lit(x, y, t) for (x, y), t in zip(
        [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
        ["T01", "T05", "T10", "T13", "T20", "T22", "T25", "T29"], strict=True)]
    return kc(block, active="knight")


def test_DIE_01_DIE_02_faces_apply_to_every_white_space_around_the_roller():
    """DIE-01: the centre mark is the roller's space, the others the 8 around it;
    DIE-02: the effect applies to every white space of the face."""
    g = die_game()
    faces = g.rules.dragon_die
    for f in range(1, 7):
        g.script_dice("dragon", f)
        face, affected, _ = roll_dragon_die(g, (1, 1), "test", "DIE-01")
        assert face == f
        assert set(affected) == {(1 + dx, 1 + dy) for dx, dy in faces[f - 1]}
    g.script_dice("dragon", 1)
    assert set(roll_dragon_die(g, (1, 1), "t", "t")[1]) == {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    g.script_dice("dragon", 6)
    assert roll_dragon_die(g, (1, 1), "t", "t")[1] == [(1, 1)]


def test_DIE_03_three_faces_hit_the_centre():
    """DIE-03: an effect needing the centre triggers on any of the 3 faces showing it."""
    g = die_game()
    hits = []
    for f in range(1, 7):
        g.script_dice("dragon", f)
        hits.append(roll_dragon_die(g, (1, 1), "t", "t")[2])
    assert sum(hits) == 3
    assert hits == [(0, 0) in face for face in g.rules.dragon_die]


def test_DIE_04_DIE_05_open_spaces_never_affected():
    """DIE-05: the die never affects open spaces; DIE-04: only tiles present at the roll
    count, even if a tile is later placed in an affected open space."""
    g = die_game()
    g.script_dice("dragon", 1)
    _, affected, _ = roll_dragon_die(g, (2, 2), "t", "t")
    assert set(affected) == {(1, 1), (2, 1), (1, 2)}          # (3,*) and (*,3) are open spaces
    snapshot = list(affected)
    g.state.board.tiles[(3, 3)] = g.state.board.tiles.pop((2, 0))
    assert affected == snapshot


def test_DIE_04_flare_does_not_reveal_tiles_placed_after_the_roll():
    """DIE-04 (DIE-09 for the Flare): a Dark tile added to fill an open edge inside the
    rolled area after the roll stays Dark."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=1), dark(2, -1, "T31"), lit(0, -1, "T01"), lit(1, -1, "T05"),
             lit(0, 1, "T10"), lit(1, 1, "T13"), lit(2, 1, "T04")]      # (2,0) open; walls face it
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]})
    assert (2, 0) not in g.state.board.tiles
    g.script_dice("dragon", 1)                             # all eight around (1,0)
    choose(g, "flare:1,0")
    auto(g, {"reveal_order", "orient_tile", "fill_open_edge"})
    assert kind(g) == ("knight", "knight_turn")
    assert g.state.board.tiles[(2, -1)].lit
    assert (2, 0) in g.state.board.tiles and not g.state.board.tiles[(2, 0)].lit


# ---------------------------------------------------- Alone in the Dark
def end_turn_count(g, decision_kind):
    choose(g, "end:")
    n = 0
    while kind(g) == ("knight", decision_kind):
        choose(g, ids(g)[0])
        n += 1
    assert kind(g) == ("knight", "knight_turn")
    return n


def test_SOLO_01_the_cave_cannot_be_played_solo():
    """SOLO-01: the Cave cannot be played solo."""
    with pytest.raises((ScenarioError, SetupError), match="solo"):
        load_scenario({"setup": {"roles": ["cave"], "seed": 1}})


def test_SOLO_02_SOLO_03_SOLO_06_places_the_greatest_value():
    """SOLO-02/03/06: at the end of her turn the solo Knight places as many tiles as the
    greatest of ALL (revealed Crystal tiles, collapsed ones included) and her Hero
    cubes — instead of the usual 1."""
    crystals = [lit(1, 0, "T37"), lit(2, 0, "T42"), lit(3, 0, "T44")]
    g = solo([ENTRANCE] + WEST_NORTH_SOUTH + crystals)
    assert end_turn_count(g, "place_tile") == 3               # 3 Crystals > 2 cubes
    g = solo([ENTRANCE] + WEST_NORTH_SOUTH + crystals, crystal_tiles_removed=2)
    assert end_turn_count(g, "place_tile") == 5               # collapsed Crystal tiles count too
    g = solo([ENTRANCE] + WEST_NORTH_SOUTH + crystals[:1], knight={"cubes_free": 4})
    choose(g, "cube:movement", "cube:strength")               # placed cubes still count
    assert end_turn_count(g, "place_tile") == 4               # 4 Hero cubes > 1 Crystal
    g = solo([ENTRANCE] + WEST_NORTH_SOUTH + [dark(1, 0, "T37"), dark(2, 0, "T42"), dark(3, 0, "T44")])
    assert end_turn_count(g, "place_tile") == 2               # Dark Crystals do not count; not the no-Cave 1


def test_SOLO_02_SOLO_04_removes_in_order_crystal_dark_lit():
    """SOLO-02: once the Collapse has begun she removes that many tiles instead;
    SOLO-04: Crystal tiles first, then Dark tiles, then Lit tiles."""
    g = solo([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T01"), lit(0, 1, "T05"), dark(0, -1, "T10")],
             knight={"cubes_free": 4}, collapse=True, stack=[])
    choose(g, "end:")
    assert kind(g) == ("knight", "collapse_tile")
    assert ids(g) == ("remove:1,0",)
    choose(g, "remove:1,0")
    assert set(ids(g)) == {"remove:-1,0", "remove:0,-1"}
    choose(g, "remove:-1,0", "remove:0,-1")
    assert ids(g) == ("remove:0,1",)
    choose(g, "remove:0,1")
    assert kind(g) == ("knight", "knight_turn")
    assert list(g.state.board.tiles) == [(0, 0)]


def test_SOLO_05_AMB_19_type_order_sits_on_top_of_the_touching_tiers():
    """SOLO-05 / AMB-19: the tile-type order applies within the touching-count priority:
    a Lit tile touching 1 goes before Dark tiles touching 2."""
    g = solo([ENTRANCE, lit(1, 0, "T05"), dark(-1, 0, "T01"), dark(-1, 1, "T10"), dark(0, 1, "T13")],
             collapse=True, stack=[])
    choose(g, "end:")
    assert ids(g) == ("remove:1,0",)
    choose(g, "remove:1,0")
    assert set(ids(g)) == {"remove:-1,0", "remove:-1,1", "remove:0,1"}


def test_COL_29_COL_30_no_cave_collapse_everyone_loses():
    """COL-29/30: with no Cave player the Cave still collapses, and then everyone loses."""
    g = solo([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T01")], collapse=True, stack=[], crystal_tiles_removed=4)
    choose(g, "end:", "remove:1,0")
    assert g.outcome is not None
    assert g.outcome.winners == ()


# ------------------------------------------------------------ difficulty
def _types(g, tile_ids):
    return Counter(g.tile(t).type for t in tile_ids)


@pytest.mark.parametrize(("level", "per_type", "crystals_left", "collapse_at"),
                         [("spillway", 1, 8, 4), ("lava_tube", 2, 7, 3)])
def test_DIF_17_DIF_18_DIF_20_DIF_21_setup_removals(level, per_type, crystals_left, collapse_at):
    """DIF-17/18/20/21: Spillway removes 1 tile of each type (2 for Lava Tube) at setup,
    never the Entrance; 8 (7) Crystal tiles remain; the Cave collapses at 4 (3)."""
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 3, "difficulty": {"cave": level}}})
    box = _types(g, g.state.box)
    assert box == Counter({"ambush": per_type, "event": per_type, "treasure": per_type, "crystal": per_type,
                           "vault": 6})       # no Thief: all Vault tiles are boxed anyway
    in_play = list(g.state.stack) + list(g.state.cave.hand) + [t.tile_id for t in g.state.board.tiles.values()]
    assert _types(g, in_play)["crystal"] == crystals_left
    assert "entrance" in in_play and "entrance" not in g.state.box
    assert g.config.collapse_crystals == collapse_at
    std = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 3}})
    assert len(in_play) == len(list(std.state.stack) + list(std.state.cave.hand) + list(std.state.board.tiles)) - 4 * per_type


def test_DIF_17_spillway_collapses_at_four():
    """DIF-17: with Spillway the 4th collapsed Crystal tile wins for the Cave."""
    g = kc([ENTRANCE, dark(1, 0, "T38"), dark(-1, 0, "T01")], difficulty={"cave": "spillway"},
           crystal_tiles_removed=3, **COLLAPSE)
    choose(g, "remove:1,0")
    assert g.outcome is not None and g.outcome.winners == ("cave",)


@pytest.mark.parametrize(("level", "tokens"), [("great_cave", 4), ("grand_cave", 8)])
def test_DIF_14_DIF_15_hatred_tokens_at_setup(level, tokens):
    """DIF-14/15: the Grand Cave starts with 8 Hatred tokens, the Great Cave with 4."""
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 3, "difficulty": {"cave": level}}})
    assert g.state.cave.hatred_tokens == tokens
    assert view(g, "knight").boards.cave.hatred_tokens == tokens


def test_DIF_14_DIF_15_cave_wins_only_once_every_hatred_token_is_gone():
    """DIF-14/15: 5 collapsed Crystal tiles do not win while Hatred tokens remain; a Hatred
    use may remove a token instead of its effect, and the last one ends the game."""
    g = kc([ENTRANCE, dark(1, 0, "T38"), dark(-1, 0, "T01"), lit(0, 1, "T05")], difficulty={"cave": "great_cave"},
           crystal_tiles_removed=4, collapse=True, stack=[], cave={"hand": [], "hatred_tokens": 1,
                                                                     "omens": {"mushroom": 1}})
    choose(g, "remove:1,0")
    assert g.state.crystal_tiles_removed == 5 and g.outcome is None
    choose(g, "omen:hatred")
    assert "hatred:token" in ids(g)
    choose(g, "hatred:token")
    assert g.state.cave.hatred_tokens == 0
    assert g.outcome is not None and g.outcome.winners == ("cave",)


def test_DIF_14_hatred_tokens_do_not_stop_the_collapse_starting():
    """DIF-14 (FAQ): Hatred tokens left do not keep the Collapse from beginning."""
    g = kc([ENTRANCE, dark(1, 0, "T13")] + WEST_NORTH_SOUTH, difficulty={"cave": "grand_cave"},
           active="knight", stack=[], cave={"hand": []})
    assert g.state.cave.hatred_tokens == 8
    assert g.state.collapse
