"""The Goblins' Secrets cards (GB-50..58).  GB-52: "You may play Secrets cards at any
time during your turn": they are offered at every Goblins' decision of their own turn
that is asked anyway (choosing the War card, Populate, assigning a Monster, the
Activate Tribes menu and each Tribe's activation).  The reactions keep their moment:
Leader during overpopulation, Trap face up (and discarded against an attack or a
Dragon power), Hiding Spots from the Activate Tribes menu.  Only the Goblins see the
options, so nothing leaks."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target, button, space
from ..geometry import Pos, adjacent, fmt_pos
from ..kinds import DecisionKind
from ..map.board import piece_name
from ..map.collapse import check_removable
from ..map.terrain import cells_of
from ..option_ids import arg_of, at, pos_arg
from ..reasons import Reason
from ..roles.goblins.state import TRIBES
from . import promo_secrets as promo
from .omens import discard_omens

if TYPE_CHECKING:
    from ..game import Game, Proc


def _name(g: Game, card: str) -> str:
    return str(g.card(card).name)


# ------------------------------------------------------------ rule checks
# One check per rule (see :mod:`..reasons`): a Secret in hand is offered exactly when
# :func:`check_play_secret` allows it, and a click on one the table cannot take is
# explained by the same call (``explain/goblins_thief.py``).
_LEADER = Reason("Leader is played only when overpopulation makes a Tribe scatter: then no Tribe scatters.", "GB-32")
_HIDING_SPOTS_MENU = Reason("Hiding Spots is played from the Activate Tribes menu, between activations.", "GB-54")
_NO_KNIGHT = Reason("Hiding Spots attacks the Knight, and she is not on the map.", "GB-54")
_IN_FOREST = Reason("The Knight is in the Mushroom Forest: Hiding Spots cannot reach her there.", "TR-26")
_NO_POISON = Reason("There is no Knight in this game: Poison works on her.", "goblins.secrets")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _again(g: Game, card: str, on: str = "") -> Reason:
    return Reason(f"{_name(g, card)} is already played this turn{on}.", "goblins.secrets")


def check_hiding_spots_tribe(g: Game, t: str, mine: int) -> Reason | None:
    """GB-54, GB-88: Hiding Spots springs a hidden Tribe (GB-65: with Population) whose
    Strength is greater than the Knight's Strength ``mine``."""
    gb = g.hooks.goblins
    if t not in gb.hidden_tribes(g):
        return Reason(f"{_cap(gb.tname(t))} is on the map: Hiding Spots springs a hidden Tribe.", "GB-54")
    if gb.tribe_population(g, t) <= 0:
        return Reason(f"{_cap(gb.tname(t))} has Population 0: it takes no action.", "GB-65")
    if gb.tribe_strength(g, t) <= mine:
        return Reason(f"{_cap(gb.tname(t))}'s Strength {gb.tribe_strength(g, t)} must be greater than the Knight's Strength "
                      f"{mine}.", "GB-54")
    return None


def check_hiding_spots(g: Game) -> Reason | None:
    """GB-54, TR-26: the Knight on the map, outside the Mushroom Forest, on or next to a Lit
    Ambush tile (walls do not matter), and a hidden Tribe :func:`check_hiding_spots_tribe`
    allows."""
    kp = g.state.board.pieces.get("knight")
    if kp is None or g.state.knight is None:
        return _NO_KNIGHT
    from ..map.terrain import in_forest
    if in_forest(g, kp):
        return _IN_FOREST
    gb = g.hooks.goblins
    if not (gb.is_ambush_tile(g, kp) or any(gb.is_ambush_tile(g, q) for _, q in adjacent(kp))):
        return Reason(f"The Knight at {fmt_pos(kp)} is neither on nor next to a Lit Ambush tile.", "GB-54")
    from ..roles.knight import board as kb
    mine = kb.strength(g)
    if any(check_hiding_spots_tribe(g, t, mine) is None for t in TRIBES):
        return None
    hidden = ", ".join(f"{gb.NAMES[t]} {gb.tribe_strength(g, t)}" for t in gb.hidden_tribes(g)
                       if gb.tribe_population(g, t) > 0) or "none with Population"
    return Reason(f"No hidden Tribe is stronger than the Knight's Strength {mine} (hidden: {hidden}).", "GB-54")


