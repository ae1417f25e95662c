"""The Thief's Upgrade cards (the ``thief-upgrades`` variant, VAR-38..40, DATA-26): Charm,
Warlock's Wand and Cloak of the Mountebank.

At setup he draws one of the three and keeps it facedown (``ThiefState.upgrade_hand``: a
hidden zone only he sees; the other two wait in ``upgrade_box``, nobody's, VAR-38).  When he
stashes a Treasure token he may reveal the card and put the token on it instead of on a board
upgrade (VAR-39): the card moves to ``upgrade_shown`` and its id joins ``ThiefState.upgrades``
like a board upgrade, so Soporific Spores may knock it off (CV-24) and a later stash may put a
token on it again — the Wand keeping only its unused charges (VAR-40).

The Cloak works through ``state.stealth`` (carried loot −1 in all), :func:`check_carry`
(at most 2 items) and :func:`pickpocket_stealth_ok` (Stealth equal to the Perception is
enough for a Pickpocket).  Charm and the Wand are actions of his turn (option ids
``charm:<player>`` and ``wand:<piece>``), each once per turn; their rule checks
(:func:`check_charm`, :func:`check_wand`) build the options and answer a click on the card's
slots (``thief.charm.<player>``, ``thief.wand.<piece>``).

A player the Charm helped may not be targeted by his other actions that turn
(:func:`check_not_helped`), and a player he has already targeted may not be Charmed.  On the
[Vile] Ghoul the Charm gives +1 and the Wand −2 movement on its next turn
(``GhoulState.card_movement``, spent with the Backstab's cubes by ``ghoul.state.set_movement``).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...cards.omens import discard_omens
from ...decisions import Option, Target
from ...geometry import Pos, fmt_pos, manhattan
from ...kinds import DecisionKind
from ...map.board import visible
from ...map.terrain import forest_blocks
from ...reasons import Reason
from ..ghoul.state import PIECES as GHOUL_PIECES
from .state import ThiefState, thief, upgrade_name

if TYPE_CHECKING:
    from ...game import Game, Proc

CHARM, WAND, CLOAK = "charm", "warlocks_wand", "cloak_of_the_mountebank"
CARDS = (CHARM, WAND, CLOAK)
CLOAK_CARRY = 2                         # the Cloak: at most 2 items carried
CHARM_THIEVERY = 2
WAND_THIEVERY = 3
WAND_RANGE = 3
WAND_GRIT = 3
WAND_DISCARDS = 2
_NAMES = MappingProxyType({"knight": "the Knight", "goblins": "the Goblins", "dragon": "the Dragon", "cave": "the Cave",
                           "ghoul": "the Ghoul", "vile_ghoul": "the Vile Ghoul", "thief": "yourself"})
CHARM_MOVEMENT = 1                      # the Charm on the [Vile] Ghoul: +1 movement on its next turn
WAND_MOVEMENT = -2                      # the Wand on the [Vile] Ghoul: −2 movement on its next turn


def pos(g: Game) -> Pos | None:
    """His space (None off the map)."""
    return g.state.board.pieces.get("thief")


def player_of(piece: str) -> str:
    """The player a piece (or a player named for the Cave, who has none) belongs to."""
    return "goblins" if piece.startswith("tribe:") else piece


def _name(piece: str) -> str:
    if piece.startswith("tribe:"):
        return f"the {piece.split(':', 1)[1].title()} Tribe"
    return _NAMES.get(piece, piece)


def has(g: Game, card: str) -> bool:
    """Whether the Upgrade card ``card`` has a stashed token on it now (it works)."""
    t = g.state.thief
    return t is not None and card in t.upgrades


# ------------------------------------------------------------------ stashing (VAR-39)
def check_card_upgrade(g: Game, card: str) -> Reason | None:
    """VAR-39: a stashed Treasure token may go on his Upgrade card (revealing it) instead of
    on a board upgrade; VAR-40: a token knocked off it (Spores) may be replaced by a later one."""
    t = thief(g)
    if card not in t.upgrade_hand + t.upgrade_shown:
        return Reason("That Upgrade card is not yours: you drew one at setup and the others are back in the box.",
                      "VAR-38")
    if card in t.upgrades:
        return Reason(f"Your {upgrade_name(g, card)} already has its Treasure token.", "VAR-39")
    return None


def card_upgrade_options(g: Game) -> list[Option]:
    """VAR-39 (:func:`check_card_upgrade`): his Upgrade card, when it has no token yet."""
    t = thief(g)
    out = []
    for card in t.upgrade_hand + t.upgrade_shown:
        if check_card_upgrade(g, card) is None:
            how = "reveal it and put the token on it" if card in t.upgrade_hand else "put the token back on it"
            out.append(Option(f"upgrade:{card}", f"Upgrade card {g.card(card).name} ({how}): {g.card(card).text}",
                              (Target("slot", f"thief.upgrade.{card}"),)))
    return out


def take_card_upgrade(g: Game, card: str) -> None:
    """VAR-39: the card is revealed (for good) and the token put on it."""
    t = thief(g)
    if card in t.upgrade_hand:
        t.upgrade_hand.remove(card)
        t.upgrade_shown.append(card)
        g.log("upgrade_card_revealed", f"The Thief reveals his Upgrade card: {g.card(card).name}.", card=card)
    t.upgrades.append(card)
    if card == WAND:
        g.log("wand_charges", f"The Warlock's Wand has {t.wand_charges} charge{'s' if t.wand_charges != 1 else ''} "
              "left.", charges=t.wand_charges)


# ------------------------------------------------------------------ Cloak of the Mountebank
def check_carry(g: Game) -> Reason | None:
    """The Cloak: he may carry at most 2 items (Treasure tokens or Gems)."""
    t = thief(g)
    if has(g, CLOAK) and len(t.carried) >= CLOAK_CARRY:
        return Reason(f"With the Cloak of the Mountebank you carry at most {CLOAK_CARRY} items: stash them first.",
                      "thief.upgrade_cards")
    return None


def pickpocket_stealth_ok(g: Game, mine: int, theirs: int) -> bool:
    """The Cloak: a Pickpocket works when his Stealth equals or beats the Perception."""
    return mine > theirs or (has(g, CLOAK) and mine >= theirs)


# ------------------------------------------------------------------ helped players
def check_not_helped(g: Game, piece: str) -> Reason | None:
    """Charm: a player he helped this turn may not be targeted by his other actions."""
    t = g.state.thief
    if t is not None and player_of(piece) in t.helped:
        return Reason(f"You helped {_NAMES.get(player_of(piece), piece)} with the Charm this turn: you cannot also "
                      "target them.", "thief.upgrade_cards")
    return None


def _targeted(t: ThiefState, player: str) -> bool:
    return player in {player_of(x) for x in t.targeted}


def _on_crystal_tile(g: Game) -> bool:
    p = pos(g)
    tile = g.state.board.tiles.get(p) if p is not None else None
    return tile is not None and tile.terrain is None and g.tile(tile.tile_id).type == "crystal"


def _on_his_space(g: Game, piece: str) -> Reason | None:
    p, q = pos(g), g.state.board.pieces.get(piece)
    if q is None or p is None:
        return Reason(f"{_name(piece)[:1].upper()}{_name(piece)[1:]} is not on the map.", "thief.upgrade_cards")
    if q != p:
        return Reason(f"{_name(piece)[:1].upper()}{_name(piece)[1:]} is at {fmt_pos(q)}, not on your space: "
                      "the Charm helps a player on your space.", "thief.upgrade_cards")
    return None


# ------------------------------------------------------------------ Charm
def check_charm(g: Game, piece: str) -> Reason | None:
    """Charm: once per turn, free, a player on his space (the Cave: he stands on a Crystal
    tile), not one he targeted this turn; a dead Knight is no one's to help."""
    t = thief(g)
    if not has(g, CHARM):
        return Reason("The Charm works only once a stashed Treasure token is on it.", "VAR-39")
    if t.charm_turn == g.state.turn:
        return Reason("You have used the Charm this turn: once per turn.", "thief.upgrade_cards")
    player = player_of(piece)
    if player == "thief" or player not in g.state.roles:
        return Reason("The Charm helps another player in the game.", "thief.upgrade_cards")
    if player == "cave":
        if not _on_crystal_tile(g):
            return Reason("To help the Cave with the Charm you must stand on a Crystal tile.", "thief.upgrade_cards")
    else:
        where = _on_his_space(g, piece)
        if where is not None:
            return where
    if _targeted(t, player):
        return Reason(f"You have targeted {_NAMES[player]} this turn: the Charm cannot help them too.", "thief.upgrade_cards")
    if player == "knight" and g.state.knight is not None and g.state.knight.dead:
        return Reason("The Knight is dead: there is no one to help.", "thief.upgrade_cards")
    return None


