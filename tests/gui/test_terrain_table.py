"""The Terrain variant at the table (TR-01..33), driven only by real pygame events:

- a Knight vs Cave game with Terrain played by the robot until the Cave has chosen a Terrain tile
  by clicking its card on her board (``terrain_choose``, named and explained there), placed it by a
  click on one of the highlighted spaces (``terrain_place``) and placed the Pits the same way
  (``terrain_pit``); after every choice each Terrain space on the map is drawn as Terrain — the
  map's tooltip there names the tile and its effect, and the pixels are the Terrain art, not a
  Dark or Lit tile;
- the path a dragged piece plans (input/targets.walk_path) goes on over Terrain spaces (neither
  Lit nor Dark, TR-13), never onto the Canyon's impassable spaces (TR-17), and from a Pit to the
  other Pits (TR-29);
- the footprint of a Terrain tile shown under the pointer before it is placed, and the Random
  Terrain cards (VAR-13) lying face up by the map."""
from __future__ import annotations

import random
from collections import Counter

import pygame

from vast_desktop.engine import load_scenario, view
from vast_desktop.engine.geometry import parse_pos
from vast_desktop.input.targets import walk_path
from vast_desktop.render import text as text_mod
from vast_desktop.render.map_view import GHOST_ALPHA, MAP_BG
from vast_desktop.render.theme import DARK_TILE, LIT_FLOOR
from vast_desktop.rules_data import load_rules_data
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


# ------------------------------------------------------------------ the footprint preview
def _to_placement(app, seed: int = TERRAIN_SEED) -> Robot:
    """A Knight vs Cave game with Terrain, played straight through the session up to the Cave's
    ``terrain_place`` (choice 3 of seed 5), on the Cave's screen."""
    robot: Robot = start(app, KC, seed, ("terrain",))
    session = app.session
    chooser = random.Random(seed)
    while session.game.pending is not None and session.game.pending.kind != "terrain_place":
        session.choose(pick(chooser, session.game.pending)[0])
        robot.frames(1)
        while isinstance(app.top, HandoffScreen):
            robot.key(pygame.K_SPACE)
    assert session.game.pending is not None and session.game.pending.kind == "terrain_place"
    robot.frames(2)
    return robot


def test_placing_reports_what_each_terrain_option_lays(app) -> None:
    """The view's ``placing`` (the footprint the table previews) is, for every option of a
    ``terrain_place`` or ``terrain_pit`` decision, exactly the spaces and marks choosing it lays
    (TR-07..09, TR-28); nobody else's view carries it."""
    from vast_desktop.engine import Setup, new_game

    checked: Counter[str] = Counter()
    # the Lake, the Pits and the Mushroom Forest; the River (four turns) and the Magma; the Canyon
    for seed, choices in ((TERRAIN_SEED, 50), (10, 40), (1, 10)):
        g = new_game(Setup(roles=KC, seed=seed, variants=("terrain",)))
        chooser = random.Random(seed)
        while g.outcome is None and len(g.choices) < choices:
            d = g.pending
            assert d is not None
            if d.kind in ("terrain_place", "terrain_pit"):
                v = view(g, d.role)
                assert set(v.placing) == set(d.ids)
                assert not view(g, "knight" if d.role == "cave" else "cave").placing
                for oid, cells in v.placing.items():
                    after = g.rebuilt([*g.choices, oid])
                    laid = [tv for tv in view(after, None).tiles if tv.pos in {c for c, _ in cells}]
                    assert [(t.pos, t.terrain) for t in laid] == sorted(cells, key=lambda c: c[0]), oid
                    checked[d.kind] += 1
                    checked.update({cells[0][1].type})
            else:
                assert not view(g, d.role).placing
            g.apply(pick(chooser, d)[0])
    assert checked["terrain_place"] and checked["terrain_pit"], checked
    assert {"lake", "pits", "mushroom_forest", "river", "magma", "canyon"} <= set(checked), checked


