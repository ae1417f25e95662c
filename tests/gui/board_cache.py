"""What the board tests check of a board's frame (its cost is measured by ``vast.py bench --gui``, never
asserted in a test): it draws, and a second frame of the same view is drawn on the cached static layer
of the first — no background built again — with the same regions, tooltips and pixels."""
from __future__ import annotations

import pygame

from vast_desktop.engine.view import PlayerView
from vast_desktop.render.boards import BoardLayout, clear_caches, draw_board, kit


def board_draws_from_cache(surface: pygame.Surface, rect: pygame.Rect, v: PlayerView, role: str,
                           hover: str) -> BoardLayout:
    """Draw ``role``'s board twice from ``v`` (its decision targets highlighted, ``hover`` hovered) and
    check the second frame reuses the first's cached background; returns the layout."""
    hl = {f"{t.kind}:{t.ref}" for o in (v.decision.options if v.decision else ()) for t in o.targets}
    clear_caches()
    first = draw_board(surface, rect, v, role, hl, hover=hover)
    assert first.regions and set(first.regions) == set(first.tooltips), role
    cached = dict(kit._BG)
    assert len(cached) == 1, f"{role}: {len(cached)} backgrounds built for one board"
    pixels = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    surface.fill((0, 0, 0), rect)
    second = draw_board(surface, rect, v, role, hl, hover=hover)
    assert kit._BG.keys() == cached.keys() and all(kit._BG[k] is cached[k] for k in cached), \
        f"{role}: the second frame built its background again"
    assert second.regions == first.regions and second.tooltips == first.tooltips
    assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == pixels, f"{role}: the second frame differs"
    return second
