"""The Vile Ghoul at the table (headless, real pygame events only): a whole Knight-and-Vile-Ghoul game
played by its clicks (the driver of test_ghoul_table), its die dragged from the supply onto its chart's
row and a row it has no die for refused with the engine's reason, its board (render/boards/vile_ghoul.py)
at several sizes and UI scales with a region for every target,
the setup screen refusing it with the Goblins, and the movement waiting for the next turn on both
Ghouls' boards."""
from __future__ import annotations

import pygame
import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import BoardLayout, draw_board
from vast_desktop.session import Seat

from .test_ghoul_table import _wait_for_ghoul, play_by_clicks, privacy_at_hand_offs
from .test_table import start

ROLE = "vile_ghoul"
RECT = pygame.Rect(10, 10, 432, 574)


def _draw(app, g: Game, viewer: str | None, role: str = ROLE, rect: pygame.Rect = RECT,
          ui_scale: float = 1.0) -> BoardLayout:
    app.screen.fill((0, 0, 0))
    return draw_board(app.screen, rect, view(g, viewer), role, ui_scale=ui_scale)


def _moment(roles: tuple[str, ...], want, seeds: range = range(1, 12), steps: int = 900) -> Game:
    for seed in seeds:
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        for _ in range(steps):
            if g.pending is None or g.outcome is not None:
                break
            if want(g):
                return g
            g.apply(bot(None, g.pending))
    raise AssertionError(f"no such moment in {roles}")


def g_rules():
    from vast_desktop.rules_data import load_rules_data

    return load_rules_data()


def _kind(kind: str):
    return lambda g: g.pending.kind == kind


def _boost(g: Game) -> bool:
    return any(o.id.startswith("boost:") for o in g.pending.options)


# ------------------------------------------------------------------ a whole game by clicks
def test_whole_knight_and_vile_ghoul_game_played_by_its_clicks(app) -> None:
    """Knight (computer) and Vile Ghoul (human): every Vile Ghoul decision to the game's end made with the
    mouse only (its supply dice and Boost dice on its board, the map's spaces, buttons)."""
    _robot, kinds, on_board = play_by_clicks(app, ("knight", ROLE), ROLE, 3, end_bias=0.3)
    assert app.session.game.outcome is not None
    assert {"ghoul_place", "ghoul_turn", "vile_ghoul_select"} <= kinds, kinds
    assert on_board >= 1, on_board
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)


# ------------------------------------------------------------------ the chart: drag, click, refusal
def _to_the_chart(app, seed: int):
    """A Knight (computer) and Vile Ghoul (human) table at the Vile Ghoul's choice of a supply die."""
    robot = start(app, ("knight", ROLE), {"knight": Seat(False), ROLE: Seat(True)}, seed=seed)
    game = app.session.game
    for _ in range(60):
        _wait_for_ghoul(robot, role=ROLE)
        d = game.pending
        assert d is not None and game.outcome is None
        if d.kind == "vile_ghoul_select":
            robot.table.refresh(force=True)
            return robot, game
        robot.perform("end:" if "end:" in d.ids else d.ids[0])
    raise AssertionError("no choice of a supply die")


def test_a_supply_die_clicked_on_the_board_goes_on_its_row(app) -> None:
    robot, game = _to_the_chart(app, 2)
    face = max(game.state.ghoul.chart.supply)
    before = len(game.choices)
    at = robot.board_region(f"slot:{ROLE}.supply.{face}")
    assert at is not None
    robot.click(at)
    robot.frames(2)
    assert game.choices[before:] == [f"select:{face}"] and game.state.ghoul.chart.left == face


