"""Helpers for the Goblins rule tests (test_goblins).

Base map (all Lit tiles open, no walls): Entrance (0,0); Lit Event tiles T22 (1,0),
T25 (2,0), T29 (3,0), T30 (-1,0); Dark tiles T01 Fangs (1,1), T05 Bones (2,1),
T03 Eye (3,1), T37 Crystal/Fangs (0,1).  The War deck starts with ``war`` so the
first War card is known (Rage 1 draws exactly it)."""
from __future__ import annotations

from typing import Any

from conftest import choose  # noqa: F401  (the one choose; re-exported for the tests)

from vast_desktop.engine import Game, load_scenario

WAR = ["thirst", "spite", "consumption", "desolation", "waste", "ruin", "hate", "fear", "desperation", "pain"]


def base_tiles() -> list[dict[str, Any]]:
    return [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [3, 0], "tile": "T29", "lit": True},
        {"pos": [-1, 0], "tile": "T30", "lit": True},
        {"pos": [1, 1], "tile": "T01", "lit": False},
        {"pos": [2, 1], "tile": "T05", "lit": False},
        {"pos": [3, 1], "tile": "T03", "lit": False},
        {"pos": [0, 1], "tile": "T37", "lit": False},
    ]


def gob_game(roles: tuple[str, ...] = ("knight", "goblins"), active: str = "goblins", war: str = "pain",
             goblins: dict[str, Any] | None = None, pieces: dict[str, Any] | None = None,
             tiles: list[dict[str, Any]] | None = None, difficulty: dict[str, str] | None = None,
             **extra: Any) -> Game:
    gob = {"rage": 1, "war_deck": [war] + [w for w in WAR if w != war]}
    gob.update(goblins or {})
    if pieces is None:
        pieces = {"knight": [0, 0]} if "knight" in roles else {}
    setup: dict[str, Any] = {"roles": list(roles), "seed": 3}
    if difficulty:
        setup["difficulty"] = difficulty
    data = {"setup": setup, "active": active, "tiles": tiles or base_tiles(), "pieces": pieces, "goblins": gob, **extra}
    return load_scenario(data)


def ids(g: Game) -> tuple[str, ...]:
    assert g.pending is not None, g.outcome
    return g.pending.ids


def to_activation(g: Game) -> None:
    """Populate without blocking, discard drawn Monsters, until the Activate Tribes menu."""
    while g.pending is not None and g.pending.kind != "goblins_turn":
        kind = g.pending.kind
        if kind == "populate":
            choose(g, "populate:")
        elif kind in ("assign_monster",):
            choose(g, "discard:")
        else:
            choose(g, g.pending.ids[0])


def gob(g: Game) -> Any:
    return g.state.goblins
