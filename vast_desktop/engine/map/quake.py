"""A dice-driven collapse that is not the Dragon's Wrath: the promo Event Quake! and the
promo Monster Ground Kraken roll the Dragon die at a space and every tile it hits
collapses (issue 28, EXPANSION_DATA Appendix A).

Our reading (no seed text names either card; noted in docs/RULES_COVERAGE.md): the
tiles go as Wrath's do — not the Entrance, not a tile whose occupants cannot all leave
it (COL-12, COL-16), a Terrain tile as a whole — and every piece on a falling tile,
Tribes included, is moved off by Forced Movement (FM-12..14).  Unlike Wrath, a Quake is
nobody's power or attack, so Tribes are not scattered and Trap cannot stop it; the
removed tiles go under the stack and the map is reconnected once (COL-23, MAP-42)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import roll_dragon_die
from ..geometry import Pos
from .collapse import check_removable, finish_removals, remove_tile

if TYPE_CHECKING:
    from ..game import Game, Proc


def quake_collapse(g: Game, center: Pos, remover: str, who: str, why: str) -> Proc:
    """Roll the Dragon die at ``center`` and collapse each removable tile it hits;
    ``remover`` chooses where displaced pieces go; ``who`` and ``why`` name the roll in
    the log.  Returns how many tiles fell."""
    _, affected, _ = roll_dragon_die(g, center, who, why)
    board = g.state.board
    ids = list(dict.fromkeys(board.tiles[p].tile_id for p in affected if p in board.tiles))  # a Terrain tile once
    batch: list[str] = []
    fallen = 0
    for tile_id in ids:
        where = next((p for p, t in board.tiles.items() if t.tile_id == tile_id), None)
        if where is None:                        # already gone with an earlier tile of this roll
            continue
        reason = check_removable(g, where)
        if reason is not None:
            g.log("quake_spared", f"{who}: {reason.text}", pos=where)
            continue
        yield from remove_tile(g, where, remover, collapse_removal=False, batch=batch)
        fallen += 1
    if fallen:
        yield from finish_removals(g, batch, remover)
    else:
        g.log("quake_no_effect", f"{who}: no tile collapses.")
    return fallen
