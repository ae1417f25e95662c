"""Performance figures for ``python -m vast_desktop bench`` (medians of several runs).

Prints: choices applied per second in random play (overall and per game kind);
median time of a full Knight-solo, Knight-vs-Cave, four-role and five-role game; replay time of a 1,000-choice
log; rules-data load time; peak memory.  ``--variant``, ``--difficulty`` and ``--house-rule`` apply to every
game benchmarked (a difficulty only where its role plays).  Benchmarks print figures; tests never time anything."""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from dataclasses import dataclass, field

from ..engine.setup import Setup, SetupError


def _median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


@dataclass(frozen=True)
class BenchOptions:
    """The options common to every benchmarked game."""

    variants: tuple[str, ...] = ()
    house_rules: tuple[str, ...] = ()
    difficulty: dict[str, str] = field(default_factory=dict)

    def setup(self, roles: tuple[str, ...], seed: int, level: str | None = None) -> Setup:
        """A difficulty applies only where its role plays."""
        return Setup(roles=roles, seed=seed, solo_level=level, variants=self.variants, house_rules=self.house_rules,
                     difficulty={r: v for r, v in self.difficulty.items() if r in roles})


def bench_options(args: argparse.Namespace) -> BenchOptions:
    """Read ``--variant``, ``--difficulty`` and ``--house-rule``; a five-role setup with them
    all is built once so unknown names are refused with the valid ones (SetupError)."""
    from ..engine.api import new_game
    from ..engine.state import BASE_ROLES

    difficulty: dict[str, str] = {}
    for item in getattr(args, "difficulty", []) or []:
        role, sep, level = item.partition("=")
        if not sep:
            raise SetupError(f"--difficulty takes ROLE=LEVEL, got {item!r}")
        difficulty[role] = level
    opts = BenchOptions(tuple(getattr(args, "variant", []) or ()), tuple(getattr(args, "house_rule", []) or ()),
                        difficulty)
    new_game(opts.setup(BASE_ROLES, 1))
    return opts


def run_bench(args: argparse.Namespace) -> int:
    from ..engine.api import replay
    from ..rules_data import default_rules_dir, load_rules_data, load_rules_data_uncached
    from .simulate import play_game

    opts = bench_options(args)
    setup = opts.setup

    quick = getattr(args, "quick", False)
    n_games = 6 if quick else 30
    load_rules_data()
    rules_ms = _median_time(lambda: load_rules_data_uncached(default_rules_dir()), 3 if quick else 7) * 1000

    figures: dict[str, float] = {"rules_data_load_ms": rules_ms}
    total_choices, total_time = 0, 0.0
    for label, roles, level in (("knight_solo", ("knight",), "medium"), ("knight_vs_cave", ("knight", "cave"), None),
                                ("four_roles", ("knight", "goblins", "dragon", "cave"), None),
                                ("five_roles", ("knight", "goblins", "dragon", "cave", "thief"), None)):
        times, choices = [], []
        for seed in range(1, n_games + 1):
            r = play_game(setup(roles, seed, level))
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
        r = play_game(setup(("knight", "cave"), seed), keep=True)
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
