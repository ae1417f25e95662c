"""What the Ghoul's and the Vile Ghoul's boards share (:mod:`.ghoul`, :mod:`.vile_ghoul`): the two
boards draw the same components — Ghoul dice, Ghoul discs, Terror cards face up and the Terror
deck, the Flare of their player variants — and read the same decisions (the Ghoul's rules play both,
``engine/roles/ghoul``), so they draw them with one set of helpers.  Like the kit it imports no
role's board; each helper takes the role whose board it draws (``ghoul`` or ``vile_ghoul``).

All text goes through :mod:`..text`.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache

import pygame

from ...engine.setup import Setup, make_config
from ...engine.view import PlayerView
from ..theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT, TEXT_DIM
from .kit import (
    BoardLayout,
    Colour,
    _fit,
    _frame,
    _icon_coin,
    _icon_shield,
    _pts,
    _rules,
    _Scale,
    _section,
    _shade,
    _wrap,
    draw_text,
    font,
)

__all__ = [
    "BOARD_BG", "CELL", "CELL_EDGE", "SECTION", "TERROR_FACE", "card_grid", "decision_refs", "draw_die", "draw_disc",
    "draw_flare", "draw_next_turn", "draw_pick_title", "draw_stat_frames", "draw_terror_card", "draw_terror_deck",
    "draw_terror_titles", "grid_h", "holds_flare", "icon_claw", "icon_terror", "next_turn_note", "pick_row",
    "stat_boxes", "terror_sections", "terror_targets",
]

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
PIPS = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)]}


# ------------------------------------------------------------------ what the view and its decision hold
@lru_cache(maxsize=64)
def _flare_holders(setup_json: str) -> frozenset[str]:
    """Who holds the Flare in the game set up so (the role variants' and the Ghoul's variants' gifts)."""
    try:
        return make_config(Setup.model_validate_json(setup_json), _rules()).flare_holders
    except Exception:   # a view without its setup (a minimal view) or a setup these rules refuse: no Flare drawn
        return frozenset()


def holds_flare(view: PlayerView, role: str) -> bool:
    """``role`` (the Ghoul or the Vile Ghoul) holds the Flare (its own, or the table's); or its decision
    offers it now."""
    if view.setup and _flare_holders(json.dumps(view.setup, sort_keys=True, default=list)) & {role, "table"}:
        return True
    d = view.decision
    return d is not None and d.role == role and any(t.kind == "card" and t.ref == "flare"
                                                    for o in d.options for t in o.targets)


def decision_refs(view: PlayerView, prefix: str) -> list[str]:
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


def terror_targets(view: PlayerView, held: tuple[str, ...], role: str) -> list[str]:
    """The Terror cards ``role``'s pending decision offers that it does not hold (drawn to keep one,
    GH-23 / Adapt): its own view only."""
    d = view.decision
    if d is None or d.role != role or view.viewer != role:
        return []
    out: list[str] = []
    for o in d.options:
        for t in o.targets:
            if t.kind == "card" and t.ref != "flare" and t.ref not in held and t.ref not in out:
                out.append(t.ref)
    return out


def next_turn_note(card_movement: int, backstab: int) -> str:
    """The change to its movement on its next turn (the Thief's Charm +1 / Warlock's Wand −2, and the
    Backstab's cubes), as the board shows it; "" when there is none (GH-37, EXPANSION_DATA App. A)."""
    change = card_movement - backstab
    if not card_movement and not backstab:
        return ""
    return f"Next turn: {'+' if change > 0 else '−' if change < 0 else '±'}{abs(change)} movement"


# ------------------------------------------------------------------ layout
def card_grid(x: int, y: int, w: int, n: int, ch: int, gap: int) -> list[pygame.Rect]:
    per = 2 if w > 300 else 1
    cw = (w - (per - 1) * gap) // per
    return [pygame.Rect(x + (i % per) * (cw + gap), y + (i // per) * (ch + gap), cw, ch) for i in range(n)]


def grid_h(w: int, n: int, ch: int, gap: int) -> int:
    per = 2 if w > 300 else 1
    rows = math.ceil(n / per)
    return rows * ch + max(0, rows - 1) * gap


def pick_row(sc: _Scale, x: int, w: int, y: int, title_h: int, gap: int,
             n: int) -> tuple[pygame.Rect | None, list[pygame.Rect], int]:
    """The row of a decision's choices drawn on the board (Cheat's faces, skitter symbols): its
    section, its cells and the ``y`` below it (none, ``y`` unchanged, without choices)."""
    if not n:
        return None, [], y
    ph = max(sc(34), font(sc.f(20), True).get_linesize() + sc(8))
    sec = pygame.Rect(x, y, w, title_h + ph + sc(6))
    pw = min(sc(76), (w - sc(8) - (n - 1) * sc(4)) // n)
    cells = [pygame.Rect(sec.x + sc(4) + i * (pw + sc(4)), sec.y + title_h + sc(2), pw, ph) for i in range(n)]
    return sec, cells, sec.bottom + gap


def stat_boxes(sc: _Scale, x: int, w: int, y: int, title_h: int, gap: int,
               flare: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect | None, int]:
    """The Attack space (the rest of the width), Defense, Treasure and, when it holds it, the Flare
    side by side, and the ``y`` below them."""
    bh = title_h + max(sc(32), font(sc.f(22), True).get_linesize() + sc(6))
    n_small = 3 if flare else 2
    small_w = max(sc(80), font(sc.f(14)).size("Treasure")[0] + sc(40))
    attack = pygame.Rect(x, y, w - n_small * (small_w + gap), bh)
    defense = pygame.Rect(attack.right + gap, y, small_w, bh)
    treasure = pygame.Rect(defense.right + gap, y, small_w, bh)
    flare_box = pygame.Rect(treasure.right + gap, y, small_w, bh) if flare else None
    return attack, defense, treasure, flare_box, y + bh + gap


def terror_sections(sc: _Scale, x: int, w: int, y: int, title_h: int, gap: int, extra: int, n_cards: int,
                    n_drawn: int) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect], pygame.Rect | None,
                                           list[pygame.Rect], int]:
    """The Terror cards face up beside the deck, then (while it chooses) the cards drawn: the
    section, the deck's box, the cards' cells, the drawn section and cells, the ``y`` below."""
    small_ls = font(sc.f(14)).get_linesize()
    ch = font(sc.f(15), True).get_linesize() + 5 * small_ls + sc(12) + extra
    deck_w = max(sc(54), font(sc.f(14)).size("Deck")[0] + sc(16))
    area_x = x + sc(4) + deck_w + gap
    area_w = w - sc(8) - deck_w - gap
    body_h = max(sc(60), grid_h(area_w, n_cards, ch, gap)) if n_cards else sc(60)
    sec = pygame.Rect(x, y, w, title_h + body_h + sc(6))
    deck = pygame.Rect(x + sc(4), sec.y + title_h, deck_w, min(sc(74), body_h))
    cards = card_grid(area_x, sec.y + title_h, area_w, n_cards, ch, gap)
    y = sec.bottom + gap
    drawn_sec, drawn = None, []
    if n_drawn:
        drawn_sec = pygame.Rect(x, y, w, title_h + grid_h(w - sc(8), n_drawn, ch, gap) + sc(6))
        drawn = card_grid(x + sc(4), drawn_sec.y + title_h, w - sc(8), n_drawn, ch, gap)
        y = drawn_sec.bottom + gap
    return sec, deck, cards, drawn_sec, drawn, y


def draw_pick_title(surf: pygame.Surface, sc: _Scale, sec: pygame.Rect | None, title: str) -> None:
    """The section of a decision's choices, lit, with what to choose."""
    if sec is None:
        return
    lab = sc.f(17)
    _section(surf, sec, _shade(SECTION, 1.15))
    draw_text(surf, _fit(title, lab, sec.w - sc(10), True), (sec.x + sc(6), sec.y + sc(3)), lab, HIGHLIGHT, bold=True)


def draw_stat_frames(surf: pygame.Surface, sc: _Scale, attack: pygame.Rect, defense: pygame.Rect,
                     treasure: pygame.Rect, flare_box: pygame.Rect | None, colour: Colour) -> None:
    """The frames, icons and titles of :func:`stat_boxes` (their values are drawn each frame)."""
    small = sc.f(14)
    for r, title, icon in ((attack, "Attack space", icon_claw), (defense, "Defense", _icon_shield),
                           (treasure, "Treasure", _icon_coin)):
        _section(surf, r, SECTION)
        isz = min(sc(16), r.h // 3)
        icon(surf, pygame.Rect(r.x + sc(5), r.y + sc(4), isz, isz), _shade(colour, 1.25))
        draw_text(surf, _fit(title, small, r.w - isz - sc(12)), (r.x + isz + sc(9), r.y + sc(3)), small, TEXT_DIM)
    if flare_box is not None:
        _section(surf, flare_box, SECTION)


def draw_terror_titles(surf: pygame.Surface, sc: _Scale, sec: pygame.Rect, drawn_sec: pygame.Rect | None) -> None:
    """The frames and titles of :func:`terror_sections`."""
    lab = sc.f(17)
    _section(surf, sec, SECTION)
    draw_text(surf, "Terror cards", (sec.x + sc(6), sec.y + sc(3)), lab, TEXT, bold=True)
    if drawn_sec is not None:
        _section(surf, drawn_sec, _shade(SECTION, 1.15))
        draw_text(surf, _fit("Terror cards drawn: click the one to keep", lab, drawn_sec.w - sc(10), True),
                  (drawn_sec.x + sc(6), drawn_sec.y + sc(3)), lab, HIGHLIGHT, bold=True)


# ------------------------------------------------------------------ glyphs
def icon_terror(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """The Terror icon: a screaming face (hollow eyes, an open mouth)."""
    pygame.draw.ellipse(s, c, r)
    ink = (24, 26, 20)
    w, h = r.w, r.h
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.22, r.y + h * 0.24, w * 0.2, h * 0.24))
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.58, r.y + h * 0.24, w * 0.2, h * 0.24))
    pygame.draw.ellipse(s, ink, pygame.Rect(r.x + w * 0.38, r.y + h * 0.56, w * 0.24, h * 0.32))


def icon_claw(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """Attack: three claw marks."""
    for k in (0.25, 0.5, 0.75):
        pygame.draw.polygon(s, c, _pts(r, [(k - 0.12, 0.08), (k + 0.04, 0.08), (k + 0.1, 0.92), (k - 0.02, 0.92)]))


def draw_die(surf: pygame.Surface, r: pygame.Rect, face: int, dim: bool, role: str = "ghoul") -> None:
    """A Ghoul die showing ``face`` as pips, edged in ``role``'s colour."""
    fill = _shade(DIE_FACE, 0.55) if dim else DIE_FACE
    _frame(surf, r, fill, _shade(ROLE_COLOURS[role], 0.6), 2, radius=max(3, r.w // 6))
    rad = max(2, r.w // 11)
    for x, y in PIPS.get(face, []):
        pygame.draw.circle(surf, DIE_INK, (r.x + x * r.w, r.y + y * r.h), rad)


def draw_disc(surf: pygame.Surface, centre: tuple[int, int], rad: int) -> None:
    pygame.draw.circle(surf, (16, 20, 14), (centre[0] + 1, centre[1] + 1), rad)
    pygame.draw.circle(surf, DISC, centre, rad)
    pygame.draw.circle(surf, (30, 44, 26), centre, rad, max(1, rad // 4))


# ------------------------------------------------------------------ parts of the board
def draw_terror_card(surf: pygame.Surface, r: pygame.Rect, view: PlayerView, cid: str, sc: _Scale, used: str,
                     role: str = "ghoul") -> None:
    """A Terror card face up: its name, its first effect and its once-per-game effect (as much as fits;
    hovering shows it whole); ``used`` is its tag ("used", "in use") when it was used this turn."""
    data = view.rules.ghoul.terror_card(cid)
    _frame(surf, r, TERROR_FACE, _shade(ROLE_COLOURS[role], 0.55), 2, radius=5)
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


def draw_terror_deck(surf: pygame.Surface, out: BoardLayout, view: PlayerView, section: pygame.Rect,
                     deck_box: pygame.Rect, deck: int, removed: int, role: str, sc: _Scale) -> None:
    """The Terror deck's size (its back with the count, or "empty") and, on the section's title row, the
    count in words with the cards removed from the game."""
    small = sc.f(14)
    note = f"{deck} in the deck" + (f", {removed} removed" if removed else "")
    draw_text(surf, _fit(note, small, section.w // 2), (section.right - sc(6), section.y + sc(4)), small, TEXT_DIM,
              anchor="topright")
    colour = ROLE_COLOURS[role]
    if deck:
        _frame(surf, deck_box, (50, 64, 46), _shade(colour, 1.1), 2, radius=5)
        isz = min(deck_box.w - sc(14), deck_box.h // 2)
        icon_terror(surf, pygame.Rect(deck_box.centerx - isz // 2, deck_box.y + sc(6), isz, isz),
                    _shade(TERROR_FACE, 0.8))
        draw_text(surf, str(deck), (deck_box.centerx, deck_box.bottom - sc(3)), sc.f(16), TEXT, bold=True,
                  anchor="midbottom")
    else:
        _frame(surf, deck_box, None, CELL_EDGE, 1, radius=5)
        draw_text(surf, _fit("empty", small, deck_box.w - sc(4)), deck_box.center, small, TEXT_DIM, anchor="center")
    out.tip(view, f"info:{role}.deck", deck_box)


def draw_flare(surf: pygame.Surface, out: BoardLayout, view: PlayerView, box: pygame.Rect, sc: _Scale) -> None:
    """The Flare card (its player variants give it): 1 movement point each use."""
    small = sc.f(14)
    card = box.inflate(-sc(6), -sc(6))
    _frame(surf, card, (236, 222, 188), (170, 150, 110), 2, radius=5)
    r2 = max(4, min(card.h // 4, sc(9)))
    cx, cy = card.x + r2 + sc(6), card.centery
    pygame.draw.circle(surf, (255, 200, 90), (cx, cy), r2)
    tx = cx + r2 + sc(5)
    draw_text(surf, _fit("Flare", sc.f(16), card.right - tx - 2, True), (tx, card.y + sc(2)), sc.f(16),
              (48, 38, 28), bold=True)
    draw_text(surf, _fit("1 move", small, card.right - tx - 2), (tx, card.bottom - sc(2)), small,
              (90, 76, 60), anchor="bottomleft")
    out.tip(view, "card:flare", card)


def draw_next_turn(surf: pygame.Surface, out: BoardLayout, view: PlayerView, at: tuple[int, int], width: int,
                   card_movement: int, backstab: int, role: str, sc: _Scale) -> None:
    """The movement change waiting for its next turn (:func:`next_turn_note`), right-aligned at ``at``
    within ``width``, with its tooltip; nothing when there is none."""
    note = next_turn_note(card_movement, backstab)
    if not note:
        return
    small = sc.f(14)
    text = _fit(note, small, width, True)
    colour = DANGER if card_movement - backstab < 0 else HIGHLIGHT
    r = draw_text(surf, text, at, small, colour, bold=True, anchor="topright")
    out.tip(view, f"info:{role}.next_turn", pygame.Rect(r).inflate(sc(4), sc(2)))


def clear_caches() -> None:
    _flare_holders.cache_clear()

