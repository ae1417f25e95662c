"""Random full games (ARCHITECTURE §7): every supported role combination, played to the
end by the random bot, with the component invariants checked after every single step.

Invariants: no piece on an open space; the Knight never below her 2 starting Hero cubes
(KN-17); the 52 Cave tiles conserved (map + stack + Cave hand + box + removed from the
game); Treasure (CV-10/AMB-16), Crystal, Event and Rockslide tokens conserved (SET-29);
Hero cubes conserved (free + placed + set aside + discarded + on Grit spaces = 7).
"""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.roles.knight.board import active_cubes, placed_cubes

MAX_STEPS = 5000
TOTAL_CUBES = 7          # 2 starting cubes + 5 on the white Grit spaces (KN-06, KN-112)


def check_invariants(g: Game) -> None:
    """Assert every component invariant of the current state; messages name the step."""
    st_ = g.state
    rules = g.rules
    step = len(g.choices)
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {step}"
    board = st_.board

    # -- no piece on an open space
    for piece, pos in board.pieces.items():
        assert pos in board.tiles, f"{where}: {piece} stands on open space {pos}"

    # -- the 52 Cave tiles, each exactly once
    all_ids = [t.id for t in rules.tiles]
    tile_set = set(all_ids)
    located: list[str] = [t.tile_id for t in board.tiles.values() if t.terrain is None]   # Terrain is no Cave tile
    located += st_.stack
    if st_.cave is not None:
        located += st_.cave.hand
    located += st_.box
    located += [x for x in st_.removed_from_game if x in tile_set]
    counts = Counter(located)
    dupes = sorted(t for t, n in counts.items() if n > 1)
    missing = sorted(tile_set - set(counts))
    extra = sorted(set(counts) - tile_set)
    assert not dupes and not missing and not extra, (
        f"{where}: tile conservation broken: duplicated {dupes}, missing {missing}, unknown {extra}")
    assert len(all_ids) == 52

    # -- tokens (SET-29: no proxies, supplies never negative)
    for kind, n in st_.supply.items():
        assert n >= 0, f"{where}: negative {kind} supply {n}"
    for p, toks in board.tokens.items():
        for kind, n in toks.items():
            assert n >= 0, f"{where}: negative {kind} token count {n} at {p}"
    thief = "thief" in st_.roles
    treasure_total = rules.cave.treasure_tokens_with_thief if thief else rules.cave.treasure_tokens_no_thief
    on_map = board.count_tokens("treasure")
    assert on_map <= treasure_total, f"{where}: {on_map} Treasure tokens on the map (limit {treasure_total})"
    if not thief:   # nothing can stash a Treasure token without the Thief: all 10 are on the map or in supply
        assert on_map + st_.supply["treasure"] == treasure_total, (
            f"{where}: Treasure tokens {on_map} on map + {st_.supply['treasure']} in supply != {treasure_total}")
    else:
        assert on_map + st_.supply["treasure"] <= treasure_total
    crystals = board.count_tokens("crystal") + st_.supply["crystal"] + st_.crystals_smashed_total
    assert crystals == rules.cave.crystal_tokens, (
        f"{where}: Crystal tokens map+supply+smashed = {crystals} != {rules.cave.crystal_tokens}")
    events = board.count_tokens("event") + st_.supply["event"]
    events_total = rules.cave.event_tokens if "knight" in st_.roles else 0      # SET-40: boxed with no Knight
    assert events == events_total, f"{where}: Event tokens {events} != {events_total}"
    rocks = len(board.rockslides) + st_.supply["rockslide"]
    assert rocks == rules.cave.rockslides, f"{where}: Rockslides {rocks} != {rules.cave.rockslides}"
    for a, b in board.rockslides:
        assert a in board.tiles or b in board.tiles, f"{where}: Rockslide {a}|{b} floats in open space"

    # -- the Knight's Hero cubes
    k = st_.knight
    if k is not None:
        assert active_cubes(k) >= rules.knight.start_cubes, (
            f"{where}: the Knight has only {active_cubes(k)} Hero cubes (KN-17: never below 2)")
        total = k.cubes_free + placed_cubes(k) + k.set_aside + k.discarded + len(k.grit_spaces)
        assert total == TOTAL_CUBES, (
            f"{where}: Hero cubes free {k.cubes_free} + placed {placed_cubes(k)} + aside {k.set_aside} + "
            f"discarded {k.discarded} + grit {k.grit_spaces} = {total} != {TOTAL_CUBES}")
        for n in (k.cubes_free, k.set_aside, k.discarded, *k.track.values(), *k.equip.values(),
                  *k.treasure_cubes.values()):
            assert n >= 0, f"{where}: a negative Hero cube count"
        assert 0 <= k.health <= k.max_health, f"{where}: Health {k.health} outside 0..{k.max_health}"
        assert 0 <= k.grit <= rules.knight.grit_cap, f"{where}: Grit {k.grit}"

    # -- the decision protocol
    if g.outcome is None:
        d = g.pending
        assert d is not None and d.options, f"{where}: no pending decision and no outcome"
        assert d.role in st_.roles, f"{where}: decision for {d.role}, not playing"
        assert len(set(d.ids)) == len(d.ids)
    else:
        assert g.pending is None


