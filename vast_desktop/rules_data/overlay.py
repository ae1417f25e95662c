"""The player's rules-data folder: its YAML files change the packaged data key by key.

Why: a player can correct a value the game got wrong, or add a promo card, without
touching the installed game.  A file in the player's folder (any ``*.yaml`` name; using the
packaged file's name keeps things tidy) holds only what changes:

* mappings merge key by key (``knight: {start_health: 8}`` changes that one number);
* lists of components (mappings with an ``id``) merge item by item, matched by ``id``; an
  item with a new id adds a component (the schema and the cross-checks decide where that is
  allowed: a new card must be a provisional promo card, since the decks' contents are fixed);
* anything else (a number, a word, a list of numbers) is replaced whole.

Every value placed from the player's folder is recorded as an :class:`Override` (file, line,
key path in the merged data), so errors point at the player's line and the rules reference
and the setup screen can say which values are the player's (:class:`Provenance`).

A component's ``handler`` (and a Sidequest's ``condition`` keys, a Tribe's ``special_action``)
names the Python procedure the engine runs for it; the engine binds those by the component's
id, so an existing component's handler cannot change and a new component must name a handler
the packaged data already uses in the same list.  A Monster's ``ambush_line`` is looked up by
name, so it may become any line the packaged data uses (or none).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .paths import YamlPath, format_path
from .schema import RulesDataError

__all__ = ["BOUND_BY_ID", "BY_NAME", "Override", "Provenance", "UserLayer", "USER_SUFFIX"]

#: How a file of the player's folder is named in messages, beside the packaged files.
USER_SUFFIX = " (your folder)"
#: Keys naming an engine procedure the engine finds by the component's id: fixed for a component.
BOUND_BY_ID = frozenset({"handler", "condition", "condition_no_goblins", "condition_no_dragon", "special_action"})
#: Keys naming an engine procedure the engine looks up by this name: any name it knows.
BY_NAME = frozenset({"ambush_line"})


@dataclass(frozen=True)
class Override:
    """One value the player's folder set: where it landed in the merged data, and where it was written."""

    path: YamlPath       # key path in the merged data, e.g. ("events", 1, "params", "health")
    file: str            # the player's file name, e.g. "events.yaml"
    line: int            # its 1-based line there
    added: bool = False  # a whole new component (a new id in a list of components)

    @property
    def where(self) -> str:
        return f"{self.file}{USER_SUFFIX} line {self.line}, {format_path(self.path)}"


@dataclass(frozen=True)
class Provenance:
    """Which values of the loaded rules data came from the player's folder (empty when none did)."""

    folder: str = ""
    overrides: tuple[Override, ...] = ()

    def under(self, path: Iterable[str | int]) -> tuple[Override, ...]:
        """Every override at ``path`` or inside it (a card's changed numbers, a section's new cards)."""
        key = tuple(path)
        return tuple(o for o in self.overrides if o.path[: len(key)] == key or key[: len(o.path)] == o.path)

    @property
    def values(self) -> int:
        return sum(1 for o in self.overrides if not o.added)

    @property
    def components(self) -> int:
        return sum(1 for o in self.overrides if o.added)

    def summary(self) -> str:
        """``2 values and 1 new component`` (or ``""`` when nothing came from the folder)."""
        parts = []
        if self.values:
            parts.append(f"{self.values} value{'s' if self.values != 1 else ''}")
        if self.components:
            parts.append(f"{self.components} new component{'s' if self.components != 1 else ''}")
        return " and ".join(parts)


def _is_component_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, dict) and "id" in x for x in value)


def _shape(path: YamlPath) -> YamlPath:
    """``("events", 3, "handler")`` -> ``("events", -1, "handler")``: the same key of any item."""
    return tuple(-1 if isinstance(p, int) else p for p in path)


