"""Rule tests for the checklist's ambiguity resolutions (AMB-*) and the items of the
audit that had no test of their own yet: MAP-08, FM-17, KN-80, KN-109, GEN-05/06.

Every test builds its exact position with ``load_scenario`` and proves the rule
through the decisions the engine offers (``pending.ids``, ``apply``) and the state
that follows.  Parts that wait for roles the engine does not play yet (the Thief,
Terrain tiles, the expansions) are named in each docstring.

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles (unrotated
walls N,E,S,W): T01/T05/T10/T13 Ambush open, T02/T08/T09 Ambush tunnel (N+S), T12
Ambush dead end (N,E,S), T16 Event tunnel (N+S), T20/T22/T25/T29/T30 Event open,
T31/T32/T33 Treasure Room open, T37/T42/T44 Crystal open.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game

from .helpers import dark, entrance, lit, scenario
from .helpers_goblins import base_tiles, gob_game
from .helpers_interactions import D, K, activation, choose, ids, play, pop, rage, starting, until
from .helpers_map import kc

CENTRE = 6                 # Dragon die face 6: the centre only


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def answer_until(g: Game, role: str, kind: str, limit: int = 40) -> None:
    """Take the first option of every decision (orientations, fills) until ``role`` faces ``kind``."""
    for _ in range(limit):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if (g.pending.role, g.pending.kind) == (role, kind):
            return
        g.apply(g.pending.ids[0])
    raise AssertionError(f"no {role}/{kind} decision came")


# ====================================================================== AMB-06
@pytest.mark.parametrize("tribe, rage_, monsters, trap, strength", [
    ("fangs", 1, {}, False, 3),                       # 2 Population + the permanent Fangs disc
    ("bones", 1, {"bones": ["ogre"]}, False, 3),      # 2 Population + the Ogre's disc
    ("eye", 1, {}, False, 2),                         # 2 Population, no disc
    ("fangs", 0, {}, False, 2),                       # Malaise: -1
    ("fangs", 1, {}, True, 4),                        # Trap: +1 against her Encounter attack
])
def test_AMB_06_tribe_strength_is_population_plus_strength_discs(tribe: str, rage_: int, monsters: dict[str, Any],
                                                                 trap: bool, strength: int) -> None:
    """AMB-06: a Tribe's Strength is its Population plus its Strength discs (the Goblins
    chapter's "Strength equals its Population" is read with the board and the sample
    turn: Fangs 2 discs + Strength disc = 3), −1 under Malaise, +1 with Trap where it
    applies.  The Knight may enter a Tribe's tile only with a greater Strength (KN-56):
    she is kept out up to exactly that Strength, and let in one above it."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], f"tribe:{tribe}": [1, 0]},
             goblins={"rage": rage_, "population": {"fangs": 0, "bones": 0, "eye": 0, tribe: 2},
                      "monsters": monsters, "face_up": ["trap"] if trap else []},
             knight={"cubes_free": 3})
    for her in (1, 2, 3, 4):
        assert ("move:1,0" in ids(g)) == (her > strength), f"Knight Strength {her} vs Tribe {strength}"
        if her < 4:
            choose(g, "cube:strength")


# ====================================================================== AMB-08/09
@pytest.mark.parametrize("target, kind", [((1, 1), "event"), ((2, 1), "ambush")])
def test_AMB_09_only_the_knight_entering_triggers_event_and_ambush(target: tuple[int, int], kind: str) -> None:
    """AMB-09 (FAQ): only the Knight revealing a tile by entering it resolves its Event or
    Ambush; any other reveal just places the tile's tokens.  The Dragon's Burn reveals an
    Event tile: it gets an Event token, no Event card is played; it reveals an Ambush
    tile: no Goblin Infestation Ambush, she keeps her Health.  The same Ambush tile
    entered by the Knight asks her for Strength against the Ambush.  (The Thief's
    reveals wait for the Thief.)"""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), dark((1, 1), "T20"), dark((2, 1), "T13")]
    events = ["light", "rats#1", "cave_bread"]
    g = play(("knight", "dragon"), "dragon", tiles, {"knight": [1, 0], "dragon": [2, 0]},
             dragon={"hand": ["flame", "wing"]}, event_deck=events)
    choose(g, "power:burn", f"burn:{target[0]},{target[1]}")
    answer_until(g, "dragon", "dragon_turn")
    assert g.state.board.tiles[target].lit
    assert g.state.board.tokens_at(target)["event"] == (1 if kind == "event" else 0)
    assert g.state.event_deck == events and "event" not in kinds(g)
    assert K(g).health == 7 and not any(k.startswith("ambush") for k in kinds(g))
    if kind == "ambush":
        g = play(("knight", "dragon"), "knight", tiles, {"knight": [2, 0], "dragon": [0, 0]})
        choose(g, "move:2,1")
        answer_until(g, "knight", "ambush_strength")


