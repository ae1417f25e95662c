"""The Goblins' player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_goblins_board` draws ``view.boards.goblins`` into a rectangle and fills a
:class:`~.kit.BoardLayout`: the Rage track (0-3, Malaise at 0) with this turn's phase, the
three Tribes side by side (symbol, letter and colour; hidden / on the map / lurking; Population
disc slots 0-4; Strength with its red discs and Perception; the Monster slots 1/2/1 and the
special action), this turn's War card (the drawn War cards while choosing), a Monster being
assigned, the face-up Secrets and the Secrets hand, and the decks.

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:goblins.<tribe>`` — the Tribe (its head: symbol, status, Population, Strength);
* ``piece:tribe:<tribe>`` — the same head while the Tribe is off the map (hidden or lurking), so
  a hidden Tribe can be chosen where a revealed one is clicked on the map;
* ``slot:goblins.<tribe>.monster`` — the Tribe's free Monster slot(s);
* ``slot:goblins.<tribe>.special`` — the special action;
* ``card:<id>`` — assigned Monsters, face-up Secrets, the Secrets in hand (owner only), the
  War cards drawn (the decider only);
* ``slot:goblins`` — the header (another role choosing the Goblins as a player);
* ``slot:goblins.rage`` — the Rage track, ``slot:goblins.secrets`` — the Secrets (their title and
  cards): where the Goblins take the Thief's Loot Drop bonus as Rage or as Secrets cards (GB-94);
* ``info:goblins.<thing>`` — tooltips only.

Privacy: the hand is read only when ``view.viewer == "goblins"`` (the view holds it only for
them); everyone else sees card backs and a count.  All text goes through :mod:`..text`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ...teach.describe_boards import GOBLIN_PHASE_OF_KIND as PHASE_OF_KIND
from ...teach.describe_boards import GOBLIN_PHASES as PHASES
from ...teach.describe_boards import MONSTER_SHORT, TRIBE_LETTERS, TRIBE_NAMES, TRIBES, tribe_perception
from ...teach.describe_boards import monster_short as _monster_short
from ..theme import DANGER, HIGHLIGHT, PANEL_EDGE, ROLE_COLOURS, TEXT, TEXT_DIM, TRIBE_COLOURS
from .kit import (
    CARD_FACE,
    CARD_INK,
    OK_GREEN,
    BoardLayout,
    Colour,
    _background,
    _card,
    _card_name,
    _draw_back,
    _draw_card,
    _fit,
    _frame,
    _grid,
    _grid_height,
    _header,
    _icon_crystal,
    _icon_fist,
    _icon_torch,
    _offered_cards,
    _one_line,
    _rules,
    _Scale,
    _section,
    _shade,
    _tile_art,
    _token,
    _tribe_glyph,
    _wrap,
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["MONSTER_SHORT", "TRIBES", "draw_goblins_board"]


SPECIAL_SHORT = {"fangs": "+1 Rage", "bones": "draw a Monster", "eye": "draw a Secret"}
TRIBE_NOTE = {"fangs": "permanent Strength disc", "bones": "caps Monsters in all", "eye": "its Population is X for Secrets"}

BOARD_BG: Colour = (30, 40, 32)
SECTION: Colour = (42, 56, 45)
CELL: Colour = (56, 70, 56)
CELL_EDGE: Colour = (104, 132, 100)
DISC_GREEN: Colour = (76, 168, 84)
DISC_RED: Colour = (206, 58, 46)
RAGE_TOKEN: Colour = (224, 92, 40)
SECRET_BACK: Colour = (38, 66, 46)
SLOT_FILL: Colour = (36, 46, 38)
WAR_FACE: Colour = (226, 214, 184)


def _war_summary(cid: str) -> tuple[str, str]:
    """('F+3 B+2 E+1', '1 Monster · 1 Secret · +1 Rage') for a War card."""
    c = _card(cid)
    if c is None:
        return cid, ""
    discs = " ".join(f"{TRIBE_LETTERS[t]}+{int(getattr(c, t, 0))}" for t in TRIBES)
    if not any(int(getattr(c, t, 0)) for t in TRIBES):
        discs = "no new Goblins"
    m, s, r = int(getattr(c, "monsters", 0)), int(getattr(c, "secrets", 0)), int(getattr(c, "rage", 0))
    parts = []
    if m:
        parts.append(f"{m} Monster{'s' if m > 1 else ''}")
    if s:
        parts.append(f"{s} Secret{'s' if s > 1 else ''}")
    if r:
        parts.append(f"+{r} Rage")
    return discs, " · ".join(parts) or "nothing drawn"


def _pos_text(p: Any) -> str:
    try:
        return f"{int(p[0])},{int(p[1])}"
    except (TypeError, ValueError, IndexError):
        return str(p)


# ------------------------------------------------------------------- layout
@dataclass
class _GGeom:
    sc: _Scale
    header: pygame.Rect
    rage_sec: pygame.Rect
    rage_cells: list[pygame.Rect]
    turn: pygame.Rect
    cols: dict[str, pygame.Rect]
    heads: dict[str, pygame.Rect]
    symbol: dict[str, pygame.Rect]
    piece: dict[str, pygame.Rect]
    status: dict[str, pygame.Rect]
    pop_label: dict[str, pygame.Rect]
    pop_discs: dict[str, list[pygame.Rect]]
    str_box: dict[str, pygame.Rect]
    per_box: dict[str, pygame.Rect]
    mon_box: dict[str, pygame.Rect]
    mon_slots: dict[str, list[pygame.Rect]]
    special: dict[str, pygame.Rect]
    war_sec: pygame.Rect | None
    war_card: pygame.Rect | None
    drawn: pygame.Rect | None
    offer_title: pygame.Rect | None
    offer_cards: list[pygame.Rect]
    secrets_title: pygame.Rect
    secret_cards: list[pygame.Rect]
    decks: pygame.Rect
    bottom: int


_GGEOM: dict[tuple[Any, ...], _GGeom] = {}


def _geom(w: int, h: int, slots: tuple[int, ...], n_secrets: int, n_offer: int) -> _GGeom:
    def spare(g: _GGeom, s: float, room: int) -> int:    # taller Secrets cards that show their text
        if not n_secrets:
            return 0
        rows = len({r.y for r in g.secret_cards})
        return min(int(80 * s), room // max(1, rows))

    return fit_geometry(_GGEOM, (w, h, slots, n_secrets, n_offer), w, h,
                        lambda s, extra: _geom_at(w, slots, n_secrets, n_offer, s, extra), spare, tries=5)


def _geom_at(w: int, slots: tuple[int, ...], n_secrets: int, n_offer: int, s: float, extra: int) -> _GGeom:
    sc = _Scale(s)
    P, gap = sc(7), sc(4)
    inner_w = w - 2 * P
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    # Rage track (left) and this turn (right)
    rh = sc(46)
    rage_sec = pygame.Rect(P, y, inner_w * 58 // 100, rh)
    turn = pygame.Rect(rage_sec.right + gap, y, inner_w - rage_sec.w - gap, rh)
    lab_w = sc(50)
    room = rage_sec.w - lab_w - sc(8) - 3 * sc(3)
    cw0 = room * 10 // 58                  # the Malaise cell takes what the three digits leave (~2.8 of them):
    cells = []                             # room for the Rage token and the word "Malaise" side by side
    x = rage_sec.x + lab_w
    for i in range(4):
        cw = room - 3 * cw0 if i == 0 else cw0
        cells.append(pygame.Rect(x, rage_sec.y + sc(6), cw, rh - sc(12)))
        x += cw + sc(3)
    y = rage_sec.bottom + gap
    # the three Tribes, side by side
    colw = (inner_w - 2 * gap) // 3
    cols: dict[str, pygame.Rect] = {}
    heads: dict[str, pygame.Rect] = {}
    symbol: dict[str, pygame.Rect] = {}
    piece: dict[str, pygame.Rect] = {}
    status: dict[str, pygame.Rect] = {}
    pop_label: dict[str, pygame.Rect] = {}
    pop_discs: dict[str, list[pygame.Rect]] = {}
    str_box: dict[str, pygame.Rect] = {}
    per_box: dict[str, pygame.Rect] = {}
    mon_box: dict[str, pygame.Rect] = {}
    mon_slots: dict[str, list[pygame.Rect]] = {}
    special: dict[str, pygame.Rect] = {}
    max_slots = max(slots) if slots else 2
    slot_h = sc(34)
    head_h = sc(134)
    mon_h = sc(17) + max_slots * (slot_h + sc(3)) + sc(2)
    spec_h = sc(26)
    col_h = head_h + gap + mon_h + gap + spec_h
    for i, t in enumerate(TRIBES):
        cx = P + i * (colw + gap)
        col = pygame.Rect(cx, y, colw, col_h)
        cols[t] = col
        head = pygame.Rect(cx, y, colw, head_h)
        heads[t] = head
        sym = sc(26)
        symbol[t] = pygame.Rect(cx + sc(4), y + sc(4), sym, sym)
        pz = sc(30)
        piece[t] = pygame.Rect(head.right - pz - sc(3), y + sc(2), pz, pz)
        status[t] = pygame.Rect(cx + sc(4), y + sc(33), colw - sc(8), sc(16))
        pop_label[t] = pygame.Rect(cx + sc(4), y + sc(51), colw - sc(8), sc(14))
        d = min(sc(24), (colw - sc(10) - 3 * sc(4)) // 4)
        pop_discs[t] = [pygame.Rect(cx + sc(5) + j * (d + sc(4)), y + sc(67), d, d) for j in range(4)]
        bw = (colw - sc(8) - sc(3)) // 2
        sy = y + sc(67) + d + sc(5)
        sh = head.bottom - sy - sc(4)
        str_box[t] = pygame.Rect(cx + sc(4), sy, bw, sh)
        per_box[t] = pygame.Rect(cx + sc(4) + bw + sc(3), sy, colw - sc(8) - bw - sc(3), sh)
        my = head.bottom + gap
        mon_box[t] = pygame.Rect(cx, my, colw, mon_h)
        n = slots[i] if i < len(slots) else 1
        mon_slots[t] = [pygame.Rect(cx + sc(4), my + sc(17) + j * (slot_h + sc(3)), colw - sc(8), slot_h)
                        for j in range(n)]
        special[t] = pygame.Rect(cx, mon_box[t].bottom + gap, colw, spec_h)
    y += col_h + gap
    title_h = sc(22)
    war_sec = war_card = drawn = offer_title = None
    offer_cards: list[pygame.Rect] = []
    if n_offer:
        offer_title = pygame.Rect(P, y, inner_w, title_h)
        y += title_h
        ocw, och = sc(128), sc(58)
        offer_cards = _grid(P, y, inner_w, n_offer, ocw, och, gap)
        y += _grid_height(inner_w, n_offer, ocw, och, gap) + gap
    else:
        war_sec = pygame.Rect(P, y, inner_w, sc(44))
        war_card = pygame.Rect(war_sec.x + sc(4), war_sec.y + sc(4), inner_w * 52 // 100, war_sec.h - sc(8))
        drawn = pygame.Rect(war_card.right + sc(6), war_card.y, war_sec.right - war_card.right - sc(10), war_card.h)
        y = war_sec.bottom + gap
    secrets_title = pygame.Rect(P, y, inner_w, title_h)
    y += title_h
    scw, sch = sc(96), sc(46) + extra
    secret_cards = _grid(P, y, inner_w, n_secrets, scw, sch, gap)
    # (no cards: a line saying so)
    y += max(_grid_height(inner_w, n_secrets, scw, sch, gap), font(sc.f(14)).get_linesize() + sc(4)) + gap
    decks = pygame.Rect(P, y, inner_w, sc(20))
    y = decks.bottom + gap
    return _GGeom(sc, header, rage_sec, cells, turn, cols, heads, symbol, piece, status, pop_label, pop_discs,
                  str_box, per_box, mon_box, mon_slots, special, war_sec, war_card, drawn, offer_title, offer_cards,
                  secrets_title, secret_cards, decks, y)


# -------------------------------------------------------------- background
def _symbol(surf: pygame.Surface, art: Any, tribe: str, r: pygame.Rect) -> None:
    ta = _tile_art(art)
    if ta is not None:
        try:
            surf.blit(ta.tribe_symbol(tribe, r.w), r.topleft)
            return
        except Exception:   # the art is optional for the boards
            pass
    _tribe_glyph(surf, tribe, r)


def _piece(surf: pygame.Surface, art: Any, tribe: str, r: pygame.Rect, ghost: bool) -> None:
    ta = _tile_art(art)
    img = None
    if ta is not None:
        try:
            img = ta.piece(f"tribe:{tribe}", r.w)
        except Exception:
            img = None
    if img is None:
        pygame.draw.circle(surf, ROLE_COLOURS["goblins"], r.center, r.w // 2)
        draw_text(surf, TRIBE_LETTERS[tribe], r.center, max(13, r.w // 2), TEXT, bold=True, anchor="center")
        return
    if ghost:
        img = img.copy()
        img.set_alpha(70)
    surf.blit(img, r.topleft)


def _background_draw(surf: pygame.Surface, gm: _GGeom, own: bool, art: Any) -> None:
    rd = _rules()
    sc = gm.sc
    col_role = ROLE_COLOURS["goblins"]
    surf.fill(BOARD_BG)
    pygame.draw.rect(surf, col_role, surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "goblins", "your board" if own else "public view", sc)
    lab = sc.f(18)
    small = sc.f(14)
    # Rage track
    _section(surf, gm.rage_sec, SECTION)
    draw_text(surf, "Rage", (gm.rage_sec.x + sc(6), gm.rage_sec.y + sc(5)), lab, TEXT, bold=True)
    for i, r in enumerate(gm.rage_cells):
        fill = (70, 40, 40) if i == 0 else _shade(RAGE_TOKEN, 0.25 + 0.1 * i)
        _frame(surf, r, fill, CELL_EDGE, 1)
        if i == 0:
            draw_text(surf, "0", (r.x + sc(4), r.centery), sc.f(18), TEXT_DIM, bold=True, anchor="midleft")
            lr = _malaise_label(r, sc)
            draw_text(surf, _fit("Malaise", small, lr.w), (lr.right, lr.centery), small, (220, 150, 140),
                      anchor="midright")
        else:
            draw_text(surf, str(i), r.center, sc.f(18), TEXT_DIM, bold=True, anchor="center")
    _section(surf, gm.turn, SECTION)
    draw_text(surf, "This turn", (gm.turn.x + sc(5), gm.turn.y + sc(3)), small, TEXT_DIM)
    # Tribes
    goblins = rd.goblins
    for t in TRIBES:
        tribe = goblins.tribe(t)
        tcol = TRIBE_COLOURS[t]
        head = gm.heads[t]
        pygame.draw.rect(surf, SECTION, head, border_radius=6)
        pygame.draw.rect(surf, _shade(tcol, 0.55), head, 2, border_radius=6)
        pygame.draw.rect(surf, _shade(tcol, 0.8), pygame.Rect(head.x, head.y, head.w, sc(4)),
                         border_top_left_radius=6, border_top_right_radius=6)
        _symbol(surf, art, t, gm.symbol[t])
        name_x = gm.symbol[t].right + sc(5)
        draw_text(surf, _fit(TRIBE_NAMES[t], sc.f(20), gm.piece[t].x - name_x, True),
                  (name_x, gm.symbol[t].centery), sc.f(20), tcol, bold=True, anchor="midleft")
        pl = gm.pop_label[t]
        draw_text(surf, "Population", (pl.x, pl.centery), small, TEXT_DIM, anchor="midleft")
        for r in gm.pop_discs[t]:
            pygame.draw.circle(surf, _shade(DISC_GREEN, 0.3), r.center, r.w // 2)
            pygame.draw.circle(surf, _shade(DISC_GREEN, 0.6), r.center, r.w // 2, 1)
        for box, icon, word in ((gm.str_box[t], _icon_fist, "Str"), (gm.per_box[t], _icon_torch, "Per")):
            _frame(surf, box, CELL, CELL_EDGE, 1)
            isz = min(box.h // 2, sc(15))
            icon(surf, pygame.Rect(box.x + sc(3), box.y + sc(3), isz, isz), (210, 180, 130))
            draw_text(surf, word, (box.x + sc(4) + isz, box.y + sc(3) + isz // 2), max(13, sc.f(13)), TEXT_DIM,
                      anchor="midleft")
        mb = gm.mon_box[t]
        _section(surf, mb, SECTION)
        n = tribe.monster_slots
        draw_text(surf, f"Monster slot{'s' if n > 1 else ''} ({n})", (mb.x + sc(5), mb.y + sc(3)), small, TEXT_DIM)
        for r in gm.mon_slots[t]:
            pygame.draw.rect(surf, SLOT_FILL, r, border_radius=4)
            pygame.draw.rect(surf, _shade(CELL_EDGE, 0.8), r, 1, border_radius=4)
        if len(gm.mon_slots[t]) < max(len(v) for v in gm.mon_slots.values()):
            last = gm.mon_slots[t][-1]
            ny = last.bottom + sc(4)
            for line in _wrap2(TRIBE_NOTE[t], small, mb.w - sc(10)):
                draw_text(surf, line, (mb.x + sc(5), ny), small, _shade(TEXT_DIM, 0.8))
                ny += font(small).get_linesize()
        sp = gm.special[t]
        _frame(surf, sp, _shade(tcol, 0.22), _shade(tcol, 0.6), 1, radius=5)
        label = _fit(f"Special: {SPECIAL_SHORT[t]}", small, sp.w - sc(8))
        draw_text(surf, label, sp.center, small, TEXT, anchor="center")
    if gm.war_sec is not None:
        _section(surf, gm.war_sec, SECTION)


def _wrap2(text: str, size: int, width: int) -> list[str]:
    return list(_wrap(text, size, width, 2))


# -------------------------------------------------------------------- draw
def draw_goblins_board(surf: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                       art: Any) -> None:
    """Draw the Goblins' board as ``view.viewer`` may see it; add its regions and tooltips to ``out``."""
    gb = view.boards.goblins
    assert gb is not None
    rd = _rules()
    own = view.viewer == role
    hand: list[str] = list(gb.hand or ()) if own else []
    n_hand = len(hand) if own else int(gb.hand_count)
    schemes: list[str] = list(gb.schemes)                  # bought Schemes lie face up too (VAR-26)
    face_up: list[str] = list(gb.face_up) + schemes
    monsters: dict[str, list[str]] = {t: list(gb.monsters.get(t, ())) for t in TRIBES}
    shown = set(hand) | set(face_up) | {m for ms in monsters.values() for m in ms}
    offered = _offered_cards(view, role, shown)
    slots = tuple(rd.goblins.tribe(t).monster_slots for t in TRIBES)
    n_secrets = len(face_up) + n_hand
    gm = _geom(rect.w, rect.h, slots, n_secrets, len(offered))
    sc = gm.sc
    bg = _background(("goblins", rect.w, rect.h, slots, n_secrets, len(offered), own), rect.size,
                     lambda s: _background_draw(s, gm, own, art), rect.topleft)
    surf.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    lab = sc.f(18)
    small = sc.f(14)
    out.tip(view, "slot:goblins", at(gm.header))
    # ---- Rage
    rage = int(gb.rage)
    malaise = bool(gb.malaise)
    cells = [at(r) for r in gm.rage_cells]
    if 0 <= rage and cells:                # War Banner's Rage 4 sits on the last cell, its number on the token
        cr = cells[min(rage, len(cells) - 1)]
        pygame.draw.rect(surf, TEXT, cr, 2, border_radius=4)
        d = min(cr.h - sc(6), sc(24))
        tok = pygame.Rect(0, 0, d, d)
        tok.center = (cr.x + d // 2 + sc(3), cr.centery) if rage == 0 else cr.center
        pygame.draw.circle(surf, _shade(RAGE_TOKEN, 0.6), tok.center, d // 2)
        pygame.draw.circle(surf, RAGE_TOKEN, (tok.centerx - 1, tok.centery - 1), d // 2 - 1)
        pygame.draw.circle(surf, TEXT, tok.center, d // 2, 1)
        draw_text(surf, str(rage), tok.center, sc.f(17), (24, 14, 8), bold=True, anchor="center")
    rs = at(gm.rage_sec)
    if malaise:          # GB-35: the Goblins are in Malaise — the track's Malaise cell is ringed in red
        pygame.draw.rect(surf, DANGER, cells[0].inflate(sc(4), sc(4)), max(2, sc(3)), border_radius=5)
    out.tip(view, "info:goblins.rage", rs)
    out.tip(view, "slot:goblins.rage", rs)
    # ---- this turn
    tr = at(gm.turn)
    active = view.active == "goblins"
    activated = [t for t in gb.activated if t in TRIBES]
    phase = 0
    if active and view.waiting_for is not None and view.waiting_for[0] == "goblins":
        phase = PHASE_OF_KIND.get(view.waiting_for[1], 0)
    if active:
        if phase:
            line1 = f"{phase}/5 {PHASES[phase - 1]}"
        else:
            line1 = "The Goblins' turn"
        line2 = ("Activated: " + ", ".join(TRIBE_NAMES[t] for t in activated)) if activated else "No Tribe activated"
    else:
        line1, line2 = "Not their turn", ""
    poison = int(gb.poison_cubes)
    if poison:
        line2 = f"Poisoned cubes: {poison}"
    draw_text(surf, _fit(line1, sc.f(16), tr.w - sc(10), True), (tr.x + sc(5), tr.y + sc(17)), sc.f(16),
              HIGHLIGHT if active else TEXT_DIM, bold=True)
    if line2:
        draw_text(surf, _fit(line2, small, tr.w - sc(10)), (tr.x + sc(5), tr.bottom - sc(3)), small, TEXT_DIM,
                  anchor="bottomleft")
    crystals = int(gb.crystals)
    if crystals and "knight" not in view.roles:
        nr = draw_text(surf, str(crystals), (tr.right - sc(5), tr.y + sc(3)), small, (120, 220, 255), bold=True,
                       anchor="topright")
        cz = max(8, nr.h)
        _token(surf, art, "crystal", pygame.Rect(nr.x - cz - 2, nr.y, cz, cz), _icon_crystal)
    out.tip(view, "info:goblins.turn", tr)
    # ---- Tribes
    population = gb.population
    strength = gb.strength
    discs = gb.strength_discs
    lurking = gb.lurking
    hidden = set(gb.hidden)
    for t in TRIBES:
        tcol = TRIBE_COLOURS[t]
        pop = int(population.get(t, 0))
        st = int(strength.get(t, 0))
        nd = int(discs.get(t, 0))
        per = tribe_perception(view, t)
        head = at(gm.heads[t])
        where = view.pieces.get(f"tribe:{t}")
        if t in lurking:
            status, scol = f"lurking at {_pos_text(lurking[t])}", (230, 190, 110)
        elif where is not None or t not in hidden:
            status, scol = (f"on the map {_pos_text(where)}" if where is not None else "on the map"), OK_GREEN
        else:
            status, scol = "hidden", TEXT_DIM
        off_map = where is None
        _piece(surf, art, t, at(gm.piece[t]), ghost=not off_map or t in lurking)
        sr = at(gm.status[t])
        draw_text(surf, _fit(status, small, sr.w - (sc(18) if t in activated else 0)), (sr.x, sr.centery), small,
                  scol, anchor="midleft")
        if t in activated:          # a check mark: activated this turn
            hh = sr.h
            pygame.draw.lines(surf, OK_GREEN, False, [(sr.right - hh, sr.centery), (sr.right - hh * 0.6, sr.bottom - 2),
                                                      (sr.right - 1, sr.y + 1)], max(2, sc(2)))
        pl = at(gm.pop_label[t])
        draw_text(surf, f"{pop}/4", (pl.right, pl.centery), sc.f(16), TEXT if pop else TEXT_DIM, bold=True,
                  anchor="midright")
        for j, r in enumerate(gm.pop_discs[t]):
            if j < pop:
                rr = at(r)
                pygame.draw.circle(surf, _shade(DISC_GREEN, 0.55), rr.center, rr.w // 2)
                pygame.draw.circle(surf, DISC_GREEN, (rr.centerx - 1, rr.centery - 1), rr.w // 2 - 1)
                pygame.draw.circle(surf, _shade(DISC_GREEN, 1.35), (rr.centerx - 1, rr.centery - 1), rr.w // 4, 1)
        sb = at(gm.str_box[t])
        base_st = pop + nd
        str_col = TEXT if st == base_st else (DANGER if st < base_st else OK_GREEN)
        draw_text(surf, str(st), (sb.right - sc(4), sb.centery), sc.f(24), str_col, bold=True, anchor="midright")
        dd = max(5, sc(8))
        for j in range(min(nd, 4)):          # the red Strength discs, under the label
            c = (sb.x + sc(4) + j * (dd + 2) + dd // 2, sb.bottom - dd // 2 - sc(3))
            pygame.draw.circle(surf, DISC_RED, c, dd // 2)
            pygame.draw.circle(surf, _shade(DISC_RED, 0.6), c, dd // 2, 1)
        pb = at(gm.per_box[t])
        draw_text(surf, str(per), (pb.right - sc(4), pb.centery), sc.f(24), TEXT, bold=True, anchor="midright")
        mons = monsters[t]
        out.tip(view, f"slot:goblins.{t}", head)
        if off_map:
            out.tip(view, f"piece:tribe:{t}", head)
        out.tip(view, f"info:goblins.{t}.strength", sb)
        out.tip(view, f"info:goblins.{t}.perception", pb)
        # Monster slots: cards first (so the card wins a hover), then the free slots
        free: list[pygame.Rect] = []
        for j, r in enumerate(gm.mon_slots[t]):
            rr = at(r)
            if j < len(mons):
                m = mons[j]
                c = _card(m)
                _frame(surf, rr, CARD_FACE, _shade(tcol, 0.7), 2, radius=4)
                draw_text(surf, _fit(_card_name(m), sc.f(16), rr.w - sc(8), True), (rr.x + sc(4), rr.y + sc(2)),
                          sc.f(16), CARD_INK, bold=True)
                short = _monster_short(view.rules, m)
                draw_text(surf, _fit(short, small, rr.w - sc(8)), (rr.x + sc(4), rr.bottom - sc(2)), small,
                          (150, 40, 30) if short.startswith("+") else (70, 60, 48), anchor="bottomleft")
                out.tip(view, f"card:{m}", rr)
            else:
                free.append(rr)
        mb = at(gm.mon_box[t])
        if free:
            region = free[0].unionall(free[1:]) if len(free) > 1 else free[0]
            for fr in free:
                draw_text(surf, "empty", fr.center, small, _shade(TEXT_DIM, 0.7), anchor="center")
            out.tip(view, f"slot:goblins.{t}.monster", region)
        else:
            out.tip(view, f"slot:goblins.{t}.monster", mb)
        out.tip(view, f"slot:goblins.{t}.special", at(gm.special[t]))
    # ---- War card / drawn Monster, or the War cards to choose from
    war = gb.war_card
    if gm.war_card is not None and gm.drawn is not None:
        wr = at(gm.war_card)
        if war and active:
            discs_txt, draws = _war_summary(str(war))
            draw_text(surf, _fit(f"War: {_card_name(str(war))}", sc.f(16), wr.w, True), (wr.x, wr.y), sc.f(16),
                      TEXT, bold=True)
            draw_text(surf, _fit(f"{discs_txt} · {draws}", small, wr.w), (wr.x, wr.bottom), small, TEXT_DIM,
                      anchor="bottomleft")
            c = _card(str(war))
            out.tip(view, "info:goblins.war", wr)
        else:
            draw_text(surf, "War card", (wr.x, wr.y), sc.f(16), TEXT_DIM, bold=True)
            draw_text(surf, _fit(f"next turn: draw {max(1, rage)}, keep 1", small, wr.w),
                      (wr.x, wr.bottom), small, TEXT_DIM, anchor="bottomleft")
            out.tip(view, "info:goblins.war", wr)
        dr = at(gm.drawn)
        drawn_m = gb.drawn_monster
        if drawn_m:
            _frame(surf, dr, CARD_FACE, HIGHLIGHT, 2, radius=5)
            draw_text(surf, _fit(f"Drawn: {_card_name(str(drawn_m))}", sc.f(16), dr.w - sc(8), True),
                      (dr.x + sc(4), dr.y + sc(2)), sc.f(16), CARD_INK, bold=True)
            draw_text(surf, _fit(f"{_monster_short(view.rules, str(drawn_m))} · assign it", small, dr.w - sc(8)),
                      (dr.x + sc(4), dr.bottom - sc(2)), small, (70, 60, 48), anchor="bottomleft")
            c = _card(str(drawn_m))
            out.tip(view, "info:goblins.drawn_monster", dr)
        else:
            mdisc = list(gb.monster_discard)
            draw_text(surf, "Monster discard", (dr.x, dr.y), sc.f(16), TEXT_DIM, bold=True)
            last = _card_name(mdisc[-1]) if mdisc else "empty"
            draw_text(surf, _fit(f"{len(mdisc)}: {last}" if mdisc else last, small, dr.w), (dr.x, dr.bottom),
                      small, TEXT_DIM, anchor="bottomleft")
            out.tip(view, "info:goblins.monster_discard", dr)
    if gm.offer_title is not None:
        ot = at(gm.offer_title)
        dec = view.decision
        title = "Choose a War card" if dec is not None and dec.kind == DecisionKind.WAR_CARD else "Choose a card"
        draw_text(surf, title, (ot.x, ot.centery), lab, HIGHLIGHT, bold=True, anchor="midleft")
        if dec is not None and dec.kind == DecisionKind.WAR_CARD:
            draw_text(surf, f"Rage {rage}: {len(offered)} drawn", (ot.right, ot.centery), small, TEXT_DIM,
                      anchor="midright")
        for cid, r in zip(offered, (at(o) for o in gm.offer_cards), strict=False):
            c = _card(cid)
            if c is not None and hasattr(c, "monsters") and hasattr(c, "fangs"):
                discs_txt, draws = _war_summary(cid)
                _draw_card(surf, r, _card_name(cid), [discs_txt, draws], sc, face=WAR_FACE)
            else:
                _draw_card(surf, r, _card_name(cid), [], sc, body=_one_line(str(c.text)) if c is not None else "")
            out.tip(view, f"card:{cid}", r)
    # ---- Secrets
    st_r = at(gm.secrets_title)
    head_txt = f"Secrets: {n_hand} in hand" + (f", {len(face_up)} face up" if face_up else "")
    if schemes or gb.stored_treasure:                      # VAR-27/29: the Schemes' price and store
        head_txt += f" · Schemes {len(schemes)}, next {len(schemes) + 1} Treasure · {gb.stored_treasure} stored"
    limit_txt = f"limit {rd.goblins.hand_limit}"
    head_txt = _fit(head_txt, lab, st_r.w - font(small).size(limit_txt)[0] - sc(8), True)
    draw_text(surf, head_txt, (st_r.x, st_r.centery), lab, TEXT, bold=True, anchor="midleft")
    draw_text(surf, limit_txt, (st_r.right, st_r.centery), small, TEXT_DIM, anchor="midright")
    cards = [at(r) for r in gm.secret_cards]
    for i, r in enumerate(cards):
        if i < len(face_up):
            cid = face_up[i]
            c = _card(cid)
            text = _one_line(str(c.text)) if c is not None else ""
            _draw_card(surf, r, _card_name(cid), ["Scheme, bought" if cid in schemes else "face up"], sc, body=text)
            out.tip(view, f"card:{cid}", r)
            continue
        j = i - len(face_up)
        if own and j < len(hand):
            cid = hand[j]
            c = _card(cid)
            text = _one_line(str(c.text)) if c is not None else ""
            tag = "Scheme: buy" if c is not None and c.handler == "scheme" else "in hand"
            _draw_card(surf, r, _card_name(cid), [tag], sc, face=(214, 226, 200), body=text)
            out.tip(view, f"card:{cid}", r)
        else:
            _draw_back(surf, r, SECRET_BACK, "S", sc)
            out.tip(view, f"info:goblins.secret.{j}", r)
    if not cards:
        draw_text(surf, "no Secrets cards", (st_r.x + sc(4), st_r.bottom + sc(1)), small, TEXT_DIM)
    secrets_area = st_r.unionall(cards) if cards else st_r
    out.tip(view, "slot:goblins.secrets", secrets_area)
    # ---- decks
    dk = view.boards.decks
    dr2 = at(gm.decks)
    sdisc = list(gb.secrets_discard)
    used = sum(int(v) for v in discs.values())
    line = (f"War deck {gb.war_deck} · Monsters {dk.monsters} · "
            f"Secrets {gb.secrets_deck} ({len(sdisc)} discarded) · Strength discs {used}/"
            f"{rd.goblins.strength_discs}")
    draw_text(surf, _fit(line, small, dr2.w), (dr2.x, dr2.centery), small, TEXT_DIM, anchor="midleft")
    out.tip(view, "info:goblins.decks", dr2)
    pygame.draw.line(surf, PANEL_EDGE, (dr2.x, dr2.y - 1), (dr2.right, dr2.y - 1), 1)


def _malaise_label(cell: pygame.Rect, sc: _Scale) -> pygame.Rect:
    """Where the Rage track's first cell says "Malaise": right of the Rage token's place (the token
    sits at the cell's left when Rage is 0), so the word and the token never overlap."""
    d = min(cell.h - sc(6), sc(24))
    left = cell.x + d + sc(6)
    return pygame.Rect(left, cell.y + 2, max(1, cell.right - sc(3) - left), cell.h - 4)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _GGEOM.clear()
