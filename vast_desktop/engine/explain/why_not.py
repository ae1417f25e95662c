"""Readable reasons for choices that are not legal (the engine, not the UI, explains).

``why_not(g, role, target)`` answers a click on a target (a map space, a piece, a
card, a board slot…) that is not one of the pending decision's option targets: one
plain sentence naming the numbers that decide it ("Your Strength 2 must be greater
than the Fangs Tribe's Strength 3 to enter.").  ``why_not_reason`` gives the same
answer as a :class:`~..reasons.Reason`, with the id of the rule for the reference link.

Converted decisions (issue 25, item 2; the convention is in :mod:`..reasons`) are only
*routed* here: a click is sent to the rule check that also builds the options, and its
Reason is the answer — the Knight's step (``knight_turn``: a map space, a Tribe's piece,
her own piece, an illegal ``move:`` id) goes to ``knight_step``/``check_any_step``; the Cave's
turn (a space by its phase, a hand tile, an omen) to ``roles/cave/turn.py``'s
``check_cave_space``/``check_cave_hand_tile`` and ``cards/omens.py``'s ``check_omen``, the
omens' targets to ``check_treasure_space``, ``check_hatred_space``/``check_hatred_hand_tile``,
``check_curse_space`` and ``check_rockslide_edge`` (:func:`cave_target`).  The
other reasons are still one small function per rule asking the engine's own rule
functions (``can_target``, ``can_pay``, ``legal_routes``…); each of them is a plain
string (no rule id) until its family is converted.  ``why_not_option`` explains an
option id that is not on offer.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import omens
from ..decisions import Target
from ..geometry import Pos, fmt_pos, manhattan, parse_pos
from ..map.board import edge_blocked, is_dark
from ..map.terrain import check_pit_entry, impassable, on_pit
from ..reasons import Reason
from ..roles.cave import turn as cv
from . import effects as why_not_effects
from . import goblins_thief as why_not_goblins_thief
from . import knight_dragon as why_not_knight_dragon
from . import map as why_not_map
from .common import ROLE_TITLES, _piece_pos, _pos_of, _thing

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game

GENERIC = "That is not one of the choices now."


def why_not_option(g: Game, d: Decision, option_id: str) -> str:
    verb, _, arg = option_id.partition(":")
    if d.role == "knight" and d.kind == "knight_turn" and verb in ("move", "mapmove", "leave"):
        reason = _knight_step_to(g, arg)
        if reason:
            return reason.text
    if verb == "scale" and g.state.dragon is not None:
        found = _why_not_scale(g, d, arg)
        if found:
            return found
    return f"{option_id!r} is not a legal choice now ({d.role}: {d.prompt})."


def _why_not_scale(g: Game, d: Decision, card: str) -> str | None:
    """A Scale card played on its own (the dragon-scales variant, VAR-34/37)."""
    from ..roles.dragon.powers import why_not_scale

    if card not in g.rules.deck("scales") or not g.config.extra.get("dragon_scales"):
        return f"There is no Scale card {card!r} in this game (the dragon-scales variant has scale_golden, " \
               "scale_silver, scale_platinum)."
    if d.role != "dragon" or d.kind != "dragon_turn":
        return "The Dragon plays Scale cards in the Move and Use Powers phase of his turn (VAR-34)."
    return why_not_scale(g, card)


def _knight_step_to(g: Game, ref: str) -> Reason | None:
    """The Knight's step onto the space ``ref`` (routing: her one step check)."""
    from ..roles.knight import turn as kn

    try:
        q = parse_pos(ref)
    except ValueError:
        return None
    return kn.knight_step(g, kn.pos(g), q)


# ----------------------------------------------------------------- targets
def why_not(g: Game, role: str | None, target: Any) -> str | None:
    """Why ``role`` may not choose ``target`` now, in one plain sentence (None if it is an
    option target of ``role``'s pending decision).  ``target`` is a :class:`Target`, a
    ``(kind, ref)`` pair or a map space ``(x, y)``; ``role`` None asks for whoever decides."""
    return why_not_graded(g, role, target)[0]


def why_not_reason(g: Game, role: str | None, target: Any) -> Reason | None:
    """:func:`why_not` as a :class:`Reason`: the rule check's own Reason (its ``rule`` names
    the rule, for the reference link) for a converted decision; the other answers are
    wrapped with no rule id (``Reason.checked`` False)."""
    answer = _answer(g, role, target)[0]
    return answer if answer is None or isinstance(answer, Reason) else Reason(answer)


