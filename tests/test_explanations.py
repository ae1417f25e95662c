"""Issue 6, explanations: the engine says why a click is not legal (teaching.why_not), with
the numbers that decide it, and every option target has a tooltip (describe) read from the
PlayerView alone.

The rule tests build the exact position with load_scenario and name the checklist id of the
rule whose failing condition the sentence explains; the random games check every option
target's tooltip and that the reasons for the covered decisions are specific."""
from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import choose
from explain_sampling import ROLE_SETS as ROLES_FOR_CLICKS
from explain_sampling import sample_clicks

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import explain_click, is_fallback, why_not, why_not_reason
from vast_desktop.engine.geometry import fmt_pos
from vast_desktop.engine.map.board import edge_blocked
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.dragon.state import armor
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.roles.thief.state import stealth
from vast_desktop.teach.describe import describe

ENTRANCE = {"pos": [0, 0], "tile": "entrance", "lit": True}
NO_POP = {"fangs": 0, "bones": 0, "eye": 0}


def lit(x: int, y: int, tile: str, rot: int = 0) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": True, "rot": rot}


def dark(x: int, y: int, tile: str) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": False}


ROW = [ENTRANCE, lit(1, 0, "T22"), lit(2, 0, "T25"), lit(3, 0, "T29")]
WALLED = [ENTRANCE, lit(1, 0, "T02", rot=1), lit(2, 0, "T25")]     # T02 turned: walls west and east of 1,0


def game(roles: tuple[str, ...], active: str, **data: Any) -> Game:
    scen: dict[str, Any] = {"setup": {"roles": list(roles), "seed": 3}, "active": active, "tiles": ROW, **data}
    if "cave" in roles:
        scen.setdefault("omen_bag", {})
    if "goblins" in roles:
        scen["goblins"] = {"rage": 1, "war_deck": ["pain"], "population": dict(NO_POP), **scen.get("goblins", {})}
    if "dragon" in roles:
        scen["dragon"] = {"placed": True, **scen.get("dragon", {})}
    return load_scenario(scen)


def thief_turn(stats: str = "4-3-2", **data: Any) -> Game:
    g = game(("knight", "cave", "thief"), "thief", **data)
    choose(g, f"assign:{stats}")
    assert g.pending is not None and g.pending.kind == "thief_turn"
    return g


# ------------------------------------------------------------------ the Knight
def test_KN_56_knight_strength_must_beat_the_tribes() -> None:
    """KN-56: she enters a revealed Tribe's tile only with Strength greater than its Strength;
    the reason names both numbers, on the space and on the Tribe's piece alike."""
    g = game(("knight", "goblins"), "knight", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    assert g.pending is not None and "move:1,0" not in g.pending.ids
    mine, theirs = kb.strength(g), gb.tribe_strength(g, "fangs")
    assert (mine, theirs) == (1, 3)
    for target in ((1, 0), Target("piece", "tribe:fangs")):
        reason = why_not(g, "knight", target)
        assert reason == "Your Strength 1 must be greater than the Fangs Tribe's Strength 3."


def test_KN_56_a_click_gives_the_reason_with_its_rule_for_the_rule_link() -> None:
    """KN-56 (issue 25, item 2): a click on the stronger Tribe's space and piece gives the
    step check's Reason; its rule id opens the reference section citing KN-56."""
    from vast_desktop.engine.explain.why_not import explain_click_reason
    from vast_desktop.teach.reference import load_reference

    g = game(("knight", "goblins"), "knight", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    reason = explain_click_reason(g, "knight", [Target("piece", "tribe:fangs"), Target("space", "1,0")])
    assert reason == Reason("Your Strength 1 must be greater than the Fangs Tribe's Strength 3.", "KN-56")
    section = load_reference().for_rule(reason.rule)
    assert section is not None and "KN-56" in section.checklist


def test_MAP_03_KN_20_knight_too_far() -> None:
    """MAP-03, KN-20: one space at a time; the reason says how far and how much Movement is left."""
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]})
    reason = why_not_reason(g, "knight", (3, 0))
    assert reason is not None and "3,0 is 3 spaces" in reason.text and "1 Movement left" in reason.text
    assert reason.rule == "MAP-03" and "MAP-03" not in reason.text       # the id is the Rule link, not in the words


