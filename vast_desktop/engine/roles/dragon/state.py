"""The Dragon's player board: Health, Sloth boxes, Wakefulness, Eaten Goblins, Power
cards, Dragon Gems and his tokens (DR-01..07, DR-58..64).

With the ``dragon-scales`` variant (VAR-32..37) the three Scale cards start in their own
facedown deck (``scale_deck``); a Scale drawn from it is shuffled into his Power deck and
from then on lives in ``hand``/``deck``/``discard`` like a Power card (its id starts with
``scale_``), until the Platinum Scale is removed from the game (``scales_removed``).

Dragon Gems on the map are board tokens ``gem_claw`` / ``gem_flame`` / ``gem_wing``;
the Gems in his supply are the ones not on the map (so a Gem whose tile collapses, or
that the Knight picks up, is back in his supply at once).  The Flame Wall is the board
token ``flamewall``; it is in his supply when it is not on the map.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...errors import ScenarioError, checked

if TYPE_CHECKING:
    from ...game import Game
    from ...state import GameState

SYMBOLS = ("claw", "flame", "wing")
SLOTH_CATEGORY = MappingProxyType({"greed": "greed", "hunger": "hunger", "event": "pride", "dont_move": "pride", "place_gem": "pride"})


def gem_token(symbol: str) -> str:
    return f"gem_{symbol}"


@dataclass
class DragonState:
    health: int = 5
    max_health: int = 5
    surfaced: bool = False
    awake: bool = False
    placed: bool = False                    # his piece goes on the map at the start of his first turn (SET-36)
    sloth: dict[str, int] = field(default_factory=dict)      # box id -> cubes still on it
    capacity: dict[str, int] = field(default_factory=dict)   # box id -> spaces printed
    wakefulness: int = 0
    locked_hunger: int = 0                  # RV-14/RV-32: pre-moved Hunger cubes never go back to Hunger
    eaten: int = 0
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    treasure_held: int = 0                  # DR-51: extra Treasure tokens kept for later turns
    shriek: bool = False                    # the Shriek token is placed (DR-33)
    shriek_turns: list[int] = field(default_factory=list)   # turns he used Shriek (Ancient Dragon, DIF-12)
    # this turn
    phase: int = 1
    free_moved: bool = False
    moved: bool = False                     # any voluntary movement this turn (AMB-57)
    gems_spent: list[str] = field(default_factory=list)     # DR-19: Gem symbols spent this turn
    sloth_done: list[str] = field(default_factory=list)     # categories that gave a cube this turn (DR-61)
    # the dragon-scales variant (VAR-32..37)
    scale_deck: list[str] = field(default_factory=list)     # facedown, top first (secret order)
    scales_removed: list[str] = field(default_factory=list)  # the Platinum Scale once played (public)
    # the Knight's attacks (kept here so KnightState needs no new fields)
    knight_attack_turn: int = -1            # g.state.turn of her last attack on the underground Dragon


def dragon(g: Game) -> DragonState:
    d = g.state.dragon
    assert d is not None
    return d


def armor(g: Game) -> int:
    """DR-04/05: the Wakefulness row of the last cube; Ash Dragon adds 1 (4 at most)."""
    d = dragon(g)
    a, _ = g.rules.dragon.armor_spirit(d.wakefulness)
    if ash_dragon(g):
        a = min(g.rules.dragon.armor_max, a + 1)
    s = g.state.goblins
    if s is not None and s.slingshot == "dragon":     # promo Slingshot: −1 until the Goblins' turn ends
        a = max(0, a - 1)
    return a


def spirit(g: Game) -> int:
    d = dragon(g)
    return g.rules.dragon.armor_spirit(d.wakefulness)[1]


def ash_dragon(g: Game) -> bool:
    return gift_holder(g, "ash_dragon") is not None


def gift_holder(g: Game, card: str) -> str | None:
    key = f"gift:{card}"
    if key not in g.config.extra:
        rv = g.rules.role_variant(g.config.turn_order)
        g.config.extra[key] = rv.gift_holder(card)
    holder = g.config.extra[key]
    return holder if holder is None else str(holder)


GEM_KEYS = tuple((s, f"gem_{s}") for s in SYMBOLS)
_GEM_KEY_SET = frozenset(key for _, key in GEM_KEYS)


def gems_on_map(g: Game) -> dict[str, tuple[int, int]]:
    """Where each Dragon Gem lies on the map (hot path: plain dict lookups); a Gem the
    Thief carries counts as on the map, where he is, until he stashes it (TH-44, DR-57)."""
    out = {}
    for p, toks in g.state.board.tokens.items():
        if not toks or _GEM_KEY_SET.isdisjoint(toks):      # most spaces hold no Gem: one C-speed test
            continue
        for s, key in GEM_KEYS:
            if toks.get(key, 0) > 0:
                out[s] = p
    t = g.state.thief
    if t is not None and t.carried:
        where = g.state.board.pieces.get("thief")
        for c in t.carried:
            if c.startswith("gem_") and where is not None:
                out[c[len("gem_"):]] = where
    return out


def gems_in_supply(g: Game) -> list[str]:
    on = gems_on_map(g)
    return [s for s in SYMBOLS if s not in on]


def flame_wall_at(g: Game) -> tuple[int, int] | None:
    for p, toks in g.state.board.tokens.items():
        if toks["flamewall"] > 0:
            return p
    return None


def symbol_of(g: Game, card: str) -> str:
    return str(g.card(card).symbol)


def is_scale(card: str) -> bool:
    """A Scale card among his Power cards (VAR-34)."""
    return card.startswith("scale_")


def card_face(g: Game, card: str) -> str:
    """What a card in his hand shows: a Power card's symbol, or the Scale card's id."""
    return card if is_scale(card) else symbol_of(g, card)


def scales_variant(g: Game) -> bool:
    return bool(g.config.extra.get("dragon_scales"))


def scale_pays(g: Game, card: str) -> tuple[str, ...]:
    """The symbols a Scale may stand for when he pays a power: any one (the Golden Scale,
    VAR-35), one matching a Dragon Gem in his supply (the Silver Scale, VAR-36: none while
    all three are on the map), none (the Platinum Scale, VAR-37)."""
    pays = g.rules.scale_card(card).pays
    if pays == "any":
        return SYMBOLS
    if pays == "gem_in_supply":
        return tuple(gems_in_supply(g))
    return ()


def setup_dragon(g: Game, st: GameState) -> None:
    """SET for the Dragon: Sloth cubes in their boxes, Eaten Goblins 0, Health by the
    Knight's difficulty (DIF-04..08), 3 Power cards; variant Hunger cubes go to
    Wakefulness at once (RV-14, RV-23, RV-32, SOLO-11)."""
    rules = g.rules.dragon
    extra = g.config.extra
    health = int(extra.get("dragon_health", rules.start_health))
    d = DragonState(health=health, max_health=health)
    d.sloth = {box.id: box.cubes for box in rules.sloth}
    d.capacity = dict(d.sloth)
    moved = min(int(extra.get("hunger_to_wakefulness", 0)), d.sloth["hunger"])
    d.sloth["hunger"] -= moved
    d.wakefulness += moved
    if extra.get("cave_cannot_return_hunger"):
        d.locked_hunger = moved
    deck = list(g.rules.deck("powers"))
    g.rng.shuffle(deck)
    d.hand = deck[:rules.hand]
    d.deck = deck[rules.hand:]
    if scales_variant(g):                           # VAR-32: their own facedown deck, not the Power deck
        d.scale_deck = list(g.rules.deck("scales"))
        g.rng.shuffle(d.scale_deck)
    st.dragon = d


DRAGON_KEYS = frozenset({"health", "max_health", "surfaced", "awake", "placed", "sloth", "wakefulness", "locked_hunger", "eaten",
                         "hand", "treasure_held", "shriek", "shriek_turns", "deck", "scale_deck", "scales_removed"})
CARD_KEYS = ("hand", "deck", "scale_deck", "scales_removed")


def load_dragon(st: GameState, data: dict[str, Any]) -> None:
    """The scenario's ``dragon:`` section.  ``hand`` lists symbols (``[claw, flame]``) or
    card ids; ``sloth`` overrides boxes by id; ``placed`` defaults to whether the
    scenario's pieces name the Dragon.  The card keys are read by :func:`_load_cards`."""
    d = st.dragon
    assert d is not None
    for k, v in data.items():
        if k == "sloth":
            d.sloth.update(checked(d, "sloth", v, "dragon.sloth"))
        elif k not in CARD_KEYS:
            setattr(d, k, checked(d, k, copy.deepcopy(v), f"dragon.{k}"))
    if any(k in data for k in CARD_KEYS):
        _load_cards(d, data)
    if "placed" not in data:
        d.placed = "dragon" in st.board.pieces