# How much a reason says, best first: a rule that fails for this very target; where the
# choice is made instead (another board, another kind of thing); only what is being decided.
RULE, WHERE, FALLBACK_GRADE = 0, 1, 2
Answer = str | Reason | None          # what a routing function gives: a converted check's Reason, or a plain sentence


def why_not_graded(g: Game, role: str | None, target: Any) -> tuple[str | None, int]:
    """:func:`why_not` with the grade of its answer (RULE, WHERE or FALLBACK_GRADE)."""
    answer, grade = _answer(g, role, target)
    return (answer.text if isinstance(answer, Reason) else answer), grade


def _answer(g: Game, role: str | None, target: Any) -> tuple[Answer, int]:
    d = g.pending
    if d is None:
        return "The game is over.", RULE
    t = as_target(target)
    if role is not None and role != d.role:
        verb = "are" if d.role == "goblins" else "is"
        return (f"It is not your decision now: the {ROLE_TITLES.get(d.role, d.role)} {verb} deciding ({d.prompt}).",
                RULE)
    if any(o.kind == t.kind and o.ref == t.ref for opt in d.options for o in opt.targets):
        return None, RULE
    for rule in reason_rules():
        reason = rule(g, d, t)
        if reason:
            return reason, RULE
    for place in WHERE_RULES:
        found = place(g, d, t)
        if found:
            return found, WHERE
    return FALLBACK(g, d, t) or GENERIC, FALLBACK_GRADE


def explain_click(g: Game, role: str | None, targets: list[Any]) -> str | None:
    """A click lands on several targets at once (an edge, the pieces on a space, the space):
    the best-graded reason among them, the first of equals (None if one is an option)."""
    reason = explain_click_reason(g, role, targets)
    return None if reason is None else reason.text


def explain_click_reason(g: Game, role: str | None, targets: list[Any]) -> Reason | None:
    """:func:`explain_click` as a :class:`Reason`, whose ``rule`` (when a rule check gave it)
    lets the table show a "Rule" link (``teach.reference.Reference.for_rule``)."""
    graded = [_answer(g, role, t) for t in targets]
    if not graded or any(r is None for r, _ in graded):
        return None
    best = min(graded, key=lambda rg: rg[1])[0]
    assert best is not None
    return best if isinstance(best, Reason) else Reason(best)


def is_fallback(g: Game, reason: str) -> bool:
    """Is ``reason`` only the general "not now" answer, with no rule behind it?"""
    d = g.pending
    return reason == GENERIC or (d is not None and reason == not_now(g, d, Target("button", "")))


def as_target(target: Any) -> Target:
    if isinstance(target, Target):
        return target
    if isinstance(target, tuple) and len(target) == 2 and isinstance(target[0], int):
        return Target("space", fmt_pos(target))
    kind, ref = target
    return Target(str(kind), str(ref))


# ------------------------------------------------------------- the Knight
def knight_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """A space she cannot step onto: her step check (``knight_step``)."""
    if d.kind != "knight_turn" or t.kind != "space":
        return None
    return _knight_step_to(g, t.ref)


def knight_piece(g: Game, d: Decision, t: Target) -> Answer:
    """KN-25 (everything on her own tile), KN-49 (Strength vs Armor), KN-56 (Strength vs a
    Tribe's), KN-60/TH-30 (Perception vs Stealth), KN-24/29 (a token costs an Encounter)."""
    from ..roles.knight import board as kb
    from ..roles.knight import turn as kn

    if d.kind != "knight_turn" or t.kind != "piece" or t.ref == "knight":
        return None
    name, where = _piece_pos(g, t)
    here = kn.pos(g)
    if name.startswith("tribe:") and where is not None:
        if where == here:
            return (f"The {_thing(name)} shares your tile: you attack a Tribe by entering its tile (KN-56), not "
                    "where you stand.")
        return (kn.knight_step(g, here, where)
                or f"You attack the {_thing(name)} by entering its tile: click {fmt_pos(where)} (KN-56).")
    if name == "thief":
        from ..roles.thief.state import stealth
        from ..roles.thief.turn import can_target
        if not can_target(g, kb.perception(g)):
            return (f"Your Perception {kb.perception(g)} must be greater than the Thief's Stealth {stealth(g)} "
                    "to attack him (KN-60, TH-30).")
    if name == "dragon" and g.state.dragon is not None and where == here:
        reason = _knight_vs_dragon(g)
        if reason:
            return reason
    if where is not None and where != here:
        return (f"The {_thing(name)} is at {fmt_pos(where)} and you are at {fmt_pos(here)}: everything you attack "
                "or collect must be on your own tile (KN-25).")
    if name == "crystal" and kb.attack_strength(g) < g.config.smash_strength:
        return (f"Your Strength {kb.attack_strength(g)} must be at least {g.config.smash_strength} to smash a Crystal "
                "token.")
    return _no_encounter(g)


