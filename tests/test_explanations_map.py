"""Issue 6, explanations for the map, Cave, Collapse, Forced Movement, omen, card and Terrain
decisions (engine/why_not_map.py): a click on the kind of thing a decision asks for that is
not one of its options gets the rule that fails for that very target, with its numbers.

Each test builds the exact position with load_scenario (an engine procedure such as a
reveal, a Cave-In or an Event draw is run on it with ``drive``) and names the checklist ids
of the rule whose failing condition the sentence explains."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import choose

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.decisions import Decision, Option, Target
from vast_desktop.engine.explain.why_not import RULE, why_not_graded, why_not_reason
from vast_desktop.engine.game import Proc
from vast_desktop.engine.reasons import Reason

ENTRANCE = {"pos": [0, 0], "tile": "entrance"}
HAND = {"hand": ["T31", "T32", "T33"]}
COLLAPSE: dict[str, Any] = {"collapse": True, "stack": [], "cave": {"hand": []}}


def lit(x: int, y: int, tile: str, rot: int = 0) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": True, "rot": rot}


def dark(x: int, y: int, tile: str) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": False}


AROUND = [dark(-1, 0, "T08"), dark(0, -1, "T09"), dark(0, 1, "T12")]     # closes the Entrance's other edges


def scenario(roles: tuple[str, ...], tiles: list[dict[str, Any]], active: str, **data: Any) -> Game:
    setup: dict[str, Any] = {"roles": list(roles), "seed": 1}
    for key in ("solo_level", "variants", "house_rules"):
        if key in data:
            setup[key] = data.pop(key)
    if "cave" in roles:
        data.setdefault("omen_bag", {})
    return load_scenario({"setup": setup, "active": active, "tiles": tiles, **data})


def kc(tiles: list[dict[str, Any]], active: str = "cave", **data: Any) -> Game:
    """Knight vs Cave, the Omen bag empty (the Cave collects nothing)."""
    return scenario(("knight", "cave"), tiles, active, **data)


def solo(tiles: list[dict[str, Any]], **data: Any) -> Game:
    """The Knight alone (Alone in the Dark)."""
    return scenario(("knight",), tiles, "knight", solo_level="easy", **data)


def drive(g: Game, make_proc: Callable[[Game], Proc]) -> None:
    """Run an engine procedure on the scenario's position; afterwards the game waits."""
    def flow() -> Proc:
        yield from make_proc(g)
        while True:
            yield Decision("test", "done", "The procedure is over", (Option("done:", "done"),))  # a test-only kind (not asked by the engine)

    g.start(flow())


def pending(g: Game, kind: str) -> Decision:
    """The pending decision, which must be of ``kind``."""
    d = g.pending
    assert d is not None and d.kind == kind, d and (d.kind, d.ids)
    return d


def rule_reason(g: Game, target: Any) -> str:
    """The reason for a click that is not an option; it must be a rule-level one."""
    assert g.pending is not None
    reason, grade = why_not_graded(g, g.pending.role, target)
    assert reason is not None and grade == RULE, (target, reason, grade)
    return reason


def rule_check(g: Game, target: Any) -> Reason:
    """The rule check's Reason for a click that is not an option (a converted decision: its
    words carry no rule code, its ``rule`` names the rule)."""
    rule_reason(g, target)
    assert g.pending is not None
    reason = why_not_reason(g, g.pending.role, target)
    assert reason is not None and reason.checked, (target, reason)
    return reason


# ------------------------------------------------------------------ revealing
def test_MAP_17_MAP_28_orienting_the_revealed_tile_happens_on_it() -> None:
    """MAP-17/18, MAP-28: while the Knight orients the tile she revealed, a click elsewhere says
    which tile is being turned, how, and how many turns are legal."""
    g = kc([ENTRANCE, dark(1, 0, "T03"), *AROUND], active="knight", cave=HAND)
    choose(g, "move:1,0")
    d = pending(g, "orient_tile")
    assert len(d.options) == 3                      # the wall never faces the way she came in
    reason = rule_reason(g, (0, 0))
    assert "orienting the tile you revealed at 1,0" in reason and "R or the mouse wheel" in reason
    assert "3 legal turns" in reason and rule_check(g, (0, 0)).rule == "MAP-17"


