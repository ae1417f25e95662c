"""Reading a JSON file the player may have handed us, safely: a regular file only (a FIFO,
a device, a folder, or a link to one is refused without blocking on it), at most
``max_bytes`` (checked before reading), UTF-8 text, nesting depth bounded before the
parser runs (so no RecursionError), no NaN/Infinity, no huge numbers, no duplicate keys
and no lone surrogate characters.  Every refusal is an :class:`UnsafeJson` whose message
is the reason in a few words; the caller adds the file name.

Why: saves, the campaign file and the tutorial progress are read from the player's data
folder, where anything can end up (a hand-edited file, a copy from another program, a
link to /dev/zero); none of it may crash or hang the app.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 8 * 1024 * 1024     # far above a long game's save (a few hundred kB)
MAX_DEPTH = 48                       # a save's scenario nests about 5 deep
MAX_NUMBER_CHARS = 40                # ints and floats longer than this are refused (a seed has < 20 digits)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[{]+|[\]}]+")
_UTF8_BOM = b"\xef\xbb\xbf"


class UnsafeJson(ValueError):
    """A file that is not safe JSON to use; the message is the reason (without the file name)."""


def read_bytes(path: Path, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``.  Opened non-blocking so a FIFO
    cannot hang us; fstat (of what was opened, links followed) must say "regular file"
    before anything is read.  OSError (no file, no permission) propagates."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnsafeJson("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeJson("it is not a regular file (a device, pipe or socket)")
        if info.st_size > max_bytes:
            raise UnsafeJson(f"{info.st_size:,} bytes, more than the {max_bytes:,} allowed")
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise UnsafeJson(f"more than the {max_bytes:,} bytes allowed")
        return b"".join(chunks)
    finally:
        os.close(fd)


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest, found without parsing (strings
    are skipped, so brackets inside them do not count); linear time, no recursion."""
    depth = deepest = 0
    for run in _BRACKETS.finditer(_STRING.sub("", text)):
        n = len(run.group())
        if run.group()[0] in "[{":
            depth += n
            deepest = max(deepest, depth)
        else:
            depth -= n
    return deepest


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise UnsafeJson(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise UnsafeJson(f"{name} is not a number a file of ours holds")


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise UnsafeJson(f"a number of {len(text):,} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise UnsafeJson(f"a number of {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise UnsafeJson(f"the number {text} is out of range")
    return value


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text with the checks above (depth first, then the parse)."""
    depth = nesting_depth(text)
    if depth > max_depth:
        raise UnsafeJson(f"nested {depth:,} levels deep, more than the {max_depth} allowed")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_constant, parse_int=_int,
                          parse_float=_float)
    except json.JSONDecodeError as exc:
        raise UnsafeJson(f"broken JSON at line {exc.lineno}: {exc.msg}") from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise UnsafeJson("it holds a lone surrogate character, which is not text") from None
    return data


def read_json_object(path: Path, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a JSON file safely (see the module docstring).  UTF-8 only (a UTF-8
    byte order mark is skipped); UnsafeJson or OSError on anything else."""
    raw = read_bytes(path, max_bytes)
    if raw.startswith(_UTF8_BOM):
        raw = raw[len(_UTF8_BOM):]
    if not raw.strip():
        raise UnsafeJson("the file is empty")
    if b"\x00" in raw:
        raise UnsafeJson("not text: it holds NUL bytes (binary data, or UTF-16)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UnsafeJson("not text: it is not UTF-8") from None
    return parse_json(text, max_depth)
