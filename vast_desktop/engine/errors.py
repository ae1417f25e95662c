"""Errors every layer may raise (the lowest layer, so a role's loader can refuse a scenario)."""
from __future__ import annotations


class ScenarioError(ValueError):
    """A scenario that cannot be built; the message names the key."""
