"""The Ghoul's turn (GH-03..25): its first placement on a Dark tile (GH-04), (1) Roll and Set
Statistics (GH-06..08), (2) Move and Act — moving, collecting, attacking, smashing a Crystal,
using Terror cards (GH-09..24, GH-28..30) — and (3) Set Defense (GH-25); the win (GH-01).

Rule checks (:mod:`...reasons`): each option of its turn is a candidate its check allows —
:func:`check_place`, :func:`check_move`, :func:`check_collect`, :func:`check_attack`,
:func:`check_smash` and the Terror cards' :func:`.terror.check_terror`; a refused candidate
is answered with the same :class:`Reason`.  What the table clicks in its turn is answered by
the checks that sum these up: a space (:func:`check_space`: its own — :func:`check_here` —, a
step, a Blink), a piece (:func:`check_piece`: an attack or a charge; its own piece,
:func:`check_any_move`), a Terror card (:func:`.terror.check_terror_card`), the Flare
(:func:`check_flare`); the Treasure token taken from the map, :func:`check_take_treasure`.

The attacks themselves, the skitter and the Fury track are in :mod:`.attacks`; the Terror
deck in :mod:`.terror`.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...decisions import Option, Target, button, space
from ...game import GameOver, Outcome
from ...geometry import DIRS, Pos, fmt_pos, manhattan, parse_pos, step
from ...kinds import DecisionKind
from ...map.board import edge_blocked, is_dark, piece_name, place_tile, placement_spaces, unoccupied
from ...map.terrain import impassable, kind_at, ride
from ...option_ids import arg_of, at, parse, pos_arg
from ...reasons import Reason
from ..dragon.state import SYMBOLS, gem_token
from .attacks import (
    attack,
    attack_cost,
    check_target,
    entrance_spaces,
    gain_fury,
    skitter,
    skitter_other,
    smash_crystal,
)
from .state import crystals_goal, fury_goal, ghoul, may_escape, me, set_movement, title
from .terror import ACTIONS as TERROR_ACTIONS
from .terror import (
    blink_effects,
    check_blink_to,
    draw_terror,
    end_of_turn_cards,
    held_with,
    mark_persistent,
    roll_ghoul_dice,
    scour,
    terror_options,
)
from .vile.chart import check_smash_value
from .vile.state import attack_now, is_vile, vile

if TYPE_CHECKING:
    from ...game import Game, Proc

GEM_TOKENS = tuple(gem_token(s) for s in SYMBOLS)
_NO_MOVEMENT = Reason("You have no movement points left this turn.", "GH-10")


def pos(g: Game) -> Pos | None:
    return g.state.board.pieces.get(me(g))


# ------------------------------------------------------------------ the turn
def ghoul_turn(g: Game) -> Proc:
    s = ghoul(g)
    start_turn(g)
    if not s.placed:
        yield from first_placement(g)
    yield from roll_and_set(g)
    while True:
        opts = turn_options(g)
        opts.append(Option("end:", "End your turn (the discs left are your Defense)", (button("end_turn"),)))
        choice = yield g.ask(me(g), DecisionKind.GHOUL_TURN, _prompt(g), opts, rules_ref="ghoul.move_and_act")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        yield from ACTIONS[verb](g, arg)
    set_defense(g)
    end_of_turn_cards(g)


def reset_turn(g: Game) -> None:
    """Reset this turn's counters (GH-17: no piece attacked yet; GH-30: no Terror card used) —
    the Vile Ghoul's turn too (VG-08)."""
    s = ghoul(g)
    s.turns += 1
    s.rolled, s.kept, s.set_aside, s.movement = [], [], 0, 0
    s.attacked, s.first_used, s.game_used, s.leaving = [], [], [], []
    s.free_extra, s.no_extra = 0, False


def start_turn(g: Game) -> None:
    s = ghoul(g)
    reset_turn(g)
    g.log("turn", f"Round {g.state.round}: the {title(g)}'s turn (Fury {s.fury} of {fury_goal(g)}, "
          f"{len(s.terror)} Terror card(s)).")


