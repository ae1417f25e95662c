"""The Ghoul's Terror cards (GH-26..30): drawing them face up, using their two effects within
the limits, and removing a card once its once-per-game effect resolves.

The deck is facedown and nobody sees it (``knowledge.py`` lists it as a hidden zone); a drawn
card is public.  Effects built: Chase (movement), Hunt (attack points), Sneak (no extra
movement for a wall or an occupied space, :mod:`.turn` reads ``free_extra``/``no_extra``),
Adapt (draw 2 keep 1; once per game, search the deck), Cheat (reroll one Ghoul die; once per
game, set one die), Blink (Crystal tile to Crystal tile; once per game, to any empty space) and
Seize (cheaper collecting, :mod:`.turn`; once per game, a free collection and 2 cards) and
Scour (peek at the Dark tile it is on and maybe reveal it; once per game, each Dark tile it
enters this turn).  Not built: Cheat on the Dragon die.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...decisions import Option, Target, button, space
from ...dice import roll
from ...geometry import Pos, fmt_pos, parse_pos
from ...kinds import DecisionKind
from ...map.board import is_lit, tile_type
from ...option_ids import arg_of
from ...reasons import Reason
from .state import ghoul, me, terror_name, title
from .vile.state import is_vile, vile

if TYPE_CHECKING:
    from ...game import Game, Proc

#: the effect handlers the engine plays (rules_data ghoul.yaml ``handler``)
PLAYED = frozenset({"gain_movement", "gain_attack", "skip_extra_cost", "skip_extra_costs_this_turn",
                    "blink_crystal_to_crystal", "blink_crystal_to_any", "free_collect_then_draw",
                    "peek_dark_tile", "peek_entered_dark_tiles"})
BLINKS = frozenset({"blink_crystal_to_crystal", "blink_crystal_to_any"})


def held_with(g: Game, handler: str, which: str) -> str | None:
    """The first Terror card held whose ``which`` effect ("first" or "game") has ``handler``
    and may be used now (:func:`check_terror`; a persistent first effect: not after the card's
    once-per-game effect this turn)."""
    s = ghoul(g)
    for card in s.terror:
        data = g.rules.ghoul.terror_card(card)
        eff = data.first if which == "first" else data.once_per_game
        if eff.handler != handler:
            continue
        if which == "game" and check_terror(g, card, "game") is None:
            return card
        if which == "first" and eff.timing == "persistent" and data.id not in s.game_used:
            return card
    return None


def use_game_effect(g: Game, card: str) -> None:
    """GH-29: a once-per-game effect used: the card leaves (at the end of the turn if it lasts
    "during this turn"); GH-30: no identical card's once-per-game effect this turn."""
    s = ghoul(g)
    data = g.rules.ghoul.terror_card(card)
    s.game_used.append(data.id)
    s.terror.remove(card)
    if data.once_per_game.during_this_turn:
        s.leaving.append(card)
    else:
        s.terror_removed.append(card)
    g.log("terror_used", f"The {title(g)} uses {data.name} once per game: {data.once_per_game.text}", card=card)


def mark_persistent(g: Game, card: str) -> None:
    """GH-30: a persistent effect used this turn bars the card's once-per-game effect this turn."""
    s = ghoul(g)
    if card not in s.first_used:
        s.first_used.append(card)


