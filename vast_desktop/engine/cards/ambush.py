"""Ambushes on the Knight (KN-38..44).

With a Goblins player the Goblins decide (added in step 3).  Without one, the
Goblin Infestation variant card fights for them (RV-08, SOLO-08): line A Normal
Goblins (Strength 2), line B Tough Goblins (Strength 3), line C a Monster drawn
from the deck with its Ambush Strength and Ambush line.  The Knight may add Hero
cubes to Strength first — with Monsters, after seeing it (KN-40).  Higher: nothing;
equal: roll the Dragon die, a centre hit wounds; lower: wounded.  A wound costs 1
Health and triggers the Ambush line.
"""
from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, button, space, with_button
from ..dice import roll_dragon_die
from ..geometry import DIAGONALS, Pos, adjacent, fmt_pos, manhattan
from ..kinds import DecisionKind
from ..map import terrain as tr
from ..map.board import is_dark, is_lit, place_tile
from ..map.quake import quake_collapse
from ..map.reveal import reveal_one
from ..option_ids import at, pos_arg
from ..reasons import Reason
from ..roles.knight import board as kb
from .treasures import lose_treasure

if TYPE_CHECKING:
    from ..game import Game, Proc

LINE_STRENGTH = MappingProxyType({"A": 2, "B": 3})


def resolve_ambush(g: Game, source: str) -> Proc:
    k = kb.knight(g)
    k.ambushes_resolved += 1
    if g.has("goblins"):
        goblin_ambush = g.hooks.goblins.goblin_ambush
        yield from goblin_ambush(g, source)
        return
    line = g.config.infestation_line
    if line is None:
        g.log("ambush_no_effect", "No one springs the Ambush.")
        return
    monster = None
    if line == "C":
        monster = draw_monster(g)
        foe = g.card(monster).ambush_strength + g.state.next_monster_bonus
        g.state.next_monster_bonus = 0
        name = g.card(monster).name
    else:
        foe = LINE_STRENGTH[line]
        name = "Normal Goblins" if line == "A" else "Tough Goblins"
    g.log("ambush", f"Ambush! {name} (Strength {foe}) attack the Knight.", strength=foe)
    yield from raise_strength(g, f"Add Hero cubes to your Strength, or face the Ambush — the {name} (Strength {foe}); yours: {{strength}}",
                              f"Face the {name} with Strength {{strength}}")
    mine = kb.strength(g)
    if mine > foe:
        hit = False
    elif mine == foe:
        _, _, hit = roll_dragon_die(g, g.state.board.pieces["knight"], "The Ambush", "equal Strength")
    else:
        hit = True
    kraken = monster is not None and is_kraken(g, monster)
    if monster is not None and not kraken and not (hit and monster in ("ogre", "troll")):
        g.state.monster_discard.append(monster)   # VAR-44: a hitting Ogre/Troll waits until beaten
    here = g.state.board.pieces["knight"]
    if not hit:
        g.log("ambush_beaten", f"The Knight (Strength {mine}) fends off the {name}.")
        if monster is not None:
            k.ambush_monster_beaten = True
        if kraken:
            assert monster is not None
            yield from kraken_ambush(g, monster, here)
        return
    g.log("ambush_hit", f"The {name} wound the Knight (her Strength {mine} against {foe}).")
    kb.lose_health(g, 1, "Ambush", "ambush")
    if kraken:
        assert monster is not None
        yield from kraken_ambush(g, monster, here)
    elif monster is not None:
        line_key = g.card(monster).ambush_line
        if line_key:
            yield from AMBUSH_LINES[line_key](g, monster)


def is_kraken(g: Game, monster: str) -> bool:
    """The promo Ground Kraken (promo-monsters variant), by its handler."""
    return g.card(monster).handler == "ground_kraken"


