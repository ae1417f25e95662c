"""The rules reference overlay (issue 6), headless, driven with real pygame events: F1/H
from the title and the table, the title's Rules button, searching by typing, opening a
result and following a link by clicking, the "?" beside the prompt opening the pending
decision's section, Esc returning to the screen underneath with the game unchanged, the
hand-off curtain revealing nothing, and every section rendering in the text box."""
from __future__ import annotations

import warnings

import pygame
import pygame_gui

from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.rules_screen import RulesScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path
from vast_desktop.teach.reference import load_reference

from .robot import Robot


def title(app) -> Robot:
    app.push(TitleScreen(app))
    robot = Robot(app)
    robot.frames(2)
    return robot


def table(app, roles=("knight",), seats=None, solo_level="easy") -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    seats = seats or {"knight": Seat(True)}
    app.session = Session.new(Setup(roles=roles, seed=3, solo_level=solo_level), seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def rules(app) -> RulesScreen:
    top = app.top
    assert isinstance(top, RulesScreen), type(top).__name__
    return top


def type_text(robot: Robot, text: str) -> None:
    """Type as a person would: a key press and its text input per character."""
    for ch in text:
        key = pygame.key.key_code(ch) if ch != " " else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0))
        robot.frames(1)
    robot.frames(2)


def link_centre(box: pygame_gui.elements.UITextBox, href: str) -> tuple[int, int]:
    base_x, base_y = box._calculate_hyperlinks_offsets()
    for chunk in box.link_hover_chunks:
        if chunk.href == href:
            rect = pygame.Rect((base_x + chunk.x, base_y + chunk.y), chunk.size)
            if box.rect.contains(rect):
                return rect.center
    raise AssertionError(f"no visible link to {href!r}")


def click_row(robot: Robot, screen: RulesScreen, section_id: str) -> None:
    """Click the list row of a section (the list posts its selection a frame after the press)."""
    row = screen.listed.index(section_id)
    button = screen.listing.item_list[row]["button_element"]
    assert button is not None, f"row {row} is scrolled out of view"
    robot.click(button.rect.center)
    robot.frames(2)


def game_key(app) -> tuple:
    g = app.session.game
    return len(g.choices), g.pending, app.session.viewer


def test_f1_and_h_from_the_title_open_the_rules_and_esc_returns(app) -> None:
    robot = title(app)
    below = app.top
    robot.key(pygame.K_F1)
    screen = rules(app)
    assert screen.current.id == "general"
    assert below.suspended
    robot.key(pygame.K_ESCAPE)
    assert app.top is below and not below.suspended
    robot.key(pygame.K_h)
    rules(app)
    robot.key(pygame.K_F1)                  # F1 again closes it
    assert app.top is below


def test_rules_button_on_the_title(app) -> None:
    robot = title(app)
    button = next(e for e in app.top.elements if getattr(e, "text", "") == "Rules")
    robot.click(button.rect.center)
    assert isinstance(app.top, RulesScreen)
    robot.click(rules(app).back_btn.rect.center)
    assert isinstance(app.top, TitleScreen)


def test_search_by_typing_then_open_a_result_and_follow_a_link(app) -> None:
    robot = title(app)
    robot.key(pygame.K_F1)
    screen = rules(app)
    robot.click(screen.search_box.rect.center)
    type_text(robot, "hero cube")            # the "h" goes into the box: the rules stay open
    assert rules(app) is screen
    assert screen.search_box.get_text() == "hero cube"
    ids = [s.id for s, _ in screen.results]
    assert ids and ids[0] == "knight.hero_cubes"
    assert screen.listed == ids
    assert "<b>Hero</b> <b>cube" in screen.text_box.html_text
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    robot.frames(2)                          # a resize rebuilds the screen and keeps the search
    assert screen.search_box.get_text() == "hero cube" and screen.listed == ids
    assert "<b>Hero</b> <b>cube" in screen.text_box.html_text
    click_row(robot, screen, "knight.hero_cubes")
    assert screen.current.id == "knight.hero_cubes"
    assert screen.text_box.html_text == load_reference().html("knight.hero_cubes")
    robot.click(screen.contents_btn.rect.center)
    assert screen.query == "" and "knight.hero_cubes" in screen.listed
    robot.click(link_centre(screen.text_box, "knight.equipment"))
    assert screen.current.id == "knight.equipment"
    click_row(robot, screen, "goblins")         # browse by role: the Goblins' part opens, nested
    assert screen.current.id == "goblins"
    assert "goblins.scatter" in screen.listed and "knight.grit" not in screen.listed


