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
linked to hers, and her own piece (``check_any_step``).  Converting another decision
kind adds one line to ``CONVERTED``.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.cards.ambush import check_ambush_cube, check_step_back, check_underworm
from vast_desktop.engine.cards.sidequests import check_sidequest
from vast_desktop.engine.cards.treasures import check_keep, check_treasure_card
from vast_desktop.engine.decisions import Decision, Target
from vast_desktop.engine.explain import knight_dragon as why_not_kd
from vast_desktop.engine.explain.why_not import is_fallback, why_not, why_not_reason
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import adjacent, edge, fmt_pos, parse_pos
from vast_desktop.engine.map.terrain import neighbours
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.dragon.state import SYMBOLS, gem_token
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.roles.knight import turn as kn
from vast_desktop.engine.roles.meetings import knight_dragon as kvd
from vast_desktop.engine.roles.meetings import knight_goblins as kvg
from vast_desktop.engine.roles.meetings import knight_thief as kvt
from vast_desktop.engine.state import ROLE_ORDER, TRACKS
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


# ------------------------------------------------------------- the Knight's turn
STEP_VERBS = ("move:", "mapmove:", "leave:")
# her other decisions in the same turn, on her board, her cards, the pieces and tokens, the walls
ACT_VERBS = ("cube:", "smash:", "collect:", "bomb:", "sidequest:", "treasure:", "dragon:", "thief:", "bowshot:")
SLOTS = (*TRACKS, "map", "shield", "bow", "bomb", "cubes")
TOKENS = ("crystal", "treasure", *(gem_token(s) for s in SYMBOLS))


