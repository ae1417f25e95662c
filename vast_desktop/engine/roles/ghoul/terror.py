"""The Ghoul's Terror cards (GH-26..30): drawing them face up, using their two effects within
the limits, and removing a card once its once-per-game effect resolves.

The deck is facedown and nobody sees it (``knowledge.py`` lists it as a hidden zone); a drawn
card is public.  Effects built: Chase (movement), Hunt (attack points), Sneak (no extra
movement for a wall or an occupied space, :mod:`.turn` reads ``free_extra``/``no_extra``),
and Adapt's persistent effect (draw 2, keep 1).  The others' effects are not offered yet.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...decisions import Option, Target
from ...kinds import DecisionKind
from ...option_ids import arg_of
from ...reasons import Reason
from .state import PIECE, ghoul, terror_name

if TYPE_CHECKING:
    from ...game import Game, Proc

#: the effect handlers the engine plays (rules_data ghoul.yaml ``handler``)
PLAYED = frozenset({"gain_movement", "gain_attack", "skip_extra_cost", "skip_extra_costs_this_turn"})


def draw_terror(g: Game, n: int) -> Proc:
    """GH-26/27: draw ``n`` Terror cards face up (Adapt: draw 2, keep 1, the other to the bottom)."""
    s = ghoul(g)
    adapt = any(g.rules.ghoul.terror_card(c).first.handler == "draw_two_keep_one" for c in s.terror)
    for _ in range(n):
        if adapt:
            yield from keep_one_of(g, 2, "Adapt")
            continue
        if not s.terror_deck:
            g.log("terror_empty", "The Terror deck is empty: no card is drawn.")
            return
        card = s.terror_deck.pop(0)
        s.terror.append(card)
        g.log("terror_drawn", f"The Ghoul draws the Terror card {terror_name(g, card)}.", card=card)


def keep_one_of(g: Game, n: int, why: str) -> Proc:
    """GH-23 (and Adapt): draw ``n``, keep 1 face up, the rest to the bottom of the Terror deck."""
    s = ghoul(g)
    s.drawing = s.terror_deck[:n]                # in the state while it chooses (knowledge: the Ghoul sees them)
    del s.terror_deck[:n]
    drawn = s.drawing
    if not drawn:
        g.log("terror_empty", "The Terror deck is empty: no card is drawn.")
        return
    by_name: dict[str, str] = {}
    for c in drawn:
        by_name.setdefault(g.rules.ghoul.terror_card(c).id, c)
    if len(by_name) == 1:
        keep = drawn[0]
    else:
        opts = [Option(f"keep:{c}", f"Keep {terror_name(g, c)}", (Target("card", c),)) for c in by_name.values()]
        choice = yield g.ask(PIECE, DecisionKind.GHOUL_TERROR_KEEP, f"Keep 1 of the Terror cards drawn ({why})", opts,
                             rules_ref="ghoul.terror")
        keep = arg_of(choice.id)
    drawn.remove(keep)
    s.terror.append(keep)
    s.terror_deck += drawn
    s.drawing = []
    g.log("terror_drawn", f"The Ghoul keeps the Terror card {terror_name(g, keep)} ({why}); "
          f"{len(drawn)} go to the bottom of the deck.", card=keep)


def discard_terror(g: Game, why: str) -> Proc:
    """GH-34: it discards 1 Terror card of its choice (none if it holds none); our reading: the
    card leaves the game (the rules name no Terror discard pile)."""
    s = ghoul(g)
    cards = list(dict.fromkeys(s.terror))
    if not cards:
        return
    if len(cards) == 1:
        card = cards[0]
    else:
        opts = [Option(f"discard:{c}", f"Discard {terror_name(g, c)}", (Target("card", c),)) for c in cards]
        choice = yield g.ask(PIECE, DecisionKind.GHOUL_TERROR_DISCARD, f"Discard a Terror card ({why})", opts,
                             rules_ref="ghoul.terror")
        card = arg_of(choice.id)
    s.terror.remove(card)
    s.terror_removed.append(card)
    g.log("terror_discarded", f"The Ghoul discards {terror_name(g, card)} ({why}).", card=card)


def check_terror(g: Game, card: str, which: str) -> Reason | None:
    """GH-28..30: its first effect once per turn (a persistent one acts by itself), its
    once-per-game effect once; never both effects of a card in a turn, nor the once-per-game
    effects of two identical cards."""
    s = ghoul(g)
    if card not in s.terror:
        return Reason("The Ghoul does not hold that Terror card.", "GH-27")
    data = g.rules.ghoul.terror_card(card)
    if which == "first":
        if data.first.timing == "persistent":
            return Reason(f"{data.name}'s first effect acts by itself whenever its moment comes.", "GH-28")
        if card in s.first_used:
            return Reason(f"{data.name}'s first effect is used once per turn, and you used it this turn.", "GH-28")
        return None
    if card in s.first_used:
        return Reason(f"You used {data.name}'s first effect this turn: not both of a card's effects in one turn.",
                      "GH-30")
    if data.id in s.game_used:
        return Reason(f"You used the once-per-game effect of another {data.name} this turn.", "GH-30")
    return None


def terror_options(g: Game) -> list[Option]:
    s = ghoul(g)
    out = []
    for card in s.terror:
        data = g.rules.ghoul.terror_card(card)
        for which, eff in (("first", data.first), ("game", data.once_per_game)):
            if eff.handler in PLAYED and check_terror(g, card, which) is None:
                label = (f"{data.name}: {eff.text}" if which == "first" else
                         f"{data.name} (once per game): {eff.text}")
                out.append(Option(f"terror:{card}:{which}", label, (Target("card", card),)))
    return out


def act_terror(g: Game, arg: str) -> Proc:
    s = ghoul(g)
    card, _, which = arg.rpartition(":")
    data = g.rules.ghoul.terror_card(card)
    eff = data.first if which == "first" else data.once_per_game
    params = eff.params
    if eff.handler == "gain_movement":
        s.movement += params.int("movement", 0)
    elif eff.handler == "gain_attack":
        s.attack += params.int("attack", 0)
    elif eff.handler == "skip_extra_cost":
        s.free_extra += params.int("times", 1)
    elif eff.handler == "skip_extra_costs_this_turn":
        s.no_extra = True
    if which == "first":
        s.first_used.append(card)
        g.log("terror_used", f"The Ghoul uses {data.name}: {eff.text}", card=card)
        return
    s.game_used.append(data.id)
    s.terror.remove(card)
    if eff.during_this_turn:                     # GH-29: leaves at the end of the turn
        s.leaving.append(card)
    else:
        s.terror_removed.append(card)
    g.log("terror_used", f"The Ghoul uses {data.name} once per game: {eff.text}", card=card)
    return
    yield


def end_of_turn_cards(g: Game) -> None:
    """GH-29: a "during this turn" card leaves the game at the end of the turn."""
    s = ghoul(g)
    s.terror_removed += s.leaving
    s.leaving = []
    s.free_extra, s.no_extra = 0, False


ACTIONS = {"terror": act_terror}
