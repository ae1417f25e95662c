"""Screenshots of the accessibility options (issue 27 item 8) for a visual check, into shots/:
the table in the colour-blind safe palette (five roles; striped targets), the keyboard's focus
ring on a map space, on a prompt button and on a long menu's entry, and Settings' Accessibility row.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_accessibility.py
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pygame  # noqa: E402
from shots_app import frames, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.engine.decisions import Option  # noqa: E402
from vast_desktop.input.keyboard_focus import FocusKind  # noqa: E402
from vast_desktop.screens.settings_screen import SettingsScreen  # noqa: E402
from vast_desktop.screens.table import TableScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402
from vast_desktop.settings import autosave_path  # noqa: E402


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def main() -> None:
    fresh_home()
    app = App(size=(1600, 900))
    app.apply_settings(app.settings.model_copy(update={"reminders": False, "colour_blind": True,
                                                       "animation_speed": 0.0, "bot_pace": 0.0}))
    roles = ("knight", "goblins", "dragon", "cave", "thief")
    app.session = Session.new(Setup(roles=roles, seed=5), {r: Seat(r == "knight", "random") for r in roles},
                              autosave_path())
    app.session.shared_table = True
    app.replace(TableScreen(app))
    pygame.mouse.set_pos((5, 5))
    frames(app, 3)
    save_window(app, "access_table_colour_blind.png")
    table = app.top
    assert isinstance(table, TableScreen)
    key(app, pygame.K_TAB)
    save_window(app, "access_focus_map.png")
    for _ in range(len(table.focus_targets())):
        focused = table.controller.focus.current(table.focus_targets())
        if focused is not None and focused.kind == FocusKind.BUTTON:
            break
        key(app, pygame.K_TAB)
    save_window(app, "access_focus_button.png")
    key(app, pygame.K_ESCAPE)
    table.open_options_menu([Option(f"x:{i}", f"Entry {i}", ()) for i in range(24)])
    for _ in range(18):
        key(app, pygame.K_DOWN)
    save_window(app, "access_focus_menu.png")
    table.close_menu()
    app.push(SettingsScreen(app))
    frames(app, 3)
    save_window(app, "access_settings.png")


if __name__ == "__main__":
    main()
