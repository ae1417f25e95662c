"""Loading and saving games.

``LoadScreen`` lists the saves (newest first) and the autosave; a file that cannot
be loaded is reported and nothing changes.  ``SaveScreen`` asks for a name and
writes the current game (asking again before it overwrites a save)."""
from __future__ import annotations

import string
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui

from ..autosaver import failure_reason
from ..persistence import SaveError, load_save
from ..render.text import draw_text, wrap
from ..render.theme import DANGER, HIGHLIGHT, PANEL_EDGE, ROLE_NAMES, TEXT, TEXT_DIM
from ..rules_data import RulesData
from ..settings import autosave_path, saves_dir
from .base import Screen
from .menu import draw_panel, draw_veil, keep

NAME_CHARS = string.ascii_letters + string.digits + " -_"
NAME_LIMIT = 48


def ensure_list_theme(manager: pygame_gui.UIManager, scale: float) -> None:
    """Taller, left-aligned rows for the list of saves (loaded once per UI scale)."""
    theme = manager.get_theme()
    if getattr(theme, "_vast_save_list_scale", None) == scale:
        return
    theme.load_theme({
        "#save_list": {"misc": {"list_item_height": str(int(34 * scale))}},
        "#save_list.@selection_list_item": {"misc": {"text_horiz_alignment": "left",
                                                     "text_horiz_alignment_padding": str(int(14 * scale))}},
    })
    theme._vast_save_list_scale = scale  # type: ignore[attr-defined]


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:          # gone since it was listed
        return 0.0


def save_files() -> list[Path]:
    """The save files in saves_dir(), newest first (regular files only: a folder, a pipe or
    a device named *.json is not listed)."""
    files = [p for p in saves_dir().glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (_mtime(p), p.name), reverse=True)


def when(path: Path) -> str:
    stamp = _mtime(path)
    return datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M") if stamp else "?"


def describe(path: Path, rules: RulesData | None = None) -> tuple[list[str], bool]:
    """A few words about a save (roles, seed, progress), after the same checks as loading it
    (a replay takes well under a second); for a file that cannot be loaded, the reason
    loading gives (and True) — so the list never promises a file that Load then refuses (``rules``: the
    app's, as Load uses them)."""
    try:
        game, save = load_save(path, rules)
    except SaveError as exc:
        return ["This save cannot be loaded:", str(exc).replace(str(path), path.name)], True
    roles = [ROLE_NAMES.get(r, r) for r in game.state.roles]
    ended = " · finished" if game.outcome is not None else f" · round {game.state.round}"
    lines = [" vs ".join(roles), f"Seed {game.setup.seed} · {len(save.choices)} choices made{ended}"]
    if save.scenario is not None:
        lines[0] += " (a scenario)"
    if save.seats:
        lines.append(", ".join(f"{ROLE_NAMES.get(r, r)}: {'human' if v == 'human' else 'computer'}"
                               for r, v in save.seats.items()))
    return lines, False


