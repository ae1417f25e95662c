"""Rules data: every component and number of the game, loaded from YAML and validated.

Why this module exists (ARCHITECTURE.md §4): the engine must not hard-code card
lists, tile layouts, costs or setup tables.  Those facts live in
``vast_desktop/rules_data/*.yaml``; this module

* reads the files with :class:`RulesYamlLoader`, a safe YAML loader that refuses
  duplicate keys and remembers the line of every key and list item;
* validates them with frozen pydantic v2 models (``extra="forbid"``), so a typo
  or an unknown key is refused instead of silently ignored;
* cross-checks the result against the firm component counts of
  ``COMPONENT_DATA.md`` (52 Cave tiles, 15 Event cards, 36 Omen tokens, ...) and
  checks that every id one entry names (a gift card, a removed Sidequest, an
  omen's symbol) exists;
* derives the role combinations the rulebook gives only as a rule ("any 3
  roles vs Thief", "any 2 roles vs Thief"), so :attr:`RulesData.role_variants`
  holds all 30 legal combinations.

Any problem raises :class:`RulesDataError` whose message names the file, the line
and the key path, e.g. ``tiles.yaml line 42, tiles[3].walls: Input should be a
valid tuple``.  YAML chooses *which* Python handler an effect uses and *with what
numbers* (``handler`` and ``params``); the logic lives in the engine.

Entries resting on thin evidence (per-tile layouts, Terrain footprints, the
Wisp's Ambush line, promo cards) carry ``provisional=True`` and a one-line
``note``; promo cards also carry ``promo=True`` and are left out of
:meth:`RulesData.deck` unless asked for.

Entry points: :func:`load_rules_data` (cached) and
:func:`load_rules_data_uncached` (for tests that load a broken copy).
"""
from __future__ import annotations

import functools
import importlib.resources
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, TypeVar, cast

import yaml
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StrictBool,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError, core_schema

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
    "RulesYamlLoader",
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
    "default_rules_dir",
    "format_path",
    "load_rules_data",
    "load_rules_data_uncached",
]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class RulesDataError(ValueError):
    """The rules data is malformed or inconsistent; the message names file, line and key path."""


class UnknownIdError(RulesDataError, KeyError):
    """A lookup (card, tile, role, difficulty ...) named an id that does not exist.

    It is both a :class:`RulesDataError` and a :class:`KeyError`, so callers may
    catch either; the message lists the valid ids.
    """

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


# ---------------------------------------------------------------------------
# Small shared types
# ---------------------------------------------------------------------------

Role: TypeAlias = Literal["knight", "goblins", "dragon", "cave", "thief"]
ROLES: tuple[Role, ...] = ("knight", "goblins", "dragon", "cave", "thief")  # turn order
TileType: TypeAlias = Literal["entrance", "ambush", "event", "treasure", "crystal", "vault"]
Tribe: TypeAlias = Literal["fangs", "bones", "eye"]
Shape: TypeAlias = Literal["open", "side", "corner", "tunnel", "dead_end"]
Symbol: TypeAlias = Literal["claw", "flame", "wing"]
CostSymbol: TypeAlias = Literal["claw", "flame", "wing", "any"]
Rank: TypeAlias = Literal["easiest", "easy", "standard", "hard", "expert"]
RANKS: tuple[Rank, ...] = ("easiest", "easy", "standard", "hard", "expert")
DeckName: TypeAlias = Literal["events", "treasures", "sidequests", "war", "monsters", "secrets", "powers", "scales"]
InfestationLine: TypeAlias = Literal["A", "B", "C"]
WinKind: TypeAlias = Literal[
    "kill_dragon",
    "kill_knight",
    "wake_and_escape",
    "smash_crystals_and_escape",
    "smash_crystals",
    "stash_treasure",
    "collapse",
    "ambush_kills_knight",
    "all_lose_on_collapse",
    "all_lose_on_knight_death",
]
Walls: TypeAlias = tuple[bool, bool, bool, bool]

SnakeId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
TileId = Annotated[str, StringConstraints(pattern=r"^(entrance|T[0-9]{2})$")]
OneLine = Annotated[str, StringConstraints(min_length=1, pattern=r"^[^\n]*$")]
Text = Annotated[str, StringConstraints(min_length=1)]
NonNeg = Annotated[int, Field(ge=0)]
Pos = Annotated[int, Field(ge=1)]

#: Walls of each shape in its unrotated orientation, as (N, E, S, W).
SHAPE_WALLS: dict[str, Walls] = {
    "open": (False, False, False, False),
    "side": (True, False, False, False),
    "corner": (True, True, False, False),
    "tunnel": (True, False, True, False),
    "dead_end": (True, True, True, False),
}

ParamValue: TypeAlias = bool | int | str
_V = TypeVar("_V")


