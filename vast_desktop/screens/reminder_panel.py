"""Reminders of the rulebook's easily forgotten rules on the table (issue 6, teaching item 4).

When the human who decides now meets a reminder's moment (see
:func:`vast_desktop.teach.cheatsheets.due_reminders`: the pending decision's kind, their own
turn starting, an event logged since they last decided), its text shows in a small panel
over the map's corner, with "More" (its section in the rules reference) and "Got it"
(dismiss; the next due reminder, if any, follows).

Each reminder is shown at most once per game to each role; that memory lives here, with
the table of this session, never in the game state (a save carries no reminders).  Never
for a computer player, never on the hand-off curtain (a new person looking drops what
the previous one had), and none at all while the setting "Reminders" is off."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..render.theme import ROLE_COLOURS, ROLE_NAMES
from ..teach.cheatsheets import Reminder, due_reminders, load_teaching_cards
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


class ReminderPanel:
    """The table's reminder panel and what it has already shown in this game."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.cards = load_teaching_cards()
        self.shown: dict[str, set[str]] = {}        # role -> reminder ids shown to it in this game
        self.since: dict[str, int] = {}             # role -> events already considered for it
        self.queue: list[Reminder] = []
        self.current: Reminder | None = None
        self.viewer: str | None = None
        self.role: str | None = None                # whom the queue and the panel are for
        self.elements: list[pygame_gui.core.UIElement] = []
        self.more_btn: pygame_gui.elements.UIButton | None = None
        self.ok_btn: pygame_gui.elements.UIButton | None = None

    @property
    def app(self):
        return self.table.app

    @property
    def enabled(self) -> bool:
        return bool(self.app.settings.reminders) and self.table.shows_reminders

    # ------------------------------------------------------------------ moments
    def check(self) -> None:
        """The game moved on (the table refreshed its view): queue the reminders now due."""
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
        self.role = role
        since = min(self.since.get(role, last_batch_start(events)), len(events))   # (undo shortens the log)
        self.since[role] = len(events)
        if not self.enabled:
            self.drop()
            return
        queued = {r.id for r in self.queue} | ({self.current.id} if self.current else set())
        self.queue += due_reminders(self.cards, s.game, role, since, self.shown.setdefault(role, set()) | queued)
        if self.current is None:
            self.next()

    def next(self) -> None:
        """Show the next queued reminder (and remember it as shown)."""
        self.kill()
        self.current = self.queue.pop(0) if self.queue and self.enabled else None
        if self.current is None:
            return
        self.shown.setdefault(self.role or "", set()).add(self.current.id)
        self.build()

    def dismiss(self) -> None:
        self.next()

    def more(self) -> None:
        if self.current is not None:
            self.app.open_rules(self.current.section)

    def drop(self) -> None:
        self.queue = []
        self.current = None
        self.kill()

    # ------------------------------------------------------------------ elements
    def kill(self) -> None:
        for e in self.elements:
            e.kill()
            if e in self.table.elements:
                self.table.elements.remove(e)
        self.elements = []
        self.more_btn = self.ok_btn = None

    def build(self) -> None:
        """(Re)create the panel for the current reminder, over the map's top-left corner."""
        self.kill()
        r = self.current
        if r is None:
            return
        if not self.enabled:
            self.drop()
            return
        table, s = self.table, self.table.scaled
        preload_fonts(self.app, self.app.settings.ui_scale)
        role = self.role or r.role
        head = f"Remember, {ROLE_NAMES[role]}" if role in ROLE_NAMES else "Remember"
        colour = lighter(ROLE_COLOURS[role]) if role in ROLE_COLOURS else "#FFD65A"
        width = min(s(400), table.map_rect.w - s(24))
        bh = s(30)
        rect = pygame.Rect(table.map_rect.x + s(12), table.map_rect.y + s(12), width, s(400))
        panel = pygame_gui.elements.UIPanel(rect, starting_height=3, manager=self.app.manager,
                                            object_id="#reminder_panel")
        html = f"<font color='{colour}'><b>{head}</b></font><br>{_esc(r.text)}"
        box = pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, width - s(6), -1), self.app.manager,
                                            container=panel)      # (height -1: as tall as its text)
        text_h = box.rect.h
        panel.set_dimensions((width, text_h + bh + s(18)))
        bw = s(92)
        self.ok_btn = pygame_gui.elements.UIButton(
            pygame.Rect(width - s(12) - bw, text_h + s(4), bw, bh), "Got it", self.app.manager, container=panel,
            command=self.dismiss, tool_tip_text="Close this reminder", object_id="@primary")
        self.more_btn = pygame_gui.elements.UIButton(
            pygame.Rect(width - s(18) - 2 * bw, text_h + s(4), bw, bh), "More", self.app.manager, container=panel,
            command=self.more, tool_tip_text="This rule in the rules reference")
        self.elements = [panel]
        table.add(panel)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
