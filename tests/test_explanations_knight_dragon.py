"""Issue 6, explanations for the Knight's and the Dragon's decisions (why_not_knight_dragon):
a click on the kind of thing a decision asks for (a slot of the deciding role's board, one
of its cards, a space, a piece) that is not an option gets the rule whose condition fails
for that very target, with its numbers and its checklist id.

Each test builds the exact position with load_scenario (or, where the decision comes out
of a chain of rolls, finds it in a seeded random game) and checks the sentence."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

# the explanation tests' one set of position helpers
from test_explanations import ENTRANCE, ROW, WALLED, choose, dark, game, lit  # noqa: E402,F401

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, load_scenario, new_game
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import RULE, why_not, why_not_graded, why_not_reason
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.knight import board as kb


def rule_reason(g: Game, target: Any) -> str:
    """The reason for the deciding role, which must be a rule-level one."""
    assert g.pending is not None
    reason, grade = why_not_graded(g, g.pending.role, target)
    assert reason is not None and grade == RULE, (reason, grade)
    return reason


def checked(g: Game, target: Any) -> Reason:
    """The deciding role's reason, which must be a rule check's (it names its rule)."""
    assert g.pending is not None
    reason = why_not_reason(g, g.pending.role, target)
    assert reason is not None and reason.checked, reason
    return reason


def seeded_decision(kind: str, roles: tuple[str, ...], ok: Callable[[Game], bool] = lambda g: True) -> Game:
    """The first ``kind`` decision (meeting ``ok``) in random games with these roles."""
    for seed in range(1, 40):
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 1500:
            d = g.pending
            assert d is not None
            if d.kind == kind and ok(g):
                return g
            g.apply(bot(None, d))
    raise AssertionError(f"no {kind} decision in 40 games")


# ================================================================ the Knight
def test_KN_72_a_bomb_goes_on_a_wall_of_her_own_tile() -> None:
    """KN-72: with a Bomb on offer, it goes on a wall of her own tile; another edge, or an open one, is named."""
    g = game(("knight", "cave"), "knight", tiles=WALLED, pieces={"knight": [0, 0]}, knight={"cubes_free": 2})
    assert g.pending is not None and "bomb:1,0" in g.pending.ids
    assert checked(g, Target("edge", "1,0|2,0")) == Reason(
        "A Bomb goes on a wall of your own tile, 0,0: this edge lies between 1,0 and 2,0.", "KN-72")
    g2 = game(("knight", "dragon"), "knight", tiles=WALLED, pieces={"knight": [1, 0], "dragon": [2, 0]},
              knight={"cubes_free": 2})
    assert g2.pending is not None and {"bomb:0,0", "bomb:2,0"} <= set(g2.pending.ids)
    assert checked(g2, Target("edge", "1,0|1,1")) == Reason("There is no wall on this edge of your tile to blow up.",
                                                            "KN-72")


def test_KN_78_KN_75_a_bombed_wall_and_no_bomb_tokens_left() -> None:
    """KN-78: a bombed wall stays open (no second Bomb on it); KN-75: only 3 Bomb tokens."""
    g = game(("knight", "dragon"), "knight", tiles=WALLED, pieces={"knight": [0, 0], "dragon": [2, 0]},
             knight={"cubes_free": 2})
    choose(g, "bomb:1,0")
    assert checked(g, Target("edge", "0,0|1,0")) == Reason(
        "There is a Bomb token on this wall already: the edge toward 1,0 stays open.", "KN-78")
    g2 = game(("knight", "cave"), "knight", tiles=WALLED, pieces={"knight": [0, 0]},
              knight={"cubes_free": 2, "bombs_left": 0})
    assert checked(g2, Target("edge", "0,0|1,0")) == Reason(
        "All 3 Bomb tokens are placed: no more walls can be blown up.", "KN-75")


def test_KN_08_KN_12_a_full_track_and_KN_82_the_shield() -> None:
    """KN-08/12: 3 cubes fill a track (Strength 4); KN-82: the Shield takes one cube."""
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"cubes_free": 5})
    choose(g, "cube:strength", "cube:strength", "cube:strength", "cube:shield")
    assert kb.strength(g) == 4
    assert checked(g, Target("slot", "knight.strength")) == Reason(
        "The Strength track is full: 3 Hero cubes, Strength 4.", "KN-12")
    assert checked(g, Target("slot", "knight.shield")) == Reason(
        "The Shield has its Hero cube already: one cube raises it.", "KN-82")


def test_KN_11_KN_79_no_cube_left_and_the_bow_without_goblins() -> None:
    """KN-10/11: with every cube placed nothing more goes on the board; KN-79: the Bow shoots Tribes only."""
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"cubes_free": 2})
    assert checked(g, Target("slot", "knight.bow")) == Reason(
        "The Bow shoots Goblin Tribes only, and no one plays the Goblins.", "KN-79")
    choose(g, "cube:movement", "cube:movement")
    reason = checked(g, Target("slot", "knight.map"))
    assert reason.text.startswith("You have no unplaced Hero cube to put on Ancient Map") and reason.rule == "KN-10"


def test_KN_72_KN_74_the_bomb_slot_is_used_not_filled() -> None:
    """KN-72: a cube goes on the Bomb only by using it; KN-74: a wall or a Bomb attack, not both."""
    g = game(("knight", "dragon"), "knight", tiles=WALLED, pieces={"knight": [0, 0], "dragon": [2, 0]},
             knight={"cubes_free": 2})
    assert "click a wall of your tile" in checked(g, Target("slot", "knight.bomb")).text
    choose(g, "bomb:1,0")
    assert checked(g, Target("slot", "knight.bomb")) == Reason(
        "You blew up a wall this turn, so no Bomb attack on the Dragon; another wall of your tile takes one "
        "of your 2 Bomb tokens: click it.", "KN-74")


def test_KN_99_a_sidequest_not_met_counts_the_progress() -> None:
    """KN-99: a Sidequest is revealed once its condition is met; the reason quotes it and the count so far."""
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"sidequests": ["intrepid"]})
    reason = checked(g, Target("card", "intrepid"))
    assert reason.text.startswith("Sidequest Intrepid is not met yet: At least 10 Cave tiles") and reason.rule == "KN-99"
    assert reason.text.endswith("Now: 3 Cave tiles revealed.")


def test_KN_95_KN_17_KN_18_the_potion_kit() -> None:
    """KN-95: the Potion Kit is drunk by discarding the cube on it, for 2 Health; KN-17/18:
    never one of her 2 starting cubes; and not at full Health."""
    kit = {"treasures": ["potion_kit"], "face_up": ["potion_kit"]}
    g = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"cubes_free": 2, **kit})
    assert checked(g, Target("card", "potion_kit")) == Reason(
        "The Potion Kit is drunk by discarding the Hero cube on it: put a cube on it first.", "KN-95")
    choose(g, "cube:treasure:potion_kit")
    assert checked(g, Target("card", "potion_kit")) == Reason(
        "You have only your 2 starting Hero cubes: none may be discarded, so the Potion Kit cannot be drunk.",
        "KN-17")
    g2 = game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"cubes_free": 3, **kit})
    choose(g2, "cube:treasure:potion_kit")
    assert checked(g2, Target("card", "potion_kit")) == Reason(
        "Your Health is full (7/7): the Potion Kit restores Health.", "KN-95")


def test_KN_66_she_keeps_or_declines_only_the_card_she_found() -> None:
    """KN-66: the choice is about the Treasure card just found, not one she holds."""
    g = game(("knight", "dragon"), "knight", pieces={"knight": [1, 0], "dragon": [3, 0]},
             tokens={"1,0": {"treasure": 1}}, treasure_deck=["elven_sword", "heroic_boots"],
             knight={"treasures": ["mighty_axe"], "face_up": ["mighty_axe"]})
    choose(g, "collect:treasure")
    assert g.pending is not None and g.pending.kind == "keep_treasure"
    assert checked(g, Target("card", "mighty_axe")) == Reason(
        "You keep or decline the Treasure card you have just found, Elven Sword: Mighty Axe is already one "
        "of your Treasure cards.", "KN-66")


def test_KN_38_before_an_ambush_only_strength() -> None:
    """KN-38: before an Ambush she may add Hero cubes to Strength only."""
    g = seeded_decision("ambush_strength", ("knight", "cave"))
    assert checked(g, Target("slot", "knight.perception")) == Reason(
        "Before an Ambush only Strength may take more Hero cubes: Perception does not fight it.", "KN-38")


def test_KN_113_a_cube_is_given_up_only_where_there_is_one() -> None:
    """KN-113 (and the Events that take a cube): she gives up an unplaced cube or a placed one she has."""
    g = seeded_decision("choose_cube", ("knight", "cave"))
    k = kb.knight(g)
    empty = next(s for s in ("shield", "map", "strength", "perception", "movement")
                 if not (k.equip.get(s) or k.track.get(s)))
    reason = checked(g, Target("slot", f"knight.{empty}"))
    assert reason.text.startswith(f"There is no Hero cube on {kb.slot_label(g, empty)} to give up")
    assert reason.rule == ("KN-113" if "Grit" in g.pending.prompt else "KN-10")


# ================================================================ the Dragon
def dragon_turn(**dragon: Any) -> Game:
    return game(("knight", "dragon"), "dragon", pieces={"knight": [3, 0], "dragon": [1, 0]},
                dragon=dragon, tokens=dragon.pop("tokens", {}))


def test_DR_58_DR_61_sloth_cubes_move_by_their_conditions() -> None:
    """DR-58/61: a Sloth cube moves to Wakefulness when its condition is met, never by hand;
    an empty box has none to move."""
    g = dragon_turn(hand=["claw"], sloth={"hunger": 0})
    assert checked(g, Target("slot", "dragon.sloth.greed")) == Reason(
        "Sloth cubes are not moved by hand: a Greed cube (4 left) moves to Wakefulness when you pick up a Treasure "
        "token, after all your movement.", "DR-58")
    assert checked(g, Target("slot", "dragon.sloth.hunger")) == Reason("Hunger has no Sloth cube left to move.", "DR-61")


def test_DR_19_DR_53_DR_33_gems_and_the_shriek_token_on_his_board() -> None:
    """DR-19/21: a Gem on the map pays its symbol; DR-53: a Gem in the supply is placed later;
    DR-33: the Shriek power places the Shriek token."""
    g = dragon_turn(hand=["claw"], tokens={"2,0": {"gem_claw": 1}})
    assert checked(g, Target("slot", "dragon.gem.claw")) == Reason(
        "The Claw Gem is on the map at 2,0: its symbol pays for a power — choose a power on your board, then pay.",
        "DR-19")
    assert checked(g, Target("slot", "dragon.gem.flame")).rule == "DR-53"
    assert checked(g, Target("slot", "dragon.shriek")) == Reason(
        "The Shriek token is not placed: the Shriek power (any symbol + any symbol) places it.", "DR-33")


def test_DR_17_DR_19_what_can_pay_for_a_power() -> None:
    """DR-17: only matching symbols pay; DR-19/21: only Gems on the map; a card out of hand pays nothing."""
    g = dragon_turn(hand=["claw", "claw", "flame"], tokens={"2,0": {"gem_claw": 1}})
    choose(g, "power:claw")
    d = g.pending
    assert d is not None and d.kind == "pay_power"
    hand = g.state.dragon.hand
    flame = next(c for c in hand if c.startswith("power_flame"))
    assert checked(g, Target("card", flame)) == Reason("Claw costs Claw: a Flame card cannot pay it.", "DR-17")
    assert checked(g, Target("slot", "dragon.gem.wing")) == Reason(
        "The Wing Gem is in your supply, not on the map: only Gems on the map pay.", "DR-19")
    offered = {t.ref for o in d.options for t in o.targets if t.kind == "card"}
    other_claw = next(c for c in hand if c.startswith("power_claw") and c not in offered)
    assert checked(g, Target("card", other_claw)) == Reason(
        "Your Claw cards are alike: the highlighted Claw card stands for any of them.", "DR-17")
    outside = g.state.dragon.deck[0]
    assert "is not in your hand" in checked(g, Target("card", outside)).text
    assert checked(g, Target("slot", "dragon.sloth.greed")).text.startswith("Sloth cubes do not pay for powers")
    assert checked(g, Target("slot", "dragon.power.wing")) == Reason(
        "Wing is used in the Move and Use Powers phase of the Dragon's turn, one power at a time; now: Pay for Claw: "
        "choose the symbols", "DR-17")


def test_DR_31_burn_reveals_a_dark_tile() -> None:
    """DR-31: Burn reveals one Dark tile anywhere; a revealed tile or an open space is not one."""
    g = game(("knight", "dragon"), "dragon", tiles=[*ROW[:3], dark(3, 0, "T29")],
             pieces={"knight": [0, 0], "dragon": [1, 0]}, dragon={"hand": ["flame", "wing"]})
    choose(g, "power:burn")
    assert g.pending is not None and g.pending.kind == "dragon_burn"
    assert why_not_reason(g, "dragon", (2, 0)) == Reason("Burn reveals a Dark tile, and the tile at 2,0 is already "
                                                         "revealed.", "DR-31")
    assert why_not_reason(g, "dragon", (5, 5)) == Reason("There is no tile at 5,5: Burn reveals a Dark tile on the "
                                                         "map.", "DR-31")


def test_DR_35_the_flame_wall_goes_next_to_him() -> None:
    """DR-35/41: the Flame Wall goes on a visible tile next to his, never his own."""
    g = dragon_turn(hand=["flame", "flame", "flame"])
    choose(g, "power:flame_wall")
    assert g.pending is not None and g.pending.kind == "dragon_flame_wall"
    assert why_not_reason(g, "dragon", (3, 0)) == Reason("The Flame Wall goes on a tile next to yours: 3,0 is 2 "
                                                         "spaces away.", "DR-35")
    assert why_not_reason(g, "dragon", (1, 0)) == Reason("The Flame Wall goes on a tile next to yours, never your "
                                                         "own.", "DR-41")


def test_DR_29_swat_reaches_five_spaces_from_a_token_next_to_him() -> None:
    """DR-29/41: Swat moves a token from a space next to him up to 5 spaces; FM-10: not onto a piece."""
    tiles = [*ROW, lit(9, 0, "T30")]
    g = game(("knight", "dragon"), "dragon", tiles=tiles, pieces={"knight": [3, 0], "dragon": [1, 0]},
             dragon={"hand": ["claw", "wing"]}, tokens={"2,0": {"treasure": 1}})
    choose(g, "power:swat")
    assert g.pending is not None and g.pending.kind == "dragon_swat"
    assert checked(g, (9, 0)) == Reason("Swat moves a token up to 5 spaces: 9,0 is 7 spaces from the nearest one "
                                        "you can Swat, the Treasure token at 2,0.", "DR-29")
    assert checked(g, (3, 0)) == Reason("The Knight stands on 3,0: the Treasure token may pass a piece but not stop "
                                        "on it.", "FM-10")
    assert checked(g, (1, 0)) == Reason("Swat takes a token from a space next to yours, never your own.", "DR-41")


def test_DR_24_claw_pushes_the_knight_one_space() -> None:
    """DR-24 (FM-19): Claw moves the Knight 1 space; the reason says how far the space is."""
    g = game(("knight", "dragon"), "dragon", pieces={"knight": [2, 0], "dragon": [1, 0]}, dragon={"hand": ["claw"]})
    g.script_dice("dragon", 1, then="repeat")                    # all eight around: her tile is hit
    choose(g, "power:claw")
    assert g.pending is not None and g.pending.kind == "dragon_push"
    assert checked(g, (0, 0)) == Reason("Claw moves the Knight 1 space: 0,0 is 2 spaces away.", "DR-24")
    assert checked(g, (2, 0)) == Reason("The Knight is on 2,0 already: Claw moves her to another space.", "DR-24")
    assert checked(g, (1, 0)) == Reason("The Dragon stands on 1,0: the Knight is never moved onto another player.",
                                        "FM-05")
    assert checked(g, Target("piece", "dragon")) == Reason("Claw moves the Knight: the Dragon stays where it is.",
                                                           "DR-24")


def test_DIE_08_only_the_shriek_token_rerolls() -> None:
    """DIE-08: with the Shriek token placed he may spend it to reroll; nothing else on his board does."""
    g = game(("knight", "dragon"), "dragon", pieces={"knight": [3, 0], "dragon": [1, 0]},
             dragon={"hand": ["claw"], "shriek": True})
    g.script_dice("dragon", 6, then="repeat")
    choose(g, "power:claw")
    assert g.pending is not None and g.pending.kind == "shriek_reroll"
    assert checked(g, Target("slot", "dragon.sloth.greed")) == Reason(
        "Only the Shriek token rerolls the Dragon die: the Greed Sloth box does not.", "DIE-08")


def test_DR_48_DR_53_treasure_and_gems_on_his_own_tile() -> None:
    """DR-48: he picks up the Treasure on his own tile; DR-53: a Gem from his supply goes on his tile."""
    g = dragon_turn(hand=["claw"], tokens={"1,0": {"treasure": 1}, "3,0": {"gem_flame": 1}})
    choose(g, "end:")
    assert g.pending is not None and g.pending.kind == "dragon_treasure"
    assert checked(g, (2, 0)) == Reason("You pick up only the Treasure tokens on your own tile, 1,0; 2,0 is not it.",
                                        "DR-48")
    choose(g, "skip:")
    assert g.pending is not None and g.pending.kind == "dragon_gem"
    assert checked(g, (0, 0)) == Reason("A Dragon Gem goes on your own tile, 1,0; 0,0 is not it.", "DR-53")
    assert checked(g, Target("slot", "dragon.gem.flame")) == Reason(
        "The Flame Gem is already on the map at 3,0: only a Gem from your supply is placed.", "DR-53")
    assert why_not(g, "dragon", Target("slot", "dragon.gem.claw")) is None       # a Gem of his supply is chosen


def test_DR_28_slither_moves_only_sloth_cubes() -> None:
    """DR-28: Slither moves a Sloth cube between Sloth boxes; a Gem is not one."""
    g = dragon_turn(hand=["claw", "flame"], sloth={"greed": 3})
    choose(g, "power:slither")
    assert g.pending is not None and g.pending.kind == "dragon_slither"
    assert checked(g, Target("slot", "dragon.gem.claw")) == Reason(
        "Slither moves a Sloth cube from one Sloth box to another: the Claw Gem is not one.", "DR-28")


def test_CV_24_DR_69_RV_14_spores_needs_a_box_with_room() -> None:
    """CV-24, DR-69: Soporific Spores puts a Wakefulness cube back on a Sloth box with an empty
    space; RV-14: never the Hunger cubes moved at setup."""
    g = game(("knight", "cave", "dragon"), "cave", pieces={"knight": [3, 0], "dragon": [1, 0]},
             cave={"hand": ["T01", "T05", "T10"], "omens": {"quartz": 3, "bat": 3, "boulder": 3, "chasm": 3}},
             dragon={"sloth": {"greed": 3}, "wakefulness": 1})
    for _ in range(10):
        d = g.pending
        assert d is not None
        if d.kind == "dragon_spores":
            break
        nxt = next((o for o in d.ids if o.startswith(("omen:soporific", "spores:dragon"))), None)
        assert nxt is not None, d.ids
        g.apply(nxt)
    assert g.pending is not None and g.pending.kind == "dragon_spores"
    assert checked(g, Target("slot", "dragon.sloth.event")) == Reason(
        "Pride (Event) is full (4 of 4 cubes): the cube goes back to a box with an empty space.", "DR-69")
    assert checked(g, Target("slot", "dragon.sloth.hunger")) == Reason(       # RV-14: this three-player game
        "Hunger holds 2 of 4 cubes, and the 2 Hunger cubes moved at setup never go back to Hunger.", "RV-14")


def test_DR_27_hiss_hits_a_tribe_and_GB_56_only_trap_answers() -> None:
    """DR-27: Hiss hits a Goblin Tribe, not another piece; GB-56/57: only the Trap card lets
    the Tribe ignore it, and the Goblins hold none here."""
    g = game(("knight", "goblins", "dragon"), "dragon",
             pieces={"knight": [3, 0], "dragon": [1, 0], "tribe:fangs": [2, 0]},
             goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": ["leader"]},
             dragon={"hand": ["claw", "claw"]})
    choose(g, "power:hiss")
    assert g.pending is not None and g.pending.kind == "dragon_hiss"
    assert checked(g, Target("piece", "knight")) == Reason(
        "Hiss hits a Goblin Tribe anywhere on the map: the Knight is not one.", "DR-27")
    choose(g, "hiss:fangs")
    assert g.pending is not None and g.pending.kind == "trap_dragon"
    assert rule_reason(g, Target("card", "leader")) == (
        "Only a Trap card lets the Tribe ignore the Dragon's power, and you hold none: Leader does "
        "not; answer No response.")


def test_DR_60_DR_62_pride_asks_about_one_condition() -> None:
    """DR-60/62: the Pride question is whether the condition met now moves its cube; other boxes move by their own."""
    g = seeded_decision("dragon_pride", ("knight", "dragon", "cave"))
    d = g.pending
    assert d is not None
    offered = next(t.ref for o in d.options for t in o.targets if t.kind == "slot")
    reason = checked(g, Target("slot", "dragon.sloth.greed"))
    assert reason.text.startswith("The Pride condition met now is") and "Greed is not Pride" in reason.text
    assert reason.rule == "DR-62" and offered != "dragon.sloth.greed"


def test_reasons_take_any_target_without_failing() -> None:
    """Whatever the screen sends (a card that is no card, an unknown slot, a malformed edge),
    the Knight's and Dragon's reasons answer or pass (None), never raise."""
    from vast_desktop.engine.explain import knight_dragon as wn

    odd = [Target("card", "terrain:lake"), Target("slot", "knight.treasure:nonsense"), Target("slot", "knight.grit"),
           Target("slot", "dragon.sloth.nonsense"), Target("slot", "dragon.power.nonsense"), Target("slot", "dragon"),
           Target("edge", "0,0|5,5"), Target("edge", "x|y"), Target("piece", "tribe:nonsense"), Target("space", "9,9")]
    for g in (dragon_turn(hand=["claw", "claw", "flame"], tokens={"2,0": {"gem_claw": 1}}),
              game(("knight", "cave"), "knight", pieces={"knight": [0, 0]}, knight={"cubes_free": 2})):
        d = g.pending
        assert d is not None
        answers = [rule(g, d, t) for t in odd for rule in wn.REASONS]
        assert any(answers) and all(a is None or isinstance(a, str | Reason) for a in answers)


def test_DR_47_no_goblins_no_hunger_by_eating() -> None:
    """DR-47: with no Goblins player he eats no Goblins, so Hunger cubes leave only by Slither."""
    g = dragon_turn(hand=["claw"], sloth={"hunger": 3})
    assert checked(g, Target("slot", "dragon.sloth.hunger")) == Reason(
        "Sloth cubes are not moved by hand: a Hunger cube (3 left) moves to Wakefulness only once Slither has moved "
        "it to another Sloth box: with no Goblins player he eats no Goblins.", "DR-47")


def test_KN_88_KN_96_treasure_slots() -> None:
    """KN-88: the Javelin needs no Hero cube; KN-96: one cube activates a Treasure she keeps, none one she lacks."""
    g = game(("knight", "dragon"), "knight", pieces={"knight": [0, 0], "dragon": [3, 0]},
             knight={"cubes_free": 2, "treasures": ["javelin", "elven_sword"], "face_up": ["javelin"]})
    assert checked(g, Target("slot", "knight.treasure:javelin")) == Reason(
        "The Javelin needs no Hero cube: ready it, and your next attack gets +1 Strength.", "KN-88")
    choose(g, "cube:treasure:elven_sword")
    assert checked(g, Target("slot", "knight.treasure:elven_sword")) == Reason(
        "Elven Sword has its Hero cube already: one cube makes it work.", "KN-96")
    assert checked(g, Target("slot", "knight.treasure:mighty_axe")) == Reason(
        "Mighty Axe is not among your Treasure cards: cubes go only on cards you keep.", "KN-96")


def test_TR_04_TR_06_terrain_cards_are_chosen_when_an_event_tile_is_revealed() -> None:
    """TR-04/06: a Terrain tile is chosen only when an Event tile is revealed, first time in a round."""
    g = dragon_turn(hand=["claw"])
    assert why_not(g, "dragon", Target("card", "terrain:lake")) == (
        "The Lake is chosen only when an Event tile is revealed, the first time in a round: not now.")


def test_VAR_37_the_platinum_scale_pays_for_nothing() -> None:
    """VAR-37: the Platinum Scale is played on its own, never spent on a power's cost."""
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 3, "variants": ["dragon-scales"]},
                       "active": "dragon", "tiles": ROW, "pieces": {"knight": [3, 0], "dragon": [1, 0]},
                       "tokens": {"2,0": {"gem_claw": 1}},
                       "dragon": {"placed": True, "hand": ["claw", "scale_platinum"]}})
    choose(g, "power:claw")
    assert g.pending is not None and g.pending.kind == "pay_power"
    assert checked(g, Target("card", "scale_platinum")) == Reason(
        "The Platinum Scale pays for nothing: it is played on its own.", "VAR-37")
