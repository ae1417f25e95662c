"""The Event card just played, shown to everyone on the table for a moment (issue 27 "Readable at every
size"): its name and its whole text on a card over the middle of the map, faded in and out at the
player's animation pace.  An Event card played is public (the log names it too: "Event: <name>."), so
the overlay shows the same to every viewer.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..rules_data import RulesData, UnknownIdError
from .text import draw_text, size_for_px, wrap
from .theme import font

EVENT_SECONDS = 4.0     # how long the card stays at animation speed 1 (longer when slower)
FADE = 0.12             # the part of that time spent fading in, and again fading out
TITLE_PX, BODY_PX = 22, 16
CARD_FACE = (226, 206, 236)       # an Event card's face: pale violet (the Event colour of the tiles)
CARD_EDGE = (150, 90, 200)
CARD_INK = (40, 26, 52)


@dataclass(frozen=True)
class ShownEvent:
    """The Event card on show: its name, its text, and how far through its time it is (0..1)."""

    card: str
    name: str
    text: str
    t: float = 0.0


class EventOverlay:
    """Which Event card is on show and for how much longer."""

    def __init__(self) -> None:
        self.shown: ShownEvent | None = None

    def start(self, card_id: str, rules: RulesData) -> None:
        """Show the Event card ``card_id`` (a physical id such as ``rats#2``) from now, as the game's
        ``rules`` (the view's: a player's corrections included) write it."""
        try:
            c = rules.card(card_id)
        except UnknownIdError:
            return
        self.shown = ShownEvent(card_id, str(c.name), " ".join(str(c.text).split()))

    def advance(self, dt: float, speed: float) -> None:
        """Time passes: at ``speed`` 2 the card stays half as long; with animations off (0) it stays the
        time of speed 1 without fading."""
        s = self.shown
        if s is None:
            return
        t = s.t + dt / (EVENT_SECONDS / max(speed, 0.25) if speed > 0 else EVENT_SECONDS)
        self.shown = None if t >= 1 else ShownEvent(s.card, s.name, s.text, t)

    def dismiss(self) -> None:
        self.shown = None

    def alpha(self, speed: float) -> int:
        s = self.shown
        if s is None:
            return 0
        if speed <= 0:
            return 255
        edge = min(s.t, 1 - s.t) / FADE
        return int(255 * max(0.0, min(1.0, edge)))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, ui_scale: float = 1.0, speed: float = 1.0) -> pygame.Rect | None:
        """The card over the middle of ``area`` (the map); returns where it lies, or None when none is shown."""
        s = self.shown
        if s is None:
            return None
        title, body = size_for_px(round(TITLE_PX * ui_scale)), size_for_px(round(BODY_PX * ui_scale))
        pad = int(16 * ui_scale)
        w = min(int(440 * ui_scale), area.w - 20)
        heading = "Event card played"
        names = wrap(s.name, title, w - 2 * pad, bold=True)
        lines = wrap(s.text, body, w - 2 * pad)
        small = size_for_px(round(13 * ui_scale))
        h_lh, t_lh, b_lh = font(small).get_linesize(), font(title, True).get_linesize(), font(body).get_linesize()
        h = 2 * pad + h_lh + len(names) * t_lh + pad // 2 + len(lines) * b_lh
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        r = card.get_rect()
        pygame.draw.rect(card, CARD_FACE, r, border_radius=10)
        pygame.draw.rect(card, CARD_EDGE, r, max(2, int(3 * ui_scale)), border_radius=10)
        y = pad
        draw_text(card, heading, (r.centerx, y), small, CARD_EDGE, bold=True, anchor="midtop")
        y += h_lh
        for line in names:
            draw_text(card, line, (r.centerx, y), title, CARD_INK, bold=True, anchor="midtop")
            y += t_lh
        y += pad // 2
        for line in lines:
            draw_text(card, line, (pad, y), body, CARD_INK)
            y += b_lh
        card.set_alpha(self.alpha(speed))
        at = card.get_rect(center=area.center)
        surface.blit(card, at)
        return at