def kraken_ambush(g: Game, monster: str, here: Pos) -> Proc:
    """Ground Kraken at Goblin Infestation line C (Ambush Strength 3): hit or fended off,
    the Dragon die is rolled at the Ambush space and the tiles it hits collapse (the
    Knight chooses where displaced pieces go); then the card leaves the game (our reading:
    the Kraken's Ambush is its attack, so the quake does not wait for a wound)."""
    g.state.removed_from_game.append(monster)
    g.log("kraken", "The Ground Kraken heaves the ground and is removed from the game.", card=monster)
    yield from quake_collapse(g, here, "knight", "The Ground Kraken", "its Ambush")


def raise_strength(g: Game, prompt: str, fight: str) -> Proc:
    """KN-38: before an Ambush she may put more Hero cubes on Strength (Goblin Infestation
    and the Goblins' own Ambush both ask here).  ``prompt`` and ``fight`` are format strings
    given the current ``{strength}``."""
    while check_ambush_cube(g, "strength") is None:
        mine = kb.strength(g)
        opts = [with_button(kb.cube_option(g, "strength"), "cube"), Option("fight:", fight.format(strength=mine), (button("fight"),))]
        choice = yield g.ask("knight", DecisionKind.AMBUSH_STRENGTH, prompt.format(strength=mine), opts, rules_ref="knight.ambush")
        if choice.id == "fight:":
            return
        kb.assign_cube(g, "strength")


def check_ambush_cube(g: Game, slot: str) -> Reason | None:
    """KN-38/40: before an Ambush she may put more Hero cubes on Strength only (while she has
    an unplaced cube and the track has room: :func:`~..roles.knight.board.check_cube_slot`)."""
    if slot == "strength":
        return kb.check_cube_slot(g, "strength")
    if slot in ("free", "cubes"):
        return _CUBES_TO_STRENGTH
    return Reason(f"Before an Ambush only Strength may take more Hero cubes: {kb.slot_name(g, slot)} does not fight it.",
                  "KN-38")


_CUBES_TO_STRENGTH = Reason("Your unplaced Hero cubes may go onto Strength before the Ambush: drag one there.", "KN-38")


def draw_monster(g: Game) -> str:
    """Monster deck: reshuffle the discards when it runs out."""
    st = g.state
    if not st.monster_deck:
        st.monster_deck = st.monster_discard
        st.monster_discard = []
        g.rng.shuffle(st.monster_deck)
    card = st.monster_deck.pop(0)
    g.barrier()
    g.log("monster_drawn", f"A Monster attacks: {g.card(card).name}.", card=card)
    return card


# ------------------------------------------------------------- line effects
def _step_back(g: Game, token: str) -> Proc:
    """Ogre: she steps to an adjacent unoccupied non-Dark space, and the token stays on
    the Ambush space; she must beat it to enter.  (The Troll's fallback when no Canyon
    fits, see ``_troll``.)"""
    here = g.state.board.pieces["knight"]
    board = g.state.board
    free = [q for _, q in adjacent(here) if check_step_back(g, here, q) is None]
    for _p, toks in board.tokens.items():
        if toks[token]:
            toks[token] = 0
    board.tokens_at(here)[token] += 1
    if free:
        if len(free) == 1:
            dest = free[0]
        else:
            opts = [Option(at("step", q), f"Step back to {fmt_pos(q)}", (space(q),)) for q in free]
            choice = yield g.ask("knight", DecisionKind.AMBUSH_STEP, f"The {token.title()} drives you off: choose where to step", opts)
            dest = pos_arg(choice.id)
        board.pieces["knight"] = dest
        g.log("move", f"The Knight is driven back to {fmt_pos(dest)}.", piece="knight", frm=here, to=dest)
    g.log("monster_token", f"The {token.title()} token blocks {fmt_pos(here)}.")


