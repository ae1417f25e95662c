"""The hand-off curtain: "Pass to the Cave" in the role's colour (in a Campaign game "Pass to
Anna — the Cave", with her campaign level), with the public events since that player last
looked, drawn with the curtain's sound.  It never draws anyone's private information."""
from __future__ import annotations

import pygame

from ..audio.cues import SoundCue
from ..render.text import draw_text, wrap
from ..render.theme import BG, ROLE_COLOURS, ROLE_NAMES, TEXT, TEXT_DIM, font
from .base import Screen
from .players import campaign_player, pass_to


class HandoffScreen(Screen):
    name = "handoff"

    def __init__(self, app, role: str) -> None:
        super().__init__(app)
        self.role = role
        session = app.session
        assert session is not None
        self.lines = session.events_since_last_look(role)[-14:]
        self.player = campaign_player(session, role)        # Campaign (VAR-03): (name, level)
        app.sound.play(SoundCue.CURTAIN)

    def build(self) -> None:
        w, h = self.app.size
        who = self.player[0] if self.player else f"the {ROLE_NAMES[self.role]}"
        text = f"I am {who} — show my view"
        bw = min(w - 40, max(self.scaled(300), font(self.scaled(20)).size(text)[0] + self.scaled(48)))
        bh = self.scaled(54)
        self.button(((w - bw) // 2, int(h * 0.78), bw, bh), text, self.reveal, object_id="@primary")

    def reveal(self) -> None:
        session = self.app.session
        assert session is not None
        session.take_seat(self.role)
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.reveal()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(BG)
        colour = ROLE_COLOURS[self.role]
        pygame.draw.rect(surface, colour, (0, 0, w, self.scaled(12)))
        pygame.draw.rect(surface, colour, (0, h - self.scaled(12), w, self.scaled(12)))
        title, size = pass_to(self.app.session, self.role), self.scaled(64)
        while size > self.scaled(30) and font(size, True).size(title)[0] > w - 40:     # a long player name
            size -= 2
        draw_text(surface, title, (w // 2, int(h * 0.16)), size, colour, bold=True, anchor="center")
        if self.player is not None and self.player[1]:
            draw_text(surface, f"Campaign level: {self.player[1]}", (w // 2, int(h * 0.16) + self.scaled(40)),
                      self.scaled(22), TEXT, anchor="midtop")
        draw_text(surface, "Everyone else, look away. Click the button or press Space when ready.",
                  (w // 2, int(h * (0.255 if self.player else 0.24))), self.scaled(22), TEXT_DIM, anchor="center")
        y = int(h * 0.32)
        draw_text(surface, "Since you last looked:" if self.lines else "Nothing has happened since you last looked.",
                  (w // 2 - self.scaled(380), y), self.scaled(22), TEXT)
        y += self.scaled(30)
        for line in self.lines:
            for part in wrap(line, self.scaled(19), self.scaled(760)):
                draw_text(surface, part, (w // 2 - self.scaled(370), y), self.scaled(19), TEXT_DIM)
                y += self.scaled(20)
