"""Screenshots of the rules reference (issue 6): the contents with the general rules, a
Knight section with its links, a nested Goblins section, a search with its results, the
title screen with its Rules button, and the "?" beside the table's prompt with the section
it opens, at 1600×900, 1280×720 and 1024×640 (and UI scale 1.5), for a visual check:
writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_reference.py
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pygame  # noqa: E402
from shots_app import OUT, frames, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.screens.rules_screen import RulesScreen  # noqa: E402
from vast_desktop.screens.title import TitleScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402
from vast_desktop.settings import autosave_path  # noqa: E402


def shot(app: App, name: str, tag: str) -> None:
    save_window(app, f"reference_{name}_{tag}.png")


def rules(app: App) -> RulesScreen:
    top = app.top
    assert isinstance(top, RulesScreen)
    return top


def shots_for(size: tuple[int, int], scale: float = 1.0) -> None:
    fresh_home()     # default settings, no saves
    app = App(size=size)
    if scale != 1.0:
        app.apply_settings(app.settings.model_copy(update={"ui_scale": scale}))
    tag = f"{size[0]}" + ("" if scale == 1.0 else f"_x{scale}")
    app.push(TitleScreen(app))
    shot(app, "title", tag)
    app.open_rules()
    shot(app, "contents", tag)
    rules(app).open("knight.move_and_act")
    shot(app, "knight_move_and_act", tag)
    rules(app).open("goblins.turn")
    shot(app, "goblins_turn", tag)
    rules(app).search_box.set_text("dragon gem")
    rules(app).search("dragon gem")
    shot(app, "search", tag)
    app.pop()
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.start_session(Session.new(Setup(roles=("knight", "goblins"), seed=3), {"knight": Seat(True),
                                  "goblins": Seat(False)}, autosave_path()))
    frames(app, 5)
    shot(app, "table_question_mark", tag)
    app.open_rules()                      # what H, F1 and the "?" open: the pending decision's section
    shot(app, "table_decision_section", tag)
    pygame.quit()


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for size in ((1600, 900), (1280, 720), (1024, 640)):
        shots_for(size)
    shots_for((1600, 900), 1.5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
