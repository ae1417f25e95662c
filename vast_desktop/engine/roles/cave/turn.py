"""The Cave's turn: (1) Collect Omen Tokens, (2) Shape the Cave, (3) Place Treasure
(CV-02), with omens usable before or after any phase once Omens are collected
(CV-14, CV-15).  During the Collapse, Shape the Cave removes 3 tiles (CV-43)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.omens import collect_omens, omen_menu, place_treasure_token, treasure_targets, use_omen
from ...decisions import Option, Target, button, space
from ...geometry import fmt_pos, parse_pos
from ...kinds import DecisionKind
from ...map.board import crystal_first, draw_to_cave_hand, place_tile, placement_spaces
from ...map.collapse import collapse_candidates, remove_tile
from ...option_ids import at, parse

if TYPE_CHECKING:
    from ...game import Game, Proc


def cave_turn(g: Game) -> Proc:
    cave = g.state.cave
    assert cave is not None
    cave.omen_uses.clear()      # CV-19: escalating costs reset each turn
    cave.phase = 1
    g.log("turn", f"Round {g.state.round}: the Cave's turn.")
    if not (g.state.turn == 1 and g.config.extra.get("omens_collected")):   # a scenario set after phase 1
        collect_omens(g)
    cave.phase = 2
    if not g.state.collapse and not cave.hand:
        draw_to_cave_hand(g)    # COL-02: tiles sent back to the stack are drawn to be placed again
    removed = 0
    while True:
        opts = omen_menu(g)
        phase_opts = []
        if cave.phase == 2:
            if g.state.collapse:
                cands = collapse_candidates(g) if removed < g.rules.cave.collapse_removals_per_turn else []
                phase_opts = [Option(at("remove", p), f"Collapse the tile at {fmt_pos(p)}", (space(p),)) for p in cands]
            elif cave.hand:
                spaces = [(fmt_pos(q), space(q)) for q in placement_spaces(g)]
                for tile_id in sorted(set(crystal_first(g, cave.hand))):   # CV-04, CV-07
                    from_hand = Target("hand_tile", tile_id, drag_from=f"hand:{tile_id}")   # one per tile, shared
                    for where, target in spaces:
                        phase_opts.append(Option(f"place:{tile_id}@{where}", f"Place a tile at {where}", (target, from_hand)))
            if not phase_opts:
                cave.phase = 3
                continue
        elif cave.phase == 3:
            targets = treasure_targets(g)
            phase_opts = [Option(at("treasure", p), f"Place a Treasure token at {fmt_pos(p)}", (space(p),))
                          for p in targets]
            if g.config.place_treasure_optional and phase_opts:
                phase_opts.append(Option("skip_treasure:", "Place no Treasure this turn", (button("skip"),)))
            if not phase_opts:
                cave.phase = 4
                continue
        else:
            phase_opts = [Option("end:", "End your turn", (button("end_turn"),))]
        choice = yield g.ask("cave", DecisionKind.CAVE_TURN, _prompt(g, removed), opts + phase_opts, rules_ref=f"cave.phase{cave.phase}")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        if verb == "omen":
            yield from use_omen(g, arg)
        elif verb == "place":
            tile_id, _, where = arg.partition("@")
            cave.hand.remove(tile_id)
            place_tile(g, tile_id, parse_pos(where), "cave")
            draw_to_cave_hand(g)
            cave.phase = 3
        elif verb == "remove":
            removed += 1
            yield from remove_tile(g, parse_pos(arg), "cave", collapse_removal=True)
            if removed >= g.rules.cave.collapse_removals_per_turn:
                cave.phase = 3
        elif verb == "treasure":
            place_treasure_token(g, parse_pos(arg))
            cave.phase = 4
        elif verb == "skip_treasure":
            cave.phase = 4
    g.log("turn_end", "The Cave ends its turn.")


def _prompt(g: Game, removed: int) -> str:
    cave = g.state.cave
    assert cave is not None
    omens = sum(cave.omens.values())
    if cave.phase == 2:
        if g.state.collapse:
            return f"Shape the Cave: the Collapse — remove tiles ({removed} of 3 removed). {omens} Omen token(s)."
        # Everyone sees this prompt: it must not depend on the (private) hand (GEN-01).
        return f"Shape the Cave: place a tile from your hand (Crystal tiles first). {omens} Omen token(s)."
    if cave.phase == 3:
        return f"Place Treasure: put a Treasure token on a Dark tile. {omens} Omen token(s)."
    return f"Use omens or end your turn. {omens} Omen token(s)."