def _prompt(g: Game) -> str:
    s = ghoul(g)
    return (f"Movement {s.movement}, {s.attack} Ghoul disc(s) on Attack, Fury {s.fury} of {fury_goal(g)} "
            "(move and act in any order).")


# ------------------------------------------------------------------ GH-04: first placement
def check_place(g: Game, q: Pos) -> Reason | None:
    """GH-04: the Ghoul's first space is an unoccupied Dark tile (no piece, no token)."""
    if not is_dark(g, q):
        return Reason(f"The {title(g)} starts on a Dark tile, and {fmt_pos(q)} is not one.", "GH-04")
    if not unoccupied(g, q):
        return Reason(f"The {title(g)} starts on an unoccupied Dark tile, and {fmt_pos(q)} is occupied.", "GH-04")
    return None


def place_spaces(g: Game) -> list[Pos]:
    return [p for p in sorted(g.state.board.tiles) if check_place(g, p) is None]


def first_placement(g: Game) -> Proc:
    """GH-04: on any unoccupied Dark tile; with none, a Dark tile is placed (by the Cave if
    present, else by the Ghoul) and the Ghoul goes there; with no tile left, beside the Entrance."""
    s = ghoul(g)
    board = g.state.board
    spots = place_spaces(g)
    if spots:
        opts = [Option(at("place", p), f"Start on the Dark tile at {fmt_pos(p)}", (space(p),)) for p in spots]
        choice = yield g.ask(me(g), DecisionKind.GHOUL_PLACE, f"Place the {title(g)} on an unoccupied Dark tile", opts,
                             rules_ref="ghoul.setup")
        p = pos_arg(choice.id)
    elif g.state.stack and placement_spaces(g):
        who = "cave" if g.has("cave") else me(g)
        tile_id = g.state.stack[0]
        opts = [Option(at("tile", q), f"Place a Dark tile at {fmt_pos(q)} for the {title(g)}", (space(q),))
                for q in placement_spaces(g)]
        choice = yield g.ask(who, DecisionKind.GHOUL_PLACE, f"No Dark tile is free: place a Dark tile for the {title(g)}",
                             opts, rules_ref="ghoul.setup")
        p = pos_arg(choice.id)
        g.state.stack.pop(0)
        place_tile(g, tile_id, p, who, "places")
    else:
        around = entrance_spaces(g)
        if not around:
            g.log("ghoul_waits", f"There is no space for the {title(g)}: it stays off the map this turn.")
            return
        p = around[0]
    board.pieces[me(g)] = p
    s.placed = True
    g.log("ghoul_placed", f"The {title(g)} appears at {fmt_pos(p)}.", pos=p)


# ------------------------------------------------------------------ GH-06..08: roll and set
def roll_and_set(g: Game) -> Proc:
    """GH-06: return the Attack discs (not on the first turn), roll the Ghoul dice (2 at Hard
    and Expert) — a low total draws a Terror card; GH-07: keep 2, the higher is movement and
    the lower attack points; GH-08: the attack points as discs on the Attack space."""
    s = ghoul(g)
    level = g.rules.ghoul.level(str(g.config.extra.get("ghoul_level", g.rules.ghoul.standard_level().id)))
    if s.turns > 1 and s.attack:
        g.log("ghoul_discs", f"The {title(g)} returns {s.attack} Ghoul disc(s) from its Attack space.")
    s.attack = 0
    yield from roll_ghoul_dice(g, level.dice_rolled)
    total = sum(s.rolled)
    g.log("ghoul_roll", f"The {title(g)} rolls {', '.join(map(str, s.rolled))} (total {total}).", faces=list(s.rolled))
    if total <= level.terror_draw_at_most:
        g.log("ghoul_low_roll", f"A total of {total} is {level.terror_draw_at_most} or less: the {title(g)} draws a Terror card.")
        yield from draw_terror(g, 1)
    keep = g.rules.ghoul.dice_kept
    if len(s.rolled) > keep:
        by_aside: dict[int, list[int]] = {}
        for i, f in enumerate(s.rolled):
            rest = sorted(s.rolled[:i] + s.rolled[i + 1:], reverse=True)[:keep]
            by_aside.setdefault(f, rest)
        if len(by_aside) == 1:
            aside = next(iter(by_aside))
        else:
            opts = [Option(f"aside:{f}", f"Set the {f} aside: movement {kept[0]}, attack {kept[-1]}",
                           (Target("slot", f"ghoul.die.{f}"),)) for f, kept in sorted(by_aside.items())]
            choice = yield g.ask(me(g), DecisionKind.GHOUL_KEEP, "Keep 2 dice: the higher is movement, the lower attack",
                                 opts, rules_ref="ghoul.roll")
            aside = int(arg_of(choice.id))
        s.set_aside = aside
        s.kept = by_aside[aside]
    else:
        s.kept = sorted(s.rolled, reverse=True)
    set_movement(g, s.kept[0])
    s.attack = s.kept[-1]
    g.log("ghoul_stats", f"The {title(g)} has {s.movement} movement and {s.attack} attack point(s).")