def test_hover_shows_the_terrain_footprint_before_the_click(app) -> None:
    """TR-07..09 at the table: pointing at a highlighted space while a Terrain tile must be placed shows
    the tile there — every space of it ghosted in the Terrain art, a placement anchored on that space
    first — the wheel (or R) shows the other ways to lay it over that space, pointing off the
    highlighted spaces shows nothing, and a click places exactly the tile shown."""
    robot = _to_placement(app)
    t = robot.table
    v = t.view
    assert v is not None and v.placing
    d = app.session.game.pending
    assert d is not None
    cover = Counter(c for cells in v.placing.values() for c, _ in cells)
    anchor = max(cover, key=lambda c: (cover[c], c in {cells[0][0] for cells in v.placing.values()}))
    assert cover[anchor] >= 2, cover                         # a space several placements cover
    robot.hover(robot.show_space(anchor))
    robot.frames(1)
    shown = t.previewed_placement()
    assert shown is not None and anchor in [c for c, _ in v.placing[shown]]
    cells = [c for c, _ in v.placing[shown]]
    assert t.map.footprint_drawn == cells and len(cells) == 4      # the Lake: 2×2
    for c, tv in v.placing[shown]:                 # the Terrain art, see-through over the empty map
        r = t.map.camera.tile_rect(c)
        px = tuple(app.screen.get_at((r.x + r.w // 2, r.y + r.h // 3)))
        art = tuple(t.app.art.terrain_tile(tv.type, tv.kind, r.w, tv.rot, tv.current).get_at((r.w // 2, r.h // 3)))
        ghost = tuple(b + (a - b) * GHOST_ALPHA // 255 for a, b in zip(art[:3], MAP_BG, strict=True))
        assert _far(px, MAP_BG, 40) and not _far(px, ghost, 40), (c, px, ghost)
    # the wheel: the next placement over the same space, with a note under the tile
    ways = t.placements_at(anchor)
    assert len(ways) == cover[anchor] and ways[0] == shown
    anchored = [w for w in ways if v.placing[w][0][0] == anchor]     # those anchored there come first
    assert ways[:len(anchored)] == anchored
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    robot.frames(2)
    assert t.previewed_placement() == ways[1]
    assert t.map.footprint_drawn == [c for c, _ in v.placing[ways[1]]] and anchor in t.map.footprint_drawn
    assert t.overlay.footprint_note.startswith(f"2 of {len(ways)}")
    robot.key(pygame.K_r)
    assert t.previewed_placement() == ways[2 % len(ways)]
    # off the highlighted spaces: no preview
    off = next(p for p in ((x, y) for x in range(-6, 7) for y in range(-6, 7))
               if p not in t.overlay.highlight_spaces and robot.visible(t.map.screen_centre(p)))
    robot.hover(t.map.screen_centre(off))
    robot.frames(1)
    assert t.previewed_placement() is None and t.map.footprint_drawn == []
    # back on the anchor, turn to the second placement and click: exactly that tile is laid
    robot.hover(t.map.screen_centre(anchor))
    robot.key(pygame.K_r)
    want = t.previewed_placement()
    assert want == ways[1]
    robot.click(t.map.screen_centre(anchor))
    assert app.session.game.choices[-1] == want
    laid = {tv.pos for tv in view(app.session.game, None).tiles if tv.terrain is not None}
    assert laid == {c for c, _ in v.placing[want]}


# ------------------------------------------------------------------ Random Terrain
RANDOM_SEED = 5      # Random Terrain cards drawn at choices 2 (Mushroom Forest), 19 (Lake) and 34 (Canyon)


def test_random_terrain_cards_lie_face_up_by_the_map(app) -> None:
    """VAR-13: with Random Terrain the drawn Terrain cards stay face up near the map as a rules
    reference: a band under the map (none drawn yet at the start); after each draw one card more
    there, in the order drawn, named, with its Terrain's rules as the tooltip (the last drawn
    framed); pointing at a card shows that tooltip.  Without the variant there is no band."""
    robot: Robot = start(app, KC, RANDOM_SEED, ("random-terrain",))
    session = app.session
    chooser = random.Random(RANDOM_SEED)
    rules = load_rules_data()
    t = robot.table
    band = t.cards_rect
    assert band.h > 0 and not t.card_rects and band.top >= t.map_rect.bottom and band.bottom <= t.prompt.top
    text_mod.DRAWN.clear()
    robot.frames(1)
    assert "none drawn yet" in text_mod.DRAWN
    seen = 0
    while len(session.game.state.terrain_drawn) < 3:
        assert len(session.game.choices) < 60
        session.choose(pick(chooser, session.game.pending)[0])
        robot.frames(1)
        while isinstance(app.top, HandoffScreen):
            robot.key(pygame.K_SPACE)
        text_mod.DRAWN.clear()
        robot.frames(1)
        t = robot.table
        drawn = session.game.state.terrain_drawn
        assert t.view is not None and t.view.terrain_cards == tuple(drawn)
        assert list(t.card_rects) == drawn
        if len(drawn) == seen:
            continue
        seen = len(drawn)
        for i, kind in enumerate(drawn):
            r, tip = t.card_rects[kind]
            tile = next(x for x in rules.terrain if x.kind == kind)
            assert tile.name in " ".join(text_mod.DRAWN)       # (a long name on two lines)
            assert tip.startswith(tile.name + ":") and " ".join(tile.text.split()) in tip
            assert ("the last card drawn" in tip) == (i == seen - 1)
            assert t.cards_rect.contains(r) and not t.map_rect.colliderect(r)
        rects = [r for r, _ in t.card_rects.values()]
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert seen == 3
    # pointing at a card: its tooltip is drawn
    r, tip = t.card_rects[session.game.state.terrain_drawn[0]]
    text_mod.DRAWN.clear()
    robot.hover(r.center)
    assert t.map_tip_at(r.center) == tip
    assert any(line and line in tip for line in text_mod.DRAWN[-3:]), text_mod.DRAWN[-3:]
    # the Terrain variant without Random Terrain: no band
    t = start(app, KC, RANDOM_SEED, ("terrain",)).table
    assert t.cards_rect.h == 0 and t.map_rect.bottom == t.prompt.top
