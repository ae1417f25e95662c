"""What a computer player is: a callable ``(PlayerView, Decision) -> option id``.

A bot sees exactly what a person in its seat would see — the :class:`PlayerView` of its
role and the pending :class:`Decision` — and nothing else (ARCHITECTURE §5), so it cannot
cheat: its type says so and ``tests/test_bots_privacy.py`` tries to reach hidden state
through what it is given.

:class:`ScoredBot` is the common shape of the heuristic players: score every option,
take the best, break near-ties with the bot's own seeded RNG (never the game's), so the
same seed and the same game give the same choices.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.decisions import Decision, Option
from ..engine.view import PlayerView


class Bot(Protocol):
    """A computer player for one role."""

    needs_view: bool

    def __call__(self, view: PlayerView, decision: Decision) -> str: ...


class ScoredBot:
    """A heuristic player: ``score`` every option of the decision and choose the best.

    Subclasses implement :meth:`score`; ``params`` tunes their weights (the Hard player
    searches over them).  Options whose scores are within ``tie`` of the best are treated
    as equal and one is drawn with the bot's RNG, so it does not play like a machine that
    always takes the first of equals."""

    needs_view = True
    role = ""

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        self.rng = random.Random(seed)
        self.params = dict(self.default_params())
        self.params.update(params or {})
        self.tie = tie
        # who makes the final pick: None = the best (near-ties drawn).  The Hard player
        # installs its search here — given the scores and the pick the heuristic would make —
        # so the heuristic's own bookkeeping sees the option actually chosen
        self.chooser: Callable[[PlayerView, Decision, Sequence[float], str], str] | None = None

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {}

    def score(self, view: PlayerView, decision: Decision, option: Option) -> float:
        raise NotImplementedError

    def __call__(self, view: PlayerView, decision: Decision) -> str:
        options = decision.options
        if len(options) == 1:
            return options[0].id
        scores = [self.score(view, decision, o) for o in options]
        pick = self.pick(options, scores)
        return pick if self.chooser is None else self.chooser(view, decision, scores, pick)

    def pick(self, options: Sequence[Option], scores: Sequence[float]) -> str:
        """The best-scored option; one of those within ``tie`` of the best, drawn."""
        best = max(scores)
        near = [o.id for o, s in zip(options, scores, strict=True) if s >= best - self.tie]
        return near[0] if len(near) == 1 else near[self.rng.randrange(len(near))]
