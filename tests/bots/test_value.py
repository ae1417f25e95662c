"""The Hard players' learned value (issue 7): ``values.yaml`` is valid, covers every two-role
game, predicts better than a coin, is read from the judged role's view only, and a broken file
is refused with its file, line and key; the Hard search compares its strategies in the same
worlds with the same dice."""
from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from vast_desktop.bots.hard.search import HardBot
from vast_desktop.bots.hard.value import (
    VALUES_FILE,
    features,
    load_models,
    logistic,
    model_key,
    parse_values,
    win_chance,
)
from vast_desktop.bots.progress import standing
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import EngineError
from vast_desktop.engine.scenario import load_scenario
from vast_desktop.engine.state import BASE_ROLES
from vast_desktop.rules_data import RulesDataError

PAIRS = list(combinations(BASE_ROLES, 2))
# the Ghoul with each base role; the Vile Ghoul with each it may play beside (never the Goblins, VG-03)
GHOUL_PAIRS = [(r, "ghoul") for r in BASE_ROLES] + [(r, "vile_ghoul") for r in ("knight", "dragon", "cave", "thief")]


def position(roles: tuple[str, ...], seed: int = 3, choices: int = 60):
    """A game some way in, played by random players."""
    g = new_game(Setup(roles=roles, seed=seed))
    bot = RandomBot(seed)
    while g.outcome is None and len(g.choices) < choices:
        assert g.pending is not None
        g.apply(bot(None, g.pending))
    return g


@pytest.mark.parametrize("roles", PAIRS + GHOUL_PAIRS, ids="-".join)
def test_every_two_role_game_has_a_model_for_both_roles_over_features_the_view_gives(roles) -> None:
    models = load_models()
    g = position(roles)
    for role in roles:
        model = models.get(model_key(role, roles))
        assert model is not None, f"no learned value for the {role} in {'+'.join(roles)}"
        names = set(features(view(g, role)))
        assert set(model.weights) <= names, f"weights for features the view never gives: {set(model.weights) - names}"


def test_every_model_predicts_held_out_games_better_than_a_coin() -> None:
    for key, model in load_models().items():
        assert model.test_log_loss < math.log(2), f"{key}: held-out log loss {model.test_log_loss}"
        assert model.samples >= 1000, f"{key}: fitted to only {model.samples} positions"


def test_win_chance_is_the_model_during_the_game_and_certain_at_its_end() -> None:
    g = position(("knight", "cave"))
    v = view(g, "knight")
    model = load_models()[model_key("knight", ("knight", "cave"))]
    assert win_chance(v, "knight") == pytest.approx(logistic(model, features(v)))
    assert 0.0 < win_chance(v, "knight") < 1.0
    while g.outcome is None:
        assert g.pending is not None
        g.apply(RandomBot(1)(None, g.pending))
    winners = g.outcome.winners
    for role in ("knight", "cave"):
        assert win_chance(view(g, role), role) == (1.0 if role in winners else 0.0)


def test_without_a_model_the_hand_made_standing_is_used(tmp_path: Path, monkeypatch) -> None:
    g = position(("knight", "cave"))
    v = view(g, "cave")
    monkeypatch.setattr("vast_desktop.bots.hard.value.load_models", lambda: {})
    assert win_chance(v, "cave") == standing(v, "cave")


def test_features_read_only_the_view() -> None:
    """Twin games with the same public picture but different seeds (other hidden tiles and
    decks) give the same features to a role as long as its views are equal."""
    g = position(("knight", "cave"), seed=11, choices=0)
    twin = position(("knight", "cave"), seed=11, choices=0)
    assert features(view(g, "knight")) == features(view(twin, "knight"))
    v = view(g, "knight")
    assert features(v) == features(v)                  # no memory between calls


