"""The Dragon's 14 powers (DR-17..47): paying with Power cards and Gem symbols, and
each power's effect.

A power is offered only when it can be paid (DR-17/19/20) and has something to do.
The Dragon pays first, then picks the target (like the Cave's omens).  Walls never
block a power unless it says so (DR-22).  Each time Claw, Scratch, Hiss, Wrath or the
Flame Wall hits a Tribe the Goblins may discard Trap (GB-56); Bright Beetles spares 1 Goblin (GB-45).

The Thief: Claw on his tile and Scratch on the Dragon's tile kill him whatever his Stealth
(DR-23/24/34, TH-31); both are attacks, so Unnatural Evasion may foil them (GEN-07,
TH-37), and a kill draws the Dragon Power cards equal to his Loot Drop Level (DR-46).
The Flame Wall kills him only as he enters it (DR-35, thief.entered), with no bonus
(AMB-37; the house rule ``flame_wall_kill_gives_loot_bonus`` gives the Dragon his bonus
then, thief.entered); Wrath moves him off a falling tile like any piece (DR-37, FM-09),
so it kills him only by pushing him onto the Flame Wall.

House rules read here: ``trapped_tribe_tile_falls`` (GB-56), ``wrath_spares_dragon_tile`` (AMB-33),
``wrath_moves_every_piece``
(AMB-34), ``swat_exactly_five`` (AMB-35), ``pride_event_wrath_counts`` (AMB-58).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...cards.promo_secrets import eat_meat, meat_reveal_allowed
from ...decisions import Option, Target, button, space
from ...decisions import slot as slot_target
from ...dice import roll_dragon_die
from ...geometry import Pos, adjacent, fmt_pos, manhattan, parse_pos, surrounding
from ...kinds import DecisionKind
from ...map.board import is_dark, piece_name, tile_type, visible
from ...map.forced import can_be_pushed, check_pushed_to, entered, moved_name, reachable
from ...map.reveal import reveal_group
from ...map.terrain import in_forest, on_pit
from ...option_ids import arg_list, arg_of, arg_parts, at, pos_arg
from ...reasons import Reason
from ..knight.board import forced_reach
from . import turn as dr
from .state import SYMBOLS, dragon, flame_wall_at, gem_token, gems_on_map, is_scale, scale_pays, symbol_of

if TYPE_CHECKING:
    from ....rules_data.schema import Power
    from ...game import Game, Proc
    from ...hooks import GoblinsHooks

BOXES = ("greed", "hunger", "event", "dont_move", "place_gem")


def goblins_api(g: Game) -> GoblinsHooks | None:
    """The Goblins' calls (the game's hooks) when they play, else None."""
    return g.hooks.goblins if g.has("goblins") else None


def tribes_at(g: Game, p: Pos) -> list[str]:
    gob = goblins_api(g)
    if gob is None:
        return []
    return [t for t in gob.revealed_tribes(g) if gob.tribe_pos(g, t) == p]


def knight_here(g: Game, p: Pos) -> bool:
    k = g.state.knight
    return k is not None and not k.dead and g.state.board.pieces.get("knight") == p


def thief_here(g: Game, p: Pos) -> bool:
    return g.state.thief is not None and g.state.board.pieces.get("thief") == p


def knight_movable(g: Game) -> bool:
    """KN-82: her Shield keeps other players from moving her."""
    from ..knight.board import shield_active
    return not shield_active(g)


# ---------------------------------------------------------------- paying
def _sources(g: Game) -> tuple[Counter[str], list[tuple[str, tuple[str, ...]]]]:
    """What he can pay with now: the Power cards' symbols in hand, and the other sources
    with the symbols each may stand for — the unspent Gems on the map (DR-19/21) and the
    Scales in hand (VAR-35/36; the Platinum Scale pays nothing)."""
    d = dragon(g)
    hand = Counter(symbol_of(g, c) for c in d.hand if not is_scale(c))
    on_map = gems_on_map(g)
    others: list[tuple[str, tuple[str, ...]]] = [(f"gem_{s}", (s,)) for s in SYMBOLS
                                                 if s in on_map and s not in d.gems_spent]
    others += [(c, scale_pays(g, c)) for c in sorted(set(d.hand)) if is_scale(c)]
    return hand, [(src, syms) for src, syms in others if syms]


def payments(g: Game, cost: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct way to pay ``cost`` (DR-17/19/20): each Power card pays its symbol,
    each unspent Gem on the map its own, each Scale one symbol it may stand for (VAR-35/36).
    A payment is the sorted sources it spends (``card_claw``, ``gem_flame``, ``scale_golden``)."""
    hand, others = _sources(g)
    free = {src: syms for src, syms in others}
    found: set[tuple[str, ...]] = set()

    def rec(i: int, acc: list[str]) -> None:
        if i == len(cost):
            found.add(tuple(sorted(acc)))
            return
        for s in (SYMBOLS if cost[i] == "any" else (cost[i],)):
            if hand[s] > 0:
                hand[s] -= 1
                rec(i + 1, acc + [f"card_{s}"])
                hand[s] += 1
            for src in [x for x, syms in free.items() if s in syms]:
                syms = free.pop(src)
                rec(i + 1, acc + [src])
                free[src] = syms

    rec(0, [])
    return sorted(found)


def means_of_payment(g: Game) -> Counter[str]:
    """Symbols the Dragon can pay now: his Power cards and the unspent Gems on the map
    (a Scale counts under ``"scale"``: it may stand for more than one symbol)."""
    hand, others = _sources(g)
    for src, syms in others:
        hand[syms[0] if len(syms) == 1 and not is_scale(src) else "scale"] += 1
    return hand


def can_pay(g: Game, cost: tuple[str, ...], have: Counter[str] | None = None) -> bool:
    """Whether some payment exists: each card or unspent Gem pays one symbol, so it is
    enough that every named symbol is covered and the total covers the "any" ones.  With
    a Scale in hand (it stands for a choice of symbols) the payments are counted out."""
    if have is None:
        have = means_of_payment(g)
    get = have.get                          # not ``have[s]``: Counter's __missing__ is a Python call
    if get("scale", 0):
        return bool(payments(g, cost))
    return all(get(s, 0) >= n for s, n in _named(cost)) and sum(have.values()) >= len(cost)


