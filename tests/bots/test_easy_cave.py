"""The Easy Cave (issue 7): scenario tests where the Cave's plan makes the right choice
clear, and a seeded smoke test against the random Knight.

The Cave wins when enough Crystal tiles have collapsed (CV-01, COL-10): it places
Crystal tiles where the Collapse takes them first (touching one tile, COL-07) and far
from the Knight, removes them first in the Collapse, and spends Omens on Hatred to
bring the Collapse on sooner (CV-25)."""
from __future__ import annotations

from typing import Any

from vast_desktop.bots.easy.cave import EasyCave
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Game, Setup, load_scenario, view
from vast_desktop.headless.matches import play_match

ENTRANCE = {"pos": [0, 0], "tile": "entrance"}


def tile(x: int, y: int, tile_id: str, lit: bool = False, rot: int = 0) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile_id, "lit": lit, "rot": rot}


def knight_vs_cave(tiles: list[dict[str, Any]], **extra: Any) -> Game:
    """Knight vs Cave on the Cave's turn, the Omen bag empty (no draw) unless given."""
    data: dict[str, Any] = {"setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave",
                            "tiles": tiles, "omen_bag": {}}
    data.update(extra)
    return load_scenario(data)


def cave_choice(g: Game, seed: int = 0) -> str:
    assert g.pending is not None and g.pending.role == "cave"
    return EasyCave(seed)(view(g, "cave"), g.pending)


def play_cave_turn(g: Game, bot: EasyCave | None = None) -> list[str]:
    """Let the Easy Cave (``bot``, else the defaults) play until it ends its turn; its
    choices in order."""
    seen: list[str] = []
    while g.pending is not None and g.pending.role == "cave" and len(seen) < 50:
        seen.append(cave_choice(g) if bot is None else bot(view(g, "cave"), g.pending))
        g.apply(seen[-1])
        if seen[-1] == "end:":
            break
    return seen


# A corridor running east from the Entrance: (1,0) .. (4,0), plus one tile west.
CORRIDOR = [ENTRANCE, tile(-1, 0, "T01"), tile(1, 0, "T05"), tile(2, 0, "T10"), tile(3, 0, "T13"),
            tile(4, 0, "T20")]


def test_easy_cave_places_the_crystal_tile_far_from_the_knight_at_a_dead_end():
    """CV-04/COL-07: a Crystal tile in hand goes far from the Knight (at the Entrance) and
    where it touches a single tile, so the Collapse can take it first."""
    g = knight_vs_cave(CORRIDOR, cave={"hand": ["T37", "T38", "T39"]}, pieces={"knight": [0, 0]})
    choice = cave_choice(g)
    assert choice.startswith("place:T3")
    where = tuple(int(v) for v in choice.rpartition("@")[2].split(","))
    assert where in {(5, 0), (4, -1), (4, 1)}      # beside (4,0) only: five steps from her


def test_easy_cave_spends_hatred_to_place_another_tile():
    """CV-25: Hatred (cost 1 now) places another tile before the Collapse — the Cave uses
    it rather than ending its turn with the tokens unspent."""
    g = knight_vs_cave(CORRIDOR, cave={"hand": ["T02", "T03", "T08"], "omens": {"mushroom": 2}},
                       pieces={"knight": [0, 0]}, stack=["T04", "T06", "T07"])
    assert "omen:hatred" in g.pending.ids
    seen = play_cave_turn(g)
    assert "omen:hatred" in seen
    assert any(c.startswith("hatred:place:") for c in seen)


def test_easy_cave_collapses_the_crystal_tile_first():
    """COL-07/COL-10: in the Collapse, among the tiles touching one tile, the Cave takes
    the (Dark) Crystal tile — it counts toward its win."""
    tiles = [ENTRANCE, tile(1, 0, "T05"), tile(-1, 0, "T37"), tile(0, 1, "T10"), tile(0, -1, "T13")]
    g = knight_vs_cave(tiles, collapse=True, stack=[], cave={"hand": []}, pieces={"knight": [0, 0]})
    removals = [i for i in g.pending.ids if i.startswith("remove:")]
    assert "remove:-1,0" in removals and len(removals) == 4
    assert cave_choice(g) == "remove:-1,0"


def test_easy_cave_removes_the_tile_that_frees_a_crystal_tile():
    """COL-07: with no Crystal tile removable yet, the Cave removes the tile whose loss
    leaves a Crystal tile touching a single tile (next in the Collapse's order)."""
    # (2,0) is a Crystal tile touching (1,0) and (3,0); (3,0) is a dead end.
    tiles = [ENTRANCE, tile(1, 0, "T05"), tile(2, 0, "T37"), tile(3, 0, "T10"), tile(0, 1, "T13"),
             tile(0, -1, "T01"), tile(-1, 0, "T02"), tile(-1, -1, "T03"), tile(-1, 1, "T04")]
    g = knight_vs_cave(tiles, collapse=True, stack=[], cave={"hand": []}, pieces={"knight": [0, 0]})
    removals = [i for i in g.pending.ids if i.startswith("remove:")]
    assert "remove:3,0" in removals and "remove:2,0" not in removals
    assert cave_choice(g) == "remove:3,0"


