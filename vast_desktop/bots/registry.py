"""Which computer player plays a seat: ``make_bot(role, level, seed)``.

Levels: ``random`` (any legal option; the fuzz tests' player), ``easy`` (a fast
heuristic that plays the role's plan) and ``hard`` (a fixed amount of search per decision).
``parse_bots("knight=hard,cave=easy")`` reads the command line's ``--bots``.
"""
from __future__ import annotations

import importlib
import importlib.util

from .base import Bot
from .random_bot import RandomBot

LEVELS = ("random", "easy", "hard")
ROLES = ("knight", "goblins", "vile_ghoul", "dragon", "cave", "thief", "ghoul")
# the heuristic player of each role: module and class in this package
EASY = {role: (f"easy.{role}", f"Easy{role.title()}") for role in ROLES}


class BotSpecError(ValueError):
    """A ``--bots`` value or a level that does not exist; the message says which."""


def make_bot(role: str, level: str, seed: int) -> Bot:
    """The computer player for ``role`` at ``level``, with its own seeded RNG."""
    if role not in ROLES:
        raise BotSpecError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        module, name = EASY[role]
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)(seed=seed)  # type: ignore[no-any-return]
    if level == "hard":
        return importlib.import_module(f"{__package__}.hard.search").HardBot(role, seed=seed)  # type: ignore[no-any-return]
    raise BotSpecError(f"unknown level {level!r} for the {role}; levels: {', '.join(LEVELS)}")


def level_module(role: str, level: str) -> str | None:
    """The module (in this package) that holds ``role``'s player at ``level``; None for ``random``."""
    if level == "random":
        return None
    if level == "easy":
        return EASY[role][0]
    if level == "hard":
        return "hard.search"
    raise BotSpecError(f"unknown level {level!r} for the {role}; levels: {', '.join(LEVELS)}")


def available(role: str, level: str) -> bool:
    """Whether ``role`` has a player at ``level`` in this build (the setup screen offers only those,
    the command line refuses the others before playing)."""
    module = level_module(role, level)
    return module is None or importlib.util.find_spec(f"{__package__}.{module}") is not None


def parse_bots(items: str | list[str]) -> dict[str, str]:
    """``"knight=hard,cave=easy"`` (or a list of such items) → {role: level}, checked."""
    parts = [p for item in ([items] if isinstance(items, str) else items) for p in item.split(",") if p.strip()]
    out: dict[str, str] = {}
    for p in parts:
        role, sep, level = p.partition("=")
        role, level = role.strip(), level.strip()
        if not sep or role not in ROLES or level not in LEVELS:
            raise BotSpecError(f"--bots takes ROLE=LEVEL with a role of {', '.join(ROLES)} and a level of "
                               f"{', '.join(LEVELS)}; got {p!r}")
        out[role] = level
    return out
