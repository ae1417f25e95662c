"""Alone in the Dark for every solo role (RULES_CHECKLIST §14 SOLO-02..06, SOLO-10, SOLO-13).

The card (seed 000, "Alone in the Dark"): "At the end of your turn, draw and place a number
of tiles equal to the greatest of the following.  If the Collapse has begun, remove this
number of tiles instead.  ALL: the number of revealed Crystal tiles (including collapsed
tiles).  Knight: the number of Hero cubes you have available to place or have placed.
Goblins: the Population of your largest Tribe.  Dragon: your Spirit statistic.  Thief: your
Movement statistic.  When selecting tiles to collapse, always choose Crystal tiles first,
then Dark tiles, then Lit tiles."  It replaces the normal no-Cave placement or removal,
not in addition to it (SOLO-05/06).

Each test builds the position with ``load_scenario``, plays the role's real turn to its end
(ending it as soon as it may) and counts the tiles placed or removed there.

Map (walls unrotated N/E/S/W; the event and treasure tiles used are open):
  (0,-1) T29 Lit            (1,0) T22 Lit   (2,0) T25 Lit   (3,0) T37 Lit Crystal
  (-2,0) T05 Dark  (-1,0) T01 Dark   (0,0) Entrance
  (0,1) T30 Lit
Every piece stands on the Entrance, which never collapses, so no removal moves a piece.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game
from vast_desktop.engine.roles.dragon.state import spirit
from vast_desktop.engine.roles.knight.board import active_cubes
from vast_desktop.engine.roles.thief.state import stat

from .helpers import dark, entrance, lit, scenario

MAP = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((3, 0), "T37"),
       dark((-1, 0), "T01"), dark((-2, 0), "T05"), lit((0, -1), "T29"), lit((0, 1), "T30")]
# Three more revealed Crystal tiles, away from the rest (for ALL).
CRYSTALS = [lit((5, 5), "T42"), lit((7, 5), "T44"), lit((9, 5), "T38")]
END_KINDS = ("place_tile", "collapse_tile")


def solo_game(role: str, tiles: list[dict[str, Any]] = MAP, **data: Any) -> Game:
    """The start of ``role``'s solo turn on ``tiles``, its piece (if it has one) on the Entrance.
    The Goblins have a largest Tribe of 3 (Fangs) and Rage 1; the Dragon is placed with 7
    cubes on Wakefulness; the Knight has her 2 starting Hero cubes."""
    defaults: dict[str, dict[str, Any]] = {
        "goblins": {"population": {"fangs": 3, "bones": 1, "eye": 0}, "rage": 1},
        "dragon": {"placed": True, "wakefulness": 7}}
    if role in defaults:
        data[role] = {**defaults[role], **data.get(role, {})}
    pieces = {} if role == "goblins" else {role: [0, 0]}
    return scenario((role,), seed=3, active=role, tiles=tiles, pieces=pieces, **data)


def end_the_turn(g: Game, thief_stats: str = "assign:4-3-2") -> None:
    """Play the role's turn until its end-of-turn tiles: end each phase as soon as it may
    (populate without blocking, no Gem, no Treasure); the Thief assigns ``thief_stats``."""
    for _ in range(60):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if g.pending.kind in END_KINDS:
            return
        opts = g.pending.ids
        if g.pending.kind == "thief_stats":
            choice = thief_stats
        else:
            choice = next((o for o in ("end:", "populate:", "discard:", "skip:") if o in opts), opts[0])
        g.apply(choice)
    raise AssertionError("the turn did not end")


def own_value(g: Game, role: str) -> int:
    """The role's line of the card, read from its board at the end of its turn."""
    if role == "knight":
        assert g.state.knight is not None
        return active_cubes(g.state.knight)
    if role == "goblins":
        assert g.state.goblins is not None
        return max(g.state.goblins.population.values())
    if role == "dragon":
        return spirit(g)
    return stat(g, "movement")


def count_then_finish(g: Game, decision_kind: str) -> int:
    """How many ``decision_kind`` decisions the active role answers in a row (first option)."""
    role = g.state.active
    n = 0
    while g.pending is not None and g.pending.kind == decision_kind and g.pending.role == role:
        g.apply(g.pending.ids[0])
        n += 1
    return n


# Each role's own value at the end of its turn in solo_game (own_value checks it on the
# board): the Knight's 2 Hero cubes, the Fangs' Population 3, the Dragon's Spirit 5 (his
# Wakefulness ends the turn in the 3 Armor / 5 Spirit row), the Thief's Movement 4.
OWN = {"knight": 2, "goblins": 3, "dragon": 5, "thief": 4}


