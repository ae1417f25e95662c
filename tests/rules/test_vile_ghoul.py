"""The Vile Ghoul's rules (checklist section 20, VG-01..15; expansion data sheet §4): its pure
rule modules — the dice chart (``engine/roles/ghoul/vile/chart.py``) and its goals and player
variants (``engine/roles/ghoul/vile/variant.py``) — and, with positions built by
``load_scenario`` (its ``vile_ghoul:`` section), its turn in play.  The chart values are read from the
rules data (provisional), never written here, so a corrected chart keeps these tests true.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import cycle
from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, load_scenario
from vast_desktop.engine.roles.ghoul import attacks
from vast_desktop.engine.roles.ghoul import turn as gt
from vast_desktop.engine.roles.ghoul.vile import chart as vc
from vast_desktop.engine.roles.ghoul.vile import turn as vt
from vast_desktop.engine.roles.ghoul.vile.state import VileGhoulState
from vast_desktop.engine.roles.ghoul.vile.variant import Gift, check_roles, seat, vile_goal
from vast_desktop.engine.setup import make_config
from vast_desktop.engine.state import ROLE_ORDER
from vast_desktop.rules_data.loader import load_rules_data

from .helpers import choose, ids
from .helpers_ghoul import ghoul_tiles

RD = load_rules_data()
VD = RD.vile_ghoul


def _prepare(c: vc.Chart, dice: int, *faces: int) -> list[int]:
    """Prepare Board with these faces rolled when the supply is empty (the engine rolls with the game's RNG)."""
    if not vc.prepare_board(c):
        return []
    it = cycle(faces)
    vc.fill_supply(c, [next(it) for _ in range(dice)])
    return list(c.supply)


# ------------------------------------------------------------------ VG-01: goals by the roles in play
def test_VG_01_hunts_the_knight_then_the_dragon_then_crystals() -> None:
    std = VD.standard_level()
    k = vile_goal(RD, ("knight", "vile_ghoul", "dragon"))
    assert (k.hunted, k.hunted_health, k.crystals) == ("knight", std.knight_health, None)
    d = vile_goal(RD, ("vile_ghoul", "dragon", "thief"))
    assert (d.hunted, d.hunted_health, d.crystals) == ("dragon", std.dragon_health, None)
    t = vile_goal(RD, ("vile_ghoul", "thief"))
    assert t.hunted is None and t.escape


def test_VG_01_with_neither_the_difficulty_card_sets_the_crystals_then_escape() -> None:
    for level in VD.difficulty:
        goal = vile_goal(RD, ("vile_ghoul", "thief"), level.id)
        assert (goal.hunted, goal.crystals, goal.escape) == (None, level.crystals, True)
    assert vile_goal(RD, ("vile_ghoul", "thief")).crystals == VD.standard_level().crystals == 5


@pytest.mark.parametrize("level", [d.id for d in VD.difficulty])
def test_VG_01_difficulty_cards_set_the_hunted_health_and_dice(level: str) -> None:
    card = VD.level(level)
    assert vile_goal(RD, ("knight", "vile_ghoul"), level).hunted_health == card.knight_health
    assert vile_goal(RD, ("vile_ghoul", "dragon"), level).hunted_health == card.dragon_health
    assert vile_goal(RD, ("vile_ghoul", "dragon"), level).dice == card.dice_rolled


def test_VG_01_unknown_difficulty_card_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(Exception, match="ragpicker"):
        vile_goal(RD, ("knight", "vile_ghoul"), "nobody")


# ------------------------------------------------------------------ §4 player variants
def test_variant_with_knight_gives_goblin_infestation_line_a_and_ambush_kills() -> None:
    goal = vile_goal(RD, ("knight", "vile_ghoul"))
    assert Gift("goblin_infestation", "knight", "A") in goal.gifts
    assert goal.ambush_kill_counts and not goal.no_hunger_cubes


def test_variant_with_dragon_moves_no_hunger_cubes() -> None:
    goal = vile_goal(RD, ("knight", "vile_ghoul", "dragon"))
    assert goal.no_hunger_cubes and goal.ambush_kill_counts
    assert vile_goal(RD, ("vile_ghoul", "dragon")).no_hunger_cubes


def test_variant_cave_vs_vile_ghoul_smashes_6_crystals() -> None:
    goal = vile_goal(RD, ("vile_ghoul", "cave"))
    assert (goal.hunted, goal.crystals, goal.escape) == (None, 6, False)
    assert "cave_vs_vile_ghoul" in goal.variants


@pytest.mark.parametrize("stash", [5, 6])
def test_variant_with_thief_smashes_one_more_crystal_than_his_stash(stash: int) -> None:
    assert vile_goal(RD, ("vile_ghoul", "cave", "thief"), thief_stash=stash).crystals == stash + 1


def test_variant_with_thief_refuses_a_stash_not_agreed_by_the_rules() -> None:
    with pytest.raises(ValueError, match="The Thief stashes 5 or 6 Treasures against the Vile Ghoul, not 4."):
        vile_goal(RD, ("vile_ghoul", "thief", "cave"), thief_stash=4)


@pytest.mark.parametrize(("level", "crystals"), [("easy", 5), ("medium", 6), ("hard", 7)])
def test_variant_solo_alone_in_the_dark_with_flare(level: str, crystals: int) -> None:
    goal = vile_goal(RD, ("vile_ghoul",), solo_level=level)
    assert (goal.crystals, goal.escape, goal.hunted) == (crystals, True, None)
    assert Gift("flare", "vile_ghoul") in goal.gifts


# ------------------------------------------------------------------ VG-02/03: seat and refusals
def test_VG_03_takes_the_goblins_seat() -> None:
    assert seat(("thief", "dragon", "vile_ghoul", "knight", "cave"), ROLE_ORDER) == (
        "knight", "vile_ghoul", "dragon", "cave", "thief")


def test_VG_03_never_with_the_goblins() -> None:
    reason = check_roles(("knight", "goblins", "vile_ghoul"))
    assert reason is not None and reason.rule == "VG-03"
    assert reason.text == ("The Vile Ghoul replaces the Goblins and takes their seat: a game has one or the other, "
                           "not both.")
    with pytest.raises(ValueError, match="replaces the Goblins"):
        vile_goal(RD, ("goblins", "vile_ghoul"))


def test_VG_02_never_with_the_ghoul() -> None:
    reason = check_roles(("ghoul", "vile_ghoul"))
    assert reason is not None and reason.rule == "VG-02"
    assert check_roles(("knight", "vile_ghoul")) is None


# ------------------------------------------------------------------ VG-04..07: Prepare Board, Select Statistics
def test_VG_04_no_dice_in_supply_rolls_all_into_supply() -> None:
    c = vc.Chart(left=3, right={2: 1, 5: 1}, discs=3)
    rolled = _prepare(c, VD.dice, 4, 1, 6)
    assert rolled == [4, 1, 6] and c.supply == [4, 1, 6]
    assert c.dice_on_chart() == 0 and c.discs == 0


def test_VG_04_hard_cards_roll_two_dice() -> None:
    c = vc.Chart()
    assert len(_prepare(c, VD.level("hunter").dice_rolled, 2)) == 2


def test_VG_05_slides_the_left_die_right_and_removes_the_discs() -> None:
    c = vc.Chart(supply=[6], left=2, right={2: 1, 4: 1}, discs=5, boost_spent=1)
    assert _prepare(c, VD.dice, 1) == []
    assert (c.left, c.right, c.discs, c.boost_spent, c.supply) == (0, {2: 2, 4: 1}, 0, 0, [6])


def test_VG_06_select_places_a_supply_die_and_reads_its_row() -> None:
    c = vc.Chart(supply=[3, 5], right={5: 2})
    row = VD.chart_row(5)
    assert vc.select(c, VD, 5) == (row.movement, row.attack)
    assert c.supply == [3] and c.left == 5
    assert vc.boost_dice(c) == 2          # the dice on the right of this row only
    c2 = vc.Chart(supply=[3], right={5: 2})
    vc.select(c2, VD, 3)
    assert vc.boost_dice(c2) == 0         # FAQ: other rows' dice do nothing this turn


def test_VG_06_refuses_a_face_not_in_supply_or_a_second_die() -> None:
    c = vc.Chart(supply=[2, 2])
    reason = vc.check_select(c, 4)
    assert reason is not None and reason.text == "There is no 4 among the dice in your supply (you have: 2, 2)."
    vc.select(c, VD, 2)
    again = vc.check_select(c, 2)
    assert again is not None and again.text == "You have already placed a die on row 2 of the chart this turn."


def test_VG_07_attack_discs_are_a_reminder_equal_to_attack() -> None:
    c = vc.Chart(supply=[4])
    _, attack = vc.select(c, VD, 4)
    assert c.discs == attack == VD.chart_row(4).attack


# ------------------------------------------------------------------ VG-08..12: Attack constant, Boost dice
def test_VG_08_attack_is_not_spent_by_attacking() -> None:
    attack = VD.chart_row(6).attack
    assert vc.check_attack_value(attack, 0, "Knight") is None
    assert vc.check_attack_value(attack, 0, "Dragon") is None    # still the same Attack for a second target


def test_VG_09_boost_dice_are_spent_once_each_turn() -> None:
    c = vc.Chart(supply=[1], right={1: 2})
    vc.select(c, VD, 1)
    vc.spend_boost(c)
    vc.spend_boost(c)
    reason = vc.check_boost(c)
    assert reason is not None and reason.rule == "VG-09"
    assert c.right == {1: 2}              # spent dice stay where they are
    _prepare(c, VD.dice, 1)
    assert c.boost_spent == 0
    assert vc.boost_movement(VD) == VD.boost.movement


def test_VG_09_no_boost_without_a_die_on_the_right_of_the_row() -> None:
    c = vc.Chart(supply=[2], right={3: 1})
    before = vc.check_boost(c)
    assert before is not None and before.rule == "VG-06"
    vc.select(c, VD, 2)
    reason = vc.check_boost(c)
    assert reason is not None and reason.text == "No die lies on the right of row 2, so you have no Boost die this turn."


def test_VG_10_entering_a_piece_space_costs_one_more_unless_it_attacks_at_once_and_may() -> None:
    assert vc.entry_extra(3, 2, attacks_at_once=True) == 0
    assert vc.entry_extra(2, 2, attacks_at_once=True) == 1
    assert vc.entry_extra(5, 0, attacks_at_once=False) == 1


def test_VG_11_boost_attack_is_temporary_for_one_move() -> None:
    base = 2
    boosted = base + vc.boost_attack(VD)
    assert vc.check_attack_value(base, 2, "Knight") is not None
    assert vc.check_attack_value(boosted, 2, "Knight") is None
    assert vc.defense(base) == base       # the bonus never reaches Defense (VG-14)


def test_VG_12_attack_must_beat_defence_and_smash_needs_three() -> None:
    reason = vc.check_attack_value(2, 2, "Knight")
    assert reason is not None and reason.text == "Your Attack 2 must be greater than the Knight's defence 2."
    smash = vc.check_smash_value(VD.crystal_smash_attack - 1, VD)
    assert smash is not None and smash.rule == "VG-12"
    assert vc.check_smash_value(VD.crystal_smash_attack, VD) is None


def test_VG_14_defense_is_the_attack_of_the_row() -> None:
    c = vc.Chart(supply=[5], right={5: 1})
    _, attack = vc.select(c, VD, 5)
    vc.spend_boost(c)
    assert vc.defense(attack) == VD.chart_row(5).attack


def test_VG_15_a_terror_card_per_attack_and_per_two_collected() -> None:
    assert vc.terror_draws(VD, 1, 0, 0) == 1
    assert vc.terror_draws(VD, 0, 0, 1) == 0
    assert vc.terror_draws(VD, 0, 1, 2) == 1
    assert vc.terror_draws(VD, 2, 3, 4) == 3


def test_chart_values_come_from_the_rules_data_and_are_flagged_provisional() -> None:
    assert VD.uses_provisional_values
    assert sorted(r.face for r in VD.dice_chart) == [1, 2, 3, 4, 5, 6]


# ------------------------------------------------------------------ setup refuses what the rules refuse
@pytest.mark.parametrize(("roles", "message"), [
    (("knight", "goblins", "vile_ghoul"),
     "The Vile Ghoul replaces the Goblins and takes their seat: a game has one or the other, not both. (VG-03)"),
    (("ghoul", "vile_ghoul"),
     "The Ghoul and the Vile Ghoul share one Terror deck and the Ghoul dice: a game has one or the other, not both. "
     "(VG-02)"),
])
def test_VG_03_setup_refuses_the_vile_ghoul_with_the_goblins_or_the_ghoul(roles: tuple[str, ...], message: str) -> None:
    from vast_desktop.engine import Setup, new_game
    from vast_desktop.engine.setup import SetupError

    with pytest.raises(SetupError) as err:
        new_game(Setup(roles=roles, seed=1))
    assert str(err.value) == message


def test_VG_03_setup_seats_it_after_the_knight_with_the_difficulty_card_health() -> None:
    from vast_desktop.engine import Setup, new_game

    g = new_game(Setup(roles=("dragon", "vile_ghoul", "knight"), seed=1, difficulty={"vile_ghoul": "hunter"}))
    assert g.config.turn_order == ("knight", "vile_ghoul", "dragon")
    assert g.config.knight_health == VD.level("hunter").knight_health
    assert g.config.extra["ghoul_kills"] == ("knight",) and g.config.extra["vile_dice"] == 2
    assert g.config.extra["hunger_to_wakefulness"] == 0                 # with the Dragon: no Hunger cubes
    assert g.config.infestation_line == "A" and g.config.ambush_kill_winner == "vile_ghoul"


# ================================================================== positions built with load_scenario
TILES = ghoul_tiles()


def vile_game(roles: tuple[str, ...] = ("knight", "vile_ghoul"), vile: dict[str, Any] | None = None,
              at: tuple[int, int] | None = (1, 0), pieces: dict[str, Any] | None = None, select: int | None = None,
              **data: Any) -> Game:
    """A scenario at the start of the Vile Ghoul's turn (its board from ``vile``: the dice in
    ``supply``/``left``/``right``, scripted ``dice`` for its roll); ``select``: the supply die it
    places when it is asked."""
    section = {"turns": 1, **(vile or {})}
    p = dict(pieces if pieces is not None else ({"knight": [0, -1]} if "knight" in roles else {}))
    if at is not None:
        p["vile_ghoul"] = list(at)
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **data.pop("dragon", {})}
    setup = {"roles": list(roles), "seed": 5, **data.pop("setup", {})}
    g = load_scenario({"setup": setup, "active": "vile_ghoul", "tiles": data.pop("tiles", TILES), "pieces": p,
                       "vile_ghoul": section, **data})
    if select is not None and g.pending is not None and g.pending.kind == "vile_ghoul_select":
        choose(g, f"select:{select}")
    return g


