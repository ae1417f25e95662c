"""The minimal view the Hard players give the Easy players inside their rollouts (issue 25,
item 7: "Rollout bots get a minimal view").

``view(game, role, minimal=True)`` is the full view with only a few fields left empty — the
ones no Easy player and no ``win_chance`` reads, and that cost the most to build — so it hides
the same secrets and shows nothing the full view does not.  The Easy players choose exactly as
they do with the full view: two players with the same seed, one given each view, are played in
lockstep through whole games and make the same choice at every decision.
"""
from __future__ import annotations

import dataclasses

import pytest

from vast_desktop.bots.hard.value import win_chance
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import view
from vast_desktop.engine.api import Setup, new_game
from vast_desktop.engine.view import PlayerView

# the fields the minimal view leaves empty (and the Dragon's ``payable`` on his own board)
LEFT_OUT = {"setup": {}, "removed": (), "placing": {}}

CASES = [
    (("knight", "dragon"), ()),
    (("dragon", "thief"), ("dragon-scales",)),
    (("goblins", "knight", "cave"), ("moving-entrance",)),
    (("cave", "knight"), ("random-terrain",)),
    (("knight", "goblins", "dragon", "cave", "thief"), ("terrain",)),
]


def assert_minimal_of(full: PlayerView, minimal: PlayerView) -> None:
    """``minimal`` is ``full`` with exactly the fields of LEFT_OUT emptied, and the Dragon's
    payable Powers left off his own board."""
    for f in dataclasses.fields(PlayerView):
        a, b = getattr(full, f.name), getattr(minimal, f.name)
        if f.name in LEFT_OUT:
            assert b == LEFT_OUT[f.name], f.name
        elif f.name == "boards":
            expected = a if a.dragon is None else dataclasses.replace(a, dragon=dataclasses.replace(a.dragon,
                                                                                                     payable=None))
            assert b == expected, f.name
        else:
            assert a == b, f.name


@pytest.mark.parametrize(("roles", "variants"), CASES, ids=lambda x: "-".join(x) or "plain")
def test_easy_players_choose_alike_with_the_minimal_view(roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    """Whole games with Easy players, each seat played twice over — one player given the
    full view, a twin with the same seed the minimal one: the same choice at every decision
    (so the same choice log), the same win chance judged from either view, and the minimal
    view differs from the full one only in the fields it leaves empty."""
    for seed in (1, 2):
        g = new_game(Setup(roles=roles, seed=seed, variants=variants))
        on_full = {r: make_bot(r, "easy", seed) for r in roles}
        on_minimal = {r: make_bot(r, "easy", seed) for r in roles}
        left_out_something = False
        while g.outcome is None and len(g.choices) < 1500:
            d = g.pending
            assert d is not None
            full, minimal = view(g, d.role), view(g, d.role, minimal=True)
            assert_minimal_of(full, minimal)
            left_out_something |= full != minimal
            choice = on_full[d.role](full, d)
            assert on_minimal[d.role](minimal, d) == choice, (seed, len(g.choices), d.kind)
            if len(g.choices) % 25 == 0:
                assert win_chance(minimal, d.role) == win_chance(full, d.role)
            g.apply(choice)
        assert g.outcome is not None, (seed, "the game did not end")
        assert left_out_something


def test_the_minimal_view_leaves_out_the_dragons_payable_powers() -> None:
    """The Dragon's own board lists the Powers he can pay for (his board's tooltips read it);
    the minimal view leaves it off, and leaves the rest of his board as it is."""
    g = new_game(Setup(roles=("dragon", "knight"), seed=3))
    full, minimal = view(g, "dragon"), view(g, "dragon", minimal=True)
    assert full.boards.dragon.payable is not None and minimal.boards.dragon.payable is None
    assert full.setup and full.setup["roles"] and minimal.setup == {}
    assert_minimal_of(full, minimal)
