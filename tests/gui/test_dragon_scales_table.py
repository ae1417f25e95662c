"""The Dragon Scales variant at the table (VAR-32..37), headless and driven by real clicks: the
Scale cards in his hand drawn with their own faces and tooltips saying what each does, the
Scale deck's count beside his board, the Platinum Scale played, the Golden Scale spent and the
Silver Scale kept by clicking their cards; the others see only backs and counts; every board
target of a Dragon decision in random games with the variant has a region; the New game screen
offers the variant from the engine's list and refuses it without the Dragon."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from vast_desktop.engine import Game, Setup, load_scenario, view
from vast_desktop.engine import setup as engine_setup
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import draw_board
from vast_desktop.rules_data import load_rules_data
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session

from .robot import Robot
from .test_dragon_table import dragon_board_targets
from .test_screens import click
from .test_setup_options import drawn, new_game_screen, wheel_to

SCALES = ("scale_golden", "scale_silver", "scale_platinum")
ROW = [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T01", "lit": True},
       {"pos": [2, 0], "tile": "T05", "lit": True}, {"pos": [3, 0], "tile": "T32", "lit": True}]


def scales_game(dragon: dict[str, Any], **data: Any) -> Game:
    return load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 5, "variants": ["dragon-scales"]},
                          "active": "dragon", "tiles": ROW, "pieces": {"dragon": [1, 0], "knight": [3, 0]},
                          "dragon": {"placed": True, **dragon}, **data})


def board(g: Game, viewer: str) -> Any:
    surf = pygame.Surface((432, 574))
    return draw_board(surf, pygame.Rect(0, 0, 432, 574), view(g, viewer), "dragon")


def at_table(app, g: Game) -> Robot:
    """The Dragon human at the screen, the Knight a bot."""
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"dragon": Seat(True), "knight": Seat(False)})
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def click_region(robot: Robot, key: str) -> None:
    pos = robot.board_region(key)
    assert pos is not None, f"no {key} region on the Dragon's board"
    robot.click(pos)
    robot.frames(1)


# ---------------------------------------------------------------- the board
def test_scale_cards_and_the_scale_deck_on_his_board(app) -> None:
    """His own view: each Scale is a card region whose tooltip says what it does (the Silver
    Scale says what it pays now); the Scale deck's count is beside the hand.  The Knight's view:
    card backs, no Scale region or name, the same Scale deck count."""
    g = scales_game({"hand": ["scale_golden", "scale_silver", "claw"], "scale_deck": ["scale_platinum"]},
                    tokens={"2,0": {"gem_flame": 1}})
    rd = load_rules_data()
    own = board(g, "dragon")
    for c in ("scale_golden", "scale_silver"):
        tip = own.tooltips[f"card:{c}"]
        assert tip.startswith(rd.card(c).name) and rd.card(c).text.split()[0] in tip, tip
    assert "any one symbol" in own.tooltips["card:scale_golden"]
    assert "Now it pays Claw, Wing" in own.tooltips["card:scale_silver"]       # the Flame Gem is on the map
    assert "1 of 3 Scale cards" in own.tooltips["info:dragon.scale_deck"]
    public = board(g, "knight")
    assert not [k for k in public.regions if k.startswith("card:")]
    assert not [t for t in public.tooltips.values() if any(rd.card(c).name in t for c in SCALES)]
    assert public.tooltips["info:dragon.scale_deck"] == own.tooltips["info:dragon.scale_deck"]
    plain = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 5}, "active": "dragon"})
    assert "info:dragon.scale_deck" not in board(plain, "dragon").regions          # no variant: no Scale deck


def test_platinum_scale_played_by_clicking_it(app) -> None:
    """VAR-37 by clicks: the Platinum Scale's card, then the Sloth box to take the cube from."""
    g = scales_game({"hand": ["scale_platinum", "claw"]})
    robot = at_table(app, g)
    greed, wake = g.state.dragon.sloth["greed"], g.state.dragon.wakefulness
    assert "card:scale_platinum" in robot.table.index.by_key
    click_region(robot, "card:scale_platinum")
    game = app.session.game
    assert game.choices[-1] == "scale:scale_platinum" and game.pending.kind == "dragon_platinum"
    click_region(robot, "slot:dragon.sloth.greed")
    d = game.state.dragon
    assert game.choices[-1] == "sloth:greed" and d.sloth["greed"] == greed - 1 and d.wakefulness == wake + 1
    assert d.scales_removed == ["scale_platinum"]
    robot.frames(1)
    assert "card:scale_platinum" not in robot.table.board_layout.regions


