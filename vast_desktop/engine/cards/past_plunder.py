"""The Past Plunder variant card (RV-12, RV-23, RV-29): at the end of its holder's turn a
Treasure token goes on an empty Dark tile; if there is none, the holder draws a Cave
tile, sets it Dark side up next to a Dark tile and puts the token there.  With no Cave
player this comes after the end-of-turn tile (RV-04), so the token may go on it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Option, Target, space
from ..geometry import adjacent, fmt_pos
from ..kinds import DecisionKind
from ..map.board import is_dark, place_tile, take_token
from ..option_ids import at, pos_arg

if TYPE_CHECKING:
    from ..game import Game, Proc


def holder(g: Game) -> str | None:
    key = "gift:past_plunder"
    if key not in g.config.extra:
        g.config.extra[key] = g.rules.role_variant(g.config.turn_order).gift_holder("past_plunder")
    h = g.config.extra[key]
    return None if h is None else str(h)


def empty_dark_tiles(g: Game) -> list[tuple[int, int]]:
    board = g.state.board
    return [p for p in sorted(board.tiles) if is_dark(g, p) and not board.pieces_at(p)
            and not any(n > 0 for n in board.tokens.get(p, {}).values())]


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
        spaces = sorted({q for p, t in board.tiles.items() if t.dark for _, q in adjacent(p) if q not in board.tiles})
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
