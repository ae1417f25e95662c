"""The Goblins' Secrets cards (GB-50..58).  GB-52: "You may play Secrets cards at any
time during your turn": they are offered at every Goblins' decision of their own turn
that is asked anyway (choosing the War card, Populate, assigning a Monster, the
Activate Tribes menu and each Tribe's activation).  The reactions keep their moment:
Leader during overpopulation, Trap face up (and discarded against an attack or a
Dragon power), Hiding Spots from the Activate Tribes menu.  Only the Goblins see the
options, so nothing leaks."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..decisions import Option, Target, button, space
from ..geometry import Pos, adjacent, fmt_pos, parse_pos
from ..map.board import piece_name
from ..map.collapse import check_removable
from ..map.terrain import cells_of
from ..reasons import Reason
from ..roles.goblins.state import TRIBES

if TYPE_CHECKING:
    from ..game import Game, Proc


def _name(g: Game, card: str) -> str:
    return str(g.card(card).name)


def hiding_spots_tribes(g: Game) -> list[str]:
    """A hidden Tribe stronger than the Knight, with her on or next to a Lit Ambush tile
    (walls do not matter, GB-54)."""
    kp = g.state.board.pieces.get("knight")
    if kp is None or g.state.knight is None:
        return []
    from ..map.terrain import in_forest
    if in_forest(g, kp):                                             # TR-26: Hiding Spots
        return []
    if not (g.hooks.goblins.is_ambush_tile(g, kp) or any(g.hooks.goblins.is_ambush_tile(g, q) for _, q in adjacent(kp))):
        return []
    from ..roles.knight import board as kb
    mine = kb.strength(g)
    return [t for t in g.hooks.goblins.hidden_tribes(g) if g.hooks.goblins.tribe_population(g, t) > 0 and g.hooks.goblins.tribe_strength(g, t) > mine]


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


def hex_targets(g: Game) -> list[str]:
    """Hex: a player with something to lose, not a piece sheltered in the Mushroom Forest (TR-26)."""
    from ..map.terrain import in_forest
    board = g.state.board
    out = [r for r in _hex_candidates(g) if not in_forest(g, board.pieces.get(r))]
    return out


def _hex_candidates(g: Game) -> list[str]:
    out = []
    if g.state.knight is not None and g.state.knight.grit > 0:
        out.append("knight")
    if g.state.cave is not None and sum(g.state.cave.omens.values()) > 0:
        out.append("cave")
    if g.state.dragon is not None and g.state.dragon.hand:
        out.append("dragon")
    if g.state.thief is not None:          # on the map or waiting to come back: it lasts to their next turn
        out.append("thief")
    return out


def playable(g: Game, card: str) -> bool:
    s = g.hooks.goblins.gs(g)
    base = card.split("#")[0]
    if base in ("leader",):
        return False
    if base == "hiding_spots":
        return bool(hiding_spots_tribes(g))
    if base == "cave_in":
        return s.population["eye"] > 0 and next(_cave_in_spots(g), None) is not None
    if base == "hex":
        return s.population["eye"] > 0 and bool(hex_targets(g))
    if base == "poison":
        return g.state.knight is not None and not s.poison
    if base == "secret_tunnels":
        return not s.tunnels
    if base in ("blind_fury", "fire_bomber"):
        return getattr(s, base) is None
    return True


REACTIONS = ("hiding_spots",)     # kept to the Activate Tribes menu


def secret_options(g: Game, reactions: bool = True) -> list[Option]:
    """The Secrets the Goblins may play now (``reactions=False``: not Hiding Spots)."""
    s = g.hooks.goblins.gs(g)
    return [Option(f"secret:{c}", f"Play {_name(g, c)}", (Target("card", c),))
            for c in dict.fromkeys(s.hand) if playable(g, c) and (reactions or c.split("#")[0] not in REACTIONS)]


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


def _choose_tribe(g: Game, why: str, tribes: list[str]) -> Proc:
    opts = [Option(f"tribe:{t}", g.hooks.goblins.NAMES[t], (Target("piece", g.hooks.goblins.piece(t)),)) for t in tribes]
    choice = yield g.ask("goblins", "choose_tribe", why, opts, rules_ref="goblins.secrets")
    return choice.id.split(":", 1)[1]


def _tunnels(g: Game, card: str) -> Proc:
    g.hooks.goblins.gs(g).tunnels = True
    return
    yield


def _blind_fury(g: Game, card: str) -> Proc:
    t = yield from _choose_tribe(g, "Blind Fury: which Tribe loses no Population on Lit tiles this turn?", list(TRIBES))
    g.hooks.goblins.gs(g).blind_fury = t
    g.log("blind_fury", f"Blind Fury drives {g.hooks.goblins.tname(t)}.")


def _fire_bomber(g: Game, card: str) -> Proc:
    t = yield from _choose_tribe(g, "Fire Bomber: which Tribe gets +2 Strength this turn?", list(TRIBES))
    g.hooks.goblins.gs(g).fire_bomber = t
    g.log("fire_bomber", f"Fire Bomber: {g.hooks.goblins.tname(t)} has +2 Strength this turn.")


def _poison(g: Game, card: str) -> Proc:
    g.hooks.goblins.gs(g).poison = True
    return
    yield


def _hiding_spots(g: Game, card: str) -> Proc:
    tribes = hiding_spots_tribes(g)
    t = yield from _choose_tribe(g, "Hiding Spots: which hidden Tribe attacks the Knight?", tribes)
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
        opts = [Option(f"remove:{fmt_pos(p)}", f"Cave-In the tile at {fmt_pos(p)}", (space(p),)) for p in targets]
        opts.append(Option("stop:", "Stop", (button("done"),)))
        choice = yield g.ask("goblins", "cave_in", f"Cave-In: remove a tile ({i} of up to {n} removed)", opts,
                             rules_ref="goblins.cave_in")
        if choice.id == "stop:":
            break
        yield from remove_tile(g, parse_pos(choice.id.split(":", 1)[1]), "goblins", collapse_removal=False, batch=batch)
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
    choice = yield g.ask("goblins", "hex_target", "Hex: choose a player", opts, rules_ref="goblins.hex")
    target = choice.id.split(":", 1)[1]
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
    cave = g.state.cave
    assert cave is not None
    for _ in range(x):
        syms = sorted(s for s, n in cave.omens.items() if n > 0)
        if not syms:
            return
        opts = [Option(f"omen:{s}", f"Discard a {s} token") for s in syms]
        choice = yield g.ask("cave", "hex_discard", "Hex: discard an Omen token", opts, rules_ref="goblins.hex")
        sym = choice.id.split(":", 1)[1]
        cave.omens[sym] -= 1
        g.state.omen_bag[sym] += 1
        g.log("omen_discarded", f"Hex: the Cave discards a {sym} Omen token.")


EFFECTS: dict[str, Callable[[Game, str], Proc]] = {
    "secret_tunnels": _tunnels,
    "cave_in": _cave_in,
    "poison": _poison,
    "blind_fury": _blind_fury,
    "fire_bomber": _fire_bomber,
    "hex": _hex,
    "hiding_spots": _hiding_spots,
}
