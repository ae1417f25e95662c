"""The Thief at the table (headless, real pygame events only): a whole Cave-and-Thief game played
by the Thief with clicks and drags alone, dragging him along a path (and refusing a way longer
than his Movement), the Flare as one click on his board, and his board (render/boards/thief.py):
a region for every slot/card target of his decisions, the same public board for every viewer,
tooltips, every size fits, a second frame drawn from the cached static layer; the setup screen
offers his difficulty levels."""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.geometry import fmt_pos, parse_pos
from vast_desktop.input.targets import walk_path
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import BoardLayout, draw_board
from vast_desktop.session import Seat
from vast_desktop.teach.describe import choices

from .board_cache import board_draws_from_cache
from .test_table import start

RECT = pygame.Rect(10, 10, 432, 574)          # the board's rectangle at 1600x900
MID: dict[str, Any] = {
    "setup": {"roles": ["knight", "dragon", "thief"], "seed": 5}, "active": "thief",
    "thief": {"flipped": [True, False, False], "upgrades": ["flip_2_to_3", "sticky_fingers", "plus_stealth"],
              "carried": ["treasure", "gem_claw"], "loot_drop": 2},
    "pieces": {"thief": [0, 0], "knight": [0, 0], "dragon": [0, 0]},
}


def _mid() -> Game:
    """The Thief mid-game (a flipped token, three upgrades, two tokens carried), assigning his tokens."""
    return load_scenario(MID)


def _draw(app, g: Game, viewer: str | None, rect: pygame.Rect = RECT,
          highlights: set[str] | frozenset[str] = frozenset()) -> BoardLayout:
    app.screen.fill((0, 0, 0))
    return draw_board(app.screen, rect, view(g, viewer), "thief", highlights)


def _thief_turn(robot) -> bool:
    d = robot.app.session.game.pending
    return d is not None and d.role == "thief" and d.kind == "thief_turn"


def _wait_for_thief(robot, limit: int = 400) -> None:
    """Let the computer players move (the table steps them each frame) until the Thief decides."""
    for _ in range(limit):
        g = robot.app.session.game
        if g.outcome is not None or (g.pending is not None and g.pending.role == "thief"):
            return
        robot.frames(1)
    raise AssertionError("the Thief never got to decide")


# ------------------------------------------------------------------ (a) a whole game
def _thief_choice(game: Game, chooser: random.Random) -> str:
    """A random choice with a little sense: actions with his cubes are liked, and with loot in hand
    he mostly heads home to the Entrance (so he stashes and picks upgrades)."""
    d = game.pending
    assert d is not None
    ids = list(d.ids)
    if "end:" in ids and len(ids) > 1 and chooser.random() > 0.15:
        ids.remove("end:")
    t = game.state.thief
    if d.kind == "thief_turn" and t is not None and t.carried:
        v = view(game, "thief")
        home = game.state.board.entrance
        dist = len(walk_path(v, v.pieces["thief"], home, through_dark=True))
        closer = [i for i in ids if i.startswith("move:")
                  and len(walk_path(v, parse_pos(i.split(":", 1)[1]), home, through_dark=True)) < dist]
        if closer and chooser.random() < 0.8:
            return closer[chooser.randrange(len(closer))]
    acts = [i for i in ids if i.startswith(("loot:", "picklock:", "hide:", "flare:"))]
    return acts[chooser.randrange(len(acts))] if acts and chooser.random() < 0.5 else ids[chooser.randrange(len(ids))]


def test_whole_cave_and_thief_game_played_by_the_thief_with_clicks_and_drags(app) -> None:
    """Cave (computer) and Thief (human): every Thief decision to the game's end is made with the
    mouse and keyboard only (his Stat token columns, Loot Drop spaces, upgrades and Flare on his
    board, spaces on the map); his steps are sometimes dragged onto the space."""
    robot = start(app, ("cave", "thief"), {"cave": Seat(False), "thief": Seat(True)}, seed=8)
    chooser = random.Random(8)
    steps = dragged = 0
    kinds: set[str] = set()
    verbs: set[str] = set()
    while app.session.game.outcome is None:
        _wait_for_thief(robot)
        game = app.session.game
        d = game.pending
        if game.outcome is not None or d is None:
            break
        kinds.add(d.kind)
        choice = _thief_choice(game, chooser)
        verbs.add(choice.split(":", 1)[0])
        use_drag = choice.startswith(("move:", "climb:")) and chooser.random() < 0.5
        dragged += use_drag
        robot.perform(choice, prefer_drag=use_drag)
        steps += 1
        assert steps < 1500
    robot.frames(3)
    assert app.session.game.outcome is not None
    assert {"thief_stats", "thief_turn", "thief_upgrade"} <= kinds, kinds
    assert {"assign", "move", "loot", "upgrade"} <= verbs, verbs
    assert dragged >= 3, dragged
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)


