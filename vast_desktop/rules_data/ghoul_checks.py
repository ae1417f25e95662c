"""Cross-checks of the Ghoul's and the Vile Ghoul's data: the firm counts and the ids they name.

Pydantic checks each entry alone (:mod:`.ghoul`); these look across entries: the 13 Terror
cards with their copies, a Terror card on every even Fury space, one difficulty card per rank,
the Vile Ghoul's chart covering each die face once, and every Role Variant card a player
variant hands out existing in ``variants.yaml``.  :func:`ghoul_problems` yields each problem
as (key path, message); :class:`~.checks.Checker` turns the first into an error naming file,
line and key.
"""
from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING

from .base import RANKS
from .ghoul import ExpansionVariant

if TYPE_CHECKING:
    from .paths import YamlPath
    from .schema import RulesData

__all__ = ["TERROR_COPIES", "ghoul_problems"]

#: The Terror deck (expansion data sheet §3.1): card id -> copies.
TERROR_COPIES: MappingProxyType[str, int] = MappingProxyType({
    "chase": 3, "hunt": 3, "sneak": 2, "cheat": 1, "blink": 1, "adapt": 1, "seize": 1, "scour": 1})

Problem = tuple["YamlPath", str]


def ghoul_problems(rd: RulesData) -> Iterator[Problem]:
    """Every cross-check problem of ``rd.ghoul`` and ``rd.vile_ghoul``, in data order."""
    yield from _terror(rd)
    yield from _board(rd)
    yield from _ranks(("ghoul", "difficulty"), [d.id for d in rd.ghoul.difficulty], [d.rank for d in rd.ghoul.difficulty])
    yield from _ranks(("vile_ghoul", "difficulty"), [d.id for d in rd.vile_ghoul.difficulty],
                      [d.rank for d in rd.vile_ghoul.difficulty])
    yield from _chart(rd)
    yield from _variants(rd, ("ghoul", "player_variants"), rd.ghoul.player_variants)
    yield from _variants(rd, ("vile_ghoul", "player_variants"), rd.vile_ghoul.player_variants)


def _terror(rd: RulesData) -> Iterator[Problem]:
    cards = rd.ghoul.terror_cards
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        if card.id in seen:
            yield ("ghoul", "terror_cards", i, "id"), f"duplicate id {card.id!r} (also terror_cards[{seen[card.id]}])"
        seen[card.id] = i
        want = TERROR_COPIES.get(card.id)
        if want is None:
            yield (("ghoul", "terror_cards", i, "id"),
                   f"there is no Terror card {card.id!r}; the deck holds {', '.join(TERROR_COPIES)}")
        elif card.copies != want:
            yield ("ghoul", "terror_cards", i, "copies"), f"the deck holds {want} {card.name} card(s), not {card.copies}"
    missing = [c for c in TERROR_COPIES if c not in seen]
    if missing:
        yield ("ghoul", "terror_cards"), f"Terror card(s) missing: {', '.join(missing)}"


def _board(rd: RulesData) -> Iterator[Problem]:
    g = rd.ghoul
    if list(g.die_faces) != list(range(1, len(g.die_faces) + 1)):
        yield ("ghoul", "die_faces"), "a Ghoul die's faces run 1, 2, 3 ... without gaps"
    if not g.dice_kept < g.dice:
        yield ("ghoul", "dice_kept"), f"the Ghoul keeps fewer dice than it rolls ({g.dice})"
    top = g.fury_track.top
    even = tuple(range(2, top + 1, 2))
    if g.fury_track.terror_spaces != even:
        yield (("ghoul", "fury_track", "terror_spaces"),
               f"a Terror card lies on every even space of the track: {list(even)} (GH-26)")
    if g.fury_goal_cap > top:
        yield ("ghoul", "fury_goal_cap"), f"the Fury goal cannot exceed the track's top space {top}"
    if len(set(g.skitter_symbols)) != 3:
        yield ("ghoul", "skitter_symbols"), "the three Dark-tile symbols are named once each"
    for i, lvl in enumerate(g.difficulty):
        if lvl.dice_rolled > g.dice:
            yield ("ghoul", "difficulty", i, "dice_rolled"), f"there are only {g.dice} Ghoul dice"
        if lvl.dice_rolled < g.dice_kept:
            yield ("ghoul", "difficulty", i, "dice_rolled"), f"the Ghoul needs {g.dice_kept} dice to keep"
    for i, vlvl in enumerate(rd.vile_ghoul.difficulty):
        if vlvl.dice_rolled > rd.vile_ghoul.dice:
            yield ("vile_ghoul", "difficulty", i, "dice_rolled"), f"there are only {rd.vile_ghoul.dice} Ghoul dice"
    if rd.ghoul.flare.card not in {c.id for c in rd.variant_cards}:
        yield ("ghoul", "flare", "card"), f"no Role Variant card {rd.ghoul.flare.card!r} in variants.yaml"


def _ranks(path: YamlPath, ids: list[str], ranks: list[str]) -> Iterator[Problem]:
    if sorted(ranks, key=RANKS.index) != list(ranks) or set(ranks) != set(RANKS) or len(ranks) != len(RANKS):
        yield path, f"one difficulty card per rank, easiest first: {', '.join(RANKS)} (found {', '.join(ranks)})"
    for i, level_id in enumerate(ids):
        if level_id in ids[:i]:
            yield (*path, i, "id"), f"duplicate id {level_id!r}"


def _chart(rd: RulesData) -> Iterator[Problem]:
    rows = rd.vile_ghoul.dice_chart
    faces = rd.ghoul.die_faces
    for i, row in enumerate(rows):
        if row.id != f"face_{row.face}":
            yield ("vile_ghoul", "dice_chart", i, "id"), f"the row of face {row.face} is called 'face_{row.face}'"
    got = sorted(r.face for r in rows)
    if got != list(faces):
        yield (("vile_ghoul", "dice_chart"),
               f"the dice chart has one row for each die face {list(faces)}, found faces {got}")


def _variants(rd: RulesData, path: YamlPath, variants: tuple[ExpansionVariant, ...]) -> Iterator[Problem]:
    cards = {c.id for c in rd.variant_cards}
    seen: set[str] = set()
    for i, v in enumerate(variants):
        if v.id in seen:
            yield (*path, i, "id"), f"duplicate id {v.id!r}"
        seen.add(v.id)
        for j, gift in enumerate(v.gifts):
            if gift.card not in cards:
                yield ((*path, i, "gifts", j, "card"),
                       f"no Role Variant card {gift.card!r}; variants.yaml has {', '.join(sorted(cards))}")
        for j, win in enumerate(v.wins):
            for key, value in win.params.items():
                if not isinstance(value, int) or isinstance(value, bool):
                    yield (*path, i, "wins", j, "params", key), f"{key} must be a number, not {value!r}"
        for j, lvl in enumerate(v.solo_levels):
            if [lvl.id for lvl in v.solo_levels] != ["easy", "medium", "hard"]:
                yield (*path, i, "solo_levels"), "the solo levels are easy, medium and hard, in that order"
                break
            for key, value in lvl.params.items():
                if not isinstance(value, int) or isinstance(value, bool):
                    yield (*path, i, "solo_levels", j, "params", key), f"{key} must be a number, not {value!r}"