def _charm_pieces(g: Game) -> list[str]:
    p = pos(g)
    out = [x for x, q in sorted(g.state.board.pieces.items()) if q == p and x != "thief"]
    if "cave" in g.state.roles:
        out.append("cave")
    return [x for x in out if check_charm(g, x) is None]       # each Tribe there helps the Goblins


_CHARM_GIFT = MappingProxyType({"knight": "+1 Strength on her next turn", "goblins": "draws 1 Secret",
                                "dragon": "draws 1 Power card", "cave": "draws 1 Omen token",
                                "ghoul": f"+{CHARM_MOVEMENT} movement on its next turn",
                                "vile_ghoul": f"+{CHARM_MOVEMENT} movement on its next turn"})


def charm_options(g: Game) -> list[Option]:
    """Charm (:func:`check_charm`): help a player for +2 Thievery."""
    if not has(g, CHARM):
        return []
    return [Option(f"charm:{x}", f"Charm: help {_name(x)} ({_NAMES[player_of(x)]} {_CHARM_GIFT[player_of(x)]}) "
                   f"for +{CHARM_THIEVERY} Thievery, free", (Target("slot", f"thief.charm.{x}"),))
            for x in _charm_pieces(g)]


def act_charm(g: Game, arg: str) -> Proc:
    """Charm: +2 Thievery (2 more Action cubes this turn) and the helped player's gift."""
    t = thief(g)
    player = player_of(arg)
    t.charm_turn = g.state.turn
    t.helped.append(player)
    t.cubes += CHARM_THIEVERY
    g.log("charm", f"The Thief uses the Charm to help {_NAMES[player]}: +{CHARM_THIEVERY} Thievery "
          f"({t.cubes} Action cubes).", target=player)
    if player == "knight":
        k = g.state.knight
        assert k is not None
        k.charm_strength_next += 1
        g.log("charm_knight", "The Knight will have +1 Strength on her next turn.")
    elif player == "goblins":
        yield from g.hooks.goblins.draw_secrets(g, 1)
    elif player == "dragon":
        g.hooks.dragon.draw_cards(g, 1, "the Thief's Charm")
    elif player in GHOUL_PIECES:
        _ghoul_movement(g, CHARM_MOVEMENT)
    else:
        from ...cards.omens import draw_omens
        draw_omens(g, 1, "the Thief's Charm")


