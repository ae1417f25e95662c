"""The map on the table: camera (pan, zoom, fit), drawing a PlayerView's tiles,
edges, tokens and pieces, highlighting option targets, and hit-testing clicks.

It reads only the PlayerView (never the game state), so a secret cannot be drawn.

Smooth zoom (issue 27 item 9): drawing the art of every tile again at each new size made
zooming stutter, so while the tile size keeps changing the art missing at the new size is
scaled from the nearest cached size (:meth:`TileArt.sharp_budget` with no sharp draws).  Once
the size has stayed put for ``SETTLE_S`` seconds of the frame clock the screen hands in
(:meth:`MapView.advance`), the sharp art is drawn at the exact size, ``SHARP_PER_FRAME``
surfaces a frame so that no single frame pays for the whole map; then the stand-ins are dropped.
Should one frame's art not fit the cache's budget (sharp art evicted as fast as it is drawn), the
rest is drawn at once instead, so the map always settles."""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from ..engine.geometry import Pos
from ..engine.view import PlayerView, TerrainView, TileView
from .marks import draw_target_pattern
from .text import draw_text
from .theme import HIGHLIGHT, HIGHLIGHT_ALT, TEXT, font
from .tile_art import PLAIN, FrameArt, TileArt

MIN_TILE, MAX_TILE = 28, 200
GHOST_ALPHA = 160          # a Terrain tile not placed yet, shown where it would go: see-through
MAP_BG = (10, 9, 14)
SETTLE_S = 0.2             # the tile size unchanged this long (frame clock): draw sharp art again
SHARP_PER_FRAME = 4        # sharp surfaces drawn per frame while the art catches up with a new zoom


@dataclass
class Camera:
    """World space: one tile = 1 unit, tile (x, y) covers [x, x+1) × [y, y+1)."""

    rect: pygame.Rect
    tile: float = 96.0                      # pixels per tile
    centre: tuple[float, float] = (0.5, 0.5)

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (self.rect.centerx + (wx - self.centre[0]) * self.tile,
                self.rect.centery + (wy - self.centre[1]) * self.tile)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.rect.centerx) / self.tile + self.centre[0],
                (sy - self.rect.centery) / self.tile + self.centre[1])

    def tile_rect(self, p: Pos) -> pygame.Rect:
        x, y = self.to_screen(p[0], p[1])
        size = int(round(self.tile))
        return pygame.Rect(int(round(x)), int(round(y)), size, size)

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.centre = (self.centre[0] - dx_px / self.tile, self.centre[1] - dy_px / self.tile)

    def zoom_at(self, factor: float, at: tuple[int, int]) -> None:
        before = self.to_world(*at)
        self.tile = max(MIN_TILE, min(MAX_TILE, self.tile * factor))
        after = self.to_world(*at)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])

    def fit(self, positions: list[Pos], margin: float = 1.2) -> None:
        if not positions:
            return
        xs = [p[0] for p in positions]
        ys = [p[1] for p in positions]
        w = max(xs) - min(xs) + 1 + 2 * margin
        h = max(ys) - min(ys) + 1 + 2 * margin
        self.tile = max(MIN_TILE, min(MAX_TILE, min(self.rect.w / w, self.rect.h / h)))
        self.centre = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)


@dataclass
class MapOverlay:
    """What the table wants drawn on top of the view."""

    highlight_spaces: set[Pos] = field(default_factory=set)
    highlight_edges: set[tuple[Pos, Pos]] = field(default_factory=set)
    highlight_pieces: set[str] = field(default_factory=set)
    hover: Pos | None = None
    preview: tuple[Pos, tuple[bool, bool, bool, bool], str] | None = None   # (pos, walls, type) orientation preview
    piece_offsets: dict[str, tuple[float, float]] = field(default_factory=dict)  # animation (world units)
    die: tuple[Pos, int, float] | None = None          # (centre, face, 0..1 fade)
    path: list[Pos] = field(default_factory=list)
    highlight_entrance: bool = False                   # the Entrance piece must move (move_entrance)
    patterned: bool = False                            # colour-blind safe: striped targets, a thicker hover (marks.py)
    # a Terrain tile about to be placed: its spaces, ghosted in the Terrain art, and a note under it ("1 of 3")
    footprint: tuple[tuple[Pos, TerrainView], ...] = ()
    footprint_note: str = ""


