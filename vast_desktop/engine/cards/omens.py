"""The Cave's Omen tokens and its six omens (CV-12..34).

Omen tokens are drawn from the bag by the Treasure + Crystal tokens on the map
(CV-12); an omen is paid with any mix of its three accepted symbols (CV-16) at its
cost — Hatred and Past Plunder escalate 1/2/3 within a turn (CV-18/19).  An omen is
offered only when it can be paid and has a legal target.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations_with_replacement, repeat
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target, slot, space
from ..geometry import Pos, adjacent, edge, fmt_pos, manhattan, parse_pos
from ..kinds import DecisionKind
from ..map.board import (
    check_hand_tile,
    check_placement_space,
    clear_edge_tokens,
    distinct_rotations,
    draw_to_cave_hand,
    edge_blocked,
    fill_open_edges,
    hand_choices,
    has_placement_space,
    is_lit,
    piece_name,
    place_tile,
    placement_spaces,
    rotation_label,
    take_token,
    tile_type,
    tile_walls,
)
from ..map.collapse import check_hatred_removal, has_hatred_candidate, hatred_candidates
from ..map.forced import can_be_pushed, check_pushed_to, entered, reachable
from ..map.hand_names import hand_names
from ..map.terrain import in_forest
from ..option_ids import arg_list, arg_of, at
from ..reasons import Reason
from ..roles.knight.board import forced_reach, shield_active

if TYPE_CHECKING:
    from ...rules_data import Omen
    from ..game import Game, Proc


def _cave(g: Game):
    c = g.state.cave
    assert c is not None
    return c


def draw_omens(g: Game, n: int, why: str) -> None:
    """Draw Omen tokens from the bag at random (a barrier); the bag may run dry."""
    bag = g.state.omen_bag
    got: list[str] = []
    for _ in range(n):
        pool = sorted(bag.elements())
        if not pool:
            break
        sym = pool[g.rng.randrange(len(pool))]
        bag[sym] -= 1
        _cave(g).omens[sym] += 1
        got.append(sym)
    g.log("omens", f"The Cave draws {len(got)} Omen token(s) ({why}): {', '.join(got) or 'none'}.", symbols=got)


def discard_omens(g: Game, n: int, who: str, kind: DecisionKind, rules_ref: str) -> Proc:
    """The Cave discards ``n`` Omen tokens of its choice back to the bag, one question each,
    as ``who`` makes it ("Hex", "Silver Gauntlet", "The Warlock's Wand"); it stops when the
    Cave holds none."""
    cave = _cave(g)
    for _ in range(n):
        syms = sorted(s for s, k in cave.omens.items() if k > 0)
        if not syms:
            return
        opts = [Option(f"omen:{s}", f"Discard a {s} token") for s in syms]
        choice = yield g.ask("cave", kind, f"{who}: discard an Omen token", opts, rules_ref=rules_ref)
        sym = arg_of(choice.id)
        cave.omens[sym] -= 1
        g.state.omen_bag[sym] += 1
        g.log("omen_discarded", f"{who}: the Cave discards a {sym} Omen token.")


def collect_omens(g: Game) -> None:
    """Phase 1 (CV-12, CV-14): by Treasure + Crystal tokens on the map (carried ones count, CV-13)."""
    board = g.state.board
    n = board.count_tokens("treasure") + board.count_tokens("crystal") + g.config.carried_treasure(g)
    draw_omens(g, g.rules.omens_for(n), f"{n} Treasure and Crystal tokens on the map")


def omen_cost(g: Game, omen_id: str) -> int:
    return _cost(g, _omen(g, omen_id))


def _cost(g: Game, omen: Omen) -> int:
    """CV-18/19: the omen's cost now (Hatred and Past Plunder escalate within a turn)."""
    uses = _cave(g).omen_uses.get(omen.id, 0)
    return omen.costs[min(uses, len(omen.costs) - 1)]


def _omen(g: Game, omen_id: str):
    return g.rules.omen(omen_id)


def payments(g: Game, omen_id: str) -> list[tuple[str, ...]]:
    """Every distinct way to pay the omen from the Cave's tokens."""
    omen = _omen(g, omen_id)
    cost = omen_cost(g, omen_id)
    have = _cave(g).omens
    out = []
    for combo in combinations_with_replacement(sorted(omen.accepts), cost):
        need = Counter(combo)
        if all(have[s] >= k for s, k in need.items()):
            out.append(combo)
    return out


# ----------------------------------------------------------------- targets (rule checks)
_NOT_DARK = Reason("A Treasure token goes on a Dark tile, and this space is not one.", "CV-09")
_NO_TREASURE_LEFT = Reason("All the Treasure tokens are placed: none is left in the supply.", "CV-10")


