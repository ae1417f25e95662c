"""Turn order, the round loop, the start of the Collapse, the end-of-turn tile
placement or removal when no one plays the Cave, and win/loss checks.

SET-03/04 (turn order), COL-01/02 (Collapse timing), RV-03 and COL-05/06 (no
Cave player), SOLO-02..06 (Alone in the Dark), COL-10 and DIF-14..18 (collapse
victory), KN-02/KN-123 and the role variants' outcomes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards.past_plunder import past_plunder_card
from .decisions import Option, Target, space
from .game import GameOver, Outcome
from .geometry import fmt_pos
from .kinds import DecisionKind
from .map.board import place_tile, placement_spaces, tile_type, tiles_left
from .map.collapse import collapse_candidates, remove_tile
from .map.terrain import end_of_turn
from .option_ids import at, pos_arg
from .roles.dragon.state import spirit
from .roles.knight.board import active_cubes
from .roles.thief.state import stat

if TYPE_CHECKING:
    from .game import Game, Proc


def game_flow(g: Game, start_role: str | None = None) -> Proc:
    turns = g.hooks.flow.turns    # each role's turn procedure (roles/<role>/turn.py), wired at setup
    order = g.config.turn_order
    i = order.index(start_role) if start_role else 0
    while True:
        role = order[i]
        st = g.state
        st.active = role
        st.turn += 1
        begin_turn(g)
        yield from turns[role](g)
        yield from end_of_own_turn_terrain(g, role)
        yield from end_of_turn_tiles(g, role)
        yield from end_of_turn_cards(g, role)
        i += 1
        if i == len(order):
            i = 0
            st.round += 1


def begin_turn(g: Game) -> None:
    """COL-01/02: the Collapse begins at the start of the turn after the last tile
    was placed — if every tile is still on the map."""
    st = g.state
    if not st.collapse and tiles_left(g) == 0:
        st.collapse = True
        g.log("collapse", "Every Cave tile is on the map: the Collapse begins!")
        check_collapse_win(g)       # AMB-32 house rule: a win held back until now


def end_of_own_turn_terrain(g: Game, role: str) -> Proc:
    """TR-21..24: Magma acts at the end of its victim's own turn."""
    yield from end_of_turn(g, role)


def end_of_turn_cards(g: Game, role: str) -> Proc:
    """Variant cards that act at the end of their holder's turn: Past Plunder (RV-12/23/29)."""
    yield from past_plunder_card(g, role)


# ---------------------------------------------------------- no Cave player
def alone_in_the_dark_count(g: Game, role: str) -> int:
    """SOLO-03: the greatest of ALL (revealed Crystal tiles, collapsed ones included)
    and the role's own value: the Knight's Hero cubes available or placed, the
    Goblins' largest Tribe's Population, the Dragon's Spirit, the Thief's Movement
    statistic.  SOLO-02: it is both the number placed and, once the Collapse has
    begun, the number removed."""
    tiles = g.state.board.tiles
    revealed = sum(1 for p, t in tiles.items() if t.lit and tile_type(g, p) == "crystal")
    values = [revealed + g.state.crystal_tiles_removed]
    if role == "knight" and g.state.knight is not None:
        values.append(active_cubes(g.state.knight))
    if role == "dragon" and g.state.dragon is not None:                 # SOLO-03: the Dragon's Spirit
        values.append(spirit(g))
    if role == "goblins" and g.state.goblins is not None:               # SOLO-03: the largest Tribe
        values.append(max(g.state.goblins.population.values()))
    if role == "thief" and g.state.thief is not None:                   # SOLO-03: the Thief's Movement
        values.append(stat(g, "movement"))
    if role == "ghoul" and g.state.ghoul is not None and g.state.ghoul.kept:   # Alone in the Dark II: the Attack die
        values.append(g.state.ghoul.kept[-1])
    if role == "vile_ghoul" and g.state.ghoul is not None:             # Alone in the Dark II: its Attack (our reading)
        values.append(g.state.ghoul.attack)
    return max(values)


