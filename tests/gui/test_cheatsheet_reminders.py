"""Cheat sheets and rule reminders on the table (issue 6, teaching items 3-4), headless,
driven with real pygame events: C (or the "Cheat sheet" button) opens the deciding role's
card, the tabs switch roles, "Full rules" opens the role's part of the reference, Esc
returns with the game unchanged; a reminder shows on its decision, a click dismisses it
and it does not come back in that game; with the setting off none shows; none and no
cheat sheet on the hand-off curtain."""
from __future__ import annotations

import pygame

from vast_desktop.engine import Setup
from vast_desktop.screens.cheatsheet import FULL_RULES, CheatSheetScreen
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.rules_screen import RulesScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path
from vast_desktop.teach.cheatsheets import load_teaching_cards

from .robot import Robot
from .test_rules_screen import link_centre


def table(app, roles=("knight", "cave"), humans=("knight",), reminders=True, seed=3) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0, "reminders": reminders})
    seats = {r: Seat(r in humans) for r in roles}
    app.session = Session.new(Setup(roles=roles, seed=seed), seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def game_key(app) -> tuple:
    g = app.session.game
    return len(g.choices), g.pending, app.session.viewer


def sheet(app) -> CheatSheetScreen:
    top = app.top
    assert isinstance(top, CheatSheetScreen), type(top).__name__
    return top


def test_c_opens_the_deciding_roles_sheet_tabs_switch_full_rules_and_esc_changes_nothing(app) -> None:
    robot = table(app)
    t = robot.table
    robot.close_reminders()
    before = game_key(app)
    robot.key(pygame.K_c)
    screen = sheet(app)
    assert screen.role == "knight" and set(screen.tabs) == {"knight", "cave"}
    assert "The Knight" in screen.text_box.html_text and "How to win" in screen.text_box.html_text
    robot.click(screen.tabs["cave"].rect.center)
    assert screen.role == "cave" and "The Cave" in screen.text_box.html_text
    robot.key(pygame.K_TAB)                                     # Tab: the next role, round again
    assert screen.role == "knight"
    robot.key(pygame.K_TAB)
    assert screen.role == "cave"
    robot.key(pygame.K_h)                                       # H: the rules at this role's part
    assert isinstance(app.top, RulesScreen) and app.top.current.id == "cave"
    robot.key(pygame.K_ESCAPE)
    robot.click(link_centre(screen.text_box, FULL_RULES))       # the link in the card
    assert isinstance(app.top, RulesScreen) and app.top.current.id == "cave"
    robot.key(pygame.K_ESCAPE)
    assert app.top is screen
    robot.click(screen.rules_btn.rect.center)                   # the "Full rules" button
    assert isinstance(app.top, RulesScreen) and app.top.current.id == "cave"
    robot.key(pygame.K_ESCAPE)
    robot.key(pygame.K_ESCAPE)
    assert app.top is t and not t.suspended and game_key(app) == before
    robot.click(t.sheet_btn.rect.center)                        # the button beside Fit map
    assert sheet(app).role == "knight"
    robot.key(pygame.K_c)                                       # C closes it too
    assert app.top is t and game_key(app) == before
    robot.perform(next(i for i in t.index.decision.ids if i != "end:"))    # the game goes on
    assert len(app.session.game.choices) == before[0] + 1


def test_the_caves_turn_shows_crystal_tiles_first_once_dismissed_by_a_click(app) -> None:
    """CV-04 reminder: the human Cave's own turn; "More" opens its section; "Got it" closes it
    and it does not come back in that game."""
    robot = table(app, humans=("cave",))
    t = robot.table
    want = load_teaching_cards().reminder("cave_crystal_tiles_first")
    shown: list[str] = []
    for _ in range(400):                          # the computer Knight plays; the Cave fills edges
        g = app.session.game
        current = t.reminders.current
        if current is not None:
            shown.append(current.id)
            if current.id == want.id:
                break
            robot.click(t.reminders.ok_btn.rect.center)
            continue
        if g.pending is not None and g.pending.role == "cave":
            robot.perform(next(i for i in g.pending.ids if not i.startswith("omen:")))
        else:
            robot.frames(1)
    assert t.reminders.current == want and app.session.game.pending.kind == "cave_turn"
    assert len(shown) == len(set(shown))                         # each shown once
    assert t.reminders.more_btn is not None and t.reminders.more_btn.visible
    robot.click(t.reminders.more_btn.rect.center)
    assert isinstance(app.top, RulesScreen) and app.top.current.id == want.section
    robot.key(pygame.K_ESCAPE)
    assert app.top is t and t.reminders.current == want         # still there until dismissed
    robot.click(t.reminders.ok_btn.rect.center)
    assert t.reminders.current is None or t.reminders.current.id != want.id
    robot.close_reminders()
    # play on to the Cave's next turn: the reminder does not come back
    turns = 0
    for _ in range(2000):
        g = app.session.game
        if g.outcome is not None or turns == 2:
            break
        assert t.reminders.current is None or t.reminders.current.id not in shown
        if t.reminders.current is not None:
            shown.append(t.reminders.current.id)
            robot.click(t.reminders.ok_btn.rect.center)
            continue
        if g.pending is not None and g.pending.role == "cave":
            ids = [i for i in g.pending.ids if not i.startswith("omen:")]
            if g.pending.kind == "cave_turn" and "end:" in ids:
                turns += 1
                robot.perform("end:")
            else:
                robot.perform(ids[0])
        else:
            robot.frames(1)
    assert turns == 2 or app.session.game.outcome is not None


def test_with_the_setting_off_no_reminder_shows(app) -> None:
    robot = table(app, reminders=False)
    t = robot.table
    for _ in range(3):
        assert t.reminders.current is None and not t.reminders.elements
        robot.perform(next(i for i in t.index.decision.ids if i != "end:"))
    robot.perform("end:") if "end:" in t.index.decision.ids else None
    robot.frames(5)
    assert t.reminders.current is None and not t.reminders.elements


def test_setting_off_saved_in_settings_drops_a_showing_reminder(app) -> None:
    robot = table(app)
    t = robot.table
    assert t.reminders.current is not None                       # the Knight's turn: a reminder
    app.apply_settings(app.settings.model_copy(update={"reminders": False}))
    robot.frames(2)
    assert t.reminders.current is None and not t.reminders.elements
    from vast_desktop.settings import load_settings
    assert load_settings().reminders is False


def test_no_reminder_and_no_cheat_sheet_on_the_curtain(app) -> None:
    robot = table(app, humans=("knight", "cave"))
    t = robot.table
    assert isinstance(app.top, HandoffScreen) and app.top.role == "knight"   # every entry starts behind the curtain
    robot.key(pygame.K_SPACE)
    robot.frames(2)
    for _ in range(60):
        if isinstance(app.top, HandoffScreen):
            break
        robot.close_reminders()
        d = app.session.game.pending
        robot.perform(next((i for i in d.ids if i != "end:"), d.ids[0]))
    curtain = app.top
    assert isinstance(curtain, HandoffScreen)
    before = game_key(app)
    assert all(not e.visible for e in t.reminders.elements)     # the Knight's, if any, hidden
    robot.key(pygame.K_c)
    assert app.top is curtain and game_key(app) == before
    robot.frames(3)
    assert all(not e.visible for e in t.reminders.elements)
    robot.key(pygame.K_SPACE)                                    # the Cave takes the seat
    robot.frames(3)
    assert app.top is t and app.session.viewer == "cave"
    current = t.reminders.current
    assert current is None or current.concerns("cave")


def test_the_sheet_names_the_bonus_cards_in_play(app) -> None:
    """Issue 28: in a game with bonus variants the table's cheat sheet (C) lists each role's bonus
    cards in play — the Goblins' Schemes and how they are paid for — and a plain game's does not."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0, "reminders": False})
    seats = {"knight": Seat(True), "goblins": Seat(False)}
    app.session = Session.new(Setup(roles=("knight", "goblins"), seed=3, variants=("schemes", "promo-treasures")),
                              seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    robot.key(pygame.K_c)
    screen = sheet(app)
    assert "Bonus cards in play" in screen.text_box.html_text and "Cursed Amulet" in screen.text_box.html_text
    assert "Quake!" not in screen.text_box.html_text                  # promo-events is not in play
    robot.click(screen.tabs["goblins"].rect.center)
    assert "paid with Treasure or by discarding a Scheme" in screen.text_box.html_text
    robot.key(pygame.K_ESCAPE)
    robot = table(app, roles=("knight", "goblins"), reminders=False)
    robot.key(pygame.K_c)
    assert "Bonus cards in play" not in sheet(app).text_box.html_text
