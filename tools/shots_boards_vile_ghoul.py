"""Screenshots of the Vile Ghoul's board (choosing a supply die for its chart, after selecting a row,
mid-turn with Boost dice spent and Terror cards face up, the Knight's view, a small size), the Ghoul's
board showing the movement waiting for its next turn (the Thief's Charm or Wand), the setup screen
with the Vile Ghoul chosen, and a Knight-and-Vile-Ghoul table in play: writes PNGs to shots/ (or to
``$VAST_SHOTS_DIR``).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards_vile_ghoul.py
"""
from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import pygame  # noqa: E402
import shots_boards  # noqa: E402  (the same board shot as the other roles')

from vast_desktop.engine import Game, Setup, new_game, view  # noqa: E402

OUT = Path(os.environ.get("VAST_SHOTS_DIR", str(ROOT / "shots")))
ROLE = "vile_ghoul"


def vile_moment(roles: tuple[str, ...], want: Callable[[Game], bool], seeds: range = range(1, 40)) -> Game | None:
    """A game of ``roles`` played by random players until ``want`` holds (the Vile Ghoul to decide)."""
    from vast_desktop.bots.random_bot import RandomBot

    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 3000:
            d = g.pending
            assert d is not None
            if d.role == ROLE and want(g):
                return g
            g.apply(bot(None, d))
    return None


def _select(g: Game) -> bool:
    return g.pending is not None and g.pending.kind == "vile_ghoul_select"


def _boost_spent(g: Game) -> bool:
    s = g.state.ghoul
    return (g.pending is not None and g.pending.kind == "ghoul_turn" and s.chart.boost_spent >= 1
            and len(s.terror) >= 2)


def _after_select(g: Game) -> bool:
    s = g.state.ghoul
    return (g.pending is not None and g.pending.kind == "ghoul_turn" and bool(s.chart.left)
            and s.chart.right.get(s.chart.left, 0) >= 1 and s.chart.boost_spent == 0)


def _app(size: tuple[int, int] = (1600, 900)):
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    from vast_desktop.app import App

    app = App(size=size)
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    return app


def table_shot(app) -> None:
    """A Knight-and-Vile-Ghoul table (both human, shared table) in the Vile Ghoul's turn, its board shown."""
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session
    from vast_desktop.settings import autosave_path

    app.session = Session.new(Setup(roles=("knight", ROLE), seed=4),
                              {"knight": Seat(True), ROLE: Seat(True)}, autosave_path(), shared_table=True)
    table = TableScreen(app)
    app.replace(table)
    game = app.session.game
    bot = RandomBot(3)
    for _ in range(4000):
        d = game.pending
        if d is None or game.outcome is not None:
            break
        if d.kind == "ghoul_turn" and game.state.round >= 4 and game.state.ghoul.terror:
            break
        app.session.choose(bot(None, d))
    app.session.take_seat(ROLE)
    for _ in range(4):
        app.step(1 / 60)
    table.board_tab = ROLE
    table.refresh(force=True)
    app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_vile_ghoul.png"))
    print("table_vile_ghoul.png", game.pending.kind if game.pending else None, "round", game.state.round)


def setup_shot(app) -> None:
    """The setup screen with the Knight and the Vile Ghoul chosen (Hunter), then with the Goblins added."""
    from vast_desktop.screens.setup import SetupScreen

    setup = SetupScreen(app)
    app.push(setup)
    for role in list(setup.chosen):
        setup.toggle_role(role)
    setup.toggle_role("knight")
    setup.toggle_role(ROLE)
    setup.on_menu(setup.level_menus[ROLE], next(k for k, v in setup.level_labels[ROLE].items() if v == "hunter"))
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "setup_vile_ghoul.png"))
    setup.toggle_role("goblins")
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "setup_vile_ghoul_with_goblins.png"))
    print("setup_vile_ghoul.png, setup_vile_ghoul_with_goblins.png")
    app.pop()


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(parents=True, exist_ok=True)
    shots_boards.OUT = OUT
    shot = shots_boards.shot
    kv = ("knight", ROLE)
    sel = vile_moment(kv, _select)
    if sel is not None:
        shot("boards_vile_ghoul_select", view(sel, ROLE), ROLE, (432, 574),
             hover=f"slot:{ROLE}.row.{sel.state.ghoul.chart.supply[0]}")
        sel.apply(sel.pending.options[0].id)
        shot("boards_vile_ghoul_selected", view(sel, ROLE), ROLE, (432, 574))
    after = vile_moment(("cave", ROLE), _after_select) or vile_moment(kv, _after_select)
    if after is not None:
        shot("boards_vile_ghoul_boost", view(after, ROLE), ROLE, (432, 574), hover=f"slot:{ROLE}.boost")
    mid = vile_moment(("cave", ROLE), _boost_spent) or vile_moment(kv, _boost_spent)
    if mid is not None:
        shot("boards_vile_ghoul_mid_turn", view(mid, ROLE), ROLE, (432, 574))
        shot("boards_vile_ghoul_public", view(mid, "cave" if "cave" in mid.state.roles else "knight"), ROLE,
             (432, 574))
        shot("boards_vile_ghoul_small", view(mid, ROLE), ROLE, (300, 420))
        shot("boards_vile_ghoul_wide", view(mid, ROLE), ROLE, (560, 900))
    ghoul = new_game(Setup(roles=("thief", "ghoul"), seed=2))
    ghoul.state.ghoul.card_movement = 1
    shot("boards_ghoul_card_movement", view(ghoul, "ghoul"), "ghoul", (432, 574), hover="info:ghoul.next_turn")
    vg = new_game(Setup(roles=("thief", ROLE), seed=2))
    vg.state.ghoul.card_movement, vg.state.ghoul.backstab = -2, 1
    shot("boards_vile_ghoul_card_movement", view(vg, ROLE), ROLE, (432, 574), hover=f"info:{ROLE}.next_turn")
    app = _app()
    setup_shot(app)
    table_shot(app)


if __name__ == "__main__":
    main()
