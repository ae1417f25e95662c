"""The Terrain variant at the table (TR-01..33), driven only by real pygame events:

- a Knight vs Cave game with Terrain played by the robot until the Cave has chosen a Terrain tile
  by clicking its card on her board (``terrain_choose``, named and explained there), placed it by a
  click on one of the highlighted spaces (``terrain_place``) and placed the Pits the same way
  (``terrain_pit``); after every choice each Terrain space on the map is drawn as Terrain — the
  map's tooltip there names the tile and its effect, and the pixels are the Terrain art, not a
  Dark or Lit tile;
- the path a dragged piece plans (input/targets.walk_path) goes on over Terrain spaces (neither
  Lit nor Dark, TR-13), never onto the Canyon's impassable spaces (TR-17), and from a Pit to the
  other Pits (TR-29)."""
from __future__ import annotations

import random
from collections import Counter

import pygame

from vast_desktop.engine import load_scenario, view
from vast_desktop.engine.geometry import parse_pos
from vast_desktop.engine.rules_data import load_rules_data
from vast_desktop.input.targets import walk_path
from vast_desktop.render.theme import DARK_TILE, LIT_FLOOR
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.table import TableScreen

from .robot import Robot
from .test_four_role_table import pick
from .test_variant_table import KC, start

TERRAIN_SEED = 5        # the Cave chooses a Terrain tile at choice 2, places it at 3 and the Pits at 19


def _far(a: tuple[int, ...], b: tuple[int, ...], limit: int = 60) -> bool:
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True)) > limit


def terrain_drawn(table: TableScreen, screen: pygame.Surface) -> int:
    """Every Terrain space fully in view is drawn as Terrain: the map's tooltip there names the tile,
    its space and the tile's effect; the pixels are the Terrain art's (not Dark blue nor Lit floor).
    Returns how many spaces were checked."""
    v = table.view
    assert v is not None
    checked = 0
    size = int(round(table.map.camera.tile))
    for t in v.tiles:
        if t.terrain is None:
            continue
        r = table.map.camera.tile_rect(t.pos)
        if not table.map_rect.contains(r):
            continue
        tv = t.terrain
        # (the tooltip is asked at the top of the tile, clear of the pieces and of the Entrance piece)
        tip = table.map_tip_at((r.centerx, r.y + r.h // 5))
        assert tip is not None and tip.startswith(tv.name), (t.pos, tip)
        assert load_rules_data().terrain_tile(tv.tile).text in tip
        if tv.kind != "plain":
            assert tv.kind in tip.lower() or "bridge" in tip.lower()
        art = table.app.art.terrain_tile(tv.type, tv.kind, size, tv.rot, tv.current)
        # a spot between the top corners' tokens and the pieces, inside any highlight frame
        for fx, fy in ((0.5, 0.25), (0.3, 0.45), (0.7, 0.45)):
            x, y = int(r.w * fx), int(r.h * fy)
            on_screen = tuple(screen.get_at((r.x + x, r.y + y)))
            if t.pos in v.pieces.values() and fy > 0.3:
                continue
            assert _far(on_screen, DARK_TILE) and _far(on_screen, LIT_FLOOR, 30), (t.pos, on_screen)
            want = tuple(art.get_at((x, y)))
            assert not _far(on_screen, want, 90), (t.pos, tv.type, on_screen, want)
        checked += 1
    return checked


def test_terrain_placed_by_clicks_and_drawn_as_terrain(app) -> None:
    robot: Robot = start(app, KC, TERRAIN_SEED, ("terrain",))
    session = app.session
    chooser = random.Random(TERRAIN_SEED)
    kinds: Counter[str] = Counter()
    drawn = 0
    t = robot.table
    while not (kinds["terrain_place"] and kinds["terrain_pit"] and drawn >= 4
               and session.game.pending is not None and session.game.pending.kind == "knight_turn"):
        assert session.game.outcome is None, "the game ended before the Terrain was placed"
        assert len(session.game.choices) < 200, dict(kinds)
        if isinstance(app.top, HandoffScreen):
            robot.key(pygame.K_SPACE)
            continue
        g = session.game
        d = g.pending
        assert d is not None and d.role == session.viewer
        t = robot.table
        t.refresh()
        robot.frames(1)
        choice, drag, on_map = pick(chooser, d)
        if d.kind == "terrain_choose":
            # the Terrain tiles are offered as cards on the placer's board, named with their effect
            # (a board without a place for them would give prompt buttons reading "Place the …")
            for o in d.options:
                k = f"card:{o.targets[0].ref}"
                name = o.label[len("Place the "):]
                if k in t.board_layout.regions:
                    tip = t.board_layout.tooltips[k]
                    assert tip.startswith(name + ":") and "terrain:" not in tip, tip
                else:
                    assert t.button_for[o.id].text.startswith("Place the ")
        elif d.kind in ("terrain_place", "terrain_pit"):
            want = {parse_pos(x.ref) for o in d.options for x in o.targets if x.kind == "space"}
            assert t.overlay.highlight_spaces == want
            assert not [b for b in t.prompt_buttons if b.visible], f"{d.kind} needs no prompt button"
            # a click on a space covered by one placement only chooses it (the others open a menu)
            o = d.option(choice)
            assert o is not None
            drag = on_map = False
        robot.perform(choice, prefer_drag=drag, prefer_map=on_map)
        kinds[d.kind] += 1
        robot.frames(1)
        if not isinstance(app.top, HandoffScreen):
            drawn = max(drawn, terrain_drawn(robot.table, app.screen))
    assert kinds["terrain_choose"] >= 1
    on_map = {tv.terrain.type for tv in t.view.tiles if tv.terrain is not None} if t.view else set()
    assert "pits" in on_map and len(on_map) >= 2, on_map


def test_walk_path_goes_over_terrain_not_onto_impassable_and_between_pits() -> None:
    g = load_scenario({
        "setup": {"roles": ["knight"], "seed": 1, "solo_level": "easy", "variants": ["terrain"]},
        "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True}],
        "terrain": [{"tile": "lake", "pos": [1, 0]},           # (1,0) (2,0) (1,1) (2,1)
                    {"tile": "pits_1", "pos": [3, 0]}, {"tile": "pits_2", "pos": [6, 0]},
                    {"tile": "canyon", "pos": [-1, -1], "rot": 1}],   # (-1,-1) chasm, (-1,0) bridge, (-1,1) chasm
        "pieces": {"knight": [0, 0]},
    })
    v = view(g, "knight")
    assert walk_path(v, (0, 0), (2, 1)) in ([(1, 0), (2, 0), (2, 1)], [(1, 0), (1, 1), (2, 1)])
    assert walk_path(v, (0, 0), (6, 0)) == [(1, 0), (2, 0), (3, 0), (6, 0)]     # Pit to Pit (TR-29)
    assert walk_path(v, (0, 0), (-1, 0)) == [(-1, 0)]                          # the Bridge
    assert walk_path(v, (0, 0), (-1, 1)) == []                                 # an impassable space
    assert walk_path(v, (-1, 0), (-1, -1)) == []