# ------------------------------------------------------------------ GH-10..12: moving
def _raw_extra(g: Game, p: Pos, q: Pos, charge: str | None) -> int:
    """GH-11/12: +1 through a wall, +1 into a space with player pieces unless it attacks
    them at once (still +1 if another piece there is not attacked)."""
    data = g.rules.ghoul
    extra = data.wall_cost if edge_blocked(g, p, q) else 0
    others = [x for x in g.state.board.pieces_at(q) if x != me(g)]
    if others and (charge is None or len(others) > 1):
        extra += data.occupied_cost
    return extra


def extra_cost(g: Game, p: Pos, q: Pos, charge: str | None = None) -> int:
    """The extra movement of a step after Sneak (GH-30): its once-per-turn effect waives one
    extra point, its once-per-game effect every extra point this turn."""
    s = ghoul(g)
    if s.no_extra:
        return 0
    return max(0, _raw_extra(g, p, q, charge) - s.free_extra)


def move_cost(g: Game, p: Pos, q: Pos, charge: str | None = None) -> int:
    """GH-10: 1 movement point a space, plus :func:`extra_cost`."""
    return g.rules.ghoul.move_cost + extra_cost(g, p, q, charge)


def check_move(g: Game, q: Pos, charge: str | None = None) -> Reason | None:
    """GH-10/11/12/43: onto an adjacent tile (Lit or Dark, never revealed; not a Canyon
    impassable), paying its cost; ``charge``: entering to attack that piece at once."""
    s = ghoul(g)
    p = pos(g)
    if p is None:
        return Reason(f"The {title(g)} is not on the map.", "GH-04")
    if manhattan(p, q) != 1:
        return Reason(f"The {title(g)} moves one space at a time, and {fmt_pos(q)} is not next to it.", "GH-10")
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}.", "GH-10")
    if impassable(g, q):
        return Reason(f"The {title(g)} cannot enter the Canyon's impassable spaces.", "GH-43")
    if s.movement <= 0:
        return _NO_MOVEMENT
    cost = move_cost(g, p, q, charge)
    if cost > s.movement:
        why = []
        if edge_blocked(g, p, q):
            why.append("a wall")
        if any(x != me(g) for x in g.state.board.pieces_at(q)):
            why.append("pieces there")
        extra = f" ({' and '.join(why)})" if why else ""
        return Reason(f"Moving to {fmt_pos(q)} costs {cost} movement{extra}; you have {s.movement}.", "GH-11"
                      if edge_blocked(g, p, q) else "GH-12" if why else "GH-10")
    if charge is not None:
        return check_target(g, charge, q)
    return None


def move_options(g: Game) -> list[Option]:
    p = pos(g)
    if p is None:
        return []
    out = []
    for d in DIRS:
        q = step(p, d)
        if check_move(g, q) is None:
            out.append(Option(at("move", q), f"Move to {fmt_pos(q)} ({move_cost(g, p, q)} movement)", (space(q),)))
        for x in sorted(g.state.board.pieces_at(q)):
            if x != me(g) and check_move(g, q, x) is None:
                out.append(Option(f"charge:{fmt_pos(q)}:{x}",
                                  f"Move to {fmt_pos(q)} and attack the {piece_name(x)} ({move_cost(g, p, q, x)} "
                                  f"movement, {attack_cost(g, x)} discs)", (Target("piece", x),)))
    return out


