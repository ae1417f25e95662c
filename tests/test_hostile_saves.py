"""Every save is validated before anything uses it (issue 26 item 1): each file of the hostile
corpus (tests/hostile_corpus.py) is refused by persistence.load_save with a SaveError naming
the file and a reason — never another exception, never a hang — within a time bound, and the
file is left as it was.  Also: the safe reader's own limits, a good save (with and without a
UTF-8 byte order mark) still loads, the campaign file shares the reader, and a scenario of the
wrong shape is a ScenarioError from the engine, not an AttributeError."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import hostile_corpus as corpus
import pytest

from vast_desktop.campaign import CampaignError, load_campaign
from vast_desktop.engine import ScenarioError, load_scenario
from vast_desktop.persistence import SaveError, load_save, read_save
from vast_desktop.safe_json import UnsafeJson, nesting_depth, parse_json
from vast_desktop.session import Session

TIME_BOUND = 10.0        # seconds per file (the slowest, 100,001 choices, takes well under one)


def test_every_case_has_its_reason() -> None:
    assert set(corpus.REASONS) == {name for name, _ in corpus.CASES}


def _load_in_thread(path: Path) -> tuple[BaseException | None, bool]:
    """load_save in a daemon thread, so a hang fails the test instead of freezing it."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            load_save(path)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 (the test reports whatever came out)
            outcome.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(TIME_BOUND)
    return (outcome[0] if outcome else None), not t.is_alive()


@pytest.mark.parametrize("name", [name for name, _ in corpus.CASES])
def test_a_hostile_save_is_refused_with_the_file_and_the_reason(name: str, tmp_path: Path) -> None:
    if name == "unreadable" and corpus.root():
        pytest.skip("root reads a file whatever its mode")
    path = corpus.build(name, tmp_path)
    before = None if corpus.is_special(path) else path.read_bytes()
    start = time.perf_counter()
    exc, finished = _load_in_thread(path)
    assert finished, f"{name}: load_save still running after {TIME_BOUND}s"
    assert time.perf_counter() - start < TIME_BOUND
    assert isinstance(exc, SaveError), f"{name}: {type(exc).__name__}: {exc}"
    message = str(exc)
    assert message.startswith(f"{path}: "), message
    assert corpus.REASONS[name] in message, message
    assert len(message) < 600 + len(str(path)), message       # one clear message, not a dump
    if before is not None and name != "unreadable":
        assert path.read_bytes() == before                    # the file is left as it was


def test_session_load_refuses_the_hostile_seats_that_crashed_the_app(tmp_path: Path) -> None:
    for name in ("seats-unknown-role", "seats-list", "campaign-surrogate", "scenario-knight-health-string"):
        with pytest.raises(SaveError, match=f"{name}.json: "):
            Session.load(corpus.build(name, tmp_path))


def test_good_saves_still_load_and_a_bom_is_skipped(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(corpus.good_save(8)), encoding="utf-8")
    game, save = load_save(good)
    assert len(game.choices) == 8 and save.seats == {"knight": "human", "cave": "computer:easy"}
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + good.read_bytes())
    assert load_save(bom)[0].choices == game.choices
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(corpus.scenario_save()), encoding="utf-8")
    assert load_save(scenario)[0].state.knight.grit == 4
    link = tmp_path / "link.json"
    link.symlink_to(good)                                   # a link to a regular file is read
    assert read_save(link).choices == save.choices


def test_the_scenario_poison_is_caught_at_load_not_at_a_later_choice(tmp_path: Path) -> None:
    """Before: a Knight's health of "x" loaded and the table crashed at the fifth choice."""
    path = corpus.build("scenario-knight-health-string", tmp_path)
    with pytest.raises(SaveError, match=r"knight\.health: Input should be a valid integer"):
        load_save(path)


def test_nesting_depth_is_found_without_recursion() -> None:
    assert nesting_depth('{"a": [1, {"b": "[[[["}]}') == 3         # brackets in strings do not count
    assert nesting_depth('"\\"[["') == 0
    assert nesting_depth("[" * 1_000_000 + "]" * 1_000_000) == 1_000_000
    with pytest.raises(UnsafeJson, match="nested 1,000,000 levels deep"):
        parse_json("[" * 1_000_000 + "]" * 1_000_000)
    assert parse_json('{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}


def test_the_campaign_file_shares_the_safe_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.campaign import campaign_path

    path = campaign_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    with pytest.raises(CampaignError, match="not a regular file"):
        load_campaign()
    path.unlink()
    path.write_text('{"format": "vast-desktop-campaign", "levels": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(CampaignError, match="nested 5,001 levels deep"):
        load_campaign()


@pytest.mark.parametrize(("scenario", "needle"), [
    ({"tiles": [1]}, r"tiles\[0\]: expected a mapping"),
    ({"tiles": "T20"}, "tiles: expected a list"),
    ({"tokens": {"0,0": 5}}, "tokens.0,0: expected whole numbers"),
    ({"tokens": {"0,0": {"crystal": "x"}}}, "tokens.0,0: expected whole numbers"),
    ({"knight": {"health": "x"}}, "knight.health: Input should be a valid integer"),
    ({"knight": {"track": {"strength": [1]}}}, "knight.track.strength"),
    ({"knight": {"treasures": [5]}}, r"knight.treasures\[0\]"),
    ({"cave": {"hatred_tokens": "many"}}, "cave.hatred_tokens"),
    ({"round": [2]}, "round: Input should be a valid integer"),
    ({"supply": {"crystal": "x"}}, "supply.crystal: expected whole numbers"),
    ({"rockslides": [[1]]}, "malformed scenario"),
    ({"tiles": [{"tile": "T20", "pos": [1, 0], "rot": "sideways"}]}, "malformed scenario"),
])
def test_a_scenario_of_the_wrong_shape_is_a_scenario_error(scenario: dict, needle: str) -> None:
    base = {"setup": {"roles": ["knight", "cave"], "seed": 1}}
    with pytest.raises(ScenarioError, match=needle):
        load_scenario({**base, **scenario})


def test_hostile_settings_fall_back_to_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings file shares the reader: a FIFO, a link to /dev/zero or deep nesting at the
    settings path gives the defaults at once (before: a hang, a MemoryError, a RecursionError)."""
    import os

    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.settings import Settings, load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for make in (os.mkfifo, lambda p: p.symlink_to("/dev/zero"),
                 lambda p: p.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")):
        make(path)
        assert load_settings() == Settings()
        path.unlink()