def test_AMB_08_a_reveal_by_any_player_connects_to_the_entrance_when_possible() -> None:
    """AMB-08: every reveal, by any player, must leave the tile linked to the Entrance
    when that is possible; the revealer's free choice of orientation ("as you choose")
    is among the linking ones only.  The Dragon's Flame reveals a corner east of a Lit
    tile: of its four orientations only the two that open west are offered, and he
    picks either.  (The Thief's own reveal, which the rule was written for, waits for the
    Thief; MAP-30 tests the Dragon's whole Flame.)"""
    tiles = [entrance(), dark((-1, 0), "T03"), dark((0, -1), "T04"), dark((0, 1), "T06"), lit((1, 0), "T08"),
             lit((2, 0), "T05"), dark((3, 0), "T36"), dark((2, -1), "T34"), dark((2, 1), "T35")]
    for rot in ("rot:0", "rot:1"):
        g = play(("dragon", "cave"), "dragon", tiles, {"dragon": [3, 0]}, dragon={"hand": ["flame"]})
        g.script_dice("dragon", CENTRE, then="fail")
        choose(g, "power:flame")
        assert (g.pending.role, g.pending.kind) == ("dragon", "orient_tile")
        assert set(ids(g)) == {"rot:0", "rot:1"}                       # the corner's walls N+E / E+S: west open
        choose(g, rot)
        assert g.state.board.tiles[(3, 0)].rot == int(rot[-1])


# ====================================================================== AMB-10
def _knight_cubes(cubes: int, **extra: Any) -> dict[str, Any]:
    """Her board with ``cubes`` Hero cubes (3: the cube of Grit space 5 is hers)."""
    spaces = [5, 11, 18, 26, 35]
    return {"cubes_free": cubes, "grit": 5 if cubes == 3 else 0, "grit_spaces": spaces[cubes - 2:], **extra}


@pytest.mark.parametrize("cubes", [2, 3])
def test_AMB_10_with_only_two_cubes_no_cube_is_discarded_by_choice_or_by_force(cubes: int) -> None:
    """AMB-10 (FAQ): "If you have only two cubes available, any opposing abilities or
    effects that would cause you to remove or discard cubes are ignored. (Poison)" and
    "Treasures and other abilities or effects that normally allow you to discard cubes
    cannot be used if you have only two cubes available. (Mighty Axe, Potion Kit,
    Light)".  With a third cube each of them works; with two none does."""
    more = cubes > 2
    # Mighty Axe: after a hit on the surfaced Dragon (Strength 1 + Axe 1 + cube 1 = 3 > Armor 2)
    g = play(("knight", "dragon"), "knight", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"knight": [1, 0], "dragon": [1, 0]}, dragon={"surfaced": True, "awake": True, "wakefulness": 4},
             knight=_knight_cubes(cubes, treasures=["mighty_axe"]))
    choose(g, "cube:treasure:mighty_axe", "cube:strength", "dragon:attack")
    assert D(g).health == 4
    assert (g.pending.kind == "mighty_axe") == more
    # Potion Kit: drinking it discards its cube
    g = scenario(("knight",), solo_level="easy", tiles=[entrance(), lit((1, 0), "T31")], pieces={"knight": [0, 0]},
                 knight=_knight_cubes(cubes, health=4, treasures=["potion_kit"]))
    choose(g, "cube:treasure:potion_kit")
    assert ("treasure:potion:potion_kit" in ids(g)) == more
    # Light (Event): discard a cube for 2 Health
    g = scenario(("knight",), solo_level="easy", tiles=[entrance(), lit((1, 0), "T31")], pieces={"knight": [1, 0]},
                 tokens={"1,0": {"event": 1}}, event_deck=["light", "rats#1"], knight=_knight_cubes(cubes, health=4))
    choose(g, "resolve_event:")
    assert (g.pending.kind == "event_light") == more
    # Poison (opposing): a Tribe of Strength 4 attacks her Strength 1, Poison would take 2 cubes
    g = play(("knight", "goblins"), "goblins", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"knight": [2, 0], "tribe:fangs": [1, 0]}, goblins={"hand": ["poison"]}, knight=_knight_cubes(cubes))
    choose(g, "secret:poison")
    activation(g, rage=2, fangs=3)
    choose(g, "activate:fangs", "move:2,0")
    assert K(g).health == 6
    assert (g.state.goblins.poison_cubes, K(g).cubes_free) == ((1, 2) if more else (0, 2))


