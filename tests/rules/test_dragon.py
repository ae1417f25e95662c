"""Rule tests for the Dragon (RULES_CHECKLIST section 9, DR-01..72) and the rules of
other sections that touch him (DIE-06..09, KN-45..93, COL-22..24, CV-24, RV-14..32,
SOLO-11/12, DIF-04..13).

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles used
(unrotated walls N,E,S,W): T01/T05 Ambush open, T02 Ambush tunnel (N+S), T20/T22
Event open, T16 Event tunnel (N+S), T31/T32 Treasure Room open, T37/T42/T44
Crystal open.
"""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.roles.dragon.state import armor, gems_in_supply, spirit
from vast_desktop.engine.roles.knight import board as kb

from .helpers import choose, dark, entrance, event_kinds, ids, lit, scenario
from .helpers_dragon import D, dragon_game

ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]


def K(g):
    return g.state.knight


# ------------------------------------------------------------- setup
@pytest.mark.parametrize("level, health", [("novice", 3), ("squire", 4), ("knight", 5), ("baroness", 6), ("lady", 7)])
def test_DIF_04_08_dragon_health_from_the_knights_level(level: str, health: int) -> None:
    g = new_game(Setup(roles=("knight", "dragon"), seed=1, difficulty={"knight": level}))
    assert D(g).health == health == D(g).max_health


def test_RV_23_SET_knight_vs_dragon_setup() -> None:
    """RV-23: 2 Hunger cubes start on Wakefulness; 3 Power cards; Goblin Infestation line A."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=3))
    d = D(g)
    assert d.sloth["hunger"] == 2 and d.wakefulness == 2 and len(d.hand) == 3
    assert len(d.hand) + len(d.deck) + len(d.discard) == 18
    assert g.config.infestation_line == "A"
    assert not d.placed and "dragon" not in g.state.board.pieces


@pytest.mark.parametrize("level, moved", [("easy", 4), ("medium", 2), ("hard", 0)])
def test_SOLO_11_dragon_solo_levels(level: str, moved: int) -> None:
    g = new_game(Setup(roles=("dragon",), seed=2, solo_level=level))
    assert D(g).wakefulness == moved and D(g).sloth["hunger"] == 4 - moved
    assert g.config.alone_in_the_dark


def test_RV_32_dragon_vs_cave_two_hunger_locked() -> None:
    g = new_game(Setup(roles=("dragon", "cave"), seed=2))
    assert D(g).wakefulness == 2 and D(g).locked_hunger == 2


# --------------------------------------------------------- first turn
def test_DR_71_SET_36_first_turn_on_the_knights_tile() -> None:
    g = scenario(("knight", "dragon"), active="dragon", tiles=ROW, pieces={"knight": [2, 0]})
    assert g.state.board.pieces["dragon"] == (2, 0)
    assert D(g).placed


def test_SET_36_no_knight_entrance() -> None:
    g = scenario(("dragon", "cave"), active="dragon", tiles=ROW, pieces={})
    assert g.state.board.pieces["dragon"] == (0, 0)


# -------------------------------------------------------------- moving
def test_DR_08_10_11_16_underground_free_move_straight_through_walls_and_dark() -> None:
    tiles = [entrance(), lit((1, 0), "T02", rot=1), dark((2, 0), "T03"), lit((0, 1), "T05")]
    g = dragon_game(tiles=tiles, pieces={"knight": [0, 1], "dragon": [0, 0]})
    opts = {i for i in ids(g) if i.startswith("move:")}
    assert opts == {"move:1,0", "move:2,0", "move:0,1"}      # walls, Dark tiles, the Knight ignored
    choose(g, "move:2,0")
    assert g.state.board.pieces["dragon"] == (2, 0)
    assert not any(i.startswith("move:") for i in ids(g))     # once per turn (DR-08)


def test_DR_12_surfaced_dragon_no_walls_no_dark() -> None:
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T02", rot=1), dark((0, 1), "T03")]
    g = dragon_game(tiles=tiles, pieces={"knight": [-5, -5], "dragon": [1, 0]},
                    dragon={"surfaced": True, "awake": True})
    opts = {i for i in ids(g) if i.startswith("move:")}
    assert opts == {"move:0,0"}


def test_DR_67_DR_01_surfaced_dragon_escapes_at_the_entrance() -> None:
    g = dragon_game(tiles=ROW, pieces={"dragon": [2, 0]}, dragon={"surfaced": True, "awake": True})
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("dragon",)


def test_DR_14_DR_13_surfaced_dragon_entering_the_knights_tile_is_attacked() -> None:
    """She attacks when her Strength ≥ his Armor; the attack does not stop his move."""
    g = dragon_game(tiles=ROW, pieces={"knight": [2, 0], "dragon": [3, 0]},
                    dragon={"surfaced": True, "awake": True, "wakefulness": 0},
                    knight={"track": {"strength": 1}})
    choose(g, "move:1,0")
    assert D(g).health == 4 and g.state.board.pieces["dragon"] == (1, 0)   # Strength 2 > Armor 1
    assert "dragon_attack" in event_kinds(g)


# -------------------------------------------------------------- paying
def test_DR_17_18_20_payments_and_any_symbol() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW + [dark((0, 1), "T03")], pieces={"dragon": [0, 0]},
                    dragon={"hand": ["flame", "wing", "claw"]})
    assert "power:burn" in ids(g) and "power:scorch" not in ids(g)     # Scorch needs 2 Flame
    choose(g, "power:shriek")                                          # ? + ?: a choice of two cards
    assert g.pending.kind == "pay_power"
    assert set(ids(g)) == {"pay:card_claw,card_flame", "pay:card_claw,card_wing", "pay:card_flame,card_wing"}
    choose(g, "pay:card_claw,card_wing")
    assert [g.card(c).symbol for c in D(g).hand] == ["flame"] and D(g).shriek


def test_DR_17_19_payment_options_target_the_cards_and_gems_spent() -> None:
    """Each payment names the Power cards it spends (their card regions) and each Gem (its box),
    so the GUI can pay by clicking them; the option ids stay the symbol lists."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW + [dark((0, 1), "T03")], pieces={"dragon": [0, 0]},
                    dragon={"hand": ["flame", "claw", "claw"]}, tokens={"3,0": {"gem_wing": 1}})
    claw1, claw2, flame = sorted(D(g).hand)
    assert (g.card(claw1).symbol, g.card(claw2).symbol, g.card(flame).symbol) == ("claw", "claw", "flame")
    choose(g, "power:shriek")
    targets = {o.id: [(t.kind, t.ref) for t in o.targets] for o in g.pending.options}
    assert sorted(targets["pay:card_claw,card_flame"]) == [("card", claw1), ("card", flame)]
    assert sorted(targets["pay:card_claw,gem_wing"]) == [("card", claw1), ("slot", "dragon.gem.wing")]
    assert sorted(targets["pay:card_claw,card_claw"]) == [("card", claw1), ("card", claw2)]
    choose(g, "pay:card_flame,gem_wing")
    assert sorted(D(g).hand) == [claw1, claw2] and D(g).gems_spent == ["wing"] and D(g).discard == [flame]


