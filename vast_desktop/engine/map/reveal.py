"""Revealing Dark tiles, for every revealer: flip, orient, fill, tokens.

General Rules "Revealing Dark Tiles" (MAP-15..33): each tile is flipped and
oriented, and its open edges filled, before the next is revealed; the revealer
picks the order (MAP-19); the effects are resolved only after all are placed
(MAP-22).  Only the Knight revealing by entering triggers Ambush and Event
resolution (AMB-09); other reveals just place tokens (MAP-31..33).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..decisions import Option, space
from ..geometry import Pos, fmt_pos
from ..kinds import DecisionKind
from ..option_ids import at, int_arg, pos_arg
from ..reasons import Reason
from .board import (
    TYPE_NAMES,
    fill_open_edges,
    flip,
    is_lit,
    orientation_choices,
    reveal_tokens,
    rotation_label,
    set_rotation,
    tile_type,
)
from .terrain import event_revealed

if TYPE_CHECKING:
    from ..game import Game, Proc


def check_orient_space(g: Game, p: Pos, q: Pos, came_from: Pos | None) -> Reason | None:
    """MAP-17/18: the tile being oriented is the one just revealed at ``p`` (entered from
    ``came_from``, if a piece walked in); its turn is chosen on it, so every turn's space is
    ``p`` and no other space is one."""
    if q == p:
        return None
    n = len(orientation_choices(g, p, came_from))
    walked = ", and an open side faces the tile the piece walked in from" if came_from is not None else ""
    return Reason(f"You are orienting the tile you revealed at {fmt_pos(p)}: turn it with R or the mouse wheel and click "
                  f"it. It has {n} legal turn{'' if n == 1 else 's'}: an open edge leads back to the Entrance if one "
                  f"can{walked}.", "MAP-17")


def check_reveal_next(g: Game, q: Pos, remaining: list[Pos]) -> Reason | None:
    """MAP-19: tiles revealed at once are flipped one at a time in the revealer's order: the
    next is one of those still Dark (``remaining``)."""
    if q in remaining:
        return None
    these = ", ".join(fmt_pos(p) for p in remaining[:6]) + (f" and {len(remaining) - 6} more" if len(remaining) > 6 else "")
    tile = g.state.board.tiles.get(q)
    if tile is None:
        what = f"{fmt_pos(q)} is an open space"
    elif is_lit(g, q):
        word = "Terrain space" if tile.terrain is not None else f"{TYPE_NAMES[tile_type(g, q)]} tile"
        what = f"the {word} at {fmt_pos(q)} is already Lit"
    else:
        what = f"the Dark tile at {fmt_pos(q)} is not one of them"
    return Reason(f"These tiles are revealed one at a time, in the order you choose: {these}; {what}.", "MAP-19")


def orient(g: Game, p: Pos, revealer: str, came_from: Pos | None) -> Proc:
    """Ask the revealer for the tile's orientation among the legal ones (each on ``p``:
    :func:`check_orient_space`; the decision's public facts name ``p`` and ``came_from``)."""
    tile_id = g.state.board.tiles[p].tile_id
    rots = orientation_choices(g, p, came_from)
    if len(rots) == 1:
        rot = rots[0]
    else:
        kind = TYPE_NAMES[g.tile(tile_id).type]
        opts = [Option(f"rot:{r}", rotation_label(g, tile_id, r).capitalize(), (space(p),)) for r in rots]
        about = {"tile": fmt_pos(p)} | ({"from": fmt_pos(came_from)} if came_from is not None else {})
        choice = yield g.ask(revealer, DecisionKind.ORIENT_TILE, f"Orient the {kind} tile you revealed at {fmt_pos(p)}", opts,
                             about=about)
        rot = int_arg(choice.id)
    set_rotation(g, p, rot)
    g.log("tile_oriented", f"The tile at {fmt_pos(p)} is oriented with {rotation_label(g, tile_id, rot)}.", pos=p, rot=rot)


def reveal_one(g: Game, p: Pos, revealer: str, came_from: Pos | None = None, knight_entered: bool = False) -> Proc:
    """Flip, orient and fill for one tile; returns its type.  Tokens are placed here too."""
    kind = flip(g, p, revealer)
    yield from orient(g, p, revealer, came_from)
    yield from fill_open_edges(g, revealer)
    reveal_tokens(g, p, kind, knight_entered)
    if kind == "event":                             # TR-04, TR-08: Terrain after the edges are filled
        yield from event_revealed(g, p, revealer)
    return kind


def reveal_group(g: Game, positions: list[Pos], revealer: str,
                 after_each: Callable[[Game, Pos, str], Proc | None] | None = None) -> Proc:
    """Reveal several Dark tiles at once (Flare, Vantage Point, Flame...), one at a time
    in the revealer's order.  Only tiles still Dark when their turn comes are flipped."""
    remaining = [p for p in positions if p in g.state.board.tiles and g.state.board.tiles[p].dark]
    while remaining:
        if len(remaining) == 1:
            p = remaining[0]
        else:
            opts = [Option(at("reveal", q), f"Reveal {fmt_pos(q)} next", (space(q),)) for q in remaining]
            choice = yield g.ask(revealer, DecisionKind.REVEAL_ORDER, "Choose which tile to reveal next", opts,
                                 about={"tiles": " ".join(fmt_pos(q) for q in remaining)})
            p = pos_arg(choice.id)
        remaining.remove(p)
        kind = yield from reveal_one(g, p, revealer)
        if after_each is not None:
            then = after_each(g, p, kind)       # a callback may ask a question (the Dragon's Pride)
            if then is not None:
                yield from then
        remaining = [q for q in remaining if q in g.state.board.tiles and g.state.board.tiles[q].dark]