def hiding_spots_tribes(g: Game) -> list[str]:
    """The Tribes Hiding Spots may spring now (:func:`check_hiding_spots`,
    :func:`check_choose_tribe`)."""
    if check_hiding_spots(g) is not None:
        return []
    return [t for t in TRIBES if check_choose_tribe(g, "hiding_spots", t) is None]


def cave_in_targets(g: Game) -> list[tuple[int, int]]:
    """GB-53, COL-20/21: any tile but the Entrance, tiles with other players or Crystal tokens."""
    return list(_cave_in_spots(g))


def check_cave_in(g: Game, q: Pos) -> Reason | None:
    """COL-20/21, GB-53, COL-12, COL-16, COL-28: Cave-In removes any tile but the Entrance,
    a tile holding a Crystal token or another player's piece, and a tile whose Tribes could
    not leave it (:func:`~..map.collapse.check_removable`); a Terrain tile goes as a whole,
    chosen by its top-left space."""
    board = g.state.board
    t = board.tiles.get(q)
    if t is None:
        return Reason(f"There is no tile at {fmt_pos(q)} to remove.", "COL-20")
    spots = [q] if t.terrain is None else cells_of(g, t.terrain.tile)    # COL-28: a Terrain tile as a whole
    if q == board.entrance:
        return Reason(f"The tile at {fmt_pos(q)} holds the Entrance: Cave-In never removes it.", "COL-12")
    if any(board.tokens_at(s)["crystal"] for s in spots):
        return Reason(f"A Crystal token is on {fmt_pos(q)}: Cave-In removes no tile holding one.", "GB-53")
    others = sorted({x for s in spots for x in board.pieces_at(s) if not x.startswith("tribe:")})
    if others:
        who = " and the ".join(piece_name(x) for x in others)
        verb = "are" if len(others) > 1 else "is"
        return Reason(f"The {who} {verb} on {fmt_pos(q)}: Cave-In removes no tile holding another player.", "GB-53")
    if spots[0] != q:
        return Reason(f"A Terrain tile goes as a whole: click its space at {fmt_pos(spots[0])}.", "COL-20")
    return check_removable(g, q)


def _cave_in_spots(g: Game) -> Iterator[tuple[int, int]]:
    """:func:`cave_in_targets` one by one (playing the card needs only the first): the tiles
    :func:`check_cave_in` allows."""
    return (p for p in sorted(g.state.board.tiles) if check_cave_in(g, p) is None)


HEX_PLAYERS = ("knight", "cave", "dragon", "thief")


def hex_targets(g: Game) -> list[str]:
    """Hex: the players :func:`check_hex_target` allows."""
    return [r for r in HEX_PLAYERS if check_hex_target(g, r) is None]


def check_hex_target(g: Game, name: str) -> Reason | None:
    """GB-58 (Hex aims at another player with something to lose: the Knight's Grit, the
    Cave's Omen tokens, the Dragon's Power cards; the Thief always, on the map or waiting
    to come back: it lasts to their next turn), TR-26 (not a piece sheltered in the
    Mushroom Forest): may Hex target ``name`` (a role, or a piece clicked)?"""
    from ..map.terrain import in_forest

    if name.startswith("tribe:"):
        return Reason(f"Hex aims at another player, not at your {piece_name(name)}.", "GB-58")
    if name not in HEX_PLAYERS:
        return Reason(f"Hex aims at a player, not at the {piece_name(name)}.", "GB-58")
    if in_forest(g, g.state.board.pieces.get(name)):
        return Reason(f"The {piece_name(name)} is sheltered in the Mushroom Forest: Hex cannot reach it.", "TR-26")
    st = g.state
    if name == "knight" and (st.knight is None or st.knight.grit <= 0):
        return Reason("The Knight has 0 Grit: Hex has nothing to take from her.", "GB-58")
    if name == "cave" and (st.cave is None or sum(st.cave.omens.values()) <= 0):
        return Reason("The Cave has no Omen tokens: Hex has nothing to make it discard.", "GB-58")
    if name == "dragon" and (st.dragon is None or not st.dragon.hand):
        return Reason("The Dragon holds no Power cards: Hex has nothing to make him discard.", "GB-58")
    if name == "thief" and st.thief is None:
        return Reason("There is no Thief in this game for Hex to aim at.", "GB-58")
    return None


