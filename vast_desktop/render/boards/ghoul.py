"""The Ghoul's player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_ghoul_board` draws ``view.boards.ghoul`` (all public but the Terror deck's order) into a
rectangle and fills a :class:`~.kit.BoardLayout`: the three Ghoul dice as rolled, the two kept
(the higher for movement, the lower for attack) and the one set aside; the movement points left;
the Attack space with its Ghoul discs; Defense; Treasure tokens held; the Flare when it holds it;
the Fury track 0–14 with its goal marked and the Terror icon on every even space; the Terror
cards face up (name and both effects; a card whose effect was used this turn marked "used", one
whose once-per-game effect lasts this turn "in use") and the Terror deck's size; the change to its
movement waiting for its next turn (the Thief's Charm or Warlock's Wand, the Backstab's cubes).
What it shares with the Vile Ghoul's board is drawn by :mod:`.ghoul_parts`.

Two rows appear only for the player deciding (they are the choices of a decision, not parts of
the board): the die faces of Cheat's once-per-game effect, and the Dark-tile symbols the other
player names for a skitter.  The Terror cards drawn to choose among (GH-23, Adapt) are drawn for
the Ghoul alone: they are targets of its own decision, which only it sees.

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:ghoul.die.<face>`` — a die (keep: the one set aside; Cheat: the face, the die rolled again);
* ``slot:ghoul.symbol.<symbol>`` — a Dark-tile symbol for the skitter;
* ``card:<terror card>`` — a Terror card held or drawn; ``card:flare`` — the Flare, when it holds it;
* ``info:ghoul.<dice|movement|attack|defense|treasure|fury|deck|header|next_turn>`` — tooltips only.

All text goes through :mod:`..text`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM
from . import ghoul_parts as gp
from .ghoul_parts import BOARD_BG, CELL, CELL_EDGE, SECTION, TERROR_FACE, decision_refs
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
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["clear_caches", "draw_ghoul_board"]

GREEN = ROLE_COLOURS["ghoul"]
DIE_ROLES = ("Movement", "Attack")
SHORT_LABELS = {"Movement": "Move", "Set aside": "Aside"}


def dice_rolled(view: PlayerView) -> int:
    """How many Ghoul dice it rolls: its difficulty card's number (2 at Stalker and Hunter), else 3."""
    rd = _rules().ghoul
    level = (view.setup.get("difficulty") or {}).get("ghoul") if view.setup else None
    try:
        return int(rd.level(str(level)).dice_rolled) if level else int(rd.standard_level().dice_rolled)
    except Exception:   # a level these rules do not know: the dice of the board
        return int(rd.dice)


# ------------------------------------------------------------------ geometry
@dataclass
class _GGeom:
    sc: _Scale
    header: pygame.Rect
    dice_sec: pygame.Rect
    dice: list[pygame.Rect]
    die_labels: list[pygame.Rect]
    move_box: pygame.Rect
    pick_sec: pygame.Rect | None          # the die faces (Cheat) or symbols (skitter) to choose among
    picks: list[pygame.Rect]
    attack_box: pygame.Rect
    defense_box: pygame.Rect
    treasure_box: pygame.Rect
    flare_box: pygame.Rect | None
    fury_sec: pygame.Rect
    fury_cells: list[pygame.Rect]
    terror_sec: pygame.Rect
    deck_box: pygame.Rect
    cards: list[pygame.Rect]
    drawn_sec: pygame.Rect | None         # the Terror cards drawn, to keep one (the Ghoul's eyes only)
    drawn_cards: list[pygame.Rect]
    bottom: int


_GGEOM: dict[tuple[Any, ...], _GGeom] = {}


