"""Game over (GUI_SPEC screen 5), drawn over the final table: who won and why, in a
Campaign game (VAR-03) who moved up a level (recorded here, once per game), and a chart of
each role's progress per round (vast_desktop.progress)."""
from __future__ import annotations

import math

import pygame

from ..progress import Progress, Series, progress, series_for
from ..render.text import draw_text, wrap
from ..render.theme import DANGER, HIGHLIGHT, PANEL_EDGE, ROLE_COLOURS, ROLE_NAMES, TEXT, TEXT_DIM
from .base import Screen
from .menu import draw_panel, draw_veil, readable

MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down")
GRID = (52, 46, 60)
AXIS = (120, 112, 128)


def headline(winners: tuple[str, ...] | list[str]) -> str:
    names = [f"the {ROLE_NAMES.get(r, r)}" for r in winners]
    if not names:
        return "Nobody wins"
    if len(names) == 1:
        return f"{names[0][0].upper()}{names[0][1:]} wins!"
    joined = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"{joined[0].upper()}{joined[1:]} win!"


def nice_step(top: float, ticks: int = 6) -> float:
    """A 1-2-5 step so that ``top`` needs about ``ticks`` gridlines."""
    raw = max(top, 1.0) / ticks
    mag = 10 ** math.floor(math.log10(raw))
    for f in (1, 2, 5, 10):
        if f * mag >= raw:
            return float(f * mag)
    return float(10 * mag)