def check_play_secret(g: Game, card: str, reactions: bool = True) -> Reason | None:
    """May the Goblins play the Secret ``card`` from their hand now (GB-52: at a question of
    their own turn)?  Leader only against overpopulation (GB-32); Hiding Spots only from the
    Activate Tribes menu (``reactions``) and :func:`check_hiding_spots`; Cave-In and Hex
    scale with the Eye Population and need something to act on (GB-53, GB-58, TR-26); Poison
    needs the Knight; Poison, Secret Tunnels, Blind Fury and Fire Bomber once a turn."""
    s = g.hooks.goblins.gs(g)
    base = card.split("#")[0]
    if g.card(card).handler == "scheme":                 # VAR-25: Schemes are bought, never played
        return check_play_scheme(g, card)
    if base == "leader":
        return _LEADER
    if base == "hiding_spots":
        return check_hiding_spots(g) if reactions else _HIDING_SPOTS_MENU
    if base == "cave_in":
        if s.population["eye"] <= 0:
            return Reason("Cave-In removes up to as many tiles as the Eye Tribe's Population, 0 now.", "GB-53")
        if next(_cave_in_spots(g), None) is None:
            return Reason("No tile can be Caved-In: the Entrance and the tiles with another player or a Crystal token "
                          "stay.", "GB-53")
        return None
    if base == "hex":
        if s.population["eye"] <= 0:
            return Reason("Hex's X is the Eye Tribe's Population, 0 now: it would take nothing.", "GB-58")
        if not hex_targets(g):
            return Reason("No player can be Hexed now: none outside the Mushroom Forest has Grit, Omen tokens or "
                          "Power cards to lose, and there is no Thief.", "GB-58")
        return None
    if base == "poison":
        return _NO_POISON if g.state.knight is None else _again(g, card) if s.poison else None
    if base == "secret_tunnels":
        return _again(g, card) if s.tunnels else None
    if base == "cave_mushrooms":
        return promo.check_play_mushrooms(g)
    if base in ("blind_fury", "fire_bomber"):
        tribe = getattr(s, base)
        return None if tribe is None else _again(g, card, f", on {g.hooks.goblins.tname(tribe)}")
    return None


def check_play_scheme(g: Game, card: str) -> Reason:
    """VAR-25: a Scheme in hand is never played; it works only once bought
    (roles/goblins/schemes.py)."""
    return Reason(f"{_name(g, card)} is a Scheme: it works only once bought, with Treasure when a Tribe plunders "
                  "a Treasure token or a Gem.", "VAR-25")


def check_held(g: Game, card: str) -> Reason | None:
    """GB-50/51: the Goblins play or discard only the Secrets they hold (in hand or face up)."""
    s = g.hooks.goblins.gs(g)
    if card in s.hand or card in s.face_up:
        return None
    hand = ", ".join(_name(g, c) for c in s.hand) or "none"
    return Reason(f"You do not hold {_name(g, card)}: your Secrets in hand are {hand}.", "GB-50")


def secret_waits(g: Game, card: str) -> Reason:
    """GB-52: Secrets are played at the questions of the Goblins' own turn, between its
    steps — not in the middle of another player's turn or of a step being resolved."""
    name = _name(g, card)
    if g.state.active != "goblins":
        return Reason(f"Secrets are played during your own turn: it is the {g.state.active.title()}'s turn now.",
                      "GB-52")
    return Reason(f"Finish this step first; then {name} may be played.", "GB-52")