class LoadScreen(Screen):
    name = "load"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.paths: dict[str, Path] = {}
        self.selected: Path | None = None
        self.described: tuple[Path, float, tuple[list[str], bool]] | None = None   # the preview read last

    def preview(self, path: Path) -> tuple[list[str], bool]:
        """describe(path), read again only when another file is chosen or the file changed
        (the panel is drawn every frame)."""
        stamp = _mtime(path)
        if self.described is None or self.described[:2] != (path, stamp):
            self.described = (path, stamp, describe(path, self.app.rules_load.rules))
        return self.described[2]

    def build(self) -> None:
        self.app.flush_autosave()    # "Load the autosave" offers the game on disk: with the last move
        m = self.app.manager
        w, h = self.app.size
        s = self.scaled
        self.box = pygame.Rect(0, 0, min(w - s(40), s(1100)), min(h - s(30), s(680)))
        self.box.center = (w // 2, h // 2)
        list_w = int(self.box.w * 0.58)
        top = self.box.y + s(86)
        bottom = self.box.bottom - s(86)
        self.paths = {}
        items: list[str | tuple[str, str]] = []
        for p in save_files():
            label = f"{p.stem}   ·   {when(p)}"
            self.paths[label] = p
            items.append(label)
        self.list_rect = pygame.Rect(self.box.x + s(30), top, list_w, bottom - top)
        ensure_list_theme(m, self.app.settings.ui_scale)
        chosen = next((label for label, p in self.paths.items() if p == self.selected), None)
        self.file_list: pygame_gui.elements.UISelectionList | None = None
        if items:       # an empty list would cover the "no saves yet" line
            self.file_list = keep(self, pygame_gui.elements.UISelectionList(
                self.list_rect, items, m, object_id="#save_list", default_selection=chosen))
        self.detail = pygame.Rect(self.list_rect.right + s(24), top, self.box.right - s(30) - self.list_rect.right - s(24),
                                  bottom - top)
        bw = s(200)
        by = self.box.bottom - s(66)
        self.back_button = self.button((self.box.x + s(30), by, s(160), s(46)), "Back", self.back, "Close (Esc)")
        auto = autosave_path()
        self.auto_button = self.button((self.box.right - s(30) - 2 * bw - s(14), by, bw, s(46)), "Load the autosave",
                                       self.load_autosave,
                                       f"The game saved after the last choice ({when(auto)})" if auto.exists()
                                       else "There is no autosave yet", enabled=auto.exists())
        self.review_button = self.button((self.box.right - s(30) - 3 * bw - s(28), by, bw, s(46)), "Review",
                                         self.review_selected,
                                         "Step through the chosen save choice by choice, without playing it",
                                         enabled=bool(items))
        self.load_button = self.button((self.box.right - s(30) - bw, by, bw, s(46)), "Load", self.load_selected,
                                       "Load the chosen save (or double-click it)", object_id="@primary",
                                       enabled=bool(items))

    # ------------------------------------------------------------ commands
    def current(self) -> Path | None:
        if self.file_list is None:
            return None
        label = self.file_list.get_single_selection()
        return self.paths.get(label) if isinstance(label, str) else None

    def load_selected(self) -> None:
        path = self.current()
        if path is None:
            self.app.notify("Choose a save in the list first.", error=True)
            return
        self.load(path)

    def review_selected(self) -> None:
        """Review the chosen save (finished or not); a broken or foreign file is refused with the
        reason (the same checks as loading it) and nothing changes."""
        from ..review import Review
        from .review import ReviewScreen

        path = self.current()
        if path is None:
            self.app.notify("Choose a save in the list first.", error=True)
            return
        try:
            review = Review.from_save(path, self.app.rules_load.rules)
        except SaveError as exc:      # from_save turns any failure of a hostile file into a SaveError
            self.app.notify(str(exc), error=True, seconds=8.0)
            return
        self.app.push(ReviewScreen(self.app, review, path.stem))

    def load_autosave(self) -> None:
        self.load(autosave_path())

    def load(self, path: Path) -> None:
        # On failure the app reports why and the current game and screens stay as they were.
        self.app.load_game(path)

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        from_list = self.file_list is not None and getattr(event, "ui_element", None) is self.file_list
        if from_list and event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.selected = self.current()
        elif from_list and event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.load_selected()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_panel(surface, self.box)
        draw_text(surface, "Load a game", (self.box.x + s(30), self.box.y + s(22)), s(40), HIGHLIGHT, bold=True)
        draw_text(surface, f"Saves in {saves_dir()}", (self.box.x + s(30), self.box.y + s(62)), s(16), TEXT_DIM)
        if not self.paths:
            pygame.draw.rect(surface, (28, 25, 34), self.list_rect)
            pygame.draw.rect(surface, PANEL_EDGE, self.list_rect, 1)
            y = self.list_rect.y + s(16)
            for line in wrap("No saved games yet. Save from the table's menu (Esc) or with Ctrl+S.", s(18),
                             self.list_rect.w - s(28)):
                draw_text(surface, line, (self.list_rect.x + s(14), y), s(18), TEXT_DIM)
                y += s(22)
        path = self.current()
        x, y = self.detail.x, self.detail.y
        if path is None:
            hint = ("Choose a save on the left to see what it holds." if self.paths else
                    "Load the autosave to go on with the last game played.")
            for line in wrap(hint, s(18), self.detail.w):
                draw_text(surface, line, (x, y), s(18), TEXT_DIM)
                y += s(22)
            return
        draw_text(surface, path.stem, (x, y), s(26), TEXT, bold=True)
        y += s(34)
        draw_text(surface, f"Saved {when(path)}", (x, y), s(18), TEXT_DIM)
        y += s(30)
        lines, refused = self.preview(path)
        for line in lines:
            for part in wrap(line, s(18), self.detail.w):
                draw_text(surface, part, (x, y), s(18), DANGER if refused else TEXT)
                y += s(22)


class SaveScreen(Screen):
    name = "save"
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.message = ""
        self.message_error = False
        self.confirm: str | None = None          # the name the player agreed to overwrite
        session = app.session
        if session is not None:
            st = session.game.state
            self.name_text = f"{' vs '.join(ROLE_NAMES[r] for r in st.roles)} round {st.round}"
        else:
            self.name_text = "game"

    def build(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        s = self.scaled
        self.box = pygame.Rect(0, 0, min(w - s(40), s(640)), s(330))
        self.box.center = (w // 2, h // 2)
        x = self.box.x + s(30)
        self.entry = keep(self, pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, self.box.y + s(108), self.box.w - s(60), s(40)), m, initial_text=self.name_text))
        self.entry.set_allowed_characters(list(NAME_CHARS))
        self.entry.set_text_length_limit(NAME_LIMIT)
        m.set_focus_set(self.entry)
        bw = s(160)
        by = self.box.bottom - s(66)
        self.cancel_button = self.button((x, by, bw, s(46)), "Cancel", self.cancel, "Close without saving (Esc)")
        label = "Overwrite" if self.confirm is not None and self.confirm == self.save_name() else "Save"
        self.save_button = self.button((self.box.right - s(30) - bw, by, bw, s(46)), label, self.save,
                                       "Write the game to this name (Enter)", object_id="@primary")

    def save_name(self) -> str:
        return self.entry.get_text().strip() if hasattr(self, "entry") else self.name_text.strip()

    def path(self) -> Path:
        return saves_dir() / f"{self.save_name()}.json"

    def save(self) -> None:
        session = self.app.session
        if session is None:
            self.app.notify("There is no game to save.", error=True)
            self.app.pop()
            return
        name = self.save_name()
        if not name or any(c not in NAME_CHARS for c in name):
            self.say("Type a name: letters, digits, spaces, - and _.", error=True)
            return
        path = self.path()
        if path.exists() and self.confirm != name:
            self.confirm = name
            self.say(f"A save named “{name}” already exists. Press Overwrite to replace it.", error=True)
            self.save_button.set_text("Overwrite")
            return
        try:
            session.save(path)
        except OSError as exc:
            self.say(f"Could not save: cannot write {path} ({failure_reason(exc, path)}).", error=True)
            return
        self.app.notify(f"Saved as “{name}”.")
        self.app.pop()

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.message_error = error

    def cancel(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name_text = self.entry.get_text()
            if self.confirm is not None and self.confirm != self.save_name():
                self.confirm = None
                self.save_button.set_text("Save")
                self.say("")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_veil(surface)
        draw_panel(surface, self.box)
        x = self.box.x + s(30)
        draw_text(surface, "Save the game", (x, self.box.y + s(22)), s(36), HIGHLIGHT, bold=True)
        draw_text(surface, "Name (letters, digits, spaces, - and _)", (x, self.box.y + s(80)), s(18), TEXT)
        y = self.box.y + s(160)
        if self.message:
            for line in wrap(self.message, s(18), self.box.w - s(60))[:2]:
                draw_text(surface, line, (x, y), s(18), DANGER if self.message_error else TEXT)
                y += s(21)
        else:
            draw_text(surface, f"Saved to {saves_dir()}", (x, y), s(16), TEXT_DIM)
