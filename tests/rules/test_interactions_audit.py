"""Rule tests for the checklist items where the Knight, the Goblins, the Dragon and
the Cave meet (audit of items naming the Goblins or the Dragon): what counts as an
attack (GEN-07..09), reveals by the Dragon (MAP-30), tile removal without a Cave
player and by Cave-In or Wrath (COL-05, COL-19..21, RV-03), Forced Movement
(FM-01..03, FM-08, FM-11, FM-18, FM-19), the Knight against Tribes and the Dragon
(KN-05..122), Treasure tokens claimed by others (CV-36) and the role variants
RV-10, RV-22 and RV-30.

Parts that wait for roles the engine does not play yet (Thief, Terrain tiles and
the expansions) are named in each docstring.  Positions are (x, y), y grows
southward; the Entrance is at (0, 0).  Tiles (unrotated walls N,E,S,W): T01/T05/
T10/T13 Ambush open, T02/T08 Ambush tunnel (N+S), T17 Event side (N), T20/T22/T25/
T29/T30 Event open, T31/T32/T33 Treasure Room open, T34 Treasure side (N), T35
Treasure tunnel (N+S), T36 Treasure corner (N+E), T37/T42/T44 Crystal open.
"""
from __future__ import annotations

from typing import Any

import pytest

from .helpers import dark, entrance, lit
from .helpers_interactions import (
    D,
    K,
    activation,
    choose,
    dests,
    ids,
    play,
    pop,
    rage,
    starting,
    tribe_at,
    until,
)

CENTRE, SIDE = 6, 1        # Dragon die faces: 6 = the centre only, 1 = the eight around (not the centre)


def eaten_events(g: Any) -> int:
    return sum(1 for e in g.events if e.kind == "eaten")


# =============================================================== GEN-07..09
def test_GEN_07_knight_encountering_a_tribe_and_a_crystal_are_attacks() -> None:
    """GEN-07 [FAQ]: the Knight Encountering an opposing player (here a Tribe) or a
    Crystal on her space is an attack: the Tribe scatters and Rage rises (GB-17, GB-68),
    and both come in the attack step of one Encounter, before collecting (KN-24)."""
    tiles = [entrance(), lit((1, 0), "T31")]
    for first in ("smash:", "collect:treasure"):
        g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:fangs": [1, 0]},
                 goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 tokens={"1,0": {"crystal": 1, "treasure": 1}}, knight={"cubes_free": 4})
        choose(g, "cube:strength", "cube:strength", "move:1,0")          # Strength 3 > Fangs 1 + disc
        assert tribe_at(g, "fangs") is None and pop(g, "fangs") == 0 and rage(g) == 2
        assert K(g).encounters_used == 1
        choose(g, first)
        if first == "smash:":                                           # attack, then collect: one Encounter
            choose(g, "collect:treasure")
            assert K(g).smashed == 1 and K(g).encounters_used == 1
        else:                                                           # collecting closed the attack step
            assert "smash:" not in ids(g) and K(g).smashed == 0


@pytest.mark.parametrize("how", ["attack_action", "hiding_spots", "ambush"])
def test_GEN_07_goblin_attack_hiding_spots_and_ambush_are_attacks(how: str) -> None:
    """GEN-07 [FAQ]: a Goblin Attack action, Hiding Spots (GB-54) and an Ambush on the
    Knight are attacks: she loses 1 Health, the attacking Tribe scatters (GB-68, −2
    Population) and Rage falls by 1 (GB-19)."""
    if how == "attack_action":
        g = play(("knight", "goblins"), "goblins", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
                 {"knight": [2, 0], "tribe:fangs": [1, 0]})
        activation(g, rage=2, fangs=3)
        choose(g, "activate:fangs", "move:2,0")                         # Strength 4 > her 1: entering attacks
    elif how == "hiding_spots":
        g = play(("knight", "goblins"), "goblins", [entrance(), lit((1, 0), "T13")], {"knight": [0, 0]},
                 goblins={"hand": ["hiding_spots"]})
        activation(g, rage=2, fangs=3)
        choose(g, "secret:hiding_spots", "tribe:fangs")
    else:
        g = play(("knight", "goblins"), "knight", [entrance(), dark((1, 0), "T13")], {"knight": [0, 0]},
                 goblins={"rage": 2, "population": {"fangs": 3, "bones": 0, "eye": 0}})
        choose(g, "move:1,0")
        until(g, "ambush_strength")
        choose(g, "fight:", "ambush:fangs")
    assert K(g).health == 6
    assert tribe_at(g, "fangs") is None and pop(g, "fangs") == 1 and rage(g) == 1


@pytest.mark.parametrize("power, hand, attack", [
    ("claw", ["claw"], True),
    ("scratch", ["claw"] * 3, True),
    ("wrath", ["claw"] * 4, False),
])
def test_GEN_07_GEN_08_claw_and_scratch_attack_tribes_wrath_does_not(power: str, hand: list[str],
                                                                     attack: bool) -> None:
    """GEN-07/GEN-08 [FAQ]: the Dragon's Claw and Scratch are attacks: the Tribe scatters
    (Scratch: drops to 0), Rage rises by 1 (GB-17) and he eats the Goblins lost (DR-45).
    Wrath is not an attack: the Tribe still scatters (its own text, DR-37) but Rage does
    not rise and no Goblin is eaten."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((0, 1), "T25"), lit((1, 1), "T29")]
    g = play(("goblins", "dragon"), "dragon", tiles, {"dragon": [1, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}}, dragon={"hand": hand})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, f"power:{power}")
    if power == "scratch":
        choose(g, "scratch:tribes")
    until(g, "dragon_turn")
    assert tribe_at(g, "fangs") is None and pop(g, "fangs") == {"claw": 1, "scratch": 0, "wrath": 1}[power]
    assert rage(g) == (2 if attack else 1)
    assert (eaten_events(g) > 0) == attack


@pytest.mark.parametrize("what, face", [("treasure", None), ("gem_claw", SIDE), ("gem_claw", CENTRE)])
def test_GEN_08_plundering_a_treasure_or_a_gem_is_not_an_attack(what: str, face: int | None) -> None:
    """GEN-08 [FAQ]: taking a Treasure token or a Dragon Gem is not an attack, so the
    plundering Tribe does not scatter (GB-68 scatters attackers) and Rage rises for the
    Plunder (GB-78/79); harm from a trapped Gem is not an attack either: the Tribe
    scatters (DR-55) but Rage does not rise as for an attacked Tribe (GB-17)."""
    g = play(("goblins", "dragon"), "goblins", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"dragon": [0, 0], "tribe:fangs": [2, 0]}, tokens={"2,0": {what: 1}})
    if face is not None:
        g.script_dice("dragon", face, then="fail")
    activation(g, rage=2, fangs=3)
    choose(g, "activate:fangs", f"plunder:{what}")
    trapped = face == CENTRE
    assert (tribe_at(g, "fangs") is None) == trapped
    assert pop(g, "fangs") == (1 if trapped else 3)
    assert rage(g) == (2 if trapped else 3)


def test_GEN_08_a_trapped_gem_costs_the_knight_grit_not_health() -> None:
    """GEN-08 [FAQ]: harm from a trapped Dragon Gem is not an attack: the Knight loses
    2 Grit (DR-55), never Health."""
    g = play(("knight", "dragon"), "knight", [entrance(), lit((1, 0), "T22")], {"knight": [1, 0], "dragon": [0, 0]},
             tokens={"1,0": {"gem_wing": 1}}, knight={"grit": 4})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "dragon:gem:wing")
    assert K(g).grit == 2 and K(g).health == K(g).max_health


def test_GEN_08_hex_is_not_an_attack() -> None:
    """GEN-08 [FAQ], GB-58: Hex is not an attack: the Knight loses Grit (X = Eye
    Population) but no Health, the Eye Tribe does not scatter and Rage does not fall
    (GB-19); on the Dragon it costs Power cards, not Health."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [0, 0], "tribe:eye": [2, 0]},
             goblins={"hand": ["hex"]}, knight={"grit": 4})
    activation(g, rage=2, eye=2)
    choose(g, "secret:hex", "hex:knight")
    assert K(g).grit == 2 and K(g).health == K(g).max_health
    assert tribe_at(g, "eye") == (2, 0) and pop(g, "eye") == 2 and rage(g) == 2
    g = play(("goblins", "dragon"), "goblins", tiles, {"dragon": [1, 0], "tribe:eye": [2, 0]},
             goblins={"hand": ["hex"]}, dragon={"hand": ["claw", "claw", "wing"]})
    activation(g, rage=2, eye=2)
    health = D(g).health
    choose(g, "secret:hex", "hex:dragon")
    until(g, "goblins_turn")
    assert len(D(g).hand) == 1 and D(g).health == health
    assert tribe_at(g, "eye") == (2, 0) and rage(g) == 2


