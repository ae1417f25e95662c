"""Procedural map art: Cave tiles, tokens, pieces, edge marks, the Dragon die (GUI_SPEC "The table", "Look").

Everything is drawn by the program.  One :class:`TileArt` is shared by the app; every public
method draws its surface once per argument tuple and returns the cached surface afterwards
(converted once with ``convert_alpha()``), so callers may ask for art every frame.

Conventions: directions are ordered N, E, S, W and y grows downward.  Shapes are drawn
supersampled and smooth-scaled down (anti-aliased at every zoom); letters are rendered at the
final size through :mod:`vast_desktop.render.text` (crisp) with a contrasting outline.  Line
widths are proportional to the requested size.  Textures come from ``random.Random(<int>)``
instances seeded from the arguments (``zlib.crc32``), so a tile looks the same in every run.
"""
from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import theme
from .art_cache import ART_CACHE_BYTES, SCALED_CACHE_BYTES, ArtLRU, size_of
from .text import text_surface

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA
Pt = tuple[float, float]

TILE_TYPES = ("entrance", "ambush", "event", "treasure", "crystal", "vault")
PLAIN = "plain"          # a Lit tile with no type emblem: the Entrance tile once it is a normal Cave tile (VAR-05)
TYPE_LETTERS = {"entrance": "E", "ambush": "A", "event": "?", "treasure": "T", "crystal": "C", "vault": "V"}
TRIBES = ("fangs", "bones", "eye")
TRIBE_LETTERS = {"fangs": "F", "bones": "B", "eye": "E"}
TOKEN_KINDS = ("treasure", "crystal", "event", "vault", "ogre", "troll", "hatred",
               "gem_claw", "gem_flame", "gem_wing", "flamewall", "meat")
TOKEN_LETTERS = {"treasure": "T", "crystal": "C", "event": "!", "vault": "V", "ogre": "O", "troll": "Tr",
                 "hatred": "H", "gem_claw": "Gc", "gem_flame": "Gf", "gem_wing": "Gw", "flamewall": "F",
                 "meat": "M"}
PIECE_IDS = ("knight", "dragon", "thief", "ghoul", "vile_ghoul", "tribe:fangs", "tribe:bones", "tribe:eye")
PIECE_LETTERS = {"knight": "K", "dragon": "D", "thief": "T", "ghoul": "H", "vile_ghoul": "V", "tribe:fangs": "F",
                 "tribe:bones": "B",
                 "tribe:eye": "E"}
EDGE_KINDS = ("rockslide", "bomb")
TERRAIN_SPACE_KINDS = ("plain", "impassable", "bridge")
TERRAIN_LABELS = {"canyon": "Canyon", "lake": "Lake", "magma": "Magma", "mushroom_forest": "Forest",
                  "pits": "Pit", "river": "River", "impassable": "Chasm", "bridge": "Bridge"}

INK: RGB = (22, 17, 14)              # outlines and dark letters
PALE: RGB = (248, 244, 232)          # light letters
HATRED_COLOUR: RGB = (196, 38, 58)
WOOD: RGB = (128, 76, 38)
STEEL: RGB = (222, 226, 232)
DIE_BODY: RGB = (150, 20, 34)
BREACH: RGB = (168, 134, 94)         # broken stone showing in a Bomb's breach

WALL_DEPTH = 0.17                    # wall band thickness as a fraction of the tile size
EMBLEM_FRACTION = 0.46               # type emblem size as a fraction of the tile size (0.5 when small)


def _check(kind: str, valid: Iterable[str], what: str) -> None:
    valid = tuple(valid)
    if kind not in valid:
        raise KeyError(f"unknown {what} {kind!r}; valid: {', '.join(valid)}")


def _seed(*parts: object) -> int:
    """A seed that does not depend on Python's per-run string hashing."""
    return zlib.crc32("|".join(str(p) for p in parts).encode("utf-8"))


def _clamp(v: float) -> int:
    return max(0, min(255, int(round(v))))


def _shade(c: Sequence[int], f: float) -> RGB:
    return (_clamp(c[0] * f), _clamp(c[1] * f), _clamp(c[2] * f))


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (_clamp(a[0] + (b[0] - a[0]) * t), _clamp(a[1] + (b[1] - a[1]) * t), _clamp(a[2] + (b[2] - a[2]) * t))


