"""The Easy Ghoul (issue 29): it hunts weak targets and Treasure for Fury, uses its Terror cards
when they put a goal in reach, and escapes by the Entrance once its Fury goal is reached; the
other roles' Easy players answer the Ghoul's questions (the skitter's symbol, the attack's loss).

Scenario tests build the position with ``load_scenario`` and its ``ghoul:`` section (the map of
tests/rules/test_ghoul.py: the Entrance at 0,0, Lit tiles at 1,0 2,0 0,-1 1,-1 — a wall between
1,-1 and 1,0 — and Dark tiles Fangs 0,1, Bones 2,1, Eye -1,0) and ask the bot for its choice;
the game tests play whole seeded games with Easy players in every seat.
"""
from __future__ import annotations

from typing import Any

import pytest
from rules.helpers_ghoul import ghoul_tiles

from vast_desktop.bots.easy.ghoul import EasyGhoul
from vast_desktop.bots.easy.knight import EasyKnight
from vast_desktop.bots.registry import available, make_bot
from vast_desktop.engine import Game, Setup, load_scenario, view
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.headless.matches import play_match

TILES = ghoul_tiles()


def ghoul_game(dice: list[int], pieces: dict[str, list[int]], ghoul: dict[str, Any] | None = None,
               roles: tuple[str, ...] = ("knight", "ghoul"), aside: int | None = None, **data: Any) -> Game:
    """The start of the Ghoul's turn (its dice scripted); ``aside``: the die it sets aside first."""
    g = load_scenario({"setup": {"roles": list(roles), "seed": 5}, "active": "ghoul", "tiles": TILES,
                       "pieces": pieces, "ghoul": {"turns": 1, **(ghoul or {}), "dice": dice}, **data})
    if aside is not None:
        g.apply(f"aside:{aside}")
    return g


def choice(g: Game, role: str = "ghoul", seed: int = 0) -> str:
    d = g.pending
    assert d is not None and d.role == role, (d.role if d else None, role)
    bot = EasyGhoul(seed) if role == "ghoul" else make_bot(role, "easy", seed)
    return bot(view(g, role), d)


def test_registry_makes_the_easy_ghoul_and_the_hard_player_accepts_the_ghoul() -> None:
    assert isinstance(make_bot("ghoul", "easy", 3), EasyGhoul)
    assert available("ghoul", "easy") and available("ghoul", "hard")


def test_GH_07_it_sets_aside_the_die_that_leaves_it_most_movement_and_attack() -> None:
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [0, -1]})
    assert g.pending is not None and g.pending.kind == DecisionKind.GHOUL_KEEP
    assert choice(g) == "aside:1"


def test_GH_16_it_attacks_the_weak_knight_on_its_space() -> None:
    """1 Fury for 2 discs (1 + her Strength 1): before any move."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [1, 0]}, aside=1)
    assert choice(g) == "attack:knight"


def test_GH_12_it_charges_a_target_next_to_it() -> None:
    """Entering her space to attack at once costs no extra movement for her (GH-12)."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [2, 0]}, aside=1)
    assert choice(g) == "charge:2,0:knight"


def test_GH_13_it_collects_the_treasure_token_on_its_space_before_it_goes_for_the_knight() -> None:
    """The token first: attacking her skitters the Ghoul away from it (GH-24)."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [-1, 0]}, aside=1, tokens={"1,0": {"treasure": 1}})
    assert choice(g) == "collect:treasure"


def test_it_walks_to_the_treasure_token_it_can_collect_this_turn() -> None:
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0]}, roles=("cave", "ghoul"), aside=1, tokens={"2,0": {"treasure": 1}})
    assert choice(g) == "move:2,0"


def test_GH_01_with_its_fury_goal_reached_it_heads_for_the_entrance_and_escapes() -> None:
    """Fury 9 of 9: the Entrance wins; Treasure and the Knight next to it no longer matter."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [1, 0]}, ghoul={"fury": 9}, aside=1,
                   tokens={"1,0": {"treasure": 1}})
    assert choice(g) == "move:0,0"
    g.apply("move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("ghoul",)


def test_GH_28_hunt_adds_the_disc_it_lacks_for_the_attack() -> None:
    """Dice 1-1-1: one disc, and the Knight costs 2; Hunt's first effect gives the second."""
    g = ghoul_game([1, 1, 1], {"ghoul": [1, 0], "knight": [1, 0]}, ghoul={"terror": ["hunt#1"]})
    assert choice(g) == "terror:hunt#1:first"
    g.apply("terror:hunt#1:first")
    assert choice(g) == "attack:knight"


def test_GH_28_chase_adds_the_movement_it_lacks_and_is_kept_when_it_would_not_help() -> None:
    """Against the Cave (no piece to attack): dice 2-2-1 give 2 movement, and the Treasure token
    at 2,0 takes 1 to reach and 2 to collect — Chase's +1 puts it in reach.  With the token
    beyond any reach this turn, Chase adds nothing and is not used."""
    g = ghoul_game([2, 2, 1], {"ghoul": [1, 0]}, roles=("cave", "ghoul"), ghoul={"terror": ["chase#1"]},
                   tokens={"2,0": {"treasure": 1}}, aside=1)
    assert choice(g) == "terror:chase#1:first"
    g.apply("terror:chase#1:first")
    assert choice(g) == "move:2,0"
    g.apply("move:2,0")
    assert choice(g) == "collect:treasure"
    g = ghoul_game([1, 1, 1], {"ghoul": [1, 0]}, roles=("cave", "ghoul"), ghoul={"terror": ["chase#1"]},
                   tokens={"0,-1": {"treasure": 1}})
    assert choice(g) != "terror:chase#1:first"


def test_it_keeps_the_terror_card_that_helps_the_hunt_most() -> None:
    """GH-23: killing the Thief draws cards to keep 1 of: Hunt or Chase before Scour or Blink."""
    g = ghoul_game([6, 6, 6], {"ghoul": [1, 0], "thief": [1, 0]}, roles=("thief", "ghoul"),
                   ghoul={"terror_deck": ["scour", "hunt#1", "blink"]}, thief={"loot_drop": 3, "placed": True})
    assert choice(g) == "attack:thief"
    g.apply("attack:thief")
    assert g.pending is not None and g.pending.kind == DecisionKind.GHOUL_TERROR_KEEP
    assert choice(g) == "keep:hunt#1"


def test_GH_18_the_easy_knight_never_gives_up_her_last_health() -> None:
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [1, 0]}, aside=1, knight={"health": 1})
    g.apply("attack:knight")
    assert g.pending is not None and g.pending.kind == DecisionKind.GHOUL_ATTACKED
    assert choice(g, "knight") != "loss:health"