class _FrozenMap(Mapping[str, _V]):
    """An immutable, hashable ``str -> value`` mapping that pydantic validates from a YAML mapping."""

    __slots__ = ("_data",)
    _kinds: tuple[type, ...] = ()
    _kinds_text = ""

    def __init__(self, data: Mapping[str, _V] | Iterable[tuple[str, _V]] = ()) -> None:
        self._data: dict[str, _V] = dict(data)

    def __getitem__(self, key: str) -> _V:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._data!r})"

    @classmethod
    def _ok(cls, value: object) -> bool:
        return isinstance(value, cls._kinds) and not (bool not in cls._kinds and isinstance(value, bool))

    @classmethod
    def _validate(cls, value: Any) -> Any:
        if isinstance(value, cls):
            return value
        if not isinstance(value, Mapping):
            raise PydanticCustomError("map_type", "must be a mapping of names to {kinds}", {"kinds": cls._kinds_text})
        for key, item in value.items():
            if not isinstance(key, str):
                raise PydanticCustomError("map_key", "name {key} must be a string", {"key": repr(key)})
            if not cls._ok(item):
                raise PydanticCustomError(
                    "map_value", "value of {key} ({value}) must be {kinds}",
                    {"key": repr(key), "value": repr(item), "kinds": cls._kinds_text},
                )
        return cls(value)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(dict),
        )


class Params(_FrozenMap[ParamValue]):
    """Card numbers: an immutable, hashable ``str -> bool | int | str`` mapping.

    Values must really be bool, int or str in the YAML (no ``1 -> True`` coercion).
    """

    __slots__ = ()
    _kinds = (bool, int, str)
    _kinds_text = "true/false, an integer or a word"

    def int(self, key: str, default: int | None = None) -> int:
        """The integer value of ``key``; a missing key returns ``default`` or raises KeyError."""
        value = self._data.get(key, default)
        if value is None:
            raise KeyError(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"param {key!r} is {value!r}, not an integer")
        return value


class IntTable(_FrozenMap[int]):
    """An immutable, hashable ``str -> int`` mapping (e.g. the Knight's named Grit changes)."""

    __slots__ = ()
    _kinds = (int,)
    _kinds_text = "an integer"


def _no_params() -> Params:
    return Params()


