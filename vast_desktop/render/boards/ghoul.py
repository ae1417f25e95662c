"""The Ghoul's player board drawn like the physical one (GUI_SPEC "Player board right").

:func:`draw_ghoul_board` draws ``view.boards.ghoul`` (all public but the Terror deck's order) into a
rectangle and fills a :class:`~.kit.BoardLayout`: the three Ghoul dice as rolled, the two kept
(the higher for movement, the lower for attack) and the one set aside; the movement points left;
the Attack space with its Ghoul discs; Defense; Treasure tokens held; the Flare when it holds it;
the Fury track 0–14 with its goal marked and the Terror icon on every even space; the Terror
cards face up (name and both effects; a card whose effect was used this turn marked "used", one
whose once-per-game effect lasts this turn "in use") and the Terror deck's size.

Two rows appear only for the player deciding (they are the choices of a decision, not parts of
the board): the die faces of Cheat's once-per-game effect, and the Dark-tile symbols the other
player names for a skitter.  The Terror cards drawn to choose among (GH-23, Adapt) are drawn for
the Ghoul alone: they are targets of its own decision, which only it sees.

Region keys (``f"{target.kind}:{target.ref}"`` of the engine's targets):

* ``slot:ghoul.die.<face>`` — a die (keep: the one set aside; Cheat: the face, the die rolled again);
* ``slot:ghoul.symbol.<symbol>`` — a Dark-tile symbol for the skitter;
* ``card:<terror card>`` — a Terror card held or drawn; ``card:flare`` — the Flare, when it holds it;
* ``info:ghoul.<dice|movement|attack|defense|treasure|fury|deck|header>`` — tooltips only.

All text goes through :mod:`..text`.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ...engine.kinds import DecisionKind
from ...engine.setup import Setup, make_config
from ...engine.view import PlayerView
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM
from .kit import (
    BoardLayout,
    Colour,
    _background,
    _fit,
    _frame,
    _header,
    _icon_boot,
    _icon_coin,
    _icon_shield,
    _pts,
    _rules,
    _Scale,
    _section,
    _shade,
    _wrap,
    draw_text,
    fit_geometry,
    font,
)

__all__ = ["clear_caches", "draw_ghoul_board", "holds_flare", "terror_targets"]

GREEN = ROLE_COLOURS["ghoul"]
BOARD_BG: Colour = (26, 32, 26)
SECTION: Colour = (40, 50, 40)
CELL: Colour = (56, 68, 54)
CELL_EDGE: Colour = (120, 146, 108)
DIE_FACE: Colour = (232, 230, 214)
DIE_INK: Colour = (28, 30, 24)
DISC: Colour = (150, 186, 128)
TERROR_FACE: Colour = (214, 222, 200)
TERROR_INK: Colour = (30, 36, 28)
USED: Colour = (150, 70, 60)
SYMBOL_LETTERS = {"fangs": "F", "bones": "B", "eye": "E"}
DIE_ROLES = ("Movement", "Attack")
SHORT_LABELS = {"Movement": "Move", "Set aside": "Aside"}


@lru_cache(maxsize=64)
def _flare_holders(setup_json: str) -> frozenset[str]:
    """Who holds the Flare in the game set up so (the role variants' and the Ghoul's variants' gifts)."""
    try:
        return make_config(Setup.model_validate_json(setup_json), _rules()).flare_holders
    except Exception:   # a view without its setup (a minimal view) or a setup these rules refuse: no Flare drawn
        return frozenset()


def holds_flare(view: PlayerView) -> bool:
    """The Ghoul holds the Flare (its own, or the table's); or its decision offers it now."""
    if view.setup and _flare_holders(json.dumps(view.setup, sort_keys=True, default=list)) & {"ghoul", "table"}:
        return True
    d = view.decision
    return d is not None and d.role == "ghoul" and any(t.kind == "card" and t.ref == "flare"
                                                       for o in d.options for t in o.targets)


def dice_rolled(view: PlayerView) -> int:
    """How many Ghoul dice it rolls: its difficulty card's number (2 at Stalker and Hunter), else 3."""
    rd = _rules().ghoul
    level = (view.setup.get("difficulty") or {}).get("ghoul") if view.setup else None
    try:
        return int(rd.level(str(level)).dice_rolled) if level else int(rd.standard_level().dice_rolled)
    except Exception:   # a level these rules do not know: the dice of the board
        return int(rd.dice)


def _decision_refs(view: PlayerView, prefix: str) -> list[str]:
    """The slot refs starting with ``prefix`` that the pending decision offers ``view.viewer`` (the
    decider's own view only: nobody else sees what it chooses among)."""
    d = view.decision
    if d is None or view.viewer != d.role:
        return []
    out: list[str] = []
    for o in d.options:
        for t in o.targets:
            if t.kind == "slot" and t.ref.startswith(prefix) and t.ref not in out:
                out.append(t.ref)
    return out


def terror_targets(view: PlayerView, held: tuple[str, ...]) -> list[str]:
    """The Terror cards the Ghoul's pending decision offers that it does not hold (drawn to keep one,
    GH-23 / Adapt): the Ghoul's view only."""
    d = view.decision
    if d is None or d.role != "ghoul" or view.viewer != "ghoul":
        return []
    out: list[str] = []
    for o in d.options:
        for t in o.targets:
            if t.kind == "card" and t.ref != "flare" and t.ref not in held and t.ref not in out:
                out.append(t.ref)
    return out


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


def _card_grid(x: int, y: int, w: int, n: int, ch: int, gap: int) -> list[pygame.Rect]:
    per = 2 if w > 300 else 1
    cw = (w - (per - 1) * gap) // per
    return [pygame.Rect(x + (i % per) * (cw + gap), y + (i // per) * (ch + gap), cw, ch) for i in range(n)]


def _grid_h(w: int, n: int, ch: int, gap: int) -> int:
    per = 2 if w > 300 else 1
    rows = math.ceil(n / per)
    return rows * ch + max(0, rows - 1) * gap


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
    pick_sec, picks = None, []
    if n_picks:
        ph = max(sc(34), font(sc.f(20), True).get_linesize() + sc(8))
        pick_sec = pygame.Rect(P, y, inner, title_h + ph + sc(6))
        pw = min(sc(76), (inner - sc(8) - (n_picks - 1) * sc(4)) // n_picks)
        picks = [pygame.Rect(pick_sec.x + sc(4) + i * (pw + sc(4)), pick_sec.y + title_h + sc(2), pw, ph)
                 for i in range(n_picks)]
        y = pick_sec.bottom + gap
    # ---- Attack space, Defense, Treasure (and the Flare)
    bh = title_h + max(sc(32), font(sc.f(22), True).get_linesize() + sc(6))
    n_small = 3 if flare else 2
    small_w = max(sc(80), font(sc.f(14)).size("Treasure")[0] + sc(40))
    attack_w = inner - n_small * (small_w + gap)
    attack_box = pygame.Rect(P, y, attack_w, bh)
    defense_box = pygame.Rect(attack_box.right + gap, y, small_w, bh)
    treasure_box = pygame.Rect(defense_box.right + gap, y, small_w, bh)
    flare_box = pygame.Rect(treasure_box.right + gap, y, small_w, bh) if flare else None
    y += bh + gap
    # ---- the Fury track 0..top
    n = top + 1
    fc = (inner - sc(8)) // n
    fh = max(sc(30), fc + sc(6))
    fury_sec = pygame.Rect(P, y, inner, title_h + fh + small_ls + sc(6))
    fury_cells = [pygame.Rect(fury_sec.x + sc(4) + i * fc, fury_sec.y + title_h, fc - sc(2), fh) for i in range(n)]
    y = fury_sec.bottom + gap
    # ---- the Terror cards face up and the deck
    ch = font(sc.f(15), True).get_linesize() + 2 * small_ls + 3 * small_ls + sc(12) + extra
    deck_w = max(sc(54), font(sc.f(14)).size("Deck")[0] + sc(16))
    area_x = P + sc(4) + deck_w + gap
    area_w = inner - sc(8) - deck_w - gap
    body_h = max(sc(60), _grid_h(area_w, n_cards, ch, gap)) if n_cards else sc(60)
    terror_sec = pygame.Rect(P, y, inner, title_h + body_h + sc(6))
    deck_box = pygame.Rect(P + sc(4), terror_sec.y + title_h, deck_w, min(sc(74), body_h))
    cards = _card_grid(area_x, terror_sec.y + title_h, area_w, n_cards, ch, gap)
    y = terror_sec.bottom + gap
    drawn_sec, drawn_cards = None, []
    if n_drawn:
        drawn_sec = pygame.Rect(P, y, inner, title_h + _grid_h(inner - sc(8), n_drawn, ch, gap) + sc(6))
        drawn_cards = _card_grid(P + sc(4), drawn_sec.y + title_h, inner - sc(8), n_drawn, ch, gap)
        y = drawn_sec.bottom + gap
    return _GGeom(sc, header, dice_sec, dice, labels, move_box, pick_sec, picks, attack_box, defense_box,
                  treasure_box, flare_box, fury_sec, fury_cells, terror_sec, deck_box, cards, drawn_sec, drawn_cards, y)


# ------------------------------------------------------------------ glyphs
def _icon_terror(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """The Terror icon: a screaming face (hollow eyes, an open mouth)."""
    pygame.draw.ellipse(s, c, r)
    ink = (24, 26, 20)
    w, h = r.w, r.h
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.22, r.y + h * 0.24, w * 0.2, h * 0.24))
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.58, r.y + h * 0.24, w * 0.2, h * 0.24))
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.38, r.y + h * 0.56, w * 0.24, h * 0.32))


