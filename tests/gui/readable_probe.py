"""What the readability tests and tools/shots_readable.py measure of the table: a five-role
game played a while by random choices (cards in hands, Tribes on the map), and for each role's
board tab the texts the board drew this frame (text, pixel size, rectangle), the smallest, and
every text that spills out of the board's panel or out of a board region it overlaps."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from vast_desktop.app import App
from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.render.text import DrawnText
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.standing_orders import StandingOrders

FIVE = ("knight", "goblins", "dragon", "cave", "thief")


def five_role_table(app: App, seed: int = 19, choices: int = 220) -> TableScreen:
    """A five-role pass-and-play game played ``choices`` random choices in, shown on the table."""
    # every question asked (no standing orders, no public answers): the same game whatever their defaults
    app.session = Session.new(Setup(roles=FIVE, seed=seed), {r: Seat(True) for r in FIVE},
                              standing_orders=StandingOrders.ask_each_time())
    s = app.session
    s.public_answers = False
    rng = random.Random(seed)
    while s.game.outcome is None and len(s.game.choices) < choices:
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        if "end:" in d.ids and rng.random() < 0.15:
            ids = ["end:"]
        s.choose(ids[rng.randrange(len(ids))])
    s.viewer = s.decider
    table = TableScreen(app)
    app.replace(table)
    app.step(1 / 60)
    return table


@dataclass(frozen=True)
class BoardTexts:
    """One board tab's texts in one frame, and the ones that do not fit where they are drawn."""

    role: str
    texts: tuple[DrawnText, ...]
    spills: tuple[str, ...]

    @property
    def smallest(self) -> int:
        return min(t.px for t in self.texts)


def _spill(t: DrawnText, board: pygame.Rect, regions: dict[str, pygame.Rect]) -> str | None:
    r = t.rect
    assert r is not None
    ink = r.inflate(-2, -2)            # (a glyph's box has a pixel of air on each side)
    if not board.contains(ink):
        return f"{t.text!r} at {tuple(r)} outside the board {tuple(board)}"
    for key, box in regions.items():
        if box.colliderect(ink) and not box.contains(ink) and not ink.contains(box) \
                and box.w * box.h < board.w * board.h // 3 and not key.startswith("drag:"):
            inter = box.clip(ink)
            if inter.w * inter.h * 3 > ink.w * ink.h:     # mostly inside a box, but not all of it: cut off
                return f"{t.text!r} at {tuple(r)} runs out of {key} {tuple(box)}"
    return None


def board_texts(app: App, table: TableScreen, role: str) -> BoardTexts:
    """Show ``role``'s board tab, draw a frame and collect the texts drawn on the board (the parts scrolled
    out of its panel included: they are drawn, and clipped)."""
    table.board_tab = role
    app.step(1 / 60)
    span: list[int] = []
    pane_draw = table.board_pane.draw

    def draw(*args: object, **kwargs: object) -> object:      # the texts the board pane draws, nothing else
        span.append(len(text_mod.DRAWN_TEXTS))
        out = pane_draw(*args, **kwargs)  # type: ignore[arg-type]
        span.append(len(text_mod.DRAWN_TEXTS))
        return out

    text_mod.clear_drawn()
    table.board_pane.draw = draw  # type: ignore[method-assign]
    try:
        app.top.draw(app.screen)
    finally:
        del table.board_pane.draw
    board = table.board_pane.drawn_rect       # the whole board: the panel scrolls over it on a short window
    texts = tuple(t for t in text_mod.DRAWN_TEXTS[span[0]:span[1]] if t.rect is not None and t.text.strip())
    spills = [s for t in texts if (s := _spill(t, board, table.board_layout.regions)) is not None]
    spills += _overlaps(texts)
    return BoardTexts(role, texts, tuple(spills))


def _overlaps(texts: tuple[DrawnText, ...]) -> list[str]:
    """Two different texts drawn over each other (one box too small for both)."""
    out = []
    inks = [(t, t.rect.inflate(-2, -4)) for t in texts if t.rect is not None]
    for i, (a, ra) in enumerate(inks):
        for b, rb in inks[i + 1:]:
            if ra.colliderect(rb) and a.text != b.text:     # (a value drawn again in bold over its cell)
                out.append(f"{a.text!r} at {tuple(ra)} over {b.text!r} at {tuple(rb)}")
    return out


def hover(app: App, pos: tuple[int, int]) -> None:
    """Point at ``pos`` as a person would, then draw a frame."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def hover_a_card(app: App, table: TableScreen) -> str | None:
    """Point at the first face-up card a board shows in its panel (any tab); its region key, or None."""
    for role in FIVE:
        table.board_tab = role
        app.step(1 / 60)
        for key, r in table.board_layout.regions.items():
            if key.startswith("card:") and table.board_rect.collidepoint(r.center):
                hover(app, r.center)
                return key
    return None


def knight_cave_table(app: App, seed: int = 2) -> TableScreen:
    """A fresh Knight-and-Cave pass-and-play game on the table (Event cards come soon: seed 2 plays Rats
    on the 47th random choice)."""
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=seed), {r: Seat(True) for r in ("knight", "cave")})
    table = TableScreen(app)
    app.replace(table)
    app.step(1 / 60)
    return table


def play_to_an_event(app: App, table: TableScreen, limit: int = 600, seed: int = 2) -> str | None:
    """Play on (random choices, a frame after each) until an Event card is played; the log line that
    names it, or None within ``limit`` choices.  The table then shows the card."""
    s = app.session
    rng = random.Random(seed)
    for _ in range(limit):
        if s.game.outcome is not None:
            return None
        before = len(s.game.events)
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        if "end:" in d.ids and rng.random() < 0.2:
            ids = ["end:"]
        s.choose(ids[rng.randrange(len(ids))])
        s.viewer = s.decider
        table.refresh(force=True)
        new = [e for e in s.game.events[before:] if e.kind == "event"]
        if new:
            app.step(1 / 60)
            if app.top is not table and hasattr(app.top, "reveal"):      # the curtain for the next person
                app.top.reveal()
            app.step(1 / 60)
            app.step(0.5)               # past the fade-in
            return new[-1].public
    return None
