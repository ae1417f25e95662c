"""Helpers for the Thief's rule tests (test_thief): scenarios that start at the Thief's
turn (dice are forced with ``Game.script_dice``).

Base map (walls unrotated N/E/S/W, see helpers_map):
  (0,-1) T31 Lit open   (1,-1) T03 Lit side, rot 2: wall S (so a wall between (1,-1) and (1,0))
  (-1,0) T20 Lit open   (0,0) Entrance   (1,0) T22 Lit open   (2,0) T25 Lit open   (3,0) T29 Lit open
  (4,0) T30 Lit open    (1,1) T01 Dark (Ambush)   (2,1) T05 Dark (Ambush)
The Thief stands on (1,0) unless ``at`` says otherwise.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.decisions import Decision, Option
from vast_desktop.engine.roles.thief.state import ThiefState

from .helpers_interactions import choose, ids  # noqa: F401  (one copy for every rule-test helper)

NO_POP = {"fangs": 0, "bones": 0, "eye": 0}


def base_tiles() -> list[dict[str, Any]]:
    return [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [0, -1], "tile": "T31", "lit": True},
        {"pos": [1, -1], "tile": "T03", "lit": True, "rot": 2},
        {"pos": [-1, 0], "tile": "T20", "lit": True},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [3, 0], "tile": "T29", "lit": True},
        {"pos": [4, 0], "tile": "T30", "lit": True},
        {"pos": [1, 1], "tile": "T01", "lit": False},
        {"pos": [2, 1], "tile": "T05", "lit": False},
    ]


def thief_game(roles: tuple[str, ...] = ("knight", "cave", "thief"), at: tuple[int, int] | None = (1, 0),
               stats: str | None = "4-3-2", thief: dict[str, Any] | None = None,
               pieces: dict[str, Any] | None = None, tiles: list[dict[str, Any]] | None = None,
               difficulty: dict[str, str] | None = None, seed: int = 3, variants: tuple[str, ...] = (),
               **data: Any) -> Game:
    """A scenario at the start of the Thief's turn (by default with the Knight and the Cave,
    so the standard goal of 6 stashed tokens applies), his piece on ``at`` (None: off the
    map).  ``stats`` ("Movement-Stealth-Thievery") is chosen at the Assign Stat Tokens
    decision so the test starts at his Move and Take Actions menu; None stops before.
    The Knight (if any) stands on his space; the Goblins (if any) have no Population
    unless ``goblins`` says so; the Dragon (if any) is on the map."""
    setup: dict[str, Any] = {"roles": list(roles), "seed": seed, "variants": list(variants)}
    if difficulty:
        setup["difficulty"] = difficulty
    if pieces is None:
        pieces = {"knight": list(at or (0, 0))} if "knight" in roles else {}
    pieces = dict(pieces)
    if at is not None:
        pieces["thief"] = list(at)
    if "goblins" in roles:
        data["goblins"] = {"rage": 1, "population": dict(NO_POP), **data.pop("goblins", {})}
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **data.pop("dragon", {})}
    if "cave" in roles:
        data.setdefault("omen_bag", {})
    scen: dict[str, Any] = {"setup": setup, "active": "thief", "tiles": tiles or base_tiles(), "pieces": pieces, **data}
    if thief:
        scen["thief"] = thief
    g = load_scenario(scen)
    if stats is not None and g.pending is not None and g.pending.kind == "thief_stats":
        choose(g, f"assign:{stats}")
    return g


def T(g: Game) -> ThiefState:
    t = g.state.thief
    assert t is not None
    return t


def starting(g: Game, prefix: str) -> set[str]:
    return {i for i in ids(g) if i.startswith(prefix)}


def kind(g: Game) -> str:
    assert g.pending is not None, f"the game is over: {g.outcome}"
    return g.pending.kind


def treasure_at(g: Game, p: tuple[int, int]) -> int:
    return g.state.board.tokens_at(p)["treasure"]


def supply(g: Game) -> int:
    """Treasure tokens left in the Cave's supply."""
    return g.state.supply["treasure"]


def to_role_turn(g: Game, role: str, turn_kind: str, limit: int = 40) -> None:
    """Play on (ending turns, taking the first option otherwise) until ``role``'s
    ``turn_kind`` decision."""
    for _ in range(limit):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if g.state.active == role and g.pending.kind == turn_kind:
            return
        opts = g.pending.ids
        g.apply("end:" if "end:" in opts else next((o for o in opts if o in ("populate:", "skip:", "discard:")),
                                                   opts[0]))
    raise AssertionError(f"no {role} {turn_kind} decision came")


def run_proc(g: Game, proc: Generator[Any, Any, Any]) -> None:
    """Play ``proc`` (one of the Thief's procedures) through the game's decisions, then
    stop at a final ``done`` decision."""

    def flow() -> Generator[Any, Any, Any]:
        yield from proc
        while True:
            yield Decision("thief", "done", "done", (Option("done:", "done"),))  # a test-only kind (not asked by the engine)

    g.start(flow())
