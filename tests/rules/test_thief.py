"""The Thief's own turn by checklist id (TH-*, SET-41..43, DIF-22..24): Stat tokens,
movement and actions, his actions on the other players, carrying, stashing and
upgrades, dying and the Loot Drop Level.

Other players acting on him (TH-30, 31, 33, 36/37, 51) are tested with their roles; the
Loot Drop bonus (TH-46) is checked by running his own ``kill_thief`` with each killer.
Every test builds its position with ``thief_game`` (helpers_thief) and plays it through
the public decisions; the Action die and the Dragon die show fixed faces where a roll
decides."""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, new_game
from vast_desktop.engine.roles.dragon.state import gems_in_supply, gems_on_map
from vast_desktop.engine.roles.thief import turn as th
from vast_desktop.engine.roles.thief.state import carried_treasure, stash_needed, stashed, stat, stealth

from .helpers_thief import (
    T,
    base_tiles,
    choose,
    ids,
    kind,
    run_proc,
    starting,
    supply,
    thief_game,
    to_role_turn,
    treasure_at,
)

KDT = ("knight", "dragon", "thief")
KGT = ("knight", "goblins", "thief")
FIVE_UPGRADES = ["sticky_fingers", "lock_picking_kit", "climbing_gear", "hand_crossbow", "unnatural_evasion"]


# ---------------------------------------------------------------- setup
def test_SET_41_board_at_setup_light_sides_and_loot_drop_3() -> None:
    g = new_game(Setup(roles=["knight", "thief"], seed=1))
    t = T(g)
    assert t.flipped == [False, False, False]
    assert [tok.light for tok in g.rules.thief.stat_tokens] == [2, 3, 4]
    assert t.loot_drop == 3 and t.carried == [] and stashed(g) == 0
    assert t.cubes == 0                                   # the Action cubes wait beside the board
    assert g.rules.thief.action_cubes == 5 and g.rules.thief.vault_tokens == 6


def test_SET_42_43_piece_placed_on_the_entrance_just_before_his_first_turn() -> None:
    g = new_game(Setup(roles=["knight", "thief"], seed=1))
    assert g.state.active == "knight"
    assert "thief" not in g.state.board.pieces and not T(g).placed       # not at the start of the game
    to_role_turn(g, "thief", "thief_stats")
    assert g.state.board.pieces["thief"] == g.state.board.entrance and T(g).placed


# ---------------------------------------------------------------- winning
def test_TH_01_43_stashing_the_sixth_token_wins() -> None:
    g = thief_game(thief={"upgrades": FIVE_UPGRADES, "carried": ["treasure"]})
    assert stash_needed(g) == 6 and stashed(g) == 5
    choose(g, "move:0,0")
    assert kind(g) == "thief_upgrade"
    choose(g, "upgrade:plus_movement")
    assert g.outcome is not None and g.outcome.winners == ("thief",)


def test_TH_43_the_token_that_reaches_the_goal_wins_at_once() -> None:
    """TH-43: carrying two tokens with five stashed, the first stashed wins: no upgrade is
    asked for the second."""
    g = thief_game(thief={"upgrades": FIVE_UPGRADES, "carried": ["treasure", "treasure"]})
    choose(g, "move:0,0", "upgrade:plus_movement")
    assert g.outcome is not None and g.outcome.winners == ("thief",) and stashed(g) == 6


def test_TH_43_five_stashed_is_not_yet_a_win() -> None:
    g = thief_game(thief={"upgrades": FIVE_UPGRADES[:4], "carried": ["treasure"]})
    choose(g, "move:0,0", "upgrade:plus_movement")
    assert g.outcome is None and stashed(g) == 5
    assert kind(g) == "thief_turn"


# ---------------------------------------------------------------- the turn
def test_TH_02_AMB_56_turn_ends_when_both_are_spent_and_cubes_come_off() -> None:
    g = thief_game()                                      # Movement 4, Thievery 2
    choose(g, "hide:2")
    assert T(g).cubes == 0
    assert kind(g) == "thief_turn" and "move:2,0" in ids(g)      # out of cubes: the turn goes on
    choose(g, "move:2,0", "move:3,0", "move:4,0")
    assert g.state.active == "thief" and T(g).movement_left == 1
    choose(g, "move:3,0")                                 # the last Movement, no cube left
    assert g.state.active != "thief"
    assert T(g).cubes == 0 and T(g).movement_left == 0


def test_TH_02_he_may_stop_early_and_the_cubes_come_off() -> None:
    g = thief_game()
    assert T(g).cubes == 2 and "end:" in ids(g)
    choose(g, "end:")
    assert g.state.active != "thief" and T(g).cubes == 0
    assert g.state.board.pieces["thief"] == (1, 0)


def test_TH_03_05_assign_the_three_stat_tokens_each_turn() -> None:
    g = thief_game(stats=None)
    assert kind(g) == "thief_stats"
    assert set(ids(g)) == {"assign:4-3-2", "assign:4-2-3", "assign:3-4-2", "assign:3-2-4", "assign:2-4-3",
                           "assign:2-3-4"}           # the starting tokens 2, 3 and 4, one on each stat
    choose(g, "assign:2-4-3")
    t = T(g)
    assert (stat(g, "movement"), stat(g, "stealth"), stat(g, "thievery")) == (2, 4, 3)
    assert t.cubes == 3 and t.movement_left == 2          # Action cubes equal to Thievery
    choose(g, "end:")
    assert g.state.active != "thief"
    assert stealth(g) == 4                                # the tokens stay until his next assignment


def test_TH_05_example_4_movement_3_stealth_2_thievery_gives_2_cubes() -> None:
    g = thief_game(stats="4-3-2")
    assert (T(g).movement_left, stealth(g), T(g).cubes) == (4, 3, 2)


def test_TH_04_movement_is_the_tiles_he_may_move_onto() -> None:
    g = thief_game(stats="2-4-3")
    choose(g, "move:2,0")
    assert "move:3,0" in ids(g)
    choose(g, "move:3,0")
    assert T(g).movement_left == 0
    assert not starting(g, "move:") and not starting(g, "climb:")
    assert "hide:1" in ids(g)                             # Thievery 3: his 3 cubes remain


