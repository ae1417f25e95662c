"""The Thief's turn (TH-01..57): (1) Assign Stat Tokens, (2) Move and Take Actions, in
any order, until he stops or has neither Movement nor Action cubes left (TH-02, TH-07,
AMB-56: the FAQ; the house rule ``thief_turn_ends_when_either_spent`` ends it when either
runs out).  Actions: Loot, Climb, Pickpocket, Pick Lock, Backstab, Hide Loot, and the
Flare when he holds it (RV-05).  Carrying and stashing at the Entrance with an upgrade
for each stashed token (TH-38..43), dying and the Loot Drop bonus (TH-45..49).

Rule checks (issue 25, item 2; :mod:`...reasons`): each decision's options are built from
the check that also answers a click on a target that is not one — :func:`thief_step` (his
move, Climb, step off the Terrain), :func:`check_here` (Loot, Pick Lock, peek on his space),
:func:`thief_target` (Pickpocket, Backstab), :func:`check_hide_loot`, :func:`check_flare`,
:func:`check_assignment`, :func:`check_upgrade`, :func:`check_reveal`,
:func:`check_take_treasure`, :func:`check_slip`.

API used by other roles: :func:`can_target` (Perception > Stealth, TH-30; its refusal
:func:`check_stealth`),
:func:`attack_thief` (an attack: Unnatural Evasion may foil it, TH-36/37),
:func:`kill_thief` (any death, with or without the killer's bonus), :func:`entered`
(what a tile does to him as he enters it: a Flame Wall, the Entrance).

House rules read here: ``flame_wall_kill_gives_loot_bonus`` (AMB-37),
``thief_targets_each_player_once`` (AMB-38), ``thief_turn_ends_when_either_spent`` (AMB-56).
"""
from __future__ import annotations

from itertools import permutations
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...decisions import Option, Target, button, space
from ...dice import roll
from ...game import GameOver, Outcome
from ...geometry import DIRS, Pos, fmt_pos, manhattan, parse_pos, step
from ...kinds import DecisionKind
from ...map.board import is_dark, visible
from ...map.terrain import (
    check_open_step,
    check_pit_entry,
    forest_blocks,
    impassable,
    kind_at,
    neighbours,
    on_pit,
    place_under,
    ride,
    step_ok,
)
from ...option_ids import arg_of, at, has_verb, parse, pos_arg
from ...reasons import Reason
from .state import STATS, ThiefState, stash_needed, stashed, stat, stealth, thief, upgrade_name
from .upgrade_cards import (
    act_charm,
    act_wand,
    card_options,
    card_upgrade_options,
    check_card_upgrade,
    check_carry,
    check_not_helped,
    pickpocket_stealth_ok,
    take_card_upgrade,
)

if TYPE_CHECKING:
    from ...game import Game, Proc

TARGET_NAMES = MappingProxyType({"knight": "the Knight", "dragon": "the Dragon", "ghoul": "the Ghoul", "vile_ghoul": "the Vile Ghoul"})
NOT_TARGETS = frozenset({"thief"})
_NO_CUBES = Reason("You have no Action cubes left: every action costs at least one.", "TH-06")


def pos(g: Game) -> Pos | None:
    return g.state.board.pieces.get("thief")


def target_name(piece: str) -> str:
    if piece.startswith("tribe:"):
        return f"the {piece.split(':', 1)[1].title()} Tribe"
    return TARGET_NAMES.get(piece, piece)


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def roll_action_die(g: Game, why: str) -> int:
    """The Thief's Action die (d6); the roll is a barrier (:func:`dice.roll`), scripted or not."""
    faces = g.rules.thief.action_die
    face = faces[roll(g, "action", len(faces), why) - 1]
    g.log("action_die", f"The Thief rolls the Action die ({why}): {face}.", face=face)
    return face


# ------------------------------------------------------------------ the turn
def start_turn(g: Game) -> None:
    """TH-47/SET-42: a Thief off the map (first turn, or killed) comes on at the Entrance —
    unharmed even by a Flame Wall there (DR-39)."""
    t = thief(g)
    t.targeted = []
    t.helped = []                                       # the Charm's (thief-upgrades variant)
    t.vaults_tried = []
    t.sticky_used = False
    t.movement_over = False
    t.cubes = 0
    t.movement_left = 0
    board = g.state.board
    if not t.placed:
        board.pieces["thief"] = board.entrance
        t.placed = True
        t.dead = False
        g.log("thief_placed", f"The Thief appears on the Entrance at {fmt_pos(board.entrance)}.", pos=board.entrance)
    g.log("turn", f"Round {g.state.round}: the Thief's turn (Loot Drop Level {t.loot_drop}, "
          f"{stashed(g)} of {stash_needed(g)} stashed).")


def thief_turn(g: Game) -> Proc:
    t = thief(g)
    start_turn(g)
    yield from assign_stats(g)
    t.cubes = min(stat(g, "thievery"), g.rules.thief.action_cubes)   # TH-05, SET-23: his 5 Action cubes
    t.movement_left = stat(g, "movement")
    g.log("thief_stats", f"The Thief has Movement {t.movement_left}, Stealth {stealth(g)}, "
          f"Thievery {t.cubes} ({t.cubes} Action cubes).")
    either_spent = "thief_turn_ends_when_either_spent" in g.setup.house_rules
    while pos(g) is not None:
        if either_spent and (t.movement_left <= 0 or t.cubes <= 0):     # AMB-56 house rule: the rulebook
            g.log("thief_spent", "The Thief has run out of " + ("Movement" if t.movement_left <= 0 else
                                                                 "Action cubes") + ": his turn ends.")
            break
        opts = turn_options(g)
        if not opts:
            break
        if not (on_pit(g, pos(g)) and any(has_verb(o.id, "move") for o in opts)):   # TR-29
            opts.append(Option("end:", "End your turn", (button("end_turn"),)))
        choice = yield g.ask("thief", DecisionKind.THIEF_TURN, _prompt(g), opts, rules_ref="thief.move_and_act")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        yield from ACTIONS[verb](g, arg)
    t.cubes = 0                                         # TH-02: the cubes come off the board
    g.log("turn_end", "The Thief ends his turn.")


def _prompt(g: Game) -> str:
    t = thief(g)
    cubes = f"{t.cubes} Action cube{'' if t.cubes == 1 else 's'}"
    return (f"Movement {t.movement_left}, {cubes}, Stealth {stealth(g)}, carrying {len(t.carried)} "
            f"(move and take actions in any order).")


def assign_stats(g: Game) -> Proc:
    """TH-03: one Stat token each on Movement, Stealth and Thievery (nothing to assign
    once ALL 4 makes every token worth 4, TH-54)."""
    from .state import token_value

    t = thief(g)
    if "flip_all_4" in t.upgrades:
        return
    seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for perm in permutations(range(3)):
        values = tuple(token_value(g, t, i) for i in perm)
        seen.setdefault(values, perm)  # type: ignore[arg-type]
    if len(seen) == 1:
        perm = next(iter(seen.values()))
    else:
        opts = [Option(f"assign:{m}-{s}-{th}", f"Movement {m}, Stealth {s}, Thievery {th}",
                       (Target("slot", f"thief.stats.{m}-{s}-{th}"),)) for (m, s, th) in sorted(seen, reverse=True)
                if check_assignment(g, (m, s, th)) is None]
        choice = yield g.ask("thief", DecisionKind.THIEF_STATS, "Assign your Stat tokens to Movement, Stealth and Thievery", opts,
                             rules_ref="thief.assign_stat_tokens")
        values = tuple(int(v) for v in arg_of(choice.id).split("-"))
        perm = seen[values]  # type: ignore[index]
    t.assignment = dict(zip(STATS, perm, strict=True))


def _cost(g: Game, base: int, upgrade: str) -> int:
    """TH-15/23: Climbing Gear and the Lock Picking Kit each save 1 cube, but never make
    an action free: "Each action costs one or more Action cubes" (rulebook, Move and Take
    Actions).  With the Kit the 1-cube Pick Lock (4+) still costs 1 cube, the same as the
    2-cube one (2+), which is then offered instead (see :func:`picklock_options`)."""
    return max(1, base - (1 if upgrade in thief(g).upgrades else 0))


