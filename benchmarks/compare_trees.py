"""Engine speed of this tree against a base revision, side by side in one run (issue 25, item 9).

    PYTHONPATH=. .venv/bin/python benchmarks/compare_trees.py [--base 4bc24c9] [--rounds 5] [--games 10]

The base revision is checked out into a temporary git worktree (``git worktree add --detach``; removed
afterwards).  Each round runs the same driver once in each tree, alternating which goes first, with
the same Python interpreter and ``PYTHONPATH=<tree>``: random full games (``simulate.play_game``, the
games ``bench`` plays) of seeds 1..N over four role sets, timing only the games.  Alternating rounds
spread the load of other processes over both trees.  Printed: each tree's median choices/s and the
ratio current/base, by the wall clock (what ``bench`` reports) and by the process's CPU time (less
disturbed by other processes on a busy machine).  The driver also prints a digest of every game's choice log and outcome, so the script says
whether the two trees played the same games (a speed-up must not change behaviour).
Prints figures; asserts nothing about time.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TREES = ("base", "current")
ROLE_SETS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("knight",), "medium"),
    (("knight", "cave"), None),
    (("knight", "goblins", "dragon", "cave"), None),
    (("knight", "goblins", "dragon", "cave", "thief"), None),
)

# Run inside each tree: plays the games and prints one JSON line.  Only names that both trees have
# (bench.BenchOptions.setup, simulate.play_game, at the top or in headless/) are used, so any revision
# since the bench existed works.
DRIVER = r"""
import hashlib, json, sys, time
# the editable install's finder would serve modules missing from this tree out of the installed
# checkout: only this tree's files may be imported
sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")]
import vast_desktop
try:                                             # the headless tools moved into a package (issue 25)
    from vast_desktop.headless.bench import BenchOptions
    from vast_desktop.headless.simulate import play_game
except ImportError:
    from vast_desktop.bench import BenchOptions
    from vast_desktop.simulate import play_game

role_sets, games = json.loads(sys.argv[1]), int(sys.argv[2])
setup = BenchOptions().setup
play_game(setup(("knight", "cave"), 1))          # warm-up: rules data, caches, imports
choices, seconds, cpu, errors = 0, 0.0, 0.0, 0
digest = hashlib.sha256()
for roles, level in role_sets:
    for seed in range(1, games + 1):
        c = time.process_time()
        r = play_game(setup(tuple(roles), seed, level), keep=True)
        cpu += time.process_time() - c
        choices += r.choices
        seconds += r.seconds
        errors += r.error is not None
        log = list(r.game.choices) if r.game is not None else []
        digest.update(json.dumps([roles, seed, log, list(r.winners), r.reason, r.error]).encode())
print(json.dumps({"file": vast_desktop.__file__, "tool": sys.modules[play_game.__module__].__file__, "choices": choices, "seconds": seconds, "cpu": cpu,
                  "errors": errors, "digest": digest.hexdigest()}))
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def run_driver(tree: Path, games: int) -> dict:
    """One driver run in ``tree`` (its own process, so nothing of the other tree is imported)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(ROLE_SETS), str(games)], cwd=tree, env=env,
                         check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    for key in ("file", "tool"):
        if not Path(result[key]).resolve().is_relative_to(tree.resolve()):
            raise RuntimeError(f"the driver in {tree} imported {result[key]}")
    return result


def compare(base: str, rounds: int, games: int) -> dict:
    here = Path(__file__).resolve().parent
    current = Path(git(here, "rev-parse", "--show-toplevel"))
    base_sha = git(current, "rev-parse", "--verify", f"{base}^{{commit}}")
    with tempfile.TemporaryDirectory(prefix="vast-base-") as tmp:
        base_tree = Path(tmp) / "base"
        git(current, "worktree", "add", "--detach", str(base_tree), base_sha)
        try:
            rates: dict[str, dict[str, list[float]]] = {t: {"wall": [], "cpu": []} for t in TREES}
            digests: dict[str, set[str]] = {t: set() for t in TREES}
            errors = dict.fromkeys(TREES, 0)
            trees = {"base": base_tree, "current": current}
            for i in range(rounds):
                for name in (TREES if i % 2 == 0 else TREES[::-1]):
                    r = run_driver(trees[name], games)
                    rates[name]["wall"].append(r["choices"] / r["seconds"])
                    rates[name]["cpu"].append(r["choices"] / r["cpu"])
                    digests[name].add(r["digest"])
                    errors[name] += r["errors"]
                print(f"round {i + 1}: choices/s (wall, cpu) base {rates['base']['wall'][-1]:7.0f} "
                      f"{rates['base']['cpu'][-1]:7.0f}  current {rates['current']['wall'][-1]:7.0f} "
                      f"{rates['current']['cpu'][-1]:7.0f}", file=sys.stderr)
        finally:
            git(current, "worktree", "remove", "--force", str(base_tree))
    out: dict = {"base": base, "base_sha": base_sha, "rounds": rounds, "games_per_role_set": games,
                 "same_games": digests["base"] == digests["current"] and len(digests["base"]) == 1,
                 "errors": errors}
    for clock in ("wall", "cpu"):
        med = {t: statistics.median(rates[t][clock]) for t in TREES}
        out[clock] = {"base_choices_per_second": med["base"], "current_choices_per_second": med["current"],
                      "ratio": med["current"] / med["base"],
                      "paired_ratio_median": statistics.median(
                          c / b for c, b in zip(rates["current"][clock], rates["base"][clock], strict=True))}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--base", default="4bc24c9", help="git revision to compare against (default 4bc24c9)")
    p.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    p.add_argument("--games", type=int, default=10, help="seeds per role set in each run (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    res = compare(a.base, a.rounds, a.games)
    if a.json:
        print(json.dumps(res))
    else:
        print(f"base {res['base']} ({res['base_sha'][:9]}) against the current tree, {a.rounds} alternating rounds")
        for clock, what in (("wall", "wall clock (as bench)"), ("cpu", "process CPU time")):
            f = res[clock]
            print(f"{what:22s}: base {f['base_choices_per_second']:7.0f}  current {f['current_choices_per_second']:7.0f}"
                  f" choices/s (medians); ratio current/base {f['ratio']:.3f}"
                  f" (median of paired rounds {f['paired_ratio_median']:.3f})")
        print(f"same games (choice logs and outcomes): {'yes' if res['same_games'] else 'NO'}; "
              f"errors base {res['errors']['base']}, current {res['errors']['current']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