def test_MAP_19_reveal_order_names_the_tiles_being_revealed() -> None:
    """MAP-19: several tiles revealed at once are chosen one at a time among themselves; a
    Lit tile or another Dark tile is not one of them."""
    from vast_desktop.engine.map.reveal import reveal_group

    g = kc([ENTRANCE, dark(1, 0, "T01"), dark(2, 0, "T05"), lit(-1, 0, "T10"), dark(0, 1, "T12")], cave=HAND)
    drive(g, lambda game: reveal_group(game, [(1, 0), (2, 0)], "cave"))
    pending(g, "reveal_order")
    assert rule_reason(g, (-1, 0)) == ("These tiles are revealed one at a time, in the order you choose: "
                                       "1,0, 2,0; the Ambush tile at -1,0 is already Lit.")
    assert rule_reason(g, (0, 1)).endswith("1,0, 2,0; the Dark tile at 0,1 is not one of them.")


# ------------------------------------------------------------------ placing tiles
def fill_game() -> Game:
    """The Cave fills the two open spaces beside the Lit tile at 1,0 (walls elsewhere)."""
    from vast_desktop.engine.map.board import fill_open_edges

    g = kc([ENTRANCE, lit(1, 0, "T01"), *AROUND, dark(2, 0, "T05")], cave=HAND)
    drive(g, lambda game: fill_open_edges(game, "knight"))
    pending(g, "fill_open_edge")
    return g


def test_MAP_20_MAP_25_a_dark_tile_fills_only_a_space_facing_an_open_edge() -> None:
    """MAP-20/25: the filling tiles go on the open spaces facing an open edge of a Lit tile:
    not on a tile, not on an open space no open edge faces."""
    g = fill_game()
    assert rule_check(g, (2, 0)) == Reason("There is a tile here already: a Dark tile fills an open space that faces "
                                           "an open edge of a Lit tile.", "MAP-20")
    assert rule_check(g, (3, 3)) == Reason("This open space faces no open edge of a Lit tile: only such spaces are "
                                           "filled with a Dark tile.", "MAP-20")


def test_CV_04_crystal_tiles_in_hand_go_first_on_the_caves_turn() -> None:
    """CV-04, CV-07: in Shape the Cave a Crystal tile in hand goes before the others; a tile
    no longer in the hand says where it is."""
    g = kc([ENTRANCE, *AROUND, lit(1, 0, "T01")], cave={"hand": ["T37", "T31", "T32"]})
    pending(g, "cave_turn")
    assert rule_check(g, Target("hand_tile", "T31")) == Reason(
        "On your own turn the Crystal tiles in your hand go first: place the Crystal (Fangs) before the "
        "Treasure Room (Fangs).", "CV-04")
    assert rule_check(g, Target("hand_tile", "T01")) == Reason("That tile is not in your hand: it is on the map at "
                                                               "1,0.", "CV-07")


def test_COL_04_CV_43_no_tile_is_placed_during_the_collapse() -> None:
    """COL-04 / CV-43: during the Collapse, Shape the Cave removes tiles; a hand tile is not placed."""
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05")], collapse=True, stack=[], cave={"hand": ["T31"]})
    pending(g, "cave_turn")
    assert rule_check(g, Target("hand_tile", "T31")) == Reason(
        "During the Collapse, Shape the Cave removes tiles instead of placing one.", "CV-43")


