"""Rule tests for the Knight, the Goblins, the Dragon and the Cave meeting the Thief:
targeting him (TH-30/31, Perception against Stealth), killing him and the killer's Loot
Drop bonus (TH-45/46/49), what is an attack and what is not (GEN-07/08, TH-36/37:
Unnatural Evasion), Forced Movement and tile removal under him (FM-09, FM-15), and the
house rules for the ambiguities that meet him (AMB-28, AMB-34, AMB-37, AMB-39, AMB-42).

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles (unrotated
walls N,E,S,W): T01/T05 Ambush open, T02 Ambush tunnel (N+S), T20/T22/T25/T29/T30 Event
open, T31/T32 Treasure Room open, T48 Vault side (N).  With the default assignment the
Thief's Stat tokens give Movement 4, Stealth 3, Thievery 2; each carried token is −1
Stealth (TH-38).
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game
from vast_desktop.engine.roles.thief import turn as thief_mod
from vast_desktop.engine.roles.thief.state import ThiefState, stashed, stealth
from vast_desktop.engine.roles.thief.turn import upgrade_options

from .helpers import dark, entrance, lit
from .helpers_interactions import K, activation, choose, ids, play, pop, rage, until

KT = ("knight", "thief")
ROW = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T29"), lit((-1, 0), "T30")]
SIDE, CORNERS, CENTRE_ONLY = 1, 4, 6         # Dragon die faces: eight around / four corners / the centre only


def game(roles: tuple[str, ...], active: str, tiles: list[dict[str, Any]], pieces: dict[str, Any],
         thief: dict[str, Any] | None = None, **data: Any) -> Game:
    """helpers_interactions.play with a ``thief:`` section."""
    if thief is not None:
        data["thief"] = thief
    return play(roles, active, tiles, pieces, **data)


def T(g: Game) -> ThiefState:
    t = g.state.thief
    assert t is not None
    return t


def where(g: Game) -> tuple[int, int] | None:
    return g.state.board.pieces.get("thief")


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def drive_until(g: Game, kind: str, forbid: str | None = None, limit: int = 40) -> None:
    """Take the first option until a decision of ``kind`` (never meeting ``forbid``)."""
    for _ in range(limit):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if g.pending.kind == kind:
            return
        assert g.pending.kind != forbid, f"a {forbid!r} decision came"
        opts = g.pending.ids
        g.apply(next((o for o in ("no_response:", "no_ambush:", "populate:", "discard:", "skip:", "stay:") if o in opts),
                     opts[0]))
    raise AssertionError(f"no {kind!r} decision came")


# ================================================================ the Knight
def test_KN_59_entering_the_thiefs_tile_costs_no_encounter() -> None:
    """KN-59: she enters the Thief's tile (and leaves it again) without spending an
    Encounter when she does not attack him — though she could (Perception 2 > Stealth 1)."""
    g = game(KT, "knight", ROW, {"knight": [0, 0], "thief": [1, 0]}, thief={"carried": ["treasure", "treasure"]},
             knight={"cubes_free": 3})
    choose(g, "cube:perception", "cube:movement", "move:1,0")
    assert K(g).encounters_used == 0 and "thief:attack" in ids(g)
    choose(g, "move:2,0")
    assert K(g).encounters_used == 0 and where(g) == (1, 0) and not T(g).dead


@pytest.mark.parametrize("level", [3, 2, 1, 0])
def test_KN_60_KN_117_TH_46_attack_needs_perception_above_stealth_and_pays_grit(level: int) -> None:
    """KN-60, TH-30: attacking him is an Encounter open only with her Perception above his
    Stealth (3 is not above 3; 4 is); he is killed, drops nothing here, leaves the map, and
    she gains Grit equal to his Loot Drop Level (KN-117: 0–3), which stays as it was
    (TH-49).  Daring ("kill the Thief") can then be revealed."""
    g = game(KT, "knight", ROW, {"knight": [1, 0], "thief": [1, 0]}, thief={"loot_drop": level},
             knight={"cubes_free": 3, "grit": 1, "sidequests": ["daring"]})
    choose(g, "cube:perception", "cube:perception")
    assert "thief:attack" not in ids(g)
    choose(g, "cube:perception")
    assert "sidequest:daring" not in ids(g)
    choose(g, "thief:attack")
    assert where(g) is None and T(g).dead and not T(g).placed
    assert K(g).grit == 1 + level and K(g).encounters_used == 1 and T(g).loot_drop == level
    assert "sidequest:daring" in ids(g)


@pytest.mark.parametrize("first", ["smash:", "collect:treasure"])
def test_KN_24_KN_61_the_thief_in_an_encounters_attack_step(first: str) -> None:
    """KN-24: one Encounter covers, in order, attacks (a Crystal, the Thief...) and then
    collecting: after smashing, attacking him needs no second Encounter, and KN-61 [FAQ]
    the Treasure he drops is collected in that same Encounter; after collecting, the
    attack step is over and her only Encounter is spent."""
    g = game(KT, "knight", ROW, {"knight": [0, 0], "thief": [1, 0]},
             thief={"carried": ["treasure", "treasure", "treasure"]}, knight={"cubes_free": 2},
             tokens={"1,0": {"crystal": 1, "treasure": 1}}, treasure_deck=[])
    choose(g, "cube:strength", "cube:strength", "move:1,0", first)   # Perception 1 > Stealth 0: 1 Encounter
    if first == "collect:treasure":
        assert "thief:attack" not in ids(g) and K(g).encounters_used == 1
        return
    choose(g, "thief:attack")
    assert where(g) is None and g.state.board.tokens_at((1, 0))["treasure"] == 4
    choose(g, "collect:treasure", "collect:treasure", "collect:treasure", "collect:treasure")
    assert K(g).encounters_used == 1 and g.state.board.tokens_at((1, 0))["treasure"] == 0


def test_GEN_07_TH_36_the_knights_attack_can_be_evaded_once_a_turn() -> None:
    """GEN-07: her Encounter attack on him is an attack, so Unnatural Evasion rolls (TH-36):
    on 4+ it fails (he may step away; here he stays) and the Encounter is spent.  A second
    attack needs a new Encounter (KN-24: each foe once per Encounter) and meets no second
    Evasion roll this turn: he dies."""
    g = game(KT, "knight", ROW, {"knight": [1, 0], "thief": [1, 0]}, thief={"upgrades": ["unnatural_evasion"]},
             knight={"cubes_free": 3})
    rolls = g.script_dice("action", 4, then="repeat").rolled
    choose(g, "cube:perception", "cube:perception", "cube:perception", "thief:attack")
    assert g.pending.kind == "thief_evasion" and g.pending.role == "thief"
    choose(g, "stay:")
    assert where(g) == (1, 0) and K(g).encounters_used == 1 and len(rolls) == 1
    choose(g, "thief:attack")
    assert where(g) is None and K(g).encounters_used == 2 and len(rolls) == 1


@pytest.mark.parametrize(("spot", "in_line"), [((5, 0), True), ((6, 0), False), ((1, 1), False)])
def test_KN_85_KN_86_KN_87_enchanted_bow_kills_the_thief(spot: tuple[int, int], in_line: bool) -> None:
    """KN-85/87: the Enchanted Bow reaches him up to 5 spaces away in a cardinal line,
    through a Dark tile and walls (T02 turned: walls east and west), never 6 away or
    diagonally; she must still have Perception above his Stealth (TH-30).  KN-86: the shot
    kills him, with no Encounter and no Evasion roll (GEN-08, TH-37); she gains his Loot
    Drop Grit; Daring and Eagle-Eyed are met."""
    tiles = [entrance(), dark((1, 0), "T01"), lit((2, 0), "T02", rot=1), lit((3, 0), "T25"), lit((4, 0), "T29"),
             lit((5, 0), "T30"), lit((6, 0), "T22"), dark((1, 1), "T05")]
    g = game(KT, "knight", tiles, {"knight": [0, 0], "thief": list(spot)},
             thief={"upgrades": ["unnatural_evasion"], "loot_drop": 2},
             knight={"cubes_free": 4, "treasures": ["enchanted_bow"], "sidequests": ["daring", "eagle_eyed"]})
    rolls = g.script_dice("action", 6, then="repeat").rolled
    choose(g, "cube:treasure:enchanted_bow", "cube:perception", "cube:perception")
    assert "thief:bow" not in ids(g)                                    # Perception 3, Stealth 3
    choose(g, "cube:perception")
    assert ("thief:bow" in ids(g)) == in_line
    if not in_line:
        return
    choose(g, "thief:bow")
    assert where(g) is None and T(g).dead and not rolls and K(g).encounters_used == 0 and K(g).grit == 2
    assert {"sidequest:daring", "sidequest:eagle_eyed"} <= set(ids(g))


@pytest.mark.parametrize(("stealth_token", "targets"), [("3", True), ("2", False)])
def test_KN_14_her_perception_cube_still_counts_on_the_thiefs_turn(stealth_token: str, targets: bool) -> None:
    """KN-14 [EXAMPLE], TH-32: a cube she put on Perception on her turn still gives her
    Perception 2 on the Thief's turn: Stealth 3 may target her, Stealth 2 may not."""
    g = game(KT, "knight", ROW, {"knight": [0, 0]}, knight={"cubes_free": 2})
    choose(g, "cube:perception", "end:")
    until(g, "thief_stats")
    choose(g, {"3": "assign:4-3-2", "2": "assign:4-2-3"}[stealth_token])
    assert thief_mod.perception_of(g, "knight") == 2 and where(g) == (0, 0)
    assert ("backstab:knight:1" in ids(g)) == targets


