"""Save files: a pydantic model of (format, rules version, setup, scenario, choice
ids), written atomically (temp file, fsync, rename) so a crash loses at most the
choice being made; a temp file a crash leaves behind is cleaned at the next start-up
(:func:`clean_temp_files`).

Loading validates everything before anything uses it: the file is read safely
(:mod:`.safe_json`: a regular file, a size cap, bounded nesting), checked against a
strict schema (known roles, seats and levels, bounded sizes, printable names), then
replayed in a throwaway game with every legality check, and the final position is
probed (its options, every role's view, the save written back to text) so a poisoned
scenario fails here rather than at a later choice.  Any failure is one SaveError naming
the file and the reason — the current game and the autosave are never touched.
"""
from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from .bots.registry import LEVELS
from .engine import Game, ReplayError, Setup, replay, view
from .engine.errors import ScenarioError
from .engine.setup import SetupError
from .engine.state import ROLE_ORDER
from .rules_data import Corrections, RulesData, describe_count
from .rules_data.corrections import SHOWN_CHARS
from .safe_json import MAX_FILE_BYTES, UnsafeJson, read_json_object
from .standing_orders import StandingOrders

ModelT = TypeVar("ModelT", bound=BaseModel)
SAVE_FORMAT: Literal["vast-desktop-save"] = "vast-desktop-save"
SAVE_VERSION = 1
RULES_VERSION = "base-1"
TEMP_SUFFIX = ".tmp"
# atomic_write_text's temp files: "." + the target's name + "." + mkstemp's 8 random characters + ".tmp"
TEMP_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")
STALE_TEMP_SECONDS = 10.0    # a younger temp file may be another window's write in progress


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says which file and why."""


MAX_CHOICES = 100_000          # a long five-role game makes a few thousand
MAX_CHOICE_CHARS = 200         # an option id is a few dozen characters
MAX_NAME_CHARS = 40            # a Campaign player name (the setup screen allows 16)
MAX_SEED = 2**63               # seeds are drawn far below this; a bigger one is not ours
MAX_RULES_CHANGES = 100_000    # values a player's rules-data folder changed (the data has a few thousand)
SHOWN_CHANGES = 5              # of them, the lines a save keeps to name them in a message
MAX_FOLDER_CHARS = 1000        # the player's rules-data folder, as a path


def _known_role(role: str) -> str:
    if role not in ROLE_ORDER:
        raise ValueError(f"unknown role {role[:40]!r}; roles: {', '.join(ROLE_ORDER)}")
    return role


def _printable(text: str) -> str:
    if not text.isprintable():
        raise ValueError("only printable characters are allowed")
    return text


Role = Annotated[str, AfterValidator(_known_role)]
SeatValue = Annotated[str, StringConstraints(pattern=rf"^(human|computer(:({'|'.join(LEVELS)}))?)$")]
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME_CHARS), AfterValidator(_printable)]
ChoiceId = Annotated[str, StringConstraints(min_length=1, max_length=MAX_CHOICE_CHARS), AfterValidator(_printable)]


ShownChange = Annotated[str, StringConstraints(min_length=1, max_length=SHOWN_CHARS), AfterValidator(_printable)]
FolderText = Annotated[str, StringConstraints(max_length=MAX_FOLDER_CHARS), AfterValidator(_printable)]


class RulesChanges(BaseModel):
    """The player's rules-data corrections a game was played with (rules_data.Corrections), in a
    save: the folder, the counts, a fingerprint of every changed value and the first few lines
    (``knight.yaml: knight.bombs = 4``) to name them when the save is refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    folder: FolderText
    values: int = Field(ge=0, le=MAX_RULES_CHANGES)
    components: int = Field(ge=0, le=MAX_RULES_CHANGES)
    digest: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
    shown: tuple[ShownChange, ...] = Field(max_length=SHOWN_CHANGES)

    @classmethod
    def of(cls, c: Corrections) -> RulesChanges | None:
        """What a save records of ``c`` (None for the game's own data: the field is left out)."""
        if not c:
            return None
        return cls(folder=_plain(c.folder)[:MAX_FOLDER_CHARS], values=min(c.values, MAX_RULES_CHANGES),
                   components=min(c.components, MAX_RULES_CHANGES), digest=c.digest,
                   shown=tuple(_plain(line)[:SHOWN_CHARS] for line in c.shown(SHOWN_CHANGES)))

    def matches(self, c: Corrections) -> bool:
        return bool(c) and c.digest == self.digest

    def listed_in_brackets(self) -> str:
        """``2 values (knight.yaml: knight.bombs = 4; …)``"""
        count, _, lines = self.listed().partition(": ")
        return f"{count} ({lines})"

    def listed(self) -> str:
        """``2 values: knight.yaml: knight.bombs = 4; events.yaml: …``"""
        more = "; …" if len(self.shown) < self.values + self.components else ""
        return f"{describe_count(self.values, self.components)}: {'; '.join(self.shown)}{more}"


