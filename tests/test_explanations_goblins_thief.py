"""Explanations for the Goblins' and the Thief's decisions (why_not_goblins_thief): a click on
a card, a slot of their board, a piece or a space that is not a legal choice gets the rule
whose condition fails for that very target, with the numbers that decide it.

Each test builds its position with load_scenario (the rule-test helpers) and names the
checklist ids of the rule explained; the last one checks on random games that every such
click in these decisions gets a rule-level answer."""
from __future__ import annotations

from typing import Any

from conftest import choose
from rules.helpers_goblins import gob_game, to_activation
from rules.helpers_interactions import play
from rules.helpers_thief import thief_game

from vast_desktop.engine import Game
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import RULE, why_not_graded, why_not_reason
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight import board as kb


def kind(g: Game) -> str:
    assert g.pending is not None, g.outcome
    return g.pending.kind


def rule_reason(g: Game, role: str, target: Any) -> str:
    """The reason, which must be rule-level (not where-instead or the fallback)."""
    reason, grade = why_not_graded(g, role, target)
    assert reason is not None and grade == RULE, (reason, grade)
    return reason


def checked(g: Game, role: str, target: Any) -> Reason:
    """The reason of a converted decision: a rule check's Reason (its rule id for the Rule
    link, no rule code in its words)."""
    reason = why_not_reason(g, role, target)
    assert reason is not None and reason.checked, reason
    assert rule_reason(g, role, target) == reason.text
    return reason


def assigning(monsters: dict[str, list[str]], bones: int, drawn: str = "golem") -> Game:
    """The Assign Monsters decision for ``drawn``, with the Bones Population ``bones`` once Fear
    (+1 disc each, 1 Monster) is populated."""
    g = gob_game(war="fear", goblins={"population": {"fangs": 0, "bones": bones - 1, "eye": 0},
                                        "monsters": monsters, "monster_deck": [drawn, "troll"]})
    choose(g, "populate:")
    assert kind(g) == "assign_monster"
    return g


# ------------------------------------------------------------ the Goblins' cards
def test_GB_24_GB_25_a_war_card_not_drawn() -> None:
    """GB-24/25: at Rage 2 two War cards are drawn; a third one is not a choice."""
    g = gob_game(war="thirst", goblins={"rage": 2})
    assert kind(g) == "war_card" and set(g.pending.ids) == {"war:thirst", "war:spite"}
    assert checked(g, "goblins", Target("card", "fear")) == Reason(
        "Fear is not among the War cards you drew: at Rage 2 you draw 2 War cards and choose among them.", "GB-24")


def test_GB_02_GB_26_this_turns_war_card_is_chosen_already() -> None:
    """GB-02/26: once chosen, the War card's discs, Monsters and Secrets follow in their phases."""
    g = gob_game(war="thirst", goblins={"population": {"fangs": 0, "bones": 2, "eye": 0}})
    choose(g, "populate:")
    assert kind(g) == "assign_monster" and gb.gs(g).war_card == "thirst"
    reason = checked(g, "goblins", Target("card", "thirst"))
    assert reason.text.startswith("Thirst is this turn's War card") and reason.rule == "GB-26"


def test_GB_38_a_tribe_holds_at_most_its_monster_slots() -> None:
    """GB-38: the Eye Tribe holds 1 Monster; its full slot is no choice (a replace is, on the card)."""
    g = assigning({"eye": ["ogre"]}, bones=3)
    assert "assign:eye" not in g.pending.ids and "replace:eye:ogre" in g.pending.ids
    reason = checked(g, "goblins", Target("slot", "goblins.eye.monster"))
    assert reason == Reason("The Eye Tribe already has 1 Monster (the Ogre); it holds at most 1: click one to "
                            "replace it.", "GB-38")
    assert checked(g, "goblins", Target("slot", "goblins.eye")) == reason


def test_GB_40_GB_41_monsters_at_most_the_bones_population() -> None:
    """GB-40/41: with 2 Monsters assigned and Bones at Population 1, no free slot takes the new
    one, and replacing one would still leave 1 Monster, not under the Bones Population."""
    g = assigning({"fangs": ["ogre"], "eye": ["gnome"]}, bones=1)
    assert not any(i.startswith(("assign:", "replace:")) for i in g.pending.ids)
    assert checked(g, "goblins", Target("slot", "goblins.bones.monster")) == Reason(
        "2 Monsters are assigned and the Bones Population is 1: all the Tribes together hold at most the Bones "
        "Population.", "GB-40")
    assert checked(g, "goblins", Target("card", "ogre")) == Reason(
        "Replacing the Ogre would still leave 1 Monster assigned with the Bones Population at 1: no new Monster "
        "while the assigned ones are at least the Bones Population.", "GB-41")