def test_TH_06_mix_moves_and_actions_and_repeat_an_action() -> None:
    g = thief_game(stats="3-2-4")                         # 4 cubes
    choose(g, "hide:1")
    assert "move:2,0" in ids(g) and "hide:1" in ids(g)
    choose(g, "move:2,0", "hide:1", "move:3,0")
    t = T(g)
    assert t.loot_drop == 1 and t.cubes == 2 and t.movement_left == 1
    assert g.state.board.pieces["thief"] == (3, 0)


def test_TH_07_move_without_cubes_and_act_without_movement() -> None:
    g = thief_game(stats="2-3-4")
    choose(g, "move:2,0", "move:3,0")
    assert T(g).movement_left == 0 and not starting(g, "move:")
    assert {"hide:1", "hide:2", "hide:3"} <= set(ids(g))      # acting with no Movement left
    g = thief_game(stats="4-3-2")
    choose(g, "hide:2")
    assert T(g).cubes == 0 and not starting(g, "hide:")
    assert starting(g, "move:") == {"move:2,0", "move:1,1", "move:0,0"}   # moving with no cube left


def test_TH_08_lit_dark_and_occupied_tiles_but_no_wall_without_climb() -> None:
    g = thief_game(pieces={"knight": [2, 0]})
    moves = starting(g, "move:")
    assert {"move:2,0", "move:1,1", "move:0,0"} <= moves         # the Knight's tile, a Dark tile, the Entrance
    assert "move:1,-1" not in moves and "climb:1,-1" in ids(g)   # a wall: only by Climb
    choose(g, "move:1,1")
    assert g.state.board.pieces["thief"] == (1, 1)
    assert not g.state.board.tiles[(1, 1)].lit                   # entering a Dark tile reveals nothing


# ---------------------------------------------------------------- peeking
def test_TH_09_peek_ends_his_movement_and_he_may_leave_it_dark() -> None:
    g = thief_game()
    choose(g, "move:1,1")
    assert "peek:" in ids(g)
    choose(g, "peek:")
    assert kind(g) == "thief_reveal" and set(ids(g)) == {"reveal:", "keep:"}
    choose(g, "keep:")
    assert not g.state.board.tiles[(1, 1)].lit
    assert kind(g) == "thief_turn"
    assert not starting(g, "move:") and not starting(g, "climb:") and "peek:" not in ids(g)
    assert "hide:1" in ids(g)                              # his actions remain


def test_TH_09_AMB_08_he_reveals_it_oriented_as_he_chooses_among_the_legal_ways() -> None:
    tiles = [t for t in base_tiles() if t["pos"] != [1, 1]] + [{"pos": [1, 1], "tile": "T07", "lit": False}]
    g = thief_game(tiles=tiles)                             # T07: a corner (walls N and E)
    choose(g, "move:1,1", "peek:", "reveal:")
    assert g.pending is not None and g.pending.role == "thief" and kind(g) == "orient_tile"
    assert set(ids(g)) == {"rot:1", "rot:2"}                # his choice, but open towards the Entrance's side
    choose(g, "rot:2")
    assert g.state.board.tiles[(1, 1)].lit and g.state.board.tiles[(1, 1)].rot == 2
    while kind(g) != "thief_turn":
        choose(g, ids(g)[0])
    assert g.state.board.pieces["thief"] == (1, 1) and not starting(g, "move:")


def test_TH_09_no_peek_on_a_lit_tile() -> None:
    g = thief_game()
    assert "peek:" not in ids(g)
    choose(g, "move:1,1")
    assert "peek:" in ids(g)


def test_TH_09_MAP_33_a_revealed_ambush_attacks_nobody_then_or_later() -> None:
    g = thief_game(roles=KGT, pieces={"knight": [1, 0]}, goblins={"population": {"fangs": 3, "bones": 3, "eye": 3}})
    choose(g, "move:1,1", "peek:", "reveal:")
    while kind(g) == "orient_tile":
        choose(g, ids(g)[0])
    assert g.state.board.tiles[(1, 1)].lit and g.tile(g.state.board.tiles[(1, 1)].tile_id).type == "ambush"
    assert kind(g) == "thief_turn" and g.state.active == "thief"        # no Goblin attack on him
    assert g.state.board.pieces["thief"] == (1, 1) and not T(g).dead
    choose(g, "end:")
    to_role_turn(g, "knight", "knight_turn")
    assert g.state.knight is not None
    health, seen = g.state.knight.health, len(g.events)
    choose(g, "move:1,1")
    assert g.pending is not None and g.pending.role == "knight" and kind(g) == "knight_turn"
    assert g.state.board.pieces["knight"] == (1, 1)
    assert not any(e.kind.startswith("ambush") for e in g.events[seen:])
    assert g.state.knight.health == health


# ---------------------------------------------------------------- targeting
def test_TH_10_11_each_piece_once_per_turn() -> None:
    g = thief_game(roles=KGT, stats="2-4-3", pieces={"knight": [1, 0], "tribe:fangs": [1, 0], "tribe:bones": [1, 0]},
                   knight={"treasures": ["javelin"]}, goblins={"hand": ["hex", "trap"]})
    assert {"backstab:knight:1", "pickpocket:knight:1", "backstab:tribe:fangs:1", "backstab:tribe:bones:1"} <= set(ids(g))
    choose(g, "backstab:knight:1")
    assert not starting(g, "backstab:knight") and not starting(g, "pickpocket:knight")
    assert "backstab:tribe:fangs:1" in ids(g)
    choose(g, "backstab:tribe:fangs:1")
    assert not starting(g, "backstab:tribe:fangs") and not starting(g, "pickpocket:tribe:fangs")
    assert "backstab:tribe:bones:1" in ids(g)              # AMB-38: each Tribe is its own piece


def test_TH_10_32_34_stealth_must_beat_the_knights_perception() -> None:
    g = thief_game(stats="4-3-2", knight={"treasures": ["javelin"], "track": {"perception": 2}})   # Perception 3
    assert stealth(g) == 3
    assert not starting(g, "backstab:knight") and not starting(g, "pickpocket:knight")
    g = thief_game(stats="3-4-2", knight={"treasures": ["javelin"], "track": {"perception": 2}})
    assert stealth(g) == 4
    assert "backstab:knight:1" in ids(g) and "pickpocket:knight:1" in ids(g)


