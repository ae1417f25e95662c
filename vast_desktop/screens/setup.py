"""New game setup (GUI_SPEC screen 2): the roles in play; for each, Human or
Computer and its difficulty; the Knight's solo level; the rulebook's role variant
for the chosen roles shown in words; house rules; the seed.  An unplayable setup
shows the engine's reason and disables Start."""
from __future__ import annotations

import time
from functools import partial

import pygame
import pygame_gui

from ..engine.rules_data import load_rules_data
from ..engine.setup import HOUSE_RULES, GameConfig, Setup, SetupError, make_config
from ..engine.state import ROLE_ORDER
from ..render.text import draw_text, wrap
from ..render.theme import DANGER, HIGHLIGHT, ROLE_COLOURS, ROLE_NAMES, TEXT, TEXT_DIM
from ..session import BOT_LEVELS, Seat
from .base import Screen
from .menu import draw_panel, hex_colour, keep, readable

HUMAN = "Human"
SEED_DIGITS = 9


def computer_label(level: str) -> str:
    return f"Computer ({level})"


def new_seed() -> int:
    """A fresh seed from the clock (the random module is reserved for the game's RNG)."""
    return int(time.time() * 1000) % 10**6


def house_rule_title(rule_id: str) -> str:
    return rule_id.replace("_", " ").capitalize()


