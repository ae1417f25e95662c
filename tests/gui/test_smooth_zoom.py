"""Smooth zoom (issue 27 item 9): while the wheel turns the map scales the nearest cached art size,
once it stops the art is drawn sharp again at the exact size, and the art cache keeps to its byte
budget (vast_desktop/render/art_cache.py, render/tile_art.py, render/map_view.py).  The frame
times are measured by ``bench --gui`` only: no test here reads a clock."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from vast_desktop.render.art_cache import ART_CACHE_BYTES, ArtLRU
from vast_desktop.render.map_view import MAX_TILE, MIN_TILE, SETTLE_S, MapView
from vast_desktop.render.tile_art import TileArt

ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 60


def _surface(w: int, h: int | None = None) -> pygame.Surface:
    return pygame.Surface((w, w if h is None else h), pygame.SRCALPHA, 32)


# ---------------------------------------------------------------------------- the LRU alone
def test_the_least_recently_used_art_goes_first_and_the_bytes_keep_to_the_budget():
    one = _surface(16).get_pitch() * 16
    lru = ArtLRU(3 * one)
    for k in range(3):
        lru.put(("lit", 16, k), _surface(16))
    assert lru.get(("lit", 16, 0)) is not None          # 0 is now the most recently used
    lru.put(("lit", 16, 3), _surface(16))
    assert ("lit", 16, 1) not in lru                    # the least recently used went
    assert all(k in lru for k in (("lit", 16, 0), ("lit", 16, 2), ("lit", 16, 3)))
    assert lru.bytes == 3 * one and lru.peak_bytes == 3 * one and lru.evicted == 1
    lru.put(("lit", 16, 9), _surface(64))              # one surface above the budget stays alone
    assert list(lru.keys()) == [("lit", 16, 9)]


def test_the_nearest_cached_size_of_the_same_art_is_found_by_ratio():
    lru = ArtLRU(1 << 24)
    for size in (32, 64, 128):
        lru.put(("lit", size, "vault"), _surface(size))
    lru.put(("lit", 90, "event"), _surface(90))
    assert lru.nearest(("lit", 45, "vault"))[0] == 32      # 45/32 is nearer than 64/45
    assert lru.nearest(("lit", 91, "vault"))[0] == 128     # 128/91 < 91/64
    assert lru.nearest(("lit", 64, "vault"))[0] == 64
    assert lru.nearest(("lit", 64, "crystal")) is None     # no size of that art is cached
    assert lru.nearest(("odd", "big", "vault")) is None    # no size in the key: nothing to scale
    lru.put(("edge", (30, 6), "bomb", True), _surface(6, 30))
    lru.put(("edge", (70, 10), "bomb", True), _surface(10, 70))
    assert lru.nearest(("edge", (40, 8), "bomb", True))[0] == (30, 6)    # an edge mark: by its length
    lru.clear(keep_sizes={64})
    assert lru.nearest(("lit", 200, "vault"))[0] == 64 and lru.nearest(("lit", 90, "event")) is None


def test_a_budget_must_be_positive():
    with pytest.raises(ValueError, match="must be a positive number of bytes, got 0"):
        ArtLRU(0)


@pytest.fixture
def display():
    pygame.init()
    from vast_desktop.render import text

    text.reset_caches()          # another test may have quit pygame since fonts were cached
    pygame.display.set_mode((10, 10))
    yield
    pygame.quit()


def test_under_no_sharp_budget_missing_art_is_scaled_from_the_nearest_size(display):
    art = TileArt()
    sharp64 = art.lit_tile("crystal", (True, False, False, True), 64)
    with art.sharp_budget(0) as frame:
        stand_in = art.lit_tile("crystal", (True, False, False, True), 80)
        fresh = art.token("troll", 30)                  # nothing to scale from: drawn sharp
    assert stand_in.get_size() == (80, 80) and frame.scaled == 1 and frame.sharp == 1
    assert ("lit", 80, "crystal", (True, False, False, True), 0) not in art.cache   # not kept as sharp art
    assert art.token("troll", 30) is fresh
    art.edge_mark("rockslide", 40, 8, vertical=True)
    with art.sharp_budget(0) as frame:
        mark = art.edge_mark("rockslide", 56, 11, vertical=True)
    assert frame.scaled == 1 and mark.get_size() == (11, 56)         # scaled to the exact size, still upright
    sharp80 = art.lit_tile("crystal", (True, False, False, True), 80)   # no budget: drawn sharp
    assert sharp80 is not stand_in and art.lit_tile("crystal", (True, False, False, True), 64) is sharp64
    assert pygame.image.tobytes(sharp80, "RGBA") == pygame.image.tobytes(
        TileArt().lit_tile("crystal", (True, False, False, True), 80), "RGBA")


# ---------------------------------------------------------------------------- at the table
def _table(app, art: TileArt | None = None):
    """The table of a Knight-vs-Cave game played at random until 25+ tiles lie on the map and the
    Knight (a person) decides something other than a tile's orientation (the wheel zooms then)."""
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.engine import Setup
    from vast_desktop.engine.kinds import DecisionKind
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session

    s = Session.new(Setup(roles=("knight", "cave"), seed=5), {"knight": Seat(True), "cave": Seat(False)})
    bot = RandomBot(5)
    while True:
        d = s.game.pending
        assert d is not None and s.game.outcome is None
        if len(s.game.state.board.tiles) >= 25 and d.role == "knight" and d.kind not in (
                DecisionKind.ORIENT_TILE,):
            break
        s.game.apply(bot(None, d))
    if art is not None:
        app.art = art
    app.settings = app.settings.model_copy(update={"bot_pace": 1e9, "reminders": False})
    app.session = s
    table = TableScreen(app)
    app.push(table)
    app.step(FRAME)
    assert table.view is not None and len(table.view.tiles) >= 25
    return table


