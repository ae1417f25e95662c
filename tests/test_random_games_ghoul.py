"""Random full games with the Ghoul (issue 29): its invariants and driver, used by
test_random_games_expansion (every combination with it, every check at every step), and here
solo at Easy and Hard, played to the end by the random bot with test_random_games' invariants
(the Ghoul's Treasure tokens put back) and the Ghoul's own checked after every step, the
privacy watcher on every view every 10th step, and the log replayed at the end.

The Ghoul's invariants: its 13 Terror cards each in one place (deck, drawn to choose from,
face up, leaving this turn, out of the game); Fury within the track; no negative discs or movement; its piece on a
tile once placed; no view ever names a card still in the Terror deck (GH-03: nobody sees it).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from test_privacy import Watcher, check_privacy
from test_random_games import check_invariants

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, replay, view
from vast_desktop.engine.roles.ghoul.state import GhoulState
from vast_desktop.engine.roles.thief.state import stashed

MAX_STEPS = 6000


def check_ghoul(g: Game) -> None:
    s = g.state.ghoul
    assert isinstance(s, GhoulState)
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    places = Counter(s.terror_deck + s.drawing + s.terror + s.leaving + s.terror_removed)
    assert places == Counter(g.rules.ghoul.terror_deck()), f"{where}: Terror cards not each in one place: {places}"
    assert 0 <= s.fury <= g.rules.ghoul.fury_track.top, f"{where}: Fury {s.fury}"
    assert s.attack >= 0 and s.movement >= 0 and s.treasure >= 0 and s.defense >= 0, f"{where}: a negative count"
    assert s.treasure < g.rules.ghoul.treasures_per_fury, f"{where}: {s.treasure} Treasure tokens held (GH-15)"
    if s.placed:
        assert g.state.board.pieces.get("ghoul") in g.state.board.tiles, f"{where}: the Ghoul is off the map"


def check_general(g: Game) -> None:
    """test_random_games' invariants with the tokens the other roles hold put back in the supply."""
    st = g.state
    held = (st.dragon.treasure_held if st.dragon is not None else 0)
    held += (st.thief.carried.count("treasure") + stashed(g)) if st.thief is not None else 0
    held += st.ghoul.treasure if st.ghoul is not None else 0
    poisoned = st.goblins.poison_cubes if st.goblins is not None and st.knight is not None else 0
    st.supply["treasure"] += held
    if st.knight is not None:
        st.knight.set_aside += poisoned
    try:
        check_invariants(g)
    finally:
        st.supply["treasure"] -= held
        if st.knight is not None:
            st.knight.set_aside -= poisoned
    check_ghoul(g)


def check_deck_hidden(g: Game) -> None:
    """GH-03: no view names a Terror card still in the deck (each physical id is unique), nor
    one the Ghoul drew to choose from, but its own."""
    for v in (None, *g.state.roles):
        deck = set(g.state.ghoul.terror_deck) | (set(g.state.ghoul.drawing) if v != "ghoul" else set())
        pv = view(g, v)
        board = pv.boards.ghoul
        assert board is not None and not deck & (set(board.terror) | set(board.terror_removed))
        if pv.decision is not None:
            assert not any(c in oid for oid in pv.decision.ids for c in deck), "an option names a card in the deck"


def play(setup: Setup, check_step: Callable[[Game], None] = check_general,
         check_hidden: Callable[[Game], None] = check_deck_hidden,
         kept: Callable[[Game], object] = lambda g: g.state.ghoul.fury) -> Game:
    """A random game to its end: ``check_step`` after every step, privacy and ``check_hidden``
    every 10th, then a replay with the same outcome and the same ``kept`` (the Ghoul's Fury; the
    Vile Ghoul's tests pass their own checks and its dice chart)."""
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    watcher = Watcher()
    check_step(g)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {setup.seed}: no outcome after {MAX_STEPS} choices"
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role), d))
        check_step(g)
        if len(g.choices) % 10 == 0:
            check_privacy(g, watcher, full=len(g.choices) % 200 == 0)
            check_hidden(g)
    assert set(g.outcome.winners) <= set(setup.roles)
    again = replay(setup, list(g.choices))
    assert again.outcome == g.outcome and kept(again) == kept(g)
    return g


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_random_solo_ghoul(level: str) -> None:
    g = play(Setup(roles=("ghoul",), seed=3, solo_level=level))
    assert g.outcome is not None


def test_cli_simulates_the_ghoul_with_random_and_easy_players(capsys) -> None:
    """``simulate --roles knight,ghoul`` (issue 29's command) in-process, random and Easy players
    (a whole game with a Hard Ghoul: tests/bots/test_bots_full_games.py)."""
    from vast_desktop.cli import run as main

    assert main(["simulate", "--roles", "knight,ghoul", "--games", "2", "--seed", "4"]) == 0
    assert main(["simulate", "--roles", "knight,ghoul", "--games", "2", "--bots", "knight=easy,ghoul=easy"]) == 0
    assert "2 games, 2 finished, 0 errors" in capsys.readouterr().out


def test_a_ghoul_game_saves_and_loads(tmp_path) -> None:
    """persistence knows the role: a game in progress with the Ghoul saves, loads (replayed and
    probed) and shows every viewer the same view."""
    from vast_desktop.persistence import load_game, save_game

    g = new_game(Setup(roles=("knight", "ghoul"), seed=8))
    bot = RandomBot(8)
    while g.outcome is None and len(g.choices) < 120:
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
    path = tmp_path / "ghoul.json"
    save_game(g, path)
    again = load_game(path)
    for v in (None, "knight", "ghoul"):
        assert view(again, v) == view(g, v)
