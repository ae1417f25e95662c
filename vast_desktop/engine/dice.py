"""The Dragon die: six faces over a 3×3 grid centred on the roller (DIE-01..05).

Every roll goes through the game's RNG, which makes the step a barrier."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Pos, fmt_pos

if TYPE_CHECKING:
    from .game import Game

FACE_NAMES = ("", "all eight around", "the four sides", "plus", "the four corners", "X", "centre only")


def roll_dragon_die(g: Game, center: Pos, who: str, why: str) -> tuple[int, list[Pos], bool]:
    """Roll the Dragon die at ``center``.

    Returns the face (1..6), the affected spaces that hold tiles *now* (DIE-04/05),
    and whether the centre is hit (DIE-03).
    """
    faces = g.rules.dragon_die
    face = g.rng.randrange(len(faces)) + 1
    offsets = faces[face - 1]
    tiles = g.state.board.tiles
    affected = sorted(p for p in ((center[0] + dx, center[1] + dy) for dx, dy in offsets) if p in tiles)
    centre_hit = (0, 0) in offsets
    g.state.last_roll = (center, face)
    g.log("die_roll", f"{who} rolls the Dragon die at {fmt_pos(center)} ({why}): {FACE_NAMES[face]}"
          f"{' — the centre is hit' if centre_hit else ''}.", center=center, face=face,
          offsets=sorted(offsets), affected=affected)
    return face, affected, centre_hit