class MapView:
    def __init__(self, art: TileArt, rect: pygame.Rect) -> None:
        self.art = art
        self.camera = Camera(rect)
        self.fitted = False
        self.entrance_rect: pygame.Rect | None = None   # where the Entrance piece was last drawn (for its tooltip)
        self.footprint_drawn: list[Pos] = []            # the spaces of the Terrain footprint preview last drawn
        self._ghosts: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}   # key: (its art, ghost)
        self._since_zoom = 0.0                          # frame-clock seconds since the tile size last changed
        self._last_tile: float | None = None            # the camera's tile size at the last draw
        self._sharp_size: int | None = None             # the size whose art is all sharp (None: no draw yet)
        self.last_frame = FrameArt()                    # what the last draw asked of the art
        self._catching_up = True                        # sharp art a few surfaces a frame (False: all at once)
        self._refine_scaled: int | None = None          # stand-ins drawn by the last catching-up frame

    def advance(self, dt: float) -> None:
        """The frame clock moved on ``dt`` seconds (the screen's update): settles a zoom."""
        self._since_zoom += dt

    @property
    def settled(self) -> bool:
        """True once the art at the current tile size is all sharp (no scaled stand-ins drawn)."""
        return self._sharp_size == int(round(self.camera.tile))

    def _sharp_budget(self, size: int) -> int | None:
        """How many surfaces this frame may draw sharp: none while the zoom moves, a few a frame once
        it has settled, any number when the art at this size is already sharp or nothing is drawn yet."""
        if self._last_tile != self.camera.tile:
            self._last_tile = self.camera.tile
            self._since_zoom = 0.0
            self._catching_up, self._refine_scaled = True, None
        if self._sharp_size is None or size == self._sharp_size:
            return None
        if self._since_zoom < SETTLE_S:
            return 0
        return SHARP_PER_FRAME if self._catching_up else None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.camera.rect = rect

    # ---------------------------------------------------------------- hit tests
    def space_at(self, pos: tuple[int, int]) -> Pos | None:
        if not self.camera.rect.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(*pos)
        return (int(wx // 1), int(wy // 1))

    def edge_at(self, pos: tuple[int, int], tolerance: float = 0.18) -> tuple[Pos, Pos] | None:
        """The edge under the mouse when it is near a tile border."""
        if not self.camera.rect.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(*pos)
        fx, fy = wx - (wx // 1), wy - (wy // 1)
        x, y = int(wx // 1), int(wy // 1)
        cands = []
        if fx < tolerance:
            cands.append((fx, ((x - 1, y), (x, y))))
        if fx > 1 - tolerance:
            cands.append((1 - fx, ((x, y), (x + 1, y))))
        if fy < tolerance:
            cands.append((fy, ((x, y - 1), (x, y))))
        if fy > 1 - tolerance:
            cands.append((1 - fy, ((x, y), (x, y + 1))))
        if not cands:
            return None
        return min(cands)[1]

    def screen_centre(self, p: Pos) -> tuple[int, int]:
        return self.camera.tile_rect(p).center

    def edge_centre(self, a: Pos, b: Pos) -> tuple[int, int]:
        ra, rb = self.camera.tile_rect(a), self.camera.tile_rect(b)
        return ((ra.centerx + rb.centerx) // 2, (ra.centery + rb.centery) // 2)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, view: PlayerView, overlay: MapOverlay) -> None:
        cam = self.camera
        if not self.fitted and view.tiles:
            cam.fit([t.pos for t in view.tiles])
            self.fitted = True
        size = int(round(cam.tile))
        budget = self._sharp_budget(size)
        with self.art.sharp_budget(budget) as frame:
            self._draw_map(surface, view, overlay, size)
        self.last_frame = frame
        if budget is not None and budget > 0:
            # catching up: if no fewer stand-ins were drawn than the frame before, the art of one
            # frame does not fit the cache (sharp art evicted as fast as it is drawn): all at once next
            if self._refine_scaled is not None and frame.scaled >= self._refine_scaled:
                self._catching_up = False
            self._refine_scaled = frame.scaled
        if frame.scaled == 0 and self._sharp_size != size:
            self._sharp_size = size
            self.art.drop_scaled()

    def _draw_map(self, surface: pygame.Surface, view: PlayerView, overlay: MapOverlay, size: int) -> None:
        cam = self.camera
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        pygame.draw.rect(surface, MAP_BG, cam.rect)
        for t in view.tiles:
            r = cam.tile_rect(t.pos)
            if not r.colliderect(cam.rect):
                continue
            surface.blit(self._tile_surface(t, size, overlay, view), r)
            if t.tokens:
                self._draw_tokens(surface, r, t)
        self.entrance_rect = None
        if view.entrance_piece is not None:
            self._draw_entrance(surface, view.entrance_piece, size, overlay.highlight_entrance)
        for a, b in view.rockslides:
            self._edge_mark(surface, "rockslide", a, b, size)
        for a, b in view.bombs:
            self._edge_mark(surface, "bomb", a, b, size)
        for p in overlay.highlight_spaces:
            r = cam.tile_rect(p)
            if r.colliderect(cam.rect):
                present = any(t.pos == p for t in view.tiles)
                surface.blit(self.art.highlight(size) if present else self.art.open_space_hint(size), r)
                if overlay.patterned:
                    draw_target_pattern(surface, r, HIGHLIGHT)
        for a, b in overlay.highlight_edges:
            c = self.edge_centre(a, b)
            horizontal = a[1] != b[1]
            half = size // 3
            if horizontal:
                pygame.draw.line(surface, HIGHLIGHT, (c[0] - half, c[1]), (c[0] + half, c[1]), max(3, size // 12))
            else:
                pygame.draw.line(surface, HIGHLIGHT, (c[0], c[1] - half), (c[0], c[1] + half), max(3, size // 12))
        self._draw_footprint(surface, overlay, size)
        if overlay.hover is not None and not overlay.footprint:
            pygame.draw.rect(surface, HIGHLIGHT_ALT, cam.tile_rect(overlay.hover),
                             max(2, size // (12 if overlay.patterned else 30)), border_radius=4)
        for i, p in enumerate(overlay.path):
            draw_text(surface, str(i + 1), cam.tile_rect(p).center, max(14, size // 4), HIGHLIGHT_ALT, bold=True,
                      anchor="center")
        self._draw_pieces(surface, view, overlay, size)
        if overlay.die is not None:
            self._draw_die(surface, overlay.die, size, view.rules.dragon_die)
        surface.set_clip(clip)

    def _tile_surface(self, t: TileView, size: int, overlay: MapOverlay, view: PlayerView | None = None) -> pygame.Surface:
        # VAR-05: away from the Entrance piece the Entrance tile is a normal Cave tile (no Entrance emblem)
        plain = view is not None and view.entrance_piece is not None and view.entrance_piece != t.pos
        if overlay.preview is not None and overlay.preview[0] == t.pos:
            _, walls, pkind = overlay.preview
            return self.art.lit_tile(PLAIN if plain and pkind == "entrance" else pkind, walls, size)
        if t.terrain is not None:                  # Terrain: neither Lit nor Dark (TR-13)
            tv = t.terrain
            return self.art.terrain_tile(tv.type, tv.kind, size, tv.rot, tv.current)
        kind = PLAIN if plain and t.type == "entrance" else t.type
        if t.lit and t.walls is not None and kind is not None:
            return self.art.lit_tile(kind, t.walls, size)
        return self.art.dark_tile(t.tribe, size, None if kind == PLAIN else kind)

    def _ghost(self, tv: TerrainView, size: int) -> pygame.Surface:
        """A Terrain space's art, see-through: a tile not placed yet."""
        key = (tv.type, tv.kind, size, tv.rot % 2, tv.current)
        art = self.art.terrain_tile(tv.type, tv.kind, size, tv.rot, tv.current)
        made = self._ghosts.get(key)
        if made is None or made[0] is not art:     # new, or the art was a zoom's scaled stand-in
            if len(self._ghosts) > 64:
                self._ghosts.clear()
            g = art.copy()
            g.set_alpha(GHOST_ALPHA)
            made = self._ghosts[key] = (art, g)
        return made[1]

    def _draw_footprint(self, surface: pygame.Surface, overlay: MapOverlay, size: int) -> None:
        """The Terrain tile the pointer would place: each of its spaces ghosted in the Terrain art,
        the tile's outline (its outer edges only) in the hover colour, and a note under it."""
        self.footprint_drawn = [p for p, _ in overlay.footprint]
        if not overlay.footprint:
            return
        cells = set(self.footprint_drawn)
        width = max(2, size // 24)
        for p, tv in overlay.footprint:
            r = self.camera.tile_rect(p)
            surface.blit(self._ghost(tv, size), r)
            x0, y0, x1, y1 = r.x, r.y, r.right - 1, r.bottom - 1
            sides = {(0, -1): ((x0, y0), (x1, y0)), (1, 0): ((x1, y0), (x1, y1)),
                     (0, 1): ((x0, y1), (x1, y1)), (-1, 0): ((x0, y0), (x0, y1))}
            for (dx, dy), (a, b) in sides.items():
                if (p[0] + dx, p[1] + dy) not in cells:
                    pygame.draw.line(surface, HIGHLIGHT_ALT, a, b, width)
        if overlay.footprint_note:               # under the tile, or over it at the bottom of the map
            rects = [self.camera.tile_rect(p) for p in cells]
            tsize = max(14, min(20, size // 5))
            tw, th = font(tsize).size(overlay.footprint_note)
            back = pygame.Surface((tw + 10, th + 4), pygame.SRCALPHA)
            back.fill((16, 12, 14, 200))
            box = back.get_rect(midtop=((min(r.centerx for r in rects) + max(r.centerx for r in rects)) // 2,
                                        max(r.bottom for r in rects) + 3))
            if box.bottom > self.camera.rect.bottom:
                box.bottom = min(r.y for r in rects) - 3
            surface.blit(back, box)
            draw_text(surface, overlay.footprint_note, box.center, tsize, HIGHLIGHT_ALT, anchor="center")

    def _draw_entrance(self, surface: pygame.Surface, p: Pos, size: int, highlight: bool) -> None:
        """The Entrance piece (Moving Entrance, VAR-04): a stone gateway standing at the bottom middle
        of its tile, between the token corners and below the pieces (which are drawn over it)."""
        r = self.camera.tile_rect(p)
        esize = max(16, int(size * 0.4))
        img = self.art.entrance_piece(esize)
        rect = img.get_rect(midbottom=(r.centerx, r.bottom - max(1, size // 40)))
        surface.blit(img, rect)
        if highlight:
            pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=6)
        self.entrance_rect = rect

    def _draw_tokens(self, surface: pygame.Surface, r: pygame.Rect, t: TileView) -> None:
        tok = max(10, r.w // 4)
        slots = [(r.x + r.w * 0.08, r.y + r.h * 0.62), (r.x + r.w * 0.66, r.y + r.h * 0.62),
                 (r.x + r.w * 0.66, r.y + r.h * 0.08), (r.x + r.w * 0.08, r.y + r.h * 0.08)]
        i = 0
        for kind, n in sorted(t.tokens.items()):
            for _ in range(n):
                if i >= len(slots):
                    break
                surface.blit(self.art.token(kind, tok), (int(slots[i][0]), int(slots[i][1])))
                i += 1

    def _edge_mark(self, surface: pygame.Surface, kind: str, a: Pos, b: Pos, size: int) -> None:
        c = self.edge_centre(a, b)
        vertical = a[1] == b[1]    # neighbours left/right share a vertical edge
        mark = self.art.edge_mark(kind, int(size * 0.7), max(6, size // 7), vertical=vertical)
        surface.blit(mark, mark.get_rect(center=c))

    def _draw_pieces(self, surface: pygame.Surface, view: PlayerView, overlay: MapOverlay, size: int) -> None:
        psize = max(14, int(size * 0.42))
        by_space: dict[Pos, list[str]] = {}
        for piece, p in sorted(view.pieces.items()):
            by_space.setdefault(p, []).append(piece)
        for p, pieces in by_space.items():
            for i, piece in enumerate(pieces):
                off = overlay.piece_offsets.get(piece, (0.0, 0.0))
                wx = p[0] + 0.5 + off[0] + (i - (len(pieces) - 1) / 2) * 0.3
                wy = p[1] + 0.5 + off[1]
                sx, sy = self.camera.to_screen(wx, wy)
                img = self.art.piece(piece, psize)
                rect = img.get_rect(center=(int(sx), int(sy)))
                surface.blit(img, rect)
                if piece in overlay.highlight_pieces:
                    pygame.draw.circle(surface, HIGHLIGHT, rect.center, psize // 2 + 4, 3)
        # a lurking Tribe (GB-83) stands hidden on an open space: drawn faint, with a broken ring
        goblins = view.boards.goblins
        for tribe, q in sorted(goblins.lurking.items() if goblins is not None else ()):
            piece = f"tribe:{tribe}"
            if piece in view.pieces:
                continue
            sx, sy = self.camera.to_screen(q[0] + 0.5, q[1] + 0.5)
            img = self.art.piece(piece, psize).copy()
            img.set_alpha(150)
            rect = img.get_rect(center=(int(sx), int(sy)))
            surface.blit(img, rect)
            rad = psize // 2 + 5
            for k in range(12):
                if k % 2 == 0:
                    a0, a1 = k * math.pi / 6, (k + 1) * math.pi / 6
                    pygame.draw.arc(surface, HIGHLIGHT_ALT, pygame.Rect(0, 0, 2 * rad, 2 * rad).move(
                        rect.centerx - rad, rect.centery - rad), a0, a1, 2)

    def _draw_die(self, surface: pygame.Surface, die: tuple[Pos, int, float], size: int,
                  faces: Sequence[Iterable[tuple[int, int]]]) -> None:
        """The roll's spaces marked and the die drawn above it; ``faces``: the game's die (``rules.dragon_die``)."""
        centre, face, fade = die
        offsets = faces[face - 1]
        mark = pygame.Surface((size, size), pygame.SRCALPHA)
        k = max(0.0, min(1.0, fade))
        alpha = int(110 * k)
        hit = (214, 28, 46)                              # the Dragon's red: "this space is affected"
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                r = self.camera.tile_rect((centre[0] + dx, centre[1] + dy))
                if (dx, dy) in offsets:
                    mark.fill((*hit, alpha))
                    surface.blit(mark, r)
                    inner = r.inflate(-max(4, size // 10), -max(4, size // 10))
                    pygame.draw.rect(surface, (255, 120, 90), inner, max(2, size // 28), border_radius=max(2, size // 12))
                    c = max(4, size // 8)                # an X in the corner: affected, not by colour alone
                    pygame.draw.line(surface, (255, 230, 220), (r.x + 4, r.y + 4), (r.x + 4 + c, r.y + 4 + c), 2)
                    pygame.draw.line(surface, (255, 230, 220), (r.x + 4 + c, r.y + 4), (r.x + 4, r.y + 4 + c), 2)
                pygame.draw.rect(surface, (255, 255, 255), r, 1)
        die_img = self.art.die_face(faces, face, max(36, size // 2))
        r = self.camera.tile_rect(centre)
        surface.blit(die_img, die_img.get_rect(midbottom=(r.centerx, r.y - 4)))
        text, tsize = f"Dragon die: {face}", max(14, size // 6)
        tw, th = font(tsize).size(text)
        back = pygame.Surface((tw + 10, th + 4), pygame.SRCALPHA)
        back.fill((16, 12, 14, 170))
        surface.blit(back, back.get_rect(midtop=(r.centerx, r.bottom + 2)))
        draw_text(surface, text, (r.centerx, r.bottom + 4), tsize, TEXT, anchor="midtop")