# ====================================================================== AMB-14
@pytest.mark.parametrize("blocked", [(), ("fangs",), ("fangs", "bones")])
def test_AMB_14_GB_34_one_tribe_scatters_but_each_overpopulated_tribe_costs_a_rage(blocked: tuple[str, ...]) -> None:
    """AMB-14 (FAQ): "When overpopulation occurs, only one Tribe must scatter no matter
    how many overpopulated. The Tribe that scatters does not have to be a Tribe that
    overpopulated", yet avoiding it costs "a Rage for each of the affected Tribes".
    Hate (+2 each) takes Fangs 4 and Bones 4 over the cap: with Rage 2, blocking both
    avoids it (Rage 0); blocking one still overpopulates; then a single Tribe, here the
    Eye that did not overpopulate, scatters and the turn goes on with no second scatter."""
    g = gob_game(war="hate", goblins={"rage": 2, "population": {"fangs": 4, "bones": 4, "eye": 0}})
    choose(g, "war:hate")
    for t in blocked:
        choose(g, f"block:{t}")
    if len(blocked) < 2:
        choose(g, "populate:")
    assert rage(g) == 2 - len(blocked)
    seen = []
    while g.pending.kind != "goblins_turn":
        seen.append(g.pending.kind)
        if g.pending.kind == "overpopulation":
            assert set(ids(g)) == {"scatter:fangs", "scatter:bones", "scatter:eye"}
            choose(g, "scatter:eye")
        else:
            choose(g, "discard:" if "discard:" in ids(g) else ids(g)[0])
    assert seen.count("overpopulation") == (0 if len(blocked) == 2 else 1)
    assert (pop(g, "fangs"), pop(g, "bones")) == (4, 4)
    assert pop(g, "eye") == (2 if len(blocked) == 2 else 0)


# ====================================================================== AMB-20
@pytest.mark.parametrize("house", [(), ("one_tile_collapse",)])
def test_AMB_20_no_cave_collapse_rate_is_three_unless_the_house_rule_and_four_players(house: tuple[str, ...]) -> None:
    """AMB-20: with no Cave player each player removes 3 tiles at the end of their turn
    during the Collapse (COL-05); the FAQ's recommendation of 1 tile is the optional house
    rule ``one_tile_collapse``, for games of more than 3 players only, so in a 3-player
    game (Knight, Goblins, Dragon) the rate stays 3 with it on.  (The 1-tile rate itself
    needs 4 non-Cave players, i.e. the Thief; the Nightmare Unicorn's pre-Collapse rule
    waits for that expansion.)"""
    row = [entrance()] + [lit((x, 0), t) for x, t in zip((1, 2, 3, 4, -1, -2, -3),
                                                         ("T22", "T25", "T29", "T30", "T31", "T32", "T33"), strict=True)]
    g = play(("knight", "goblins", "dragon"), "goblins", row, {"knight": [0, 0], "dragon": [0, 0]}, house=house,
             collapse=True)
    until(g, "goblins_turn")
    choose(g, "end:")
    removed = 0
    while g.pending.kind == "collapse_tile":
        assert g.pending.role == "goblins"
        g.apply(ids(g)[0])
        removed += 1
    assert removed == 3 and len(g.state.board.tiles) == 8 - 3 and g.pending.role == "dragon"


