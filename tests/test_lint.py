"""Hygiene: ruff and mypy stay clean (the project's style and type checks run with the suite)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_clean() -> None:
    r = _run("ruff", "check", "vast_desktop", "tests", "benchmarks", "vast.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_clean() -> None:
    r = _run("mypy", "vast_desktop")
    assert r.returncode == 0, r.stdout + r.stderr
