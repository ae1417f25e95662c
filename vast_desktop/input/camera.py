"""The camera follows the action (issue 27 item 6) unless the player has taken it.

After each change of the game the table hands in the spaces that matter now — where pieces just
moved or tiles were placed, else the targets of the decision to make — and, when one of them lies
off the map's window, the camera glides there (:meth:`CameraFollow.advance`, on the frame clock)
until they all show, zooming out only when they cannot all fit.  Once the player pans or zooms by
hand the camera stops following, until the next turn begins or the player asks to re-centre
(the Home key or the map's "Re-centre" button).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..engine.geometry import Pos
from ..render.map_view import MIN_TILE, Camera

GLIDE_PER_S = 7.0       # how fast the camera closes the gap to its goal (fraction per second at pace 1)
ARRIVED = 0.02          # tiles: close enough, the glide ends
MARGIN = 0.35           # tiles of room kept round the spaces brought into view


class CameraFollow:
    """Whether the camera follows, and where it is gliding to."""

    def __init__(self) -> None:
        self.following = True
        self.goal: tuple[tuple[float, float], float] | None = None   # (centre, tile size) being glided to

    def manual(self) -> None:
        """The player panned or zoomed by hand: stop following (and stop any glide)."""
        self.following = False
        self.goal = None

    def new_turn(self) -> None:
        """A new turn began: follow again."""
        self.following = True

    def recentre(self, camera: Camera, spaces: Iterable[Pos], speed: float) -> None:
        """The player asked to re-centre: follow again and bring ``spaces`` into view now (glide)."""
        self.following = True
        self.goal = None
        self.look_at(camera, spaces, speed, always=True)

    def look_at(self, camera: Camera, spaces: Iterable[Pos], speed: float, always: bool = False) -> None:
        """Glide to show ``spaces`` when following and one of them is off the map's window
        (``always``: also when they show); at animation pace ``speed`` 0 the camera is there at once."""
        ps = list(spaces)
        if not self.following or not ps:
            return
        if not always and all(_shown(camera, p) for p in ps):
            return
        self.goal = _framing(camera, ps)
        if speed <= 0:
            self.advance(camera, 0.0, speed)

    def advance(self, camera: Camera, dt: float, speed: float) -> bool:
        """Move the camera along its glide by ``dt`` seconds at animation pace ``speed`` (0: at once).
        True while gliding."""
        if self.goal is None:
            return False
        (gx, gy), gtile = self.goal
        k = 1.0 if speed <= 0 else min(1.0, dt * GLIDE_PER_S * speed)
        cx, cy = camera.centre
        camera.centre = (cx + (gx - cx) * k, cy + (gy - cy) * k)
        camera.tile = camera.tile + (gtile - camera.tile) * k
        if abs(camera.centre[0] - gx) < ARRIVED and abs(camera.centre[1] - gy) < ARRIVED \
                and abs(camera.tile - gtile) < 0.5:
            camera.centre, camera.tile = (gx, gy), gtile
            self.goal = None
        return self.goal is not None


def _shown(camera: Camera, p: Pos) -> bool:
    """Is space ``p`` wholly inside the map's window?"""
    return camera.rect.contains(camera.tile_rect(p))


def _framing(camera: Camera, ps: list[Pos]) -> tuple[tuple[float, float], float]:
    """The nearest camera (centre, tile size) that shows all of ``ps``: the smallest pan that brings
    their box in at the present zoom, or their box centred and zoomed out when it cannot fit."""
    x0 = min(p[0] for p in ps) - MARGIN
    y0 = min(p[1] for p in ps) - MARGIN
    x1 = max(p[0] for p in ps) + 1 + MARGIN
    y1 = max(p[1] for p in ps) + 1 + MARGIN
    tile = camera.tile
    fit = min(camera.rect.w / (x1 - x0), camera.rect.h / (y1 - y0))
    if fit < tile:                                     # the box does not fit: zoom out (never in)
        tile = max(MIN_TILE, fit)
    half_w, half_h = camera.rect.w / 2 / tile, camera.rect.h / 2 / tile
    cx, cy = camera.centre
    return (_nearest(cx, x0, x1, half_w), _nearest(cy, y0, y1, half_h)), tile


def _nearest(c: float, lo: float, hi: float, half: float) -> float:
    """The centre nearest ``c`` whose window [c - half, c + half] holds [lo, hi] (centred if it cannot)."""
    if hi - lo >= 2 * half:
        return (lo + hi) / 2
    return min(max(c, hi - half), lo + half)
