"""Motion and attention at the table (issue 27 item 6): the drag ghost, the camera following the
action until the player pans, a computer's action highlighted on the map for a moment, "Skip to my
turn", and the Dragon die tumbling before it shows its face.  Time is only the frame dt handed in."""
from __future__ import annotations

import pygame

from vast_desktop.engine import Setup
from vast_desktop.engine.geometry import fmt_pos
from vast_desktop.render.attention import PULSE_S, HighlightKind
from vast_desktop.render.die_roll import DieRoll
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.motion_controls import RECENTRE_LABEL, SKIP_LABEL
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path

from .robot import Robot, pass_entry_curtain

DT = 1 / 60


def start(app, roles, seats, seed=8, speed=0.0, pace=0.0, shared=False) -> tuple[Robot, TableScreen]:
    app.settings = app.settings.model_copy(update={"animation_speed": speed, "bot_pace": pace})
    app.session = Session.new(Setup(roles=roles, seed=seed), seats, autosave_path(), shared_table=shared)
    table = TableScreen(app)
    app.replace(table)
    robot = Robot(app)
    robot.frames(3)
    pass_entry_curtain(robot)
    return robot, table


def drag_watching(robot: Robot, a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> list[bool]:
    """Drag from ``a`` to ``b`` as a person would; whether the ghost was drawn at each step of the way."""
    table = robot.table
    seen: list[bool] = []

    def watch(p: tuple[int, int]) -> None:
        drawn = table.motion.ghost.drawn
        seen.append(drawn is not None and drawn.center == p)

    robot.drag(a, b, steps, each_step=watch)
    return seen


def test_a_drag_ghost_follows_the_pointer_for_a_piece_and_goes_after(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")})
    session = app.session
    knight_at = table.view.pieces["knight"]
    a = robot.show_space(knight_at)
    b = table.map.screen_centre((knight_at[0], knight_at[1] - 1))
    seen = drag_watching(robot, a, b)
    assert all(seen)                                      # drawn under the pointer all the way
    assert table.motion.ghost.drawn is None and table.motion.ghost.image is None   # gone after the drop
    assert session.game.choices[-1] == "move:0,-1"        # and the drop chose the move


def test_a_drag_ghost_of_a_hand_tile_dragged_from_the_caves_board(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(False, "random"), "cave": Seat(True)})
    session = app.session
    place = None
    for _ in range(3000):                  # the Cave's first choice that drags a tile from her hand
        d = session.game.pending
        if session.human_to_decide:
            place = next((o for o in d.options if o.id.startswith("place:")
                          and any(t.drag_from for t in o.targets)), None)
            if place is not None:
                break
            session.choose(d.options[0].id)
        robot.frames(1)
    assert place is not None
    tile = next(t for t in place.targets if t.kind == "hand_tile")
    space = next(t for t in place.targets if t.kind == "space")
    src = robot.board_region(f"drag:{tile.drag_from}")
    assert src is not None
    region = table.board_layout.regions[f"drag:{tile.drag_from}"]
    dst = robot.show_space(tuple(int(v) for v in space.ref.split(",")))
    seen = drag_watching(robot, src, dst)
    assert all(seen)
    assert table.motion.ghost.drawn is None                 # gone after the drop
    assert session.game.choices[-1] == place.id or session.game.choices[-1].startswith("place:")
    # the ghost was the tile as its board shows it, see-through
    table.motion.ghost.capture(f"drag:{tile.drag_from}", app.screen, app.art, region, 40)
    img = table.motion.ghost.image
    assert img is not None and img.get_size() == region.size and img.get_alpha() == 150


def test_a_hero_cube_is_dragged_from_the_supply_onto_a_slot_under_a_ghost(app) -> None:
    """KN-05 by drag and drop: a Hero cube taken from the Knight's supply and dropped on her
    Movement track (the option's one target is the slot, naming the supply it is dragged from)."""
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")})
    session = app.session
    d = session.game.pending
    assert d is not None and d.option("cube:movement") is not None
    table.board_tab = "knight"
    robot.frames(1)
    src = robot.board_region("drag:knight.cubes")
    dst = robot.board_region("slot:knight.movement")
    assert src is not None and dst is not None
    seen = drag_watching(robot, src, dst)
    assert all(seen)                                       # the cube's ghost under the pointer all the way
    assert table.motion.ghost.drawn is None
    assert session.game.choices[-1] == "cube:movement"


def test_a_press_that_picks_nothing_up_draws_no_ghost(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")})
    r = table.map_rect
    a, b = (r.x + 30, r.y + 30), (r.x + 130, r.y + 90)      # the map's dark corner: a pan, not a drag
    assert not any(drag_watching(robot, a, b))


def placed_tile_events(session) -> list[tuple[int, int]]:
    return [e.data["pos"] for e in session.game.events if e.kind == "tile_placed"]


def play_knight_until_cave(robot: Robot, session) -> None:
    """The human Knight ends her turn as soon as she may, otherwise takes her first choice."""
    for _ in range(40):
        if not session.human_to_decide:
            return
        d = session.game.pending
        session.choose("end:" if d.option("end:") is not None else d.options[0].id)
        robot.table.refresh()
    raise AssertionError("the Knight's turn did not end")


def test_the_camera_glides_to_a_tile_placed_off_screen_and_stops_following_after_a_pan(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")},
                         speed=1.0, pace=0.0)
    session = app.session
    cam = table.map.camera
    assert table.motion.follow.following
    cam.centre = (cam.centre[0] + 40, cam.centre[1] + 40)    # the whole map far off the window (not a pan by hand)
    placed = len(placed_tile_events(session))
    play_knight_until_cave(robot, session)
    frames = 0
    while len(placed_tile_events(session)) == placed and frames < 3000:
        robot.frames(1)
        frames += 1
    p = placed_tile_events(session)[-1]
    centres = [cam.centre]
    for _ in range(120):                                     # the glide, on the frame clock
        robot.frames(1)
        centres.append(cam.centre)
        if table.motion.follow.goal is None:
            break
    assert len(set(centres)) > 3                             # a glide of several frames, not a jump
    assert table.map_rect.contains(cam.tile_rect(p))         # the placed tile is in view
    # a pan by hand: the camera stops following
    robot.key(pygame.K_LEFT)
    assert not table.motion.follow.following
    assert table.motion.recentre_btn is not None and table.motion.recentre_btn.visible
    assert table.motion.recentre_btn.text == RECENTRE_LABEL
    cam.centre = (cam.centre[0] + 40, cam.centre[1])
    away = cam.centre
    table.motion.on_events(session.game.events[-3:], by_computer=True)   # more action off the window
    robot.frames(30)
    assert cam.centre == away and table.motion.follow.goal is None       # not followed
    # Home: follow again, back to the action
    robot.key(pygame.K_HOME)
    assert table.motion.follow.following
    robot.frames(120)
    assert cam.centre != away
    assert not table.motion.recentre_btn.visible


def test_a_new_turn_follows_again_after_a_manual_zoom(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")})
    session = app.session
    robot.key(pygame.K_MINUS)                                # a zoom by hand
    assert not table.motion.follow.following
    play_knight_until_cave(robot, session)
    for _ in range(3000):
        if session.human_to_decide:
            break
        robot.frames(1)
    assert any(e.kind == "turn" for e in session.game.events[-40:])
    assert table.motion.follow.following                     # the next turn follows the action again


def test_a_computer_move_is_highlighted_at_the_pieces_space_and_expires(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(False, "random"), "cave": Seat(True)},
                         speed=1.0, pace=0.0)
    session = app.session
    moves = 0
    for _ in range(3000):
        n = len(session.game.events)
        robot.frames(1)
        moves = [e for e in session.game.events[n:] if e.kind == "move" and e.data.get("piece") == "knight"]
        if moves:
            break
    assert moves, "the computer Knight never moved"
    at = table.view.pieces["knight"]
    assert at == moves[-1].data["to"]
    ring = [h for h in table.motion.attention.highlights if h.pos == at]
    assert ring and ring[0].kind == HighlightKind.MOVE
    assert ring[0].duration == PULSE_S                       # at pace 1
    # the next computer move waits while the ring shows
    choices = len(session.game.choices)
    robot.frames(int(PULSE_S / DT * 0.6))
    assert table.motion.holds_computers() and len(session.game.choices) == choices
    robot.frames(int(PULSE_S / DT * 0.4) + 2)
    assert not [h for h in table.motion.attention.highlights if h is ring[0]]   # expired on the frame clock


def test_skip_to_my_turn_plays_the_computers_through_to_the_human(app) -> None:
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(False, "random"), "cave": Seat(True)},
                         speed=1.0, pace=3.0)
    session = app.session
    btn = table.motion.skip_btn
    assert btn is not None and btn.text == SKIP_LABEL
    robot.frames(2)
    assert session.bot_to_move() and btn.visible
    robot.frames(60)                                          # at a 3-second pace: still the computer's turn
    assert not session.human_to_decide
    robot.click(btn.rect.center)
    assert table.motion.skipping
    frames = 0
    while not session.human_to_decide and frames < 400:
        robot.frames(1)
        frames += 1
    assert session.human_to_decide and session.decider == "cave"
    moves = session.game.decider_log.count("knight")
    assert frames < moves + 20, (frames, moves)             # about a move a frame: no pauses
    robot.frames(2)
    assert not table.motion.skipping and not btn.visible     # a person decides: the skip is over


