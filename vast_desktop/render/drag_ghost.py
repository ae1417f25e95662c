"""The drag ghost (issue 27 item 6): a see-through copy of what is being dragged, under the pointer.

Anything the table lets a person drag — a Hero cube from the Knight's supply, a tile from the
Cave's hand, a card, a piece on the map — follows the pointer as a translucent copy while the
button is held, so the person sees what they carry; the original stays where it was until the
drop is chosen.  The copy is made once per drag: a piece's art, a cube drawn in the boards' style,
or else the pixels of the board region the drag started from (a hand tile, a card) as the person
at the screen sees them — nothing they could not see already.
"""
from __future__ import annotations

import pygame

from .boards.kit import _cube
from .tile_art import TileArt

GHOST_ALPHA = 150
MAX_SIDE = 160          # a large board region is shown at most this big under the pointer
CUBE_SOURCES = ("drag:knight.cubes",)


class DragGhost:
    """The copy drawn under the pointer during one drag (``source``: the drag's target key)."""

    def __init__(self) -> None:
        self.source: str | None = None
        self.image: pygame.Surface | None = None
        self.drawn: pygame.Rect | None = None       # where it was drawn last frame (None: not drawn)

    def capture(self, source: str, surface: pygame.Surface, art: TileArt, region: pygame.Rect | None,
                piece_size: int) -> None:
        """Make the ghost of ``source`` once per drag: a piece ("piece:<name>") from its art, a Hero
        cube drawn like the boards draw it, else a copy of ``region`` of the screen (the board
        region the drag started from)."""
        if self.source == source and self.image is not None:
            return
        self.source = source
        self.image = _image(source, surface, art, region, piece_size)

    def draw(self, surface: pygame.Surface, at: tuple[int, int]) -> pygame.Rect | None:
        """Draw the ghost centred under the pointer ``at``; the rectangle drawn (None: nothing)."""
        if self.image is None:
            self.drawn = None
            return None
        rect = self.image.get_rect(center=at)
        surface.blit(self.image, rect)
        self.drawn = rect
        return rect

    def drop(self) -> None:
        """The drag ended: no ghost."""
        self.source, self.image, self.drawn = None, None, None


def _image(source: str, surface: pygame.Surface, art: TileArt, region: pygame.Rect | None,
           piece_size: int) -> pygame.Surface | None:
    if source.startswith("piece:"):
        img = art.piece(source.split(":", 1)[1], piece_size).copy()
    elif source in CUBE_SOURCES:
        side = max(18, piece_size // 2)
        img = pygame.Surface((side + 4, side + 4), pygame.SRCALPHA)
        _cube(img, pygame.Rect(2, 2, side, side))
    elif region is not None:
        r = region.clip(surface.get_rect())
        if r.w <= 0 or r.h <= 0:
            return None
        img = surface.subsurface(r).copy()
        scale = min(1.0, MAX_SIDE / max(r.w, r.h))
        if scale < 1.0:
            img = pygame.transform.smoothscale(img, (max(1, int(r.w * scale)), max(1, int(r.h * scale))))
    else:
        return None
    img.set_alpha(GHOST_ALPHA)
    return img
