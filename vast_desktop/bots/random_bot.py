"""The random computer player: any legal option, uniformly, from its own seeded RNG.

Bots are plain callables ``(PlayerView, Decision) -> option id`` so they cannot
see hidden state (ARCHITECTURE §5)."""
from __future__ import annotations

import random

from ..engine.decisions import Decision
from ..engine.view import PlayerView


class RandomBot:
    needs_view = False   # it ignores the view, so headless runs need not build one

    def __init__(self, seed: int = 0, end_turn_weight: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.end_turn_weight = end_turn_weight

    def __call__(self, view: PlayerView | None, decision: Decision) -> str:  # view unused: needs_view False
        keys = decision.option_ids()
        # Ending the turn at once is one option among dozens; weigh it so random games
        # still explore, but do not drag on for ever.
        if "end:" in keys and len(keys) > 1 and self.rng.random() > self.end_turn_weight:
            ids = list(keys)
            ids.remove("end:")          # the ids are unique: the same list as filtering it out, at C speed
        else:
            ids = list(keys)
        return ids[self.rng.randrange(len(ids))]