def check_treasure_space(g: Game, q: Pos) -> Reason | None:
    """CV-09, CV-10, CV-20/22: a Treasure token goes on a Dark tile with no player piece and
    no Treasure token, while one is left in the supply (Place Treasure and Past Plunder)."""
    board = g.state.board
    t = board.tiles.get(q)
    if t is None or not t.dark:
        return _NOT_DARK
    if q in board.pieces.values():
        return Reason(f"A player piece is on {fmt_pos(q)}: a Treasure token goes on a Dark tile without one.", "CV-09")
    toks = board.tokens.get(q)
    if toks and toks["treasure"]:
        return Reason(f"There is a Treasure token on {fmt_pos(q)} already.", "CV-09")
    if g.state.supply["treasure"] <= 0:
        return _NO_TREASURE_LEFT
    return None


def _treasure_spaces_left(g: Game) -> Iterator[Pos]:
    """The spaces :func:`check_treasure_space` allows (lazily: a menu only asks whether
    there is one; none at all once the supply is empty)."""
    if g.state.supply["treasure"] > 0:
        for p in sorted(g.state.board.tiles):
            if check_treasure_space(g, p) is None:
                yield p


def treasure_targets(g: Game) -> list[Pos]:
    return list(_treasure_spaces_left(g))


def _bats_movers(g: Game) -> Iterator[tuple[str, Pos]]:
    """Giant Bats (CV-21): a Treasure token, the Knight (unless her Shield is up, FM-17)
    or a Tribe (lazily: "has the omen a target?" stops at the first that can be moved)."""
    board = g.state.board
    if "knight" in board.pieces and not in_forest(g, board.pieces["knight"]):     # TR-26: Giant Bats
        if not shield_active(g):
            yield ("knight", board.pieces["knight"])
    for piece, p in sorted(board.pieces.items()):
        if piece.startswith("tribe:") and not in_forest(g, p):
            yield (piece, p)
    for p in sorted(p for p, toks in board.tokens.items() if toks.get("treasure")):
        yield ("token:treasure", p)


BATS_REACH = 3                                   # CV-21: Giant Bats carry a piece up to 3 spaces


def bats_reach(g: Game, piece: str) -> int:
    """How far Giant Bats may carry ``piece``: 3 spaces (CV-21), 6 for the Knight with the
    Cursed Amulet (VAR-17, ``knight.board.forced_reach``)."""
    return forced_reach(g, piece, BATS_REACH)


def _bats_far(g: Game) -> str:
    """How far Giant Bats carry, as a reason says it: the Knight's doubled reach named when
    the Cursed Amulet doubles it (VAR-17)."""
    doubled = bats_reach(g, "knight")
    return (f"up to {BATS_REACH} spaces" if doubled == BATS_REACH else
            f"up to {BATS_REACH} spaces (the Knight, with her Cursed Amulet, up to {doubled})")


def bats_targets(g: Game) -> Iterator[Option]:
    """Giant Bats (CV-21): carry a mover up to 3 spaces under Forced Movement (the Knight
    up to 6 with the Cursed Amulet, VAR-17)."""
    for piece, p in _bats_movers(g):
        name = "Treasure token" if piece.startswith("token:") else piece.replace("tribe:", "").title()
        frm, here = fmt_pos(p), space(p)
        for q in sorted(reachable(g, piece, p, max_steps=bats_reach(g, piece))):
            if q == p:
                continue
            to = fmt_pos(q)
            yield Option(f"bats:{piece}@{frm}>{to}", f"Carry the {name} from {frm} to {to}", (here, space(q)))


def _carry_block(g: Game, piece: str, p: Pos, q: Pos) -> str:
    """Why Giant Bats cannot carry ``piece`` from ``p`` to stop on ``q``, set inside another
    sentence: more than 3 spaces (CV-21; 6 for the Knight with the Cursed Amulet, VAR-17),
    else the map's Forced Movement check (:func:`..map.forced.check_pushed_to`: FM-04..10,
    TR-17, TR-29)."""
    reach = bats_reach(g, piece)
    if manhattan(p, q) > reach:
        why = f"{fmt_pos(q)} is {manhattan(p, q)} spaces from {fmt_pos(p)}, more than {reach}"
    else:
        found = check_pushed_to(g, piece, p, q, reach)
        why = (found.text if found is not None
               else f"Every way from {fmt_pos(p)} to {fmt_pos(q)} crosses a space it may not pass")
    return why[:1].lower() + why[1:].rstrip(".")


