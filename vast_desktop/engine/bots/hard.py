"""The Hard computer player: the Easy player's heuristics, steered by search.

At the first decision of each of its turns it searches: it draws worlds consistent with
its view (``worlds.sample_world`` — built from the view alone, hidden things drawn at
random from what is unaccounted for), plays its turn in each with each of a few variants
of the Easy player's weights (``param_variants``), lets the others answer with their Easy
players until its next turn begins (or the game ends), and scores where that leaves it
(win 1, loss 0, else ``progress.standing``).  The variant with the best mean plays the
turn.  Outside its turns it plays as the Easy player does.

The search does a fixed amount of work — ``rounds`` rollouts of every variant — sized so
that it fits its time budget on this machine; so the same seed and game give the same
choices, whatever the machine's speed.  Only if the machine is so slow that the work
overruns ``cap`` times the budget does it stop early (and then its choices may differ).
Everything random comes from the bot's own seeded RNG.
"""
from __future__ import annotations

import importlib
import random
import time
from typing import Any

from ..decisions import Decision
from ..view import PlayerView, view
from .progress import standing
from .registry import EASY

MAX_ROLLOUT_CHOICES = 400


def easy_class(role: str) -> Any:
    module, name = EASY[role]
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)


def param_variants(cls: Any, limit: int = 5) -> list[dict[str, float]]:
    """The weights the search tries: the class's own list if it has one, else the defaults
    and each of the first few weights halved and doubled."""
    own = getattr(cls, "param_variants", None)
    if callable(own):
        return list(own())[:limit]
    base = dict(cls.default_params())
    out = [base]
    for key in list(base)[: max(0, (limit - 1) // 2)]:
        for f in (0.5, 2.0):
            out.append({**base, key: base[key] * f})
    return out[:limit]


class HardBot:
    needs_view = True

    def __init__(self, role: str, seed: int = 0, budget: float = 0.6, rounds: int = 3, cap: float = 2.5) -> None:
        self.role = role
        self.rng = random.Random(seed)
        self.budget = budget
        self.rounds = rounds
        self.cap = cap
        self.cls = easy_class(role)
        self.variants = param_variants(self.cls)
        self.policies = [self.cls(seed=seed, params=p) for p in self.variants]
        self.current = self.policies[0]
        self.planned_for: tuple[int, str] | None = None
        self.last_search: list[tuple[float, int]] = []      # per variant: mean score, rollouts

    def __call__(self, v: PlayerView, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0].id
        if v.active == self.role and (v.round, v.active) != self.planned_for and v.outcome is None:
            self.planned_for = (v.round, v.active)
            self.current = self.policies[self.search(v)]
        return self.current(v, decision) if v.active == self.role else self.policies[0](v, decision)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ search
    def search(self, v: PlayerView) -> int:
        """The index of the weight variant whose rollouts score best from this view."""
        from .worlds import sample_world

        if len(self.variants) == 1:
            return 0
        totals = [0.0] * len(self.variants)
        counts = [0] * len(self.variants)
        give_up = time.perf_counter() + self.budget * self.cap
        for _ in range(self.rounds):
            for i in range(len(self.variants)):
                world = sample_world(v, random.Random(self.rng.getrandbits(32)))
                totals[i] += self.rollout(world, i)
                counts[i] += 1
            if time.perf_counter() > give_up:
                break
        means = [t / c if c else -1.0 for t, c in zip(totals, counts, strict=True)]
        self.last_search = list(zip(means, counts, strict=True))
        return max(range(len(means)), key=lambda i: (means[i], -i))

    def rollout(self, world: Any, variant: int) -> float:
        """Play the world on with variant ``variant`` in this seat and Easy players elsewhere
        until this role's next turn begins; score the result for this role."""
        seed = self.rng.getrandbits(32)
        bots = {r: (self.cls(seed=seed, params=self.variants[variant]) if r == self.role
                    else easy_class(r)(seed=seed + 1)) for r in world.state.roles}
        left_turn = False
        steps = 0
        while world.outcome is None and steps < MAX_ROLLOUT_CHOICES:
            d = world.pending
            if world.state.active != self.role:
                left_turn = True
            elif left_turn:
                break                                     # its next turn: score here
            world.apply(bots[d.role](view(world, d.role), d))
            steps += 1
        return standing(view(world, self.role), self.role)
