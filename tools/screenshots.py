"""Save a screenshot of every screen and of each role's board into shots/ (headless).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/screenshots.py
Runs the individual scripts: screens (title, setup, settings, save, load, pause menu,
game over), the table (each role's view, the curtain, a choice menu, an orientation
preview), the motion at the table (a drag ghost, a computer's move ringed, "Skip to my turn", the die
rolling), the player boards (the Thief's with his table and setup), the tile art contact sheet, and the
optional variants at the table (the Entrance piece, the Uncertain Treasures choices), and the guided tutorial."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ["shots_screens.py", "shots_table.py", "shots_boards.py", "shots_boards_goblins.py", "shots_boards_dragon.py",
           "shots_boards_thief.py", "shots_tile_art.py", "shots_variants.py", "shots_tutorial.py", "shots_motion.py"]

if __name__ == "__main__":
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    failed = 0
    for script in SCRIPTS:
        r = subprocess.run([sys.executable, str(HERE / script)], env=env, check=False)
        failed += r.returncode != 0
    sys.exit(1 if failed else 0)
