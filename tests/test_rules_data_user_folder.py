"""The player's rules-data folder (issue 26, item 3): key-by-key changes, provenance, where it is.

* a file holding one field of one card changes just that field; the game plays with it, the
  setup screen's line counts it and the rules reference's "Game data" part marks it;
* a new id adds a component (a provisional promo card) and is counted and marked;
* provisional entries stay provisional unless the player's file sets them;
* the folder is ``--rules-dir``, else ``VAST_DESKTOP_RULES_DIR``, else the data folder's
  ``rules_data``; the app plays with it and a broken one falls back with a warning on the
  title and setup screens (clicked through with real pygame events).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from vast_desktop.engine import Setup, new_game, replay
from vast_desktop.rules_data import load_rules, load_rules_data, load_rules_with_fallback
from vast_desktop.rules_folder import ENV_VAR, player_rules, rules_line, user_rules_dir
from vast_desktop.teach.data_reference import with_game_data
from vast_desktop.teach.reference import load_reference

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

LIGHT = b"events:\n  - id: light\n    params: {health: 3}\n"
BOMBS = b"# the Knight carries one more Bomb in our house\nknight:\n  bombs: 4\n"
LANTERN = (b"events:\n  - id: lantern\n    name: Lantern\n    handler: light\n    text: Heal 1 Health.\n"
           b"    promo: true\n    provisional: true\n    note: a card of our own\n")


def _folder(tmp_path: Path, **files: bytes) -> Path:
    folder = tmp_path / "my_rules"
    folder.mkdir(exist_ok=True)
    for name, data in files.items():
        (folder / f"{name}.yaml").write_bytes(data)
    return folder


def test_one_field_of_one_card_changes_just_that_field(tmp_path: Path) -> None:
    packaged = load_rules_data()
    loaded = load_rules(None, _folder(tmp_path, events=LIGHT))
    light, was = loaded.rules.card("light"), packaged.card("light")
    assert light.params == {"health": 3} and was.params == {"health": 2}
    assert light.model_copy(update={"params": was.params}) == was          # nothing else of the card changed
    assert loaded.rules.model_copy(update={"events": packaged.events}) == packaged   # nor of the data
    [o] = loaded.provenance.overrides
    assert (o.path, o.file, o.line, o.added) == (("events", 1, "params", "health"), "events.yaml", 3, False)
    assert o.where == "events.yaml (your folder) line 3, events[1].params.health"


def test_the_game_plays_with_the_changed_value(tmp_path: Path) -> None:
    folder = _folder(tmp_path, knight=BOMBS)
    rules = load_rules_with_fallback(folder).rules
    setup = Setup(roles=("knight", "cave"), seed=3)
    g = new_game(setup, rules)
    assert g.rules is rules and g.state.knight.bombs_left == 4
    assert new_game(setup).state.knight.bombs_left == 3                   # the packaged game is untouched
    assert g.fresh().state.knight.bombs_left == 4                         # undo rebuilds with the same rules
    assert replay(setup, [], rules=rules).state.knight.bombs_left == 4    # and so does loading a save


def test_setup_line_and_reference_mark_the_players_values(tmp_path: Path) -> None:
    folder = _folder(tmp_path, events=LIGHT, knight=BOMBS)
    load = load_rules_with_fallback(folder)
    assert load.warning == ""
    assert rules_line(load) == f"Rules data: 2 values from your folder ({folder})"
    ref = with_game_data(load_reference(), load)
    text = ref.section("game_data.yours").text
    assert "- **events[1].params.health** = 3 from your folder (the game's value: 2; events.yaml line 3)" in text
    assert "- **knight.bombs** = 4 from your folder (the game's value: 3; knight.yaml line 3)" in text
    assert ref.parts[-1].id == "game_data"
    assert "<b>knight.bombs</b> = 4 from your folder" in ref.html("game_data.yours")


def test_a_new_id_adds_a_component(tmp_path: Path) -> None:
    load = load_rules_with_fallback(_folder(tmp_path, events=LANTERN))
    assert load.warning == ""
    lantern = load.rules.card("lantern")
    assert (lantern.name, lantern.promo, lantern.provisional) == ("Lantern", True, True)
    assert "lantern" in load.rules.deck("events", include_promo=True)
    assert "lantern" not in load.rules.deck("events")                      # promo cards stay out of the games
    [o] = load.provenance.overrides
    assert (o.path, o.line, o.added) == (("events", 10), 2, True)
    assert rules_line(load).startswith("Rules data: 1 new component from your folder (")
    ref = with_game_data(load_reference(), load)
    assert "- **events[10]**: new, EventCard Lantern (events.yaml line 2)" in ref.section("game_data.yours").text
    assert "- **Lantern** (events[10]): from your folder (events.yaml line 2)" in ref.section("game_data.provisional").text


def test_provisional_values_stay_provisional_unless_the_player_sets_them(tmp_path: Path) -> None:
    folder = _folder(tmp_path, tiles=b"tiles:\n  - id: T01\n    note: checked against our own box\n")
    load = load_rules_with_fallback(folder)
    assert load.warning == "" and load.rules.tile("T01").note == "checked against our own box"
    text = with_game_data(load_reference(), load).section("game_data.provisional").text
    assert "- **T01** (tiles[1]): from your folder (tiles.yaml line 3)" in text
    assert "- **T02** (tiles[2]): *provisional*: shape and tribe of this tile follow" in text
    packaged = with_game_data(load_reference(), load_rules_with_fallback(None)).section("game_data.provisional").text
    assert "from your folder" not in packaged and "- **T01** (tiles[1]): *provisional*:" in packaged


def test_an_ambush_line_may_become_another_the_engine_knows(tmp_path: Path) -> None:
    """The engine looks a Monster's Ambush line up by its name (unlike a handler, bound to the card's id)."""
    load = load_rules_with_fallback(_folder(tmp_path, goblins=b"monsters:\n  - id: ogre\n    ambush_line: troll_on_bridge\n"))
    assert load.warning == "" and load.rules.monster("ogre").ambush_line == "troll_on_bridge"


def test_where_the_folder_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert user_rules_dir() == tmp_path / "home" / "data" / "rules_data"
    assert user_rules_dir(environ={ENV_VAR: str(tmp_path / "env")}) == tmp_path / "env"
    assert user_rules_dir(tmp_path / "cli", environ={ENV_VAR: str(tmp_path / "env")}) == tmp_path / "cli"
    monkeypatch.setenv(ENV_VAR, str(_folder(tmp_path, knight=BOMBS)))
    assert player_rules().rules.knight.bombs == 4
    missing = player_rules(tmp_path / "nowhere")                           # no folder: the game's own data
    assert missing.rules is load_rules_data() and missing.warning == "" and rules_line(missing) == ""


def test_the_command_line_option_reaches_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import vast_desktop.app as app_mod
    from vast_desktop.cli import run

    seen: list[tuple[bool, str | None]] = []
    monkeypatch.setattr(app_mod, "main", lambda tutorial=False, rules_dir=None: seen.append((tutorial, rules_dir)) or 0)
    assert run(["--rules-dir", str(tmp_path)]) == 0
    assert run(["--rules-dir", str(tmp_path), "tutorial"]) == 0
    assert seen == [(False, str(tmp_path)), (True, str(tmp_path))]
    assert run(["--rules-dir", str(tmp_path), "simulate", "--games", "1"]) == 2   # headless games: refused, not ignored


# ---------------------------------------------------------------- the app, with real input
def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: Path):
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))
    from vast_desktop.app import App

    return App(size=(1600, 900), rules_dir=folder)


def test_the_app_plays_a_game_with_the_players_value(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from tests.gui.test_screens import button_named, click, title
    from vast_desktop.screens.setup import SetupScreen
    from vast_desktop.screens.table import TableScreen

    app = _app(tmp_path, monkeypatch, _folder(tmp_path, knight=BOMBS))
    try:
        app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0, "reminders": False})
        title(app)
        click(app, button_named(app, "New game"))
        assert isinstance(app.top, SetupScreen) and app.top.rules is app.rules_load.rules
        click(app, button_named(app, "Start"))
        assert isinstance(app.top, TableScreen)
        assert app.session is not None and app.session.game.state.knight.bombs_left == 4
    finally:
        pygame.quit()


def test_a_broken_folder_warns_and_the_game_still_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from tests.gui.test_screens import button_named, click, title
    from vast_desktop.screens.setup import SetupScreen
    from vast_desktop.screens.table import TableScreen

    folder = _folder(tmp_path, knight=b"knight:\n  bombs: !!python/object/apply:os.system ['echo hi']\n")
    app = _app(tmp_path, monkeypatch, folder)
    try:
        app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0, "reminders": False})
        warning = app.rules_load.warning
        assert warning == (f"Your rules data in {folder} was not used: knight.yaml (your folder) line 2, knight.bombs: "
                           "the YAML tag !!python/object/apply:os.system is not allowed in rules data (only plain "
                           "mappings and lists). The game uses its own data.")
        title(app)
        click(app, button_named(app, "New game"))
        assert isinstance(app.top, SetupScreen) and rules_line(app.rules_load) == warning
        click(app, button_named(app, "Start"))
        assert isinstance(app.top, TableScreen) and app.session is not None
        assert app.session.game.rules is load_rules_data()
    finally:
        pygame.quit()