def test_KN_23_knight_wall_in_the_way() -> None:
    """KN-23/KN-70: a wall stops her unless a Hero cube is on the Ancient Map."""
    g = game(("knight", "cave"), "knight", tiles=WALLED, pieces={"knight": [0, 0]})
    assert edge_blocked(g, (0, 0), (1, 0))
    assert why_not_reason(g, "knight", (1, 0)) == Reason(
        "A wall is in the way; put a Hero cube on the Ancient Map to pass one.", "KN-23")


def test_KN_60_TH_30_knight_perception_must_beat_the_thiefs_stealth() -> None:
    """KN-60, TH-30: she attacks the Thief only with Perception greater than his Stealth."""
    g = game(("knight", "thief"), "knight", pieces={"knight": [1, 0], "thief": [1, 0]},
             thief={"assignment": {"movement": 0, "stealth": 2, "thievery": 1}})
    assert (kb.perception(g), stealth(g)) == (1, 4)
    assert why_not_reason(g, "knight", Target("piece", "thief")) == Reason(
        "Your Perception 1 must be greater than the Thief's Stealth 4 to attack him.", "KN-60")


def test_KN_49_knight_strength_against_the_surfaced_dragons_armor() -> None:
    """KN-49 (with KN-46): attacking the surfaced Dragon needs Strength at least his Armor."""
    g = game(("knight", "dragon"), "knight", pieces={"knight": [1, 0], "dragon": [1, 0]},
             dragon={"surfaced": True, "awake": True, "wakefulness": 4})
    assert (kb.strength(g), armor(g)) == (1, 2)
    assert why_not_reason(g, "knight", Target("piece", "dragon")) == Reason(
        "Your Strength 1 must be at least the Dragon's Armor 2 to attack him.", "KN-49")


def test_KN_25_a_token_on_another_tile_cannot_be_collected() -> None:
    """KN-25: everything she attacks or collects must be on her own tile."""
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, tokens={"2,0": {"treasure": 1}})
    reason = why_not_reason(g, "knight", Target("piece", "treasure@2,0"))
    assert reason is not None and "Treasure token is at 2,0 and you are at 0,0" in reason.text and reason.rule == "KN-25"


def test_only_the_deciding_role_chooses() -> None:
    """ARCHITECTURE §3: one decision is pending, for one role; anyone else is told who decides and what."""
    g = game(("knight", "goblins"), "knight", pieces={"knight": [0, 0]})
    reason = why_not(g, "goblins", (1, 0))
    assert reason is not None and reason.startswith("It is not your decision now: the Knight is deciding")


# ------------------------------------------------------------------ the Thief
def test_TH_10_TH_32_thief_stealth_must_beat_the_knights_perception() -> None:
    """TH-10, TH-32: his Stealth must beat the Knight's Perception."""
    g = thief_turn(pieces={"knight": [1, 0], "thief": [1, 0]}, knight={"track": {"perception": 3}})
    assert (stealth(g), kb.perception(g)) == (3, 4)
    reason = why_not_reason(g, "thief", Target("piece", "knight"))
    assert reason == Reason("Your Stealth 3 must be greater than the Knight's Perception 4.", "TH-32")


def test_TH_11_each_piece_targeted_once_a_turn() -> None:
    """TH-11: each other piece is Pickpocketed or Backstabbed only once per turn."""
    g = thief_turn(pieces={"knight": [1, 0], "thief": [1, 0]})
    assert why_not(g, "thief", Target("piece", "knight")) is None
    choose(g, "backstab:knight:1")
    reason = why_not_reason(g, "thief", Target("piece", "knight"))
    assert reason == Reason("You have already targeted the Knight this turn: each piece only once.", "TH-11")


def test_TH_07_no_action_cubes_left() -> None:
    """TH-06/07: every action costs Action cubes; with none left he may still move, not act."""
    g = thief_turn(pieces={"knight": [1, 0], "thief": [1, 0]}, tokens={"1,0": {"treasure": 2}})
    choose(g, "loot:treasure", "loot:treasure")                 # Thievery 2: both cubes spent
    reason = why_not_reason(g, "thief", Target("piece", "knight"))
    assert reason == Reason("You have no Action cubes left: every action costs at least one.", "TH-06")