# ------------------------------------------------------------------ his step (rule checks)
# One check per rule (see :mod:`...reasons`): each returns None when the rule allows it, else
# the Reason it refuses with.  ``thief_step`` composes them for a space he may move onto; his
# move, leave, climb and climb-over options are the candidates it allows, and a click on a
# space (or on his own piece, :func:`check_any_step`) is explained by the same call
# (``explain/why_not.py``).  The same holds for what he does on his own space
# (:func:`check_here`) and for the pieces he targets (:func:`thief_target`).
_NO_MOVEMENT = Reason("You have no Movement left this turn.", "TH-04")
_PEEKED = Reason("You ended your movement to peek at the Dark tile here: no more moves this turn.", "TH-09")
_IMPASSABLE = Reason("That space of the Canyon is impassable: only Climbing over it, from the space before, "
                     "crosses it, ending on the space beyond.", "TR-18")
_OFF_IMPASSABLE = Reason("Nothing steps off an impassable space of the Canyon.", "TR-17")


def check_may_move(g: Game) -> Reason | None:
    """TH-04 (Movement is the number of tiles he moves onto this turn), TH-09 (he ended his
    movement to peek): may he move at all now?"""
    t = thief(g)
    if t.movement_over:
        return _PEEKED
    if t.movement_left <= 0:
        return _NO_MOVEMENT
    return None


def _climb_over_middle(g: Game, p: Pos, q: Pos) -> Pos | None:
    """TH-15, TR-18/19: the impassable space a Climb over it from ``p`` to ``q`` crosses (two
    spaces away in a straight line), None if ``q`` is not so."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    if (abs(dx), abs(dy)) not in ((2, 0), (0, 2)):
        return None
    over = (p[0] + dx // 2, p[1] + dy // 2)
    return over if impassable(g, over) else None


def check_reach(g: Game, p: Pos, q: Pos) -> Reason | None:
    """MAP-03, TR-29: a move goes to an adjacent space, or from a Pit to another Pit; TH-15,
    TR-18: a Climb over an impassable space goes to the space beyond it."""
    if q in neighbours(g, p) or _climb_over_middle(g, p, q) is not None:
        return None
    return Reason(f"The Thief moves one space at a time: {fmt_pos(q)} is {manhattan(p, q)} spaces away, and you "
                  f"have {max(0, thief(g).movement_left)} Movement left.", "MAP-03")


def check_climb(g: Game, p: Pos, q: Pos) -> Reason | None:
    """TH-08, TH-15: a wall (a Rockslide too, CV-23) is crossed only by Climbing, 2 Action
    cubes (1 with Climbing Gear)."""
    if impassable(g, p):
        return _OFF_IMPASSABLE
    cost = _cost(g, g.rules.thief.climb_wall_cubes, "climbing_gear")
    cubes = thief(g).cubes
    if cubes < cost:
        return Reason(f"A wall is in the way: Climbing through it costs {cost} Action cube{'s' if cost != 1 else ''} "
                      f"and you have {cubes}.", "TH-15")
    return None


def check_step_onto(g: Game, p: Pos, q: Pos) -> Reason | None:
    """A move from ``p`` onto the neighbour ``q`` (TH-08: Lit and Dark tiles, others' tiles
    too), in rule order: an open space only off the Terrain (TR-12), never an impassable
    space (TR-17/18), the Pits' whole trip (TR-30), a wall only by Climbing (TH-08, TH-15)."""
    if q not in g.state.board.tiles:
        return check_open_step(g, p, q)
    if impassable(g, q):
        return _IMPASSABLE
    return (check_ghoul_space(g, q) or check_pit_entry(g, p, q, thief(g).movement_left)
            or (None if step_ok(g, p, q) else check_climb(g, p, q)))


def check_ghoul_space(g: Game, q: Pos) -> Reason | None:
    """GH-37: he enters the Ghoul's space only with Stealth greater than its Defense."""
    from ..ghoul.state import defense, me

    if g.state.ghoul is None or g.state.board.pieces.get(me(g)) != q:
        return None

    if stealth(g) <= defense(g):
        return Reason(f"Your Stealth {stealth(g)} must be greater than the Ghoul's Defense {defense(g)} to enter its "
                      "space.", "GH-37")
    return None


def check_climb_over(g: Game, p: Pos, q: Pos) -> Reason | None:
    """TH-15, TR-18/19: a Climb over one impassable space in a straight line, 3 Action cubes
    (2 with Climbing Gear), ending on a valid space beyond it; it spends the Movement of both
    spaces crossed (our reading of "Movement is still spent as usual")."""
    over = _climb_over_middle(g, p, q)
    assert over is not None
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile beyond the impassable space {fmt_pos(over)}: a Climb over it ends on a "
                      "space of the map.", "TR-19")
    if impassable(g, q):
        return Reason(f"{fmt_pos(q)} is impassable too: a Climb crosses one impassable space and ends beyond it.",
                      "TR-18")
    t = thief(g)
    if t.movement_left < 2:
        return Reason(f"Climbing over the impassable space {fmt_pos(over)} spends the Movement of both spaces "
                      f"crossed, 2, and you have {t.movement_left}.", "TH-15")
    cost = _cost(g, g.rules.thief.climb_impassable_cubes, "climbing_gear")
    if t.cubes < cost:
        return Reason(f"Climbing over the impassable space {fmt_pos(over)} costs {cost} Action cubes and you have "
                      f"{t.cubes}.", "TH-15")
    return None


def thief_step(g: Game, p: Pos, q: Pos) -> Reason | None:
    """THE check of his move from ``p`` to ``q`` ≠ ``p`` (None: allowed — a plain move, a step
    off the Terrain, a Climb through a wall or over an impassable space): reach (MAP-03,
    TR-29), whether he may move now (TH-04, TH-09), then the space (:func:`check_step_onto`,
    :func:`check_climb_over`)."""
    reason = check_reach(g, p, q) or check_may_move(g)
    if reason is not None:
        return reason
    return check_step_onto(g, p, q) if q in neighbours(g, p) else check_climb_over(g, p, q)


def check_any_step(g: Game) -> Reason | None:
    """Whether he can move anywhere now (a click on his own piece): the first refusal of
    :func:`thief_step` over his neighbours when none allows it (a Climb over an impassable
    space counts too)."""
    stuck = check_may_move(g)
    if stuck is not None:
        return stuck
    p = pos(g)
    assert p is not None
    first: tuple[Pos, Reason] | None = None
    for q in neighbours(g, p) + [q for _, q in _climb_over_spaces(g, p)]:
        reason = thief_step(g, p, q)
        if reason is None:
            return None
        first = first or (q, reason)
    assert first is not None                                # four adjacent spaces at least
    q, reason = first
    return Reason(f"No space next to you can be entered now. {fmt_pos(q)}: {reason.text}", reason.rule)


def _climb_over_spaces(g: Game, p: Pos) -> list[tuple[Pos, Pos]]:
    """(the impassable space, the space beyond) for each direction with an impassable space
    next to ``p`` (TR-18)."""
    out = []
    for d in DIRS:
        over = step(p, d)
        if impassable(g, over):
            out.append((over, step(over, d)))
    return out


def check_assignment(g: Game, values: tuple[int, ...]) -> Reason | None:
    """TH-03, TH-54: Movement, Stealth and Thievery take one Stat token each, so their values
    are the tokens' values (light side, dark once flipped) in some order."""
    from .state import token_value

    shown = sorted(token_value(g, thief(g), i) for i in range(3))
    if sorted(values) == shown:
        return None
    return Reason(f"Your Stat tokens show {', '.join(map(str, shown))}: Movement, Stealth and Thievery "
                  f"{', '.join(map(str, values))} is not an assignment of them.", "TH-03")


# ------------------------------------------------------------------ options
def turn_options(g: Game) -> list[Option]:
    """Everything he can do now; empty when nothing is left (TH-02, TH-07)."""
    p = pos(g)
    assert p is not None
    opts = move_options(g, p) + loot_options(g, p)
    opts += pickpocket_options(g, p)
    opts += picklock_options(g, p) + backstab_options(g, p) + hide_options(g) + flare_options(g, p)
    opts += peek_options(g, p)
    return opts + card_options(g)


