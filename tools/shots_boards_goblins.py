"""Screenshots of the Goblins' board and of a Knight-vs-Goblins table for a visual check:
writes PNGs to shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_boards_goblins.py

* boards_goblins_own       — their own board mid-game: Monsters assigned, Secrets in hand, a Trap face up;
* boards_goblins_own_small — the same in a small panel;
* boards_goblins_public    — the Knight's view of the same board (card backs, no names);
* boards_goblins_war       — choosing among the War cards drawn (Rage 3);
* boards_goblins_assign    — a Monster drawn and being assigned (slots highlighted);
* table_knight_vs_goblins_goblins / _curtain / _knight — the table for each of the two humans, and the
  curtain between them;
* table_goblins_solo_lurking — Goblins solo with a Tribe lurking on an open space;
* boards_goblins_schemes / _public — the schemes variant: two Schemes bought (War Banner's Rage 4),
  a Treasure stored, a Plunder paying for one of the Schemes in hand (clickable), and the same
  board as the Knight sees it (bought Schemes face up, the hand as backs).
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("VAST_DESKTOP_HOME", tempfile.mkdtemp())
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view  # noqa: E402
from vast_desktop.engine.view import PlayerView  # noqa: E402
from vast_desktop.render.boards import draw_board, draw_board_tabs  # noqa: E402
from vast_desktop.render.theme import BG  # noqa: E402

OUT = ROOT / "shots"

GOBLINS_MID = {
    "setup": {"roles": ["knight", "goblins"], "seed": 5}, "active": "goblins",
    "goblins": {"population": {"fangs": 1, "bones": 3, "eye": 1}, "rage": 2,
                "monsters": {"fangs": ["ogre"], "bones": ["pet_frog", "underworm"], "eye": []},
                "hand": ["cave_in", "fire_bomber", "hex"], "face_up": ["trap"]},
}


def highlights(v: PlayerView) -> set[str]:
    d = v.decision
    if d is None:
        return set()
    return {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets if t.kind in ("slot", "card", "piece")}


def until(g: Game, kinds: tuple[str, ...], seed: int, limit: int = 4000) -> Game | None:
    rng = random.Random(seed)
    for _ in range(limit):
        d = g.pending
        if d is None:
            return None
        if d.kind in kinds and d.role == "goblins":
            return g
        g.apply(rng.choice(d.options).id)
    return None


def mid_game() -> Game:
    """The scenario, played on to the Goblins' Activate step."""
    g = load_scenario(GOBLINS_MID)
    for _ in range(40):
        d = g.pending
        if d is None or d.kind == "goblins_turn":
            break
        if d.kind == "assign_monster":
            g.apply("discard:")
        elif d.kind == "discard_secret":
            g.apply(d.options[-1].id)
        else:
            g.apply(d.options[0].id)
    return g


GOBLINS_SCHEMES = {
    "setup": {"roles": ["knight", "goblins"], "seed": 3, "variants": ["schemes"]}, "active": "goblins",
    "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
              {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [3, 0], "tile": "T29", "lit": True},
              {"pos": [1, 1], "tile": "T01", "lit": False}],
    "pieces": {"knight": [3, 0], "tribe:fangs": [1, 1]}, "tokens": {"1,1": {"treasure": 1}},
    "goblins": {"population": {"fangs": 1, "bones": 0, "eye": 0}, "rage": 3, "schemes": ["war_banner", "cave_oil"],
                "stored_treasure": 1, "hand": ["underboss", "mercenaries", "hex"],
                "war_deck": ["pain", "thirst", "spite", "consumption", "desolation", "waste", "ruin", "hate", "fear",
                             "desperation"]},
}


def schemes_game() -> Game | None:
    """The Schemes scenario played to the question the plundered Treasure asks."""
    g = load_scenario(GOBLINS_SCHEMES)
    for _ in range(40):
        d = g.pending
        if d is None or d.kind == "scheme_buy":
            return g
        want = {"goblins_turn": "activate:fangs", "tribe_activation": "plunder:treasure"}.get(d.kind)
        g.apply(want if want in d.ids else ("populate:" if "populate:" in d.ids else d.options[0].id))
    return None


