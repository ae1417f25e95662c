"""The small shared types of the rules-data models: errors, ids, counts, frozen mappings, the two base models.

Split out of :mod:`.schema` so that the models of one role or expansion can live in a module of
their own (:mod:`.ghoul`) and still be fields of :class:`~.schema.RulesData` without an import
cycle.  :mod:`.schema` re-exports every name, so ``from .schema import Params`` keeps working.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeAlias, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError, core_schema

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
DeckName: TypeAlias = Literal["events", "treasures", "sidequests", "war", "monsters", "secrets", "powers", "scales",
                              "upgrades"]
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
SHAPE_WALLS: MappingProxyType[str, Walls] = MappingProxyType({
    "open": (False, False, False, False),
    "side": (True, False, False, False),
    "corner": (True, True, False, False),
    "tunnel": (True, False, True, False),
    "dead_end": (True, True, True, False),
})

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