def move_options(g: Game, p: Pos) -> list[Option]:
    """The spaces :func:`thief_step` lets him onto (TH-08): moves onto tiles (TR-11, TR-17,
    TR-29/30), steps off the Terrain onto open spaces (TR-12), Climbs through walls for 2
    cubes (1 with Climbing Gear) and over an impassable space for 3 (2) (TH-15, TR-18/19)."""
    if check_may_move(g) is not None:
        return []
    tiles = g.state.board.tiles
    near = [q for q in neighbours(g, p) if check_step_onto(g, p, q) is None]      # reach and Movement: checked
    moves = [q for q in near if q in tiles and step_ok(g, p, q)]
    opts = [Option(at("move", q), f"Move to {fmt_pos(q)}", (space(q),)) for q in moves]
    opts += [Option(at("leave", q), f"Leave the Terrain for the open space {fmt_pos(q)} (a Dark tile is placed)",
                    (space(q),)) for q in near if q not in tiles]
    cost = _cost(g, g.rules.thief.climb_wall_cubes, "climbing_gear")
    opts += [Option(at("climb", q), f"Climb through the wall to {fmt_pos(q)} ({cost} cube"
                    f"{'s' if cost != 1 else ''})", (space(q),)) for q in near if q in tiles and q not in moves]
    over_cost = _cost(g, g.rules.thief.climb_impassable_cubes, "climbing_gear")
    opts += [Option(at("climbover", q), f"Climb over the impassable space {fmt_pos(over)} to {fmt_pos(q)} "
                    f"({over_cost} cubes)", (space(q),))
             for over, q in _climb_over_spaces(g, p) if check_climb_over(g, p, q) is None]
    return opts


# ------------------------------------------------------------ on his own space (rule checks)
_NO_VAULT = Reason("There is no Vault token on your space to pick.", "TH-23")
_VAULT_TRIED = Reason("You have tried this Vault's lock this turn already: each Vault once a turn.", "TH-23")
_KIT_SURER = Reason("With the Lock Picking Kit the surer try costs the same Action cube: it is the one offered.",
                    "TH-23")
_NOT_DARK = Reason("Your space is not a Dark tile: only a Dark tile is peeked at.", "TH-09")
_PEEKED_HERE = Reason("You have peeked at this Dark tile already: your movement is over.", "TH-09")
_NOTHING_HERE = Reason("There is nothing on your space to loot or pick, and it is not a Dark tile to peek at.",
                       "TH-13")


def _token_thing(token: str) -> str:
    return "Treasure token" if token == "treasure" else f"{token[len('gem_'):].title()} Gem"


def check_loot(g: Game, p: Pos, token: str, cubes: int) -> Reason | None:
    """TH-13/14: Loot takes a Treasure token for 1 Action cube, a Dragon Gem for 1 cube (with
    the trap roll) or 2 (safe) — a token on his own space (``p``: where the token is looked
    for)."""
    if p != pos(g):
        return Reason(f"The {_token_thing(token)} at {fmt_pos(p)} is not on your space: you loot only there.", "TH-13")
    if not g.state.board.tokens_at(p)[token]:
        return Reason(f"There is no {_token_thing(token)} on your space to loot.", "TH-13")
    full = check_carry(g)                                   # the Cloak of the Mountebank: 2 items at most
    if full is not None:
        return full
    have = thief(g).cubes
    if have < cubes:
        return Reason(f"Looting the {_token_thing(token)} costs {cubes} Action cube{'s' if cubes != 1 else ''} and you "
                      f"have {have}.", "TH-13" if cubes == 1 else "TH-14")
    return None


def check_pick_lock(g: Game, p: Pos, level: int) -> Reason | None:
    """TH-23: Pick Lock on a Vault token on his space, each Vault once a turn; ``level`` cubes
    (1 with 4+, 2 with 2+, 3 sure), the Lock Picking Kit saving 1 — a level costing no less
    than a surer one (the 1-cube try with the Kit) is not offered."""
    t = thief(g)
    if not g.state.board.tokens_at(p)["vault"]:
        return _NO_VAULT
    if p in t.vaults_tried:
        return _VAULT_TRIED
    levels = g.rules.thief.roll_actions
    cost = _cost(g, level, "lock_picking_kit")
    if any(s.cubes > level and _cost(g, s.cubes, "lock_picking_kit") <= cost for s in levels):
        return _KIT_SURER
    if t.cubes < cost:
        return Reason(f"Picking the Vault's lock costs {cost} Action cube{'s' if cost != 1 else ''} and you have "
                      f"{t.cubes}.", "TH-23")
    return None


def check_peek(g: Game, p: Pos) -> Reason | None:
    """TH-09: on a Dark tile he may end his movement and peek at it."""
    if not is_dark(g, p):
        return _NOT_DARK
    return _PEEKED_HERE if thief(g).movement_over else None


def check_here(g: Game, p: Pos) -> Reason | None:
    """His own space as a target (Loot, Pick Lock, peek act on it): None if one of them is
    allowed, else the first refusal about something there (TH-13/14, TH-23, TH-09)."""
    from ..dragon.state import SYMBOLS, gem_token

    toks = g.state.board.tokens_at(p)
    rules = g.rules.thief
    tries: list[Reason | None] = []
    if toks["treasure"]:
        tries.append(check_loot(g, p, "treasure", 1))
    for s in SYMBOLS:
        if toks[gem_token(s)]:
            tries += [check_loot(g, p, gem_token(s), c) for c in (rules.loot_gem_cubes, rules.loot_gem_safe_cubes)]
    if toks["vault"]:
        tries += [check_pick_lock(g, p, r.cubes) for r in rules.roll_actions]
    if is_dark(g, p):
        tries.append(check_peek(g, p))
    if any(r is None for r in tries):
        return None
    return next((r for r in tries if r is not _KIT_SURER), _NOTHING_HERE)


def loot_options(g: Game, p: Pos) -> list[Option]:
    """TH-13/14 (:func:`check_loot`): a Treasure token for 1 cube; a Gem for 1 cube and a
    trap roll, or 2 safe."""
    from ..dragon.state import SYMBOLS, gem_token

    toks = g.state.board.tokens_at(p)
    rules = g.rules.thief
    out = []
    if toks["treasure"] and check_loot(g, p, "treasure", 1) is None:
        out.append(Option("loot:treasure", "Loot a Treasure token (1 cube)", (space(p),)))
    for s in SYMBOLS:
        gem = gem_token(s)
        if toks[gem]:
            if check_loot(g, p, gem, rules.loot_gem_cubes) is None:
                out.append(Option(f"loot:{gem}:{rules.loot_gem_cubes}",
                                  f"Loot the {s.title()} Gem ({rules.loot_gem_cubes} cube, roll for the trap)", (space(p),)))
            if check_loot(g, p, gem, rules.loot_gem_safe_cubes) is None:
                out.append(Option(f"loot:{gem}:{rules.loot_gem_safe_cubes}",
                                  f"Disarm and loot the {s.title()} Gem ({rules.loot_gem_safe_cubes} cubes)", (space(p),)))
    return out


def act_climbover(g: Game, arg: str) -> Proc:
    """TH-15, TR-18: Climb over one impassable Terrain space (3 cubes, 2 with Climbing Gear)."""
    yield from _climb(g, parse_pos(arg), g.rules.thief.climb_impassable_cubes, 2, "over the impassable terrain")


def perception_of(g: Game, piece: str) -> int:
    """TH-32/34: the Knight's Perception; a Tribe's Population + 1 (+1 with Trap, GB-55);
    against the Dragon his Armor."""
    if piece == "knight":
        from ..knight import board as kb
        return kb.perception(g)
    if piece == "dragon":
        from ..dragon.state import armor
        return armor(g)
    if piece in ("ghoul", "vile_ghoul"):                    # GH-37: its Defense (the Vile Ghoul's: VG-14)
        from ..ghoul.state import defense
        return defense(g)
    gb = g.hooks.goblins
    return gb.tribe_perception(g, piece.split(":", 1)[1]) + gb.trap_bonus(g)


