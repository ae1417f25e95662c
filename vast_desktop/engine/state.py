"""Plain, mutable game state.  Everything a view, a save or a rule needs lives here
(never only in generator locals).  Role states are added by later steps without
rewriting these (goblins, dragon and thief fields are optional).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from .geometry import Edge, Pos

# SET-03/04, GH-05: the Ghoul sixth; VG-03: the Vile Ghoul in the Goblins' seat (never with them)
ROLE_ORDER = ("knight", "goblins", "vile_ghoul", "dragon", "cave", "thief", "ghoul")
BASE_ROLES = ("knight", "goblins", "dragon", "cave", "thief")     # the five roles of the base game
TRACKS = ("movement", "perception", "strength")
EQUIPMENT = ("map", "bow", "bomb", "shield")


@dataclass(frozen=True)
class TerrainMark:
    """What one Terrain space holds (Terrain variant, TR-02/03): the Terrain tile it is
    part of, the space's kind (plain, impassable, the Canyon's bridge) and, on the
    River, the direction of the current after the tile's rotation (N=0 .. W=3)."""

    tile: str                      # terrain tile id ("canyon", "pits_2" ...)
    kind: str = "plain"            # plain | impassable | bridge
    current: int | None = None


@dataclass
class PlacedTile:
    """A tile on the map.  ``rot`` is only meaningful once ``lit``.

    A Terrain space is a PlacedTile too (``terrain`` set, ``tile_id`` the Terrain
    tile's id, never ``lit``): it is on the map (MAP glossary) but neither Lit nor
    Dark (TR-13) — ask :attr:`dark`, never ``not lit``, for a Dark tile.

    The tile's id and Terrain never change (``Final``): ``knowledge.Watch`` tells whether
    the Dark tiles changed from the tile objects and their ``lit`` flags alone."""

    tile_id: Final[str]
    lit: bool
    rot: int = 0
    terrain: Final[TerrainMark | None] = None

    @property
    def dark(self) -> bool:
        return not self.lit and self.terrain is None


@dataclass
class Board:
    tiles: dict[Pos, PlacedTile] = field(default_factory=dict)
    tokens: dict[Pos, Counter[str]] = field(default_factory=dict)   # treasure, crystal, event, vault, ogre, troll
    pieces: dict[str, Pos] = field(default_factory=dict)             # "knight", "dragon", "thief", "tribe:fangs" ...
    rockslides: set[Edge] = field(default_factory=set)
    bombs: set[Edge] = field(default_factory=set)
    entrance: Pos = (0, 0)
    # Bumped by every rule that adds, removes or flips a tile (``map/board.py``, ``map/terrain.py``,
    # ``map/collapse.py``): ``knowledge.Watch`` rescans the Dark tiles only when it moved (issue 25
    # item 9).  ``tests/test_knowledge.py`` compares the Watch with the full scan at every step, so a
    # mutation that forgets to bump fails there.
    tile_changes: int = field(default=0, compare=False, repr=False)

    def tokens_at(self, p: Pos) -> Counter[str]:
        c = self.tokens.get(p)
        if c is None:
            c = Counter()
            self.tokens[p] = c
        return c

    def count_tokens(self, kind: str) -> int:
        return sum(c[kind] for c in self.tokens.values())

    def pieces_at(self, p: Pos) -> list[str]:
        return [k for k, v in self.pieces.items() if v == p]


