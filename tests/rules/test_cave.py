"""The Cave (RULES_CHECKLIST §10 CV-01..44): turn phases, tiles, Place Treasure, Omen
tokens and the six omens, Rockslides (with AMB-03/04/05), and the Treasures and
Events the Cave hands out."""
from __future__ import annotations

from collections import Counter

import pytest

from vast_desktop.engine import IllegalChoice, view
from vast_desktop.engine.map.board import edge_blocked

from .helpers_map import ENTRANCE, auto, choose, dark, dests, ids, kc, kind, lit, starting

WEST_NORTH_SOUTH = [dark(-1, 0, "T08"), dark(0, -1, "T09"), dark(0, 1, "T12")]
BASE = [ENTRANCE, dark(1, 0, "T13")] + WEST_NORTH_SOUTH
FULL_BAG = {s: 6 for s in ("bat", "boulder", "quartz", "mushroom", "trail", "chasm")}


def omen_cost(g, omen_id):
    label = next(o.label for o in g.pending.options if o.id == f"omen:{omen_id}")
    return int(label.rsplit("cost ", 1)[1].rstrip(")"))


def end_round(g):
    """End the Cave's turn (taking the first choice of each remaining phase), then the
    Knight's, so the next Cave turn begins."""
    while kind(g) == ("cave", "cave_turn") and "end:" not in ids(g):
        choose(g, next(i for i in ids(g) if not i.startswith("omen:")))
    choose(g, "end:")
    assert kind(g) == ("knight", "knight_turn")
    choose(g, "end:")
    assert kind(g) == ("cave", "cave_turn")


# ---------------------------------------------------------------- turn
def test_CV_02_CV_14_turn_phases_in_order():
    """CV-02: (1) Collect Omen Tokens, (2) Shape the Cave, (3) Place Treasure; CV-14:
    collecting comes first, and omens may then be used before or after any phase."""
    g = kc(BASE, cave={"hand": ["T01", "T05", "T10"], "omens": {"chasm": 2}}, omen_bag={"bat": 6})
    assert g.state.cave.omens == Counter({"chasm": 2, "bat": 1})     # collected before any choice
    assert g.state.cave.phase == 2
    assert "omen:crystal_curse" in ids(g) and starting(g, "place:")
    assert not starting(g, "treasure:") and "end:" not in ids(g)
    choose(g, "place:T01@2,0")
    assert g.state.cave.phase == 3
    assert starting(g, "treasure:") and not starting(g, "place:") and "end:" not in ids(g)
    assert "omen:crystal_curse" in ids(g)
    choose(g, "treasure:2,0")
    assert g.state.cave.phase == 4
    assert "end:" in ids(g) and "omen:crystal_curse" in ids(g)
    assert not starting(g, "treasure:") and not starting(g, "place:")


def test_CV_03_draw_a_replacement_after_each_placement():
    """CV-03: every time the Cave places a tile it draws a replacement at once."""
    g = kc(BASE, cave={"hand": ["T01", "T05", "T10"]}, stack=["T20", "T22"])
    choose(g, "place:T05@2,0")
    assert g.state.cave.hand == ["T01", "T10", "T20"]
    assert g.state.stack == ["T22"]


def test_CV_04_CV_07_CV_20_crystal_tiles_first_on_the_caves_turn():
    """CV-04 / CV-07: on its turn the Cave must place Crystal tiles first, next to any
    tile; CV-20: a Hatred placement follows the same rule."""
    g = kc(BASE, cave={"hand": ["T37", "T01", "T05"], "omens": {"mushroom": 1}})
    places = starting(g, "place:")
    assert places and all(p.startswith("place:T37@") for p in places)
    with pytest.raises(IllegalChoice):
        g.apply("place:T01@2,0")
    choose(g, "omen:hatred")
    hatred = starting(g, "hatred:place:")
    assert hatred and all(h.startswith("hatred:place:T37@") for h in hatred)


