"""Role cheat sheets and reminders of easily forgotten rules (issue 6, teaching items 3-4).

The text lives beside the rules reference: ``cheatsheets.yaml`` (one card per role: how
to win, the turn in order, what to remember) and ``reminders.yaml`` (the rulebook's
"Easily forgotten rules", each with the moment it applies).  :func:`load_teaching_cards`
reads and checks both once (cached) with the rules reference's YAML helpers, so a bad
file is refused with :class:`~vast_desktop.teach.reference.ReferenceError` naming the file,
the line and the key.

A reminder's ``when`` is a trigger:

* ``decision:<kind>`` — a Decision of that kind is pending for the role;
* ``decision:<kind>/<verb>`` — one that offers an option ``<verb>:…`` now (so a reminder
  about placing tiles waits until the role may place one, e.g. not in the Collapse);
* ``turn_start:<role>`` — that role's turn has just begun (the engine logs a ``turn``
  event at the start of every turn);
* ``event:<kind>`` — the engine logged a GameEvent of that kind (every event has a
  public line, so every role may be reminded of it).

A cheat sheet may list, under ``bonus``, a line or two per bonus variant about that role's bonus
cards (issue 28: the Goblins' Schemes, the Thief's Upgrade card, the Knight's promo Treasures…);
:func:`bonus_lines` picks those of the variants in play (``all-bonus-cards`` counted as the
bonus variants it stands for, :func:`bonus_variants_in_play`), so a sheet names only the cards
that are in the game.

A reminder may also name the ``tile_rules`` it is written for (:class:`TileRule`: who places
and removes the end-of-turn tiles — a Cave player, each player 1 and 3 with no Cave, 1 and 1
under the house rule, or the solo Alone in the Dark card), so its numbers are those of the
game in play: the no-Cave "1 tile" reminder is never shown to the solo Knight, who places
as many as the Alone in the Dark card says.

:func:`due_reminders` is the one matching function: the table calls it for the human
who decides now, the tests call it on scenario positions and random games.  No pygame.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import StringConstraints, ValidationError

from ..engine.option_ids import verb_of
from ..engine.setup import OPTIONAL_VARIANTS, Setup, expand_variants
from ..rules_data import validation_message
from .reference import KindName, OneLine, ReferenceError, SectionId, _Frozen, _read, default_reference_dir

if TYPE_CHECKING:
    from ..engine.decisions import Decision
    from ..engine.game import Game, GameEvent

__all__ = [
    "ROLES",
    "CheatSheet",
    "Reminder",
    "TeachingCards",
    "TileRule",
    "bonus_lines",
    "bonus_variants_in_play",
    "due_reminders",
    "load_teaching_cards",
    "load_teaching_cards_uncached",
    "tile_rule",
    "triggers_now",
]

ROLES: tuple[str, ...] = ("knight", "goblins", "vile_ghoul", "dragon", "cave", "thief", "ghoul")
CHEATSHEETS_FILE = "cheatsheets.yaml"
REMINDERS_FILE = "reminders.yaml"
#: The engine's turn-start event (logged first thing in every role's turn).
TURN_EVENT = "turn"

Role = Literal["knight", "goblins", "vile_ghoul", "dragon", "cave", "thief", "ghoul"]
Trigger = Annotated[str, StringConstraints(
    pattern=r"^(decision:[a-z][a-z0-9_]*(/[a-z][a-z0-9_]*)?|event:[a-z][a-z0-9_]*|turn_start:(knight|goblins|vile_ghoul|dragon|cave|thief|ghoul))$")]


VariantName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$")]


class BonusNote(_Frozen):
    """What a role's sheet says about its cards of one bonus variant, shown only when that
    variant is in play."""

    variant: VariantName
    text: OneLine


class CheatSheet(_Frozen):
    """One role's card."""

    role: Role
    how_to_win: OneLine
    turn: tuple[OneLine, ...]
    remember: tuple[OneLine, ...] = ()
    bonus: tuple[BonusNote, ...] = ()


