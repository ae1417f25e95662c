"""Save files: a pydantic model of (format, rules version, setup, scenario, choice
ids), written atomically (temp file, fsync, rename) so a crash loses at most the
choice being made.  Loading replays every choice with the legality checks; a save
that no longer replays is refused with the step and the reason, and a broken or
foreign file is refused with a clear message — the current game is never touched.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .engine import Game, ReplayError, Setup, replay
from .engine.setup import SetupError
from .rules_data import RulesData

ModelT = TypeVar("ModelT", bound=BaseModel)
SAVE_FORMAT: Literal["vast-desktop-save"] = "vast-desktop-save"
SAVE_VERSION = 1
RULES_VERSION = "base-1"


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says which file and why."""


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["vast-desktop-save"]
    version: int
    rules_version: str
    setup: Setup
    scenario: dict[str, Any] | None = None
    choices: tuple[str, ...]
    seats: dict[str, str] | None = None    # role -> "human" or "computer:<level>" (the app's seat table)
    campaign: dict[str, str] | None = None  # role -> player name in a Campaign game (VAR-03); absent otherwise


def to_save(g: Game, seats: dict[str, str] | None = None, campaign: dict[str, str] | None = None) -> SaveFile:
    return SaveFile(format=SAVE_FORMAT, version=SAVE_VERSION, rules_version=RULES_VERSION, setup=g.setup,
                    scenario=g.scenario, choices=tuple(g.choices), seats=seats, campaign=campaign or None)


def atomic_write_text(path: Path, text: str) -> None:
    """Write to a temp file beside ``path``, fsync it, then rename over ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_game(g: Game, path: Path, seats: dict[str, str] | None = None,
              campaign: dict[str, str] | None = None) -> None:
    save = to_save(g, seats, campaign)
    # without a campaign the file is written exactly as before the field existed (older versions read it)
    atomic_write_text(Path(path), save.model_dump_json(indent=1, exclude={"campaign"} if save.campaign is None else None))


def load_game(path: Path) -> Game:
    """Read, validate and replay a save file into a new Game."""
    return load_save(path)[0]


def read_marked_json(path: Path, marker: str, what: str, error: type[ValueError]) -> dict[str, Any]:
    """Read a JSON file of ours that must carry ``"format": marker``; anything else (no
    file, not text, broken JSON, a foreign file) raises ``error`` naming the file and why."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read the file ({exc.strerror or exc}).") from None
    except UnicodeDecodeError:
        raise error(f"{path}: this is not a Vast Desktop {what} file (not text).") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise error(f"{path}: not a Vast Desktop {what} file (broken JSON at line {exc.lineno}: {exc.msg}).") from None
    if not isinstance(data, dict) or data.get("format") != marker:
        raise error(f"{path}: not a Vast Desktop {what} file (no '{marker}' marker).")
    return data


def validate_file(model: type[ModelT], data: dict[str, Any], path: Path, what: str, error: type[ValueError]) -> ModelT:
    """The pydantic model of a file's contents; a broken field raises ``error`` naming its path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise error(f"{path}: broken {what} file at {where}: {first['msg']}.") from None


def load_save(path: Path, rules: RulesData | None = None) -> tuple[Game, SaveFile]:
    """Read, validate and replay a save file (with ``rules``, default the packaged data);
    also returns the file's contents (seats)."""
    path = Path(path)
    data = read_marked_json(path, SAVE_FORMAT, "save", SaveError)
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"{path}: save format version {data.get('version')!r} is not supported (expected {SAVE_VERSION}).")
    save = validate_file(SaveFile, data, path, "save", SaveError)
    if save.rules_version != RULES_VERSION:
        raise SaveError(f"{path}: saved with rules {save.rules_version!r}; this version plays {RULES_VERSION!r}.")
    try:
        return replay(save.setup, list(save.choices), scenario=save.scenario, rules=rules), save
    except ReplayError as exc:
        raise SaveError(f"{path}: the saved game no longer replays at step {exc.step} ({exc.choice!r}): {exc.reason}") from None
    except (SetupError, ValueError) as exc:
        raise SaveError(f"{path}: the saved setup cannot be played: {exc}") from None
