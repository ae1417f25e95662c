"""The Ghoul's refused clicks (issue 29): each answer is its rule check's own sentence, with
the numbers that decide it and the rule id for the reference's "Rule" link — its turn (a
space, a piece, a Terror card, the Flare), the skitter, the Treasure token taken from the map,
Scour's reveal and the Terror card kept.  Positions are built as in ``tests/rules/test_ghoul.py``
(the Ghoul on (1,0), its dice 6, 3, 1 with the 1 set aside: movement 6, attack 3)."""
from __future__ import annotations

from typing import Any

from rules.helpers import choose
from rules.helpers_goblins import to_activation
from rules.test_ghoul import ghoul_game, tiles

from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import is_fallback, why_not_reason
from vast_desktop.engine.game import Game
from vast_desktop.teach.reference import load_reference


def answer(g: Game, kind: str, ref: str) -> tuple[str, str]:
    """The refusal of a click by the decider, as (words, rule); checked to be a rule check's."""
    d = g.pending
    assert d is not None
    reason = why_not_reason(g, d.role, Target(kind, ref))
    assert reason is not None and reason.checked and not is_fallback(g, reason), reason
    assert load_reference().for_rule(reason.rule) is not None, reason.rule
    return reason.text, reason.rule


def test_its_turn_answers_a_space_a_piece_and_its_own_piece() -> None:
    g = ghoul_game(pieces={"knight": [2, 0]})
    assert answer(g, "space", "3,0") == ("The Ghoul moves one space at a time, and 3,0 is not next to it.", "GH-10")
    assert answer(g, "space", "1,0") == ("There is no Treasure token, Dragon Gem or Crystal on the Ghoul's space to "
                                         "collect or smash.", "GH-13")
    assert answer(g, "piece", "ghoul") == ("The Ghoul moves one space at a time: click a highlighted space next to "
                                           "it.", "GH-10")
    assert answer(g, "card", "flare") == ("The Ghoul does not hold the Flare in this game.", "RV-05")
    g = ghoul_game(pieces={"knight": [0, 1]})
    assert answer(g, "piece", "knight") == ("The Ghoul attacks a piece on its own space, or on a space next to it "
                                            "that it moves onto; the Knight is 2 spaces away.", "GH-16")


def test_its_attacks_and_smash_name_the_discs() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]}, dice=[6, 1, 1])
    assert answer(g, "piece", "knight") == ("Attacking the Knight costs 2 Ghoul discs (1 + its defence 1); you have "
                                            "1.", "GH-16")
    g = ghoul_game(tokens={"1,0": {"crystal": 1}}, dice=[6, 1, 1])
    assert answer(g, "space", "1,0") == ("Smashing a Crystal costs 3 Ghoul discs; you have 1.", "GH-22")


def test_terror_cards_say_which_effect_and_why() -> None:
    g = ghoul_game(ghoul={"terror": ["blink", "chase#1"]})
    assert answer(g, "card", "blink") == ("Blink jumps from a Crystal tile, and the Ghoul is not on one.", "GH-28")
    assert answer(g, "space", "3,0") == ("The Ghoul moves one space at a time, and 3,0 is not next to it. Blink "
                                         "jumps from a Crystal tile, and the Ghoul is not on one.", "GH-28")
    choose(g, "terror:chase#1:first")
    assert answer(g, "card", "chase#1") == ("Chase's first effect is used once per turn, and you used it this turn.",
                                            "GH-28")
    g = ghoul_game(ghoul={"terror": ["adapt"]})
    text, rule = answer(g, "card", "adapt")
    assert text.startswith("Adapt's once-per-game effect is used at its own moment, not as an action: When you "
                           "would draw a Terror card") and rule == "GH-28"
    crystals: list[dict[str, Any]] = [*tiles(), {"pos": [3, 0], "tile": "T37", "lit": True},
                                      {"pos": [4, 0], "tile": "T39", "lit": True}]
    g = ghoul_game(at=(3, 0), tiles=crystals, ghoul={"terror": ["blink"]})
    assert answer(g, "space", "9,9") == ("The Ghoul moves one space at a time, and 9,9 is not next to it. Blink "
                                         "jumps onto a tile, and there is no tile at 9,9.", "GH-28")


