"""What the app screenshot tools share: headless SDL drivers, the project on the import path,
a throw-away home folder (no saves, default settings), a few frames, and saving the window
to shots/.  Import it before anything from vast_desktop:

    from shots_app import OUT, fresh_home, frames, save_window
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vast_desktop.app import App  # noqa: E402

OUT = ROOT / "shots"


def fresh_home() -> str:
    """A new empty home folder for the app (settings, saves, campaign, tutorial progress)."""
    home = tempfile.mkdtemp(prefix="vast_shots_")
    os.environ["VAST_DESKTOP_HOME"] = home
    return home


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def save_window(app: App, filename: str) -> Path:
    """Draw a few frames, then save the window as shots/<filename>."""
    frames(app)
    OUT.mkdir(exist_ok=True)
    path = OUT / filename
    pygame.image.save(app.screen, str(path))
    print("wrote", path)
    return path
