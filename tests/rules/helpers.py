"""Small helpers shared by the rule tests (tests/rules).

Every rule test builds its exact position with ``load_scenario``; these helpers
only shorten the dicts and the driving code.
"""
from __future__ import annotations

from typing import Any

from conftest import choose  # noqa: F401  (the one choose; re-exported for the tests)

from vast_desktop.engine import Game, load_scenario


def dark(pos: tuple[int, int], tile: str) -> dict[str, Any]:
    """A Dark (face-down) tile at ``pos``."""
    return {"pos": list(pos), "tile": tile, "lit": False}


def lit(pos: tuple[int, int], tile: str, rot: int = 0) -> dict[str, Any]:
    """A revealed tile at ``pos`` turned ``rot`` quarter turns clockwise."""
    return {"pos": list(pos), "tile": tile, "lit": True, "rot": rot}


def entrance(pos: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    return {"pos": list(pos), "tile": "entrance", "lit": True}


def scenario(roles: tuple[str, ...] | list[str] = ("knight",), seed: int = 1, **data: Any) -> Game:
    """``load_scenario`` with a ``setup`` built from ``roles``/``seed`` and the
    extra setup keys ``solo_level`` and ``difficulty`` taken from ``data``."""
    setup: dict[str, Any] = {"roles": list(roles), "seed": seed}
    for key in ("solo_level", "difficulty", "variants", "house_rules"):
        if key in data:
            setup[key] = data.pop(key)
    return load_scenario({"setup": setup, **data})


def ids(game: Game) -> tuple[str, ...]:
    """The ids of the pending decision's options."""
    assert game.pending is not None, "the game is over"
    return game.pending.ids


def event_kinds(game: Game) -> list[str]:
    return [e.kind for e in game.events]