class _Frozen(BaseModel):
    """Base of every rules-data model: immutable, hashable, and refusing unknown keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class _MaybeProvisional(_Frozen):
    """An entry whose facts may be provisional; then it must say, in one line, what it rests on."""

    provisional: bool = False
    note: OneLine | None = None

    @model_validator(mode="after")
    def _note_when_provisional(self) -> _MaybeProvisional:
        if self.provisional and not self.note:
            raise ValueError("a provisional entry needs a one-line 'note' saying what it rests on")
        return self


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

_DECK_FIELDS: dict[str, str] = {
    "events": "events",
    "treasures": "treasures",
    "sidequests": "sidequests",
    "war": "war_cards",
    "monsters": "monsters",
    "secrets": "secrets",
    "powers": "power_cards",
    "scales": "scale_cards",
}

_T = TypeVar("_T")
_C = TypeVar("_C", bound=Card)


class _Index:
    """Lookup tables built on first use (kept out of the pydantic fields)."""

    def __init__(self, rd: RulesData) -> None:
        self.tiles = {t.id: t for t in rd.tiles}
        self.terrain = {t.id: t for t in rd.terrain}
        self.cards: dict[str, Card] = {}
        for field in _DECK_FIELDS.values():
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

    @functools.cached_property
    def _idx(self) -> _Index:
        # cached in the instance __dict__; pydantic's equality ignores it
        return _Index(self)

    @functools.cached_property
    def physical_card_ids(self) -> frozenset[str]:
        """Every physical card id of every deck, promo cards included (``rats#2``, ``light``)."""
        return frozenset(pid for name in _DECK_FIELDS for pid in self.deck(name, include_promo=True))  # type: ignore[arg-type]

    @functools.cached_property
    def card_ids_by_deck(self) -> dict[str, frozenset[str]]:
        """Per deck, the ids that name one of its cards: physical ids and, for cards with
        copies, the bare id too (``rats`` beside ``rats#1``; :meth:`card` reads both)."""
        out = {}
        for name in _DECK_FIELDS:
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
        field = _DECK_FIELDS.get(name)
        if field is None:
            raise UnknownIdError(f"unknown deck {name!r}; valid: {', '.join(_DECK_FIELDS)}")
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

    def variant_card(self, card_id: str) -> VariantCard:
        return _lookup(self._idx.variant_cards, card_id, "variant card")

    def handler_keys(self) -> frozenset[str]:
        """Every Python handler key the data names (cards, omens, powers, equipment, terrain ...).

        The engine's handler registry should cover this set.
        """
        keys: set[str] = set()
        for field in (*_DECK_FIELDS.values(), "variant_cards", "omens", "terrain"):
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


# ---------------------------------------------------------------------------
# YAML loading with line numbers
# ---------------------------------------------------------------------------

YamlPath: TypeAlias = tuple[str | int, ...]

# libyaml's CSafeLoader has the same safe constructor as yaml.SafeLoader but
# parses about 15x faster, which keeps loading well under the 150 ms budget.
if TYPE_CHECKING:
    _SafeLoaderBase = yaml.SafeLoader
else:
    _SafeLoaderBase = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def format_path(path: Iterable[str | int]) -> str:
    """``("tiles", 3, "walls")`` -> ``"tiles[3].walls"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


class RulesYamlLoader(_SafeLoaderBase):
    """A safe YAML loader that refuses duplicate mapping keys and records line numbers.

    ``load_with_lines()`` returns the document as plain dicts/lists/scalars and
    fills ``self.lines`` with the 1-based line of every mapping key and list
    item, keyed by its path, e.g. ``{("tiles", 3, "walls"): 42}``.  Used through
    ``yaml.load(text, Loader=RulesYamlLoader)`` it still refuses duplicate keys.
    """

    def __init__(self, stream: str, filename: str = "<string>") -> None:
        super().__init__(stream)
        self.filename = filename
        self.lines: dict[YamlPath, int] = {}

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise RulesDataError(
                    f"{self.filename} line {line}: duplicate key {key!r} (first defined on line {seen[key]})"
                )
            seen[key] = line
        return super().construct_mapping(node, deep=deep)

    def load_with_lines(self) -> Any:
        try:
            node = self.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            where = f" line {mark.line + 1}" if mark is not None else ""
            raise RulesDataError(f"{self.filename}{where}: YAML syntax error: {exc.problem or exc}") from None
        except yaml.YAMLError as exc:
            raise RulesDataError(f"{self.filename}: YAML error: {exc}") from None
        if node is None:
            return None
        return self._build(node, (), set())

    def _build(self, node: yaml.Node, path: YamlPath, stack: set[int]) -> Any:
        if isinstance(node, yaml.ScalarNode):
            return self.construct_object(node, deep=True)
        if id(node) in stack:
            raise RulesDataError(
                f"{self.filename} line {node.start_mark.line + 1}, {format_path(path)}: recursive YAML alias"
            )
        stack.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                out: dict[Any, Any] = {}
                first: dict[Any, int] = {}
                for key_node, value_node in node.value:
                    line = key_node.start_mark.line + 1
                    if not isinstance(key_node, yaml.ScalarNode):
                        raise RulesDataError(f"{self.filename} line {line}, {format_path(path)}: keys must be plain scalars")
                    key = self.construct_object(key_node, deep=True)
                    if key == "<<":
                        raise RulesDataError(f"{self.filename} line {line}, {format_path(path)}: merge keys (<<) are not allowed")
                    if isinstance(key, bool) or not isinstance(key, (str, int)):
                        raise RulesDataError(f"{self.filename} line {line}, {format_path(path)}: key {key!r} must be a string")
                    child = (*path, key)
                    if key in first:
                        raise RulesDataError(
                            f"{self.filename} line {line}, {format_path(child)}: duplicate key {key!r} "
                            f"(first defined on line {first[key]})"
                        )
                    first[key] = line
                    self.lines[child] = line
                    out[key] = self._build(value_node, child, stack)
                return out
            if isinstance(node, yaml.SequenceNode):
                items = []
                for i, item in enumerate(node.value):
                    child = (*path, i)
                    self.lines[child] = item.start_mark.line + 1
                    items.append(self._build(item, child, stack))
                return items
        finally:
            stack.discard(id(node))
        raise RulesDataError(f"{self.filename}: unexpected YAML node {node!r}")  # pragma: no cover


class _Sources:
    """Where every top-level key came from, to turn a key path into "file line N, path"."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.raw: dict[str, Any] = {}
        self.files: dict[str, str] = {}
        self.lines: dict[str, dict[YamlPath, int]] = {}

    def add(self, filename: str, text: str) -> None:
        loader = RulesYamlLoader(text, filename)
        try:
            data = loader.load_with_lines()
        finally:
            loader.dispose()
        if data is None:
            return
        if not isinstance(data, dict):
            raise RulesDataError(f"{filename} line 1: the file must be a mapping of top-level keys")
        for key, value in data.items():
            if key in self.raw:
                raise RulesDataError(
                    f"{filename} line {loader.lines[(key,)]}, {key}: top-level key already defined in {self.files[key]}"
                )
            self.raw[key] = value
            self.files[key] = filename
            self.lines[key] = loader.lines

    def locate(self, loc: Iterable[str | int]) -> str:
        """``file line N, key.path`` for a pydantic-style location tuple."""
        loc = tuple(loc)
        if not loc:
            return self.where
        top = loc[0]
        if top not in self.raw:
            return f"{self.where} (no file defines {top!r}), {format_path(loc)}"
        node: Any = self.raw
        resolved: list[str | int] = []
        for part in loc:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                node = node[part]
            else:
                break
            resolved.append(part)
        shown = list(resolved)
        if len(resolved) == len(loc) - 1 and isinstance(node, dict) and isinstance(loc[-1], str):
            shown.append(loc[-1])  # a missing key: name it, point at its parent
        lines = self.lines[str(top)]
        line = None
        for n in range(len(resolved), 0, -1):
            line = lines.get(tuple(resolved[:n]))
            if line is not None:
                break
        return f"{self.files[str(top)]} line {line}, {format_path(shown)}"


def _validation_message(exc: ValidationError, sources: _Sources, limit: int = 8) -> str:
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:limit]:
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown key (not allowed here)"
        parts.append(f"{sources.locate(err['loc'])}: {msg}")
    if len(errors) > limit:
        parts.append(f"... and {len(errors) - limit} more error(s)")
    return "\n".join(parts)


