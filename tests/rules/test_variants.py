"""Optional variants of the base game (VAR items) and the role-subset rules that go with
the Thief (RV-35)."""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.setup import SetupError, effective_difficulty
from vast_desktop.rules_data import load_rules_data

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


# ------------------------------------------------------- the 2-role games with the Thief
def _config(roles: tuple[str, ...]):
    return new_game(Setup(roles=roles, seed=1))


def _wins(g) -> set[tuple[str, str]]:
    rules = load_rules_data()
    return {(w.role, w.kind) for w in rules.role_variant(g.state.roles).wins}


def test_RV_31_goblins_vs_thief() -> None:
    """RV-31: Flare beside the map for both; the Goblins smash 5 Crystals, the Thief stashes 6;
    both lose to the Collapse."""
    g = _config(("goblins", "thief"))
    assert g.config.flare_holders == {"goblins", "thief"}
    assert g.config.crystals_needed == 5 and g.config.extra["thief_stash"] == 6
    assert {("goblins", "smash_crystals"), ("thief", "stash_treasure"), ("all", "all_lose_on_collapse")} <= _wins(g)


def test_RV_33_RV_36_dragon_vs_thief() -> None:
    """RV-33: Ash Dragon for the Dragon, Flare for the Thief; RV-36: no Hunger cubes pre-moved,
    so a Dragon without Goblins must Slither them out of Hunger."""
    from vast_desktop.engine.roles.dragon.state import ash_dragon

    g = _config(("dragon", "thief"))
    assert g.config.flare_holders == {"thief"} and ash_dragon(g)
    assert g.state.dragon.sloth["hunger"] == 4 and g.state.dragon.wakefulness == 0
    assert g.config.extra["thief_stash"] == 6
    assert {("dragon", "wake_and_escape"), ("thief", "stash_treasure"), ("all", "all_lose_on_collapse")} <= _wins(g)


def test_RV_34_cave_vs_thief_treasure_is_optional() -> None:
    """RV-34: Flare for the Thief; the Cave's Place Treasure phase is optional; the Thief
    stashes 6, the Cave wins by collapsing."""
    g = _config(("cave", "thief"))
    assert g.config.flare_holders == {"thief"} and g.config.place_treasure_optional
    assert {("cave", "collapse"), ("thief", "stash_treasure")} <= _wins(g)


def test_RV_37_without_the_thief_vaults_are_boxed_and_ten_treasures() -> None:
    """RV-37 (SET-08, SET-38): no Thief, no Vault tile in play and 10 Treasure tokens; with
    him, the 6 Vault tiles are in the stack and 12 tokens."""
    without = _config(("knight", "cave"))
    with_thief = _config(("knight", "cave", "thief"))
    undealt = without.state.stack + without.state.cave.hand
    assert [t for t in undealt if without.tile(t).type == "vault"] == []
    assert sum(without.tile(t).type == "vault" for t in without.state.box) == 6
    assert without.state.supply["treasure"] == 10 and with_thief.state.supply["treasure"] == 12
    undealt = with_thief.state.stack + with_thief.state.cave.hand
    assert sum(with_thief.tile(t).type == "vault" for t in undealt) == 6


# ---------------------------------------------------------------- difficulty
def test_DIF_01_02_standard_is_the_default_and_levels_are_per_player() -> None:
    """DIF-01/02: each role's level is set on its own; with none chosen every role plays
    Standard, the rulebook's numbers."""
    rules = load_rules_data()
    plain = new_game(Setup(roles=FIVE, seed=1))
    for role in FIVE:
        std = next(d for d in rules.difficulty if d.role == role and d.rank == "standard")
        assert effective_difficulty(Setup(roles=FIVE, seed=1), rules).get(role, std.id) == std.id
    assert plain.config.crystals_needed == 5 and plain.config.extra["thief_stash"] == 6
    assert plain.config.extra["wakefulness_needed"] == 11 and plain.config.collapse_crystals == 5
    mixed = new_game(Setup(roles=FIVE, seed=1, difficulty={"thief": "footpad", "knight": "lady"}))
    assert mixed.config.extra["thief_stash"] == 4 and mixed.config.crystals_needed > 5
    assert mixed.config.extra["wakefulness_needed"] == 11                    # the Dragon's own level untouched


def test_DIF_03_a_hard_knight_or_goblins_gives_the_opponent_health() -> None:
    """DIF-03: a Hard/Expert Knight raises the Dragon's starting Health; Hard/Expert Goblins
    raise the Knight's (the card goes to that opponent for the extra spaces)."""
    base = new_game(Setup(roles=("knight", "goblins", "dragon"), seed=1))
    hard = new_game(Setup(roles=("knight", "goblins", "dragon"), seed=1,
                          difficulty={"knight": "baroness", "goblins": "master"}))
    assert hard.state.dragon.max_health > base.state.dragon.max_health
    assert hard.state.knight.max_health > base.state.knight.max_health


# ------------------------------------------------------ the Gem the Thief carries
def test_DR_57_a_carried_gem_can_still_be_spent_until_stashed() -> None:
    """DR-57 (TH-44): the Dragon may spend the symbol of a Gem the Thief carries; once he
    stashes it, it is back in the Dragon's supply (and spendable no more this way)."""
    from vast_desktop.engine import load_scenario
    from vast_desktop.engine.roles.dragon.state import gems_in_supply, gems_on_map

    g = load_scenario({"setup": {"roles": ["dragon", "cave", "thief"], "seed": 1}, "active": "dragon",
                       "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True}],
                       "pieces": {"dragon": [0, 0], "thief": [1, 0]},
                       "thief": {"carried": ["gem_wing"]}, "dragon": {"hand": ["flame"]}})
    assert "wing" in gems_on_map(g) and "wing" not in gems_in_supply(g)
    assert "power:wing" in g.pending.ids                          # no Wing card in hand: the carried Gem pays
    g.state.board.pieces["thief"] = (0, 0)
    from vast_desktop.engine.roles.thief.turn import stash

    d = next(stash(g))                                            # on the Entrance: the Gem goes home first
    assert d.kind == "thief_upgrade" and "wing" in gems_in_supply(g) and "wing" not in gems_on_map(g)
    assert g.state.thief.carried == ["treasure"]                  # a supply Treasure token stashed in its place
