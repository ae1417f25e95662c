"""The Cave's board drawn like the physical one (GUI_SPEC "Player board right"): the three phases of
her turn, the Omen tokens she holds and what each costs, the Treasure and Hatred tokens left, her
hand of tiles (their Lit side and type for her alone), the top Event cards and the cards a decision
offers her, and the deck counts.  :func:`draw_cave_board` fills a :class:`~.kit.BoardLayout`
(``hand_tile:<id>``, ``drag:hand:<id>``, ``slot:cave.omen.<omen>``, ``card:<id>``, ``info:cave.*``).

Private parts (the hand, the top Event cards) are drawn only when ``view.viewer`` is the Cave.
Imports only the shared :mod:`.kit`, never another role's board.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.view import PlayerView
from ...teach.describe_boards import TRIBE_LETTERS, TYPE_LABELS
from ..theme import (
    DANGER,
    HIGHLIGHT,
    PANEL_EDGE,
    ROLE_COLOURS,
    TEXT,
    TEXT_DIM,
    TRIBE_COLOURS,
    TYPE_COLOURS,
)
from .kit import (
    OK_GREEN,
    BoardLayout,
    Colour,
    _background,
    _card,
    _card_name,
    _draw_back,
    _draw_offer,
    _fit,
    _frame,
    _header,
    _icon_coin,
    _icon_hatred,
    _offer_geometry,
    _offered_cards,
    _one_line,
    _pts,
    _rules,
    _Scale,
    _section,
    _seg,
    _shade,
    _tile_art,
    _token,
    _tribe_glyph,
    _wrap,
    draw_text,
    fit_geometry,
    font,
)

BOARD_BG: Colour = (38, 27, 40)
SECTION_CAVE: Colour = (52, 38, 56)
LIT_WALL: Colour = (200, 176, 130)

OMEN_COLOURS: dict[str, Colour] = {
    "bat": (150, 120, 205),
    "boulder": (150, 132, 112),
    "quartz": (235, 175, 225),
    "mushroom": (225, 110, 80),
    "trail": (205, 185, 120),
    "chasm": (90, 135, 210),
}
OMEN_LETTERS = {"bat": "Ba", "boulder": "Bo", "quartz": "Qu", "mushroom": "Mu", "trail": "Tr", "chasm": "Ch"}
PHASES = ("Collect Omens", "Shape the Cave", "Place Treasure")


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


# ------------------------------------------------------------------ layout
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
    offer_title, offer_cards, y = _offer_geometry(P, y, inner_w, n_offer, title_h, gap, sc)
    decks = pygame.Rect(P, y, inner_w, sc(22))
    y = decks.bottom + gap
    return _CGeom(sc, header, phase, phase_steps, tokens_sec, token_chips, omen_title, omen_rows, supply, hatred,
                  hand_title, hand_tiles, events_title, events_rows, offer_title, offer_cards, decks, y)


def _cave_background(surf: pygame.Surface, gm: _CGeom, own: bool) -> None:
    rd = _rules()
    sc = gm.sc
    surf.fill(BOARD_BG)
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


def draw_cave_board(surf: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
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
                     lambda s: _cave_background(s, gm, own), rect.topleft)
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
        _draw_offer(surf, out, view, at(gm.offer_title), [at(o) for o in gm.offer_cards], offered, lab, sc)
    # ---- decks
    dk = view.boards.decks
    dr = at(gm.decks)
    line = (f"Event deck {dk.events} · Treasure deck {dk.treasures} · "
            f"Omen bag {dk.omen_bag}")
    draw_text(surf, _fit(line, small, dr.w), (dr.x, dr.centery), small, TEXT_DIM, anchor="midleft")
    out.tip(view, "info:cave.decks", dr)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _CGEOM.clear()