def _icon_claw(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """Attack: three claw marks."""
    for k in (0.25, 0.5, 0.75):
        pygame.draw.polygon(s, c, _pts(r, [(k - 0.12, 0.08), (k + 0.04, 0.08), (k + 0.1, 0.92), (k - 0.02, 0.92)]))


def _die(surf: pygame.Surface, r: pygame.Rect, face: int, dim: bool) -> None:
    """A Ghoul die showing ``face`` as pips (and its figure, so it reads at any size)."""
    fill = _shade(DIE_FACE, 0.55) if dim else DIE_FACE
    _frame(surf, r, fill, _shade(GREEN, 0.6), 2, radius=max(3, r.w // 6))
    spots = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
             4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
             5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
             6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)]}
    rad = max(2, r.w // 11)
    for x, y in spots.get(face, []):
        pygame.draw.circle(surf, DIE_INK, (r.x + x * r.w, r.y + y * r.h), rad)


def _disc(surf: pygame.Surface, centre: tuple[int, int], rad: int) -> None:
    pygame.draw.circle(surf, (16, 20, 14), (centre[0] + 1, centre[1] + 1), rad)
    pygame.draw.circle(surf, DISC, centre, rad)
    pygame.draw.circle(surf, (30, 44, 26), centre, rad, max(1, rad // 4))


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
    if gm.pick_sec is not None:
        _section(surf, gm.pick_sec, _shade(SECTION, 1.15))
        draw_text(surf, _fit(pick_title, lab, gm.pick_sec.w - sc(10), True),
                  (gm.pick_sec.x + sc(6), gm.pick_sec.y + sc(3)), lab, HIGHLIGHT, bold=True)
    boxes = [(gm.attack_box, "Attack space", _icon_claw), (gm.defense_box, "Defense", _icon_shield),
             (gm.treasure_box, "Treasure", _icon_coin)]
    for r, title, icon in boxes:
        _section(surf, r, SECTION)
        isz = min(sc(16), r.h // 3)
        icon(surf, pygame.Rect(r.x + sc(5), r.y + sc(4), isz, isz), _shade(GREEN, 1.25))
        draw_text(surf, _fit(title, small, r.w - isz - sc(12)), (r.x + isz + sc(9), r.y + sc(3)), small, TEXT_DIM)
    if gm.flare_box is not None:
        _section(surf, gm.flare_box, SECTION)
    _section(surf, gm.fury_sec, SECTION)
    draw_text(surf, "Fury", (gm.fury_sec.x + sc(6), gm.fury_sec.y + sc(3)), lab, TEXT, bold=True)
    for i, c in enumerate(gm.fury_cells):
        _frame(surf, c, _shade(CELL, 1.2) if i == goal else CELL, HIGHLIGHT if i == goal else CELL_EDGE,
               2 if i == goal else 1, radius=3)
        draw_text(surf, str(i), (c.centerx, c.y + sc(2)), sc.f(13), TEXT_DIM, anchor="midtop")
        if i in terror_spaces:
            isz = max(6, min(c.w - sc(6), c.h // 2 - sc(2)))
            _icon_terror(surf, pygame.Rect(c.centerx - isz // 2, c.bottom - isz - sc(3), isz, isz),
                         _shade(TERROR_FACE, 0.7))
    gc = gm.fury_cells[min(goal, len(gm.fury_cells) - 1)]
    draw_text(surf, "goal", (gc.centerx, gc.bottom + sc(1)), small, HIGHLIGHT, bold=True, anchor="midtop")
    _section(surf, gm.terror_sec, SECTION)
    draw_text(surf, "Terror cards", (gm.terror_sec.x + sc(6), gm.terror_sec.y + sc(3)), lab, TEXT, bold=True)
    if gm.drawn_sec is not None:
        _section(surf, gm.drawn_sec, _shade(SECTION, 1.15))
        draw_text(surf, _fit("Terror cards drawn: click the one to keep", lab, gm.drawn_sec.w - sc(10), True),
                  (gm.drawn_sec.x + sc(6), gm.drawn_sec.y + sc(3)), lab, HIGHLIGHT, bold=True)


# ------------------------------------------------------------------ dynamic layer
def _terror_card(surf: pygame.Surface, r: pygame.Rect, view: PlayerView, cid: str, sc: _Scale, used: str) -> None:
    """A Terror card face up: its name, its first effect and its once-per-game effect (as much as fits;
    hovering shows it whole); ``used`` is its tag ("used", "in use") when it was used this turn."""
    data = view.rules.ghoul.terror_card(cid)
    _frame(surf, r, TERROR_FACE, _shade(GREEN, 0.55), 2, radius=5)
    name_size, small = sc.f(15), sc.f(14)
    ls = font(small).get_linesize()
    y = r.y + sc(3)
    draw_text(surf, _fit(str(data.name), name_size, r.w - sc(8), True), (r.x + sc(4), y), name_size, TERROR_INK,
              bold=True)
    if used:
        tag = _fit(used, small, r.w // 2, True)
        draw_text(surf, tag, (r.right - sc(4), y + sc(1)), small, USED, bold=True, anchor="topright")
    y += font(name_size, True).get_linesize()
    room = (r.bottom - sc(3) - y) // ls
    first_lines = max(1, (room - 1) // 2 + (room - 1) % 2) if room > 2 else 1
    dim = _shade(TERROR_INK, 2.2)
    parts = [("", " ".join(data.first.text.split()), first_lines),
             ("Once per game: ", " ".join(data.once_per_game.text.split()), max(1, room - first_lines))]
    for head, text, n in parts:
        if y + ls > r.bottom - sc(2):
            break
        pygame.draw.line(surf, _shade(TERROR_FACE, 0.7), (r.x + sc(4), y), (r.right - sc(4), y), 1)
        for line in _wrap(head + text, small, r.w - sc(8), min(n, (r.bottom - sc(2) - y) // ls)):
            draw_text(surf, line, (r.x + sc(4), y), small, dim)
            y += ls


def draw_ghoul_board(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, role: str, out: BoardLayout,
                     art: Any) -> None:
    b = view.boards.ghoul
    assert b is not None
    rd = _rules().ghoul
    own = view.viewer == role
    d = view.decision
    kind = d.kind if d is not None else ""
    if kind == DecisionKind.GHOUL_SKITTER_SYMBOL:
        picks = _decision_refs(view, "ghoul.symbol.")
        pick_title = "Name a Dark-tile symbol for the skitter"
    elif kind == DecisionKind.GHOUL_CHEAT:
        picks = _decision_refs(view, "ghoul.die.")
        pick_title = "Cheat: the face to turn one die to"
    else:
        picks, pick_title = [], ""
    flare = holds_flare(view)
    held = tuple(b.terror) + tuple(c for c in b.terror_leaving if c not in b.terror)   # (leaving: in use this turn)
    drawn = terror_targets(view, held)
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
    die_keys = set(_decision_refs(view, "ghoul.die.")) if kind != DecisionKind.GHOUL_CHEAT else set()
    keyed: set[str] = set()
    for i, r in enumerate(gm.dice):
        dr = at(r)
        if i >= len(rolled):
            _frame(surface, dr, _shade(SECTION, 0.8), CELL_EDGE, 1, radius=max(3, dr.w // 6))
            draw_text(surface, "–", dr.center, sc.f(20), TEXT_DIM, anchor="center")
            continue
        _die(surface, dr, rolled[i], dim=i == aside_i)
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
    out.tip(view, "info:ghoul.dice", at(pygame.Rect(gm.dice_sec.x, gm.dice_sec.y, gm.move_box.x - gm.dice_sec.x,
                                                    gm.dice_sec.h)))
    # ---- the choices of a Cheat or a skitter symbol
    for ref, r in zip(picks, gm.picks, strict=False):
        pr = at(r)
        what = ref.rsplit(".", 1)[1]
        if ref.startswith("ghoul.die."):
            dsz = min(pr.h, pr.w) - sc(4)
            _die(surface, pygame.Rect(pr.centerx - dsz // 2, pr.centery - dsz // 2, dsz, dsz), int(what), dim=False)
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
        _disc(surface, (body.x + rad + k * step, body.centery), rad)
    out.tip(view, "info:ghoul.attack", ab)
    for box, value, key in ((gm.defense_box, b.defense, "defense"), (gm.treasure_box, b.treasure, "treasure")):
        br = at(box)
        draw_text(surface, str(value), (br.centerx, br.bottom - sc(3)), sc.f(22), TEXT if value else TEXT_DIM,
                  bold=True, anchor="midbottom")
        out.tip(view, f"info:ghoul.{key}", br)
    if gm.flare_box is not None:
        fr = at(gm.flare_box)
        card = fr.inflate(-sc(6), -sc(6))
        _frame(surface, card, (236, 222, 188), (170, 150, 110), 2, radius=5)
        r2 = max(4, min(card.h // 4, sc(9)))
        cx, cy = card.x + r2 + sc(6), card.centery
        pygame.draw.circle(surface, (255, 200, 90), (cx, cy), r2)
        tx = cx + r2 + sc(5)
        draw_text(surface, _fit("Flare", sc.f(16), card.right - tx - 2, True), (tx, card.y + sc(2)), sc.f(16),
                  (48, 38, 28), bold=True)
        draw_text(surface, _fit("1 move", small, card.right - tx - 2), (tx, card.bottom - sc(2)), small,
                  (90, 76, 60), anchor="bottomleft")
        out.tip(view, "card:flare", card)
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
    note = f"{b.terror_deck} in the deck" + (f", {removed} removed" if removed else "")
    draw_text(surface, _fit(note, small, ts.w // 2), (ts.right - sc(6), ts.y + sc(4)), small, TEXT_DIM,
              anchor="topright")
    dk = at(gm.deck_box)
    if b.terror_deck:
        _frame(surface, dk, (50, 64, 46), _shade(GREEN, 1.1), 2, radius=5)
        isz = min(dk.w - sc(14), dk.h // 2)
        _icon_terror(surface, pygame.Rect(dk.centerx - isz // 2, dk.y + sc(6), isz, isz), _shade(TERROR_FACE, 0.8))
        draw_text(surface, str(b.terror_deck), (dk.centerx, dk.bottom - sc(3)), sc.f(16), TEXT, bold=True,
                  anchor="midbottom")
    else:
        _frame(surface, dk, None, CELL_EDGE, 1, radius=5)
        draw_text(surface, _fit("empty", small, dk.w - sc(4)), dk.center, small, TEXT_DIM, anchor="center")
    out.tip(view, "info:ghoul.deck", dk)
    leaving = set(b.terror_leaving)
    used = set(b.terror_first_used)
    for cid, r in zip(held, gm.cards, strict=False):
        cr = at(r)
        _terror_card(surface, cr, view, cid, sc, "in use" if cid in leaving else "used" if cid in used else "")
        out.tip(view, f"card:{cid}", cr)
    if not held:
        draw_text(surface, _fit("none face up", small, ts.right - dk.right - sc(16)), (dk.right + sc(10), dk.centery),
                  small, TEXT_DIM, anchor="midleft")
    # ---- the Terror cards drawn, to keep one (the Ghoul's own view only)
    for cid, r in zip(drawn, gm.drawn_cards, strict=False):
        cr = at(r)
        _terror_card(surface, cr, view, cid, sc, "")
        out.tip(view, f"card:{cid}", cr)


def clear_caches() -> None:
    """Forget this board's cached layouts (the package's ``clear_caches`` calls it)."""
    _GGEOM.clear()
    _flare_holders.cache_clear()