def test_GEN_08_cave_in_is_not_an_attack() -> None:
    """GEN-08 [FAQ]: Cave-In is not an attack: a Tribe on a tile it removes is moved off
    by Forced Movement (FM-01), keeping its Population, and Rage is unchanged."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), dark((0, 1), "T01"), dark((0, -1), "T05"),
             dark((-1, 0), "T10"), dark((1, 1), "T13"), dark((1, -1), "T08"), dark((2, 1), "T02"),
             dark((2, -1), "T03"), dark((3, 0), "T04")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [0, 0], "tribe:fangs": [2, 0]},
             goblins={"hand": ["cave_in"]})
    activation(g, rage=2, fangs=3, eye=1)
    choose(g, "secret:cave_in", "remove:2,0")
    until(g, "goblins_turn")
    assert (2, 0) not in g.state.board.tiles or g.state.board.tiles[(2, 0)].tile_id != "T25"
    assert tribe_at(g, "fangs") in {(1, 0), (2, 1), (2, -1), (3, 0)}
    assert pop(g, "fangs") == 3 and rage(g) == 2


def test_GEN_08_hiss_hides_a_tribe_it_does_not_scatter_it() -> None:
    """GEN-08 [FAQ]: Hiss is not an attack: the Tribe hides and loses 1 Population
    (DR-27), not the 2 of a scatter, and keeps its Monster (GB-69 discards it only on a
    scatter); Rage still rises, as GB-17 names Hiss."""
    g = play(("goblins", "dragon"), "dragon", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"dragon": [0, 0], "tribe:fangs": [2, 0]}, dragon={"hand": ["claw", "claw"]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "monsters": {"fangs": ["golem"]}})
    choose(g, "power:hiss", "hiss:fangs", "no_response:")
    s = g.state.goblins
    assert tribe_at(g, "fangs") is None and pop(g, "fangs") == 2 and s.monsters["fangs"] == ["golem"]
    assert rage(g) == 2


def test_GEN_08_slap_and_the_flame_wall_are_not_attacks() -> None:
    """GEN-08 [FAQ]: Slap and entering a Flame Wall (for any reason) are not attacks:
    the Knight is moved or loses 5 Grit but never Health; a Tribe entering the Flame Wall
    loses 1 Population (DR-35) without scattering, and Rage does not rise (GB-17)."""
    row = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29"), lit((4, 0), "T30")]
    g = play(("knight", "dragon"), "dragon", row, {"knight": [2, 0], "dragon": [1, 0]},
             dragon={"hand": ["wing", "wing"]}, knight={"grit": 8})
    choose(g, "power:slap", "push:4,0")
    assert g.state.board.pieces["knight"] == (4, 0)
    assert K(g).health == K(g).max_health
    g = play(("knight", "dragon"), "knight", row, {"knight": [0, 0], "dragon": [3, 0]},
             tokens={"1,0": {"flamewall": 1}}, knight={"grit": 8})
    choose(g, "move:1,0")                                                # her own move onto the Flame Wall
    assert K(g).grit == 3 and K(g).health == K(g).max_health
    g = play(("knight", "goblins", "dragon"), "goblins", row, {"knight": [4, 0], "dragon": [0, 0],
                                                                "tribe:fangs": [1, 0]},
             tokens={"2,0": {"flamewall": 1}})
    activation(g, rage=2, fangs=3)
    choose(g, "activate:fangs", "move:2,0", "no_response:")
    assert tribe_at(g, "fangs") == (2, 0) and pop(g, "fangs") == 2 and rage(g) == 2


def test_GEN_08_giant_bats_and_spores_on_a_tribe_are_not_attacks() -> None:
    """GEN-08 [FAQ]: Giant Bats and Soporific Spores are not attacks: the carried Tribe
    (FM-19) neither scatters, loses Population nor changes Rage; the Spores cut a Tribe
    to 1 Population (CV-24) without scattering it (Rage rises, as GB-17 names Spores)."""
    g = play(("goblins", "cave"), "cave", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"tribe:fangs": [2, 0]}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0},
                                              "monsters": {"fangs": ["golem"]}},
             cave={"omens": {"bat": 1}})
    choose(g, "omen:giant_bats", "bats:tribe:fangs@2,0>0,0")
    s = g.state.goblins
    assert tribe_at(g, "fangs") == (0, 0) and pop(g, "fangs") == 3 and s.monsters["fangs"] == ["golem"]
    assert rage(g) == 1
    g = play(("goblins", "cave"), "cave", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"tribe:fangs": [2, 0]}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0},
                                              "monsters": {"fangs": ["golem"]}},
             cave={"omens": {"quartz": 3}})
    choose(g, "omen:soporific_spores")
    until(g, "omen_soporific_spores")
    choose(g, "spores:goblins", "tribe:fangs")
    s = g.state.goblins
    assert tribe_at(g, "fangs") == (2, 0) and pop(g, "fangs") == 1 and s.monsters["fangs"] == ["golem"]
    assert rage(g) == 2


def test_GEN_09_trap_defends_against_her_encounter_only() -> None:
    """GEN-09 [FAQ], GB-55: a face-up Trap adds 1 to the Tribe's defence against the
    Knight's Encounter attack only: with Strength 3 she cannot enter the tile of a Tribe
    of Strength 2, but her Bow still takes Strength − 1 and Trap stays face up."""
    g = play(("knight", "goblins"), "knight", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"knight": [0, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"]},
             knight={"cubes_free": 4})
    choose(g, "cube:strength", "cube:strength")                          # Strength 3 vs 2 + Trap
    assert "move:1,0" not in ids(g)
    choose(g, "cube:bow", "bowshot:fangs")                              # 3 − 1 = 2: Population 1 → 0
    s = g.state.goblins
    assert pop(g, "fangs") == 0 and tribe_at(g, "fangs") is None
    assert "trap" in s.face_up and "trap" not in s.secrets_discard


def test_GEN_09_trap_adds_nothing_to_an_ambush() -> None:
    """GEN-09 [FAQ]: Trap does not apply to Ambushes: a hidden Tribe of the Knight's
    Strength cannot ambush her even with Trap face up, and Trap stays face up."""
    g = play(("knight", "goblins"), "knight", [entrance(), dark((1, 0), "T13")], {"knight": [0, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"]},
             knight={"cubes_free": 3})
    choose(g, "cube:strength", "move:1,0")                               # Strength 2 = Fangs 1 + disc
    until(g, "ambush_strength")
    choose(g, "fight:")
    assert g.pending.role == "goblins" and ids(g) == ("no_ambush:",)
    choose(g, "no_ambush:")
    assert K(g).health == K(g).max_health and "trap" in g.state.goblins.face_up


# ====================================================================== MAP-30
def test_MAP_30_dragon_reveals_in_his_order_connected_then_the_cave_fills() -> None:
    """MAP-30: the Dragon's Flame reveals the affected Dark tiles in the order he
    chooses, each oriented so an open edge leads to the Entrance when possible; the Cave
    (not the Dragon) adds Dark tiles on the open sides."""
    tiles = [entrance(), dark((-1, 0), "T03"), dark((0, -1), "T04"), dark((0, 1), "T06"), lit((1, 0), "T08"),
             lit((2, 0), "T05"), dark((3, 0), "T36"), dark((2, -1), "T34"), dark((2, 1), "T35")]
    g = play(("dragon", "cave"), "dragon", tiles, {"dragon": [2, 0]}, dragon={"hand": ["flame"]})
    g.script_dice("dragon", 2, then="fail")                # the four sides
    choose(g, "power:flame")
    assert g.pending.role == "dragon" and set(ids(g)) == {"reveal:3,0", "reveal:2,-1", "reveal:2,1"}
    choose(g, "reveal:3,0")
    assert g.pending.role == "dragon" and set(ids(g)) == {"rot:0", "rot:1"}   # corner: open W toward (2,0)
    choose(g, "rot:1")
    fills = []
    while g.pending.kind != "dragon_turn":
        d = g.pending
        if d.kind == "fill_open_edge":
            fills.append(d.role)
        elif d.kind == "reveal_order":
            choose(g, "reveal:2,-1")
            assert g.pending.kind == "orient_tile" and "rot:2" not in ids(g)   # wall S would cut it off
            continue
        g.apply(d.ids[0])
    board = g.state.board
    assert all(board.tiles[p].lit for p in ((3, 0), (2, -1), (2, 1)))
    assert board.tiles[(3, 0)].rot == 1 and board.tiles[(2, 1)].rot == 1    # the tunnel must run N-S
    assert fills and set(fills) == {"cave"}
    from vast_desktop.engine.map.board import spaces_to_fill
    assert spaces_to_fill(g) == []


# ============================================================ COL-05, 19..21, RV-03
ROW = [entrance()] + [lit((x, 0), t) for x, t in
                      zip((1, 2, 3, 4, -1, -2, -3), ("T22", "T25", "T29", "T30", "T31", "T32", "T33"), strict=True)]


def test_COL_05_no_cave_each_player_removes_three_tiles_at_the_end_of_their_turn() -> None:
    """COL-05, RV-03: with no Cave player, during the Collapse the player whose turn
    ends removes 3 tiles (instead of placing 1): the Goblins after theirs, the Dragon
    after his."""
    g = play(("goblins", "dragon"), "goblins", ROW, {"dragon": [0, 0]}, collapse=True)
    until(g, "goblins_turn")
    choose(g, "end:")
    removers = []
    while g.pending.kind == "collapse_tile":
        removers.append(g.pending.role)
        g.apply(ids(g)[0])
    assert removers == ["goblins"] * 3 and len(g.state.board.tiles) == 8 - 3
    assert g.pending.role == "dragon"
    until(g, "dragon_turn")
    choose(g, "end:")
    until(g, "collapse_tile")
    removers = []
    while g.pending is not None and g.pending.kind == "collapse_tile":
        removers.append(g.pending.role)
        g.apply(ids(g)[0])
    assert removers == ["dragon"] * 3 and len(g.state.board.tiles) == 8 - 6


def test_RV_03_no_cave_each_player_places_a_dark_tile_at_the_end_of_their_turn() -> None:
    """RV-03: with no Cave player, each player places 1 Dark tile at the end of their own
    turn (the Goblins, then the Dragon; the Knight's part is tested with her solo)."""
    g = play(("goblins", "dragon"), "goblins", ROW, {"dragon": [0, 0]})
    until(g, "goblins_turn")
    choose(g, "end:")
    assert g.pending.kind == "place_tile" and g.pending.role == "goblins"
    g.apply(ids(g)[0])
    assert len(g.state.board.tiles) == 9
    until(g, "dragon_turn")
    choose(g, "end:")
    until(g, "place_tile")
    assert g.pending.role == "dragon"
    g.apply(ids(g)[0])
    assert len(g.state.board.tiles) == 10 and sum(not t.lit for t in g.state.board.tiles.values()) == 2


@pytest.mark.parametrize("how", ["cave_in", "wrath"])
def test_COL_19_cave_in_and_wrath_remove_tiles_outside_the_collapse(how: str) -> None:
    """COL-19: apart from the Collapse, tiles are removed by the Goblins' Cave-In and the
    Dragon's Wrath; before the Collapse the tile goes under the stack (COL-23)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((0, 1), "T25"), lit((1, 1), "T29"), dark((2, 0), "T01"),
             dark((2, 1), "T05"), dark((1, 2), "T10"), dark((0, 2), "T13"), dark((1, -1), "T02"),
             dark((0, -1), "T08"), dark((-1, 0), "T03"), dark((-1, 1), "T04")]
    if how == "cave_in":
        g = play(("goblins", "dragon"), "goblins", tiles, {"dragon": [0, 0]}, goblins={"hand": ["cave_in"]})
        activation(g, eye=1)
        choose(g, "secret:cave_in", "remove:1,1")
        until(g, "goblins_turn")
    else:
        g = play(("goblins", "dragon"), "dragon", tiles, {"dragon": [1, 1]}, dragon={"hand": ["claw"] * 4})
        g.script_dice("dragon", CENTRE, then="fail")
        choose(g, "power:wrath")
        until(g, "dragon_turn")
    assert g.state.board.tiles[(1, 1)].tile_id != "T29"                 # removed (then refilled, COL-25)
    assert "T29" in g.state.stack and not g.state.collapse


def _cave_in_targets(crystal_token: bool) -> set[str]:
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T37"), lit((1, 1), "T25"), lit((1, -1), "T29"),
             dark((3, 0), "T01"), lit((-1, 0), "T31"), lit((0, 1), "T32"), dark((0, -1), "T05")]
    tokens = {"2,0": {"crystal": 1}} if crystal_token else {}
    g = play(("knight", "goblins", "dragon"), "goblins", tiles,
             {"knight": [0, 1], "dragon": [1, -1], "tribe:fangs": [-1, 0]}, goblins={"hand": ["cave_in"]},
             tokens=tokens)
    activation(g, eye=1, fangs=2)
    choose(g, "secret:cave_in")
    return dests(starting(g, "remove:"))


def test_COL_20_cave_in_spares_the_entrance_other_players_and_crystal_tokens() -> None:
    """COL-20, GB-53 [FAQ]: Cave-In may remove any tile except the Entrance, tiles holding
    other players' pieces (the Knight, the Dragon) and tiles holding Crystal tokens; a
    Tribe's own tile may go (it is moved off, FM-01).  AMB-25: an (unsmashed) Crystal
    token protects its tile; COL-21 shows the tile is a target once it is smashed."""
    targets = _cave_in_targets(crystal_token=True)
    assert targets == {"1,0", "1,1", "3,0", "-1,0", "0,-1"}
    assert not {"0,0", "0,1", "1,-1", "2,0"} & targets


def test_COL_21_cave_in_ignores_the_collapse_priorities() -> None:
    """COL-21 [FAQ]: Cave-In ignores the exposed-edges priority of the Collapse (a tile
    touching 4 tiles may go) and only an unsmashed Crystal token protects a tile: a
    Crystal tile whose token is gone is a target like any other (no COL-08 priority).
    AMB-25: "tiles holding Crystal tokens" and "(unsmashed) Crystal tokens" agree."""
    targets = _cave_in_targets(crystal_token=False)
    assert "1,0" in targets                                              # touches 4 tiles
    assert "2,0" in targets and targets != {"2,0"}                       # the smashed Crystal tile, not first


# ======================================================================= FM
# The Knight at (2,0); an Event token west at (1,0) with the Entrance beyond; a Dark
# tile east at (3,0); a wall south (T17's north wall at (2,1)); open tiles north.
FM_MAP = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T22"), dark((3, 0), "T01"), lit((2, 1), "T17"),
          lit((2, -1), "T25"), lit((2, -2), "T29"), lit((2, -3), "T30"), lit((-1, 0), "T32")]
FM_TOKENS = {"1,0": {"event": 1}}


@pytest.mark.parametrize("mover, expected", [
    ("claw", {"1,0", "2,-1"}),
    ("slap", {"1,0", "2,-1", "2,-2", "2,-3"}),
    ("wisp", {"1,0", "2,-1", "2,-2", "2,-3"}),
])
def test_FM_02_claw_slap_and_wisp_follow_the_forced_movement_errata(mover: str,
                                                                    expected: set[str]) -> None:
    """FM-02 [FAQ-OVERRIDE]: the second-printing Forced Movement rules replace the old
    texts of Claw, Slap and the Wisp (Giant Bats: FM-18): the Knight is never moved onto
    a Dark tile (3,0) or through a wall (2,1), and stops on an Event token (1,0), so the
    Entrance beyond it is out of reach; Claw moves her 1 space, Slap and the Wisp up to 3."""
    if mover == "wisp":
        g = play(("knight", "goblins"), "goblins", FM_MAP, {"knight": [2, 0], "tribe:fangs": [-1, 0]},
                 tokens=FM_TOKENS, goblins={"monsters": {"fangs": ["wisp"]}})
        activation(g, fangs=2)
        choose(g, "activate:fangs")
        options = starting(g, "wisp:")
    else:
        at = [2, 0] if mover == "claw" else [3, 0]                       # Slap: from an adjacent space
        g = play(("knight", "dragon"), "dragon", FM_MAP, {"knight": [2, 0], "dragon": at}, tokens=FM_TOKENS,
                 dragon={"hand": ["claw"] if mover == "claw" else ["wing", "wing"]})
        g.script_dice("dragon", CENTRE, then="fail")
        choose(g, f"power:{mover}")
        options = starting(g, "push:")
    assert dests(options) == expected


def test_FM_03_own_movement_is_not_forced_movement() -> None:
    """FM-03 [FAQ]: Forced Movement applies only when another player (or a removed tile)
    moves a piece, never to a player's own movement: on her turn the Knight may enter the
    Dark tile (3,0) that Slap cannot put her on (FM-02); the underground Dragon may move
    himself onto her space (DR-10), which Forced Movement forbids (FM-08); a Tribe moves
    itself onto her tile to attack, where Giant Bats could never carry it (FM-05)."""
    g = play(("knight", "dragon"), "knight", FM_MAP, {"knight": [2, 0], "dragon": [2, -2]}, tokens=FM_TOKENS)
    assert "move:3,0" in ids(g)
    g = play(("knight", "dragon"), "dragon", FM_MAP, {"knight": [2, 0], "dragon": [2, -2]}, tokens=FM_TOKENS)
    assert "move:2,0" in ids(g)
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins", "cave"), "goblins", tiles, {"knight": [2, 0], "tribe:fangs": [1, 0]},
             cave={"omens": {"bat": 1}})
    activation(g, fangs=2)
    choose(g, "activate:fangs")
    assert "move:2,0" in ids(g)                                          # Strength 3 > her 1: an attack
    choose(g, "done:", "end:")
    until(g, "cave_turn")
    choose(g, "omen:giant_bats")
    assert dests(starting(g, "bats:tribe:fangs@")) == {"0,0"}                # never onto her space (2,0)


@pytest.mark.parametrize("piece, expected", [("tribe:fangs", {"2,1", "3,0"}), ("knight", {"1,0"})])
def test_FM_01_a_piece_on_a_removed_tile_is_moved_by_forced_movement(piece: str, expected: set[str]) -> None:
    """FM-01: Forced Movement also covers a piece whose tile is removed (here by the
    Collapse): a Tribe may be moved onto a Dark tile but never onto the Knight's space; the
    Knight never onto a Dark tile or a Tribe's space.  The piece keeps everything (a Tribe
    its Population: being moved is not a scatter)."""
    from vast_desktop.engine.map.collapse import remove_tile

    from .helpers_map import drive
    other = "knight" if piece != "knight" else "tribe:fangs"
    pieces = {piece: [2, 0], other: [1, 0] if piece != "knight" else [3, 0]}
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), dark((2, 1), "T01"), lit((3, 0), "T29"),
             dark((0, 1), "T05"), dark((1, 1), "T10"), dark((3, 1), "T13")]
    g = play(("knight", "goblins", "cave"), "cave", tiles, pieces, collapse=True,
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    drive(g, lambda g: remove_tile(g, (2, 0), "cave", collapse_removal=True))
    if g.pending.kind == "forced_move":
        assert dests(starting(g, "push:")) == expected
        g.apply(ids(g)[0])
    assert g.pending.kind == "done"
    where = g.state.board.pieces[piece]
    assert f"{where[0]},{where[1]}" in expected and pop(g, "fangs") == 2


@pytest.mark.parametrize("surfaced, expected", [(False, {"1,-1", "1,1", "2,0"}), (True, {"1,-1"})])
def test_FM_08_the_dragon_forced_off_a_removed_tile(surfaced: bool, expected: set[str]) -> None:
    """FM-08: the underground Dragon cannot be moved onto a space with another player (the
    Knight on the Entrance) but may go onto a Dark tile (2,0) or through a wall (1,1); the
    surfaced Dragon also cannot be moved through walls or onto Dark tiles."""
    from vast_desktop.engine.map.collapse import remove_tile

    from .helpers_map import drive
    tiles = [entrance(), lit((1, 0), "T22"), dark((2, 0), "T01"), lit((1, 1), "T17"), lit((1, -1), "T25"),
             dark((0, 1), "T05"), dark((0, -1), "T10"), dark((2, -1), "T13"), dark((2, 1), "T02")]
    g = play(("knight", "dragon", "cave"), "cave", tiles, {"knight": [0, 0], "dragon": [1, 0]}, collapse=True,
             dragon={"surfaced": surfaced, "awake": surfaced})
    drive(g, lambda g: remove_tile(g, (1, 0), "cave", collapse_removal=True))
    if g.pending.kind == "forced_move":
        assert dests(starting(g, "push:")) == expected
        g.apply(ids(g)[0])
    where = g.state.board.pieces["dragon"]
    assert f"{where[0]},{where[1]}" in expected


def test_FM_11_crystal_event_and_flame_wall_tokens_are_never_moved() -> None:
    """FM-11: Crystal, Event and Flame Wall tokens can never be moved: Swat offers only the
    Treasure token beside them, Giant Bats only Treasure tokens (and pieces).  Bomb and
    Rockslide tokens sit on edges that no effect moves; the Vault token waits for the Thief."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((1, 1), "T29"), lit((3, 0), "T30")]
    tokens = {"2,0": {"crystal": 1, "event": 1, "treasure": 1}, "1,1": {"flamewall": 1, "crystal": 1}}
    g = play(("knight", "dragon", "cave"), "dragon", tiles, {"knight": [3, 0], "dragon": [1, 0]}, tokens=tokens,
             dragon={"hand": ["claw", "wing"]})
    choose(g, "power:swat")
    swatted = {i.split(":", 1)[1].split("@")[0] for i in ids(g)}
    assert swatted == {"treasure"}
    g = play(("knight", "dragon", "cave"), "cave", tiles, {"knight": [3, 0], "dragon": [1, 0]}, tokens=tokens,
             cave={"omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    carried = {i.split(":", 1)[1].split("@")[0] for i in ids(g)}
    assert carried == {"knight", "token:treasure"}


def test_FM_18_giant_bats_on_the_knight_example_3() -> None:
    """FM-18 [EXAMPLE] Example #3: Giant Bats cannot carry the Knight onto a Dark tile
    (3,0), into the Dragon's space (2,-2) (nor past it) or through a wall (2,1), and she
    stops on the Event token (1,0)."""
    g = play(("knight", "dragon", "cave"), "cave", FM_MAP, {"knight": [2, 0], "dragon": [2, -2]}, tokens=FM_TOKENS,
             cave={"omens": {"bat": 1}})
    choose(g, "omen:giant_bats")
    assert dests(starting(g, "bats:knight@")) == {"1,0", "2,-1"}
    choose(g, "bats:knight@2,0>1,0")
    assert g.state.board.pieces["knight"] == (1, 0) and K(g).must_resolve_event


LINE = [entrance()] + [lit((x, 0), t) for x, t in
                       zip(range(1, 9), ("T22", "T25", "T29", "T30", "T31", "T32", "T33", "T20"), strict=True)]


def test_FM_19_how_far_each_forcing_move_goes() -> None:
    """FM-19 [FAQ]: the forcing moves and their reach along an open corridor: Claw moves
    the Knight 1 space, Slap up to 3, Swat a Treasure token up to 5 (passing the Dragon,
    never stopping on him), Giant Bats a Tribe or a Treasure token up to 3, Wrath every
    other piece on an affected tile to an adjacent space.  (Tile removal: FM-01/FM-08;
    the Wisp: FM-02.)"""
    g = play(("knight", "dragon"), "dragon", LINE, {"knight": [4, 0], "dragon": [4, 0]},
             dragon={"hand": ["claw", "wing", "wing"]})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:claw")
    assert dests(starting(g, "push:")) == {"3,0", "5,0"}
    choose(g, "push:5,0", "power:slap")
    assert dests(starting(g, "push:")) == {"6,0", "7,0", "8,0"}
    g = play(("knight", "dragon"), "dragon", LINE, {"knight": [8, 0], "dragon": [1, 0]},
             tokens={"2,0": {"treasure": 1}}, dragon={"hand": ["claw", "wing"]})
    g.script_dice("dragon", then="fail")
    choose(g, "power:swat")
    assert dests(starting(g, "swat:")) == {"0,0", "3,0", "4,0", "5,0", "6,0", "7,0"}
    g = play(("goblins", "cave"), "cave", LINE, {"tribe:fangs": [4, 0]}, tokens={"2,0": {"treasure": 1}},
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}}, cave={"omens": {"bat": 1}})
    g.script_dice("dragon", then="fail")
    choose(g, "omen:giant_bats")
    assert dests(starting(g, "bats:tribe:fangs@")) == {"1,0", "2,0", "3,0", "5,0", "6,0", "7,0"}
    assert dests(starting(g, "bats:token:treasure@")) == {"0,0", "1,0", "3,0", "5,0"}
    block = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((0, 1), "T29"), lit((1, 1), "T30"),
             lit((2, 1), "T31"), lit((0, 2), "T32"), lit((1, 2), "T33"), lit((2, 2), "T20")]
    g = play(("knight", "dragon"), "dragon", block, {"knight": [1, 1], "dragon": [1, 1]},
             dragon={"hand": ["claw"] * 4}, collapse=True)
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "power:wrath")
    assert g.pending.kind == "forced_move" and dests(starting(g, "push:")) == {"1,0", "0,1", "2,1", "1,2"}


