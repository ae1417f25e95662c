"""Which rule reminders each player has already seen, kept across launches (issue 27 item 5).

A reminder of an easily forgotten rule is useful once to a player, not at every launch: the
table records, per player, the ids of the reminders shown to them, in ``seen_reminders.json``
beside the other data files (:func:`vast_desktop.settings.seen_reminders_path`).  A player is
named by :func:`player_key`: a Campaign game's player name, else the role played at this
computer (with no names, the Knight's player is whoever sits at the Knight).

A missing file is a fresh record.  A broken one is refused with :class:`SeenRemindersError`
naming the file and why; the table then shows the message once and keeps its record in
memory only, never writing over the broken file, so nothing in it is lost."""
from __future__ import annotations

from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from .persistence import atomic_write_text, read_marked_json, validate_file
from .settings import seen_reminders_path

SEEN_FORMAT: Final = "vast-desktop-seen-reminders"


class SeenRemindersError(ValueError):
    """A seen-reminders file that cannot be used; the message names the file and why."""


class SeenReminders(BaseModel):
    """Per player (see :func:`player_key`), the reminder ids already shown to them."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["vast-desktop-seen-reminders"] = SEEN_FORMAT
    players: dict[str, list[str]] = Field(default_factory=dict)

    def has_seen(self, player: str, reminder_id: str) -> bool:
        return reminder_id in self.players.get(player, ())

    def seen_by(self, player: str) -> set[str]:
        return set(self.players.get(player, ()))

    def mark(self, player: str, reminder_id: str) -> bool:
        """Record ``reminder_id`` as seen by ``player``; False when it already was."""
        ids = self.players.setdefault(player, [])
        if reminder_id in ids:
            return False
        ids.append(reminder_id)
        return True


def player_key(role: str, player_name: str | None = None) -> str:
    """Whom a record belongs to: the Campaign player's name when the game names one, else
    the role played (``"role:knight"``)."""
    return f"player:{player_name}" if player_name else f"role:{role}"


def load_seen_reminders(path: Path | None = None) -> SeenReminders:
    """The record in ``path`` (default: the data folder's); a missing file is an empty record,
    a broken one raises :class:`SeenRemindersError`."""
    path = Path(path or seen_reminders_path())
    if not path.exists():
        return SeenReminders()
    data = read_marked_json(path, SEEN_FORMAT, "seen-reminders", SeenRemindersError)
    return validate_file(SeenReminders, data, path, "seen-reminders", SeenRemindersError)


def save_seen_reminders(record: SeenReminders, path: Path | None = None) -> None:
    atomic_write_text(Path(path or seen_reminders_path()), record.model_dump_json(indent=1))