def check_any_move(g: Game) -> Reason | None:
    """Its own piece clicked in its turn: it moves by a space next to it (GH-10); when none
    can be entered, the first refusal of :func:`check_move` over the tiles next to it."""
    p = pos(g)
    if p is None:
        return Reason(f"The {title(g)} is not on the map.", "GH-04")
    if ghoul(g).movement <= 0:
        return _NO_MOVEMENT
    first: tuple[Pos, Reason] | None = None
    for d in DIRS:
        q = step(p, d)
        reason = check_move(g, q)
        if reason is None:
            return Reason(f"The {title(g)} moves one space at a time: click a highlighted space next to it.", "GH-10")
        if first is None and q in g.state.board.tiles:
            first = (q, reason)
    if first is None:
        return Reason(f"No tile lies next to the {title(g)}: it cannot move.", "GH-10")
    q, reason = first
    return Reason(f"No space next to the {title(g)} can be entered now. {fmt_pos(q)}: {reason.text}", reason.rule)


def check_space(g: Game, q: Pos) -> Reason | None:
    """A space clicked in its turn: its own (:func:`check_here`), else a step there
    (:func:`check_move`) or a Blink there (:func:`.terror.check_blink_to`, when it holds a
    Blink it may use); of two refusals, the step's for a space next to it, else both."""
    p = pos(g)
    if p is None:
        return Reason(f"The {title(g)} is not on the map.", "GH-04")
    if q == p:
        return check_here(g)
    move = check_move(g, q)
    if move is None or not blink_effects(g):
        return move
    blink = check_blink_to(g, q)
    if blink is None:
        return None
    return move if manhattan(p, q) == 1 else Reason(f"{move.text} {blink.text}", blink.rule)


def check_piece(g: Game, piece: str) -> Reason | None:
    """A piece clicked in its turn: its own (:func:`check_any_move`); one on its space is
    attacked there (:func:`check_attack`), one on a space next to it by moving there first
    (:func:`check_move` with the charge, GH-12/16)."""
    if piece == me(g):
        return check_any_move(g)
    p, where = pos(g), g.state.board.pieces.get(piece)
    if p is None or where is None or where == p:
        return check_attack(g, piece)
    if manhattan(p, where) == 1:
        return check_move(g, where, piece)
    return Reason(f"The {title(g)} attacks a piece on its own space, or on a space next to it that it moves onto; the "
                  f"{piece_name(piece)} is {manhattan(p, where)} spaces away.", "GH-16")


def act_move(g: Game, arg: str) -> Proc:
    q = parse_pos(arg)
    yield from _enter(g, q, None)


def act_charge(g: Game, arg: str) -> Proc:
    where, _, target = arg.partition(":")
    q = parse_pos(where)
    yield from _enter(g, q, target)
    if pos(g) == q:
        yield from attack(g, target)


def _enter(g: Game, q: Pos, charge: str | None) -> Proc:
    s = ghoul(g)
    p = pos(g)
    assert p is not None
    cost = move_cost(g, p, q, charge)
    if not s.no_extra:
        s.free_extra -= min(s.free_extra, _raw_extra(g, p, q, charge))
    s.movement -= cost
    g.state.board.pieces[me(g)] = q
    g.log("ghoul_move", f"The {title(g)} moves to {fmt_pos(q)}.", pos=q)
    check_escape(g)
    if kind_at(g, q) == "river" and charge is None:                      # GH-43: the current, free
        q = yield from ride(g, me(g), q, lambda r: not any(x != me(g) for x in g.state.board.pieces_at(r)))
    t = g.state.board.tiles[q]
    if ghoul(g).scour_all and t.dark:                                      # Scour, once per game
        yield from scour(g, q)
    toks = g.state.board.tokens.get(q)
    if toks is not None and toks["flamewall"] > 0:                         # GH-34: it only skitters
        g.log("ghoul_flame_wall", f"The {title(g)} enters the Flame Wall: it skitters.")
        yield from skitter(g, "dragon")


