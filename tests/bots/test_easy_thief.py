"""The Easy Thief (issue 7): he loots, picks Vaults, carries the loot home and stashes it.

Scenario tests build the position with the Thief's rule-test helper (tests/rules/
helpers_thief.py: the Entrance at 0,0, Lit tiles along the row y=0, the Thief on 1,0)
and ask the bot for its choice; the smoke test plays seeded games against random.
"""
from __future__ import annotations

from typing import Any

from rules.helpers_thief import base_tiles, thief_game

from vast_desktop.bots.easy.thief import EasyThief
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Game, Setup, view
from vast_desktop.engine.decisions import Decision, Option, space
from vast_desktop.headless.matches import play_match

NOBODY_NEAR = {"knight": [4, 0]}


def bot_choice(g: Game, seed: int = 0) -> str:
    d = g.pending
    assert d is not None and d.role == "thief"
    return EasyThief(seed)(view(g, "thief"), d)


def pending_kind(g: Game) -> str:
    assert g.pending is not None
    return g.pending.kind


def game(**kw: Any) -> Game:
    kw.setdefault("pieces", dict(NOBODY_NEAR))
    return thief_game(**kw)


def test_registry_makes_the_easy_thief() -> None:
    assert isinstance(make_bot("thief", "easy", 7), EasyThief)


def test_the_thief_loots_the_treasure_token_on_his_tile() -> None:
    """TH-13: a Treasure token on his space is looted before anything else."""
    g = game(tokens={"1,0": {"treasure": 1}})
    assert bot_choice(g) == "loot:treasure"


def test_the_thief_carries_his_loot_home_to_stash_it() -> None:
    """TH-39: carrying a token next to the Entrance, he steps onto it (which stashes)."""
    g = game(thief={"carried": ["treasure"]})
    assert bot_choice(g) == "move:0,0"


def test_the_thief_picks_the_vault_lock_surely_with_enough_cubes() -> None:
    """TH-23: on a Vault with 4 Action cubes he pays the 3 cubes that cannot fail."""
    g = game(stats="2-3-4", tokens={"1,0": {"vault": 1}})
    assert bot_choice(g) == "picklock:3"


def test_the_thief_walks_to_the_vault_he_knows() -> None:
    """TH-08: the known Vault two tiles east is his goal, not the Entrance west."""
    g = game(tokens={"3,0": {"vault": 1}})
    assert bot_choice(g) == "move:2,0"


def test_the_thief_takes_thievery_when_the_vault_is_in_reach() -> None:
    """TH-03/05: the Vault is 2 steps away: Movement 2 reaches it, so the 4 goes on
    Thievery for the sure Pick Lock (3 cubes)."""
    g = game(stats=None, tokens={"3,0": {"vault": 1}})
    assert pending_kind(g) == "thief_stats"
    m, s, th = (int(v) for v in bot_choice(g).split(":")[1].split("-"))
    assert m >= 2 and th >= 3


def test_the_thief_takes_movement_when_the_loot_is_far() -> None:
    """TH-03: the only loot is 3 steps east: Movement 2 would fall short."""
    g = game(stats=None, tokens={"4,0": {"treasure": 1}})
    m, _, _ = (int(v) for v in bot_choice(g).split(":")[1].split("-"))
    assert m >= 3


def test_the_thief_buys_the_flip_first_when_he_stashes() -> None:
    """TH-41/54: his first stashed token flips the 2 Stat token (every stat choice better)."""
    g = game(thief={"carried": ["treasure"]})
    g.apply("move:0,0")
    assert pending_kind(g) == "thief_upgrade"
    assert bot_choice(g) == "upgrade:flip_2_to_3"


def test_the_digger_buys_more_action_cubes_first_against_the_cave() -> None:
    """TH-41, the Hard Thief's digger strategy (EasyThief.param_variants): with the Cave in
    play his loot must be dug out of the Dark tiles, so the first stashed token buys +1
    Thievery (one more Action cube a turn for Flares, RV-05), not the Flip; without the
    Cave the digger is not among the strategies."""
    strategies = EasyThief.param_variants(frozenset({"cave", "thief"}))
    diggers = [p for p in strategies if p["up_plus_thievery"] > p["up_flip_2_to_3"]]
    assert len(diggers) == 1
    assert not any(p["up_plus_thievery"] > p["up_flip_2_to_3"]
                   for p in EasyThief.param_variants(frozenset({"knight", "thief"})))
    g = game(roles=("cave", "thief"), pieces={}, thief={"carried": ["treasure"]})
    g.apply("move:0,0")
    assert pending_kind(g) == "thief_upgrade"
    d = g.pending
    assert d is not None
    assert EasyThief(0, params=diggers[0])(view(g, "thief"), d) == "upgrade:plus_thievery"
    assert bot_choice(g) == "upgrade:flip_2_to_3"