# ====================================================================== AMB-40
@pytest.mark.parametrize("returned, entered", [("strength", True), ("perception", False)])
def test_AMB_40_grit_lost_off_turn_returns_a_placed_cube_of_her_choice_at_once(returned: str, entered: bool) -> None:
    """AMB-40 (suggested reading): with every cube placed, Grit lost on another player's
    turn below a white space returns a placed cube that the Knight chooses, and the
    statistic drops at once, for her defence in that same turn; it is not her turn, so
    no turn of hers ends.  Hex (Eye 2) takes her from 6 to 4 Grit, below space 5, on the
    Goblins' turn; she gives up a Strength cube (Strength 3 -> 2) or a Perception cube.
    Fangs (Strength 3) may then enter her tile only if her Strength fell (GB-72)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [2, 0], "tribe:fangs": [1, 0]},
             goblins={"hand": ["hex"]},
             knight={"grit": 6, "grit_spaces": [11, 18, 26, 35], "cubes_free": 0,
                     "track": {"strength": 2, "perception": 1}})
    activation(g, rage=2, fangs=2, eye=2)
    choose(g, "secret:hex", "hex:knight")
    assert (g.pending.role, g.pending.kind) == ("knight", "choose_cube")
    assert set(ids(g)) == {"from:strength", "from:perception"}              # no unplaced cube to give
    choose(g, f"from:{returned}")
    k = K(g)
    assert k.grit == 4 and 5 in k.grit_spaces and k.track[returned] == (1 if returned == "strength" else 0)
    assert (g.pending.role, g.pending.kind) == ("goblins", "goblins_turn") and not k.turn_over
    choose(g, "activate:fangs")
    assert ("move:2,0" in ids(g)) is entered


# ====================================================================== AMB-47
def test_AMB_47_sample_turn_grit_follows_the_rules_seven_not_six() -> None:
    """AMB-47: the sample turn's Knight Turn 2, played out.  She starts with the 2 Grit of
    Turn 1's two reveals, puts a cube on Movement and enters the Dark tile holding the
    underground Dragon: an Ambush, which the Bones (Population 2 + Ogre = Strength 3)
    spring on her Strength 1 (she loses 1 Health); the reveal still gives 1 Grit (KN-34).
    Her last cube goes on the Bomb in that same Encounter (KN-24; Perception 1): Strength
    1 vs Armor 1, a centre face, a hit; Daring then pays 4.  By the rules she has 7 Grit,
    not the sample's 6, and takes the Hero cube of Grit space 5 at once."""
    tiles = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T31"), dark((3, 0), "T13"),
             dark((2, -1), "T03"), dark((2, 1), "T04"), dark((1, -1), "T05"), dark((1, 1), "T06")]
    g = play(("knight", "goblins", "dragon"), "knight", tiles, {"knight": [2, 0], "dragon": [3, 0]},
             goblins={"rage": 2, "population": {"fangs": 0, "bones": 2, "eye": 1}, "monsters": {"bones": ["ogre"]}},
             dragon={"wakefulness": 1}, knight={"grit": 2, "sidequests": ["daring"], "sidequest_deck": ["swift"]})
    g.script_dice("dragon", CENTRE, then="fail")
    choose(g, "cube:movement", "move:3,0")
    answer_until(g, "knight", "ambush_strength")
    choose(g, "fight:")
    assert g.pending.role == "goblins"
    choose(g, "ambush:bones")
    answer_until(g, "knight", "knight_turn")
    k = K(g)
    assert k.health == 6 and k.grit == 3 and k.encounters_used == 1 and k.cubes_free == 1
    choose(g, "dragon:bomb")
    assert D(g).health == 4 and k.encounters_used == 1                  # out of Encounters, as in the sample
    choose(g, "sidequest:daring")
    assert k.grit == 7 and 5 not in k.grit_spaces and k.cubes_free == 1
    assert k.sidequests == ["swift"]


# ====================================================================== AMB-48
def test_AMB_48_sample_cave_turn_shape_the_cave_before_the_treasure_on_the_hatred_tile() -> None:
    """AMB-48: the sample's Cave Turn 1 places its Treasure before its Shape the Cave tile;
    the phase order CV-02 is followed instead.  Hatred (an omen, usable before any phase)
    places a tile next to the Knight; no Treasure may be placed before the Cave has placed
    its Shape the Cave tile; then the Treasure may go on the Hatred tile, as in the
    sample."""
    tiles = [entrance(), lit((1, 0), "T01"), dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12"),
             dark((1, -1), "T05")]
    g = kc(tiles, pieces={"knight": [1, 0]}, cave={"hand": ["T20", "T22", "T25"], "omens": {"chasm": 1}},
           stack=["T29", "T30"])
    choose(g, "omen:hatred", "hatred:place:T22@2,0")
    assert g.state.board.tiles[(2, 0)].tile_id == "T22"
    assert not starting(g, "treasure:") and "end:" not in ids(g)          # phase 2 first
    choose(g, "place:T20@3,0")                                           # next to the Hatred tile
    assert "treasure:2,0" in ids(g) and not starting(g, "place:")
    choose(g, "treasure:2,0")
    assert g.state.board.tokens_at((2, 0))["treasure"] == 1 and "end:" in ids(g)