@lru_cache(maxsize=64)
def _named(cost: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The named symbols of a cost, counted ("any" left out); cached: a pure function of
    the few costs printed on the Power cards, asked for every power at every step."""
    return tuple(Counter(c for c in cost if c != "any").items())


def _source_name(g: Game, src: str) -> str:
    if src.startswith("gem_"):
        return "the " + src[4:].title() + " Gem"
    if is_scale(src):
        return "the " + g.card(src).name
    return src[5:].title() + " card"


def _pay_label(g: Game, pay: tuple[str, ...]) -> str:
    return ", ".join(_source_name(g, p) for p in pay)


def spent_by(g: Game, payment: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The cards (ids, from his sorted hand: Power cards and Scales) and Gem symbols a payment spends."""
    left = sorted(dragon(g).hand)
    cards: list[str] = []
    gems: list[str] = []
    for src in payment:
        kind, _, sym = src.partition("_")
        if kind == "gem":
            gems.append(sym)
        elif kind == "scale":
            left.remove(src)
            cards.append(src)
        else:
            card = next(c for c in left if not is_scale(c) and symbol_of(g, c) == sym)
            left.remove(card)
            cards.append(card)
    return cards, gems


def payment_targets(g: Game, payment: tuple[str, ...]) -> tuple[Target, ...]:
    """Each Power card or Scale spent (its card region) and each Gem spent (its box on his board)."""
    cards, gems = spent_by(g, payment)
    return tuple([Target("card", c) for c in cards] + [Target("slot", f"dragon.gem.{s}") for s in gems])


def pay(g: Game, power_id: str) -> Proc:
    d = dragon(g)
    power = g.rules.dragon.power(power_id)
    pays = payments(g, tuple(power.cost))
    if len(pays) == 1:
        chosen = pays[0]
    else:
        opts = [Option("pay:" + ",".join(p), "Pay with " + _pay_label(g, p), payment_targets(g, p)) for p in pays]
        choice = yield g.ask("dragon", DecisionKind.PAY_POWER, f"Pay for {power.name}: choose the symbols", opts,
                             rules_ref="dragon.powers", about={"power": power_id})
        chosen = arg_list(choice.id)
    cards, gems = spent_by(g, chosen)
    d.gems_spent.extend(gems)
    for card in cards:
        d.hand.remove(card)
        d.discard.append(card)
    g.log("power", f"The Dragon uses {power.name}, spending {_pay_label(g, chosen)}.", power=power_id)


def payable_powers(g: Game) -> list[str]:
    """The powers he could pay for now, whether or not they have anything to do (his board's view)."""
    have = means_of_payment(g)
    return [p.id for p in g.rules.dragon.powers if can_pay(g, tuple(p.cost), have)]


# ---------------------------------------------------- what pays a power (rule checks)
# ``pay_power`` asks which of his sources pay for the power chosen (``about``: its id): the
# options are :func:`payments`; a card or Gem clicked is one of theirs exactly when
# :func:`check_pay_card` / :func:`check_pay_gem` allow it, else they name the rule.
def _paying_sources(g: Game, cost: tuple[str, ...]) -> set[str]:
    """The cards and Gems (``gem_<symbol>``) the payment options spend: the targets of ``pay_power``."""
    out: set[str] = set()
    for payment in payments(g, cost):
        cards, gems = spent_by(g, payment)
        out.update(cards)
        out.update(f"gem_{s}" for s in gems)
    return out


def _cannot_pay(power: Power, what: str) -> Reason:
    return Reason(f"{power.name} costs {_cost_words(tuple(power.cost))}: {what} cannot pay it.", "DR-17")


def check_scale_pays(g: Game, card: str, power: Power) -> Reason | None:
    """VAR-35 (the Golden Scale stands for any symbol), VAR-36 (the Silver Scale for a Gem in
    his supply), VAR-37 (the Platinum Scale pays for nothing)."""
    scale = g.card(card).name
    pays = scale_pays(g, card)
    rule = g.rules.scale_card(card)
    if not pays:
        if rule.pays == "gem_in_supply":
            return Reason(f"The {scale} pays a symbol of a Gem in your supply, and all 3 Gems are on the map.", "VAR-36")
        return Reason(f"The {scale} pays for nothing: it is played on its own.", "VAR-37")
    cost = tuple(power.cost)
    if "any" not in cost and not set(pays) & set(cost):
        return Reason(f"{power.name} costs {_cost_words(cost)}; the {scale} stands only for "
                      f"{', '.join(p.title() for p in pays)} now.", "VAR-36" if rule.keep_by_reveal else "VAR-35")
    return None


def check_pay_card(g: Game, power_id: str, card: str) -> Reason | None:
    """A card clicked while paying for ``power_id`` (a rule check): only cards in his hand
    pay (DR-17), a Power card its own symbol (DR-17), a Scale what it stands for
    (:func:`check_scale_pays`); his Power cards of one symbol are alike, so one of them
    stands for all (the one the payment options name)."""
    power = g.rules.dragon.power(power_id)
    d = dragon(g)
    name = g.card(card).name
    if card not in d.hand:
        where = " (it is in your discard pile)" if card in d.discard else ""
        return Reason(f"That {name} card is not in your hand{where}: only cards in hand pay.", "DR-17")
    cost = tuple(power.cost)
    if is_scale(card):
        found = check_scale_pays(g, card, power)
        if found is not None:
            return found
    else:
        sym = symbol_of(g, card)
        if sym not in cost and "any" not in cost:
            return _cannot_pay(power, f"a {sym.title()} card")
    if card in _paying_sources(g, cost):
        return None
    if is_scale(card):
        return Reason(f"The {name} cannot pay {power.name} together with your other cards and Gems.", "VAR-35")
    sym = symbol_of(g, card).title()
    return Reason(f"Your {sym} cards are alike: the highlighted {sym} card stands for any of them.", "DR-17")


def check_pay_gem(g: Game, power_id: str, sym: str) -> Reason | None:
    """A Gem of his board clicked while paying for ``power_id`` (a rule check): a Gem on the
    map pays its symbol (DR-19, DR-21), once a turn (DR-19), for a cost that has it (DR-17)."""
    power = g.rules.dragon.power(power_id)
    name = f"The {sym.title()} Gem"
    if sym not in gems_on_map(g):
        return Reason(f"{name} is in your supply, not on the map: only Gems on the map pay.", "DR-19")
    if sym in dragon(g).gems_spent:
        return Reason(f"{name}'s symbol is spent this turn: each Gem pays once a turn.", "DR-19")
    cost = tuple(power.cost)
    if sym not in cost and "any" not in cost:
        return _cannot_pay(power, f"the {sym.title()} Gem")
    if f"gem_{sym}" in _paying_sources(g, cost):
        return None
    return Reason(f"{name} cannot pay {power.name} together with your other cards and Gems.", "DR-17")


_PLACE_DOES_NOT_PAY = Reason("Sloth cubes do not pay for powers: Power cards in hand and Gems on the map do.", "DR-17")
_SHRIEK_DOES_NOT_PAY = Reason("The Shriek token does not pay for powers: it rerolls a Dragon die.", "DIE-08")


def check_pay_place(g: Game, power_id: str, slot: str) -> Reason | None:
    """A place of his board clicked while paying (``slot`` after ``dragon.``; a power is
    :func:`check_power_elsewhere`'s): a Gem (:func:`check_pay_gem`); the Shriek token and the
    Sloth cubes pay nothing (DIE-08, DR-17)."""
    part, _, rest = slot.partition(".")
    if part == "gem" and rest in SYMBOLS:
        return check_pay_gem(g, power_id, rest)
    if part == "shriek":
        return _SHRIEK_DOES_NOT_PAY
    return _PLACE_DOES_NOT_PAY


# ------------------------------------------------------- his powers (rule checks)
# One check per rule (see :mod:`...reasons`): ``check_power`` answers a power on his
# board in Move and Use Powers — the Pits first (TR-29/31), then the cost (DR-17/19/20),
# then whether it has anything to act on (its own rule, ``TARGET_CHECKS``); the options
# are the powers it allows.  ``check_play_card`` answers a card of his hand there.
_ASK = Reason("", "")          # check_power's "work out the Pit rule here" (a sentinel, never returned)


def _cost_words(cost: tuple[str, ...]) -> str:
    return " + ".join(c.title() if c != "any" else "any symbol" for c in cost)


def check_cost(g: Game, power: Power, have: Counter[str] | None = None) -> Reason | None:
    """DR-17/19/20: a power is paid with matching symbols (cards in hand, unspent Gems on
    the map; "any" with any symbol); the reason names what is missing."""
    cost = tuple(power.cost)
    have = means_of_payment(g) if have is None else have
    if can_pay(g, cost, have):
        return None
    need = Counter(c for c in cost if c != "any")
    missing = [f"{n - have[s]} {s.title()}" for s, n in sorted(need.items()) if have[s] < n]
    short = len(cost) - sum(have.values())
    if short > 0 and not missing:
        missing.append(f"{short} more symbol{'s' if short != 1 else ''} of any kind")
    owned = ", ".join(f"{n} {s.title()}" for s, n in sorted(have.items()) if n) or "nothing"
    return Reason(f"{power.name} costs {_cost_words(cost)}; you have {owned} (cards and unspent Gems): missing "
                  f"{', '.join(missing) or 'a matching set'}.", "DR-17")


def check_leave_pit(g: Game) -> Reason | None:
    """TR-29/31: on a Pit his next movement must take him off it, so while one is on offer
    (the free move, or a Wing he can pay for) no other power or Scale is used first."""
    p = dr.pos(g)
    if not on_pit(g, p):
        return None
    if dr.check_any_move(g, "free") is None or _check_power(g, g.rules.dragon.power("wing"), None, None) is None:
        return Reason(f"You are on the Pit at {fmt_pos(p)}: leave it first, with your free move or a Wing.", "TR-31")
    return None


def check_power(g: Game, power_id: str, have: Counter[str] | None = None, leaving: Reason | None = _ASK
                ) -> Reason | None:
    """THE check of a power in Move and Use Powers: the Pits (:func:`check_leave_pit`, not
    for Wing, which leaves them; ``leaving`` its answer if already known), the cost
    (:func:`check_cost`), something to act on (``TARGET_CHECKS``)."""
    return _check_power(g, g.rules.dragon.power(power_id), have, leaving)


def check_power_elsewhere(g: Game, power_id: str, now: str) -> Reason:
    """DR-17: a power is used in the Move and Use Powers phase of his turn, one at a time —
    never in the middle of another question (``now``: what is being decided instead)."""
    return Reason(f"{g.rules.dragon.power(power_id).name} is used in the Move and Use Powers phase of the Dragon's "
                  f"turn, one power at a time; now: {now}", "DR-17")


def check_gem_place(g: Game, sym: str) -> Reason:
    """A Gem of his board clicked in Move and Use Powers: it is never chosen by itself — on the
    map its symbol pays for a power, once a turn (DR-19, DR-21); in his supply it is placed in
    Place Dragon Gem (DR-53)."""
    where = gems_on_map(g).get(sym)
    name = f"The {sym.title()} Gem"
    if where is None:
        return Reason(f"{name} is in your supply: you may place a Gem on your tile in Place Dragon Gem, after moving "
                      "and powers.", "DR-53")
    if sym in dragon(g).gems_spent:
        return Reason(f"{name}'s symbol is spent this turn: each Gem on the map pays once a turn.", "DR-19")
    return Reason(f"{name} is on the map at {fmt_pos(where)}: its symbol pays for a power — choose a power on your "
                  "board, then pay.", "DR-19")


def check_shriek_place(g: Game) -> Reason:
    """The Shriek token clicked outside a roll: the Shriek power places it (DR-33), and it is
    spent on a reroll of a Dragon die he rolls (DIE-08)."""
    if dragon(g).shriek:
        return Reason("The Shriek token is placed: you spend it to reroll a Dragon die you roll.", "DIE-08")
    return Reason(f"The Shriek token is not placed: the Shriek power ({_cost_words(tuple(g.rules.dragon.power('shriek').cost))}) "
                  "places it.", "DR-33")


def check_board_place(g: Game, slot: str) -> Reason | None:
    """A place of his board clicked in Move and Use Powers (``slot`` after ``dragon.``): a
    power (:func:`check_power`), a Sloth box (``turn.check_sloth_box``), a Gem
    (:func:`check_gem_place`), the Shriek token (:func:`check_shriek_place`); None for a
    place that names none of them."""
    part, _, rest = slot.partition(".")
    if part == "power" and any(p.id == rest for p in g.rules.dragon.powers):
        return check_power(g, rest)
    if part == "sloth" and rest in dr.BOX_NAMES:
        return dr.check_sloth_box(g, rest)
    if part == "gem" and rest in SYMBOLS:
        return check_gem_place(g, rest)
    if part == "shriek":
        return check_shriek_place(g)
    return None


def _check_power(g: Game, power: Power, have: Counter[str] | None, leaving: Reason | None,
                 payable: bool = False) -> Reason | None:
    """:func:`check_power`; ``payable``: the caller has just found with :func:`can_pay` (the
    test :func:`check_cost` makes) that he can pay it, so the cost is not worked out again."""
    if power.id != "wing":
        hold = check_leave_pit(g) if leaving is _ASK else leaving
        if hold is not None:
            return hold
    return (None if payable else check_cost(g, power, have)) or TARGET_CHECKS[power.id](g)


def power_options(g: Game) -> list[Option]:
    """The powers :func:`check_power` allows, then the Scales :func:`check_play_scale` allows.
    (``can_pay`` first only skips building the cost's refusal for the many powers he cannot
    pay: the check refuses exactly those too — and tells the check its answer.)"""
    out = []
    have = means_of_payment(g)
    leaving = check_leave_pit(g)
    for power in g.rules.dragon.powers:
        if (power.id in POWERS and can_pay(g, tuple(power.cost), have)
                and _check_power(g, power, have, leaving, payable=True) is None):
            out.append(Option(f"power:{power.id}", f"{power.name}: {power.text}",
                              (slot_target(f"dragon.power.{power.id}"),)))
    return out + scale_options(g, leaving)


def use_power(g: Game, power_id: str) -> Proc:
    yield from pay(g, power_id)
    yield from POWERS[power_id](g)


# ------------------------------------------------------------- the die
def roll(g: Game, why: str) -> Proc:
    """Roll the Dragon die at his space; he may spend the Shriek token to reroll (DIE-08: the
    question is asked while it is placed, the one place :func:`check_reroll_place` allows)."""
    d = dragon(g)
    face, affected, centre = roll_dragon_die(g, dr.pos(g), "The Dragon", why)
    if d.shriek:
        choice = yield g.ask("dragon", DecisionKind.SHRIEK_REROLL, f"Keep the roll or spend the Shriek token to reroll — {why}",
                             [Option("keep:", "Keep the roll", (button("keep"),)),
                              Option("reroll:", "Spend the Shriek token and reroll", (Target("slot", "dragon.shriek"), button("reroll")))])
        if choice.id == "reroll:":
            d.shriek = False
            g.log("shriek_spent", "The Dragon spends the Shriek token to reroll.")
            face, affected, centre = roll_dragon_die(g, dr.pos(g), "The Dragon", why)
    return face, affected, centre


_CARDS_DO_NOT_REROLL = Reason("Only the Shriek token rerolls the Dragon die: Power cards pay for powers.", "DIE-08")


def check_reroll_place(g: Game, slot: str) -> Reason | None:
    """DIE-08 (a rule check): the placed Shriek token, and nothing else of his board,
    rerolls a Dragon die he rolls (``slot`` after ``dragon.``)."""
    if slot == "shriek":
        return None if dragon(g).shriek else check_shriek_place(g)
    return Reason(f"Only the Shriek token rerolls the Dragon die: {dr.place_name(g, slot)} does not.", "DIE-08")


def check_reroll_card(g: Game, card: str) -> Reason:
    """DIE-08: no card rerolls a Dragon die (his cards pay for powers)."""
    return _CARDS_DO_NOT_REROLL


# ----------------------------------------------------------- effects
def _claw(g: Game) -> Proc:
    """DR-24, DR-44/45: affected Tribes scatter and are eaten; the Knight may be pushed 1."""
    _, affected, _ = yield from roll(g, "Claw")
    from ...map.terrain import claw_sheltered
    affected = [p for p in affected if not claw_sheltered(g, dr.pos(g), p)]    # AMB-46 house rule
    gob = goblins_api(g)
    prey = g.state.board.pieces.get("thief") if g.state.thief is not None else None
    trapped = gob is not None and (yield from gob.trap_against_dragon(
        g, [t for p in affected for t in tribes_at(g, p)], "Claw"))          # GB-56: once, for every Tribe
    for p in affected:
        for tribe in tribes_at(g, p):
            assert gob is not None
            if trapped:
                continue
            before = gob.tribe_population(g, tribe)
            yield from gob.scatter(g, tribe, "the Dragon's Claw")      # GB-45: Bright Beetles loses 1 less
            gob.gain_rage(g, 1, "the Dragon's Claw")
            dr.eat(g, before - gob.tribe_population(g, tribe), f"Claw on the {tribe.title()}")
        if knight_here(g, p) and knight_movable(g):
            yield from push_knight(g, "Claw")
    from ..ghoul.state import me as ghoul_piece

    gpiece = ghoul_piece(g)
    ghoul = g.state.board.pieces.get(gpiece)
    ghoul_hit = ghoul is not None and ghoul in affected
    if prey is not None and prey in affected and thief_here(g, prey):       # DR-24: one Claw, one attack
        attack_thief = g.hooks.thief.attack_thief
        yield from attack_thief(g, "dragon", "the Dragon's Claw")
    if ghoul_hit and g.state.board.pieces.get(gpiece) == ghoul:            # GH-34: eating 1; it skitters
        g.log("claw_ghoul", "The Dragon's Claw hits the Ghoul.")
        dr.eat(g, 1, "Claw on the Ghoul", ghoul=True)
        yield from g.hooks.ghoul.skitter(g, "dragon")


PUSHES = MappingProxyType({"Claw": (1, "DR-24"), "Slap": (3, "DR-32"), "Wrath": (1, "DR-37")})     # how far, and the power's rule


def push_reach(g: Game, why: str, piece: str) -> int:
    """How far ``why`` moves ``piece``: its card's spaces, doubled for the Knight with the
    Cursed Amulet (VAR-17: the Claw and Wrath up to 2, Slap up to 6)."""
    return forced_reach(g, piece, PUSHES[why][0])


def _far_words(g: Game, why: str, piece: str) -> str:
    """"1 space", "up to 3 spaces", or the doubled reach with its cause (VAR-17)."""
    steps = push_reach(g, why, piece)
    far = f"{'up to ' if steps > 1 else ''}{steps} space{'s' if steps > 1 else ''}"
    return far + (" (doubled by her Cursed Amulet)" if steps != PUSHES[why][0] else "")


def check_push(g: Game, why: str, piece: str, q: Pos) -> Reason | None:
    """Where Claw (1 space, DR-24), Slap (up to 3, DR-32) or Wrath (1, DR-37) moves ``piece``
    (a rule check): to another space within its reach, by the map's rules of Forced
    Movement (``forced.check_pushed_to``: FM-04..10, TR-17, TR-29)."""
    _, rule = PUSHES[why]
    steps = push_reach(g, why, piece)
    start = g.state.board.pieces[piece]
    name = moved_name(piece)
    if q == start:
        return Reason(f"{name[0].upper()}{name[1:]} is on {fmt_pos(q)} already: {why} moves "
                      f"{'her' if piece == 'knight' else 'him'} to another space.", rule)
    found = check_pushed_to(g, piece, start, q, steps)
    if found is not None and manhattan(start, q) > steps and q not in reachable(g, piece, start, steps):
        return Reason(f"{why} moves {name} {_far_words(g, why, piece)}: "
                      f"{fmt_pos(q)} is {manhattan(start, q)} spaces away.", rule)
    return found


def check_push_piece(g: Game, why: str, piece: str, other: str) -> Reason | None:
    """The piece clicked while ``why`` moves ``piece``: that one is moved, no other (DR-24/32/37)."""
    if other == piece:
        return None
    return Reason(f"{why} moves {moved_name(piece)}: {moved_name(other)} stays where it is.", PUSHES[why][1])


def _push_options(g: Game, why: str, piece: str) -> list[Option]:
    """The spaces :func:`check_push` allows (the Forced Movement's reach, searched once)."""
    steps = push_reach(g, why, piece)
    start = g.state.board.pieces[piece]
    name = moved_name(piece)
    return [Option(at("push", q), f"Move {name} to {fmt_pos(q)}", (space(q), Target("piece", piece)))
            for q in sorted(reachable(g, piece, start, max_steps=steps)) if q != start]


def push_knight(g: Game, why: str) -> Proc:
    """Claw (1 space) or Slap (up to 3) moves the Knight: the spaces :func:`check_push` allows."""
    board = g.state.board
    start = board.pieces["knight"]
    opts = _push_options(g, why, "knight")
    if not opts:
        return
    if why == "Claw":
        opts.append(Option("nopush:", "Leave the Knight where she is", (button("skip"),)))
    choice = yield g.ask("dragon", DecisionKind.DRAGON_PUSH, f"{why}: move the Knight", opts,
                         rules_ref="general.forced_movement", about={"power": why, "piece": "knight"})
    if choice.id == "nopush:":
        return
    q = pos_arg(choice.id)
    board.pieces["knight"] = q
    g.log("forced_move", f"{why}: the Dragon moves the Knight from {fmt_pos(start)} to {fmt_pos(q)}.",
          piece="knight", frm=start, to=q)
    yield from entered(g, "knight", q)                # FM-06, FM-15


def _pride_event(g: Game, p: Pos, kind: str) -> Proc:
    if kind == "event":                               # DR-60, AMB-58
        yield from dr.pride_cube(g, "event", "he revealed an Event tile")


def _flame(g: Game) -> Proc:
    """DR-25, DR-42/43: reveal the affected Dark tiles on the map at the roll."""
    _, affected, _ = yield from roll(g, "Flame")
    dark = [p for p in affected if is_dark(g, p)]
    if not dark:
        g.log("flame_nothing", "Flame: no affected Dark tile to reveal.")
    yield from reveal_group(g, dark, "dragon", after_each=_pride_event)


def wing_targets(g: Game, paid: bool = False) -> list[Pos]:
    """DR-26: up to 2 tiles in a straight line, or 1 tile through a wall (TR-18/19, TR-31:
    dr.movement_routes); ``paid``: this Wing's cost is already spent."""
    return sorted(dr.legal_routes(g, "wing", paid))


def _wing(g: Game) -> Proc:
    found = dr.legal_routes(g, "wing")
    opts = [Option(at("wing", q), dr.route_label(g, "Fly", q, r), (space(q), Target("piece", "dragon")))
            for q, r in sorted(found.items())]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_WING, "Wing: choose where you fly", opts, rules_ref="dragon.powers")
    q = pos_arg(choice.id)
    yield from dr.move_dragon(g, q, "flies", found[q])