# ---------------------------------------------------------------------------
# Cross-checks (firm component facts from COMPONENT_DATA.md)
# ---------------------------------------------------------------------------

_TILE_TYPE_COUNTS = {"entrance": 1, "ambush": 15, "event": 15, "treasure": 6, "crystal": 9, "vault": 6}
_SHAPE_COUNTS = {  # tile type -> counts of (open, side, corner, tunnel, dead_end)
    "entrance": (1, 0, 0, 0, 0),
    "ambush": (4, 3, 4, 3, 1),
    "event": (5, 3, 3, 3, 1),
    "treasure": (3, 1, 1, 1, 0),
    "vault": (0, 3, 3, 0, 0),
    "crystal": (3, 3, 3, 0, 0),
}
_TRIBE_TILES = 17
_TERRAIN_KINDS = {"canyon": 1, "lake": 1, "magma": 1, "mushroom_forest": 1, "pits": 3, "river": 1}
_DECK_CONTENTS: dict[str, dict[str, int]] = {  # deck -> base card id -> copies
    "events": {"ambush": 4, "light": 1, "vantage_point": 1, "fresh_air": 1, "fresh_water": 1,
               "cave_bread": 1, "rats": 3, "deep_and_dark": 3},
    "treasures": dict.fromkeys(["javelin", "elven_sword", "mighty_axe", "potion_kit", "heroic_boots",
                                "pixie_lantern", "enchanted_bow"], 1),
    "sidequests": dict.fromkeys(["stalwart", "intrepid", "daring", "fearless", "cunning", "bedecked",
                                 "adventurous", "swift", "eagle_eyed", "persistent"], 1),
    "war": dict.fromkeys(["thirst", "spite", "consumption", "desolation", "waste", "ruin", "hate", "fear",
                          "desperation", "pain"], 1),
    "monsters": dict.fromkeys(["pet_frog", "ogre", "troll", "golem", "gnome", "wisp", "bright_beetles",
                               "underworm", "blob", "flame_giant"], 1),
    "secrets": dict.fromkeys(["secret_tunnels", "cave_in", "poison", "leader", "goblin_ruby", "blind_fury",
                              "fire_bomber", "hex", "trap", "hiding_spots"], 1),
    "powers": {"power_claw": 6, "power_flame": 6, "power_wing": 6},
    "scales": {"scale_golden": 1, "scale_silver": 1, "scale_platinum": 1},
}
_OMEN_IDS = ("giant_bats", "rockslide", "past_plunder", "soporific_spores", "hatred", "crystal_curse")
_OMEN_TOKENS = 36
_VARIANT_CARD_IDS = ("alone_in_the_dark", "goblin_infestation", "flare", "past_plunder", "ash_dragon")
_DIFFICULTY_PARAMS: dict[str, tuple[str, ...]] = {
    "knight": ("dragon_health", "crystals", "smash_strength"),
    "goblins": ("knight_health",),
    "dragon": ("wakefulness_needed", "shriek_turns"),
    "cave": ("hatred_tokens", "remove_per_type", "collapse_crystals"),
    "thief": ("stash", "no_upgrade_first"),
}


