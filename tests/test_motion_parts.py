"""The parts of the table's motion (issue 27 item 6) without a window: the highlights' pace, the
camera's following rules, the die's tumble and landing.  Time is only the dt handed in."""
from __future__ import annotations

import pygame

from vast_desktop.input.camera import CameraFollow
from vast_desktop.render.attention import PULSE_S, Attention, HighlightKind
from vast_desktop.render.die_roll import SHOW_S, TUMBLE_S, DieRoll
from vast_desktop.render.map_view import Camera


def test_a_highlight_lasts_its_pulse_divided_by_the_pace_and_one_ring_a_space_keeps_the_weightier_kind() -> None:
    a = Attention()
    a.show([((2, 3), HighlightKind.PLACE)], speed=2.0)
    assert a.highlights[0].duration == PULSE_S / 2
    a.show([((2, 3), HighlightKind.MOVE)], speed=2.0)          # the Knight steps onto the tile just placed
    assert [(h.pos, h.kind) for h in a.highlights] == [((2, 3), HighlightKind.MOVE)]
    a.show([((2, 3), HighlightKind.PLACE)], speed=2.0)
    assert a.highlights[0].kind == HighlightKind.MOVE
    a.advance(PULSE_S / 2 - 0.01)
    assert a.busy
    a.advance(0.02)
    assert not a.busy and a.highlights == []
    a.show([((0, 0), HighlightKind.ATTACK)], speed=0.0)        # animations off: a still ring, at the slowest length
    assert a.highlights[0].duration == PULSE_S / 0.25


def camera() -> Camera:
    return Camera(pygame.Rect(0, 0, 800, 600), tile=100.0, centre=(0.5, 0.5))


def test_the_camera_follows_until_a_manual_pan_and_again_at_a_new_turn() -> None:
    cam, f = camera(), CameraFollow()
    f.look_at(cam, [(1, 1)], speed=1.0)                        # in view: no glide
    assert f.goal is None
    f.look_at(cam, [(9, 0)], speed=1.0)                        # off the window: a glide
    assert f.goal is not None
    while f.advance(cam, 1 / 60, 1.0):
        pass
    assert cam.rect.contains(cam.tile_rect((9, 0))) and cam.tile == 100.0   # the least pan, no zoom
    f.manual()
    f.look_at(cam, [(-20, 0)], speed=1.0)
    assert f.goal is None and not f.following
    f.new_turn()
    f.look_at(cam, [(-20, 0)], speed=0.0)                      # animations off: there at once
    assert f.goal is None and cam.rect.contains(cam.tile_rect((-20, 0)))


def test_spaces_too_far_apart_zoom_the_camera_out_never_in() -> None:
    cam, f = camera(), CameraFollow()
    f.look_at(cam, [(-10, 0), (10, 0)], speed=0.0)
    assert cam.tile < 100.0
    assert cam.rect.contains(cam.tile_rect((-10, 0))) and cam.rect.contains(cam.tile_rect((10, 0)))


def test_the_die_tumbles_through_other_faces_then_shows_the_rolled_one() -> None:
    die = DieRoll.start((0, 0), 4, 1.0)
    faces = set()
    while die.tumbling:
        faces.add(die.shown_face)
        assert die.holds and die.fade == 1.0
        die.advance(1 / 60)
    assert 4 not in faces and len(faces) >= 3
    assert die.shown_face == 4 and not die.done
    die.advance(SHOW_S)
    assert die.done
    still = DieRoll.start((0, 0), 6, 0.0)                      # animations off: no tumble, the face at once
    assert not still.tumbling and still.shown_face == 6 and still.tumble_s == 0.0
    assert DieRoll.start((0, 0), 1, 2.0).tumble_s == TUMBLE_S / 2
