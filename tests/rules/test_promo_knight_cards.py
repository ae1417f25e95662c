"""The Knight's bonus cards (issue 28): the promo-treasures, promo-sidequests and
revised-cards variants.  Each test names its checklist id or the card.

KN-97 Silver Gauntlet, KN-98 Treasure Trove, VAR-47 Cursed Amulet, Rune Staff,
VAR-20 revised Heroic Boots / Javelin / Cave Bread, VAR-15 Prepared, Noble Failure."""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game
from vast_desktop.engine.cards.ambush import AMBUSH_LINES
from vast_desktop.engine.cards.events import EVENT_HANDLERS
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.setup import Setup, SetupError, knight_deck, make_config, validate_setup
from vast_desktop.rules_data import load_rules_data

from .helpers import choose, entrance, ids, lit, scenario

NOT_CENTRE = 1                                   # a Dragon die face that is not the centre only
ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]


def K(g: Game) -> Any:
    assert g.state.knight is not None
    return g.state.knight


def knight_game(roles: tuple[str, ...] = ("knight", "cave"), **kw: Any) -> Game:
    data: dict[str, Any] = {"tiles": ROW, "pieces": {"knight": [0, 0]}, "active": "knight"}
    data.update(kw)
    return scenario(roles, **data)


def run(g: Game, proc: Any) -> None:
    """Drive a generator that asks nothing to its end."""
    for _ in proc:
        raise AssertionError("asked a question")


# ------------------------------------------------------------------ setup
def test_variants_put_the_bonus_cards_in_the_decks() -> None:
    rules = load_rules_data()
    cfg = make_config(Setup(roles=("knight", "cave"), variants=("promo-treasures", "promo-sidequests",
                                                                "revised-cards")), rules)
    treasures = knight_deck(rules, cfg, "treasures")
    assert {"silver_gauntlet", "treasure_trove", "cursed_amulet", "rune_staff"} <= set(treasures)
    assert "javelin_revised" in treasures and "heroic_boots_revised" in treasures
    assert "javelin" not in treasures and "heroic_boots" not in treasures and len(treasures) == 11
    assert {"prepared", "noble_failure"} <= set(knight_deck(rules, cfg, "sidequests"))
    events = knight_deck(rules, cfg, "events")
    assert "cave_bread_revised" in events and "cave_bread" not in events and "quake" not in events
    plain = make_config(Setup(roles=("knight", "cave")), rules)
    assert "silver_gauntlet" not in knight_deck(rules, plain, "treasures")


def test_knight_variants_need_the_knight() -> None:
    with pytest.raises(SetupError, match="promo-treasures variant changes the Knight's cards"):
        validate_setup(Setup(roles=("goblins", "cave"), variants=("promo-treasures",)), load_rules_data())


# ------------------------------------------------------------------ Silver Gauntlet
def test_KN_97_silver_gauntlet_strength_and_smash_discards_an_omen() -> None:
    """KN-97: +1 Strength on her turn; a smash still gives its Grit and the Cave discards an Omen."""
    g = knight_game(tokens={"0,0": {"crystal": 1}}, cave={"omens": {"quartz": 2}},
                    knight={"treasures": ["silver_gauntlet"], "cubes_free": 3, "grit": 0})
    choose(g, "cube:strength")
    before = kb.strength(g)
    choose(g, "cube:treasure:silver_gauntlet")
    assert kb.strength(g) == before + 1
    choose(g, "smash:", "omen:quartz")
    assert K(g).grit == 2 and g.state.cave.omens["quartz"] == 1


def test_KN_97_silver_gauntlet_thief_kill_gives_grit() -> None:
    from vast_desktop.engine.cards.promo_treasures import gauntlet_active, gauntlet_grit
    g = knight_game(knight={"treasures": ["silver_gauntlet"]})
    assert not gauntlet_active(g)
    choose(g, "cube:treasure:silver_gauntlet")
    assert gauntlet_active(g) and gauntlet_grit(g) == 2


def test_KN_97_silver_gauntlet_dragon_hit_discards_a_power_card() -> None:
    g = scenario(("knight", "dragon"), tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]}, active="knight",
                 collapse=True, knight={"treasures": ["silver_gauntlet"], "cubes_free": 3},
                 dragon={"hand": ["claw", "wing", "flame"]})
    choose(g, "cube:treasure:silver_gauntlet", "dragon:attack")
    while g.pending.kind == "dragon_discard":
        choose(g, ids(g)[0])
    d = g.state.dragon
    assert d.health == d.max_health - 1 and len(d.hand) == 2     # the damage AND the discard


