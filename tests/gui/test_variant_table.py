"""The optional variants at the table, driven only by real pygame events:

- Moving Entrance (VAR-04..09): the Entrance piece is drawn on the map where the view puts it,
  with a tooltip; when its tile collapses the Cave clicks one of the highlighted tiles
  (``move_entrance``); the old Entrance tile, once the piece has left it, is drawn as a plain
  Cave tile;
- Uncertain Treasures (VAR-10..12): the Cave clicks the Treasure card for the bottom of the
  deck (``bottom_treasure``) and the Knight the card she sends back (``return_treasure``), both
  on their own boards; the card the Cave keeps back never shows on the Knight's screen, and the
  cards the Knight sends back, keeps or declines never on the Cave's, across every curtain."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pygame

from vast_desktop.engine import Game, Setup, view
from vast_desktop.engine.decisions import Decision
from vast_desktop.engine.geometry import fmt_pos, parse_pos
from vast_desktop.headless.robot import steer_collapse_to_entrance
from vast_desktop.render import text as text_mod
from vast_desktop.render.map_view import MapOverlay
from vast_desktop.render.tile_art import PIECE_IDS, PLAIN, TILE_TYPES, TileArt
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path
from vast_desktop.standing_orders import StandingOrders

from .robot import Robot, pass_entry_curtain
from .test_four_role_table import pick

KC = ("knight", "cave")


def start(app, roles: tuple[str, ...], seed: int, variants: tuple[str, ...], house_rules: tuple[str, ...] = (),
          solo_level: str | None = None) -> Robot:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    setup = Setup(roles=roles, seed=seed, variants=variants, house_rules=house_rules, solo_level=solo_level)
    # every question clicked: the Cave's standing orders ask each time and no public answer is skipped
    app.session = Session.new(setup, {r: Seat(True) for r in roles}, autosave_path(),
                              standing_orders=StandingOrders.ask_each_time())
    app.session.public_answers = False
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    pass_entry_curtain(robot)
    return robot


def _pass_curtain(robot: Robot) -> str:
    role = robot.app.top.role
    robot.key(pygame.K_SPACE)
    assert not isinstance(robot.app.top, HandoffScreen), "the curtain did not lift"
    return role


# ====================================================================== Moving Entrance
ENTRANCE_SEED = 0      # with Hatred free to take any tile (AMB-60 house rule) the piece must choose at choice 227


def steer_to_entrance(chooser: random.Random, g: Game, d: Decision) -> str:
    """The robot's choice, steering the Collapse onto the Entrance piece (else a random pick)."""
    return steer_collapse_to_entrance(g, d) or pick(chooser, d)[0]


def _entrance_drawn_at(table: TableScreen) -> None:
    """The Entrance piece is drawn inside the tile the view names (and only with the variant)."""
    v = table.view
    assert v is not None
    if v.entrance_piece is None:
        assert table.map.entrance_rect is None
        return
    er = table.map.entrance_rect
    assert er is not None, "the Entrance piece is not drawn"
    tile = table.map.camera.tile_rect(v.entrance_piece)
    assert tile.contains(er) and abs(er.centerx - tile.centerx) <= 1, (er, tile, v.entrance_piece)


def test_moving_entrance_piece_drawn_and_moved_by_a_click(app) -> None:
    """A Knight vs Cave game with Moving Entrance: after every choice the Entrance piece is drawn in the
    tile the view names; when its tile collapses, the Cave's destinations are the highlighted tiles and
    a click on one moves it there; the piece's tooltip names the space."""
    robot = start(app, KC, ENTRANCE_SEED, ("moving-entrance",), ("hatred_ignores_collapse_order",))
    session = app.session
    chooser = random.Random(ENTRANCE_SEED)
    kinds: Counter[str] = Counter()
    moves: list[tuple[str, str]] = []
    t = robot.table
    assert t.view is not None and t.view.entrance_piece == (0, 0)
    _entrance_drawn_at(t)
    while True:
        assert session.game.outcome is None, "the game ended before the Entrance piece had to choose"
        assert len(session.game.choices) < 1500
        if isinstance(app.top, HandoffScreen):
            _pass_curtain(robot)
            continue
        g = session.game
        d = g.pending
        assert d is not None and d.role == session.viewer
        if moves and d.kind == "knight_turn":
            break                                              # the Knight's turn after the move
        choice = steer_to_entrance(chooser, g, d)
        if d.kind == "move_entrance":
            # the destinations are the highlighted tiles, the piece itself is marked as the one to move
            assert len(d.options) > 1
            assert t.overlay.highlight_spaces == {parse_pos(o.id.split(":", 1)[1]) for o in d.options}
            assert t.overlay.highlight_entrance
            assert not [b for b in t.prompt_buttons if b.visible], "move_entrance needs no prompt button"
            frm = fmt_pos(g.state.board.entrance)
            robot.perform(choice)                               # a click on the highlighted tile
            moves.append((frm, choice.split(":", 1)[1]))
        else:
            robot.perform(choice, prefer_drag=chooser.random() < 0.3)
        kinds[d.kind] += 1
        if app.top is t:
            _entrance_drawn_at(t)
    assert kinds["move_entrance"] >= 1, kinds
    frm, to = moves[0]
    assert (parse_pos(frm), parse_pos(to)) in {(e.data["frm"], e.data["to"]) for e in session.game.events
                                               if e.kind == "entrance_moved"}
    # the Knight's turn after the move: her screen shows the piece where it now is, with its tooltip
    v = t.view
    assert v is not None and v.entrance_piece == session.game.state.board.entrance != (0, 0)
    robot.show_space(v.entrance_piece)
    robot.frames(1)
    _entrance_drawn_at(t)
    er = t.map.entrance_rect
    assert er is not None
    pygame.mouse.set_pos(er.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=er.center, rel=(0, 0), buttons=(0, 0, 0)))
    text_mod.DRAWN.clear()
    robot.frames(1)
    tip = [s for s in text_mod.DRAWN if "Entrance piece" in s]
    assert tip and any(fmt_pos(v.entrance_piece) in s for s in tip), tip


