"""The two palettes (Settings → "Colour-blind safe"), what a player must tell apart in them, and
switching between them.

The normal palette's role colours (the Knight's tan, the Goblins' green, the Dragon's red, the
Cave's magenta) run together for a player without red or green cones: under a deuteranopia
simulation the Knight and the Dragon are 9 ΔE2000 apart, under protanopia the Goblins and the
Knight 11 (``tests/test_palette_vision.py`` lists them).  The colour-blind safe palette picks
role colours after Okabe and Ito's colour-universal set — yellow, bluish green, deep red,
violet, white, sky blue, and for the Vile Ghoul bluish green — that stay at least :data:`MIN_DISTANCE` apart under normal vision, deuteranopia
and protanopia.  Colour is never the only cue anyway: each role's piece has its own silhouette
and carries its initial letter (:data:`~vast_desktop.render.theme.ROLE_LETTERS`), and with the
option on the map marks legal targets with a striped corner pattern and the target under the
pointer or the keyboard focus with a thicker, double outline (:mod:`vast_desktop.render.marks`).

Switching updates ``theme.ROLE_COLOURS`` in place (every drawing reads it when it draws) and
drops the cached art drawn in the old colours."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from ..engine.roles.ghoul.vile.variant import check_roles
from . import theme
from .colour_vision import RGB

# The least CIEDE2000 distance two colours a player must tell apart keep under every simulated
# vision.  2.3 is a just noticeable difference side by side; a role's colour is read at a glance
# on small things (a strip box, a piece, a line of text) apart from the colour it must be told
# from, which needs a difference an order of magnitude larger.  20 is a little under the closest
# pair of the normal palette's role colours for normal vision (the Dragon's red and the Cave's
# magenta, 24.5), so a colour-blind player gets the separation everyone else already has.
MIN_DISTANCE = 20.0


class PaletteKind(Enum):
    NORMAL = "normal"
    COLOUR_BLIND = "colour_blind"


@dataclass(frozen=True)
class Palette:
    """The colours a palette gives the roles and the highlights, and whether highlights also carry
    shape cues (patterns, thicker outlines)."""

    kind: PaletteKind
    roles: Mapping[str, RGB]
    target: RGB            # a legal target's frame
    hover: RGB             # the target under the pointer, a selected hand tile
    focus: tuple[RGB, RGB]  # the keyboard focus ring: an outer and an inner band
    patterned: bool


NORMAL_ROLES: Mapping[str, RGB] = MappingProxyType(dict(theme.ROLE_COLOURS))
FOCUS_RING: tuple[RGB, RGB] = ((12, 10, 14), (250, 250, 250))    # black outside white: shows on every ground

NORMAL = Palette(PaletteKind.NORMAL, NORMAL_ROLES, theme.HIGHLIGHT, theme.HIGHLIGHT_ALT, FOCUS_RING, patterned=False)
COLOUR_BLIND = Palette(
    PaletteKind.COLOUR_BLIND,
    MappingProxyType({
        "knight": (240, 228, 66),      # yellow
        "goblins": (40, 170, 130),     # bluish green
        "dragon": (170, 40, 20),       # deep red (dark under protanopia: told apart by lightness)
        "cave": (150, 70, 200),        # violet
        "thief": (235, 235, 235),      # white
        "ghoul": (0, 192, 240),        # sky blue (a little deeper than Okabe and Ito's, to stay clear of the violet)
        "vile_ghoul": (0, 158, 115),   # Okabe and Ito's bluish green (never beside the Goblins' or the Ghoul's)
    }),
    theme.HIGHLIGHT, theme.HIGHLIGHT_ALT, FOCUS_RING, patterned=True)


def palette_for(colour_blind: bool) -> Palette:
    """The palette the setting asks for."""
    return COLOUR_BLIND if colour_blind else NORMAL


def must_tell_apart(p: Palette) -> list[tuple[str, RGB, str, RGB]]:
    """Every pair of colours a player must tell apart in ``p``: each two roles that can play in one
    game (the turn strip, the prompt, the pieces, the board tabs: the Vile Ghoul never plays with the
    Goblins or the Ghoul, VG-03, so it may look like them), and each kind of highlight from the others
    and from the Lit and Dark tiles it is drawn over."""
    out: list[tuple[str, RGB, str, RGB]] = []
    roles = list(p.roles.items())
    for i, (a, ca) in enumerate(roles):
        for b, cb in roles[i + 1:]:
            if check_roles((a, b)) is None:
                out.append((a, ca, b, cb))
    marks = [("legal target", p.target), ("hover", p.hover)]
    grounds = [("Lit tile", theme.LIT_FLOOR), ("Dark tile", theme.DARK_TILE)]
    out.append((*marks[0], *marks[1]))
    for m in marks:
        for g in grounds:
            out.append((*m, *g))
    return out


def current_kind() -> PaletteKind:
    """Which palette the role colours are in now."""
    return PaletteKind.COLOUR_BLIND if dict(theme.ROLE_COLOURS) == dict(COLOUR_BLIND.roles) else PaletteKind.NORMAL


def apply_palette(p: Palette, art: object | None = None) -> bool:
    """Put ``p``'s role colours in ``theme.ROLE_COLOURS`` and drop the art drawn in the old ones
    (``art``: the app's TileArt, and the boards' caches).  True when anything changed."""
    if dict(theme.ROLE_COLOURS) == dict(p.roles):
        return False
    theme.ROLE_COLOURS.update(p.roles)
    from .boards import clear_caches

    clear_caches()
    clear = getattr(art, "clear", None)
    if callable(clear):
        clear()
    return True
