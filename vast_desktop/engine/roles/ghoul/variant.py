"""The Ghoul's player variants (expansion data sheet §3.3, ``ghoul.yaml`` ``player_variants``):
which one applies to a set of roles, and what it changes in the game's configuration.

- solo (the Ghoul alone): Alone in the Dark II and Flare; the level's Fury or Crystals, then escape;
- two players ("X vs Ghoul"): the variant naming the other role; its gifts and goals replace the
  other role's own variant (there is none for one role with an opponent);
- three players: the other two play their two-player variant without Hunger cubes; the Ghoul
  takes Flare and Past Plunder and needs 10 Fury;
- four or more: the others' variant; without a Cave the Ghoul alone takes Past Plunder and each
  player places or collapses only 1 tile a turn.

Pure: it reads the rules data and returns values; ``engine/setup.py`` applies them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ....rules_data import RulesData
    from ....rules_data.ghoul import ExpansionVariant

PIECE = "ghoul"


@dataclass(frozen=True)
class GhoulVariant:
    """The player variant of a game with the Ghoul and what it sets."""

    variant: ExpansionVariant
    base: Any                                  # the others' RoleVariant, or None (solo, two players)
    gifts: tuple[tuple[str, str], ...]         # (card, holder)
    extra: dict[str, Any] = field(default_factory=dict)
    collapse_rate_no_cave: int | None = None
    no_hunger_cubes: bool = False


def choose(rules: RulesData, roles: tuple[str, ...]) -> ExpansionVariant:
    """The player variant for these roles (the Ghoul among them)."""
    others = [r for r in roles if r != PIECE]
    gd = rules.ghoul
    if not others:
        return next(v for v in gd.player_variants if v.players == "solo")
    if len(others) == 1:
        return next(v for v in gd.player_variants if v.players == "two" and set(v.with_roles) == set(others))
    if len(others) == 2:
        return next(v for v in gd.player_variants if v.players == "three")
    return next(v for v in gd.player_variants if v.players == "four_plus")


def ghoul_variant(rules: RulesData, roles: tuple[str, ...], solo_level: str | None,
                  base_gifts: list[tuple[str, str]]) -> GhoulVariant:
    """What the Ghoul's variant sets: gifts (the others' ``base_gifts`` changed by it), the
    Ghoul's goals (``extra``: ghoul_fury_goal, ghoul_crystals_goal, ghoul_kills)."""
    v = choose(rules, roles)
    others = [r for r in roles if r != PIECE]
    has_cave = "cave" in roles
    gifts = list(base_gifts) if v.players in ("three", "four_plus") else []
    for gift in v.gifts:
        if gift.only_without_cave and has_cave:
            continue
        holder = str(gift.holder)
        if gift.card == "past_plunder":            # the Ghoul takes it, nobody else does
            gifts = [(c, h) for c, h in gifts if c != "past_plunder"]
            gifts.append((gift.card, holder))
        else:                                      # Flare: shared beside the map if the others get it too
            gifts.append((gift.card, holder))
    extra: dict[str, Any] = {}
    kills = []
    for w in v.wins:
        if w.role != PIECE:
            continue
        if w.kind in ("fury_then_escape", "fury_or_crystals_then_escape"):
            fury = w.params.get("fury")
            crystals = w.params.get("crystals")
            if v.players == "solo":
                lvl = next(s for s in v.solo_levels if s.id == (solo_level or "easy"))
                fury, crystals = lvl.params.get("fury"), lvl.params.get("crystals")
            if fury is not None:
                extra["ghoul_fury_goal"] = int(str(fury))
            if crystals is not None and w.kind == "fury_or_crystals_then_escape":
                extra["ghoul_crystals_goal"] = int(str(crystals))
        elif w.kind == "kill_knight":
            kills.append("knight")
        elif w.kind == "kill_dragon":
            kills.append("dragon")
    extra["ghoul_kills"] = tuple(kills)
    rate = 1 if (v.tiles_per_turn_without_cave is not None and not has_cave) else None
    return GhoulVariant(variant=v, base=None if len(others) < 2 else others, gifts=tuple(gifts), extra=extra,
                        collapse_rate_no_cave=rate, no_hunger_cubes=v.no_hunger_cubes)
