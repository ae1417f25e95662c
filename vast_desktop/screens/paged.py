"""A column of items that pages with the mouse wheel when they do not all fit (the setup
screen's players and its variants and house rules): from the first item shown on, as
many whole items as fit in the area are placed; the others' pygame_gui elements hide."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame_gui.core import UIElement

from ..render.text import draw_text
from ..render.theme import TEXT_DIM

Draw = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass
class PagedItem:
    key: str
    height: int
    draw: Draw | None = None
    elements: list[tuple[UIElement, int, int]] = field(default_factory=list)   # element, x and y in the item


class PagedList:
    def __init__(self, area: pygame.Rect, gap: int, first: int = 0) -> None:
        self.area = pygame.Rect(area)
        self.gap = gap
        self.first = first
        self.items: list[PagedItem] = []
        self.shown: list[tuple[PagedItem, pygame.Rect]] = []

    def add(self, item: PagedItem) -> PagedItem:
        self.items.append(item)
        return item

    def item(self, key: str) -> PagedItem | None:
        return next((i for i in self.items if i.key == key), None)

    @property
    def overflows(self) -> bool:
        return len(self.shown) < len(self.items)

    @property
    def at_end(self) -> bool:
        return not self.items or (bool(self.shown) and self.shown[-1][0] is self.items[-1])

    def place(self, visible: bool = True) -> None:
        """Show the items from ``first`` on that fit (at least one), hide the rest."""
        self.first = max(0, min(self.first, len(self.items) - 1))
        y = self.area.y
        self.shown = []
        for i, item in enumerate(self.items):
            fits = i >= self.first and len(self.shown) == i - self.first and (
                y + item.height <= self.area.bottom or not self.shown)
            if fits:
                rect = pygame.Rect(self.area.x, y, self.area.w, item.height)
                self.shown.append((item, rect))
                for element, dx, dy in item.elements:
                    element.set_position((rect.x + dx, rect.y + dy))
                    if visible:
                        element.show()
                y += item.height + self.gap
            else:
                for element, _, _ in item.elements:
                    element.hide()

    def scroll(self, step: int, visible: bool = True) -> bool:
        """Page by ``step`` items (the wheel); False when already at that end."""
        if step > 0 and self.at_end:
            return False
        before = self.first
        self.first = max(0, min(len(self.items) - 1, self.first + step))
        if self.first == before:
            return False
        self.place(visible)
        return True

    def reveal(self, key: str, visible: bool = True) -> None:
        """Scroll until the item ``key`` shows."""
        keys = [i.key for i in self.items]
        if key not in keys:
            return
        for _ in range(len(keys)):
            shown = [i.key for i, _ in self.shown]
            if key in shown:
                return
            if not self.scroll(1 if keys.index(key) > keys.index(shown[0]) else -1, visible):
                return

    def hint(self) -> str:
        if not self.overflows or not self.shown:
            return ""
        return f"{self.first + 1}–{self.first + len(self.shown)} of {len(self.items)} · scroll for more"

    def draw(self, surface: pygame.Surface, bar_x: int, bar_w: int) -> None:
        for item, rect in self.shown:
            if item.draw is not None:
                item.draw(surface, rect)
        if self.overflows and self.items:         # a thin scroll bar: where the shown items are in the list
            bar = pygame.Rect(bar_x, self.area.y, bar_w, self.area.h)
            pygame.draw.rect(surface, (44, 40, 52), bar, border_radius=2)
            n = len(self.items)
            top = bar.y + bar.h * self.first // n
            size = max(12, bar.h * len(self.shown) // n)
            pygame.draw.rect(surface, TEXT_DIM, (bar.x, min(top, bar.bottom - size), bar.w, size), border_radius=2)

    def draw_hint(self, surface: pygame.Surface, topright: tuple[int, int], size: int) -> None:
        hint = self.hint()
        if hint:
            draw_text(surface, hint, topright, size, TEXT_DIM, anchor="topright")
