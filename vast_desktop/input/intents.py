"""pygame events → intents: what a person means by a click, a drag, a key or the wheel.

The table screen answers "what is under the pointer at this position" from its layout (a
:class:`Point`); :class:`IntentReader` follows the mouse button through press, motion and
release and turns the raw events into intents (a click, a drag from a source to a place, a
pan of the map, a hover, a wheel turn, a key's action).  The controller
(:mod:`vast_desktop.input.controller`) turns intents into Session calls; this module never
looks at the game, so the gestures can be tested with plain values and the controller with
intents made by hand.  Keys follow GUI_SPEC "Input": Space/Enter, Esc, Ctrl+Z, Ctrl+S, F,
C, R, Tab and Shift+Tab (the keyboard focus), B (the next board), arrows, +/-.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..engine.geometry import Pos

DRAG_THRESHOLD = 6      # pixels (Manhattan) the pointer moves with the button held before a press is a drag
PAN_STEP = 60           # pixels an arrow key pans the map


@dataclass(frozen=True)
class Point:
    """What lies under the pointer at ``pos``, as the screen's layout resolves it."""

    pos: tuple[int, int]
    keys: tuple[str, ...] = ()       # target keys there, most specific first (a board region, or an edge, pieces, a space)
    drags: tuple[str, ...] = ()      # the board's "drag:<source>" regions there (a Hero cube supply, a hand tile…)
    space: Pos | None = None         # the map space there (None off the map)
    area: str = ""                   # "map", "board", "log" or "" (elsewhere)
    tab: str | None = None           # the board tab there, if any


@dataclass(frozen=True)
class Click:
    """A press and release of the left button without moving far (GUI_SPEC "Input": a click chooses)."""

    at: Point


@dataclass(frozen=True)
class Drag:
    """Something dragged from ``source`` (a target key: "piece:knight", "drag:hero_cubes"…) and dropped at ``to``."""

    source: str
    to: Point


@dataclass(frozen=True)
class Hover:
    """The pointer moved to ``at`` (tooltips, the Terrain placement preview)."""

    at: Point


@dataclass(frozen=True)
class Pan:
    """The map dragged by ``(dx, dy)`` pixels (a press on the map that picked nothing up)."""

    dx: int
    dy: int


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned ``dy`` notches (positive: away from the person) over ``at``."""

    dy: int
    at: Point


@dataclass(frozen=True)
class Key:
    """A keyboard shortcut's action, one of :data:`KEY_ACTIONS`."""

    action: str


@dataclass(frozen=True)
class Cancel:
    """The right button: drop the selection and close a choice menu."""


Intent = Click | Drag | Hover | Pan | Wheel | Key | Cancel

KEY_ACTIONS = ("undo", "save", "escape", "confirm", "fit", "cheatsheet", "rotate", "next_tab", "focus_next", "focus_prev",
               "pan_left", "pan_right", "pan_up", "pan_down", "zoom_in", "zoom_out", "recentre")


def key_action(key: int, mod: int) -> str | None:
    """The action of a key press (None: not a table shortcut).  Ctrl only matters for Z, S and C."""
    ctrl = mod & pygame.KMOD_CTRL
    if ctrl and key == pygame.K_z:
        return "undo"
    if ctrl and key == pygame.K_s:
        return "save"
    if key == pygame.K_ESCAPE:
        return "escape"
    if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        return "confirm"
    if key == pygame.K_f:
        return "fit"
    if key == pygame.K_HOME:
        return "recentre"
    if key == pygame.K_c and not ctrl:
        return "cheatsheet"
    if key == pygame.K_r:
        return "rotate"
    if key == pygame.K_TAB:                    # the focus through the decision's targets (keyboard_focus.py)
        return "focus_prev" if mod & pygame.KMOD_SHIFT else "focus_next"
    if key == pygame.K_b:
        return "next_tab"
    arrows = {pygame.K_LEFT: "pan_left", pygame.K_RIGHT: "pan_right", pygame.K_UP: "pan_up", pygame.K_DOWN: "pan_down"}
    if key in arrows:
        return arrows[key]
    if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        return "zoom_in"
    if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        return "zoom_out"
    return None


class IntentReader:
    """Follows the left button from press to release: a release close to its press is a
    :class:`Click`; moving farther than :data:`DRAG_THRESHOLD` with the button held drags what was
    pressed (when ``source_of`` names something there to pick up) or else pans the map (when the
    press was on the map).  ``dragging`` and ``press_source`` tell the screen what to draw under the
    pointer meanwhile."""

    def __init__(self) -> None:
        self.press: Point | None = None
        self.press_source: str | None = None
        self.dragging = False
        self.panning = False

    def read(self, event: pygame.event.Event, point_at: Callable[[tuple[int, int]], Point],
             source_of: Callable[[Point], str | None]) -> list[Intent]:
        """The intents of one event; ``point_at`` resolves a position on the screen, ``source_of``
        names what a press there would pick up (None: nothing to drag)."""
        if event.type == pygame.KEYDOWN:
            action = key_action(event.key, event.mod)
            return [Key(action)] if action is not None else []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = point_at(event.pos)
            self.press_source = source_of(self.press)
            self.dragging = False
            self.panning = False
            return []
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event, point_at)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(point_at(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [Cancel()]
        if event.type == pygame.MOUSEWHEEL:
            return [Wheel(event.y, point_at(pygame.mouse.get_pos()))]
        return []

    def _motion(self, event: pygame.event.Event, point_at: Callable[[tuple[int, int]], Point]) -> list[Intent]:
        out: list[Intent] = [Hover(point_at(event.pos))]
        press = self.press
        if press is None or not (event.buttons and event.buttons[0]):
            return out
        dist = abs(event.pos[0] - press.pos[0]) + abs(event.pos[1] - press.pos[1])
        if not self.dragging and not self.panning and dist > DRAG_THRESHOLD:
            if self.press_source is not None:
                self.dragging = True
            elif press.area == "map":
                self.panning = True
        if self.panning:
            out.append(Pan(*event.rel))
        return out

    def _release(self, at: Point) -> list[Intent]:
        press, source = self.press, self.press_source
        self.press = None
        self.press_source = None
        if self.panning:
            self.panning = False
            return []
        if self.dragging and source is not None:
            self.dragging = False
            return [Drag(source, at)]
        return [Click(at)] if press is not None else []