# =================================================================== Knight
def knight_on_dragon(surfaced: bool = True, wakefulness: int = 4, **knight: Any) -> Any:
    """The Knight's turn on the Dragon's tile (1,0) (Armor 2 at Wakefulness 4)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    return play(("knight", "dragon"), "knight", tiles, {"knight": [1, 0], "dragon": [1, 0]},
                dragon={"surfaced": surfaced, "awake": surfaced, "wakefulness": wakefulness},
                knight={"cubes_free": 4, **knight})


@pytest.mark.parametrize("her_strength, entered", [(1, True), (2, False)])
def test_KN_05_her_strength_defends_her_outside_her_turn(her_strength: int, entered: bool) -> None:
    """KN-05: Strength decides which attacks she can make and defends her outside her turn:
    the cubes she left on Strength keep a Tribe of Strength 2 off her tile (GB-72), and a
    surfaced Dragon (Armor 2) entering her tile is attacked only if her Strength reaches
    his Armor (DR-13; equal: the die, here a centre face).  (Perception against the Thief
    waits for the Thief.)"""
    track = {"strength": her_strength - 1}
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [2, 0], "tribe:fangs": [1, 0]},
             knight={"track": track})
    activation(g, fangs=1)                                               # Strength 1 + the Fangs disc
    choose(g, "activate:fangs")
    assert ("move:2,0" in ids(g)) == entered
    g = play(("knight", "dragon"), "dragon", tiles, {"knight": [2, 0], "dragon": [3, 0]},
             dragon={"surfaced": True, "awake": True, "wakefulness": 4}, knight={"track": track})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "move:2,0")
    assert D(g).health == D(g).max_health - (0 if entered else 1)


@pytest.mark.parametrize("cubes, face, hit, rolled", [(2, None, True, False), (1, CENTRE, True, True),
                                                      (1, SIDE, False, True)])
def test_KN_50_strength_against_armor(cubes: int, face: int | None, hit: bool, rolled: bool) -> None:
    """KN-50: Strength above his Armor hits without a roll; equal Strength rolls the Dragon
    die and hits only on a centre face; a hit costs him 1 Health."""
    g = knight_on_dragon()
    if face is not None:
        g.script_dice("dragon", face, then="fail")
    choose(g, *["cube:strength"] * cubes, "dragon:attack")
    assert D(g).health == D(g).max_health - (1 if hit else 0)
    assert any(e.kind == "die_roll" for e in g.events) == rolled


def test_KN_51_no_attack_with_strength_below_his_armor() -> None:
    """KN-51 [INFERRED]: with Strength below his Armor she cannot attack him at all: no
    attack on his tile (surfaced, or underground once the Collapse has begun) and she may
    not even enter a surfaced Dragon's tile."""
    g = knight_on_dragon()
    assert not any(i.startswith("dragon:") for i in ids(g))              # Strength 1 < Armor 2
    g = knight_on_dragon(surfaced=False)
    g.state.collapse = True
    assert not any(i.startswith("dragon:") for i in ids(g))
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "dragon"), "knight", tiles, {"knight": [0, 0], "dragon": [1, 0]},
             dragon={"surfaced": True, "awake": True, "wakefulness": 4})
    assert "move:1,0" not in ids(g)


