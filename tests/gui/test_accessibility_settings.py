"""Settings → Accessibility (issue 27 item 8): the colour-blind safe palette and fullscreen, each
switched on the settings screen by real clicks and remembered; F11 from any screen; a driver that
refuses fullscreen leaves the window as it was with a message.  Headless: the dummy video driver."""
from __future__ import annotations

import pygame

from vast_desktop.render import theme
from vast_desktop.render.palette import COLOUR_BLIND, NORMAL
from vast_desktop.screens.settings_screen import SettingsScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.settings import load_settings

from .robot import Robot


def open_settings(app) -> tuple[Robot, SettingsScreen]:
    app.replace(TitleScreen(app))
    screen = SettingsScreen(app)
    app.push(screen)
    robot = Robot(app)
    robot.frames(2)
    return robot, screen


def test_colour_blind_and_fullscreen_switched_in_settings_are_applied_and_remembered(app) -> None:
    robot, screen = open_settings(app)
    assert screen.colour_blind_button.text == "Colour-blind safe: Off" and screen.fullscreen_button.text == "Fullscreen: Off"
    robot.click(screen.colour_blind_button.rect.center)
    robot.click(screen.fullscreen_button.rect.center)
    assert screen.colour_blind_button.text == "Colour-blind safe: On" and screen.fullscreen_button.text == "Fullscreen: On"
    assert dict(theme.ROLE_COLOURS) == dict(NORMAL.roles)        # nothing applies before Save
    robot.click(screen.save_button.rect.center)
    assert app.top is not screen
    assert app.settings.colour_blind and app.settings.fullscreen
    assert pygame.display.is_fullscreen() and app.size == pygame.display.get_desktop_sizes()[0]
    assert dict(theme.ROLE_COLOURS) == dict(COLOUR_BLIND.roles)
    stored = load_settings()
    assert stored.colour_blind and stored.fullscreen
    # F11: back to the window size of the settings, remembered
    robot.key(pygame.K_F11)
    assert not pygame.display.is_fullscreen() and app.size == (app.settings.window_width, app.settings.window_height)
    assert not load_settings().fullscreen and load_settings().colour_blind
    robot.key(pygame.K_F11)
    assert pygame.display.is_fullscreen() and load_settings().fullscreen
    # Settings opened fullscreen offer (and keep) the window's size to come back to, not the desktop's
    screen = SettingsScreen(app)
    app.push(screen)
    robot.frames(2)
    assert screen.size_menu.selected_option[0].startswith("1600×900")
    robot.click(screen.save_button.rect.center)
    assert pygame.display.is_fullscreen()
    assert (load_settings().window_width, load_settings().window_height) == (1600, 900)
    # the next start opens fullscreen, in the colour-blind palette
    from vast_desktop.app import App

    theme.ROLE_COLOURS.update(NORMAL.roles)
    again = App()
    assert pygame.display.is_fullscreen() and dict(theme.ROLE_COLOURS) == dict(COLOUR_BLIND.roles)
    again.apply_settings(again.settings.model_copy(update={"colour_blind": False, "fullscreen": False}))
    assert not pygame.display.is_fullscreen() and dict(theme.ROLE_COLOURS) == dict(NORMAL.roles)


def test_a_driver_refusing_fullscreen_leaves_the_window_and_says_why(app, monkeypatch) -> None:
    robot, _ = open_settings(app)
    real = pygame.display.set_mode

    def refuse(size=(0, 0), flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            raise pygame.error("No fullscreen on this display")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    size = app.size
    robot.key(pygame.K_F11)
    assert not pygame.display.is_fullscreen() and app.size == size
    assert not app.settings.fullscreen and not load_settings().fullscreen
    assert app.toasts[-1].error
    assert app.toasts[-1].message == "Fullscreen is not available here: No fullscreen on this display."