def check_step_back(g: Game, here: Pos, q: Pos) -> Reason | None:
    """The Ogre's (and the Troll's fallback) step back (RV-08, the Monster's Ambush line):
    to a space next to hers, Lit, with no piece and no token on it."""
    if manhattan(here, q) != 1:
        return Reason(f"You step back to a space next to you; {fmt_pos(q)} is not next to you.", "RV-08")
    if not is_lit(g, q):
        what = "Dark" if q in g.state.board.tiles else "open"
        return Reason(f"You step back onto a Lit space, and {fmt_pos(q)} is {what}.", "RV-08")
    board = g.state.board
    pieces = board.pieces_at(q)
    if pieces:
        name = sorted(pieces)[0]
        who = f"{name.split(':', 1)[1].title()} Tribe" if name.startswith("tribe:") else name.title()
        return Reason(f"You step back onto an empty space: the {who} is on {fmt_pos(q)}.", "RV-08")
    toks = [t for t, n in board.tokens.get(q, {}).items() if n > 0]
    if toks:
        return Reason(f"You step back onto an empty space: a {toks[0].replace('_', ' ')} token is on {fmt_pos(q)}.",
                      "RV-08")
    return None


def _ogre(g: Game, monster: str) -> Proc:
    yield from _step_back(g, "ogre")


def _troll(g: Game, monster: str) -> Proc:
    """Troll (Goblin Infestation line C; the card's Ambush line, COMPONENT_DATA / DATA-17):
    "Place the Canyon Terrain tile (even without the Terrain variant) with the Troll token
    on its Bridge."  The Canyon goes as Terrain always does (TR-06: the Cave places it, or
    else the Knight, who revealed the Ambush; TR-07: as close as possible to her; TR-09,
    TR-16: a legal spot, its Bridge against a Cave tile, then a Dark tile beyond the
    Bridge).  She is not moved.  The Troll blocks the Bridge until she beats it (Strength
    above 4 to enter, then it is defeated and the card discarded, VAR-44).

    Readings where the card is silent: a Canyon already on the map (the Terrain variant)
    is not moved — the Troll token goes on its Bridge; if no legal spot exists for the
    Canyon, the Troll blocks her space as the Ogre does (she steps back)."""
    board = g.state.board
    canyon = next(t.id for t in g.rules.terrain if t.kind == "canyon")
    if canyon not in tr.tiles_on_map(g):
        here = board.pieces["knight"]
        if not tr.can_place(g, canyon):
            g.log("terrain_none", "The Canyon cannot be placed anywhere: the Troll blocks her space instead.")
            yield from _step_back(g, "troll")
            return
        yield from tr.place_nearest(g, canyon, here, "cave" if g.has("cave") else "knight")
    for toks in board.tokens.values():          # one Troll token
        toks["troll"] = 0
    bridge = next(c for c in tr.cells_of(g, canyon) if tr.bridge(g, c))
    board.tokens_at(bridge)["troll"] += 1
    g.log("monster_token", f"The Troll token stands on the Canyon's Bridge at {fmt_pos(bridge)}.", pos=bridge)


def _golem(g: Game, monster: str) -> Proc:
    g.state.golem = True
    g.log("golem", "From now on each use of the Ancient Map costs 2 Hero cubes.")
    return
    yield


def _gnome(g: Game, monster: str) -> Proc:
    k = kb.knight(g)
    if k.treasures:
        card = k.treasures[g.rng.randrange(len(k.treasures))]
        lose_treasure(g, card, "the Gnome")
    return
    yield


def _wisp(g: Game, monster: str) -> Proc:
    kb.knight(g).turn_over = True
    g.log("turn_ends", "The Wisp leads the Knight astray: her turn ends.")
    return
    yield


def _beetles(g: Game, monster: str) -> Proc:
    g.state.next_monster_bonus = 1
    return
    yield


