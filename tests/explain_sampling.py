"""Sample clicks that are not legal choices in random games, and grade their reasons.

Used by ``tests/test_explanations.py`` and runnable to find the decisions whose clicks
still get a weak answer::

    PYTHONPATH=. python tests/explain_sampling.py [--seeds 3] [--kinds orient_tile,populate]

A click on the same kind of thing a decision asks for (a space when it asks for a
space, a slot of the board it acts on, a card that role has been offered) must get a
rule-level reason (``teaching.RULE``); a click on anything else must at least say
where the choice is made instead (``teaching.WHERE``).
"""
from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine.api import Setup, new_game
from vast_desktop.engine.decisions import Decision, Target
from vast_desktop.engine.explain.why_not import RULE, WHERE, why_not_graded
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import fmt_pos

FIVE = ("knight", "goblins", "dragon", "cave", "thief")
ROLE_SETS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (FIVE, ()), (FIVE, ("terrain",)), (("knight", "cave"), ()), (("thief", "knight", "goblins"), ()),
    (("dragon", "thief", "cave"), ()), (("knight", "goblins", "dragon", "cave"), ())]
# more games for the command line's --wide: the variants, the solo roles and the other pairs
WIDE_SETS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (FIVE, ("moving-entrance",)), (FIVE, ("uncertain-treasures",)), (FIVE, ("dragon-scales", "random-terrain")),
    (("knight",), ()), (("dragon",), ()), (("goblins",), ()), (("thief",), ()), (("knight", "dragon"), ()),
    (("goblins", "cave"), ()), (("thief", "dragon"), ("terrain",)), (("knight", "goblins", "thief"), ("terrain",))]


@dataclass(frozen=True)
class Click:
    kind: str            # the decision's kind
    prompt: str
    target: Target
    reason: str | None
    grade: int
    needed: int          # the grade this click must reach

    @property
    def weak(self) -> bool:
        return self.reason is None or self.grade > self.needed


def _seen_targets(roles: tuple[str, ...], variants: tuple[str, ...], seed: int) -> dict[str, set[Target]]:
    """Every non-button target each role was offered in the game (what its screen can show)."""
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    bot = RandomBot(seed)
    seen: dict[str, set[Target]] = {}
    while g.outcome is None and len(g.choices) < 1500:
        d = g.pending
        assert d is not None
        seen.setdefault(d.role, set()).update(Target(t.kind, t.ref) for o in d.options for t in o.targets
                                              if t.kind != "button")
        g.apply(bot(None, d))
    return seen


def needed_grade(d: Decision, t: Target) -> int:
    """RULE for the kind of thing ``d`` asks for (a slot only on the board it acts on),
    WHERE for anything else."""
    same = [o for opt in d.options for o in opt.targets if o.kind == t.kind]
    if t.kind == "slot":
        same = [o for o in same if o.ref.split(".", 1)[0] == t.ref.split(".", 1)[0]]
    return RULE if same else WHERE


def sample_clicks(roles: tuple[str, ...], variants: tuple[str, ...], seed: int,
                  per_decision: int = 8) -> Iterator[Click]:
    """Replay a random game and, at each decision, grade ``per_decision`` clicks that are not
    options: map spaces, pieces, and the things the deciding role is offered in the game."""
    seen = _seen_targets(roles, variants, seed)
    g: Game = new_game(Setup(roles=roles, seed=seed, variants=variants))
    bot = RandomBot(seed)
    pick = random.Random(seed)
    while g.outcome is None and len(g.choices) < 1500:
        d = g.pending
        assert d is not None
        legal = {(t.kind, t.ref) for o in d.options for t in o.targets}
        pool = [Target("space", fmt_pos(p)) for p in g.state.board.tiles]
        pool += [Target("piece", p) for p in g.state.board.pieces]
        pool += sorted((t for r in seen.values() for t in r if t.kind in ("slot", "edge")), key=str)
        pool += sorted((t for t in seen.get(d.role, ()) if t.kind in ("card", "hand_tile")), key=str)
        pool = [t for t in pool if (t.kind, t.ref) not in legal]
        for t in pick.sample(pool, min(per_decision, len(pool))):
            reason, grade = why_not_graded(g, d.role, t)
            yield Click(d.kind, d.prompt, t, reason, grade, needed_grade(d, t))
        g.apply(bot(None, d))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--kinds", default="", help="comma-separated decision kinds to report (default all)")
    ap.add_argument("--examples", type=int, default=1)
    ap.add_argument("--wide", action="store_true", help="also the variants, the solo roles and other pairs")
    a = ap.parse_args()
    only = set(filter(None, a.kinds.split(",")))
    total: Counter[str] = Counter()
    weak: Counter[str] = Counter()
    examples: dict[str, list[Click]] = {}
    for seed in range(1, a.seeds + 1):
        for roles, variants in ROLE_SETS + (WIDE_SETS if a.wide else []):
            for c in sample_clicks(roles, variants, seed):
                if only and c.kind not in only:
                    continue
                total[c.kind] += 1
                if c.weak:
                    weak[c.kind] += 1
                    examples.setdefault(c.kind, []).append(c)
    for k in sorted(total, key=lambda k: -weak[k]):
        if weak[k]:
            print(f"{k:24s} {weak[k]:5d}/{total[k]:5d} weak")
            for c in examples[k][:a.examples]:
                print(f"    {c.target.kind}:{c.target.ref} -> {c.reason!r}")
    print(f"{sum(weak.values())} weak of {sum(total.values())} clicks; "
          f"fully explained: {', '.join(sorted(k for k in total if not weak[k])) or 'none'}")


if __name__ == "__main__":
    main()
