"""The role cheat sheet overlay (issue 6, teaching item 3): one role's card — how to win,
the turn in order, the things easily forgotten — as pygame_gui rich text, with a tab per
role in the game and a "Full rules" link to the role's part of the rules reference.

The table opens it with C or its "Cheat sheet" button, at the role of the person looking
(the deciding role).  In a game with bonus variants each card adds the lines about that role's
bonus cards in play (``teach.cheatsheets.bonus_lines``).  It is opaque and shows only the public cards, never a hand; it is
not offered on the hand-off curtain.  Closing it (Back, Esc, C) pops it and the table
resumes exactly as it was: the cheat sheet never touches the game."""
from __future__ import annotations

import html
from functools import partial
from typing import Any

import pygame
import pygame_gui

from ..render.text import draw_text
from ..render.theme import HIGHLIGHT, PANEL, PANEL_EDGE, ROLE_COLOURS, ROLE_NAMES, TEXT_DIM, font
from ..teach.cheatsheets import ROLES, CheatSheet, bonus_lines, bonus_variants_in_play, load_teaching_cards
from ..teach.reference import heading_size
from .base import Screen

FULL_RULES = "full_rules"
TITLE = "Cheat sheet"                  # the screen's heading (the tabs may start right after it)


def lighter(rgb: tuple[int, int, int], amount: float = 0.35) -> str:
    """The role colour lifted towards white, readable as text on the dark panel."""
    r, g, b = (int(c + (255 - c) * amount) for c in rgb)
    return f"#{r:02X}{g:02X}{b:02X}"


def sheet_html(sheet: CheatSheet, scale: float = 1.0, variants: tuple[str, ...] = ()) -> str:
    """The card as pygame_gui HTML: the role's name, how to win, the turn, what to remember,
    the role's bonus cards of the ``variants`` in play, and the link to the role's full rules."""
    colour = lighter(ROLE_COLOURS[sheet.role])
    name = ROLE_NAMES[sheet.role]

    def head(text: str, level: int) -> str:
        return f"<font pixel_size={heading_size(level, scale)} color='{colour}'><b>{text}</b></font>"

    def esc(text: str) -> str:
        return html.escape(text, quote=False)

    out = [head(f"The {name}", 0),
           head("How to win", 2) + "<br>" + esc(sheet.how_to_win),
           head("Your turn", 2) + "<br>" + "<br>".join(esc(step) for step in sheet.turn)]
    if sheet.remember:
        out.append(head("Remember", 2) + "<br>" + "<br>".join("&#8226; " + esc(r) for r in sheet.remember))
    bonus = bonus_lines(sheet, variants)
    if bonus:
        out.append(head("Bonus cards in play", 2) + "<br>" + "<br>".join("&#8226; " + esc(b) for b in bonus))
    out.append(f"<a href='{FULL_RULES}'>Full rules: the {name} &#8250;</a>")
    return "<br><br>".join(out)


def preload_fonts(app, scale: float) -> None:
    """The bold body and heading fonts of the cards and reminders (pygame_gui warns when it must load them late)."""
    sizes = {int(14 * scale), heading_size(0, scale), heading_size(2, scale)}
    fonts = app.manager.get_theme().get_font_dictionary()
    missing = [size for size in sorted(sizes)
               if not fonts.check_font_preloaded(fonts.create_font_id(size, "noto_sans", True, False))]
    if missing:
        app.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold"} for size in missing])


class CheatSheetScreen(Screen):
    name = "cheatsheet"
    opaque = True

    def __init__(self, app, roles: tuple[str, ...], role: str | None = None,
                 setup: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.cards = load_teaching_cards()
        self.variants = bonus_variants_in_play(setup)      # the game's public setup: its bonus cards
        self.roles = tuple(r for r in ROLES if r in roles) or ROLES
        self.role = role if role in self.roles else self.roles[0]
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}

    @property
    def scale(self) -> float:
        return self.app.settings.ui_scale

    def build(self) -> None:
        preload_fonts(self.app, self.scale)
        w, h = self.app.size
        pad = self.scaled(14)
        head = self.scaled(58)
        bw, bh = self.scaled(120), self.scaled(36)
        self.back_btn = self.button((w - pad - bw, (head - bh) // 2, bw, bh), "Back", self.close,
                                    "Close the cheat sheet and return (Esc or C)", object_id="@primary")
        fw = self.scaled(130)
        self.rules_btn = self.button((self.back_btn.rect.x - pad - fw, (head - bh) // 2, fw, bh), "Full rules",
                                     self.full_rules, "This role's part of the rules reference")
        self.tabs = {}
        x, gap, n = self.scaled(230), self.scaled(6), len(self.roles)
        tw = self.scaled(104)
        end = self.rules_btn.rect.x - pad
        if x + n * tw + (n - 1) * gap > end:          # too many tabs for the room: start them by the title, narrower
            x = self.scaled(16) + font(self.scaled(26), bold=True).size(TITLE)[0] + self.scaled(14)
            tw = min(tw, (end - x - (n - 1) * gap) // n)
        for role in self.roles:
            self.tabs[role] = self.button((x, (head - bh) // 2, tw, bh), ROLE_NAMES[role],
                                          partial(self.show, role), f"The {ROLE_NAMES[role]}'s cheat sheet")
            x += tw + gap
        text_w = min(w - 2 * pad, self.scaled(920))
        self.text_rect = pygame.Rect((w - text_w) // 2, head + pad, text_w, h - head - 2 * pad)
        self.text_box = pygame_gui.elements.UITextBox(self.html(), self.text_rect, self.app.manager)
        self.add(self.text_box)
        self.mark_tab()

    def html(self) -> str:
        return sheet_html(self.cards.sheet(self.role), self.scale, self.variants)

    def mark_tab(self) -> None:
        for role, tab in self.tabs.items():
            tab.select() if role == self.role else tab.unselect()

    def show(self, role: str) -> None:
        """Show another role's card."""
        if role not in self.roles:
            return
        self.role = role
        self.text_box.set_text(self.html())
        self.mark_tab()

    def full_rules(self) -> None:
        self.app.open_rules(self.role)

    def rules_section(self) -> str | None:
        return self.role

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_c):
            self.close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.show(self.roles[(self.roles.index(self.role) + 1) % len(self.roles)])
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.text_box:
            if event.link_target == FULL_RULES:
                self.full_rules()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        head = self.scaled(58)
        pygame.draw.rect(surface, PANEL, (0, 0, w, head))
        pygame.draw.line(surface, PANEL_EDGE, (0, head - 1), (w, head - 1), 2)
        draw_text(surface, TITLE, (self.scaled(16), head // 2), self.scaled(26), HIGHLIGHT, bold=True,
                  anchor="midleft")
        hint = "Tab: next role · Esc, C or Back to return"
        last = self.tabs[self.roles[-1]].rect.right
        room = self.rules_btn.rect.x - last - self.scaled(32)
        if font(self.scaled(16)).size(hint)[0] <= room:
            draw_text(surface, hint, (self.rules_btn.rect.x - self.scaled(16), head // 2), self.scaled(16), TEXT_DIM,
                      anchor="midright")
