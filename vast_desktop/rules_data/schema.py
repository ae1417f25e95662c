"""The rules-data schema: frozen pydantic v2 models of every component and number of the game.

Why it exists (ARCHITECTURE.md §4): the engine must not hard-code card lists, tile
layouts, costs or setup tables.  Those facts live in the top-level ``rules_data/*.yaml``
files; :mod:`.loader` reads them and this module says what they must look like.  Every
model is frozen and refuses unknown keys (``extra="forbid"``), so a typo is refused
instead of silently ignored.  :class:`RulesData` is the whole validated data with its
lookups (:meth:`RulesData.tile`, :meth:`RulesData.card`, :meth:`RulesData.role_variant`
...), which raise :class:`UnknownIdError` listing the valid ids.

YAML chooses *which* Python handler an effect uses and *with what numbers*
(``handler`` and ``params``); the logic lives in the engine.  Entries resting on thin
evidence (per-tile layouts, Terrain footprints, the Wisp's Ambush line, promo cards)
carry ``provisional=True`` and a one-line ``note``; promo cards also carry
``promo=True`` and are left out of :meth:`RulesData.deck` unless asked for.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeAlias, TypeVar, cast

from pydantic import (
    BeforeValidator,
    Field,
    StrictBool,
    field_validator,
    model_validator,
)

from .base import (
    RANKS,
    ROLES,
    SHAPE_WALLS,
    CostSymbol,
    DeckName,
    InfestationLine,
    IntTable,
    NonNeg,
    Params,
    ParamValue,
    Pos,
    Rank,
    Role,
    RulesDataError,
    Shape,
    SnakeId,
    Symbol,
    Text,
    TileId,
    TileType,
    Tribe,
    UnknownIdError,
    WinKind,
    _Frozen,
    _MaybeProvisional,
    _no_params,
)
from .corrections import Corrections
from .ghoul import GhoulData, VileGhoulData

NO_CORRECTIONS = Corrections()      # the game's own data: nothing from a player's folder (immutable)

__all__ = [
    "RANKS",
    "ROLES",
    "SHAPE_WALLS",
    "Card",
    "CaveData",
    "CaveTile",
    "DifficultyLevel",
    "DragonData",
    "EventCard",
    "GoblinData",
    "IntTable",
    "KnightData",
    "MonsterCard",
    "Omen",
    "Params",
    "Power",
    "PowerCard",
    "RoleVariant",
    "RulesData",
    "RulesDataError",
    "SecretCard",
    "SidequestCard",
    "SoloLevel",
    "TerrainTile",
    "ThiefData",
    "TreasureCard",
    "UnknownIdError",
    "VariantCard",
    "WarCard",
    "WinCondition",
]


# ---------------------------------------------------------------------------
# Tiles
# ---------------------------------------------------------------------------


class CaveTile(_MaybeProvisional):
    """One of the 52 Cave tiles: its type, the Tribe symbol on its Dark side and its walls.

    ``walls`` are (N, E, S, W) in the unrotated orientation and must agree with
    ``shape`` (open = none, side = N, corner = N+E, tunnel = N+S, dead_end = N+E+S).
    """

    id: TileId
    type: TileType
    tribe: Tribe | None = None
    shape: Shape
    walls: tuple[StrictBool, StrictBool, StrictBool, StrictBool]

    @model_validator(mode="after")
    def _check(self) -> CaveTile:
        if self.walls != SHAPE_WALLS[self.shape]:
            raise ValueError(
                f"walls {list(self.walls)} do not match shape {self.shape!r} "
                f"(expected {list(SHAPE_WALLS[self.shape])} as N, E, S, W)"
            )
        if (self.type == "entrance") != (self.tribe is None):
            raise ValueError("only the Entrance tile has no Tribe symbol")
        if (self.type == "entrance") != (self.id == "entrance"):
            raise ValueError("the Entrance tile has id 'entrance' and no other tile may use it")
        return self


class TerrainSpace(_Frozen):
    """One space of a Terrain tile, as an (x, y) offset (y grows southward)."""

    x: NonNeg
    y: NonNeg
    kind: Literal["plain", "impassable", "bridge"] = "plain"
    current: Literal["N", "E", "S", "W"] | None = None


class TerrainTile(_MaybeProvisional):
    """One of the 8 Terrain tiles (Terrain variant); footprints are our design, hence provisional."""

    id: SnakeId
    name: Text
    kind: Literal["canyon", "lake", "magma", "mushroom_forest", "pits", "river"]
    handler: SnakeId
    spaces: tuple[TerrainSpace, ...] = Field(min_length=1)
    text: Text

    @model_validator(mode="after")
    def _check(self) -> TerrainTile:
        cells = [(s.x, s.y) for s in self.spaces]
        if len(set(cells)) != len(cells):
            raise ValueError("two spaces share the same (x, y)")
        seen = {cells[0]}
        todo = [cells[0]]
        while todo:
            x, y = todo.pop()
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if len(seen) != len(cells):
            raise ValueError("the spaces must form one orthogonally connected piece")
        bridges = sum(s.kind == "bridge" for s in self.spaces)
        if (self.kind == "canyon") != (bridges == 1) or bridges > 1:
            raise ValueError("exactly the Canyon has one Bridge space")
        currents = [s.current is not None for s in self.spaces]
        if (self.kind == "river" and not all(currents)) or (self.kind != "river" and any(currents)):
            raise ValueError("exactly the River's spaces carry a current direction")
        if self.kind == "pits" and len(self.spaces) != 1:
            raise ValueError("a Pit is a single space")
        return self


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


class Card(_MaybeProvisional):
    """Base of every card: id, name, how many copies, the Python handler and its numbers.

    ``text`` is the paraphrased effect shown to players.  Promo cards
    (``promo=True``) are not in the default decks.
    """

    id: SnakeId
    name: Text
    copies: Pos = 1
    handler: SnakeId
    text: Text
    params: Params = Field(default_factory=_no_params)
    promo: bool = False

    def param(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        """A number (or word) from ``params``, or ``default`` when the card has none."""
        return self.params.get(name, default)

    def int_param(self, name: str, default: int | None = None) -> int:
        """An integer from ``params`` (``default`` if absent; KeyError if absent without default)."""
        return self.params.int(name, default)

    @property
    def physical_ids(self) -> tuple[str, ...]:
        """Ids of the physical cards: ``id`` for a single copy, else ``id#1`` .. ``id#n``."""
        if self.copies == 1:
            return (self.id,)
        return tuple(f"{self.id}#{n}" for n in range(1, self.copies + 1))


