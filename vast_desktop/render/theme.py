"""Colours, fonts and sizes shared by every screen (GUI_SPEC "Look").

Everything is drawn by the program; fonts are pygame's bundled default font."""
from __future__ import annotations

from functools import lru_cache

import pygame

ROLE_COLOURS = {
    "knight": (0xB4, 0x89, 0x45),
    "goblins": (0x33, 0x7A, 0x40),
    "dragon": (0xD6, 0x1C, 0x2E),
    "cave": (0x96, 0x1E, 0x62),
    "thief": (0xBE, 0xBE, 0xBF),
    "ghoul": (0x8F, 0xB0, 0x7A),      # as its rules reference part (the cheat sheet names it)
    "vile_ghoul": (0x6F, 0x8F, 0x5A),  # as its rules reference part (it never plays with the Goblins or the Ghoul)
}
ROLE_NAMES = {"knight": "Knight", "goblins": "Goblins", "dragon": "Dragon", "cave": "Cave", "thief": "Thief",
              "ghoul": "Ghoul", "vile_ghoul": "Vile Ghoul"}
ROLE_LETTERS = {"knight": "K", "goblins": "G", "dragon": "D", "cave": "C", "thief": "T", "ghoul": "H",
                "vile_ghoul": "V"}

BG = (18, 16, 22)
PANEL = (34, 30, 40)
PANEL_EDGE = (70, 62, 80)
TEXT = (232, 226, 214)
TEXT_DIM = (160, 152, 140)
HIGHLIGHT = (255, 214, 90)          # legal targets
HIGHLIGHT_ALT = (120, 220, 255)     # selected / hovered
DANGER = (230, 80, 70)
LIT_FLOOR = (176, 146, 104)
LIT_FLOOR_DARK = (130, 104, 72)
DARK_TILE = (28, 40, 78)
DARK_TILE_EDGE = (60, 80, 140)
WALL = (64, 54, 46)
OPEN_SPACE_HINT = (255, 214, 90, 60)
TRIBE_COLOURS = {"fangs": (210, 90, 70), "bones": (225, 220, 200), "eye": (120, 200, 120)}
TOKEN_COLOURS = {
    "gem_claw": (200, 60, 60),
    "gem_flame": (255, 130, 30),
    "gem_wing": (90, 200, 120),
    "flamewall": (230, 80, 20),
    "meat": (200, 40, 40),                     # the promo Meat!: a red Strength disc
    "treasure": (235, 190, 60),
    "crystal": (120, 220, 255),
    "event": (200, 120, 255),
    "vault": (150, 150, 160),
    "ogre": (120, 160, 80),
    "troll": (90, 120, 150),
    "rockslide": (120, 100, 80),
    "bomb": (40, 40, 40),
}
TYPE_COLOURS = {
    "entrance": (240, 220, 170),
    "ambush": (200, 70, 60),
    "event": (170, 100, 220),
    "treasure": (235, 190, 60),
    "crystal": (110, 210, 250),
    "vault": (150, 150, 165),
}

# Terrain tiles (Terrain variant): each type its own ground, neither Lit parchment nor Dark blue
TERRAIN_COLOURS = {
    "canyon": (92, 70, 56),          # the rocky rims of the chasm
    "lake": (46, 132, 128),          # still teal water
    "magma": (70, 24, 16),           # black-red crust (the glow is orange)
    "mushroom_forest": (52, 84, 44),  # moss
    "pits": (112, 100, 88),          # grey stone round a black hole
    "river": (44, 118, 178),         # running blue water between sandy banks
}
TERRAIN_TYPES = tuple(TERRAIN_COLOURS)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size`` pixels (cached)."""
    f = pygame.font.Font(None, max(8, int(size)))
    f.set_bold(bold)
    return f
