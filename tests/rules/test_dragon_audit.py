"""Rule tests for the Dragon checklist items the first pass left without a test of their
own (RULES_CHECKLIST section 9): DR-02/03/06/09/22/26/31/49/58/61/62/63/65/66/68/69/72.

Every test builds its exact position with ``load_scenario`` and proves the rule through
the decisions the engine offers.  Sloth cubes are checked in the state after the turn
(``finish_dragon_turn``), never at the moment they move.

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles used
(unrotated walls N,E,S,W): T01/T05 Ambush open, T02 Ambush tunnel (N+S), T03/T04/T06
Ambush side (N), T20/T22 Event open, T31/T32/T33 Treasure Room open, T37/T42 Crystal open.
"""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.roles.dragon.state import armor, gems_in_supply, spirit

from .helpers import choose, dark, entrance, ids, lit
from .helpers_dragon import D, dragon_game, finish_dragon_turn

ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]
PRIDE = ("event", "dont_move", "place_gem")


def moves(g) -> set[str]:
    return {i for i in ids(g) if i.startswith("move:")}


def reveal_done(g) -> None:
    """Answer the orientation / fill decisions of a reveal until the Dragon acts again."""
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])


# ------------------------------------------------------------ turn order
def test_DR_02_phases_in_order_and_the_turn_ends_with_the_new_hand() -> None:
    """DR-02 (rulebook, Turn Summary): (1) Move and Use Powers, (2) Pick Up Treasure,
    (3) Place Dragon Gem, (4) Replace Hand; "Your turn ends once you replace your hand"."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": ["wing"]}, tokens={"1,0": {"treasure": 1}})
    old_hand = list(D(g).hand)
    assert g.pending.kind == "dragon_turn"                                  # (1)
    assert "power:wing" in ids(g) and "pickup:" not in ids(g)
    choose(g, "end:")
    assert g.pending.kind == "dragon_treasure"                              # (2), powers are over
    assert "pickup:" in ids(g) and not any(i.startswith(("power:", "move:", "gem:")) for i in ids(g))
    choose(g, "pickup:")
    assert g.pending.kind == "dragon_gem" and g.state.active == "dragon"    # (3), hand not yet replaced
    assert D(g).hand == old_hand and "pickup:" not in ids(g)
    choose(g, "gem:claw")
    assert g.state.active == "cave"                                         # (4) ended his turn
    assert len(D(g).hand) == spirit(g) == 4 and D(g).discard == []
    assert g.state.board.tokens_at((1, 0))["gem_claw"] == 1


# ---------------------------------------------------------- Armor, Spirit
@pytest.mark.parametrize("wakefulness, hit, offered", [(3, True, True), (4, False, True), (8, False, False)])
def test_DR_03_armor_defends_against_the_knights_attack_on_her_turn(wakefulness: int, hit: bool,
                                                                    offered: bool) -> None:
    """DR-03 (rulebook, Statistics): "Armor helps you defend against attacks ... outside your
    turn".  Her Strength 2 hits Armor 1, ties Armor 2 (the die: a side face misses) and
    cannot attack Armor 3 at all."""
    g = dragon_game(active="knight", tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]}, collapse=True,
                    knight={"cubes_free": 3}, dragon={"wakefulness": wakefulness})
    g.script_dice("dragon", 1, then="fail")                # no centre
    choose(g, "cube:strength")                                              # Strength 2
    assert ("dragon:attack" in ids(g)) is offered
    if offered:
        choose(g, "dragon:attack")
    assert D(g).health == (4 if hit else 5)


@pytest.mark.parametrize("wakefulness, drawn", [(5, 4), (7, 5), (11, 6)])
def test_DR_03_spirit_is_the_number_of_cards_drawn_at_the_end_of_his_turn(wakefulness: int, drawn: int) -> None:
    """DR-03 (rulebook): "Spirit equals the number of Power cards you draw for your new
    hand at the end of each turn" (rows 2/4, 2/5, 3/6)."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": ["claw"], "wakefulness": wakefulness, "locked_hunger": 0,
                            "sloth": {"greed": 0, "hunger": 0, "dont_move": 0}})
    finish_dragon_turn(g)
    assert D(g).wakefulness == wakefulness                                  # no cube moved
    assert len(D(g).hand) == drawn and len(D(g).hand) + len(D(g).deck) == 18


