"""What a computer player just did, shown on the map for a moment (issue 27 item 6).

A computer's move used to appear only as a line of the log.  Now each of its public events —
a piece moved, a tile placed or revealed, a Crystal smashed, an attack — puts a pulsing ring on
the space it happened at for ``PULSE_S`` seconds (divided by the animation pace, Settings
``animation_speed``), and the table lets the next computer move wait until the rings are done
so that each action can be followed.

Only public things are shown: the table hands in the places (:mod:`vast_desktop.screens.action_places`
reads them from the events' public data — the places their public log lines name — or from the
viewer's own PlayerView), never a hidden tile's type or a private line.  Time comes only from the
frame ``dt``.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

import pygame

from ..engine.geometry import Pos
from .map_view import Camera

PULSE_S = 0.8          # seconds a highlight lasts at animation pace 1
SLOWEST = 0.25         # the pace a highlight's time never goes below (at 0, "no animation", it shows still)
PULSES = 2             # how many times the ring swells during a highlight


class HighlightKind(Enum):
    """What happened at a highlighted space (each has its colour)."""

    MOVE = "move"
    PLACE = "place"
    ATTACK = "attack"
    SMASH = "smash"


COLOURS: dict[HighlightKind, tuple[int, int, int]] = {
    HighlightKind.MOVE: (120, 220, 255),
    HighlightKind.PLACE: (255, 214, 110),
    HighlightKind.ATTACK: (255, 80, 70),
    HighlightKind.SMASH: (200, 140, 255),
}

# the kind shown when several happen on one space, first first (the Knight steps onto a tile just placed: a move)
PRIORITY = (HighlightKind.ATTACK, HighlightKind.SMASH, HighlightKind.MOVE, HighlightKind.PLACE)

@dataclass
class Highlight:
    """A ring on space ``pos`` for ``duration`` seconds; ``age`` seconds shown so far."""

    pos: Pos
    kind: HighlightKind
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration


class Attention:
    """The highlights on the map now: added from new events, aged by the frame clock, drawn as rings."""

    def __init__(self) -> None:
        self.highlights: list[Highlight] = []

    def show(self, places: Iterable[tuple[Pos, HighlightKind]], speed: float) -> None:
        """Highlight ``places`` (what a computer's action did where) at animation pace ``speed``."""
        duration = PULSE_S / max(speed, SLOWEST)
        for p, kind in places:
            # one ring a space, restarted: of the kinds that happened there, the one that matters most
            old = next((h.kind for h in self.highlights if h.pos == p), kind)
            self.highlights = [h for h in self.highlights if h.pos != p]
            self.highlights.append(Highlight(p, min(old, kind, key=PRIORITY.index), duration))

    def advance(self, dt: float) -> None:
        for h in self.highlights:
            h.age += dt
        self.highlights = [h for h in self.highlights if not h.done]

    def clear(self) -> None:
        self.highlights = []

    @property
    def busy(self) -> bool:
        """True while a highlight is showing (the next computer move waits for it)."""
        return bool(self.highlights)

    def draw(self, surface: pygame.Surface, camera: Camera, pulsing: bool = True) -> None:
        """Each highlight as a ring round its space, swelling ``PULSES`` times and fading out
        (a still ring when ``pulsing`` is off: animations off)."""
        clip = surface.get_clip()
        surface.set_clip(camera.rect)
        size = camera.tile
        for h in self.highlights:
            r = camera.tile_rect(h.pos)
            if not r.colliderect(camera.rect):
                continue
            p = h.age / h.duration if h.duration > 0 else 1.0
            swell = 0.5 - 0.5 * math.cos(p * PULSES * 2 * math.pi) if pulsing else 0.0
            radius = int(size * (0.52 + 0.14 * swell))
            alpha = int(255 * (1 - p * p))
            width = max(3, int(size / 16))
            ring = pygame.Surface((2 * radius + 2 * width, 2 * radius + 2 * width), pygame.SRCALPHA)
            c = ring.get_width() // 2
            colour = COLOURS[h.kind]
            pygame.draw.circle(ring, (*colour, alpha // 4), (c, c), radius)
            pygame.draw.circle(ring, (*colour, alpha), (c, c), radius, width)
            surface.blit(ring, ring.get_rect(center=r.center))
        surface.set_clip(clip)
