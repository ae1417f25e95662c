"""The incremental snapshot of the hidden zones (``knowledge.Watch``) is the snapshot
(``knowledge.snapshot``) after every step (issue 25, items 8 and 9).

The automatic undo barriers (GEN-01..04) compare the hidden zones before and after each
step; for speed ``Game.apply`` rebuilds only the zones whose sources changed.  Here every
step of random games of several role sets (with the Terrain variant, whose spaces are on the
map but never Dark) and of a played-out scenario is checked against the full definition —
zone by zone, and the pending decision's named cards — so the fast path can never miss a
change the definition would see.
"""
from __future__ import annotations

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.game import Game
from vast_desktop.engine.knowledge import NamedCards, snapshot

ROLE_SETS = [("knight",), ("knight", "cave"), ("knight", "goblins", "dragon", "cave"),
             ("knight", "goblins", "dragon", "cave", "thief"), ("goblins", "dragon", "thief")]


def _play_and_compare(g: Game, seed: int, steps: int) -> int:
    bot = RandomBot(seed)
    checked = 0
    while g.outcome is None and checked < steps:
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
        assert g._known == snapshot(g), f"step {len(g.choices)} ({g.choices[-1]})"
        checked += 1
    return checked


@pytest.mark.parametrize("roles", ROLE_SETS, ids="+".join)
def test_watch_equals_snapshot_every_step(roles: tuple[str, ...]) -> None:
    """GEN-01..04: the zones the barrier check compares are exactly the hidden zones."""
    for seed in (3, 11):
        g = new_game(Setup(roles=roles, seed=seed))
        assert g._known == snapshot(g)
        assert _play_and_compare(g, seed, 400) > 50


@pytest.mark.parametrize("variants", [("terrain",), ("random-terrain", "dragon-scales")], ids="+".join)
def test_watch_with_terrain_spaces_and_scales(variants: tuple[str, ...]) -> None:
    """TR-13: Terrain spaces are on the map but never Dark; VAR-13/VAR-32: the Random Terrain
    and Scale decks are hidden zones too."""
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=5, variants=variants))
    terrain = False
    while g.outcome is None and len(g.choices) < 1500:
        _play_and_compare(g, len(g.choices), 1)
        terrain = terrain or any(t.terrain is not None for t in g.state.board.tiles.values())
    assert terrain


def test_named_cards_reads_each_option_once() -> None:
    """GB-24: a decision naming cards (the War cards drawn) names them; others name none."""
    named = NamedCards(frozenset({"pain", "rage"}))
    assert named.named({"move:1,0": 0, "end:": 1}.keys()) == frozenset()
    assert named.named(("war:pain", "war:rage", "end:")) == frozenset({"pain", "rage"})
    assert named.named(("war:rage", "move:1,0")) == frozenset({"rage"})
    assert named.plain == {"move:1,0", "end:"}


def test_a_tile_change_without_a_bump_is_caught() -> None:
    """GEN-03: the Watch rescans the Dark tiles only when ``Board.tile_changes`` moved, so a
    rule that flipped a tile without bumping it would leave a stale snapshot — the every-step
    comparison above (``_play_and_compare``) is what fails then; the bump makes it agree."""
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    board = g.state.board
    dark = next(t for t in board.tiles.values() if t.dark)
    dark.lit = True                              # a flip that forgot to bump
    assert g._watch.step(g) != snapshot(g)
    board.tile_changes += 1
    assert g._watch.step(g) == snapshot(g)
