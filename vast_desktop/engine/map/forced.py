"""Forced movement (General Rules, FAQ errata; FM-01..20).

Applies when a piece is moved by someone other than its controller, or because
its tile is removed — never to a player's own movement (FM-03).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..geometry import Pos, fmt_pos, orthogonal
from ..reasons import Reason
from .board import edge_blocked, events_live, owner, piece_name
from .terrain import impassable, on_pit, pit_links, tribe_moved

if TYPE_CHECKING:
    from ..game import Game, Proc

IMMOVABLE_TOKENS = ("crystal", "event", "bomb", "vault", "rockslide", "flamewall")  # FM-11


def dragon_surfaced(g: Game) -> bool:
    """The Dragon's state arrives with his role (step 3); until then he is never on the surface."""
    dragon = getattr(g.state, "dragon", None)
    return bool(dragon is not None and getattr(dragon, "surfaced", False))


class _Push:
    """The rules of one forced move of one piece (FM-04..11, TR-17, TR-29), with the facts
    a search asks about every space taken once: who stands where, and what kind of piece
    this is.  The board must not change while one is in use."""

    def __init__(self, g: Game, piece: str) -> None:
        self.g = g
        self.piece = piece
        self.me = owner(piece)
        self.token = piece.startswith("token:")
        self.underground = piece == "dragon" and not dragon_surfaced(g)
        self.sees_dark = piece == "knight" or (piece == "dragon" and not self.underground)   # FM-05, FM-08
        self.knight_events = piece == "knight" and events_live(g)                            # FM-06, AMB-54
        self.tiles = g.state.board.tiles
        self.tokens = g.state.board.tokens
        self.at: dict[Pos, list[str]] = {}
        self.others_at: set[Pos] = set()    # spaces holding another player's piece (other_players_at)
        me = self.me
        for other, q in g.state.board.pieces.items():
            self.at.setdefault(q, []).append(other)
            if other != piece and owner(other) != me:
                self.others_at.add(q)
        self._links: dict[Pos, list[Pos]] = {}

    def links(self, p: Pos) -> list[Pos]:
        """TR-29: from a Pit, the other Pits (:func:`terrain.pit_links`, asked once per
        Terrain space in a search; a Cave tile or an open space has none)."""
        t = self.tiles.get(p)
        if t is None or t.terrain is None:
            return []
        got = self._links.get(p)
        if got is None:
            got = self._links[p] = pit_links(self.g, p)
        return got

    def neighbours(self, p: Pos) -> list[Pos]:
        """As :func:`terrain.neighbours`: the adjacent spaces plus, from a Pit, the other Pits."""
        return [*orthogonal(p), *self.links(p)]

    def other_players_at(self, q: Pos) -> bool:
        """Another player's piece is on ``q`` (a Tribe is not another player to a Tribe)."""
        return q in self.others_at

    def can_enter(self, p: Pos, q: Pos, links: list[Pos] | None = None) -> bool:
        """May the piece be pushed from ``p`` into the adjacent space ``q``?  (``links``:
        ``self.links(p)``, when the caller has them already.)"""
        g = self.g
        t = self.tiles.get(q)
        if t is None:                                               # FM-04
            return False
        if t.terrain is not None and impassable(g, q):              # TR-17: never onto impassable terrain
            return False
        if not self.underground and q not in (self.links(p) if links is None else links) \
                and edge_blocked(g, p, q):                          # FM-05, 07..10
            return False
        return not (self.sees_dark and t.dark)                      # FM-05, FM-08

    def can_stop(self, q: Pos) -> bool:
        """May the piece end its forced move on ``q``?"""
        if self.token:
            return q not in self.at                                 # FM-10
        if on_pit(self.g, q):
            return False                                            # TR-29: no piece ends a move on a Pit
        return not self.other_players_at(q)

    def can_pass(self, q: Pos) -> bool:
        """May the piece be pushed on through ``q``?"""
        if self.token:
            return True                                             # tokens may pass through pieces
        if self.other_players_at(q):
            return False
        if self.knight_events:                                      # FM-06: she stops on an Event token (AMB-54)
            toks = self.tokens.get(q)
            if toks and toks["event"]:
                return False
        return True


def can_enter(g: Game, piece: str, p: Pos, q: Pos) -> bool:
    """May ``piece`` be pushed from ``p`` into the adjacent space ``q``?"""
    return _Push(g, piece).can_enter(p, q)


def can_stop(g: Game, piece: str, q: Pos) -> bool:
    return _Push(g, piece).can_stop(q)


def can_pass(g: Game, piece: str, q: Pos) -> bool:
    return _Push(g, piece).can_pass(q)


def _pushes(g: Game, piece: str, start: Pos, max_steps: int | None,
            avoid: Pos | frozenset[Pos] | None) -> Iterator[tuple[Pos, int]]:
    """Breadth-first: each space the piece could be pushed to and stop on, with its steps,
    nearest first (lazily, so a caller may stop at the first).  ``avoid`` is a space, or
    the spaces of a Terrain tile being removed: the piece may cross them on its way off
    the tile (it is still there while the pieces leave) but not stop on them."""
    avoided: frozenset[Pos] = (frozenset() if avoid is None else
                               avoid if isinstance(avoid, frozenset) else frozenset([avoid]))
    rules = _Push(g, piece)
    can_enter, can_stop, can_pass, links_of = rules.can_enter, rules.can_stop, rules.can_pass, rules.links
    dist = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if max_steps is not None and dist[p] >= max_steps:
            continue
        if p != start and not can_pass(p):
            continue
        links = links_of(p)
        d = dist[p] + 1
        nbrs = orthogonal(p)
        for q in (nbrs + tuple(links) if links else nbrs):    # rules.neighbours(p)
            if q in dist or not can_enter(p, q, links):
                continue
            stop = q not in avoided and can_stop(q)
            if not stop and not can_pass(q):
                continue
            dist[q] = d
            queue.append(q)
            if stop:
                yield q, d


