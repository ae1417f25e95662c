"""The table's Suggest button (issue 27, item 10), pressed with real pygame events: the suggested
option is highlighted like a hover and its sentence is drawn, nothing is chosen; the button waits
while a computer player decides, follows the Settings' level, and is absent in the tutorial."""
from __future__ import annotations

from pathlib import Path

import pygame

from vast_desktop.bots.registry import make_bot
from vast_desktop.bots.suggest import SuggestLevel, suggest, suggestion_seed
from vast_desktop.engine import Setup, view
from vast_desktop.render import text as text_mod
from vast_desktop.screens.suggest_panel import NOT_YOURS, SuggestPanel
from vast_desktop.screens.table import TableScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.screens.tutorial import TutorialScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path

from .robot import Robot, pass_entry_curtain

SHOTS = Path("/tmp/hint_shots")


def start(app, roles, seats, seed=3, level="easy") -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0, "suggest_level": level})
    app.session = Session.new(Setup(roles=roles, seed=seed), seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    pass_entry_curtain(robot)
    return robot


def press_suggest(robot: Robot) -> SuggestPanel:
    table = robot.app.top
    assert isinstance(table, TableScreen)
    panel = table.suggest
    assert panel.button is not None and panel.button.is_enabled
    robot.click_button(panel.button)
    for _ in range(200):
        robot.frames(1)
        if panel.shown is not None or panel.job is None:
            break
    robot.frames(2)
    return panel


def expected(app):
    g = app.session.game
    d = g.pending
    return suggest(view(g, d.role), d, SuggestLevel(app.settings.suggest_level),
                   suggestion_seed(g.setup.seed, len(g.choices), d.role))


def shot(app, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / name))


def test_suggest_highlights_the_option_and_says_why_choosing_nothing(app) -> None:
    robot = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "easy")}, seed=5)
    # play on to a Knight turn with several options
    g = app.session.game
    assert g.pending is not None and g.pending.role == "knight"
    choices_before = list(g.choices)
    want = expected(app)
    text_mod.DRAWN.clear()
    panel = press_suggest(robot)
    assert panel.shown == want
    assert list(app.session.game.choices) == choices_before, "Suggest chose something"
    drawn = "\n".join(text_mod.DRAWN)
    assert "The Easy computer player would choose" in drawn
    assert want.reason.split()[0] in drawn
    table = app.top
    option = app.session.game.pending.option(want.option_id)
    spaces = [t.ref for t in option.targets if t.kind == "space"]
    if spaces:
        assert table.overlay.hover is not None and f"{table.overlay.hover[0]},{table.overlay.hover[1]}" == spaces[0]
    elif want.option_id in table.button_for:
        assert table.button_for[want.option_id].is_selected
    shot(app, "suggest_knight.png")
    # asking again for the same moment keeps the same answer; a choice makes it go
    robot.click_button(panel.button)
    robot.frames(2)
    assert panel.shown == want
    robot.perform(want.option_id)
    robot.frames(3)
    assert panel.shown is None or panel.asked_for == (id(app.session.game), len(app.session.game.choices))


def test_the_cave_gets_a_suggestion_too(app) -> None:
    robot = start(app, ("knight", "cave"), {"knight": Seat(False, "easy"), "cave": Seat(True)}, seed=6)
    helper = make_bot("cave", "easy", 1)
    for _ in range(400):
        d = app.session.game.pending
        if d is not None and d.kind.name == "CAVE_TURN" and len(d.options) > 1:
            break
        if d is not None and d.role == "cave":      # the person's other decisions, as the Easy Cave would
            app.session.choose(helper(view(app.session.game, "cave"), d))
        robot.frames(1)
    g = app.session.game
    assert g.pending is not None and g.pending.kind.name == "CAVE_TURN"
    want = expected(app)
    text_mod.DRAWN.clear()
    panel = press_suggest(robot)
    assert panel.shown == want and want.noted
    assert "The Easy computer player would choose" in "\n".join(text_mod.DRAWN)
    shot(app, "suggest_cave.png")


def test_the_button_waits_while_a_computer_decides(app) -> None:
    app.settings = app.settings.model_copy(update={"bot_pace": 3.0})      # the computer Knight waits
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=6),
                              {"knight": Seat(False, "easy"), "cave": Seat(True)}, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    table = app.top
    assert isinstance(table, TableScreen) and app.session.bot_to_move()
    assert table.suggest.button is not None and not table.suggest.button.is_enabled
    table.suggest.ask()                    # (a click cannot reach a disabled button; the panel refuses too)
    assert table.suggest.shown is None and table.suggest.job is None
    assert table.suggest.message == NOT_YOURS


def test_the_hard_level_from_settings(app) -> None:
    robot = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "easy")}, seed=5, level="hard")
    want = expected(app)
    panel = press_suggest(robot)
    assert panel.shown == want and want.level is SuggestLevel.HARD


def test_no_suggest_button_in_the_tutorial(app) -> None:
    from vast_desktop.headless.tutorial_check import title_button

    app.push(TitleScreen(app))
    robot = Robot(app)
    robot.frames(2)
    robot.click_button(title_button(app, "Tutorial"))
    screen = app.top
    assert isinstance(screen, TutorialScreen)
    robot.frames(2)
    assert screen.suggest.button is None
    assert "Suggest" not in [getattr(e, "text", None) for e in screen.elements]
