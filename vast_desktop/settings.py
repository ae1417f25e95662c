"""Player settings (window size, UI scale, shared table, animation speed, computer
pace, reminders, the Suggest button's level, sound volume and mute, colour-blind palette, fullscreen) and where files live.  Stored as JSON with an atomic write; a broken file
falls back to the defaults instead of stopping the app.

Files live under ``$VAST_DESKTOP_HOME`` if set (tests use a temp dir), else in the
system's folders for an app's settings and data (platformdirs: ``~/.config/vast_desktop``
and ``~/.local/share/vast_desktop`` on Linux, ``~/Library/Application Support/vast_desktop``
on macOS, ``%LOCALAPPDATA%\vast_desktop`` on Windows).  :func:`folders` lists the folders
for the player (the settings screen shows them) and for the start-up tidy-up."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal, NamedTuple

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .persistence import atomic_write_text
from .safe_json import read_json_object

APP_NAME = "vast_desktop"


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    window_width: int = Field(default=1600, ge=960, le=7680)
    window_height: int = Field(default=900, ge=600, le=4320)
    ui_scale: float = Field(default=1.0, ge=0.75, le=2.0)
    shared_table: bool = False          # open-handed play: no curtains
    animation_speed: float = Field(default=1.0, ge=0.0, le=4.0)   # 0 = no animation
    bot_pace: float = Field(default=0.6, ge=0.0, le=3.0)         # seconds between computer moves
    reminders: bool = True
    sound_volume: float = Field(default=0.7, ge=0.0, le=1.0)      # the sound effects' volume, 0-1
    sound_muted: bool = False
    suggest_level: Literal["easy", "hard"] = "easy"   # whose choice the table's Suggest button shows
    colour_blind: bool = False          # the colour-blind safe palette and shape cues (render/palette.py)
    fullscreen: bool = False            # fullscreen at the desktop's size (display_mode.py; F11)


def _home() -> Path | None:
    h = os.environ.get("VAST_DESKTOP_HOME")
    return Path(h) if h else None


def config_dir() -> Path:
    h = _home()
    if h:
        return h / "config"
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    h = _home()
    if h:
        return h / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def saves_dir() -> Path:
    """The saves folder, made if it can be; an unwritable data folder does not stop a screen
    that shows or lists it (writing a save there then reports why it cannot)."""
    d = data_dir() / "saves"
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return d


class Folder(NamedTuple):
    """A folder the app keeps files in: what it holds (for the player) and where it is."""

    label: str
    path: Path


# what each folder holds, in the order the settings screen lists them; a new folder is one more line
FOLDERS: tuple[tuple[str, Callable[[], Path]], ...] = (
    ("Saves", saves_dir),
    ("Data (autosave, campaign, tutorial)", data_dir),
    ("Settings", config_dir),
)


def folders() -> list[Folder]:
    """The app's folders as they are now (they follow ``$VAST_DESKTOP_HOME``)."""
    return [Folder(label, where()) for label, where in FOLDERS]


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings; defaults when the file is missing, broken or hostile (read with
    safe_json: a FIFO or a link to a device cannot hang or flood the start, deep nesting
    cannot recurse)."""
    p = settings_path()
    try:
        return Settings.model_validate(read_json_object(p))
    except (OSError, ValueError, ValidationError):
        return Settings()


def save_settings(s: Settings) -> None:
    atomic_write_text(settings_path(), s.model_dump_json(indent=1))


def seen_reminders_path() -> Path:
    """The record of the rule reminders each player has already seen (vast_desktop.seen_reminders)."""
    return data_dir() / "seen_reminders.json"
