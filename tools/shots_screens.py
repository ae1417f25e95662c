"""Screenshots of the title, setup, settings, load, save, pause-menu and game-over
screens at 1600×900 and 1280×720 for a visual check: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_screens.py
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.render import text, theme  # noqa: E402
from vast_desktop.screens.files import LoadScreen, SaveScreen, save_files  # noqa: E402
from vast_desktop.screens.gameover import GameOverScreen  # noqa: E402
from vast_desktop.screens.menu import PauseMenu  # noqa: E402
from vast_desktop.screens.settings_screen import SettingsScreen  # noqa: E402
from vast_desktop.screens.setup import SetupScreen  # noqa: E402
from vast_desktop.screens.title import TitleScreen  # noqa: E402
from vast_desktop.session import Seat  # noqa: E402
from vast_desktop.settings import saves_dir  # noqa: E402

OUT = ROOT / "shots"


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def shot(app: App, name: str) -> None:
    frames(app)
    w = app.size[0]
    path = OUT / f"screen_{name}_{w}.png"
    pygame.image.save(app.screen, str(path))
    print("wrote", path)


def finish_game(app: App) -> None:
    """Knight vs Cave with two computer players, played to the end directly on the session."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.new_game(Setup(roles=("knight", "cave"), seed=4), {"knight": Seat(False), "cave": Seat(False)})
    session = app.session
    assert session is not None
    while session.game.outcome is None:
        session.step_bot()


def run(size: tuple[int, int]) -> None:
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")    # no saves, default settings
    app = App(size=size)
    app.replace(TitleScreen(app))
    shot(app, "title")

    setup = SetupScreen(app)
    app.push(setup)
    setup.toggle_role("cave")
    setup.on_menu(setup.seat_menus["cave"], "Computer (random)")
    setup.rebuild()
    shot(app, "setup")
    setup.toggle_role("knight")
    shot(app, "setup_invalid")
    setup.toggle_role("knight")
    setup.toggle_role("cave")
    shot(app, "setup_solo")
    app.pop()

    app.push(SettingsScreen(app))
    shot(app, "settings")
    app.pop()

    app.push(LoadScreen(app))
    shot(app, "load_empty")
    app.pop()

    finish_game(app)
    frames(app, 4)
    if not isinstance(app.top, GameOverScreen):
        app.push(GameOverScreen(app))
    shot(app, "gameover")
    gameover = app.top
    assert gameover is not None
    pygame.mouse.set_pos(gameover.plot.center)     # type: ignore[attr-defined]
    shot(app, "gameover_hover")
    app.pop()
    frames(app)

    app.push(PauseMenu(app))
    shot(app, "menu")
    session = app.session
    assert session is not None
    for name in ("Knight vs Cave round 3", "first try", "teaching game"):
        session.save(saves_dir() / f"{name}.json")
    (saves_dir() / "broken.json").write_text("{not json", encoding="utf-8")
    app.push(SaveScreen(app))
    shot(app, "save")
    app.pop()
    load = LoadScreen(app)
    app.push(load)
    load.selected = save_files()[0]
    load.resize(app.size)
    shot(app, "load")
    pygame.quit()


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for size in ((1600, 900), (1280, 720)):
        # fonts are cached across pygame.quit(); drop them before the next App
        theme.font.cache_clear()
        text._render.cache_clear()
        run(size)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