def _plain(text: str) -> str:
    """``text`` with any unprintable character escaped (a save holds printable text only)."""
    return text if text.isprintable() else "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class SaveFile(BaseModel):
    """A save's contents, strictly: no extra fields, no type coercion, bounded sizes, only
    known roles and seat values."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    format: Literal["vast-desktop-save"]
    version: int
    rules_version: Annotated[str, StringConstraints(max_length=40)]
    setup: Setup
    scenario: dict[str, Any] | None = None
    choices: tuple[ChoiceId, ...] = Field(max_length=MAX_CHOICES)
    seats: dict[Role, SeatValue] | None = None    # role -> "human" or "computer:<level>" (the app's seat table)
    campaign: dict[Role, PlayerName] | None = None  # role -> player name in a Campaign game (VAR-03); absent otherwise
    rules_changes: RulesChanges | None = None   # the player's rules-data corrections it was played with; absent: none
    cave_orders: StandingOrders | None = None      # the Cave's standing orders (issue 27 item 2); absent in older saves

    @model_validator(mode="after")
    def _consistent(self) -> SaveFile:
        """The seed in range; seats and player names only for roles in the game."""
        if not -MAX_SEED < self.setup.seed < MAX_SEED:
            raise ValueError(f"the seed is out of range (more than {len(str(MAX_SEED))} digits)")
        unknown = [r for r in self.setup.roles if r not in ROLE_ORDER]
        if unknown or not self.setup.roles:
            raise ValueError(f"setup.roles must name roles among {', '.join(ROLE_ORDER)}"
                             + (f" (not {', '.join(repr(r[:40]) for r in unknown)})" if unknown else ""))
        roles = set(self.setup.roles if self.scenario is None else ROLE_ORDER)
        for field, table in (("seats", self.seats), ("campaign", self.campaign)):
            extra = sorted(set(table or ()) - roles)
            if extra:
                raise ValueError(f"{field} names {', '.join(extra)}, not in this game")
        if self.cave_orders is not None and "cave" not in roles:
            raise ValueError("cave_orders are given but the Cave is not in this game")
        return self


def to_save(g: Game, seats: dict[str, str] | None = None, campaign: dict[str, str] | None = None,
            cave_orders: StandingOrders | None = None) -> SaveFile:
    return SaveFile(format=SAVE_FORMAT, version=SAVE_VERSION, rules_version=RULES_VERSION, setup=g.setup,
                    scenario=g.scenario, choices=tuple(g.choices), seats=seats, campaign=campaign or None,
                    rules_changes=RulesChanges.of(g.rules.corrections), cave_orders=cave_orders)


def atomic_write_text(path: Path, text: str) -> None:
    """Write to a temp file beside ``path``, fsync it, then rename over ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
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


