"""Rule tests for more of the checklist's unresolved ambiguities: each test proves the
suggested resolution (the default) and, where the rules leave a real alternative, the
house rule that plays it (setup.HOUSE_RULES): AMB-32, AMB-37, AMB-38, AMB-40, AMB-52,
AMB-54 (no house rule: the rulebook is explicit, only its Terrain part is open), AMB-55,
AMB-56.

Every test builds its exact position with ``load_scenario`` and proves the rule through
the decisions the engine offers (``pending.ids``, ``apply``) and the state that follows.

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles (unrotated
walls N,E,S,W): T01/T05 Ambush open, T02/T08/T09 Ambush tunnel (N+S), T12 Ambush dead end
(N,E,S), T16 Event tunnel (N+S), T20/T22/T25/T29/T30 Event open, T37 Crystal open.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.thief.state import ThiefState

from .helpers import dark, entrance, lit, scenario
from .helpers_dragon import finish_dragon_turn
from .helpers_goblins import WAR, to_activation
from .helpers_interactions import K, activation, choose, ids, play, starting

SIDES, CORNERS = 2, 4                     # Dragon die faces: the four sides / the four corners
ROW = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29"), lit((4, 0), "T30")]
CLOSED = [dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]   # the Entrance's other sides


def house(on: bool, name: str) -> tuple[str, ...]:
    return (name,) if on else ()


def T(g: Game) -> ThiefState:
    t = g.state.thief
    assert t is not None
    return t


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def thief_turn(roles: tuple[str, ...], tiles: list[dict[str, Any]], pieces: dict[str, Any], on: bool, rule: str,
               stats: str, thief: dict[str, Any] | None = None, **data: Any) -> Game:
    """The Thief's turn, his Stat tokens assigned as ``stats`` (Movement-Stealth-Thievery)."""
    g = play(roles, "thief", tiles, pieces, house=house(on, rule), thief=thief or {}, **data)
    choose(g, f"assign:{stats}")
    assert g.pending is not None and g.pending.kind == "thief_turn"
    return g


def answer(g: Game, until: tuple[str, str], limit: int = 40) -> None:
    """Take the first option of every other decision until ``until`` (role, kind)."""
    for _ in range(limit):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if (g.pending.role, g.pending.kind) == until:
            return
        g.apply(g.pending.ids[0])
    raise AssertionError(f"no {until} decision came")


# ====================================================================== AMB-32
@pytest.mark.parametrize("on", [False, True])
def test_AMB_32_crystal_tiles_removed_before_the_collapse_and_when_the_cave_wins(on: bool) -> None:
    """AMB-32: a Crystal tile the Dragon's Wrath brings down before the Collapse counts
    toward the Cave's 5 (COL-23/24).  By default the 5th ends the game at once: the Cave
    wins.  With ``cave_wins_after_all_tiles_placed`` (the Cave's "How to Win": first place
    every tile) the game goes on, the tile still counted; the Cave fills the open edge
    with its last tile, and when the Collapse begins at the next turn the Cave wins."""
    tiles = [entrance(), lit((1, 0), "T16"), dark((2, 0), "T37")] + CLOSED     # T16: walls N+S, open E and W
    g = scenario(("dragon", "cave"), seed=3, active="dragon", tiles=tiles, pieces={"dragon": [1, 0]},
                 dragon={"placed": True, "hand": ["claw"] * 4}, crystal_tiles_removed=4, stack=[],
                 cave={"hand": ["T01"]}, omen_bag={}, house_rules=list(house(on, "cave_wins_after_all_tiles_placed")))
    g.script_dice("dragon", SIDES, then="fail")
    assert not g.state.collapse
    choose(g, "power:wrath")
    if not on:
        assert g.outcome is not None and g.outcome.winners == ("cave",) and g.pending is None
        assert (2, 0) not in g.state.board.tiles and g.state.crystal_tiles_removed == 5
        return
    answer(g, ("cave", "fill_open_edge"))
    assert g.outcome is None and g.state.crystal_tiles_removed == 5 and (2, 0) not in g.state.board.tiles
    choose(g, "fill:T01@2,0")
    assert g.state.cave is not None and g.state.cave.hand == [] and g.state.stack == []
    answer(g, ("dragon", "dragon_turn"))
    assert g.outcome is None and not g.state.collapse
    finish_dragon_turn(g)
    assert g.state.collapse and g.outcome is not None and g.outcome.winners == ("cave",)