def reachable(g: Game, piece: str, start: Pos, max_steps: int | None = None,
              avoid: Pos | frozenset[Pos] | None = None) -> dict[Pos, int]:
    """Spaces the piece can be pushed to, with the number of steps (BFS)."""
    return dict(_pushes(g, piece, start, max_steps, avoid))


def can_be_pushed(g: Game, piece: str, start: Pos, max_steps: int | None = None) -> bool:
    """Whether ``reachable`` would offer any space — stopped at the first found (menus
    only need to know that a target exists)."""
    return next(_pushes(g, piece, start, max_steps, None), None) is not None


# the rule forbidding each kind of piece to be moved onto another player or through a wall
_STOP_RULE = MappingProxyType({"knight": "FM-05", "goblins": "FM-07", "dragon": "FM-08", "thief": "FM-09", "ghoul": "GH-38", "vile_ghoul": "GH-38",
                               "token": "FM-10"})


def moved_name(piece: str) -> str:
    """A moved piece as players read it: "the Knight", "the Fangs Tribe", "the Treasure token", "the Claw Gem"."""
    if piece.startswith("token:gem_"):
        return f"the {piece[len('token:gem_'):].title()} Gem"
    return f"the {piece_name(piece)}"


def check_pushed_to(g: Game, piece: str, start: Pos, q: Pos, max_steps: int | None = None) -> Reason | None:
    """The map's rules of one forced move (a rule check): may ``piece`` be pushed from
    ``start`` to stop on ``q`` within ``max_steps`` — allowed exactly when ``q`` is one of
    :func:`reachable`; otherwise the first rule the way there breaks: nothing onto an open
    space (FM-04), nor onto impassable terrain (TR-17), the Knight and the surfaced Dragon
    never onto a Dark tile (FM-05, FM-08), no piece ends on a Pit (TR-29), a token never
    stops on a piece and a piece never on another player (FM-05, 07..10), never through a
    wall (the same rules).  How far the power moves it is the power's own rule."""
    if q in reachable(g, piece, start, max_steps):
        return None
    rules = _Push(g, piece)
    name = moved_name(piece)
    tiles = g.state.board.tiles
    rule = _STOP_RULE["token" if rules.token else rules.me]
    if q not in tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}: nothing is moved onto an open space.", "FM-04")
    if impassable(g, q):
        return Reason(f"{fmt_pos(q)} is impassable Canyon: nothing is moved onto it.", "TR-17")
    if rules.sees_dark and tiles[q].dark:
        return Reason(f"{name[0].upper()}{name[1:]} is never moved onto a Dark tile, and {fmt_pos(q)} is Dark.", rule)
    if not rules.token and on_pit(g, q):
        return Reason(f"{fmt_pos(q)} is a Pit: no piece ends a move there.", "TR-29")
    if not rules.can_stop(q):
        there = " and the ".join(piece_name(x) for x in sorted(g.state.board.pieces_at(q)) if x != piece)
        if rules.token:
            return Reason(f"The {there} stand{'s' if ' and ' not in there else ''} on {fmt_pos(q)}: {name} may pass "
                          "a piece but not stop on it.", rule)
        return Reason(f"The {there} stand{'s' if ' and ' not in there else ''} on {fmt_pos(q)}: {name} is never "
                      "moved onto another player.", rule)
    far = reachable(g, piece, start).get(q) if max_steps is not None else None
    if far is not None:
        return Reason(f"The way for {name} to {fmt_pos(q)} round walls and other pieces is {far} spaces, more than "
                      f"{max_steps}.", rule)
    return Reason(f"Every way from {fmt_pos(start)} to {fmt_pos(q)} crosses a wall or a space {name} may not pass.",
                  rule)


def shortest_escape(g: Game, piece: str, start: Pos, avoid: frozenset[Pos] | None = None) -> list[Pos]:
    """FM-13: legal spaces at the shortest distance from a tile being removed (``avoid``:
    the other spaces of a Terrain tile going with it).  The search yields the nearest
    spaces first, so it stops once it has passed the shortest distance."""
    nearest: list[Pos] = []
    best = 0
    for q, d in _pushes(g, piece, start, None, avoid):
        if nearest and d > best:
            break
        nearest.append(q)
        best = d
    return sorted(nearest)


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
            cure_poison = g.hooks.meetings.cure_poison
            cure_poison(g, q)
        if toks["flamewall"]:
            lose_grit = g.hooks.knight.lose_grit
            yield from lose_grit(g, 5, "the Flame Wall")
    elif piece.startswith("tribe:"):
        goblins = g.hooks.goblins
        tribe = piece.split(":", 1)[1]
        if toks["flamewall"]:
            yield from goblins.flame_wall_entered(g, tribe, q)
        yield from tribe_moved(g, tribe, frm, q, forced=True)
    elif piece == "thief" and g.state.thief is not None:
        thief = g.hooks.thief
        yield from thief.entered(g, q)
