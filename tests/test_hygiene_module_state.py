"""Nothing mutable at module level in the engine (issue 25, item 1; ARCHITECTURE §3: a game
depends only on its setup, seed and choices).

Before issue 25 the Knight's cross-role hooks were module-level lists appended to while
games were set up, so the order of her forced attacks depended on what the process had
set up before and a log recorded in one process did not replay in another.  Three checks:

The rules data the engine reads (``vast_desktop.rules_data``, an engine module until issue 25
item 5 moved it beside the engine) is held to the same checks.

* at import: no engine module holds a list, dict, set or bytearray at module level, nor
  one inside a module-level tuple, frozenset or ``MappingProxyType`` (its lookup tables are
  read-only: ``MappingProxyType``, ``frozenset``, tuples; ``__all__`` excepted);
* at run time: import every engine module, snapshot every module-level table, play short
  random games of several role subsets, and require every snapshot unchanged;
* in the source: no engine module mutates a module-level name (``.append``, ``.update``,
  ``[...] =`` …) at module level or inside a function, names one with ``global``, or
  mutates another module's attribute (``kn.HOOKS.append``).  Pure memoisation goes
  through ``functools.lru_cache``; a genuinely mutable cache belongs on the game.
"""
from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import MappingProxyType, ModuleType

import vast_desktop.engine as engine_pkg
import vast_desktop.rules_data as rules_data_pkg
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game

ENGINE = Path(engine_pkg.__file__).resolve().parent
RULES_DATA = Path(rules_data_pkg.__file__).resolve().parent
MUTATORS = frozenset({"append", "extend", "insert", "update", "add", "setdefault", "pop", "popitem", "remove",
                      "discard", "clear", "sort", "reverse", "__setitem__", "__delitem__", "__iadd__"})
CONTAINERS = (list, dict, set, bytearray)
TABLES = (*CONTAINERS, MappingProxyType, frozenset, tuple)      # what the run-time snapshot compares
SUBSETS = (("knight", "goblins"), ("knight", "dragon"), ("knight", "thief"), ("goblins", "dragon", "cave"),
           ("knight", "goblins", "dragon", "cave", "thief"))
MAX_STEPS = 250


def _engine_modules() -> list[ModuleType]:
    mods: list[ModuleType] = []
    for pkg in (engine_pkg, rules_data_pkg):
        mods.append(pkg)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=pkg.__name__ + "."):
            mods.append(importlib.import_module(info.name))
    return mods


def _snapshot(mods: list[ModuleType]) -> dict[str, str]:
    """``module.name`` -> repr of every module-level container (each object once)."""
    out: dict[str, str] = {}
    seen: set[int] = set()
    for mod in mods:
        for name, value in vars(mod).items():
            if isinstance(value, TABLES) and not name.startswith("__") and id(value) not in seen:
                seen.add(id(value))
                out[f"{mod.__name__}.{name}"] = repr(value)
    return out


def _play(roles: tuple[str, ...], seed: int) -> None:
    g = new_game(Setup(roles=roles, seed=seed))
    bot = RandomBot(seed)
    while g.outcome is None and len(g.choices) < MAX_STEPS:
        assert g.pending is not None
        g.apply(bot(None, g.pending))


def _mutable_inside(value: object, depth: int = 0) -> bool:
    """Whether ``value`` is a mutable container or a read-only one holding one (keys and values)."""
    if isinstance(value, CONTAINERS):
        return True
    if depth > 6:
        return False
    if isinstance(value, MappingProxyType):
        return any(_mutable_inside(k, depth + 1) or _mutable_inside(v, depth + 1) for k, v in value.items())
    if isinstance(value, (tuple, frozenset)):
        return any(_mutable_inside(v, depth + 1) for v in value)
    return False


def _mutable_module_names(mods: list[ModuleType]) -> list[str]:
    return sorted(f"{mod.__name__}.{name}" for mod in mods for name, value in vars(mod).items()
                  if not name.startswith("__") and _mutable_inside(value))


def test_no_module_level_mutable_container() -> None:
    """ARCHITECTURE §3, "nothing mutable at module level in the engine": every module-level
    table of the engine and its rules data is read-only — a ``MappingProxyType``, a
    ``frozenset`` or a tuple, with nothing mutable inside — so no code can change one by
    mistake and make a game depend on what the process did before."""
    bad = _mutable_module_names(_engine_modules())
    assert not bad, "module-level mutable containers (use MappingProxyType, frozenset or a tuple):\n" + "\n".join(bad)