@dataclass
class KnightState:
    health: int = 7
    max_health: int = 7
    grit: int = 0
    charm_strength_next: int = 0             # the Thief's Charm: +1 Strength on her next turn
    charm_strength: int = 0                  # ... and this turn
    cubes_free: int = 2                      # unplaced cubes in hand this turn
    track: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRACKS})
    equip: dict[str, int] = field(default_factory=lambda: {e: 0 for e in EQUIPMENT})
    treasure_cubes: dict[str, int] = field(default_factory=dict)
    set_aside: int = 0                       # KN-19, Fresh Air/Water: back at next Pick Up
    discarded: int = 0                       # KN-15
    grit_spaces: list[int] = field(default_factory=list)   # white Grit spaces still holding a cube
    bombs_left: int = 3
    sidequest_deck: list[str] = field(default_factory=list)
    sidequests: list[str] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)     # kept Treasure cards
    face_up: list[str] = field(default_factory=list)       # the kept cards shown face up
    smashed: int = 0
    dead: bool = False
    # this turn
    moved: int = 0
    encounters_used: int = 0
    encounter_open: bool = False
    encounter_stage: str = "attack"        # "attack" then "collect" (KN-24 order)
    must_resolve_event: bool = False       # FM-06, KN-37
    turn_over: bool = False                # KN-113: a placed cube had to go back
    flare_used: bool = False
    map_uses: int = 0
    bombed_wall: bool = False
    bomb_attacked: bool = False
    dragon_attack_encounter: int = 0       # the Encounter of her last attack on the Dragon (KN-24, KN-49)
    visited: list[Pos] = field(default_factory=list)         # Swift
    encounter_spaces: list[Pos] = field(default_factory=list)  # Adventurous
    ambushes_resolved: int = 0                                 # Stalwart (no Goblins)
    treasures_collected: int = 0                               # Cunning (no Dragon)
    ambush_monster_beaten: bool = False                        # Fearless (no Goblins)
    achievements: list[str] = field(default_factory=list)      # sidequest events this turn (later roles add)
    bow_shots: int = 0                                         # AMB-41: one shot per cube on the Bow
    enchanted_bow_shots: int = 0                               # ... and on the Enchanted Bow
    javelin_ready: str | None = None     # KN-88: the Javelin card readied for her next attack (kept across turns)
    health_changed: bool = False         # Cursed Amulet: her Health changed, so she may discard it (until her turn ends)
    staff_used: bool = False             # Rune Staff: teleported this turn


@dataclass
class CaveState:
    hand: list[str] = field(default_factory=list)
    omens: Counter[str] = field(default_factory=Counter)
    hatred_tokens: int = 0
    omen_uses: Counter[str] = field(default_factory=Counter)  # uses this turn (escalating costs)
    phase: int = 1


@dataclass
class GameState:
    roles: tuple[str, ...]
    board: Board = field(default_factory=Board)
    stack: list[str] = field(default_factory=list)     # top = index 0
    box: list[str] = field(default_factory=list)
    omen_bag: Counter[str] = field(default_factory=Counter)
    supply: Counter[str] = field(default_factory=Counter)   # tokens off the map: treasure, crystal, event, rockslide
    event_deck: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    monster_deck: list[str] = field(default_factory=list)
    monster_discard: list[str] = field(default_factory=list)
    knight: KnightState | None = None
    cave: CaveState | None = None
    goblins: Any = None          # GoblinState (roles/goblins_state.py) when the Goblins play
    dragon: Any = None           # DragonState (roles/dragon_state.py) when the Dragon plays
    thief: Any = None            # ThiefState (roles/thief_state.py) when the Thief plays
    ghoul: Any = None            # GhoulState (roles/ghoul/state.py) when the Ghoul plays, VileGhoulState for the Vile Ghoul
    active: str = "knight"
    round: int = 1
    turn: int = 0
    collapse: bool = False
    crystal_tiles_removed: int = 0
    revealed_crystal_removed: int = 0       # Alone in the Dark "ALL" counts collapsed revealed Crystals
    crystals_smashed_total: int = 0         # Persistent counts every smash (KN-110)
    removed_from_game: list[str] = field(default_factory=list)
    last_roll: tuple[Pos, int] | None = None
    next_monster_bonus: int = 0             # Bright Beetles (Goblin Infestation line C)
    golem: bool = False                     # Ancient Map costs 2 cubes per use
    terrain_round: int = 0                  # TR-04: the last round whose first Event reveal prompted Terrain
    terrain_deck: list[str] = field(default_factory=list)    # VAR-13: Random Terrain cards still facedown
    terrain_drawn: list[str] = field(default_factory=list)   # VAR-13: drawn cards, face up beside the map
    outcome_note: str = ""
