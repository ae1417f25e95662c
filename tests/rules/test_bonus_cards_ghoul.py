"""The bonus cards' lines on the Ghoul and the Vile Ghoul (issue 29; EXPANSION_DATA Appendix A):
the Thief's Charm (+1 movement on its next turn) and Warlock's Wand (−2 movement on its next
turn), both changing the movement its next turn sets with the Backstab's cubes, never below 0;
the Knight's Silver Gauntlet (a hit makes it discard a Terror card).  Each test names its card,
and each line is proved for the Ghoul and for the Vile Ghoul, with positions built by
``load_scenario``.

Map (helpers_thief): the Entrance at (0, 0), a row of Lit tiles east of it.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.engine.roles.ghoul.state import GhoulState
from vast_desktop.engine.roles.meetings import knight_ghoul
from vast_desktop.engine.roles.thief import upgrade_cards as uc
from vast_desktop.rules_data import load_rules_data

from .helpers_thief import T, base_tiles, choose, ids, run_proc

GHOULS = ("ghoul", "vile_ghoul")
TITLE = {"ghoul": "Ghoul", "vile_ghoul": "Vile Ghoul"}
TERROR = load_rules_data().ghoul.terror_deck()[:2]


def G(g: Game) -> GhoulState:
    s = g.state.ghoul
    assert isinstance(s, GhoulState)
    return s


def thief_game(card: str, ghoul: str, at: tuple[int, int] = (1, 0), cubes: int = 3, **section: Any) -> Game:
    """The Thief's turn on (1, 0) with ``card`` turned on (a token on it), the [Vile] Ghoul on ``at``."""
    others = [c for c in ("charm", "warlocks_wand", "cloak_of_the_mountebank") if c != card]
    g = load_scenario({"setup": {"roles": ["thief", ghoul], "seed": 3, "variants": ["thief-upgrades"]},
                       "active": "thief", "tiles": base_tiles(), "pieces": {"thief": [1, 0], ghoul: list(at)},
                       "thief": {"upgrade_shown": [card], "upgrade_box": others, "upgrades": [card]},
                       ghoul: {"turns": 1, **section}})
    if g.pending is not None and g.pending.kind == "thief_stats":
        choose(g, "assign:4-3-2")
    T(g).cubes = cubes
    return g


def ghoul_turn(ghoul: str, **section: Any) -> tuple[Game, int]:
    """The start of the [Vile] Ghoul's turn with its board from ``section``; returns the game
    once its movement is set and the movement the dice (or the chart) gave before any change."""
    if ghoul == "ghoul":
        g = load_scenario({"setup": {"roles": ["knight", "ghoul"], "seed": 5}, "active": "ghoul",
                           "tiles": base_tiles(), "pieces": {"knight": [0, 0], "ghoul": [1, 0]},
                           "ghoul": {"turns": 1, "dice": [6, 3, 1], **section}})
        choose(g, "aside:1")
        return g, 6
    g = load_scenario({"setup": {"roles": ["knight", "vile_ghoul"], "seed": 5}, "active": "vile_ghoul",
                       "tiles": base_tiles(), "pieces": {"knight": [0, 0], "vile_ghoul": [1, 0]},
                       "vile_ghoul": {"turns": 1, "supply": [6], **section}})
    if g.pending is not None and g.pending.kind == "vile_ghoul_select":
        choose(g, "select:6")
    return g, g.rules.vile_ghoul.chart_row(6).movement


# ------------------------------------------------------------------ Charm
@pytest.mark.parametrize("ghoul", GHOULS)
def test_charm_helps_the_ghoul_on_his_space_for_one_more_movement_next_turn(ghoul: str) -> None:
    """Charm: the [Vile] Ghoul on his space may be helped — +2 Thievery for him, +1 movement
    on its next turn for it — and is then no target of his other actions this turn."""
    g = thief_game("charm", ghoul)
    assert f"charm:{ghoul}" in ids(g)
    option = next(o for o in g.pending.options if o.id == f"charm:{ghoul}")
    assert option.label == (f"Charm: help the {TITLE[ghoul]} (the {TITLE[ghoul]} +1 movement on its next turn) "
                            "for +2 Thievery, free")
    choose(g, f"charm:{ghoul}")
    assert T(g).cubes == 5 and G(g).card_movement == 1
    assert f"The {TITLE[ghoul]} will have +1 movement on its next turn." in [e.public for e in g.events]
    assert not any(i.startswith(f"backstab:{ghoul}") for i in ids(g))
    reason = uc.check_not_helped(g, ghoul)
    assert reason is not None and reason.text == (f"You helped the {TITLE[ghoul]} with the Charm this turn: you "
                                                  "cannot also target them.")
    board = getattr(view(g, ghoul).boards, ghoul)
    assert board.card_movement == 1                                      # shown on its board


@pytest.mark.parametrize("ghoul", GHOULS)
def test_charm_refuses_the_ghoul_off_his_space_with_the_check_s_reason(ghoul: str) -> None:
    g = thief_game("charm", ghoul, at=(2, 0))
    assert f"charm:{ghoul}" not in ids(g)
    reason = uc.check_charm(g, ghoul)
    assert reason is not None and reason.text == (f"The {TITLE[ghoul]} is at 2,0, not on your space: the Charm "
                                                  "helps a player on your space.")