def test_the_die_is_dragged_onto_its_row_and_a_row_without_a_die_is_refused(app) -> None:
    robot, game = _to_the_chart(app, 2)
    supply = set(game.state.ghoul.chart.supply)
    missing = next(f for f in range(1, 7) if f not in supply)
    before = len(game.choices)
    at = robot.board_region(f"slot:{ROLE}.row.{missing}")
    assert at is not None
    robot.click(at)
    robot.frames(2)
    assert len(game.choices) == before
    held = ", ".join(map(str, sorted(supply)))
    assert any(t.message.startswith(f"There is no {missing} among the dice in your supply (you have: {held})")
               for t in app.toasts if t.error), [t.message for t in app.toasts]
    face = min(supply)
    robot.perform(f"select:{face}", prefer_drag=True)
    assert game.choices[before:] == [f"select:{face}"] and game.state.ghoul.chart.left == face


def test_a_die_dragged_onto_another_row_is_refused_with_the_row_of_its_face(app) -> None:
    """VG-06 at the table: the supply die dropped on a row of another face says which row it goes on
    (the engine's reason), and nothing is chosen."""
    robot, game = _to_the_chart(app, 2)
    face = min(game.state.ghoul.chart.supply)
    other = next(f for f in range(1, 7) if f != face)
    a = robot.board_region(f"slot:{ROLE}.supply.{face}")
    b = robot.board_region(f"slot:{ROLE}.row.{other}")
    assert a is not None and b is not None
    before = len(game.choices)
    robot.drag(a, b)
    robot.frames(2)
    assert len(game.choices) == before and game.state.ghoul.chart.left == 0
    assert any(t.message.startswith(f"A die goes on the row of its own face: this {face} goes on row {face}")
               for t in app.toasts if t.error), [t.message for t in app.toasts]


def test_a_boost_die_is_spent_on_its_board(app) -> None:
    g = _moment(("knight", ROLE), _boost)
    layout = _draw(app, g, ROLE)
    assert f"slot:{ROLE}.boost" in layout.regions
    assert "Click to spend one" in layout.tooltips[f"slot:{ROLE}.boost"]
    g.apply("boost:move")
    text_mod.DRAWN.clear()
    _draw(app, g, ROLE)
    assert any(t.endswith(" left") or t == "all spent" for t in text_mod.DRAWN)


# ------------------------------------------------------------------ the board
@pytest.mark.parametrize(("size", "ui"), [((300, 420), 1.0), ((432, 574), 1.0), ((520, 900), 1.5)])
def test_the_board_fits_at_every_size_with_a_region_for_every_target(app, size, ui) -> None:
    rect = pygame.Rect((20, 30), size)
    games = [new_game(Setup(roles=("knight", ROLE), seed=1)), _moment(("knight", ROLE), _kind("vile_ghoul_select")),
             _moment(("knight", ROLE), _boost)]
    for g in games:
        d = g.pending
        want = {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets
                if d.role == ROLE and t.kind in ("slot", "card")}
        for viewer in (ROLE, None):
            layout = _draw(app, g, viewer, rect=rect, ui_scale=ui)
            assert set(layout.regions) == set(layout.tooltips)
            if viewer == ROLE:
                assert want <= set(layout.regions), want - set(layout.regions)
            for key, r in layout.regions.items():
                assert layout.tooltips[key].strip(), key
                assert r.left >= rect.left and r.right <= rect.right, f"{key} {r} leaves {rect}"
            slots = [r for k, r in layout.regions.items() if k.startswith(("slot:", "card:"))]
            for i, a in enumerate(slots):
                for b in slots[i + 1:]:
                    assert not a.colliderect(b), (a, b)


def test_the_board_shows_the_chart_the_goal_and_provisional_values(app) -> None:
    g = _moment(("knight", ROLE), lambda g: g.pending.kind == "ghoul_turn" and g.state.ghoul.chart.left)
    c = g.state.ghoul.chart
    text_mod.DRAWN.clear()
    layout = _draw(app, g, "knight")
    drawn = set(text_mod.DRAWN)
    assert {"Dice chart", "Move", "Attack", "Left", "Right", "Supply", "Boost dice", "Goal", "Kill the Knight",
            "Attack space", "Defense", "Treasure", "Terror cards", "provisional values"} <= drawn
    assert "This turn's row." in layout.tooltips[f"slot:{ROLE}.row.{c.left}"]
    assert "provisional" in layout.tooltips[f"slot:{ROLE}.row.1"]
    assert "wins when the Knight is killed" in layout.tooltips[f"info:{ROLE}.goal"]


