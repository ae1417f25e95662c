"""The Ghoul's attacks and what follows them: the cost in Ghoul discs (GH-16), what each
role loses (GH-18..23), the Fury track with its Terror cards (GH-24, GH-26), and the
skitter (GH-39..41) — also after another player attacks it (GH-31).

Other roles reach the Ghoul's side through :func:`skitter` (via the meetings and the hooks),
never through its turn.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...decisions import Option, Target, space
from ...game import GameOver, Outcome
from ...geometry import Pos, fmt_pos
from ...kinds import DecisionKind
from ...map.board import is_dark, owner, piece_name, unoccupied
from ...map.terrain import impassable
from ...option_ids import arg_of, at, pos_arg
from ...reasons import Reason
from ..dragon.state import armor
from ..knight.board import active_cubes
from ..knight.board import strength as knight_strength
from ..thief.state import stealth as thief_stealth
from .state import ghoul, me, title
from .terror import draw_terror, keep_one_of
from .vile.chart import check_attack_value
from .vile.state import attack_now, hunted, is_vile, smash_goal

if TYPE_CHECKING:
    from ...game import Game, Proc


# ------------------------------------------------------------------ GH-16/17
def defence(g: Game, piece: str) -> int:
    """The target's defence statistic (GH-16): the Knight's Strength, a Tribe's Strength, the
    Dragon's Armor, the Thief's Stealth."""
    if piece == "knight":
        return knight_strength(g)
    if piece == "dragon":
        return armor(g)
    if piece == "thief":
        return thief_stealth(g)
    return g.hooks.goblins.tribe_strength(g, piece.split(":", 1)[1])


def attack_cost(g: Game, piece: str) -> int:
    """GH-16: 1 + the target's defence, in Ghoul discs (never below 1)."""
    return g.rules.ghoul.attack_cost_base + max(0, defence(g, piece))


def check_target(g: Game, piece: str, where: Pos | None) -> Reason | None:
    """GH-16/17: the piece is on ``where`` (its space, or the space it enters to attack),
    not yet attacked this turn, and it has the discs."""
    s = ghoul(g)
    name = piece_name(piece)
    at_ = g.state.board.pieces.get(piece)
    if where is None or at_ != where:
        return Reason(f"The {title(g)} attacks only a piece on its own space, and the {name} is not there.", "GH-16")
    if piece in s.attacked:
        return Reason(f"The {title(g)} already attacked the {name} this turn.", "GH-17")
    if is_vile(g):                                          # VG-12: Attack above its defence, nothing spent
        return check_attack_value(attack_now(g), defence(g, piece), name)
    cost = attack_cost(g, piece)
    if s.attack < cost:
        return Reason(f"Attacking the {name} costs {cost} Ghoul discs (1 + its defence {cost - 1}); you have "
                      f"{s.attack}.", "GH-16")
    return None


# ------------------------------------------------------------------ GH-18..24
def attack(g: Game, piece: str) -> Proc:
    """Pay the discs, resolve the attack on ``piece`` (GH-18..23), gain 1 Fury and skitter (GH-24)."""
    s = ghoul(g)
    vile = is_vile(g)
    s.attacked.append(piece)
    if vile:                                                # VG-13: no discs removed, Attack stays
        g.log("ghoul_attack", f"The Vile Ghoul attacks the {piece_name(piece)} (Attack {attack_now(g)} against "
              f"defence {defence(g, piece)}).", target=piece)
    else:
        cost = attack_cost(g, piece)
        s.attack -= cost
        g.log("ghoul_attack", f"The {title(g)} attacks the {piece_name(piece)} ({cost} Ghoul discs).", target=piece)
    role = owner(piece)
    hit = True
    if role == "knight":
        yield from _attack_knight(g)
    elif role == "goblins":
        yield from g.hooks.goblins.scatter(g, piece.split(":", 1)[1], f"the {title(g)}'s attack")   # GH-19
    elif role == "dragon":
        yield from _attack_dragon(g)
    elif role == "thief":
        hit = yield from _attack_thief(g)
    if vile:                                                # VG-15: a Terror card per successful attack
        if hit:
            yield from draw_terror(g, g.rules.vile_ghoul.terror_per_attack)
    else:
        yield from gain_fury(g, g.rules.ghoul.fury_per_attack, f"attacked the {piece_name(piece)}")
    yield from skitter(g, role)


