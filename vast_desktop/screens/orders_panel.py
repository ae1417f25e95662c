"""The Cave's standing orders panel (issue 27, item 2): in the Cave's own view only, the Cave
orders its hand and chooses how its placements and card choices during other roles' turns are
made — following these orders without passing the screen, or asked each time.

Opened from the table's "Orders" button, which shows only while the Cave is the person looking
at a pass-and-play table; the panel is opaque (nothing of the table shows through) and never
drawn for anyone else.  Every change goes to :meth:`Session.set_standing_orders` at once (and so
into the autosave); "Done" or Esc returns to the table exactly as it was: the panel never
touches the game.
"""
from __future__ import annotations

from functools import partial

import pygame

from ..engine.map.board import TYPE_NAMES
from ..engine.view import PlayerView
from ..render.text import draw_text, wrap
from ..render.theme import BG, ROLE_COLOURS, TEXT, TEXT_DIM
from ..rules_data import RulesData
from ..session import Session
from ..standing_orders import CARD_LABELS, MODE_LABELS, FillMode, StandingOrders, cave_hand
from .base import Screen

CAVE = "cave"
INTRO = ("While the others play, your tile placements and the Event or Treasure card the Knight meets can follow "
         "these orders at once, without passing the screen to you. Nobody else sees them. Tiles you do not order, "
         "and where each tile goes, are chosen the way the Easy Cave would.")


def offered(session: Session | None) -> bool:
    """The panel is offered only to the Cave, in its own view, at a pass-and-play table."""
    return (session is not None and session.curtains and session.viewer == CAVE and CAVE in session.humans
            and session.game.outcome is None)


def tile_words(rules: RulesData, tile_id: str) -> str:
    """A tile of the Cave's hand as the fill options name it: its type and Tribe symbol, from the
    rules data (the Cave knows its own hand; only ids from the Cave's own view are named)."""
    tile = rules.tile(tile_id)
    tribe = f", {tile.tribe.title()} symbol" if tile.tribe else ""
    return f"{TYPE_NAMES.get(tile.type, tile.type.title())}{tribe} ({tile_id})"


class StandingOrdersScreen(Screen):
    name = "standing_orders"
    opaque = True

    def __init__(self, app) -> None:
        super().__init__(app)
        session = app.session
        if not offered(session):
            raise ValueError("the standing orders are the Cave's, shown only in the Cave's own view")
        self.session: Session = session

    @property
    def orders(self) -> StandingOrders:
        return self.session.standing_orders

    def cave_view(self) -> PlayerView:
        return self.session.current_view()

    def hand(self) -> list[str]:
        return self.orders.ordered_hand(cave_hand(self.cave_view()))

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.app.size
        s = self.app.settings.ui_scale
        bw, bh = int(200 * s), int(34 * s)
        left = w // 2 - int(380 * s)
        self.rows_top = int(h * 0.14) + int(100 * s)
        y = self.rows_top
        for label_row, labels, current, setter in (
                (0, MODE_LABELS, self.orders.mode, self.set_mode),
                (1, CARD_LABELS, self.orders.cards, self.set_cards)):
            for i, mode in enumerate((FillMode.AUTO, FillMode.ASK)):
                x = left + int(300 * s) + i * (bw + 8)
                # the chosen one is drawn as the primary button (a disabled one would read "not allowed")
                self.button((x, y + label_row * (bh + 12), bw, bh), labels[mode], partial(setter, mode),
                            "Chosen" if mode is current else None,
                            object_id="@primary" if mode is current else None)
        self.hand_top = y + 2 * (bh + 12) + int(56 * s)
        row = int(30 * s)
        for i, tile in enumerate(self.hand()):
            ty = self.hand_top + i * row
            if ty + row > h - int(90 * s):
                break
            self.button((left + int(380 * s), ty, int(40 * s), row - 4), "Up", partial(self.move, tile, -1),
                        "Place this tile earlier", enabled=i > 0)
            self.button((left + int(424 * s), ty, int(56 * s), row - 4), "Down", partial(self.move, tile, 1),
                        "Place this tile later", enabled=i < len(self.hand()) - 1)
        self.button((w // 2 - int(80 * s), h - int(70 * s), int(160 * s), bh), "Done", self.close,
                    "Back to the table (Esc)", object_id="@primary")

    # ------------------------------------------------------------------ changes
    def _set(self, orders: StandingOrders) -> None:
        self.session.set_standing_orders(orders)
        self.clear_elements()
        self.build()

    def set_mode(self, mode: FillMode) -> None:
        self._set(self.orders.with_mode(mode))

    def set_cards(self, mode: FillMode) -> None:
        self._set(self.orders.with_cards(mode))

    def move(self, tile: str, step: int) -> None:
        self._set(self.orders.moved(cave_hand(self.cave_view()), tile, step))

    def close(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.settings.ui_scale
        surface.fill(BG)
        colour = ROLE_COLOURS[CAVE]
        pygame.draw.rect(surface, colour, (0, 0, w, self.scaled(8)))
        left = w // 2 - int(380 * s)
        top = int(h * 0.14)
        draw_text(surface, "The Cave's standing orders", (w // 2, top - int(40 * s)), self.scaled(40), colour,
                  bold=True, anchor="center")
        y = top
        for part in wrap(INTRO, self.scaled(19), int(760 * s)):
            draw_text(surface, part, (left, y), self.scaled(19), TEXT_DIM)
            y += self.scaled(22)
        bh = int(34 * s)
        draw_text(surface, "Tile placements:", (left, self.rows_top + bh // 2), self.scaled(21), TEXT, anchor="midleft")
        draw_text(surface, "Event and Treasure cards:", (left, self.rows_top + bh + 12 + bh // 2), self.scaled(21),
                  TEXT, anchor="midleft")
        off = self.orders.mode is FillMode.ASK
        head = ("Your hand, placed first to last (used when you follow your orders):" if not off
                else "Your hand (your order is kept; you are asked each time now):")
        draw_text(surface, head, (left, self.hand_top - int(30 * s)), self.scaled(21), TEXT)
        rules = self.session.game.rules
        hand = self.hand()
        if not hand:
            draw_text(surface, "Your hand is empty.", (left, self.hand_top), self.scaled(19), TEXT_DIM)
        row = int(30 * s)
        for i, tile in enumerate(hand):
            ty = self.hand_top + i * row
            if ty + row > h - int(90 * s):
                draw_text(surface, f"… and {len(hand) - i} more", (left, ty), self.scaled(19), TEXT_DIM)
                break
            draw_text(surface, f"{i + 1}. {tile_words(rules, tile)}", (left + int(12 * s), ty + (row - 4) // 2),
                      self.scaled(20), TEXT_DIM if off else TEXT, anchor="midleft")
