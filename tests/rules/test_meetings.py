"""Rule tests for the attacks that entering a tile forces on the Knight when several roles
meet there (the ``forced`` hooks of ``engine/roles/meetings.py``).

KN-24 (her player mat: "Resolve Attacks (any order): Crystals, Dragon, Goblins, Thief"):
the order is hers, so entering a tile holding a revealed Tribe and the surfaced Dragon
(KN-46 and KN-56 both force an attack) asks her which to resolve first, and one
Encounter covers both; a single forced attack is resolved without a question.  Before
issue 25 the order came from module-level hook lists whose order depended on what the
process had set up before, so a log recorded in one process failed to replay in another.
Positions are (x, y); the Entrance is at (0, 0).  T22/T25 are open Event tiles.
"""
from __future__ import annotations

import pytest

from vast_desktop.engine.api import replay

from .helpers import entrance, lit
from .helpers_interactions import D, K, choose, ids, play, tribe_at

TILES = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
SURFACED = {"surfaced": True, "awake": True, "wakefulness": 4}


def _attack_kinds(g) -> list[str]:
    """The attacks logged so far, in order: ``knight_attack`` (a Tribe), ``dragon_attack``."""
    return [e.kind for e in g.events if e.kind in ("knight_attack", "dragon_attack")]


def _tribe_and_dragon():
    """The Knight at the Entrance with Strength 3 (two cubes placed); on (1, 0) the Fangs
    Tribe (Population 0: Strength 1) and the surfaced Dragon (Armor 2)."""
    g = play(("knight", "goblins", "dragon"), "knight", TILES,
             {"knight": [0, 0], "dragon": [1, 0], "tribe:fangs": [1, 0]}, dragon=dict(SURFACED),
             knight={"cubes_free": 3})
    choose(g, "cube:strength", "cube:strength")
    return g


@pytest.mark.parametrize("first, order", [("first:tribes", ["knight_attack", "dragon_attack"]),
                                          ("first:dragon", ["dragon_attack", "knight_attack"])])
def test_KN_24_KN_46_KN_56_tribe_and_surfaced_dragon_she_chooses_which_first(first: str, order: list[str]) -> None:
    """KN-24: entering a tile with a revealed Tribe (KN-56) and the surfaced Dragon (KN-46)
    forces two attacks, resolved in the order she chooses: she is asked, with each
    attack's target, and either order attacks both in one Encounter."""
    g = _tribe_and_dragon()
    choose(g, "move:1,0")
    d = g.pending
    assert d is not None and d.role == "knight" and d.kind == "attack_order"
    assert set(d.ids) == {"first:tribes", "first:dragon"}
    targets = {o.id: {t.ref for t in o.targets} for o in d.options}
    assert targets == {"first:tribes": {"tribe:fangs"}, "first:dragon": {"dragon"}}
    assert "Dragon" in d.option("first:dragon").label and "Fangs" in d.option("first:tribes").label
    health = D(g).health
    choose(g, first)
    assert _attack_kinds(g) == order
    assert D(g).health == health - 1                                      # Strength 3 > Armor 2: a hit (KN-50)
    assert tribe_at(g, "fangs") != (1, 0)                                 # the Tribe scattered (KN-56)
    assert K(g).encounters_used == 1                                      # KN-24: one Encounter covers both
    assert g.pending is not None and g.pending.kind == "knight_turn"      # asked once, not again


def test_KN_24_the_order_she_chose_replays() -> None:
    """KN-24: her choice of order is a choice in the log, so the game replays exactly from
    its scenario (both orders), whatever other games the process set up before."""
    for first in ("first:tribes", "first:dragon"):
        g = _tribe_and_dragon()
        choose(g, "move:1,0", first)
        again = replay(g.setup, list(g.choices), scenario=g.scenario)
        assert _attack_kinds(again) == _attack_kinds(g)
        assert again.pending is not None and again.pending.ids == ids(g)


@pytest.mark.parametrize("pieces, attack", [({"dragon": [1, 0]}, "dragon_attack"),
                                            ({"tribe:fangs": [1, 0]}, "knight_attack")])
def test_KN_46_KN_56_a_single_forced_attack_asks_nothing(pieces: dict[str, list[int]], attack: str) -> None:
    """KN-46 / KN-56: with only the surfaced Dragon, or only a revealed Tribe, on the tile
    she enters, its attack is resolved at once (no order to choose, KN-24); the Dragon
    and the Goblins are both in play, so the other meeting's hook is present but owes
    nothing."""
    g = play(("knight", "goblins", "dragon"), "knight", TILES, {"knight": [0, 0], **pieces},
             dragon=dict(SURFACED) if "dragon" in pieces else {"placed": False}, knight={"cubes_free": 3})
    choose(g, "cube:strength", "cube:strength", "move:1,0")
    assert g.pending is not None and g.pending.kind == "knight_turn"
    assert _attack_kinds(g) == [attack]
    assert K(g).encounters_used == 1