def test_TH_13_a_token_the_thief_cannot_loot() -> None:
    """TH-13: a Treasure token is looted on his own space for 1 Action cube."""
    g = thief_turn(pieces={"knight": [3, 0], "thief": [1, 0]}, tokens={"1,0": {"treasure": 1}, "2,0": {"treasure": 1}})
    assert why_not_reason(g, "thief", Target("piece", "treasure@2,0")) == Reason(
        "The Treasure token at 2,0 is not on your space: you loot only there.", "TH-13")
    g2 = thief_turn(pieces={"knight": [3, 0], "thief": [1, 0]}, tokens={"1,0": {"treasure": 3}})
    choose(g2, "loot:treasure", "loot:treasure")                # Thievery 2: both cubes spent
    assert why_not_reason(g2, "thief", Target("piece", "treasure@1,0")) == Reason(
        "Looting the Treasure token costs 1 Action cube and you have 0.", "TH-13")
    assert why_not_reason(g2, "thief", (1, 0)) == Reason(
        "Looting the Treasure token costs 1 Action cube and you have 0.", "TH-13")


def test_TH_08_TH_15_thief_climb_needs_cubes() -> None:
    """TH-08/15: a wall is crossed only by Climbing (2 Action cubes); the reason counts his cubes."""
    g = thief_turn(stats="4-3-2", tiles=WALLED, pieces={"knight": [2, 0], "thief": [0, 0]},
                   tokens={"0,0": {"treasure": 1}})
    choose(g, "loot:treasure")                                   # 1 cube left, Climb costs 2
    reason = why_not_reason(g, "thief", (1, 0))
    assert reason == Reason("A wall is in the way: Climbing through it costs 2 Action cubes and you have 1.", "TH-15")


# ------------------------------------------------------------------ the Goblins
def goblins_activating(**data: Any) -> Game:
    g = game(("knight", "goblins"), "goblins", **data)
    for _ in range(20):
        assert g.pending is not None
        if g.pending.kind == "goblins_turn":
            return g
        opts = g.pending.ids
        g.apply(next((o for o in opts if o in ("populate:", "skip:", "discard:")), opts[0]))
    raise AssertionError("no Activate Tribes decision")


def test_GB_59_a_tribe_is_activated_once_a_turn() -> None:
    """GB-59: each Tribe may be activated once per turn."""
    g = goblins_activating(pieces={"knight": [3, 0], "tribe:fangs": [1, 0]},
                           goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}})
    choose(g, "activate:fangs", "done:")
    assert g.pending is not None and g.pending.kind == "goblins_turn"
    reason = why_not_reason(g, "goblins", Target("piece", "tribe:fangs"))
    assert reason == Reason("The Fangs Tribe has already been activated this turn: each Tribe once.", "GB-59")


def test_GB_72_tribe_strength_must_beat_the_knights() -> None:
    """GB-72: a Tribe enters the Knight's tile only with Strength greater than hers."""
    g = goblins_activating(pieces={"knight": [2, 0], "tribe:eye": [1, 0]}, knight={"track": {"strength": 2}},
                           goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}})
    choose(g, "activate:eye")
    assert g.pending is not None and g.pending.kind == "tribe_activation" and "move:2,0" not in g.pending.ids
    ts, ks = gb.tribe_strength(g, "eye"), kb.strength(g)
    expected = f"The Eye Tribe's Strength {ts} must be greater than the Knight's Strength {ks} to enter her tile."
    assert ks >= ts and why_not_reason(g, "goblins", (2, 0)) == Reason(expected, "GB-72")
    assert why_not(g, "goblins", Target("piece", "knight")) == expected


