"""The screen protocol and small shared helpers for pygame_gui layouts."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ..app import App


class Screen:
    """One screen of the app.  The app calls ``enter`` once when it becomes the top
    screen, then ``handle_event``/``update``/``draw`` every frame, ``resize`` when the
    window changes, and ``exit`` when it leaves.  pygame_gui elements are created in
    ``build`` and killed in ``exit`` (``self.elements`` tracks them)."""

    name = "screen"
    opaque = True          # False: the screen below is drawn first (dialogs, curtains)

    def __init__(self, app: App) -> None:
        self.app = app
        self.elements: list[pygame_gui.core.UIElement] = []
        self.suspended = False

    # lifecycle
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_elements()

    def build(self) -> None:
        """Create the pygame_gui elements for the current window size."""

    def resize(self, size: tuple[int, int]) -> None:
        self.clear_elements()
        self.build()
        if self.suspended:
            self._set_visible(False)

    def suspend(self) -> None:
        """Another screen covers this one: hide its elements so nothing of it shows or
        takes clicks through the screen above (a curtain must hide the previous player's log)."""
        self.suspended = True
        self._set_visible(False)

    def resume(self) -> None:
        self.suspended = False
        self._set_visible(True)

    def _set_visible(self, visible: bool) -> None:
        for e in self.elements:
            e.show() if visible else e.hide()

    def clear_elements(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements = []

    def add(self, element: pygame_gui.core.UIElement) -> pygame_gui.core.UIElement:
        self.elements.append(element)
        if self.suspended:
            element.hide()
        return element

    def rules_section(self) -> str | None:
        """The rules reference section H or F1 opens over this screen (None: the contents)."""
        return None

    # per frame
    def handle_event(self, event: pygame.event.Event) -> None:
        """Events not consumed by pygame_gui."""

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    # helpers
    def button(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, command, tooltip: str | None = None,
               object_id: str | None = None, enabled: bool = True) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(pygame.Rect(rect), text, self.app.manager, command=command,
                                         tool_tip_text=tooltip, object_id=object_id)
        if not enabled:
            b.disable()
        self.add(b)
        return b

    def scaled(self, n: float) -> int:
        return int(round(n * self.app.settings.ui_scale))