def _luma(c: Sequence[int]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _new(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def _finish(surf: pygame.Surface) -> pygame.Surface:
    """convert_alpha() once, when a display exists (it always does in the app)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def _ss(size: int) -> int:
    """Supersampling factor: small art is drawn 4× larger, big art 2×."""
    return 4 if size < 48 else 3 if size < 96 else 2


@lru_cache(maxsize=64)
def _disc_mask(radius: int) -> pygame.mask.Mask:
    d = _new(2 * radius + 1, 2 * radius + 1)
    pygame.draw.circle(d, (255, 255, 255, 255), (radius, radius), radius + 0.5)
    return pygame.mask.from_surface(d, 1)


def _dilate(layer: pygame.Surface, radius: int, colour: Colour) -> pygame.Surface:
    """The layer's silhouette grown by ``radius`` px, filled with ``colour`` (offset by -radius)."""
    mask = pygame.mask.from_surface(layer, 40)
    grown = mask.convolve(_disc_mask(radius))
    alpha = colour[3] if len(colour) > 3 else 255
    return grown.to_surface(setcolor=(colour[0], colour[1], colour[2], alpha), unsetcolor=(0, 0, 0, 0))


def _blur(surf: pygame.Surface, amount: int) -> pygame.Surface:
    w, h = surf.get_size()
    small = pygame.transform.smoothscale(surf, (max(1, w // amount), max(1, h // amount)))
    return pygame.transform.smoothscale(small, (w, h))


def _min_font(size: float) -> int:
    """Smallest font size for a letter on art ``size`` px across (12 px bold has 7 px capitals)."""
    return 12 if size >= 18 else 10 if size >= 13 else 8


def _draw_letter(dst: pygame.Surface, text: str, centre: Pt, cap: float, colour: RGB,
                 outline: RGB | None = INK, bold: bool = True, min_font: int = 8) -> None:
    """Draw ``text`` centred (on its ink) at ``centre`` with capital height ``cap`` px and an outline."""
    fsize = max(min_font, int(round(cap / 0.5)))
    glyph = text_surface(text, fsize, colour, bold)
    ink = glyph.get_bounding_rect()
    x = int(round(centre[0] - ink.centerx))
    y = int(round(centre[1] - ink.centery))
    if outline is not None:
        dark = text_surface(text, fsize, outline, bold)
        ow = max(1, int(round(cap * 0.13)))
        steps = 8 if ow <= 2 else 16
        for k in range(steps):
            a = 2 * math.pi * k / steps
            dst.blit(dark, (x + round(ow * math.cos(a)), y + round(ow * math.sin(a))))
    dst.blit(glyph, (x, y))


def _quad(p0: Pt, p1: Pt, p2: Pt, n: int = 10) -> list[Pt]:
    """Points on a quadratic Bezier curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _star(n: int, outer: float, inner: float, rot: float = -math.pi / 2) -> list[Pt]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = rot + math.pi * i / n
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def _ngon(n: int, r: float, rot: float = -math.pi / 2, sx: float = 1.0, sy: float = 1.0) -> list[Pt]:
    return [(sx * r * math.cos(rot + 2 * math.pi * i / n), sy * r * math.sin(rot + 2 * math.pi * i / n))
            for i in range(n)]


class _Pen:
    """Draws in unit coordinates: (0, 0) is ``(cx, cy)`` and 1.0 is ``r`` pixels; y grows down."""

    def __init__(self, surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
        self.s, self.cx, self.cy, self.r = surf, cx, cy, r

    def pt(self, x: float, y: float) -> Pt:
        return (self.cx + x * self.r, self.cy + y * self.r)

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.r)))

    def poly(self, pts: Sequence[Pt], colour: Colour) -> None:
        pygame.draw.polygon(self.s, colour, [self.pt(x, y) for x, y in pts])

    def circle(self, x: float, y: float, rad: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.s, colour, self.pt(x, y), rad * self.r, self.px(width) if width else 0)

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, colour: Colour) -> None:
        a, b = self.pt(x0, y0), self.pt(x1, y1)
        pygame.draw.ellipse(self.s, colour, pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1]))

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: Colour, radius: float = 0,
             width: float = 0) -> None:
        a, b = self.pt(x0, y0), self.pt(x1, y1)
        rect = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        pygame.draw.rect(self.s, colour, rect, self.px(width) if width else 0,
                         border_radius=int(radius * self.r) if radius else -1)

    def lines(self, pts: Sequence[Pt], colour: Colour, width: float, closed: bool = False) -> None:
        w = self.px(width)
        p = [self.pt(x, y) for x, y in pts]
        pygame.draw.lines(self.s, colour, closed, p, w)
        if w > 2:
            for q in p if closed else p:
                pygame.draw.circle(self.s, colour, q, w / 2)

    def line(self, a: Pt, b: Pt, colour: Colour, width: float) -> None:
        self.lines([a, b], colour, width)


@dataclass(frozen=True)
class _Letter:
    text: str
    x: float
    y: float
    cap: float
    colour: RGB = PALE
    outline: RGB | None = INK


def _figure(size: int, draw: Callable[[_Pen], _Letter | None], *, scale: float = 0.86,
            outline: float = 0.045, shadow: bool = True, under: Callable[[_Pen], None] | None = None
            ) -> pygame.Surface:
    """A square figure: ``draw`` paints the shapes in unit coordinates (supersampled); the silhouette
    gets a dark outline ``outline``·size thick and a soft drop shadow; the returned letter spec is drawn
    last at the final size.  ``under`` paints un-outlined things behind (glows)."""
    f = _ss(size)
    big = size * f
    layer = _new(big, big)
    pen = _Pen(layer, big / 2, big / 2, big / 2 * scale)
    letter = draw(pen)
    out = _new(big, big)
    if under is not None:
        under(_Pen(out, big / 2, big / 2, big / 2 * scale))
    rad = max(f, int(round(outline * size * f)))
    sil = _dilate(layer, rad, INK)
    if shadow:
        shade = _dilate(layer, rad, (0, 0, 0, 120))
        off = max(1, int(round(0.035 * big)))
        out.blit(_blur(shade, max(2, f * 2)), (-rad + off // 2, -rad + off))
    out.blit(sil, (-rad, -rad))
    out.blit(layer, (0, 0))
    final = pygame.transform.smoothscale(out, (size, size))
    if letter is not None:
        half = size / 2 * scale
        _draw_letter(final, letter.text, (size / 2 + letter.x * half, size / 2 + letter.y * half),
                     letter.cap * half, letter.colour, letter.outline, min_font=_min_font(size))
    return final


def _auto_letter(fill: Sequence[int]) -> tuple[RGB, RGB]:
    """Letter colour and outline that read on ``fill``."""
    return (INK, PALE) if _luma(fill) > 150 else (PALE, INK)


# ---------------------------------------------------------------------------- tile type emblems
def _emblem_entrance(p: _Pen) -> _Letter:
    stone = theme.TYPE_COLOURS["entrance"]
    p.rect(-0.95, 0.72, 0.95, 0.95, _shade(stone, 0.75))            # threshold step
    p.rect(-0.8, -0.2, 0.8, 0.8, stone)
    p.circle(0, -0.2, 0.8, stone)
    for k in range(7):                                                # voussoir joints
        a = math.pi + math.pi * k / 6
        p.line((0.52 * math.cos(a), -0.2 + 0.52 * math.sin(a)), (0.8 * math.cos(a), -0.2 + 0.8 * math.sin(a)),
               _shade(stone, 0.6), 0.05)
    door = (74, 44, 26)
    p.rect(-0.52, -0.2, 0.52, 0.8, door)
    p.circle(0, -0.2, 0.52, door)
    return _Letter("E", 0, 0.2, 0.62, stone, INK)


def _blade(p: _Pen, start: Pt, end: Pt) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    vx, vy = -uy, ux

    def at(t: float, w: float) -> Pt:
        return (start[0] + ux * t + vx * w, start[1] + uy * t + vy * w)

    hilt = theme.TYPE_COLOURS["ambush"]
    p.poly([at(0.42, -0.11), at(n - 0.22, -0.11), at(n, 0), at(n - 0.22, 0.11), at(0.42, 0.11)], STEEL)
    p.line(at(0.5, 0), at(n - 0.15, 0), _shade(STEEL, 0.7), 0.035)
    p.line(at(0.0, 0), at(0.4, 0), (90, 52, 30), 0.14)                 # grip
    p.line(at(0.4, -0.27), at(0.4, 0.27), hilt, 0.13)                  # guard
    p.circle(*at(-0.02, 0), 0.1, hilt)                                 # pommel


def _emblem_ambush(p: _Pen) -> _Letter:
    _blade(p, (-0.78, 0.78), (0.85, -0.85))
    _blade(p, (0.78, 0.78), (-0.85, -0.85))
    p.circle(0, 0.06, 0.44, theme.TYPE_COLOURS["ambush"])
    return _Letter("A", 0, 0.06, 0.5, PALE, INK)


def _emblem_event(p: _Pen) -> _Letter:
    col = theme.TYPE_COLOURS["event"]
    p.poly(_star(12, 1.0, 0.72), col)
    p.circle(0, 0, 0.62, _shade(col, 1.2))
    return _Letter("?", 0, 0, 0.7, PALE, INK)


def _emblem_treasure(p: _Pen) -> _Letter:
    gold = theme.TYPE_COLOURS["treasure"]
    lid = [(-0.9, -0.12)] + [(0.9 * math.cos(a), -0.12 - 0.55 * math.sin(a))
                             for a in (math.pi * i / 12 for i in range(12, -1, -1))] + [(0.9, -0.12)]
    p.poly(lid, _shade(WOOD, 1.15))
    p.rect(-0.9, -0.12, 0.9, 0.85, WOOD)
    for x in (-0.62, 0.62):                                            # iron-gold bands
        p.rect(x - 0.09, -0.62, x + 0.09, 0.85, gold)
    p.rect(-0.9, -0.2, 0.9, -0.06, gold)
    p.rect(-0.9, 0.74, 0.9, 0.85, _shade(gold, 0.8))
    return _Letter("T", 0, 0.36, 0.56, gold, INK)


def _emblem_crystal(p: _Pen) -> _Letter:
    c = theme.TYPE_COLOURS["crystal"]
    gem = [(-0.46, -0.86), (0.46, -0.86), (0.92, -0.3), (0, 0.98), (-0.92, -0.3)]
    p.poly(gem, c)
    p.poly([(-0.46, -0.86), (-0.92, -0.3), (-0.42, -0.3)], _mix(c, (255, 255, 255), 0.45))
    p.poly([(0.46, -0.86), (0.92, -0.3), (0.42, -0.3)], _shade(c, 0.75))
    p.poly([(-0.28, -0.86), (0.28, -0.86), (0.42, -0.3), (-0.42, -0.3)], _mix(c, (255, 255, 255), 0.7))
    p.poly([(-0.92, -0.3), (-0.42, -0.3), (0, 0.98)], _mix(c, (255, 255, 255), 0.25))
    p.poly([(0.92, -0.3), (0.42, -0.3), (0, 0.98)], _shade(c, 0.65))
    p.lines(gem, _shade(c, 0.5), 0.03, closed=True)
    return _Letter("C", 0, 0.08, 0.52, PALE, (16, 40, 80))


def _crystal_glow(p: _Pen) -> None:
    c = theme.TYPE_COLOURS["crystal"]
    for i in range(10, 0, -1):                                         # stays inside the unit square
        p.circle(0, 0, 0.7 + 0.045 * i, (*c, 12 + 7 * (10 - i)))


def _emblem_vault(p: _Pen) -> _Letter:
    grey = theme.TYPE_COLOURS["vault"]
    arc = [(0.5 * math.cos(a), -0.3 + 0.55 * math.sin(a)) for a in (math.pi + math.pi * i / 16 for i in range(17))]
    shackle = [(-0.5, 0.0)] + arc + [(0.5, 0.0)]
    p.lines(shackle, _shade(grey, 0.75), 0.2)
    p.rect(-0.82, -0.12, 0.82, 0.92, grey, radius=0.16)
    p.rect(-0.82, -0.12, 0.82, 0.05, _mix(grey, (255, 255, 255), 0.35), radius=0.1)
    return _Letter("V", 0, 0.43, 0.56, INK, None)


_EMBLEMS: dict[str, Callable[[_Pen], _Letter]] = {
    "entrance": _emblem_entrance, "ambush": _emblem_ambush, "event": _emblem_event,
    "treasure": _emblem_treasure, "crystal": _emblem_crystal, "vault": _emblem_vault,
}


# ---------------------------------------------------------------------------- tribe symbols
def _tribe_fangs(p: _Pen) -> _Letter:
    col = theme.TRIBE_COLOURS["fangs"]
    tooth = (244, 238, 220)
    p.rect(-0.95, -0.9, 0.95, -0.5, col, radius=0.2)                   # upper gum
    p.rect(-0.95, 0.6, 0.95, 0.92, col, radius=0.16)                   # lower gum
    for x in (-0.56, 0.56):                                            # two long fangs
        s = 1 if x > 0 else -1
        p.poly([(x - 0.22, -0.55), (x + 0.22, -0.55), (x + 0.04 * s, 0.5)], tooth)
    for x in (-0.2, 0.2):
        p.poly([(x - 0.14, -0.55), (x + 0.14, -0.55), (x, -0.28)], tooth)
    for x in (-0.78, 0.78):
        p.poly([(x - 0.13, 0.65), (x + 0.13, 0.65), (x, 0.3)], tooth)
    return _Letter("F", 0, 0.16, 0.5, PALE, INK)


def _bone(p: _Pen, a: Pt, b: Pt, col: RGB) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    vx, vy = -dy / n, dx / n
    p.line(a, b, col, 0.24)
    for e in (a, b):
        for s in (-1, 1):
            p.circle(e[0] + vx * 0.11 * s, e[1] + vy * 0.11 * s, 0.16, col)


def _tribe_bones(p: _Pen) -> _Letter:
    col = theme.TRIBE_COLOURS["bones"]
    _bone(p, (-0.72, -0.72), (0.72, 0.72), col)
    _bone(p, (0.72, -0.72), (-0.72, 0.72), col)
    p.circle(0, 0, 0.44, (34, 36, 58))
    p.circle(0, 0, 0.44, col, 0.08)
    return _Letter("B", 0, 0, 0.46, col, INK)


def _tribe_eye(p: _Pen) -> _Letter:
    col = theme.TRIBE_COLOURS["eye"]
    top = [(0.98 * t, -0.62 * (1 - t * t)) for t in (i / 12 - 1 for i in range(25))]
    bottom = [(x, -y) for x, y in reversed(top)]
    p.poly(top + bottom, (236, 236, 214))
    for a in (-0.55, 0.0, 0.55):                                       # lashes
        p.line((a * 0.8, -0.62 * (1 - (a * 0.8) ** 2) + 0.04), (a * 1.15, -0.92 + abs(a) * 0.25), col, 0.09)
    p.circle(0, 0, 0.46, col)
    p.circle(0, 0, 0.46, _shade(col, 0.55), 0.06)
    return _Letter("E", 0, 0, 0.46, INK, None)


_TRIBE_SYMBOLS: dict[str, Callable[[_Pen], _Letter]] = {
    "fangs": _tribe_fangs, "bones": _tribe_bones, "eye": _tribe_eye,
}


# ---------------------------------------------------------------------------- tokens
def _token_drawer(kind: str) -> Callable[[_Pen], _Letter]:
    col = theme.TOKEN_COLOURS.get(kind, HATRED_COLOUR)
    letter_col, letter_outline = _auto_letter(col)
    text = TOKEN_LETTERS[kind]

    def draw(p: _Pen) -> _Letter:
        rim = _shade(col, 0.72)
        light = _mix(col, (255, 255, 255), 0.3)
        y, cap = 0.0, 0.62
        if kind == "treasure":                                         # coin
            p.circle(0, 0, 0.95, rim)
            p.circle(0, 0, 0.8, col)
            p.circle(0, 0, 0.8, light, 0.05)
        elif kind == "crystal":                                        # diamond
            p.poly([(0, -1.0), (0.8, 0), (0, 1.0), (-0.8, 0)], col)
            p.poly([(0, -1.0), (-0.8, 0), (-0.4, 0), (0, -0.5)], light)
            p.poly([(0, 1.0), (0.8, 0), (0.4, 0), (0, 0.5)], rim)
        elif kind == "event":                                          # triangle
            p.poly([(0, -1.0), (0.98, 0.78), (-0.98, 0.78)], rim)
            p.poly([(0, -0.72), (0.74, 0.62), (-0.74, 0.62)], col)
            y, cap = 0.2, 0.66
        elif kind == "vault":                                          # riveted square
            p.rect(-0.88, -0.88, 0.88, 0.88, rim, radius=0.18)
            p.rect(-0.74, -0.74, 0.74, 0.74, col, radius=0.1)
            for bx in (-0.62, 0.62):
                for by in (-0.62, 0.62):
                    p.circle(bx, by, 0.09, rim)
        elif kind == "ogre":                                           # shield (pentagon, point down)
            pts = [(-0.9, -0.85), (0.9, -0.85), (0.9, 0.15), (0, 1.0), (-0.9, 0.15)]
            p.poly(pts, rim)
            p.poly([(-0.74, -0.7), (0.74, -0.7), (0.74, 0.08), (0, 0.8), (-0.74, 0.08)], col)
            y = -0.08
        elif kind == "troll":                                          # hexagon
            p.poly(_ngon(6, 1.0, rot=0), rim)
            p.poly(_ngon(6, 0.82, rot=0), col)
            cap = 0.5
        elif kind == "gem_claw":                                       # Dragon Gems: three silhouettes
            p.poly([(0, 1.0), (0.98, -0.78), (-0.98, -0.78)], rim)
            p.poly([(0, 0.72), (0.74, -0.62), (-0.74, -0.62)], col)
            y, cap = -0.2, 0.6
        elif kind == "gem_flame":
            p.poly(_star(5, 1.0, 0.5), rim)
            p.poly(_star(5, 0.82, 0.4), col)
            cap = 0.45
        elif kind == "gem_wing":
            p.poly(_star(4, 1.0, 0.45), rim)
            p.poly(_star(4, 0.82, 0.36), col)
            cap = 0.4
        elif kind == "flamewall":                                      # a low wall of flame
            p.rect(-0.95, -0.5, 0.95, 0.5, rim, radius=0.1)
            p.rect(-0.82, -0.38, 0.82, 0.38, col, radius=0.06)
            cap = 0.6
        elif kind == "meat":                                           # Meat!: a drumstick, meat and bone
            p.poly([(0.12, 0.38), (0.38, 0.12), (0.86, 0.6), (0.6, 0.86)], rim)
            p.circle(0.84, 0.62, 0.17, light)
            p.circle(0.62, 0.84, 0.17, light)
            p.circle(-0.22, -0.22, 0.76, rim)
            p.circle(-0.22, -0.22, 0.6, col)
            return _Letter(text, -0.22, -0.22, 0.5, letter_col, letter_outline)
        else:                                                          # hatred: spiky burst
            p.poly(_star(9, 1.0, 0.7), rim)
            p.poly(_star(9, 0.82, 0.56), col)
            cap = 0.55
        return _Letter(text, 0, y, cap, letter_col, letter_outline)

    return draw


# ---------------------------------------------------------------------------- pieces
def _piece_knight(p: _Pen) -> _Letter:
    col = theme.ROLE_COLOURS["knight"]
    right = _quad((0.8, -0.05), (0.78, 0.62), (0, 1.0), 10)
    left = [(-x, y) for x, y in reversed(right)]
    shield = [(-0.8, -0.82), (0, -0.92), (0.8, -0.82)] + right + left[1:]
    p.poly(shield, col)
    inner = [(x * 0.8, y * 0.8 - 0.02) for x, y in shield]
    p.lines(inner, _mix(col, (255, 255, 255), 0.35), 0.06, closed=True)
    return _Letter("K", 0, -0.06, 0.66, PALE, INK)


def _piece_dragon(p: _Pen) -> _Letter:
    col = theme.ROLE_COLOURS["dragon"]
    wing_col = _shade(col, 0.72)
    wing = [(-0.3, -0.2), (-0.62, -0.62), (-1.0, -0.8), (-0.94, -0.2), (-0.8, 0.05), (-0.66, -0.08),
            (-0.56, 0.2), (-0.42, 0.1), (-0.3, 0.3)]
    p.poly(wing, wing_col)
    p.poly([(-x, y) for x, y in wing], wing_col)
    for s in (-1, 1):                                                  # horns
        p.poly([(0.16 * s, -0.4), (0.5 * s, -0.98), (0.42 * s, -0.3)], _mix(col, (255, 240, 200), 0.55))
    p.poly([(-0.18, 0.7), (0.18, 0.7), (0, 1.0)], col)                 # tail point
    p.circle(0, 0.12, 0.58, col)
    return _Letter("D", 0, 0.12, 0.6, PALE, INK)


def _piece_thief(p: _Pen) -> _Letter:
    col = theme.ROLE_COLOURS["thief"]
    right = _quad((0, -1.0), (0.62, -0.35), (0.86, 0.92), 12)
    left = [(-x, y) for x, y in reversed(right)]
    p.poly(right + left, col)
    p.lines(_quad((0.2, 0.42), (0.38, 0.7), (0.45, 0.92), 6), _shade(col, 0.7), 0.05)
    p.lines(_quad((-0.2, 0.42), (-0.38, 0.7), (-0.45, 0.92), 6), _shade(col, 0.7), 0.05)
    p.ellipse(-0.44, -0.42, 0.44, 0.46, (34, 32, 40))                  # face in the hood's shadow
    return _Letter("T", 0, 0.02, 0.5, col, None)


def _piece_ghoul(p: _Pen) -> _Letter:
    """The Ghoul: a hunched skull-faced head with hollow eyes over two clawed hands (a shape unlike the
    Knight's shield, the Dragon's wings, the Thief's hood and the Goblins' round heads); letter H."""
    col = theme.ROLE_COLOURS["ghoul"]
    dark = (214, 210, 186)                                             # bone-pale claws: they show on Dark tiles
    for s in (-1, 1):                                                  # clawed hands at the sides
        p.poly([(0.5 * s, 0.3), (1.0 * s, 0.5), (0.94 * s, 0.98), (0.72 * s, 0.7), (0.6 * s, 1.0),
                (0.48 * s, 0.72), (0.36 * s, 0.62)], dark)
    p.poly([(-0.66, -0.5), (-0.4, -0.96), (0.4, -0.96), (0.66, -0.5), (0.6, 0.3), (0.34, 0.96), (-0.34, 0.96),
            (-0.6, 0.3)], col)                                          # the long gaunt head
    for s in (-1, 1):                                                  # hollow eye sockets
        p.ellipse(0.28 * s - 0.2, -0.62, 0.28 * s + 0.2, -0.18, (26, 30, 22))
    return _Letter("H", 0, 0.34, 0.52, PALE, INK)


def _piece_vile_ghoul(p: _Pen) -> _Letter:
    """The Vile Ghoul: a horned, wide-jawed skull (broad at the brow, narrowing to a jaw of teeth) on a
    ragged cowl — no hands, unlike the Ghoul's long head between two claws; letter V."""
    col = theme.ROLE_COLOURS["vile_ghoul"]
    bone = (214, 210, 186)
    p.poly([(-1.0, 0.98), (-0.82, 0.36), (-0.56, 0.2), (0.56, 0.2), (0.82, 0.36), (1.0, 0.98), (0.6, 0.76),
            (0.3, 0.98), (0, 0.78), (-0.3, 0.98), (-0.6, 0.76)], _shade(col, 0.62))      # the ragged cowl
    for s in (-1, 1):                                                  # horns curling up from the brow
        p.poly([(0.42 * s, -0.5), (0.94 * s, -1.0), (0.8 * s, -0.5), (0.6 * s, -0.26)], bone)
    p.poly([(-0.78, -0.42), (-0.5, -0.8), (0.5, -0.8), (0.78, -0.42), (0.62, 0.2), (0.36, 0.66), (-0.36, 0.66),
            (-0.62, 0.2)], col)                                         # the wide skull
    for s in (-1, 1):                                                  # slanted eye sockets
        p.poly([(0.12 * s, -0.5), (0.58 * s, -0.58), (0.5 * s, -0.22), (0.16 * s, -0.24)], (26, 30, 22))
    for k in (-0.24, 0.0, 0.24):                                       # a row of teeth in the jaw
        p.poly([(k - 0.09, 0.5), (k + 0.09, 0.5), (k, 0.7)], bone)
    return _Letter("V", 0, 0.12, 0.48, PALE, INK)


TRIBE_PLATE: RGB = (244, 234, 206)      # the pale plate behind a Tribe: it stands out from its (dark) tile


def _goblin(tribe: str) -> Callable[[_Pen], _Letter]:
    col = theme.ROLE_COLOURS["goblins"]
    tcol = theme.TRIBE_COLOURS[tribe]

    def draw(p: _Pen) -> _Letter:
        # a pale plate ringed in the Tribe's colour (and outlined in ink with the figure): a green head on a
        # dark blue tile that carries the same Tribe symbol was hard to see
        p.circle(0, 0.02, 1.0, TRIBE_PLATE)
        p.circle(0, 0.02, 1.0, _shade(tcol, 0.8), 0.13)
        for s in (-1, 1):                                              # pointed ears
            p.poly([(0.42 * s, -0.4), (1.0 * s, -0.62), (0.5 * s, 0.12)], col)
            p.poly([(0.55 * s, -0.3), (0.86 * s, -0.52), (0.56 * s, -0.04)], _shade(col, 0.7))
        if tribe == "bones":                                           # a bone through the topknot
            _bone(p, (-0.62, -0.72), (0.62, -0.72), tcol)
        p.ellipse(-0.58, -0.62, 0.58, 0.78, col)
        _head_ring(p, tcol)
        if tribe == "fangs":                                           # tusks below the jaw
            for s in (-1, 1):
                p.poly([(0.14 * s, 0.58), (0.34 * s, 0.58), (0.26 * s, 0.98)], (244, 238, 220))
        elif tribe == "eye":                                           # a watching eye on the brow
            p.poly([(-0.36, -0.44), (0, -0.6), (0.36, -0.44), (0, -0.28)], (236, 236, 214))
            p.circle(0, -0.44, 0.1, _shade(tcol, 0.6))
        return _Letter(TRIBE_LETTERS[tribe], 0, 0.12, 0.56, PALE, INK)

    return draw


def _head_ring(p: _Pen, colour: RGB) -> None:
    """A tribe-coloured ring just inside the goblin head's outline."""
    a, b = p.pt(-0.58, -0.62), p.pt(0.58, 0.78)
    rect = pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1])
    pygame.draw.ellipse(p.s, colour, rect, p.px(0.1))


ENTRANCE_STONE: RGB = (236, 238, 244)     # the Entrance piece: pale stone ...
DAYLIGHT: RGB = (255, 226, 120)           # ... framing the daylight outside


def _piece_entrance(p: _Pen) -> _Letter | None:
    """The Entrance piece (Moving Entrance, VAR-04): a square stone gateway (two pillars and a
    lintel) on a base, daylight in the doorway and an arrow pointing out: unlike the Entrance
    tile's round brown-doored arch, and unlike every role's piece."""
    stone, joint = ENTRANCE_STONE, _shade(ENTRANCE_STONE, 0.62)
    p.rect(-0.98, 0.7, 0.98, 0.98, _shade(stone, 0.8), radius=0.08)            # base
    p.rect(-0.86, -0.62, 0.86, 0.76, stone)                                    # the gateway block
    p.rect(-0.98, -0.94, 0.98, -0.56, stone, radius=0.06)                      # lintel
    p.line((-0.9, -0.56), (0.9, -0.56), joint, 0.05)
    p.rect(-0.5, -0.5, 0.5, 0.76, DAYLIGHT)                                    # the doorway, lit from outside
    p.rect(-0.5, -0.5, 0.5, -0.2, _mix(DAYLIGHT, (255, 255, 255), 0.5))
    for y in (-0.1, 0.32):                                                     # pillar joints
        p.line((-0.86, y), (-0.5, y), joint, 0.05)
        p.line((0.5, y), (0.86, y), joint, 0.05)
    ink = (70, 44, 20)
    p.poly([(0, -0.42), (0.34, -0.02), (0.12, -0.02), (0.12, 0.62), (-0.12, 0.62), (-0.12, -0.02),
            (-0.34, -0.02)], ink)                                              # "out": an arrow up
    return None


_PIECES: dict[str, Callable[[_Pen], _Letter]] = {
    "knight": _piece_knight, "dragon": _piece_dragon, "thief": _piece_thief, "ghoul": _piece_ghoul,
    "vile_ghoul": _piece_vile_ghoul,
    "tribe:fangs": _goblin("fangs"), "tribe:bones": _goblin("bones"), "tribe:eye": _goblin("eye"),
}


# ---------------------------------------------------------------------------- textures
def _noise_surface(rng: random.Random, n: int, base: RGB, amp: float, vignette: float,
                   warm: RGB | None = None, warmth: float = 0.0) -> pygame.Surface:
    """An n×n mottled colour field (two octaves of value noise, darker toward the corners)."""
    coarse = 5
    grid = [[rng.uniform(-1.0, 1.0) for _ in range(coarse + 1)] for _ in range(coarse + 1)]
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    for j in range(n):
        for i in range(n):
            u, v = i / (n - 1) * coarse, j / (n - 1) * coarse
            i0, j0 = min(int(u), coarse - 1), min(int(v), coarse - 1)
            fu, fv = u - i0, v - j0
            fu, fv = fu * fu * (3 - 2 * fu), fv * fv * (3 - 2 * fv)
            top = grid[j0][i0] * (1 - fu) + grid[j0][i0 + 1] * fu
            bot = grid[j0 + 1][i0] * (1 - fu) + grid[j0 + 1][i0 + 1] * fu
            val = 0.7 * (top * (1 - fv) + bot * fv) + 0.3 * rng.uniform(-1.0, 1.0)
            dx, dy = i / (n - 1) - 0.5, j / (n - 1) - 0.5
            d2 = (dx * dx + dy * dy) * 2
            c = _shade(base, 1.0 + amp * val - vignette * d2)
            if warm is not None:
                c = _mix(c, warm, warmth * max(0.0, 1.0 - d2))
            surf.set_at((i, j), (*c, 255))
    return surf


def _rock_poly(rng: random.Random, cx: float, cy: float, r: float, n: int = 7, squash: float = 1.0) -> list[Pt]:
    pts = []
    start = rng.uniform(0, 2 * math.pi)
    for k in range(n):
        a = start + 2 * math.pi * k / n + rng.uniform(-0.25, 0.25)
        rr = r * rng.uniform(0.72, 1.08)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a) * squash))
    return pts


