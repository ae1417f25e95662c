"""The five-role game (RV-09: Knight, Goblins, Dragon, Cave and Thief, all human, pass-and-play
with curtains) played to its end by real pygame events only, through the same robot table as
the four-role game."""
from __future__ import annotations

import time

from .test_four_role_table import Table

FIVE = ("knight", "goblins", "dragon", "cave", "thief")
SEED = 5


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
