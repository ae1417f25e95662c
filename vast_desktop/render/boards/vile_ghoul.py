"""The Vile Ghoul's player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_vile_ghoul_board` draws ``view.boards.vile_ghoul`` (all public but the Terror deck's
order) into a rectangle and fills a :class:`~.kit.BoardLayout`: the dice chart — six rows, a die
face each with its Movement and Attack, a place on the left of the row (this turn's die, the row
selected, highlighted) and on the right (the dice slid there; on the selected row they are this
turn's Boost dice) — the dice in supply and the movement left; the Boost dice of this turn (the
spent ones crossed out) and the goal (the role it hunts, or the Crystals to smash and whether it
must escape after); the Attack space with its Ghoul discs (a reminder) and this move's Boost or
Hunt bonus; Defense; the Treasures and Gems toward its next Terror card; the Flare when it holds it;
the Terror cards face up (name and both effects, "used" / "in use" marks) and the deck's size; the
change to its movement waiting for its next turn.  Values from the data sheet's design guesses (the
chart, the Boost die) are marked "provisional" on the board.

As on the Ghoul's board, two rows appear only for the player deciding (the Cheat faces, the skitter
symbols) and the Terror cards drawn to choose among are drawn for the Vile Ghoul alone.  What the
two boards share is drawn by :mod:`.ghoul_parts`.

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:vile_ghoul.supply.<face>`` — a die in supply (the first of each face): place it on the chart;
* ``slot:vile_ghoul.row.<face>`` — a row of the chart (a supply die clicked or dragged there, VG-06);
* ``drag:vile_ghoul.supply.<face>`` — the supply die dragged onto its row;
* ``slot:vile_ghoul.boost`` — this turn's Boost dice (spend one, VG-09);
* ``slot:ghoul.die.<face>`` / ``slot:ghoul.symbol.<symbol>`` — Cheat's faces, the skitter's symbols;
* ``card:<terror card>``, ``card:flare``;
* ``info:vile_ghoul.<header|chart|supply|movement|attack|defense|treasure|goal|deck|next_turn>``.

All text goes through :mod:`..text`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.board_views import VileGhoulBoard
from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM
from . import ghoul_parts as gp
from .ghoul_parts import BOARD_BG, CELL, CELL_EDGE, SECTION, decision_refs
from .kit import (
    BoardLayout,
    _background,
    _fit,
    _frame,
    _header,
    _icon_boot,
    _rules,
    _Scale,
    _section,
    _shade,
    _wrap,
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["clear_caches", "draw_vile_ghoul_board"]

ROLE = "vile_ghoul"
FACES = (1, 2, 3, 4, 5, 6)
SPENT: tuple[int, int, int] = (150, 70, 60)


def dice_rolled(view: PlayerView) -> int:
    """How many Ghoul dice it has: its difficulty card's number (2 at Stalker and Hunter), else 3."""
    rd = _rules().vile_ghoul
    level = (view.setup.get("difficulty") or {}).get(ROLE) if view.setup else None
    try:
        return int(rd.level(str(level)).dice_rolled) if level else int(rd.standard_level().dice_rolled)
    except Exception:   # a level these rules do not know: the dice of the board
        return int(rd.dice)


def goal_lines(b: VileGhoulBoard) -> tuple[str, str]:
    """VG-01: what it must do to win, in two short lines."""
    if b.hunted is not None:
        return f"Kill the {b.hunted.title()}", "(its Health runs out)"
    goal = b.crystals_goal or 0
    return f"Smash {goal} Crystals ({b.smashed} so far)", ("then escape by the Entrance" if b.escape
                                                           else "and it wins at once")


# ------------------------------------------------------------------ geometry
@dataclass
class _VGeom:
    sc: _Scale
    header: pygame.Rect
    chart_sec: pygame.Rect
    rows: list[pygame.Rect]               # one per face 1..6
    cols: tuple[int, int, int, int, int]  # x of: face, Move, Attack, Left, Right (relative to the board)
    die: int                              # a chart die's size
    supply_sec: pygame.Rect
    supply: list[pygame.Rect]
    move_box: pygame.Rect
    boost_sec: pygame.Rect
    goal_box: pygame.Rect
    pick_sec: pygame.Rect | None
    picks: list[pygame.Rect]
    attack_box: pygame.Rect
    defense_box: pygame.Rect
    treasure_box: pygame.Rect
    flare_box: pygame.Rect | None
    terror_sec: pygame.Rect
    deck_box: pygame.Rect
    cards: list[pygame.Rect]
    drawn_sec: pygame.Rect | None
    drawn_cards: list[pygame.Rect]
    bottom: int