def test_TH_34_knight_perception_starts_at_1() -> None:
    g = thief_game(stats="4-2-3", knight={"treasures": ["javelin"]})
    assert th.perception_of(g, "knight") == 1 and stealth(g) == 2
    assert "backstab:knight:1" in ids(g)
    g = thief_game(stats="4-2-3", knight={"treasures": ["javelin"], "track": {"perception": 1}})
    assert th.perception_of(g, "knight") == 2
    assert not starting(g, "backstab:knight")


def test_TH_32_34_a_tribes_perception_is_population_plus_1() -> None:
    pieces = {"knight": [0, 0], "tribe:fangs": [1, 0]}
    g = thief_game(roles=KGT, stats="4-3-2", pieces=pieces, goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    assert th.perception_of(g, "tribe:fangs") == 3
    assert not starting(g, "backstab:tribe:fangs")
    g = thief_game(roles=KGT, stats="3-4-2", pieces=pieces, goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    assert "backstab:tribe:fangs:1" in ids(g)


def test_TH_32_against_the_dragon_stealth_must_beat_his_armor() -> None:
    pieces = {"knight": [0, 0], "dragon": [1, 0]}
    g = thief_game(roles=KDT, stats="4-3-2", pieces=pieces, dragon={"wakefulness": 8, "hand": ["power_claw#1"]})
    assert th.perception_of(g, "dragon") == 3                # Armor 3 at 8 Wakefulness
    assert not starting(g, "backstab:dragon") and not starting(g, "pickpocket:dragon")
    g = thief_game(roles=KDT, stats="3-4-2", pieces=pieces, dragon={"wakefulness": 8, "hand": ["power_claw#1"],
                                                                   "sloth": {"greed": 3}})
    assert "backstab:dragon:1" in ids(g) and "pickpocket:dragon:1" in ids(g)


def test_TH_35_stealth_at_or_below_zero_does_not_harm_him() -> None:
    g = thief_game(stats="4-2-3", thief={"carried": ["treasure", "treasure", "treasure"]})
    assert stealth(g) == -1
    assert not T(g).dead and g.state.board.pieces["thief"] == (1, 0)
    assert "move:2,0" in ids(g) and "hide:1" in ids(g)
    choose(g, "move:2,0")
    assert g.state.board.pieces["thief"] == (2, 0) and len(T(g).carried) == 3


# ---------------------------------------------------------------- Treasure supply
def test_TH_12_supply_empty_take_a_treasure_token_from_the_map() -> None:
    g = thief_game(stats="3-2-4", knight={"treasures": ["javelin"]}, supply={"treasure": 0},
                   tokens={"3,0": {"treasure": 1}, "0,-1": {"treasure": 1}})
    choose(g, "pickpocket:knight:3")                       # sure to succeed
    assert kind(g) == "thief_take_treasure"
    assert set(ids(g)) == {"take:3,0", "take:0,-1"}
    choose(g, "take:3,0")
    assert treasure_at(g, (3, 0)) == 0 and treasure_at(g, (0, -1)) == 1
    assert T(g).carried == ["treasure"] and supply(g) == 0


def test_TH_12_no_treasure_anywhere_gives_nothing() -> None:
    g = thief_game(stats="3-2-4", knight={"treasures": ["javelin"]}, supply={"treasure": 0}, tokens={})
    choose(g, "pickpocket:knight:3", "card:random")
    assert kind(g) == "thief_turn" and T(g).carried == []
    assert "javelin" not in g.state.knight.treasures      # the Knight is still harmed


# ---------------------------------------------------------------- Loot
def test_TH_13_loot_a_treasure_token_for_1_cube() -> None:
    g = thief_game(tokens={"1,0": {"treasure": 2}})
    assert "loot:treasure" in ids(g)
    choose(g, "loot:treasure")
    assert T(g).carried == ["treasure"] and T(g).cubes == 1 and treasure_at(g, (1, 0)) == 1
    choose(g, "loot:treasure")
    assert T(g).carried == ["treasure", "treasure"] and T(g).cubes == 0 and treasure_at(g, (1, 0)) == 0
    assert "loot:treasure" not in ids(g)


def test_TH_13_DR_56_a_gem_for_1_cube_rolls_the_dragon_die_centre_kills() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [0, 0], "dragon": [4, 0]}, tokens={"1,0": {"gem_claw": 1}},
                   dragon={"hand": ["power_flame#1"]})
    left = g.script_dice("dragon", 6, then="fail").left    # the centre only
    hand = list(g.state.dragon.hand)
    choose(g, "loot:gem_claw:1")
    assert not left
    assert T(g).dead and "thief" not in g.state.board.pieces
    assert g.state.board.tokens_at((1, 0))["gem_claw"] == 1   # the Gem stays where it was
    assert g.state.dragon.hand == hand                        # a trap: no Loot Drop bonus for anyone
    assert kind(g) != "thief_turn"                            # his turn is over


def test_TH_13_a_gem_for_1_cube_off_centre_is_taken() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [0, 0], "dragon": [4, 0]}, tokens={"1,0": {"gem_claw": 1}})
    left = g.script_dice("dragon", 2, then="fail").left    # the four sides, not the centre
    choose(g, "loot:gem_claw:1")
    assert not left
    assert not T(g).dead and T(g).carried == ["gem_claw"] and T(g).cubes == 1
    assert g.state.board.tokens_at((1, 0))["gem_claw"] == 0


def test_TH_14_a_gem_for_2_cubes_needs_no_roll() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [0, 0], "dragon": [4, 0]}, tokens={"1,0": {"gem_claw": 1}})
    g.script_dice("dragon", then="fail")                   # any roll fails the test
    assert {"loot:gem_claw:1", "loot:gem_claw:2"} <= set(ids(g))
    choose(g, "loot:gem_claw:2")
    assert T(g).carried == ["gem_claw"] and T(g).cubes == 0
    assert not any(e.kind == "die_roll" for e in g.events)


# ---------------------------------------------------------------- Climb
def test_TH_15_climb_a_wall_for_2_cubes_and_1_movement() -> None:
    g = thief_game()
    assert "move:1,-1" not in ids(g) and "climb:1,-1" in ids(g)
    choose(g, "climb:1,-1")
    t = T(g)
    assert g.state.board.pieces["thief"] == (1, -1) and t.cubes == 0 and t.movement_left == 3


