"""Keyboard-only play (issue 27 item 8): whole games' decisions chosen with Tab, Shift+Tab, R,
Enter and the arrows only — every one a real pygame KEYDOWN event — and the focus ring drawn."""
from __future__ import annotations

import random

import pygame

from vast_desktop.engine import Setup
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path

from .keyboard_robot import KeyboardRobot
from .robot import Robot, pass_entry_curtain


def start(app, roles, seats, seed, solo_level=None) -> KeyboardRobot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=roles, seed=seed, solo_level=solo_level), seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    pass_entry_curtain(robot)
    return KeyboardRobot(robot)


def play(kb: KeyboardRobot, seed: int, limit: int) -> int:
    """Random choices, each by the keyboard, until the game ends or ``limit`` choices; curtains
    passed with Space."""
    app = kb.robot.app
    chooser = random.Random(seed)
    made = 0
    while app.session.game.outcome is None and made < limit:
        while isinstance(app.top, HandoffScreen):
            kb.robot.key(pygame.K_SPACE)
        kb.robot.frames(1)
        d = app.session.game.pending
        assert d is not None and app.session.human_to_decide, "a person's decision should be on the table"
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.15:
            ids.remove("end:")
        kb.perform(ids[chooser.randrange(len(ids))])
        made += 1
    return made


def test_knight_solo_by_keyboard_only(app) -> None:
    kb = start(app, ("knight",), {"knight": Seat(True)}, seed=4, solo_level="hard")
    pygame.mouse.set_pos((5, 5))                 # the pointer rests in a corner all game
    made = play(kb, 4, 120)
    assert made >= 40
    assert kb.kinds[DecisionKind.KNIGHT_TURN] >= 10
    assert kb.how["map"] >= 5 and kb.how["button"] >= 3, kb.how


def test_knight_and_cave_both_human_by_keyboard_only(app) -> None:
    kb = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(True)}, seed=11)
    pygame.mouse.set_pos((5, 5))
    made = play(kb, 11, 90)
    assert made >= 60
    kinds = {k.value for k in kb.kinds}
    assert len(kinds) >= 8, kinds
    # spaces and edges on the map, the Cave's board, the prompt's buttons, and menus (several options on one target)
    assert min(kb.how["map"], kb.how["board"], kb.how["button"], kb.how["menu"]) >= 5, kb.how
    assert kb.kinds[DecisionKind.ORIENT_TILE] >= 1
    cave_kinds = [k for k in kb.kinds if k.value.startswith("cave")]
    assert cave_kinds, kinds


def test_tab_moves_a_focus_ring_shift_tab_goes_back_and_esc_drops_it(app) -> None:
    kb = start(app, ("knight",), {"knight": Seat(True)}, seed=4, solo_level="hard")
    t = kb.table
    targets = t.focus_targets()
    assert len(targets) >= 2
    surface = app.screen
    before = surface.copy()
    kb.robot.key(pygame.K_TAB)
    first = kb.focused()
    assert first is not None and first.key == targets[0].key
    # the ring is drawn just outside the target: its dark band and its light band are on the screen
    ring = first.rect.inflate(2 * 4, 2 * 4)
    light = [surface.get_at((x, ring.top)) for x in range(ring.left + 10, ring.right - 10)]
    assert sum(1 for c in light if c[:3] == (250, 250, 250)) > len(light) // 2
    assert surface.copy().get_at((ring.centerx, ring.top)) != before.get_at((ring.centerx, ring.top))
    kb.robot.key(pygame.K_TAB)
    assert kb.focused().key == targets[1].key
    kb.robot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert kb.focused().key == targets[0].key
    kb.robot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert kb.focused().key == targets[-1].key          # round to the last
    kb.robot.key(pygame.K_ESCAPE)
    assert t.controller.focus.key is None and app.top is t    # Esc drops the focus first, the menu not opened
    kb.robot.key(pygame.K_ESCAPE)
    assert app.top is not t                                   # then Esc opens the menu as before


def test_the_arrows_walk_a_long_menu_scrolling_it_and_a_click_drops_the_focus(app) -> None:
    from vast_desktop.engine.decisions import Option

    kb = start(app, ("knight",), {"knight": Seat(True)}, seed=4, solo_level="hard")
    t = kb.table
    t.open_options_menu([Option(f"x:{i}", f"Entry {i}", ()) for i in range(30)])
    kb.robot.frames(2)
    for _ in range(26):
        kb.robot.key(pygame.K_DOWN)
    entry = kb.focused()
    assert entry is not None and entry.label == "Entry 25"
    assert t.menu_panel.rect.contains(entry.button.rect)       # scrolled down to it
    for _ in range(25):
        kb.robot.key(pygame.K_UP)
    entry = kb.focused()
    assert entry.label == "Entry 0" and t.menu_panel.rect.contains(entry.button.rect)
    kb.robot.key(pygame.K_UP)
    assert kb.focused().label == "Cancel"                      # round to the menu's last entry
    kb.robot.key(pygame.K_RETURN)
    assert not t.menu_open
    kb.robot.key(pygame.K_TAB)
    assert kb.focused() is not None
    kb.robot.click(t.map_rect.bottomleft + pygame.Vector2(5, -5))
    assert t.controller.focus.key is None
