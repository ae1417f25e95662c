"""Command line of ``python -m vast_desktop``: the game, and the headless tools.

    python -m vast_desktop                      # the game window
    python -m vast_desktop simulate --roles knight,cave --games 100 --seed 1 [--json] [--bots ROLE=LEVEL]
    python -m vast_desktop tournament --roles knight,cave --bots knight=easy --games 200 [--workers 2] [--json]
    python -m vast_desktop bench [--json]
    python -m vast_desktop tutorial [--check]    # the guided tutorial (--check: play it headless)
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from .bots.registry import LEVELS, BotSpecError, available, parse_bots
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
    p.add_argument("--bots", action="append", default=[],
                   help=f"ROLE=LEVEL[,ROLE=LEVEL…], levels {', '.join(LEVELS)}; roles not named play random")


def make_setup(args: argparse.Namespace, seed: int) -> Setup:
    return Setup(roles=tuple(r.strip() for r in args.roles.split(",") if r.strip()), seed=seed,
                 variants=tuple(args.variant), difficulty=_pairs(args.difficulty, "difficulty"),
                 house_rules=tuple(args.house_rule), solo_level=args.solo_level)


def bot_levels(args: argparse.Namespace, roles: tuple[str, ...]) -> dict[str, str]:
    """``--bots`` checked against the roles in play and the players this build has: {role: level}
    for every role in play, ``random`` where not named (raises BotSpecError with the reason)."""
    named = parse_bots(args.bots)
    stray = [r for r in named if r not in roles]
    if stray:
        raise BotSpecError(f"--bots names {', '.join(stray)}, not in play (--roles {','.join(roles)})")
    for role, level in named.items():
        if not available(role, level):
            raise BotSpecError(f"there is no {level} computer player for the {role} in this build yet")
    return {r: named.get(r, "random") for r in roles}


def checked_setup(args: argparse.Namespace) -> tuple[Setup, dict[str, str]]:
    """The first game's setup and the seats' levels, both validated before any game is played
    (raises SetupError or BotSpecError)."""
    from .engine.api import new_game

    setup = make_setup(args, args.seed)
    new_game(setup)
    return setup, bot_levels(args, setup.roles)


def cmd_simulate(args: argparse.Namespace) -> int:
    from .headless.simulate import play_game, play_with_bots, summarize

    try:
        _, levels = checked_setup(args)
    except (SetupError, BotSpecError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        # without --bots: the random player of every seat, exactly as always (the golden files' games)
        r = play_with_bots(make_setup(args, seed), levels) if args.bots else play_game(make_setup(args, seed))
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


def cmd_tournament(args: argparse.Namespace) -> int:
    from .headless.tournament import report_lines, run_tournament

    try:
        _, levels = checked_setup(args)
    except (SetupError, BotSpecError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.games < 1 or args.workers < 1:
        print("error: --games and --workers take a whole number of at least 1", file=sys.stderr)
        return 2
    setups = [make_setup(args, args.seed + i) for i in range(args.games)]
    summary = run_tournament(setups, levels, args.workers)
    if not args.json or args.verbose:
        print("\n".join(report_lines(summary)), flush=True)
    if args.json:
        print(json.dumps(summary))
    return 1 if summary["errors"] else 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.gui:
        from .headless.bench_gui import run_gui_bench

        return run_gui_bench(args)
    from .headless.bench import run_bench

    try:
        return run_bench(args)
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def cmd_play(args: argparse.Namespace) -> int:
    from .app import main as app_main

    return int(app_main(rules_dir=args.rules_dir) or 0)


def cmd_tutorial(args: argparse.Namespace) -> int:
    if args.check:
        from .headless.tutorial_check import run_check

        return run_check()
    from .app import main as app_main

    return int(app_main(tutorial=True, rules_dir=args.rules_dir) or 0)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m vast_desktop", description="Vast: The Crystal Caverns — desktop")
    parser.add_argument("--rules-dir", default=None, metavar="DIR",
                        help="your rules-data folder, whose YAML files change the game's data key by key "
                             "(default: $VAST_DESKTOP_RULES_DIR, else rules_data in the game's data folder)")
    sub = parser.add_subparsers(dest="cmd")
    p_sim = sub.add_parser("simulate", help="play whole games with computer players, headless")
    _setup_args(p_sim)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--json", action="store_true", help="print one JSON object last")
    p_sim.add_argument("--verbose", action="store_true", help="with --json, also print one line per game")
    p_tour = sub.add_parser("tournament", help="many games between computer players: win rates and timings")
    _setup_args(p_tour)
    p_tour.add_argument("--games", type=int, default=100)
    p_tour.add_argument("--workers", type=int, default=None, help="processes (default: the machine's cores)")
    p_tour.add_argument("--json", action="store_true", help="print one JSON object last")
    p_tour.add_argument("--verbose", action="store_true", help="with --json, also print the report")
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
    if args.rules_dir and args.cmd in ("simulate", "tournament", "bench"):
        print(f"error: --rules-dir is for the window (playing, the tutorial); {args.cmd} plays the game's own data",
              file=sys.stderr)
        return 2
    if args.cmd == "tutorial":
        return cmd_tutorial(args)
    if args.cmd == "simulate":
        return cmd_simulate(args)
    if args.cmd == "tournament":
        if args.workers is None:
            from .headless.tournament import default_workers

            args.workers = default_workers()
        return cmd_tournament(args)
    if args.cmd == "bench":
        return cmd_bench(args)
    return cmd_play(args)