def test_the_dragon_die_tumbles_then_lands_on_the_rolled_face_behind_no_curtain(app) -> None:
    robot, table = start(app, ("knight", "dragon"), {"knight": Seat(True), "dragon": Seat(True)}, seed=11,
                         speed=1.0, shared=True)
    import random

    rng = random.Random(2)
    session = app.session
    game = session.game
    roll = None
    for _ in range(3000):
        d = game.pending
        assert d is not None and game.outcome is None
        ids = list(d.ids)
        pick = next((i for i in ids if d.role == "dragon" and i in ("power:claw", "power:flame", "power:wrath")), None)
        if pick is None:
            if "end:" in ids and len(ids) > 1 and rng.random() > 0.2:
                ids.remove("end:")
            pick = ids[rng.randrange(len(ids))]
        n = len(game.events)
        session.choose(pick)
        table.refresh()
        rolls = [e for e in game.events[n:] if e.kind == "die_roll"]
        if rolls:
            roll = rolls[-1]
            break
    assert roll is not None
    die = table.die
    assert isinstance(die, DieRoll) and die.tumbling
    assert (die.centre, die.face) == (tuple(roll.data["center"]), roll.data["face"])
    assert table.view is not None and table.view.last_roll == (die.centre, die.face)   # the public roll
    faces = set()
    while die.tumbling:
        assert table.overlay.die is None                   # the face is not marked while it tumbles
        faces.add(die.shown_face)
        robot.frames(1)
    assert die.face not in faces and len(faces) >= 3        # it turns through other faces, then lands
    robot.frames(1)
    assert table.overlay.die is not None and table.overlay.die[:2] == (die.centre, die.face)
    assert die.shown_face == die.face
    while table.die is not None:
        robot.frames(1)
    robot.frames(1)
    assert table.overlay.die is None