def play_checked(setup: Setup, bot_seed: int | None = None, with_views: bool = False) -> Game:
    """Play one game with the random bot, checking the invariants after every step."""
    g = new_game(setup)
    bot = RandomBot(setup.seed if bot_seed is None else bot_seed)
    check_invariants(g)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {setup.seed}: no outcome after {MAX_STEPS} choices"
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role) if with_views else None, d))
        check_invariants(g)
    assert g.outcome is not None and g.outcome.reason
    assert set(g.outcome.winners) <= set(setup.roles)
    return g


# ------------------------------------------------------------------ Knight solo
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("seed", range(20))
def test_knight_solo(level: str, seed: int) -> None:
    play_checked(Setup(roles=("knight",), seed=seed, solo_level=level))


# ------------------------------------------------------------------ Knight vs Cave
@pytest.mark.parametrize("seed", range(30))
def test_knight_vs_cave(seed: int) -> None:
    play_checked(Setup(roles=("knight", "cave"), seed=seed), with_views=seed % 4 == 0)


@pytest.mark.parametrize("difficulty", [
    {"cave": "spillway"}, {"cave": "lava_tube"}, {"cave": "great_cave"},
    {"knight": "novice"}, {"knight": "lady"},
], ids=lambda d: "-".join(f"{k}={v}" for k, v in d.items()))
@pytest.mark.parametrize("seed", range(100, 108))
def test_knight_vs_cave_difficulty(difficulty: dict[str, str], seed: int) -> None:
    play_checked(Setup(roles=("knight", "cave"), seed=seed, difficulty=difficulty))


def test_difficulties_combined() -> None:
    for seed in range(200, 204):
        play_checked(Setup(roles=("knight", "cave"), seed=seed, difficulty={"cave": "great_cave", "knight": "lady"}))
        play_checked(Setup(roles=("knight", "cave"), seed=seed, difficulty={"cave": "lava_tube", "knight": "novice"}))


def test_games_differ_between_seeds() -> None:
    """The seed matters: different seeds give different games (and both still finish)."""
    a = play_checked(Setup(roles=("knight", "cave"), seed=1))
    b = play_checked(Setup(roles=("knight", "cave"), seed=2))
    assert a.choices != b.choices


# ------------------------------------------------------------------ hypothesis
_HSETTINGS = settings(max_examples=10, deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow])


@_HSETTINGS
@given(seed=st.integers(0, 10**6), level=st.sampled_from(["easy", "medium", "hard"]))
def test_knight_solo_any_seed(seed: int, level: str) -> None:
    play_checked(Setup(roles=("knight",), seed=seed, solo_level=level))


@_HSETTINGS
@given(seed=st.integers(0, 10**6), bot_seed=st.integers(0, 10**6))
def test_knight_vs_cave_any_seed(seed: int, bot_seed: int) -> None:
    play_checked(Setup(roles=("knight", "cave"), seed=seed), bot_seed=bot_seed)
