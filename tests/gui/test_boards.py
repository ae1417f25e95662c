"""Player boards (render/boards/): every engine target on a board has a region, private parts
are drawn only for their owner, tooltips exist, every size fits, and a second frame is drawn
from the cached static layer."""
from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pygame
import pytest

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.render import boards, text
from vast_desktop.render.boards import TYPE_LABELS, BoardLayout, draw_board, draw_board_tabs
from vast_desktop.rules_data import load_rules_data

from .board_cache import board_draws_from_cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZES = [(300, 500), (420, 860), (520, 900)]
RECT = pygame.Rect(10, 10, 420, 860)

KNIGHT_MID = {
    "setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "knight",
    "knight": {"grit": 20, "cubes_free": 5, "health": 5, "grit_spaces": [26, 35], "bombs_left": 2, "smashed": 2,
               "treasures": ["elven_sword", "potion_kit"], "face_up": ["elven_sword"]},
}


@pytest.fixture(scope="module")
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    # another module may have quit pygame: drop everything cached from an earlier display
    text.reset_caches()
    boards.clear_caches()
    surf = pygame.display.set_mode((600, 960))
    yield surf


def _knight_mid() -> Game:
    g = load_scenario(KNIGHT_MID)
    for choice in ("cube:movement", "cube:strength", "cube:treasure:elven_sword", "cube:map"):
        g.apply(choice)
    return g


def _board_targets(g: Game, role: str) -> set[str]:
    """Region keys the pending decision of ``role`` expects on ``role``'s board."""
    d = g.pending
    if d is None or d.role != role:
        return set()
    keys = set()
    for o in d.options:
        for t in o.targets:
            if t.kind == "slot" and t.ref.startswith(f"{role}."):
                keys.add(f"slot:{t.ref}")
            elif t.kind == "card" or (t.kind == "hand_tile" and t.ref != "drawn"):
                keys.add(f"{t.kind}:{t.ref}")
            if t.drag_from in ("knight.cubes",) or (t.drag_from or "").startswith("hand:"):
                keys.add(f"drag:{t.drag_from}")
    return keys


def _draw(screen: pygame.Surface, g: Game, viewer: str | None, role: str,
          rect: pygame.Rect = RECT, highlights: frozenset[str] | set[str] = frozenset()) -> BoardLayout:
    screen.fill((0, 0, 0))
    return draw_board(screen, rect, view(g, viewer), role, highlights)


def _random_games(roles: tuple[str, ...], seeds: range, steps: int) -> Iterator[Game]:
    """Games played with random legal choices, yielded at every decision."""
    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        rng = random.Random(seed)
        for _ in range(steps):
            d = g.pending
            if d is None:
                break
            yield g
            g.apply(rng.choice(d.options).id)


@pytest.mark.parametrize("roles", [("knight",), ("knight", "cave")])
def test_every_board_target_of_the_pending_decision_has_a_region(screen: pygame.Surface,
                                                                  roles: tuple[str, ...]) -> None:
    seen = 0
    for g in _random_games(roles, range(1, 4), 300):
        d = g.pending
        assert d is not None
        if d.role not in ("knight", "cave"):
            continue
        want = _board_targets(g, d.role)
        if not want:
            continue
        layout = _draw(screen, g, d.role, d.role, highlights=want)
        missing = want - set(layout.regions)
        assert not missing, f"{d.kind}: no region for {sorted(missing)}"
        seen += 1
    assert seen > 20


def test_cube_options_have_slot_regions_mid_game(screen: pygame.Surface) -> None:
    g = _knight_mid()
    d = g.pending
    assert d is not None
    cube_slots = {f"slot:{t.ref}" for o in d.options if o.id.startswith("cube:") for t in o.targets}
    assert "slot:knight.treasure:potion_kit" in cube_slots
    layout = _draw(screen, g, "knight", "knight")
    assert cube_slots <= set(layout.regions)
    assert "drag:knight.cubes" in layout.regions
    assert "card:elven_sword" in layout.regions and "card:potion_kit" in layout.regions
    assert layout.hit(layout.regions["slot:knight.strength"].center) == "slot:knight.strength"


def test_cave_hand_tiles_only_for_the_cave(screen: pygame.Surface) -> None:
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    hand = view(g, "cave").boards.cave.hand
    assert hand
    own = _draw(screen, g, "cave", "cave")
    for tile in hand:
        assert f"hand_tile:{tile}" in own.regions and f"drag:hand:{tile}" in own.regions
    for viewer in ("knight", None):
        other = _draw(screen, g, viewer, "cave")
        assert not [k for k in other.regions if k.startswith(("hand_tile:", "drag:hand:"))]
        assert len([k for k in other.regions if k.startswith("info:cave.hand.")]) == len(hand)


def test_omen_slots_are_regions(screen: pygame.Surface) -> None:
    layout = _draw(screen, new_game(Setup(roles=("knight", "cave"), seed=1)), "knight", "cave")
    for omen in load_rules_data().omens:
        assert f"slot:cave.omen.{omen.id}" in layout.regions


