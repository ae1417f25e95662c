"""The player's corrections a set of rules data was loaded with, as lines a save file can record.

Why: a game played with a player's rules-data folder is only the same game with the same values;
a save remembers them (:mod:`vast_desktop.persistence`) and loading it with other values is refused
before the replay, naming what differs.  :func:`corrections_of` turns the loader's record of what the
folder placed (:class:`~.overlay.Provenance`) and the merged data into one line per value,
``knight.yaml: knight.start_health = 8`` (a new component: ``events.yaml: events[glowworms] added: {...}``),
in a fixed order; :attr:`Corrections.digest` fingerprints them all.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .paths import YamlPath

if TYPE_CHECKING:
    from .overlay import Provenance

__all__ = ["Corrections", "corrections_of", "describe_count"]

SHOWN_CHARS = 120          # a line shown in a message is cut here (a new component's whole text is long)


@dataclass(frozen=True)
class Corrections:
    """What the player's folder changed: its folder, a line per value placed, the counts."""

    folder: str = ""
    lines: tuple[str, ...] = ()
    values: int = 0
    components: int = 0

    def __bool__(self) -> bool:
        return bool(self.lines)

    @property
    def digest(self) -> str:
        """A fingerprint of every line (SHA-256, hex): equal digests, equal corrections."""
        return hashlib.sha256("\n".join(self.lines).encode("utf-8")).hexdigest()

    def shown(self, n: int) -> tuple[str, ...]:
        """The first ``n`` lines, each cut to :data:`SHOWN_CHARS` characters (for a message or a save)."""
        return tuple(cut(line) for line in self.lines[:n])


def cut(line: str) -> str:
    return line if len(line) <= SHOWN_CHARS else line[: SHOWN_CHARS - 1] + "…"


def describe_count(values: int, components: int) -> str:
    """``3 values``, ``1 value and 2 new components``."""
    parts = []
    if values:
        parts.append(f"{values} value{'s' if values != 1 else ''}")
    if components:
        parts.append(f"{components} new component{'s' if components != 1 else ''}")
    return " and ".join(parts) or "no values"


def _at(data: Any, path: YamlPath) -> tuple[str, Any]:
    """The key path as shown (a component by its id: ``events[ambush].params.health``) and the value there."""
    shown = ""
    for part in path:
        if isinstance(part, int) and isinstance(data, list) and 0 <= part < len(data):
            data = data[part]
            ident = data.get("id") if isinstance(data, dict) else None
            shown += f"[{ident if isinstance(ident, str) else part}]"
        elif isinstance(part, str) and isinstance(data, dict):
            data = data.get(part)
            shown += f".{part}" if shown else part
        else:                      # not in the merged data (never for a recorded override): name it only
            data = None
            shown += f"[{part}]" if isinstance(part, int) else (f".{part}" if shown else part)
    return shown or "(top level)", data


def _value_text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def corrections_of(provenance: Provenance, merged: dict[str, Any]) -> Corrections:
    """The lines of ``provenance``'s overrides with their values in ``merged`` (the data as laid over)."""
    lines: list[str] = []
    for o in sorted(provenance.overrides, key=lambda o: (o.file, tuple(str(p) for p in o.path))):
        where, value = _at(merged, o.path)
        lines.append(f"{o.file}: {where} {'added:' if o.added else '='} {_value_text(value)}")
    return Corrections(provenance.folder, tuple(_unique(lines)), provenance.values, provenance.components)


def _unique(lines: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(lines))
