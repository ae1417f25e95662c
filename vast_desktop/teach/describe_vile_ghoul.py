"""The Vile Ghoul's board tooltips, for :mod:`.describe_boards` (its ``slot`` and ``info`` kinds; its
Terror cards are the Ghoul's, :mod:`.describe_ghoul`) and :mod:`.describe` (its piece on the map).

Like the rest of describe these read only the :class:`PlayerView` and the public rules data
(``view.rules.vile_ghoul``: the dice chart and the Boost die, provisional values said so).  Its board
is all public (VG-*) but for its Terror deck's order.

Refs: ``slot:vile_ghoul.supply.<face>``, ``slot:vile_ghoul.row.<face>``, ``slot:vile_ghoul.boost``,
``info:vile_ghoul.<header|chart|supply|movement|attack|defense|treasure|goal|deck|next_turn>``.
"""
from __future__ import annotations

from ..engine.board_views import VileGhoulBoard
from ..engine.geometry import fmt_pos
from ..engine.view import PlayerView
from .describe_ghoul import next_turn_tip, terror_card_tip


def _goal(b: VileGhoulBoard) -> str:
    if b.hunted is not None:
        return f"it wins when the {b.hunted.title()} is killed"
    after = ", then it must escape by the Entrance tile" if b.escape else ", and it wins at once"
    return f"it must smash {b.crystals_goal} Crystals ({b.smashed} smashed so far){after}"


def _provisional(view: PlayerView) -> str:
    b = view.boards.vile_ghoul
    return (" (provisional values: the board's chart is in no source we have; correct them in the rules-data "
            "folder)") if b is not None and b.provisional else ""


def vile_ghoul_tip(view: PlayerView) -> str:
    """The Vile Ghoul's piece (on the map) and its board's header."""
    b = view.boards.vile_ghoul
    if b is None:
        return ""
    where = view.pieces.get("vile_ghoul")
    at = f" at {fmt_pos(where)}" if where else ""
    row = f"its die on row {b.chart_left}" if b.chart_left else "no row chosen yet"
    return (f"The Vile Ghoul{at}: {_goal(b)}. Attack {b.attack}, Defense {b.defense}, {b.movement} movement left, "
            f"{row}, {b.boost_dice - b.boost_spent} Boost die/dice left; {len(b.terror)} Terror card(s) face up, "
            f"{b.terror_deck} in the deck.")


def vile_ghoul_slot(view: PlayerView, rest: str) -> str:
    b = view.boards.vile_ghoul
    if b is None:
        return ""
    rd = view.rules.vile_ghoul
    what, _, detail = rest.partition(".")
    if what in ("supply", "row") and detail.isdigit() and 1 <= int(detail) <= 6:
        face = int(detail)
        row = rd.chart_row(face)
        right = b.chart_right[face - 1] if face - 1 < len(b.chart_right) else 0
        boost = f"; {right} die/dice on its right would be this turn's Boost dice" if right else ""
        gives = f"Movement {row.movement}, Attack {row.attack}{boost}"
        if what == "supply":
            return (f"A Ghoul die in supply showing {face}: placed, unrolled, on the left of row {face} of the chart "
                    f"it gives {gives}{_provisional(view)}.")
        here = " This turn's row." if b.chart_left == face else ""
        return (f"Row {face} of the dice chart: {gives}. A supply die showing {face} goes on its left (click it or "
                f"drag the die here).{here}{_provisional(view)}")
    if what == "boost":
        left = b.boost_dice - b.boost_spent
        each = (f"each gives +{rd.boost.movement} movement point(s) or +{rd.boost.attack} Attack for its next move "
                "and the attack made on entering")
        if not b.chart_left:
            return f"Boost dice: the dice on the right of the row chosen this turn; {each}."
        return (f"Boost dice this turn: {b.boost_dice} ({b.boost_spent} spent, {left} left), the dice on the right "
                f"of row {b.chart_left}; {each}. Click to spend one{_provisional(view)}.")
    return ""


def vile_ghoul_info(view: PlayerView, rest: str) -> str:
    b = view.boards.vile_ghoul
    if b is None:
        return ""
    gd = view.rules.ghoul
    if rest == "header":
        return vile_ghoul_tip(view)
    if rest == "chart":
        return ("The dice chart: each turn a die from the supply goes, unrolled, on the left of the row of its face: "
                "that row's Movement and Attack are this turn's. Next turn that die slides to the right of its row; "
                "dice on the right of the row chosen are Boost dice. With the supply empty, every die comes off "
                f"the chart and is rolled into the supply{_provisional(view)}.")
    if rest == "supply":
        held = ", ".join(map(str, b.supply)) or "none"
        return (f"The dice in supply: {held}. One goes on the chart each turn; when none is left, all the dice on "
                "the chart are rolled into the supply again.")
    if rest == "movement":
        return (f"Movement points left this turn: {b.movement}. A step costs {gd.move_cost}, through a wall "
                f"+{gd.wall_cost}; entering a space with another piece costs 1 more unless it attacks it at once "
                "with Attack above that piece's defence.")
    if rest == "attack":
        bonus = f", +{b.bonus} for this move (a Boost die or Hunt)" if b.bonus else ""
        return (f"Attack {b.attack}{bonus}: the chosen row's, for the whole turn; the {b.discs} Ghoul disc(s) on the "
                "Attack space are only a reminder (never spent). It attacks a piece only with Attack above that "
                f"piece's defence; smashing a Crystal needs Attack {view.rules.vile_ghoul.crystal_smash_attack}."
                + (f" Attacked this turn: {', '.join(b.attacked)}." if b.attacked else ""))
    if rest == "defense":
        return (f"Defense {b.defense}: set at the end of its turn to its row's Attack (Boost dice never raise it). "
                "To enter its space a piece needs more than it.")
    if rest == "treasure":
        return (f"Treasures and Gems collected toward the next Terror card: {b.treasure} of {b.collected_per_terror}. "
                f"It draws a Terror card for every {b.collected_per_terror} collected and for every attack that hits.")
    if rest == "goal":
        return f"Its goal: {_goal(b)}."
    if rest == "deck":
        return f"The Terror deck: {b.terror_deck} card(s), facedown (nobody sees their order)."
    if rest == "next_turn":
        return next_turn_tip("Vile Ghoul", b.card_movement, b.backstab)
    return ""


def vile_ghoul_terror_card(view: PlayerView, cid: str) -> str | None:
    """A Terror card on the Vile Ghoul's board (held, leaving this turn, or drawn to choose among)."""
    b = view.boards.vile_ghoul
    if b is None:
        return None
    return terror_card_tip(view, cid, b.terror, b.terror_leaving, b.terror_first_used)
