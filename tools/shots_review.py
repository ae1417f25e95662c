"""Screenshots of the game review (issue 6): a finished Knight vs Dragon vs Cave game opened from
the game-over screen (at the end, mid-game as the Cave, at the start), the game-over screen with
its "Review the game" button, and the Load screen's Review, at 1600×900 and 1024×640, written to
shots/ for a visual check.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_review.py
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pygame  # noqa: E402
from shots_app import OUT, frames, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.screens.files import LoadScreen  # noqa: E402
from vast_desktop.screens.gameover import GameOverScreen  # noqa: E402
from vast_desktop.screens.review import ReviewScreen  # noqa: E402
from vast_desktop.session import Seat  # noqa: E402
from vast_desktop.settings import saves_dir  # noqa: E402


def shot(app: App, name: str) -> None:
    save_window(app, f"review_{name}_{app.size[0]}.png")


def run(size: tuple[int, int]) -> None:
    fresh_home()
    app = App(size=size)
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    roles = ("knight", "dragon", "cave")
    app.new_game(Setup(roles=roles, seed=3), {r: Seat(False) for r in roles})
    session = app.session
    assert session is not None
    while session.game.outcome is None:
        session.step_bot()
    frames(app, 4)
    if not isinstance(app.top, GameOverScreen):
        app.push(GameOverScreen(app))
    shot(app, "gameover")
    app.top.review()                                   # type: ignore[union-attr]
    review = app.top
    assert isinstance(review, ReviewScreen)
    shot(app, "end_public")
    review.go(review.review.n // 2)
    review.set_viewer("cave")
    shot(app, "middle_cave")
    review.to_start()
    review.set_viewer(None)
    shot(app, "start_public")
    review.export()
    shot(app, "exported")
    app.pop()
    app.pop()
    session.save(saves_dir() / "Knight vs Dragon vs Cave.json")
    app.push(LoadScreen(app))
    load = app.top
    assert isinstance(load, LoadScreen)
    load.selected = saves_dir() / "Knight vs Dragon vs Cave.json"
    load.resize(app.size)                              # the list is built with the save chosen
    frames(app)
    shot(app, "load")
    load.review_selected()
    shot(app, "from_load")
    pygame.quit()


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for size in ((1600, 900), (1024, 640)):
        run(size)
