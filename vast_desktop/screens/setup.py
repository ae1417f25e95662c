"""New game setup (GUI_SPEC screen 2): the roles in play; for each, Human or Computer and
its difficulty; the solo level of a solo variant that has one; the Knight's Crystals where
the role variant lets the table agree them (Knight vs Thief, RV-27); the Campaign (VAR-03:
each seat takes a player name whose campaign level sets the difficulty); the rulebook's role
variant for the chosen roles shown in words; the seed; the optional variants (built from the
engine's list, a family such as Collapse 2/3/4 offered as one choice) and the house rules.
The players and the variants/house rules page with the mouse wheel when the window is too
small for them.  An unplayable setup shows the reason and disables Start."""
from __future__ import annotations

import re
import time
from functools import partial
from typing import Any

import pygame
import pygame_gui

from ..campaign import RANK_NAMES, Campaign, CampaignError, campaign_path, load_campaign
from ..engine.setup import (
    BONUS_VARIANTS,
    COMPOSITE_VARIANTS,
    EXCLUSIVE_VARIANTS,
    OPTIONAL_VARIANTS,
    GameConfig,
    Setup,
    SetupError,
    house_rules_for,
    make_config,
)
from ..engine.state import ROLE_ORDER
from ..render.text import draw_text, wrap
from ..render.theme import DANGER, HIGHLIGHT, ROLE_COLOURS, ROLE_NAMES, TEXT, TEXT_DIM, font
from ..rules_folder import rules_line
from ..session import Seat, Session, bot_levels, default_bot_level
from ..settings import autosave_path
from . import setup_roles
from .base import Screen
from .menu import draw_panel, hex_colour, keep, readable
from .paged import PagedItem, PagedList

HUMAN = "Human"
SEED_DIGITS = 9
NAME_LIMIT = 16
FAMILY_CHOICE = {"collapse-": "{} tiles"}      # how a family's choices read on their buttons (default: the suffix)
SPEED = "speed-"                                # the family that sets every role's level (VAR-02)


def computer_label(level: str) -> str:
    """A seat menu's entry for a computer level: "Computer (Easy)"."""
    return f"Computer ({level.capitalize()})"


def new_seed() -> int:
    """A fresh seed from the clock (the random module is reserved for the game's RNG)."""
    return int(time.time() * 1000) % 10**6


def house_rule_title(rule_id: str) -> str:
    return rule_id.replace("_", " ").capitalize()


def variant_title(name: str) -> str:
    """'moving-entrance' -> 'Moving entrance'; a family prefix 'collapse-' -> 'Collapse'."""
    return name.strip("-").replace("-", " ").replace("_", " ").capitalize()


def choice_label(family: str, variant: str) -> str:
    """The button of one variant of a family: 'collapse-2' -> '2 tiles', 'speed-easiest' -> 'Easiest'."""
    suffix = variant[len(family):].replace("-", " ")
    return FAMILY_CHOICE.get(family, "{}").format(suffix.capitalize())


def variant_groups() -> list[tuple[str, list[str]]]:
    """The optional variants as the screen lists them, in the engine's order: (a family's
    prefix, its variants) for each exclusive family, (the variant, [the variant]) otherwise."""
    out: list[tuple[str, list[str]]] = []
    seen: set[str] = set()
    for v in OPTIONAL_VARIANTS:
        if v in seen:
            continue
        family = next((f for f in EXCLUSIVE_VARIANTS if v.startswith(f)), None)
        members = [x for x in OPTIONAL_VARIANTS if x.startswith(family)] if family else [v]
        seen.update(members)
        out.append((family or v, members))
    return out


def is_bonus(group: str) -> bool:
    """A bonus-card variant (or the composite all-bonus-cards): listed under "Bonus cards"."""
    return group in BONUS_VARIANTS or group in COMPOSITE_VARIANTS


def is_family(group: str) -> bool:
    return group in EXCLUSIVE_VARIANTS


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


