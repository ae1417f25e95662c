"""Optional variants of the base game (VAR items) and the role-subset rules that go with
the Thief (RV-35)."""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.rules_data import load_rules_data
from vast_desktop.engine.setup import SetupError, effective_difficulty

FIVE = ("knight", "goblins", "dragon", "cave", "thief")


def _tile_types(g, ids) -> list[str]:
    return [g.tile(t).type for t in ids]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_VAR_01_collapse_variant_leaves_random_tiles_out_before_the_crystals(n: int) -> None:
    """VAR-01: 2–4 random Cave tiles are removed at setup, before the Crystal tiles are
    added, so the stack is that much shorter and every Crystal (and Vault) tile stays in."""
    plain = new_game(Setup(roles=FIVE, seed=4))
    short = new_game(Setup(roles=FIVE, seed=4, variants=(f"collapse-{n}",)))
    assert len(short.state.stack) == len(plain.state.stack) - n
    assert len(short.state.box) == len(plain.state.box) + n
    assert all(t in ("ambush", "event", "treasure") for t in _tile_types(short, short.state.box))
    undealt = short.state.stack + short.state.cave.hand                # the Cave drew her hand from the stack
    assert _tile_types(short, undealt).count("crystal") == 9
    assert _tile_types(short, undealt).count("vault") == 6


def test_VAR_01_one_collapse_variant_at_a_time() -> None:
    with pytest.raises(SetupError, match="only one"):
        new_game(Setup(roles=FIVE, variants=("collapse-2", "collapse-4")))


@pytest.mark.parametrize("speed, rank", [("easiest", "easiest"), ("easy", "easy"), ("hard", "hard"),
                                         ("expert", "expert")])
def test_VAR_02_speed_variants_set_every_role_to_one_rank(speed: str, rank: str) -> None:
    """VAR-02: everyone plays at Easy or Easiest for a shorter game, Hard or Expert for a
    longer one; a level chosen for a role still wins (GEN-05 does not apply: it is a choice)."""
    rules = load_rules_data()
    setup = Setup(roles=FIVE, seed=1, variants=(f"speed-{speed}",), difficulty={"cave": "cave"})
    levels = effective_difficulty(setup, rules)
    for role in FIVE:
        d = next(x for x in rules.difficulty if x.role == role and x.id == levels[role])
        assert d.rank == ("standard" if role == "cave" else rank), (role, levels[role])
    g = new_game(setup)
    expected_stash = {"easiest": 4, "easy": 5, "hard": 7, "expert": 8}[speed]
    assert g.config.extra["thief_stash"] == expected_stash


def test_VAR_02_a_longer_game_really_is_longer() -> None:
    """VAR-02 measured: the Expert Knight needs more Crystals and the Expert Dragon more
    Wakefulness than at Easiest."""
    easy = new_game(Setup(roles=FIVE, seed=1, variants=("speed-easiest",)))
    hard = new_game(Setup(roles=FIVE, seed=1, variants=("speed-expert",)))
    assert easy.config.crystals_needed < hard.config.crystals_needed
    assert easy.config.extra["wakefulness_needed"] < hard.config.extra["wakefulness_needed"]
    assert len(easy.state.stack) < len(hard.state.stack)          # Lava Tube leaves tiles out


def test_RV_35_thirty_one_subsets_thirty_playable() -> None:
    """RV-35: 1 five-player, 5 four-player, 10 three-player, 10 two-player and 4 solo
    combinations; the Cave alone is refused with the reason."""
    from itertools import combinations

    counts = {}
    for n in range(1, 6):
        ok = 0
        for roles in combinations(FIVE, n):
            try:
                new_game(Setup(roles=roles, seed=1))
                ok += 1
            except SetupError as exc:
                assert roles == ("cave",) and "solo" in str(exc)
        counts[n] = ok
    assert counts == {1: 4, 2: 10, 3: 10, 4: 5, 5: 1}
