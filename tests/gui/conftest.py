"""GUI test fixtures: a headless app (dummy video and audio drivers) in a temp home."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.app import App

    a = App(size=(1600, 900))
    # the reminders of easily forgotten rules (on for players) cover the map's corner: off unless a test
    # turns them on (tests/gui/test_cheatsheet_reminders.py), so clicks and pixel checks see the map
    a.settings = a.settings.model_copy(update={"reminders": False})
    yield a
    pygame.quit()
