"""The promo Secrets at the table (issue 28, promo-secrets), headless and driven by real
clicks: the face-up Slingshot thrown by clicking the Knight in the Activate Tribes menu, and
Meat! played by clicking its card, then the empty space its Strength disc goes on."""
from __future__ import annotations

from tests.rules.helpers_goblins import WAR, base_tiles, to_activation
from vast_desktop.engine import Game, load_scenario
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session

from .robot import Robot


def promo_game() -> Game:
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3, "variants": ["promo-secrets"]},
                       "active": "goblins", "tiles": base_tiles(), "pieces": {"knight": [3, 0], "tribe:fangs": [1, 0]},
                       "goblins": {"rage": 2, "war_deck": ["pain"] + [w for w in WAR if w != "pain"],
                                   "population": {"fangs": 2, "bones": 1, "eye": 0}, "face_up": ["slingshot"],
                                   "hand": ["meat"]}})
    to_activation(g)
    return g


def at_table(app, g: Game) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"goblins": Seat(True), "knight": Seat(False)})
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def test_slingshot_thrown_by_clicking_the_knight(app) -> None:
    g = promo_game()
    robot = at_table(app, g)
    robot.click(robot.show_space((3, 0)))
    robot.frames(2)
    assert g.state.goblins.slingshot == "knight"
    assert any(e.kind == "slingshot" for e in g.events)


def test_meat_played_by_clicking_its_card_then_an_empty_space(app) -> None:
    g = promo_game()
    robot = at_table(app, g)
    pos = robot.board_region("card:meat")
    assert pos is not None, "no card:meat region on the Goblins' board"
    robot.click(pos)
    robot.frames(2)
    assert g.pending.kind == "meat_space"
    robot.click(robot.show_space((2, 0)))
    robot.frames(2)
    assert g.state.board.tokens_at((2, 0))["meat"] == 1
