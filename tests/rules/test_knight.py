"""Rule tests for the Knight (RULES_CHECKLIST section 7, KN-01..124) in the games
the engine plays without Goblins, Dragon or Thief players: Knight solo
(SOLO-07..09) and Knight vs Cave (RV-25/26), with the Knight's difficulty levels
(DIF-04..08) and the Goblins' levels that set her Health (DIF-10).

Every test builds its exact position with ``load_scenario`` and names the
checklist items it proves.  Positions are (x, y), y grows southward; the
Entrance is at (0, 0).  Tile facts used below (unrotated walls N,E,S,W):
T02/T08/T09 Ambush tunnels (walls N+S), T01/T05/T10/T13 Ambush open,
T16/T18/T19 Event tunnels, T20/T22/T25/T29/T30 Event open, T17 Event side (N),
T27 Event dead end (N,E,S), T31-T33 Treasure Room open, T35 Treasure Room
tunnel, T37/T42/T44 Crystal open, T38 Crystal side (N).
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, IllegalChoice, new_game
from vast_desktop.engine.cards.sidequests import completable
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.setup import Setup

from .helpers import choose, dark, entrance, ids, lit, scenario

GRIT_SPACES = (5, 11, 18, 26, 35)
CENTRE_FACES = (3, 5, 6)   # Dragon die faces that hit the centre (COMPONENT_DATA "Dragon die")

# The Entrance with Dark tiles north, west and south: only (1, 0) is left for the test.
BASE = [entrance(), dark((-1, 0), "T21"), dark((0, -1), "T24"), dark((0, 1), "T26")]


# ------------------------------------------------------------------ helpers
def kn(grit: int = 0, cubes: int | None = None, **kw: Any) -> dict[str, Any]:
    """A Knight board consistent with her Grit: cubes on the spaces she passed are hers."""
    taken = [s for s in GRIT_SPACES if s <= grit]
    d: dict[str, Any] = {"grit": grit, "grit_spaces": [s for s in GRIT_SPACES if s > grit],
                         "cubes_free": 2 + len(taken) if cubes is None else cubes}
    d.update(kw)
    return d


def solo(tiles: list[dict[str, Any]], knight: dict[str, Any] | None = None, level: str = "easy",
         at: tuple[int, int] = (0, 0), base: bool = True, **data: Any) -> Game:
    """Knight solo (Alone in the Dark + Goblin Infestation line A/B/C by ``level``)."""
    return scenario(("knight",), solo_level=level, tiles=(BASE if base else []) + tiles,
                    pieces={"knight": list(at)}, knight=kn(**(knight or {})), **data)


def vs_cave(tiles: list[dict[str, Any]], knight: dict[str, Any] | None = None, at: tuple[int, int] = (0, 0),
            base: bool = True, **data: Any) -> Game:
    """Knight vs Cave (Flare + Goblin Infestation line B)."""
    return scenario(("knight", "cave"), tiles=(BASE if base else []) + tiles,
                    pieces={"knight": list(at)}, knight=kn(**(knight or {})), **data)


def K(g: Game) -> Any:
    k = g.state.knight
    assert k is not None
    return k


def tokens(g: Game, p: tuple[int, int]) -> dict[str, int]:
    return {k: v for k, v in g.state.board.tokens.get(p, {}).items() if v}


def is_lit(g: Game, p: tuple[int, int]) -> bool:
    return g.state.board.tiles[p].lit


def knight_turn(g: Game) -> bool:
    return g.pending is not None and g.pending.role == "knight" and g.pending.kind == "knight_turn"


def finish_other_decisions(g: Game) -> None:
    """Play everything up to the Knight's next ``knight_turn`` decision: the
    Alone in the Dark placements in solo, or a minimal Cave turn."""
    for _ in range(200):
        d = g.pending
        if d is None or (d.role == "knight" and d.kind == "knight_turn"):
            return
        if d.kind == "cave_turn":
            g.apply("end:" if "end:" in d.ids else next(i for i in d.ids if not i.startswith("omen:")))
        else:
            g.apply(d.ids[0])
    raise AssertionError("the Knight's turn never came back")


def end_turn(g: Game) -> None:
    choose(g, "end:")
    finish_other_decisions(g)


def assert_illegal_unchanged(g: Game, option_id: str) -> None:
    """``option_id`` is refused with IllegalChoice and nothing changes."""
    before = (repr(g.state), g.pending, len(g.choices))
    with pytest.raises(IllegalChoice):
        g.apply(option_id)
    assert (repr(g.state), g.pending, len(g.choices)) == before


def encounters_left(g: Game) -> int:
    return kb.perception(g) - K(g).encounters_used


def die_faces(g: Game) -> list[int]:
    return [e.data["face"] for e in g.events if e.kind == "die_roll"]


# =================================================================== 7a/7b
def test_KN_06_KN_10_KN_15_KN_16_pick_up_phase() -> None:
    """KN-06, KN-10, KN-15, KN-16: at the start of her turn she picks up every placed
    cube (tracks, equipment, Treasures, set-aside) but not the ones on the Grit track
    nor the discarded ones, and all three statistics are back to 1."""
    g = solo([lit((1, 0), "T35")], knight={
        "grit": 5, "cubes": 0, "track": {"movement": 1, "strength": 2}, "equip": {"shield": 1},
        "treasures": ["heroic_boots"], "treasure_cubes": {"heroic_boots": 1}, "set_aside": 1, "discarded": 1})
    k = K(g)
    assert k.cubes_free == 1 + 2 + 1 + 1 + 1   # movement, strength x2, shield, boots, set-aside
    assert k.set_aside == 0
    assert k.track == {"movement": 0, "perception": 0, "strength": 0}
    assert k.equip["shield"] == 0 and k.treasure_cubes == {"heroic_boots": 0}
    assert (kb.movement(g), kb.perception(g), kb.strength(g)) == (1, 1, 1)
    assert k.discarded == 1                     # KN-15/16: discarded cubes stay out
    assert k.grit_spaces == [11, 18, 26, 35]    # cubes on the Grit track stay there


def test_KN_07_KN_08_KN_12_tracks_fill_left_to_right() -> None:
    """KN-07, KN-08, KN-12: the first cube goes on the second space; each cube moves the
    statistic to the value of the space just filled: Movement 1-3-5-7, Perception and
    Strength 1-2-3-4; a full track takes no more cubes."""
    g = solo([lit((1, 0), "T35")], knight={"cubes": 9})
    seen = {"movement": [kb.movement(g)], "perception": [kb.perception(g)], "strength": [kb.strength(g)]}
    getter = {"movement": kb.movement, "perception": kb.perception, "strength": kb.strength}
    for track in seen:
        for _ in range(3):
            choose(g, f"cube:{track}")
            seen[track].append(getter[track](g))
        assert f"cube:{track}" not in ids(g)
        assert_illegal_unchanged(g, f"cube:{track}")
    assert seen == {"movement": [1, 3, 5, 7], "perception": [1, 2, 3, 4], "strength": [1, 2, 3, 4]}
    assert K(g).track == {"movement": 3, "perception": 3, "strength": 3}


def test_KN_09_KN_20_KN_21_KN_30_one_cube_each_and_no_move_without_encounters() -> None:
    """KN-09: 1 cube on Perception gives 1 more Encounter and 1 on Movement 2 more
    Movement.  KN-20/21/30: she spends both Encounters revealing two tiles; with
    Movement left but no Encounter she cannot move any more."""
    g = solo([dark((1, 0), "T16"), dark((2, 0), "T18"), dark((3, 0), "T19")], event_deck=[])
    choose(g, "cube:perception", "cube:movement")
    assert (kb.movement(g), kb.perception(g)) == (3, 2)
    choose(g, "move:1,0")
    choose(g, "move:2,0")
    k = K(g)
    assert (k.moved, k.encounters_used) == (2, 2)
    assert is_lit(g, (1, 0)) and is_lit(g, (2, 0))
    assert not [i for i in ids(g) if i.startswith(("move:", "mapmove:"))]
    assert_illegal_unchanged(g, "move:3,0")
    assert_illegal_unchanged(g, "move:1,0")      # not even back onto a Lit tile
    assert "end:" in ids(g)


def test_KN_20_move_and_encounter_in_any_order() -> None:
    """KN-20: moves onto Lit tiles cost no Encounter; she may move, reveal, and move
    again in any order up to her Movement."""
    g = solo([lit((1, 0), "T35"), dark((2, 0), "T16")], event_deck=[])
    choose(g, "cube:perception", "cube:movement")
    choose(g, "move:1,0")
    assert (K(g).moved, K(g).encounters_used) == (1, 0)
    choose(g, "move:2,0")
    assert (K(g).moved, K(g).encounters_used) == (2, 1)
    choose(g, "move:1,0")
    assert (K(g).moved, K(g).encounters_used) == (3, 1)
    assert not [i for i in ids(g) if i.startswith("move:")]     # Movement 3 used up


def test_KN_22_no_encounters_left_equipment_still_usable() -> None:
    """KN-22: with no Encounter left she cannot move, but may still place cubes and use
    equipment that needs no Encounter (the Bomb on a wall)."""
    g = solo([dark((1, 0), "T16"), lit((2, 0), "T35")], event_deck=[])
    choose(g, "move:1,0")                         # her only Encounter
    assert encounters_left(g) == 0
    opts = ids(g)
    assert not [i for i in opts if i.startswith("move:")]
    assert "cube:strength" in opts and "cube:shield" in opts
    assert "bomb:1,-1" in opts and "bomb:1,1" in opts     # T16 has walls north and south
    choose(g, "bomb:1,1")
    assert ((1, 0), (1, 1)) in g.state.board.bombs


def test_KN_23_walls_block_movement() -> None:
    """KN-23: she cannot move through a wall, on her tile or on the tile she would enter."""
    # (1,0) T17 side turned so its wall is west (toward the Entrance).
    g = solo([lit((1, 0), "T17", rot=3)])
    assert "move:1,0" not in ids(g) and "mapmove:1,0" not in ids(g)
    assert_illegal_unchanged(g, "move:1,0")
    # From a tunnel (walls north and south) she cannot step south onto a tile.
    g = solo([lit((1, 0), "T35"), lit((1, 1), "T31"), lit((1, -1), "T32"), lit((2, 0), "T33")], at=(1, 0))
    assert [i for i in ids(g) if i.startswith("move:")] == ["move:2,0", "move:0,0"]


# =================================================================== 7c
def test_KN_24_one_encounter_reveal_then_smash_then_collect() -> None:
    """KN-24, KN-42, KN-27: one Encounter covers revealing a Crystal tile, smashing its
    Crystal and collecting a Treasure token that was on the Dark tile."""
    g = solo([dark((1, 0), "T37")], tokens={"1,0": {"treasure": 1}}, treasure_deck=["heroic_boots"])
    choose(g, "cube:strength", "cube:strength")
    choose(g, "move:1,0")
    assert tokens(g, (1, 0)) == {"treasure": 1, "crystal": 1}
    assert "smash:" in ids(g) and "collect:treasure" in ids(g)
    choose(g, "smash:")
    choose(g, "collect:treasure")
    choose(g, "keep:heroic_boots")
    assert K(g).encounters_used == 1
    assert K(g).smashed == 1 and tokens(g, (1, 0)) == {}
    assert K(g).treasures == ["heroic_boots"]


def test_KN_24_collecting_before_attacking_needs_another_encounter() -> None:
    """KN-24: within one Encounter attacks (smash) come before collecting; after she
    collected, smashing needs a new Encounter."""
    tiles = [lit((1, 0), "T35")]
    toks = {"1,0": {"treasure": 1, "crystal": 1}}
    g = solo(tiles, tokens=toks, treasure_deck=["heroic_boots"], knight={"grit": 5})
    choose(g, "cube:strength", "cube:strength", "move:1,0", "collect:treasure", "decline:heroic_boots")
    assert K(g).encounters_used == 1
    assert "smash:" not in ids(g)                 # Perception 1: no Encounter left
    assert_illegal_unchanged(g, "smash:")
    g = solo(tiles, tokens=toks, treasure_deck=["heroic_boots"], knight={"grit": 11})
    choose(g, "cube:strength", "cube:strength", "cube:perception", "move:1,0", "collect:treasure",
               "decline:heroic_boots", "smash:")
    assert K(g).encounters_used == 2


def test_KN_25_only_tokens_on_her_own_tile() -> None:
    """KN-25: she attacks and collects only on her own tile."""
    g = solo([lit((1, 0), "T35")], tokens={"1,0": {"treasure": 1, "crystal": 1}})
    choose(g, "cube:strength", "cube:strength")
    assert "smash:" not in ids(g) and "collect:treasure" not in ids(g)


def test_KN_26_KN_31_KN_32_entering_a_dark_tile_reveals_it_for_an_encounter() -> None:
    """KN-26, KN-31, KN-32: moving onto a Dark tile spends an Encounter, flips and
    places it, and gives 1 Grit after it resolves."""
    g = solo([dark((1, 0), "T20")], event_deck=[])
    assert "reveal" in g.pending.option("move:1,0").label
    choose(g, "move:1,0")
    assert is_lit(g, (1, 0)) and g.state.board.pieces["knight"] == (1, 0)
    assert (K(g).encounters_used, K(g).grit) == (1, 1)
    assert all((q in g.state.board.tiles) for q in [(2, 0), (1, -1), (1, 1)])   # open edges filled


def test_KN_27_KN_41_KN_69_treasure_room_token_taken_in_the_same_encounter() -> None:
    """KN-27, KN-41, KN-69: revealing a Treasure Room places a Treasure token that she
    may take without another Encounter; the token goes back to the Cave's supply."""
    g = solo([dark((1, 0), "T35")], treasure_deck=["pixie_lantern"])
    supply = g.state.supply["treasure"]
    choose(g, "move:1,0")
    assert tokens(g, (1, 0)) == {"treasure": 1}
    assert g.state.supply["treasure"] == supply - 1
    choose(g, "collect:treasure")
    assert g.pending.kind == "keep_treasure"
    choose(g, "keep:pixie_lantern")
    assert K(g).encounters_used == 1 and tokens(g, (1, 0)) == {}
    assert g.state.supply["treasure"] == supply


