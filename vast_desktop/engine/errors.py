"""Errors every layer may raise (the lowest layer, so a role's loader can refuse a scenario),
and the type check a scenario's values pass before they go into a role's state."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, get_type_hints

from pydantic import TypeAdapter, ValidationError


class ScenarioError(ValueError):
    """A scenario that cannot be built; the message names the key."""


@lru_cache(maxsize=512)
def _adapter(owner: Any, key: str) -> TypeAdapter[Any] | None:
    """The pydantic adapter for the dataclass field ``owner.key`` (None: no usable annotation)."""
    try:
        hint = get_type_hints(owner).get(key)
        return None if hint is None else TypeAdapter(hint)
    except Exception:        # an annotation pydantic cannot check (a forward reference, a custom class)
        return None


def checked(owner: Any, key: str, value: Any, where: str) -> Any:
    """``value`` as the type the state field ``key`` of ``owner`` (a role's or the game's state
    dataclass) declares — a list of positions becomes a list of tuples — or ScenarioError
    naming ``where``.  So a scenario's value of the wrong kind (a Knight's health of "x") is
    refused when it loads, not when a rule later adds to it."""
    adapter = _adapter(owner.__class__, key)
    if adapter is None:
        return value
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in first["loc"])
        raise ScenarioError(f"{where}{loc}: {first['msg']} (got {first['input']!r:.60})") from None
