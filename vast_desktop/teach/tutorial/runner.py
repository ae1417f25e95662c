"""The guided tutorial without pygame: its script, the game it plays, and the learner's progress.

A script (``sample_turn.yaml``) is a fixed scenario and a list of steps.  A learner step names the
one option the learner must choose; any other choice is refused with the step's hint and changes
nothing.  Auto steps (another role's routine choice) and narration steps go on with Next.  The
progress is the list of choices made, saved atomically in the app's data folder after every step,
so leaving and resuming replays it through the engine's legality checks.
"""
from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine import Game, IllegalChoice
from ...engine.scenario import ScenarioError, load_scenario
from ...persistence import atomic_write_text, read_marked_json, validate_file
from ...rules_data import RulesDataError, YamlSources, validation_message
from ...settings import data_dir

DEFAULT_SCRIPT = "sample_turn.yaml"
PROGRESS_FORMAT: Literal["vast-desktop-tutorial"] = "vast-desktop-tutorial"
RoleName = Literal["knight", "goblins", "dragon", "cave", "thief"]


class TutorialError(ValueError):
    """A tutorial script or progress file that cannot be used; the message says where and why."""


class Step(BaseModel):
    """One step: a learner's choice, an auto choice (played on Next), or narration only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    say: str = Field(min_length=1)
    role: RoleName | None = None
    choice: str | None = None
    auto: bool = False
    hint: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Step:
        if self.choice is not None and self.role is None:
            raise ValueError("a step with a choice names the role that makes it")
        if self.auto and self.choice is None:
            raise ValueError("an auto step needs the choice it plays")
        return self

    @property
    def learner(self) -> bool:
        """The learner must make this step's choice (not Next)."""
        return self.choice is not None and not self.auto


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    scenario: dict[str, Any]
    steps: tuple[Step, ...] = Field(min_length=1)


class Progress(BaseModel):
    """The progress file: which script, and the steps done (one entry per step, its choice or null)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["vast-desktop-tutorial"]
    version: Literal[1]
    script: str
    done: tuple[str | None, ...]


def _read_text(name: str) -> str:
    """A packaged script's text, or a file path's."""
    path = Path(name)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return importlib.resources.files("vast_desktop.teach.tutorial").joinpath(name).read_text(encoding="utf-8")


def load_script(name: str = DEFAULT_SCRIPT, text: str | None = None) -> Script:
    """Read and validate a script; errors name the file, the line and the key (as the rules data's do)."""
    filename = Path(name).name
    sources = YamlSources(filename)
    try:
        sources.add(filename, _read_text(name) if text is None else text)
        return Script.model_validate(sources.raw)
    except RulesDataError as exc:
        raise TutorialError(str(exc)) from None
    except ValidationError as exc:
        raise TutorialError(validation_message(exc, sources)) from None
    except OSError as exc:
        raise TutorialError(f"{filename}: cannot read the tutorial script ({exc})") from None


def progress_path() -> Path:
    return data_dir() / "tutorial.json"


class Tutorial:
    """A tutorial being played: the script, the game and the index of the current step."""

    def __init__(self, script: Script, script_name: str = DEFAULT_SCRIPT) -> None:
        self.script = script
        self.script_name = script_name
        try:
            self.game: Game = load_scenario(script.scenario)
        except ScenarioError as exc:
            raise TutorialError(f"{script_name}: scenario: {exc}") from None
        self.index = 0

    @classmethod
    def new(cls, name: str = DEFAULT_SCRIPT) -> Tutorial:
        return cls(load_script(name), name)

    # ---------------------------------------------------------------- where we are
    @property
    def finished(self) -> bool:
        return self.index >= len(self.script.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.script.steps[self.index]

    @property
    def expected(self) -> str | None:
        """The option id the learner must choose now (None on Next steps and at the end)."""
        s = self.step
        return s.choice if s is not None and s.learner else None

    @property
    def number(self) -> tuple[int, int]:
        """(this step's number from 1, the number of steps)."""
        return min(self.index + 1, len(self.script.steps)), len(self.script.steps)

    # ---------------------------------------------------------------- going on
    def refusal(self, option_id: str) -> str | None:
        """Why ``option_id`` is not this step's choice (None when it is)."""
        s = self.step
        if s is None:
            return "The tutorial is complete."
        if not s.learner:
            return "Read this step, then press Next."
        if option_id != s.choice:
            return s.hint or s.say
        return None

    def choose(self, option_id: str) -> None:
        """The learner's choice: refused (IllegalChoice with the step's hint, nothing changes) unless it
        is the step's one choice."""
        why = self.refusal(option_id)
        if why is not None:
            raise IllegalChoice(why)
        self._play(option_id)

    def next(self) -> None:
        """Next on an auto or narration step: play its choice, if any, and go on."""
        s = self.step
        if s is None or s.learner:
            raise IllegalChoice("The tutorial is complete." if s is None else "This step asks you to choose: "
                                + (s.hint or s.say))
        if s.choice is not None:
            self._play(s.choice)
        else:
            self.index += 1

    def _play(self, option_id: str) -> None:
        s = self.step
        assert s is not None and s.choice == option_id
        d = self.game.pending
        if d is None or d.role != s.role:
            raise TutorialError(f"{self.script_name}: step {self.index + 1} expects the {s.role} to choose "
                                f"{option_id!r}, but the game waits for {d.role if d else 'nobody'}")
        self.game.apply(option_id)       # an option no longer legal raises IllegalChoice: nothing changed
        self.index += 1

    # ---------------------------------------------------------------- saving
    def progress(self) -> Progress:
        done = tuple(s.choice for s in self.script.steps[:self.index])
        return Progress(format=PROGRESS_FORMAT, version=1, script=self.script_name, done=done)

    def save(self, path: Path | None = None) -> None:
        atomic_write_text(path or progress_path(), self.progress().model_dump_json(indent=1))

    @classmethod
    def resume(cls, path: Path | None = None) -> Tutorial:
        """The tutorial where the progress file left it; TutorialError if it cannot be replayed."""
        path = Path(path or progress_path())
        data = read_marked_json(path, PROGRESS_FORMAT, "tutorial progress", TutorialError)
        progress = validate_file(Progress, data, path, "tutorial progress", TutorialError)
        t = cls.new(progress.script)
        for i, choice in enumerate(progress.done):
            s = t.step
            if s is None or s.choice != choice:
                raise TutorialError(f"{path}: step {i + 1} no longer matches the tutorial script")
            try:
                t.next() if not s.learner else t.choose(choice or "")
            except IllegalChoice as exc:
                raise TutorialError(f"{path}: step {i + 1} no longer replays: {exc.reason}") from None
        return t

    @classmethod
    def start_or_resume(cls, path: Path | None = None) -> tuple[Tutorial, str | None]:
        """Resume the saved progress if there is one that replays; else a new tutorial (with the reason)."""
        path = Path(path or progress_path())
        if not path.exists():
            return cls.new(), None
        try:
            return cls.resume(path), None
        except TutorialError as exc:
            return cls.new(), f"The saved tutorial could not be resumed, so it starts again: {exc}"
