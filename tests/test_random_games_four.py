"""Random full games with both the Goblins and the Dragon: Knight/Goblins/Dragon/Cave,
Knight/Goblins/Dragon (Past Plunder to the Dragon), Goblins/Dragon/Cave (Ash Dragon)
and Goblins/Dragon (Ash Dragon, Past Plunder to the Goblins), with the invariants of
test_random_games, of the Goblins (test_random_games_goblins) and of the Dragon
(test_random_games_dragon) checked after every choice."""
from __future__ import annotations

import pytest
from test_random_games import check_invariants
from test_random_games_dragon import check as check_dragon
from test_random_games_goblins import check_goblins

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game

MAX_STEPS = 8000


def play(setup: Setup, with_views: bool = False) -> Game:
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    k = g.state.knight
    gob = g.state.goblins
    assert gob is not None and g.state.dragon is not None
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {setup.seed}: no outcome"
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role) if with_views else None, d))
        held = g.state.dragon.treasure_held    # Treasure the Dragon keeps for later turns (DR-51)
        if k is not None:                      # Poisoned Hero cubes wait on the Entrance
            k.set_aside += gob.poison_cubes
        g.state.supply["treasure"] += held
        try:
            check_invariants(g)
        finally:
            g.state.supply["treasure"] -= held
            if k is not None:
                k.set_aside -= gob.poison_cubes
        check_goblins(g)
        check_dragon(g)
        if with_views:
            for viewer in (*setup.roles, None):
                if viewer != "dragon":
                    assert view(g, viewer).boards.dragon.hand is None
                if viewer != "goblins":
                    assert view(g, viewer).boards.goblins.hand is None
    assert set(g.outcome.winners) <= set(setup.roles)
    return g


@pytest.mark.parametrize("seed", range(4))
def test_knight_goblins_dragon_cave(seed: int) -> None:
    play(Setup(roles=("knight", "goblins", "dragon", "cave"), seed=seed), with_views=seed == 0)


@pytest.mark.parametrize("seed", range(4))
def test_knight_goblins_dragon(seed: int) -> None:
    g = play(Setup(roles=("knight", "goblins", "dragon"), seed=seed))
    assert g.config.extra.get("gift:ash_dragon") is None


@pytest.mark.parametrize("seed", range(4))
def test_goblins_dragon_cave(seed: int) -> None:
    play(Setup(roles=("goblins", "dragon", "cave"), seed=seed))


@pytest.mark.parametrize("seed", range(5))
def test_goblins_vs_dragon(seed: int) -> None:
    play(Setup(roles=("goblins", "dragon"), seed=seed), with_views=seed == 1)


def test_ash_dragon_variants() -> None:
    from vast_desktop.engine.roles.dragon.state import armor, ash_dragon

    for roles, ash in ((("goblins", "dragon"), True), (("goblins", "dragon", "cave"), True),
                       (("knight", "goblins", "dragon"), False), (("knight", "goblins", "dragon", "cave"), False)):
        g = new_game(Setup(roles=roles, seed=1))
        assert ash_dragon(g) == ash
        assert armor(g) == g.rules.dragon.armor_spirit(g.state.dragon.wakefulness)[0] + (1 if ash else 0)
