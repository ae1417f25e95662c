"""Grid geometry of the Cave map: positions, directions, rotation, adjacency.

Positions are ``(x, y)`` tuples; ``y`` grows southward. The Entrance tile is
placed at ``(0, 0)``.  Directions are the integers N=0, E=1, S=2, W=3 so that
rotating a tile clockwise by ``r`` quarter turns maps printed direction ``d`` to
``(d + r) % 4``.  # Rulebook Glossary: Adjacent, Surrounding; MAP-01..03
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

Pos = tuple[int, int]
Edge = tuple[Pos, Pos]

N, E, S, W = 0, 1, 2, 3
DIRS = (N, E, S, W)
DIR_NAMES = ("N", "E", "S", "W")
DIR_WORDS = ("north", "east", "south", "west")
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONALS = ((1, -1), (1, 1), (-1, 1), (-1, -1))
SURROUNDING = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def step(p: Pos, d: int, n: int = 1) -> Pos:
    """The space ``n`` steps from ``p`` in direction ``d``."""
    dx, dy = DELTA[d]
    return (p[0] + dx * n, p[1] + dy * n)


def opposite(d: int) -> int:
    return (d + 2) % 4


@lru_cache(maxsize=65536)
def adjacent(p: Pos) -> tuple[tuple[int, Pos], ...]:
    """The four orthogonal neighbours (MAP-01), with their direction (N, E, S, W)
    (cached: every search on the map asks it for every space it visits)."""
    x, y = p
    return ((0, (x, y - 1)), (1, (x + 1, y)), (2, (x, y + 1)), (3, (x - 1, y)))


@lru_cache(maxsize=65536)
def orthogonal(p: Pos) -> tuple[Pos, ...]:
    """The four orthogonal neighbours alone, N, E, S, W (cached like :func:`adjacent`)."""
    x, y = p
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def surrounding(p: Pos) -> Iterator[Pos]:
    """All eight spaces around ``p`` (MAP-02)."""
    for dx, dy in SURROUNDING:
        yield (p[0] + dx, p[1] + dy)


def direction_between(a: Pos, b: Pos) -> int:
    """Direction from ``a`` to the adjacent space ``b``."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DELTA.index(delta)


def edge(a: Pos, b: Pos) -> Edge:
    """Canonical key of the edge between two adjacent spaces."""
    return (a, b) if a <= b else (b, a)


def manhattan(a: Pos, b: Pos) -> int:
    """Distance counted orthogonally (MAP-03)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@lru_cache(maxsize=256)
def rotate_walls(printed: tuple[bool, bool, bool, bool], rot: int) -> tuple[bool, bool, bool, bool]:
    """Walls (N, E, S, W) after turning a tile ``rot`` quarter turns clockwise."""
    r = rot % 4
    return tuple(printed[(d - r) % 4] for d in DIRS)  # type: ignore[return-value]


@lru_cache(maxsize=8192)
def fmt_pos(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


def parse_pos(s: str) -> Pos:
    x, y = s.split(",")
    return (int(x), int(y))