def test_the_thief_is_dragged_along_a_path_one_step_at_a_time(app) -> None:
    """Dragging the Thief two spaces away walks him there in two engine steps (over Dark tiles too);
    a way longer than his Movement left is refused with a message and nothing moves."""
    robot = start(app, ("knight", "thief"), {"knight": Seat(False), "thief": Seat(True)}, seed=2)
    game = app.session.game
    for _ in range(60):
        _wait_for_thief(robot)
        d = game.pending
        assert d is not None and game.outcome is None
        if d.kind == "thief_stats":
            robot.perform(max(d.ids))                    # the most Movement
            continue
        v = view(game, "thief")
        here = v.pieces["thief"]
        left = int(v.boards.thief.movement_left)
        goals = {p: walk_path(v, here, p, through_dark=True) for p in (t.pos for t in v.tiles)}
        two = [p for p, path in goals.items() if len(path) == 2 and d.option(f"move:{fmt_pos(path[0])}")]
        far = [p for p, path in goals.items() if len(path) > left]
        if d.kind == "thief_turn" and left >= 2 and two and far:
            break
        robot.perform("end:" if "end:" in d.ids else d.ids[0])
    else:
        raise AssertionError("no turn with a two-space walk")
    before = len(game.choices)
    src = robot.show_space(here)
    robot.drag(src, robot.show_space(far[0]))
    robot.frames(3)
    assert len(game.choices) == before and game.state.board.pieces["thief"] == here
    assert any("Too far" in t.message for t in app.toasts if t.error)
    goal = two[0]
    robot.drag(robot.show_space(here), robot.show_space(goal))
    for _ in range(20):
        robot.frames(1)
        if not robot.table.path_queue:
            break
    assert game.choices[before:] == [f"move:{fmt_pos(p)}" for p in goals[goal]]
    assert game.state.board.pieces["thief"] == goal


def test_the_flare_is_one_click_on_his_board(app) -> None:
    """The Thief's Flare lights his own space: no aiming mode, its card on his board is the target."""
    robot = start(app, ("cave", "thief"), {"cave": Seat(False), "thief": Seat(True)}, seed=4)
    game = app.session.game
    for _ in range(40):
        _wait_for_thief(robot)
        d = game.pending
        assert d is not None
        if d.kind == "thief_turn" and "flare:" in d.ids:
            break
        robot.perform(d.ids[0] if d.kind != "thief_turn" else "end:")
    else:
        raise AssertionError("the Flare was never offered")
    table = robot.table
    table.refresh()
    assert not any(k.startswith("mode:") for k in table.button_for), "the Thief's Flare needs no aiming"
    pos = robot.board_region("card:flare")
    assert pos is not None and "card:flare" in table.index.by_key
    before = len(game.choices)
    robot.click(pos)
    assert game.choices[before] == "flare:"


# ------------------------------------------------------------------ (b) regions
def _random_games(roles: tuple[str, ...], seeds: range, steps: int) -> Iterator[Game]:
    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        for _ in range(steps):
            if g.pending is None or g.outcome is not None:
                break
            yield g
            g.apply(bot(None, g.pending))


GAMES = [("thief",), ("cave", "thief"), ("knight", "thief"), ("knight", "goblins", "thief"),
         ("knight", "goblins", "dragon", "cave", "thief")]


@pytest.mark.parametrize("roles", GAMES)
def test_every_thief_slot_and_card_target_has_a_board_region(app, roles: tuple[str, ...]) -> None:
    """Random games: every ``thief.`` slot and the Flare card of a Thief decision is a region of his
    board as he sees it; any other card he aims at (a Knight's Treasure, the Goblin Ruby) is on
    some board of the table."""
    seen: set[str] = set()
    for g in _random_games(roles, range(1, 4), 900):
        d = g.pending
        assert d is not None
        if d.role != "thief":
            continue
        want = {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets
                if (t.kind == "slot" and t.ref.startswith("thief.")) or (t.kind == "card" and t.ref == "flare")}
        others = {f"card:{t.ref}" for o in d.options for t in o.targets if t.kind == "card" and t.ref != "flare"}
        if not want and not others:
            continue
        layout = _draw(app, g, "thief", highlights=want)
        missing = want - set(layout.regions)
        assert not missing, f"{d.kind}: no region for {sorted(missing)}"
        if others:
            everywhere: set[str] = set()
            for role in g.state.roles:
                everywhere |= set(draw_board(app.screen, RECT, view(g, "thief"), role).regions)
            assert others <= everywhere, f"{d.kind}: no region for {sorted(others - everywhere)}"
        seen |= {k.rsplit(".", 1)[0] if k.startswith("slot:thief.") else k for k in want}
    assert "slot:thief.stats" in seen or roles == ("knight", "goblins", "dragon", "cave", "thief"), seen
    if roles in (("thief",), ("cave", "thief")):
        assert {"slot:thief.stats", "slot:thief.loot_drop", "card:flare"} <= seen, seen