def _knight_vs_dragon(g: Game) -> str | None:
    """KN-49 (surfaced: Strength at least his Armor), KN-47/48 (underground: once a turn),
    KN-54 (underground before the Collapse: a Bomb attack with a Hero cube)."""
    from ..roles.dragon.state import armor
    from ..roles.knight import board as kb
    from ..roles.meetings import knight_dragon as kvd

    d = g.state.dragon
    assert d is not None
    s, arm = kb.attack_strength(g), armor(g)
    k = kb.knight(g)
    if k.javelin_ready is not None and k.bomb_attacked:
        return "You Bomb-attacked the Dragon this turn: the readied Javelin cannot attack him too (KN-89)."
    if not d.surfaced and kvd._attacked_underground(g):
        return "You have already attacked the underground Dragon this turn (KN-47/48)."
    if not d.surfaced and not g.state.collapse and k.javelin_ready is None:
        if k.bombed_wall:
            return "You blew up a wall with a Bomb this turn: no Bomb attack on the Dragon in the same turn (KN-74)."
        if k.cubes_free < 1:
            return ("Attacking the underground Dragon takes the Bomb: put a free Hero cube on it, and you have none "
                    "(KN-47).")
        s -= kvd.axe_bonus(g)                                     # KN-92: not the Mighty Axe with the Bomb
        if s < arm:
            return f"Your Strength {s} must be at least the Dragon's Armor {arm} for a Bomb attack on him (KN-54)."
    if s < arm:
        return f"Your Strength {s} must be at least the Dragon's Armor {arm} to attack him (KN-49)."
    return _no_encounter(g)


def _no_encounter(g: Game) -> str | None:
    """KN-24, KN-37: an attack or a pick-up takes an Encounter, after any Event token here."""
    from ..roles.knight import board as kb
    from ..roles.knight import turn as kn

    if kb.knight(g).must_resolve_event:
        return "You must first resolve the Event token on your space (KN-37)."
    if kn.encounters_left(g) < 1:
        return (f"You have no Encounters left (Perception {kb.perception(g)}, all used): attacking or collecting "
                "here needs one (KN-24, KN-29).")
    return None


# -------------------------------------------------------------- the Thief
def thief_space(g: Game, d: Decision, t: Target) -> Answer:
    """TH-08 (walls need Climb), TH-04 (Movement), TR-17: a space he cannot move onto."""
    from ..roles.thief import turn as th
    from ..roles.thief.state import thief

    q = _pos_of(t)
    p = th.pos(g) if g.state.thief is not None else None
    if d.kind != "thief_turn" or q is None or p is None:
        return None
    s = thief(g)
    if q == p:
        return "You are on this space: nothing here is left to do with your Action cubes now." if s.cubes < 1 \
            else "Nothing on your space can be looted or picked now."
    if s.movement_left <= 0 or s.movement_over:
        return "You have no Movement left this turn (TH-04)."
    if manhattan(p, q) != 1:
        return (f"The Thief moves one space at a time (MAP-03): {fmt_pos(q)} is {manhattan(p, q)} spaces away; "
                f"you have {s.movement_left} Movement left.")
    if q not in g.state.board.tiles:
        return "There is no tile there: nothing moves onto an open space."
    if impassable(g, q):
        return "That space of the Canyon is impassable: only Climbing over it, from the space before, crosses it " \
               "(TR-17/18)."
    if edge_blocked(g, p, q):
        cost = th._cost(g, g.rules.thief.climb_wall_cubes, "climbing_gear")
        return (f"A wall is in the way: Climbing through it costs {cost} Action cubes and you have {s.cubes} "
                "(TH-08, TH-15).")
    return check_pit_entry(g, p, q, s.movement_left)


