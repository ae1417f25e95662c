"""The Ghoul at the table (headless, real pygame events only): a whole Knight-and-Ghoul game played
by clicks (the dice set aside on its board, the Terror cards on its board, map spaces, buttons),
privacy at each hand-off of a pass-and-play Knight-and-Ghoul game, and its board
(render/boards/ghoul.py): a region for every Ghoul slot/card target the engine offers, the Terror
cards drawn to choose among shown to the Ghoul alone, tooltips, every size fits, a second frame
drawn from the cached static layer."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.geometry import fmt_pos
from vast_desktop.input.targets import walk_path
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import BoardLayout, draw_board
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.session import Seat

from .board_cache import board_draws_from_cache
from .test_table import pass_curtain, start

RECT = pygame.Rect(10, 10, 432, 574)          # the board's rectangle at 1600x900


def _draw(app, g: Game, viewer: str | None, rect: pygame.Rect = RECT,
          highlights: set[str] | frozenset[str] = frozenset()) -> BoardLayout:
    app.screen.fill((0, 0, 0))
    return draw_board(app.screen, rect, view(g, viewer), "ghoul", highlights)


def _random_games(roles: tuple[str, ...], seeds: range, steps: int) -> Iterator[Game]:
    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        for _ in range(steps):
            if g.pending is None or g.outcome is not None:
                break
            yield g
            g.apply(bot(None, g.pending))


def _moment(roles: tuple[str, ...], kind: str, seeds: range = range(1, 30)) -> Game:
    g = next((g for g in _random_games(roles, seeds, 2500) if g.pending is not None and g.pending.kind == kind),
             None)
    assert g is not None, f"no {kind} in {roles}"
    return g


def _wait_for_ghoul(robot, limit: int = 400, role: str = "ghoul") -> None:
    """Let the computer players move (the table steps them each frame) until ``role`` decides."""
    for _ in range(limit):
        g = robot.app.session.game
        if g.outcome is not None or (g.pending is not None and g.pending.role == role):
            return
        robot.frames(1)
    raise AssertionError(f"the {role} never got to decide")


def play_by_clicks(app, roles: tuple[str, ...], role: str, seed: int, end_bias: float = 0.15):
    """A game of ``roles`` with ``role`` human and the others computers, every decision of ``role``
    to the game's end made with the mouse only (a board target clicked on its board when the option
    has one); returns the robot, the decision kinds met and how many were chosen on the board."""
    robot = start(app, roles, {r: Seat(r == role) for r in roles}, seed=seed)
    chooser = random.Random(seed)
    kinds: set[str] = set()
    on_board = 0
    steps = 0
    while app.session.game.outcome is None:
        _wait_for_ghoul(robot, role=role)
        game = app.session.game
        d = game.pending
        if game.outcome is not None or d is None:
            break
        kinds.add(d.kind)
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > end_bias:
            ids.remove("end:")
        choice = ids[chooser.randrange(len(ids))]
        o = d.option(choice)
        assert o is not None
        robot.table.refresh()
        board_keys = [f"{t.kind}:{t.ref}" for t in o.targets if t.kind in ("slot", "card")]
        if board_keys and choice not in robot.table.button_for:
            assert any(k in robot.table.board_layout.regions for k in board_keys) \
                or robot.board_region(board_keys[0]) is not None, f"{choice}: nothing on the board to click"
            on_board += 1
        robot.perform(choice)
        steps += 1
        assert steps < 1500
    robot.frames(3)
    return robot, kinds, on_board


# ------------------------------------------------------------------ (a) a whole game
def test_whole_knight_and_ghoul_game_played_by_the_ghoul_with_clicks(app) -> None:
    """Knight (computer) and Ghoul (human): every Ghoul decision to the game's end is made with the
    mouse only; the die to set aside is clicked on its board, the Terror cards there too."""
    _robot, kinds, on_board = play_by_clicks(app, ("knight", "ghoul"), "ghoul", 5)
    assert app.session.game.outcome is not None
    assert {"ghoul_place", "ghoul_turn"} <= kinds, kinds
    assert on_board >= 3, on_board
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)


def test_the_ghoul_is_dragged_along_a_path_one_step_at_a_time(app) -> None:
    """Dragging the Ghoul two spaces away walks it there in two engine steps (over Dark tiles too); a
    way longer than its movement left is refused with a message and nothing moves."""
    robot = start(app, ("knight", "ghoul"), {"knight": Seat(False), "ghoul": Seat(True)}, seed=2)
    game = app.session.game
    for _ in range(80):
        _wait_for_ghoul(robot)
        d = game.pending
        assert d is not None and game.outcome is None
        if d.kind != "ghoul_turn":
            robot.perform(d.ids[0])
            continue
        v = view(game, "ghoul")
        here = v.pieces["ghoul"]
        left = int(v.boards.ghoul.movement)
        goals = {p: walk_path(v, here, p, through_dark=True) for p in (t.pos for t in v.tiles)}
        two = [p for p, path in goals.items() if len(path) == 2 and d.option(f"move:{fmt_pos(path[0])}")
               and not any(q in v.pieces.values() for q in path)]
        far = [p for p, path in goals.items() if len(path) > left]
        if left >= 2 and two and far:
            break
        robot.perform("end:")
    else:
        raise AssertionError("no turn with a two-space walk")
    before = len(game.choices)
    robot.drag(robot.show_space(here), robot.show_space(far[0]))
    robot.frames(3)
    assert len(game.choices) == before and game.state.board.pieces["ghoul"] == here
    assert any("Too far: the Ghoul" in t.message for t in app.toasts if t.error)
    goal = two[0]
    robot.drag(robot.show_space(here), robot.show_space(goal))
    for _ in range(20):
        robot.frames(1)
        if not robot.table.path_queue:
            break
    assert game.choices[before:] == [f"move:{fmt_pos(p)}" for p in goals[goal]]
    assert game.state.board.pieces["ghoul"] == goal


# ------------------------------------------------------------------ (b) privacy at each hand-off
def _visible_text(app) -> str:
    return "\n".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))


def test_knight_vs_ghoul_privacy_after_each_hand_off(app) -> None:
    """Pass and play: after each curtain, every tab of the table shows the person only what is theirs —
    the Ghoul never the Knight's Sidequests, the Knight never the Terror cards the Ghoul is choosing
    among — and the curtain itself shows neither."""
    handoffs = privacy_at_hand_offs(app, "ghoul", seed=6)
    assert handoffs["knight"] >= 3 and handoffs["ghoul"] >= 3, handoffs


def privacy_at_hand_offs(app, ghoul: str, seed: int, steps: int = 500) -> dict[str, int]:
    """A pass-and-play game of the Knight and ``ghoul`` (the Ghoul or the Vile Ghoul) with random
    choices, checking the curtain and every tab after each hand-off (see the test above); returns
    the hand-offs to each."""
    robot = start(app, ("knight", ghoul), {"knight": Seat(True), ghoul: Seat(True)}, seed=seed)
    chooser = random.Random(seed)
    handoffs = {"knight": 0, ghoul: 0}
    for _ in range(steps):
        game = app.session.game
        if game.outcome is not None:
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
            if role == ghoul:
                forbidden = [str(game.card(c).name) for c in game.state.knight.sidequests]
            else:
                drawing = game.state.ghoul.drawing
                forbidden = [str(game.rules.ghoul.terror_card(c).name) for c in drawing]
            forbidden = [n for n in forbidden if n not in public]
            for name in forbidden:
                assert name not in curtain, f"the curtain shows {name!r}"
            table = robot.table
            for _tab in table.view.roles if table.view else ():
                text_mod.DRAWN.clear()
                robot.frames(1)
                seen = _visible_text(app)
                for name in forbidden:
                    assert name not in seen, f"{role}'s screen ({table.board_tab} tab) shows {name!r}"
                if role == "knight":
                    assert not any(k.startswith("card:") and k[5:] in game.state.ghoul.drawing
                                   for k in table.board_layout.regions)
                robot.key(pygame.K_b)
            handoffs[role] += 1
            continue
        d = game.pending
        assert d is not None
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.3:
            ids.remove("end:")
        robot.perform(ids[chooser.randrange(len(ids))])
        robot.frames(1)
    return handoffs


# ------------------------------------------------------------------ (c) regions
GAMES = [("ghoul",), ("knight", "ghoul"), ("cave", "ghoul"), ("thief", "ghoul")]


@pytest.mark.parametrize("roles", GAMES)
def test_every_ghoul_slot_and_card_target_has_a_board_region(app, roles: tuple[str, ...]) -> None:
    """Random games: every ``ghoul.`` slot the engine offers (a die, a skitter symbol) and every card of
    a Ghoul decision (a Terror card held or drawn, the Flare) is a region of the Ghoul's board as the
    one deciding sees it."""
    seen: set[str] = set()
    for g in _random_games(roles, range(1, 4), 700):
        d = g.pending
        assert d is not None
        want = {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets
                if (t.kind == "slot" and t.ref.startswith("ghoul.")) or (t.kind == "card" and d.role == "ghoul")}
        if not want:
            continue
        layout = _draw(app, g, d.role, highlights=want)
        missing = want - set(layout.regions)
        assert not missing, f"{d.kind}: no region for {sorted(missing)}"
        seen |= {k.rsplit(".", 1)[0] if k.startswith("slot:") else "card" for k in want}
    assert "slot:ghoul.die" in seen, seen


def test_the_terror_cards_drawn_are_the_ghouls_only(app) -> None:
    g = _moment(("cave", "ghoul"), "ghoul_terror_keep")
    drawing = list(g.state.ghoul.drawing)
    own = _draw(app, g, "ghoul")
    assert {f"card:{c}" for c in drawing} <= set(own.regions)
    for viewer in ("cave", None):
        layout = _draw(app, g, viewer)
        assert not any(f"card:{c}" in layout.regions for c in drawing if c not in g.state.ghoul.terror), viewer


def test_the_board_shows_the_numbers(app) -> None:
    g = _moment(("knight", "ghoul"), "ghoul_turn")
    b = g.state.ghoul
    text_mod.DRAWN.clear()
    layout = _draw(app, g, "knight")
    drawn = set(text_mod.DRAWN)
    assert {"Ghoul dice", "Movement left", "Attack space", "Defense", "Treasure", "Fury", "Terror cards",
            "goal"} <= drawn
    assert "Movement" in drawn and "Attack" in drawn           # the two kept dice, named
    assert f"Movement points left this turn: {b.movement}" in layout.tooltips["info:ghoul.movement"]
    assert f"Fury {b.fury}, its goal" in layout.tooltips["info:ghoul.fury"]
    assert f"{len(b.terror_deck)} card(s)" in layout.tooltips["info:ghoul.deck"]
    for cid in b.terror:
        assert str(g.rules.ghoul.terror_card(cid).name) in layout.tooltips[f"card:{cid}"]


def test_a_terror_card_used_this_turn_is_marked(app) -> None:
    """A Terror card whose first effect the Ghoul used this turn reads "used" on its board (and says so
    in its tooltip): GH-30, not both effects of a card in one turn."""
    g = next((g for g in _random_games(("cave", "ghoul"), range(1, 30), 2500) if g.pending is not None
              and g.pending.kind == "ghoul_turn" and set(g.state.ghoul.first_used) & set(g.state.ghoul.terror)),
             None)
    assert g is not None
    used = next(c for c in g.state.ghoul.first_used if c in g.state.ghoul.terror)
    text_mod.DRAWN.clear()
    layout = _draw(app, g, "cave")
    assert "used" in text_mod.DRAWN
    assert "used this turn" in layout.tooltips[f"card:{used}"]


@pytest.mark.parametrize("size", [(300, 420), (432, 574), (520, 900)])
def test_ghoul_board_regions_fit(app, size: tuple[int, int]) -> None:
    rect = pygame.Rect((20, 30), size)
    games = [new_game(Setup(roles=("knight", "ghoul"), seed=1)), _moment(("knight", "ghoul"), "ghoul_keep"),
             _moment(("cave", "ghoul"), "ghoul_terror_keep"), _moment(("cave", "ghoul"), "ghoul_cheat")]
    for g in games:
        for viewer in ("ghoul", None):
            layout = _draw(app, g, viewer, rect=rect)
            assert set(layout.regions) == set(layout.tooltips)
            for key, r in layout.regions.items():
                assert layout.tooltips[key].strip(), key
                assert r.left >= rect.left and r.right <= rect.right, f"{key} {r} leaves {rect} at {size}"
                assert r.w > 4 and r.h > 4
            slots = [r for k, r in layout.regions.items() if k.startswith(("slot:", "card:"))]
            for i, a in enumerate(slots):               # clickable places never overlap
                for b in slots[i + 1:]:
                    assert not a.colliderect(b), (a, b)


def test_ghoul_board_frame_draws_from_the_cache(app) -> None:
    g = _moment(("knight", "ghoul"), "ghoul_turn")
    for viewer in ("ghoul", "knight"):
        board_draws_from_cache(app.screen, RECT, view(g, viewer), "ghoul", "info:ghoul.fury")


# ------------------------------------------------------------------ the setup screen
def test_setup_offers_the_ghoul_its_players_and_its_difficulty_cards(app) -> None:
    from vast_desktop.screens.setup import SetupScreen, computer_label
    from vast_desktop.session import bot_levels

    setup = SetupScreen(app)
    app.push(setup)
    for role in list(setup.chosen):
        setup.toggle_role(role)
    setup.toggle_role("knight")
    setup.toggle_role("ghoul")
    assert setup.role_buttons["ghoul"].is_enabled and setup.roles == ("knight", "ghoul")
    assert list(setup.level_labels["ghoul"].values()) == ["ragpicker", "scavenger", "ghoul", "stalker", "hunter"]
    assert setup.level_of("ghoul") == "ghoul"
    seats = [o[0] if isinstance(o, tuple) else o for o in setup.seat_menus["ghoul"].options_list]
    assert seats == ["Human", *(computer_label(lv) for lv in bot_levels("ghoul"))]      # only the players that exist
    menu = setup.level_menus["ghoul"]
    setup.on_menu(menu, next(k for k, v in setup.level_labels["ghoul"].items() if v == "hunter"))
    assert setup.config is not None and setup.config.extra["ghoul_level"] == "hunter"
    assert setup.config.variant_name == "Knight vs Ghoul"
    text_mod.DRAWN.clear()
    app.step(1 / 60)
    drawn = " ".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))
    assert "Knight vs Ghoul" in drawn and "Hunter (Expert)" in drawn and "Roll only 2 Ghoul dice" in drawn
    setup.toggle_role("knight")                         # the Ghoul alone: its solo levels
    assert setup.config is not None and setup.config.variant_name == "The Ghoul alone"
    assert [lv.id for lv in setup.solo_levels()] == ["easy", "medium", "hard"]
    setup.start()
    assert app.session is not None and app.session.game.state.roles == ("ghoul",)


def test_a_campaign_gives_the_ghoul_the_difficulty_card_of_its_players_rank() -> None:
    """VAR-03 with the Ghoul: its player's campaign rank picks its own difficulty card (Ragpicker … Hunter)."""
    from vast_desktop.campaign import Campaign

    rules = new_game(Setup(roles=("knight", "ghoul"), seed=1)).rules
    c = Campaign(levels={"Bob": 3})
    assert c.difficulty({"knight": "Ann", "ghoul": "Bob"}, rules) == {"knight": "novice", "ghoul": "stalker"}


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640)])
def test_the_ghouls_board_at_the_table_is_readable(app, size: tuple[int, int]) -> None:
    """Issue 27's readability for the Ghoul's board at the table: no text below 12 px, none spilling out of
    the board or a box it is drawn in, none over another (mid-game, Terror cards face up)."""
    from vast_desktop.render.boards import kit

    from .readable_probe import board_texts

    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    robot = start(app, ("knight", "ghoul"), {"knight": Seat(True), "ghoul": Seat(True)}, seed=4)
    chooser = random.Random(4)
    game = app.session.game
    while not (game.pending is not None and game.pending.kind == "ghoul_turn" and game.state.ghoul.terror):
        assert game.outcome is None and len(game.choices) < 600
        app.session.choose(chooser.choice(game.pending.ids))
        game = app.session.game
    app.session.viewer = "ghoul"
    robot.table.refresh(force=True)
    bt = board_texts(app, robot.table, "ghoul")
    assert bt.texts and not bt.spills, "\n".join(bt.spills)
    assert bt.smallest >= kit.MIN_PX, bt.smallest


def test_the_ghouls_flare_is_on_its_board_and_costs_movement(app) -> None:
    """Cave vs Ghoul gives the Ghoul the Flare: a card on its board whose tooltip says it costs movement
    (the Thief's Flare costs Action cubes)."""
    g = new_game(Setup(roles=("cave", "ghoul"), seed=1))
    layout = _draw(app, g, None)
    assert "card:flare" in layout.regions
    assert "1 movement point each use" in layout.tooltips["card:flare"]
    assert "card:flare" not in _draw(app, new_game(Setup(roles=("knight", "ghoul"), seed=1)), None).regions