def test_CV_15_CV_16_omen_tokens_are_spent_through_an_omen() -> None:
    """CV-15/16: the Omen tokens on the Cave's board are spent by using an omen it can pay for."""
    g = kc([ENTRANCE, *AROUND, lit(1, 0, "T01")], cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    pending(g, "cave_turn")
    reason = rule_reason(g, Target("slot", "cave.omens"))
    assert reason.startswith("Your Omen tokens (1 Bat) are spent by using an omen: click one on your board (")
    assert "Giant Bats" in reason and reason.endswith(".")


def test_RV_03_SOLO_02_the_drawn_tile_goes_on_an_open_space_next_to_the_map() -> None:
    """RV-03 / SOLO-02, MAP-34: with no Cave the tile drawn at the end of a turn goes on an open
    space next to the map: not on a tile."""
    g = solo([ENTRANCE, *AROUND, dark(1, 0, "T01")], stack=["T05", "T10"])
    choose(g, "end:")
    pending(g, "place_tile")
    assert rule_check(g, (1, 0)) == Reason("There is already a tile at 1,0: a new tile goes on an open space next to "
                                           "the map.", "MAP-34")


def test_GB_81_the_explored_space_is_the_goblins_choice() -> None:
    """GB-81: when a Tribe explores, the Cave's tile goes on the open space the Goblins chose."""
    from vast_desktop.engine.roles.goblins.turn import act_explore

    g = scenario(("knight", "goblins", "cave"), [ENTRANCE, *AROUND, dark(1, 0, "T01")], "goblins",
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, cave=HAND,
                 goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    drive(g, lambda game: act_explore(game, "fangs", "2,0"))
    pending(g, "explore_tile")
    assert rule_reason(g, (1, 0)) == ("The Goblins chose to explore the open space 2,0: the Dark tile from your "
                                      "hand goes there, and the Tribe moves onto it.")
    assert rule_reason(g, Target("hand_tile", "T05")) == "That tile is not in your hand."


# ------------------------------------------------------------------ removing tiles
def test_COL_07_COL_12_the_collapse_takes_the_tiles_touching_the_fewest() -> None:
    """COL-07: the tiles touching the fewest others go first, with the numbers; COL-12: never
    the Entrance."""
    g = solo([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(1, 1, "T10"), lit(1, -1, "T13")],
             collapse=True, stack=[])
    choose(g, "end:")
    pending(g, "collapse_tile")
    assert rule_check(g, (1, 0)) == Reason("The tile at 1,0 touches 4 tiles: the Collapse takes the tiles touching "
                                           "the fewest others first, now those touching 1.", "COL-07")
    assert rule_check(g, (0, 0)) == Reason("The tile at 0,0 holds the Entrance: it can never be removed.", "COL-12")
    assert rule_check(g, (5, 5)) == Reason("There is no tile at 5,5 to collapse.", "COL-07")


def test_COL_08_an_eligible_revealed_crystal_goes_first() -> None:
    """COL-08: a revealed Crystal tile touching the fewest tiles goes before any other."""
    g = solo([ENTRANCE, lit(1, 0, "T37"), dark(-1, 0, "T01"), lit(0, 1, "T05")], collapse=True, stack=[])
    choose(g, "end:")
    pending(g, "collapse_tile")
    assert rule_check(g, (-1, 0)) == Reason("A revealed Crystal tile may collapse (1,0): it must go before any other "
                                            "tile.", "COL-08")


def test_SOLO_04_alone_dark_tiles_collapse_before_lit_ones() -> None:
    """SOLO-04/05: Alone in the Dark, within the touching tier Dark tiles go before Lit ones."""
    g = solo([ENTRANCE, lit(1, 0, "T05"), dark(-1, 0, "T01"), dark(0, 1, "T13")], collapse=True, stack=[])
    choose(g, "end:")
    pending(g, "collapse_tile")
    assert rule_check(g, (1, 0)) == Reason("Alone in the Dark: among the tiles that may collapse, Dark tiles go "
                                           "before Lit tiles and Terrain: -1,0, 0,1.", "SOLO-04")


def test_COL_16_a_tile_whose_occupant_cannot_leave_stays() -> None:
    """COL-16, FM-13, FM-05: a tile whose piece would have nowhere to go is not removed (the
    Knight behind a wall, with only a Dark tile beside her)."""
    g = solo([ENTRANCE, dark(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10")], collapse=True, stack=[],
              pieces={"knight": [2, 0]})
    choose(g, "end:")
    d = pending(g, "collapse_tile")
    assert d.ids == ("remove:0,1",)
    assert rule_check(g, (2, 0)) == Reason("The Knight on 2,0 would have nowhere to go under Forced Movement, so "
                                           "the tile stays.", "COL-16")


def test_COL_20_GB_53_cave_in_spares_the_entrance_players_and_crystals() -> None:
    """COL-12/20, GB-53: Cave-In removes no Entrance, no tile with another player, no tile with a
    Crystal token."""
    from vast_desktop.engine.cards.secrets import _cave_in

    g = scenario(("knight", "goblins"), [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(-1, 0, "T10")],
                 "goblins", pieces={"knight": [1, 0]}, tokens={"-1,0": {"crystal": 1}},
                 goblins={"population": {"fangs": 0, "bones": 0, "eye": 2}})
    drive(g, lambda game: _cave_in(game, "cave_in"))
    pending(g, "cave_in")
    assert rule_check(g, (0, 0)) == Reason("The tile at 0,0 holds the Entrance: Cave-In never removes it.", "COL-12")
    assert rule_check(g, (1, 0)) == Reason("The Knight is on 1,0: Cave-In removes no tile holding another player.",
                                           "GB-53")
    assert rule_check(g, (-1, 0)) == Reason("A Crystal token is on -1,0: Cave-In removes no tile holding one.", "GB-53")


# ------------------------------------------------------------------ Forced Movement
RING = [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(0, 1, "T10"), lit(2, 1, "T13"), lit(0, 2, "T20"),
        lit(1, 2, "T22"), dark(2, 2, "T25")]


def test_FM_13_forced_off_a_removed_tile_by_the_shortest_way() -> None:
    """FM-13: a piece forced off a removed tile moves the shortest distance to a legal space:
    the reason gives both distances; FM-05: never onto a Dark tile."""
    g = kc(RING, pieces={"knight": [1, 0]}, **COLLAPSE)
    choose(g, "remove:1,0")
    pending(g, "forced_move")
    assert rule_reason(g, (1, 2)) == ("1,2 is 4 spaces away: a piece forced off a removed tile moves the shortest "
                                      "distance to a legal space, here 1.")
    assert rule_reason(g, (2, 2)) == "The Knight is never moved onto a Dark tile, and 2,2 is Dark."
    assert rule_reason(g, (1, 0)) == "The Knight must leave the tile that is being removed."


def test_FM_14_FM_08_the_first_piece_leaves_room_for_the_next() -> None:
    """FM-14, FM-08: pieces forced off one tile leave one at a time (the Goblins before the
    Dragon) and never share a space: the Tribe may not take the surfaced Dragon's only way out
    (he never goes onto a Dark tile)."""
    from vast_desktop.engine.map.collapse import remove_tile

    g = scenario(("goblins", "dragon"), [ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), dark(3, 0, "T10"),
                                         dark(2, 1, "T13")], "goblins",
                 pieces={"tribe:fangs": [2, 0], "dragon": [2, 0]}, dragon={"placed": True, "surfaced": True},
                 goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}}, collapse=True, stack=[])
    drive(g, lambda game: remove_tile(game, (2, 0), "goblins", collapse_removal=True))
    d = pending(g, "forced_move")
    assert set(d.ids) == {"push:2,1", "push:3,0"}
    assert rule_reason(g, (1, 0)) == ("Moving the Fangs Tribe to 1,0 would leave another piece on the tile nowhere "
                                      "to go: they leave one at a time and never share a space.")


def test_VAR_07_the_entrance_piece_moves_last_and_needs_a_tile() -> None:
    """VAR-06/07 (Moving Entrance): the Entrance piece leaves its collapsing tile last, for an
    adjacent unoccupied Lit tile; the Knight may not take the only one."""
    from vast_desktop.engine.map.collapse import remove_tile

    treasure = {"treasure": 1}
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(1, 1, "T10"), lit(1, -1, "T13")],
           variants=["moving-entrance"], entrance=[1, 0], pieces={"knight": [1, 0]},
           tokens={"2,0": treasure, "1,1": treasure, "1,-1": treasure}, **COLLAPSE)
    drive(g, lambda game: remove_tile(game, (1, 0), "cave", collapse_removal=True))
    d = pending(g, "forced_move")
    assert "push:0,0" not in d.ids
    assert rule_reason(g, (0, 0)) == ("Moving the Knight to 0,0 would leave the Entrance piece, which moves last, no "
                                      "unoccupied Lit tile to go to.")


