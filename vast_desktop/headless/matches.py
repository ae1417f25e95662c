"""One game between computer players of chosen levels, timed decision by decision.

``play_match(setup, levels)`` seats ``make_bot(role, levels.get(role, "random"), …)`` in
every seat and plays to the end.  Each bot has its own seed, derived from the game's seed
and its role, so the same setup and levels always give the same game.  Used by the
tournament, ``simulate --bots`` and the bot tests.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field

from ..bots.registry import make_bot
from ..engine import Setup, new_game, view

MAX_CHOICES = 20000


def bot_seed(game_seed: int, role: str) -> int:
    """A seat's bot seed: stable across runs and machines (no ``hash()``)."""
    return game_seed * 1009 + int(hashlib.sha256(role.encode()).hexdigest()[:6], 16)


@dataclass
class MatchResult:
    seed: int
    levels: dict[str, str]
    finished: bool
    winners: tuple[str, ...] = ()
    reason: str = ""
    choices: int = 0
    rounds: int = 0
    seconds: float = 0.0
    error: str | None = None
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)   # per role, each bot call
    log: tuple[str, ...] = ()            # every choice in order, when play_match was asked to keep it


def play_match(setup: Setup, levels: dict[str, str], max_choices: int = MAX_CHOICES,
               keep_log: bool = False) -> MatchResult:
    """Play one game; roles missing from ``levels`` are played by the random bot.  ``keep_log``:
    the result carries the list of choices (to compare games; the tournament leaves it out)."""
    seats = {r: levels.get(r, "random") for r in setup.roles}
    bots = {r: make_bot(r, lv, bot_seed(setup.seed, r)) for r, lv in seats.items()}
    times: dict[str, list[float]] = {r: [] for r in seats}
    start = time.perf_counter()
    g = None
    try:
        g = new_game(setup)
        while g.outcome is None:
            if len(g.choices) >= max_choices:
                return MatchResult(setup.seed, seats, False, choices=len(g.choices), rounds=g.state.round,
                                   seconds=time.perf_counter() - start, error=f"stalled after {max_choices} choices",
                                   decision_seconds=times, log=tuple(g.choices) if keep_log else ())
            d = g.pending
            assert d is not None
            bot = bots[d.role]
            t0 = time.perf_counter()
            choice = bot(view(g, d.role) if bot.needs_view else None, d)  # type: ignore[arg-type]
            times[d.role].append(time.perf_counter() - t0)
            g.apply(choice)
    except Exception as exc:  # a crash is a result to report, with its seed
        return MatchResult(setup.seed, seats, False, choices=len(g.choices) if g else 0,
                           seconds=time.perf_counter() - start, error=f"{type(exc).__name__}: {exc}",
                           decision_seconds=times)
    return MatchResult(setup.seed, seats, True, g.outcome.winners, g.outcome.reason, len(g.choices), g.state.round,
                       time.perf_counter() - start, decision_seconds=times,
                       log=tuple(g.choices) if keep_log else ())