def check_bats_space(g: Game, q: Pos) -> Reason | None:
    """CV-21 (Giant Bats carry a Treasure token, the Knight or a Tribe up to 3 spaces by
    Forced Movement, FM-04..10), FM-17 (her Shield), TR-26 (the Mushroom Forest): may ``q``
    be clicked for Giant Bats — the space of a piece they can carry somewhere, or a space
    one of them can be carried to (the spaces of :func:`bats_targets`)."""
    if q not in g.state.board.tiles:
        return Reason(f"{fmt_pos(q)} is an open space: nothing is carried onto one.", "CV-21")
    movers = list(_bats_movers(g))                   # a generator: walked twice here
    here = [piece for piece, p in movers if p == q]
    if any(set(reachable(g, piece, q, max_steps=bats_reach(g, piece))) - {q} for piece in here):
        return None
    if any(p != q and q in reachable(g, piece, p, max_steps=bats_reach(g, piece)) for piece, p in movers):
        return None
    pieces = g.state.board.pieces_at(q)
    if here:
        why = "; ".join(_carry_block(g, here[0], q, n) for _, n in adjacent(q))
        return Reason(f"The {' and '.join(piece_name(m) for m in here)} on {fmt_pos(q)} cannot be carried anywhere "
                      f": {why}.", "CV-21")
    if in_forest(g, q) and any(x == "knight" or x.startswith("tribe:") for x in pieces):
        return Reason(f"The Mushroom Forest shelters the pieces on {fmt_pos(q)} from Giant Bats.", "TR-26")
    if "knight" in pieces and shield_active(g):
        return Reason("The Knight's Shield is up: she ignores effects that would move her.", "FM-17")
    other = [x for x in pieces if x in ("dragon", "thief")]
    if other:
        return Reason(f"Giant Bats carry the Knight, a Tribe or a Treasure token: the {piece_name(other[0])} on "
                      f"{fmt_pos(q)} is none of them.", "CV-21")
    near = [(piece, p) for piece, p in movers if p != q and manhattan(p, q) <= bats_reach(g, piece)]
    if not near:
        return Reason(f"Giant Bats carry the Knight, a Tribe or a Treasure token {_bats_far(g)}, and none of "
                      f"them is {'within 3 spaces of' if bats_reach(g, 'knight') == BATS_REACH else 'that near'} "
                      f"{fmt_pos(q)}.", "CV-21")
    blocks = "; ".join(f"the {piece_name(piece)} at {fmt_pos(p)}: {_carry_block(g, piece, p, q)}" for piece, p in near[:3])
    more = f" (and {len(near) - 3} more)" if len(near) > 3 else ""
    return Reason(f"Giant Bats carry the Knight, a Tribe or a Treasure token {_bats_far(g)} by Forced Movement, "
                  f"and none can be carried to {fmt_pos(q)}: {blocks}{more}.", "CV-21")


_ROCKSLIDE_OFF_MAP = Reason("A Rockslide goes on an edge between two tiles of the map.", "CV-23")
_ROCKSLIDE_DARK = Reason("A Rockslide goes next to a revealed tile: both of these are Dark.", "CV-27")
_ROCKSLIDE_THERE = Reason("There is a Rockslide on this edge already.", "CV-23")
_ROCKSLIDE_WALL = Reason("A wall closes this edge already: a Rockslide goes on an edge with no wall.", "CV-27")


def check_rockslide_edge(g: Game, a: Pos, b: Pos) -> Reason | None:
    """CV-23 (an edge between two tiles, not one with a Rockslide already), CV-27 (at least
    one of them revealed, and no wall there; a bombed wall is open, CV-30)."""
    tiles = g.state.board.tiles
    if a not in tiles or b not in tiles:
        return _ROCKSLIDE_OFF_MAP
    if not (is_lit(g, a) or is_lit(g, b)):
        return _ROCKSLIDE_DARK
    if edge(a, b) in g.state.board.rockslides:
        return _ROCKSLIDE_THERE
    if edge_blocked(g, a, b):
        return _ROCKSLIDE_WALL
    return None


def rockslide_edges(g: Game) -> Iterator[tuple[Pos, Pos]]:
    """The edges :func:`check_rockslide_edge` allows, each once."""
    tiles = g.state.board.tiles
    for p in sorted(tiles):
        for _d, q in adjacent(p):
            if p < q and q in tiles and check_rockslide_edge(g, p, q) is None:
                yield edge(p, q)


