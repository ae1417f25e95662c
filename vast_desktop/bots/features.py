"""What the heuristic players read off a :class:`PlayerView`: the map as a graph, distances
through it, and the parts of an option (its verb, argument and map space).

This is the bots' picture of the table, built only from the view.  It does not decide
rules — the engine's options already say what is legal — it only helps a bot judge which
legal option is better (how far a Crystal is, which tiles are still Dark…).  Walls of Dark
tiles are unknown to everyone but the Cave, so a path through Dark tiles is an estimate.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from ..engine.decisions import Option
from ..engine.geometry import DELTA, Pos, parse_pos
from ..engine.option_ids import arg_of, verb_of
from ..engine.view import PlayerView, TileView

_DIRECTION = {d: i for i, d in enumerate(DELTA)}


@dataclass(frozen=True)
class MapPicture:
    """The map as the view shows it."""

    view: PlayerView

    @cached_property
    def tiles(self) -> dict[Pos, TileView]:
        return {t.pos: t for t in self.view.tiles}

    @cached_property
    def rockslides(self) -> frozenset[tuple[Pos, Pos]]:
        return frozenset(self.view.rockslides)

    @cached_property
    def bombs(self) -> frozenset[tuple[Pos, Pos]]:
        return frozenset(self.view.bombs)

    def lit(self, p: Pos) -> bool:
        t = self.tiles.get(p)
        return t is not None and t.lit

    def dark(self, p: Pos) -> bool:
        t = self.tiles.get(p)
        return t is not None and not t.lit and t.terrain is None

    def tokens(self, p: Pos) -> dict[str, int]:
        t = self.tiles.get(p)
        return t.tokens if t is not None else {}

    def walled(self, a: Pos, b: Pos) -> bool:
        """A wall between two adjacent tiles, as far as the view shows (Dark tiles: none known)."""
        e = (a, b) if a <= b else (b, a)
        if e in self.rockslides:
            return True
        if e in self.bombs:
            return False
        d = _DIRECTION[(b[0] - a[0], b[1] - a[1])]
        wa, wb = self.tiles[a].walls, self.tiles[b].walls
        return bool((wa is not None and wa[d]) or (wb is not None and wb[(d + 2) % 4]))

    def neighbours(self, p: Pos) -> Iterable[Pos]:
        """Tiles next to ``p`` with no known wall between."""
        for dx, dy in DELTA:
            q = (p[0] + dx, p[1] + dy)
            if q in self.tiles and not self.walled(p, q):
                yield q

    def distances(self, start: Pos, passable: Callable[[Pos], bool] | None = None) -> dict[Pos, int]:
        """Steps from ``start`` to every tile reachable through open edges (``passable``
        limits the tiles a path may cross; ``start`` always counts)."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            for q in self.neighbours(p):
                if q not in dist and (passable is None or passable(q)):
                    dist[q] = dist[p] + 1
                    todo.append(q)
        return dist

    def touching(self, p: Pos) -> int:
        """How many tiles on the map are adjacent to space ``p`` (MAP-01), walls ignored."""
        return sum(1 for dx, dy in DELTA if (p[0] + dx, p[1] + dy) in self.tiles)

    def exposes_lit_crystal(self, removed: Pos) -> bool:
        """The Collapse (COL-07, COL-08): once ``removed`` is gone, would the next removal
        have to take a revealed Crystal tile (one in the lowest tier of tiles touched)?
        Every removed Crystal tile counts toward the 5 that end the game (COL-10).  Walls
        are ignored, as the rule does (AMB-44); the Entrance and Terrain never go."""
        left = self.tiles.keys() - {removed}
        touch = {q: sum(1 for dx, dy in DELTA if (q[0] + dx, q[1] + dy) in left) for q in left
                 if q != self.view.entrance and self.tiles[q].terrain is None}
        tiers = [n for n in touch.values() if n >= 1]
        if not tiers:
            return False
        low = min(tiers)
        return any(n == low and self.tiles[q].lit and self.tiles[q].type == "crystal" for q, n in touch.items())

    def nearest(self, start: Pos, goal: Callable[[Pos], bool],
                passable: Callable[[Pos], bool] | None = None) -> int | None:
        """Steps to the nearest tile satisfying ``goal`` (None if none is reachable)."""
        found = [d for p, d in self.distances(start, passable).items() if goal(p)]
        return min(found) if found else None


def verb(option: Option) -> str:
    return verb_of(option.id)


def arg(option: Option) -> str:
    return arg_of(option.id)


def option_space(option: Option) -> Pos | None:
    """The first map space an option aims at (its ``space`` target), if any."""
    for t in option.targets:
        if t.kind == "space":
            try:
                return parse_pos(t.ref)
            except ValueError:
                return None
    return None