class _Checker:
    """Runs the cross-checks and raises RulesDataError naming file, line and key."""

    def __init__(self, rd: RulesData, sources: _Sources, variant_paths: Mapping[int, YamlPath]) -> None:
        self.rd = rd
        self.sources = sources
        self.variant_paths = variant_paths

    def fail(self, path: YamlPath, message: str) -> None:
        raise RulesDataError(f"{self.sources.locate(path)}: {message}")

    def require(self, ok: bool, path: YamlPath, message: str) -> None:
        if not ok:
            self.fail(path, message)

    def run(self) -> None:
        self.tiles()
        self.terrain()
        self.decks()
        self.war_and_monsters()
        self.omens()
        self.die()
        self.roles()
        self.variants()
        self.difficulty()

    def _unique(self, field: str, ids: list[str]) -> None:
        first: dict[str, int] = {}
        for i, x in enumerate(ids):
            if x in first:
                self.fail((field, i, "id"), f"duplicate id {x!r} (also {field}[{first[x]}])")
            first[x] = i

    def tiles(self) -> None:
        tiles = self.rd.tiles
        self._unique("tiles", [t.id for t in tiles])
        self.require(len(tiles) == 52, ("tiles",), f"there must be 52 Cave tiles, found {len(tiles)}")
        by_type: Counter[str] = Counter(t.type for t in tiles)
        for typ, want in _TILE_TYPE_COUNTS.items():
            self.require(by_type[typ] == want, ("tiles",), f"there must be {want} {typ} tiles, found {by_type[typ]}")
        shapes = ("open", "side", "corner", "tunnel", "dead_end")
        for typ, want_shapes in _SHAPE_COUNTS.items():
            got: Counter[str] = Counter(t.shape for t in tiles if t.type == typ)
            got_t = tuple(got[s] for s in shapes)
            self.require(
                got_t == want_shapes,
                ("tiles",),
                f"{typ} tiles must have shapes open/side/corner/tunnel/dead_end = {list(want_shapes)}, found {list(got_t)}",
            )
            tribes: Counter[str | None] = Counter(t.tribe for t in tiles if t.type == typ)
            if typ != "entrance":
                per = _TILE_TYPE_COUNTS[typ] // 3
                self.require(
                    all(tribes[tr] == per for tr in ("fangs", "bones", "eye")),
                    ("tiles",),
                    f"{typ} tiles must show each Tribe {per} times, found {dict(tribes)}",
                )
        all_tribes: Counter[str] = Counter(t.tribe for t in tiles if t.tribe)
        for tr in ("fangs", "bones", "eye"):
            self.require(all_tribes[tr] == _TRIBE_TILES, ("tiles",),
                         f"{tr} must be on {_TRIBE_TILES} tiles, found {all_tribes[tr]}")
        cave = self.rd.cave
        self.require(cave.crystal_tokens == by_type["crystal"], ("cave", "crystal_tokens"),
                     "there is one Crystal token per Crystal tile")
        self.require(cave.collapse_crystals <= by_type["crystal"], ("cave", "collapse_crystals"),
                     "cannot need more collapsed Crystal tiles than exist")
        self.require(self.rd.thief.vault_tokens == by_type["vault"], ("thief", "vault_tokens"),
                     "there is one Vault token per Vault tile")
        self.require(
            cave.crystal_tiles_per_pile * cave.stack_piles == by_type["crystal"]
            and cave.vault_tiles_per_pile * cave.stack_piles == by_type["vault"],
            ("cave", "stack_piles"), "Crystal and Vault tiles must divide evenly among the piles",
        )
        self.require(cave.starting_dark_tiles <= 4, ("cave", "starting_dark_tiles"),
                     "the Entrance has only 4 sides to place starting tiles on (SET-09)")

    def terrain(self) -> None:
        self._unique("terrain", [t.id for t in self.rd.terrain])
        kinds = Counter(t.kind for t in self.rd.terrain)
        self.require(dict(kinds) == _TERRAIN_KINDS, ("terrain",),
                     f"Terrain must be {_TERRAIN_KINDS}, found {dict(kinds)}")

    def decks(self) -> None:
        owner: dict[str, str] = {}
        for deck, field in (*_DECK_FIELDS.items(), ("variant cards", "variant_cards")):
            cards: tuple[Card, ...] = getattr(self.rd, field)
            for i, card in enumerate(cards):
                if card.id in owner:
                    self.fail((field, i, "id"), f"card id {card.id!r} is already used in {owner[card.id]}; ids must be unique across decks")
                owner[card.id] = field
                if card.promo and not card.provisional:
                    self.fail((field, i, "promo"), "promo cards rest on partial rules: mark them provisional with a note")
            want = _DECK_CONTENTS.get(deck)
            if want is None:
                continue
            got = {c.id: c.copies for c in cards if not c.promo}
            if got != want:
                missing = sorted(set(want) - set(got))
                extra = sorted(set(got) - set(want))
                wrong = sorted(k for k in set(want) & set(got) if want[k] != got[k])
                self.fail((field,), f"the {deck} deck must hold {sum(want.values())} cards {want}; "
                                    f"missing {missing}, unexpected {extra}, wrong copies {wrong}")
        self.require(set(c.id for c in self.rd.variant_cards) == set(_VARIANT_CARD_IDS), ("variant_cards",),
                     f"the variant cards must be {list(_VARIANT_CARD_IDS)}")
        for i, sq in enumerate(self.rd.sidequests):
            if not sq.promo:
                self.require(3 <= sq.grit <= 6, ("sidequests", i, "grit"), "base Sidequests give 3 to 6 Grit")
        symbols = Counter(c.symbol for c in self.rd.power_cards for _ in range(c.copies) if not c.promo)
        self.require(all(symbols[s] == 6 for s in ("claw", "flame", "wing")), ("power_cards",),
                     f"Power cards must be 6 Claw, 6 Flame, 6 Wing, found {dict(symbols)}")

    def war_and_monsters(self) -> None:
        g = self.rd.goblins
        for i, w in enumerate(self.rd.war_cards):
            for tribe in ("fangs", "bones", "eye"):
                self.require(w.discs(tribe) <= g.max_population, ("war_cards", i, tribe),
                             f"a War card cannot add more than {g.max_population} discs to one Tribe")
            self.require(w.fangs + w.bones + w.eye <= g.discs, ("war_cards", i), "more discs than the Goblins own")
            self.require(w.monsters <= 3 and w.secrets <= 3 and w.rage <= 1, ("war_cards", i),
                         "a War card draws at most 3 Monsters and 3 Secrets and gives at most 1 Rage")
            self.require(w.fangs + w.bones + w.eye + w.monsters + w.secrets + w.rage > 0, ("war_cards", i),
                         "a War card must do something")
        free_discs = g.strength_discs - sum(t.strength_discs for t in g.tribes)
        strong = sum(1 for m in self.rd.monsters if m.strength_bonus and not m.promo)
        self.require(strong <= free_discs, ("monsters",),
                     f"{strong} Monsters give Strength discs but only {free_discs} discs are free")
        for i, m in enumerate(self.rd.monsters):
            self.require(m.ambush_strength is not None, ("monsters", i, "ambush_strength"),
                         "every Monster needs an Ambush Strength for Goblin Infestation line C")

    def omens(self) -> None:
        rd = self.rd
        ring = rd.omen_symbols
        self.require(len(ring) == 6 and len(set(ring)) == 6, ("omen_symbols",), "there are six different Omen symbols")
        self.require(len(ring) * rd.omen_tokens_per_symbol == _OMEN_TOKENS, ("omen_tokens_per_symbol",),
                     f"the Omen bag holds {_OMEN_TOKENS} tokens")
        self.require(tuple(o.id for o in rd.omens) == _OMEN_IDS, ("omens",), f"the omens must be {list(_OMEN_IDS)}")
        centres: list[str] = []
        for i, o in enumerate(rd.omens):
            for j, sym in enumerate(o.accepts):
                self.require(sym in ring, ("omens", i, "accepts", j), f"unknown Omen symbol {sym!r}; valid: {', '.join(ring)}")
            k = ring.index(o.accepts[0])
            self.require(
                o.accepts == (ring[k], ring[(k + 1) % 6], ring[(k + 2) % 6]),
                ("omens", i, "accepts"),
                "an omen accepts three neighbouring symbols of the ring, in ring order",
            )
            centres.append(o.accepts[1])
            self.require(len(o.costs) in (1, 3), ("omens", i, "costs"), "an omen has one cost or three (1st/2nd/3rd use)")
        self.require(sorted(centres) == sorted(ring), ("omens",), "each symbol must be the middle of exactly one omen")
        table = rd.omen_table
        self.require(table[0] == (0, 1), ("omen_table", 0), "the table starts at 0 tokens -> 1 omen")
        for i in range(1, len(table)):
            self.require(table[i][0] > table[i - 1][0] and table[i][1] > table[i - 1][1], ("omen_table", i),
                         "thresholds and omens must both rise")

    def die(self) -> None:
        faces = self.rd.dragon_die
        self.require(len(faces) == 6, ("dragon_die",), f"the Dragon die has 6 faces, found {len(faces)}")
        self.require(len(set(faces)) == 6, ("dragon_die",), "two die faces are the same")
        self.require(sum((0, 0) in f for f in faces) == 3, ("dragon_die",), "exactly 3 die faces include the centre")
        for i, face in enumerate(faces):
            turned = frozenset((-dy, dx) for dx, dy in face)
            self.require(turned == face, ("dragon_die", i),
                         "a die face must look the same after a quarter turn (the die has no facing on the map)")

    def roles(self) -> None:
        rd = self.rd
        dragon = rd.dragon
        self.require(dragon.sloth_cubes == 14, ("dragon", "sloth"), f"the Dragon has 14 Sloth cubes, found {dragon.sloth_cubes}")
        self.require(rd.knight.total_cubes == 7, ("knight", "total_cubes"), "the Knight has 7 Hero cubes")
        self.require(len(rd.thief.upgrades) == 11, ("thief", "upgrades"), "the Thief board has 11 upgrade spaces")
        self.require(rd.cave.treasure_tokens_with_thief >= rd.cave.treasure_tokens_no_thief,
                     ("cave", "treasure_tokens_with_thief"), "the Thief adds Treasure tokens, never removes them")

    def variants(self) -> None:
        rd = self.rd
        cards = {c.id for c in rd.variant_cards}
        quests = {c.id for c in rd.sidequests}
        ids: dict[str, int] = {}
        seen: dict[frozenset[str], int] = {}
        for i, rv in enumerate(rd.role_variants):
            path = self.variant_paths.get(i, ("role_variants",))
            if rv.id in ids:
                self.fail((*path, "id"), f"duplicate role variant id {rv.id!r}")
            ids[rv.id] = i
            key = frozenset(rv.roles)
            if key in seen:
                self.fail((*path, "roles"), f"roles {sorted(key)} already covered by {rd.role_variants[seen[key]].id!r}")
            seen[key] = i
            for j, (card, _) in enumerate(rv.gifts):
                self.require(card in cards, (*path, "gifts", j, 0),
                             f"unknown variant card {card!r}; valid: {', '.join(sorted(cards))}")
            for j, quest in enumerate(rv.remove_sidequests):
                self.require(quest in quests, (*path, "remove_sidequests", j),
                             f"unknown Sidequest {quest!r}; valid: {', '.join(sorted(quests))}")
            has_cave = "cave" in rv.roles
            lose_all = any(w.kind == "all_lose_on_collapse" for w in rv.wins)
            self.require(has_cave != lose_all, (*path, "wins"),
                         "the Cave player wins a collapse; without one, everyone loses it (all_lose_on_collapse)")
        for name in ("three_roles", "two_roles"):
            rule: ThiefJoinRule = getattr(rd.thief_joins, name)
            for field in ("drop_gifts", "thief_gifts"):
                for j, card in enumerate(getattr(rule, field)):
                    self.require(card in cards, ("thief_joins", name, field, j),
                                 f"unknown variant card {card!r}; valid: {', '.join(sorted(cards))}")
        legal = {frozenset(c) for n in range(1, 6) for c in itertools.combinations(ROLES, n)} - {frozenset({"cave"})}
        missing = legal - set(seen)
        self.require(not missing, ("role_variants",),
                     f"{len(missing)} role combination(s) have no variant, e.g. {sorted(next(iter(missing), ()))}")
        self.require(len(seen) == 30, ("role_variants",), f"expected 30 role combinations, found {len(seen)}")

    def difficulty(self) -> None:
        rd = self.rd
        standard_values = {
            ("knight", "dragon_health"): rd.dragon.start_health,
            ("knight", "crystals"): rd.knight.crystals_to_win,
            ("knight", "smash_strength"): rd.knight.smash_strength,
            ("goblins", "knight_health"): rd.knight.start_health,
            ("dragon", "wakefulness_needed"): rd.dragon.wake_threshold,
            ("cave", "collapse_crystals"): rd.cave.collapse_crystals,
            ("cave", "hatred_tokens"): 0,
            ("cave", "remove_per_type"): 0,
            ("thief", "stash"): rd.thief.stash_to_win,
        }
        for role in ROLES:
            idx = [i for i, d in enumerate(rd.difficulty) if d.role == role]
            levels = [rd.difficulty[i] for i in idx]
            self.require([d.rank for d in levels] == list(RANKS), ("difficulty",),
                         f"{role} needs five levels listed easiest, easy, standard, hard, expert")
            self.require(len({d.id for d in levels}) == 5, ("difficulty",), f"{role} difficulty ids must be unique")
            for i in idx:
                d = rd.difficulty[i]
                want = _DIFFICULTY_PARAMS[role]
                self.require(set(d.params) == set(want), ("difficulty", i, "params"),
                             f"{role} levels take exactly the params {list(want)}")
                for key in want:
                    value = d.params[key]
                    self.require(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
                                 ("difficulty", i, "params", key), "must be a non-negative integer")
                    if d.rank == "standard" and (role, key) in standard_values:
                        self.require(value == standard_values[(role, key)], ("difficulty", i, "params", key),
                                     f"Standard must match the board value {standard_values[(role, key)]}")