def thief_piece(g: Game, d: Decision, t: Target) -> str | None:
    """TH-10/32 (Stealth vs Perception), TH-11 (once per turn), TH-07 (Action cubes)."""
    from ..roles.thief import turn as th
    from ..roles.thief.state import stealth, thief

    if d.kind != "thief_turn" or t.kind != "piece" or t.ref == "thief":
        return None
    name, where = _piece_pos(g, t)
    if name not in g.state.board.pieces:
        return _thief_token(g, name, where)
    who = th.target_name(name)
    if thief(g).cubes < 1:
        return "You have no Action cubes left: every action costs at least one (TH-06, TH-07)."
    if th.already_targeted(g, name):
        return f"You have already targeted {who} this turn: each piece only once (TH-11)."
    if stealth(g) <= th.perception_of(g, name):
        what = "Armor" if name == "dragon" else "Perception"
        return (f"Your Stealth {stealth(g)} must be greater than {who}'s {what} {th.perception_of(g, name)} "
                "(TH-10, TH-32).")
    if where != th.pos(g):
        return f"{who[0].upper()}{who[1:]} is at {fmt_pos(where) if where else 'no space'}, not on your space: " \
               "you Pickpocket or Backstab only there (the Hand Crossbow reaches 3 spaces)."
    return None


def _thief_token(g: Game, name: str, where: Pos | None) -> str | None:
    """TH-13/14: a Treasure token costs 1 Action cube, a Gem 1 (with a trap roll) or 2; only on his space."""
    from ..roles.thief import turn as th
    from ..roles.thief.state import thief

    if where is None:
        return None
    if where != th.pos(g):
        return f"The {_thing(name)} is at {fmt_pos(where)}: you loot only on your own space (TH-13)."
    cost = 1 if name == "treasure" else g.rules.thief.loot_gem_cubes
    if thief(g).cubes < cost:
        return f"Looting the {_thing(name)} costs {cost} Action cube and you have {thief(g).cubes} (TH-13/14)."
    return None


def thief_action(g: Game, d: Decision, t: Target) -> str | None:
    """TH-06/07: with no Action cubes left he can still move, but take no action (the action
    targets: his Loot Drop slots and the Flare he holds; other board clicks have their own
    reasons in why_not_goblins_thief)."""
    from ..roles.thief.state import thief

    if d.role != "thief" or d.kind != "thief_turn" or g.state.thief is None:
        return None
    action = (t.kind == "slot" and t.ref.startswith("thief.loot_drop")) or \
        (t.kind == "card" and t.ref == "flare" and "thief" in g.config.flare_holders)
    if action and thief(g).cubes < 1:
        return "You have no Action cubes left: every action costs at least one (TH-06, TH-07)."
    return None


# ------------------------------------------------------------ the Goblins
def _tribe_of(t: Target) -> str | None:
    from ..roles.goblins.state import TRIBES

    if t.kind == "piece" and t.ref.startswith("tribe:"):
        return t.ref.split(":", 1)[1]
    if t.kind == "slot" and t.ref.startswith("goblins."):
        name = t.ref.split(".")[1]
        return name if name in TRIBES else None
    return None


def goblins_activation(g: Game, d: Decision, t: Target) -> str | None:
    """GB-59 (each Tribe once a turn), GB-65 (Population 0), GB-82/83 (where to Reveal)."""
    from ..roles.goblins import turn as gb

    tribe = _tribe_of(t)
    if d.kind != "goblins_turn" or tribe is None or g.state.goblins is None:
        return None
    if tribe in gb.gs(g).activated:
        return f"{gb.Tname(tribe)} has already been activated this turn: each Tribe once (GB-59)."
    if not gb.can_activate(g, tribe):
        if gb.tribe_population(g, tribe) <= 0:
            return f"{gb.Tname(tribe)} has Population 0: it can be neither revealed nor activated (GB-65)."
        return (f"{gb.Tname(tribe)} is hidden and has nowhere to be revealed: no Dark tile with its symbol and "
                "no open space (GB-82/83).")
    return None


def goblins_tribe_move(g: Game, d: Decision, t: Target) -> str | None:
    """GB-60 (never through walls), GB-72 (Strength vs the Knight's, vs the Dragon's
    Armor), GB-74 (Perception vs the Thief's Stealth)."""
    from ..roles.goblins import turn as gb

    if d.kind != "tribe_activation" or g.state.goblins is None or not gb.gs(g).activated:
        return None
    tribe = gb.gs(g).activated[-1]
    p = gb.tribe_pos(g, tribe)
    if p is None:
        return None
    if t.kind == "piece" and t.ref.startswith("tribe:") and t.ref != gb.piece(tribe):
        return (f"{gb.Tname(tribe)} is being activated: one Tribe's activation finishes before the next starts "
                "(GB-59).")
    if t.kind == "piece" and t.ref in ("knight", "dragon", "thief"):
        q = g.state.board.pieces.get(t.ref)
        return _tribe_vs_piece(g, tribe, p, t.ref, q) if q is not None else None
    q = _pos_of(t)
    return _tribe_entry(g, tribe, p, q) if q is not None else None