@pytest.mark.parametrize("role", ["knight", "goblins", "dragon", "thief"])
def test_SOLO_02_SOLO_03_SOLO_06_places_the_roles_own_value(role: str) -> None:
    """SOLO-02/03/06: with one revealed Crystal tile (ALL = 1), each solo role places as many
    tiles as its own line of the card — the Knight's Hero cubes, the largest Tribe's
    Population, the Dragon's Spirit, the Thief's Movement — and then its next turn begins:
    not one tile more (the no-Cave single tile is replaced, not added)."""
    g = solo_game(role)
    stack = len(g.state.stack)
    end_the_turn(g)
    assert g.pending is not None and g.pending.kind == "place_tile"
    assert own_value(g, role) == OWN[role]
    assert count_then_finish(g, "place_tile") == OWN[role]
    assert len(g.state.stack) == stack - OWN[role]
    assert g.pending is not None and g.pending.kind not in END_KINDS
    assert g.state.turn == 2 and g.state.active == role


@pytest.mark.parametrize("movement", [2, 3, 4])
def test_SOLO_03_SOLO_13_the_thief_places_his_movement(movement: int) -> None:
    """SOLO-03, SOLO-13: the solo Thief's line is his Movement statistic, as assigned this
    turn (2, 3 or 4 with the light Stat tokens) — whatever he assigns there is what he places."""
    g = solo_game("thief")
    others = sorted({2, 3, 4} - {movement}, reverse=True)
    end_the_turn(g, thief_stats=f"assign:{movement}-{others[0]}-{others[1]}")
    assert stat(g, "movement") == movement
    assert count_then_finish(g, "place_tile") == movement


def test_SOLO_03_SOLO_13_a_stat_boost_counts_in_the_thiefs_movement() -> None:
    """SOLO-03: the Thief's Movement statistic is the token plus a Movement Stat Boost
    upgrade (TH-53): the 4 token and +1 Movement place 5 tiles."""
    g = solo_game("thief", thief={"upgrades": ["plus_movement"]})
    end_the_turn(g)
    assert stat(g, "movement") == 5
    assert count_then_finish(g, "place_tile") == 5


@pytest.mark.parametrize("role", ["knight", "goblins", "dragon", "thief"])
def test_SOLO_03_all_revealed_and_collapsed_crystals_beat_the_roles_value(role: str) -> None:
    """SOLO-03: ALL counts revealed Crystal tiles, collapsed ones included: 4 on the map and
    2 collapsed make 6, more than any role's own value here, so each role places 6."""
    g = solo_game(role, tiles=MAP + CRYSTALS, crystal_tiles_removed=2)
    end_the_turn(g)
    assert own_value(g, role) < 6
    assert count_then_finish(g, "place_tile") == 6


@pytest.mark.parametrize("role", ["knight", "goblins", "dragon", "thief"])
def test_SOLO_02_SOLO_04_SOLO_05_collapse_removes_the_roles_value_crystal_dark_lit(role: str) -> None:
    """SOLO-02: once the Collapse has begun each solo role removes its count of tiles
    instead of placing them; SOLO-04/05: within the fewest-touching tier, Crystal tiles
    first, then Dark tiles, then Lit tiles.  On MAP the lone Crystal (3,0) goes first, then
    the Dark (-2,0) and (-1,0), then the Lit ones, each removal opening the next tier."""
    g = solo_game(role, collapse=True, stack=[])
    end_the_turn(g)
    assert g.pending is not None and g.pending.kind == "collapse_tile"
    expected = OWN[role]
    assert own_value(g, role) == expected
    offered = []
    removed = 0
    while g.pending is not None and g.pending.kind == "collapse_tile" and g.pending.role == role:
        offered.append(set(g.pending.ids))
        g.apply(sorted(g.pending.ids)[0])
        removed += 1
    assert removed == expected
    assert offered[0] == {"remove:3,0"}                     # the Crystal tile, though Lit tiles touch 1 too
    assert offered[1] == {"remove:-2,0"}                    # then the Dark tile
    if expected > 2:
        assert offered[2] == {"remove:-1,0"}                # the next Dark tile, before any Lit one
    if expected > 3:
        assert offered[3] == {"remove:0,-1", "remove:0,1", "remove:2,0"}   # only Lit tiles are left
    assert len(g.state.board.tiles) == len(MAP) - expected
    assert g.state.crystal_tiles_removed == 1
    assert g.pending is not None and g.pending.kind not in END_KINDS
