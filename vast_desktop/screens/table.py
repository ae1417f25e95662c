"""The table: map, turn strip, player boards with tabs, prompt bar, log.

The screen keeps the layout, the drawing and the pygame_gui elements; it answers what lies
under the pointer (:meth:`TableScreen.hit`) and hands every event to the table's controller
(:mod:`vast_desktop.input.controller`, GUI_SPEC "Input"), which turns clicks, drags, the wheel
and keys into choices of the engine's options.
"""
from __future__ import annotations

from functools import partial

import pygame
import pygame_gui

from ..engine import PlayerView
from ..engine.decisions import Option, Target
from ..engine.geometry import Pos, fmt_pos, parse_pos, rotate_walls
from ..engine.kinds import DecisionKind
from ..engine.map.terrain import PLACING_KINDS
from ..engine.option_ids import int_arg
from ..engine.view import TerrainView
from ..engine.waiting import task
from ..input.controller import TableController
from ..input.intents import Point
from ..input.keyboard_focus import FocusTarget, decision_targets, menu_targets
from ..input.targets import MODAL_GROUPS, TargetIndex, button_options, in_mode, modal_group
from ..render.boards import BoardLayout, draw_board_tabs
from ..render.die_roll import DieRoll
from ..render.event_overlay import EventOverlay
from ..render.log_view import LogView
from ..render.map_view import MapOverlay, MapView
from ..render.marks import draw_focus_ring, draw_target_pattern
from ..render.palette import palette_for
from ..render.text import draw_text, fit, wrap
from ..render.theme import (
    DANGER,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    ROLE_COLOURS,
    ROLE_NAMES,
    TEXT,
    TEXT_DIM,
    font,
)
from ..rules_data import RulesData, TerrainTile
from ..session import BotTurn, Session
from ..teach.action_prompts import shown_prompt
from ..teach.describe import describe
from .base import Screen
from .board_pane import BoardPane
from .motion_controls import MotionControls
from .players import campaign_player, player_line
from .reminder_panel import ReminderPanel, last_batch_start
from .suggest_panel import SuggestPanel

MAX_PROMPT_BUTTONS = 6
ROW_BUTTONS = 7               # the bottom row: End turn, Undo, Menu, Fit map, Cheat sheet, Suggest, Orders
QUICK_BOT_WAIT = 0.02      # seconds a frame waits for a computer player before letting it think on


