"""The Easy Vile Ghoul (issue 29, VG-01..15): it picks the chart row that lets it attack its prey
or smash the Crystal its goal counts, spends a Boost die for the Attack it lacks, smashes only
when Crystals are its goal, and escapes once they are smashed; every choice is one of the
engine's options.

Positions are built with ``load_scenario`` on tests/rules/helpers_ghoul's map (the Entrance at
0,0, Lit tiles at 1,0 2,0 0,-1 1,-1, Dark tiles at 0,1 2,1 -1,0).  The chart's values are read
from the rules data (provisional), never written here, so a corrected chart keeps these tests true.
"""
from __future__ import annotations

from typing import Any

from rules.helpers_ghoul import ghoul_tiles

from vast_desktop.bots.easy.vile_ghoul import EasyVile_Ghoul
from vast_desktop.bots.features import option_space
from vast_desktop.bots.registry import available, make_bot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.geometry import manhattan
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.engine.roles.ghoul.attacks import defence
from vast_desktop.rules_data.loader import load_rules_data

VD = load_rules_data().vile_ghoul


def vile_game(roles: tuple[str, ...], vile: dict[str, Any], pieces: dict[str, list[int]], **data: Any) -> Game:
    """The start of the Vile Ghoul's turn (its dice in ``vile``: ``supply``, ``left``, ``right``)."""
    return load_scenario({"setup": {"roles": list(roles), "seed": 5}, "active": "vile_ghoul", "tiles": ghoul_tiles(),
                          "pieces": pieces, "vile_ghoul": {"turns": 1, **vile}, **data})


def choice(g: Game, role: str = "vile_ghoul") -> str:
    d = g.pending
    assert d is not None and d.role == role, (d.role if d else None, role)
    picked = make_bot(role, "easy", 0)(view(g, role), d)
    assert picked in d.ids                        # one of the engine's options, never its own
    return picked


def play(g: Game, role: str = "vile_ghoul") -> str:
    picked = choice(g, role)
    g.apply(picked)
    return picked


def test_the_registry_makes_the_easy_vile_ghoul_and_hard_plays_with_it() -> None:
    assert isinstance(make_bot("vile_ghoul", "easy", 3), EasyVile_Ghoul)
    assert available("vile_ghoul", "easy") and available("vile_ghoul", "hard")


def test_VG_06_12_it_places_the_die_whose_row_attacks_the_knight_next_to_it_then_charges() -> None:
    """Her Strength rules out the weak row: it takes the one whose Attack is above it (VG-12)."""
    g = vile_game(("knight", "vile_ghoul"), {"supply": [1, 6]}, {"vile_ghoul": [1, 0], "knight": [2, 0]})
    strength = defence(g, "knight")
    assert VD.chart_row(1).attack <= strength < VD.chart_row(6).attack
    assert g.pending is not None and g.pending.kind == DecisionKind.VILE_GHOUL_SELECT
    assert play(g) == "select:6"
    assert play(g) == "charge:2,0:knight"


def test_VG_12_it_places_the_die_that_smashes_the_crystal_when_crystals_are_its_goal_and_smashes_it() -> None:
    """Against the Cave alone it smashes Crystals (VG-01): a row of Attack 3 or more, then the smash."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [1, 3]}, {"vile_ghoul": [1, 0]}, tokens={"1,0": {"crystal": 1}})
    assert VD.chart_row(1).attack < VD.crystal_smash_attack <= VD.chart_row(3).attack
    assert play(g) == "select:3"
    assert play(g) == "smash:"
    assert g.state.ghoul.smashed == 1


def test_VG_01_it_never_smashes_a_crystal_while_it_hunts_the_knight() -> None:
    """Smashing helps the Knight, not the hunt: it goes for her instead."""
    g = vile_game(("knight", "vile_ghoul"), {"supply": [6]}, {"vile_ghoul": [1, 0], "knight": [2, 0]},
                  tokens={"1,0": {"crystal": 1}})
    assert g.pending is not None and "smash:" in g.pending.ids
    assert play(g) == "charge:2,0:knight"


def test_VG_09_11_a_boost_die_gives_the_attack_the_row_lacks() -> None:
    """The row's Attack equals her Strength, one Boost die on its right: +1 Attack, then the charge."""
    probe = vile_game(("knight", "vile_ghoul"), {"supply": [6]}, {"vile_ghoul": [1, 0], "knight": [2, 0]})
    strength = defence(probe, "knight")
    face = next(r.face for r in VD.dice_chart if r.attack == strength)
    g = vile_game(("knight", "vile_ghoul"), {"supply": [face, face], "left": face},
                  {"vile_ghoul": [1, 0], "knight": [2, 0]})
    assert g.pending is not None and not any(i.startswith("charge:") for i in g.pending.ids)
    assert play(g) == "boost:attack"
    assert play(g) == "charge:2,0:knight"


