"""The Dragon's player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_dragon_board` draws ``view.boards.dragon`` (a DragonBoard) into a rectangle and fills a
:class:`~.kit.BoardLayout`: the Health track (its start 3-7 by difficulty), the five Sloth
boxes (Greed 4, Hunger 4, Pride: Event 4 / Stay put 1 / Gem 1) with their cubes, the
Wakefulness track 1-14 in its eight Armor/Spirit rows (cubes placed, the current row lit, the
space that wakes him marked), Eaten Goblins, asleep/awake and underground/surfaced, the three
Dragon Gems (in his supply / on the map / spent this turn), the Shriek and Flame Wall tokens,
Treasure held, the 14 powers with their symbol costs, and the Power card hand.  With the
``dragon-scales`` variant (VAR-32..37) the Scale deck's facedown pile and count sit at the right
of the hand, and a Scale card in his hand has its own metal face (golden, silver, platinum).

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:dragon.power.<power id>`` — a power (choosing it uses it);
* ``slot:dragon.sloth.<box>`` — a Sloth box (``greed``, ``hunger``, ``event``, ``dont_move``,
  ``place_gem``: Slither, Soporific Spores);
* ``slot:dragon.shriek`` — the Shriek token (spend it to reroll the Dragon die);
* ``card:<id>`` — a Power card or a Scale card in the hand (owner only): paying with it, playing
  the Platinum Scale, keeping the Silver Scale;
* ``info:dragon.scale_deck`` — the Scale deck (a count; its order is nobody's to see);
* ``info:dragon.<thing>`` — tooltips only.

Privacy: the hand is read only when ``view.viewer == "dragon"`` (the view holds it only for
him); everyone else sees card backs and a count.  All text goes through :mod:`..text`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.view import PlayerView
from ...teach.describe_boards import BOX_LABELS, SYMBOL_LETTERS, SYMBOLS
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM, TOKEN_COLOURS
from .kit import (
    BoardLayout,
    Colour,
    _background,
    _card,
    _card_name,
    _cube,
    _cube_rect,
    _draw_back,
    _empty_slot,
    _fit,
    _frame,
    _header,
    _icon_coin,
    _icon_heart,
    _icon_shield,
    _rules,
    _Scale,
    _section,
    _shade,
    _token,
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["BOXES", "SYMBOL_LETTERS", "draw_dragon_board"]


RED = ROLE_COLOURS["dragon"]
BOARD_BG: Colour = (42, 24, 26)
SECTION: Colour = (60, 36, 38)
CELL_EDGE: Colour = (150, 96, 90)
CARD_FACE: Colour = (238, 220, 200)
CARD_INK: Colour = (52, 28, 24)
CARD_BACK: Colour = (96, 26, 34)
ANY_GREY: Colour = (170, 164, 156)

SYMBOL_COLOURS: dict[str, Colour] = {"claw": TOKEN_COLOURS["gem_claw"], "flame": TOKEN_COLOURS["gem_flame"],
                                     "wing": TOKEN_COLOURS["gem_wing"], "any": ANY_GREY}
BOXES = ("greed", "hunger", "event", "dont_move", "place_gem")
EATEN_CELLS = 10          # 0..9 printed; more shows "9+"
SCALE_METALS: dict[str, tuple[Colour, Colour]] = {     # Scale card id -> (face, edge)
    "scale_golden": ((236, 196, 84), (150, 108, 24)),
    "scale_silver": ((206, 212, 220), (112, 120, 134)),
    "scale_platinum": ((226, 232, 236), (96, 150, 170)),
}
SCALE_BACK: Colour = (70, 58, 96)


# ------------------------------------------------------------------ glyphs
def symbol_glyph(surf: pygame.Surface, sym: str, r: pygame.Rect) -> None:
    """A Power symbol told apart by shape and letter: Claw (three talons), Flame (a tongue of fire),
    Wing (a wing), any (a grey square with "?")."""
    col = SYMBOL_COLOURS.get(sym, ANY_GREY)
    dark = _shade(col, 0.35)
    if sym == "any":
        pygame.draw.rect(surf, _shade(col, 0.55), r, border_radius=max(2, r.w // 5))
        pygame.draw.rect(surf, col, r, 1, border_radius=max(2, r.w // 5))
    else:
        pygame.draw.circle(surf, _shade(col, 0.55), r.center, r.w // 2)
        pygame.draw.circle(surf, col, r.center, r.w // 2, 1)
    if r.w >= 26:                       # large enough for a drawn shape behind the letter
        x, y, w, h = r.x, r.y, r.w, r.h
        if sym == "claw":
            for i in range(3):
                ax = x + w * (0.3 + 0.2 * i)
                pygame.draw.line(surf, col, (ax, y + h * 0.22), (ax - w * 0.12, y + h * 0.78), max(2, w // 12))
        elif sym == "flame":
            pts = [(x + w * 0.5, y + h * 0.12), (x + w * 0.74, y + h * 0.55), (x + w * 0.62, y + h * 0.86),
                   (x + w * 0.38, y + h * 0.86), (x + w * 0.26, y + h * 0.55)]
            pygame.draw.polygon(surf, col, pts, max(1, w // 16))
        elif sym == "wing":
            pts = [(x + w * 0.18, y + h * 0.7), (x + w * 0.42, y + h * 0.2), (x + w * 0.85, y + h * 0.3),
                   (x + w * 0.62, y + h * 0.48), (x + w * 0.78, y + h * 0.6)]
            pygame.draw.lines(surf, col, True, pts, max(1, w // 16))
    size = max(11, int(r.h * 0.78))
    draw_text(surf, SYMBOL_LETTERS.get(sym, "?"), (r.centerx, r.centery + 1), size,
              TEXT if r.w < 26 else (250, 244, 232), bold=True, anchor="center")
    if r.w >= 26:
        pygame.draw.circle(surf, dark, r.center, r.w // 2, 1)


def _shriek_glyph(surf: pygame.Surface, r: pygame.Rect, col: Colour) -> None:
    """The Shriek token: a disc with sound arcs and "S"."""
    pygame.draw.circle(surf, _shade(col, 0.5), r.center, r.w // 2)
    pygame.draw.circle(surf, col, r.center, r.w // 2, 2)
    for k in (0.28, 0.4):
        arc = pygame.Rect(0, 0, int(r.w * k * 2), int(r.h * k * 2))
        arc.center = (r.centerx - r.w // 6, r.centery)
        pygame.draw.arc(surf, col, arc, -0.8, 0.8, 1)
    draw_text(surf, "S", (r.centerx - r.w // 6, r.centery + 1), max(11, r.h // 2), TEXT, bold=True, anchor="center")


def _flame_wall_glyph(surf: pygame.Surface, r: pygame.Rect, col: Colour) -> None:
    pygame.draw.rect(surf, _shade(col, 0.5), r, border_radius=3)
    for i in range(3):
        x = r.x + r.w * (0.2 + 0.3 * i)
        pts = [(x, r.bottom - 3), (x + r.w * 0.12, r.y + 3), (x + r.w * 0.24, r.bottom - 3)]
        pygame.draw.polygon(surf, col, pts)


def scale_glyph(surf: pygame.Surface, r: pygame.Rect, edge: Colour) -> None:
    """A Scale card's emblem: rows of overlapping dragon scales (lower half-circles, offset
    like bricks), clipped to ``r``."""
    old = surf.get_clip()
    surf.set_clip(r.clip(old))
    w = max(6, r.w // 3)
    h = max(4, r.h // 3)
    width = max(1, r.w // 18)
    for row in range(4):
        off = w // 2 if row % 2 else 0
        for col in range(-1, 4):
            arc = pygame.Rect(r.x + col * w + off, r.y + row * h - h, w, 2 * h)
            pygame.draw.arc(surf, edge, arc, 3.1416, 6.2832, width)
    surf.set_clip(old)
    pygame.draw.rect(surf, edge, r, 1, border_radius=3)


def _gem_fallback(sym: str) -> Any:
    def draw(surf: pygame.Surface, r: pygame.Rect, col: Colour) -> None:
        symbol_glyph(surf, sym, r)
    return draw


# ------------------------------------------------------------------ geometry
@dataclass
class _DGeom:
    sc: _Scale
    header: pygame.Rect
    health_sec: pygame.Rect
    health_cells: list[pygame.Rect]
    status: list[pygame.Rect]
    sloth_sec: pygame.Rect
    sloth_rows: dict[str, pygame.Rect]
    sloth_cells: dict[str, list[pygame.Rect]]
    wake_sec: pygame.Rect
    wake_rows: list[pygame.Rect]
    wake_cells: dict[int, pygame.Rect]          # wakefulness value 1..14 -> cell
    wake_stats: list[pygame.Rect]
    eaten_sec: pygame.Rect
    eaten_cells: list[pygame.Rect]
    tokens_sec: pygame.Rect
    gem_boxes: dict[str, pygame.Rect]
    shriek_box: pygame.Rect
    wall_box: pygame.Rect
    treasure_box: pygame.Rect
    powers_sec: pygame.Rect
    power_cells: dict[str, pygame.Rect]
    hand_sec: pygame.Rect
    hand_cards: list[pygame.Rect]
    scale_pile: pygame.Rect | None              # the Scale deck (dragon-scales variant)
    bottom: int


_DGEOM: dict[tuple[Any, ...], _DGeom] = {}


def _geom(w: int, h: int, max_health: int, n_hand: int, scales: bool = False) -> _DGeom:
    return fit_geometry(_DGEOM, (w, h, max_health, n_hand, scales), w, h,
                        lambda s, extra: _geom_at(w, max_health, n_hand, s, extra, scales),
                        lambda g, s, room: min(int(40 * s), room),          # taller hand cards
                        tries=6, shrink=0.82)


def _geom_at(w: int, max_health: int, n_hand: int, s: float, extra: int, scales: bool = False) -> _DGeom:
    rd = _rules().dragon
    sc = _Scale(s)
    P, gap = sc(6), sc(4)
    inner = w - 2 * P
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    # Health + status
    # (the two status boxes hold a line each at the board's text size)
    hh = max(sc(34), 2 * font(sc.f(14)).get_linesize() + sc(10))
    health_sec = pygame.Rect(P, y, inner, hh)
    lab_w = sc(62)
    status_w = max(sc(96), font(sc.f(14), True).size("Underground")[0] + sc(10))
    cw = min(sc(26), (inner - lab_w - status_w - sc(8)) // max(1, max_health) - 2)
    health_cells = [pygame.Rect(health_sec.x + lab_w + i * (cw + 2), health_sec.centery - cw // 2, cw, cw)
                    for i in range(max_health)]
    sw = status_w // 1
    status = [pygame.Rect(health_sec.right - sw - sc(4), health_sec.y + sc(3), sw, (hh - sc(8)) // 2),
              pygame.Rect(health_sec.right - sw - sc(4), health_sec.y + sc(5) + (hh - sc(8)) // 2, sw,
                          (hh - sc(8)) // 2)]
    y = health_sec.bottom + gap
    # Sloth (left) and Wakefulness (right)
    title_h = sc(19)
    left_w = (inner - gap) * 47 // 100
    right_w = inner - gap - left_w
    row_h = sc(21)
    sloth_sec = pygame.Rect(P, y, left_w, title_h + 5 * row_h + sc(6))
    name_w = sc(96)
    cube = min(row_h - sc(4), (left_w - name_w - sc(10)) // 4 - 2)
    sloth_rows: dict[str, pygame.Rect] = {}
    sloth_cells: dict[str, list[pygame.Rect]] = {}
    caps = {b.id: b.cubes for b in rd.sloth}
    for i, box in enumerate(BOXES):
        row = pygame.Rect(sloth_sec.x + sc(3), sloth_sec.y + title_h + i * row_h, left_w - sc(6), row_h - 1)
        sloth_rows[box] = row
        sloth_cells[box] = [pygame.Rect(row.x + name_w + j * (cube + 2), row.centery - cube // 2, cube, cube)
                            for j in range(caps.get(box, 1))]
    ey = sloth_sec.bottom + gap
    ecw = (left_w - sc(10)) // EATEN_CELLS
    eh = max(sc(44), font(sc.f(15), True).get_linesize() + ecw + sc(8))
    eaten_sec = pygame.Rect(P, ey, left_w, eh)
    eaten_cells = [pygame.Rect(eaten_sec.x + sc(5) + i * ecw, eaten_sec.bottom - ecw - sc(4) + 1, ecw - 2, ecw - 2)
                   for i in range(EATEN_CELLS)]
    left_bottom = eaten_sec.bottom
    wrow_h = sc(19)
    wake_sec = pygame.Rect(P + left_w + gap, y, right_w, max(title_h + 8 * wrow_h + sc(6), left_bottom - y))
    wake_rows: list[pygame.Rect] = []
    wake_cells: dict[int, pygame.Rect] = {}
    wake_stats: list[pygame.Rect] = []
    wc = wrow_h - sc(3)
    wy = wake_sec.y + title_h + (wake_sec.h - title_h - 8 * wrow_h - sc(4)) // 2
    for i, row_data in enumerate(rd.wakefulness):
        row = pygame.Rect(wake_sec.x + sc(3), wy + i * wrow_h, right_w - sc(6), wrow_h - 1)
        wake_rows.append(row)
        lo, hi = row_data.cubes
        for j, v in enumerate((lo, hi)):
            if v < 1 or (j == 1 and hi == lo):
                continue
            wake_cells[v] = pygame.Rect(row.x + sc(24) + j * (wc + sc(3)), row.centery - wc // 2, wc, wc)
        wake_stats.append(pygame.Rect(row.x + sc(24) + 2 * (wc + sc(3)) + sc(4), row.y, row.right - row.x - sc(24)
                                      - 2 * (wc + sc(3)) - sc(4), row.h))
    y = max(left_bottom, wake_sec.bottom) + gap
    # Gems, Shriek, Flame Wall, Treasure held
    th = sc(50)
    tokens_sec = pygame.Rect(P, y, inner, th)
    n_boxes = 6
    bw = (inner - sc(6) - (n_boxes - 1) * sc(3)) // n_boxes
    boxes = [pygame.Rect(tokens_sec.x + sc(3) + i * (bw + sc(3)), tokens_sec.y + sc(3), bw, th - sc(6))
             for i in range(n_boxes)]
    gem_boxes = dict(zip(SYMBOLS, boxes[:3], strict=True))
    shriek_box, wall_box, treasure_box = boxes[3], boxes[4], boxes[5]
    y = tokens_sec.bottom + gap
    # Powers
    cols = 3 if inner // 3 >= sc(124) else 2
    prow = sc(23)
    powers = [p.id for p in rd.powers]
    rows = -(-len(powers) // cols)
    powers_sec = pygame.Rect(P, y, inner, title_h + rows * prow + sc(5))
    pcw = (inner - sc(6)) // cols
    power_cells = {}
    for i, pid in enumerate(powers):
        c, r = i // rows, i % rows               # column-major: cheap powers down the first column
        power_cells[pid] = pygame.Rect(powers_sec.x + sc(3) + c * pcw, powers_sec.y + title_h + r * prow, pcw - sc(3),
                                       prow - sc(2))
    y = powers_sec.bottom + gap
    # Hand
    ch = sc(52) + extra
    hand_sec = pygame.Rect(P, y, inner, title_h + ch + sc(6))
    pile_w = min(sc(58), ch * 3 // 4 + sc(14)) if scales else 0
    room = inner - sc(8) - (pile_w + sc(8) if scales else 0)
    n = max(1, n_hand)
    cwid = min(sc(62), (room - (n - 1) * sc(4)) // n)
    hand_cards = [pygame.Rect(hand_sec.x + sc(4) + i * (cwid + sc(4)), hand_sec.y + title_h + sc(2), cwid, ch)
                  for i in range(n_hand)]
    scale_pile = (pygame.Rect(hand_sec.right - sc(4) - pile_w, hand_sec.y + title_h + sc(2), pile_w, ch)
                  if scales else None)
    y = hand_sec.bottom + gap
    return _DGeom(sc, header, health_sec, health_cells, status, sloth_sec, sloth_rows, sloth_cells, wake_sec, wake_rows,
                  wake_cells, wake_stats, eaten_sec, eaten_cells, tokens_sec, gem_boxes, shriek_box, wall_box,
                  treasure_box, powers_sec, power_cells, hand_sec, hand_cards, scale_pile, y)


# ------------------------------------------------------------------ static layer
def _static(surf: pygame.Surface, gm: _DGeom, own: bool, need: int) -> None:
    rd = _rules().dragon
    sc = gm.sc
    surf.fill(BOARD_BG)
    pygame.draw.rect(surf, RED, surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "dragon", "your board" if own else "public view", sc)
    lab = sc.f(17)
    # Health
    _section(surf, gm.health_sec, SECTION)
    draw_text(surf, "Health", (gm.health_sec.x + sc(6), gm.health_sec.centery), lab, TEXT, bold=True, anchor="midleft")
    # Sloth
    _section(surf, gm.sloth_sec, SECTION)
    draw_text(surf, "Sloth", (gm.sloth_sec.x + sc(6), gm.sloth_sec.y + sc(3)), lab, TEXT, bold=True)
    draw_text(surf, "1 cube / kind / turn", (gm.sloth_sec.right - sc(5), gm.sloth_sec.y + sc(4)), sc.f(13), TEXT_DIM,
              anchor="topright")
    for box in BOXES:
        row = gm.sloth_rows[box]
        name_w = gm.sloth_cells[box][0].x - row.x - sc(4)
        draw_text(surf, _fit(BOX_LABELS[box], sc.f(15), name_w), (row.x + sc(3), row.centery), sc.f(15), TEXT,
                  anchor="midleft")
        for c in gm.sloth_cells[box]:
            _empty_slot(surf, c, CELL_EDGE)
    pr = pygame.Rect(gm.sloth_rows["event"].x, gm.sloth_rows["event"].y, sc(2), 3 * gm.sloth_rows["event"].h)
    pygame.draw.rect(surf, _shade(RED, 0.9), pr.move(-sc(2), 0))
    # Eaten Goblins
    _section(surf, gm.eaten_sec, SECTION)
    draw_text(surf, "Eaten Goblins", (gm.eaten_sec.x + sc(6), gm.eaten_sec.y + sc(3)), sc.f(15), TEXT, bold=True)
    room = gm.eaten_sec.w - font(sc.f(15), True).size("Eaten Goblins")[0] - sc(18)
    draw_text(surf, _fit("2 = 1 Hunger cube", sc.f(13), room), (gm.eaten_sec.right - sc(5), gm.eaten_sec.y + sc(4)),
              sc.f(13), TEXT_DIM,
              anchor="topright")
    for i, c in enumerate(gm.eaten_cells):
        pygame.draw.rect(surf, _shade(CELL_EDGE, 0.4), c, border_radius=2)
        pygame.draw.rect(surf, CELL_EDGE, c, 1, border_radius=2)
        draw_text(surf, str(i), c.center, max(11, c.h * 2 // 3), TEXT_DIM, anchor="center")
    # Wakefulness
    _section(surf, gm.wake_sec, SECTION)
    draw_text(surf, "Wakefulness", (gm.wake_sec.x + sc(6), gm.wake_sec.y + sc(3)), lab, TEXT, bold=True)
    for i, (row, row_data) in enumerate(zip(gm.wake_rows, rd.wakefulness, strict=False)):
        pygame.draw.rect(surf, _shade(SECTION, 1.25 if i % 2 else 1.1), row, border_radius=3)
        if i == 0:                                       # the 0 space: his Shield icon
            r0 = pygame.Rect(row.x + sc(3), row.centery - row.h // 2 + 2, row.h - 4, row.h - 4)
            _icon_shield(surf, r0, TEXT_DIM)
        for v in range(row_data.cubes[0], row_data.cubes[1] + 1):
            wc = gm.wake_cells.get(v)
            if wc is None:
                continue
            _empty_slot(surf, wc, HIGHLIGHT if v == need else CELL_EDGE)
            draw_text(surf, str(v), wc.center, max(11, wc.h * 3 // 4), TEXT_DIM, anchor="center")
        st = gm.wake_stats[i]
        ic = st.h - sc(3)
        _icon_shield(surf, pygame.Rect(st.x, st.centery - ic // 2, ic, ic), (170, 180, 200))
        draw_text(surf, str(row_data.armor), (st.x + ic + sc(2), st.centery), sc.f(15), TEXT, bold=True,
                  anchor="midleft")
        sx = st.x + ic + sc(16)
        card = pygame.Rect(sx, st.centery - ic // 2, ic * 3 // 4, ic)
        pygame.draw.rect(surf, CARD_BACK, card, border_radius=2)
        pygame.draw.rect(surf, _shade(CARD_BACK, 2.0), card, 1, border_radius=2)
        draw_text(surf, str(row_data.spirit), (card.right + sc(3), st.centery), sc.f(15), TEXT, bold=True,
                  anchor="midleft")
    # Tokens
    _section(surf, gm.tokens_sec, SECTION)
    # Powers
    _section(surf, gm.powers_sec, SECTION)
    draw_text(surf, "Powers", (gm.powers_sec.x + sc(6), gm.powers_sec.y + sc(3)), lab, TEXT, bold=True)
    draw_text(surf, "C Claw · F Flame · W Wing · ? any", (gm.powers_sec.right - sc(5), gm.powers_sec.y + sc(4)),
              sc.f(13), TEXT_DIM, anchor="topright")
    for p in rd.powers:
        cell = gm.power_cells[p.id]
        pygame.draw.rect(surf, _shade(SECTION, 1.35), cell, border_radius=4)
        pygame.draw.rect(surf, _shade(CELL_EDGE, 0.8), cell, 1, border_radius=4)
        g = cell.h - sc(6)
        cost_w = len(p.cost) * (g + 1)
        draw_text(surf, _fit(p.name, sc.f(15), cell.w - cost_w - sc(10), True), (cell.x + sc(4), cell.centery),
                  sc.f(15), TEXT, bold=True, anchor="midleft")
        x = cell.right - sc(3) - cost_w
        for sym in p.cost:
            symbol_glyph(surf, str(sym), pygame.Rect(x, cell.centery - g // 2, g, g))
            x += g + 1
    # Hand
    _section(surf, gm.hand_sec, SECTION)


# ------------------------------------------------------------------ dynamic layer
def draw_dragon_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                      art: Any) -> None:
    db = view.boards.dragon
    assert db is not None
    rd = _rules()
    drd = rd.dragon
    own = view.viewer == role
    hand: list[str] = list(db.hand or ()) if own else []
    n_hand = len(hand) if own else int(db.hand_count)
    max_health = int(db.max_health)
    need = int(db.wakefulness_needed)
    scales = db.scale_deck is not None
    gm = _geom(rect.w, rect.h, max_health, n_hand, scales)
    sc = gm.sc
    bg = _background_cached(gm, rect, own, need, max_health, n_hand, scales)
    surface.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    small = sc.f(14)
    awake = bool(db.awake)
    surfaced = bool(db.surfaced)
    wake = int(db.wakefulness)
    spirit = int(db.spirit)
    # ---- header tooltip (another role may aim at the Dragon as a player)
    out.tip(view, "info:dragon.header", at(gm.header))
    # ---- Health
    health = int(db.health)
    for i, c in enumerate(gm.health_cells):
        cc = at(c)
        if i < health:
            pygame.draw.rect(surface, _shade(RED, 0.45), cc, border_radius=3)
            _icon_heart(surface, cc.inflate(-cc.w // 5, -cc.h // 5), RED)
        else:
            _empty_slot(surface, cc, CELL_EDGE)
            pygame.draw.line(surface, DANGER, cc.topleft, cc.bottomright, 1)
    hs = at(gm.health_sec)
    if gm.health_cells:
        last = at(gm.health_cells[-1])
        draw_text(surface, f"{health}/{max_health}", (last.right + sc(5), hs.centery), sc.f(17), TEXT, bold=True,
                  anchor="midleft")
    out.tip(view, "info:dragon.health", pygame.Rect(hs.x, hs.y, gm.status[0].x - gm.health_sec.x, hs.h))
    for i, r in enumerate(gm.status):
        rr = at(r)
        if i == 0:
            label, on = ("AWAKE" if awake else "Asleep"), awake
        else:
            label, on = ("Surfaced" if surfaced else "Underground"), surfaced
        fill = _shade(RED, 0.75) if on else _shade(SECTION, 1.2)
        _frame(surface, rr, fill, HIGHLIGHT if on else CELL_EDGE, 1, radius=4)
        draw_text(surface, label, rr.center, sc.f(14), TEXT, bold=on, anchor="center")
        out.tip(view, f"info:dragon.{'awake' if i == 0 else 'surfaced'}", rr)
    # ---- Sloth
    sloth = db.sloth
    for box in BOXES:
        n = int(sloth.get(box, 0))
        cells = gm.sloth_cells[box]
        for c in cells[:n]:
            _cube(surface, _cube_rect(at(c), 0.78))
        row = at(gm.sloth_rows[box])
        out.tip(view, f"slot:dragon.sloth.{box}", row)
    # ---- Eaten Goblins
    eaten = int(db.eaten)
    cell = at(gm.eaten_cells[min(eaten, EATEN_CELLS - 1)])
    pygame.draw.circle(surface, (90, 170, 90), cell.center, cell.w // 2)
    pygame.draw.circle(surface, (20, 40, 20), cell.center, cell.w // 2, 1)
    draw_text(surface, str(eaten) if eaten < EATEN_CELLS else f"{EATEN_CELLS - 1}+", cell.center,
              max(11, cell.h * 2 // 3), TEXT, bold=True, anchor="center")
    out.tip(view, "info:dragon.eaten", at(gm.eaten_sec))
    # ---- Wakefulness
    for v in range(1, min(wake, 14) + 1):
        wc = gm.wake_cells.get(v)
        if wc is not None:
            _cube(surface, _cube_rect(at(wc), 0.86))
    row_i = next((i for i, w in enumerate(drd.wakefulness) if w.cubes[0] <= wake <= w.cubes[1]),
                 len(drd.wakefulness) - 1)
    for i, row in enumerate(gm.wake_rows[:len(drd.wakefulness)]):
        rr = at(row)
        if i == row_i:
            pygame.draw.rect(surface, HIGHLIGHT, rr, 2, border_radius=3)
        out.tip(view, f"info:dragon.wakefulness.{i}", rr)
    ws = at(gm.wake_sec)
    draw_text(surface, f"{wake} · awake" if awake else f"{wake} · wakes at {need}", (ws.right - sc(5), ws.y + sc(4)),
              sc.f(13), HIGHLIGHT if awake else TEXT_DIM, anchor="topright")
    out.tip(view, "info:dragon.wakefulness", ws)
    # ---- Gems, Shriek, Flame Wall, Treasure
    supply = set(db.gems_supply)
    spent = list(db.gems_spent)
    cap = sc.f(13)
    for sym, gbox in gm.gem_boxes.items():
        br = at(gbox)
        state = "in supply" if sym in supply else ("spent" if sym in spent else "on map")
        _frame(surface, br, _shade(SECTION, 1.3), HIGHLIGHT if state == "on map" else CELL_EDGE, 1, radius=4)
        tk = min(br.w - sc(8), br.h - cap - sc(6))
        tr = pygame.Rect(br.centerx - tk // 2, br.y + sc(2), tk, tk)
        _token(surface, art, f"gem_{sym}", tr, _gem_fallback(sym))
        if state == "spent":
            pygame.draw.line(surface, DANGER, tr.bottomleft, tr.topright, 2)
        draw_text(surface, state, (br.centerx, br.bottom - sc(2)), cap, TEXT if state != "in supply" else TEXT_DIM,
                  anchor="midbottom")
        out.tip(view, f"slot:dragon.gem.{sym}", br)   # pays for a power
    shriek = bool(db.shriek)
    br = at(gm.shriek_box)
    _frame(surface, br, _shade(SECTION, 1.3), HIGHLIGHT if shriek else CELL_EDGE, 1, radius=4)
    tk = min(br.w - sc(8), br.h - cap - sc(6))
    _shriek_glyph(surface, pygame.Rect(br.centerx - tk // 2, br.y + sc(2), tk, tk),
                  (240, 200, 90) if shriek else (120, 110, 100))
    draw_text(surface, "Shriek" if shriek else "no Shriek", (br.centerx, br.bottom - sc(2)), cap,
              TEXT if shriek else TEXT_DIM, anchor="midbottom")
    out.tip(view, "slot:dragon.shriek", br)
    wall = bool(db.flame_wall_placed)
    br = at(gm.wall_box)
    _frame(surface, br, _shade(SECTION, 1.3), HIGHLIGHT if wall else CELL_EDGE, 1, radius=4)
    tr = pygame.Rect(br.centerx - tk // 2, br.y + sc(2), tk, tk)
    _token(surface, art, "flamewall", tr, _flame_wall_glyph)
    draw_text(surface, "Wall out" if wall else "Wall home", (br.centerx, br.bottom - sc(2)), cap,
              TEXT if wall else TEXT_DIM, anchor="midbottom")
    out.tip(view, "info:dragon.flame_wall", br)
    held = int(db.treasure_held)
    br = at(gm.treasure_box)
    _frame(surface, br, _shade(SECTION, 1.3), CELL_EDGE, 1, radius=4)
    tr = pygame.Rect(br.centerx - tk // 2, br.y + sc(2), tk, tk)
    _token(surface, art, "treasure", tr, _icon_coin)
    draw_text(surface, f"held {held}", (br.centerx, br.bottom - sc(2)), cap, TEXT if held else TEXT_DIM,
              anchor="midbottom")
    out.tip(view, "info:dragon.treasure", br)
    # ---- Powers
    payable = set(db.payable or ())          # the engine's own payment rule (owner only)
    for p in drd.powers:
        cell = at(gm.power_cells[p.id])
        ok = (p.id in payable) if own else None
        if ok is False:
            dim = pygame.Surface(cell.size, pygame.SRCALPHA)
            dim.fill((20, 10, 10, 110))
            surface.blit(dim, cell.topleft)
        out.tip(view, f"slot:dragon.power.{p.id}", cell)
    # ---- Hand
    hsr = at(gm.hand_sec)
    title = "Power cards in hand" if own else f"Power cards: {n_hand} (hidden)"
    draw_text(surface, title, (hsr.x + sc(6), hsr.y + sc(3)), sc.f(17), TEXT, bold=True)
    draw_text(surface, f"next hand = Spirit {spirit}", (hsr.right - sc(5), hsr.y + sc(4)), sc.f(13), TEXT_DIM,
              anchor="topright")
    if n_hand == 0:
        draw_text(surface, "no Power cards", (hsr.centerx, hsr.y + hsr.h // 2 + sc(8)), small, TEXT_DIM,
                  anchor="center")
    for i, c in enumerate(gm.hand_cards[:n_hand]):
        cr = at(c)
        if own and i < len(hand) and hand[i] in SCALE_METALS:
            _scale_card(surface, cr, hand[i], sc, out, view)
        elif own and i < len(hand):
            cid = hand[i]
            card = _card(cid)
            sym = str(getattr(card, "symbol", "any"))
            _frame(surface, cr, CARD_FACE, _shade(SYMBOL_COLOURS.get(sym, ANY_GREY), 0.8), 2, radius=5)
            g = min(cr.w - sc(12), cr.h - sc(24))
            symbol_glyph(surface, sym, pygame.Rect(cr.centerx - g // 2, cr.y + sc(4), g, g))
            name = _card_name(cid)
            draw_text(surface, _fit(name, sc.f(15), cr.w - 4, True), (cr.centerx, cr.bottom - sc(3)), sc.f(15),
                      CARD_INK, bold=True, anchor="midbottom")
            out.tip(view, f"card:{cid}", cr)
        else:
            _draw_back(surface, cr, CARD_BACK, "D", sc)
            out.tip(view, f"info:dragon.hand.{i}", cr)
    if gm.scale_pile is not None:
        _scale_pile(surface, at(gm.scale_pile), int(db.scale_deck or 0), sc, out, view)


def _scale_card(surface: pygame.Surface, cr: pygame.Rect, cid: str, sc: _Scale, out: BoardLayout,
                view: PlayerView) -> None:
    """A Scale card in his hand: its metal face, the scale emblem, its name and what it does."""
    face, edge = SCALE_METALS[cid]
    _frame(surface, cr, face, edge, 2, radius=5)
    g = min(cr.w - sc(12), cr.h - sc(24))
    scale_glyph(surface, pygame.Rect(cr.centerx - g // 2, cr.y + sc(4), g, g), edge)
    name = _card_name(cid)
    short = name.replace(" Scale", "")
    draw_text(surface, _fit(short, sc.f(15), cr.w - 4, True), (cr.centerx, cr.bottom - sc(3)), sc.f(15), CARD_INK,
              bold=True, anchor="midbottom")
    out.tip(view, f"card:{cid}", cr)


def _scale_pile(surface: pygame.Surface, r: pygame.Rect, left: int, sc: _Scale, out: BoardLayout,
                view: PlayerView) -> None:
    """The Scale deck beside his hand: a facedown pile and its count (VAR-32)."""
    if left:
        for k in range(min(left, 3) - 1, -1, -1):
            _draw_back(surface, r.move(sc(2) * k, -sc(2) * k).inflate(-sc(4), -sc(4)), SCALE_BACK, "", sc)
        scale_glyph(surface, r.inflate(-sc(16), -sc(22)).move(0, -sc(4)), _shade(SCALE_BACK, 2.2))
    else:
        _empty_slot(surface, r.inflate(-sc(4), -sc(4)), CELL_EDGE)
    draw_text(surface, f"Scales {left}", (r.centerx, r.bottom - sc(3)), sc.f(13), TEXT if left else TEXT_DIM,
              bold=True, anchor="midbottom")
    out.tip(view, "info:dragon.scale_deck", r)


def _background_cached(gm: _DGeom, rect: pygame.Rect, own: bool, need: int, max_health: int,
                       n_hand: int, scales: bool = False) -> pygame.Surface:
    return _background(("dragon", rect.w, rect.h, own, need, max_health, n_hand, scales), rect.size,
                     lambda s: _static(s, gm, own, need), rect.topleft)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _DGEOM.clear()
