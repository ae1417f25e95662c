"""The Knight's turn: Pick Up Hero Cubes, then Move and Act (KN-03..30).

Her whole turn is one repeating decision ``knight_turn`` whose options are every
legal thing she can do now: place a cube, move one space, smash, collect, use
equipment, reveal a Sidequest, end the turn.  Entering a Dark tile spends an
Encounter and reveals it (KN-26, KN-31).
"""
from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...cards.ambush import resolve_ambush
from ...cards.events import play_event
from ...cards.promo_treasures import gauntlet_smash
from ...cards.sidequests import PREPARED, completable, reveal_sidequest, sidequest_grit
from ...cards.treasures import receive_treasure, treasure_options, use_treasure
from ...decisions import Option, Target, button, space
from ...dice import roll_dragon_die
from ...geometry import (
    DIRS,
    Pos,
    adjacent,
    direction_between,
    edge,
    fmt_pos,
    manhattan,
    parse_pos,
    step,
    surrounding,
)
from ...kinds import DecisionKind
from ...map.board import events_live, fill_open_edges, has_wall, is_dark, return_token, tile_type
from ...map.reveal import reveal_group, reveal_one
from ...map.terrain import (
    check_open_step,
    check_pit_entry,
    forest_blocks,
    impassable,
    kind_at,
    neighbours,
    on_pit,
    open_exits,
    place_under,
    ride,
    step_ok,
)
from ...option_ids import parse
from ...reasons import Reason
from . import board as kb

if TYPE_CHECKING:
    from ...game import Game, Proc

MONSTER_TOKENS = ("ogre", "troll")


def pos(g: Game) -> Pos:
    return g.state.board.pieces["knight"]


def encounters_left(g: Game) -> int:
    return kb.perception(g) - kb.knight(g).encounters_used


def start_turn(g: Game) -> None:
    k = kb.knight(g)
    kb.pick_up(g)
    k.charm_strength, k.charm_strength_next = k.charm_strength_next, 0     # the Thief's Charm: this turn
    k.moved = 0
    k.encounters_used = 0
    k.encounter_open = False
    k.encounter_stage = "attack"
    k.turn_over = False
    k.flare_used = False
    k.map_uses = 0
    k.bombed_wall = False
    k.bomb_attacked = False
    k.dragon_attack_encounter = 0
    k.visited = []
    k.encounter_spaces = []
    k.ambushes_resolved = 0
    k.treasures_collected = 0
    k.ambush_monster_beaten = False
    k.achievements = []
    k.bow_shots = 0
    k.enchanted_bow_shots = 0
    k.staff_used = False
    # KN-37, FM-06: only an Event token under her holds her (a flag left from a token she was carried off is void)
    # CV-39: with the Event deck used up, Event tokens are ignored
    k.must_resolve_event = bool(g.state.board.tokens_at(pos(g))["event"]) and events_live(g)
    g.log("turn", f"Round {g.state.round}: the Knight's turn. She picks up her Hero cubes ({k.cubes_free}).")


def knight_turn(g: Game) -> Proc:
    k = kb.knight(g)
    if k.dead:
        g.log("turn_skipped", "The Knight is dead: her turn is skipped.")
        return
    start_turn(g)
    while not k.turn_over:
        opts = turn_options(g)
        choice = yield g.ask("knight", DecisionKind.KNIGHT_TURN, _prompt(g), opts, rules_ref="knight.move_and_act")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        yield from (ACTIONS.get(verb) or g.meetings.verbs[verb])(g, arg)
    k.encounter_open = False
    k.health_changed = False        # the Cursed Amulet's chance to be discarded passes with her turn
    g.log("turn_end", "The Knight ends her turn.")


def _prompt(g: Game) -> str:
    k = kb.knight(g)
    cubes = f"{k.cubes_free} unplaced Hero cube{'' if k.cubes_free == 1 else 's'}"
    return (f"Movement {k.moved}/{kb.movement(g)}, Encounters {k.encounters_used}/{kb.perception(g)}, "
            f"Strength {kb.strength(g)}, {cubes}.")