def test_DR_19_21_gem_symbol_once_per_turn() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW + [dark((0, 1), "T03")], pieces={"dragon": [0, 0]},
                    dragon={"hand": ["flame"]}, tokens={"3,0": {"gem_wing": 1}})
    choose(g, "power:burn")                                           # Flame card + the Wing Gem
    assert g.state.board.tokens_at((3, 0))["gem_wing"] == 1 and D(g).gems_spent == ["wing"]
    choose(g, "burn:0,1")
    assert "power:wing" not in ids(g)                                  # the Gem is spent this turn


# --------------------------------------------------------------- powers
def test_DR_25_DR_42_DR_60_flame_reveals_affected_dark_tiles() -> None:
    tiles = [entrance(), dark((1, 0), "T20"), dark((-1, 0), "T03"), dark((1, 1), "T04")]
    g = dragon_game(roles=("knight", "dragon", "cave"), tiles=tiles, pieces={"dragon": [0, 0], "knight": [0, 0]},
                    dragon={"hand": ["flame"]})
    g.script_dice("dragon", 2, then="fail")                # the four sides
    choose(g, "power:flame", "reveal:1,0")
    while g.pending.role == "cave" or g.pending.kind == "orient_tile":
        choose(g, ids(g)[0])
    assert g.pending.kind == "dragon_pride"        # he has not moved: Stay Put could still take it
    choose(g, "pride:now")
    b = g.state.board
    assert b.tiles[(1, 0)].lit and b.tiles[(-1, 0)].lit and not b.tiles[(1, 1)].lit   # corner not hit
    assert b.tokens_at((1, 0))["event"] == 1                          # DR-70
    assert D(g).sloth["event"] == 3 and D(g).wakefulness == 3          # Pride: Event tile


