"""The guided tutorial: the real table plus a coach panel (the step's explanation, whose turn it
is, Next and Leave) and a highlight on the one target the step asks for.  No curtains: one learner
plays every role in turn.  Leaving keeps the progress; the title's Tutorial button resumes it."""
from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..engine.decisions import Decision
from ..engine.geometry import parse_pos
from ..input.targets import TargetIndex
from ..render.text import draw_text, fit, wrap
from ..render.theme import HIGHLIGHT, PANEL, PANEL_EDGE, ROLE_COLOURS, ROLE_NAMES, TEXT
from ..teach.tutorial.runner import Tutorial
from ..teach.tutorial.session import TutorialSession
from .table import TableScreen


class TutorialScreen(TableScreen):
    name = "tutorial"
    shows_reminders = False      # the coach explains each step: no second voice over the map
    shows_suggest = False        # nor a computer player's suggestion: no Suggest button in the lesson

    def __init__(self, app, tutorial: Tutorial, progress_file: Path | None = None) -> None:
        app.session = TutorialSession.for_tutorial(tutorial, progress_file, writer=app.autosaver)
        self.tutorial = tutorial
        self.restricted_for: tuple | None = None
        super().__init__(app)

    # ------------------------------------------------------------------ layout
    def layout_rects(self) -> None:
        """The table's layout with a coach band across the top of the map area (it never hides a target)."""
        super().layout_rects()
        s = self.app.settings.ui_scale
        m = self.map_rect
        w = m.w - 20
        longest = max(len(wrap(st.say, int(19 * s), w - 24)) for st in self.tutorial.script.steps)
        h = int(40 * s) + max(longest, 2) * int(23 * s) + int(10 * s)
        self.coach = pygame.Rect(m.x + 10, m.y + 8, w, h)
        self.map_rect = pygame.Rect(m.x, self.coach.bottom + 6, m.w, m.bottom - self.coach.bottom - 6)
        self.map.set_rect(self.map_rect)

    def build(self) -> None:
        super().build()
        s = self.app.settings.ui_scale
        r = self.coach
        bw, bh = int(96 * s), int(30 * s)
        self.next_btn = self.button((r.right - bw - 6, r.y + 5, bw, bh), "Next", self.on_next,
                                    "Go on to the next step", object_id="@primary")
        self.leave_btn = self.button((r.right - 2 * bw - 12, r.y + 5, bw, bh), "Leave", self.on_leave,
                                     "Back to the title; the Tutorial button resumes here")
        self.restricted_for = None

    # ------------------------------------------------------------------ state
    @property
    def tsession(self) -> TutorialSession:
        s = self.app.session
        assert isinstance(s, TutorialSession)
        return s

    def refresh(self, force: bool = False) -> None:
        """The table's refresh, then only the step's one option stays clickable and highlighted."""
        super().refresh(force)
        key = (self.state_key, self.tutorial.index)
        if key == self.restricted_for and not force:
            return
        self.restricted_for = key
        d = self.index.decision
        want = self.tutorial.expected
        opt = d.option(want) if d is not None and want is not None else None
        only = Decision(d.role, d.kind, d.prompt, (opt,), d.rules_ref) if d is not None and opt is not None else None
        self.index = TargetIndex.build(only)
        self._rebuild_prompt_buttons()
        self.end_btn.enable() if want == "end:" and only is not None else self.end_btn.disable()
        t = self.tutorial
        self.next_btn.set_text("Done" if t.finished else "Next")
        self.next_btn.enable() if t.finished or (t.step is not None and not t.step.learner) else self.next_btn.disable()
        self.leave_btn.hide() if t.finished else self.leave_btn.show()     # at the end Done is the way out

    # ------------------------------------------------------------------ buttons
    def on_next(self) -> None:
        if self.tutorial.finished:
            self.on_leave()
            return
        self.tsession.next()
        self.refresh(force=True)

    def on_leave(self) -> None:
        from .title import TitleScreen

        self.app.session = None
        self.app.replace(TitleScreen(self.app))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_target_ring(surface)
        self._draw_coach(surface)

    def target_rect(self) -> pygame.Rect | None:
        """Where the step's one target is on the screen (a button, a map space, a board region)."""
        want = self.tutorial.expected
        d = self.index.decision
        if want is None or d is None:
            return None
        if want in self.button_for:
            return self.button_for[want].rect
        if want == "end:":
            return self.end_btn.rect
        o = d.option(want)
        assert o is not None
        for t in o.targets:
            if t.kind == "space":
                return self.map.camera.tile_rect(parse_pos(t.ref))
            region = self.board_layout.regions.get(f"{t.kind}:{t.ref}")
            if region is not None:
                return region
        return None

    def _draw_target_ring(self, surface: pygame.Surface) -> None:
        r = self.target_rect()
        if r is None:
            return
        pulse = 3 + int(3 * (1 + math.sin(self.app.now * 5)))
        pygame.draw.rect(surface, HIGHLIGHT, r.inflate(2 * pulse, 2 * pulse), 3, border_radius=8)

    def _draw_coach(self, surface: pygame.Surface) -> None:
        s = self.app.settings.ui_scale
        r = self.coach
        t = self.tutorial
        step = t.step
        role = step.role if step is not None else None
        edge = ROLE_COLOURS.get(role, HIGHLIGHT) if role else HIGHLIGHT
        pygame.draw.rect(surface, PANEL, r, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, r, 2, border_radius=10)
        pygame.draw.rect(surface, edge, r, 3, border_radius=10)
        n, total = t.number
        if step is None:
            head = "Tutorial complete"
            body = ("You have played the rulebook's whole sample turn, every role once. Press Done to go back to "
                    "the title, where New game starts a game of your own.")
        else:
            who = f"The {possessive(ROLE_NAMES[role])} turn" if role else "The sample turn"
            act = "click the highlighted target" if step.learner else "press Next"
            head = f"Step {n} of {total} · {who} · {act}"
            body = step.say
        size = int(19 * s)
        head_w = self.leave_btn.rect.x - r.x - 24
        draw_text(surface, fit(head, int(20 * s), head_w, bold=True), (r.x + 12, r.y + int(10 * s)), int(20 * s), edge,
                  bold=True)
        for i, line in enumerate(wrap(body, size, r.w - 24)):
            draw_text(surface, line, (r.x + 12, r.y + int(40 * s) + i * int(23 * s)), size, TEXT)


def possessive(name: str) -> str:
    """"Knight's", "Goblins'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