def test_the_die_waits_behind_the_curtain_to_be_seen(app) -> None:
    robot, table = start(app, ("knight", "dragon"), {"knight": Seat(True), "dragon": Seat(True)}, speed=1.0)
    table.die = DieRoll.start((0, 0), 3, 1.0)
    app.push(HandoffScreen(app, "knight"))
    robot.frames(200)                                         # behind the curtain: the roll does not play
    assert table.die is not None and table.die.elapsed == 0.0
    app.pop()
    robot.frames(5)
    assert table.die is not None and table.die.elapsed > 0


def test_highlights_name_only_public_places(app) -> None:
    """A Cave tile placed by the computer is highlighted at its space: the place its public line names."""
    robot, table = start(app, ("knight", "cave"), {"knight": Seat(True), "cave": Seat(False, "random")})
    session = app.session
    play_knight_until_cave(robot, session)
    placed = len(placed_tile_events(session))
    for _ in range(3000):
        robot.frames(1)
        if len(placed_tile_events(session)) > placed:
            break
    e = [e for e in session.game.events if e.kind == "tile_placed"][-1]
    p = e.data["pos"]
    assert fmt_pos(p) in e.public                             # the place is in the public line
    assert any(h.pos == p and h.kind == HighlightKind.PLACE for h in table.motion.attention.highlights)
