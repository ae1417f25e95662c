"""The Knight's questions in the middle of a turn, answered by one rule check each (issue 25,
item 2): the options and the why-not answer of the Underworm's drag (VAR-45) and the Ogre's
step back (RV-08, VAR-44) come from ``cards/ambush.py``'s checks, and the property of
``tests/test_legality_reasons.py`` holds at those decisions — which random games of the
standard roles rarely reach (Goblin Infestation line C, a Monster that wounds her)."""
from __future__ import annotations

from test_legality_reasons import CONVERTED, _check_decision

from vast_desktop.engine import Game
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import why_not_reason
from vast_desktop.engine.reasons import Reason

from .helpers import choose, dark, ids, lit
from .test_knight import ambush_game, solo


def _property_at(g: Game, kind: str) -> int:
    """The legality ⇔ reason property at the pending ``kind`` decision; its refusals."""
    d = g.pending
    assert d is not None and d.kind == kind, d
    return _check_decision(g, d, CONVERTED[kind])


def test_VAR_45_the_underworms_drag_options_and_reasons_are_one_check() -> None:
    """VAR-45: the Underworm drags her diagonally to the nearest Dark tile; any other space is
    refused by ``check_underworm`` with its reason, and the options are what it allows."""
    g = ambush_game("hard", monster_deck=["underworm"])
    choose(g, "move:1,0", "fight:")
    assert set(ids(g)) == {"burrow:0,-1", "burrow:0,1"}
    assert _property_at(g, "underworm") > 0
    assert why_not_reason(g, "knight", Target("space", "1,2")) == Reason(
        "The Underworm drags you diagonally, and 1,2 is not on a diagonal from 1,0.", "VAR-45")
    assert why_not_reason(g, "knight", Target("space", "3,2")) == Reason(
        "The Underworm drags you to the nearest tile it can: 2 steps is farther than 1.", "VAR-45")


def test_RV_08_VAR_44_the_ogres_step_back_options_and_reasons_are_one_check() -> None:
    """RV-08 (line C's Ogre), VAR-44: wounded by the Ogre she steps back to an adjacent Lit
    space with no piece and no token; ``check_step_back`` gives both the options and the
    reasons (a Dark space, a token, a space not next to her)."""
    g = solo([dark((1, 0), "T02"), lit((1, 1), "T31"), lit((2, 0), "T32"), lit((1, -1), "T33")],
             level="hard", monster_deck=["ogre", "pet_frog"], tokens={"1,-1": {"crystal": 1}})
    choose(g, "move:1,0", "fight:")
    assert set(ids(g)) == {"step:0,0", "step:1,1", "step:2,0"}
    assert _property_at(g, "ambush_step") > 0
    assert why_not_reason(g, "knight", Target("space", "1,-1")) == Reason(
        "You step back onto an empty space: a crystal token is on 1,-1.", "RV-08")
    assert why_not_reason(g, "knight", Target("space", "3,0")) == Reason(
        "You step back to a space next to you; 3,0 is not next to you.", "RV-08")


def test_KN_85_KN_87_the_enchanted_bow_on_the_dragon_and_the_thief_is_one_check() -> None:
    """KN-85 (a Hero cube on the Enchanted Bow lets it shoot), KN-87 (up to 5 spaces in a
    cardinal line): a click on the Dragon or the Thief away from her is the Bow's check —
    unloaded, it is the attack's (KN-25); in line and loaded, it is an option."""
    from test_explanations import ROW, game

    tiles = [*ROW, {"pos": [3, 1], "tile": "T31", "lit": True}]
    bow = {"cubes_free": 2, "treasures": ["enchanted_bow"], "face_up": ["enchanted_bow"]}
    g = game(("knight", "dragon", "thief"), "knight", tiles=tiles, knight=bow,
             pieces={"knight": [0, 0], "dragon": [3, 1], "thief": [3, 0]})
    assert _property_at(g, "knight_turn") > 0
    assert why_not_reason(g, "knight", Target("piece", "dragon")) == Reason(
        "The Dragon is at 3,1 and you are at 0,0: everything you attack or collect must be on your own tile.", "KN-25")
    choose(g, "cube:treasure:enchanted_bow")
    assert "dragon:bow" not in ids(g)
    assert _property_at(g, "knight_turn") > 0
    assert why_not_reason(g, "knight", Target("piece", "dragon")) == Reason(
        "The Enchanted Bow shoots up to 5 spaces in a straight line, north, east, south or west: the Dragon is not in "
        "line with you.", "KN-87")
    thief = why_not_reason(g, "knight", Target("piece", "thief"))
    assert ("thief:bow" in ids(g)) == (thief is None)
    assert thief is None or thief.rule == "KN-60"                 # his Stealth against her Perception (TH-30)
