"""Settings: window size, UI scale, shared table (open-handed play), animation
speed, computer pace, rule reminders and the Suggest button's level, the sound's volume and mute, and
accessibility (the colour-blind safe palette, fullscreen).  Save applies
and stores them; Cancel leaves everything as it was.  Under them, the folders the app keeps
its files in (:func:`vast_desktop.settings.folders`), as text the player can find them by."""
from __future__ import annotations

from functools import partial

import pygame
import pygame_gui

from ..render.text import draw_text, wrap
from ..render.theme import HIGHLIGHT, TEXT, TEXT_DIM, font
from ..settings import Folder, Settings, folders
from .base import Screen
from .menu import draw_panel, keep

SIZES = ((1280, 720), (1600, 900), (1920, 1080))
FOLDER_LINE = 21           # the height of a line in the folder list (before the UI scale)
ROWS = 8
SOUND_NOTE = "The volume of the sound effects; Mute silences them."
ACCESS_NOTE = "Colours for red-green colour blindness, with shapes and letters; fullscreen (F11)."


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]}×{size[1]}"


def font_width(text: str, size: int) -> int:
    return font(size).size(text)[0]


def fit_middle(text: str, size: int, width: int) -> str:
    """``text`` with its middle cut (an ellipsis) to fit ``width`` pixels: a path keeps its
    start and its last folders."""
    if font_width(text, size) <= width:
        return text
    head, tail = len(text) // 2, len(text) // 2
    while head > 1 and font_width(text[:head] + "…" + text[-tail:], size) > width:
        head, tail = head - 1, tail - 1 if tail > head else tail
    return text[:head] + "…" + text[-tail:]


def parse_size(label: str) -> tuple[int, int]:
    w, _, h = label.partition("×")
    return int(w), int(h.split()[0])


def _snap(value: float, step: float, lo: float, hi: float) -> float:
    return round(min(hi, max(lo, round(value / step) * step)), 2)