def _player(piece: str) -> str:
    return "goblins" if piece.startswith("tribe:") else piece


def already_targeted(g: Game, piece: str) -> bool:
    """TH-11, AMB-38: each piece once per turn (so each Tribe once); with the house rule
    ``thief_targets_each_player_once`` each player once (one Tribe shields the others)."""
    t = thief(g)
    if "thief_targets_each_player_once" in g.setup.house_rules:
        return _player(piece) in {_player(x) for x in t.targeted}
    return piece in t.targeted


def check_may_target(g: Game, piece: str, pickpocket: bool = False) -> Reason | None:
    """TH-10/11, AMB-38: each piece once a turn (with the house rule each player once);
    RV-15: a dead Knight is no one's target; the Charm: not a player he helped this turn;
    TH-10, TH-32: his Stealth must beat the Knight's or the Tribe's Perception, or the
    Dragon's Armor (for a ``pickpocket`` with the Cloak of the Mountebank, equal it)."""
    if already_targeted(g, piece):
        return Reason(f"You have already targeted {target_name(piece)} this turn: each piece only once.", "TH-11")
    if piece == "knight" and g.state.knight is not None and g.state.knight.dead:
        return Reason("The Knight is dead: she is no one's target until she is back.", "RV-15")
    helped = check_not_helped(g, piece)
    if helped is not None:
        return helped
    mine, theirs = stealth(g), perception_of(g, piece)
    if not (pickpocket_stealth_ok(g, mine, theirs) if pickpocket else mine > theirs):
        what = "Armor" if piece == "dragon" else "Defense" if piece in ("ghoul", "vile_ghoul") else "Perception"
        return Reason(f"Your Stealth {mine} must be greater than {target_name(piece)}'s {what} {theirs}.", "TH-32")
    return None


def targets_here(g: Game, p: Pos) -> list[str]:
    """Other players' pieces on his space he may target now (:func:`check_may_target`)."""
    return [piece for piece, q in sorted(g.state.board.pieces.items())
            if q == p and piece not in NOT_TARGETS and check_may_target(g, piece) is None]


def can_be_pickpocketed(g: Game, piece: str) -> bool:
    """TH-18/19/21: the Knight needs a Treasure card, the Goblins a takeable Secret (any
    in hand, or the face-up Goblin Ruby), the Dragon a cube on Wakefulness and room on Greed."""
    if piece == "knight":
        k = g.state.knight
        return k is not None and bool(k.treasures)
    if piece == "dragon":
        d = g.state.dragon
        return d is not None and d.wakefulness > 0 and d.sloth["greed"] < d.capacity["greed"]
    if piece in ("ghoul", "vile_ghoul"):                    # GH-37: a Treasure token or a Terror card
        gh = g.state.ghoul
        return gh is not None and (gh.treasure > 0 or bool(gh.terror))
    s = g.state.goblins
    return s is not None and (bool(s.hand) or "goblin_ruby" in s.face_up or s.stored_treasure > 0)   # VAR-30


def _levels(g: Game, t: ThiefState, cost_of: dict[int, int]) -> list[tuple[int, int]]:
    return [(level, cost) for level, cost in cost_of.items() if t.cubes >= cost]


def pickpocket_options(g: Game, p: Pos) -> list[Option]:
    t = thief(g)
    out: list[Option] = []
    if check_carry(g) is not None:                          # the Cloak: a full purse takes nothing more
        return out
    here = [x for x, q in sorted(g.state.board.pieces.items()) if q == p and x not in NOT_TARGETS]
    for piece in here:
        if check_may_target(g, piece, pickpocket=True) is not None or not can_be_pickpocketed(g, piece):
            continue
        for level, cost in _levels(g, t, {r.cubes: r.cubes for r in g.rules.thief.roll_actions}):
            needs = g.rules.thief.roll_needed(level)
            how = f"succeeds on {needs}+" if needs else "sure to succeed"
            out.append(Option(f"pickpocket:{piece}:{level}", f"Pickpocket {target_name(piece)} ({cost} cube"
                              f"{'s' if cost != 1 else ''}, {how})", (Target("piece", piece),)))
    return out


def picklock_options(g: Game, p: Pos) -> list[Option]:
    """TH-23 (:func:`check_pick_lock`): a Vault token on his space, each Vault once a turn."""
    if not g.state.board.tokens_at(p)["vault"]:
        return []
    out = []
    for r in g.rules.thief.roll_actions:
        if check_pick_lock(g, p, r.cubes) is None:
            cost = _cost(g, r.cubes, "lock_picking_kit")
            how = f"succeeds on {r.needs}+" if r.needs else "sure to succeed"
            out.append(Option(f"picklock:{r.cubes}", f"Pick the Vault's lock ({cost} cube{'s' if cost != 1 else ''}, "
                              f"{how})", (space(p),)))
    return out


def check_crossbow(g: Game, p: Pos, q: Pos) -> Reason | None:
    """TH-26/27: the Hand Crossbow reaches a visible space up to 3 spaces away in one of
    the four directions; TR-26: not into or out of the Mushroom Forest."""
    reach = g.rules.thief.hand_crossbow_range
    if p[0] != q[0] and p[1] != q[1]:
        return Reason(f"{fmt_pos(q)} is not in a straight line from your space: the Hand Crossbow fires only in the "
                      "four directions.", "TH-27")
    if manhattan(p, q) > reach:
        return Reason(f"{fmt_pos(q)} is {manhattan(p, q)} spaces away: the Hand Crossbow reaches {reach}.", "TH-26")
    if not visible(g, p, q):
        return Reason(f"You cannot see {fmt_pos(q)} from your space (a wall, a Dark tile or an open space is in the "
                      "way): the Hand Crossbow hits a visible player.", "TH-26")
    if forest_blocks(g, p, q):
        return Reason("The Mushroom Forest shelters whoever is in it from the Hand Crossbow, and its pieces from "
                      "shooting out.", "TR-26")
    return None


def crossbow_targets(g: Game, p: Pos) -> list[str]:
    """TH-26/27: with the Hand Crossbow, the players :func:`check_crossbow` reaches that he may
    target (:func:`check_may_target`), direction by direction, nearest first."""
    if "hand_crossbow" not in thief(g).upgrades:
        return []
    out = []
    board = g.state.board
    for d in DIRS:
        q = p
        for _ in range(g.rules.thief.hand_crossbow_range):
            q = step(q, d)
            if q not in board.tiles:
                break
            if check_crossbow(g, p, q) is not None:
                continue
            out += [piece for piece, where in sorted(board.pieces.items())
                    if where == q and piece not in NOT_TARGETS and check_may_target(g, piece) is None]
    return out


def thief_target(g: Game, piece: str) -> Reason | None:
    """THE check of a player's piece as the target of his Pickpocket or Backstab (None: he may
    Backstab it, and Pickpocket it if it has something to take, TH-18/19/21): an Action cube
    left (TH-06), :func:`check_may_target`, then where it is — on his space (TH-16, TH-24), or
    for the Hand Crossbow :func:`check_crossbow`."""
    t = thief(g)
    if t.cubes < min(i.cubes for i in g.rules.thief.injuries):
        return _NO_CUBES
    reason = check_may_target(g, piece)
    p, q = pos(g), g.state.board.pieces.get(piece)
    if (reason is not None and reason.rule == "TH-32" and q is not None and q == p and check_carry(g) is None
            and check_may_target(g, piece, pickpocket=True) is None and can_be_pickpocketed(g, piece)
            and t.cubes >= min(r.cubes for r in g.rules.thief.roll_actions)):
        return None                                         # the Cloak: Pickpocket only, at equal Stealth
    if reason is not None:
        return reason
    if q is None:
        return Reason(f"{_cap(target_name(piece))} is not on the map.", "TH-24")
    if q == p or p is None:
        return None
    if "hand_crossbow" in t.upgrades:
        return check_crossbow(g, p, q)
    return Reason(f"{_cap(target_name(piece))} is at {fmt_pos(q)}, not on your space: "
                  "you Pickpocket or Backstab only there.", "TH-24")