class TileRule(StrEnum):
    """Who places and removes tiles at the end of turns in a game: what a reminder about
    tiles may say (its numbers differ from one to the other)."""

    CAVE_PLAYER = "cave_player"                     # the Cave player does it on its own turn
    NO_CAVE = "no_cave"                             # RV-03, COL-05: each player places 1, removes 3
    NO_CAVE_ONE_COLLAPSE = "no_cave_one_collapse"   # house rule (COL-06, more than 3 players): removes 1
    SOLO = "solo"                                   # SOLO-02..06: the Alone in the Dark card's count


def tile_rule(game: Game) -> TileRule:
    """The :class:`TileRule` of ``game``, read from its setup (the engine's configuration)."""
    if "cave" in game.state.roles:
        return TileRule.CAVE_PLAYER
    if game.config.alone_in_the_dark:
        return TileRule.SOLO
    return TileRule.NO_CAVE_ONE_COLLAPSE if game.config.collapse_rate_no_cave == 1 else TileRule.NO_CAVE


class Reminder(_Frozen):
    """One easily forgotten rule and the moment it applies."""

    id: KindName
    role: Role | Literal["all"]
    when: Trigger
    text: OneLine
    section: SectionId
    with_roles: tuple[Role, ...] = ()       # only in games with all of these roles (the Dragon's rules…)
    without_roles: tuple[Role, ...] = ()    # only in games without these (no Goblins to eat…)
    tile_rules: tuple[TileRule, ...] = ()   # only in games with one of these tile rules (empty: any)

    def concerns(self, role: str) -> bool:
        return self.role in ("all", role)

    def fits(self, roles: Iterable[str], rule: TileRule | None = None) -> bool:
        """Does the reminder apply to a game of these roles (and this tile rule, when given) at all?"""
        playing = set(roles)
        if rule is not None and self.tile_rules and rule not in self.tile_rules:
            return False
        return set(self.with_roles) <= playing and not set(self.without_roles) & playing

    def fits_game(self, game: Game) -> bool:
        """Does the reminder apply to ``game`` (its roles and its tile rule)?"""
        return self.fits(game.state.roles, tile_rule(game))


class CheatSheetsData(_Frozen):
    part: Literal["cheatsheets"]
    title: OneLine
    text: str = ""
    cheatsheets: tuple[CheatSheet, ...]


class RemindersData(_Frozen):
    part: Literal["reminders"]
    title: OneLine
    text: str = ""
    triggers: tuple[Trigger, ...]
    reminders: tuple[Reminder, ...]


@dataclass(frozen=True)
class TeachingCards:
    """The cheat sheet of every role and the reminders, in file order."""

    sheets: dict[str, CheatSheet]
    reminders: tuple[Reminder, ...]
    triggers: tuple[str, ...]

    def sheet(self, role: str) -> CheatSheet:
        return self.sheets[role]

    def reminder(self, reminder_id: str) -> Reminder:
        return next(r for r in self.reminders if r.id == reminder_id)


# ---------------------------------------------------------------------------
# Bonus cards in play
# ---------------------------------------------------------------------------


def bonus_variants_in_play(setup: Setup | dict[str, Any] | None) -> tuple[str, ...]:
    """The variants of a game's setup (a :class:`Setup` or the public ``PlayerView.setup``),
    composite names such as ``all-bonus-cards`` replaced by the bonus variants they stand for
    whose role is in play (``engine.setup.expand_variants``: the rules read them the same way).
    No setup (a cheat sheet opened outside a game): none."""
    if not setup:
        return ()
    if isinstance(setup, dict):
        setup = Setup(roles=tuple(setup.get("roles", ())), variants=tuple(setup.get("variants", ())))
    return expand_variants(setup)


def bonus_lines(sheet: CheatSheet, variants: Iterable[str]) -> tuple[str, ...]:
    """The lines of ``sheet`` about the bonus cards of the ``variants`` in play, in sheet order."""
    playing = set(variants)
    return tuple(note.text for note in sheet.bonus if note.variant in playing)


# ---------------------------------------------------------------------------
# Triggers
# ---------------------------------------------------------------------------


