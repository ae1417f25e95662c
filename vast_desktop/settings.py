"""Player settings (window size, UI scale, shared table, animation speed, computer
pace, reminders, sound volume and mute) and where files live.  Stored as JSON with an atomic write; a broken file
falls back to the defaults instead of stopping the app.

Files live under ``$VAST_DESKTOP_HOME`` if set (tests use a temp dir), else the
XDG folders (``~/.config/vast_desktop`` and ``~/.local/share/vast_desktop``)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .persistence import atomic_write_text


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


def _home() -> Path | None:
    h = os.environ.get("VAST_DESKTOP_HOME")
    return Path(h) if h else None


def config_dir() -> Path:
    h = _home()
    if h:
        return h / "config"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "vast_desktop"


def data_dir() -> Path:
    h = _home()
    if h:
        return h / "data"
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "vast_desktop"


def saves_dir() -> Path:
    d = data_dir() / "saves"
    d.mkdir(parents=True, exist_ok=True)
    return d


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    p = settings_path()
    try:
        return Settings.model_validate(json.loads(p.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError):
        return Settings()


def save_settings(s: Settings) -> None:
    atomic_write_text(settings_path(), s.model_dump_json(indent=1))
