"""The engine's layers have no import cycles (issue 25, item 3; ARCHITECTURE §3).

The import graph is built from the source with :mod:`ast`, counting every ``import``
wherever it stands — at module top, inside functions and methods, in ``try`` blocks — with
relative imports resolved.  An import under ``if TYPE_CHECKING:`` is left out: it never
executes (``from __future__ import annotations`` keeps such names in strings), so it creates
no dependency at run time; it only names a type for mypy.  ``importlib.import_module`` with a
literal engine module name counts as an import too.

Where a low layer needs a higher one's reaction (a Tribe revealed by a lurker, the Thief
killed by a falling tile, the Knight losing Health) it calls the per-game hooks built at
setup (``g.hooks``, :mod:`vast_desktop.engine.hooks`, wired by
:mod:`vast_desktop.engine.wiring`), never an import.

The layers, lowest first (a module imports only modules of its own layer or below):

0. ``geometry``, ``decisions``, ``dice``, ``rules_data``, ``state``, ``errors``, ``hooks``,
   ``roles.meetings.types`` — data and types;
1. the role boards ``roles.<role>.state`` and ``roles.knight.board`` — each role's mat and
   its bookkeeping (Grit, Health, Stealth, Armor …), which other roles and cards may read
   and change directly;
2. ``game`` — the driver;
3. ``map.*`` — board < terrain < forced < reveal < collapse;
4. ``cards.*`` — the decks;
5. ``roles.<role>.*`` — each role's turn; a role never imports another role's turn modules,
   only its board (layer 1), or meets it through ``roles.meetings``/the hooks;
6. ``roles.meetings.*`` — the cross-role rules (the Knight meets the others);
7. ``flow`` — turn order and win checks;
8. ``explain.*``, ``view`` — why-not routing and the per-role views;
9. ``wiring`` — builds a game's hooks from all of the above;
10. ``setup`` < ``scenario`` < ``api``;
11. ``vast_desktop.engine`` (``__init__``) — the public API, re-exporting from anything.

Importing a submodule runs its parent packages' ``__init__`` first; those edges are not
counted: a package ``__init__`` that holds only a docstring (every one but the top) runs
nothing, and a module's own parent packages are always imported before it (``from . import
flow`` in ``wiring`` adds no edge to the top ``__init__``, which is the public face and
imports the layers below it).
"""
from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

import vast_desktop.engine as engine_pkg

ENGINE = Path(engine_pkg.__file__).resolve().parent
PKG = "vast_desktop.engine"
ROLES = ("knight", "goblins", "dragon", "cave", "thief", "ghoul")

