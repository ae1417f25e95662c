"""Screenshots of the Dragon's board (his own view mid-game, the Knight's view of it) and of a
Knight-vs-Dragon table with the Dragon die overlay: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards_dragon.py
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from shots_boards import shot  # noqa: E402  (the same board shot as the Knight's and Cave's)

from vast_desktop.engine import Game, Setup, load_scenario, view  # noqa: E402

OUT = ROOT / "shots"

DRAGON_MID = {
    "setup": {"roles": ["knight", "dragon"], "seed": 5}, "active": "dragon",
    "dragon": {"wakefulness": 6, "sloth": {"greed": 2, "hunger": 3, "event": 2, "dont_move": 0, "place_gem": 1},
               "hand": ["claw", "flame", "flame", "wing", "claw"], "health": 4, "treasure_held": 1,
               "shriek": True, "placed": True},
    "pieces": {"dragon": [0, 0], "knight": [0, 0]},
}


DRAGON_SCALES = {
    "setup": {"roles": ["knight", "dragon"], "seed": 5, "variants": ["dragon-scales"]}, "active": "dragon",
    "dragon": {"wakefulness": 6, "sloth": {"greed": 2, "hunger": 3, "event": 2, "dont_move": 0, "place_gem": 1},
               "hand": ["scale_golden", "scale_platinum", "scale_silver", "claw", "flame"],
               "scale_deck": [], "placed": True},
    "pieces": {"dragon": [0, 0], "knight": [0, 0]}, "tokens": {"0,0": {"gem_wing": 1}},
}


def dragon_game() -> Game:
    return load_scenario(DRAGON_MID)


def table_with_die() -> None:
    """A Knight-vs-Dragon table (both human) right after a Dragon die roll, the overlay showing."""
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    from vast_desktop.app import App
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session
    from vast_desktop.settings import autosave_path

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"animation_speed": 1.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=("knight", "dragon"), seed=11),
                              {"knight": Seat(True), "dragon": Seat(True)}, autosave_path(), shared_table=True)
    table = TableScreen(app)
    app.replace(table)
    rng = random.Random(2)
    game = app.session.game
    rolled = False
    for _ in range(3000):
        d = game.pending
        if d is None or game.outcome is not None:
            break
        ids = list(d.ids)
        # the Dragon prefers powers that roll the die
        pick = next((i for i in ids if d.role == "dragon" and i in ("power:claw", "power:flame", "power:wrath")), None)
        if pick is None:
            if "end:" in ids and len(ids) > 1 and rng.random() > 0.2:
                ids.remove("end:")
            pick = ids[rng.randrange(len(ids))]
        n = len(game.events)
        app.session.choose(pick)
        table.refresh()
        if any(e.kind == "die_roll" for e in game.events[n:]) and game.pending is not None \
                and game.pending.role == "dragon":
            rolled = True
            break
    app.session.take_seat("dragon")
    for _ in range(8):
        app.step(1 / 60)
    while table.die is not None and table.die.tumbling:    # the die tumbles, then shows its face (issue 27 item 6)
        app.step(1 / 60)
    table.board_tab = "dragon"
    app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_dragon_die.png"))
    print("table_dragon_die.png", "rolled" if rolled else "no roll found", table.die)


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(exist_ok=True)
    g = dragon_game()
    shot("boards_dragon_own", view(g, "dragon"), "dragon", (432, 574), hover="slot:dragon.power.flame_wall")
    shot("boards_dragon_own_tall", view(g, "dragon"), "dragon", (432, 860))
    shot("boards_dragon_public", view(g, "knight"), "dragon", (432, 574))
    shot("boards_dragon_own_small", view(g, "dragon"), "dragon", (300, 420))
    sg = load_scenario(DRAGON_SCALES)                     # the dragon-scales variant (VAR-32..37)
    shot("boards_dragon_scales_own", view(sg, "dragon"), "dragon", (432, 574), hover="card:scale_platinum")
    shot("boards_dragon_scales_public", view(sg, "knight"), "dragon", (432, 574))
    table_with_die()


if __name__ == "__main__":
    main()
