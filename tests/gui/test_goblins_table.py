"""The Goblins at the table (headless, real pygame events only): a whole Goblins-solo game
played by clicks and drags, pass-and-play privacy between the Knight and the Goblins, and
their board (render/boards/goblins.py): a region for every slot/card target of their
decisions, hidden parts only for them, tooltips, every size fits, a second frame drawn from the
cached static layer."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import BoardLayout, draw_board
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.session import Seat

from .board_cache import board_draws_from_cache
from .robot import Robot
from .test_table import pass_curtain, start

RECT = pygame.Rect(10, 10, 432, 574)          # the board's rectangle at 1600x900
MID = {
    "setup": {"roles": ["knight", "goblins"], "seed": 5}, "active": "goblins",
    "goblins": {"population": {"fangs": 1, "bones": 3, "eye": 1}, "rage": 2,
                "monsters": {"fangs": ["ogre"], "bones": ["pet_frog", "underworm"], "eye": []},
                "hand": ["cave_in", "fire_bomber", "hex"], "face_up": ["trap"]},
}


def _visible_text(app) -> str:
    return "\n".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))


def _names(game: Game, cards: list[str]) -> list[str]:
    return [str(game.card(c).name) for c in cards]


# ------------------------------------------------------------------ (a) a whole game
def test_whole_goblins_solo_game_by_clicks_and_drags(app) -> None:
    """A Goblins-solo game played to its end with the mouse and keyboard only; Tribes are
    sometimes dragged onto their destination, or clicked on the map to be activated."""
    robot = start(app, ("goblins",), {"goblins": Seat(True)}, seed=7)
    assert app.settings.animation_speed == 0.0
    chooser = random.Random(7)
    steps = dragged = map_clicks = 0
    kinds: set[str] = set()
    while app.session.game.outcome is None:
        d = app.session.game.pending
        assert d is not None and d.role == "goblins"
        kinds.add(d.kind)
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.25:
            ids.remove("end:")
        choice = ids[chooser.randrange(len(ids))]
        opt = d.option(choice)
        assert opt is not None
        piece = next((t.ref for t in opt.targets if t.kind == "piece"), None)
        on_map = piece is not None and piece in app.session.game.state.board.pieces
        use_drag = choice.startswith("move:") and on_map and chooser.random() < 0.6
        # a Tribe on the map named alone (Activate, scatter): click the piece instead of its button
        use_map = on_map and not any(t.kind == "space" for t in opt.targets) and chooser.random() < 0.6
        dragged += use_drag
        map_clicks += use_map
        robot.perform(choice, prefer_drag=use_drag, prefer_map=use_map)
        steps += 1
        assert steps < 2000
    robot.frames(3)
    assert app.session.game.outcome is not None
    assert {"populate", "goblins_turn", "reveal_tribe", "tribe_activation"} <= kinds, kinds
    assert dragged >= 3 and map_clicks >= 3, (dragged, map_clicks)
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)


# ------------------------------------------------------------------ (b) privacy
def _check_screen(robot: Robot, forbidden: list[str], who: str) -> None:
    """Every tab of the table as ``who`` sees it now: none of ``forbidden`` is drawn."""
    app = robot.app
    table = robot.table
    for _ in table.view.roles if table.view else ():
        text_mod.DRAWN.clear()
        robot.frames(1)
        seen = _visible_text(app)
        for name in forbidden:
            assert name not in seen, f"{who}'s screen ({table.board_tab} tab) shows {name!r}"
        robot.key(pygame.K_b)


def test_knight_vs_goblins_privacy_after_each_hand_off(app) -> None:
    robot = start(app, ("knight", "goblins"), {"knight": Seat(True), "goblins": Seat(True)}, seed=9)
    game = app.session.game
    chooser = random.Random(9)
    handoffs = {"knight": 0, "goblins": 0}
    held_secrets = 0
    for _ in range(700):
        if app.session.game.outcome is not None:
            break
        if isinstance(app.top, HandoffScreen):
            role = app.top.role
            text_mod.DRAWN.clear()
            robot.frames(1)
            curtain = _visible_text(app)
            pass_curtain(robot)
            robot.frames(2)
            assert app.session.viewer == role
            game = app.session.game
            public = "\n".join(e.public for e in game.events)
            if role == "knight":
                hand = _names(game, list(game.state.goblins.hand))
                forbidden = [n for n in hand if n not in public]     # (a copy played earlier is public)
                held_secrets += len(forbidden)
            else:
                quests = _names(game, list(game.state.knight.sidequests))
                forbidden = [n for n in quests if n not in public]
            for name in forbidden:
                assert name not in curtain, f"the curtain shows {name!r}"
            _check_screen(robot, forbidden, role)
            handoffs[role] += 1
            continue
        d = app.session.game.pending
        assert d is not None
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.3:
            ids.remove("end:")
        robot.perform(ids[chooser.randrange(len(ids))])
        robot.frames(1)
    assert handoffs["knight"] >= 3 and handoffs["goblins"] >= 3, handoffs
    assert held_secrets > 0, "the Goblins never held a Secret the Knight could have seen"


def test_the_curtain_hides_the_table_from_its_very_first_frame(app) -> None:
    """The frame in which the curtain comes up draws nothing of the table below (its log holds the
    previous player's private lines)."""
    from vast_desktop.render.theme import BG

    robot = start(app, ("knight", "goblins"), {"knight": Seat(True), "goblins": Seat(True)}, seed=11)
    log_rect = robot.table.log_rect
    session = app.session
    chooser = random.Random(3)
    for _ in range(300):
        d = session.game.pending
        assert d is not None
        ids = [i for i in d.ids if i != "discard:"] or list(d.ids)
        session.choose(ids[chooser.randrange(len(ids))])
        app.step(1 / 60)
        if isinstance(app.top, HandoffScreen):
            samples = {tuple(app.screen.get_at((log_rect.x + log_rect.w * i // 16, log_rect.y + log_rect.h * j // 16)))[:3]
                       for i in range(1, 16) for j in range(1, 16)}
            assert samples == {BG}, "the table's log shows through the curtain's first frame"
            return
    raise AssertionError("no hand-off happened")


# ------------------------------------------------------------------ (c) regions
def _draw(app, g: Game, viewer: str | None, role: str = "goblins", rect: pygame.Rect = RECT,
          highlights: set[str] | frozenset[str] = frozenset()) -> BoardLayout:
    app.screen.fill((0, 0, 0))
    return draw_board(app.screen, rect, view(g, viewer), role, highlights)


def _goblin_board_targets(g: Game) -> set[str]:
    """The slot and card targets of the pending Goblins decision (and hidden Tribes chosen as pieces)."""
    d = g.pending
    assert d is not None
    keys = set()
    on_map = g.state.board.pieces
    for o in d.options:
        for t in o.targets:
            if t.kind == "slot" and t.ref.startswith("goblins."):
                keys.add(f"slot:{t.ref}")
            elif t.kind == "card":
                keys.add(f"card:{t.ref}")
            elif t.kind == "piece" and t.ref.startswith("tribe:") and t.ref not in on_map:
                keys.add(f"piece:{t.ref}")
    return keys


def _random_games(roles: tuple[str, ...], seeds: range, steps: int) -> Iterator[Game]:
    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        rng = random.Random(seed)
        for _ in range(steps):
            if g.pending is None:
                break
            yield g
            g.apply(rng.choice(g.pending.options).id)


@pytest.mark.parametrize("roles", [("goblins",), ("knight", "goblins"), ("knight", "goblins", "cave")])
def test_every_goblins_slot_and_card_target_has_a_board_region(app, roles: tuple[str, ...]) -> None:
    seen: dict[str, int] = {}
    for g in _random_games(roles, range(1, 5), 700):
        d = g.pending
        assert d is not None
        if d.role == "cave" and any(t.ref == "goblins" for o in d.options for t in o.targets):
            assert "slot:goblins" in _draw(app, g, "cave").regions      # Soporific Spores aims at them
        if d.role == "goblins" and any(t.ref == "cave.omens" for o in d.options for t in o.targets):
            assert "slot:cave.omens" in _draw(app, g, "goblins", "cave").regions    # Hex on the Cave
        if d.role != "goblins":
            continue
        want = _goblin_board_targets(g)
        if not want:
            continue
        layout = _draw(app, g, "goblins", highlights=want)
        missing = want - set(layout.regions)
        assert not missing, f"{d.kind}: no region for {sorted(missing)}"
        seen[d.kind] = seen.get(d.kind, 0) + 1
        others = [r for r in roles if r != "goblins"] + [None]
        hand = {f"card:{c}" for c in g.state.goblins.hand}
        for viewer in others:
            assert not hand & set(_draw(app, g, viewer).regions), f"a Secret in hand has a region for {viewer}"
    assert {"populate", "goblins_turn", "tribe_activation", "war_card"} <= set(seen), seen
    if "knight" in roles:
        assert {"assign_monster", "overpopulation"} <= set(seen), seen


# ------------------------------------------------------------------ the board itself
def _mid() -> Game:
    g = load_scenario(MID)
    while g.pending is not None and g.pending.kind != "goblins_turn":
        d = g.pending
        g.apply("discard:" if d.kind == "assign_monster" else d.options[0].id)
    return g


def test_goblins_board_privacy(app) -> None:
    g = _mid()
    hand = _names(g, list(g.state.goblins.hand))
    assert {"Cave-In", "Fire Bomber", "Hex"} <= set(hand)
    text_mod.DRAWN.clear()
    own = _draw(app, g, "goblins")
    assert set(hand) <= set(text_mod.DRAWN)
    for c in g.state.goblins.hand:
        assert f"card:{c}" in own.regions
    for viewer in ("knight", None):
        text_mod.DRAWN.clear()
        layout = _draw(app, g, viewer)
        drawn = " | ".join(text_mod.DRAWN)
        for name in hand:
            assert name not in drawn, f"{name} drawn for {viewer}"
            assert all(name not in tip for tip in layout.tooltips.values()), f"{name} in a tooltip for {viewer}"
        assert "Trap" in text_mod.DRAWN                        # face up: public
        assert "Ogre" in text_mod.DRAWN and "Pet Frog" in text_mod.DRAWN     # Monsters: public
        assert f"Secrets: {len(hand)} in hand, 1 face up" in text_mod.DRAWN
        assert len([k for k in layout.regions if k.startswith("info:goblins.secret.")]) == len(hand)


def test_goblins_board_shows_the_numbers(app) -> None:
    g = _mid()
    layout = _draw(app, g, "knight")
    s = g.state.goblins
    from vast_desktop.engine.roles.goblins.turn import tribe_strength

    for t in ("fangs", "bones", "eye"):
        tip = layout.tooltips[f"slot:goblins.{t}"]
        assert f"Population {s.population[t]} of 4" in tip
        assert f"Strength {tribe_strength(g, t)}" in tip
        assert f"Perception {s.population[t] + 1}" in tip
        assert f"slot:goblins.{t}.monster" in layout.regions and f"slot:goblins.{t}.special" in layout.regions
    assert "card:ogre" in layout.regions and "Ogre" in layout.tooltips["card:ogre"]
    assert f"Rage {s.rage} of 3" in layout.tooltips["info:goblins.rage"]
    assert "Malaise" in text_mod.DRAWN


@pytest.mark.parametrize("size", [(300, 500), (432, 574), (520, 900)])
def test_goblins_board_regions_fit(app, size: tuple[int, int]) -> None:
    rect = pygame.Rect((20, 30), size)
    games = [_mid(), new_game(Setup(roles=("goblins",), seed=1))]
    wg = next((g for g in _random_games(("knight", "goblins"), range(1, 4), 600)
               if g.pending is not None and g.pending.kind == "war_card"), None)
    assert wg is not None
    games.append(wg)
    for g in games:
        for viewer in (*g.state.roles, None):
            layout = _draw(app, g, viewer, rect=rect)
            assert set(layout.regions) == set(layout.tooltips)
            # a board too tall for a small rect at a readable size says how tall it is (the table scrolls it)
            whole = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, layout.height))
            for key, r in layout.regions.items():
                assert layout.tooltips[key].strip(), key
                assert whole.contains(r), f"{key} {r} leaves {whole} at {size}"
                assert r.w > 4 and r.h > 4


def test_goblins_board_frame_draws_from_the_cache(app) -> None:
    """The Goblins' board, theirs and as another sees it: a second frame is drawn on the first's cached
    static layer, the same (the frame time is a figure of ``vast.py bench --gui``)."""
    g = _mid()
    for viewer in ("goblins", "knight"):
        board_draws_from_cache(app.screen, RECT, view(g, viewer), "goblins", "slot:goblins.fangs")