def underworm_targets(g: Game, here: Pos) -> tuple[list[Pos], bool]:
    """The Underworm's (its Ambush line) destinations from ``here``: the nearest Dark tiles
    on her diagonals with no piece on them; with none, the nearest diagonal open spaces,
    where a tile is drawn and placed (VAR-45) — and whether one is placed."""
    best: list[Pos] = []
    for dist in range(1, 12):
        best = [(here[0] + dx * dist, here[1] + dy * dist) for dx, dy in DIAGONALS]
        best = [q for q in best if is_dark(g, q) and not g.state.board.pieces_at(q)]
        if best:
            return best, False
    place = bool(g.state.stack)   # VAR-45: no Dark tile: one goes on the nearest diagonal open space
    for dist in range(1, 12) if place else ():
        best = [(here[0] + dx * dist, here[1] + dy * dist) for dx, dy in DIAGONALS]
        best = [q for q in best if q not in g.state.board.tiles]
        if best:
            return best, True
    return [], place


def check_underworm(g: Game, here: Pos, q: Pos) -> Reason | None:
    """The Underworm drags her to ``q`` only if it is one of :func:`underworm_targets`: on a
    diagonal, the nearest, a Dark tile (or, with none left, an open space), with no piece."""
    best, place = underworm_targets(g, here)
    if q in best:
        return None
    dx, dy = q[0] - here[0], q[1] - here[1]
    if abs(dx) != abs(dy) or dx == 0:
        return Reason(f"The Underworm drags you diagonally, and {fmt_pos(q)} is not on a diagonal from {fmt_pos(here)}.",
                      "VAR-45")
    nearest = abs(best[0][0] - here[0]) if best else 0
    if best and abs(dx) > nearest:
        return Reason(f"The Underworm drags you to the nearest tile it can: {abs(dx)} steps is farther than {nearest}.",
                      "VAR-45")
    if not place and not is_dark(g, q):
        return Reason(f"The Underworm drags you onto a Dark tile, and {fmt_pos(q)} is not one.", "VAR-45")
    if place and q in g.state.board.tiles:
        return Reason(f"No Dark tile is left on your diagonals: the Underworm drags you to the nearest open space, and "
                      f"{fmt_pos(q)} holds a tile.", "VAR-45")
    return Reason(f"The Underworm drags you onto a tile with no piece on it: a piece is on {fmt_pos(q)}.", "VAR-45")


def _underworm(g: Game, monster: str) -> Proc:
    """The Knight moves diagonally to the nearest Dark tile and reveals it
    (:func:`underworm_targets`)."""
    here = g.state.board.pieces["knight"]
    best, place = underworm_targets(g, here)
    if not best:
        return
    if len(best) == 1:
        dest = best[0]
    else:
        opts = [Option(at("burrow", q), f"Be dragged to {fmt_pos(q)}", (space(q),)) for q in best]
        choice = yield g.ask("knight", DecisionKind.UNDERWORM, "The Underworm drags you: choose the Dark tile", opts)
        dest = pos_arg(choice.id)
    if place:
        g.barrier()
        place_tile(g, g.state.stack.pop(0), dest, "knight", "draws and places")
    g.state.board.pieces["knight"] = dest
    g.log("move", f"The Underworm drags the Knight to {fmt_pos(dest)}.", piece="knight", frm=here, to=dest)
    yield from reveal_one(g, dest, "knight")
    kb.gain_grit(g, g.rules.knight.grit["reveal_tile"], "revealed a tile")


def _blob(g: Game, monster: str) -> Proc:
    yield from kb.lose_grit(g, 5, "the Blob")


def _flame_giant(g: Game, monster: str) -> Proc:
    if kb.strength(g) <= 3:
        kb.lose_health(g, 1, "the Flame Giant", "ambush")
    return
    yield


AMBUSH_LINES: MappingProxyType[str, Callable[[Game, str], Proc]] = MappingProxyType({
    "ogre_blocks_space": _ogre,
    "troll_on_bridge": _troll,
    "ancient_map_costs_two": _golem,
    "discard_random_treasure": _gnome,
    "end_knight_turn": _wisp,
    "next_monster_plus_one": _beetles,
    "underworm_diagonal": _underworm,
    "lose_five_grit": _blob,
    "extra_health_if_weak": _flame_giant,
})
