"""Headless tests of the game review (issue 6), driven with real pygame events: from the game-over
screen "Review the game", Left/Right/Home/End/PageUp/PageDown, the viewer drop-down, Export log and
Back; from the Load screen "Review" on a save; a broken save refused with a message."""
from __future__ import annotations

import json

import pygame
import pytest

from vast_desktop.engine import Setup, replay, view
from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens.files import LoadScreen
from vast_desktop.screens.gameover import GameOverScreen
from vast_desktop.screens.review import PUBLIC_LABEL, ReviewScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat
from vast_desktop.settings import saves_dir

from .test_screens import button_named, choose, click, frames


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's pygame session are dead after pygame.quit()."""
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


def press(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def finished(app, roles=("knight", "cave"), seed=4):
    """A game of computer players played to its end; the game-over screen on top."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 10.0})
    app.new_game(Setup(roles=roles, seed=seed), {r: Seat(False) for r in roles})
    session = app.session
    while session.game.outcome is None:
        session.step_bot()
    frames(app, 4)
    if not isinstance(app.top, GameOverScreen):                     # the table normally opens it
        app.push(GameOverScreen(app))
        frames(app)
    return session


def log_shown(screen: ReviewScreen) -> list[str]:
    return list(screen.log_box.lines)


def test_review_from_game_over_steps_switches_viewer_and_exports(app) -> None:
    session = finished(app)
    game = session.game
    choices_before = list(game.choices)
    click(app, button_named(app, "Review the game"))
    review = app.top
    assert isinstance(review, ReviewScreen)
    n = len(game.choices)
    assert review.k == n                                              # it opens at the end
    assert any(line.startswith(f"Choice {n} of {n} — Round ") for line in text_mod.DRAWN)
    assert log_shown(review) == list(view(game, None).log)

    press(app, pygame.K_LEFT)
    assert review.k == n - 1
    expected = replay(game.setup, choices_before[:n - 1])
    assert log_shown(review) == list(view(expected, None).log)
    assert review.current().to_dict() == view(expected, None).to_dict()
    press(app, pygame.K_HOME)
    assert review.k == 0
    assert any(line.startswith("Start of the game") for line in text_mod.DRAWN)
    assert not review.step_buttons[2].is_enabled                     # nothing before the start
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert review.k == 2
    added = [line for line, e in zip(view(game, None).log, game.events, strict=True) if e.step == 2]
    assert any(line.startswith("This choice: " if added else "This choice logged nothing") for line in text_mod.DRAWN)
    assert review.current().to_dict() == view(replay(game.setup, choices_before[:2]), None).to_dict()
    press(app, pygame.K_PAGEDOWN)
    assert review.k == review.review.next_turn(2)
    press(app, pygame.K_PAGEUP)
    assert review.k == review.review.turn_start(2)
    press(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert review.k == review.review.next_turn(review.review.turn_start(2))
    click(app, button_named(app, "< Back"))
    click(app, button_named(app, "Forward >"))
    press(app, pygame.K_END)
    assert review.k == n
    assert not review.step_buttons[3].is_enabled                     # nothing after the end

    # the Cave's view: its own notes in the log, and the label of its own choices
    choose(app, review.viewer_menu, "Cave")
    assert review.viewer == "cave"
    assert log_shown(review) == list(view(game, "cave").log)
    assert any("[" in line for line in log_shown(review))           # the Cave's private notes
    assert "Viewing as: Cave" in text_mod.DRAWN
    choose(app, review.viewer_menu, PUBLIC_LABEL)
    assert review.viewer is None
    assert not any("[" in line for line in log_shown(review))

    click(app, button_named(app, "Export log"))
    files = sorted(saves_dir().glob("*.txt"))
    assert len(files) == 1 and review.exported == files[0]
    text = files[0].read_text(encoding="utf-8")
    assert "As seen by everyone" in text and "== Round 1 — the Knight's turn ==" in text
    assert text.splitlines()[-1] == view(game, None).log[-1]
    assert any(str(files[0]) in t[0] for t in app.toasts)           # the user is told where
    assert not list(saves_dir().glob(".*.tmp"))                      # written atomically, nothing left behind

    click(app, button_named(app, "Back"))
    assert isinstance(app.top, GameOverScreen)
    assert app.session is session and session.game is game and game.choices == choices_before
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TableScreen)


def test_review_a_save_from_the_load_screen_without_touching_the_game(app) -> None:
    session = finished(app, ("knight", "dragon", "cave"), 3)
    path = saves_dir() / "dragon game.json"
    session.save(path)
    app.pop()                                                         # back at the table
    frames(app)
    app.push(LoadScreen(app))
    frames(app)
    load = app.top
    click(app, load.file_list.item_list[0]["button_element"])
    assert load.current() == path
    click(app, button_named(app, "Review"))
    review = app.top
    assert isinstance(review, ReviewScreen)
    assert review.review.choices == tuple(session.game.choices)
    assert "dragon game" in text_mod.DRAWN
    press(app, pygame.K_HOME)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert review.current().to_dict() == view(replay(session.game.setup, session.game.choices[:3]), None).to_dict()
    choose(app, review.viewer_menu, "Dragon")
    assert review.board_tab == "dragon"
    press(app, pygame.K_ESCAPE)
    assert app.top is load
    assert app.session is session                                     # reviewing loads nothing


def test_a_broken_save_is_refused_with_a_message_and_nothing_changes(app) -> None:
    session = finished(app)
    app.pop()
    frames(app)
    (saves_dir() / "broken.json").write_text("{ this is not a save", encoding="utf-8")
    app.push(LoadScreen(app))
    frames(app)
    load = app.top
    click(app, load.file_list.item_list[0]["button_element"])
    click(app, button_named(app, "Review"))
    assert app.top is load and app.session is session
    errors = [t for t in app.toasts if t[2]]
    assert errors and "broken.json" in errors[-1][0] and "broken JSON" in errors[-1][0]
    foreign = saves_dir() / "foreign.json"
    foreign.write_text(json.dumps({"format": "other"}), encoding="utf-8")
    load.selected = foreign
    load.resize(app.size)
    frames(app)
    assert load.current() == foreign
    click(app, button_named(app, "Review"))
    assert app.top is load
    assert "not a Vast Desktop save" in [t for t in app.toasts if t[2]][-1][0]
