"""The window, the frame loop and the screen stack (ARCHITECTURE §2).

``App.step()`` runs one frame (events, update, draw) so headless tests can post
real pygame events and advance the app frame by frame."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import NamedTuple

import pygame
import pygame_gui

from .audio.player import SoundPlayer
from .autosaver import READ_FLUSH_SECONDS, AutosaveWriter
from .display_mode import set_fullscreen, toggle_fullscreen
from .persistence import clean_temp_files
from .render import text as text_mod
from .render.palette import apply_palette, palette_for
from .render.theme import BG, DANGER, HIGHLIGHT, HIGHLIGHT_ALT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, font
from .rules_folder import player_rules
from .screens.base import Screen
from .session import Seat, Session
from .settings import Settings, autosave_path, folders, load_settings, save_settings

FPS = 60
QUIT_FLUSH_SECONDS = 5.0        # how long quitting waits for the last autosave to reach the disk
LINKED_TOAST_SECONDS = 8.0      # a refusal with a "Rule" link stays long enough to reach for the link
TOAST_FONT, LINK_FONT = 20, 17


class Toast(NamedTuple):
    """A short message at the bottom of the window, shown until ``until`` (the app's clock).
    ``section``: the rules-reference section its "Rule" link opens (a refusal's rule), or ""."""

    message: str
    until: float
    error: bool
    section: str = ""


def gui_theme(scale: float) -> dict:
    """pygame_gui theme: dark stone panels, warm text, sizes scaled by the UI scale."""
    size = str(int(15 * scale))
    return {
        "defaults": {
            "colours": {
                "normal_bg": "#2b2632", "hovered_bg": "#3d3546", "disabled_bg": "#221e27",
                "selected_bg": "#5a4a2e", "active_bg": "#5a4a2e", "dark_bg": "#1c1922",
                "normal_text": "#e8e2d6", "hovered_text": "#ffffff", "selected_text": "#ffe9a8",
                "disabled_text": "#6e6874", "normal_border": "#5a5064", "hovered_border": "#b48945",
                "selected_border": "#ffd65a", "active_border": "#ffd65a", "text_cursor": "#ffd65a",
            },
            "font": {"name": "noto_sans", "size": size},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4", "border_width": "1"},
        },
        "text_box": {"colours": {"dark_bg": "#16141a"}, "font": {"name": "noto_sans", "size": str(int(14 * scale))}},
        # pygame_gui takes the font per element type, so the UI scale reaches each kind
        **{kind: {"font": {"name": "noto_sans", "size": size}}
           for kind in ("button", "label", "drop_down_menu", "text_entry_line", "selection_list",
                        "horizontal_slider", "tool_tip")},
        "@title_button": {"font": {"name": "noto_sans", "size": str(int(22 * scale)), "bold": "1"}},
        # the rules reference's contents: rows as tall as the scaled font, left-aligned so nested
        # sections show their indent
        "@rules_list": {"misc": {"list_item_height": str(int(24 * scale))}},
        "@rules_list.@selection_list_item": {"misc": {"text_horiz_alignment": "left",
                                                      "text_horiz_alignment_padding": "10"}},
        "@primary": {"colours": {"normal_bg": "#5a4a2e", "hovered_bg": "#7a6236", "normal_border": "#ffd65a"}},
    }


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 rules_dir: Path | str | None = None) -> None:
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "vast_desktop")
        pygame.init()
        text_mod.reset_caches()      # fonts and text surfaces belong to one pygame session
        from .render.boards import clear_caches

        clear_caches()
        self.settings = settings or load_settings()
        for folder in folders():     # temp files a crash left mid-write (persistence.clean_temp_files)
            clean_temp_files(folder.path)
        # every game's autosave goes through this one writer, so one game's saves never land after the next's
        self.autosaver = AutosaveWriter()
        # the rules every game of this app plays with: the player's folder over the game's data,
        # or the game's data and a warning (shown on the title and setup screens)
        self.rules_load = player_rules(rules_dir)
        self.sound = SoundPlayer(self.settings)     # silent where there is no audio device
        if size is None:
            size = (self.settings.window_width, self.settings.window_height)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Vast: The Crystal Caverns")
        self.manager = pygame_gui.UIManager(size, gui_theme(self.settings.ui_scale))
        self.clock = pygame.time.Clock()
        self.screens: list[Screen] = []
        self.session: Session | None = None
        self.running = True
        self.now = 0.0
        self.toasts: list[Toast] = []
        self.toast_links: list[tuple[pygame.Rect, Toast]] = []    # the "Rule" links as last drawn
        self.frame_times: list[float] = []
        from .render.tile_art import TileArt

        self.art = TileArt()
        apply_palette(palette_for(self.settings.colour_blind), self.art)   # the colour-blind option (render/palette.py)
        if self.settings.fullscreen:
            self._fullscreen_problem(set_fullscreen(self, True))

    # ------------------------------------------------------------ screens
    @property
    def top(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    def push(self, screen: Screen) -> None:
        if self.top is not None:
            self.top.suspend()
        self.screens.append(screen)
        screen.enter()

    def pop(self) -> None:
        if self.screens:
            self.screens.pop().exit()
        if self.top is not None:
            self.top.resume()

    def replace(self, screen: Screen) -> None:
        while self.screens:
            self.screens.pop().exit()
        self.push(screen)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # ------------------------------------------------------------ rules reference
    def open_rules(self, section_id: str | None = None) -> None:
        """Open the rules reference over the top screen, at ``section_id``; else at the rule of
        the refusal on show (its toast's "Rule" link: H or F1 while it shows), else at what the
        top screen asks for (the pending decision's section on the table)."""
        from .screens.rules_screen import RulesScreen

        if isinstance(self.top, RulesScreen):
            return
        if section_id is None:
            linked = [t for t in self.toasts if t.section and t.until > self.now]
            if linked:
                self.toasts.remove(linked[-1])            # read: the toast has done its work
                section_id = linked[-1].section
        if section_id is None and self.top is not None:
            section_id = self.top.rules_section()
        self.push(RulesScreen(self, section_id))

    def follow_toast_link(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos`` on a toast's "Rule" link opens the reference at that rule (over the
        reference itself it turns to that section).  True if the click was on a link."""
        from .screens.rules_screen import RulesScreen

        for rect, toast in self.toast_links:
            if rect.collidepoint(pos) and toast in self.toasts:
                self.toasts.remove(toast)
                if isinstance(self.top, RulesScreen):
                    self.top.open(toast.section)
                else:
                    self.open_rules(toast.section)
                return True
        return False

    def is_rules_key(self, event: pygame.event.Event) -> bool:
        """H or F1 opens the rules from every screen (H not while typing in a text field,
        and neither over the reference itself, which handles its own keys)."""
        from .screens.rules_screen import RulesScreen

        if event.type != pygame.KEYDOWN or isinstance(self.top, RulesScreen):
            return False
        if event.key == pygame.K_F1:
            return True
        typing = any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in self.manager.get_focus_set() or ())
        return event.key == pygame.K_h and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)) and not typing

    # ------------------------------------------------------------ messages
    def notify(self, message: str, error: bool = False, seconds: float = 4.0, rule: str = "") -> None:
        """A short message at the bottom of the window (errors in red).  ``rule``: the id of the
        rule that refuses (a checklist id or a section id, ``Reason.rule``); when the reference
        has a section for it the toast shows a "Rule" link there and stays a little longer."""
        section = ""
        if rule:
            from .teach.reference import load_reference

            found = load_reference().for_rule(rule)
            section = found.id if found is not None else ""
        if section:
            seconds = max(seconds, LINKED_TOAST_SECONDS)
        self.toasts.append(Toast(message, self.now + seconds, error, section))

    # ------------------------------------------------------------ sessions
    def start_session(self, session: Session) -> None:
        from .screens.table import TableScreen

        self.session = session
        session.draw_curtain()                  # every entry to the table starts behind the curtain
        self.replace(TableScreen(self))

    def flush_autosave(self, timeout: float = READ_FLUSH_SECONDS) -> bool:
        """Wait (up to ``timeout`` seconds) until the last autosave is on disk: before the app
        quits and before anything reads the autosave file.  True if it is."""
        done = self.autosaver.flush(timeout)
        if self.session is not None and self.session.writer is not self.autosaver:
            done = self.session.flush_autosave(timeout) and done
        return done

    def new_game(self, setup, seats: dict[str, Seat]) -> None:
        session = Session.new(setup, seats, autosave_path(), shared_table=self.settings.shared_table,
                              writer=self.autosaver, rules=self.rules_load.rules)
        self.start_session(session)

    def continue_game(self) -> bool:
        """Resume the autosave; a broken or hostile one is reported (the file and the reason) and
        nothing changes: the autosave is not written."""
        from .persistence import SaveError

        self.flush_autosave()
        try:
            session = Session.load(autosave_path(), autosave_path=autosave_path(), writer=self.autosaver,
                                   rules=self.rules_load.rules)
        except SaveError as exc:
            self.notify(f"Cannot continue: {exc}", error=True, seconds=10.0)
            return False
        session.shared_table = self.settings.shared_table
        self.start_session(session)
        return True

    def load_game(self, path: Path) -> bool:
        """Load a save to play; a broken or hostile one is reported (the file and the reason)
        and the current game and the autosave stay as they were."""
        from .persistence import SaveError

        self.flush_autosave()
        try:
            session = Session.load(path, autosave_path=autosave_path(), writer=self.autosaver,
                                   rules=self.rules_load.rules)
        except SaveError as exc:
            self.notify(f"Cannot load: {exc}", error=True, seconds=10.0)
            return False
        session.shared_table = self.settings.shared_table
        session.autosave()
        self.start_session(session)
        return True

    def apply_settings(self, settings: Settings) -> bool:
        """Apply ``settings`` and store them; False (and an error toast) if they could not be
        stored — they apply to this run all the same."""
        self.settings = settings
        stored = True
        try:
            save_settings(settings)
        except OSError as exc:
            stored = False
            self.notify(f"The settings apply now but could not be stored: cannot write "
                        f"{exc.filename or 'the settings file'} ({exc.strerror or exc}).", error=True, seconds=8.0)
        self.sound.apply(settings)
        apply_palette(palette_for(settings.colour_blind), self.art)
        self._fullscreen_problem(set_fullscreen(self, settings.fullscreen))
        self.manager.get_theme().load_theme(gui_theme(settings.ui_scale))
        if self.session is not None:
            was_open = self.session.shared_table
            self.session.shared_table = settings.shared_table
            if was_open and not settings.shared_table:
                self.session.draw_curtain()     # curtains just switched on: the seated view is hidden first
        if self.top is not None:
            self.top.resize(self.size)
        return stored

    def _fullscreen_problem(self, problem: str | None) -> None:
        if problem is not None:
            self.notify(f"Fullscreen is not available here: {problem}.", error=True)

    # ------------------------------------------------------------ frame loop
    def step(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw.  Returns False once the app should quit."""
        start = time.perf_counter()
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        self.now += dt
        text_mod.clear_drawn()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                size = (max(960, event.w), max(600, event.h))
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self.manager.set_window_resolution(size)
                for s in self.screens:
                    s.resize(size)
                continue
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.follow_toast_link(event.pos):
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                toggle_fullscreen(self)           # fullscreen and back, from every screen (display_mode.py)
                continue
            consumed = self.manager.process_events(event)
            if not consumed and self.is_rules_key(event):
                self.open_rules()
            elif not consumed and self.top is not None:
                self.top.handle_event(event)
        self.manager.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        if self.top is not top:
            # a screen came or went (e.g. the hand-off curtain): let pygame_gui apply the hidden and new
            # elements before drawing, or the covered screen's log and buttons flash for one frame
            self.manager.update(0.0)
        self.draw()
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - start)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        if not self.running:
            self.flush_autosave(QUIT_FLUSH_SECONDS)     # the last move reaches the disk before the app goes
        return self.running

    def draw(self) -> None:
        self.screen.fill(BG)
        first = len(self.screens) - 1
        while first > 0 and not self.screens[first].opaque:
            first -= 1
        for s in self.screens[first:]:
            s.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self._draw_toasts()

    def _draw_toasts(self) -> None:
        """The last three toasts, the newest on top; a toast under the pointer stays while it is there."""
        self.toasts = [t for t in self.toasts if t.until > self.now]
        self.toast_links = []
        w, h = self.size
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        y = h - 150
        keyed = next((t for t in reversed(self.toasts) if t.section), None)      # the one F1 opens
        for toast in self.toasts[-3:]:
            lines = text_mod.wrap(toast.message, TOAST_FONT, min(900, w - 80))
            link = self._toast_link_label(toast.section)
            box = pygame.Rect(0, 0, min(940, w - 40), 18 * len(lines) + 20 + (30 if link else 0))
            box.midbottom = (w // 2, y)
            if box.collidepoint(mouse) and toast.until < self.now + 1.0:      # held under the pointer
                held = toast._replace(until=self.now + 1.0)
                self.toasts[self.toasts.index(toast)] = toast = held
            pygame.draw.rect(self.screen, PANEL, box, border_radius=8)
            pygame.draw.rect(self.screen, DANGER if toast.error else PANEL_EDGE, box, 2, border_radius=8)
            for i, line in enumerate(lines):
                text_mod.draw_text(self.screen, line, (box.x + 14, box.y + 10 + 18 * i), TOAST_FONT,
                                   DANGER if toast.error else TEXT)
            if link:
                self._draw_toast_link(toast, link, box, mouse, toast is keyed)
            y = box.y - 8

    @staticmethod
    def _toast_link_label(section: str) -> str:
        if not section:
            return ""
        from .teach.reference import load_reference

        return f"See the rule: {load_reference().section(section).title} \u203a"

    def _draw_toast_link(self, toast: Toast, label: str, box: pygame.Rect, mouse: tuple[int, int],
                         keyed: bool) -> None:
        """The "Rule" link under the sentence: a small button (brighter under the pointer) and, on the
        newest refusal (``keyed``: the one F1 opens), its key."""
        label = text_mod.fit(label, LINK_FONT, box.w - 140)
        tw, th = font(LINK_FONT).size(label)
        rect = pygame.Rect(box.x + 12, box.bottom - 34, tw + 20, th + 8)
        hot = rect.collidepoint(mouse)
        pygame.draw.rect(self.screen, PANEL_EDGE if hot else BG, rect, border_radius=6)
        pygame.draw.rect(self.screen, HIGHLIGHT_ALT if hot else HIGHLIGHT, rect, 1, border_radius=6)
        text_mod.draw_text(self.screen, label, rect.center, LINK_FONT, HIGHLIGHT_ALT if hot else HIGHLIGHT,
                           anchor="center")
        if keyed:
            text_mod.draw_text(self.screen, "or press F1", (rect.right + 10, rect.centery), LINK_FONT - 1, TEXT_DIM,
                               anchor="midleft")
        self.toast_links.append((rect, toast))

    def run(self, tutorial: bool = False) -> int:
        from .screens.title import TitleScreen

        title = TitleScreen(self)
        self.push(title)
        if tutorial:                  # `python -m vast_desktop tutorial`: straight into the tutorial
            title.on_tutorial()
        while self.step():
            pass
        pygame.quit()
        return 0


def main(tutorial: bool = False, rules_dir: str | None = None) -> int:
    """Open the window; ``rules_dir``: the player's rules-data folder (``--rules-dir``)."""
    return App(rules_dir=rules_dir).run(tutorial)
