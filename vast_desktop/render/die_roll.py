"""The Dragon die rolling on the table (issue 27 item 6): a short tumble, then the rolled face.

A roll is public (its log line names the centre and the face), so everyone at the table sees it
the same way.  The roll first tumbles for ``TUMBLE_S`` seconds — the die hops above the centre
tile, turning and showing faces in a fixed order — then lands on the rolled face, and the map
marks the spaces it hits while the face fades (``SHOW_S``).  Both are divided by the animation
pace (Settings ``animation_speed``; at 0 "no animation" the die lands at once and the face is
still shown, at the slowest pace's length).  Time comes only from the frame ``dt`` handed in.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from ..engine.geometry import Pos
from .map_view import Camera
from .text import draw_text
from .theme import TEXT, font
from .tile_art import TileArt

TUMBLE_S = 0.7      # seconds the die tumbles at pace 1
SHOW_S = 1.8        # seconds the landed face and the hit spaces stay at pace 1
SLOWEST = 0.25      # the pace the face's showing time never goes below (so "no animation" still shows it)
TUMBLE_FACES = 7    # faces shown in turn while tumbling


@dataclass
class DieRoll:
    """One roll of the Dragon die being shown: where, the rolled face, seconds shown so far."""

    centre: Pos
    face: int
    elapsed: float = 0.0
    tumble_s: float = TUMBLE_S
    show_s: float = SHOW_S

    @classmethod
    def start(cls, centre: Pos, face: int, speed: float) -> DieRoll:
        """A new roll at the animation pace ``speed`` (0: no tumble, the face at once)."""
        return cls(centre, face, 0.0, TUMBLE_S / speed if speed > 0 else 0.0, SHOW_S / max(speed, SLOWEST))

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def tumbling(self) -> bool:
        return self.elapsed < self.tumble_s

    @property
    def done(self) -> bool:
        return self.elapsed >= self.tumble_s + self.show_s

    @property
    def holds(self) -> bool:
        """True until the die has landed and its face has been seen a while (half its showing time):
        the next computer move waits for it."""
        return self.elapsed < self.tumble_s + self.show_s / 2

    @property
    def landed_for(self) -> float:
        """Seconds since the die landed (0 while it tumbles)."""
        return max(0.0, self.elapsed - self.tumble_s)

    @property
    def fade(self) -> float:
        """1 when the face has just landed, down to 0 when it goes."""
        return max(0.0, 1.0 - self.landed_for / self.show_s) if self.show_s > 0 else 0.0

    @property
    def shown_face(self) -> int:
        """The face on top now: faces in turn while tumbling (never the rolled one until it lands,
        so the landing is seen), then the rolled face."""
        if not self.tumbling:
            return self.face
        k = int(self.elapsed / max(self.tumble_s, 1e-6) * TUMBLE_FACES)
        shown = (self.face + 1 + k) % 6 + 1
        return shown if shown != self.face else shown % 6 + 1

    def draw_tumble(self, surface: pygame.Surface, camera: Camera, art: TileArt,
                    faces: Sequence[Iterable[tuple[int, int]]]) -> None:
        """The tumbling die: on the centre space, hopping and turning, smaller hops as it settles
        (``faces``: the game's die, ``rules.dragon_die`` from the view)."""
        if not self.tumbling:
            return
        size = int(round(camera.tile))
        p = self.elapsed / max(self.tumble_s, 1e-6)
        img = art.die_face(faces, self.shown_face, max(36, size // 2))
        img = pygame.transform.rotate(img, (1 - p) * 540)
        r = camera.tile_rect(self.centre)
        hop = abs(math.sin(p * math.pi * 3)) * (1 - p) * max(12, size * 0.35)
        surface.blit(img, img.get_rect(center=(r.centerx, int(r.centery - hop))))
        text, tsize = "The Dragon die rolls…", max(14, size // 6)
        tw, th = font(tsize).size(text)
        back = pygame.Surface((tw + 10, th + 4), pygame.SRCALPHA)
        back.fill((16, 12, 14, 170))
        surface.blit(back, back.get_rect(midtop=(r.centerx, r.bottom + 2)))
        draw_text(surface, text, (r.centerx, r.bottom + 4), tsize, TEXT, anchor="midtop")
