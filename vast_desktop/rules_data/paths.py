"""Key paths into the rules data: ``("tiles", 3, "walls")`` and how messages show them (``tiles[3].walls``)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

__all__ = ["YamlPath", "format_path"]

YamlPath: TypeAlias = tuple[str | int, ...]


def format_path(path: Iterable[str | int]) -> str:
    """``("tiles", 3, "walls")`` -> ``"tiles[3].walls"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"
