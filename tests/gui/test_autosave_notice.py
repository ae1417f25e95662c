"""The table tells the player when the autosave cannot be written (issue 26, item 2): a new game
starts all the same with the data folder unwritable (a file in its place, which stops root too),
the table shows the file and the reason, "Save" to a chosen name reports its own failure on the
save screen, and once the folder is fixed the next move's save goes through and the notice goes.
The settings screen lists the folders."""
from __future__ import annotations

import shutil

import pygame
import pytest

from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens.files import SaveScreen
from vast_desktop.screens.settings_screen import SettingsScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat
from vast_desktop.settings import autosave_path, data_dir, folders, saves_dir


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's pygame session are dead after pygame.quit()."""
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app, element) -> None:
    pos = element.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def drawn() -> str:
    return " ".join(text_mod.DRAWN)


def test_an_unwritable_data_folder_shows_a_notice_and_the_game_goes_on(app) -> None:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "shared_table": True})   # no curtains
    blocker = data_dir()
    shutil.rmtree(blocker, ignore_errors=True)          # (the app made its folders at start-up)
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    app.new_game(Setup(roles=("knight", "cave"), seed=3), {"knight": Seat(True), "cave": Seat(True)})
    session = app.session
    assert isinstance(app.top, TableScreen) and session is not None
    assert not session.flush_autosave(10.0)
    frames(app)
    notice = app.top.autosave_notice()
    assert notice == (f"Autosave failed: cannot write {autosave_path()} ({blocker} is a file, not a folder). "
                      "Your moves are kept in this window; trying again.")
    text = drawn()
    assert "Autosave failed: cannot write" in text and "trying again." in text
    session.choose(session.game.pending.ids[0])         # a move: kept, no error
    assert len(session.game.choices) == 1
    frames(app)
    assert "Autosave failed: cannot write" in drawn()

    # "Save" to a chosen name fails on its own screen, with the folder and the reason
    app.push(SaveScreen(app))
    frames(app)
    click(app, app.top.save_button)
    assert isinstance(app.top, SaveScreen)
    assert app.top.message == (f"Could not save: cannot write {app.top.path()} "
                               f"(Not a directory: {saves_dir()}).")
    assert app.top.message_error
    app.pop()

    # the folder is fixed: the next move's save is written and the notice goes
    blocker.unlink()
    session.choose(session.game.pending.ids[0])
    assert session.flush_autosave(10.0)
    frames(app)
    assert app.top.autosave_notice() is None
    assert "Autosave failed" not in drawn()
    assert autosave_path().exists()


def test_the_settings_screen_lists_the_folders(app) -> None:
    app.push(SettingsScreen(app))
    frames(app)
    text = text_mod.DRAWN
    assert "Folders" in text
    for folder in folders():
        assert folder.label in text and str(folder.path) in text
