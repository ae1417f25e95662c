"""The roles the app shows (``engine.state.APP_ROLES``): each has a board the table draws and a
button on the setup screen; a role the engine plays but the table cannot show yet (the Vile
Ghoul, issue 29) is refused by Load with a clear message, never half-shown."""
from __future__ import annotations

from pathlib import Path

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.state import APP_ROLES, ROLE_ORDER
from vast_desktop.persistence import SaveError, load_app_save, load_save, save_game
from vast_desktop.render.boards import has_board
from vast_desktop.review import Review
from vast_desktop.session import Session


def test_every_app_role_has_its_board_drawn() -> None:
    assert APP_ROLES == tuple(r for r in ROLE_ORDER if r in APP_ROLES)      # in turn order
    assert all(has_board(r) for r in APP_ROLES)
    assert not has_board("vile_ghoul")


def test_a_save_with_a_role_the_table_cannot_show_is_refused_by_the_apps_load(tmp_path: Path) -> None:
    g = new_game(Setup(roles=("knight", "vile_ghoul"), seed=3))
    path = tmp_path / "vile.json"
    save_game(g, path)
    assert load_save(path)[0].setup.roles == ("knight", "vile_ghoul")      # the engine's save format knows it
    for load in (load_app_save, Session.load, Review.from_save):
        with pytest.raises(SaveError) as err:
            load(path)
        assert str(err.value) == (f"{path}: this game has the vile ghoul, which this version's table cannot show "
                                  "yet (it shows knight, goblins, dragon, cave, thief, ghoul).")
    ok = tmp_path / "ghoul.json"
    save_game(new_game(Setup(roles=("knight", "ghoul"), seed=3)), ok)
    assert load_app_save(ok)[0].setup.roles == ("knight", "ghoul")