def test_DR_43_flame_on_a_lit_centre_reveals_nothing() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]}, dragon={"hand": ["flame"]})
    g.script_dice("dragon", 6, then="fail")
    choose(g, "power:flame")
    assert "flame_nothing" in event_kinds(g) and g.pending.kind == "dragon_turn"


def test_DR_30_DR_40_scorch_reveals_surrounding_not_own() -> None:
    tiles = [entrance(), dark((1, 0), "T03"), dark((1, 1), "T04"), dark((2, 0), "T06")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]}, dragon={"hand": ["flame", "flame"]})
    choose(g, "power:scorch")
    while g.pending.kind in ("reveal_order", "orient_tile", "fill_open_edge"):
        choose(g, ids(g)[0])
    b = g.state.board
    assert not b.tiles[(1, 0)].lit and b.tiles[(1, 1)].lit and b.tiles[(2, 0)].lit


def test_DR_28_slither_moves_a_cube_between_boxes() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]}, dragon={"hand": ["claw", "flame"]})
    choose(g, "power:slither")
    assert "slither:dont_move>hunger" in ids(g) and "slither:greed>event" not in ids(g)   # Event is full
    choose(g, "slither:dont_move>hunger")
    assert D(g).sloth["dont_move"] == 0 and D(g).sloth["hunger"] == 3


def test_DR_29_DR_41_swat_moves_adjacent_tokens_only() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]}, dragon={"hand": ["claw", "wing"]},
                    tokens={"2,0": {"treasure": 1}, "1,0": {"gem_claw": 1}})
    choose(g, "power:swat", "pay:card_claw,card_wing")
    assert all("@2,0>" in i for i in ids(g))                           # not the Gem on his own tile
    choose(g, "swat:treasure@2,0>0,0")
    assert g.state.board.tokens_at((0, 0))["treasure"] == 1


def test_DR_32_slap_moves_the_adjacent_knight_up_to_3() -> None:
    tiles = ROW + [lit((4, 0), "T33")]
    g = dragon_game(tiles=tiles, pieces={"dragon": [0, 0], "knight": [1, 0]}, dragon={"hand": ["wing", "wing"]})
    choose(g, "power:slap")
    assert set(ids(g)) == {"push:2,0", "push:3,0", "push:4,0"}
    choose(g, "push:4,0")
    assert g.state.board.pieces["knight"] == (4, 0)


def test_DR_33_DIE_08_shriek_rerolls_once() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]},
                    dragon={"hand": ["flame"], "shriek": True})
    g.script_dice("dragon", 6, 2, then="fail")
    choose(g, "power:flame", "reroll:")
    assert not D(g).shriek and g.state.last_roll == ((0, 0), 2)


def test_DR_34_scratch_knight_loses_5_grit() -> None:
    g = dragon_game(tiles=ROW, pieces={"dragon": [1, 0], "knight": [1, 0]}, dragon={"hand": ["claw"] * 3},
                    knight={"grit": 8, "grit_spaces": [11, 18, 26, 35], "cubes_free": 3})
    choose(g, "power:scratch", "scratch:knight")
    assert K(g).grit == 3 and K(g).grit_spaces == [5, 11, 18, 26, 35]


def test_DR_24_claw_may_move_the_knight_one_space() -> None:
    g = dragon_game(tiles=ROW, pieces={"dragon": [1, 0], "knight": [1, 0]}, dragon={"hand": ["claw"]})
    g.script_dice("dragon", 3, then="fail")
    choose(g, "power:claw")
    assert set(ids(g)) == {"push:0,0", "push:2,0", "nopush:"}
    choose(g, "push:2,0")
    assert g.state.board.pieces["knight"] == (2, 0)


