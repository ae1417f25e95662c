"""Random full games with the Thief: every one of the 16 role subsets that include him
(RV-35), played to the end by the random bot with the component invariants of
test_random_games, the Goblins' and the Dragon's checked after every step, plus the
Thief's own:

- the 12 Treasure tokens conserved: map + supply + carried + stashed + held by the Dragon
  (CV-10, TH-38/42);
- each Gem in one place only: on the map, carried, or in the Dragon's supply (TH-40/44);
- his stats within 1..5 and his Loot Drop Level within 0..3 (TH-53, TH-28);
- his piece on the map exactly when he is placed and alive (TH-45/47);
- never more stashed than the game needs to end (TH-43).
"""
from __future__ import annotations

from itertools import combinations

import pytest
from test_random_games import check_invariants
from test_random_games_dragon import check as check_dragon
from test_random_games_goblins import check_goblins

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.roles.thief.state import STATS, stash_needed, stashed, stat
from vast_desktop.engine.state import BASE_ROLES

MAX_STEPS = 9000
THIEF_SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if "thief" in c]


def check_thief(g: Game) -> None:
    st = g.state
    t = st.thief
    where = f"seed {g.setup.seed}, {st.roles}, step {len(g.choices)}"
    board = st.board
    held = st.dragon.treasure_held if st.dragon is not None else 0
    held += st.goblins.stored_treasure if st.goblins is not None else 0      # VAR-29: stored for Schemes
    total = (board.count_tokens("treasure") + st.supply["treasure"] + t.carried.count("treasure") + stashed(g)
             + held)
    assert total == g.rules.cave.treasure_tokens_with_thief, f"{where}: {total} Treasure tokens"
    for s in ("claw", "flame", "wing"):
        places = board.count_tokens(f"gem_{s}") + t.carried.count(f"gem_{s}")
        assert places <= 1, f"{where}: the {s} Gem is in {places} places"
    for name in STATS:
        assert 1 <= stat(g, name) <= g.rules.thief.stat_max, f"{where}: {name} {stat(g, name)}"
    assert 0 <= t.loot_drop <= 3 and t.cubes >= 0 and t.movement_left >= 0, where
    assert ("thief" in board.pieces) == (t.placed and not t.dead), f"{where}: placed {t.placed} dead {t.dead}"
    if t.dead:
        assert not t.carried, f"{where}: a dead Thief carries {t.carried}"
    assert stashed(g) <= stash_needed(g), f"{where}: {stashed(g)} stashed"
    assert len(t.upgrades) == len(set(t.upgrades)), f"{where}: upgrades {t.upgrades}"


def play(setup: Setup, with_views: bool = False) -> Game:
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {setup.seed}: no outcome"
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role) if with_views else None, d))
        held = g.state.dragon.treasure_held if g.state.dragon is not None else 0
        k, gob = g.state.knight, g.state.goblins
        carried = g.state.thief.carried.count("treasure") + stashed(g)
        g.state.supply["treasure"] += held + carried       # the general check counts map + supply only
        if k is not None and gob is not None:
            k.set_aside += gob.poison_cubes
        try:
            check_invariants(g)
        finally:
            g.state.supply["treasure"] -= held + carried
            if k is not None and gob is not None:
                k.set_aside -= gob.poison_cubes
        check_thief(g)
        if g.state.goblins is not None:
            check_goblins(g)
        if g.state.dragon is not None:
            check_dragon(g)
        if with_views:
            for viewer in (*setup.roles, None):
                if viewer != "dragon" and g.state.dragon is not None:
                    assert view(g, viewer).boards.dragon.hand is None
                if viewer != "goblins" and g.state.goblins is not None:
                    assert view(g, viewer).boards.goblins.hand is None
    assert set(g.outcome.winners) <= set(setup.roles)
    return g


@pytest.mark.parametrize("roles", THIEF_SUBSETS, ids=lambda r: "+".join(r))
@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_thief(roles: tuple[str, ...], seed: int) -> None:
    play(Setup(roles=roles, seed=seed), with_views=seed == 0)


@pytest.mark.parametrize("level", ["footpad", "burglar", "prowler", "invader"])
def test_thief_difficulties(level: str) -> None:
    g = play(Setup(roles=("cave", "thief"), seed=5, difficulty={"thief": level}))
    assert stash_needed(g) == {"footpad": 4, "burglar": 5, "prowler": 7, "invader": 8}[level]


def test_the_random_thief_reaches_his_stash() -> None:
    """Random play must exercise stashing and upgrades now and then (his win is proven
    by the TH-43 rule test; random play, like the Knight's, seldom gets that far)."""
    stashes = 0
    for seed in range(20):
        g = play(Setup(roles=("thief",), seed=seed))
        stashes += stashed(g)
    assert stashes > 0
