"""Intents → Session calls: the table's event → choice controller (GUI_SPEC "Input").

Every legal target is highlighted; a click chooses its option, or opens a small menu when several
options share the target; drag a Hero cube onto a track, a Cave tile onto a space, the Knight or
the Thief along a path (one engine step at a time, stopping when something must be decided);
orient a revealed tile with the wheel or R and confirm with a click; keys Space/Enter, Esc,
Ctrl+Z, Ctrl+S, F, Home, C, B, arrows, +/-; and every decision by the keyboard alone: Tab and Shift+Tab
move a focus through its targets, Enter acts as a click on the focused one, the arrows step
through an open menu, Esc drops the focus (:mod:`~vast_desktop.input.keyboard_focus`).  A click on something that is not legal shows the
engine's reason (engine.explain.why_not) with a link to its rule in the reference.

The controller never decides legality: it looks up the targets of the options the engine listed
(:class:`~vast_desktop.input.targets.TargetIndex`, ARCHITECTURE §3) and hands the chosen option
id to the Session.  Everything it needs from the screen (the index and view it shows, menus,
toasts, the camera) goes through :class:`TablePort`, so it runs without a window: intents in,
Session calls out.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..engine import IllegalChoice, PlayerView
from ..engine.decisions import Option, Target
from ..engine.explain.why_not import explain_click_reason, explain_drop_reason
from ..engine.geometry import Pos, fmt_pos
from ..engine.kinds import DecisionKind
from ..engine.map.terrain import PLACING_KINDS
from ..engine.option_ids import at, has_verb
from ..engine.reasons import Reason
from ..render.theme import ROLE_NAMES
from ..teach.reference import plain_reason
from .intents import PAN_STEP, Cancel, Click, Drag, Hover, Intent, IntentReader, Key, Pan, Point, Wheel
from .keyboard_focus import FocusKind, FocusTarget, KeyboardFocus, press
from .targets import TargetIndex, walk_path

if TYPE_CHECKING:
    import pygame

    from ..session import Session

# Pieces dragged along a path in their own turn: the decision kind, the option verbs that step
WALKERS: dict[str, tuple[DecisionKind, tuple[str, ...]]] = {
    "knight": (DecisionKind.KNIGHT_TURN, ("move", "mapmove")),
    "thief": (DecisionKind.THIEF_TURN, ("move", "climb")),
    "ghoul": (DecisionKind.GHOUL_TURN, ("move",)),
    "vile_ghoul": (DecisionKind.GHOUL_TURN, ("move",))}
THROUGH_DARK = ("thief", "ghoul", "vile_ghoul")      # the walkers whose paths go over Dark tiles (the Knight's step reveals one)
KEY_ZOOM = 1.15         # one press of + or -
WHEEL_ZOOM = 1.12       # one notch of the wheel over the map


class TablePort(Protocol):
    """What the controller asks of the table screen: the game it shows and its effects on the window."""

    index: TargetIndex               # the pending decision's options by target (the screen rebuilds it)
    view: PlayerView | None          # what the person at the screen sees
    board_tab: str | None            # whose board the panel shows

    @property
    def session(self) -> Session: ...

    @property
    def menu_open(self) -> bool: ...

    def refresh(self, force: bool = False) -> None: ...

    def notify(self, message: str, error: bool = False, rule: str = "") -> None:
        """A toast; ``rule`` (a refusal's rule id) adds its "Rule" link to the rules reference."""

    def open_options_menu(self, opts: list[Option], at: tuple[int, int] | None = None) -> None: ...

    def close_menu(self) -> None: ...

    def open_menu(self) -> None: ...

    def open_save(self) -> None: ...

    def open_cheatsheet(self) -> None: ...

    def fit(self) -> None: ...

    def recentre(self) -> None:
        """The camera follows the action again (after the player panned or zoomed by hand)."""

    def pan_map(self, dx: int, dy: int) -> None: ...

    def zoom_map(self, factor: float, at: tuple[int, int] | None = None) -> None: ...

    def scroll_log(self, dy: int) -> None: ...

    def bring_into_view(self, target: FocusTarget) -> None: ...

    def focus_targets(self) -> list[FocusTarget]: ...

    def scroll_board(self, dy: int) -> None: ...


def clicked_targets(keys: list[str] | tuple[str, ...]) -> list[Target]:
    """The targets a click or a drop landed on that a rule can explain (not drag sources or info)."""
    return [Target(*k.split(":", 1)) for k in keys if not k.startswith(("drag:", "info:"))]


class TableController:
    """Turns the table's intents into choices of the pending decision (and camera moves, menus,
    undo).  It holds the state of the person's input between events: a selected hand tile, the
    previewed orientation or Terrain placement, the target under the pointer, a dragged path
    being walked."""

    def __init__(self, table: TablePort) -> None:
        self.table = table
        self.reader = IntentReader()
        self.selected: str | None = None      # a target key picked first (a hand tile), then its space
        self.orient_i = 0                     # the previewed orientation of a revealed tile
        self.place_at: Pos | None = None      # the space under the pointer while a Terrain tile is placed
        self.place_i = 0                      # which of the placements over that space is previewed
        self.hover_key: str | None = None     # the target key under the pointer (tooltips, hover ring)
        self.path_queue: list[Pos] = []
        self.path_piece = "knight"            # whose dragged path is being walked
        self.step_timer = 0.0
        self.focus = KeyboardFocus()          # the keyboard's focus: Tab, Shift+Tab, Enter (keyboard_focus.py)

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event, point_at: Callable[[tuple[int, int]], Point]) -> None:
        """One pygame event, its position resolved by the screen's ``point_at``."""
        for intent in self.reader.read(event, point_at, self.drag_source):
            self.handle(intent)

    def handle(self, intent: Intent) -> None:
        """Act on one intent."""
        match intent:
            case Key(action):
                self.on_key(action)
            case Hover(at):
                self.hover_key = at.keys[0] if at.keys else None
                self.point_at(at)
            case Pan(dx, dy):
                self.table.pan_map(dx, dy)
            case Click(at):
                self.focus.clear()                # the mouse is in use: the keyboard's focus ring goes
                self.click(at)
            case Drag(source, to):
                self.drop(source, to)
            case Cancel():
                self.selected = None
                self.focus.clear()
                self.table.close_menu()
            case Wheel(dy, at):
                self.on_wheel(dy, at)

    def forget_choice(self) -> None:
        """The decision changed: nothing stays selected, previews start at their first way."""
        self.selected = None
        self.focus.clear()
        self.orient_i = 0
        self.place_i = 0

    @property
    def dragging(self) -> str | None:
        """The piece dragged over the map now (drawn under the pointer), if any."""
        src = self.reader.press_source
        return src.split(":", 1)[1] if (self.reader.dragging and src and src.startswith("piece:")) else None

    def on_key(self, action: str) -> None:
        t = self.table
        if action == "undo":
            self.undo()
        elif action == "save":
            t.open_save()
        elif action == "escape":
            if t.menu_open or self.selected or self.focus.key is not None:
                t.close_menu()
                self.selected = None
                self.focus.clear()
            else:
                t.open_menu()
        elif action in ("focus_next", "focus_prev"):
            self.move_focus(1 if action == "focus_next" else -1)
        elif action.startswith("pan_") and t.menu_open:       # the arrows step through an open menu
            self.move_focus(1 if action in ("pan_down", "pan_right") else -1)
        elif action == "confirm":
            if not self.activate_focus():
                self.confirm()
        elif action == "fit":
            t.fit()
        elif action == "recentre":
            t.recentre()
        elif action == "cheatsheet":
            t.open_cheatsheet()
        elif action == "rotate":
            self.cycle_orientation(1)
        elif action == "next_tab" and t.view is not None:
            roles = list(t.view.roles)
            i = roles.index(t.board_tab) if t.board_tab in roles else 0
            t.board_tab = roles[(i + 1) % len(roles)]
        elif action.startswith("pan_"):
            dx = {"pan_left": PAN_STEP, "pan_right": -PAN_STEP}.get(action, 0)
            dy = {"pan_up": PAN_STEP, "pan_down": -PAN_STEP}.get(action, 0)
            t.pan_map(dx, dy)
        elif action == "zoom_in":
            t.zoom_map(KEY_ZOOM)
        elif action == "zoom_out":
            t.zoom_map(1 / KEY_ZOOM)

    # ------------------------------------------------------------------ the keyboard's focus
    def move_focus(self, step: int) -> None:
        """Tab or Shift+Tab: the focus to the next or previous target; a map target is brought into
        view, and previewed as the pointer would (its tooltip, a Terrain tile's placement there)."""
        target = self.focus.step(self.table.focus_targets(), step)
        if target is None:
            return
        self.hover_key = target.key if target.kind == FocusKind.TARGET else None
        self.table.bring_into_view(target)
        if target.area == "map":
            self.point_at(Point(target.rect.center, (target.key,), (), target.space, "map"))

    def activate_focus(self) -> bool:
        """Enter: act on the focused target as a click on it would — choose its option, or open the
        menu of the several options it shares, or press the button.  False when nothing has the focus."""
        if self.focus.key is None:
            return False
        target = self.focus.current(self.table.focus_targets())
        if target is None:
            return False
        if target.kind == FocusKind.BUTTON:
            press(target.button)
        else:
            self.click(Point(target.rect.center, (target.key,), (), target.space, target.area))
        if self.table.menu_open:                  # a menu opened: the focus goes to its first entry
            self.focus.clear()
            self.focus.step(self.table.focus_targets(), 1)
        return True

    # ------------------------------------------------------------------ choosing
    def choose(self, option_id: str) -> None:
        """Hand ``option_id`` to the Session; an illegal choice is refused with the engine's reason."""
        try:
            self.table.session.choose(option_id)
        except IllegalChoice as exc:
            self.refuse(exc.reason)
            return
        self.table.refresh()

    def refuse(self, reason: Reason | str) -> None:
        """Show why a choice is refused: the sentence without rule codes, with its rule's link."""
        shown = plain_reason(reason)
        self.table.notify(shown.text, error=True, rule=shown.rule)

    def choose_options(self, opts: list[Option], at: tuple[int, int] | None = None) -> None:
        """One option: choose it; several: a small menu at ``at`` to pick one."""
        if len(opts) == 1:
            self.choose(opts[0].id)
        elif opts:
            self.table.open_options_menu(opts, at)

    def undo(self) -> None:
        s = self.table.session
        if not s.can_undo():
            self.table.notify("Undo is not possible here: the last choice revealed something, drew a card, "
                              "rolled the die or passed the turn to someone else.", error=True)
            return
        s.undo()
        self.path_queue = []
        self.table.refresh(force=True)

    def confirm(self) -> None:
        """Space/Enter: confirm the previewed orientation, or the only choice there is."""
        d = self.table.index.decision
        if d is None:
            return
        placement = self.previewed_placement()
        if d.kind == DecisionKind.ORIENT_TILE:
            self.choose(d.options[self.orient_i % len(d.options)].id)
        elif placement is not None:
            self.choose(placement)
        elif len(d.options) == 1:
            self.choose(d.options[0].id)

    def cycle_orientation(self, step: int) -> None:
        """R or the wheel: the next orientation of a revealed tile, or the next placement of a Terrain
        tile over the space under the pointer."""
        d = self.table.index.decision
        if d is not None and d.kind == DecisionKind.ORIENT_TILE:
            self.orient_i = (self.orient_i + step) % len(d.options)
        elif len(self.placements_at(self.place_at)) > 1:
            self.place_i += step

    # ------------------------------------------------------------------ Terrain placement preview
    def placements_at(self, p: Pos | None) -> list[str]:
        """The Terrain placements (option ids) that would cover space ``p``, those anchored there
        first: what hovering ``p`` previews, one at a time (TR-07..09)."""
        d, v = self.table.index.decision, self.table.view
        if p is None or d is None or v is None or d.kind not in PLACING_KINDS:
            return []
        ids = [oid for oid, cells in v.placing.items() if d.option(oid) is not None and any(c == p for c, _ in cells)]
        return sorted(ids, key=lambda oid: v.placing[oid][0][0] != p)

    def previewed_placement(self) -> str | None:
        """The placement shown under the pointer (a click or Enter places it), if any."""
        ids = self.placements_at(self.place_at)
        return ids[self.place_i % len(ids)] if ids else None

    def point_at(self, at: Point) -> None:
        """The pointer moved to ``at``: a new space under it previews its first placement."""
        p = at.space if at.area == "map" else None
        if p != self.place_at:
            self.place_at, self.place_i = p, 0

    def on_wheel(self, dy: int, at: Point) -> None:
        d = self.table.index.decision
        if at.area == "log":
            self.table.scroll_log(dy)
        elif at.area == "board":            # a board taller than its panel scrolls
            self.table.scroll_board(dy)
        elif d is not None and d.kind == DecisionKind.ORIENT_TILE and at.area == "map":
            self.cycle_orientation(1 if dy > 0 else -1)
        elif at.area == "map" and len(self.placements_at(self.place_at)) > 1:
            self.cycle_orientation(1 if dy > 0 else -1)
        elif at.area == "map":
            self.table.zoom_map(WHEEL_ZOOM if dy > 0 else 1 / WHEEL_ZOOM, at.pos)

    # ------------------------------------------------------------------ clicks
    def click(self, at: Point) -> None:
        t = self.table
        if at.tab is not None:
            t.board_tab = at.tab
            return
        d = t.index.decision
        keys = list(at.keys)
        if d is None:
            waiting = t.session.decider
            if keys and waiting is not None and t.session.game.outcome is None:
                t.notify(f"Waiting for the {ROLE_NAMES[waiting]} to decide.")
            return
        if not keys:
            return
        if d.kind == DecisionKind.ORIENT_TILE and any(k.startswith("space:") for k in keys):
            opts = t.index.options_for(keys)
            if opts:
                self.choose(d.options[self.orient_i % len(d.options)].id)
                return
        self.point_at(at)
        placement = self.previewed_placement()
        if placement is not None:               # the Terrain tile as previewed under the pointer
            self.choose(placement)
            return
        edge_keys = [k for k in keys if k.startswith("edge:")]
        opts = t.index.options_for(edge_keys, self.selected) if edge_keys else []
        if not opts:
            opts = t.index.options_for([k for k in keys if not k.startswith("edge:")], self.selected)
        hand_keys = [k for k in keys if k.startswith("hand_tile:")]
        if hand_keys and len(opts) > 1:
            self.selected = hand_keys[0]       # pick the tile, then the space
            return
        if opts:
            self.choose_options(opts, at.pos)
            return
        self.explain(keys)

    def explain(self, keys: list[str]) -> None:
        """Say why a click did nothing: the engine's reason (engine.explain.why_not), as a toast
        with a "Rule" link to the rule's section of the reference."""
        t = self.table
        d = t.index.decision
        targets = clicked_targets(keys)
        reason = explain_click_reason(t.session.game, d.role if d is not None else None, targets) if targets else None
        if reason:
            self.refuse(reason)

    # ------------------------------------------------------------------ drag and drop
    def drag_source(self, at: Point) -> str | None:
        """What a press at ``at`` picks up: a board's drag source that some option drags from, the
        Knight or the Thief in their own turn, or a piece an option names (None: nothing)."""
        t = self.table
        d = t.index.decision
        if d is None:
            return None
        if at.area == "board":
            for k in at.drags:
                src = k[len("drag:"):]
                if any(s == src for s, _ in t.index.by_drag):
                    return k
            return None
        p = at.space
        if p is None or t.view is None:
            return None
        for piece, (kind, verbs) in WALKERS.items():   # the Knight, the Thief or the Ghoul in its own turn
            if t.view.pieces.get(piece) == p and d.kind == kind \
                    and any(has_verb(o.id, *verbs) for o in d.options):
                return f"piece:{piece}"
        for piece, q in t.view.pieces.items():      # any piece whose options name it (a Tribe, the Dragon…)
            if q == p and f"piece:{piece}" in t.index.by_key:
                return f"piece:{piece}"
        return None

    def drop(self, source: str, at: Point) -> None:
        t = self.table
        p = at.space
        if source.startswith("piece:") and p is not None:
            both = [o for o in t.index.options_for([f"space:{fmt_pos(p)}"])
                    if any(f"{x.kind}:{x.ref}" == source for x in o.targets)]
            if both:                                   # an option moving this piece there
                self.choose_options(both, at.pos)
                return
        walker = source.split(":", 1)[1] if source.startswith("piece:") else ""
        if walker in WALKERS:
            self.drop_walker(walker, at)
            return
        src = source[len("drag:"):]
        opts: list[Option] = []
        for k in at.keys:
            opts += t.index.by_drag.get((src, k), [])
        if opts:
            self.choose_options(list({o.id: o for o in opts}.values()), at.pos)
            return
        d = t.index.decision
        targets = clicked_targets(at.keys)
        reason = explain_drop_reason(t.session.game, d.role if d is not None else None, Target("slot", src), targets)
        if reason is not None:
            self.refuse(reason)
        else:
            t.notify("That cannot go there.", error=True)

    def drop_walker(self, piece: str, at: Point) -> None:
        """The Knight, the Thief or the Ghoul dropped on a space: a step there (a menu if several ways,
        e.g. the Thief's Climb), or a path of single steps walked one engine option at a time."""
        t = self.table
        p = at.space
        view = t.view
        if p is None or view is None or piece not in view.pieces:
            return
        name = ROLE_NAMES.get(piece, piece.title())
        start = view.pieces[piece]
        verbs = WALKERS[piece][1]
        direct = t.index.options_for([f"space:{fmt_pos(p)}"])
        moves = [o for o in direct if has_verb(o.id, *verbs)]
        if moves:
            self.choose_options(moves, at.pos)
            return
        path = walk_path(view, start, p, through_dark=piece in THROUGH_DARK)
        if not path:
            t.notify(f"The {name} cannot find a way there.", error=True)
            return
        thief, ghoul = view.boards.thief, view.boards.ghoul or view.boards.vile_ghoul
        left = thief.movement_left if piece == "thief" and thief is not None else \
            ghoul.movement if piece in ("ghoul", "vile_ghoul") and ghoul is not None else None
        if left is not None and len(path) > int(left):
            t.notify(f"Too far: the {name} has {left} {'Movement' if piece == 'thief' else 'movement'} left and "
                     f"the way there is {len(path)} spaces.", error=True)
            return
        self.path_piece = piece
        self.path_queue = path
        self.step_timer = 0.0

    def walk(self, dt: float, speed: float) -> bool:
        """Pace a dragged path: a step every 0.15 s at normal speed (at once with animations off).
        True while a path is being walked (the computer players wait meanwhile)."""
        if not self.path_queue:
            return False
        self.step_timer += dt
        if self.step_timer >= 0.15 / max(speed, 0.25) or speed == 0:
            self.step_timer = 0.0
            self.advance_path()
        return True

    def advance_path(self) -> None:
        """Apply the next single step of a dragged path; stop when something must be decided."""
        t = self.table
        d = t.index.decision
        kind = WALKERS[self.path_piece][0] if self.path_piece in WALKERS else None
        if not self.path_queue or d is None or d.kind != kind:
            self.path_queue = []
            return
        q = self.path_queue.pop(0)
        if d.option(at("move", q)) is None:
            self.path_queue = []
            who = {"knight": "she", "ghoul": "it", "vile_ghoul": "it"}.get(self.path_piece, "he")
            t.notify(f"The {ROLE_NAMES[self.path_piece]} stops: {who} cannot step to {fmt_pos(q)} now.")
            return
        self.choose(at("move", q))