def test_DR_35_DR_38_flame_wall_burns_who_enters_and_comes_home() -> None:
    g = dragon_game(tiles=ROW, pieces={"dragon": [1, 0], "knight": [3, 0]}, dragon={"hand": ["flame"] * 3},
                    knight={"grit": 6, "grit_spaces": [11, 18, 26, 35], "cubes_free": 3})
    choose(g, "power:flame_wall", "flamewall:2,0", "end:", "skip:")
    while g.pending.role == "dragon":                                   # end-of-turn tile, Past Plunder
        choose(g, ids(g)[0])
    assert g.state.active == "knight" and g.state.board.tokens_at((2, 0))["flamewall"] == 1
    choose(g, "move:2,0")
    assert K(g).grit == 1
    choose(g, "end:")
    while g.state.active != "dragon" or g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    assert g.state.board.count_tokens("flamewall") == 0


def test_DR_36_smash_crystal_token() -> None:
    tiles = [entrance(), lit((1, 0), "T37")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]}, dragon={"hand": ["claw"] * 3},
                    tokens={"1,0": {"crystal": 1}})
    choose(g, "power:smash")
    assert g.state.board.tokens_at((1, 0))["crystal"] == 0 and g.state.crystals_smashed_total == 1


def test_DR_37_COL_22_23_wrath_collapses_affected_tiles() -> None:
    """Face 3 (plus): his own tile, the Entrance (never) and the sides; the Knight is pushed."""
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((1, 1), "T20"), lit((2, 1), "T22"),
             lit((0, 1), "T31")]
    g = dragon_game(roles=("knight", "dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0], "knight": [2, 0]},
                    dragon={"hand": ["claw"] * 4})
    g.script_dice("dragon", 3, then="fail")
    choose(g, "power:wrath")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    b = g.state.board
    on_map = {t.tile_id for t in b.tiles.values()}
    assert "entrance" in on_map and not {"T01", "T05", "T20"} & on_map     # the Entrance is never removed
    assert {"T01", "T05", "T20"} <= set(g.state.stack)                     # COL-23: back under the stack
    assert b.pieces["knight"] in b.tiles and b.pieces["dragon"] in b.tiles


def test_COL_23_MAP_42_wrath_removes_all_then_shuffles_reconnects_and_fills_once() -> None:
    """Wrath before the Collapse: every affected tile goes first; the Crystal tile leaves the
    game, the others are shuffled together under the stack; then one reconnection and one fill."""
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((1, 1), "T20"), lit((1, -1), "T37"),
             lit((2, 1), "T22"), lit((3, 1), "T31")]
    g = dragon_game(tiles=tiles, pieces={"dragon": [1, 0], "knight": [3, 1]}, dragon={"hand": ["claw"] * 4})
    g.script_dice("dragon", 3, then="fail")
    shuffled: list[list[str]] = []

    def fake_shuffle(x: list[str]) -> None:
        shuffled.append(sorted(x))
        x.sort(reverse=True)

    g.rng.shuffle = fake_shuffle  # type: ignore[method-assign,assignment]
    choose(g, "power:wrath")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    assert shuffled == [["T01", "T05", "T20"]]                              # one shuffle, Crystal excluded
    assert "T37" in g.state.removed_from_game and "T37" not in g.state.stack
    assert g.state.stack[-3:] == ["T20", "T05", "T01"]                      # together, at the bottom
    kinds = event_kinds(g)
    last_removed = max(i for i, k in enumerate(kinds) if k == "tile_removed")
    assert kinds.count("tile_removed") == 4
    assert all(i > last_removed for i, k in enumerate(kinds) if k in ("map_slid", "tile_placed"))
    assert kinds.count("map_slid") <= 1 and "tile_placed" in kinds


# ---------------------------------------------------------- Treasure, Gems
def test_DR_48_50_51_greed_one_token_a_turn() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]}, dragon={"hand": []},
                    tokens={"1,0": {"treasure": 2}})
    choose(g, "move:1,0", "end:", "pickup:")
    assert D(g).sloth["greed"] == 3 and D(g).treasure_held == 1 and D(g).wakefulness == 3
    assert g.state.supply["treasure"] == 9                             # one back to the Cave


def test_DR_52_greed_empty_tokens_go_back() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": [], "sloth": {"greed": 0}}, tokens={"1,0": {"treasure": 1}})
    choose(g, "end:", "pickup:")
    assert D(g).treasure_held == 0 and g.state.supply["treasure"] == 10


def test_DR_53_DR_60_place_gem_pride_when_another_is_on_the_map() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]}, dragon={"hand": []},
                    tokens={"3,0": {"gem_claw": 1}})
    choose(g, "move:2,0", "end:")
    assert set(ids(g)) == {"gem:flame", "gem:wing", "skip:"}
    choose(g, "gem:wing")
    assert g.state.board.tokens_at((2, 0))["gem_wing"] == 1
    assert D(g).sloth["place_gem"] == 0 and gems_in_supply(g) == ["flame"]