def test_the_entrance_piece_art_and_the_old_entrance_tile(app) -> None:
    """The Entrance piece is its own figure (not a role's piece, not the Entrance tile's emblem); away
    from the piece the Entrance tile is drawn as a plain Cave tile, on the piece as the Entrance; without
    the variant it is always the Entrance, and no piece is drawn."""
    art = TileArt()
    size = 64
    piece = pygame.image.tobytes(art.entrance_piece(size), "RGBA")
    assert piece not in {pygame.image.tobytes(art.piece(p, size), "RGBA") for p in PIECE_IDS}
    assert piece != pygame.image.tobytes(art.emblem("entrance", size), "RGBA")
    walls = (False,) * 4
    plain = pygame.image.tobytes(art.lit_tile(PLAIN, walls, size), "RGBA")
    assert plain not in {pygame.image.tobytes(art.lit_tile(t, walls, size), "RGBA") for t in TILE_TYPES}

    robot = start(app, KC, 2, ("moving-entrance",))
    t = robot.table
    v = t.view
    assert v is not None and v.entrance_piece == (0, 0)
    tile = next(x for x in v.tiles if x.pos == (0, 0))
    assert tile.type == "entrance"
    ov = MapOverlay()
    assert t.map._tile_surface(tile, size, ov, v) is t.map.art.lit_tile("entrance", tile.walls, size)
    moved = replace(v, entrance_piece=(0, 1), entrance=(0, 1), pieces={})   # (the Knight off the tile)
    assert t.map._tile_surface(tile, size, ov, moved) is t.map.art.lit_tile(PLAIN, tile.walls, size)
    # drawn on the map: the tile at 0,0 shows no Entrance emblem once the piece stands elsewhere
    surf = pygame.Surface(app.size)
    t.map.draw(surf, moved, ov)
    r = t.map.camera.tile_rect((0, 0))
    assert t.map.entrance_rect is not None and t.map.camera.tile_rect((0, 1)).contains(t.map.entrance_rect)
    drawn = pygame.image.tobytes(surf.subsurface(r), "RGBA")
    ref = pygame.Surface(r.size)
    ref.fill((10, 9, 14))                        # the map's background under the tile's soft edge
    ref.blit(t.map.art.lit_tile(PLAIN, tile.walls, r.w), (0, 0))
    assert drawn == pygame.image.tobytes(ref, "RGBA")
    # a Dark Entrance tile placed later shows the Cave no Entrance badge either
    dark = replace(tile, lit=False, walls=None, pos=(5, 5))
    assert t.map._tile_surface(dark, size, ov, moved) is t.map.art.dark_tile(None, size, None)
    # without the variant: no piece, the Entrance tile is the Entrance
    robot = start(app, KC, 2, ())
    t = robot.table
    assert t.view is not None and t.view.entrance_piece is None and t.map.entrance_rect is None
    assert t.map._tile_surface(tile, size, ov, t.view) is t.map.art.lit_tile("entrance", tile.walls, size)


# ====================================================================== Uncertain Treasures
TREASURE_SEED = 2      # the Cave draws 3 Treasure cards at choice 6, and again and again later


