"""Helpers for the Dragon's rule tests: scenarios with the Dragon on the map and a die
that shows chosen faces."""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, dice
from vast_desktop.engine.roles import dragon_powers, goblins, knight_vs_dragon
from vast_desktop.engine.roles.dragon_state import DragonState

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


def fixed_die(monkeypatch: pytest.MonkeyPatch, *faces: int, repeat_last: bool = False) -> None:
    """Every Dragon die rolled (by the Dragon's powers, against him, or by a Tribe) shows
    ``faces`` in turn (1 all eight around, 2 the four sides, 3 plus, 4 the four corners,
    5 X, 6 the centre only); one roll too many fails the test unless ``repeat_last``."""
    seq = list(faces)
    real = dice.roll_dragon_die

    def fake(g: Game, center: Any, who: str, why: str) -> Any:
        face = seq.pop(0) if len(seq) > 1 or not repeat_last else seq[0]
        g.rng.randrange = lambda n: face - 1  # type: ignore[method-assign]
        try:
            return real(g, center, who, why)
        finally:
            del g.rng.randrange

    for mod in (dragon_powers, knight_vs_dragon, goblins):
        monkeypatch.setattr(mod, "roll_dragon_die", fake)


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
