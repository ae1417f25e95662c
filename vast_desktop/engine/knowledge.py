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

Kept cheap (it runs after every step): a snapshot is a tuple of tuples; only when it differs
from the one before are the components that moved looked at, with ``Game.zone_of`` (where
each hidden component is) and ``Game.public_ids`` kept up to date here.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

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
            NOBODY)          # the Scale deck (VAR-32)


def snapshot(g: Game) -> Snapshot:
    """The contents of every hidden zone (in :func:`zone_seers` order), and the decider with
    the card ids named by the options of the pending decision."""
    st = g.state
    k, cave, gb, d = st.knight, st.cave, st.goblins, st.dragon
    ev = st.event_deck
    zones: list[Collection[str]] = [
        tuple(st.stack), tuple(cave.hand) if cave is not None else (),
        frozenset([t.tile_id for t in st.board.tiles.values() if not t.lit and t.terrain is None]),
        tuple(ev[:CV40_TOP]), tuple(ev[CV40_TOP:]), tuple(st.treasure_deck), tuple(st.monster_deck),
        tuple(st.terrain_deck),
    ]
    if k is not None:
        facedown = tuple(k.treasures) if not k.face_up else tuple([x for x in k.treasures if x not in k.face_up])
        zones += [tuple(k.sidequest_deck), tuple(k.sidequests), facedown]
    else:
        zones += [(), (), ()]
    if gb is not None:                                # the War card chosen is face up (GB-24)
        war = gb.war_deck if gb.war_card is None else [x for x in gb.war_deck if x != gb.war_card]
        zones += [tuple(gb.hand), tuple(gb.secrets_deck), tuple(war)]
    else:
        zones += [(), (), ()]
    if d is not None:
        zones += [tuple(d.hand), tuple(d.discard), tuple(d.deck), tuple(d.scale_deck)]
    else:
        zones += [(), (), (), ()]
    p = g.pending
    named = g.named_cards.named(p.ids) if p is not None else NO_CARDS
    return tuple(zones), (p.role, named) if named and p is not None else None   # None: names no card


class NamedCards:
    """The card ids a decision's options name (``war:pain`` names ``pain``).  Each option id
    is read once per game; afterwards a decision is looked up with set operations at C
    speed (a snapshot is taken after every step: it must stay cheap)."""

    def __init__(self, cards: frozenset[str]) -> None:
        self.cards = cards
        self.seen: set[str] = set()             # option ids already read
        self.naming: dict[str, str] = {}        # those that name a card -> the card

    def named(self, option_ids: tuple[str, ...]) -> frozenset[str]:
        if not self.seen.issuperset(option_ids):
            for i in option_ids:
                arg = i.partition(":")[2]
                if arg in self.cards:
                    self.naming[i] = arg
            self.seen.update(option_ids)
        naming = self.naming
        if naming.keys().isdisjoint(option_ids):
            return NO_CARDS
        return frozenset([naming[i] for i in option_ids if i in naming])


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


def learned(g: Game, before: Snapshot, after: Snapshot) -> bool:
    """Whether some viewer can identify, after the step, a component it could not before;
    keeps ``g.zone_of`` (where each hidden component is) and ``g.public_ids`` (the cards in
    no hidden zone) up to date.

    Only components that moved — left or entered a zone, or were named or no longer named
    by the pending decision — are looked at.  Before, a component is identified by the
    viewers of its zone, the decider naming it and, if it was public, everyone; after, by
    the viewers of its zone and the decider naming it — or by everyone if it is in no
    hidden zone and not named (played, shown, put face up: public now).  A component that
    moves between zones seen by the same viewers (the Cave's hand to a Dark tile) is no news."""
    if before == after:
        return False
    seers = g.knowledge_zones
    where = g.zone_of
    was_in: dict[str, int] = {}
    entered: list[tuple[int, frozenset[str] | set[str]]] = []
    for z, (b, a) in enumerate(zip(before[0], after[0], strict=True)):
        if b != a:
            sb: frozenset[str] | set[str] = b if isinstance(b, frozenset) else set(b)
            sa: frozenset[str] | set[str] = a if isinstance(a, frozenset) else set(a)
            for i in sb - sa:
                was_in[i] = z
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
    everyone: frozenset[str | None] = frozenset({*g.state.roles, None})
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