def end_of_turn_tiles(g: Game, role: str) -> Proc:
    """With no Cave player each player places 1 tile at the end of their turn, or
    removes 3 during the Collapse (RV-03, COL-05); solo, the Alone in the Dark card
    sets the number instead (SOLO-02, SOLO-06)."""
    if g.has("cave"):
        return
    solo = g.config.alone_in_the_dark
    st = g.state
    if not st.collapse:
        n = alone_in_the_dark_count(g, role) if solo else 1
        for _ in range(n):
            if not st.stack:
                break
            tile_id = st.stack[0]   # stays on the stack (in the state) until placed: tile conservation
            g.barrier()
            tribe = (g.tile(tile_id).tribe or "").title()
            drawn = Target("hand_tile", "drawn", drag_from="stack")     # one for all the options
            opts = [Option(at("place", q), f"Place the Dark tile ({tribe}) at {fmt_pos(q)}",
                           (space(q), drawn)) for q in placement_spaces(g)]
            choice = yield g.ask(role, DecisionKind.PLACE_TILE, f"End of turn: place the Dark tile you drew ({tribe})", opts,
                                 rules_ref="variants.alone_in_the_dark" if solo else "general.no_cave")
            st.stack.pop(0)
            place_tile(g, tile_id, pos_arg(choice.id), role, "draws and places")
    else:
        n = alone_in_the_dark_count(g, role) if solo else g.config.collapse_rate_no_cave
        for _ in range(n):
            yield from collapse_one(g, role, solo)


def collapse_one(g: Game, remover: str, alone: bool = False) -> Proc:
    cands = collapse_candidates(g, alone)
    if not cands:
        g.log("collapse_stuck", "No tile can be removed.")
        return
    opts = [Option(at("remove", p), f"Collapse the tile at {fmt_pos(p)}", (space(p),)) for p in cands]
    choice = yield g.ask(remover, DecisionKind.COLLAPSE_TILE, "The Collapse: choose a tile to remove", opts,
                         rules_ref="general.collapse")
    yield from remove_tile(g, pos_arg(choice.id), remover, collapse_removal=True)


# ------------------------------------------------------------- outcomes
def check_collapse_win(g: Game) -> None:
    """COL-10: 5 Crystal tiles removed (difficulty changes the number; Hatred tokens
    of the Great and Grand Cave must also be gone, DIF-14/15).

    AMB-32: Crystal tiles removed before the Collapse (Wrath) count, and the end is
    checked at any time; with the house rule ``cave_wins_after_all_tiles_placed`` the
    Cave player (its "How to Win": first place every tile) wins only once the Collapse
    has begun — :func:`begin_turn` checks again then.  With no Cave player the general
    Collapse text alone applies."""
    st = g.state
    if st.crystal_tiles_removed < g.config.collapse_crystals:
        return
    if st.cave is not None and st.cave.hatred_tokens > 0:
        return
    if g.has("cave") and not st.collapse and "cave_wins_after_all_tiles_placed" in g.setup.house_rules:
        return
    if g.has("cave"):
        raise GameOver(Outcome(("cave",), f"{st.crystal_tiles_removed} Crystal tiles have collapsed: the Cave wins."))
    raise GameOver(Outcome((), f"{st.crystal_tiles_removed} Crystal tiles have collapsed: the Cave buries everyone."))


def check_knight_escape(g: Game) -> None:
    """KN-02: with no Dragon, smash the Crystals needed and then enter the Entrance."""
    k = g.state.knight
    if k is None or g.has("dragon"):
        return
    if g.state.board.pieces.get("knight") == g.state.board.entrance and k.smashed >= g.config.crystals_needed:
        raise GameOver(Outcome(("knight",), f"The Knight smashed {k.smashed} Crystals and escaped the Cave."))


def knight_killed(g: Game, cause: str) -> None:
    """KN-123 and the role variants: who wins when the Knight dies.  AMB-55: per
    variant — in Knight vs Dragon vs Cave an Ambush kill wins nothing (her turns are
    skipped, RV-15) unless the house rule ``infestation_kill_dragon_wins``."""
    k = g.state.knight
    assert k is not None
    k.dead = True
    g.log("knight_killed", "The Knight is killed!")
    if cause in ("ghoul", "vile_ghoul") and "knight" in tuple(g.config.extra.get("ghoul_kills", ())):   # GH, VG-01
        raise GameOver(Outcome((cause,), f"The {'Vile Ghoul' if cause == 'vile_ghoul' else 'Ghoul'} killed the Knight."))
    if g.has("goblins"):
        raise GameOver(Outcome(("goblins",), "The Goblins killed the Knight."))
    w = g.config.ambush_kill_winner
    if (w is None and g.config.skip_dead_knight and g.has("dragon")
            and "infestation_kill_dragon_wins" in g.setup.house_rules):
        w = "dragon"        # AMB-55 house rule: Knight vs Dragon's Ambush kill carried into Knight vs Dragon vs Cave
    if cause == "ambush" and w:
        raise GameOver(Outcome((w,), f"A Goblin Ambush killed the Knight: the {w.replace('_', ' ').title()} wins."))
    if g.config.skip_dead_knight:
        k.turn_over = True
        g.log("knight_out", "The Knight's turns are skipped for the rest of the game.")
        return
    raise GameOver(Outcome((), "The Knight was killed."))