def test_easy_cave_places_no_treasure_for_the_thief_to_stash():
    """CV-11, role_variants.two_vs_thief: against the Thief Place Treasure is optional, and
    every token on the map is one more he may stash toward his win — the Cave skips it."""
    g = load_scenario({"setup": {"roles": ["cave", "thief"], "seed": 1}, "active": "cave", "omen_bag": {},
                       "tiles": CORRIDOR, "cave": {"hand": ["T02", "T03", "T08"]}, "stack": ["T04", "T06"]})
    g.apply(cave_choice(g))                                 # Shape the Cave
    assert g.pending is not None and "skip_treasure:" in g.pending.ids
    assert any(i.startswith("treasure:") for i in g.pending.ids)
    assert cave_choice(g) == "skip_treasure:"


def test_easy_cave_puts_a_waking_dragon_back_to_sleep():
    """CV-24: with the Dragon one cube short of waking, Soporific Spores on him comes before
    another Hatred placement."""
    g = load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1}, "active": "cave", "omen_bag": {},
                       "tiles": CORRIDOR, "cave": {"hand": ["T02", "T03", "T08"], "omens": {"mushroom": 3, "trail": 1}},
                       "stack": ["T04", "T06"], "dragon": {"wakefulness": 10, "locked_hunger": 0,
                                                         "sloth": {"greed": 1, "hunger": 1, "event": 2,
                                                                   "dont_move": 0, "place_gem": 0}}})
    board = view(g, "cave").boards.dragon
    assert board.wakefulness >= board.wakefulness_needed - 2, board
    assert "omen:soporific_spores" in g.pending.ids and "omen:hatred" in g.pending.ids
    seen = play_cave_turn(g)
    assert "spores:dragon" in seen
    assert "omen:hatred" not in seen[:seen.index("omen:soporific_spores")]


def test_the_patient_cave_keeps_its_omens_for_spores_against_the_dragon():
    """CV-24/CV-25, the Hard Cave's strategies against the Dragon (EasyCave.param_variants):
    with the Dragon at Wakefulness 6 and three Omen tokens, the defaults buy Hatred twice
    (two more tiles, the Spores then unaffordable), while a patient strategy buys no Hatred
    before the Collapse and puts him back to sleep by a cube (DR-69)."""
    def game() -> Game:
        return load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1}, "active": "cave",
                              "omen_bag": {}, "tiles": CORRIDOR, "stack": ["T04", "T06", "T07"],
                              "cave": {"hand": ["T02", "T03", "T08"], "omens": {"mushroom": 3}},
                              "dragon": {"wakefulness": 6, "locked_hunger": 0,
                                         "sloth": {"greed": 2, "hunger": 2, "event": 3, "dont_move": 1,
                                                   "place_gem": 1}}})

    assert play_cave_turn(game()).count("omen:hatred") == 2
    strategies = EasyCave.param_variants(frozenset({"cave", "dragon"}))
    patient = [p for p in strategies if p["hatred"] <= 0]
    assert len(patient) == 2 and all(p["hatred"] > 0 for p in EasyCave.param_variants(frozenset({"cave", "knight"})))
    for params in patient:
        g = game()
        seen = play_cave_turn(g, EasyCave(0, params=params))
        assert "omen:hatred" not in seen and "spores:dragon" in seen, (params, seen)
        assert g.pending is not None and g.pending.kind == "dragon_spores"    # he picks the Sloth track
        g.apply("sloth:greed")
        assert view(g, "cave").boards.dragon.wakefulness == 5


def test_easy_cave_gives_the_knight_the_least_useful_treasure():
    """cave.treasures: of the two drawn cards the Knight gets the weaker one."""
    g = knight_vs_cave(CORRIDOR, active="knight", pieces={"knight": [1, 0]},
                       tokens={"1,0": {"treasure": 1}}, treasure_deck=["heroic_boots", "potion_kit"])
    g.apply(next(i for i in g.pending.ids if i.startswith("collect") or "treasure" in i))
    assert g.pending is not None and g.pending.kind == "choose_treasure"
    assert cave_choice(g) == "give:potion_kit"


def test_easy_cave_registered_and_wins_most_games_against_random():
    """The registry seats the Easy Cave; seeded against the random Knight it wins a
    clear majority of games (the Collapse buries her)."""
    assert isinstance(make_bot("cave", "easy", 1), EasyCave)
    results = [play_match(Setup(roles=("knight", "cave"), seed=s), {"cave": "easy"}) for s in range(12)]
    assert all(r.error is None for r in results), [r.error for r in results]
    wins = sum("cave" in r.winners for r in results)
    assert wins >= 10, [(r.winners, r.reason) for r in results]