def test_TH_15_52_climb_needs_its_cubes_climbing_gear_saves_one() -> None:
    g = thief_game()
    choose(g, "hide:1")                                    # 1 cube left
    assert "climb:1,-1" not in ids(g)
    g = thief_game(thief={"upgrades": ["climbing_gear"]})
    choose(g, "hide:1")
    assert "climb:1,-1" in ids(g)
    choose(g, "climb:1,-1")
    assert g.state.board.pieces["thief"] == (1, -1) and T(g).cubes == 0 and T(g).movement_left == 3


def test_TH_15_climb_still_spends_movement() -> None:
    g = thief_game(stats="2-3-4")
    choose(g, "move:2,0", "move:1,0")
    assert T(g).movement_left == 0 and T(g).cubes == 4
    assert "climb:1,-1" not in ids(g)


# ---------------------------------------------------------------- Pickpocket
def _pp_game(stats: str = "3-2-4", **kw: Any) -> Game:
    knight = {"treasures": ["javelin", "elven_sword"], "face_up": ["elven_sword"]}
    knight.update(kw.pop("knight", {}))
    return thief_game(stats=stats, knight=knight, **kw)


@pytest.mark.parametrize(("level", "face", "ok"), [(1, 3, False), (1, 4, True), (2, 1, False), (2, 2, True)])
def test_TH_16_pickpocket_rolls(level: int, face: int, ok: bool) -> None:
    g = _pp_game()
    left = g.script_dice("action", face, then="fail").left
    before = supply(g)
    choose(g, f"pickpocket:knight:{level}")
    assert not left
    assert T(g).cubes == 4 - level
    if ok:
        assert kind(g) == "thief_pickpocket_card"
        choose(g, "card:elven_sword")
        assert T(g).carried == ["treasure"] and supply(g) == before - 1
    else:
        assert kind(g) == "thief_turn" and T(g).carried == [] and supply(g) == before
        assert len(g.state.knight.treasures) == 2
        assert not starting(g, "pickpocket:knight")        # the try used up his one target


def test_TH_16_three_cubes_succeed_without_a_roll() -> None:
    g = _pp_game()
    g.script_dice("action", then="fail")                   # any roll fails the test
    assert {"pickpocket:knight:1", "pickpocket:knight:2", "pickpocket:knight:3"} <= set(ids(g))
    choose(g, "pickpocket:knight:3", "card:elven_sword")
    assert T(g).carried == ["treasure"] and T(g).cubes == 1


def test_TH_16_52_sticky_fingers_rerolls_once_per_turn() -> None:
    g = _pp_game(stats="2-3-4", roles=KGT, thief={"upgrades": ["sticky_fingers"]},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 0]}, goblins={"hand": ["hex"]})
    left = g.script_dice("action", 3, 5, 1, then="fail").left
    choose(g, "pickpocket:knight:1")
    assert kind(g) == "thief_sticky" and set(ids(g)) == {"reroll:", "keep:"}
    choose(g, "reroll:")
    assert kind(g) == "thief_pickpocket_card"
    choose(g, "card:elven_sword")
    assert T(g).carried == ["treasure"]
    choose(g, "pickpocket:tribe:fangs:1")                  # rolls 1: no second reroll this turn
    assert not left
    assert kind(g) == "thief_turn" and T(g).carried == ["treasure"]


def test_TH_16_no_reroll_without_sticky_fingers() -> None:
    g = _pp_game()
    left = g.script_dice("action", 3, then="fail").left
    choose(g, "pickpocket:knight:1")
    assert not left and kind(g) == "thief_turn" and T(g).carried == []


def test_TH_17_18_22_AMB_21_pickpocket_the_knight_revealed_or_random_card() -> None:
    g = _pp_game(treasure_deck=["potion_kit"])
    before = supply(g)
    choose(g, "pickpocket:knight:3")
    assert kind(g) == "thief_pickpocket_card"
    assert set(ids(g)) == {"card:elven_sword", "card:random"}     # the revealed one, or a random facedown one
    choose(g, "card:random")
    k = g.state.knight
    assert k.treasures == ["elven_sword"] and g.state.treasure_deck == ["potion_kit", "javelin"]   # to the bottom
    assert T(g).carried == ["treasure"] and supply(g) == before - 1                              # TH-17


def test_TH_18_a_knight_with_no_treasure_cannot_be_pickpocketed() -> None:
    g = thief_game(knight={"treasures": []})
    assert not starting(g, "pickpocket:knight") and "backstab:knight:1" in ids(g)
    g = thief_game(knight={"treasures": ["javelin"]})
    assert "pickpocket:knight:1" in ids(g)


def test_TH_29_example_2_cube_pickpocket_sends_the_facedown_javelin_to_the_bottom() -> None:
    g = thief_game(knight={"treasures": ["javelin"]}, treasure_deck=["potion_kit", "rune_staff"])
    left = g.script_dice("action", 6, then="fail").left
    before = supply(g)
    choose(g, "pickpocket:knight:2")
    assert not left
    assert ids(g) == ("card:random",)
    choose(g, "card:random")
    assert g.state.knight.treasures == [] and g.state.treasure_deck[-1] == "javelin"
    assert T(g).carried == ["treasure"] and supply(g) == before - 1


def _tribe_game(hand: list[str], face_up: list[str]) -> Game:
    return thief_game(roles=KGT, stats="2-3-4", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]},
                      goblins={"hand": hand, "face_up": face_up, "population": {"fangs": 1, "bones": 0, "eye": 0}})


def test_TH_19_20_22_AMB_22_pickpocket_a_tribe_the_card_is_discarded() -> None:
    g = _tribe_game(["hex"], ["armory"])
    before, rage = supply(g), g.state.goblins.rage
    choose(g, "pickpocket:tribe:fangs:3")
    assert ids(g) == ("card:random",)                      # a face-up card other than the Ruby: never
    choose(g, "card:random")
    s = g.state.goblins
    assert s.hand == [] and "hex" in s.secrets_discard and s.face_up == ["armory"]
    assert T(g).carried == ["treasure"] and supply(g) == before - 1     # a Treasure token, not the card
    assert s.rage == rage + 1                              # GEN-07: an attack


