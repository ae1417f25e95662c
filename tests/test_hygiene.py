"""Code hygiene promised by ARCHITECTURE §1-3 and the README: the engine never imports
pygame (nor the layers above it), the game's seeded RNG is the only randomness, bots
use only their own seeded RNG, and the README/CI run exactly the two documented commands.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "vast_desktop"
ENGINE = PACKAGE / "engine"
RNG_HOME = ENGINE / "game.py"   # the one place that holds the game's random.Random


def _py_files(base: Path) -> list[Path]:
    files = sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)
    assert files, f"no Python files under {base}"
    return files


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imported_modules(tree: ast.Module, path: Path) -> list[tuple[int, str]]:
    """Absolute names of every imported module (relative imports resolved)."""
    pkg_parts = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg_parts[: len(pkg_parts) - (node.level - 1)]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            out += [(node.lineno, f"{mod}.{a.name}") for a in node.names]
    return out


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ------------------------------------------------------------------ layering
def test_engine_never_imports_pygame_or_the_layers_above() -> None:
    forbidden = ("pygame", "pygame_gui", "vast_desktop.render", "vast_desktop.input", "vast_desktop.app",
                 "vast_desktop.session", "vast_desktop.screens", "vast_desktop.bots", "vast_desktop.teach",
                 "vast_desktop.headless")
    bad = []
    for path in _py_files(ENGINE):
        for line, mod in _imported_modules(_parse(path), path):
            if any(mod == f or mod.startswith(f + ".") for f in forbidden):
                bad.append(f"{_rel(path)}:{line} imports {mod}")
    assert not bad, "the engine must stay pure (ARCHITECTURE §1):\n" + "\n".join(bad)


def test_bots_and_words_for_players_stay_clients_of_the_engine() -> None:
    """The bots and the words for players read only what the engine hands out (a PlayerView, a
    Decision): never the pygame layers, and neither reaches into the other's package."""
    layers = {"bots": ("pygame", "pygame_gui", "vast_desktop.render", "vast_desktop.input", "vast_desktop.screens",
                       "vast_desktop.app", "vast_desktop.session", "vast_desktop.teach", "vast_desktop.headless"),
              "teach": ("pygame", "pygame_gui", "vast_desktop.render", "vast_desktop.input", "vast_desktop.screens",
                        "vast_desktop.app", "vast_desktop.bots", "vast_desktop.headless")}
    bad = []
    for layer, forbidden in layers.items():
        for path in _py_files(PACKAGE / layer):
            for line, mod in _imported_modules(_parse(path), path):
                if any(mod == f or mod.startswith(f + ".") for f in forbidden):
                    bad.append(f"{_rel(path)}:{line} imports {mod}")
    assert not bad, "a client layer reaches above itself:\n" + "\n".join(bad)


def test_rules_data_imports_nothing_else_of_the_game() -> None:
    """ARCHITECTURE §1: ``rules_data -> engine -> ...``; the engine reads the rules data, never the
    reverse, so the schema, loader and checks import no other part of ``vast_desktop``."""
    bad = []
    for path in _py_files(PACKAGE / "rules_data"):
        for line, mod in _imported_modules(_parse(path), path):
            if mod.startswith("vast_desktop.") and not mod.startswith("vast_desktop.rules_data"):
                bad.append(f"{_rel(path)}:{line} imports {mod}")
    assert not bad, "the rules data must not depend on the game that reads it:\n" + "\n".join(bad)


def test_render_and_input_never_import_the_screens_above_them() -> None:
    """The screens depend on render/ and input/, never the reverse (ARCHITECTURE §1-2): render/ draws
    PlayerViews and knows nothing of input/ or screens/; input/ (events -> intents -> Session calls)
    never imports screens/ (the table screen hands it a port)."""
    layers = {"render": ("vast_desktop.input", "vast_desktop.screens"), "input": ("vast_desktop.screens",)}
    bad = []
    for layer, forbidden in layers.items():
        for path in _py_files(PACKAGE / layer):
            for line, mod in _imported_modules(_parse(path), path):
                if any(mod == f or mod.startswith(f + ".") for f in forbidden):
                    bad.append(f"{_rel(path)}:{line} imports {mod}")
    assert not bad, "a lower GUI layer reaches up into the one above it:\n" + "\n".join(bad)


BOARDS = PACKAGE / "render" / "boards"
BOARDS_PKG = "vast_desktop.render.boards"


def _board_imports(path: Path) -> list[tuple[int, str]]:
    """The modules of ``render/boards/`` (or the package itself) that ``path`` imports, anywhere in it."""
    return [(line, mod) for line, mod in _imported_modules(_parse(path), path)
            if mod == BOARDS_PKG or mod.startswith(BOARDS_PKG + ".")]


def test_role_boards_import_only_the_kit_never_each_other() -> None:
    """Issue 25 item 5: ``render/boards/`` is a package whose role boards (one module per role) draw
    with the shared kit (kit.py) and never import another role's board, nor the package's
    ``__init__`` (which imports them all to dispatch by role): a role's board can change alone.
    The Ghoul's and the Vile Ghoul's boards share ghoul_parts.py, which imports only the kit."""
    shared = {"kit": ("kit",), "ghoul_parts": ("kit",)}
    roles = sorted(p.stem for p in BOARDS.glob("*.py") if p.stem not in ("__init__", *shared))
    assert roles == ["cave", "dragon", "ghoul", "goblins", "knight", "thief", "vile_ghoul"], roles
    allowed = {role: ("kit", "ghoul_parts") if role in ("ghoul", "vile_ghoul") else ("kit",) for role in roles}
    bad = []
    for role, may in [*allowed.items(), *shared.items()]:
        path = BOARDS / f"{role}.py"
        imports = _board_imports(path)
        ok = {f"{BOARDS_PKG}.{m}" for m in may if m != role}
        ok_lines = {line for line, mod in imports if mod in ok}
        for line, mod in imports:
            if mod == BOARDS_PKG and line in ok_lines:        # ``from . import kit``
                continue
            if mod not in ok and not any(mod.startswith(m + ".") for m in ok):
                bad.append(f"{_rel(path)}:{line} imports {mod}")
    assert not bad, "a role's board reaches past the kit:\n" + "\n".join(bad)


