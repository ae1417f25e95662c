"""The tests' tools: ``Game.script_dice`` (the one way to force a die) and ``conftest.choose``.

A scripted face must behave like a rolled one — the same face names and affected spaces
(DIE-01..05), the step still a barrier for undo — and leave the game's RNG untouched, so
the rest of a scripted game draws exactly what an unscripted one would."""
from __future__ import annotations

from typing import Any

import pytest
from conftest import choose, pick

from vast_desktop.engine import EngineError, Game, load_scenario
from vast_desktop.engine.dice import DiceScriptError, roll_dragon_die
from vast_desktop.engine.roles.thief.turn import roll_action_die

ROW = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
       {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [3, 0], "tile": "T29", "lit": True}]


def claw_game(**dragon: Any) -> Game:
    """The Dragon's turn with Claw in hand, the Knight two spaces east of him."""
    return load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 3}, "active": "dragon", "tiles": ROW,
                          "pieces": {"dragon": [1, 0], "knight": [3, 0]},
                          "dragon": {"placed": True, "hand": ["claw"], **dragon}})


def test_scripted_faces_come_before_the_rng_and_leave_it_untouched() -> None:
    """Scripted faces are rolled in order; the RNG draws nothing for them, and once the
    script is spent (``then="rng"``) the RNG rolls exactly as an unscripted game's would."""
    g, plain = claw_game(), claw_game()
    script = g.script_dice("dragon", 6, 2)
    state = g.rng.getstate()
    assert [roll_dragon_die(g, (1, 0), "t", "t")[0] for _ in range(2)] == [6, 2]
    assert g.rng.getstate() == state and script.left == [] and script.rolled == ["t", "t"]
    assert roll_dragon_die(g, (1, 0), "t", "t")[0] == roll_dragon_die(plain, (1, 0), "t", "t")[0]
    assert [e.data["face"] for e in g.events if e.kind == "die_roll"][:2] == [6, 2]    # logged like a roll


def test_a_scripted_roll_is_a_barrier_like_a_real_one() -> None:
    """Undo never crosses a roll (the barrier rule), scripted or not."""
    g = claw_game()
    g.script_dice("dragon", 4)                                   # the four corners: the Knight is not hit
    assert g.can_undo() is False                                 # nothing chosen yet
    choose(g, "power:claw")
    assert g.barrier_at == len(g.choices) and not g.can_undo()


def test_each_die_has_its_own_script_and_each_game_its_own_dice() -> None:
    g, other = claw_game(), claw_game()
    g.script_dice("action", 5)
    dragon = g.script_dice("dragon", 1, then="repeat")
    assert roll_action_die(g, "t") == 5
    assert [roll_dragon_die(g, (1, 0), "t", "t")[0] for _ in range(3)] == [1, 1, 1] and dragon.left == []
    assert other.dice.scripts == {} and other.dice.take("dragon", "t") is None


def test_a_roll_the_script_did_not_expect_fails() -> None:
    """``then="fail"``: one roll too many is an error, inside a step too (the test fails)."""
    g = claw_game()
    g.script_dice("dragon", then="fail")
    with pytest.raises(DiceScriptError, match="did not expect"):
        roll_dragon_die(g, (1, 0), "t", "t")
    g = claw_game()
    g.script_dice("dragon", then="fail")
    with pytest.raises(EngineError, match="DiceScriptError"):
        g.apply("power:claw")


@pytest.mark.parametrize(("die", "faces"), [("dragon", (7,)), ("action", (0,)), ("dragon", (3, -1))])
def test_a_face_the_die_does_not_have_is_refused(die: Any, faces: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="faces 1..6"):
        claw_game().script_dice(die, *faces)


def test_choose_by_id_label_or_predicate_and_fails_with_the_options() -> None:
    """An exact id wins; otherwise the one option whose label holds the words (any case),
    or the one a predicate accepts; none or several fail, listing the options on offer."""
    g = claw_game()
    assert pick(g, "power:claw").id == "power:claw"
    assert pick(g, "ROLL THE DRAGON DIE").id == "power:claw"
    assert pick(g, lambda o: o.id.startswith("end")).id == "end:"
    with pytest.raises(AssertionError, match="'power:claw': Claw"):
        pick(g, "no such option")
    with pytest.raises(AssertionError, match=r"fits \['move:0,0', 'move:2,0', 'move:3,0'\]"):
        pick(g, "Move to")
    assert choose(g, "move:2,0", "Finish moving") == ["move:2,0", "end:"]
