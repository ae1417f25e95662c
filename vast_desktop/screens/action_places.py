"""Where a game event happened, for the map's highlights and the camera (issue 27 item 6).

The places come only from what everyone may know: an event's public data — the spaces its public
log line names (a move's destination, a placed or revealed tile, a smashed Crystal, a Terrain
tile's spaces) — or, for an attack, where the viewer's own PlayerView shows the piece it happens
at.  Never a hidden tile's type, never a private line.  (Kept out of ``render/``, which draws only
from a PlayerView: the events are read here, on the screens' side.)
"""
from __future__ import annotations

from ..engine import GameEvent, PlayerView
from ..engine.geometry import Pos, fmt_pos
from ..render.attention import HighlightKind

# event kinds -> what they show, with the public data key naming the place
MOVES = ("move", "forced_move")
PLACES = {"tile_placed": "pos", "tile_revealed": "pos", "thief_placed": "pos", "tribe_revealed": "pos"}
ATTACKS = ("dragon_attack", "goblin_attack", "dragon_attacked", "backstab")


def _pos(value: object) -> Pos | None:
    """A place from an event's data: a pair of ints, else None (a token or a card has none)."""
    if isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (int(value[0]), int(value[1]))
    return None


def places_of(event: GameEvent, view: PlayerView) -> list[tuple[Pos, HighlightKind]]:
    """The spaces one event shows, from its public data and the viewer's view only: a place read
    from the data counts only when the public line names it."""
    if event.kind in ATTACKS:
        p = view.pieces.get(attacked_piece(event))      # where the viewer sees it (None: not on their map)
        return [(p, HighlightKind.ATTACK)] if p is not None else []
    return [(p, kind) for p, kind in _data_places(event) if fmt_pos(p) in event.public]


def _data_places(event: GameEvent) -> list[tuple[Pos, HighlightKind]]:
    d = event.data
    if event.kind in MOVES:
        to = _pos(d.get("to"))
        return [(to, HighlightKind.MOVE)] if to is not None else []
    if event.kind in PLACES:
        p = _pos(d.get(PLACES[event.kind]))
        return [(p, HighlightKind.PLACE)] if p is not None else []
    if event.kind == "terrain_placed":
        cells = [c for c in (_pos(x) for x in d.get("cells", ())) if c is not None]
        return [(c, HighlightKind.PLACE) for c in cells]
    if event.kind == "smash":
        p = _pos(d.get("pos"))
        return [(p, HighlightKind.SMASH)] if p is not None else []
    return []


def attacked_piece(event: GameEvent) -> str:
    """The piece an attack event happens at: the backstabbed piece, the Dragon (attacked by the Knight
    or a Tribe, or entering a tile to attack), or the attacking Tribe (it attacks on its own space)."""
    d = event.data
    if event.kind == "backstab" and isinstance(d.get("target"), str):
        return str(d["target"])
    if event.kind == "goblin_attack":
        return f"tribe:{d.get('tribe')}"
    return "dragon"
