"""Fullscreen and back (Settings → "Fullscreen", or F11 anywhere).

pygame's ``toggle_fullscreen`` is refused by several video drivers (the dummy one, Wayland), so
the window is made again with ``set_mode``: fullscreen at the desktop's size, or resizable at the
window size in the settings.  Every screen then lays itself out for the new size.  A driver that
refuses leaves the window as it was and says why."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


def window_size(app: App) -> tuple[int, int]:
    """The windowed size the settings ask for."""
    return app.settings.window_width, app.settings.window_height


def set_fullscreen(app: App, on: bool) -> str | None:
    """Make the window fullscreen (``on``) or a resizable window again; None when done, else the
    reason the video driver gave (the window is then as it was)."""
    if on == pygame.display.is_fullscreen():
        return None
    size = app.size
    try:
        if on:
            app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            app.screen = pygame.display.set_mode(window_size(app), pygame.RESIZABLE)
    except pygame.error as exc:
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        return str(exc) or "the video driver refused"
    new = app.size
    app.manager.set_window_resolution(new)
    for screen in app.screens:
        screen.resize(new)
    return None


def toggle_fullscreen(app: App) -> None:
    """F11: the other mode, remembered in the settings (a refusal is shown, the setting unchanged)."""
    want = not pygame.display.is_fullscreen()
    problem = set_fullscreen(app, want)
    if problem is not None:
        app.notify(f"Fullscreen is not available here: {problem}.", error=True)
        return
    app.apply_settings(app.settings.model_copy(update={"fullscreen": want}))
