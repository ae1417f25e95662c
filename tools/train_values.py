"""Fit the Hard players' learned value (``vast_desktop/engine/bots/value.py``) from games.

For each set of roles it plays ``--games`` games between the Easy players and, for each
role, ``--mixed`` games of its Easy player against random ones (seeds from ``--seed``, kept
apart from the tournament's seeds); it records at the start of every turn of an Easy player
its ``features`` of its own view, labelled with whether that role went on to win.  A
logistic model per role and role set is fitted (Newton's method, L2-regularized,
standardized features) on all but every fifth game; the fifth games measure it.  Rewrites
the models of the sets asked for in ``values.yaml`` (atomically) and prints, per model, the
held-out log loss and accuracy beside those of the hand-made ``progress.standing``.

    PYTHONPATH=. .venv/bin/python tools/train_values.py [--games 1500] [--mixed 500] [--seed 500000]
        [--sets knight,cave goblins,thief ...] [--workers 2] [--out FILE]
"""
from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import sys
from pathlib import Path

import yaml

from vast_desktop.bots.hard.value import (
    RETIRED_FEATURES,
    VALUES_FILE,
    ValueModel,
    features,
    logistic,
    model_key,
    parse_values,
)
from vast_desktop.bots.progress import standing
from vast_desktop.bots.registry import ROLES, make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.headless.matches import MAX_CHOICES, bot_seed

Sample = tuple[str, dict[str, float], float, float]     # role, features, standing, won


