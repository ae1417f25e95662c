"""Which of the targets under one click the click asks about (issue 27, item 4).

A click on the map lands on a space and on every piece drawn there, and the why-not answer
used to be the first of the equally graded answers — often the piece's.  When the Knight
clicks the Thief two spaces away, that read "everything you attack or collect must be on
your own tile": an answer about attacking, to a click that asked to go there.  The piece's
own question (attack it, pickpocket it) can only be asked on the mover's own space; away from
it, a click on another player's piece means "move there", so the space's answer (the step
check: Movement, walls, Encounters) is the one that replies.

Only the answers chosen change: each target's own reason (``why_not``) is untouched, so the
options and the reasons still come from the same rule checks.
"""
from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Target
from ..kinds import DecisionKind

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game

# a turn whose decider walks a piece -> that piece, and the pieces whose answer is about acting
# on them where they stand (the Knight's attacks on the Thief and the Dragon; every piece the
# Thief targets; the Ghoul, which she shoots with the Bow or attacks by entering its space). A Tribe clicked by the Knight keeps its own answer: its check already asks
# whether she means the Bow or a step onto its tile.
WALKERS: MappingProxyType[DecisionKind, tuple[str, frozenset[str] | None]] = MappingProxyType({
    DecisionKind.KNIGHT_TURN: ("knight", frozenset({"thief", "dragon", "ghoul", "vile_ghoul"})),
    DecisionKind.THIEF_TURN: ("thief", None),          # None: any other player's piece
})


def asks_to_go(g: Game, d: Decision, t: Target, space: Target | None) -> bool:
    """Does a click that landed on the piece ``t`` (and on ``space``) ask to move there rather
    than to act on the piece?  Only when the click also hit a space, in a walker's turn, on
    another player's piece away from the walker."""
    walker = WALKERS.get(d.kind)
    if walker is None or space is None or t.kind != "piece":
        return False
    mover, pieces = walker
    name = t.ref.partition("@")[0]
    if name == mover or "@" in t.ref or (pieces is not None and name not in pieces):
        return False
    board = g.state.board.pieces
    here, there = board.get(mover), board.get(name)
    return here is not None and there is not None and here != there


def meant(g: Game, d: Decision | None, targets: Sequence[Target]) -> list[Target]:
    """``targets`` without the pieces the click did not ask about (:func:`asks_to_go`)."""
    if d is None:
        return list(targets)
    space = next((t for t in targets if t.kind == "space"), None)
    return [t for t in targets if not asks_to_go(g, d, t, space)]