def _knight_candidates(g: Game, d: Decision) -> list[Target]:
    """What the table can click in her turn: the map spaces within 2 of her and the Pits
    linked to hers, her own piece, the other pieces and the Crystal, Treasure and Gem tokens
    on the map, the places of her board, her Treasure and Sidequest cards, and the walls of
    her tile a click asks about the Bomb (``bomb_edge_asked``)."""
    p = kn.pos(g)
    spaces = {(p[0] + dx, p[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    spaces.update(neighbours(g, p))                       # the Pits linked to hers (TR-29)
    out = [Target("space", fmt_pos(q)) for q in sorted(spaces)] + [Target("piece", "knight")]
    board = g.state.board
    out += [Target("piece", name) for name in sorted(board.pieces) if name != "knight"]
    out += [Target("piece", f"{tok}@{fmt_pos(q)}") for q, toks in sorted(board.tokens.items())
            for tok in TOKENS if toks[tok]]
    k = kb.knight(g)
    slots = [*SLOTS, *(f"treasure:{card}" for card in k.treasures)]
    out += [Target("slot", f"knight.{slot}", drag_from="knight.cubes") for slot in slots]     # as the cube options
    out += [Target("card", card) for card in (*k.treasures, *k.sidequests)]
    for _, q in adjacent(p):
        if why_not_kd.bomb_edge_asked(g, d, p, q):
            a, b = edge(p, q)
            out.append(Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}"))
    return out


def _knight_check(g: Game, t: Target) -> Reason | None:
    """The rule check answering a target of her turn."""
    if t == Target("piece", "knight"):
        return kn.check_any_step(g)
    if t.kind == "space":
        return kn.knight_step(g, kn.pos(g), parse_pos(t.ref))
    if t.kind == "slot":
        return kb.check_cube_slot(g, t.ref.split(".", 1)[1])
    if t.kind == "card":
        return check_sidequest(g, t.ref) if t.ref in kb.knight(g).sidequests else check_treasure_card(g, t.ref)
    if t.kind == "edge":
        a, b = (parse_pos(x) for x in t.ref.split("|"))
        return kn.check_bomb_wall(g, a, b)
    name, _, at = t.ref.partition("@")
    if name.startswith("tribe:"):
        return kvg.check_target(g, name.split(":", 1)[1])
    if name == "thief":
        return kvt.check_target(g)
    if name == "dragon":
        return kvd.check_target(g)
    if name.startswith("gem_"):
        return kvd.check_gem(g, parse_pos(at))
    return kn.check_token(g, name, parse_pos(at))


def _knight_offered(d: Decision) -> set[Target]:
    """Her step's targets (spaces and her piece), and the other options' targets but the
    space of her own tile that a smash, a collect or a Gem names too."""
    return ({t for o in d.options if o.id.startswith(STEP_VERBS) for t in o.targets}
            | {t for o in d.options if o.id.startswith(ACT_VERBS) for t in o.targets if t.kind != "space"})


# ------------------------------------------------------------- the Knight's questions mid-turn
def _verb_targets(*verbs: str) -> Callable[[Decision], set[Target]]:
    return lambda d: {t for o in d.options if o.id.startswith(verbs) for t in o.targets}


def _ambush_slots(g: Game, d: Decision) -> list[Target]:
    """Before an Ambush (KN-38): every place of her board, as the cube options name them."""
    slots = [*SLOTS, *(f"treasure:{card}" for card in kb.knight(g).treasures)]
    return [Target("slot", f"knight.{slot}", drag_from="knight.cubes") for slot in slots]


def _cube_sources(g: Game, d: Decision) -> list[Target]:
    """A cube to give up (KN-113, Light, Fresh Air/Water, Poison): unplaced, or any place of her board."""
    return [Target("slot", f"knight.{s}") for s in kb.cube_source_candidates(kb.knight(g))]


def _keep_cards(g: Game, d: Decision) -> list[Target]:
    """The card just found (KN-66), and her other cards."""
    k = kb.knight(g)
    found = why_not_kd.kept_card(d)
    return [Target("card", c) for c in dict.fromkeys([*([found] if found else []), *k.treasures, *k.sidequests])]


def _spaces_around_her(g: Game, d: Decision) -> list[Target]:
    """The spaces within 2 of her and on her diagonals up to 4 away (the step back, the Underworm)."""
    x, y = kn.pos(g)
    spaces = {(x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    spaces.update((x + sx * n, y + sy * n) for sx in (-1, 1) for sy in (-1, 1) for n in range(1, 5))
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)]


CONVERTED: dict[str, Converted] = {
    "knight_turn": Converted(_knight_candidates, _knight_check, _knight_offered),
    "ambush_strength": Converted(_ambush_slots, lambda g, t: check_ambush_cube(g, t.ref.split(".", 1)[1]),
                                 _verb_targets("cube:")),
    "choose_cube": Converted(_cube_sources,
                             lambda g, t: kb.check_cube_source(g, t.ref.split(".", 1)[1],
                                                               why_not_kd.cube_source_rule(_pending(g))),
                             _verb_targets("from:")),
    "keep_treasure": Converted(_keep_cards, lambda g, t: check_keep(g, _found(g), t.ref), _verb_targets("keep:")),
    "ambush_step": Converted(_spaces_around_her, lambda g, t: check_step_back(g, kn.pos(g), parse_pos(t.ref)),
                             _verb_targets("step:")),
    "underworm": Converted(_spaces_around_her, lambda g, t: check_underworm(g, kn.pos(g), parse_pos(t.ref)),
                           _verb_targets("burrow:")),
}


def _pending(g: Game) -> Decision:
    assert g.pending is not None
    return g.pending


def _found(g: Game) -> str:
    found = why_not_kd.kept_card(_pending(g))
    assert found is not None
    return found


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
    the Knight's step): options and why-not answers come from the same rule checks."""
    seed = 3 + len(roles)
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    rng = random.Random(seed)
    decisions = refused = 0
    while g.outcome is None and len(g.choices) < STEPS:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None:
            decisions += 1
            refused += _check_decision(g, d, kind)
        g.apply(rng.choice(d.options).id)
    if "knight" in roles:
        assert decisions > 0 and refused > 0, (decisions, refused)