def test_the_skitter_names_the_symbol_and_the_entrance() -> None:
    g = ghoul_game(pieces={"knight": [1, 0]}, tiles=[*tiles(), {"pos": [3, 0], "tile": "T04", "lit": False}])
    choose(g, "attack:knight", "loss:health", "symbol:fangs")
    assert g.pending is not None and g.pending.kind == "ghoul_skitter"
    assert answer(g, "space", "2,1") == ("The Ghoul skitters to a tile with the Fangs symbol, and the tile at 2,1 "
                                         "shows the Bones symbol.", "GH-39")
    assert answer(g, "space", "0,0") == ("The Ghoul skitters to a Dark tile, and 0,0 is not one.", "GH-39")
    assert answer(g, "space", "1,0") == ("The Ghoul skitters away from its own space.", "GH-39")
    g = ghoul_game(pieces={"knight": [1, 0]}, tokens={"0,1": {"treasure": 1}, "2,1": {"treasure": 1},
                                                    "-1,0": {"treasure": 1}})
    choose(g, "attack:knight", "loss:health")
    assert answer(g, "space", "2,0") == ("With no unoccupied Dark tile, the Ghoul skitters to an unoccupied space "
                                         "around the Entrance, and 2,0 is not one.", "GH-41")


def test_taking_treasure_scour_and_keeping_a_card() -> None:
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [2, 0]}, ghoul={"terror": ["seize"]},
                   tokens={"1,0": {"gem_claw": 1}, "0,1": {"treasure": 1}, "2,1": {"treasure": 1}})
    g.state.supply["treasure"] = 0
    choose(g, "collect:gem_claw:safe")
    assert answer(g, "space", "2,0") == ("The Cave's supply is empty, so the Ghoul takes a Treasure token from the "
                                         "map, and there is none at 2,0.", "GH-14")
    g = ghoul_game(at=(2, 1), ghoul={"terror": ["scour"]})
    choose(g, "terror:scour:first")
    assert answer(g, "space", "2,0") == ("Scour may reveal only the Dark tile the Ghoul looked at, at 2,1.", "GH-28")
    g = ghoul_game(dice=[1, 1, 1], ghoul={"terror": ["adapt"], "terror_deck": ["chase#1", "hunt#1", "blink"]},
                   aside=None)
    choose(g, "adapt:draw")
    assert answer(g, "card", "adapt") == ("You already hold Adapt: keep one of the Terror cards just drawn.", "GH-27")


def test_the_knight_and_a_tribe_clicking_the_ghoul() -> None:
    """Her click on it is about the Bow (GH-32: entering its space is her step); a Tribe's is
    about stepping onto its space from the tile next to it (GH-33)."""
    g = ghoul_game(pieces={"knight": [1, 0]}, at=(2, 0), active="knight")
    assert answer(g, "piece", "ghoul")[0] == "The Bow shoots only while a Hero cube is on it."
    g = ghoul_game(roles=("goblins", "ghoul"), pieces={"tribe:fangs": [0, -1]}, at=(2, 0), active="goblins",
                   goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    to_activation(g)
    choose(g, "activate:fangs")
    assert answer(g, "piece", "ghoul") == ("The Fangs Tribe attacks the Ghoul by stepping onto its space from the tile "
                                           "next to it: move next to 2,0 first.", "GH-33")
    choose(g, "move:0,0", "move:1,0")
    assert g.pending is not None and "move:2,0" in g.pending.ids
    assert why_not_reason(g, "goblins", Target("piece", "ghoul")) is None          # Attack the Ghoul at 2,0