# ====================================================================== AMB-37
@pytest.mark.parametrize("on", [False, True])
def test_AMB_37_thief_walking_into_the_flame_wall_loot_drop_bonus(on: bool) -> None:
    """AMB-37: the Thief walks into the Dragon's Flame Wall and dies (DR-35), dropping what
    he carries.  The Loot Drop bonus is stated only for Claw and Scratch, so by default the
    Dragon draws nothing; with ``flame_wall_kill_gives_loot_bonus`` he draws the Power
    cards of the Loot Drop Level (3)."""
    g = thief_turn(("dragon", "thief"), ROW, {"dragon": [4, 0], "thief": [1, 0]}, on,
                   "flame_wall_kill_gives_loot_bonus", "2-3-4", thief={"carried": ["treasure"]},
                   dragon={"hand": ["claw"]}, tokens={"2,0": {"flamewall": 1}})
    d = g.state.dragon
    assert d is not None and len(d.hand) == 1 and T(g).loot_drop == 3
    choose(g, "move:2,0")
    assert T(g).dead and "thief" not in g.state.board.pieces and g.state.board.tokens_at((2, 0))["treasure"] == 1
    after = kinds(g)[kinds(g).index("thief_killed"):]
    assert len(d.hand) == (1 + 3 if on else 1)
    assert ("dragon_draw" in after) is on