def check_choose_tribe(g: Game, secret: str, t: str) -> Reason | None:
    """The Tribe a Secret drives: Blind Fury and Fire Bomber any of the Goblins' Tribes;
    Hiding Spots a hidden one stronger than the Knight (:func:`check_hiding_spots_tribe`);
    the promo Cave Mushrooms one that may be activated now (``promo.check_mushrooms_tribe``)."""
    if secret == "cave_mushrooms":
        return promo.check_mushrooms_tribe(g, t)
    if secret == "hiding_spots":
        from ..roles.knight import board as kb
        return check_hiding_spots_tribe(g, t, kb.strength(g))
    return None


def check_choose_piece(g: Game, secret: str, name: str) -> Reason | None:
    """The piece chosen for Blind Fury, Fire Bomber or Hiding Spots: one of the Goblins' own
    Tribes (:func:`check_choose_tribe`)."""
    if not name.startswith("tribe:"):
        from ..map.board import piece_name
        return Reason(f"{_name(g, secret)} drives one of your own Tribes, not the {piece_name(name)}.", "goblins.secrets")
    return check_choose_tribe(g, secret, name.split(":", 1)[1])


def playable(g: Game, card: str) -> bool:
    """Whether :func:`check_play_secret` allows ``card`` (Hiding Spots: in the Activate
    Tribes menu)."""
    return check_play_secret(g, card) is None


def secret_options(g: Game, reactions: bool = True) -> list[Option]:
    """The Secrets in hand :func:`check_play_secret` lets the Goblins play now
    (``reactions=False``: a question other than the Activate Tribes menu, no Hiding Spots)."""
    s = g.hooks.goblins.gs(g)
    return [Option(f"secret:{c}", f"Play {_name(g, c)}", (Target("card", c),))
            for c in dict.fromkeys(s.hand) if check_play_secret(g, c, reactions) is None]


def play_secret(g: Game, card: str) -> Proc:
    s = g.hooks.goblins.gs(g)
    base = card.split("#")[0]
    s.hand.remove(card)
    if g.card(card).face_up:
        s.face_up.append(card)
        g.log("secret", f"The Goblins play {_name(g, card)} face up.", card=card)
        return
    s.secrets_discard.append(card)
    g.log("secret", f"The Goblins play {_name(g, card)}.", card=card)
    yield from EFFECTS[base](g, card)


def _choose_tribe(g: Game, why: str, secret: str) -> Proc:
    """The Tribe the Secret ``secret`` drives (:func:`check_choose_tribe`); which Secret asks
    is a public fact of the decision (the card is played face up to the table)."""
    opts = [Option(f"tribe:{t}", g.hooks.goblins.NAMES[t], (Target("piece", g.hooks.goblins.piece(t)),)) for t in TRIBES
            if check_choose_tribe(g, secret, t) is None]
    choice = yield g.ask("goblins", DecisionKind.CHOOSE_TRIBE, why, opts, rules_ref="goblins.secrets",
                         about={"secret": secret})
    return arg_of(choice.id)


def _tunnels(g: Game, card: str) -> Proc:
    g.hooks.goblins.gs(g).tunnels = True
    return
    yield


def _blind_fury(g: Game, card: str) -> Proc:
    t = yield from _choose_tribe(g, "Blind Fury: choose the Tribe that loses no Population on Lit tiles this turn", "blind_fury")
    g.hooks.goblins.gs(g).blind_fury = t
    g.log("blind_fury", f"Blind Fury drives {g.hooks.goblins.tname(t)}.")


def _fire_bomber(g: Game, card: str) -> Proc:
    t = yield from _choose_tribe(g, "Fire Bomber: choose the Tribe that gets +2 Strength this turn", "fire_bomber")
    g.hooks.goblins.gs(g).fire_bomber = t
    g.log("fire_bomber", f"Fire Bomber: {g.hooks.goblins.tname(t)} has +2 Strength this turn.")