# ----------------------------------------------------------------- her step (rule checks)
# One check per rule (see :mod:`...reasons`): each returns None when the rule allows the
# step, else the Reason it refuses with.  ``knight_step`` composes them in rule order; her
# options are the candidates it allows, and a click on a space (or on a Tribe's piece, or
# an illegal ``move:`` id) is explained by the same call (``explain/why_not.py``).
# The roles that meet the Knight (Goblins, Dragon) add entry rules through the game's own
# table of meetings (``g.meetings``, built at setup from roles/meetings/table.py), so her
# turn needs no rewriting.
_ON_EVENT = Reason("You must first resolve the Event token on your space.", "KN-37")
_HERE = Reason("You are on this space already: a move goes to a space next to yours.", "MAP-01")
_IMPASSABLE = Reason("That space of the Canyon is impassable: no one may enter it.", "TR-17")
_WALL = Reason("A wall is in the way; put a Hero cube on the Ancient Map to pass one.", "KN-23")


def check_may_move(g: Game) -> Reason | None:
    """KN-37 (an Event token under her is resolved before she moves away), KN-21 (she moves
    only with an Encounter left), KN-20 (up to her Movement): may she step at all now?"""
    k = kb.knight(g)
    if k.must_resolve_event:
        return _ON_EVENT
    if encounters_left(g) < 1:
        return Reason(f"You have no Encounters left (Perception {kb.perception(g)}, all used), so you cannot move.",
                      "KN-21")
    if k.moved >= kb.movement(g):
        return Reason(f"You have used all {kb.movement(g)} Movement this turn.", "KN-20")
    return None


def check_reach(g: Game, p: Pos, q: Pos) -> Reason | None:
    """MAP-01/03, TR-29: a step goes to an adjacent space, or from a Pit to another Pit."""
    if q in neighbours(g, p):
        return None
    if q == p:
        return _HERE
    k = kb.knight(g)
    return Reason(f"The Knight moves one space at a time, orthogonally: {fmt_pos(q)} is {manhattan(p, q)} spaces "
                  f"from her, and she has {max(0, kb.movement(g) - k.moved)} Movement left.", "MAP-03")


def monster_token_strength(g: Game, token: str) -> int:
    card = g.card(token)
    return int(getattr(card, "ambush_strength", 4) or 4)


def check_monster_tokens(g: Game, q: Pos) -> Reason | None:
    """VAR-44, RV-08 (Goblin Infestation line C): an Ogre or Troll token that beat her stays
    on the map; she enters its space only with Strength greater than its Ambush Strength."""
    toks = g.state.board.tokens.get(q)
    if toks:
        for t in MONSTER_TOKENS:
            if toks[t] and kb.strength(g) <= monster_token_strength(g, t):
                return Reason(f"Your Strength {kb.strength(g)} must be greater than the {t.title()}'s "
                              f"Strength {monster_token_strength(g, t)} to enter.", "VAR-44")
    return None


def knight_entry(g: Game, q: Pos) -> Reason | None:
    """Whether she may enter tile ``q`` at all: the meetings' entry rules (KN-46 the
    surfaced Dragon's Armor, KN-56 a revealed Tribe's Strength), then the Monster tokens
    (VAR-44).  Also asked of every space the River carries her to (TR-32)."""
    for rule in g.meetings.entry_rules:
        reason = rule(g, q)
        if reason is not None:
            return reason
    return check_monster_tokens(g, q)


def check_wall(g: Game, p: Pos, q: Pos) -> Reason | None:
    """KN-23, KN-70: no step through a wall (a Rockslide is one, CV-23) unless a Hero cube
    on the Ancient Map still has a wall to pass this turn (a double wall is one; with the
    Golem two cubes a wall)."""
    if step_ok(g, p, q) or map_ok(g):                                             # TR-11, TR-29
        return None
    cubes = kb.knight(g).equip["map"]
    if cubes == 0:
        return _WALL
    return Reason(f"A wall is in the way, and the {cubes} Hero cube{'s' if cubes != 1 else ''} on the Ancient Map "
                  "have passed every wall they allow this turn.", "KN-70")