class SettingsScreen(Screen):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.draft = app.settings.model_copy()
        self.chosen_size: tuple[int, int] | None = None     # kept across rebuilds (toggles rebuild the screen)
        self.rows: list[tuple[str, str, int]] = []
        self.folders: list[Folder] = folders()
        rules_folder = app.rules_load.folder      # --rules-dir, VAST_DESKTOP_RULES_DIR or the data folder's rules_data
        if rules_folder is not None:
            self.folders.append(Folder("Rules data (your corrections)", rules_folder))
        self.folders_y = 0

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        s = self.scaled
        folders_h = s(FOLDER_LINE) * (len(self.folders) + 1)      # a heading and a line per folder
        self.box = pygame.Rect(0, 0, min(w - s(40), s(860)), min(h - s(30), s(660) + folders_h))
        self.box.center = (w // 2, h // 2)
        label_w = int(self.box.w * 0.44)
        cx = self.box.x + label_w + s(20)
        cw = self.box.right - s(30) - cx
        row_h = (self.box.h - s(90) - s(80) - folders_h) // ROWS
        self.folders_y = self.box.bottom - s(80) - folders_h
        y0 = self.box.y + s(80)
        bh = s(36)
        self.label_x = self.box.x + s(30)
        self.label_w = label_w - s(20)
        self.rows = []

        def row_y(i: int) -> int:
            return y0 + i * row_h

        # window size
        sizes = list(SIZES)
        current = self.app.size
        if pygame.display.is_fullscreen():     # fullscreen: the size offered is the window's to come back to
            current = (self.app.settings.window_width, self.app.settings.window_height)
        if current not in sizes:
            sizes.append(current)
        labels: list[str | tuple[str, str]] = [size_label(z) + (" (now)" if z == current else "") for z in sizes]
        want = self.chosen_size or current
        start = labels[sizes.index(want)] if want in sizes else labels[sizes.index(current)]
        self.size_menu = keep(self, pygame_gui.elements.UIDropDownMenu(labels, start, pygame.Rect(cx, row_y(0), cw, bh), m,
                                                                     expansion_height_limit=s(200)))
        self.rows.append(("Window size", "The window can also be resized by dragging its edge.", row_y(0)))

        # UI scale
        self.scale_slider = keep(self, pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(cx, row_y(1), cw, bh), self.draft.ui_scale, (0.75, 2.0), m, click_increment=0.05))
        self.rows.append(("UI scale", "Bigger text and buttons for big screens or distant eyes.", row_y(1)))

        # shared table
        self.shared_button = self.button((cx, row_y(2), s(110), bh), "On" if self.draft.shared_table else "Off",
                                         self.toggle_shared, "Open-handed play: no curtains between players",
                                         object_id="@primary" if self.draft.shared_table else None)
        self.rows.append(("Shared table", "Open-handed play: no curtains between players.", row_y(2)))

        # animation speed
        self.anim_slider = keep(self, pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(cx, row_y(3), cw, bh), self.draft.animation_speed, (0.0, 4.0), m, click_increment=0.25))
        self.rows.append(("Animation speed", "How fast pieces move and the die rolls (0 = no animation).", row_y(3)))

        # computer pace
        self.pace_slider = keep(self, pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(cx, row_y(4), cw, bh), self.draft.bot_pace, (0.0, 3.0), m, click_increment=0.1))
        self.rows.append(("Computer pace", "Pause between the computer players' moves.", row_y(4)))

        # reminders
        self.remind_button = self.button((cx, row_y(5), s(110), bh), "On" if self.draft.reminders else "Off",
                                         self.toggle_reminders, "Reminders of the rulebook's easily forgotten rules",
                                         object_id="@primary" if self.draft.reminders else None)
        self.suggest_button = self.button((cx + s(120), row_y(5), s(150), bh),
                                          f"Suggest: {self.draft.suggest_level.capitalize()}", self.toggle_suggest,
                                          "Whose choice the table's Suggest button shows: the Easy or the Hard "
                                          "computer player's")
        self.rows.append(("Reminders, Suggest", "Easily forgotten rules; whose choice Suggest shows.", row_y(5)))

        # sound: volume and mute (no audio device: the player's problem is the note)
        mute_w = s(110)
        self.volume_slider = keep(self, pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(cx, row_y(6), cw - mute_w - s(10), bh), self.draft.sound_volume, (0.0, 1.0), m,
            click_increment=0.05))
        self.mute_button = self.button((cx + cw - mute_w, row_y(6), mute_w, bh),
                                       "Muted" if self.draft.sound_muted else "Mute", self.toggle_mute,
                                       "Silence every sound effect" if not self.draft.sound_muted
                                       else "Sound is off: click to hear the effects again",
                                       object_id="@primary" if self.draft.sound_muted else None)
        self.rows.append(("Sound", self.app.sound.problem or SOUND_NOTE, row_y(6)))

        # accessibility: the colour-blind safe palette, fullscreen (issue 27 item 8)
        aw = (cw - s(10)) // 2
        self.colour_blind_button = self.button(
            (cx, row_y(7), aw, bh), f"Colour-blind safe: {'On' if self.draft.colour_blind else 'Off'}",
            partial(self.toggle, "colour_blind"), "Role colours told apart without red and green, patterned highlights",
            object_id="@primary" if self.draft.colour_blind else None)
        self.fullscreen_button = self.button(
            (cx + aw + s(10), row_y(7), aw, bh), f"Fullscreen: {'On' if self.draft.fullscreen else 'Off'}",
            partial(self.toggle, "fullscreen"), "Fill the whole screen (F11 switches at any time)",
            object_id="@primary" if self.draft.fullscreen else None)
        self.rows.append(("Accessibility", ACCESS_NOTE, row_y(7)))

        bw = s(160)
        by = self.box.bottom - s(66)
        self.cancel_button = self.button((self.box.x + s(30), by, bw, s(46)), "Cancel", self.cancel,
                                         "Close without changing anything (Esc)")
        self.save_button = self.button((self.box.right - s(30) - bw, by, bw, s(46)), "Save", self.save,
                                       "Apply and remember these settings", object_id="@primary")

    # ------------------------------------------------------------ values
    def read_controls(self) -> Settings:
        """The draft with the sliders' and menus' current values."""
        size = parse_size(self.size_menu.selected_option[0])
        return self.draft.model_copy(update={
            "window_width": size[0], "window_height": size[1],
            "ui_scale": _snap(self.scale_slider.get_current_value(), 0.05, 0.75, 2.0),
            "animation_speed": _snap(self.anim_slider.get_current_value(), 0.25, 0.0, 4.0),
            "bot_pace": _snap(self.pace_slider.get_current_value(), 0.1, 0.0, 3.0),
            "sound_volume": _snap(self.volume_slider.get_current_value(), 0.05, 0.0, 1.0),
        })

    def toggle_shared(self) -> None:
        self.chosen_size = parse_size(self.size_menu.selected_option[0])
        self.draft = self.read_controls().model_copy(update={"shared_table": not self.draft.shared_table})
        self.clear_elements()
        self.build()

    def toggle_reminders(self) -> None:
        self.chosen_size = parse_size(self.size_menu.selected_option[0])
        self.draft = self.read_controls().model_copy(update={"reminders": not self.draft.reminders})
        self.clear_elements()
        self.build()

    def toggle_suggest(self) -> None:
        self.chosen_size = parse_size(self.size_menu.selected_option[0])
        level = "hard" if self.draft.suggest_level == "easy" else "easy"
        self.draft = self.read_controls().model_copy(update={"suggest_level": level})

    def toggle(self, field: str) -> None:
        """Flip an on/off setting of the accessibility row in the draft (Save applies it)."""
        self.chosen_size = parse_size(self.size_menu.selected_option[0])
        self.draft = self.read_controls().model_copy(update={field: not getattr(self.draft, field)})
        self.clear_elements()
        self.build()

    def toggle_mute(self) -> None:
        self.chosen_size = parse_size(self.size_menu.selected_option[0])
        self.draft = self.read_controls().model_copy(update={"sound_muted": not self.draft.sound_muted})
        self.clear_elements()
        self.build()

    def save(self) -> None:
        new = Settings.model_validate(self.read_controls().model_dump())
        size = (new.window_width, new.window_height)
        relayout = size != self.app.size or new.ui_scale != self.app.settings.ui_scale
        if size != self.app.size and not (new.fullscreen or pygame.display.is_fullscreen()):
            self.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.app.manager.set_window_resolution(size)
        stored = self.app.apply_settings(new)
        if relayout:
            # the screens underneath lay themselves out again for the new size and scale
            for screen in self.app.screens:
                if screen is not self:
                    screen.resize(size)
        if stored:
            self.app.notify("Settings saved.")
        self.app.pop()

    def cancel(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_panel(surface, self.box)
        draw_text(surface, "Settings", (self.box.x + s(30), self.box.y + s(22)), s(40), HIGHLIGHT, bold=True)
        current = self.read_controls()
        values = [
            "",
            f"{current.ui_scale:.2f}×",
            "",
            "off" if current.animation_speed == 0 else f"{current.animation_speed:.2f}×",
            "no pause" if current.bot_pace == 0 else f"{current.bot_pace:.1f} s",
            "",
            "muted" if current.sound_muted else f"{round(current.sound_volume * 100)}%",
            "",
        ]
        for (title, note, y), value in zip(self.rows, values, strict=True):
            draw_text(surface, title, (self.label_x, y), s(22), TEXT, bold=True)
            if value:
                draw_text(surface, value, (self.label_x + self.label_w, y + s(2)), s(22), HIGHLIGHT, anchor="topright")
            for i, line in enumerate(wrap(note, s(16), self.label_w)[:2]):
                draw_text(surface, line, (self.label_x, y + s(25) + i * s(17)), s(16), TEXT_DIM)
        self.draw_folders(surface)

    def draw_folders(self, surface: pygame.Surface) -> None:
        """Where the app keeps its files: a heading, then a line per folder (label, path)."""
        s = self.scaled
        y = self.folders_y
        draw_text(surface, "Folders", (self.label_x, y), s(18), TEXT, bold=True)
        label_w = max(font_width(f.label, s(16)) for f in self.folders) + s(14)
        path_w = self.box.right - s(30) - self.label_x - label_w
        for folder in self.folders:
            y += s(FOLDER_LINE)
            draw_text(surface, folder.label, (self.label_x, y), s(16), TEXT_DIM)
            draw_text(surface, fit_middle(str(folder.path), s(16), path_w), (self.label_x + label_w, y), s(16), TEXT)