# ====================================================================== AMB-54
@pytest.mark.parametrize("deck", [[], ["light", "rats#1", "cave_bread"]])
def test_AMB_54_event_tile_revealed_with_the_event_deck_empty_is_ignored(deck: list[str]) -> None:
    """AMB-54 (with CV-39): once the Event deck is empty the Knight revealing an Event tile
    ignores it: no Event card is played (the Cave is not asked to choose one), no Event
    token is left on the tile, and she still gains the reveal's Grit and goes on with her
    turn.  With cards left, the Cave plays one.  (Whether Terrain is still placed waits
    for the Terrain tiles.)"""
    tiles = [entrance(), dark((1, 0), "T16"), dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]
    g = kc(tiles, active="knight", event_deck=list(deck))
    supply = g.state.supply["event"]
    choose(g, "move:1,0")
    while g.pending.kind in ("orient_tile", "fill_open_edge"):
        g.apply(ids(g)[0])
    if deck:
        assert (g.pending.role, g.pending.kind) == ("cave", "choose_event")
        return
    assert (g.pending.role, g.pending.kind) == ("knight", "knight_turn")
    assert g.state.board.tiles[(1, 0)].lit and g.state.board.tokens_at((1, 0))["event"] == 0
    assert g.state.supply["event"] == supply and "event_ignored" in kinds(g)
    assert K(g).grit == 1 and K(g).encounters_used == 1


# ====================================================================== AMB-55
def _end_turn_of(g: Game, role: str) -> None:
    """Play ``role``'s turn to its end: "end:" when offered, else the first option that is
    not an omen or a power."""
    while g.pending is not None and g.pending.role == role:
        opts = ids(g)
        g.apply("end:" if "end:" in opts else next(o for o in opts if not o.startswith(("omen:", "power:"))))


@pytest.mark.parametrize("roles, winners", [(("knight", "dragon", "cave"), None), (("knight", "dragon"), ("dragon",))])
def test_AMB_55_ambush_kill_in_knight_vs_dragon_vs_cave_wins_nothing(roles: tuple[str, ...],
                                                                     winners: tuple[str, ...] | None) -> None:
    """AMB-55: in Knight vs Dragon vs Cave a Goblin Infestation Ambush (line A, Strength 2)
    that kills the Knight gives no one the win: play goes on and her turns are skipped
    ("If the Knight is killed, skip her turn").  In Knight vs Dragon the same kill makes
    the Dragon win (RV-24)."""
    tiles = [entrance(), dark((1, 0), "T02"), dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]
    g = play(roles, "knight", tiles, {"knight": [0, 0], "dragon": [-1, 0]}, knight={"health": 1})
    choose(g, "move:1,0")
    answer_until(g, "knight", "ambush_strength")
    choose(g, "fight:")                                                 # Strength 1 < 2: she dies
    assert K(g).health == 0 and K(g).dead
    if winners is not None:
        assert g.outcome is not None and g.outcome.winners == winners and g.pending is None
        return
    assert g.outcome is None and g.pending.role == "dragon"
    _end_turn_of(g, "dragon")
    assert g.pending.role == "cave"
    _end_turn_of(g, "cave")
    assert g.outcome is None and g.pending.role == "dragon"             # her turn was skipped
    assert "turn_skipped" in kinds(g)


