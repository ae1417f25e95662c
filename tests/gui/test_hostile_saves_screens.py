"""Hostile save files through the real screens (issue 26 item 1), headless, with real pygame
events: on the Load screen (select the file: the preview says why it cannot be loaded; Load;
Review), and Continue on the title screen with a hostile autosave.  Each time the app does
not crash, the refusal naming the file and the reason is shown on that screen, and the
current game and the autosave file's bytes are unchanged.  The corpus is
tests/hostile_corpus.py (the same files tests/test_hostile_saves.py loads directly)."""
from __future__ import annotations

import shutil
from pathlib import Path

import hostile_corpus as corpus
import pytest

from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens.files import LoadScreen
from vast_desktop.screens.menu import PauseMenu
from vast_desktop.screens.table import TableScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.settings import autosave_path, saves_dir

from .test_screens import button_named, click, frames, knight_vs_cave

SPECIAL = {"symlink-dev-zero", "symlink-dev-null", "symlink-dangling", "fifo", "folder", "unreadable"}
LISTED = [name for name, _ in corpus.CASES if name not in SPECIAL]


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's pygame session are dead after pygame.quit()."""
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


def _remove(p: Path) -> None:
    if p.is_dir() and not p.is_symlink():
        shutil.rmtree(p)
    else:
        p.unlink()


def _clear(folder: Path) -> None:
    for p in folder.iterdir():
        _remove(p)


def _last_error(app) -> str:
    errors = [t.message for t in app.toasts if t.error]
    assert errors, "no error message shown"
    return errors[-1]


def _drawn() -> str:
    return " ".join(text_mod.DRAWN)


def test_the_load_screen_refuses_every_hostile_save_and_the_game_goes_on(app) -> None:
    knight_vs_cave(app)
    session = app.session
    choices = list(session.game.choices)
    autosave = autosave_path().read_bytes()
    app.push(PauseMenu(app))
    frames(app)
    click(app, button_named(app, "Load game"))
    load = app.top
    assert isinstance(load, LoadScreen)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in LISTED:
        _clear(folder)
        path = corpus.build(name, folder)
        before = path.read_bytes()
        load.selected = None
        load.resize(app.size)
        frames(app, 1)
        click(app, load.file_list.item_list[0]["button_element"])          # the preview
        assert load.current() == path, name
        drawn = _drawn()
        assert "This save cannot be loaded:" in drawn and f"{name}.json:" in drawn, (name, drawn)
        click(app, load.load_button)                                       # Load
        assert app.top is load and app.session is session, name
        message = _last_error(app)
        assert message.startswith("Cannot load: ") and str(path) in message, (name, message)
        assert corpus.REASONS[name] in message, (name, message)
        click(app, button_named(app, "Review"))                            # Review
        assert app.top is load and app.session is session, name
        assert str(path) in _last_error(app) and corpus.REASONS[name] in _last_error(app), name
        assert path.read_bytes() == before, name
    assert session.game.choices == choices
    assert autosave_path().read_bytes() == autosave                        # nothing was written
    click(app, load.back_button)
    click(app, button_named(app, "Resume"))
    assert isinstance(app.top, TableScreen) and app.session is session


def test_special_files_are_not_listed_and_cannot_be_loaded_as_the_autosave(app, tmp_path) -> None:
    """A FIFO, a device link, a folder named *.json: not in the list; the same file as the
    autosave ("Load the autosave") is refused at once, without blocking."""
    knight_vs_cave(app)
    session = app.session
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("symlink-dev-zero", "fifo", "folder", "symlink-dangling"):
        corpus.build(name, folder)
    app.push(LoadScreen(app))
    frames(app)
    load = app.top
    assert load.file_list is None and not load.paths                     # nothing listed
    auto = autosave_path()
    kept = tmp_path / "autosave.json"
    shutil.copyfile(auto, kept)
    for name in ("symlink-dev-zero", "symlink-dev-null", "fifo", "folder"):
        _remove(auto)
        _make_autosave(name, auto)
        load.resize(app.size)
        frames(app, 1)
        click(app, button_named(app, "Load the autosave"))
        assert app.top is load and app.session is session, name
        assert str(auto) in _last_error(app) and corpus.REASONS[name] in _last_error(app), name
    _remove(auto)
    shutil.copyfile(kept, auto)
    assert app.session is session and isinstance(app.top, LoadScreen)


def _make_autosave(name: str, auto: Path) -> None:
    """Build the corpus file ``name`` at the autosave's path."""
    dict(corpus.CASES)[name](auto)


@pytest.mark.parametrize("name", ["seats-unknown-role", "seats-list", "nested-100000", "seed-5000-digits",
                                  "scenario-tiles-ints", "scenario-knight-health-string", "campaign-surrogate",
                                  "padded-200MB", "fails-at-step-5", "future-version", "symlink-dev-zero", "fifo"])
def test_continue_with_a_hostile_autosave_says_why_and_stays_on_the_title(app, name: str) -> None:
    auto = autosave_path()
    auto.parent.mkdir(parents=True, exist_ok=True)
    _make_autosave(name, auto)
    before = None if corpus.is_special(auto) else auto.read_bytes()
    app.replace(TitleScreen(app))
    frames(app)
    click(app, button_named(app, "Continue"))
    assert isinstance(app.top, TitleScreen) and app.session is None
    message = _last_error(app)
    assert message.startswith("Cannot continue: ") and str(auto) in message, message
    assert corpus.REASONS[name] in message, message
    assert "Cannot continue:" in _drawn()                                 # on the title screen
    if before is not None:
        assert auto.read_bytes() == before                                # the autosave is untouched
