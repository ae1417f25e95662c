"""Issue 6, explanations at the table (headless, real posted events): a click on a space that
is not a choice shows the engine's reason with its numbers; pointing at a Tribe or at the
Knight on the map shows a tooltip with their numbers (engine.describe)."""
from __future__ import annotations

from typing import Any

from vast_desktop.engine import Game, load_scenario
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.render import text as text_mod
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session

from .robot import Robot

TILES = [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T22", "lit": True},
         {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [0, 1], "tile": "T29", "lit": True}]


def knight_facing_fangs(**data: Any) -> Game:
    """The Knight's turn at 0,0 (Strength 1) with the Fangs Tribe (Population 2, Strength 3) at 1,0."""
    return load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3}, "active": "knight", "tiles": TILES,
                          "pieces": {"knight": [0, 0], "tribe:fangs": [1, 0]},
                          "goblins": {"rage": 1, "war_deck": ["pain"], "population": {"fangs": 2, "bones": 0, "eye": 0}},
                          **data})


def at_table(app, g: Game) -> tuple[Robot, TableScreen]:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"knight": Seat(True), "goblins": Seat(False)})
    table = TableScreen(app)
    app.replace(table)
    robot = Robot(app)
    robot.frames(3)
    return robot, table


def centre(table: TableScreen, p: tuple[int, int]) -> tuple[int, int]:
    r = table.map.camera.tile_rect(p)
    assert table.map_rect.contains(r), (p, r, table.map_rect)
    return r.center


def test_a_click_on_a_forbidden_space_shows_the_engines_reason(app) -> None:
    """KN-56 at the table: clicking the Fangs Tribe's space (not highlighted) shows "Your Strength 1
    must be greater than the Fangs Tribe's Strength 3." and changes nothing."""
    g = knight_facing_fangs()
    robot, table = at_table(app, g)
    assert (kb.strength(g), gb.tribe_strength(g, "fangs")) == (1, 3)
    assert (1, 0) not in table.index.spaces()
    before = list(g.choices)
    text_mod.DRAWN.clear()
    robot.click(centre(table, (1, 0)))
    reason = "Your Strength 1 must be greater than the Fangs Tribe's Strength 3."
    assert [t.message for t in app.toasts if t.error] == [reason]
    assert reason in " ".join(text_mod.DRAWN)                 # drawn on the screen, not only queued
    assert app.session.game.choices == before
    # a space too far away: the engine says how far and how much Movement is left
    app.toasts.clear()
    robot.click(centre(table, (2, 0)))
    assert [t.message for t in app.toasts] == ["The Knight moves one space at a time, orthogonally: 2,0 is "
                                             "2 spaces from her, and she has 1 Movement left."]


def test_pointing_at_a_tribe_and_the_knight_shows_their_numbers(app) -> None:
    """The map's tooltip over the Fangs Tribe names its Population, Strength, Perception and
    Monster; over the Knight, her Health, Grit, Strength and Perception."""
    g = knight_facing_fangs()
    robot, table = at_table(app, g)
    text_mod.DRAWN.clear()
    robot.hover(centre(table, (1, 0)))
    robot.frames(1)
    tip = table.map_tip_at(centre(table, (1, 0)))
    assert tip is not None
    assert "Fangs Tribe (F): on the map 1,0. Population 2 of 4. Strength 3 (" in tip
    assert f"Perception {gb.tribe_perception(g, 'fangs')} (" in tip and "Monsters: none." in tip
    drawn = " ".join(text_mod.DRAWN)
    assert "Population 2 of 4. Strength 3" in drawn           # the tooltip is on the screen
    text_mod.DRAWN.clear()
    robot.hover(centre(table, (0, 0)))
    robot.frames(1)
    tip = table.map_tip_at(centre(table, (0, 0)))
    k = g.state.knight
    assert tip is not None and f"The Knight at 0,0: Health {k.health}/{k.max_health}, Grit {k.grit}; now Strength 1, " \
                               "Perception 1" in tip
    assert f"Health {k.health}/{k.max_health}" in " ".join(text_mod.DRAWN)


def test_a_click_on_a_power_he_cannot_pay_names_the_missing_symbol(app) -> None:
    """DR-17 at the table: the Dragon with two Claw cards clicks Flame on his board; the engine's
    reason names what he has and the missing Flame symbol."""
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 5}, "active": "dragon", "tiles": TILES,
                       "pieces": {"dragon": [1, 0], "knight": [2, 0]},
                       "dragon": {"placed": True, "hand": ["claw", "claw"]}})
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"dragon": Seat(True), "knight": Seat(False)})
    table = TableScreen(app)
    app.replace(table)
    robot = Robot(app)
    robot.frames(3)
    assert g.pending is not None and g.pending.kind == "dragon_turn" and "power:flame" not in g.pending.ids
    pos = robot.board_region("slot:dragon.power.flame")
    assert pos is not None
    before = list(g.choices)
    robot.click(pos)
    reasons = [t.message for t in app.toasts if t.error]
    assert len(reasons) == 1 and reasons[0].startswith("Flame costs Flame; you have 2 Claw") \
        and "missing 1 Flame" in reasons[0], reasons
    assert app.session.game.choices == before