def test_TH_19_the_face_up_goblin_ruby_may_be_taken() -> None:
    g = _tribe_game(["hex"], ["goblin_ruby", "armory"])
    choose(g, "pickpocket:tribe:fangs:3")
    assert set(ids(g)) == {"card:goblin_ruby", "card:random"}
    choose(g, "card:goblin_ruby")
    s = g.state.goblins
    assert s.face_up == ["armory"] and s.hand == ["hex"] and "goblin_ruby" in s.secrets_discard


def test_TH_19_goblins_with_nothing_takeable_cannot_be_pickpocketed() -> None:
    g = _tribe_game([], ["armory", "meat"])
    assert not starting(g, "pickpocket:tribe:fangs") and "backstab:tribe:fangs:1" in ids(g)
    g = _tribe_game([], ["goblin_ruby"])
    assert "pickpocket:tribe:fangs:1" in ids(g)


def test_TH_21_pickpocket_the_dragon_moves_a_cube_back_to_greed() -> None:
    pieces = {"knight": [0, 0], "dragon": [1, 0]}
    g = thief_game(roles=KDT, stats="3-2-4", pieces=pieces, dragon={"wakefulness": 3, "sloth": {"greed": 3}})
    before = supply(g)
    choose(g, "pickpocket:dragon:3")
    d = g.state.dragon
    assert d.wakefulness == 2 and d.sloth["greed"] == 4
    assert T(g).carried == ["treasure"] and supply(g) == before - 1


def test_TH_21_no_room_on_greed_the_dragon_cannot_be_pickpocketed() -> None:
    pieces = {"knight": [0, 0], "dragon": [1, 0]}
    g = thief_game(roles=KDT, stats="3-2-4", pieces=pieces, dragon={"wakefulness": 3, "sloth": {"greed": 4}})
    assert not starting(g, "pickpocket:dragon") and "backstab:dragon:1" in ids(g)


# ---------------------------------------------------------------- Pick Lock
def test_TH_23_pick_lock_levels_and_success() -> None:
    g = thief_game(stats="3-2-4", tokens={"1,0": {"vault": 1}})
    assert starting(g, "picklock:") == {"picklock:1", "picklock:2", "picklock:3"}
    before = supply(g)
    left = g.script_dice("action", 4, then="fail").left
    choose(g, "picklock:1")
    assert not left
    assert g.state.board.tokens_at((1, 0))["vault"] == 0
    assert T(g).carried == ["treasure"] and supply(g) == before - 1 and T(g).cubes == 3


@pytest.mark.parametrize(("level", "face"), [(1, 3), (2, 1)])
def test_TH_23_a_failed_pick_lock_and_each_vault_once_per_turn(level: int, face: int) -> None:
    g = thief_game(stats="3-2-4", tokens={"1,0": {"vault": 1}, "2,0": {"vault": 1}})
    left = g.script_dice("action", face, then="fail").left
    choose(g, f"picklock:{level}")
    assert not left
    assert g.state.board.tokens_at((1, 0))["vault"] == 1 and T(g).carried == []
    assert not starting(g, "picklock:")                    # not this Vault again this turn
    choose(g, "move:2,0")
    assert "picklock:1" in ids(g)                          # another Vault may be tried


def test_TH_23_three_cubes_open_it_without_a_roll() -> None:
    g = thief_game(stats="3-2-4", tokens={"1,0": {"vault": 1}})
    g.script_dice("action", then="fail")
    choose(g, "picklock:3")
    assert g.state.board.tokens_at((1, 0))["vault"] == 0 and T(g).carried == ["treasure"] and T(g).cubes == 1


def test_TH_23_52_lock_picking_kit_saves_a_cube_but_no_try_is_free() -> None:
    """The Kit: "costs 1 fewer Action cube"; but "Each action costs one or more Action
    cubes", so 1 cube buys the 2+ try and 2 cubes the sure one; the 4+ try is not free."""
    g = thief_game(stats="4-3-2", thief={"upgrades": ["lock_picking_kit"]}, tokens={"1,0": {"vault": 1}})
    assert starting(g, "picklock:") == {"picklock:2", "picklock:3"}
    g.script_dice("action", then="fail")
    choose(g, "picklock:3")                                # sure to succeed for 2 cubes
    assert T(g).cubes == 0 and T(g).carried == ["treasure"]
    g = thief_game(stats="4-3-2", thief={"upgrades": ["lock_picking_kit"]}, tokens={"1,0": {"vault": 1}})
    choose(g, "hide:2")
    assert T(g).cubes == 0 and not starting(g, "picklock:")   # no cube, no Pick Lock
    g = thief_game(stats="4-3-2", tokens={"1,0": {"vault": 1}})
    assert starting(g, "picklock:") == {"picklock:1", "picklock:2"}   # without the Kit 3 cubes are out of reach


def test_TH_52_sticky_fingers_does_not_reroll_pick_lock() -> None:
    g = thief_game(stats="3-2-4", thief={"upgrades": ["sticky_fingers"]}, tokens={"1,0": {"vault": 1}})
    left = g.script_dice("action", 1, then="fail").left
    choose(g, "picklock:1")
    assert not left and kind(g) == "thief_turn"
    assert g.state.board.tokens_at((1, 0))["vault"] == 1


# ---------------------------------------------------------------- Backstab
@pytest.mark.parametrize(("level", "grit"), [(1, 9), (2, 7), (3, 5)])
def test_TH_24_25_backstab_the_knight(level: int, grit: int) -> None:
    g = thief_game(stats="3-2-4", knight={"grit": 10})
    assert {"backstab:knight:1", "backstab:knight:2", "backstab:knight:3"} <= set(ids(g))
    choose(g, f"backstab:knight:{level}")
    assert g.state.knight.grit == grit and T(g).cubes == 4 - level
    assert T(g).carried == []                              # a Backstab steals nothing


