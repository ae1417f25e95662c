"""Render a contact sheet of the map art (vast_desktop/render/tile_art.py) to shots/tile_art.png.

    .venv/bin/python tools/shots_tile_art.py [out.png]

Two blocks, at 96 px and at 40 px: Lit tiles (every type with several wall layouts), Dark tiles
(each tribe, with and without a known-type badge), tokens, pieces (on a Lit floor and on a Dark
tile), edge marks (horizontal and vertical, on a wall), die faces, the target highlight and the
open-space hint.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vast_desktop.render import theme  # noqa: E402
from vast_desktop.render.text import draw_text  # noqa: E402
from vast_desktop.render.tile_art import (  # noqa: E402
    EDGE_KINDS,
    PIECE_IDS,
    TILE_TYPES,
    TOKEN_KINDS,
    TRIBES,
    TileArt,
)
from vast_desktop.rules_data import load_rules_data  # noqa: E402

WALL_LAYOUTS = [
    (False, False, False, False),   # open
    (True, False, False, False),    # side
    (True, True, False, False),     # corner
    (True, False, True, False),     # tunnel
    (True, True, True, False),      # dead end
]


def block(art: TileArt, size: int) -> pygame.Surface:
    gap = max(4, size // 8)
    label = 16
    cols = max(len(WALL_LAYOUTS) + 1, 8)
    width = gap + cols * (size + gap) + 40
    rows_h = []
    canvas = pygame.Surface((max(width, 1200), 14 * (size + gap + label) + 60))
    canvas.fill(theme.BG)
    y = gap
    draw_text(canvas, f"{size} px", (gap, y), 20, theme.HIGHLIGHT, bold=True)
    y += 24

    def row_title(text: str) -> None:
        nonlocal y
        draw_text(canvas, text, (gap, y), 14, theme.TEXT_DIM)
        y += label

    row_title("Lit tiles: open / N / N+E / N+S / N+E+S walls, then the tunnel layout turned (E+W)")
    for t in TILE_TYPES:
        x = gap
        for walls in WALL_LAYOUTS + [(False, True, False, True)]:
            canvas.blit(art.lit_tile(t, walls, size), (x, y))
            x += size + gap
        draw_text(canvas, t, (x, y + size // 2), 14, theme.TEXT, anchor="midleft")
        y += size + gap
    row_title("Dark tiles: each tribe plain, then with a known-type badge; none (no tribe)")
    x = gap
    for tribe in TRIBES:
        canvas.blit(art.dark_tile(tribe, size), (x, y))
        x += size + gap
    canvas.blit(art.dark_tile(None, size), (x, y))
    x += size + gap
    y += size + gap
    x = gap
    for i, t in enumerate(TILE_TYPES):
        canvas.blit(art.dark_tile(TRIBES[i % 3], size, known_type=t), (x, y))
        x += size + gap
    y += size + gap
    row_title("Tokens (at 1/2 tile size on a floor, then full size on BG)")
    x = gap
    floor = art.lit_tile("event", (False,) * 4, size)
    for k in TOKEN_KINDS:
        canvas.blit(floor, (x, y))
        tok = art.token(k, size // 2)
        canvas.blit(tok, (x + size - tok.get_width() - 2, y + size - tok.get_height() - 2))
        x += size + gap
    y += size + gap
    x = gap
    for k in TOKEN_KINDS:
        canvas.blit(art.token(k, size), (x, y))
        x += size + gap
    y += size + gap
    row_title("Pieces (on a Lit floor at 0.6 tile, on a Dark tile, full size on BG)")
    x = gap
    for pid in PIECE_IDS:
        canvas.blit(art.lit_tile("treasure", (True, False, False, True), size), (x, y))
        pc = art.piece(pid, round(size * 0.6))
        canvas.blit(pc, (x + (size - pc.get_width()) // 2, y + (size - pc.get_height()) // 2))
        x += size + gap
    y += size + gap
    x = gap
    for pid in PIECE_IDS:
        canvas.blit(art.dark_tile("eye", size), (x, y))
        pc = art.piece(pid, round(size * 0.6))
        canvas.blit(pc, (x + (size - pc.get_width()) // 2, y + (size - pc.get_height()) // 2))
        x += size + gap
    for pid in PIECE_IDS[:2]:
        canvas.blit(art.piece(pid, size), (x, y))
        x += size + gap
    y += size + gap
    row_title("Edge marks between two tiles (horizontal and vertical), die faces 1-6, highlight, open hint")
    x = gap
    thick = max(6, round(size * 0.3))
    for kind in EDGE_KINDS:
        canvas.blit(art.lit_tile("ambush", (False, True, False, False), size), (x, y))
        canvas.blit(art.lit_tile("event", (False, False, False, True), size), (x + size, y))
        v = art.edge_mark(kind, size, thick, vertical=True)
        canvas.blit(v, (x + size - v.get_width() // 2, y))
        x += 2 * size + gap
        canvas.blit(art.edge_mark(kind, size, thick), (x, y + (size - thick) // 2))
        x += size + gap
    y += size + gap
    x = gap
    for face in range(1, 7):
        canvas.blit(art.die_face(load_rules_data().dragon_die, face, size), (x, y))
        x += size + gap
    canvas.blit(art.lit_tile("crystal", (True, True, False, False), size), (x, y))
    canvas.blit(art.highlight(size), (x, y))
    x += size + gap
    canvas.blit(art.open_space_hint(size), (x, y))
    x += size + gap
    canvas.blit(art.highlight(size, theme.HIGHLIGHT_ALT, 160), (x, y))
    y += size + gap
    rows_h.append(y)
    return canvas.subsurface(pygame.Rect(0, 0, canvas.get_width(), y)).copy()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "shots" / "tile_art.png"
    pygame.init()
    pygame.display.set_mode((10, 10))
    art = TileArt()
    t0 = time.perf_counter()
    blocks = [block(art, 96), block(art, 40)]
    dt = time.perf_counter() - t0
    w = max(b.get_width() for b in blocks)
    h = sum(b.get_height() for b in blocks)
    sheet = pygame.Surface((w, h))
    sheet.fill(theme.BG)
    y = 0
    for b in blocks:
        sheet.blit(b, (0, y))
        y += b.get_height()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"wrote {out} ({w}x{h}); {len(art)} cached surfaces drawn in {dt * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
