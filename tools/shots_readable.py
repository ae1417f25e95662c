"""Readability at every size (issue 27 item 3): each role's board at a window size and UI scale,
the smallest text each board draws and the texts that spill out of their boxes.  Run headless:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_readable.py [--size 1600x900] [--scale 1.0] [--out DIR]
Writes board_<role>_<W>x<H>_s<scale>.png and prints one line per board; then a card hovered on a board
(card_zoom_*.png) and an Event card just played (event_overlay_*.png)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tempfile  # noqa: E402

import pygame  # noqa: E402

os.environ["VAST_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="vast_shots_")

from tests.gui.readable_probe import (  # noqa: E402
    FIVE,
    board_texts,
    five_role_table,
    hover_a_card,
    knight_cave_table,
    play_to_an_event,
)
from vast_desktop.app import App  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1600x900")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--out", default=str(ROOT / "shots"))
    a = p.parse_args()
    w, h = (int(v) for v in a.size.split("x"))
    app = App(size=(w, h))
    app.settings = app.settings.model_copy(update={"ui_scale": a.scale, "reminders": False, "animation_speed": 0.0})
    table = five_role_table(app)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for role in FIVE:
        bt = board_texts(app, table, role)
        pygame.image.save(app.screen, str(out / f"board_{role}_{w}x{h}_s{a.scale}.png"))
        small = sorted({(t.px, t.text) for t in bt.texts})[:3]
        print(f"{w}x{h} scale {a.scale} {role:8s} smallest {bt.smallest:2d} px  spills {len(bt.spills)}  e.g. {small}")
        for s in bt.spills[:6]:
            print("     ", s)
    tag = f"{w}x{h}_s{a.scale}"
    card = hover_a_card(app, table)
    if card is not None:
        pygame.image.save(app.screen, str(out / f"card_zoom_{tag}.png"))
        print("hovered", card, "zoomed at", table.board_pane.zoomed)
    table = knight_cave_table(app)
    name = play_to_an_event(app, table)
    if name is not None:
        pygame.image.save(app.screen, str(out / f"event_overlay_{tag}.png"))
        print("Event card shown:", name)


if __name__ == "__main__":
    main()
