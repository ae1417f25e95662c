"""Game review (issue 6): a finished game, or any save, stepped through choice by choice.

The map, the boards and the log as they were after choice ``k``, seen by one viewer (the
public view or a role in the game), drawn by the table's own pieces (MapView, draw_board,
LogView) from the PlayerView that :class:`vast_desktop.review.Review` gives.  Nothing can be
chosen here: the review has its own games, and the game in progress (if any) is never touched.

Keys: Left/Right one choice, Home/End the start and the end, PageUp/PageDown (or Ctrl+Left/Right)
a turn, Tab the next board, F fit the map, +/- zoom, Esc back.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ..engine import PlayerView
from ..persistence import atomic_write_text
from ..render.boards import BoardLayout, draw_board_tabs
from ..render.log_view import LogView
from ..render.map_view import MapOverlay, MapView
from ..render.text import draw_text, fit
from ..render.theme import HIGHLIGHT, PANEL, PANEL_EDGE, ROLE_COLOURS, TEXT, TEXT_DIM
from ..review import Review, role_name
from ..settings import saves_dir
from .base import Screen
from .board_pane import BoardPane
from .menu import keep, readable

PUBLIC_LABEL = "Everyone (public)"


def viewer_label(viewer: str | None) -> str:
    return PUBLIC_LABEL if viewer is None else role_name(viewer)


class ReviewScreen(Screen):
    """Review ``review``; ``name`` names the game (a save's name) in the header and the exported file."""

    name = "review"

    def __init__(self, app, review: Review, name: str = "") -> None:
        super().__init__(app)
        self.review = review
        self.title = name or f"{' vs '.join(role_name(r) for r in review.roles)} seed {review.setup.seed}"
        self.k = review.n                      # a finished game opens at its end
        self.viewer: str | None = None         # the public view first
        self.map = MapView(app.art, pygame.Rect(0, 0, 10, 10))
        self.overlay = MapOverlay()
        self.log_box = LogView(pygame.Rect(0, 0, 10, 10))
        self.board_tab: str = review.roles[0]
        self.board_layout = BoardLayout({}, {})
        self.board_pane = BoardPane()         # the board at a readable size, scrolled when taller than its panel
        self.tab_rects: dict[str, pygame.Rect] = {}
        self.shown: tuple[int, str | None] | None = None     # the (step, viewer) the log box holds
        self.message = ""
        self.press: tuple[int, int] | None = None
        self.exported: Path | None = None

    # ------------------------------------------------------------------ layout
    def layout_rects(self) -> None:
        w, h = self.app.size
        s = self.scaled
        self.strip = pygame.Rect(0, 0, w, s(64))
        self.panel = pygame.Rect(w - s(440), self.strip.bottom, s(440), h - self.strip.bottom)
        self.bar = pygame.Rect(0, h - s(150), self.panel.x, s(150))
        self.map_rect = pygame.Rect(0, self.strip.bottom, self.panel.x, self.bar.y - self.strip.bottom)
        self.tabs_rect = pygame.Rect(self.panel.x, self.panel.y, self.panel.w, s(34))
        self.tools = pygame.Rect(self.panel.x + 4, self.panel.bottom - s(92), self.panel.w - 8, s(88))
        log_h = int(self.panel.h * 0.28)
        self.log_rect = pygame.Rect(self.panel.x + 4, self.tools.y - log_h - 4, self.panel.w - 8, log_h)
        top = self.tabs_rect.bottom + 4
        self.board_rect = pygame.Rect(self.panel.x + 4, top, self.panel.w - 8, self.log_rect.y - 4 - top)
        self.map.set_rect(self.map_rect)
        self.log_box.set_rect(self.log_rect, s(17))
        self.shown = None

    def build(self) -> None:
        self.layout_rects()
        m = self.app.manager
        s = self.scaled
        bh = s(36)
        x, y = self.bar.x + s(12), self.bar.y + s(10)
        self.slider = keep(self, pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x, y, self.bar.w - 2 * s(12), s(30)), self.k, (0, max(1, self.review.n)), m,
            click_increment=1))
        y = self.bar.bottom - bh - s(12)
        bw = min(s(120), (self.bar.w - 2 * s(12) - 5 * s(8)) // 6)
        steps = [("|< Start", self.to_start, "The start of the game (Home)"),
                 ("<< Turn", self.turn_back, "The start of this turn, or of the one before (PageUp, Ctrl+Left)"),
                 ("< Back", self.step_back, "One choice back (Left)"),
                 ("Forward >", self.step_forward, "One choice forward (Right)"),
                 ("Turn >>", self.turn_forward, "The start of the next turn (PageDown, Ctrl+Right)"),
                 ("End >|", self.to_end, "The end of the game (End)")]
        self.step_buttons = [self.button((x + i * (bw + s(8)), y, bw, bh), text, command, tip)
                             for i, (text, command, tip) in enumerate(steps)]
        tx = self.tools.x + s(8)
        self.viewer_menu = self._viewer_menu()
        by = self.tools.bottom - bh - s(6)
        half = (self.tools.w - s(24)) // 2
        self.export_button = self.button((tx, by, half, bh), "Export log", self.export,
                                         "Write this viewer's log as a text file next to the saves")
        self.back_button = self.button((tx + half + s(8), by, half, bh), "Back", self.back,
                                       "Leave the review (Esc)", object_id="@primary")
        self.update_controls()

    def update_controls(self) -> None:
        """The slider shows the step; the buttons that would go nowhere are greyed."""
        if int(self.slider.get_current_value()) != self.k:
            self.slider.set_current_value(self.k)
        for i, b in enumerate(self.step_buttons):
            (b.enable if (self.k > 0 if i < 3 else self.k < self.review.n) else b.disable)()

    # ------------------------------------------------------------------ commands
    def go(self, k: int) -> None:
        self.message = ""
        self.k = max(0, min(self.review.n, k))
        self.update_controls()

    def step_back(self) -> None:
        self.go(self.k - 1)

    def step_forward(self) -> None:
        self.go(self.k + 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(self.review.n)

    def turn_back(self) -> None:
        self.go(self.review.previous_turn(self.k))

    def turn_forward(self) -> None:
        self.go(self.review.next_turn(self.k))

    def set_viewer(self, viewer: str | None) -> None:
        self.viewer = viewer
        if viewer is not None:
            self.board_tab = viewer           # a role's own board first
        if self.viewer_menu.selected_option[0] != viewer_label(viewer):     # (chosen by other means than the menu)
            self.viewer_menu.kill()
            self.elements.remove(self.viewer_menu)
            self.viewer_menu = self._viewer_menu()

    def _viewer_menu(self) -> pygame_gui.elements.UIDropDownMenu:
        """The drop-down of viewers: the public view and each role in the game."""
        s = self.scaled
        rect = pygame.Rect(self.tools.x + s(104), self.tools.y + s(6), self.tools.w - s(112), s(36))
        theme = self.app.manager.get_theme()
        if not getattr(theme, "_vast_review_menu", False):       # it sits at the bottom: it opens upwards
            theme.load_theme({"#review_viewer": {"misc": {"expand_direction": "up"}}})
            theme._vast_review_menu = True  # type: ignore[attr-defined]
        return keep(self, pygame_gui.elements.UIDropDownMenu(
            [viewer_label(v) for v in self.review.viewers()], viewer_label(self.viewer), rect, self.app.manager,
            object_id="#review_viewer", expansion_height_limit=s(240)))

    def export_path(self) -> Path:
        return saves_dir() / f"{self.title} log ({viewer_label(self.viewer).split(' ')[0]}).txt"

    def export(self) -> None:
        """Write the viewer's whole log (public by default) as text beside the saves, atomically."""
        path = self.export_path()
        try:
            atomic_write_text(path, self.review.export_text(self.viewer))
        except OSError as exc:
            self.message = f"Could not write the log: {exc.strerror or exc}"
            self.app.notify(self.message, error=True)
            return
        self.exported = path
        self.message = f"Log written to {path}"
        self.app.notify(self.message, seconds=8.0)

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.go(int(round(event.value)))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.viewer_menu:
            self.set_viewer({viewer_label(v): v for v in self.review.viewers()}[event.text])
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = event.pos
            for tab, r in self.tab_rects.items():
                if r.collidepoint(event.pos):
                    self.board_tab = tab
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.press = None
        elif event.type == pygame.MOUSEMOTION and self.press is not None and event.buttons and event.buttons[0] \
                and self.map_rect.collidepoint(self.press):
            self.map.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.log_rect.collidepoint(mouse):
                self.log_box.wheel(event.y)
            elif self.board_rect.collidepoint(mouse):         # a board taller than its panel scrolls
                self.board_pane.wheel(event.y, self.board_rect, self.app.settings.ui_scale)
            elif self.map_rect.collidepoint(mouse):
                self.map.camera.zoom_at(1.12 if event.y > 0 else 1 / 1.12, mouse)

    def on_key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        moves = {pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
                 pygame.K_PAGEUP: self.turn_back, pygame.K_PAGEDOWN: self.turn_forward,
                 pygame.K_LEFT: self.turn_back if ctrl else self.step_back,
                 pygame.K_RIGHT: self.turn_forward if ctrl else self.step_forward}
        if k in moves:
            moves[k]()
        elif k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_TAB:
            roles = list(self.review.roles)
            self.board_tab = roles[(roles.index(self.board_tab) + 1) % len(roles)]
        elif k == pygame.K_f:
            self.map.camera.fit([t.pos for t in self.current().tiles])
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.map.camera.zoom_at(1.15, self.map_rect.center)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.map.camera.zoom_at(1 / 1.15, self.map_rect.center)

    # ------------------------------------------------------------------ drawing
    def update(self, dt: float) -> None:
        self.map.advance(dt)                     # the frame clock settles a zoom (sharp map art again)

    def current(self) -> PlayerView:
        return self.review.view(self.k, self.viewer)

    def _update_log(self, view: PlayerView) -> None:
        """The log box holds the viewer's log at this step: one step forward adds its lines,
        anything else (back, a jump, another viewer) starts the box again."""
        key = (self.k, self.viewer)
        if self.shown == key:
            return
        if self.shown is not None and self.shown[1] == self.viewer and self.shown[0] < self.k \
                and len(self.log_box.lines) <= len(view.log):
            self.log_box.append(view.log[len(self.log_box.lines):])
        else:
            self.log_box.clear()
            self.log_box.append(view.log)
        self.shown = key

    def draw(self, surface: pygame.Surface) -> None:
        view = self.current()
        self._update_log(view)
        self.map.draw(surface, view, self.overlay)
        self._draw_strip(surface, view)
        self._draw_panel(surface, view)
        self._draw_bar(surface)

    def _draw_strip(self, surface: pygame.Surface, view: PlayerView) -> None:
        s = self.scaled
        pygame.draw.rect(surface, PANEL, self.strip)
        pygame.draw.line(surface, PANEL_EDGE, self.strip.bottomleft, self.strip.bottomright)
        who = f"Viewing as: {viewer_label(self.viewer)}"
        draw_text(surface, who, (self.strip.right - s(12), s(8)), s(18), TEXT_DIM, anchor="topright")
        left = draw_text(surface, "Game review", (s(12), s(6)), s(22), HIGHLIGHT, bold=True)
        draw_text(surface, fit(self.title, s(18), self.strip.w - left.right - s(260)), (left.right + s(14), s(9)),
                  s(18), TEXT_DIM)
        draw_text(surface, fit(self.review.caption(self.k, self.viewer), s(19), self.strip.w - s(24)),
                  (s(12), s(36)), s(19), TEXT)

    def _draw_panel(self, surface: pygame.Surface, view: PlayerView) -> None:
        s = self.scaled
        pygame.draw.rect(surface, PANEL, self.panel)
        pygame.draw.line(surface, PANEL_EDGE, self.panel.topleft, self.panel.bottomleft, 2)
        self.tab_rects = draw_board_tabs(surface, self.tabs_rect, list(view.roles), self.board_tab)
        self.board_layout = self.board_pane.draw(surface, self.board_rect, view, self.board_tab, frozenset(), None,
                                                 self.app.art, self.app.settings.ui_scale)
        self.log_box.draw(surface)
        draw_text(surface, "View as", (self.tools.x + s(8), self.tools.y + s(6) + s(18)), s(18), TEXT,
                  anchor="midleft")

    def _draw_bar(self, surface: pygame.Surface) -> None:
        s = self.scaled
        pygame.draw.rect(surface, PANEL, self.bar)
        pygame.draw.line(surface, PANEL_EDGE, self.bar.topleft, self.bar.topright, 2)
        y = self.slider.rect.bottom + s(6)
        did = self.review.new_lines(self.k, self.viewer)
        if did:
            text = "This choice: " + " ".join(did)
        else:
            text = "Before the first choice." if self.k == 0 else "This choice logged nothing."
        draw_text(surface, fit(text, s(17), self.bar.w - s(24)), (self.bar.x + s(12), y), s(17), TEXT)
        view = self.current()
        if self.message:
            text, colour = self.message, TEXT_DIM
        elif view.outcome is not None:
            text, colour = f"Game over: {view.outcome[1]}", HIGHLIGHT
        elif view.waiting_for is not None:
            role, _, prompt = view.waiting_for
            text = f"Next, the {role_name(role)}: {prompt}" if role == view.viewer else f"Next: {prompt}"
            colour = readable(ROLE_COLOURS.get(role, TEXT), 0.3)
        else:
            text, colour = "", TEXT
        if text:
            draw_text(surface, fit(text, s(17), self.bar.w - s(24)), (self.bar.x + s(12), y + s(22)), s(17), colour)