def test_KN_41_KN_42_tokens_may_be_left() -> None:
    """KN-41, KN-42: she may ignore the Treasure or Crystal token placed by the reveal;
    it stays on the tile."""
    g = solo([dark((1, 0), "T37")])
    choose(g, "move:1,0")
    end_turn(g)
    assert tokens(g, (1, 0)) == {"crystal": 1}
    g = solo([dark((1, 0), "T35")])
    choose(g, "move:1,0")
    end_turn(g)
    assert tokens(g, (1, 0)) == {"treasure": 1}


def test_KN_28_entering_a_revealed_tile_may_ignore_crystal_and_treasure() -> None:
    """KN-28: entering a revealed tile with Crystal and Treasure tokens costs no
    Encounter; she may walk on."""
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], tokens={"1,0": {"treasure": 1, "crystal": 1}})
    choose(g, "cube:movement")
    choose(g, "move:1,0")
    assert K(g).encounters_used == 0
    choose(g, "move:2,0")
    assert tokens(g, (1, 0)) == {"treasure": 1, "crystal": 1}


def test_KN_28_KN_36_entering_an_event_token_must_resolve_it() -> None:
    """KN-28, KN-36: entering a revealed tile with an Event token resolves it like an
    Event tile (an Encounter) and removes the token."""
    g = solo([lit((1, 0), "T35")], tokens={"1,0": {"event": 1}}, event_deck=["rats#1", "light"],
             knight={"grit": 4})
    supply = g.state.supply["event"]
    choose(g, "move:1,0")
    assert K(g).encounters_used == 1
    assert K(g).grit == 2                                 # Rats
    assert tokens(g, (1, 0)) == {}
    assert g.state.supply["event"] == supply + 1
    assert g.state.event_deck == ["light"] and "rats#1" in g.state.removed_from_game


def test_KN_29_treasure_left_behind_costs_an_encounter_later() -> None:
    """KN-29: a Treasure she left on a tile she revealed costs an Encounter when she
    comes back for it."""
    g = solo([dark((1, 0), "T35")], treasure_deck=["pixie_lantern"])
    choose(g, "cube:perception", "cube:movement", "move:1,0", "move:0,0", "move:1,0")
    assert K(g).encounters_used == 1
    choose(g, "collect:treasure")
    assert K(g).encounters_used == 2


def test_KN_33_KN_34_open_edges_filled_before_the_event_then_grit() -> None:
    """KN-33, KN-34 (solo): the Dark tiles for the open edges are placed before the
    Event resolves, and the reveal Grit comes after the Event."""
    g = solo([dark((1, 0), "T20")], event_deck=["light"], stack=["T22", "T25", "T29", "T30", "T01", "T05"],
             knight={"grit": 5})
    choose(g, "move:1,0")
    assert g.pending.kind == "event_light"
    assert {(2, 0), (1, -1), (1, 1)} <= set(g.state.board.tiles)
    assert K(g).grit == 5                                 # not yet
    choose(g, "no:")
    assert K(g).grit == 6
    kinds = [e.kind for e in g.events]
    assert kinds.index("tile_placed") < kinds.index("event") < max(i for i, k in enumerate(kinds) if k == "grit")


def test_KN_33_KN_35_cave_fills_edges_then_plays_one_of_three_events() -> None:
    """KN-33, KN-35 (Knight vs Cave): the Cave fills the open edges first, then draws 3
    Event cards, plays 1 on the Knight and puts the other 2 on the bottom."""
    g = vs_cave([dark((1, 0), "T20")], event_deck=["rats#1", "light", "cave_bread", "fresh_air"],
                knight={"grit": 4})
    choose(g, "move:1,0")
    fills = 0
    while g.pending.kind == "fill_open_edge":
        assert g.pending.role == "cave"
        g.apply(g.pending.ids[0])
        fills += 1
    assert fills == 3
    assert (g.pending.role, g.pending.kind) == ("cave", "choose_event")
    assert set(ids(g)) == {"event:rats#1", "event:light", "event:cave_bread"}
    choose(g, "event:rats#1")
    assert K(g).grit == 3                                  # 4 - 2 (Rats) + 1 (reveal)
    assert g.state.event_deck == ["fresh_air", "light", "cave_bread"]


def test_KN_35_solo_draws_the_top_event() -> None:
    """KN-35: with no Cave she draws and resolves the top Event card herself."""
    g = solo([dark((1, 0), "T16")], event_deck=["rats#2", "light"], knight={"grit": 4})
    choose(g, "move:1,0")
    assert K(g).grit == 3
    assert g.state.event_deck == ["light"]