def check_hiss(g: Game, piece: str) -> Reason | None:
    """DR-27 (a rule check): Hiss hits a revealed Goblin Tribe anywhere on the map — TR-26:
    not one in the Mushroom Forest."""
    gob = goblins_api(g)
    if not piece.startswith("tribe:") or gob is None:
        return Reason(f"Hiss hits a Goblin Tribe anywhere on the map: {moved_name(piece)} is not one.", "DR-27")
    if piece.split(":", 1)[1] not in gob.revealed_tribes(g):
        return Reason(f"The {piece_name(piece)} is hidden: Hiss hits a revealed Tribe.", "DR-27")
    if in_forest(g, g.state.board.pieces.get(piece)):
        return Reason(f"The {piece_name(piece)} is in the Mushroom Forest: Hiss cannot reach it there.", "TR-26")
    return None


def _hiss_targets(g: Game) -> list[str]:
    """The Tribes :func:`check_hiss` allows."""
    gob = goblins_api(g)
    return [] if gob is None else [t for t in gob.revealed_tribes(g) if check_hiss(g, f"tribe:{t}") is None]


def check_bright_beetles(g: Game, tribe: str, card: str) -> Reason | None:
    """GB-45: the Bright Beetles of the Tribe the Hiss hits (``tribe``) may be discarded so
    that it loses no Population: may the Goblins discard ``card`` for it?"""
    gob = goblins_api(g)
    assert gob is not None
    if card.split("#")[0] != "bright_beetles":
        return Reason(f"Only the Bright Beetles spare Goblins from the Hiss; the {g.card(card).name} does not.", "GB-45")
    if card in gob.gs(g).monsters[tribe]:
        return None
    holder = next((t for t, cards in gob.gs(g).monsters.items() if card in cards), None)
    if holder is not None:
        return Reason(f"These Bright Beetles belong to {gob.tname(holder)}, which the Hiss does not hit.", "GB-45")
    return Reason(f"These Bright Beetles are not in play: only those of {gob.tname(tribe)} spare it.", "GB-45")