def draw_marker(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: int,
                colour: tuple[int, int, int]) -> None:
    x, y = centre
    outline = (14, 12, 18)
    if kind == "circle":
        pygame.draw.circle(surface, outline, (x, y), r + 1)
        pygame.draw.circle(surface, colour, (x, y), r)
        return
    if kind == "cross":
        w = max(2, r // 2)
        for a, b in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
            pygame.draw.line(surface, outline, a, b, w + 2)
            pygame.draw.line(surface, colour, a, b, w)
        return
    shapes = {
        "square": [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)],
        "triangle": [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
        "down": [(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)],
        "diamond": [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
    }
    pts = shapes.get(kind, shapes["square"])
    pygame.draw.polygon(surface, outline, pts, 0)
    inner = [(px + (x - px) * 0.18, py + (y - py) * 0.18) for px, py in pts]
    pygame.draw.polygon(surface, colour, inner)


class GameOverScreen(Screen):
    name = "gameover"
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        session = app.session
        assert session is not None
        game = session.game
        outcome = session.current_view().outcome
        if outcome is not None:
            self.winners, self.reason = tuple(outcome[0]), outcome[1]
        elif game.outcome is not None:
            self.winners, self.reason = game.outcome.winners, game.outcome.reason
        else:
            self.winners, self.reason = (), "The game is not over yet."
        self.roles = tuple(game.state.roles)
        self.series: list[Series] = series_for(self.roles)
        self.markers = {sr.name: MARKERS[i % len(MARKERS)] for i, sr in enumerate(self.series)}
        self.colours = {sr.name: readable(ROLE_COLOURS.get(sr.role, TEXT), 0.22) for sr in self.series}
        self.chart_error = ""
        self.data = Progress()
        try:
            self.data = progress(game)
        except Exception as exc:  # the chart is a nicety: never let it stop the game-over screen
            self.chart_error = f"The chart is not available ({type(exc).__name__}: {exc})."
        self.subtitle = f"{game.config.variant_name} · seed {game.setup.seed} · {game.state.round} rounds"
        # VAR-03: a Campaign game moves its winners up (the campaign file is written here, once)
        self.campaign_lines, self.campaign_failed = session.record_campaign()
        if session.players:
            self.subtitle = "Campaign · " + self.subtitle

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.app.size
        s = self.scaled
        margin = s(28)
        self.box = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        bw, bh = s(210), s(48)
        by = self.box.bottom - bh - s(20)
        self.back_button = self.button((self.box.x + s(24), by, bw, bh), "Back to the table", self.back,
                                       "Close this and look at the final map (Esc)")
        self.review_button = self.button((self.box.x + s(24) + bw + s(14), by, bw, bh), "Review the game",
                                         self.review, "Step through the game choice by choice (issue 6)")
        self.title_button = self.button((self.box.right - s(24) - 2 * bw - s(14), by, bw, bh), "Title screen",
                                        self.title, "Back to the title screen")
        self.new_button = self.button((self.box.right - s(24) - bw, by, bw, bh), "New game", self.new_game,
                                      "Set up another game", object_id="@primary")
        top = self.box.y + s(20) + s(52) + s(8)
        self.reason_lines = wrap(self.reason, s(22), self.box.w - s(48))[:3]
        top += len(self.reason_lines) * s(26) + s(4)
        self.campaign_y = top + s(6)
        self.campaign_wrapped: list[tuple[str, tuple[int, int, int]]] = []
        for i, line in enumerate(self.campaign_lines):
            colour = DANGER if self.campaign_failed else (TEXT_DIM if line.startswith("Levels now") else HIGHLIGHT)
            text = f"Campaign: {line}" if i == 0 else line
            self.campaign_wrapped += [(part, colour) for part in wrap(text, s(21), self.box.w - s(48))]
        self.campaign_wrapped = self.campaign_wrapped[:5]
        if self.campaign_wrapped:
            top += s(6) + len(self.campaign_wrapped) * s(25) + s(4)
        top += s(26)
        legend_w = s(300)
        self.chart = pygame.Rect(self.box.x + s(24), top, self.box.w - s(48) - legend_w - s(20), by - s(18) - top)
        self.legend = pygame.Rect(self.chart.right + s(20), top, legend_w, self.chart.h)
        self.plot = pygame.Rect(self.chart.x + s(48), self.chart.y + s(34), self.chart.w - s(48) - s(18),
                                self.chart.h - s(34) - s(46))

    # ------------------------------------------------------------ commands
    def back(self) -> None:
        self.app.pop()

    def review(self) -> None:
        """Step through this game choice by choice (screens/review.py); the game itself stays as it is."""
        from ..review import Review
        from .review import ReviewScreen

        session = self.app.session
        assert session is not None
        self.app.push(ReviewScreen(self.app, Review.from_game(session.game)))

    def title(self) -> None:
        from .title import TitleScreen

        self.app.replace(TitleScreen(self.app))

    def new_game(self) -> None:
        from .setup import SetupScreen

        self.app.replace(SetupScreen(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_veil(surface, 200)
        colour = readable(ROLE_COLOURS[self.winners[0]], 0.25) if self.winners else TEXT
        draw_panel(surface, self.box, edge=colour if self.winners else PANEL_EDGE, width=3)
        x = self.box.x + s(24)
        y = self.box.y + s(20)
        draw_text(surface, headline(self.winners), (x, y), s(52), colour, bold=True)
        draw_text(surface, self.subtitle, (self.box.right - s(24), y + s(14)), s(19), TEXT_DIM, anchor="topright")
        y += s(60)
        for line in self.reason_lines:
            draw_text(surface, line, (x, y), s(22), TEXT)
            y += s(26)
        y = self.campaign_y
        for line, line_colour in self.campaign_wrapped:
            draw_text(surface, line, (x, y), s(21), line_colour, bold=line_colour is HIGHLIGHT)
            y += s(25)
        self._draw_chart(surface)
        self._draw_legend(surface)

    def _x_positions(self) -> list[float]:
        n = len(self.data.rounds) + 1          # every round's start, then the end of the game
        if n <= 1:
            return [float(self.plot.centerx)]
        return [self.plot.x + self.plot.w * i / (n - 1) for i in range(n)]

    def _values(self, name: str) -> list[float]:
        return [*self.data.series.get(name, []), self.data.end.get(name, 0.0)]

    def _draw_chart(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_panel(surface, self.chart, fill=(24, 21, 29))
        draw_text(surface, "Progress at the start of each round", (self.chart.x + s(14), self.chart.y + s(9)), s(19),
                  TEXT, bold=True)
        if self.chart_error or not self.data.rounds:
            msg = self.chart_error or "No rounds to show."
            for i, line in enumerate(wrap(msg, s(18), self.chart.w - s(40))):
                draw_text(surface, line, (self.chart.centerx, self.chart.centery + i * s(22)), s(18), TEXT_DIM,
                          anchor="center")
            return
        plot = self.plot
        top_value = max([1.0, *(v for sr in self.series for v in self._values(sr.name))])
        step = nice_step(top_value)
        y_max = math.ceil(top_value / step) * step

        def ypos(v: float) -> float:
            return plot.bottom - plot.h * v / y_max

        # grid and y labels
        v = 0.0
        while v <= y_max + 1e-9:
            yy = ypos(v)
            pygame.draw.line(surface, GRID, (plot.x, yy), (plot.right, yy), 1)
            draw_text(surface, f"{v:g}", (plot.x - s(8), int(yy)), s(16), TEXT_DIM, anchor="midright")
            v += step
        xs = self._x_positions()
        labels = [str(r) for r in self.data.rounds] + ["End"]
        every = max(1, math.ceil(len(labels) / max(1, plot.w // s(34))))
        for i, (xx, label) in enumerate(zip(xs, labels, strict=True)):
            pygame.draw.line(surface, GRID, (xx, plot.y), (xx, plot.bottom), 1)
            if i % every == 0 or i == len(labels) - 1:
                draw_text(surface, label, (int(xx), plot.bottom + s(8)), s(16), TEXT_DIM, anchor="midtop")
        pygame.draw.line(surface, AXIS, (plot.x, plot.y), (plot.x, plot.bottom), 2)
        pygame.draw.line(surface, AXIS, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        draw_text(surface, "Round", (plot.centerx, plot.bottom + s(28)), s(17), TEXT_DIM, anchor="midtop")

        # the lines, then the markers on top
        r = max(3, s(5))
        for sr in self.series:
            pts = [(xx, ypos(val)) for xx, val in zip(xs, self._values(sr.name), strict=True)]
            if len(pts) > 1:
                pygame.draw.lines(surface, self.colours[sr.name], False, pts, max(2, s(3)))
        for i, xx in enumerate(xs):
            # markers of series with the same value here sit side by side instead of on top of each other
            groups: dict[float, list[Series]] = {}
            for sr in self.series:
                groups.setdefault(self._values(sr.name)[i], []).append(sr)
            for val, members in groups.items():
                shift = 0.0 if i == 0 else (len(members) - 1 if i == len(xs) - 1 else (len(members) - 1) / 2)
                for k, sr in enumerate(members):
                    dx = (k - shift) * (2 * r + 3)       # inside the plot at the first and last round
                    draw_marker(surface, self.markers[sr.name], (xx + dx, ypos(val)), r, self.colours[sr.name])

        # hover: the values at the nearest round
        mx, my = pygame.mouse.get_pos()
        if plot.inflate(s(20), s(20)).collidepoint(mx, my) and self.app.top is self:
            i = min(range(len(xs)), key=lambda k: abs(xs[k] - mx))
            pygame.draw.line(surface, HIGHLIGHT, (xs[i], plot.y), (xs[i], plot.bottom), 1)
            lines = [("End of the game" if i == len(xs) - 1 else f"Start of round {labels[i]}", TEXT)]
            lines += [(f"{sr.name}: {self._values(sr.name)[i]:g}", self.colours[sr.name]) for sr in self.series]
            bw = s(250)
            bh = s(10) + len(lines) * s(21)
            bx = xs[i] + s(12) if xs[i] + s(12) + bw < plot.right else xs[i] - s(12) - bw
            tip = pygame.Rect(int(bx), plot.y + s(6), bw, bh)
            draw_panel(surface, tip, fill=(16, 14, 20))
            for k, (text, col) in enumerate(lines):
                draw_text(surface, text, (tip.x + s(10), tip.y + s(6) + k * s(21)), s(17), col)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        s = self.scaled
        x, y = self.legend.x, self.legend.y + s(4)
        draw_text(surface, "Legend", (x, y), s(19), TEXT, bold=True)
        y += s(30)
        shown_roles: list[str] = []
        for sr in self.series:
            if sr.role not in shown_roles:
                shown_roles.append(sr.role)
                if len(shown_roles) > 1:
                    y += s(8)
                name = ROLE_NAMES.get(sr.role, sr.role)
                if sr.role not in self.roles:
                    name += " (not in play)"
                draw_text(surface, name, (x, y), s(19), readable(ROLE_COLOURS.get(sr.role, TEXT), 0.25), bold=True)
                y += s(25)
            colour = self.colours[sr.name]
            cy = y + s(9)
            pygame.draw.line(surface, colour, (x + s(4), cy), (x + s(36), cy), max(2, s(3)))
            draw_marker(surface, self.markers[sr.name], (x + s(20), cy), max(3, s(5)), colour)
            draw_text(surface, sr.name, (x + s(46), y), s(18), TEXT)
            end = self.data.end.get(sr.name)
            if end is not None:
                draw_text(surface, f"{end:g}", (self.legend.right - s(6), y), s(18), colour, anchor="topright")
            y += s(25)
        y += s(14)
        for line in wrap("Point at the chart to read the values of a round.", s(16), self.legend.w - s(6)):
            draw_text(surface, line, (x, y), s(16), TEXT_DIM)
            y += s(19)
