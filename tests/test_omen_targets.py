"""The Cave's omen menu asks "has this omen a target?" through shortcuts (omens.HAS_TARGET)
instead of listing every target: over random four-role games the shortcut must agree with
the full list at every step."""
from __future__ import annotations

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.cards import omens


@pytest.mark.parametrize("seed", range(3))
def test_has_target_agrees_with_the_target_list(seed: int) -> None:
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave"), seed=seed))
    bot = RandomBot(seed)
    checked = {omen_id: [0, 0] for omen_id in omens.HAS_TARGET}
    while g.outcome is None and len(g.choices) < 3000:
        for omen_id in omens.HAS_TARGET:
            full = next(iter(omens.TARGETS[omen_id](g)), None) is not None
            assert omens.has_target(g, omen_id) == full, f"{omen_id} at step {len(g.choices)}"
            checked[omen_id][full] += 1
        assert g.pending is not None
        g.apply(bot(None, g.pending))
    assert all(yes > 0 for _, yes in checked.values()), checked
