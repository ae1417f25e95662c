"""The Cave's turn: (1) Collect Omen Tokens, (2) Shape the Cave, (3) Place Treasure
(CV-02), with omens usable before or after any phase once Omens are collected
(CV-14, CV-15).  During the Collapse, Shape the Cave removes 3 tiles (CV-43)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.omens import (
    check_treasure_space,
    collect_omens,
    omen_menu,
    place_treasure_token,
    treasure_targets,
    use_omen,
)
from ...decisions import Option, Target, button, space
from ...geometry import Pos, fmt_pos, parse_pos
from ...kinds import DecisionKind
from ...map.board import (
    check_hand_tile,
    check_placement_space,
    draw_to_cave_hand,
    hand_choices,
    has_placement_space,
    place_tile,
    placement_spaces,
)
from ...map.collapse import check_collapse, collapse_candidates, collapse_order, remove_tile
from ...map.hand_names import hand_names
from ...option_ids import at, parse
from ...reasons import Reason

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
        phase_opts = []
        if cave.phase == 2:
            if g.state.collapse:
                cands = collapse_candidates(g) if removed < g.rules.cave.collapse_removals_per_turn else []
                phase_opts = [Option(at("remove", p), f"Collapse the tile at {fmt_pos(p)}", (space(p),)) for p in cands]
            elif cave.hand:
                spaces = [(fmt_pos(q), space(q)) for q in placement_spaces(g)]
                choices = hand_choices(g, crystals_first=True)                # CV-04, CV-07
                names = hand_names(g, choices)
                for tile_id in choices:
                    from_hand = Target("hand_tile", tile_id, drag_from=f"hand:{tile_id}")   # one per tile, shared
                    for where, target in spaces:
                        phase_opts.append(Option(f"place:{tile_id}@{where}", f"Place the {names[tile_id]} at {where}",
                                                 (target, from_hand)))
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
        opts = omen_menu(g)          # built once a phase has options (the menu does not depend on the phase)
        choice = yield g.ask("cave", DecisionKind.CAVE_TURN, _prompt(g, removed),
                             opts + phase_opts, rules_ref=f"cave.phase{cave.phase}")
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
    tokens = f"{omens} Omen token{'' if omens == 1 else 's'}"
    if cave.phase == 2:
        if g.state.collapse:
            return f"Shape the Cave in the Collapse ({removed} of 3 tiles removed), {tokens}."
        # The prompt must not depend on the (private) hand (GEN-01), though only the Cave reads it.
        return f"Shape the Cave (Crystal tiles first), {tokens}."
    if cave.phase == 3:
        return f"Place Treasure, {tokens}."
    return f"{tokens}."


# ----------------------------------------------------------------- rule checks of its turn's targets
_PLACED = Reason("Your tile and your Treasure token are placed this turn: use omens or end your turn.", "CV-02")
_REMOVING = Reason("During the Collapse, Shape the Cave removes tiles instead of placing one.", "CV-43")
_NO_SPACE = Reason("No open space is left next to the map for a new tile.", "MAP-34")


def check_cave_space(g: Game, q: Pos) -> Reason | None:
    """A map space in the Cave's turn, by its phase (CV-02): Shape the Cave places a tile on
    an open space next to the map (CV-07, MAP-34) or, in the Collapse, removes one by the
    Collapse's order (CV-43, COL-04..08); Place Treasure puts a token on a free Dark tile
    (CV-09/10); after them only omens and the end of the turn are left."""
    cave = g.state.cave
    assert cave is not None
    if cave.phase == 2:
        if g.state.collapse:
            return check_collapse(g, q, collapse_order(g))
        return check_placement_space(g, q)
    if cave.phase == 3:
        return check_treasure_space(g, q)
    return _PLACED


def check_cave_hand_tile(g: Game, tile_id: str) -> Reason | None:
    """A tile of the Cave's hand in its turn: placed in Shape the Cave (CV-02, CV-07) — not
    in the Collapse, which removes instead (CV-43, COL-04) — Crystal tiles first (CV-04)."""
    cave = g.state.cave
    assert cave is not None
    if cave.phase == 2 and g.state.collapse:
        return _REMOVING
    if cave.phase > 2:
        now = "you are at Place Treasure" if cave.phase == 3 else "only omens and the end of your turn are left"
        return Reason(f"Shape the Cave is over for this turn: {now}.", "CV-02")
    return check_hand_tile(g, tile_id, crystals_first=True) or (None if has_placement_space(g) else _NO_SPACE)