def test_KN_36_KN_37_starting_on_an_event_token_must_encounter_it_first() -> None:
    """KN-36, KN-37: starting her turn on an Event token, she must resolve it as an
    Encounter before moving away; the token is then removed."""
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], at=(1, 0), tokens={"1,0": {"event": 1}},
             event_deck=["rats#1"], knight={"grit": 6})
    assert "resolve_event:" in ids(g)
    assert not [i for i in ids(g) if i.startswith("move:")]
    assert_illegal_unchanged(g, "move:2,0")
    choose(g, "resolve_event:")
    assert K(g).encounters_used == 1 and K(g).grit == 4 and tokens(g, (1, 0)) == {}
    assert "move:2,0" not in ids(g)                        # Perception 1 spent
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], at=(1, 0), tokens={"1,0": {"event": 1}},
             event_deck=["rats#1"], knight={"grit": 6})
    choose(g, "cube:perception", "resolve_event:", "move:2,0")


def test_FM_06_forced_onto_an_event_token_resolves_it_next_turn() -> None:
    """FM-06: carried by Giant Bats onto an Event token, the Knight must resolve it as an
    Encounter at the start of her next turn before moving."""
    g = vs_cave([lit((1, 0), "T35"), lit((2, 0), "T16")], active="cave", tokens={"2,0": {"event": 1}},
                cave={"omens": {"bat": 3}}, event_deck=["rats#1", "rats#2", "rats#3"],
                knight={"grit": 6}, stack=[], omen_bag={})
    choose(g, "omen:giant_bats")
    if g.pending.kind == "pay_omen":
        g.apply(g.pending.ids[0])
    choose(g, "bats:knight@0,0>2,0")
    assert g.state.board.pieces["knight"] == (2, 0)
    assert tokens(g, (2, 0)) == {"event": 1}              # nothing resolved on the Cave's turn
    finish_other_decisions(g)
    assert "resolve_event:" in ids(g)
    assert not [i for i in ids(g) if i.startswith("move:")]
    choose(g, "resolve_event:")
    assert g.pending.kind == "choose_event"


# =================================================================== 7d Ambush (Goblin Infestation)
def ambush_game(level: str, seed: int = 1, **data: Any) -> Game:
    """The Knight about to reveal the Ambush tunnel T02 east of the Entrance."""
    return solo([dark((1, 0), "T02")], level=level, seed=seed, **data)


def test_KN_38_SOLO_08_line_A_normal_goblins_wound_a_weaker_knight() -> None:
    """KN-38, SOLO-08, KN-124, RV-08 (line A): Easy = line A, Normal Goblins of Strength 2.  She is asked
    first whether to add Strength; at Strength 1 she loses 1 Health."""
    g = ambush_game("easy")
    assert g.config.infestation_line == "A"
    choose(g, "move:1,0")
    assert (g.pending.role, g.pending.kind) == ("knight", "ambush_strength")
    assert set(ids(g)) == {"cube:strength", "fight:"}
    assert "Strength 2" in g.pending.prompt
    choose(g, "fight:")
    assert K(g).health == 6
    assert K(g).grit == 1 and knight_turn(g)              # the reveal Grit still comes


def test_KN_38_adding_strength_cubes_beats_the_ambush() -> None:
    """KN-38: she may put Hero cubes on Strength first; Strength 3 > 2 means nothing
    happens (no die roll)."""
    g = ambush_game("easy")
    choose(g, "move:1,0")
    choose(g, "cube:strength")
    assert g.pending.kind == "ambush_strength"             # still asking while she has cubes
    choose(g, "cube:strength")
    assert K(g).health == 7 and K(g).track["strength"] == 2
    assert die_faces(g) == [] and knight_turn(g)


def test_KN_38_SOLO_08_line_B_tough_goblins_strength_3() -> None:
    """SOLO-08, KN-38, RV-08 (line B): Medium = line B, Tough Goblins of Strength 3: Strength 2 is wounded."""
    g = ambush_game("medium")
    assert g.config.infestation_line == "B"
    choose(g, "move:1,0", "cube:strength", "fight:")
    assert K(g).health == 6 and die_faces(g) == []


@pytest.mark.parametrize("level, cubes", [("easy", 1), ("medium", 2)])
def test_KN_38_equal_strength_rolls_the_dragon_die(level: str, cubes: int) -> None:
    """KN-38 / Goblin Infestation: equal Strength rolls the Dragon die; only a centre hit
    wounds her.  Over several seeds both results occur and each matches the face."""
    results = set()
    for seed in range(1, 40):
        g = ambush_game(level, seed=seed)
        choose(g, "move:1,0")
        for _ in range(cubes):
            choose(g, "cube:strength")
        if g.pending.kind == "ambush_strength":
            choose(g, "fight:")
        faces = die_faces(g)
        assert len(faces) == 1
        hit = faces[0] in CENTRE_FACES
        assert K(g).health == (6 if hit else 7)
        results.add(hit)
        if results == {True, False}:
            break
    assert results == {True, False}


def test_KN_40_SOLO_08_VAR_46_line_C_monster_seen_before_adding_strength() -> None:
    """KN-40, SOLO-08, VAR-46: Hard = line C.  The Monster is drawn and shown before she decides
    on Strength; Pet Frog (Ambush Strength 2) is beaten by Strength 3 and discarded."""
    g = ambush_game("hard", monster_deck=["pet_frog", "blob"])
    assert g.config.infestation_line == "C"
    choose(g, "move:1,0")
    assert g.pending.kind == "ambush_strength"
    assert "monster_drawn" in [e.kind for e in g.events]
    assert "Pet Frog" in g.pending.prompt and "Strength 2" in g.pending.prompt
    choose(g, "cube:strength", "cube:strength")
    assert K(g).health == 7
    assert g.state.monster_deck == ["blob"] and g.state.monster_discard == ["pet_frog"]


def test_KN_40_DATA_21_line_C_monster_ambush_line_applies_on_a_wound() -> None:
    """KN-40, DATA-21, RV-08 (Goblin Infestation line C): a wounding Monster also applies the Ambush line
    at the bottom of its card (Blob: lose 5 Grit)."""
    g = ambush_game("hard", monster_deck=["blob"], knight={"grit": 12})
    choose(g, "move:1,0", "fight:")
    assert K(g).health == 6
    assert K(g).grit == 12 - 5 + 1


def test_KN_39_ambush_only_when_first_revealed_by_entering() -> None:
    """KN-39: entering an Ambush tile that is already revealed does nothing."""
    g = solo([lit((1, 0), "T02")])
    choose(g, "move:1,0")
    assert knight_turn(g) and K(g).health == 7 and K(g).encounters_used == 0


def test_KN_39_MAP_33_flare_revealed_ambush_does_nothing() -> None:
    """KN-39, MAP-33, RV-05: an Ambush revealed by the Flare has no effect; each tile revealed
    gives 1 Grit and no Encounter is spent."""
    for seed in range(1, 60):
        g = vs_cave([dark((1, 0), "T02")], seed=seed)
        choose(g, "flare:1,0")
        while not knight_turn(g):                          # orientations and the Cave's fills
            g.apply(g.pending.ids[0])
        if is_lit(g, (1, 0)):
            break
    else:
        raise AssertionError("no seed revealed (1,0)")
    revealed = [e for e in g.events if e.kind == "tile_revealed"]
    assert K(g).health == 7 and K(g).encounters_used == 0
    assert K(g).grit == len(revealed) and knight_turn(g)
    assert "ambush" not in [e.kind for e in g.events]


def test_KN_123_SOLO_09_killed_by_an_ambush_solo_is_a_loss() -> None:
    """KN-123, SOLO-09: at 0 Health the Knight dies; solo, she has lost (nobody wins)."""
    g = ambush_game("easy", knight={"health": 1})
    choose(g, "move:1,0", "fight:")
    assert g.outcome is not None and g.outcome.winners == ()
    assert K(g).health == 0 and K(g).dead and g.pending is None


def test_RV_26_cave_wins_when_an_ambush_kills_the_knight() -> None:
    """RV-26, KN-123: in Knight vs Cave the Cave wins if a Goblin Ambush kills her."""
    g = vs_cave([dark((1, 0), "T02")], knight={"health": 1})
    choose(g, "move:1,0")
    while g.pending.kind != "ambush_strength":
        g.apply(g.pending.ids[0])
    choose(g, "fight:")                                   # line B: Strength 1 < 3
    assert g.outcome is not None and g.outcome.winners == ("cave",)


# =================================================================== 7f smashing
def crystal_here(level: str | None = None, **data: Any) -> Game:
    extra: dict[str, Any] = {"difficulty": {"knight": level}} if level else {}
    return solo([lit((1, 0), "T37")], at=(1, 0), tokens={"1,0": {"crystal": 1}},
                knight=data.pop("knight", {"cubes": 4}), **extra, **data)


def test_KN_62_smash_needs_strength_3_and_gives_2_grit() -> None:
    """KN-62, KN-117: Strength 3 or more smashes a Crystal token on her tile: it goes to
    her Smashed Crystals and she gains 2 Grit."""
    g = crystal_here()
    assert "smash:" not in ids(g)
    choose(g, "cube:strength")
    assert "smash:" not in ids(g)
    assert_illegal_unchanged(g, "smash:")
    choose(g, "cube:strength")
    supply = g.state.supply["crystal"]
    choose(g, "smash:")
    assert K(g).smashed == 1 and K(g).grit == 2 and tokens(g, (1, 0)) == {}
    assert g.state.supply["crystal"] == supply           # on her board, not back to the Cave
    assert K(g).encounters_used == 1


def test_DIF_08_novice_smashes_with_strength_2() -> None:
    """DIF-08: Novice needs only Strength 2 to smash (and 4 Crystals)."""
    g = crystal_here("novice")
    assert g.config.crystals_needed == 4
    choose(g, "cube:strength")
    assert "smash:" in ids(g)


def test_DIF_04_lady_needs_strength_4_and_6_crystals() -> None:
    """DIF-04: Lady needs Strength 4 to smash and 6 Crystals."""
    g = crystal_here("lady")
    assert g.config.crystals_needed == 6
    choose(g, "cube:strength", "cube:strength")
    assert "smash:" not in ids(g)
    choose(g, "cube:strength")
    assert "smash:" in ids(g)


# =================================================================== 7g collecting
def test_KN_63_KN_66_several_treasures_one_encounter_each_resolved_in_turn() -> None:
    """KN-63, KN-65 (no Cave), KN-66: two Treasure tokens are collected in one Encounter,
    one after the other; she keeps the first card and declines the second for 5 Grit
    (removed from the game)."""
    g = solo([lit((1, 0), "T35")], tokens={"1,0": {"treasure": 2}},
             treasure_deck=["elven_sword", "heroic_boots", "javelin"])
    choose(g, "move:1,0")
    choose(g, "collect:treasure")
    assert set(ids(g)) == {"keep:elven_sword", "decline:elven_sword"}
    choose(g, "keep:elven_sword")
    assert "collect:treasure" in ids(g)
    choose(g, "collect:treasure")
    assert set(ids(g)) == {"keep:heroic_boots", "decline:heroic_boots"}
    choose(g, "decline:heroic_boots")
    assert K(g).encounters_used == 1
    assert K(g).treasures == ["elven_sword"] and K(g).grit == 5
    assert "heroic_boots" in g.state.removed_from_game and g.state.treasure_deck == ["javelin"]


def test_KN_65_KN_68_cave_draws_two_for_each_treasure() -> None:
    """KN-65, KN-68: with a Cave, for each Treasure the Cave draws 2, gives 1 and puts
    the other on the bottom; then draws 2 more for the next one."""
    g = vs_cave([lit((1, 0), "T35")], tokens={"1,0": {"treasure": 2}},
                treasure_deck=["elven_sword", "heroic_boots", "javelin", "potion_kit", "mighty_axe"])
    choose(g, "move:1,0", "collect:treasure")
    assert (g.pending.role, g.pending.kind) == ("cave", "choose_treasure")
    assert set(ids(g)) == {"give:elven_sword", "give:heroic_boots"}
    choose(g, "give:heroic_boots")
    assert g.state.treasure_deck == ["javelin", "potion_kit", "mighty_axe", "elven_sword"]
    choose(g, "keep:heroic_boots")
    choose(g, "collect:treasure")
    assert set(ids(g)) == {"give:javelin", "give:potion_kit"}
    choose(g, "give:potion_kit", "decline:potion_kit")
    assert g.state.treasure_deck == ["mighty_axe", "elven_sword", "javelin"]
    assert K(g).treasures == ["heroic_boots"] and K(g).grit == 5 and K(g).encounters_used == 1


def test_KN_67_empty_treasure_deck_gives_5_grit() -> None:
    """KN-67: with the Treasure deck empty a Treasure token simply gives 5 Grit."""
    g = solo([lit((1, 0), "T35")], at=(1, 0), tokens={"1,0": {"treasure": 1}}, treasure_deck=[],
             knight={"grit": 3})
    choose(g, "collect:treasure")
    assert K(g).grit == 8 and K(g).treasures == [] and knight_turn(g)
    assert K(g).cubes_free == 3                           # Grit 5 passed: its cube (KN-112)


# =================================================================== 7h equipment
def test_KN_70_ancient_map_passes_one_wall_per_cube_at_normal_cost() -> None:
    """KN-70, KN-23: each cube on the Ancient Map lets her pass one wall (two touching
    walls count as one) for the normal Movement."""
    # (1,0) T17 turned with its wall west; (2,0) T27 dead end with walls N, E, S, so
    # the edge (1,0)|(2,0) is open and (2,0)|(3,0) is a wall; (3,0) T38 side turned
    # (rot 3) with its wall west: a double wall with (2,0).
    g = solo([lit((1, 0), "T17", rot=3), lit((2, 0), "T27"), lit((3, 0), "T38", rot=3)],
             knight={"cubes": 4})
    assert "move:1,0" not in ids(g) and "mapmove:1,0" not in ids(g)
    choose(g, "cube:map")
    choose(g, "cube:movement")
    assert "mapmove:1,0" in ids(g)
    choose(g, "mapmove:1,0")
    assert g.state.board.pieces["knight"] == (1, 0) and K(g).moved == 1 and K(g).encounters_used == 0
    choose(g, "move:2,0")
    assert "mapmove:3,0" not in ids(g)                    # the one cube is used up
    choose(g, "cube:map")
    choose(g, "mapmove:3,0")                              # one cube for the double wall
    assert g.state.board.pieces["knight"] == (3, 0) and K(g).moved == 3


def test_KN_71_ancient_map_never_leads_into_an_open_space() -> None:
    """KN-71: the Ancient Map cannot take her through a wall into an open space."""
    g = solo([lit((1, 0), "T35")], at=(1, 0))            # walls N and S face open spaces
    choose(g, "cube:map")
    assert not [i for i in ids(g) if i.startswith("mapmove:")]
    assert_illegal_unchanged(g, "mapmove:1,1")


def test_MAP_28_revealed_tile_must_open_toward_where_she_came_from() -> None:
    """MAP-28: entering through an open side, the revealed tile must show an open side
    toward the tile she left."""
    g = solo([lit((1, 0), "T35"), dark((2, 0), "T38")], at=(1, 0))
    choose(g, "move:2,0")
    assert g.pending.kind == "orient_tile"
    assert set(ids(g)) == {"rot:0", "rot:1", "rot:2"}       # rot:3 puts the wall west
    assert_illegal_unchanged(g, "rot:3")


def test_MAP_29_through_a_wall_the_tile_may_have_a_wall_on_the_entered_edge() -> None:
    """MAP-29, KN-70: passing a wall with the Ancient Map into a Dark tile, she may turn
    it with a wall on the edge she entered (back to back with the wall she crossed)."""
    g = solo([lit((1, 0), "T17", rot=1), dark((2, 0), "T38")], at=(1, 0))   # T17 wall east
    choose(g, "cube:map")
    choose(g, "mapmove:2,0")
    assert g.pending.kind == "orient_tile"
    assert "rot:3" in ids(g)
    choose(g, "rot:3")
    assert g.state.board.tiles[(2, 0)].rot == 3 and is_lit(g, (2, 0))


def test_KN_72_bomb_removes_a_wall_for_good() -> None:
    """KN-72, KN-78: a Bomb (one cube) puts a Bomb token on a wall of her tile; the wall
    is open from then on, and she may walk through."""
    g = solo([lit((1, 0), "T17", rot=3)], knight={"cubes": 3})
    choose(g, "cube:movement")
    assert "bomb:1,0" in ids(g)
    choose(g, "bomb:1,0")
    k = K(g)
    assert k.bombs_left == 2 and k.equip["bomb"] == 1 and k.cubes_free == 1
    assert ((0, 0), (1, 0)) in g.state.board.bombs
    assert "bomb:1,0" not in ids(g)
    choose(g, "move:1,0")
    assert g.state.board.pieces["knight"] == (1, 0)


def test_KN_75_only_three_bomb_tokens() -> None:
    """KN-75: once her 3 Bomb tokens are placed she can remove no more walls, even if
    tokens have left the map."""
    g = solo([lit((1, 0), "T17", rot=3)], knight={"bombs_left": 0})
    assert not [i for i in ids(g) if i.startswith("bomb:")]
    assert_illegal_unchanged(g, "bomb:1,0")


def test_KN_76_bombing_a_wall_toward_an_open_space_fills_it() -> None:
    """KN-76: a Bomb on a wall facing an open space before the Collapse makes an open
    edge, filled with a Dark tile at once."""
    g = solo([lit((1, 0), "T35")], at=(1, 0), stack=["T22", "T25", "T29", "T30"])
    choose(g, "bomb:1,1")
    assert (1, 1) in g.state.board.tiles and not is_lit(g, (1, 1))
    assert g.state.board.tiles[(1, 1)].tile_id == "T22"


def test_KN_82_shield_cuts_every_grit_loss_to_1() -> None:
    """KN-82: with a cube on the Shield every Grit loss is only 1 (Rats would cost 2)."""
    g = solo([lit((1, 0), "T35")], tokens={"1,0": {"event": 1}}, event_deck=["rats#1"], knight={"grit": 8})
    choose(g, "cube:shield", "move:1,0")
    assert K(g).grit == 7
    g = ambush_game("hard", monster_deck=["blob"], knight={"grit": 12})
    choose(g, "cube:shield", "move:1,0", "fight:")
    assert K(g).grit == 12 - 1 + 1


def test_KN_82_shield_stops_giant_bats() -> None:
    """KN-82: with the Shield powered (on her turn) the Cave's Giant Bats cannot move her."""
    def bats_targets(shield: int) -> list[str]:
        g = vs_cave([lit((1, 0), "T35")], active="cave", knight={"equip": {"shield": shield}},
                    cave={"omens": {"bat": 3}}, omen_bag={})
        if "omen:giant_bats" not in ids(g):
            return []
        choose(g, "omen:giant_bats")
        if g.pending.kind == "pay_omen":
            g.apply(g.pending.ids[0])
        return [i for i in ids(g) if i.startswith("bats:knight")]
    assert bats_targets(0)
    assert bats_targets(1) == []


def test_KN_13_KN_04_placed_cubes_stay_in_force_on_other_turns() -> None:
    """KN-13, KN-04: cubes she places (even just before ending her turn) stay until her
    next Pick Up, so her Strength stays 2 during the Cave's turn."""
    g = vs_cave([lit((1, 0), "T35")])
    choose(g, "cube:strength", "cube:shield", "end:")
    assert g.state.active == "cave" and g.pending.role == "cave"
    assert kb.strength(g) == 2 and K(g).equip["shield"] == 1 and kb.shield_active(g)
    finish_other_decisions(g)
    assert g.state.active == "knight"
    assert kb.strength(g) == 1 and K(g).cubes_free == 2 and not kb.shield_active(g)


# =================================================================== 7i Treasure cards
@pytest.mark.parametrize("card, own_turn, cave_turn", [
    ("elven_sword", (1, 2, 2), (1, 2, 1)),      # KN-84: +1 Perception; +1 Strength on her turn
    ("mighty_axe", (1, 1, 2), (1, 1, 1)),       # KN-91: +1 Strength on her turn only
    ("heroic_boots", (5, 1, 1), (5, 1, 1)),     # KN-90: +4 Movement
    ("pixie_lantern", (2, 2, 1), (2, 2, 1)),    # KN-94: +1 Movement, +1 Perception
])
def test_KN_84_KN_90_KN_91_KN_94_treasure_bonuses(card: str, own_turn: tuple[int, int, int],
                                                  cave_turn: tuple[int, int, int]) -> None:
    """KN-84, KN-90, KN-91, KN-94, KN-96: a kept Treasure card gives its bonus only while
    a Hero cube is on it; the Sword's and Axe's Strength only on her own turn."""
    g = vs_cave([lit((1, 0), "T35")], knight={"treasures": [card]})
    stats = (kb.movement, kb.perception, kb.strength)
    assert tuple(f(g) for f in stats) == (1, 1, 1)        # KN-96: no cube, no effect
    choose(g, f"cube:treasure:{card}")
    assert tuple(f(g) for f in stats) == own_turn
    assert card in K(g).face_up                            # using it shows it
    choose(g, "end:")
    assert g.state.active == "cave"
    assert tuple(f(g) for f in stats) == cave_turn


def test_KN_90_heroic_boots_movement_is_usable() -> None:
    """KN-90: with the Heroic Boots she really can walk 5 tiles."""
    row = [lit((x, 0), t) for x, t in zip(range(1, 7), ["T31", "T32", "T33", "T42", "T44", "T29"], strict=True)]
    g = solo(row, knight={"treasures": ["heroic_boots"]})
    choose(g, "cube:treasure:heroic_boots")
    for x in range(1, 6):
        choose(g, f"move:{x},0")
    assert K(g).moved == 5 and "move:6,0" not in ids(g)


def test_KN_96_cubes_only_on_kept_cards_and_javelin_needs_none() -> None:
    """KN-96: cubes go only on Treasure cards she holds; the Javelin takes no cube."""
    g = solo([lit((1, 0), "T35")], knight={"treasures": ["javelin", "pixie_lantern"]})
    cube_ids = [i for i in ids(g) if i.startswith("cube:treasure:")]
    assert cube_ids == ["cube:treasure:pixie_lantern"]
    assert_illegal_unchanged(g, "cube:treasure:elven_sword")
    assert_illegal_unchanged(g, "cube:treasure:javelin")


def test_KN_95_KN_124_potion_kit_discards_card_and_cube_for_2_health() -> None:
    """KN-95, KN-124: removing the Potion Kit and discarding its cube restores 2 Health."""
    g = solo([lit((1, 0), "T35")], knight={"grit": 5, "health": 4, "treasures": ["potion_kit"]})
    assert "treasure:potion:potion_kit" not in ids(g)     # needs its cube first
    choose(g, "cube:treasure:potion_kit")
    choose(g, "treasure:potion:potion_kit")
    k = K(g)
    assert k.health == 6 and k.discarded == 1 and k.treasures == [] and k.face_up == []
    assert "potion_kit" in g.state.removed_from_game
    assert kb.active_cubes(k) == 2


def test_KN_18_potion_kit_unusable_with_only_two_cubes() -> None:
    """KN-18: with only her 2 starting cubes she cannot discard one for the Potion Kit."""
    g = solo([lit((1, 0), "T35")], knight={"health": 4, "treasures": ["potion_kit"]})
    choose(g, "cube:treasure:potion_kit")
    assert "treasure:potion:potion_kit" not in ids(g)
    assert_illegal_unchanged(g, "treasure:potion:potion_kit")


def test_KN_19_cube_on_a_lost_treasure_is_set_aside_until_pick_up() -> None:
    """KN-19: the Gnome (line C) takes a Treasure card that had a cube; the cube is set
    aside, cannot be placed again this turn, and comes back at her next Pick Up."""
    g = ambush_game("hard", monster_deck=["gnome"], knight={"treasures": ["elven_sword"]})
    choose(g, "cube:treasure:elven_sword", "cube:perception", "move:1,0")
    assert K(g).health == 6                               # Strength 2 < Gnome 3
    k = K(g)
    assert k.treasures == [] and k.set_aside == 1 and k.cubes_free == 0
    assert "elven_sword" in g.state.removed_from_game
    assert not [i for i in ids(g) if i.startswith("cube:")]
    end_turn(g)
    assert K(g).cubes_free == 2 and K(g).set_aside == 0


def test_GEN_04_treasure_card_can_be_turned_face_up() -> None:
    """GEN-04: facedown Treasure cards can be revealed later (and then count for Bedecked)."""
    g = solo([lit((1, 0), "T35")], knight={"treasures": ["javelin"]})
    choose(g, "treasure:reveal:javelin")
    assert K(g).face_up == ["javelin"]
    assert "treasure:reveal:javelin" not in ids(g)


# =================================================================== Event cards
def event_token_game(event: str, knight: dict[str, Any] | None = None, roles: str = "solo", **data: Any) -> Game:
    """The Knight stands on a Lit tile at (1,0) holding an Event token; ``event`` is on top."""
    build = solo if roles == "solo" else vs_cave
    return build([lit((1, 0), "T35")], at=(1, 0), tokens={"1,0": {"event": 1}},
                 event_deck=[event, "rats#3"], knight=knight, **data)


def resolve(g: Game) -> None:
    choose(g, "resolve_event:")
    if g.pending.kind == "choose_event":               # with a Cave: it plays the top card
        choose(g, g.pending.ids[0])


def test_DATA_01_DATA_02_event_light_discards_a_cube_for_2_health() -> None:
    """DATA-01, DATA-02, KN-15: Light lets her discard a Hero cube (for good) to regain 2 Health."""
    g = event_token_game("light", knight={"grit": 5, "health": 4})
    resolve(g)
    assert g.pending.kind == "event_light"
    choose(g, "yes:")
    k = K(g)
    assert k.health == 6 and k.discarded == 1 and k.cubes_free == 2
    g = event_token_game("light", knight={"grit": 5, "health": 4})
    resolve(g)
    choose(g, "no:")
    assert K(g).health == 4 and K(g).discarded == 0


def test_KN_18_light_unusable_with_only_two_cubes() -> None:
    """KN-18: with only 2 cubes the Light cannot be used (no question is asked)."""
    g = event_token_game("light", knight={"health": 4})
    resolve(g)
    assert knight_turn(g) and K(g).health == 4 and K(g).discarded == 0


@pytest.mark.parametrize("card", ["fresh_air", "fresh_water"])
def test_DATA_01_KN_19_fresh_air_and_water_spend_a_cube_for_1_health(card: str) -> None:
    """DATA-01, KN-19: Fresh Air / Fresh Water let her spend a Hero cube to regain 1 Health;
    the cube is set aside, not lost, and comes back at her next Pick Up (allowed with only 2 cubes)."""
    g = event_token_game(card, knight={"health": 5})
    resolve(g)
    assert g.pending.kind == "event_fresh"
    choose(g, "yes:")
    k = K(g)
    assert k.health == 6 and k.cubes_free == 1 and k.set_aside == 1 and k.discarded == 0
    end_turn(g)
    assert K(g).cubes_free == 2 and K(g).set_aside == 0


def test_KN_15_cave_bread_recovers_a_discarded_cube() -> None:
    """KN-15, Cave Bread: a discarded cube comes back."""
    g = event_token_game("cave_bread", knight={"grit": 5, "discarded": 1, "cubes": 2})
    resolve(g)
    k = K(g)
    assert k.discarded == 0 and k.cubes_free == 3 and k.grit_spaces == [11, 18, 26, 35]


def test_KN_120_cave_bread_takes_the_highest_grit_cube_once() -> None:
    """KN-120: with no discarded cube Cave Bread gives the cube on the highest Grit space;
    passing that space later gives no second cube, but dropping below it returns one."""
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], at=(1, 0),
             tokens={"1,0": {"event": 1, "treasure": 1}, "2,0": {"event": 1}},
             event_deck=["cave_bread", "rats#1"], treasure_deck=[], knight={"grit": 31})
    assert K(g).cubes_free == 6 and K(g).grit_spaces == [35]
    choose(g, "cube:perception", "resolve_event:")
    assert K(g).cubes_free == 6 and K(g).grit_spaces == []   # took the cube of space 35
    choose(g, "collect:treasure")                             # empty deck: +5 Grit
    assert K(g).grit == 36 and K(g).cubes_free == 6           # no second cube for 35
    choose(g, "move:2,0")                                     # Rats: 36 -> 34
    assert K(g).grit == 34 and K(g).grit_spaces == [35] and K(g).cubes_free == 5


def test_KN_118_rats_lose_2_grit() -> None:
    """KN-118, Rats: she loses 2 Grit."""
    g = event_token_game("rats#2", knight={"grit": 9})
    resolve(g)
    assert K(g).grit == 7