def test_KN_53_a_bomb_attack_needs_her_on_his_space() -> None:
    """KN-53 [FAQ]: she must be on the underground Dragon's space to Bomb-attack him."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "dragon"), "knight", tiles, {"knight": [1, 0], "dragon": [2, 0]}, knight={"cubes_free": 3})
    assert "dragon:bomb" not in ids(g)
    choose(g, "move:2,0")
    assert "dragon:bomb" in ids(g)


def test_KN_57_one_encounter_attacks_every_tribe_on_the_tile() -> None:
    """KN-57: entering a tile with several Tribes (only with Strength above each, KN-56)
    she attacks them all in one Encounter: both scatter and Rage rises once per Tribe
    (GB-21)."""
    tiles = [entrance(), lit((1, 0), "T22")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:fangs": [1, 0], "tribe:bones": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 1, "eye": 0}}, knight={"cubes_free": 3})
    choose(g, "cube:strength")
    assert "move:1,0" not in ids(g)                                      # 2 is not above Fangs' 2
    choose(g, "cube:strength", "move:1,0")
    assert tribe_at(g, "fangs") is None and tribe_at(g, "bones") is None
    assert K(g).encounters_used == 1 and rage(g) == 3


def test_KN_83_shield_keeps_other_players_from_moving_her_and_caps_grit_loss() -> None:
    """KN-83 [BOARD]: with a cube on the Shield she cannot be moved by other players (no
    Slap, no Claw push) and each Grit loss is only 1 (Scratch)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29")]
    g = play(("knight", "dragon"), "dragon", tiles, {"knight": [2, 0], "dragon": [1, 0]},
             dragon={"hand": ["wing", "wing", "claw", "claw", "claw", "claw"]},
             knight={"grit": 8, "equip": {"shield": 1}})
    g.script_dice("dragon", CENTRE, then="fail")
    assert "power:slap" not in ids(g)
    choose(g, "move:2,0", "power:claw")
    assert g.pending.kind == "dragon_turn" and g.state.board.pieces["knight"] == (2, 0)
    choose(g, "power:scratch", "scratch:knight")
    assert K(g).grit == 7


