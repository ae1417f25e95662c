"""Forced movement (General Rules, FAQ errata; FM-01..20).

Applies when a piece is moved by someone other than its controller, or because
its tile is removed — never to a player's own movement (FM-03).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .board import edge_blocked, events_live, is_dark
from .geometry import Pos

if TYPE_CHECKING:
    from .game import Game, Proc

IMMOVABLE_TOKENS = ("crystal", "event", "bomb", "vault", "rockslide", "flamewall")  # FM-11


def dragon_surfaced(g: Game) -> bool:
    """The Dragon's state arrives with his role (step 3); until then he is never on the surface."""
    dragon = getattr(g.state, "dragon", None)
    return bool(dragon is not None and getattr(dragon, "surfaced", False))


def piece_name(piece: str) -> str:
    """A piece id as players read it: "tribe:fangs" → "Fangs Tribe", "token:treasure" → "Treasure token"."""
    kind, _, rest = piece.partition(":")
    if kind == "tribe":
        return f"{rest.title()} Tribe"
    if kind == "token":
        return f"{rest.title()} token"
    return piece.title()


def owner(piece: str) -> str:
    return piece.split(":")[0].replace("tribe", "goblins")


def _other_players_at(g: Game, piece: str, q: Pos) -> bool:
    me = owner(piece)
    return any(owner(other) != me for other in g.state.board.pieces_at(q) if other != piece)


def can_enter(g: Game, piece: str, p: Pos, q: Pos) -> bool:
    """May ``piece`` be pushed from ``p`` into the adjacent space ``q``?"""
    tiles = g.state.board.tiles
    if q not in tiles:                                          # FM-04
        return False
    from .terrain import impassable, pit_links
    if impassable(g, q):                                        # TR-17: never onto impassable terrain
        return False
    underground_dragon = piece == "dragon" and not dragon_surfaced(g)
    if not underground_dragon and q not in pit_links(g, p) and edge_blocked(g, p, q):   # FM-05, 07, 08, 09, 10
        return False
    if piece in ("knight",) or (piece == "dragon" and not underground_dragon):
        if is_dark(g, q):                                       # FM-05, FM-08
            return False
    return True


def can_stop(g: Game, piece: str, q: Pos) -> bool:
    if piece.startswith("token:"):
        return not g.state.board.pieces_at(q)                   # FM-10
    return not _other_players_at(g, piece, q)


def can_pass(g: Game, piece: str, q: Pos) -> bool:
    if piece.startswith("token:"):
        return True                                             # tokens may pass through pieces
    if _other_players_at(g, piece, q):
        return False
    if piece == "knight" and g.state.board.tokens_at(q)["event"] and events_live(g):
        return False                                            # FM-06: she stops on an Event token (AMB-54)
    return True


def _pushes(g: Game, piece: str, start: Pos, max_steps: int | None,
            avoid: Pos | frozenset[Pos] | None) -> Iterator[tuple[Pos, int]]:
    """Breadth-first: each space the piece could be pushed to and stop on, with its steps,
    nearest first (lazily, so a caller may stop at the first).  ``avoid`` is a space, or
    the spaces of a Terrain tile being removed."""
    from .terrain import neighbours
    avoided: frozenset[Pos] = (frozenset() if avoid is None else
                               avoid if isinstance(avoid, frozenset) else frozenset([avoid]))
    dist = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if max_steps is not None and dist[p] >= max_steps:
            continue
        if p != start and not can_pass(g, piece, p):
            continue
        for q in neighbours(g, p):
            if q in dist or q in avoided or not can_enter(g, piece, p, q):
                continue
            stop = can_stop(g, piece, q)
            if not stop and not can_pass(g, piece, q):
                continue
            dist[q] = dist[p] + 1
            queue.append(q)
            if stop:
                yield q, dist[q]


def reachable(g: Game, piece: str, start: Pos, max_steps: int | None = None,
              avoid: Pos | frozenset[Pos] | None = None) -> dict[Pos, int]:
    """Spaces the piece can be pushed to, with the number of steps (BFS)."""
    return dict(_pushes(g, piece, start, max_steps, avoid))


def can_be_pushed(g: Game, piece: str, start: Pos, max_steps: int | None = None) -> bool:
    """Whether ``reachable`` would offer any space — stopped at the first found (menus
    only need to know that a target exists)."""
    return next(_pushes(g, piece, start, max_steps, None), None) is not None


def shortest_escape(g: Game, piece: str, start: Pos, avoid: frozenset[Pos] | None = None) -> list[Pos]:
    """FM-13: legal spaces at the shortest distance from a tile being removed (``avoid``:
    the other spaces of a Terrain tile going with it)."""
    dests = reachable(g, piece, start, avoid=avoid)
    dests.pop(start, None)
    if not dests:
        return []
    best = min(dests.values())
    return sorted(q for q, d in dests.items() if d == best)


def entered(g: Game, piece: str, q: Pos, frm: Pos | None = None) -> Proc:
    """FM-15, FM-06, DR-35/38, KN-122: what entering ``q`` does to a piece another player
    moved there (Giant Bats, Claw, Slap, Wrath, the Wisp) or that a removed tile forced off.
    The Knight stops on an Event token, takes back her Poisoned cubes on the Entrance and
    burns on a Flame Wall (−5 Grit, the Shield cuts it to 1); a Tribe on a Flame Wall
    loses 1 Population, and the Lake and the River take their toll from a Tribe moved
    there from ``frm`` (TR-20, TR-33; terrain.tribe_moved); the Thief dies on a Flame
    Wall (no one's kill, AMB-37) and stashes what he carries on the Entrance (TH-39)."""
    board = g.state.board
    toks = board.tokens_at(q)
    if piece == "knight":
        k = g.state.knight
        if k is None or k.dead:
            return
        if toks["event"] and events_live(g):                  # AMB-54: ignored once the deck is empty
            k.must_resolve_event = True
        if g.state.goblins is not None:                        # KN-122: Poisoned cubes at the Entrance
            from .roles.goblins_knight import cure_poison
            cure_poison(g, q)
        if toks["flamewall"]:
            from .roles.knight_board import lose_grit
            yield from lose_grit(g, 5, "the Flame Wall")
    elif piece.startswith("tribe:"):
        from .roles import goblins
        from .terrain import tribe_moved
        tribe = piece.split(":", 1)[1]
        if toks["flamewall"]:
            yield from goblins.flame_wall_entered(g, tribe, q)
        yield from tribe_moved(g, tribe, frm, q, forced=True)
    elif piece == "thief" and g.state.thief is not None:
        from .roles import thief
        yield from thief.entered(g, q)