LAYERS: tuple[tuple[str, ...], ...] = (
    ("geometry", "decisions", "reasons", "dice", "state", "errors", "hooks", "knowledge", "waiting", "kinds", "option_ids", "board_views", "roles", "roles.meetings.types",
     "cards.bonus_decks"),   # the decks as dealt: pure, read by the roles' setup and by engine/setup.py
    tuple(f"roles.{r}.state" for r in ROLES) + ("roles.knight.board",),
    ("game",),
    ("map",),
    ("cards",),
    tuple(f"roles.{r}" for r in ROLES),
    ("roles.meetings",),
    ("flow",),
    ("explain", "view"),
    ("wiring",),
    ("setup",),
    ("scenario",),
    ("api",),
    ("",),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PKG, *parts])


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(node: ast.stmt | ast.expr, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement (or ``importlib.import_module("…")``) loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = module.split(".")
            if not is_package:
                base = base[:-1]
            base = base[:len(base) - (node.level - 1)]
            stem = ".".join(base + ([node.module] if node.module else []))
        else:
            stem = node.module or ""
        return [f"{stem}.{a.name}" for a in node.names] + [stem]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return [node.args[0].value]
    return []


def _walk(node: ast.AST):
    """Every node under ``node`` except the bodies of ``if TYPE_CHECKING:`` (their ``else`` runs)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.orelse:
                yield stmt
                yield from _walk(stmt)
            continue
        yield child
        yield from _walk(child)


def import_graph() -> dict[str, frozenset[str]]:
    """Engine module -> the engine modules it imports at run time (anywhere in its source).  Read
    once per test process (the sources do not change during a run; parsing them is the cost)."""
    return _import_graph()


@functools.cache
def _import_graph() -> dict[str, frozenset[str]]:
    mods = _modules()
    trees = {name: ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for name, path in mods.items()}
    inert = {name for name, path in mods.items() if path.name == "__init__.py"
             and all(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) for s in trees[name].body)}
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        graph[name]
        ancestors = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        for node in _walk(trees[name]):
            # "from .pkg import mod" loads pkg and mod; "from .mod import func" loads mod
            graph[name].update(t for t in _imported(node, name, path.name == "__init__.py")
                               if t in mods and t != name and t not in inert and t not in ancestors)
    return {name: frozenset(targets) for name, targets in graph.items()}     # frozen: shared between tests


def _short(name: str) -> str:
    return name[len(PKG) + 1:] if name.startswith(PKG + ".") else ("" if name == PKG else name)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it (first == last), or None."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> list[str] | None:
        colour[v] = 1
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if colour.get(w) == 1:
                return stack[stack.index(w):] + [w]
            if w not in colour:
                found = visit(w)
                if found:
                    return found
        stack.pop()
        colour[v] = 2
        return None

    for v in sorted(graph):
        if v not in colour:
            found = visit(v)
            if found:
                return found
    return None


def layer_of(name: str) -> int:
    """The index in LAYERS of the most specific prefix that names this module."""
    short = _short(name)
    best, best_len = -1, -1
    for i, layer in enumerate(LAYERS):
        for prefix in layer:
            hit = short == prefix or (prefix != "" and short.startswith(prefix + "."))
            if hit and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    assert best >= 0, f"{short} is in no layer: add it to LAYERS"
    return best


def test_no_import_cycle_in_the_engine() -> None:
    """Issue 25 item 3: the engine's import graph, imports inside functions included, is acyclic."""
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(_short(m) for m in cycle)


def test_every_import_goes_down_the_layers() -> None:
    """Each engine module imports only its own layer or lower ones (the module docstring lists them)."""
    wrong = [f"{_short(a)} (layer {layer_of(a)}) imports {_short(b)} (layer {layer_of(b)})"
             for a, targets in sorted(import_graph().items()) for b in sorted(targets)
             if b.startswith(PKG) and layer_of(b) > layer_of(a)]
    assert not wrong, "\n".join(wrong)


def test_map_never_imports_roles_cards_flow_or_explain() -> None:
    """The map modules are below every role, deck, the flow and the explanations: they call hooks."""
    above = ("roles", "cards", "flow", "explain")
    wrong = [f"{_short(a)} imports {_short(b)}" for a, targets in sorted(import_graph().items())
             if _short(a).startswith("map") for b in sorted(targets)
             if any(_short(b) == x or _short(b).startswith(x + ".") for x in above)]
    assert not wrong, "\n".join(wrong)


def test_a_role_imports_another_role_only_through_its_board_or_meetings() -> None:
    """``roles.<a>`` never imports ``roles.<b>``'s turn modules; the Knight meets the others in
    ``roles.meetings``, and everything else between roles goes through the per-game hooks."""
    boards = {f"{PKG}.roles.{r}.state" for r in ROLES} | {f"{PKG}.roles.knight.board"}
    wrong = []
    for a, targets in sorted(import_graph().items()):
        sa = _short(a).split(".")
        if len(sa) < 2 or sa[0] != "roles" or sa[1] not in ROLES:
            continue
        for b in sorted(targets):
            sb = _short(b).split(".")
            if len(sb) >= 2 and sb[0] == "roles" and sb[1] in ROLES and sb[1] != sa[1] and b not in boards:
                wrong.append(f"{_short(a)} imports {_short(b)}")
    assert not wrong, "\n".join(wrong)


def test_game_does_not_import_the_explanations() -> None:
    """The driver refuses an illegal choice with the rule's reason through its hooks, not an import."""
    graph = import_graph()
    assert not {b for b in graph[f"{PKG}.game"] if _short(b).startswith("explain")}


def test_the_graph_sees_imports_inside_functions() -> None:
    """The check would catch a hidden cycle: a function-level import is an edge, a TYPE_CHECKING one is not."""
    src = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import x\n"
           "def f():\n    from .c import y\n")
    tree = ast.parse(src)
    found = [t for node in _walk(tree) for t in _imported(node, f"{PKG}.a", False)]
    assert f"{PKG}.c" in found and f"{PKG}.b" not in found
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