def test_KN_83_bomb_not_needed_on_the_surface_and_bow_shoots_visible_tribes() -> None:
    """KN-83 [BOARD]: no Bomb is needed once the Dragon has surfaced (the Collapse: KN-48);
    the Bow shoots a visible Tribe for Strength − 1 (not one behind a Dark tile)."""
    g = knight_on_dragon(cubes_free=3)
    choose(g, "cube:strength")
    assert "dragon:attack" in ids(g) and "dragon:bomb" not in ids(g)
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((0, 1), "T29"), dark((0, 2), "T01"),
             lit((0, 3), "T30")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:fangs": [2, 0], "tribe:bones": [0, 3]},
             goblins={"population": {"fangs": 3, "bones": 3, "eye": 0}}, knight={"cubes_free": 3})
    choose(g, "cube:bow", "cube:strength", "cube:strength")
    assert starting(g, "bowshot:") == {"bowshot:fangs"}                 # Bones: a Dark tile between
    choose(g, "bowshot:fangs")
    assert pop(g, "fangs") == 1


@pytest.mark.parametrize("where, offered", [((3, 0), True), ((0, 5), True), ((0, 6), False), ((2, 1), False)])
def test_KN_87_enchanted_bow_cardinal_lines_through_anything(where: tuple[int, int], offered: bool) -> None:
    """KN-87 [FAQ]: the Enchanted Bow needs no visibility: it shoots the underground
    Dragon through walls and Dark tiles, up to 5 spaces, but only in the 4 cardinal
    directions."""
    tiles = [entrance(), lit((1, 0), "T08", rot=1), dark((2, 0), "T01"), lit((3, 0), "T22"), lit((2, 1), "T25")]
    tiles += [dark((0, y), t) for y, t in zip(range(1, 7), ("T05", "T10", "T13", "T02", "T03", "T04"), strict=True)]
    g = play(("knight", "dragon"), "knight", tiles, {"knight": [0, 0], "dragon": list(where)},
             knight={"treasures": ["enchanted_bow"], "cubes_free": 3})
    choose(g, "cube:treasure:enchanted_bow")
    assert ("dragon:bow" in ids(g)) == offered