def test_the_board_is_public_and_shows_the_numbers(app) -> None:
    g = _mid()
    own = _draw(app, g, "thief")
    assert {k for k in own.regions if k.startswith("slot:thief.stats.")} == \
        {f"slot:thief.stats.{o.id.split(':', 1)[1]}" for o in g.pending.options}
    for viewer in ("knight", "dragon", None):          # the choice is his to make: only he sees the columns
        assert not any(k.startswith("slot:thief.stats.") for k in _draw(app, g, viewer).regions), viewer
    g.apply(g.pending.options[0].id)                    # assigned: now his board reads alike for everyone
    text_mod.DRAWN.clear()
    own = _draw(app, g, "thief")
    mine = sorted(t for t in text_mod.DRAWN if t != "your board")
    for viewer in ("knight", "dragon", None):
        text_mod.DRAWN.clear()
        layout = _draw(app, g, viewer)
        assert sorted(t for t in text_mod.DRAWN if t != "public view") == mine, viewer
        # alike but for what clicking does: only the Thief decides, so only his tooltips add his clicks
        mine_v = view(g, "thief")
        assert {k: t + choices(mine_v, Target(*k.split(":", 1))) for k, t in layout.tooltips.items()} \
            == own.tooltips
        tips = layout.tooltips
        assert "Stealth 2" in tips["info:thief.stealth"] and "−2 for the 2 unstashed" in tips["info:thief.stealth"]
        assert "+1 from the Stat Boost" in tips["info:thief.stealth"]
        assert "dark side" in tips["info:thief.movement"] or "dark side" in tips["info:thief.thievery"] \
            or "dark side" in tips["info:thief.stealth"]
        assert "(now)" in tips["slot:thief.loot_drop.2"] and "2 Power cards" in tips["slot:thief.loot_drop.2"]
        assert "in effect" in tips["slot:thief.upgrade.sticky_fingers"]
        assert "take Flip 2 to 3 first" not in tips["slot:thief.upgrade.flip_3_to_4"]      # (2 to 3 is taken)
        assert "the Gem" not in tips["info:thief.carried"] and "Claw Gem" in tips["info:thief.carried"]
        assert "3 of 6" in tips["info:thief.stash"]
    for uid in ("sticky_fingers", "lock_picking_kit", "climbing_gear", "hand_crossbow", "unnatural_evasion",
                "plus_movement", "plus_stealth", "plus_thievery", "flip_2_to_3", "flip_3_to_4", "flip_all_4"):
        assert f"slot:thief.upgrade.{uid}" in own.regions
    assert "card:flare" in own.regions          # knight + dragon + thief: the Thief holds the Flare (RV-05)


@pytest.mark.parametrize("size", [(300, 420), (300, 500), (432, 574), (520, 900)])
def test_thief_board_regions_fit(app, size: tuple[int, int]) -> None:
    rect = pygame.Rect((20, 30), size)
    games = [_mid(), new_game(Setup(roles=("cave", "thief"), seed=1))]
    up = next((g for g in _random_games(("cave", "thief"), range(1, 30), 900)
               if g.pending is not None and g.pending.kind == "thief_upgrade"), None)
    assert up is not None
    games.append(up)
    for g in games:
        for viewer in ("thief", "cave", None):
            if viewer not in g.state.roles and viewer is not None:
                continue
            layout = _draw(app, g, viewer, rect=rect)
            assert set(layout.regions) == set(layout.tooltips)
            for key, r in layout.regions.items():
                assert layout.tooltips[key].strip(), key
                assert rect.contains(r), f"{key} {r} leaves {rect} at {size}"
                assert r.w > 4 and r.h > 4
            slots = [r for k, r in layout.regions.items() if k.startswith(("slot:", "card:"))]
            for i, a in enumerate(slots):               # clickable places never overlap
                for b in slots[i + 1:]:
                    assert not a.colliderect(b), (a, b)


def test_thief_board_frame_draws_from_the_cache(app) -> None:
    """The Thief's board, his and as another sees it: a second frame is drawn on the first's cached static
    layer, the same (the frame time is a figure of ``vast.py bench --gui``)."""
    g = _mid()
    for viewer in ("thief", "knight"):
        board_draws_from_cache(app.screen, RECT, view(g, viewer), "thief", "slot:thief.loot_drop.1")


# ------------------------------------------------------------------ the setup screen
def test_setup_offers_the_thief_and_his_difficulty_levels(app) -> None:
    from vast_desktop.screens.setup import SetupScreen

    setup = SetupScreen(app)
    app.push(setup)
    setup.toggle_role("thief")
    assert setup.role_buttons["thief"].is_enabled
    assert set(setup.level_labels["thief"].values()) == {"footpad", "burglar", "thief", "prowler", "invader"}
    assert setup.level_of("thief") == "thief"
    menu = setup.level_menus["thief"]
    setup.on_menu(menu, next(k for k, v in setup.level_labels["thief"].items() if v == "invader"))
    assert setup.config is not None and setup.config.extra["thief_no_upgrade_first"] == 2
    text_mod.DRAWN.clear()
    app.step(1 / 60)
    drawn = " ".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))
    assert "Invader (Expert)" in drawn and "the first two earn no upgrade" in drawn and "later version" not in drawn
