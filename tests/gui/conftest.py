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
    yield a
    pygame.quit()
