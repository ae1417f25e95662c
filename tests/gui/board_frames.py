"""The cost of drawing one player board, as the board tests measure it: the view's own
decision targets highlighted, one warm-up draw for the caches, then the median of 30."""
from __future__ import annotations

import statistics
import time

import pygame

from vast_desktop.engine.view import PlayerView
from vast_desktop.render.boards import draw_board


def median_board_frame(surface: pygame.Surface, rect: pygame.Rect, v: PlayerView, role: str, hover: str) -> float:
    hl = {f"{t.kind}:{t.ref}" for o in (v.decision.options if v.decision else ()) for t in o.targets}
    draw_board(surface, rect, v, role, hl, hover=hover)          # warm the caches
    times = []
    for _ in range(30):
        t0 = time.perf_counter()
        draw_board(surface, rect, v, role, hl, hover=hover)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
