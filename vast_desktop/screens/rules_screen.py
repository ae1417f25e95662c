"""The rules reference overlay (issue 6): contents on the left (parts, the open part's
sections nested under it), the chosen section as pygame_gui rich text on the right, a
search box whose results replace the contents while it holds a query.

It opens over any screen (H or F1, the title's "Rules" button, the table's "?" beside the
prompt, a refusal's "See the rule" link — or F1 while that toast shows — at the rule's
section) and is opaque, so nothing of the screen underneath shows — on the hand-off curtain
it cannot reveal the hidden player's view.  Closing it (Back, Esc, F1) pops it and the
screen underneath resumes exactly as it was: the reference never touches the game."""
from __future__ import annotations

import re

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..render.text import draw_text
from ..render.theme import HIGHLIGHT, PANEL, PANEL_EDGE, TEXT_DIM, font
from ..teach.data_reference import with_game_data
from ..teach.reference import HEADING_SIZES, Reference, Section, heading_size, load_reference
from .base import Screen

INDENT = "    "


class RulesScreen(Screen):
    name = "rules"
    opaque = True

    def __init__(self, app, section_id: str | None = None) -> None:
        super().__init__(app)
        # the written reference and the "Game data" part: the player's folder's values, the provisional ones
        self.ref: Reference = with_game_data(load_reference(), app.rules_load)
        start = self.ref.get(section_id) if section_id else None
        self.current: Section = start or self.ref.parts[0]
        self.query = ""
        self.results: list[tuple[Section, str]] = []
        self.listed: list[str] = []             # the section id of each row of the list

    # ------------------------------------------------------------------ layout
    @property
    def scale(self) -> float:
        return self.app.settings.ui_scale

    def html(self, section_id: str) -> str:
        return self.ref.html(section_id, self.scale)

    def preload_fonts(self) -> None:
        """The text box's bold, italic and heading fonts (pygame_gui warns when it must load them late)."""
        body = int(14 * self.scale)
        styles = [(body, "bold"), (body, "italic"), (body, "bold_italic")]
        styles += [(heading_size(level, self.scale), "bold") for level in HEADING_SIZES]
        fonts = self.app.manager.get_theme().get_font_dictionary()
        missing = [(size, style) for size, style in dict.fromkeys(styles) if not fonts.check_font_preloaded(
            fonts.create_font_id(size, "noto_sans", "bold" in style, "italic" in style))]
        if missing:
            self.app.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style}
                                            for size, style in missing])

    def build(self) -> None:
        self.preload_fonts()
        w, h = self.app.size
        pad = self.scaled(14)
        head = self.scaled(58)
        bw, bh = self.scaled(120), self.scaled(36)
        self.back_btn = self.button((w - pad - bw, (head - bh) // 2, bw, bh), "Back", self.close,
                                    "Close the rules and return (Esc)", object_id="@primary")
        list_w = min(self.scaled(380), int(w * 0.3))
        self.search_box = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.scaled(240), (head - bh) // 2, self.scaled(300), bh), self.app.manager,
            placeholder_text="Search the rules…")
        self.add(self.search_box)
        if self.query:
            self.search_box.set_text(self.query)
        self.contents_btn = self.button((self.scaled(240 + 300 + 10), (head - bh) // 2, self.scaled(130), bh), "Contents",
                                        self.show_contents, "Clear the search and show the contents")
        self.list_rect = pygame.Rect(pad, head, list_w, h - head - pad)
        self.text_rect = pygame.Rect(self.list_rect.right + pad, head, w - self.list_rect.right - 2 * pad,
                                     h - head - pad)
        self.listing = pygame_gui.elements.UISelectionList(
            self.list_rect, [], self.app.manager, object_id=ObjectID("#rules_list", "@rules_list"))
        shown = self.results_html() if self.query else self.html(self.current.id)      # (a resize keeps the search)
        self.text_box = pygame_gui.elements.UITextBox(shown, self.text_rect, self.app.manager)
        self.add(self.listing)
        self.add(self.text_box)
        self.refresh_list()

    # ------------------------------------------------------------------ state
    def open(self, id_or_alias: str) -> None:
        """Show a section (a link, a list row, a search result)."""
        found = self.ref.get(id_or_alias)
        if found is None:
            return
        new_part = found.part != self.current.part
        self.current = found
        self.text_box.set_text(self.html(found.id))
        if new_part and not self.query:
            self.refresh_list()                 # the contents open the new part (rebuilding the list is slow)
        self.mark_current()

    def mark_current(self) -> None:
        """Highlight the open section's row (a link or the "?" opens sections without a click on the list)."""
        hidden_row = None
        for row, (sid, item) in enumerate(zip(self.listed, self.listing.item_list, strict=False)):
            item["selected"] = sid == self.current.id
            button = item["button_element"]
            if button is not None:
                button.select() if item["selected"] else button.unselect()
            elif item["selected"]:
                hidden_row = row
        bar = self.listing.scroll_bar
        if hidden_row is not None and bar is not None:       # scrolled out of view: bring it in
            bar.set_scroll_from_start_percentage(max(0, hidden_row - 3) / len(self.listed))

    def search(self, query: str) -> None:
        self.query = query.strip()
        self.results = self.ref.search(self.query) if self.query else []
        self.refresh_list()
        if self.query:
            self.text_box.set_text(self.results_html())

    def show_contents(self) -> None:
        self.search_box.set_text("")
        self.search("")
        self.text_box.set_text(self.html(self.current.id))

    def refresh_list(self) -> None:
        if self.query:
            rows = [(f"{s.title}  ({self.ref.sections[s.part].title})", s.id) for s, _ in self.results]
            if not rows:
                rows = [("No section matches every word", "")]
        else:
            rows = self.contents_rows()
        self.listed = [sid for _, sid in rows]
        self.listing.set_item_list([(text, f"#ref_row_{i}") for i, (text, _) in enumerate(rows)])
        if not self.query:
            self.mark_current()

    def contents_rows(self) -> list[tuple[str, str]]:
        """Every part; under the open part, its sections nested by depth."""
        rows = []
        for part in self.ref.parts:
            mark = "– " if part.id == self.current.part else "+ "
            rows.append((mark + part.title, part.id))
            if part.id == self.current.part:
                rows += [(INDENT * depth + s.title, s.id) for s, depth in self.ref.descendants(part)]
        return rows

    def results_html(self) -> str:
        if not self.results:
            return f"<b>No section matches</b> “{_esc(self.query)}”: every word must appear."
        out = [f"<font color='#A0988C'>{len(self.results)} sections match “{_esc(self.query)}”</font>"]
        for s, snippet in self.results:
            part = self.ref.sections[s.part].title
            out.append(f"<a href='{s.id}'><b>{_esc(s.title)}</b></a> <font color='#A0988C'>({_esc(part)})"
                       f"</font><br>{self.highlight(snippet)}")
        return "<br><br>".join(out)

    def highlight(self, snippet: str) -> str:
        """The snippet with the words searched for in bold."""
        text = _esc(snippet)
        for word in {w for w in re.split(r"[^\w'-]+", self.query) if w}:
            text = re.sub(r"\b(" + re.escape(_esc(word)) + r"[\w'-]*)", r"<b>\1</b>", text, flags=re.IGNORECASE)
        return text

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search_box:
            self.search(event.text)
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.text_box:
            self.open(event.link_target)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.listing:
            picked = self.listing.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple):
                row = int(picked[1].rsplit("_", 1)[-1])
                if 0 <= row < len(self.listed) and self.listed[row]:
                    self.open(self.listed[row])

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        head = self.scaled(58)
        pygame.draw.rect(surface, PANEL, (0, 0, w, head))
        pygame.draw.line(surface, PANEL_EDGE, (0, head - 1), (w, head - 1), 2)
        draw_text(surface, "Rules reference", (self.scaled(16), head // 2), self.scaled(26), HIGHLIGHT, bold=True,
                  anchor="midleft")
        hint = "Esc or Back to return · click a link to follow it"
        room = self.back_btn.rect.x - self.contents_btn.rect.right - self.scaled(32)
        if font(self.scaled(16)).size(hint)[0] <= room:          # a narrow window leaves the hint out
            draw_text(surface, hint, (self.back_btn.rect.x - self.scaled(16), head // 2), self.scaled(16), TEXT_DIM,
                      anchor="midright")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