class EventCard(Card):
    """An Event card the Cave plays on the Knight."""


class TreasureCard(Card):
    """A Treasure card; ``needs_cube`` says whether it works only with a Hero cube on it."""

    needs_cube: bool


class SidequestCard(Card):
    """A Knight Sidequest: ``grit`` reward and the condition check's handler key(s)."""

    grit: Pos
    condition: SnakeId
    condition_no_goblins: SnakeId | None = None
    condition_no_dragon: SnakeId | None = None

    def condition_for(self, roles: Iterable[str]) -> str:
        """The condition key in force for a game with these roles."""
        present = set(roles)
        if "goblins" not in present and self.condition_no_goblins:
            return self.condition_no_goblins
        if "dragon" not in present and self.condition_no_dragon:
            return self.condition_no_dragon
        return self.condition


class WarCard(Card):
    """A Goblin War card: discs per Tribe, Monsters and Secrets drawn, Rage gained."""

    fangs: NonNeg
    bones: NonNeg
    eye: NonNeg
    monsters: NonNeg
    secrets: NonNeg
    rage: NonNeg

    def discs(self, tribe: str) -> int:
        """Goblin discs this card adds to ``tribe``."""
        if tribe not in ("fangs", "bones", "eye"):
            raise UnknownIdError(f"unknown tribe {tribe!r}; valid: fangs, bones, eye")
        return cast(int, getattr(self, tribe))


class MonsterCard(Card):
    """A Monster: its effect on the Tribe holding it, and its Goblin Infestation Ambush (line C)."""

    strength_bonus: NonNeg
    ambush_strength: Pos | None
    ambush_line: SnakeId | None
    ambush_text: Text | None = None


class SecretCard(Card):
    """A Goblin Secrets card; ``face_up`` cards stay on the table once played (Goblin Ruby, Trap)."""

    face_up: bool


class PowerCard(Card):
    """A Dragon Power card showing one symbol."""

    symbol: Symbol


class ScaleCard(Card):
    """A Dragon's Scale card (the ``dragon-scales`` variant, VAR-32..37, DATA-13): drawn into
    his Power deck, it pays one symbol like a Power card (``pays``: ``any`` symbol, or one
    matching a Dragon Gem in his supply) or has its own effect (``handler``).  ``keep_by_reveal``:
    revealed in Replace Hand it stays in his hand (the Silver Scale); ``removed_after_use``: it
    leaves the game once played (the Platinum Scale)."""

    pays: Literal["any", "gem_in_supply"] | None = None
    keep_by_reveal: bool = False
    removed_after_use: bool = False


class UpgradeCard(Card):
    """One of the Thief's 3 Upgrade cards (the ``thief-upgrades`` variant, VAR-38..40, DATA-26):
    one is drawn at setup and kept facedown; a stashed Treasure token put on it turns it on.
    ``charges``: how many uses it has in all (the Warlock's Wand's 5, VAR-40), None for no limit."""

    charges: Pos | None = None


class VariantCard(Card):
    """One of the 5 Role Variant cards (Alone in the Dark, Goblin Infestation, Flare, ...)."""


# ---------------------------------------------------------------------------
# Dragon die, omens
# ---------------------------------------------------------------------------


def _parse_die_face(value: Any) -> Any:
    """Turn three 3-character rows (``X`` affected, ``.`` not) into a set of (dx, dy)."""
    if isinstance(value, (set, frozenset)):
        return value
    if not (
        isinstance(value, (list, tuple))
        and len(value) == 3
        and all(isinstance(row, str) and len(row) == 3 and set(row) <= {"X", "."} for row in value)
    ):
        raise ValueError("a die face is three rows of three characters, 'X' (affected) or '.'")
    return frozenset((dx - 1, dy - 1) for dy, row in enumerate(value) for dx, ch in enumerate(row) if ch == "X")