def backstab_options(g: Game, p: Pos) -> list[Option]:
    """TH-24/25: 1, 2 or 3 cubes for a Light, Moderate or Heavy injury."""
    t = thief(g)
    out = []
    for piece in targets_here(g, p) + crossbow_targets(g, p):
        for inj in g.rules.thief.injuries:
            if t.cubes >= inj.cubes:
                out.append(Option(f"backstab:{piece}:{inj.cubes}", f"Backstab {target_name(piece)}: {inj.id} injury "
                                  f"({inj.cubes} cube{'s' if inj.cubes != 1 else ''})", (Target("piece", piece),)))
    return out


def check_hide_loot(g: Game, level: int) -> Reason | None:
    """TH-28: Hide Loot spends X Action cubes to lower the Loot Drop Level by X (to ``level``)."""
    t = thief(g)
    if level >= t.loot_drop:
        return Reason(f"Your Loot Drop Level is {t.loot_drop}: Hide Loot only lowers it.", "TH-28")
    if level < 0:
        return Reason("The Loot Drop Level goes no lower than 0.", "TH-28")
    x = t.loot_drop - level
    if t.cubes < x:
        return Reason(f"Lowering the Loot Drop Level from {t.loot_drop} to {level} costs {x} Action cube"
                      f"{'s' if x != 1 else ''} and you have {t.cubes}.", "TH-28")
    return None


def hide_options(g: Game) -> list[Option]:
    """TH-28 (:func:`check_hide_loot`): X cubes lower the Loot Drop Level by X."""
    t = thief(g)
    out = []
    for x in range(1, t.loot_drop + 1):
        if check_hide_loot(g, t.loot_drop - x) is not None:
            break                                                   # a lower Level costs more
        out.append(Option(f"hide:{x}", f"Hide Loot: Loot Drop Level {t.loot_drop} → {t.loot_drop - x} ({x} cube"
                          f"{'s' if x != 1 else ''})", (Target("slot", f"thief.loot_drop.{t.loot_drop - x}"),)))
    return out


_NO_FLARE = Reason("You do not hold the Flare card in this game.", "RV-05")


def check_flare(g: Game) -> Reason | None:
    """RV-05: the Thief uses the Flare only when he holds it, any number of times, 1 Action
    cube each, on his space."""
    if "thief" not in g.config.flare_holders:
        return _NO_FLARE
    if thief(g).cubes < 1:
        return _NO_CUBES
    return None


def flare_options(g: Game, p: Pos) -> list[Option]:
    """RV-05 (:func:`check_flare`): the Flare on his space, 1 Action cube a use."""
    if check_flare(g) is not None:
        return []
    return [Option("flare:", "Use the Flare on your space (1 cube)", (Target("card", "flare"),))]


def peek_options(g: Game, p: Pos) -> list[Option]:
    """TH-09 (:func:`check_peek`): on a Dark tile he may end his movement and peek at it."""
    if check_peek(g, p) is not None:
        return []
    return [Option("peek:", "End your movement and peek at this Dark tile", (space(p),))]


# ------------------------------------------------------------------ actions
def act_move(g: Game, arg: str) -> Proc:
    t = thief(g)
    p = pos(g)
    q = parse_pos(arg)
    t.movement_left -= 1
    g.state.board.pieces["thief"] = q
    g.log("move", f"The Thief moves to {fmt_pos(q)}.", piece="thief", frm=p, to=q)
    yield from entered(g, q)
    if pos(g) == q and kind_at(g, q) == "river":                             # TR-32: ride the current
        r = yield from ride(g, "thief", q)
        if r != q:
            yield from entered(g, r)


def act_leave(g: Game, arg: str) -> Proc:
    """TR-12: a Dark tile goes on the open space, then he moves onto it."""
    yield from place_under(g, parse_pos(arg), "thief")
    if parse_pos(arg) in g.state.board.tiles:
        yield from act_move(g, arg)


def act_climb(g: Game, arg: str) -> Proc:
    """TH-15: Climb through a wall (2 cubes, 1 with Climbing Gear), Movement as usual."""
    yield from _climb(g, parse_pos(arg), g.rules.thief.climb_wall_cubes, 1, "through the wall")


def _climb(g: Game, q: Pos, cubes: int, movement: int, how: str) -> Proc:
    t = thief(g)
    p = pos(g)
    t.cubes -= _cost(g, cubes, "climbing_gear")
    t.movement_left -= movement
    g.state.board.pieces["thief"] = q
    g.log("move", f"The Thief climbs {how} to {fmt_pos(q)}.", piece="thief", frm=p, to=q)
    yield from entered(g, q)


def entered(g: Game, q: Pos) -> Proc:
    """What a tile does to him as he enters it, by his own move or another's: a Flame
    Wall kills him (DR-35, not an attack); on the Entrance he then stashes (TH-39, DR-39).

    AMB-37: the Dragon's Loot Drop bonus is stated for Claw and Scratch only, so a Flame
    Wall death gives no one a bonus; with the house rule ``flame_wall_kill_gives_loot_bonus``
    it is the Dragon's kill, however the Thief came onto the Flame Wall."""
    toks = g.state.board.tokens_at(q)
    if toks["flamewall"]:
        bonus = "flame_wall_kill_gives_loot_bonus" in g.setup.house_rules and g.has("dragon")
        yield from kill_thief(g, "dragon" if bonus else None, "the Flame Wall")
        return
    if q == g.state.board.entrance:
        yield from stash(g)


def act_loot(g: Game, arg: str) -> Proc:
    t = thief(g)
    p = pos(g)
    assert p is not None
    toks = g.state.board.tokens_at(p)
    if arg == "treasure":
        t.cubes -= 1
        toks["treasure"] -= 1
        t.carried.append("treasure")
        g.log("thief_loot", f"The Thief loots a Treasure token at {fmt_pos(p)}.", pos=p)
        return
    gem, _, cubes = arg.rpartition(":")
    t.cubes -= int(cubes)
    toks[gem] -= 1
    name = gem[len("gem_"):].title()
    if int(cubes) < g.rules.thief.loot_gem_safe_cubes:                 # TH-13: it's a trap!
        from ...dice import roll_dragon_die
        _, _, centre = roll_dragon_die(g, p, "The Thief", f"the {name} Gem's trap")
        if centre:
            toks[gem] += 1                                                 # DR-56: it stays where it was
            g.log("gem_trap", f"The {name} Gem's trap kills the Thief.")
            yield from kill_thief(g, None, f"the {name} Gem's trap")
            return
    t.carried.append(gem)
    g.log("thief_loot", f"The Thief loots the {name} Gem at {fmt_pos(p)}.", pos=p, gem=gem)


def take_supply_treasure(g: Game, why: str) -> Proc:
    """TH-12: a Treasure token from the Cave's supply; with none left he may take one
    from anywhere on the map.  Returns True when he got one."""
    if g.state.supply["treasure"] > 0:
        g.state.supply["treasure"] -= 1
        thief(g).carried.append("treasure")
        g.log("thief_treasure", f"The Thief takes a Treasure token from the Cave's supply ({why}).")
        return True
    spots = sorted(p for p in g.state.board.tokens if check_take_treasure(g, p) is None)
    if not spots:
        g.log("thief_no_treasure", f"No Treasure token is left anywhere for the Thief ({why}).")
        return False
    opts = [Option(at("take", p), f"Take the Treasure token at {fmt_pos(p)}", (space(p),)) for p in spots]
    choice = yield g.ask("thief", DecisionKind.THIEF_TAKE_TREASURE, f"The Cave's supply is empty ({why}): take a Treasure "
                         "token from the map", opts, rules_ref="thief.treasure")
    p = pos_arg(choice.id)
    g.state.board.tokens_at(p)["treasure"] -= 1
    thief(g).carried.append("treasure")
    g.log("thief_treasure", f"The Thief takes the Treasure token at {fmt_pos(p)} ({why}).", pos=p)
    return True