def _attack_knight(g: Game) -> Proc:
    """GH-18: she loses 1 Grit per Hero cube she has, or 1 Health, or 1 Treasure card (to the
    bottom of the Treasure deck) — her choice."""
    k = g.state.knight
    assert k is not None
    if is_vile(g):                                          # VG-13: the Knight must lose 1 Health
        g.log("vile_attack_knight", "The Vile Ghoul's attack: the Knight must lose 1 Health.")
        g.hooks.knight.lose_health(g, 1, "the Vile Ghoul's attack", me(g))
        return
    cubes = active_cubes(k)
    opts = [Option("loss:grit", f"Lose {cubes} Grit (1 per Hero cube)", (Target("slot", "knight.grit"),)),
            Option("loss:health", "Lose 1 Health", (Target("slot", "knight.health"),))]
    opts += [Option(f"loss:{c}", f"Lose the {g.card(c).name} (to the bottom of the Treasure deck)", (Target("card", c),))
             for c in dict.fromkeys(k.treasures)]
    choice = yield g.ask("knight", DecisionKind.GHOUL_ATTACKED, f"The {title(g)} attacks you: choose what you lose", opts,
                         rules_ref="ghoul.attacks")
    what = arg_of(choice.id)
    if what == "grit":
        yield from g.hooks.knight.lose_grit(g, cubes, f"the {title(g)}'s attack")
    elif what == "health":
        g.hooks.knight.lose_health(g, 1, f"the {title(g)}'s attack", me(g))
    else:
        g.hooks.cards.lose_treasure(g, what, f"the {title(g)}'s attack", to_deck=True)
        g.log("ghoul_treasure_lost", "The Knight puts a Treasure card at the bottom of the Treasure deck.")


def _attack_dragon(g: Game) -> Proc:
    """GH-20: he discards Power cards equal to his Armor, loses 1 Health, or returns 1 Sloth
    cube from Wakefulness to an open Sloth space (his choice)."""
    d = g.state.dragon
    assert d is not None
    a = armor(g)
    opts = [Option("loss:health", "Lose 1 Health", (Target("slot", "dragon.health"),))]
    if 0 < a <= len(d.hand):
        opts.insert(0, Option("loss:cards", f"Discard {a} Power card(s)", (Target("slot", "dragon.hand"),)))
    names = {box.id: box.name for box in g.rules.dragon.sloth}
    opts += [Option(f"loss:sloth:{b}", f"Return a Sloth cube from Wakefulness to {names.get(b, b)}",
                    (Target("slot", f"dragon.sloth.{b}"),)) for b in g.hooks.dragon.spores_boxes(g)]
    if is_vile(g) and hunted(g) == "dragon":                # VG-13: the role it must kill loses Health
        opts = [o for o in opts if o.id == "loss:health"]
    choice = yield g.ask("dragon", DecisionKind.GHOUL_ATTACKED, f"The {title(g)} attacks you: choose what you lose", opts,
                         rules_ref="ghoul.attacks")
    if choice.id == "loss:cards":
        yield from g.hooks.dragon.discard_cards(g, a, f"The {title(g)}'s attack")
        return
    what, _, box = arg_of(choice.id).partition(":")
    if what == "sloth":
        d.wakefulness -= 1
        d.sloth[box] += 1
        g.log("ghoul_sloth", f"The Dragon returns a Sloth cube from Wakefulness to {names.get(box, box)}; "
              f"Wakefulness {d.wakefulness}.", box=box)
        return
    try:
        g.hooks.dragon.damage_dragon(g, 1, me(g), f"the {title(g)}'s attack")
    except GameOver:
        if "dragon" in tuple(g.config.extra.get("ghoul_kills", ())):
            raise GameOver(Outcome((me(g),), f"The {title(g)} has slain the Dragon!")) from None
        raise GameOver(Outcome((), f"The {title(g)} has slain the Dragon: nobody wins.")) from None


def _attack_thief(g: Game) -> Proc:
    """GH-23: he is killed (Unnatural Evasion may foil it); the Ghoul draws Terror cards equal
    to his Loot Drop Level (at least 1), keeps 1 and puts the rest at the bottom of the deck.
    Returns whether he died (the Vile Ghoul's attack succeeded, VG-15)."""
    t = g.state.thief
    assert t is not None
    level = t.loot_drop
    died = yield from g.hooks.thief.attack_thief(g, me(g), f"the {title(g)}", False)
    if died:
        yield from keep_one_of(g, max(1, level), "killed the Thief")
    return bool(died)