def test_golden_scale_spent_and_silver_scale_kept_by_clicks(app) -> None:
    """VAR-35: Flame paid with the Golden Scale by clicking its card; VAR-36: in Replace Hand the
    Silver Scale is kept by clicking its card."""
    g = scales_game({"hand": ["scale_golden", "scale_silver", "flame"]}, tokens={"2,0": {"gem_flame": 1}})
    robot = at_table(app, g)
    robot.perform("power:flame")
    game = app.session.game
    assert game.pending.kind == "pay_power" and "pay:scale_golden" in game.pending.ids
    robot.perform("pay:scale_golden")
    d = game.state.dragon
    assert "scale_golden" in d.discard and "scale_golden" not in d.hand
    while game.pending.kind not in ("dragon_turn", "dragon_keep_scale"):
        robot.perform(game.pending.ids[0])
    robot.perform("end:")
    while game.pending.kind != "dragon_keep_scale":
        robot.perform("skip:" if "skip:" in game.pending.ids else game.pending.ids[0])
    click_region(robot, "card:scale_silver")
    assert game.choices[-1] == "keep:scale_silver"
    assert d.hand[0] == "scale_silver" and "scale_kept" in {e.kind for e in game.events}


# ---------------------------------------------------------------- random games
GAMES = [*((("knight", "dragon"), seed) for seed in range(3, 11)), (("dragon", "cave"), 5), (("dragon",), 6)]


def test_every_scale_target_has_a_region(app) -> None:
    """Random games with the variant: every slot/card target of a Dragon decision is a region of
    his board as he sees it — paying with, playing and keeping Scales among them."""
    seen: set[str] = set()
    setups = [Setup(roles=roles, seed=seed, variants=("dragon-scales",),
                    solo_level="hard" if roles == ("dragon",) else None) for roles, seed in GAMES]
    for setup, g, d, want in dragon_board_targets(setups):
        if want and any("scale_" in k for k in want):
            missing = want - set(board(g, d.role).regions)
            assert not missing, f"{setup.roles} seed {setup.seed} {d.kind}: no board region for {sorted(missing)}"
            seen |= {f"{d.kind}|{k}" for k in want if "scale_" in k}
    kinds = {k.split("|")[0] for k in seen}
    assert {"dragon_turn", "pay_power", "dragon_keep_scale"} <= kinds, kinds


# ---------------------------------------------------------------- the New game screen
def test_the_setup_screen_offers_dragon_scales_and_needs_the_dragon(app) -> None:
    """The variant comes from the engine's list with its line; without the Dragon the screen
    shows the reason and Start is disabled; with him the game starts with the variant."""
    setup = new_game_screen(app)
    button = setup.variant_buttons["dragon-scales"]["dragon-scales"]
    assert setup.options_list is not None
    wheel_to(app, setup.options_list, button)
    click(app, button)
    assert "dragon-scales" in setup.setup().variants
    shown = drawn(app)
    assert engine_setup.OPTIONAL_VARIANTS["dragon-scales"] in shown               # what it does
    assert "add the Dragon" in setup.error and "add the Dragon" in shown          # why Start is off
    assert not setup.start_button.is_enabled
    click(app, setup.role_buttons["dragon"])
    app.step(1 / 60)
    assert setup.error == "" and setup.start_button.is_enabled
    click(app, setup.start_button)
    game = app.session.game
    assert "dragon-scales" in game.setup.variants and len(game.state.dragon.scale_deck) == 3


@pytest.fixture(autouse=True)
def _fonts():
    from vast_desktop.render import theme

    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield
