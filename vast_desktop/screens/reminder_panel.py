"""Reminders of the rulebook's easily forgotten rules on the table (issue 6, teaching item 4;
issue 27 item 5).

When the human who decides now meets a reminder's moment (see
:func:`vast_desktop.teach.cheatsheets.due_reminders`: the pending decision's kind, their own
turn starting, an event logged since they last decided; only reminders written for the
game's roles and tile rule), it joins that role's queue.  The queue shows one reminder at a
time in a small panel over the map, with "More" (its section in the rules reference) and
"Got it" (dismiss), and at most one per player in each turn of the game: the next waits for
a later turn instead of following at once (one about a decision waits for that decision to be
asked again, one about an event or a turn start shows at the next turn).

The panel never covers what the current decision asks to click: it goes where it overlaps no
target of the decision (on the map: spaces, pieces, edges; on the player board), no button of
the table and not the prompt, trying the map's corners first, then the log, then the board; when the map is panned or zoomed or the decision changes it moves,
and where nothing fits it waits, hidden, until a place frees.

What each player has seen is remembered across launches (:mod:`vast_desktop.seen_reminders`),
never in the game state (a save carries no reminders).  Never for a computer player, never on
the hand-off curtain (a new person looking drops what the previous one had), and none at all
while the setting "Reminders" is off."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..engine.geometry import parse_pos
from ..render.theme import ROLE_COLOURS, ROLE_NAMES
from ..seen_reminders import (
    SeenReminders,
    SeenRemindersError,
    load_seen_reminders,
    player_key,
    save_seen_reminders,
)
from ..teach.cheatsheets import Reminder, due_reminders, load_teaching_cards, triggers_now
from .cheatsheet import lighter, preload_fonts

if TYPE_CHECKING:
    from ..engine.game import GameEvent
    from .table import TableScreen


def last_batch_start(events: list[GameEvent]) -> int:
    """The index of the first event logged by the latest step (a game opened from a save
    reminds of what just happened, not of its whole history)."""
    if not events:
        return 0
    last = events[-1].step
    i = len(events)
    while i > 0 and events[i - 1].step == last:
        i -= 1
    return i


def free_spot(size: tuple[int, int], areas: list[pygame.Rect], avoid: list[pygame.Rect],
              step: int) -> pygame.Rect | None:
    """Where a panel of ``size`` fits inside one of ``areas`` (tried in order) overlapping none
    of ``avoid``: in each area its corners first (top left, top right, bottom left, bottom
    right), then the first free place on a grid of ``step`` pixels, row by row; None where
    nothing fits."""
    w, h = size
    if w <= 0 or h <= 0:
        return None
    for area in areas:
        if w > area.w or h > area.h:
            continue
        xs = (area.x, area.right - w)
        ys = (area.y, area.bottom - h)
        corners = [(x, y) for y in ys for x in xs]
        grid = [(x, y) for y in range(area.y, area.bottom - h + 1, max(1, step))
                for x in range(area.x, area.right - w + 1, max(1, step))]
        for x, y in corners + grid:
            r = pygame.Rect(x, y, w, h)
            if r.collidelist(avoid) < 0:
                return r
    return None


class ReminderPanel:
    """The table's reminder panel, the queues of reminders waiting, and the record of what
    each player has seen."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.cards = load_teaching_cards()
        self.problem: str | None = None            # why the record cannot be read or written
        self.problem_told = False
        try:
            self.record = load_seen_reminders()
        except SeenRemindersError as exc:           # refused: kept in memory only, the file untouched
            self.record = SeenReminders()
            self.problem = (f"{exc} The reminders you see are remembered only until you quit; "
                            "the file is left as it is.")
        self.since: dict[str, int] = {}             # role -> events already considered for it
        self.queues: dict[str, list[Reminder]] = {}  # role -> reminders due and not yet shown
        self.due_now: set[str] = set()              # the ids that came due at the latest look
        self.last_turn: dict[str, tuple[int, str | None]] = {}   # player -> turn a reminder was shown in
        self.current: Reminder | None = None
        self.viewer: str | None = None
        self.role: str | None = None                # whom the queue and the panel are for
        self.rect: pygame.Rect | None = None        # where the panel is (None: waiting for room)
        self.sizes: dict[str, tuple[int, int]] = {}  # reminder id -> the panel's size (at this scale)
        self.place_key: tuple | None = None         # what the panel's place was worked out for
        self.elements: list[pygame_gui.core.UIElement] = []
        self.more_btn: pygame_gui.elements.UIButton | None = None
        self.ok_btn: pygame_gui.elements.UIButton | None = None

    @property
    def app(self):
        return self.table.app

    @property
    def enabled(self) -> bool:
        return bool(self.app.settings.reminders) and self.table.shows_reminders

    @property
    def queue(self) -> list[Reminder]:
        """The reminders waiting for the role who decides now."""
        return self.queues.setdefault(self.role or "", [])

    def player(self, role: str) -> str:
        """The record's name for the person playing ``role`` (a Campaign player, else the role)."""
        names = getattr(self.table.session, "players", None) or {}
        return player_key(role, names.get(role))

    def turn(self) -> tuple[int, str | None]:
        st = self.table.session.game.state
        return st.round, st.active

    # ------------------------------------------------------------------ moments
    def check(self) -> None:
        """The game moved on (the table refreshed its view): queue the reminders now due and
        show the next one if this player has had none in this turn."""
        s = self.table.session
        events = s.game.events
        if s.viewer != self.viewer:                 # another person looks now: drop the last one's
            self.viewer = s.viewer
            self.drop()
        if s.needs_handoff():
            return                                  # the events wait for the person behind the curtain
        role = s.decider
        if role is None or not s.human_to_decide:
            return
        if role != self.role:
            self.drop()
        self.role = role
        since = min(self.since.get(role, last_batch_start(events)), len(events))   # (undo shortens the log)
        self.since[role] = len(events)
        if not self.enabled:
            self.drop()
            return
        waiting = {r.id for r in self.queue} | ({self.current.id} if self.current else set())
        due = due_reminders(self.cards, s.game, role, since, self.record.seen_by(self.player(role)) | waiting)
        self.due_now = {r.id for r in due}
        self.queue.extend(due)
        self.place_key = None                       # the decision changed: its targets too
        self.show_next()

    def show_next(self) -> None:
        """Show the first waiting reminder (one due at this very moment first) if none shows,
        the player has had none in this turn, and it has a place that covers no target."""
        if self.current is not None or not self.enabled or self.role is None or not self.queue:
            return
        s = self.table.session
        if s.needs_handoff() or s.decider != self.role or not s.human_to_decide:
            return                                  # only to the person deciding now, never on the curtain
        player = self.player(self.role)
        if self.last_turn.get(player) == self.turn():
            return
        self.tell_problem()
        game = self.table.session.game
        queue = self.queue
        queue[:] = [r for r in queue if r.fits_game(game) and not self.record.has_seen(player, r.id)]
        if not queue:
            return
        pending = game.pending if game.pending is not None and game.pending.role == self.role else None
        now = triggers_now(pending, (), game.state.active)
        # a reminder about a decision shows while that decision is asked (it comes again); one about
        # an event or a turn start that had to wait shows at the next turn
        ready = [r for r in queue if r.id in self.due_now or not r.when.startswith("decision:") or r.when in now]
        if not ready:
            return
        pick = next((r for r in ready if r.id in self.due_now), ready[0])
        spot = free_spot(self.size_of(pick), self.areas(), self.avoid(), self.step())
        if spot is None:
            return                                  # nowhere to go without covering a target: wait
        queue.remove(pick)
        self.current = pick
        self.last_turn[player] = self.turn()
        self.remember(player, pick.id)
        self.build(spot)

    def update(self) -> None:
        """Each frame: when what the panel must not cover changed (the map panned or zoomed, the
        decision, the board, the buttons), keep the panel off it (move it, or hide it until there
        is room), and show a waiting reminder once room frees."""
        if self.current is None and not self.queues.get(self.role or ""):
            return
        t = self.table
        avoid = self.avoid()
        key = (tuple(tuple(r) for r in avoid), tuple(t.map_rect), tuple(t.log_rect), tuple(t.board_rect))
        if key == self.place_key:
            return
        self.place_key = key
        if self.current is None:
            self.show_next()
            return
        if self.rect is not None and self.rect.collidelist(avoid) < 0 and self.elements:
            return
        spot = free_spot(self.size_of(self.current), self.areas(), avoid, self.step())
        if spot is None:
            self.kill()                             # waiting for room; the reminder stays current
            self.rect = None
        elif self.elements and self.elements[0].rect.size == spot.size:
            self.elements[0].set_relative_position(spot.topleft)
            self.rect = spot
        else:
            self.build(spot)

    def dismiss(self) -> None:
        """"Got it": the panel closes; the next waiting reminder waits for a later turn."""
        self.current = None
        self.rect = None
        self.kill()

    def more(self) -> None:
        if self.current is not None:
            self.app.open_rules(self.current.section)

    def drop(self) -> None:
        """Close the panel (its reminder has been seen); the queues keep the others."""
        self.current = None
        self.rect = None
        self.kill()

    # ------------------------------------------------------------------ the record
    def remember(self, player: str, reminder_id: str) -> None:
        if not self.record.mark(player, reminder_id) or self.problem is not None:
            return
        try:
            save_seen_reminders(self.record)
        except OSError as exc:
            self.problem = (f"The reminders you have seen could not be saved ({exc.strerror or exc}); "
                            "they are remembered only until you quit.")
            self.tell_problem()

    def tell_problem(self) -> None:
        if self.problem is not None and not self.problem_told:
            self.problem_told = True
            self.app.notify(self.problem, error=True, seconds=10.0)

    # ------------------------------------------------------------------ place
    def step(self) -> int:
        return self.table.scaled(24)

    def areas(self) -> list[pygame.Rect]:
        """Where the panel may go, best first: over the map (a margin from its edges), over
        the log, over the player board (where it covers none of the board's targets)."""
        t = self.table
        m = t.scaled(12)
        return [t.map_rect.inflate(-2 * m, -2 * m), pygame.Rect(t.log_rect), t.board_rect.union(t.log_rect)]

    def avoid(self) -> list[pygame.Rect]:
        """What the panel must not cover: every target of the decision on the map (a space, a
        piece's space, both spaces of an edge) and on the player board, the prompt (it says
        what to do), the board's tabs and every button of the table."""
        t = self.table
        cam = t.map.camera
        pieces = t.view.pieces if t.view is not None else {}
        regions = t.board_layout.regions
        out: list[pygame.Rect] = []
        for k in t.index.by_key:
            kind, _, ref = k.partition(":")
            if k in regions:
                out.append(regions[k])
            try:
                if kind == "space":
                    out.append(cam.tile_rect(parse_pos(ref)))
                elif kind == "piece" and ref in pieces:
                    out.append(cam.tile_rect(pieces[ref]))
                elif kind == "edge":
                    a, _, b = ref.partition("|")
                    out.append(cam.tile_rect(parse_pos(a)).union(cam.tile_rect(parse_pos(b))))
            except ValueError:
                continue                            # a target the map does not draw
        out += [t.prompt, t.tabs_rect, t.strip]
        out += [b.rect for b in t.prompt_buttons]
        out += [e.rect for e in t.elements if isinstance(e, pygame_gui.elements.UIButton) and e.visible]
        return out

    def size_of(self, r: Reminder) -> tuple[int, int]:
        """The panel's size for ``r`` at this scale (laid out once, then remembered)."""
        width = self.width()
        size = self.sizes.get(r.id)
        if size is None or size[0] != width:
            self.build(pygame.Rect(-4 * width, 0, width, 1), r, measure=True)
            size = self.sizes[r.id]
        return size

    def width(self) -> int:
        s = self.table.scaled
        return min(s(400), self.table.map_rect.w - s(24))

    # ------------------------------------------------------------------ elements
    def kill(self) -> None:
        for e in self.elements:
            e.kill()
            if e in self.table.elements:
                self.table.elements.remove(e)
        self.elements = []
        self.more_btn = self.ok_btn = None

    def build(self, spot: pygame.Rect | None = None, reminder: Reminder | None = None, measure: bool = False) -> None:
        """(Re)create the panel for the current reminder at ``spot`` (default: a free place,
        worked out again), or, with ``measure``, lay out ``reminder`` only to learn its size."""
        r = reminder if measure else self.current
        if not measure:
            self.kill()
        if r is None:
            return
        if not measure and not self.enabled:
            self.drop()
            return
        if spot is None:
            spot = free_spot(self.size_of(r), self.areas(), self.avoid(), self.step())
            if spot is None:
                self.rect = None                    # waiting for room
                return
        table, s = self.table, self.table.scaled
        preload_fonts(self.app, self.app.settings.ui_scale)
        role = self.role or r.role
        head = f"Remember, {ROLE_NAMES[role]}" if role in ROLE_NAMES else "Remember"
        colour = lighter(ROLE_COLOURS[role]) if role in ROLE_COLOURS else "#FFD65A"
        width = self.width()
        bh = s(30)
        panel = pygame_gui.elements.UIPanel(pygame.Rect(spot.x, spot.y, width, s(400)), starting_height=3,
                                            manager=self.app.manager, object_id="#reminder_panel")
        html = f"<font color='{colour}'><b>{head}</b></font><br>{_esc(r.text)}"
        box = pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, width - s(6), -1), self.app.manager,
                                            container=panel)      # (height -1: as tall as its text)
        text_h = box.rect.h
        height = text_h + bh + s(18)
        self.sizes[r.id] = (width, height)
        if measure:
            panel.kill()
            return
        panel.set_dimensions((width, height))
        bw = s(92)
        self.ok_btn = pygame_gui.elements.UIButton(
            pygame.Rect(width - s(12) - bw, text_h + s(4), bw, bh), "Got it", self.app.manager, container=panel,
            command=self.dismiss, tool_tip_text="Close this reminder", object_id="@primary")
        self.more_btn = pygame_gui.elements.UIButton(
            pygame.Rect(width - s(18) - 2 * bw, text_h + s(4), bw, bh), "More", self.app.manager, container=panel,
            command=self.more, tool_tip_text="This rule in the rules reference")
        self.elements = [panel]
        self.rect = pygame.Rect(spot.x, spot.y, width, height)
        table.add(panel)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