@pytest.mark.parametrize("house", [(), ("elven_sword_perception_own_turn",)])
def test_AMB_39_elven_sword_perception_against_the_thief(house: tuple[str, ...]) -> None:
    """AMB-39 (unresolved): by default the Elven Sword's +1 Perception always counts, so
    on the Thief's turn her Perception is 2 and his Stealth 2 cannot target her; with the
    house rule ``elven_sword_perception_own_turn`` it counts only on her turn (Perception
    1), and he can."""
    g = game(KT, "knight", ROW, {"knight": [0, 0]}, house=house,
             knight={"cubes_free": 2, "treasures": ["elven_sword"]})
    choose(g, "cube:treasure:elven_sword")
    assert "Encounters 0/2" in g.pending.prompt                        # on her turn: +1 either way
    choose(g, "end:")
    until(g, "thief_stats")
    choose(g, "assign:4-2-3")
    assert ("backstab:knight:1" in ids(g)) == bool(house)


# ================================================================ the Goblins
@pytest.mark.parametrize("how", ["move", "lurker"])
def test_GB_74_a_tribe_may_always_enter_the_thiefs_tile(how: str) -> None:
    """GB-74: a Tribe may always enter the Thief's tile (a revealed one moving, a lurking
    one stepping on), and entering prompts no attack: he stays, unharmed."""
    pieces: dict[str, Any] = {"thief": [2, 0]}
    gob: dict[str, Any] = {}
    if how == "move":
        pieces["tribe:fangs"] = [1, 0]
    else:
        gob["lurking"] = {"fangs": [2, 1]}
    g = game(("goblins", "thief"), "goblins", ROW, pieces, goblins=gob)
    activation(g, fangs=1)
    choose(g, "activate:fangs")
    step = "move:2,0" if how == "move" else "step:2,0"
    choose(g, step)
    assert g.state.board.pieces["tribe:fangs"] == (2, 0) and where(g) == (2, 0) and not T(g).dead


