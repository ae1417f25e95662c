"""The Easy Dragon (issue 7): it plays the Dragon's plan — wake by moving Sloth cubes
(DR-58..63), surface on a Lit Crystal tile (DR-65), escape through the Entrance (DR-67).

Each scenario builds the position with ``load_scenario`` and asks the bot what it does.
Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles used: T01/T05
Ambush open, T03/T04/T06 Ambush/Event Dark, T32 Treasure Room open, T37/T42 Crystal open.
"""
from __future__ import annotations

from typing import Any

from tests.rules.helpers import choose, dark, entrance, ids, lit, scenario
from vast_desktop.bots.easy.dragon import EasyDragon
from vast_desktop.engine import Game, Setup, view
from vast_desktop.engine.decisions import Decision, Option, space
from vast_desktop.headless.matches import play_match

ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]


def dragon_game(roles: tuple[str, ...] = ("knight", "dragon"), dragon: dict[str, Any] | None = None,
                **data: Any) -> Game:
    return scenario(roles, active="dragon", dragon={"placed": True, **(dragon or {})}, **data)


def ask(g: Game, seed: int = 0) -> str:
    """The Easy Dragon's answer to the pending decision (it must be one of the options)."""
    assert g.pending is not None and g.pending.role == "dragon"
    choice = EasyDragon(seed=seed)(view(g, "dragon"), g.pending)
    assert choice in ids(g)
    return choice


def test_greed_the_sleeping_dragon_moves_onto_the_treasure_next_to_him() -> None:
    """DR-48/50/58: a Treasure token one move away is a Greed cube this turn, worth more than Stay Put."""
    g = dragon_game(tiles=ROW, pieces={"knight": [0, 0], "dragon": [1, 0]}, dragon={"hand": ["wing"]},
                    tokens={"3,0": {"treasure": 1}})
    assert ask(g) == "move:3,0"


def test_pride_stay_put_the_sleeping_dragon_with_nothing_to_gain_does_not_move() -> None:
    """DR-60/63: with nothing to take he ends the turn where he is, for the Stay Put cube."""
    g = dragon_game(tiles=ROW, pieces={"knight": [0, 0], "dragon": [1, 0]}, dragon={"hand": ["wing"]})
    assert ask(g) == "end:"


def test_pride_event_scorch_the_dark_tiles_around_him() -> None:
    """DR-30/60: three Dark tiles around him and two Flames: Scorch them for an Event tile."""
    tiles = [entrance(), lit((1, 0), "T01"), dark((2, 0), "T03"), dark((1, 1), "T04"), dark((2, 1), "T06")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]},
                    dragon={"hand": ["flame", "flame"], "sloth": {"dont_move": 0}})
    assert ask(g) == "power:scorch"


def test_slither_the_hunger_cube_he_cannot_eat_for_goblins_goes_to_stay_put() -> None:
    """DR-28/47: with no Goblins Hunger never empties, so Slither moves its cube to the
    empty Stay Put box — then staying put this turn moves it on to Wakefulness."""
    g = dragon_game(tiles=ROW, pieces={"knight": [3, 0], "dragon": [1, 0]},
                    dragon={"hand": ["claw", "flame"], "sloth": {"dont_move": 0}})
    choose(g, ask(g))
    assert g.pending is not None and g.pending.kind in ("pay_power", "dragon_slither")
    if g.pending.kind == "pay_power":
        choose(g, ask(g))
    assert ask(g) == "slither:hunger>dont_move"


def test_surface_the_awake_dragon_goes_to_the_lit_crystal_tile() -> None:
    """DR-64/65: awake, he moves onto the Lit Crystal tile (ending his turn there surfaces him)."""
    tiles = ROW + [lit((4, 0), "T37")]
    g = dragon_game(tiles=tiles, pieces={"knight": [0, 0], "dragon": [2, 0]},
                    dragon={"hand": ["claw"], "awake": True, "wakefulness": 11})
    assert ask(g) == "move:4,0"


def test_surface_the_awake_dragon_on_a_crystal_tile_ends_his_turn_there() -> None:
    """DR-65: already on the Lit Crystal tile, he stays to surface."""
    tiles = ROW + [lit((4, 0), "T37")]
    g = dragon_game(tiles=tiles, pieces={"knight": [0, 0], "dragon": [4, 0]},
                    dragon={"hand": ["claw"], "awake": True, "wakefulness": 11})
    assert ask(g) == "end:"


def test_escape_the_surfaced_dragon_moves_onto_the_entrance() -> None:
    """DR-67: surfaced, two tiles from the Entrance in a line: he escapes."""
    g = dragon_game(tiles=ROW, pieces={"knight": [3, 0], "dragon": [2, 0]},
                    dragon={"hand": ["claw"], "awake": True, "surfaced": True, "wakefulness": 11})
    assert ask(g) == "move:0,0"


def test_collapse_without_a_cave_he_never_removes_a_lit_crystal_tile() -> None:
    """COL-05/10: removing the tiles of the Collapse, he spares the Crystal tiles (five end the game)."""
    tiles = ROW + [lit((4, 0), "T37"), lit((3, 1), "T42")]
    g = dragon_game(tiles=tiles, pieces={"knight": [0, 0], "dragon": [1, 0]}, dragon={"hand": []})
    bot = EasyDragon(seed=0)
    v = view(g, "dragon")
    opts = tuple(Option(f"remove:{x},{y}", "", (space((x, y)),)) for x, y in [(4, 0), (3, 1), (3, 0)])
    decision = Decision("dragon", "collapse_tile", "The Collapse: choose a tile to remove", opts)
    assert bot(v, decision) == "remove:3,0"


def test_smoke_the_easy_dragon_beats_a_random_knight() -> None:
    """Seeded games against a random Knight: the Easy Dragon wins a clear majority."""
    wins = 0
    for seed in range(1, 13):
        r = play_match(Setup(roles=("knight", "dragon"), seed=seed), {"dragon": "easy"})
        assert r.error is None, r.error
        wins += "dragon" in r.winners
    assert wins >= 9



def test_greed_past_plunder_puts_the_treasure_on_his_own_dark_tile() -> None:
    """RV-12, DR-48: the Past Plunder Treasure goes on his own Dark tile, to pick up next turn without moving."""
    tiles = [entrance(), lit((1, 0), "T01"), dark((2, 0), "T03"), dark((3, 0), "T04"), dark((0, 3), "T06")]
    g = dragon_game(tiles=tiles, pieces={"knight": [0, 0], "dragon": [2, 0]}, dragon={"hand": []})
    opts = tuple(Option(f"plunder:{x},{y}", "", (space((x, y)),)) for x, y in [(0, 3), (3, 0), (2, 0)])
    decision = Decision("dragon", "past_plunder", "Past Plunder: put a Treasure token on an empty Dark tile", opts)
    assert EasyDragon(seed=0)(view(g, "dragon"), decision) == "plunder:2,0"


def test_escape_the_surfaced_dragon_burns_the_dark_tile_on_his_road() -> None:
    """DR-12/31: surfaced, a Dark tile between him and the Entrance: he Burns it open."""
    tiles = [entrance(), dark((1, 0), "T03"), lit((2, 0), "T05"), lit((3, 0), "T32"), dark((2, 1), "T04")]
    g = dragon_game(tiles=tiles, pieces={"knight": [3, 0], "dragon": [2, 0]},
                    dragon={"hand": ["flame", "wing"], "awake": True, "surfaced": True, "wakefulness": 11})
    assert ask(g) == "power:burn"
    choose(g, "power:burn")
    assert ask(g) == "burn:1,0"