# ------------------------------------------------------------------ Treasure Trove
def test_KN_98_treasure_trove_at_the_entrance_is_free() -> None:
    """KN-98: removing the Treasure Trove at the Entrance costs no Encounter; +8 Grit."""
    g = knight_game(knight={"treasures": ["treasure_trove"], "face_up": ["treasure_trove"], "grit": 0})
    choose(g, "treasure:trove:treasure_trove")
    assert K(g).grit == 8 and K(g).encounters_used == 0 and "treasure_trove" not in K(g).treasures


def test_KN_98_treasure_trove_only_at_the_entrance() -> None:
    g = knight_game(pieces={"knight": [1, 0]}, knight={"treasures": ["treasure_trove"], "face_up": ["treasure_trove"]})
    assert "treasure:trove:treasure_trove" not in ids(g)
    from vast_desktop.engine.cards.promo_treasures import check_trove
    reason = check_trove(g, "treasure_trove")
    assert reason is not None and "Entrance" in reason.text and reason.rule == "KN-98"


def test_treasure_trove_is_shown_when_kept() -> None:
    g = knight_game(roles=("knight",), treasure_deck=["treasure_trove"], tokens={"0,0": {"treasure": 1}})
    choose(g, "collect:treasure", "keep:treasure_trove")
    assert "treasure_trove" in K(g).face_up


def test_treasure_trove_pickpocket_must_take_it_and_resets_loot_drop() -> None:
    g = scenario(("knight", "thief"), tiles=ROW, pieces={"knight": [1, 0], "thief": [1, 0]}, active="thief",
                 knight={"treasures": ["treasure_trove", "elven_sword"], "face_up": ["treasure_trove", "elven_sword"]},
                 thief={"loot_drop": 1})
    from vast_desktop.engine.roles.thief.turn import PICKPOCKET_HARM
    gen = PICKPOCKET_HARM["knight"](g, "knight")
    decision = next(gen)
    assert [o.id for o in decision.options] == ["card:treasure_trove"]          # he must take it
    try:
        gen.send(decision.options[0])
    except StopIteration:
        pass
    assert g.state.thief.loot_drop == 3 and "treasure_trove" not in K(g).treasures


# ------------------------------------------------------------------ Cursed Amulet
def test_VAR_47_cursed_amulet_doubles_the_flame_giant() -> None:
    """VAR-47: the Flame Giant's Ambush (1 Health, +1 when her Strength is 3 or less) costs 4."""
    g = knight_game(knight={"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"], "health": 7,
                            "max_health": 7})
    g.state.active = "cave"                                      # an Ambush off her turn: no Strength bonus
    kb.lose_health(g, 1, "the Ambush", "ambush")
    run(g, AMBUSH_LINES["extra_health_if_weak"](g, "flame_giant"))
    assert K(g).health == 3


def test_cursed_amulet_bonuses_and_discard_after_health_change() -> None:
    g = knight_game(knight={"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"], "health": 7})
    plain = knight_game()
    assert kb.movement(g) == kb.movement(plain) + 1 and kb.perception(g) == kb.perception(plain) + 1
    assert kb.strength(g) == kb.strength(plain) + 1
    assert "treasure:amulet:cursed_amulet" not in ids(g)
    kb.lose_health(g, 1, "test", "ambush")
    assert K(g).health == 5                                      # doubled
    g2 = knight_game(knight={"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"], "health": 5,
                             "max_health": 7})
    kb.heal(g2, 1, "test")
    choose(g2, "cube:movement")                                  # the next decision offers the discard
    choose(g2, "treasure:amulet:cursed_amulet")
    assert "cursed_amulet" not in K(g2).treasures


# ------------------------------------------------------------------ Rune Staff
def test_rune_staff_teleport_costs_two_grit_a_space_shield_or_not() -> None:
    g = knight_game(knight={"treasures": ["rune_staff"], "grit": 4, "cubes_free": 3})
    choose(g, "cube:shield", "cube:treasure:rune_staff")
    assert "treasure:staff:rune_staff@2,0" in ids(g) and "treasure:staff:rune_staff@3,0" not in ids(g)
    choose(g, "treasure:staff:rune_staff@2,0")
    assert g.state.board.pieces["knight"] == (2, 0) and K(g).grit == 0 and K(g).moved == 0
    assert not any(i.startswith("treasure:staff:") for i in ids(g))     # once a turn