def test_a_broken_values_file_names_file_line_and_key(tmp_path: Path) -> None:
    text = VALUES_FILE.read_text(encoding="utf-8")
    broken = text.replace("test_accuracy:", "test_accuracy: 7\n    was_accuracy:", 1)
    with pytest.raises(RulesDataError) as err:
        parse_values("values.yaml", broken)
    msg = str(err.value)
    assert "values.yaml line" in msg and "models." in msg and "test_accuracy" in msg
    with pytest.raises(RulesDataError, match=r"values\.yaml line \d+, models.*expected 'role\|roles in play'"):
        parse_values("values.yaml", "about: x\nmodels:\n  knight|knight,cave:\n"
                                    "    games: 1\n    mixed_per_role: 0\n    first_seed: 1\n    bias: 0\n    weights: {}\n    samples: 1\n    test_log_loss: 0.5\n"
                                    "    test_accuracy: 0.5\n")


def test_the_hard_search_compares_strategies_in_the_same_worlds_with_the_same_dice() -> None:
    """Two copies of the same strategy must score exactly alike: every strategy is played in
    the same drawn worlds with the same seeds (common random numbers)."""
    g = new_game(Setup(roles=("knight", "cave"), seed=5))
    bot = HardBot("knight", seed=9, rounds=2)
    bot.variants = [bot.variants[0], dict(bot.variants[0])]
    bot.policies = bot.policies[:2]
    bot.search(view(g, "knight"))
    (a, na), (b, nb) = bot.last_search
    assert na == nb == 2
    assert a == b


