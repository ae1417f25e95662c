"""Helpers for the Terrain rule tests (tests/rules/test_terrain.py): scenarios with
Terrain tiles laid by ``load_scenario``'s ``terrain:`` key, and small readers."""
from __future__ import annotations

from typing import Any

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.geometry import manhattan, surrounding

from .helpers_interactions import choose, ids  # noqa: F401  (one copy for every rule-test helper)

Pos = tuple[int, int]
ENTRANCE = {"pos": [0, 0], "tile": "entrance", "lit": True}


def lit(x: int, y: int, tile_id: str, rot: int = 0) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile_id, "lit": True, "rot": rot}


def dark(x: int, y: int, tile_id: str) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile_id, "lit": False}


def terrain(tile: str, x: int, y: int, rot: int = 0) -> dict[str, Any]:
    return {"tile": tile, "pos": [x, y], "rot": rot}


def tgame(tiles: list[dict[str, Any]], terrain_tiles: list[dict[str, Any]] = (), *,  # type: ignore[assignment]
          roles: tuple[str, ...] = ("knight",), variant: str = "terrain", active: str | None = None,
          movement: int = 0, knight_at: Pos | None = (0, 0), **extra: Any) -> Game:
    """A scenario with the Terrain variant; Knight solo by default (no Cave: whoever
    reveals the Event places the Terrain, TR-06).  She starts her turn with her 2 Hero
    cubes; ``movement`` of them go on her Movement track (0: Movement 1, 1: Movement 3,
    2: Movement 5)."""
    setup: dict[str, Any] = {"roles": list(roles), "seed": 1, "variants": [variant]}
    if roles == ("knight",):
        setup["solo_level"] = "easy"
    data: dict[str, Any] = {"setup": setup, "tiles": tiles, "terrain": list(terrain_tiles)}
    if "omen_bag" not in extra and "cave" in roles:
        data["omen_bag"] = {}
    if knight_at is not None and "knight" in roles:
        data["pieces"] = {"knight": list(knight_at), **extra.pop("pieces", {})}
        data["knight"] = {**extra.pop("knight", {})}
    if active is not None:
        data["active"] = active
    data.update(extra)
    g = load_scenario(data)
    for _ in range(movement):
        choose(g, "cube:movement")
    return g


def auto(g: Game, kinds: set[str], limit: int = 80) -> None:
    """Take the first option while the pending decision is of one of ``kinds``."""
    for _ in range(limit):
        if g.pending is None or g.pending.kind not in kinds:
            return
        g.apply(g.pending.ids[0])
    raise AssertionError("auto(): too many decisions")


def terrain_cells(g: Game, tile: str) -> list[Pos]:
    return sorted(p for p, t in g.state.board.tiles.items() if t.terrain is not None and t.terrain.tile == tile)


def option_cells(g: Game) -> list[list[Pos]]:
    """The spaces each Terrain placement option covers (its space targets)."""
    assert g.pending is not None
    out = []
    for o in g.pending.options:
        cells = []
        for t in o.targets:
            if t.kind == "space":
                x, y = t.ref.split(",")
                cells.append((int(x), int(y)))
        out.append(cells)
    return out


def dist(cells: list[Pos], origin: Pos) -> int:
    return min(manhattan(c, origin) for c in cells)


def touches_other_terrain(g: Game, cells: list[Pos]) -> bool:
    tiles = g.state.board.tiles
    return any(q not in cells and q in tiles and tiles[q].terrain is not None for c in cells for q in surrounding(c))


def thief_game(tiles: list[dict[str, Any]], terrain_tiles: list[dict[str, Any]], at: Pos) -> Game:
    """Knight and Thief, the Thief's turn at ``at`` with the most Thievery (Action cubes)."""
    g = tgame(tiles, terrain_tiles, roles=("knight", "thief"), active="thief", knight_at=(0, 0),
              pieces={"thief": list(at)})
    assert g.pending is not None and g.pending.kind == "thief_stats"
    best = max(ids(g), key=lambda i: int(i.split(":")[1].split("-")[2]) if i.startswith("assign:") else -1)
    choose(g, best)
    return g


def dragon_tgame(tiles: list[dict[str, Any]], terrain_tiles: list[dict[str, Any]], at: Pos, *,
                 hand: tuple[str, ...] = (), surfaced: bool = False, knight_at: Pos = (0, 0), **extra: Any) -> Game:
    """Knight and Dragon, the Dragon's turn at ``at`` holding ``hand`` (Power symbols),
    underground or surfaced (and awake)."""
    d: dict[str, Any] = {"placed": True, "hand": list(hand), "surfaced": surfaced, "awake": surfaced,
                         **extra.pop("dragon", {})}
    return tgame(tiles, terrain_tiles, roles=("knight", "dragon"), active="dragon", knight_at=knight_at,
                 pieces={"dragon": list(at), **extra.pop("pieces", {})}, dragon=d, **extra)


def pop(g: Game, tribe: str = "fangs") -> int:
    assert g.state.goblins is not None
    return g.state.goblins.population[tribe]