# ------------------------------------------------------------------ Cheat (GH-06 rolls)
def roll_ghoul_dice(g: Game, n: int) -> Proc:
    """Roll ``n`` Ghoul dice into ``rolled``; Cheat once per game sets one die first, Cheat's
    persistent effect rolls one die again."""
    s = ghoul(g)
    faces = g.rules.ghoul.die_faces
    fixed: list[int] = []
    cheat = held_with(g, "set_one_die", "game")
    if cheat is not None and n > 0:
        opts = [Option(f"cheat:{f}", f"Cheat: turn one die to {f} and roll the others", (Target("slot", f"ghoul.die.{f}"),))
                for f in faces]
        opts.append(Option("cheat:no", "Roll all the dice", (button("roll"),)))
        choice = yield g.ask(me(g), DecisionKind.GHOUL_CHEAT, "Use Cheat (once per game) before you roll?", opts,
                             rules_ref="ghoul.terror")
        if choice.id != "cheat:no":
            fixed = [int(arg_of(choice.id))]
            use_game_effect(g, cheat)
    s.rolled = fixed + [faces[roll(g, "ghoul", len(faces), "Roll and Set Statistics") - 1] for _ in range(n - len(fixed))]
    again = held_with(g, "reroll_one_die", "first")
    if again is not None:
        opts = [Option(f"reroll:{i}", f"Roll the {f} again", (Target("slot", f"ghoul.die.{f}"),))
                for i, f in enumerate(s.rolled) if f not in s.rolled[:i]]
        opts.append(Option("reroll:no", "Keep the roll", (button("keep"),)))
        choice = yield g.ask(me(g), DecisionKind.GHOUL_REROLL, f"You rolled {', '.join(map(str, s.rolled))}: Cheat lets "
                             "you roll one die again", opts, rules_ref="ghoul.terror")
        if choice.id != "reroll:no":
            i = int(arg_of(choice.id))
            mark_persistent(g, again)
            old = s.rolled[i]
            s.rolled[i] = faces[roll(g, "ghoul", len(faces), "Cheat") - 1]
            g.log("ghoul_reroll", f"Cheat: the {title(g)} rolls its {old} again: {s.rolled[i]}.")


def draw_terror(g: Game, n: int) -> Proc:
    """GH-26/27: draw ``n`` Terror cards face up (Adapt: draw 2, keep 1, the other to the bottom)."""
    s = ghoul(g)
    for _ in range(n):
        search = held_with(g, "search_terror_deck", "game")
        if search is not None and s.terror_deck and (yield from _adapt_search(g, search)):
            continue
        adapt = held_with(g, "draw_two_keep_one", "first")
        if adapt is not None:
            mark_persistent(g, adapt)
            yield from keep_one_of(g, 2, "Adapt")
            continue
        if not s.terror_deck:
            g.log("terror_empty", "The Terror deck is empty: no card is drawn.")
            return
        card = s.terror_deck.pop(0)
        s.terror.append(card)
        g.log("terror_drawn", f"The {title(g)} draws the Terror card {terror_name(g, card)}.", card=card)


def _adapt_search(g: Game, card: str) -> Proc:
    """Adapt once per game: instead of drawing, look through the deck, take a card, shuffle.
    Returns whether it did (else the draw goes on as usual)."""
    s = ghoul(g)
    choice = yield g.ask(me(g), DecisionKind.GHOUL_ADAPT, "You draw a Terror card: use Adapt (once per game) to "
                         "search the deck instead?",
                         [Option("adapt:search", "Search the Terror deck for the card you want", (Target("card", card),)),
                          Option("adapt:draw", "Draw the top card", (button("draw"),))], rules_ref="ghoul.terror")
    if choice.id == "adapt:draw":
        return False
    use_game_effect(g, card)
    yield from keep_one_of(g, len(s.terror_deck), "Adapt", shuffle=True)
    return True


def keep_one_of(g: Game, n: int, why: str, shuffle: bool = False) -> Proc:
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
        opts = [Option(f"keep:{c}", f"Keep {terror_name(g, c)}", tuple(Target("card", x) for x in drawn       # either copy
                                                                   if g.rules.ghoul.terror_card(x).id == name))
                for name, c in by_name.items()]
        choice = yield g.ask(me(g), DecisionKind.GHOUL_TERROR_KEEP, f"Keep 1 of the Terror cards drawn ({why})", opts,
                             rules_ref="ghoul.terror")
        keep = arg_of(choice.id)
    drawn.remove(keep)
    s.terror.append(keep)
    s.terror_deck += drawn
    s.drawing = []
    if shuffle:
        g.rng.shuffle(s.terror_deck)
    g.log("terror_drawn", f"The {title(g)} keeps the Terror card {terror_name(g, keep)} ({why}); "
          + ("the deck is shuffled." if shuffle else f"{len(drawn)} go to the bottom of the deck."), card=keep)