def check_step_onto(g: Game, p: Pos, q: Pos) -> Reason | None:
    """A step from ``p`` to the neighbour ``q`` (the space rules, in rule order): an open
    space only off the Terrain (TR-12; KN-71: the Ancient Map never leads there), never an
    impassable space (TR-17), the entry rules (:func:`knight_entry`), the Pits' whole trip
    (TR-30), the walls (KN-23, KN-70)."""
    if q not in g.state.board.tiles:
        return check_open_step(g, p, q)
    if impassable(g, q):
        return _IMPASSABLE
    return (knight_entry(g, q) or check_pit_entry(g, p, q, kb.movement(g) - kb.knight(g).moved)
            or check_wall(g, p, q))


def knight_step(g: Game, p: Pos, q: Pos) -> Reason | None:
    """THE check of her step from ``p`` to ``q`` by her own movement (None: allowed, with the
    Ancient Map if :func:`step_ok` says a wall is in the way): reach (MAP-03, TR-29), then
    whether she may move now (KN-37, KN-21, KN-20), then the space (:func:`check_step_onto`)."""
    return check_reach(g, p, q) or check_may_move(g) or check_step_onto(g, p, q)


def check_any_step(g: Game) -> Reason | None:
    """Whether she can step anywhere now (a click on her own piece): the first refusal of
    :func:`knight_step` over her neighbours when none allows it."""
    stuck = check_may_move(g)
    if stuck is not None:
        return stuck
    p = pos(g)
    first: tuple[Pos, Reason] | None = None
    for q in neighbours(g, p):
        reason = check_step_onto(g, p, q)
        if reason is None:
            return None
        first = first or (q, reason)
    assert first is not None                                # four adjacent spaces at least
    q, reason = first
    return Reason(f"No space next to you can be entered now. {fmt_pos(q)}: {reason.text}", reason.rule)


def move_targets(g: Game) -> list[tuple[Pos, bool]]:
    """The tiles :func:`knight_step` lets her move onto now, and whether it needs the
    Ancient Map (KN-70: a Rockslide is passed like any other wall — the rulebook says
    "Rockslide tokens are walls" (CV-23) and gives the Map no exception).  TR-12's steps
    onto open spaces are :func:`open_exits`, offered apart."""
    if check_may_move(g) is not None:
        return []
    p = pos(g)
    tiles = g.state.board.tiles
    return [(q, not step_ok(g, p, q)) for q in neighbours(g, p) if q in tiles and check_step_onto(g, p, q) is None]


def map_ok(g: Game) -> bool:
    """KN-70: a cube (two with the Golem) on the Ancient Map not yet used this turn."""
    k = kb.knight(g)
    return k.map_uses * map_cost(g) + map_cost(g) <= k.equip["map"]


def map_cost(g: Game) -> int:
    return 2 if g.state.golem else 1


