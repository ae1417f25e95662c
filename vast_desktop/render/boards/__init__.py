"""Player boards drawn like the physical ones (GUI_SPEC "Player board right"): one module per role
(:mod:`.knight`, :mod:`.cave`, :mod:`.goblins`, :mod:`.dragon`, :mod:`.thief`,
:mod:`.ghoul`, :mod:`.vile_ghoul`) on the shared drawing
kit :mod:`.kit` (and :mod:`.ghoul_parts`, what the two Ghouls' boards share).  A role's board imports only the kit, never another role's board
(tests/test_hygiene.py); this module is the one that knows every role: it dispatches by role.

:func:`draw_board` draws one role's board from a :class:`PlayerView` and returns a
:class:`BoardLayout`: the screen rectangle and a one-line tooltip of everything on it.  The
boards write no tooltip text of their own: :meth:`BoardLayout.tip` registers a region with
``teach.describe.describe_key(view, key)``, the one source of tooltips (map and boards).
Region keys are

* ``f"{target.kind}:{target.ref}"`` of the engine's click targets: ``slot:knight.strength``,
  ``slot:knight.treasure:<card>``, ``slot:knight.free`` / ``slot:knight.aside`` (which cube to give
  up), ``card:<card id>``, ``hand_tile:<tile id>``, ``slot:cave.omen.<omen id>``;
* ``f"drag:{target.drag_from}"`` for drag sources: ``drag:knight.cubes``, ``drag:hand:<tile id>``;
* ``info:<thing>`` for things that only carry a tooltip (tracks, tokens, backs).

Private parts (the hand, Sidequests, facedown Treasures, the top Event cards) are drawn only
when ``view.viewer == role``; they are read only from the view, which holds them only for
their owner.  All text goes through :mod:`..text` so the privacy tests can read it.

Static parts (frames, labels, track numbers, icons) are drawn once per size into a cached
background (:func:`.kit._background`); each call blits it and draws the pieces, cards and
highlights on top.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from ...engine.view import PlayerView
from ...teach.describe_boards import TYPE_LABELS
from ..text import draw_text
from ..theme import (
    HIGHLIGHT,
    HIGHLIGHT_ALT,
    PANEL,
    ROLE_COLOURS,
    ROLE_LETTERS,
    ROLE_NAMES,
    TEXT,
    TEXT_DIM,
    font,
)
from . import cave, dragon, ghoul, ghoul_parts, goblins, kit, knight, thief, vile_ghoul
from .kit import BASE_W, BoardLayout, _glow, _header, _Scale, _shade, draw_card_zoom

__all__ = [
    "TYPE_LABELS",
    "BoardLayout",
    "clear_caches",
    "draw_board",
    "draw_card_zoom",
    "draw_board_tabs",
    "has_board",
]

_BoardDrawer = Callable[[pygame.Surface, pygame.Rect, PlayerView, str, BoardLayout, Any], None]

# role -> the function that draws its board (each role's module draws its own)
_DRAWERS: dict[str, _BoardDrawer] = {
    "knight": knight.draw_knight_board,
    "cave": cave.draw_cave_board,
    "goblins": goblins.draw_goblins_board,
    "dragon": dragon.draw_dragon_board,
    "thief": thief.draw_thief_board,
    "ghoul": ghoul.draw_ghoul_board,
    "vile_ghoul": vile_ghoul.draw_vile_ghoul_board,
}


def has_board(role: str) -> bool:
    """Whether the table draws ``role``'s board (every role of ``engine.state.ROLE_ORDER``)."""
    return role in _DRAWERS


def clear_caches() -> None:
    """Forget cached backgrounds, layouts and glows (after a display change or pygame.quit)."""
    kit.clear_caches()
    for module in (knight, cave, goblins, dragon, thief, ghoul, ghoul_parts, vile_ghoul):
        module.clear_caches()


