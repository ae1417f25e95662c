"""The game's data ships with the game (ARCHITECTURE §2: "the app must run from any working directory").

The YAML lives in the top-level ``rules_data/`` folder beside ``vast_desktop/``;
``pyproject.toml`` and ``setup.py`` install it as the package data ``vast_desktop/data``.
These tests build the project the way a user gets it, offline and without build isolation,
from a copy of the source tree (so the checkout gets no ``build/`` folder):

* a wheel holds every YAML file of ``rules_data/`` (and no other copy of them) and every
  sound of ``assets/sounds/`` (as ``vast_desktop/assets/sounds``), and the game installed
  from it loads the rules data, the rules reference and the cheat sheets, and finds the
  sounds, from another working directory;
* the editable install ``vast.py`` makes (``pip install -e .``) finds the same data and
  sounds in the checkout;
* :func:`default_rules_dir` refuses to guess when the data is in neither place.

Each build takes 2-4 s on this machine; the module runs in about 8 s.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import vast_desktop.rules_data.loader as loader
from vast_desktop.rules_data import RulesDataError, default_rules_dir

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rules_data"
SOUNDS = ROOT / "assets" / "sounds"

#: What a fresh process prints about the data it found (run from a folder with no source in it).
PROBE = """
import json, vast_desktop
from vast_desktop.rules_data import default_rules_dir, load_rules_data
from vast_desktop.teach.cheatsheets import load_teaching_cards
from vast_desktop.teach.reference import load_reference
from vast_desktop.audio.player import sounds_dir
rd = load_rules_data()
sounds = sounds_dir()
print(json.dumps({"package": vast_desktop.__file__, "data": str(default_rules_dir()), "tiles": len(rd.tiles),
                  "variants": len(rd.role_variants), "parts": len(load_reference().parts),
                  "sheets": len(load_teaching_cards().sheets), "sounds": str(sounds),
                  "wavs": sorted(f.name for f in sounds.iterdir() if f.name.endswith(".wav"))}))
"""


def _data_files() -> set[str]:
    files = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*.yaml")}
    assert "tiles.yaml" in files and "reference/general.yaml" in files, files
    return files


def _sound_files() -> set[str]:
    files = {p.name for p in SOUNDS.glob("*.wav")}
    assert "dice.wav" in files, files
    return files


def _can_build_wheels() -> bool:
    """setuptools builds wheels itself from 70.1 on; before that it needs the ``wheel`` package."""
    return (importlib.util.find_spec("setuptools") is not None
            and (importlib.util.find_spec("wheel") is not None
                 or importlib.util.find_spec("setuptools.command.bdist_wheel") is not None))


@pytest.fixture
def source_copy(tmp_path: Path) -> Path:
    """The files a build reads, copied, so the build's own output stays out of the checkout."""
    if not _can_build_wheels():
        pytest.fail("the dev environment cannot build wheels: install the project with its dev extras "
                    "(pip install -e .[dev], as vast.py does), which bring setuptools and wheel")
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "vast_desktop", src / "vast_desktop", ignore=ignore)
    shutil.copytree(DATA, src / "rules_data", ignore=ignore)
    shutil.copytree(ROOT / "assets", src / "assets", ignore=ignore)
    return src


def _pip(*args: str | Path, cwd: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", *map(str, args),
           "--no-deps", "--no-build-isolation", "--no-index"]
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}"


_WHOLE_DATA = ("tiles", "variants", "parts", "sheets")


def _whole_data() -> dict[str, int]:
    """What the checkout's own data holds (the installed game must find all of it): 52 tiles,
    30 role variants, and every part of the reference and every cheat sheet as they now are."""
    from vast_desktop.rules_data import load_rules_data
    from vast_desktop.teach.cheatsheets import load_teaching_cards
    from vast_desktop.teach.reference import load_reference

    rd = load_rules_data()
    return {"tiles": len(rd.tiles), "variants": len(rd.role_variants), "parts": len(load_reference().parts),
            "sheets": len(load_teaching_cards().sheets)}


def _probe(python_args: list[str], cwd: Path, env: dict[str, str], setup: str = "") -> dict[str, object]:
    """Run :data:`PROBE` (after ``setup``) in a fresh interpreter and check it loaded the whole data."""
    done = subprocess.run([sys.executable, *python_args, "-c", setup + PROBE], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    assert {k: found[k] for k in _WHOLE_DATA} == _whole_data(), found
    assert set(found["wavs"]) == _sound_files(), found
    return found


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}


def test_wheel_ships_the_data_and_the_installed_game_finds_it(source_copy: Path, tmp_path: Path) -> None:
    wheels, target, elsewhere = tmp_path / "wheels", tmp_path / "installed", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _pip("wheel", "--quiet", "-w", wheels, ".", cwd=source_copy)
    (wheel,) = wheels.glob("vast_desktop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n.removeprefix("vast_desktop/data/") for n in names if n.startswith("vast_desktop/data/")}
    assert shipped == _data_files()
    assert not [n for n in names if n.endswith(".yaml") and n.startswith("vast_desktop/rules_data/")]
    assert "vast_desktop/rules_data/loader.py" in names
    sounds = {n.removeprefix("vast_desktop/assets/sounds/") for n in names if n.startswith("vast_desktop/assets/")}
    assert sounds == _sound_files()

    _pip("install", "--quiet", "--target", target, wheel, cwd=elsewhere)
    env = _clean_env() | {"PYTHONPATH": str(target)}
    found = _probe([], elsewhere, env)
    assert Path(str(found["package"])).parent == target / "vast_desktop"
    assert Path(str(found["data"])) == target / "vast_desktop" / "data"
    assert Path(str(found["sounds"])) == target / "vast_desktop" / "assets" / "sounds"


def test_editable_install_finds_the_data_in_the_checkout(source_copy: Path, tmp_path: Path) -> None:
    """``vast.py`` installs with ``pip install -e``: its ``vast_desktop`` is the checkout's folder
    and the data the top-level ``rules_data/`` beside it."""
    target, elsewhere = tmp_path / "editable", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _pip("install", "--quiet", "--target", target, "-e", ".", cwd=source_copy)
    # -S: only the throwaway install's .pth (first on the path) and the dependencies, never the
    # project's own editable install in this environment's site-packages.
    deps = [p for p in (*site.getsitepackages(), site.getusersitepackages()) if Path(p).is_dir()]
    setup = f"import site, sys; site.addsitedir({str(target)!r}); sys.path.extend({deps!r});"
    found = _probe(["-S"], elsewhere, _clean_env(), setup)
    assert Path(str(found["package"])).parent == source_copy / "vast_desktop"
    assert Path(str(found["data"])) == source_copy / "rules_data"
    assert Path(str(found["sounds"])) == source_copy / "assets" / "sounds"


def test_default_rules_dir_is_the_checkout_folder_here_and_refuses_to_guess(monkeypatch: pytest.MonkeyPatch,
                                                                            tmp_path: Path) -> None:
    """Run from the checkout (``PYTHONPATH=.``), the data is the top-level folder; with the data in
    neither the package nor the checkout, the error names both places."""
    assert Path(str(default_rules_dir())) == DATA
    monkeypatch.setattr(loader, "CHECKOUT_DATA", tmp_path / "missing")
    with pytest.raises(RulesDataError, match=r"neither .*vast_desktop/data \(installed\) nor .*missing \(checkout\)"):
        default_rules_dir()
