"""Legality ⇔ reason (issue 25, item 2): one check per rule gives both the options and the
why-not answer, so they cannot drift apart.

Over random games of all 30 legal role subsets (and, for the subsets with the Knight,
the same with the Terrain variant, for the Pits, the Canyon and the steps off the
Terrain), at every pending decision of a *converted* kind, for every target of
:attr:`Converted.candidates` (what the table can click there):

- the target is an option's target ⇔ ``why_not`` gives no reason;
- a reason is the rule check's own :class:`~vast_desktop.engine.reasons.Reason`: it names
  its rule (``Reason.checked``), it is what :attr:`Converted.check` returns for that
  target, it is no generic fallback (``is_fallback``), its words hold no raw rule code, and
  its rule id opens a section of the rules reference (the table's "Rule" link);
- the check allows the target ⇔ the target is a target of the options the check builds
  (:attr:`Converted.offered`).

Covered now (the registry ``CONVERTED``): ``knight_turn`` — the Knight's step
(``roles/knight/turn.py`` ``knight_step``): the map spaces within 2 of her, the Pits
linked to hers, and her own piece (``check_any_step``); ``dragon_turn`` and
``dragon_wing`` — the Dragon's free move and Wing (``roles/dragon/turn.py``
``dragon_move``, ``check_any_move``): the spaces within 3 of him and near the Pits, his
own piece; in Move and Use Powers also every power on his board (``roles/dragon/powers.py``
``check_power``) and every card in his hand (``check_play_card``: Power cards, Scales);
``dragon_burn`` and ``dragon_flame_wall`` — the tile of Burn and of the Flame Wall
(``check_burn``, ``check_flame_wall_target``): every tile and the spaces within 2 of him.
Converting another decision kind adds one line to ``CONVERTED``.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.decisions import Decision, Target
from vast_desktop.engine.explain.why_not import is_fallback, why_not, why_not_reason
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import Pos, fmt_pos, parse_pos
from vast_desktop.engine.map.terrain import neighbours, on_pit
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.dragon import powers as dp
from vast_desktop.engine.roles.dragon import turn as dr
from vast_desktop.engine.roles.dragon.state import dragon
from vast_desktop.engine.roles.knight import turn as kn
from vast_desktop.engine.state import ROLE_ORDER
from vast_desktop.teach.reference import load_reference

SUBSETS = [c for n in range(1, 6) for c in combinations(ROLE_ORDER, n) if c != ("cave",)]
GAMES = [(roles, ()) for roles in SUBSETS] + [(roles, ("terrain",)) for roles in SUBSETS if "knight" in roles]
STEPS = 120                      # a few turns of each game: enough Knight turns, fast
RULE_CODE = re.compile(r"\b[A-Z]{2,4}-\d{2,3}\b")


@dataclass(frozen=True)
class Converted:
    """A decision kind whose targets are decided and explained by one rule check."""

    candidates: Callable[[Game, Decision], list[Target]]     # what the table can click in it
    check: Callable[[Game, Target], Reason | None]          # the rule check answering a target
    offered: Callable[[Decision], set[Target]]              # the targets of the options the check builds


# ------------------------------------------------------------- the Knight's step
STEP_VERBS = ("move:", "mapmove:", "leave:")


def _knight_candidates(g: Game, d: Decision) -> list[Target]:
    p = kn.pos(g)
    spaces = {(p[0] + dx, p[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    spaces.update(neighbours(g, p))                       # the Pits linked to hers (TR-29)
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)] + [Target("piece", "knight")]


def _knight_check(g: Game, t: Target) -> Reason | None:
    if t == Target("piece", "knight"):
        return kn.check_any_step(g)
    return kn.knight_step(g, kn.pos(g), parse_pos(t.ref))


def _knight_offered(d: Decision) -> set[Target]:
    return {t for o in d.options if o.id.startswith(STEP_VERBS) for t in o.targets}


# ------------------------------------------------------------- the Dragon's movement and powers
def _dragon_spaces(g: Game) -> list[Target]:
    """The spaces within 3 of him, and those within 2 of a Pit (TR-29/31: a movement may
    jump from Pit to Pit)."""
    p = dr.pos(g)
    near = {(p[0] + dx, p[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4) if abs(dx) + abs(dy) <= 3}
    for q in g.state.board.tiles:
        if on_pit(g, q):
            near.update((q[0] + dx, q[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2)
    return [Target("space", fmt_pos(q)) for q in sorted(near)] + [Target("piece", "dragon")]


def _dragon_turn_candidates(g: Game, d: Decision) -> list[Target]:
    powers = [Target("slot", f"dragon.power.{p.id}") for p in g.rules.dragon.powers]
    hand = [Target("card", c) for c in sorted(set(dragon(g).hand))]
    return _dragon_spaces(g) + powers + hand


def _dragon_check(kind: str) -> Callable[[Game, Target], Reason | None]:
    def check(g: Game, t: Target) -> Reason | None:
        if t == Target("piece", "dragon"):
            return dr.check_any_move(g, kind)
        if t.kind == "space":
            return dr.dragon_move(g, kind, parse_pos(t.ref))
        if t.kind == "slot":
            return dp.check_power(g, t.ref.rsplit(".", 1)[1])
        return dp.check_play_card(g, t.ref)
    return check


def _offered(*verbs: str) -> Callable[[Decision], set[Target]]:
    return lambda d: {t for o in d.options if o.id.startswith(verbs) for t in o.targets}


def _map_and_near(g: Game, d: Decision) -> list[Target]:
    """Every tile of the map and the spaces within 2 of him (Burn: a Dark tile anywhere;
    the Flame Wall: a tile next to his)."""
    p = dr.pos(g)
    near = {(p[0] + dx, p[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    return [Target("space", fmt_pos(q)) for q in sorted(near | set(g.state.board.tiles))]


def _space_check(check: Callable[[Game, Pos], Reason | None]) -> Callable[[Game, Target], Reason | None]:
    return lambda g, t: check(g, parse_pos(t.ref))


CONVERTED: dict[str, Converted] = {
    "knight_turn": Converted(_knight_candidates, _knight_check, _knight_offered),
    "dragon_turn": Converted(_dragon_turn_candidates, _dragon_check("free"), _offered("move:", "power:", "scale:")),
    "dragon_wing": Converted(lambda g, d: _dragon_spaces(g), _dragon_check("wing"), _offered("wing:")),
    "dragon_burn": Converted(_map_and_near, _space_check(dp.check_burn), _offered("burn:")),
    "dragon_flame_wall": Converted(_map_and_near, _space_check(dp.check_flame_wall_target), _offered("flamewall:")),
}


# ------------------------------------------------------------- the property
def _check_decision(g: Game, d: Decision, kind: Converted) -> int:
    """The property at one decision; returns how many refusals it checked."""
    targets = {t for o in d.options for t in o.targets}
    offered = kind.offered(d)
    refused = 0
    for t in kind.candidates(g, d):
        reason = why_not_reason(g, d.role, t)
        where = f"step {len(g.choices)} {d.kind} {t}"
        assert (t in targets) == (reason is None), f"{where}: option target {t in targets}, reason {reason}"
        checked = kind.check(g, t)
        assert (checked is None) == (t in offered), f"{where}: check {checked} but offered {t in offered}"
        if reason is None:
            continue
        refused += 1
        assert reason.checked and reason == checked, f"{where}: {reason!r} is not the check's {checked!r}"
        text = why_not(g, d.role, t)
        assert text == reason.text and not is_fallback(g, text), f"{where}: {text!r}"
        assert not RULE_CODE.search(reason.text), f"{where}: a rule code in the words: {reason.text!r}"
        assert load_reference().for_rule(reason.rule) is not None, f"{where}: no Rule link for {reason.rule}"
    return refused


@pytest.mark.parametrize("roles, variants", GAMES, ids=["-".join(r + v) for r, v in GAMES])
def test_a_target_is_an_option_exactly_when_no_rule_check_refuses_it(roles: tuple[str, ...],
                                                                     variants: tuple[str, ...]) -> None:
    """Issue 25, item 2 (with MAP-03, KN-20/21/23/37/46/56/70, TR-12/17/29/30, VAR-44 for
    the Knight's step; DR-08/12/17/26..36, TR-12/17/18/31, VAR-34..37 for the Dragon's
    movement and powers): options and why-not answers come from the same rule checks."""
    seed = 3 + len(roles)
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    rng = random.Random(seed)
    decisions: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    while g.outcome is None and len(g.choices) < STEPS:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None:
            decisions[d.role] += 1
            refused[d.role] += _check_decision(g, d, kind)
        g.apply(rng.choice(d.options).id)
    for role in ("knight", "dragon"):
        if role in roles:
            assert decisions[role] > 0 and refused[role] > 0, (role, decisions, refused)