def V(g: Game) -> VileGhoulState:
    s = g.state.ghoul
    assert isinstance(s, VileGhoulState)
    return s


def face_where(ok: Callable[[int, int], bool]) -> int:
    """A die face whose chart row (movement, attack) passes ``ok`` (the chart is provisional data)."""
    return next(r.face for r in VD.dice_chart if ok(r.movement, r.attack))


def test_VG_02_first_turn_placement_as_the_ghoul() -> None:
    g = vile_game(at=None, vile={"placed": False, "dice": [6, 5, 4]})
    assert g.pending.role == "vile_ghoul" and g.pending.kind == "ghoul_place"
    choose(g, "place:0,1")
    assert g.state.board.pieces["vile_ghoul"] == (0, 1)
    assert g.pending.kind == "vile_ghoul_select"                       # then Prepare Board rolled 6, 5, 4


def test_VG_06_a_supply_die_dropped_on_another_row_is_refused_with_its_own_row() -> None:
    """VG-06: a die goes on the row of its own face.  Dragged onto another row (at the table), the
    drop is refused with that reason and nothing changes; on its own row it is the option."""
    from vast_desktop.engine.decisions import Target
    from vast_desktop.engine.explain.why_not import explain_drop_reason

    g = vile_game(vile={"dice": [5, 2, 2]})
    assert g.pending is not None and g.pending.kind == "vile_ghoul_select"
    before = list(g.choices)
    die = Target("slot", f"{vt.SUPPLY_SLOT}2")
    reason = explain_drop_reason(g, "vile_ghoul", die, [Target("slot", f"{vt.ROW_SLOT}5")])
    assert reason is not None and reason.rule == "VG-06"
    assert reason.text == "A die goes on the row of its own face: this 2 goes on row 2, not row 5."
    assert explain_drop_reason(g, "vile_ghoul", die, [Target("slot", f"{vt.ROW_SLOT}2")]) is None
    missing = vt.check_place(g, 4, 4)
    assert missing is not None and missing.text.startswith("There is no 4 among the dice in your supply")
    assert g.choices == before and g.pending.kind == "vile_ghoul_select"
    assert explain_drop_reason(g, "knight", die, [Target("slot", f"{vt.ROW_SLOT}5")]) is None   # not her decision


