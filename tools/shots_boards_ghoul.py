"""Screenshots of the Ghoul's board (its own view after the roll, choosing the die to set aside, mid-turn
with Terror cards face up, at a high Fury, choosing a Terror card to keep, the Knight's view of it, a
small size) and of a Knight-and-Ghoul table with the Ghoul's board shown: writes PNGs to shots/ (or to
``$VAST_SHOTS_DIR``).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards_ghoul.py
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


def ghoul_moment(roles: tuple[str, ...], want: Callable[[Game], bool], seeds: range = range(1, 40)) -> Game | None:
    """A game of ``roles`` played by random players until ``want`` holds (the Ghoul to decide)."""
    from vast_desktop.bots.random_bot import RandomBot

    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 3000:
            d = g.pending
            assert d is not None
            if d.role == "ghoul" and want(g):
                return g
            g.apply(bot(None, d))
    return None


def _kind(kind: str) -> Callable[[Game], bool]:
    return lambda g: g.pending is not None and g.pending.kind == kind


def _mid_turn(g: Game) -> bool:
    s = g.state.ghoul
    return g.pending is not None and g.pending.kind == "ghoul_turn" and len(s.terror) >= 3 and s.movement > 0


def _high_fury(g: Game) -> bool:
    s = g.state.ghoul
    return g.pending is not None and g.pending.kind == "ghoul_turn" and s.fury >= 7


def table_shot() -> None:
    """A Knight-and-Ghoul table (both human, shared table) in the Ghoul's turn, its board shown."""
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    from vast_desktop.app import App
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session
    from vast_desktop.settings import autosave_path

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=("knight", "ghoul"), seed=4),
                              {"knight": Seat(True), "ghoul": Seat(True)}, autosave_path(), shared_table=True)
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
    app.session.take_seat("ghoul")
    for _ in range(4):
        app.step(1 / 60)
    table.board_tab = "ghoul"
    table.refresh(force=True)
    app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_ghoul.png"))
    print("table_ghoul.png", game.pending.kind if game.pending else None, "round", game.state.round)
    card = next((r for k, r in table.board_layout.regions.items() if k.startswith("card:")), None)
    if card is not None:                          # a Terror card hovered: shown whole beside the board
        pygame.mouse.set_pos(card.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(3):
            app.step(1 / 60)
        pygame.image.save(app.screen, str(OUT / "table_ghoul_card_zoom.png"))
        print("table_ghoul_card_zoom.png")


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(parents=True, exist_ok=True)
    shots_boards.OUT = OUT
    shot = shots_boards.shot
    kg = ("knight", "ghoul")
    keep = ghoul_moment(kg, _kind("ghoul_keep"))
    if keep is not None:
        v = view(keep, "ghoul")
        shot("boards_ghoul_keep", v, "ghoul", (432, 574), hover=f"slot:ghoul.die.{keep.state.ghoul.rolled[0]}")
        keep.apply(keep.pending.options[0].id)
        shot("boards_ghoul_rolled", view(keep, "ghoul"), "ghoul", (432, 574))
    mid = ghoul_moment(kg, _mid_turn)
    if mid is not None:
        shot("boards_ghoul_terror", view(mid, "ghoul"), "ghoul", (432, 574))
        shot("boards_ghoul_public", view(mid, "knight"), "ghoul", (432, 574))
        shot("boards_ghoul_small", view(mid, "ghoul"), "ghoul", (300, 420))
    high = ghoul_moment(("ghoul",), _high_fury) or ghoul_moment(("cave", "ghoul"), _high_fury)
    if high is None and mid is not None:        # (random players seldom get far: the Fury set by hand for the shot)
        high = mid
        high.state.ghoul.fury = 11
    if high is not None:
        shot("boards_ghoul_fury", view(high, "ghoul"), "ghoul", (432, 574), hover="info:ghoul.fury")
    drawn = ghoul_moment(("cave", "ghoul"), _kind("ghoul_terror_keep"))
    if drawn is not None:
        shot("boards_ghoul_drawn", view(drawn, "ghoul"), "ghoul", (432, 574))
    cheat = ghoul_moment(("cave", "ghoul"), _kind("ghoul_cheat"))
    if cheat is not None:
        shot("boards_ghoul_cheat", view(cheat, "ghoul"), "ghoul", (432, 574))
    table_shot()


if __name__ == "__main__":
    main()
