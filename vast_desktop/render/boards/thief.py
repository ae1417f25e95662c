"""The Thief's player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_thief_board` draws ``view.boards.thief`` (all public) into a rectangle and fills
a :class:`~.kit.BoardLayout`: the three Stat tokens (value, light or dark side) on Movement,
Stealth and Thievery with the stats they make (a Stat Boost, −1 Stealth per carried token, a
Hex), while he assigns them the choices as columns beside the rows; this turn's Action cubes
and Movement left (and the Flare when he holds it); the Loot Drop Level track 3-2-1-0 with what
his killer would gain; the Unstashed Tokens space (carried Treasure and Gems); the 11 upgrade
spaces (4 action upgrades, Unnatural Evasion, 3 Stat Boosts, the 3 Flips in order) with the
tokens stashed on them; and the stash track (stashed / needed, set aside, stashed plain).

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:thief.stats.<m>-<s>-<t>`` — an assignment of the Stat tokens (while he assigns them);
* ``slot:thief.upgrade.<id>`` — an upgrade space (stashing; Sticky Fingers' reroll);
* ``slot:thief.loot_drop.<level>`` — a Loot Drop Level space (Hide Loot);
* ``card:flare`` — the Flare, when he holds it;
* ``slot:thief.upgrade.<card>``, ``slot:thief.upgrade_card``, ``slot:thief.charm.<player>``,
  ``slot:thief.wand.<piece>`` — the Upgrade card and its actions (thief-upgrades variant);
* ``info:thief.<thing>`` — tooltips only.

All text goes through :mod:`..text`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ...teach.describe_boards import STAT_NAMES
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM, TOKEN_COLOURS
from .kit import (
    OK_GREEN,
    BoardLayout,
    Colour,
    _background,
    _cube,
    _empty_slot,
    _fit,
    _frame,
    _header,
    _icon_boot,
    _icon_coin,
    _one_line,
    _pts,
    _rules,
    _Scale,
    _section,
    _shade,
    _token,
    _wrap,
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["STATS", "UPGRADE_ROWS", "draw_thief_board", "holds_flare"]


GREY = ROLE_COLOURS["thief"]
BOARD_BG: Colour = (30, 32, 38)
SECTION: Colour = (44, 47, 55)
CELL: Colour = (58, 62, 72)
CELL_EDGE: Colour = (128, 132, 146)
TOKEN_LIGHT: Colour = (226, 226, 230)
TOKEN_DARK: Colour = (24, 24, 30)
INK: Colour = (24, 24, 30)
CARD_FACE: Colour = (232, 228, 214)
KIND_TINT: dict[str, Colour] = {"action": (54, 66, 84), "evasion": (70, 54, 82), "stat": (52, 74, 62),
                                "flip": (80, 68, 50)}
KIND_EDGE: dict[str, Colour] = {"action": (110, 140, 190), "evasion": (160, 120, 200), "stat": (110, 180, 130),
                                "flip": (200, 170, 110)}

STATS = ("movement", "stealth", "thievery")
UPGRADE_ROWS: tuple[tuple[str, ...], ...] = (
    ("sticky_fingers", "lock_picking_kit", "climbing_gear", "hand_crossbow"),
    ("unnatural_evasion", "plus_movement", "plus_stealth", "plus_thievery"),
    ("flip_2_to_3", "flip_3_to_4", "flip_all_4"),
)
UPGRADE_SHORT = {
    "sticky_fingers": "Pickpocket reroll", "lock_picking_kit": "Pick Lock −1", "climbing_gear": "Climb −1",
    "hand_crossbow": "Backstab range 3", "unnatural_evasion": "4+ foils attack", "plus_movement": "for good",
    "plus_stealth": "for good", "plus_thievery": "for good", "flip_2_to_3": "the 2 token shows 3",
    "flip_3_to_4": "the 3 token shows 4", "flip_all_4": "every token is 4",
}
GEM_LETTERS = {"gem_claw": "C", "gem_flame": "F", "gem_wing": "W"}


# ------------------------------------------------------------------ glyphs
def _icon_mask(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """Stealth: a hooded face with a mask across the eyes."""
    pygame.draw.polygon(s, _shade(c, 0.55), _pts(r, [(0.5, 0.02), (0.92, 0.42), (0.86, 0.98), (0.14, 0.98),
                                                     (0.08, 0.42)]))
    pygame.draw.ellipse(s, _shade(c, 0.25), pygame.Rect(r.x + r.w * 0.24, r.y + r.h * 0.32, r.w * 0.52, r.h * 0.56))
    band = pygame.Rect(r.x + r.w * 0.14, r.y + r.h * 0.46, r.w * 0.72, max(3, r.h * 0.18))
    pygame.draw.rect(s, c, band, border_radius=max(1, band.h // 2))
    for x in (0.38, 0.62):
        pygame.draw.circle(s, INK, (r.x + r.w * x, band.centery), max(1, r.w // 12))


def _icon_key(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """Thievery: a key (a lock pick)."""
    rad = max(3, r.w // 4)
    centre = (r.x + r.w * 0.3, r.y + r.h * 0.32)
    pygame.draw.circle(s, c, centre, rad, max(2, r.w // 9))
    w = max(2, r.w // 9)
    _line(s, c, r, (0.42, 0.44), (0.88, 0.9), w)
    _line(s, c, r, (0.7, 0.72), (0.82, 0.6), w)
    _line(s, c, r, (0.8, 0.82), (0.92, 0.7), w)


def _line(s: pygame.Surface, c: Colour, r: pygame.Rect, a: tuple[float, float], b: tuple[float, float],
          w: int) -> None:
    pa, pb = _pts(r, [a, b])
    pygame.draw.line(s, c, pa, pb, w)


STAT_ICONS = {"movement": _icon_boot, "stealth": _icon_mask, "thievery": _icon_key}


def stat_token(surf: pygame.Surface, r: pygame.Rect, value: int, dark: bool, size: int) -> None:
    """A Stat token: light side pale with dark figures, dark side dark with a ring inside
    (the side is told by shade and by the inner ring, not by colour alone)."""
    rad = min(r.w, r.h) // 2
    fill = TOKEN_DARK if dark else TOKEN_LIGHT
    pygame.draw.circle(surf, _shade(fill, 0.6) if not dark else (20, 20, 26), (r.centerx + 1, r.centery + 1), rad)
    pygame.draw.circle(surf, fill, r.center, rad)
    pygame.draw.circle(surf, GREY if dark else (120, 120, 130), r.center, rad, max(1, rad // 8))
    if dark:
        pygame.draw.circle(surf, (150, 150, 165), r.center, max(2, rad - max(3, rad // 4)), 1)
    draw_text(surf, str(value), (r.centerx, r.centery + 1), size, TEXT if dark else INK, bold=True, anchor="center")


def _gem_glyph(kind: str) -> Any:
    def draw(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
        pts = _pts(r, [(0.5, 0.04), (0.92, 0.4), (0.5, 0.96), (0.08, 0.4)])
        pygame.draw.polygon(s, TOKEN_COLOURS.get(kind, c), pts)
        pygame.draw.polygon(s, INK, pts, 1)
        draw_text(s, GEM_LETTERS.get(kind, "?"), r.center, max(11, r.h // 2), INK, bold=True, anchor="center")
    return draw


@lru_cache(maxsize=64)
def holds_flare(roles: tuple[str, ...]) -> bool:
    """RV-05: the role variant gives the Thief the Flare (his own, or the table's)."""
    try:
        rv = _rules().role_variant(roles)
    except Exception:
        return False
    for gift in getattr(rv, "gifts", ()) or ():
        card, holder = (str(gift[0]), str(gift[1])) if isinstance(gift, (tuple, list)) else (gift.card, gift.holder)
        if card == "flare" and holder in ("thief", "table"):
            return True
    return False


# ------------------------------------------------------------------ geometry
@dataclass
class _TGeom:
    sc: _Scale
    header: pygame.Rect
    stats_sec: pygame.Rect
    stat_rows: dict[str, pygame.Rect]
    stat_tokens: dict[str, pygame.Rect]
    stat_values: dict[str, pygame.Rect]
    stat_notes: dict[str, pygame.Rect]
    choice_cols: list[pygame.Rect]
    cubes_box: pygame.Rect
    move_box: pygame.Rect
    flare_box: pygame.Rect | None
    loot_sec: pygame.Rect
    loot_cells: dict[int, pygame.Rect]
    carried_sec: pygame.Rect
    upgrades_sec: pygame.Rect
    upgrade_cells: dict[str, pygame.Rect]
    stash_sec: pygame.Rect
    stash_cells: list[pygame.Rect]
    card_sec: pygame.Rect | None            # the Upgrade card (thief-upgrades variant)
    bottom: int


_TGEOM: dict[tuple[Any, ...], _TGeom] = {}


def _geom(w: int, h: int, n_choices: int, flare: bool, needed: int, card: bool = False) -> _TGeom:
    return fit_geometry(_TGEOM, (w, h, n_choices, flare, needed, card), w, h,
                        lambda s, extra: _geom_at(w, n_choices, flare, needed, s, extra, card),
                        lambda g, s, room: min(int(64 * s), room // 3),     # taller upgrade spaces, with their text
                        tries=6, shrink=0.82)


def _geom_at(w: int, n_choices: int, flare: bool, needed: int, s: float, extra: int, card: bool = False) -> _TGeom:
    sc = _Scale(s)
    P, gap = sc(6), sc(4)
    inner = w - 2 * P
    title_h = max(sc(20), font(sc.f(17), True).get_linesize() + 2)
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    # ---- Stat tokens: one row per stat; the assignment choices as columns on the right
    row_h = max(sc(38), font(sc.f(26), True).get_linesize() + sc(4))
    stats_sec = pygame.Rect(P, y, inner, title_h + 3 * row_h + sc(6))
    lab_w = max(sc(112), sc(31) + max(font(sc.f(17), True).size(n)[0] for n in ("Movement", "Stealth", "Thievery"))
                + sc(12))
    tok = min(row_h - sc(6), sc(32))
    val_w = max(sc(40), font(sc.f(26), True).size("5")[0] + sc(14))
    stat_rows: dict[str, pygame.Rect] = {}
    stat_tokens: dict[str, pygame.Rect] = {}
    stat_values: dict[str, pygame.Rect] = {}
    stat_notes: dict[str, pygame.Rect] = {}
    for i, name in enumerate(STATS):
        row = pygame.Rect(stats_sec.x + sc(3), stats_sec.y + title_h + i * row_h, inner - sc(6), row_h - sc(2))
        stat_rows[name] = row
        t = pygame.Rect(row.x + lab_w, row.centery - tok // 2, tok, tok)
        stat_tokens[name] = t
        v = pygame.Rect(t.right + sc(6), row.y + sc(2), val_w, row.h - sc(4))
        stat_values[name] = v
        stat_notes[name] = pygame.Rect(v.right + sc(6), row.y, row.right - v.right - sc(10), row.h)
    choice_cols: list[pygame.Rect] = []
    if n_choices:
        x0 = stat_values["movement"].right + sc(8)
        area = stats_sec.right - sc(4) - x0
        cgap = sc(3)
        cw = max(8, min(sc(40), (area - (n_choices - 1) * cgap) // n_choices))
        top = stat_rows["movement"].y
        ch = stat_rows["thievery"].bottom - top
        choice_cols = [pygame.Rect(x0 + i * (cw + cgap), top, cw, ch) for i in range(n_choices)]
    y = stats_sec.bottom + gap
    # ---- this turn: Action cubes, Movement left, the Flare
    th = max(sc(50), title_h + sc(26))
    n_boxes = 3 if flare else 2
    if flare:
        fw = max(sc(112), font(sc.f(16), True).size("Flare")[0] + font(sc.f(14)).size("1 cube")[0] // 2 + sc(44))
        bw = (inner - fw - 2 * gap) // 2
    else:
        fw, bw = 0, (inner - gap) // 2
    cubes_box = pygame.Rect(P, y, bw, th)
    move_box = pygame.Rect(cubes_box.right + gap, y, bw if n_boxes == 3 else inner - bw - gap, th)
    flare_box = pygame.Rect(move_box.right + gap, y, inner - 2 * bw - 2 * gap, th) if flare else None
    y += th + gap
    # ---- Loot Drop Level (left) and Unstashed tokens (right)
    lh = title_h + max(sc(34), font(sc.f(20), True).get_linesize() + sc(8))
    lw = (inner - gap) * 52 // 100
    loot_sec = pygame.Rect(P, y, lw, lh)
    levels = list(_rules().thief.loot_drop_levels)
    lcw = (lw - sc(8) - (len(levels) - 1) * sc(3)) // len(levels)
    loot_cells = {lv: pygame.Rect(loot_sec.x + sc(4) + i * (lcw + sc(3)), loot_sec.y + title_h, lcw,
                                  lh - title_h - sc(4)) for i, lv in enumerate(levels)}
    carried_sec = pygame.Rect(loot_sec.right + gap, y, inner - lw - gap, lh)
    y += lh + gap
    # ---- upgrades: 4 action / Evasion + 3 Stat Boosts / 3 Flips in order
    uh = max(sc(44), 2 * font(sc.f(14), True).get_linesize() + sc(8)) + extra
    upgrades_sec = pygame.Rect(P, y, inner, title_h + 3 * uh + 2 * sc(3) + sc(5))
    upgrade_cells: dict[str, pygame.Rect] = {}
    for ri, row_ids in enumerate(UPGRADE_ROWS):
        n = len(row_ids)
        arrow = sc(12) if n == 3 else 0
        ugap = sc(4)
        cw = (inner - sc(8) - (n - 1) * (ugap + arrow)) // n
        for ci, uid in enumerate(row_ids):
            upgrade_cells[uid] = pygame.Rect(upgrades_sec.x + sc(4) + ci * (cw + ugap + arrow),
                                             upgrades_sec.y + title_h + ri * (uh + sc(3)), cw, uh)
    y = upgrades_sec.bottom + gap
    # ---- the stash: one space per token needed
    sh = title_h + max(sc(26), font(sc.f(14)).get_linesize() + sc(8))
    stash_sec = pygame.Rect(P, y, inner, sh)
    n = max(1, needed)
    d = min(sc(24), sh - title_h - sc(5), (inner - sc(10)) // n - sc(3))
    stash_cells = [pygame.Rect(stash_sec.x + sc(6) + i * (d + sc(4)), stash_sec.y + title_h, d, d) for i in range(n)]
    y = stash_sec.bottom + gap
    card_sec = None
    if card:                                # the Upgrade card, its token, charges and actions
        card_sec = pygame.Rect(P, y, inner, title_h + max(sc(58), 3 * font(sc.f(14)).get_linesize() + sc(12)))
        y = card_sec.bottom + gap
    return _TGeom(sc, header, stats_sec, stat_rows, stat_tokens, stat_values, stat_notes, choice_cols, cubes_box,
                  move_box, flare_box, loot_sec, loot_cells, carried_sec, upgrades_sec, upgrade_cells, stash_sec,
                  stash_cells, card_sec, y)


# ------------------------------------------------------------------ static layer
def _static(surf: pygame.Surface, gm: _TGeom, own: bool) -> None:
    rd = _rules().thief
    sc = gm.sc
    surf.fill(BOARD_BG)
    pygame.draw.rect(surf, GREY, surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "thief", "your board" if own else "public view", sc)
    lab = sc.f(17)
    small = sc.f(14)
    # Stats
    _section(surf, gm.stats_sec, SECTION)
    draw_text(surf, "Stat tokens", (gm.stats_sec.x + sc(6), gm.stats_sec.y + sc(3)), lab, TEXT, bold=True)
    for i, name in enumerate(STATS):
        row = gm.stat_rows[name]
        pygame.draw.rect(surf, _shade(SECTION, 1.25 if i % 2 == 0 else 1.1), row, border_radius=4)
        isz = min(sc(22), row.h - sc(8))
        STAT_ICONS[name](surf, pygame.Rect(row.x + sc(4), row.centery - isz // 2, isz, isz), (200, 200, 212))
        draw_text(surf, STAT_NAMES[name], (row.x + isz + sc(9), row.centery), lab, TEXT, bold=True, anchor="midleft")
        t = gm.stat_tokens[name]
        pygame.draw.circle(surf, _shade(CELL, 1.3), t.center, t.w // 2 + sc(2))
        pygame.draw.circle(surf, CELL_EDGE, t.center, t.w // 2 + sc(2), 1)
        _frame(surf, gm.stat_values[name], (26, 27, 32), GREY, 1)
    # This turn
    for r, title in ((gm.cubes_box, "Action cubes"), (gm.move_box, "Movement left")):
        _section(surf, r, SECTION)
        draw_text(surf, _fit(title, small, r.w - sc(30)), (r.x + sc(5), r.y + sc(3)), small, TEXT_DIM)
    if gm.flare_box is not None:
        _section(surf, gm.flare_box, SECTION)
    # Loot Drop Level
    _section(surf, gm.loot_sec, SECTION)
    draw_text(surf, _fit("Loot Drop Level", lab, gm.loot_sec.w - sc(8), True),
              (gm.loot_sec.x + sc(6), gm.loot_sec.y + sc(3)), lab, TEXT, bold=True)
    for lv, c in gm.loot_cells.items():
        _frame(surf, c, CELL if lv else _shade(CELL, 0.8), CELL_EDGE, 1)
        draw_text(surf, str(lv), c.center, sc.f(20), TEXT_DIM, bold=True, anchor="center")
    # Unstashed tokens
    _section(surf, gm.carried_sec, SECTION)
    draw_text(surf, _fit("Unstashed", lab, gm.carried_sec.w - sc(8), True),
              (gm.carried_sec.x + sc(6), gm.carried_sec.y + sc(3)), lab, TEXT, bold=True)
    # Upgrades
    _section(surf, gm.upgrades_sec, SECTION)
    draw_text(surf, "Upgrades", (gm.upgrades_sec.x + sc(6), gm.upgrades_sec.y + sc(3)), lab, TEXT, bold=True)
    ups = {u.id: u for u in rd.upgrades}
    size = sc.f(14)
    for uid, c in gm.upgrade_cells.items():
        u = ups.get(uid)
        kind = str(getattr(u, "kind", "action"))
        _frame(surf, c, KIND_TINT.get(kind, CELL), KIND_EDGE.get(kind, CELL_EDGE), 1)
        if uid in ("flip_2_to_3", "flip_3_to_4"):        # the Flips are taken left to right
            ax = c.right + sc(2)
            ay = c.centery
            aw = sc(10)
            pygame.draw.polygon(surf, KIND_EDGE["flip"], [(ax, ay - sc(5)), (ax + aw, ay), (ax, ay + sc(5))])
        slot = _token_slot(c, sc)
        _empty_slot(surf, slot, KIND_EDGE.get(kind, CELL_EDGE))
        name = str(u.name) if u is not None else uid
        ls = font(size, True).get_linesize()
        lines = max(1, min(2, (c.h - sc(4)) // ls))
        ty = c.y + sc(3)
        for line in _wrap(name, size, c.w - sc(8), lines, bold=True):
            draw_text(surf, line, (c.x + sc(4), ty), size, TEXT, bold=True)
            ty += ls
        tiny = sc.f(13)
        tls = font(tiny).get_linesize()
        room = slot.x - c.x - sc(6)
        n_full = (c.bottom - sc(3) - ty) // tls
        full = _wrap(_one_line(str(getattr(u, "text", ""))), tiny, room, 9) if u is not None else ()
        if full and len(full) <= n_full:            # tall spaces: the whole upgrade text
            for line in full:
                draw_text(surf, line, (c.x + sc(4), ty), tiny, _shade(TEXT_DIM, 1.1))
                ty += tls
            continue
        short = UPGRADE_SHORT.get(uid, "")
        if short and n_full >= 1 and font(tiny).size(short)[0] <= room:
            draw_text(surf, short, (c.x + sc(4), c.bottom - sc(3)), tiny, _shade(TEXT_DIM, 1.1), anchor="bottomleft")
    # Stash
    _section(surf, gm.stash_sec, SECTION)
    draw_text(surf, "Stashed", (gm.stash_sec.x + sc(6), gm.stash_sec.y + sc(3)), lab, TEXT, bold=True)
    for c in gm.stash_cells:
        _empty_slot(surf, c, (170, 150, 90))


def _token_slot(c: pygame.Rect, sc: _Scale) -> pygame.Rect:
    d = max(8, min(sc(20), c.h // 2))
    return pygame.Rect(c.right - d - sc(4), c.bottom - d - sc(4), d, d)


# ------------------------------------------------------------------ dynamic layer
def _stat_choices(view: PlayerView) -> list[tuple[str, tuple[int, int, int]]]:
    """The assignment choices of the pending decision (the Thief's own view only)."""
    d = view.decision
    if d is None or d.role != "thief" or view.viewer != "thief":
        return []
    out: list[tuple[str, tuple[int, int, int]]] = []
    for o in d.options:
        for t in o.targets:
            if t.kind == "slot" and t.ref.startswith("thief.stats."):
                try:
                    m, s, th = (int(v) for v in t.ref.rsplit(".", 1)[1].split("-"))
                except ValueError:
                    continue
                out.append((t.ref, (m, s, th)))
    return out


def draw_thief_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                     art: Any) -> None:
    tb = view.boards.thief
    assert tb is not None
    rd = _rules().thief
    own = view.viewer == role
    choices = _stat_choices(view)
    flare = holds_flare(tuple(view.roles))
    needed = int(tb.stash_needed)
    has_card = bool(tb.upgrade_card_held)
    gm = _geom(rect.w, rect.h, len(choices), flare, needed, has_card)
    sc = gm.sc
    bg = _background(("thief", rect.w, rect.h, len(choices), flare, needed, own, has_card), rect.size,
                     lambda s: _static(s, gm, own), rect.topleft)
    surface.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    small = sc.f(14)
    active = view.active == "thief"
    dead = bool(tb.dead)
    placed = bool(tb.placed)
    stats = tb.stats
    stealth_now = tb.stealth_now
    tokens: list[int] = list(tb.tokens)
    flipped: list[bool] = list(tb.flipped)
    assignment = tb.assignment
    upgrades: list[str] = list(tb.upgrades)
    carried: list[str] = list(tb.carried)
    hex_stealth = int(tb.hex_stealth)
    all4 = "flip_all_4" in upgrades
    # ---- header
    out.tip(view, "info:thief.header", at(gm.header))
    if dead or not placed:
        hr = at(gm.header)
        label = "DEAD" if dead else "off the map"
        tw = font(sc.f(15), True).size(label)[0]
        name_end = hr.x + hr.h + font(sc.f(24), True).size("Thief")[0] + sc(14)
        sub_w = font(sc.f(16)).size("your board" if own else "public view")[0]
        if name_end + tw + sc(12) < hr.right - sub_w - sc(16):
            draw_text(surface, label, (name_end + sc(6), hr.centery), sc.f(15), DANGER if dead else TEXT_DIM,
                      bold=True, anchor="midleft")
    # ---- Stat tokens
    choosing = bool(choices)
    for name in STATS:
        idx = int(assignment.get(name, STATS.index(name)))
        value = tokens[idx] if 0 <= idx < len(tokens) else 0
        dark = bool(flipped[idx]) if 0 <= idx < len(flipped) else False
        t = at(gm.stat_tokens[name])
        stat_token(surface, t, value, dark, max(sc.f(18), t.h * 3 // 5))
        eff = stealth_now if name == "stealth" else int(stats.get(name, value))
        base = int(stats.get(name, value))
        vr = at(gm.stat_values[name])
        colour = DANGER if name == "stealth" and eff < base else (OK_GREEN if base > value else TEXT)
        draw_text(surface, str(eff), vr.center, sc.f(26), colour, bold=True, anchor="center")
        notes: list[str] = []
        if base > value:
            notes.append(f"+{base - value} boost")
        if name == "stealth" and carried:
            notes.append(f"−{len(carried)} carried")
        if name == "stealth" and hex_stealth:
            notes.append(f"−{hex_stealth} Hex")
        if not choosing:
            nr = at(gm.stat_notes[name])
            note = ", ".join(notes) if notes else ("all tokens 4" if all4 else "")
            if note:
                draw_text(surface, _fit(note, small, nr.w), (nr.x, nr.centery), small, TEXT_DIM, anchor="midleft")
        out.tip(view, f"info:thief.{name}", at(gm.stat_rows[name]))
    if choosing:
        ss = at(gm.stats_sec)
        draw_text(surface, "choose a column", (ss.right - sc(6), ss.y + sc(4)), small, HIGHLIGHT, anchor="topright")
        rows = [at(gm.stat_rows[n]) for n in STATS]
        for (ref, vals), col in zip(choices, gm.choice_cols, strict=False):
            cr = at(col)
            _frame(surface, cr, (36, 38, 46), CELL_EDGE, 1)
            d = max(8, min(cr.w - sc(4), rows[0].h - sc(8)))
            for v, row in zip(vals, rows, strict=True):
                disc = pygame.Rect(cr.centerx - d // 2, row.centery - d // 2, d, d)
                dark = _is_dark(v, tokens, flipped)
                stat_token(surface, disc, v, dark, max(sc.f(15), d * 3 // 5))
            out.tip(view, f"slot:{ref}", cr)
    # ---- this turn
    cubes = int(tb.cubes)
    moves = int(tb.movement_left)
    for box, n, what in ((gm.cubes_box, cubes, "cubes"), (gm.move_box, moves, "moves")):
        br = at(box)
        draw_text(surface, str(n), (br.right - sc(6), br.y + sc(2)), sc.f(20), TEXT if n else TEXT_DIM, bold=True,
                  anchor="topright")
        if not active:
            draw_text(surface, _fit("not his turn", small, br.w - sc(10)), (br.x + sc(6), br.bottom - sc(5)), small,
                      TEXT_DIM, anchor="bottomleft")
            continue
        cs = max(6, min(sc(18), br.h - sc(24)))
        x = br.x + sc(6)
        shown = 0
        for _ in range(n):
            if x + cs > br.right - sc(4):
                break
            r = pygame.Rect(x, br.bottom - cs - sc(5), cs, cs)
            if what == "cubes":
                _cube(surface, r)
            else:
                _icon_boot(surface, r, (200, 200, 212))
            x += cs + sc(3)
            shown += 1
        if n == 0:
            draw_text(surface, "assign the tokens" if choosing else "none left", (br.x + sc(6), br.bottom - sc(5)), small, TEXT_DIM, anchor="bottomleft")
    out.tip(view, "info:thief.cubes", at(gm.cubes_box))
    out.tip(view, "info:thief.movement_left", at(gm.move_box))
    if gm.flare_box is not None:
        fr = at(gm.flare_box)
        card = fr.inflate(-sc(6), -sc(6))
        _frame(surface, card, CARD_FACE, (170, 150, 110), 2, radius=5)
        rad = max(4, min(card.h // 4, sc(10)))
        cx, cy = card.x + rad + sc(7), card.centery
        pygame.draw.circle(surface, (255, 200, 90), (cx, cy), rad)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surface, (230, 140, 40), (cx + math.cos(a) * rad, cy + math.sin(a) * rad),
                             (cx + math.cos(a) * (rad + sc(4)), cy + math.sin(a) * (rad + sc(4))), 2)
        tx = cx + rad + sc(6)
        draw_text(surface, _fit("Flare", sc.f(16), card.right - tx - 2, True), (tx, card.y + sc(3)), sc.f(16),
                  (48, 38, 28), bold=True)
        draw_text(surface, _fit("1 cube", small, card.right - tx - 2), (tx, card.bottom - sc(3)), small,
                  (90, 76, 60), anchor="bottomleft")
        out.tip(view, "card:flare", card)
    # ---- Loot Drop Level
    level = int(tb.loot_drop)
    for lv, c in gm.loot_cells.items():
        cr = at(c)
        if lv == level:
            d = min(cr.w, cr.h) - sc(4)
            disc = pygame.Rect(0, 0, d, d)
            disc.center = cr.center
            pygame.draw.circle(surface, _shade(GREY, 0.45), (disc.centerx + 1, disc.centery + 1), d // 2)
            pygame.draw.circle(surface, GREY, disc.center, d // 2)
            pygame.draw.circle(surface, TEXT, disc.center, d // 2, 2)
            draw_text(surface, str(lv), disc.center, sc.f(20), INK, bold=True, anchor="center")
        out.tip(view, f"slot:thief.loot_drop.{lv}", cr)
    # ---- carried tokens
    cs_r = at(gm.carried_sec)
    pen = len(carried) * rd.unstashed_stealth_penalty
    draw_text(surface, f"−{pen} Stealth" if pen else "none", (cs_r.right - sc(5), cs_r.bottom - sc(5)), small,
              DANGER if pen else TEXT_DIM, anchor="bottomright")
    tk = max(8, min(sc(24), cs_r.h - sc(26)))
    x = cs_r.x + sc(6)
    label_w = font(small).size(f"−{pen} Stealth")[0] + sc(8)
    step = tk + sc(3)
    room = cs_r.right - label_w - x
    if len(carried) * step > room and carried:
        step = max(4, (room - tk) // max(1, len(carried) - 1))
    for kind in carried:
        if x + tk > cs_r.right - label_w + tk // 2:
            break
        r = pygame.Rect(x, cs_r.bottom - tk - sc(5), tk, tk)
        if kind == "treasure":
            _token(surface, art, "treasure", r, _icon_coin)
        else:
            _token(surface, art, kind, r, _gem_glyph(kind))
        x += step
    out.tip(view, "info:thief.carried", cs_r)
    # ---- upgrades
    ups = {u.id: u for u in rd.upgrades}
    taken = set(upgrades)
    dec = view.decision
    if dec is not None and own and dec.role == "thief" and any(
            t.ref.startswith("thief.upgrade.") for o in dec.options for t in o.targets):
        us = at(gm.upgrades_sec)
        hint = "stash a token: choose one" if dec.kind == DecisionKind.THIEF_UPGRADE else "Sticky Fingers: reroll?"
        draw_text(surface, hint, (us.right - sc(6), us.y + sc(4)), small, HIGHLIGHT, anchor="topright")
    for uid, c in gm.upgrade_cells.items():
        cr = at(c)
        u = ups.get(uid)
        slot = _token_slot(cr, sc)
        if uid in taken:
            _token(surface, art, "treasure", slot.inflate(2, 2), _icon_coin)
            pygame.draw.rect(surface, OK_GREEN, cr, 1, border_radius=4)
        else:
            order = getattr(u, "order", None)
            before = [v for v in rd.upgrades if v.order is not None and order is not None and v.order < order
                      and v.id not in taken]
            if before:
                pygame.draw.line(surface, (110, 110, 120), (slot.x + 2, slot.bottom - 2), (slot.right - 2, slot.y + 2),
                                 2)
        out.tip(view, f"slot:thief.upgrade.{uid}", cr)
    # ---- the stash
    stashed = int(tb.stashed)
    aside = int(tb.set_aside)
    plain = int(tb.plain_stashed)
    for i, c in enumerate(gm.stash_cells):
        cr = at(c)
        if i < stashed:     # (more than needed only in a hand-made position: the game is over at needed)
            _token(surface, art, "treasure", cr, _icon_coin)
    st = at(gm.stash_sec)
    extra = []
    if plain:
        extra.append(f"{plain} without upgrade")
    if aside:
        extra.append(f"{aside} set aside")
    right = f"{stashed} / {needed}"
    draw_text(surface, right, (st.right - sc(6), st.y + sc(2)), sc.f(20), HIGHLIGHT if stashed else TEXT, bold=True,
              anchor="topright")
    if extra:
        last = at(gm.stash_cells[-1]) if gm.stash_cells else st
        ex = ", ".join(extra)
        x0 = last.right + sc(8)
        if st.right - sc(6) - x0 > font(small).size(ex)[0]:
            draw_text(surface, ex, (st.right - sc(6), st.bottom - sc(4)), small, TEXT_DIM, anchor="bottomright")
    out.tip(view, "info:thief.stash", st)
    if gm.card_sec is not None:
        draw_upgrade_card(surface, at(gm.card_sec), view, out, sc, art)


# ------------------------------------------------------------------ the Upgrade card
# (the thief-upgrades variant, VAR-38..40) drawn from the view only: for the others a facedown
# back until he reveals it (the view gives them no id), for him its face marked "facedown";
# once revealed its face for all.  A Treasure token on it while it works; the Wand's charges
# as pips.  Regions: ``slot:thief.upgrade.<card>`` (the card: the stash choice revealing it,
# VAR-39), ``slot:thief.upgrade_card`` (the back, for the others), and one small button per
# Charm / Wand option of his turn, ``slot:thief.charm.<player>`` / ``slot:thief.wand.<piece>``.
_UC_FACE = (236, 226, 204)
_UC_BACK = (70, 52, 92)
_UC_INK = (48, 38, 28)
_UC_PIP_ON = (150, 90, 210)
_UC_PIP_OFF = (190, 184, 176)
_UC_BUTTON = (62, 70, 88)
_UC_SHORT = {"knight": "Knight", "goblins": "Goblins", "dragon": "Dragon", "cave": "Cave", "thief": "yourself"}


def _uc_short(piece: str) -> str:
    if piece.startswith("tribe:"):
        return piece.split(":", 1)[1].title()
    return _UC_SHORT.get(piece, piece)


def _uc_actions(view: PlayerView) -> list[tuple[str, str]]:
    """(target ref, button words) of the pending Charm and Wand options, for him only."""
    d = view.decision
    if d is None or d.role != "thief" or view.viewer != "thief":
        return []
    out = []
    for o in d.options:
        for t in o.targets:
            what, _, piece = t.ref.partition(".")[2].partition(".")
            if t.kind == "slot" and what in ("charm", "wand"):
                out.append((t.ref, f"{'Charm' if what == 'charm' else 'Wand'}: {_uc_short(piece)}"))
    return out


def _uc_stash_choice(view: PlayerView, card: str | None) -> bool:
    d = view.decision
    return (card is not None and d is not None and d.role == "thief" and view.viewer == "thief"
            and any(t.ref == f"thief.upgrade.{card}" for o in d.options for t in o.targets))


def draw_upgrade_card(surface: pygame.Surface, sec: pygame.Rect, view: PlayerView, out: BoardLayout, sc: _Scale,
                      art: Any) -> None:
    """The section: title, the card (back or face, token, Wand pips), the action buttons."""
    tb = view.boards.thief
    assert tb is not None
    _section(surface, sec)
    small, lab = sc.f(14), sc.f(17)
    draw_text(surface, "Upgrade card", (sec.x + sc(6), sec.y + sc(3)), lab, TEXT, bold=True)
    title_h = max(sc(20), lab + sc(4))
    card = tb.upgrade_card
    body = pygame.Rect(sec.x + sc(6), sec.y + title_h, sec.w - sc(12), sec.h - title_h - sc(5))
    face = pygame.Rect(body.x, body.y, min(body.w * 45 // 100, sc(230)), body.h)
    if card is None:                                          # facedown, not his eyes
        _frame(surface, face, _UC_BACK, (120, 100, 150), 2, radius=5)
        draw_text(surface, "?", face.center, sc.f(26), (220, 210, 235), bold=True, anchor="center")
        draw_text(surface, _fit("facedown", small, face.w - sc(8)), (face.x + sc(5), face.bottom - sc(3)), small,
                  (200, 190, 220), anchor="bottomleft")
    else:
        name = view.rules.card(card).name
        _frame(surface, face, _UC_FACE, (170, 150, 110), 2, radius=5)
        draw_text(surface, _fit(name, sc.f(15), face.w - sc(34), True), (face.x + sc(5), face.y + sc(3)), sc.f(15),
                  _UC_INK, bold=True)
        note = "revealed" if tb.upgrade_card_revealed else "facedown: only you see it"
        draw_text(surface, _fit(note, small, face.w - sc(8)), (face.x + sc(5), face.bottom - sc(3)), small,
                  (90, 76, 60), anchor="bottomleft")
        slot = pygame.Rect(face.right - sc(28), face.y + sc(4), sc(24), sc(24))
        if card in tb.upgrades:
            _token(surface, art, "treasure", slot, _icon_coin)
            pygame.draw.rect(surface, OK_GREEN, face, 1, border_radius=5)
        charges = view.rules.upgrade_card(card).charges
        if charges:                                            # the Warlock's Wand (VAR-40)
            r = max(3, sc(5))
            for i in range(charges):
                c = (face.x + sc(9) + i * (2 * r + sc(4)), face.centery + sc(2))
                pygame.draw.circle(surface, _UC_PIP_ON if i < tb.wand_charges else _UC_PIP_OFF, c, r)
    if _uc_stash_choice(view, card):
        pygame.draw.rect(surface, HIGHLIGHT, face.inflate(4, 4), 2, border_radius=6)
        draw_text(surface, "stash a token on it?", (sec.right - sc(6), sec.y + sc(4)), small, HIGHLIGHT,
                  anchor="topright")
    out.tip(view, f"slot:thief.upgrade.{card}" if card is not None else "slot:thief.upgrade_card", face)
    # ---- the Charm and Wand options: one button each, right of the card
    x0, y0 = face.right + sc(8), body.y
    bw = max(sc(60), (body.right - x0 - sc(4)) // 2)
    bh = max(small + sc(6), sc(20))
    actions = _uc_actions(view)
    if not actions:
        words = ""
        if view.viewer == "thief" and card is not None:
            words = ("stash a Treasure token on it to use it" if card not in tb.upgrades else
                     "it works by itself" if card == "cloak_of_the_mountebank" else
                     "its actions show here in your turn")
        if words:
            draw_text(surface, _fit(words, small, body.right - x0), (x0, y0 + sc(2)), small, TEXT_DIM)
        return
    for i, (ref, words) in enumerate(actions):
        col, row = i % 2, i // 2
        b = pygame.Rect(x0 + col * (bw + sc(4)), y0 + row * (bh + sc(3)), bw, bh)
        if b.bottom > body.bottom + sc(2):
            break
        _frame(surface, b, _UC_BUTTON, HIGHLIGHT, 1, radius=4)
        draw_text(surface, _fit(words, small, b.w - sc(6)), b.center, small, TEXT, anchor="center")
        out.tip(view, f"slot:{ref}", b)


def _is_dark(value: int, tokens: list[int], flipped: list[bool]) -> bool:
    """Is the token now showing ``value`` dark side up?  (Two tokens may show the same value.)"""
    sides = {bool(f) for v, f in zip(tokens, flipped, strict=False) if v == value}
    return sides == {True}


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _TGEOM.clear()
    holds_flare.cache_clear()