# ------------------------------------------------------------------ revised cards (VAR-20)
def test_VAR_20_revised_heroic_boots_three_movement() -> None:
    g = knight_game(knight={"treasures": ["heroic_boots_revised"]})
    choose(g, "cube:treasure:heroic_boots_revised")
    assert kb.movement(g) == kb.movement(knight_game()) + 3


def test_VAR_20_revised_javelin_readied_without_a_cube() -> None:
    g = scenario(("knight", "dragon"), tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]}, active="knight",
                 knight={"treasures": ["javelin_revised"], "track": {"strength": 0}})
    choose(g, "treasure:javelin:javelin_revised", "dragon:attack")   # underground, no Bomb
    assert g.state.dragon.health == g.state.dragon.max_health - 1 and "javelin_revised" not in K(g).treasures


def test_VAR_20_revised_cave_bread_cube_or_six_grit() -> None:
    g = knight_game(knight={"discarded": 1, "cubes_free": 2})
    run(g, EVENT_HANDLERS["cave_bread_revised"](g))
    assert K(g).discarded == 0 and K(g).cubes_free == 3
    run(g, EVENT_HANDLERS["cave_bread_revised"](g))
    assert K(g).grit == 6


# ------------------------------------------------------------------ Sidequests
def test_VAR_15_prepared_ends_the_turn_one_grit_a_cube() -> None:
    """VAR-15: revealing Prepared ends her turn; the Grit is 1 per unplaced cube and a cube
    it earns moves, meets and powers nothing this turn."""
    g = knight_game(roles=("knight", "cave"), knight={"sidequests": ["prepared"], "grit": 0})
    cubes = K(g).cubes_free
    choose(g, "sidequest:prepared")
    assert K(g).grit == cubes and "prepared" not in K(g).sidequests
    assert g.state.active != "knight"


def test_noble_failure_with_the_dragon_equal_strength_missed_roll() -> None:
    g = scenario(("knight", "dragon"), tiles=ROW, pieces={"knight": [1, 0], "dragon": [1, 0]}, active="knight",
                 collapse=True, knight={"sidequests": ["noble_failure"], "grit": 0, "track": {"strength": 0}})
    assert kb.attack_strength(g) == 1                            # equal to his Armor 1
    g.script_dice("dragon", NOT_CENTRE)
    choose(g, "dragon:attack")
    assert "noble_failure" in K(g).achievements
    choose(g, "sidequest:noble_failure")
    assert K(g).grit == 4


def test_noble_failure_without_the_dragon_leave_two_crystal_spaces() -> None:
    g = knight_game(tokens={"0,0": {"crystal": 1}, "1,0": {"crystal": 1}},
                    knight={"sidequests": ["noble_failure"], "grit": 0, "cubes_free": 3})
    choose(g, "cube:movement", "move:1,0")
    assert "sidequest:noble_failure" not in ids(g)
    choose(g, "move:2,0")
    choose(g, "sidequest:noble_failure")
    assert K(g).grit == 4


def test_VAR_20_revised_javelin_thrown_at_the_thief_three_spaces_away() -> None:
    """VAR-20: the revised Javelin hits a visible piece up to 3 spaces away (an Encounter), then leaves."""
    from vast_desktop.engine.roles.meetings.knight_thief import check_perception
    g = scenario(("knight", "thief"), tiles=ROW, pieces={"knight": [0, 0], "thief": [3, 0]}, active="knight",
                 knight={"treasures": ["javelin_revised"], "cubes_free": 5})
    while check_perception(g) is not None:                       # VAR-21: Perception must beat his Stealth
        assert "throwthief:" not in ids(g)
        choose(g, "cube:perception")
    assert "throwthief:" in ids(g)
    choose(g, "throwthief:")
    assert "javelin_revised" not in K(g).treasures and K(g).encounters_used == 1
    assert g.state.thief.dead or "thief" not in g.state.board.pieces or g.state.board.pieces["thief"] != (3, 0)


