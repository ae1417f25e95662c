"""Screenshots of the explanations (issue 6) for review: the engine's reason after a click on a
space that is not a choice, and the map's tooltips over a Tribe, the Knight and the Dragon.
Run headless:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_explanations.py [--size 1600x900]
Writes shots/explain_*.png (explain_rule_link, explain_rule_opened: a refusal's
"Rule" link and the rules reference it opens)."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from shots_app import app_from_args, click, fresh_home, hover, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import load_scenario  # noqa: E402
from vast_desktop.screens.table import TableScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402

fresh_home()                 # a throw-away home: no saves, default settings

TILES = [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T22", "lit": True},
         {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [0, 1], "tile": "T29", "lit": True},
         {"pos": [-1, 0], "tile": "T02", "lit": True, "rot": 1}, {"pos": [1, 1], "tile": "T05", "lit": False},
         {"pos": [3, 0], "tile": "T31", "lit": True}, {"pos": [0, -1], "tile": "T13", "lit": False}]
SCENARIO = {"setup": {"roles": ["knight", "goblins", "dragon"], "seed": 3}, "active": "knight", "tiles": TILES,
            "pieces": {"knight": [0, 0], "tribe:fangs": [1, 0], "dragon": [2, 0]},
            "tokens": {"3,0": {"treasure": 1}, "2,0": {"crystal": 1}},
            "goblins": {"rage": 1, "war_deck": ["pain"], "population": {"fangs": 2, "bones": 0, "eye": 0},
                        "monsters": {"fangs": ["ogre"]}},
            "dragon": {"placed": True, "wakefulness": 3}}


def shot(app: App, name: str) -> None:
    save_window(app, f"{name}.png")


def main() -> None:
    app, suffix = app_from_args(animation_speed=0.0, bot_pace=999.0)
    app.session = Session(load_scenario(SCENARIO), {"knight": Seat(True), "goblins": Seat(False),
                                                     "dragon": Seat(False)})
    table = TableScreen(app)
    app.replace(table)
    for _ in range(3):
        app.step(1 / 60)

    def at(q: tuple[int, int], fy: float = 0.5) -> tuple[int, int]:
        r = table.map.camera.tile_rect(q)
        return r.centerx, int(r.y + r.h * fy)

    click(app, at((1, 0)))            # the Fangs Tribe's space: Strength 1 against 3
    shot(app, f"explain_whynot{suffix}")
    rule_link_shots(app, suffix)
    app.toasts.clear()
    click(app, at((-1, 0)))           # a wall in the way
    shot(app, f"explain_whynot_wall{suffix}")
    app.toasts.clear()
    hover(app, at((1, 0)))
    shot(app, f"explain_tooltip_tribe{suffix}")
    hover(app, at((0, 0)))
    shot(app, f"explain_tooltip_knight{suffix}")
    hover(app, at((2, 0)))
    shot(app, f"explain_tooltip_dragon{suffix}")
    scratch_shot(app, suffix)
    collapse_shot(app, suffix)


def rule_link_shots(app: App, suffix: str) -> None:
    """The refusal's "Rule" link under the pointer, then the rules reference it opens (KN-56)."""
    rect, _ = app.toast_links[-1]
    hover(app, rect.center)
    shot(app, f"explain_rule_link{suffix}")
    click(app, rect.center)
    shot(app, f"explain_rule_opened{suffix}")
    app.pop()
    for _ in range(3):
        app.step(1 / 60)


def _show(app: App, game: object, human: str) -> TableScreen:
    roles = game.state.roles                                            # type: ignore[attr-defined]
    app.session = Session(game, {r: Seat(r == human) for r in roles})   # type: ignore[arg-type]
    table = TableScreen(app)
    app.replace(table)
    for _ in range(3):
        app.step(1 / 60)
    app.toasts.clear()
    return table


def scratch_shot(app: App, suffix: str) -> None:
    """The Dragon's Scratch: a click off his tile is refused with DR-34."""
    g = load_scenario({**SCENARIO, "active": "dragon", "pieces": {"knight": [2, 0], "tribe:fangs": [2, 0],
                                                                   "dragon": [2, 0]},
                       "dragon": {"placed": True, "hand": ["claw", "claw", "claw"]}})
    g.apply("power:scratch")
    table = _show(app, g, "dragon")
    r = table.map.camera.tile_rect((3, 0))
    click(app, r.center)
    shot(app, f"explain_whynot_scratch{suffix}")


def collapse_shot(app: App, suffix: str) -> None:
    """The Cave in the Collapse: a tile touching too many others is refused with COL-07."""
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.engine import Setup, new_game
    from vast_desktop.engine.map.collapse import collapse_candidates

    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=4))
    bot = RandomBot(4)
    while g.pending is not None and not (g.pending.kind == "cave_turn" and g.state.collapse
                                         and any(o.id.startswith("remove:") for o in g.pending.options)):
        g.apply(bot(None, g.pending))
    cands = set(collapse_candidates(g))
    q = next(p for p in sorted(g.state.board.tiles) if p not in cands and p != g.state.board.entrance)
    table = _show(app, g, "cave")
    click(app, table.map.camera.tile_rect(q).center)
    shot(app, f"explain_whynot_collapse{suffix}")


if __name__ == "__main__":
    main()
