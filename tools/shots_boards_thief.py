"""Screenshots of the Thief's board (his own view while assigning the Stat tokens and mid-turn,
the Knight's view of it, small and tall sizes, choosing an upgrade), of a Knight-and-Thief
table with the Thief on the map beside Vault tokens and its game-over chart, and of the setup
screen with the Thief and his difficulty levels: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards_thief.py
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from shots_boards import shot  # noqa: E402  (the same board shot as the Knight's and Cave's)

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view  # noqa: E402

OUT = ROOT / "shots"

THIEF_MID: dict[str, Any] = {
    "setup": {"roles": ["knight", "dragon", "thief"], "seed": 5}, "active": "thief",
    "thief": {"flipped": [True, False, False], "upgrades": ["flip_2_to_3", "sticky_fingers", "plus_stealth"],
              "carried": ["treasure", "gem_claw"], "loot_drop": 2},
    "pieces": {"thief": [0, 0], "knight": [0, 0], "dragon": [0, 0]},
}
THIEF_LATE: dict[str, Any] = {
    "setup": {"roles": ["cave", "thief"], "seed": 3, "difficulty": {"thief": "invader"}}, "active": "cave",
    "thief": {"flipped": [True, True, False], "upgrades": ["flip_2_to_3", "flip_3_to_4", "lock_picking_kit",
                                                          "unnatural_evasion"],
              "plain_stashed": 2, "set_aside": 1, "loot_drop": 0, "dead": True, "placed": False},
}


def thief_scenario(data: dict[str, Any]) -> Game:
    """A scenario with a ``thief:`` section."""
    return load_scenario(data)


def upgrade_choice() -> Game | None:
    """A cave+thief game played on until the Thief chooses an upgrade."""
    from vast_desktop.bots.random_bot import RandomBot

    for seed in range(1, 40):
        g = new_game(Setup(roles=("cave", "thief"), seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 2000:
            d = g.pending
            assert d is not None
            if d.kind == "thief_upgrade":
                return g
            g.apply(bot(None, d))
    return None


def table_shot() -> None:
    """A Knight-and-Thief table (both human, shared table) in the Thief's turn, his board shown."""
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    from vast_desktop.app import App
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session
    from vast_desktop.settings import autosave_path

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=("knight", "thief"), seed=4),
                              {"knight": Seat(True), "thief": Seat(True)}, autosave_path(), shared_table=True)
    table = TableScreen(app)
    app.replace(table)
    game = app.session.game
    bot = RandomBot(3)
    for _ in range(4000):
        d = game.pending
        if d is None or game.outcome is not None:
            break
        vaults = sum(1 for toks in game.state.board.tokens.values() if toks["vault"])
        if d.kind == "thief_turn" and vaults and game.state.round >= 3 and "thief" in game.state.board.pieces:
            break
        app.session.choose(bot(None, d))
    app.session.take_seat("thief")
    for _ in range(4):
        app.step(1 / 60)
    table.board_tab = "thief"
    table.refresh(force=True)
    app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_thief.png"))
    print("table_thief.png", game.pending.kind if game.pending else None, "round", game.state.round)
    while game.outcome is None and game.pending is not None:       # on to the game-over chart
        app.session.choose(bot(None, game.pending))
    for _ in range(4):
        app.step(1 / 60)
    from vast_desktop.screens.gameover import GameOverScreen
    if not isinstance(app.top, GameOverScreen):
        app.push(GameOverScreen(app))
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "gameover_thief.png"))
    print("gameover_thief.png", game.outcome)


def setup_shot() -> None:
    """The setup screen with the Knight and the Thief, the Thief's difficulty list open."""
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    from vast_desktop.app import App
    from vast_desktop.screens.setup import SetupScreen

    app = App(size=(1600, 900))
    setup = SetupScreen(app)
    app.push(setup)
    setup.toggle_role("thief")
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "setup_thief.png"))
    menu = setup.level_menus["thief"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1))
    for _ in range(4):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "setup_thief_levels.png"))
    print("setup_thief.png, setup_thief_levels.png")


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(exist_ok=True)
    fresh = new_game(Setup(roles=("knight", "thief"), seed=2))
    while fresh.pending is not None and fresh.pending.kind != "thief_stats":
        fresh.apply(fresh.pending.options[-1].id)
    shot("boards_thief_assign", view(fresh, "thief"), "thief", (432, 574), hover="slot:thief.stats.4-3-2")
    mid = thief_scenario(THIEF_MID)
    mid.apply(mid.pending.options[0].id)           # assign: his turn with cubes and Movement
    shot("boards_thief_own", view(mid, "thief"), "thief", (432, 574), hover="slot:thief.loot_drop.1")
    shot("boards_thief_own_tall", view(mid, "thief"), "thief", (432, 860))
    shot("boards_thief_public", view(mid, "knight"), "thief", (432, 574))
    shot("boards_thief_own_small", view(mid, "thief"), "thief", (300, 420))
    late = thief_scenario(THIEF_LATE)
    shot("boards_thief_late", view(late, "knight"), "thief", (432, 574))
    up = upgrade_choice()
    if up is not None:
        shot("boards_thief_upgrade", view(up, "thief"), "thief", (432, 574), hover="slot:thief.upgrade.plus_stealth")
    table_shot()
    setup_shot()


if __name__ == "__main__":
    main()