def test_KN_119_rats_before_reveal_grit_and_the_turn_ends() -> None:
    """KN-119, KN-113: Rats cost Grit at once, before the reveal Grit; if a placed cube
    must go back, her turn ends at once even though the reveal Grit regains it."""
    g = solo([dark((1, 0), "T16"), lit((2, 0), "T35")], event_deck=["rats#1"], knight={"grit": 6})
    choose(g, "cube:movement", "cube:perception", "cube:strength", "move:1,0")
    assert g.pending.kind == "choose_cube" and "from:free" not in ids(g)
    assert K(g).grit == 4
    choose(g, "from:strength")
    k = K(g)
    assert k.grit == 5 and k.cubes_free == 1 and k.track["strength"] == 0 and 5 not in k.grit_spaces
    assert not knight_turn(g) and g.state.active == "knight"   # Alone in the Dark placement now
    assert g.pending.kind == "place_tile"


def test_DATA_01_deep_and_dark_gives_a_treasure_card_without_a_cave() -> None:
    """DATA-01: Deep and Dark with no Cave player: the Knight gains a Treasure card."""
    g = event_token_game("deep_and_dark#1", treasure_deck=["pixie_lantern", "javelin"])
    resolve(g)
    assert set(ids(g)) == {"keep:pixie_lantern", "decline:pixie_lantern"}
    choose(g, "keep:pixie_lantern")
    assert K(g).treasures == ["pixie_lantern"]


def test_CV_41_deep_and_dark_gives_the_cave_2_omens() -> None:
    """CV-41: Deep and Dark with a Cave: the Cave draws 2 Omen tokens; the Knight gets nothing."""
    g = event_token_game("deep_and_dark#2", roles="cave", treasure_deck=["pixie_lantern"])
    before = sum(g.state.cave.omens.values())
    resolve(g)
    assert sum(g.state.cave.omens.values()) == before + 2
    assert K(g).treasures == [] and knight_turn(g)


def test_GB_88_DATA_01_ambush_event_card_is_resolved_as_an_ambush() -> None:
    """GB-88, DATA-01: the Ambush Event card is resolved as if she had revealed an Ambush tile
    (Goblin Infestation line A here)."""
    g = event_token_game("ambush#3")
    resolve(g)
    assert g.pending.kind == "ambush_strength"
    choose(g, "fight:")
    assert K(g).health == 6


def test_KN_121_DIE_09_MAP_33_vantage_point_reveals_surrounding_dark_tiles_on_the_map_now() -> None:
    """KN-121, DIE-09, MAP-33, KN-39 (Vantage Point): every Dark tile around her (8 spaces) on the map when
    it is played is revealed, with 1 Grit each and tokens as usual; an Ambush revealed
    this way does nothing, and tiles placed to fill new open edges stay Dark."""
    g = solo([dark((1, 0), "T16"), dark((2, 0), "T02"), dark((1, -1), "T18"), dark((2, 1), "T35")],
             event_deck=["vantage_point", "light"])        # a card left: Event tokens still go down (AMB-54)
    around = [(0, -1), (0, 1), (2, 0), (1, -1), (2, 1)]
    choose(g, "move:1,0")
    for _ in range(60):
        if knight_turn(g):
            break
        assert g.pending.role == "knight" and g.pending.kind in ("reveal_order", "orient_tile")
        g.apply(g.pending.ids[0])
    assert all(is_lit(g, p) for p in around)
    assert K(g).grit == len(around) + 1 and K(g).health == 7
    assert "ambush" not in [e.kind for e in g.events]
    assert tokens(g, (1, -1)) == {"event": 1} and tokens(g, (0, 1)) == {"event": 1}
    assert tokens(g, (2, 1)) == {"treasure": 1}
    placed_during = [(1, 1), (2, -1)]
    assert all(p in g.state.board.tiles and not is_lit(g, p) for p in placed_during)


def test_KN_17_two_starting_cubes_are_never_lost() -> None:
    """KN-17: with only her 2 cubes left (one discarded earlier) a Grit loss below a white
    space takes no cube and does not end her turn."""
    g = event_token_game("rats#1", knight={"grit": 6, "cubes": 2, "discarded": 1})
    choose(g, "cube:strength", "cube:perception")
    resolve(g)
    k = K(g)
    assert k.grit == 4 and kb.active_cubes(k) == 2 and k.track["strength"] == 1
    assert knight_turn(g) and not k.turn_over


# =================================================================== 7k Grit
def test_KN_112_KN_115_reaching_a_white_space_gives_its_cube_at_once() -> None:
    """KN-112, KN-115: when her Grit moves into a white space she takes its cube and can
    place it the same turn."""
    g = crystal_here(knight={"grit": 4})
    choose(g, "cube:strength", "cube:strength")
    assert not [i for i in ids(g) if i.startswith("cube:")]
    choose(g, "smash:")                                     # 4 -> 6, past space 5
    assert K(g).grit == 6 and K(g).cubes_free == 1 and K(g).grit_spaces == [11, 18, 26, 35]
    choose(g, "cube:perception")
    assert kb.perception(g) == 2


def test_KN_113_KN_115_falling_below_returns_an_unplaced_cube_first() -> None:
    """KN-113, KN-115: falling below a white space returns a cube to it at once, an
    unplaced one if she has one; her turn goes on."""
    g = event_token_game("rats#1", knight={"grit": 6})
    choose(g, "cube:strength", "cube:perception")
    resolve(g)
    k = K(g)
    assert k.grit == 4 and k.cubes_free == 0 and k.track == {"movement": 0, "perception": 1, "strength": 1}
    assert k.grit_spaces == [5, 11, 18, 26, 35]
    assert knight_turn(g) and not k.turn_over


def test_KN_114_grit_never_below_zero() -> None:
    """KN-114: Grit can never go below 0."""
    g = event_token_game("rats#1", knight={"grit": 1})
    resolve(g)
    assert K(g).grit == 0


def test_KN_116_grit_is_capped_at_45() -> None:
    """KN-116: the 45+ space caps Grit; later losses count down from 45."""
    g = solo([lit((1, 0), "T37"), lit((2, 0), "T35")], at=(1, 0), tokens={"1,0": {"crystal": 1}, "2,0": {"event": 1}},
             event_deck=["rats#1"], knight={"grit": 44})
    choose(g, "cube:strength", "cube:strength", "cube:perception", "smash:")
    assert K(g).grit == 45
    choose(g, "move:2,0")
    assert K(g).grit == 43


# =================================================================== 7j Sidequests
def test_KN_99_KN_110_reveal_persistent_for_grit_and_draw_a_replacement() -> None:
    """KN-99, KN-110: Persistent counts every smashed Crystal (2 smashed before, 1 by her
    now); revealing it removes it, gives its Grit (4) and draws a new Sidequest."""
    g = crystal_here(knight={"cubes": 2, "sidequests": ["persistent", "swift"], "sidequest_deck": ["intrepid"]},
                     crystals_smashed_total=2)
    choose(g, "cube:strength", "cube:strength")
    assert "sidequest:persistent" not in ids(g)
    choose(g, "smash:")
    assert g.state.crystals_smashed_total == 3
    choose(g, "sidequest:persistent")
    k = K(g)
    assert k.grit == 2 + 4 and k.sidequests == ["swift", "intrepid"] and k.sidequest_deck == []
    assert "persistent" in g.state.removed_from_game


def test_KN_99_no_replacement_when_the_deck_is_empty() -> None:
    """KN-99: a replacement is drawn only if the Sidequest deck has any."""
    g = solo([lit((1, 0), "T35")], crystals_smashed_total=3,
             knight={"sidequests": ["persistent"], "sidequest_deck": []})
    choose(g, "sidequest:persistent")
    assert K(g).sidequests == [] and K(g).grit == 4


def test_KN_101_sidequests_only_on_her_own_turn() -> None:
    """KN-101: a Sidequest whose condition holds during the Cave's turn can be revealed
    only when her own turn comes."""
    g = vs_cave([lit((1, 0), "T35")], active="cave", crystals_smashed_total=3,
                knight={"sidequests": ["persistent"], "sidequest_deck": []})
    assert g.state.active == "cave" and completable(g) == []
    finish_other_decisions(g)
    assert "sidequest:persistent" in ids(g)


def stalwart_game(**data: Any) -> Game:
    return solo([dark((1, 0), "T02"), dark((2, 0), "T08"), lit((3, 0), "T35")],
                knight={"sidequests": ["stalwart"], "sidequest_deck": ["swift"], "health": 7}, **data)


def test_KN_105_DATA_14_stalwart_without_goblins_needs_two_ambushes_in_one_turn() -> None:
    """KN-105, DATA-14 (Stalwart, no Goblins): resolve 2 Ambushes in one turn; it can be revealed
    only after the second."""
    g = stalwart_game()
    choose(g, "cube:perception", "cube:movement", "move:1,0")
    assert K(g).health == 6 and "sidequest:stalwart" not in ids(g)
    choose(g, "move:2,0")
    assert K(g).health == 5
    choose(g, "sidequest:stalwart")
    assert K(g).grit == 2 + 5


def test_KN_103_a_missed_one_turn_sidequest_needs_the_feat_again() -> None:
    """KN-103: she need not reveal a Sidequest when first eligible, but one tied to an
    event (two Ambushes in a turn) cannot be revealed on a later turn."""
    g = stalwart_game()
    choose(g, "cube:perception", "cube:movement", "move:1,0", "move:2,0")
    assert "sidequest:stalwart" in ids(g)
    end_turn(g)
    assert "sidequest:stalwart" not in ids(g) and K(g).sidequests == ["stalwart"]


