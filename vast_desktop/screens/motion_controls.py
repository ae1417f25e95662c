"""The table's motion and attention (issue 27 item 6): what follows the action, and its two buttons.

It keeps together what the table shows of the game's motion: the highlights of a computer's
action (:mod:`vast_desktop.render.attention`), the Dragon die rolling
(:mod:`vast_desktop.render.die_roll`), the camera following the action
(:mod:`vast_desktop.input.camera`) and the drag ghost (:mod:`vast_desktop.render.drag_ghost`);
and two buttons over the map's bottom right corner:

* "Skip to my turn", while computer players play and a person is at the table: the computers'
  remaining moves are made without pauses (no waiting for the pace or the highlights) until a
  person must decide;
* "Re-centre", once the person has panned or zoomed the map by hand (the camera no longer
  follows): follow again and show the active area now (also the Home key).

The computers wait between moves for the pace (Settings ``bot_pace``) and, when animations are
on, for the highlights and the die roll of their last move, so each action can be seen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import GameEvent
from ..engine.geometry import Pos
from ..input.camera import CameraFollow
from ..render.attention import Attention
from ..render.die_roll import DieRoll
from ..render.drag_ghost import DragGhost
from .action_places import places_of

if TYPE_CHECKING:
    import pygame_gui

    from .table import TableScreen

SKIP_LABEL = "Skip to my turn"
RECENTRE_LABEL = "Re-centre"


class MotionControls:
    """The table's highlights, die roll, camera following and drag ghost, and their buttons."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.attention = Attention()
        self.follow = CameraFollow()
        self.ghost = DragGhost()
        self.skipping = False
        self.skip_btn: pygame_gui.elements.UIButton | None = None
        self.recentre_btn: pygame_gui.elements.UIButton | None = None

    # ------------------------------------------------------------------ buttons
    def build(self) -> None:
        t = self.table
        s = t.app.settings.ui_scale
        w, h, gap = int(160 * s), int(34 * s), int(8 * s)
        r = t.map_rect
        self.skip_btn = t.button((r.right - w - gap, r.bottom - h - gap, w, h), SKIP_LABEL, self.skip,
                                 "The computer players make their moves without pauses until a person decides")
        self.recentre_btn = t.button((r.right - w - gap, r.bottom - 2 * h - 2 * gap, w, h), RECENTRE_LABEL,
                                     self.recentre, "Follow the action on the map again (Home)")
        self.skip_btn.hide()
        self.recentre_btn.hide()

    def computers_play(self) -> bool:
        """A computer player decides now and a person is at the table (who may skip to their turn)."""
        s = self.table.session
        return s is not None and s.game.outcome is None and bool(s.humans) and s.bot_to_move()

    def skip(self) -> None:
        """Play the computers through to the next person's decision without pauses."""
        self.skipping = True
        self.attention.clear()

    def recentre(self) -> None:
        """Follow the action again and bring the active area into view now."""
        self.follow.recentre(self.table.map.camera, self.active_area(), self.table.app.settings.animation_speed)

    def update_buttons(self) -> None:
        """Each frame: the skip ends once a person decides; each button shows only when it applies."""
        playing = self.computers_play()
        if not playing:
            self.skipping = False
        for btn, shown in ((self.skip_btn, playing and not self.skipping),
                           (self.recentre_btn, not self.follow.following)):
            if btn is None:
                continue
            if shown and not btn.visible:
                btn.show()
            elif not shown and btn.visible:
                btn.hide()

    # ------------------------------------------------------------------ the game moved on
    def on_events(self, events: list[GameEvent], by_computer: bool) -> None:
        """New events were logged: highlight a computer's action, roll the die, follow the action (where
        the events happened and the spaces the decision now asks for)."""
        t = self.table
        view = t.view
        if view is None:
            return
        speed = t.app.settings.animation_speed
        if by_computer and not self.skipping:
            self.attention.show([pl for e in events for pl in places_of(e, view)], speed)
        roll = view.last_roll
        if roll is not None and any(e.kind == "die_roll" for e in events):
            t.die = DieRoll.start(roll[0], roll[1], speed)
        if any(e.kind == "turn" for e in events):
            self.follow.new_turn()
        spaces = [p for e in events for p, _ in places_of(e, view)]
        if any(e.kind == "die_roll" for e in events) and roll is not None:
            (x, y), _ = roll                  # the die's 3x3 around its centre, and the face drawn above it
            spaces += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-2, -1, 0, 1)]
        if t.map.fitted:                     # (the map's first draw fits it whole: nothing to follow before)
            self.follow.look_at(t.map.camera, spaces + self.decision_spaces(), speed)

    def decision_spaces(self) -> list[Pos]:
        """The spaces the pending decision (of the person at the screen) asks to click."""
        t = self.table
        if t.index.decision is None:
            return []
        return sorted(t.index.spaces(None))

    def active_area(self) -> list[Pos]:
        """Where the action is: the decision's spaces, else the active role's piece, else the last
        highlights."""
        t = self.table
        spaces = self.decision_spaces()
        view = t.view
        if not spaces and view is not None and view.active in view.pieces:
            spaces = [view.pieces[view.active]]
        return spaces or [h.pos for h in self.attention.highlights]

    # ------------------------------------------------------------------ frame
    def advance(self, dt: float) -> None:
        """The frame clock: age the highlights, glide the camera unless the button is held (the die
        advances in the table)."""
        t = self.table
        self.attention.advance(dt)
        if t.controller.reader.press is None:   # (never moved under a pressed button: a drag or a click aims)
            self.follow.advance(t.map.camera, dt, t.app.settings.animation_speed)

    def holds_computers(self) -> bool:
        """The next computer move waits: its last action's highlights or die roll are still showing
        (animations on, not skipping)."""
        t = self.table
        if self.skipping or t.app.settings.animation_speed <= 0:
            return False
        die = t.die
        return self.attention.busy or (die is not None and die.holds)

    def computer_waits(self, waited: float) -> bool:
        """True while the next computer move must wait (``waited``: seconds since the last one)."""
        if self.skipping:
            return False
        return waited < self.table.app.settings.bot_pace or self.holds_computers()

    def draw(self, surface: pygame.Surface) -> None:
        """Over the map: the highlights and a tumbling die."""
        t = self.table
        cam = t.map.camera
        self.attention.draw(surface, cam, pulsing=t.app.settings.animation_speed > 0)
        if t.die is not None and t.die.tumbling and t.view is not None:
            clip = surface.get_clip()
            surface.set_clip(cam.rect)
            t.die.draw_tumble(surface, cam, t.app.art, t.view.rules.dragon_die)
            surface.set_clip(clip)

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """The drag ghost under the pointer while something is dragged (last, over everything)."""
        t = self.table
        source = t.press_source if t.dragging else None
        if source is None:
            self.ghost.drop()
            return
        region = t.board_layout.regions.get(source)
        self.ghost.capture(source, surface, t.app.art, region, max(14, int(t.map.camera.tile * 0.42)))
        self.ghost.draw(surface, pygame.mouse.get_pos())

