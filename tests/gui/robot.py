"""The robot player lives in the app package (``python -m vast_desktop tutorial --check`` uses it too)."""
import pygame

from vast_desktop.headless.robot import Robot

__all__ = ["Robot", "pass_entry_curtain"]


def pass_entry_curtain(robot: Robot) -> None:
    """With two or more people at the table every entry starts behind the curtain (issue 27,
    item 1): check it is up and pass it, for the tests about what happens after."""
    app = robot.app
    session = app.session
    if not session.curtains or session.decider not in session.humans:
        return
    from vast_desktop.screens.handoff import HandoffScreen

    assert isinstance(app.top, HandoffScreen) and app.top.role == session.decider, "no curtain on entry"
    robot.key(pygame.K_SPACE)
    assert not isinstance(app.top, HandoffScreen) and session.viewer == session.decider