def _wheel(app, table, notches: int) -> None:
    """Turn the wheel ``notches`` over the map's centre (positive: in), one notch a frame."""
    at = table.map_rect.center
    pygame.mouse.set_pos(at)
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1, flipped=False,
                                             precise_x=0.0, precise_y=1.0 if notches > 0 else -1.0))
        app.step(FRAME)


def _settle(app, table, limit: int = 400) -> int:
    frames = 0
    while not table.map.settled:
        assert frames < limit, "the map's art never turned sharp after the wheel stopped"
        app.step(FRAME)
        frames += 1
    return frames


def _fresh_map(table, surface: pygame.Surface) -> pygame.Surface:
    """The map drawn from scratch (new art, no cache) at the table's camera, over a copy of ``surface``."""
    fresh = MapView(TileArt(), table.map_rect)
    fresh.fitted = True
    fresh.camera.tile, fresh.camera.centre = table.map.camera.tile, table.map.camera.centre
    out = surface.copy()
    fresh.draw(out, table.view, table.overlay)
    return out


def _table_map(table, surface: pygame.Surface) -> pygame.Surface:
    """The table's map drawn again as it stands (the same art the last frame drew: the table's
    hover notes and tooltips, drawn over the map on the screen, are left out of both pictures)."""
    out = surface.copy()
    table.map.draw(out, table.view, table.overlay)
    return out


def _map_pixels(table, surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface.subsurface(table.map_rect), "RGB")


def _same_as_fresh(app, table) -> bool:
    return _map_pixels(table, _table_map(table, app.screen)) == _map_pixels(table, _fresh_map(table, app.screen))


def test_the_art_drawn_while_zooming_is_replaced_by_sharp_art_once_the_wheel_stops(app):
    table = _table(app)
    _settle(app, table)
    start = table.map.camera.tile
    _wheel(app, table, 4)
    assert table.map.camera.tile > start and not table.map.settled
    assert table.map.last_frame.scaled > 0                       # stand-ins scaled from the old size
    assert not _same_as_fresh(app, table)
    frames = _settle(app, table)
    assert frames * FRAME >= SETTLE_S                          # not before the wheel rested SETTLE_S
    assert table.map.last_frame.scaled == 0 and len(app.art.scaled_cache) == 0   # the stand-ins are dropped
    assert _same_as_fresh(app, table)
    # back out: the same holds zooming out
    _wheel(app, table, -6)
    assert table.map.last_frame.scaled > 0
    _settle(app, table)
    assert _same_as_fresh(app, table)


def test_the_art_cache_stays_under_its_cap_through_every_zoom_level(app):
    budget, scaled_budget = 1_500_000, 400_000
    art = TileArt(budget_bytes=budget, scaled_budget_bytes=scaled_budget)
    table = _table(app, art)
    assert table.map.art is art
    cam = table.map.camera
    seen: set[int] = set()

    def check() -> None:
        assert art.cache.bytes <= budget and art.scaled_cache.bytes <= scaled_budget
        seen.add(int(round(cam.tile)))

    while cam.tile > MIN_TILE:                 # out to the smallest tile, settling at every level
        _wheel(app, table, -1)
        check()
        _settle(app, table)
        check()
    while cam.tile < MAX_TILE:                 # in to the largest, and out again without settling
        _wheel(app, table, 1)
        check()
        _settle(app, table)
        check()
    while cam.tile > MIN_TILE:
        _wheel(app, table, -1)
        check()
    _settle(app, table)
    check()
    assert MIN_TILE in seen and MAX_TILE in seen and len(seen) > 15
    assert art.cache.evicted > 0 and art.cache.peak_bytes <= budget   # the cap was reached and held
    assert art.scaled_cache.peak_bytes <= scaled_budget
    assert _same_as_fresh(app, table)


def test_the_default_cap_is_sixteen_megabytes(app):
    assert ART_CACHE_BYTES == 16 * 1024 * 1024 and app.art.cache.budget == ART_CACHE_BYTES


# ---------------------------------------------------------------------------- the figure
def test_bench_gui_reports_the_zoom_figure(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "VAST_DESKTOP_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "vast_desktop", "bench", "--gui", "--quick", "--json"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["tiles_drawn"] >= 60
    for key in ("zoom_frame_median_ms", "zoom_frame_p95_ms", "zoom_frame_max_ms", "zoom_settle_frame_max_ms"):
        assert isinstance(figures[key], float) and figures[key] > 0, key
    assert figures["zoom_frame_median_ms"] <= figures["zoom_frame_p95_ms"] <= figures["zoom_frame_max_ms"]
    assert 0 < figures["zoom_settle_frames"] < 300                     # the art turned sharp after the wheel
    assert 0 < figures["art_cache_peak_bytes"] <= figures["art_cache_budget_bytes"] == ART_CACHE_BYTES
    assert figures["art_scaled_peak_bytes"] > 0                        # the zoom frames drew stand-ins