@pytest.mark.parametrize("level", [1, 2, 3])
def test_TH_25_backstab_a_tribe(level: int) -> None:
    g = thief_game(roles=KGT, stats="2-4-3", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]},
                   thief={"upgrades": ["plus_stealth", "plus_thievery"]},
                   goblins={"rage": 1, "population": {"fangs": 3, "bones": 0, "eye": 0}})
    assert stealth(g) == 5 and T(g).cubes == 4                # Stealth 5 beats Perception 4
    choose(g, f"backstab:tribe:fangs:{level}")
    lost = [e.public for e in g.events if e.kind == "population"]
    assert lost and f"loses {level} Population (the Thief's Backstab)" in lost[0]
    s = g.state.goblins
    assert s.population["fangs"] == max(0, 3 - level - 2)      # GB-68/69: attacked, it scatters (−2 more)
    assert s.rage == 2 and "tribe:fangs" not in g.state.board.pieces


@pytest.mark.parametrize("level", [1, 2, 3])
def test_TH_25_backstab_the_dragon_discards_power_cards(level: int) -> None:
    hand = ["power_claw#1", "power_claw#2", "power_claw#3", "power_claw#4"]
    g = thief_game(roles=KDT, stats="3-2-4", pieces={"knight": [0, 0], "dragon": [1, 0]}, dragon={"hand": hand})
    choose(g, f"backstab:dragon:{level}")
    d = g.state.dragon
    assert len(d.hand) == 4 - level and len(d.discard) == level


# ---------------------------------------------------------------- Hand Crossbow
def test_TH_26_27_hand_crossbow_three_spaces_in_a_cardinal_line() -> None:
    up = {"upgrades": ["hand_crossbow"]}
    g = thief_game(thief=up, pieces={"knight": [4, 0]})           # 3 spaces east, in sight
    assert "backstab:knight:1" in ids(g) and not starting(g, "pickpocket:knight")
    g = thief_game(pieces={"knight": [4, 0]})                      # no Crossbow: only his own space
    assert not starting(g, "backstab:knight")
    g = thief_game(thief=up, at=(0, 0), pieces={"knight": [4, 0]})  # 4 spaces: too far
    assert not starting(g, "backstab:knight")
    g = thief_game(thief=up, pieces={"knight": [0, -1]})           # diagonal: never (TH-27)
    assert not starting(g, "backstab:knight")
    g = thief_game(thief=up, pieces={"knight": [1, -1]})           # behind a wall: not visible
    assert not starting(g, "backstab:knight")
    g = thief_game(thief=up, pieces={"knight": [4, 0]}, knight={"grit": 10})
    choose(g, "backstab:knight:2")
    assert g.state.knight.grit == 7 and not starting(g, "backstab:knight")


# ---------------------------------------------------------------- Hide Loot
def test_TH_28_hide_loot_lowers_the_level_by_the_cubes_spent_not_below_0() -> None:
    g = thief_game(stats="3-2-4")
    assert starting(g, "hide:") == {"hide:1", "hide:2", "hide:3"}      # 4 cubes, but only 3 levels to go
    choose(g, "hide:2")
    assert T(g).loot_drop == 1 and T(g).cubes == 2
    assert starting(g, "hide:") == {"hide:1"}
    choose(g, "hide:1")
    assert T(g).loot_drop == 0 and not starting(g, "hide:")


# ---------------------------------------------------------------- carrying and stashing
def test_TH_38_carried_tokens_lower_stealth() -> None:
    g = thief_game(stats="3-4-2", tokens={"1,0": {"treasure": 2}})
    assert stealth(g) == 4
    choose(g, "loot:treasure")
    assert T(g).carried == ["treasure"] and stealth(g) == 3
    choose(g, "loot:treasure")
    assert stealth(g) == 2 and stat(g, "stealth") == 4


def test_TH_39_41_56_entering_the_entrance_stashes_everything_carried() -> None:
    g = thief_game(thief={"carried": ["treasure", "treasure"], "loot_drop": 1})
    choose(g, "move:0,0")
    assert kind(g) == "thief_upgrade" and "skip:" not in ids(g)      # it must go on an upgrade
    choose(g, "upgrade:sticky_fingers")                               # TH-56: on Sticky Fingers
    assert kind(g) == "thief_upgrade" and "upgrade:sticky_fingers" not in ids(g)
    choose(g, "upgrade:plus_stealth")
    t = T(g)
    assert t.carried == [] and t.upgrades == ["sticky_fingers", "plus_stealth"] and stashed(g) == 2
    assert t.loot_drop == 3                                # TH-41/48: reset on stashing
    assert kind(g) == "thief_turn"


def test_TH_39_DR_39_a_flame_wall_on_the_entrance_kills_him_before_he_stashes() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, tokens={"0,0": {"flamewall": 1}},
                   thief={"carried": ["treasure", "gem_wing"]})
    choose(g, "move:0,0")
    t = T(g)
    assert t.dead and "thief" not in g.state.board.pieces and stashed(g) == 0
    toks = g.state.board.tokens_at((0, 0))
    assert toks["treasure"] == 1 and toks["gem_wing"] == 1     # dropped on the Entrance
    assert kind(g) != "thief_turn"


def test_TH_39_no_stash_elsewhere() -> None:
    g = thief_game(thief={"carried": ["treasure"]})
    choose(g, "move:2,0")
    assert kind(g) == "thief_turn" and T(g).carried == ["treasure"] and stashed(g) == 0


def test_TH_40_a_stashed_gem_returns_to_the_dragon_and_a_supply_treasure_is_stashed() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, thief={"carried": ["gem_claw"]})
    assert "claw" not in gems_in_supply(g) and gems_on_map(g)["claw"] == (1, 0)      # TH-44
    before = supply(g)
    choose(g, "move:0,0")
    assert kind(g) == "thief_upgrade"
    choose(g, "upgrade:plus_movement")
    assert "claw" in gems_in_supply(g) and "claw" not in gems_on_map(g)
    assert supply(g) == before - 1 and stashed(g) == 1 and T(g).carried == []
    assert g.state.board.tokens_at((0, 0))["gem_claw"] == 0


def test_TH_12_40_stashing_a_gem_with_the_supply_empty_takes_a_map_token() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, thief={"carried": ["gem_claw"]},
                   supply={"treasure": 0}, tokens={"3,0": {"treasure": 1}})
    choose(g, "move:0,0")
    assert ids(g) == ("take:3,0",)
    choose(g, "take:3,0", "upgrade:plus_movement")
    assert treasure_at(g, (3, 0)) == 0 and stashed(g) == 1 and "claw" in gems_in_supply(g)