def test_MAP_37_a_loose_section_is_slid_by_its_highlighted_tile() -> None:
    """MAP-37/39: the section with the Entrance stays; a loose section is chosen by its
    highlighted tile."""
    from vast_desktop.engine.map.collapse import remove_tile

    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05"), lit(3, 0, "T10"), *AROUND], cave=HAND)
    drive(g, lambda game: remove_tile(game, (1, 0), "cave", collapse_removal=False))
    pending(g, "slide_section")
    assert rule_reason(g, (0, 0)) == ("This is the section with the Entrance: it stays where it is, and the loose "
                                      "sections slide until they touch it.")
    assert rule_reason(g, (3, 0)) == ("Each loose section is chosen by its highlighted tile: click 2,0 to slide the "
                                      "section with this tile.")


# ------------------------------------------------------------------ omens
BATS = [ENTRANCE, lit(1, 0, "T03", rot=3), dark(0, 1, "T01"), lit(0, -1, "T05"), lit(0, -2, "T10"),
        lit(0, -3, "T13"), lit(0, -4, "T20"), lit(-1, -1, "T22"), lit(2, 0, "T25")]


def test_CV_21_FM_05_giant_bats_name_what_keeps_a_space_out_of_reach() -> None:
    """CV-21 (up to 3 spaces), FM-05 (never onto a Dark tile, never through a wall): why Giant
    Bats cannot carry the Knight to a space."""
    g = kc(BATS, cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    pending(g, "omen_giant_bats")
    assert rule_reason(g, (0, 1)).endswith("none can be carried to 0,1: the Knight at 0,0: the Knight is never "
                                               "moved onto a Dark tile, and 0,1 is Dark.")
    assert "the Knight at 0,0: every way from 0,0 to 2,0 crosses a wall" in rule_reason(g, (2, 0))
    assert rule_reason(g, (0, -4)) == ("Giant Bats carry the Knight, a Tribe or a Treasure token up to 3 spaces, "
                                       "and none of them is within 3 spaces of 0,-4.")


def test_FM_17_CV_21_the_shield_and_other_players_stay_out_of_the_bats_reach() -> None:
    """FM-17: with her Shield up the Knight ignores Giant Bats; CV-21: the Bats carry only the
    Knight, a Tribe or a Treasure token (not the Dragon), and nothing onto an open space."""
    g = scenario(("knight", "dragon", "cave"), BATS, "cave", pieces={"knight": [0, 0], "dragon": [2, 0]},
                 knight={"equip": {"shield": 1}}, dragon={"placed": True, "surfaced": True},
                 tokens={"0,-2": {"treasure": 1}}, cave={"hand": ["T31", "T32", "T33"], "omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    pending(g, "omen_giant_bats")
    assert rule_reason(g, (0, 0)) == "The Knight's Shield is up: she ignores effects that would move her."
    assert rule_reason(g, (2, 0)) == ("Giant Bats carry the Knight, a Tribe or a Treasure token: the Dragon "
                                      "on 2,0 is none of them.")
    assert rule_reason(g, (5, 5)) == "5,5 is an open space: nothing is carried onto one."


def test_CV_24_CV_31_spores_target_a_player_with_something_to_lose() -> None:
    """CV-24: Soporific Spores target a player (the target chooses what it loses); a Knight
    with no Grit cannot be targeted, and the Goblins are targeted through their board."""
    g = scenario(("knight", "goblins", "cave"), [ENTRANCE, *AROUND, lit(1, 0, "T01")], "cave",
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, knight={"grit": 0},
                 cave={"hand": ["T31", "T32", "T33"], "omens": {"quartz": 3}},
                 goblins={"population": {"fangs": 3, "bones": 1, "eye": 0}})
    choose(g, "omen:soporific_spores")
    pending(g, "omen_soporific_spores")
    assert rule_reason(g, Target("piece", "knight")) == "The Knight has no Grit left to lose to Soporific Spores."
    assert rule_reason(g, Target("piece", "tribe:fangs")) == (
        "Soporific Spores target a player, not one piece or card: click their board to target the Goblins; the "
        "Goblins choose the Tribe.")


def test_CV_31_spores_cut_a_tribe_that_can_fall_to_one() -> None:
    """CV-31: the Goblins must choose a Tribe that can actually be reduced to 1 Population."""
    from vast_desktop.engine.roles.goblins.turn import spores

    g = scenario(("knight", "goblins"), [ENTRANCE, *AROUND], "goblins", pieces={"knight": [0, 0]},
                 goblins={"population": {"fangs": 3, "bones": 1, "eye": 2}})
    drive(g, spores)
    pending(g, "spores_tribe")
    assert rule_reason(g, Target("slot", "goblins.bones")) == (
        "The Bones Tribe has Population 1: Spores must cut a Tribe that can fall to 1, if there is one — "
        "Fangs (3), Eye (2).")


# ------------------------------------------------------------------ cards
def test_CV_38_CV_35_the_cave_chooses_among_the_cards_it_drew() -> None:
    """CV-38: the Event card played on the Knight is one of the 3 the Cave drew; CV-35: the
    Treasure card given is one of the 2 drawn."""
    from vast_desktop.engine.cards.events import play_event
    from vast_desktop.engine.cards.treasures import receive_treasure

    g = kc([ENTRANCE, *AROUND], event_deck=["cave_bread", "light", "rats#1", "rats#2"], cave=HAND)
    drive(g, play_event)
    pending(g, "choose_event")
    assert rule_reason(g, Target("card", "rats#2")) == (
        "The Event card to play on the Knight is one of the 3 you drew (Cave Bread, Light, Rats); Rats is not one "
        "of them.")
    assert rule_reason(g, Target("card", "potion_kit")).endswith("; that is a Treasure card.")
    g = kc([ENTRANCE, *AROUND], treasure_deck=["potion_kit", "mighty_axe", "heroic_boots"], cave=HAND)
    drive(g, receive_treasure)
    pending(g, "choose_treasure")
    assert rule_reason(g, Target("card", "heroic_boots")) == (
        "The Treasure card to give the Knight is one of the 2 you drew (Potion Kit, Mighty Axe); Heroic Boots is "
        "not one of them.")


def test_TH_12_the_thief_takes_a_treasure_token_where_there_is_one() -> None:
    """TH-12: with the Cave's supply empty, the Thief takes a Treasure token from the map."""
    from vast_desktop.engine.roles.thief.turn import take_supply_treasure

    g = scenario(("knight", "thief"), [ENTRANCE, *AROUND, lit(1, 0, "T01")], "thief",
                 pieces={"knight": [0, 0], "thief": [1, 0]}, tokens={"0,-1": {"treasure": 1}},
                 supply={"treasure": 0})
    drive(g, lambda game: take_supply_treasure(game, "a test"))
    pending(g, "thief_take_treasure")
    assert why_not_reason(g, "thief", (1, 0)) == Reason(
        "There is no Treasure token at 1,0: with the Cave's supply empty you take one from the map, at 0,-1.", "TH-12")


# ------------------------------------------------------------------ Terrain
def terrain_game() -> Game:
    """The Knight revealed the Event tile at 1,0; the Lake lies below the Entrance; the Cave
    places the Terrain."""
    from vast_desktop.engine.map.terrain import event_revealed

    g = kc([ENTRANCE, *AROUND, lit(1, 0, "T20")], active="knight", variants=["terrain"], pieces={"knight": [1, 0]},
           cave=HAND, terrain=[{"tile": "lake", "pos": [0, 2], "rot": 0}])
    drive(g, lambda game: event_revealed(game, (1, 0), "knight"))
    pending(g, "terrain_choose")
    return g


def test_TR_04_COL_28_a_terrain_tile_on_the_map_is_not_chosen_again() -> None:
    """TR-04: an Event tile brings a Terrain tile, chosen among those off the map (COL-28):
    not the Lake on the map, not an Event card."""
    g = terrain_game()
    assert rule_reason(g, Target("card", "terrain:lake")) == (
        "The Lake is on the map already: a Terrain tile is placed again only once it has left the map.")
    assert rule_reason(g, Target("card", "rats#1")) == (
        "An Event tile was revealed: choose the Terrain tile to place (Canyon, Magma, Mushroom Forest, Pits, River); "
        "that is an Event card.")


def test_TR_07_TR_09_terrain_goes_on_open_spaces_as_close_as_possible() -> None:
    """TR-09: a Terrain tile goes on open spaces, touching a Cave tile and no other Terrain;
    TR-07: as close as possible to the revealing piece (the numbers: 3 spaces against 1)."""
    g = terrain_game()
    choose(g, "terrain:magma")
    pending(g, "terrain_place")
    assert rule_reason(g, (0, 0)) == ("There is a tile at 0,0: the Magma goes on open spaces only, touching no other "
                                      "Terrain.")
    assert rule_reason(g, (5, 0)).startswith("No legal placement of the Magma covers 5,0")
    assert rule_reason(g, (-2, 0)) == ("The Magma may lie over -2,0 only 3 spaces from 1,0: it goes as close as "
                                       "possible to the piece that revealed the Event tile, here 1.")


def test_TR_28_the_pits_go_far_apart_and_all_three_must_fit() -> None:
    """TR-28: after the first Pit (at 2,0, the only spot nearest the Knight) the next goes as far
    as possible from it, only where all three can still be placed; TR-09 as for any Terrain."""
    from vast_desktop.engine.map.terrain import pits

    g = terrain_game()
    choose(g, "terrain:pits")
    d = pending(g, "terrain_pit")
    assert pits(g) == [(2, 0)] and set(d.ids) == {"pit:-2,0", "pit:0,-2"}
    assert rule_reason(g, (3, 0)) == ("A Pit may not go on 3,0: it must touch no other Terrain, even at a corner, and "
                                      "share an edge with a Cave tile.")
    assert rule_reason(g, (-1, -1)) == ("A Pit on -1,-1 would leave no legal place for the other Pits: all three must "
                                        "fit.")


# ------------------------------------------------------------------ the Cave's hand, later in its turn
def test_CV_02_CV_25_no_hand_tile_after_shape_the_cave_nor_for_hatred_in_the_collapse() -> None:
    """CV-02: once its tile is placed the Cave is at Place Treasure; CV-25 / COL-26: during the
    Collapse Hatred removes a tile, it places none."""
    g = kc([ENTRANCE, *AROUND, lit(1, 0, "T01")], cave={"hand": ["T31", "T32", "T33"]})
    choose(g, "place:T31@2,0")
    assert g.state.cave is not None and g.state.cave.phase == 3
    hand = g.state.cave.hand[0]
    assert rule_check(g, Target("hand_tile", hand)) == Reason(
        "Shape the Cave is over for this turn: you are at Place Treasure.", "CV-02")
    g = kc([ENTRANCE, lit(1, 0, "T01"), lit(2, 0, "T05")], collapse=True, stack=[],
           cave={"hand": ["T31"], "omens": {"trail": 1}})
    choose(g, "omen:hatred")
    pending(g, "omen_hatred")
    assert rule_check(g, Target("hand_tile", "T31")) == Reason(
        "During the Collapse, Hatred removes a tile instead of placing one.", "CV-25")


def test_COL_27_a_terrain_tile_collapses_whole_once_half_its_edges_are_exposed() -> None:
    """COL-27: a Terrain tile may collapse only once half or more of its edges face an open
    space (the Lake: 3 of 8, then 4 of 8), and then as a whole, by its top-left space."""
    cave = [ENTRANCE, lit(0, 1, "T01"), lit(3, 0, "T05"), lit(3, 1, "T10")]
    lake = [{"tile": "lake", "pos": [1, 0], "rot": 0}]
    g = solo([*cave, lit(1, -1, "T13"), lit(0, -1, "T20")], variants=["terrain"], terrain=lake, collapse=True,
             stack=[])
    choose(g, "end:")
    pending(g, "collapse_tile")
    assert rule_check(g, (2, 1)) == Reason("The Lake has 3 of its 8 edges exposed: a Terrain tile collapses only "
                                           "once half or more are.", "TR-15")
    g = solo(cave, variants=["terrain"], terrain=lake, collapse=True, stack=[])
    choose(g, "end:")
    d = pending(g, "collapse_tile")
    assert "remove:1,0" in d.ids
    assert rule_check(g, (2, 1)) == Reason("The Lake collapses as a whole: click its space at 1,0.", "TR-15")


def test_SOLO_04_COL_27_alone_a_dark_tile_goes_before_an_exposed_terrain_tile() -> None:
    """SOLO-04, COL-27/TR-15: Alone in the Dark, a Dark Cave tile of the tier goes before a
    Terrain tile that may collapse; the Lake's click says so (the old explanation, deciding
    the Collapse's order a second time, answered only "may not collapse now")."""
    cave = [ENTRANCE, lit(0, 1, "T01"), lit(3, 0, "T05"), dark(3, 1, "T10")]
    lake = [{"tile": "lake", "pos": [1, 0], "rot": 0}]
    g = solo(cave, variants=["terrain"], terrain=lake, collapse=True, stack=[])
    choose(g, "end:")
    d = pending(g, "collapse_tile")
    assert d.ids == ("remove:3,1",)
    assert rule_check(g, (1, 0)) == Reason("Alone in the Dark: among the tiles that may collapse, Dark tiles go "
                                           "before Lit tiles and Terrain: 3,1.", "SOLO-04")