def test_KN_104_a_new_sidequest_already_met_may_be_revealed_at_once() -> None:
    """KN-104: a newly drawn Sidequest whose condition is met can be revealed at once
    (Intrepid: 10 Cave tiles revealed; the Entrance does not count)."""
    row = ["T31", "T32", "T33", "T37", "T42", "T44", "T29", "T30", "T20", "T22"]
    tiles = [lit((x, 5), t) for x, t in enumerate(row)]
    g = solo(tiles, crystals_smashed_total=3, knight={"sidequests": ["persistent"], "sidequest_deck": ["intrepid"]})
    choose(g, "sidequest:persistent")
    assert "sidequest:intrepid" in ids(g)
    choose(g, "sidequest:intrepid")
    assert K(g).grit == 4 + 3


def test_DATA_14_intrepid_needs_ten_revealed_cave_tiles() -> None:
    """DATA-14 (Intrepid): at least 10 Cave tiles revealed; the Entrance does not count."""
    row = ["T31", "T32", "T33", "T37", "T42", "T44", "T29", "T30", "T22"]
    tiles = [lit((x, 5), t) for x, t in enumerate(row)] + [dark((1, 0), "T20")]
    g = solo(tiles, event_deck=[], knight={"sidequests": ["intrepid"]})
    assert "sidequest:intrepid" not in ids(g)               # 9 + the Entrance
    choose(g, "move:1,0")
    assert "sidequest:intrepid" in ids(g)


def test_KN_105_KN_107_DATA_14_cunning_without_a_dragon_two_treasures_in_one_turn() -> None:
    """KN-105, KN-107, DATA-14 (Cunning, no Dragon): collect 2 Treasure tokens in one turn; not
    after the first."""
    g = solo([lit((1, 0), "T35")], at=(1, 0), tokens={"1,0": {"treasure": 2}}, treasure_deck=[],
             knight={"sidequests": ["cunning"]})
    choose(g, "collect:treasure")
    assert "sidequest:cunning" not in ids(g)
    choose(g, "collect:treasure")
    choose(g, "sidequest:cunning")
    assert K(g).grit == 5 + 5 + 3


def test_KN_106_bedecked_two_face_up_treasures() -> None:
    """KN-106: Bedecked needs 2 Treasure cards face up at the same time."""
    g = solo([lit((1, 0), "T35")], knight={"treasures": ["javelin", "heroic_boots"], "sidequests": ["bedecked"]})
    choose(g, "treasure:reveal:javelin")
    assert "sidequest:bedecked" not in ids(g)
    choose(g, "cube:treasure:heroic_boots")               # using it shows it
    choose(g, "sidequest:bedecked")
    assert K(g).grit == 4


def test_KN_106_bedecked_consumed_or_declined_treasures_do_not_count() -> None:
    """KN-106: a consumed Potion Kit or a declined Treasure no longer counts."""
    g = solo([lit((1, 0), "T35")], at=(1, 0), tokens={"1,0": {"treasure": 1}}, treasure_deck=["elven_sword"],
             knight={"grit": 5, "health": 5, "treasures": ["javelin", "potion_kit"], "sidequests": ["bedecked"]})
    choose(g, "treasure:reveal:javelin", "cube:treasure:potion_kit")
    assert "sidequest:bedecked" in ids(g)
    choose(g, "treasure:potion:potion_kit")
    assert "sidequest:bedecked" not in ids(g)
    choose(g, "collect:treasure", "decline:elven_sword")
    assert "sidequest:bedecked" not in ids(g)


def test_DATA_14_fearless_without_goblins_beat_a_monster_unhurt() -> None:
    """DATA-14 (Fearless, no Goblins): beat an Ambush Monster without losing Health."""
    g = ambush_game("hard", monster_deck=["pet_frog"], knight={"sidequests": ["fearless"]})
    choose(g, "move:1,0", "cube:strength", "cube:strength")
    assert K(g).health == 7
    choose(g, "sidequest:fearless")
    assert K(g).grit == 1 + 4
    g = ambush_game("hard", monster_deck=["pet_frog"], knight={"sidequests": ["fearless"]})
    choose(g, "move:1,0", "fight:")
    assert K(g).health == 6 and "sidequest:fearless" not in ids(g)


def test_DATA_14_adventurous_encounters_on_three_spaces() -> None:
    """DATA-14 (Adventurous): Encounters on 3 different spaces in one turn."""
    g = solo([dark((1, 0), "T16"), dark((2, 0), "T18"), dark((3, 0), "T19")], event_deck=[],
             knight={"grit": 5, "sidequests": ["adventurous"]})
    choose(g, "cube:perception", "cube:perception", "cube:movement", "move:1,0", "move:2,0")
    assert "sidequest:adventurous" not in ids(g)
    choose(g, "move:3,0")
    choose(g, "sidequest:adventurous")
    assert K(g).grit == 5 + 3 + 6


def test_DATA_14_swift_seven_different_spaces() -> None:
    """DATA-14 (Swift): move through 7 different spaces in one turn (going back does not count twice)."""
    names = ["T31", "T32", "T33", "T42", "T44", "T29", "T30"]
    row = [lit((x, 0), t) for x, t in zip(range(1, 8), names, strict=True)]
    g = solo(row, knight={"grit": 11, "sidequests": ["swift"], "treasures": ["heroic_boots"]})
    choose(g, "cube:movement", "cube:movement", "cube:movement", "cube:treasure:heroic_boots")
    for x in range(1, 7):
        choose(g, f"move:{x},0")
    choose(g, "move:5,0", "move:6,0")
    assert "sidequest:swift" not in ids(g)                 # 6 different spaces
    choose(g, "move:7,0")
    choose(g, "sidequest:swift")


def test_SOLO_07_RV_25_daring_and_eagle_eyed_removed() -> None:
    """SOLO-07, RV-25: Daring and Eagle-Eyed are out of the Sidequest deck (solo and
    Knight vs Cave); the Knight holds 3 Sidequests."""
    for roles in (["knight"], ["knight", "cave"]):
        for seed in range(5):
            g = new_game(Setup(roles=tuple(roles), seed=seed))
            k = K(g)
            allq = k.sidequests + k.sidequest_deck
            assert len(k.sidequests) == 3 and len(allq) == 8
            assert "daring" not in allq and "eagle_eyed" not in allq


def test_SOLO_07_solo_setup_has_event_treasure_decks_and_no_flare() -> None:
    """SOLO-07: solo she has the Event and Treasure decks (and Monsters on Hard) but no Flare."""
    g = new_game(Setup(roles=("knight",), seed=3, solo_level="hard"))
    assert len(g.state.event_deck) == 15 and len(g.state.treasure_deck) == 7 and len(g.state.monster_deck) == 10
    assert g.config.alone_in_the_dark and not g.config.flare_holders
    assert not [i for i in ids(g) if i.startswith("flare:")]


def test_RV_25_knight_vs_cave_setup() -> None:
    """RV-25: Knight vs Cave: the Knight has the Flare and Goblin Infestation line B."""
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    assert g.config.infestation_line == "B" and "knight" in g.config.flare_holders
    assert [i for i in ids(g) if i.startswith("flare:")]


# =================================================================== Flare
def test_RV_05_VAR_42_flare_once_per_turn_reveals_affected_dark_tiles_for_grit() -> None:
    """RV-05, VAR-42, DATA-20 (Flare, Knight vs Cave): once per turn, anywhere, no Encounter; the die decides the
    affected spaces, every Dark tile among them is revealed, 1 Grit each."""
    g = vs_cave([dark((1, 0), "T16"), dark((1, 1), "T18"), dark((1, -1), "T19"), dark((-1, 1), "T20"),
                 dark((-1, -1), "T22")], event_deck=[])
    dark_before = {p for p, t in g.state.board.tiles.items() if not t.lit}
    choose(g, "flare:0,0")
    for _ in range(60):
        if knight_turn(g):
            break
        g.apply(g.pending.ids[0])
    roll = next(e for e in g.events if e.kind == "die_roll")
    affected = set(roll.data["affected"])
    revealed = [e.data["pos"] for e in g.events if e.kind == "tile_revealed"]
    assert set(revealed) == affected & dark_before
    assert K(g).grit == len(revealed) and K(g).encounters_used == 0
    assert not [i for i in ids(g) if i.startswith("flare:")]
    assert_illegal_unchanged(g, "flare:0,0")
    end_turn(g)
    assert [i for i in ids(g) if i.startswith("flare:")]   # a new turn, a new Flare


# =================================================================== victory, health
def escape_game(smashed: int, level: str | None = None, roles: str = "solo") -> Game:
    """On a Crystal tile next to the Entrance, Strength 3 and Perception 2 ready."""
    build = solo if roles == "solo" else vs_cave
    extra: dict[str, Any] = {"difficulty": {"knight": level}} if level else {}
    g = build([lit((1, 0), "T37")], at=(1, 0), tokens={"1,0": {"crystal": 1}},
              knight={"grit": 5, "smashed": smashed}, crystals_smashed_total=smashed, **extra)
    choose(g, "cube:strength", "cube:strength", "cube:perception", "smash:")
    return g


@pytest.mark.parametrize("roles", ["solo", "cave"])
def test_KN_02_SOLO_09_DIF_06_smash_five_then_escape_wins(roles: str) -> None:
    """KN-02, SOLO-09, RV-26, DIF-06: with no Dragon she wins by smashing 5 Crystals and
    then entering the Entrance."""
    g = escape_game(4, roles=roles)
    assert K(g).smashed == 5 and g.outcome is None
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("knight",)


