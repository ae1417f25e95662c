"""Privacy on every entry (issue 27, item 1): whenever the screen would show a person's private
view after anything other than that same person's last action, the curtain comes first.

The table is entered every way there is — a new game, Continue, Load, a computer's turn between
two people's, the curtains switched on in Settings — in games of 2 to 5 people.  Until the
curtain is passed, every frame may draw only what the public may read: no word that
:func:`tests.test_privacy.forbidden_words` forbids the public (hidden card names and ids, the
types of Dark tiles …) appears in any text drawn, and the map and boards are drawn from the
public view.  Undo is a person's own action: after it, the screen shows only the person who
undid (or the curtain).
"""
from __future__ import annotations

import random

import pygame
import pytest
from test_privacy import word_leaks

from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat
from vast_desktop.settings import autosave_path

from .robot import Robot

TABLES = {
    2: ("knight", "cave"),
    3: ("knight", "goblins", "cave"),
    4: ("knight", "goblins", "dragon", "cave"),
    5: ("knight", "goblins", "dragon", "cave", "thief"),
}


def quick(app) -> None:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})


def play(app, n: int, seed: int = 1) -> None:
    """``n`` random choices straight through the session (no screen)."""
    chooser = random.Random(seed)
    s = app.session
    for _ in range(n):
        d = s.game.pending
        if d is None:
            return
        s.choose(chooser.choice(d.ids))


def curtain_first(app, frames: int = 4) -> str:
    """Draw frames until the curtain is up, checking each draws only public things; then pass
    it.  Returns the role the curtain was for."""
    robot = Robot(app)
    s = app.session
    for _ in range(frames):
        robot.frames(1)
        drawn = list(text_mod.DRAWN)
        leaks = word_leaks(s.game, None, drawn)
        assert not leaks, f"drawn before the curtain was passed: {leaks[:3]}"
        table = next((x for x in app.screens if isinstance(x, TableScreen)), None)
        if table is not None and table.view is not None:
            assert table.view.viewer is None, f"the table shows the {table.view.viewer}'s view before the curtain"
        if isinstance(app.top, HandoffScreen):
            break
    curtain = app.top
    assert isinstance(curtain, HandoffScreen), f"no curtain: {type(curtain).__name__} is on top"
    assert s.viewer is None
    role = curtain.role
    assert role == s.decider
    robot.key(pygame.K_SPACE)
    assert not isinstance(app.top, HandoffScreen) and s.viewer == role
    return role


def humans(roles: tuple[str, ...]) -> dict[str, Seat]:
    return {r: Seat(True) for r in roles}


@pytest.mark.parametrize("n", sorted(TABLES))
def test_a_new_game_opens_behind_the_curtain(app, n: int) -> None:
    quick(app)
    roles = TABLES[n]
    app.new_game(Setup(roles=roles, seed=n), humans(roles))
    assert curtain_first(app) == app.session.decider


@pytest.mark.parametrize("n", sorted(TABLES))
def test_continue_and_load_open_behind_the_curtain(app, n: int, tmp_path) -> None:
    quick(app)
    roles = TABLES[n]
    app.new_game(Setup(roles=roles, seed=10 + n), humans(roles))
    curtain_first(app)
    play(app, 25, seed=n)
    # the seated person's view is on the screen now; Continue must not open on it
    app.session.flush_autosave()
    path = tmp_path / "mid.json"
    app.session.save(path)
    assert app.continue_game()
    curtain_first(app)
    assert app.load_game(path)
    curtain_first(app)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_computer_turn_between_people_brings_the_curtain(app, n: int) -> None:
    """People's seats plus one computer: after the computer acts, the next person to decide —
    even the one who acted before it — sees the curtain first, and while the computer plays
    the screen shows the public view."""
    quick(app)
    roles = (*TABLES[n], "thief") if n < 5 else TABLES[n]
    seats = {r: Seat(r != "thief") for r in roles}
    app.new_game(Setup(roles=roles, seed=30 + n), seats)
    s = app.session
    curtain_first(app)
    robot = Robot(app)
    chooser = random.Random(n)
    for _ in range(400):
        if s.game.outcome is not None or computer_turns(s) >= 3:
            break
        if s.viewer is None and s.decider in s.humans:         # someone else acted last: the curtain first
            curtain_first(app, frames=6)
            continue
        if s.bot_to_move():
            robot.frames(1)
            assert s.viewer is None, "a person's view stays on the screen while the computer plays"
            leaks = word_leaks(s.game, None, list(text_mod.DRAWN))
            assert not leaks, leaks[:3]
            continue
        d = s.game.pending
        assert d is not None and d.role == s.viewer
        s.choose(chooser.choice(d.ids))
        robot.frames(1)          # a quick computer player may move within this frame
    assert computer_turns(s) >= 3


def computer_turns(s) -> int:
    """How often a computer decided right after a person (from the game's decider log)."""
    log = s.game.decider_log
    return sum(1 for a, b in zip(log, log[1:], strict=False) if a in s.humans and b not in s.humans)


def test_switching_the_curtains_on_hides_the_open_view(app) -> None:
    quick(app)
    app.settings = app.settings.model_copy(update={"shared_table": True})
    roles = TABLES[3]
    app.new_game(Setup(roles=roles, seed=4), humans(roles))
    robot = Robot(app)
    robot.frames(2)
    assert not isinstance(app.top, HandoffScreen) and app.session.viewer == app.session.decider   # an open table
    app.apply_settings(app.settings.model_copy(update={"shared_table": False}))
    curtain_first(app)


def test_undo_shows_only_the_person_who_undid(app) -> None:
    quick(app)
    roles = TABLES[2]
    app.new_game(Setup(roles=roles, seed=2), humans(roles))
    s = app.session
    me = curtain_first(app)
    robot = Robot(app)
    chooser = random.Random(2)
    undone = 0
    for _ in range(60):
        if isinstance(app.top, HandoffScreen):
            me = curtain_first(app)
            continue
        d = s.game.pending
        assert d is not None
        s.choose(chooser.choice(d.ids))
        if s.can_undo():
            s.undo()
            undone += 1
            robot.frames(1)
            assert s.viewer in (me, None)
            if s.viewer is None:
                me = curtain_first(app)
            assert s.viewer == s.decider
        robot.frames(1)
    assert undone >= 3


def test_the_autosave_of_a_people_game_continues_behind_the_curtain_after_a_restart(app) -> None:
    """The app quits on a person's view; the next launch's Continue opens on the curtain."""
    quick(app)
    roles = TABLES[4]
    app.new_game(Setup(roles=roles, seed=9), humans(roles))
    curtain_first(app)
    play(app, 12, seed=9)
    assert app.flush_autosave()
    from vast_desktop.app import App

    again = App(size=(1280, 720))
    quick(again)
    assert autosave_path().exists()
    assert again.continue_game()
    curtain_first(again)