def fit_size(text: str, sizes: tuple[int, ...], width: int, bold: bool = False) -> int:
    """The largest of ``sizes`` at which ``text`` fits ``width`` (the smallest if none does)."""
    for size in sizes:
        if font(size, bold).size(text)[0] <= width:
            return size
    return sizes[-1]


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rules = app.rules_load.rules         # the player's folder laid over the game's data
        self.chosen: list[str] = ["knight"]
        self.seats: dict[str, Seat] = {}
        self.levels: dict[str, str] = {}          # levels chosen by hand; the others: Standard or the Speed variant's
        self.solo_level = "easy"
        self.house: set[str] = set()
        self.variants: set[str] = set()
        self.knight_crystals = 5
        self.campaign_on = False
        self.campaign: Campaign | None = None
        self.campaign_error = ""
        self.names: dict[str, str] = {}           # role -> player name (Campaign)
        self.seed_text = str(new_seed())
        self.config: GameConfig | None = None
        self.preview: GameConfig | None = None       # the config without the seed and names (for the role variant)
        self.preview_error = ""
        self.recommended = False
        self.error = ""
        self.role_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.seat_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.level_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.level_labels: dict[str, dict[str, str]] = {}
        self.name_entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.solo_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.solo_labels: dict[str, str] = {}
        self.crystal_buttons: dict[int, pygame_gui.elements.UIButton] = {}
        self.campaign_button: pygame_gui.elements.UIButton | None = None
        self.variant_buttons: dict[str, dict[str, pygame_gui.elements.UIButton]] = {}   # group -> variant ("" off)
        self.house_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.players_list: PagedList | None = None
        self.options_list: PagedList | None = None
        self.players_first = 0
        self.options_first = 0
        self._configs: dict[tuple[str, str], GameConfig | None] = {}
        self.validate()

    # ------------------------------------------------------------ model
    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(r for r in ROLE_ORDER if r in self.chosen)

    def _role_variant(self):
        return setup_roles.base_variant(self.rules, self.roles)

    def solo_levels(self) -> tuple:
        """The solo levels of the chosen role variant (Knight, Dragon or Ghoul solo), else ()."""
        return setup_roles.solo_levels(self.rules, self.roles)

    def crystal_choices(self) -> tuple[int, ...]:
        """RV-27: the Crystals the Knight may need, agreed before play (Knight vs Thief), else ()."""
        rv = self._role_variant()
        return tuple(int(n) for n in (rv.knight_crystals_choice or ())) if rv is not None else ()

    def speed_rank(self) -> str | None:
        """VAR-02: the rank every role plays at unless chosen (not in a campaign: it sets every level)."""
        if self.campaign_on:
            return None
        return next((v[len(SPEED):] for v in self.variants if v.startswith(SPEED)), None)

    def active_variants(self) -> tuple[str, ...]:
        return tuple(v for v in OPTIONAL_VARIANTS if v in self.variants
                     and not (self.campaign_on and v.startswith(SPEED)))

    def default_level(self, role: str) -> str:
        levels = setup_roles.levels(self.rules, role)
        rank = self.speed_rank() or "standard"
        return next((d.id for d in levels if d.rank == rank), next(d.id for d in levels if d.rank == "standard"))

    def level_of(self, role: str) -> str:
        if self.campaign_on and self.campaign is not None:
            level = self.campaign.difficulty({role: self.names.get(role, "")}, self.rules).get(role)
            if level is not None:
                return level
        return self.levels.get(role) or self.default_level(role)

    def seat_of(self, role: str) -> Seat:
        return self.seats.setdefault(role, Seat(human=True, level=default_bot_level(role)))

    def players(self) -> dict[str, str]:
        return {r: self.names.get(r, "") for r in self.roles}

    def setup(self, strict: bool = True) -> Setup:
        """The Setup for the current choices (raises SetupError if it cannot be played).  Not
        ``strict``: a missing seed or player name is let pass (the role variant can still be shown)."""
        if strict and not self.seed_text.isdigit():
            raise SetupError("Type a seed (digits only), or press New seed.")
        roles = self.roles
        if self.campaign_on and self.campaign is not None:
            missing = [ROLE_NAMES[r] for r in roles if not self.names.get(r)]
            if missing and strict:
                raise SetupError(f"Campaign: type the name of the player of the {' and the '.join(missing)}.")
            difficulty = self.campaign.difficulty(self.players(), self.rules)
        else:
            difficulty = {r: self.levels[r] for r in roles if r in self.levels}
        crystals = self.crystal_choices()
        return Setup(roles=roles, seed=int(self.seed_text) if self.seed_text.isdigit() else 0, difficulty=difficulty, variants=self.active_variants(),
                     house_rules=tuple(sorted(h for h in self.house if h in house_rules_for(roles))),
                     solo_level=self.solo_level if self.solo_levels() else None,
                     knight_crystals=self.knight_crystals if crystals else None)

    def seat_table(self) -> dict[str, Seat]:
        return {r: self.seat_of(r) for r in self.roles}

    def validate(self) -> None:
        self.config = None
        self.recommended = False
        self._configs = {}
        crystals = self.crystal_choices()
        if crystals and self.knight_crystals not in crystals:
            self.knight_crystals = crystals[0]
        solo = self.solo_levels()
        if solo and self.solo_level not in {lv.id for lv in solo}:
            self.solo_level = solo[0].id
        self.preview, self.preview_error = None, ""
        try:
            self.preview = make_config(self.setup(strict=False), self.rules)
        except SetupError as exc:
            self.preview_error = str(exc)
        else:
            rv = setup_roles.base_variant(self.rules, self.preview.turn_order)
            self.recommended = bool(rv is not None and rv.recommended
                                    and not {"ghoul", "vile_ghoul"} & set(self.preview.turn_order))
        try:
            self.config = make_config(self.setup(), self.rules)
        except SetupError as exc:
            self.error = str(exc)
        else:
            self.error = ""
        refused = setup_roles.refusal(self.roles)          # VG-03: the engine's reason, in its words
        if refused is not None:
            self.preview_error = self.error = refused
        start = getattr(self, "start_button", None)
        if start is not None and start.alive():
            start.enable() if self.config is not None else start.disable()

    def config_at(self, role: str, level_id: str) -> GameConfig | None:
        """The game's config with ``role`` at ``level_id`` (the numbers a level would really give)."""
        key = (role, level_id)
        if key not in self._configs:
            try:
                base = self.setup(strict=False)
            except SetupError:
                base = Setup(roles=self.roles or ("knight",), variants=self.active_variants(),
                             knight_crystals=self.knight_crystals if self.crystal_choices() else None)
            try:
                self._configs[key] = make_config(base.model_copy(update={"difficulty": {**base.difficulty,
                                                                                       role: level_id}}), self.rules)
            except (SetupError, ValueError):
                self._configs[key] = None
        return self._configs[key]

    def level_text(self, role: str, lvl: Any) -> str:      # a DifficultyLevel, or the Ghoul's GhoulDifficulty
        """The level's card text with the numbers this game will really use: Knight vs Thief's agreed
        Crystals (and the Thief's stash that follows them); with no Knight, what the Goblins' level sets."""
        text = lvl.text
        cfg = self.config_at(role, lvl.id)
        if cfg is None:
            return text
        roles = cfg.turn_order
        if role == "thief" and "thief_stash" in cfg.extra:
            want, real = lvl.param("stash"), int(cfg.extra["thief_stash"])
            if want is not None and int(want) != real:
                text = re.sub(rf"\b{int(want)} Treasure tokens", f"{real} Treasure tokens (as many as the "
                              f"Crystals the Knight needs in {cfg.variant_name})", text, count=1)
        elif role == "knight" and "dragon" not in roles:
            want = lvl.param("crystals")
            if want is not None and int(want) != cfg.crystals_needed:
                text = re.sub(rf"smash {int(want)} Crystals", f"smash {cfg.crystals_needed} Crystals (agreed for "
                              f"{cfg.variant_name})", text, count=1)
        elif role == "ghoul" and "ghoul_fury_goal" in cfg.extra:             # GH-02: the goal this game uses
            goal = int(cfg.extra["ghoul_fury_goal"])
            if f"{goal}" not in text.split("(")[0] or "+" in text:
                text = f"{text} In this game: {goal} Fury" + (
                    f" (set by {cfg.variant_name})." if goal != int(lvl.fury_base) + len(roles) else ".")
        elif role == "goblins" and "knight" not in roles:                    # DIF-11
            sets = f"the Crystals the Goblins must smash ({cfg.crystals_needed})"
            if "dragon" in roles:
                sets += f" and the Dragon's starting Health ({cfg.extra.get('dragon_health')})"
            text = f"With no Knight in play this level sets {sets}."
        elif role == "vile_ghoul":                                           # VG-01: the goal this game uses
            kills = tuple(cfg.extra.get("ghoul_kills", ()))
            if kills:
                health = lvl.knight_health if kills[0] == "knight" else lvl.dragon_health
                aim = f"kill the {kills[0].title()} ({health} Health)"
            else:
                n = cfg.extra.get("vile_smash_goal", cfg.extra.get("ghoul_crystals_goal"))
                aim = f"smash {n} Crystals" + (", then escape" if "vile_smash_goal" not in cfg.extra else "")
            text = f"{text} In this game: {aim}."
        return text + setup_roles.provisional_note(self.rules, role)

    def level_note(self, role: str, level_id: str | None = None, longest: bool = False) -> str:
        """The line under a player's row: the level, what it does, and in a campaign the player's
        level (``longest``: as long as it can read, to size the row)."""
        lvl = setup_roles.level(self.rules, role, level_id or self.level_of(role))
        text = f"{lvl.name}: {self.level_text(role, lvl)}"
        if self.campaign_on and self.campaign is not None:
            name = self.names.get(role, "")
            if not name and not longest:
                return "Type the player's name: their campaign level sets this difficulty."
            new = " (new player)" if longest or name not in self.campaign.levels else ""
            return f"Campaign level {RANK_NAMES[lvl.rank]}{new}, so {text}"
        return text

    def campaign_message(self) -> str:
        if self.campaign_error:
            return self.campaign_error
        c = self.campaign
        if self.campaign_on and c is not None:
            known = sorted(c.levels, key=lambda p: (-c.levels[p], p))
            who = (f" Players so far: {c.level_names(known[:6])}{' …' if len(known) > 6 else ''}." if known
                   else " Everyone starts at Easiest.")
            return ("Campaign on: each player's level sets their difficulty, and every winner moves up one "
                    f"level.{who}")
        return "Campaign (VAR-03): a level for each player that carries from game to game."

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        ensure_role_theme(self.app.manager)
        w, h = self.app.size
        s = self.scaled
        margin = s(36)
        content_w = min(w - 2 * margin, s(1360))
        x0 = (w - content_w) // 2
        self.left_w = min(s(650), int(content_w * 0.54))
        top, bottom = s(92), h - s(90)
        self.left = pygame.Rect(x0, top, self.left_w, bottom - top)
        gap = s(36)
        self.right = pygame.Rect(x0 + self.left_w + gap, top, content_w - self.left_w - gap, bottom - top)
        self.build_players()
        self.build_right()

        # Back / Start
        bw = s(170)
        by = h - s(70)
        self.back_button = self.button((x0, by, bw, s(48)), "Back", self.back, "Return without starting (Esc)")
        self.start_button = self.button((x0 + content_w - bw, by, bw, s(48)), "Start", self.start,
                                        "Start the game (Enter)", object_id="@primary")
        self.error_rect = pygame.Rect(x0 + bw + s(24), by, content_w - 2 * bw - s(48), s(48))
        self.validate()

    def build_players(self) -> None:
        m = self.app.manager
        s = self.scaled
        left = self.left
        bh = s(38)
        # roles in play
        n = len(ROLE_ORDER)
        tgap = s(10)
        tw = min(s(122), (self.left_w - (n - 1) * tgap) // n)
        y = left.y + s(30)
        self.role_buttons = {}
        for i, role in enumerate(ROLE_ORDER):
            on = role in self.chosen
            tip = f"Take the {ROLE_NAMES[role]} out of the game" if on else f"Add the {ROLE_NAMES[role]} to the game"
            b = pygame_gui.elements.UIButton(pygame.Rect(left.x + i * (tw + tgap), y, tw, s(46)),
                                             ROLE_NAMES[role], m, command=partial(self.toggle_role, role),
                                             tool_tip_text=tip, object_id=f"#role_{'on' if on else 'off'}_{role}")
            self.add(b)
            self.role_buttons[role] = b
        y += s(46) + s(18)

        # the header, with the Campaign switch at its right, and what the campaign does (or why it cannot)
        self.players_y = y
        tog_w = s(64)
        on = self.campaign_on
        self.campaign_button = self.button(
            (left.right - tog_w, y - s(5), tog_w, s(32)), "On" if on else "Off", self.toggle_campaign,
            "Turn the Campaign off: levels are chosen by hand" if on else
            "Campaign (VAR-03): each player's level (Easiest to Expert) carries from game to game; every winner "
            "moves up one level; whoever wins at Expert is Your Vastness", object_id="@primary" if on else None)
        y += s(32)
        self.campaign_y = y
        self.campaign_lines = wrap(self.campaign_message(), s(17), self.left_w)[:4]
        y += len(self.campaign_lines) * s(19) + s(12)

        # one row per chosen role: seat, then difficulty (or, in a campaign, the player's name)
        plist = PagedList(pygame.Rect(left.x, y, self.left_w, left.bottom - y), s(14), self.players_first)
        self.players_list = plist
        self.seat_menus, self.level_menus, self.level_labels, self.name_entries = {}, {}, {}, {}
        self.name_w = name_w = s(112)
        seat_w = s(200)
        level_w = self.left_w - name_w - seat_w - 2 * s(10)
        self.note_w = self.left_w - name_w - s(10)
        sx = name_w + s(10)
        for role in self.roles:
            seat = self.seat_of(role)
            seat_opts: list[str | tuple[str, str]] = [HUMAN, *(computer_label(lv) for lv in bot_levels(role))]
            current = HUMAN if seat.human else computer_label(seat.level)
            self.seat_menus[role] = keep(self, pygame_gui.elements.UIDropDownMenu(
                seat_opts, current, pygame.Rect(left.x + sx, y, seat_w, bh), m))
            els: list[tuple[pygame_gui.core.UIElement, int, int]] = [(self.seat_menus[role], sx, 0)]
            candidates = []
            if self.campaign_on:
                entry = keep(self, pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(left.x + sx + seat_w + s(10), y, level_w, bh), m,
                    initial_text=self.names.get(role, ""), placeholder_text="Player's name"))
                entry.set_text_length_limit(NAME_LIMIT)
                self.name_entries[role] = entry
                els.append((entry, sx + seat_w + s(10), 0))
                candidates.append("Type the player's name: their campaign level sets this difficulty.")
            else:
                labels = {f"{d.name} ({d.rank.capitalize()})": d.id for d in setup_roles.levels(self.rules, role)}
                self.level_labels[role] = labels
                cur = next(k for k, v in labels.items() if v == self.level_of(role))
                self.level_menus[role] = keep(self, pygame_gui.elements.UIDropDownMenu(
                    list(labels), cur, pygame.Rect(left.x + sx + seat_w + s(10), y, level_w, bh), m))
                els.append((self.level_menus[role], sx + seat_w + s(10), 0))
            for d in setup_roles.levels(self.rules, role):        # the row keeps its height whatever the level
                candidates.append(self.level_note(role, d.id, longest=True))
            lines = max(len(wrap(c, s(17), self.note_w)) for c in candidates)
            plist.add(PagedItem(f"role:{role}", bh + s(6) + lines * s(19), partial(self._draw_row, role), els))

        # a solo variant's level (Knight: the Goblin Infestation line; Dragon: Hunger cubes)
        self.solo_menu, self.solo_labels = None, {}
        solo = self.solo_levels()
        if solo:
            for lv in solo:
                line = getattr(lv, "goblin_infestation_line", None)
                self.solo_labels[f"{lv.name}: line {line}" if line else lv.name] = lv.id
            cur = next((k for k, v in self.solo_labels.items() if v == self.solo_level), next(iter(self.solo_labels)))
            self.solo_menu = keep(self, pygame_gui.elements.UIDropDownMenu(
                list(self.solo_labels), cur, pygame.Rect(left.x + sx, y, seat_w + s(30), bh), m))
            lines = max(len(wrap(lv.text, s(17), self.note_w)) for lv in solo)
            plist.add(PagedItem("solo", s(26) + bh + s(6) + lines * s(19), self._draw_solo,
                                [(self.solo_menu, sx, s(26))]))

        # RV-27: the Crystals the Knight needs, agreed before play
        self.crystal_buttons = {}
        crystals = self.crystal_choices()
        if crystals:
            els = []
            cw = s(64)
            for i, n_cr in enumerate(crystals):
                chosen = n_cr == self.knight_crystals
                b = self.button((left.x, y, cw, s(34)), str(n_cr), partial(self.set_crystals, n_cr),
                                f"The Knight needs {n_cr} Crystals; the Thief stashes {n_cr} Treasure tokens",
                                object_id="@primary" if chosen else None)
                self.crystal_buttons[n_cr] = b
                els.append((b, sx + i * (cw + s(8)), s(26)))
            lines = len(wrap(self.crystals_note(), s(17), self.note_w))
            plist.add(PagedItem("crystals", s(26) + s(34) + s(6) + lines * s(19), self._draw_crystals, els))
        plist.place(not self.suspended)

    def crystals_note(self) -> str:
        return ("Agreed before play (RV-27): she smashes that many Crystals and reaches the Entrance; "
                "the Thief must stash as many Treasure tokens.")

    def build_right(self) -> None:
        m = self.app.manager
        s = self.scaled
        right = self.right
        bh = s(38)
        # the role variant box (its height follows its text)
        inner = right.w - s(36)
        if self.preview is not None:
            self.variant_size = fit_size(self.preview.variant_name, (s(30), s(26), s(22), s(20), s(18)), inner,
                                         bold=True)
            self.variant_lines = wrap(self.preview.variant_name, self.variant_size, inner, bold=True)
            self.summary_lines = wrap(self.preview.summary, s(18), inner)
        else:
            self.variant_size = s(28)
            self.variant_lines = wrap("This setup cannot be played", s(28), inner, bold=True)
            self.summary_lines = wrap(self.preview_error, s(18), inner)
        box_h = (s(14) + s(24) + len(self.variant_lines) * (self.variant_size + s(6)) + (s(28) if self.recommended else 0)
                 + len(self.summary_lines) * s(21) + s(12))
        self.variant_box = pygame.Rect(right.x, right.y, right.w, box_h)

        # the seed on one line: label, entry, New seed, and what it is for where there is room
        self.seed_y = self.variant_box.bottom + s(14)
        self.seed_entry = keep(self, pygame_gui.elements.UITextEntryLine(
            pygame.Rect(right.x + s(62), self.seed_y, s(150), bh), m, initial_text=self.seed_text))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        reseed = self.button((right.x + s(62) + s(160), self.seed_y, s(120), bh), "New seed", self.reseed,
                             "Pick another random seed (the same seed and choices replay the same game)")
        hint_x = reseed.rect.right + s(14)
        self.seed_hint = (hint_x, wrap("random by default; the same seed and choices give the same game", s(16),
                                       right.right - hint_x))
        if right.right - hint_x < s(150) or len(self.seed_hint[1]) > 2:
            self.seed_hint = (hint_x, [])

        # the optional variants, then the house rules, paging in the room left above Back / Start
        self.options_y = self.seed_y + bh + s(18)
        area = pygame.Rect(right.x, self.options_y + s(30), right.w, right.bottom - self.options_y - s(30))
        olist = PagedList(area, s(12), self.options_first)
        self.options_list = olist
        tog_w = s(64)
        text_w = right.w - tog_w - s(14)
        self.variant_buttons = {}
        groups = variant_groups()
        bonus = sorted((gm for gm in groups if is_bonus(gm[0])), key=lambda gm: gm[0] not in COMPOSITE_VARIANTS)
        for group, members in [gm for gm in groups if not is_bonus(gm[0])] + bonus:
            if bonus and group == bonus[0][0]:
                olist.add(self._heading_item("head:bonus", "Bonus cards",
                                             "promo and bonus card sets: each applies only when its role is in play"))
            if is_family(group):
                olist.add(self._family_item(group, members))
            else:
                v = members[0]
                on = v in self.variants
                b = self.button((right.x, 0, tog_w, s(34)), "On" if on else "Off", partial(self.toggle_variant, v),
                                OPTIONAL_VARIANTS[v], object_id="@primary" if on else None)
                self.variant_buttons[v] = {v: b}
                lines = wrap(OPTIONAL_VARIANTS[v], s(17), text_w)
                olist.add(PagedItem(f"variant:{v}", max(s(34), s(22) + len(lines) * s(19)),
                                    partial(self._draw_toggle, variant_title(v), lines, tog_w), [(b, 0, 0)]))
        olist.add(self._heading_item("head:house", "House rules",
                                     "open questions in the rules: Off plays the suggested reading"))
        self.house_buttons = {}
        for rule, text in house_rules_for(self.roles).items():     # a role's own rules only with that role
            on = rule in self.house
            b = self.button((right.x, 0, tog_w, s(34)), "On" if on else "Off", partial(self.toggle_house, rule), text,
                            object_id="@primary" if on else None)
            self.house_buttons[rule] = b
            lines = wrap(text, s(17), text_w)
            olist.add(PagedItem(f"house:{rule}", max(s(34), s(22) + len(lines) * s(19)),
                                partial(self._draw_toggle, house_rule_title(rule), lines, tog_w), [(b, 0, 0)]))
        olist.place(not self.suspended)

    def _heading_item(self, key: str, title: str, sub: str) -> PagedItem:
        s = self.scaled
        lines = wrap(sub, s(16), self.right.w)

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
            draw_text(surface, title, (rect.x, rect.y), s(19), HIGHLIGHT, bold=True)
            y = rect.y + s(23)
            for line in lines:
                draw_text(surface, line, (rect.x, y), s(16), TEXT_DIM)
                y += s(18)

        return PagedItem(key, s(23) + len(lines) * s(18), draw)

    def _family_item(self, family: str, members: list[str]) -> PagedItem:
        """Off and one button per variant of the family; the text under them says what the chosen
        (or pointed-at) one does."""
        s = self.scaled
        w = self.right.w
        choices = ["", *members]
        gap = s(6)
        bw = min(s(112), (w - (len(choices) - 1) * gap) // len(choices))
        chosen = next((v for v in members if v in self.variants), "")
        locked = self.campaign_on and family == SPEED
        buttons: dict[str, pygame_gui.elements.UIButton] = {}
        els: list[tuple[pygame_gui.core.UIElement, int, int]] = []
        for i, v in enumerate(choices):
            label = "Off" if not v else choice_label(family, v)
            tip = OPTIONAL_VARIANTS[v] if v else f"Play without the {variant_title(family)} variant"
            b = self.button((self.right.x, 0, bw, s(32)), label, partial(self.choose_variant, family, v), tip,
                            object_id="@primary" if v == chosen else None, enabled=not locked)
            buttons[v] = b
            els.append((b, i * (bw + gap), s(24)))
        self.variant_buttons[family] = buttons
        texts = [self.family_text(family, v) for v in choices]
        lines = max(len(wrap(t, s(17), w)) for t in texts)
        return PagedItem(f"variant:{family}", s(24) + s(32) + s(6) + lines * s(19),
                         partial(self._draw_family, family), els)

    def family_text(self, family: str, variant: str) -> str:
        if self.campaign_on and family == SPEED:
            return "Off in a campaign: each player's campaign level sets their difficulty."
        if variant:
            return OPTIONAL_VARIANTS[variant]
        return "Off: the game as printed. Point at a choice to read what it changes."

    def rebuild(self) -> None:
        self.clear_elements()
        self.build()

    def resume(self) -> None:
        super().resume()
        for lst in (self.players_list, self.options_list):     # (resuming shows every element: hide the paged-off)
            if lst is not None:
                lst.place()

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

    def toggle_variant(self, variant: str) -> None:
        self.variants ^= {variant}
        self.validate()
        self.rebuild()

    def choose_variant(self, family: str, variant: str) -> None:
        """One variant of an exclusive family (or none: ``variant`` empty); the others turn off."""
        self.variants = {v for v in self.variants if not v.startswith(family)}
        if variant:
            self.variants.add(variant)
        self.validate()
        self.rebuild()

    def set_crystals(self, n: int) -> None:
        self.knight_crystals = n
        self.validate()
        self.rebuild()

    def toggle_campaign(self) -> None:
        """Turn the Campaign on (reading the campaign file) or off.  A broken file, or a campaign
        already won, is shown and the switch stays off; the file is not touched."""
        if self.campaign_on:
            self.campaign_on = False
        else:
            try:
                campaign = load_campaign()
            except CampaignError as exc:
                self.campaign_error = f"The campaign cannot be used: {exc} It is left as it is."
            else:
                if campaign.vastness is not None:
                    self.campaign_error = (f"The campaign is over: {campaign.vastness} is Your Vastness. To begin a new "
                                           f"one, move {campaign_path()} away.")
                else:
                    self.campaign, self.campaign_on, self.campaign_error = campaign, True, ""
                    last = campaign.games[-1].seats if campaign.games else {}
                    for role, name in last.items():          # the last campaign game's players, in their seats
                        self.names.setdefault(role, name)
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
        if self.campaign_on:
            session = Session.new(self.setup(), self.seat_table(), autosave_path(),
                                  shared_table=self.app.settings.shared_table, players=self.players(),
                                  writer=self.app.autosaver)
            self.app.start_session(session)
        else:
            self.app.new_game(self.setup(), self.seat_table())

    # ------------------------------------------------------------ events
    def typing(self) -> bool:
        return self.seed_entry.is_focused or any(e.is_focused for e in self.name_entries.values())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_menu(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.seed_entry:
                self.seed_text = self.seed_entry.get_text()
                self.validate()
            for role, entry in self.name_entries.items():
                if event.ui_element is entry:
                    self.names[role] = " ".join(entry.get_text().split())
                    self.validate()
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for lst in (self.players_list, self.options_list):
                if lst is not None and lst.area.collidepoint(pos):
                    lst.scroll(-1 if event.y > 0 else 1, not self.suspended)
            if self.players_list is not None:
                self.players_first = self.players_list.first
            if self.options_list is not None:
                self.options_first = self.options_list.first
        elif event.type == pygame.KEYDOWN and not self.typing():
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.config is not None:
                self.start()

    def on_menu(self, element: object, text: str) -> None:
        for role, menu in self.seat_menus.items():
            if element is menu:
                human = text == HUMAN
                level = next((lv for lv in bot_levels(role) if computer_label(lv) == text), default_bot_level(role))
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
        draw_text(surface, "New game", (self.left.x, s(22)), s(44), HIGHLIGHT, bold=True)
        draw_text(surface, "Choose the roles in play; the rulebook's role variant for them is shown on the right.",
                  (self.left.x, s(62)), s(19), TEXT_DIM)
        draw_text(surface, "Roles in play", (self.left.x, self.left.y), s(22), TEXT, bold=True)
        self._draw_players(surface)
        self._draw_variant(surface)
        draw_text(surface, "Seed", (self.right.x, self.seed_y + s(19)), s(22), TEXT, bold=True, anchor="midleft")
        hx, hint = self.seed_hint
        for i, line in enumerate(hint):
            draw_text(surface, line, (hx, self.seed_y + s(19) - len(hint) * s(9) + i * s(18)), s(16), TEXT_DIM)
        self._draw_options(surface)
        self._draw_status(surface)
        self._draw_rules_line(surface)

    def _draw_players(self, surface: pygame.Surface) -> None:
        s = self.scaled
        title = "Who plays · campaign players" if self.campaign_on else "Who plays · difficulty"
        draw_text(surface, title, (self.left.x, self.players_y), s(22), TEXT, bold=True)
        if self.campaign_button is not None:
            draw_text(surface, "Campaign", (self.campaign_button.rect.x - s(10), self.campaign_button.rect.centery),
                      s(19), HIGHLIGHT if self.campaign_on else TEXT, bold=True, anchor="midright")
        colour = DANGER if self.campaign_error else (TEXT if self.campaign_on else TEXT_DIM)
        for i, line in enumerate(self.campaign_lines):
            draw_text(surface, line, (self.left.x, self.campaign_y + i * s(19)), s(17), colour)
        plist = self.players_list
        if plist is None:
            return
        if not self.chosen:
            draw_text(surface, "Add a role above.", (self.left.x, plist.area.y), s(18), TEXT_DIM)
        plist.draw(surface, self.left.right + s(10), s(4))
        hint = plist.hint()
        if hint:
            draw_text(surface, hint, (self.left.right, plist.area.bottom + s(2)), s(15), TEXT_DIM, anchor="topright")

    def _draw_row(self, role: str, surface: pygame.Surface, row: pygame.Rect) -> None:
        s = self.scaled
        colour = readable(ROLE_COLOURS[role], 0.25)
        pygame.draw.rect(surface, ROLE_COLOURS[role], (row.x, row.y + s(4), s(6), s(30)))
        draw_text(surface, ROLE_NAMES[role], (row.x + s(14), row.y + s(19)), s(24), colour, bold=True, anchor="midleft")
        ny = row.y + s(38) + s(6)
        for line in wrap(self.level_note(role), s(17), self.note_w):
            draw_text(surface, line, (row.x + self.name_w + s(10), ny), s(17), TEXT_DIM)
            ny += s(19)

    def _draw_solo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scaled
        draw_text(surface, "Solo level (Alone in the Dark)", (rect.x, rect.y), s(20), TEXT, bold=True)
        lvl = next((lv for lv in self.solo_levels() if lv.id == self.solo_level), None)
        if lvl is None:
            return
        y = rect.y + s(26) + s(38) + s(6)
        for line in wrap(lvl.text, s(17), self.note_w):
            draw_text(surface, line, (rect.x + self.name_w + s(10), y), s(17), TEXT_DIM)
            y += s(19)

    def _draw_crystals(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scaled
        draw_text(surface, "Crystals the Knight needs", (rect.x, rect.y), s(20), TEXT, bold=True)
        y = rect.y + s(26) + s(34) + s(6)
        for line in wrap(self.crystals_note(), s(17), self.note_w):
            draw_text(surface, line, (rect.x + self.name_w + s(10), y), s(17), TEXT_DIM)
            y += s(19)

    def _draw_toggle(self, title: str, lines: list[str], tog_w: int, surface: pygame.Surface,
                     rect: pygame.Rect) -> None:
        s = self.scaled
        x = rect.x + tog_w + s(12)
        draw_text(surface, title, (x, rect.y), s(19), TEXT, bold=True)
        y = rect.y + s(22)
        for line in lines:
            draw_text(surface, line, (x, y), s(17), TEXT_DIM)
            y += s(19)

    def _draw_family(self, family: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scaled
        buttons = self.variant_buttons.get(family, {})
        chosen = next((v for v in buttons if v and v in self.variants), "")
        draw_text(surface, variant_title(family), (rect.x, rect.y), s(19), TEXT, bold=True)
        if chosen and not (self.campaign_on and family == SPEED):
            draw_text(surface, f"· {choice_label(family, chosen)}", (rect.x + font(s(19), True).size(
                variant_title(family))[0] + s(8), rect.y + s(2)), s(17), HIGHLIGHT)
        pointed = next((v for v, b in buttons.items() if b.hovered and b.is_enabled), None)
        text = self.family_text(family, pointed if pointed is not None else chosen)
        y = rect.y + s(24) + s(32) + s(6)
        for line in wrap(text, s(17), rect.w):
            draw_text(surface, line, (rect.x, y), s(17), TEXT if pointed is not None else TEXT_DIM)
            y += s(19)

    def _draw_options(self, surface: pygame.Surface) -> None:
        s = self.scaled
        olist = self.options_list
        if olist is None:
            return
        draw_text(surface, "Variants and house rules", (self.right.x, self.options_y), s(22), TEXT, bold=True)
        hint = olist.hint()
        if hint:
            title_w = font(s(22), True).size("Variants and house rules")[0]
            size = fit_size(hint, (s(17), s(15)), self.right.w - title_w - s(12))
            if font(size).size(hint)[0] > self.right.w - title_w - s(12):
                hint = hint.split(" · ")[0]
            draw_text(surface, hint, (self.right.right, self.options_y + s(4)), size, TEXT_DIM, anchor="topright")
        olist.draw(surface, self.right.right + s(8), s(4))

    def _draw_rules_line(self, surface: pygame.Surface) -> None:
        """Top right: how many values come from the player's rules-data folder, or why it was not used."""
        text = rules_line(self.app.rules_load)
        if not text:
            return
        s = self.scaled
        colour = DANGER if self.app.rules_load.warning else HIGHLIGHT
        width = self.right.right - self.right.x
        lines = wrap(text, s(15), width)[:3]
        for i, line in enumerate(lines):
            draw_text(surface, line, (self.right.right, s(18) + i * s(18)), s(15), colour, anchor="topright")

    def _draw_status(self, surface: pygame.Surface) -> None:
        s = self.scaled
        rect = self.error_rect
        if self.error:
            text, colour = self.error, DANGER
        elif self.config is not None:
            seats = self.seat_table()
            who = ", ".join(
                f"{ROLE_NAMES[r]} ({(self.names.get(r, '') + ', ') if self.campaign_on else ''}"
                f"{'human' if st.human else 'computer, ' + st.level.capitalize()})" for r, st in seats.items())
            text, colour = f"Ready: {who}", TEXT_DIM
        else:
            return
        size = s(19)
        lines = wrap(text, size, rect.w)
        while len(lines) * (size + s(1)) > rect.h + s(8) and size > s(14):
            size -= 1
            lines = wrap(text, size, rect.w)
        y = rect.centery - len(lines) * (size + s(1)) // 2
        for line in lines:
            draw_text(surface, line, (rect.centerx, y), size, colour, anchor="midtop")
            y += size + s(1)

    def _draw_variant(self, surface: pygame.Surface) -> None:
        s = self.scaled
        box = self.variant_box
        draw_panel(surface, box)
        x, y = box.x + s(18), box.y + s(14)
        draw_text(surface, "Role variant", (x, y), s(18), TEXT_DIM)
        y += s(24)
        colour = HIGHLIGHT if self.preview is not None else DANGER
        for line in self.variant_lines:
            draw_text(surface, line, (x, y), self.variant_size, colour, bold=True)
            y += self.variant_size + s(6)
        if self.recommended:
            _star(surface, (x + s(9), y + s(9)), s(10), HIGHLIGHT)
            draw_text(surface, "Recommended for a first game", (x + s(26), y + s(1)), s(19), HIGHLIGHT)
            y += s(28)
        for line in self.summary_lines:
            draw_text(surface, line, (x, y), s(18), TEXT)
            y += s(21)


def _star(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rad * math.cos(a), centre[1] + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
