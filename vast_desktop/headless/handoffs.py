"""Count the pass-and-play curtains of all-human games (issue 27, item 2).

Every seat is a person in the :class:`~vast_desktop.session.Session` sense, so a curtain falls
whenever the screen must pass to another person (``Session.needs_handoff``); an Easy computer
player makes each person's choices for them, from that person's own view, exactly as a person
would click them.  The Cave's standing orders (:mod:`vast_desktop.standing_orders`) answer what
they cover, as they would at a real table.  Used by ``benchmarks/bench_handoffs.py`` and its test.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..bots.registry import make_bot
from ..engine import Setup, view
from ..session import Seat, Session, hash_role
from ..standing_orders import StandingOrders

FIVE_ROLES = ("knight", "goblins", "dragon", "cave", "thief")
FOUR_ROLES = ("knight", "goblins", "dragon", "cave")
MAX_CHOICES = 20_000


@dataclass
class CurtainCount:
    """The curtains of one game's first ``rounds`` rounds: in all, and per person who was handed the screen."""

    seed: int
    roles: tuple[str, ...]
    rounds: int
    total: int = 0
    per_seat: Counter[str] = field(default_factory=Counter)
    by_kind: Counter[str] = field(default_factory=Counter)      # the kind of decision each curtain was for
    auto_answers: int = 0                                         # choices the standing orders made

    @property
    def per_round(self) -> float:
        return self.total / self.rounds

    @property
    def per_seat_round(self) -> float:
        return self.total / (self.rounds * len(self.roles))


def count_curtains(roles: tuple[str, ...], seed: int, orders: StandingOrders, rounds: int = 3,
                   level: str = "easy", public_answers: bool = True) -> CurtainCount:
    """Play the first ``rounds`` rounds of a game of ``roles`` (all human seats, default settings)
    and count the curtains; the Cave plays with ``orders``; ``public_answers`` off asks every
    out-of-turn question, as the table did before issue 27 item 2."""
    session = Session.new(Setup(roles=roles, seed=seed), {r: Seat(human=True) for r in roles},
                          standing_orders=orders)
    session.public_answers = public_answers
    players = {r: make_bot(r, level, seed * 31 + hash_role(r)) for r in roles}
    out = CurtainCount(seed, roles, rounds)
    while session.game.outcome is None and session.game.state.round <= rounds:
        if len(session.game.choices) >= MAX_CHOICES:
            raise RuntimeError(f"seed {seed}: stalled after {MAX_CHOICES} choices")
        d = session.game.pending
        assert d is not None
        if session.needs_handoff():
            out.total += 1
            out.per_seat[d.role] += 1
            out.by_kind[str(d.kind)] += 1
            session.take_seat(d.role)
        bot = players[d.role]
        before = len(session.game.choices)
        session.choose(bot(view(session.game, d.role), d))       # type: ignore[operator]
        out.auto_answers += len(session.game.choices) - before - 1
    return out
