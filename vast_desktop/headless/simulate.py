"""Headless play: run whole games with computer players (random, or chosen levels with ``--bots``).

Used by ``python -m vast_desktop simulate`` and by the benchmarks and tests."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from ..bots.random_bot import RandomBot
from ..engine import Setup, new_game, view
from ..engine.game import Game

MAX_CHOICES = 20000


@dataclass
class GameResult:
    seed: int
    finished: bool
    winners: tuple[str, ...] = ()
    reason: str = ""
    choices: int = 0
    rounds: int = 0
    seconds: float = 0.0
    error: str | None = None
    game: Game | None = field(default=None, repr=False)


def play_game(setup: Setup, bot_seed: int | None = None, keep: bool = False,
              max_choices: int = MAX_CHOICES, end_turn_weight: float = 0.15) -> GameResult:
    """Play one game to the end with random bots in every seat."""
    start = time.perf_counter()
    bot = RandomBot(setup.seed if bot_seed is None else bot_seed, end_turn_weight=end_turn_weight)
    g: Game | None = None
    try:
        g = new_game(setup)
        while g.outcome is None:
            if len(g.choices) >= max_choices:
                return GameResult(setup.seed, False, choices=len(g.choices), rounds=g.state.round,
                                  seconds=time.perf_counter() - start,
                                  error=f"stalled after {max_choices} choices", game=g if keep else None)
            d = g.pending
            assert d is not None
            g.apply(bot(view(g, d.role) if bot.needs_view else None, d))  # type: ignore[arg-type]
    except Exception as exc:  # a crash is a result to report, with its seed
        return GameResult(setup.seed, False, choices=len(g.choices) if g else 0,
                          seconds=time.perf_counter() - start, error=f"{type(exc).__name__}: {exc}",
                          game=g if keep else None)
    return GameResult(setup.seed, True, g.outcome.winners, g.outcome.reason, len(g.choices), g.state.round,
                      time.perf_counter() - start, game=g if keep else None)


def play_with_bots(setup: Setup, levels: dict[str, str]) -> GameResult:
    """One game with a chosen computer player per seat (``simulate --bots``), via ``play_match``."""
    from .matches import play_match

    m = play_match(setup, levels)
    return GameResult(m.seed, m.finished, m.winners, m.reason, m.choices, m.rounds, m.seconds, m.error)


def summarize(results: list[GameResult], seconds: float) -> dict[str, object]:
    wins: Counter[str] = Counter()
    for r in results:
        if r.finished:
            if r.winners:
                for w in r.winners:
                    wins[w] += 1
            else:
                wins["none"] += 1
    total_choices = sum(r.choices for r in results)
    return {
        "games": len(results),
        "finished": sum(r.finished for r in results),
        "errors": sum(r.error is not None for r in results),
        "error_seeds": [r.seed for r in results if r.error is not None],
        "wins": dict(wins),
        "choices": total_choices,
        "mean_choices": total_choices / max(1, len(results)),
        "mean_rounds": sum(r.rounds for r in results) / max(1, len(results)),
        "seconds": seconds,
        "choices_per_second": total_choices / seconds if seconds > 0 else 0.0,
    }