def test_GB_74_TH_30_tribe_perception_must_beat_the_thiefs_stealth() -> None:
    """GB-74, TH-30: a Tribe attacks the Thief on its tile only with Perception above his Stealth."""
    g = game(("goblins", "thief"), "goblins", pieces={"thief": [1, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
             thief={"assignment": {"movement": 0, "stealth": 2, "thievery": 1}})
    for _ in range(20):
        if g.pending is not None and g.pending.kind == "goblins_turn":
            break
        assert g.pending is not None
        opts = g.pending.ids
        g.apply(next((o for o in opts if o in ("populate:", "skip:", "discard:")), opts[0]))
    choose(g, "activate:fangs")
    p, s = gb.tribe_perception(g, "fangs"), stealth(g)
    assert p <= s
    assert why_not_reason(g, "goblins", Target("piece", "thief")) == Reason(
        f"The Fangs Tribe's Perception {p} must be greater than the Thief's Stealth {s} to attack him.", "GB-74")


# ------------------------------------------------------------------ the Dragon
def test_DR_12_surfaced_dragon_no_dark_tile() -> None:
    """DR-12: on the surface he cannot enter a Dark tile."""
    tiles = [ENTRANCE, lit(1, 0, "T01"), dark(1, 1, "T03")]
    g = game(("knight", "dragon"), "dragon", tiles=tiles, pieces={"knight": [0, 0], "dragon": [1, 0]},
             dragon={"surfaced": True, "awake": True})
    assert why_not_reason(g, "dragon", (1, 1)) == Reason("On the surface the Dragon cannot enter a Dark tile.", "DR-12")


def test_DR_08_free_move_too_far_and_in_line() -> None:
    """DR-08: 1 or 2 tiles in a straight line; the reason says how far."""
    tiles = [*ROW, lit(4, 0, "T30"), lit(1, 1, "T31")]
    g = game(("knight", "dragon"), "dragon", tiles=tiles, pieces={"knight": [4, 0], "dragon": [0, 0]})
    assert why_not_reason(g, "dragon", (3, 0)) == Reason("Too far: the free move goes up to 2 tiles in a straight "
                                                         "line, and 3,0 is 3 away.", "DR-08")
    assert why_not_reason(g, "dragon", (1, 1)) == Reason("The Dragon moves in a straight line: 1,1 is not in line "
                                                         "with 0,0.", "DR-08")


def test_DR_26_wing_through_a_wall_only_one_tile() -> None:
    """DR-26 (with DR-12): on the surface Wing flies 1 tile through a wall, never 2."""
    tiles = [ENTRANCE, lit(1, 0, "T22"), lit(2, 0, "T02", rot=1), lit(3, 0, "T25"), lit(4, 0, "T29")]
    g = game(("knight", "dragon"), "dragon", tiles=tiles, pieces={"knight": [4, 0], "dragon": [1, 0]},
             dragon={"surfaced": True, "awake": True, "hand": ["wing"]})
    choose(g, "power:wing")
    assert g.pending is not None and g.pending.kind == "dragon_wing" and "wing:2,0" in g.pending.ids
    assert edge_blocked(g, (2, 0), (3, 0))
    assert why_not_reason(g, "dragon", (3, 0)) == Reason("Wing takes him through a wall only on a flight of 1 tile.",
                                                         "DR-26")


def test_DR_17_a_power_he_cannot_pay_names_what_is_missing() -> None:
    """DR-17 (with DR-19/20): a power is paid with matching symbols; the reason lists his
    symbols and the missing ones."""
    g = game(("knight", "dragon"), "dragon", pieces={"knight": [3, 0], "dragon": [1, 0]},
             dragon={"hand": ["claw", "claw"]})
    have = sorted(g.state.dragon.hand)
    assert [g.card(c).name for c in have] == ["Claw", "Claw"]
    reason = why_not_reason(g, "dragon", Target("slot", "dragon.power.flame"))
    assert reason is not None and reason.rule == "DR-17"
    assert reason.text.startswith("Flame costs Flame; you have 2 Claw") and "missing 1 Flame" in reason.text


# ------------------------------------------------------------------ the Cave
def test_CV_16_an_omen_the_cave_cannot_pay() -> None:
    """CV-16: an omen is paid with any mix of its three symbols; the reason counts them."""
    g = game(("knight", "cave"), "cave", pieces={"knight": [3, 0]}, cave={"hand": ["T01", "T05", "T10"],
                                                                         "omens": {"quartz": 2}})
    reason = why_not_reason(g, "cave", Target("slot", "cave.omen.giant_bats"))
    omen = g.rules.omen("giant_bats")
    cost = omen.costs[0]
    assert reason == Reason(f"Giant Bats costs {cost} Omen token{'s' if cost != 1 else ''} of Chasm, Bat, Boulder; you "
                            "have 0 of those.", "CV-16")


def test_CV_07_a_new_tile_goes_on_an_open_space() -> None:
    """CV-07, MAP-34: a Cave tile is placed on an open space next to the map, not on a tile."""
    g = game(("knight", "cave"), "cave", pieces={"knight": [3, 0]}, cave={"hand": ["T01", "T05", "T10"]})
    reason = why_not_reason(g, "cave", (2, 0))
    assert reason == Reason("There is already a tile at 2,0: a new tile goes on an open space next to the map.", "MAP-34")


def test_CV_09_past_plunder_goes_on_a_dark_tile() -> None:
    """CV-09 (through Past Plunder, CV-22): a Treasure token goes on a Dark tile with no piece."""
    g = game(("knight", "cave"), "cave", tiles=[*ROW, dark(1, 1, "T01")], pieces={"knight": [3, 0]},
             cave={"hand": ["T05", "T10", "T13"], "omens": {"quartz": 1}})
    choose(g, "omen:past_plunder")
    assert g.pending is not None and g.pending.kind == "omen_past_plunder" and "plunder:1,1" in g.pending.ids
    assert why_not_reason(g, "cave", (1, 0)) == Reason("A Treasure token goes on a Dark tile, and this space is not one.",
                                                       "CV-09")


def test_explain_click_prefers_a_specific_reason() -> None:
    """A click on a space with a piece: the first specific reason among the targets under it."""
    g = game(("knight", "goblins"), "knight", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]},
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    reason = explain_click(g, "knight", [Target("edge", "0,0|1,0"), Target("piece", "tribe:fangs"),
                                         Target("space", "1,0")])
    assert reason == "Your Strength 1 must be greater than the Fangs Tribe's Strength 3."
    assert explain_click(g, "knight", [Target("space", "1,0"), Target("button", "end_turn")]) is None   # an option


# ------------------------------------------------------------------ tooltips
def test_tooltips_carry_the_numbers() -> None:
    """A Tribe: Population, Strength, Perception, Monster; the Knight: Health, Grit, Strength,
    Perception; the Dragon: Armor, Spirit, Health, Wakefulness; the Thief: Stealth; a tile: its
    type and walls; a token; a track slot its value."""
    g = game(("knight", "goblins", "dragon", "thief"), "knight",
             pieces={"knight": [0, 0], "tribe:bones": [1, 0], "dragon": [2, 0], "thief": [3, 0]},
             tokens={"2,0": {"crystal": 1}}, goblins={"population": {"fangs": 0, "bones": 2, "eye": 0},
                                                       "monsters": {"bones": ["ogre"]}})
    v = view(g, "knight")
    tribe = describe(v, Target("piece", "tribe:bones"))
    assert (f"Population 2 of 4. Strength {gb.tribe_strength(g, 'bones')} (" in tribe
            and f"Perception {gb.tribe_perception(g, 'bones')} (" in tribe and "Monsters: Ogre" in tribe)
    knight = describe(v, Target("piece", "knight"))
    k = g.state.knight
    assert f"Health {k.health}/{k.max_health}, Grit {k.grit}" in knight and "Strength 1, Perception 1" in knight
    dragon = describe(v, Target("piece", "dragon"))
    assert f"Armor {armor(g)}" in dragon and "Wakefulness" in dragon and "Spirit" in dragon and "Health" in dragon
    assert f"Stealth {stealth(g)}" in describe(v, Target("piece", "thief"))
    assert describe(v, Target("space", "1,0")).startswith("Lit Event tile at 1,0: no walls")
    assert "Crystal token at 2,0" in describe(v, Target("piece", "crystal@2,0"))
    assert "Strength track: now 1" in describe(v, Target("slot", "knight.strength"))


def test_GEN_01_GEN_03_a_dark_tiles_type_stays_hidden_from_all_but_the_cave() -> None:
    """GEN-01/03: a Dark tile's tooltip names only its Tribe symbol, except for the Cave."""
    g = game(("knight", "cave"), "knight", tiles=[*ROW, dark(1, 1, "T31")], pieces={"knight": [0, 0]},
             cave={"hand": ["T37"]})
    assert "Treasure" not in describe(view(g, "knight"), Target("space", "1,1"))
    assert "Treasure" in describe(view(g, "cave"), Target("space", "1,1"))
    # a tile in the Cave's hand (GEN-01): its type only for the Cave
    assert "Crystal" in describe(view(g, "cave"), Target("hand_tile", "T37"))
    assert describe(view(g, "knight"), Target("hand_tile", "T37")) == "A Cave tile from the Cave's hand."
    # a tile not in her hand: the Cave's tooltip does not read it from the rules data either
    assert describe(view(g, "cave"), Target("hand_tile", "T36")) == "A Cave tile from the Cave's hand."


# ------------------------------------------------------------------ random games
# The decisions whose non-legal map spaces (and pieces) always get a specific reason.
COVERED = {"knight_turn", "thief_turn", "dragon_turn", "dragon_wing", "goblins_turn", "tribe_activation",
           "reveal_tribe", "cave_turn"}
SPACES_ONLY = {"omen_past_plunder", "omen_hatred", "omen_crystal_curse"}
ROLE_SETS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("knight", "cave"), ()), (("knight", "goblins", "dragon", "cave"), ()), (("thief", "knight", "goblins"), ()),
    (("dragon", "thief", "cave"), ()), (("knight", "goblins", "dragon", "cave", "thief"), ()),
    (("knight", "goblins", "dragon", "cave", "thief"), ("terrain",))]


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("roles, variants", ROLE_SETS, ids=["-".join(r + v) for r, v in ROLE_SETS])
def test_every_option_target_has_a_tooltip_and_reasons_are_specific(roles: tuple[str, ...],
                                                                     variants: tuple[str, ...], seed: int) -> None:
    """Random games: every target of every option has a non-empty tooltip for the deciding
    viewer; for a sample of targets that are not options of a covered decision (map spaces,
    pieces, the Dragon's powers, the Cave's omens; the spaces of the omens aimed at spaces),
    why_not gives a specific reason."""
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    bot = RandomBot(seed)
    pick = random.Random(seed)
    kinds_seen: set[str] = set()
    explained = 0
    while g.outcome is None and len(g.choices) < 1500:
        d = g.pending
        assert d is not None
        v = view(g, d.role)
        for o in d.options:
            for t in o.targets:
                assert describe(v, t).strip(), (d.kind, t)
                kinds_seen.add(t.kind)
        if d.kind in COVERED | SPACES_ONLY:
            legal = {(t.kind, t.ref) for o in d.options for t in o.targets}
            cands = [Target("space", fmt_pos(p)) for p in g.state.board.tiles]
            cands += [Target("piece", p) for p in g.state.board.pieces] if d.kind in COVERED else []
            cands += [Target("slot", f"dragon.power.{p.id}") for p in g.rules.dragon.powers] if d.role == "dragon" else []
            cands += [Target("slot", f"cave.omen.{o.id}") for o in g.rules.omens] if d.role == "cave" else []
            for t in pick.sample(cands, min(10, len(cands))):
                if (t.kind, t.ref) in legal:
                    continue
                reason = why_not(g, d.role, t)
                assert reason and not is_fallback(g, reason), (d.kind, t, reason)
                explained += 1
        g.apply(bot(None, d))
    assert explained > 50 and {"space", "piece"} <= kinds_seen


# ------------------------------------------------------------- every decision
@pytest.mark.parametrize("seed", [2, 7])
@pytest.mark.parametrize("roles, variants", ROLES_FOR_CLICKS, ids=["-".join(r + v) for r, v in ROLES_FOR_CLICKS])
def test_every_click_that_is_not_a_choice_gets_a_reason_for_that_target(roles: tuple[str, ...],
                                                                         variants: tuple[str, ...], seed: int) -> None:
    """Random games, every decision: a click on the kind of thing the decision asks for gets
    the rule that rules it out; a click on anything else says where the choice is made."""
    clicks = list(sample_clicks(roles, variants, seed))
    weak = [c for c in clicks if c.weak]
    assert len(clicks) > 500
    assert not weak, "\n".join(f"{c.kind}: {c.target} -> {c.reason}" for c in weak[:15])