def _geom(w: int, h: int, n_dice: int, n_picks: int, flare: bool, n_cards: int, n_drawn: int, top: int) -> _GGeom:
    return fit_geometry(_GGEOM, (w, h, n_dice, n_picks, flare, n_cards, n_drawn, top), w, h,
                        lambda s, extra: _geom_at(w, n_dice, n_picks, flare, n_cards, n_drawn, top, s, extra),
                        lambda g, s, room: min(int(60 * s), room // 2), tries=6, shrink=0.84)


def _geom_at(w: int, n_dice: int, n_picks: int, flare: bool, n_cards: int, n_drawn: int, top: int, s: float,
             extra: int) -> _GGeom:
    sc = _Scale(s)
    P, gap = sc(6), sc(4)
    inner = w - 2 * P
    title_h = max(sc(20), font(sc.f(17), True).get_linesize() + 2)
    small_ls = font(sc.f(14)).get_linesize()
    header = pygame.Rect(0, 0, w, sc(34))
    y = header.bottom + gap
    # ---- the dice (left) and movement left (right)
    die = max(sc(40), font(sc.f(26), True).get_linesize() + sc(10))
    lab_h = small_ls + sc(2)
    dice_sec = pygame.Rect(P, y, inner, title_h + die + lab_h + sc(8))
    move_w = max(sc(104), font(sc.f(14)).size("Movement left")[0] + sc(12))
    dice_w = inner - move_w - gap
    cell = min(sc(86), (dice_w - sc(8)) // max(1, n_dice))
    dice, labels = [], []
    for i in range(n_dice):
        cx = dice_sec.x + sc(4) + i * cell + cell // 2
        dice.append(pygame.Rect(cx - die // 2, dice_sec.y + title_h + sc(2), die, die))
        labels.append(pygame.Rect(cx - cell // 2 + sc(1), dice[-1].bottom + sc(2), cell - sc(2), lab_h))
    move_box = pygame.Rect(dice_sec.right - move_w - sc(4), dice_sec.y + sc(4), move_w, dice_sec.h - sc(8))
    y = dice_sec.bottom + gap
    pick_sec, picks, y = gp.pick_row(sc, P, inner, y, title_h, gap, n_picks)
    # ---- Attack space, Defense, Treasure (and the Flare)
    attack_box, defense_box, treasure_box, flare_box, y = gp.stat_boxes(sc, P, inner, y, title_h, gap, flare)
    # ---- the Fury track 0..top
    n = top + 1
    fc = (inner - sc(8)) // n
    fh = max(sc(30), fc + sc(6))
    fury_sec = pygame.Rect(P, y, inner, title_h + fh + small_ls + sc(6))
    fury_cells = [pygame.Rect(fury_sec.x + sc(4) + i * fc, fury_sec.y + title_h, fc - sc(2), fh) for i in range(n)]
    y = fury_sec.bottom + gap
    # ---- the Terror cards face up and the deck
    terror_sec, deck_box, cards, drawn_sec, drawn_cards, y = gp.terror_sections(sc, P, inner, y, title_h, gap, extra,
                                                                                n_cards, n_drawn)
    return _GGeom(sc, header, dice_sec, dice, labels, move_box, pick_sec, picks, attack_box, defense_box,
                  treasure_box, flare_box, fury_sec, fury_cells, terror_sec, deck_box, cards, drawn_sec, drawn_cards, y)


# ------------------------------------------------------------------ static layer
def _static(surf: pygame.Surface, gm: _GGeom, own: bool, pick_title: str, goal: int) -> None:
    sc = gm.sc
    terror_spaces = set(_rules().ghoul.fury_track.terror_spaces)
    surf.fill(BOARD_BG)
    pygame.draw.rect(surf, GREEN, surf.get_rect(), 1, border_radius=6)
    _header(surf, gm.header, "ghoul", "your board" if own else "public view", sc)
    lab, small = sc.f(17), sc.f(14)
    _section(surf, gm.dice_sec, SECTION)
    draw_text(surf, "Ghoul dice", (gm.dice_sec.x + sc(6), gm.dice_sec.y + sc(3)), lab, TEXT, bold=True)
    _frame(surf, gm.move_box, _shade(SECTION, 0.8), CELL_EDGE, 1)
    draw_text(surf, _fit("Movement left", small, gm.move_box.w - sc(8)), (gm.move_box.x + sc(5), gm.move_box.y + sc(3)),
              small, TEXT_DIM)
    gp.draw_pick_title(surf, sc, gm.pick_sec, pick_title)
    gp.draw_stat_frames(surf, sc, gm.attack_box, gm.defense_box, gm.treasure_box, gm.flare_box, GREEN)
    _section(surf, gm.fury_sec, SECTION)
    draw_text(surf, "Fury", (gm.fury_sec.x + sc(6), gm.fury_sec.y + sc(3)), lab, TEXT, bold=True)
    for i, c in enumerate(gm.fury_cells):
        _frame(surf, c, _shade(CELL, 1.2) if i == goal else CELL, HIGHLIGHT if i == goal else CELL_EDGE,
               2 if i == goal else 1, radius=3)
        draw_text(surf, str(i), (c.centerx, c.y + sc(2)), sc.f(13), TEXT_DIM, anchor="midtop")
        if i in terror_spaces:
            isz = max(6, min(c.w - sc(6), c.h // 2 - sc(2)))
            gp.icon_terror(surf, pygame.Rect(c.centerx - isz // 2, c.bottom - isz - sc(3), isz, isz),
                         _shade(TERROR_FACE, 0.7))
    gc = gm.fury_cells[min(goal, len(gm.fury_cells) - 1)]
    draw_text(surf, "goal", (gc.centerx, gc.bottom + sc(1)), small, HIGHLIGHT, bold=True, anchor="midtop")
    gp.draw_terror_titles(surf, sc, gm.terror_sec, gm.drawn_sec)


# ------------------------------------------------------------------ dynamic layer
def draw_ghoul_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                     art: Any) -> None:
    b = view.boards.ghoul
    assert b is not None
    rd = _rules().ghoul
    own = view.viewer == role
    d = view.decision
    kind = d.kind if d is not None else ""
    if kind == DecisionKind.GHOUL_SKITTER_SYMBOL:
        picks = decision_refs(view, "ghoul.symbol.")
        pick_title = "Name a Dark-tile symbol for the skitter"
    elif kind == DecisionKind.GHOUL_CHEAT:
        picks = decision_refs(view, "ghoul.die.")
        pick_title = "Cheat: the face to turn one die to"
    else:
        picks, pick_title = [], ""
    flare = gp.holds_flare(view, "ghoul")
    held = tuple(b.terror) + tuple(c for c in b.terror_leaving if c not in b.terror)   # (leaving: in use this turn)
    drawn = gp.terror_targets(view, held, "ghoul")
    n_dice = max(dice_rolled(view), len(b.rolled))
    top = int(rd.fury_track.top)
    goal = min(int(b.fury_goal), top)
    gm = _geom(rect.w, rect.h, n_dice, len(picks), flare, len(held), len(drawn), top)
    sc = gm.sc
    bg = _background(("ghoul", rect.w, rect.h, n_dice, len(picks), pick_title, flare, len(held), len(drawn), top,
                      goal, own), rect.size, lambda s: _static(s, gm, own, pick_title, goal), rect.topleft)
    surface.blit(bg, rect.topleft)
    ox, oy = rect.topleft

    def at(r: pygame.Rect) -> pygame.Rect:
        return r.move(ox, oy)

    small = sc.f(14)
    out.tip(view, "info:ghoul.header", at(gm.header))
    # ---- the dice: rolled, the two kept (movement, attack), the one set aside
    rolled = list(b.rolled)
    aside_i = rolled.index(b.set_aside) if b.kept and b.set_aside in rolled else -1
    kept_i = [i for i in range(len(rolled)) if i != aside_i]
    kept_i.sort(key=lambda i: -rolled[i])
    label_of: dict[int, str] = {}
    if b.kept:
        for k, i in enumerate(kept_i[:2]):
            label_of[i] = DIE_ROLES[0] if k == 0 else DIE_ROLES[1]
        if len(kept_i) == 1:
            label_of[kept_i[0]] = "Both"
        if aside_i >= 0:
            label_of[aside_i] = "Set aside"
    die_keys = set(decision_refs(view, "ghoul.die.")) if kind != DecisionKind.GHOUL_CHEAT else set()
    keyed: set[str] = set()
    for i, r in enumerate(gm.dice):
        dr = at(r)
        if i >= len(rolled):
            _frame(surface, dr, _shade(SECTION, 0.8), CELL_EDGE, 1, radius=max(3, dr.w // 6))
            draw_text(surface, "–", dr.center, sc.f(20), TEXT_DIM, anchor="center")
            continue
        gp.draw_die(surface, dr, rolled[i], dim=i == aside_i)
        lab = label_of.get(i, "rolled")
        lr = at(gm.die_labels[i])
        colour = TEXT_DIM if lab in ("rolled", "Set aside") else TEXT
        bold = lab in DIE_ROLES
        if font(small, bold).size(lab)[0] > lr.w:       # a narrow board: the short words
            lab = SHORT_LABELS.get(lab, lab)
        draw_text(surface, _fit(lab, small, lr.w, bold), lr.midtop, small, colour, bold=bold, anchor="midtop")
        key = f"slot:ghoul.die.{rolled[i]}"
        if key not in keyed and (key[5:] in die_keys or not die_keys):
            keyed.add(key)
            out.tip(view, key, dr)
    mb = at(gm.move_box)
    draw_text(surface, str(b.movement), (mb.centerx, mb.bottom - sc(3)), sc.f(26), TEXT if b.movement else TEXT_DIM,
              bold=True, anchor="midbottom")
    isz = min(sc(18), mb.h // 3)
    _icon_boot(surface, pygame.Rect(mb.x + sc(6), mb.bottom - isz - sc(6), isz, isz), _shade(GREEN, 1.2))
    out.tip(view, "info:ghoul.movement", mb)
    gp.draw_next_turn(surface, out, view, (mb.x - sc(6), at(gm.dice_sec).y + sc(4)),
                      mb.x - at(gm.dice_sec).x - font(sc.f(17), True).size("Ghoul dice")[0] - sc(20), b.card_movement,
                      b.backstab, "ghoul", sc)
    out.tip(view, "info:ghoul.dice", at(pygame.Rect(gm.dice_sec.x, gm.dice_sec.y, gm.move_box.x - gm.dice_sec.x,
                                                    gm.dice_sec.h)))
    # ---- the choices of a Cheat or a skitter symbol
    for ref, r in zip(picks, gm.picks, strict=False):
        pr = at(r)
        what = ref.rsplit(".", 1)[1]
        if ref.startswith("ghoul.die."):
            dsz = min(pr.h, pr.w) - sc(4)
            gp.draw_die(surface, pygame.Rect(pr.centerx - dsz // 2, pr.centery - dsz // 2, dsz, dsz), int(what), dim=False)
        else:
            _frame(surface, pr, CELL, CELL_EDGE, 1)
            draw_text(surface, _fit(what.title(), sc.f(16), pr.w - sc(6), True), pr.center, sc.f(16), TEXT, bold=True,
                      anchor="center")
        out.tip(view, f"slot:{ref}", pr)
    # ---- Attack space, Defense, Treasure, Flare
    ab = at(gm.attack_box)
    title_h = font(small).get_linesize() + sc(4)
    body = pygame.Rect(ab.x + sc(6), ab.y + title_h, ab.w - sc(12), ab.h - title_h - sc(3))
    num = draw_text(surface, str(b.attack), (body.right, body.centery), sc.f(22), TEXT if b.attack else TEXT_DIM,
                    bold=True, anchor="midright")
    rad = max(3, min(body.h // 2 - sc(1), sc(9)))
    step = 2 * rad + sc(2)
    room = max(0, (num.x - sc(6) - body.x) // step)
    for k in range(min(b.attack, room)):
        gp.draw_disc(surface, (body.x + rad + k * step, body.centery), rad)
    out.tip(view, "info:ghoul.attack", ab)
    for box, value, key in ((gm.defense_box, b.defense, "defense"), (gm.treasure_box, b.treasure, "treasure")):
        br = at(box)
        draw_text(surface, str(value), (br.centerx, br.bottom - sc(3)), sc.f(22), TEXT if value else TEXT_DIM,
                  bold=True, anchor="midbottom")
        out.tip(view, f"info:ghoul.{key}", br)
    if gm.flare_box is not None:
        gp.draw_flare(surface, out, view, at(gm.flare_box), sc)
    # ---- the Fury marker
    fury = min(int(b.fury), len(gm.fury_cells) - 1)
    fc = at(gm.fury_cells[fury])
    mrad = max(4, min(fc.w, fc.h) // 2 - sc(2))
    pygame.draw.circle(surface, DANGER, (fc.centerx, fc.centery + sc(2)), mrad)
    pygame.draw.circle(surface, TEXT, (fc.centerx, fc.centery + sc(2)), mrad, max(1, mrad // 5))
    draw_text(surface, str(b.fury), (fc.centerx, fc.centery + sc(2)), sc.f(13), TEXT, bold=True, anchor="center")
    out.tip(view, "info:ghoul.fury", at(gm.fury_sec))
    # ---- the Terror cards face up, the deck
    ts = at(gm.terror_sec)
    removed = len(b.terror_removed)
    dk = at(gm.deck_box)
    gp.draw_terror_deck(surface, out, view, ts, dk, b.terror_deck, removed, "ghoul", sc)
    leaving = set(b.terror_leaving)
    used = set(b.terror_first_used)
    for cid, r in zip(held, gm.cards, strict=False):
        cr = at(r)
        gp.draw_terror_card(surface, cr, view, cid, sc, "in use" if cid in leaving else "used" if cid in used else "")
        out.tip(view, f"card:{cid}", cr)
    if not held:
        draw_text(surface, _fit("none face up", small, ts.right - dk.right - sc(16)), (dk.right + sc(10), dk.centery),
                  small, TEXT_DIM, anchor="midleft")
    # ---- the Terror cards drawn, to keep one (the Ghoul's own view only)
    for cid, r in zip(drawn, gm.drawn_cards, strict=False):
        cr = at(r)
        gp.draw_terror_card(surface, cr, view, cid, sc, "")
        out.tip(view, f"card:{cid}", cr)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _GGEOM.clear()
    gp.clear_caches()
