#!/usr/bin/env python3
"""One entry point that needs only Python 3.11+: creates ./.venv on first use,
installs the project into it, then runs the game, the tests or a tool.

    python3 vast.py            # set up (first time) and launch the game
    python3 vast.py test       # set up (first time) and run the whole test suite
    python3 vast.py simulate --roles knight,cave --games 100 --seed 1
    python3 vast.py bench
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def _wanted_stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    if sys.version_info < (3, 11):
        sys.exit("Vast Desktop needs Python 3.11 or newer (this is %s)." % sys.version.split()[0])
    if not PY.exists():
        print("Creating a virtual environment in .venv (first run only)...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text() != _wanted_stamp():
        print("Installing Vast Desktop and its dependencies into .venv...", flush=True)
        subprocess.check_call([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        subprocess.check_call([str(PY), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[dev]"])
        STAMP.write_text(_wanted_stamp())


def main(argv: list[str]) -> int:
    ensure_venv()
    if argv[:1] == ["test"]:
        cmd = [str(PY), "-m", "pytest", "-n", "2", *argv[1:]]
    else:
        cmd = [str(PY), "-m", "vast_desktop", *argv]
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