@pytest.mark.parametrize("answer", ["pride:now", "pride:later"])
def test_DR_60_AMB_57_dont_move_cube_and_DR_61_62_one_pride_cube_of_his_choice(answer: str) -> None:
    """DR-61/62: placing a Gem (another on the map) and staying put both meet Pride, but
    only one Pride cube moves a turn; he *may* move it on meeting a condition, so he is
    asked whether to take the Gem box's cube or keep Pride for Stay Put."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]}, dragon={"hand": []},
                    tokens={"3,0": {"gem_claw": 1}})
    awake_before = D(g).wakefulness
    choose(g, "end:", "gem:wing")
    assert g.pending.kind == "dragon_pride" and set(ids(g)) == {"pride:now", "pride:later"}
    choose(g, answer)
    sloth = D(g).sloth
    if answer == "pride:now":
        assert (sloth["place_gem"], sloth["dont_move"]) == (0, 1)
    else:
        assert (sloth["place_gem"], sloth["dont_move"]) == (1, 0)
    assert D(g).wakefulness == awake_before + 1                         # only 1 Pride cube a turn


def test_DR_61_62_no_pride_question_when_nothing_else_can_give_it() -> None:
    """DR-61: once he has moved, Stay Put cannot follow, so the Gem's Pride cube moves at once."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]}, dragon={"hand": []},
                    tokens={"3,0": {"gem_claw": 1}})
    awake_before = D(g).wakefulness
    choose(g, "move:2,0", "end:", "gem:wing")
    assert "pride_kept" not in event_kinds(g)
    assert D(g).sloth["place_gem"] == 0 and D(g).wakefulness == awake_before + 1


def test_DR_54_DR_05_new_hand_by_spirit() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": ["claw"], "wakefulness": 7, "sloth": {"greed": 0, "hunger": 0}})
    assert spirit(g) == 5 and armor(g) == 2
    choose(g, "end:", "skip:")
    d = D(g)
    assert len(d.hand) == 5 and len(d.hand) + len(d.deck) + len(d.discard) == 18


def test_DR_04_07_armor_spirit_rows() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]})
    table = {0: (1, 3), 1: (1, 3), 2: (1, 4), 5: (2, 4), 8: (3, 5), 11: (3, 6), 13: (4, 6), 14: (4, 7)}
    for w, (a, s) in table.items():
        D(g).wakefulness = w
        assert (armor(g), spirit(g)) == (a, s)


# ---------------------------------------------------- waking, surfacing
def test_DR_64_awakens_at_11_and_DR_65_66_surfaces_on_a_crystal_tile() -> None:
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T37")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]},
                    dragon={"hand": [], "wakefulness": 10, "sloth": {"greed": 0, "hunger": 0, "event": 0}},
                    tokens={"2,0": {"treasure": 1, "crystal": 1}})
    choose(g, "move:2,0", "end:")
    assert D(g).sloth["greed"] == 0
    D(g).sloth["greed"] = 1                                            # a Greed cube left to take
    choose(g, "pickup:")
    assert D(g).awake and D(g).wakefulness == 11
    choose(g, "skip:")
    assert D(g).surfaced and g.state.board.tokens_at((2, 0))["crystal"] == 0


def test_DR_64_never_falls_asleep_again() -> None:
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"awake": True, "wakefulness": 10})
    assert D(g).awake


@pytest.mark.parametrize("level, need", [("hatchling", 7), ("whelp", 9), ("dragon", 11), ("elder_dragon", 13)])
def test_DIF_13_wakefulness_needed(level: str, need: int) -> None:
    g = new_game(Setup(roles=("dragon", "cave"), seed=1, difficulty={"dragon": level}))
    assert g.config.extra["wakefulness_needed"] == need


def test_DIF_12_ancient_dragon_needs_three_shriek_turns() -> None:
    from vast_desktop.engine.roles.dragon.turn import check_awake
    g = scenario(("dragon", "cave"), active="dragon", tiles=ROW, pieces={"dragon": [1, 0]},
                 difficulty={"dragon": "ancient_dragon"}, dragon={"placed": True, "wakefulness": 13})
    check_awake(g)
    assert not D(g).awake
    D(g).shriek_turns = [1, 5, 9]
    check_awake(g)
    assert D(g).awake


