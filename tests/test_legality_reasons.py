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
linked to hers, and her own piece (``check_any_step``); the Cave's turn (``cave_turn``: the
map's spaces by phase, its hand tiles, its omens), filling open edges (``fill_open_edge``),
the tile drawn with no Cave (``place_tile``), the Collapse's removal (``collapse_tile``),
Cave-In (``cave_in``), the tile a Tribe explores (``explore_tile``, its hand tiles) and the
omens' targets (``omen_hatred``, ``omen_past_plunder``, ``omen_crystal_curse``: spaces and
hand tiles; ``omen_rockslide``: every edge of a tile).  Random games rarely reach the
Collapse, so :func:`test_in_the_collapse_a_removal_is_an_option_exactly_when_no_rule_check_refuses_it`
starts games in it.  Converting another decision kind adds one line to ``CONVERTED``.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest

from vast_desktop.engine import Setup, load_scenario, new_game
from vast_desktop.engine.cards import omens, secrets
from vast_desktop.engine.decisions import Decision, Target
from vast_desktop.engine.explain.why_not import is_fallback, why_not, why_not_reason
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import Pos, adjacent, edge, fmt_pos, parse_pos
from vast_desktop.engine.map import board, collapse
from vast_desktop.engine.map.terrain import neighbours
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.cave import turn as cv
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


# ------------------------------------------------------------- the Cave, the map's tiles, the Collapse
def _near_map(g: Game) -> list[Pos]:
    """Every tile of the map and every open space beside one (what the table can click there)."""
    tiles = g.state.board.tiles
    return sorted(set(tiles) | {q for p in tiles for _, q in adjacent(p)})


def _spaces(g: Game, d: Decision) -> list[Target]:
    return [Target("space", fmt_pos(q)) for q in _near_map(g)]


def _hand_tiles(g: Game) -> list[Target]:
    """The Cave's hand, a tile on the map and one still in the stack."""
    cave = g.state.cave
    assert cave is not None
    others = [pt.tile_id for pt in g.state.board.tiles.values() if pt.terrain is None][:1] + g.state.stack[:1]
    return [Target("hand_tile", t) for t in sorted({*cave.hand, *others})]


def _omen_slots(g: Game) -> list[Target]:
    return [Target("slot", f"cave.omen.{o.id}") for o in g.rules.omens]


def _edges(g: Game, d: Decision) -> list[Target]:
    tiles = g.state.board.tiles
    return [Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}") for a, b in sorted({edge(p, q) for p in tiles
                                                                               for _, q in adjacent(p)})]


def _all_targets(d: Decision) -> set[Target]:
    return {t for o in d.options for t in o.targets}


def _space_check(check: Callable[[Game, Pos], Reason | None]) -> Callable[[Game, Target], Reason | None]:
    return lambda g, t: check(g, parse_pos(t.ref))


def _cave_turn_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "space":
        return cv.check_cave_space(g, parse_pos(t.ref))
    if t.kind == "hand_tile":
        return cv.check_cave_hand_tile(g, t.ref)
    return omens.check_omen(g, t.ref.rsplit(".", 1)[1])


def _fill_candidates(g: Game, d: Decision) -> list[Target]:
    if d.rules_ref == "terrain.leaving":      # TR-12: the mover's space, not converted
        return _hand_tiles(g)
    return _spaces(g, d) + _hand_tiles(g)


def _fill_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    if t.kind == "space":
        return board.check_fill_space(g, parse_pos(t.ref))
    return board.check_hand_tile(g, t.ref, g.state.active == "cave" and d.rules_ref != "terrain.leaving")


def _hatred_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "space":
        return omens.check_hatred_space(g, parse_pos(t.ref))
    return omens.check_hatred_hand_tile(g, t.ref)


def _rockslide_check(g: Game, t: Target) -> Reason | None:
    a, b = (parse_pos(x) for x in t.ref.split("|"))
    return omens.check_rockslide_edge(g, a, b)


def _collapse_check(g: Game, t: Target) -> Reason | None:
    return collapse.check_collapse(g, parse_pos(t.ref), collapse.collapse_order(g, g.config.alone_in_the_dark))


