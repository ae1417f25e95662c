"""Issue 7's targets for the computer players, measured with the tournament runner.

For every two-role combination that can be played (never the Vile Ghoul with the Goblins or the
Ghoul, VG-02/03) and each role in it:

* Easy vs Random: the role's Easy player against the other role's random player — target: win
  rate at least 70%.
* Easy vs Easy and Hard vs Easy: the role's Easy player, then its Hard player, against the other
  role's Easy player — target: the Hard win rate at least 10 percentage points above the Easy
  one, with Wilson 95% intervals that do not overlap.
* Decision time over all those games: Easy p95 under 50 ms, Hard p95 under 1 s.

Each tournament is the same as ``python3 vast.py tournament --roles A,B --bots A=LEVEL,B=LEVEL
--games N --seed S``; results are kept in ``--cache`` (JSON, one entry per tournament) so that a
long run can be resumed and the table printed again without replaying.

    PYTHONPATH=. .venv/bin/python benchmarks/bot_targets.py [--games 200] [--hard-games 200]
        [--baseline-games 1000] [--seed 1] [--workers 2] [--roles knight,cave] [--only easy|hard] [--cache FILE] [--json]
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

from vast_desktop.bots.registry import ROLES
from vast_desktop.engine import Setup
from vast_desktop.engine.roles.ghoul.vile.variant import check_roles
from vast_desktop.headless.tournament import default_workers, run_tournament


def key(roles: tuple[str, str], levels: dict[str, str], games: int, seed: int) -> str:
    return f"{roles[0]},{roles[1]}|{levels[roles[0]]},{levels[roles[1]]}|{games}|{seed}"


def tournament(cache: dict, roles: tuple[str, str], levels: dict[str, str], games: int, seed: int,
               workers: int, cache_path: Path | None) -> dict:
    """The summary of one tournament, from the cache or played now (and then cached)."""
    k = key(roles, levels, games, seed)
    if k not in cache:
        setups = [Setup(roles=list(roles), seed=s) for s in range(seed, seed + games)]
        print(f"playing {k} ...", file=sys.stderr, flush=True)
        cache[k] = run_tournament(setups, levels, workers)
        if cache_path is not None:
            tmp = cache_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(cache, indent=1))
            tmp.replace(cache_path)
    return cache[k]


def rate(summary: dict, role: str) -> tuple[float, float, float, int]:
    st = summary["per_role"][role]
    return st["win_rate"], st["ci95"][0], st["ci95"][1], st["games"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per Easy tournament")
    ap.add_argument("--hard-games", type=int, default=200, help="games per Hard tournament")
    ap.add_argument("--baseline-games", type=int, default=None,
                    help="games per Easy-vs-Easy tournament (default: --hard-games); Easy games are "
                         "cheap, so more of them narrow the baseline's interval")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--roles", default=",".join(ROLES), help="measure only the pairs among these roles")
    ap.add_argument("--focus", default="", help="only the rows of this role")
    ap.add_argument("--only", choices=("easy", "hard"), default=None)
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    roles = [r for r in ROLES if r in args.roles.split(",")]
    cache: dict = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    rows = []
    for a, b in itertools.combinations(roles, 2):
        pair = (a, b)
        if check_roles(pair) is not None:                 # the Vile Ghoul takes the Goblins' seat
            continue
        for me, other in ((a, b), (b, a)):
            if args.focus and me != args.focus:
                continue
            row: dict = {"role": me, "against": other}
            if args.only in (None, "easy"):
                s = tournament(cache, pair, {me: "easy", other: "random"}, args.games, args.seed, args.workers,
                               args.cache)
                w, lo, hi, n = rate(s, me)
                row["easy_vs_random"] = {"win_rate": w, "ci95": [lo, hi], "games": n, "errors": len(s["errors"])}
                row["easy_p95_ms"] = s["per_role"][me]["decision_ms"]["p95"]
            if args.only in (None, "hard"):
                base = tournament(cache, pair, {a: "easy", b: "easy"}, args.baseline_games or args.hard_games,
                                  args.seed, args.workers, args.cache)
                hard = tournament(cache, pair, {me: "hard", other: "easy"}, args.hard_games, args.seed,
                                  args.workers, args.cache)
                ew, elo, ehi, en = rate(base, me)
                hw, hlo, hhi, hn = rate(hard, me)
                row["easy_vs_easy"] = {"win_rate": ew, "ci95": [elo, ehi], "games": en,
                                       "errors": len(base["errors"])}
                row["hard_vs_easy"] = {"win_rate": hw, "ci95": [hlo, hhi], "games": hn,
                                       "errors": len(hard["errors"])}
                row["hard_p95_ms"] = hard["per_role"][me]["decision_ms"]["p95"]
                row["hard_gain_met"] = hw - ew >= 0.10 and hlo > ehi
            if "easy_vs_random" in row:
                row["easy_met"] = row["easy_vs_random"]["win_rate"] >= 0.70
            rows.append(row)
    for r in rows:
        line = f"{r['role']:<8} vs {r['against']:<8}"
        if "easy_vs_random" in r:
            e = r["easy_vs_random"]
            line += (f" | Easy vs Random {e['win_rate']:6.1%} [{e['ci95'][0]:.0%}–{e['ci95'][1]:.0%}]"
                     f" {'ok ' if r['easy_met'] else 'LOW'} p95 {r['easy_p95_ms']:5.1f} ms"
                     f"{'' if r['easy_p95_ms'] < 50 else ' SLOW'}")
        if "hard_vs_easy" in r:
            e, h = r["easy_vs_easy"], r["hard_vs_easy"]
            line += (f" | Easy vs Easy {e['win_rate']:6.1%} [{e['ci95'][0]:.0%}–{e['ci95'][1]:.0%}]"
                     f" Hard vs Easy {h['win_rate']:6.1%} [{h['ci95'][0]:.0%}–{h['ci95'][1]:.0%}]"
                     f" {'ok ' if r['hard_gain_met'] else 'LOW'} p95 {r['hard_p95_ms']:6.1f} ms"
                     f"{'' if r['hard_p95_ms'] < 1000 else ' SLOW'}")
        errors = sum(r[k]["errors"] for k in ("easy_vs_random", "easy_vs_easy", "hard_vs_easy") if k in r)
        if errors:
            line += f" | {errors} errors"
        print(line)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