def _ghoul_movement(g: Game, change: int) -> None:
    """The Charm (+1) or the Wand (−2) on the [Vile] Ghoul: its next turn's movement changes,
    with the Backstab's cubes, never below 0 (``ghoul.state.set_movement``)."""
    s = g.state.ghoul
    assert s is not None
    s.card_movement += change
    g.log("ghoul_card_movement_next", f"The {s.title} will have {'+' if change > 0 else '−'}{abs(change)} movement "
          "on its next turn.", change=change)


# ------------------------------------------------------------------ Warlock's Wand
def check_wand(g: Game, piece: str) -> Reason | None:
    """VAR-40, the Wand: once per turn, 1 Action cube and 1 of its 5 charges, aimed at
    himself or at a visible piece up to 3 spaces away (the Cave, with no piece: when he
    stands on a Crystal tile, as for the Charm); not at a player the Charm helped."""
    t = thief(g)
    if not has(g, WAND):
        return Reason("The Warlock's Wand works only once a stashed Treasure token is on it.", "VAR-39")
    if t.wand_charges <= 0:
        return Reason("The Warlock's Wand has no charges left: it does nothing now (its token stays).", "VAR-40")
    if t.wand_turn == g.state.turn:
        return Reason("You have used the Warlock's Wand this turn: once per turn.", "thief.upgrade_cards")
    if t.cubes < 1:
        return Reason("The Warlock's Wand costs 1 Action cube and you have none left.", "thief.upgrade_cards")
    if piece == "thief":
        return None
    player = player_of(piece)
    if player not in g.state.roles:
        return Reason("The Warlock's Wand is aimed at yourself or at a player in the game.", "thief.upgrade_cards")
    helped = check_not_helped(g, piece)
    if helped is not None:
        return helped
    if player == "knight" and g.state.knight is not None and g.state.knight.dead:
        return Reason("The Knight is dead: she is no one's target until she is back.", "RV-15")
    if player == "cave":
        return None if _on_crystal_tile(g) else Reason(
            "The Cave has no piece: aim the Warlock's Wand at it from a Crystal tile.", "thief.upgrade_cards")
    p, q = pos(g), g.state.board.pieces.get(piece)
    if p is None or q is None:
        return Reason(f"{_name(piece)[:1].upper()}{_name(piece)[1:]} is not on the map.", "thief.upgrade_cards")
    if manhattan(p, q) > WAND_RANGE:
        return Reason(f"{fmt_pos(q)} is {manhattan(p, q)} spaces away: the Warlock's Wand reaches {WAND_RANGE}.",
                      "thief.upgrade_cards")
    if not visible(g, p, q) or forest_blocks(g, p, q):
        return Reason(f"You cannot see {fmt_pos(q)} from your space: the Warlock's Wand aims at a visible piece.",
                      "thief.upgrade_cards")
    return None