def _hiss(g: Game) -> Proc:
    """DR-27, GB-17: a Tribe anywhere goes into hiding and loses 1 Population (Rage +1);
    he eats 1.  GB-45: the Goblins may discard Bright Beetles to lose none; GB-56: Trap."""
    gob = goblins_api(g)
    assert gob is not None
    opts = [Option(f"hiss:{t}", f"Hiss at the {t.title()}", (Target("piece", f"tribe:{t}"),)) for t in _hiss_targets(g)]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_HISS, "Hiss: choose the Tribe", opts, rules_ref="dragon.powers")
    tribe = arg_of(choice.id)
    if (yield from gob.trap_against_dragon(g, tribe, "Hiss")):
        return
    before = gob.tribe_population(g, tribe)
    gob.gain_rage(g, 1, "the Dragon's Hiss")
    beetles = next((m for m in gob.gs(g).monsters[tribe] if check_bright_beetles(g, tribe, m) is None), None)
    spared = False
    if beetles is not None:
        choice = yield g.ask("goblins", DecisionKind.BRIGHT_BEETLES, "Discard the Bright Beetles so that the Tribe loses no "
                             "Population, or let the Hiss hit it", [Option("beetles:", "Discard the Bright Beetles", (Target("card", beetles), button("beetles"))),
                                                Option("keep:", "Keep them", (button("skip"),))],
                             rules_ref="goblins.monsters", about={"tribe": tribe})
        if choice.id == "beetles:":
            gob.gs(g).monsters[tribe].remove(beetles)
            g.state.monster_discard.append(beetles)
            g.log("monster_discarded", f"The Goblins discard the Bright Beetles of the {tribe.title()}: "
                  "no Goblin is eaten.", card=beetles)
            spared = True
    if not spared:
        yield from gob.reduce_population(g, tribe, 1, "the Dragon's Hiss")
    yield from gob.hide_tribe(g, tribe, "the Dragon's Hiss")
    dr.eat(g, before - gob.tribe_population(g, tribe), f"Hiss at the {tribe.title()}")