def _side_point(side: int, along: float, depth: float, s: float) -> Pt:
    """Pixel of a point ``along`` a tile side (clockwise) at ``depth`` inward; sides N, E, S, W."""
    if side == 0:
        return (along, depth)
    if side == 1:
        return (s - depth, along)
    if side == 2:
        return (s - along, s - depth)
    return (depth, s - along)


# ---------------------------------------------------------------------------- the shared art
@dataclass
class FrameArt:
    """What one budgeted drawing asked of the art: ``sharp`` surfaces drawn at their exact size and
    ``scaled`` ones stood in for by the nearest cached size (see :meth:`TileArt.sharp_budget`)."""

    sharp: int = 0
    scaled: int = 0


class TileArt:
    """Every piece of map art, drawn once per argument tuple and cached.

    The cache is an LRU holding at most ``budget_bytes`` of pixels (``ART_CACHE_BYTES``): zooming
    asks for every tile at each new size, and the sizes least recently drawn are forgotten.
    ``clear()`` empties the caches; ``clear(keep_sizes={64, 96})`` keeps the art of those sizes
    (useful across zoom steps).  While the wheel turns the map draws under :meth:`sharp_budget`:
    art missing at the asked size is scaled from the nearest cached size instead of drawn.
    """

    def __init__(self, budget_bytes: int = ART_CACHE_BYTES, scaled_budget_bytes: int = SCALED_CACHE_BYTES) -> None:
        self._cache = ArtLRU(budget_bytes)
        self._scaled = ArtLRU(scaled_budget_bytes)      # stand-ins, only ever handed out under a budget
        self._budget: int | None = None                 # sharp draws left in this frame; None: no limit
        self._frame = FrameArt()

    # ------------------------------------------------------------------ cache
    @property
    def cache(self) -> ArtLRU:
        """The sharp art (read only: for figures and tests)."""
        return self._cache

    @property
    def scaled_cache(self) -> ArtLRU:
        """The stand-ins scaled from a nearby size (read only: for figures and tests)."""
        return self._scaled

    def _get(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        if self._budget is not None and self._budget <= 0:
            stand_in = self._stand_in(key)
            if stand_in is not None:
                self._frame.scaled += 1
                return stand_in
        if self._budget is not None:
            self._budget -= 1
        self._frame.sharp += 1
        surf = _finish(make())
        self._cache.put(key, surf)
        return surf

    def _stand_in(self, key: tuple[object, ...]) -> pygame.Surface | None:
        """``key``'s art scaled from the nearest cached size (kept until the zoom settles), or None
        when no size of that art is cached."""
        surf = self._scaled.get(key)
        if surf is not None:
            return surf
        near = self._cache.nearest(key)
        if near is None:
            return None
        have, src = near
        want = size_of(key)
        assert want is not None
        w, h = src.get_size()
        if isinstance(have, int) and isinstance(want, int):
            dims = (max(1, round(w * want / have)), max(1, round(h * want / have)))
        elif isinstance(have, tuple) and isinstance(want, tuple):      # an edge mark: exact dimensions,
            dims = want if (w, h) == have else (want[1], want[0])      # turned a quarter when vertical
        else:
            return None
        surf = pygame.transform.smoothscale(src, dims)
        self._scaled.put(key, surf)
        return surf

    @contextmanager
    def sharp_budget(self, budget: int | None) -> Iterator[FrameArt]:
        """Within the block at most ``budget`` surfaces missing from the cache are drawn sharp;
        the rest are scaled from the nearest cached size of the same art (drawn sharp only when
        none is cached).  ``None`` lifts the limit.  Yields what the block asked for."""
        before, frame = self._budget, self._frame
        self._budget, self._frame = budget, FrameArt()
        try:
            yield self._frame
        finally:
            self._budget, self._frame = before, frame

    def drop_scaled(self) -> None:
        """Forget the scaled stand-ins (the zoom settled: sharp art replaces them)."""
        self._scaled.clear()

    def clear(self, keep_sizes: Iterable[int] | None = None) -> None:
        """Forget cached art (all of it, or all but the art whose size is in ``keep_sizes``)."""
        self._scaled.clear()
        self._cache.clear(None if keep_sizes is None else set(keep_sizes))

    def __len__(self) -> int:
        return len(self._cache)

    # ------------------------------------------------------------------ emblems and symbols
    def emblem(self, tile_type: str, size: int) -> pygame.Surface:
        """The type emblem of a Lit tile alone (shape + letter), ``size``×``size``."""
        _check(tile_type, TILE_TYPES, "tile type")
        size = max(8, int(size))
        under = _crystal_glow if tile_type == "crystal" else None
        return self._get(("emblem", size, tile_type),
                         lambda: _figure(size, _EMBLEMS[tile_type], scale=0.8, outline=0.04, under=under))

    def tribe_symbol(self, tribe: str, size: int) -> pygame.Surface:
        """A Goblin Tribe symbol alone (shape + letter), ``size``×``size``."""
        _check(tribe, TRIBES, "tribe")
        size = max(8, int(size))
        return self._get(("tribe", size, tribe),
                         lambda: _figure(size, _TRIBE_SYMBOLS[tribe], scale=0.86, outline=0.04))

    # ------------------------------------------------------------------ tiles
    def lit_tile(self, tile_type: str, walls: Sequence[bool], size: int, variant: int = 0) -> pygame.Surface:
        """A Lit Cave tile: warm stone floor, wall bands where ``walls`` (N, E, S, W) are True, and
        the type emblem in the upper-left of the floor (none for ``PLAIN``).  ``variant`` picks another
        floor texture."""
        _check(tile_type, (*TILE_TYPES, PLAIN), "tile type")
        w = tuple(bool(x) for x in walls)
        if len(w) != 4:
            raise ValueError(f"walls must be 4 booleans (N, E, S, W), got {walls!r}")
        size = max(8, int(size))
        return self._get(("lit", size, tile_type, w, int(variant)),
                         lambda: self._draw_lit(tile_type, w, size, int(variant)))

    def _draw_lit(self, tile_type: str, walls: tuple[bool, ...], size: int, variant: int) -> pygame.Surface:
        f = 2 if size < 128 else 1
        s = size * f
        rng = random.Random(_seed("lit", tile_type, walls, variant))
        floor = pygame.transform.smoothscale(
            _noise_surface(rng, 20, theme.LIT_FLOOR, 0.07, 0.32, warm=(214, 172, 112), warmth=0.35), (s, s))
        surf = _new(s, s)
        surf.blit(floor, (0, 0))
        # flagstone cracks and grit
        grit = _new(s, s)
        dark = _shade(theme.LIT_FLOOR_DARK, 0.9)
        for _ in range(3):
            x, y = rng.uniform(0.2, 0.8) * s, rng.uniform(0.2, 0.8) * s
            a = rng.uniform(0, 2 * math.pi)
            pts = [(x, y)]
            for _ in range(rng.randint(3, 6)):
                a += rng.uniform(-0.7, 0.7)
                step = rng.uniform(0.05, 0.12) * s
                x, y = x + step * math.cos(a), y + step * math.sin(a)
                pts.append((x, y))
            pygame.draw.lines(grit, (*dark, 150), False, pts, max(1, round(0.008 * s)))
        for _ in range(110):
            x, y = rng.uniform(0, s), rng.uniform(0, s)
            r = rng.uniform(0.004, 0.011) * s
            if rng.random() < 0.6:
                pygame.draw.circle(grit, (*_shade(theme.LIT_FLOOR_DARK, rng.uniform(0.7, 1.0)), 120), (x, y), r)
            else:
                pygame.draw.circle(grit, (236, 214, 170, 110), (x, y), r)
        for _ in range(7):                                              # pebbles
            x, y = rng.uniform(0.1, 0.9) * s, rng.uniform(0.1, 0.9) * s
            r = rng.uniform(0.012, 0.022) * s
            pygame.draw.polygon(grit, (*_shade(theme.LIT_FLOOR, 0.72), 200), _rock_poly(rng, x, y, r, 6, 0.8))
            pygame.draw.circle(grit, (230, 206, 160, 150), (x - r * 0.3, y - r * 0.3), r * 0.35)
        surf.blit(grit, (0, 0))
        # walls: jagged bands of stone with a dark rim and a soft shadow on the floor
        if any(walls):
            t = WALL_DEPTH * s
            band = _new(s, s)
            for d in range(4):
                if not walls[d]:
                    continue
                k = 8
                inner = [_side_point(d, s * i / k, t * (1 + rng.uniform(-0.16, 0.16)), s) for i in range(k + 1)]
                outer = [_side_point(d, s, -2, s), _side_point(d, 0, -2, s)]
                pygame.draw.polygon(band, (*theme.WALL, 255), inner + outer)
            mask_src = band.copy()
            for d in range(4):
                if not walls[d]:
                    continue
                for _ in range(10):                                     # blocks of rock in the band
                    a = rng.uniform(0, s)
                    dep = rng.uniform(0.25, 0.7) * t
                    cx, cy = _side_point(d, a, dep, s)
                    rock = _rock_poly(rng, cx, cy, rng.uniform(0.22, 0.36) * t)
                    pygame.draw.polygon(band, (*_shade(theme.WALL, rng.uniform(0.82, 1.22)), 255), rock)
                    pygame.draw.polygon(band, (*_shade(theme.WALL, 0.7), 255), rock, max(1, round(0.006 * s)))
            # keep the rocks inside the band's outline
            clip = pygame.mask.from_surface(mask_src, 1).to_surface(setcolor=(255, 255, 255, 255),
                                                                     unsetcolor=(255, 255, 255, 0))
            band.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            shadow = _dilate(mask_src, max(2, round(0.07 * s)), (30, 18, 8, 110))
            rad = max(2, round(0.07 * s))
            surf.blit(_blur(shadow, max(2, round(0.03 * s))), (-rad, -rad))
            rim = _dilate(mask_src, max(1, round(0.018 * s)), (*_shade(theme.WALL, 0.45), 255))
            rr = max(1, round(0.018 * s))
            surf.blit(rim, (-rr, -rr))
            surf.blit(band, (0, 0))
        out = pygame.transform.smoothscale(surf, (size, size))
        # the type emblem (a Crystal lights the floor around it)
        e = max(8, round((EMBLEM_FRACTION if size >= 56 else 0.5) * size))
        ex = ey = round(WALL_DEPTH * size) if size >= 56 else round(0.1 * size)
        if tile_type == "crystal":
            glow = _new(size, size)
            c = theme.TYPE_COLOURS["crystal"]
            for i in range(12, 0, -1):
                k = 0.26 * ((13 - i) / 12) ** 1.5
                pygame.draw.circle(glow, (int(c[0] * k), int(c[1] * k), int(c[2] * k)),
                                   (ex + e / 2, ey + e / 2), e * (0.25 + 0.06 * i))
            out.blit(glow, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if tile_type != PLAIN:
            out.blit(self.emblem(tile_type, e), (ex, ey))
        # a thin edge so neighbouring tiles read as separate squares
        pygame.draw.rect(out, (*_shade(theme.LIT_FLOOR_DARK, 0.55), 255), out.get_rect(), 1)
        return out

    def dark_tile(self, tribe: str | None, size: int, known_type: str | None = None) -> pygame.Surface:
        """The Dark side: deep blue with the Goblin Tribe symbol; ``known_type`` adds a corner badge of
        the tile's type (for the Cave, who may look at its Dark tiles)."""
        if tribe is not None:
            _check(tribe, TRIBES, "tribe")
        if known_type is not None:
            _check(known_type, TILE_TYPES, "tile type")
        size = max(8, int(size))
        return self._get(("dark", size, tribe, known_type),
                         lambda: self._draw_dark(tribe, size, known_type))

    def _draw_dark(self, tribe: str | None, size: int, known_type: str | None) -> pygame.Surface:
        f = 2 if size < 128 else 1
        s = size * f
        rng = random.Random(_seed("dark", tribe))
        surf = _new(s, s)
        surf.blit(pygame.transform.smoothscale(
            _noise_surface(rng, 16, theme.DARK_TILE, 0.1, 0.45, warm=(48, 66, 124), warmth=0.5), (s, s)), (0, 0))
        deco = _new(s, s)
        for _ in range(70):                                             # faint mineral glints
            x, y = rng.uniform(0, s), rng.uniform(0, s)
            pygame.draw.circle(deco, (150, 175, 240, rng.randint(30, 90)), (x, y), rng.uniform(0.003, 0.008) * s)
        surf.blit(deco, (0, 0))
        bw = max(2, round(0.035 * s))
        edge = theme.DARK_TILE_EDGE
        pygame.draw.rect(surf, (*_shade(theme.DARK_TILE, 0.55), 255), surf.get_rect(), bw)
        pygame.draw.line(surf, (*edge, 255), (0, bw / 2), (s, bw / 2), bw)
        pygame.draw.line(surf, (*edge, 255), (bw / 2, 0), (bw / 2, s), bw)
        out = pygame.transform.smoothscale(surf, (size, size))
        if tribe is not None:
            sym = max(8, round((0.56 if known_type is None else 0.5) * size))
            cx = cy = size / 2 if known_type is None else size * 0.4
            out.blit(self.tribe_symbol(tribe, sym), (round(cx - sym / 2), round(cy - sym / 2)))
        if known_type is not None:
            self._badge(out, known_type, size)
        pygame.draw.rect(out, (*_shade(theme.DARK_TILE, 0.4), 255), out.get_rect(), 1)
        return out

    def _badge(self, out: pygame.Surface, tile_type: str, size: int) -> None:
        d = max(10, round(0.42 * size))
        cx = cy = size - d / 2 - max(1, round(0.04 * size))
        col = theme.TYPE_COLOURS[tile_type]
        f = 4
        big = _new(d * f, d * f)
        pygame.draw.circle(big, (*INK, 255), (d * f / 2, d * f / 2), d * f / 2)
        pygame.draw.circle(big, (14, 18, 38, 255), (d * f / 2, d * f / 2), d * f / 2 - max(f, 0.05 * d * f))
        pygame.draw.circle(big, (*col, 255), (d * f / 2, d * f / 2), d * f / 2 - max(f, 0.05 * d * f),
                           max(f, round(0.1 * d * f)))
        badge = pygame.transform.smoothscale(big, (d, d))
        if d >= 26:
            e = round(d * 0.86)
            badge.blit(self.emblem(tile_type, e), (round((d - e) / 2), round((d - e) / 2)))
        else:
            _draw_letter(badge, TYPE_LETTERS[tile_type], (d / 2, d / 2), max(4.0, d * 0.42), col, INK)
        out.blit(badge, (round(cx - d / 2), round(cy - d / 2)))

    # ------------------------------------------------------------------ terrain
    def terrain_tile(self, terrain_type: str, space_kind: str, size: int, rot: int = 0,
                     current: int | None = None) -> pygame.Surface:
        """A Terrain space (Terrain variant), neither Lit nor Dark: Lake water, Magma crust with glowing
        cracks, a mossy Mushroom Forest, a Pit's black hole, the River flowing toward ``current``
        (0=N, 1=E, 2=S, 3=W) between sandy banks with arrows, and the Canyon's chasm running along its
        row (E-W on the unturned tile, N-S after an odd ``rot``) with a plank bridge across the Bridge
        space.  From 56 px a short label names the space (Chasm on the impassable ones)."""
        _check(terrain_type, theme.TERRAIN_TYPES, "terrain type")
        _check(space_kind, TERRAIN_SPACE_KINDS, "terrain space kind")
        size = max(8, int(size))
        if terrain_type == "river":
            heading = 1 if current is None else int(current) % 4
        elif terrain_type == "canyon":
            heading = 1 if int(rot) % 2 == 0 else 2
        else:
            heading = 1
        return self._get(("terrain", size, terrain_type, space_kind, heading),
                         lambda: self._draw_terrain(terrain_type, space_kind, size, heading))

    def _draw_terrain(self, ttype: str, kind: str, size: int, heading: int) -> pygame.Surface:
        f = 2 if size < 128 else 1
        s = size * f
        rng = random.Random(_seed("terrain", ttype, kind))
        base = theme.TERRAIN_COLOURS[ttype]
        surf = _new(s, s)
        lw = max(1, round(0.012 * s))
        if ttype == "river":
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 12, (156, 132, 92), 0.1, 0.1), (s, s)), (0, 0))
            water = pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.08, 0.0), (s, round(0.68 * s)))
            surf.blit(water, (0, round(0.16 * s)))
            deco = _new(s, s)
            for _ in range(7):                                          # the flow: streaks along the current
                y = rng.uniform(0.22, 0.78) * s
                x0 = rng.uniform(-0.1, 0.6) * s
                pts = [(x0 + i * 0.06 * s, y + math.sin(i * 1.3 + y) * 0.012 * s) for i in range(7)]
                pygame.draw.lines(deco, (200, 230, 255, 110), False, pts, lw)
            for y in (0.16, 0.84):                                      # wet bank edges
                pygame.draw.line(deco, (*_shade(base, 0.6), 200), (0, y * s), (s, y * s), 2 * lw)
            for cx in (0.3, 0.72):                                      # arrows along the current
                pts = [(cx - 0.14, 0.43), (cx + 0.02, 0.43), (cx + 0.02, 0.36), (cx + 0.14, 0.5),
                       (cx + 0.02, 0.64), (cx + 0.02, 0.57), (cx - 0.14, 0.57)]
                poly = [(x * s, y * s) for x, y in pts]
                pygame.draw.polygon(deco, (232, 244, 255, 235), poly)
                pygame.draw.polygon(deco, (*INK, 255), poly, lw)
            surf.blit(deco, (0, 0))
        elif ttype == "lake":
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.1, 0.3), (s, s)), (0, 0))
            deco = _new(s, s)
            for _ in range(6):                                          # ripples
                cx, cy = rng.uniform(0.15, 0.85) * s, rng.uniform(0.15, 0.85) * s
                w, h = rng.uniform(0.18, 0.34) * s, rng.uniform(0.05, 0.09) * s
                pygame.draw.ellipse(deco, (190, 240, 230, 120), pygame.Rect(cx - w / 2, cy - h / 2, w, h), lw)
                pygame.draw.ellipse(deco, (190, 240, 230, 60),
                                    pygame.Rect(cx - w * 0.35, cy - h * 0.3, w * 0.7, h * 0.6), lw)
            for _ in range(10):                                         # glints
                x, y = rng.uniform(0.05, 0.95) * s, rng.uniform(0.05, 0.95) * s
                pygame.draw.line(deco, (235, 255, 250, 150), (x, y), (x + 0.04 * s, y), lw)
            surf.blit(deco, (0, 0))
        elif ttype == "magma":
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.25, 0.2), (s, s)), (0, 0))
            cracks = _new(s, s)
            for _ in range(7):
                x, y = rng.uniform(0.2, 0.8) * s, rng.uniform(0.2, 0.8) * s
                a = rng.uniform(0, 2 * math.pi)
                pts = [(x, y)]
                for _ in range(rng.randint(4, 7)):
                    a += rng.uniform(-0.8, 0.8)
                    step = rng.uniform(0.08, 0.16) * s
                    x, y = x + step * math.cos(a), y + step * math.sin(a)
                    pts.append((x, y))
                pygame.draw.lines(cracks, (255, 110, 20, 255), False, pts, max(2, round(0.03 * s)))
                pygame.draw.lines(cracks, (255, 224, 110, 255), False, pts, max(1, round(0.01 * s)))
            for _ in range(4):                                          # pools of molten rock
                cx, cy = rng.uniform(0.15, 0.85) * s, rng.uniform(0.15, 0.85) * s
                pygame.draw.polygon(cracks, (255, 120, 30, 255), _rock_poly(rng, cx, cy, rng.uniform(0.04, 0.08) * s))
            surf.blit(_blur(cracks, max(2, round(0.04 * s))), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(cracks, (0, 0))
        elif ttype == "mushroom_forest":
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.14, 0.3), (s, s)), (0, 0))
            deco = _new(s, s)
            for _ in range(60):                                         # moss tufts
                x, y = rng.uniform(0, s), rng.uniform(0, s)
                pygame.draw.circle(deco, (*_shade(base, rng.uniform(1.2, 1.6)), 140), (x, y), rng.uniform(0.006, 0.014) * s)
            spots = [(0.2, 0.34), (0.8, 0.3), (0.5, 0.5), (0.2, 0.78), (0.8, 0.76), (0.5, 0.88)]
            caps = [(184, 64, 120), (200, 96, 52), (150, 80, 190)]
            for i, (u, v) in enumerate(spots):
                r = rng.uniform(0.07, 0.11) * s
                cx, cy = u * s, v * s
                stalk = pygame.Rect(cx - r * 0.3, cy - r * 0.1, r * 0.6, r * 1.0)
                pygame.draw.rect(deco, (*INK, 255), stalk.inflate(2 * lw, 2 * lw), border_radius=round(r * 0.2))
                pygame.draw.rect(deco, (228, 218, 192, 255), stalk, border_radius=round(r * 0.2))
                cap = pygame.Rect(cx - r, cy - r * 0.8, 2 * r, r * 1.4)
                pygame.draw.ellipse(deco, (*INK, 255), cap.inflate(2 * lw, 2 * lw))
                pygame.draw.ellipse(deco, (*caps[i % len(caps)], 255), cap)
                for _ in range(3):
                    pygame.draw.circle(deco, (245, 236, 214, 255),
                                       (cx + rng.uniform(-0.6, 0.6) * r, cy + rng.uniform(-0.55, -0.1) * r), r * 0.14)
            surf.blit(deco, (0, 0))
        elif ttype == "pits":
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.1, 0.25), (s, s)), (0, 0))
            hole = _new(s, s)
            c = s / 2
            rim = 0.36 * s
            pygame.draw.circle(hole, (*_mix(base, (230, 220, 200), 0.3), 255), (c, c), rim + 2 * lw)
            for i in range(10):                                         # darker toward the bottom
                k = i / 9
                pygame.draw.circle(hole, (*_mix(_shade(base, 0.4), (0, 0, 0), k), 255), (c, c + k * 0.04 * s),
                                   rim * (1 - 0.75 * k))
            for _ in range(9):                                          # broken stones round the rim
                a = rng.uniform(0, 2 * math.pi)
                pygame.draw.polygon(hole, (*_shade(base, rng.uniform(0.7, 1.0)), 255),
                                    _rock_poly(rng, c + (rim + 0.02 * s) * math.cos(a),
                                               c + (rim + 0.02 * s) * math.sin(a), 0.035 * s, 6))
            surf.blit(hole, (0, 0))
        else:                                                           # the Canyon: a chasm along the row
            surf.blit(pygame.transform.smoothscale(_noise_surface(rng, 14, base, 0.14, 0.1), (s, s)), (0, 0))
            deco = _new(s, s)
            xs = [s * i / 10 for i in range(11)]
            top = [(x, s * (0.2 + rng.uniform(-0.03, 0.03))) for x in xs]
            bot = [(x, s * (0.8 + rng.uniform(-0.03, 0.03))) for x in reversed(xs)]
            pygame.draw.polygon(deco, (*_shade(base, 0.35), 255), top + bot)
            for i in range(8):                                          # depth: darker toward the middle
                k = (i + 1) / 8
                band = pygame.Rect(0, s * (0.5 - 0.28 * (1 - k)), s, s * 0.56 * (1 - k) + 1)
                pygame.draw.rect(deco, (*_mix(_shade(base, 0.35), (4, 2, 2), k), 255), band)
            pygame.draw.lines(deco, (*_shade(base, 1.4), 255), False, top, 2 * lw)
            pygame.draw.lines(deco, (*_shade(base, 0.6), 255), False, bot, 2 * lw)
            if kind == "bridge":                                        # planks across the chasm
                x0, x1 = 0.32 * s, 0.68 * s
                n = 9
                for i in range(n):
                    y = s * i / n
                    plank = pygame.Rect(x0, y + 0.01 * s, x1 - x0, s / n - 0.02 * s)
                    pygame.draw.rect(deco, (*_shade(WOOD, rng.uniform(1.0, 1.3)), 255), plank)
                    pygame.draw.rect(deco, (*INK, 255), plank, lw)
                for x in (x0 - 0.02 * s, x1 + 0.02 * s):                # ropes
                    pygame.draw.line(deco, (210, 180, 120, 255), (x, 0), (x, s), 2 * lw)
            surf.blit(deco, (0, 0))
        turns = (heading - 1) % 4
        if turns:
            surf = pygame.transform.rotate(surf, -90 * turns)
        out = pygame.transform.smoothscale(surf, (size, size))
        if size >= 56:
            label = TERRAIN_LABELS.get(kind) or TERRAIN_LABELS[ttype]
            _draw_letter(out, label, (size / 2, size * 0.09), max(5.0, size * 0.06), PALE, INK, bold=True)
        pygame.draw.rect(out, (*_shade(base, 0.45), 255), out.get_rect(), 1)
        return out

    # ------------------------------------------------------------------ tokens and pieces
    def token(self, kind: str, size: int) -> pygame.Surface:
        """A token (treasure, crystal, event, vault, ogre, troll, hatred): a distinct shape + letter."""
        _check(kind, TOKEN_KINDS, "token")
        size = max(8, int(size))
        under = _crystal_glow if kind == "crystal" else None
        return self._get(("token", size, kind),
                         lambda: _figure(size, _token_drawer(kind), scale=0.84, outline=0.035, under=under))

    def entrance_piece(self, size: int) -> pygame.Surface:
        """The Entrance piece of the Moving Entrance variant (VAR-04): a stone gateway with daylight
        in its doorway and an arrow pointing out."""
        size = max(8, int(size))
        return self._get(("entrance_piece", size), lambda: _figure(size, _piece_entrance, scale=0.88, outline=0.06))

    def piece(self, piece_id: str, size: int) -> pygame.Surface:
        """A role's piece (knight, dragon, thief, tribe:fangs/bones/eye): silhouette + letter."""
        _check(piece_id, PIECE_IDS, "piece")
        size = max(8, int(size))
        return self._get(("piece", size, piece_id),
                         lambda: _figure(size, _PIECES[piece_id], scale=0.88, outline=0.05))

    # ------------------------------------------------------------------ edges
    def edge_mark(self, kind: str, length: int, thickness: int, vertical: bool = False) -> pygame.Surface:
        """A mark on an edge between two spaces, ``length``×``thickness`` (horizontal) or rotated a
        quarter turn (``vertical``: ``thickness``×``length``).  Kinds: rockslide, bomb."""
        _check(kind, EDGE_KINDS, "edge mark")
        length, thickness = max(4, int(length)), max(3, int(thickness))
        if vertical:
            return self._get(("edge", (length, thickness), kind, True),
                             lambda: pygame.transform.rotate(self.edge_mark(kind, length, thickness), 90))
        return self._get(("edge", (length, thickness), kind, False),
                         lambda: self._draw_edge(kind, length, thickness))

    def _draw_edge(self, kind: str, length: int, thickness: int) -> pygame.Surface:
        f = _ss(thickness * 2)
        w, h = length * f, thickness * f
        rng = random.Random(_seed("edge", kind))
        layer = _new(w, h)
        if kind == "rockslide":
            col = theme.TOKEN_COLOURS["rockslide"]
            pygame.draw.rect(layer, (*_shade(col, 0.55), 255), pygame.Rect(0, h * 0.3, w, h * 0.4),
                             border_radius=int(h * 0.2))
            n = max(3, round(length / thickness * 1.7))
            for i in range(n):
                cx = (i + 0.5) * w / n + rng.uniform(-0.15, 0.15) * w / n
                cy = h / 2 + rng.uniform(-0.12, 0.12) * h
                r = rng.uniform(0.34, 0.46) * h
                r = min(r, cx, w - cx)
                rock = _rock_poly(rng, cx, cy, r, 7, 0.95)
                pygame.draw.polygon(layer, (*_shade(col, rng.uniform(1.05, 1.45)), 255), rock)
                pygame.draw.circle(layer, (*_mix(col, (255, 255, 255), 0.5), 255),
                                   (cx - r * 0.3, cy - r * 0.35), r * 0.28)
            rad = max(f, round(0.06 * h))
            out = _new(w, h)
            out.blit(_dilate(layer, rad, INK), (-rad, -rad))
            out.blit(layer, (0, 0))
        else:
            # a blasted breach across the edge: a jagged gap of broken stone with cracks running off it ...
            gap = _new(w, h)
            xs = [0.0]
            while xs[-1] < w:
                xs.append(min(float(w), xs[-1] + rng.uniform(0.04, 0.08) * w))
            top = [(x, h * (0.3 + rng.uniform(-0.08, 0.08))) for x in xs]
            lower = [(x, h * (0.7 + rng.uniform(-0.08, 0.08))) for x in reversed(xs)]
            cw = max(1, round(0.07 * h))
            for _ in range(max(2, round(length / thickness * 1.5))):
                x = rng.uniform(0.05, 0.95) * w
                up = rng.random() < 0.5
                y0 = h * (0.4 if up else 0.6)
                y1 = h * (rng.uniform(0.02, 0.1) if up else rng.uniform(0.9, 0.98))
                pts = [(x, y0), (x + rng.uniform(-0.08, 0.08) * h, (y0 + y1) / 2),
                       (x + rng.uniform(-0.16, 0.16) * h, y1)]
                pygame.draw.lines(gap, (*INK, 255), False, pts, cw)
            breach = _new(w, h)
            pygame.draw.polygon(breach, (*BREACH, 255), top + lower)
            for _ in range(max(3, round(length / thickness * 3))):       # rubble in the breach
                x, y = rng.uniform(0, w), rng.uniform(0.38, 0.62) * h
                pygame.draw.polygon(breach, (*_shade(BREACH, rng.uniform(0.65, 0.85)), 255),
                                    _rock_poly(rng, x, y, rng.uniform(0.05, 0.09) * h, 5))
            rad = max(f, round(0.07 * h))
            gap.blit(_dilate(breach, rad, INK), (-rad, -rad))
            gap.blit(breach, (0, 0))
            out = _new(w, h)
            out.blit(gap, (0, 0))
            # ... with a bomb glyph in the middle (as big as the edge allows; the fuse runs along it)
            r = min(0.42 * h, 0.2 * w)
            cx, cy = w / 2 - 0.4 * r, h / 2 + 0.04 * h
            bomb = _new(w, h)
            body = theme.TOKEN_COLOURS["bomb"]
            a = -math.pi / 4                                              # the neck points up and right
            nx, ny = cx + math.cos(a) * r * 0.95, cy + math.sin(a) * r * 0.95
            pygame.draw.line(bomb, (*_shade(body, 1.8), 255), (cx, cy), (nx, ny), max(1, round(0.5 * r)))
            pygame.draw.circle(bomb, (*body, 255), (cx, cy), r)
            pygame.draw.circle(bomb, (150, 150, 150, 255), (cx - r * 0.35, cy - r * 0.35), r * 0.22)
            fuse = _quad((nx, ny), (nx + r * 0.5, ny - r * 0.35), (nx + r * 1.0, ny + r * 0.05), 6)
            pygame.draw.lines(bomb, (210, 180, 130, 255), False, fuse, max(1, round(0.14 * r)))
            sx, sy = fuse[-1]
            spark = [(sx + px * r * 0.45, sy + py * r * 0.45) for px, py in _star(5, 1.0, 0.45)]
            pygame.draw.polygon(bomb, (255, 220, 80, 255), spark)
            rad = max(f, round(0.07 * h))
            out.blit(_dilate(bomb, rad, (*PALE, 255)), (-rad, -rad))
            out.blit(bomb, (0, 0))
        return pygame.transform.smoothscale(out, (length, thickness))

    # ------------------------------------------------------------------ die
    def die_face(self, faces: Sequence[Iterable[tuple[int, int]]], face: int, size: int) -> pygame.Surface:
        """Dragon die face 1..6 of ``faces`` (the game's ``rules.dragon_die``, from the view): a 3×3 grid,
        white squares are the affected spaces (centre = roller)."""
        if not 1 <= int(face) <= len(faces):
            raise ValueError(f"die face must be 1..{len(faces)}, got {face!r}")
        marks = frozenset(faces[int(face) - 1])
        size = max(8, int(size))
        return self._get(("die", size, tuple(sorted(marks))), lambda: self._draw_die(marks, size))

    def _draw_die(self, marks: frozenset[tuple[int, int]], size: int) -> pygame.Surface:
        f = _ss(size)
        s = size * f
        surf = _new(s, s)
        rad = int(0.18 * s)
        pygame.draw.rect(surf, (*INK, 255), surf.get_rect(), border_radius=rad)
        inset = max(f, round(0.04 * s))
        body = surf.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surf, (*DIE_BODY, 255), body, border_radius=rad - inset)
        pygame.draw.rect(surf, (*_mix(DIE_BODY, (255, 255, 255), 0.25), 255), body, max(1, round(0.02 * s)),
                         border_radius=rad - inset)
        pad, gap = 0.13 * s, 0.04 * s
        cell = (s - 2 * pad - 2 * gap) / 3
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                r = pygame.Rect(round(pad + (dx + 1) * (cell + gap)), round(pad + (dy + 1) * (cell + gap)),
                                round(cell), round(cell))
                cr = max(1, round(cell * 0.18))
                if (dx, dy) in marks:
                    pygame.draw.rect(surf, (250, 248, 240, 255), r, border_radius=cr)
                else:
                    pygame.draw.rect(surf, (*_shade(DIE_BODY, 0.5), 255), r, border_radius=cr)
                    if (dx, dy) == (0, 0):                              # the roller's own space
                        pygame.draw.circle(surf, (*_mix(DIE_BODY, (255, 255, 255), 0.45), 255), r.center,
                                           cell * 0.22, max(1, round(cell * 0.08)))
        return pygame.transform.smoothscale(surf, (size, size))

    # ------------------------------------------------------------------ target hints
    def highlight(self, size: int, colour: Sequence[int] = theme.HIGHLIGHT, alpha: int = 110) -> pygame.Surface:
        """A glowing rounded frame around a ``size`` square (a legal target)."""
        size = max(8, int(size))
        rgb: RGB = (int(colour[0]), int(colour[1]), int(colour[2]))
        alpha = max(0, min(255, int(alpha)))
        return self._get(("highlight", size, rgb, alpha), lambda: self._draw_highlight(size, rgb, alpha))

    @staticmethod
    def _draw_highlight(size: int, rgb: RGB, alpha: int) -> pygame.Surface:
        f = 2
        s = size * f
        surf = _new(s, s)
        glow = max(3, round(0.11 * s))
        rad = round(0.14 * s)
        for i in range(glow, -1, -1):                                   # fades inward from the edge
            a = int(alpha * (1 - i / (glow + 1)) ** 2)
            r = surf.get_rect().inflate(-2 * i, -2 * i)
            pygame.draw.rect(surf, (*rgb, a), r, 1, border_radius=max(0, rad - i // 2))
        line = max(2, round(0.03 * s))
        r = surf.get_rect().inflate(-line, -line)
        pygame.draw.rect(surf, (*_mix(rgb, (255, 255, 255), 0.35), min(255, alpha * 2)), r, line, border_radius=rad)
        return pygame.transform.smoothscale(surf, (size, size))

    def open_space_hint(self, size: int) -> pygame.Surface:
        """A faint dashed square marking an open space that is a placement target."""
        size = max(8, int(size))
        return self._get(("open", size), lambda: self._draw_open(size))

    @staticmethod
    def _draw_open(size: int) -> pygame.Surface:
        f = 2
        s = size * f
        surf = _new(s, s)
        hint = theme.OPEN_SPACE_HINT
        rgb = (hint[0], hint[1], hint[2])
        base_a = hint[3] if len(hint) > 3 else 60
        inset = round(0.08 * s)
        r = surf.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surf, (*rgb, max(8, base_a // 3)), r, border_radius=round(0.06 * s))
        w = max(2, round(0.025 * s))
        dash, space = 0.09 * s, 0.06 * s
        col = (*rgb, min(255, int(base_a * 2.2)))
        corners = [r.topleft, r.topright, r.bottomright, r.bottomleft]
        for k in range(4):
            (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 4]
            n = math.hypot(x1 - x0, y1 - y0)
            # centre the dash pattern on each side
            count = max(1, int((n + space) // (dash + space)))
            used = count * dash + (count - 1) * space
            start = (n - used) / 2
            for i in range(count):
                a = (start + i * (dash + space)) / n
                b = (start + i * (dash + space) + dash) / n
                pygame.draw.line(surf, col, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), w)
        return pygame.transform.smoothscale(surf, (size, size))