def test_GH_39_the_easy_knight_names_the_symbol_farthest_from_what_the_ghoul_wants() -> None:
    """After its attack she names the skitter's symbol: with Treasure beside Bones (2,1) and
    Fangs (0,1), she names Eye (-1,0), the Dark tile farthest from it."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0], "knight": [1, 0]}, aside=1, tokens={"2,0": {"treasure": 1}},
                   knight={"grit": 10})
    g.apply("attack:knight")
    while g.pending is not None and g.pending.kind == DecisionKind.GHOUL_ATTACKED:
        g.apply(choice(g, "knight"))
    assert g.pending is not None and g.pending.kind == DecisionKind.GHOUL_SKITTER_SYMBOL
    assert choice(g, "knight") == "symbol:eye"
    assert isinstance(make_bot("knight", "easy", 0), EasyKnight)


def test_every_ghoul_decision_kind_has_a_scorer() -> None:
    kinds = {k for k in DecisionKind if k.value.startswith("ghoul_")}
    own = kinds - {DecisionKind.GHOUL_ATTACKED}                  # the Knight's or the Dragon's question
    assert own <= set(EasyGhoul.SCORERS)
    for role in ("knight", "goblins", "dragon", "cave", "thief"):
        scorers = type(make_bot(role, "easy", 0)).SCORERS
        assert {DecisionKind.GHOUL_SKITTER_SYMBOL, DecisionKind.GHOUL_SKITTER, DecisionKind.GHOUL_ATTACKED} <= set(scorers)


@pytest.mark.parametrize("roles", [("knight", "ghoul"), ("knight", "goblins", "dragon", "cave", "thief", "ghoul"),
                                   ("cave", "ghoul"), ("goblins", "thief", "ghoul")], ids="-".join)
def test_games_with_easy_players_in_every_seat_finish_without_errors(roles: tuple[str, ...]) -> None:
    levels = dict.fromkeys(roles, "easy")
    results = [play_match(Setup(roles=roles, seed=s), levels) for s in range(1, 4)]
    assert [r.error for r in results if r.error] == []
    assert all(r.finished for r in results)


def test_the_easy_ghoul_beats_random_opponents() -> None:
    """Seeded smoke test: a clear majority of wins against a random Knight."""
    results = [play_match(Setup(roles=("knight", "ghoul"), seed=s), {"ghoul": "easy"}) for s in range(1, 11)]
    assert not [r.error for r in results if r.error]
    assert sum("ghoul" in r.winners for r in results) >= 7


def test_the_easy_ghoul_plays_the_same_game_for_the_same_seed() -> None:
    setup = Setup(roles=("knight", "goblins", "ghoul"), seed=5)
    a, b = (play_match(setup, {"ghoul": "easy"}, keep_log=True) for _ in range(2))
    assert a.error is None and (a.winners, a.reason, a.log) == (b.winners, b.reason, b.log)


def test_alone_it_flares_for_the_dark_tiles_whose_treasure_and_crystals_make_its_goal() -> None:
    """Solo (Alone in the Dark II, the revised Flare on its own space for 1 movement): nothing else
    reveals the Dark tiles, so with no Treasure or Crystal on the map it flares where two Dark tiles
    lie around it.  Against the Cave, which hands it the Flare too, it keeps its movement for the
    Treasure the Cave lays (as it plays there)."""
    alone = ghoul_game([6, 3, 1], {"ghoul": [1, 0]}, roles=("ghoul",), aside=1)
    assert alone.pending is not None and "flare:" in alone.pending.ids
    assert choice(alone) == "flare:"
    duo = ghoul_game([6, 3, 1], {"ghoul": [1, 0]}, roles=("cave", "ghoul"), aside=1)
    assert duo.pending is not None and "flare:" in duo.pending.ids
    assert choice(duo) != "flare:"


def test_alone_it_smashes_a_crystal_in_reach_before_it_flares() -> None:
    """Solo: a Crystal token two steps away (its goal counts Crystals) comes before any Flare."""
    g = ghoul_game([6, 3, 1], {"ghoul": [1, 0]}, roles=("ghoul",), aside=1, tokens={"2,0": {"crystal": 1}})
    assert g.pending is not None and "flare:" in g.pending.ids
    picked = choice(g)
    assert picked != "flare:" and picked in ("move:2,0", "smash:")