def check_keep_card(g: Game, card: str) -> Reason | None:
    """GH-23 and Adapt: the card kept is one of those just drawn."""
    if card in ghoul(g).drawing:
        return None
    name = terror_name(g, card)
    if card in ghoul(g).terror:
        return Reason(f"You already hold {name}: keep one of the Terror cards just drawn.", "GH-27")
    return Reason(f"{name} is not among the Terror cards just drawn.", "GH-27")


def check_discard_card(g: Game, card: str) -> Reason | None:
    """GH-34: the card discarded is one the Ghoul holds."""
    if card in ghoul(g).terror:
        return None
    return Reason(f"You discard one of the Terror cards you hold, and {terror_name(g, card)} is not one of them.",
                  "GH-34")


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
        opts = [Option(f"discard:{c}", f"Discard {terror_name(g, c)}", (Target("card", c),)) for c in cards
                if check_discard_card(g, c) is None]
        choice = yield g.ask(me(g), DecisionKind.GHOUL_TERROR_DISCARD, f"Discard a Terror card ({why})", opts,
                             rules_ref="ghoul.terror")
        card = arg_of(choice.id)
    s.terror.remove(card)
    s.terror_removed.append(card)
    g.log("terror_discarded", f"The {title(g)} discards {terror_name(g, card)} ({why}).", card=card)


def check_terror(g: Game, card: str, which: str) -> Reason | None:
    """GH-28..30: its first effect once per turn (a persistent one acts by itself), its
    once-per-game effect once; never both effects of a card in a turn, nor the once-per-game
    effects of two identical cards."""
    s = ghoul(g)
    if card not in s.terror:
        return Reason(f"The {title(g)} does not hold that Terror card.", "GH-27")
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
    """The Terror effects :func:`_check_effect` allows now, played from the turn (a Blink, one
    option per space :func:`check_blink` allows)."""
    s = ghoul(g)
    out = []
    for card in s.terror:
        data = g.rules.ghoul.terror_card(card)
        for which, eff in (("first", data.first), ("game", data.once_per_game)):
            if _check_effect(g, card, which) is not None:
                continue
            if eff.handler in BLINKS:
                out += [Option(f"terror:{card}:{which}:{fmt_pos(q)}", f"{data.name}: jump to {fmt_pos(q)}"
                               + (f" ({eff.params.int('movement', 0)} movement)" if which == "first" else
                                  " (once per game)"), (Target("card", card), space(q)))
                        for q in blink_spaces(g, eff.handler) if check_blink(g, eff.handler, q) is None]
                continue
            label = (f"{data.name}: {eff.text}" if which == "first" else
                     f"{data.name} (once per game): {eff.text}")
            out.append(Option(f"terror:{card}:{which}", label, (Target("card", card),)))
    return out


def check_terror_card(g: Game, card: str) -> Reason | None:
    """A Terror card clicked in its turn: one of its two effects may be used now
    (:func:`check_terror`, played from the turn — the others act at their own moment —, a
    Blink with somewhere to go, Scour on a Dark tile); else the first effect's refusal (the
    once-per-game effect's when the first acts by itself)."""
    s = ghoul(g)
    if card not in s.terror:
        return Reason(f"The {title(g)} does not hold {terror_name(g, card)}.", "GH-27")
    data = g.rules.ghoul.terror_card(card)
    refused: list[Reason] = []
    for which, eff in (("first", data.first), ("game", data.once_per_game)):
        reason = _check_effect(g, card, which)
        if reason is None:
            return None
        if not (which == "first" and eff.timing == "persistent"):
            refused.append(reason)
    return refused[0] if refused else check_terror(g, card, "first")


