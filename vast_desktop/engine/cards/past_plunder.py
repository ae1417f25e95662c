"""The Past Plunder variant card (RV-12, RV-23, RV-29): at the end of its holder's turn a
Treasure token goes on an empty Dark tile; if there is none, the holder draws a Cave
tile, sets it Dark side up next to a Dark tile and puts the token there.  With no Cave
player this comes after the end-of-turn tile (RV-04), so the token may go on it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Option, Target, space
from ..geometry import Pos, adjacent, fmt_pos
from ..kinds import DecisionKind
from ..map.board import is_dark, occupant, place_tile, take_token
from ..option_ids import at, pos_arg
from ..reasons import Reason

if TYPE_CHECKING:
    from ..game import Game, Proc


def holder(g: Game) -> str | None:
    key = "gift:past_plunder"
    if key not in g.config.extra:
        g.config.extra[key] = g.rules.role_variant(g.config.turn_order).gift_holder("past_plunder")
    h = g.config.extra[key]
    return None if h is None else str(h)


def check_plunder_space(g: Game, q: Pos) -> Reason | None:
    """RV-12: may Past Plunder's Treasure token go on ``q``: an empty Dark tile (no piece,
    no token)."""
    if q not in g.state.board.tiles or not is_dark(g, q):
        return Reason(f"Past Plunder's Treasure goes on a Dark tile, and {fmt_pos(q)} is not one.", "RV-12")
    who = occupant(g, q)
    return Reason(f"Past Plunder's Treasure goes on an empty Dark tile: {who} is on {fmt_pos(q)}.", "RV-12") if who else None


def check_plunder_tile_space(g: Game, q: Pos) -> Reason | None:
    """RV-12: with no empty Dark tile, may the drawn tile (and the token) go on ``q``: an
    open space next to a Dark tile."""
    board = g.state.board
    if q in board.tiles:
        return Reason(f"No Dark tile is empty, so the drawn tile goes on an open space next to one; {fmt_pos(q)} "
                      "is a tile.", "RV-12")
    if not any(p in board.tiles and board.tiles[p].dark for _, p in adjacent(q)):
        return Reason(f"The drawn tile goes next to a Dark tile, and {fmt_pos(q)} touches none.", "RV-12")
    return None


def check_past_plunder(g: Game, q: Pos) -> Reason | None:
    """RV-12/23/29: the space of a Past Plunder decision: an empty Dark tile while there is
    one (:func:`check_plunder_space`), else an open space for the drawn tile
    (:func:`check_plunder_tile_space`)."""
    if empty_dark_tiles(g):
        return check_plunder_space(g, q)
    return check_plunder_tile_space(g, q)


def empty_dark_tiles(g: Game) -> list[Pos]:
    """RV-12: the tiles :func:`check_plunder_space` allows."""
    return [p for p in sorted(g.state.board.tiles) if check_plunder_space(g, p) is None]


def past_plunder_card(g: Game, role: str) -> Proc:
    """Run the card for ``role`` if it holds Past Plunder."""
    if holder(g) != role or g.state.supply["treasure"] <= 0:
        return
    board = g.state.board
    targets = empty_dark_tiles(g)
    if targets:
        opts = [Option(at("plunder", p), f"Put a Treasure token at {fmt_pos(p)}", (space(p),)) for p in targets]
        choice = yield g.ask(role, DecisionKind.PAST_PLUNDER, "Past Plunder: put a Treasure token on an empty Dark tile", opts,
                             rules_ref="variants.past_plunder")
        p = pos_arg(choice.id)
    else:
        if not g.state.stack:
            return
        spaces = sorted({q for p, t in board.tiles.items() if t.dark for _, q in adjacent(p)
                         if check_plunder_tile_space(g, q) is None})
        if not spaces:
            return
        tile_id = g.state.stack[0]
        g.barrier()
        tribe = (g.tile(tile_id).tribe or "").title()
        opts = [Option(at("plunder_tile", q), f"Place the drawn Dark tile ({tribe}) at {fmt_pos(q)} with the token",
                       (space(q), Target("hand_tile", "drawn", drag_from="stack"))) for q in spaces]
        choice = yield g.ask(role, DecisionKind.PAST_PLUNDER, "Past Plunder: no empty Dark tile — place the tile you drew next to "
                             "a Dark tile", opts, rules_ref="variants.past_plunder")
        g.state.stack.pop(0)
        p = pos_arg(choice.id)
        place_tile(g, tile_id, p, role, "draws and places")
    if take_token(g, "treasure"):
        board.tokens_at(p)["treasure"] += 1
        g.log("treasure_placed", f"Past Plunder: a Treasure token goes on {fmt_pos(p)}.", pos=p)