def _tribe_vs_piece(g: Game, tribe: str, p: Pos, piece: str, q: Pos) -> str | None:
    """GB-71: a Tribe attacks only on its own tile (the Dragon only with the Ash Dragon card);
    GB-72/74: entering the other piece's tile."""
    from ..roles.goblins import turn as gb

    name = gb.Tname(tribe)
    if q == p:
        if piece == "thief":
            return _tribe_vs_thief(g, tribe)
        if piece == "dragon" and not gb.may_fight_dragon(g):
            return f"{name} may attack the Dragon only with the Ash Dragon card (GB-71)."
        return f"{name} has no attack left on this tile: a Tribe with Population 0 takes no action (GB-65)."
    reason = _tribe_entry(g, tribe, p, q)
    if reason:
        return reason
    return (f"{name} attacks only on its own tile (GB-71): move it next to or onto {fmt_pos(q)} first, one "
            "tile at a time.")


def _tribe_vs_thief(g: Game, tribe: str) -> str | None:
    from ..roles.goblins import turn as gb
    from ..roles.thief.state import stealth
    from ..roles.thief.turn import can_target

    if not can_target(g, gb.tribe_perception(g, tribe)):
        return (f"{gb.Tname(tribe)}'s Perception {gb.tribe_perception(g, tribe)} must be greater than the Thief's "
                f"Stealth {stealth(g)} to attack him (GB-74, TH-30).")
    return f"{gb.Tname(tribe)} has Population 0: it takes no action (GB-65)."


def _tribe_entry(g: Game, tribe: str, p: Pos, q: Pos) -> str | None:
    from ..roles.goblins import turn as gb
    from ..roles.knight import board as kb

    name = gb.Tname(tribe)
    if q == p:
        return f"{name} is on this space: its actions are the highlighted choices."
    if manhattan(p, q) != 1:
        return f"{name} moves one tile at a time: {fmt_pos(q)} is {manhattan(p, q)} spaces away (MAP-03)."
    if q not in g.state.board.tiles:
        return "There is no tile there: a Tribe Explores an open space from a Dark tile, it does not move onto one."
    if impassable(g, q):
        return "That space of the Canyon is impassable: no one may enter it (TR-17)."
    block = gb._knight_block(g, tribe, q)
    if block == "knight_too_strong":
        return (f"{name}'s Strength {gb.tribe_strength(g, tribe)} must be greater than the Knight's Strength "
                f"{kb.strength(g)} to enter her tile (GB-72).")
    if block == "blocked":
        armor = gb._dragon_armor(g)
        if "dragon" in g.state.board.pieces_at(q) and armor is not None:
            return (f"{name}'s Strength {gb.tribe_strength(g, tribe)} must be greater than the Dragon's Armor "
                    f"{armor} to enter his tile (GB-72).")
        return f"Another player's piece holds {fmt_pos(q)}: a Tribe may not enter it (GB-72)."
    if edge_blocked(g, p, q):
        return "A wall is in the way: a Tribe never moves through walls (GB-60)."
    return None


def goblins_reveal(g: Game, d: Decision, t: Target) -> str | None:
    """GB-82/83, AMB-42: a Tribe is revealed on a Dark tile with its symbol, not on another player."""
    from ..roles.goblins import turn as gb

    q = _pos_of(t)
    if d.kind != "reveal_tribe" or q is None or g.state.goblins is None or not gb.gs(g).activated:
        return None
    tribe = gb.gs(g).activated[-1]
    tile = g.state.board.tiles.get(q)
    if tile is None or not tile.dark:
        return f"{gb.Tname(tribe)} is revealed on a Dark tile with its symbol (GB-82), and {fmt_pos(q)} is not Dark."
    if gb._reveal_blocked(g, q):
        return f"Another player's piece is on {fmt_pos(q)}: a Tribe is not revealed onto it (AMB-42)."
    symbol = g.tile(tile.tile_id).tribe
    return (f"The Dark tile at {fmt_pos(q)} shows the {str(symbol).title() if symbol else 'no'} symbol, not "
            f"{gb.tname(tribe)}'s (GB-82)." if symbol != tribe else None)