def check_escape(g: Game) -> None:
    """GH-01: with its goal reached, entering the Entrance tile wins."""
    if pos(g) == g.state.board.entrance and may_escape(g):
        s = ghoul(g)
        crystals = crystals_goal(g)
        what = (f"{s.fury} Fury" if s.fury >= fury_goal(g) else f"{s.smashed} Crystals smashed (goal {crystals})")
        raise GameOver(Outcome((me(g),), f"The {title(g)} reached {what} and escaped the Cave."))


# ------------------------------------------------------------------ GH-13..15: collecting
def collect_cost(g: Game, safe: bool = False) -> int:
    """GH-13: 2 movement points; Seize: 1 (or 2 for a Gem taken without the roll); Seize once
    per game: the next collection is free."""
    if ghoul(g).free_collect:
        return 0
    seize = held_with(g, "cheap_collect", "first")
    if seize is None:
        return g.rules.ghoul.collect_cost
    params = g.rules.ghoul.terror_card(seize).first.params
    return params.int("gem_safe_movement", 2) if safe else params.int("collect_movement", 1)


def check_collect(g: Game, token: str, safe: bool = False) -> Reason | None:
    """GH-13: a Treasure token or a Gem on its space, 2 movement points each (Seize: see
    :func:`collect_cost`; ``safe``: a Gem without the Dragon die roll, with Seize only)."""
    s = ghoul(g)
    p = pos(g)
    name = "Treasure token" if token == "treasure" else f"{token[len('gem_'):].title()} Gem"
    toks = None if p is None else g.state.board.tokens.get(p)
    if toks is None or toks[token] <= 0:
        return Reason(f"There is no {name} on the {title(g)}'s space.", "GH-13")
    if safe and (token == "treasure" or held_with(g, "cheap_collect", "first") is None):
        return Reason("Only Seize takes a Gem without the Dragon die roll.", "GH-14")
    cost = collect_cost(g, safe)
    if s.movement < cost:
        return Reason(f"Collecting the {name} costs {cost} movement points; you have {s.movement}.", "GH-13")
    return None


def collect_options(g: Game) -> list[Option]:
    p = pos(g)
    if p is None:
        return []
    out = []
    for token in ("treasure", *GEM_TOKENS):
        name = "the Treasure token" if token == "treasure" else f"the {token[len('gem_'):].title()} Gem"
        if check_collect(g, token) is None:
            out.append(Option(f"collect:{token}", f"Collect {name} ({collect_cost(g)} movement)", (space(p),)))
        if token != "treasure" and not ghoul(g).free_collect and check_collect(g, token, safe=True) is None:
            out.append(Option(f"collect:{token}:safe", f"Seize: collect {name} without the roll "
                              f"({collect_cost(g, True)} movement)", (space(p),)))
    return out


def check_here(g: Game) -> Reason | None:
    """Its own space clicked in its turn: a collection there (:func:`check_collect`, with
    Seize's roll-free Gem too) or a smash (:func:`check_smash`); the first refusal when none
    is allowed."""
    p = pos(g)
    toks = None if p is None else g.state.board.tokens.get(p)
    refused: list[Reason] = []
    for token in ("treasure", *GEM_TOKENS):
        if toks is None or toks[token] <= 0:
            continue
        reason = check_collect(g, token)
        if reason is None:
            return None
        if token != "treasure" and not ghoul(g).free_collect and check_collect(g, token, safe=True) is None:
            return None
        refused.append(reason)
    if toks is not None and toks["crystal"] > 0:
        smash = check_smash(g)
        if smash is None:
            return None
        refused.append(smash)
    if refused:
        return refused[0]
    return Reason(f"There is no Treasure token, Dragon Gem or Crystal on the {title(g)}'s space to collect or smash.",
                  "GH-13")


