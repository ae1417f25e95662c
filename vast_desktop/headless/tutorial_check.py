"""``python -m vast_desktop tutorial --check``: play the tutorial headless, as a learner would.

The check opens the app under the dummy video driver in a throw-away home folder (the learner's
own progress is never touched), presses the title's Tutorial button, and for every step posts the
real mouse clicks it asks for (the robot finds the target where the table shows it) or presses
Next.  It succeeds only when the "Tutorial complete" panel's Done button leads back to the title.
"""
from __future__ import annotations

import os
import sys
import tempfile


def run_check(size: tuple[int, int] = (1600, 900)) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="vast-tutorial-check-") as home:
        os.environ["VAST_DESKTOP_HOME"] = home
        import pygame

        from ..app import App
        from ..screens.title import TitleScreen
        try:
            app = App(size=size)
            app.push(TitleScreen(app))
            return play_tutorial(app)
        finally:
            pygame.quit()


def fail(message: str) -> int:
    print(f"tutorial check: {message}", file=sys.stderr)
    return 1


def title_button(app, label: str):
    """The title screen's button with ``label``."""
    top = app.top
    return next((e for e in getattr(top, "elements", []) if getattr(e, "text", None) == label), None)


def play_tutorial(app, max_steps: int = 500) -> int:
    """From the title screen: start the tutorial with its button, then play every step by clicking."""
    from ..screens.title import TitleScreen
    from ..screens.tutorial import TutorialScreen
    from .robot import Robot

    robot = Robot(app)
    robot.frames(2)
    button = title_button(app, "Tutorial")
    if button is None:
        return fail("the title screen has no Tutorial button")
    robot.click_button(button)
    for _ in range(max_steps):
        screen = app.top
        if not isinstance(screen, TutorialScreen):
            return fail(f"the tutorial screen is not showing (showing {type(screen).__name__})")
        t = screen.tutorial
        if t.finished:
            robot.click_button(screen.next_btn)
            if not isinstance(app.top, TitleScreen):
                return fail("Done on the 'Tutorial complete' panel did not lead back to the title")
            print(f"tutorial check: completed all {len(t.script.steps)} steps")
            return 0
        step, n = t.step, t.index + 1
        assert step is not None
        try:
            if step.learner:
                assert step.choice is not None
                robot.perform(step.choice)
            else:
                robot.click_button(screen.next_btn)
        except AssertionError as exc:
            return fail(f"stuck at step {n} ({step.choice or 'Next'}): {exc}")
        if t.index != n:
            return fail(f"stuck at step {n} ({step.choice or 'Next'}): the click did not move the tutorial on")
    return fail(f"no end after {max_steps} steps")
