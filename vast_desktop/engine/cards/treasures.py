"""Treasure tokens and Treasure cards for the Knight (KN-63..69, KN-84..98).

The Cave draws 2 and gives 1 (the other to the bottom); with no Cave she draws
the top card.  She keeps it facedown or declines it for 5 Grit; an empty deck
gives 5 Grit.  The Uncertain Treasures variant (VAR-10..12) changes the draw for
a collected Treasure token."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Option, Target, button
from ..kinds import DecisionKind
from ..option_ids import arg_of, has_verb
from ..reasons import Reason
from ..roles.knight import board as kb
from .promo_treasures import check_amulet, check_trove, on_keep, promo_options, use_promo

if TYPE_CHECKING:
    from ..game import Game, Proc


def receive_treasure(g: Game, token: bool = False) -> Proc:
    """A Treasure card for the Knight; ``token`` when she collected a Treasure token
    (Uncertain Treasures changes only that case, VAR-11/12)."""
    st = g.state
    grit = g.rules.knight.grit["decline_treasure"]
    if not st.treasure_deck:
        kb.gain_grit(g, grit, "Treasure (the deck is empty)")
        return
    if token and g.config.extra.get("uncertain_treasures"):
        yield from _uncertain_treasures(g)
        return
    if g.has("cave"):
        drawn = st.treasure_deck[:2]
        del st.treasure_deck[:2]
        g.barrier()
        if len(drawn) == 1:
            card = drawn[0]
        else:
            opts = [Option(f"give:{c}", f"Give {g.card(c).name}", (Target("card", c),)) for c in drawn]
            choice = yield g.ask("cave", DecisionKind.CHOOSE_TREASURE, "Choose the Treasure card to give the Knight", opts,
                                 rules_ref="cave.treasures")
            card = arg_of(choice.id)
            drawn.remove(card)
            st.treasure_deck.extend(drawn)
    else:
        card = st.treasure_deck.pop(0)
        g.barrier()
    yield from _keep_or_decline(g, card, hidden=False)


def _keep_or_decline(g: Game, card: str, hidden: bool) -> Proc:
    """KN-63..69: keep the card facedown or decline it for 5 Grit (removed from the game).
    ``hidden``: the Cave saw the cards she gave and must not learn which one was declined
    (VAR-11), so the public log does not name it."""
    k = kb.knight(g)
    grit = g.rules.knight.grit["decline_treasure"]
    c = g.card(card)
    # The prompt is seen by everyone waiting (view.waiting_for): it must not name the card.
    choice = yield g.ask("knight", DecisionKind.KEEP_TREASURE, f"Keep the Treasure card you found, or decline it for {grit} Grit",
                         [Option(f"keep:{card}", f"Keep {c.name}", (Target("card", card), button("keep"))),
                          Option(f"decline:{card}", f"Decline it (+{grit} Grit)")], rules_ref="knight.treasures")
    if has_verb(choice.id, "keep"):
        k.treasures.append(card)
        k.treasure_cubes[card] = 0
        g.log("treasure_kept", "The Knight keeps a Treasure card facedown.", {"knight": f"It is {c.name}."})
        on_keep(g, card)
        g.hooks.goblins.eye_of_rage(g, "knight", "a Treasure card")
    else:
        g.state.removed_from_game.append(card)
        if hidden:
            g.log("treasure_declined", "The Knight declines a Treasure card: it leaves the game unseen.",
                  {"knight": f"You decline {c.name}."})
        else:
            g.log("treasure_declined", f"The Knight declines {c.name}.", card=card)
        kb.gain_grit(g, grit, "declined a Treasure")


def check_keep(g: Game, found: str, card: str) -> Reason | None:
    """KN-66: she keeps or declines the Treasure card she has just found (``found``), no other."""
    if card == found:
        return None
    k = kb.knight(g)
    name = g.card(card).name
    if card in k.treasures:
        what = f"{name} is already one of your Treasure cards"
    elif card in k.sidequests:
        what = f"{name} is one of your Sidequests"
    elif card in g.state.removed_from_game:
        what = f"{name} has left the game"
    else:
        what = f"{name} is not yours"
    return Reason(f"You keep or decline the Treasure card you have just found, {g.card(found).name}: {what}.", "KN-66")


def _uncertain_treasures(g: Game) -> Proc:
    """VAR-11/12 (Uncertain Treasures) for a collected Treasure token.  With a Cave: she
    draws 3, puts 1 on the bottom of the deck and gives 2; the Knight puts 1 of them on
    the bottom and keeps or declines the other, and the Cave never learns which went
    where.  Without a Cave: the Knight draws 2, puts 1 on the bottom, keeps or declines
    the other.  A short deck (the rules are silent): the Cave sends one back only when
    2 would still reach the Knight, and the Knight only when she holds 2."""
    st = g.state
    cave = g.has("cave")
    drawn = st.treasure_deck[:3 if cave else 2]
    del st.treasure_deck[:len(drawn)]
    g.barrier()
    if cave:
        g.log("treasure_drawn", f"The Cave draws {len(drawn)} Treasure card{'s' if len(drawn) > 1 else ''}.",
              count=len(drawn))
        if len(drawn) == 3:
            opts = [Option(f"bottom:{c}", f"Put {g.card(c).name} on the bottom of the deck (give the other 2)",
                           (Target("card", c),)) for c in drawn]
            choice = yield g.ask("cave", DecisionKind.BOTTOM_TREASURE, "Uncertain Treasures: choose the Treasure card to put on "
                                 "the bottom of the deck; the Knight gets the other 2", opts,
                                 rules_ref="variants.uncertain_treasures")
            card = arg_of(choice.id)
            drawn.remove(card)
            st.treasure_deck.append(card)
            g.log("treasure_bottom", "The Cave puts a Treasure card on the bottom of the deck.",
                  {"cave": f"You keep back {g.card(card).name} from the Knight."})
        g.log("treasure_given", f"The Cave gives the Knight {len(drawn)} Treasure card{'s' if len(drawn) > 1 else ''}.",
              count=len(drawn))
    if len(drawn) == 2:
        opts = [Option(f"bottom:{c}", f"Put {g.card(c).name} on the bottom of the deck (keep or decline the other)",
                       (Target("card", c),)) for c in drawn]
        choice = yield g.ask("knight", DecisionKind.RETURN_TREASURE, "Uncertain Treasures: choose the Treasure card to put on "
                             "the bottom of the deck", opts, rules_ref="variants.uncertain_treasures")
        card = arg_of(choice.id)
        drawn.remove(card)
        st.treasure_deck.append(card)
        g.log("treasure_bottom", "The Knight puts a Treasure card on the bottom of the deck.",
              {"knight": f"You send back {g.card(card).name}."})
    yield from _keep_or_decline(g, drawn[0], hidden=cave)


def check_potion(g: Game, card: str) -> Reason | None:
    """KN-95 (drink it by discarding it and the Hero cube on it, for 2 Health), KN-17/18
    (never one of her 2 starting cubes)."""
    k = kb.knight(g)
    if not k.treasure_cubes.get(card, 0):
        return _POTION_NO_CUBE
    if kb.active_cubes(k) <= g.rules.knight.start_cubes:
        return Reason(f"You have only your {g.rules.knight.start_cubes} starting Hero cubes: none may be discarded, so "
                      "the Potion Kit cannot be drunk.", "KN-17")
    if k.health >= k.max_health:
        return Reason(f"Your Health is full ({k.health}/{k.max_health}): the Potion Kit restores Health.", "KN-95")
    return None


_POTION_NO_CUBE = Reason("The Potion Kit is drunk by discarding the Hero cube on it: put a cube on it first.", "KN-95")


def check_javelin(g: Game, card: str) -> Reason | None:
    """KN-88: the Javelin is readied for her next attack, one at a time."""
    k = kb.knight(g)
    if k.javelin_ready is None:
        return None
    name = g.card(card).name
    if k.javelin_ready == card:
        return Reason(f"The {name} is readied: your next attack (a Tribe, the Thief, the Dragon even underground, a "
                      "Crystal) gets +1 Strength, then it leaves the game.", "KN-88")
    return Reason(f"Another {name} is readied already: your next attack throws it first.", "KN-88")


def check_treasure_card(g: Game, card: str) -> Reason | None:
    """THE check of a click on one of her Treasure cards in her turn: a facedown card is
    turned face up (KN-96), the Potion Kit drunk (:func:`check_potion`), the Javelin readied
    (:func:`check_javelin`); any other face-up card works through the Hero cube on it."""
    k = kb.knight(g)
    c = g.card(card)
    if card not in k.treasures:
        return Reason(f"{c.name} is not one of your Treasure cards.", "KN-96")
    if card not in k.face_up:
        return None
    base = kb.base_id(card)
    if base == "potion_kit":
        return check_potion(g, card)
    if base in kb.JAVELINS:
        return check_javelin(g, card)
    if base == "treasure_trove":
        return check_trove(g, card)
    if base == "cursed_amulet":
        return check_amulet(g)
    cubed = "it has its Hero cube" if k.treasure_cubes.get(card, 0) else "it works while a Hero cube is on it"
    return Reason(f"{c.name} is face up already; {cubed}: {c.text}", "KN-96")


def treasure_options(g: Game) -> list[Option]:
    """Things she can do with kept cards on her turn: show one face up, drink the Potion Kit,
    ready the Javelin for her next attack (KN-88)."""
    k = kb.knight(g)
    out = []
    for card in k.treasures:
        name = g.card(card).name
        if card not in k.face_up:
            out.append(Option(f"treasure:reveal:{card}", f"Turn {name} face up", (Target("card", card),)))
        base = kb.base_id(card)
        if base == "potion_kit" and check_potion(g, card) is None:
            out.append(Option(f"treasure:potion:{card}", "Drink the Potion Kit: discard it and its cube, +2 Health",
                              (Target("card", card),)))
        if base in kb.JAVELINS and check_javelin(g, card) is None:
            out.append(Option(f"treasure:javelin:{card}", "Ready the Javelin: your next attack gets +1 Strength and "
                              "may strike the underground Dragon; then it leaves the game", (Target("card", card),)))
    return out + promo_options(g)


def lose_treasure(g: Game, card: str, why: str, to_deck: bool = False) -> None:
    """The one way a kept Treasure card leaves the Knight (the Gnome, the Thief's
    Pickpocket, the thrown Javelin, the drunk Potion Kit): the card leaves her board, and
    a Hero cube still on it is set aside until her next Pick Up (KN-19, FAQ: "If a Hero
    cube is assigned to a Treasure that is later lost or discarded ... it is set aside").

    ``to_deck``: the card goes to the bottom of the Treasure deck (the Pickpocket, TH-22),
    not out of the game; the caller then logs it, because only the Knight and the Thief
    may learn a facedown card's name."""
    k = kb.knight(g)
    k.treasures.remove(card)
    if card in k.face_up:
        k.face_up.remove(card)
    cubes = k.treasure_cubes.pop(card, 0)
    k.set_aside += cubes
    if k.javelin_ready == card:
        k.javelin_ready = None
    if to_deck:
        g.state.treasure_deck.append(card)
    else:
        g.state.removed_from_game.append(card)
        g.log("treasure_lost", f"The Knight loses {g.card(card).name} ({why}).", card=card)
    if cubes:
        g.log("cube_set_aside", f"The Hero cube on the lost Treasure is set aside until her next Pick Up ({why}).",
              count=cubes)


def ready_javelin(g: Game, card: str) -> None:
    """KN-88: "When used, your next attack may target the Dragon while he is underground,
    and you gain +1 Strength on your next attack."  Using it shows the card and readies it;
    ``kb.attack_strength`` adds the +1 to whichever attack comes next (a Tribe, the Thief,
    the Dragon, a Crystal) and ``kb.spend_javelin`` removes it once that attack resolves.
    It needs no Hero cube; the attack itself costs its Encounter as usual."""
    k = kb.knight(g)
    k.javelin_ready = card
    if card not in k.face_up:
        k.face_up.append(card)
    g.log("javelin_ready", "The Knight readies the Javelin: +1 Strength on her next attack.", card=card)


def use_treasure(g: Game, arg: str) -> Proc:
    k = kb.knight(g)
    what, _, card = arg.partition(":")
    if what == "reveal":
        k.face_up.append(card)
        g.log("treasure_shown", f"The Knight shows {g.card(card).name}.", card=card)
    elif what == "potion":
        k.treasure_cubes[card] -= 1
        k.discarded += 1
        lose_treasure(g, card, "used the Potion Kit")
        kb.heal(g, 2, "Potion Kit")
    elif what == "javelin":
        ready_javelin(g, card)
    else:
        yield from use_promo(g, what, card)
