"""A player with no mouse: chooses an engine option only by posting real pygame KEYDOWN events —
Tab and Shift+Tab to move the focus, R to turn a tile or a Terrain placement, Enter to choose,
the arrow keys in a menu, Space at a curtain (input/keyboard_focus.py)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.engine.map.terrain import PLACING_KINDS
from vast_desktop.input.keyboard_focus import FocusKind, FocusTarget
from vast_desktop.input.targets import key, modal_group

from .robot import Robot


class KeyboardRobot:
    def __init__(self, robot: Robot) -> None:
        self.robot = robot
        self.how: Counter[str] = Counter()       # how the choices were made: "map", "board", "button", "menu"
        self.kinds: Counter[DecisionKind] = Counter()

    @property
    def table(self):
        return self.robot.table

    def focused(self) -> FocusTarget | None:
        t = self.table
        return t.controller.focus.current(t.focus_targets())

    def focus(self, wanted: Callable[[FocusTarget], bool], what: str) -> FocusTarget:
        """Press Tab (or Shift+Tab when the target is nearer backwards) until ``wanted`` has the focus."""
        targets = self.table.focus_targets()
        keys = [x.key for x in targets]
        goal = next((x for x in targets if wanted(x)), None)
        assert goal is not None, f"no focus target for {what}: {keys}"
        now = self.focused()
        i = keys.index(now.key) if now is not None else -1
        j = keys.index(goal.key)
        back = now is not None and (i - j) % len(keys) < (j - i) % len(keys)
        for _ in range(len(keys) + 2):
            cur = self.focused()
            if cur is not None and wanted(cur):
                return cur
            self.robot.key(pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)
        raise AssertionError(f"Tab never reached {what}: {keys}")

    def enter(self) -> None:
        self.robot.key(pygame.K_RETURN)

    def chosen(self, before: int, option_id: str) -> bool:
        choices = self.robot.app.session.game.choices
        return len(choices) > before and choices[before] == option_id

    def perform(self, option_id: str) -> None:
        """Choose ``option_id`` of the pending decision with the keyboard alone."""
        t = self.table
        t.refresh()
        d = t.index.decision
        assert d is not None, "no decision of a person on the table"
        o = d.option(option_id)
        assert o is not None, option_id
        self.kinds[d.kind] += 1
        before = len(self.robot.app.session.game.choices)
        for _ in range(4):
            if self.chosen(before, option_id):
                return
            if t.menu_open:
                button = t.button_for[option_id]
                self.focus(lambda x, b=button: x.button is b, f"the menu entry {option_id}")
                # the arrows step through a menu as Tab does: one step down and back up
                self.robot.key(pygame.K_DOWN)
                self.robot.key(pygame.K_UP)
                assert self.focused() is not None and self.focused().button is button
                self.enter()
                self.how["menu"] += 1
                continue
            group = modal_group(o)
            if group is not None and t.mode != group:
                mode_button = t.button_for[f"mode:{group}"]
                self.focus(lambda x, b=mode_button: x.button is b, f"the {group} button")
                self.enter()
                continue
            if d.kind in PLACING_KINDS:
                space = f"space:{t.view.placing[option_id][0][0][0]},{t.view.placing[option_id][0][0][1]}"
                self.focus(lambda x, k=space: x.key == k, space)
                for _ in range(len(t.placements_at(t.place_at))):
                    if t.previewed_placement() == option_id:
                        break
                    self.robot.key(pygame.K_r)
                assert t.previewed_placement() == option_id
                self.enter()
                self.how["map"] += 1
                continue
            button = t.button_for.get(option_id)
            if button is not None and button in t.prompt_buttons:
                self.focus(lambda x, b=button: x.button is b, f"the button {option_id}")
                self.enter()
                self.how["button"] += 1
                continue
            if option_id == "end:":
                self.focus(lambda x: x.button is t.end_btn, "End turn")
                self.enter()
                self.how["button"] += 1
                continue
            focus_keys = {x.key: x for x in t.focus_targets() if x.kind == FocusKind.TARGET}
            mine = [key(x) for x in o.targets if key(x) in focus_keys]
            mine.sort(key=lambda k: (k.startswith("hand_tile:") and t.selected is None, not k.startswith("edge:")))
            if t.selected is not None:
                mine = [k for k in mine if k != t.selected] or mine
            if mine:
                target = self.focus(lambda x, k=mine[0]: x.key == k, mine[0])
                self.enter()
                self.how[target.area] += 1
                continue
            more = next(b for b in t.prompt_buttons if str(b.text).startswith("More…"))
            self.focus(lambda x, b=more: x.button is b, "More…")
            self.enter()
        assert self.chosen(before, option_id), f"{option_id} was not chosen by the keyboard ({d.kind})"
