"""The Goblins' Schemes (the ``schemes`` variant, VAR-25..31, AMB-26, GB-15, TR-34).

Schemes are Secrets cards shuffled into the Secrets deck at setup (VAR-25).  In hand they
are Secrets like any other (hidden, counted toward the hand limit) but cannot be played:
they work only once bought.  A Scheme is bought when a Tribe plunders a Treasure token or a
Dragon Gem (VAR-28; the rule's only payment moment): the plundered Treasure pays 1, every
stored Treasure must be spent next, and other Schemes in hand may be discarded for the rest
(VAR-27, VAR-31).  A Treasure not spent may be stored beside the board, up to the number of
Schemes bought (VAR-29; a Gem stays with the Dragon and a Treasure token comes from the Cave's
supply instead, AMB-26), or goes back to the Cave's supply.  Bought Schemes lie face up
in ``GoblinState.schemes`` for the rest of the game and never count toward the hand limit
(VAR-26).

Each bought Scheme's effect (EXPANSION_DATA Appendix A) is read here by the Goblins' turn:
War Banner (:func:`rage_cap`), Cave Oil (:func:`lit_tiles_per_loss`), Underboss
(:func:`underboss_options`), Press Gangs (:func:`press_gangs`), Ancient Rituals
(:func:`ancient_rituals`), Mercenaries (:func:`mercenaries`), Eye of Rage
(:func:`eye_of_rage`) and Armory (:func:`armory_discs`, :func:`armory_plunder`,
:func:`armory_lost`).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...cards.secrets import check_play_scheme
from ...decisions import Option, Target, button
from ...kinds import DecisionKind
from ...option_ids import arg_of, arg_parts, parse
from ...reasons import Reason
from .state import SCHEME_HANDLER, TRIBES, GoblinState

if TYPE_CHECKING:
    from ...game import Game, Proc
WAR_BANNER_RAGE = 4          # War Banner: the Rage track goes up to 4
CAVE_OIL_LIT_TILES = 3       # Cave Oil: 1 Population per 3 Lit tiles left, not 2
NAMES = MappingProxyType({"fangs": "the Fangs", "bones": "the Bones", "eye": "the Eye"})


def gs(g: Game) -> GoblinState:
    s = g.state.goblins
    assert s is not None
    return s


def schemes_on(g: Game) -> bool:
    """Whether this game plays with the Schemes (the ``schemes`` variant)."""
    return bool(g.config.extra.get("schemes"))


def is_scheme(g: Game, card: str) -> bool:
    return g.card(card).handler == SCHEME_HANDLER


def owns(g: Game, scheme: str) -> bool:
    """Whether the Goblins have bought ``scheme`` (its effect works, VAR-26)."""
    return g.state.goblins is not None and scheme in g.state.goblins.schemes


def cost(g: Game) -> int:
    """VAR-27: the 1st Scheme costs 1 Treasure, the 2nd 2, and so on."""
    return 1 + len(gs(g).schemes)


def _name(g: Game, card: str) -> str:
    return g.card(card).name


# ------------------------------------------------------------------ rule checks
def check_buy(g: Game, card: str) -> Reason | None:
    """VAR-27, VAR-28, VAR-31: may the Goblins buy ``card`` with the Treasure just
    plundered, their stored Treasure and the other Schemes in their hand?"""
    s = gs(g)
    if not schemes_on(g):
        return Reason("Schemes are bought only in a game with the schemes variant.", "VAR-25")
    if card not in s.hand:
        return Reason(f"{_name(g, card)} is not in your hand: you buy only a Scheme you hold.", "VAR-28")
    if not is_scheme(g, card):
        return Reason(f"{_name(g, card)} is not a Scheme: only cards with the Treasure Chest icon are bought.",
                      "VAR-25")
    others = sum(1 for c in s.hand if c != card and is_scheme(g, c))
    price = cost(g)
    if 1 + s.stored_treasure + others < price:
        return Reason(f"Your next Scheme costs {price} Treasure: you have this Treasure, {s.stored_treasure} stored "
                      f"and {others} other Scheme(s) in hand to discard.", "VAR-27")
    return None


def check_store(g: Game, what: str) -> Reason | None:
    """VAR-29, AMB-26: store the plundered Treasure (a Gem: a Treasure token from the
    Cave's supply, or the map) while fewer are stored than Schemes bought."""
    s = gs(g)
    room = len(s.schemes)
    if s.stored_treasure >= room:
        return Reason(f"You may store Treasure up to the number of Schemes you have bought ({room}), and "
                      f"{s.stored_treasure} are stored.", "VAR-29")
    if what == "gem" and g.state.supply["treasure"] <= 0 and _map_treasure(g) is None:
        return Reason("A Gem is stored as a Treasure token, and no Treasure token is left in the Cave's supply or "
                      "on the map.", "AMB-26")
    return None


def scheme_card(g: Game, kind: str, card: str, bought: str | None) -> Reason:
    """A Scheme card the Goblins click that is not on offer: being bought
    (:func:`check_buy`), paying (:func:`check_pay_card`), not held, or played (never)."""
    if kind == "scheme_buy":
        return check_buy(g, card) or check_play_scheme(g, card)
    if kind == "scheme_pay" and bought is not None:
        return check_pay_card(g, bought, card) or check_play_scheme(g, card)
    s = gs(g)
    if card in s.schemes:
        return Reason(f"{_name(g, card)} is bought: it works by itself until the game ends.", "VAR-26")
    if card not in s.hand:
        return Reason(f"You do not hold {_name(g, card)}.", "VAR-25")
    return check_play_scheme(g, card)


def check_pay_card(g: Game, bought: str, card: str) -> Reason | None:
    """VAR-31: the Schemes discarded to pay are other Schemes in hand."""
    s = gs(g)
    if card == bought:
        return Reason(f"{_name(g, card)} is the Scheme being bought: discard another to pay.", "VAR-31")
    if card not in s.hand or not is_scheme(g, card):
        return Reason(f"Only other Schemes in your hand pay for a Scheme, not {_name(g, card)}.", "VAR-31")
    return None


# ------------------------------------------------------------------ buying
def _map_treasure(g: Game) -> tuple[int, int] | None:
    board = g.state.board
    return next((p for p in sorted(board.tiles) if board.tokens_at(p)["treasure"] > 0), None)


def plundered(g: Game, what: str) -> Proc:
    """VAR-28/29, AMB-26: after a Tribe plunders a Treasure token (``what="treasure"``,
    already back in the Cave's supply) or a Gem (``"gem"``, back with the Dragon), the
    Goblins buy a Scheme with it, store it, or let it go.  Asked even when it can only go
    back, so the others cannot tell from the question whether a Scheme waits in the hand."""
    if not schemes_on(g):
        return
    s = gs(g)
    opts = [Option(f"buy:{c}", f"Buy {_name(g, c)} ({cost(g)} Treasure)", (Target("card", c),))
            for c in dict.fromkeys(s.hand) if is_scheme(g, c) and check_buy(g, c) is None]
    if check_store(g, what) is None:
        opts.append(Option("store:", f"Store the Treasure ({s.stored_treasure + 1} of {len(s.schemes)})",
                           (button("store_treasure"),)))
    opts.append(Option("return:", "Let the Treasure go back to the Cave's supply", (button("done"),)))
    choice = yield g.ask("goblins", DecisionKind.SCHEME_BUY, "Plundered Treasure: buy a Scheme, store it, or let it go",
                         opts, rules_ref="goblins.schemes")
    verb, card = parse(choice.id)
    if verb == "buy":
        yield from buy(g, card)
    elif verb == "store":
        _store(g, what)
    else:
        g.log("treasure_returned", "The plundered Treasure goes back to the Cave's supply." if what == "treasure"
              else "The plundered Gem stays with the Dragon.")


def _store(g: Game, what: str) -> None:
    s = gs(g)
    if g.state.supply["treasure"] > 0:
        g.state.supply["treasure"] -= 1
    else:
        p = _map_treasure(g)
        assert p is not None
        g.state.board.tokens_at(p)["treasure"] -= 1
    s.stored_treasure += 1
    g.log("treasure_stored", ("The Gem returns to the Dragon; a Treasure token" if what == "gem" else "The Treasure")
          + f" is stored beside the Goblin board ({s.stored_treasure} stored).")


def buy(g: Game, card: str) -> Proc:
    """VAR-26/27/31: pay with the plundered Treasure, then the stored Treasure (all of it
    before any card), then other Schemes in hand; the Scheme goes face up for good."""
    s = gs(g)
    price = cost(g)
    spent_stored = min(s.stored_treasure, price - 1)
    s.stored_treasure -= spent_stored
    g.state.supply["treasure"] += spent_stored
    owed = price - 1 - spent_stored
    while owed > 0:                  # the Scheme stays in hand while it is paid for: one card, one place
        cands = [c for c in dict.fromkeys(s.hand) if check_pay_card(g, card, c) is None]
        if len(cands) <= owed:
            paid = cands
        else:
            opts = [Option(f"pay:{c}", f"Discard {_name(g, c)} to pay", (Target("card", c),)) for c in cands]
            choice = yield g.ask("goblins", DecisionKind.SCHEME_PAY,
                                 f"Pay for {_name(g, card)}: discard {owed} more Scheme(s)", opts,
                                 rules_ref="goblins.schemes", about={"scheme": card})
            paid = [arg_of(choice.id)]
        for c in paid:
            s.hand.remove(c)
            s.secrets_discard.append(c)
            g.log("secret_discarded", f"The Goblins discard the Scheme {_name(g, c)} to pay.", card=c)
        owed -= len(paid)
    s.hand.remove(card)
    s.schemes.append(card)
    g.log("scheme_bought", f"The Goblins buy the Scheme {_name(g, card)} ({price} Treasure): "
          f"{g.card(card).text}", card=card)


# ------------------------------------------------------------------ effects
def rage_cap(g: Game) -> int:
    """War Banner: the Goblins' Rage goes up to 4."""
    base = g.rules.goblins.rage_max
    return max(base, WAR_BANNER_RAGE) if owns(g, "war_banner") else base


def lit_tiles_per_loss(g: Game) -> int:
    """Cave Oil: a Tribe loses 1 Population per 3 Lit tiles it leaves, not 2 (TR-34: never
    Terrain or Flame Wall losses, which are paid elsewhere)."""
    base = g.rules.goblins.lit_tiles_per_population_loss
    return CAVE_OIL_LIT_TILES if owns(g, "cave_oil") else base


def check_underboss(g: Game, t: str) -> Reason | None:
    """Underboss: at overpopulation a disc leaves a revealed Tribe instead of a scatter."""
    if not owns(g, "underboss"):
        return Reason("Only the bought Scheme Underboss removes a disc instead of scattering.", "goblins.schemes")
    if f"tribe:{t}" not in g.state.board.pieces:
        return Reason(f"Underboss takes the disc from a revealed Tribe, and {NAMES[t]} is not on the map.",
                      "goblins.schemes")
    if gs(g).population[t] <= 0:
        return Reason(f"{NAMES[t].capitalize()} has no disc to remove.", "goblins.schemes")
    return None


def underboss_options(g: Game) -> list[Option]:
    return [Option(f"underboss:{t}", f"Underboss: remove a disc from {NAMES[t]} instead of scattering",
                   (button(f"underboss_{t}"),)) for t in TRIBES if check_underboss(g, t) is None]


def press_gangs(g: Game) -> Proc:
    """Press Gangs: after choosing War, move 1 disc from one Tribe to another (or not)."""
    if not owns(g, "press_gangs"):
        return
    s = gs(g)
    cap = g.rules.goblins.max_population
    opts = [Option(f"press:{a}:{b}", f"Press Gangs: move a disc from {NAMES[a]} to {NAMES[b]}",
                   (button(f"press_{a}_{b}"),))
            for a in TRIBES for b in TRIBES if a != b and s.population[a] > 0 and s.population[b] < cap]
    if not opts:
        return
    opts.append(Option("skip:", "Press Gangs: move no disc", (button("done"),)))
    choice = yield g.ask("goblins", DecisionKind.PRESS_GANGS, "Press Gangs: move 1 disc between Tribes?", opts,
                         rules_ref="goblins.schemes")
    if choice.id == "skip:":
        return
    a, b = arg_parts(choice.id, ":")
    s.population[a] -= 1
    s.population[b] += 1
    g.log("press_gangs", f"Press Gangs: a disc moves from {NAMES[a]} to {NAMES[b]}.", population=dict(s.population))
    if s.population[a] == 0:
        armory_lost(g, a, "fell to 0 Population")


def _disc_options(g: Game, verb: str, what: str) -> list[Option]:
    s = gs(g)
    return [Option(f"{verb}:{t}", f"{what}: remove a disc from {NAMES[t]}", (button(f"{verb}_{t}"),))
            for t in TRIBES if s.population[t] > 1]


def ancient_rituals(g: Game) -> Proc:
    """Ancient Rituals: after drawing Secrets, remove a disc (never a Tribe's last one) to
    draw one more; returns whether the caller draws it."""
    if not owns(g, "ancient_rituals"):
        return False
    opts = _disc_options(g, "ritual", "Ancient Rituals")
    if not opts or not gs(g).secrets_deck and not gs(g).secrets_discard:
        return False
    opts.append(Option("skip:", "Draw no more", (button("done"),)))
    choice = yield g.ask("goblins", DecisionKind.ANCIENT_RITUALS, "Ancient Rituals: remove a disc to draw another "
                         "Secrets card?", opts, rules_ref="goblins.schemes")
    if choice.id == "skip:":
        return False
    t = arg_of(choice.id)
    gs(g).population[t] -= 1
    g.log("ancient_rituals", f"Ancient Rituals: {NAMES[t]} gives up a disc for another Secrets card.")
    return True


def mercenaries(g: Game) -> Proc:
    """Mercenaries: after drawing Monsters, pay 1 Rage to draw one more (or not)."""
    if not owns(g, "mercenaries") or gs(g).rage < 1 or not g.state.monster_deck:
        return False
    opts = [Option("hire:", "Mercenaries: pay 1 Rage to draw another Monster", (button("mercenaries"),)),
            Option("skip:", "Draw no more", (button("done"),))]
    choice = yield g.ask("goblins", DecisionKind.MERCENARIES, "Mercenaries: pay 1 Rage to draw another Monster?",
                         opts, rules_ref="goblins.schemes")
    return choice.id == "hire:"


def eye_of_rage(g: Game, who: str, what: str) -> None:
    """Eye of Rage: +1 Rage whenever another player gains a Treasure card or token (the
    Knight keeps a card, the Dragon picks up a token, the Thief stashes one)."""
    if who != "goblins" and owns(g, "eye_of_rage"):
        g.hooks.goblins.gain_rage(g, 1, f"Eye of Rage: the {who.title()} gained {what}")


def armory_discs(g: Game, t: str) -> int:
    """Armory: the Tribe holding the Armory's Strength disc has +1 Strength."""
    return 1 if owns(g, "armory") and gs(g).armory_tribe == t else 0


def armory_plunder(g: Game, t: str, discs_used: int) -> None:
    """Armory: a Tribe that plunders takes the Armory's disc when it is free; GB-15: the 4
    Strength discs are a hard limit, so it waits until one is free (``discs_used``)."""
    s = gs(g)
    if not owns(g, "armory") or s.armory_tribe is not None:
        return
    if discs_used >= g.rules.goblins.strength_discs:
        g.log("armory_waits", "Armory: every Strength disc is in use; the Armory waits until one is free.")
        return
    s.armory_tribe = t
    g.log("armory", f"Armory: {NAMES[t]} takes a Strength disc (+1 Strength).", tribe=t)


def armory_lost(g: Game, t: str, why: str) -> None:
    """Armory: the disc is lost when its Tribe attacks or falls to 0 Population."""
    s = gs(g)
    if s.armory_tribe == t:
        s.armory_tribe = None
        g.log("armory", f"Armory: {NAMES[t]} loses its Strength disc ({why}).", tribe=t)
