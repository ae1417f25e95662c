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
from collections.abc import Iterable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import yaml
from pydantic import ValidationError

from .checks import Checker
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
]


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


class YamlSources:
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


def load_rules_data_uncached(directory: Path | Traversable | None = None) -> RulesData:
    """Read, validate and cross-check every ``*.yaml`` in ``directory`` (default: :func:`default_rules_dir`).

    Raises :class:`RulesDataError` naming file, line and key path on any problem.
    """
    root: Traversable = default_rules_dir() if directory is None else directory
    if not root.is_dir():
        raise RulesDataError(f"{root}: rules data directory not found")
    files = sorted((f for f in root.iterdir() if f.name.endswith(".yaml") and f.is_file()), key=lambda f: f.name)
    if not files:
        raise RulesDataError(f"{root}: no *.yaml files")
    sources = YamlSources(str(root))
    for f in files:
        sources.add(f.name, f.read_text(encoding="utf-8"))
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


@functools.lru_cache(maxsize=8)
def load_rules_data(directory: Path | None = None) -> RulesData:
    """The validated rules data, loaded once per directory and then shared (it is immutable)."""
    return load_rules_data_uncached(directory)
