"""Helpers for the Dragon's rule tests: scenarios with the Dragon on the map (the die is
forced with ``Game.script_dice``)."""
from __future__ import annotations

from typing import Any

from vast_desktop.engine import Game
from vast_desktop.engine.roles.dragon.state import DragonState

from .helpers import scenario

CENTRE_FACES = (3, 5, 6)


def dragon_game(roles: tuple[str, ...] = ("knight", "dragon"), active: str = "dragon",
                dragon: dict[str, Any] | None = None, **data: Any) -> Game:
    """A scenario with the Dragon already placed (unless ``dragon.placed`` says otherwise)."""
    d = {"placed": True, **(dragon or {})}
    return scenario(roles, active=active, dragon=d, **data)


def D(g: Game) -> DragonState:
    d = g.state.dragon
    assert d is not None
    return d


def finish_dragon_turn(g: Game, pickup: bool = True, gem: str | None = None) -> None:
    """End the Dragon's Move and Use Powers phase and play out the rest of his turn:
    pick up the Treasure on his tile (or not), place the ``gem`` (or none), and take the
    first option of any other Dragon decision that is not a refusal (``skip:``/``no:``),
    so the tests read the result of the turn, not the moment each Sloth cube moves."""
    while g.pending is not None and g.state.active == "dragon":
        opts = g.pending.ids
        kind = g.pending.kind
        if kind == "dragon_turn":
            choice = "end:"
        elif kind == "dragon_treasure":
            choice = "pickup:" if pickup else "skip:"
        elif kind == "dragon_gem":
            choice = f"gem:{gem}" if gem else "skip:"
        else:
            choice = next((o for o in opts if o not in ("skip:", "no:")), opts[0])
        assert choice in opts, f"{choice!r} not in {kind} options {opts}"
        g.apply(choice)
