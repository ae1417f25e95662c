"""Rule tests for the rules issue 25 (item 8) found wrong or untested: KN-19 (a Hero cube
on a lost Treasure card is set aside, whoever takes the card), KN-88 (the Javelin's +1
Strength on her next attack, whatever its target), KN-70 (the Ancient Map and Rockslides),
the line-C Ambush Troll of Goblin Infestation (the Canyon) and Trap against the Dragon's
Wrath (GB-56).

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Strength is 1 + the
cubes on her Strength track (KN-09); a Tribe's Strength is its Population + its Strength
discs (GB-11).
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.roles.knight import turn as kn
from vast_desktop.engine.view import view

from .helpers import dark, entrance, lit, scenario
from .helpers_interactions import K, choose, ids, play
from .helpers_thief import thief_game, to_role_turn

CENTRE = 6                                   # the Dragon die face that shows only the centre
ROW = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29")]


# ===================================================================== KN-19
def test_KN_19_pickpocketed_card_sets_its_cube_aside_and_leaves_her_board() -> None:
    """KN-19 [FAQ] "If a Hero cube is assigned to a Treasure that is later lost or
    discarded ... it is set aside": the Thief's Pickpocket (TH-22) sends her Elven Sword,
    cube and all, to the bottom of the deck; the cube is set aside (not back in her hand),
    her board and everyone's view no longer show the card, and her next Pick Up returns
    the cube."""
    g = thief_game(stats="2-3-4", knight={"treasures": ["elven_sword", "javelin"], "face_up": ["elven_sword"],
                           "treasure_cubes": {"elven_sword": 1}, "cubes_free": 1},
                   treasure_deck=["potion_kit"])
    choose(g, "pickpocket:knight:3")                       # three cubes: no roll
    choose(g, "card:elven_sword")
    k = K(g)
    assert k.treasures == ["javelin"] and k.face_up == []
    assert "elven_sword" not in k.treasure_cubes
    assert k.set_aside == 1 and k.cubes_free == 1          # not returned to her unplaced cubes
    assert g.state.treasure_deck == ["potion_kit", "elven_sword"]
    assert "elven_sword" not in g.state.removed_from_game  # in the deck, not out of the game
    for viewer in ("knight", "thief", None):
        board = view(g, viewer).boards.knight
        assert "elven_sword" not in board.treasure_cubes and "elven_sword" not in board.face_up
        assert board.set_aside == 1
    assert view(g, "knight").boards.knight.facedown == ("javelin",)
    to_role_turn(g, "knight", "knight_turn")
    k = K(g)
    assert k.set_aside == 0 and k.cubes_free == 2          # her Pick Up: 1 unplaced + 1 set aside


def test_KN_19_a_cube_free_card_taken_leaves_no_cube_behind() -> None:
    """KN-19: a lost card without a cube sets nothing aside (the rule is about the cube), and
    her unplaced cubes are untouched."""
    g = thief_game(stats="3-2-4", knight={"treasures": ["elven_sword"], "face_up": ["elven_sword"], "cubes_free": 2})
    choose(g, "pickpocket:knight:3")
    choose(g, "card:elven_sword")
    assert K(g).set_aside == 0 and K(g).cubes_free == 2 and K(g).treasure_cubes == {}


# ===================================================================== KN-88
def javelin_vs_tribe() -> Game:
    """Her turn at the Entrance with a cube on Strength (Strength 2), the Fangs
    (Population 1 + 1 Strength disc = 2) next door."""
    g = play(("knight", "goblins"), "knight", ROW, {"knight": [0, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
             knight={"treasures": ["javelin"], "cubes_free": 2})
    choose(g, "cube:strength")
    return g


def test_KN_88_javelin_adds_one_strength_to_entering_a_tribe() -> None:
    """KN-88 "you gain +1 Strength on your next attack" — any attack (GEN-07), not only the
    Dragon: at Strength 2 she may not enter the Fangs' tile (Strength 2, KN-56); with the
    Javelin readied her Strength 3 is enough, the attack resolves (Rage +1, they scatter)
    and the Javelin then leaves the game."""
    g = javelin_vs_tribe()
    assert gb.tribe_strength(g, "fangs") == 2 and kb.strength(g) == 2
    assert "move:1,0" not in ids(g)
    rage = g.state.goblins.rage
    choose(g, "treasure:javelin:javelin")
    assert kb.attack_strength(g) == 3 and kb.strength(g) == 2     # the bonus is for attacks only
    choose(g, "move:1,0")
    assert gb.tribe_pos(g, "fangs") != (1, 0) and g.state.goblins.rage == rage + 1
    k = K(g)
    assert k.treasures == [] and k.javelin_ready is None and "javelin" in g.state.removed_from_game
    assert kb.attack_strength(g) == 2


def test_KN_88_javelin_is_not_spent_by_a_bow_shot() -> None:
    """KN-88 with GEN-08: a Bow shot is not an attack, so it neither gets the +1 (damage
    stays Strength − 1, KN-79) nor uses up the readied Javelin."""
    g = play(("knight", "goblins"), "knight", ROW, {"knight": [0, 0], "tribe:fangs": [2, 0]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}},
             knight={"treasures": ["javelin"], "cubes_free": 2})
    choose(g, "cube:strength", "treasure:javelin:javelin", "cube:bow", "bowshot:fangs")
    assert g.state.goblins.population["fangs"] == 2                  # Strength 2 − 1, not 3 − 1
    assert K(g).javelin_ready == "javelin" and K(g).treasures == ["javelin"]


def test_KN_88_javelin_is_thrown_with_an_attack_on_the_thief() -> None:
    """KN-88: her next attack is on the Thief (KN-60: Perception against his Stealth): the
    readied Javelin goes with it and leaves the game."""
    g = play(("knight", "thief"), "knight", ROW, {"knight": [1, 0], "thief": [1, 0]},
             thief={"loot_drop": 0}, knight={"cubes_free": 3, "treasures": ["javelin"]})
    choose(g, "treasure:javelin:javelin", "cube:perception", "cube:perception", "cube:perception")
    choose(g, "thief:attack")
    assert g.state.thief.dead and K(g).treasures == [] and K(g).javelin_ready is None
    assert "javelin" in g.state.removed_from_game


def test_KN_88_javelin_adds_one_against_the_surfaced_dragon() -> None:
    """KN-88: against the surfaced Dragon (Armor 2 at Wakefulness 4) her Strength 1 may not
    attack (KN-49); with the Javelin her Strength 2 may (a tie: the die decides, here a
    centre face hits) and the Javelin leaves the game."""
    g = play(("knight", "dragon"), "knight", ROW, {"knight": [1, 0], "dragon": [1, 0]},
             dragon={"surfaced": True, "awake": True, "wakefulness": 4}, knight={"treasures": ["javelin"]})
    g.script_dice("dragon", CENTRE, then="repeat")
    assert "dragon:attack" not in ids(g)
    health = g.state.dragon.health
    choose(g, "treasure:javelin:javelin", "dragon:attack")
    assert g.state.dragon.health == health - 1 and K(g).treasures == []


def test_KN_88_GEN_07_javelin_counts_for_a_crystal_smash() -> None:
    """KN-88 with GEN-07 (smashing a Crystal is an attack): at Strength 2 she cannot smash
    (KN-62: 3 needed); the readied Javelin makes it 3, and the smash uses it up."""
    g = play(("knight",), "knight", ROW, {"knight": [1, 0]}, tokens={"1,0": {"crystal": 1}},
             knight={"treasures": ["javelin"]})
    choose(g, "cube:strength")
    assert "smash:" not in ids(g)
    choose(g, "treasure:javelin:javelin", "smash:")
    assert K(g).smashed == 1 and K(g).treasures == [] and K(g).javelin_ready is None


def test_KN_88_KN_19_a_readied_javelin_taken_by_the_thief_is_no_longer_ready() -> None:
    """KN-88, KN-19: a readied Javelin the Pickpocket sends to the deck gives no bonus."""
    g = thief_game(stats="3-2-4", knight={"treasures": ["javelin"], "face_up": ["javelin"], "javelin_ready": "javelin"})
    choose(g, "pickpocket:knight:3", "card:javelin")
    assert K(g).javelin_ready is None and kb.javelin_bonus(g) == 0


# ===================================================================== KN-70
def test_KN_70_CV_23_ancient_map_passes_a_rockslide_like_any_wall() -> None:
    """KN-70 "Each placed Hero cube allows you to move through one wall", and CV-23
    "Rockslide tokens are walls": a Rockslide between two open tiles stops her plain move,
    and one cube on the Ancient Map takes her through it at the normal Movement cost and
    with no Encounter."""
    g = play(("knight",), "knight", ROW, {"knight": [1, 0]}, rockslides=[[[1, 0], [2, 0]]])
    assert "move:2,0" not in ids(g) and "mapmove:2,0" not in ids(g)
    choose(g, "cube:map")
    assert "mapmove:2,0" in ids(g)
    choose(g, "mapmove:2,0")
    assert g.state.board.pieces["knight"] == (2, 0) and K(g).moved == 1 and K(g).encounters_used == 0
    assert ((1, 0), (2, 0)) in g.state.board.rockslides            # the Map passes it, never removes it


# ================================================ Goblin Infestation line C: the Troll
def troll_ambush(**data: Any) -> Game:
    """Knight solo at Hard (Goblin Infestation line C, Monsters) about to reveal the Ambush
    tunnel T02 east of the Entrance, the Troll on top of the Monster deck; she fights at
    Strength 1 against its 4 and is hit."""
    g = scenario(("knight",), solo_level="hard", tiles=[entrance(), dark((1, 0), "T02"), *data.pop("tiles", [])],
                 pieces={"knight": [0, 0]}, monster_deck=["troll", "ogre"], **data)
    assert g.config.infestation_line == "C"
    choose(g, "move:1,0")
    choose(g, "fight:")
    return g


def canyon_cells(g: Game) -> dict[tuple[int, int], str]:
    return {p: t.terrain.kind for p, t in g.state.board.tiles.items() if t.terrain is not None}


def test_RV_08_VAR_43_line_C_troll_places_the_canyon_with_the_troll_on_its_bridge() -> None:
    """RV-08, VAR-43, DATA-17, TR-07, TR-16: the Troll's Ambush line reads "Place the Canyon
    Terrain tile (even without the Terrain variant) with the Troll token on its Bridge" —
    not the Ogre's push-back.  Without the Terrain variant the Canyon goes as close as
    possible to her (she, with no Cave, chooses among the nearest spots), its Bridge against
    a Cave tile and a Dark tile beyond it; the Troll token stands on the Bridge; she stays
    on the Ambush tile; the card waits beside the map (VAR-44) and the Troll must be beaten
    (Strength above 4) to enter the Bridge."""
    g = troll_ambush()
    assert not g.config.extra.get("terrain")
    assert g.pending.kind == "terrain_place" and g.pending.role == "knight"
    choose(g, "terrain_at:0@1,-1")
    cells = canyon_cells(g)
    assert cells == {(1, -1): "impassable", (2, -1): "bridge", (3, -1): "impassable"}
    assert g.state.board.tokens_at((2, -1))["troll"] == 1
    assert sum(t["troll"] + t["ogre"] for t in g.state.board.tokens.values()) == 1     # no Ogre-style token
    assert g.state.board.pieces["knight"] == (1, 0) and K(g).health == 6                # not pushed back
    assert g.state.board.tiles[(2, -2)].dark                                            # TR-16: beyond the Bridge
    assert "troll" not in g.state.monster_discard                                      # VAR-44: it waits
    block = kn.knight_entry(g, (2, -1))
    assert block is not None and "Troll" in block.text and block.rule == "VAR-44"


def test_RV_08_line_C_troll_goes_on_the_bridge_of_a_canyon_already_in_play() -> None:
    """RV-08 with the Terrain variant: the Canyon already on the map is not placed again
    (there is one); the Troll token goes on its Bridge."""
    g = troll_ambush(variants=["terrain"], tiles=[lit((0, -1), "T22")],
                     terrain=[{"tile": "canyon", "pos": [-1, -2], "rot": 0}])
    cells = canyon_cells(g)
    bridge = next(p for p, kind in cells.items() if kind == "bridge")
    assert len(cells) == 3 and g.state.board.tokens_at(bridge)["troll"] == 1
    assert g.state.board.pieces["knight"] == (1, 0)


# ========================================================== GB-56: Trap against Wrath
WRATH_ROW = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T22"), lit((3, 0), "T31"), lit((2, 1), "T32"),
             lit((3, 1), "T25"), lit((4, 0), "T29")]
PLUS = 3                                     # the Dragon die face: the four orthogonal spaces and the centre


@pytest.mark.parametrize("house", [(), ("trapped_tribe_tile_falls",)])
def test_GB_56_trap_leaves_a_tribe_unaffected_by_wrath(house: tuple[str, ...]) -> None:
    """GB-56 [FAQ] "If you choose to use Trap, the Dragon's power is still activated
    normally and can affect other players, but has no effect on any Tribe".  Wrath (plus
    shape around the Dragon at (2,0)) hits the Fangs at (3,0); the Goblins discard Trap.
    Default reading: no effect on the Tribe at all — it does not scatter and its tile does
    not fall (moving it off would be an effect), while the other affected tiles fall.
    House rule ``trapped_tribe_tile_falls``: it does not scatter, but its tile falls and it
    is moved off by Forced Movement, Population intact."""
    g = play(("goblins", "dragon"), "dragon", WRATH_ROW, {"dragon": [2, 0], "tribe:fangs": [3, 0]}, house=house,
             dragon={"hand": ["claw"] * 4}, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0},
                                                     "face_up": ["trap"]})
    g.script_dice("dragon", PLUS, then="repeat")
    choose(g, "power:wrath")
    assert g.pending.kind == "trap_dragon"
    choose(g, "trap:")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    s = g.state.goblins
    assert s.population["fangs"] == 3 and "trap" in s.secrets_discard
    fell = {e.data.get("pos") for e in g.events if e.kind == "tile_removed"}
    assert (2, 1) in fell                                            # Wrath still brings down the other tiles
    fangs = gb.tribe_pos(g, "fangs")
    assert fangs is not None                                         # never scattered
    if house:
        assert (3, 0) in fell and any(e.kind == "forced_move" and e.data.get("piece") == "tribe:fangs"
                                      for e in g.events)
    else:
        assert (3, 0) not in fell and g.state.board.tiles[fangs].tile_id == "T31"   # (the map is reconnected)
        assert any(e.kind == "wrath_spared" and e.data.get("pos") == (3, 0) for e in g.events)
