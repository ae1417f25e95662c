"""Screenshots of the title, setup (solo, invalid, Knight vs Cave, five roles paging,
optional variants, Knight vs Thief's Crystals, the Campaign and a broken campaign file),
settings, load, save, pause-menu and game-over (plus a Campaign game's lines) screens at
1600×900, 1280×720 and 1024×640 for a visual check: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_screens.py
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pygame  # noqa: E402
from shots_app import OUT, frames, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.campaign import Campaign, campaign_path, save_campaign  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.render import text, theme  # noqa: E402
from vast_desktop.screens.files import LoadScreen, SaveScreen, save_files  # noqa: E402
from vast_desktop.screens.gameover import GameOverScreen  # noqa: E402
from vast_desktop.screens.menu import PauseMenu  # noqa: E402
from vast_desktop.screens.settings_screen import SettingsScreen  # noqa: E402
from vast_desktop.screens.setup import SetupScreen  # noqa: E402
from vast_desktop.screens.title import TitleScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402
from vast_desktop.settings import autosave_path, saves_dir  # noqa: E402


def shot(app: App, name: str) -> None:
    save_window(app, f"screen_{name}_{app.size[0]}.png")


def finish_game(app: App, players: dict[str, str] | None = None) -> None:
    """Knight vs Cave with two computer players (a Campaign game with ``players``), played to the
    end directly on the session."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    seats = {"knight": Seat(False), "cave": Seat(False)}
    if players:
        app.start_session(Session.new(Setup(roles=("knight", "cave"), seed=4), seats, autosave_path(),
                                      players=players))
    else:
        app.new_game(Setup(roles=("knight", "cave"), seed=4), seats)
    session = app.session
    assert session is not None
    while session.game.outcome is None:
        session.step_bot()


def run(size: tuple[int, int]) -> None:
    fresh_home()    # no saves, default settings
    app = App(size=size)
    app.replace(TitleScreen(app))
    shot(app, "title")

    setup = SetupScreen(app)
    app.push(setup)
    setup.toggle_role("cave")
    setup.on_menu(setup.seat_menus["cave"], "Computer (Random)")
    setup.rebuild()
    shot(app, "setup")
    menu = setup.seat_menus["knight"]                # the seat menu open: Human or Computer (Random/Easy/Hard)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=menu.rect.center, button=1))
    frames(app, 3)
    shot(app, "setup_seat_levels")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):   # and closed again
        pygame.event.post(pygame.event.Event(kind, pos=menu.rect.center, button=1))
    frames(app, 3)
    setup.toggle_role("knight")
    shot(app, "setup_invalid")
    setup.toggle_role("knight")
    setup.toggle_role("cave")
    shot(app, "setup_solo")
    for role in ("goblins", "dragon", "cave", "thief"):
        setup.toggle_role(role)
    shot(app, "setup_five")                          # five players: the rows page with the wheel when short
    for role in ("goblins", "dragon", "cave"):
        setup.toggle_role(role)
    setup.choose_variant("collapse-", "collapse-3")
    setup.choose_variant("speed-", "speed-easy")
    setup.set_crystals(6)
    shot(app, "setup_knight_vs_thief")               # Knight vs Thief's Crystals, Collapse and Speed chosen
    pygame.mouse.set_pos(setup.variant_buttons["speed-"]["speed-expert"].rect.center)
    shot(app, "setup_variant_hover")                 # pointing at a choice reads what it does
    pygame.mouse.set_pos((0, 0))
    setup.toggle_campaign()
    setup.names.update({"knight": "Ada"})
    setup.validate()
    setup.rebuild()
    shot(app, "setup_campaign_typing")               # one name still to type: Start waits
    setup.names.update({"thief": "Bartholomew"})
    setup.validate()
    setup.rebuild()
    shot(app, "setup_campaign")
    setup.toggle_campaign()
    campaign_path().parent.mkdir(parents=True, exist_ok=True)
    campaign_path().write_text("{not json", encoding="utf-8")
    setup.toggle_campaign()
    shot(app, "setup_campaign_broken")
    campaign_path().unlink()
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

    # a Campaign game's end: who moved up, or (both players at Expert) Your Vastness
    pygame.mouse.set_pos((0, 0))
    save_campaign(Campaign(levels={"Ada": 1, "Bartholomew": 0}))
    finish_game(app, {"knight": "Ada", "cave": "Bartholomew"})
    frames(app, 4)
    shot(app, "gameover_campaign")
    save_campaign(Campaign(levels={"Ada": 4, "Bartholomew": 4}))
    finish_game(app, {"knight": "Ada", "cave": "Bartholomew"})
    frames(app, 4)
    shot(app, "gameover_vastness")
    campaign_path().unlink()
    finish_game(app)
    frames(app, 4)
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
    refuse_hostile_save(app, load)
    pygame.quit()


def refuse_hostile_save(app: App, load: LoadScreen) -> None:
    """A tampered save (an unknown role in its seats, which once crashed the app) chosen and
    loaded: the preview and the toast say why, and the game goes on."""
    path = saves_dir() / "tampered.json"
    data = json.loads((saves_dir() / "first try.json").read_text(encoding="utf-8"))
    data["seats"] = {"wizard": "human"}
    path.write_text(json.dumps(data), encoding="utf-8")
    os.utime(path)                  # the newest: first in the list
    load.selected = path
    load.resize(app.size)
    frames(app)
    load.load_selected()
    frames(app)
    shot(app, "load_refused")


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for size in ((1600, 900), (1280, 720), (1024, 640)):
        # fonts are cached across pygame.quit(); drop them before the next App
        theme.font.cache_clear()
        text._render.cache_clear()
        run(size)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