# ---------------------------------------------------------------------------
# Deriving the "vs Thief" combinations (RV-11, RV-17..21)
# ---------------------------------------------------------------------------


def _join_thief(base: RoleVariant, rule: ThiefJoinRule, names: Mapping[str, str], quest_names: Mapping[str, str]) -> RoleVariant:
    gifts = [g for g in base.gifts if g[0] not in rule.drop_gifts]
    changes: list[str] = []
    for card, _holder in base.gifts:
        if card in rule.drop_gifts:
            changes.append(f"{names.get(card, card)} is not used")
    for card in rule.thief_gifts:
        held = [i for i, g in enumerate(gifts) if g[0] == card]
        if held:
            i = held[0]
            before = gifts[i][1]
            gifts[i] = (gifts[i][0], "table")
            if before != "table":
                changes.append(f"{names.get(card, card)} lies beside the map for the {before.capitalize()} and the Thief to share")
        else:
            gifts.append((card, "thief"))
            changes.append(f"the Thief takes {names.get(card, card)}")
    roles = cast("frozenset[Role]", base.roles | {"thief"})
    remove = base.remove_sidequests
    if rule.keep_all_sidequests and remove:
        changes.append(" and ".join(quest_names.get(q, q) for q in remove) + " stay in the Sidequest deck")
        remove = ()
    place_optional = base.place_treasure_optional
    if rule.place_treasure_optional and "cave" in roles and not place_optional:
        place_optional = True
        changes.append("the Cave may skip its Place Treasure phase (revealed Treasure Rooms still get tokens)")
    wins = (*base.wins, *rule.thief_wins)
    line = base.goblin_infestation_line if any(g[0] == "goblin_infestation" for g in gifts) else None
    summary = rule.summary.format(base=base.name) + f" {base.name}: {base.summary}"
    if changes:
        summary += " Changes with the Thief: " + "; ".join(changes) + "."
    return RoleVariant(
        id=f"{base.id}_vs_thief",
        name=f"{base.name} vs Thief",
        roles=roles,
        recommended=False,
        gifts=tuple(gifts),
        goblin_infestation_line=line,
        remove_sidequests=remove,
        hunger_to_wakefulness=base.hunger_to_wakefulness,
        cave_cannot_return_hunger=base.cave_cannot_return_hunger,
        place_treasure_optional=place_optional,
        skip_dead_knight=base.skip_dead_knight,
        knight_crystals_choice=base.knight_crystals_choice,
        wins=wins,
        summary=summary,
        derived_from=base.id,
    )


def _with_thief_variants(rd: RulesData) -> tuple[tuple[RoleVariant, ...], dict[int, YamlPath]]:
    """All role variants: the listed ones plus those derived by the Thief-joining rules."""
    listed = rd.role_variants
    paths: dict[int, YamlPath] = {i: ("role_variants", i) for i in range(len(listed))}
    covered = {rv.roles for rv in listed}
    names = {c.id: c.name for c in rd.variant_cards}
    quest_names = {c.id: c.name for c in rd.sidequests}
    out = list(listed)
    for rv in listed:
        if "thief" in rv.roles or len(rv.roles) not in (2, 3):
            continue
        if rv.roles | {"thief"} in covered:
            continue
        which = "three_roles" if len(rv.roles) == 3 else "two_roles"
        rule: ThiefJoinRule = getattr(rd.thief_joins, which)
        paths[len(out)] = ("thief_joins", which)
        out.append(_join_thief(rv, rule, names, quest_names))
        covered.add(out[-1].roles)
    return tuple(out), paths


# ---------------------------------------------------------------------------
# Public entry points
# ---------------------------------------------------------------------------


def default_rules_dir() -> Traversable:
    """The packaged ``vast_desktop/rules_data`` directory (works from any working directory)."""
    return importlib.resources.files("vast_desktop").joinpath("rules_data")


