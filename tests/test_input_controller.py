"""The table's controller without a window (vast_desktop/input/): intents in, Session calls out.

A stand-in for the table screen (:class:`FakeTable`, the controller's ``TablePort``) shows a real
Session's pending decision the way the screen does and records what the controller asks of it (toasts,
menus, camera moves).  The positions handed to the controller are :class:`Point` values made by hand:
what the screen's layout would say lies under the pointer.  The GUI tests in tests/gui/ drive the
same controller through the real table with pygame events.
"""
from __future__ import annotations

import pygame
import pytest

from vast_desktop.engine import Setup
from vast_desktop.engine.decisions import Option, Target
from vast_desktop.engine.explain.why_not import explain_click_reason
from vast_desktop.engine.view import PlayerView
from vast_desktop.input.controller import TableController
from vast_desktop.input.intents import DRAG_THRESHOLD, Click, Drag, IntentReader, Key, Point, key_action
from vast_desktop.input.targets import TargetIndex, in_mode
from vast_desktop.session import Session


class FakeTable:
    """The screen's side of the controller: the index and view of the pending decision (rebuilt as
    the table screen's ``refresh`` does) and a record of every effect asked for."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.index = TargetIndex.build(None)
        self.view: PlayerView | None = None
        self.board_tab: str | None = None
        self.menu_open = False
        self.toasts: list[tuple[str, bool]] = []
        self.rules: list[str] = []            # each toast's rule id (its "Rule" link), "" for none
        self.menus: list[list[str]] = []
        self.effects: list[tuple] = []
        self.controller = TableController(self)
        self.refresh()

    @property
    def session(self) -> Session:
        return self._session

    def refresh(self, force: bool = False) -> None:
        self.view = self._session.current_view()
        d = self.view.decision if self._session.human_to_decide else None
        self.index = TargetIndex.build(d, in_mode(d, None) if d else None)
        self.controller.forget_choice()

    def notify(self, message: str, error: bool = False, rule: str = "") -> None:
        self.toasts.append((message, error))
        self.rules.append(rule)

    def open_options_menu(self, opts: list[Option], at: tuple[int, int] | None = None) -> None:
        self.menus.append([o.id for o in opts])

    def close_menu(self) -> None:
        self.effects.append(("close_menu",))

    def open_menu(self) -> None:
        self.effects.append(("open_menu",))

    def open_save(self) -> None:
        self.effects.append(("open_save",))

    def open_cheatsheet(self) -> None:
        self.effects.append(("open_cheatsheet",))

    def fit(self) -> None:
        self.effects.append(("fit",))

    def recentre(self) -> None:
        self.effects.append(("recentre",))

    def pan_map(self, dx: int, dy: int) -> None:
        self.effects.append(("pan", dx, dy))

    def zoom_map(self, factor: float, at: tuple[int, int] | None = None) -> None:
        self.effects.append(("zoom", factor, at))

    def scroll_log(self, dy: int) -> None:
        self.effects.append(("scroll_log", dy))

    def scroll_board(self, dy: int) -> None:
        self.effects.append(("scroll_board", dy))


@pytest.fixture
def table() -> FakeTable:
    """A fresh Knight-and-Cave game (seed 3), two people at an open-handed table (the screen shows
    whoever decides): the Knight's first turn is pending, with steps to the four spaces around the
    Entrance and her two unplaced Hero cubes to put on her board."""
    session = Session.new(Setup(roles=("knight", "cave"), seed=3), shared_table=True)
    t = FakeTable(session)
    assert t.index.decision is not None and t.index.decision.kind == "knight_turn"
    return t


def on_map(x: int, y: int, *pieces: str) -> Point:
    """The pointer over map space (x, y), with ``pieces`` standing there."""
    return Point((400, 300), (*(f"piece:{p}" for p in pieces), f"space:{x},{y}"), (), (x, y), "map")


def test_a_click_on_an_options_target_chooses_it(table: FakeTable) -> None:
    table.controller.handle(Click(on_map(1, 0)))
    assert table.session.game.choices[-1:] == ["move:1,0"]
    assert table.toasts == []


def test_a_click_on_a_target_of_no_option_shows_the_engines_reason(table: FakeTable) -> None:
    """A space three steps away is no option: the toast is the engine's why-not (MAP-03), nothing chosen."""
    before = list(table.session.game.choices)
    table.controller.handle(Click(on_map(3, 0)))
    reason = explain_click_reason(table.session.game, "knight", [Target("space", "3,0")])
    assert reason is not None and reason.rule == "MAP-03"
    assert table.toasts == [(reason.text, True)] and table.rules == ["MAP-03"]
    assert table.session.game.choices == before


