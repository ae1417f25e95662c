"""benchmarks/compare_trees.py runs end to end in its cheapest mode (issue 25, item 9): the base
checked out into a temporary git worktree (removed afterwards), one round of one game per role
set in each tree.  Figures only: nothing here is timed."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load():
    spec = importlib.util.spec_from_file_location("compare_trees", ROOT / "benchmarks" / "compare_trees.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _worktrees() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_compare_trees_runs_both_trees_and_removes_its_worktree() -> None:
    before = _worktrees()
    res = _load().compare("HEAD", rounds=1, games=1)
    assert res["errors"] == {"base": 0, "current": 0}
    for clock in ("wall", "cpu"):
        assert res[clock]["base_choices_per_second"] > 0 and res[clock]["current_choices_per_second"] > 0
        assert res[clock]["ratio"] > 0
    assert _worktrees() == before          # the temporary worktree is gone
