"""Any seat can be a computer player (issue 7): the setup screen's Computer (Random/Easy/Hard)
choice, the seat's bot built at that level, and computer decisions made in a worker thread while
the window keeps drawing ("is thinking" in the prompt), applied on the main thread — and dropped
when an undo moved the game on meanwhile.  Saves keep the level; old saves still load."""
from __future__ import annotations

import threading
import time

import pygame_gui

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.bots.registry import LEVELS
from vast_desktop.engine import Setup
from vast_desktop.persistence import load_save
from vast_desktop.render import text as text_mod
from vast_desktop.screens.setup import SetupScreen, computer_label
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session, bot_levels, default_bot_level, seat_from_save
from vast_desktop.settings import autosave_path

from .robot import Robot
from .test_screens import choose, frames

DELAY = 0.25      # how long the slow computer player thinks over each decision


class SlowBot:
    """A seat's own bot, made to think ``DELAY`` seconds; remembers the threads it ran on."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.needs_view = inner.needs_view
        self.threads: list[int] = []

    def __call__(self, view, decision) -> str:
        self.threads.append(threading.get_ident())
        time.sleep(DELAY)
        return self.inner(view, decision)


def table(app, seats: dict[str, Seat], seed: int = 8) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=seed), seats, autosave_path())
    app.replace(TableScreen(app))
    return Robot(app)


def timed_frame(robot: Robot) -> float:
    t0 = time.perf_counter()
    robot.frames(1)
    return time.perf_counter() - t0


def test_computer_knight_thinks_off_the_ui_thread_until_the_human_cave_decides(app) -> None:
    robot = table(app, {"knight": Seat(False, "random"), "cave": Seat(True)})
    session = app.session
    screen = app.top
    assert isinstance(screen, TableScreen)
    slow = SlowBot(session.bots["knight"])
    session.bots["knight"] = slow
    saw_thinking, said_thinking, n = False, False, 0
    during: list[float] = []            # frames drawn while the bot was thinking before and after them
    while not session.human_to_decide and n < 2000:
        thinking = screen.thinking is not None
        took = timed_frame(robot)
        if thinking and screen.thinking is not None:
            during.append(took)
        saw_thinking |= thinking
        # the prompt line says so (the frame's drawn text is kept until the next frame)
        said_thinking |= any("The Knight (Computer, Random) is thinking" in t for t in text_mod.DRAWN)
        n += 1
    assert session.human_to_decide and session.decider == "cave"
    assert slow.threads and threading.get_ident() not in slow.threads     # never on the UI thread
    assert saw_thinking
    assert said_thinking
    # the window kept drawing while the bot thought: several frames per decision, none blocked by it
    during.sort()
    assert len(during) >= 2 * len(slow.threads), (len(during), len(slow.threads))
    assert during[len(during) // 2] < DELAY / 3, during
    # every decision the bot made was applied, in order, and autosaved
    assert session.game.decider_log.count("knight") == len(slow.threads)
    assert session.flush_autosave()                 # written in the background
    saved, _ = load_save(autosave_path())
    assert saved.choices == session.game.choices
    assert screen.thinking is None


def test_an_undo_while_the_computer_thinks_drops_its_stale_choice(app) -> None:
    robot = table(app, {"knight": Seat(True), "cave": Seat(False, "random")}, seed=3)
    session = app.session
    screen = app.top
    chooser = RandomBot(5)
    for _ in range(3000):
        if session.human_to_decide:
            session.choose(chooser(None, session.game.pending))
        robot.frames(1)
        if screen.thinking is not None and session.can_undo():
            break
        if isinstance(session.bots["cave"], RandomBot):
            session.bots["cave"] = SlowBot(session.bots["cave"])
    else:
        raise AssertionError("the Cave never started thinking after an undoable Knight choice")
    before = list(session.game.choices)
    screen.undo()                                   # the Knight takes back the choice that handed over
    assert session.game.choices == before[:-1] and session.decider == "knight"
    while screen.thinking is not None:
        robot.frames(1)
    assert session.game.choices == before[:-1]      # the Cave's stale choice was not applied
    assert session.decider == "knight"
    assert session.flush_autosave()                 # written in the background
    saved, _ = load_save(autosave_path())
    assert saved.choices == before[:-1]


def seat_menu_options(menu: pygame_gui.elements.UIDropDownMenu) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def test_setup_offers_every_built_computer_level_and_the_seat_plays_it(app) -> None:
    setup = SetupScreen(app)
    app.push(setup)
    setup.toggle_role("cave")
    setup.rebuild()
    frames(app)
    options = seat_menu_options(setup.seat_menus["cave"])
    assert options == ["Human", *(computer_label(lv) for lv in bot_levels("cave"))]
    assert "Computer (Random)" in options
    assert all(lv in LEVELS for lv in bot_levels("cave"))
    # a seat not yet chosen plays the default level when made a computer
    assert setup.seat_of("knight").level == default_bot_level("knight")
    choose(app, setup.seat_menus["cave"], "Computer (Random)")
    assert setup.seats["cave"] == Seat(human=False, level="random")
    frames(app, 1)
    assert any("Cave (computer, Random)" in line for line in text_mod.DRAWN)
    setup.start()
    frames(app)
    assert isinstance(app.session.bots["cave"], RandomBot) and "knight" not in app.session.bots
    assert app.session.seat_table() == {"knight": "human", "cave": "computer:random"}


def test_saves_keep_the_computer_level_and_old_saves_load() -> None:
    assert seat_from_save("cave", "human") == Seat(True, "random")
    assert seat_from_save("cave", "computer") == Seat(False, "random")           # saves before levels
    assert seat_from_save("cave", "computer:random") == Seat(False, "random")
    assert seat_from_save("cave", "computer:genius") == Seat(False, "random")    # unknown: random
    for level in bot_levels("cave"):
        assert seat_from_save("cave", f"computer:{level}") == Seat(False, level)


def test_a_saved_computer_seat_loads_with_its_bot(tmp_path) -> None:
    s = Session.new(Setup(roles=("knight", "cave"), seed=2), {"knight": Seat(True), "cave": Seat(False, "random")})
    while not s.bot_to_move():
        s.choose(s.game.pending.ids[-1])
    path = tmp_path / "g.json"
    s.save(path)
    back = Session.load(path)
    assert back.seats["cave"] == Seat(False, "random") and back.seats["knight"].human
    assert isinstance(back.bots["cave"], RandomBot)
    ids = back.game.pending.ids
    assert back.step_bot() in ids and back.game.decider_log[-1] == "cave"
