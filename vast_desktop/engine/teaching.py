"""Readable reasons for choices that are not legal (the engine, not the UI, explains)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import edge_blocked, is_dark
from .geometry import manhattan, parse_pos

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game


def why_not_option(g: Game, d: Decision, option_id: str) -> str:
    verb, _, arg = option_id.partition(":")
    if d.role == "knight" and d.kind == "knight_turn" and verb in ("move", "mapmove"):
        reason = _why_not_move(g, arg)
        if reason:
            return reason
    if verb == "scale" and g.state.dragon is not None:
        reason = _why_not_scale(g, d, arg)
        if reason:
            return reason
    return f"{option_id!r} is not a legal choice now ({d.role}: {d.prompt})."


def _why_not_scale(g: Game, d: Decision, card: str) -> str | None:
    """A Scale card played on its own (the dragon-scales variant, VAR-34/37)."""
    from .roles.dragon_powers import why_not_scale

    if card not in g.rules.deck("scales") or not g.config.extra.get("dragon_scales"):
        return f"There is no Scale card {card!r} in this game (the dragon-scales variant has scale_golden, " \
               "scale_silver, scale_platinum)."
    if d.role != "dragon" or d.kind != "dragon_turn":
        return "The Dragon plays Scale cards in the Move and Use Powers phase of his turn (VAR-34)."
    return why_not_scale(g, card)


def _why_not_move(g: Game, arg: str) -> str | None:
    from .roles import knight as kn
    from .roles import knight_board as kb

    try:
        q = parse_pos(arg)
    except ValueError:
        return None
    k = kb.knight(g)
    p = kn.pos(g)
    if manhattan(p, q) != 1:
        return "The Knight moves one space at a time, orthogonally (MAP-03)."
    if q not in g.state.board.tiles:
        return "There is no tile there: nothing moves onto an open space."
    if k.must_resolve_event:
        return "You must first resolve the Event token on your space (KN-37)."
    if kn.encounters_left(g) < 1:
        return "You have no Encounters left, so you cannot move (KN-21)."
    if k.moved >= kb.movement(g):
        return f"You have used all {kb.movement(g)} Movement this turn."
    block = kn.entry_block(g, q)
    if block:
        return block
    if edge_blocked(g, p, q):
        return "A wall is in the way; put a Hero cube on the Ancient Map to pass one (KN-70)."
    if is_dark(g, q):
        return None
    return None


def why_not_target(g: Game, target: Any) -> str | None:
    d = g.pending
    if d is None:
        return "The game is over."
    for o in d.options:
        if target in o.targets:
            return None
    if getattr(target, "kind", None) == "space" and d.role == "knight" and d.kind == "knight_turn":
        return _why_not_move(g, target.ref) or "Nothing to do there now."
    return "That is not one of the choices now."
