"""The table's log after an undo and after a replaced game (issue 27 item A), headless, through
the real table: after every step the log's lines are exactly the current game's log for the
person looking (``engine.view(game, viewer).log``) — an undone line goes, the next real line
shows at once, and a loaded (replayed) game shows its own log, not the old one's tail."""
from __future__ import annotations

import pygame

from vast_desktop.engine import Setup, view
from vast_desktop.engine.api import replay
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path

from .robot import Robot


def start(app, roles, humans, seed, solo_level=None) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    seats = {r: Seat(r in humans) for r in roles}
    app.session = Session.new(Setup(roles=roles, seed=seed, solo_level=solo_level), seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def shown(robot: Robot) -> list[str]:
    return list(robot.table.log_box.lines)


def wanted(robot: Robot) -> list[str]:
    s = robot.app.session
    return list(view(s.game, s.viewer).log)


def test_undo_takes_the_line_back_and_the_next_move_shows_at_once(app) -> None:
    robot = start(app, ("knight",), ("knight",), seed=2, solo_level="easy")
    t = robot.table
    assert shown(robot) == wanted(robot)
    robot.perform("cube:movement")
    after_cube = wanted(robot)
    assert shown(robot) == after_cube
    robot.click(t.undo_btn.rect.center)                      # the real Undo button
    robot.frames(2)
    assert app.session.game.choices == []
    assert shown(robot) == wanted(robot)
    assert len(shown(robot)) < len(after_cube)               # the undone line is gone
    robot.perform("cube:perception")                         # another real move: its line shows now
    assert app.session.game.choices == ["cube:perception"]
    assert shown(robot) == wanted(robot)
    assert shown(robot)[-1] != after_cube[-1]                 # the new line, not the undone one
    # undo by Ctrl+Z twice over two moves, then one move: still exactly the game's log
    robot.perform(next(i for i in app.session.game.pending.ids if i.startswith("cube:")))
    robot.key(pygame.K_z, pygame.KMOD_CTRL)
    robot.key(pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.game.choices == []
    assert shown(robot) == wanted(robot)
    robot.perform("cube:movement")
    assert shown(robot) == wanted(robot) == after_cube


def test_undo_in_a_two_person_game_keeps_each_viewers_private_log(app) -> None:
    """The Knight and the Cave, both people: the log is the viewer's own (private lines
    included) before and after an undo and after the hand-off."""
    robot = start(app, ("knight", "cave"), ("knight", "cave"), seed=6)
    for _ in range(40):
        s = app.session
        if s.game.outcome is not None:
            break
        while s.needs_handoff():
            robot.key(pygame.K_SPACE)
        robot.frames(1)
        assert shown(robot) == wanted(robot)
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        robot.perform(ids[len(s.game.choices) % len(ids)])
        robot.frames(1)
        if s.needs_handoff():
            continue
        assert shown(robot) == wanted(robot)
        if s.can_undo():
            robot.click(robot.table.undo_btn.rect.center)
            robot.frames(1)
            assert shown(robot) == wanted(robot)
            d = s.game.pending
            robot.perform(d.ids[-1])                         # a different choice than before, often
            robot.frames(1)
            if not s.needs_handoff():
                assert shown(robot) == wanted(robot)


def test_a_loaded_game_shows_its_own_log(app) -> None:
    """The session's game replaced by another game object (a load, a rebuild): the log is the
    new game's, whether it is shorter, the same length or diverging."""
    robot = start(app, ("knight",), ("knight",), seed=2, solo_level="easy")
    robot.perform("cube:movement")
    robot.perform(next(i for i in app.session.game.pending.ids if i.startswith("cube:")))
    long_log = wanted(robot)
    assert shown(robot) == long_log
    g = app.session.game
    app.session.game = replay(g.setup, ["cube:perception"])  # shorter and diverging
    robot.frames(2)
    assert shown(robot) == wanted(robot) != long_log
    app.session.game = replay(g.setup, list(g.choices))      # the same game again, a new object
    robot.frames(2)
    assert shown(robot) == wanted(robot) == long_log
