"""The Knight's board drawn like the physical one (GUI_SPEC "Player board right"): Health, Grit (its
white spaces), the Movement, Perception and Strength tracks, her equipment, the Hero cube boxes,
Smashed Crystals, this turn's line, her Treasure cards and Sidequests, and the cards a decision
offers her.  :func:`draw_knight_board` fills a :class:`~.kit.BoardLayout` with a region per click
target (``slot:knight.*``, ``card:<id>``, ``drag:knight.cubes``) and ``info:`` regions.

Private parts (Sidequests, facedown Treasures) are drawn only when ``view.viewer`` is the Knight;
they are read only from the view, which holds them only for her.  Imports only the shared
:mod:`.kit`, never another role's board.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.view import PlayerView
from ..theme import DANGER, ROLE_COLOURS, TEXT, TEXT_DIM, TOKEN_COLOURS
from .kit import (
    CELL_EDGE,
    OK_GREEN,
    BoardLayout,
    _background,
    _card,
    _card_name,
    _cube,
    _cube_rect,
    _draw_back,
    _draw_card,
    _draw_offer,
    _empty_slot,
    _fit,
    _frame,
    _grid,
    _grid_height,
    _header,
    _icon_bomb,
    _icon_boot,
    _icon_bow,
    _icon_crystal,
    _icon_fist,
    _icon_heart,
    _icon_map,
    _icon_shield,
    _icon_torch,
    _offer_geometry,
    _offered_cards,
    _one_line,
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

Colour = tuple[int, int, int]

BOARD_BG: Colour = (44, 37, 31)
CELL: Colour = (72, 62, 50)
WHITE_SPACE: Colour = (214, 208, 194)
CARD_BACK: Colour = (70, 46, 30)

ICONS: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "movement": _icon_boot, "perception": _icon_torch, "strength": _icon_fist,
    "map": _icon_map, "bow": _icon_bow, "bomb": _icon_bomb, "shield": _icon_shield,
}
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


_KGEOM: dict[tuple[Any, ...], _KGeom] = {}


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
    # Grit: 0..grit_cap (45) in rows of 16, as the game's rules have it
    spaces = _rules().knight.grit_cap + 1
    cols = 16
    gw = (inner_w - lab_w - sc(6)) // cols
    gh = min(gw, sc(22))
    rows = math.ceil(spaces / cols)
    grit_sec = pygame.Rect(P, y, inner_w, rows * gh + sc(10))
    grit_cells = [pygame.Rect(grit_sec.x + lab_w + (i % cols) * gw, grit_sec.y + sc(5) + (i // cols) * gh, gw - 1,
                              gh - 1) for i in range(spaces)]
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
            bombs = _rules().knight.bombs             # the Bomb tokens the game's rules give her (3)
            bomb_tokens = [pygame.Rect(box.right - sc(4) - (bombs - j) * (tk + 2), sy + (slot - tk) // 2, tk, tk)
                           for j in range(bombs)]
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
    offer_title, offer_cards, y = _offer_geometry(P, y, inner_w, n_offer, title_h, gap, sc)
    return _KGeom(sc, header, health_sec, health_cells, grit_sec, grit_cells, track_rows, track_cells, track_value,
                  equip_boxes, equip_slots, bomb_tokens, supply, aside, discarded, crystals, turn, treasure_title,
                  treasure_cards, quest_title, quest_cards, offer_title, offer_cards, y)


def _knight_background(surf: pygame.Surface, gm: _KGeom, own: bool) -> None:
    rd = _rules()
    kd = rd.knight
    sc = gm.sc
    surf.fill(BOARD_BG)
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


def draw_knight_board(surf: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str,
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
                     rect.size, lambda s: _knight_background(s, gm, own), rect.topleft)
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
    charm_next = int(kb.charm_strength_next or 0)         # the Thief's Charm: Strength owed to her next turn
    if charm_next and not active:                          # the longest of these words that fits the box
        said = (f"Next turn: +{charm_next} Strength (Charm)", f"Charm: +{charm_next} Strength next turn",
                f"+{charm_next} Strength next turn")
        line = next((t for t in said if font(sc.f(16)).size(t)[0] <= tr.w - sc(10)), said[-1])
    draw_text(surf, _fit(line, sc.f(16), tr.w - sc(10)), (tr.x + sc(6), tr.bottom - sc(5)), sc.f(16),
              OK_GREEN if charm_next and not active else TEXT if active else TEXT_DIM, anchor="bottomleft")
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
    from ...engine.roles.knight.board import NO_CUBE_TREASURES, base_id

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
            reward = f"+{grit_v} Grit a cube" if cid.split("#")[0] == "prepared" else f"+{grit_v} Grit"   # VAR-15: X
            _draw_card(surf, r, name, [reward], sc, face=(214, 200, 170),
                       body=_one_line(str(c.text)) if c is not None else "")
            out.tip(view, f"card:{cid}", r)
        else:
            _draw_back(surf, r, (60, 52, 70), "S", sc)
            out.tip(view, f"info:knight.sidequest.{i}", r)
    # ---- Offered cards (the pending decision's)
    if gm.offer_title is not None:
        _draw_offer(surf, out, view, at(gm.offer_title), [at(o) for o in gm.offer_cards], offered, lab, sc)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _KGEOM.clear()
