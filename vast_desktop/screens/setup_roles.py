"""What the setup screen offers for each role, the Ghoul (the expansion's sixth role) among the base
five: its difficulty cards and the role variant standing behind a set of roles.

The base roles' difficulty cards and role variants are the rules data's (``difficulty_levels``,
``role_variant``); the Ghoul's are in its own part of the rules data (``rules.ghoul.difficulty``,
Ragpicker … Hunter) and its player variants (the Ghoul alone, Knight vs Ghoul, …), which stand
beside the base variant of the other roles (``engine.setup.make_config`` combines them the same way).
"""
from __future__ import annotations

from typing import Any

from ..engine.roles.ghoul.variant import choose as ghoul_player_variant
from ..rules_data import RulesData, UnknownIdError

GHOUL = "ghoul"


def levels(rules: RulesData, role: str) -> tuple[Any, ...]:
    """``role``'s difficulty cards, easiest first (each with ``id``, ``name``, ``rank``, ``text``)."""
    if role == GHOUL:
        return tuple(rules.ghoul.difficulty)
    return tuple(rules.difficulty_levels(role))


def level(rules: RulesData, role: str, level_id: str) -> Any:
    """``role``'s difficulty card ``level_id``."""
    if role == GHOUL:
        return rules.ghoul.level(level_id)
    return rules.difficulty_level(role, level_id)


def base_variant(rules: RulesData, roles: tuple[str, ...]) -> Any | None:
    """The base role variant of ``roles`` (the others' when the Ghoul plays, if there are two or more of
    them); None when there is none."""
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
    rv = base_variant(rules, roles)
    return tuple(rv.solo_levels) if rv is not None and GHOUL not in roles else ()
