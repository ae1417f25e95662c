"""Random full games with the Vile Ghoul (issue 29): its invariants, used by
test_random_games_expansion (every combination with it, random and Easy players, every check at
every step), and here solo at each level, played to the end by the random bot with
test_random_games' invariants (its Treasure tokens put back) and the Vile Ghoul's own checked
after every step, the privacy watcher on every view every 10th step, and the log replayed at
the end.

The Vile Ghoul's invariants: its 13 Terror cards each in one place; its dice (supply, the left
of the chart, the right of the rows) never more than it has, and one die on the left only while
a row is selected; Boost dice spent never more than the row's; no Fury (VG-15); no negative
movement, Attack or Defense; fewer Treasures held than the Terror card's count; its piece on a
tile once placed; no view names a card still in the Terror deck.
"""
from __future__ import annotations

from collections import Counter

import pytest
from test_random_games import check_invariants
from test_random_games_ghoul import play as play_game

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.roles.ghoul.vile import chart as vc
from vast_desktop.engine.roles.ghoul.vile.state import VileGhoulState
from vast_desktop.engine.roles.thief.state import stashed


def check_vile(g: Game) -> None:
    s = g.state.ghoul
    assert isinstance(s, VileGhoulState)
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    places = Counter(s.terror_deck + s.drawing + s.terror + s.leaving + s.terror_removed)
    assert places == Counter(g.rules.ghoul.terror_deck()), f"{where}: Terror cards not each in one place: {places}"
    c = s.chart
    dice = len(c.supply) + c.dice_on_chart()
    assert dice <= g.rules.vile_ghoul.dice, f"{where}: {dice} Ghoul dice"
    assert all(n >= 0 for n in c.right.values()) and 0 <= c.boost_spent <= vc.boost_dice(c), f"{where}: {c}"
    assert s.fury == 0, f"{where}: the Vile Ghoul tracks no Fury (VG-15)"
    assert min(s.movement, s.attack, s.defense, s.bonus, s.treasure) >= 0, f"{where}: a negative count"
    assert s.treasure < g.rules.vile_ghoul.collected_per_terror, f"{where}: {s.treasure} Treasures held (VG-15)"
    if s.placed:
        assert g.state.board.pieces.get("vile_ghoul") in g.state.board.tiles, f"{where}: the Vile Ghoul is off the map"


def check_hidden(g: Game) -> None:
    """VG-02, GH-03: the Terror deck is hidden from every view (the Ghoul's check, on its board)."""
    for v in (None, *g.state.roles):
        deck = set(g.state.ghoul.terror_deck) | (set(g.state.ghoul.drawing) if v != "vile_ghoul" else set())
        pv = view(g, v)
        board = pv.boards.vile_ghoul
        assert board is not None and pv.boards.ghoul is None
        assert not deck & (set(board.terror) | set(board.terror_removed))
        if pv.decision is not None:
            assert not any(c in oid for oid in pv.decision.ids for c in deck), "an option names a card in the deck"


def play(setup: Setup) -> Game:
    """test_random_games_ghoul's random game with the Vile Ghoul's checks; the replay keeps its chart."""
    return play_game(setup, check_general_vile, check_hidden, lambda g: g.state.ghoul.chart)


def check_general_vile(g: Game) -> None:
    """test_random_games' invariants with the tokens the roles hold put back, and the Vile Ghoul's."""
    st = g.state
    held = (st.dragon.treasure_held if st.dragon is not None else 0)
    held += (st.thief.carried.count("treasure") + stashed(g)) if st.thief is not None else 0
    held += st.ghoul.treasure
    st.supply["treasure"] += held
    try:
        check_invariants(g)
    finally:
        st.supply["treasure"] -= held
    check_vile(g)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_random_solo_vile_ghoul(level: str) -> None:
    g = play(Setup(roles=("vile_ghoul",), seed=3, solo_level=level))
    assert g.outcome is not None and g.config.extra["ghoul_crystals_goal"] == {"easy": 5, "medium": 6, "hard": 7}[level]
    assert g.config.alone_in_the_dark and g.config.flare_holders == frozenset({"vile_ghoul"})   # with the Flare


def test_a_vile_ghoul_game_saves_and_loads(tmp_path) -> None:
    """persistence knows the role: a game in progress with the Vile Ghoul saves, loads and shows
    every viewer the same view."""
    from vast_desktop.persistence import load_game, save_game

    g = new_game(Setup(roles=("knight", "vile_ghoul", "dragon"), seed=8))
    bot = RandomBot(8)
    while g.outcome is None and len(g.choices) < 150:
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
    path = tmp_path / "vile.json"
    save_game(g, path)
    again = load_game(path)
    for v in (None, "knight", "vile_ghoul", "dragon"):
        assert view(again, v) == view(g, v)


def test_cli_simulates_the_vile_ghoul_with_random_and_easy_players(capsys) -> None:
    """``simulate --roles knight,vile_ghoul`` in-process, with the random and Easy players (the Hard
    player's decisions with it: tests/bots/test_hard.py and test_worlds.py; a whole Hard game costs
    half a minute)."""
    from vast_desktop.cli import run as main

    assert main(["simulate", "--roles", "knight,vile_ghoul", "--games", "2", "--seed", "4"]) == 0
    assert main(["simulate", "--roles", "knight,vile_ghoul", "--games", "2", "--bots", "vile_ghoul=easy,knight=easy"]) == 0
    assert "2 games, 2 finished, 0 errors" in capsys.readouterr().out
