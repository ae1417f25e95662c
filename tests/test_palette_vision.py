"""The colour-blind safe palette (issue 27 item 8): every pair of colours a player must tell apart
stays at least MIN_DISTANCE (CIEDE2000) apart under normal vision and simulated deuteranopia and
protanopia (Machado et al. 2009), while the normal palette's role colours do not — the reason the
option exists.  The simulation and the distance are checked against published values first."""
from __future__ import annotations

import pytest

from vast_desktop.render import theme
from vast_desktop.render.colour_vision import Vision, delta_e2000, seen_distance, simulate, to_lab
from vast_desktop.render.palette import (
    COLOUR_BLIND,
    MIN_DISTANCE,
    NORMAL,
    PaletteKind,
    apply_palette,
    current_kind,
    must_tell_apart,
)

SEEN = (Vision.NORMAL, Vision.DEUTERANOPIA, Vision.PROTANOPIA)


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    # Sharma, Wu and Dalal (2005), the CIEDE2000 test data: pairs 1, 7 and 17
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
])
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected) -> None:
    assert delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_greys_and_merges_red_with_green() -> None:
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        for v in SEEN:
            assert max(abs(a - b) for a, b in zip(simulate(grey, v), grey, strict=True)) <= 2
    assert to_lab((255, 255, 255))[0] == pytest.approx(100, abs=0.01)
    red, green = (200, 40, 40), (60, 140, 40)     # far apart for normal vision, close without red or green cones
    assert seen_distance(red, green, Vision.NORMAL) > 40
    assert seen_distance(red, green, Vision.DEUTERANOPIA) < 20 and seen_distance(red, green, Vision.PROTANOPIA) < 20


def failing(palette) -> list[tuple[str, str, str, float]]:
    out = []
    for a, ca, b, cb in must_tell_apart(palette):
        for v in SEEN:
            d = seen_distance(ca, cb, v)
            if d < MIN_DISTANCE:
                out.append((a, b, v.value, round(d, 1)))
    return out


def test_every_pair_the_player_must_tell_apart_is_far_enough_in_the_colour_blind_palette() -> None:
    pairs = must_tell_apart(COLOUR_BLIND)
    # the seven roles two by two, less the Vile Ghoul with the Goblins or the Ghoul (never in one game);
    # the highlights; each on two grounds
    assert len(pairs) == 21 - 2 + 1 + 4
    assert not {frozenset(("vile_ghoul", "goblins")), frozenset(("vile_ghoul", "ghoul"))} & {
        frozenset((a, b)) for a, _, b, _ in pairs}
    assert failing(COLOUR_BLIND) == []


def test_the_normal_palettes_roles_run_together_without_red_or_green_cones() -> None:
    bad = failing(NORMAL)
    # all the normal palette's failures are pairs of roles, under colour-blind vision only
    assert bad and all(a in theme.ROLE_NAMES and b in theme.ROLE_NAMES and v != "normal" for a, b, v, _ in bad), bad
    assert ("knight", "dragon", "deuteranopia") in {(a, b, v) for a, b, v, _ in bad}
    assert ("knight", "goblins", "protanopia") in {(a, b, v) for a, b, v, _ in bad}


def test_shapes_and_letters_tell_the_roles_apart_too() -> None:
    assert len(set(theme.ROLE_LETTERS.values())) == len(theme.ROLE_LETTERS) == len(COLOUR_BLIND.roles)
    assert set(COLOUR_BLIND.roles) == set(NORMAL.roles) == set(theme.ROLE_NAMES)
    assert COLOUR_BLIND.patterned and not NORMAL.patterned
    # the focus ring's two bands: on every ground and beside every highlight one of them stands out
    grounds = [theme.LIT_FLOOR, theme.DARK_TILE, theme.PANEL, COLOUR_BLIND.target, COLOUR_BLIND.hover]
    for g in grounds:
        for v in SEEN:
            assert max(seen_distance(band, g, v) for band in COLOUR_BLIND.focus) >= MIN_DISTANCE


def test_applying_a_palette_switches_the_role_colours_in_place() -> None:
    colours = theme.ROLE_COLOURS
    try:
        assert apply_palette(COLOUR_BLIND)
        assert theme.ROLE_COLOURS is colours and current_kind() == PaletteKind.COLOUR_BLIND
        assert colours["goblins"] == COLOUR_BLIND.roles["goblins"]
        assert not apply_palette(COLOUR_BLIND)      # already so: nothing to redraw
    finally:
        apply_palette(NORMAL)
    assert current_kind() == PaletteKind.NORMAL and colours["goblins"] == NORMAL.roles["goblins"]