def turn_options(g: Game) -> list[Option]:
    k = kb.knight(g)
    p = pos(g)
    toks = g.state.board.tokens_at(p)
    opts: list[Option] = []
    targets = move_targets(g)
    for q, through in targets:
        if through:
            opts.append(Option(f"mapmove:{fmt_pos(q)}", f"Move through the wall to {fmt_pos(q)} (Ancient Map)",
                               (space(q), Target("piece", "knight"))))
        else:
            what = " and reveal it" if is_dark(g, q) else ""
            opts.append(Option(f"move:{fmt_pos(q)}", f"Move to {fmt_pos(q)}{what}", (space(q), Target("piece", "knight"))))
    if targets or check_may_move(g) is None:          # a target at all: check_may_move allowed it already
        for q in open_exits(g, p):                                              # TR-12
            opts.append(Option(f"leave:{fmt_pos(q)}", f"Leave the Terrain for the open space {fmt_pos(q)} "
                               "(a Dark tile is placed there and revealed)", (space(q), Target("piece", "knight"))))
    for slot in kb.cube_slots(g):
        opts.append(kb.cube_option(g, slot))
    if k.must_resolve_event and toks["event"] and encounters_left(g) >= 1:
        opts.append(Option("resolve_event:", "Resolve the Event token here (an Encounter)", (space(p),)))
    if toks["crystal"] and check_smash(g) is None:
        opts.append(Option("smash:", "Smash the Crystal token here (+2 Grit)", (space(p), Target("piece", f"crystal@{fmt_pos(p)}"))))
    if toks["treasure"] and check_act(g, "collect") is None:
        opts.append(Option("collect:treasure", "Collect the Treasure token here", (space(p), Target("piece", f"treasure@{fmt_pos(p)}"))))
    opts += bomb_options(g)
    if "knight" in g.config.flare_holders and not k.flare_used:
        for q in flare_centres(g):
            opts.append(Option(f"flare:{fmt_pos(q)}", f"Use the Flare centred on {fmt_pos(q)}", (space(q),)))
    for card in completable(g):
        ends = " and end your turn" if kb.base_id(card) == PREPARED else ""
        opts.append(Option(f"sidequest:{card}", f"Reveal Sidequest {g.card(card).name}{ends} "
                           f"(+{sidequest_grit(g, card)} Grit)", (Target("card", card),)))
    opts += treasure_options(g)
    for provider in g.meetings.option_providers:
        opts += provider(g)
    if not (on_pit(g, p) and any(o.id.startswith(("move:", "mapmove:")) for o in opts)):   # TR-29
        opts.append(Option("end:", "End your turn", (button("end_turn"),)))
    return opts


_BOW_UNLOADED = Reason("The Enchanted Bow shoots only while a Hero cube is on it.", "KN-85")
_BOW_SHOT = Reason("The Enchanted Bow has shot as often as its Hero cubes allow this turn.", "KN-85")
_BOW_FOREST = Reason("The Mushroom Forest stops the Enchanted Bow's shot.", "TR-26")


def check_bow_ready(g: Game, target: str) -> Reason | None:
    """KN-85/86: she holds the Enchanted Bow and a Hero cube on it has a shot left (one shot a
    cube; the house rule ``bow_once_per_turn``, one a turn).  ``target`` ("Dragon", "Thief")
    names what it would shoot."""
    k = kb.knight(g)
    bow = next((c for c in k.treasures if kb.base_id(c) == "enchanted_bow"), None)
    if bow is None:
        return Reason(f"You hold no Enchanted Bow: only it shoots the {target} from afar.", "KN-85")
    cubes = k.treasure_cubes.get(bow, 0)
    if not bow_shots_left(g, k.enchanted_bow_shots, cubes):
        return _BOW_UNLOADED if not cubes else _BOW_SHOT
    return None


def in_bow_line(here: Pos, there: Pos) -> bool:
    """KN-87: up to 5 spaces away in one of the 4 cardinal directions, whatever lies between."""
    return any(step(here, d, n) == there for d in DIRS for n in range(1, 6))


def check_enchanted_bow(g: Game, target: str, where: Pos | None,
                        also: Callable[[], Reason | None] | None = None) -> Reason | None:
    """KN-85..87 and TR-26, the one check of the Enchanted Bow's shot at ``target`` (the Dragon
    or the Thief) standing at ``where``: ready (:func:`check_bow_ready`), in a cardinal line up
    to 5 spaces away, then ``also`` (the target's own condition: the Thief's Stealth), and not
    out of or into the Mushroom Forest."""
    ready = check_bow_ready(g, target)
    if ready is not None:
        return ready
    if where is None or not in_bow_line(pos(g), where):
        return Reason("The Enchanted Bow shoots up to 5 spaces in a straight line, north, east, south or west: the "
                      f"{target} is not in line with you.", "KN-87")
    refused = also() if also is not None else None
    if refused is not None:
        return refused
    return _BOW_FOREST if forest_blocks(g, pos(g), where) else None


def check_attack_or_shot(g: Game, target: str, where: Pos | None, attack: Reason | None,
                         shot: Reason | None) -> Reason | None:
    """A click on the Dragon or the Thief in her turn: allowed if she may attack it (``attack``,
    its meeting's attack check) or shoot it with the Enchanted Bow (``shot``); else the
    attack's refusal — the Bow's when the target is away from her and her Bow has a shot left."""
    if attack is None or shot is None:
        return None
    bow_ready = check_bow_ready(g, target) is None
    return shot if bow_ready and where != pos(g) else attack


