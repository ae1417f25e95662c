"""The table's game log: wrapped lines, newest at the bottom, drawn with :func:`draw_text`
(so the privacy tests read what it shows); the mouse wheel scrolls it.

A pygame_gui text box lays out and renders its whole text again on every append, so a long
four-role game's log (well over a thousand lines) made every choice and every hand-off slow;
here only the visible rows are drawn and each line is wrapped once."""
from __future__ import annotations

from functools import lru_cache

import pygame

from .text import draw_text, wrap
from .theme import PANEL_EDGE, TEXT, font

LOG_BG = (22, 20, 26)


@lru_cache(maxsize=8192)
def _rows(line: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap(line, size, width))


class LogView:
    def __init__(self, rect: pygame.Rect, size: int = 15) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.lines: list[str] = []
        self.rows: list[str] = []
        self.scroll = 0                  # rows scrolled up from the newest

    # ---------------------------------------------------------------- content
    @property
    def text(self) -> str:
        """The whole log as shown to the current viewer (also the lines scrolled out of view)."""
        return "\n".join(self.lines)

    html_text = text                      # the name the pygame_gui text box used

    def clear(self) -> None:
        self.lines = []
        self.rows = []
        self.scroll = 0

    def append(self, lines: list[str] | tuple[str, ...]) -> None:
        width = self._text_width()
        for line in lines:
            self.lines.append(line)
            new = _rows(line, self.size, width)
            self.rows.extend(new)
            if self.scroll:
                self.scroll += len(new)   # someone is reading back: keep their place

    def set_rect(self, rect: pygame.Rect, size: int | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size or self.size
        lines, self.lines, self.rows = self.lines, [], []
        self.scroll = 0
        self.append(lines)

    # ---------------------------------------------------------------- input
    def visible_rows(self) -> int:
        return max(1, (self.rect.h - 8) // font(self.size).get_linesize())

    def wheel(self, dy: int) -> None:
        """Scroll three rows per notch (dy > 0: towards older lines)."""
        top = max(0, len(self.rows) - self.visible_rows())
        self.scroll = max(0, min(top, self.scroll + 3 * dy))

    # ---------------------------------------------------------------- drawing
    def _text_width(self) -> int:
        return self.rect.w - 22

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, LOG_BG, r, border_radius=4)
        pygame.draw.rect(surface, PANEL_EDGE, r, 1, border_radius=4)
        n = self.visible_rows()
        lh = font(self.size).get_linesize()
        end = len(self.rows) - self.scroll
        shown = self.rows[max(0, end - n):end]
        y = r.y + 4
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-2, -2))
        for row in shown:
            draw_text(surface, row, (r.x + 8, y), self.size, TEXT)
            y += lh
        surface.set_clip(clip)
        if len(self.rows) > n:          # a scroll bar: where the visible rows lie in the whole log
            track = pygame.Rect(r.right - 9, r.y + 4, 5, r.h - 8)
            thumb_h = max(12, track.h * n // len(self.rows))
            first = max(0, end - n)
            span = max(1, len(self.rows) - n)
            thumb_y = track.y + (track.h - thumb_h) * first // span
            pygame.draw.rect(surface, (44, 40, 50), track, border_radius=2)
            pygame.draw.rect(surface, PANEL_EDGE, (track.x, thumb_y, track.w, thumb_h), border_radius=2)