def test_a_drag_from_the_cube_supply_to_a_track_chooses_the_drag_option(table: FakeTable) -> None:
    """The Knight's unplaced Hero cubes dragged onto Strength (KN-11), as pygame events.  A cube
    option's only target is its track (``drag_from`` the supply), so the supply is no drag source of
    the index: the press picks nothing up, and the release over the track chooses what is dropped there."""
    supply = Point((1300, 500), ("slot:knight.cubes",), ("drag:knight.cubes",), None, "board")
    strength = Point((1300, 420), ("slot:knight.strength",), (), None, "board")
    points = {supply.pos: supply, strength.pos: strength}
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=supply.pos, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=strength.pos, rel=(0, -80), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=strength.pos, button=1)]
    for e in events:
        table.controller.handle_event(e, points.__getitem__)
    assert table.session.game.choices[-1:] == ["cube:strength"]


def test_a_cave_tile_dragged_from_the_hand_onto_a_space_is_placed(table: FakeTable) -> None:
    """The Cave fills the open edge the Knight's reveal left (an out-of-turn decision): a hand tile
    dragged onto the space chooses the option naming both; a drop where it cannot go is refused."""
    c = table.controller
    c.handle(Click(on_map(0, -1)))         # the Knight steps onto a Dark tile and reveals it
    c.handle(Key("confirm"))               # its first orientation
    d = table.index.decision
    assert d is not None and d.kind == "fill_open_edge" and d.option("fill:T03@-1,-1") is not None
    hand = Point((1300, 600), ("hand_tile:T03",), ("drag:hand:T03",), None, "board")
    assert c.drag_source(hand) == "drag:hand:T03"
    before = list(table.session.game.choices)
    c.handle(Drag("drag:hand:T03", on_map(3, 3)))
    assert table.toasts == [("That cannot go there.", True)] and table.session.game.choices == before
    c.handle(Drag("drag:hand:T03", on_map(-1, -1)))
    assert table.session.game.choices[-1] == "fill:T03@-1,-1"


def test_r_turns_a_revealed_tile_and_enter_confirms_that_orientation(table: FakeTable) -> None:
    """The step onto a Dark tile reveals it; R previews the next orientation, Enter chooses it."""
    c = table.controller
    c.handle(Click(on_map(0, -1)))
    d = table.index.decision
    assert d is not None and d.kind == "orient_tile" and len(d.options) == 2
    c.handle(Key("rotate"))
    assert c.orient_i == 1
    c.handle(Key("confirm"))
    assert table.session.game.choices[-1] == d.options[1].id


def test_keys_pan_zoom_and_open_the_menus(table: FakeTable) -> None:
    c = table.controller
    for action in ("pan_left", "pan_down", "zoom_in", "fit", "recentre", "save", "cheatsheet", "escape"):
        c.handle(Key(action))
    assert table.effects == [("pan", 60, 0), ("pan", 0, -60), ("zoom", 1.15, None), ("fit",), ("recentre",),
                             ("open_save",), ("open_cheatsheet",), ("open_menu",)]
    c.handle(Key("next_tab"))
    assert table.board_tab == "cave"


def test_shortcut_keys_map_to_their_actions() -> None:
    ctrl = pygame.KMOD_CTRL
    assert key_action(pygame.K_z, ctrl) == "undo" and key_action(pygame.K_z, 0) is None
    assert key_action(pygame.K_s, ctrl) == "save"
    assert key_action(pygame.K_c, 0) == "cheatsheet" and key_action(pygame.K_c, ctrl) is None
    assert key_action(pygame.K_RETURN, 0) == key_action(pygame.K_SPACE, 0) == "confirm"
    assert key_action(pygame.K_r, 0) == "rotate" and key_action(pygame.K_b, 0) == "next_tab"
    assert key_action(pygame.K_TAB, 0) == "focus_next" and key_action(pygame.K_TAB, pygame.KMOD_SHIFT) == "focus_prev"
    assert key_action(pygame.K_KP_MINUS, 0) == "zoom_out" and key_action(pygame.K_a, 0) is None


def test_pygame_events_become_a_click_a_drag_or_a_pan() -> None:
    """The reader follows the button: a press and release in place is a click; moving past the
    threshold drags what the press picked up, or pans the map when it picked up nothing."""
    points = {(10, 10): Point((10, 10), ("slot:knight.cubes",), ("drag:knight.cubes",), None, "board"),
              (50, 10): Point((50, 10), ("slot:knight.strength",), (), None, "board"),
              (200, 200): on_map(0, 0, "knight"), (260, 200): on_map(1, 0)}

    def source_of(at: Point) -> str | None:
        return at.drags[0] if at.drags else None

    def run(events: list[pygame.event.Event]) -> list:
        reader = IntentReader()
        return [i for e in events for i in reader.read(e, points.__getitem__, source_of)]

    def gesture(a: tuple[int, int], b: tuple[int, int]) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]

    click = run(gesture((10, 10), (10, 10)))[-1]
    assert click == Click(points[(10, 10)])
    assert run(gesture((10, 10), (50, 10)))[-1] == Drag("drag:knight.cubes", points[(50, 10)])
    assert 60 > DRAG_THRESHOLD
    panned = run(gesture((200, 200), (260, 200)))
    assert [type(i).__name__ for i in panned] == ["Hover", "Pan"] and panned[1].dx == 60