def test_the_racer_buys_movement_first_when_the_goblins_are_his_only_rivals() -> None:
    """TH-41, the Hard Thief's racer strategy (EasyThief.param_variants): racing the Goblins,
    who win by smashing Crystals (GB-01), the first stashed token buys +1 Movement, not the
    Flip.  Racer leads his strategies only where the Goblins are his only rivals; with a
    Knight too it is one of them, and without the Goblins it is not among them."""
    def racers(roles: set[str]) -> list[int]:
        strategies = EasyThief.param_variants(frozenset(roles))
        return [i for i, p in enumerate(strategies) if p["up_plus_movement"] > p["up_flip_2_to_3"]]
    assert racers({"goblins", "thief"}) == [0]
    assert racers({"goblins", "thief", "knight"}) == [1]
    assert racers({"knight", "thief"}) == [] and racers({"goblins", "cave", "thief"}) == []
    g = game(roles=("goblins", "thief"), pieces={}, thief={"carried": ["treasure"]})
    g.apply("move:0,0")
    assert pending_kind(g) == "thief_upgrade"
    d = g.pending
    assert d is not None
    racer = EasyThief.param_variants(frozenset({"goblins", "thief"}))[0]
    assert EasyThief(0, params=racer)(view(g, "thief"), d) == "upgrade:plus_movement"
    assert bot_choice(g) == "upgrade:flip_2_to_3"


def test_the_thief_reveals_a_vault_he_peeks_at_and_keeps_an_ambush_dark() -> None:
    """TH-09: peeking at a Dark Vault tile he reveals it (its Vault token appears, MAP-31);
    an Ambush tile he leaves Dark."""
    for tile, want in (("T46", "reveal:"), ("T01", "keep:")):
        tiles = [t for t in base_tiles() if t["pos"] != [1, 1]] + [{"pos": [1, 1], "tile": tile, "lit": False}]
        g = game(at=(1, 1), tiles=tiles)
        g.apply("peek:")
        assert pending_kind(g) == "thief_reveal"
        assert bot_choice(g) == want, tile


def test_the_thief_pickpockets_the_knight_holding_a_treasure() -> None:
    """TH-18: on her tile, his Stealth 3 beats her Perception 1 and she holds a Treasure
    card: he robs her (a Treasure token from the supply)."""
    g = thief_game(stats="2-3-4", knight={"treasures": ["javelin"]})
    choice = bot_choice(g)
    assert choice.startswith("pickpocket:knight:"), choice


def test_the_thief_never_steps_onto_a_flame_wall() -> None:
    """DR-35: a Flame Wall kills him as he enters, even on the way to the Entrance."""
    g = game(thief={"carried": ["treasure"]}, tokens={"0,0": {"flamewall": 1}, "2,0": {"treasure": 1}})
    assert bot_choice(g) != "move:0,0"


def test_the_thief_collapses_a_tile_that_is_no_crystal() -> None:
    """COL-05/10 (no Cave player): each Crystal tile removed brings the end nearer, so of a
    Lit Crystal tile and a Lit Event tile he removes the Event tile.  The Decision is built
    by hand on a real view: the bot reads only the view and the options."""
    tiles = [t for t in base_tiles() if t["pos"] != [4, 0]] + [{"pos": [4, 0], "tile": "T37", "lit": True}]
    g = game(tiles=tiles)
    d = Decision("thief", "collapse_tile", "The Collapse: choose a tile to remove",
                 (Option("remove:4,0", "Collapse the tile at 4,0", (space((4, 0)),)),
                  Option("remove:3,0", "Collapse the tile at 3,0", (space((3, 0)),))))
    assert EasyThief(0)(view(g, "thief"), d) == "remove:3,0"


def test_the_easy_thief_beats_random_cave_players() -> None:
    """Seeded smoke test: a clear majority of wins against a random Cave."""
    results = [play_match(Setup(roles=("cave", "thief"), seed=s), {"thief": "easy"}) for s in range(1, 13)]
    assert not [r.error for r in results if r.error]
    assert sum("thief" in r.winners for r in results) >= 9


def test_the_easy_thief_plays_the_same_game_for_the_same_seed() -> None:
    """Deterministic: only the bot's own seeded RNG breaks ties, so a replayed seed gives
    the same game (three roles, the others random)."""
    setup = Setup(roles=("knight", "goblins", "thief"), seed=5)
    a, b = (play_match(setup, {"thief": "easy"}) for _ in range(2))
    assert a.error is None and (a.winners, a.reason, a.choices) == (b.winners, b.reason, b.choices)


def test_TH_35_a_thief_whose_stealth_fell_below_zero_still_heads_home_to_stash() -> None:
    """TH-35: three carried tokens take Stealth 2 to -1 without harming him.  Stashing needs
    no Stealth, so on the Entrance he still rates the stash (before, no goal was left and
    the bot raised StopIteration), and next to it he steps on to stash (TH-39)."""
    g = game(at=(0, 0), stats="4-2-3", thief={"carried": ["treasure"] * 3})
    assert view(g, "thief").boards.thief.stealth_now < 0
    assert bot_choice(g)                              # no crash standing on the Entrance
    g = game(stats="4-2-3", thief={"carried": ["treasure"] * 3})
    assert bot_choice(g) == "move:0,0"