@pytest.mark.parametrize("before, drawn", [(0, 3), (1, 4)])
def test_DR_06_the_top_row_has_one_space_and_no_cube_on_the_shield(before: int, drawn: int) -> None:
    """DR-06 (FAQ): "The top row of the Wakefulness track contains only a single space (1).
    Do not place Sloth cubes on the Shield icon."  The first cube lands on space 1, still the
    top row (Spirit 3, like the empty track); the second already opens row 2 (Spirit 4)."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": [], "wakefulness": before, "locked_hunger": 0,
                            "sloth": {"hunger": 4 - before, "dont_move": 0}},
                    tokens={"1,0": {"treasure": 1}})
    finish_dragon_turn(g)                                                   # Greed: one cube
    assert D(g).wakefulness == before + 1 and D(g).sloth["greed"] == 3
    assert len(D(g).hand) == drawn and armor(g) == 1


# -------------------------------------------------------------- moving
def test_DR_09_the_free_move_cannot_be_split_around_a_power() -> None:
    """DR-09 (FAQ): "You cannot move one space, use a power, then move another space as part
    of the same movement."  One tile of his 2 ends the free move; Wing is a movement of its
    own and leaves no free move behind."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]}, dragon={"hand": ["wing"]})
    assert moves(g) == {"move:1,0", "move:2,0"}
    choose(g, "move:1,0")
    assert moves(g) == set() and "power:wing" in ids(g)                     # the 2nd tile is gone
    choose(g, "power:wing")
    assert set(ids(g)) == {"wing:0,0", "wing:2,0", "wing:3,0"}
    choose(g, "wing:3,0")
    assert g.state.board.pieces["dragon"] == (3, 0) and moves(g) == set()


def test_DR_09_a_power_before_the_free_move_keeps_it_whole() -> None:
    """DR-08/09: the free move may come after a power, and is then still 1 or 2 tiles."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [0, 0]}, dragon={"hand": ["claw", "flame"]})
    choose(g, "power:shriek")
    assert D(g).shriek and moves(g) == {"move:1,0", "move:2,0"}
    choose(g, "move:2,0")
    assert g.state.board.pieces["dragon"] == (2, 0) and moves(g) == set()


# Row y=1 west to east: T32 (-1,1), T31 (0,1), T01 (1,1) the Dragon, T03 turned so its
# wall faces West (2,1) - a wall between him and it - and T05 (3,1).
WING_ROW = [entrance(), lit((-1, 1), "T32"), lit((0, 1), "T31"), lit((1, 1), "T01"),
            lit((2, 1), "T03", rot=3), lit((3, 1), "T05")]


def test_DR_26_wing_moves_two_straight_or_one_through_a_wall() -> None:
    """DR-26 (board): Wing, "Move up to 2 tiles in a straight line, or 1 tile through a
    wall".  On the surface the free move stops at the wall (DR-12), Wing crosses it by
    one tile only."""
    g = dragon_game(roles=("dragon", "cave"), tiles=WING_ROW, pieces={"dragon": [1, 1]},
                    dragon={"hand": ["wing"], "surfaced": True, "awake": True, "wakefulness": 11})
    assert moves(g) == {"move:0,1", "move:-1,1"}                            # free move: not through the wall
    choose(g, "power:wing")
    assert set(ids(g)) == {"wing:0,1", "wing:-1,1", "wing:2,1"}            # not 3,1: 2 tiles past a wall
    choose(g, "wing:2,1")
    assert g.state.board.pieces["dragon"] == (2, 1)


def test_DR_26_DR_11_underground_wing_ignores_walls() -> None:
    """DR-26 with DR-11 (FAQ): underground the Dragon ignores walls "whether using the
    standard movement for the turn or a Wing card", so Wing goes 2 tiles past the wall."""
    g = dragon_game(roles=("dragon", "cave"), tiles=WING_ROW, pieces={"dragon": [1, 1]}, dragon={"hand": ["wing"]})
    choose(g, "power:wing")
    assert {"wing:2,1", "wing:3,1", "wing:0,1", "wing:-1,1"} <= set(ids(g))
    choose(g, "wing:3,1")
    assert g.state.board.pieces["dragon"] == (3, 1)


