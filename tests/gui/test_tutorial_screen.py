"""The guided tutorial on the screen (issue 6): started from the title's button and finished by
posting the clicks each step asks for; leaving and resuming; a click elsewhere changes nothing."""
from __future__ import annotations

from vast_desktop.headless.tutorial_check import play_tutorial, title_button
from vast_desktop.input.controller import TableController
from vast_desktop.screens.title import TitleScreen
from vast_desktop.screens.tutorial import TutorialScreen
from vast_desktop.settings import autosave_path
from vast_desktop.teach.tutorial.runner import progress_path

from .robot import Robot


def start(app) -> tuple[Robot, TutorialScreen]:
    app.push(TitleScreen(app))
    robot = Robot(app)
    robot.frames(2)
    robot.click_button(title_button(app, "Tutorial"))
    screen = app.top
    assert isinstance(screen, TutorialScreen)
    return robot, screen


def take_step(robot: Robot, screen: TutorialScreen) -> None:
    step = screen.tutorial.step
    assert step is not None
    if step.learner:
        assert step.choice is not None
        robot.perform(step.choice)
    else:
        robot.click_button(screen.next_btn)


def test_tutorial_completed_from_the_title_by_clicks(app) -> None:
    app.push(TitleScreen(app))
    assert play_tutorial(app) == 0
    assert isinstance(app.top, TitleScreen)
    assert not progress_path().exists()            # complete: the next start is a fresh tutorial
    assert not autosave_path().exists()            # the tutorial never touches the game in progress


def test_only_the_steps_target_is_taken(app) -> None:
    robot, screen = start(app)
    robot.click_button(screen.next_btn)            # past the welcome
    t = screen.tutorial
    assert t.expected == "move:1,0"
    assert screen.next_btn.is_enabled is False
    robot.click(robot.show_space((0, 1)))          # a legal move in the game, not the one the step asks for
    assert t.index == 1 and t.game.choices == []
    screen.choose_id("move:0,1")                   # even if it reached the session: refused with the step's words
    assert t.index == 1 and t.game.choices == []
    assert app.toasts[-1][0] == t.step.say and app.toasts[-1][2] is True
    robot.perform("move:1,0")
    assert t.index == 2 and t.game.choices == ["move:1,0"]


def test_leave_and_resume_then_finish(app) -> None:
    robot, screen = start(app)
    for _ in range(9):
        take_step(robot, screen)
    done = list(screen.tutorial.game.choices)
    robot.click_button(screen.leave_btn)
    assert isinstance(app.top, TitleScreen) and app.session is None
    assert progress_path().exists()
    robot.click_button(title_button(app, "Tutorial"))
    back = app.top
    assert isinstance(back, TutorialScreen)
    assert back.tutorial.index == 9 and back.tutorial.game.choices == done
    while not back.tutorial.finished:
        take_step(robot, back)
    robot.click_button(back.next_btn)              # Done
    assert isinstance(app.top, TitleScreen)


def test_check_names_the_step_where_it_sticks(app, monkeypatch, capsys) -> None:
    """The headless check fails (exit 1) naming the step when the clicks it posts do not move the tutorial on."""
    # clicks reach nothing: every choice (map, board, buttons) goes through the table's controller
    monkeypatch.setattr(TableController, "choose", lambda self, option_id: None)
    app.push(TitleScreen(app))
    assert play_tutorial(app) == 1
    assert "stuck at step 2 (move:1,0)" in capsys.readouterr().err


def test_no_reminders_over_the_tutorial_even_when_they_are_on(app) -> None:
    """The coach explains every step, so the reminders of easily forgotten rules (on in the
    settings here) stay off in the tutorial — while the same setting shows them at a table."""
    app.settings = app.settings.model_copy(update={"reminders": True})
    robot, screen = start(app)
    for _ in range(35):                           # through the Cave's turn (its Crystal-tiles-first reminder)
        take_step(robot, screen)
        assert screen.reminders.current is None
    assert not screen.reminders.enabled