def test_knight_privacy_for_other_viewers(screen: pygame.Surface) -> None:
    g = _knight_mid()
    own = view(g, "knight").boards.knight
    rd = load_rules_data()
    secret = [rd.card(c).name for c in own.sidequests + own.facedown]
    assert "Potion Kit" in secret and len(secret) == 4
    text.DRAWN.clear()
    _draw(screen, g, "knight", "knight")
    assert set(secret) <= set(text.DRAWN)          # the owner sees them
    for viewer in ("cave", None):
        text.DRAWN.clear()
        layout = _draw(screen, g, viewer, "knight")
        drawn = " | ".join(text.DRAWN)
        assert "3 Sidequests" in text.DRAWN
        for name in secret:
            assert name not in drawn, f"{name} drawn for {viewer}"
            assert all(name not in tip for tip in layout.tooltips.values())
        assert "Elven Sword" in text.DRAWN          # face up: public


def test_cave_privacy_for_other_viewers(screen: pygame.Surface) -> None:
    for g in _random_games(("knight", "cave"), range(1, 3), 80):
        own = view(g, "cave").boards.cave
        labels = {TYPE_LABELS[t] for t in own.hand_types}
        events = [load_rules_data().card(c).name for c in own.event_top3]
        text.DRAWN.clear()
        _draw(screen, g, "cave", "cave")
        assert labels <= set(text.DRAWN)
        text.DRAWN.clear()
        layout = _draw(screen, g, "knight", "cave")
        assert not labels & set(text.DRAWN), "a tile type of the Cave's hand was drawn for the Knight"
        drawn = " | ".join(text.DRAWN)
        assert not [t for t in own.hand if t in drawn]
        assert f"Cave hand: {len(own.hand)} tiles" in text.DRAWN
        assert not [e for e in events if e in drawn]
        assert "Top of the Event deck" not in text.DRAWN
        assert not [t for t in own.hand if any(t in tip for tip in layout.tooltips.values())]


@pytest.mark.parametrize("size", SIZES)
def test_tooltips_and_regions_fit(screen: pygame.Surface, size: tuple[int, int]) -> None:
    rect = pygame.Rect((20, 30), size)
    cases = [(_knight_mid(), "knight")]
    for health in (5, 9):
        scen = {"setup": {"roles": ["knight"], "seed": 2}, "knight": {"health": health, "max_health": health}}
        cases.append((load_scenario(scen), "knight"))
    g2 = new_game(Setup(roles=("knight", "cave"), seed=1))
    cases.append((g2, "cave"))
    for g, role in cases:
        for viewer in (*g.state.roles, None):
            layout = _draw(screen, g, viewer, role, rect)
            assert layout.regions
            assert set(layout.regions) == set(layout.tooltips)
            # a board too tall for a small rect at a readable size says how tall it is (the table scrolls it)
            whole = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, layout.height))
            for key, r in layout.regions.items():
                assert layout.tooltips[key].strip(), key
                assert whole.contains(r), f"{key} {r} leaves {whole} at {size}"
                assert r.w > 4 and r.h > 4


def test_offered_cards_for_the_decider(screen: pygame.Surface) -> None:
    found = {"keep_treasure": False, "choose_event": False, "choose_treasure": False}
    for g in _random_games(("knight", "cave"), range(1, 6), 400):
        d = g.pending
        assert d is not None
        if d.kind in found and not found[d.kind]:
            cards = {f"card:{t.ref}" for o in d.options for t in o.targets if t.kind == "card"}
            layout = _draw(screen, g, d.role, d.role)
            assert cards <= set(layout.regions)
            other = "cave" if d.role == "knight" else "knight"
            assert not cards & set(_draw(screen, g, other, d.role).regions)
            found[d.kind] = True
        if all(found.values()):
            break
    assert all(found.values()), found


def test_tabs(screen: pygame.Surface) -> None:
    rect = pygame.Rect(10, 10, 420, 30)
    tabs = draw_board_tabs(screen, rect, ("knight", "cave"), "cave")
    assert set(tabs) == {"knight", "cave"}
    assert not tabs["knight"].colliderect(tabs["cave"])
    assert all(rect.contains(r) for r in tabs.values())
    text.DRAWN.clear()
    draw_board_tabs(screen, pygame.Rect(0, 0, 300, 26), ("knight", "goblins", "dragon", "cave", "thief"), "knight")
    assert "K" in text.DRAWN and "Knight" in text.DRAWN


def test_a_frame_draws_from_the_cache(screen: pygame.Surface) -> None:
    """The Knight's and the Cave's boards: a second frame is drawn on the first's cached static layer,
    the same (their frame time is a figure of ``vast.py bench --gui``)."""
    g = _knight_mid()
    gc = new_game(Setup(roles=("knight", "cave"), seed=1))
    cases = [(view(g, "knight"), "knight"), (view(gc, "cave"), "cave"), (view(gc, "knight"), "cave")]
    for v, role in cases:
        board_draws_from_cache(screen, RECT, v, role, "slot:knight.strength")