def act_collect(g: Game, arg: str) -> Proc:
    """GH-13/14/15: a Treasure token goes on its Treasure space; a Gem means a Dragon die
    roll — the centre is a trap and it skitters — and otherwise a Treasure token from the
    Cave's supply (or the map); the Gem goes back to the Dragon either way."""
    from ...dice import roll_dragon_die

    s = ghoul(g)
    p = pos(g)
    assert p is not None
    token, _, safe = arg.partition(":")
    free = s.free_collect
    seize = held_with(g, "cheap_collect", "first")
    s.movement -= collect_cost(g, bool(safe))
    if seize is not None and not free:
        mark_persistent(g, seize)
    s.free_collect = False
    toks = g.state.board.tokens_at(p)
    toks[token] -= 1
    if token == "treasure":
        g.log("ghoul_collect", f"The {title(g)} collects the Treasure token at {fmt_pos(p)}.", pos=p)
        yield from hold_treasure(g)
        if free:                                       # Seize once per game: then 2 Terror cards
            yield from draw_terror(g, 2)
        return
    name = token[len("gem_"):].title()
    g.log("ghoul_gem", f"The {title(g)} takes the {name} Gem at {fmt_pos(p)}; it goes back to the Dragon.", pos=p)
    centre = False
    if not (safe or free):
        _, _, centre = roll_dragon_die(g, p, f"The {title(g)}", f"the {name} Gem's trap")
    if free:
        yield from _gem_treasure(g)
        yield from draw_terror(g, 2)
        return
    if centre:
        g.log("ghoul_gem_trap", f"The {name} Gem's trap: the {title(g)} skitters.")
        yield from skitter(g, None)
        return
    yield from _gem_treasure(g)


def _gem_treasure(g: Game) -> Proc:
    """GH-14: a Treasure token from the Cave's supply, or from the map when it is empty."""
    if g.state.supply["treasure"] > 0:
        g.state.supply["treasure"] -= 1
        g.log("ghoul_treasure", f"The {title(g)} takes a Treasure token from the Cave's supply.")
        yield from hold_treasure(g)
        return
    spots = sorted(q for q in g.state.board.tokens if check_take_treasure(g, q) is None)
    if not spots:
        g.log("ghoul_no_treasure", f"No Treasure token is left for the {title(g)}.")
        return
    opts = [Option(at("take", q), f"Take the Treasure token at {fmt_pos(q)}", (space(q),)) for q in spots]
    choice = yield g.ask(me(g), DecisionKind.GHOUL_TAKE_TREASURE, "The Cave's supply is empty: take a Treasure token "
                         "from the map", opts, rules_ref="ghoul.collect")
    q = pos_arg(choice.id)
    g.state.board.tokens_at(q)["treasure"] -= 1
    g.log("ghoul_treasure", f"The {title(g)} takes the Treasure token at {fmt_pos(q)}.", pos=q)
    yield from hold_treasure(g)


def check_take_treasure(g: Game, q: Pos) -> Reason | None:
    """GH-14: with the Cave's supply empty, the Treasure token comes from a space of the map."""
    toks = g.state.board.tokens.get(q)
    if toks is None or toks["treasure"] <= 0:
        return Reason(f"The Cave's supply is empty, so the {title(g)} takes a Treasure token from the map, and there is "
                      f"none at {fmt_pos(q)}.", "GH-14")
    return None


def hold_treasure(g: Game) -> Proc:
    """GH-15: on its Treasure space; each time it holds 2 they become 1 Fury and go back to the supply."""
    s = ghoul(g)
    s.treasure += 1
    if is_vile(g):                                          # VG-15: a Terror card per 2 collected, no Fury
        per = g.rules.vile_ghoul.collected_per_terror
        if s.treasure >= per:
            s.treasure -= per
            g.state.supply["treasure"] += per
            g.log("vile_treasure_terror", f"The Vile Ghoul has collected {per} more Treasures or Gems: it draws a "
                  "Terror card.")
            yield from draw_terror(g, 1)
        return
    per = g.rules.ghoul.treasures_per_fury
    if s.treasure >= per:
        s.treasure -= per
        g.state.supply["treasure"] += per
        g.log("ghoul_treasure_fury", f"The {title(g)} turns {per} Treasure tokens into Fury.")
        yield from gain_fury(g, 1, "Treasure tokens")