class TreasureWatch:
    """Which Treasure cards each of the Knight and the Cave must not see now, and since which of
    their log lines (an older line of their own log may name the card legitimately: the Cave's
    note of a card she kept back that later came round to the Knight)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hidden: dict[str, dict[str, int]] = {"knight": {}, "cave": {}}   # viewer -> card -> log index

    def _hide(self, viewer: str, card: str) -> None:
        self.hidden[viewer].setdefault(card, len(view(self.game, viewer).log))

    def before(self, d: Decision, choice: str) -> None:
        """Note what a choice about to be made hides from whom."""
        cards = {t.ref for o in d.options for t in o.targets if t.kind == "card"}
        for c in cards:                      # a card the decider is shown now is no secret from her any more
            self.hidden[d.role].pop(c, None)
        card = choice.split(":", 1)[1] if ":" in choice else ""
        if d.kind == "bottom_treasure":      # VAR-11: the Knight never learns the card kept back
            self._hide("knight", card)
        elif d.kind == "return_treasure" and self.game.has("cave"):
            self._hide("cave", card)         # nor the Cave which card went back ...
        elif d.kind == "keep_treasure" and self.game.has("cave"):
            self._hide("cave", card)         # ... nor which one the Knight kept or declined (a declined
            #                                  card the log names publicly, outside this variant, is no secret)

    def secrets(self, viewer: str) -> dict[str, int]:
        """card -> log index, less the cards everyone knows (shown face up, named in the public log)."""
        st = self.game.state
        public = "\n".join([e.public for e in self.game.events]
                           + [str(self.game.card(c).name) for c in st.knight.face_up])
        return {c: i for c, i in self.hidden[viewer].items() if str(self.game.card(c).name) not in public}


def _screen_without_log(robot: Robot) -> str:
    table = robot.table
    rows = set(table.log_box.rows)
    drawn = [s for s in text_mod.DRAWN if s not in rows]
    return "\n".join(drawn + text_mod.gui_strings(robot.app.manager) + list(table.board_layout.tooltips.values()))


def test_uncertain_treasures_by_clicks_and_privacy(app) -> None:
    """A Knight vs Cave game with Uncertain Treasures played to its end by clicks: the Cave's and the
    Knight's Treasure choices are cards on their own boards (no prompt buttons); after every curtain no
    board tab, tooltip, button or log line shows the Knight the card the Cave kept back, nor the Cave the
    cards the Knight sent back, kept or declined; the curtains show neither."""
    robot = start(app, KC, TREASURE_SEED, ("uncertain-treasures",))
    session = app.session
    game = session.game
    chooser = random.Random(TREASURE_SEED)
    watch = TreasureWatch(game)
    kinds: Counter[str] = Counter()
    problems: list[str] = []
    checked = Counter()

    def look(role: str) -> None:
        for _ in KC:                               # both tabs, then back to her own
            text_mod.DRAWN.clear()
            robot.frames(1)
            text = _screen_without_log(robot)
            log = robot.table.log_box.lines
            for card, since in watch.secrets(role).items():
                name = str(game.card(card).name)
                checked[role] += 1
                if name in text or any(name in line for line in log[since:]):
                    problems.append(f"the {role} sees {name!r} ({robot.table.board_tab} tab, choice "
                                    f"{len(game.choices)})")
            robot.key(pygame.K_b)
        assert robot.table.board_tab == role

    while game.outcome is None:
        assert len(game.choices) < 1500
        if isinstance(app.top, HandoffScreen):
            text_mod.DRAWN.clear()
            robot.frames(1)
            role = app.top.role
            shows = "\n".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))
            problems += [f"the curtain for the {role} shows {game.card(c).name!r}"
                         for c in watch.secrets(role) if str(game.card(c).name) in shows]
            look(_pass_curtain(robot))
            continue
        d = game.pending
        assert d is not None and d.role == session.viewer
        choice = pick(chooser, d)[0]
        if d.kind in ("bottom_treasure", "return_treasure"):
            t = robot.table
            keys = {f"card:{x.ref}" for o in d.options for x in o.targets if x.kind == "card"}
            assert t.board_tab == d.role and keys <= set(t.board_layout.regions), (keys, t.board_layout.regions)
            assert not set(t.button_for) & set(d.ids), "the Treasure cards are clicked on the board"
        watch.before(d, choice)
        robot.perform(choice, prefer_drag=chooser.random() < 0.3)
        kinds[d.kind] += 1
    assert kinds["bottom_treasure"] >= 2 and kinds["return_treasure"] >= 2, kinds
    assert not problems, "\n".join(problems[:15])
    assert checked["knight"] > 0 and checked["cave"] > 0, checked
    print(f"\n{len(game.choices)} choices; {dict(kinds)}; secrets checked per tab: {dict(checked)}")


def test_uncertain_treasures_knight_alone_clicks_the_card_to_send_back(app) -> None:
    """Without a Cave the Knight draws 2 Treasure cards and clicks the one to send back on her board."""
    robot = start(app, ("knight",), 1, ("uncertain-treasures",), solo_level="easy")
    game = app.session.game
    chooser = random.Random(1)
    while game.outcome is None and game.pending.kind != "return_treasure":
        assert len(game.choices) < 400
        robot.perform(pick(chooser, game.pending)[0])
    d = game.pending
    assert d is not None and d.kind == "return_treasure" and len(d.options) == 2
    t = robot.table
    assert {f"card:{o.id.split(':', 1)[1]}" for o in d.options} <= set(t.board_layout.regions)
    text_mod.DRAWN.clear()
    robot.frames(1)
    assert "Click the card to send back to the bottom" in text_mod.DRAWN
    robot.perform(d.options[1].id)
    assert game.pending is not None and game.pending.kind == "keep_treasure"
    kept = d.options[0].id.split(":", 1)[1]
    assert game.pending.options[0].id == f"keep:{kept}"
