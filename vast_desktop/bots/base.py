"""What a computer player is: a callable ``(PlayerView, Decision) -> option id``.

A bot sees exactly what a person in its seat would see — the :class:`PlayerView` of its
role and the pending :class:`Decision` — and nothing else (ARCHITECTURE §5), so it cannot
cheat: its type says so and ``tests/test_bots_privacy.py`` tries to reach hidden state
through what it is given.

:class:`ScoredBot` is the common shape of the heuristic players: score every option,
take the best, break near-ties with the bot's own seeded RNG (never the game's), so the
same seed and the same game give the same choices.  Every heuristic player dispatches the
same way: one table ``SCORERS`` from :class:`DecisionKind` to a scorer
``(bot, picture, decision, option) -> float``, where the picture is what the bot builds
once per decision from the view (:meth:`ScoredBot.picture`); kinds the table does not name
go to :meth:`ScoredBot.fallback`.

**Why.**  A scorer may say in a player's words why it rates an option as it does:
:meth:`ScoredBot.note` (``bot.note(option.id, "A completed Sidequest is free Grit.")``).  The notes
are kept only while :attr:`ScoredBot.explain` is on (the table's Suggest button turns it on for its
own player, :mod:`vast_desktop.bots.suggest`); they never change a score nor draw from the RNG, so
a bot chooses the same with or without them.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

from ..engine.decisions import Decision, Option
from ..engine.kinds import DecisionKind
from ..engine.view import PlayerView

# a scorer: (the bot, its picture of this decision, the decision, one option) -> the option's score
Scorer = Callable[[Any, Any, Decision, Option], float]
# a scorer that rates every option of a decision in one pass: (bot, picture, decision) -> {id: score}
RateAll = Callable[[Any, Any, Decision], dict[str, float]]


class Bot(Protocol):
    """A computer player for one role."""

    needs_view: bool

    def __call__(self, view: PlayerView, decision: Decision) -> str: ...


class ScoredBot:
    """A heuristic player: ``score`` every option of the decision and choose the best.

    Subclasses fill ``SCORERS`` (one scorer per decision kind), and may build a
    :meth:`picture` and a :meth:`fallback`; ``params`` tunes their weights (the Hard player
    searches over them).  Options whose scores are within ``tie`` of the best are treated
    as equal and one is drawn with the bot's RNG, so it does not play like a machine that
    always takes the first of equals."""

    needs_view = True
    role = ""
    # the bot's decision kinds and the scorer of each; kinds not named go to ``fallback``
    SCORERS: ClassVar[Mapping[DecisionKind, Scorer]] = {}

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        self.rng = random.Random(seed)
        self.params = dict(self.default_params())
        self.params.update(params or {})
        self.tie = tie
        # who makes the final pick: None = the best (near-ties drawn).  The Hard player
        # installs its search here — given the scores and the pick the heuristic would make —
        # so the heuristic's own bookkeeping sees the option actually chosen
        self.chooser: Callable[[PlayerView, Decision, Sequence[float], str], str] | None = None
        # the last decision rated in one pass (see :func:`rates_all`): (rate, picture, decision, scores)
        self._rated: tuple[RateAll, Any, Decision, dict[str, float]] | None = None
        # why each option of the last decision scores as it does (player's words, see :meth:`note`),
        # kept only while ``explain`` is on; and the last decision's scores by option id
        self.explain = False
        self.reasons: dict[str, str] = {}
        self.last_scores: dict[str, float] = {}

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {}

    def picture(self, view: PlayerView, decision: Decision) -> Any:
        """What the scorers read for this decision (a bot builds it once per decision, in its
        ``__call__``, and rebuilds it when scored directly); the view itself by default."""
        return view

    def fallback(self, pic: Any, decision: Decision, option: Option) -> float:
        """The score of an option of a kind ``SCORERS`` does not name: all equal by default."""
        return 0.0

    def score(self, view: PlayerView, decision: Decision, option: Option) -> float:
        """The option's score: the scorer ``SCORERS`` names for the decision's kind, else
        ``fallback``, given the bot's picture of the decision."""
        scorer = self.SCORERS.get(decision.kind)
        pic = self.picture(view, decision)
        if scorer is None:
            return float(self.fallback(pic, decision, option))
        return float(scorer(self, pic, decision, option))

    def note(self, option_id: str, text: str) -> None:
        """Say why ``option_id`` scores as it does: one sentence for players (no ids, no rule
        codes).  A later note for the same option replaces an earlier one, as a later score
        does.  Kept only while :attr:`explain` is on; never changes a score."""
        if self.explain:
            self.reasons[option_id] = text

    def __call__(self, view: PlayerView, decision: Decision) -> str:
        options = decision.options
        self.reasons = {}
        self.last_scores = {}
        if len(options) == 1:
            return options[0].id
        scores = [self.score(view, decision, o) for o in options]
        if self.explain:
            self.last_scores = {o.id: s for o, s in zip(options, scores, strict=True)}
        pick = self.pick(options, scores)
        if self.chooser is not None:
            pick = self.chooser(view, decision, scores, pick)
        self._rated = None              # never keep a view past its decision
        return pick

    def pick(self, options: Sequence[Option], scores: Sequence[float]) -> str:
        """The best-scored option; one of those within ``tie`` of the best, drawn."""
        best = max(scores)
        near = [o.id for o, s in zip(options, scores, strict=True) if s >= best - self.tie]
        return near[0] if len(near) == 1 else near[self.rng.randrange(len(near))]


def rates_all(rate: RateAll) -> Scorer:
    """A :data:`Scorer` from a function that rates every option of a decision in one pass
    (sharing the work between options): computed on the first option and kept on the bot
    until the picture, the decision or the rating function changes (``ScoredBot.__call__``
    drops it after each decision); an option it leaves out scores 0."""

    def scorer(bot: ScoredBot, pic: Any, decision: Decision, option: Option) -> float:
        memo = bot._rated
        if memo is None or memo[0] is not rate or memo[1] is not pic or memo[2] is not decision:
            memo = bot._rated = (rate, pic, decision, rate(bot, pic, decision))
        return memo[3].get(option.id, 0.0)

    scorer.__name__ = scorer.__qualname__ = rate.__name__
    scorer.__doc__ = rate.__doc__
    return scorer
