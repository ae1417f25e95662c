"""Screenshots of the table for review: each role's view mid-game, the curtain,
a choice menu, an orientation preview and a four-role table (Knight, Goblins, Dragon and
Cave, pass-and-play) in the Goblins' turn.  Run headless:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_table.py [--size 1600x900]
Writes shots/table_*.png."""
from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))

from shots_app import app_from_args, fresh_home, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup  # noqa: E402
from vast_desktop.screens.handoff import HandoffScreen  # noqa: E402
from vast_desktop.screens.table import TableScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402

fresh_home()                 # a throw-away home: no saves, default settings


def shot(app: App, name: str) -> None:
    save_window(app, f"{name}.png")


def main() -> None:
    app, suffix = app_from_args(animation_speed=0.0)
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=21), {"knight": Seat(True), "cave": Seat(True)})
    app.replace(TableScreen(app))
    rng = random.Random(2)
    g = app.session
    # play some random choices so the map grows
    while len(g.game.choices) < 160 and g.game.outcome is None:
        d = g.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        if "end:" in d.ids and rng.random() < 0.12:
            ids = ["end:"]
        g.choose(ids[rng.randrange(len(ids))])
        if g.decider == "knight" and g.game.pending.kind == "knight_turn" and len(g.game.choices) > 120:
            break
    g.viewer = g.decider
    app.replace(TableScreen(app))
    shot(app, f"table_knight{suffix}")
    g.choose("end:") if "end:" in g.game.pending.ids else None
    app.step(1 / 60)
    if isinstance(app.top, HandoffScreen):
        shot(app, f"table_curtain{suffix}")
        app.top.reveal()
    shot(app, f"table_cave{suffix}")
    table = next(s for s in app.screens if isinstance(s, TableScreen))
    d = g.game.pending
    if d is not None and d.role == "cave":
        opts = [o for o in d.options if o.id.startswith("omen:")]
        if opts:
            table.open_options_menu(opts, (300, 300))
            shot(app, f"table_menu{suffix}")
            table.close_menu()
    # an orientation preview in a fresh Knight solo game
    app.session = Session.new(Setup(roles=("knight",), seed=3, solo_level="medium"), {"knight": Seat(True)})
    app.replace(TableScreen(app))
    s = app.session
    while s.game.pending.kind != "orient_tile":
        d = s.game.pending
        mv = [i for i in d.ids if i.startswith("move:")]
        s.choose(mv[0] if mv else d.ids[0])
    table = app.top
    table.orient_i = 1
    shot(app, f"table_orient{suffix}")
    # four roles, all human: the turn strip with four roles, four board tabs, the Goblins deciding
    roles = ("knight", "goblins", "dragon", "cave")
    app.session = Session.new(Setup(roles=roles, seed=19), {r: Seat(True) for r in roles})
    s = app.session
    rng = random.Random(5)
    while s.game.outcome is None and not (len(s.game.choices) >= 250 and s.game.pending.kind == "goblins_turn"):
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        if "end:" in d.ids and rng.random() < 0.2:
            ids = ["end:"]
        s.choose(ids[rng.randrange(len(ids))])
    s.viewer = s.decider
    app.replace(TableScreen(app))
    shot(app, f"table_four_roles{suffix}")


if __name__ == "__main__":
    main()