_VGEOM: dict[tuple[Any, ...], _VGeom] = {}


def _geom(w: int, h: int, n_dice: int, n_picks: int, flare: bool, n_cards: int, n_drawn: int) -> _VGeom:
    return fit_geometry(_VGEOM, (w, h, n_dice, n_picks, flare, n_cards, n_drawn), w, h,
                        lambda s, extra: _geom_at(w, n_dice, n_picks, flare, n_cards, n_drawn, s, extra),
                        lambda g, s, room: min(int(60 * s), room // 2), tries=6, shrink=0.84)


def _geom_at(w: int, n_dice: int, n_picks: int, flare: bool, n_cards: int, n_drawn: int, s: float,
             extra: int) -> _VGeom:
    sc = _Scale(s)
    P, gap = sc(6), sc(4)
    inner = w - 2 * P
    title_h = max(sc(20), font(sc.f(17), True).get_linesize() + 2)
    small = sc.f(14)
    small_ls = font(small).get_linesize()
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    # ---- the dice chart: a column header, then the rows 1..6
    rh = max(sc(26), font(sc.f(16), True).get_linesize() + sc(6))
    die = rh - sc(6)
    move_w = max(sc(50), font(small).size("Move")[0] + sc(12))
    att_w = max(sc(56), font(small).size("Attack")[0] + sc(12))
    left_w = max(die + sc(10), font(small).size("Left")[0] + sc(12))
    x0 = P + sc(6)
    cols = (x0, x0 + rh + sc(6), x0 + rh + sc(6) + move_w, x0 + rh + sc(6) + move_w + att_w,
            x0 + rh + sc(6) + move_w + att_w + left_w)
    chart_sec = pygame.Rect(P, y, inner, title_h + small_ls + sc(2) + 6 * rh + sc(6))
    rows_y = chart_sec.y + title_h + small_ls + sc(2)
    rows = [pygame.Rect(P + sc(3), rows_y + i * rh, inner - sc(6), rh - sc(1)) for i in range(6)]
    y = chart_sec.bottom + gap
    # ---- the supply (left) and movement left (right)
    sdie = max(sc(36), font(sc.f(24), True).get_linesize() + sc(8))
    supply_sec = pygame.Rect(P, y, inner, title_h + sdie + sc(8))
    mv_w = max(sc(104), font(small).size("Movement left")[0] + sc(12))
    move_box = pygame.Rect(supply_sec.right - mv_w - sc(4), supply_sec.y + sc(4), mv_w, supply_sec.h - sc(8))
    cell = min(sdie + sc(10), (move_box.x - supply_sec.x - sc(8)) // max(1, n_dice))
    supply = [pygame.Rect(supply_sec.x + sc(6) + i * cell, supply_sec.y + title_h + sc(2), sdie, sdie)
              for i in range(n_dice)]
    y = supply_sec.bottom + gap
    # ---- this turn's Boost dice (left) and the goal (right)
    bh = title_h + max(small_ls, die) + small_ls + sc(8)
    goal_w = max((inner - gap) // 2, font(small).size("then escape by the Entrance")[0] + sc(14))
    goal_w = min(goal_w, inner - gap - sc(120))
    boost_sec = pygame.Rect(P, y, inner - goal_w - gap, bh)
    goal_box = pygame.Rect(boost_sec.right + gap, y, goal_w, bh)
    y += bh + gap
    pick_sec, picks, y = gp.pick_row(sc, P, inner, y, title_h, gap, n_picks)
    # ---- Attack space, Defense, Treasure (and the Flare)
    attack_box, defense_box, treasure_box, flare_box, y = gp.stat_boxes(sc, P, inner, y, title_h, gap, flare)
    # ---- the Terror cards face up and the deck
    terror_sec, deck_box, cards, drawn_sec, drawn_cards, y = gp.terror_sections(sc, P, inner, y, title_h, gap, extra,
                                                                                n_cards, n_drawn)
    return _VGeom(sc, header, chart_sec, rows, cols, die, supply_sec, supply, move_box, boost_sec, goal_box,
                  pick_sec, picks, attack_box, defense_box, treasure_box, flare_box, terror_sec, deck_box, cards,
                  drawn_sec, drawn_cards, y)


# ------------------------------------------------------------------ static layer
def _static(surf: pygame.Surface, gm: _VGeom, own: bool, pick_title: str, provisional: bool) -> None:
    sc = gm.sc
    colour = ROLE_COLOURS[ROLE]
    rd = _rules().vile_ghoul
    surf.fill(BOARD_BG)
    pygame.draw.rect(surf, colour, surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, ROLE, "your board" if own else "public view", sc)
    lab, small = sc.f(17), sc.f(14)
    _section(surf, gm.chart_sec, SECTION)
    draw_text(surf, "Dice chart", (gm.chart_sec.x + sc(6), gm.chart_sec.y + sc(3)), lab, TEXT, bold=True)
    if provisional:
        draw_text(surf, "provisional values", (gm.chart_sec.right - sc(6), gm.chart_sec.y + sc(4)), small, DANGER,
                  bold=True, anchor="topright")
    head_y = gm.chart_sec.y + max(sc(20), font(lab, True).get_linesize() + 2)
    for x, word in zip(gm.cols[1:], ("Move", "Attack", "Left", "Right"), strict=True):
        draw_text(surf, word, (x + sc(4), head_y), small, TEXT_DIM)
    for face, r in zip(FACES, gm.rows, strict=True):
        _frame(surf, r, CELL, CELL_EDGE, 1, radius=4)
        row = rd.chart_row(face)
        dr = pygame.Rect(gm.cols[0], r.centery - gm.die // 2, gm.die, gm.die)
        gp.draw_die(surf, dr, face, dim=True, role=ROLE)
        for x, value in ((gm.cols[1], row.movement), (gm.cols[2], row.attack)):
            draw_text(surf, str(value), (x + sc(4), r.centery), sc.f(16), TEXT, bold=True, anchor="midleft")
        _icon_boot(surf, pygame.Rect(gm.cols[1] + sc(22), r.centery - sc(7), sc(14), sc(14)), _shade(colour, 1.2))
        gp.icon_claw(surf, pygame.Rect(gm.cols[2] + sc(22), r.centery - sc(7), sc(14), sc(14)), _shade(colour, 1.2))
        slot = pygame.Rect(gm.cols[3] + sc(4), r.centery - gm.die // 2, gm.die, gm.die)
        _frame(surf, slot, None, CELL_EDGE, 1, radius=max(3, gm.die // 6))
        pygame.draw.line(surf, CELL_EDGE, (gm.cols[4], r.y + sc(3)), (gm.cols[4], r.bottom - sc(3)), 1)
    _section(surf, gm.supply_sec, SECTION)
    draw_text(surf, "Supply", (gm.supply_sec.x + sc(6), gm.supply_sec.y + sc(3)), lab, TEXT, bold=True)
    _frame(surf, gm.move_box, _shade(SECTION, 0.8), CELL_EDGE, 1)
    draw_text(surf, _fit("Movement left", small, gm.move_box.w - sc(8)), (gm.move_box.x + sc(5), gm.move_box.y + sc(3)),
              small, TEXT_DIM)
    _section(surf, gm.boost_sec, SECTION)
    draw_text(surf, _fit("Boost dice", lab, gm.boost_sec.w - sc(10), True), (gm.boost_sec.x + sc(6),
              gm.boost_sec.y + sc(3)), lab, TEXT, bold=True)
    _section(surf, gm.goal_box, SECTION)
    draw_text(surf, "Goal", (gm.goal_box.x + sc(6), gm.goal_box.y + sc(3)), lab, TEXT, bold=True)
    gp.draw_pick_title(surf, sc, gm.pick_sec, pick_title)
    gp.draw_stat_frames(surf, sc, gm.attack_box, gm.defense_box, gm.treasure_box, gm.flare_box, colour)
    gp.draw_terror_titles(surf, sc, gm.terror_sec, gm.drawn_sec)


# ------------------------------------------------------------------ dynamic layer
def _cross(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A spent Boost die: crossed out."""
    w = max(2, r.w // 10)
    pygame.draw.line(surf, SPENT, (r.x + 2, r.y + 2), (r.right - 3, r.bottom - 3), w)
    pygame.draw.line(surf, SPENT, (r.right - 3, r.y + 2), (r.x + 2, r.bottom - 3), w)


def _row_dice(surf: pygame.Surface, r: pygame.Rect, gm: _VGeom, ox: int, face: int, n: int, spent: int) -> None:
    """The dice on the right of a row (``r`` on the screen, the board's left edge at ``ox``): as many
    as fit, then "×n"; the first ``spent`` crossed out."""
    sc = gm.sc
    x = ox + gm.cols[4] + sc(6)
    room = r.right - sc(4) - x
    step = gm.die + sc(3)
    fit = max(0, room // step)
    shown = n if n <= fit else max(0, fit - 1)
    for k in range(shown):
        dr = pygame.Rect(x + k * step, r.centery - gm.die // 2, gm.die, gm.die)
        gp.draw_die(surf, dr, face, dim=k < spent, role=ROLE)
        if k < spent:
            _cross(surf, dr)
    if shown < n:
        draw_text(surf, f"×{n}", (x + shown * step + sc(2), r.centery), sc.f(15), TEXT, bold=True, anchor="midleft")


def draw_vile_ghoul_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str,
                          out: BoardLayout, art: Any) -> None:
    b = view.boards.vile_ghoul
    assert b is not None
    own = view.viewer == role
    d = view.decision
    kind = d.kind if d is not None else ""
    if kind == DecisionKind.GHOUL_SKITTER_SYMBOL:
        picks = decision_refs(view, "ghoul.symbol.")
        pick_title = "Name a Dark-tile symbol for the skitter"
    elif kind == DecisionKind.GHOUL_CHEAT:
        picks, pick_title = decision_refs(view, "ghoul.die."), "Cheat: the face to turn one die to"
    elif kind == DecisionKind.GHOUL_REROLL:
        picks, pick_title = decision_refs(view, "ghoul.die."), "Cheat: the die to roll again"
    else:
        picks, pick_title = [], ""
    flare = gp.holds_flare(view, ROLE)
    held = tuple(b.terror) + tuple(c for c in b.terror_leaving if c not in b.terror)
    drawn = gp.terror_targets(view, held, ROLE)
    n_dice = max(dice_rolled(view), len(b.supply))
    gm = _geom(rect.w, rect.h, n_dice, len(picks), flare, len(held), len(drawn))
    sc = gm.sc
    bg = _background((ROLE, rect.w, rect.h, n_dice, len(picks), pick_title, flare, len(held), len(drawn), own,
                      b.provisional), rect.size, lambda s: _static(s, gm, own, pick_title, b.provisional),
                     rect.topleft)
    surface.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    small = sc.f(14)
    out.tip(view, f"info:{ROLE}.header", at(gm.header))
    # ---- the chart: the selected row highlighted, its die on the left, the dice on the right
    spent = b.boost_spent
    for face, r in zip(FACES, gm.rows, strict=True):
        rr = at(r)
        if face == b.chart_left:
            pygame.draw.rect(surface, HIGHLIGHT, rr, 2, border_radius=4)
            slot = pygame.Rect(ox + gm.cols[3] + sc(4), rr.centery - gm.die // 2, gm.die, gm.die)
            gp.draw_die(surface, slot, face, dim=False, role=ROLE)
        n_right = b.chart_right[face - 1] if face - 1 < len(b.chart_right) else 0
        if n_right:
            _row_dice(surface, rr, gm, ox, face, n_right, spent if face == b.chart_left else 0)
        out.tip(view, f"slot:{ROLE}.row.{face}", rr)
    out.tip(view, f"info:{ROLE}.chart", at(pygame.Rect(gm.chart_sec.x, gm.chart_sec.y, gm.chart_sec.w,
                                                         gm.rows[0].y - gm.chart_sec.y)))
    # ---- the supply, movement left, the movement waiting for next turn
    keyed: set[str] = set()
    for i, r in enumerate(gm.supply):
        dr = at(r)
        if not b.supply:                              # (the words below say it is empty)
            break
        if i >= len(b.supply):
            _frame(surface, dr, _shade(SECTION, 0.8), CELL_EDGE, 1, radius=max(3, dr.w // 6))
            continue
        face = b.supply[i]
        gp.draw_die(surface, dr, face, dim=False, role=ROLE)
        key = f"slot:{ROLE}.supply.{face}"
        if key not in keyed:
            keyed.add(key)
            out.tip(view, key, dr)
            out.tip(view, f"drag:{ROLE}.supply.{face}", dr)
    mb = at(gm.move_box)
    draw_text(surface, str(b.movement), (mb.centerx, mb.bottom - sc(3)), sc.f(26), TEXT if b.movement else TEXT_DIM,
              bold=True, anchor="midbottom")
    isz = min(sc(18), mb.h // 3)
    _icon_boot(surface, pygame.Rect(mb.x + sc(6), mb.bottom - isz - sc(6), isz, isz), _shade(ROLE_COLOURS[ROLE], 1.2))
    out.tip(view, f"info:{ROLE}.movement", mb)
    ss = at(gm.supply_sec)
    if not b.supply:
        x = ss.x + sc(6)
        note = "empty: rolled when the chart is full" if b.placed else "empty"
        for k, line in enumerate(_wrap(note, small, mb.x - x - sc(8), 2)):
            draw_text(surface, line, (x, at(gm.supply[0]).y + k * font(small).get_linesize()), small, TEXT_DIM)
    gp.draw_next_turn(surface, out, view, (mb.x - sc(6), ss.y + sc(4)),
                      mb.x - ss.x - font(sc.f(17), True).size("Supply")[0] - sc(20), b.card_movement, b.backstab,
                      ROLE, sc)
    out.tip(view, f"info:{ROLE}.supply", pygame.Rect(ss.x, ss.y, mb.x - ss.x, ss.h))
    # ---- this turn's Boost dice; the goal
    bs = at(gm.boost_sec)
    title_h = max(sc(20), font(sc.f(17), True).get_linesize() + 2)
    body = pygame.Rect(bs.x + sc(6), bs.y + title_h, bs.w - sc(12), bs.h - title_h - sc(4))
    rd = view.rules.vile_ghoul
    if b.boost_dice:
        bd = min(gm.die, body.h - font(small).get_linesize() - sc(2))
        end = body.x
        for k in range(b.boost_dice):
            dr = pygame.Rect(body.x + k * (bd + sc(3)), body.y, bd, bd)
            if dr.right > body.right - sc(40):
                mark = draw_text(surface, f"×{b.boost_dice}", (dr.x, body.y + bd // 2), sc.f(15), TEXT, bold=True,
                                 anchor="midleft")
                end = mark.right
                break
            gp.draw_die(surface, dr, b.chart_left, dim=k < spent, role=ROLE)
            if k < spent:
                _cross(surface, dr)
            end = dr.right
        left = b.boost_dice - spent
        state = f"{left} left" if left else "all spent"
        each = f"each: +{rd.boost.movement} move or +{rd.boost.attack} Attack"
        colour = TEXT if left else SPENT
        if font(small, True).size(state)[0] <= body.right - end - sc(6):
            draw_text(surface, state, (body.right, body.y + bd // 2), small, colour, bold=True, anchor="midright")
        else:                                          # a narrow board: the state in place of the values
            each = ""
            draw_text(surface, _fit(state, small, body.w, True), (body.x, body.bottom), small, colour, bold=True,
                      anchor="bottomleft")
    else:
        each = "none this turn" if b.chart_left else "on the right of the row chosen"
    if each:
        draw_text(surface, _fit(each, small, body.w), (body.x, body.bottom), small, TEXT_DIM, anchor="bottomleft")
    out.tip(view, f"slot:{ROLE}.boost", bs)
    gb = at(gm.goal_box)
    first, second = goal_lines(b)
    ls = font(small).get_linesize()
    draw_text(surface, _fit(first, small, gb.w - sc(10), True), (gb.x + sc(6), gb.y + title_h), small, TEXT, bold=True)
    draw_text(surface, _fit(second, small, gb.w - sc(10)), (gb.x + sc(6), gb.y + title_h + ls), small, TEXT_DIM)
    out.tip(view, f"info:{ROLE}.goal", gb)
    # ---- the choices of a Cheat or a skitter symbol
    for ref, r in zip(picks, gm.picks, strict=False):
        pr = at(r)
        what = ref.rsplit(".", 1)[1]
        if ref.startswith("ghoul.die."):
            dsz = min(pr.h, pr.w) - sc(4)
            gp.draw_die(surface, pygame.Rect(pr.centerx - dsz // 2, pr.centery - dsz // 2, dsz, dsz), int(what),
                        dim=False, role=ROLE)
        else:
            _frame(surface, pr, CELL, CELL_EDGE, 1)
            draw_text(surface, _fit(what.title(), sc.f(16), pr.w - sc(6), True), pr.center, sc.f(16), TEXT, bold=True,
                      anchor="center")
        out.tip(view, f"slot:{ref}", pr)
    # ---- Attack space (discs, and this move's bonus), Defense, Treasure toward a Terror card, Flare
    ab = at(gm.attack_box)
    th = font(small).get_linesize() + sc(4)
    body = pygame.Rect(ab.x + sc(6), ab.y + th, ab.w - sc(12), ab.h - th - sc(3))
    value = f"{b.attack}+{b.bonus}" if b.bonus else str(b.attack)
    num = draw_text(surface, value, (body.right, body.centery), sc.f(22), TEXT if b.attack else TEXT_DIM, bold=True,
                    anchor="midright")
    rad = max(3, min(body.h // 2 - sc(1), sc(9)))
    step = 2 * rad + sc(2)
    room = max(0, (num.x - sc(6) - body.x) // step)
    for k in range(min(b.discs, room)):
        gp.draw_disc(surface, (body.x + rad + k * step, body.centery), rad)
    out.tip(view, f"info:{ROLE}.attack", ab)
    for box, text, key in ((gm.defense_box, str(b.defense), "defense"),
                           (gm.treasure_box, f"{b.treasure}/{b.collected_per_terror}", "treasure")):
        br = at(box)
        draw_text(surface, text, (br.centerx, br.bottom - sc(3)), sc.f(22), TEXT, bold=True, anchor="midbottom")
        out.tip(view, f"info:{ROLE}.{key}", br)
    if gm.flare_box is not None:
        gp.draw_flare(surface, out, view, at(gm.flare_box), sc)
    # ---- the Terror cards face up, the deck; those drawn to keep one (its own view only)
    ts, dk = at(gm.terror_sec), at(gm.deck_box)
    gp.draw_terror_deck(surface, out, view, ts, dk, b.terror_deck, len(b.terror_removed), ROLE, sc)
    leaving = set(b.terror_leaving)
    used = set(b.terror_first_used)
    for cid, r in zip(held, gm.cards, strict=False):
        cr = at(r)
        gp.draw_terror_card(surface, cr, view, cid, sc, "in use" if cid in leaving else "used" if cid in used else "",
                            role=ROLE)
        out.tip(view, f"card:{cid}", cr)
    if not held:
        lines = _wrap("none face up: one per attack that hits, one per 2 collected", small, ts.right - dk.right - sc(16),
                      2)
        for k, line in enumerate(lines):
            draw_text(surface, line, (dk.right + sc(10), dk.y + sc(4) + k * font(small).get_linesize()), small,
                      TEXT_DIM)
    for cid, r in zip(drawn, gm.drawn_cards, strict=False):
        cr = at(r)
        gp.draw_terror_card(surface, cr, view, cid, sc, "", role=ROLE)
        out.tip(view, f"card:{cid}", cr)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _VGEOM.clear()
