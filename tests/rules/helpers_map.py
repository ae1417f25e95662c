"""Helpers for the map, Collapse and Cave rule tests (test_map, test_collapse, test_cave).

Every test builds its exact position with ``load_scenario``; these helpers only
shorten the scenario dicts and the driving code.

Tile cheat-sheet (tiles.yaml, walls unrotated, N/E/S/W):
  open (no walls):  T01 T05 T10 T13 ambush, T20 T22 T25 T29 T30 event, T31 T32 T33 treasure, T37 T42 T44 crystal
  side (N):         T03 T04 T06 ambush, T17 T21 T28 event, T34 treasure, T38 T40 T45 crystal
  corner (N, E):    T07 T11 T14 T15 ambush, T23 T24 T26 event, T36 treasure, T39 T41 T43 crystal
  tunnel (N, S):    T02 T08 T09 ambush, T16 T18 T19 event, T35 treasure
  dead end (N,E,S): T12 ambush, T27 event
A rotation ``r`` turns the tile r quarter turns clockwise: side rot 1 = wall E,
rot 2 = wall S, rot 3 = wall W; corner rot 1 = walls E+S; tunnel rot 1 = walls E+W.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.decisions import Decision, Option

from .helpers_interactions import choose, ids  # noqa: F401  (one copy for every rule-test helper)

Pos = tuple[int, int]


def tile(x: int, y: int, tile_id: str, lit: bool = False, rot: int = 0) -> dict[str, Any]:
    """A tile at (x, y): Dark unless ``lit``; ``rot`` only matters when Lit."""
    return {"pos": [x, y], "tile": tile_id, "lit": lit, "rot": rot}


def lit(x: int, y: int, tile_id: str, rot: int = 0) -> dict[str, Any]:
    return tile(x, y, tile_id, True, rot)


def dark(x: int, y: int, tile_id: str) -> dict[str, Any]:
    return tile(x, y, tile_id, False)


ENTRANCE = {"pos": [0, 0], "tile": "entrance"}


def kc(tiles: list[dict[str, Any]], active: str = "cave", seed: int = 1, difficulty: dict[str, str] | None = None,
       **extra: Any) -> Game:
    """Knight vs Cave.  The Omen bag is empty unless ``omen_bag`` is given, so the
    Cave's Collect Omen Tokens phase draws nothing by default (no randomness)."""
    setup: dict[str, Any] = {"roles": ["knight", "cave"], "seed": seed}
    if difficulty:
        setup["difficulty"] = difficulty
    data: dict[str, Any] = {"setup": setup, "active": active, "tiles": tiles, "omen_bag": {}}
    data.update(extra)
    return load_scenario(data)


def solo(tiles: list[dict[str, Any]], seed: int = 1, level: str = "easy", **extra: Any) -> Game:
    """Knight solo (Alone in the Dark)."""
    data: dict[str, Any] = {"setup": {"roles": ["knight"], "seed": seed, "solo_level": level},
                            "active": "knight", "tiles": tiles}
    data.update(extra)
    return load_scenario(data)


def starting(g: Game, prefix: str) -> list[str]:
    return [i for i in ids(g) if i.startswith(prefix)]


def kind(g: Game) -> tuple[str, str]:
    assert g.pending is not None, f"the game is over: {g.outcome}"
    return g.pending.role, g.pending.kind


def auto(g: Game, kinds: Iterable[str], limit: int = 60) -> None:
    """Take the first option while the pending decision is of one of ``kinds``."""
    kinds = set(kinds)
    for _ in range(limit):
        if g.pending is None or g.pending.kind not in kinds:
            return
        g.apply(g.pending.ids[0])
    raise AssertionError("auto(): too many decisions")


def tiles_at(g: Game) -> dict[Pos, tuple[str, bool]]:
    return {p: (t.tile_id, t.lit) for p, t in g.state.board.tiles.items()}


def dests(option_ids: Iterable[str]) -> set[str]:
    """The ``x,y`` after the last ``@`` or ``>`` of each id."""
    out = set()
    for i in option_ids:
        for sep in (">", "@"):
            if sep in i:
                i = i.rsplit(sep, 1)[1]
                break
        else:
            i = i.split(":")[-1]
        out.add(i)
    return out


def drive(g: Game, make_proc: Callable[[Game], Any]) -> None:
    """Run an engine procedure (e.g. a tile removal by Cave-In or Wrath, which no
    role in play can cause yet) on a scenario game; when it is done the game waits
    on a ``test/done`` decision."""
    def flow() -> Any:
        yield from make_proc(g)
        while True:
            yield Decision("test", "done", "The procedure is over", (Option("done:", "done"),))  # a test-only kind (not asked by the engine)

    g.start(flow())


def kinds_of(g: Game, since: int = 0) -> list[str]:
    return [e.kind for e in g.events[since:]]


# The Entrance closed in by Dark tiles on three sides, so revealing east of it
# needs no filling around the Entrance itself.
WEST_NORTH_SOUTH = [dark(-1, 0, "T08"), dark(0, -1, "T09"), dark(0, 1, "T12")]
