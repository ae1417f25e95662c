"""Every role combination with the Ghoul or the Vile Ghoul (issue 29), played to its end once by
random players and once by Easy players in every seat, with every check at every step:

- the engine's invariants (test_random_games') and the role's own (test_random_games_ghoul's
  ``check_ghoul``, test_random_games_vile_ghoul's ``check_vile``: the 13 Terror cards each in one
  place, its dice, discs and counts);
- privacy: test_privacy's checker on every viewer's view (no view names what its viewer may not
  know, each log line only its own private words, the decision only in the decider's view) and
  the Terror deck hidden from every view (GH-03, VG-02);
- undo barriers: a step that uncovered something (the RNG moved: a die, a shuffle, a draw; a
  card left a deck; a Dark tile turned; a tile left the stack) cannot be undone, and every
  ``UNDO_EVERY``-th step that can be undone restores the game exactly;
- at the end, the log replayed in a new game and the game saved and loaded give the same game.

The Ghoul joins any set of the five roles (32 combinations, itself alone the solo game); the
Vile Ghoul takes the Goblins' seat and never plays with the Ghoul (VG-03): any set of the Knight,
the Dragon, the Cave and the Thief (16).  One game per combination, random and Easy players
seated alternately (the next combination swaps them), so that each role plays at both levels
and every combination has both; the same combinations with random players only and with Easy
players only run in ``simulate`` sweeps (the issue's note gives the counts).
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from test_privacy import Watcher, check_privacy
from test_properties_all_subsets import _hidden, uncovered_by
from test_random_games_ghoul import check_general
from test_random_games_vile_ghoul import check_general_vile
from test_replay_save_undo import dump

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, replay, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.state import BASE_ROLES, ROLE_ORDER
from vast_desktop.persistence import load_game, save_game

MAX_STEPS = 6000
UNDO_EVERY = 41


def _ordered(roles: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(roles, key=ROLE_ORDER.index))


GHOUL_SETS = [_ordered((*c, "ghoul")) for n in range(6) for c in combinations(BASE_ROLES, n)]
VILE_SETS = [_ordered((*c, "vile_ghoul")) for n in range(5)
             for c in combinations(("knight", "dragon", "cave", "thief"), n)]
CASES = [pytest.param(roles, i % 2, id="+".join(roles)) for i, roles in enumerate(GHOUL_SETS + VILE_SETS)]


def _uncovered(g: Game) -> dict[str, Any]:
    """What nobody (or only one role) knew before the step: test_properties_all_subsets' list
    and the Terror deck."""
    out = _hidden(g)
    if g.state.ghoul is not None:
        out["terror"] = len(g.state.ghoul.terror_deck)
    return out


def terror_deck_hidden(g: Game, views: dict[str | None, Any]) -> None:
    """GH-03, VG-02: no view names a Terror card still in the deck, nor one drawn to choose from
    but the Ghoul's own; one of the two boards, the one of the seat in play."""
    seat = g.state.ghoul.piece
    other = "vile_ghoul" if seat == "ghoul" else "ghoul"
    for v, pv in views.items():
        deck = set(g.state.ghoul.terror_deck) | (set(g.state.ghoul.drawing) if v != seat else set())
        board = getattr(pv.boards, seat)
        assert board is not None and getattr(pv.boards, other) is None
        assert not deck & (set(board.terror) | set(board.terror_removed)), f"view({v!r}) names a card in the deck"
        if pv.decision is not None:
            assert not any(c in oid for oid in pv.decision.ids for c in deck), "an option names a card in the deck"


def seats_for(roles: tuple[str, ...], first: int, seed: int) -> dict[str, Callable[..., str]]:
    """Random and Easy players seated alternately, the first at ``first`` (0: random, 1: Easy)."""
    bot = RandomBot(seed)
    return {r: bot if (i + first) % 2 == 0 else make_bot(r, "easy", seed * 7 + i) for i, r in enumerate(roles)}


def play_checked(setup: Setup, first: int) -> tuple[Game, int, int]:
    """``setup`` to its end (:func:`seats_for`), every check at every step; returns the game,
    the barriers met and the undos checked."""
    g = new_game(setup)
    seats = seats_for(tuple(setup.roles), first, setup.seed)
    invariants = check_general_vile if "vile_ghoul" in setup.roles else check_general
    watcher = Watcher()
    barriers = undos = 0
    invariants(g)
    while g.outcome is None:
        step = len(g.choices)
        assert step < MAX_STEPS, f"seed {setup.seed}: no outcome after {MAX_STEPS} choices"
        d = g.pending
        assert d is not None
        before_hidden = _uncovered(g)
        before = dump(g) if step % UNDO_EVERY == 0 else None
        g.apply(seats[d.role](view(g, d.role), d))
        invariants(g)
        check_privacy(g, watcher, full=len(g.choices) % 250 == 0)
        terror_deck_hidden(g, watcher.views)
        uncovered = uncovered_by(before_hidden, _uncovered(g), d.kind)
        if g.outcome is not None:
            break
        if uncovered:
            assert not g.can_undo(), f"step {step} ({g.choices[-1]}) uncovered {uncovered} but can be undone"
            barriers += 1
        elif before is not None and g.can_undo():
            assert dump(g.undo()) == before, f"undo of step {step} ({g.choices[-1]})"
            undos += 1
    assert set(g.outcome.winners) <= set(setup.roles)
    return g, barriers, undos


@pytest.mark.parametrize("roles, first", CASES)
def test_every_expansion_combination_at_every_step(roles: tuple[str, ...], first: int, tmp_path: Path) -> None:
    setup = Setup(roles=roles, seed=len(roles) * 5 + 1)
    g, barriers, undos = play_checked(setup, first)
    assert barriers > 0                                   # every game rolls dice: some steps uncover
    again = replay(setup, list(g.choices))
    assert dump(again) == dump(g), "replay differs"
    path = tmp_path / "game.json"
    save_game(g, path)
    assert dump(load_game(path)) == dump(g), "save/load differs"


def test_the_combinations_are_the_rules_ones() -> None:
    """32 with the Ghoul (the solo game among them), 16 with the Vile Ghoul; the Vile Ghoul never
    with the Goblins or the Ghoul (the engine refuses those, VG-03)."""
    from vast_desktop.engine import SetupError

    assert len(GHOUL_SETS) == 32 and ("ghoul",) in GHOUL_SETS
    played: dict[str, set[bool]] = {}
    for case in CASES:
        roles, first = case.values
        seats = seats_for(roles, first, 1)                               # (the role's random or Easy player)
        kinds = {isinstance(b, RandomBot) for b in seats.values()}
        assert len(roles) == 1 or kinds == {True, False}, roles          # both kinds of player at the table
        for r, b in seats.items():
            played.setdefault(r, set()).add(isinstance(b, RandomBot))
    assert all(kinds == {True, False} for kinds in played.values())      # each role at both levels
    assert len(VILE_SETS) == 16 and not any({"goblins", "ghoul"} & set(r) for r in VILE_SETS)
    for roles in (("goblins", "vile_ghoul"), ("vile_ghoul", "ghoul")):
        with pytest.raises(SetupError):
            new_game(Setup(roles=roles, seed=1))
