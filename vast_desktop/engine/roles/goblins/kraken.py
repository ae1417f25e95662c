"""The promo Monster Ground Kraken on a Tribe (promo-monsters variant, issue 28): when
that Tribe attacks — the Knight, the Dragon, the Thief or a Crystal token — the card is
removed from the game and, once the attack is resolved, the Dragon die is rolled at the
space the Tribe attacked from and the tiles it hits collapse (map/quake.py; the Goblins
choose where displaced pieces go).  Taking the card first keeps a scatter after the
attack from discarding it instead."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...geometry import Pos
from ...map.quake import quake_collapse
from .state import GoblinState

if TYPE_CHECKING:
    from ...game import Game, Proc


def take_kraken(g: Game, s: GoblinState, t: str, where: Pos | None) -> Pos | None:
    """If Tribe ``t`` holds the Ground Kraken, remove the card from the game now and
    return the space its quake will be rolled at (``where``); else None."""
    held = next((m for m in s.monsters[t] if g.card(m).handler == "ground_kraken"), None)
    if held is None or where is None:
        return None
    s.monsters[t].remove(held)
    g.state.removed_from_game.append(held)
    g.log("kraken", "The Ground Kraken joins the attack: it will heave the ground and leave the game.", card=held)
    return where


def kraken_strikes(g: Game, where: Pos | None) -> Proc:
    """After the attack: the Kraken's collapse at ``where`` (nothing without a Kraken)."""
    if where is None:
        return
    yield from quake_collapse(g, where, "goblins", "The Ground Kraken", "its Tribe attacked")
