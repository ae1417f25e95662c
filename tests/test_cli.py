"""The headless command line (ARCHITECTURE §6): ``python -m vast_desktop simulate`` and
``bench``, run as real subprocesses with this interpreter."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vast_desktop", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout)


def last_json(stdout: str) -> dict:
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    assert lines, "no output"
    data = json.loads(lines[-1])
    assert isinstance(data, dict)
    return data


def test_simulate_json_summary() -> None:
    r = run_cli("simulate", "--roles", "knight,cave", "--games", "3", "--seed", "1", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    data = last_json(r.stdout)
    for key in ("games", "finished", "errors", "wins", "choices_per_second"):
        assert key in data, key
    assert data["games"] == 3
    assert data["finished"] == 3
    assert data["errors"] == 0
    assert sum(data["wins"].values()) == 3
    assert set(data["wins"]) <= {"knight", "cave", "none"}
    assert data["choices_per_second"] > 0


def test_simulate_is_deterministic() -> None:
    a = last_json(run_cli("simulate", "--roles", "knight,cave", "--games", "2", "--seed", "8", "--json").stdout)
    b = last_json(run_cli("simulate", "--roles", "knight,cave", "--games", "2", "--seed", "8", "--json").stdout)
    assert (a["wins"], a["choices"]) == (b["wins"], b["choices"])


@pytest.mark.parametrize("extra", [
    ["--roles", "knight", "--solo-level", "hard"],
    ["--roles", "knight,cave", "--difficulty", "cave=spillway", "--difficulty", "knight=lady"],
])
def test_simulate_other_setups(extra: list[str]) -> None:
    r = run_cli("simulate", *extra, "--games", "2", "--seed", "3", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    data = last_json(r.stdout)
    assert data["games"] == 2 and data["errors"] == 0 and data["finished"] == 2


def test_simulate_text_output_has_a_line_per_game() -> None:
    r = run_cli("simulate", "--roles", "knight,cave", "--games", "2", "--seed", "1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "game 1 seed 1" in r.stdout and "game 2 seed 2" in r.stdout
    assert "2 games, 2 finished, 0 errors" in r.stdout


@pytest.mark.parametrize("args, needles", [
    (["--roles", "knight,wizard"], ["wizard", "knight", "goblins", "dragon", "cave", "thief"]),
    (["--roles", "knight,cave", "--difficulty", "cave=tiny_hole"],
     ["tiny_hole", "lava_tube", "spillway", "great_cave", "grand_cave"]),
    (["--roles", "knight,cave", "--difficulty", "knight=emperor"], ["emperor", "novice", "squire", "baroness", "lady"]),
    (["--roles", "knight", "--solo-level", "insane"], ["insane", "easy", "medium", "hard"]),
    (["--roles", "knight,cave", "--house-rule", "free_beer"], ["free_beer", "one_tile_collapse"]),
    (["--roles", "knight,cave", "--bots", "cave=genius"], ["genius", "random"]),
    (["--roles", "cave"], ["Cave"]),
])
def test_simulate_refuses_unknown_names_with_exit_code_2(args: list[str], needles: list[str]) -> None:
    r = run_cli("simulate", *args, "--games", "1", "--json")
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    msg = r.stderr + r.stdout
    for n in needles:
        assert n in msg, f"{n!r} missing from {msg!r}"
    assert "Traceback" not in msg


def test_bench_quick_json() -> None:
    r = run_cli("bench", "--quick", "--json", timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    data = last_json(r.stdout)
    for key in ("rules_data_load_ms", "knight_solo_game_median_s", "knight_vs_cave_game_median_s",
                "four_roles_game_median_s", "five_roles_game_median_s", "five_roles_choices_per_second",
                "choices_per_second", "replay_1000_choices_s", "peak_memory_mb"):
        assert key in data, f"{key} missing from {sorted(data)}"
        assert isinstance(data[key], (int, float)) and data[key] > 0, (key, data[key])


@pytest.mark.parametrize("args, needles", [
    (("--house-rule", "nonsense"), ["Unknown house rule 'nonsense'", "one_tile_collapse"]),
    (("--difficulty", "thief=ninja"), ["ninja", "footpad", "invader"]),
    (("--difficulty", "thief"), ["ROLE=LEVEL"]),
])
def test_bench_refuses_unknown_names(args: tuple[str, ...], needles: list[str]) -> None:
    """The bench takes the simulator's options and refuses unknown names with the valid ones."""
    r = run_cli("bench", "--quick", *args, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    for n in needles:
        assert n in r.stderr, f"{n!r} missing from {r.stderr!r}"
    assert "Traceback" not in r.stderr