# -------------------------------------------------------------- powers
def test_DR_22_walls_do_not_block_powers() -> None:
    """DR-22 (FAQ): "Walls do not block the use of Powers or affect them in any way, except
    where noted."  Walls on both sides of his tunnel: Slap still reaches the Knight west of
    the wall, Scorch still burns the Dark tile east of it."""
    tiles = [entrance(), lit((1, 0), "T02", rot=1), dark((2, 0), "T03"), lit((0, 1), "T05"), lit((-1, 0), "T31")]
    g = dragon_game(roles=("knight", "dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0], "knight": [0, 0]},
                    dragon={"hand": ["wing", "wing", "flame", "flame"]})
    assert {"power:slap", "power:scorch"} <= set(ids(g))
    choose(g, "power:scorch")
    reveal_done(g)
    assert g.state.board.tiles[(2, 0)].lit
    choose(g, "power:slap")
    assert "push:0,1" in ids(g)
    choose(g, "push:0,1")
    assert g.state.board.pieces["knight"] == (0, 1)


def test_DR_22_flame_wall_needs_a_visible_tile_as_noted() -> None:
    """DR-22's exception: Flame Wall is "noted" - "a visible adjacent tile" - so the tile
    past his wall is refused and the open side is offered."""
    tiles = [entrance(), lit((1, 0), "T02", rot=1), lit((2, 0), "T05"), lit((1, 1), "T01")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]}, dragon={"hand": ["flame"] * 3})
    choose(g, "power:flame_wall")
    assert set(ids(g)) == {"flamewall:1,1"}                                 # not 0,0 nor 2,0 (walls)


def test_DR_31_burn_reveals_a_dark_tile_anywhere() -> None:
    """DR-31 (board): Burn (Flame + Wing), "Reveal a Dark tile anywhere on the map" - far
    from him too; lit tiles are not offered."""
    tiles = ROW + [dark((3, 1), "T03"), dark((-1, 0), "T04")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [-1, 0]},
                    dragon={"hand": ["flame", "wing"]})
    choose(g, "power:burn")
    assert set(ids(g)) == {"burn:3,1", "burn:-1,0"}
    choose(g, "burn:3,1")
    reveal_done(g)
    assert g.state.board.tiles[(3, 1)].lit and not g.state.board.tiles[(-1, 0)].lit
    assert D(g).hand == []


# ---------------------------------------------------------- Treasure
def test_DR_49_treasure_is_picked_up_after_every_move_and_power() -> None:
    """DR-49 (FAQ): "Picking up Treasure is a discrete part of the turn that occurs only
    after all movements have been made and all powers have been used."  The token on the
    tile he starts on and leaves stays; only his final tile's token is offered, after
    "end:", and no power follows it."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]}, dragon={"hand": ["wing"]},
                    tokens={"1,0": {"treasure": 1}, "3,0": {"treasure": 1}})
    assert "pickup:" not in ids(g)
    choose(g, "move:3,0")
    assert "pickup:" not in ids(g) and g.state.board.tokens_at((3, 0))["treasure"] == 1
    choose(g, "end:")
    assert g.pending.kind == "dragon_treasure" and not any(i.startswith("power:") for i in ids(g))
    finish_dragon_turn(g)
    b = g.state.board
    assert b.tokens_at((3, 0))["treasure"] == 0 and b.tokens_at((1, 0))["treasure"] == 1
    assert D(g).sloth["greed"] == 3


@pytest.mark.parametrize("pickup", [True, False])
def test_DR_58_greed_treasure_to_the_cave(pickup: bool) -> None:
    """DR-58 (rulebook): "Greed: Pick up a Treasure token and return it to the Cave's
    supply (4 cubes)" - a cube moves only if he picks it up."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [2, 0]},
                    dragon={"hand": [], "sloth": {"dont_move": 0}}, tokens={"2,0": {"treasure": 1}})
    supply, wake = g.state.supply["treasure"], D(g).wakefulness
    finish_dragon_turn(g, pickup=pickup)
    n = 1 if pickup else 0
    assert g.state.supply["treasure"] == supply + n and g.state.board.tokens_at((2, 0))["treasure"] == 1 - n
    assert D(g).sloth["greed"] == 4 - n and D(g).wakefulness == wake + n and D(g).treasure_held == 0