def test_KN_02_entering_the_entrance_too_early_does_not_win() -> None:
    """KN-02: 4 Crystals (Standard needs 5) and the Entrance: the game goes on."""
    g = escape_game(3)
    choose(g, "move:0,0")
    assert g.outcome is None and knight_turn(g)


def test_DIF_05_baroness_needs_six_crystals() -> None:
    """DIF-05: Baroness: 6 Crystals; 5 are not enough."""
    g = escape_game(4, "baroness")
    choose(g, "move:0,0")
    assert g.outcome is None
    g = escape_game(5, "baroness")
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("knight",)


def test_DIF_07_squire_needs_four_crystals() -> None:
    """DIF-07: Squire: 4 Crystals are enough."""
    g = escape_game(3, "squire")
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("knight",)


@pytest.mark.parametrize("level, health", [("miscreant", 5), ("boss", 6), ("chief", 7), ("master", 8),
                                           ("warlord", 9)])
def test_DIF_10_goblin_level_sets_knight_health(level: str, health: int) -> None:
    """DIF-10: the Goblins' difficulty sets the Knight's starting Health."""
    g = new_game(Setup(roles=("knight",), seed=1, difficulty={"goblins": level}))
    assert (K(g).health, K(g).max_health) == (health, health)


def test_SOLO_09_solo_lost_when_the_cave_collapses() -> None:
    """SOLO-09: solo, she loses (nobody wins) when the fifth Crystal tile collapses."""
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T37")], collapse=True, crystal_tiles_removed=4)
    choose(g, "end:")
    while g.outcome is None:
        assert g.pending.role == "knight" and g.pending.kind == "collapse_tile"
        g.apply(g.pending.ids[0])
    assert g.outcome.winners == () and g.state.crystal_tiles_removed == 5


# =================================================================== small extras
def test_KN_03_she_may_end_her_turn_at_once() -> None:
    """KN-03: she may end her turn without finishing her phases."""
    g = vs_cave([dark((1, 0), "T16")])
    choose(g, "end:")
    assert g.state.active == "cave" and K(g).moved == 0


def test_KN_11_equipment_slots_without_goblins() -> None:
    """KN-11, KN-70, KN-79: cubes go to statistics, equipment and held Treasures; the
    Ancient Map takes up to 3 cubes, the Shield 1; with no Tribes the Bow takes none."""
    g = solo([lit((1, 0), "T35")], knight={"cubes": 6})
    assert "cube:bow" not in ids(g)
    choose(g, "cube:map", "cube:map", "cube:map", "cube:shield")
    assert "cube:map" not in ids(g) and "cube:shield" not in ids(g)
    assert K(g).equip == {"map": 3, "bow": 0, "bomb": 0, "shield": 1}


def test_KN_21_illegal_move_has_a_readable_reason() -> None:
    """KN-21: the refusal of a move with no Encounter left says why."""
    g = solo([dark((1, 0), "T16"), lit((2, 0), "T35")], event_deck=[])
    choose(g, "cube:movement", "move:1,0")
    with pytest.raises(IllegalChoice, match="no Encounters left"):
        g.apply("move:2,0")


# =================================================================== Goblin Infestation line C details
def test_VAR_44_ogre_card_waits_beside_the_map_until_beaten() -> None:
    """VAR-44, KN-40, RV-08 (line C's Ogre token): an Ogre that wounds her drives her back to an adjacent Lit space
    and leaves its token on the Ambush space; its card waits beside the map (neither in
    the deck nor in the discard pile), and she cannot enter that space."""
    g = ambush_game("hard", monster_deck=["ogre", "pet_frog"])
    choose(g, "move:1,0", "fight:")
    assert K(g).health == 6
    assert g.state.board.pieces["knight"] == (0, 0) and tokens(g, (1, 0)).get("ogre") == 1
    assert "ogre" not in g.state.monster_discard and g.state.monster_deck == ["pet_frog"]
    end_turn(g)
    choose(g, "cube:strength", "cube:strength")
    assert "move:1,0" not in ids(g)                        # Strength 3 is not above the Ogre's 4


def test_VAR_44_beaten_ogre_token_sends_its_card_to_the_discard() -> None:
    """VAR-44: entering the Ogre's space with Strength above 4 beats it; only then does
    the Ogre card go to the discard pile."""
    g = solo([lit((1, 0), "T02")], level="hard", tokens={"1,0": {"ogre": 1}}, monster_deck=["pet_frog"],
             knight={"grit": 11, "treasures": ["elven_sword"]})
    choose(g, "cube:strength", "cube:strength", "cube:strength")
    assert "move:1,0" not in ids(g)                        # Strength 4
    choose(g, "cube:treasure:elven_sword")                 # Strength 5 on her turn
    choose(g, "move:1,0")
    assert tokens(g, (1, 0)) == {} and g.state.monster_discard == ["ogre"]


def test_VAR_45_underworm_drags_her_to_the_nearest_diagonal_dark_tile() -> None:
    """VAR-45: the Underworm drags her diagonally to the nearest Dark tile, which she
    reveals (1 Grit)."""
    g = ambush_game("hard", monster_deck=["underworm"])
    choose(g, "move:1,0", "fight:")
    assert set(ids(g)) == {"burrow:0,-1", "burrow:0,1"}    # both 1 step away diagonally
    choose(g, "burrow:0,1")
    for _ in range(10):
        if knight_turn(g):
            break
        g.apply(g.pending.ids[0])
    assert g.state.board.pieces["knight"] == (0, 1) and is_lit(g, (0, 1))
    assert K(g).health == 6 and K(g).grit == 2


def test_VAR_45_underworm_with_no_diagonal_dark_tile_places_one() -> None:
    """VAR-45 [FAQ]: with no Dark tile on any diagonal, a Dark tile is placed on the
    nearest diagonal open space and she is dragged there and reveals it."""
    tiles = [entrance(), lit((-1, 0), "T31"), lit((0, -1), "T32"), lit((0, 1), "T33"), dark((1, 0), "T02")]
    g = solo(tiles, base=False, level="hard", monster_deck=["underworm"])
    choose(g, "move:1,0", "fight:")
    for _ in range(20):
        if knight_turn(g) or g.pending is None:
            break
        g.apply(g.pending.ids[0])
    here = g.state.board.pieces["knight"]
    assert here in {(2, -1), (2, 1)}
    assert is_lit(g, here) and K(g).health == 6 and K(g).grit == 2


def test_KN_37_FM_06_carried_off_the_event_token_she_may_move_again() -> None:
    """KN-37, FM-06, CV-33: the Cave puts an Event token on her tile (Crystal Curse) and
    then carries her off it with Giant Bats; at her turn there is no token under her,
    so nothing holds her back."""
    g = vs_cave([lit((1, 0), "T16"), lit((2, 0), "T35")], active="cave", at=(1, 0),
                cave={"omens": {"bat": 2}}, omen_bag={}, event_deck=["rats#1", "rats#2", "rats#3"])
    choose(g, "omen:crystal_curse")
    if g.pending.kind == "pay_omen":
        g.apply(g.pending.ids[0])
    choose(g, "curse:event:1,0")
    assert K(g).must_resolve_event and tokens(g, (1, 0)) == {"event": 1}
    choose(g, "omen:giant_bats")
    if g.pending.kind == "pay_omen":
        g.apply(g.pending.ids[0])
    choose(g, "bats:knight@1,0>2,0")
    finish_other_decisions(g)
    assert g.state.board.pieces["knight"] == (2, 0) and tokens(g, (2, 0)) == {}
    assert "resolve_event:" not in ids(g)
    assert "move:1,0" in ids(g)


def test_CV_39_KN_28_KN_37_event_tokens_ignored_once_the_event_deck_is_empty() -> None:
    """CV-39 with KN-28/KN-37: once every Event card is played, Event tokens are ignored:
    entering one costs no Encounter, and starting on one does not hold her."""
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], tokens={"1,0": {"event": 1}}, event_deck=[])
    choose(g, "cube:movement", "move:1,0")
    assert K(g).encounters_used == 0
    choose(g, "move:2,0")
    g = solo([lit((1, 0), "T35"), lit((2, 0), "T16")], at=(1, 0), tokens={"1,0": {"event": 1}}, event_deck=[])
    assert "move:2,0" in ids(g) and "resolve_event:" not in ids(g)


def test_KN_77_bomb_token_leaves_when_its_tile_is_rotated() -> None:
    """KN-77, KN-78: a Bomb token keeps the wall open until its tile is rotated (here by
    the Cave's Crystal Curse); then it leaves the game and the wall blocks again."""
    # (1,0) T27 dead end turned (rot 2) to walls N, S, W; its west wall is bombed.
    tiles = [lit((1, 0), "T27", rot=2)]
    g = vs_cave(tiles, bombs=[[[0, 0], [1, 0]]], knight={"bombs_left": 2})
    assert "move:1,0" in ids(g)
    g = vs_cave(tiles, active="cave", bombs=[[[0, 0], [1, 0]]], knight={"bombs_left": 2},
                cave={"omens": {"trail": 2}}, omen_bag={})
    choose(g, "omen:crystal_curse")
    if g.pending.kind == "pay_omen":
        g.apply(g.pending.ids[0])
    choose(g, "curse:rotate:1,0:1")                          # walls E, S, W: still a west wall
    assert g.state.board.bombs == set()
    finish_other_decisions(g)
    assert "move:1,0" not in ids(g)
    assert K(g).bombs_left == 2                              # the token is not given back