def _poison(g: Game, card: str) -> Proc:
    g.hooks.goblins.gs(g).poison = True
    return
    yield


def _hiding_spots(g: Game, card: str) -> Proc:
    t = yield from _choose_tribe(g, "Hiding Spots: choose the hidden Tribe that attacks the Knight", "hiding_spots")
    yield from g.hooks.goblins.attack_knight(g, t, "springs from hiding and attacks")


def _cave_in(g: Game, card: str) -> Proc:
    """Remove up to Eye-Population tiles (COL-20/21); like Wrath, all of them first, then
    the tiles bound for the stack are shuffled under it, the map is reconnected once and
    the open edges filled once (COL-23..25, MAP-41)."""
    from ..map.collapse import finish_removals, remove_tile

    n = g.hooks.goblins.tribe_population(g, "eye")
    batch: list[str] = []
    for i in range(n):
        targets = cave_in_targets(g)
        if not targets:
            break
        opts = [Option(at("remove", p), f"Cave-In the tile at {fmt_pos(p)}", (space(p),)) for p in targets]
        opts.append(Option("stop:", "Stop", (button("done"),)))
        choice = yield g.ask("goblins", DecisionKind.CAVE_IN, f"Cave-In: remove a tile ({i} of up to {n} removed)", opts,
                             rules_ref="goblins.cave_in")
        if choice.id == "stop:":
            break
        yield from remove_tile(g, pos_arg(choice.id), "goblins", collapse_removal=False, batch=batch)
    yield from finish_removals(g, batch, "goblins")


def _hex(g: Game, card: str) -> Proc:
    """GB-58: X = the Eye Population; not an attack (GEN-08: no Unnatural Evasion, TH-37).
    On the Thief: −X Stealth until the Goblins' next turn (COMPONENT_DATA; cleared when
    their turn starts).  Hex is the Goblins player's card, not a Tribe's action, so no
    Tribe's Perception is compared with his Stealth (TH-30 speaks of Tribes' Perception)."""
    x = g.hooks.goblins.tribe_population(g, "eye")
    names = {"knight": f"The Knight loses {x} Grit", "cave": f"The Cave discards {x} Omen token(s)",
             "dragon": f"The Dragon discards {x} Power card(s)",
             "thief": f"The Thief has {x} less Stealth until your next turn"}
    where = {"knight": Target("piece", "knight"), "cave": Target("slot", "cave.omens"), "dragon": Target("piece", "dragon"),
             "thief": Target("piece", "thief")}
    opts = [Option(f"hex:{r}", names[r], (where[r],)) for r in hex_targets(g)]
    choice = yield g.ask("goblins", DecisionKind.HEX_TARGET, "Hex: choose a player", opts, rules_ref="goblins.hex")
    target = arg_of(choice.id)
    if target == "knight":
        from ..roles.knight.board import lose_grit
        yield from lose_grit(g, x, "Hex")
        return
    if target == "dragon":                       # Hex on the Dragon: he discards X Power cards
        discard_cards = g.hooks.dragon.discard_cards
        yield from discard_cards(g, x, "Hex")
        return
    if target == "thief":
        from ..roles.thief.state import stealth
        g.state.thief.hex_stealth += x
        g.log("hex_thief", f"Hex: the Thief has {x} less Stealth until the Goblins' next turn (Stealth "
              f"{stealth(g)}).", n=x)
        return
    assert g.state.cave is not None
    yield from discard_omens(g, x, "Hex", DecisionKind.HEX_DISCARD, "goblins.hex")


EFFECTS: MappingProxyType[str, Callable[[Game, str], Proc]] = MappingProxyType({
    "secret_tunnels": _tunnels,
    "cave_in": _cave_in,
    "poison": _poison,
    "blind_fury": _blind_fury,
    "fire_bomber": _fire_bomber,
    "hex": _hex,
    "hiding_spots": _hiding_spots,
    "cave_mushrooms": promo.mushrooms,
    "meat": promo.meat,
})
