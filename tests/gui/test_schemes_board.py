"""The Goblin Schemes on the Goblins' board (issue 28, VAR-26/27/29): bought Schemes face up for
everyone, the Schemes in hand only for their owner, the price and the stored Treasure in the
Secrets header, and a Scheme in hand clickable to buy it when a Plunder pays."""
from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.render import boards, text
from vast_desktop.render.boards import BoardLayout, draw_board

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
RECT = pygame.Rect(10, 10, 620, 560)


@pytest.fixture(scope="module")
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    text.reset_caches()
    boards.clear_caches()
    yield pygame.display.set_mode((660, 600))


def _buying() -> Game:
    """Fangs has just plundered a Treasure token; Underboss (cost 3) is affordable with it, the
    stored Treasure and Mercenaries."""
    from rules.helpers_goblins import WAR, base_tiles, to_activation

    gob = {"rage": 2, "war_deck": ["pain"] + [w for w in WAR if w != "pain"], "schemes": ["war_banner", "cave_oil"],
           "stored_treasure": 1, "hand": ["underboss", "mercenaries", "hex"],
           "population": {"fangs": 0, "bones": 0, "eye": 0}}
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3, "variants": ["schemes"]},
                       "active": "goblins", "tiles": base_tiles(), "goblins": gob,
                       "pieces": {"knight": [3, 0], "tribe:fangs": [1, 1]}, "tokens": {"1,1": {"treasure": 1}}})
    to_activation(g)
    g.state.goblins.population["fangs"] = 2
    g.apply("activate:fangs")
    g.apply("plunder:treasure")
    assert g.pending is not None and g.pending.kind == "scheme_buy"
    return g


def _draw(screen: pygame.Surface, g: Game, viewer: str) -> BoardLayout:
    v = view(g, viewer)
    hl = {f"{t.kind}:{t.ref}" for o in v.decision.options for t in o.targets} if v.decision else set()
    return draw_board(screen, RECT, v, "goblins", hl, None)


def test_a_scheme_in_hand_is_clicked_to_buy_it(screen: pygame.Surface) -> None:
    g = _buying()
    layout = _draw(screen, g, "goblins")
    for card in ("underboss", "mercenaries", "war_banner", "cave_oil"):
        assert f"card:{card}" in layout.regions, card
    assert layout.hit(layout.regions["card:underboss"].center) == "card:underboss"
    option = next(o for o in g.pending.options if any(t.ref == "underboss" for t in o.targets))
    g.apply(option.id)
    assert "underboss" in g.state.goblins.schemes


def test_bought_schemes_are_public_and_the_hand_is_not(screen: pygame.Surface) -> None:
    layout = _draw(screen, _buying(), "knight")
    assert "card:war_banner" in layout.regions and "card:cave_oil" in layout.regions
    assert "card:underboss" not in layout.regions and "card:mercenaries" not in layout.regions