def test_VG_04_06_the_roll_goes_to_supply_and_one_die_is_placed() -> None:
    g = vile_game(vile={"dice": [5, 2, 2]})
    assert g.pending.kind == "vile_ghoul_select" and set(ids(g)) == {"select:2", "select:5"}
    choose(g, "select:2")
    row = VD.chart_row(2)
    assert V(g).chart.supply == [5, 2] and V(g).chart.left == 2
    assert (V(g).movement, V(g).attack, V(g).chart.discs) == (row.movement, row.attack, row.attack)   # VG-07


def test_VG_05_06_the_left_die_slides_right_and_becomes_a_boost_die() -> None:
    g = vile_game(vile={"supply": [3, 3], "left": 3})
    assert V(g).chart.right == {3: 1} and V(g).chart.left == 3        # slid, then the other 3 placed
    assert {"boost:move", "boost:attack"} <= set(ids(g))
    g2 = vile_game(vile={"supply": [4], "left": 3})
    assert V(g2).chart.right == {3: 1} and not {"boost:move", "boost:attack"} & set(ids(g2))   # another row's


def test_VG_09_a_boost_die_is_movement_and_is_spent_once() -> None:
    g = vile_game(vile={"supply": [2], "right": {2: 1}})
    before = V(g).movement
    choose(g, "boost:move")
    assert V(g).movement == before + VD.boost.movement and V(g).chart.right == {2: 1}
    assert "boost:move" not in ids(g)
    reason = vt.check_boost(g)
    assert reason is not None and reason.rule == "VG-09"