_WAND_EFFECT = MappingProxyType({"thief": f"+{WAND_THIEVERY} Thievery this turn", "knight": f"she loses {WAND_GRIT} Grit",
                                 "goblins": "their Rage is set to 1", "dragon": f"he discards {WAND_DISCARDS} Power cards",
                                 "cave": f"it discards {WAND_DISCARDS} Omen tokens",
                                 "ghoul": f"−{-WAND_MOVEMENT} movement on its next turn",
                                 "vile_ghoul": f"−{-WAND_MOVEMENT} movement on its next turn"})


def wand_options(g: Game) -> list[Option]:
    """The Wand (:func:`check_wand`): himself, each piece in reach, the Cave from a Crystal tile."""
    if not has(g, WAND):
        return []
    pieces = ["thief", *sorted(x for x in g.state.board.pieces if x != "thief"), "cave"]
    return [Option(f"wand:{x}", f"Warlock's Wand at {_name(x)}: {_WAND_EFFECT[player_of(x)]} (1 cube, 1 charge of "
                   f"{thief(g).wand_charges})", (Target("slot", f"thief.wand.{x}"),))
            for x in pieces if check_wand(g, x) is None]


def act_wand(g: Game, arg: str) -> Proc:
    """VAR-40: 1 Action cube and 1 charge; the effect on the piece aimed at."""
    t = thief(g)
    player = player_of(arg)
    t.cubes -= 1
    t.wand_charges -= 1
    t.wand_turn = g.state.turn
    g.log("wand", f"The Thief aims the Warlock's Wand at {_name(arg)} ({t.wand_charges} charge"
          f"{'s' if t.wand_charges != 1 else ''} left).", target=arg, charges=t.wand_charges)
    if player == "thief":
        t.cubes += WAND_THIEVERY
        g.log("wand_thief", f"+{WAND_THIEVERY} Thievery: {t.cubes} Action cubes.")
    elif player == "knight":
        yield from g.hooks.knight.lose_grit(g, WAND_GRIT, "the Warlock's Wand")
    elif player == "goblins":
        s = g.hooks.goblins.gs(g)
        s.rage = max(g.rules.goblins.rage_min, min(1, g.rules.goblins.rage_max))
        g.log("rage", f"The Warlock's Wand sets the Goblins' Rage to {s.rage}.", rage=s.rage)
    elif player == "dragon":
        yield from g.hooks.dragon.discard_cards(g, WAND_DISCARDS, "The Warlock's Wand")
    elif player in GHOUL_PIECES:
        _ghoul_movement(g, WAND_MOVEMENT)
    else:
        yield from _cave_discards(g)


def _cave_discards(g: Game) -> Proc:
    """The Wand on the Cave: it discards 2 Omen tokens of its choice (back to the bag)."""
    assert g.state.cave is not None
    yield from discard_omens(g, WAND_DISCARDS, "The Warlock's Wand", DecisionKind.HEX_DISCARD, "thief.upgrade_cards")


def card_options(g: Game) -> list[Option]:
    """His Upgrade cards' actions this turn (Charm, the Wand)."""
    if g.state.thief is None or not g.state.thief.upgrade_shown:
        return []
    return charm_options(g) + wand_options(g)
