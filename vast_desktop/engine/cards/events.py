"""Event cards (15): the Cave draws 3 and plays 1 on the Knight (CV-38), or with no
Cave she draws and resolves the top card (KN-35).  Played cards leave the game;
with the deck empty Event tiles and tokens are ignored (CV-39).
Handlers are keyed by card id (DATA: COMPONENT_DATA "Event cards")."""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target
from ..geometry import surrounding
from ..kinds import DecisionKind
from ..map.board import is_dark
from ..map.quake import quake_collapse
from ..map.reveal import reveal_group
from ..option_ids import arg_of
from ..roles.knight import board as kb
from .ambush import resolve_ambush
from .omens import draw_omens
from .treasures import receive_treasure

if TYPE_CHECKING:
    from ..game import Game, Proc


def play_event(g: Game) -> Proc:
    st = g.state
    if not st.event_deck:
        g.log("event_ignored", "The Event deck is empty: the Event is ignored.")
        return
    if g.has("cave"):
        drawn = st.event_deck[:3]
        del st.event_deck[:3]
        g.barrier()
        opts = [Option(f"event:{c}", f"Play {g.card(c).name}: {g.card(c).text}", (Target("card", c),))
                for c in drawn]
        choice = yield g.ask("cave", DecisionKind.CHOOSE_EVENT, "Choose the Event card to play on the Knight", opts,
                             rules_ref="cave.events")
        card = arg_of(choice.id)
        drawn.remove(card)
        st.event_deck.extend(drawn)  # the others go to the bottom
    else:
        card = st.event_deck.pop(0)
        g.barrier()
    st.removed_from_game.append(card)
    g.log("event", f"Event: {g.card(card).name}.", card=card)
    yield from EVENT_HANDLERS[kb.base_id(card)](g)


def ev_ambush(g: Game) -> Proc:
    yield from resolve_ambush(g, "event")


def _yes_no(g: Game, kind: DecisionKind, prompt: str, yes: str) -> Proc:
    choice = yield g.ask("knight", kind, prompt, [Option("yes:", yes), Option("no:", "Decline")])
    return choice.id == "yes:"


def ev_light(g: Game) -> Proc:
    """Light: may discard a Hero cube to regain 2 Health (not with only 2 cubes, KN-18)."""
    k = kb.knight(g)
    if kb.active_cubes(k) <= g.rules.knight.start_cubes or (k.cubes_free == 0 and not kb.placed_sources(k)):
        g.log("event_no_effect", "Light: the Knight cannot discard a Hero cube.")
        return
    if (yield from _yes_no(g, DecisionKind.EVENT_LIGHT, "Light: discard a Hero cube to regain 2 Health?", "Discard a cube, +2 Health")):
        source = yield from kb.choose_cube(g, "discard")
        kb.take_cube_from(k, source)
        k.discarded += 1
        kb.heal(g, 2, "Light")


def ev_fresh(g: Game) -> Proc:
    """Fresh Air / Fresh Water: may spend a Hero cube to regain 1 Health; the cube
    comes back at her next Pick Up."""
    k = kb.knight(g)
    if k.cubes_free == 0 and not kb.placed_sources(k):
        return
    if (yield from _yes_no(g, DecisionKind.EVENT_FRESH, "Spend a Hero cube to regain 1 Health? (It returns next turn.)",
                           "Spend a cube, +1 Health")):
        source = yield from kb.choose_cube(g, "spend")
        kb.take_cube_from(k, source)
        k.set_aside += 1
        kb.heal(g, 1, "Fresh Air/Water")


def ev_cave_bread(g: Game) -> Proc:
    """Cave Bread: regain a discarded cube, or else take the cube on the highest Grit space (KN-120)."""
    k = kb.knight(g)
    if k.discarded:
        k.discarded -= 1
        k.cubes_free += 1
        g.log("cube_regained", "Cave Bread: the Knight regains a discarded Hero cube.")
    elif k.grit_spaces:
        s = max(k.grit_spaces)
        k.grit_spaces.remove(s)
        k.cubes_free += 1
        g.log("cube_regained", f"Cave Bread: the Knight takes the Hero cube from Grit space {s}.")
    return
    yield


def ev_cave_bread_revised(g: Game) -> Proc:
    """Revised Cave Bread (VAR-20): regain a discarded Hero cube, or else gain 6 Grit."""
    k = kb.knight(g)
    if k.discarded:
        k.discarded -= 1
        k.cubes_free += 1
        g.log("cube_regained", "Cave Bread: the Knight regains a discarded Hero cube.")
    else:
        kb.gain_grit(g, g.card("cave_bread_revised").int_param("grit", 6), "Cave Bread")
    return
    yield


def ev_rats(g: Game) -> Proc:
    """Rats: lose 2 Grit at once, before the reveal Grit (KN-119)."""
    yield from kb.lose_grit(g, -g.rules.knight.grit["rats"], "Rats")


def ev_deep_and_dark(g: Game) -> Proc:
    """Deep and Dark: the Cave draws 2 Omens; with no Cave the Knight gains a Treasure card."""
    if g.has("cave"):
        draw_omens(g, 2, "Deep and Dark")
    else:
        yield from receive_treasure(g)


def ev_vantage_point(g: Game) -> Proc:
    """Vantage Point: reveal every surrounding Dark tile on the map now (KN-121), Grit
    and tokens as normal; Ambushes revealed this way do nothing (MAP-33)."""
    here = g.state.board.pieces["knight"]
    dark = [p for p in surrounding(here) if is_dark(g, p)]

    def grit(game: Game, p: tuple[int, int], kind: str) -> None:
        kb.gain_grit(game, game.rules.knight.grit["reveal_tile"], "revealed a tile")

    yield from reveal_group(g, dark, "knight", after_each=grit)


def ev_quake(g: Game) -> Proc:
    """Quake! (promo, the promo-events variant): the Dragon die is rolled at the Knight's
    space and every tile it hits collapses (map/quake.py); the Cave, or with no Cave the
    Knight, chooses where displaced pieces go."""
    remover = "cave" if g.has("cave") else "knight"
    yield from quake_collapse(g, g.state.board.pieces["knight"], remover, "Quake!", "the Event")


EVENT_HANDLERS = MappingProxyType({
    "ambush": ev_ambush,
    "light": ev_light,
    "fresh_air": ev_fresh,
    "fresh_water": ev_fresh,
    "cave_bread": ev_cave_bread,
    "cave_bread_revised": ev_cave_bread_revised,
    "rats": ev_rats,
    "deep_and_dark": ev_deep_and_dark,
    "vantage_point": ev_vantage_point,
    "quake": ev_quake,
})
