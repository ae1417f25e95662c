"""The table's "Suggest" button: what a computer player would choose in the player's seat, and why.

A suggestion is made exactly as a computer player's move is — from the decider's own
:class:`PlayerView` and the pending :class:`Decision`, nothing else — so it never uses what the
player may not see.  It never changes the game: it only returns an option id and a sentence, the
player still chooses.  The player that suggests is a fresh one, seeded from the game's seed, the
step and the role (:func:`suggestion_seed`), so asking twice gives the same answer, and the seats'
own computer players (with their own RNGs) choose as if nobody had asked.

The sentence is the Easy player's own note for the option (``ScoredBot.note``, recorded while its
``explain`` is on) — for the Hard level too, whose pick is explained by the Easy player's note for
that option; where the scorer left no note, a plain sentence from the scores
(:func:`scores_sentence`).  No ids and no rule codes: words for players.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..engine.decisions import Decision
from ..engine.view import PlayerView
from .base import ScoredBot
from .registry import make_bot

# the Hard player's work for one suggestion: one sampled world, the heuristic's best two options
# (a seat's Hard player searches three or four worlds; a suggestion is asked for while a person waits)
HARD_ROUNDS = 1
HARD_TOP = 2
ONLY_CHOICE = "It is the only choice you have."


class SuggestLevel(Enum):
    """Whose judgement the Suggest button shows (Settings: "Suggestions")."""

    EASY = "easy"
    HARD = "hard"

    @property
    def title(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class Suggestion:
    """What the computer player would choose (``option_id``, shown as ``label``), why (``reason``,
    one sentence for players), whether the reason is the scorer's own note (``noted``: False when
    it is the plain sentence from the scores) and at which level."""

    option_id: str
    label: str
    reason: str
    noted: bool
    level: SuggestLevel

    @property
    def sentence(self) -> str:
        """The line the table shows."""
        return f"The {self.level.title} computer player would choose: {_plain(self.label)}. {self.reason}"


def suggestion_seed(game_seed: int, step: int, role: str) -> int:
    """The suggesting player's seed: fixed by the game's seed, the step (choices made so far) and
    the role — the same question always gets the same answer."""
    return (game_seed * 1_000_003 + step * 7919 + sum(ord(c) for c in role) * 31) & 0xFFFF_FFFF


def scores_sentence(decision: Decision, choice: str, scores: Mapping[str, float]) -> str:
    """The reason when the scorer left no note: the rank among the options and the runner-up's label."""
    others = sorted(((s, o.label) for o in decision.options if o.id != choice and (s := scores.get(o.id)) is not None),
                    reverse=True)
    n = len(decision.options)
    if not others:
        return f"It rates this highest of the {n} options."
    best = scores.get(choice)
    runner = _plain(others[0][1])
    if best is not None and others[0][0] >= best - 1e-6:
        return f"It rates this as high as any of the {n} options; as good: {runner}."
    return f"It rates this highest of the {n} options; next best: {runner}."


def _plain(label: str) -> str:
    """A label inside a sentence: no trailing full stop."""
    return label.rstrip().rstrip(".")


def _easy(role: str, seed: int) -> ScoredBot:
    bot = make_bot(role, "easy", seed)
    assert isinstance(bot, ScoredBot), f"the Easy {role} scores its options"
    return bot


def explain(view: PlayerView, decision: Decision, choice: str, seed: int) -> tuple[str, bool]:
    """The Easy player's reason for ``choice`` in this view and decision, and whether it is the
    scorer's own note (else the plain sentence from its scores)."""
    if len(decision.options) == 1:
        return ONLY_CHOICE, True
    easy = _easy(decision.role, seed)
    easy.explain = True
    easy(view, decision)
    return _reason(easy, decision, choice)


def _reason(easy: ScoredBot, decision: Decision, choice: str) -> tuple[str, bool]:
    if len(decision.options) == 1:
        return ONLY_CHOICE, True
    note = easy.reasons.get(choice)
    if note:
        return note, True
    return scores_sentence(decision, choice, easy.last_scores), False


def suggest(view: PlayerView, decision: Decision, level: SuggestLevel, seed: int) -> Suggestion:
    """What the ``level`` computer player would choose in the decider's seat, and why.

    ``view`` must be the decider's own view (a suggestion for one player never reads another's);
    the Hard level does a small fixed amount of search (:data:`HARD_ROUNDS`, :data:`HARD_TOP`) —
    run it off the UI thread."""
    if view.viewer != decision.role:
        raise ValueError(f"a suggestion for the {decision.role} needs the {decision.role}'s own view, "
                         f"not {view.viewer or 'the public'}'s")
    if level is SuggestLevel.HARD:
        from .hard.search import HardBot

        choice = HardBot(decision.role, seed=seed, rounds=HARD_ROUNDS, top=HARD_TOP)(view, decision)
        reason, noted = explain(view, decision, choice, seed)
    else:
        easy = _easy(decision.role, seed)
        easy.explain = True             # notes only: the choice is the one it makes without them
        choice = easy(view, decision)
        reason, noted = _reason(easy, decision, choice)
    option = decision.option(choice)
    assert option is not None, f"the {level.value} player chose {choice!r}, which is not an option"
    return Suggestion(choice, option.label, reason, noted, level)
