"""Helpers every why-not routing module shares: role titles, a clicked space's position, a
clicked piece's id and place, and a piece's name in a sentence."""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ..geometry import Pos, parse_pos

if TYPE_CHECKING:
    from ..decisions import Target
    from ..game import Game

ROLE_TITLES = MappingProxyType({"knight": "Knight", "cave": "Cave", "goblins": "Goblins", "dragon": "Dragon", "thief": "Thief",
                                "ghoul": "Ghoul", "vile_ghoul": "Vile Ghoul"})


def _pos_of(t: Target) -> Pos | None:
    if t.kind != "space":
        return None
    try:
        return parse_pos(t.ref)
    except ValueError:
        return None


def _piece_pos(g: Game, t: Target) -> tuple[str, Pos | None]:
    """A piece target's piece id and where it is (tokens are ``kind@x,y``)."""
    name, _, at = t.ref.partition("@")
    if at:
        return name, parse_pos(at)
    return name, g.state.board.pieces.get(name)


def _thing(name: str) -> str:
    if name.startswith("tribe:"):
        return name.split(":", 1)[1].title() + " Tribe"
    if name.startswith("gem_"):
        return name[4:].title() + " Gem"
    return {"crystal": "Crystal token", "treasure": "Treasure token", "vault": "Vault token",
            "event": "Event token"}.get(name, ROLE_TITLES.get(name, name.title()))
