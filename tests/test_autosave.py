"""Autosave never loses a move or lies about one (issue 26, item 2).

- the writing happens off the caller's thread: ``choose`` returns while a write is blocked;
- saves queued faster than the disk takes them coalesce (only the newest is written);
- an unwritable data folder (a file in the way, so it holds for root too) starts the game
  in memory, every move is kept, the problem names the file and the reason, and the next
  write after the folder is fixed succeeds and clears it; a failed save is retried on its own;
- a writer process killed with SIGKILL at random moments always leaves a loadable save, and
  the start-up tidy-up removes the temp files the kills left;
- the tidy-up touches only our own temp names, and only old ones;
- the folders come from platformdirs unless ``$VAST_DESKTOP_HOME`` is set.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from vast_desktop.autosaver import AutosaveWriter
from vast_desktop.engine import Setup
from vast_desktop.persistence import TEMP_NAME, atomic_write_text, clean_temp_files, load_save
from vast_desktop.session import Seat, Session

ROOT = Path(__file__).resolve().parents[1]
SEATS = {"knight": Seat(True), "cave": Seat(True)}
WAIT = 30.0     # an upper bound for a background write, never a timing assertion


def setup(seed: int = 3) -> Setup:
    return Setup(roles=("knight", "cave"), seed=seed)


def play(session: Session, n: int, rng: random.Random) -> None:
    """Make ``n`` human choices (any legal ones)."""
    for _ in range(n):
        session.choose(rng.choice(session.game.pending.ids))


# ---------------------------------------------------------------- off the calling thread
class BlockedWrite:
    """A write function that blocks until released, recording what reached it."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.texts: list[str] = []
        self.threads: set[str] = set()

    def __call__(self, path: Path, text: str) -> None:
        self.threads.add(threading.current_thread().name)
        self.started.set()
        assert self.release.wait(WAIT), "the test never released the write"
        atomic_write_text(path, text)
        self.texts.append(text)


def test_choose_returns_while_the_write_is_blocked_and_the_newest_save_wins(tmp_path) -> None:
    write = BlockedWrite()
    path = tmp_path / "autosave.json"
    session = Session.new(setup(), dict(SEATS), path, writer=AutosaveWriter(write))
    assert write.started.wait(WAIT)             # the first save is being written ... and is stuck
    play(session, 4, random.Random(1))          # four moves while the disk is stuck: choose never waits
    assert len(session.game.choices) == 4
    assert write.texts == [] and not path.exists()
    assert threading.current_thread().name not in write.threads
    write.release.set()
    assert session.flush_autosave(WAIT)
    # the stuck first save, then only the newest of the four queued behind it
    assert len(write.texts) == 2
    game, _ = load_save(path)
    assert game.choices == session.game.choices
    assert write.threads == {"autosave"}


def test_an_idle_writer_holds_no_thread(tmp_path) -> None:
    writer = AutosaveWriter()
    session = Session.new(setup(), dict(SEATS), tmp_path / "a.json", writer=writer)
    assert session.flush_autosave(WAIT)
    assert writer.written == 1
    for _ in range(1000):                        # the thread ends right after its last write
        if not writer.running:
            break
        time.sleep(0.005)
    assert not writer.running
    play(session, 2, random.Random(2))          # ... and the next save starts one again
    assert session.flush_autosave(WAIT)
    assert load_save(tmp_path / "a.json")[0].choices == session.game.choices


