"""The Goblins' phases and their Tribes' actions as rule checks (issue 25, item 2): each
option is a candidate its check allows, and a click on another target gets that same
check's Reason (its rule id for the Rule link, no rule code in the words)."""
from __future__ import annotations

from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import why_not_reason
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.thief.state import stealth

from .helpers_goblins import choose, gob_game, ids, to_activation


def _activate(g, tribe: str, blocked: tuple[str, ...] = ()) -> None:
    """To the activation of ``tribe``, 1 Rage blocking the War card's discs of ``blocked``."""
    for t in blocked:
        choose(g, f"block:{t}")
    to_activation(g)
    choose(g, f"activate:{tribe}")


def test_GB_81_a_tribe_explores_only_from_a_dark_tile() -> None:
    """GB-81: from the Dark tile 1,1 the Fangs Tribe explores 1,2; from the Lit tile 1,0 it
    explores nothing, and the open space 1,-1 says why (check_explore)."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    _activate(g, "fangs")
    assert "explore:1,2" in ids(g) and gb.check_activation_space(g, "fangs", (1, 2)) is None
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    _activate(g, "fangs")
    assert not any(i.startswith("explore:") for i in ids(g))
    assert why_not_reason(g, "goblins", (1, -1)) == Reason(
        "The Fangs Tribe explores only from a Dark tile, and its tile 1,0 is Lit.", "GB-81")


def test_GB_76_a_crystal_needs_strength_3() -> None:
    """GB-76: the Fangs Tribe at Population 1 (Strength 2) does not attack the Crystal token
    on its tile; its click says the Strength it lacks (check_smash)."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [2, 0]}, tokens={"2,0": {"crystal": 1}})
    _activate(g, "fangs", blocked=("fangs",))
    assert gb.tribe_strength(g, "fangs") == 2 and "attack:crystal" not in ids(g)
    assert why_not_reason(g, "goblins", Target("piece", "crystal@2,0")) == Reason(
        "The Fangs Tribe's Strength 2 is under the 3 a Tribe needs to attack a Crystal token.", "GB-76")


def test_GB_65_GB_87_hide_and_special_need_population() -> None:
    """GB-65: a Tribe at Population 0 on the map takes no action — no Hide, no special action
    (check_tribe_action), the same words on both slots."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    _activate(g, "fangs", blocked=("fangs",))
    assert "hide:" not in ids(g) and "special:" not in ids(g)
    expected = Reason("The Fangs Tribe has Population 0: it takes no action.", "GB-65")
    assert why_not_reason(g, "goblins", Target("slot", "goblins.fangs")) == expected
    assert why_not_reason(g, "goblins", Target("slot", "goblins.fangs.special")) == expected


def test_GB_74_the_thief_on_the_tribes_tile_by_the_thiefs_check() -> None:
    """GB-74, TH-30: the Tribe attacks the Thief only with Perception above his Stealth: the
    Thief's own check_stealth answers, with the Goblins' rule id."""
    g = gob_game(roles=("goblins", "thief"), pieces={"thief": [1, 0], "tribe:fangs": [1, 0]},
                 goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 thief={"assignment": {"movement": 0, "stealth": 2, "thievery": 1}})
    _activate(g, "fangs", blocked=("fangs",))
    assert gb.tribe_perception(g, "fangs") <= stealth(g) and "attack:thief" not in ids(g)
    reason = why_not_reason(g, "goblins", Target("piece", "thief"))
    assert reason is not None and reason.rule == "GB-74" and reason == gb.check_attack_thief(g, "fangs")


def test_hiding_spots_records_its_secret_and_offers_its_tribes() -> None:
    """GB-54: Hiding Spots chooses a hidden Tribe stronger than the Knight; the decision names
    the Secret that asks (a public fact), and a Tribe on the map is refused by the same check."""
    tiles_near_ambush = {"pos": [1, 0], "tile": "T13", "lit": True}
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 1, "eye": 0}, "hand": ["hiding_spots"]},
                 pieces={"knight": [0, 0], "tribe:bones": [2, 1]},
                 tiles=[{"pos": [0, 0], "tile": "entrance"}, tiles_near_ambush,
                        {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [2, 1], "tile": "T05", "lit": False},
                        {"pos": [1, 1], "tile": "T01", "lit": False}])
    choose(g, "block:fangs")
    to_activation(g)
    assert gb.is_ambush_tile(g, (1, 0)) and gb.tribe_pos(g, "bones") == (2, 1)
    choose(g, "secret:hiding_spots")
    assert g.pending is not None and g.pending.kind == "choose_tribe" and g.pending.fact("secret") == "hiding_spots"
    assert ids(g) == ("tribe:fangs",)
    assert why_not_reason(g, "goblins", Target("piece", "tribe:bones")) == Reason(
        "The Bones Tribe is on the map: Hiding Spots springs a hidden Tribe.", "GB-54")