def test_the_terror_cards_drawn_are_the_vile_ghouls_only(app) -> None:
    """Adapt (draw 2, keep 1): the two cards drawn are on the Vile Ghoul's board in its own view only."""
    from rules.helpers import choose
    from rules.test_vile_ghoul import vile_game

    roomy = next(r.face for r in g_rules().vile_ghoul.dice_chart if r.movement >= 4)
    g = vile_game(vile={"supply": [roomy], "treasure": 1, "terror": ["adapt"]}, tokens={"1,0": {"treasure": 1}})
    choose(g, "collect:treasure", "adapt:draw")                       # (not its once-per-game search)
    assert g.pending is not None and g.pending.kind == "ghoul_terror_keep", g.pending
    drawing = list(g.state.ghoul.drawing)
    own = _draw(app, g, ROLE)
    assert {f"card:{c}" for c in drawing} <= set(own.regions)
    assert "drawn: keep one" in own.tooltips[f"card:{drawing[0]}"]
    for viewer in ("knight", None):
        assert not any(f"card:{c}" in _draw(app, g, viewer).regions for c in drawing), viewer


def test_knight_vs_vile_ghoul_privacy_after_each_hand_off(app) -> None:
    """Pass and play (the Ghoul's check, test_ghoul_table.privacy_at_hand_offs): after each curtain the
    Vile Ghoul never sees the Knight's Sidequests, the Knight never the Terror cards it chooses among."""
    handoffs = privacy_at_hand_offs(app, ROLE, seed=4, steps=100)
    assert handoffs["knight"] >= 2 and handoffs[ROLE] >= 2, handoffs


@pytest.mark.parametrize("role", ["ghoul", ROLE])
def test_the_movement_waiting_for_next_turn_is_on_both_ghouls_boards(app, role: str) -> None:
    g = new_game(Setup(roles=("thief", role), seed=2))
    g.state.ghoul.card_movement, g.state.ghoul.backstab = 1, 0
    text_mod.DRAWN.clear()
    layout = _draw(app, g, "thief", role=role)
    assert "Next turn: +1 movement" in text_mod.DRAWN
    assert "the Thief's Charm gives it +1" in layout.tooltips[f"info:{role}.next_turn"]
    g.state.ghoul.card_movement, g.state.ghoul.backstab = -2, 1
    text_mod.DRAWN.clear()
    layout = _draw(app, g, "thief", role=role)
    assert "Next turn: −3 movement" in text_mod.DRAWN
    assert "Backstab costs it 1" in layout.tooltips[f"info:{role}.next_turn"]


# ------------------------------------------------------------------ the setup screen
def test_setup_offers_the_vile_ghoul_and_refuses_it_with_the_goblins(app) -> None:
    from vast_desktop.engine.roles.ghoul.vile.variant import check_roles
    from vast_desktop.screens.setup import SetupScreen

    setup = SetupScreen(app)
    app.push(setup)
    for role in list(setup.chosen):
        setup.toggle_role(role)
    setup.toggle_role("knight")
    setup.toggle_role(ROLE)
    assert setup.roles == ("knight", ROLE) and setup.config is not None
    assert list(setup.level_labels[ROLE].values()) == ["ragpicker", "scavenger", "ghoul", "stalker", "hunter"]
    setup.on_menu(setup.level_menus[ROLE], next(k for k, v in setup.level_labels[ROLE].items() if v == "hunter"))
    text_mod.DRAWN.clear()
    app.step(1 / 60)
    drawn = " ".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))
    assert "the Vile Ghoul in the Goblins' place" in drawn
    assert "kill the Knight (8 Health)" in drawn and "Uses provisional values" in drawn
    for other in ("goblins", "ghoul"):
        setup.toggle_role(other)
        reason = check_roles(setup.roles)
        assert reason is not None and setup.config is None and setup.error == reason.text
        text_mod.DRAWN.clear()
        app.step(1 / 60)
        assert reason.text in " ".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))
        setup.toggle_role(other)
    assert setup.config is not None
    setup.start()
    assert app.session is not None and app.session.game.state.roles == ("knight", ROLE)


