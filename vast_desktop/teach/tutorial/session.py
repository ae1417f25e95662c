"""The tutorial's session: every role is the learner's, at an open table (no curtains); a choice
goes through the tutorial (a wrong one is refused with the step's hint) and the progress is saved
after every step instead of the app's autosave (a tutorial never overwrites the game in progress)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...autosaver import AutosaveProblem, AutosaveWriter
from ...session import Seat, Session
from .runner import Tutorial, progress_path


@dataclass
class TutorialSession(Session):
    tutorial: Tutorial | None = None
    progress_file: Path | None = None

    @classmethod
    def for_tutorial(cls, tutorial: Tutorial, progress_file: Path | None = None,
                     writer: AutosaveWriter | None = None) -> TutorialSession:
        """``writer``: the app's one autosave writer, so the title's flush covers the progress too."""
        seats = {role: Seat() for role in tutorial.game.state.roles}
        return cls(tutorial.game, seats, None, shared_table=True, tutorial=tutorial,
                   progress_file=progress_file or progress_path(), writer=writer or AutosaveWriter())

    @property
    def tut(self) -> Tutorial:
        assert self.tutorial is not None
        return self.tutorial

    def choose(self, option_id: str) -> None:
        """The learner's choice: only the step's one choice is taken (IllegalChoice with the hint otherwise)."""
        self.tut.choose(option_id)
        self.autosave()

    def next(self) -> None:
        """Next on an auto or narration step."""
        self.tut.next()
        self.autosave()

    def can_undo(self) -> bool:
        return False                      # the tutorial's steps go one way

    def autosave(self) -> None:
        """Save the progress through the session's background writer, like a game's autosave (a
        folder that cannot be written never stops the lesson: the table shows why, and the writer
        retries); once the tutorial is complete the progress is dropped (it starts afresh)."""
        if self.progress_file is None:
            return
        if self.tut.finished:
            self.writer.flush()                  # no queued write may bring the file back
            try:
                self.progress_file.unlink(missing_ok=True)
            except OSError:
                pass                             # a progress file we cannot remove only offers to resume
        else:
            self.writer.submit(self.progress_file, self.tut.progress().model_dump_json(indent=1))

    @property
    def autosave_problem(self) -> AutosaveProblem | None:
        """Why the tutorial's progress is not on disk, or None."""
        return self.writer.problem if self.progress_file is not None else None