def _slither_moves(g: Game) -> list[tuple[str, str]]:
    """DR-28: the moves of a Sloth cube from a box holding one to another box with an empty space."""
    d = dragon(g)
    return [(a, b) for a in BOXES if d.sloth[a] > 0 for b in BOXES if b != a and d.sloth[b] < d.capacity[b]]


def check_slither_place(g: Game, slot: str) -> Reason | None:
    """DR-28 (a rule check): a place of his board clicked for Slither (``slot`` after
    ``dragon.``) — a Sloth box that gives a cube, or takes one, in one of its moves."""
    part, _, box = slot.partition(".")
    if part != "sloth" or box not in BOXES:
        return Reason(f"Slither moves a Sloth cube from one Sloth box to another: {dr.place_name(g, slot)} is not one.",
                      "DR-28")
    if any(box in move for move in _slither_moves(g)):
        return None
    d = dragon(g)
    return Reason(f"{dr.BOX_NAMES[box]} holds {d.sloth.get(box, 0)} of {d.capacity.get(box, 0)} Sloth cubes: Slither "
                  "moves a cube from a box that has one to another box with an empty space, and this box can be "
                  "neither now.", "DR-28")


def _slither_opts(g: Game) -> list[Option]:
    return [Option(f"slither:{a}>{b}", f"Move a Sloth cube from {dr.BOX_NAMES[a]} to {dr.BOX_NAMES[b]}",
                   (Target("slot", f"dragon.sloth.{a}"), Target("slot", f"dragon.sloth.{b}")))
            for a, b in _slither_moves(g)]


def _slither(g: Game) -> Proc:
    """DR-28: move a Sloth cube to another Sloth box with an empty space."""
    d = dragon(g)
    choice = yield g.ask("dragon", DecisionKind.DRAGON_SLITHER, "Slither: choose the Sloth cube to move", _slither_opts(g),
                         rules_ref="dragon.powers")
    a, b = arg_parts(choice.id, ">")
    d.sloth[a] -= 1
    d.sloth[b] += 1
    g.log("slither", f"Slither: a Sloth cube moves from {dr.BOX_NAMES[a]} to {dr.BOX_NAMES[b]}.", frm=a, to=b)


def _adjacent_tiles(g: Game) -> list[Pos]:
    """DR-41: the spaces sharing an edge with his, never his own."""
    p = dr.pos(g)
    return [q for _, q in adjacent(p) if q in g.state.board.tiles]


def _swat_tokens(g: Game) -> Iterator[tuple[str, Pos]]:
    """DR-29: the Treasure tokens and Gems on the spaces sharing an edge with his."""
    board = g.state.board
    for p in _adjacent_tiles(g):
        toks = board.tokens.get(p)
        if not toks:
            continue
        kinds = (["treasure"] if toks["treasure"] else []) + [gem_token(s) for s in SYMBOLS if toks[gem_token(s)]]
        for kind in kinds:
            yield kind, p


def _swat_moves(g: Game) -> dict[tuple[str, Pos], dict[Pos, int]]:
    """Each token he can Swat (its kind and space) and where it can go, with the steps
    (Forced Movement up to 5, FM-10)."""
    return {(kind, p): reachable(g, "token:" + kind, p, max_steps=5) for kind, p in _swat_tokens(g)}


def check_swat_space(g: Game, q: Pos) -> Reason | None:
    """A space clicked for Swat (a rule check): a space next to his holding a token that can
    go somewhere (DR-29, DR-41), or a space within 5 where such a token can stop (DR-29, by
    the map's Forced Movement rules, ``forced.check_pushed_to``; AMB-35 house rule: exactly 5)."""
    if q == dr.pos(g):
        return Reason("Swat takes a token from a space next to yours, never your own.", "DR-41")
    exactly = "swat_exactly_five" in g.setup.house_rules
    moves = _swat_moves(g)
    ends = {(src, to) for (_, src), reach in moves.items() for to, n in reach.items()
            if to != src and (n == 5 or not exactly)}
    if any(q in pair for pair in ends):
        return None
    here = next((kind for kind, src in moves if src == q), None)
    if here is not None:
        return Reason(f"The {moved_name('token:' + here)[4:]} on {fmt_pos(q)} has no space "
                      f"{'exactly 5 away' if exactly else 'within 5'} to go to: walls, open spaces and pieces stop it.",
                      "DR-29")
    if not moves:
        return Reason("No Gem or Treasure token is on a space next to yours: Swat has nothing to move.", "DR-29")
    (kind, src) = min(moves, key=lambda ks: (manhattan(ks[1], q), ks))
    token = "token:" + kind
    if exactly and any(q in reach for reach in moves.values()):
        return Reason(f"With the house rule, Swat moves a token exactly 5 spaces, and {fmt_pos(q)} is nearer.", "DR-29")
    if manhattan(src, q) > 5:
        return Reason(f"Swat moves a token up to 5 spaces: {fmt_pos(q)} is {manhattan(src, q)} spaces from the "
                      f"nearest one you can Swat, {moved_name(token)} at {fmt_pos(src)}.", "DR-29")
    found = check_pushed_to(g, token, src, q, 5)
    assert found is not None
    return found


def _swat_opts(g: Game) -> list[Option]:
    """AMB-35: up to 5 steps (house rule ``swat_exactly_five``: a destination exactly 5 steps
    away): the moves whose two spaces :func:`check_swat_space` allows."""
    exactly = "swat_exactly_five" in g.setup.house_rules
    out = []
    for (kind, p), reach in _swat_moves(g).items():
        for q in sorted(reach):
            if q != p and (reach[q] == 5 or not exactly):
                name = moved_name("token:" + kind)[4:]
                out.append(Option(f"swat:{kind}@{fmt_pos(p)}>{fmt_pos(q)}",
                                  f"Swat the {name} from {fmt_pos(p)} to {fmt_pos(q)}", (space(p), space(q))))
    return out


def _can_swat(g: Game) -> bool:
    """Whether :func:`_swat_opts` offers a move, stopped at the first token that can go."""
    if "swat_exactly_five" in g.setup.house_rules:
        return any(5 in reachable(g, "token:" + kind, p, max_steps=5).values() for kind, p in _swat_tokens(g))
    return any(can_be_pushed(g, "token:" + kind, p, max_steps=5) for kind, p in _swat_tokens(g))


def _swat(g: Game) -> Proc:
    """DR-29, AMB-35: a Gem or Treasure token on an adjacent space up to 5 spaces (Forced Movement)."""
    choice = yield g.ask("dragon", DecisionKind.DRAGON_SWAT, "Swat: choose a token and where it goes", _swat_opts(g), rules_ref="dragon.powers")
    kind, rest = arg_parts(choice.id, "@")
    a, _, b = rest.partition(">")
    frm, to = parse_pos(a), parse_pos(b)
    board = g.state.board
    board.tokens_at(frm)[kind] -= 1
    board.tokens_at(to)[kind] += 1
    g.log("forced_move", f"Swat: the {kind.replace('gem_', '').replace('_', ' ')} token flies from {a} to {b}.",
          piece=kind, frm=frm, to=to)


def _scorch_targets(g: Game) -> list[Pos]:
    return [q for q in surrounding(dr.pos(g)) if is_dark(g, q)]


def _scorch(g: Game) -> Proc:
    """DR-30, DR-40: reveal every surrounding Dark tile (not his own)."""
    yield from reveal_group(g, _scorch_targets(g), "dragon", after_each=_pride_event)


def check_burn(g: Game, q: Pos) -> Reason | None:
    """DR-31 (a rule check): Burn reveals one Dark tile anywhere on the map (TR-13: a
    Terrain space is never Dark)."""
    tile = g.state.board.tiles.get(q)
    if tile is None:
        return Reason(f"There is no tile at {fmt_pos(q)}: Burn reveals a Dark tile on the map.", "DR-31")
    if tile.terrain is not None:
        return Reason(f"{fmt_pos(q)} is a Terrain space, never a Dark tile: Burn reveals a Dark tile.", "DR-31")
    if not tile.dark:
        return Reason(f"Burn reveals a Dark tile, and the tile at {fmt_pos(q)} is already revealed.", "DR-31")
    return None


