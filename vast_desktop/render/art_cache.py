"""A byte-budgeted LRU of art surfaces, indexed by size (issue 27 item 9, "Smooth zoom").

The map art is drawn once per argument tuple and kept; zooming asks for every tile at each new
size, so an unbounded cache grows with every zoom step (32 MB after zooming in and out).  This
cache holds at most ``budget`` bytes of pixels and forgets the least recently used surfaces
first.  Keys are ``(kind, size, *rest)``, ``size`` one int or an edge mark's (length, thickness);
the cache also knows which sizes of the same art (the same kind and rest) it holds, so a caller can scale the nearest one
while the wheel turns instead of drawing the art again.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator

import pygame

ART_CACHE_BYTES = 16 * 1024 * 1024        # the sharp art of every size: most the map art may hold
SCALED_CACHE_BYTES = 8 * 1024 * 1024     # art scaled from a nearby size while the wheel turns (dropped once it settles)

ArtKey = tuple[object, ...]


def surface_bytes(surf: pygame.Surface) -> int:
    """The bytes a surface's pixels take (its rows, padding included)."""
    return surf.get_pitch() * surf.get_height()


ArtSize = int | tuple[int, int]


def size_of(key: ArtKey) -> ArtSize | None:
    """The key's size: one int (square art) or (length, thickness) (an edge mark); None otherwise."""
    if len(key) < 2:
        return None
    size = key[1]
    if isinstance(size, int) and not isinstance(size, bool):
        return size
    if isinstance(size, tuple) and len(size) == 2 and all(isinstance(v, int) and v > 0 for v in size):
        return (size[0], size[1])
    return None


def shape_of(key: ArtKey) -> ArtKey | None:
    """The key without its size (the same art at any size), or None when it has no size."""
    if size_of(key) is None:
        return None
    return (key[0], *key[2:])


def _scalar(size: ArtSize) -> int:
    return size if isinstance(size, int) else size[0]


class ArtLRU:
    """Surfaces by key, at most ``budget`` bytes of them: the least recently used go first.

    The surface just stored is never evicted by its own arrival (a single surface larger than the
    budget stays until the next one comes).  ``peak_bytes`` is the most held after a store and
    ``evicted`` counts the surfaces forgotten for room."""

    def __init__(self, budget: int) -> None:
        if budget <= 0:
            raise ValueError(f"an art cache budget must be a positive number of bytes, got {budget!r}")
        self.budget = budget
        self._items: OrderedDict[ArtKey, pygame.Surface] = OrderedDict()
        self._sizes: dict[ArtKey, set[ArtSize]] = {}
        self.bytes = 0
        self.peak_bytes = 0
        self.evicted = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: ArtKey) -> bool:
        return key in self._items

    def keys(self) -> Iterator[ArtKey]:
        return iter(tuple(self._items))

    def get(self, key: ArtKey) -> pygame.Surface | None:
        """The surface stored under ``key`` (now the most recently used), or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: ArtKey, surf: pygame.Surface) -> None:
        """Store ``surf`` under ``key``, then forget the least recently used until within budget."""
        if key in self._items:
            self._forget(key)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        shape, size = shape_of(key), size_of(key)
        if shape is not None and size is not None:
            self._sizes.setdefault(shape, set()).add(size)
        while self.bytes > self.budget and len(self._items) > 1:
            oldest = next(iter(self._items))
            self._forget(oldest)
            self.evicted += 1
        self.peak_bytes = max(self.peak_bytes, self.bytes)

    def nearest(self, key: ArtKey) -> tuple[ArtSize, pygame.Surface] | None:
        """The stored size of the same art closest to ``key``'s size (by ratio of the size, or of the
        length for an edge mark; the larger on a tie) and its surface, or None when none is stored."""
        shape, size = shape_of(key), size_of(key)
        sizes = self._sizes.get(shape) if shape is not None else None
        if not sizes or size is None:
            return None
        want = _scalar(size)
        best = min(sizes, key=lambda s: (abs(math.log(_scalar(s) / want)), -_scalar(s)))
        surf = self._items[(key[0], best, *key[2:])]
        return best, surf

    def clear(self, keep_sizes: set[int] | None = None) -> None:
        """Forget everything, or everything but the art whose size is in ``keep_sizes``."""
        for key in tuple(self._items):
            if keep_sizes is None or key[1] not in keep_sizes:
                self._forget(key)

    def _forget(self, key: ArtKey) -> None:
        surf = self._items.pop(key)
        self.bytes -= surface_bytes(surf)
        shape, size = shape_of(key), size_of(key)
        if shape is not None and size is not None:
            sizes = self._sizes[shape]
            sizes.discard(size)
            if not sizes:
                del self._sizes[shape]