def test_VG_10_entering_a_piece_without_attacking_costs_one_more() -> None:
    weak = face_where(lambda m, a: m >= 3 and a >= 1)
    g = vile_game(vile={"supply": [weak]}, pieces={"knight": [2, 0]})
    assert gt.move_cost(g, (1, 0), (2, 0)) == 2
    if V(g).attack > attacks.defence(g, "knight"):
        assert gt.move_cost(g, (1, 0), (2, 0), "knight") == 1


def test_VG_11_a_boost_attack_lasts_one_move_and_its_attack() -> None:
    face = face_where(lambda m, a: m >= 2)
    g = vile_game(vile={"supply": [face], "right": {face: 1}}, pieces={"knight": [2, 0]})
    V(g).attack = attacks.defence(g, "knight")                          # equal: not enough alone (VG-12)
    assert "charge:2,0:knight" not in ids(g)
    choose(g, "boost:attack")
    assert V(g).bonus == VD.boost.attack and "charge:2,0:knight" in ids(g)
    choose(g, "move:0,0")
    assert V(g).bonus == 0                                              # the plain move used it up


def test_VG_08_12_13_15_attack_constant_knight_loses_health_terror_card_skitter() -> None:
    strong = max(VD.dice_chart, key=lambda r: r.attack).face
    g = vile_game(vile={"supply": [strong]}, pieces={"knight": [1, 0]})
    attack, health, terror = V(g).attack, g.state.knight.health, len(V(g).terror)
    assert attack > attacks.defence(g, "knight") and "attack:knight" in ids(g)
    choose(g, "attack:knight")
    assert g.state.knight.health == health - 1                         # VG-13: no choice for her
    assert V(g).attack == attack                                        # VG-08: nothing spent
    assert len(V(g).terror) == terror + 1                               # VG-15
    assert g.pending.kind == "ghoul_skitter_symbol" and g.pending.role == "knight"   # skitter as the Ghoul


