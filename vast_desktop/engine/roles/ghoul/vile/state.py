"""The Vile Ghoul's player board (VG-02..15): the Ghoul's board (:class:`GhoulState`: its piece,
Terror deck and cards, Treasure space, Defense) with the dice chart in place of the Fury track
and the rolled dice — its dice in supply or on the chart, the selected row's Attack (``attack``,
constant for the turn, VG-08) and the temporary Attack bonus of a Boost die or Hunt (VG-11).
Its Treasure space (``treasure``) holds the Treasures and Gems collected toward the next Terror
card (VG-15).

It lives where the Ghoul's state lives (``GameState.ghoul``), so every rule the two share reads
it through ``ghoul.state.ghoul`` and names its seat through ``ghoul.state.me``; what differs asks
:func:`is_vile`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ....errors import checked
from ..state import GhoulState
from .chart import Chart

if TYPE_CHECKING:
    from ....game import Game
    from ....state import GameState

PIECE = "vile_ghoul"


@dataclass
class VileGhoulState(GhoulState):
    piece: ClassVar[str] = PIECE
    title: ClassVar[str] = "Vile Ghoul"
    chart: Chart = field(default_factory=Chart)            # its dice in supply or on the chart (VG-04..06)
    bonus: int = 0                                         # temporary Attack for one move and its attack (VG-11)


def is_vile(g: Game) -> bool:
    """Whether the Ghoul in play is the Vile Ghoul (the rules that differ ask this)."""
    return isinstance(g.state.ghoul, VileGhoulState)


def vile(g: Game) -> VileGhoulState:
    s = g.state.ghoul
    assert isinstance(s, VileGhoulState), "no Vile Ghoul in this game"
    return s


def attack_now(g: Game) -> int:
    """VG-08/11: the selected row's Attack plus this move's temporary bonus."""
    s = vile(g)
    return s.attack + s.bonus


def hunted(g: Game) -> str | None:
    """VG-01: the role it must kill (the Knight, else the Dragon), or None: Crystals."""
    kills = tuple(g.config.extra.get("ghoul_kills", ()))
    return str(kills[0]) if kills else None


def smash_goal(g: Game) -> int | None:
    """Cave vs Vile Ghoul: the Crystals whose smash wins at once (no escape), else None."""
    n = g.config.extra.get("vile_smash_goal")
    return None if n is None else int(n)


def setup_vile_ghoul(g: Game, st: GameState) -> VileGhoulState:
    """VG-02: the piece, dice and discs beside the board, the Terror deck shuffled; the piece
    comes on the map on its first turn (as the Ghoul's, GH-04), its dice in supply empty."""
    deck = list(g.rules.ghoul.terror_deck())
    g.rng.shuffle(deck)
    return VileGhoulState(terror_deck=deck)


VILE_KEYS = frozenset({"placed", "treasure", "attack", "defense", "terror_deck", "terror", "terror_removed", "smashed", "backstab",
                       "turns", "card_movement", "supply", "left", "right", "discs", "boost_spent"})


def load_vile_ghoul(st: GameState, data: dict[str, Any], known_cards: frozenset[str], dice: int) -> None:
    """The scenario's ``vile_ghoul:`` section: its board (``supply``, ``left``, ``right``: the
    dice; ``discs``: the reminder on its Attack space; ``boost_spent``: the Boost dice spent in
    its last turn; the Ghoul's keys otherwise, ``attack`` the row selected last); ``placed``
    defaults to whether its piece is on the map."""
    from ....errors import ScenarioError
    from ..state import load_ghoul
    from . import chart as vc

    s = st.ghoul
    assert isinstance(s, VileGhoulState)
    board = {k: data[k] for k in ("supply", "left", "right", "discs", "boost_spent") if k in data}
    load_ghoul(st, {k: v for k, v in data.items() if k not in board}, known_cards, "vile_ghoul")
    for k, v in board.items():
        setattr(s.chart, k, checked(s.chart, k, copy.deepcopy(v), f"vile_ghoul.{k}"))
    if s.chart.discs < 0 or not 0 <= s.chart.boost_spent <= vc.boost_dice(s.chart):
        raise ScenarioError(f"vile_ghoul: its discs are 0 or more (got {s.chart.discs}) and its Boost dice spent "
                            f"0 up to the dice on the right of its row (got {s.chart.boost_spent})")
    faces = [*s.chart.supply, *([s.chart.left] if s.chart.left else [])]
    for face, n in s.chart.right.items():
        faces += [face] * n
        if n < 0:
            raise ScenarioError(f"vile_ghoul.right: a count of dice is 0 or more (got {n} on row {face})")
    bad = [f for f in faces if not 1 <= f <= 6]
    if bad:
        raise ScenarioError(f"vile_ghoul: die faces are 1..6 (got {', '.join(map(str, bad))})")
    if len(faces) > dice:
        raise ScenarioError(f"vile_ghoul: it has {dice} Ghoul dice, and the scenario places {len(faces)}")