DieFace = Annotated[frozenset[tuple[int, int]], BeforeValidator(_parse_die_face), Field(min_length=1)]


class Omen(_Frozen):
    """A Cave omen: its cost(s) per use this turn and the three Omen symbols that pay for it."""

    id: SnakeId
    name: Text
    costs: tuple[Pos, ...] = Field(min_length=1, max_length=3)
    accepts: tuple[SnakeId, SnakeId, SnakeId]
    handler: SnakeId
    text: Text
    params: Params = Field(default_factory=_no_params)

    @field_validator("costs")
    @classmethod
    def _costs_rise(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if list(v) != sorted(v):
            raise ValueError("costs must not decrease from one use to the next")
        return v

    def cost(self, use: int) -> int:
        """Cost of the ``use``-th use this turn (1-based); later uses cost the last value."""
        if use < 1:
            raise ValueError("use counts from 1")
        return self.costs[min(use, len(self.costs)) - 1]

    def param(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        return self.params.get(name, default)


# ---------------------------------------------------------------------------
# Role data
# ---------------------------------------------------------------------------


class Equipment(_Frozen):
    """A piece of the Knight's printed equipment (Shield, Ancient Map, Bomb, Bow)."""

    id: SnakeId
    name: Text
    handler: SnakeId
    text: Text


class KnightData(_Frozen):
    """Knight board numbers: Health, Hero cubes, Grit spaces, stat tracks, named Grit changes."""

    start_health: Pos
    start_cubes: Pos
    total_cubes: Pos
    cube_grit_spaces: tuple[Pos, ...]
    grit_cap: Pos
    movement_track: tuple[Pos, ...]
    perception_track: tuple[Pos, ...]
    strength_track: tuple[Pos, ...]
    bombs: NonNeg
    ancient_map_max: Pos
    smash_strength: Pos
    crystals_to_win: Pos
    sidequest_hand: Pos
    shield_grit_loss: Pos
    grit: IntTable
    equipment: tuple[Equipment, ...]

    @model_validator(mode="after")
    def _check(self) -> KnightData:
        if len(self.cube_grit_spaces) != self.total_cubes - self.start_cubes:
            raise ValueError("cube_grit_spaces must hold one space per Hero cube not held at the start")
        if list(self.cube_grit_spaces) != sorted(set(self.cube_grit_spaces)) or self.cube_grit_spaces[-1] > self.grit_cap:
            raise ValueError("cube_grit_spaces must rise and stay within grit_cap")
        for name in ("movement_track", "perception_track", "strength_track"):
            track = getattr(self, name)
            if len(track) < 2 or list(track) != sorted(set(track)):
                raise ValueError(f"{name} must rise from its base value")
        for key, value in self.grit.items():
            if value == 0:
                raise ValueError(f"grit.{key} must not be 0")
        return self

    def grit_change(self, name: str) -> int:
        """A named Grit gain (positive) or loss (negative), e.g. ``grit_change("rats") == -2``."""
        try:
            return self.grit[name]
        except KeyError:
            raise UnknownIdError(f"no Grit entry {name!r}; valid: {', '.join(self.grit)}") from None


class CaveData(_Frozen):
    """Cave board numbers: hand, tokens, rockslides, Collapse."""

    hand_size: Pos
    tiles_per_turn: Pos
    starting_dark_tiles: Pos
    stack_piles: Pos
    crystal_tiles_per_pile: Pos
    vault_tiles_per_pile: Pos
    treasure_tokens_no_thief: Pos
    treasure_tokens_with_thief: Pos
    crystal_tokens: Pos
    event_tokens: Pos
    rockslides: Pos
    collapse_crystals: Pos
    collapse_removals_per_turn: Pos
    event_cards_drawn: Pos
    treasure_cards_drawn: Pos

    def treasure_tokens(self, with_thief: bool) -> int:
        return self.treasure_tokens_with_thief if with_thief else self.treasure_tokens_no_thief


class Power(_Frozen):
    """A Dragon power and its cost in symbols (``any`` = the board's question mark)."""

    id: SnakeId
    name: Text
    cost: tuple[CostSymbol, ...] = Field(min_length=1)
    handler: SnakeId
    text: Text


class SlothBox(_Frozen):
    """A Sloth box: how many cubes start there and what moves one to Wakefulness."""

    id: SnakeId
    category: Literal["greed", "hunger", "pride"]
    name: Text
    cubes: Pos
    text: Text


class WakefulnessRow(_Frozen):
    """A row of the Wakefulness track: the Armor and Spirit it gives from its first cube on."""

    cubes: tuple[NonNeg, NonNeg]
    armor: Pos
    spirit: Pos


class DragonData(_Frozen):
    """Dragon board numbers: powers and costs, Sloth boxes, Wakefulness rows, Health, hand."""

    start_health: Pos
    hand: Pos
    gems: tuple[Symbol, Symbol, Symbol]
    wake_threshold: Pos
    free_move: Pos
    eaten_goblins_per_hunger: Pos
    max_sloth_cubes_per_turn: Pos
    armor_max: Pos
    powers: tuple[Power, ...]
    sloth: tuple[SlothBox, ...]
    wakefulness: tuple[WakefulnessRow, ...]

    @model_validator(mode="after")
    def _check(self) -> DragonData:
        if len(set(self.gems)) != 3:
            raise ValueError("the three Dragon Gems show three different symbols")
        for what, ids in (("power", [p.id for p in self.powers]), ("sloth box", [s.id for s in self.sloth])):
            dup = [i for i, n in Counter(ids).items() if n > 1]
            if dup:
                raise ValueError(f"duplicate {what} id {dup[0]!r}")
        expected = 0
        for row in self.wakefulness:
            low, high = row.cubes
            if low != expected or high < low:
                raise ValueError(f"wakefulness rows must run on without gaps; row {list(row.cubes)} should start at {expected}")
            expected = high + 1
        if expected - 1 != self.sloth_cubes:
            raise ValueError(f"wakefulness rows end at {expected - 1} but there are {self.sloth_cubes} Sloth cubes")
        if self.wake_threshold > self.sloth_cubes:
            raise ValueError("wake_threshold exceeds the number of Sloth cubes")
        return self

    @property
    def sloth_cubes(self) -> int:
        """All Sloth cubes (14)."""
        return sum(box.cubes for box in self.sloth)

    def armor_spirit(self, wakefulness: int) -> tuple[int, int]:
        """(Armor, Spirit) with ``wakefulness`` cubes on the track (a row counts from its first cube)."""
        for row in self.wakefulness:
            if row.cubes[0] <= wakefulness <= row.cubes[1]:
                return row.armor, row.spirit
        raise ValueError(f"wakefulness {wakefulness} is outside 0..{self.sloth_cubes}")

    def power(self, power_id: str) -> Power:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise UnknownIdError(f"unknown Dragon power {power_id!r}; valid: {', '.join(p.id for p in self.powers)}")

    def sloth_box(self, box_id: str) -> SlothBox:
        for box in self.sloth:
            if box.id == box_id:
                return box
        raise UnknownIdError(f"unknown Sloth box {box_id!r}; valid: {', '.join(b.id for b in self.sloth)}")


class TribeData(_Frozen):
    """One Goblin Tribe: Monster slots, permanent Strength discs, special action."""

    id: Tribe
    name: Text
    monster_slots: Pos
    strength_discs: NonNeg
    special_action: SnakeId
    text: Text


class GoblinData(_Frozen):
    """Goblin board numbers: discs, Population cap, Rage range, hand limit, Tribes."""

    discs: Pos
    strength_discs: Pos
    max_population: Pos
    start_rage: NonNeg
    rage_min: NonNeg
    rage_max: Pos
    malaise_strength: int
    hand_limit: Pos
    scatter_population_loss: Pos
    lit_tiles_per_population_loss: Pos
    perception_bonus: NonNeg
    crystal_smash_strength: Pos
    crystal_smash_tribes: Pos
    tribes: tuple[TribeData, TribeData, TribeData]

    @model_validator(mode="after")
    def _check(self) -> GoblinData:
        if tuple(t.id for t in self.tribes) != ("fangs", "bones", "eye"):
            raise ValueError("tribes must be listed as fangs, bones, eye")
        if not self.rage_min <= self.start_rage <= self.rage_max:
            raise ValueError("start_rage must lie within rage_min..rage_max")
        if self.discs < 3 * self.max_population:
            raise ValueError("there must be enough discs for all three Tribes at max_population")
        if sum(t.strength_discs for t in self.tribes) > self.strength_discs:
            raise ValueError("the Tribes' permanent Strength discs exceed the supply")
        return self

    def tribe(self, tribe_id: str) -> TribeData:
        for t in self.tribes:
            if t.id == tribe_id:
                return t
        raise UnknownIdError(f"unknown tribe {tribe_id!r}; valid: fangs, bones, eye")


class StatToken(_MaybeProvisional):
    """A Thief Stat token: the value on its light side and on its dark (flipped) side."""

    light: Pos
    dark: Pos


class RollCost(_Frozen):
    """Pickpocket / Pick Lock: Action cubes spent and the lowest roll that succeeds (None = automatic)."""

    cubes: Pos
    needs: Pos | None


class Injury(_Frozen):
    """A Backstab injury level and what it does to each role."""

    id: Literal["light", "moderate", "heavy"]
    cubes: Pos
    knight_grit: Pos
    tribe_population: Pos
    dragon_discards: Pos


class LootDropBonus(_Frozen):
    """What the Thief's killer gains at one Loot Drop Level."""

    level: NonNeg
    knight_grit: NonNeg
    goblin_secrets_or_rage: NonNeg
    dragon_cards: NonNeg


class ThiefUpgrade(_Frozen):
    """One upgrade space on the Thief board."""

    id: SnakeId
    name: Text
    kind: Literal["action", "evasion", "stat", "flip"]
    handler: SnakeId
    text: Text
    stat: Literal["movement", "stealth", "thievery"] | None = None
    order: Pos | None = None

    @model_validator(mode="after")
    def _check(self) -> ThiefUpgrade:
        if (self.kind == "stat") != (self.stat is not None):
            raise ValueError("exactly the stat upgrades name a stat")
        if (self.kind == "flip") != (self.order is not None):
            raise ValueError("exactly the flip upgrades have an order")
        return self


class ThiefData(_Frozen):
    """Thief board numbers: Stat tokens, Action cubes and die, actions, Loot Drop, upgrades."""

    action_cubes: Pos
    vault_tokens: Pos
    action_die: tuple[Pos, ...]
    stat_max: Pos
    stash_to_win: Pos
    unstashed_stealth_penalty: Pos
    loot_drop_levels: tuple[NonNeg, ...]
    loot_drop_start: NonNeg
    hand_crossbow_range: Pos
    evasion_roll: Pos
    stat_tokens: tuple[StatToken, StatToken, StatToken]
    roll_actions: tuple[RollCost, ...]
    loot_gem_cubes: Pos
    loot_gem_safe_cubes: Pos
    climb_wall_cubes: Pos
    climb_impassable_cubes: Pos
    injuries: tuple[Injury, ...]
    loot_drop_bonus: tuple[LootDropBonus, ...]
    upgrades: tuple[ThiefUpgrade, ...]

    @model_validator(mode="after")
    def _check(self) -> ThiefData:
        if self.loot_drop_start not in self.loot_drop_levels:
            raise ValueError("loot_drop_start must be one of loot_drop_levels")
        if sorted(b.level for b in self.loot_drop_bonus) != sorted(self.loot_drop_levels):
            raise ValueError("loot_drop_bonus needs exactly one row per Loot Drop Level")
        if [r.cubes for r in self.roll_actions] != list(range(1, len(self.roll_actions) + 1)):
            raise ValueError("roll_actions must list 1, 2, 3 ... cubes in order")
        if len({u.id for u in self.upgrades}) != len(self.upgrades):
            raise ValueError("duplicate upgrade id")
        flips = sorted(u.order for u in self.upgrades if u.order is not None)
        if flips != list(range(1, len(flips) + 1)):
            raise ValueError("flip upgrades must be ordered 1, 2, 3 ...")
        return self

    def roll_needed(self, cubes: int) -> int | None:
        """Lowest Action-die roll that succeeds with ``cubes`` cubes (None = no roll needed)."""
        for r in self.roll_actions:
            if r.cubes == cubes:
                return r.needs
        raise ValueError(f"no roll action costs {cubes} cubes")

    def injury(self, cubes: int) -> Injury:
        for i in self.injuries:
            if i.cubes == cubes:
                return i
        raise ValueError(f"no Backstab injury costs {cubes} cubes")

    def loot_bonus(self, level: int) -> LootDropBonus:
        for b in self.loot_drop_bonus:
            if b.level == level:
                return b
        raise ValueError(f"no Loot Drop Level {level}")


# ---------------------------------------------------------------------------
# Variants and difficulty
# ---------------------------------------------------------------------------


class WinCondition(_Frozen):
    """How a role wins (or, with ``role == "all"``, how everyone loses) in a role variant."""

    role: Role | Literal["all"]
    kind: WinKind
    params: Params = Field(default_factory=_no_params)

    @model_validator(mode="after")
    def _check(self) -> WinCondition:
        if (self.role == "all") != self.kind.startswith("all_lose"):
            raise ValueError("role 'all' goes exactly with the all_lose_* kinds")
        return self


class SoloLevel(_Frozen):
    """A difficulty choice printed on a solo variant (Easy / Medium / Hard)."""

    id: Literal["easy", "medium", "hard"]
    name: Text
    text: Text
    goblin_infestation_line: InfestationLine | None = None
    hunger_to_wakefulness: NonNeg | None = None


Gift: TypeAlias = tuple[SnakeId, Role | Literal["table"]]


class RoleVariant(_Frozen):
    """Setup and victory conditions for one legal set of roles (1-5 players).

    ``gifts`` are (variant card id, holder role or ``"table"``).  Entries with
    ``derived_from`` were generated from the rulebook's "any 3/2 roles vs Thief"
    rules and name the entry they were built from.
    """

    id: SnakeId
    name: Text
    roles: frozenset[Role]
    recommended: bool = False
    gifts: tuple[Gift, ...] = ()
    goblin_infestation_line: InfestationLine | None = None
    remove_sidequests: tuple[SnakeId, ...] = ()
    hunger_to_wakefulness: Annotated[int, Field(ge=0, le=4)] = 0
    cave_cannot_return_hunger: bool = False
    place_treasure_optional: bool = False
    skip_dead_knight: bool = False
    knight_crystals_choice: tuple[Pos, ...] | None = None
    solo_levels: tuple[SoloLevel, ...] = ()
    wins: tuple[WinCondition, ...] = Field(min_length=1)
    summary: Text
    derived_from: SnakeId | None = None

    @field_validator("roles", mode="before")
    @classmethod
    def _no_repeated_roles(cls, v: Any) -> Any:
        if isinstance(v, list) and len(set(map(str, v))) != len(v):
            raise ValueError("a role is listed twice")
        return v

    @model_validator(mode="after")
    def _check(self) -> RoleVariant:
        if not self.roles:
            raise ValueError("a role variant needs at least one role")
        if self.roles == {"cave"}:
            raise ValueError("the Cave cannot be played solo")
        for card, holder in self.gifts:
            if holder != "table" and holder not in self.roles:
                raise ValueError(f"gift {card!r} goes to {holder!r}, who is not in this game")
        cards = [card for card, _ in self.gifts]
        if len(set(cards)) != len(cards):
            raise ValueError("a variant card is given twice")
        infested = "goblin_infestation" in cards
        if self.goblin_infestation_line is not None and not infested:
            raise ValueError("goblin_infestation_line is set but Goblin Infestation is not given")
        if infested and self.goblin_infestation_line is None and not any(
            lvl.goblin_infestation_line for lvl in self.solo_levels
        ):
            raise ValueError("Goblin Infestation is given but no line (A, B or C) is chosen")
        if self.solo_levels and len(self.roles) != 1:
            raise ValueError("only solo variants have solo_levels")
        for win in self.wins:
            if win.role != "all" and win.role not in self.roles:
                raise ValueError(f"win condition for {win.role!r}, who is not in this game")
        if self.knight_crystals_choice is not None and "knight" not in self.roles:
            raise ValueError("knight_crystals_choice needs the Knight")
        if (self.hunger_to_wakefulness or self.cave_cannot_return_hunger) and "dragon" not in self.roles:
            raise ValueError("Hunger-cube rules need the Dragon")
        if self.remove_sidequests and "knight" not in self.roles:
            raise ValueError("remove_sidequests needs the Knight")
        return self

    @property
    def ordered_roles(self) -> tuple[Role, ...]:
        """The roles in turn order."""
        return tuple(r for r in ROLES if r in self.roles)

    @property
    def is_solo(self) -> bool:
        return len(self.roles) == 1

    @property
    def uses_monster_tokens(self) -> bool:
        """The Ogre and Troll tokens always come with the Goblin Infestation card."""
        return self.gift_holder("goblin_infestation") is not None

    def gift_holder(self, card_id: str) -> str | None:
        """Who holds variant card ``card_id`` in this game (a role or ``"table"``), or None."""
        for card, holder in self.gifts:
            if card == card_id:
                return holder
        return None

    def solo_level(self, level_id: str) -> SoloLevel:
        for lvl in self.solo_levels:
            if lvl.id == level_id:
                return lvl
        valid = ", ".join(lvl.id for lvl in self.solo_levels) or "none (this variant has no solo levels)"
        raise UnknownIdError(f"{self.name} has no solo level {level_id!r}; valid: {valid}")


class ThiefJoinRule(_Frozen):
    """How the Thief joins a combination listed without him (RV-11, RV-17..21)."""

    thief_wins: tuple[WinCondition, ...] = Field(min_length=1)
    drop_gifts: tuple[SnakeId, ...] = ()
    thief_gifts: tuple[SnakeId, ...] = ()
    place_treasure_optional: bool = False
    keep_all_sidequests: bool = False
    summary: Text

    @field_validator("summary")
    @classmethod
    def _has_base(cls, v: str) -> str:
        if "{base}" not in v:
            raise ValueError("the summary must mention {base}, the variant the others play")
        return v


class ThiefJoins(_Frozen):
    """The two Thief-joining rules: to a 3-player variant and to a 2-player variant."""

    three_roles: ThiefJoinRule
    two_roles: ThiefJoinRule


class DifficultyLevel(_Frozen):
    """A Difficulty Variant card: one of five levels for one role, with its numbers."""

    role: Role
    id: SnakeId
    name: Text
    rank: Rank
    params: Params
    text: Text

    def param(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        return self.params.get(name, default)


# ---------------------------------------------------------------------------
# The whole rules data
# ---------------------------------------------------------------------------

DECK_FIELDS: MappingProxyType[str, str] = MappingProxyType({
    "events": "events",
    "treasures": "treasures",
    "sidequests": "sidequests",
    "war": "war_cards",
    "monsters": "monsters",
    "secrets": "secrets",
    "powers": "power_cards",
    "scales": "scale_cards",
    "upgrades": "upgrade_cards",
})

_T = TypeVar("_T")
_C = TypeVar("_C", bound=Card)


class _Index:
    """Lookup tables built on first use (kept out of the pydantic fields)."""

    def __init__(self, rd: RulesData) -> None:
        self.tiles = {t.id: t for t in rd.tiles}
        self.terrain = {t.id: t for t in rd.terrain}
        self.cards: dict[str, Card] = {}
        for field in DECK_FIELDS.values():
            for card in getattr(rd, field):
                self.cards[card.id] = card
        self.variant_cards = {c.id: c for c in rd.variant_cards}
        self.omens = {o.id: o for o in rd.omens}
        self.role_variants = {rv.roles: rv for rv in rd.role_variants}
        self.role_variant_ids = {rv.id: rv for rv in rd.role_variants}
        self.difficulty: dict[str, tuple[DifficultyLevel, ...]] = {
            role: tuple(sorted((d for d in rd.difficulty if d.role == role), key=lambda d: RANKS.index(d.rank)))
            for role in ROLES
        }


class RulesData(_Frozen):
    """Every component and number of the game, validated and cross-checked (immutable).

    Build it with :func:`load_rules_data`; the lookup methods raise
    :class:`UnknownIdError` (a KeyError) listing the valid ids.
    """

    tiles: tuple[CaveTile, ...]
    terrain: tuple[TerrainTile, ...]
    events: tuple[EventCard, ...]
    treasures: tuple[TreasureCard, ...]
    sidequests: tuple[SidequestCard, ...]
    war_cards: tuple[WarCard, ...]
    monsters: tuple[MonsterCard, ...]
    secrets: tuple[SecretCard, ...]
    power_cards: tuple[PowerCard, ...]
    scale_cards: tuple[ScaleCard, ...] = ()
    upgrade_cards: tuple[UpgradeCard, ...] = ()
    dragon_die: tuple[DieFace, ...]
    omen_symbols: tuple[SnakeId, ...] = ("bat", "boulder", "quartz", "mushroom", "trail", "chasm")
    omen_tokens_per_symbol: Pos = 6
    omens: tuple[Omen, ...]
    omen_table: tuple[tuple[NonNeg, Pos], ...] = Field(min_length=1)
    knight: KnightData
    cave: CaveData
    dragon: DragonData
    goblins: GoblinData
    thief: ThiefData
    variant_cards: tuple[VariantCard, ...]
    role_variants: tuple[RoleVariant, ...]
    thief_joins: ThiefJoins
    difficulty: tuple[DifficultyLevel, ...]
    ghoul: GhoulData              # an expansion role's data, not yet a playable role (ghoul.yaml)
    vile_ghoul: VileGhoulData     # vile_ghoul.yaml
    @property
    def corrections(self) -> Corrections:
        """What the player's rules-data folder changed in these rules (empty for the game's own data):
        a save records it, and loading the save with other corrections is refused.  The loader sets it
        (:meth:`set_corrections`); like the lookup index it lives in the instance ``__dict__``, outside
        the fields, so no file can set it and equality compares the data alone."""
        found = self.__dict__.get("_corrections")
        return found if isinstance(found, Corrections) else NO_CORRECTIONS

    def set_corrections(self, corrections: Corrections) -> None:
        """Record the player's corrections (the loader does, once, before anyone else sees these rules)."""
        self.__dict__["_corrections"] = corrections

    @functools.cached_property
    def _idx(self) -> _Index:
        # cached in the instance __dict__; pydantic's equality ignores it
        return _Index(self)

    @functools.cached_property
    def physical_card_ids(self) -> frozenset[str]:
        """Every physical card id of every deck, promo cards included (``rats#2``, ``light``)."""
        return frozenset(pid for name in DECK_FIELDS for pid in self.deck(name, include_promo=True))  # type: ignore[arg-type]

    @functools.cached_property
    def card_ids_by_deck(self) -> dict[str, frozenset[str]]:
        """Per deck, the ids that name one of its cards: physical ids and, for cards with
        copies, the bare id too (``rats`` beside ``rats#1``; :meth:`card` reads both)."""
        out = {}
        for name in DECK_FIELDS:
            ids = self.deck(name, include_promo=True)  # type: ignore[arg-type]
            out[name] = frozenset(ids) | {i.partition("#")[0] for i in ids}
        return out

    # -- tiles ---------------------------------------------------------------

    def tile(self, tile_id: str) -> CaveTile:
        """The Cave tile ``"entrance"`` or ``"T01"`` .. ``"T51"``."""
        return _lookup(self._idx.tiles, tile_id, "Cave tile")

    def terrain_tile(self, terrain_id: str) -> TerrainTile:
        return _lookup(self._idx.terrain, terrain_id, "Terrain tile")

    # -- cards ---------------------------------------------------------------

    def cards(self, name: DeckName, include_promo: bool = False) -> tuple[Card, ...]:
        """The card types of a deck (one entry per kind of card, promo cards only on request)."""
        field = DECK_FIELDS.get(name)
        if field is None:
            raise UnknownIdError(f"unknown deck {name!r}; valid: {', '.join(DECK_FIELDS)}")
        cards: tuple[Card, ...] = getattr(self, field)
        return tuple(c for c in cards if include_promo or not c.promo)

    def deck(self, name: DeckName, include_promo: bool = False) -> tuple[str, ...]:
        """Physical card ids of a deck in data order: ``id``, or ``id#1`` .. ``id#n`` for copies."""
        return tuple(pid for card in self.cards(name, include_promo) for pid in card.physical_ids)

    def card(self, physical_id: str) -> Card:
        """The card behind ``"rats#2"`` (or the bare id ``"rats"``) from any deck, promo cards included.

        A copy number must exist: ``"rats#4"`` and ``"light#1"`` are refused.
        """
        base, sep, copy = physical_id.partition("#")
        card = _lookup(self._idx.cards, base, "card")
        if sep and (card.copies == 1 or not copy.isdigit() or not 1 <= int(copy) <= card.copies):
            raise UnknownIdError(f"unknown physical card {physical_id!r}; valid: {', '.join(card.physical_ids)}")
        return card

    def _typed(self, physical_id: str, kind: type[_C]) -> _C:
        card = self.card(physical_id)
        if not isinstance(card, kind):
            raise UnknownIdError(f"{physical_id!r} is a {type(card).__name__}, not a {kind.__name__}")
        return card

    def event(self, physical_id: str) -> EventCard:
        return self._typed(physical_id, EventCard)

    def treasure(self, physical_id: str) -> TreasureCard:
        return self._typed(physical_id, TreasureCard)

    def sidequest(self, physical_id: str) -> SidequestCard:
        return self._typed(physical_id, SidequestCard)

    def war_card(self, physical_id: str) -> WarCard:
        return self._typed(physical_id, WarCard)

    def monster(self, physical_id: str) -> MonsterCard:
        return self._typed(physical_id, MonsterCard)

    def secret(self, physical_id: str) -> SecretCard:
        return self._typed(physical_id, SecretCard)

    def power_card(self, physical_id: str) -> PowerCard:
        return self._typed(physical_id, PowerCard)

    def scale_card(self, physical_id: str) -> ScaleCard:
        return self._typed(physical_id, ScaleCard)

    def upgrade_card(self, card_id: str) -> UpgradeCard:
        """One of the Thief's Upgrade cards (the thief-upgrades variant)."""
        return self._typed(card_id, UpgradeCard)

    def variant_card(self, card_id: str) -> VariantCard:
        return _lookup(self._idx.variant_cards, card_id, "variant card")

    def handler_keys(self) -> frozenset[str]:
        """Every Python handler key the data names (cards, omens, powers, equipment, terrain ...).

        The engine's handler registry should cover this set.
        """
        keys: set[str] = set()
        for field in (*DECK_FIELDS.values(), "variant_cards", "omens", "terrain"):
            keys.update(x.handler for x in getattr(self, field))
        keys.update(p.handler for p in self.dragon.powers)
        keys.update(e.handler for e in self.knight.equipment)
        keys.update(u.handler for u in self.thief.upgrades)
        keys.update(m.ambush_line for m in self.monsters if m.ambush_line)
        keys.update(t.special_action for t in self.goblins.tribes)
        return frozenset(keys)

    def condition_keys(self) -> frozenset[str]:
        """Every Sidequest condition key the data names."""
        keys: set[str] = set()
        for sq in self.sidequests:
            keys.update(k for k in (sq.condition, sq.condition_no_goblins, sq.condition_no_dragon) if k)
        return frozenset(keys)

    # -- omens ---------------------------------------------------------------

    def omen(self, omen_id: str) -> Omen:
        return _lookup(self._idx.omens, omen_id, "omen")

    def omens_for(self, tokens_on_map: int) -> int:
        """Omen tokens the Cave collects with this many Treasure + Crystal tokens on the map."""
        if tokens_on_map < 0:
            raise ValueError("token count cannot be negative")
        result = self.omen_table[0][1]
        for least, omens in self.omen_table:
            if tokens_on_map >= least:
                result = omens
        return result

    # -- variants and difficulty ----------------------------------------------

    def role_variant(self, roles: Iterable[str]) -> RoleVariant:
        """The variant for exactly these roles (any order, duplicates ignored)."""
        wanted = set(roles)
        unknown = sorted(wanted - set(ROLES))
        if unknown:
            raise UnknownIdError(f"unknown role(s) {', '.join(map(repr, unknown))}; valid roles: {', '.join(ROLES)}")
        if not wanted:
            raise UnknownIdError(f"no roles given; choose 1-5 of: {', '.join(ROLES)}")
        if wanted == {"cave"}:
            raise UnknownIdError("The Cave cannot be played solo; add at least one other role")
        found = self._idx.role_variants.get(frozenset(wanted))  # type: ignore[arg-type]
        if found is None:  # pragma: no cover - the loader guarantees all 30 combinations
            raise UnknownIdError(f"no role variant for {sorted(wanted)}")
        return found

    def role_variant_by_id(self, variant_id: str) -> RoleVariant:
        return _lookup(self._idx.role_variant_ids, variant_id, "role variant")

    def difficulty_levels(self, role: str) -> tuple[DifficultyLevel, ...]:
        """The five levels of ``role``, easiest first."""
        if role not in ROLES:
            raise UnknownIdError(f"unknown role {role!r}; valid roles: {', '.join(ROLES)}")
        return self._idx.difficulty[role]

    def difficulty_level(self, role: str, level_id: str) -> DifficultyLevel:
        levels = self.difficulty_levels(role)
        for lvl in levels:
            if lvl.id == level_id:
                return lvl
        raise UnknownIdError(
            f"unknown {role} difficulty {level_id!r}; valid (easiest first): {', '.join(d.id for d in levels)}"
        )

    def standard_difficulty(self, role: str) -> DifficultyLevel:
        return next(d for d in self.difficulty_levels(role) if d.rank == "standard")


def _lookup(table: Mapping[str, _T], key: str, what: str) -> _T:
    try:
        return table[key]
    except KeyError:
        valid = ", ".join(table)
        raise UnknownIdError(f"unknown {what} {key!r}; valid: {valid}") from None