def _burn(g: Game) -> Proc:
    """DR-31: reveal one Dark tile anywhere (the tiles :func:`check_burn` allows)."""
    opts = [Option(at("burn", p), f"Burn the Dark tile at {fmt_pos(p)}", (space(p),))
            for p in sorted(g.state.board.tiles) if check_burn(g, p) is None]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_BURN, "Burn: choose the Dark tile to reveal", opts, rules_ref="dragon.powers")
    yield from reveal_group(g, [pos_arg(choice.id)], "dragon", after_each=_pride_event)


def _slap(g: Game) -> Proc:
    """DR-32/41: the Knight on an adjacent space moves up to 3 spaces."""
    yield from push_knight(g, "Slap")


def _shriek(g: Game) -> Proc:
    """DR-33, AMB-36: the Shriek token waits to reroll a Dragon die (DIF-12 counts the turns)."""
    d = dragon(g)
    d.shriek = True
    if g.state.turn not in d.shriek_turns:
        d.shriek_turns.append(g.state.turn)
    g.log("shriek", "The Dragon shrieks: the Shriek token is placed.")
    dr.check_awake(g)
    return
    yield


# the roles Scratch may hit, as the game has them (the Ghoul only where it plays, GH-34)
_SCRATCH_NOT_YOU = (    # indexed by whether the Ghoul plays (an immutable table: nothing mutable at module level)
    Reason("Scratch hits the Knight, the Tribes or the Thief on your tile, never you.", "DR-34"),
    Reason("Scratch hits the Knight, the Tribes, the Thief or the Ghoul on your tile, never you.", "DR-34"),
)


def check_scratch_piece(g: Game, piece: str) -> Reason | None:
    """DR-34 (a rule check): Scratch hits the Knight or the Thief on his own tile; the Tribes
    there are hit all at once, through his tile (:func:`check_scratch_space`)."""
    p = dr.pos(g)
    if piece == "dragon":
        return _SCRATCH_NOT_YOU[g.state.ghoul is not None]
    if g.state.board.pieces.get(piece) != p:
        return Reason(f"Scratch hits only what is on your own tile: {moved_name(piece)} is not on it.", "DR-34")
    if piece.startswith("tribe:"):
        return Reason(f"Scratch hits every Tribe on your tile at once: click your tile, {fmt_pos(p)}.", "DR-34")
    if piece == "knight" and not knight_here(g, p):
        return Reason("The Knight is out of the game: Scratch cannot hit her.", "DR-34")
    return None


def check_scratch_space(g: Game, q: Pos) -> Reason | None:
    """DR-34 (a rule check): his own tile stands for every Tribe on it."""
    p = dr.pos(g)
    if q != p:
        return Reason(f"Scratch hits only what is on your own tile, {fmt_pos(p)}.", "DR-34")
    if not tribes_at(g, p) and not meat_reveal_allowed(g, p):
        return Reason("No Goblin Tribe is on your tile: Scratch hits the Knight or the Thief here, on their piece.",
                      "DR-34")
    return None


def _scratch_opts(g: Game) -> list[Option]:
    """The targets :func:`check_scratch_piece` and :func:`check_scratch_space` allow."""
    p = dr.pos(g)
    pieces = g.state.board.pieces
    out = []
    if "knight" in pieces and check_scratch_piece(g, "knight") is None:
        out.append(Option("scratch:knight", "Scratch the Knight (she loses 5 Grit)", (Target("piece", "knight"),)))
    if check_scratch_space(g, p) is None:
        parts = (["every Tribe here (they drop to 0)"] if tribes_at(g, p) else []) + \
            (["the Meat! (it counts as eating 1)"] if meat_reveal_allowed(g, p) else [])
        out.append(Option("scratch:tribes", "Scratch " + " and ".join(parts), (space(p),)))
    if g.state.thief is not None and "thief" in pieces and check_scratch_piece(g, "thief") is None:
        out.append(Option("scratch:thief", "Scratch the Thief (he is killed)", (Target("piece", "thief"),)))
    for gp in ("ghoul", "vile_ghoul"):
        if gp in pieces and check_scratch_piece(g, gp) is None:               # GH-34
            out.append(Option("scratch:ghoul", f"Scratch {moved_name(gp)} (eating 3; it discards a Terror card)",
                              (Target("piece", gp),)))
    return out


def _scratch(g: Game) -> Proc:
    """DR-34: the Knight −5 Grit, every Tribe here to 0 (eaten), or the Thief killed."""
    choice = yield g.ask("dragon", DecisionKind.DRAGON_SCRATCH, "Scratch: choose whom it hits", _scratch_opts(g), rules_ref="dragon.powers")
    if choice.id == "scratch:knight":
        from ..knight.board import lose_grit
        yield from lose_grit(g, 5, "the Dragon's Scratch")
        return
    if choice.id == "scratch:thief":
        attack_thief = g.hooks.thief.attack_thief
        yield from attack_thief(g, "dragon", "the Dragon's Scratch")
        return
    if choice.id == "scratch:ghoul":                                        # GH-34: eating 3, a Terror card
        dr.eat(g, 3, "Scratch on the Ghoul", ghoul=True)
        yield from g.hooks.ghoul.discard_terror(g, "the Dragon's Scratch")
        yield from g.hooks.ghoul.skitter(g, "dragon")
        return
    gob = goblins_api(g)
    assert gob is not None
    trapped = yield from gob.trap_against_dragon(g, tribes_at(g, dr.pos(g)), "Scratch")   # GB-56
    for tribe in tribes_at(g, dr.pos(g)):
        if trapped:
            continue
        before = gob.tribe_population(g, tribe)
        beetles = gob.has_monster(g, tribe, "bright_beetles")
        gob.gain_rage(g, 1, "the Dragon's Scratch")
        yield from gob.reduce_population(g, tribe, before, "the Dragon's Scratch")
        eaten = before - gob.tribe_population(g, tribe)
        if beetles:                                         # GB-45: he eats 1 fewer
            eaten -= 1
        dr.eat(g, eaten, f"Scratch on the {tribe.title()}")
    if meat_reveal_allowed(g, dr.pos(g)):                   # promo Meat!: counts as eating 1
        dr.eat(g, eat_meat(g, dr.pos(g)), "the Meat!")


_FLAME_WALL_OWN = Reason("The Flame Wall goes on a tile next to yours, never your own.", "DR-41")


def check_flame_wall_target(g: Game, q: Pos) -> Reason | None:
    """DR-35, DR-41, MAP-10 (a rule check): the Flame Wall goes on a visible tile next to his."""
    p = dr.pos(g)
    if q == p:
        return _FLAME_WALL_OWN
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}: the Flame Wall goes on a tile next to yours.", "DR-35")
    if manhattan(p, q) != 1:
        return Reason(f"The Flame Wall goes on a tile next to yours: {fmt_pos(q)} is {manhattan(p, q)} spaces away.",
                      "DR-35")
    if not visible(g, p, q):
        return Reason(f"A wall stands between you and {fmt_pos(q)}: the Flame Wall goes on a visible adjacent tile.",
                      "DR-35")
    return None


def _flame_wall_targets(g: Game) -> list[Pos]:
    """The tiles :func:`check_flame_wall_target` allows."""
    return [q for _, q in adjacent(dr.pos(g)) if check_flame_wall_target(g, q) is None]


def _flame_wall(g: Game) -> Proc:
    """DR-35, DR-38: the Flame Wall on a visible adjacent tile until his next turn."""
    opts = [Option(at("flamewall", q), f"Set the Flame Wall at {fmt_pos(q)}", (space(q),))
            for q in _flame_wall_targets(g)]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_FLAME_WALL, "Flame Wall: choose its tile", opts, rules_ref="dragon.powers")
    q = pos_arg(choice.id)
    g.state.board.tokens_at(q)["flamewall"] += 1
    g.log("flame_wall", f"The Dragon sets a Flame Wall at {fmt_pos(q)}.", pos=q)


def _smash(g: Game) -> Proc:
    """DR-36: a Crystal token on his tile is removed from the game; with the dragon-scales
    variant he draws a Scale (VAR-33)."""
    p = dr.pos(g)
    g.state.board.tokens_at(p)["crystal"] -= 1
    g.state.crystals_smashed_total += 1
    g.log("smash", f"The Dragon smashes the Crystal at {fmt_pos(p)}.", pos=p)
    gain_scale(g, "Smash")
    return
    yield


