"""``view_texts`` (the tests' shortcut past ``PlayerView.to_dict``) reads exactly the strings
``to_dict`` holds: at every step of random games with every role (Terrain, whose placements
add footprint previews; Dragon Scales; Thief Upgrades), for every viewer, the same multiset
of board texts, the same decision texts and option ids, the same log."""
from __future__ import annotations

from collections import Counter

import pytest
from test_privacy import strings
from view_texts import view_texts

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view

FIVE = ("knight", "goblins", "dragon", "cave", "thief")
GAMES = [(FIVE, ("terrain",)), (FIVE, ("dragon-scales", "thief-upgrades")), (("knight", "cave"), ("random-terrain",))]


@pytest.mark.parametrize("roles, variants", GAMES, ids=["-".join(v) for _, v in GAMES])
def test_view_texts_are_the_strings_of_to_dict(roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    g = new_game(Setup(roles=roles, seed=5, variants=variants))
    bot = RandomBot(5)
    decisions = 0
    while g.outcome is None and len(g.choices) < 120:
        for viewer in (*g.state.roles, None):
            pv = view(g, viewer)
            texts = view_texts(pv)
            d = pv.to_dict()
            log = d.pop("log")
            decision = d.pop("decision")
            where = f"step {len(g.choices)}, view({viewer!r})"
            assert Counter(texts.board) == Counter(strings(d)), where
            assert Counter(texts.decision) == Counter(strings(decision)), where
            assert texts.option_ids == (tuple(o["id"] for o in decision["options"]) if decision else ()), where
            assert texts.log == tuple(log), where
            decisions += decision is not None
        assert g.pending is not None
        g.apply(bot(None, g.pending))
    assert decisions >= 100