def triggers_now(decision: Decision | None, events: Iterable[GameEvent], active: str | None) -> set[str]:
    """The triggers of this moment: the pending ``decision``'s kind (alone and with the verb of
    each option it offers), every kind of the
    ``events`` logged since the last look, and the ``active`` role's turn start when a
    turn began among them (the latest ``turn`` event is always the active role's)."""
    found = {f"decision:{decision.kind}"} if decision is not None else set()
    if decision is not None:
        found |= {f"decision:{decision.kind}/{verb_of(o.id)}" for o in decision.options}
    for e in events:
        found.add(f"event:{e.kind}")
        if e.kind == TURN_EVENT and active is not None:
            found.add(f"turn_start:{active}")
    return found


def due_reminders(cards: TeachingCards, game: Game, role: str, since: int,
                  shown: Iterable[str] = ()) -> list[Reminder]:
    """The reminders for ``role``, who decides now, at this moment of ``game``: those for
    the role (or everyone) that fit the game (roles, tile rule) and whose trigger matches the
    pending decision (if it is the role's), a turn start or an event logged since
    ``game.events[since]``, and not yet ``shown``."""
    decision = game.pending if game.pending is not None and game.pending.role == role else None
    now = triggers_now(decision, game.events[since:], game.state.active)
    done = set(shown)
    return [r for r in cards.reminders
            if r.when in now and r.concerns(role) and r.fits_game(game) and r.id not in done]


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------


def _check_cards(sheets: Sequence[CheatSheet], file: str) -> dict[str, CheatSheet]:
    by_role: dict[str, CheatSheet] = {}
    for s in sheets:
        if s.role in by_role:
            raise ReferenceError(f"{file}: two cheat sheets for the role {s.role!r}")
        unknown = [n.variant for n in s.bonus if n.variant not in OPTIONAL_VARIANTS]
        if unknown:
            raise ReferenceError(f"{file}: the {s.role} sheet's bonus names {unknown[0]!r}, which is no variant "
                                 f"(known: {', '.join(sorted(OPTIONAL_VARIANTS))})")
        by_role[s.role] = s
    missing = [r for r in ROLES if r not in by_role]
    if missing:
        raise ReferenceError(f"{file}: no cheat sheet for {', '.join(missing)}")
    return {r: by_role[r] for r in ROLES}


def load_teaching_cards_uncached(directory: Path | Traversable | None = None) -> TeachingCards:
    """Read and check ``cheatsheets.yaml`` and ``reminders.yaml`` in ``directory``."""
    root: Traversable = default_reference_dir() if directory is None else directory
    for name in (CHEATSHEETS_FILE, REMINDERS_FILE):
        if not root.joinpath(name).is_file():
            raise ReferenceError(f"{root}: {name} is missing")
    sheets_src = _read(root.joinpath(CHEATSHEETS_FILE))
    reminders_src = _read(root.joinpath(REMINDERS_FILE))
    try:
        sheets = CheatSheetsData.model_validate(sheets_src.raw)
    except ValidationError as exc:
        raise ReferenceError(validation_message(exc, sheets_src)) from None
    try:
        reminders = RemindersData.model_validate(reminders_src.raw)
    except ValidationError as exc:
        raise ReferenceError(validation_message(exc, reminders_src)) from None
    seen: set[str] = set()
    for i, r in enumerate(reminders.reminders):
        if r.id in seen:
            raise ReferenceError(f"{reminders_src.locate(('reminders', i, 'id'))}: duplicate reminder id {r.id!r}")
        if r.when not in reminders.triggers:
            raise ReferenceError(f"{reminders_src.locate(('reminders', i, 'when'))}: trigger {r.when!r} is not "
                                 f"listed under 'triggers'")
        seen.add(r.id)
    return TeachingCards(_check_cards(sheets.cheatsheets, CHEATSHEETS_FILE), reminders.reminders,
                         reminders.triggers)


@functools.lru_cache(maxsize=4)
def load_teaching_cards(directory: Path | None = None) -> TeachingCards:
    """The cheat sheets and reminders, loaded and checked once per directory, then shared."""
    return load_teaching_cards_uncached(directory)