class TableScreen(Screen):
    name = "table"
    shows_reminders = True       # the reminders of easily forgotten rules (off in the tutorial)
    shows_suggest = True         # the Suggest button (off in the tutorial: screens/suggest_panel.py)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.controller = TableController(self)   # events -> choices (input/controller.py)
        self.map = MapView(app.art, pygame.Rect(0, 0, 10, 10))
        self.overlay = MapOverlay()
        self.log_box = LogView(pygame.Rect(0, 0, 10, 10))
        self.layout_rects()
        self.state_key: tuple | None = None
        self.view: PlayerView | None = None
        self.index = TargetIndex.build(None)
        self.board_tab: str | None = None
        self.tab_viewer: str | None = None
        self.mode: str | None = None          # a modal group of options being aimed (an option verb, e.g. "flare")
        self.board_layout = BoardLayout({}, {})
        self.board_pane = BoardPane()         # the board at a readable size, scrolled when taller than its panel
        self.tab_rects: dict[str, pygame.Rect] = {}
        self.bot_timer = 0.0
        self.thinking: BotTurn | None = None  # a computer player deciding in its worker thread
        self.think_time = 0.0                 # how long it has been thinking (for the prompt's dots)
        self.anims: dict[str, tuple[Pos, Pos, float]] = {}
        self.last_pieces: dict[str, Pos] = {}
        self.die: DieRoll | None = None       # the Dragon die being rolled on the map (render/die_roll.py)
        self.motion = MotionControls(self)    # highlights, camera following, drag ghost, "Skip to my turn"
        self.event_card = EventOverlay()      # the Event card just played, shown to everyone for a moment
        self.events_shown = 0
        self.log_viewer: object = "unset"
        self.menu_elements: list = []
        self.menu_buttons: list = []          # the open choice menu's entries, top to bottom (keyboard focus)
        self.prompt_buttons: list = []
        self.button_for: dict[str, pygame_gui.elements.UIButton] = {}   # option id -> its prompt/menu button
        self.over_shown = False
        self.buttons_for_keys: frozenset[str] = frozenset()   # the board's target keys the buttons were made for
        self.card_rects: dict[str, tuple[pygame.Rect, str]] = {}   # Random Terrain: each drawn card, its tooltip
        self.reminders = ReminderPanel(self)  # reminders of easily forgotten rules (issue 6)
        self.suggest = SuggestPanel(self)     # what a computer player would choose here (issue 27 item 10)

    # ------------------------------------------------------------------ layout
    def layout_rects(self) -> None:
        w, h = self.app.size
        s = self.app.settings.ui_scale
        # a Campaign game (VAR-03) names the players: under the roles in the strip and on a plate over the board
        names = bool(self.app.session is not None and self.app.session.players)
        self.strip = pygame.Rect(0, 0, w, int((50 if names else 40) * s))
        self.panel = pygame.Rect(w - int(440 * s), self.strip.bottom, int(440 * s), h - self.strip.bottom)
        self.prompt = pygame.Rect(0, h - int(118 * s), self.panel.x, int(118 * s))
        # Random Terrain (VAR-13): a band under the map for the drawn Terrain cards
        cards_h = int(60 * s) if self.app.session is not None and random_terrain(self.app.session) else 0
        self.cards_rect = pygame.Rect(0, self.prompt.y - cards_h, self.panel.x, cards_h)
        self.map_rect = pygame.Rect(0, self.strip.bottom, self.panel.x, self.cards_rect.y - self.strip.bottom)
        self.tabs_rect = pygame.Rect(self.panel.x, self.panel.y, self.panel.w, int(34 * s))
        self.plate_rect = pygame.Rect(self.panel.x + 4, self.tabs_rect.bottom + 3, self.panel.w - 8,
                                      int(24 * s) if names else 0)
        log_h = int(self.panel.h * 0.28)
        top = self.plate_rect.bottom + 4 if names else self.tabs_rect.bottom + 4
        self.board_rect = pygame.Rect(self.panel.x + 4, top, self.panel.w - 8, self.panel.bottom - log_h - 8 - top)
        self.log_rect = pygame.Rect(self.panel.x + 4, self.panel.bottom - log_h - 4, self.panel.w - 8, log_h)
        self.map.set_rect(self.map_rect)
        self.log_box.set_rect(self.log_rect, int(18 * s))     # (12 px at UI scale 1)

    def build(self) -> None:
        self.layout_rects()
        s = self.app.settings.ui_scale
        self.log_viewer = "unset"
        bw, bh = self.row_button_width(), int(34 * s)
        right = self.prompt.right - 8
        y2 = self.prompt.bottom - bh - 8
        self.end_btn = self.button((right - bw, y2, bw, bh), "End turn", lambda: self.choose_id("end:"),
                                   "End your turn (the prompt bar lists what else you may still do)", object_id="@primary")
        self.undo_btn = self.button((right - 2 * bw - 8, y2, bw, bh), "Undo", self.undo,
                                    "Take back your last choice (never past a reveal, a draw, a roll or a hand-off)")
        self.menu_btn = self.button((right - 3 * bw - 16, y2, bw, bh), "Menu", self.open_menu, "Save, load, settings (Esc)")
        self.fit_btn = self.button((right - 4 * bw - 24, y2, bw, bh), "Fit map", self.fit, "Show the whole map (F)")
        qs = int(30 * s)                          # the "?" beside the prompt: the rules for this decision
        self.rules_btn = self.button((right - qs, self.prompt.y + 6, qs, qs), "?", self.open_rules,
                                     "The rules for this decision (H or F1)")
        self.build_teaching()
        self.suggest.build()
        self.motion.build()
        self.state_key = None
        self.prompt_buttons = []

    def resize(self, size: tuple[int, int]) -> None:
        self.close_menu()
        super().resize(size)

    def suspend(self) -> None:
        self.close_menu()
        super().suspend()

    # ------------------------------------------------------------------ state
    @property
    def session(self):
        return self.app.session

    def refresh(self, force: bool = False) -> None:
        """Rebuild the view and everything derived from it when the game moved on."""
        s = self.session
        key = (id(s.game), len(s.game.choices), s.viewer, s.game.outcome is not None)
        if key == self.state_key and not force:
            return
        self.state_key = key
        self.view = s.current_view()
        decision = self.view.decision if s.human_to_decide else None
        self.mode = None
        self.index = TargetIndex.build(decision, in_mode(decision, None) if decision else None)
        if self.board_tab is None or self.board_tab not in self.view.roles or self.view.viewer != self.tab_viewer:
            self.board_tab = self.view.viewer or self.view.roles[0]     # a new person sees their own board first
            self.tab_viewer = self.view.viewer
        self.controller.forget_choice()
        self.close_menu()
        self._start_animations()
        self._update_log()
        self._rebuild_prompt_buttons()
        self.undo_btn.enable() if s.can_undo() else self.undo_btn.disable()
        has_end = decision is not None and decision.option("end:") is not None
        self.end_btn.enable() if has_end else self.end_btn.disable()
        self.suggest.refresh()
        self.show_orders_button()
        self.reminders.check()

    def _start_animations(self) -> None:
        assert self.view is not None
        speed = self.app.settings.animation_speed
        for piece, p in self.view.pieces.items():
            old = self.last_pieces.get(piece)
            if old is not None and old != p and speed > 0:
                self.anims[piece] = (old, p, 0.0)
        self.last_pieces = dict(self.view.pieces)
        g = self.session.game
        events = g.events
        if self.events_shown > len(events):      # an undo took events back: nothing new happened
            new = []
        else:                                    # (a game just opened: only its latest step is new)
            new = events[max(self.events_shown, last_batch_start(events) if self.events_shown == 0 else 0):]
        by_computer = bool(g.decider_log) and g.decider_log[-1] not in self.session.humans
        self.motion.on_events(new, by_computer)   # highlights, the die roll, the camera (motion_controls.py)
        if self.events_shown:                    # (not the past of a game just opened)
            for e in new:
                if e.kind == "event" and "card" in e.data:
                    self.event_card.start(str(e.data["card"]), g.rules)
        self.events_shown = len(events)
        self.app.sound.hear(self.session.game, self.session.humans)    # the new events' sounds (audio/cues.py)

    def _update_log(self) -> None:
        """Show exactly the viewer's log of the current game: append what is new, and rebuild
        when the shown lines are no longer its beginning (another person looks and earlier
        private lines must go; an undo took lines back; a loaded or rebuilt game replaced it)."""
        assert self.view is not None
        lines = self.view.log
        shown = self.log_box.lines
        if self.log_viewer != self.view.viewer or len(shown) > len(lines) \
                or any(a != b for a, b in zip(shown, lines, strict=False)):
            self.log_viewer = self.view.viewer
            self.log_box.clear()
            shown = self.log_box.lines
        if len(lines) > len(shown):
            self.log_box.append(lines[len(shown):])

    def _clickable_keys(self) -> set[str]:
        """The board regions a click can reach: a region the board had to draw past its
        panel's edge on a small window (its centre cut off) does not count, so its option
        gets a prompt button instead of having no place at all."""
        return {k for k, r in self.board_layout.regions.items() if self.board_rect.collidepoint(r.center)}

    def _target_keys_on_board(self) -> frozenset[str]:
        return frozenset(self.index.by_key.keys() & self._clickable_keys())

    def _rebuild_prompt_buttons(self) -> None:
        self.buttons_for_keys = self._target_keys_on_board()
        for b in self.prompt_buttons:
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.prompt_buttons = []
        self.button_for = {}
        d = self.index.decision
        if d is None:
            return
        opts = [o for o in button_options(d, self._clickable_keys(), in_mode(d, self.mode)) if o.id != "end:"]
        if d.kind == DecisionKind.ORIENT_TILE:
            opts = list(d.options)
        modes = [] if self.mode else sorted({g for o in d.options if (g := modal_group(o))})
        s = self.app.settings.ui_scale
        x, y = self.prompt.x + 10, self.prompt.y + int(44 * s)
        bh = int(32 * s)
        # (the Fit map/Menu/Undo/End turn row lies below this one: the choices may use the bar's whole width,
        # keeping room for "More…")
        limit = self.prompt.right - 10 - int(130 * s) - 6
        for group in modes + ([self.mode] if self.mode else []):
            label = "Cancel aiming" if self.mode else MODAL_GROUPS[group]
            b = self.button((x, y, int(150 * s), bh), label, partial(self.set_mode, None if self.mode else group),
                            "Choose where on the map" if not self.mode else "Back to the other choices",
                            object_id="@primary")
            self.prompt_buttons.append(b)
            self.button_for[f"mode:{group}"] = b
            x += int(150 * s) + 6
        shown = opts if len(opts) <= MAX_PROMPT_BUTTONS else opts[:MAX_PROMPT_BUTTONS - 1]
        for o in shown:
            width = min(int(420 * s), max(int(90 * s), 8 * len(o.label) + 24))
            if x + width > limit:
                break
            b = self.button((x, y, width, bh), _short_middle(o.label, width), partial(self.choose_id, o.id), o.label)
            self.prompt_buttons.append(b)
            self.button_for[o.id] = b
            x += width + 6
        if len([k for k in self.button_for if not k.startswith("mode:")]) < len(opts):
            b = self.button((x, y, int(130 * s), bh), f"More… ({len(opts)})", lambda: self.open_options_menu(opts),
                            "All the choices without a place on the map")
            self.prompt_buttons.append(b)

    def set_mode(self, mode: str | None) -> None:
        """Aim a modal group of options (e.g. the Flare) on the map, or go back."""
        d = self.index.decision
        if d is None:
            return
        self.mode = mode
        self.index = TargetIndex.build(d, in_mode(d, mode))
        self._rebuild_prompt_buttons()

    # ------------------------------------------------------------------ choosing (the controller's)
    def choose_id(self, option_id: str) -> None:
        """A prompt button's or a menu entry's option: chosen through the controller."""
        self.controller.choose(option_id)

    def undo(self) -> None:
        self.controller.undo()

    def fit(self) -> None:
        if self.view is not None:
            self.map.camera.fit([t.pos for t in self.view.tiles])

    # the controller's state, read by the drawing (and by the GUI robot and the screenshot tools)
    @property
    def selected(self) -> str | None:
        return self.controller.selected

    @property
    def hover_key(self) -> str | None:
        return self.controller.hover_key

    @property
    def orient_i(self) -> int:
        return self.controller.orient_i

    @orient_i.setter
    def orient_i(self, i: int) -> None:
        self.controller.orient_i = i

    @property
    def place_at(self) -> Pos | None:
        return self.controller.place_at

    @property
    def place_i(self) -> int:
        return self.controller.place_i

    @property
    def path_queue(self) -> list[Pos]:
        return self.controller.path_queue

    @property
    def dragging(self) -> bool:
        return self.controller.reader.dragging

    @property
    def press_source(self) -> str | None:
        return self.controller.reader.press_source

    def placements_at(self, p: Pos | None) -> list[str]:
        return self.controller.placements_at(p)

    def previewed_placement(self) -> str | None:
        return self.controller.previewed_placement()

    # ------------------------------------------------------------------ menus
    def open_options_menu(self, opts: list[Option], at: tuple[int, int] | None = None) -> None:
        self.close_menu()
        s = self.app.settings.ui_scale
        bh = int(30 * s)
        width = int(min(520 * s, max(260 * s, 8 * max(len(o.label) for o in opts) + 40)))
        height = min(len(opts) + 1, 14) * (bh + 2) + 8
        x, y = at if at is not None else (self.prompt.x + 10, self.prompt.y - height)
        w, h = self.app.size
        rect = pygame.Rect(min(x, w - width - 4), max(4, min(y, h - height - 4)), width, height)
        m = self.app.manager
        panel = pygame_gui.elements.UIScrollingContainer(rect, m, starting_height=5)
        self.menu_elements.append(panel)
        inner_h = (len(opts) + 1) * (bh + 2)
        panel.set_scrollable_area_dimensions((width - 20 if len(opts) > 13 else width - 4, inner_h))
        for i, o in enumerate(opts):
            self.button_for[o.id] = pygame_gui.elements.UIButton(
                pygame.Rect(2, 2 + i * (bh + 2), width - 26, bh), _short(o.label, width - 30), m, container=panel,
                tool_tip_text=o.label, command=partial(self.choose_id, o.id))
        self.menu_panel = panel
        cancel = pygame_gui.elements.UIButton(pygame.Rect(2, 2 + len(opts) * (bh + 2), width - 26, bh), "Cancel", m,
                                              container=panel, command=self.close_menu)
        self.menu_buttons = [*(self.button_for[o.id] for o in opts), cancel]

    def close_menu(self) -> None:
        for e in self.menu_elements:
            e.kill()
        if self.menu_elements:
            # forget the menu's buttons; the prompt bar's stay
            self.button_for = {k: b for k, b in self.button_for.items() if b in self.prompt_buttons}
        self.menu_elements = []
        self.menu_buttons = []

    def rules_section(self) -> str | None:
        """The reference section for the decision on the prompt (or the viewer's role)."""
        from ..teach.reference import load_reference

        ref = load_reference()
        d = self.index.decision
        if d is not None:
            return ref.for_decision(d).id
        viewer = self.view.viewer if self.view is not None else None
        return viewer if viewer is not None and ref.get(viewer) is not None else None

    def open_rules(self) -> None:
        self.app.open_rules(self.rules_section())

    # ------------------------------------------------------------------ teaching (issue 6)
    def row_button_width(self) -> int:
        """The width of each button of the prompt bar's bottom row (End turn, Undo, Menu, Fit map,
        Cheat sheet, Suggest, Orders): 110 px at UI scale 1, narrower when seven would not fit
        the bar (a large UI scale, a small window)."""
        return min(int(110 * self.app.settings.ui_scale), (self.prompt.w - 16 - ROW_BUTTONS * 8) // ROW_BUTTONS)

    def build_teaching(self) -> None:
        """The "Cheat sheet" button (left of Fit map) and the reminder panel, if one is showing."""
        s = self.app.settings.ui_scale
        bw, bh = self.row_button_width(), int(34 * s)
        x = self.prompt.right - 8 - 5 * bw - 32
        self.sheet_btn = self.button((x, self.prompt.bottom - bh - 8, bw, bh), "Cheat sheet", self.open_cheatsheet,
                                     "How to win and the turn in order, for each role (C)")
        # the Cave's standing orders (issue 27 item 2): shown only in the Cave's own view (orders_panel.offered)
        # (left of the Suggest button, which sits left of the Cheat sheet: screens/suggest_panel.py)
        orders_x = max(self.prompt.x + 4, x - 2 * (bw + 8))
        self.orders_btn = self.button((orders_x, self.prompt.bottom - bh - 8, bw, bh), "Orders", self.open_orders,
                                      "Your standing orders: placements while others play, without passing the screen")
        self.orders_btn.hide()
        self.reminders.build()

    def show_orders_button(self) -> None:
        """The "Orders" button only while the Cave looks at its own view at a pass-and-play table."""
        from .orders_panel import offered

        self.orders_btn.show() if offered(self.session) and not self.suspended else self.orders_btn.hide()

    def resume(self) -> None:
        super().resume()
        self.show_orders_button()      # resume shows every element: the Cave's button only to the Cave

    def open_orders(self) -> None:
        from .orders_panel import StandingOrdersScreen, offered

        if offered(self.session) and self.app.top is self:
            self.app.push(StandingOrdersScreen(self.app))

    def cheatsheet_role(self) -> str | None:
        """Whose card C opens: the person looking, else whoever decides or plays now."""
        v = self.view
        if v is None:
            return None
        return v.viewer or (v.waiting_for[0] if v.waiting_for else None) or v.active

    def open_cheatsheet(self) -> None:
        from .cheatsheet import CheatSheetScreen

        if self.view is not None and self.app.top is self:
            self.app.push(CheatSheetScreen(self.app, tuple(self.view.roles), self.cheatsheet_role(), self.view.setup))

    def open_menu(self) -> None:
        from .menu import PauseMenu

        self.app.push(PauseMenu(self.app))

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        """Every event goes to the controller, which asks :meth:`hit` what is under the pointer."""
        self.controller.handle_event(event, self.hit)

    def hit(self, pos: tuple[int, int]) -> Point:
        """What lies under the pointer at ``pos`` in this layout: the target keys, a board's drag
        sources, the map space, the area and a board tab."""
        on_board = self.board_rect.collidepoint(pos)
        area = ("board" if on_board else "log" if self.log_rect.collidepoint(pos)
                else "map" if self.map_rect.collidepoint(pos) else "")
        drags = tuple(k for k, r in self.board_layout.regions.items()
                      if on_board and k.startswith("drag:") and r.collidepoint(pos))
        tab = next((tab for tab, r in self.tab_rects.items() if r.collidepoint(pos)), None)
        return Point(pos, tuple(self.keys_at(pos)), drags, self.map.space_at(pos), area, tab)

    def keys_at(self, pos: tuple[int, int]) -> list[str]:
        """Target keys under the mouse, most specific first."""
        if self.board_rect.collidepoint(pos):
            return [k for k, r in self.board_layout.regions.items() if r.collidepoint(pos) and not k.startswith("drag:")]
        if not self.map_rect.collidepoint(pos) or self.view is None:
            return []
        keys = []
        e = self.map.edge_at(pos)
        if e is not None:
            a, b = e
            keys.append(f"edge:{fmt_pos(a)}|{fmt_pos(b)}")
        p = self.map.space_at(pos)
        if p is not None:
            for piece, q in self.view.pieces.items():
                if q == p:
                    keys.append(f"piece:{piece}")
            keys.append(f"space:{fmt_pos(p)}")
        return keys

    # what the controller asks of the screen (input.controller.TablePort)
    @property
    def menu_open(self) -> bool:
        return bool(self.menu_elements)

    def notify(self, message: str, error: bool = False, rule: str = "") -> None:
        self.app.notify(message, error=error, rule=rule)

    def open_save(self) -> None:
        from .files import SaveScreen
        self.app.push(SaveScreen(self.app))

    def pan_map(self, dx: int, dy: int) -> None:
        self.motion.follow.manual()              # panned by hand: the camera stops following
        self.map.camera.pan(dx, dy)

    def zoom_map(self, factor: float, at: tuple[int, int] | None = None) -> None:
        """Zoom the map by ``factor`` about ``at`` (the map's centre when None)."""
        self.motion.follow.manual()
        self.map.camera.zoom_at(factor, at if at is not None else self.map_rect.center)

    def recentre(self) -> None:
        """Home or the "Re-centre" button: the camera follows the action again."""
        self.motion.recentre()

    def scroll_log(self, dy: int) -> None:
        self.log_box.wheel(dy)

    def focus_targets(self) -> list[FocusTarget]:
        """What Tab moves through now: an open menu's entries, else the decision's targets on the map
        and the board shown, the prompt bar's buttons and End turn (input/keyboard_focus.py)."""
        if self.menu_elements:
            return menu_targets(self.menu_buttons)
        cam = self.map.camera
        tile = int(cam.tile)

        def edge_rect(a: Pos, b: Pos) -> pygame.Rect:
            side = max(12, tile // 3)
            return pygame.Rect(0, 0, side, side).move_to(center=self.map.edge_centre(a, b))

        regions = {k: r for k, r in self.board_layout.regions.items() if k in self._clickable_keys()}
        return decision_targets(self.index, self.selected, cam.tile_rect, edge_rect,
                                dict(self.view.pieces) if self.view is not None else {}, regions,
                                [*self.prompt_buttons, self.end_btn])

    def bring_into_view(self, target: FocusTarget) -> None:
        """Show the focused target: pan the map to a map target, scroll a long menu to its entry."""
        if target.area == "map":
            inner = self.map_rect.inflate(-40, -40)
            if not inner.contains(target.rect):
                self.pan_map(inner.centerx - target.rect.centerx, inner.centery - target.rect.centery)
            return
        bar = self.menu_panel.vert_scroll_bar if self.menu_elements else None
        if bar is None or target.button is None or not self.menu_panel.vert_scroll_bar_active \
                or target.button not in self.menu_buttons:
            return
        if not self.menu_panel.rect.contains(target.button.rect):
            i = self.menu_buttons.index(target.button)
            bar.set_scroll_from_start_percentage(min(1.0 - bar.visible_percentage, max(
                0.0, i / len(self.menu_buttons) - bar.visible_percentage / 2)))

    def scroll_board(self, dy: int) -> None:
        self.board_pane.wheel(dy, self.board_rect, self.app.settings.ui_scale)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.map.advance(dt)                     # the frame clock settles a zoom (sharp art again)
        s = self.session
        if s is None:
            return
        self.refresh()
        self.reminders.update()                  # keep a reminder off the targets; show a waiting one
        self.suggest.update()                    # a suggestion thought over in its thread
        speed = self.app.settings.animation_speed
        for piece, (a, b, t) in list(self.anims.items()):
            t += dt * 4 * max(speed, 0.01)
            if t >= 1:
                del self.anims[piece]
            else:
                self.anims[piece] = (a, b, t)
        self.motion.update_buttons()
        if self.app.top is not self:
            return                               # (behind a curtain the roll waits, to be seen by the next person)
        self.motion.advance(dt)
        if self.die is not None:
            self.die.advance(dt)
            if self.die.done:
                self.die = None
        self.event_card.advance(dt, speed)       # (it waits behind a curtain for the next person to see it)
        if s.game.outcome is not None:
            if not self.over_shown:
                self.over_shown = True
                from .gameover import GameOverScreen
                self.app.push(GameOverScreen(self.app))
            return
        if s.needs_handoff():
            from .handoff import HandoffScreen
            s.mark_seen(s.viewer)
            self.app.push(HandoffScreen(self.app, s.decider))
            return
        if self.controller.walk(dt, speed):      # a dragged path is walked, one step at a time
            return
        self.step_computer(s, dt)

    def step_computer(self, s: Session, dt: float) -> None:
        """A computer player's move, paced by ``bot_pace``: its view is built here, it decides in a
        worker thread (the window keeps drawing, the prompt says it is thinking) and its choice is
        applied here, on the main thread, once it is ready — unless the game moved on meanwhile."""
        turn = self.thinking
        if turn is not None:
            self.think_time += dt
            if not turn.done():
                return
            self.thinking = None
            if turn.session is s and s.finish_bot(turn) is not None:
                self.refresh()
            return
        if not s.bot_to_move():
            return
        self.bot_timer += dt
        if self.motion.computer_waits(self.bot_timer):   # the pace, and the last move's highlights and die
            return
        self.bot_timer, self.think_time = 0.0, 0.0
        turn = s.start_bot()
        # a quick player (Random, Easy) is usually done at once: its move lands in this frame
        if turn is not None and turn.done(QUICK_BOT_WAIT):
            if s.finish_bot(turn) is not None:
                self.refresh()
        else:
            self.thinking = turn

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        view = self.view
        assert view is not None
        self._fill_overlay(view)
        self.map.draw(surface, view, self.overlay)
        self.motion.draw(surface)
        self._draw_terrain_cards(surface, view)
        self._draw_strip(surface, view)
        self._draw_panel(surface, view)
        self._draw_prompt(surface, view)
        self.event_card.draw(surface, self.map_rect, self.app.settings.ui_scale, self.app.settings.animation_speed)
        self._draw_autosave_problem(surface)
        self.suggest.draw(surface)
        self._draw_map_tooltip(surface, view)
        self.motion.draw_ghost(surface)
        self._draw_focus(surface)

    def _draw_board_patterns(self, surface: pygame.Surface) -> None:
        """Colour-blind safe: the board's targets striped like the map's (render/marks.py)."""
        palette = palette_for(self.app.settings.colour_blind)
        if palette.patterned and self.index.decision is not None:
            for k in self.index.keys_of_kind("slot", "card", "hand_tile", "piece"):
                r = self.board_layout.regions.get(k)
                if r is not None and self.board_rect.contains(r):
                    draw_target_pattern(surface, r, palette.target)

    def _draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard's focus ring round the focused target."""
        palette = palette_for(self.app.settings.colour_blind)
        if self.controller.focus.key is None:
            return
        target = self.controller.focus.current(self.focus_targets())
        if target is not None:
            draw_focus_ring(surface, target.rect, palette.focus, self.app.settings.ui_scale)

    def autosave_notice(self) -> str | None:
        """The table's notice while the autosave cannot be written (the file and the reason), or None."""
        s = self.session
        problem = s.autosave_problem if s is not None else None
        return problem.message if problem is not None else None

    def _draw_autosave_problem(self, surface: pygame.Surface) -> None:
        """A small banner at the top of the map while the autosave fails: the game goes on, the
        player knows the file on disk is behind (and why), and it goes once a write succeeds."""
        notice = self.autosave_notice()
        if notice is None:
            return
        s = self.app.settings.ui_scale
        size = int(16 * s)
        lines = wrap(notice, size, self.map_rect.w - int(60 * s))[:3]
        lh = font(size).get_linesize()
        box = pygame.Rect(self.map_rect.x + int(10 * s), self.map_rect.y + int(8 * s),
                          max(font(size).size(line)[0] for line in lines) + int(24 * s), lh * len(lines) + int(12 * s))
        pygame.draw.rect(surface, (40, 22, 26), box, border_radius=6)
        pygame.draw.rect(surface, DANGER, box, 2, border_radius=6)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + int(12 * s), box.y + int(6 * s) + i * lh), size, DANGER)

    def _fill_overlay(self, view: PlayerView) -> None:
        ov = self.overlay
        d = self.index.decision
        ov.highlight_spaces = self.index.spaces(self.selected) if d is not None else set()
        ov.highlight_edges = self.index.edges() if d is not None else set()
        ov.highlight_pieces = {k.split(":", 1)[1] for k in self.index.by_key if k.startswith("piece:")}
        ov.hover = None
        if self.hover_key and self.hover_key.startswith("space:"):
            p = parse_pos(self.hover_key.split(":", 1)[1])
            if p in ov.highlight_spaces:
                ov.hover = p
        ov.preview = None
        if d is not None and d.kind == DecisionKind.ORIENT_TILE:
            opt = d.options[self.orient_i % len(d.options)]
            p = parse_pos(opt.targets[0].ref)
            tv = next(t for t in view.tiles if t.pos == p)
            if tv.tile_id is not None:
                info = view.rules.tile(tv.tile_id)
                ov.preview = (p, rotate_walls(info.walls, int_arg(opt.id)), info.type)
        placement = self.previewed_placement()
        ov.footprint = view.placing[placement] if placement is not None else ()
        n = len(self.placements_at(self.place_at))
        ov.footprint_note = f"{self.place_i % n + 1} of {n}: wheel or R for the next" if n > 1 else ""
        ov.piece_offsets = {}
        for piece, (a, b, t) in self.anims.items():
            ease = t * t * (3 - 2 * t)
            ov.piece_offsets[piece] = ((a[0] - b[0]) * (1 - ease), (a[1] - b[1]) * (1 - ease))
        ov.die = (self.die.centre, self.die.face, self.die.fade) if self.die is not None and not self.die.tumbling \
            else None
        ov.path = list(self.path_queue)
        ov.highlight_entrance = d is not None and d.kind == DecisionKind.MOVE_ENTRANCE
        self.suggest.decorate(ov, view)
        ov.patterned = self.app.settings.colour_blind

    def _draw_terrain_cards(self, surface: pygame.Surface, view: PlayerView) -> None:
        """Random Terrain (VAR-13): the Terrain cards drawn so far lie face up in a band under the map as a
        rules reference, each with the art and name of its Terrain and its rules as the tooltip; the
        last one drawn is framed."""
        self.card_rects = {}
        band = self.cards_rect
        if not band.h:
            return
        s = self.app.settings.ui_scale
        pygame.draw.rect(surface, (26, 23, 31), band)
        pygame.draw.line(surface, PANEL_EDGE, band.topleft, band.topright)
        label_w, size = int(104 * s), int(15 * s)
        lines = ["Terrain cards", "drawn:"] if view.terrain_cards else ["Terrain cards:", "none drawn yet"]
        lh = font(size).get_linesize()
        for i, line in enumerate(lines):
            draw_text(surface, line, (band.x + 10, band.centery - lh + i * lh), size, TEXT_DIM)
        cw, ch, gap = int(132 * s), band.h - int(12 * s), int(6 * s)
        n = len(view.terrain_cards)
        for i, kind in enumerate(view.terrain_cards):
            r = pygame.Rect(band.x + 10 + label_w + i * (cw + gap), band.y + int(6 * s), cw, ch)
            last = i == n - 1
            pygame.draw.rect(surface, (236, 222, 188), r, border_radius=5)
            pygame.draw.rect(surface, HIGHLIGHT if last else (128, 106, 74), r, 3 if last else 1, border_radius=5)
            art_size = ch - 10
            surface.blit(self.app.art.terrain_tile(kind, "bridge" if kind == "canyon" else "plain", art_size),
                         (r.x + 5, r.y + 5))
            name_size = int(16 * s)
            names = wrap(terrain_card(kind, view.rules).name, name_size, r.w - art_size - 16, bold=True)[:2]
            nh = font(name_size, True).get_linesize()
            y = r.centery - nh * len(names) // 2
            for line in names:
                draw_text(surface, line, (r.x + art_size + 11, y), name_size, (48, 38, 28), bold=True)
                y += nh
            self.card_rects[kind] = (r, terrain_card_tip(kind, i, last, view.rules))

    def _draw_strip(self, surface: pygame.Surface, view: PlayerView) -> None:
        s = self.app.settings.ui_scale
        pygame.draw.rect(surface, PANEL, self.strip)
        pygame.draw.line(surface, PANEL_EDGE, self.strip.bottomleft, self.strip.bottomright)
        x = 10
        deciding = view.waiting_for[0] if view.waiting_for else None
        # the role boxes take at most 45% of the strip (four roles in a small window), the rest is for the info
        box_w = max(int(72 * s), min(int(150 * s), (self.strip.w * 45 // 100 - 10) // max(1, len(view.roles)) - 8))
        name_size = int(20 * s) if box_w >= int(120 * s) else int(17 * s)
        for role in view.roles:
            colour = ROLE_COLOURS[role]
            active = role == view.active
            r = pygame.Rect(x, 5, box_w, self.strip.h - 10)
            pygame.draw.rect(surface, colour if active else PANEL_EDGE, r, 0 if active else 2, border_radius=6)
            # (an idle role's name in its colour lightened: the Cave's and the Goblins' are dark on the strip)
            r_, g_, b_ = (int(c + (255 - c) * 0.35) for c in colour)
            ink = (20, 16, 12) if active else (r_, g_, b_)
            player = player_line(self.session, role)
            if player is None:
                draw_text(surface, ROLE_NAMES[role], r.center, name_size, ink, bold=True, anchor="center")
            else:                      # Campaign: the role over its player's name and level
                small = int(15 * s)
                draw_text(surface, ROLE_NAMES[role], (r.centerx, r.centery - 1), name_size, ink, bold=True,
                          anchor="midbottom")
                draw_text(surface, fit(player, small, r.w - 26), (r.centerx, r.centery + 1), small,
                          (44, 36, 28) if active else TEXT, anchor="midtop")
            if role == deciding:       # who must decide now: a dot in the corner
                pygame.draw.circle(surface, HIGHLIGHT, (r.right - 10, r.centery), max(4, int(5 * s)))
                pygame.draw.circle(surface, (20, 16, 12), (r.right - 10, r.centery), max(4, int(5 * s)), 1)
            x = r.right + 8
        phase = (f"Collapse: {view.crystal_tiles_removed} of {view.collapse_crystals} Crystal tiles"
                 if view.collapse else "The Cave Grows…")
        size = int(18 * s)
        who = f"Viewing as: {ROLE_NAMES.get(view.viewer or '', 'everyone')}"
        room = self.strip.right - 10 - font(size).size(who)[0] - 20 - (x + 12)
        # what does not fit next to "Viewing as" goes, least useful first (the variant names the roles above)
        parts = [f"Round {view.round}", phase, f"{view.stack_count} tiles in the stack", view.variant]
        while len(parts) > 1 and font(size).size("  ·  ".join(parts))[0] > room:
            parts.pop()
        info = "  ·  ".join(parts)
        draw_text(surface, info, (x + 12, self.strip.centery), size, TEXT, anchor="midleft")
        draw_text(surface, who, (self.strip.right - 10, self.strip.centery), size, TEXT_DIM, anchor="midright")

    def _draw_panel(self, surface: pygame.Surface, view: PlayerView) -> None:
        pygame.draw.rect(surface, PANEL, self.panel)
        pygame.draw.line(surface, PANEL_EDGE, self.panel.topleft, self.panel.bottomleft, 2)
        self.tab_rects = draw_board_tabs(surface, self.tabs_rect, list(view.roles), self.board_tab or view.roles[0])
        self._draw_name_plate(surface, self.board_tab or view.roles[0])
        # ("piece": a hidden Tribe is chosen on the Goblins' board, not on the map)
        highlights = self.index.keys_of_kind("slot", "card", "hand_tile", "piece")
        if self.selected:
            highlights = highlights | {self.selected}
        self.board_layout = self.board_pane.draw(surface, self.board_rect, view, self.board_tab or view.roles[0],
                                                 highlights, self.hover_key or self.suggest.board_key(), self.app.art,
                                                 self.app.settings.ui_scale, self.map_rect.union(self.cards_rect))
        self._draw_board_patterns(surface)
        self.log_box.draw(surface)
        if self.index.decision is not None and not self.menu_elements \
                and self._target_keys_on_board() != self.buttons_for_keys:
            # the board now shows other targets than the prompt buttons were made for (a new decision's
            # cards, a Tribe that left the map, another tab): a target never goes without a place to click
            self._rebuild_prompt_buttons()
        if self.hover_key and self.hover_key in self.board_layout.tooltips and self.board_pane.zoomed is None:
            self._draw_tooltip(surface, self.board_layout.tooltips[self.hover_key])    # (a card shows itself)

    def _draw_name_plate(self, surface: pygame.Surface, role: str) -> None:
        """Campaign (VAR-03): over the board, who plays it and at which campaign level."""
        who = campaign_player(self.session, role)
        if who is None or not self.plate_rect.h:
            return
        s = self.app.settings.ui_scale
        r = self.plate_rect
        colour = ROLE_COLOURS[role]
        pygame.draw.rect(surface, tuple(int(c * 0.35) for c in colour), r, border_radius=5)
        pygame.draw.rect(surface, colour, r, 1, border_radius=5)
        name, level = who
        size = int(17 * s)
        tail = f"· campaign level {level}" if level else ""      # (the board's header below names the role)
        tail_w = font(size).size(tail)[0]
        left = draw_text(surface, fit(name, size, r.w - tail_w - 30, bold=True), (r.x + 8, r.centery), size, TEXT,
                         bold=True, anchor="midleft")
        draw_text(surface, tail, (left.right + 10, r.centery), size, TEXT_DIM, anchor="midleft")

    def _draw_map_tooltip(self, surface: pygame.Surface, view: PlayerView) -> None:
        """The map's tooltip under the pointer (the Entrance piece, a Terrain space)."""
        mouse = pygame.mouse.get_pos()
        if self.menu_elements or self.dragging:
            return
        tip = self.map_tip_at(mouse)
        if tip:                                   # (over the Terrain cards: above them, clear of the prompt)
            self._draw_tooltip(surface, tip, self.cards_rect.top - 4 if self.cards_rect.collidepoint(mouse) else None)

    def map_tip_at(self, pos: tuple[int, int]) -> str | None:
        """What the map (and the Random Terrain cards under it) says at ``pos``: a drawn Terrain card's
        rules, the Entrance piece's tooltip when it is under the pointer, else the space (a Terrain
        space's tile and effect, or the tile, its walls and tokens) and the pieces there with their
        numbers (engine.describe)."""
        view = self.view
        card = next((tip for r, tip in self.card_rects.values() if r.collidepoint(pos)), None)
        if card is not None:
            return card
        if view is None or not self.map_rect.collidepoint(pos):
            return None
        er = self.map.entrance_rect
        if er is not None and view.entrance_piece is not None and er.collidepoint(pos):
            return entrance_tip(view)
        p = self.map.space_at(pos)
        t = next((t for t in view.tiles if t.pos == p), None)
        if p is None:
            return None
        tips = []
        if t is not None and t.terrain is not None:
            tips.append(terrain_tip(t.pos, t.terrain, view.rules))
        elif t is not None or f"space:{fmt_pos(p)}" in self.index.by_key:
            tips.append(describe(view, Target("space", fmt_pos(p))))
        tips += [describe(view, Target("piece", piece)) for piece, q in sorted(view.pieces.items()) if q == p]
        return "  ".join(tips) or None

    def _draw_tooltip(self, surface: pygame.Surface, tip: str, bottom: int | None = None) -> None:
        """A tooltip: wrapped on a dark card left of the pointer (below it, or above when there is no room
        below; ending at ``bottom`` when given), kept inside the window."""
        s = self.app.settings.ui_scale
        size = int(17 * s)
        lines = wrap(tip, size, int(440 * s))
        f = font(size)
        lh = f.get_linesize()
        box = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + 16, lh * len(lines) + 10)
        mx, my = pygame.mouse.get_pos()
        sw, sh = surface.get_size()
        box.topright = (mx - 12, my + 20)
        if bottom is not None or box.bottom > sh - 4:       # no room below the pointer: above it
            box.bottom = bottom if bottom is not None else my - 12
        box.x = max(4, min(box.x, sw - box.w - 4))
        box.y = max(4, min(box.y, sh - box.h - 4))
        pygame.draw.rect(surface, (22, 19, 26), box, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=6)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 8, box.y + 5 + i * lh), size, TEXT)

    def _draw_prompt(self, surface: pygame.Surface, view: PlayerView) -> None:
        s = self.app.settings.ui_scale
        pygame.draw.rect(surface, PANEL, self.prompt)
        pygame.draw.line(surface, PANEL_EDGE, self.prompt.topleft, self.prompt.topright, 2)
        if view.outcome is not None:
            text = "Game over: " + view.outcome[1]
            colour = HIGHLIGHT
        elif view.decision is not None and self.index.decision is not None:
            text = shown_prompt(view.decision)      # what to do first (teach/action_prompts.py)
            if self.index.decision.kind == DecisionKind.ORIENT_TILE:
                text += "  — wheel or R to turn it, click the tile or press Enter to confirm"
            elif self.index.decision.kind in PLACING_KINDS:
                text += "  — point at a highlighted space to see the tile there, click to place it"
            elif self.selected:
                text += "  — now click a highlighted space (right-click to cancel)"
            colour = ROLE_COLOURS.get(view.decision.role, TEXT)
        elif self.thinking is not None and view.waiting_for is not None and self.thinking.role == view.waiting_for[0]:
            text = self.thinking_text(self.thinking.role, view.waiting_for[1])
            colour = ROLE_COLOURS.get(self.thinking.role, TEXT)
        elif view.waiting_for is not None:     # another role's decision: its public words name the role
            role, _, prompt = view.waiting_for
            text = f"Waiting for the {ROLE_NAMES[role]}: {prompt}" if role == view.viewer else prompt
            colour = TEXT_DIM
        else:
            text, colour = "", TEXT
        size = int(21 * s)              # measured at the size drawn, clear of the "?" at the bar's right
        draw_text(surface, fit(text, size, self.rules_btn.rect.x - self.prompt.x - 24), (self.prompt.x + 12, self.prompt.y + 10),
                  size, colour)


    def thinking_text(self, role: str, kind: str) -> str:
        """The prompt line while a computer player thinks: who, at which level, about what kind
        of decision (its public words, never its prompt: GEN-01), and dots that move."""
        assert self.session is not None
        level = self.session.seats[role].level.capitalize()
        dots = "." * (1 + int(self.think_time * 3) % 3)
        what = task(kind)
        return f"The {ROLE_NAMES[role]} (Computer, {level}) is thinking{' about ' + what if what else ''}{dots}"


