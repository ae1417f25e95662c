"""Screenshots of the table's motion and attention (issue 27 item 6): a hand tile's drag ghost, a
computer's move highlighted on the map with "Skip to my turn" showing, the Dragon die tumbling
and then landed.  Writes PNGs to shots/ (or the folder given).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_motion.py [out-folder]
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

from vast_desktop.engine import Setup  # noqa: E402

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "shots"
DT = 1 / 60


def new_app(roles: tuple[str, ...], seats: dict, seed: int, pace: float, shared: bool = False):
    from vast_desktop.app import App
    from vast_desktop.headless.robot import Robot
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Session
    from vast_desktop.settings import autosave_path

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"animation_speed": 1.0, "bot_pace": pace, "reminders": False})
    app.session = Session.new(Setup(roles=roles, seed=seed), seats, autosave_path(), shared_table=shared)
    table = TableScreen(app)
    app.replace(table)
    robot = Robot(app)
    robot.frames(3)
    return app, table, robot


def save(app, name: str) -> None:
    pygame.image.save(app.screen, str(OUT / name))
    print(name)


def drag_ghost() -> None:
    """The Cave (person) drags a tile from her hand over the map: its see-through copy under the pointer."""
    from vast_desktop.session import Seat

    app, table, robot = new_app(("knight", "cave"), {"knight": Seat(False, "random"), "cave": Seat(True)}, 8, 0.0)
    s = app.session
    place = None
    for _ in range(3000):
        d = s.game.pending
        if s.human_to_decide:
            place = next((o for o in d.options if o.id.startswith("place:") and any(t.drag_from for t in o.targets)),
                         None)
            if place is not None:
                break
            s.choose(d.options[0].id)
        robot.frames(1)
    assert place is not None
    robot.settle()
    tile = next(t for t in place.targets if t.kind == "hand_tile")
    src = robot.board_region(f"drag:{tile.drag_from}")
    r = table.map_rect
    b = (r.centerx - 120, r.centery + 60)
    pygame.mouse.set_pos(src)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1))
    robot.frames(1)
    prev = src
    for i in range(1, 9):
        p = (src[0] + (b[0] - src[0]) * i // 8, src[1] + (b[1] - src[1]) * i // 8)
        pygame.mouse.set_pos(p)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - prev[0], p[1] - prev[1]),
                                             buttons=(1, 0, 0)))
        prev = p
        robot.frames(1)
    save(app, "motion_drag_ghost.png")


def highlight_and_skip() -> None:
    """While the computer Knight plays: "Skip to my turn" over the map's corner (with the die of her
    Flare rolling); then her move ringed on the map."""
    from vast_desktop.session import Seat

    app, table, robot = new_app(("knight", "cave"), {"knight": Seat(False, "random"), "cave": Seat(True)}, 8, 0.6)
    s = app.session
    pygame.mouse.set_pos((5, 5))
    skip_shot = False
    for _ in range(3000):
        n = len(s.game.events)
        robot.frames(1)
        if not skip_shot and s.bot_to_move() and table.die is not None:
            robot.frames(10)
            save(app, "motion_skip.png")
            skip_shot = True
        if any(e.kind == "move" for e in s.game.events[n:]):
            break
    robot.frames(12)                     # the ring swelling
    save(app, "motion_highlight.png")


def die_roll() -> None:
    """The Dragon die tumbling over its centre, then landed with the spaces it hits."""
    from vast_desktop.session import Seat

    app, table, robot = new_app(("knight", "dragon"), {"knight": Seat(True), "dragon": Seat(True)}, 11, 0.0,
                                shared=True)
    s = app.session
    game = s.game
    rng = random.Random(2)
    for _ in range(3000):
        d = game.pending
        ids = list(d.ids)
        pick = next((i for i in ids if d.role == "dragon" and i in ("power:claw", "power:flame", "power:wrath")), None)
        if pick is None:
            if "end:" in ids and len(ids) > 1 and rng.random() > 0.2:
                ids.remove("end:")
            pick = ids[rng.randrange(len(ids))]
        n = len(game.events)
        s.choose(pick)
        table.refresh()
        if any(e.kind == "die_roll" for e in game.events[n:]):
            break
    pygame.mouse.set_pos((5, 5))
    robot.frames(14)
    save(app, "motion_die_tumbling.png")
    while table.die is not None and table.die.tumbling:
        robot.frames(1)
    robot.frames(6)
    save(app, "motion_die_landed.png")


def main() -> None:
    os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")
    OUT.mkdir(parents=True, exist_ok=True)
    drag_ghost()
    highlight_and_skip()
    die_roll()


if __name__ == "__main__":
    main()
