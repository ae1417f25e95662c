"""Loading the rules data: reading the YAML safely, errors that name file, line and key, caching.

* :func:`default_rules_dir` is the one place that knows where the game's data lives: the
  top-level ``rules_data/`` folder of the repository, shipped inside the installed package
  as ``vast_desktop/data`` (see ``pyproject.toml``);
* :class:`RulesYamlLoader` is a safe YAML loader that refuses duplicate keys, merge keys
  and recursive aliases and remembers the line of every key and list item;
* :class:`YamlSources` and :func:`validation_message` turn a pydantic error's key path
  into ``tiles.yaml line 42, tiles[3].walls: Input should be a valid tuple`` (the rules
  reference, the cheat sheets, the tutorial and the Hard player's values reuse them);
* :func:`load_rules_data_uncached` validates with :mod:`.schema`, derives the "vs Thief"
  role variants (:mod:`.role_variants`) and runs the cross-checks (:mod:`.checks`);
  :func:`load_rules_data` caches the immutable result per directory.
"""
from __future__ import annotations

import functools
import importlib.resources
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

from .checks import Checker
from .corrections import corrections_of
from .overlay import USER_SUFFIX, Provenance, UserLayer
from .paths import YamlPath, format_path
from .role_variants import with_thief_variants
from .schema import RulesData, RulesDataError

__all__ = [
    "RulesYamlLoader",
    "YamlPath",
    "YamlSources",
    "CHECKOUT_DATA",
    "PACKAGED_DATA",
    "default_rules_dir",
    "format_path",
    "load_rules_data",
    "load_rules_data_uncached",
    "validation_message",
    "LoadedRules",
    "RulesLoad",
    "decode_yaml_bytes",
    "load_rules",
    "load_rules_cached",
    "load_rules_with_fallback",
    "read_yaml_file",
]


# ---------------------------------------------------------------------------
# YAML loading with line numbers
# ---------------------------------------------------------------------------

# libyaml's CSafeLoader has the same safe constructor as yaml.SafeLoader but
# parses about 15x faster, which keeps loading well under the 150 ms budget.
if TYPE_CHECKING:
    _SafeLoaderBase = yaml.SafeLoader
else:
    _SafeLoaderBase = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: Bounds that keep a hostile or mistaken file from hanging or exhausting the game.  The
#: packaged data has under 800 nodes in its largest file (tiles.yaml) and no number above a hundred.
MAX_FILE_BYTES = 1_000_000
MAX_NODES = 20_000           # nodes after alias expansion, per file: a "billion laughs" stops here
MAX_DEPTH = 40               # nesting of mappings and lists
MAX_INT = 10_000             # no count, cost or size of the game comes near it
MAX_NUMBER_CHARS = 12        # a number written with more characters is refused before it is parsed

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp"))


def _key_near(text: str, line: int) -> str:
    """The key path of the block-style YAML around 1-based ``line``, read from the text alone.

    For errors found before the document exists (syntax, encoding): walks up from ``line``
    taking each key written less indented than the last, and counts ``- `` items for list
    indices, e.g. ``events[2].copies``.  Flow-style lines give their leading key only.
    """
    rows = text.splitlines()
    key_re = re.compile(r"^( *)(- +)?([A-Za-z_][\w-]*)\s*:(\s|$)")
    item_re = re.compile(r"^( *)- ")
    parts: list[str] = []
    limit = None
    i = min(line, len(rows)) - 1
    while i >= 0:
        m = key_re.match(rows[i])
        if m and (limit is None or len(m.group(1)) + len(m.group(2) or "") < limit):
            parts.append(m.group(3))
            limit = len(m.group(1)) + len(m.group(2) or "")
        item = item_re.match(rows[i])
        if item and (limit is None or len(item.group(1)) < limit):
            indent = len(item.group(1))   # a list item: count the items above it at its indent
            index = 0
            for other in reversed(rows[:i]):
                if other.strip() and not other.lstrip().startswith("#"):
                    lead = len(other) - len(other.lstrip(" "))
                    if lead < indent:
                        break
                    if lead == indent and item_re.match(other):
                        index += 1
            parts.append(f"[{index}]")
            limit = indent
        i -= 1
    out = ""
    for part in reversed(parts):
        out += part if part.startswith("[") or not out else f".{part}"
    return out or "(top level)"