@pytest.mark.parametrize(("size", "ui"), [((1600, 900), 1.0), ((1024, 640), 1.0), ((1600, 900), 1.5)])
def test_the_vile_ghouls_board_at_the_table_is_readable(app, size: tuple[int, int], ui: float) -> None:
    """Issue 27's readability for its board at the table: no text below 12 px (times the UI scale), none
    spilling out of the board or a box it is drawn in, none over another (mid-turn, its row chosen)."""
    import random

    from vast_desktop.render.boards import kit

    from .readable_probe import board_texts

    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.settings = app.settings.model_copy(update={"ui_scale": ui})
    robot = start(app, ("knight", ROLE), {"knight": Seat(True), ROLE: Seat(True)}, seed=4)
    chooser = random.Random(4)
    game = app.session.game
    while not (game.pending is not None and game.pending.kind == "ghoul_turn" and game.state.ghoul.terror):
        assert game.outcome is None and len(game.choices) < 600
        app.session.choose(chooser.choice(game.pending.ids))
        game = app.session.game
    app.session.viewer = ROLE
    robot.table.refresh(force=True)
    bt = board_texts(app, robot.table, ROLE)
    assert bt.texts and not bt.spills, "\n".join(bt.spills)
    assert bt.smallest >= round(kit.MIN_PX * ui), bt.smallest


def test_cheat_on_its_roll_offers_the_faces_on_its_board(app) -> None:
    """Cheat (a Terror card it holds) before the roll into its supply: the faces to turn a die to are on
    its board in its own view, with the Ghoul's words, and not in the Knight's."""
    from rules.test_vile_ghoul import vile_game

    g = vile_game(vile={"terror": ["cheat"], "dice": [5, 2, 2]})
    d = g.pending
    assert d is not None and d.kind == "ghoul_cheat", d
    want = {f"slot:{t.ref}" for o in d.options for t in o.targets if t.kind == "slot"}
    own = _draw(app, g, ROLE)
    assert want and want <= set(own.regions)
    assert all("Cheat (once per game): turn one Ghoul die to" in own.tooltips[k] for k in want)
    assert not want & set(_draw(app, g, "knight").regions)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_suggest_on_the_vile_ghouls_turn_shows_its_computer_players_choice(app, level: str) -> None:
    """The Suggest button on its turn: its Easy player (or the Hard one, which plays Easy players in
    every seat) answers, and the answer is the one the headless suggestion gives; nothing is chosen."""
    from .test_suggest_table import expected, press_suggest

    app.settings = app.settings.model_copy(update={"suggest_level": level})
    robot = start(app, ("knight", ROLE), {"knight": Seat(False), ROLE: Seat(True)}, seed=2)
    _wait_for_ghoul(robot, role=ROLE)
    choices = list(app.session.game.choices)
    want = expected(app)
    panel = press_suggest(robot)
    assert panel.shown == want and want.option_id in app.session.game.pending.ids
    assert list(app.session.game.choices) == choices


def test_the_vile_ghouls_flare_costs_it_movement(app) -> None:
    """Cave vs Vile Ghoul hands it the Flare: a card on its board whose tooltip names it and its cost."""
    layout = _draw(app, new_game(Setup(roles=("cave", ROLE), seed=1)), None)
    assert "card:flare" in layout.regions
    assert "around the Vile Ghoul's own space, 1 movement point each use" in layout.tooltips["card:flare"]