def test_VAR_20_revised_javelin_not_beyond_three_spaces_nor_on_a_bomb_turn() -> None:
    from vast_desktop.engine.roles.meetings.javelin_throw import check_throw
    row = [*ROW, lit((4, 0), "T02")]
    g = scenario(("knight", "thief"), tiles=row, pieces={"knight": [0, 0], "thief": [4, 0]}, active="knight",
                 knight={"treasures": ["javelin_revised"]})
    assert "throwthief:" not in ids(g)
    reason = check_throw(g, (4, 0))
    assert reason is not None and "up to 3 spaces" in reason.text
    K(g).bomb_attacked = True
    reason = check_throw(g, (2, 0))
    assert reason is not None and "Bomb turn" in reason.text


def test_KN_97_silver_gauntlet_tribe_attack_discards_a_secret() -> None:
    from vast_desktop.engine.roles.meetings.knight_goblins import gauntlet_secret
    g = scenario(("knight", "goblins"), tiles=ROW, pieces={"knight": [0, 0]}, active="knight",
                 knight={"treasures": ["silver_gauntlet"], "cubes_free": 3})
    choose(g, "cube:treasure:silver_gauntlet")
    hand = list(g.state.goblins.hand)
    gauntlet_secret(g)
    assert len(g.state.goblins.hand) == max(0, len(hand) - 1)


def test_VAR_20_click_on_the_thief_beyond_the_javelins_reach_says_why() -> None:
    from vast_desktop.engine.decisions import Target
    from vast_desktop.engine.explain.why_not import why_not
    row = [*ROW, lit((4, 0), "T02")]
    g = scenario(("knight", "thief"), tiles=row, pieces={"knight": [0, 0], "thief": [4, 0]}, active="knight",
                 knight={"treasures": ["javelin_revised"]})
    text = why_not(g, "knight", Target("piece", "thief"))
    assert text is not None and "up to 3 spaces" in text


def test_VAR_17_cursed_amulet_doubles_grit_loss_after_the_shield() -> None:
    g = knight_game(knight={"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"], "grit": 10,
                            "cubes_free": 3})
    run(g, kb.lose_grit(g, 3, "test"))
    assert K(g).grit == 4                                        # 3 doubled
    choose(g, "cube:shield")
    run(g, kb.lose_grit(g, 3, "test"))
    assert K(g).grit == 2                                        # the Shield cuts it to 1, doubled: 2


def test_VAR_17_cursed_amulet_pickpocket_takes_two_cards() -> None:
    from vast_desktop.engine.roles.thief.turn import PICKPOCKET_HARM
    g = scenario(("knight", "thief"), tiles=ROW, pieces={"knight": [1, 0], "thief": [1, 0]}, active="thief",
                 knight={"treasures": ["cursed_amulet", "elven_sword", "pixie_lantern"],
                         "face_up": ["cursed_amulet", "elven_sword", "pixie_lantern"]})
    gen = PICKPOCKET_HARM["knight"](g, "knight")
    decision = next(gen)
    try:
        while True:
            decision = gen.send(decision.options[0])
    except StopIteration:
        pass
    assert len(K(g).treasures) == 1


def test_VAR_19_rune_staff_cube_is_never_the_one_returned() -> None:
    """VAR-19: paying the Staff's Grit below a white space returns another cube, never the Staff's."""
    white = min(load_rules_data().knight.cube_grit_spaces)
    g = knight_game(knight={"treasures": ["rune_staff"], "grit": white + 1, "cubes_free": 4,
                            "grit_spaces": [s for s in load_rules_data().knight.cube_grit_spaces if s != white]})
    choose(g, "cube:strength", "cube:treasure:rune_staff", "cube:movement", "cube:perception")
    assert K(g).cubes_free == 0
    choose(g, "treasure:staff:rune_staff@1,0")
    while g.pending is not None and g.pending.kind == "choose_cube":
        assert "from:treasure:rune_staff" not in ids(g)
        choose(g, ids(g)[0])
    assert K(g).treasure_cubes["rune_staff"] == 1 and K(g).grit == white - 1


def test_VAR_21_javelin_throw_at_the_thief_needs_perception_over_stealth() -> None:
    g = scenario(("knight", "thief"), tiles=ROW, pieces={"knight": [0, 0], "thief": [2, 0]}, active="knight",
                 knight={"treasures": ["javelin_revised"]})
    from vast_desktop.engine.roles.meetings.knight_thief import check_perception
    assert ("throwthief:" in ids(g)) == (check_perception(g) is None)
