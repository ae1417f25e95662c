"""The rules a game plays with reach every reader, and its saves remember them (issue 26).

A player's rules-data folder changes values of the game's data; the game holds the result as
``g.rules`` and every view carries it (``PlayerView.rules``, outside repr and equality).  The
board tooltips, the boards, the die art and the computer players read the view's rules, never
the packaged data; a save records the corrections (``rules_changes``) and loading it with other
corrections is refused before the replay, naming them.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from vast_desktop.bots.hard.search import HardBot
from vast_desktop.bots.hard.worlds import sample_world
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.persistence import SaveError, load_save, save_game, save_text, to_save
from vast_desktop.rules_data import RulesData, load_rules_data, load_rules_with_fallback
from vast_desktop.session import Seat, Session
from vast_desktop.teach.describe_boards import board_info, board_slot

ROOT = Path(__file__).resolve().parents[1]
KNIGHT = b"# our house: one more Bomb, and Grit goes higher\nknight:\n  bombs: 4\n  grit_cap: 50\n"
OTHER = b"knight:\n  bombs: 5\n"


def _rules(tmp_path: Path, text: bytes = KNIGHT, name: str = "my_rules") -> RulesData:
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    (folder / "knight.yaml").write_bytes(text)
    load = load_rules_with_fallback(folder)
    assert load.warning == ""
    return load.rules


# ---------------------------------------------------------------- every reader gets the game's rules
def test_a_view_carries_the_games_rules_outside_its_repr_and_equality(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    setup = Setup(roles=("knight", "cave"), seed=3)
    mine, packaged = new_game(setup, rules), new_game(setup)
    v, w = view(mine, "knight"), view(packaged, "knight")
    assert v.rules is rules and w.rules is load_rules_data()
    assert repr(v) == repr(w).replace("bombs_left=3", "bombs_left=4")       # the rules never enter the repr
    assert "rules" not in v.to_dict()
    assert view(mine, None) == view(new_game(setup, rules), None)


def test_the_board_tooltips_show_the_corrected_value(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    g = new_game(Setup(roles=("knight", "cave"), seed=3), rules)
    for viewer in ("knight", "cave", None):
        assert board_info(view(g, viewer), "knight.grit").startswith("Grit 0 of 50: ")
    assert board_info(view(new_game(g.setup), "knight"), "knight.grit").startswith("Grit 0 of 45: ")
    assert "4 Bomb token(s) left" in board_slot(view(g, "knight"), "knight.bomb")


def test_the_boards_are_drawn_with_the_views_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from vast_desktop.render import boards, text
    from vast_desktop.render.boards import draw_board, kit

    rules = _rules(tmp_path)
    pygame.init()
    text.reset_caches()          # fonts made before an earlier pygame.quit (another test) are dead
    boards.clear_caches()
    try:
        surface = pygame.display.set_mode((460, 700))
        g = new_game(Setup(roles=("knight", "cave"), seed=3), rules)
        out = draw_board(surface, surface.get_rect(), view(g, "knight"), "knight")
        assert kit._rules() is rules
        assert out.tooltips["info:knight.grit"].startswith("Grit 0 of 50: ")
        draw_board(surface, surface.get_rect(), view(new_game(g.setup), "knight"), "knight")
        assert kit._rules() is load_rules_data()                      # another game: its own rules
    finally:
        pygame.quit()


def test_the_hard_players_worlds_play_with_the_games_rules(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    g = new_game(Setup(roles=("knight", "cave"), seed=5), rules)
    world = sample_world(view(g, "cave"), random.Random(1))
    assert world.rules is rules and world.state.knight is not None and world.state.knight.bombs_left == 4


def test_an_easy_and_a_hard_player_finish_a_game_under_the_corrections(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    g = new_game(Setup(roles=("knight", "dragon", "cave"), seed=11), rules)
    bots = {"knight": HardBot("knight", seed=2, rounds=2, top=2), "dragon": make_bot("dragon", "easy", 3),
            "cave": make_bot("cave", "easy", 4)}
    while g.outcome is None and len(g.choices) < 3000:
        d = g.pending
        assert d is not None
        g.apply(bots[d.role](view(g, d.role), d))
    assert g.outcome is not None, "the game ends"
    assert bots["knight"].planned_for is not None, "the Hard player searched its worlds"
    assert not bots["knight"].failed_worlds, bots["knight"].failed_worlds[:3]


READERS = ("vast_desktop/bots", "vast_desktop/render", "vast_desktop/teach/describe_boards.py",
           "vast_desktop/teach/describe.py", "vast_desktop/screens/table.py")


def test_no_reader_of_a_game_loads_the_packaged_rules() -> None:
    """Hygiene: the readers of a game's view take its rules from the view (``view.rules``)."""
    found = []
    for where in READERS:
        base = ROOT / where
        for path in sorted([base] if base.is_file() else base.rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\bload_rules_data\b", line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


# ---------------------------------------------------------------- saves remember the corrections
def _saved(tmp_path: Path, rules: RulesData | None, name: str = "game.json") -> Path:
    g = new_game(Setup(roles=("knight", "cave"), seed=3), rules)
    for _ in range(6):
        d = g.pending
        assert d is not None
        g.apply(d.options[0].id)
    path = tmp_path / name
    save_game(g, path)
    return path


def test_a_save_records_the_corrections_and_loads_with_them(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    path = _saved(tmp_path, rules)
    data = json.loads(path.read_text(encoding="utf-8"))
    changes = data["rules_changes"]
    assert changes["values"] == 2 and changes["components"] == 0
    assert changes["shown"] == ["knight.yaml: knight.bombs = 4", "knight.yaml: knight.grit_cap = 50"]
    assert changes["folder"] == str(tmp_path / "my_rules")
    game, save = load_save(path, rules)
    assert game.rules is rules and game.state.knight is not None and game.state.knight.bombs_left == 4
    assert save.rules_changes is not None and save.rules_changes.digest == rules.corrections.digest


def test_a_save_with_corrections_is_refused_without_them(tmp_path: Path) -> None:
    path = _saved(tmp_path, _rules(tmp_path))
    for rules in (None, load_rules_data()):
        with pytest.raises(SaveError) as err:
            load_save(path, rules)
        assert str(err.value) == (
            f"{path}: this game was played with your rules-data corrections (2 values: knight.yaml: knight.bombs = 4; "
            f"knight.yaml: knight.grit_cap = 50) from {tmp_path / 'my_rules'}; they are not in use now. "
            "Put them back to load it.")


def test_an_ordinary_save_is_refused_while_corrections_are_in_use(tmp_path: Path) -> None:
    path = _saved(tmp_path, None)
    assert "rules_changes" not in path.read_text(encoding="utf-8")       # written as before the field existed
    with pytest.raises(SaveError) as err:
        load_save(path, _rules(tmp_path))
    assert str(err.value) == (
        f"{path}: this game was played with the game's own rules data; your rules-data folder "
        f"{tmp_path / 'my_rules'} now changes 2 values (knight.yaml: knight.bombs = 4; knight.yaml: "
        "knight.grit_cap = 50). Move those files aside (or start with another --rules-dir) to load it.")
    game, save = load_save(path, load_rules_data())                        # an ordinary save still loads
    assert save.rules_changes is None and game.state.knight is not None and game.state.knight.bombs_left == 3
    assert load_save(path)[1] == save


def test_a_save_with_other_corrections_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path, _rules(tmp_path))
    other = _rules(tmp_path, OTHER, "other_rules")
    with pytest.raises(SaveError) as err:
        load_save(path, other)
    assert str(err.value) == (
        f"{path}: this game was played with other rules-data corrections (2 values: knight.yaml: knight.bombs = 4; "
        f"knight.yaml: knight.grit_cap = 50) from {tmp_path / 'my_rules'} than those in use now (1 value: "
        f"knight.yaml: knight.bombs = 5) from {tmp_path / 'other_rules'}. Put the saved ones back to load it.")


def test_the_session_saves_and_refuses_alike(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    s = Session.new(Setup(roles=("knight", "cave"), seed=3), {"knight": Seat(), "cave": Seat()}, rules=rules)
    s.save(tmp_path / "s.json")
    assert Session.load(tmp_path / "s.json", rules=rules).game.rules is rules
    with pytest.raises(SaveError, match="they are not in use now"):
        Session.load(tmp_path / "s.json", rules=load_rules_data())
    assert '"rules_changes"' in save_text(to_save(s.game))


@pytest.mark.parametrize("bad, why", [
    ({"digest": "x" * 64}, "rules_changes.digest"),
    ({"shown": ["a"] * 6}, "rules_changes.shown"),
    ({"values": -1}, "rules_changes.values"),
    ({"folder": "a\x00b"}, "rules_changes.folder"),
    ({"extra": 1}, "rules_changes.extra"),
])
def test_a_broken_record_of_corrections_is_refused(tmp_path: Path, bad: dict[str, object], why: str) -> None:
    rules = _rules(tmp_path)
    path = _saved(tmp_path, rules)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules_changes"].update(bad)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=f"broken save file at {re.escape(why)}"):
        load_save(path, rules)