def test_VG_12_attack_not_above_defence_and_smash_below_three_refused() -> None:
    g = vile_game(vile={"supply": [1]}, pieces={"knight": [1, 0]}, tokens={"1,0": {"crystal": 1}})
    V(g).attack = attacks.defence(g, "knight")
    reason = gt.check_attack(g, "knight")
    assert reason is not None and reason.rule == "VG-12" and "must be greater than" in reason.text
    V(g).attack = VD.crystal_smash_attack - 1
    smash = gt.check_smash(g)
    assert smash is not None and smash.text == (f"Smashing a Crystal needs Attack {VD.crystal_smash_attack} or more; "
                                                f"yours is {VD.crystal_smash_attack - 1}.")
    V(g).attack = VD.crystal_smash_attack
    assert gt.check_smash(g) is None
    enough = face_where(lambda m, a: a >= VD.crystal_smash_attack)
    g = vile_game(vile={"supply": [enough]}, tokens={"1,0": {"crystal": 1}})
    attack = V(g).attack
    choose(g, "smash:")
    assert V(g).attack == attack and V(g).smashed == 1                 # nothing spent


def test_VG_14_defense_is_the_row_attack_without_boost() -> None:
    face = face_where(lambda m, a: True)
    g = vile_game(vile={"supply": [face], "right": {face: 1}})
    choose(g, "boost:attack")
    choose(g, "end:")
    assert V(g).defense == VD.chart_row(face).attack