def _check_effect(g: Game, card: str, which: str) -> Reason | None:
    """One effect of a held card, as :func:`terror_options` offers it."""
    data = g.rules.ghoul.terror_card(card)
    eff = data.first if which == "first" else data.once_per_game
    reason = check_terror(g, card, which)
    if reason is not None:
        return reason
    if eff.handler not in PLAYED:
        return Reason(f"{data.name}'s {'first' if which == 'first' else 'once-per-game'} effect is used at its own "
                      f"moment, not as an action: {eff.text}", "GH-28")
    if eff.handler in BLINKS:
        return check_blink_anywhere(g, eff.handler)
    if eff.handler == "peek_dark_tile":
        return check_scour(g)
    return None


def blink_effects(g: Game) -> list[str]:
    """The Blink effects (their handlers) the Ghoul may use now (:func:`check_terror`)."""
    s = ghoul(g)
    out = []
    for card in s.terror:
        data = g.rules.ghoul.terror_card(card)
        for which, eff in (("first", data.first), ("game", data.once_per_game)):
            if eff.handler in BLINKS and check_terror(g, card, which) is None and eff.handler not in out:
                out.append(eff.handler)
    return out


def check_blink_to(g: Game, q: Pos) -> Reason | None:
    """A space clicked in its turn, as a Blink there (:func:`check_blink` for each Blink it may
    use now: the first refusal when none allows it)."""
    refused = [check_blink(g, h, q) for h in blink_effects(g)]
    if not refused:
        return Reason(f"The {title(g)} jumps only with Blink, and it holds no Blink it may use now.", "GH-28")
    if any(r is None for r in refused):
        return None
    return refused[0]


def check_blink_anywhere(g: Game, handler: str) -> Reason | None:
    """A Blink effect has somewhere to go (:func:`check_blink` allows a space of
    :func:`blink_spaces`); else why not: not on a Crystal tile, the cost, no space free."""
    p = g.state.board.pieces.get(me(g))
    if p is None or not _crystal_tile(g, p):
        return Reason(f"Blink jumps from a Crystal tile, and the {title(g)} is not on one.", "GH-28")
    cost = _blink_cost(g, handler)
    if cost is not None:
        return cost
    if any(check_blink(g, handler, q) is None for q in blink_spaces(g, handler)):
        return None
    where = "another Crystal tile" if handler == "blink_crystal_to_crystal" else "a space"
    return Reason(f"Blink jumps to {where} with no pieces on it, and there is none.", "GH-28")


def _blink_cost(g: Game, handler: str) -> Reason | None:
    """Blink's first effect costs movement points."""
    if handler != "blink_crystal_to_crystal":
        return None
    cost = g.rules.ghoul.terror_card("blink").first.params.int("movement", 2)
    if ghoul(g).movement < cost:
        return Reason(f"Blink costs {cost} movement; you have {ghoul(g).movement}.", "GH-28")
    return None


def check_scour_reveal(g: Game, q: Pos) -> Reason | None:
    """Scour reveals only the Dark tile the Ghoul looked at: the one it stands on."""
    p = g.state.board.pieces.get(me(g))
    if q == p:
        return None
    where = "" if p is None else f", at {fmt_pos(p)}"
    return Reason(f"Scour may reveal only the Dark tile the {title(g)} looked at{where}.", "GH-28")


def check_scour(g: Game) -> Reason | None:
    """Scour: it looks at the Dark tile it stands on."""
    p = g.state.board.pieces.get(me(g))
    t = None if p is None else g.state.board.tiles.get(p)
    if t is None or not t.dark:
        return Reason(f"Scour looks at the Dark tile the {title(g)} is on, and it is not on one.", "GH-28")
    return None


