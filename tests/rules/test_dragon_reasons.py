"""The Dragon's movement and powers answered by the rule checks that build his options
(issue 25, item 2: roles/dragon/turn.py ``dragon_move``/``check_any_move``, roles/dragon/
powers.py ``check_power``/``check_play_card``): where the old explanations and the options
disagreed.  Every position is built with load_scenario (tests/rules/helpers_terrain.py)."""
from __future__ import annotations

from typing import Any

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import why_not_reason

from .helpers_terrain import ENTRANCE, choose, dragon_tgame, ids, lit, terrain

# A row of open tiles (0,0)..(6,0) and (0,1); the Pits at (1,1), (5,1) and (3,-1) (as in test_terrain_more.py).
ROW = [ENTRANCE, lit(1, 0, "T31"), lit(2, 0, "T32"), lit(3, 0, "T33"), lit(4, 0, "T13"), lit(5, 0, "T10"),
       lit(6, 0, "T01"), lit(0, 1, "T05")]
PITS = [terrain("pits_1", 1, 1), terrain("pits_2", 5, 1), terrain("pits_3", 3, -1)]


def _scales_on_pits(hand: list[str]) -> Game:
    """The Dragon's turn, underground on the Pit at (1,1), with the Terrain and the
    dragon-scales variants."""
    data: dict[str, Any] = {
        "setup": {"roles": ["knight", "dragon"], "seed": 1, "variants": ["terrain", "dragon-scales"]},
        "tiles": ROW, "terrain": PITS, "active": "dragon",
        "pieces": {"knight": [6, 0], "dragon": [1, 1]},
        "dragon": {"placed": True, "hand": hand, "scale_deck": ["scale_golden", "scale_silver"]}}
    return load_scenario(data)


def test_TR_31_VAR_37_the_platinum_scale_waits_while_he_must_leave_a_pit() -> None:
    """TR-29/31 with VAR-34/37: on a Pit, with his free move still to come, only a movement
    off it is offered — the Platinum Scale too waits.  The old explanation knew only the
    Scale's own conditions and had no reason for it (it fell back to "not now")."""
    g = _scales_on_pits(["scale_platinum", "claw"])
    assert not g.state.dragon.free_moved
    assert not [i for i in ids(g) if i.startswith(("scale:", "power:", "end:"))]
    reason = why_not_reason(g, "dragon", Target("card", "scale_platinum"))
    assert reason is not None and reason.rule == "TR-31" and "leave it first" in reason.text
    assert why_not_reason(g, "dragon", Target("slot", "dragon.power.claw")) == reason
    choose(g, "move:1,0")                                       # off the Pit: the Scale is played again
    assert "scale:scale_platinum" in ids(g) and "power:claw" in ids(g)
    assert why_not_reason(g, "dragon", Target("card", "scale_platinum")) is None


def test_TR_31_a_pit_reached_through_the_pits_names_the_pit_rule() -> None:
    """TR-31 (with DR-08): the free move reaches the Pit at (5,1) through the Pits, but with
    no Wing to leave it he may not stop there: the reason is the Pits' rule, not "not in a
    straight line" as the old explanation said (it saw only the straight lines)."""
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("claw",), knight_at=(6, 0))
    assert "move:5,1" not in ids(g)
    reason = why_not_reason(g, "dragon", (5, 1))
    assert reason is not None and reason.rule == "TR-31" and reason.text.startswith("5,1 is a Pit")
    g = dragon_tgame(ROW, PITS, (0, 1), hand=("wing",), knight_at=(6, 0))
    assert "move:5,1" in ids(g) and why_not_reason(g, "dragon", (5, 1)) is None


