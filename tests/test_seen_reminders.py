"""The record of the reminders each player has seen (issue 27 item 5): a missing file is an
empty record, what is saved comes back, a Campaign player is kept apart from the role, and a
broken file is refused with a message naming the file and why (the table then leaves it as it
is: tests/gui/test_reminder_queue.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vast_desktop.seen_reminders import (
    SeenRemindersError,
    load_seen_reminders,
    player_key,
    save_seen_reminders,
)


def test_missing_file_is_an_empty_record_and_a_saved_one_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "seen_reminders.json"
    record = load_seen_reminders(path)
    assert record.players == {} and not record.has_seen("role:knight", "knight_two_cubes_minimum")
    assert record.mark("role:knight", "knight_two_cubes_minimum")
    assert not record.mark("role:knight", "knight_two_cubes_minimum")        # once is enough
    record.mark(player_key("cave", "Ada"), "cave_crystal_tiles_first")
    save_seen_reminders(record, path)
    again = load_seen_reminders(path)
    assert again == record
    assert again.seen_by("role:knight") == {"knight_two_cubes_minimum"}
    assert again.seen_by("player:Ada") == {"cave_crystal_tiles_first"} and again.seen_by("role:cave") == set()


def test_player_key_names_the_campaign_player_else_the_role() -> None:
    assert player_key("knight") == "role:knight"
    assert player_key("knight", "Ada") == "player:Ada"
    assert player_key("knight", "") == "role:knight"


@pytest.mark.parametrize(("text", "message"), [
    ("not json", r"seen_reminders\.json: not a Vast Desktop seen-reminders file \(broken JSON at line 1"),
    ('{"players": {}}', r"seen_reminders\.json: not a Vast Desktop seen-reminders file \(no "
                        r"'vast-desktop-seen-reminders' marker\)"),
    ('{"format": "vast-desktop-seen-reminders", "players": {"role:knight": 7}}',
     r"seen_reminders\.json: broken seen-reminders file at players\.role:knight: "),
    ('{"format": "vast-desktop-seen-reminders", "players": {}, "extra": 1}',
     r"seen_reminders\.json: broken seen-reminders file at extra: "),
])
def test_a_broken_file_is_refused_naming_the_file_and_why(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "seen_reminders.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SeenRemindersError, match=message):
        load_seen_reminders(path)
    assert path.read_text(encoding="utf-8") == text


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "seen_reminders.json"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(SeenRemindersError, match="not a Vast Desktop seen-reminders file \\(not text"):
        load_seen_reminders(path)