# ---------------------------------------------------------------- an unwritable data folder
def test_an_unwritable_data_folder_keeps_every_move_and_says_why(tmp_path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")   # root ignores chmod
    path = blocker / "autosave.json"
    session = Session.new(setup(), dict(SEATS), path)          # starts: the game is in memory
    assert not session.flush_autosave(WAIT)
    problem = session.autosave_problem
    assert problem is not None and problem.path == path
    assert str(path) in problem.message and problem.reason in problem.message
    assert problem.reason == f"{blocker} is a file, not a folder"
    play(session, 3, random.Random(3))                          # never raises
    assert len(session.game.choices) == 3
    assert not session.flush_autosave(WAIT)
    assert session.autosave_problem is not None
    # the folder is fixed: the next move's save is written and the warning goes
    blocker.unlink()
    play(session, 1, random.Random(4))
    assert session.flush_autosave(WAIT)
    assert session.autosave_problem is None
    assert load_save(path)[0].choices == session.game.choices


def test_a_failed_save_is_retried_without_another_move(tmp_path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("in the way", encoding="utf-8")
    path = blocker / "autosave.json"
    written = threading.Event()

    def write(p: Path, text: str) -> None:
        atomic_write_text(p, text)
        written.set()

    writer = AutosaveWriter(write, retry_seconds=0.02)
    session = Session.new(setup(), dict(SEATS), path, writer=writer)
    play(session, 2, random.Random(5))
    for _ in range(1000):                          # (the thread records the failure after its first try)
        if session.autosave_problem is not None:
            break
        time.sleep(0.005)
    assert session.autosave_problem is not None
    blocker.unlink()                               # no move, no flush: the writer tries again by itself
    assert written.wait(WAIT)
    assert session.flush_autosave(WAIT) and session.autosave_problem is None
    assert load_save(path)[0].choices == session.game.choices


def test_an_unexpected_write_error_is_reported_not_raised(tmp_path) -> None:
    def broken(path: Path, text: str) -> None:
        raise RuntimeError("disk on fire")

    session = Session.new(setup(), dict(SEATS), tmp_path / "a.json", writer=AutosaveWriter(broken))
    play(session, 1, random.Random(6))
    assert not session.flush_autosave(WAIT)
    problem = session.autosave_problem
    assert problem is not None and problem.reason == "disk on fire"


# ---------------------------------------------------------------- SIGKILL mid-write
# A spawner process imports the game once, then for each seed it reads forks a writer that plays
# moves as fast as they come, each autosaved in the background; it prints the writer's pid once
# the first save is on disk, and the writer's wait status once the test has killed it.
SPAWNER = textwrap.dedent("""
    import os, random, sys
    from pathlib import Path
    from vast_desktop.engine import Setup
    from vast_desktop.session import Session

    def write_forever(path, seed, ready):
        rng = random.Random(seed)
        session = Session.new(Setup(roles=("knight", "cave"), seed=seed), None, path)
        session.flush_autosave()
        os.write(ready, b"r")
        while True:
            d = session.game.pending
            if d is None:
                session = Session.new(Setup(roles=("knight", "cave"), seed=rng.randrange(1000)), None, path)
                continue
            session.choose(rng.choice(d.ids))

    path = Path(sys.argv[1])
    for line in sys.stdin:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            write_forever(path, int(line), w)
        os.close(w)
        assert os.read(r, 1) == b"r"
        os.close(r)
        print(pid, flush=True)
        print(os.waitpid(pid, 0)[1], flush=True)
""")

KILLS = 80


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the writers are forked")
def test_sigkill_mid_write_always_leaves_a_loadable_save_and_startup_cleans_up(tmp_path) -> None:
    folder = tmp_path / "data"
    path = folder / "autosave.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    spawner = subprocess.Popen([sys.executable, "-c", SPAWNER, str(path)], env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert spawner.stdin is not None and spawner.stdout is not None
    rng = random.Random(26)
    left_behind = 0
    try:
        for kill in range(KILLS):
            spawner.stdin.write(f"{kill}\n")
            spawner.stdin.flush()
            pid = int(spawner.stdout.readline())
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(pid, signal.SIGKILL)
            status = int(spawner.stdout.readline())
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
            load_save(path)                                   # old or new, never broken (raises otherwise)
            temps = [p for p in folder.iterdir() if TEMP_NAME.fullmatch(p.name)]
            left_behind += len(temps)
            # the next start-up: the writer is dead, so its temp files go whatever their age
            assert sorted(clean_temp_files(folder, min_age_seconds=0)) == sorted(temps)
            assert [p.name for p in folder.iterdir()] == ["autosave.json"]
    finally:
        spawner.stdin.close()
        spawner.wait(WAIT)
        spawner.stdout.close()
    print(f"{KILLS} kills, {left_behind} temp files left mid-write and cleaned")


# ---------------------------------------------------------------- the start-up tidy-up
def test_cleanup_removes_only_our_old_temp_files(tmp_path) -> None:
    old = tmp_path / ".autosave.json.ab12_x9z.tmp"
    young = tmp_path / ".settings.json.qq1234aa.tmp"
    others = [tmp_path / "autosave.json", tmp_path / "notes.tmp", tmp_path / ".autosave.json.tmp",
              tmp_path / ".autosave.json.TOOLONG99.tmp", tmp_path / "x.autosave.json.ab12_x9z.tmp"]
    for p in [old, young, *others]:
        p.write_text("x", encoding="utf-8")
    folder_named_like_one = tmp_path / ".campaign.json.abcdefgh.tmp"
    folder_named_like_one.mkdir()
    past = time.time() - 3600
    for p in [old, *others, folder_named_like_one]:
        os.utime(p, (past, past))
    assert clean_temp_files(tmp_path) == [old]
    assert young.exists() and folder_named_like_one.is_dir() and all(p.exists() for p in others)
    assert clean_temp_files(tmp_path / "missing") == []
    assert clean_temp_files(old.parent / "autosave.json") == []            # a file, not a folder


def test_the_app_cleans_its_folders_at_start_up(tmp_path, monkeypatch) -> None:
    pytest.importorskip("pygame")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.settings import folders

    past = time.time() - 3600
    temps = []
    for folder in folders():
        folder.path.mkdir(parents=True, exist_ok=True)
        temp = folder.path / ".autosave.json.k3j4h5g6.tmp"
        temp.write_text("{", encoding="utf-8")
        os.utime(temp, (past, past))
        temps.append(temp)
    import pygame

    from vast_desktop.app import App

    App(size=(960, 600))
    try:
        assert not any(t.exists() for t in temps)
    finally:
        pygame.quit()


# ---------------------------------------------------------------- where the folders are
def test_folders_follow_the_home_override_else_platformdirs(tmp_path, monkeypatch) -> None:
    import platformdirs

    from vast_desktop import settings

    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path))
    assert settings.data_dir() == tmp_path / "data" and settings.config_dir() == tmp_path / "config"
    assert settings.saves_dir() == tmp_path / "data" / "saves"
    assert [f.path for f in settings.folders()] == [settings.saves_dir(), settings.data_dir(), settings.config_dir()]
    monkeypatch.delenv("VAST_DESKTOP_HOME")
    assert settings.data_dir() == platformdirs.user_data_path("vast_desktop", appauthor=False)
    assert settings.config_dir() == platformdirs.user_config_path("vast_desktop", appauthor=False)
    assert settings.autosave_path().parent == settings.data_dir()


def test_the_tutorial_goes_on_when_its_progress_cannot_be_written(tmp_path) -> None:
    """A file where the data folder should be: the lesson's steps still go on, the table is told
    why (autosave_problem names the file), and the progress is written once the way is clear."""
    from vast_desktop.teach.tutorial.runner import Tutorial
    from vast_desktop.teach.tutorial.session import TutorialSession

    blocker = tmp_path / "data"
    blocker.write_text("in the way", encoding="utf-8")
    progress = blocker / "tutorial.json"
    session = TutorialSession.for_tutorial(Tutorial.new(), progress)
    for _ in range(3):
        take_tutorial_step(session)
    session.flush_autosave()
    problem = session.autosave_problem
    assert problem is not None and problem.path == progress and "not a folder" in problem.reason
    blocker.unlink()
    take_tutorial_step(session)
    assert session.flush_autosave() and session.autosave_problem is None
    assert progress.exists()


def take_tutorial_step(session) -> None:
    """The step's one choice, or Next on a narration step."""
    step = session.tut.step
    assert step is not None
    if step.learner:
        assert step.choice is not None
        session.choose(step.choice)
    else:
        session.next()
