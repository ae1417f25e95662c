"""The Easy Knight with her bonus cards (issue 28): she brings the Treasure Trove home
(KN-98), keeps Prepared for the end of her turn (VAR-15), throws away the Cursed Amulet
when her Health runs low, and keeps the good bonus Treasures."""
from __future__ import annotations

from tests.bots.test_easy_knight import BASE, knight_board, play_knight
from tests.rules.helpers import lit, scenario
from vast_desktop.bots.easy.knight import EasyKnight


def test_the_easy_knight_brings_the_treasure_trove_home() -> None:
    g = scenario(("knight", "cave"), active="knight", tiles=BASE + [lit((1, 0), "T37")], pieces={"knight": [0, 0]},
                 knight=knight_board(2, treasures=["treasure_trove"], face_up=["treasure_trove"]))
    chosen = play_knight(g, EasyKnight(seed=1))
    assert chosen[0] == "treasure:trove:treasure_trove"
    assert g.state.knight is not None and g.state.knight.grit == 8


def test_the_easy_knight_does_not_end_her_turn_prepared_at_once() -> None:
    """Prepared ends her turn: with Movement and Encounters left she uses them first."""
    g = scenario(("knight", "cave"), active="knight", tiles=BASE + [lit((1, 0), "T37")], pieces={"knight": [0, 0]},
                 knight=knight_board(2, sidequests=["prepared"]))
    assert "sidequest:prepared" in g.pending.ids
    chosen = play_knight(g, EasyKnight(seed=1))
    assert chosen[0] != "sidequest:prepared"
    if "sidequest:prepared" in chosen:
        assert chosen.index("sidequest:prepared") == len(chosen) - 1      # it ends the turn


def test_the_easy_knight_throws_the_amulet_away_when_her_health_is_low() -> None:
    g = scenario(("knight", "cave"), active="knight", tiles=BASE + [lit((1, 0), "T37")], pieces={"knight": [0, 0]},
                 knight=knight_board(2, treasures=["cursed_amulet"], face_up=["cursed_amulet"], health=2))
    k = g.state.knight
    assert k is not None
    k.health_changed = True
    g.apply("cube:movement")                                              # a fresh decision offers the discard
    chosen = play_knight(g, EasyKnight(seed=1))
    assert "treasure:amulet:cursed_amulet" in chosen and "cursed_amulet" not in k.treasures