def shot(name: str, v: PlayerView, role: str, size: tuple[int, int], hover: str | None = None) -> None:
    w, h = size
    tab_h = 30
    surf = pygame.Surface((w + 20, h + tab_h + 20))
    surf.fill(BG)
    draw_board_tabs(surf, pygame.Rect(10, 10, w, tab_h), v.roles, role)
    hl = highlights(v) if v.viewer == role else set()
    layout = draw_board(surf, pygame.Rect(10, 10 + tab_h, w, h), v, role, hl, hover)
    pygame.image.save(surf, str(OUT / f"{name}.png"))
    print(f"{name}.png  {w}x{h}  {len(layout.regions)} regions, {len(hl & set(layout.regions))}/{len(hl)} "
          "highlights placed")
    if hover:
        print("   hover:", layout.tooltips.get(hover, "-"))


def table_shots() -> None:
    from vast_desktop.app import App
    from vast_desktop.screens.handoff import HandoffScreen
    from vast_desktop.screens.table import TableScreen
    from vast_desktop.session import Seat, Session

    app = App(size=(1600, 900))
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0})
    app.session = Session.new(Setup(roles=("knight", "goblins"), seed=11),
                              {"knight": Seat(True), "goblins": Seat(True)})
    s = app.session
    rng = random.Random(3)
    while len(s.game.choices) < 140 and s.game.outcome is None:
        d = s.game.pending
        ids = [i for i in d.ids if i not in ("end:", "discard:")] or list(d.ids)
        s.choose(ids[rng.randrange(len(ids))])
    while s.game.pending is not None and not (s.game.pending.role == "goblins"
                                             and s.game.pending.kind == "goblins_turn"):
        d = s.game.pending
        ids = [i for i in d.ids if i not in ("discard:",)] or list(d.ids)
        s.choose(ids[rng.randrange(len(ids))])
    s.viewer = "goblins"
    app.replace(TableScreen(app))
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_knight_vs_goblins_goblins.png"))
    print("table_knight_vs_goblins_goblins.png")
    s.choose("end:")
    while s.game.pending is not None and s.game.pending.role == "goblins":     # the end-of-turn tile
        s.choose(s.game.pending.ids[0])
    for _ in range(4):
        app.step(1 / 60)
        if isinstance(app.top, HandoffScreen):
            pygame.image.save(app.screen, str(OUT / "table_knight_vs_goblins_curtain.png"))
            app.top.reveal()
    table = next(x for x in app.screens if isinstance(x, TableScreen))
    table.board_tab = "goblins"
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_knight_vs_goblins_knight.png"))
    print("table_knight_vs_goblins_knight.png (the Knight looking at the Goblins' tab)")
    # Goblins solo with a Tribe lurking on an open space (drawn faint on the map, "lurking" on the board)
    g = new_game(Setup(roles=("goblins",), seed=3))
    rng = random.Random(3)
    while g.pending is not None and not (g.state.goblins and g.state.goblins.lurking):
        g.apply(rng.choice(g.pending.options).id)
    app.session = Session(g, {"goblins": Seat(True)})
    app.replace(TableScreen(app))
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.screen, str(OUT / "table_goblins_solo_lurking.png"))
    print("table_goblins_solo_lurking.png")


def main() -> None:
    pygame.init()
    pygame.display.set_mode((16, 16))
    OUT.mkdir(exist_ok=True)
    g = mid_game()
    shot("boards_goblins_own", view(g, "goblins"), "goblins", (432, 574), hover="slot:goblins.fangs")
    shot("boards_goblins_own_tall", view(g, "goblins"), "goblins", (420, 860))
    shot("boards_goblins_own_small", view(g, "goblins"), "goblins", (300, 500))
    shot("boards_goblins_public", view(g, "knight"), "goblins", (432, 574))
    wg = until(load_scenario({**GOBLINS_MID, "goblins": {**GOBLINS_MID["goblins"], "rage": 3}}), ("war_card",), 1)
    if wg is None:
        wg = until(new_game(Setup(roles=("knight", "goblins"), seed=2)), ("war_card",), 2)
    if wg is not None:
        shot("boards_goblins_war", view(wg, "goblins"), "goblins", (432, 574))
    ag = until(load_scenario(GOBLINS_MID), ("assign_monster",), 4)
    if ag is None:
        ag = until(new_game(Setup(roles=("knight", "goblins"), seed=4)), ("assign_monster",), 4)
    if ag is not None:
        shot("boards_goblins_assign", view(ag, "goblins"), "goblins", (432, 574))
    sg = schemes_game()
    if sg is not None:
        shot("boards_goblins_schemes", view(sg, "goblins"), "goblins", (432, 574))
        shot("boards_goblins_schemes_public", view(sg, "knight"), "goblins", (432, 574))
    table_shots()


if __name__ == "__main__":
    main()
