"""Every role the engine plays is one the app shows (``engine.state.ROLE_ORDER``): each has a board
the table draws and a button on the setup screen, and the app's Load, Continue and Review accept a
save with any of them — the Vile Ghoul's too (issue 29), the last role whose board was drawn."""
from __future__ import annotations

from pathlib import Path

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.state import ROLE_ORDER
from vast_desktop.persistence import load_save, save_game
from vast_desktop.render.boards import has_board
from vast_desktop.review import Review
from vast_desktop.session import Session


def test_every_role_has_its_board_drawn() -> None:
    assert all(has_board(r) for r in ROLE_ORDER)


def test_a_vile_ghoul_save_is_loaded_continued_and_reviewed_by_the_app(tmp_path: Path) -> None:
    g = new_game(Setup(roles=("knight", "vile_ghoul"), seed=3))
    for _ in range(6):
        assert g.pending is not None
        g.apply(g.pending.ids[0])
    path = tmp_path / "vile.json"
    save_game(g, path)
    assert load_save(path)[0].choices == g.choices
    session = Session.load(path)
    assert session.game.state.roles == ("knight", "vile_ghoul") and session.game.choices == g.choices
    review = Review.from_save(path)
    assert review.setup.roles == ("knight", "vile_ghoul")