@pytest.mark.parametrize(("fangs", "ruby", "trap", "offered"), [
    (2, False, False, False),        # Perception 3 is not above Stealth 3
    (3, False, False, True),         # Perception 4 is
    (3, True, False, False),         # the Goblin Ruby: −1 Perception
    (2, False, True, False),         # Trap adds nothing to the Tribe's own Attack (GB-55 is the Thief's check)
])
def test_GB_12_GB_71_a_tribe_attacks_the_thief_only_with_perception_above_stealth(
        fangs: int, ruby: bool, trap: bool, offered: bool) -> None:
    """GB-12: a Tribe's Perception is its Population + 1 (Goblin Ruby −1); GB-71/74,
    TH-30: it may Attack the Thief on its tile only with Perception above his Stealth."""
    face_up = (["goblin_ruby"] if ruby else []) + (["trap"] if trap else [])
    g = game(("goblins", "thief"), "goblins", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]},
             goblins={"face_up": face_up})
    activation(g, fangs=fangs)
    choose(g, "activate:fangs")
    assert ("attack:thief" in ids(g)) == offered


@pytest.mark.parametrize("bonus", ["rage", "secrets"])
def test_GB_75_GB_94_GB_18_a_tribe_kills_the_thief(bonus: str) -> None:
    """GB-75: the attack kills him; Rage falls by 1 and the Tribe does not scatter; then
    GB-94 the Goblins choose his Loot Drop bonus (Level 2): 2 Secrets, or GB-18 2 Rage —
    taken after the −1, so from Rage 3 the Rage bonus ends at the cap 3 again."""
    g = game(("goblins", "thief"), "goblins", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]},
             thief={"loot_drop": 2})
    activation(g, rage=3, fangs=3)
    hand = len(g.state.goblins.hand)
    choose(g, "activate:fangs", "attack:thief")
    assert where(g) is None and T(g).dead and rage(g) == 2
    assert g.pending.kind == "thief_bonus" and g.pending.role == "goblins"
    choose(g, f"bonus:{bonus}")
    assert g.state.board.pieces["tribe:fangs"] == (1, 0) and pop(g, "fangs") == 3
    assert (rage(g), len(g.state.goblins.hand)) == ((3, hand) if bonus == "rage" else (2, hand + 2))


