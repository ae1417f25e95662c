"""Random full games with the Terrain variant (TR-01..33) and Random Terrain (VAR-13),
played to the end by the random bot with the invariants of test_random_games (and the
Goblins', the Dragon's and the Thief's when they play) checked after every step, plus
Terrain's own:

- every Terrain tile on the map is whole (all its footprint's spaces, one turn); a tile
  just placed touches no other Terrain tile even at a corner (TR-09; a later slide of
  the map may bring them together); none is placed during the Collapse (TR-05);
- no piece stands on an impassable space (TR-17);
- at most one Terrain placement per round (TR-04);
- Random Terrain: the facedown and drawn cards are the 6 Terrain cards, each once.
"""
from __future__ import annotations

import pytest
from test_random_games_variants import _general

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import surrounding
from vast_desktop.engine.map.terrain import cells_for, footprint, impassable, tiles_on_map

MAX_STEPS = 9000


def check_terrain(g: Game, placed_rounds: list[int], just_placed: set[str]) -> None:
    st = g.state
    board = st.board
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    for tile in tiles_on_map(g):
        cells = {p: t for p, t in board.tiles.items() if t.terrain is not None and t.terrain.tile == tile}
        rots = {t.rot for t in cells.values()}
        assert len(rots) == 1, f"{where}: {tile} has spaces turned differently"
        rot = rots.pop()
        anchor = min(cells)
        shape = {c: m for c, m in cells_for(g, tile, rot, anchor)}
        assert len(shape) == len(footprint(g, tile, rot)) and shape == {p: t.terrain for p, t in cells.items()}, (
            f"{where}: {tile} is not whole: {sorted(cells)}")
        for p in cells if tile in just_placed else ():            # TR-09 holds when placed (slides may break it)
            for q in surrounding(p):
                other = board.tiles.get(q)
                assert other is None or other.terrain is None or other.terrain.tile == tile, (
                    f"{where}: {tile} touches {other.terrain.tile} at {q} (TR-09)")
    for piece, p in board.pieces.items():
        assert not impassable(g, p), f"{where}: {piece} stands on impassable terrain at {p} (TR-17)"
    if st.terrain_deck or st.terrain_drawn:
        cards = st.terrain_deck + st.terrain_drawn
        assert sorted(cards) == sorted(set(cards)) and len(cards) == 6, f"{where}: Terrain cards {cards}"
    assert len(placed_rounds) == len(set(placed_rounds)), f"{where}: two Terrain placements in a round (TR-04)"


def play(roles: tuple[str, ...], seed: int, variant: str) -> Game:
    g = new_game(Setup(roles=roles, seed=seed, variants=(variant,)))
    bot = RandomBot(seed)
    placed_rounds: list[int] = []
    seen = 0
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {seed}: no outcome after {MAX_STEPS} choices"
        d = g.pending
        assert d is not None
        collapsed = g.state.collapse
        g.apply(bot(view(g, d.role) if len(g.choices) % 50 == 0 else None, d))
        for e in g.events[seen:]:
            if e.kind == "terrain_placed" and e.data["tile"] != "pits_2" and e.data["tile"] != "pits_3":
                assert not collapsed, f"seed {seed}: Terrain placed in the Collapse (TR-05)"
                placed_rounds.append(e.data["round"])
        new = g.events[seen:]
        just_placed = set() if any(e.kind == "map_slid" for e in new) else {
            e.data["tile"] for e in new if e.kind == "terrain_placed"}
        seen = len(g.events)
        _general(g)
        check_terrain(g, placed_rounds, just_placed)
    return g


ROLE_SETS = [("knight", "cave"), ("knight",), ("knight", "goblins", "dragon", "cave", "thief"),
             ("goblins", "dragon"), ("knight", "thief"), ("goblins", "cave")]


@pytest.mark.parametrize("roles", ROLE_SETS, ids=["-".join(r) for r in ROLE_SETS])
@pytest.mark.parametrize("seed", range(4))
def test_terrain_random_games(roles: tuple[str, ...], seed: int) -> None:
    g = play(roles, seed, "terrain")
    assert g.outcome is not None


@pytest.mark.parametrize("roles", ROLE_SETS[:3], ids=["-".join(r) for r in ROLE_SETS[:3]])
@pytest.mark.parametrize("seed", range(3))
def test_random_terrain_random_games(roles: tuple[str, ...], seed: int) -> None:
    g = play(roles, seed, "random-terrain")
    assert g.outcome is not None


def test_terrain_is_placed_in_random_games() -> None:
    """The random games do meet Terrain: placements, and some of every kind, happen."""
    kinds: set[str] = set()
    for seed in range(6):
        g = play(("knight", "cave"), 100 + seed, "terrain")
        kinds |= {e.data["terrain"] for e in g.events if e.kind == "terrain_placed"}
    assert {"canyon", "lake", "magma", "river", "pits", "mushroom_forest"} <= kinds