def load_rules_data_uncached(directory: Path | Traversable | None = None) -> RulesData:
    """Read, validate and cross-check every ``*.yaml`` in ``directory`` (default: the packaged data).

    Raises :class:`RulesDataError` naming file, line and key path on any problem.
    """
    root: Traversable = default_rules_dir() if directory is None else directory
    if not root.is_dir():
        raise RulesDataError(f"{root}: rules data directory not found")
    files = sorted((f for f in root.iterdir() if f.name.endswith(".yaml") and f.is_file()), key=lambda f: f.name)
    if not files:
        raise RulesDataError(f"{root}: no *.yaml files")
    sources = _Sources(str(root))
    for f in files:
        sources.add(f.name, f.read_text(encoding="utf-8"))
    try:
        listed = RulesData.model_validate(sources.raw)
    except ValidationError as exc:
        raise RulesDataError(_validation_message(exc, sources)) from None
    try:
        variants, paths = _with_thief_variants(listed)
    except ValidationError as exc:  # a derived variant broke a rule: blame the joining rule
        raise RulesDataError(f"{sources.locate(('thief_joins',))}: a derived variant is invalid: {exc}") from None
    rd = listed.model_copy(update={"role_variants": variants})
    rd.__dict__.pop("_idx", None)  # never carry a lookup index over from the partial object
    _Checker(rd, sources, paths).run()
    return rd


@functools.lru_cache(maxsize=8)
def load_rules_data(directory: Path | None = None) -> RulesData:
    """The validated rules data, loaded once per directory and then shared (it is immutable)."""
    return load_rules_data_uncached(directory)