def test_the_board_kit_imports_no_role_board() -> None:
    """The kit is what every role's board shares: it imports none of them (nor the package's
    ``__init__``, which imports them), so no board depends on another through it."""
    path = BOARDS / "kit.py"
    bad = [f"{_rel(path)}:{line} imports {mod}" for line, mod in _board_imports(path)]
    assert not bad, "the board kit depends on a role's board:\n" + "\n".join(bad)


def test_engine_imports_without_pygame_loaded() -> None:
    import subprocess
    import sys

    code = ("import sys, vast_desktop.engine, vast_desktop.persistence, vast_desktop.headless.simulate; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


# ------------------------------------------------------------------ randomness
def _random_aliases(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "random":
                    names.add(a.asname or "random")
    return names


def test_no_stray_randomness_anywhere_in_the_package() -> None:
    """Only random.Random(...) may be called on the random module, and nothing imports
    names out of it (a test greps for stray random use, ARCHITECTURE §3)."""
    bad = []
    for path in _py_files(PACKAGE):
        tree = _parse(path)
        aliases = _random_aliases(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("random", "secrets") and node.level == 0:
                bad.append(f"{_rel(path)}:{node.lineno}: from {node.module} import ...")
            if isinstance(node, ast.Import) and any(a.name == "secrets" for a in node.names):
                bad.append(f"{_rel(path)}:{node.lineno}: import secrets")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                f = node.func
                if isinstance(f.value, ast.Name) and f.value.id in aliases and f.attr != "Random":
                    if path != RNG_HOME:
                        bad.append(f"{_rel(path)}:{node.lineno}: {f.value.id}.{f.attr}(...)")
                if isinstance(f.value, ast.Name) and f.value.id == "os" and f.attr == "urandom":
                    bad.append(f"{_rel(path)}:{node.lineno}: os.urandom(...)")
            # random.Random() with no seed is seeded from the OS: never allowed
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Random"
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in aliases
                    and not node.args and not node.keywords):
                bad.append(f"{_rel(path)}:{node.lineno}: unseeded {node.func.value.id}.Random()")
    assert not bad, "stray randomness:\n" + "\n".join(bad)


def test_the_game_rng_lives_in_game_py() -> None:
    text = RNG_HOME.read_text(encoding="utf-8")
    assert "random.Random" in text
    assert re.search(r"CountingRandom\(setup\.seed", text), "the game RNG must be seeded from the Setup"


def test_bots_use_only_their_own_seeded_rng() -> None:
    bots = _py_files(PACKAGE / "bots")
    found = 0
    for path in bots:
        tree = _parse(path)
        aliases = _random_aliases(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in aliases:
                assert node.func.attr == "Random", f"{_rel(path)}:{node.lineno}: random.{node.func.attr}"
                assert len(node.args) == 1 and not node.keywords, \
                    f"{_rel(path)}:{node.lineno}: a bot's random.Random must take exactly its seed"
                found += 1
            # a bot never reaches into the game (it sees only a PlayerView and a Decision)
            if isinstance(node, ast.Attribute) and node.attr in ("state", "rng") and \
                    isinstance(node.value, ast.Name) and node.value.id in ("g", "game"):
                raise AssertionError(f"{_rel(path)}:{node.lineno}: a bot reads game.{node.attr}")
        for line, mod in _imported_modules(tree, path):
            assert not mod.startswith(("vast_desktop.engine.state", "vast_desktop.engine.game")), \
                f"{_rel(path)}:{line}: a bot imports {mod}"
    assert found >= 1


def test_random_bot_is_deterministic_per_seed() -> None:
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.engine import Setup, new_game

    def run(bot_seed: int) -> list[str]:
        g = new_game(Setup(roles=("knight", "cave"), seed=3))
        bot = RandomBot(bot_seed)
        while g.outcome is None and len(g.choices) < 80:
            g.apply(bot(None, g.pending))  # type: ignore[arg-type]
        return g.choices

    assert run(1) == run(1)
    assert run(1) != run(2)


# ------------------------------------------------------------------ README and CI
def _first_code_block(text: str) -> str:
    m = re.search(r"^```[^\n]*\n(.*?)^```", text, flags=re.S | re.M)
    assert m, "README has no code block"
    return m.group(1)


def test_readme_first_code_block_is_the_two_commands() -> None:
    block = _first_code_block((ROOT / "README.md").read_text(encoding="utf-8"))
    commands = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    commands = [c for c in commands if c]
    assert commands == ["python3 vast.py", "python3 vast.py test"], commands


def test_ci_runs_the_readme_test_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [ln.split("#", 1)[0].strip() for ln in lines]
    assert "python3 vast.py test" in commands, commands


@pytest.mark.parametrize("name", ["vast.py", ".ci/run"])
def test_entry_points_are_executable(name: str) -> None:
    import os

    assert os.access(ROOT / name, os.X_OK), f"{name} is not executable"


def test_vast_py_test_runs_pytest_on_two_workers() -> None:
    text = (ROOT / "vast.py").read_text(encoding="utf-8")
    assert re.search(r'"pytest",\s*"-n",\s*"2"', text), "python3 vast.py test should run pytest -n 2"