def test_TH_42_a_stashed_token_stays_and_cannot_be_moved() -> None:
    g = thief_game(thief={"carried": ["treasure"], "upgrades": ["sticky_fingers"]})
    assert supply(g) == 12 - g.state.board.count_tokens("treasure") - 2   # stashed and carried: out of the supply
    choose(g, "move:0,0")
    assert "upgrade:sticky_fingers" not in ids(g) and "upgrade:lock_picking_kit" in ids(g)
    choose(g, "upgrade:lock_picking_kit")
    assert T(g).upgrades == ["sticky_fingers", "lock_picking_kit"]


def test_TH_42_45_dying_loses_carried_tokens_but_not_stashed_ones() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, tokens={"1,0": {"gem_flame": 1}},
                   thief={"carried": ["treasure", "treasure", "gem_claw"], "upgrades": ["sticky_fingers"]})
    g.script_dice("dragon", 3, then="fail")                # the plus: the centre is hit
    choose(g, "loot:gem_flame:1")
    t = T(g)
    assert t.dead and t.carried == [] and t.upgrades == ["sticky_fingers"] and stashed(g) == 1
    toks = g.state.board.tokens_at((1, 0))
    assert toks["treasure"] == 2 and toks["gem_claw"] == 1 and toks["gem_flame"] == 1     # all dropped on his tile
    assert "thief" not in g.state.board.pieces and not t.placed                        # his piece back on his board
    assert gems_on_map(g)["claw"] == (1, 0)


def test_TH_44_carried_tokens_still_count_as_on_the_map() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]},
                   thief={"carried": ["treasure", "treasure", "gem_wing"]})
    assert carried_treasure(g) == 2 and g.config.carried_treasure(g) == 2      # the Cave's Omens
    assert gems_on_map(g)["wing"] == (1, 0) and "wing" not in gems_in_supply(g)   # the Dragon's symbols
    choose(g, "move:0,0")
    while kind(g) == "thief_upgrade":
        choose(g, ids(g)[0])
    assert carried_treasure(g) == 0 and "wing" in gems_in_supply(g)


def test_TH_45_dropped_tokens_can_be_looted_again() -> None:
    g = thief_game(at=None, thief={"dead": True, "loot_drop": 1}, pieces={"knight": [2, 0]},
                   tokens={"1,0": {"treasure": 2}})
    assert g.state.board.pieces["thief"] == (0, 0)
    choose(g, "move:1,0")
    assert "loot:treasure" in ids(g)
    choose(g, "loot:treasure")
    assert T(g).carried == ["treasure"] and T(g).loot_drop == 1


# ---------------------------------------------------------------- dying
@pytest.mark.parametrize(("level", "grit"), [(3, 3), (2, 2), (1, 1), (0, 0)])
def test_TH_46_KN_60_the_knight_killer_gains_grit_by_the_loot_drop_level(level: int, grit: int) -> None:
    g = thief_game(thief={"loot_drop": level, "carried": ["treasure"]}, knight={"grit": 0})
    run_proc(g, th.kill_thief(g, "knight", "a test attack"))
    assert kind(g) == "done"
    assert g.state.knight.grit == grit and T(g).dead and treasure_at(g, (1, 0)) == 1
    assert T(g).loot_drop == level                         # TH-49: death does not change it


@pytest.mark.parametrize("bonus", ["secrets", "rage"])
def test_TH_46_GB_94_the_goblins_draw_secrets_or_gain_rage(bonus: str) -> None:
    g = thief_game(roles=KGT, thief={"loot_drop": 2}, goblins={"rage": 0, "hand": [],
                                                               "secrets_deck": ["hex", "trap", "poison", "leader"]})
    run_proc(g, th.kill_thief(g, "goblins", "a test attack"))
    assert kind(g) == "thief_bonus" and set(ids(g)) == {"bonus:secrets", "bonus:rage"}
    choose(g, f"bonus:{bonus}")
    while kind(g) != "done":
        choose(g, ids(g)[0])
    s = g.state.goblins
    if bonus == "rage":
        assert s.rage == 2 and s.hand == []
    else:
        assert s.rage == 0 and len(s.hand) == 2


def test_TH_46_DR_46_the_dragon_draws_power_cards_level_0_gives_nothing() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, thief={"loot_drop": 3}, dragon={"hand": []})
    run_proc(g, th.kill_thief(g, "dragon", "a test attack"))
    assert len(g.state.dragon.hand) == 3
    g = thief_game(roles=KGT, thief={"loot_drop": 0}, goblins={"rage": 0, "hand": []})
    run_proc(g, th.kill_thief(g, "goblins", "a test attack"))
    assert kind(g) == "done" and g.state.goblins.rage == 0 and g.state.goblins.hand == []   # Level 0: no bonus


def test_TH_47_back_on_the_entrance_at_the_start_of_his_turn_after_dying() -> None:
    g = thief_game(at=None, thief={"dead": True}, pieces={"knight": [2, 0]}, stats=None)
    assert g.state.board.pieces["thief"] == (0, 0) and T(g).placed and not T(g).dead
    assert kind(g) == "thief_stats"


def test_TH_48_49_loot_drop_resets_only_on_stashing() -> None:
    g = thief_game(roles=KDT, pieces={"knight": [2, 0], "dragon": [4, 0]}, thief={"loot_drop": 1},
                   tokens={"1,0": {"treasure": 1, "gem_claw": 1}})
    choose(g, "loot:treasure")
    assert T(g).loot_drop == 1                             # picking up never resets it
    g.script_dice("dragon", 6, then="fail")
    choose(g, "loot:gem_claw:1")
    assert T(g).dead and T(g).loot_drop == 1               # nor does dying
    g = thief_game(thief={"loot_drop": 0, "carried": ["treasure"]})
    choose(g, "move:0,0", "upgrade:plus_thievery")
    assert T(g).loot_drop == 3                             # stashing does


