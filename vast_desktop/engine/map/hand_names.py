"""Names of the Cave's hand tiles that tell them apart (issue 27, item 4).

Clicking a space offers one option per tile in hand; when their labels read the same
("Place a tile at 2,0" three times) the menu cannot be used.  :func:`hand_names` names each
tile by its type, Tribe and shape ("Crystal tile (Bones, tunnel)") and numbers true copies
("… copy 2").  Only the Cave reads these labels (a decision is shown to its decider alone),
and the Cave sees its hand.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game

TYPE_NAMES = MappingProxyType({
    "entrance": "Entrance",
    "ambush": "Ambush",
    "event": "Event",
    "treasure": "Treasure Room",
    "crystal": "Crystal",
    "vault": "Vault",
    "terrain": "Terrain",
})   # a tile type -> its name for people
SHAPE_NAMES = MappingProxyType({"dead_end": "dead end", "tunnel": "tunnel", "corner": "corner", "open": "open", "side": "one wall"})


def base_name(g: Game, tile_id: str) -> str:
    """``Crystal tile (Bones, tunnel)``: what the Cave sees of a tile in hand."""
    t = g.tile(tile_id)
    parts = [p for p in ((t.tribe or "").title(), SHAPE_NAMES.get(t.shape, t.shape.replace("_", " "))) if p]
    return f"{TYPE_NAMES[t.type]} tile ({', '.join(parts)})"


def hand_names(g: Game, tile_ids: Iterable[str]) -> dict[str, str]:
    """Each tile's name, distinct among ``tile_ids``: tiles that look alike get "copy 1", "copy 2"."""
    ids = list(tile_ids)
    names = {i: base_name(g, i) for i in ids}
    alike = Counter(names.values())
    seen: Counter[str] = Counter()
    out = {}
    for i in ids:
        name = names[i]
        if alike[name] > 1:
            seen[name] += 1
            name = f"{name}, copy {seen[name]}"
        out[i] = name
    return out
