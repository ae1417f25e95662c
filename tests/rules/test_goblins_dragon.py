"""Rule tests for the Goblins against the Dragon (RV-07/16/29, GB-45/56/71/79/80/90,
DR-13/27/35/55, Hex) and the house rules for the ambiguities they touch (AMB-27..59).

Base map (helpers_goblins): Entrance (0,0); Lit open tiles (1,0), (2,0), (3,0), (-1,0);
Dark tiles T01 Fangs (1,1), T05 Bones (2,1), T03 Eye (3,1), T37 Crystal/Fangs (0,1).
Populations are set once the Activate Tribes menu is reached (the War card adds discs).
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.roles.dragon.state import armor
from vast_desktop.engine.roles.goblins import turn as gb

from .helpers import dark, entrance, lit
from .helpers_goblins import WAR, base_tiles, choose, ids, to_activation

CENTRE, SIDE = 3, 1          # die faces: 3 hits the centre (plus shape), 1 does not


def game(roles: tuple[str, ...] = ("goblins", "dragon"), active: str = "goblins", house: tuple[str, ...] = (),
         goblins: dict[str, Any] | None = None, dragon: dict[str, Any] | None = None, war: str = "pain",
         **data: Any) -> Game:
    gob = {"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0},
           "war_deck": [war] + [w for w in WAR if w != war], **(goblins or {})}
    setup = {"roles": list(roles), "seed": 3, "house_rules": list(house)}
    data.setdefault("tiles", base_tiles())
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **(dragon or {})}
    return load_scenario({"setup": setup, "active": active, "goblins": gob, **data})


def activation(g: Game, **population: int) -> None:
    to_activation(g)
    g.state.goblins.population.update(population)
    g.state.goblins.rage = 2


def D(g: Game) -> Any:
    return g.state.dragon



def finish_dragon_turn(g: Game) -> None:
    while g.pending is not None and g.state.active == "dragon":
        choose(g, "skip:" if "skip:" in ids(g) else ("end:" if "end:" in ids(g) else ids(g)[0]))


# ----------------------------------------------------------- Ash Dragon
def test_RV_07_GB_71_90_RV_29_tribe_attacks_the_dragon_with_ash_dragon() -> None:
    g = game(pieces={"dragon": [2, 0], "tribe:fangs": [2, 0]})
    assert armor(g) == g.rules.dragon.armor_spirit(0)[0] + 1          # RV-07: +1 Armor
    activation(g, fangs=4)
    health = D(g).health
    choose(g, "activate:fangs")
    choose(g, "attack:dragon")                                          # underground: GB-90 at any time
    assert D(g).health == health - 1 and g.state.goblins.rage == 1
    assert gb.tribe_pos(g, "fangs") is None and g.state.goblins.population["fangs"] == 2


def test_RV_16_goblins_win_by_killing_the_dragon() -> None:
    g = game(roles=("goblins", "dragon", "cave"), pieces={"dragon": [2, 0], "tribe:fangs": [2, 0]},
             dragon={"health": 1})
    activation(g, fangs=4)
    choose(g, "activate:fangs")
    choose(g, "attack:dragon")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)


def test_GB_71_AMB_27_no_attack_on_the_dragon_without_ash_dragon() -> None:
    for house, surfaced in (((), True), (("tribes_fight_surfaced_dragon",), False)):
        g = game(roles=("knight", "goblins", "dragon"), house=house, dragon={"surfaced": surfaced, "awake": True},
                 pieces={"knight": [-1, 0], "dragon": [2, 0], "tribe:fangs": [2, 0]})
        activation(g, fangs=4)
        choose(g, "activate:fangs")
        assert "attack:dragon" not in ids(g)
    g = game(roles=("knight", "goblins", "dragon"), house=("tribes_fight_surfaced_dragon",),
             dragon={"surfaced": True, "awake": True}, pieces={"knight": [-1, 0], "dragon": [2, 0], "tribe:fangs": [2, 0]})
    activation(g, fangs=4)
    choose(g, "activate:fangs")
    assert "attack:dragon" in ids(g)                                    # AMB-27 house rule


@pytest.mark.parametrize("roles, house, attacked", [
    (("goblins", "dragon"), (), True),                                  # Ash Dragon: DR-13's Tribe half
    (("knight", "goblins", "dragon"), (), False),                       # AMB-27 default: no Goblin attack
    (("knight", "goblins", "dragon"), ("tribes_fight_surfaced_dragon",), True),
])
def test_DR_13_AMB_27_surfaced_dragon_enters_a_tribes_tile(roles, house, attacked) -> None:
    pieces = {"dragon": [3, 0], "tribe:fangs": [2, 0], **({"knight": [-1, 0]} if "knight" in roles else {})}
    g = game(roles=roles, active="dragon", house=house, pieces=pieces, dragon={"surfaced": True, "awake": True},
             goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}})
    health = D(g).health
    choose(g, "move:2,0")
    assert (D(g).health == health - 1) == attacked
    assert (gb.tribe_pos(g, "fangs") is None) == attacked


def test_DR_15_GB_72_tribe_entering_a_surfaced_dragons_tile_attacks() -> None:
    g = game(pieces={"dragon": [2, 0], "tribe:fangs": [1, 0]}, dragon={"surfaced": True, "awake": True})
    activation(g, fangs=4)
    health = D(g).health
    choose(g, "activate:fangs")
    choose(g, "move:2,0")
    assert D(g).health == health - 1 and gb.tribe_pos(g, "fangs") is None


@pytest.mark.parametrize("house, allowed", [((), False), (("tribes_share_underground_dragon",), True)])
def test_AMB_29_entering_the_underground_dragons_tile(house, allowed) -> None:
    g = game(roles=("knight", "goblins", "dragon"), house=house,
             pieces={"knight": [-1, 0], "dragon": [2, 0], "tribe:bones": [1, 0]})
    activation(g, bones=1)
    assert gb.tribe_strength(g, "bones") <= armor(g)
    choose(g, "activate:bones")
    assert ("move:2,0" in ids(g)) == allowed


# ------------------------------------------------------------------ Gems
@pytest.mark.parametrize("face, scattered", [(SIDE, False), (CENTRE, True)])
def test_GB_79_DR_55_tribe_plunders_a_dragon_gem(face, scattered) -> None:
    g = game(pieces={"dragon": [3, 0], "tribe:fangs": [2, 0]}, tokens={"2,0": {"gem_claw": 1}})
    g.script_dice("dragon", face, then="fail")
    activation(g, fangs=3)
    choose(g, "activate:fangs")
    choose(g, "plunder:gem_claw")
    assert g.state.board.tokens_at((2, 0))["gem_claw"] == 0             # back in his supply
    assert (gb.tribe_pos(g, "fangs") is None) == scattered
    assert g.state.goblins.rage == (2 if scattered else 3)


def test_GB_80_plunder_a_gem_from_the_dragon_himself() -> None:
    g = game(pieces={"dragon": [2, 0], "tribe:fangs": [2, 0]})
    activation(g, fangs=3)
    choose(g, "activate:fangs")
    assert "plunder:dragon" in ids(g)
    g = game(pieces={"dragon": [2, 0], "tribe:fangs": [2, 0]}, tokens={"3,0": {"gem_wing": 1}})
    activation(g, fangs=3)
    choose(g, "activate:fangs")
    assert "plunder:dragon" not in ids(g)                               # a Gem is on the map


# ------------------------------------------------------------- powers
def test_DR_27_GB_17_hiss_hides_the_tribe() -> None:
    g = game(active="dragon", pieces={"dragon": [3, 0], "tribe:fangs": [1, 0]}, dragon={"hand": ["claw", "claw"]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}})
    choose(g, "power:hiss")
    choose(g, "hiss:fangs")
    assert g.pending.role == "goblins" and ids(g) == ("no_response:",)  # GB-56: asked even without Trap
    choose(g, "no_response:")
    s = g.state.goblins
    assert gb.tribe_pos(g, "fangs") is None and gb.on_board(g, "fangs") and s.population["fangs"] == 2
    assert s.rage == 2 and D(g).eaten == 1


def test_GB_45_bright_beetles_against_hiss_and_scratch() -> None:
    g = game(active="dragon", pieces={"dragon": [3, 0], "tribe:fangs": [1, 0]}, dragon={"hand": ["claw", "claw"]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "monsters": {"fangs": ["bright_beetles"]}})
    choose(g, "power:hiss")
    choose(g, "hiss:fangs")
    choose(g, "no_response:")
    choose(g, "beetles:")
    assert g.state.goblins.population["fangs"] == 3 and D(g).eaten == 0
    assert g.state.goblins.monsters["fangs"] == [] and gb.tribe_pos(g, "fangs") is None
    g = game(active="dragon", pieces={"dragon": [3, 0], "tribe:fangs": [3, 0]}, dragon={"hand": ["claw"] * 3},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "monsters": {"fangs": ["bright_beetles"]}})
    choose(g, "power:scratch")
    choose(g, "scratch:tribes")
    choose(g, "no_response:")
    assert g.state.goblins.population["fangs"] == 0 and D(g).eaten == 0 and D(g).sloth["hunger"] == 3   # 3 lost, 2 eaten (1 fewer), then Hunger


@pytest.mark.parametrize("trap", [True, False])
def test_GB_56_57_trap_against_claw(trap) -> None:
    g = game(active="dragon", pieces={"dragon": [2, 0], "tribe:fangs": [2, 0]}, dragon={"hand": ["claw"]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "face_up": ["trap"] if trap else []})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:claw")
    assert g.pending.kind == "trap_dragon" and g.pending.role == "goblins"
    assert set(ids(g)) == ({"trap:", "no_response:"} if trap else {"no_response:"})
    choose(g, "trap:" if trap else "no_response:")
    s = g.state.goblins
    if trap:
        assert gb.tribe_pos(g, "fangs") == (2, 0) and s.population["fangs"] == 3 and D(g).eaten == 0
        assert "trap" in s.secrets_discard and "trap" not in s.face_up
    else:
        assert gb.tribe_pos(g, "fangs") is None and s.population["fangs"] == 1


@pytest.mark.parametrize("trap", [True, False])
def test_GB_56_one_trap_spares_every_tribe_the_power_hits(trap) -> None:
    """GB-56 (FAQ, "Using Trap to ignore a Dragon's power"): with Trap the power "has no
    effect on any Tribe and the Dragon does not eat any Goblins" — one question for the
    whole Claw, naming both Tribes it hits, and both are spared."""
    g = game(active="dragon", pieces={"dragon": [2, 0], "tribe:fangs": [2, 0], "tribe:bones": [2, 0]},
             dragon={"hand": ["claw"]},
             goblins={"population": {"fangs": 3, "bones": 2, "eye": 0}, "face_up": ["trap"] if trap else []})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:claw")
    assert g.pending.kind == "trap_dragon" and "Fangs" in g.pending.prompt and "Bones" in g.pending.prompt
    choose(g, "trap:" if trap else "no_response:")
    s = g.state.goblins
    if trap:
        assert g.pending.kind != "trap_dragon"                 # asked once, not once per Tribe
        assert s.population == {"fangs": 3, "bones": 2, "eye": 0} and D(g).eaten == 0
        assert gb.tribe_pos(g, "fangs") == (2, 0) and gb.tribe_pos(g, "bones") == (2, 0)
    else:
        while g.pending.kind != "dragon_turn":
            choose(g, ids(g)[0])
        assert gb.tribe_pos(g, "fangs") is None and gb.tribe_pos(g, "bones") is None and D(g).eaten > 0


def test_GB_58_hex_the_dragon() -> None:
    g = game(goblins={"hand": ["hex"]}, pieces={"dragon": [3, 0]}, dragon={"hand": ["claw", "flame", "wing"]})
    activation(g, eye=2)
    choose(g, "secret:hex")
    choose(g, "hex:dragon")
    while g.pending.kind == "dragon_discard":
        choose(g, ids(g)[0])
    assert len(D(g).hand) == 1 and len(D(g).discard) == 2


@pytest.mark.parametrize("trap", [True, False])
def test_DR_35_GB_56_flame_wall_burns_a_tribe_unless_trap(trap) -> None:
    g = game(pieces={"dragon": [3, 0], "tribe:fangs": [1, 0]}, tokens={"2,0": {"flamewall": 1}},
             goblins={"face_up": ["trap"] if trap else []})
    activation(g, fangs=3)
    choose(g, "activate:fangs")
    choose(g, "move:2,0")
    assert g.pending.kind == "trap_dragon"                   # asked either way: nothing leaks
    assert set(ids(g)) == ({"trap:", "no_response:"} if trap else {"no_response:"})
    choose(g, "trap:" if trap else "no_response:")
    assert g.state.goblins.population["fangs"] == (3 if trap else 2) and gb.tribe_pos(g, "fangs") == (2, 0)


@pytest.mark.parametrize("trap", [True, False])
def test_GB_56_trap_against_wrath(trap) -> None:
    tiles = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T22"), lit((3, 0), "T31"), lit((2, 1), "T32")]
    g = game(active="dragon", tiles=tiles, pieces={"dragon": [2, 0], "tribe:fangs": [3, 0]},
             dragon={"hand": ["claw"] * 4},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "face_up": ["trap"] if trap else []})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:wrath")
    assert g.pending.kind == "trap_dragon" and g.pending.role == "goblins"
    assert set(ids(g)) == ({"trap:", "no_response:"} if trap else {"no_response:"})
    choose(g, "trap:" if trap else "no_response:")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    s = g.state.goblins
    if trap:                                                # no effect on the Tribe: it stays, and so does its tile
        fangs = gb.tribe_pos(g, "fangs")                    # (the map is reconnected: follow the tile T31)
        assert fangs is not None and g.state.board.tiles[fangs].tile_id == "T31"
        assert s.population["fangs"] == 3 and "trap" in s.secrets_discard
    else:
        assert gb.tribe_pos(g, "fangs") is None and s.population["fangs"] == 1


# ----------------------------------------------------------- house rules
@pytest.mark.parametrize("house, offered", [((), True), (("ambush_by_tile_symbol",), False)])
def test_AMB_30_which_hidden_tribe_ambushes(house, offered) -> None:
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": False}]   # a Fangs tile
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3, "house_rules": list(house)},
                       "active": "knight", "tiles": tiles, "pieces": {"knight": [0, 0]},
                       "goblins": {"population": {"fangs": 0, "bones": 3, "eye": 0}}, "knight": {"cubes_free": 0}})
    choose(g, "move:1,0")
    while g.pending is not None and g.pending.kind not in ("ambush", "ambush_strength"):
        choose(g, ids(g)[0])
    if g.pending.kind == "ambush_strength":
        choose(g, "fight:")
    assert ("ambush:bones" in ids(g)) == offered


@pytest.mark.parametrize("house", [(), ("goblin_crystals_not_knights",)])
def test_AMB_31_goblin_crystals_and_the_knight(house) -> None:
    g = game(roles=("knight", "goblins"), house=house, pieces={"knight": [3, 0], "tribe:fangs": [2, 0],
                                                               "tribe:bones": [2, 0]}, tokens={"2,0": {"crystal": 1}})
    activation(g, fangs=2, bones=3)
    choose(g, "activate:fangs")
    choose(g, "attack:crystal")
    choose(g, "activate:bones")
    choose(g, "attack:crystal")
    assert (g.state.knight.smashed, g.state.goblins.crystals) == ((0, 1) if house else (1, 0))


def _wrath(house: tuple[str, ...], tiles: list[dict[str, Any]], pieces: dict[str, Any],
           roles: tuple[str, ...] = ("knight", "dragon", "cave")) -> tuple[Game, list[str]]:
    g = load_scenario({"setup": {"roles": list(roles), "seed": 1, "house_rules": list(house)}, "active": "dragon",
                       "tiles": tiles, "pieces": pieces, "dragon": {"placed": True, "hand": ["claw"] * 4}})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:wrath")
    prompts = []
    while g.pending.kind != "dragon_turn":
        prompts.append(g.pending.prompt)
        choose(g, ids(g)[0])
    return g, prompts


WRATH_TILES = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((1, 1), "T20"), lit((2, 1), "T22"),
               lit((0, 1), "T31")]


@pytest.mark.parametrize("house", [(), ("wrath_spares_dragon_tile",)])
def test_AMB_33_wrath_on_the_dragons_own_tile(house) -> None:
    g, _ = _wrath(house, WRATH_TILES, {"dragon": [1, 0], "knight": [2, 1]})
    b = g.state.board
    assert ((1, 0) in b.tiles and b.tiles[(1, 0)].tile_id == "T01") == bool(house)
    assert (b.pieces["dragon"] == (1, 0)) == bool(house) and b.pieces["dragon"] in b.tiles


@pytest.mark.parametrize("house", [(), ("wrath_moves_every_piece",)])
def test_AMB_34_wrath_moves_pieces_off_affected_tiles_only(house) -> None:
    tiles = WRATH_TILES + [lit((-1, 0), "T32"), lit((-2, 0), "T30")]
    g, prompts = _wrath(house, tiles, {"dragon": [1, 0], "knight": [-1, 0]})
    assert (g.state.board.pieces["knight"] != (-1, 0)) == bool(house)
    assert any(p.startswith("Wrath: move the Knight") for p in prompts) == bool(house)


@pytest.mark.parametrize("house", [(), ("swat_exactly_five",)])
def test_AMB_35_swat_distance(house) -> None:
    row = [entrance()] + [lit((x, 0), t) for x, t in zip(range(1, 8), ("T20", "T22", "T31", "T32", "T25", "T29",
                                                                        "T30"), strict=True)]
    g = load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1, "house_rules": list(house)},
                       "active": "dragon", "tiles": row, "pieces": {"dragon": [1, 0]},
                       "dragon": {"placed": True, "hand": ["claw", "wing"]}, "tokens": {"2,0": {"treasure": 1}}})
    choose(g, "power:swat")
    if g.pending.kind == "pay_power":
        choose(g, ids(g)[0])
    dests = {i.split(">")[1] for i in ids(g)}
    assert ("3,0" in dests) != bool(house) and "7,0" in dests


@pytest.mark.parametrize("house", [(), ("shriek_this_turn_only",)])
def test_AMB_36_shriek_token_lasts(house) -> None:
    g = load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1, "house_rules": list(house)},
                       "active": "dragon", "tiles": WRATH_TILES, "pieces": {"dragon": [1, 0]},
                       "dragon": {"placed": True, "hand": ["claw", "flame"]}})
    choose(g, "power:shriek")
    if g.pending.kind == "pay_power":
        choose(g, ids(g)[0])
    assert D(g).shriek
    finish_dragon_turn(g)
    assert D(g).shriek != bool(house)


@pytest.mark.parametrize("house", [(), ("reveal_onto_occupied_tiles",)])
def test_AMB_42_reveal_onto_the_underground_dragon(house) -> None:
    g = game(house=house, pieces={"dragon": [1, 1]})
    activation(g, fangs=2)
    choose(g, "activate:fangs")
    assert ("reveal:1,1" in ids(g)) == bool(house) and "reveal:0,1" in ids(g)


@pytest.mark.parametrize("house", [(), ("explore_during_collapse",)])
def test_AMB_43_explore_during_the_collapse(house) -> None:
    g = game(roles=("knight", "goblins"), house=house, pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    activation(g, fangs=2)
    g.state.collapse = True
    choose(g, "activate:fangs")
    assert ("explore:1,2" in ids(g)) == bool(house)


@pytest.mark.parametrize("house", [(), ("pride_stay_put_free_move_only",)])
def test_AMB_57_wing_and_the_dont_move_cube(house) -> None:
    g = load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1, "house_rules": list(house)},
                       "active": "dragon", "tiles": WRATH_TILES, "pieces": {"dragon": [1, 0]},
                       "dragon": {"placed": True, "hand": ["wing"]}})
    choose(g, "power:wing")
    choose(g, "wing:2,0")
    finish_dragon_turn(g)
    assert (D(g).sloth["dont_move"] == 0) == bool(house)


@pytest.mark.parametrize("house", [(), ("pride_event_wrath_counts",)])
def test_AMB_58_wrath_on_a_dark_event_tile(house) -> None:
    tiles = [entrance(), lit((1, 0), "T01"), dark((2, 0), "T22"), lit((0, 1), "T31")]
    g, _ = _wrath(house, tiles, {"dragon": [1, 0]}, roles=("dragon", "cave"))
    assert (2, 0) not in g.state.board.tiles
    assert (D(g).sloth["event"] == 3) == bool(house)


@pytest.mark.parametrize("house", [(), ("monsters_hidden_tribes_only",)])
def test_AMB_59_monsters_for_revealed_tribes(house) -> None:
    g = game(roles=("knight", "goblins"), house=house, war="thirst", pieces={"knight": [3, 0], "tribe:fangs": [1, 1]},
             goblins={"population": {"fangs": 0, "bones": 1, "eye": 0}})
    while g.pending.kind != "assign_monster":
        choose(g, ids(g)[0])
    assert ("assign:fangs" in ids(g)) != bool(house) and "assign:eye" in ids(g)


# ------------------------------------------- FM-15: forced onto the Flame Wall
FM_TILES = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T22"), lit((-1, 0), "T32")]


def _forced_game(active: str, piece: str, at: tuple[int, int]) -> Game:
    pieces: dict[str, Any] = {"dragon": [-1, 0], piece: list(at)}
    if piece != "knight":
        pieces["knight"] = [-1, 0]
    return load_scenario({"setup": {"roles": ["knight", "goblins", "dragon", "cave"], "seed": 1}, "active": active,
                          "tiles": FM_TILES, "pieces": pieces, "omen_bag": {},
                          "tokens": {"1,0": {"flamewall": 1}}, "knight": {"grit": 9},
                          "goblins": {"population": {"fangs": 3, "bones": 0, "eye": 0}},
                          "dragon": {"placed": True}, "cave": {"hand": ["T31", "T25", "T29"], "omens": {"bat": 1}}})


def _burnt(g: Game, piece: str) -> bool:
    if piece == "knight":
        return g.state.knight.grit == 4
    return g.state.goblins.population["fangs"] == 2


@pytest.mark.parametrize("piece", ["knight", "tribe:fangs"])
def test_FM_15_giant_bats_carry_onto_the_flame_wall(piece) -> None:
    g = _forced_game("cave", piece, (2, 0))
    choose(g, "omen:giant_bats")
    choose(g, f"bats:{piece}@2,0>1,0")
    if piece != "knight":
        choose(g, "no_response:")                           # GB-56: no Trap to discard
    assert g.state.board.pieces[piece] == (1, 0) and _burnt(g, piece)


@pytest.mark.parametrize("piece", ["knight", "tribe:fangs"])
def test_FM_15_forced_off_a_removed_tile_onto_the_flame_wall(piece) -> None:
    from vast_desktop.engine.map.collapse import remove_tile

    from .helpers_map import drive
    g = _forced_game("cave", piece, (2, 0))
    drive(g, lambda g: remove_tile(g, (2, 0), "cave", collapse_removal=True))
    while g.pending.kind != "done":
        choose(g, ids(g)[0])
    assert g.state.board.pieces[piece] == (1, 0) and _burnt(g, piece)
