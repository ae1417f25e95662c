"""The Easy Knight (issue 7): scenario tests where her plan makes the right choice clear,
and a seeded smoke test against the random player."""
from __future__ import annotations

from typing import Any

from tests.rules.helpers import dark, entrance, lit, scenario
from tests.rules.helpers_dragon import dragon_game
from vast_desktop.bots.easy.knight import EasyKnight
from vast_desktop.engine import Game, Setup, view
from vast_desktop.headless.matches import play_match

# The Entrance with Dark tiles north, west and south; the row east of it is Lit.
BASE = [entrance(), dark((-1, 0), "T21"), dark((0, -1), "T24"), dark((0, 1), "T26")]
GRIT_SPACES = [5, 11, 18, 26, 35]


def knight_board(cubes: int, **kw: Any) -> dict[str, Any]:
    return {"grit": 0, "grit_spaces": GRIT_SPACES, "cubes_free": cubes, **kw}


def play_knight(g: Game, bot: EasyKnight, limit: int = 30) -> list[str]:
    """Let the bot answer the Knight's decisions until another role must decide (or the
    game ends); returns her choices."""
    chosen: list[str] = []
    while g.outcome is None and g.pending is not None and g.pending.role == "knight" and len(chosen) < limit:
        choice = bot(view(g, "knight"), g.pending)
        assert choice in g.pending.ids
        chosen.append(choice)
        g.apply(choice)
    return chosen


def test_the_knight_smashes_the_crystal_on_her_tile() -> None:
    """KN-62: with the cubes for Strength 3 she puts them on Strength and smashes."""
    g = scenario(("knight", "cave"), active="knight", tiles=BASE + [lit((1, 0), "T37")],
                 pieces={"knight": [1, 0]}, knight=knight_board(4), tokens={"1,0": {"crystal": 1}})
    chosen = play_knight(g, EasyKnight(seed=1))
    assert chosen[:3] == ["cube:strength", "cube:strength", "smash:"]
    assert g.state.knight is not None and g.state.knight.smashed == 1


def test_the_knight_collects_the_treasure_next_to_her() -> None:
    """KN-63: a Treasure token one Lit step away is walked to and collected."""
    g = scenario(("knight", "goblins"), active="knight", tiles=BASE + [lit((1, 0), "T01")],
                 pieces={"knight": [0, 0]}, knight=knight_board(2), tokens={"1,0": {"treasure": 1}})
    chosen = play_knight(g, EasyKnight(seed=1))
    assert chosen[:2] == ["move:1,0", "collect:treasure"]


def test_the_knight_escapes_once_her_crystals_are_smashed() -> None:
    """KN-02: with every Crystal she needs smashed, she walks back to the Entrance and wins
    (even with the Flare on offer, vs the Cave)."""
    g = scenario(("knight", "cave"), active="knight", tiles=BASE + [lit((1, 0), "T01"), lit((2, 0), "T05")],
                 pieces={"knight": [2, 0]}, knight=knight_board(4, smashed=5))
    play_knight(g, EasyKnight(seed=1))
    assert g.outcome is not None and g.outcome.winners == ("knight",)


def test_the_hard_knight_escapes_through_a_wall_on_the_ancient_map() -> None:
    """KN-02, KN-70: her Crystals smashed, she stands in a pocket the Collapse has walled
    off from the Entrance.  Every strategy the Hard Knight weighs routes her escape through
    the wall: she walks to it, puts a cube on the Ancient Map, passes it and wins.  The Easy
    Knight routes over open edges only and stays in the pocket this turn."""
    # (2,0) is open only east, (3,0) only west: the pocket; (1,0) leads to the Entrance
    tiles = BASE + [lit((1, 0), "T01"), lit((2, 0), "T12", rot=2), lit((3, 0), "T27")]

    def pocket() -> Game:
        return scenario(("knight", "cave"), active="knight", tiles=tiles, collapse=True,
                        pieces={"knight": [3, 0]}, knight=knight_board(5, smashed=5))

    for strategy in EasyKnight.param_variants(frozenset({"knight", "cave"})):
        g = pocket()
        chosen = play_knight(g, EasyKnight(seed=1, params=strategy))
        assert "cube:map" in chosen and "mapmove:1,0" in chosen, (strategy, chosen)
        assert g.outcome is not None and g.outcome.winners == ("knight",), (strategy, chosen)
    g = pocket()
    chosen = play_knight(g, EasyKnight(seed=1))
    assert "cube:map" not in chosen and g.outcome is None, chosen


def test_the_knight_bombs_the_underground_dragon_on_her_tile() -> None:
    """KN-50/54: on the underground Dragon's tile she raises her Strength above his Armor
    and attacks him with the Bomb."""
    row = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]
    g = dragon_game(active="knight", tiles=row, pieces={"knight": [1, 0], "dragon": [1, 0]},
                    knight={"cubes_free": 3})
    chosen = play_knight(g, EasyKnight(seed=1))
    assert chosen[:2] == ["cube:strength", "dragon:bomb"]


def test_the_knight_declines_a_treasure_she_has_no_use_for() -> None:
    """KN-65/66: a Potion Kit at full Health is worth less than the 5 Grit of declining it;
    Heroic Boots (+4 Movement for one cube) are kept."""
    for card, expected in (("potion_kit", "decline"), ("heroic_boots", "keep")):
        g = scenario(("knight", "goblins"), active="knight", tiles=BASE + [lit((1, 0), "T01")],
                     pieces={"knight": [1, 0]}, knight=knight_board(2), tokens={"1,0": {"treasure": 1}},
                     treasure_deck=[card])
        bot = EasyKnight(seed=1)
        g.apply(bot(view(g, "knight"), g.pending))
        assert g.pending is not None and g.pending.kind == "keep_treasure"
        assert bot(view(g, "knight"), g.pending).startswith(expected + ":")


def test_the_easy_knight_beats_the_random_cave() -> None:
    """Smoke: seeded games against the random Cave, no errors and a clear majority won."""
    results = [play_match(Setup(roles=("knight", "cave"), seed=seed), {"knight": "easy"}) for seed in range(1, 13)]
    assert all(r.error is None for r in results), [r.error for r in results if r.error]
    assert sum("knight" in r.winners for r in results) >= 7      # the random Knight wins none


def test_the_easy_knight_is_deterministic() -> None:
    """The same seed and game give the same choices (only the bot's own seeded RNG)."""
    a, b = (play_match(Setup(roles=("knight", "dragon"), seed=5), {"knight": "easy"}) for _ in range(2))
    assert (a.winners, a.reason, a.choices) == (b.winners, b.reason, b.choices)