def decode_yaml_bytes(filename: str, data: bytes) -> str:
    """The text of a rules-data file, or a :class:`RulesDataError` naming the file, line and key.

    Refuses a file over :data:`MAX_FILE_BYTES` and one that is not UTF-8 (a byte-order mark,
    which some editors write, is accepted and dropped).
    """
    if len(data) > MAX_FILE_BYTES:
        raise RulesDataError(
            f"{filename} line 1, (top level): the file is {len(data):,} bytes; "
            f"rules data files must be under {MAX_FILE_BYTES:,} bytes"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        before = data[: exc.start].decode("utf-8", errors="replace")
        raise RulesDataError(
            f"{filename} line {line}, {_key_near(before, line)}: the file is not UTF-8 text "
            f"(byte 0x{data[exc.start]:02x}); save it as UTF-8"
        ) from None


def read_yaml_file(f: Path | Traversable, label: str | None = None) -> str:
    """Read one rules-data file with the checks of :func:`decode_yaml_bytes` (``label``: its name in messages)."""
    name = f.name if label is None else label
    try:
        data = f.read_bytes()
    except OSError as exc:
        raise RulesDataError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    return decode_yaml_bytes(name, data)


class RulesYamlLoader(_SafeLoaderBase):
    """A safe YAML loader that refuses what rules data never needs, and records line numbers.

    ``load_with_lines()`` returns the document as plain dicts/lists/scalars and
    fills ``self.lines`` with the 1-based line of every mapping key and list
    item, keyed by its path, e.g. ``{("tiles", 3, "walls"): 42}``.  It refuses, naming
    file, line and key path: syntax errors, duplicate keys, merge keys (``<<``), any tag
    beyond plain strings, numbers, booleans, nulls, mappings and lists (``!!python/...``,
    ``!foo``, ``!!set``), numbers longer than :data:`MAX_NUMBER_CHARS` characters or beyond
    ±:data:`MAX_INT`, nesting deeper than :data:`MAX_DEPTH`, recursive aliases, and a
    document whose alias expansion exceeds :data:`MAX_NODES` nodes -- counted while the
    document is built, so a "billion laughs" file is refused after ``MAX_NODES`` steps
    instead of being expanded.  A date-like scalar stays a string.  Used through
    ``yaml.load(text, Loader=RulesYamlLoader)`` it still refuses duplicate keys.
    """

    def __init__(self, stream: str, filename: str = "<string>", max_int: int = MAX_INT) -> None:
        super().__init__(stream)
        self.filename = filename
        self.max_int = max_int      # the range of numbers (a computer player's seeds and budgets need more)
        self.text = stream
        self.lines: dict[YamlPath, int] = {}
        self._nodes = 0

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
            if mark is None:
                raise RulesDataError(f"{self.filename}: YAML syntax error: {exc.problem or exc}") from None
            line = mark.line + 1
            problem = (exc.problem or str(exc)).replace("\t", "a tab")
            if "\t" in self.text.splitlines()[mark.line] if mark.line < len(self.text.splitlines()) else False:
                problem += " (YAML indents with spaces, never tabs)"
            raise RulesDataError(
                f"{self.filename} line {line}, {_key_near(self.text, line)}: YAML syntax error: {problem}"
            ) from None
        except yaml.reader.ReaderError as exc:      # a character YAML does not allow (a control character)
            line = self.text.count("\n", 0, exc.position) + 1
            raise RulesDataError(
                f"{self.filename} line {line}, {_key_near(self.text, line)}: the character "
                f"U+{ord(chr(exc.character)) if isinstance(exc.character, int) else ord(exc.character):04X} "
                f"is not allowed in YAML ({exc.reason})"
            ) from None
        except yaml.YAMLError as exc:
            raise RulesDataError(f"{self.filename}: YAML error: {exc}") from None
        if node is None:
            return None
        return self._build(node, (), set())

    def _fail(self, node: yaml.Node, path: YamlPath, message: str) -> RulesDataError:
        return RulesDataError(f"{self.filename} line {node.start_mark.line + 1}, {format_path(path)}: {message}")

    def _scalar(self, node: yaml.ScalarNode, path: YamlPath) -> Any:
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            raise self._fail(node, path, f"the YAML tag {tag.replace(_TAG, '!!')} is not allowed in rules data "
                                         "(only plain text, numbers, true/false and null)")
        if tag == _TAG + "timestamp":
            return node.value          # a date-like word ("2024-13-45") stays text
        if tag in (_TAG + "int", _TAG + "float") and len(node.value) > MAX_NUMBER_CHARS:
            raise self._fail(node, path, f"the number {node.value[:20]}... has {len(node.value)} characters; "
                                         f"numbers in rules data are at most {MAX_NUMBER_CHARS} characters long")
        try:
            value = self.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise self._fail(node, path, f"cannot read {node.value!r}: {exc}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self._fail(node, path, f"{node.value!r} is not a finite number")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > self.max_int:
            raise self._fail(node, path, f"the number {value} is out of range (numbers in this file lie within "
                                         f"-{self.max_int}..{self.max_int})")
        return value

    def _build(self, node: yaml.Node, path: YamlPath, stack: set[int]) -> Any:
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise self._fail(node, path, f"the document expands to more than {MAX_NODES:,} values "
                                         "(aliases copying aliases?); refused")
        if len(path) > MAX_DEPTH:
            raise self._fail(node, path, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, path)
        if id(node) in stack:
            raise self._fail(node, path, "recursive YAML alias")
        expected = _TAG + ("map" if isinstance(node, yaml.MappingNode) else "seq")
        if node.tag != expected:
            raise self._fail(node, path, f"the YAML tag {node.tag.replace(_TAG, '!!')} is not allowed in rules data "
                                         "(only plain mappings and lists)")
        stack.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                out: dict[Any, Any] = {}
                first: dict[Any, int] = {}
                for key_node, value_node in node.value:
                    line = key_node.start_mark.line + 1
                    if not isinstance(key_node, yaml.ScalarNode):
                        raise RulesDataError(f"{self.filename} line {line}, {format_path(path)}: keys must be plain scalars")
                    if key_node.tag == _TAG + "merge" or key_node.value == "<<":
                        raise RulesDataError(f"{self.filename} line {line}, {format_path(path)}: merge keys (<<) are not allowed")
                    key = self._scalar(key_node, path)
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


class YamlSources:
    """Where every top-level key came from, to turn a key path into "file line N, path"."""

    def __init__(self, where: str, max_int: int = MAX_INT) -> None:
        self.where = where
        self.max_int = max_int
        self.raw: dict[str, Any] = {}
        self.files: dict[str, str] = {}
        self.lines: dict[str, dict[YamlPath, int]] = {}
        #: key paths the player's folder wrote -> (file, line); see :mod:`.overlay`
        self.origins: dict[YamlPath, tuple[str, int]] = {}

    def add(self, filename: str, text: str) -> None:
        loader = RulesYamlLoader(text, filename, self.max_int)
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
        """``file line N, key.path`` for a pydantic-style location tuple.

        A path the player's folder wrote points at the player's file (``events.yaml (your
        folder) line 3``); a packaged path with the player's changes inside it names the
        first of them too, since a count or cross-check there may fail because of them.
        """
        loc = tuple(loc)
        if not loc:
            return self.where
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
        user_depth, user_at = 0, None
        for n in range(len(resolved), 0, -1):
            user_at = self.origins.get(tuple(resolved[:n]))
            if user_at is not None:
                user_depth = n
                break
        top = str(loc[0])
        line = None
        depth = 0
        for n in range(len(resolved), 0, -1):
            line = self.lines.get(top, {}).get(tuple(resolved[:n]))
            if line is not None:
                depth = n
                break
        if user_at is not None and (user_depth >= depth or top not in self.files):
            return f"{user_at[0]}{USER_SUFFIX} line {user_at[1]}, {format_path(shown)}"
        if top not in self.files:
            return f"{self.where} (no file defines {top!r}), {format_path(loc)}"
        here = f"{self.files[top]} line {line}, {format_path(shown)}"
        inside = sorted((p, o) for p, o in self.origins.items() if p[: len(shown)] == tuple(shown)
                        and len(p) > len(shown) and all(isinstance(x, (str, int)) for x in p))
        if inside:
            p, (f, ln) = min(inside, key=lambda po: po[1][1])
            here += f" (changed by {f}{USER_SUFFIX} line {ln}, {format_path(p)})"
        return here


def validation_message(exc: ValidationError, sources: YamlSources, limit: int = 8) -> str:
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
# Public entry points
# ---------------------------------------------------------------------------


#: Where an installed package keeps the game's data: ``pyproject.toml`` maps the top-level
#: ``rules_data/`` folder of the repository to the package ``vast_desktop.data``.
PACKAGED_DATA = "data"
#: The game's data in a source checkout: the top-level folder beside ``vast_desktop/``.
CHECKOUT_DATA = Path(__file__).resolve().parents[2] / "rules_data"


def default_rules_dir() -> Traversable:
    """The folder of the game's data (``*.yaml``, ``reference/*.yaml``), from any working directory.

    Installed from a wheel, the data is package data in ``vast_desktop/data``.  Run from a
    source checkout (``PYTHONPATH=.``, as the tests and tools do) or from the editable install
    ``vast.py`` makes (``pip install -e .``, whose ``vast_desktop`` is the checkout's folder),
    it is the top-level ``rules_data/`` beside ``vast_desktop/``.  Every reader of the data
    (the rules, the rules reference, the cheat sheets, ``bench``) starts here.
    """
    packaged = importlib.resources.files("vast_desktop").joinpath(PACKAGED_DATA)
    if packaged.is_dir():
        return packaged
    if CHECKOUT_DATA.is_dir():
        return CHECKOUT_DATA
    raise RulesDataError(f"the game's data is missing: neither {packaged} (installed) nor {CHECKOUT_DATA} (checkout)")


@dataclass(frozen=True)
class LoadedRules:
    """Validated rules data and which of its values came from the player's folder."""

    rules: RulesData
    provenance: Provenance = field(default_factory=Provenance)


def _yaml_files(root: Path | Traversable) -> list[Any]:
    return sorted((f for f in root.iterdir() if f.name.endswith((".yaml", ".yml")) and f.is_file()),
                  key=lambda f: f.name)


def _read_user_folder(layer: UserLayer, user_dir: Path) -> None:
    for f in _yaml_files(user_dir):
        label = f"{f.name}{USER_SUFFIX}"
        loader = RulesYamlLoader(read_yaml_file(f, label), label)
        try:
            data = loader.load_with_lines()
        finally:
            loader.dispose()
        layer.add(f.name, data, loader.lines)


def load_rules(directory: Path | Traversable | None = None, user_dir: Path | None = None) -> LoadedRules:
    """Read, validate and cross-check the game's data, with the player's folder laid over it.

    ``directory``: the game's data (default :func:`default_rules_dir`); ``user_dir``: the
    player's folder, whose ``*.yaml`` files change it key by key (:mod:`.overlay`); a missing
    or empty folder changes nothing.  Raises :class:`RulesDataError` naming file, line and
    key path on any problem; callers that must not fail on the player's mistakes use
    :func:`load_rules_with_fallback`.
    """
    root: Traversable = default_rules_dir() if directory is None else directory
    if not root.is_dir():
        raise RulesDataError(f"{root}: rules data directory not found")
    files = _yaml_files(root)
    if not files:
        raise RulesDataError(f"{root}: no *.yaml files")
    sources = YamlSources(str(root))
    for f in files:
        sources.add(f.name, read_yaml_file(f))
    provenance = Provenance(str(user_dir) if user_dir is not None else "")
    if user_dir is not None and user_dir.is_dir():
        layer = UserLayer(sources.raw)
        _read_user_folder(layer, user_dir)
        sources.origins = layer.origins
        provenance = layer.provenance(str(user_dir))
    try:
        rd = _validate(sources)
    except RulesDataError as exc:
        if not provenance.overrides or USER_SUFFIX in str(exc):
            raise
        first = min(provenance.overrides, key=lambda o: (o.file, o.line))
        raise RulesDataError(f"{exc} (after your folder's changes, the first being {first.where})") from None
    if provenance.overrides:
        rd.set_corrections(corrections_of(provenance, sources.raw))
    return LoadedRules(rd, provenance)


def _validate(sources: YamlSources) -> RulesData:
    try:
        listed = RulesData.model_validate(sources.raw)
    except ValidationError as exc:
        raise RulesDataError(validation_message(exc, sources)) from None
    try:
        variants, paths = with_thief_variants(listed)
    except ValidationError as exc:  # a derived variant broke a rule: blame the joining rule
        raise RulesDataError(f"{sources.locate(('thief_joins',))}: a derived variant is invalid: {exc}") from None
    rd = listed.model_copy(update={"role_variants": variants})
    rd.__dict__.pop("_idx", None)  # never carry a lookup index over from the partial object
    Checker(rd, sources, paths).run()
    return rd


def load_rules_data_uncached(directory: Path | Traversable | None = None, user_dir: Path | None = None) -> RulesData:
    """Read, validate and cross-check every ``*.yaml`` in ``directory`` (default: :func:`default_rules_dir`),
    with the player's folder ``user_dir`` laid over it (:func:`load_rules`).

    Raises :class:`RulesDataError` naming file, line and key path on any problem.
    """
    return load_rules(directory, user_dir).rules


def load_rules_cached(directory: Path | None = None, user_dir: Path | None = None) -> LoadedRules:
    """:func:`load_rules`, once per (data folder, player's folder) and then shared (it is immutable).

    A change to the player's files is read at the next start of the game.  The game's own data is
    cached apart from the players' folders, so loading many folders never makes it a second object."""
    return _load_packaged(directory) if user_dir is None else _load_with_folder(directory, user_dir)


@functools.lru_cache(maxsize=8)
def _load_packaged(directory: Path | None) -> LoadedRules:
    return load_rules(directory, None)


@functools.lru_cache(maxsize=8)
def _load_with_folder(directory: Path | None, user_dir: Path) -> LoadedRules:
    return load_rules(directory, user_dir)


@functools.lru_cache(maxsize=8)
def load_rules_data(directory: Path | None = None) -> RulesData:
    """The validated packaged rules data, loaded once per directory and then shared (it is immutable)."""
    return load_rules_cached(directory, None).rules


@dataclass(frozen=True)
class RulesLoad:
    """What the game plays with: the rules, their provenance, and why the player's folder was not used."""

    loaded: LoadedRules
    folder: Path | None
    warning: str = ""      # "" when the player's folder (if any) was used

    @property
    def rules(self) -> RulesData:
        return self.loaded.rules

    @property
    def provenance(self) -> Provenance:
        return self.loaded.provenance


def load_rules_with_fallback(user_dir: Path | None) -> RulesLoad:
    """The rules with the player's folder, or the packaged rules and a warning when that folder is broken.

    An error in the packaged data itself still raises (it is the developers' to fix);
    an error in the player's folder never stops the game from starting.
    """
    if user_dir is None or not user_dir.is_dir() or not _yaml_files(user_dir):
        return RulesLoad(load_rules_cached(None, None), user_dir)   # nothing to lay over: the shared data
    try:
        return RulesLoad(load_rules_cached(None, user_dir), user_dir)
    except RulesDataError as exc:
        packaged = load_rules_cached(None, None)
        first, *more = str(exc).splitlines()
        extra = f" (and {len(more)} more)" if more else ""
        return RulesLoad(packaged, user_dir,
                         f"Your rules data in {user_dir} was not used: {first}{extra}. The game uses its own data.")