# ------------------------------------------------------------------ GH-16..24: attacking
def check_attack(g: Game, piece: str) -> Reason | None:
    """GH-16/17: a piece on its own space, once a turn, for 1 + its defence in discs."""
    return check_target(g, piece, pos(g))


def attack_options(g: Game) -> list[Option]:
    p = pos(g)
    if p is None:
        return []
    return [Option(f"attack:{x}", f"Attack the {piece_name(x)} ({attack_cost(g, x)} Ghoul discs)", (Target("piece", x),))
            for x in sorted(g.state.board.pieces_at(p)) if x != me(g) and check_attack(g, x) is None]


def act_attack(g: Game, piece: str) -> Proc:
    yield from attack(g, piece)


def check_smash(g: Game) -> Reason | None:
    """GH-22: a Crystal token on its space, for 3 Ghoul discs."""
    p = pos(g)
    toks = None if p is None else g.state.board.tokens.get(p)
    if toks is None or toks["crystal"] <= 0:
        return Reason(f"There is no Crystal token on the {title(g)}'s space.", "GH-22")
    if is_vile(g):                                          # VG-12: Attack 3 or more, nothing spent
        return check_smash_value(attack_now(g), g.rules.vile_ghoul)
    need = g.rules.ghoul.smash_discs
    if ghoul(g).attack < need:
        return Reason(f"Smashing a Crystal costs {need} Ghoul discs; you have {ghoul(g).attack}.", "GH-22")
    return None


def smash_options(g: Game) -> list[Option]:
    p = pos(g)
    if p is None or check_smash(g) is not None:
        return []
    cost = f"Attack {attack_now(g)}" if is_vile(g) else f"{g.rules.ghoul.smash_discs} Ghoul discs"
    return [Option("smash:", f"Smash the Crystal ({cost})", (space(p),))]


def act_smash(g: Game, _arg: str) -> Proc:
    smash_crystal(g)
    yield from skitter(g, skitter_other(g, None))


# ------------------------------------------------------------------ the Flare (its player variants)
def check_flare(g: Game) -> Reason | None:
    """The revised Flare: when the Ghoul holds it, on its own space, 1 movement point each use."""
    if me(g) not in g.config.flare_holders:
        return Reason(f"The {title(g)} does not hold the Flare in this game.", "RV-05")
    cost = g.rules.ghoul.flare.own_space_movement
    if ghoul(g).movement < cost:
        return Reason(f"The Flare costs {cost} movement point each use; you have {ghoul(g).movement}.", "RV-05")
    return None


def flare_options(g: Game) -> list[Option]:
    if check_flare(g) is not None:
        return []
    return [Option("flare:", f"Use the Flare on your space ({g.rules.ghoul.flare.own_space_movement} movement)",
                   (Target("card", "flare"),))]


def act_flare(g: Game, _arg: str) -> Proc:
    p = pos(g)
    assert p is not None
    ghoul(g).movement -= g.rules.ghoul.flare.own_space_movement
    yield from g.hooks.knight.use_flare(g, me(g), p)


# ------------------------------------------------------------------ GH-25
def set_defense(g: Game) -> None:
    """GH-25: the discs left on the Attack space are its Defense until its next turn."""
    s = ghoul(g)
    s.defense = s.attack                                    # VG-14: the Vile Ghoul's row Attack, no Boost
    s.movement = 0
    if is_vile(g):
        vile(g).bonus = 0
    g.log("ghoul_defense", f"The {title(g)} ends its turn with Defense {s.defense}.")


def turn_options(g: Game) -> list[Option]:
    if pos(g) is None:
        return []
    return [*move_options(g), *collect_options(g), *attack_options(g), *smash_options(g), *terror_options(g),
            *flare_options(g)]


ACTIONS = MappingProxyType({"move": act_move, "charge": act_charge, "collect": act_collect, "attack": act_attack,
                            "smash": act_smash, "flare": act_flare, **TERROR_ACTIONS})