def _wrath_spots(g: Game, tile_id: str) -> list[Pos]:
    """The spaces of the tile ``tile_id`` Wrath brings down, first its anchor space: the
    whole Terrain tile, pieces inside too (TR-27, COL-28); none if it is already gone."""
    board = g.state.board
    where = next((p for p, t in board.tiles.items() if t.tile_id == tile_id), None)
    if where is None:
        return []
    if board.tiles[where].terrain is not None:
        from ...map.terrain import cells_of
        return [where, *(q for q in cells_of(g, tile_id) if q != where)]
    return [where]


def _wrath(g: Game) -> Proc:
    """DR-37, COL-19/22..24, MAP-42, AMB-33/34: every affected tile collapses (not the
    Entrance, nor a tile whose occupants cannot move); its Tribes scatter, other pieces
    move off; the map is reconnected and, before the Collapse, open edges filled.
    GB-56 [FAQ]: with Trap the power "has no effect on any Tribe": a trapped Tribe is not
    scattered, and its tile does not fall either — bringing it down would move the Tribe
    off it, an effect on the Tribe — so the tile stays, as one whose occupants cannot move
    does (COL-22).  House rule ``trapped_tribe_tile_falls``: the tile still falls and the
    Tribe is moved off by Forced Movement (FM-01), reading the removal, not the power, as
    what moves it."""
    from ...map.collapse import finish_removals, removable, remove_tile

    _, affected, _ = yield from roll(g, "Wrath")
    crystals_before = g.state.crystal_tiles_removed
    board = g.state.board
    ids = list(dict.fromkeys(board.tiles[p].tile_id for p in affected if p in board.tiles))   # a Terrain tile once
    gob = goblins_api(g)
    spare_own = "wrath_spares_dragon_tile" in g.setup.house_rules
    trap_spares_tile = "trapped_tribe_tile_falls" not in g.setup.house_rules
    batch: list[str] = []
    trapped = gob is not None and (yield from gob.trap_against_dragon(
        g, [t for tile_id in ids for q in _wrath_spots(g, tile_id) for t in tribes_at(g, q)], "Wrath"))   # GB-56
    for tile_id in ids:
        spots = _wrath_spots(g, tile_id)
        if not spots:
            continue
        where = spots[0]
        here = [t for q in spots for t in tribes_at(g, q)]
        for tribe in here:
            assert gob is not None
            if not trapped:
                yield from gob.scatter(g, tribe, "the Dragon's Wrath")
        if trapped and here and trap_spares_tile:                        # GB-56: no effect on the Tribe
            assert gob is not None
            g.log("wrath_spared", f"Wrath cannot bring down the tile at {fmt_pos(where)}: Trap leaves "
                  f"{' and '.join(gob.tname(t) for t in here)} unaffected.", pos=where)
            continue
        if not removable(g, where) or (spare_own and where == dr.pos(g)):
            g.log("wrath_spared", f"Wrath cannot bring down the tile at {fmt_pos(where)}.", pos=where)
            continue
        if ("pride_event_wrath_counts" in g.setup.house_rules and is_dark(g, where)
                and tile_type(g, where) == "event"):                     # AMB-58 house rule
            yield from dr.pride_cube(g, "event", "Wrath brought down a Dark Event tile")
        yield from remove_tile(g, where, "dragon", collapse_removal=False, batch=batch)
    yield from finish_removals(g, batch, "dragon")                       # COL-23, MAP-42: once, at the end
    if g.state.crystal_tiles_removed > crystals_before:                  # VAR-33: one Scale, however many
        gain_scale(g, "Wrath")
    if "wrath_moves_every_piece" in g.setup.house_rules:                 # AMB-34 house rule
        yield from _wrath_moves_knight(g, {p for p in affected})
        yield from _wrath_moves_thief(g, {p for p in affected})


def _wrath_moves_knight(g: Game, affected: set[Pos]) -> Proc:
    """AMB-34 house rule: every other player piece, not just those on affected tiles,
    moves to an adjacent space: the Knight (unless her Shield is up) and the Thief."""
    board = g.state.board
    kp = board.pieces.get("knight")
    if kp is None or kp in affected or not knight_movable(g) or g.state.knight is None or g.state.knight.dead:
        return
    yield from _wrath_push(g, "knight", "the Knight", kp)


def _wrath_moves_thief(g: Game, affected: set[Pos]) -> Proc:
    tp = g.state.board.pieces.get("thief")
    if tp is None or tp in affected:
        return
    yield from _wrath_push(g, "thief", "the Thief", tp)


def _wrath_push(g: Game, piece: str, name: str, frm: Pos) -> Proc:
    """Move ``piece`` to an adjacent space under Forced Movement (FM-05, FM-09): :func:`check_push`."""
    board = g.state.board
    opts = _push_options(g, "Wrath", piece)
    if not opts:
        return
    where = "to an adjacent space" if push_reach(g, "Wrath", piece) == 1 else _far_words(g, "Wrath", piece)
    choice = yield g.ask("dragon", DecisionKind.DRAGON_PUSH, f"Wrath: move {name} {where}", opts,
                         rules_ref="general.forced_movement", about={"power": "Wrath", "piece": piece})
    q = pos_arg(choice.id)
    board.pieces[piece] = q
    g.log("forced_move", f"Wrath: the Dragon moves {name} from {fmt_pos(frm)} to {fmt_pos(q)}.",
          piece=piece, frm=frm, to=q)
    yield from entered(g, piece, q)                                      # FM-06, FM-15


# ------------------------------------------------------------ Scales
def gain_scale(g: Game, power: str) -> None:
    """VAR-33: Smash smashing a Crystal token, or Wrath collapsing a Crystal tile, draws
    the top Scale card (at most one per use of a power, none once the Scale deck is empty)
    and shuffles it into his Power deck; which Scale it is stays his secret."""
    d = dragon(g)
    if not d.scale_deck:
        return
    card = d.scale_deck.pop(0)
    g.barrier()
    d.deck.append(card)
    d.deck.sort()
    g.rng.shuffle(d.deck)
    g.log("scale_drawn", f"{power}: the Dragon draws a Scale card and shuffles it into his Power deck "
          f"({len(d.scale_deck)} left in the Scale deck).", {"dragon": f"Drawn: the {g.card(card).name}"})


def check_platinum_box(g: Game, box: str) -> Reason | None:
    """VAR-37 (a rule check): the Platinum Scale moves a cube out of a Sloth box that has one."""
    if dragon(g).sloth.get(box, 0) > 0:
        return None
    return Reason(f"The Platinum Scale moves a cube out of a Sloth box, and {dr.BOX_NAMES[box]} has none left.",
                  "VAR-37")


def check_platinum_place(g: Game, slot: str) -> Reason | None:
    """A place of his board clicked for the Platinum Scale (``slot`` after ``dragon.``):
    a Sloth box (:func:`check_platinum_box`), nothing else (VAR-37)."""
    part, _, box = slot.partition(".")
    if part != "sloth" or box not in BOXES:
        return Reason(f"The Platinum Scale moves a cube out of a Sloth box: {dr.place_name(g, slot)} is not one.",
                      "VAR-37")
    return check_platinum_box(g, box)


def sloth_boxes_with_cubes(g: Game) -> list[str]:
    """The Sloth boxes still holding a cube: those :func:`check_platinum_box` allows (VAR-37)."""
    return [box for box in BOXES if check_platinum_box(g, box) is None]


_SCALE_NOT_IN_HAND = Reason("That Scale card is not in your hand: Scales are played from your hand.", "VAR-34")


def check_play_scale(g: Game, card: str, leaving: Reason | None = _ASK) -> Reason | None:
    """Whether the Scale ``card`` can be played on its own now (VAR-34: from his hand, in
    Move and Use Powers).  Only the Platinum Scale is played by itself, and only with a
    Sloth cube to move (VAR-37); the Golden and Silver Scales pay for powers (VAR-35/36);
    on a Pit he leaves it first (:func:`check_leave_pit`)."""
    if card not in dragon(g).hand:
        return _SCALE_NOT_IN_HAND
    scale = g.rules.scale_card(card)
    if not scale.removed_after_use:
        return Reason(f"The {g.card(card).name} is played by paying a power with it.",
                      "VAR-36" if scale.keep_by_reveal else "VAR-35")
    hold = check_leave_pit(g) if leaving is _ASK else leaving
    if hold is not None:
        return hold
    if not sloth_boxes_with_cubes(g):
        return Reason(f"The {g.card(card).name} needs a Sloth cube to move, and no Sloth box has one left.", "VAR-37")
    return None