# ------------------------------------------------------------------ GH-22
def smash_crystal(g: Game) -> None:
    """GH-22: 3 Ghoul discs; the Crystal counts toward the others' victory conditions too."""
    s = ghoul(g)
    p = g.state.board.pieces[me(g)]
    if not is_vile(g):                                      # VG-12: the Vile Ghoul spends nothing
        s.attack -= g.rules.ghoul.smash_discs
    g.state.board.tokens_at(p)["crystal"] -= 1
    s.smashed += 1
    g.state.crystals_smashed_total += 1
    gb = g.state.goblins
    if g.state.knight is not None:
        g.state.knight.smashed += 1
    elif gb is not None:                                    # the Goblins' own count without a Knight
        gb.crystals += 1
    g.log("ghoul_smash", f"The {title(g)} smashes the Crystal at {fmt_pos(p)} ({s.smashed} smashed).", pos=p)
    goal = smash_goal(g) if is_vile(g) else None
    if goal is not None and s.smashed >= goal:              # Cave vs Vile Ghoul: the Crystals alone win
        raise GameOver(Outcome((me(g),), f"The Vile Ghoul smashed {s.smashed} Crystals."))
    if g.state.knight is None and gb is not None and gb.crystals >= g.config.crystals_needed:
        raise GameOver(Outcome(("goblins",), f"The {title(g)}'s smash brings the Goblins' Crystals to {gb.crystals}: "
                               "the Goblins win."))


# ------------------------------------------------------------------ GH-24/26: Fury
def gain_fury(g: Game, n: int, why: str) -> Proc:
    """GH-26: +1 Fury at a time; each even space reached draws a Terror card (GH-27)."""
    s = ghoul(g)
    track = g.rules.ghoul.fury_track
    for _ in range(n):
        if s.fury >= track.top:
            break
        s.fury += 1
        g.log("ghoul_fury", f"The {title(g)} gains 1 Fury ({why}): Fury {s.fury}.", fury=s.fury)
        if s.fury in track.terror_spaces:
            yield from draw_terror(g, 1)


# ------------------------------------------------------------------ GH-39..41: skitter
def skitter_other(g: Game, attacker: str | None) -> str | None:
    """GH-39/40: the other player in the attack names the symbol: the attacker or the target
    (a role in play other than the Ghoul); a smash names the Cave if a person plays it."""
    if attacker is not None and attacker != me(g) and g.has(attacker):
        return attacker
    if attacker is None and g.has("cave"):
        return "cave"
    return None


def skitter_spaces(g: Game) -> list[Pos]:
    """GH-39: the unoccupied Dark tiles (other than its own space)."""
    here = g.state.board.pieces.get(me(g))
    return [p for p in sorted(g.state.board.tiles) if p != here and is_dark(g, p) and unoccupied(g, p)]


def _symbol(g: Game, p: Pos) -> str:
    return str(g.tile(g.state.board.tiles[p].tile_id).tribe or "")


def check_symbol(g: Game, symbol: str) -> Reason | None:
    """GH-39: the symbol named is shown on some unoccupied Dark tile."""
    if not any(_symbol(g, p) == symbol for p in skitter_spaces(g)):
        return Reason(f"No unoccupied Dark tile shows the {symbol.title()} symbol.", "GH-39")
    return None


def skitter(g: Game, other: str | None) -> Proc:
    """GH-39: the other player names a Dark-tile symbol shown on an unoccupied Dark tile and the
    Ghoul moves to any unoccupied Dark tile with it; GH-40: with no other player the top tile
    of the Cave stack names it (during the Collapse, a random one); GH-41: with no unoccupied
    Dark tile, any unoccupied space around the Entrance.  GH-42 (the house rule
    ``ghoul_skitter_variant``): with another player in the attack the Ghoul names the symbol and
    that player places it (around the Entrance too)."""
    if me(g) not in g.state.board.pieces:
        return
    who = skitter_other(g, other) if other is not None else None
    variant = who is not None and "ghoul_skitter_variant" in g.setup.house_rules
    namer, placer = (me(g), who) if variant else (who, me(g))
    assert placer is not None
    spots = skitter_spaces(g)
    if not spots:
        spots = entrance_spaces(g)
        if not spots:
            g.log("ghoul_no_skitter", f"There is nowhere for the {title(g)} to skitter: it stays.")
            return
        yield from _skitter_to(g, [p for p in spots if check_skitter_space(g, p, "") is None], "around the Entrance",
                               placer)
        return
    symbols = [sym for sym in g.rules.ghoul.skitter_symbols if check_symbol(g, sym) is None]
    if namer is not None and len(symbols) > 1:
        opts = [Option(f"symbol:{sym}", f"The {sym.title()} symbol", (Target("slot", f"ghoul.symbol.{sym}"),))
                for sym in symbols]
        choice = yield g.ask(namer, DecisionKind.GHOUL_SKITTER_SYMBOL, f"The {title(g)} skitters: name a Dark-tile symbol",
                             opts, rules_ref="ghoul.skitter")
        symbol = arg_of(choice.id)
    elif len(symbols) == 1:
        symbol = symbols[0]
    else:
        symbol = _symbol_without_player(g, symbols)
        g.log("ghoul_symbol", f"The {symbol.title()} symbol decides where the {title(g)} skitters.")
    yield from _skitter_to(g, [p for p in spots if check_skitter_space(g, p, symbol) is None],
                           f"to a {symbol.title()} tile", placer, symbol)


