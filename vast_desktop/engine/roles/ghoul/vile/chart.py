"""The Vile Ghoul's dice chart (VG-04..09, VG-11, VG-12, VG-14): its Ghoul dice in supply or on
the chart (left or right of a row), this turn's selected row with its Movement and Attack, and
the Boost dice on the right of that row.

Pure: the chart is a :class:`Chart` value and every step is a function of it and the rules
data (:class:`~vast_desktop.rules_data.ghoul.VileGhoulData`), so the values come from
``rules_data/vile_ghoul.yaml`` (provisional, correctable from the player's rules-data folder)
and never from code.  The dice are rolled by the caller (the game's RNG, with the Ghoul's Cheat
cards), so a replay rolls the same faces.

The FAQ (expansion data sheet §4): Boost dice work only on a turn when a new die is placed on
the left of their row, and several in a row add up — so the Boost dice of a turn are the dice on
the right of the row just selected, and no other row's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ....reasons import Reason

if TYPE_CHECKING:
    from .....rules_data.ghoul import VileGhoulData


@dataclass
class Chart:
    """Where the Vile Ghoul's dice are and what this turn's selected row gives."""

    supply: list[int] = field(default_factory=list)         # faces of the dice in supply (VG-04)
    left: int = 0                                          # the face whose row holds a die on the left (0: none)
    right: dict[int, int] = field(default_factory=dict)    # face -> dice on the right of its row (VG-05)
    boost_spent: int = 0                                   # Boost dice spent this turn (VG-09)
    discs: int = 0                                         # Ghoul discs on the Attack space, a reminder (VG-07)

    def dice_on_chart(self) -> int:
        return (1 if self.left else 0) + sum(self.right.values())


def prepare_board(chart: Chart) -> bool:
    """VG-04/05: with no dice in supply, every die comes off the chart and True is returned: roll
    them into supply (:func:`fill_supply`); otherwise the left die slides to the right of its row
    (the dice there stay) and False is returned.  Either way the Attack discs come off and no
    Boost die is spent yet."""
    chart.discs = 0
    chart.boost_spent = 0
    if not chart.supply:
        chart.left, chart.right = 0, {}
        return True
    if chart.left:
        chart.right[chart.left] = chart.right.get(chart.left, 0) + 1
        chart.left = 0
    return False


def fill_supply(chart: Chart, faces: list[int]) -> None:
    """VG-04: the dice just rolled go in supply."""
    chart.supply = list(faces)


def check_select(chart: Chart, face: int) -> Reason | None:
    """VG-06: the die placed on the chart is one of the supply's."""
    if chart.left:
        return Reason(f"You have already placed a die on row {chart.left} of the chart this turn.", "VG-06")
    if face not in chart.supply:
        held = ", ".join(map(str, sorted(chart.supply))) or "none"
        return Reason(f"There is no {face} among the dice in your supply (you have: {held}).", "VG-06")
    return None


def check_place(chart: Chart, face: int, row: int) -> Reason | None:
    """VG-06: the supply die of ``face`` put on ``row`` of the chart — it goes, unrolled, on the
    row matching its face (:func:`check_select` first: it must be a supply die)."""
    if (reason := check_select(chart, face)) is not None:
        return reason
    if row != face:
        return Reason(f"A die goes on the row of its own face: this {face} goes on row {face}, not row {row}.", "VG-06")
    return None


def select(chart: Chart, data: VileGhoulData, face: int) -> tuple[int, int]:
    """VG-06/07: the supply die of ``face`` goes, unrolled, on the left of its row; that row's
    Movement and Attack are returned, and Ghoul discs equal to Attack go on the Attack space as a
    reminder (never spent)."""
    reason = check_select(chart, face)
    if reason is not None:
        raise ValueError(reason.text)
    chart.supply.remove(face)
    chart.left = face
    row = data.chart_row(face)
    chart.discs = row.attack
    return row.movement, row.attack


def boost_dice(chart: Chart) -> int:
    """VG-06 and the FAQ: the dice on the right of the selected row (none before a row is selected)."""
    return chart.right.get(chart.left, 0) if chart.left else 0


def boost_left(chart: Chart) -> int:
    """VG-09: the Boost dice not yet spent this turn."""
    return boost_dice(chart) - chart.boost_spent


def check_boost(chart: Chart) -> Reason | None:
    """VG-09: a Boost die to spend this turn."""
    if not chart.left:
        return Reason("Select a row of the chart first: Boost dice are the dice on the right of that row.", "VG-06")
    if boost_dice(chart) == 0:
        return Reason(f"No die lies on the right of row {chart.left}, so you have no Boost die this turn.", "VG-06")
    if boost_left(chart) <= 0:
        return Reason("Each of your Boost dice is spent this turn; a spent Boost die cannot be spent again until "
                      "your next turn.", "VG-09")
    return None


def spend_boost(chart: Chart) -> None:
    """VG-09: the spent die stays where it is but counts as spent until the next turn."""
    reason = check_boost(chart)
    if reason is not None:
        raise ValueError(reason.text)
    chart.boost_spent += 1


def boost_movement(data: VileGhoulData) -> int:
    """VG-09: the movement points one Boost die gives (it may pay for collecting too)."""
    return data.boost.movement


def boost_attack(data: VileGhoulData) -> int:
    """VG-11: the temporary Attack one Boost die gives, for one move and the attack on entering."""
    return data.boost.attack


def check_attack_value(attack: int, defence: int, name: str) -> Reason | None:
    """VG-12: it attacks a piece only with Attack greater than that piece's defence."""
    if attack <= defence:
        return Reason(f"Your Attack {attack} must be greater than the {name}'s defence {defence}.", "VG-12")
    return None


def check_smash_value(attack: int, data: VileGhoulData) -> Reason | None:
    """VG-12: smashing a Crystal needs Attack of at least the data's (3)."""
    need = data.crystal_smash_attack
    if attack < need:
        return Reason(f"Smashing a Crystal needs Attack {need} or more; yours is {attack}.", "VG-12")
    return None


def entry_extra(attack: int, defence: int, attacks_at_once: bool) -> int:
    """VG-10: +1 movement to enter a space with another piece when its Attack is not above that
    piece's defence, or when it does not attack it at once."""
    return 1 if attack <= defence or not attacks_at_once else 0


def defense(attack: int) -> int:
    """VG-14: its Defense is its Attack (the row's, with no Boost: Boost dice never raise it)."""
    return attack


def terror_draws(data: VileGhoulData, attacks: int, collected_before: int, collected_now: int) -> int:
    """VG-15: a Terror card for each successful attack, and one each time its collected Treasures
    and Gems reach another multiple of 2 (from ``collected_before`` to ``collected_now``)."""
    per = data.collected_per_terror
    return attacks * data.terror_per_attack + collected_now // per - collected_before // per
