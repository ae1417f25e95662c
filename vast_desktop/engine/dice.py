"""The dice: the Dragon die — six faces over a 3×3 grid centred on the roller (DIE-01..05) —
and the Thief's Action die (a d6, TH-16/23/36).

Every roll goes through :func:`roll`, which makes the step a barrier: a roll shows every
player something nobody knew.  A roll takes its face from the game's one RNG unless the
game's :class:`ScriptedDice` holds a face chosen in advance for that die (tests build
exact positions with :meth:`Game.script_dice <vast_desktop.engine.game.Game.script_dice>`);
the script lives on the game, never at module level."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .geometry import Pos, fmt_pos

if TYPE_CHECKING:
    from .game import Game

FACE_NAMES = ("", "all eight around", "the four sides", "plus", "the four corners", "X", "centre only")

Die = Literal["dragon", "action", "ghoul"]
"""The dice of the game: the Dragon die, the Thief's Action die and the Ghoul dice (GH-06)."""

Then = Literal["rng", "repeat", "fail"]
"""What a script does once its faces are used up: the RNG takes over, the last face
repeats, or a further roll is an error (a roll the script did not expect)."""


class DiceScriptError(RuntimeError):
    """A scripted die was rolled more often than its script allows (``then="fail"``)."""


@dataclass
class DieScript:
    """The faces still to come for one die, what happens after them, and the reason of
    every roll of that die made since it was scripted."""

    left: list[int]
    then: Then = "rng"
    rolled: list[str] = field(default_factory=list)
    last: int | None = None


class ScriptedDice:
    """Faces chosen in advance, per die, consulted before the RNG."""

    def __init__(self) -> None:
        self.scripts: dict[str, DieScript] = {}

    def script(self, die: Die, faces: tuple[int, ...], sides: int, then: Then) -> DieScript:
        bad = [f for f in faces if not 1 <= f <= sides]
        if bad:
            raise ValueError(f"the {die} die has faces 1..{sides}, not {bad}")
        if then == "repeat" and not faces:
            raise ValueError("a script that repeats its last face needs a face")
        s = self.scripts[die] = DieScript(list(faces), then)
        return s

    def take(self, die: Die, why: str) -> int | None:
        """The scripted face of this roll (1-based), or None when the RNG decides."""
        s = self.scripts.get(die)
        if s is None:
            return None
        s.rolled.append(why)
        if s.left:
            s.last = s.left.pop(0)
            return s.last
        if s.then == "repeat" and s.last is not None:
            return s.last
        if s.then == "fail":
            raise DiceScriptError(f"a roll of the {die} die that the script did not expect ({why})")
        return None


def roll(g: Game, die: Die, sides: int, why: str) -> int:
    """Roll ``die`` (``sides`` faces): a face 1..sides, scripted or drawn from the RNG.
    Either way the step is a barrier."""
    face = g.dice.take(die, why)
    if face is None:
        return g.rng.randrange(sides) + 1      # the RNG marks the barrier itself
    g.barrier()
    return face


def roll_dragon_die(g: Game, center: Pos, who: str, why: str) -> tuple[int, list[Pos], bool]:
    """Roll the Dragon die at ``center``.

    Returns the face (1..6), the affected spaces that hold tiles *now* (DIE-04/05),
    and whether the centre is hit (DIE-03).
    """
    faces = g.rules.dragon_die
    face = roll(g, "dragon", len(faces), why)
    offsets = faces[face - 1]
    tiles = g.state.board.tiles
    affected = sorted(p for p in ((center[0] + dx, center[1] + dy) for dx, dy in offsets) if p in tiles)
    centre_hit = (0, 0) in offsets
    g.state.last_roll = (center, face)
    g.log("die_roll", f"{who} rolls the Dragon die at {fmt_pos(center)} ({why}): {FACE_NAMES[face]}"
          f"{' — the centre is hit' if centre_hit else ''}.", center=center, face=face,
          offsets=sorted(offsets), affected=affected)
    return face, affected, centre_hit

