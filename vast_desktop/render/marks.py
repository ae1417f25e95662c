"""Marks that do not rely on colour alone: the keyboard's focus ring, and the striped pattern the
colour-blind safe palette (:mod:`vast_desktop.render.palette`) adds to legal targets.

The focus ring is two bands, dark outside and light inside, so it shows on every ground (a Lit
tile, a Dark tile, a panel, a button) and is told from a target's single glowing frame by its
shape; the pattern's diagonal stripes in a target's corners tell a legal target from the plain
frame of the target under the pointer without its colour."""
from __future__ import annotations

from functools import lru_cache

import pygame

from .colour_vision import RGB

FOCUS_OUTER = 5          # the dark band's width (pixels, before the UI scale)
FOCUS_INNER = 3          # the light band's width


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, bands: tuple[RGB, RGB], scale: float = 1.0) -> None:
    """A double ring just outside ``rect``: ``bands`` = (outer colour, inner colour)."""
    outer_w = max(3, int(FOCUS_OUTER * scale))
    inner_w = max(2, int(FOCUS_INNER * scale))
    gap = max(2, int(2 * scale))
    outer = rect.inflate(2 * (gap + inner_w + outer_w), 2 * (gap + inner_w + outer_w))
    inner = rect.inflate(2 * (gap + inner_w), 2 * (gap + inner_w))
    radius = max(4, int(8 * scale))
    pygame.draw.rect(surface, bands[0], outer, outer_w, border_radius=radius + outer_w)
    pygame.draw.rect(surface, bands[1], inner, inner_w, border_radius=radius)


@lru_cache(maxsize=16)
def target_pattern(size: int, colour: RGB) -> pygame.Surface:
    """Diagonal stripes filling the four corners of a ``size`` square (a legal target's pattern)."""
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    corner = max(6, size // 4)
    width = max(2, size // 32)
    step = max(4, size // 14)
    dark = (20, 16, 12, 230)
    for cx, cy, dx, dy in ((0, 0, 1, 1), (size - 1, 0, -1, 1), (0, size - 1, 1, -1), (size - 1, size - 1, -1, -1)):
        for k in range(step, corner + 1, step):           # stripes across the corner, each a dark-edged light line
            a = (cx + dx * k, cy)
            b = (cx, cy + dy * k)
            pygame.draw.line(surf, dark, a, b, width + 2)
            pygame.draw.line(surf, (*colour, 255), a, b, width)
    return surf


def draw_target_pattern(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    """The striped corners over a target's ``rect`` (a map space or a board region)."""
    side = min(rect.w, rect.h)
    if side < 8:
        return
    pat = target_pattern(side, colour)
    if rect.w == rect.h:
        surface.blit(pat, pat.get_rect(center=rect.center))
    else:
        _corners(surface, rect, pat)


def _corners(surface: pygame.Surface, rect: pygame.Rect, pat: pygame.Surface) -> None:
    """A non-square region: each corner of the pattern in the region's own corner."""
    half = pat.get_width() // 2
    for sx, sy, dx, dy in ((0, 0, rect.x, rect.y), (half, 0, rect.right - half, rect.y),
                           (0, half, rect.x, rect.bottom - half), (half, half, rect.right - half, rect.bottom - half)):
        surface.blit(pat, (dx, dy), pygame.Rect(sx, sy, half, half))
