"""The table's "Suggest" button (issue 27, item 10): what the Easy (or, per Settings, the Hard)
computer player would choose in the seat of the person deciding, highlighted on the table like a
hover — never chosen — with the reason in one sentence.

The suggestion is made by :func:`vast_desktop.bots.suggest.suggest` from the decider's own view and
the pending decision, as a computer seat's move is, in a worker thread (the Hard player searches a
little; the window keeps drawing).  It changes nothing in the game: the answer is dropped as soon as
the game moves on (a choice, an undo, a new game, another person at the screen).  The button is
there only where :attr:`TableScreen.shows_suggest` is on (off in the tutorial: the coach teaches
there), and enabled only while the person at the screen decides.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from ..bots.suggest import Suggestion, SuggestLevel, suggest, suggestion_seed
from ..engine import view as engine_view
from ..engine.decisions import Decision, Option
from ..engine.geometry import Pos, parse_pos
from ..input.targets import key
from ..render.text import draw_text, wrap
from ..render.theme import HIGHLIGHT_ALT, PANEL_EDGE, ROLE_COLOURS, TEXT, TEXT_DIM, font
from .reminder_panel import free_spot

if TYPE_CHECKING:
    import pygame_gui

    from ..engine.view import PlayerView
    from ..render.map_view import MapOverlay
    from .table import TableScreen

QUICK_WAIT = 0.05          # seconds the click waits for the answer before letting it think on
NOT_YOURS = "Suggestions are for the person who decides now."
THINKING = "The {level} computer player is thinking about your choice…"
FAILED = "No suggestion this time: the {level} computer player could not decide ({why})."


class SuggestJob:
    """One suggestion being thought over in a worker thread, for one game at one step."""

    def __init__(self, pv: PlayerView, decision: Decision, level: SuggestLevel, seed: int) -> None:
        self.level = level
        self.result: Suggestion | None = None
        self.error: str | None = None
        self._thread = threading.Thread(target=self._think, args=(pv, decision, seed), name="suggest", daemon=True)
        self._thread.start()

    def _think(self, pv: PlayerView, decision: Decision, seed: int) -> None:
        try:
            self.result = suggest(pv, decision, self.level, seed)
        except Exception as exc:       # shown on the table; the game is untouched
            self.error = f"{type(exc).__name__}: {exc}"

    def done(self, wait: float = 0.0) -> bool:
        self._thread.join(wait)
        return not self._thread.is_alive()


class SuggestPanel:
    """The Suggest button, the suggestion's highlight on the map or the board, and its sentence."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.button: pygame_gui.elements.UIButton | None = None
        self.job: SuggestJob | None = None
        self.asked_for: tuple[int, int] | None = None     # (game id, step) the job or the answer is for
        self.shown: Suggestion | None = None
        self.message = ""                                 # a line instead of a suggestion (thinking, a failure)
        self.box: pygame.Rect | None = None               # where the sentence was last drawn

    # ------------------------------------------------------------ state
    @property
    def on(self) -> bool:
        return bool(getattr(self.table, "shows_suggest", True))

    def level(self) -> SuggestLevel:
        return SuggestLevel(self.table.app.settings.suggest_level)

    def _here(self) -> tuple[int, int] | None:
        s = self.table.session
        return (id(s.game), len(s.game.choices)) if s is not None else None

    def decision(self) -> Decision | None:
        """The pending decision if the person looking at the screen makes it, else None."""
        s = self.table.session
        if s is None or not s.human_to_decide:
            return None
        d = s.game.pending
        if d is None or s.viewer != d.role:
            return None
        return d

    def build(self) -> None:
        """The button, left of the Cheat sheet button (none where the table does not offer it)."""
        self.button = None
        if not self.on:
            return
        t = self.table
        s = t.app.settings.ui_scale
        bw, bh = t.row_button_width(), int(34 * s)
        x = t.prompt.right - 8 - 6 * bw - 40
        self.button = t.button((x, t.prompt.bottom - bh - 8, bw, bh), "Suggest", self.ask,
                               "What the computer player would choose in your seat, and why (Settings: Easy "
                               "or Hard). Nothing is chosen for you.")
        self.refresh()

    def refresh(self) -> None:
        """After the table's state changed: an answer for another moment goes; the button is
        enabled only while the person at the screen decides."""
        if self.asked_for != self._here():
            self.forget()
        if self.button is not None:
            if self.decision() is not None:
                self.button.enable()
            else:
                self.button.disable()

    def forget(self) -> None:
        self.job, self.asked_for, self.shown, self.message = None, None, None, ""

    # ------------------------------------------------------------ asking
    def ask(self) -> None:
        """Start thinking about the pending decision from the decider's own view (asking again for
        the same moment gives the same answer: the seed is the game's seed, the step and the role)."""
        d = self.decision()
        s = self.table.session
        if d is None or s is None:
            self.message = NOT_YOURS
            return
        here = self._here()
        if self.asked_for == here and (self.job is not None or self.shown is not None):
            return                                       # already asked for this moment
        self.forget()
        self.asked_for = here
        level = self.level()
        self.job = SuggestJob(engine_view(s.game, d.role), d, level,
                              suggestion_seed(s.game.setup.seed, len(s.game.choices), d.role))
        self.message = THINKING.format(level=level.title)
        self.update(QUICK_WAIT)

    def update(self, wait: float = 0.0) -> None:
        """Collect a finished answer (for the moment it was asked for only)."""
        job = self.job
        if job is None or not job.done(wait):
            return
        self.job = None
        if self.asked_for != self._here():
            self.forget()
            return
        if job.result is not None:
            self.shown, self.message = job.result, ""
        else:
            self.message = FAILED.format(level=job.level.title, why=job.error or "no answer")

    # ------------------------------------------------------------ showing
    def option(self) -> Option | None:
        d = self.decision()
        if self.shown is None or d is None:
            return None
        return d.option(self.shown.option_id)

    def target_keys(self) -> list[str]:
        """The suggested option's targets, as the table's target keys."""
        o = self.option()
        return [key(t) for t in o.targets] if o is not None else []

    def board_key(self) -> str | None:
        """The suggested option's target on a player board (a slot, a card, a tile in hand), if any."""
        return next((k for k in self.target_keys() if k.split(":", 1)[0] in ("slot", "card", "hand_tile", "piece")
                     and k in self.table.board_layout.regions), None)

    def map_space(self, pv: PlayerView) -> Pos | None:
        """Where on the map the suggested option points: its space, or the space of its piece."""
        for k in self.target_keys():
            kind, _, ref = k.partition(":")
            if kind == "space":
                return parse_pos(ref)
            if kind == "piece" and ref in pv.pieces:
                return pv.pieces[ref]
        return None

    def decorate(self, ov: MapOverlay, pv: PlayerView) -> None:
        """Show the suggestion on the map like a hover (unless the pointer hovers something), and its
        prompt button as pressed-looking; never chooses it."""
        if self.shown is None:
            return
        p = self.map_space(pv)
        if p is not None and ov.hover is None:
            ov.hover = p
        b = self.table.button_for.get(self.shown.option_id)
        if b is not None and not b.is_selected:
            b.select()

    def draw(self, surface: pygame.Surface) -> None:
        """The sentence in a box at the bottom of the map (elsewhere on the map where that would cover a
        target or a reminder), in the decider's colour."""
        text = self.shown.sentence if self.shown is not None else self.message
        self.box = None
        if not text:
            return
        t = self.table
        s = t.app.settings.ui_scale
        size = int(17 * s)
        m = t.map_rect
        lines = wrap(text, size, m.w - int(80 * s))[:4]
        lh = font(size).get_linesize()
        w = max(font(size).size(line)[0] for line in lines) + int(28 * s)
        box = pygame.Rect(m.x + int(12 * s), 0, w, lh * len(lines) + int(16 * s))
        box.bottom = m.bottom - int(10 * s)
        # never over what the decision asks to click, nor over a reminder: elsewhere on the map if need be
        reminders = t.reminders
        avoid = reminders.avoid() + ([reminders.rect] if reminders.rect is not None else [])
        if box.collidelist(avoid) >= 0:
            box = free_spot(box.size, [m], avoid, int(20 * s)) or box
        d = self.decision()
        edge = ROLE_COLOURS.get(d.role, HIGHLIGHT_ALT) if d is not None else PANEL_EDGE
        pygame.draw.rect(surface, (24, 21, 30), box, border_radius=6)
        pygame.draw.rect(surface, edge, box, 2, border_radius=6)
        colour = TEXT if self.shown is not None else TEXT_DIM
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + int(14 * s), box.y + int(8 * s) + i * lh), size, colour)
        self.box = box