def test_fire_bomber_burns_out_on_the_thief_too() -> None:
    """Fire Bomber (COMPONENT_DATA: "if it attacks, its Population becomes 0"): any attack,
    the Thief's as well as the Knight's; at 0 the Tribe then scatters (GB-68)."""
    g = game(("goblins", "thief"), "goblins", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]})
    activation(g, fangs=3)
    g.state.goblins.fire_bomber = "fangs"
    choose(g, "activate:fangs", "attack:thief")
    assert T(g).dead and pop(g, "fangs") == 0 and "tribe:fangs" not in g.state.board.pieces

def test_Hex_on_the_thief_lowers_stealth_until_the_goblins_next_turn() -> None:
    """Hex (COMPONENT_DATA, GB-58): X = the Eye Population; the Thief has X less Stealth
    until the Goblins' next turn — enough here for the Fangs (Perception 2) to target him
    (Stealth 3 − 2 = 1).  Not an attack (GEN-08): no Evasion roll (TH-37).  It still holds
    on his own turn and wears off when the Goblins' next turn starts."""
    g = game(("goblins", "thief"), "goblins", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]},
             goblins={"hand": ["hex"]}, thief={"upgrades": ["unnatural_evasion"]})
    rolls = g.script_dice("action", 6, then="repeat").rolled
    activation(g, fangs=1, eye=2)
    choose(g, "activate:fangs")
    assert "attack:thief" not in ids(g)
    choose(g, "secret:hex", "hex:thief")
    assert stealth(g) == 1 and "attack:thief" in ids(g) and not rolls
    choose(g, "done:", "end:")
    drive_until(g, "thief_stats")
    choose(g, "assign:2-3-4")
    assert stealth(g) == 1
    choose(g, "end:")
    drive_until(g, "war_card")
    assert T(g).hex_stealth == 0 and stealth(g) == 3


