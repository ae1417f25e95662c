"""Screenshots of the player boards (Knight and Cave) for a visual check: writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards.py
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view  # noqa: E402
from vast_desktop.engine.view import PlayerView  # noqa: E402
from vast_desktop.render.boards import draw_board, draw_board_tabs  # noqa: E402
from vast_desktop.render.theme import BG  # noqa: E402

OUT = ROOT / "shots"

KNIGHT_MID = {
    "setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "knight",
    "knight": {"grit": 20, "cubes_free": 5, "health": 5, "grit_spaces": [26, 35], "bombs_left": 2, "smashed": 2,
               "treasures": ["elven_sword", "potion_kit"], "face_up": ["elven_sword"]},
}
CAVE_MID = {
    "setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave",
    "cave": {"omens": {"bat": 1, "boulder": 2, "quartz": 1, "mushroom": 2, "trail": 1}, "hatred_tokens": 1},
}


def highlights(v: PlayerView) -> set[str]:
    d = v.decision
    if d is None:
        return set()
    return {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets if t.kind in ("slot", "card", "hand_tile")}


def knight_game() -> Game:
    g = load_scenario(KNIGHT_MID)
    for c in ("cube:movement", "cube:strength", "cube:treasure:elven_sword", "cube:map"):
        g.apply(c)
    return g


def cave_game() -> Game:
    g = load_scenario(CAVE_MID)
    # use an omen once so the escalating cost shows its second step
    if g.pending is not None and "omen:hatred" in g.pending.ids:
        g.apply("omen:hatred")
        while g.pending is not None and g.pending.kind != "cave_turn":
            g.apply(g.pending.options[0].id)
    return g


def until(kind: str, roles: tuple[str, ...], seed: int) -> Game | None:
    g = new_game(Setup(roles=roles, seed=seed))
    rng = random.Random(seed)
    for _ in range(3000):
        d = g.pending
        if d is None:
            return None
        if d.kind == kind:
            return g
        g.apply(rng.choice(d.options).id)
    return None


def shot(name: str, v: PlayerView, role: str, size: tuple[int, int], hover: str | None = None) -> None:
    w, h = size
    tab_h = 30
    surf = pygame.Surface((w + 20, h + tab_h + 20))
    surf.fill(BG)
    draw_board_tabs(surf, pygame.Rect(10, 10, w, tab_h), v.roles, role)
    hl = highlights(v) if v.viewer == role else set()
    t0 = time.perf_counter()
    layout = draw_board(surf, pygame.Rect(10, 10 + tab_h, w, h), v, role, hl, hover)
    t1 = time.perf_counter()
    layout = draw_board(surf, pygame.Rect(10, 10 + tab_h, w, h), v, role, hl, hover)
    t2 = time.perf_counter()
    pygame.image.save(surf, str(OUT / f"{name}.png"))
    print(f"{name}.png  {w}x{h}  first {1000 * (t1 - t0):.1f} ms, cached {1000 * (t2 - t1):.2f} ms, "
          f"{len(layout.regions)} regions, {len(hl & set(layout.regions))}/{len(hl)} highlights placed")


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(exist_ok=True)
    kg = knight_game()
    shot("boards_knight_own", view(kg, "knight"), "knight", (420, 860), hover="slot:knight.strength")
    shot("boards_knight_own_small", view(kg, "knight"), "knight", (300, 500))
    shot("boards_knight_public", view(kg, "cave"), "knight", (420, 860))
    cg = cave_game()
    shot("boards_cave_own", view(cg, "cave"), "cave", (420, 860), hover="slot:cave.omen.rockslide")
    shot("boards_cave_own_large", view(cg, "cave"), "cave", (520, 900))
    shot("boards_cave_public", view(cg, "knight"), "cave", (420, 860))
    shot("boards_cave_public_small", view(cg, "knight"), "cave", (300, 500))
    eg = until("choose_event", ("knight", "cave"), 2)
    if eg is not None:
        shot("boards_cave_choose_event", view(eg, "cave"), "cave", (420, 860))
    tabs = pygame.Surface((320, 80))
    tabs.fill(BG)
    five = ("knight", "goblins", "dragon", "cave", "thief")
    draw_board_tabs(tabs, pygame.Rect(10, 10, 300, 26), five, "dragon")
    draw_board_tabs(tabs, pygame.Rect(10, 45, 300, 26), ("knight", "cave"), "knight")
    pygame.image.save(tabs, str(OUT / "boards_tabs.png"))
    tg = until("keep_treasure", ("knight", "cave"), 3)
    if tg is not None:
        shot("boards_knight_keep_treasure", view(tg, "knight"), "knight", (420, 860))


if __name__ == "__main__":
    main()