def bow_shots_left(g: Game, shots: int, cubes: int) -> bool:
    """AMB-41 (unresolved in the rules): one shot per Hero cube on the bow by default;
    the house rule ``bow_once_per_turn`` allows a single shot a turn."""
    if cubes <= 0:
        return False
    if "bow_once_per_turn" in g.setup.house_rules:
        return shots == 0
    return shots < cubes


def flare_centres(g: Game) -> list[Pos]:
    """Spaces worth centring the Flare on: any space (tile or open) with a Dark tile in
    its 3×3 area — elsewhere the roll could reveal nothing (the choice would be empty)."""
    tiles = g.state.board.tiles
    out: set[Pos] = set()
    for p, t in tiles.items():
        if t.dark:
            out.add(p)
            out.update(surrounding(p))
    return sorted(out)


# ----------------------------------------------------------------- her Encounters and Bombs (rule checks)
# Attacking and collecting on her tile (KN-24, KN-25, KN-29, KN-37, KN-62) and the Bomb on a
# wall (KN-72..78): one check per rule, the options built from them, a click on a token or a
# wall of her tile explained by the same call (``explain/why_not.py``).
def check_encounter(g: Game) -> Reason | None:
    """KN-37 (the Event token under her first), KN-24/29 (an attack or a pick-up takes an
    Encounter): may she open a new Encounter now?"""
    if kb.knight(g).must_resolve_event:
        return _ON_EVENT
    if encounters_left(g) < 1:
        return Reason(f"You have no Encounters left (Perception {kb.perception(g)}, all used): attacking or "
                      "collecting here needs one.", "KN-24")
    return None


def check_act(g: Game, stage: str) -> Reason | None:
    """KN-24: one Encounter covers attacks, then collecting, on her tile — the one she has
    open at that step covers it; otherwise it takes a new one (:func:`check_encounter`)."""
    k = kb.knight(g)
    if k.encounter_open and (stage == "collect" or k.encounter_stage == "attack"):
        return None
    return check_encounter(g)


def _can_act(g: Game, stage: str) -> bool:
    """KN-24: :func:`check_act` as a yes or no."""
    return check_act(g, stage) is None


def check_smash(g: Game) -> Reason | None:
    """KN-62, GEN-07: smashing a Crystal token on her tile is an attack with Strength of at
    least 3 (the difficulty may change it; a readied Javelin counts, KN-88), in an
    Encounter (:func:`check_act`)."""
    s, need = kb.attack_strength(g), g.config.smash_strength
    if s < need:
        return Reason(f"Your Strength {s} must be at least {need} to smash a Crystal token.", "KN-62")
    return check_act(g, "attack")


def check_on_tile(g: Game, thing: str, where: Pos | None) -> Reason | None:
    """KN-25: everything she attacks or collects is on her own tile."""
    here = pos(g)
    if where == here:
        return None
    if where is None:
        return Reason(f"The {thing} is not on the map: everything you attack or collect must be on your own tile.",
                      "KN-25")
    return Reason(f"The {thing} is at {fmt_pos(where)} and you are at {fmt_pos(here)}: everything you attack or "
                  "collect must be on your own tile.", "KN-25")


def check_token(g: Game, token: str, where: Pos) -> Reason | None:
    """A token she clicks in her turn: on her own tile (KN-25), then a Crystal is smashed
    (:func:`check_smash`) and a Treasure token collected (:func:`check_act`, KN-29)."""
    name = "Crystal token" if token == "crystal" else "Treasure token"
    return check_on_tile(g, name, where) or (check_smash(g) if token == "crystal" else check_act(g, "collect"))


_NO_BOMB_CUBE = Reason("Blowing up a wall puts a Hero cube on the Bomb, and you have no unplaced cube.", "KN-72")
_NO_BOMB_TOKEN = Reason("All 3 Bomb tokens are placed: no more walls can be blown up.", "KN-75")
_BOMB_ATTACKED = Reason("You Bomb-attacked the Dragon this turn: no Bomb on a wall in the same turn.", "KN-74")