# ------------------------------------------------------------------ Sloth
def test_DR_61_62_72_one_cube_per_track_three_a_turn() -> None:
    """DR-61 (rulebook): "You may move up to 3 Sloth cubes per turn, but only 1 Sloth cube
    per Sloth track. (All three Pride conditions are part of the Pride track.)"; DR-62
    (FAQ): "only a single cube from the entire Pride section per turn"; DR-72 (board).
    He meets every condition, several twice: 2 Treasure tokens, Eaten Goblins 4, two Event
    tiles burnt, no move, a Gem placed beside another - and gains exactly 3 cubes.
    AMB-11: of the three Pride boxes only 1 cube leaves in the turn."""
    tiles = ROW + [dark((1, 1), "T20"), dark((2, 1), "T22")]
    g = dragon_game(roles=("goblins", "dragon", "cave"), tiles=tiles, pieces={"dragon": [3, 0]},
                    goblins={"population": {"fangs": 1, "bones": 1, "eye": 1}},
                    dragon={"hand": ["flame", "wing", "flame", "wing"], "eaten": 4, "wakefulness": 2,
                            "sloth": {"hunger": 2}},
                    tokens={"3,0": {"treasure": 2}, "0,0": {"gem_claw": 1}})
    before = dict(D(g).sloth)
    assert before == {"greed": 4, "hunger": 2, "event": 4, "dont_move": 1, "place_gem": 1}
    choose(g, "power:burn", "burn:1,1")
    reveal_done(g)
    choose(g, "power:burn", "burn:2,1")
    reveal_done(g)
    assert g.state.board.tiles[(1, 1)].lit and g.state.board.tiles[(2, 1)].lit
    finish_dragon_turn(g, pickup=True, gem="wing")
    d = D(g)
    assert g.state.active != "dragon" and g.state.board.tokens_at((3, 0))["gem_wing"] == 1
    assert d.wakefulness == 2 + 3
    assert d.sloth["greed"] == 3 and d.treasure_held == 1                    # the 2nd token waits
    assert d.sloth["hunger"] == 1 and d.eaten == 2                           # 2 more eaten wait
    assert sum(d.sloth[b] for b in PRIDE) == sum(before[b] for b in PRIDE) - 1


@pytest.mark.parametrize("slither", [False, True])
def test_DR_62_pride_boxes_keep_their_own_cubes(slither: bool) -> None:
    """DR-62 (FAQ): "Pride contains three separate categories that do not share Sloth
    cubes. You must use Slither to move a cube from one category to another."  Once Slither
    has moved the Stay Put cube to Event, staying put moves no cube, though Pride has cubes.
    AMB-11: Pride is 3 separate boxes, between which only Slither moves cubes."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": ["claw", "flame"], "wakefulness": 3, "sloth": {"greed": 4, "event": 3}})
    if slither:
        choose(g, "power:slither", "slither:dont_move>event")
    finish_dragon_turn(g)
    d = D(g)
    assert d.sloth["dont_move"] == 0 and d.sloth["place_gem"] == 1
    assert (d.sloth["event"], d.wakefulness) == ((4, 3) if slither else (3, 4))


def test_DR_63_pride_box_sizes() -> None:
    """DR-63 (rulebook): "up to four Sloth cubes from revealing Event tiles, and only one
    each from placing a Gem and from not moving" - the boxes as set up."""
    d = D(new_game(Setup(roles=("knight", "dragon"), seed=1)))
    assert (d.sloth["event"], d.sloth["dont_move"], d.sloth["place_gem"]) == (4, 1, 1)
    assert d.capacity["event"] == 4 and d.capacity["dont_move"] == d.capacity["place_gem"] == 1