def scour(g: Game, p: Pos) -> Proc:
    """Scour: the Ghoul alone learns the Dark tile at ``p``; it may reveal it at once (GH-10:
    otherwise it never reveals a tile)."""
    from ...map.board import TYPE_NAMES
    from ...map.reveal import reveal_one

    tile = g.tile(g.state.board.tiles[p].tile_id)
    name = TYPE_NAMES[tile.type]
    g.barrier()
    g.log("ghoul_scour", f"The {title(g)} looks at the Dark tile at {fmt_pos(p)}.",
          {me(g): f"The Dark tile at {fmt_pos(p)} is a{'n' if name[0] in 'AEIOU' else ''} {name} tile."}, pos=p)
    choice = yield g.ask(me(g), DecisionKind.GHOUL_SCOUR, f"Reveal the {name} tile at {fmt_pos(p)}, or leave it Dark",
                         [Option("reveal:", "Reveal it", (space(p),)), Option("keep:", "Leave it Dark", (button("skip"),))],
                         rules_ref="ghoul.terror")
    if choice.id == "reveal:":
        yield from reveal_one(g, p, me(g))


def _crystal_tile(g: Game, p: Pos) -> bool:
    return is_lit(g, p) and tile_type(g, p) == "crystal"


def blink_spaces(g: Game, handler: str) -> list[Pos]:
    board = g.state.board
    if handler == "blink_crystal_to_crystal":
        return [p for p in sorted(board.tiles) if _crystal_tile(g, p)]
    return sorted(board.tiles)


def check_blink(g: Game, handler: str, q: Pos) -> Reason | None:
    """Blink: from a Crystal tile, to another Crystal tile with no player pieces (2 movement,
    once per turn) or, once per game, for free to any space with no pieces on it."""
    board = g.state.board
    p = board.pieces.get(me(g))
    if p is None or not _crystal_tile(g, p):
        return Reason(f"Blink jumps from a Crystal tile, and the {title(g)} is not on one.", "GH-28")
    if q not in board.tiles:
        return Reason(f"Blink jumps onto a tile, and there is no tile at {fmt_pos(q)}.", "GH-28")
    if q == p or board.pieces_at(q):
        return Reason(f"Blink jumps to a space with no pieces on it, and {fmt_pos(q)} is not one.", "GH-28")
    if handler == "blink_crystal_to_crystal":
        if not _crystal_tile(g, q):
            return Reason(f"Blink's first effect jumps to another Crystal tile, and {fmt_pos(q)} is not one.", "GH-28")
        return _blink_cost(g, handler)
    return None


def act_terror(g: Game, arg: str) -> Proc:
    s = ghoul(g)
    card, which, *where = arg.split(":", 2)
    data = g.rules.ghoul.terror_card(card)
    eff = data.first if which == "first" else data.once_per_game
    params = eff.params
    if eff.handler == "gain_movement":
        s.movement += params.int("movement", 0)
    elif eff.handler == "gain_attack":                      # Hunt: for the Vile Ghoul, one move's bonus (VG-11)
        if is_vile(g):
            vile(g).bonus += params.int("attack", 0)
        else:
            s.attack += params.int("attack", 0)
    elif eff.handler == "skip_extra_cost":
        s.free_extra += params.int("times", 1)
    elif eff.handler == "skip_extra_costs_this_turn":
        s.no_extra = True
    elif eff.handler == "free_collect_then_draw":
        s.free_collect = True
    elif eff.handler == "peek_entered_dark_tiles":
        s.scour_all = True
    elif eff.handler in BLINKS:
        q = parse_pos(where[0])
        s.movement -= params.int("movement", 0)
        g.state.board.pieces[me(g)] = q
        g.log("ghoul_blink", f"The {title(g)} blinks to {fmt_pos(q)}.", pos=q)
    if which == "first":
        s.first_used.append(card)
        g.log("terror_used", f"The {title(g)} uses {data.name}: {eff.text}", card=card)
        if eff.handler == "peek_dark_tile":
            p = g.state.board.pieces[me(g)]
            yield from scour(g, p)
        return
    use_game_effect(g, card)


def end_of_turn_cards(g: Game) -> None:
    """GH-29: a "during this turn" card leaves the game at the end of the turn."""
    s = ghoul(g)
    s.terror_removed += s.leaving
    s.leaving = []
    s.free_extra, s.no_extra, s.free_collect, s.scour_all = 0, False, False, False


ACTIONS = MappingProxyType({"terror": act_terror})
