"""The Cave's standing orders panel (issue 27, item 2): the table's "Orders" button shows only in
the Cave's own view at a pass-and-play table; the panel's buttons change the session's orders
(and "Ask me each time" brings the placement questions back); the hand can be reordered; Esc
returns to the table.  Screenshots go to /tmp/handoffs_shots/ when that folder exists."""
from __future__ import annotations

from pathlib import Path

import pygame

from vast_desktop.engine import Setup
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.orders_panel import StandingOrdersScreen, offered
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.standing_orders import FillMode, StandingOrders

from .robot import Robot

SHOTS = Path("/tmp/handoffs_shots")
ROLES = ("knight", "goblins", "dragon", "cave")


def shot(app, name: str) -> None:
    if SHOTS.is_dir():
        pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


def to_the_caves_turn(app) -> Robot:
    """A four-person game played (first legal options, orders answering) until the Cave decides,
    the curtain passed."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=ROLES, seed=4), {r: Seat(True) for r in ROLES})
    s = app.session
    while s.decider != "cave":
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] if d.role != "cave" and len(s.game.choices) < 12 else list(d.ids)
        s.take_seat(d.role)
        s.choose("end:" if "end:" in d.ids else ids[0])
    s.draw_curtain()
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(2)
    assert isinstance(app.top, HandoffScreen) and app.top.role == "cave"
    robot.key(pygame.K_SPACE)
    robot.frames(2)
    return robot


def test_orders_button_only_in_the_caves_view(app):
    robot = to_the_caves_turn(app)
    table = robot.table
    assert offered(app.session) and table.orders_btn.visible
    shot(app, "table_cave_orders_button")
    app.session.draw_curtain()          # the public view: no Cave button
    table.refresh(force=True)
    assert not table.orders_btn.visible
    app.session.take_seat("knight")
    table.refresh(force=True)
    assert not table.orders_btn.visible


def test_panel_changes_the_orders(app):
    robot = to_the_caves_turn(app)
    s = app.session
    assert s.standing_orders == StandingOrders()
    robot.click_button(robot.table.orders_btn)
    robot.frames(2)
    panel = app.top
    assert isinstance(panel, StandingOrdersScreen)
    shot(app, "standing_orders_panel")
    ask = next(e for e in panel.elements if getattr(e, "text", "") == "Ask me each time")
    robot.click_button(ask)
    robot.frames(1)
    assert s.standing_orders.mode is FillMode.ASK and s.standing_orders.cards is FillMode.AUTO
    hand = panel.hand()
    downs = [e for e in app.top.elements if getattr(e, "text", "") == "Down"]
    robot.click_button(downs[0])
    robot.frames(2)
    assert panel.hand()[1] == hand[0] and s.standing_orders.tile_order[:2] == (hand[1], hand[0])
    shot(app, "standing_orders_panel_ask")
    robot.key(pygame.K_ESCAPE)
    robot.frames(1)
    assert isinstance(app.top, TableScreen) and app.top.orders_btn.visible