@pytest.mark.parametrize("left, gained", [(1, 1), (0, 0)])
def test_DR_63_the_fifth_event_tile_moves_no_cube(left: int, gained: int) -> None:
    """DR-63: once the 4 Event cubes are gone, revealing an Event tile moves no cube."""
    tiles = ROW + [dark((1, 1), "T20")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [2, 0]},
                    dragon={"hand": ["flame", "wing"], "wakefulness": 8, "locked_hunger": 0,
                            "sloth": {"greed": 2, "hunger": 2, "event": left, "dont_move": 0, "place_gem": 1}})
    choose(g, "power:burn", "burn:1,1")
    reveal_done(g)
    finish_dragon_turn(g)
    assert g.state.board.tiles[(1, 1)].lit
    assert D(g).wakefulness == 8 + gained and D(g).sloth["event"] == left - gained


@pytest.mark.parametrize("gem_box, stay_box, gained", [(1, 0, 1), (0, 1, 1), (0, 0, 0)])
def test_DR_63_one_cube_each_for_a_gem_and_for_not_moving(gem_box: int, stay_box: int, gained: int) -> None:
    """DR-63: placing a Gem beside another and not moving each give a cube only while their
    one-cube box still holds it; the Event cubes left do not stand in for them."""
    g = dragon_game(roles=("dragon", "cave"), tiles=ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": [], "wakefulness": 8, "locked_hunger": 0,
                            "sloth": {"greed": 2, "hunger": 2, "event": 2, "dont_move": stay_box,
                                      "place_gem": gem_box}},
                    tokens={"3,0": {"gem_claw": 1}})
    finish_dragon_turn(g, gem="flame")
    d = D(g)
    assert g.state.board.tokens_at((1, 0))["gem_flame"] == 1 and gems_in_supply(g) == ["wing"]
    assert d.wakefulness == 8 + gained and d.sloth["event"] == 2
    assert d.sloth["place_gem"] + d.sloth["dont_move"] == gem_box + stay_box - gained


# ------------------------------------------------------------ surfacing
SURFACE_ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T37"), lit((3, 0), "T05")]


@pytest.mark.parametrize("awake, dest, surfaced", [(True, "2,0", True), (True, "3,0", False),
                                                    (False, "2,0", False)])
def test_DR_65_awake_dragon_surfaces_by_ending_his_turn_on_a_crystal_tile(awake: bool, dest: str,
                                                                          surfaced: bool) -> None:
    """DR-65 (rulebook): "Once you are awake, you can move from the underground to the surface
    by ending your turn on a Crystal tile. If there is a Crystal token on the tile, it is
    smashed."  Passing over the Crystal tile, or ending there asleep, does nothing."""
    g = dragon_game(roles=("dragon", "cave"), tiles=SURFACE_ROW, pieces={"dragon": [1, 0]},
                    dragon={"hand": [], "awake": awake, "wakefulness": 11 if awake else 10},
                    tokens={"2,0": {"crystal": 1}})
    choose(g, f"move:{dest}")
    assert not D(g).surfaced                                               # not before the turn ends
    finish_dragon_turn(g)
    assert g.state.active == "cave" and D(g).surfaced is surfaced
    assert g.state.board.tokens_at((2, 0))["crystal"] == (0 if surfaced else 1)
    assert g.state.crystals_smashed_total == (1 if surfaced else 0)