def test_KN_89_no_javelin_on_the_turn_of_a_bomb_attack() -> None:
    """KN-89: once she has Bomb-attacked the Dragon she cannot throw the Javelin at him
    that turn, even with Encounters left: she may still ready it (for another target),
    but no attack on him is offered and the Javelin stays."""
    g = knight_on_dragon(surfaced=False, wakefulness=0, treasures=["javelin"])
    g.script_dice("dragon", SIDE, then="fail")
    choose(g, "cube:perception")
    assert "treasure:javelin:javelin" in ids(g)
    choose(g, "dragon:bomb")                                             # Strength 1 = Armor 1: the die misses
    choose(g, "treasure:javelin:javelin")
    assert not [i for i in ids(g) if i.startswith("dragon:")] and "javelin" in K(g).treasures
    assert K(g).encounters_used == 1


@pytest.mark.parametrize("face", [SIDE, CENTRE])
def test_KN_92_no_mighty_axe_with_a_bomb(face: int) -> None:
    """KN-92: the Mighty Axe cannot be combined with a Bomb: against the underground Dragon
    (Armor 1) her Strength 1 + Axe counts as 1, so the die decides, and a hit brings no
    Axe damage."""
    g = knight_on_dragon(surfaced=False, wakefulness=0, treasures=["mighty_axe"], cubes_free=5)
    g.script_dice("dragon", face, then="fail")
    choose(g, "cube:treasure:mighty_axe", "dragon:bomb")
    assert any(e.kind == "die_roll" for e in g.events)
    assert g.pending.kind == "knight_turn"                               # no Mighty Axe question
    assert D(g).health == D(g).max_health - (1 if face == CENTRE else 0)


