"""Text drawing through one function, so tests can read what was drawn.

Every string drawn with :func:`draw_text` during a frame is recorded in
:data:`DRAWN` (cleared at the start of each frame by the app); pygame_gui
elements' texts are collected by :func:`gui_strings`.  The privacy tests use both.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from .theme import TEXT, font

DRAWN: list[str] = []


@lru_cache(maxsize=2048)
def _render(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    return font(size, bold).render(text, True, colour).convert_alpha()


def reset_caches() -> None:
    """Forget fonts and rendered text (needed after pygame.quit/init, e.g. between tests)."""
    from .theme import font as _font

    _render.cache_clear()
    _font.cache_clear()
    fit.cache_clear()


def text_surface(text: str, size: int = 18, colour: tuple[int, int, int] = TEXT, bold: bool = False) -> pygame.Surface:
    DRAWN.append(text)
    return _render(text, size, bold, tuple(colour[:3]))


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
              colour: tuple[int, int, int] = TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = text_surface(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels (measured, not drawn)."""
    from .theme import font as _font

    f = _font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels."""
    from .theme import font as _font

    f = _font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def gui_strings(manager: object) -> list[str]:
    """Texts of the visible pygame_gui elements (buttons, labels, text boxes)."""
    out: list[str] = []
    for element in manager.get_sprite_group().sprites():  # type: ignore[attr-defined]
        if not getattr(element, "visible", True):
            continue
        for attr in ("text", "html_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
    return out
