"""The small map the Ghoul's and the Vile Ghoul's scenarios are built on (rule tests and the
Easy Ghoul's tests): the Entrance, four Lit tiles around it and three Dark ones."""
from __future__ import annotations

from typing import Any


def ghoul_tiles() -> list[dict[str, Any]]:
    """A fresh copy each call (a scenario may add to it)."""
    return [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [0, -1], "tile": "T31", "lit": True},
        {"pos": [1, -1], "tile": "T03", "lit": True, "rot": 2},
        {"pos": [0, 1], "tile": "T01", "lit": False},
        {"pos": [2, 1], "tile": "T05", "lit": False},
        {"pos": [-1, 0], "tile": "T06", "lit": False},
    ]