def entrance_tip(view: PlayerView) -> str:
    """What the Entrance piece is (Moving Entrance, VAR-04..09)."""
    assert view.entrance_piece is not None
    uses = []
    if "knight" in view.roles and "dragon" not in view.roles:
        uses.append("the Knight escapes here once her Crystals are smashed")
    if "dragon" in view.roles:
        uses.append("the surfaced Dragon escapes here")
    if "thief" in view.roles:
        uses.append("the Thief enters and stashes here")
    if "goblins" in view.roles and "knight" in view.roles:
        uses.append("the Knight's Poisoned Hero cubes wait here")
    tip = (f"The Entrance piece at {fmt_pos(view.entrance_piece)} (Moving Entrance): the entrance of the Cave"
           + (f"; {'; '.join(uses)}" if uses else "")
           + ". It is neither a player piece nor a token: anyone may stand on it. When its tile collapses it "
           "moves to an adjacent unoccupied Lit tile.")
    if view.entrance_piece != (0, 0) and any(t.type == "entrance" for t in view.tiles):
        tip += " The old Entrance tile is now a normal Cave tile."
    return tip


def terrain_tip(p: Pos, tv: TerrainView, rules: RulesData) -> str:
    """A Terrain space's tooltip (Terrain variant): the tile, which of its spaces this is, its effect
    (in the game's ``rules``)."""
    what = {"impassable": "an impassable space of the Canyon: no one may enter it (a surfaced Dragon may fly "
                          "over it with Wing, the Thief may Climb over it)",
            "bridge": "the Canyon's Bridge: the only space of the Canyon that can be entered"}.get(tv.kind)
    if what is None:
        what = f"a {tv.name} space"
        if tv.current is not None:
            what += f", the current flowing {('north', 'east', 'south', 'west')[tv.current % 4]}"
    text = rules.terrain_tile(tv.tile).text
    return (f"{tv.name} at {fmt_pos(p)} (Terrain, neither Lit nor Dark): {what}. {text}")