def _load_cards(d: DragonState, data: dict[str, Any]) -> None:
    """``hand`` (else the dealt hand), ``deck`` (the top of his Power deck, the other Power
    cards after it) and, with the dragon-scales variant, ``scale_deck`` (the Scale deck, top
    first: a Scale named nowhere is already shuffled into his Power deck; else the dealt
    Scale deck) and ``scales_removed``.  Scale cards (``scale_golden`` ...) may be named in
    ``hand`` and ``deck``; the discard pile starts empty."""
    scales = sorted(set(d.scale_deck))
    pool = sorted(d.hand + d.deck + d.discard) + scales

    def take(key: str, names: list[str]) -> list[str]:
        out = []
        for c in names:
            cid = next((x for x in pool if x == c or x.split("#")[0] == f"power_{c}"), None)
            if cid is None:
                extra = " (Scale cards need the dragon-scales variant)" if is_scale(str(c)) and not scales else ""
                raise ScenarioError(f"dragon.{key}: no card {c!r} left{extra}")
            pool.remove(cid)
            out.append(cid)
        return out

    hand = take("hand", list(data.get("hand", d.hand)))
    top = take("deck", list(data.get("deck", [])))
    removed = take("scales_removed", list(data.get("scales_removed", [])))
    if "scale_deck" in data:
        scale_deck = take("scale_deck", list(data["scale_deck"]))
    else:
        scale_deck = [c for c in d.scale_deck if c in pool]
        for c in scale_deck:
            pool.remove(c)
    d.hand, d.deck, d.discard = hand, top + pool, []
    d.scale_deck, d.scales_removed = scale_deck, removed
