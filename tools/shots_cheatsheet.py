"""Screenshots of the role cheat sheets and the rule reminders (issue 6): the Knight's and
the Cave's cheat sheets, and a reminder over the map's corner on the table (the Cave's
"Crystal tiles first" on its turn), at 1600×900 and 1280×720 (and UI scale 1.5), for a
visual check: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_cheatsheet.py
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pygame  # noqa: E402
from shots_app import OUT, frames, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.screens.cheatsheet import CheatSheetScreen  # noqa: E402
from vast_desktop.screens.table import TableScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402
from vast_desktop.settings import autosave_path  # noqa: E402


def shot(app: App, name: str, tag: str) -> None:
    save_window(app, f"cheatsheet_{name}_{tag}.png")


def until_cave_turn(app: App) -> None:
    """Let the computer Knight play (the Cave filling open edges with its first option, its
    reminders closed) until the human Cave's own turn asks."""
    table = app.top
    assert isinstance(table, TableScreen)
    for _ in range(3000):
        g = app.session.game
        if g.pending is not None and g.pending.kind == "cave_turn":
            break
        if table.reminders.current is not None:
            table.reminders.dismiss()
        if g.pending is not None and g.pending.role == "cave":
            app.session.choose(g.pending.options[0].id)
        frames(app, 1)
    frames(app, 3)


def shots_for(size: tuple[int, int], scale: float = 1.0) -> None:
    fresh_home()     # default settings, no saves
    app = App(size=size)
    app.apply_settings(app.settings.model_copy(update={"ui_scale": scale, "animation_speed": 0.0, "bot_pace": 0.0}))
    tag = f"{size[0]}" + ("" if scale == 1.0 else f"_x{scale}")
    seats = {"knight": Seat(False), "cave": Seat(True)}
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=5), seats, autosave_path())
    app.replace(TableScreen(app))
    until_cave_turn(app)
    shot(app, "reminder", tag)
    app.push(CheatSheetScreen(app, ("knight", "cave"), "cave"))
    shot(app, "cave", tag)
    top = app.top
    assert isinstance(top, CheatSheetScreen)
    top.show("knight")
    shot(app, "knight", tag)
    pygame.quit()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    shots_for((1600, 900))
    shots_for((1280, 720))
    shots_for((1600, 900), 1.5)


if __name__ == "__main__":
    main()