def check_bomb(g: Game) -> Reason | None:
    """KN-75 (Bomb tokens left), KN-72 (a free Hero cube goes on the Bomb), KN-74 (not on
    the turn she Bomb-attacked the Dragon): may she blow up a wall at all now?"""
    k = kb.knight(g)
    if k.bombs_left <= 0:
        return _NO_BOMB_TOKEN
    if k.cubes_free <= 0:
        return _NO_BOMB_CUBE
    if k.bomb_attacked:
        return _BOMB_ATTACKED
    return None


def check_bomb_wall(g: Game, a: Pos, b: Pos) -> Reason | None:
    """THE check of a Bomb on the edge between ``a`` and ``b`` (KN-72..78): a wall of her own
    tile (KN-72), the Bomb usable now (:func:`check_bomb`), no Bomb token there already
    (KN-78), not a Rockslide, and a wall to blow up — hers, or a Lit neighbour's (a Dark
    tile shows its walls only once revealed)."""
    p = pos(g)
    if p not in (a, b):
        return Reason(f"A Bomb goes on a wall of your own tile, {fmt_pos(p)}: this edge lies between {fmt_pos(a)} and "
                      f"{fmt_pos(b)}.", "KN-72")
    q = b if a == p else a
    return check_bomb(g) or check_wall_to_bomb(g, p, q)


_NO_WALL = Reason("There is no wall on this edge of your tile to blow up.", "KN-72")
_DARK_WALL = Reason("Your tile has no wall on this edge, and the Dark tile beyond shows its walls only once it is "
                    "revealed.", "KN-72")


def check_wall_to_bomb(g: Game, p: Pos, q: Pos, d: int | None = None) -> Reason | None:
    """KN-72, KN-78: a wall to blow up between her tile ``p`` and ``q`` (in direction ``d``
    from ``p``, when the caller knows it) — no Bomb token on it already, not a Rockslide,
    her tile's wall or a Lit neighbour's (a Dark tile shows its walls only once revealed)."""
    e = edge(p, q)
    board = g.state.board
    if e in board.bombs:
        return Reason(f"There is a Bomb token on this wall already: the edge toward {fmt_pos(q)} stays open.", "KN-78")
    if e in board.rockslides:
        return Reason(f"A Rockslide token closes the edge toward {fmt_pos(q)}: a Bomb blows up walls, not Rockslides.",
                      "KN-72")
    if d is None:
        d = direction_between(p, q)
    if has_wall(g, p, d):
        return None
    beyond = board.tiles.get(q)
    if beyond is not None and beyond.lit:
        return None if has_wall(g, q, (d + 2) % 4) else _NO_WALL
    return _DARK_WALL if beyond is not None and beyond.dark else _NO_WALL


