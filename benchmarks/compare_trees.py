"""Engine speed of this tree against a base revision, side by side in one run (issue 25, item 9).

    PYTHONPATH=. .venv/bin/python benchmarks/compare_trees.py [--base 4bc24c9] [--rounds 5] [--games 10]

The base revision is checked out into a temporary git worktree (``git worktree add --detach``; removed
afterwards).  Each round runs the same driver once in each tree, alternating which goes first, with
the same Python interpreter and ``PYTHONPATH=<tree>``: random full games (``simulate.play_game``, the
games ``bench`` plays) of seeds 1..N over four role sets, timing only the games.  Alternating rounds
spread the load of other processes over both trees; the medians and the ratio current/base are
printed.  The driver also prints a digest of every game's choice log and outcome, so the script says
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

ROLE_SETS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("knight",), "medium"),
    (("knight", "cave"), None),
    (("knight", "goblins", "dragon", "cave"), None),
    (("knight", "goblins", "dragon", "cave", "thief"), None),
)

# Run inside each tree: plays the games and prints one JSON line.  Only names that both trees have
# (bench.BenchOptions.setup, simulate.play_game) are used, so any revision since the bench existed works.
DRIVER = r"""
import hashlib, json, sys
import vast_desktop
from vast_desktop.bench import BenchOptions
from vast_desktop.simulate import play_game

role_sets, games = json.loads(sys.argv[1]), int(sys.argv[2])
setup = BenchOptions().setup
play_game(setup(("knight", "cave"), 1))          # warm-up: rules data, caches, imports
choices, seconds, errors = 0, 0.0, 0
digest = hashlib.sha256()
for roles, level in role_sets:
    for seed in range(1, games + 1):
        r = play_game(setup(tuple(roles), seed, level), keep=True)
        choices += r.choices
        seconds += r.seconds
        errors += r.error is not None
        log = list(r.game.choices) if r.game is not None else []
        digest.update(json.dumps([roles, seed, log, list(r.winners), r.reason, r.error]).encode())
print(json.dumps({"file": vast_desktop.__file__, "choices": choices, "seconds": seconds,
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
    if not Path(result["file"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the driver in {tree} imported {result['file']}")
    return result


def compare(base: str, rounds: int, games: int) -> dict:
    here = Path(__file__).resolve().parent
    current = Path(git(here, "rev-parse", "--show-toplevel"))
    base_sha = git(current, "rev-parse", "--verify", f"{base}^{{commit}}")
    with tempfile.TemporaryDirectory(prefix="vast-base-") as tmp:
        base_tree = Path(tmp) / "base"
        git(current, "worktree", "add", "--detach", str(base_tree), base_sha)
        try:
            rates: dict[str, list[float]] = {"base": [], "current": []}
            digests: dict[str, set[str]] = {"base": set(), "current": set()}
            errors = {"base": 0, "current": 0}
            trees = {"base": base_tree, "current": current}
            for i in range(rounds):
                order = ("base", "current") if i % 2 == 0 else ("current", "base")
                for name in order:
                    r = run_driver(trees[name], games)
                    rates[name].append(r["choices"] / r["seconds"])
                    digests[name].add(r["digest"])
                    errors[name] += r["errors"]
                print(f"round {i + 1}: base {rates['base'][-1]:9.0f}  current {rates['current'][-1]:9.0f}"
                      f"  choices/s", file=sys.stderr)
        finally:
            git(current, "worktree", "remove", "--force", str(base_tree))
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {
        "base": base, "base_sha": base_sha, "rounds": rounds, "games_per_role_set": games,
        "base_choices_per_second": med["base"], "current_choices_per_second": med["current"],
        "ratio": med["current"] / med["base"],
        "paired_ratio_median": statistics.median(c / b for c, b in zip(rates["current"], rates["base"], strict=True)),
        "same_games": digests["base"] == digests["current"] and len(digests["base"]) == 1,
        "errors": errors,
    }


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
        print(f"base {res['base']} ({res['base_sha'][:9]}): {res['base_choices_per_second']:9.0f} choices/s (median)")
        print(f"current tree:        {res['current_choices_per_second']:9.0f} choices/s (median)")
        print(f"ratio current/base:  {res['ratio']:.3f}   (median of paired rounds {res['paired_ratio_median']:.3f})")
        print(f"same games (choice logs and outcomes): {'yes' if res['same_games'] else 'NO'}; "
              f"errors base {res['errors']['base']}, current {res['errors']['current']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