def test_KN_93_axe_bonus_without_discard_recube_and_attack_again() -> None:
    """KN-93 [FAQ]: the Axe's Strength needs no discard; after a hit she may discard its
    cube for 1 more damage, put another cube on it and attack again with another
    Encounter; the extra damage needs the attack to hit."""
    g = knight_on_dragon(treasures=["mighty_axe"], cubes_free=5)
    choose(g, "cube:perception", "cube:perception", "cube:strength", "cube:treasure:mighty_axe")  # 2 + Axe > 2
    choose(g, "dragon:attack", "yes:")
    assert D(g).health == D(g).max_health - 2 and K(g).discarded == 1
    choose(g, "cube:treasure:mighty_axe", "dragon:attack", "no:")        # keeps the cube: the bonus stays
    assert D(g).health == D(g).max_health - 3 and K(g).discarded == 1
    assert K(g).treasure_cubes["mighty_axe"] == 1
    g = knight_on_dragon(wakefulness=8, treasures=["mighty_axe"], cubes_free=5)   # Armor 3
    g.script_dice("dragon", SIDE, then="fail")
    choose(g, "cube:strength", "cube:treasure:mighty_axe", "dragon:attack")       # 3 = 3: the die misses
    assert g.pending.kind == "knight_turn" and D(g).health == D(g).max_health


def test_KN_100_bow_shots_ambushes_and_other_turns_complete_no_attack_sidequest() -> None:
    """KN-100: a Sidequest "attack" is one she makes on her own turn, never a Bow shot or
    an Ambush: shooting a Tribe of Population 3 with a Monster completes neither Stalwart
    nor Daring; being ambushed by it does not either; hitting the Dragon when he enters her
    tile on his turn does not complete Daring."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:bones": [2, 0]},
             goblins={"population": {"fangs": 0, "bones": 4, "eye": 0}, "monsters": {"bones": ["golem"]}},
             knight={"cubes_free": 3, "sidequests": ["stalwart", "daring"]})
    choose(g, "cube:bow", "cube:strength", "bowshot:bones")
    assert pop(g, "bones") == 3 and not starting(g, "sidequest:")
    g = play(("knight", "goblins"), "knight", [entrance(), dark((1, 0), "T13")], {"knight": [0, 0]},
             goblins={"population": {"fangs": 0, "bones": 3, "eye": 0}, "monsters": {"bones": ["golem"]}},
             knight={"sidequests": ["stalwart", "daring"]})
    choose(g, "move:1,0")
    until(g, "ambush_strength")
    choose(g, "fight:", "ambush:bones")
    until(g, "knight_turn")
    assert K(g).health == K(g).max_health - 1 and not starting(g, "sidequest:")
    g = play(("knight", "dragon"), "dragon", tiles, {"knight": [1, 0], "dragon": [2, 0]},
             dragon={"surfaced": True, "awake": True, "hand": []},
             knight={"track": {"strength": 1}, "sidequests": ["daring"]})
    choose(g, "move:1,0")                                                # Strength 2 > Armor 1: she hits him
    assert D(g).health == D(g).max_health - 1
    until(g, "knight_turn")
    assert "sidequest:daring" not in ids(g)


def test_KN_102_attack_sidequests_need_her_to_enter_bow_only_when_the_card_says() -> None:
    """KN-102 [FAQ]: an attack Sidequest needs her to Encounter the player by entering their
    tile; a Bow shot counts only where the card says so (Eagle-Eyed): after the shot only
    Eagle-Eyed is done; entering the Tribe's tile then completes Stalwart and Daring."""
    tiles = [entrance(), lit((1, 0), "T22")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:bones": [1, 0]},
             goblins={"population": {"fangs": 0, "bones": 4, "eye": 0}, "monsters": {"bones": ["golem"]}},
             knight={"cubes_free": 4, "sidequests": ["stalwart", "daring", "eagle_eyed"]})
    choose(g, "cube:bow", "cube:strength", "bowshot:bones")              # Population 4 → 3
    assert starting(g, "sidequest:") == {"sidequest:eagle_eyed"}
    choose(g, "cube:strength", "cube:strength", "move:1,0")              # Strength 4 > Bones 3
    assert starting(g, "sidequest:") == {"sidequest:eagle_eyed", "sidequest:stalwart", "sidequest:daring"}


def test_KN_111_daring_pays_4_grit_when_she_hits_the_dragon() -> None:
    """KN-111 [EXAMPLE]: hitting the Dragon completes Daring, worth 4 Grit."""
    g = knight_on_dragon(sidequests=["daring"], sidequest_deck=[])
    assert "sidequest:daring" not in ids(g)
    choose(g, "cube:strength", "cube:strength", "dragon:attack")         # Strength 3 > Armor 2
    grit = K(g).grit
    choose(g, "sidequest:daring")
    assert K(g).grit == grit + 4 and "daring" not in K(g).sidequests


@pytest.mark.parametrize("how", ["her_move", "slap"])
def test_KN_122_poisoned_cubes_come_back_at_the_entrance_without_an_encounter(how: str) -> None:
    """KN-122 [FAQ]: Poisoned Hero cubes (on the Entrance tile) come back "immediately and
    automatically" when she enters the Entrance, with no Encounter — by her own move, or
    moved there by another player (FM-15: entering effects still apply, here a Slap)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    if how == "her_move":
        g = play(("knight", "goblins"), "knight", tiles, {"knight": [1, 0]}, goblins={"poison_cubes": 1},
                 knight={"cubes_free": 2})
        assert K(g).cubes_free == 2
        choose(g, "move:0,0")
        assert K(g).encounters_used == 0
    else:
        g = play(("knight", "goblins", "dragon"), "dragon", tiles, {"knight": [1, 0], "dragon": [2, 0]},
                 goblins={"poison_cubes": 1}, knight={"cubes_free": 2}, dragon={"hand": ["wing", "wing"]})
        choose(g, "power:slap", "push:0,0")
    assert K(g).cubes_free == 3 and g.state.goblins.poison_cubes == 0


# ======================================================================== CV-36
def test_CV_36_a_tribe_plunders_a_treasure_for_rage() -> None:
    """CV-36, CV-37: a Tribe claiming a Treasure token gains 1 Rage and the token goes back
    to the Cave's supply at once."""
    tiles = [entrance(), lit((1, 0), "T31")]
    g = play(("goblins", "cave"), "goblins", tiles, {"tribe:fangs": [1, 0]}, tokens={"1,0": {"treasure": 1}})
    supply = g.state.supply["treasure"]
    activation(g, rage=1, fangs=2)
    choose(g, "activate:fangs", "plunder:treasure")
    assert rage(g) == 2 and g.state.board.tokens_at((1, 0))["treasure"] == 0
    assert g.state.supply["treasure"] == supply + 1


