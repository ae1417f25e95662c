"""A corpus of hostile save files (issue 26 item 1), built fresh in a folder by each test:
broken, foreign, future, tampered, oversized, deeply nested, special files, and saves that
pass the schema but fail on replay or in their scenario.  Shared by tests/test_hostile_saves.py
(through persistence.load_save) and tests/gui/test_hostile_saves_screens.py (through the
screens).  Each case is (name, builder); a builder writes the file at the path it is given."""
from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vast_desktop.engine import Setup, load_scenario, new_game
from vast_desktop.persistence import to_save

SETUP = Setup(roles=("knight", "cave"), seed=4)
SCENARIO: dict[str, Any] = {
    "setup": {"roles": ["knight"], "seed": 1, "solo_level": "medium"},
    "active": "knight",
    "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T20"},
              {"pos": [0, 1], "tile": "T31", "lit": True, "rot": 1}],
    "tokens": {"0,1": {"crystal": 1}},
    "pieces": {"knight": [0, 1]},
    "knight": {"grit": 4, "cubes_free": 3},
}


def first_choices(n: int) -> list[str]:
    """The first ``n`` choices of the base game, always taking the first option."""
    g = new_game(SETUP)
    for _ in range(n):
        assert g.pending is not None
        g.apply(g.pending.options[0].id)
    return list(g.choices)


def good_save(n: int = 8) -> dict[str, Any]:
    """A valid save (as JSON data): the base game after ``n`` choices, two human seats."""
    g = new_game(SETUP)
    for c in first_choices(n):
        g.apply(c)
    return json.loads(to_save(g, {"knight": "human", "cave": "computer:easy"}).model_dump_json())


def scenario_save(**changes: Any) -> dict[str, Any]:
    """A valid scenario save with top-level scenario keys replaced by ``changes``."""
    data = json.loads(to_save(load_scenario(SCENARIO)).model_dump_json())
    data["scenario"] = {**data["scenario"], **changes}
    return data


def knight_scenario(**knight: Any) -> dict[str, Any]:
    return scenario_save(knight={**SCENARIO["knight"], **knight})


def _json(data: Any) -> Callable[[Path], None]:
    return lambda p: p.write_text(json.dumps(data), encoding="utf-8")


def _text(text: str, encoding: str = "utf-8") -> Callable[[Path], None]:
    return lambda p: p.write_bytes(text.encode(encoding, "surrogatepass"))


def _edit(path: tuple[str, ...], value: Any, base: Callable[[], dict[str, Any]] = good_save) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        data = base()
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        p.write_text(json.dumps(data), encoding="utf-8")
    return build


def _drop(key: str) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        data = good_save()
        del data[key]
        p.write_text(json.dumps(data), encoding="utf-8")
    return build


def _replace_text(old: str, new: str) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        text = json.dumps(good_save())
        assert old in text
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return build


def _nested(depth: int) -> Callable[[Path], None]:
    return _text(json.dumps(good_save())[:-1] + ', "scenario": ' + "[" * depth + "]" * depth + "}")


def _choices(choices: list[str]) -> Callable[[Path], None]:
    return _edit(("choices",), choices)


def _fails_at_step(step: int) -> list[str]:
    choices = first_choices(8)
    choices[step - 1] = "move:99,99"
    return choices


def _padded(size: int) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        p.write_text(json.dumps(good_save()), encoding="utf-8")
        os.truncate(p, size)                # sparse: no real disk used
    return build


def _symlink(target: str) -> Callable[[Path], None]:
    return lambda p: p.symlink_to(target)


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _folder(p: Path) -> None:
    p.mkdir()


def _unreadable(p: Path) -> None:
    p.write_text(json.dumps(good_save()), encoding="utf-8")
    p.chmod(0)


def _binary(p: Path) -> None:
    p.write_bytes(bytes(range(256)) * 8)


