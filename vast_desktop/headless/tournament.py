"""Many games between computer players of chosen levels, with win rates you can trust.

``python -m vast_desktop tournament --roles knight,cave --bots knight=easy --games 200 [--seed 1]
[--workers 2] [--json]`` plays games with seeds ``S .. S+N-1`` through
:func:`vast_desktop.headless.matches.play_match`; roles not named in ``--bots`` play ``random``.  The games
run in a pool of ``--workers`` processes (default: the machine's cores); each game depends only on
its seed and the levels, and results are gathered in seed order, so the worker count never changes
the games or their results (only the decision timings, which are measured).

It prints, per role: its level, the games it played, its wins, its win rate with a Wilson 95%
confidence interval, and its decision-time percentiles; then the games nobody won, the games that
raised or stalled (with their seeds) and the mean game length.

With ``--json`` the last line printed is one JSON object:

``roles``         the roles in play, in the order given
``levels``        {role: level} for every role in play
``seed``          the first game's seed; the games use ``seed .. seed + games - 1``
``games``         games played (finished + errors)
``finished``      games that reached an outcome
``no_winner``     finished games that nobody won
``errors``        [{``seed``, ``error``}] for every game that raised or stalled
``mean_choices``  mean number of choices per finished game
``mean_rounds``   mean number of rounds per finished game
``workers``       processes used
``seconds``       wall-clock time of the whole run
``per_role``      {role: {``level``, ``games`` (finished games), ``wins``, ``win_rate`` (wins / games),
                  ``ci95`` ([low, high], Wilson score interval), ``decisions`` (bot calls timed),
                  ``decision_ms`` ({``p50``, ``p95``, ``p99``, ``max``} in milliseconds)}}
"""
from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine import Setup
from .matches import MatchResult, play_match

Z95 = 1.959963984540054   # the normal quantile for a two-sided 95% interval
PERCENTILES = (50, 95, 99)


def default_workers() -> int:
    """The machine's cores (at least one)."""
    return max(1, os.cpu_count() or 1)


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: unlike rate ± z·se it stays inside [0, 1]
    and is honest for small samples and rates near 0 or 1.  No games: [0, 1]."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    lo = 0.0 if wins == 0 else max(0.0, centre - half)       # exact at the ends (no rounding residue)
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return lo, hi


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between sorted values; 0 if empty."""
    if not values:
        return 0.0
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def decision_ms(seconds: Sequence[float]) -> dict[str, float]:
    """p50, p95, p99 and max of a role's decision times, in milliseconds."""
    out = {f"p{q}": percentile(seconds, q) * 1000 for q in PERCENTILES}
    out["max"] = max(seconds, default=0.0) * 1000
    return out


def _play(job: tuple[Setup, dict[str, str]]) -> MatchResult:
    """One game in a worker process (a module-level function, so the pool can pickle it)."""
    setup, levels = job
    return play_match(setup, levels)


def play_games(setups: Sequence[Setup], levels: dict[str, str], workers: int) -> list[MatchResult]:
    """Play every setup; results in the setups' order whatever the number of workers."""
    jobs = [(s, levels) for s in setups]
    workers = max(1, min(workers, len(jobs)))
    if workers == 1:
        return [_play(j) for j in jobs]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return list(pool.imap(_play, jobs, chunksize=1))


@dataclass
class RoleStats:
    level: str
    games: int
    wins: int
    decisions: int
    decision_ms: dict[str, float]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def role_stats(role: str, level: str, results: Iterable[MatchResult]) -> RoleStats:
    """A role's record over the finished games, and its decision times over all games."""
    results = list(results)
    finished = [r for r in results if r.finished]
    times = [t for r in results for t in r.decision_seconds.get(role, [])]
    return RoleStats(level, len(finished), sum(role in r.winners for r in finished), len(times), decision_ms(times))


def summarize(roles: Sequence[str], levels: dict[str, str], seed: int, results: list[MatchResult],
              workers: int, seconds: float) -> dict[str, object]:
    """The tournament's figures as the JSON object documented in the module docstring."""
    finished = [r for r in results if r.finished]
    per_role = {}
    for role in roles:
        st = role_stats(role, levels[role], results)
        lo, hi = st.ci95
        per_role[role] = {"level": st.level, "games": st.games, "wins": st.wins, "win_rate": st.win_rate,
                          "ci95": [lo, hi], "decisions": st.decisions, "decision_ms": st.decision_ms}
    return {
        "roles": list(roles),
        "levels": dict(levels),
        "seed": seed,
        "games": len(results),
        "finished": len(finished),
        "no_winner": sum(not r.winners for r in finished),
        "errors": [{"seed": r.seed, "error": r.error} for r in results if r.error is not None],
        "mean_choices": sum(r.choices for r in finished) / len(finished) if finished else 0.0,
        "mean_rounds": sum(r.rounds for r in finished) / len(finished) if finished else 0.0,
        "workers": workers,
        "seconds": seconds,
        "per_role": per_role,
    }


def report_lines(summary: dict) -> list[str]:
    """The human-readable report of a summary."""
    g = summary["games"]
    lines = [f"{g} games (seeds {summary['seed']}..{summary['seed'] + g - 1}) on {summary['workers']} "
             f"worker(s) in {summary['seconds']:.1f} s",
             f"{'role':<8} {'level':<6} {'games':>5} {'wins':>5} {'win rate':>8}  {'95% CI':<13}  "
             f"{'decision ms: p50':>16} {'p95':>7} {'p99':>7} {'max':>8}"]
    for role, st in summary["per_role"].items():
        lo, hi = st["ci95"]
        ms = st["decision_ms"]
        lines.append(f"{role:<8} {st['level']:<6} {st['games']:>5} {st['wins']:>5} {st['win_rate']:>8.1%}  "
                     f"{lo:>5.1%}–{hi:<6.1%}  {ms['p50']:>16.2f} {ms['p95']:>7.2f} {ms['p99']:>7.2f} {ms['max']:>8.2f}")
    lines.append(f"nobody won: {summary['no_winner']} of {summary['finished']} finished games")
    errors = summary["errors"]
    lines.append(f"errors: {len(errors)}" + (" (seeds " + ", ".join(str(e["seed"]) for e in errors) + ")"
                                             if errors else ""))
    lines += [f"  seed {e['seed']}: {e['error']}" for e in errors]
    lines.append(f"mean game length: {summary['mean_choices']:.1f} choices, {summary['mean_rounds']:.1f} rounds")
    return lines


def run_tournament(setups: Sequence[Setup], levels: dict[str, str], workers: int) -> dict[str, object]:
    """Play the games and return their summary (``setups`` share roles; their seeds are consecutive)."""
    start = time.perf_counter()
    results = play_games(setups, levels, workers)
    roles = setups[0].roles
    used = max(1, min(workers, len(setups)))
    return summarize(roles, levels, setups[0].seed, results, used, time.perf_counter() - start)
