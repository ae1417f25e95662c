"""A robot player for headless GUI tests and the tutorial check: it performs engine options only through
real pygame events (mouse clicks, drags, keys) on what the table shows."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from vast_desktop.engine.geometry import fmt_pos, parse_pos
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.engine.map.terrain import PLACING_KINDS
from vast_desktop.input.targets import button_options, in_mode, modal_group
from vast_desktop.screens.table import TableScreen

if TYPE_CHECKING:
    from vast_desktop.engine import Game
    from vast_desktop.engine.decisions import Decision


def steer_collapse_to_entrance(g: Game, d: Decision) -> str | None:
    """A test driver's choice that steers the Collapse onto the Moving Entrance piece (VAR-06):
    the piece's tile when it may go, Hatred whenever the Cave may use it in the Collapse,
    otherwise the tile farthest from the piece; None when the decision is not about that."""
    ids = list(d.ids)
    e = g.state.board.entrance
    hit = [i for i in ids if i.endswith("remove:" + fmt_pos(e))]
    if hit:
        return hit[0]
    if g.state.collapse and d.role == "cave":
        if "omen:hatred" in ids:
            return "omen:hatred"
        removals = [i for i in ids if i.startswith(("remove:", "hatred:remove:"))]
        if removals:
            return max(removals, key=lambda i: sum(abs(a - b) for a, b in zip(parse_pos(i.rsplit(":", 1)[1]), e,
                                                                                   strict=True)))
    return None


class Robot:
    def __init__(self, app) -> None:
        self.app = app
        self.drags = 0          # drags made (the tests count choices made by dragging)

    # ------------------------------------------------------------ raw input
    def frames(self, n: int = 2) -> None:
        for _ in range(n):
            self.app.step(1 / 60)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(2)

    def drag(self, a: tuple[int, int], b: tuple[int, int], steps: int = 6,
             each_step: Callable[[tuple[int, int]], None] | None = None) -> None:
        """Press at ``a``, move to ``b`` in ``steps`` frames, release; ``each_step(p)`` is called
        after the frame at each point of the way (a test watching what is drawn under the pointer)."""
        self.drags += 1
        pygame.mouse.set_pos(a)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        self.frames(1)
        prev = a
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            pygame.mouse.set_pos(p)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - prev[0], p[1] - prev[1]),
                                                 buttons=(1, 0, 0)))
            prev = p
            self.frames(1)
            if each_step is not None:
                each_step(p)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        self.frames(2)

    def hover(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(1)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(2)

    def click_button(self, button) -> None:
        self.scroll_into_view(button)
        self.click(button.rect.center)

    def scroll_into_view(self, button) -> None:
        """A choice menu taller than its panel scrolls: turn the mouse wheel over it until ``button`` shows."""
        table = next((s for s in reversed(self.app.screens) if isinstance(s, TableScreen)), None)
        panel = getattr(table, "menu_panel", None) if table is not None and table.menu_elements else None
        if panel is None or not panel.alive() or button not in panel.get_container().elements:
            return
        for _ in range(100):
            if panel.rect.contains(button.rect):
                y = None
                while button.rect.y != y:          # let the smooth scroll settle before clicking
                    y = button.rect.y
                    self.frames(1)
                if panel.rect.contains(button.rect):
                    return
            at = (panel.rect.x + 12, panel.rect.centery)
            pygame.mouse.set_pos(at)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
            self.frames(1)
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if button.rect.y > panel.rect.y else 1,
                                                 flipped=False, precise_x=0.0, precise_y=0.0))
            self.frames(2)
        raise AssertionError(f"the menu does not scroll to {button.text!r}")

    # ------------------------------------------------------------ the table
    @property
    def table(self) -> TableScreen:
        for s in reversed(self.app.screens):
            if isinstance(s, TableScreen):
                return s
        raise AssertionError("no table screen")

    def close_reminders(self) -> None:
        """Click "Got it" on the table's reminders (issue 6) as a person would before using the map."""
        t = self.table
        for _ in range(40):
            if t.reminders.ok_btn is None or self.app.top is not t:
                return
            self.click(t.reminders.ok_btn.rect.center)

    def settle(self) -> None:
        """Wait (frames) until the camera has stopped gliding to the action, as a person waits for the
        map to stop before aiming at it (issue 27 item 6)."""
        t = self.table
        for _ in range(600):
            if t.motion.follow.goal is None:
                return
            self.frames(1)

    def visible(self, pos: tuple[int, int]) -> bool:
        """On the map and under none of the buttons over it ("Skip to my turn", "Re-centre")."""
        t = self.table
        over = (b for b in (t.motion.skip_btn, t.motion.recentre_btn) if b is not None and b.visible)
        return t.map_rect.inflate(-20, -20).collidepoint(pos) and not any(b.rect.collidepoint(pos) for b in over)

    def show_space(self, p: tuple[int, int]) -> tuple[int, int]:
        """Bring a space into view with the keyboard (F fits the map), return its centre."""
        t = self.table
        self.close_reminders()
        self.settle()
        pos = t.map.screen_centre(p)
        if not self.visible(pos):
            self.key(pygame.K_f)
            pos = t.map.screen_centre(p)
        tries = 0
        while not self.visible(pos) and tries < 12:
            cx, cy = t.map_rect.center
            k = pygame.K_LEFT if pos[0] < cx else pygame.K_RIGHT
            if abs(pos[1] - cy) > abs(pos[0] - cx):
                k = pygame.K_UP if pos[1] < cy else pygame.K_DOWN
            self.key(k)
            pos = t.map.screen_centre(p)
            tries += 1
        return pos

    def board_region(self, key: str) -> tuple[int, int] | None:
        t = self.table
        for _ in range(6):
            r = t.board_layout.regions.get(key)
            if r is not None:
                return self.scroll_board_to(key)
            self.key(pygame.K_b)
        return None

    def scroll_board_to(self, key: str) -> tuple[int, int] | None:
        """Turn the wheel over a board taller than its panel until the region ``key`` is in sight; its centre."""
        t = self.table
        panel = t.board_rect
        for _ in range(60):
            r = t.board_layout.regions.get(key)
            if r is None:
                return None
            if panel.collidepoint(r.center):
                return r.center
            pygame.mouse.set_pos(panel.center)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.center, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if r.centery > panel.centery else 1,
                                                 flipped=False))
            self.frames(1)
        r = t.board_layout.regions.get(key)
        return r.center if r is not None else None

    def place_terrain(self, option_id: str) -> None:
        """A Terrain tile placed as a person would: point at its first space, turn the wheel until the
        footprint shown there is the wanted one, click."""
        t = self.table
        assert t.view is not None
        at = self.show_space(t.view.placing[option_id][0][0])
        self.hover(at)
        ways = t.placements_at(t.place_at)
        assert option_id in ways, (option_id, ways)
        for _ in range(len(ways)):
            if t.previewed_placement() == option_id:
                break
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                                 precise_y=1.0))
            self.frames(1)
        assert t.previewed_placement() == option_id
        assert t.map.footprint_drawn == [c for c, _ in t.view.placing[option_id]]
        self.click(at)

    def perform(self, option_id: str, prefer_drag: bool = False, prefer_map: bool = False) -> None:
        """Choose ``option_id`` the way a person would: click its button, its space or
        board slot (then its menu entry if several choices share it), or drag.  With
        ``prefer_map`` an option naming only a piece on the map is chosen by clicking the piece."""
        t = self.table
        t.refresh()
        self.close_reminders()
        d = t.index.decision
        assert d is not None, "the robot's turn is not on the screen"
        o = d.option(option_id)
        assert o is not None, option_id
        before = len(self.app.session.game.choices)
        group = modal_group(o)
        if group is not None and t.mode != group:
            self.click_button(t.button_for[f"mode:{group}"])      # "Use the Flare…": aim on the map
        on_map = [t.view.pieces[x.ref] for x in o.targets if x.kind == "piece" and t.view and x.ref in t.view.pieces]
        if prefer_map and on_map and not any(x.kind in ("space", "edge") for x in o.targets):
            self.click(self.show_space(on_map[0]))
            if len(self.app.session.game.choices) == before and option_id in t.button_for:
                self.click_button(t.button_for[option_id])     # a small menu opened: pick the entry
        elif d.kind == DecisionKind.ORIENT_TILE:
            want = [x.id for x in d.options].index(option_id)
            while t.orient_i % len(d.options) != want:
                self.key(pygame.K_r)
            self.click(self.show_space(parse_pos(o.targets[0].ref)))
        elif d.kind in PLACING_KINDS and t.view is not None and option_id in t.view.placing:
            self.place_terrain(option_id)
        elif option_id in t.button_for:
            self.click_button(t.button_for[option_id])
        elif option_id == "end:":
            self.click_button(t.end_btn)
        elif option_id in {x.id for x in button_options(d, set(t.board_layout.regions), in_mode(d, t.mode))}:
            self.click_button(t.prompt_buttons[-1])             # "More…" lists the rest
            self.click_button(t.button_for[option_id])
        else:
            kinds = {x.kind: x for x in o.targets}
            if prefer_drag and "slot" in kinds and kinds["slot"].drag_from:
                src = self.board_region(f"drag:{kinds['slot'].drag_from}")
                dst = self.board_region(f"slot:{kinds['slot'].ref}")
                src = self.board_region(f"drag:{kinds['slot'].drag_from}")      # (in sight with the slot)
                assert src and dst
                self.drag(src, dst)
            elif "hand_tile" in kinds and "space" in kinds and f"hand_tile:{kinds['hand_tile'].ref}" in t.board_layout.regions:
                hand = self.board_region(f"hand_tile:{kinds['hand_tile'].ref}")
                assert hand is not None
                if prefer_drag:
                    self.drag(hand, self.show_space(parse_pos(kinds["space"].ref)))
                else:
                    self.click(hand)
                    if len(self.app.session.game.choices) == before:
                        self.click(self.show_space(parse_pos(kinds["space"].ref)))
            elif "space" in kinds:
                p = parse_pos(kinds["space"].ref)
                walker = {DecisionKind.KNIGHT_TURN: "knight", DecisionKind.THIEF_TURN: "thief"}.get(d.kind)
                here = t.view.pieces.get(walker) if t.view and walker else None
                piece = kinds.get("piece")
                start = t.view.pieces.get(piece.ref) if piece is not None and t.view else None
                if prefer_drag and start is not None and start != p:
                    # a piece the option names (a Tribe, the Dragon): drag it onto the space
                    dst = self.show_space(p)
                    src = t.map.screen_centre(start)
                    if self.visible(src):
                        self.drag(src, dst)
                    else:
                        self.click(dst)
                elif prefer_drag and option_id.startswith(("move:", "climb:")) and here is not None:
                    self.show_space(here)
                    dst = self.show_space(p)
                    src = t.map.screen_centre(here)        # (showing the target may have moved the map)
                    if self.visible(src):
                        self.drag(src, dst)
                    else:
                        self.click(dst)
                else:
                    self.click(self.show_space(p))
            elif "edge" in kinds:
                a, b = (parse_pos(x) for x in kinds["edge"].ref.split("|"))
                self.show_space(a)
                self.click(t.map.edge_centre(a, b))
            elif kinds:
                ref = next(iter(kinds.values()))
                pos = self.board_region(f"{ref.kind}:{ref.ref}")
                assert pos is not None, f"no place to click for {option_id}"
                self.click(pos)
            else:
                raise AssertionError(f"no way to choose {option_id}")
            if len(self.app.session.game.choices) == before and option_id in t.button_for:
                self.click_button(t.button_for[option_id])     # a small menu opened: pick the entry
        assert len(self.app.session.game.choices) > before and self.app.session.game.choices[before] == option_id, \
            f"clicking did not choose {option_id} (decision {d.kind})"