@pytest.mark.parametrize("on", [False, True])
def test_AMB_37_wrath_pushes_the_thief_onto_the_flame_wall(on: bool) -> None:
    """AMB-37: the Dragon sets a Flame Wall next to the Thief, then his Wrath (four corners)
    brings down the Thief's tile during the Collapse; the only way off is the Flame Wall
    (FM-15), where he dies.  Wrath is no Claw or Scratch: no bonus by default; with
    ``flame_wall_kill_gives_loot_bonus`` the Dragon draws 3 Power cards (his 7 were spent)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((2, 1), "T29")]
    g = play(("dragon", "thief"), "dragon", tiles, {"dragon": [1, 0], "thief": [2, 1]},
             house=house(on, "flame_wall_kill_gives_loot_bonus"), thief={}, collapse=True, stack=[],
             dragon={"hand": ["flame"] * 3 + ["claw"] * 4})
    g.script_dice("dragon", CORNERS, then="fail")
    choose(g, "power:flame_wall")
    answer(g, ("dragon", "dragon_flame_wall"))
    choose(g, "flamewall:2,0")
    answer(g, ("dragon", "dragon_turn"))
    assert g.state.board.tokens_at((2, 0))["flamewall"] == 1 and not T(g).dead
    choose(g, "power:wrath")
    answer(g, ("dragon", "dragon_turn"))
    d = g.state.dragon
    assert d is not None
    assert (2, 1) not in g.state.board.tiles and T(g).dead and "thief" not in g.state.board.pieces
    assert len(d.hand) == (3 if on else 0)


# ====================================================================== AMB-38
@pytest.mark.parametrize("bones_at", [(1, 0), (3, 0)])
@pytest.mark.parametrize("on", [False, True])
def test_AMB_38_thief_targets_each_tribe_or_each_player_once(on: bool, bones_at: tuple[int, int]) -> None:
    """AMB-38: "each other player piece only once per turn" — by default each Tribe is
    its own piece: after Backstabbing the Fangs he may still Backstab or Pickpocket the
    Bones on his space, or shoot them with the Hand Crossbow 2 spaces away (TH-26).  With
    ``thief_targets_each_player_once`` the Goblins are one player: the Bones are shielded
    for the rest of his turn."""
    g = thief_turn(("goblins", "thief"), ROW, {"thief": [1, 0], "tribe:fangs": [1, 0], "tribe:bones": list(bones_at)},
                   on, "thief_targets_each_player_once", "2-4-3", thief={"upgrades": ["hand_crossbow"]},
                   goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "hand": ["hex"], "face_up": []})
    assert {"backstab:tribe:fangs:1", "backstab:tribe:bones:1"} <= set(ids(g))
    choose(g, "backstab:tribe:fangs:1")
    answer(g, ("thief", "thief_turn"))
    assert T(g).targeted == ["tribe:fangs"] and not starting(g, "backstab:tribe:fangs")
    assert bool(starting(g, "backstab:tribe:bones")) is not on
    if bones_at == (1, 0):
        assert bool(starting(g, "pickpocket:tribe:bones")) is not on


# ====================================================================== AMB-40
@pytest.mark.parametrize("on", [False, True])
def test_AMB_40_grit_lost_off_turn_with_every_cube_placed(on: bool) -> None:
    """AMB-40: with every cube placed, Hex (Eye 2) takes the Knight from 6 to 4 Grit on the
    Goblins' turn, below white space 5.  By default she returns a placed cube of her
    choice at once (Strength 3 -> 2), so the Fangs (Strength 3) may then enter her tile
    (GB-72), and she has 2 cubes to place on her turn.  With
    ``grit_cube_returns_at_pickup`` no cube goes yet: her Strength holds and keeps the
    Fangs out; the cube goes back to space 5 when she picks up at her next turn, leaving
    her the same 2 cubes."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins"), "goblins", tiles, {"knight": [2, 0], "tribe:fangs": [1, 0]},
             house=house(on, "grit_cube_returns_at_pickup"), goblins={"hand": ["hex"]},
             knight={"grit": 6, "grit_spaces": [11, 18, 26, 35], "cubes_free": 0,
                     "track": {"strength": 2, "perception": 1}})
    activation(g, rage=2, fangs=2, eye=2)
    choose(g, "secret:hex", "hex:knight")
    k = K(g)
    if not on:
        assert (g.pending.role, g.pending.kind) == ("knight", "choose_cube")
        choose(g, "from:strength")
        assert k.track["strength"] == 1 and 5 in k.grit_spaces
    else:
        assert (g.pending.role, g.pending.kind) == ("goblins", "goblins_turn")
        assert k.track == {**k.track, "strength": 2, "perception": 1} and 5 not in k.grit_spaces
    assert k.grit == 4 and not k.turn_over
    choose(g, "activate:fangs")
    assert ("move:2,0" in ids(g)) is not on
    for _ in range(40):                                                  # on to her turn
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if g.pending.kind == "knight_turn":
            break
        opts = ids(g)
        g.apply(next((o for o in ("end:", "no_response:", "skip:", "hide:") if o in opts), opts[0]))
    assert g.pending.kind == "knight_turn"
    assert 5 in k.grit_spaces and k.cubes_free == 2 and sum(k.track.values()) == 0