def test_CV_09_CV_11_place_treasure_on_an_empty_dark_tile():
    """CV-09: the Treasure goes on a Dark tile with no player piece and no Treasure
    token; CV-11: the tile placed this turn qualifies."""
    tiles = [ENTRANCE, dark(1, 0, "T13"), lit(-1, 0, "T05"), dark(0, -1, "T09"), dark(0, 1, "T12")]
    g = kc(tiles, cave={"hand": ["T01", "T20", "T10"]}, tokens={"0,-1": {"treasure": 1}})
    choose(g, "place:T01@2,0")
    assert set(starting(g, "treasure:")) == {"treasure:1,0", "treasure:0,1", "treasure:2,0"}
    supply = g.state.supply["treasure"]
    choose(g, "treasure:2,0")
    assert g.state.board.tokens_at((2, 0))["treasure"] == 1
    assert g.state.supply["treasure"] == supply - 1


def test_CV_09_no_dark_tile_no_treasure():
    """CV-09: with no eligible Dark tile, no Treasure token is placed."""
    tiles = [ENTRANCE, lit(1, 0, "T13"), lit(-1, 0, "T05"), lit(0, -1, "T10"), lit(0, 1, "T01")]
    g = kc(tiles, collapse=True, stack=[], cave={"hand": []}, tokens={"0,1": {"treasure": 1}})
    choose(g, "remove:-1,0", "remove:0,-1", "remove:1,0")
    assert [t.lit for t in g.state.board.tiles.values()] == [True, True]
    assert ids(g) == ("end:",)                               # no Place Treasure choice at all


def test_CV_10_treasure_tokens_are_limited():
    """CV-10: with every Treasure token placed, the Cave cannot place another (neither
    in Place Treasure nor with Past Plunder)."""
    g = kc(BASE, cave={"hand": ["T01", "T20", "T10"], "omens": {"boulder": 3}}, supply={"treasure": 0})
    assert "omen:past_plunder" not in ids(g)
    choose(g, "place:T01@2,0")
    assert not starting(g, "treasure:") and "end:" in ids(g)
    assert "omen:past_plunder" not in ids(g)


# --------------------------------------------------------------- omens
@pytest.mark.parametrize(("tokens", "drawn"), [(0, 1), (1, 2), (2, 3), (3, 3), (4, 4), (6, 4), (7, 5),
                                              (10, 5), (11, 6), (15, 6)])
def test_CV_12_CV_42_omen_collection_table(tokens, drawn):
    """CV-12: Treasure + Crystal tokens on the map 0→1, 1→2, 2–3→3, 4–6→4, 7–10→5,
    11+→6 Omen tokens; CV-42: none on the map still gives 1.  AMB-23: the board's
    "Treasure Troves" means Treasure tokens: they count wherever they lie (here on
    Ambush tiles; no Treasure Room is on the map)."""
    treasure = min(tokens, 8)
    crystal = tokens - treasure
    toks = {"1,0": {"treasure": 1}} if treasure else {}
    if treasure > 1:
        toks["2,0"] = {"treasure": treasure - 1}
    if crystal:
        toks["3,0"] = {"crystal": crystal}
    tiles = [ENTRANCE, dark(1, 0, "T13"), lit(2, 0, "T01"), lit(3, 0, "T37")] + WEST_NORTH_SOUTH
    g = kc(tiles, tokens=toks, omen_bag=FULL_BAG, cave={"hand": ["T20", "T22", "T25"]})
    assert g.state.board.count_tokens("treasure") + g.state.board.count_tokens("crystal") == tokens
    assert sum(g.state.cave.omens.values()) == drawn
    assert sum(g.state.omen_bag.values()) == 36 - drawn


def test_CV_15_CV_16_pay_with_any_mix_of_accepted_symbols():
    """CV-16: an omen is paid with any mix of its symbols, one symbol twice included,
    never with another symbol; CV-15: the tokens go back to the draw bag."""
    g = kc(BASE, cave={"hand": ["T01", "T05", "T10"], "omens": {"bat": 1, "boulder": 1, "quartz": 2, "mushroom": 3}})
    choose(g, "omen:rockslide")                           # cost 2: bat, boulder or quartz
    assert kind(g) == ("cave", "pay_omen")
    assert set(ids(g)) == {"pay:bat,boulder", "pay:bat,quartz", "pay:boulder,quartz", "pay:quartz,quartz"}
    with pytest.raises(IllegalChoice):
        g.apply("pay:mushroom,mushroom")
    choose(g, "pay:quartz,quartz")
    assert g.state.cave.omens == Counter({"bat": 1, "boulder": 1, "quartz": 0, "mushroom": 3})
    assert g.state.omen_bag["quartz"] == 2
    assert kind(g) == ("cave", "omen_rockslide")


