"""How close a role is to winning, read off its PlayerView: ``progress(view, role)`` in
[0, 1], and ``standing(view, role)`` — its progress against the best of the others.

The Hard players score the positions their rollouts reach with it when the game has not
ended by then.  Each role's measure follows its win condition (flow.py, the roles'
``GameOver``s): the Knight smashes Crystals and escapes, or with the Dragon in play kills
him; the Goblins kill the Knight (with no Knight, smash Crystals); the Dragon wakes,
surfaces and escapes; the Cave collapses Crystal tiles; the Thief stashes Treasure.
"""
from __future__ import annotations

from ..engine.view import PlayerView
from .features import MapPicture, board


def _ratio(a: float, b: float) -> float:
    return max(0.0, min(1.0, a / b)) if b > 0 else 0.0


def _closeness(view: PlayerView, piece: str) -> float:
    """1 on the Entrance, falling with the steps to it (0 from 10 steps or unreachable)."""
    p = view.pieces.get(piece)
    if p is None:
        return 0.0
    d = MapPicture(view).distances(p).get(view.entrance)
    return 0.0 if d is None else max(0.0, 1.0 - d / 10)


def knight_progress(view: PlayerView) -> float:
    k = board(view, "knight")
    if not k or k.get("dead"):
        return 0.0
    health = _ratio(k.get("health", 0), k.get("max_health", 1))
    if "dragon" in view.roles:
        dr = board(view, "dragon")
        hurt = 1.0 - _ratio(dr.get("health", 0), dr.get("max_health", 1))
        return 0.6 * hurt + 0.2 * _ratio(k.get("strength", 0), 6) + 0.2 * health
    crystals = _ratio(k.get("smashed", 0), k.get("crystals_needed", 1))
    home = _closeness(view, "knight") if crystals >= 1 else 0.0
    return 0.65 * crystals + 0.15 * home + 0.2 * health


def goblins_progress(view: PlayerView) -> float:
    gb = board(view, "goblins")
    population = sum(gb.get("population", {}).values())
    build = 0.15 * _ratio(population, 12) + 0.05 * _ratio(gb.get("rage", 0), 3)
    if "knight" in view.roles:
        k = board(view, "knight")
        return 0.8 * (1.0 - _ratio(k.get("health", 0), k.get("max_health", 1))) + build
    return 0.8 * _ratio(gb.get("crystals", 0), 4) + build


def dragon_progress(view: PlayerView) -> float:
    dr = board(view, "dragon")
    awake = _ratio(dr.get("wakefulness", 0), dr.get("wakefulness_needed", 1))
    out = 0.1 * bool(dr.get("surfaced")) + 0.15 * (_closeness(view, "dragon") if dr.get("surfaced") else 0.0)
    return 0.6 * awake + out + 0.15 * _ratio(dr.get("health", 0), dr.get("max_health", 1))


def cave_progress(view: PlayerView) -> float:
    crystals = _ratio(view.crystal_tiles_removed, view.collapse_crystals)
    placed = 1.0 - _ratio(view.stack_count + board(view, "cave").get("hand_count", 0), 40)
    return 0.7 * crystals + 0.3 * (1.0 if view.collapse else placed)


def thief_progress(view: PlayerView) -> float:
    th = board(view, "thief")
    if not th:
        return 0.0
    return 0.75 * _ratio(th.get("stashed", 0), th.get("stash_needed", 1)) + 0.25 * _ratio(len(th.get("carried", [])), 3)


PROGRESS = {"knight": knight_progress, "goblins": goblins_progress, "dragon": dragon_progress,
            "cave": cave_progress, "thief": thief_progress}


def progress(view: PlayerView, role: str) -> float:
    """How close ``role`` is to its win, from 0 to 1 (1 once it has won)."""
    if view.outcome is not None:
        return 1.0 if role in view.outcome[0] else 0.0
    return PROGRESS[role](view)


def standing(view: PlayerView, role: str) -> float:
    """``role``'s progress against the best other role's, mapped to [0, 1] (0.5: level)."""
    if view.outcome is not None:
        return 1.0 if role in view.outcome[0] else 0.0
    others = [progress(view, r) for r in view.roles if r != role]
    return max(0.0, min(1.0, 0.5 + 0.5 * (progress(view, role) - max(others, default=0.0))))
