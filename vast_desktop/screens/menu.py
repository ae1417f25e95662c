"""The pause menu (Esc at the table): Resume · Save game · Load game · Settings ·
Title screen · Quit — and small drawing helpers the dialog screens share (the dark
veil, the panel, role colours that read well on dark panels)."""
from __future__ import annotations

from typing import TypeVar

import pygame
from pygame_gui.core import UIElement

from ..render.text import draw_text
from ..render.theme import PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from .base import Screen

E = TypeVar("E", bound=UIElement)

_VEILS: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def keep(screen: Screen, element: E) -> E:
    """``screen.add(element)`` keeping the element's own type (for the type checker)."""
    screen.add(element)
    return element


def draw_veil(surface: pygame.Surface, alpha: int = 175) -> None:
    """Darken whatever was drawn below (the table) so a dialog stands out."""
    key = (surface.get_size(), alpha)
    veil = _VEILS.get(key)
    if veil is None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 5, 9, alpha))
        _VEILS.clear()
        _VEILS[key] = veil
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = PANEL_EDGE,
               fill: tuple[int, int, int] = PANEL, width: int = 2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, edge, rect, width, border_radius=10)


class PauseMenu(Screen):
    name = "menu"
    opaque = False

    def build(self) -> None:
        w, h = self.app.size
        bw, bh = self.scaled(300), self.scaled(46)
        gap = self.scaled(10)
        has_game = self.app.session is not None
        entries = [
            ("Resume", self.back_to_game, "Back to the game (Esc)", True, "@primary"),
            ("Save game", self.save, "Save this game under a name", has_game, None),
            ("Load game", self.load, "Open a saved game", True, None),
            ("Settings", self.settings, "Window, scale, shared table, animation and computer pace", True, None),
            ("Title screen", self.title, "Leave the table; Continue on the title screen resumes this game", True, None),
            ("Quit", self.quit, "Close Vast (the game is already saved: Continue resumes it)", True, None),
        ]
        total = len(entries) * bh + (len(entries) - 1) * gap
        self.box = pygame.Rect(0, 0, bw + self.scaled(80), total + self.scaled(124))
        self.box.center = (w // 2, h // 2)
        x = self.box.centerx - bw // 2
        y = self.box.y + self.scaled(80)
        self.buttons = {}
        for i, (label, cmd, tip, enabled, oid) in enumerate(entries):
            self.buttons[label] = self.button((x, y + i * (bh + gap), bw, bh), label, cmd, tip, object_id=oid,
                                              enabled=enabled)

    # ------------------------------------------------------------ commands
    def back_to_game(self) -> None:
        self.app.pop()

    def save(self) -> None:
        from .files import SaveScreen

        self.app.push(SaveScreen(self.app))

    def load(self) -> None:
        from .files import LoadScreen

        self.app.push(LoadScreen(self.app))

    def settings(self) -> None:
        from .settings_screen import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def title(self) -> None:
        from .title import TitleScreen

        self.app.replace(TitleScreen(self.app))

    def quit(self) -> None:
        self.app.running = False

    # ------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back_to_game()

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        draw_panel(surface, self.box)
        draw_text(surface, "Paused", (self.box.centerx, self.box.y + self.scaled(34)), self.scaled(40), TEXT, bold=True,
                  anchor="center")
        draw_text(surface, "Your game is saved after every choice.", (self.box.centerx, self.box.bottom - self.scaled(18)),
                  self.scaled(17), TEXT_DIM, anchor="center")


def _luminance(c: tuple[int, int, int]) -> float:
    def ch(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def readable(colour: tuple[int, int, int], min_luminance: float = 0.2) -> tuple[int, int, int]:
    """The colour lightened towards white until it reads well on the dark panels."""
    c = tuple(colour[:3])
    t = 0.0
    out = (int(c[0]), int(c[1]), int(c[2]))
    while _luminance(out) < min_luminance and t < 1.0:
        t += 0.05
        out = (int(c[0] + (255 - c[0]) * t), int(c[1] + (255 - c[1]) * t), int(c[2] + (255 - c[2]) * t))
    return out


def hex_colour(c: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c[:3])