@pytest.mark.parametrize("trap", [False, True])
def test_GB_55_trap_raises_a_tribes_perception_against_the_thief(trap: bool) -> None:
    """GB-55 [FAQ]: the Thief's Stealth must exceed the Tribe's Population + 1 + Trap to
    Pickpocket or Backstab it: Stealth 3 beats a Population-1 Tribe (2), not with Trap (3)."""
    g = game(("goblins", "thief"), "thief", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"] if trap else []})
    choose(g, "assign:2-3-4")
    assert ("backstab:tribe:fangs:1" in ids(g)) != trap



def test_GB_55_the_thiefs_attack_springs_the_trap() -> None:
    """GB-55 with COMPONENT_DATA's Trap ("when a Tribe is attacked it gets +1 Strength and
    +1 Perception, then discard"): Stealth 4 beats Population 1 + 1 + Trap; his Backstab is
    an attack on the Tribe, so the face-up Trap is discarded."""
    g = game(("goblins", "thief"), "thief", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"]})
    choose(g, "assign:2-4-3")
    assert "trap" in g.state.goblins.face_up
    choose(g, "backstab:tribe:fangs:1")
    assert "trap" not in g.state.goblins.face_up and "trap" in g.state.goblins.secrets_discard

def test_COL_20_cave_in_spares_the_thiefs_tile() -> None:
    """COL-20: Cave-In may not remove a tile holding another player — the Thief's too."""
    g = game(("goblins", "thief"), "goblins", ROW, {"thief": [2, 0]}, goblins={"hand": ["cave_in"]})
    activation(g, eye=2)
    choose(g, "secret:cave_in")
    assert "remove:2,0" not in ids(g) and "remove:3,0" in ids(g)


@pytest.mark.parametrize("house", [(), ("reveal_onto_occupied_tiles",)])
def test_AMB_42_a_tribe_revealed_onto_the_thiefs_dark_tile(house: tuple[str, ...]) -> None:
    """AMB-42 (unresolved): by default a Tribe is not revealed onto a Dark tile holding the
    Thief; the house rule ``reveal_onto_occupied_tiles`` allows it."""
    tiles = ROW + [dark((1, 1), "T01"), dark((0, 1), "T37")]
    g = game(("goblins", "thief"), "goblins", tiles, {"thief": [1, 1]}, house=house)
    activation(g, fangs=2)
    choose(g, "activate:fangs")
    assert ("reveal:1,1" in ids(g)) == bool(house) and "reveal:0,1" in ids(g)


# ================================================================ the Dragon
@pytest.mark.parametrize("face", [SIDE, CORNERS])
def test_DR_23_DR_24_DR_46_claw_kills_the_thief_and_draws_cards(face: int) -> None:
    """DR-24: on the tiles the Claw's die affects the Thief is killed, whatever his Stealth
    (DR-23: Stealth 5 here); DR-46: the Dragon draws Power cards equal to his Loot Drop
    Level (2).  Off the affected tiles (the corners) he is untouched."""
    g = game(("dragon", "thief"), "dragon", ROW, {"dragon": [1, 0], "thief": [2, 0]},
             dragon={"hand": ["claw"]}, thief={"loot_drop": 2, "upgrades": ["plus_stealth"],
                                               "assignment": {"movement": 0, "stealth": 2, "thievery": 1}})
    g.script_dice("dragon", face, then="fail")
    assert stealth(g) == 5
    choose(g, "power:claw")
    hit = face == SIDE
    assert (where(g) is None) == hit and T(g).dead == hit
    assert len(g.state.dragon.hand) == (2 if hit else 0)


def test_DR_34_scratch_kills_the_thief_on_the_dragons_tile() -> None:
    """DR-34: Scratch may target the Thief on the Dragon's tile: he is killed and the
    Dragon draws his Loot Drop Level in Power cards (DR-46)."""
    g = game(("dragon", "thief"), "dragon", ROW, {"dragon": [1, 0], "thief": [1, 0]},
             dragon={"hand": ["claw", "claw", "claw"]}, thief={"loot_drop": 3})
    choose(g, "power:scratch")
    assert "scratch:thief" in ids(g)
    choose(g, "scratch:thief")
    assert where(g) is None and T(g).dead and len(g.state.dragon.hand) == 3


@pytest.mark.parametrize("who", ["claw", "scratch", "tribe"])
@pytest.mark.parametrize("face", [4, 3])
def test_GEN_07_TH_37_claw_scratch_and_tribe_attacks_meet_unnatural_evasion(who: str, face: int) -> None:
    """GEN-07, TH-37 [FAQ]: Claw, Scratch and a Goblin Attack are attacks, so Unnatural
    Evasion rolls: on 4+ the attack fails (no kill, no bonus, no Rage change), on 3 he
    dies."""
    evade = {"upgrades": ["unnatural_evasion"], "loot_drop": 1}
    if who == "tribe":
        g = game(("goblins", "thief"), "goblins", ROW, {"tribe:fangs": [1, 0], "thief": [1, 0]}, thief=evade)
        rolls = g.script_dice("action", face, then="repeat").rolled
        activation(g, rage=2, fangs=3)
        choose(g, "activate:fangs", "attack:thief")
    else:
        g = game(("dragon", "thief"), "dragon", ROW, {"dragon": [1, 0], "thief": [2 if who == "claw" else 1, 0]},
                 dragon={"hand": ["claw"] * 3}, thief=evade)
        rolls = g.script_dice("action", face, then="repeat").rolled
        g.script_dice("dragon", SIDE, then="fail")
        choose(g, f"power:{who}")
        if who == "scratch":
            choose(g, "scratch:thief")
    assert len(rolls) == 1
    if face == 4:
        choose(g, "stay:")
        assert where(g) is not None and not T(g).dead
        if who == "tribe":
            assert rage(g) == 2 and g.pending.kind != "thief_bonus"
        else:
            assert len(g.state.dragon.hand) == (2 if who == "claw" else 0)
    else:
        assert where(g) is None and T(g).dead


def test_DR_35_AMB_37_flame_wall_spares_him_until_he_enters_it() -> None:
    """DR-35 [FAQ]: a Flame Wall set on the Thief's tile does him no harm; entering one
    (DR-23: whatever his Stealth) kills him, dropping what he carries; AMB-37
    (unresolved): no Loot Drop bonus for the Dragon — only Claw and Scratch pay (DR-46)."""
    g = game(("dragon", "thief"), "dragon", ROW, {"dragon": [1, 0], "thief": [2, 0]},
             dragon={"hand": ["flame", "flame", "flame"]}, thief={"carried": ["treasure"]})
    choose(g, "power:flame_wall", "flamewall:2,0")
    assert where(g) == (2, 0) and not T(g).dead
    choose(g, "end:")
    drive_until(g, "thief_stats")
    hand = len(g.state.dragon.hand)
    choose(g, "assign:2-3-4", "move:3,0", "move:2,0")
    assert where(g) is None and T(g).dead and g.state.board.tokens_at((2, 0))["treasure"] == 1
    after = kinds(g)[kinds(g).index("thief_killed"):]
    assert len(g.state.dragon.hand) == hand and "dragon_draw" not in after


def test_DR_39_AMB_17_a_flame_wall_on_the_entrance_stops_the_stash() -> None:
    """DR-39, AMB-17 [FAQ]: entering the Entrance with a Flame Wall on it, he is killed
    before stashing; what he carried is dropped there."""
    g = game(("dragon", "thief"), "thief", ROW, {"dragon": [3, 0], "thief": [1, 0]},
             thief={"carried": ["treasure", "treasure"]}, tokens={"0,0": {"flamewall": 1}})
    choose(g, "assign:2-3-4", "move:0,0")
    assert where(g) is None and T(g).dead and stashed(g) == 0 and T(g).carried == []
    assert g.state.board.tokens_at((0, 0))["treasure"] == 2


def test_DR_39_respawning_on_a_flame_walled_entrance_is_harmless() -> None:
    """DR-39 [FAQ]: a Thief who comes back on the Entrance at the start of his turn, with a
    Flame Wall there, is unharmed (thief.start_turn)."""
    g = game(("dragon", "thief"), "thief", ROW, {"dragon": [3, 0]}, tokens={"0,0": {"flamewall": 1}},
             thief={"dead": True})
    assert where(g) == (0, 0) and not T(g).dead and g.pending.kind == "thief_stats"


@pytest.mark.parametrize("house", [(), ("thief_strikes_entering_dragon",)])
def test_AMB_28_the_surfaced_dragon_enters_the_thiefs_tile(house: tuple[str, ...]) -> None:
    """AMB-28 (unresolved): a surfaced Dragon entering the Thief's tile prompts no attack
    either way by default (the Thief's attacks are chosen actions); with the house rule
    ``thief_strikes_entering_dragon`` the Thief, Stealth 4 above Armor 3 (2, Ash Dragon +1), may answer with a
    Light Backstab: the Dragon discards 1 Power card."""
    g = game(("dragon", "thief"), "dragon", ROW, {"dragon": [1, 0], "thief": [2, 0]}, house=house,
             dragon={"hand": ["claw", "claw", "claw"], "surfaced": True, "awake": True, "wakefulness": 4},
             thief={"assignment": {"movement": 0, "stealth": 2, "thievery": 1}})
    choose(g, "move:2,0")
    if house:
        assert g.pending.kind == "thief_strike_dragon" and g.pending.role == "thief"
        choose(g, "backstab:")
    assert g.pending.kind == "dragon_turn" and where(g) == (2, 0) and not T(g).dead
    assert len(g.state.dragon.hand) == (2 if house else 3)


WRATH_TILES = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((1, 1), "T20"), lit((2, 1), "T22"),
               lit((0, 1), "T31"), lit((-1, 0), "T32"), lit((-2, 0), "T30")]


def _wrath(thief_at: tuple[int, int], house: tuple[str, ...] = ()) -> tuple[Game, list[str]]:
    g = game(("dragon", "cave", "thief"), "dragon", WRATH_TILES, {"dragon": [1, 0], "thief": list(thief_at)},
             house=house, dragon={"hand": ["claw"] * 4})
    g.script_dice("dragon", 3, then="fail")                # plus: the centre and the 4 sides
    choose(g, "power:wrath")
    prompts = []
    while g.pending.kind != "dragon_turn":
        prompts.append(g.pending.prompt)
        choose(g, ids(g)[0])
    return g, prompts


def test_FM_01_FM_09_wrath_forces_the_thief_off_a_falling_tile() -> None:
    """DR-37, FM-01/13: the Thief on a tile Wrath brings down is moved off it by Forced
    Movement, onto a tile (FM-04) and not onto another player's (FM-09)."""
    g, _ = _wrath((2, 0))
    moves = [e for e in g.events if e.kind == "forced_move" and e.data.get("piece") == "thief"]
    assert moves and where(g) in g.state.board.tiles and not T(g).dead
    assert where(g) not in (g.state.board.pieces.get("dragon"),)


@pytest.mark.parametrize("house", [(), ("wrath_moves_every_piece",)])
def test_AMB_34_wrath_moves_the_thief_off_affected_tiles_only(house: tuple[str, ...]) -> None:
    """AMB-34 (unresolved): by default Wrath moves only pieces on affected tiles; with the
    house rule ``wrath_moves_every_piece`` the Thief elsewhere also moves to an adjacent
    space, like the Knight."""
    g, prompts = _wrath((-2, 0), house)
    assert (where(g) != (-2, 0)) == bool(house)
    assert any(p.startswith("Wrath: move the Thief") for p in prompts) == bool(house)


# ================================================================ the Cave
@pytest.mark.parametrize("lose", ["flip_3_to_4", "plus_stealth"])
def test_CV_24_CV_32_TH_51_CV_44_spores_on_the_thief(lose: str) -> None:
    """CV-24: Soporific Spores makes the Thief lose an upgrade, which he chooses (the target
    chooses); its effect ends at once and TH-51/CV-32 its token is set aside and still
    counts (6 stashed before and after).  CV-44: the Cave targets him whatever his Stealth.
    GEN-08: not an attack, no Evasion roll.  Flips build on each other (TH-54), so only the
    last Flip held may go, and that space can be filled again."""
    ups = ["sticky_fingers", "unnatural_evasion", "flip_2_to_3", "flip_3_to_4", "plus_stealth", "plus_movement"]
    g = game(("cave", "thief"), "cave", ROW, {"thief": [2, 0]}, cave={"omens": {"quartz": 3}},
             thief={"upgrades": ups, "flipped": [True, True, False],
                    "assignment": {"movement": 0, "stealth": 1, "thievery": 2}})
    rolls = g.script_dice("action", 6, then="repeat").rolled
    assert stealth(g) == 5 and stashed(g) == 6
    choose(g, "omen:soporific_spores", "spores:thief")
    assert g.pending.role == "thief" and g.pending.kind == "thief_spores"
    offered = {i.split(":", 1)[1] for i in ids(g)}
    assert offered == set(ups) - {"flip_2_to_3"}
    choose(g, f"upgrade:{lose}")
    assert lose not in T(g).upgrades and T(g).set_aside == 1 and stashed(g) == 6 and not rolls
    if lose == "flip_3_to_4":
        assert T(g).flipped == [True, False, False] and stealth(g) == 4     # the 3 token shows 3 again, +1
        assert "upgrade:flip_3_to_4" in {o.id for o in upgrade_options(g)}
    else:
        assert stealth(g) == 4 and T(g).flipped == [True, True, False]


@pytest.mark.parametrize("carried", [0, 2])
def test_CV_13_carried_treasure_counts_for_omens(carried: int) -> None:
    """CV-13, TH-44: Treasure tokens the Thief carries still count when the Cave collects
    Omen tokens (1 on the map + 2 carried = 3)."""
    g = game(("cave", "thief"), "cave", ROW, {"thief": [2, 0]}, tokens={"1,0": {"treasure": 1}},
             omen_bag={"bat": 20}, thief={"carried": ["treasure"] * carried})
    assert sum(g.state.cave.omens.values()) == g.rules.omens_for(1 + carried)
    assert g.rules.omens_for(3) != g.rules.omens_for(1)


# ================================================================ general
@pytest.mark.parametrize("block", ["none", "wall", "knight"])
def test_FM_09_COL_16_the_collapse_cannot_push_him_through_walls_or_onto_players(block: str) -> None:
    """FM-09: the Thief cannot be forced through a wall or onto another player's space;
    COL-16: a tile he cannot leave is not removed.  His only way off (2,0) is west: a wall
    there (T02 turned) or the Knight on (1,0) keeps the tile on the map."""
    tile2 = lit((2, 0), "T02", rot=1) if block == "wall" else lit((2, 0), "T25")
    knight_at = [1, 0] if block == "knight" else [-1, 0]
    g = game(("knight", "cave", "thief"), "cave", [entrance(), lit((1, 0), "T22"), tile2, lit((-1, 0), "T30")],
             {"thief": [2, 0], "knight": knight_at}, collapse=True)
    assert ("remove:2,0" in ids(g)) == (block == "none")


@pytest.mark.parametrize("dest", ["flamewall", "entrance"])
def test_FM_15_entering_effects_apply_when_the_collapse_moves_him(dest: str) -> None:
    """FM-15 [FAQ]: entering effects apply to a forced move: pushed off a collapsing tile
    onto a Flame Wall he dies (DR-35, no one's bonus); onto the Entrance he stashes what he
    carries (TH-39), choosing its upgrade."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")] if dest == "flamewall" else [entrance(), lit((1, 0), "T22")]
    at = [2, 0] if dest == "flamewall" else [1, 0]
    g = game(("cave", "thief"), "cave", tiles, {"thief": at}, collapse=True, thief={"carried": ["treasure"]},
             tokens={"1,0": {"flamewall": 1}} if dest == "flamewall" else {})
    choose(g, f"remove:{at[0]},{at[1]}")
    if dest == "flamewall":
        assert where(g) is None and T(g).dead and g.state.board.tokens_at((1, 0))["treasure"] == 1
        return
    assert where(g) == (0, 0) and g.pending.kind == "thief_upgrade" and g.pending.role == "thief"
    choose(g, "upgrade:sticky_fingers")
    assert stashed(g) == 1 and T(g).carried == []


@pytest.mark.parametrize("revealer", ["thief", "knight"])
def test_MAP_33_AMB_09_an_ambush_the_thief_reveals_attacks_nobody(revealer: str) -> None:
    """MAP-33, AMB-09 [FAQ], TH-09: an Ambush tile the Thief reveals (peeking) springs no
    Ambush, neither then nor when the Knight later enters it; the Knight revealing it by
    entering does (the control)."""
    g = game(KT, "thief" if revealer == "thief" else "knight", [entrance(), dark((1, 0), "T01")],
             {"knight": [0, 0], "thief": [1, 0]})
    if revealer == "thief":
        choose(g, "assign:2-3-4", "peek:", "reveal:")
        assert g.state.board.tiles[(1, 0)].lit
        choose(g, "end:")
        drive_until(g, "knight_turn")
    choose(g, "move:1,0")
    assert K(g).ambushes_resolved == (0 if revealer == "thief" else 1)


@pytest.mark.parametrize("roles", [("knight", "cave"), ("knight", "cave", "thief")])
def test_KN_43_MAP_31_a_vault_token_only_with_the_thief(roles: tuple[str, ...]) -> None:
    """KN-43, MAP-31: a revealed Vault tile gets a Vault token only in games with the Thief."""
    g = game(roles, "knight", [entrance(), dark((1, 0), "T48")], {"knight": [0, 0]})
    choose(g, "move:1,0")
    drive_until(g, "knight_turn")
    assert g.state.board.tokens_at((1, 0))["vault"] == (1 if "thief" in roles else 0)
