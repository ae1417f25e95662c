"""The five-role game (RV-09: Knight, Goblins, Dragon, Cave and Thief, all human, pass-and-play
with curtains) played to its end by real pygame events only, through the same robot table as
the four-role game: once as it comes, once with the Terrain variant (TR-01..33), its Terrain
tiles chosen, previewed under the pointer and placed by clicks."""
from __future__ import annotations

import time

from vast_desktop.engine.map.terrain import PLACING_KINDS
from vast_desktop.render import text as text_mod
from vast_desktop.render.theme import ROLE_NAMES
from vast_desktop.screens.gameover import headline

from .test_four_role_table import Table

FIVE = ("knight", "goblins", "dragon", "cave", "thief")
SEED = 5
TERRAIN_SEED = 84     # the Pits, the River, the Lake (twice) and the Canyon placed, the River ridden


def test_five_role_game_to_its_end_by_clicks(app) -> None:
    t0 = time.perf_counter()
    table = Table(app, SEED, roles=FIVE)
    table.play(max_choices=2500)
    game = app.session.game
    assert game.outcome is not None
    assert type(app.top).__name__ == "GameOverScreen"
    assert set(table.curtains) == set(FIVE), table.curtains
    assert sum(table.curtains.values()) == table.hand_offs
    assert sum(table.kinds.values()) == len(game.choices)
    assert any(k.startswith("thief") for k in table.kinds), table.kinds
    print(f"\n{len(game.choices)} choices, {table.hand_offs} hand-offs, {table.robot.drags} drags, "
          f"{time.perf_counter() - t0:.1f} s")


def test_five_role_terrain_game_to_its_end_by_clicks(app) -> None:
    """A five-role game with the Terrain variant to the game-over screen, every choice a click, a drag or
    a key: the Terrain tile chosen by a click, each tile placed by pointing at a space (its footprint
    shown there, the wheel for the other ways over that space) and clicking, the Pits one by one, the
    River's current ridden by a click.  Terrain tiles were laid on the map, and the game-over screen
    names the winner."""
    t0 = time.perf_counter()
    table = Table(app, TERRAIN_SEED, roles=FIVE, variants=("terrain",))
    table.play(max_choices=2500)
    game = app.session.game
    assert game.outcome is not None and game.outcome.winners
    over = app.top
    assert type(over).__name__ == "GameOverScreen"
    assert sum(table.kinds.values()) == len(game.choices)
    assert set(table.curtains) == set(FIVE), table.curtains
    placed = [e for e in game.events if e.kind == "terrain_placed"]
    assert len(placed) >= 4, [e.public for e in placed]
    kinds_laid = {e.data["terrain"] for e in placed}
    assert kinds_laid >= {"pits", "river"} and len(kinds_laid) >= 4, [e.public for e in placed]
    for kind in ("terrain_choose", *PLACING_KINDS, "terrain_ride"):
        assert table.kinds[kind] >= 1, (kind, dict(table.kinds))
    # the game-over screen says who won
    text_mod.DRAWN.clear()
    table.robot.frames(1)
    assert headline(game.outcome.winners) in text_mod.DRAWN, text_mod.DRAWN[:5]
    assert all(ROLE_NAMES[w] in headline(game.outcome.winners) for w in game.outcome.winners)
    print(f"\n{len(game.choices)} choices, {len(placed)} Terrain tiles placed, {table.hand_offs} hand-offs, "
          f"{table.robot.drags} drags, {time.perf_counter() - t0:.1f} s")