def random_terrain(session: Session) -> bool:
    """Is this a Random Terrain game (VAR-13)?"""
    return "random-terrain" in session.game.setup.variants


def terrain_card(kind: str, rules: RulesData) -> TerrainTile:
    """The Terrain tile a Random Terrain card names (its kind; the Pits' card names all three) in the game's ``rules``."""
    return next(t for t in rules.terrain if t.kind == kind)


def terrain_card_tip(kind: str, i: int, last: bool, rules: RulesData) -> str:
    """A drawn Terrain card's tooltip (Random Terrain, VAR-13): which Terrain, when, its rules."""
    tile = terrain_card(kind, rules)
    when = "the last card drawn" if last else f"card {i + 1} drawn"
    return (f"{tile.name}: a Random Terrain card ({when}), face up as a rules reference. "
            f"{' '.join(tile.text.split())}")


def _short(text: str, width_px: int, px_per_char: int = 8) -> str:
    limit = max(8, width_px // px_per_char)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short_middle(text: str, width_px: int, px_per_char: int = 8) -> str:
    """Shorten a button text from its middle, by list items ("a, b, c") or else by words, keeping its
    beginning and its end: several choices often begin alike ("Pay with Claw card, …") and differ at the end."""
    limit = max(8, width_px // px_per_char)
    if len(text) <= limit:
        return text
    sep = ", " if ", " in text else " "
    parts = text.split(sep)
    head, tail = parts[:1], parts[1:]
    while tail and len(sep.join([*head, "…", *tail])) > limit:
        tail.pop(0)
    short = sep.join([*head, "…", *tail])
    return short if tail and len(short) <= limit else _short(text, width_px, px_per_char)
