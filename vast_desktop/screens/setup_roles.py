"""What the setup screen offers for each role, the Ghoul and the Vile Ghoul (the expansion's roles)
among the base five: its difficulty cards and the role variant standing behind a set of roles.

The base roles' difficulty cards and role variants are the rules data's (``difficulty_levels``,
``role_variant``); the Ghoul's are in its own part of the rules data (``rules.ghoul.difficulty``,
Ragpicker … Hunter) and its player variants (the Ghoul alone, Knight vs Ghoul, …), which stand
beside the base variant of the other roles (``engine.setup.make_config`` combines them the same way).
The Vile Ghoul's are in its part (``rules.vile_ghoul.difficulty``, Ragpicker … Hunter, with the
Knight's or the Dragon's Health and the Crystals); it takes the Goblins' seat, so the base variant is
the one with the Goblins in its place, and a set of roles it cannot play with is refused with the
engine's reason (``vile.variant.check_roles``).
"""
from __future__ import annotations

from typing import Any

from ..engine.roles.ghoul.variant import choose as ghoul_player_variant
from ..engine.roles.ghoul.vile.variant import check_roles as check_vile_roles
from ..rules_data import RulesData, UnknownIdError

GHOUL = "ghoul"
VILE = "vile_ghoul"


def levels(rules: RulesData, role: str) -> tuple[Any, ...]:
    """``role``'s difficulty cards, easiest first (each with ``id``, ``name``, ``rank``, ``text``)."""
    if role == GHOUL:
        return tuple(rules.ghoul.difficulty)
    if role == VILE:
        return tuple(rules.vile_ghoul.difficulty)
    return tuple(rules.difficulty_levels(role))


def level(rules: RulesData, role: str, level_id: str) -> Any:
    """``role``'s difficulty card ``level_id``."""
    if role == GHOUL:
        return rules.ghoul.level(level_id)
    if role == VILE:
        return rules.vile_ghoul.level(level_id)
    return rules.difficulty_level(role, level_id)


def base_variant(rules: RulesData, roles: tuple[str, ...]) -> Any | None:
    """The base role variant of ``roles`` (the others' when the Ghoul plays, if there are two or more of
    them; with the Vile Ghoul, the variant with the Goblins in its seat); None when there is none."""
    if VILE in roles:
        if len(roles) < 2 or refusal(roles) is not None:
            return None
        roles = tuple("goblins" if r == VILE else r for r in roles)
    others = tuple(r for r in roles if r != GHOUL)
    if GHOUL in roles and len(others) < 2:
        return None
    try:
        return rules.role_variant(others)
    except (UnknownIdError, ValueError):
        return None


def solo_levels(rules: RulesData, roles: tuple[str, ...]) -> tuple[Any, ...]:
    """The solo levels of the variant of ``roles`` (the Knight's, the Dragon's, the Ghoul alone's), else ()."""
    if roles == (GHOUL,):
        return tuple(ghoul_player_variant(rules, roles).solo_levels)
    if roles == (VILE,):
        return tuple(rules.vile_ghoul.player_variant("vile_ghoul_solo").solo_levels)
    rv = base_variant(rules, roles)
    return tuple(rv.solo_levels) if rv is not None and GHOUL not in roles else ()


def refusal(roles: tuple[str, ...]) -> str | None:
    """Why ``roles`` cannot play together, in the engine's words (VG-03: the Vile Ghoul takes the
    Goblins' seat and shares the Ghoul's Terror deck and dice), else None."""
    reason = check_vile_roles(roles)
    return reason.text if reason is not None else None


def provisional_note(rules: RulesData, role: str) -> str:
    """" Uses provisional values (...)" for a role whose printed values no source gives (the Vile
    Ghoul's dice chart and Boost die, ``uses_provisional_values``), else ""."""
    if role == VILE and rules.vile_ghoul.uses_provisional_values:
        return (" Uses provisional values: its dice chart and Boost die are design guesses until corrected in "
                "the rules-data folder.")
    return ""