def test_VG_01_its_crystals_smashed_it_heads_for_the_entrance() -> None:
    """With the Thief its goal is the Crystals and then the Entrance: it steps onto the Entrance and wins."""
    g = vile_game(("vile_ghoul", "thief"), {"supply": [1], "smashed": 5}, {"vile_ghoul": [1, 0]},
                  tokens={"2,0": {"treasure": 1}})
    assert play(g) == "move:0,0"
    assert g.outcome is not None and g.outcome.winners == ("vile_ghoul",)


def test_every_choice_of_an_easy_game_is_one_of_the_engines_options() -> None:
    """An all-Easy game with the Vile Ghoul hunting the Knight: each pick is among the options offered."""
    g = new_game(Setup(roles=("knight", "vile_ghoul"), seed=7))
    bots = {r: make_bot(r, "easy", 7) for r in g.state.roles}
    while g.outcome is None and len(g.choices) < 2000:
        d = g.pending
        assert d is not None
        picked = bots[d.role](view(g, d.role), d)
        assert picked in d.ids, (d.kind, picked)
        g.apply(picked)
    assert g.outcome is not None


def test_GH_39_the_caves_easy_player_names_the_symbol_worst_for_the_vile_ghoul_after_its_smash() -> None:
    """The others answer the Vile Ghoul's questions with its own picture (easy/ghoul_answers): after
    a smash the Cave names the skitter's symbol, never the Bones, whose tile lies next to the
    Vile Ghoul's next Crystal."""
    row = VD.chart_row(5)
    assert row.attack >= VD.crystal_smash_attack and row.movement < 3   # Bones is in reach, Fangs and Eye are not
    g = vile_game(("vile_ghoul", "cave"), {"supply": [5]}, {"vile_ghoul": [1, 0]},
                  tokens={"1,0": {"crystal": 1}, "2,0": {"crystal": 1}})
    assert play(g) == "smash:"
    assert g.pending is not None and g.pending.kind == DecisionKind.GHOUL_SKITTER_SYMBOL and g.pending.role == "cave"
    assert "symbol:bones" in g.pending.ids
    assert choice(g, "cave") != "symbol:bones"


def play_turn(g: Game) -> list[str]:
    """Its choices until it ends its turn (the Flare's reveal order and tile turns included; the
    Cave's Easy player fills the edges the revealed tiles open)."""
    picked: list[str] = []
    while g.outcome is None and g.pending is not None:
        d = g.pending
        if d.role != "vile_ghoul":
            play(g, d.role)
            continue
        choice_id = play(g)
        picked.append(choice_id)
        if d.kind == DecisionKind.GHOUL_TURN and choice_id == "end:":
            break
    return picked


def test_RV_30_with_crystals_its_goal_it_spends_its_movement_on_the_flare() -> None:
    """Against the Cave it holds the Flare (RV-30) and no Crystal is on the map: the Dark tiles
    around it are where Crystals turn up, so its movement goes to Flares and none is left unused."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [3]}, {"vile_ghoul": [1, 0]})
    assert g.pending is not None and "flare:" in g.pending.ids
    picked = play_turn(g)
    assert "flare:" in picked
    assert picked[-1] == "end:" and g.state.ghoul.movement == 0


def test_RV_30_it_smashes_a_crystal_in_reach_before_it_flares() -> None:
    """A Crystal one step away and the Attack for it: the step and the smash come first (a Flare
    could leave it short of movement, and the Collapse may take the tile)."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [3]}, {"vile_ghoul": [1, 0]}, tokens={"2,0": {"crystal": 1}})
    assert g.pending is not None and "flare:" in g.pending.ids
    assert play(g) == "move:2,0"
    assert play(g) == "smash:"
    assert g.state.ghoul.smashed == 1