def test_VG_15_every_two_treasures_collected_draw_a_terror_card() -> None:
    roomy = face_where(lambda m, a: m >= 4)
    g = vile_game(vile={"supply": [roomy], "treasure": 1}, tokens={"1,0": {"treasure": 1}})
    terror = len(V(g).terror)
    choose(g, "collect:treasure")
    assert len(V(g).terror) == terror + 1 and V(g).treasure == 0 and V(g).fury == 0


def test_VG_01_killing_the_knight_wins() -> None:
    strong = max(VD.dice_chart, key=lambda r: r.attack).face
    g = vile_game(vile={"supply": [strong]}, pieces={"knight": [1, 0]}, knight={"health": 1})
    choose(g, "attack:knight")
    assert g.outcome is not None and g.outcome.winners == ("vile_ghoul",)


def test_VG_01_with_neither_it_escapes_after_its_crystals() -> None:
    g = vile_game(roles=("vile_ghoul", "thief"), vile={"supply": [1], "smashed": 5})
    assert g.config.extra["ghoul_crystals_goal"] == 5
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("vile_ghoul",)


def test_variant_cave_vs_vile_ghoul_the_sixth_crystal_wins_at_once() -> None:
    enough = face_where(lambda m, a: a >= VD.crystal_smash_attack)
    g = vile_game(roles=("vile_ghoul", "cave"), vile={"supply": [enough], "smashed": 5},
                  tokens={"1,0": {"crystal": 1}})
    choose(g, "smash:")
    assert g.outcome is not None and g.outcome.winners == ("vile_ghoul",)


def test_scenario_section_refuses_a_ghoul_section_and_too_many_dice() -> None:
    from vast_desktop.engine.errors import ScenarioError

    with pytest.raises(ScenarioError, match="ghoul: the Ghoul is not in this game"):
        load_scenario({"setup": {"roles": ["knight", "vile_ghoul"]}, "ghoul": {}})
    with pytest.raises(ScenarioError, match="vile_ghoul: it has 3 Ghoul dice, and the scenario places 4"):
        load_scenario({"setup": {"roles": ["knight", "vile_ghoul"]}, "vile_ghoul": {"supply": [1, 2], "right": {3: 2}}})


# ------------------------------------------------------------------ its part of the rules reference
def test_every_vg_id_and_rules_ref_opens_the_vile_ghouls_reference() -> None:
    """Each VG id is cited by exactly one section of the ``vile_ghoul`` part, and every
    ``rules_ref`` its own turn names opens a section there."""
    import re
    from pathlib import Path

    from vast_desktop.teach.reference import PARTS, load_reference

    ref = load_reference()
    assert PARTS.index("vile_ghoul") == PARTS.index("ghoul") + 1
    for n in range(1, 16):
        rule = f"VG-{n:02d}"
        citing = [s.id for s in ref.sections.values() if rule in s.checklist]
        assert len(citing) == 1 and ref.for_rule(rule).part == "vile_ghoul", (rule, citing)
    vile_dir = Path(vt.__file__).parent
    named = set(re.findall(r'rules_ref="([a-z0-9_.]+)"', "".join(p.read_text() for p in vile_dir.glob("*.py"))))
    assert named == {"vile_ghoul.move_and_act", "vile_ghoul.select"}
    for sid in named:
        assert ref.section(sid).part == "vile_ghoul" and ref.html(sid)


