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

FIVE = ("knight", "goblins", "dragon", "cave", "thief")


def five_role_table(app: App, seed: int = 19, choices: int = 220) -> TableScreen:
    """A five-role pass-and-play game played ``choices`` random choices in, shown on the table."""
    app.session = Session.new(Setup(roles=FIVE, seed=seed), {r: Seat(True) for r in FIVE})
    s = app.session
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
    """Show ``role``'s board tab, draw a frame and collect the texts drawn inside the board."""
    table.board_tab = role
    app.step(1 / 60)
    text_mod.clear_drawn()
    app.top.draw(app.screen)
    board = table.board_rect
    texts = tuple(t for t in text_mod.DRAWN_TEXTS if t.rect is not None and t.text.strip()
                  and board.colliderect(t.rect))
    spills = tuple(s for t in texts if (s := _spill(t, board, table.board_layout.regions)) is not None)
    return BoardTexts(role, texts, spills)
