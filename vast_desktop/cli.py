"""Command line of ``python -m vast_desktop``: the game, and the headless tools.

    python -m vast_desktop                      # the game window
    python -m vast_desktop simulate --roles knight,cave --games 100 --seed 1 [--json]
    python -m vast_desktop bench [--json]
    python -m vast_desktop tutorial [--check]    # the guided tutorial (--check: play it headless)
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from .engine.setup import HOUSE_RULES, OPTIONAL_VARIANTS, SOLO_LEVELS, Setup, SetupError
from .engine.state import ROLE_ORDER


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        role, sep, level = item.partition("=")
        if not sep:
            raise SetupError(f"--{what} takes ROLE=LEVEL, got {item!r}")
        out[role.strip()] = level.strip()
    return out


def _setup_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--roles", default="knight,cave", help=f"comma-separated roles from {', '.join(ROLE_ORDER)}")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", action="append", default=[], help=f"optional variant ({', '.join(OPTIONAL_VARIANTS) or 'none yet'})")
    p.add_argument("--difficulty", action="append", default=[], help="ROLE=LEVEL, e.g. cave=spillway")
    p.add_argument("--house-rule", action="append", default=[], help=f"one of {', '.join(HOUSE_RULES)}")
    p.add_argument("--solo-level", choices=SOLO_LEVELS, default=None, help="Knight solo: easy/medium/hard")
    p.add_argument("--bots", action="append", default=[], help="ROLE=LEVEL (only 'random' for now)")


def make_setup(args: argparse.Namespace, seed: int) -> Setup:
    bots = _pairs(args.bots, "bots")
    for role, level in bots.items():
        if level != "random":
            raise SetupError(f"Unknown bot level {level!r} for {role}; valid levels: random.")
    return Setup(roles=tuple(r.strip() for r in args.roles.split(",") if r.strip()), seed=seed,
                 variants=tuple(args.variant), difficulty=_pairs(args.difficulty, "difficulty"),
                 house_rules=tuple(args.house_rule), solo_level=args.solo_level)


def cmd_simulate(args: argparse.Namespace) -> int:
    from .engine.api import new_game
    from .simulate import play_game, summarize

    try:
        new_game(make_setup(args, args.seed))  # validates names before the run
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        r = play_game(make_setup(args, seed))
        results.append(r)
        if r.error:
            line = f"game {i + 1} seed {seed}: ERROR {r.error}"
        else:
            who = ", ".join(r.winners) if r.winners else "nobody"
            line = f"game {i + 1} seed {seed}: {who} won in round {r.rounds} after {r.choices} choices — {r.reason}"
        if not args.json or args.verbose:
            print(line, flush=True)
    summary = summarize(results, time.perf_counter() - start)
    error_seeds = [r.seed for r in results if r.error]
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['games']} games, {summary['finished']} finished, {summary['errors']} errors"
              f"{' (seeds ' + ', '.join(map(str, error_seeds)) + ')' if error_seeds else ''}; "
              f"wins {summary['wins']}; {summary['choices_per_second']:.0f} choices/s")
    return 1 if summary["errors"] else 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.gui:
        from .bench_gui import run_gui_bench

        return run_gui_bench(args)
    from .bench import run_bench

    try:
        return run_bench(args)
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def cmd_play(args: argparse.Namespace) -> int:
    from .app import main as app_main

    return int(app_main() or 0)


def cmd_tutorial(args: argparse.Namespace) -> int:
    if args.check:
        from .tutorial.check import run_check

        return run_check()
    from .app import main as app_main

    return int(app_main(tutorial=True) or 0)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m vast_desktop", description="Vast: The Crystal Caverns — desktop")
    sub = parser.add_subparsers(dest="cmd")
    p_sim = sub.add_parser("simulate", help="play whole games with computer players, headless")
    _setup_args(p_sim)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--json", action="store_true", help="print one JSON object last")
    p_sim.add_argument("--verbose", action="store_true", help="with --json, also print one line per game")
    p_bench = sub.add_parser("bench", help="print performance figures")
    p_bench.add_argument("--json", action="store_true")
    p_bench.add_argument("--variant", action="append", default=[], help="optional variant, for every game")
    p_bench.add_argument("--difficulty", action="append", default=[], help="ROLE=LEVEL, where the role plays")
    p_bench.add_argument("--house-rule", action="append", default=[], help=f"one of {', '.join(HOUSE_RULES)}")
    p_bench.add_argument("--quick", action="store_true", help="fewer runs (for tests)")
    p_bench.add_argument("--gui", action="store_true", help="frame times of the table (headless)")
    p_tut = sub.add_parser("tutorial", help="the guided tutorial (the rulebook's sample turn)")
    p_tut.add_argument("--check", action="store_true", help="play it headless by clicking; exit 0 at its end")
    args = parser.parse_args(argv)
    if args.cmd == "tutorial":
        return cmd_tutorial(args)
    if args.cmd == "simulate":
        return cmd_simulate(args)
    if args.cmd == "bench":
        return cmd_bench(args)
    return cmd_play(args)
