"""Readable at every size (issue 27 item 3).  Every text a role's board draws on the table is walked
(render/text.py records each text with its pixel size and place): at 1600×900 and UI scale 1.0 none is
below 12 px; at 1280×720 and 1024×640 none spills out of the board or out of a box it is drawn in, nor
over another text (a board too tall for its panel scrolls with the wheel instead of shrinking); UI scale
1.5 draws every board's texts larger.  A card hovered on a board is shown at full size, its whole text
at 14 px or more; the Event card played is shown to everyone for a moment and named in the log; the
Goblin Tribes stand out from their tiles."""
from __future__ import annotations

import pygame
import pytest

from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import kit
from vast_desktop.render.event_overlay import EVENT_SECONDS
from vast_desktop.render.tile_art import TileArt
from vast_desktop.rules_data import load_rules_data

from .readable_probe import (
    FIVE,
    board_texts,
    five_role_table,
    hover,
    hover_a_card,
    knight_cave_table,
    play_to_an_event,
)


def _sized(app, size: tuple[int, int], scale: float = 1.0):
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.settings = app.settings.model_copy(update={"ui_scale": scale, "animation_speed": 1.0})
    return five_role_table(app)


def _smallest(app, table) -> dict[str, int]:
    out = {}
    for role in FIVE:
        bt = board_texts(app, table, role)
        assert bt.texts, f"{role}: no text drawn on the board"
        assert not bt.spills, f"{role} at {app.size} scale {app.settings.ui_scale}:\n" + "\n".join(bt.spills)
        out[role] = bt.smallest
    return out


def test_no_board_text_below_12px_at_1600x900(app) -> None:
    table = _sized(app, (1600, 900))
    smallest = _smallest(app, table)
    assert min(smallest.values()) >= kit.MIN_PX, smallest
    print("\n1600x900 scale 1.0 smallest px per board:", smallest)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_small_windows_clip_nothing_and_stay_readable(app, size: tuple[int, int]) -> None:
    table = _sized(app, size)
    smallest = _smallest(app, table)           # (no spill: checked inside)
    assert min(smallest.values()) >= kit.MIN_PX, smallest
    print(f"\n{size} smallest px per board:", smallest)


def test_ui_scale_enlarges_the_boards(app) -> None:
    """At UI scale 1.5 every board's smallest text is larger than at 1.0 (18 px), none spilling."""
    table = _sized(app, (1600, 900), 1.0)
    at_1 = _smallest(app, table)
    table = _sized(app, (1600, 900), 1.5)
    at_15 = _smallest(app, table)
    assert all(at_15[r] > at_1[r] and at_15[r] >= round(kit.MIN_PX * 1.5) for r in FIVE), (at_1, at_15)
    print("\n1600x900 scale 1.5 smallest px per board:", at_15)


def test_a_tall_board_scrolls_with_the_wheel(app) -> None:
    """On a short window a board taller than its panel scrolls: the wheel over it shows its bottom, whose
    regions are then where they are seen (and clickable), and back up to its top."""
    table = _sized(app, (1024, 640))
    tall = None
    for role in FIVE:
        board_texts(app, table, role)
        if table.board_pane.need > table.board_rect.h:
            tall = role
            break
    assert tall is not None, "no board is taller than its panel at 1024x640"
    pane, panel = table.board_pane, table.board_rect
    lowest = max(table.board_layout.regions.items(), key=lambda kv: kv[1].bottom)
    assert not panel.collidepoint(lowest[1].center)           # out of sight at first
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        pygame.mouse.set_pos(panel.center)
        app.step(1 / 60)
    assert pane.scroll == pane.max_scroll(panel) > 0
    seen = table.board_layout.regions[lowest[0]]
    assert panel.collidepoint(seen.center), (lowest[0], seen, panel)
    assert lowest[0] in table._clickable_keys()
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.step(1 / 60)
    assert pane.scroll == 0