def clean_temp_files(folder: Path, min_age_seconds: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temp files an interrupted :func:`atomic_write_text` left in ``folder`` (a
    crash or a kill between creating and renaming one) and return them.  Only our own temp
    names (``.<name>.<8 random>.tmp``), only plain files, and only those not touched for
    ``min_age_seconds`` (a younger one may be another window's write in progress).  A folder
    that is missing or unreadable, or a file that cannot be removed, is left alone: this is
    tidying, never a reason to stop the app."""
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    cutoff = time.time() - min_age_seconds
    removed = []
    for entry in entries:
        if not TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            if not entry.is_file() or entry.is_symlink() or entry.stat().st_mtime > cutoff:
                continue
            entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def save_text(save: SaveFile) -> str:
    """A save file's text, as :func:`save_game` writes it."""
    # without a campaign, corrections or orders the file is written exactly as before those fields existed
    # (older versions read it); with corrections an older version refuses it, as it could not play it right
    absent = {name for name in ("campaign", "rules_changes", "cave_orders") if getattr(save, name) is None}
    return save.model_dump_json(indent=1, exclude=absent or None)


def save_game(g: Game, path: Path, seats: dict[str, str] | None = None,
              campaign: dict[str, str] | None = None, cave_orders: StandingOrders | None = None) -> None:
    atomic_write_text(Path(path), save_text(to_save(g, seats, campaign, cave_orders)))


def load_game(path: Path) -> Game:
    """Read, validate and replay a save file into a new Game."""
    return load_save(path)[0]


def read_marked_json(path: Path, marker: str, what: str, error: type[ValueError],
                     max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Read a JSON file of ours that must carry ``"format": marker``; anything else (no
    file, not a regular file, too big, not text, broken or too deeply nested JSON, a
    foreign file) raises ``error`` naming the file and why (see :mod:`.safe_json`)."""
    try:
        data = read_json_object(Path(path), max_bytes)
    except UnsafeJson as exc:
        raise error(f"{path}: not a Vast Desktop {what} file ({exc}).") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the file ({exc.strerror or exc}).") from None
    if not isinstance(data, dict) or data.get("format") != marker:
        raise error(f"{path}: not a Vast Desktop {what} file (no '{marker}' marker).")
    return data


def validate_file(model: type[ModelT], data: dict[str, Any], path: Path, what: str, error: type[ValueError],
                  strict: bool | None = None) -> ModelT:
    """The pydantic model of a file's contents; a broken field raises ``error`` naming its path."""
    try:
        return model.model_validate(data, strict=strict)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x)[:40] for x in first["loc"] if x != "[key]")
        msg = first["msg"].removeprefix("Value error, ")
        raise error(f"{path}: broken {what} file{f' at {where}' if where else ''}: {msg}.") from None


def read_save(path: Path) -> SaveFile:
    """Read and validate a save file without replaying it (the save list's preview uses this;
    :func:`load_save` adds the replay).  Raises SaveError naming the file and the reason."""
    path = Path(path)
    data = read_marked_json(path, SAVE_FORMAT, "save", SaveError)
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(f"{path}: broken save file at version: the version is not a whole number.")
    if version != SAVE_VERSION:
        newer = " (made by a newer Vast Desktop)" if version > SAVE_VERSION else ""
        raise SaveError(f"{path}: save format version {version} is not supported{newer}; this version reads "
                        f"{SAVE_VERSION}.")
    # JSON gives lists where the model has tuples: strict, except that one conversion
    save = validate_file(SaveFile, _tuples(data), path, "save", SaveError, strict=True)
    if save.rules_version != RULES_VERSION:
        raise SaveError(f"{path}: saved with rules {save.rules_version!r}; this version plays {RULES_VERSION!r}.")
    return save


def _tuples(data: dict[str, Any]) -> dict[str, Any]:
    """The save's lists that the model holds as tuples, as tuples (strict validation takes no list)."""
    out = dict(data)
    if isinstance(out.get("choices"), list):
        out["choices"] = tuple(out["choices"])
    setup = out.get("setup")
    changes = out.get("rules_changes")
    if isinstance(changes, dict) and isinstance(changes.get("shown"), list):
        out["rules_changes"] = {**changes, "shown": tuple(changes["shown"])}
    if isinstance(setup, dict):
        out["setup"] = {k: tuple(v) if isinstance(v, list) and k in ("roles", "variants", "house_rules") else v
                        for k, v in setup.items()}
    return out


def load_save(path: Path, rules: RulesData | None = None) -> tuple[Game, SaveFile]:
    """Read, validate and replay a save file in a throwaway game (with ``rules``, default the
    packaged data), then probe the final position; returns the game and the file's contents
    (seats).  Any failure at all is a SaveError naming the file and the reason."""
    path = Path(path)
    save = read_save(path)
    check_rules_changes(path, save, rules.corrections if rules is not None else Corrections())
    try:
        game = replay(save.setup, list(save.choices), scenario=save.scenario, rules=rules)
    except ReplayError as exc:
        raise SaveError(f"{path}: the saved game no longer replays at step {exc.step} "
                        f"({str(exc.choice)[:60]!r}): {exc.reason}") from None
    except (SetupError, ScenarioError) as exc:
        what = "setup" if save.scenario is None else "scenario"
        raise SaveError(f"{path}: the saved {what} cannot be played: {exc}") from None
    except Exception as exc:   # (RecursionError, MemoryError too) a hostile file must never take the app down
        raise SaveError(f"{path}: the saved game cannot be replayed ({_why(exc)}).") from None
    try:
        _probe(game, save)
    except Exception as exc:
        raise SaveError(f"{path}: the saved game breaks at its last position ({_why(exc)}).") from None
    return game, save


def check_rules_changes(path: Path, save: SaveFile, now: Corrections) -> None:
    """Refuse (SaveError) a save played with other rules-data corrections than ``now`` (those in use):
    replayed with other values it would be another game, or none at all."""
    saved = save.rules_changes
    if saved is None and not now:
        return
    if saved is not None and saved.matches(now):
        return
    in_use = RulesChanges.of(now)
    if saved is None:
        assert in_use is not None
        raise SaveError(f"{path}: this game was played with the game's own rules data; your rules-data folder "
                        f"{in_use.folder} now changes {in_use.listed_in_brackets()}. Move those files aside (or start with "
                        "another --rules-dir) to load it.")
    if in_use is None:
        raise SaveError(f"{path}: this game was played with your rules-data corrections ({saved.listed()}) from "
                        f"{saved.folder}; they are not in use now. Put them back to load it.")
    raise SaveError(f"{path}: this game was played with other rules-data corrections ({saved.listed()}) from "
                    f"{saved.folder} than those in use now ({in_use.listed()}) from {in_use.folder}. Put the saved "
                    "ones back to load it.")


def _probe(game: Game, save: SaveFile) -> None:
    """Use the replayed game the way the table will at once: the pending options and their
    labels, every role's view and the public one, and the autosave text; a scenario that
    loads but holds a value of the wrong kind fails here, not at a later choice."""
    d = game.pending
    if d is not None:
        for opt in d.options:
            str(opt.label)
    for role in (*game.state.roles, None):
        view(game, role)
    to_save(game, save.seats, save.campaign, save.cave_orders).model_dump_json()


def _why(exc: BaseException) -> str:
    """A short reason for an unexpected exception (its kind and first words)."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text[:160]}" if text else type(exc).__name__
