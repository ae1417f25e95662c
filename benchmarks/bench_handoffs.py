"""Pass-and-play curtains per round (issue 27, item 2): 4- and 5-person games, every seat a person,
default settings, each person's choices made by an Easy computer player from that person's own
view; the curtains of the first three rounds counted (``Session.needs_handoff``: the screen passes
to a different person), per round and per person's seat, over several seeds.

Three tables side by side, in one run:

* **before**  — the table as it was: every out-of-turn question asked (no standing orders, no
  public answers);
* **ask**     — the Cave's orders set to "Ask me each time" (questions the public board decides
  are still skipped);
* **after**   — the Cave's standing orders at their default.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_handoffs.py [--seeds N] [--rounds R]

Target (issue 27): at most 1.3 curtains per person's seat per round.  Prints the figures;
asserts nothing (tests/test_bench_handoffs.py checks the counting on a small game)."""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from vast_desktop.headless.handoffs import FIVE_ROLES, FOUR_ROLES, CurtainCount, count_curtains
from vast_desktop.standing_orders import StandingOrders

TARGET = 1.3
SETTINGS = {
    "before": (StandingOrders.ask_each_time(), False),
    "ask": (StandingOrders.ask_each_time(), True),
    "after": (StandingOrders(), True),
}


def run(roles: tuple[str, ...], name: str, seeds: range, rounds: int) -> list[CurtainCount]:
    orders, public = SETTINGS[name]
    return [count_curtains(roles, seed, orders, rounds, public_answers=public) for seed in seeds]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    seeds = range(1, args.seeds + 1)
    worst = 0.0
    for roles in (FOUR_ROLES, FIVE_ROLES):
        print(f"\n{len(roles)} people ({', '.join(roles)}), first {args.rounds} rounds, seeds 1-{args.seeds}")
        print(f"{'':8}{'curtains/round':>16}{'per seat/round':>16}{'max':>7}   per seat/round (median)")
        for name in SETTINGS:
            counts = run(roles, name, seeds, args.rounds)
            per_round = statistics.median(c.per_round for c in counts)
            per_seat = statistics.median(c.per_seat_round for c in counts)
            top = max(c.per_seat_round for c in counts)
            seats = "  ".join(f"{r} {statistics.median(c.per_seat[r] / args.rounds for c in counts):.2f}"
                              for r in roles)
            print(f"{name:8}{per_round:16.2f}{per_seat:16.2f}{top:7.2f}   {seats}")
            if name == "after":
                worst = max(worst, per_seat)
            if name == "before":
                kinds: Counter[str] = Counter()
                for c in counts:
                    kinds.update(c.by_kind)
                print(f"{'':8}before, curtains by the decision asked: "
                      + ", ".join(f"{k} {n}" for k, n in kinds.most_common(8)))
    print(f"\nafter, median per seat per round at most {worst:.2f} (target {TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
