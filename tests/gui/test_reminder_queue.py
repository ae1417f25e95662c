"""The reminders at the table as a queue (issue 27 item 5), headless with real pygame events:
one at a time and at most one per player in each turn (the next waits, it does not follow at
once), never over anything the current decision asks to click (checked by asking the table
what lies under every point of the panel), moving off the targets when the map is zoomed,
waiting while nowhere fits, remembered per player across launches (a new app in the same home
shows none already seen), a broken record refused with a message and left untouched, and the
solo Knight told the Alone in the Dark count, never the no-Cave "1 tile"."""
from __future__ import annotations

import json
import random

import pygame

from vast_desktop.engine import Setup
from vast_desktop.screens.reminder_panel import ReminderPanel, free_spot
from vast_desktop.screens.table import TableScreen
from vast_desktop.seen_reminders import load_seen_reminders, player_key
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path, seen_reminders_path

from .robot import Robot


def table(app, roles=("knight",), humans=("knight",), seed=4, solo_level="easy") -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0, "reminders": True})
    seats = {r: Seat(r in humans) for r in roles}
    app.session = Session.new(Setup(roles=roles, seed=seed, solo_level=solo_level if len(roles) == 1 else None),
                              seats, autosave_path())
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    return robot


def covered_targets(t: TableScreen) -> set[str]:
    """The decision's targets under any point of the panel (every 4 pixels), and the table's
    buttons it overlaps: what the panel covers that a click is asked for."""
    r = t.reminders.rect
    assert r is not None and t.reminders.elements
    assert t.reminders.elements[0].rect == r                  # the rectangle is where the panel is drawn
    wanted = set(t.index.by_key)
    hits: set[str] = set()
    for x in range(r.left, r.right, 4):
        for y in range(r.top, r.bottom, 4):
            hits |= set(t.keys_at((x, y))) & wanted
    hits |= {f"button:{b.text}" for b in t.prompt_buttons if b.rect.colliderect(r)}
    hits |= {f"button:{b.text}" for b in (t.end_btn, t.undo_btn, t.menu_btn, t.fit_btn) if b.rect.colliderect(r)}
    if r.colliderect(t.prompt):
        hits.add("prompt")
    return hits


def play_step(robot: Robot, rng: random.Random) -> None:
    d = robot.app.session.game.pending
    ids = list(d.ids)
    if "end:" in ids and len(ids) > 1 and rng.random() > 0.3:
        ids.remove("end:")
    robot.perform(ids[rng.randrange(len(ids))])


def test_one_reminder_per_turn_the_next_waits_for_a_later_turn(app) -> None:
    robot = table(app)
    t = robot.table
    first = t.reminders.current
    assert first is not None and t.reminders.queue               # several were due: one shows, the rest wait
    robot.click(t.reminders.ok_btn.rect.center)
    assert t.reminders.current is None                           # "Got it": no second one follows at once
    rng = random.Random(1)
    shown: dict[int, list[str]] = {1: [first.id]}
    while app.session.game.outcome is None and app.session.game.state.round < 6:
        rnd = app.session.game.state.round
        if t.reminders.current is not None:
            shown.setdefault(rnd, []).append(t.reminders.current.id)
            robot.click(t.reminders.ok_btn.rect.center)
            continue
        play_step(robot, rng)
    assert all(len(ids) == 1 for ids in shown.values()), shown   # the solo Knight's turns: one each at most
    assert len(shown) >= 4                                       # and the waiting ones came in later turns
    every = [i for ids in shown.values() for i in ids]
    assert len(every) == len(set(every))


def test_the_panel_never_covers_a_target_of_the_decision(app) -> None:
    """Solo Knight and Knight vs Dragon games played by clicks: whenever a reminder shows, no
    point of it lies over a target of the pending decision, a button or the prompt."""
    checked = 0
    for roles, seed in ((("knight",), 4), (("knight",), 7), (("knight", "dragon"), 3)):
        robot = table(app, roles=roles, humans=("knight",), seed=seed)
        t = robot.table
        rng = random.Random(seed)
        for _ in range(160):
            s = app.session
            if s.game.outcome is not None:
                break
            if t.reminders.current is not None and t.reminders.elements:
                assert not covered_targets(t), (t.reminders.current.id, covered_targets(t))
                checked += 1
                robot.click(t.reminders.ok_btn.rect.center)
                continue
            if s.game.pending.role != "knight":
                robot.frames(2)
                continue
            play_step(robot, rng)
    assert checked >= 8


