"""A byte-budgeted LRU of art surfaces, indexed by size (issue 27 item 9, "Smooth zoom").

The map art is drawn once per argument tuple and kept; zooming asks for every tile at each new
size, so an unbounded cache grows with every zoom step (32 MB after zooming in and out).  This
cache holds at most ``budget`` bytes of pixels and forgets the least recently used surfaces
first.  Keys are ``(kind, size, *rest)``; where ``size`` is an int the cache also knows which
sizes of the same art (the same kind and rest) it holds, so a caller can scale the nearest one
while the wheel turns instead of drawing the art again.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator

import pygame

ART_CACHE_BYTES = 16 * 1024 * 1024       # the sharp art of every size: most the map art may hold
SCALED_CACHE_BYTES = 4 * 1024 * 1024     # art scaled from a nearby size while the wheel turns

ArtKey = tuple[object, ...]


def surface_bytes(surf: pygame.Surface) -> int:
    """The bytes a surface's pixels take (its rows, padding included)."""
    return surf.get_pitch() * surf.get_height()


def shape_of(key: ArtKey) -> ArtKey | None:
    """The key without its size (the same art at any size), or None when the size is not one int."""
    if len(key) < 2 or not isinstance(key[1], int) or isinstance(key[1], bool):
        return None
    return (key[0], *key[2:])


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
        self._sizes: dict[ArtKey, set[int]] = {}
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
        shape = shape_of(key)
        if shape is not None:
            self._sizes.setdefault(shape, set()).add(key[1])  # type: ignore[arg-type]
        while self.bytes > self.budget and len(self._items) > 1:
            oldest = next(iter(self._items))
            self._forget(oldest)
            self.evicted += 1
        self.peak_bytes = max(self.peak_bytes, self.bytes)

    def nearest(self, key: ArtKey) -> tuple[int, pygame.Surface] | None:
        """The stored size of the same art closest to ``key``'s size (by ratio; the larger on a tie)
        and its surface, or None when no size of it is stored."""
        shape = shape_of(key)
        sizes = self._sizes.get(shape) if shape is not None else None
        if not sizes:
            return None
        want = key[1]
        assert isinstance(want, int)
        best = min(sizes, key=lambda s: (abs(math.log(s / want)), -s))
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
        shape = shape_of(key)
        if shape is not None:
            sizes = self._sizes[shape]
            sizes.discard(key[1])  # type: ignore[arg-type]
            if not sizes:
                del self._sizes[shape]