def test_GB_39_GB_42_an_assigned_monster_is_not_played() -> None:
    """GB-39/42/69: in the Activate Tribes menu an assigned Monster is no choice: it leaves only
    when replaced or when its Tribe scatters."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 1, "eye": 0}, "monsters": {"bones": ["golem"]}})
    to_activation(g)
    reason = checked(g, "goblins", Target("card", "golem"))
    assert reason.text.startswith("The Golem is the Bones Tribe's Monster") and reason.rule == "GB-42"


def test_GB_58_hex_with_no_eye_population() -> None:
    """GB-58: Hex's X is the Eye Population; at 0 the card is not playable."""
    g = gob_game(roles=("knight", "goblins", "thief"), war="hate",
                 goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "hand": ["hex"]})
    choose(g, "block:eye")                                    # Hate would give the Eye Tribe 2 discs
    to_activation(g)
    assert "secret:hex" not in g.pending.ids
    assert rule_reason(g, "goblins", Target("card", "hex")) == (
        "Hex's X is the Eye Tribe's Population, 0 now: it would take nothing.")


def test_GB_50_GB_32_secrets_not_held_and_leader() -> None:
    """A Secret not in hand names the hand; Leader is kept for overpopulation (GB-32)."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": ["leader"]})
    to_activation(g)
    assert checked(g, "goblins", Target("card", "poison")) == Reason(
        "You do not hold Poison: your Secrets in hand are Leader.", "GB-50")
    assert rule_reason(g, "goblins", Target("card", "leader")).startswith(
        "Leader is played only when overpopulation makes a Tribe scatter")


def test_GB_54_hiding_spots_needs_the_knight_by_a_lit_ambush_tile() -> None:
    """GB-54: Hiding Spots needs the Knight on or next to a Lit Ambush tile (here: Event tiles)."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}, "hand": ["hiding_spots"]},
                 pieces={"knight": [2, 0]})
    to_activation(g)
    assert rule_reason(g, "goblins", Target("card", "hiding_spots")) == (
        "The Knight at 2,0 is neither on nor next to a Lit Ambush tile.")


# ------------------------------------------------------------ the Goblin board
def test_GB_28_GB_29_blocking_discs_in_populate() -> None:
    """GB-28/29: 1 Rage blocks all of a Tribe's discs; a Tribe blocked is no choice again."""
    g = gob_game(war="thirst", goblins={"rage": 3})
    choose(g, "war:thirst")
    assert kind(g) == "populate"
    choose(g, "block:fangs")
    assert kind(g) == "populate" and "block:fangs" not in g.pending.ids
    assert checked(g, "goblins", Target("slot", "goblins.fangs")) == Reason(
        "The Fangs Tribe's discs are blocked already: 1 Rage blocks all of them.", "GB-29")


def test_GB_59_one_activation_at_a_time() -> None:
    """GB-59: while the Fangs Tribe is activated the Bones Tribe's special action waits."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [3, 0], "tribe:bones": [2, 1]})
    to_activation(g)
    choose(g, "activate:fangs")
    assert kind(g) == "tribe_activation"
    assert checked(g, "goblins", Target("slot", "goblins.bones.special")) == Reason(
        "The Fangs Tribe is being activated: its activation finishes before the Bones Tribe's starts.", "GB-59")


def test_GB_67_GB_89_a_hidden_tribes_special_action() -> None:
    """GB-64/67/89: a special action needs the Tribe on the map; the Eye Tribe is hidden."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 2}}, pieces={"knight": [0, 0]})
    to_activation(g)
    assert checked(g, "goblins", Target("slot", "goblins.eye.special")) == Reason(
        "The Eye Tribe is hidden: a special action needs the Tribe on the map; Reveal it first.", "GB-67")