def check_take_treasure(g: Game, q: Pos) -> Reason | None:
    """TH-12: with the Cave's supply empty he takes a Treasure token from anywhere on the map."""
    toks = g.state.board.tokens.get(q)
    if toks is not None and toks["treasure"]:
        return None
    spots = [fmt_pos(p) for p, toks in sorted(g.state.board.tokens.items()) if toks["treasure"]]
    where = ", ".join(spots[:6]) + (f" and {len(spots) - 6} more" if len(spots) > 6 else "")
    return Reason(f"There is no Treasure token at {fmt_pos(q)}: with the Cave's supply empty you take one from the "
                  f"map{', at ' + where if spots else ''}.", "TH-12")


def _roll_succeeds(g: Game, level: int, why: str, reroll: bool) -> Proc:
    """Pickpocket and Pick Lock: 1 cube 4+, 2 cubes 2+, 3 automatic (TH-16/23);
    Sticky Fingers may reroll a failed Pickpocket once a turn."""
    t = thief(g)
    needs = g.rules.thief.roll_needed(level)
    if needs is None:
        return True
    face = roll_action_die(g, why)
    if face < needs and reroll and "sticky_fingers" in t.upgrades and not t.sticky_used:
        choice = yield g.ask("thief", DecisionKind.THIEF_STICKY, f"Reroll with Sticky Fingers, or keep the roll — {why}: you "
                             f"rolled {face}, needing {needs}", [Option("reroll:", "Reroll (Sticky Fingers)", (Target("slot", "thief.upgrade.sticky_fingers"), button("reroll"))),
                                                 Option("keep:", "Keep the roll", (button("keep"),))],
                             rules_ref="thief.pickpocket")
        if choice.id == "reroll:":
            t.sticky_used = True
            face = roll_action_die(g, f"{why}, Sticky Fingers")
    return face >= needs


def act_pickpocket(g: Game, arg: str) -> Proc:
    """TH-16..22: take a Treasure token from the Cave and harm the target; an attack
    (GEN-07), so a Tribe's Rage rises and it scatters (GB-17, GB-68)."""
    t = thief(g)
    piece, _, level = arg.rpartition(":")
    t.cubes -= int(level)
    t.targeted.append(piece)
    g.log("pickpocket", f"The Thief tries to pickpocket {target_name(piece)}.", target=piece)
    _spring_trap_on(g, piece)
    if not (yield from _roll_succeeds(g, int(level), f"Pickpocket {target_name(piece)}", reroll=True)):
        g.log("pickpocket_failed", "The Pickpocket fails.")
        return
    yield from take_supply_treasure(g, "Pickpocket")
    yield from PICKPOCKET_HARM[piece.split(":")[0]](g, piece)


def _pickpocket_knight(g: Game, piece: str) -> Proc:
    """TH-18/22; VAR-17: with the Cursed Amulet she loses 2 Treasure cards, not 1."""
    k = g.state.knight
    assert k is not None
    times = 2 if any(c.split("#")[0] == "cursed_amulet" for c in k.treasures) else 1
    for _ in range(times):
        if k.treasures:
            yield from _pickpocket_one_card(g)


def _pickpocket_one_card(g: Game) -> Proc:
    """TH-18/22, AMB-21: one of her Treasure cards (a revealed one, or a random
    unrevealed one) goes to the bottom of the Treasure deck; a Hero cube on it is set
    aside until her next Pick Up (KN-19)."""
    from ...cards.treasures import lose_treasure

    k = g.state.knight
    assert k is not None
    hidden = [c for c in k.treasures if c not in k.face_up]
    trove = [c for c in k.face_up if c.split("#")[0] == "treasure_trove"]      # he must take the Trove
    opts = [Option(f"card:{c}", f"Send her {g.card(c).name} to the bottom of the deck", (Target("card", c),))
            for c in trove or k.face_up]
    if hidden and not trove:
        opts.append(Option("card:random", "Take a random facedown Treasure card", (Target("piece", "knight"),)))
    choice = yield g.ask("thief", DecisionKind.THIEF_PICKPOCKET_CARD, "Pickpocket: choose one of the Knight's Treasure cards", opts,
                         rules_ref="thief.pickpocket")
    card = arg_of(choice.id)
    if card == "random":
        card = hidden[g.rng.randrange(len(hidden))]
    g.log("pickpocket_card", "The Thief sends one of the Knight's Treasure cards to the bottom of the deck.",
          {"knight": f"Lost: {g.card(card).name}", "thief": f"Taken: {g.card(card).name}"})
    lose_treasure(g, card, "the Thief's Pickpocket", to_deck=True)
    if card in trove:
        t = thief(g)
        t.loot_drop = g.card(card).int_param("loot_drop", 3)
        g.log("loot_drop", f"Treasure Trove: the Thief's Loot Drop Level goes back to {t.loot_drop}.")


def _pickpocket_tribe(g: Game, piece: str) -> Proc:
    """TH-19/20/22, AMB-22: the face-up Goblin Ruby or a random unrevealed Secret is
    discarded — or, VAR-30, a Treasure stored for the Schemes is stolen (he carries it in
    place of the Cave's, which goes back); the Tribe is attacked (Rage +1, it scatters)."""
    gb = g.hooks.goblins

    s = gb.gs(g)
    opts = []
    if "goblin_ruby" in s.face_up:
        opts.append(Option("card:goblin_ruby", "Discard their face-up Goblin Ruby", (Target("card", "goblin_ruby"),)))
    if s.hand:
        opts.append(Option("card:random", "Discard a random Secrets card from their hand", (Target("slot", "goblins"),)))
    if s.stored_treasure > 0:
        opts.append(Option("card:stored", "Steal a Treasure stored for their Schemes", (button("stored_treasure"),)))
    choice = yield g.ask("thief", DecisionKind.THIEF_PICKPOCKET_CARD, "Pickpocket: choose a Secrets card or a stored "
                         "Treasure" if s.stored_treasure > 0 else "Pickpocket: choose a Secrets card", opts,
                         rules_ref="thief.pickpocket")
    card = arg_of(choice.id)
    if card == "stored":
        s.stored_treasure -= 1
        g.state.supply["treasure"] += 1
        g.log("pickpocket_stored", f"The Thief steals a Treasure stored beside the Goblin board ({s.stored_treasure} "
              "left).")
        yield from tribe_attacked(g, piece.split(":", 1)[1], "the Thief's Pickpocket")
        return
    if card == "random":
        card = s.hand[g.rng.randrange(len(s.hand))]
    gb.discard_secret(g, card)
    g.log("pickpocket_card", f"The Thief takes the Goblins' {g.card(card).name}: it is discarded.", card=card)
    yield from tribe_attacked(g, piece.split(":", 1)[1], "the Thief's Pickpocket")


def _spring_trap_on(g: Game, piece: str) -> None:
    """GB-55: a face-up Trap added its +1 to the Tribe's Perception against him; the
    Tribe is attacked, so the Trap is then discarded."""
    if piece.startswith("tribe:"):
        gb = g.hooks.goblins
        gb.spring_trap(g)


def tribe_attacked(g: Game, tribe: str, why: str) -> Proc:
    """GB-17, GB-68: an attack raises Rage by 1 and scatters the Tribe."""
    gb = g.hooks.goblins

    gb.gain_rage(g, 1, why)
    if gb.tribe_pos(g, tribe) is not None:
        yield from gb.scatter(g, tribe, why)


def _pickpocket_dragon(g: Game, piece: str) -> Proc:
    """TH-21: a Sloth cube goes back from Wakefulness to Greed."""
    d = g.state.dragon
    assert d is not None
    d.wakefulness -= 1
    d.sloth["greed"] += 1
    g.log("pickpocket_dragon", f"The Thief moves a Sloth cube from the Dragon's Wakefulness back to Greed "
          f"(Wakefulness {d.wakefulness}).")
    return
    yield


