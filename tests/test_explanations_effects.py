"""Explanations for the questions cards, Monsters and variants ask mid-turn
(why_not_effects): the clicked target gets the rule that rules it out."""
from __future__ import annotations

import pytest
from explain_sampling import WIDE_SETS, sample_clicks

from vast_desktop.engine import load_scenario
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import RULE, why_not_reason
from vast_desktop.engine.reasons import Reason

ROW = [{"tile": "T01", "pos": [0, 0]}, {"tile": "T20", "pos": [1, 0], "lit": True},
       {"tile": "T22", "pos": [2, 0], "lit": True}, {"tile": "T31", "pos": [3, 0], "lit": True}]
# answered by a rule check's Reason (its rule id is the Rule link, not in the words): the
# property of tests/test_legality_reasons.py covers them
CHECKED_KINDS = {"ambush_step", "underworm", "dragon_scratch", "dragon_keep_scale", "dragon_platinum", "gnome_leap",
                 "past_plunder", "move_entrance"}
EFFECT_KINDS = {"gnome_leap", "ambush_step", "underworm", "terrain_ride", "past_plunder", "bottom_treasure",
                "move_entrance", "dragon_scratch", "dragon_keep_scale", "dragon_platinum"}


def test_DR_34_scratch_hits_only_what_shares_his_tile() -> None:
    """DR-34: Scratch — the Knight, every Tribe, or the Thief on the Dragon's own tile."""
    g = load_scenario({"setup": {"roles": ["knight", "goblins", "dragon"], "seed": 3}, "active": "dragon",
                       "tiles": ROW, "pieces": {"dragon": [2, 0], "knight": [2, 0], "tribe:fangs": [2, 0]},
                       "goblins": {"population": {"fangs": 2, "bones": 0, "eye": 0}},
                       "dragon": {"placed": True, "hand": ["claw", "claw", "claw"]}})
    g.apply("power:scratch")
    assert g.pending is not None and g.pending.kind == "dragon_scratch"
    assert why_not_reason(g, "dragon", Target("space", "3,0")) == Reason(
        "Scratch hits only what is on your own tile, 2,0.", "DR-34")
    assert why_not_reason(g, "dragon", Target("piece", "tribe:fangs")) == Reason(
        "Scratch hits every Tribe on your tile at once: click your tile, 2,0.", "DR-34")
    assert why_not_reason(g, "dragon", Target("piece", "dragon")) == Reason(
        "Scratch hits the Knight, the Tribes or the Thief on your tile, never you.", "DR-34")


@pytest.mark.parametrize("roles, variants", WIDE_SETS, ids=["-".join(r + v) for r, v in WIDE_SETS])
def test_variant_and_solo_games_explain_every_click(roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    """Random games with the variants, the solo roles and other pairs (where the Gnome, the
    River, Past Plunder, Uncertain Treasures, the Moving Entrance and the Scales ask their
    questions): every click gets a reason for that target, as in the standard games."""
    clicks = list(sample_clicks(roles, variants, seed=3))
    weak = [c for c in clicks if c.weak]
    assert clicks
    assert not weak, "\n".join(f"{c.kind}: {c.target} -> {c.reason}" for c in weak[:15])
    effects = [c for c in clicks if c.kind in EFFECT_KINDS - CHECKED_KINDS and c.needed == RULE]
    assert all(c.reason for c in effects), [c.reason for c in effects][:5]   # the rule id: test_legality_reasons