def play(job: tuple[tuple[str, ...], int, tuple[str, ...]]) -> list[Sample]:
    """One game with Easy players in the seats ``easy`` and random ones elsewhere; the
    turn-start samples of the Easy players (none if it did not finish)."""
    roles, seed, easy = job
    g = new_game(Setup(roles=list(roles), seed=seed))
    bots = {r: make_bot(r, "easy" if r in easy else "random", bot_seed(seed, r)) for r in roles}
    seen: list[tuple[str, dict[str, float], float]] = []
    turn = None
    while g.outcome is None and len(g.choices) < MAX_CHOICES:
        d = g.pending
        assert d is not None
        if g.state.turn != turn:
            turn = g.state.turn
            me = g.state.active
            if me in easy:
                v = view(g, me)
                fresh = {k: x for k, x in features(v).items() if k not in RETIRED_FEATURES}
                seen.append((me, fresh, standing(v, me)))
        g.apply(bots[d.role](view(g, d.role), d))
    if g.outcome is None:
        return []
    won = set(g.outcome.winners)
    return [(r, f, s, 1.0 if r in won else 0.0) for r, f, s in seen]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b for a symmetric positive definite ``a`` (Cholesky)."""
    n = len(b)
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = a[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            low[i][j] = math.sqrt(max(s, 1e-12)) if i == j else s / low[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (b[i] - sum(low[i][k] * y[k] for k in range(i))) / low[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(low[k][i] * x[k] for k in range(i + 1, n))) / low[i][i]
    return x


def fit(rows: list[dict[str, float]], labels: list[float], l2: float = 2.0, iters: int = 12) -> dict:
    """A logistic model over the features that vary, standardized; Newton steps with an L2 pull."""
    names = sorted({k for r in rows for k in r})
    stats = {}
    for k in names:
        xs = [r.get(k, 0.0) for r in rows]
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))
        if sd > 1e-9:
            stats[k] = (mean, sd)
    names = list(stats)
    x = [[1.0] + [(r.get(k, 0.0) - stats[k][0]) / stats[k][1] for k in names] for r in rows]
    p = len(names) + 1
    w = [0.0] * p
    for _ in range(iters):
        grad = [0.0] * p
        hess = [[0.0] * p for _ in range(p)]
        for xi, yi in zip(x, labels, strict=True):
            z = sum(wj * xj for wj, xj in zip(w, xi, strict=True))
            mu = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = mu - yi
            s = max(mu * (1 - mu), 1e-6)
            for j in range(p):
                grad[j] += r * xi[j]
                sxj = s * xi[j]
                row = hess[j]
                for k in range(j + 1):
                    row[k] += sxj * xi[k]
        for j in range(p):
            for k in range(j + 1, p):
                hess[j][k] = hess[k][j]
            if j:                                   # the bias is not pulled towards 0
                grad[j] += l2 * w[j]
                hess[j][j] += l2
        step = solve(hess, grad)
        w = [wj - sj for wj, sj in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return {"bias": round(w[0], 6),
            "weights": {k: [round(stats[k][0], 6), round(stats[k][1], 6), round(w[i + 1], 6)]
                        for i, k in enumerate(names)}}


def log_loss(probs: list[float], labels: list[float]) -> float:
    eps = 1e-6
    return -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps))
                for p, y in zip(probs, labels, strict=True)) / max(1, len(labels))


def accuracy(probs: list[float], labels: list[float]) -> float:
    return sum((p > 0.5) == (y > 0.5) for p, y in zip(probs, labels, strict=True)) / max(1, len(labels))


def train_set(roles: tuple[str, ...], games: int, seed: int, workers: int,
              mixed: int = 0) -> tuple[dict[str, dict], list[str]]:
    """Models for every role of ``roles`` from ``games`` games between Easy players and, for
    each role, ``mixed`` more where it plays against random players — so that even a role
    that nearly always loses to the Easy players has won games to learn from."""
    jobs = [(roles, s, roles) for s in range(seed, seed + games)]
    if len(roles) > 1:
        jobs += [(roles, seed + games + i * mixed + k, (r,)) for i, r in enumerate(roles) for k in range(mixed)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            per_game = pool.map(play, jobs, chunksize=4)
    else:
        per_game = [play(j) for j in jobs]
    models: dict[str, dict] = {}
    report = []
    for role in roles:
        train = [(f, y) for i, g in enumerate(per_game) if i % 5 for r, f, _, y in g if r == role]
        test = [(f, s, y) for i, g in enumerate(per_game) if not i % 5 for r, f, s, y in g if r == role]
        if len(train) < 50 or len({y for _, y in train}) < 2:
            report.append(f"{model_key(role, roles)}: too few samples or one outcome only ({len(train)}); no model")
            continue
        model = fit([f for f, _ in train], [y for _, y in train])
        fitted = ValueModel.model_construct(bias=model["bias"], weights=model["weights"])
        probs = [logistic(fitted, f) for f, _, _ in test]
        labels = [y for _, _, y in test]
        base = [s for _, s, _ in test]
        model.update(games=games, mixed_per_role=mixed if len(roles) > 1 else 0, first_seed=seed)
        model["samples"] = len(train)
        model["test_log_loss"] = round(log_loss(probs, labels), 4)
        model["test_accuracy"] = round(accuracy(probs, labels), 4)
        models[model_key(role, roles)] = model
        report.append(f"{model_key(role, roles):<28} samples {len(train):>6}  held out {len(test):>5}: "
                      f"log loss {model['test_log_loss']:.3f} (standing {log_loss(base, labels):.3f}), "
                      f"accuracy {model['test_accuracy']:.1%} (standing {accuracy(base, labels):.1%})")
    return models, report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--mixed", type=int, default=500, help="games per role against random players")
    ap.add_argument("--sets", nargs="*", default=None, help="role sets like knight,cave (default: every pair)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, default=VALUES_FILE)
    args = ap.parse_args(argv)
    sets = ([tuple(s.split(",")) for s in args.sets] if args.sets
            else list(itertools.combinations(ROLES, 2)))
    models = ({k: m.model_dump(mode="json") for k, m in parse_values(args.out.name, args.out.read_text(encoding="utf-8")).models.items()}
              if args.out.exists() else {})
    for roles in sets:
        fitted, report = train_set(roles, args.games, args.seed, args.workers, args.mixed)
        models.update(fitted)
        print("\n".join(report), flush=True)
        doc = {"about": "Learned win chances for the Hard players (tools/train_values.py); "
                        "each weight is [mean, scale, weight] of a standardized feature.",
               "models": dict(sorted(models.items()))}
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(yaml.safe_dump(doc, sort_keys=False, width=120), encoding="utf-8")
        tmp.replace(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