# ---------------------------------------------------------------- upgrades
def test_TH_50_stat_upgrades_work_at_once_this_turn() -> None:
    g = thief_game(stats="4-3-2", thief={"carried": ["treasure", "treasure", "treasure"]})
    choose(g, "move:0,0")
    assert T(g).cubes == 2 and T(g).movement_left == 3
    choose(g, "upgrade:plus_thievery")
    assert T(g).cubes == 3
    choose(g, "upgrade:plus_movement")
    assert T(g).movement_left == 4
    choose(g, "upgrade:flip_2_to_3")                       # the "2" token, on Thievery, now shows 3
    assert T(g).cubes == 4 and stat(g, "thievery") == 4
    assert kind(g) == "thief_turn" and "hide:3" in ids(g)


def test_TH_50_52_the_hand_crossbow_works_the_turn_it_is_taken() -> None:
    g = thief_game(at=(-1, 0), thief={"carried": ["treasure"]}, pieces={"knight": [3, 0]})
    choose(g, "move:0,0")
    assert kind(g) == "thief_upgrade"
    choose(g, "upgrade:hand_crossbow")
    assert "backstab:knight:1" in ids(g)                    # 3 spaces east of the Entrance


def test_TH_53_stat_boosts_add_one_up_to_five() -> None:
    g = thief_game(stats="4-3-2", thief={"upgrades": ["plus_movement", "plus_stealth", "plus_thievery"]})
    assert (stat(g, "movement"), stat(g, "stealth"), stat(g, "thievery")) == (5, 4, 3)
    assert T(g).movement_left == 5 and T(g).cubes == 3
    g = thief_game(stats=None, thief={"upgrades": ["flip_2_to_3", "flip_3_to_4", "flip_all_4", "plus_stealth"],
                                      "flipped": [True, True, False]})
    assert stat(g, "stealth") == 5 and stat(g, "movement") == 4 and g.rules.thief.stat_max == 5


def test_TH_54_flip_upgrades_left_to_right() -> None:
    g = thief_game(thief={"carried": ["treasure", "treasure", "treasure"]})
    choose(g, "move:0,0")
    assert "upgrade:flip_2_to_3" in ids(g)
    assert "upgrade:flip_3_to_4" not in ids(g) and "upgrade:flip_all_4" not in ids(g)
    choose(g, "upgrade:flip_2_to_3")
    assert T(g).flipped == [True, False, False]
    assert "upgrade:flip_3_to_4" in ids(g) and "upgrade:flip_all_4" not in ids(g)
    choose(g, "upgrade:flip_3_to_4")
    assert T(g).flipped == [True, True, False]
    assert "upgrade:flip_all_4" in ids(g)
    choose(g, "upgrade:flip_all_4")
    assert (stat(g, "movement"), stat(g, "stealth"), stat(g, "thievery")) == (4, 4, 4)


def test_TH_54_flipped_tokens_change_the_assignment_choices() -> None:
    g = thief_game(stats=None, thief={"upgrades": ["flip_2_to_3"], "flipped": [True, False, False]})
    assert set(ids(g)) == {"assign:4-3-3", "assign:3-4-3", "assign:3-3-4"}    # tokens 3, 3 and 4
    g = thief_game(stats=None, thief={"upgrades": ["flip_2_to_3", "flip_3_to_4"], "flipped": [True, True, False]})
    assert set(ids(g)) == {"assign:4-4-3", "assign:4-3-4", "assign:3-4-4"}    # tokens 3, 4 and 4
    g = thief_game(stats=None, thief={"upgrades": ["flip_2_to_3", "flip_3_to_4", "flip_all_4"],
                                      "flipped": [True, True, False]})
    assert kind(g) == "thief_turn"                         # ALL 4: nothing to assign
    assert T(g).movement_left == 4 and T(g).cubes == 4 and stealth(g) == 4


def test_TH_55_57_eleven_upgrade_spaces_including_unnatural_evasion() -> None:
    ups = [u.id for u in thief_game().rules.thief.upgrades]
    assert len(ups) == 11
    assert set(ups) == {"sticky_fingers", "lock_picking_kit", "climbing_gear", "hand_crossbow", "unnatural_evasion",
                          "plus_movement", "plus_stealth", "plus_thievery", "flip_2_to_3", "flip_3_to_4", "flip_all_4"}
    g = thief_game(thief={"carried": ["treasure"]})
    assert stash_needed(g) == 6
    choose(g, "move:0,0")
    offered = starting(g, "upgrade:")
    assert "upgrade:unnatural_evasion" in offered
    assert offered == {f"upgrade:{u}" for u in ups} - {"upgrade:flip_3_to_4", "upgrade:flip_all_4"}
    choose(g, "upgrade:unnatural_evasion")
    assert T(g).upgrades == ["unnatural_evasion"]


# ---------------------------------------------------------------- difficulty
@pytest.mark.parametrize(("level", "needed"), [("footpad", 4), ("burglar", 5), ("thief", 6)])
def test_DIF_24_stash_6_5_4_by_difficulty(level: str, needed: int) -> None:
    g = thief_game(difficulty={"thief": level}, thief={"upgrades": FIVE_UPGRADES[:needed - 2], "carried": ["treasure"]})
    assert stash_needed(g) == needed
    choose(g, "move:0,0", "upgrade:plus_movement")
    assert g.outcome is None and stashed(g) == needed - 1
    g = thief_game(difficulty={"thief": level}, thief={"upgrades": FIVE_UPGRADES[:needed - 1], "carried": ["treasure"]})
    choose(g, "move:0,0", "upgrade:plus_movement")
    assert g.outcome is not None and g.outcome.winners == ("thief",)


@pytest.mark.parametrize(("level", "needed", "plain"), [("prowler", 7, 1), ("invader", 8, 2)])
def test_DIF_22_23_24_the_first_stashed_tokens_buy_no_upgrade(level: str, needed: int, plain: int) -> None:
    g = thief_game(difficulty={"thief": level}, thief={"carried": ["treasure"] * 3})
    assert stash_needed(g) == needed
    choose(g, "move:0,0")
    assert T(g).plain_stashed == plain and T(g).upgrades == []
    assert kind(g) == "thief_upgrade"
    while kind(g) == "thief_upgrade":
        choose(g, "upgrade:plus_movement" if "upgrade:plus_movement" in ids(g) else ids(g)[0])
    assert stashed(g) == 3 and len(T(g).upgrades) == 3 - plain
