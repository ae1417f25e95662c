"""The prompt bar at a large UI scale and in a small window (issue 27, item 3): the prompt's text
stops before the "?" at the bar's right, and every button of the bottom row (End turn, Undo, Menu,
Fit map, Cheat sheet, Suggest, and the Cave's Orders) lies inside the bar."""
from __future__ import annotations

import pygame
import pytest

from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.session import Seat

from .robot import Robot


@pytest.mark.parametrize(("size", "scale"), [((1600, 900), 1.5), ((1024, 640), 1.0), ((1280, 720), 1.25)])
def test_the_prompt_and_the_bottom_row_fit_the_bar(app, size: tuple[int, int], scale: float) -> None:
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.apply_settings(app.settings.model_copy(update={"ui_scale": scale, "reminders": False}))
    app.new_game(Setup(roles=("knight", "cave"), seed=3), {"knight": Seat(True), "cave": Seat(False, "easy")})
    robot = Robot(app)
    robot.frames(3)
    table = app.top
    bar = table.prompt
    row = [table.end_btn, table.undo_btn, table.menu_btn, table.fit_btn, table.sheet_btn, table.orders_btn]
    if table.suggest.button is not None:
        row.append(table.suggest.button)
    for b in row:
        assert bar.contains(b.rect), f"{b.text!r} at {b.rect} leaves the prompt bar {bar}"
    for a in row:
        for b in row:
            assert a is b or not a.rect.colliderect(b.rect), (a.text, b.text)
    text_mod.clear_drawn()
    app.top.draw(app.screen)
    prompt = next(t for t in text_mod.DRAWN_TEXTS if t.text.startswith("Move the Knight"))
    assert prompt.rect.right <= table.rules_btn.rect.x, (prompt.rect, table.rules_btn.rect)
