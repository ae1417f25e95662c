"""The Dragon's turn: (1) Move and Use Powers, (2) Pick Up Treasure, (3) Place Dragon
Gem, (4) Replace Hand (DR-02); then, if awake, surfacing on a Crystal tile (DR-65).

Sloth cubes move to Wakefulness when their conditions are met on his turn (DR-58..63):
at most one per category (Greed, Hunger, Pride) and so at most 3 a turn.  He awakens
at the difficulty's Wakefulness (DR-64, DIF-12/13) and wins by reaching the Entrance
after surfacing (DR-01, DR-67).

House rules read here: ``pride_stay_put_free_move_only`` (AMB-57),
``shriek_this_turn_only`` (AMB-36), ``thief_strikes_entering_dragon`` (AMB-28).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...decisions import Option, Target, button, space
from ...game import GameOver, Outcome
from ...geometry import DIR_WORDS, DIRS, Pos, fmt_pos, manhattan, parse_pos, step
from ...kinds import DecisionKind
from ...map.board import edge_blocked, is_dark, is_lit, return_token, tile_type
from ...map.terrain import (
    check_open_step,
    downstream,
    impassable,
    kind_at,
    on_pit,
    open_exits,
    pit_links,
    place_under,
    ride,
)
from ...option_ids import arg_of, at, has_verb, parse
from ...reasons import Reason
from .state import (
    SLOTH_CATEGORY,
    SYMBOLS,
    DragonState,
    armor,
    card_face,
    dragon,
    gem_token,
    gems_in_supply,
    gems_on_map,
    is_scale,
    scales_variant,
    spirit,
)

if TYPE_CHECKING:
    from ...game import Game, Proc

BOX_NAMES = MappingProxyType({"greed": "Greed", "hunger": "Hunger", "event": "Pride (Event)", "dont_move": "Pride (Stay Put)",
                              "place_gem": "Pride (Gem)"})
SLOTH_SLOTS = tuple(f"sloth.{box}" for box in BOX_NAMES)      # the Sloth boxes as places of his board


def pos(g: Game) -> Pos:
    return g.state.board.pieces["dragon"]


# ------------------------------------------------------------------- turn
def start_turn(g: Game) -> None:
    d = dragon(g)
    d.phase = 1
    d.free_moved = False
    d.moved = False
    d.gems_spent = []
    d.sloth_done = []
    board = g.state.board
    for toks in board.tokens.values():                  # DR-35: the Flame Wall comes home
        if toks["flamewall"]:
            toks["flamewall"] = 0
            g.log("flame_wall_returned", "The Flame Wall token returns to the Dragon.")
    if not d.placed:                                    # SET-36, DR-71
        knight = board.pieces.get("knight")
        where = knight if knight is not None else board.entrance
        board.pieces["dragon"] = where
        d.placed = True
        g.log("dragon_placed", f"The Slumbering Dragon is placed at {fmt_pos(where)}.", pos=where)
    g.log("turn", f"Round {g.state.round}: the Dragon's turn ({len(d.hand)} Power cards, "
          f"Wakefulness {d.wakefulness}, Armor {armor(g)}).")


def dragon_turn(g: Game) -> Proc:
    dp = g.hooks.dragon             # his powers (powers.py, which builds on this module)
    POWERS, play_scale, power_options, use_power = dp.powers, dp.play_scale, dp.power_options, dp.use_power

    d = dragon(g)
    start_turn(g)
    while True:                                         # (1) Move and Use Powers
        opts = turn_options(g, move_options(g) + power_options(g))
        choice = yield g.ask("dragon", DecisionKind.DRAGON_TURN, _prompt(g), opts, rules_ref="dragon.move_and_powers")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        if verb == "move":
            q = parse_pos(arg)
            route = legal_routes(g, "free")[q]
            d.free_moved = True
            yield from move_dragon(g, q, "moves", route)
        elif verb == "power":
            assert arg in POWERS
            yield from use_power(g, arg)
        elif verb == "scale":                           # VAR-34/37: a Scale played on its own
            yield from play_scale(g, arg)
    d.phase = 2
    try_hunger(g)
    yield from pick_up_treasure(g)                      # (2)
    d.phase = 3
    yield from place_gem(g)                             # (3)
    if not d.moved:
        yield from pride_cube(g, "dont_move", "he did not move this turn")
    d.phase = 4
    yield from replace_hand(g)                          # (4)
    d.gems_spent = []
    if d.shriek and "shriek_this_turn_only" in g.setup.house_rules:   # AMB-36 house rule
        d.shriek = False
        g.log("shriek_returned", "The unspent Shriek token returns to the Dragon (house rule).")
    if d.awake and not d.surfaced and is_lit(g, pos(g)) and tile_type(g, pos(g)) == "crystal":
        surface(g)
    g.log("turn_end", "The Dragon ends his turn.")


def turn_options(g: Game, opts: list[Option]) -> list[Option]:
    """TR-29/31: on a Pit he must leave it with his next movement (the free move or a
    Wing), so the turn cannot end there while such a movement is on offer (the powers'
    and Scales' options already hold only Wing then: ``powers.check_leave_pit``) — with
    no movement left to him, as for the other roles, nothing holds him there."""
    if on_pit(g, pos(g)) and any(has_verb(o.id, "move") or o.id == "power:wing" for o in opts):
        return opts
    return [*opts, Option("end:", "Finish moving and using powers", (button("end_turn"),))]


def _prompt(g: Game) -> str:
    d = dragon(g)
    where = "on the surface" if d.surfaced else "underground"
    pit = "You are on a Pit: leave it now (Move or Wing). " if on_pit(g, pos(g)) else ""
    cards = f"{len(d.hand)} Power card{'' if len(d.hand) == 1 else 's'}"
    return (f"{pit}{where.capitalize()}: {cards}, Wakefulness {d.wakefulness}, Armor {armor(g)}, "
            f"Health {d.health}{', free move used' if d.free_moved else ''}.")


# --------------------------------------------------------------- movement
Route = tuple[Pos, ...]          # the spaces one movement enters, in order (its last: where he stops)


def check_ghoul_tile(g: Game, q: Pos) -> Reason | None:
    """GH-34 (a rule check): on the surface he enters the Ghoul's space only with Armor greater
    than its Defense (underground, freely)."""
    from ..ghoul.state import defense, me

    board = g.state.board
    if g.state.ghoul is None or board.pieces.get(me(g)) != q or not dragon(g).surfaced:
        return None

    if armor(g) <= defense(g):
        return Reason(f"On the surface your Armor {armor(g)} must be greater than the Ghoul's Defense {defense(g)} to "
                      "enter its space.", "GH-34")
    return None


def _line(g: Game, start: Pos, dr: int, max_tiles: int, through_wall: bool, over_impassable: bool) -> list[Pos]:
    """The spaces he can enter from ``start`` going ``dr``, in order, up to ``max_tiles``
    (DR-08, DR-16, DR-26).

    Underground he ignores walls, Dark tiles and other players (DR-10/11), and Terrain
    does not stop him: he passes under the Canyon's impassable spaces.  On the surface he
    may not cross a wall or enter a Dark tile (DR-12) — except Wing's single step through
    a wall (``through_wall``) — nor cross impassable Terrain (TR-17) except Wing's flight
    over one such space (``over_impassable``, TR-18/19).

    TR-12: underground he may also end the line by stepping off a Terrain tile onto an
    open space, where a Dark tile is then placed (:func:`move_dragon`); on the surface he
    may not, since he could not enter that Dark tile (DR-12)."""
    d = dragon(g)
    tiles = g.state.board.tiles
    out: list[Pos] = []
    cur = start
    flown = False
    for _n in range(max_tiles):
        nxt = step(cur, dr)
        if nxt not in tiles:
            if not d.surfaced and tiles[cur].terrain is not None and nxt in open_exits(g, cur):
                out.append(nxt)
            break
        if d.surfaced:
            if is_dark(g, nxt):
                break
            if check_ghoul_tile(g, nxt) is not None:
                break
            if edge_blocked(g, cur, nxt) and not through_wall:
                break
            if impassable(g, nxt):
                if not over_impassable or flown:
                    break
                flown = True
        out.append(nxt)
        cur = nxt
    return out


def routes(g: Game, max_tiles: int, through_wall: bool = False, over_impassable: bool = False,
           start: Pos | None = None) -> dict[Pos, Route]:
    """Where one movement of up to ``max_tiles`` spaces can take him, with its route.

    A movement is a straight line (:func:`_line`), or — TR-29/31 — it uses the Pits: the
    other Pits count as adjacent to a Pit, so one space of the movement may be the step
    from Pit to Pit, either first (he starts on a Pit) or right after a straight line that
    entered a Pit; the movement then goes on in a straight line from the Pit he came out
    of (FAQ: "the 1 additional movement needed to travel from one Pit to another may be
    taken from the second space of either movement").  He never stops on impassable
    Terrain; whether he may stop on a Pit is :func:`_may_stop`'s question.  Where two
    routes reach a space, the shorter (then the one without the Pits) is kept.

    Surfaced or underground alike: the code treats Terrain spaces as spaces of the map for
    the underground Dragon too (he may stop on them, only impassable terrain never stops
    him), and TR-29/31 name the Dragon without the "while on the surface" of TR-18."""
    start = pos(g) if start is None else start
    found: dict[Pos, Route] = {}

    def add(route: Route) -> None:
        end = route[-1]
        if end != start and not impassable(g, end) and (end not in found or len(route) < len(found[end])):
            found[end] = route

    bases: list[Route] = [()] if on_pit(g, start) else []
    for dr in DIRS:
        line = _line(g, start, dr, max_tiles, through_wall, over_impassable)
        for i in range(len(line)):
            add(tuple(line[:i + 1]))
            if on_pit(g, line[i]) and i + 1 < max_tiles:
                bases.append(tuple(line[:i + 1]))
    for before in bases:
        pit = before[-1] if before else start
        for other in pit_links(g, pit):
            jumped = (*before, other)
            add(jumped)
            for dr in DIRS:
                line = _line(g, other, dr, max_tiles - len(jumped), through_wall, over_impassable)
                for i in range(len(line)):
                    add((*jumped, *line[:i + 1]))
    return found


def movement_routes(g: Game, kind: str, start: Pos | None = None) -> dict[Pos, Route]:
    """Every space the free move (``kind`` "free": DR-08/16) or a Wing (DR-26: up to 2
    tiles in a straight line — over one impassable space, TR-18/19 — or, on the surface,
    1 tile through a wall) can take him to, before the Pit rule (:func:`_may_stop`)."""
    if kind == "free":
        return routes(g, g.rules.dragon.free_move, start=start)
    out = routes(g, 2, over_impassable=True, start=start)
    if dragon(g).surfaced:
        for q, route in routes(g, 1, through_wall=True, start=start).items():
            out.setdefault(q, route)
    return out


def movements_after(g: Game, kind: str, paid: bool = True) -> tuple[str, ...]:
    """The movements he could still make this turn after this one (TR-31): the free move
    if unused (and this is not it), and a Wing if one more can be paid — after this Wing,
    when it is one not yet ``paid`` for."""
    can_pay = g.hooks.dragon.can_pay

    d = dragon(g)
    out = []
    if kind != "free" and not d.free_moved:
        out.append("free")
    if can_pay(g, ("wing",) if kind == "free" or paid else ("wing", "wing")):
        out.append("wing")
    return tuple(out)


def _may_stop(g: Game, q: Pos, after: tuple[str, ...]) -> bool:
    """TR-29/31 (FAQ): no one ends a turn on a Pit, and the Dragon needs two separate
    movements to use one — one to enter, one to leave.  So a movement may end on a Pit
    only when a movement still to come this turn can take him off the Pits from there."""
    if not on_pit(g, q):
        return True
    return any(not on_pit(g, e) for kind in after for e in movement_routes(g, kind, start=q))


def legal_routes(g: Game, kind: str, paid: bool = True) -> dict[Pos, Route]:
    """The free move's or a Wing's destinations now, with their routes (TR-29/31 applied;
    the movements still to come are worked out only when a route ends on a Pit)."""
    found = movement_routes(g, kind)
    if not any(on_pit(g, q) for q in found):
        return found
    after = movements_after(g, kind, paid)
    return {q: r for q, r in found.items() if _may_stop(g, q, after)}


def route_label(g: Game, verb: str, q: Pos, route: Route) -> str:
    """"Move to 3,1", "Move through the Pits to 6,1", "Move to the Pit at 4,0 (must leave
    it this turn, with your next movement)"."""
    steps = zip((pos(g), *route), route, strict=False)
    via = " through the Pits" if any(manhattan(a, b) != 1 for a, b in steps) else ""
    if q not in g.state.board.tiles:
        return f"{verb}{via} off the Terrain onto the open space {fmt_pos(q)} (a Dark tile is placed)"   # TR-12
    if on_pit(g, q):
        return f"{verb}{via} to the Pit at {fmt_pos(q)} (must leave it this turn, with your next movement)"
    return f"{verb}{via} to {fmt_pos(q)}"


def move_options(g: Game) -> list[Option]:
    """The free move's options: the spaces :func:`dragon_move` allows (its routes, once)."""
    if check_may_move(g, "free") is not None:
        return []
    return [Option(at("move", q), route_label(g, "Move", q, r), (space(q), Target("piece", "dragon")))
            for q, r in sorted(legal_routes(g, "free").items())]


# ------------------------------------------------------ his movement (rule checks)
# One check per rule (see :mod:`...reasons`): ``dragon_move`` answers a space for the free
# move (``kind`` "free") or a Wing (``kind`` "wing"): allowed exactly when the space is
# one of :func:`legal_routes` — the routes the options are built from — and otherwise the
# first rule the way there breaks.  ``check_any_move`` answers a click on his own piece.
_FREE_USED = Reason("You have already made your free move this turn; a Wing power moves you again.", "DR-08")
KIND_RULE = MappingProxyType({"free": "DR-08", "wing": "DR-26"})
KIND_WORDS = MappingProxyType({"free": "the free move goes", "wing": "Wing flies"})


def movement_reach(g: Game, kind: str) -> int:
    """DR-08/16: the free move goes 1 or 2 tiles; DR-26: Wing up to 2."""
    return g.rules.dragon.free_move if kind == "free" else 2


def check_may_move(g: Game, kind: str) -> Reason | None:
    """DR-08: the free move once a turn (a Wing is paid for, each time)."""
    return _FREE_USED if kind == "free" and dragon(g).free_moved else None


def check_line(g: Game, p: Pos, q: Pos, kind: str) -> Reason | None:
    """The spaces a straight movement from ``p`` enters on its way to ``q`` (``q`` last):
    over tiles only (DR-08; TR-12: underground, off a Terrain tile onto an open space),
    on the surface no Dark tile and no wall (DR-12; DR-26: Wing through one wall on a
    flight of 1 tile), never ending on an impassable space, nor crossing one on the surface
    but with Wing (TR-17/18/19)."""
    tiles = g.state.board.tiles
    surfaced = dragon(g).surfaced
    flown = False
    a = p
    for b in path_to(p, q):
        if b not in tiles:
            if b != q:
                return Reason(f"The line to {fmt_pos(q)} crosses the open space {fmt_pos(b)}: the Dragon moves "
                              "over tiles.", KIND_RULE[kind])
            if surfaced:
                return Reason(f"On the surface the Dragon cannot step onto the open space {fmt_pos(q)}: the Dark tile "
                              "placed there could not be entered.", "DR-12")
            return check_open_step(g, a, q) if a in tiles else None
        if surfaced:
            if is_dark(g, b):
                return Reason("On the surface the Dragon cannot enter a Dark tile.", "DR-12")
            ghoul = check_ghoul_tile(g, b)
            if ghoul is not None:
                return ghoul
            if edge_blocked(g, a, b) and not (kind == "wing" and manhattan(p, q) == 1):
                if kind == "wing":
                    return Reason("Wing takes him through a wall only on a flight of 1 tile.", "DR-26")
                return Reason("On the surface the Dragon cannot move through a wall; Wing flies through one.", "DR-12")
        if impassable(g, b):
            if b == q:
                return Reason("That space of the Canyon is impassable: he never stops on it.", "TR-17")
            if surfaced and (kind != "wing" or flown):
                return Reason(f"The line to {fmt_pos(q)} crosses an impassable space of the Canyon: on the surface "
                              "only a Wing flies over one.", "TR-18")
            flown = True
        a = b
    return None


def check_route(g: Game, kind: str, q: Pos, found: dict[Pos, Route] | None = None) -> Reason | None:
    """Whether one movement of ``kind`` can end at ``q`` now: None exactly when ``q`` is one
    of :func:`legal_routes` (``found``, if already worked out); else the rule it breaks —
    TR-29/31 (a Pit he could not leave), then a straight line (DR-08/26), its length
    (DR-08/16/26) and the spaces on the way (:func:`check_line`)."""
    found = legal_routes(g, kind) if found is None else found
    if q in found:
        return None
    p = pos(g)
    rule = KIND_RULE[kind]
    if q == p:
        return Reason("You are on this space already: a movement takes you to another space.", rule)
    if q in movement_routes(g, kind):
        return Reason(f"{fmt_pos(q)} is a Pit: a movement may end there only if a movement still to come this turn "
                      "takes him off the Pits.", "TR-31")
    if p[0] != q[0] and p[1] != q[1]:
        return Reason(f"The Dragon moves in a straight line: {fmt_pos(q)} is not in line with {fmt_pos(p)}.", rule)
    n = movement_reach(g, kind)
    if manhattan(p, q) > n:
        return Reason(f"Too far: {KIND_WORDS[kind]} up to {n} tiles in a straight line, and {fmt_pos(q)} is "
                      f"{manhattan(p, q)} away.", rule)
    reason = check_line(g, p, q, kind)
    assert reason is not None, f"{kind} to {fmt_pos(q)}: no route and no rule against it"
    return reason


def dragon_move(g: Game, kind: str, q: Pos) -> Reason | None:
    """THE check of his movement to ``q`` (the free move, ``kind`` "free", or a paid Wing):
    whether he may make it now (DR-08), then the route (:func:`check_route`)."""
    return check_may_move(g, kind) or check_route(g, kind, q)


def check_any_move(g: Game, kind: str) -> Reason | None:
    """Whether the movement ``kind`` can go anywhere now (a click on his own piece): the
    first refusal of :func:`dragon_move` over his adjacent spaces when no space is open."""
    stuck = check_may_move(g, kind)
    if stuck is not None:
        return stuck
    found = legal_routes(g, kind)
    if found:
        return None
    p = pos(g)
    q = step(p, DIRS[0])
    reason = check_route(g, kind, q, found)
    assert reason is not None
    what = "Your free move" if kind == "free" else "Wing"
    return Reason(f"{what} has nowhere to go now. {fmt_pos(q)}: {reason.text}", reason.rule)


def path_to(p: Pos, q: Pos) -> list[Pos]:
    dx = (q[0] > p[0]) - (q[0] < p[0])
    dy = (q[1] > p[1]) - (q[1] < p[1])
    out = []
    cur = p
    while cur != q:
        cur = (cur[0] + dx, cur[1] + dy)
        out.append(cur)
    return out


def move_dragon(g: Game, q: Pos, how: str, route: Route | None = None) -> Proc:
    """His own movement along ``route`` (a straight line to ``q`` when None); on the
    surface each tile entered with the Knight prompts her attack (DR-13/14), and the
    Entrance wins (DR-67).  Ending on a River space he entered, he may ride the current
    (TR-32)."""
    d = dragon(g)
    board = g.state.board
    p = pos(g)
    if how == "moves" or "pride_stay_put_free_move_only" not in g.setup.house_rules:   # AMB-57
        d.moved = True
    for cur in route or path_to(p, q):
        if cur not in board.tiles:                     # TR-12: off the Terrain, the Dark tile comes first
            yield from place_under(g, cur, "dragon")
        board.pieces["dragon"] = cur
        if d.surfaced:
            yield from entered_surface_tile(g, cur)
    g.log("move", f"The Dragon {how} to {fmt_pos(q)}.", piece="dragon", frm=p, to=q)
    check_escape(g)
    if pos(g) == q and kind_at(g, q) == "river":
        yield from ride_river(g, q)


def ride_river(g: Game, q: Pos) -> Proc:
    """TR-32: entering a River space he may ride the current, free, to any River space
    downstream (surfaced or underground: the rule names the Dragon without the surface
    condition TR-18 has).  His movement is a straight line, so the ride comes where a
    movement ends; on the surface the River spaces ridden through are entered (DR-13/14)."""
    r = yield from ride(g, "dragon", q)
    if r != q and dragon(g).surfaced:
        ridden = downstream(g, q)
        for cur in ridden[:ridden.index(r) + 1]:
            g.state.board.pieces["dragon"] = cur
            yield from entered_surface_tile(g, cur)
    check_escape(g)


def entered_surface_tile(g: Game, q: Pos) -> Proc:
    """DR-13/14: the surfaced Dragon entering the Knight's tile is attacked by her if her
    Strength is at least his Armor; his movement goes on.  A Tribe there stronger than
    his Armor attacks him too, with the Ash Dragon card (AMB-27: or the house rule
    ``tribes_fight_surfaced_dragon``).  The Thief's tile prompts no attack (AMB-28: his
    attacks are chosen actions); with the house rule ``thief_strikes_entering_dragon`` he
    may answer with a Light Backstab when his Stealth beats the Dragon's Armor (TH-32)."""
    board = g.state.board
    if g.state.goblins is not None:
        gb = g.hooks.goblins

        if gb.may_fight_dragon(g):
            for t in gb.tribes_at(g, q):
                if gb.tribe_strength(g, t) > armor(g) and board.pieces.get("dragon") == q:
                    g.log("dragon_attacked", f"The Dragon enters the tile of {gb.tname(t)}: it attacks him.")
                    yield from gb.attack_dragon(g, t, "attacks")
    k = g.state.knight
    if k is not None and not k.dead and board.pieces.get("knight") == q:
        from ..knight import board as kb
        resolve_attack = g.hooks.meetings.resolve_attack

        s = kb.attack_strength(g)                                     # KN-88: a readied Javelin counts
        if s >= armor(g):
            g.log("dragon_attacked", "The Dragon enters the Knight's tile: she attacks him.")
            yield from resolve_attack(g, s, "knight", "the Dragon entered her tile")
            kb.spend_javelin(g)
    if board.pieces.get("thief") == q and "thief_strikes_entering_dragon" in g.setup.house_rules:
        yield from thief_strikes(g)


def thief_strikes(g: Game) -> Proc:
    """AMB-28 house rule: the surfaced Dragon entering the Thief's tile is answered "as if
    that player attacked you" — the Thief's weakest attack, a Light Backstab (TH-25: the
    Dragon discards 1 Power card), if he wants it and his Stealth beats the Armor (TH-32)."""
    from ..thief.state import stealth

    if g.state.thief is None or stealth(g) <= armor(g) or not dragon(g).hand:
        return
    light = g.rules.thief.injuries[0]
    choice = yield g.ask("thief", DecisionKind.THIEF_STRIKE_DRAGON, f"The Dragon enters your tile: Backstab him (Light Injury: he "
                         f"discards {light.dragon_discards} Power card)?",
                         [Option("backstab:", "Backstab the Dragon", (Target("piece", "dragon"),)),
                          Option("no:", "Let him pass", (button("skip"),))], rules_ref="thief.backstab")
    if choice.id == "backstab:":
        g.log("backstab", "The Thief backstabs the Dragon as he enters his tile (house rule).", target="dragon")
        yield from discard_cards(g, light.dragon_discards, "the Thief's Backstab")


def check_escape(g: Game) -> None:
    d = dragon(g)
    if d.surfaced and pos(g) == g.state.board.entrance:
        raise GameOver(Outcome(("dragon",), "The Dragon has woken, surfaced and escaped the Cave!"))


def surface(g: Game) -> None:
    """DR-65/66: an awake Dragon ending his turn on a Crystal tile surfaces; a Crystal
    token there is smashed."""
    d = dragon(g)
    p = pos(g)
    d.surfaced = True
    g.log("dragon_surfaced", f"The Dragon bursts to the surface at {fmt_pos(p)}!", pos=p)
    toks = g.state.board.tokens_at(p)
    if toks["crystal"]:
        toks["crystal"] -= 1
        g.state.crystals_smashed_total += 1
        g.log("smash", f"The Dragon smashes the Crystal at {fmt_pos(p)} as he surfaces.", pos=p)


# ------------------------------------------------------------------ Sloth
def sloth_ready(g: Game, box: str) -> bool:
    """DR-61: ``box`` can give a cube now: his turn, a cube on it, its category (Greed,
    Hunger or the whole of Pride) not yet used this turn, and fewer than 3 cubes moved."""
    d = dragon(g)
    return (g.state.active == "dragon" and SLOTH_CATEGORY[box] not in d.sloth_done and d.sloth.get(box, 0) > 0
            and len(d.sloth_done) < g.rules.dragon.max_sloth_cubes_per_turn)


def remove_sloth(g: Game, box: str, why: str) -> bool:
    """DR-61/62: one cube from ``box`` to Wakefulness, once per category per turn."""
    if not sloth_ready(g, box):
        return False
    dragon(g).sloth_done.append(SLOTH_CATEGORY[box])
    move_sloth_cube(g, box, why)
    return True


def move_sloth_cube(g: Game, box: str, why: str) -> None:
    """One cube from ``box`` to Wakefulness: Armor and Spirit follow the track (DR-04/05)
    and he may awaken (DR-64).  Sloth conditions go through :func:`remove_sloth`; the
    Platinum Scale moves a cube directly (VAR-37)."""
    d = dragon(g)
    d.sloth[box] -= 1
    d.wakefulness += 1
    g.log("sloth", f"A Sloth cube moves from {BOX_NAMES[box]} to Wakefulness ({why}); Wakefulness "
          f"{d.wakefulness}, Armor {armor(g)}.", box=box, wakefulness=d.wakefulness)
    check_awake(g)


def pride_boxes_still_open(g: Game, box: str) -> list[str]:
    """The other Pride boxes that could still give this turn's Pride cube after ``box``:
    placing a Gem while another is on the map (phase 3, DR-60) and not moving (checked
    last).  The rule says he *may* move a cube on meeting a condition (DR-61), so with the
    single Pride cube a turn (DR-62) he may save it for one of these."""
    d = dragon(g)
    out = []
    if (box == "event" and d.phase < 3 and d.sloth.get("place_gem", 0) > 0 and gems_in_supply(g)
            and gems_on_map(g)):
        out.append("place_gem")
    if box != "dont_move" and not d.moved and d.sloth.get("dont_move", 0) > 0:
        out.append("dont_move")
    return out


def pride_cube(g: Game, box: str, why: str) -> Proc:
    """DR-61/62: a Pride condition is met.  When another Pride box could still give the
    turn's one Pride cube, the Dragon chooses to move it now or keep Pride open; else it
    moves at once."""
    if not sloth_ready(g, box):
        return
    later = pride_boxes_still_open(g, box)
    if later:
        opts = [Option("pride:now", f"Move the {BOX_NAMES[box]} cube to Wakefulness now",
                       (Target("slot", f"dragon.{s}"), button("pride"))) for s in SLOTH_SLOTS if check_pride_place(g, box, s) is None]
        opts.append(Option("pride:later", "Keep Pride for later", (button("skip"),)))
        choice = yield g.ask("dragon", DecisionKind.DRAGON_PRIDE, f"Move the {BOX_NAMES[box]} cube now, or keep this turn's one Pride "
                             f"cube for {' or '.join(BOX_NAMES[b] for b in later)} — Pride: {why}", opts,
                             rules_ref="dragon.sloth", about={"box": box})
        if choice.id == "pride:later":
            g.log("pride_kept", f"The Dragon keeps this turn's Pride cube for later ({why}).", box=box)
            return
    remove_sloth(g, box, why)


# ------------------------------------------------ his board in his turn (rule checks)
# One check per rule (see :mod:`...reasons`): a place of his board clicked in a question
# about it.  Sloth cubes are never moved by hand (DR-58..62): :func:`check_sloth_box`
# names the condition that moves them; the Pride question (DR-62) offers only the box
# whose condition is met (:func:`check_pride_place`).
def place_name(g: Game, slot: str) -> str:
    """A place of his board (``sloth.greed``, ``gem.claw``, ``power.wing``, ``shriek``) in plain words."""
    part, _, rest = slot.partition(".")
    if part == "sloth" and rest in SLOTH_CATEGORY:
        return f"the {BOX_NAMES[rest]} Sloth box"
    if part == "gem" and rest in SYMBOLS:
        return f"the {rest.title()} Gem"
    power = next((p for p in g.rules.dragon.powers if p.id == rest), None)
    if part == "power" and power is not None:
        return f"the {power.name} power"
    if part == "shriek":
        return "the Shriek token"
    return "that part of your board"


def sloth_condition(g: Game, box: str) -> tuple[str, str]:
    """DR-58..60: what moves a cube of ``box`` to Wakefulness, and the rule saying so
    (DR-47: with no Goblins player he eats none, so Hunger moves only by Slither)."""
    per = g.rules.dragon.eaten_goblins_per_hunger
    if box == "hunger" and not g.has("goblins"):
        return ("only once Slither has moved it to another Sloth box: with no Goblins player he eats no Goblins",
                "DR-47")
    return {"greed": ("when you pick up a Treasure token, after all your movement", "DR-58"),
            "hunger": (f"when you lower Eaten Goblins by {per} (now {dragon(g).eaten})", "DR-59"),
            "event": ("when you reveal an Event tile", "DR-60"),
            "dont_move": ("when you end a turn without moving", "DR-60"),
            "place_gem": ("when you place a Gem while another is on the map", "DR-60")}[box]


def check_sloth_box(g: Game, box: str) -> Reason:
    """A Sloth box clicked in Move and Use Powers: its cubes move only when their condition
    is met (DR-58..60), 1 per Sloth track and at most 3 a turn (DR-61/62) — never by hand,
    so this check always refuses, with the reason that applies now."""
    d = dragon(g)
    name = BOX_NAMES[box]
    if d.sloth.get(box, 0) <= 0:
        return Reason(f"{name} has no Sloth cube left to move.", "DR-61")
    if SLOTH_CATEGORY[box] in d.sloth_done:
        return Reason(f"A {SLOTH_CATEGORY[box].title()} cube has moved to Wakefulness this turn already: 1 per Sloth "
                      "track a turn.", "DR-62")
    if len(d.sloth_done) >= g.rules.dragon.max_sloth_cubes_per_turn:
        return Reason(f"{len(d.sloth_done)} Sloth cubes have moved this turn: at most 3 a turn.", "DR-61")
    platinum = next((c for c in d.hand if is_scale(c) and g.rules.scale_card(c).removed_after_use), None)
    scale = (f" (or play the {g.card(platinum).name} in your hand first: it moves a cube from any box)"
             if platinum else "")
    when, rule = sloth_condition(g, box)
    return Reason(f"Sloth cubes are not moved by hand: a {name} cube ({d.sloth[box]} left) moves to Wakefulness "
                  f"{when}{scale}.", rule)


def check_pride_place(g: Game, met: str, slot: str) -> Reason | None:
    """DR-62: the Pride question asks whether the box ``met`` (its condition met now) gives
    this turn's one Pride cube: that box's slot is the answer, any other place is not."""
    if slot == f"sloth.{met}":
        return None
    head = f"The Pride condition met now is {BOX_NAMES[met]}: move its cube now or keep Pride for later"
    part, _, box = slot.partition(".")
    if part == "sloth" and box in SLOTH_CATEGORY:
        when, _ = sloth_condition(g, box)
        if SLOTH_CATEGORY[box] == "pride":
            return Reason(f"{head}; a {BOX_NAMES[box]} cube moves {when}.", "DR-62")
        return Reason(f"{head}; {BOX_NAMES[box]} is not Pride: its cube moves {when}.", "DR-62")
    return Reason(f"{head}; {place_name(g, slot)} is not part of it.", "DR-62")


def check_awake(g: Game) -> None:
    """DR-64: awake at the difficulty's Wakefulness (and Shriek on 3 turns for the Ancient
    Dragon, DIF-12); never asleep again."""
    d = dragon(g)
    if d.awake:
        return
    need = int(g.config.extra.get("wakefulness_needed", g.rules.dragon.wake_threshold))
    shrieks = int(g.config.extra.get("shriek_turns", 0))
    if d.wakefulness >= need and len(set(d.shriek_turns)) >= shrieks:
        d.awake = True
        g.log("dragon_awake", "The Dragon awakens! The Awakened Dragon piece replaces the Slumbering one.")


def try_hunger(g: Game) -> None:
    """DR-59: lower Eaten Goblins by 2 to move a Hunger cube."""
    d = dragon(g)
    per = g.rules.dragon.eaten_goblins_per_hunger
    if d.eaten >= per and remove_sloth(g, "hunger", f"Eaten Goblins {d.eaten} - {per}"):
        d.eaten -= per


def eat(g: Game, n: int, why: str, ghoul: bool = False) -> None:
    """DR-45/47: Eaten Goblins rise by the Population lost (only with a Goblins player);
    GH-34: ``ghoul`` — Claw or Scratch on the Ghoul counts as eating, Goblins player or not."""
    if n <= 0 or not (g.has("goblins") or ghoul):
        return
    d = dragon(g)
    d.eaten += n
    g.log("eaten", f"The Dragon eats {n} Goblin{'s' if n != 1 else ''} ({why}); Eaten Goblins {d.eaten}.")
    try_hunger(g)


# ---------------------------------------------------------- Treasure, Gems
def give_treasure(g: Game, why: str) -> None:
    """DR-50/52: a Treasure token to the Cave; a Greed cube moves if any is left."""
    return_token(g, "treasure")
    if not remove_sloth(g, "greed", why):
        g.log("treasure_returned", "The Treasure token goes back to the Cave's supply.")


def check_pickup_space(g: Game, q: Pos) -> Reason | None:
    """DR-48 (a rule check): he picks up the Treasure tokens on his own tile only."""
    p = pos(g)
    if q == p:
        return None
    return Reason(f"You pick up only the Treasure tokens on your own tile, {fmt_pos(p)}; {fmt_pos(q)} is not it.",
                  "DR-48")


def check_gem_space(g: Game, q: Pos) -> Reason | None:
    """DR-53 (a rule check): a Dragon Gem goes on his own tile."""
    p = pos(g)
    if q == p:
        return None
    return Reason(f"A Dragon Gem goes on your own tile, {fmt_pos(p)}; {fmt_pos(q)} is not it.", "DR-53")


def check_place_gem(g: Game, sym: str) -> Reason | None:
    """DR-53 (a rule check): the Gem placed comes from his supply, not from the map."""
    where = gems_on_map(g).get(sym)
    if where is None:
        return None
    return Reason(f"The {sym.title()} Gem is already on the map at {fmt_pos(where)}: only a Gem from your supply is "
                  "placed.", "DR-53")


def check_gem_place(g: Game, slot: str) -> Reason | None:
    """A place of his board clicked in Place Dragon Gem (``slot`` after ``dragon.``): one of
    his Gems (:func:`check_place_gem`); nothing else is placed (DR-53)."""
    part, _, sym = slot.partition(".")
    if part == "gem" and sym in SYMBOLS:
        return check_place_gem(g, sym)
    return Reason(f"Place Dragon Gem puts a Gem from your supply on your tile: {place_name(g, slot)} is not one.",
                  "DR-53")


def pick_up_treasure(g: Game) -> Proc:
    """DR-48..52: after all movement he may pick up the Treasure tokens on his tile."""
    d = dragon(g)
    if d.treasure_held and "greed" not in d.sloth_done and d.sloth["greed"] > 0:
        d.treasure_held -= 1
        give_treasure(g, "he hands over a Treasure token he kept")
    if d.sloth["greed"] == 0 and d.treasure_held:       # DR-52: no use for them any more
        return_token(g, "treasure", d.treasure_held)
        d.treasure_held = 0
    p = pos(g)
    toks = g.state.board.tokens_at(p)
    n = toks["treasure"]
    if n <= 0:
        return
    tokens = f"{n} Treasure token{'' if n == 1 else 's'}"
    choice = yield g.ask("dragon", DecisionKind.DRAGON_TREASURE, f"Pick up the {tokens} on your tile, or leave {'it' if n == 1 else 'them'}",
                         [Option("pickup:", f"Pick up the {tokens}", (space(p), button("pickup"))),
                          Option("skip:", "Leave them", (button("skip"),))], rules_ref="dragon.pick_up_treasure")
    if choice.id != "pickup:":
        return
    toks["treasure"] = 0
    g.log("dragon_treasure", f"The Dragon picks up {n} Treasure token(s) at {fmt_pos(p)}.", pos=p, n=n)
    for _ in range(n):
        g.hooks.goblins.eye_of_rage(g, "dragon", "a Treasure token")       # the Goblins' Scheme
    for _ in range(n):
        if d.sloth["greed"] > 0 and "greed" not in d.sloth_done:
            give_treasure(g, "Greed: he gives a Treasure token to the Cave")
        elif d.sloth["greed"] > 0:
            d.treasure_held += 1
            g.log("treasure_kept", "The Dragon keeps a Treasure token for a later turn.")
        else:
            return_token(g, "treasure")
            g.log("treasure_returned", "Greed is empty: the Treasure token goes back to the Cave's supply.")


def place_gem(g: Game) -> Proc:
    """DR-53: one Gem from his supply on his tile; Pride if another Gem is on the map (DR-60)."""
    supply = [s for s in SYMBOLS if check_place_gem(g, s) is None]
    if not supply:
        return
    p = pos(g)
    opts = [Option(f"gem:{s}", f"Place the {s.title()} Gem",
                   (space(p), Target("slot", f"dragon.gem.{s}"), button(f"gem_{s}"))) for s in supply]
    opts.append(Option("skip:", "Place no Gem", (button("skip"),)))
    choice = yield g.ask("dragon", DecisionKind.DRAGON_GEM, f"Place a Dragon Gem on your tile at {fmt_pos(p)}, or place none", opts, rules_ref="dragon.place_gem")
    if choice.id == "skip:":
        return
    sym = arg_of(choice.id)
    others = bool(gems_on_map(g))
    g.state.board.tokens_at(p)[gem_token(sym)] += 1
    g.log("gem_placed", f"The Dragon places the {sym.title()} Gem at {fmt_pos(p)}.", pos=p, gem=sym)
    if others:
        yield from pride_cube(g, "place_gem", "he placed a Gem while another is on the map")


def replace_hand(g: Game) -> Proc:
    """DR-54: discard the hand, shuffle all his Power cards, draw Spirit (DR-05: new Spirit
    now).  Scales drawn into the Power deck are shuffled in with them, played or not (VAR-34),
    except a Silver Scale he reveals to keep, which makes him draw one card fewer (VAR-36)."""
    d = dragon(g)
    kept = yield from keep_scales(g)
    cards = [c for c in d.hand + d.deck + d.discard if c not in kept]
    cards.sort()
    g.rng.shuffle(cards)
    n = max(0, spirit(g) - len(kept))
    d.hand = kept + cards[:n]
    d.deck = cards[n:]
    d.discard = []
    g.log("dragon_hand", f"The Dragon draws a new hand of {n} Power cards (Spirit {spirit(g)}"
          f"{', one Scale kept' if kept else ''}).",
          {"dragon": "Hand: " + ", ".join(sorted(g.card(c).name for c in d.hand))})


def check_keep_scale(g: Game, card: str) -> Reason | None:
    """VAR-36 (a rule check): at Replace Hand only an unplayed Silver Scale in his hand may be
    revealed and kept; every other card is discarded with the rest."""
    if card not in dragon(g).hand:
        return Reason(f"The {g.card(card).name} is not in your hand: only a Silver Scale in your hand is kept.",
                      "VAR-36")
    if not (is_scale(card) and g.rules.scale_card(card).keep_by_reveal):
        return Reason(f"Only the Silver Scale may be revealed and kept at Replace Hand; the {g.card(card).name} is "
                      "discarded with the rest.", "VAR-36")
    return None


def keep_scales(g: Game) -> Proc:
    """VAR-36: in Replace Hand he may reveal an unplayed Silver Scale to keep it.  The
    question is put whenever a Scale he drew may be in his hand (a Scale has left the Scale
    deck and not the game, and his hand is not empty), holding the Silver Scale or not, so
    the question itself tells nobody what he holds."""
    d = dragon(g)
    if not scales_variant(g) or not d.hand:
        return []
    drawn = len(g.rules.deck("scales")) - len(d.scale_deck) - len(d.scales_removed)
    if drawn <= 0:
        return []
    keepable = [c for c in sorted(set(d.hand)) if check_keep_scale(g, c) is None]
    opts = [Option("replace:", "Discard your whole hand", (button("skip"),))]
    opts += [Option(f"keep:{c}", f"Reveal the {g.card(c).name} and keep it (draw one card fewer)",
                    (Target("card", c), button(f"keep_{c}"))) for c in keepable]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_KEEP_SCALE, "Replace Hand: reveal a Silver Scale to keep it in your hand, "
                         "or discard your whole hand",
                         opts, rules_ref="dragon.scales")
    if choice.id == "replace:":
        return []
    card = arg_of(choice.id)
    g.log("scale_kept", f"The Dragon reveals the {g.card(card).name} and keeps it in his hand; he draws one card "
          "fewer.", card=card)
    return [card]


