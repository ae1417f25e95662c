"""The drawing kit every player board shares (GUI_SPEC "Player board right"): colours, the
:class:`BoardLayout` of regions and tooltips, scaling, wrapping, primitives (frames, cubes, empty
slots, icons, Tribe glyphs, cards and card backs), the highlight glow, the cached static
background and the layout fitter :func:`fit_geometry`.

The role boards (:mod:`.knight`, :mod:`.cave`, :mod:`.goblins`, :mod:`.dragon`, :mod:`.thief`) import
this module and never each other; this module imports no role board.  Its underscore names are
private to the package ``render.boards`` (shared by its modules, not used outside it).

The boards write no tooltip text of their own: :meth:`BoardLayout.tip` registers a region with
``teach.describe.describe_key(view, key)``, the one source of tooltips (map and boards).
All text goes through :mod:`..text` so the privacy tests can read it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import pygame

from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ...rules_data import RulesData, UnknownIdError
from ...teach.describe import describe_key
from .. import text as _text
from ..theme import (
    DANGER,
    HIGHLIGHT,
    PANEL_EDGE,
    ROLE_COLOURS,
    ROLE_LETTERS,
    ROLE_NAMES,
    TEXT,
    TEXT_DIM,
    TOKEN_COLOURS,
    TRIBE_COLOURS,
)
from ..theme import TEXT as _TEXT
from ..theme import font as _theme_font

Colour = tuple[int, int, int]

# ----------------------------------------------------------------- constants
SECTION = (56, 48, 42)
CELL_EDGE = (128, 106, 74)
CUBE = (246, 244, 236)
CUBE_SHADE = (196, 192, 182)
CUBE_EDGE = (96, 92, 88)
CARD_FACE = (236, 222, 188)
CARD_INK = (48, 38, 28)
OK_GREEN = (120, 210, 120)

BASE_W = 420        # the width the base sizes below are designed for

# the rules of the game whose boards are drawn: set from the view by ``draw_board`` (use_rules), so the
# numbers and card texts on a board are the game's own, a player's corrections included
_RD: RulesData | None = None


def use_rules(rules: RulesData) -> bool:
    """Draw the boards with ``rules`` (the view's); True when they are not the rules drawn with until
    now, so the caller forgets the layouts and backgrounds built with the old ones."""
    global _RD
    if rules is _RD:
        return False
    _RD = rules
    return True


def _rules() -> RulesData:
    if _RD is None:
        raise RuntimeError("a board is drawn with its game's rules: draw_board sets them from the view")
    return _RD


@dataclass(frozen=True)
class TerrorFace:
    """A Ghoul's Terror card as a card face (its name, and its two effects as its text): the Terror
    cards are in the Ghoul's part of the rules data, not among the game's cards."""

    name: str
    text: str


def _card(cid: str) -> Any:
    if cid.startswith("terrain:"):          # a Terrain tile to choose (terrain_choose): named by its kind
        kind = cid.split(":", 1)[1]
        return next((t for t in _rules().terrain if t.kind == kind), None)
    try:
        return _rules().card(cid)
    except UnknownIdError:
        pass
    try:
        t = _rules().ghoul.terror_card(cid)
    except (UnknownIdError, KeyError, ValueError):
        return None
    return TerrorFace(str(t.name), f"{_one_line(t.first.text)} Once per game: {_one_line(t.once_per_game.text)}")


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
    # the height the board needs at a readable size (more than its rect's on a short window: the table scrolls)
    height: int = 0

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


# The smallest text a board draws, in pixels at UI scale 1 (issue 27: readable at every size).
MIN_PX = 12
# The smallest text size (a :func:`..text.draw_text` size) of the board being drawn: set by ``draw_board``
# for the UI scale it is given, read by every text, measure and :class:`_Scale` of that board.
_FLOOR: ContextVar[int] = ContextVar("board_text_floor", default=18)
# (the UI scale of the board being drawn: the boards grow with it)
_UI: ContextVar[float] = ContextVar("board_ui_scale", default=1.0)


# The smallest scale a board is laid out at (times the UI scale): its boxes hold its texts down to it.
MIN_SCALE = 0.9
# The height the board being drawn needs (its layout's bottom), read by ``draw_board``.
_HEIGHT: ContextVar[int] = ContextVar("board_height", default=0)


def _text_floor() -> int:
    return _FLOOR.get()


_Tokens = tuple[Token[int], Token[float], Token[int]]


def use_text_floor(ui_scale: float) -> _Tokens:
    """Draw the boards from now on for ``ui_scale``: no text below ``MIN_PX * ui_scale`` pixels; returns
    what :func:`restore_text_floor` needs to go back."""
    return _FLOOR.set(_text.size_for_px(round(MIN_PX * ui_scale))), _UI.set(ui_scale), _HEIGHT.set(0)


def laid_height() -> int:
    """The height the board drawn since :func:`use_text_floor` needs."""
    return _HEIGHT.get()


def restore_text_floor(tokens: _Tokens) -> None:
    _FLOOR.reset(tokens[0])
    _UI.reset(tokens[1])
    _HEIGHT.reset(tokens[2])


def _clamp(size: float) -> int:
    return max(int(size), _FLOOR.get())


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
              colour: tuple[int, int, int] = _TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """:func:`..text.draw_text` never below the board's text floor (every board text goes through it)."""
    return _text.draw_text(surface, text, pos, _clamp(size), colour, bold, anchor)


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """:func:`..text.fit` at the size :func:`draw_text` will draw ``size`` at."""
    return _text.fit(text, _clamp(size), width, bold)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font :func:`draw_text` draws ``size`` with (for measuring)."""
    return _theme_font(_clamp(size), bold)


class _Scale:
    """Board sizes at scale ``s``: lengths scale freely, text never below the board's text floor."""

    def __init__(self, s: float) -> None:
        self.s = s
        self.floor = _FLOOR.get()

    def __call__(self, v: float) -> int:
        return max(1, int(round(v * self.s)))

    def f(self, base: float) -> int:
        return max(self.floor, int(round(base * self.s)))


def _wrap(text: str, size: int, width: int, lines: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` in at most ``lines`` lines of ``width`` pixels at the size :func:`draw_text` draws ``size`` at."""
    return _wrap_at(text, _clamp(size), width, lines, bold)


@lru_cache(maxsize=2048)
def _wrap_at(text: str, size: int, width: int, lines: int, bold: bool = False) -> tuple[str, ...]:
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
_BG: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[str, ...], tuple[_text.DrawnText, ...]]] = {}


def _background(key: tuple[Any, ...], size: tuple[int, int],
                build: Callable[[pygame.Surface], None], at: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """The cached static layer for ``key`` (to be blitted at ``at``); the labels it holds are
    re-recorded in DRAWN and DRAWN_TEXTS (placed at ``at``) on every use."""
    key = (*key, _text_floor(), _UI.get())
    hit = _BG.get(key)
    if hit is None:
        if len(_BG) > 48:
            _BG.clear()
        surf = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        start, start_t = len(_text.DRAWN), len(_text.DRAWN_TEXTS)
        build(surf)
        labels = tuple(_text.DRAWN[start:])
        placed = tuple(_text.DRAWN_TEXTS[start_t:])
        del _text.DRAWN_TEXTS[start_t:]
        hit = (surf, labels, placed)
        _BG[key] = hit
    else:
        _text.DRAWN.extend(hit[1])
    _text.DRAWN_TEXTS.extend(_text.DrawnText(t.text, t.px, t.rect.move(at) if t.rect is not None else None)
                             for t in hit[2])
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


def _offer_geometry(x: int, y: int, w: int, n_offer: int, title_h: int, gap: int,
                    sc: _Scale) -> tuple[pygame.Rect | None, list[pygame.Rect], int]:
    """Where a board lays the cards the pending decision offers (the Knight's Treasure found,
    the Cave's cards to give): a title row and a grid of cards from ``y``; none when nothing
    is offered.  Returns the title, the cards and the ``y`` below them."""
    if not n_offer:
        return None, [], y
    title = pygame.Rect(x, y, w, title_h)
    y += title_h
    ocw, och = sc(128), sc(96)
    cards = _grid(x, y, w, n_offer, ocw, och, gap)
    return title, cards, y + _grid_height(w, n_offer, ocw, och, gap) + gap


def _draw_offer(surf: pygame.Surface, out: BoardLayout, view: PlayerView, title: pygame.Rect,
                cards: Iterable[pygame.Rect], offered: Iterable[str], lab: int, sc: _Scale) -> None:
    """The offered cards face up under a title naming the decision (:data:`OFFER_TITLES`),
    each a click target (``card:<id>``) with its tooltip."""
    d = view.decision
    heading = OFFER_TITLES.get(d.kind if d else "", "Choose a card")
    draw_text(surf, _fit(heading, lab, title.w, bold=True), (title.x, title.centery), lab, HIGHLIGHT, bold=True,
              anchor="midleft")
    for cid, r in zip(offered, cards, strict=False):
        c = _card(cid)
        _draw_card(surf, r, _card_name(cid), [], sc, body=_one_line(str(c.text)) if c else "")
        out.tip(view, f"card:{cid}", r)


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


# ------------------------------------------------------------- layout fit
class _Laid(Protocol):
    bottom: int


G = TypeVar("G", bound=_Laid)


def fit_geometry(cache: dict[Any, G], key: Any, w: int, h: int, build: Callable[[float, int], G],
                 spare: Callable[[G, float, int], int], tries: int = 4, shrink: float = 0.8) -> G:
    """One board layout per (size, contents), shared by every role's board: start from the
    width's scale (larger with the UI scale), shrink until the layout fits the height — never below
    :data:`MIN_SCALE` times the UI scale, where the texts would no longer fit their boxes: a board
    still too tall is taller than ``h`` and the table scrolls it — then hand any spare height to
    ``spare(geometry, scale, pixels)`` (taller cards or rows) and build once more.  The height the
    board needs is kept for ``draw_board``'s :attr:`BoardLayout.height`."""
    ui = _UI.get()
    key = (key, _FLOOR.get(), ui)
    cached = cache.get(key)
    if cached is None:
        s = min(w / BASE_W, 1.35 * max(1.0, ui))
        lo = min(s, MIN_SCALE * ui)
        for _ in range(tries):
            g = build(s, 0)
            if g.bottom <= h or s <= lo:
                break
            s = max(lo, s * max(shrink, (h - 2) / g.bottom))
        if g.bottom < h:
            extra = spare(g, s, h - g.bottom)
            if extra:
                g = build(s, extra)
        if len(cache) > 64:
            cache.clear()
        cache[key] = cached = g
    _HEIGHT.set(cached.bottom)
    return cached


# ------------------------------------------------------------------ tokens
def _tile_art(art: Any) -> Any:
    if art is not None:
        return art
    try:
        from ..tile_art import TileArt
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


# ------------------------------------------------------------------- caches
def clear_caches() -> None:
    """Forget the kit's cached backgrounds, glows, tile art and text fits (after a display change or
    pygame.quit); each role board forgets its own layouts (see the package's ``clear_caches``)."""
    global _DEFAULT_ART
    _BG.clear()
    _GLOW.clear()
    _DEFAULT_ART = None
    _text.fit.cache_clear()
    _wrap_at.cache_clear()


# --------------------------------------------------------------- card zoom
ZOOM_PX = 14           # the card text's pixel size when a card is hovered (times the UI scale)
ZOOM_TITLE_PX = 18
ZOOM_W = 320           # its width (times the UI scale)


def draw_card_zoom(surface: pygame.Surface, cid: str, right: int, top: int, bounds: pygame.Rect,
                   ui_scale: float = 1.0) -> pygame.Rect | None:
    """The card ``cid`` at full size — its name and its whole text, the text at least :data:`ZOOM_PX`
    pixels — on a card whose top right corner is at (``right``, ``top``), kept inside ``bounds``; returns
    where it lies (None for an unknown card).  The boards' cards are small; hovering one shows this."""
    c = _card(cid)
    if c is None:
        return None
    body_size = _text.size_for_px(round(ZOOM_PX * ui_scale))
    title_size = _text.size_for_px(round(ZOOM_TITLE_PX * ui_scale))
    pad = max(6, int(10 * ui_scale))
    w = min(int(ZOOM_W * ui_scale), bounds.w - 8)
    titles = _text.wrap(str(c.name), title_size, w - 2 * pad, bold=True)
    body = _text.wrap(_one_line(str(getattr(c, "text", "") or "")), body_size, w - 2 * pad)
    t_lh, b_lh = _theme_font(title_size, True).get_linesize(), _theme_font(body_size).get_linesize()
    h = 2 * pad + len(titles) * t_lh + pad // 2 + len(body) * b_lh
    r = pygame.Rect(0, 0, w, min(h, bounds.h - 8))
    r.topright = (right, top)
    r.clamp_ip(bounds.inflate(-8, -8))
    shadow = r.move(4, 5)
    pygame.draw.rect(surface, (10, 8, 12), shadow, border_radius=8)
    _frame(surface, r, CARD_FACE, _shade(CARD_FACE, 0.5), 3, radius=8)
    y = r.y + pad
    for line in titles:
        _text.draw_text(surface, line, (r.centerx, y), title_size, CARD_INK, bold=True, anchor="midtop")
        y += t_lh
    pygame.draw.line(surface, _shade(CARD_FACE, 0.6), (r.x + pad, y + pad // 4), (r.right - pad, y + pad // 4), 1)
    y += pad // 2
    for line in body:
        if y + b_lh > r.bottom - pad // 2:
            break
        _text.draw_text(surface, line, (r.x + pad, y), body_size, CARD_INK)
        y += b_lh
    return r