def _pickpocket_ghoul(g: Game, piece: str) -> Proc:
    """GH-37: he steals a Treasure token from its board (he carries it in place of the Cave's,
    which goes back) or discards one of its Terror cards, shuffled back into the Terror deck;
    then it skitters, the Thief naming the symbol (GH-31, GH-39)."""
    from ..ghoul.state import terror_name

    gh = g.state.ghoul
    assert gh is not None
    opts = []
    if gh.treasure > 0:
        opts.append(Option("card:treasure", "Steal a Treasure token from the Ghoul's board", (Target("slot", "ghoul.treasure"),)))
    opts += [Option(f"card:{c}", f"Shuffle its {terror_name(g, c)} back into the Terror deck", (Target("card", c),))
             for c in gh.terror]
    choice = yield g.ask("thief", DecisionKind.THIEF_PICKPOCKET_CARD, "Pickpocket: a Treasure token or a Terror card",
                         opts, rules_ref="thief.pickpocket")
    card = arg_of(choice.id)
    if card == "treasure":
        gh.treasure -= 1
        g.state.supply["treasure"] += 1
        g.log("pickpocket_ghoul", "The Thief steals a Treasure token from the Ghoul's board.")
    else:
        gh.terror.remove(card)
        gh.terror_deck.append(card)
        g.rng.shuffle(gh.terror_deck)
        g.log("pickpocket_ghoul", f"The Thief shuffles the Ghoul's {terror_name(g, card)} back into the Terror deck.",
              card=card)
    yield from g.hooks.ghoul.skitter(g, "thief")


PICKPOCKET_HARM = MappingProxyType({"knight": _pickpocket_knight, "tribe": _pickpocket_tribe, "dragon": _pickpocket_dragon,
                                    "ghoul": _pickpocket_ghoul, "vile_ghoul": _pickpocket_ghoul})


def act_picklock(g: Game, arg: str) -> Proc:
    t = thief(g)
    p = pos(g)
    assert p is not None
    level = int(arg)
    t.cubes -= _cost(g, level, "lock_picking_kit")
    t.vaults_tried.append(p)
    if not (yield from _roll_succeeds(g, level, "Pick Lock", reroll=False)):
        g.log("picklock_failed", f"The Vault at {fmt_pos(p)} stays shut.", pos=p)
        return
    g.state.board.tokens_at(p)["vault"] -= 1
    g.log("vault_opened", f"The Thief opens the Vault at {fmt_pos(p)}.", pos=p)
    yield from take_supply_treasure(g, "Pick Lock")


def act_backstab(g: Game, arg: str) -> Proc:
    """TH-24/25: the injury by cubes spent; an attack (GEN-07)."""
    t = thief(g)
    piece, _, level = arg.rpartition(":")
    inj = g.rules.thief.injury(int(level))
    t.cubes -= inj.cubes
    t.targeted.append(piece)
    g.log("backstab", f"The Thief backstabs {target_name(piece)}: a {inj.id} injury.", target=piece, injury=inj.id)
    _spring_trap_on(g, piece)
    kind = piece.split(":")[0]
    if kind == "knight":
        from ..knight import board as kb
        yield from kb.lose_grit(g, inj.knight_grit, "the Thief's Backstab")
    elif kind == "dragon":
        discard_cards = g.hooks.dragon.discard_cards
        yield from discard_cards(g, inj.dragon_discards, "the Thief's Backstab")
    elif kind in ("ghoul", "vile_ghoul"):                   # GH-37: −1 movement next turn per cube
        gh = g.state.ghoul
        assert gh is not None
        gh.backstab += inj.cubes
        g.log("backstab_ghoul", f"The Ghoul will have {gh.backstab} less movement on its next turn.")
        yield from g.hooks.ghoul.skitter(g, "thief")
    else:
        gb = g.hooks.goblins
        tribe = piece.split(":", 1)[1]
        yield from gb.reduce_population(g, tribe, inj.tribe_population, "the Thief's Backstab")
        yield from tribe_attacked(g, tribe, "the Thief's Backstab")


def act_hide(g: Game, arg: str) -> Proc:
    t = thief(g)
    x = int(arg)
    t.cubes -= x
    t.loot_drop -= x
    g.log("hide_loot", f"The Thief hides his loot: Loot Drop Level {t.loot_drop}.", level=t.loot_drop)
    return
    yield


def act_flare(g: Game, arg: str) -> Proc:
    use_flare = g.hooks.knight.use_flare

    t = thief(g)
    p = pos(g)
    assert p is not None
    t.cubes -= 1
    yield from use_flare(g, "thief", p)


def check_reveal(g: Game, q: Pos) -> Reason | None:
    """TH-09: he peeks at and may reveal only the Dark tile he ended his movement on."""
    p = pos(g)
    if q == p:
        return None
    return Reason(f"You peek at and may reveal only the Dark tile you stand on, at {fmt_pos(p) if p else 'none'}.",
                  "TH-09")


def act_peek(g: Game, arg: str) -> Proc:
    """TH-09: he ends his movement, looks at the Dark tile (only he learns it) and may
    reveal it, oriented as he likes among the legal ways (AMB-08); an Ambush revealed
    so attacks nobody (MAP-33)."""
    from ...map.board import TYPE_NAMES
    from ...map.reveal import reveal_one

    t = thief(g)
    p = pos(g)
    assert p is not None
    t.movement_over = True
    t.movement_left = 0
    tile = g.tile(g.state.board.tiles[p].tile_id)
    g.barrier()
    g.log("thief_peek", f"The Thief peeks at the Dark tile at {fmt_pos(p)}.",
          {"thief": f"It is a{'n' if TYPE_NAMES[tile.type][0] in 'AEIOU' else ''} {TYPE_NAMES[tile.type]} tile."},
          pos=p)
    choice = yield g.ask("thief", DecisionKind.THIEF_REVEAL, f"Reveal the {TYPE_NAMES[tile.type]} tile at {fmt_pos(p)}, or leave it Dark",
                         [Option("reveal:", "Reveal it", (space(p),)), Option("keep:", "Leave it Dark", (button("skip"),))],
                         rules_ref="thief.peek")
    if choice.id == "reveal:":
        yield from reveal_one(g, p, "thief")


ACTIONS = MappingProxyType({"move": act_move, "leave": act_leave, "climbover": act_climbover, "climb": act_climb, "loot": act_loot, "pickpocket": act_pickpocket,
           "picklock": act_picklock, "backstab": act_backstab, "hide": act_hide, "flare": act_flare,
           "peek": act_peek, "charm": act_charm, "wand": act_wand})


# --------------------------------------------------------------- stashing
def check_upgrade(g: Game, up: str) -> Reason | None:
    """TH-41/42: each stashed Treasure token goes on a free upgrade space, never moved;
    TH-54: the Flip upgrades fill left to right."""
    t = thief(g)
    if up in g.rules.deck("upgrades"):                     # VAR-39: his Upgrade card
        return check_card_upgrade(g, up)
    ups = g.rules.thief.upgrades
    u = next((v for v in ups if v.id == up), None)
    if u is None:
        return Reason("That is no upgrade space of the Thief's board.", "TH-41")
    if up in t.upgrades:
        return Reason(f"Your {u.name} upgrade is already bought: one Treasure token per upgrade, never moved.",
                      "TH-42")
    if u.order is not None:
        first = min((v for v in ups if v.order is not None and v.id not in t.upgrades), key=lambda v: v.order or 0)
        if first.id != up:
            return Reason(f"The Flip upgrades fill left to right: {first.name} comes first.", "TH-54")
    return None


def upgrade_options(g: Game) -> list[Option]:
    """TH-41/42/54 (:func:`check_upgrade`): the upgrade spaces still free; the Flips left to right."""
    return [Option(f"upgrade:{u.id}", f"{u.name}: {u.text}", (Target("slot", f"thief.upgrade.{u.id}"),))
            for u in g.rules.thief.upgrades if check_upgrade(g, u.id) is None] + card_upgrade_options(g)


