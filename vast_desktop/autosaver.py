"""The autosave writer: one background thread that writes the autosave file, so the
frame that applied a move never waits on the disk (an fsync under load takes tens of
milliseconds).

The caller builds the file's text on its own thread (:meth:`AutosaveWriter.submit`), so
the text is a snapshot of the game at that move; the thread writes it atomically
(:func:`~vast_desktop.persistence.atomic_write_text`).  Saves queued faster than the disk
takes them coalesce: only the newest one is written.  A write that fails keeps the move
(the game is in memory) and is recorded as an :class:`AutosaveProblem` the table shows;
the writer tries again every ``retry_seconds`` and with the next move, and a write that
succeeds clears the problem.  :meth:`AutosaveWriter.flush` waits until the last move is
on disk (tests, and the app before it quits).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .persistence import atomic_write_text

RETRY_SECONDS = 5.0
READ_FLUSH_SECONDS = 2.0    # how long reading the autosave (Continue, Load) waits for the last one


@dataclass(frozen=True)
class AutosaveProblem:
    """The last autosave could not be written: where, and the system's reason."""

    path: Path
    reason: str

    @property
    def message(self) -> str:
        return (f"Autosave failed: cannot write {self.path} ({self.reason}). "
                "Your moves are kept in this window; trying again.")


@dataclass(frozen=True)
class _Job:
    path: Path
    text: str


def failure_reason(exc: BaseException, path: Path) -> str:
    """The system's reason a write of ``path`` failed, naming the file or folder it failed on
    when that is not ``path`` itself (a folder that cannot be made, a file in the way)."""
    if not isinstance(exc, OSError) or not exc.strerror:
        return str(exc) or type(exc).__name__
    if isinstance(exc, FileExistsError) and exc.filename is not None:     # making a folder where a file is
        return f"{exc.filename} is a file, not a folder"
    if exc.filename is not None and Path(exc.filename) != path:
        return f"{exc.strerror}: {exc.filename}"
    return exc.strerror


class AutosaveWriter:
    """Writes autosaves in a background thread, newest first, retrying a failed one.

    ``write`` is the function that puts the text on disk (tests inject one that blocks or
    fails).  The thread runs only while there is something to write (or a failed save to
    retry), so an idle writer holds no thread."""

    def __init__(self, write: Callable[[Path, str], None] = atomic_write_text,
                 retry_seconds: float = RETRY_SECONDS) -> None:
        self._write = write
        self.retry_seconds = retry_seconds
        self._cond = threading.Condition()
        self._pending: _Job | None = None      # the newest save not yet taken by the thread
        self._failed: _Job | None = None       # the last save that could not be written (retried)
        self._busy = False                     # the thread is writing now
        self._problem: AutosaveProblem | None = None
        self._thread: threading.Thread | None = None
        self.written = 0                       # saves put on disk (tests count them)

    # ------------------------------------------------------------ caller's side
    def submit(self, path: Path, text: str) -> None:
        """Queue ``text`` for ``path``, replacing any save still waiting; returns at once."""
        with self._cond:
            self._pending = _Job(Path(path), text)
            self._failed = None              # the newer save supersedes the one that failed
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    @property
    def running(self) -> bool:
        """Its thread is alive (something to write, or a failed save to retry)."""
        with self._cond:
            return self._thread is not None

    @property
    def problem(self) -> AutosaveProblem | None:
        """Why the last autosave is not on disk, or None when it is."""
        with self._cond:
            return self._problem

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the newest save has been tried (written, or failed); a failed save is
        tried once more first.  True if everything queued is on disk."""
        with self._cond:
            if self._failed is not None and self._pending is None:
                self._pending, self._failed = self._failed, None
                self._cond.notify_all()
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)
            return self._pending is None and not self._busy and self._failed is None

    # ------------------------------------------------------------ the thread
    def _run(self) -> None:
        while True:
            with self._cond:
                if self._pending is None and self._failed is not None:
                    # a failed save: wait for a newer one (or a flush), else retry it after a pause
                    self._cond.wait(self.retry_seconds)
                    if self._pending is None and self._failed is not None:
                        self._pending, self._failed = self._failed, None
                if self._pending is None:
                    if self._failed is None:
                        self._thread = None  # nothing left to do: the next submit starts a thread
                        return
                    continue
                job, self._pending, self._busy = self._pending, None, True
            try:
                self._write(job.path, job.text)
            except Exception as exc:         # any failure keeps the move: recorded and retried
                with self._cond:
                    self._problem = AutosaveProblem(job.path, failure_reason(exc, job.path))
                    if self._pending is None:
                        self._failed = job
                    self._busy = False
                    self._cond.notify_all()
            else:
                with self._cond:
                    self.written += 1
                    self._problem = None
                    self._busy = False
                    self._cond.notify_all()