def test_a_hovered_card_is_shown_at_full_size(app) -> None:
    table = _sized(app, (1600, 900))
    key = hover_a_card(app, table)
    assert key is not None, "no face-up card on any board"
    text_mod.clear_drawn()
    app.top.draw(app.screen)
    zoom = table.board_pane.zoomed
    assert zoom is not None and zoom.w >= 300
    card = load_rules_data().card(key.split(":", 1)[1])
    inside = [t for t in text_mod.DRAWN_TEXTS if t.rect is not None and zoom.contains(t.rect)]
    assert card.name in [t.text for t in inside]
    words = " ".join(t.text for t in inside if t.text != card.name).split()
    assert words == " ".join(str(card.text).split()).split()      # the whole text, not cut short
    assert min(t.px for t in inside) >= kit.ZOOM_PX
    # the hover's tooltip is not drawn over it; pointing away hides the card
    hover(app, (10, table.map_rect.bottom - 10))
    assert table.board_pane.zoomed is None


def test_the_event_card_played_is_shown_and_logged(app) -> None:
    app.settings = app.settings.model_copy(update={"animation_speed": 1.0})
    table = knight_cave_table(app)
    line = play_to_an_event(app, table)
    assert line is not None, "no Event card played"
    shown = table.event_card.shown
    assert shown is not None and f"Event: {shown.name}." == line
    assert line in table.view.log                                   # kept in the log, by name
    text_mod.clear_drawn()
    app.top.draw(app.screen)
    drawn = text_mod.DRAWN
    assert "Event card played" in drawn
    after = drawn[drawn.index("Event card played") + 1:]
    want = f"{shown.name} {shown.text}".split()           # its name, then its whole text, line by line
    assert any(" ".join(after[:k]).split() == want for k in range(1, len(after) + 1)), (want, after[:8])
    # it goes after its time at the animation pace: at speed 2 in half the time
    app.settings = app.settings.model_copy(update={"animation_speed": 2.0})
    app.step(EVENT_SECONDS / 2 * 0.6)
    assert table.event_card.shown is not None
    app.step(EVENT_SECONDS / 2 * 0.6)
    assert table.event_card.shown is None
    text_mod.clear_drawn()
    app.top.draw(app.screen)
    assert shown.name not in text_mod.DRAWN


def test_a_loaded_games_past_event_is_not_shown_again(app) -> None:
    """The overlay is for an Event played now: a table opened on a game whose Events are past shows none."""
    table = knight_cave_table(app)
    assert play_to_an_event(app, table) is not None
    from vast_desktop.screens.table import TableScreen

    fresh = TableScreen(app)
    app.replace(fresh)
    app.step(1 / 60)
    if app.top is not fresh and hasattr(app.top, "reveal"):
        app.top.reveal()
        app.step(1 / 60)
    assert fresh.event_card.shown is None


def _luma(c: pygame.Color | tuple[int, ...]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@pytest.mark.parametrize("tribe", ["fangs", "bones", "eye"])
def test_a_tribe_stands_out_from_its_tile(app, tribe: str) -> None:
    """A Tribe's piece on its own Dark tile (which carries the same symbol): the piece's ring of plate
    is far lighter than the tile, so the piece reads at a glance."""
    art = TileArt()
    size = 90
    tile = art.dark_tile(tribe, size)
    piece = art.piece(f"tribe:{tribe}", int(size * 0.42))
    tile_luma = sum(_luma(tile.get_at((x, y))) for x in range(0, size, 6) for y in range(0, size, 6)) / (15 * 15)
    w = piece.get_width()
    ring = [piece.get_at((int(w / 2 + w * 0.4 * dx), int(w / 2 + w * 0.4 * dy)))
            for dx, dy in ((0, 1), (-0.7, 0.7), (0.7, 0.7), (-1, 0.2), (1, 0.2))]
    opaque = [c for c in ring if c.a > 200]
    assert opaque, "the piece has no plate round its head"
    assert sum(_luma(c) for c in opaque) / len(opaque) > tile_luma + 60, (tile_luma, opaque)