def stash(g: Game) -> Proc:
    """TH-39..43: everything carried is stashed; a Gem goes back to the Dragon and a
    Treasure token from the Cave's supply is stashed in its place (TH-40); each token
    takes an upgrade space (TH-41), the first ones none at the hard levels (DIF-24);
    the Loot Drop Level goes back to 3 (TH-48)."""
    t = thief(g)
    if not t.carried:
        return
    for c in [c for c in t.carried if c.startswith("gem_")]:
        t.carried.remove(c)
        g.log("gem_returned", f"The Thief stashes the {c[len('gem_'):].title()} Gem: it goes back to the Dragon.")
        yield from take_supply_treasure(g, "stashing a Gem")
    t.loot_drop = g.rules.thief.loot_drop_start
    plain = int(g.config.extra.get("thief_no_upgrade_first", 0))
    for _ in range(sum(1 for c in t.carried if c == "treasure")):      # Eye of Rage: he stashes Treasure
        g.hooks.goblins.eye_of_rage(g, "thief", "a Treasure token")
    while "treasure" in t.carried:          # each token stays carried until its upgrade is chosen
        if stashed(g) < plain or not upgrade_options(g):
            t.carried.remove("treasure")
            t.plain_stashed += 1
            g.log("stash", "The Thief stashes a Treasure token (no upgrade for it at this difficulty).")
            continue
        choice = yield g.ask("thief", DecisionKind.THIEF_UPGRADE, "Stash a Treasure token: choose the upgrade it buys",
                             upgrade_options(g), rules_ref="thief.upgrades")
        up = arg_of(choice.id)
        t.carried.remove("treasure")
        _take_upgrade(g, up)
        name = upgrade_name(g, up)
        g.log("stash", f"The Thief stashes a Treasure token on {name} ({stashed(g)} of {stash_needed(g)}).", upgrade=up)
        check_thief_win(g)              # TH-43: the token that reaches the goal ends the game (no more questions)
    check_thief_win(g)


def _take_upgrade(g: Game, up: str) -> None:
    """TH-41/50: the upgrade works at once — a stat boost or flip during his turn gives
    the extra Movement or Action cube now."""
    t = thief(g)
    if up in g.rules.deck("upgrades"):                     # VAR-39: revealed, the token on it
        take_card_upgrade(g, up)
        return
    before = {name: stat(g, name) for name in ("movement", "thievery")}
    t.upgrades.append(up)
    if up == "flip_2_to_3":
        t.flipped[0] = True
    elif up == "flip_3_to_4":
        t.flipped[1] = True
    if g.state.active == "thief":
        t.movement_left += stat(g, "movement") - before["movement"]
        t.cubes += stat(g, "thievery") - before["thievery"]


def check_thief_win(g: Game) -> None:
    if stashed(g) >= stash_needed(g):
        raise GameOver(Outcome(("thief",), f"The Thief stashed {stashed(g)} Treasure tokens: the curse is broken!"))


# ------------------------------------------------------- others against him
def can_target(g: Game, perception: int) -> bool:
    """TH-30: the Knight and the Goblins need Perception above his Stealth."""
    t = g.state.thief
    return t is not None and not t.dead and perception > stealth(g)


def check_stealth(g: Game, perception: int, whose: str, rule: str = "TH-30") -> Reason | None:
    """:func:`can_target` with its refusal (TH-30, KN-60, GB-74): ``whose`` names the
    attacker's Perception in the sentence ("Your", "The Fangs Tribe's"); ``rule`` is the
    attacker's own item of the rule (KN-60 for the Knight)."""
    if can_target(g, perception):
        return None
    if g.state.thief is None or g.state.thief.dead:
        return Reason("The Thief is dead: he comes back on the Entrance on his next turn.", "TH-47")
    return Reason(f"{whose} Perception {perception} must be greater than the Thief's Stealth {stealth(g)} to attack "
                  "him.", rule)


def attack_thief(g: Game, attacker: str, how: str, bonus: bool = True) -> Proc:
    """TH-33/36/37: an attack kills him unless Unnatural Evasion (the first attack on
    him each turn) rolls 4+, when it fails and he may step 1 space.  Returns True when
    he dies."""
    t = thief(g)
    if "unnatural_evasion" in t.upgrades and t.evasion_turn != g.state.turn:
        t.evasion_turn = g.state.turn
        face = roll_action_die(g, f"Unnatural Evasion against {how}")
        if face >= g.rules.thief.evasion_roll:
            g.log("evasion", f"Unnatural Evasion: {how} fails.")
            yield from _evasion_step(g)
            return False
    yield from kill_thief(g, attacker if bonus else None, how)
    return True


_SLIP_STAY = Reason("You are on this space: to stay, choose \"Stay where you are\".", "TH-36")
_SLIP_OPEN = Reason("There is no tile there: the slip goes onto a tile of the map.", "TH-36")
_SLIP_BLOCKED = Reason("A wall or impassable ground is in the way: the slip is a plain step, with no Climb.", "TH-36")


def check_slip(g: Game, p: Pos, q: Pos) -> Reason | None:
    """TH-36: after a foiled attack he may move 1 space at once, a plain step (TR-11, TR-17;
    from a Pit to another Pit too, TR-29), no Climb."""
    if q == p:
        return _SLIP_STAY
    if q not in neighbours(g, p):
        return Reason(f"Unnatural Evasion slips away 1 space: {fmt_pos(q)} is {manhattan(p, q)} spaces from you at "
                      f"{fmt_pos(p)}.", "TH-36")
    if q not in g.state.board.tiles:
        return _SLIP_OPEN
    return None if step_ok(g, p, q) else _SLIP_BLOCKED


def _evasion_step(g: Game) -> Proc:
    """TH-36: after a foiled attack he may move 1 space at once (:func:`check_slip`)."""
    p = pos(g)
    assert p is not None
    opts = [Option(at("step", q), f"Slip away to {fmt_pos(q)}", (space(q),))
            for q in neighbours(g, p) if check_slip(g, p, q) is None]
    opts.append(Option("stay:", "Stay where you are", (button("skip"),)))
    choice = yield g.ask("thief", DecisionKind.THIEF_EVASION, "Unnatural Evasion: slip away 1 space, or stay", opts,
                         rules_ref="thief.unnatural_evasion")
    if has_verb(choice.id, "step"):
        q = pos_arg(choice.id)
        g.state.board.pieces["thief"] = q
        g.log("move", f"The Thief slips away to {fmt_pos(q)}.", piece="thief", frm=p, to=q)
        yield from entered(g, q)


def kill_thief(g: Game, killer: str | None, how: str) -> Proc:
    """TH-45/46: he drops what he carries on his tile and leaves the map; ``killer``
    (if any) gains the bonus of his Loot Drop Level, which does not change (TH-49)."""
    t = thief(g)
    p = pos(g)
    if p is None:
        return
    toks = g.state.board.tokens_at(p)
    for c in t.carried:
        toks[c] += 1
    dropped = len(t.carried)
    t.carried = []
    del g.state.board.pieces["thief"]
    t.placed = False
    t.dead = True
    t.movement_left = 0
    t.cubes = 0
    g.log("thief_killed", f"The Thief is killed by {how}" + (f", dropping {dropped} token(s) at {fmt_pos(p)}." if dropped
                                                             else "."), pos=p, killer=killer or "")
    if killer is not None:
        yield from loot_drop_bonus(g, killer)


def loot_drop_bonus(g: Game, killer: str) -> Proc:
    """TH-46, KN-60, GB-94, DR-46: Knight Grit, Goblins Secrets or Rage, Dragon Power cards."""
    level = thief(g).loot_drop
    b = g.rules.thief.loot_bonus(level)
    if killer == "knight" and b.knight_grit:
        from ..knight import board as kb
        kb.gain_grit(g, b.knight_grit, "killed the Thief")
    elif killer == "goblins" and b.goblin_secrets_or_rage:
        gb = g.hooks.goblins
        n = b.goblin_secrets_or_rage
        choice = yield g.ask("goblins", DecisionKind.THIEF_BONUS, f"Draw {n} Secrets or gain {n} Rage — you killed the Thief "
                             f"(Loot Drop Level {level})",
                             [Option("bonus:secrets", f"Draw {n} Secrets card(s)", (Target("slot", "goblins.secrets"),)),
                              Option("bonus:rage", f"Gain {n} Rage", (Target("slot", "goblins.rage"),))],
                             rules_ref="thief.loot_drop")
        if choice.id == "bonus:rage":
            gb.gain_rage(g, n, "killed the Thief")
        else:
            yield from gb.draw_secrets(g, n)
    elif killer == "dragon" and b.dragon_cards:
        draw_cards = g.hooks.dragon.draw_cards
        draw_cards(g, b.dragon_cards, "killed the Thief")
