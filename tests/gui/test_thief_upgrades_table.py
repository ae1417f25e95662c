"""The Thief's Upgrade cards at the table (thief-upgrades, VAR-38..40), headless and driven by
real clicks: his card drawn on his board (its face for him, a back for the others, with no
region or tooltip naming it), the Wand's charges, the Charm and Wand options as buttons on the
card clicked to play them, and the card itself clicked to stash a token on it."""
from __future__ import annotations

from typing import Any

import pygame

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.render.boards import draw_board
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session

from .robot import Robot

CARDS = ("charm", "warlocks_wand", "cloak_of_the_mountebank")
TILES = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T37", "lit": True},
         {"pos": [2, 0], "tile": "T25", "lit": True}]


def up_game(card: str, shown: bool, ups: list[str], **thief: Any) -> Game:
    t = {"upgrade_shown" if shown else "upgrade_hand": [card], "upgrade_box": [c for c in CARDS if c != card],
         "upgrades": ups, **thief}
    g = load_scenario({"setup": {"roles": ["knight", "cave", "thief"], "seed": 3, "variants": ["thief-upgrades"]},
                       "active": "thief", "tiles": TILES, "pieces": {"thief": [1, 0], "knight": [1, 0]},
                       "thief": t, "omen_bag": {"quartz": 2}})
    if g.pending is not None and g.pending.kind == "thief_stats":
        g.apply(next(o for o in g.pending.ids if o.startswith("assign:")))
    return g


def board(g: Game, viewer: str) -> Any:
    surf = pygame.Surface((432, 900))
    return draw_board(surf, pygame.Rect(0, 0, 432, 900), view(g, viewer), "thief")


def at_table(app, g: Game) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"thief": Seat(True), "knight": Seat(False), "cave": Seat(False)})
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def test_the_facedown_card_is_his_alone(app) -> None:
    g = up_game("cloak_of_the_mountebank", False, [])
    own = board(g, "thief")
    assert "Cloak of the Mountebank" in own.tooltips["slot:thief.upgrade.cloak_of_the_mountebank"]
    for v in ("knight", "cave"):
        theirs = board(g, v)
        assert "slot:thief.upgrade_card" in theirs.regions
        assert not any("cloak" in k or "Cloak" in tip for k, tip in theirs.tooltips.items()), v


def test_the_wand_is_clicked_on_his_board(app) -> None:
    g = up_game("warlocks_wand", True, ["warlocks_wand"], wand_charges=3)
    own = board(g, "thief")
    assert {"slot:thief.wand.thief", "slot:thief.wand.knight"} <= set(own.regions)
    assert "3 left" in own.tooltips["slot:thief.wand.thief"]
    robot = at_table(app, g)
    pos = robot.board_region("slot:thief.wand.thief")
    assert pos is not None
    before = len(g.choices)
    robot.click(pos)
    robot.frames(1)
    assert app.session.game.choices[before] == "wand:thief"
    t = app.session.game.state.thief
    assert t is not None and t.wand_charges == 2


def test_the_charm_is_clicked_on_his_board(app) -> None:
    g = up_game("charm", True, ["charm"])
    robot = at_table(app, g)
    pos = robot.board_region("slot:thief.charm.knight")
    assert pos is not None
    before = len(g.choices)
    robot.click(pos)
    robot.frames(1)
    assert app.session.game.choices[before] == "charm:knight"


def test_every_option_target_of_his_card_has_a_region(app) -> None:
    g = up_game("charm", False, [], carried=["treasure"])
    g.apply("move:0,0")
    assert g.pending is not None and g.pending.kind == "thief_upgrade"
    own = board(g, "thief")
    assert "slot:thief.upgrade.charm" in own.regions
    assert "Upgrade card Charm (facedown" in own.tooltips["slot:thief.upgrade.charm"]


def test_the_charms_strength_is_on_the_knights_board(app) -> None:
    """Charm (thief-upgrades): the Knight's +1 Strength for her next turn is drawn on her board
    for every viewer (the Thief helps her in the open) and said in the Strength row's and the
    turn box's tooltips; on her turn it is in her Strength value, named in the tooltip."""
    from vast_desktop.engine.roles.knight import turn as kt
    from vast_desktop.render import text as drawn

    g = up_game("charm", True, ["charm"])
    g.apply("charm:knight")
    for viewer in ("knight", "cave", "thief"):
        drawn.DRAWN.clear()
        out = draw_board(pygame.Surface((432, 900)), pygame.Rect(0, 0, 432, 900), view(g, viewer), "knight")
        assert any(t.startswith(("Next turn: +1 Strength", "Charm: +1 Strength")) for t in drawn.DRAWN), viewer
        assert "+1 Strength on her next turn" in out.tooltips["slot:knight.strength"]
        assert "+1 Strength on her next turn" in out.tooltips["info:knight.turn"]
    g.state.active = "knight"
    kt.start_turn(g)
    drawn.DRAWN.clear()
    out = draw_board(pygame.Surface((432, 900)), pygame.Rect(0, 0, 432, 900), view(g, "knight"), "knight")
    assert "+1" in drawn.DRAWN and not any("next turn" in t for t in drawn.DRAWN)
    assert "(+1 from the Thief's Charm)" in out.tooltips["slot:knight.strength"]
    assert "+1 Strength this turn" in out.tooltips["info:knight.turn"]
