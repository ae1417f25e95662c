"""The board panel of the table: the selected role's board drawn at a readable size, scrolled by the
wheel when it is taller than its panel (a short window or a large UI scale; issue 27 "Readable at every
size"), with a scroll bar at its right edge.

The board is drawn into a rectangle as tall as it needs (:attr:`BoardLayout.height`), shifted up by the
scroll and clipped to the panel, so its regions are where they are seen: a region scrolled out of the
panel is not clickable there (the table gives its option a prompt button, see ``_clickable_keys``).

When a decision's targets appear on the board and none is in sight, the board scrolls to them.
A card hovered on the board is shown at full size beside the panel (``render.boards.draw_card_zoom``):
its name and whole text, readable however small the board draws it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from ..engine.view import PlayerView
from ..render.boards import BoardLayout, draw_board, draw_card_zoom
from ..render.theme import PANEL_EDGE, TEXT_DIM

WHEEL_STEP = 60        # pixels one notch of the wheel scrolls the board (times the UI scale)


def _bar_w(ui_scale: float) -> int:
    return max(4, int(6 * ui_scale))


class BoardPane:
    """The scroll position of the board panel and the drawing of the board in it."""

    def __init__(self) -> None:
        self.scroll = 0
        self.need = 0               # the height the board drawn last needs
        self.role: str | None = None
        self.drawn_rect = pygame.Rect(0, 0, 0, 0)    # where the whole board lies (most of it may be hidden)
        self.zoomed: pygame.Rect | None = None         # where the hovered card is shown at full size, if one is
        self.aimed: frozenset[str] = frozenset()       # the highlighted targets the scroll was last brought to

    def max_scroll(self, panel: pygame.Rect) -> int:
        return max(0, self.need - panel.h)

    def wheel(self, dy: int, panel: pygame.Rect, ui_scale: float = 1.0) -> None:
        """One notch of the wheel over the board: up (``dy`` > 0) shows its top."""
        step = int(WHEEL_STEP * ui_scale)
        self.scroll = max(0, min(self.max_scroll(panel), self.scroll - (step if dy > 0 else -step)))

    def draw(self, surface: pygame.Surface, panel: pygame.Rect, view: PlayerView, role: str,
             highlights: Iterable[str], hover: str | None, art: Any, ui_scale: float,
             zoom_bounds: pygame.Rect | None = None) -> BoardLayout:
        """Draw ``role``'s board into ``panel`` (scrolled), and its scroll bar when it does not fit; a hovered
        card is shown at full size left of the panel, inside ``zoom_bounds`` (the map's area)."""
        if role != self.role:             # another tab: its top first
            self.role, self.scroll, self.need, self.aimed = role, 0, 0, frozenset()
        highlights = frozenset(highlights)
        clip = surface.get_clip()
        surface.set_clip(panel.clip(clip) if clip else panel)
        try:
            for _ in range(3):            # (a board taller than thought, or scrolled to its targets, is drawn again)
                self.scroll = max(0, min(self.scroll, self.max_scroll(panel)))
                bar = _bar_w(ui_scale) + 2 if self.need > panel.h else 0      # (the scroll bar beside, not over it)
                rect = pygame.Rect(panel.x, panel.y - self.scroll, panel.w - bar, max(panel.h, self.need))
                layout = draw_board(surface, rect, view, role, highlights, hover, art, ui_scale)
                need = layout.height if layout.height > panel.h else 0
                if need != self.need:
                    self.need = need
                    continue
                if not self._bring_targets_into_view(layout, highlights, panel):
                    break
        finally:
            surface.set_clip(clip)
        self.drawn_rect = rect
        if self.need > panel.h:
            self._draw_bar(surface, panel, ui_scale)
        self.zoomed = None
        if hover is not None and hover.startswith("card:"):
            card = layout.regions.get(hover)
            if card is not None and panel.collidepoint(card.center):
                bounds = zoom_bounds if zoom_bounds is not None else surface.get_rect()
                self.zoomed = draw_card_zoom(surface, hover.split(":", 1)[1], panel.x - 10, card.y, bounds, ui_scale)
        return layout

    def _bring_targets_into_view(self, layout: BoardLayout, highlights: frozenset[str], panel: pygame.Rect) -> bool:
        """New targets on the board (a new decision's cards, Tribes, slots) none of which can be seen: scroll
        to them, once, so that what is to be clicked now is in sight.  True when the scroll changed."""
        if highlights == self.aimed:
            return False
        self.aimed = highlights
        targets = [r for k, r in layout.regions.items() if k in highlights]
        if not targets or any(panel.contains(r) for r in targets):
            return False
        box = targets[0].unionall(targets[1:])
        if box.h > panel.h:
            box.h = panel.h
        shift = box.bottom - panel.bottom + 6 if box.bottom > panel.bottom else box.top - panel.top - 6
        old = self.scroll
        self.scroll = max(0, min(self.max_scroll(panel), self.scroll + shift))
        return self.scroll != old

    def _draw_bar(self, surface: pygame.Surface, panel: pygame.Rect, ui_scale: float) -> None:
        w = _bar_w(ui_scale)
        track = pygame.Rect(panel.right - w - 1, panel.y + 2, w, panel.h - 4)
        pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=w // 2)
        thumb_h = max(w * 3, track.h * panel.h // self.need)
        top = track.y + (track.h - thumb_h) * self.scroll // max(1, self.max_scroll(panel))
        pygame.draw.rect(surface, TEXT_DIM, pygame.Rect(track.x, top, w, thumb_h), border_radius=w // 2)