# ------------------------------------------------------------------ Warlock's Wand
@pytest.mark.parametrize("ghoul", GHOULS)
def test_warlocks_wand_at_the_ghoul_costs_it_two_movement_next_turn(ghoul: str) -> None:
    """The Wand at the visible [Vile] Ghoul within 3 spaces: 1 cube, 1 charge, −2 movement on its
    next turn (stacking with the Backstab's cubes already on it)."""
    g = thief_game("warlocks_wand", ghoul, at=(2, 0), backstab=1)
    charges = T(g).wand_charges
    option = next(o for o in g.pending.options if o.id == f"wand:{ghoul}")
    assert option.label == (f"Warlock's Wand at the {TITLE[ghoul]}: −2 movement on its next turn (1 cube, 1 charge "
                            f"of {charges})")
    choose(g, f"wand:{ghoul}")
    assert G(g).card_movement == -2 and G(g).backstab == 1
    assert T(g).cubes == 2 and T(g).wand_charges == charges - 1
    assert getattr(view(g, "thief").boards, ghoul).card_movement == -2


@pytest.mark.parametrize("ghoul", GHOULS)
def test_warlocks_wand_refuses_the_ghoul_out_of_reach_with_the_check_s_reason(ghoul: str) -> None:
    g = thief_game("warlocks_wand", ghoul, at=(3, 0))
    g.state.board.pieces[ghoul] = (5, 0)
    assert f"wand:{ghoul}" not in [o.id for o in uc.wand_options(g)]
    reason = uc.check_wand(g, ghoul)
    assert reason is not None and reason.text == "5,0 is 4 spaces away: the Warlock's Wand reaches 3."


# ------------------------------------------------------------------ its next turn's movement
@pytest.mark.parametrize("ghoul", GHOULS)
def test_charm_and_wand_change_its_next_turns_movement_with_the_backstab(ghoul: str) -> None:
    """The change is applied where its turn sets its movement, with the Backstab's cubes, and spent."""
    g, base = ghoul_turn(ghoul, card_movement=1, backstab=2)
    assert G(g).movement == max(0, base - 2 + 1) and G(g).card_movement == 0 and G(g).backstab == 0
    assert f"The Thief's Upgrade card gives the {TITLE[ghoul]} +1 movement this turn." in [e.public for e in g.events]
    g, base = ghoul_turn(ghoul, card_movement=-2)
    assert G(g).movement == max(0, base - 2) and G(g).card_movement == 0
    assert f"The Thief's Upgrade card costs the {TITLE[ghoul]} 2 movement this turn." in [e.public for e in g.events]


@pytest.mark.parametrize("ghoul", GHOULS)
def test_warlocks_wand_never_takes_its_movement_below_zero(ghoul: str) -> None:
    g, base = ghoul_turn(ghoul, card_movement=-4, backstab=base_cap(ghoul))
    assert G(g).movement == 0


def base_cap(ghoul: str) -> int:
    """Backstab cubes that leave at most 1 movement (so −4 more would go below 0)."""
    rd = load_rules_data()
    return 5 if ghoul == "ghoul" else max(0, rd.vile_ghoul.chart_row(6).movement - 1)


# ------------------------------------------------------------------ Silver Gauntlet
def gauntlet_game(ghoul: str, terror: list[str], knight_at: tuple[int, int]) -> Game:
    """The Knight's turn with the Silver Gauntlet and its Hero cube on it; the [Vile] Ghoul on (1, 0)."""
    g = load_scenario({"setup": {"roles": ["knight", ghoul], "seed": 5, "variants": ["promo-treasures"]},
                       "active": "knight", "tiles": base_tiles(),
                       "pieces": {"knight": list(knight_at), ghoul: [1, 0]},
                       "knight": {"treasures": ["silver_gauntlet"], "cubes_free": 3},
                       ghoul: {"turns": 1, "terror": terror}})
    choose(g, "cube:treasure:silver_gauntlet")
    return g


@pytest.mark.parametrize("ghoul", GHOULS)
def test_silver_gauntlet_her_attack_makes_the_ghoul_discard_a_terror_card(ghoul: str) -> None:
    g = gauntlet_game(ghoul, list(TERROR), (1, 0))
    run_proc(g, knight_ghoul.attack_on_entering(g, (1, 0)))
    assert g.pending.role == ghoul and g.pending.kind == "ghoul_terror_discard"
    assert "Silver Gauntlet" in g.pending.prompt
    choose(g, f"discard:{TERROR[1]}")
    assert G(g).terror == [TERROR[0]] and TERROR[1] in G(g).terror_removed
    assert g.pending.kind == "ghoul_skitter_symbol"                       # then it skitters, as ever


@pytest.mark.parametrize("ghoul", GHOULS)
def test_silver_gauntlet_her_bow_shot_makes_the_ghoul_discard_its_one_terror_card(ghoul: str) -> None:
    g = gauntlet_game(ghoul, [TERROR[0]], (0, 0))
    run_proc(g, knight_ghoul.act_bow(g, ""))
    assert G(g).terror == [] and G(g).terror_removed == [TERROR[0]]
    assert g.pending.kind == "ghoul_skitter_symbol"


@pytest.mark.parametrize("ghoul", GHOULS)
def test_silver_gauntlet_without_its_cube_discards_nothing(ghoul: str) -> None:
    g = load_scenario({"setup": {"roles": ["knight", ghoul], "seed": 5, "variants": ["promo-treasures"]},
                       "active": "knight", "tiles": base_tiles(), "pieces": {"knight": [1, 0], ghoul: [1, 0]},
                       "knight": {"treasures": ["silver_gauntlet"]}, ghoul: {"turns": 1, "terror": [TERROR[0]]}})
    run_proc(g, knight_ghoul.attack_on_entering(g, (1, 0)))
    assert G(g).terror == [TERROR[0]] and g.pending.kind == "ghoul_skitter_symbol"