def test_GB_88_an_ambush_needs_a_hidden_tribe_stronger_than_the_knight() -> None:
    """GB-88: the Knight (Strength 1) reveals an Ambush; Bones (Strength 1) is not stronger, and
    Fangs is on the map."""
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": False},
             {"pos": [-1, 0], "tile": "T22", "lit": True}]
    g = gob_game(active="knight", tiles=tiles, pieces={"knight": [0, 0], "tribe:fangs": [-1, 0]},
                 goblins={"population": {"fangs": 2, "bones": 1, "eye": 0}})
    choose(g, "move:1,0")
    while kind(g) not in ("ambush", "ambush_strength"):
        choose(g, g.pending.ids[0])
    if kind(g) == "ambush_strength":
        choose(g, "fight:")
    assert kind(g) == "ambush" and kb.strength(g) == 1 and gb.tribe_strength(g, "bones") == 1
    assert checked(g, "goblins", Target("slot", "goblins.bones")) == Reason(
        "The Bones Tribe's Strength 1 must be greater than the Knight's Strength 1 to ambush her.", "GB-88")
    assert checked(g, "goblins", Target("slot", "goblins.fangs")) == Reason(
        "The Fangs Tribe is on the map: only hidden Tribes spring an Ambush.", "GB-88")


def test_GB_32_overpopulation_scatters_a_revealed_tribe() -> None:
    """GB-32: with the Bones Tribe on the map, a hidden Tribe does not scatter."""
    g = gob_game(war="thirst", goblins={"population": {"fangs": 4, "bones": 1, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:bones": [2, 1]})
    choose(g, "populate:")
    assert kind(g) == "overpopulation" and g.pending.ids == ("scatter:bones",)
    assert checked(g, "goblins", Target("slot", "goblins.fangs")) == Reason(
        "The Fangs Tribe is hidden and Bones is on the map: a revealed Tribe scatters when there is one.", "GB-32")
    assert checked(g, "goblins", Target("piece", "knight")) == Reason(
        "One of your own Tribes scatters here, not the Knight.", "GB-32")


def test_GB_69_only_the_scattering_tribes_monsters() -> None:
    """GB-69: the Bones Tribe with 2 Monsters scatters and discards one of its own."""
    g = gob_game(war="thirst", goblins={"population": {"fangs": 0, "bones": 4, "eye": 4},
                                        "monsters": {"bones": ["ogre", "troll"], "eye": ["gnome"]}},
                 pieces={"knight": [0, 0], "tribe:bones": [2, 1]})
    choose(g, "populate:")
    choose(g, "scatter:bones")
    assert kind(g) == "scatter_monster"
    assert checked(g, "goblins", Target("card", "gnome")) == Reason(
        "The Gnome belongs to the Eye Tribe: only the Bones Tribe, which scatters, discards one of its Monsters.",
        "GB-69")


def test_GB_58_hex_aims_at_a_player_with_something_to_lose() -> None:
    """GB-58: Hex on the Knight takes Grit, and she has none; nor does it aim at a Tribe."""
    g = gob_game(roles=("knight", "goblins", "thief"), knight={"grit": 0},
                 goblins={"population": {"fangs": 0, "bones": 0, "eye": 2}, "hand": ["hex"]},
                 pieces={"knight": [0, 0], "tribe:eye": [3, 1]}, thief={"placed": False})
    to_activation(g)
    choose(g, "secret:hex")
    assert kind(g) == "hex_target" and "hex:knight" not in g.pending.ids
    assert rule_reason(g, "goblins", Target("piece", "knight")) == (
        "The Knight has 0 Grit: Hex has nothing to take from her.")
    assert rule_reason(g, "goblins", Target("piece", "tribe:eye")) == (
        "Hex aims at another player, not at your Eye Tribe.")


def test_GB_84_a_lurking_tribe_steps_onto_one_adjacent_tile() -> None:
    """GB-84: the lurking Bones Tribe at 4,0 moves onto 1 adjacent tile; 2,0 is 2 spaces away."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 2, "eye": 0}, "lurking": {"bones": [4, 0]}})
    to_activation(g)
    choose(g, "activate:bones")
    assert kind(g) == "lurker"
    assert rule_reason(g, "goblins", (2, 0)) == (
        "A lurking Tribe moves onto 1 adjacent tile: 2,0 is 2 spaces from its space 4,0.")


def test_GB_52_blind_fury_chooses_one_of_the_goblins_tribes() -> None:
    """Blind Fury (a Secret, GB-52) chooses one of the Goblins' own Tribes, not another piece."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": ["blind_fury"]})
    to_activation(g)
    choose(g, "secret:blind_fury")
    assert kind(g) == "choose_tribe"
    assert g.pending.fact("secret") == "blind_fury" and len(g.pending.options) == 3
    assert checked(g, "goblins", Target("piece", "knight")) == Reason(
        "Blind Fury drives one of your own Tribes, not the Knight.", "goblins.secrets")


def test_GB_45_only_the_bright_beetles_spare_goblins_from_hiss() -> None:
    """GB-45: against the Dragon's Hiss the Goblins may discard the Bright Beetles, no other Monster."""
    g = gob_game(roles=("dragon", "goblins"), active="dragon", pieces={"dragon": [3, 0], "tribe:fangs": [1, 0]},
                 dragon={"placed": True, "hand": ["claw", "claw"]},
                 goblins={"population": {"fangs": 3, "bones": 2, "eye": 0},
                          "monsters": {"fangs": ["bright_beetles"], "bones": ["ogre"]}})
    choose(g, "power:hiss", "hiss:fangs", "no_response:")
    assert kind(g) == "bright_beetles"
    assert rule_reason(g, "goblins", Target("card", "ogre")) == (
        "Only the Bright Beetles spare Goblins from the Hiss; the Ogre does not.")


def drawing_secrets(hand: list[str], face_up: list[str], deck: list[str]) -> Game:
    """Fear (1 Monster, discarded; 2 Secrets) drawn with ``hand`` and ``face_up``: the game
    stops at the first decision after the Monster."""
    g = gob_game(war="fear", goblins={"population": {"fangs": 1, "bones": 1, "eye": 0}, "hand": hand,
                                      "face_up": face_up, "secrets_deck": deck})
    if kind(g) == "war_card":                                  # the Goblin Ruby offers to swap Fear
        choose(g, "war:fear")
    choose(g, "populate:")
    assert kind(g) == "assign_monster"
    choose(g, "discard:")
    return g


def test_GB_51_discard_only_a_card_held() -> None:
    """GB-51: over the hand limit of 5 the Goblins discard one of the cards they hold."""
    g = drawing_secrets(["hex", "poison", "leader", "cave_in"], [], ["trap", "blind_fury"])
    assert kind(g) == "discard_secret"
    assert checked(g, "goblins", Target("card", "fire_bomber")) == Reason(
        "You do not hold Fire Bomber: your Secrets in hand are Hex, Poison, Leader, Cave-In, Trap, Blind Fury.",
        "GB-50")


def test_goblin_ruby_swaps_only_a_card_just_drawn() -> None:
    """The Goblin Ruby (COMPONENT_DATA) swaps one Secrets card just drawn: not one held before,
    nor a face-up card."""
    g = drawing_secrets(["hex"], ["goblin_ruby"], ["trap", "blind_fury", "poison"])
    assert kind(g) == "ruby_secret" and {"ruby:trap", "ruby:blind_fury"} <= set(g.pending.ids)
    assert checked(g, "goblins", Target("card", "hex")) == Reason(
        "You did not just draw Hex: the Goblin Ruby swaps only a Secrets card just drawn.", "goblins.secrets")
    assert checked(g, "goblins", Target("card", "goblin_ruby")) == Reason(
        "The Goblin Ruby itself is face up: the Goblin Ruby swaps one Secrets card just drawn, not a face-up one.",
        "goblins.secrets")


def test_GB_82_GB_83_the_tribe_being_revealed() -> None:
    """GB-82/83: the Tribe being revealed goes onto a highlighted space, not its own board slot;
    GB-59: another Tribe waits for this activation to finish."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}})
    to_activation(g)
    choose(g, "activate:fangs")
    assert kind(g) == "reveal_tribe"
    assert rule_reason(g, "goblins", Target("slot", "goblins.fangs")).startswith(
        "The Fangs Tribe is revealed onto a highlighted Dark tile with its symbol")
    assert checked(g, "goblins", Target("slot", "goblins.bones")) == Reason(
        "The Fangs Tribe is being activated: its activation finishes before the Bones Tribe's starts.", "GB-59")


# ------------------------------------------------------------ the Thief
def test_TH_41_TH_42_TH_54_upgrades_taken_and_flips_in_order() -> None:
    """TH-41/42: an upgrade bought holds its token; TH-54: the Flips fill left to right."""
    g = thief_game(at=(1, 0), thief={"upgrades": ["sticky_fingers"], "carried": ["treasure"]})
    choose(g, "move:0,0")
    assert kind(g) == "thief_upgrade"
    assert checked(g, "thief", Target("slot", "thief.upgrade.sticky_fingers")) == Reason(
        "Your Sticky Fingers upgrade is already bought: one Treasure token per upgrade, never moved.", "TH-42")
    assert checked(g, "thief", Target("slot", "thief.upgrade.flip_3_to_4")) == Reason(
        "The Flip upgrades fill left to right: Flip 2 to 3 comes first.", "TH-54")


def test_TH_28_hide_loot_costs_a_cube_per_level() -> None:
    """TH-28: from Loot Drop Level 3 with 2 Action cubes he reaches Level 1 at most; Level 3 is
    where he is."""
    g = thief_game(stats="4-3-2")
    assert kind(g) == "thief_turn" and g.state.thief.cubes == 2
    assert checked(g, "thief", Target("slot", "thief.loot_drop.0")) == Reason(
        "Lowering the Loot Drop Level from 3 to 0 costs 3 Action cubes and you have 2.", "TH-28")
    assert checked(g, "thief", Target("slot", "thief.loot_drop.3")) == Reason(
        "Your Loot Drop Level is 3: Hide Loot only lowers it.", "TH-28")


def test_TH_03_TH_54_stat_tokens_assignments() -> None:
    """TH-03/54: with the 2 flipped to 3 his tokens show 3, 3, 4, so 4-3-2 is no assignment; in
    his turn the tokens stay where they were put."""
    g = thief_game(stats=None, thief={"flipped": [True, False, False], "upgrades": ["flip_2_to_3"]})
    assert kind(g) == "thief_stats"
    assert checked(g, "thief", Target("slot", "thief.stats.4-3-2")) == Reason(
        "Your Stat tokens show 3, 3, 4: Movement, Stealth and Thievery 4, 3, 2 is not an assignment of them.", "TH-03")
    choose(g, "assign:4-3-3")
    assert checked(g, "thief", Target("slot", "thief.stats.3-3-4")) == Reason(
        "Your Stat tokens are assigned at the start of your turn and stay until the next: now Movement 4, "
        "Stealth 3, Thievery 3.", "TH-03")


def test_TH_09_peek_only_at_his_own_tile() -> None:
    """TH-09: he peeks at and may reveal only the Dark tile he stands on."""
    g = thief_game(at=(1, 1))
    choose(g, "peek:")
    assert kind(g) == "thief_reveal"
    assert checked(g, "thief", (2, 1)) == Reason(
        "You peek at and may reveal only the Dark tile you stand on, at 1,1.", "TH-09")


def test_CV_24_TH_51_spores_take_an_upgrade_he_has() -> None:
    """CV-24/TH-51: Soporific Spores takes one of his upgrades; TH-54: only the last Flip."""
    row = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
           {"pos": [2, 0], "tile": "T25", "lit": True}]
    g = play(("cave", "thief"), "cave", row, {"thief": [2, 0]}, cave={"omens": {"quartz": 3}},
             thief={"upgrades": ["sticky_fingers", "flip_2_to_3", "flip_3_to_4"], "flipped": [True, True, False]})
    choose(g, "omen:soporific_spores", "spores:thief")
    assert kind(g) == "thief_spores"
    assert rule_reason(g, "thief", Target("slot", "thief.upgrade.hand_crossbow")) == (
        "You do not have Hand Crossbow: Soporific Spores takes an upgrade you have.")
    assert rule_reason(g, "thief", Target("slot", "thief.upgrade.flip_2_to_3")).startswith(
        "Only your last Flip can be lost")


def test_RV_05_TH_18_cards_the_thief_cannot_use() -> None:
    """RV-05: the Flare only for its holder; TH-18/22: the Knight's Treasure cards only through
    a Pickpocket on her."""
    g = thief_game(roles=("knight", "cave", "goblins", "thief"))          # the Flare is the Knight's here
    assert kind(g) == "thief_turn" and g.config.flare_holders == {"knight"}
    assert checked(g, "thief", Target("card", "flare")) == Reason("You do not hold the Flare card in this game.", "RV-05")
    assert rule_reason(g, "thief", Target("card", "javelin")).endswith("on her space.")


def test_TH_36_unnatural_evasion_slips_one_space() -> None:
    """TH-36: a foiled attack lets him step 1 space: 3,0 is 2 spaces from him."""
    row = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
           {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [3, 0], "tile": "T29", "lit": True}]
    g = play(("knight", "thief"), "knight", row, {"knight": [1, 0], "thief": [1, 0]},
             thief={"upgrades": ["unnatural_evasion"]}, knight={"cubes_free": 3})
    g.script_dice("action", 4, then="fail")
    choose(g, "cube:perception", "cube:perception", "cube:perception", "thief:attack")
    assert kind(g) == "thief_evasion"
    assert checked(g, "thief", (3, 0)) == Reason(
        "Unnatural Evasion slips away 1 space: 3,0 is 2 spaces from you at 1,0.", "TH-36")