def _truncated(p: Path) -> None:
    text = json.dumps(good_save())
    p.write_text(text[: len(text) // 2], encoding="utf-8")


def _utf16(p: Path) -> None:
    p.write_bytes(json.dumps(good_save()).encode("utf-16"))


def _many_choices(n: int) -> Callable[[Path], None]:
    return _choices(["end:"] * n)


CASES: list[tuple[str, Callable[[Path], None]]] = [
    ("empty", _text("")),
    ("blank", _text("  \n\t ")),
    ("binary", _binary),
    ("utf16", _utf16),
    ("nul-bytes", _text('{"format": "vast-desktop-save"\x00}')),
    ("latin1", _text('{"format": "vast-desktop-save", "x": "caf\xe9"}', "latin-1")),
    ("not-json", _text("{ this is not a save")),
    ("truncated", _truncated),
    ("top-level-list", _json([good_save()])),
    ("top-level-string", _json("vast-desktop-save")),
    ("foreign-format", _json({"format": "something-else", "version": 1})),
    ("no-format", _drop("format")),
    ("future-version", _edit(("version",), 2)),
    ("version-string", _edit(("version",), "1")),
    ("version-bool", _edit(("version",), True)),
    ("version-missing", _drop("version")),
    ("other-rules", _edit(("rules_version",), "base-9")),
    ("extra-field", _edit(("cheat",), True)),
    ("choices-missing", _drop("choices")),
    ("choices-string", _choices("end:")),  # type: ignore[arg-type]
    ("choice-number", _choices([1, 2])),  # type: ignore[list-item]
    ("choice-too-long", _choices(["x" * 5000])),
    ("choice-control-char", _choices(["end:\n"])),
    ("too-many-choices", _many_choices(100_001)),
    ("setup-missing", _drop("setup")),
    ("setup-list", _edit(("setup",), [])),
    ("roles-unknown", _edit(("setup", "roles"), ["wizard"])),
    ("roles-string", _edit(("setup", "roles"), "knight")),
    ("roles-empty", _edit(("setup", "roles"), [])),
    ("variant-unknown", _edit(("setup", "variants"), ["double-dragons"])),
    ("difficulty-unknown", _edit(("setup", "difficulty"), {"knight": "godlike"})),
    ("seed-string", _edit(("setup", "seed"), "4")),
    ("seed-float", _edit(("setup", "seed"), 4.5)),
    ("seed-huge", _edit(("setup", "seed"), 2**70)),
    ("seed-5000-digits", _replace_text('"seed": 4', '"seed": ' + "9" * 5000)),
    ("seed-nan", _replace_text('"seed": 4', '"seed": NaN')),
    ("seed-infinity", _replace_text('"seed": 4', '"seed": -Infinity')),
    ("seed-1e999", _replace_text('"seed": 4', '"seed": 1e999')),
    ("duplicate-keys", _replace_text('"seed": 4', '"seed": 4, "seed": 5')),
    ("seats-unknown-role", _edit(("seats",), {"wizard": "human"})),
    ("seats-list", _edit(("seats",), ["human"])),
    ("seats-unknown-level", _edit(("seats",), {"knight": "computer:godlike"})),
    ("seats-number", _edit(("seats",), {"knight": 3})),
    ("seats-role-not-in-game", _edit(("seats",), {"dragon": "human"})),
    ("campaign-surrogate", _replace_text('"campaign": null', '"campaign": {"knight": "Ann\\ud800"}')),
    ("campaign-control-char", _edit(("campaign",), {"knight": "Ann\x1b[2J"})),
    ("campaign-too-long", _edit(("campaign",), {"knight": "A" * 500})),
    ("campaign-empty-name", _edit(("campaign",), {"knight": ""})),
    ("surrogate-in-scenario", _replace_text('"scenario": null', '"scenario": {"description": "\\udfff"}')),
    ("nested-100000", _nested(100_000)),
    ("nested-60", _nested(60)),
    ("padded-200MB", _padded(200 * 1024 * 1024)),
    ("padded-9MB", _padded(9 * 1024 * 1024)),
    ("illegal-first-choice", _choices(["move:99,99"])),
    ("fails-at-step-5", _choices(_fails_at_step(5))),
    ("choice-after-game-over", _choices(first_choices(3) + ["nonsense"])),
    ("scenario-list", _edit(("scenario",), [1, 2])),
    ("scenario-unknown-key", lambda p: _json(scenario_save(wizard=1))(p)),
    ("scenario-tiles-ints", lambda p: _json(scenario_save(tiles=[1]))(p)),
    ("scenario-tiles-dict", lambda p: _json(scenario_save(tiles={"a": 1}))(p)),
    ("scenario-tokens-number", lambda p: _json(scenario_save(tokens={"0,1": 5}))(p)),
    ("scenario-pieces-bad-pos", lambda p: _json(scenario_save(pieces={"knight": "a,b"}))(p)),
    ("scenario-round-string", lambda p: _json(scenario_save(round="x"))(p)),
    ("scenario-knight-health-string", lambda p: _json(knight_scenario(health="x"))(p)),
    ("scenario-knight-grit-list", lambda p: _json(knight_scenario(grit=[1]))(p)),
    ("scenario-knight-track-string", lambda p: _json(knight_scenario(track={"strength": "x"}))(p)),
    ("scenario-knight-list", lambda p: _json(scenario_save(knight=[1]))(p)),
    ("scenario-setup-roles-unknown", lambda p: _json(scenario_save(setup={"roles": ["wizard"]}))(p)),
    ("scenario-active-unknown", lambda p: _json(scenario_save(active="wizard"))(p)),
    ("symlink-dev-zero", _symlink("/dev/zero")),
    ("symlink-dev-null", _symlink("/dev/null")),
    ("symlink-dangling", _symlink("/nonexistent/vast/save.json")),
    ("fifo", _fifo),
    ("folder", _folder),
    ("unreadable", _unreadable),
]


# The reason each case is refused for: a few words of the message (after the file name).
REASONS = {
    "empty": "the file is empty", "blank": "the file is empty", "binary": "not text",
    "utf16": "not text", "nul-bytes": "not text", "latin1": "not UTF-8", "not-json": "broken JSON at line 1",
    "truncated": "broken JSON", "top-level-list": "no 'vast-desktop-save' marker",
    "top-level-string": "no 'vast-desktop-save' marker", "foreign-format": "no 'vast-desktop-save' marker",
    "no-format": "no 'vast-desktop-save' marker", "future-version": "made by a newer Vast Desktop",
    "version-string": "version is not a whole number", "version-bool": "version is not a whole number",
    "version-missing": "version is not a whole number", "other-rules": "saved with rules 'base-9'",
    "extra-field": "at cheat: Extra inputs are not permitted", "choices-missing": "at choices: Field required",
    "choices-string": "at choices", "choice-number": "at choices.0", "choice-too-long": "at most 200 characters",
    "choice-control-char": "only printable characters", "too-many-choices": "at most 100000 items",
    "setup-missing": "at setup: Field required", "setup-list": "at setup", "roles-unknown": "not 'wizard'",
    "roles-string": "at setup.roles", "roles-empty": "setup.roles must name roles",
    "variant-unknown": "Unknown variant 'double-dragons'", "difficulty-unknown": "Unknown knight difficulty",
    "seed-string": "at setup.seed", "seed-float": "at setup.seed", "seed-huge": "the seed is out of range",
    "seed-5000-digits": "a number of 5,000 digits", "seed-nan": "NaN is not a number",
    "seed-infinity": "-Infinity is not a number", "seed-1e999": "1e999 is out of range",
    "duplicate-keys": "the key 'seed' appears twice", "seats-unknown-role": "unknown role 'wizard'",
    "seats-list": "at seats: Input should be a valid dictionary", "seats-unknown-level": "at seats.knight",
    "seats-number": "at seats.knight", "seats-role-not-in-game": "seats names dragon, not in this game",
    "campaign-surrogate": "lone surrogate", "campaign-control-char": "only printable characters",
    "campaign-too-long": "at most 40 characters", "campaign-empty-name": "at least 1 character",
    "surrogate-in-scenario": "lone surrogate", "nested-100000": "nested 100,001 levels deep",
    "nested-60": "more than the 48 allowed", "padded-200MB": "209,715,200 bytes, more than",
    "padded-9MB": "bytes, more than the 8,388,608 allowed", "illegal-first-choice": "no longer replays at step 1",
    "fails-at-step-5": "no longer replays at step 5", "choice-after-game-over": "no longer replays at step 4",
    "scenario-list": "at scenario", "scenario-unknown-key": "unknown scenario key(s): wizard",
    "scenario-tiles-ints": "tiles[0]: expected a mapping", "scenario-tiles-dict": "tiles: expected a list",
    "scenario-tokens-number": "tokens.0,1: expected whole numbers",
    "scenario-pieces-bad-pos": "pieces.knight: expected a position", "scenario-round-string": "round:",
    "scenario-knight-health-string": "knight.health:", "scenario-knight-grit-list": "knight.grit:",
    "scenario-knight-track-string": "knight.track.strength:", "scenario-knight-list": "knight: expected a mapping",
    "scenario-setup-roles-unknown": "Unknown role(s) wizard", "scenario-active-unknown": "active: 'wizard'",
    "symlink-dev-zero": "not a regular file", "symlink-dev-null": "not a regular file",
    "symlink-dangling": "cannot read the file", "fifo": "not a regular file", "folder": "a folder, not a file",
    "unreadable": "cannot read the file",
}


def build(name: str, folder: Path) -> Path:
    """Write the case ``name`` as ``folder/<name>.json`` and return its path."""
    path = folder / f"{name}.json"
    dict(CASES)[name](path)
    return path


def root() -> bool:
    """Whether we run as root (who reads a file whatever its mode)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def is_special(path: Path) -> bool:
    """A FIFO, device or folder the test must not read to compare bytes."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return True
    return not stat.S_ISREG(mode)
