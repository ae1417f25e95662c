"""Text drawing through one function, so tests can read what was drawn.

Every string drawn with :func:`draw_text` during a frame is recorded in
:data:`DRAWN` (cleared at the start of each frame by the app); pygame_gui
elements' texts are collected by :func:`gui_strings`.  The privacy tests use both.
The same frame's texts are recorded with their size and place in :data:`DRAWN_TEXTS`
(a :class:`DrawnText` each), so the readability tests can find the smallest text drawn
and a text that spills out of its box.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from .theme import TEXT, font

DRAWN: list[str] = []


@dataclass(frozen=True)
class DrawnText:
    """One text drawn this frame: the string, its font's pixel size (pygame's default font draws a
    ``size`` request at about 0.69 of it, so size 13 is 8 px) and where it landed on the surface it
    was drawn on (None when only its surface was made, e.g. a label blitted by the caller)."""

    text: str
    px: int
    rect: pygame.Rect | None


DRAWN_TEXTS: list[DrawnText] = []


def px_size(size: int, bold: bool = False) -> int:
    """The pixel size (the font's em) a :func:`draw_text` ``size`` is drawn at."""
    return int(font(size, bold).point_size)


def size_for_px(px: int) -> int:
    """The smallest ``size`` whose text is drawn at least ``px`` pixels tall (the inverse of :func:`px_size`)."""
    size = max(1, int(px / 0.6875) - 1)
    while px_size(size) < px:
        size += 1
    return size


def clear_drawn() -> None:
    """Start a new frame's record of texts (both :data:`DRAWN` and :data:`DRAWN_TEXTS`)."""
    DRAWN.clear()
    DRAWN_TEXTS.clear()


@lru_cache(maxsize=2048)
def _render(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    return font(size, bold).render(text, True, colour).convert_alpha()


def reset_caches() -> None:
    """Forget fonts and rendered text (needed after pygame.quit/init, e.g. between tests)."""
    from .theme import font as _font

    _render.cache_clear()
    _font.cache_clear()
    fit.cache_clear()


def text_surface(text: str, size: int = 18, colour: tuple[int, int, int] = TEXT, bold: bool = False,
                 _placed: bool = False) -> pygame.Surface:
    DRAWN.append(text)
    if not _placed:
        DRAWN_TEXTS.append(DrawnText(text, px_size(size, bold), None))
    return _render(text, size, bold, tuple(colour[:3]))


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
              colour: tuple[int, int, int] = TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = text_surface(text, size, colour, bold, _placed=True)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    off = surface.get_abs_offset()
    DRAWN_TEXTS.append(DrawnText(text, px_size(size, bold), rect.move(off)))
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