def test_DR_08_DR_26_his_own_space_and_piece_answer_by_rule() -> None:
    """DR-08: a click on his own space is no movement; on his piece after the free move,
    the free move is spent (a Wing moves him again, DR-26) — rule reasons, where the old
    explanation said only how to drag the piece."""
    g = dragon_tgame(ROW, PITS, (2, 0), hand=("wing",), knight_at=(6, 0))
    here = why_not_reason(g, "dragon", (2, 0))
    assert here is not None and here.rule == "DR-08" and here.text.startswith("You are on this space already")
    choose(g, "move:3,0")
    spent = why_not_reason(g, "dragon", Target("piece", "dragon"))
    assert spent is not None and spent.rule == "DR-08" and "a Wing power moves you again" in spent.text
    choose(g, "power:wing")
    assert g.pending is not None and g.pending.kind == "dragon_wing"
    assert why_not_reason(g, "dragon", Target("piece", "dragon")) is None
    far = why_not_reason(g, "dragon", (6, 0))
    assert far is not None and far.rule == "DR-26" and far.text.startswith("Too far: Wing flies up to 2 tiles")


def test_DR_36_DR_33_a_power_with_nothing_to_act_on_names_its_own_rule() -> None:
    """DR-36 (Smash needs a Crystal token on his tile), DR-33 (one Shriek token): a power he
    can pay for but that has nothing to do is refused by its own rule."""
    g = dragon_tgame(ROW, PITS, (2, 0), hand=("claw", "claw", "flame"), knight_at=(6, 0), dragon={"shriek": True})
    assert "power:smash" not in ids(g) and "power:shriek" not in ids(g)
    assert why_not_reason(g, "dragon", Target("slot", "dragon.power.smash")).rule == "DR-36"
    assert why_not_reason(g, "dragon", Target("slot", "dragon.power.shriek")).rule == "DR-33"


def test_DR_53_a_gem_of_his_supply_is_chosen_on_his_board() -> None:
    """DR-53: in Place Dragon Gem each Gem of his supply is an option's target on his board
    (``turn.check_place_gem``), a Gem on the map is refused by the rule.  Before, his board's
    Gems were no option's target, and a click on one in his supply had no rule behind it
    ("choose a highlighted space")."""
    g = dragon_tgame(ROW, [], (2, 0), hand=("claw",), knight_at=(6, 0), tokens={"4,0": {"gem_flame": 1}})
    choose(g, "end:")
    assert g.pending is not None and g.pending.kind == "dragon_gem"
    gem_claw = g.pending.option("gem:claw")
    assert gem_claw is not None and Target("slot", "dragon.gem.claw") in gem_claw.targets
    assert why_not_reason(g, "dragon", Target("slot", "dragon.gem.claw")) is None
    assert g.pending.option("gem:flame") is None
    reason = why_not_reason(g, "dragon", Target("slot", "dragon.gem.flame"))
    assert reason is not None and reason.rule == "DR-53" and "already on the map at 4,0" in reason.text
    reason = why_not_reason(g, "dragon", Target("slot", "dragon.sloth.greed"))
    assert reason is not None and reason.rule == "DR-53" and "Greed Sloth box is not one" in reason.text


def test_DR_34_scratch_never_hits_the_dragon_himself() -> None:
    """DR-34: Scratch hits the Knight, the Tribes or the Thief on his tile; a click on his own
    piece is refused by that rule (``powers.check_scratch_piece``).  The old explanation told
    him to click his tile to hit "every Tribe" there — with no Tribe on it."""
    g = dragon_tgame(ROW, [], (2, 0), hand=("claw", "claw", "claw"), knight_at=(2, 0))
    choose(g, "power:scratch")
    assert g.pending is not None and g.pending.kind == "dragon_scratch"
    assert list(ids(g)) == ["scratch:knight"]
    reason = why_not_reason(g, "dragon", Target("piece", "dragon"))
    assert reason is not None and reason.rule == "DR-34" and reason.text.endswith("never you.")
    reason = why_not_reason(g, "dragon", (2, 0))
    assert reason is not None and reason.rule == "DR-34" and reason.text.startswith("No Goblin Tribe is on your tile")
