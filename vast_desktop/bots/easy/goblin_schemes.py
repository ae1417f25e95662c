"""What each Scheme is worth to the Easy Goblins now (the ``schemes`` variant, VAR-25..31).

A Scheme in hand does nothing until it is bought with a plundered Treasure (VAR-28), so its
worth is what its effect (EXPANSION_DATA Appendix A) would bring from now on, read off the
Goblins' board and the roles in play; the worth of buying it is that less what the price asks
beyond the plundered Treasure (VAR-27, VAR-31: stored Treasure first, then other Schemes from
the hand, the least worth first).  ``treasure_pull`` is how much a Treasure token is worth
walking to: the best Scheme in hand it would buy.  Reads only the Goblins' own view.
"""
from __future__ import annotations

from ...engine.board_views import GoblinsBoard
from ...engine.view import PlayerView

SCHEMES = ("armory", "war_banner", "underboss", "press_gangs", "ancient_rituals", "mercenaries", "eye_of_rage",
           "cave_oil")
TREASURE_GAINERS = ("knight", "dragon", "thief")     # Eye of Rage: they gain Treasure cards or tokens
BIG_TRIBE = 3                                        # a Tribe this big risks overpopulation (GB-32)
RAGE_TOP = 3                                         # the Rage track's top without War Banner (GB-21)


def base(card: str) -> str:
    return card.split("#")[0]


def schemes_in_hand(me: GoblinsBoard) -> list[str]:
    """The Schemes among the Secrets in hand (base ids, in hand order)."""
    return [base(c) for c in me.hand or () if base(c) in SCHEMES]


def scheme_worth(view: PlayerView, me: GoblinsBoard, card: str) -> float:
    """What the Scheme ``card`` would bring from now on (roughly in Secrets-card units):

    * War Banner — a fourth Rage: every attack and every Rage spent to stop a scatter (GB-27)
      costs one less turn of Rage; most when the track is at its top now;
    * Armory — +1 Strength for a Tribe that plunders (this one), which matters when the plan is
      to beat a Strength or an Armor (the Knight, the Dragon);
    * Underboss — a disc instead of a scatter: worth as many big Tribes as there are;
    * Cave Oil — fewer Goblins lost on Lit tiles: worth more with Tribes on the map;
    * Mercenaries — another Monster for 1 Rage, when the Bones have room for it;
    * Eye of Rage — +1 Rage each time a rival gains Treasure: worth the rivals who do;
    * Ancient Rituals — another Secrets card for a disc of a big Tribe;
    * Press Gangs — a disc moved between Tribes: a little evening out."""
    b = base(card)
    pop = dict(me.population)
    big = sum(1 for n in pop.values() if n >= BIG_TRIBE)
    fighting = bool({"knight", "dragon"} & set(view.roles))
    if b == "war_banner":
        return 4.0 + (1.0 if me.rage >= RAGE_TOP else 0.0)
    if b == "armory":
        return 4.5 if fighting else 3.0
    if b == "underboss":
        return 2.0 + 1.0 * big
    if b == "cave_oil":
        on_map = sum(1 for k in view.pieces if k.startswith("tribe:"))
        return 2.5 + 0.5 * on_map
    if b == "mercenaries":
        room = pop.get("bones", 0) - sum(len(m) for m in me.monsters.values())
        return 2.5 + (1.0 if room > 0 else 0.0)
    if b == "eye_of_rage":
        return 1.5 + 1.0 * sum(1 for r in TREASURE_GAINERS if r in view.roles)
    if b == "ancient_rituals":
        return 2.5 + (0.5 if big else 0.0)
    if b == "press_gangs":
        return 2.0
    return 1.0


def price(me: GoblinsBoard) -> int:
    """VAR-27: the next Scheme costs 1 Treasure more than the Schemes already bought."""
    return 1 + len(me.schemes)


def buy_worth(view: PlayerView, me: GoblinsBoard, card: str) -> float | None:
    """Buying ``card`` with a plundered Treasure: its worth less the Schemes discarded to pay
    what the plundered and the stored Treasure do not cover (the least worth first); None when
    the hand cannot pay (VAR-27, VAR-31)."""
    owed = max(0, price(me) - 1 - me.stored_treasure)
    others = list(schemes_in_hand(me))
    if base(card) in others:
        others.remove(base(card))
    if owed > len(others):
        return None
    paid = sorted(scheme_worth(view, me, c) for c in others)[:owed]
    return scheme_worth(view, me, card) - sum(paid)


def treasure_pull(view: PlayerView, me: GoblinsBoard) -> float:
    """How much a Treasure token is worth walking to now: the best Scheme in hand it buys
    (0 with none; a Treasure that can only be stored is worth a little)."""
    best = max((w for c in dict.fromkeys(schemes_in_hand(me)) if (w := buy_worth(view, me, c)) is not None),
               default=0.0)
    if best <= 0 and me.schemes and me.stored_treasure < len(me.schemes) and schemes_in_hand(me):
        return 1.0                                   # stored toward the next, dearer Scheme (VAR-29)
    return max(0.0, best)
