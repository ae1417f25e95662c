"""Issue 25, item 2 at the table: a refused click shows the rule check's sentence — never a raw
rule code — with a "Rule" link under it that opens the rules reference at the rule's section,
by a click on the link or by F1/H while the toast shows (headless, real posted events)."""
from __future__ import annotations

import re

import pygame

from vast_desktop.engine import load_scenario
from vast_desktop.screens.rules_screen import RulesScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.teach.reference import load_reference

from .robot import Robot
from .test_explanations_table import TILES, at_table, centre, knight_facing_fangs

RULE_CODE = re.compile(r"\b[A-Z]{2,4}-\d{2,3}\b")
STRENGTH = "Your Strength 1 must be greater than the Fangs Tribe's Strength 3."


def test_KN_56_the_refusals_rule_link_opens_the_rules_at_its_section(app) -> None:
    """KN-56: clicking the stronger Fangs Tribe's space shows the step check's sentence with a link
    to the section citing KN-56; clicking the link opens the rules reference there, Esc returns to
    the table unchanged and the toast is gone (it has been read)."""
    g = knight_facing_fangs()
    robot, table = at_table(app, g)
    before = list(g.choices)
    robot.click(centre(table, (1, 0)))
    (toast,) = app.toasts
    assert toast.message == STRENGTH and toast.error and not RULE_CODE.search(toast.message)
    section = load_reference().for_rule("KN-56")
    assert section is not None and "KN-56" in section.checklist and toast.section == section.id
    rect, linked = app.toast_links[-1]
    assert linked == toast and table.map_rect.colliderect(rect)      # drawn over the table, where a click reaches
    robot.click(rect.center)
    rules = app.top
    assert isinstance(rules, RulesScreen) and rules.current.id == section.id
    assert rules.listed[[i for i, item in enumerate(rules.listing.item_list) if item["selected"]][0]] == section.id
    robot.key(pygame.K_ESCAPE)
    assert app.top is table and app.toasts == [] and app.session.game.choices == before


def test_F1_while_a_refusal_shows_opens_its_rule_then_the_decisions_rules(app) -> None:
    """KN-56 from the keyboard: F1 while the refusal shows opens the rule's section; with no
    refusal on show F1 (and H) opens the rules for the decision on the prompt, as before."""
    g = knight_facing_fangs()
    robot, table = at_table(app, g)
    robot.click(centre(table, (1, 0)))
    section = app.toasts[-1].section
    robot.key(pygame.K_F1)
    assert isinstance(app.top, RulesScreen) and app.top.current.id == section
    robot.key(pygame.K_F1)                      # F1 closes the reference
    assert app.top is table and not app.toasts
    robot.key(pygame.K_h)
    assert isinstance(app.top, RulesScreen) and app.top.current.id == table.rules_section() != section


def test_DR_34_a_reason_with_a_code_in_its_words_shows_it_as_the_link(app) -> None:
    """DR-34: the Dragon's Scratch reaches only his own tile.  Whether its reason is a converted
    check's or an older sentence that still writes "(DR-34)", the toast's words hold no rule code
    and its link opens the section citing DR-34."""
    from vast_desktop.session import Seat, Session

    g = load_scenario({"setup": {"roles": ["knight", "goblins", "dragon"], "seed": 3}, "active": "dragon",
                       "tiles": TILES + [{"pos": [3, 0], "tile": "T31", "lit": True}],
                       "pieces": {"knight": [2, 0], "tribe:fangs": [2, 0], "dragon": [2, 0]},
                       "goblins": {"population": {"fangs": 2, "bones": 0, "eye": 0}},
                       "dragon": {"placed": True, "hand": ["claw", "claw", "claw"]}})
    g.apply("power:scratch")
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"dragon": Seat(True), "knight": Seat(False), "goblins": Seat(False)})
    table = TableScreen(app)
    app.replace(table)
    robot = Robot(app)
    robot.frames(3)
    app.toasts.clear()
    robot.click(centre(table, (0, 0)))
    (toast,) = app.toasts
    assert toast.message.startswith("Scratch hits only what is on your own tile, 2,0")
    assert not RULE_CODE.search(toast.message), toast.message
    section = load_reference().section(toast.section)
    assert "DR-34" in section.checklist
    robot.click(app.toast_links[-1][0].center)
    assert isinstance(app.top, RulesScreen) and app.top.current.id == section.id


def test_a_refusal_under_the_pointer_waits_for_the_click_on_its_link(app) -> None:
    """KN-56: the toast outlasts its 8 seconds while the pointer rests on it (reaching for the
    link), and the link still opens the rule; moved away, the toast goes."""
    g = knight_facing_fangs()
    robot, table = at_table(app, g)
    robot.click(centre(table, (1, 0)))
    rect = app.toast_links[-1][0]
    robot.hover(rect.center)
    for _ in range(48):                        # 12 seconds
        app.step(0.25)
    assert [t.message for t in app.toasts] == [STRENGTH]
    robot.click(app.toast_links[-1][0].center)
    assert isinstance(app.top, RulesScreen) and app.top.current.id == load_reference().for_rule("KN-56").id
    robot.key(pygame.K_ESCAPE)
    robot.click(centre(table, (1, 0)))
    robot.hover(centre(table, (0, 0)))
    for _ in range(36):                        # 9 seconds
        app.step(0.25)
    assert app.toasts == [] and app.top is table