def test_DR_47_no_goblins_no_eating() -> None:
    from vast_desktop.engine.roles.dragon.turn import eat
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]})
    eat(g, 3, "test")
    assert D(g).eaten == 0


# ------------------------------------------------------- the Knight's side
def knight_on_dragon(**kw):
    data = {"tiles": ROW, "pieces": {"knight": [0, 0], "dragon": [1, 0]}, "active": "knight"}
    data.update(kw)
    return dragon_game(**data)


def test_KN_45_enter_underground_dragon_tile_without_encounter() -> None:
    g = knight_on_dragon()
    choose(g, "move:1,0")
    assert K(g).encounters_used == 0


def test_KN_47_KN_54_KN_73_bomb_attack_underground() -> None:
    """Strength 1 vs Armor 1 with a Bomb: the die decides (KN-55); no Bomb token is used."""
    g = knight_on_dragon(pieces={"knight": [1, 0], "dragon": [1, 0]}, knight={"bombs_left": 0})
    g.script_dice("dragon", 6, then="fail")
    assert "dragon:attack" not in ids(g)
    choose(g, "dragon:bomb")
    assert D(g).health == 4 and K(g).bombs_left == 0 and K(g).bomb_attacked
    assert not any(i.startswith("dragon:") for i in ids(g))            # once a turn underground


def test_KN_74_no_bomb_attack_after_blowing_a_wall() -> None:
    tiles = [entrance(), lit((1, 0), "T02", rot=1), lit((2, 0), "T05")]
    g = knight_on_dragon(tiles=tiles, pieces={"knight": [1, 0], "dragon": [1, 0]}, knight={"cubes_free": 3})
    choose(g, "bomb:2,0")
    assert "dragon:bomb" not in ids(g)


def test_KN_48_COL_31_collapse_no_bomb_needed() -> None:
    g = knight_on_dragon(pieces={"knight": [1, 0], "dragon": [1, 0]}, collapse=True, knight={"cubes_free": 3})
    choose(g, "cube:strength")
    assert "dragon:attack" in ids(g) and "dragon:bomb" not in ids(g)
    choose(g, "dragon:attack")
    assert D(g).health == 4


def test_KN_46_KN_49_surfaced_entry_needs_strength_and_repeated_attacks() -> None:
    g = knight_on_dragon(dragon={"surfaced": True, "awake": True, "wakefulness": 4}, knight={"cubes_free": 3})
    assert "move:1,0" not in ids(g)                                     # Strength 1 < Armor 2
    choose(g, "cube:perception", "cube:strength", "move:1,0")                          # Strength 2 = Armor: must attack
    assert K(g).encounters_used == 1
    choose(g, "cube:strength")
    assert "dragon:attack" in ids(g)
    choose(g, "dragon:attack")                                          # Strength 3 > 2: a hit
    assert K(g).encounters_used == 2 and "hit_dragon" in K(g).achievements


def test_KN_52_KN_01_knight_wins_at_zero_health() -> None:
    g = knight_on_dragon(pieces={"knight": [1, 0], "dragon": [1, 0]}, collapse=True,
                         knight={"cubes_free": 3}, dragon={"health": 1})
    choose(g, "cube:strength", "dragon:attack")
    assert g.outcome is not None and g.outcome.winners == ("knight",)


def test_KN_64_gem_roll() -> None:
    g = knight_on_dragon(tokens={"1,0": {"gem_flame": 1}}, pieces={"knight": [1, 0], "dragon": [3, 0]})
    g.script_dice("dragon", 1, then="fail")
    choose(g, "dragon:gem:flame")
    assert K(g).grit == 5 and gems_in_supply(g) == ["claw", "flame", "wing"]
    assert "attempted_gem" in K(g).achievements


def test_KN_85_86_enchanted_bow_makes_him_discard() -> None:
    g = knight_on_dragon(pieces={"knight": [0, 0], "dragon": [3, 0]},
                         knight={"treasures": ["enchanted_bow"], "face_up": ["enchanted_bow"], "cubes_free": 3},
                         dragon={"hand": ["claw", "claw", "flame"]})
    choose(g, "cube:treasure:enchanted_bow", "cube:strength")
    choose(g, "dragon:bow", "discard:claw")
    assert len(D(g).hand) == 2 and "bow_damage" in K(g).achievements   # Strength 2 − 1
    assert "dragon:bow" not in ids(g)