def test_a_world_the_rules_cannot_play_on_is_left_out_for_every_strategy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing world must not end the real game: it is dropped from the search, for all
    strategies alike (so the comparison stays fair), and the reason is kept."""
    g = new_game(Setup(roles=("knight", "cave"), seed=5))
    bot = HardBot("knight", seed=9, rounds=3)
    real = HardBot.rollout
    calls = {"n": 0}

    def second_world_fails(self: HardBot, world: Any, variant: int, seed: int) -> float:
        calls["n"] += 1
        if calls["n"] == len(self.variants) + 1:          # the first rollout in the second world
            raise EngineError("internal error while applying 'x' at step 1: IndexError: pop from empty list", None)
        return real(self, world, variant, seed)

    monkeypatch.setattr(HardBot, "rollout", second_world_fails)
    best = bot.search(view(g, "knight"))
    assert 0 <= best < len(bot.variants)
    assert [n for _, n in bot.last_search] == [2] * len(bot.variants)
    assert len(bot.failed_worlds) == 1 and "pop from empty list" in bot.failed_worlds[0]


def _knight_vs_cave(smashed: int, at: tuple[int, int]):
    return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 1},
                          "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True},
                                    {"pos": [1, 0], "tile": "T35", "lit": True, "rot": 0}],
                          "pieces": {"knight": list(at)}, "knight": {"smashed": smashed}})


@pytest.mark.parametrize(("smashed", "at", "expected"), [(5, (0, 0), 1.0), (5, (1, 0), 0.5), (4, (0, 0), 0.0)])
def test_RV_26_knight_escape_counts_the_way_out_only_once_enough_crystals_are_smashed(smashed, at, expected) -> None:
    """RV-26 (Knight vs Cave: smash 5 Crystals, then escape): ``knight_escape`` is 0 until
    the fifth Crystal is smashed, then 1 / (1 + steps to the Entrance)."""
    g = _knight_vs_cave(smashed, at)
    assert features(view(g, "knight"))["knight_escape"] == expected


@pytest.mark.parametrize(("carried", "at", "expected"), [([], (1, 0), 0.0), (["treasure", "treasure"], (1, 0), 1.0),
                                                         (["treasure"], (0, 0), 1.0)])
def test_TH_38_thief_haul_home_is_what_he_carries_by_how_near_the_entrance(carried, at, expected) -> None:
    """TH-38, TH-39: carried loot counts once it reaches the Entrance, so ``thief_haul_home``
    is the tokens carried / (1 + steps to the Entrance)."""
    g = load_scenario({"setup": {"roles": ["knight", "thief"], "seed": 1}, "active": "thief",
                       "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True},
                                 {"pos": [1, 0], "tile": "T35", "lit": True, "rot": 0}],
                       "pieces": {"knight": [0, 0], "thief": list(at)}, "thief": {"carried": carried}})
    assert features(view(g, "thief"))["thief_haul_home"] == expected


def test_TH_13_looting_the_last_treasure_token_leaves_the_thief_no_further_from_loot() -> None:
    """TH-13: he loots the only Treasure token, on his own tile.  ``thief_to_loot`` reads 0
    before (he stands on it) and after (none is left), so a rollout in which he loots is not
    judged 12 steps worse off — the retired ``thief_to_treasure`` jumped to FAR, and is
    never fitted again."""
    from vast_desktop.bots.hard.value import FAR, RETIRED_FEATURES
    g = load_scenario({"setup": {"roles": ["cave", "thief"], "seed": 1}, "active": "thief",
                       "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True},
                                 {"pos": [1, 0], "tile": "T35", "lit": True, "rot": 0}],
                       "tokens": {"1,0": {"treasure": 1}}, "pieces": {"thief": [1, 0]}})
    while g.pending is not None and "loot:treasure" not in g.pending.ids:
        g.apply(g.pending.options[0].id)       # his Stats: any assignment lets him loot
    before = features(view(g, "thief"))
    g.apply("loot:treasure")
    after = features(view(g, "thief"))
    assert (before["treasure_tokens"], after["treasure_tokens"]) == (1.0, 0.0)
    assert after["thief_carried"] == before["thief_carried"] + 1
    assert before["thief_to_loot"] == after["thief_to_loot"] == 0.0
    assert after["thief_to_treasure"] == FAR and "thief_to_treasure" in RETIRED_FEATURES
    fresh = load_models()[model_key("thief", ("cave", "thief"))]
    assert "thief_to_loot" in fresh.weights and not RETIRED_FEATURES & set(fresh.weights)


def _vile(roles: list[str], data: dict[str, Any], pieces: dict[str, list[int]], tokens: dict[str, Any] | None = None):
    from rules.helpers_ghoul import ghoul_tiles
    return load_scenario({"setup": {"roles": roles, "seed": 5}, "active": "vile_ghoul", "tiles": ghoul_tiles(),
                          "pieces": pieces, "vile_ghoul": {"turns": 1, **data}, "tokens": tokens or {}})


def test_VG_01_the_vile_ghouls_prey_is_the_role_it_hunts_else_the_crystals_it_must_smash() -> None:
    """VG-01: against the Knight ``vile_to_prey`` is the steps to her and its smashed Crystals
    count nothing; against the Cave (6 Crystals, no escape) they count toward the goal, its prey
    is the nearest Crystal token, and 1 of the 2 Treasures toward its next Terror card is half
    of one (VG-15)."""
    hunt = features(view(_vile(["knight", "vile_ghoul"], {}, {"vile_ghoul": [1, 0], "knight": [2, 0]}), "knight"))
    assert (hunt["vile_to_prey"], hunt["vile_smashed"], hunt["vile_escape"]) == (1.0, 0.0, 0.0)
    g = _vile(["cave", "vile_ghoul"], {"smashed": 3, "treasure": 1}, {"vile_ghoul": [1, 0]},
              {"2,0": {"crystal": 1}})
    smash = features(view(g, "cave"))
    assert (smash["vile_smashed"], smash["vile_treasure"], smash["vile_escape"]) == (0.5, 0.5, 0.0)
    assert smash["vile_to_prey"] == features(view(g, "vile_ghoul"))["vile_to_prey"] == 1.0


@pytest.mark.parametrize(("smashed", "expected"), [(4, 0.0), (5, 0.5)])
def test_VG_01_alone_only_the_way_out_counts_once_its_crystals_are_smashed(smashed, expected) -> None:
    """VG-01 alone: smash 5 Crystals, then escape — ``vile_escape`` is 0 until the fifth, then
    1 / (1 + steps to the Entrance)."""
    g = _vile(["vile_ghoul"], {"smashed": smashed}, {"vile_ghoul": [1, 0]})
    assert features(view(g, "vile_ghoul"))["vile_escape"] == expected