def test_CV_36_the_dragon_ending_on_a_treasure_claims_it_for_a_greed_cube() -> None:
    """CV-36, DR-48/50: the Dragon ending his movement on a Treasure token may claim it: a
    Greed cube moves to Wakefulness and the token goes back to the Cave."""
    tiles = [entrance(), lit((1, 0), "T31"), lit((2, 0), "T32")]
    g = play(("dragon", "cave"), "dragon", tiles, {"dragon": [1, 0]}, tokens={"2,0": {"treasure": 1}},
             dragon={"hand": []})
    greed, wake, supply = D(g).sloth["greed"], D(g).wakefulness, g.state.supply["treasure"]
    choose(g, "move:2,0", "end:")
    assert g.pending.kind == "dragon_treasure"
    choose(g, "pickup:")
    assert D(g).sloth["greed"] == greed - 1 and D(g).wakefulness == wake + 1
    assert g.state.supply["treasure"] == supply + 1 and g.state.board.tokens_at((2, 0))["treasure"] == 0


# ============================================================ RV-10, RV-22, RV-30
def _collapse_last_crystal(roles: tuple[str, ...]) -> Any:
    """The 5th Crystal tile collapses (COL-10)."""
    from vast_desktop.engine.map.collapse import remove_tile

    from .helpers_map import drive
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T37")]
    pieces = {"knight": [0, 0]} if "knight" in roles else {}
    if "dragon" in roles:
        pieces["dragon"] = [1, 0]
    g = play(roles, roles[0], tiles, pieces, collapse=True, crystal_tiles_removed=4)
    drive(g, lambda g: remove_tile(g, (2, 0), roles[-1], collapse_removal=True))
    return g.outcome


def test_RV_10_four_players_standard_setup_and_goals() -> None:
    """RV-10: Knight vs Goblins vs Dragon vs Cave uses the standard setup (no variant card:
    no Flare, no Past Plunder, no Ash Dragon Armor, no Goblin Infestation, no Hunger cube
    pre-moved) and the standard goals: the Knight kills the Dragon (smashing Crystals and
    escaping is not her goal here), the Goblins kill the Knight, the Dragon escapes, the
    Cave collapses."""
    from vast_desktop.engine import Setup, new_game
    from vast_desktop.engine.cards.past_plunder import holder
    from vast_desktop.engine.roles.dragon.state import armor
    roles = ("knight", "goblins", "dragon", "cave")
    g = new_game(Setup(roles=roles, seed=2))
    assert g.config.turn_order == roles and not g.config.flare_holders and g.config.infestation_line is None
    assert holder(g) is None and D(g).wakefulness == 0 and armor(g) == g.rules.dragon.armor_spirit(0)[0]
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(roles, "knight", tiles, {"knight": [1, 0], "dragon": [1, 0]}, knight={"cubes_free": 3},
             dragon={"surfaced": True, "awake": True, "health": 1})
    choose(g, "cube:strength", "dragon:attack")
    assert g.outcome is not None and g.outcome.winners == ("knight",)
    g = play(roles, "goblins", tiles, {"knight": [2, 0], "dragon": [0, 0], "tribe:fangs": [1, 0]},
             knight={"health": 1})
    activation(g, fangs=2)
    choose(g, "activate:fangs", "move:2,0")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)
    g = play(roles, "dragon", tiles, {"knight": [2, 0], "dragon": [1, 0]}, dragon={"surfaced": True, "awake": True})
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("dragon",)
    assert _collapse_last_crystal(roles).winners == ("cave",)
    g = play(roles, "knight", tiles, {"knight": [1, 0], "dragon": [2, 0]}, knight={"smashed": 5})
    choose(g, "move:0,0")
    assert g.outcome is None


def test_RV_22_knight_vs_goblins() -> None:
    """RV-22: Knight vs Goblins: the Goblins hold Past Plunder (a Treasure token at the end
    of their turn, after their end-of-turn tile); the Knight wins by smashing 5 Crystals and
    escaping, the Goblins by killing her; if the Cave collapses both lose."""
    from vast_desktop.engine import Setup, new_game
    from vast_desktop.engine.cards.past_plunder import holder
    g = new_game(Setup(roles=("knight", "goblins"), seed=2))
    assert holder(g) == "goblins" and not g.config.flare_holders and g.config.infestation_line is None
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [2, 0]})
    until(g, "goblins_turn")
    choose(g, "end:")
    choose(g, ids(g)[0])                                                 # the end-of-turn Dark tile (RV-03)
    assert g.pending.kind == "past_plunder" and g.pending.role == "goblins"
    choose(g, ids(g)[0])
    assert g.state.board.count_tokens("treasure") == 1 and g.state.active == "knight"
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [1, 0]}, knight={"smashed": 4})
    choose(g, "move:0,0")
    assert g.outcome is None                                             # 4 Crystals are not enough
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [1, 0]}, knight={"smashed": 5})
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("knight",)
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [2, 0], "tribe:fangs": [1, 0]}, knight={"health": 1})
    activation(g, fangs=2)
    choose(g, "activate:fangs", "move:2,0")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)
    assert _collapse_last_crystal(("knight", "goblins")).winners == ()


def test_RV_30_goblins_vs_cave() -> None:
    """RV-30: Goblins vs Cave: the Goblins hold Flare (each Tribe on the map may use it)
    and win by smashing 5 Crystals; the Cave wins by collapsing."""
    from vast_desktop.engine import Setup, new_game
    g = new_game(Setup(roles=("goblins", "cave"), seed=2))
    assert g.config.flare_holders == frozenset({"goblins"}) and g.config.crystals_needed == 5
    tiles = [entrance(), lit((1, 0), "T37"), dark((2, 0), "T01")]
    g = play(("goblins", "cave"), "goblins", tiles, {"tribe:fangs": [1, 0], "tribe:bones": [1, 0]},
             tokens={"1,0": {"crystal": 1}}, goblins={"crystals": 4})
    activation(g, rage=2, fangs=2, bones=3)
    choose(g, "activate:fangs")
    assert "flare:" in ids(g)
    choose(g, "attack:crystal", "activate:bones", "attack:crystal")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)
    assert _collapse_last_crystal(("goblins", "cave")).winners == ("cave",)