def ensure_role_theme(manager: pygame_gui.UIManager) -> None:
    """Theme entries for the role toggles, in each role's colour (loaded once per manager)."""
    theme = manager.get_theme()
    if getattr(theme, "_vast_role_toggles", False):
        return
    data: dict = {}
    for role, colour in ROLE_COLOURS.items():
        light = readable(colour, 0.3)
        on_text = "#141216" if sum(colour) > 360 else "#ffffff"
        hover = (min(255, int(colour[0] * 1.2) + 10), min(255, int(colour[1] * 1.2) + 10),
                 min(255, int(colour[2] * 1.2) + 10))
        data[f"#role_on_{role}"] = {"colours": {
            "normal_bg": hex_colour(colour), "hovered_bg": hex_colour(hover), "active_bg": hex_colour(colour),
            "normal_text": on_text, "hovered_text": on_text, "active_text": on_text,
            "normal_border": "#ffe9a8", "hovered_border": "#ffffff", "active_border": "#ffffff"},
            "misc": {"border_width": "2"}}
        data[f"#role_off_{role}"] = {"colours": {
            "normal_bg": "#1c1922", "hovered_bg": "#2b2632",
            "normal_text": hex_colour(light), "hovered_text": hex_colour(light),
            "normal_border": hex_colour(colour), "hovered_border": hex_colour(light)},
            "misc": {"border_width": "2"}}
    theme.load_theme(data)
    theme._vast_role_toggles = True  # type: ignore[attr-defined]


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rules = load_rules_data()
        self.chosen: list[str] = ["knight"]
        self.seats: dict[str, Seat] = {}
        self.levels: dict[str, str] = {}
        self.solo_level = "easy"
        self.house: set[str] = set()
        self.seed_text = str(new_seed())
        self.config: GameConfig | None = None
        self.recommended = False
        self.error = ""
        self.role_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.seat_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.level_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.level_labels: dict[str, dict[str, str]] = {}
        self.solo_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.solo_labels: dict[str, str] = {}
        self.house_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, pygame.Rect] = {}
        self.row_notes: dict[str, list[str]] = {}
        self.house_notes: dict[str, tuple[pygame.Rect, list[str]]] = {}
        self.house_first = 0                  # the first house rule shown (the list scrolls with the wheel)
        self.house_shown: list[str] = []
        self.validate()

    # ------------------------------------------------------------ model
    def level_of(self, role: str) -> str:
        if role not in self.levels:
            levels = self.rules.difficulty_levels(role)
            self.levels[role] = next((d.id for d in levels if d.rank == "standard"), levels[0].id)
        return self.levels[role]

    def seat_of(self, role: str) -> Seat:
        return self.seats.setdefault(role, Seat(human=True, level=BOT_LEVELS[0]))

    @property
    def solo_knight(self) -> bool:
        return self.chosen == ["knight"]

    def setup(self) -> Setup:
        """The Setup for the current choices (raises SetupError if it cannot be played)."""
        if not self.seed_text.isdigit():
            raise SetupError("Type a seed (digits only), or press New seed.")
        roles = tuple(r for r in ROLE_ORDER if r in self.chosen)
        return Setup(roles=roles, seed=int(self.seed_text), difficulty={r: self.level_of(r) for r in roles},
                     house_rules=tuple(sorted(self.house)),
                     solo_level=self.solo_level if self.solo_knight else None)

    def seat_table(self) -> dict[str, Seat]:
        return {r: self.seat_of(r) for r in ROLE_ORDER if r in self.chosen}

    def validate(self) -> None:
        self.config = None
        self.recommended = False
        try:
            self.config = make_config(self.setup(), self.rules)
        except SetupError as exc:
            self.error = str(exc)
        else:
            self.error = ""
            self.recommended = self.rules.role_variant(self.config.turn_order).recommended
        start = getattr(self, "start_button", None)
        if start is not None and start.alive():
            start.enable() if self.config is not None else start.disable()

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        ensure_role_theme(self.app.manager)
        m = self.app.manager
        w, h = self.app.size
        s = self.scaled
        margin = s(36)
        content_w = min(w - 2 * margin, s(1360))
        x0 = (w - content_w) // 2
        self.left_w = min(s(650), int(content_w * 0.54))
        self.left = pygame.Rect(x0, s(92), self.left_w, h - s(92) - s(90))
        gap = s(36)
        self.right = pygame.Rect(x0 + self.left_w + gap, s(92), content_w - self.left_w - gap, self.left.h)
        bh = s(38)

        # roles in play
        n = len(ROLE_ORDER)
        tgap = s(10)
        tw = min(s(122), (self.left_w - (n - 1) * tgap) // n)
        y = self.left.y + s(30)
        self.role_buttons = {}
        for i, role in enumerate(ROLE_ORDER):
            on = role in self.chosen
            tip = f"Take the {ROLE_NAMES[role]} out of the game" if on else f"Add the {ROLE_NAMES[role]} to the game"
            b = pygame_gui.elements.UIButton(pygame.Rect(self.left.x + i * (tw + tgap), y, tw, s(46)),
                                             ROLE_NAMES[role], m, command=partial(self.toggle_role, role),
                                             tool_tip_text=tip, object_id=f"#role_{'on' if on else 'off'}_{role}")
            self.add(b)
            self.role_buttons[role] = b
        y += s(46) + s(46)

        # one row per chosen role: seat and difficulty
        self.players_y = y - s(30)
        self.seat_menus, self.level_menus, self.level_labels = {}, {}, {}
        self.rows, self.row_notes = {}, {}
        name_w = s(112)
        seat_w = s(200)
        level_w = self.left_w - name_w - seat_w - 2 * s(10)
        note_size = s(17)
        for role in (r for r in ROLE_ORDER if r in self.chosen):
            seat = self.seat_of(role)
            seat_opts: list[str | tuple[str, str]] = [HUMAN, *(computer_label(lv) for lv in BOT_LEVELS)]
            current = HUMAN if seat.human else computer_label(seat.level)
            sx = self.left.x + name_w + s(10)
            self.seat_menus[role] = keep(self, pygame_gui.elements.UIDropDownMenu(
                seat_opts, current, pygame.Rect(sx, y, seat_w, bh), m))
            labels = {}
            for d in self.rules.difficulty_levels(role):
                labels[f"{d.name} ({d.rank.capitalize()})"] = d.id
            self.level_labels[role] = labels
            cur = next(k for k, v in labels.items() if v == self.level_of(role))
            self.level_menus[role] = keep(self, pygame_gui.elements.UIDropDownMenu(
                list(labels), cur, pygame.Rect(sx + seat_w + s(10), y, level_w, bh), m))
            lvl = self.rules.difficulty_level(role, self.level_of(role))
            notes = wrap(f"{lvl.name}: {lvl.text}", note_size, self.left_w - name_w - s(10))
            self.row_notes[role] = notes
            row_h = bh + s(6) + len(notes) * (note_size + s(2))
            self.rows[role] = pygame.Rect(self.left.x, y, self.left_w, row_h)
            y += row_h + s(14)

        # Knight solo: Easy / Medium / Hard picks the Goblin Infestation line
        self.solo_menu = None
        self.solo_labels = {}
        self.solo_y = y
        if self.solo_knight:
            rv = self.rules.role_variant(("knight",))
            for lv in rv.solo_levels:
                self.solo_labels[f"{lv.name}: line {lv.goblin_infestation_line}"] = lv.id
            cur = next((k for k, v in self.solo_labels.items() if v == self.solo_level), next(iter(self.solo_labels)))
            sx = self.left.x + name_w + s(10)
            self.solo_menu = keep(self, pygame_gui.elements.UIDropDownMenu(
                list(self.solo_labels), cur, pygame.Rect(sx, y + s(26), seat_w + s(30), bh), m))
            y += s(26) + bh + s(8) + s(22)

        # the role variant box (its height follows its text), then house rules and the seed
        summary = self.config.summary if self.config is not None else self.error
        n_lines = len(wrap(summary, s(18), self.right.w - s(36)))
        box_h = s(24) + s(36) + (s(28) if self.recommended else 0) + n_lines * s(21) + s(28)
        self.variant_box = pygame.Rect(self.right.x, self.right.y, self.right.w, max(s(180), box_h))
        # the seed under the variant box, then the house rules in the room left above Back / Start
        self.seed_y = self.variant_box.bottom + s(18)
        self.seed_entry = keep(self, pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.right.x, self.seed_y + s(28), s(170), bh), m, initial_text=self.seed_text))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.button((self.right.x + s(180), self.seed_y + s(28), s(130), bh), "New seed", self.reseed,
                    "Pick another random seed (the same seed and choices replay the same game)")
        self.house_buttons = {}
        self.house_notes = {}
        self.house_y = self.seed_y + s(28) + bh + s(22)
        self.house_area = pygame.Rect(self.right.x, self.house_y + s(30), self.right.w,
                                      h - s(70) - s(14) - (self.house_y + s(30)))
        tog_w = s(64)
        for rule, text in HOUSE_RULES.items():
            on = rule in self.house
            self.house_buttons[rule] = self.button((self.right.x, 0, tog_w, s(34)), "On" if on else "Off",
                                                   partial(self.toggle_house, rule), text,
                                                   object_id="@primary" if on else None)
            lines = wrap(text, s(17), self.right.w - tog_w - s(14))
            rect = pygame.Rect(self.right.x + tog_w + s(12), 0, self.right.w - tog_w - s(12),
                               s(22) + len(lines) * s(19))
            self.house_notes[rule] = (rect, lines)
        self.place_house_rules()

        # Back / Start
        bw = s(170)
        by = h - s(70)
        self.back_button = self.button((x0, by, bw, s(48)), "Back", self.back, "Return without starting (Esc)")
        self.start_button = self.button((x0 + content_w - bw, by, bw, s(48)), "Start", self.start,
                                        "Start the game (Enter)", object_id="@primary")
        self.error_rect = pygame.Rect(x0 + bw + s(24), by, content_w - 2 * bw - s(48), s(48))
        self.validate()

    def rebuild(self) -> None:
        self.clear_elements()
        self.build()

    def place_house_rules(self) -> None:
        """Show the house rules from ``house_first`` on, as many as fit in their area; hide the rest."""
        s = self.scaled
        rules = list(HOUSE_RULES)
        self.house_first = max(0, min(self.house_first, len(rules) - 1))
        y = self.house_area.y
        self.house_shown = []
        for i, rule in enumerate(rules):
            rect, lines = self.house_notes[rule]
            button = self.house_buttons[rule]
            fits = i >= self.house_first and y + rect.h <= self.house_area.bottom and (
                not self.house_shown or len(self.house_shown) == i - self.house_first)
            if fits:
                button.set_position((self.house_area.x, y))
                if not self.suspended:
                    button.show()
                self.house_notes[rule] = (rect.move(0, y - rect.y), lines)
                self.house_shown.append(rule)
                y += rect.h + s(12)
            else:
                button.hide()

    def resume(self) -> None:
        super().resume()
        self.place_house_rules()            # (resuming shows every element: hide the rules scrolled away)

    def scroll_house_rules(self, step: int) -> None:
        before = self.house_first
        last = len(HOUSE_RULES) - 1
        if step > 0 and self.house_shown and self.house_shown[-1] == list(HOUSE_RULES)[-1]:
            return                              # the last rule shows already
        self.house_first = max(0, min(last, self.house_first + step))
        if self.house_first != before:
            self.place_house_rules()

    # ------------------------------------------------------------ commands
    def toggle_role(self, role: str) -> None:
        if role in self.chosen:
            self.chosen.remove(role)
        else:
            self.chosen.append(role)
        self.chosen.sort(key=ROLE_ORDER.index)
        self.validate()
        self.rebuild()

    def toggle_house(self, rule: str) -> None:
        self.house ^= {rule}
        self.validate()
        self.rebuild()

    def reseed(self) -> None:
        seed = str(new_seed())
        if seed == self.seed_text:
            seed = str((int(seed) + 1) % 10**6)
        self.seed_text = seed
        self.seed_entry.set_text(seed)
        self.validate()

    def back(self) -> None:
        if len(self.app.screens) > 1:
            self.app.pop()
        else:
            from .title import TitleScreen

            self.app.replace(TitleScreen(self.app))

    def start(self) -> None:
        self.validate()
        if self.config is None:
            self.app.notify(self.error, error=True)
            return
        self.app.new_game(self.setup(), self.seat_table())

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_menu(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.seed_entry:
            self.seed_text = self.seed_entry.get_text()
            self.validate()
        elif event.type == pygame.MOUSEWHEEL and self.house_area.collidepoint(pygame.mouse.get_pos()):
            self.scroll_house_rules(-1 if event.y > 0 else 1)
        elif event.type == pygame.KEYDOWN and not self.seed_entry.is_focused:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.config is not None:
                self.start()

    def on_menu(self, element: object, text: str) -> None:
        for role, menu in self.seat_menus.items():
            if element is menu:
                human = text == HUMAN
                level = next((lv for lv in BOT_LEVELS if computer_label(lv) == text), BOT_LEVELS[0])
                self.seats[role] = Seat(human=human, level=level)
                return
        for role, menu in self.level_menus.items():
            if element is menu and text in self.level_labels[role]:
                self.levels[role] = self.level_labels[role][text]
                self.validate()
                self.rebuild()
                return
        if element is self.solo_menu and text in self.solo_labels:
            self.solo_level = self.solo_labels[text]
            self.validate()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scaled
        w, _ = surface.get_size()
        draw_text(surface, "New game", (self.left.x, s(22)), s(44), HIGHLIGHT, bold=True)
        draw_text(surface, "Choose the roles in play; the rulebook's role variant for them is shown on the right.",
                  (self.left.x, s(62)), s(19), TEXT_DIM)
        draw_text(surface, "Roles in play", (self.left.x, self.left.y), s(22), TEXT, bold=True)
        if self.chosen:
            draw_text(surface, "Who plays · difficulty", (self.left.x, self.players_y), s(22), TEXT, bold=True)
        for role, row in self.rows.items():
            colour = readable(ROLE_COLOURS[role], 0.25)
            pygame.draw.rect(surface, ROLE_COLOURS[role], (row.x, row.y + s(4), s(6), s(30)))
            draw_text(surface, ROLE_NAMES[role], (row.x + s(14), row.y + s(19)), s(24), colour, bold=True,
                      anchor="midleft")
            ny = row.y + s(38) + s(6)
            for line in self.row_notes.get(role, []):
                draw_text(surface, line, (row.x + s(122), ny), s(17), TEXT_DIM)
                ny += s(17) + s(2)
        if self.solo_menu is not None:
            draw_text(surface, "Solo level (Alone in the Dark)", (self.left.x, self.solo_y), s(20), TEXT, bold=True)
            lvl = self.rules.role_variant(("knight",)).solo_level(self.solo_level)
            draw_text(surface, lvl.text, (self.left.x + s(122) + s(240), self.solo_y + s(26) + s(19)), s(17), TEXT_DIM,
                      anchor="midleft")
        draw_text(surface, "Seed", (self.right.x, self.seed_y), s(22), TEXT, bold=True)
        draw_text(surface, "random by default; the same seed and choices give the same game",
                  (self.right.x + s(60), self.seed_y + s(3)), s(17), TEXT_DIM)
        self._draw_variant(surface)
        self._draw_house(surface)
        if self.error:
            lines = wrap(self.error, s(19), self.error_rect.w)
            y = self.error_rect.centery - len(lines) * s(20) // 2
            for line in lines:
                draw_text(surface, line, (self.error_rect.centerx, y), s(19), DANGER, anchor="midtop")
                y += s(20)
        elif self.config is not None:
            seats = self.seat_table()
            who = ", ".join(f"{ROLE_NAMES[r]} ({'human' if st.human else 'computer'})" for r, st in seats.items())
            draw_text(surface, f"Ready: {who}", (self.error_rect.centerx, self.error_rect.centery), s(19), TEXT_DIM,
                      anchor="center")

    def _draw_variant(self, surface: pygame.Surface) -> None:
        s = self.scaled
        box = self.variant_box
        draw_panel(surface, box)
        x, y = box.x + s(18), box.y + s(14)
        draw_text(surface, "Role variant", (x, y), s(18), TEXT_DIM)
        y += s(24)
        if self.config is None:
            draw_text(surface, "This setup cannot be played", (x, y), s(28), DANGER, bold=True)
            y += s(36)
            for line in wrap(self.error, s(18), box.w - s(36)):
                if y + s(18) > box.bottom - s(8):
                    break
                draw_text(surface, line, (x, y), s(18), TEXT)
                y += s(21)
            return
        draw_text(surface, self.config.variant_name, (x, y), s(30), HIGHLIGHT, bold=True)
        y += s(36)
        if self.recommended:
            _star(surface, (x + s(9), y + s(9)), s(10), HIGHLIGHT)
            draw_text(surface, "Recommended for a first game", (x + s(26), y + s(1)), s(19), HIGHLIGHT)
            y += s(28)
        size = s(18)
        for line in wrap(self.config.summary, size, box.w - s(36)):
            if y + size > box.bottom - s(8):
                break
            draw_text(surface, line, (x, y), size, TEXT)
            y += s(21)

    def _draw_house(self, surface: pygame.Surface) -> None:
        s = self.scaled
        draw_text(surface, "House rules", (self.right.x, self.house_y), s(22), TEXT, bold=True)
        n = len(HOUSE_RULES)
        if len(self.house_shown) < n:
            first = self.house_first + 1
            last = self.house_first + len(self.house_shown)
            draw_text(surface, f"{first}–{last} of {n} · scroll for more", (self.right.right, self.house_y + s(3)),
                      s(17), TEXT_DIM, anchor="topright")
        for rule in self.house_shown:
            rect, lines = self.house_notes[rule]
            draw_text(surface, house_rule_title(rule), (rect.x, rect.y), s(19), TEXT, bold=True)
            y = rect.y + s(22)
            for line in lines:
                draw_text(surface, line, (rect.x, y), s(17), TEXT_DIM)
                y += s(19)
        if len(self.house_shown) < n:              # a thin scroll bar: where the shown rules are in the list
            area = self.house_area
            bar = pygame.Rect(area.right + s(8), area.y, s(4), area.h)
            pygame.draw.rect(surface, (44, 40, 52), bar, border_radius=2)
            top = bar.y + bar.h * self.house_first // n
            size = max(s(12), bar.h * len(self.house_shown) // n)
            pygame.draw.rect(surface, TEXT_DIM, (bar.x, min(top, bar.bottom - size), bar.w, size), border_radius=2)


def _star(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rad * math.cos(a), centre[1] + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
