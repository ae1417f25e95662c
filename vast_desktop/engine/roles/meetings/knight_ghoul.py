"""The Knight meets the Ghoul (GH-32): she may enter its space only with Strength above its
Defense, and entering attacks it — it skitters at once, the Knight naming the symbol (GH-31,
GH-39).  (Daring, Stalwart and Fearless for this attack, and her Bow against it, are not built.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...decisions import Target
from ...geometry import Pos
from ...reasons import Reason
from ..ghoul.state import PIECE, defense
from ..knight import board as kb

if TYPE_CHECKING:
    from ...game import Game, Proc


def _ghoul_at(g: Game, q: Pos) -> bool:
    return g.state.board.pieces.get(PIECE) == q


def entry_rule(g: Game, q: Pos) -> Reason | None:
    """GH-32 (a rule check): only with Strength greater than the Ghoul's Defense."""
    if not _ghoul_at(g, q):
        return None
    s, d = kb.attack_strength(g), defense(g)
    if s <= d:
        return Reason(f"Your Strength {s} must be greater than the Ghoul's Defense {d} to enter its space.", "GH-32")
    return None


def attack_due(g: Game, q: Pos) -> tuple[str, tuple[Target, ...]] | None:
    """GH-32: entering its space attacks it."""
    if not _ghoul_at(g, q) or g.state.board.pieces.get("knight") != q:
        return None
    return (f"Attack the Ghoul (Strength {kb.attack_strength(g)} vs Defense {defense(g)})", (Target("piece", PIECE),))


def attack_on_entering(g: Game, q: Pos) -> Proc:
    """GH-31/32: the attack makes it skitter at once; the Knight names the symbol (GH-39)."""
    g.log("knight_attacks_ghoul", "The Knight attacks the Ghoul: it skitters.", target=PIECE)
    yield from g.hooks.ghoul.skitter(g, "knight")
    kb.spend_javelin(g)