@pytest.mark.parametrize("awake", [True, False])
def test_DR_66_surfaced_at_once_even_on_a_smashed_crystal_tile(awake: bool) -> None:
    """DR-66 (FAQ): "it is considered surfaced immediately" and "The Dragon may surface on any
    Crystal tile, even if the Crystal token has been smashed."  The Crystal tile has no token;
    at the start of the Knight's very next turn she needs Strength >= his Armor 3 to enter
    his tile (KN-46), which she need not underground (KN-45)."""
    g = dragon_game(tiles=SURFACE_ROW, pieces={"dragon": [1, 0], "knight": [3, 0]},
                    dragon={"hand": [], "awake": awake, "wakefulness": 11 if awake else 10,
                            "sloth": {"dont_move": 0, "greed": 0, "hunger": 0, "event": 3}},
                    crystals_smashed_total=1)
    choose(g, "move:2,0")
    finish_dragon_turn(g)
    assert g.state.active == "knight" and D(g).surfaced is awake
    assert g.state.crystals_smashed_total == 1 and armor(g) == 3
    assert ("move:2,0" in ids(g)) is not awake


# ------------------------------------------------------ the Knight's side
def test_DR_68_underground_before_the_collapse_only_a_bomb_attack() -> None:
    """DR-68 (board, Beware) by contrast: underground and before the Collapse the Knight
    needs her Bomb to attack him."""
    g = dragon_game(active="knight", tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]},
                    knight={"cubes_free": 3})
    choose(g, "cube:strength")                                              # Strength 2 > Armor 1
    assert "dragon:bomb" in ids(g) and "dragon:attack" not in ids(g)


def test_DR_68_after_the_collapse_she_attacks_without_a_bomb_once() -> None:
    """DR-68: "if the Collapse has begun, the Knight can attack you without needing to use
    her Bomb" - still once a turn while he is underground."""
    g = dragon_game(active="knight", tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]}, collapse=True,
                    knight={"cubes_free": 3})
    choose(g, "cube:perception", "cube:strength")                       # 2 Encounters, Strength 2
    assert "dragon:attack" in ids(g) and "dragon:bomb" not in ids(g)
    choose(g, "dragon:attack")
    assert D(g).health == 4 and g.state.knight.cubes_free == 1 and g.state.knight.equip["bomb"] == 0
    assert "dragon:attack" not in ids(g)


def test_DR_68_on_the_surface_she_attacks_once_per_encounter() -> None:
    """DR-68: "if you are on the surface, the Knight can attack you multiple times during her
    turn, each time during a separate Encounter" - no Bomb, twice with 2 Encounters."""
    g = dragon_game(active="knight", tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]},
                    knight={"cubes_free": 3}, dragon={"surfaced": True, "awake": True, "wakefulness": 3})
    choose(g, "cube:perception", "cube:strength")                       # 2 Encounters, Strength 2
    assert "dragon:attack" in ids(g) and "dragon:bomb" not in ids(g)
    choose(g, "dragon:attack")
    assert D(g).health == 4 and "dragon:attack" in ids(g)
    choose(g, "dragon:attack")
    assert D(g).health == 3 and "dragon:attack" not in ids(g)             # her Encounters are spent


# ---------------------------------------------------------- back to Sloth
def test_DR_69_soporific_spores_returns_a_wakefulness_cube_to_a_box_with_room() -> None:
    """DR-69 (inferred from the Cave's Soporific Spores): a cube leaves Wakefulness for any
    Sloth box with an empty space, his choice; full boxes are refused and Armor drops at once.
    (The Thief's Pickpocket and the Ghoul wait for the Thief role.)"""
    g = dragon_game(roles=("knight", "dragon", "cave"), active="cave", tiles=ROW,
                    pieces={"knight": [0, 0], "dragon": [1, 0]}, cave={"omens": {"quartz": 3}},
                    dragon={"wakefulness": 4, "locked_hunger": 0,
                            "sloth": {"greed": 3, "hunger": 2, "event": 4, "dont_move": 0, "place_gem": 1}})
    assert armor(g) == 2
    choose(g, "omen:soporific_spores")
    while g.pending.kind == "pay_omen":
        choose(g, ids(g)[0])
    choose(g, "spores:dragon")
    assert set(ids(g)) == {"sloth:greed", "sloth:hunger", "sloth:dont_move"}   # Event and Gem are full
    choose(g, "sloth:dont_move")
    d = D(g)
    assert d.wakefulness == 3 and d.sloth["dont_move"] == 1 and armor(g) == 1
