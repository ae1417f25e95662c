"""Reasons a click is not a legal choice, for the questions that cards, Monsters and
variants ask in the middle of a turn (see teaching.why_not): the Gnome's leap, the
Ogre's and Troll's step back, the Underworm, the River's ride, Past Plunder, Uncertain
Treasures, the Moving Entrance and the Dragon Scales (routed to ``roles/dragon`` checks).

Each function guards on the decision's kind and routes the click to the rule check that
also builds the decision's options (``goblins.turn.check_gnome_leap``,
``past_plunder.check_past_plunder``, ``board.check_entrance_move``, the Ambush and Dragon
checks); the River's ride and Uncertain Treasures still name their condition here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..geometry import fmt_pos, parse_pos
from ..map.board import check_entrance_move
from ..reasons import Reason
from .common import _pos_of

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game


def gnome_leap(g: Game, d: Decision, t: Target) -> Reason | None:
    """GB-78, CV-36, MAP-08: the Gnome's leap, ``goblins.turn.check_gnome_leap`` (the
    Tribe's space is the decision's public fact)."""
    from ..roles.goblins.turn import check_gnome_leap

    q = _pos_of(t)
    frm = d.fact("from")
    if d.kind != "gnome_leap" or q is None or not frm:
        return None
    return check_gnome_leap(g, parse_pos(frm), q)


def ambush_step(g: Game, d: Decision, t: Target) -> Reason | None:
    """The Ogre and the Troll drive the Knight back: ``ambush.check_step_back`` (RV-08)."""
    from ..cards.ambush import check_step_back

    q = _pos_of(t)
    here = g.state.board.pieces.get("knight")
    if d.kind != "ambush_step" or q is None or here is None:
        return None
    return check_step_back(g, here, q)


def underworm(g: Game, d: Decision, t: Target) -> Reason | None:
    """The Underworm drags the Knight diagonally: ``ambush.check_underworm`` (VAR-45)."""
    from ..cards.ambush import check_underworm

    q = _pos_of(t)
    here = g.state.board.pieces.get("knight")
    if d.kind != "underworm" or q is None or here is None:
        return None
    return check_underworm(g, here, q)


def river_ride(g: Game, d: Decision, t: Target) -> Reason | None:
    """TR-32: the River's current carries a piece only downstream, along the arrows."""
    from ..map.terrain import kind_at

    q = _pos_of(t)
    if d.kind != "terrain_ride" or q is None:
        return None
    if kind_at(g, q) != "river":
        return Reason(f"The current carries you along the River only, and {fmt_pos(q)} is not on it.", "TR-32")
    return Reason(f"The current carries you only downstream, along the arrows: {fmt_pos(q)} is upstream of you.", "TR-32")


def past_plunder(g: Game, d: Decision, t: Target) -> Reason | None:
    """RV-12/23/29: Past Plunder's space, ``past_plunder.check_past_plunder``."""
    from ..cards.past_plunder import check_past_plunder

    q = _pos_of(t)
    return check_past_plunder(g, q) if d.kind == "past_plunder" and q is not None else None


def bottom_treasure(g: Game, d: Decision, t: Target) -> Reason | None:
    """VAR-10/11: the Cave sends back one of the 3 Treasure cards it just drew."""
    if d.kind != "bottom_treasure" or t.kind != "card":
        return None
    drawn = ", ".join(o.label.removeprefix("Put ").split(" on the bottom", 1)[0] for o in d.options)
    return Reason(f"Only the 3 Treasure cards just drawn can go to the bottom of the deck: {drawn}.", "VAR-10")


def move_entrance(g: Game, d: Decision, t: Target) -> Reason | None:
    """VAR-06/07: the Entrance piece's move off its collapsing tile, ``board.check_entrance_move``."""
    q = _pos_of(t)
    if d.kind != "move_entrance" or q is None:
        return None
    return check_entrance_move(g, g.state.board.entrance, q)


def keep_scale(g: Game, d: Decision, t: Target) -> Reason | None:
    """A card clicked at Replace Hand: ``dragon.turn.check_keep_scale`` (VAR-36)."""
    from ..roles.dragon.turn import check_keep_scale

    if d.kind != "dragon_keep_scale" or t.kind != "card" or not _known_card(g, t.ref) or g.state.dragon is None:
        return None
    return check_keep_scale(g, t.ref)


def platinum_box(g: Game, d: Decision, t: Target) -> Reason | None:
    """A place of his board for the Platinum Scale: ``dragon.powers.check_platinum_place`` (VAR-37)."""
    from ..roles.dragon.powers import check_platinum_place

    if d.kind != "dragon_platinum" or t.kind != "slot" or not t.ref.startswith("dragon.") or g.state.dragon is None:
        return None
    return check_platinum_place(g, t.ref.split(".", 1)[1])


def _known_card(g: Game, card: str) -> bool:
    try:
        g.card(card)
    except (KeyError, ValueError):
        return False
    return True


REASONS: tuple[Callable[[Game, Decision, Target], Reason | None], ...] = (
    gnome_leap, ambush_step, underworm, river_ride, past_plunder, bottom_treasure, move_entrance,
    keep_scale, platinum_box,
)