def test_KN_88_javelin_underground_plus_one() -> None:
    """KN-88: the readied Javelin reaches the underground Dragon without a Bomb, +1 Strength."""
    g = knight_on_dragon(pieces={"knight": [1, 0], "dragon": [1, 0]},
                         knight={"treasures": ["javelin"], "track": {"strength": 0}})
    choose(g, "treasure:javelin:javelin", "dragon:attack")          # Strength 2 > Armor 1
    assert D(g).health == 4 and "javelin" not in K(g).treasures


def test_KN_91_mighty_axe_extra_damage() -> None:
    g = knight_on_dragon(pieces={"knight": [1, 0], "dragon": [1, 0]}, collapse=True,
                         knight={"treasures": ["mighty_axe"], "cubes_free": 3})
    choose(g, "cube:treasure:mighty_axe", "dragon:attack", "yes:")   # Strength 2 > 1, +1 damage
    assert D(g).health == 3 and K(g).discarded == 1


# ---------------------------------------------------------- Cave, variants
def test_CV_24_RV_14_spores_never_back_to_locked_hunger() -> None:
    g = scenario(("knight", "dragon", "cave"), active="cave", tiles=ROW, pieces={"knight": [0, 0], "dragon": [1, 0]},
                 cave={"omens": {"quartz": 3}}, dragon={"placed": True, "wakefulness": 3, "locked_hunger": 2,
                                                        "sloth": {"hunger": 2, "greed": 3}})
    choose(g, "omen:soporific_spores")
    while g.pending.kind == "pay_omen":
        choose(g, ids(g)[0])
    choose(g, "spores:dragon")
    assert "sloth:hunger" not in ids(g) and "sloth:greed" in ids(g)
    choose(g, "sloth:greed")
    assert D(g).wakefulness == 2 and D(g).sloth["greed"] == 4


def test_RV_23_RV_04_VAR_41_past_plunder_at_the_end_of_the_dragons_turn() -> None:
    """RV-23, VAR-41: the Past Plunder card lets its holder (the Dragon here) place a
    Treasure token; RV-04 [FAQ]: after the end-of-turn Dark tile, not before."""
    tiles = ROW + [dark((0, 1), "T03")]
    g = dragon_game(tiles=tiles, pieces={"knight": [3, 0], "dragon": [1, 0]}, dragon={"hand": []})
    choose(g, "end:", "skip:")
    assert g.pending.kind == "place_tile"                              # the end-of-turn tile first (RV-04)
    choose(g, ids(g)[0])
    assert g.pending.kind == "past_plunder" and g.pending.role == "dragon"
    choose(g, ids(g)[0])
    assert g.state.board.count_tokens("treasure") == 1 and g.state.active == "knight"


def test_SOLO_03_dragon_solo_places_spirit_tiles() -> None:
    g = new_game(Setup(roles=("dragon",), seed=4, solo_level="medium"))
    from vast_desktop.engine.flow import alone_in_the_dark_count
    assert alone_in_the_dark_count(g, "dragon") == spirit(g) == 4


def test_view_hides_the_dragons_hand() -> None:
    from vast_desktop.engine import view
    g = new_game(Setup(roles=("knight", "dragon"), seed=1))
    assert view(g, "dragon").boards.dragon.hand is not None
    assert view(g, "knight").boards.dragon.hand is None and view(g, None).boards.dragon.hand is None


def test_strength_helper_consistent() -> None:
    g = knight_on_dragon()
    assert kb.strength(g) == 1


def test_DR_44_45_59_claw_eats_scattered_goblins() -> None:
    """Claw hits the Fangs: they scatter (−2 Population), he eats 2, and Hunger gives a cube."""
    g = dragon_game(roles=("goblins", "dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0], "tribe:fangs": [1, 0]},
                    goblins={"population": {"fangs": 3, "bones": 1, "eye": 1}}, dragon={"hand": ["claw"]})
    g.script_dice("dragon", 6, then="fail")
    choose(g, "power:claw")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    assert "tribe:fangs" not in g.state.board.pieces and g.state.goblins.population["fangs"] == 1
    assert D(g).sloth["hunger"] == 3 and D(g).eaten == 0 and D(g).wakefulness == 1
