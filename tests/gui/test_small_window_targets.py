"""Small windows: a choice whose place on a board lies past the board panel's edge (the
board cannot shrink any further at 1024x640) gets a prompt button instead, so every
choice stays reachable by a click."""
from __future__ import annotations

import pygame

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session

from .robot import Robot


def _cave_choosing_an_event():
    """A Knight-vs-Cave random game up to the Cave's choice of an Event card (from the top
    three of the Event deck, drawn at the bottom of her board)."""
    for seed in range(1, 40):
        g = new_game(Setup(roles=("knight", "cave"), seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 400:
            d = g.pending
            assert d is not None
            if d.kind == "choose_event":
                return g
            g.apply(bot(None, d))
    raise AssertionError("no choose_event decision in 40 games")


def test_every_choice_reachable_on_a_1024x640_window(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.app import App

    app = App(size=(1024, 640))
    try:
        app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
        g = _cave_choosing_an_event()
        app.session = Session(g, {"knight": Seat(True), "cave": Seat(True)}, shared_table=True)
        table = TableScreen(app)
        app.replace(table)
        Robot(app).frames(3)
        d = g.pending
        assert d is not None and d.kind == "choose_event"
        on_board = table._clickable_keys()
        cut_off = set(table.board_layout.regions) - on_board
        for o in d.options:
            keys = {f"{t.kind}:{t.ref}" for t in o.targets}
            more = any(b.text.startswith("More") for b in table.prompt_buttons)
            assert keys & on_board or o.id in table.button_for or more, (o.id, sorted(cut_off))
        assert cut_off, "the board fits at 1024x640 now: this test no longer tests a cut-off choice"
    finally:
        pygame.quit()
