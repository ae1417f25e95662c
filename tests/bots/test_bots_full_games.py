"""Computer players finish whole games (issue 7): Easy players in every seat of every
legal role subset, and Hard players (drawing one world per search, to keep the suite fast)
in a few of them — no error, an outcome reached, and the same seed gives the same game."""
from __future__ import annotations

from itertools import combinations

import pytest

from vast_desktop.bots.hard.search import HardBot
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.state import BASE_ROLES
from vast_desktop.headless.matches import bot_seed, play_match

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]


@pytest.mark.parametrize("roles", SUBSETS, ids=["-".join(s) for s in SUBSETS])
def test_easy_players_finish_every_role_subset(roles: tuple[str, ...]) -> None:
    r = play_match(Setup(roles=roles, seed=21), dict.fromkeys(roles, "easy"))
    assert r.error is None, r.error
    assert r.finished and r.reason


@pytest.mark.parametrize("roles", [("knight", "cave"), ("goblins", "dragon"), ("thief", "knight"),
                                   ("knight", "goblins", "dragon", "cave", "thief"), ("vile_ghoul", "dragon"),
                                   ("ghoul", "knight")],
                         ids="-".join)
def test_hard_players_finish_games(roles: tuple[str, ...]) -> None:
    """One Hard seat (one world a search) among Easy ones; the game ends without error, and
    every world its searches drew could be played (none was left out for an engine fault)."""
    g = new_game(Setup(roles=roles, seed=8))
    hard = roles[0]
    bots = {r: HardBot(r, seed=bot_seed(8, r), rounds=1) if r == hard else make_bot(r, "easy", bot_seed(8, r))
            for r in roles}
    while g.outcome is None and len(g.choices) < 5000:
        d = g.pending
        assert d is not None
        g.apply(bots[d.role](view(g, d.role), d))
    assert g.outcome is not None
    assert bots[hard].failed_worlds == []      # type: ignore[attr-defined]


def test_same_seed_and_bots_give_the_same_game() -> None:
    levels = {"knight": "easy", "goblins": "easy", "cave": "easy"}
    a = play_match(Setup(roles=("knight", "goblins", "cave"), seed=4), levels)
    b = play_match(Setup(roles=("knight", "goblins", "cave"), seed=4), levels)
    assert (a.winners, a.choices, a.rounds, a.reason) == (b.winners, b.choices, b.rounds, b.reason)
