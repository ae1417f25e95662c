"""Game review figures (issue 6): opening a review, stepping forward, stepping back (the block
replay), random jumps and a viewer switch, for finished random games of two and five roles.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_review.py [--block N]
Prints the figures; asserts nothing (timings belong here, not in tests)."""
from __future__ import annotations

import argparse
import random
import sys
import time

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.review import BLOCK, Review

GAMES = [(("knight", "cave"), 3), (("knight", "dragon", "cave"), 5), (("knight", "cave", "dragon", "goblins", "thief"), 7)]


def finished(roles: tuple[str, ...], seed: int):
    g = new_game(Setup(roles=roles, seed=seed))
    bot = RandomBot(seed)
    while g.outcome is None:
        g.apply(bot(None, g.pending))  # type: ignore[arg-type]
    return g


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def per_step(review: Review, ks: list[int], viewer: str | None = None) -> tuple[float, float]:
    """Mean and worst seconds per ``review.view`` over ``ks``."""
    times = [timed(lambda k=k: review.view(k, viewer)) for k in ks]
    return sum(times) / len(times), max(times)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--block", type=int, default=BLOCK)
    args = p.parse_args()
    for roles, seed in GAMES:
        g = finished(roles, seed)
        n = len(g.choices)
        t = time.perf_counter()
        review = Review.from_game(g, block=args.block)
        opened = time.perf_counter() - t
        fwd = per_step(review, list(range(n + 1)))
        review = Review.from_game(g, block=args.block)        # a fresh one: nothing kept yet
        back = per_step(review, list(range(n, -1, -1)))
        rnd = random.Random(1)
        jumps = per_step(Review.from_game(g, block=args.block), [rnd.randrange(n + 1) for _ in range(50)])
        switch = timed(lambda r=review, k=n // 2, who=roles[-1]: r.view(k, who))
        export = timed(lambda r=review: r.export_text())
        print(f"{'-'.join(roles)} ({n} choices, block {args.block}): open {opened * 1000:.0f} ms; "
              f"step forward {fwd[0] * 1000:.2f} ms (worst {fwd[1] * 1000:.1f}); "
              f"step back from the end {back[0] * 1000:.2f} ms (worst {back[1] * 1000:.1f}); "
              f"random jump {jumps[0] * 1000:.1f} ms (worst {jumps[1] * 1000:.1f}); "
              f"viewer switch {switch * 1000:.1f} ms; export {export * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
