"""The Vile Ghoul's goal and player variants (VG-01, VG-03; expansion data sheet §4,
``vile_ghoul.yaml`` ``player_variants`` and ``difficulty``): which roles it may play with, what
it must do to win, the hunted role's starting Health, and what the variants hand out.

- It replaces the Goblins, so it never plays with them (nor with the Ghoul: one Terror deck and
  one set of Ghoul dice serve both);
- with the Knight it hunts her (her starting Health from the difficulty card); she takes Goblin
  Infestation (line A) and the Monster tokens, and an Ambush that kills her counts for it;
- with no Knight it hunts the Dragon (his starting Health from the card); with the Dragon no
  Hunger cubes are moved;
- with neither, it smashes the card's Crystals and then enters the Entrance; against the Cave
  alone 6 Crystals; with the Thief one more than the Thief's agreed stash (5 or 6);
- alone: Alone in the Dark II and the Flare; the solo level's Crystals, then escape.

Pure: it reads the rules data and returns a :class:`VileGoal`; setup applies it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ....reasons import Reason

if TYPE_CHECKING:
    from .....rules_data import RulesData
    from .....rules_data.ghoul import ExpansionVariant

PIECE = "vile_ghoul"
Hunted = Literal["knight", "dragon"]


@dataclass(frozen=True)
class Gift:
    """A Role Variant card handed out by a player variant (``line``: Goblin Infestation's line)."""

    card: str
    holder: str
    line: str | None = None


@dataclass(frozen=True)
class VileGoal:
    """What the Vile Ghoul plays for in one game, and what its variants change."""

    variants: tuple[str, ...]            # ids of the player variants that apply, in data order
    hunted: Hunted | None                # the role it must kill (VG-01), or None: Crystals
    hunted_health: int | None            # that role's starting Health (the difficulty card)
    crystals: int | None                 # Crystals to smash, when it hunts nobody
    escape: bool                         # after the Crystals, it must enter the Entrance tile
    dice: int                            # Ghoul dice rolled in Prepare Board (2 at Stalker, Hunter)
    gifts: tuple[Gift, ...] = ()
    no_hunger_cubes: bool = False
    ambush_kill_counts: bool = False     # an Ambush killing the Knight is its kill


def check_roles(roles: tuple[str, ...]) -> Reason | None:
    """VG-03: the Vile Ghoul takes the Goblins' seat, so the two never play together; it shares
    the Ghoul's Terror deck and dice, so neither do those two."""
    if PIECE not in roles:
        return None
    if "goblins" in roles:
        return Reason("The Vile Ghoul replaces the Goblins and takes their seat: a game has one or the other, "
                      "not both.", "VG-03")
    if "ghoul" in roles:
        return Reason("The Ghoul and the Vile Ghoul share one Terror deck and the Ghoul dice: a game has one or "
                      "the other, not both.", "VG-02")
    return None


def seat(roles: tuple[str, ...], order: tuple[str, ...]) -> tuple[str, ...]:
    """VG-03: the roles in turn order, the Vile Ghoul in the Goblins' seat of ``order``
    (after the Knight, before the Dragon)."""
    where = {r: i for i, r in enumerate(order)}
    where[PIECE] = where["goblins"]
    return tuple(sorted(roles, key=lambda r: where[r]))


def _applies(v: ExpansionVariant, roles: tuple[str, ...]) -> bool:
    others = set(roles) - {PIECE}
    if v.players == "solo":
        return not others
    if not others:
        return False
    if v.players == "two":
        return others == set(v.with_roles)
    return set(v.with_roles) <= others


def vile_goal(rules: RulesData, roles: tuple[str, ...], level_id: str | None = None,
              solo_level: str | None = None, thief_stash: int | None = None) -> VileGoal:
    """VG-01 with the difficulty card ``level_id`` (standard: Ghoul) and the player variants
    that apply to ``roles``; ``solo_level`` (easy, medium, hard) alone; ``thief_stash`` the
    Treasures the players agreed the Thief must stash (5 or 6; 5 when not given)."""
    reason = check_roles(roles)
    if reason is not None:
        raise ValueError(reason.text)
    data = rules.vile_ghoul
    level = data.level(level_id) if level_id else data.standard_level()
    applied = [v for v in data.player_variants if _applies(v, roles)]
    gifts = tuple(Gift(g.card, str(g.holder), g.line) for v in applied for g in v.gifts)
    no_hunger = any(v.no_hunger_cubes for v in applied)
    ambush = any(v.ambush_kill_counts_for == PIECE for v in applied)
    ids = tuple(v.id for v in applied)
    if "knight" in roles:
        return VileGoal(ids, "knight", level.knight_health, None, False, level.dice_rolled, gifts, no_hunger, ambush)
    if "dragon" in roles:
        return VileGoal(ids, "dragon", level.dragon_health, None, False, level.dice_rolled, gifts, no_hunger, ambush)
    crystals, escape = level.crystals, True
    for v in applied:
        for w in v.wins:
            if w.role != PIECE:
                continue
            if w.kind == "smash_crystals":
                crystals, escape = w.params.int("crystals", crystals), False
            elif w.kind == "one_more_crystal_than_thief":
                stash = next(x for x in v.wins if x.role == "thief").params
                agreed = stash.int("least", 5) if thief_stash is None else thief_stash
                if not stash.int("least", 5) <= agreed <= stash.int("most", 6):
                    raise ValueError(f"The Thief stashes {stash.int('least', 5)} or {stash.int('most', 6)} Treasures "
                                     f"against the Vile Ghoul, not {agreed}.")
                crystals = agreed + 1
            elif w.kind == "crystals_then_escape" and v.players == "solo":
                lvl = next((s for s in v.solo_levels if s.id == (solo_level or "easy")), None)
                if lvl is None:
                    raise ValueError(f"unknown solo level {solo_level!r}; valid: "
                                     f"{', '.join(s.id for s in v.solo_levels)}")
                crystals = lvl.params.int("crystals", crystals)
    return VileGoal(ids, None, None, crystals, escape, level.dice_rolled, gifts, no_hunger, ambush)


def in_goblins_place(rules: RulesData, roles: tuple[str, ...], name: str, summary: str) -> tuple[str, str]:
    """VG-01/03: the base role variant's name and summary with the Vile Ghoul in the Goblins' seat — the
    name said so; the summary leads with its own player variants for these roles (its goal), then the
    base variant's, what it gave or asked of the Goblins said of the Vile Ghoul, less the Goblins'
    Crystals to smash (the Vile Ghoul's are its own, VG-01)."""
    own = [v.summary for v in rules.vile_ghoul.player_variants if _applies(v, roles)]
    text = re.sub(r"The Goblins win by smashing \d+ Crystals, the (\w+) by", r"The \1 wins by", summary)
    text = re.sub(r" and win by smashing \d+ Crystals", "", text)
    for goblins, vile in (("The Goblins take", "The Vile Ghoul takes"), ("the Goblins take", "the Vile Ghoul takes"),
                          ("the Goblins hunt", "the Vile Ghoul hunts"), ("the Goblins win", "the Vile Ghoul wins"),
                          ("The Goblins win", "The Vile Ghoul wins"), ("Dragon; they win by killing him",
                                                                       "Dragon; it wins by killing him"),
                          ("Goblins", "Vile Ghoul")):
        text = text.replace(goblins, vile)
    return f"{name}, the Vile Ghoul in the Goblins' place", " ".join([*own, text])