# ------------------------------------------------------------- the Dragon
def dragon_space(g: Game, d: Decision, t: Target) -> str | None:
    """DR-08/16 (the free move: 1 or 2 tiles in a straight line, once a turn), DR-26 (Wing:
    up to 2 tiles in a line, or 1 through a wall), DR-12 (on the surface no Dark tile, no
    wall), TR-17, TR-29/31: where his movement cannot go."""
    from ..roles.dragon import turn as dr
    from ..roles.dragon.state import dragon

    q = _pos_of(t)
    if d.kind not in ("dragon_turn", "dragon_wing") or q is None or g.state.dragon is None:
        return None
    s = dragon(g)
    p = dr.pos(g)
    if q == p:
        return None
    kind, rule = ("free", "DR-08") if d.kind == "dragon_turn" else ("wing", "DR-26")
    what = "the free move goes" if kind == "free" else "Wing flies"
    n = g.rules.dragon.free_move if kind == "free" else 2
    if kind == "free" and s.free_moved:
        return "You have already made your free move this turn (DR-08); a Wing power moves you again."
    if q in dr.legal_routes(g, kind):
        return None
    if p[0] != q[0] and p[1] != q[1]:
        return f"The Dragon moves in a straight line ({rule}): {fmt_pos(q)} is not in line with {fmt_pos(p)}."
    if manhattan(p, q) > n:
        return (f"Too far: {what} up to {n} tiles in a straight line, and {fmt_pos(q)} is {manhattan(p, q)} away "
                f"({rule}).")
    if q not in g.state.board.tiles:
        return "There is no tile there: nothing moves onto an open space."
    if impassable(g, q):
        return "That space of the Canyon is impassable: he never stops on it (TR-17)."
    return _dragon_line(g, p, q, kind) or _dragon_pit(g, q, rule)


def _dragon_line(g: Game, p: Pos, q: Pos, kind: str) -> str | None:
    """DR-08/DR-12/DR-26: the spaces crossed on the way to ``q``."""
    from ..roles.dragon import turn as dr
    from ..roles.dragon.state import dragon

    between = dr.path_to(p, q)
    gap = next((b for b in between if b not in g.state.board.tiles), None)
    if gap is not None:
        return f"The line to {fmt_pos(q)} crosses the open space {fmt_pos(gap)}: the Dragon moves over tiles (DR-08)."
    if dragon(g).surfaced:
        if any(is_dark(g, b) for b in between):
            return "On the surface the Dragon cannot enter a Dark tile (DR-12)."
        if any(edge_blocked(g, a, b) for a, b in zip([p, *between], between, strict=False)):
            if kind == "wing":
                return "Wing takes him through a wall only on a flight of 1 tile (DR-26)."
            return "On the surface the Dragon cannot move through a wall (DR-12); Wing flies through one."
    return None


def _dragon_pit(g: Game, q: Pos, rule: str) -> str:
    if on_pit(g, q):
        return (f"{fmt_pos(q)} is a Pit: he may end a movement there only if a movement still to come this turn "
                "takes him off the Pits (TR-29/31).")
    return f"This movement cannot end at {fmt_pos(q)} now ({rule}, DR-12, TR-17)."


def dragon_power(g: Game, d: Decision, t: Target) -> str | None:
    """DR-17/19/20: a power is paid with matching symbols (cards in hand, unspent Gems on
    the map; "any" with any symbol); the reason names what is missing."""
    from ..roles.dragon import powers as dp

    if t.kind != "slot" or not t.ref.startswith("dragon.power.") or g.state.dragon is None:
        return None
    power = g.rules.dragon.power(t.ref.rsplit(".", 1)[1])
    if d.kind != "dragon_turn":
        return (f"{power.name} is used in the Move and Use Powers phase of the Dragon's turn, one power at a time "
                f"(DR-17); now: {d.prompt}")
    leaving = any(o.id.startswith("move:") or o.id == "power:wing" for o in d.options)
    if power.id != "wing" and leaving and on_pit(g, g.state.board.pieces.get("dragon")):     # dragon.turn_options
        return "You are on a Pit: leave it first, with your free move or a Wing (TR-29/31)."
    cost = tuple(power.cost)
    have = dp.means_of_payment(g)
    if not dp.can_pay(g, cost, have):
        need = Counter(c for c in cost if c != "any")
        missing = [f"{n - have[s]} {s.title()}" for s, n in sorted(need.items()) if have[s] < n]
        short = len(cost) - sum(have.values())
        if short > 0 and not missing:
            missing.append(f"{short} more symbol{'s' if short != 1 else ''} of any kind")
        owned = ", ".join(f"{n} {s.title()}" for s, n in sorted(have.items()) if n) or "nothing"
        return (f"{power.name} costs {' + '.join(c.title() if c != 'any' else 'any symbol' for c in cost)}; "
                f"you have {owned} (cards and unspent Gems): missing {', '.join(missing) or 'a matching set'} "
                "(DR-17, DR-19/20).")
    if not dp.AVAILABLE.get(power.id, lambda _g: True)(g):
        return f"You could pay for {power.name}, but it has nothing to act on now."
    return None