def draw_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str,
               highlights: Iterable[str] = frozenset(), hover: str | None = None, art: Any = None,
               ui_scale: float = 1.0) -> BoardLayout:
    """Draw ``role``'s board into ``rect`` as ``view.viewer`` may see it; return its regions and tooltips.
    No text is drawn below :data:`.kit.MIN_PX` pixels times ``ui_scale`` (the player's UI scale)."""
    rect = pygame.Rect(rect)
    out = BoardLayout()
    if kit.use_rules(view.rules):      # another game's rules: layouts and backgrounds built with the old go
        clear_caches()
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    floor = kit.use_text_floor(ui_scale)
    try:
        drawer = _DRAWERS.get(role)
        if drawer is not None and view.boards.of(role) is not None:
            drawer(surface, rect, view, role, out, art)
            out.height = kit.laid_height()
        else:
            sc = _Scale(min(rect.w / BASE_W, 1.35))
            pygame.draw.rect(surface, PANEL, rect, border_radius=6)
            _header(surface, pygame.Rect(rect.x, rect.y, rect.w, sc(34)), role, "public view", sc)
            draw_text(surface, f"The {ROLE_NAMES.get(role, role.title())}'s board is not drawn yet.",
                      (rect.centerx, rect.y + sc(60)), sc.f(16), TEXT_DIM, anchor="center")
        for key in highlights:
            r = out.regions.get(key)
            if r is not None:
                _glow(surface, r, HIGHLIGHT)
        if hover is not None and hover in out.regions:
            _glow(surface, out.regions[hover], HIGHLIGHT_ALT, strong=True)
    finally:
        surface.set_clip(clip)
        kit.restore_text_floor(floor)
    return out


def draw_board_tabs(surface: pygame.Surface, rect: pygame.Rect, roles: Sequence[str],
                    active_tab: str) -> dict[str, pygame.Rect]:
    """One tab per role in its colour (letter disc + name); the active tab is raised. Returns role -> Rect."""
    rect = pygame.Rect(rect)
    out: dict[str, pygame.Rect] = {}
    if not roles:
        return out
    gap = 3
    size = max(13, int(rect.h * 0.55))        # (grows with the UI scale, as the tabs' height does)
    rad = max(5, min(rect.h // 2 - 3, 11))
    n = len(roles)
    avail = rect.w - gap * (n - 1)

    def need(role: str, bold: bool) -> int:
        return font(size, bold).size(ROLE_NAMES.get(role, role.title()))[0] + 2 * rad + 16

    widths = [avail // n] * n
    if active_tab in roles and need(active_tab, True) > avail // n:     # narrow: the active tab keeps its name
        ai = list(roles).index(active_tab)
        rest = (avail - min(need(active_tab, True), avail // 2)) // max(1, n - 1)
        widths = [rest] * n
        widths[ai] = avail - rest * (n - 1)
    x = rect.x
    for i, role in enumerate(roles):
        tw = widths[i]
        col = ROLE_COLOURS.get(role, (150, 150, 150))
        active = role == active_tab
        r = pygame.Rect(x, rect.y + (0 if active else 3), tw, rect.h - (0 if active else 3))
        x += tw + gap
        fill = _shade(col, 0.75) if active else _shade(col, 0.32)
        pygame.draw.rect(surface, fill, r, border_top_left_radius=6, border_top_right_radius=6)
        pygame.draw.rect(surface, col if active else _shade(col, 0.7), r, 2 if active else 1,
                         border_top_left_radius=6, border_top_right_radius=6)
        name = ROLE_NAMES.get(role, role.title())
        name_w = font(size, active).size(name)[0]
        show_name = name_w + 2 * rad + 12 <= r.w
        cx = r.centerx - ((name_w + 2 * rad + 6) // 2 - rad if show_name else 0)
        pygame.draw.circle(surface, col, (cx, r.centery), rad)
        pygame.draw.circle(surface, TEXT if active else TEXT_DIM, (cx, r.centery), rad, 1)
        draw_text(surface, ROLE_LETTERS.get(role, "?"), (cx, r.centery), size, (20, 16, 12), bold=True,
                  anchor="center")
        if show_name:
            draw_text(surface, name, (cx + rad + 6, r.centery), size, TEXT if active else TEXT_DIM, bold=active,
                      anchor="midleft")
        out[role] = r
    return out
