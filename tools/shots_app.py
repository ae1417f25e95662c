"""What the app screenshot tools share: headless SDL drivers, the project on the import path,
a throw-away home folder (no saves, default settings), the window the ``--size`` argument
asks for, pointing and clicking with real events, a few frames, and saving the window to
shots/.  Import it before anything from vast_desktop:

    from shots_app import OUT, app_from_args, click, fresh_home, frames, hover, save_window
"""
from __future__ import annotations

import argparse
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


def app_from_args(**settings: object) -> tuple[App, str]:
    """The window ``--size WxH`` asks for (default 1600x900) with ``settings`` applied, and the
    suffix for file names ("" at the default size, "_WxH" otherwise)."""
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1600x900")
    w, h = (int(v) for v in p.parse_args().size.split("x"))
    app = App(size=(w, h))
    app.settings = app.settings.model_copy(update=settings)
    return app, "" if (w, h) == (1600, 900) else f"_{w}x{h}"


def hover(app: App, pos: tuple[int, int]) -> None:
    """Point at ``pos`` as a person would (the mouse moved there), then draw a frame."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    """Point at ``pos`` and click the left button there."""
    hover(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


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
