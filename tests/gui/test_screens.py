"""Headless tests of the setup, settings, save/load, pause-menu and game-over screens,
driven with real pygame events (mouse clicks at the controls' centres, keys)."""
from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens.files import LoadScreen, SaveScreen
from vast_desktop.screens.gameover import GameOverScreen, headline
from vast_desktop.screens.menu import PauseMenu
from vast_desktop.screens.settings_screen import SettingsScreen
from vast_desktop.screens.setup import SetupScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.session import Seat
from vast_desktop.settings import load_settings, saves_dir


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's pygame session are dead after pygame.quit()."""
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


# ---------------------------------------------------------------- real input
def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click_at(app, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def click(app, element) -> None:
    assert element.alive() and element.visible, f"{element} is not on the screen"
    click_at(app, element.rect.center)


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


def button_named(app, text: str) -> pygame_gui.elements.UIButton:
    """The visible button of the top screen with this text."""
    top = app.top
    found = [e for e in top.elements if isinstance(e, pygame_gui.elements.UIButton) and e.text == text and e.visible]
    assert found, f"no {text!r} button on {top.name}: {[getattr(e, 'text', '') for e in top.elements]}"
    return found[0]


def choose(app, menu: pygame_gui.elements.UIDropDownMenu, option: str) -> None:
    """Open a drop-down with a click, then click one of its options."""
    click(app, menu)
    state = menu.current_state
    lst = getattr(state, "options_selection_list", None)
    assert lst is not None, "the drop-down did not open"
    item = next(i for i in lst.item_list if i["text"] == option)
    assert item["button_element"] is not None
    click(app, item["button_element"])
    frames(app, 3)                   # the drop-down announces its change a frame or two later
    assert menu.selected_option[0] == option


def title(app) -> None:
    app.replace(TitleScreen(app))
    frames(app)


def knight_vs_cave(app) -> None:
    """A human Knight against a computer Cave that waits (a long computer pace)."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.new_game(Setup(roles=("knight", "cave"), seed=4), {"knight": Seat(True), "cave": Seat(False)})
    frames(app)


# ---------------------------------------------------------------- setup
def test_knight_vs_cave_is_set_up_by_clicks(app) -> None:
    title(app)
    click(app, button_named(app, "New game"))
    setup = app.top
    assert isinstance(setup, SetupScreen)
    assert setup.chosen == ["knight"] and setup.config is not None
    assert "Knight (solo)" in text_mod.DRAWN
    assert "Recommended for a first game" in text_mod.DRAWN          # the solo variant is recommended
    # the title's buttons are hidden while the setup is on top
    assert all(not e.visible for e in app.screens[0].elements)

    click(app, setup.role_buttons["cave"])
    assert setup.chosen == ["knight", "cave"]
    assert "Knight vs Cave" in text_mod.DRAWN
    assert any("The Knight takes Flare" in line for line in text_mod.DRAWN)
    choose(app, setup.seat_menus["cave"], "Computer (Random)")
    choose(app, setup.level_menus["cave"], "Spillway (Easy)")
    assert setup.levels["cave"] == "spillway"
    seed = int(setup.seed_text)
    assert 0 <= seed < 10**6
    click(app, setup.start_button)

    session = app.session
    assert session is not None
    assert session.game.state.roles == ("knight", "cave")
    assert session.seats["knight"].human and not session.seats["cave"].human
    assert session.game.setup.seed == seed
    assert session.game.setup.difficulty["cave"] == "spillway"
    assert session.game.config.collapse_crystals == 4
    assert isinstance(app.screens[0], TableScreen)


def test_invalid_setups_disable_start(app) -> None:
    title(app)
    click(app, button_named(app, "New game"))
    setup = app.top
    assert setup.start_button.is_enabled
    click(app, setup.role_buttons["knight"])                         # no role at all
    assert setup.chosen == [] and not setup.start_button.is_enabled
    assert "Choose at least one role" in setup.error
    click(app, setup.role_buttons["cave"])                           # the Cave alone
    assert setup.chosen == ["cave"] and not setup.start_button.is_enabled
    assert "Cave cannot be played solo" in setup.error
    frames(app)
    assert any("Cave cannot be played solo" in line for line in text_mod.DRAWN)
    click(app, setup.start_button)
    assert app.session is None and app.top is setup

    # a seed must be digits; an empty one disables Start too
    click(app, setup.role_buttons["knight"])
    assert setup.start_button.is_enabled
    setup.seed_entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text="", ui_element=setup.seed_entry))
    frames(app)
    assert not setup.start_button.is_enabled and "seed" in setup.error

    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScreen)
    assert all(e.visible for e in app.top.elements)


def test_knight_solo_level_reaches_the_game(app) -> None:
    title(app)
    click(app, button_named(app, "New game"))
    setup = app.top
    assert setup.solo_menu is not None
    choose(app, setup.solo_menu, "Hard: line C")
    click(app, setup.start_button)
    assert app.session is not None
    assert app.session.game.setup.solo_level == "hard"
    assert app.session.game.config.infestation_line == "C"


# ---------------------------------------------------------------- settings
def test_settings_are_saved_and_reloaded(app) -> None:
    title(app)
    click(app, button_named(app, "Settings"))
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    click(app, screen.shared_button)
    assert screen.shared_button.text == "On"
    for _ in range(3):
        click(app, screen.pace_slider.right_button)
    click(app, screen.anim_slider.left_button)
    choose(app, screen.size_menu, "1280×720")
    click(app, screen.save_button)

    stored = load_settings()
    assert stored.shared_table is True
    assert stored.bot_pace == pytest.approx(0.9)
    assert stored.animation_speed == pytest.approx(0.75)
    assert (stored.window_width, stored.window_height) == (1280, 720)
    assert app.settings == stored
    assert app.size == (1280, 720)
    assert isinstance(app.top, TitleScreen)
    assert any("Settings saved" in t[0] for t in app.toasts)

    # reopening shows the stored values; Cancel changes nothing
    click(app, button_named(app, "Settings"))
    screen = app.top
    assert screen.shared_button.text == "On"
    assert screen.size_menu.selected_option[0].startswith("1280×720")
    click(app, screen.shared_button)
    click(app, screen.cancel_button)
    assert load_settings().shared_table is True and app.settings.shared_table is True


# ---------------------------------------------------------------- save and load
def test_save_then_load_through_the_menu(app) -> None:
    knight_vs_cave(app)
    session = app.session
    while len(session.game.choices) < 3:
        d = session.game.pending
        if d.role == "knight":
            session.choose(next(i for i in d.ids if i != "end:"))
        else:
            session.step_bot()
    frames(app)
    key(app, pygame.K_ESCAPE)                                        # the table opens the pause menu
    assert isinstance(app.top, PauseMenu)
    click(app, button_named(app, "Save game"))
    save = app.top
    assert isinstance(save, SaveScreen)
    save.entry.set_text("my game")
    click(app, save.save_button)
    path = saves_dir() / "my game.json"
    assert path.exists()
    assert json.loads(path.read_text())["choices"] == session.game.choices
    assert isinstance(app.top, PauseMenu)
    assert any("my game" in t[0] for t in app.toasts)

    # saving again under the same name asks first
    click(app, button_named(app, "Save game"))
    save = app.top
    save.entry.set_text("my game")
    click(app, save.save_button)
    assert app.top is save and save.save_button.text == "Overwrite"
    click(app, save.save_button)
    assert isinstance(app.top, PauseMenu)

    click(app, button_named(app, "Load game"))
    load = app.top
    assert isinstance(load, LoadScreen)
    labels = [i["text"] for i in load.file_list.item_list]
    assert len(labels) == 1 and labels[0].startswith("my game")
    item = load.file_list.item_list[0]["button_element"]
    click(app, item)
    assert load.current() == path
    click(app, load.load_button)
    assert app.session is not session
    assert app.session.game.choices == session.game.choices
    assert isinstance(app.top, TableScreen)


def test_corrupt_save_shows_an_error_and_changes_nothing(app) -> None:
    knight_vs_cave(app)
    session = app.session
    (saves_dir() / "broken.json").write_text("{ this is not a save", encoding="utf-8")
    app.push(PauseMenu(app))
    frames(app)
    click(app, button_named(app, "Load game"))
    load = app.top
    click(app, load.file_list.item_list[0]["button_element"])
    click(app, load.load_button)
    assert app.session is session
    assert app.top is load
    errors = [t for t in app.toasts if t[2]]
    assert errors and "broken.json" in errors[-1][0]
    click(app, load.back_button)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_ESCAPE)                                        # Esc resumes
    assert isinstance(app.top, TableScreen) and app.session is session


def test_pause_menu_title_keeps_the_autosave(app) -> None:
    knight_vs_cave(app)
    app.push(PauseMenu(app))
    frames(app)
    assert all(not e.visible for e in app.screens[0].elements)     # the table's controls are hidden
    click(app, button_named(app, "Title screen"))
    assert isinstance(app.top, TitleScreen)
    assert button_named(app, "Continue").is_enabled
    click(app, button_named(app, "Quit"))
    assert app.running is False


# ---------------------------------------------------------------- game over
def test_game_over_shows_the_winner_and_the_progress_chart(app) -> None:
    from vast_desktop.progress import progress_by_round

    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 10.0})
    app.new_game(Setup(roles=("knight", "cave"), seed=4), {"knight": Seat(False), "cave": Seat(False)})
    session = app.session
    while session.game.outcome is None:
        session.step_bot()
    frames(app, 4)
    if not isinstance(app.top, GameOverScreen):                     # the table normally opens it
        app.push(GameOverScreen(app))
        frames(app)
    over = app.top
    assert isinstance(over, GameOverScreen)
    outcome = session.game.outcome
    assert headline(outcome.winners) in text_mod.DRAWN
    assert outcome.reason in text_mod.DRAWN
    assert "Knight Health" in text_mod.DRAWN and "Cave Omen tokens" in text_mod.DRAWN

    series = progress_by_round(session.game)
    rounds = session.game.state.round
    assert set(series) == {"Knight Health", "Knight Grit", "Crystals smashed", "Tiles on the map",
                           "Crystal tiles collapsed", "Cave Omen tokens"}
    assert all(len(v) == rounds for v in series.values())
    assert series["Knight Health"][0] == session.game.config.knight_health
    assert series["Tiles on the map"][0] == 5                      # the Entrance and the four Dark tiles
    assert over.data.end["Crystal tiles collapsed"] == session.game.state.crystal_tiles_removed

    # hovering the chart reads a round's values
    pygame.mouse.set_pos(over.plot.center)
    frames(app)
    assert any(line.startswith("Start of round") for line in text_mod.DRAWN)

    click(app, over.back_button)
    assert isinstance(app.top, TableScreen)
    frames(app, 3)
    assert isinstance(app.top, TableScreen)                          # it does not pop up again
    app.push(GameOverScreen(app))
    frames(app)
    click(app, button_named(app, "New game"))
    assert isinstance(app.top, SetupScreen) and len(app.screens) == 1
    click(app, app.top.back_button)
    assert isinstance(app.top, TitleScreen)


def test_progress_for_a_solo_knight_has_only_its_series() -> None:
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.engine import new_game
    from vast_desktop.progress import progress

    g = new_game(Setup(roles=("knight",), seed=2, solo_level="easy"))
    bot = RandomBot(5)
    while g.outcome is None and len(g.choices) < 400:
        g.apply(bot(None, g.pending))
    p = progress(g)
    assert "Cave Omen tokens" not in p.series and "Knight Health" in p.series
    assert p.rounds == list(range(1, g.state.round + 1))


def test_settings_from_the_table_relayout_the_screens_below(app) -> None:
    knight_vs_cave(app)
    key(app, pygame.K_ESCAPE)
    click(app, button_named(app, "Settings"))
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    choose(app, screen.size_menu, "1280×720")
    click(app, screen.save_button)
    assert isinstance(app.top, PauseMenu) and app.size == (1280, 720)
    assert all(e.visible for e in app.top.elements)
    assert all(e.rect.right <= 1280 and e.rect.bottom <= 720 for e in app.top.elements)
    table = app.screens[0]
    assert all(not e.visible for e in table.elements)              # still covered by the menu
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    assert table.panel.right == 1280 and table.prompt.bottom == 720