# --------------------------------------------------------------- the Cave
def cave_omen(g: Game, d: Decision, t: Target) -> Reason | None:
    """An omen on the Cave's board: in its turn, the omen's check (``omens.check_omen``:
    CV-15/16/18, something to act on); at any other decision, not now (CV-15)."""
    if t.kind != "slot" or not t.ref.startswith("cave.omen.") or g.state.cave is None:
        return None
    omen_id = t.ref.rsplit(".", 1)[1]
    if d.kind == "cave_turn":
        return omens.check_omen(g, omen_id)
    name = g.rules.omen(omen_id).name
    if d.role != "cave":
        return Reason(f"{name} is used on the Cave's own turn.", "CV-15")
    return Reason(f"{name} is used in the Cave's turn, one omen at a time; now: {d.prompt}", "CV-15")


def cave_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """Routing of the Cave's turn and of the omens' targets to their rule checks: a map
    space (``check_cave_space``, ``check_treasure_space``, ``check_hatred_space``,
    ``check_curse_space``), a tile of its hand (``check_cave_hand_tile``,
    ``check_hatred_hand_tile``), an edge (``check_rockslide_edge``)."""
    if g.state.cave is None:
        return None
    q = _pos_of(t)
    if q is not None:
        check = SPACE_CHECKS.get(d.kind)
        return check(g, q) if check is not None else None
    if t.kind == "hand_tile":
        if d.kind == "cave_turn":
            return cv.check_cave_hand_tile(g, t.ref)
        if d.kind == "omen_hatred":
            return omens.check_hatred_hand_tile(g, t.ref)
    if t.kind == "edge" and d.kind == "omen_rockslide":
        try:
            a, b = (parse_pos(x) for x in t.ref.split("|"))
        except ValueError:
            return None
        return omens.check_rockslide_edge(g, a, b)
    return None


SPACE_CHECKS: dict[str, Callable[[Game, Pos], Reason | None]] = {
    "cave_turn": cv.check_cave_space, "omen_past_plunder": omens.check_treasure_space,
    "omen_hatred": omens.check_hatred_space, "omen_crystal_curse": omens.check_curse_space,
}


def own_piece(g: Game, d: Decision, t: Target) -> Answer:
    """A click on the deciding player's own piece (or, for the Dragon, his own space): why it
    cannot go anywhere now, or how it moves (KN-20/21, TH-04, DR-08, GB-59/60)."""
    mover = _mover(g, d)
    if mover is None or not ((t.kind == "piece" and t.ref == mover)
                             or (d.kind in ("dragon_turn", "dragon_wing")
                                 and _pos_of(t) == g.state.board.pieces.get(mover))):
        return None
    moves = [o for o in d.options if o.id.startswith(("move:", "mapmove:", "climb:", "leave:", "worm:", "wing:"))]
    if moves:
        return f"{_thing(mover)} moves to a highlighted space: drag the piece there, or click the space."
    return _cannot_move(g, d, mover)


def _mover(g: Game, d: Decision) -> str | None:
    from ..roles.goblins import turn as gb

    if d.kind in ("knight_turn", "thief_turn", "dragon_turn", "dragon_wing"):
        return d.role
    if d.kind in ("tribe_activation", "reveal_tribe") and g.state.goblins is not None and gb.gs(g).activated:
        return gb.piece(gb.gs(g).activated[-1])
    return None


def _cannot_move(g: Game, d: Decision, mover: str) -> Answer:
    if d.kind == "knight_turn":
        from ..roles.knight import turn as kn
        return kn.check_any_step(g)
    if d.kind == "thief_turn":
        from ..roles.thief.state import thief
        left = thief(g).movement_left
        return "You have no Movement left this turn (TH-04)." if left <= 0 or thief(g).movement_over else \
            f"No space next to you can be entered now ({left} Movement left): walls need Climb (TH-08)."
    if d.kind == "dragon_turn":
        from ..roles.dragon.state import dragon
        if dragon(g).free_moved:
            return "You have already made your free move this turn (DR-08); a Wing power moves you again."
        return "Your free move has nowhere to go: on the surface walls and Dark tiles stop you (DR-12)."
    if d.kind == "reveal_tribe":
        return f"{_thing(mover)} is revealed on a highlighted Dark tile with its symbol (GB-82)."
    return f"{_thing(mover)} has nowhere to move now: it never moves through walls (GB-60)."


