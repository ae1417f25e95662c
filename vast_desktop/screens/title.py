"""Title screen: New game · Continue (the autosave) · Load · Settings · Quit."""
from __future__ import annotations

import math

import pygame

from ..render.text import draw_text, wrap
from ..render.theme import DANGER, HIGHLIGHT, ROLE_COLOURS, TEXT_DIM
from ..settings import autosave_path
from .base import Screen


class TitleScreen(Screen):
    name = "title"

    def build(self) -> None:
        self.app.flush_autosave()    # "Continue" offers the game on disk: with the last move
        w, h = self.app.size
        bw, bh = self.scaled(320), self.scaled(54)
        x = (w - bw) // 2
        y = int(h * 0.42)
        gap = bh + self.scaled(14)
        entries = [
            ("New game", self.on_new, None, True),
            ("Continue", self.on_continue, "Resume the game saved after your last choice", autosave_path().exists()),
            ("Load", self.on_load, "Open a saved game", True),
            ("Tutorial", self.on_tutorial, "Learn by playing the rulebook's sample turn (resumes where you left)", True),
            ("Rules", self.on_rules, "The full rules: every role, the general rules, variants and the FAQ (H or F1)", True),
            ("Settings", self.on_settings, "Window, scale, shared table, animation and computer pace", True),
            ("Quit", self.on_quit, None, True),
        ]
        gap = min(gap, (h - y - self.scaled(8)) // len(entries))     # a short window: the buttons close up
        bh = min(bh, gap - self.scaled(6))
        for i, (label, cmd, tip, enabled) in enumerate(entries):
            self.button((x, y + i * gap, bw, bh), label, cmd, tip, object_id="@title_button", enabled=enabled)

    def on_new(self) -> None:
        from .setup import SetupScreen

        self.app.push(SetupScreen(self.app))

    def on_continue(self) -> None:
        self.app.continue_game()

    def on_load(self) -> None:
        from .files import LoadScreen

        self.app.push(LoadScreen(self.app))

    def on_tutorial(self) -> None:
        from ..teach.tutorial.runner import Tutorial, TutorialError
        from .tutorial import TutorialScreen

        try:
            tutorial, note = Tutorial.start_or_resume()
        except TutorialError as exc:
            self.app.notify(f"The tutorial cannot start: {exc}", error=True)
            return
        if note:
            self.app.notify(note)
        self.app.replace(TutorialScreen(self.app, tutorial))

    def on_settings(self) -> None:
        from .settings_screen import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def on_rules(self) -> None:
        self.app.open_rules()

    def on_quit(self) -> None:
        self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        # a slow glow behind the title, crystal-blue
        glow = int(40 + 20 * math.sin(self.app.now * 1.5))
        pygame.draw.circle(surface, (20, 40 + glow // 2, 60 + glow), (w // 2, int(h * 0.19)), int(h * 0.15))
        draw_text(surface, "VAST", (w // 2, int(h * 0.14)), self.scaled(110), HIGHLIGHT, bold=True, anchor="center")
        draw_text(surface, "The Crystal Caverns", (w // 2, int(h * 0.25)), self.scaled(40), (210, 230, 255), anchor="center")
        x0 = w // 2 - 2 * self.scaled(60)
        for i, (role, colour) in enumerate(ROLE_COLOURS.items()):
            cx = x0 + i * self.scaled(60)
            pygame.draw.circle(surface, colour, (cx, int(h * 0.33)), self.scaled(14))
            draw_text(surface, role[0].upper(), (cx, int(h * 0.33)), self.scaled(20), (20, 20, 20), bold=True, anchor="center")
        draw_text(surface, "Knight · Goblins · Dragon · Cave · Thief", (w // 2, int(h * 0.37)), self.scaled(20), TEXT_DIM,
                  anchor="center")
        self._draw_rules_warning(surface)

    def _draw_rules_warning(self, surface: pygame.Surface) -> None:
        """Bottom of the window: why the player's rules-data folder was not used (file, line, key)."""
        warning = self.app.rules_load.warning
        if not warning:
            return
        w, h = surface.get_size()
        size = self.scaled(15)
        lines = wrap(warning, size, w - 2 * self.scaled(24))[:4]
        y = h - self.scaled(10) - len(lines) * (size + self.scaled(3))
        for line in lines:
            draw_text(surface, line, (w // 2, y), size, DANGER, anchor="midtop")
            y += size + self.scaled(3)