def draw_cards(g: Game, n: int, why: str) -> None:
    """DR-46, TH-46: the Dragon draws ``n`` Power cards (the discards reshuffled if the
    deck runs out)."""
    d = dragon(g)
    got = []
    for _ in range(n):
        if not d.deck and d.discard:
            d.deck = sorted(d.discard)
            d.discard = []
            g.rng.shuffle(d.deck)
        if not d.deck:
            break
        got.append(d.deck.pop(0))
    if not got:
        return
    g.barrier()
    d.hand += got
    g.log("dragon_draw", f"The Dragon draws {len(got)} Power card(s) ({why}).",
          {"dragon": "Drawn: " + ", ".join(sorted(g.card(c).name for c in got))})


def discard_cards(g: Game, n: int, why: str) -> Proc:
    """The Dragon discards ``n`` Power cards of his choice (Enchanted Bow, Hex)."""
    d = dragon(g)
    lost = 0
    while lost < n and d.hand:
        faces = sorted({card_face(g, c) for c in d.hand})
        if len(faces) == 1:
            face = faces[0]
        else:
            choice = yield g.ask("dragon", DecisionKind.DRAGON_DISCARD, f"{why}: discard a Power card ({n - lost} to go)",
                                 [Option(f"discard:{f}", f"Discard the {g.card(f).name}" if is_scale(f)
                                         else f"Discard a {f.title()} card") for f in faces])
            face = arg_of(choice.id)
        card = next(c for c in d.hand if card_face(g, c) == face)
        d.hand.remove(card)
        d.discard.append(card)
        lost += 1
    if lost:
        g.log("dragon_discard", f"The Dragon discards {lost} Power card(s) ({why}).", n=lost)
    return lost


