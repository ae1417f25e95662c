"""Automatic undo barriers: which hidden components each viewer can identify (GEN-01..04).

Undo may go back only to the last step that showed some player something they did not
know (ARCHITECTURE §3).  Rather than each rule remembering to say so, :class:`Game`
snapshots the hidden zones before and after every step and compares them here: a step is
a barrier when some component becomes identifiable to a viewer who could not identify it
before — a tile or card drawn into a hand, a Dark tile revealed or shown, a deck's visible
top changing (the Crystal Curse moving the Event cards the Cave may look at, CV-40), a
Secret played, a card taken by the Thief, a card from a deck named among the decider's
options (the War cards drawn, GB-24).

The hidden zones and who sees them are those of ``view.view``: the stack and the decks
(nobody, except the top 3 Event cards for the Cave, CV-40), the Cave's hand and the Lit
side of Dark tiles (the Cave, GEN-03), the Knight's Sidequests and facedown Treasures (the
Knight, GEN-04), the Goblins' Secrets (GEN-02), the Dragon's Power cards and discard pile
(the Dragon), and the pending decision's options (its decider).  A component in no hidden
zone is public.  ``tests/test_properties_all_subsets.py`` checks the table against the
views: every step after which some viewer's view names a component it did not name before
is a barrier.

What is not a component's identity — a die roll, the type of a Dark tile the Thief peeks
at (TH-09) — is marked by the rule itself with :meth:`Game.barrier` (the RNG marks its
draws).

Kept cheap (it runs after every step, issue 25 item 9): :func:`snapshot` is the definition,
but after a step :class:`Watch` rebuilds only the zones whose source lists (or, by the board's ``tile_changes`` count, tiles)
changed — most steps change none — and :func:`learned` looks only at those zones, and there
only at the components that moved, with ``Game.zone_of`` (where each hidden component is)
and ``Game.public_ids`` kept up to date here.  Nothing is marked by hand: every source is
compared after every step.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .geometry import Pos
    from .state import PlacedTile

Zones = tuple[Collection[str], ...]                    # the hidden zones' contents, in zone_seers order
Pending = tuple[str, frozenset[str]] | None             # the decider and the card ids its options name, if any
Snapshot = tuple[Zones, Pending]
NOBODY: frozenset[str | None] = frozenset()
CV40_TOP = 3            # the Cave may look at the top 3 Event cards at any time (CV-40)


def zone_seers(g: Game) -> tuple[frozenset[str | None], ...]:
    """Who sees each hidden zone of :func:`snapshot`, in the same order."""
    roles = set(g.state.roles)

    def by(role: str) -> frozenset[str | None]:
        return frozenset({role} & roles)

    return (NOBODY,          # the stack
            by("cave"),      # the Cave's hand
            by("cave"),      # Dark tiles (the Cave looks at them, GEN-03)
            by("cave"),      # the top 3 Event cards (CV-40)
            NOBODY,          # the rest of the Event deck
            NOBODY,          # the Treasure deck
            NOBODY,          # the Monster deck
            NOBODY,          # the Random Terrain deck (VAR-13)
            NOBODY,          # the Sidequest deck
            by("knight"),    # the Knight's Sidequests
            by("knight"),    # the Knight's facedown Treasure cards (GEN-04)
            by("goblins"),   # the Goblins' Secrets in hand (GEN-02)
            NOBODY,          # the Secrets deck
            NOBODY,          # the War deck (but the War card chosen this turn, face up)
            by("dragon"),    # the Dragon's Power cards in hand
            by("dragon"),    # his discard pile
            NOBODY,          # his Power deck
            NOBODY,          # the Scale deck (VAR-32)
            by("thief"),     # the Thief's facedown Upgrade card (VAR-38)
            NOBODY,          # the Upgrade cards back in the box (VAR-38)
            NOBODY,          # the Ghoul's Terror deck (GH-03; a drawn Terror card is face up)
            by("ghoul") | by("vile_ghoul"))   # the Terror cards it drew and chooses one of (GH-23, Adapt)


def _sources(g: Game) -> list[Any]:
    """The lists (and the chosen War card) the hidden zones are read from, in :data:`ZONE_SOURCES` order."""
    st = g.state
    k, cave, gb, d = st.knight, st.cave, st.goblins, st.dragon
    src: list[Any] = [st.stack, cave.hand if cave is not None else (), st.event_deck, st.treasure_deck,
                      st.monster_deck, st.terrain_deck]
    src += (k.sidequest_deck, k.sidequests, k.treasures, k.face_up) if k is not None else _NO_KNIGHT
    src += (gb.hand, gb.secrets_deck, gb.war_deck, gb.war_card) if gb is not None else _NO_GOBLINS
    src += (d.hand, d.discard, d.deck, d.scale_deck) if d is not None else _NO_DRAGON
    t = st.thief
    src += (t.upgrade_hand, t.upgrade_box) if t is not None else _NO_THIEF
    gh = st.ghoul
    src += (gh.terror_deck, gh.drawing) if gh is not None else ((), ())
    return src


_NO_KNIGHT: tuple[Any, ...] = ((), (), (), ())
_NO_GOBLINS: tuple[Any, ...] = ((), (), (), None)
_NO_DRAGON: tuple[Any, ...] = ((), (), (), ())
_NO_THIEF: tuple[Any, ...] = ((), ())
DARK = 2                # the zone of the Dark tiles, read from the board, not from a list


def _facedown(treasures: list[str], face_up: list[str]) -> list[str]:
    return list(treasures) if not face_up else [x for x in treasures if x not in face_up]


def _war(deck: list[str], chosen: str | None) -> list[str]:     # the War card chosen is face up (GB-24)
    return list(deck) if chosen is None else [x for x in deck if x != chosen]


# Each hidden zone but the Dark tiles (zone_seers order): the sources it is read from
# (indexes into _sources) and how.
ZONE_SOURCES: tuple[tuple[int, tuple[int, ...], Callable[..., list[str]]], ...] = (
    (0, (0,), list),                               # the stack
    (1, (1,), list),                               # the Cave's hand
    (3, (2,), lambda ev: ev[:CV40_TOP]),           # the top 3 Event cards (CV-40)
    (4, (2,), lambda ev: ev[CV40_TOP:]),           # the rest of the Event deck
    (5, (3,), list), (6, (4,), list), (7, (5,), list),          # Treasure, Monster, Random Terrain decks
    (8, (6,), list), (9, (7,), list), (10, (8, 9), _facedown),  # the Knight's
    (11, (10,), list), (12, (11,), list), (13, (12, 13), _war),  # the Goblins'
    (14, (14,), list), (15, (15,), list), (16, (16,), list), (17, (17,), list),   # the Dragon's
    (18, (18,), list), (19, (19,), list),                                         # the Thief's Upgrade cards
    (20, (20,), list), (21, (21,), list),                                         # the Ghoul's Terror cards
)
N_ZONES = 22
N_SOURCES = 22
_SOURCE_INDEXES = range(N_SOURCES)
_BY_SOURCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (_, srcs, _) in enumerate(ZONE_SOURCES) if s in srcs) for s in _SOURCE_INDEXES)


def _dark(tiles: Iterable[PlacedTile]) -> frozenset[str]:
    return frozenset([t.tile_id for t in tiles if not t.lit and t.terrain is None])


def _pending(g: Game) -> Pending:
    p = g.pending
    if p is None:
        return None
    named = g.named_cards.named(p.option_ids())
    return (p.role, named) if named else None        # None: names no card


def snapshot(g: Game) -> Snapshot:
    """The contents of every hidden zone (in :func:`zone_seers` order), and the decider with
    the card ids named by the options of the pending decision.  (The definition; after a
    step :class:`Watch` builds the same snapshot from the zones that changed.)"""
    src = _sources(g)
    zones: list[Collection[str]] = [()] * N_ZONES
    zones[DARK] = _dark(g.state.board.tiles.values())
    for z, srcs, read in ZONE_SOURCES:
        zones[z] = read(*[src[s] for s in srcs])
    return tuple(zones), _pending(g)


class Watch:
    """Builds the snapshot after each step by rebuilding only the zones whose sources changed
    (most steps change none), and says which zones those are (``changed``, for
    :func:`learned`).  It keeps a copy of every source list, compared at C speed, and rescans
    the Dark tiles only when the board's ``tile_changes`` count moved (every rule that adds,
    removes or flips a tile bumps it; a tile's id and Terrain never change: ``PlacedTile``'s
    fields are ``Final``).  The snapshot it returns equals :func:`snapshot`
    (``tests/test_knowledge.py`` checks that at every step of random games); an unchanged
    zone is the same object as before."""

    __slots__ = ("sources", "tiles", "tile_changes", "last", "changed")

    def __init__(self) -> None:
        self.sources: list[Any] = []
        self.tiles: dict[Pos, PlacedTile] = {}  # the board's tiles dict and its change count when last read
        self.tile_changes = 0
        self.last: Snapshot = ((), None)
        self.changed: list[int] = []            # the zones that changed in the last step

    def start(self, g: Game) -> Snapshot:
        src = _sources(g)
        self.sources = [s[:] if s.__class__ is list else s for s in src]
        board = g.state.board
        self.tiles, self.tile_changes = board.tiles, board.tile_changes
        self.last = snapshot(g)
        self.changed = list(range(N_ZONES))
        return self.last

    def step(self, g: Game) -> Snapshot:
        zones = self.last[0]
        changed: list[int] = []
        src = _sources(g)
        old = self.sources
        if src != old:
            new = list(zones)
            rebuild: set[int] = set()
            for s in compress(_SOURCE_INDEXES, map(ne, src, old)):     # the sources that changed, found at C speed
                a = src[s]
                old[s] = a[:] if a.__class__ is list else a
                rebuild.update(_BY_SOURCE[s])
            for i in rebuild:
                z, srcs, read = ZONE_SOURCES[i]
                new[z] = read(*[old[s] for s in srcs])
                changed.append(z)
            zones = tuple(new)
        board = g.state.board
        if board.tile_changes != self.tile_changes or board.tiles is not self.tiles:
            self.tiles, self.tile_changes = board.tiles, board.tile_changes
            ids = _dark(board.tiles.values())
            if ids != zones[DARK]:
                new = list(zones)
                new[DARK] = ids
                zones = tuple(new)
                changed.append(DARK)
        self.changed = changed
        self.last = (zones, _pending(g))
        return self.last


class NamedCards:
    """The card ids a decision's options name (``war:pain`` names ``pain``).  Each option id
    is read once per game; afterwards a decision is looked up with set operations at C
    speed (a snapshot is taken after every step: it must stay cheap)."""

    def __init__(self, cards: frozenset[str]) -> None:
        self.cards = cards
        self.plain: set[str] = set()            # option ids read that name no card
        self.naming: dict[str, str] = {}        # those that name a card -> the card

    def named(self, option_ids: Iterable[str]) -> frozenset[str]:
        if self.plain.issuperset(option_ids):  # most decisions: every id read, none names a card
            return NO_CARDS
        naming, plain = self.naming, self.plain
        out = []
        for i in option_ids:
            c = naming.get(i)
            if c is None and i not in plain:
                arg = i.partition(":")[2]
                if arg in self.cards:
                    c = naming[i] = arg
                else:
                    plain.add(i)
            if c is not None:
                out.append(c)
        return frozenset(out) if out else NO_CARDS


NO_CARDS: frozenset[str] = frozenset()


def _named(pending: Pending) -> frozenset[str]:
    return pending[1] if pending is not None else NO_CARDS


def hidden_places(snap: Snapshot) -> set[str]:
    """Every component in a hidden zone of ``snap`` or named by its pending decision."""
    out = set(_named(snap[1]))
    for ids in snap[0]:
        out.update(ids)
    return out


def locate(snap: Snapshot) -> dict[str, int]:
    """Component id -> the index of the hidden zone holding it (for ``Game.zone_of``)."""
    return {i: z for z, ids in enumerate(snap[0]) for i in ids}


def learned(g: Game, before: Snapshot, after: Snapshot, changed: Iterable[int] | None = None) -> bool:
    """Whether some viewer can identify, after the step, a component it could not before;
    keeps ``g.zone_of`` (where each hidden component is) and ``g.public_ids`` (the cards in
    no hidden zone) up to date.

    Only components that moved — left or entered a zone, or were named or no longer named
    by the pending decision — are looked at.  Before, a component is identified by the
    viewers of its zone, the decider naming it and, if it was public, everyone; after, by
    the viewers of its zone and the decider naming it — or by everyone if it is in no
    hidden zone and not named (played, shown, put face up: public now).  A component that
    moves between zones seen by the same viewers (the Cave's hand to a Dark tile) is no news.
    ``changed``: the zones that may differ (``Watch.changed``), if known; else all are compared."""
    if before == after:
        return False
    seers = g.knowledge_zones
    where = g.zone_of
    was_in: dict[str, int] = {}
    entered: list[tuple[int, frozenset[str] | set[str]]] = []
    zones_b, zones_a = before[0], after[0]
    for z in (range(len(zones_a)) if changed is None else changed) if zones_b is not zones_a else ():
        b, a = zones_b[z], zones_a[z]
        if b != a:
            sb: frozenset[str] | set[str] = b if b.__class__ is frozenset else set(b)
            sa: frozenset[str] | set[str] = a if a.__class__ is frozenset else set(a)
            left = sb - sa
            if left:
                was_in.update(dict.fromkeys(left, z))
            entered.append((z, sa - sb))
    moved = set(was_in)
    for _, new in entered:
        moved.update(new)
        for i in new:
            was_in.setdefault(i, where.get(i, -1))
    for i in was_in:                                   # where each moved component is now
        if where.get(i) == was_in[i]:
            del where[i]
    for z, new in entered:
        for i in new:
            where[i] = z
    pb, pa = before[1], after[1]
    nb, na = _named(pb), _named(pa)
    if pb != pa:                                       # named by the same decider both times: no change
        moved |= nb ^ na if pb is not None and pa is not None and pb[0] == pa[0] else nb | na
    everyone = g.knowledge_everyone
    public = g.public_ids
    news = False
    for i in moved:
        zb = was_in.get(i, where.get(i, -1))
        was = everyone if i in public else (seers[zb] if zb >= 0 else NOBODY)
        if pb is not None and i in nb:
            was = was | {pb[0]}
        za = where.get(i, -1)
        now = seers[za] if za >= 0 else NOBODY
        if pa is not None and i in na:
            now = now | {pa[0]}
        if za >= 0:
            public.discard(i)
        elif not now:                                  # in no hidden place: public now
            now = everyone
            public.add(i)
        news = news or not now <= was
    return news
