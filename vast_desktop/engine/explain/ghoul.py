"""Reasons a click is not a legal choice, for the Ghoul's decisions (issue 29; see why_not).

Routing only: each function guards on the decision's kind and sends the clicked target to
the rule check in ``roles/ghoul`` that also builds the decision's options, and gives its
Reason.  Its turn (``ghoul_turn``): a space to ``turn.check_space`` (its own space: collect or
smash; a step; a Blink), a piece to ``turn.check_piece`` (an attack, a charge; its own piece:
``check_any_move``), a Terror card to ``terror.check_terror_card``, the Flare to
``turn.check_flare``.  Its first placement (``ghoul_place``: ``turn.check_place``, or
``board.check_placement_space`` where a Dark tile is placed for it), the skitter
(``attacks.check_skitter_space``, the symbol named is the decision's public fact; the symbol
itself, ``attacks.check_symbol``), the Treasure token taken from the map
(``turn.check_take_treasure``), Scour's reveal (``terror.check_scour_reveal``), the Terror card
kept or discarded (``terror.check_keep_card``, ``terror.check_discard_card``).  The Vile Ghoul's
own: its Boost dice in its turn (``vile.turn.check_boost``) and the die it places on its chart, as
the supply die or the row of the chart clicked (``vile.turn.check_select``), or a supply die
dragged onto a row (``vile.turn.check_place``, one of the ``DROP_REASONS``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..map.board import check_placement_space
from ..reasons import Reason
from .common import _pos_of

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game

SYMBOL_SLOT = "ghoul.symbol."


def _terror_card(g: Game, ref: str) -> bool:
    """Is ``ref`` one of the Ghoul's Terror cards?"""
    s = g.state.ghoul
    return s is not None and (ref in s.terror or ref in s.terror_deck or ref in s.drawing
                              or ref in s.terror_removed or ref in s.leaving)


def ghoul_turn(g: Game, d: Decision, t: Target) -> Reason | None:
    """Move and Act: a space, a piece (not a token), a Terror card, the Flare."""
    from ..roles.ghoul import terror, turn
    from ..roles.ghoul.vile import turn as vile_turn

    if d.kind != "ghoul_turn" or g.state.ghoul is None or turn.pos(g) is None:
        return None
    q = _pos_of(t)
    if q is not None:
        return turn.check_space(g, q)
    if t.kind == "piece" and "@" not in t.ref and t.ref in g.state.board.pieces:
        return turn.check_piece(g, t.ref)
    if t.kind == "card" and t.ref == "flare":
        return turn.check_flare(g)
    if t.kind == "slot" and t.ref == vile_turn.BOOST_SLOT:                 # the Vile Ghoul's Boost dice (VG-09)
        return vile_turn.check_boost(g)
    if t.kind == "card" and _terror_card(g, t.ref):
        return terror.check_terror_card(g, t.ref)
    return None


def ghoul_place(g: Game, d: Decision, t: Target) -> Reason | None:
    """Its first space (GH-04), or where a Dark tile goes for it when none is free (MAP-34)."""
    from ..roles.ghoul import turn

    q = _pos_of(t)
    if d.kind != "ghoul_place" or q is None or g.state.ghoul is None:
        return None
    if any(o.id.startswith("tile:") for o in d.options):
        return check_placement_space(g, q)
    return turn.check_place(g, q)


def ghoul_skitter(g: Game, d: Decision, t: Target) -> Reason | None:
    """The tile it skitters to (GH-39/41), with the symbol named (the decision's fact)."""
    from ..roles.ghoul import attacks

    q = _pos_of(t)
    if d.kind != "ghoul_skitter" or q is None or g.state.ghoul is None:
        return None
    return attacks.check_skitter_space(g, q, d.fact("symbol") or "")


def ghoul_symbol(g: Game, d: Decision, t: Target) -> Reason | None:
    """The symbol named for its skitter (GH-39): one shown on an unoccupied Dark tile."""
    from ..roles.ghoul import attacks

    if d.kind != "ghoul_skitter_symbol" or t.kind != "slot" or not t.ref.startswith(SYMBOL_SLOT):
        return None
    symbol = t.ref[len(SYMBOL_SLOT):]
    if symbol not in g.rules.ghoul.skitter_symbols:
        return None
    return attacks.check_symbol(g, symbol)


def ghoul_take_treasure(g: Game, d: Decision, t: Target) -> Reason | None:
    """GH-14: the Treasure token it takes from the map when the supply is empty."""
    from ..roles.ghoul import turn

    q = _pos_of(t)
    if d.kind != "ghoul_take_treasure" or q is None or g.state.ghoul is None:
        return None
    return turn.check_take_treasure(g, q)


def ghoul_scour(g: Game, d: Decision, t: Target) -> Reason | None:
    """Scour: only the Dark tile it looked at may be revealed."""
    from ..roles.ghoul import terror

    q = _pos_of(t)
    if d.kind != "ghoul_scour" or q is None or g.state.ghoul is None:
        return None
    return terror.check_scour_reveal(g, q)


def ghoul_terror_choice(g: Game, d: Decision, t: Target) -> Reason | None:
    """A Terror card kept (of those just drawn) or discarded (of those it holds)."""
    from ..roles.ghoul import terror

    if t.kind != "card" or d.kind not in ("ghoul_terror_keep", "ghoul_terror_discard") or not _terror_card(g, t.ref):
        return None
    if d.kind == "ghoul_terror_keep":
        return terror.check_keep_card(g, t.ref)
    return terror.check_discard_card(g, t.ref)


def vile_ghoul_select(g: Game, d: Decision, t: Target) -> Reason | None:
    """VG-06: a die of its supply, or the row of the chart it goes on (the row of that face)."""
    from ..roles.ghoul.vile import turn as vile_turn

    if d.kind != "vile_ghoul_select" or t.kind != "slot" or g.state.ghoul is None:
        return None
    for prefix in (vile_turn.SUPPLY_SLOT, vile_turn.ROW_SLOT):
        face = t.ref[len(prefix):]
        if t.ref.startswith(prefix) and face.isdigit() and 1 <= int(face) <= 6:
            return vile_turn.check_select(g, int(face))
    return None


def vile_ghoul_drop(g: Game, d: Decision, source: Target, t: Target) -> Reason | None:
    """VG-06: a supply die dragged onto a row of the chart (``vile.turn.check_place``: the row of its face)."""
    from ..roles.ghoul.vile import turn as vile_turn

    if d.kind != "vile_ghoul_select" or source.kind != "slot" or t.kind != "slot" or g.state.ghoul is None:
        return None
    face, row = source.ref[len(vile_turn.SUPPLY_SLOT):], t.ref[len(vile_turn.ROW_SLOT):]
    if not (source.ref.startswith(vile_turn.SUPPLY_SLOT) and t.ref.startswith(vile_turn.ROW_SLOT)
            and face.isdigit() and row.isdigit()):
        return None
    return vile_turn.check_place(g, int(face), int(row))


# the rules a drag needs both its ends for: what was dragged (a board slot) and where it was dropped
DROP_REASONS: tuple[Callable[[Game, Decision, Target, Target], Reason | None], ...] = (vile_ghoul_drop,)

REASONS: tuple[Callable[[Game, Decision, Target], Reason | None], ...] = (
    ghoul_turn, vile_ghoul_select, ghoul_place, ghoul_skitter, ghoul_symbol, ghoul_take_treasure, ghoul_scour, ghoul_terror_choice,
)
