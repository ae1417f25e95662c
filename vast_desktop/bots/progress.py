"""How close a role is to winning, read off its PlayerView: ``progress(view, role)`` in
[0, 1], and ``standing(view, role)`` — its progress against the best of the others.

The Hard players score the positions their rollouts reach with it when the game has not
ended by then.  Each role's measure follows its win condition (flow.py, the roles'
``GameOver``s): the Knight smashes Crystals and escapes, or with the Dragon in play kills
him; the Goblins kill the Knight (with no Knight, smash Crystals); the Dragon wakes,
surfaces and escapes; the Cave collapses Crystal tiles; the Thief stashes Treasure; the
Ghoul gains Fury and escapes.
"""
from __future__ import annotations

from ..engine.view import PlayerView
from .features import MapPicture


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
    k = view.boards.knight
    if k is None or k.dead:
        return 0.0
    health = _ratio(k.health, k.max_health)
    if "dragon" in view.roles:
        dr = view.boards.dragon
        hurt = 1.0 - (_ratio(dr.health, dr.max_health) if dr is not None else 0.0)
        return 0.6 * hurt + 0.2 * _ratio(k.strength, 6) + 0.2 * health
    crystals = _ratio(k.smashed, k.crystals_needed)
    home = _closeness(view, "knight") if crystals >= 1 else 0.0
    return 0.65 * crystals + 0.15 * home + 0.2 * health


def goblins_progress(view: PlayerView) -> float:
    gb = view.boards.goblins
    population = sum(gb.population.values()) if gb is not None else 0
    build = 0.15 * _ratio(population, 12) + 0.05 * _ratio(gb.rage if gb is not None else 0, 3)
    if "knight" in view.roles:
        k = view.boards.knight
        return 0.8 * (1.0 - (_ratio(k.health, k.max_health) if k is not None else 0.0)) + build
    return 0.8 * _ratio(gb.crystals if gb is not None else 0, 4) + build


def dragon_progress(view: PlayerView) -> float:
    dr = view.boards.dragon
    if dr is None:
        return 0.0
    awake = _ratio(dr.wakefulness, dr.wakefulness_needed)
    out = 0.1 * bool(dr.surfaced) + 0.15 * (_closeness(view, "dragon") if dr.surfaced else 0.0)
    return 0.6 * awake + out + 0.15 * _ratio(dr.health, dr.max_health)


def cave_progress(view: PlayerView) -> float:
    crystals = _ratio(view.crystal_tiles_removed, view.collapse_crystals)
    cv = view.boards.cave
    placed = 1.0 - _ratio(view.stack_count + (cv.hand_count if cv is not None else 0), 40)
    return 0.7 * crystals + 0.3 * (1.0 if view.collapse else placed)


def thief_progress(view: PlayerView) -> float:
    th = view.boards.thief
    if th is None:
        return 0.0
    return 0.75 * _ratio(th.stashed, th.stash_needed) + 0.25 * _ratio(len(th.carried), 3)


def ghoul_progress(view: PlayerView) -> float:
    """GH-01: its Fury (or, where the variant counts them, its smashed Crystals) toward the
    goal, then the Entrance; with the Knight or the Dragon its only rival, their lost Health
    too (killing them wins)."""
    gh = view.boards.ghoul
    if gh is None:
        return 0.0
    goal = _ratio(gh.fury, gh.fury_goal)
    if gh.crystals_goal is not None:
        goal = max(goal, _ratio(gh.smashed, gh.crystals_goal))
    home = _closeness(view, "ghoul") if goal >= 1 else 0.0
    out = 0.8 * goal + 0.2 * home
    others = [r for r in view.roles if r != "ghoul"]
    prey = view.boards.of(others[0]) if len(others) == 1 and others[0] in ("knight", "dragon") else None
    if prey is not None:
        hurt = 1.0 - _ratio(prey.health, prey.max_health)  # type: ignore[union-attr]
        out = max(out, hurt)
    return out


def vile_ghoul_progress(view: PlayerView) -> float:
    """VG-01: the Health its prey has lost (the Knight, else the Dragon), or its smashed Crystals
    toward the goal and then the Entrance."""
    vg = view.boards.vile_ghoul
    if vg is None:
        return 0.0
    if vg.hunted is not None:
        prey = view.boards.of(vg.hunted)
        return 1.0 - _ratio(prey.health, prey.max_health) if prey is not None else 0.0  # type: ignore[union-attr]
    goal = _ratio(vg.smashed, vg.crystals_goal or 1)
    home = _closeness(view, "vile_ghoul") if goal >= 1 and vg.escape else 0.0
    return 0.8 * goal + 0.2 * home


PROGRESS = {"knight": knight_progress, "goblins": goblins_progress, "dragon": dragon_progress,
            "cave": cave_progress, "thief": thief_progress, "ghoul": ghoul_progress,
            "vile_ghoul": vile_ghoul_progress}


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