def test_VG_11_12_a_boost_die_gives_the_attack_that_smashes_the_crystal_it_stands_on() -> None:
    """Row Attack one short of a smash, a Boost die on its right, a Crystal on its space: +1 Attack, then the smash."""
    face = next(r.face for r in VD.dice_chart if r.attack == VD.crystal_smash_attack - 1)
    g = vile_game(("vile_ghoul", "cave"), {"supply": [face, face], "left": face}, {"vile_ghoul": [1, 0]},
                  tokens={"1,0": {"crystal": 1}})
    assert g.pending is not None and "smash:" not in g.pending.ids and "boost:attack" in g.pending.ids
    assert play(g) == "boost:attack"
    assert play(g) == "smash:"


def test_VG_09_it_never_ends_its_turn_with_a_boost_die_a_flare_could_use() -> None:
    """Nothing to attack or smash, a Boost die and the Flare: the die becomes movement for one more Flare."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [1, 1], "left": 1}, {"vile_ghoul": [1, 0]})
    assert g.pending is not None and "boost:move" in g.pending.ids
    picked = play_turn(g)
    assert "boost:move" in picked and picked.count("flare:") >= 2


def test_VG_01_its_crystals_smashed_it_walks_to_the_entrance_and_flares_no_more() -> None:
    """With the Thief its Crystals smashed, the Entrance is all that counts: out of reach this
    turn (a slow row), the Flare on offer and five more Dark tiles around it, it steps toward the
    Entrance and never flares."""
    face = next(r.face for r in VD.dice_chart if r.movement == min(x.movement for x in VD.dice_chart))
    more = (((3, 1), "T07"), ((2, 2), "T08"), ((3, 0), "T09"), ((1, 1), "T10"), ((3, 2), "T11"))
    tiles = ghoul_tiles() + [{"pos": list(p), "tile": t, "lit": False} for p, t in more]
    g = load_scenario({"setup": {"roles": ["vile_ghoul", "thief"], "seed": 5}, "active": "vile_ghoul",
                       "tiles": tiles, "pieces": {"vile_ghoul": [2, 1]},
                       "vile_ghoul": {"turns": 1, "supply": [face], "smashed": 5}})
    assert g.pending is not None and "flare:" in g.pending.ids
    start = manhattan((2, 1), (0, 0))
    picked = play_turn(g)
    assert "flare:" not in picked
    assert manhattan(g.state.board.pieces["vile_ghoul"], (0, 0)) < start


def test_MAP_20_COL_01_it_turns_the_tiles_its_flare_reveals_with_their_walls_to_the_empty_spaces() -> None:
    """Each open edge on an empty space draws a tile from the stack, and an empty stack starts the
    Collapse that races its Crystals: of the turns offered, it takes one with the fewest open edges
    on empty spaces."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [1]}, {"vile_ghoul": [1, 0]})
    words = ("north", "east", "south", "west")
    deltas = ((0, -1), (1, 0), (0, 1), (-1, 0))
    seen = 0
    while g.outcome is None and g.pending is not None:
        d = g.pending
        if d.role != "vile_ghoul":
            play(g, d.role)
            continue
        if d.kind == DecisionKind.ORIENT_TILE:
            p = option_space(d.options[0])
            assert p is not None
            empty = {w for w, (dx, dy) in zip(words, deltas, strict=True) if (p[0] + dx, p[1] + dy) not in g.state.board.tiles}
            open_to_empty = {o.id: sum(1 for w in empty if w not in o.label.lower()) for o in d.options}
            picked = choice(g)
            assert open_to_empty[picked] == min(open_to_empty.values()), (p, picked, open_to_empty)
            g.apply(picked)
            seen += 1
            continue
        if play(g) == "end:" and d.kind == DecisionKind.GHOUL_TURN:
            break
    assert seen > 0


def test_RV_30_with_crystals_its_goal_it_flares_rather_than_collect_treasure() -> None:
    """A Treasure on its space costs 2 movement to collect, 2 Flares that may turn up Crystals:
    while Crystals are its goal it leaves the Treasure and flares."""
    g = vile_game(("vile_ghoul", "cave"), {"supply": [3]}, {"vile_ghoul": [1, 0]}, tokens={"1,0": {"treasure": 1}})
    assert g.pending is not None and "collect:treasure" in g.pending.ids and "flare:" in g.pending.ids
    picked = play_turn(g)
    assert "collect:treasure" not in picked and "flare:" in picked