# ====================================================================== AMB-52
@pytest.mark.parametrize("roles, level, on, smash", [
    (("goblins",), "warlord", False, True),          # default: always 3, whatever the level
    (("goblins",), "warlord", True, False),          # house rule: Lady's 4 (Strength 3 is too little)
    (("goblins",), "chief", True, True),             # house rule at Standard: the Knight's 3
    (("knight", "goblins"), "warlord", True, True),  # with a Knight (Lady) the level stays hers
])
def test_AMB_52_lady_smash_strength_and_the_goblins(roles: tuple[str, ...], level: str, on: bool, smash: bool) -> None:
    """AMB-52: the Lady's "smashing a Crystal requires 4 Strength" is the Knight's.  With no
    Knight the Goblins' Warlord level picks the Lady level (DIF-11), yet by default each of
    the two attacking Tribes still needs only Strength 3 (GB-76).  With
    ``knight_level_smash_for_tribes`` that level's smash Strength (4) is needed instead —
    only with no Knight in the game."""
    difficulty = {"goblins": level}
    if "knight" in roles:
        difficulty["knight"] = "lady"
    g = scenario(roles, seed=3, active="goblins", tiles=ROW,
                 pieces={"tribe:fangs": [2, 0], "tribe:bones": [2, 0], **({"knight": [4, 0]} if "knight" in roles else {})},
                 goblins={"rage": 1, "war_deck": WAR[-1:] + WAR[:-1], "population": {"fangs": 1, "bones": 2, "eye": 0}},
                 tokens={"2,0": {"crystal": 1}}, difficulty=difficulty,
                 house_rules=list(house(on, "knight_level_smash_for_tribes")))
    to_activation(g)
    assert gb.tribe_strength(g, "fangs") == 3 and gb.tribe_strength(g, "bones") == 3
    assert g.config.smash_strength == (3 if level == "chief" else 4)
    choose(g, "activate:fangs")
    assert ("attack:crystal" in ids(g)) is smash
    if smash:
        choose(g, "attack:crystal", "activate:bones", "attack:crystal")
        assert g.state.board.tokens_at((2, 0))["crystal"] == 0 and g.state.crystals_smashed_total == 1


# ====================================================================== AMB-54
@pytest.mark.parametrize("deck", [[], ["light", "rats#1", "cave_bread"]])
def test_AMB_54_event_tile_and_token_ignored_once_the_event_deck_is_empty(deck: list[str]) -> None:
    """AMB-54, CV-39: with the Event deck used up, Event tiles and tokens are ignored (the
    rulebook: "do not reshuffle them"), so no house rule here; whether Terrain is still placed
    is the house rule ``terrain_needs_event_cards`` (test_issue5_audit).  The Knight steps onto a Lit tile with an Event token: no
    Encounter, no card, the token stays; she reveals an Event tile: no card either, yet the
    reveal's Grit.  With cards left the Cave plays one on the token (the control)."""
    tiles = [entrance(), lit((1, 0), "T22"), dark((2, 0), "T16"), dark((1, -1), "T02"), dark((1, 1), "T13")] + CLOSED
    g = scenario(("knight", "cave"), seed=1, active="knight", tiles=tiles, pieces={"knight": [0, 0]},
                 tokens={"1,0": {"event": 1}}, event_deck=list(deck), omen_bag={})
    choose(g, "cube:movement", "move:1,0")
    if deck:
        assert (g.pending.role, g.pending.kind) == ("cave", "choose_event")
        return
    k = K(g)
    assert (g.pending.role, g.pending.kind) == ("knight", "knight_turn")
    assert k.encounters_used == 0 and g.state.board.tokens_at((1, 0))["event"] == 1 and not starting(g, "resolve")
    choose(g, "move:2,0")
    answer(g, ("knight", "knight_turn"))
    assert g.state.board.tiles[(2, 0)].lit and g.state.board.tokens_at((2, 0))["event"] == 0
    assert k.grit == 1 and k.encounters_used == 1 and "choose_event" not in {e.kind for e in g.events}
    assert kinds(g).count("event_ignored") == 1 and "event" not in kinds(g)


