"""How long the Hard players' forward model takes to draw one world (issue 7; target < 20 ms).

A five-role game is played by random players to mid-game (round 6, or the last round it
reaches); from the active role's view and from another role's view ``sample_world`` draws
worlds, each timed.  Prints the median and p95 per world over all runs.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_worlds.py [--worlds 200] [--games 5] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from vast_desktop.bots.hard.worlds import sample_world
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view

ROLES = ["knight", "goblins", "dragon", "cave", "thief"]


def mid_game(seed: int, round_: int = 6) -> Game:
    """A five-role random game at the first decision of a turn in ``round_`` (or as far as it gets)."""
    g = new_game(Setup(roles=ROLES, seed=seed))
    bots = {r: RandomBot(seed + i) for i, r in enumerate(ROLES)}
    last = g.rebuilt(list(g.choices))
    turn = g.state.turn
    while g.outcome is None and g.state.round < round_:
        assert g.pending is not None
        g.apply(bots[g.pending.role](None, g.pending))
        if g.outcome is None and g.state.turn != turn:
            turn = g.state.turn
            last = g.rebuilt(list(g.choices))
    return last if g.outcome is not None else g


def run(worlds: int, games: int) -> dict[str, float]:
    times: list[float] = []
    medians: list[float] = []
    for seed in range(1, games + 1):
        g = mid_game(seed)
        roles = list(g.state.roles)
        views = [view(g, g.state.active), view(g, next(r for r in roles if r != g.state.active))]
        rng = random.Random(seed)
        run_times = []
        for i in range(worlds):
            v = views[i % 2]
            t0 = time.perf_counter()
            sample_world(v, rng)
            run_times.append((time.perf_counter() - t0) * 1000)
        medians.append(statistics.median(run_times))
        times += run_times
    times.sort()
    return {"median_ms": statistics.median(times), "p95_ms": times[int(0.95 * (len(times) - 1))],
            "median_of_run_medians_ms": statistics.median(medians), "worlds": len(times), "games": games}


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--worlds", type=int, default=200, help="worlds drawn per game")
    p.add_argument("--games", type=int, default=5, help="mid-game positions (one per seed)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    r = run(a.worlds, a.games)
    if a.json:
        print(json.dumps(r))
    else:
        print(f"sample_world, five roles, mid-game: median {r['median_ms']:.2f} ms per world, "
              f"p95 {r['p95_ms']:.2f} ms ({r['worlds']} worlds over {r['games']} positions; "
              f"median of the per-position medians {r['median_of_run_medians_ms']:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
