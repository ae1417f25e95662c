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

Cheap by design (the engine plays ~13k choices/s): a snapshot is a tuple of tuples; only
when it differs from the one before are the per-viewer sets built and compared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

Snapshot = tuple[object, ...]
NOBODY: frozenset[str | None] = frozenset()
CV40_TOP = 3            # the Cave may look at the top 3 Event cards at any time (CV-40)


def zone_seers(g: Game) -> tuple[frozenset[str | None], ...]:
    """Who sees each zone of :func:`snapshot`, in the same order (the last entry, the pending
    decision's named cards, is seen by its decider and is handled by :func:`learned`)."""
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
            NOBODY,          # the War deck
            by("dragon"),    # the Dragon's Power cards in hand
            by("dragon"),    # his discard pile
            NOBODY,          # his Power deck
            NOBODY)          # the Scale deck (VAR-32)


def snapshot(g: Game) -> Snapshot:
    """The contents of every hidden zone (in :func:`zone_seers` order) and, last, the
    decider's role with the card ids named by the options of the pending decision."""
    st = g.state
    k, c, gb, d = st.knight, st.cave, st.goblins, st.dragon
    ev = st.event_deck
    out: list[object] = [
        tuple(st.stack), tuple(c.hand) if c is not None else (),
        frozenset(t.tile_id for t in st.board.tiles.values() if not t.lit and t.terrain is None),
        tuple(ev[:CV40_TOP]), tuple(ev[CV40_TOP:]), tuple(st.treasure_deck), tuple(st.monster_deck),
        tuple(st.terrain_deck),
    ]
    if k is not None:
        out += [tuple(k.sidequest_deck), tuple(k.sidequests), tuple(x for x in k.treasures if x not in k.face_up)]
    else:
        out += [(), (), ()]
    if gb is not None:
        out += [tuple(gb.hand), tuple(gb.secrets_deck), tuple(gb.war_deck)]
    else:
        out += [(), (), ()]
    if d is not None:
        out += [tuple(d.hand), tuple(d.discard), tuple(d.deck), tuple(d.scale_deck)]
    else:
        out += [(), (), (), ()]
    p = g.pending
    out.append(None if p is None else (p.role, frozenset(map(g.named_cards.__getitem__, p.ids))))
    return tuple(out)


class NamedCards(dict[str, "str | None"]):
    """Option id -> the card id it names (``war:pain`` -> ``pain``), or None; filled as ids
    are met, so a snapshot looks its options up at C speed (one per game: never shared)."""

    def __init__(self, cards: frozenset[str]) -> None:
        super().__init__()
        self.cards = cards

    def __missing__(self, option_id: str) -> str | None:
        arg = option_id.partition(":")[2]
        named = arg if arg in self.cards else None
        self[option_id] = named
        return named


def _knew(g: Game, snap: Snapshot, viewer: str | None, i: str) -> bool:
    """Whether ``viewer`` could identify component ``i`` in ``snap``: a hidden zone it sees
    holds it, or its pending decision named it."""
    for seers, ids in zip(g.knowledge_zones, snap):
        if viewer in seers and i in ids:               # type: ignore[operator]
            return True
    pending = snap[-1]
    return pending is not None and pending[0] == viewer and i in pending[1]   # type: ignore[index]


def learned(g: Game, before: Snapshot, after: Snapshot) -> bool:
    """Whether some viewer can identify, after the step, a component it could not before.

    Only a component that entered a zone somebody sees (or was named to the decider), or
    left every hidden zone (it is public now: everyone can identify it), can be newly known;
    so only the zones that changed are looked into, and a component that merely moved
    between zones seen by the same viewers (the Cave's hand to a Dark tile) is settled at once."""
    if before == after:
        return False
    entered: list[tuple[frozenset[str | None], set[str]]] = []
    left: dict[str, frozenset[str | None]] = {}
    still_hidden: set[str] = set()
    for seers, b, a in zip(g.knowledge_zones, before[:-1], after[:-1]):
        if b == a:
            continue
        sb, sa = set(b), set(a)                        # type: ignore[call-overload]
        for i in sb - sa:
            left[i] = left.get(i, NOBODY) | seers
        new = sa - sb
        still_hidden |= new
        if seers and new:
            entered.append((seers, new))
    zones = after[:-1]
    for i in left:
        if i not in still_hidden and not any(i in z for z in zones):   # type: ignore[operator]
            return True                                # out of every hidden zone: public now
    pa, pb = after[-1], before[-1]
    if pa is not None and not (pb is not None and pa[0] == pb[0] and pa[1] <= pb[1]):   # type: ignore[index]
        entered.append((frozenset({pa[0]}), set(pa[1]) - {None}))                       # type: ignore[index]
    for seers, ids in entered:
        for i in ids:
            if i in left and seers <= left[i]:
                continue                               # moved between zones seen by the same viewers
            if any(not _knew(g, before, v, i) for v in seers):
                return True
    return False