# ====================================================================== AMB-55
@pytest.mark.parametrize("roles, on, winners", [
    (("knight", "dragon", "cave"), False, None),          # default: no one wins, play goes on
    (("knight", "dragon", "cave"), True, ("dragon",)),    # house rule: as in Knight vs Dragon
    (("knight", "dragon"), False, ("dragon",)),           # Knight vs Dragon (RV-24), either way
    (("knight", "dragon"), True, ("dragon",)),
])
def test_AMB_55_infestation_ambush_kills_the_knight(roles: tuple[str, ...], on: bool,
                                                    winners: tuple[str, ...] | None) -> None:
    """AMB-55: a Goblin Infestation Ambush (line A, Strength 2) kills the Knight.  In Knight
    vs Dragon vs Cave by default no one wins: "If the Knight is killed, skip her turn", and
    play goes on with the Dragon.  With ``infestation_kill_dragon_wins`` the Dragon wins,
    as in Knight vs Dragon, where he always does."""
    tiles = [entrance(), dark((1, 0), "T02"), dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]
    g = play(roles, "knight", tiles, {"knight": [0, 0], "dragon": [-1, 0]}, house=house(on, "infestation_kill_dragon_wins"),
             knight={"health": 1})
    choose(g, "move:1,0")
    answer(g, ("knight", "ambush_strength"))
    choose(g, "fight:")                                                  # Strength 1 < 2: she dies
    assert K(g).dead
    if winners is not None:
        assert g.outcome is not None and g.outcome.winners == winners and g.pending is None
        return
    assert g.outcome is None and g.pending is not None and g.pending.role == "dragon"


# ====================================================================== AMB-56
@pytest.mark.parametrize("spend", ["cubes", "movement"])
@pytest.mark.parametrize("on", [False, True])
def test_AMB_56_thief_turn_end_when_one_kind_runs_out(on: bool, spend: str) -> None:
    """AMB-56: Movement 4, Thievery 2.  By default (the FAQ) he goes on with either when
    the other is spent: with no Action cube left he may still move, with no Movement left
    he may still act (Hide Loot).  With ``thief_turn_ends_when_either_spent`` (the
    rulebook's "when you run out of Movement or Action cubes") his turn ends at once and
    the Knight's begins."""
    g = thief_turn(("knight", "cave", "thief"), ROW, {"knight": [-1, 0], "thief": [1, 0]}, on,
                   "thief_turn_ends_when_either_spent", "4-3-2", omen_bag={})
    if spend == "cubes":
        choose(g, "hide:2")
        assert T(g).cubes == 0 and T(g).movement_left == 4
    else:
        choose(g, "move:2,0", "move:3,0", "move:4,0", "move:3,0")
        assert T(g).movement_left == 0
    if on:
        assert g.state.active == "knight" and g.pending is not None and g.pending.role == "knight"
        assert "thief_spent" in kinds(g) and T(g).cubes == 0
        return
    assert g.pending is not None and (g.pending.role, g.pending.kind) == ("thief", "thief_turn")
    if spend == "cubes":
        assert {"move:0,0", "move:2,0"} <= set(ids(g)) and not starting(g, "hide:")
    else:
        assert T(g).cubes == 2 and "hide:1" in ids(g) and not starting(g, "move:")


@pytest.mark.parametrize("deck", [[], ["light"]])
def test_AMB_54_others_reveal_no_event_token_and_forced_moves_pass_old_ones(deck: list[str]) -> None:
    """AMB-54 beyond the Knight's own step: with the Event deck empty, an Event tile another
    role reveals (here the Thief's peek) gets no Event token, and an Event token left on the
    map no longer stops her when she is forced along (FM-06) nor waits to be resolved."""
    from vast_desktop.engine.map.board import events_live, reveal_tokens
    from vast_desktop.engine.map.forced import can_pass, entered

    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), dark((3, 0), "T16")]
    g = scenario(("knight", "cave", "thief"), seed=1, active="knight", tiles=tiles, pieces={"knight": [0, 0]},
                 tokens={"1,0": {"event": 1}}, event_deck=list(deck), omen_bag={})
    assert events_live(g) == bool(deck)
    reveal_tokens(g, (3, 0), "event", knight_entered=False)
    assert g.state.board.tokens_at((3, 0))["event"] == (1 if deck else 0)
    assert can_pass(g, "knight", (1, 0)) == (not deck)
    g.state.board.pieces["knight"] = (1, 0)
    list(entered(g, "knight", (1, 0)))
    assert K(g).must_resolve_event == bool(deck)