def test_CV_16_omen_not_offered_without_accepted_symbols():
    """CV-16: tokens of other symbols cannot pay: with only mushrooms, no Giant Bats."""
    g = kc(BASE, cave={"hand": ["T01", "T05", "T10"], "omens": {"mushroom": 3}})
    assert "omen:giant_bats" not in ids(g) and "omen:rockslide" not in ids(g)
    assert "omen:hatred" in ids(g)


def test_CV_17_omens_reusable_and_tokens_saved():
    """CV-17: an omen may be used again in the same turn, paying each time; unused
    tokens carry over to the next turn."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(3, 0, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, cave={"hand": ["T20", "T22", "T25"], "omens": {"bat": 3}})
    choose(g, "omen:giant_bats", "bats:knight@0,0>1,0")
    choose(g, "omen:giant_bats", "bats:knight@1,0>2,0")
    assert g.state.board.pieces["knight"] == (2, 0)
    assert g.state.cave.omens["bat"] == 1
    end_round(g)
    collected = [e for e in g.events if e.kind == "omens"][-1].data["symbols"]
    assert g.state.cave.omens["bat"] == 1 + collected.count("bat")     # the saved one is still there
    assert sum(g.state.cave.omens.values()) == 1 + len(collected)


def test_CV_18_CV_19_hatred_cost_escalates_then_resets():
    """CV-18: Hatred costs 1, 2, 3 for its 1st, 2nd, 3rd use in a turn, and 3 after that;
    CV-19: the cost resets each turn."""
    g = kc(BASE, cave={"hand": ["T01", "T05", "T10"], "omens": {"mushroom": 12}})
    spent = []
    for _ in range(4):
        before = g.state.cave.omens["mushroom"]
        cost = omen_cost(g, "hatred")
        choose(g, "omen:hatred")
        choose(g, starting(g, "hatred:place:")[0])
        spent.append((cost, before - g.state.cave.omens["mushroom"]))
    assert spent == [(1, 1), (2, 2), (3, 3), (3, 3)]
    assert omen_cost(g, "past_plunder") == 1               # each omen escalates on its own
    end_round(g)
    assert omen_cost(g, "hatred") == 1
    assert omen_cost(g, "past_plunder") == 1


def test_CV_22_past_plunder_escalates_and_places_a_treasure():
    """CV-22 / CV-18: Past Plunder (1/2/3) places a Treasure token by the Place Treasure rules."""
    tiles = BASE + [dark(2, 0, "T01")]
    g = kc(tiles, cave={"hand": ["T20", "T22", "T25"], "omens": {"boulder": 6}}, tokens={"2,0": {"treasure": 1}})
    assert omen_cost(g, "past_plunder") == 1
    choose(g, "omen:past_plunder")
    assert set(ids(g)) == {"plunder:1,0", "plunder:-1,0", "plunder:0,-1", "plunder:0,1"}   # not (2,0), not lit
    choose(g, "plunder:1,0")
    assert g.state.board.tokens_at((1, 0))["treasure"] == 1
    assert omen_cost(g, "past_plunder") == 2
    assert g.state.cave.omens["boulder"] == 5


def test_CV_21_bats_carry_a_treasure_token_three_spaces():
    """CV-21 / FM-10: Giant Bats carry a Treasure token up to 3 spaces: not through walls,
    through a player piece but not stopping on it; Dark tiles are fine for a token."""
    tiles = [ENTRANCE, lit(1, 0, "T03"), lit(2, 0, "T01"), lit(3, 0, "T05"), lit(4, 0, "T10"), lit(5, 0, "T13"),
             lit(1, -1, "T20"), dark(0, 1, "T12")]
    g = kc(tiles, pieces={"knight": [2, 0]}, tokens={"1,0": {"treasure": 1}},
           cave={"hand": ["T22", "T25", "T29"], "omens": {"boulder": 1}})
    choose(g, "omen:giant_bats")
    token = [i for i in ids(g) if i.startswith("bats:token:treasure@1,0>")]
    assert dests(token) == {"0,0", "3,0", "4,0", "0,1"}
    choose(g, "bats:token:treasure@1,0>4,0")
    assert g.state.board.tokens_at((4, 0))["treasure"] == 1 and g.state.board.tokens_at((1, 0))["treasure"] == 0


def test_CV_21_bats_carry_a_goblin_tribe():
    """CV-21 / FM-07: Giant Bats may carry a Goblin Tribe (placed by the scenario) up to 3
    spaces: onto Dark tiles too, but not through walls or onto another player."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=3), dark(0, 1, "T01"), lit(0, -1, "T05"), lit(0, -2, "T10"),
             lit(0, -3, "T13"), lit(-1, -1, "T22")]
    g = kc(tiles, pieces={"knight": [0, 0], "tribe:eye": [0, -2]}, cave={"hand": ["T31", "T32", "T33"],
                                                                        "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    assert dests(i for i in ids(g) if i.startswith("bats:tribe:eye@0,-2>")) == {"0,-1", "0,-3", "-1,-1"}
    choose(g, "bats:tribe:eye@0,-2>-1,-1")
    assert g.state.board.pieces["tribe:eye"] == (-1, -1)


def test_CV_44_cave_needs_no_line_of_sight():
    """CV-44: the Cave has no Perception: Giant Bats reach the Knight anywhere on the map."""
    tiles = [ENTRANCE, dark(1, 0, "T13"), lit(2, 0, "T03", rot=3), lit(3, 0, "T01")] + WEST_NORTH_SOUTH
    g = kc(tiles, pieces={"knight": [3, 0]}, cave={"hand": ["T22", "T25", "T29"], "omens": {"chasm": 1}})
    choose(g, "omen:giant_bats")
    assert "bats:knight@3,0>2,0" in ids(g)


def test_CV_24_spores_cost_three_and_take_five_grit():
    """CV-24: Soporific Spores (cost 3, quartz/mushroom/trail): the Knight loses 5 Grit."""
    g = kc(BASE, knight={"grit": 7}, cave={"hand": ["T22", "T25", "T29"], "omens": {"trail": 3, "bat": 5}})
    choose(g, "omen:soporific_spores")
    choose(g, "spores:knight")
    assert g.state.knight.grit == 2
    assert g.state.cave.omens["trail"] == 0 and g.state.cave.omens["bat"] == 5


def test_CV_25_CV_34_hatred_places_a_tile_next_to_the_knight():
    """CV-25 / CV-34: Hatred places a Cave tile (e.g. next to the Knight) for 1 token on
    its first use in the turn, and the Cave draws a replacement."""
    tiles = [ENTRANCE, lit(1, 0, "T01")] + WEST_NORTH_SOUTH + [dark(1, -1, "T05")]
    g = kc(tiles, pieces={"knight": [1, 0]}, cave={"hand": ["T20", "T22", "T25"], "omens": {"chasm": 1}},
           stack=["T29"])
    choose(g, "omen:hatred", "hatred:place:T22@2,0")
    assert g.state.board.tiles[(2, 0)].tile_id == "T22" and not g.state.board.tiles[(2, 0)].lit
    assert g.state.cave.omens["chasm"] == 0
    assert g.state.cave.hand == ["T20", "T25", "T29"]
    assert g.state.cave.phase == 2                          # Shape the Cave still to do


def test_CV_26_crystal_curse_event_token_and_event_cards():
    """CV-26: Crystal Curse can put an Event token on an empty Lit Event tile, or move
    the top 3 Event cards to the bottom of the deck."""
    tiles = [ENTRANCE, lit(1, 0, "T20"), lit(2, 0, "T22"), dark(3, 0, "T25"), lit(1, 1, "T01")] + WEST_NORTH_SOUTH
    deck = ["light", "rats#1", "rats#2", "cave_bread", "fresh_air"]
    g = kc(tiles, tokens={"2,0": {"event": 1}}, event_deck=deck,
           cave={"hand": ["T29", "T30", "T31"], "omens": {"bat": 2}})
    choose(g, "omen:crystal_curse")
    assert set(starting(g, "curse:event:")) == {"curse:event:1,0"}    # not the token's tile, not Dark
    assert "curse:events_bottom" in ids(g)
    choose(g, "curse:event:1,0")
    assert g.state.board.tokens_at((1, 0))["event"] == 1
    choose(g, "omen:crystal_curse", "curse:events_bottom")
    assert g.state.event_deck == ["cave_bread", "fresh_air", "light", "rats#1", "rats#2"]


def test_CV_33_curse_event_on_the_knights_tile_must_be_resolved():
    """CV-33: an Event token reset on the Knight's tile must be resolved as an Encounter
    before she moves away on her turn."""
    tiles = [ENTRANCE, lit(1, 0, "T20"), lit(2, 0, "T01")] + WEST_NORTH_SOUTH + [dark(1, -1, "T05"), dark(1, 1, "T10")]
    g = kc(tiles, pieces={"knight": [1, 0]}, event_deck=["cave_bread", "light", "rats#1", "rats#2"],
           cave={"hand": ["T29", "T30", "T31"], "omens": {"trail": 1}})
    choose(g, "omen:crystal_curse", "curse:event:1,0")
    end_turn = [i for i in ids(g) if not i.startswith("omen:")]
    choose(g, end_turn[0])
    auto(g, {"cave_turn"})
    assert kind(g) == ("knight", "knight_turn")
    assert not starting(g, "move:")
    choose(g, "resolve_event:")
    assert kind(g) == ("cave", "choose_event")


# ----------------------------------------------------------- Rockslides
ROCK_TILES = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T03", rot=3), dark(0, 1, "T12"), dark(1, 1, "T20"),
              dark(-1, 0, "T08"), dark(0, -1, "T09"), dark(1, -1, "T10")]


def test_CV_23_CV_27_AMB_04_rockslide_edges_and_wall():
    """CV-27 / AMB-04: a Rockslide goes on an edge between two tiles, at least one of them
    revealed, with no wall on it; CV-23: it is a wall."""
    g = kc(ROCK_TILES, cave={"hand": ["T29", "T30", "T31"], "omens": {"boulder": 2}})
    choose(g, "omen:rockslide")
    edges = {i.split(":", 2)[2] for i in starting(g, "rockslide:place:")}
    assert edges == {"0,0|1,0", "0,0|0,1", "-1,0|0,0", "0,-1|0,0", "1,0|1,1", "1,-1|1,0"}
    choose(g, "rockslide:place:0,0|1,0")
    assert edge_blocked(g, (0, 0), (1, 0))
    assert g.state.supply["rockslide"] == 2
    while "end:" not in ids(g):
        choose(g, next(i for i in ids(g) if not i.startswith("omen:")))
    choose(g, "end:")
    assert kind(g) == ("knight", "knight_turn")
    assert "move:1,0" not in ids(g)


def test_CV_23_all_three_placed_move_one_instead():
    """CV-23: when all 3 Rockslide tokens are out, the omen moves one instead."""
    g = kc(ROCK_TILES, rockslides=[[[0, 0], [0, 1]], [[-1, 0], [0, 0]], [[0, -1], [0, 0]]],
           cave={"hand": ["T29", "T30", "T31"], "omens": {"quartz": 2}})
    assert g.state.supply["rockslide"] == 0
    choose(g, "omen:rockslide")
    assert not starting(g, "rockslide:place:")
    assert "rockslide:move:0,0|0,1>0,0|1,0" in ids(g)
    choose(g, "rockslide:move:0,0|0,1>0,0|1,0")
    assert g.state.board.rockslides == {((0, 0), (1, 0)), ((-1, 0), (0, 0)), ((0, -1), (0, 0))}
    assert not edge_blocked(g, (0, 0), (0, 1))


def test_CV_28_AMB_05_rockslide_returns_when_its_tile_is_rotated_or_removed():
    """CV-28 / AMB-05: a Crystal Curse rotation or a removal of either tile sends the
    Rockslide back to the Cave (a Bomb on a rotated tile goes to the box, KN-77)."""
    tiles = [ENTRANCE, lit(1, 0, "T03"), lit(2, 0, "T01"), dark(1, 1, "T20"), dark(1, -1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, rockslides=[[[1, 0], [2, 0]]], cave={"hand": ["T29", "T30", "T31"], "omens": {"trail": 1}})
    assert g.state.supply["rockslide"] == 2
    choose(g, "omen:crystal_curse", "curse:rotate:1,0:2")
    assert g.state.board.rockslides == set() and g.state.supply["rockslide"] == 3
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05")], rockslides=[[[1, 0], [2, 0]]], collapse=True, stack=[],
           cave={"hand": []})
    choose(g, "remove:2,0")
    assert g.state.board.rockslides == set() and g.state.supply["rockslide"] == 3


@pytest.mark.parametrize(("rot", "stays"), [(0, True), (3, False)])
def test_CV_29_AMB_05_reveal_removes_rockslide_only_under_a_wall(rot, stays):
    """CV-29 / AMB-05: revealing a Dark tile removes a Rockslide on its edge only if the
    tile is oriented with a wall on that edge."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(2, 0, "T07"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]}, rockslides=[[[1, 0], [2, 0]]])
    g.script_dice("dragon", 6)
    choose(g, "flare:2,0")
    assert kind(g) == ("knight", "orient_tile")
    choose(g, f"rot:{rot}")                                 # rot 0: walls N+E; rot 3: walls W+N
    assert (((1, 0), (2, 0)) in g.state.board.rockslides) is stays
    assert g.state.supply["rockslide"] == (2 if stays else 3)


def test_CV_30_AMB_03_rockslide_on_a_bombed_wall_keeps_both_tokens():
    """CV-30 / AMB-03: a Rockslide placed on a Bomb-opened wall leaves both tokens; the
    wall is closed, and once the Rockslide moves away it is open again."""
    tiles = [ENTRANCE, lit(1, 0, "T03", rot=1), lit(2, 0, "T01"), dark(1, -1, "T05"), dark(1, 1, "T10")] + WEST_NORTH_SOUTH
    g = kc(tiles, bombs=[[[1, 0], [2, 0]]], rockslides=[[[0, 0], [0, 1]], [[-1, 0], [0, 0]]],
           cave={"hand": ["T29", "T30", "T31"], "omens": {"bat": 4}})
    assert not edge_blocked(g, (1, 0), (2, 0))
    choose(g, "omen:rockslide", "rockslide:place:1,0|2,0")
    assert ((1, 0), (2, 0)) in g.state.board.bombs
    assert edge_blocked(g, (1, 0), (2, 0))
    choose(g, "omen:rockslide", "rockslide:move:1,0|2,0>0,-1|0,0")
    assert ((1, 0), (2, 0)) in g.state.board.bombs
    assert not edge_blocked(g, (1, 0), (2, 0))


# ------------------------------------------------ Treasures and Events
def test_CV_35_CV_37_cave_picks_one_of_two_treasure_cards():
    """CV-35: when the Knight claims a Treasure token the Cave draws 2 Treasure cards,
    gives her 1 and puts the other on the bottom; CV-37: the token returns to the Cave."""
    tiles = [ENTRANCE, lit(1, 0, "T31")] + WEST_NORTH_SOUTH + [dark(2, 0, "T05"), dark(1, -1, "T10"), dark(1, 1, "T01")]
    g = kc(tiles, active="knight", pieces={"knight": [1, 0]}, tokens={"1,0": {"treasure": 1}},
           treasure_deck=["javelin", "elven_sword", "mighty_axe"])
    supply = g.state.supply["treasure"]
    choose(g, "collect:treasure")
    assert g.state.supply["treasure"] == supply + 1
    assert kind(g) == ("cave", "choose_treasure")
    assert set(ids(g)) == {"give:javelin", "give:elven_sword"}
    choose(g, "give:elven_sword")
    assert g.state.treasure_deck == ["mighty_axe", "javelin"]
    assert kind(g) == ("knight", "keep_treasure")
    choose(g, "keep:elven_sword")
    assert g.state.knight.treasures == ["elven_sword"]


def test_CV_38_CV_39_cave_plays_one_of_three_events():
    """CV-38: the Knight reveals an Event tile: the Cave draws 3 Event cards, plays 1 and
    puts the other 2 on the bottom; CV-39: the played card leaves the game."""
    g = kc([ENTRANCE, dark(1, 0, "T16")] + WEST_NORTH_SOUTH, active="knight",
           event_deck=["light", "cave_bread", "rats#1", "rats#2", "fresh_air"])
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge"})
    assert kind(g) == ("cave", "choose_event")
    assert set(ids(g)) == {"event:light", "event:cave_bread", "event:rats#1"}
    choose(g, "event:cave_bread")
    assert g.state.event_deck == ["rats#2", "fresh_air", "light", "rats#1"]
    assert "cave_bread" in g.state.removed_from_game


def test_CV_39_empty_event_deck_means_events_are_ignored():
    """CV-39: once every Event card is played, Event tiles are ignored."""
    g = kc([ENTRANCE, dark(1, 0, "T16")] + WEST_NORTH_SOUTH, active="knight", event_deck=[])
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge"})
    assert kind(g) == ("knight", "knight_turn")
    assert any(e.kind == "event_ignored" for e in g.events)


def test_CV_40_cave_sees_the_top_three_event_cards():
    """CV-40: the Cave may look at the top 3 Event cards at any time; no one else may."""
    g = kc(BASE, active="knight", event_deck=["rats#1", "light", "vantage_point", "cave_bread"])
    assert view(g, "cave").boards.cave.event_top3 == ("rats#1", "light", "vantage_point")
    assert view(g, "knight").boards.cave.event_top3 is None
    assert view(g, None).boards.cave.event_top3 is None


def test_CV_26_CV_40_undo_cannot_take_back_a_look_at_the_next_event_cards():
    """CV-26, CV-40: Crystal Curse moving the top 3 Event cards to the bottom shows the Cave the
    next 3 (she may look at the top 3 at any time): no undo across it — else she could look
    and choose again.  The barrier is automatic (knowledge.learned); the step before it
    (choosing the Omen) showed nothing and can still be undone."""
    tiles = [ENTRANCE, lit(1, 0, "T20"), lit(2, 0, "T22"), dark(3, 0, "T25")] + WEST_NORTH_SOUTH
    deck = ["light", "rats#1", "rats#2", "cave_bread", "fresh_air", "vantage_point"]
    g = kc(tiles, event_deck=deck, cave={"hand": ["T29", "T30", "T31"], "omens": {"bat": 2}})
    assert list(view(g, "cave").boards.cave.event_top3 or ()) == ["light", "rats#1", "rats#2"]
    choose(g, "omen:crystal_curse")
    assert g.can_undo()                                     # paying for the Omen showed nothing
    choose(g, "curse:events_bottom")
    assert list(view(g, "cave").boards.cave.event_top3 or ()) == ["cave_bread", "fresh_air", "vantage_point"]
    assert g.barrier_at == len(g.choices) and not g.can_undo()
    with pytest.raises(IllegalChoice):
        g.undo()
    choose(g, "omen:crystal_curse", "curse:events_bottom")  # the same again: three more she had not seen
    assert not g.can_undo()


def test_CV_26_an_event_token_shows_nothing_and_can_be_undone():
    """CV-26: the Crystal Curse's other uses uncover nothing: an Event token put on a Lit Event
    tile can be undone."""
    tiles = [ENTRANCE, lit(1, 0, "T20"), lit(2, 0, "T22"), dark(3, 0, "T25")] + WEST_NORTH_SOUTH
    g = kc(tiles, event_deck=["light", "rats#1", "rats#2", "cave_bread"],
           cave={"hand": ["T29", "T30", "T31"], "omens": {"bat": 2}})
    choose(g, "omen:crystal_curse")
    choose(g, "curse:event:1,0")
    assert g.can_undo()
    assert g.undo().pending is not None


def test_CV_41_deep_and_dark_gives_the_cave_two_omens():
    """CV-41: the Event card Deep and Dark gives the Cave 2 Omen tokens."""
    g = kc([ENTRANCE, dark(1, 0, "T16")] + WEST_NORTH_SOUTH, active="knight", omen_bag={"trail": 6},
           event_deck=["deep_and_dark#1", "light", "rats#1"], cave={"omens": {}})
    choose(g, "move:1,0")
    auto(g, {"fill_open_edge"})
    choose(g, "event:deep_and_dark#1")
    assert g.state.cave.omens["trail"] == 2
    assert g.state.omen_bag["trail"] == 4


def test_CV_43_cave_keeps_count_of_collapsed_crystal_tiles():
    """CV-43: the count of removed Crystal tiles is kept and shown to everyone."""
    g = kc([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T38"), lit(0, 1, "T01")], collapse=True, stack=[],
           cave={"hand": []})
    choose(g, "remove:1,0", "remove:-1,0")
    assert g.state.crystal_tiles_removed == 2
    assert view(g, "knight").crystal_tiles_removed == 2 and view(g, None).collapse_crystals == 5
