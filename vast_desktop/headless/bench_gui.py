"""GUI figures for ``python -m vast_desktop bench --gui`` (headless, dummy video driver).

Frame times at 1600×900 with a map of 60+ tiles while panning, while a piece
animates and while the wheel zooms in and out (median and 95th percentile; for the zoom
also the frames after the wheel stops until the art is sharp again, and the art cache's
peak bytes); the board frame of each role's player board
(median, as its owner and as another player sees it, in the table's board rectangle:
a five-role game part-way through); adding a line to a 2000-line log and drawing it
(median); start-to-title time, peak memory.  The base game has only 52 tiles, so the
60+-tile map repeats real tiles in the view the renderer draws (the renderer reads
only views).  The tests check what these frames draw and that they use their caches;
the times are only measured here."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def big_view_session():
    from ..engine import Setup
    from ..session import Seat, Session

    s = Session.new(Setup(roles=("knight", "cave"), seed=5), {"knight": Seat(True), "cave": Seat(False)})
    # play until the map is large, by random legal choices
    from ..bots.random_bot import RandomBot

    bot = RandomBot(5)
    while s.game.outcome is None and len(s.game.state.board.tiles) < 40:
        d = s.game.pending
        assert d is not None
        s.game.apply(bot(None, d))
    return s


FIVE = ("knight", "goblins", "dragon", "cave", "thief")


def board_frames(surface, rect, n: int) -> dict[str, float]:
    """Per role board: the median time to draw it (its decision targets highlighted, one warm-up
    draw for the caches first) as its owner sees it and as the next role sees it, part-way through
    a five-role game."""
    from ..bots.random_bot import RandomBot
    from ..engine import Setup, new_game, view
    from ..render.boards import draw_board

    g = new_game(Setup(roles=FIVE, seed=5))
    bot = RandomBot(5)
    while g.outcome is None and len(g.choices) < 200:
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
    out: dict[str, float] = {}
    for i, role in enumerate(FIVE):
        for viewer, label in ((role, "own"), (FIVE[(i + 1) % len(FIVE)], "other")):
            v = view(g, viewer)
            hl = {f"{t.kind}:{t.ref}" for o in (v.decision.options if v.decision else ()) for t in o.targets}
            draw_board(surface, rect, v, role, hl)
            times = []
            for _ in range(n):
                t = time.perf_counter()
                draw_board(surface, rect, v, role, hl)
                times.append((time.perf_counter() - t) * 1000)
            out[f"board_frame_{role}_{label}_median_ms"] = statistics.median(times)
    return out


def log_frames(surface, rect, n: int) -> float:
    """The median time to add one line to a 2000-line log and draw the log."""
    from ..render.log_view import LogView

    log = LogView(rect, 17)
    log.append([f"Line {i}: the Goblins' Rage falls to 1 (no discs for Bones); a long line that wraps." for i in range(2000)])
    log.draw(surface)
    times = []
    for i in range(n):
        t = time.perf_counter()
        log.append([f"New line {i}."])
        log.draw(surface)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def zoom_frames(app, table, n: int) -> tuple[list[float], list[float]]:
    """Frame times while the wheel turns one notch a frame over the map's centre, in to the
    largest tile and out to the smallest and in again (the art scaled from a cached size), then
    the frames after it stops until the map's art is sharp at the settled size (at most 300)."""
    from ..input.controller import WHEEL_ZOOM
    from ..render.map_view import MAX_TILE, MIN_TILE

    cam = table.map.camera
    inward = True
    zoom: list[float] = []
    for _ in range(n):
        if cam.tile >= MAX_TILE:
            inward = False
        elif cam.tile <= MIN_TILE:
            inward = True
        table.zoom_map(WHEEL_ZOOM if inward else 1 / WHEEL_ZOOM)
        t = time.perf_counter()
        app.step(1 / 60)
        zoom.append((time.perf_counter() - t) * 1000)
    settle: list[float] = []
    while not table.map.settled and len(settle) < 300:
        t = time.perf_counter()
        app.step(1 / 60)
        settle.append((time.perf_counter() - t) * 1000)
    return zoom, settle


def run_gui_bench(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", (
        "import time,os; t=time.perf_counter(); os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
        "from vast_desktop.app import App; from vast_desktop.screens.title import TitleScreen;"
        "a=App(size=(1600,900)); a.push(TitleScreen(a)); a.step(1/60); print(time.perf_counter()-t)")],
        capture_output=True, text=True, env={**os.environ, "VAST_DESKTOP_HOME": os.environ.get("VAST_DESKTOP_HOME", "/tmp/vast_bench_home")})
    start_to_title = float(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else float("nan")
    process_start = time.perf_counter() - t0

    from ..app import App
    from ..engine.view import TileView
    from ..screens.table import TableScreen

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"bot_pace": 1e9})
    app.session = big_view_session()
    table = TableScreen(app)
    app.push(table)
    app.step(1 / 60)
    view = table.view
    assert view is not None
    tiles = list(view.tiles)
    xs = [t.pos[0] for t in tiles]
    extra: list[TileView] = []
    i = 0
    while len(tiles) + len(extra) < 64:
        src = tiles[i % len(tiles)]
        extra.append(dataclasses.replace(src, pos=(max(xs) + 1 + i // 8, i % 8)))
        i += 1
    big = dataclasses.replace(view, tiles=tuple(tiles) + tuple(extra))
    table.refresh = lambda force=False: None  # type: ignore[method-assign]  # keep the enlarged view
    table.view = big
    table.map.camera.fit([t.pos for t in big.tiles])
    n = 120 if args.quick else 600

    def frames(action) -> list[float]:
        times = []
        for k in range(n):
            action(k)
            t = time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t) * 1000)
        return times

    pan = frames(lambda k: table.map.camera.pan(3 if (k // 100) % 2 == 0 else -3, 1 if (k // 50) % 2 == 0 else -1))
    knight = big.pieces.get("knight", big.tiles[0].pos)

    def animate(k: int) -> None:
        if k % 15 == 0:
            a = (knight[0] - 1, knight[1])
            table.anims["knight"] = (a, knight, 0.0)

    anim = frames(animate)
    zoom, settle = zoom_frames(app, table, n)
    _ = TileView
    boards = board_frames(app.screen, table.board_rect, 30 if args.quick else 120)
    log_ms = log_frames(app.screen, table.log_rect, 50 if args.quick else 300)
    figures = {
        "tiles_drawn": len(big.tiles),
        "pan_frame_median_ms": statistics.median(pan),
        "pan_frame_p95_ms": _percentile(pan, 0.95),
        "animate_frame_median_ms": statistics.median(anim),
        "animate_frame_p95_ms": _percentile(anim, 0.95),
        "zoom_frame_median_ms": statistics.median(zoom),
        "zoom_frame_p95_ms": _percentile(zoom, 0.95),
        "zoom_frame_max_ms": max(zoom),
        "zoom_settle_frames": len(settle),
        "zoom_settle_frame_max_ms": max(settle, default=0.0),
        "art_cache_peak_bytes": app.art.cache.peak_bytes,
        "art_cache_budget_bytes": app.art.cache.budget,
        "art_scaled_peak_bytes": app.art.scaled_cache.peak_bytes,
        **boards,
        "log_append_draw_median_ms": log_ms,
        "start_to_title_s": start_to_title,
        "title_subprocess_total_s": process_start,
        "peak_memory_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:38s} {v:10.3f}")
    return 0
