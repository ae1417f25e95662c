"""Player boards drawn like the physical ones: the Knight's and the Cave's here, the Goblins' in
:mod:`.board_goblins`, the Dragon's in :mod:`.board_dragon`, the Thief's in :mod:`.board_thief`
(GUI_SPEC "Player board right").

:func:`draw_board` draws one role's board from a :class:`PlayerView` and returns a
:class:`BoardLayout`: the screen rectangle and a one-line tooltip of everything on it.  The
boards write no tooltip text of their own: :meth:`BoardLayout.tip` registers a region with
``engine.describe.describe_key(view, key)``, the one source of tooltips (map and boards).
Region keys are

* ``f"{target.kind}:{target.ref}"`` of the engine's click targets: ``slot:knight.strength``,
  ``slot:knight.treasure:<card>``, ``slot:knight.free`` / ``slot:knight.aside`` (which cube to give
  up), ``card:<card id>``, ``hand_tile:<tile id>``, ``slot:cave.omen.<omen id>``;
* ``f"drag:{target.drag_from}"`` for drag sources: ``drag:knight.cubes``, ``drag:hand:<tile id>``;
* ``info:<thing>`` for things that only carry a tooltip (tracks, tokens, backs).

Private parts (the hand, Sidequests, facedown Treasures, the top Event cards) are drawn only
when ``view.viewer == role``; they are read only from the view, which holds them only for
their owner.  All text goes through :mod:`.text` so the privacy tests can read it.

Static parts (frames, labels, track numbers, icons) are drawn once per size into a cached
background; each call blits it and draws the pieces, cards and highlights on top.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import pygame

from ..engine.kinds import DecisionKind
from ..engine.view import PlayerView
from ..rules_data import RulesData, UnknownIdError, load_rules_data
from ..teach.describe import describe_key
from ..teach.describe_boards import TYPE_LABELS
from . import text as _text
from .text import draw_text
from .text import fit as _fit
from .theme import (
    DANGER,
    HIGHLIGHT,
    HIGHLIGHT_ALT,
    PANEL,
    PANEL_EDGE,
    ROLE_COLOURS,
    ROLE_LETTERS,
    ROLE_NAMES,
    TEXT,
    TEXT_DIM,
    TOKEN_COLOURS,
    TRIBE_COLOURS,
    TYPE_COLOURS,
    font,
)

__all__ = [
    "OMEN_COLOURS",
    "OMEN_LETTERS",
    "TRIBE_LETTERS",
    "TYPE_LABELS",
    "BoardLayout",
    "clear_caches",
    "draw_board",
    "draw_board_tabs",
]

Colour = tuple[int, int, int]

# ----------------------------------------------------------------- constants
OMEN_COLOURS: dict[str, Colour] = {
    "bat": (150, 120, 205),
    "boulder": (150, 132, 112),
    "quartz": (235, 175, 225),
    "mushroom": (225, 110, 80),
    "trail": (205, 185, 120),
    "chasm": (90, 135, 210),
}
OMEN_LETTERS = {"bat": "Ba", "boulder": "Bo", "quartz": "Qu", "mushroom": "Mu", "trail": "Tr", "chasm": "Ch"}
TRIBE_LETTERS = {"fangs": "F", "bones": "B", "eye": "E"}
PHASES = ("Collect Omens", "Shape the Cave", "Place Treasure")

BOARD_BG: dict[str, Colour] = {"knight": (44, 37, 31), "cave": (38, 27, 40)}
SECTION = (56, 48, 42)
SECTION_CAVE = (52, 38, 56)
CELL = (72, 62, 50)
CELL_EDGE = (128, 106, 74)
CUBE = (246, 244, 236)
CUBE_SHADE = (196, 192, 182)
CUBE_EDGE = (96, 92, 88)
WHITE_SPACE = (214, 208, 194)
CARD_FACE = (236, 222, 188)
CARD_INK = (48, 38, 28)
CARD_BACK = (70, 46, 30)
CARD_BACK_CAVE = (70, 32, 60)
OK_GREEN = (120, 210, 120)
LIT_WALL = (200, 176, 130)

BASE_W = 420        # the width the base sizes below are designed for

_RD: RulesData | None = None


def _rules() -> RulesData:
    global _RD
    if _RD is None:
        _RD = load_rules_data()
    return _RD


def _card(cid: str) -> Any:
    if cid.startswith("terrain:"):          # a Terrain tile to choose (terrain_choose): named by its kind
        kind = cid.split(":", 1)[1]
        return next((t for t in _rules().terrain if t.kind == kind), None)
    try:
        return _rules().card(cid)
    except UnknownIdError:
        return None


def _card_name(cid: str) -> str:
    c = _card(cid)
    return str(c.name) if c is not None else cid


def _one_line(s: str) -> str:
    return " ".join(s.split())


# ------------------------------------------------------------------- layout
@dataclass
class BoardLayout:
    """Where the clickable (and tooltip-carrying) things of a board are, in screen pixels."""

    regions: dict[str, pygame.Rect] = field(default_factory=dict)
    tooltips: dict[str, str] = field(default_factory=dict)

    def add(self, key: str, rect: pygame.Rect, tip: str) -> None:
        self.regions[key] = pygame.Rect(rect)
        self.tooltips[key] = tip

    def tip(self, view: PlayerView, key: str, rect: pygame.Rect) -> None:
        """Register a region whose tooltip is describe's for ``key`` (the one source of tooltips:
        engine/describe.py, which reads only ``view``)."""
        self.add(key, rect, describe_key(view, key))

    def hit(self, pos: tuple[int, int], prefer: Iterable[str] = ()) -> str | None:
        """The region key under ``pos``: a preferred key (e.g. a highlighted one) first, then
        clickable before ``info:``/``drag:`` keys, then the smallest region."""
        inside = [k for k, r in self.regions.items() if r.collidepoint(pos)]
        if not inside:
            return None
        pref = set(prefer)

        def rank(k: str) -> tuple[int, int, int]:
            r = self.regions[k]
            return (0 if k in pref else 1, 1 if k.startswith(("info:", "drag:")) else 0, r.w * r.h)

        return min(inside, key=rank)


class _Scale:
    def __init__(self, s: float) -> None:
        self.s = s

    def __call__(self, v: float) -> int:
        return max(1, int(round(v * self.s)))

    def f(self, base: float) -> int:
        return max(13, int(round(base * self.s)))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, lines: int, bold: bool = False) -> tuple[str, ...]:
    out = _text.wrap(text, size, width, bold)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = _fit(out[-1] + " …", size, width, bold)
    return tuple(_fit(line, size, width, bold) for line in out)


# -------------------------------------------------------------- primitives
def _pts(r: pygame.Rect, pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(r.x + x * r.w, r.y + y * r.h) for x, y in pts]


def _seg(s: pygame.Surface, c: Colour, r: pygame.Rect, a: tuple[float, float], b: tuple[float, float],
         width: int = 1) -> None:
    pa, pb = _pts(r, [a, b])
    pygame.draw.line(s, c, pa, pb, width)


def _shade(c: Colour, k: float) -> Colour:
    return (min(255, max(0, int(c[0] * k))), min(255, max(0, int(c[1] * k))), min(255, max(0, int(c[2] * k))))


def _frame(surf: pygame.Surface, r: pygame.Rect, fill: Colour | None, edge: Colour, width: int = 1,
           radius: int = 4) -> None:
    if fill is not None:
        pygame.draw.rect(surf, fill, r, border_radius=radius)
    pygame.draw.rect(surf, edge, r, width, border_radius=radius)


def _cube(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A white Hero cube, a little raised."""
    pygame.draw.rect(surf, CUBE_EDGE, r, border_radius=max(1, r.w // 6))
    inner = r.inflate(-2, -2)
    pygame.draw.rect(surf, CUBE_SHADE, inner, border_radius=max(1, r.w // 6))
    top = pygame.Rect(inner.x, inner.y, inner.w - max(1, inner.w // 6), inner.h - max(1, inner.h // 6))
    pygame.draw.rect(surf, CUBE, top, border_radius=max(1, r.w // 6))


def _cube_rect(cell: pygame.Rect, frac: float = 0.62) -> pygame.Rect:
    side = max(4, int(min(cell.w, cell.h) * frac))
    return pygame.Rect(0, 0, side, side).move(cell.centerx - side // 2, cell.centery - side // 2)


def _empty_slot(surf: pygame.Surface, r: pygame.Rect, colour: Colour = CELL_EDGE) -> None:
    pygame.draw.rect(surf, _shade(colour, 0.45), r, border_radius=max(1, r.w // 6))
    pygame.draw.rect(surf, colour, r, 1, border_radius=max(1, r.w // 6))


# icons (all drawn into a rect, shape first, colour second)
def _icon_boot(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    pygame.draw.polygon(s, c, _pts(r, [(0.3, 0.08), (0.62, 0.08), (0.62, 0.56), (0.92, 0.7), (0.92, 0.92),
                                       (0.26, 0.92), (0.3, 0.56)]))
    _seg(s, _shade(c, 0.55), r, (0.28, 0.8), (0.92, 0.8), max(1, r.h // 14))


def _icon_torch(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    _seg(s, (130, 90, 50), r, (0.5, 0.95), (0.5, 0.45), max(2, r.w // 7))
    pygame.draw.polygon(s, (235, 120, 40), _pts(r, [(0.5, 0.04), (0.74, 0.32), (0.66, 0.5), (0.34, 0.5),
                                                    (0.26, 0.32)]))
    pygame.draw.polygon(s, (255, 220, 90), _pts(r, [(0.5, 0.2), (0.6, 0.36), (0.56, 0.47), (0.44, 0.47),
                                                    (0.4, 0.36)]))


def _icon_fist(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    body = pygame.Rect(_pts(r, [(0.16, 0.26)])[0], (r.w * 0.66, r.h * 0.58))
    pygame.draw.rect(s, c, body, border_radius=max(2, r.w // 6))
    ink = _shade(c, 0.5)
    for i in range(1, 4):
        x = body.x + body.w * i / 4
        pygame.draw.line(s, ink, (x, body.y + 1), (x, body.y + body.h * 0.42), 1)
    pygame.draw.rect(s, c, pygame.Rect(_pts(r, [(0.7, 0.5)])[0], (r.w * 0.2, r.h * 0.26)), border_radius=2)
    _seg(s, ink, r, (0.2, 0.62), (0.72, 0.62), 1)


def _icon_map(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    body = pygame.Rect(_pts(r, [(0.12, 0.2)])[0], (r.w * 0.76, r.h * 0.6))
    pygame.draw.rect(s, (220, 200, 150), body)
    pygame.draw.rect(s, (150, 120, 80), body, 1)
    for x in (0.12, 0.88):
        _seg(s, (150, 120, 80), r, (x, 0.14), (x, 0.86), max(2, r.w // 10))
    pygame.draw.lines(s, DANGER, False, _pts(r, [(0.22, 0.68), (0.38, 0.46), (0.52, 0.6), (0.7, 0.32)]), 1)
    _seg(s, DANGER, r, (0.64, 0.26), (0.76, 0.38), 2)
    _seg(s, DANGER, r, (0.76, 0.26), (0.64, 0.38), 2)


def _icon_bow(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    arc = pygame.Rect(r.x - r.w * 0.25, r.y + r.h * 0.08, r.w * 0.9, r.h * 0.84)
    pygame.draw.arc(s, (170, 120, 70), arc, -math.pi / 2, math.pi / 2, max(2, r.w // 9))
    pygame.draw.line(s, (230, 230, 230), (arc.centerx, arc.top), (arc.centerx, arc.bottom), 1)
    _seg(s, c, r, (0.2, 0.5), (0.92, 0.5), max(1, r.w // 14))
    pygame.draw.polygon(s, c, _pts(r, [(0.96, 0.5), (0.82, 0.42), (0.82, 0.58)]))


def _icon_bomb(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    centre = (r.x + r.w * 0.45, r.y + r.h * 0.58)
    rad = min(r.w, r.h) * 0.34
    pygame.draw.circle(s, (30, 30, 34), centre, rad)
    pygame.draw.circle(s, (120, 120, 130), centre, rad, 1)
    pygame.draw.circle(s, (90, 90, 100), (centre[0] - rad * 0.35, centre[1] - rad * 0.35), max(1, rad * 0.22))
    pygame.draw.lines(s, (180, 150, 110), False, _pts(r, [(0.62, 0.3), (0.72, 0.16), (0.84, 0.14)]), 2)
    pygame.draw.circle(s, (255, 200, 60), _pts(r, [(0.86, 0.12)])[0], max(2, r.w // 10))


def _icon_shield(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    pts = _pts(r, [(0.16, 0.1), (0.84, 0.1), (0.84, 0.5), (0.5, 0.94), (0.16, 0.5)])
    pygame.draw.polygon(s, (110, 120, 150), pts)
    pygame.draw.polygon(s, c, pts, max(1, r.w // 12))
    _seg(s, c, r, (0.5, 0.14), (0.5, 0.86), 1)


def _icon_heart(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    rad = r.w * 0.26
    pygame.draw.circle(s, c, (r.x + r.w * 0.3, r.y + r.h * 0.36), rad)
    pygame.draw.circle(s, c, (r.x + r.w * 0.7, r.y + r.h * 0.36), rad)
    pygame.draw.polygon(s, c, _pts(r, [(0.06, 0.44), (0.94, 0.44), (0.5, 0.94)]))


def _icon_crystal(s: pygame.Surface, r: pygame.Rect, c: Colour, filled: bool = True) -> None:
    pts = _pts(r, [(0.5, 0.04), (0.86, 0.36), (0.5, 0.96), (0.14, 0.36)])
    if filled:
        pygame.draw.polygon(s, c, pts)
        pygame.draw.polygon(s, (230, 250, 255), _pts(r, [(0.5, 0.04), (0.62, 0.36), (0.5, 0.7), (0.38, 0.36)]))
    pygame.draw.polygon(s, c if not filled else (40, 90, 120), pts, 1)


def _icon_coin(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    rad = min(r.w, r.h) / 2 - 1
    pygame.draw.circle(s, _shade(c, 0.6), r.center, rad)
    pygame.draw.circle(s, c, (r.centerx - 1, r.centery - 1), rad - 1)
    pygame.draw.circle(s, _shade(c, 0.7), (r.centerx - 1, r.centery - 1), max(1, rad * 0.55), 1)


def _icon_hatred(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    pygame.draw.circle(s, (60, 10, 30), r.center, min(r.w, r.h) // 2)
    pygame.draw.circle(s, DANGER, r.center, min(r.w, r.h) // 2, 2)
    pygame.draw.polygon(s, DANGER, _pts(r, [(0.3, 0.3), (0.5, 0.5), (0.7, 0.3), (0.62, 0.74), (0.38, 0.74)]))


ICONS: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "movement": _icon_boot, "perception": _icon_torch, "strength": _icon_fist,
    "map": _icon_map, "bow": _icon_bow, "bomb": _icon_bomb, "shield": _icon_shield,
}


def _omen_glyph(s: pygame.Surface, sym: str, r: pygame.Rect) -> None:
    """An Omen token: a coloured disc with a distinct black glyph (told apart by shape)."""
    c = OMEN_COLOURS.get(sym, (160, 160, 160))
    rad = min(r.w, r.h) // 2
    pygame.draw.circle(s, c, r.center, rad)
    pygame.draw.circle(s, _shade(c, 0.5), r.center, rad, max(1, rad // 7))
    g = r.inflate(-r.w * 0.36, -r.h * 0.36)
    ink = (26, 20, 30)
    if sym == "bat":
        pygame.draw.polygon(s, ink, _pts(g, [(0.0, 0.3), (0.25, 0.2), (0.36, 0.42), (0.5, 0.28), (0.64, 0.42),
                                             (0.75, 0.2), (1.0, 0.3), (0.8, 0.62), (0.64, 0.56), (0.5, 0.84),
                                             (0.36, 0.56), (0.2, 0.62)]))
    elif sym == "boulder":
        pygame.draw.polygon(s, ink, _pts(g, [(0.1, 0.7), (0.05, 0.4), (0.3, 0.1), (0.7, 0.08), (0.95, 0.4),
                                             (0.9, 0.8), (0.55, 0.95), (0.25, 0.92)]))
        pygame.draw.lines(s, c, False, _pts(g, [(0.45, 0.2), (0.55, 0.5), (0.4, 0.75)]), 1)
    elif sym == "quartz":
        pygame.draw.polygon(s, ink, _pts(g, [(0.5, 0.0), (0.8, 0.25), (0.8, 0.8), (0.5, 1.0), (0.2, 0.8),
                                             (0.2, 0.25)]))
        _seg(s, c, g, (0.5, 0.1), (0.5, 0.9), 1)
    elif sym == "mushroom":
        cap = pygame.Rect(g.x, g.y + g.h * 0.05, g.w, g.h * 0.8)
        pygame.draw.ellipse(s, ink, cap)
        pygame.draw.rect(s, c, (g.x, g.y + g.h * 0.45, g.w, g.h * 0.42))
        pygame.draw.rect(s, ink, (g.x + g.w * 0.38, g.y + g.h * 0.4, g.w * 0.24, g.h * 0.6))
    elif sym == "trail":
        for (x, y) in ((0.22, 0.75), (0.55, 0.45), (0.3, 0.15)):
            foot = pygame.Rect(g.x + g.w * (x - 0.14), g.y + g.h * (y - 0.14), g.w * 0.28, g.h * 0.34)
            pygame.draw.ellipse(s, ink, foot)
        foot = pygame.Rect(g.x + g.w * 0.66, g.y + g.h * 0.62, g.w * 0.28, g.h * 0.34)
        pygame.draw.ellipse(s, ink, foot)
    elif sym == "chasm":
        pygame.draw.polygon(s, ink, _pts(g, [(0.0, 0.15), (0.38, 0.15), (0.5, 1.0), (0.62, 0.15), (1.0, 0.15),
                                             (1.0, 0.35), (0.74, 0.35), (0.5, 1.0), (0.26, 0.35), (0.0, 0.35)]))
    else:
        pygame.draw.circle(s, ink, r.center, rad // 3)


def _tribe_glyph(s: pygame.Surface, tribe: str | None, r: pygame.Rect) -> None:
    """A Goblin Tribe symbol: Fangs (teeth), Bones (crossed bones), Eye."""
    c = TRIBE_COLOURS.get(tribe or "", (200, 200, 200))
    if tribe == "fangs":
        pygame.draw.arc(s, c, r.inflate(-r.w * 0.1, -r.h * 0.3).move(0, -r.h * 0.18), math.pi, 2 * math.pi, 2)
        for x in (0.3, 0.7):
            pygame.draw.polygon(s, c, _pts(r, [(x - 0.14, 0.38), (x + 0.14, 0.38), (x, 0.92)]))
    elif tribe == "bones":
        w = max(2, r.w // 8)
        for a, b in (((0.18, 0.18), (0.82, 0.82)), ((0.82, 0.18), (0.18, 0.82))):
            pa, pb = _pts(r, [a, b])
            pygame.draw.line(s, c, pa, pb, w)
            for p in (pa, pb):
                pygame.draw.circle(s, c, p, w)
    elif tribe == "eye":
        eye = r.inflate(-r.w * 0.08, -r.h * 0.42)
        pygame.draw.ellipse(s, c, eye, max(2, r.w // 12))
        pygame.draw.circle(s, c, r.center, max(2, r.w // 7))
    else:
        pygame.draw.circle(s, c, r.center, r.w // 4, 1)


def _walls_diagram(s: pygame.Surface, r: pygame.Rect, walls: Sequence[bool], colour: Colour) -> None:
    """A tiny square showing which sides of the Lit side have walls (N, E, S, W)."""
    pygame.draw.rect(s, _shade(colour, 0.35), r)
    pygame.draw.rect(s, _shade(colour, 0.7), r, 1)
    w = max(2, r.w // 6)
    sides = ((r.topleft, r.topright), (r.topright, r.bottomright), (r.bottomleft, r.bottomright),
             (r.topleft, r.bottomleft))
    for wall, (a, b) in zip(walls, sides, strict=False):
        if wall:
            pygame.draw.line(s, colour, a, b, w)


# ---------------------------------------------------------------- highlight
_GLOW: dict[tuple[int, int, Colour], pygame.Surface] = {}


def _glow(surf: pygame.Surface, r: pygame.Rect, colour: Colour, strong: bool = True) -> None:
    key = (r.w, r.h, colour)
    g = _GLOW.get(key)
    if g is None:
        if len(_GLOW) > 256:
            _GLOW.clear()
        pad = 6
        g = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
        for i in range(pad):
            alpha = int(150 * (1 - i / pad) ** 2)
            pygame.draw.rect(g, (*colour, alpha), pygame.Rect(pad - i, pad - i, r.w + 2 * i, r.h + 2 * i), 1,
                             border_radius=5 + i)
        _GLOW[key] = g
    surf.blit(g, (r.x - 6, r.y - 6))
    pygame.draw.rect(surf, colour, r, 2 if strong else 1, border_radius=5)


# --------------------------------------------------------- background cache
_BG: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[str, ...]]] = {}


def _background(key: tuple[Any, ...], size: tuple[int, int],
                build: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """The cached static layer for ``key``; the labels it holds are re-recorded in DRAWN on every use."""
    hit = _BG.get(key)
    if hit is None:
        if len(_BG) > 48:
            _BG.clear()
        surf = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        start = len(_text.DRAWN)
        build(surf)
        labels = tuple(_text.DRAWN[start:])
        hit = (surf, labels)
        _BG[key] = hit
    else:
        _text.DRAWN.extend(hit[1])
    return hit[0]


def _header(surf: pygame.Surface, r: pygame.Rect, role: str, sub: str, sc: _Scale) -> None:
    col = ROLE_COLOURS.get(role, (150, 150, 150))
    pygame.draw.rect(surf, _shade(col, 0.55), r, border_radius=6)
    pygame.draw.rect(surf, col, r, 2, border_radius=6)
    rad = r.h // 2 - 3
    centre = (r.x + rad + 6, r.centery)
    pygame.draw.circle(surf, col, centre, rad)
    pygame.draw.circle(surf, TEXT, centre, rad, 1)
    draw_text(surf, ROLE_LETTERS.get(role, "?"), centre, sc.f(22), (20, 16, 12), bold=True, anchor="center")
    draw_text(surf, ROLE_NAMES.get(role, role.title()), (centre[0] + rad + 8, r.centery), sc.f(24), TEXT,
              bold=True, anchor="midleft")
    draw_text(surf, sub, (r.right - 8, r.centery), sc.f(16), TEXT_DIM, anchor="midright")


def _section(surf: pygame.Surface, r: pygame.Rect, fill: Colour = SECTION) -> None:
    pygame.draw.rect(surf, fill, r, border_radius=6)
    pygame.draw.rect(surf, PANEL_EDGE, r, 1, border_radius=6)


def _grid(x: int, y: int, w: int, n: int, cw: int, ch: int, gap: int) -> list[pygame.Rect]:
    per = max(1, (w + gap) // (cw + gap))
    per = min(per, max(1, n))
    if n and per >= n:        # one row: spread the cards a little wider if there is room
        cw = min(int(cw * 1.3), (w - gap * (n - 1)) // n)
    return [pygame.Rect(x + (i % per) * (cw + gap), y + (i // per) * (ch + gap), cw, ch) for i in range(n)]


def _grid_height(w: int, n: int, cw: int, ch: int, gap: int) -> int:
    if n == 0:
        return 0
    per = max(1, (w + gap) // (cw + gap))
    rows = math.ceil(n / per)
    return rows * ch + (rows - 1) * gap


def _offered_cards(view: PlayerView, role: str, shown: set[str]) -> list[str]:
    """Cards the pending decision of ``role`` targets that the board does not show already
    (a Treasure just found, the Event cards the Cave drew) — visible only to the decider."""
    d = view.decision
    if d is None or d.role != role or view.viewer != role:
        return []
    out: list[str] = []
    for o in d.options:
        for t in o.targets:
            if t.kind == "card" and t.ref not in shown and t.ref not in out:
                out.append(t.ref)
    return out


OFFER_TITLES: dict[str, str] = {DecisionKind.KEEP_TREASURE: "Treasure found", DecisionKind.CHOOSE_TREASURE: "Give the Knight a Treasure",
                DecisionKind.CHOOSE_EVENT: "Play an Event on the Knight",
                # Uncertain Treasures (VAR-11/12): the card clicked goes to the bottom of the deck
                DecisionKind.BOTTOM_TREASURE: "Click one for the bottom: the Knight gets the other 2",
                DecisionKind.RETURN_TREASURE: "Click the card to send back to the bottom",
                DecisionKind.TERRAIN_CHOOSE: "Choose the Terrain tile to place"}


def _draw_card(surf: pygame.Surface, r: pygame.Rect, title: str, lines: Sequence[str], sc: _Scale,
               face: Colour = CARD_FACE, ink: Colour = CARD_INK, body: str = "",
               body_rect: pygame.Rect | None = None, frame: bool = True) -> None:
    """A face-up card: bold title (2 lines at most), short lines, then as much of ``body`` as fits."""
    if frame:
        _frame(surf, r, face, _shade(face, 0.55), 2, radius=5)
    dim = _shade(ink, 1.6) if sum(ink) < 300 else _shade(ink, 0.8)
    y = r.y + sc(4)
    size = sc.f(16)
    for line in _wrap(title, size, r.w - sc(8), 2, bold=True):
        draw_text(surf, line, (r.centerx, y), size, ink, bold=True, anchor="midtop")
        y += font(size, True).get_linesize()
    small = sc.f(14)
    for line in lines:
        draw_text(surf, _fit(line, small, r.w - sc(8)), (r.centerx, y), small, dim, anchor="midtop")
        y += font(small).get_linesize()
    if body:
        bottom = (body_rect or r).bottom - sc(3)
        avail = max(0, (bottom - y) // font(small).get_linesize())
        if avail:
            for line in _wrap(body, small, r.w - sc(8), avail):
                draw_text(surf, line, (r.x + sc(4), y), small, dim)
                y += font(small).get_linesize()


def _draw_back(surf: pygame.Surface, r: pygame.Rect, colour: Colour, mark: str, sc: _Scale) -> None:
    _frame(surf, r, colour, _shade(colour, 1.8), 2, radius=5)
    inner = r.inflate(-sc(10), -sc(10))
    pygame.draw.rect(surf, _shade(colour, 1.35), inner, 1, border_radius=4)
    pygame.draw.line(surf, _shade(colour, 1.35), inner.topleft, inner.bottomright, 1)
    pygame.draw.line(surf, _shade(colour, 1.35), inner.topright, inner.bottomleft, 1)
    if mark:
        draw_text(surf, mark, r.center, sc.f(20), _shade(colour, 2.4), bold=True, anchor="center")


# ======================================================================= Knight
TRACKS = ("movement", "perception", "strength")
TRACK_NAMES = {"movement": "Movement", "perception": "Perception", "strength": "Strength"}
EQUIP = ("map", "bow", "bomb", "shield")
EQUIP_NAMES = {"map": "Ancient Map", "bow": "Bow", "bomb": "Bomb", "shield": "Shield"}
EQUIP_DATA_ID = {"map": "ancient_map", "bow": "bow", "bomb": "bomb", "shield": "shield"}


@dataclass
class _KGeom:
    sc: _Scale
    header: pygame.Rect
    health_sec: pygame.Rect
    health_cells: list[tuple[int, pygame.Rect]]
    grit_sec: pygame.Rect
    grit_cells: list[pygame.Rect]
    track_rows: dict[str, pygame.Rect]
    track_cells: dict[str, list[pygame.Rect]]
    track_value: dict[str, pygame.Rect]
    equip_boxes: dict[str, pygame.Rect]
    equip_slots: dict[str, list[pygame.Rect]]
    bomb_tokens: list[pygame.Rect]
    supply: pygame.Rect
    aside: pygame.Rect
    discarded: pygame.Rect
    crystals: pygame.Rect
    turn: pygame.Rect
    treasure_title: pygame.Rect
    treasure_cards: list[pygame.Rect]
    quest_title: pygame.Rect
    quest_cards: list[pygame.Rect]
    offer_title: pygame.Rect | None
    offer_cards: list[pygame.Rect]
    bottom: int


class _Laid(Protocol):
    bottom: int


G = TypeVar("G", bound=_Laid)
_KGEOM: dict[tuple[Any, ...], _KGeom] = {}


def fit_geometry(cache: dict[Any, G], key: Any, w: int, h: int, build: Callable[[float, int], G],
                 spare: Callable[[G, float, int], int], tries: int = 4, floor: float = 0.5,
                 shrink: float = 0.8) -> G:
    """One board layout per (size, contents), shared by every role's board: start from the
    width's scale, shrink until the layout fits the height, then hand any spare height to
    ``spare(geometry, scale, pixels)`` (taller cards or rows) and build once more."""
    cached = cache.get(key)
    if cached is not None:
        return cached
    s = min(w / BASE_W, 1.35)
    for _ in range(tries):
        g = build(s, 0)
        if g.bottom <= h or s < floor:
            break
        s *= max(shrink, (h - 2) / g.bottom)
    if g.bottom < h:
        extra = spare(g, s, h - g.bottom)
        if extra:
            g = build(s, extra)
    if len(cache) > 64:
        cache.clear()
    cache[key] = g
    return g


def _knight_geom(w: int, h: int, max_health: int, n_treasures: int, n_quests: int, n_offer: int) -> _KGeom:
    def spare(g: _KGeom, s: float, room: int) -> int:     # taller cards that show their text
        rows = len({r.y for r in g.treasure_cards}) + len({r.y for r in g.quest_cards})
        return min(int(70 * s), room // rows) if rows else 0

    return fit_geometry(_KGEOM, (w, h, max_health, n_treasures, n_quests, n_offer), w, h,
                        lambda s, extra: _knight_geom_at(w, max_health, n_treasures, n_quests, n_offer, s, extra), spare)


def _knight_geom_at(w: int, max_health: int, n_treasures: int, n_quests: int, n_offer: int, s: float,
                    extra: int) -> _KGeom:
    sc = _Scale(s)
    P, gap = sc(7), sc(4)
    inner_w = w - 2 * P
    y = 0
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    lab_w = sc(92)
    # Health: spaces max..0
    n = max_health + 1
    row_h = sc(38)
    health_sec = pygame.Rect(P, y, inner_w, row_h)
    cw = min(sc(32), (inner_w - lab_w - sc(6) - (n - 1) * 2) // n)
    x0 = health_sec.x + lab_w
    cy = health_sec.centery - cw // 2
    health_cells = [(max_health - i, pygame.Rect(x0 + i * (cw + 2), cy, cw, cw)) for i in range(n)]
    y = health_sec.bottom + gap
    # Grit: 0..45 in rows of 16
    cols = 16
    gw = (inner_w - lab_w - sc(6)) // cols
    gh = min(gw, sc(22))
    rows = math.ceil(46 / cols)
    grit_sec = pygame.Rect(P, y, inner_w, rows * gh + sc(10))
    grit_cells = [pygame.Rect(grit_sec.x + lab_w + (i % cols) * gw, grit_sec.y + sc(5) + (i // cols) * gh, gw - 1,
                              gh - 1) for i in range(46)]
    y = grit_sec.bottom + gap
    # Stat tracks
    track_rows: dict[str, pygame.Rect] = {}
    track_cells: dict[str, list[pygame.Rect]] = {}
    track_value: dict[str, pygame.Rect] = {}
    th = sc(44)
    val_w = sc(64)
    tcw = min(sc(60), (inner_w - lab_w - val_w - sc(10)) // 4)
    for name in TRACKS:
        row = pygame.Rect(P, y, inner_w, th)
        track_rows[name] = row
        cells = [pygame.Rect(row.x + lab_w + i * (tcw + sc(3)), row.y + sc(4), tcw, th - sc(8)) for i in range(4)]
        track_cells[name] = cells
        track_value[name] = pygame.Rect(row.right - val_w - sc(4), row.y + sc(4), val_w, th - sc(8))
        y = row.bottom + 2
    y += gap
    # Equipment boxes
    eh = sc(80)
    ew = (inner_w - 3 * gap) // 4
    equip_boxes: dict[str, pygame.Rect] = {}
    equip_slots: dict[str, list[pygame.Rect]] = {}
    slot = min(sc(22), (ew - sc(12)) // 3)
    bomb_tokens: list[pygame.Rect] = []
    for i, e in enumerate(EQUIP):
        box = pygame.Rect(P + i * (ew + gap), y, ew, eh)
        equip_boxes[e] = box
        count = 3 if e == "map" else 1
        sx = box.x + sc(5)
        sy = box.bottom - slot - sc(5)
        equip_slots[e] = [pygame.Rect(sx + j * (slot + sc(3)), sy, slot, slot) for j in range(count)]
        if e == "bomb":
            tk = max(6, slot * 2 // 3)
            bomb_tokens = [pygame.Rect(box.right - sc(4) - (3 - j) * (tk + 2), sy + (slot - tk) // 2, tk, tk)
                           for j in range(3)]
    y += eh + gap
    # Hero cubes: supply, set aside, discarded
    ch = sc(48)
    supply = pygame.Rect(P, y, inner_w // 2 - gap // 2, ch)
    qw = (inner_w - supply.w - 2 * gap) // 2
    aside = pygame.Rect(supply.right + gap, y, qw, ch)
    discarded = pygame.Rect(aside.right + gap, y, inner_w - supply.w - qw - 2 * gap, ch)
    y += ch + gap
    # Crystals and this turn
    sh = sc(44)
    crystals = pygame.Rect(P, y, inner_w // 2 - gap // 2, sh)
    turn = pygame.Rect(crystals.right + gap, y, inner_w - crystals.w - gap, sh)
    y += sh + gap
    # Treasures
    title_h = sc(22)
    cw_, chh = sc(96), sc(72) + extra
    treasure_title = pygame.Rect(P, y, inner_w, title_h)
    y += title_h
    treasure_cards = _grid(P, y, inner_w, n_treasures, cw_, chh, gap)
    y += max(_grid_height(inner_w, n_treasures, cw_, chh, gap), sc(4)) + gap
    # Sidequests
    quest_title = pygame.Rect(P, y, inner_w, title_h)
    y += title_h
    qcw, qch = sc(96), sc(50) + extra
    quest_cards = _grid(P, y, inner_w, n_quests, qcw, qch, gap)
    y += max(_grid_height(inner_w, n_quests, qcw, qch, gap), sc(4)) + gap
    offer_title = None
    offer_cards: list[pygame.Rect] = []
    if n_offer:
        offer_title = pygame.Rect(P, y, inner_w, title_h)
        y += title_h
        ocw, och = sc(128), sc(96)
        offer_cards = _grid(P, y, inner_w, n_offer, ocw, och, gap)
        y += _grid_height(inner_w, n_offer, ocw, och, gap) + gap
    return _KGeom(sc, header, health_sec, health_cells, grit_sec, grit_cells, track_rows, track_cells, track_value,
                  equip_boxes, equip_slots, bomb_tokens, supply, aside, discarded, crystals, turn, treasure_title,
                  treasure_cards, quest_title, quest_cards, offer_title, offer_cards, y)


def _knight_background(surf: pygame.Surface, gm: _KGeom, own: bool) -> None:
    rd = _rules()
    kd = rd.knight
    sc = gm.sc
    surf.fill(BOARD_BG["knight"])
    pygame.draw.rect(surf, ROLE_COLOURS["knight"], surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "knight", "your board" if own else "public view", sc)
    lab = sc.f(18)
    small = sc.f(14)
    # Health
    _section(surf, gm.health_sec)
    _icon_heart(surf, pygame.Rect(gm.health_sec.x + sc(5), gm.health_sec.y + sc(6), sc(14), sc(13)), DANGER)
    draw_text(surf, "Health", (gm.health_sec.x + sc(22), gm.health_sec.y + sc(5)), lab, TEXT, bold=True)
    for value, r in gm.health_cells:
        _frame(surf, r, (80, 40, 40) if value else (40, 30, 30), (150, 80, 70), 1, radius=r.w // 2)
        draw_text(surf, str(value), r.center, small, TEXT_DIM, anchor="center")
    # Grit
    _section(surf, gm.grit_sec)
    draw_text(surf, "Grit", (gm.grit_sec.x + sc(6), gm.grit_sec.y + sc(5)), lab, TEXT, bold=True)
    tiny = max(11, sc.f(13))
    white = set(kd.cube_grit_spaces)
    for i, r in enumerate(gm.grit_cells):
        if i in white:
            pygame.draw.rect(surf, WHITE_SPACE, r, border_radius=2)
            pygame.draw.rect(surf, (120, 116, 108), r, 1, border_radius=2)
            draw_text(surf, str(i), (r.right - 1, r.bottom), tiny - 2 if tiny > 12 else tiny, (90, 86, 80),
                      anchor="bottomright")
        else:
            pygame.draw.rect(surf, CELL if i % 5 else _shade(CELL, 1.25), r, border_radius=2)
            draw_text(surf, str(i), r.center, tiny, _shade(TEXT_DIM, 0.85), anchor="center")
    # Tracks
    for name in TRACKS:
        row = gm.track_rows[name]
        _section(surf, row)
        draw_text(surf, TRACK_NAMES[name], (row.x + sc(6), row.centery), lab, TEXT, bold=True, anchor="midleft")
        values = getattr(kd, f"{name}_track")
        cells = gm.track_cells[name]
        for i, r in enumerate(cells):
            if i == 0:
                _frame(surf, r, _shade(ROLE_COLOURS["knight"], 0.7), ROLE_COLOURS["knight"], 1)
                icon = pygame.Rect(r.x + sc(3), r.y + sc(3), r.h - sc(6), r.h - sc(6))
                ICONS[name](surf, icon, (210, 170, 110))
                draw_text(surf, str(values[0]), (r.right - sc(4), r.centery), sc.f(20), TEXT, bold=True,
                          anchor="midright")
            else:
                _frame(surf, r, CELL, CELL_EDGE, 1)
                draw_text(surf, str(values[i]), (r.x + sc(4), r.y + sc(2)), small, TEXT_DIM)
                _empty_slot(surf, _cube_rect(r.move(sc(5), sc(2)), 0.5))
            if i < len(cells) - 1:
                a = (r.right, r.centery)
                pygame.draw.line(surf, CELL_EDGE, a, (a[0] + sc(3), a[1]), 1)
        vr = gm.track_value[name]
        _frame(surf, vr, (30, 26, 22), ROLE_COLOURS["knight"], 1)
    # Equipment
    for e in EQUIP:
        box = gm.equip_boxes[e]
        _section(surf, box)
        isz = sc(26)
        ICONS[e](surf, pygame.Rect(box.x + sc(4), box.y + sc(4), isz, isz), (200, 200, 210))
        name = EQUIP_NAMES[e]
        size = sc.f(15)
        lines = _wrap(name, size, box.w - isz - sc(10), 2, bold=True)
        ty = box.y + sc(4)
        for line in lines:
            draw_text(surf, line, (box.x + isz + sc(7), ty), size, TEXT, bold=True)
            ty += font(size, True).get_linesize()
        for r in gm.equip_slots[e]:
            _empty_slot(surf, r)
    # Hero cube boxes
    for r, title in ((gm.supply, "Unplaced Hero cubes"), (gm.aside, "Set aside"), (gm.discarded, "Discarded")):
        _section(surf, r)
        draw_text(surf, _fit(title, small, r.w - sc(8)), (r.x + sc(5), r.y + sc(3)), small, TEXT_DIM)
    _section(surf, gm.crystals)
    draw_text(surf, "Smashed Crystals", (gm.crystals.x + sc(5), gm.crystals.y + sc(3)), small, TEXT_DIM)
    _section(surf, gm.turn)
    draw_text(surf, "This turn", (gm.turn.x + sc(5), gm.turn.y + sc(3)), small, TEXT_DIM)


def _knight_board(surf: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str,
                  out: BoardLayout, art: Any) -> None:
    kb = view.boards.knight
    assert kb is not None
    kd = _rules().knight
    own = view.viewer == role
    face_up: list[str] = list(kb.face_up)
    facedown: list[str] = list(kb.facedown or ()) if own else []
    n_facedown = len(facedown) if own else int(kb.facedown_count)
    quests: list[str] = list(kb.sidequests or ()) if own else []
    n_quests = len(quests) if own else int(kb.sidequest_count)
    shown = set(face_up) | set(facedown) | set(quests)
    offered = _offered_cards(view, role, shown)
    max_health = int(kb.max_health)
    gm = _knight_geom(rect.w, rect.h, max_health, len(face_up) + n_facedown, n_quests, len(offered))
    sc = gm.sc
    bg = _background(("knight", rect.w, rect.h, max_health, len(face_up) + n_facedown, n_quests, len(offered), own),
                     rect.size, lambda s: _knight_background(s, gm, own))
    surf.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    lab = sc.f(18)
    small = sc.f(14)
    big = sc.f(28)
    # ---- Health
    health = int(kb.health)
    for value, r in gm.health_cells:
        if value == health:
            rr = at(r)
            pygame.draw.circle(surf, DANGER, rr.center, rr.w // 2)
            pygame.draw.circle(surf, TEXT, rr.center, rr.w // 2, 2)
            draw_text(surf, str(value), rr.center, sc.f(18), TEXT, bold=True, anchor="center")
    hs = at(gm.health_sec)
    draw_text(surf, f"{health} / {max_health}", (hs.x + sc(22), hs.bottom - sc(3)), small,
              DANGER if health <= 2 else TEXT_DIM, anchor="bottomleft")
    out.tip(view, "info:knight.health", hs)
    # ---- Grit
    grit = int(kb.grit)
    spaces = set(kb.grit_spaces)
    for i, r in enumerate(gm.grit_cells):
        rr = at(r)
        if i in spaces:
            _cube(surf, _cube_rect(rr, 0.7))
        if i == grit:
            pygame.draw.rect(surf, ROLE_COLOURS["knight"], rr.inflate(2, 2), border_radius=3)
            pygame.draw.rect(surf, TEXT, rr.inflate(2, 2), 2, border_radius=3)
            draw_text(surf, str(i), rr.center, sc.f(14), (20, 16, 10), bold=True, anchor="center")
    gs = at(gm.grit_sec)
    draw_text(surf, str(grit), (gs.x + sc(6), gs.y + sc(5) + font(lab, True).get_linesize()), sc.f(24),
              ROLE_COLOURS["knight"], bold=True)
    out.tip(view, "info:knight.grit", gs)
    # ---- Tracks
    track = kb.track
    for name in TRACKS:
        values = getattr(kd, f"{name}_track")
        n = int(track.get(name, 0))
        cells = [at(r) for r in gm.track_cells[name]]
        for i in range(1, 4):
            if i <= n:
                _cube(surf, _cube_rect(cells[i].move(sc(5), sc(2)), 0.56))
        cur_cell = cells[n]
        pygame.draw.rect(surf, TEXT, cur_cell, 2, border_radius=4)
        current = kb.stat(name)
        bonus = current - values[n]
        vr = at(gm.track_value[name])
        draw_text(surf, str(current), (vr.centerx - (sc(8) if bonus else 0), vr.centery), big, TEXT, bold=True,
                  anchor="center")
        if bonus:
            draw_text(surf, f"+{bonus}" if bonus > 0 else str(bonus), (vr.right - sc(3), vr.y + sc(2)), small,
                      OK_GREEN, bold=True, anchor="topright")
        region = at(gm.track_rows[name])
        out.tip(view, f"slot:knight.{name}", region)
    # ---- Equipment
    equip = kb.equip
    for e in EQUIP:
        n = int(equip.get(e, 0))
        slots = [at(r) for r in gm.equip_slots[e]]
        for i, r in enumerate(slots):
            if i < n:
                _cube(surf, r.inflate(2, 2))
        box = at(gm.equip_boxes[e])
        if e == "bomb":
            left = int(kb.bombs_left)
            for i, r in enumerate(gm.bomb_tokens):
                rr = at(r)
                if i < left:
                    pygame.draw.circle(surf, (24, 24, 28), rr.center, rr.w // 2)
                    pygame.draw.circle(surf, (150, 150, 160), rr.center, rr.w // 2, 1)
                else:
                    pygame.draw.circle(surf, (70, 64, 58), rr.center, rr.w // 2, 1)
        if n and e != "bomb":
            draw_text(surf, "on", (box.right - sc(4), box.bottom - sc(4)), small, OK_GREEN, bold=True,
                      anchor="bottomright")
        out.tip(view, f"slot:knight.{e}", box)
    # ---- Hero cubes
    free = int(kb.cubes_free)
    sup = at(gm.supply)
    cs = min(sc(20), sup.h - sc(22))
    x = sup.x + sc(6)
    for _ in range(min(free, 7)):
        _cube(surf, pygame.Rect(x, sup.bottom - cs - sc(5), cs, cs))
        x += cs + sc(4)
    if free == 0:
        draw_text(surf, "none", (sup.x + sc(6), sup.bottom - sc(5)), small, TEXT_DIM, anchor="bottomleft")
    total = free + sum(track.values()) + sum(equip.values()) + sum(kb.treasure_cubes.values()) \
        + int(kb.set_aside)
    draw_text(surf, f"{total} of {kd.total_cubes} in play", (sup.right - sc(5), sup.bottom - sc(5)), small, TEXT_DIM,
              anchor="bottomright")
    out.tip(view, "drag:knight.cubes", sup)
    out.tip(view, "slot:knight.free", sup)
    aside_n = int(kb.set_aside)
    disc_n = int(kb.discarded)
    for r, n in ((at(gm.aside), aside_n), (at(gm.discarded), disc_n)):
        cs2 = min(cs, sc(16))
        x = r.x + sc(6)
        for _ in range(min(n, 4)):
            _cube(surf, pygame.Rect(x, r.bottom - cs2 - sc(6), cs2, cs2))
            x += cs2 + sc(3)
        draw_text(surf, str(n), (r.right - sc(5), r.bottom - sc(4)), sc.f(20), TEXT if n else TEXT_DIM, bold=True,
                  anchor="bottomright")
    out.tip(view, "slot:knight.aside", at(gm.aside))
    out.tip(view, "info:knight.discarded", at(gm.discarded))
    # ---- Crystals / this turn
    smashed, needed = int(kb.smashed), int(kb.crystals_needed)
    cr = at(gm.crystals)
    isz = min(sc(18), (cr.w - sc(60)) // max(1, needed))
    for i in range(needed):
        r = pygame.Rect(cr.x + sc(6) + i * (isz + 2), cr.bottom - isz - sc(5), isz, isz)
        if i < smashed:
            _token(surf, art, "crystal", r, _icon_crystal)
        else:
            _icon_crystal(surf, r, TOKEN_COLOURS["crystal"], filled=False)
    draw_text(surf, f"{smashed}/{needed}", (cr.right - sc(5), cr.bottom - sc(4)), sc.f(20), TEXT, bold=True,
              anchor="bottomright")
    out.tip(view, "info:knight.crystals", cr)
    tr = at(gm.turn)
    moved, mv = int(kb.moved), int(kb.movement)
    enc, per = int(kb.encounters_used), int(kb.perception)
    active = view.active == "knight"
    line = f"Moved {moved}/{mv} · Encounters {enc}/{per}" if active else "Not her turn"
    draw_text(surf, _fit(line, sc.f(16), tr.w - sc(10)), (tr.x + sc(6), tr.bottom - sc(5)), sc.f(16),
              TEXT if active else TEXT_DIM, anchor="bottomleft")
    out.tip(view, "info:knight.turn", tr)
    # ---- Treasures
    tcubes = kb.treasure_cubes
    tt = at(gm.treasure_title)
    if face_up or n_facedown:
        head = f"Treasure cards: {len(face_up)} face up"
        head += f", {n_facedown} facedown" if n_facedown else ""
    else:
        head = "Treasure cards: none"
    draw_text(surf, head, (tt.x, tt.centery), lab, TEXT, bold=True, anchor="midleft")
    from ..engine.roles.knight.board import NO_CUBE_TREASURES, base_id

    cards = [at(r) for r in gm.treasure_cards]
    for i, r in enumerate(cards):
        if i < len(face_up):
            cid, up = face_up[i], True
        elif own and i - len(face_up) < len(facedown):
            cid, up = facedown[i - len(face_up)], False
        else:
            _draw_back(surf, r, CARD_BACK, "?", sc)
            out.tip(view, f"info:knight.facedown.{i - len(face_up)}", r)
            continue
        c = _card(cid)
        name = _card_name(cid)
        text = _one_line(str(c.text)) if c is not None else ""
        ncubes = int(tcubes.get(cid, 0))
        has_slot = base_id(cid) not in NO_CUBE_TREASURES
        slot_side = min(sc(22), r.h // 3)
        text_box = r.inflate(0, -(slot_side + sc(8))).move(0, -(slot_side + sc(8)) // 2) if has_slot else r
        if up:
            _draw_card(surf, r, name, [], sc, body=text, body_rect=text_box)
        else:               # only the owner sees this: her card, still facedown to the others
            _frame(surf, r, CARD_BACK, (150, 110, 80), 2, radius=5)
            pygame.draw.rect(surf, (120, 90, 60), r.inflate(-sc(6), -sc(6)), 1, border_radius=4)
            _draw_card(surf, r, name, ["facedown"], sc, face=CARD_BACK, ink=(236, 214, 180), body=text,
                       body_rect=text_box, frame=False)
        out.tip(view, f"card:{cid}", r)
        if has_slot:
            sr = pygame.Rect(r.right - slot_side - sc(5), r.bottom - slot_side - sc(5), slot_side, slot_side)
            if ncubes:
                _cube(surf, sr.inflate(2, 2))
            else:
                _empty_slot(surf, sr, (150, 120, 80))
            strip = pygame.Rect(r.x, r.bottom - slot_side - sc(10), r.w, slot_side + sc(10))
            out.tip(view, f"slot:knight.treasure:{cid}", strip)
    # ---- Sidequests
    qt = at(gm.quest_title)
    deck = int(kb.sidequest_deck)
    if own:
        head = f"Sidequests ({len(quests)} in hand)"
    else:
        head = f"{n_quests} Sidequests" if n_quests != 1 else "1 Sidequest"
    draw_text(surf, head, (qt.x, qt.centery), lab, TEXT, bold=True, anchor="midleft")
    draw_text(surf, f"deck {deck}", (qt.right, qt.centery), small, TEXT_DIM, anchor="midright")
    for i, r in enumerate(at(q) for q in gm.quest_cards):
        if own and i < len(quests):
            cid = quests[i]
            c = _card(cid)
            grit_v = int(getattr(c, "grit", 0)) if c is not None else 0
            name = _card_name(cid)
            _draw_card(surf, r, name, [f"+{grit_v} Grit"], sc, face=(214, 200, 170),
                       body=_one_line(str(c.text)) if c is not None else "")
            out.tip(view, f"card:{cid}", r)
        else:
            _draw_back(surf, r, (60, 52, 70), "S", sc)
            out.tip(view, f"info:knight.sidequest.{i}", r)
    # ---- Offered cards (the pending decision's)
    if gm.offer_title is not None:
        ot = at(gm.offer_title)
        d = view.decision
        title = OFFER_TITLES.get(d.kind if d else "", "Choose a card")
        draw_text(surf, _fit(title, lab, ot.w, bold=True), (ot.x, ot.centery), lab, HIGHLIGHT, bold=True,
                  anchor="midleft")
        for cid, r in zip(offered, (at(o) for o in gm.offer_cards), strict=False):
            c = _card(cid)
            _draw_card(surf, r, _card_name(cid), [], sc, body=_one_line(str(c.text)) if c else "")
            out.tip(view, f"card:{cid}", r)


# ========================================================================= Cave
@dataclass
class _CGeom:
    sc: _Scale
    header: pygame.Rect
    phase: pygame.Rect
    phase_steps: list[pygame.Rect]
    tokens_sec: pygame.Rect
    token_chips: list[pygame.Rect]
    omen_title: pygame.Rect
    omen_rows: list[pygame.Rect]
    supply: pygame.Rect
    hatred: pygame.Rect
    hand_title: pygame.Rect
    hand_tiles: list[pygame.Rect]
    events_title: pygame.Rect | None
    events_rows: list[pygame.Rect]
    offer_title: pygame.Rect | None
    offer_cards: list[pygame.Rect]
    decks: pygame.Rect
    bottom: int


_CGEOM: dict[tuple[Any, ...], _CGeom] = {}


def _cave_geom(w: int, h: int, n_hand: int, n_events: int, n_offer: int) -> _CGeom:
    g = fit_geometry(_CGEOM, (w, h, n_hand, n_events, n_offer), w, h,
                     lambda s, extra: _cave_geom_at(w, n_hand, n_events, n_offer, s, extra),
                     lambda g, s, room: min(int(17 * s), room // 6))   # taller omen rows
    if g.bottom > h and n_offer and n_events:
        # a card choice on a short board: the offered cards (to click now) take the place of the top
        # Event cards, which come back once the choice is made
        g = _cave_geom(w, h, n_hand, 0, n_offer)
    return g


def _cave_geom_at(w: int, n_hand: int, n_events: int, n_offer: int, s: float, extra: int) -> _CGeom:
    sc = _Scale(s)
    P, gap = sc(7), sc(4)
    inner_w = w - 2 * P
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    phase = pygame.Rect(P, y, inner_w, sc(48))
    sw = (inner_w - sc(10) - 2 * gap) // 3
    phase_steps = [pygame.Rect(phase.x + sc(5) + i * (sw + gap), phase.y + sc(20), sw, sc(24)) for i in range(3)]
    y = phase.bottom + gap
    title_h = sc(22)
    tokens_sec = pygame.Rect(P, y, inner_w, title_h + sc(44))
    cw = (inner_w - sc(10)) // 6
    token_chips = [pygame.Rect(tokens_sec.x + sc(5) + i * cw, tokens_sec.y + title_h, cw - sc(4), sc(40))
                   for i in range(6)]
    y = tokens_sec.bottom + gap
    omen_title = pygame.Rect(P, y, inner_w, title_h)
    y += title_h
    oh = sc(48) + extra
    omen_rows = []
    for _ in range(6):
        omen_rows.append(pygame.Rect(P, y, inner_w, oh))
        y += oh + 2
    y += gap
    sh = sc(44)
    supply = pygame.Rect(P, y, inner_w * 3 // 5, sh)
    hatred = pygame.Rect(supply.right + gap, y, inner_w - supply.w - gap, sh)
    y += sh + gap
    hand_title = pygame.Rect(P, y, inner_w, title_h)
    y += title_h
    tsz = min(sc(78), (inner_w - 2 * gap) // 3)
    n_slots = max(1, n_hand)
    hand_tiles = [pygame.Rect(P + i * (tsz + sc(12)), y, tsz, tsz) for i in range(n_slots)]
    y += tsz + sc(20) + gap
    events_title = None
    events_rows: list[pygame.Rect] = []
    if n_events:
        events_title = pygame.Rect(P, y, inner_w, title_h)
        y += title_h
        eh = sc(22)
        for _ in range(n_events):
            events_rows.append(pygame.Rect(P, y, inner_w, eh))
            y += eh + 2
        y += gap
    offer_title = None
    offer_cards: list[pygame.Rect] = []
    if n_offer:
        offer_title = pygame.Rect(P, y, inner_w, title_h)
        y += title_h
        ocw, och = sc(128), sc(96)
        offer_cards = _grid(P, y, inner_w, n_offer, ocw, och, gap)
        y += _grid_height(inner_w, n_offer, ocw, och, gap) + gap
    decks = pygame.Rect(P, y, inner_w, sc(22))
    y = decks.bottom + gap
    return _CGeom(sc, header, phase, phase_steps, tokens_sec, token_chips, omen_title, omen_rows, supply, hatred,
                  hand_title, hand_tiles, events_title, events_rows, offer_title, offer_cards, decks, y)


def _cave_background(surf: pygame.Surface, gm: _CGeom, own: bool) -> None:
    rd = _rules()
    sc = gm.sc
    surf.fill(BOARD_BG["cave"])
    pygame.draw.rect(surf, ROLE_COLOURS["cave"], surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "cave", "your board" if own else "public view", sc)
    lab = sc.f(18)
    small = sc.f(14)
    _section(surf, gm.phase, SECTION_CAVE)
    draw_text(surf, "Turn phases", (gm.phase.x + sc(6), gm.phase.y + sc(3)), small, TEXT_DIM)
    for i, r in enumerate(gm.phase_steps):
        _frame(surf, r, (44, 32, 48), PANEL_EDGE, 1)
        draw_text(surf, _fit(f"{i + 1} {PHASES[i]}", sc.f(15), r.w - sc(6)), r.center, sc.f(15), TEXT_DIM,
                  anchor="center")
    _section(surf, gm.tokens_sec, SECTION_CAVE)
    draw_text(surf, "Omen tokens", (gm.tokens_sec.x + sc(6), gm.tokens_sec.y + sc(3)), lab, TEXT, bold=True)
    for sym, r in zip(rd.omen_symbols, gm.token_chips, strict=False):
        d = min(r.h - sc(4), sc(30))
        _omen_glyph(surf, sym, pygame.Rect(r.x, r.centery - d // 2, d, d))
        draw_text(surf, OMEN_LETTERS.get(sym, sym[:2].title()), (r.x + d + sc(3), r.y + sc(2)), small, TEXT_DIM)
    draw_text(surf, "Omens (cost · paid with)", (gm.omen_title.x, gm.omen_title.centery), lab, TEXT, bold=True,
              anchor="midleft")
    for omen, r in zip(rd.omens, gm.omen_rows, strict=False):
        _section(surf, r, SECTION_CAVE)
        size = sc.f(17)
        draw_text(surf, omen.name, (r.x + sc(6), r.y + sc(4)), size, TEXT, bold=True)
        d = sc(18)
        x = r.right - sc(6) - 3 * (d + sc(3))
        for sym in omen.accepts:
            _omen_glyph(surf, sym, pygame.Rect(x, r.y + sc(4), d, d))
            x += d + sc(3)
        ls = font(small).get_linesize()
        ty = r.y + sc(4) + max(font(size, True).get_linesize(), d) + sc(2)
        n_lines = max(1, (r.bottom - sc(3) - ty) // ls)
        for line in _wrap(_one_line(omen.text), small, r.w - sc(12), n_lines):
            draw_text(surf, line, (r.x + sc(6), ty), small, TEXT_DIM)
            ty += ls
    for r in (gm.supply, gm.hatred):
        _section(surf, r, SECTION_CAVE)
    draw_text(surf, "Treasure tokens left", (gm.supply.x + sc(5), gm.supply.y + sc(3)), small, TEXT_DIM)
    draw_text(surf, "Hatred tokens", (gm.hatred.x + sc(5), gm.hatred.y + sc(3)), small, TEXT_DIM)


def _tile_art(art: Any) -> Any:
    if art is not None:
        return art
    try:
        from .tile_art import TileArt
    except Exception:   # the tile art module is optional for the boards
        return None
    global _DEFAULT_ART
    if _DEFAULT_ART is None:
        try:
            _DEFAULT_ART = TileArt()
        except Exception:
            return None
    return _DEFAULT_ART


_DEFAULT_ART: Any = None


def _token(surf: pygame.Surface, art: Any, kind: str, r: pygame.Rect,
           fallback: Callable[[pygame.Surface, pygame.Rect, Colour], None]) -> None:
    """A token as the map draws it (TileArt) when available, else the board's own small glyph."""
    ta = _tile_art(art)
    if ta is not None:
        try:
            surf.blit(ta.token(kind, r.w), r.topleft)
            return
        except Exception:   # an unknown kind or an art error must not break the board
            pass
    fallback(surf, r, TOKEN_COLOURS.get(kind, DANGER))


def _draw_hand_tile(surf: pygame.Surface, r: pygame.Rect, tile_id: str, known_type: str | None, art: Any,
                    sc: _Scale) -> None:
    rd = _rules()
    info = rd.tile(tile_id)
    drawn = False
    ta = _tile_art(art)
    if ta is not None:
        try:
            tile_surf = ta.dark_tile(info.tribe, r.w, None if known_type == "plain" else known_type)
            if tile_surf is not None:
                surf.blit(tile_surf, r.topleft)
                drawn = True
        except Exception:
            drawn = False
    if not drawn:
        pygame.draw.rect(surf, (28, 40, 78), r, border_radius=4)
        pygame.draw.rect(surf, (60, 80, 140), r, 2, border_radius=4)
        g = r.inflate(-r.w // 2, -r.h // 2).move(0, -r.h // 10)
        _tribe_glyph(surf, info.tribe, g)
        draw_text(surf, TRIBE_LETTERS.get(info.tribe or "", "?"), (r.x + sc(4), r.y + sc(3)), sc.f(15),
                  TRIBE_COLOURS.get(info.tribe or "", TEXT), bold=True)
    # the Lit side (walls, type) as a small inset at the top-right: the Cave may look (GEN-03)
    wd = max(10, r.w * 2 // 5)
    inset = pygame.Rect(r.right - wd - 2, r.y + 2, wd, wd)
    lit_drawn = False
    if ta is not None and known_type is not None:
        try:
            surf.blit(ta.lit_tile(known_type, info.walls, wd), inset.topleft)
            pygame.draw.rect(surf, LIT_WALL, inset, 1)
            lit_drawn = True
        except Exception:
            lit_drawn = False
    if not lit_drawn:
        _walls_diagram(surf, inset.inflate(-wd // 3, -wd // 3), info.walls, LIT_WALL)
    # type badge below
    if known_type is not None:
        col = TYPE_COLOURS.get(known_type, (200, 200, 200))
        label = TYPE_LABELS.get(known_type, known_type.title())
        badge = pygame.Rect(r.x, r.bottom + sc(2), r.w, sc(17))
        pygame.draw.rect(surf, _shade(col, 0.45), badge, border_radius=4)
        pygame.draw.rect(surf, col, badge, 1, border_radius=4)
        draw_text(surf, _fit(label, sc.f(15), badge.w - 4, True), badge.center, sc.f(15), TEXT, bold=True,
                  anchor="center")


def _cave_board(surf: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                art: Any) -> None:
    cb = view.boards.cave
    assert cb is not None
    rd = _rules()
    own = view.viewer == role
    hand: list[str] = list(cb.hand or ()) if own else []
    hand_types: list[str] = list(cb.hand_types or ()) if own else []
    n_hand = len(hand) if own else int(cb.hand_count)
    events: list[str] = list(cb.event_top3 or ()) if own else []
    offered = _offered_cards(view, role, set())
    gm = _cave_geom(rect.w, rect.h, n_hand, len(events), len(offered))
    sc = gm.sc
    bg = _background(("cave", rect.w, rect.h, n_hand, len(events), len(offered), own), rect.size,
                     lambda s: _cave_background(s, gm, own))
    surf.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    lab = sc.f(18)
    small = sc.f(14)
    # ---- phase
    phase = int(cb.phase)
    active = view.active == "cave"
    for i, r in enumerate(gm.phase_steps):
        rr = at(r)
        if active and phase == i + 1:
            _frame(surf, rr, _shade(ROLE_COLOURS["cave"], 0.8), HIGHLIGHT, 2)
            draw_text(surf, _fit(f"{i + 1} {PHASES[i]}", sc.f(15), rr.w - sc(6)), rr.center, sc.f(15), TEXT,
                      bold=True, anchor="center")
        elif active and phase > i + 1:
            pygame.draw.line(surf, OK_GREEN, (rr.x + sc(4), rr.bottom - sc(4)), (rr.right - sc(4), rr.bottom - sc(4)),
                             2)
    ph = at(gm.phase)
    status = ("Omens or end the turn" if phase >= 4 else f"Phase {phase}") if active else "Not the Cave's turn"
    draw_text(surf, status, (ph.right - sc(6), ph.y + sc(3)), small, HIGHLIGHT if active else TEXT_DIM,
              anchor="topright")
    out.tip(view, "info:cave.phase", ph)
    # ---- omen tokens
    omens = cb.omens
    for sym, r in zip(rd.omen_symbols, gm.token_chips, strict=False):
        rr = at(r)
        n = int(omens.get(sym, 0))
        draw_text(surf, f"×{n}", (rr.right - sc(2), rr.bottom - sc(2)), sc.f(22), TEXT if n else TEXT_DIM,
                  bold=True, anchor="bottomright")
        out.tip(view, f"info:cave.token.{sym}", rr)
    total_tokens = sum(int(v) for v in omens.values())
    tsec = at(gm.tokens_sec)
    draw_text(surf, f"{total_tokens} held", (tsec.right - sc(6), tsec.y + sc(4)), small, TEXT_DIM, anchor="topright")
    out.tip(view, "slot:cave.omens", tsec)   # (the Goblins' Hex aims here)
    # ---- omens
    uses = cb.omen_uses
    for omen, r in zip(rd.omens, gm.omen_rows, strict=False):
        rr = at(r)
        used = int(uses.get(omen.id, 0)) if active else 0     # uses count within the Cave's own turn
        cost = int(cb.omen_costs.get(omen.id, omen.cost(used + 1)))    # the engine's (CV-18)
        have = sum(int(omens.get(sym, 0)) for sym in omen.accepts)
        name_w = font(sc.f(17), True).size(omen.name)[0]
        x = rr.x + sc(6) + name_w + sc(10)
        size = sc.f(17)
        draw_text(surf, "cost", (x, rr.y + sc(5)), small, TEXT_DIM)
        x += font(small).size("cost")[0] + sc(6)
        for i, c in enumerate(omen.costs):
            current = len(omen.costs) == 1 or i == min(used, len(omen.costs) - 1)
            surf_txt = str(c)
            w_ = font(size, True).size(surf_txt)[0]
            box = pygame.Rect(x - 2, rr.y + sc(3), w_ + 5, font(size, True).get_linesize() + 2)
            if current:
                ok = have >= cost
                pygame.draw.rect(surf, (60, 90, 60) if ok else (90, 50, 50), box, border_radius=3)
                pygame.draw.rect(surf, OK_GREEN if ok else DANGER, box, 1, border_radius=3)
            draw_text(surf, surf_txt, (x, rr.y + sc(4)), size, TEXT if current else TEXT_DIM, bold=current)
            x += w_ + sc(8)
        out.tip(view, f"slot:cave.omen.{omen.id}", rr)
    # ---- supply & hatred
    sup = at(gm.supply)
    left = int(cb.treasure_supply)
    csz = sc(20)
    x = sup.x + sc(6)
    for _i in range(min(left, 12)):
        if x + csz > sup.right - sc(30):
            break
        _token(surf, art, "treasure", pygame.Rect(x, sup.bottom - csz - sc(4), csz, csz), _icon_coin)
        x += csz * 3 // 4
    draw_text(surf, str(left), (sup.right - sc(6), sup.bottom - sc(4)), sc.f(22), TEXT, bold=True,
              anchor="bottomright")
    out.tip(view, "info:cave.treasure_supply", sup)
    hat = at(gm.hatred)
    hn = int(cb.hatred_tokens)
    for i in range(min(hn, 5)):
        _token(surf, art, "hatred", pygame.Rect(hat.x + sc(6) + i * (csz + 2), hat.bottom - csz - sc(4), csz, csz),
               _icon_hatred)
    draw_text(surf, str(hn), (hat.right - sc(6), hat.bottom - sc(4)), sc.f(22), TEXT if hn else TEXT_DIM, bold=True,
              anchor="bottomright")
    out.tip(view, "info:cave.hatred", hat)
    # ---- hand
    ht = at(gm.hand_title)
    draw_text(surf, "Tile hand" if own else f"Cave hand: {n_hand} tiles", (ht.x, ht.centery), lab, TEXT, bold=True,
              anchor="midleft")
    if own:
        draw_text(surf, "drag a tile onto the map", (ht.right, ht.centery), small, TEXT_DIM, anchor="midright")
    tiles = [at(r) for r in gm.hand_tiles]
    if n_hand == 0:
        draw_text(surf, "no tiles", tiles[0].center, small, TEXT_DIM, anchor="center")
    for i, r in enumerate(tiles[:n_hand]):
        if own and i < len(hand):
            tid = hand[i]
            ttype = hand_types[i] if i < len(hand_types) else None
            if ttype == "entrance" and view.entrance_piece is not None:
                ttype = "plain"          # VAR-05: with Moving Entrance the Entrance tile is a normal Cave tile
            _draw_hand_tile(surf, r, tid, ttype, art, sc)
            out.tip(view, f"hand_tile:{tid}", r)
            out.tip(view, f"drag:hand:{tid}", r)
        else:
            _draw_back(surf, r, (28, 40, 78), "", sc)
            draw_text(surf, "C", r.center, sc.f(26), ROLE_COLOURS["cave"], bold=True, anchor="center")
            out.tip(view, f"info:cave.hand.{i}", r)
    # ---- top Event cards (owner)
    if gm.events_title is not None:
        et = at(gm.events_title)
        draw_text(surf, "Top of the Event deck", (et.x, et.centery), lab, TEXT, bold=True, anchor="midleft")
        for i, (cid, r) in enumerate(zip(events, (at(e) for e in gm.events_rows), strict=False)):
            c = _card(cid)
            name = _card_name(cid)
            pygame.draw.rect(surf, (60, 40, 70), r, border_radius=4)
            draw_text(surf, f"{i + 1}. {name}", (r.x + sc(6), r.centery), sc.f(16), TEXT, anchor="midleft")
            out.tip(view, f"info:cave.event.{i}", r)
    # ---- offered cards
    if gm.offer_title is not None:
        ot = at(gm.offer_title)
        d = view.decision
        draw_text(surf, _fit(OFFER_TITLES.get(d.kind if d else "", "Choose a card"), lab, ot.w, bold=True),
                  (ot.x, ot.centery), lab, HIGHLIGHT, bold=True, anchor="midleft")
        for cid, r in zip(offered, (at(o) for o in gm.offer_cards), strict=False):
            c = _card(cid)
            _draw_card(surf, r, _card_name(cid), [], sc, body=_one_line(str(c.text)) if c else "")
            out.tip(view, f"card:{cid}", r)
    # ---- decks
    dk = view.boards.decks
    dr = at(gm.decks)
    line = (f"Event deck {dk.events} · Treasure deck {dk.treasures} · "
            f"Omen bag {dk.omen_bag}")
    draw_text(surf, _fit(line, small, dr.w), (dr.x, dr.centery), small, TEXT_DIM, anchor="midleft")
    out.tip(view, "info:cave.decks", dr)


# ======================================================================== entry
def clear_caches() -> None:
    """Forget cached backgrounds, layouts and glows (after a display change or pygame.quit)."""
    global _DEFAULT_ART
    _BG.clear()
    _GLOW.clear()
    _KGEOM.clear()
    _CGEOM.clear()
    _DEFAULT_ART = None
    _fit.cache_clear()
    _wrap.cache_clear()


def draw_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str,
               highlights: Iterable[str] = frozenset(), hover: str | None = None, art: Any = None) -> BoardLayout:
    """Draw ``role``'s board into ``rect`` as ``view.viewer`` may see it; return its regions and tooltips."""
    rect = pygame.Rect(rect)
    out = BoardLayout()
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    try:
        if role == "knight" and view.boards.knight is not None:
            _knight_board(surface, rect, view, role, out, art)
        elif role == "cave" and view.boards.cave is not None:
            _cave_board(surface, rect, view, role, out, art)
        elif role == "goblins" and view.boards.goblins is not None:
            from .board_goblins import draw_goblins_board  # (it imports this module's helpers)
            draw_goblins_board(surface, rect, view, role, out, art)
        elif role == "dragon" and view.boards.dragon is not None:
            from .board_dragon import draw_dragon_board  # (it imports this module's helpers)
            draw_dragon_board(surface, rect, view, role, out, art)
        elif role == "thief" and view.boards.thief is not None:
            from .board_thief import draw_thief_board  # (it imports this module's helpers)
            draw_thief_board(surface, rect, view, role, out, art)
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
    return out


def draw_board_tabs(surface: pygame.Surface, rect: pygame.Rect, roles: Sequence[str],
                    active_tab: str) -> dict[str, pygame.Rect]:
    """One tab per role in its colour (letter disc + name); the active tab is raised. Returns role -> Rect."""
    rect = pygame.Rect(rect)
    out: dict[str, pygame.Rect] = {}
    if not roles:
        return out
    gap = 3
    size = max(13, min(20, int(rect.h * 0.55)))
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
        draw_text(surface, ROLE_LETTERS.get(role, "?"), (cx, r.centery), size - 2, (20, 16, 12), bold=True,
                  anchor="center")
        if show_name:
            draw_text(surface, name, (cx + rad + 6, r.centery), size, TEXT if active else TEXT_DIM, bold=active,
                      anchor="midleft")
        out[role] = r
    return out
