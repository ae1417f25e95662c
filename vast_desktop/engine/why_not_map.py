"""Reasons a click is not a legal choice, for the map, Cave, Collapse and Terrain decisions (see teaching.why_not)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .decisions import Decision, Target
    from .game import Game

REASONS: list[Callable[[Game, Decision, Target], str | None]] = []
