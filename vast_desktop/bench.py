"""Performance figures for ``python -m vast_desktop bench`` (medians of several runs).

Prints: choices applied per second in random play (overall and per game kind);
median time of a full Knight-solo, Knight-vs-Cave and four-role game; replay time of a 1,000-choice log; rules-data
load time; peak memory.  Benchmarks print figures; tests never time anything."""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from pathlib import Path


def _median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run_bench(args: argparse.Namespace) -> int:
    from .engine.api import replay
    from .engine.rules_data import load_rules_data, load_rules_data_uncached
    from .engine.setup import Setup
    from .simulate import play_game

    quick = getattr(args, "quick", False)
    n_games = 6 if quick else 30
    load_rules_data()
    directory = Path(__file__).parent / "rules_data"
    rules_ms = _median_time(lambda: load_rules_data_uncached(directory), 3 if quick else 7) * 1000

    figures: dict[str, float] = {"rules_data_load_ms": rules_ms}
    total_choices, total_time = 0, 0.0
    for label, roles, level in (("knight_solo", ("knight",), "medium"), ("knight_vs_cave", ("knight", "cave"), None),
                                ("four_roles", ("knight", "goblins", "dragon", "cave"), None)):
        times, choices = [], []
        for seed in range(1, n_games + 1):
            r = play_game(Setup(roles=roles, seed=seed, solo_level=level))
            if r.error:
                print(f"error in {label} seed {seed}: {r.error}")
                continue
            times.append(r.seconds)
            choices.append(r.choices)
            total_choices += r.choices
            total_time += r.seconds
        figures[f"{label}_game_median_s"] = statistics.median(times)
        figures[f"{label}_choices_median"] = statistics.median(choices)
        figures[f"{label}_choices_per_second"] = sum(choices) / sum(times)
    figures["choices_per_second"] = total_choices / total_time

    # Random Knight-vs-Cave games run 300-500 choices, so the 1,000-choice figure replays
    # whole-game logs totalling at least 1,000 choices and scales the time to 1,000.
    logs = []
    total = 0
    seed = 1
    while total < 1000:
        r = play_game(Setup(roles=("knight", "cave"), seed=seed), keep=True)
        seed += 1
        if r.game is not None and r.error is None:
            logs.append((r.game.setup, list(r.game.choices)))
            total += len(r.game.choices)

    def replay_all() -> None:
        for setup, choices in logs:
            replay(setup, choices)

    figures["replay_1000_choices_s"] = _median_time(replay_all, 3 if quick else 5) * 1000 / total
    figures["peak_memory_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:32s} {v:10.3f}")
    return 0
