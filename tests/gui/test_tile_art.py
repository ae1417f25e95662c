"""The procedural map art (vast_desktop/render/tile_art.py): sizes, alpha, caching, walls, distinctness."""
from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from vast_desktop.render import theme  # noqa: E402
from vast_desktop.render.tile_art import (  # noqa: E402
    EDGE_KINDS,
    PIECE_IDS,
    TILE_TYPES,
    TOKEN_KINDS,
    TRIBES,
    WALL_DEPTH,
    TileArt,
)
from vast_desktop.rules_data import load_rules_data  # noqa: E402

SIZES = (24, 40, 96, 200)


@pytest.fixture
def art():
    pygame.init()
    from vast_desktop.render import text

    text.reset_caches()          # another test may have quit pygame since fonts were cached
    pygame.display.set_mode((10, 10))
    yield TileArt()


def _rgba(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _assert_art(surf: pygame.Surface, size: tuple[int, int]) -> None:
    assert isinstance(surf, pygame.Surface)
    assert surf.get_size() == size
    assert surf.get_flags() & pygame.SRCALPHA, "art must have per-pixel alpha"
    assert surf.get_bounding_rect().width > 0, "art must not be blank"


def _mean(surf: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    total = [0, 0, 0]
    n = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            c = surf.get_at((x, y))
            total[0] += c.r
            total[1] += c.g
            total[2] += c.b
            n += 1
    return (total[0] / n, total[1] / n, total[2] / n)


def _dist(a, b) -> float:
    return sum((float(x) - float(y)) ** 2 for x, y in zip(a[:3], b[:3], strict=True)) ** 0.5


# ------------------------------------------------------------------ sizes, alpha, caching
@pytest.mark.parametrize("size", SIZES)
def test_every_function_returns_an_alpha_surface_of_the_requested_size(art, size):
    for t in TILE_TYPES:
        _assert_art(art.lit_tile(t, (True, False, True, False), size), (size, size))
        _assert_art(art.emblem(t, size), (size, size))
    for tribe in (*TRIBES, None):
        _assert_art(art.dark_tile(tribe, size), (size, size))
        _assert_art(art.dark_tile(tribe, size, known_type="crystal"), (size, size))
    for tribe in TRIBES:
        _assert_art(art.tribe_symbol(tribe, size), (size, size))
    for k in TOKEN_KINDS:
        _assert_art(art.token(k, size), (size, size))
    for p in PIECE_IDS:
        _assert_art(art.piece(p, size), (size, size))
    thick = max(4, size // 4)
    for k in EDGE_KINDS:
        _assert_art(art.edge_mark(k, size, thick), (size, thick))
        _assert_art(art.edge_mark(k, size, thick, vertical=True), (thick, size))
    for face in range(1, 7):
        _assert_art(art.die_face(load_rules_data().dragon_die, face, size), (size, size))
    _assert_art(art.highlight(size), (size, size))
    _assert_art(art.highlight(size, theme.HIGHLIGHT_ALT, 200), (size, size))
    _assert_art(art.open_space_hint(size), (size, size))


def test_caching_returns_the_same_object_for_the_same_arguments(art):
    calls = [
        lambda: art.lit_tile("vault", (True, True, False, False), 64),
        lambda: art.dark_tile("eye", 64),
        lambda: art.dark_tile("eye", 64, known_type="ambush"),
        lambda: art.token("ogre", 32),
        lambda: art.piece("tribe:bones", 48),
        lambda: art.edge_mark("bomb", 64, 16),
        lambda: art.edge_mark("bomb", 64, 16, vertical=True),
        lambda: art.die_face(load_rules_data().dragon_die, 4, 48),
        lambda: art.highlight(64),
        lambda: art.open_space_hint(64),
    ]
    for call in calls:
        assert call() is call()
    # walls given as a list hit the same entry as the tuple
    assert art.lit_tile("vault", [True, True, False, False], 64) is art.lit_tile("vault", (True, True, False, False), 64)
    # different arguments are different entries
    assert art.lit_tile("vault", (True, True, False, False), 64) is not art.lit_tile("vault", (True, False, False, False), 64)
    assert art.highlight(64) is not art.highlight(64, theme.HIGHLIGHT_ALT)
    assert art.highlight(64) is not art.highlight(64, alpha=200)
    assert art.dark_tile("eye", 64) is not art.dark_tile("eye", 64, known_type="ambush")


def test_clear_empties_the_caches_or_keeps_chosen_sizes(art):
    a64 = art.lit_tile("event", (False,) * 4, 64)
    a32 = art.lit_tile("event", (False,) * 4, 32)
    art.token("troll", 32)
    art.clear(keep_sizes={64})
    assert art.lit_tile("event", (False,) * 4, 64) is a64
    assert art.lit_tile("event", (False,) * 4, 32) is not a32
    art.clear()
    assert len(art) == 0
    assert art.lit_tile("event", (False,) * 4, 64) is not a64


def test_the_art_is_deterministic_across_instances(art):
    other = TileArt()
    assert _rgba(art.lit_tile("crystal", (True, False, True, False), 72)) == \
        _rgba(other.lit_tile("crystal", (True, False, True, False), 72))
    assert _rgba(art.dark_tile("fangs", 72, "vault")) == _rgba(other.dark_tile("fangs", 72, "vault"))
    assert _rgba(art.edge_mark("rockslide", 72, 20)) == _rgba(other.edge_mark("rockslide", 72, 20))


def test_unknown_ids_are_refused(art):
    with pytest.raises(KeyError):
        art.lit_tile("dungeon", (False,) * 4, 40)
    with pytest.raises(KeyError):
        art.dark_tile("teeth", 40)
    with pytest.raises(KeyError):
        art.token("gold", 40)
    with pytest.raises(KeyError):
        art.piece("goblins", 40)
    with pytest.raises(KeyError):
        art.edge_mark("wall", 40, 10)
    with pytest.raises(ValueError):
        art.die_face(load_rules_data().dragon_die, 7, 40)
    with pytest.raises(ValueError):
        art.lit_tile("vault", (True, False), 40)


# ------------------------------------------------------------------ walls
def _strip(side: int, size: int, depth: int, inset: int) -> pygame.Rect:
    """A strip ``depth`` px deep along the middle of one side (N, E, S, W), ``inset`` px from the edge."""
    lo, hi = int(size * 0.55), int(size * 0.85)      # away from the emblem in the upper-left
    if side == 0:
        return pygame.Rect(lo, inset, hi - lo, depth)
    if side == 1:
        return pygame.Rect(size - inset - depth, lo, depth, hi - lo)
    if side == 2:
        return pygame.Rect(lo, size - inset - depth, hi - lo, depth)
    return pygame.Rect(inset, lo, depth, hi - lo)


@pytest.mark.parametrize("size", (40, 96, 160))
@pytest.mark.parametrize("side", range(4))
def test_a_wall_band_lies_along_its_side_and_the_opposite_open_side_shows_floor(art, size, side):
    walls = tuple(d == side for d in range(4))
    tile = art.lit_tile("event", walls, size)
    depth = max(2, int(size * WALL_DEPTH * 0.55))
    wall = _mean(tile, _strip(side, size, depth, 2))
    floor = _mean(tile, _strip((side + 2) % 4, size, depth, 2))
    assert _dist(wall, theme.WALL) < 30, f"wall side looks {wall}, not like the wall colour {theme.WALL}"
    assert _dist(floor, theme.LIT_FLOOR) < _dist(floor, theme.WALL)
    assert _dist(floor, theme.LIT_FLOOR) < 50, f"open side looks {floor}, not like the floor {theme.LIT_FLOOR}"


def test_an_open_tile_has_floor_on_every_side(art):
    tile = art.lit_tile("treasure", (False,) * 4, 96)
    for side in range(4):
        floor = _mean(tile, _strip(side, 96, 8, 2))
        assert _dist(floor, theme.LIT_FLOOR) < _dist(floor, theme.WALL)


# ------------------------------------------------------------------ distinctness
@pytest.mark.parametrize("size", (40, 96))
def test_the_six_tile_types_look_different(art, size):
    for walls in ((False,) * 4, (True, True, False, False)):
        images = {t: _rgba(art.lit_tile(t, walls, size)) for t in TILE_TYPES}
        for a, b in itertools.combinations(TILE_TYPES, 2):
            assert images[a] != images[b], f"{a} and {b} tiles look the same"
    emblems = {t: _rgba(art.emblem(t, size)) for t in TILE_TYPES}
    for a, b in itertools.combinations(TILE_TYPES, 2):
        # by shape, not colour alone: the emblems' opaque silhouettes differ
        ma = pygame.mask.from_surface(art.emblem(a, size), 128)
        mb = pygame.mask.from_surface(art.emblem(b, size), 128)
        assert emblems[a] != emblems[b]
        assert ma.overlap_area(mb, (0, 0)) < max(ma.count(), mb.count()), f"{a}/{b} emblems share a silhouette"


@pytest.mark.parametrize("size", (40, 96))
def test_the_three_tribes_look_different_and_badges_show(art, size):
    images = {t: _rgba(art.dark_tile(t, size)) for t in TRIBES}
    for a, b in itertools.combinations(TRIBES, 2):
        assert images[a] != images[b], f"{a} and {b} look the same"
    badged = {t: _rgba(art.dark_tile("bones", size, known_type=t)) for t in TILE_TYPES}
    assert len(set(badged.values())) == len(TILE_TYPES)
    assert _rgba(art.dark_tile("bones", size)) not in badged.values()


def test_dark_tiles_are_deep_blue(art):
    tile = art.dark_tile(None, 64)
    r, g, b = _mean(tile, pygame.Rect(8, 8, 48, 48))
    assert b > r + 20 and b > g + 10


@pytest.mark.parametrize("size", (24, 64))
def test_tokens_pieces_and_edge_marks_are_pairwise_different_by_shape(art, size):
    for kinds, get in ((TOKEN_KINDS, art.token), (PIECE_IDS, art.piece)):
        masks = {k: pygame.mask.from_surface(get(k, size), 128) for k in kinds}
        for a, b in itertools.combinations(kinds, 2):
            assert _rgba(get(a, size)) != _rgba(get(b, size))
            if not (a.startswith("tribe:") and b.startswith("tribe:")):
                diff = masks[a].count() + masks[b].count() - 2 * masks[a].overlap_area(masks[b], (0, 0))
                assert diff > size * size * 0.02, f"{a} and {b} have nearly the same silhouette"
    assert _rgba(art.edge_mark("rockslide", 64, 16)) != _rgba(art.edge_mark("bomb", 64, 16))


def test_pieces_have_a_dark_outline(art):
    for pid in PIECE_IDS:
        surf = art.piece(pid, 96)
        opaque = pygame.mask.from_surface(surf, 200)
        outline = opaque.outline()
        dark = sum(1 for p in outline if sum(surf.get_at(p)[:3]) < 3 * 80)
        assert dark > 0.8 * len(outline), f"{pid} is not outlined"


def test_vertical_edge_mark_is_the_horizontal_one_turned(art):
    h = art.edge_mark("bomb", 80, 20)
    v = art.edge_mark("bomb", 80, 20, vertical=True)
    assert v.get_size() == (20, 80)
    assert _rgba(pygame.transform.rotate(h, 90)) == _rgba(v)


# ------------------------------------------------------------------ die
def test_die_faces_differ_and_show_the_rules_marks(art):
    size = 90
    faces = load_rules_data().dragon_die
    images = [_rgba(art.die_face(load_rules_data().dragon_die, f, size)) for f in range(1, 7)]
    assert len(set(images)) == 6
    for f in range(1, 7):
        surf = art.die_face(load_rules_data().dragon_die, f, size)
        for dx, dy in itertools.product((-1, 0, 1), repeat=2):
            # the centre of the cell for (dx, dy); y grows downward
            x = round(size / 2 + dx * size * 0.265)
            y = round(size / 2 + dy * size * 0.265)
            c = surf.get_at((x + 3, y + 3))        # off the centre ring of the roller's cell
            white = min(c.r, c.g, c.b) > 200
            assert white == ((dx, dy) in faces[f - 1]), f"face {f} cell {(dx, dy)}"


# ------------------------------------------------------------------ hints
def test_highlight_is_a_frame_with_a_clear_middle(art):
    surf = art.highlight(80)
    assert surf.get_at((40, 40)).a == 0
    assert surf.get_at((40, 2)).a > 60
    hint = art.open_space_hint(80)
    assert hint.get_at((40, 40)).a < 60           # faint
    assert max(hint.get_at((x, 7)).a for x in range(80)) > hint.get_at((40, 40)).a