def test_zooming_in_moves_the_panel_off_the_targets(app) -> None:
    robot = table(app)
    t = robot.table
    assert t.reminders.current is not None and not covered_targets(t)
    for _ in range(12):
        robot.key(pygame.K_EQUALS)                               # zoom in on the Knight: her targets fill the map
    robot.frames(2)
    assert t.map.camera.tile > 150
    assert t.reminders.current is not None and not covered_targets(t)
    for _ in range(6):
        robot.key(pygame.K_LEFT)                                 # pan: it keeps clear
        assert t.reminders.elements and not covered_targets(t)
    robot.key(pygame.K_f)
    assert not covered_targets(t)


def test_a_reminder_waits_while_nowhere_fits(app, monkeypatch) -> None:
    """Where every place would cover something to click, the reminder does not show; it shows
    once there is room (here the targets are made to cover the window, then back to the real ones)."""
    monkeypatch.setattr(ReminderPanel, "avoid", lambda panel: [pygame.Rect((0, 0), panel.app.size)])
    robot = table(app)
    t = robot.table
    assert t.reminders.current is None and t.reminders.queue and not t.reminders.elements
    assert not load_seen_reminders().players                     # not shown, so not seen
    robot.frames(3)
    assert t.reminders.current is None                           # still waiting
    monkeypatch.undo()                                           # room again
    robot.frames(1)
    assert t.reminders.current is not None and not covered_targets(t)


def test_free_spot_prefers_corners_then_any_free_place_and_else_none() -> None:
    area = pygame.Rect(0, 0, 200, 100)
    assert free_spot((50, 20), [area], [], 10) == pygame.Rect(0, 0, 50, 20)
    assert free_spot((50, 20), [area], [pygame.Rect(0, 0, 60, 30)], 10) == pygame.Rect(150, 0, 50, 20)
    middle_free = [pygame.Rect(0, 0, 200, 40), pygame.Rect(0, 60, 200, 40)]
    spot = free_spot((50, 20), [area], middle_free, 10)
    assert spot is not None and spot.collidelist(middle_free) < 0 and area.contains(spot)
    assert free_spot((50, 20), [area], [area], 10) is None
    assert free_spot((300, 20), [area], [], 10) is None                            # too wide for the area
    assert free_spot((50, 20), [area, pygame.Rect(500, 0, 60, 60)], [area], 10) == pygame.Rect(500, 0, 50, 20)


def test_seen_reminders_are_remembered_across_launches(app) -> None:
    from vast_desktop.app import App

    robot = table(app)
    t = robot.table
    first = t.reminders.current
    assert first is not None
    record = load_seen_reminders()
    assert record.has_seen(player_key("knight"), first.id)
    # a new launch in the same home: the same game from the start, the first reminder is not shown again
    pygame.quit()
    again = App(size=(1600, 900))
    robot = table(again)
    t = robot.table
    assert t.reminders.current is not None and t.reminders.current.id != first.id
    assert first.id not in {r.id for r in t.reminders.queue}
    assert load_seen_reminders().seen_by(player_key("knight")) >= {first.id, t.reminders.current.id}


def test_a_broken_record_is_refused_with_a_message_and_left_untouched(app) -> None:
    path = seen_reminders_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "vast-desktop-seen-reminders", "players": {"role:knight": 7}}', encoding="utf-8")
    before = path.read_bytes()
    robot = table(app)
    t = robot.table
    assert t.reminders.current is not None                        # the reminders still work
    messages = [toast.message for toast in app.toasts]
    assert any("broken seen-reminders file at players.role:knight" in m and
               "remembered only until you quit; the file is left as it is." in m for m in messages), messages
    robot.click(t.reminders.ok_btn.rect.center)
    play_step(robot, random.Random(1))
    assert path.read_bytes() == before                            # nothing in it lost
    path.write_text("not json", encoding="utf-8")
    robot = table(app)
    assert any("not a Vast Desktop seen-reminders file (broken JSON" in toast.message for toast in app.toasts)
    assert json.loads(json.dumps(path.read_text(encoding="utf-8"))) == "not json"


def test_the_solo_knight_is_told_the_alone_in_the_dark_count(app) -> None:
    robot = table(app)
    t = robot.table
    rng = random.Random(2)
    shown: list[str] = []
    while app.session.game.outcome is None and len(app.session.game.choices) < 300:
        if t.reminders.current is not None:
            shown.append(t.reminders.current.id)
            if t.reminders.current.id == "variants_solo_knight_tiles":
                assert app.session.game.pending.kind == "place_tile"
                assert "Hero cubes available or placed (2 at the start, up to 7)" in t.reminders.current.text
                break
            robot.click(t.reminders.ok_btn.rect.center)
            continue
        play_step(robot, rng)
    assert "variants_solo_knight_tiles" in shown
    assert "variants_no_cave_tiles" not in shown