# ====================================================================== MAP-08
def test_MAP_08_unoccupied_means_no_player_piece_and_no_token() -> None:
    """MAP-08: an unoccupied space holds no player pieces and no tokens.  The Ogre (Goblin
    Infestation line C) drives the Knight back to an adjacent unoccupied non-Dark space:
    not onto the Lit tiles holding a Treasure or a Crystal token.  The Gnome's Tribe, after
    a Plunder, may leap to an unoccupied Dark tile: not its own, not one holding another
    Tribe, not one holding a Treasure token."""
    tiles = [entrance(), dark((1, 0), "T02"), lit((2, 0), "T22"), lit((1, -1), "T25"), lit((1, 1), "T29"),
             dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]
    g = scenario(("knight",), solo_level="hard", tiles=tiles, pieces={"knight": [0, 0]}, monster_deck=["ogre"],
                 tokens={"2,0": {"treasure": 1}, "1,1": {"crystal": 1}})
    choose(g, "move:1,0")
    answer_until(g, "knight", "ambush_strength")
    choose(g, "fight:")                                                 # Ogre 4 > 1
    assert (g.pending.role, g.pending.kind) == ("knight", "ambush_step")
    assert set(ids(g)) == {"step:0,0", "step:1,-1"}
    g = gob_game(tiles=base_tiles(), goblins={"population": {"fangs": 1, "bones": 1, "eye": 0},
                                              "monsters": {"fangs": ["gnome"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "tribe:bones": [2, 1]},
                 tokens={"1,1": {"treasure": 1}, "3,1": {"treasure": 1}})
    until(g, "goblins_turn")
    choose(g, "activate:fangs", "plunder:treasure")
    assert (g.pending.role, g.pending.kind) == ("goblins", "gnome_leap")
    assert set(ids(g)) == {"leap:0,1", "stay:"}                        # (1,1) own, (2,1) Bones, (3,1) a token


# ====================================================================== FM-17
@pytest.mark.parametrize("shield", [True, False])
def test_FM_17_shield_set_on_her_turn_ignores_other_players_moving_her(shield: bool) -> None:
    """FM-17: the Knight's active Shield ignores other players' effects that would move
    her, and must be active before the effect is revealed: she powers it with a cube on
    her own turn, the cube stays in force on the Dragon's turn (KN-13) and Slap is not
    even offered.  Without it, Slap is offered and moves her, and nothing lets her raise
    the Shield in between: the next decision is the Dragon's."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29")]
    g = play(("knight", "dragon", "cave"), "knight", tiles, {"knight": [2, 0], "dragon": [3, 0]},
             dragon={"hand": ["wing", "wing", "claw"]})
    if shield:
        choose(g, "cube:shield")
    choose(g, "end:")
    assert (g.pending.role, g.pending.kind) == ("dragon", "dragon_turn")
    assert ("power:slap" in ids(g)) is not shield
    if not shield:
        choose(g, "power:slap")
        assert g.pending.role == "dragon" and starting(g, "push:")
        choose(g, "push:0,0")
        assert g.state.board.pieces["knight"] == (0, 0)


# ====================================================================== KN-80
def test_KN_80_the_bow_shoots_only_along_the_four_cardinal_directions() -> None:
    """KN-80 [FAQ]: "You can shoot only in the four cardinal directions. You cannot shoot
    diagonally ... even if there are no walls or Dark tiles blocking".  On open Lit tiles
    the Fangs diagonal to her cannot be shot, the Bones two spaces east can; the Enchanted
    Bow likewise reaches the Dragon in line, not on the diagonal (KN-87)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((1, 1), "T25"), lit((0, 1), "T29"), lit((2, 0), "T30")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:fangs": [1, 1], "tribe:bones": [2, 0]},
             goblins={"population": {"fangs": 3, "bones": 3, "eye": 0}}, knight={"cubes_free": 2})
    choose(g, "cube:bow", "cube:strength")
    assert starting(g, "bowshot:") == {"bowshot:bones"}
    for where, offered in (((1, 1), False), ((2, 0), True)):
        g = play(("knight", "dragon"), "knight", tiles, {"knight": [0, 0], "dragon": list(where)},
                 knight={"treasures": ["enchanted_bow"], "cubes_free": 2})
        choose(g, "cube:treasure:enchanted_bow")
        assert ("dragon:bow" in ids(g)) is offered


# ====================================================================== KN-109
def test_KN_109_eagle_eyed_needs_a_shot_that_damages() -> None:
    """KN-109 [FAQ]: Eagle-Eyed "can be completed only if the shot damages the target in
    some way. Simply placing a Hero cube on the Bow or Enchanted Bow with a potential
    target nearby is insufficient", and with no Goblins only the Enchanted Bow has a
    target.  A cube on the Bow with a Tribe in sight: not yet; after the shot (Population
    3 -> 2): yes.  The Enchanted Bow at Strength 1 makes the Dragon discard 0 cards: no;
    at Strength 2 he discards 1: yes."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "knight", tiles, {"knight": [0, 0], "tribe:fangs": [2, 0]},
             goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}},
             knight={"cubes_free": 2, "sidequests": ["eagle_eyed"], "sidequest_deck": []})
    choose(g, "cube:bow", "cube:strength")
    assert "bowshot:fangs" in ids(g) and "sidequest:eagle_eyed" not in ids(g)
    choose(g, "bowshot:fangs")
    assert pop(g, "fangs") == 2 and "sidequest:eagle_eyed" in ids(g)
    for strength_cubes, done in ((0, False), (1, True)):
        g = play(("knight", "dragon", "cave"), "knight", tiles, {"knight": [0, 0], "dragon": [2, 0]},
                 dragon={"hand": ["claw", "claw", "flame"]},
                 knight={"cubes_free": 2, "treasures": ["enchanted_bow"], "sidequests": ["eagle_eyed"],
                         "sidequest_deck": []})
        assert "cube:bow" not in ids(g)                                    # the Bow shoots Tribes only
        choose(g, "cube:treasure:enchanted_bow", *["cube:strength"] * strength_cubes)
        assert "sidequest:eagle_eyed" not in ids(g)
        choose(g, "dragon:bow")
        if g.pending.kind == "dragon_discard":
            choose(g, "discard:claw")
        assert len(D(g).hand) == 3 - strength_cubes
        assert ("sidequest:eagle_eyed" in ids(g)) is done


# ====================================================================== GEN-05/06
def _sidequests(g: Game) -> set[str]:
    return {c.split("#")[0] for c in K(g).sidequests + K(g).sidequest_deck}


def test_GEN_05_a_variant_overrides_the_standard_setup() -> None:
    """GEN-05: when a variant contradicts the standard rules, the variant wins.  The
    standard setup puts every Sloth cube in its box (Wakefulness 0) and all 10 Sidequests
    in the deck, as in Knight vs Goblins vs Dragon; the Knight vs Dragon card moves 2
    Hunger cubes to Wakefulness at setup (RV-23), the Knight vs Cave card takes Daring
    and Eagle-Eyed out (RV-25).  (AMB-55 shows Knight vs Dragon vs Cave overriding the
    end of the game at her death.)"""
    standard = scenario(("knight", "goblins", "dragon"), seed=5)
    assert (D(standard).wakefulness, D(standard).sloth["hunger"]) == (0, 4)
    assert len(_sidequests(standard)) == 10 and {"daring", "eagle_eyed"} <= _sidequests(standard)
    kd = scenario(("knight", "dragon"), seed=5)
    assert (D(kd).wakefulness, D(kd).sloth["hunger"]) == (2, 2)
    kc_ = scenario(("knight", "cave"), seed=5)
    assert len(_sidequests(kc_)) == 8 and not {"daring", "eagle_eyed"} & _sidequests(kc_)


@pytest.mark.parametrize("monster", [None, "underworm"])
def test_GEN_06_a_card_overrides_the_rulebook(monster: str | None) -> None:
    """GEN-06: when a card or ability contradicts the rulebook, the card wins.  The
    rulebook counts every movement orthogonally, never diagonally (MAP-01, MAP-03): a
    Tribe at (1,1) is offered only its orthogonal neighbours.  The Underworm Monster card
    lets it move diagonally, and it does (GB-47)."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0},
                          "monsters": {"fangs": [monster] if monster else []}},
                 pieces={"knight": [-1, 0], "tribe:fangs": [1, 1]})
    until(g, "goblins_turn")
    choose(g, "activate:fangs")
    moves = {i for i in ids(g) if i.startswith(("move:", "worm:"))}
    orthogonal = {"move:1,0", "move:2,1", "move:0,1"}
    if monster is None:
        assert moves == orthogonal
        return
    assert moves == orthogonal | {"worm:2,0", "worm:0,0"}
    choose(g, "worm:2,0")
    assert g.state.board.pieces["tribe:fangs"] == (2, 0)
