"""Goblin Ambushes on the Knight (KN-38, KN-44, GB-88, GB-91/92, AMB-30).

When she reveals an Ambush tile or an Ambush Event card she may first add Hero
cubes to Strength; then the Goblins may attack her with any hidden Tribe (on the
board or lurking) whose Strength exceeds hers.  The Goblins are asked every time,
with a neutral "No Ambush" option, so the question never tells whether they could.
AMB-30 house rule ``ambush_by_tile_symbol``: on an Ambush tile only the Tribe whose
symbol the tile shows may spring it (an Ambush Event card still allows any Tribe).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.ambush import raise_strength
from ...decisions import Option, Target, button
from ...kinds import DecisionKind
from ...option_ids import arg_of
from ...reasons import Reason
from ..knight import board as kb
from . import turn as gb

if TYPE_CHECKING:
    from ...game import Game, Proc


def check_ambush(g: Game, t: str, source: str) -> Reason | None:
    """May the Tribe ``t`` spring the Ambush the Knight revealed (``source``: "tile" or an
    Ambush Event card)?  GB-88: a hidden Tribe (on the board or lurking), GB-65: with
    Population, GB-88: whose Strength is greater than hers; AMB-30 (house rule
    ``ambush_by_tile_symbol``): on an Ambush tile showing a Tribe's symbol, only that Tribe."""
    if gb.tribe_pos(g, t) is not None:
        return Reason(f"{gb.Tname(t)} is on the map: only hidden Tribes spring an Ambush.", "GB-88")
    if gb.tribe_population(g, t) <= 0:
        return Reason(f"{gb.Tname(t)} has Population 0: it takes no action.", "GB-65")
    mine = kb.strength(g)
    if gb.tribe_strength(g, t) <= mine:
        return Reason(f"{gb.Tname(t)}'s Strength {gb.tribe_strength(g, t)} must be greater than the Knight's Strength "
                      f"{mine} to ambush her.", "GB-88")
    kp = g.state.board.pieces.get("knight")
    if source == "tile" and kp is not None and gb.house(g, "ambush_by_tile_symbol"):
        symbol = g.tile(g.state.board.tiles[kp].tile_id).tribe
        if symbol in gb.TRIBES and symbol != t:
            return Reason(f"On this Ambush tile only {gb.tname(symbol)}, whose symbol it shows, may spring it (house "
                          "rule).", "GB-88")
    return None


def goblin_ambush(g: Game, source: str) -> Proc:
    if g.state.knight is None or g.state.goblins is None:
        return
    yield from raise_strength(g, "Add Hero cubes to your Strength before the Goblins strike, or face them — the Goblins' Ambush; yours: {strength}",
                              "Face the Ambush with Strength {strength}")   # KN-38: cubes first, blind
    mine = kb.strength(g)
    opts = [Option(f"ambush:{t}", f"Ambush with {gb.NAMES[t]} (Strength {gb.tribe_strength(g, t)})",
                   (Target("slot", f"goblins.{t}"), button(f"ambush_{t}")))
            for t in gb.TRIBES if check_ambush(g, t, source) is None]
    opts.append(Option("no_ambush:", "No Ambush", (button("pass"),)))
    choice = yield g.ask("goblins", DecisionKind.AMBUSH, f"Attack the Knight from the Ambush with a hidden Tribe, or let it pass — "
                         f"she revealed an Ambush, her Strength {mine}", opts, rules_ref="goblins.ambush", about={"source": source})
    if choice.id == "no_ambush:":
        g.log("ambush_no_effect", "The Goblins do not spring the Ambush.")
        return
    yield from gb.attack_knight(g, arg_of(choice.id), "ambushes", ambush=True)