def rockslide_options(g: Game) -> Iterator[Option]:
    board = g.state.board
    if g.state.supply["rockslide"] > 0:
        for a, b in rockslide_edges(g):
            yield (Option(f"rockslide:place:{fmt_pos(a)}|{fmt_pos(b)}", f"Rockslide between {fmt_pos(a)} and {fmt_pos(b)}",
                               (Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}"),)))
    else:  # all three out: move one
        free = [(e, Target("edge", e)) for e in (f"{fmt_pos(a)}|{fmt_pos(b)}" for a, b in rockslide_edges(g))]
        for old in sorted(board.rockslides):
            frm = f"{fmt_pos(old[0])}|{fmt_pos(old[1])}"
            for to, target in free:      # each edge formatted once, its target shared
                yield Option(f"rockslide:move:{frm}>{to}", f"Move the Rockslide at {frm} to {to}", (target,))


_HATRED_REMOVES = Reason("During the Collapse, Hatred removes a tile instead of placing one.", "CV-25")
_NO_SPACE = Reason("No open space is left next to the map for a new tile.", "MAP-34")


def check_hatred_space(g: Game, q: Pos) -> Reason | None:
    """CV-25, CV-20: Hatred places a tile like Shape the Cave (MAP-34) or, during the
    Collapse, removes one by the Collapse's order (COL-26, :func:`check_hatred_removal`)."""
    if g.state.collapse:
        return check_hatred_removal(g, q)
    return check_placement_space(g, q)


def check_hatred_hand_tile(g: Game, tile_id: str) -> Reason | None:
    """CV-25, CV-20, CV-04: the tile Hatred places comes from the Cave's hand, Crystal tiles
    first on its own turn; during the Collapse Hatred removes instead."""
    if g.state.collapse:
        return _HATRED_REMOVES
    return (check_hand_tile(g, tile_id, g.state.active == "cave")
            or (None if has_placement_space(g) else _NO_SPACE))


def hatred_options(g: Game) -> Iterator[Option]:
    """Hatred (CV-25): place a tile from hand (Crystal first on the Cave's turn), or
    during the Collapse remove one by the normal priorities (AMB-60) — the targets
    :func:`check_hatred_space` and :func:`check_hatred_hand_tile` allow.  Great/Grand
    Cave may instead remove a Hatred token (DIF-14/15)."""
    cave = _cave(g)
    if g.state.collapse:
        yield from (Option(f"hatred:remove:{fmt_pos(p)}", f"Collapse the tile at {fmt_pos(p)}", (space(p),))
                 for p in hatred_candidates(g))
    elif cave.hand:
        spaces = [(fmt_pos(q), space(q)) for q in placement_spaces(g)]
        choices = hand_choices(g, g.state.active == "cave")
        names = hand_names(g, choices)
        for tile_id in choices:
            from_hand = Target("hand_tile", tile_id, drag_from=f"hand:{tile_id}")    # one per tile, shared
            for where, target in spaces:
                yield Option(f"hatred:place:{tile_id}@{where}", f"Place the {names[tile_id]} at {where}", (target, from_hand))
    if cave.hatred_tokens > 0:
        yield (Option("hatred:token", f"Remove a Hatred token ({cave.hatred_tokens} left)"))


def curse_rotations(g: Game, p: Pos) -> Iterator[int]:
    """CV-26: the turns the Crystal Curse may give the tile at ``p`` — a Lit tile (never the
    Entrance), to any orientation that changes its walls (lazily: "is there one?" stops at
    the first)."""
    board = g.state.board
    t = board.tiles.get(p)
    if t is None or not t.lit or p == board.entrance:
        return
    now = tile_walls(g, t.tile_id, t.rot)
    for r in distinct_rotations(g, t.tile_id):
        if tile_walls(g, t.tile_id, r) != now:
            yield r


def curse_event(g: Game, p: Pos) -> bool:
    """CV-26: the Crystal Curse may put an Event token on the Lit Event tile at ``p`` with
    none (while the Knight plays and a token is left)."""
    return (is_lit(g, p) and tile_type(g, p) == "event" and g.has("knight") and g.state.supply["event"] > 0
            and not g.state.board.tokens_at(p)["event"])


_CURSE_ENTRANCE = Reason("The Crystal Curse never turns the Entrance.", "CV-26")


def check_curse_space(g: Game, p: Pos) -> Reason | None:
    """CV-26: a space the Crystal Curse acts on — a Lit tile it can turn
    (:func:`curse_rotations`) or an Event tile it can mark (:func:`curse_event`)."""
    if next(curse_rotations(g, p), None) is not None or curse_event(g, p):
        return None
    if p == g.state.board.entrance:
        return _CURSE_ENTRANCE
    if not is_lit(g, p):
        return Reason(f"The Crystal Curse turns a Lit tile or marks a Lit Event tile, and {fmt_pos(p)} is not Lit.",
                      "CV-26")
    return Reason(f"The tile at {fmt_pos(p)} has no other way to turn, and no Event token can go there.", "CV-26")


def curse_options(g: Game) -> Iterator[Option]:
    """Crystal Curse (CV-26): rotate a Lit tile, put an Event token on an empty Event
    tile, or move the top 3 Event cards to the bottom."""
    board = g.state.board
    spaces = sorted(board.tiles)
    for p in spaces:
        for r in curse_rotations(g, p):
            where = fmt_pos(p)
            yield (Option(f"curse:rotate:{where}:{r}",
                          f"Rotate {where} to {rotation_label(g, board.tiles[p].tile_id, r)}", (space(p),)))
    for p in spaces:
        if curse_event(g, p):
            yield (Option(f"curse:event:{fmt_pos(p)}", f"Put an Event token on {fmt_pos(p)}", (space(p),)))
    if len(g.state.event_deck) > 3:
        yield (Option("curse:events_bottom", "Move the top 3 Event cards to the bottom of the deck"))



SPORES_OPTIONS = MappingProxyType({"knight": ("The Knight loses 5 Grit", Target("piece", "knight")),
                                   "goblins": ("The Goblins cut a Tribe to 1 Population", Target("slot", "goblins")),
                                   "dragon": ("The Dragon returns a Sloth cube from Wakefulness", Target("piece", "dragon")),
                                   "thief": ("The Thief loses an upgrade", Target("slot", "thief.upgrades")),
                                   "ghoul": ("The Ghoul loses 1 Fury (and skitters)", Target("piece", "ghoul"))})


def check_spores_target(g: Game, role: str) -> Reason | None:
    """Soporific Spores (CV-24): may they target the player ``role`` — another player with
    something to lose: the Knight Grit, the Goblins a Tribe above 1 Population (CV-31), the
    Dragon a Wakefulness cube that can go back, the Thief an upgrade (the Cave may always
    target him, CV-44: no Perception)."""
    st = g.state
    if role == "cave":
        return Reason("Soporific Spores target another player, not the Cave.", "CV-24")
    if role == "vile_ghoul" and st.ghoul is not None and st.ghoul.piece == "vile_ghoul":
        # GH-36 takes 1 Fury from the Ghoul; the Vile Ghoul keeps no Fury (VG-15), and its
        # section names nothing else for the Spores to take: they cannot target it (our reading).
        return Reason("The Vile Ghoul keeps no Fury (it draws a Terror card for each attack and every 2 "
                      "Treasures instead), so Soporific Spores have nothing to take from it.", "VG-15")
    present = {"knight": g.has("knight") and st.knight is not None, "goblins": st.goblins is not None,
               "dragon": st.dragon is not None, "thief": st.thief is not None,
               "ghoul": st.ghoul is not None and st.ghoul.piece == "ghoul"}
    if not present.get(role):
        return Reason(f"The {piece_name(role)} is not in this game.", "CV-24")
    if role == "knight" and (st.knight is None or st.knight.grit <= 0):
        return Reason("The Knight has no Grit left to lose to Soporific Spores.", "CV-24")
    if role == "goblins" and (st.goblins is None or max(st.goblins.population.values()) <= 1):
        pops = st.goblins.population if st.goblins is not None else {}
        return Reason(f"No Tribe has more than 1 Population ({', '.join(f'{k.title()} {v}' for k, v in pops.items())}): "
                      "Soporific Spores have no Tribe to cut.", "CV-24")
    if role == "dragon" and (st.dragon is None or not g.hooks.dragon.spores_boxes(g)):
        return Reason("The Dragon has no Wakefulness cube that can go back to a Sloth box.", "CV-24")
    if role == "thief" and (st.thief is None or not st.thief.upgrades):
        return Reason("The Thief has no upgrade to lose.", "CV-24")
    if role == "ghoul" and (st.ghoul is None or st.ghoul.fury <= 0 or "ghoul" not in st.board.pieces):
        return Reason("The Ghoul has no Fury to lose to Soporific Spores (or is not on the map).", "GH-36")
    return None


def spores_options(g: Game) -> Iterator[Option]:
    """Soporific Spores (CV-24): target a player :func:`check_spores_target` allows."""
    for role, (label, target) in SPORES_OPTIONS.items():
        if check_spores_target(g, role) is None:
            yield Option(f"spores:{role}", label, (target,))


def plunder_options(g: Game) -> Iterator[Option]:
    yield from (Option(at("plunder", p), f"Place a Treasure token at {fmt_pos(p)}", (space(p),))
                for p in _treasure_spaces_left(g))


TARGETS: MappingProxyType[str, Callable[[Game], Iterator[Option]]] = MappingProxyType({
    "giant_bats": bats_targets,
    "rockslide": rockslide_options,
    "past_plunder": plunder_options,
    "soporific_spores": spores_options,
    "hatred": hatred_options,
    "crystal_curse": curse_options,
})


def _has_bats_target(g: Game) -> bool:
    return any(can_be_pushed(g, piece, p, max_steps=bats_reach(g, piece)) for piece, p in _bats_movers(g))


def _has_rockslide_target(g: Game) -> bool:
    """A free edge, and a Rockslide to drop there: from the supply or, all three out, one
    to move (CV-23, CV-27) — without listing every edge."""
    if g.state.supply["rockslide"] <= 0 and not g.state.board.rockslides:
        return False
    return next(rockslide_edges(g), None) is not None


def _has_hatred_target(g: Game) -> bool:
    """A Hatred token to remove answers at once; during the Collapse, whether any tile
    could go; else a tile in hand and an open space beside the map (the targets are
    costly to list)."""
    cave = _cave(g)
    if cave.hatred_tokens > 0:
        return True
    if g.state.collapse:
        return has_hatred_candidate(g)
    return bool(cave.hand) and has_placement_space(g)


# Faster answers to "has this omen any target?" where listing the targets is costly.
HAS_TARGET: MappingProxyType[str, Callable[[Game], bool]] = MappingProxyType({
    "giant_bats": _has_bats_target, "hatred": _has_hatred_target, "rockslide": _has_rockslide_target})


def has_target(g: Game, omen_id: str) -> bool:
    test = HAS_TARGET.get(omen_id)
    return test(g) if test is not None else next(iter(TARGETS[omen_id](g)), None) is not None


def can_pay(g: Game, omen_id: str) -> bool:
    return _payable(g, _omen(g, omen_id))


def _payable(g: Game, omen: Omen) -> bool:
    """CV-16: enough of the omen's three accepted symbols, in any mix."""
    return _paying(g, omen) >= _cost(g, omen)


def _paying(g: Game, omen: Omen) -> int:
    """The Cave's Omen tokens that can pay for ``omen`` (CV-16: any of its three symbols)."""
    have = _cave(g).omens
    accepts = omen.accepts
    return sum(map(have.get, accepts, repeat(0, len(accepts))))     # have.get(s, 0) for each, at C speed


OMEN_RULES = MappingProxyType({"giant_bats": "CV-21", "past_plunder": "CV-22", "rockslide": "CV-23", "soporific_spores": "CV-24",
                               "hatred": "CV-25", "crystal_curse": "CV-26"})


def check_omen(g: Game, omen_id: str) -> Reason | None:
    """CV-15/16/18: the Cave uses an omen by paying its cost (escalating for Hatred and Past
    Plunder) in any mix of its symbols; and only with something for it to act on."""
    return _check_omen(g, _omen(g, omen_id))


def _check_omen(g: Game, omen: Omen) -> Reason | None:
    cost, paying = _cost(g, omen), _paying(g, omen)
    if paying < cost:                                                   # _payable
        return _cost_reason(omen.name, omen.accepts, cost, paying)
    if not has_target(g, omen.id):
        return Reason(f"You could pay for {omen.name}, but it has nothing to act on now.", OMEN_RULES[omen.id])
    return None


@lru_cache(maxsize=256)
def _cost_reason(name: str, accepts: tuple[str, ...], cost: int, paying: int) -> Reason:
    """CV-16's refusal (cached: the menu asks it of every omen the Cave cannot pay, at every
    decision of its turn; a pure function of its arguments)."""
    return Reason(f"{name} costs {cost} Omen token{'s' if cost != 1 else ''} of "
                  f"{', '.join(s.title() for s in accepts)}; you have {paying} of those.", "CV-16")


def omen_menu(g: Game) -> list[Option]:
    """The omens :func:`check_omen` allows now."""
    return [Option(f"omen:{omen.id}", f"Use {omen.name} (cost {_cost(g, omen)})", (slot(f"cave.omen.{omen.id}"),))
            for omen in g.rules.omens if _check_omen(g, omen) is None]


def use_omen(g: Game, omen_id: str) -> Proc:
    cave = _cave(g)
    pays = payments(g, omen_id)
    if len(pays) == 1:
        pay = pays[0]
    else:
        opts = [Option("pay:" + ",".join(p), "Pay with " + ", ".join(p)) for p in pays]
        choice = yield g.ask("cave", DecisionKind.PAY_OMEN, f"Pay for {_omen(g, omen_id).name}: choose the Omen tokens", opts,
                             rules_ref="cave.omens")
        pay = arg_list(choice.id)
    targets = list(TARGETS[omen_id](g))
    for sym in pay:
        cave.omens[sym] -= 1
        g.state.omen_bag[sym] += 1
    cave.omen_uses[omen_id] += 1
    g.log("omen", f"The Cave uses {_omen(g, omen_id).name}, paying {', '.join(pay)}.", omen=omen_id)
    choice = yield g.ask("cave", DecisionKind.omen(omen_id), f"{_omen(g, omen_id).name}: choose the target", targets,
                         rules_ref=f"cave.omen.{omen_id}")
    yield from EFFECTS[omen_id](g, arg_of(choice.id))


# ----------------------------------------------------------------- effects
def _bats(g: Game, arg: str) -> Proc:
    piece, _, rest = arg.partition("@")
    frm_s, _, to_s = rest.partition(">")
    frm, to = parse_pos(frm_s), parse_pos(to_s)
    board = g.state.board
    if piece == "token:treasure":
        board.tokens_at(frm)["treasure"] -= 1
        board.tokens_at(to)["treasure"] += 1
    else:
        board.pieces[piece] = to
    g.log("forced_move", f"Giant Bats carry the {piece_name(piece)} from {fmt_pos(frm)} to {fmt_pos(to)}.",
          piece=piece, frm=frm, to=to)
    if piece != "token:treasure":
        yield from entered(g, piece, to, frm)                             # FM-06, FM-15


def place_treasure_token(g: Game, p: Pos) -> None:
    if take_token(g, "treasure"):
        g.state.board.tokens_at(p)["treasure"] += 1
        g.log("treasure_placed", f"The Cave places a Treasure token at {fmt_pos(p)}.", pos=p)


def _plunder(g: Game, arg: str) -> Proc:
    place_treasure_token(g, parse_pos(arg))
    return
    yield


def _rockslide(g: Game, arg: str) -> Proc:
    a_s, _, b_s = arg.partition("|")
    e = edge(parse_pos(a_s), parse_pos(b_s))
    g.state.supply["rockslide"] -= 1
    g.state.board.rockslides.add(e)
    g.log("rockslide", f"The Cave drops a Rockslide between {a_s} and {b_s}.", edge=list(e))
    return
    yield


def _rockslide_move(g: Game, arg: str) -> Proc:
    old_s, _, new_s = arg.partition(">")
    oa, _, ob = old_s.partition("|")
    na, _, nb = new_s.partition("|")
    board = g.state.board
    board.rockslides.discard(edge(parse_pos(oa), parse_pos(ob)))
    board.rockslides.add(edge(parse_pos(na), parse_pos(nb)))
    g.log("rockslide", f"The Cave moves a Rockslide from {old_s} to {new_s}.")
    return
    yield


def _spores(g: Game, arg: str) -> Proc:
    if arg == "knight":
        from ..roles.knight.board import lose_grit
        yield from lose_grit(g, 5, "Soporific Spores")
    elif arg == "goblins":
        spores = g.hooks.goblins.spores
        yield from spores(g)
    elif arg == "dragon":
        dragon_spores = g.hooks.dragon.spores
        yield from dragon_spores(g)
    elif arg == "thief":
        yield from thief_spores(g)
    elif arg == "ghoul":                                   # GH-36: 1 Fury, no Terror card; it skitters (GH-31)
        gh = g.state.ghoul
        assert gh is not None
        gh.fury -= 1
        g.log("spores", f"Soporific Spores: the Ghoul loses 1 Fury (Fury {gh.fury}).")
        yield from g.hooks.ghoul.skitter(g, "cave")


FLIP_UNDO = MappingProxyType({"flip_2_to_3": 0, "flip_3_to_4": 1})      # the Stat token each flip turned (TH-54)


def spores_losable(g: Game) -> list[str]:
    """The Thief's upgrades Spores can take.  The Flip upgrades were filled left to right
    (TH-54) and each builds on the one before, so only the last Flip he holds can go: the
    flips he keeps stay a run from the left, and the space freed is the next he may fill
    again (thief.upgrade_options)."""
    t = g.state.thief
    assert t is not None
    order = {u.id: u.order for u in g.rules.thief.upgrades if u.order is not None}
    flips = [u for u in t.upgrades if u in order]
    last_flip = max(flips, key=lambda u: order[u]) if flips else None
    return [u for u in t.upgrades if u not in order or u == last_flip]


def check_spores_upgrade(g: Game, up: str) -> Reason | None:
    """CV-24 (Soporific Spores take an upgrade the Thief has), TH-54 (of his Flips only the
    last, so the Flips he keeps stay a run from the left): may he lose ``up``?"""
    t = g.state.thief
    assert t is not None
    if up not in t.upgrades:
        name = next((u.name for u in g.rules.thief.upgrades if u.id == up), up)
        return Reason(f"You do not have {name}: Soporific Spores takes an upgrade you have.", "CV-24")
    if up not in spores_losable(g):
        return Reason("Only your last Flip can be lost: the Flips you keep stay a run from the left.", "TH-54")
    return None


def thief_spores(g: Game) -> Proc:
    """CV-24, TH-51, CV-32: the Thief loses an upgrade — the target chooses which (CV-24:
    "The target chooses the token or Tribe affected") — and its effect ends at once (a
    Flip turns its token back; a Stat Boost, an action upgrade or Unnatural Evasion stops
    working).  Its Treasure token is set aside, apart from his placed and carried ones,
    and still counts toward his victory (thief_state.stashed).  Not an attack (GEN-08: no
    Unnatural Evasion, TH-37)."""
    t = g.state.thief
    assert t is not None
    names = {u.id: u.name for u in g.rules.thief.upgrades}
    names.update((c, g.card(c).name) for c in t.upgrade_shown)       # an Upgrade card's token (VAR-40)
    opts = [Option(f"upgrade:{u}", f"Lose {names[u]}", (Target("slot", f"thief.upgrade.{u}"),))
            for u in t.upgrades if check_spores_upgrade(g, u) is None]
    choice = yield g.ask("thief", DecisionKind.THIEF_SPORES, "Soporific Spores: which upgrade do you lose? (Its Treasure token "
                         "is set aside and still counts.)", opts, rules_ref="cave.omen.soporific_spores")
    up = arg_of(choice.id)
    t.upgrades.remove(up)
    if up in FLIP_UNDO:
        t.flipped[FLIP_UNDO[up]] = False
    t.set_aside += 1
    g.log("spores", f"Soporific Spores: the Thief loses {names[up]}; its Treasure token is set aside and still "
          "counts.", upgrade=up)


def _hatred(g: Game, arg: str) -> Proc:
    cave = _cave(g)
    what, _, rest = arg.partition(":")
    if what == "token":
        cave.hatred_tokens -= 1
        g.log("hatred_token", f"The Cave removes a Hatred token ({cave.hatred_tokens} left).")
        check_collapse_win = g.hooks.flow.check_collapse_win
        check_collapse_win(g)
    elif what == "remove":
        from ..map.collapse import remove_tile
        yield from remove_tile(g, parse_pos(rest), "cave", collapse_removal=True)
    else:
        tile_id, _, where = rest.partition("@")
        cave.hand.remove(tile_id)
        place_tile(g, tile_id, parse_pos(where), "cave")
        draw_to_cave_hand(g)


def _curse(g: Game, arg: str) -> Proc:
    what, _, rest = arg.partition(":")
    board = g.state.board
    if what == "rotate":
        p_s, _, r = rest.rpartition(":")
        p = parse_pos(p_s)
        clear_edge_tokens(g, p, "its tile was rotated")   # KN-77, CV-28
        board.tiles[p].rot = int(r)
        g.log("tile_rotated", f"Crystal Curse rotates the tile at {p_s}.", pos=p, rot=int(r))
        yield from fill_open_edges(g, "cave")
    elif what == "event":
        p = parse_pos(rest)
        take_token(g, "event")
        board.tokens_at(p)["event"] += 1
        g.log("event_token_placed", f"Crystal Curse puts an Event token on {rest}.", pos=p)
        if board.pieces.get("knight") == p and g.state.knight is not None:
            g.state.knight.must_resolve_event = True   # CV-33
    else:
        top = g.state.event_deck[:3]
        del g.state.event_deck[:3]
        g.state.event_deck.extend(top)
        g.log("events_buried", "Crystal Curse sends the top 3 Event cards to the bottom of the deck.")


EFFECTS: MappingProxyType[str, Callable[[Game, str], Proc]] = MappingProxyType({
    "giant_bats": _bats,
    "rockslide": lambda g, a: (_rockslide_move if a.startswith("move:") else _rockslide)(g, a.split(":", 1)[1]),
    "past_plunder": _plunder,
    "soporific_spores": _spores,
    "hatred": _hatred,
    "crystal_curse": _curse,
})