def acting_on_pieces(g: Game, d: Decision, t: Target) -> str | None:
    """Who acts on a piece in each role's turn: the Dragon and the Cave through their
    powers and omens (DR-17, CV-15), the Goblins through an activated Tribe (GB-59)."""
    if t.kind != "piece":
        return None
    name, where = _piece_pos(g, t)
    thing = _thing(name)
    if d.kind == "dragon_wing" and where is not None:
        return (dragon_space(g, d, Target("space", fmt_pos(where)))
                or f"Wing flies you onto the {thing}'s space: click {fmt_pos(where)} (DR-26).")
    if d.kind == "dragon_turn":
        return (f"The Dragon acts on the {thing} through his powers (Claw, Scratch, Wing…): pay for one on your "
                "board first (DR-17).")
    if d.kind == "cave_turn":
        return f"The Cave acts on the {thing} only through its omens (Giant Bats, Spores…): use one first (CV-15)."
    if d.kind == "goblins_turn":
        return "Activate a Tribe first: a Tribe on the map moves, then attacks or plunders on its tile (GB-59, GB-63)."
    if d.kind == "reveal_tribe":
        return "Revealing uses the whole activation: choose a highlighted Dark tile for the Tribe (GB-66, GB-82)."
    return None


def goblins_choose_tribe(g: Game, d: Decision, t: Target) -> str | None:
    """GB-59: in the Goblins' turn a Tribe is activated before it moves anywhere."""
    if d.kind == "goblins_turn" and t.kind == "space":
        return "Choose a Tribe to activate first (click it on the map or on your board), then where it goes (GB-59)."
    return None


# ------------------------------------------------------------ where instead
WHAT = {"space": "a highlighted space on the map", "piece": "a highlighted piece on the map",
        "edge": "a highlighted wall on the map", "card": "one of the highlighted cards",
        "slot": "a highlighted place on a board", "hand_tile": "a highlighted tile in your hand"}


def other_board(g: Game, d: Decision, t: Target) -> str | None:
    """A click on another role's board (the table lets everyone look at every board): only
    its owner uses it, unless this very decision acts on it (Hex, Spores, Slither…)."""
    if t.kind != "slot":
        return None
    owner = t.ref.split(".", 1)[0]
    if owner not in ROLE_TITLES or owner == d.role:
        return None
    if any(o.kind == "slot" and o.ref.startswith(owner + ".") for opt in d.options for o in opt.targets):
        return None
    whose = f"{ROLE_TITLES[owner]}'" if owner == "goblins" else f"{ROLE_TITLES[owner]}'s"
    return f"That is the {whose} board: only the {ROLE_TITLES[owner]} use{'' if owner == 'goblins' else 's'} " \
           f"it. You are deciding: {d.prompt}"


def wrong_kind(g: Game, d: Decision, t: Target) -> str | None:
    """A click on a kind of thing this decision is not about (a piece when it asks for a
    tile, the map when it asks a yes-or-no question): where the choice is made instead."""
    kinds = [k for k in WHAT if any(o.kind == k for opt in d.options for o in opt.targets)]
    if t.kind in kinds:
        return None
    if not kinds:
        return f"{d.prompt} — answer with the buttons under the prompt."
    return f"{d.prompt} — choose {' or '.join(WHAT[k] for k in kinds)}."


WHERE_RULES: list[Callable[[Game, Decision, Target], str | None]] = [other_board, wrong_kind]


def not_now(g: Game, d: Decision, t: Target) -> str | None:
    """Any other decision: what is being decided instead."""
    return f"Not now — {d.prompt}" if d.prompt else None


REASONS: list[Callable[[Game, Decision, Target], Answer]] = [
    own_piece, knight_space, knight_piece, thief_piece, thief_space, thief_action, goblins_activation, goblins_tribe_move,
    goblins_reveal, dragon_space, dragon_power, cave_omen, cave_target, acting_on_pieces, goblins_choose_tribe,
]
FALLBACK = not_now          # after every specific rule: kept apart so tests can tell the specific reasons from it


@functools.lru_cache(maxsize=1)
def reason_rules() -> tuple[Callable[[Game, Decision, Target], Answer], ...]:
    """Every rule-level reason, in order: this module's, then the per-decision modules'
    (memoised, never changed after)."""
    return (*REASONS, *why_not_map.REASONS, *why_not_knight_dragon.REASONS,
            *why_not_goblins_thief.REASONS, *why_not_effects.REASONS)