def _handlers(node: Any, path: YamlPath, out: dict[YamlPath, set[str]]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in BOUND_BY_ID | BY_NAME and isinstance(v, str):
                out.setdefault(_shape((*path, k)), set()).add(v)
            else:
                _handlers(v, (*path, k), out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _handlers(v, (*path, i), out)


class UserLayer:
    """Merges the player's files into the packaged raw data, recording every value placed.

    ``raw`` is the packaged data as read (top-level key -> value) and is changed in place;
    ``origins`` maps each merged key path the player wrote to (file, line) for error messages.
    """

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.packaged = copy.deepcopy(raw)
        self.origins: dict[YamlPath, tuple[str, int]] = {}
        self.overrides: list[Override] = []
        self.known_handlers: dict[YamlPath, set[str]] = {}
        _handlers(self.packaged, (), self.known_handlers)

    # -- merging ---------------------------------------------------------------

    def add(self, filename: str, data: Any, lines: dict[YamlPath, int]) -> None:
        """Merge one player's file (already read by the safe loader, with its key lines)."""
        if data is None:
            raise RulesDataError(f"{filename}{USER_SUFFIX} line 1, (top level): the file is empty; write only "
                                 "the values to change, e.g. 'knight: {start_health: 8}', or delete the file")
        if not isinstance(data, dict):
            raise RulesDataError(f"{filename}{USER_SUFFIX} line 1, (top level): the file must be a mapping of "
                                 f"top-level keys (like the game's own files), not a {type(data).__name__}")
        self._file = filename
        self._lines = lines
        self._merge_map(self.raw, data, (), ())

    def _line(self, user_path: YamlPath) -> int:
        for n in range(len(user_path), 0, -1):
            line = self._lines.get(user_path[:n])
            if line is not None:
                return line
        return 1

    def _place(self, merged: YamlPath, user_path: YamlPath, added: bool = False) -> None:
        """Record a value written by the player (and the lines of everything inside it)."""
        line = self._line(user_path)
        earlier = self.origins.get(merged)
        if earlier is not None and earlier[0] != self._file:
            raise RulesDataError(f"{self._file}{USER_SUFFIX} line {line}, {format_path(merged)}: "
                                 f"also set in {earlier[0]}{USER_SUFFIX} line {earlier[1]}; set each value in one file")
        self.overrides.append(Override(merged, self._file, line, added))
        n = len(user_path)
        for sub, sub_line in self._lines.items():
            if sub[:n] == user_path:
                self.origins[(*merged, *sub[n:])] = (self._file, sub_line)

    def _merge_map(self, base: dict[Any, Any], over: dict[Any, Any], merged: YamlPath, user_path: YamlPath) -> None:
        for key, value in over.items():
            m, u = (*merged, key), (*user_path, key)
            if key in base:
                self._merge_value(base, key, value, m, u)
            else:
                base[key] = value
                self._place(m, u)
                self._check_handler(m, value, None)

    def _merge_value(self, parent: dict[Any, Any] | list[Any], key: Any, value: Any,
                     merged: YamlPath, user_path: YamlPath) -> None:
        old = parent[key]
        if isinstance(old, dict) and isinstance(value, dict):
            self.origins.setdefault(merged, (self._file, self._line(user_path)))
            self._merge_map(old, value, merged, user_path)
        elif _is_component_list(old) and isinstance(value, list):
            self.origins.setdefault(merged, (self._file, self._line(user_path)))
            self._merge_components(old, value, merged, user_path)
        else:
            parent[key] = value
            self._place(merged, user_path)
            self._check_handler(merged, value, old)

    def _merge_components(self, base: list[Any], over: list[Any], merged: YamlPath, user_path: YamlPath) -> None:
        index = {item["id"]: i for i, item in reversed(list(enumerate(base)))}
        seen: dict[Any, int] = {}
        for j, item in enumerate(over):
            u = (*user_path, j)
            where = f"{self._file}{USER_SUFFIX} line {self._line(u)}, {format_path((*merged, j))}"
            if not isinstance(item, dict) or "id" not in item:
                raise RulesDataError(f"{where}: the items of {format_path(merged)} are matched by their 'id'; "
                                     "this item has none (write '- id: ...' first)")
            cid = item["id"]
            if cid in seen:
                raise RulesDataError(f"{where}.id: duplicate id {cid!r} (also item {seen[cid]} of this list)")
            seen[cid] = j
            if cid in index:
                i = index[cid]
                self.origins.setdefault((*merged, i), (self._file, self._line(u)))
                self._merge_map(base[i], {k: v for k, v in item.items() if k != "id"}, (*merged, i), u)
            else:
                m = (*merged, len(base))
                base.append(item)
                self._place(m, u, added=True)
                self._check_handler(m, item, None)

    # -- handler names -----------------------------------------------------------

    def _check_handler(self, merged: YamlPath, value: Any, old: Any) -> None:
        """A ``handler`` (or another procedure name) the player wrote must be one the engine runs
        (see the module docstring)."""
        if isinstance(value, dict):      # a mapping placed whole: check the handlers inside it
            for k, v in value.items():
                self._check_handler((*merged, k), v, None)
            return
        if not merged or merged[-1] not in BOUND_BY_ID | BY_NAME or value is None:
            return
        where = f"{self._file}{USER_SUFFIX} line {self._line_of(merged)}, {format_path(merged)}"
        known = self.known_handlers.get(_shape(merged), set())
        if not isinstance(value, str) or value not in known:
            listed = ", ".join(sorted(known)) or "none here"
            raise RulesDataError(f"{where}: unknown {merged[-1]} {value!r}; the engine knows these here: {listed}")
        if old is not None and value != old and merged[-1] in BOUND_BY_ID:
            raise RulesDataError(f"{where}: the engine runs {old!r} for this component (it finds the effect by "
                                 f"the component's id), so its {merged[-1]} cannot become {value!r}")

    def _line_of(self, merged: YamlPath) -> int:
        for n in range(len(merged), 0, -1):
            found = self.origins.get(merged[:n])
            if found is not None:
                return found[1]
        return 1

    def provenance(self, folder: str) -> Provenance:
        return Provenance(folder, tuple(self.overrides))