def test_question_mark_opens_the_pending_decisions_section_and_esc_changes_nothing(app) -> None:
    robot = table(app)
    t = robot.table
    d = t.index.decision
    assert d is not None
    want = load_reference().for_decision(d).id
    before = game_key(app)
    robot.click(t.rules_btn.rect.center)
    screen = rules(app)
    assert screen.current.id == want and want == load_reference().decision_section_id(d)
    robot.key(pygame.K_ESCAPE)
    assert app.top is t and not t.suspended
    assert game_key(app) == before
    robot.key(pygame.K_F1)                   # F1 on the table: the same section
    assert rules(app).current.id == want
    robot.key(pygame.K_ESCAPE)
    assert game_key(app) == before
    choice = next(i for i in d.ids if i != "end:")
    robot.perform(choice)                    # the game goes on
    assert len(app.session.game.choices) == before[0] + 1


def test_on_the_curtain_the_rules_reveal_nothing(app) -> None:
    robot = table(app, roles=("knight", "cave"), seats={"knight": Seat(True), "cave": Seat(True)}, solo_level=None)
    for _ in range(50):
        if isinstance(app.top, HandoffScreen):
            break
        d = app.session.game.pending
        robot.perform(next((i for i in d.ids if i != "end:"), d.ids[0]))
    curtain = app.top
    assert isinstance(curtain, HandoffScreen)
    before = game_key(app)
    robot.key(pygame.K_h)
    screen = rules(app)
    assert screen.current.id == "general"             # the contents, not the hidden player's decision
    robot.frames(1)
    assert not any("Pass to" in s or "Since you last looked" in s for s in text_mod.DRAWN)
    assert all(not e.visible for e in curtain.elements)
    robot.key(pygame.K_ESCAPE)
    assert app.top is curtain and game_key(app) == before


def test_every_section_renders_in_the_text_box(app) -> None:
    robot = title(app)
    robot.key(pygame.K_F1)
    screen = rules(app)
    ref = load_reference()
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # an unsupported tag or a font loaded late would warn
        for n, sid in enumerate(ref.sections):
            screen.open(sid)                    # set_text lays out and renders the whole text
            if n % 10 == 0:
                robot.frames(1)
            assert screen.text_box.html_text == ref.html(sid, app.settings.ui_scale)
            assert screen.text_box.alive()


def test_setup_screen_h_not_while_typing_and_game_over(app) -> None:
    """H or F1 on the setup screen (H typed into a text field stays there) and on game over."""
    from vast_desktop.screens.gameover import GameOverScreen
    from vast_desktop.screens.setup import SetupScreen

    robot = title(app)
    button = next(e for e in app.top.elements if getattr(e, "text", "") == "New game")
    robot.click(button.rect.center)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    robot.click(setup.seed_entry.rect.center)          # typing in the seed field: H is a keystroke there
    robot.key(pygame.K_h)
    assert app.top is setup
    robot.key(pygame.K_F1)                             # F1 is never text
    rules(app)
    robot.key(pygame.K_ESCAPE)
    assert app.top is setup

    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 10.0})
    app.new_game(Setup(roles=("knight", "cave"), seed=4), {"knight": Seat(False), "cave": Seat(False)})
    while app.session.game.outcome is None:
        app.session.step_bot()
    robot.frames(4)
    if not isinstance(app.top, GameOverScreen):        # the table normally opens it
        app.push(GameOverScreen(app))
        robot.frames(2)
    over = app.top
    robot.key(pygame.K_h)
    rules(app)
    robot.key(pygame.K_ESCAPE)
    assert app.top is over
