"""The typed player boards of a view (engine/board_views.py, GEN-01..04): each role's secret
parts are filled for that role only and ``None`` for every other viewer; the plain-data form
(``PlayerView.to_dict``) leaves a hidden part out, as the view always did; the names the Hard
player's observation drops are fields of the boards (a renamed field cannot silently stop
being dropped)."""
from __future__ import annotations

import dataclasses

from vast_desktop.bots.hard.turn_worlds import PER_TURN_KEYS
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.board_views import CaveBoard, DragonBoard, GoblinsBoard, KnightBoard, ThiefBoard

ROLES = ("knight", "goblins", "dragon", "cave", "thief")
# per role: the fields only its owner sees
SECRET = {"knight": ("sidequests", "facedown"), "cave": ("hand", "hand_types", "event_top3"),
          "dragon": ("hand", "payable"), "goblins": ("hand",), "thief": ()}


def _game(steps: int, variants: tuple[str, ...] = ()) -> Game:
    g = new_game(Setup(roles=ROLES, seed=6, variants=variants))
    bot = RandomBot(6)
    for _ in range(steps):
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
    return g


def test_GEN_02_secret_board_fields_are_filled_for_their_owner_only() -> None:
    """GEN-02: a role's hand, Sidequests, facedown Treasures, top Events are in its own view only."""
    for steps in (0, 40, 120):
        g = _game(steps, ("dragon-scales",))
        for viewer in (None, *ROLES):
            boards = view(g, viewer).boards
            for role, secret in SECRET.items():
                board = boards.of(role)
                assert board is not None, role
                for name in secret:
                    value = getattr(board, name)
                    if viewer == role:
                        assert value is not None, (role, name)
                    else:
                        assert value is None, f"view({viewer!r}) shows the {role}'s {name}"


def test_GEN_02_minimal_view_leaves_out_only_the_dragons_payable_powers() -> None:
    """The minimal view (Hard rollouts) hides the same secrets and drops only ``payable``."""
    g = _game(60)
    full, minimal = view(g, "dragon").boards, view(g, "dragon", minimal=True).boards
    assert full.dragon is not None and full.dragon.payable is not None
    assert minimal == dataclasses.replace(full, dragon=dataclasses.replace(full.dragon, payable=None))


def test_to_dict_leaves_a_hidden_part_out() -> None:
    """The plain-data form has no key for what the viewer may not see (golden digests, worlds)."""
    g = _game(30)
    public = view(g, None).to_dict()["boards"]
    own = view(g, "cave").to_dict()["boards"]
    assert set(public) == {*ROLES, "decks"}
    assert "hand" not in public["cave"] and "event_top3" not in public["cave"]
    assert tuple(own["cave"]["hand"]) == tuple(g.state.cave.hand)
    assert public["dragon"].keys() == {f.name for f in dataclasses.fields(DragonBoard)} - {
        "hand", "payable", "scale_deck", "scales_removed"}


def test_per_turn_keys_name_board_fields() -> None:
    """The Hard player's observation ignores another role's per-turn counters by field name:
    each name must be a field of some board."""
    names = {f.name for cls in (KnightBoard, CaveBoard, DragonBoard, GoblinsBoard, ThiefBoard)
             for f in dataclasses.fields(cls)}
    assert PER_TURN_KEYS <= names, PER_TURN_KEYS - names
