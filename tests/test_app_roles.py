"""The roles the app shows (``engine.state.APP_ROLES``): each has a board the table draws and a
button on the setup screen; a role the engine plays but the table cannot show yet (the Vile
Ghoul, issue 29) is refused by Load with a clear message, never half-shown."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.state import APP_ROLES, ROLE_ORDER
from vast_desktop.persistence import SaveError, load_save, save_game
from vast_desktop.render.boards import has_board


def test_every_app_role_has_its_board_drawn() -> None:
    assert APP_ROLES == tuple(r for r in ROLE_ORDER if r in APP_ROLES)      # in turn order
    assert all(has_board(r) for r in APP_ROLES)
    assert not has_board("vile_ghoul")


def test_a_save_with_a_role_the_table_cannot_show_is_refused(tmp_path: Path) -> None:
    ok = tmp_path / "ghoul.json"
    save_game(new_game(Setup(roles=("knight", "ghoul"), seed=3)), ok)
    assert load_save(ok)[0].setup.roles == ("knight", "ghoul")
    data = json.loads(ok.read_text())
    data["setup"]["roles"] = ["knight", "vile_ghoul"]            # a game the engine plays, the app cannot show
    vile = tmp_path / "vile.json"
    vile.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_save(vile)
    assert "setup.roles must name roles among knight, goblins, dragon, cave, thief, ghoul (not 'vile_ghoul')" \
        in str(err.value)