def check_play_card(g: Game, card: str) -> Reason | None:
    """A card of his clicked in Move and Use Powers: a Scale by :func:`check_play_scale`;
    a Power card is never played alone, it pays for a power (DR-17), from his hand only."""
    if is_scale(card):
        return check_play_scale(g, card)
    d = dragon(g)
    name = g.card(card).name
    if card not in d.hand:
        where = " (it is in your discard pile)" if card in d.discard else ""
        return Reason(f"That {name} card is not in your hand{where}: only cards in hand pay for powers.", "DR-17")
    return Reason(f"A {name} card is spent by paying for a power: choose the power on your board, then pay.", "DR-17")


def scale_options(g: Game, leaving: Reason | None = _ASK) -> list[Option]:
    """VAR-34/37: a Scale played on its own during Move and Use Powers (the Platinum Scale)."""
    return [Option(f"scale:{c}", f"Play the {g.card(c).name}: {g.card(c).text}", (Target("card", c),))
            for c in sorted(set(dragon(g).hand)) if is_scale(c) and check_play_scale(g, c, leaving) is None]


def play_scale(g: Game, card: str) -> Proc:
    """VAR-37: the Platinum Scale moves a Sloth cube from the box he chooses to Wakefulness
    at once (its own effect, outside the Sloth conditions' one-cube-per-kind limit, DR-61),
    then leaves the game."""
    d = dragon(g)
    opts = [Option(f"sloth:{b}", f"Move a cube from {dr.BOX_NAMES[b]} to Wakefulness",
                   (Target("slot", f"dragon.sloth.{b}"),)) for b in sloth_boxes_with_cubes(g)]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_PLATINUM, f"{g.card(card).name}: choose the box to move a Sloth cube from", opts,
                         rules_ref="dragon.scales")
    box = arg_of(choice.id)
    d.hand.remove(card)
    d.scales_removed.append(card)
    g.log("scale_played", f"The Dragon plays the {g.card(card).name}; it is removed from the game.", card=card)
    dr.move_sloth_cube(g, box, f"the {g.card(card).name}")


# ------------------------------------------------------------ tables
def _acts(g: Game) -> Reason | None:
    """Claw, Flame, Wrath: a roll of the Dragon die, always something to do."""
    return None


_NO_WING = Reason("Wing has nowhere to take you now: no space within its flight can end your movement.", "DR-26")
_NO_HISS = Reason("No Goblin Tribe is revealed outside the Mushroom Forest: Hiss has no Tribe to hit.", "DR-27")
_NO_SLITHER = Reason("Slither needs a Sloth box holding a cube and another with an empty space.", "DR-28")
_NO_SWAT = Reason("No Gem or Treasure token on a space next to yours can be Swatted anywhere.", "DR-29")
_NO_SCORCH = Reason("No Dark tile surrounds you: Scorch reveals the Dark tiles around you.", "DR-30")
_NO_BURN = Reason("There is no Dark tile left on the map to Burn.", "DR-31")
_SHRIEK_PLACED = Reason("The Shriek token is placed already: spend it on a reroll of the Dragon die first.", "DR-33")
_NO_SCRATCH = Reason("Scratch hits the Knight, the Tribes or the Thief on your own tile, and none of them is on it.",
                     "DR-34")
_NO_FLAME_WALL = Reason("No visible tile is next to yours for the Flame Wall.", "DR-35")
_NO_CRYSTAL = Reason("There is no Crystal token on your tile to Smash.", "DR-36")
_SLAP_FAR = Reason("Slap moves the Knight from a space next to yours, and she is not on one.", "DR-32")
_SLAP_SHIELD = Reason("The Knight's Shield is up: no other player may move her.", "KN-82")
_SLAP_FOREST = Reason("The Mushroom Forest stands between you and the Knight: Slap cannot reach her.", "TR-26")


def _check_wing(g: Game) -> Reason | None:
    """DR-26: a space for this Wing (not yet paid for) to end on."""
    return None if wing_targets(g) else _NO_WING


def _check_hiss(g: Game) -> Reason | None:
    """DR-27 (a revealed Tribe anywhere), TR-26 (not one in the Mushroom Forest)."""
    return None if _hiss_targets(g) else _NO_HISS


def _check_slither(g: Game) -> Reason | None:
    """DR-28: a cube to move and a box with room for it."""
    return None if _slither_opts(g) else _NO_SLITHER


def _check_swat(g: Game) -> Reason | None:
    """DR-29/41, FM-04/10: a token next to him that can go somewhere."""
    return None if _can_swat(g) else _NO_SWAT


def _check_scorch(g: Game) -> Reason | None:
    """DR-30: a surrounding Dark tile."""
    return None if _scorch_targets(g) else _NO_SCORCH


def _check_burn(g: Game) -> Reason | None:
    """DR-31: a Dark tile anywhere on the map."""
    return None if any(t.dark for t in g.state.board.tiles.values()) else _NO_BURN


def _check_slap(g: Game) -> Reason | None:
    """DR-32/41 (the Knight on an adjacent space), KN-82 (her Shield), TR-26 (the Forest
    between), FM-05 (somewhere within 3 to go)."""
    k = g.state.board.pieces.get("knight")
    if k is None or not any(knight_here(g, q) for q in _adjacent_tiles(g)):
        return _SLAP_FAR
    if not knight_movable(g):
        return _SLAP_SHIELD
    from ...map.terrain import forest_blocks
    if forest_blocks(g, dr.pos(g), k):
        return _SLAP_FOREST
    reach = push_reach(g, "Slap", "knight")
    if any(q != k for q in reachable(g, "knight", k, max_steps=reach)):
        return None
    return Reason(f"The Knight has no space within {reach} to be moved to: walls, open spaces and other pieces stop "
                  "her.", "DR-32")


def _check_shriek(g: Game) -> Reason | None:
    """DR-33: one Shriek token."""
    return _SHRIEK_PLACED if dragon(g).shriek else None


def _check_scratch(g: Game) -> Reason | None:
    """DR-34: someone to Scratch on his tile."""
    return None if _scratch_opts(g) else _NO_SCRATCH


def _check_flame_wall(g: Game) -> Reason | None:
    """DR-35 (one Flame Wall token, back at his next turn; a visible adjacent tile)."""
    at = flame_wall_at(g)
    if at is not None:
        return Reason(f"The Flame Wall token is on the map already, at {fmt_pos(at)}: it comes back at the start of "
                      "your next turn.", "DR-35")
    return None if _flame_wall_targets(g) else _NO_FLAME_WALL


def _check_smash(g: Game) -> Reason | None:
    """DR-36: a Crystal token on his tile."""
    return None if g.state.board.tokens_at(dr.pos(g))["crystal"] > 0 else _NO_CRYSTAL


TARGET_CHECKS: MappingProxyType[str, Callable[[Game], Reason | None]] = MappingProxyType({
    "claw": _acts,
    "flame": _acts,
    "wing": _check_wing,
    "hiss": _check_hiss,
    "slither": _check_slither,
    "swat": _check_swat,
    "scorch": _check_scorch,
    "burn": _check_burn,
    "slap": _check_slap,
    "shriek": _check_shriek,
    "scratch": _check_scratch,
    "flame_wall": _check_flame_wall,
    "smash": _check_smash,
    "wrath": _acts,
})

POWERS: MappingProxyType[str, Callable[[Game], Proc]] = MappingProxyType({
    "claw": _claw,
    "flame": _flame,
    "wing": _wing,
    "hiss": _hiss,
    "slither": _slither,
    "swat": _swat,
    "scorch": _scorch,
    "burn": _burn,
    "slap": _slap,
    "shriek": _shriek,
    "scratch": _scratch,
    "flame_wall": _flame_wall,
    "smash": _smash,
    "wrath": _wrath,
})


def crystal_tile(g: Game, p: Pos) -> bool:
    return p in g.state.board.tiles and tile_type(g, p) == "crystal"
