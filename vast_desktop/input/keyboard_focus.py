"""Keyboard-only play: a focus that Tab moves through the current decision's targets.

Tab steps forward and Shift+Tab back through everything the pending decision can be chosen by —
its spaces, edges and pieces on the map, its slots, cards and tiles on the board shown, then the
prompt bar's buttons and End turn; while a choice menu is open, through the menu's entries (the
arrow keys step there too).  Enter chooses the focused target exactly as a click on it would (a
menu opens when several options share it), Esc drops the focus.  The table draws a ring round
the focused target (:func:`vast_desktop.render.marks.draw_focus_ring`).

This module only orders targets and remembers which one has the focus; the table says where its
targets are (:func:`decision_targets`, :func:`menu_targets`) and the controller acts on the
chosen one.  A target is known by its key, so the focus survives a frame's new rectangles (the
map panned, the board redrawn) and is dropped when its target is gone."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

import pygame

from ..engine.geometry import Pos, fmt_pos
from .targets import TargetIndex

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton


class FocusKind(Enum):
    TARGET = "target"          # a target key on the map or a board: Enter clicks it
    BUTTON = "button"          # a prompt-bar button or a menu entry: Enter presses it


@dataclass(frozen=True)
class FocusTarget:
    """One thing the focus can rest on: its key, where it is drawn and how Enter acts on it."""

    kind: FocusKind
    key: str                        # the target key ("space:1,0", "slot:knight.cubes") or "button:<label>#<n>"
    rect: pygame.Rect
    area: str = ""                  # "map" or "board" for targets
    space: Pos | None = None        # the map space of a map target
    button: UIButton | None = None  # the pygame_gui button of a BUTTON
    label: str = ""                 # what it is, for people and tests


@dataclass
class KeyboardFocus:
    """Which target has the focus (None: none — the mouse is in use or nothing was tabbed to)."""

    key: str | None = None

    def current(self, targets: Sequence[FocusTarget]) -> FocusTarget | None:
        """The focused target among ``targets`` (None, and the focus dropped, when it is gone)."""
        if self.key is None:
            return None
        found = next((t for t in targets if t.key == self.key), None)
        if found is None:
            self.key = None
        return found

    def step(self, targets: Sequence[FocusTarget], step: int) -> FocusTarget | None:
        """Move the focus ``step`` targets on (wrapping round); from no focus, Tab goes to the first
        target and Shift+Tab to the last."""
        if not targets:
            self.key = None
            return None
        keys = [t.key for t in targets]
        if self.key in keys:
            i = (keys.index(self.key) + step) % len(keys)
        else:
            i = 0 if step > 0 else len(keys) - 1
        self.key = keys[i]
        return targets[i]

    def clear(self) -> None:
        self.key = None


def _button_targets(buttons: Iterable[UIButton | None], prefix: str) -> list[FocusTarget]:
    """The live, shown and enabled buttons, each keyed by its text and its place among the same texts."""
    out: list[FocusTarget] = []
    seen: dict[str, int] = {}
    for b in buttons:
        if b is None or not b.alive() or not b.visible or not b.is_enabled:
            continue
        text = str(b.text)
        n = seen[text] = seen.get(text, 0) + 1
        out.append(FocusTarget(FocusKind.BUTTON, f"{prefix}:{text}#{n}", pygame.Rect(b.rect), button=b, label=text))
    return out


def decision_targets(index: TargetIndex, selected: str | None, space_rect: Callable[[Pos], pygame.Rect],
                     edge_rect: Callable[[Pos, Pos], pygame.Rect], pieces: dict[str, Pos],
                     board_regions: dict[str, pygame.Rect], buttons: Iterable[UIButton | None]) -> list[FocusTarget]:
    """The pending decision's targets in Tab order: the map's spaces (row by row), edges and
    pieces, the shown board's targets (top to bottom), then ``buttons`` (the prompt bar's, End turn)."""
    out: list[FocusTarget] = []
    if index.decision is None:
        return out
    for p in sorted(index.spaces(selected), key=lambda q: (q[1], q[0])):
        k = f"space:{fmt_pos(p)}"
        out.append(FocusTarget(FocusKind.TARGET, k, space_rect(p), "map", p, label=f"space {fmt_pos(p)}"))
    for a, b in sorted(index.edges(), key=lambda e: (e[0][1], e[0][0], e[1][1], e[1][0])):
        k = f"edge:{fmt_pos(a)}|{fmt_pos(b)}"
        out.append(FocusTarget(FocusKind.TARGET, k, edge_rect(a, b), "map", a,
                               label=f"edge {fmt_pos(a)}–{fmt_pos(b)}"))
    for k in sorted(index.keys_of_kind("piece")):
        where = pieces.get(k.split(":", 1)[1])
        if where is not None and k not in board_regions:
            r = space_rect(where)
            out.append(FocusTarget(FocusKind.TARGET, k, r.inflate(-r.w // 3, -r.h // 3), "map", where, label=k))
    on_board = [(k, r) for k, r in board_regions.items() if k in index.by_key and not k.startswith("drag:")]
    for k, r in sorted(on_board, key=lambda kr: (kr[1].y, kr[1].x)):
        out.append(FocusTarget(FocusKind.TARGET, k, pygame.Rect(r), "board", label=k))
    return out + _button_targets(buttons, "button")


def menu_targets(buttons: Iterable[UIButton]) -> list[FocusTarget]:
    """A choice menu's entries, top to bottom (its Cancel last)."""
    return _button_targets(buttons, "menu")


def press(button: UIButton | None) -> None:
    """Press a pygame_gui button as a click on it does (its command runs)."""
    import pygame_gui

    if button is not None:
        button.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})