CONVERTED: dict[str, Converted] = {
    "knight_turn": Converted(_knight_candidates, _knight_check, _knight_offered),
    "cave_turn": Converted(lambda g, d: _spaces(g, d) + _hand_tiles(g) + _omen_slots(g), _cave_turn_check,
                           _all_targets),
    "fill_open_edge": Converted(_fill_candidates, _fill_check, _all_targets),
    "place_tile": Converted(_spaces, _space_check(board.check_placement_space), _all_targets),
    "collapse_tile": Converted(_spaces, _collapse_check, _all_targets),
    "cave_in": Converted(_spaces, _space_check(secrets.check_cave_in), _all_targets),
    "explore_tile": Converted(lambda g, d: _hand_tiles(g), lambda g, t: board.check_hand_tile(g, t.ref, False),
                              _all_targets),
    "omen_hatred": Converted(lambda g, d: _spaces(g, d) + _hand_tiles(g), _hatred_check, _all_targets),
    "omen_past_plunder": Converted(_spaces, _space_check(omens.check_treasure_space), _all_targets),
    "omen_crystal_curse": Converted(_spaces, _space_check(omens.check_curse_space), _all_targets),
    "omen_rockslide": Converted(_edges, _rockslide_check, _all_targets),
}


# ------------------------------------------------------------- the property
def _check_decision(g: Game, d: Decision, kind: Converted) -> int:
    """The property at one decision; returns how many refusals it checked."""
    targets = {(t.kind, t.ref) for o in d.options for t in o.targets}      # as the table matches a click
    offered = {(t.kind, t.ref) for t in kind.offered(d)}
    refused = 0
    for t in kind.candidates(g, d):
        reason = why_not_reason(g, d.role, t)
        where = f"step {len(g.choices)} {d.kind} {t}"
        option = (t.kind, t.ref) in targets
        assert option == (reason is None), f"{where}: option target {option}, reason {reason}"
        checked = kind.check(g, t)
        assert (checked is None) == ((t.kind, t.ref) in offered), f"{where}: check {checked} but offered {not option}"
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



# ------------------------------------------------------------- positions in the Collapse
def _tile(x: int, y: int, tile: str, lit: bool = True) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": lit, "rot": 0}


# A map of 13 tiles: a revealed Crystal tile, Dark tiles, a long arm (tiles touching 1, 2, 3, 4).
COLLAPSE_MAP = [{"pos": [0, 0], "tile": "entrance"}, _tile(1, 0, "T01"), _tile(2, 0, "T05"), _tile(1, 1, "T10"),
                _tile(0, 1, "T13"), _tile(-1, 0, "T20", lit=False), _tile(0, -1, "T22"), _tile(1, -1, "T25", lit=False),
                _tile(2, 1, "T29"), _tile(3, 0, "T37"), _tile(-1, 1, "T30", lit=False), _tile(0, 2, "T08"),
                _tile(-2, 0, "T09")]
OMENS = {s: 4 for s in ("chasm", "bat", "boulder", "quartz", "mushroom", "trail")}
IN_THE_COLLAPSE: dict[str, dict[str, Any]] = {
    "cave": {"roles": ["knight", "cave"]},
    "cave-hatred-any-order": {"roles": ["knight", "cave"], "house_rules": ["hatred_ignores_collapse_order"]},
    "cave-open-edges": {"roles": ["knight", "cave"], "house_rules": ["collapse_touch_open_edges"]},
    "cave-moving-entrance": {"roles": ["knight", "cave"], "variants": ["moving-entrance"]},
    "goblins-no-cave": {"roles": ["knight", "goblins"]},
    "alone-in-the-dark": {"roles": ["knight"], "solo_level": "easy"},
}


@pytest.mark.parametrize("name", list(IN_THE_COLLAPSE))
def test_in_the_collapse_a_removal_is_an_option_exactly_when_no_rule_check_refuses_it(name: str) -> None:
    """Issue 25, item 2, with COL-04/05/07/08/12/16/17, CV-25/43, SOLO-04, VAR-07, AMB-44/60:
    the Collapse's removals (the Cave's Shape the Cave, Hatred, the end of a turn with no
    Cave, Alone in the Dark) are offered and explained by the same checks, in games that
    start in the Collapse (random games rarely reach it in a few turns)."""
    setup = {"seed": 5, **IN_THE_COLLAPSE[name]}
    roles = setup["roles"]
    data: dict[str, Any] = {"setup": setup, "tiles": COLLAPSE_MAP, "collapse": True, "stack": [],
                            "pieces": {"knight": [1, 1]}, "active": "cave" if "cave" in roles else "knight"}
    if "cave" in roles:
        data.update(omen_bag={}, cave={"hand": [], "omens": OMENS})
    g = load_scenario(data)
    rng = random.Random(5)
    seen: set[str] = set()
    refused = 0
    while g.outcome is None and len(g.choices) < 60:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None:
            seen.add(d.kind)
            refused += _check_decision(g, d, kind)
        g.apply(rng.choice(d.options).id)
    assert refused > 0 and ("collapse_tile" in seen or "cave_turn" in seen), seen
