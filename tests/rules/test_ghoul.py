"""The Ghoul by checklist id (section 19, GH-01..43) and its player variants (expansion data
sheet §3.3).  Every test builds its position with ``load_scenario`` (its ``ghoul:`` section
and scripted Ghoul dice) and plays it through the public decisions.

Map (walls N/E/S/W): (0,0) Entrance; (1,0) T22 Lit open; (2,0) T25 Lit open; (0,-1) T31 Lit
open; (1,-1) T03 Lit turned twice, so a wall between it and (1,0); Dark tiles (0,1) T01
Fangs, (2,1) T05 Bones, (-1,0) T06 Eye.  The Ghoul stands on (1,0) unless said otherwise.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, load_scenario, new_game
from vast_desktop.engine.errors import ScenarioError
from vast_desktop.engine.map import forced
from vast_desktop.engine.roles.ghoul import attacks, terror
from vast_desktop.engine.roles.ghoul import turn as gt
from vast_desktop.engine.roles.ghoul.state import GhoulState, fury_goal

from .helpers import choose, ids
from .helpers_ghoul import ghoul_tiles as tiles

FANGS, BONES, EYE = (0, 1), (2, 1), (-1, 0)


def ghoul_game(roles: tuple[str, ...] = ("knight", "ghoul"), dice: list[int] | None = None, aside: int | None = 1,
               at: tuple[int, int] | None = (1, 0), ghoul: dict[str, Any] | None = None,
               pieces: dict[str, Any] | None = None, active: str = "ghoul", **data: Any) -> Game:
    """A scenario at the start of the Ghoul's turn; its dice show ``dice`` (default 6, 3, 1)
    and ``aside`` is set aside (None: stop at that decision)."""
    section = {"turns": 1, **(ghoul or {}), "dice": dice if dice is not None else [6, 3, 1]}
    p = dict(pieces if pieces is not None else ({"knight": [0, -1]} if "knight" in roles else {}))
    if at is not None:
        p["ghoul"] = list(at)
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **data.pop("dragon", {})}
    if "goblins" in roles:
        data["goblins"] = {"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}, **data.pop("goblins", {})}
    setup = {"roles": list(roles), "seed": 5, **data.pop("setup", {})}
    g = load_scenario({"setup": setup, "active": active, "tiles": data.pop("tiles", tiles()), "pieces": p,
                       "ghoul": section, **data})
    if aside is not None and g.pending is not None and g.pending.kind == "ghoul_keep":
        choose(g, f"aside:{aside}")
    return g


def G(g: Game) -> GhoulState:
    s = g.state.ghoul
    assert isinstance(s, GhoulState)
    return s


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


# ---------------------------------------------------------------- 19a: victory, setup, turn
def test_GH_02_fury_goal_is_7_plus_players_capped_at_14() -> None:
    rd = new_game(Setup(roles=("knight", "ghoul"))).rules
    assert [rd.ghoul.fury_goal(n) for n in (2, 5, 6, 8)] == [9, 12, 13, 14]
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "ghoul"), seed=1))     # four players: the rule
    assert fury_goal(g) == 11
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief", "ghoul"), seed=1))
    assert fury_goal(g) == 13
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "ghoul"), seed=1, difficulty={"ghoul": "ragpicker"}))
    assert fury_goal(g) == 9                                                      # 5 + 4 players


def test_GH_03_setup_terror_deck_shuffled_fury_zero_piece_off_the_map() -> None:
    g = new_game(Setup(roles=("knight", "ghoul"), seed=2))
    s = G(g)
    assert sorted(s.terror_deck) == sorted(g.rules.ghoul.terror_deck()) and len(s.terror_deck) == 13
    assert s.fury == 0 and s.terror == [] and not s.placed and "ghoul" not in g.state.board.pieces


def test_GH_05_the_ghoul_is_sixth_in_turn_order() -> None:
    g = new_game(Setup(roles=("ghoul", "thief", "cave", "dragon", "goblins", "knight"), seed=1))
    assert g.config.turn_order == ("knight", "goblins", "dragon", "cave", "thief", "ghoul")


def test_GH_04_first_turn_on_an_unoccupied_dark_tile() -> None:
    g = ghoul_game(at=None, tokens={"2,1": {"treasure": 1}}, aside=None)
    assert g.pending is not None and g.pending.kind == "ghoul_place"
    assert set(ids(g)) == {"place:0,1", "place:-1,0"}                 # (2,1) holds a token
    reason = gt.check_place(g, BONES)
    assert reason is not None and reason.rule == "GH-04" and "occupied" in reason.text
    assert gt.check_place(g, (1, 0)) is not None                      # a Lit tile
    choose(g, "place:0,1")
    assert g.state.board.pieces["ghoul"] == FANGS and G(g).placed
    assert not g.state.board.tiles[FANGS].lit                         # GH-10: it reveals nothing


def test_GH_04_no_dark_tile_the_cave_places_one_for_it() -> None:
    lit_only = [t for t in tiles() if t.get("lit", True)]
    g = ghoul_game(roles=("knight", "cave", "ghoul"), at=None, tiles=lit_only, aside=None, omen_bag={})
    assert g.pending is not None and g.pending.kind == "ghoul_place" and g.pending.role == "cave"
    top = g.state.stack[0]
    choose(g, "tile:1,1")
    assert g.state.board.tiles[(1, 1)].tile_id == top and not g.state.board.tiles[(1, 1)].lit
    assert g.state.board.pieces["ghoul"] == (1, 1)


def test_GH_06_low_roll_draws_a_terror_card_and_discs_return() -> None:
    g = ghoul_game(dice=[1, 2, 3], ghoul={"attack": 2, "terror_deck": ["hunt#1", "chase#1"]}, aside=None)
    assert G(g).terror == ["hunt#1"] and "terror_drawn" in kinds(g)  # 6 ≤ 7
    assert "ghoul_discs" in kinds(g)                                  # the 2 discs went back first
    g = ghoul_game(dice=[4, 2, 2], aside=2)                           # 8: no card
    assert G(g).terror == []


def test_GH_06_hard_levels_roll_two_dice_and_draw_at_four_or_less() -> None:
    g = ghoul_game(dice=[2, 2], setup={"difficulty": {"ghoul": "stalker"}}, ghoul={"terror_deck": ["sneak#1"]})
    assert G(g).rolled == [2, 2] and G(g).terror == ["sneak#1"]
    assert G(g).movement == 2 and G(g).attack == 2                    # both kept, no die set aside


def test_GH_07_08_keep_two_higher_moves_lower_attacks() -> None:
    g = ghoul_game(aside=None)
    assert set(ids(g)) == {"aside:1", "aside:3", "aside:6"}
    choose(g, "aside:3")
    s = G(g)
    assert (s.movement, s.attack, s.set_aside) == (6, 1, 3)
    g = ghoul_game(aside=1)
    assert (G(g).movement, G(g).attack) == (6, 3)


# ---------------------------------------------------------------- 19b: move and act
def test_GH_10_moving_costs_one_and_dark_tiles_stay_dark() -> None:
    g = ghoul_game(at=(0, 0))
    assert "move:0,1" in ids(g)
    choose(g, "move:0,1")
    assert g.state.board.pieces["ghoul"] == FANGS and G(g).movement == 5
    assert not g.state.board.tiles[FANGS].lit
    far = gt.check_move(g, (5, 5))
    assert far is not None and far.rule == "GH-10"


def test_GH_11_a_wall_costs_one_more() -> None:
    g = ghoul_game()
    assert gt.move_cost(g, (1, 0), (1, -1)) == 2 and gt.move_cost(g, (1, 0), (2, 0)) == 1
    G(g).movement = 1
    reason = gt.check_move(g, (1, -1))
    assert reason is not None and reason.rule == "GH-11" and "costs 2" in reason.text


def test_GH_12_17_entering_pieces_costs_one_more_unless_attacking_at_once() -> None:
    g = ghoul_game(pieces={"knight": [2, 0]})
    assert gt.move_cost(g, (1, 0), (2, 0)) == 2                        # just entering
    assert gt.move_cost(g, (1, 0), (2, 0), "knight") == 1              # attacking on entry: no +1
    assert "move:2,0" in ids(g) and "charge:2,0:knight" in ids(g)


def test_GH_13_15_collecting_treasure_two_tokens_make_one_fury() -> None:
    g = ghoul_game(tokens={"1,0": {"treasure": 1}}, ghoul={"treasure": 1})
    supply = g.state.supply["treasure"]
    choose(g, "collect:treasure")
    s = G(g)
    assert s.movement == 4 and s.treasure == 0 and s.fury == 1
    assert g.state.supply["treasure"] == supply + 2                   # both back to the Cave's supply
    G(g).movement = 1
    g.state.board.tokens_at((1, 0))["treasure"] = 1
    reason = gt.check_collect(g, "treasure")
    assert reason is not None and reason.rule == "GH-13"


def test_GH_14_a_gem_rolls_the_dragon_die() -> None:
    g = ghoul_game(roles=("dragon", "ghoul"), tokens={"1,0": {"gem_claw": 1}}, pieces={"dragon": [2, 0]})
    g.script_dice("dragon", 1)                                        # all eight around: no trap
    choose(g, "collect:gem_claw")
    assert G(g).treasure == 1 and g.state.board.tokens_at((1, 0))["gem_claw"] == 0
    g = ghoul_game(roles=("dragon", "ghoul"), tokens={"1,0": {"gem_claw": 1}}, pieces={"dragon": [2, 0]})
    g.script_dice("dragon", 6)                                        # the centre: the trap
    choose(g, "collect:gem_claw")
    assert G(g).treasure == 0 and g.state.board.pieces["ghoul"] != (1, 0) and "ghoul_gem_trap" in kinds(g)


def test_GH_16_17_attack_costs_one_plus_defence_once_a_turn() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]})
    cost = attacks.attack_cost(g, "knight")
    assert cost == 1 + attacks.defence(g, "knight")
    assert "attack:knight" in ids(g)
    G(g).attacked.append("knight")
    reason = gt.check_attack(g, "knight")
    assert reason is not None and reason.rule == "GH-17"
    G(g).attacked.clear()
    G(g).attack = cost - 1
    reason = gt.check_attack(g, "knight")
    assert reason is not None and reason.rule == "GH-16" and f"costs {cost}" in reason.text


def test_GH_18_24_39_attacking_the_knight_fury_and_skitter() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]})
    health = g.state.knight.health
    choose(g, "attack:knight")
    assert g.pending.role == "knight" and g.pending.kind == "ghoul_attacked"
    assert {"loss:grit", "loss:health"} <= set(ids(g))
    choose(g, "loss:health")
    assert g.state.knight.health == health - 1 and G(g).fury == 1
    assert g.pending.role == "knight" and g.pending.kind == "ghoul_skitter_symbol"   # GH-39: she names it
    assert set(ids(g)) == {"symbol:fangs", "symbol:bones", "symbol:eye"}
    choose(g, "symbol:bones")
    assert g.state.board.pieces["ghoul"] == (2, 1)                     # the Thief's map: T05 Bones


def test_GH_19_attacking_a_tribe_scatters_it() -> None:
    g = ghoul_game(roles=("goblins", "ghoul"), pieces={"tribe:fangs": [1, 0]},
                   goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}})
    choose(g, "attack:tribe:fangs")
    assert "tribe:fangs" not in g.state.board.pieces and G(g).fury == 1


def test_GH_20_attacking_the_dragon_he_chooses_health() -> None:
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [1, 0]}, dice=[6, 6, 6], aside=6)
    health = g.state.dragon.health
    choose(g, "attack:dragon")
    assert g.pending.role == "dragon"
    choose(g, "loss:health")
    assert g.state.dragon.health == health - 1


def test_GH_22_smashing_a_crystal_costs_three_discs() -> None:
    g = ghoul_game(tokens={"1,0": {"crystal": 1}})
    total = g.state.crystals_smashed_total
    choose(g, "smash:")
    assert G(g).attack == 0 and G(g).smashed == 1 and g.state.crystals_smashed_total == total + 1
    assert g.state.knight.smashed == 1                                # it counts toward her goal
    g = ghoul_game(tokens={"1,0": {"crystal": 1}}, aside=3)
    reason = gt.check_smash(g)
    assert reason is not None and reason.rule == "GH-22"


def test_GH_23_killing_the_thief_draws_terror_cards_keeps_one() -> None:
    g = ghoul_game(roles=("thief", "ghoul"), pieces={"thief": [1, 0]}, dice=[6, 6, 6], aside=6,
                   thief={"loot_drop": 2}, ghoul={"terror_deck": ["chase#1", "hunt#1", "sneak#1"]})
    choose(g, "attack:thief")
    assert "thief" not in g.state.board.pieces
    assert g.pending.kind == "ghoul_terror_keep" and set(ids(g)) == {"keep:chase#1", "keep:hunt#1"}
    choose(g, "keep:hunt#1")
    assert G(g).terror == ["hunt#1"] and G(g).terror_deck[-1] == "chase#1"


def test_GH_25_the_discs_left_are_its_defense() -> None:
    g = ghoul_game()
    choose(g, "end:")
    assert G(g).defense == 3


# ---------------------------------------------------------------- 19c: Fury and Terror
def test_GH_26_27_even_fury_spaces_draw_a_face_up_terror_card() -> None:
    g = ghoul_game(tokens={"1,0": {"treasure": 1}}, ghoul={"treasure": 1, "fury": 1, "terror_deck": ["blink"]})
    choose(g, "collect:treasure")
    assert G(g).fury == 2 and G(g).terror == ["blink"]
    assert any("Blink" in line for line in __import__("vast_desktop.engine", fromlist=["view"]).view(g, "knight").log)


def test_GH_28_30_once_per_turn_and_not_both_effects() -> None:
    g = ghoul_game(ghoul={"terror": ["chase#1", "chase#2"]})
    assert {"terror:chase#1:first", "terror:chase#1:game"} <= set(ids(g))
    choose(g, "terror:chase#1:first")
    assert G(g).movement == 7
    assert "terror:chase#1:first" not in ids(g)
    both = terror.check_terror(g, "chase#1", "game")
    assert both is not None and both.rule == "GH-30"
    choose(g, "terror:chase#2:game")                                  # the other copy's once-per-game effect
    assert G(g).movement == 11 and "chase#2" in G(g).terror_removed  # GH-29: it leaves the game


def test_GH_30_not_two_identical_once_per_game_effects() -> None:
    g = ghoul_game(ghoul={"terror": ["hunt#1", "hunt#2"]})
    choose(g, "terror:hunt#1:game")
    assert G(g).attack == 6
    reason = terror.check_terror(g, "hunt#2", "game")
    assert reason is not None and reason.rule == "GH-30"
    assert "terror:hunt#2:game" not in ids(g) and "terror:hunt#2:first" in ids(g)


def test_GH_29_a_during_this_turn_card_leaves_at_the_end_of_the_turn() -> None:
    g = ghoul_game(ghoul={"terror": ["sneak#1"]})
    choose(g, "terror:sneak#1:game")
    assert gt.move_cost(g, (1, 0), (1, -1)) == 1                      # no wall cost this turn
    assert G(g).leaving == ["sneak#1"] and "sneak#1" not in G(g).terror_removed
    choose(g, "end:")
    assert G(g).terror_removed == ["sneak#1"] and not G(g).no_extra


def test_GH_30_sneak_once_per_turn_waives_one_extra_point() -> None:
    g = ghoul_game(ghoul={"terror": ["sneak#1"]})
    choose(g, "terror:sneak#1:first")
    assert gt.move_cost(g, (1, 0), (1, -1)) == 1
    choose(g, "move:1,-1")
    assert G(g).movement == 5 and G(g).free_extra == 0


# ---------------------------------------------------------------- 19d: the others against it
def test_GH_32_the_knight_enters_only_with_strength_above_its_defense_and_attacks() -> None:
    from vast_desktop.engine.roles.meetings import knight_ghoul

    g = ghoul_game(active="knight", aside=None, ghoul={"defense": 9}, pieces={"knight": [0, 0]})
    reason = knight_ghoul.entry_rule(g, (1, 0))
    assert reason is not None and reason.rule == "GH-32"
    G(g).defense = 0
    assert knight_ghoul.entry_rule(g, (1, 0)) is None
    assert knight_ghoul.attack_due(g, (1, 0)) is None                 # she is not there yet
    g.state.board.pieces["knight"] = (1, 0)
    assert knight_ghoul.attack_due(g, (1, 0)) is not None


def test_GH_33_a_tribe_attacks_it_gaining_rage_without_scattering() -> None:
    from vast_desktop.engine.roles.goblins import turn as gb

    g = ghoul_game(roles=("goblins", "ghoul"), active="goblins", aside=None, pieces={"tribe:fangs": [2, 0]},
                   ghoul={"defense": 5}, goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}})
    reason = gb.check_tribe_entry(g, "fangs", (1, 0))
    assert reason is not None and reason.rule == "GH-33" and "Defense 5" in reason.text
    G(g).defense = gb.tribe_strength(g, "fangs") - 1
    assert gb.check_tribe_entry(g, "fangs", (1, 0)) is None
    rage = g.state.goblins.rage
    proc = gb._step(g, "fangs", (2, 0), (1, 0))
    try:
        d = next(proc)
        while True:                                                   # the Goblins name a symbol
            d = proc.send(d.options[0])
    except StopIteration:
        pass
    assert g.state.goblins.rage == rage + 1 and g.state.board.pieces["tribe:fangs"] == (1, 0)
    assert g.state.board.pieces["ghoul"] != (1, 0)


def test_GH_38_forced_movement_never_through_walls_or_onto_players() -> None:
    g = ghoul_game(pieces={"knight": [2, 0]})
    assert not forced.can_enter(g, "ghoul", (1, 0), (1, -1))          # the wall
    assert not forced.can_stop(g, "ghoul", (2, 0))                    # the Knight
    assert forced.can_enter(g, "ghoul", (1, 0), (0, 0)) and forced.can_stop(g, "ghoul", (0, -1))


# ---------------------------------------------------------------- 19e: skitter
def test_GH_40_no_other_player_the_stack_names_the_symbol() -> None:
    g = ghoul_game(roles=("ghoul",), dice=[6, 6, 6], aside=6, tokens={"1,0": {"crystal": 1}}, stack=["T08"])
    choose(g, "smash:")
    assert g.state.board.pieces["ghoul"] == BONES                      # T08 shows Bones
    assert "ghoul_symbol" in kinds(g)


def test_GH_41_with_no_free_dark_tile_it_goes_around_the_entrance() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]}, tokens={"0,1": {"treasure": 1}, "2,1": {"treasure": 1},
                                                    "-1,0": {"treasure": 1}})
    choose(g, "attack:knight")
    choose(g, "loss:health")
    assert g.pending.kind == "ghoul_skitter"
    assert set(ids(g)) == {"skitter:0,-1", "skitter:1,-1"}           # (1,0) is occupied by the Knight
    choose(g, "skitter:1,-1")
    assert g.state.board.pieces["ghoul"] == (1, -1)


# ---------------------------------------------------------------- winning
def test_GH_01_fury_goal_then_the_entrance_wins() -> None:
    g = ghoul_game(ghoul={"fury": 8})
    choose(g, "move:0,0")
    assert g.outcome is None                                          # 8 of 9: not yet
    g = ghoul_game(ghoul={"fury": 9})
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("ghoul",)


def test_knight_vs_ghoul_killing_the_knight_wins() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]}, knight={"health": 1})
    choose(g, "attack:knight")
    choose(g, "loss:health")
    assert g.outcome is not None and g.outcome.winners == ("ghoul",)


@pytest.mark.parametrize(("level", "fury", "crystals"), [("easy", 7, 5), ("medium", 8, 6), ("hard", 9, 7)])
def test_variant_solo_levels_set_fury_or_crystals(level: str, fury: int, crystals: int) -> None:
    g = new_game(Setup(roles=("ghoul",), seed=1, solo_level=level))
    assert fury_goal(g) == fury and g.config.extra["ghoul_crystals_goal"] == crystals
    assert g.config.alone_in_the_dark and "ghoul" in g.config.flare_holders


def test_variants_two_three_and_four_players() -> None:
    g = new_game(Setup(roles=("knight", "ghoul"), seed=1))
    assert g.config.variant_id == "knight_vs_ghoul" and g.config.infestation_line == "A"
    assert g.config.extra["gift:past_plunder"] == "ghoul"
    g = new_game(Setup(roles=("cave", "ghoul"), seed=1))
    assert g.config.extra["ghoul_crystals_goal"] == 6 and "ghoul" in g.config.flare_holders
    g = new_game(Setup(roles=("knight", "dragon", "ghoul"), seed=1))
    assert fury_goal(g) == 10 and g.config.extra.get("hunger_to_wakefulness", 0) == 0
    assert g.config.extra["gift:past_plunder"] == "ghoul"
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "ghoul"), seed=1))
    assert g.config.collapse_rate_no_cave == 1 and g.config.extra["gift:past_plunder"] == "ghoul"
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "ghoul"), seed=1))
    assert g.config.extra["gift:past_plunder"] is None


# ---------------------------------------------------------------- the scenario section
@pytest.mark.parametrize(("section", "message"), [
    ({"fury": "x"}, "ghoul.fury"),
    ({"dice": [7]}, "ghoul.dice"),
    ({"wings": 1}, "unknown key"),
    ({"terror": ["nope"]}, "unknown Terror card"),
    ({"fury": -1}, "ghoul.fury"),
])
def test_scenario_ghoul_section_is_checked(section: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario({"setup": {"roles": ["knight", "ghoul"]}, "ghoul": section})
    with pytest.raises(ScenarioError, match="not in this game"):
        load_scenario({"setup": {"roles": ["knight", "cave"]}, "ghoul": {"fury": 1}})


# ---------------------------------------------------------------- GH-37: the Thief
def _thief_vs_ghoul(ghoul: dict[str, Any], at: tuple[int, int] = (1, 0)) -> Game:
    from .helpers_thief import thief_game

    return thief_game(roles=("thief", "ghoul"), at=at, stats="2-4-3", pieces={"ghoul": [1, 0]},
                      ghoul={"defense": 1, **ghoul})


def test_GH_37_the_thief_enters_only_with_stealth_above_its_defense() -> None:
    from vast_desktop.engine.roles.thief import turn as th

    g = _thief_vs_ghoul({"defense": 9}, at=(2, 0))
    reason = th.check_ghoul_space(g, (1, 0))
    assert reason is not None and reason.rule == "GH-37" and "Defense 9" in reason.text
    assert "move:1,0" not in ids(g)
    g = _thief_vs_ghoul({}, at=(2, 0))
    assert th.check_ghoul_space(g, (1, 0)) is None and "move:1,0" in ids(g)


def test_GH_37_pickpocket_takes_a_treasure_token_or_shuffles_a_terror_card_back() -> None:
    g = _thief_vs_ghoul({"treasure": 1, "terror": ["hunt#1"]})
    level = next(i for i in ids(g) if i.startswith("pickpocket:ghoul:"))
    g.script_dice("action", 6)
    choose(g, level)
    assert set(ids(g)) == {"card:treasure", "card:hunt#1"}
    choose(g, "card:hunt#1")
    assert G(g).terror == [] and "hunt#1" in G(g).terror_deck
    assert g.pending.role == "thief" and g.pending.kind == "ghoul_skitter_symbol"   # GH-31: it skitters
    choose(g, "symbol:bones")
    assert g.state.board.pieces["ghoul"] == (2, 1)                     # the Thief's map: T05 Bones
    g = _thief_vs_ghoul({})
    assert not any(i.startswith("pickpocket:ghoul") for i in ids(g))   # nothing to take


def test_GH_37_backstab_cuts_its_next_movement() -> None:
    g = _thief_vs_ghoul({})
    stab = next(i for i in ids(g) if i.startswith("backstab:ghoul:"))
    choose(g, stab)
    cubes = int(stab.rsplit(":", 1)[1])
    assert G(g).backstab == cubes and g.pending.kind == "ghoul_skitter_symbol"
    choose(g, "symbol:fangs")
    assert g.state.board.pieces["ghoul"] == (1, 1)                     # the Thief's map: T01 Fangs
    g = ghoul_game(ghoul={"backstab": 2})
    assert G(g).movement == 4 and G(g).backstab == 0                   # 6 − 2, the cubes go back


def test_GH_36_soporific_spores_cost_it_one_fury_and_it_skitters() -> None:
    from vast_desktop.engine.cards import omens

    g = ghoul_game(roles=("cave", "ghoul"), ghoul={"fury": 0}, aside=None, active="cave", omen_bag={})
    reason = omens.check_spores_target(g, "ghoul")
    assert reason is not None and reason.rule == "GH-36"
    G(g).fury = 3
    assert omens.check_spores_target(g, "ghoul") is None
    from .helpers_thief import run_proc

    run_proc(g, omens._spores(g, "ghoul"))
    assert G(g).fury == 2 and G(g).terror == []
    assert g.pending.role == "cave" and g.pending.kind == "ghoul_skitter_symbol"


# ---------------------------------------------------------------- GH-34: the Dragon
def test_GH_34_the_surfaced_dragon_needs_armor_above_its_defense() -> None:
    from vast_desktop.engine.roles.dragon import turn as dt

    g = ghoul_game(roles=("dragon", "ghoul"), active="dragon", aside=None, pieces={"dragon": [2, 0]},
                   ghoul={"defense": 9}, dragon={"surfaced": True})
    reason = dt.check_ghoul_tile(g, (1, 0))
    assert reason is not None and reason.rule == "GH-34"
    assert (1, 0) not in dt.movement_routes(g, "free")
    g.state.dragon.surfaced = False                                   # underground: freely
    assert dt.check_ghoul_tile(g, (1, 0)) is None


def test_GH_34_scratch_counts_as_eating_three_and_costs_a_terror_card() -> None:
    from vast_desktop.engine.roles.dragon import powers

    from .helpers_thief import run_proc

    g = ghoul_game(roles=("dragon", "ghoul"), active="dragon", aside=None, pieces={"dragon": [1, 0]},
                   ghoul={"terror": ["chase#1", "hunt#1"]})
    run_proc(g, powers._scratch(g))
    assert "scratch:ghoul" in ids(g)
    choose(g, "scratch:ghoul")
    assert any(e.kind == "eaten" and "eats 3 Goblins (Scratch on the Ghoul)" in e.public for e in g.events)
    assert g.pending.kind == "ghoul_terror_discard"
    choose(g, "discard:hunt#1")
    assert G(g).terror == ["chase#1"] and "hunt#1" in G(g).terror_removed
    assert g.pending.role == "dragon" and g.pending.kind == "ghoul_skitter_symbol"


def test_GH_34_entering_a_flame_wall_only_makes_it_skitter() -> None:
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [-1, 0]}, tokens={"2,0": {"flamewall": 1}})
    choose(g, "move:2,0")
    assert g.pending.role == "dragon" and g.pending.kind == "ghoul_skitter_symbol"
    assert G(g).fury == 0 and G(g).movement == 5


# ---------------------------------------------------------------- the other Terror cards
def test_GH_28_cheat_sets_a_die_once_per_game() -> None:
    g = ghoul_game(dice=[1, 1], ghoul={"terror": ["cheat"]}, aside=None)
    assert g.pending.kind == "ghoul_cheat" and "cheat:no" in ids(g)
    choose(g, "cheat:6")
    assert G(g).rolled == [6, 1, 1] and "cheat" in G(g).terror_removed and G(g).terror == []
    assert g.pending.kind == "ghoul_keep"                             # 8: no Terror card, no reroll left


def test_GH_28_30_cheat_rolls_one_die_again_then_its_other_effect_waits() -> None:
    g = ghoul_game(dice=[1, 2, 3, 6], ghoul={"terror": ["cheat"]}, aside=None)
    choose(g, "cheat:no")
    assert g.pending.kind == "ghoul_reroll" and {"reroll:0", "reroll:no"} <= set(ids(g))
    choose(g, "reroll:0")
    assert G(g).rolled == [6, 2, 3] and G(g).terror == ["cheat"]     # 11: no Terror card drawn
    reason = terror.check_terror(g, "cheat", "game")
    assert reason is not None and reason.rule == "GH-30"


def test_GH_28_adapt_draws_two_keeps_one_or_searches_once() -> None:
    g = ghoul_game(dice=[1, 1, 1], ghoul={"terror": ["adapt"], "terror_deck": ["chase#1", "hunt#1", "blink"]},
                   aside=None)
    assert g.pending.kind == "ghoul_adapt"
    choose(g, "adapt:draw")                                           # the persistent effect: 2, keep 1
    assert g.pending.kind == "ghoul_terror_keep" and set(ids(g)) == {"keep:chase#1", "keep:hunt#1"}
    choose(g, "keep:hunt#1")
    assert G(g).terror == ["adapt", "hunt#1"] and G(g).terror_deck == ["blink", "chase#1"]
    g = ghoul_game(dice=[1, 1, 1], ghoul={"terror": ["adapt"], "terror_deck": ["chase#1", "hunt#1", "blink"]},
                   aside=None)
    choose(g, "adapt:search")
    assert set(ids(g)) == {"keep:chase#1", "keep:hunt#1", "keep:blink"}
    choose(g, "keep:blink")
    assert G(g).terror == ["blink"] and "adapt" in G(g).terror_removed
    assert sorted(G(g).terror_deck) == ["chase#1", "hunt#1"]


def _crystal_tiles() -> list[dict[str, Any]]:
    return [*tiles(), {"pos": [3, 0], "tile": "T37", "lit": True}, {"pos": [4, 0], "tile": "T39", "lit": True}]


def test_GH_28_blink_jumps_between_crystal_tiles() -> None:
    g = ghoul_game(at=(3, 0), tiles=_crystal_tiles(), ghoul={"terror": ["blink"]})
    assert "terror:blink:first:4,0" in ids(g) and "terror:blink:first:1,0" not in ids(g)
    reason = terror.check_blink(g, "blink_crystal_to_crystal", (1, 0))
    assert reason is not None and "Crystal tile" in reason.text
    choose(g, "terror:blink:first:4,0")
    assert g.state.board.pieces["ghoul"] == (4, 0) and G(g).movement == 4
    g = ghoul_game(at=(3, 0), tiles=_crystal_tiles(), ghoul={"terror": ["blink"]})
    choose(g, "terror:blink:game:-1,0")                               # once per game: anywhere empty, free
    assert g.state.board.pieces["ghoul"] == EYE and G(g).movement == 6 and "blink" in G(g).terror_removed
    g = ghoul_game(ghoul={"terror": ["blink"]})                       # not on a Crystal tile
    assert not any(i.startswith("terror:blink") for i in ids(g))


def test_GH_13_28_seize_makes_collecting_cheaper_and_once_free() -> None:
    g = ghoul_game(tokens={"1,0": {"treasure": 1}}, ghoul={"terror": ["seize"]})
    choose(g, "collect:treasure")
    assert G(g).movement == 5 and G(g).treasure == 1
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [2, 0]}, tokens={"1,0": {"gem_claw": 1}},
                   ghoul={"terror": ["seize"]})
    assert {"collect:gem_claw", "collect:gem_claw:safe"} <= set(ids(g))
    choose(g, "collect:gem_claw:safe")
    assert G(g).movement == 4 and G(g).treasure == 1 and "die_roll" not in kinds(g)
    g = ghoul_game(tokens={"1,0": {"treasure": 1}}, ghoul={"terror": ["seize"], "terror_deck": ["chase#1", "hunt#1"]})
    choose(g, "terror:seize:game")
    choose(g, "collect:treasure")
    assert G(g).movement == 6 and sorted(G(g).terror) == ["chase#1", "hunt#1"]
    assert G(g).leaving == ["seize"]


def test_GH_28_scour_looks_at_its_dark_tile_and_may_reveal_it() -> None:
    from vast_desktop.engine import view

    g = ghoul_game(at=(2, 1), ghoul={"terror": ["scour"]})
    assert "terror:scour:first" in ids(g)
    choose(g, "terror:scour:first")
    assert g.pending.kind == "ghoul_scour"
    assert "Ambush" in view(g, "ghoul").log[-1] and "Ambush" not in view(g, "knight").log[-1]   # its eyes only
    choose(g, "reveal:")
    while g.pending is not None and g.pending.kind != "ghoul_turn":
        choose(g, g.pending.ids[0])                                   # orientation, tiles on open edges
    assert g.state.board.tiles[BONES].lit
    g = ghoul_game(ghoul={"terror": ["scour"]})                       # on a Lit tile: nothing to look at
    assert "terror:scour:first" not in ids(g) and terror.check_scour(g) is not None


def test_GH_28_scour_once_per_game_looks_at_each_dark_tile_entered() -> None:
    g = ghoul_game(ghoul={"terror": ["scour"]})
    choose(g, "terror:scour:game")
    choose(g, "move:2,0")                                             # Lit: nothing to look at
    assert g.pending.kind == "ghoul_turn"
    choose(g, "move:2,1")
    assert g.pending.kind == "ghoul_scour"
    choose(g, "keep:")
    assert not g.state.board.tiles[BONES].lit and G(g).leaving == ["scour"]


def test_GH_20_the_dragon_may_return_a_sloth_cube_instead() -> None:
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [1, 0]}, dice=[6, 6, 6], aside=6,
                   dragon={"wakefulness": 2, "sloth": {"greed": 2}})
    choose(g, "attack:dragon")
    assert "loss:sloth:greed" in ids(g)
    choose(g, "loss:sloth:greed")
    assert g.state.dragon.wakefulness == 1 and g.state.dragon.sloth["greed"] == 3


def test_GH_32_her_attack_completes_daring_stalwart_and_fearless() -> None:
    from vast_desktop.engine.cards import sidequests
    from vast_desktop.engine.roles.meetings import knight_ghoul

    from .helpers_thief import run_proc

    g = ghoul_game(active="knight", aside=None, ghoul={"defense": 3}, pieces={"knight": [1, 0]})
    assert not sidequests.met(g, "daring")
    run_proc(g, knight_ghoul.attack_on_entering(g, (1, 0)))
    assert sidequests.met(g, "daring") and sidequests.met(g, "stalwart")
    assert "attacked_ghoul_on_revealed_tile" not in g.state.knight.achievements     # (1,0) was Lit already
    assert g.pending.role == "knight" and g.pending.kind == "ghoul_skitter_symbol"


def test_GH_32_her_bow_shoots_it_at_strength_two_and_it_skitters() -> None:
    from vast_desktop.engine.roles.meetings import knight_ghoul

    from .helpers_thief import run_proc

    g = ghoul_game(active="knight", aside=None, pieces={"knight": [2, 0]})
    g.state.knight.equip["bow"] = 1                                   # a Hero cube on the Bow this turn
    g.state.knight.track["strength"] = 0
    weak = knight_ghoul.check_bow_ghoul(g)
    if g.rules.knight.strength_track[0] <= 1:
        assert weak is not None and weak.rule == "KN-79"
    g.state.knight.track["strength"] = next(i for i, s in enumerate(g.rules.knight.strength_track) if s >= 2)
    assert knight_ghoul.check_bow_ghoul(g) is None
    assert [o.id for o in knight_ghoul.bow_options(g)] == ["bowghoul:"]
    run_proc(g, knight_ghoul.act_bow(g, ""))
    assert g.state.knight.bow_shots == 1 and g.pending.kind == "ghoul_skitter_symbol"
    g.state.board.pieces["knight"] = (1, 0)
    reason = knight_ghoul.check_bow_ghoul(g)
    assert reason is not None


def test_GH_42_skitter_variant_the_ghoul_names_and_the_other_places() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]}, setup={"house_rules": ["ghoul_skitter_variant"]},
                   tiles=[*tiles(), {"pos": [3, 0], "tile": "T04", "lit": False}])
    choose(g, "attack:knight")
    choose(g, "loss:health")
    assert g.pending.role == "ghoul" and g.pending.kind == "ghoul_skitter_symbol"
    choose(g, "symbol:fangs")                                         # Fangs: (0,1) and (3,0)
    assert g.pending.role == "knight" and g.pending.kind == "ghoul_skitter"
    assert set(ids(g)) == {"skitter:0,1", "skitter:3,0"}
    choose(g, "skitter:3,0")
    assert g.state.board.pieces["ghoul"] == (3, 0)


def test_GH_43_ending_its_turn_on_magma_only_makes_it_skitter() -> None:
    magma_map = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [2, 0], "tile": "T31", "lit": True},
                 {"pos": [0, 1], "tile": "T01", "lit": False}, {"pos": [2, 1], "tile": "T05", "lit": False}]
    g = ghoul_game(roles=("knight", "ghoul"), pieces={"knight": [0, 0]}, tiles=magma_map,
                   terrain=[{"tile": "magma", "pos": [1, -1], "rot": 1}], setup={"variants": ["terrain"]})
    assert g.state.board.tiles[(1, 0)].terrain is not None
    fury = G(g).fury
    choose(g, "end:")
    if g.pending.kind == "ghoul_skitter_symbol":
        choose(g, "symbol:bones")
    assert g.state.board.pieces["ghoul"] in (FANGS, BONES) and G(g).fury == fury
    assert "ghoul_magma" in kinds(g)


def test_variant_flare_on_its_own_space_for_one_movement() -> None:
    g = ghoul_game(roles=("cave", "ghoul"), at=(1, 0), omen_bag={})              # Cave vs Ghoul: it holds Flare
    assert "flare:" in ids(g)
    g.script_dice("dragon", 1)                                        # all eight around
    choose(g, "flare:")
    while g.pending is not None and g.pending.kind != "ghoul_turn":
        choose(g, g.pending.ids[0])                                   # the order and orientation of the reveals
    assert G(g).movement == 5 and g.state.board.tiles[FANGS].lit and g.state.board.tiles[BONES].lit
    g = ghoul_game()                                                  # Knight vs Ghoul: no Flare for it
    assert "flare:" not in ids(g)
    reason = gt.check_flare(g)
    assert reason is not None and "does not hold" in reason.text


def test_variant_flare_beside_the_map_is_shared_with_the_ghoul() -> None:
    g = new_game(Setup(roles=("goblins", "ghoul"), seed=1))
    assert {"goblins", "ghoul"} <= g.config.flare_holders
    g = new_game(Setup(roles=("thief", "ghoul"), seed=1))
    assert {"thief", "ghoul"} <= g.config.flare_holders


def test_GH_40_during_the_collapse_a_collapsed_tile_names_the_symbol() -> None:
    g = ghoul_game(roles=("ghoul",), dice=[6, 6, 6], aside=6, tokens={"1,0": {"crystal": 1}}, stack=[],
                   collapse=True, removed_from_game=["T08"])
    choose(g, "smash:")
    assert g.state.board.pieces["ghoul"] == BONES                      # the only collapsed tile: Bones


def test_GH_22_its_crystals_count_for_the_goblins_without_a_knight() -> None:
    g = ghoul_game(roles=("goblins", "ghoul"), tokens={"1,0": {"crystal": 1}}, goblins={"crystals": 4})
    choose(g, "smash:")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)