def test_variant_with_knight_an_ambush_kill_is_the_vile_ghouls_win() -> None:
    from vast_desktop.engine import flow
    from vast_desktop.engine.game import GameOver

    g = vile_game(vile={"supply": [1]})
    with pytest.raises(GameOver) as over:
        flow.knight_killed(g, "ambush")
    assert over.value.outcome.winners == ("vile_ghoul",)
    assert over.value.outcome.reason == "A Goblin Ambush killed the Knight: the Vile Ghoul wins."


def test_VG_13_a_hunted_dragon_may_only_lose_health() -> None:
    strong = max(VD.dice_chart, key=lambda r: r.attack).face
    g = vile_game(roles=("vile_ghoul", "dragon"), vile={"supply": [strong]}, pieces={"dragon": [1, 0]})
    assert V(g).attack > attacks.defence(g, "dragon")
    health = g.state.dragon.health
    choose(g, "attack:dragon")
    assert g.pending.role == "dragon" and g.pending.kind == "ghoul_attacked"
    assert tuple(ids(g)) == ("loss:health",)                            # no Power cards, no Sloth cube
    choose(g, "loss:health")
    assert g.state.dragon.health == health - 1


def test_setup_refuses_an_unknown_vile_ghoul_difficulty_card_naming_the_five() -> None:
    from vast_desktop.engine import Setup, new_game
    from vast_desktop.engine.setup import SetupError

    with pytest.raises(SetupError) as err:
        new_game(Setup(roles=("knight", "vile_ghoul"), seed=1, difficulty={"vile_ghoul": "nobody"}))
    assert str(err.value) == ("Unknown vile_ghoul difficulty 'nobody'; valid levels: ragpicker, scavenger, ghoul, "
                              "stalker, hunter.")


def test_VG_15_soporific_spores_cannot_target_the_vile_ghoul_which_keeps_no_fury() -> None:
    """GH-36 takes 1 Fury from the Ghoul; the Vile Ghoul keeps none (VG-15), so the Cave's Spores
    have nothing to take from it: not among their targets, and a click on it says why (the
    check's reason, not "not in this game")."""
    from vast_desktop.engine.cards import omens
    from vast_desktop.engine.decisions import Decision, Target
    from vast_desktop.engine.explain.map import spores_target
    from vast_desktop.engine.kinds import DecisionKind

    g = vile_game(roles=("knight", "vile_ghoul", "cave"), vile={"supply": [1]}, select=1, knight={"grit": 5})
    reason = omens.check_spores_target(g, "vile_ghoul")
    assert reason is not None and reason.rule == "VG-15"
    assert reason.text.startswith("The Vile Ghoul keeps no Fury")
    ghoul_reason = omens.check_spores_target(g, "ghoul")                # the Ghoul is not in this game
    assert ghoul_reason is not None and ghoul_reason.text == "The Ghoul is not in this game."
    options = tuple(omens.spores_options(g))
    assert [o.id for o in options] == ["spores:knight"]
    d = Decision("cave", DecisionKind.OMEN_SOPORIFIC_SPORES, "Soporific Spores: whom?", options, "CV-24")
    assert spores_target(g, d, Target("piece", "vile_ghoul")) == reason


def test_VG_03_the_variant_names_the_vile_ghoul_in_the_goblins_place() -> None:
    """The game's role variant (its name and summary, as the setup screen and the table show them): the
    base variant with the Vile Ghoul in the Goblins' place, its own player variants first, nothing left
    of the Goblins but in the name."""
    for roles in (("knight", "vile_ghoul"), ("cave", "vile_ghoul"), ("dragon", "thief", "vile_ghoul"),
                  ("knight", "dragon", "cave", "thief", "vile_ghoul")):
        cfg = make_config(Setup(roles=roles, seed=1), RD)
        assert cfg.variant_name.endswith(", the Vile Ghoul in the Goblins' place"), cfg.variant_name
        assert cfg.summary.startswith(VD.player_variant("vile_ghoul_for_goblins").summary)
        assert "Goblins" not in cfg.summary.replace("replaces the Goblins", "").replace("Goblin Infestation", "")
    assert make_config(Setup(roles=("vile_ghoul",), seed=1), RD).variant_name == "The Vile Ghoul alone"