def test_the_import_check_catches_a_mutable_table() -> None:
    """The import check is not vacuous: a dict, a set, a list, and a dict inside a read-only
    mapping or a tuple are each flagged; read-only tables are not."""
    sample = ModuleType("vast_desktop.engine.sample")
    tables = {"A": {}, "B": set(), "C": [], "D": MappingProxyType({"k": {"x": 1}}), "E": ((1, [2]),),
              "F": MappingProxyType({"k": (1, 2)}), "G": frozenset({1}), "H": ("a",), "__all__": ["F"]}
    vars(sample).update(tables)
    bad = [n.rsplit(".", 1)[1] for n in _mutable_module_names([sample])]
    assert bad == ["A", "B", "C", "D", "E"], bad


def test_random_games_change_no_module_level_container() -> None:
    """Every module-level table of the engine (and any list/dict/set/bytearray) is the same
    after short random games of the Knight with each other role and of all five."""
    mods = _engine_modules()
    assert len(mods) > 40
    before = _snapshot(mods)
    assert len(before) > 20, sorted(before)
    for i, roles in enumerate(SUBSETS):
        for seed in (1, 2):
            _play(roles, seed + 10 * i)
    after = _snapshot(_engine_modules())
    changed = sorted(k for k in before if after.get(k) != before[k])
    assert not changed, f"module-level state changed by playing: {changed}"
    assert set(after) == set(before), f"module-level containers appeared: {sorted(set(after) - set(before))}"


# ------------------------------------------------------------------ the source
def _module_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for t in targets:
            names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def _module_aliases(tree: ast.Module) -> set[str]:
    """Names bound to engine modules: ``from . import knight as kn``, ``import x.y``."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is None:
            out |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return out


def _chain(expr: ast.expr) -> list[ast.expr]:
    """``a.b[c].d`` -> [a.b[c].d, a.b[c], a.b, a]."""
    out = [expr]
    while isinstance(expr, (ast.Subscript, ast.Attribute)):
        expr = expr.value
        out.append(expr)
    return out


def _mutated(node: ast.AST) -> ast.expr | None:
    """The object a statement or call mutates in place, if any."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        return node.func.value
    targets: list[ast.expr] = []
    if isinstance(node, (ast.Assign, ast.Delete)):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    for t in targets:
        if isinstance(t, (ast.Subscript, ast.Attribute)):
            return t.value if isinstance(t, ast.Attribute) else t
    return None


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module_names = _module_level_names(tree)
    aliases = _module_aliases(tree)
    where = f"{path.parent.name}/{path.name}"
    bad: list[str] = []

    def scan(nodes: list[ast.stmt] | list[ast.expr], local: set[str]) -> None:
        for top in nodes:
            for node in ast.walk(top):
                obj = _mutated(node)
                if obj is None:
                    continue
                chain = _chain(obj)
                root = chain[-1]
                if not isinstance(root, ast.Name) or root.id in local:
                    continue
                if root.id in module_names or (root.id in aliases and len(chain) >= 2):
                    bad.append(f"{where}:{getattr(node, 'lineno', '?')}: {ast.unparse(node)[:90]}")

    scan([n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))], set())
    for fn in ast.walk(tree):
        if isinstance(fn, ast.Global):
            bad.append(f"{where}:{fn.lineno}: global {', '.join(fn.names)}")
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            local = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)}
            local |= {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            scan(fn.body, local)
    return bad


def test_no_engine_module_mutates_module_level_state() -> None:
    """No ``.append/.extend/.insert/.update/.add/[...]=`` (nor the other in-place
    mutators) on a module-level name — at import or in a function — no ``global``, and no
    mutation of another module's attributes (the old ``kn.ENTRY_RULES.append``)."""
    files = sorted(p for base in (ENGINE, RULES_DATA) for p in base.rglob("*.py") if "__pycache__" not in p.parts)
    assert len(files) > 40
    bad = [b for p in files for b in _offences(p)]
    assert not bad, "module-level state mutated:\n" + "\n".join(bad)


def test_the_source_check_catches_the_old_hook_registration(tmp_path: Path) -> None:
    """The source check is not vacuous: it flags each form the old code used (a module
    list appended to at import, another module's list appended to in a setup function,
    a lazily filled cache, a ``global``)."""
    src = tmp_path / "engine" / "sample.py"
    src.parent.mkdir()
    src.write_text("from . import knight as kn\n"
                   "HOOKS = []\n"
                   "HOOKS.append(1)\n"
                   "CACHE = {}\n"
                   "def install():\n"
                   "    kn.ON_ENTER.append(install)\n"
                   "    kn.ACTIONS['x'] = install\n"
                   "def cached(k):\n"
                   "    CACHE[k] = 1\n"
                   "def counter():\n"
                   "    global N\n"
                   "def fine(HOOKS):\n"
                   "    HOOKS.append(2)\n"
                   "    local = []\n"
                   "    local.append(3)\n", encoding="utf-8")
    bad = _offences(src)
    assert [b.split(":")[1] for b in bad] == ["3", "6", "7", "9", "11"], bad