def damage_dragon(g: Game, n: int, by: str, why: str) -> None:
    """KN-50/52: the Dragon loses Health; at 0 he dies and ``by`` wins."""
    d = dragon(g)
    d.health = max(0, d.health - n)
    g.log("dragon_health", f"The Dragon loses {n} Health ({why}); Health {d.health}.", change=-n)
    if d.health == 0:
        raise GameOver(Outcome((by,), f"The {by.title()} {'have' if by == 'goblins' else 'has'} slain the Dragon!"))


def sloth_room(g: Game, box: str, from_wakefulness: bool = False) -> bool:
    """Is there an empty space on ``box``?  Pre-moved Hunger cubes never go back (RV-14)."""
    d: DragonState = dragon(g)
    cap = d.capacity[box]
    if from_wakefulness and box == "hunger":
        cap -= d.locked_hunger
    return d.sloth[box] < cap


def direction_word(a: Pos, b: Pos) -> str:
    for dr in DIRS:
        if step(a, dr) == b:
            return DIR_WORDS[dr]
    return ""


# ------------------------------------------------------------ Soporific Spores
_NO_WAKEFULNESS = Reason("No cube is on Wakefulness: Soporific Spores has none to put back.", "CV-24")


def check_spores_place(g: Game, slot: str) -> Reason | None:
    """CV-24, DR-69, RV-14 (a rule check): Soporific Spores puts a Wakefulness cube back on a
    Sloth box with an empty space — never on the Hunger spaces of the cubes moved at setup."""
    d = dragon(g)
    part, _, box = slot.partition(".")
    if part != "sloth" or box not in SLOTH_CATEGORY:
        return Reason(f"Soporific Spores puts a Wakefulness cube back on a Sloth box: {place_name(g, slot)} is not "
                      "one.", "CV-24")
    if d.wakefulness <= 0:
        return _NO_WAKEFULNESS
    if sloth_room(g, box, from_wakefulness=True):
        return None
    n, cap = d.sloth.get(box, 0), d.capacity.get(box, 0)
    if box == "hunger" and d.locked_hunger and n < cap:
        return Reason(f"Hunger holds {n} of {cap} cubes, and the {d.locked_hunger} Hunger cubes moved at setup never "
                      "go back to Hunger.", "RV-14")
    return Reason(f"{BOX_NAMES[box]} is full ({n} of {cap} cubes): the cube goes back to a box with an empty space.",
                  "DR-69")