def _symbol_without_player(g: Game, symbols: Sequence[str]) -> str:
    """GH-40: the symbol of the top tile of the Cave stack; during the Collapse one drawn at
    random from the tiles already collapsed.  Our reading where that symbol is on no unoccupied
    Dark tile (the rule does not say): one of those shown, at random."""
    st = g.state
    if st.stack and not st.collapse:
        drawn: str | None = g.tile(st.stack[0]).tribe
    else:
        tiles = {t.id for t in g.rules.tiles}
        collapsed = [g.tile(x).tribe for x in st.removed_from_game if x in tiles and g.tile(x).tribe]
        drawn = collapsed[g.rng.randrange(len(collapsed))] if collapsed else None
    if drawn in symbols:
        return str(drawn)
    return symbols[g.rng.randrange(len(symbols))]


def check_skitter_space(g: Game, q: Pos, symbol: str) -> Reason | None:
    """GH-39: it skitters to an unoccupied Dark tile (not its own) showing ``symbol``; GH-41:
    with none unoccupied (``symbol`` empty), to an unoccupied space around the Entrance."""
    here = g.state.board.pieces.get(me(g))
    if not symbol:
        if q in entrance_spaces(g):
            return None
        return Reason(f"With no unoccupied Dark tile, the {title(g)} skitters to an unoccupied space around the Entrance, "
                      f"and {fmt_pos(q)} is not one.", "GH-41")
    if q == here:
        return Reason(f"The {title(g)} skitters away from its own space.", "GH-39")
    if q not in g.state.board.tiles or not is_dark(g, q):
        return Reason(f"The {title(g)} skitters to a Dark tile, and {fmt_pos(q)} is not one.", "GH-39")
    if not unoccupied(g, q):
        return Reason(f"The {title(g)} skitters to an unoccupied Dark tile, and {fmt_pos(q)} is occupied.", "GH-39")
    shown = _symbol(g, q)
    if shown != symbol:
        return Reason(f"The {title(g)} skitters to a tile with the {symbol.title()} symbol, and the tile at {fmt_pos(q)} "
                      f"shows the {shown.title()} symbol.", "GH-39")
    return None


def _skitter_to(g: Game, spots: list[Pos], how: str, placer: str | None = None, symbol: str = "") -> Proc:
    placer = placer or me(g)
    if len(spots) == 1:
        p = spots[0]
    else:
        opts = [Option(at("skitter", p), f"Skitter to {fmt_pos(p)}", (space(p),)) for p in spots]
        prompt = (f"Skitter {how}: choose the tile" if placer == me(g) else
                  f"The {title(g)} skitters {how}: choose where you place it")
        choice = yield g.ask(placer, DecisionKind.GHOUL_SKITTER, prompt, opts, rules_ref="ghoul.skitter",
                             about={"symbol": symbol})
        p = pos_arg(choice.id)
    g.state.board.pieces[me(g)] = p
    g.log("ghoul_skitter", f"The {title(g)} skitters {how} at {fmt_pos(p)}.", pos=p)


def entrance_spaces(g: Game) -> list[Pos]:
    """GH-41: the unoccupied spaces (tiles) surrounding the Entrance tile."""
    board = g.state.board
    e = board.entrance
    return [q for q in sorted((e[0] + dx, e[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            if q != e and q in board.tiles and unoccupied(g, q) and not impassable(g, q)]