def bomb_options(g: Game) -> list[Option]:
    """KN-72..76: a Bomb token on a wall of her tile (:func:`check_bomb`, then
    :func:`check_wall_to_bomb` for each edge: :func:`check_bomb_wall` composed)."""
    if check_bomb(g) is not None:
        return []
    p = pos(g)
    out = []
    for d, q in adjacent(p):
        if check_wall_to_bomb(g, p, q, d) is None:
            a, b = edge(p, q)
            out.append(Option(f"bomb:{fmt_pos(q)}", f"Blow up the wall toward {fmt_pos(q)} with a Bomb token",
                              (Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}"),)))
    return out


# ----------------------------------------------------------------- actions
def open_encounter(g: Game, stage: str = "attack") -> None:
    k = kb.knight(g)
    k.encounters_used += 1
    k.encounter_open = True
    k.encounter_stage = stage
    here = pos(g)
    if here not in k.encounter_spaces:
        k.encounter_spaces.append(here)


def act_move(g: Game, arg: str, through_wall: bool = False) -> Proc:
    k = kb.knight(g)
    q = parse_pos(arg)
    p = pos(g)
    if g.state.board.tokens_at(p)["crystal"]:                                # Noble Failure (no Dragon)
        k.achievements.append(f"left_crystal:{fmt_pos(p)}")
    k.moved += 1
    k.encounter_open = False
    if through_wall:
        k.map_uses += 1
    g.state.board.pieces["knight"] = q
    if q not in k.visited:
        k.visited.append(q)
    g.log("move", f"The Knight moves to {fmt_pos(q)}{' through a wall' if through_wall else ''}.", piece="knight",
          frm=p, to=q)
    toks = g.state.board.tokens_at(q)
    for t in MONSTER_TOKENS:
        if toks[t]:  # beaten on entering (Goblin Infestation line C, provisional)
            toks[t] = 0
            g.state.monster_discard.append(t)   # VAR-44: the waiting card is discarded now
            g.log("monster_beaten", f"The Knight defeats the {t.title()} token.")
    if kind_at(g, q) == "river":                                             # TR-32: ride the current
        q = yield from ride(g, "knight", q, lambda r: knight_entry(g, r) is None)
        toks = g.state.board.tokens_at(q)
    if is_dark(g, q):
        open_encounter(g)
        yield from knight_reveal(g, q, None if through_wall else p)
    elif toks["event"] and g.state.event_deck:   # CV-39: ignored once every Event card is played
        open_encounter(g)
        yield from resolve_event_token(g, q)
    for hook in g.meetings.on_enter:
        yield from hook(g, q)
    yield from forced_attacks(g, q)
    check_knight_escape = g.hooks.flow.check_knight_escape
    check_knight_escape(g)


def forced_attacks(g: Game, q: Pos) -> Proc:
    """KN-46, KN-56/57: the attacks entering ``q`` forces (the surfaced Dragon, the
    revealed Tribes).  KN-24 and her player mat, "Resolve Attacks (any order)": when more
    than one is owed she chooses which to resolve first (then the next, until none is
    left); a single one is resolved without asking.  What is owed is asked again after
    each attack (an attack can change what is left: the game may end, a Tribe scatter)."""
    done: set[str] = set()
    while True:
        owed = [(f, due) for f in g.meetings.forced if f.key not in done and (due := f.due(g, q)) is not None]
        if not owed:
            return
        pick = owed[0][0]
        if len(owed) > 1:
            opts = [Option(f"first:{f.key}", f"Resolve first: {label}", targets) for f, (label, targets) in owed]
            choice = yield g.ask("knight", DecisionKind.ATTACK_ORDER, f"Entering {fmt_pos(q)} forces {len(owed)} attacks: "
                                 "which do you resolve first?", opts, rules_ref="knight.encounters")
            pick = next(f for f, _ in owed if f"first:{f.key}" == choice.id)
        done.add(pick.key)
        yield from pick.resolve(g, q)


def act_leave(g: Game, arg: str) -> Proc:
    """TR-12: a Dark tile goes on the open space, then she enters, reveals and resolves it."""
    yield from place_under(g, parse_pos(arg), "knight")
    if parse_pos(arg) in g.state.board.tiles:
        yield from act_move(g, arg)


def act_mapmove(g: Game, arg: str) -> Proc:
    yield from act_move(g, arg, through_wall=True)


def knight_reveal(g: Game, q: Pos, came_from: Pos | None) -> Proc:
    """KN-31..43: reveal, place, fill, resolve, then +1 Grit (KN-34)."""
    kind = yield from reveal_one(g, q, "knight", came_from, knight_entered=True)
    if kind == "event":
        yield from play_event(g)
    elif kind == "ambush":
        yield from resolve_ambush(g, "tile")
    kb.gain_grit(g, g.rules.knight.grit["reveal_tile"], "revealed a tile")


def resolve_event_token(g: Game, q: Pos) -> Proc:
    """KN-36: an Event token resolves like an Event tile, then leaves the map."""
    k = kb.knight(g)
    toks = g.state.board.tokens_at(q)
    toks["event"] -= 1
    return_token(g, "event")
    k.must_resolve_event = False
    g.log("event_token", f"The Knight resolves the Event token at {fmt_pos(q)}.")
    yield from play_event(g)


def act_resolve_event(g: Game, arg: str) -> Proc:
    open_encounter(g)
    yield from resolve_event_token(g, pos(g))


def act_cube(g: Game, arg: str) -> Proc:
    kb.assign_cube(g, arg)
    return
    yield


def act_smash(g: Game, arg: str) -> Proc:
    """KN-62: Strength ≥ 3 (difficulty may change it) smashes a Crystal token, +2 Grit."""
    k = kb.knight(g)
    if not (k.encounter_open and k.encounter_stage == "attack"):
        open_encounter(g)
    p = pos(g)
    g.state.board.tokens_at(p)["crystal"] -= 1
    k.achievements.append(f"smashed_at:{fmt_pos(p)}")                        # Noble Failure (no Dragon)
    k.smashed += 1
    g.state.crystals_smashed_total += 1
    g.log("smash", f"The Knight smashes the Crystal at {fmt_pos(p)} ({k.smashed} smashed).", pos=p)
    kb.gain_grit(g, g.rules.knight.grit["smash_crystal"], "smashed a Crystal")
    kb.spend_javelin(g)                 # GEN-07: a smash is an attack, so a readied Javelin is used (KN-88)
    yield from gauntlet_smash(g)        # KN-97: on top of the smash, the Cave discards an Omen token


def act_collect(g: Game, arg: str) -> Proc:
    """KN-63..69: collect a Treasure token; the Cave (or the deck) gives a card."""
    k = kb.knight(g)
    if not k.encounter_open:
        open_encounter(g, "collect")
    k.encounter_stage = "collect"
    p = pos(g)
    g.state.board.tokens_at(p)["treasure"] -= 1
    return_token(g, "treasure")
    k.treasures_collected += 1
    g.log("collect", f"The Knight collects the Treasure token at {fmt_pos(p)}.", pos=p)
    yield from receive_treasure(g, token=True)


def act_bomb(g: Game, arg: str) -> Proc:
    k = kb.knight(g)
    q = parse_pos(arg)
    p = pos(g)
    k.cubes_free -= 1
    k.equip["bomb"] += 1
    k.bombs_left -= 1
    k.bombed_wall = True
    g.state.board.bombs.add(edge(p, q))
    g.log("bomb", f"The Knight blows up the wall between {fmt_pos(p)} and {fmt_pos(q)} "
          f"({k.bombs_left} Bomb token(s) left).", edge=[p, q])
    yield from fill_open_edges(g, "knight")  # KN-76


def act_flare(g: Game, arg: str) -> Proc:
    kb.knight(g).flare_used = True
    yield from use_flare(g, "knight", parse_pos(arg))


def use_flare(g: Game, role: str, center: Pos) -> Proc:
    """Flare variant card: roll the Dragon die at a space and reveal the affected Dark
    tiles (no Encounter; the Knight gains Grit as usual; RV-05)."""
    g.log("flare", f"The {role.title()} uses the Flare at {fmt_pos(center)}.")
    _, affected, _ = roll_dragon_die(g, center, f"The {role.title()}", "Flare")
    dark = [p for p in affected if is_dark(g, p)]

    def grit(game: Game, p: Pos, kind: str) -> None:
        if role == "knight":
            kb.gain_grit(game, game.rules.knight.grit["reveal_tile"], "revealed a tile")

    yield from reveal_group(g, dark, role, after_each=grit)


def act_sidequest(g: Game, arg: str) -> Proc:
    reveal_sidequest(g, arg)
    return
    yield


def act_treasure(g: Game, arg: str) -> Proc:
    yield from use_treasure(g, arg)


ACTIONS = MappingProxyType({
    "move": act_move,
    "mapmove": act_mapmove,
    "leave": act_leave,
    "cube": act_cube,
    "smash": act_smash,
    "collect": act_collect,
    "resolve_event": act_resolve_event,
    "bomb": act_bomb,
    "flare": act_flare,
    "sidequest": act_sidequest,
    "treasure": act_treasure,
})


def tile_kind_here(g: Game) -> str:
    return tile_type(g, pos(g))


def direction_word(a: Pos, b: Pos) -> int:
    return direction_between(a, b)