def spores_boxes(g: Game) -> list[str]:
    """CV-24, DR-69: Sloth boxes a Wakefulness cube may go back to (:func:`check_spores_place`)."""
    return [slot.split(".", 1)[1] for slot in SLOTH_SLOTS if check_spores_place(g, slot) is None]


def spores(g: Game) -> Proc:
    """The Cave's Soporific Spores on the Dragon: he moves a Wakefulness cube back to a Sloth
    box of his choice (the target chooses, CV-24); Armor drops at once, he stays awake (DR-64)."""
    d = dragon(g)
    boxes = spores_boxes(g)
    opts = [Option(f"sloth:{b}", f"Put the cube back on {BOX_NAMES[b]}", (Target("slot", f"dragon.sloth.{b}"),))
            for b in boxes]
    choice = yield g.ask("dragon", DecisionKind.DRAGON_SPORES, "Soporific Spores: choose the Sloth box that takes the cube back", opts,
                         rules_ref="cave.omen.soporific_spores")
    box = arg_of(choice.id)
    d.wakefulness -= 1
    d.sloth[box] += 1
    g.log("spores", f"Soporific Spores: a cube goes back from Wakefulness to {BOX_NAMES[box]}; Wakefulness "
          f"{d.wakefulness}, Armor {armor(g)}.", box=box)
