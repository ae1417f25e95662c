"""The Ghoul's and the Vile Ghoul's components as rules data (issue 29, first part; checklist sections 19, 20).

* ``rules_data/ghoul.yaml`` and ``vile_ghoul.yaml`` load through the typed loader and reach a game
  as ``g.rules.ghoul`` / ``g.rules.vile_ghoul``, while neither role is playable yet;
* the 13 Terror cards with their copies, each with a first effect (persistent or once per turn)
  and a once-per-game effect; the Fury track and goal (GH-02); the difficulty cards;
* the Vile Ghoul's dice chart and Boost die are provisional (expansion data sheet, Appendix B),
  listed in the rules reference's "Game data" part, and a player's folder corrects them;
* a broken value is refused naming file, line and key.
"""
from __future__ import annotations

import importlib.resources
import shutil
from pathlib import Path

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.rules_data import (
    ROLES,
    RulesData,
    RulesDataError,
    UnknownIdError,
    default_rules_dir,
    fury_goal,
    load_rules,
    load_rules_data,
    load_rules_data_uncached,
    load_rules_with_fallback,
)
from vast_desktop.rules_folder import rules_line
from vast_desktop.teach.data_reference import with_game_data
from vast_desktop.teach.reference import load_reference


@pytest.fixture(scope="module")
def rd() -> RulesData:
    return load_rules_data()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "rules_data"
    with importlib.resources.as_file(default_rules_dir()) as src:
        shutil.copytree(src, dest)
    return dest


def _edit(directory: Path, filename: str, old: str, new: str) -> int:
    """Replace ``old`` (which must occur exactly once) and return the 1-based line it starts on."""
    path = directory / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {filename}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _load_error(directory: Path) -> str:
    with pytest.raises(RulesDataError) as info:
        load_rules_data_uncached(directory)
    return str(info.value)


# ---------------------------------------------------------------- loaded, reachable, not yet playable
def test_both_files_load_and_a_game_reaches_them_without_a_new_role(rd: RulesData) -> None:
    names = {f.name for f in default_rules_dir().iterdir()}
    assert {"ghoul.yaml", "vile_ghoul.yaml"} <= names
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    assert g.rules.ghoul == rd.ghoul and g.rules.vile_ghoul == rd.vile_ghoul
    assert ROLES == ("knight", "goblins", "dragon", "cave", "thief")        # not yet a role of the game
    with pytest.raises(UnknownIdError):
        rd.role_variant(["knight", "ghoul"])
    with pytest.raises(UnknownIdError):
        rd.difficulty_levels("ghoul")


# ---------------------------------------------------------------- Terror cards (GH-26..30)
def test_thirteen_terror_cards_with_their_copies(rd: RulesData) -> None:
    """Chase x3, Hunt x3, Sneak x2, Cheat, Blink, Adapt, Seize, Scour (data sheet §3.1)."""
    copies = {c.name: c.copies for c in rd.ghoul.terror_cards}
    assert copies == {"Chase": 3, "Hunt": 3, "Sneak": 2, "Cheat": 1, "Blink": 1, "Adapt": 1, "Seize": 1, "Scour": 1}
    deck = rd.ghoul.terror_deck()
    assert len(deck) == 13 and len(set(deck)) == 13
    assert deck[:3] == ("chase#1", "chase#2", "chase#3") and "cheat" in deck
    assert rd.ghoul.terror_card("hunt#2").name == "Hunt" and rd.ghoul.terror_card("scour").name == "Scour"
    for bad in ("hunt#4", "cheat#1", "howl"):
        with pytest.raises(UnknownIdError, match="unknown Terror card"):
            rd.ghoul.terror_card(bad)


def test_gh28_each_card_has_a_first_and_a_once_per_game_effect(rd: RulesData) -> None:
    for card in rd.ghoul.terror_cards:
        assert card.first.timing in ("persistent", "once_per_turn") and card.first.text, card.id
        assert card.once_per_game.timing == "once_per_game" and card.once_per_game.text, card.id
    persistent = {c.id for c in rd.ghoul.terror_cards if c.first.timing == "persistent"}
    assert persistent == {"cheat", "adapt", "seize"}
    # GH-29: the "during this turn" effects leave at the end of the turn
    assert {c.id for c in rd.ghoul.terror_cards if c.once_per_game.during_this_turn} == {"sneak", "seize", "scour"}
    chase, hunt = rd.ghoul.terror_card("chase"), rd.ghoul.terror_card("hunt")
    assert (chase.first.params.int("movement"), chase.once_per_game.params.int("movement")) == (1, 4)
    assert (hunt.first.params.int("attack"), hunt.once_per_game.params.int("attack")) == (1, 3)
    assert rd.ghoul.terror_card("blink").first.params.int("movement") == 2


# ---------------------------------------------------------------- Fury (GH-02, GH-26)
def test_gh02_fury_goal_is_seven_plus_players_capped_at_fourteen(rd: RulesData) -> None:
    """GH-02: 2 players -> 9, 5 players -> 12, never above 14."""
    assert rd.ghoul.fury_goal(2) == 9
    assert rd.ghoul.fury_goal(5) == 12
    assert fury_goal(7, 2, 14) == 9 and fury_goal(7, 5, 14) == 12 and fury_goal(8, 7, 14) == 14
    assert rd.ghoul.fury_goal(7, "hunter") == 14                          # 8 + 7 capped
    assert rd.ghoul.fury_goal(2, "ragpicker") == 7
    with pytest.raises(ValueError):
        fury_goal(7, 0, 14)


def test_gh26_a_terror_card_on_every_even_fury_space(rd: RulesData) -> None:
    track = rd.ghoul.fury_track
    assert track.top == 14 and rd.ghoul.fury_goal_cap == 14
    assert track.terror_spaces == (2, 4, 6, 8, 10, 12, 14)


def test_ghoul_board_numbers(rd: RulesData) -> None:
    g = rd.ghoul
    assert (g.dice, g.die_faces, g.dice_kept, g.discs) == (3, (1, 2, 3, 4, 5, 6), 2, 9)
    assert (g.move_cost, g.wall_cost, g.occupied_cost, g.collect_cost) == (1, 1, 1, 2)     # GH-10..13
    assert (g.attack_cost_base, g.smash_discs, g.treasures_per_fury, g.fury_per_attack) == (1, 3, 2, 1)
    assert g.turn_position == 6 and rd.vile_ghoul.replaces == "goblins"                     # GH-05, VG-03
    assert g.flare.card == "flare" and g.flare.own_space_movement == 1
    assert {a.attacker for a in g.attacking_the_ghoul} == {"knight", "goblins", "dragon", "unicorn", "cave", "thief"}


# ---------------------------------------------------------------- difficulty cards
def test_ghoul_difficulty_cards(rd: RulesData) -> None:
    levels = [(d.name, d.rank, d.fury_base, d.dice_rolled, d.terror_draw_at_most) for d in rd.ghoul.difficulty]
    assert levels == [("Ragpicker", "easiest", 5, 3, 7), ("Scavenger", "easy", 6, 3, 7), ("Ghoul", "standard", 7, 3, 7),
                      ("Stalker", "hard", 7, 2, 4), ("Hunter", "expert", 8, 2, 4)]
    assert rd.ghoul.standard_level().id == "ghoul"
    with pytest.raises(UnknownIdError, match="ragpicker, scavenger, ghoul, stalker, hunter"):
        rd.ghoul.level("lurker")


def test_vile_ghoul_difficulty_cards(rd: RulesData) -> None:
    levels = [(d.id, d.knight_health, d.dragon_health, d.crystals, d.dice_rolled) for d in rd.vile_ghoul.difficulty]
    assert levels == [("ragpicker", 5, 3, 3, 3), ("scavenger", 6, 4, 4, 3), ("ghoul", 7, 5, 5, 3),
                      ("stalker", 7, 5, 5, 2), ("hunter", 8, 6, 6, 2)]
    assert rd.vile_ghoul.standard_level().crystals == 5                  # VG-01: 5 Crystals


# ---------------------------------------------------------------- player variants
def test_player_variants_and_their_goals(rd: RulesData) -> None:
    ghoul = {v.id: v for v in rd.ghoul.player_variants}
    assert {"knight_vs_ghoul", "goblins_vs_ghoul", "dragon_vs_ghoul", "cave_vs_ghoul", "thief_vs_ghoul",
            "ghoul_three", "ghoul_four_plus", "ghoul_solo"} <= set(ghoul)
    knight = ghoul["knight_vs_ghoul"]
    assert knight.with_roles == {"knight"}
    assert [(w.role, w.kind) for w in knight.wins] == [("knight", "smash_crystals_and_escape"), ("ghoul", "kill_knight"),
                                                       ("ghoul", "fury_then_escape"), ("all", "all_lose_on_collapse")]
    assert any(g.card == "goblin_infestation" and g.line == "A" for g in knight.gifts)
    assert [w.params.int("fury") for w in ghoul["ghoul_three"].wins if w.role == "ghoul"] == [10]
    assert ghoul["ghoul_four_plus"].tiles_per_turn_without_cave == 1
    solo = rd.ghoul.player_variant("ghoul_solo")
    assert [(lvl.params.int("fury"), lvl.params.int("crystals")) for lvl in solo.solo_levels] == [(7, 5), (8, 6), (9, 7)]
    vsolo = rd.vile_ghoul.player_variant("vile_ghoul_solo")
    assert [lvl.params.int("crystals") for lvl in vsolo.solo_levels] == [5, 6, 7]
    assert rd.vile_ghoul.player_variant("vile_ghoul_with_knight").ambush_kill_counts_for == "vile_ghoul"


# ---------------------------------------------------------------- provisional values (Appendix B)
def test_the_vile_ghoul_chart_and_boost_are_provisional(rd: RulesData) -> None:
    chart = rd.vile_ghoul.dice_chart
    assert [r.face for r in chart] == [1, 2, 3, 4, 5, 6]
    assert all(r.provisional and r.note and "Appendix B" in r.note for r in chart)
    assert [(r.movement, r.attack) for r in chart] == [(6, 1), (5, 2), (4, 3), (3, 4), (2, 5), (2, 6)]
    assert rd.vile_ghoul.boost.provisional and rd.vile_ghoul.boost.note
    assert rd.vile_ghoul.uses_provisional_values
    assert rd.vile_ghoul.chart_row(3).attack == 3                       # Crystal smashing stays reachable
    assert not any(getattr(c, "provisional", False) for c in rd.ghoul.terror_cards)


def test_the_reference_lists_the_provisional_values() -> None:
    text = with_game_data(load_reference(), load_rules_with_fallback(None)).section("game_data.provisional").text
    for face in range(1, 7):
        assert f"- **Vile Ghoul chart row {face}** (vile_ghoul.dice_chart[{face - 1}]): *provisional*: design guess" in text
    assert "- **Vile Ghoul Boost die** (vile_ghoul.boost): *provisional*: no card or board gives it" in text


def test_a_players_folder_corrects_a_provisional_vile_ghoul_value(tmp_path: Path) -> None:
    folder = tmp_path / "my_rules"
    folder.mkdir()
    (folder / "vile_ghoul.yaml").write_bytes(
        b"# read off our own board\nvile_ghoul:\n  dice_chart:\n    - id: face_1\n      movement: 5\n"
        b"      provisional: false\n  boost:\n    movement: 2\n")
    load = load_rules_with_fallback(folder)
    assert load.warning == ""
    vile, packaged = load.rules.vile_ghoul, load_rules_data().vile_ghoul
    assert (vile.chart_row(1).movement, vile.chart_row(1).attack, vile.chart_row(1).provisional) == (5, 1, False)
    assert vile.chart_row(2) == packaged.chart_row(2) and vile.boost.movement == 2
    assert rules_line(load) == f"Rules data: 3 values from your folder ({folder})"
    text = with_game_data(load_reference(), load).section("game_data.provisional").text
    assert "- **Vile Ghoul chart row 2** (vile_ghoul.dice_chart[1]): *provisional*:" in text
    assert "chart row 1" not in text                                           # the player has decided it
    assert "- **Vile Ghoul Boost die** (vile_ghoul.boost): from your folder (vile_ghoul.yaml line 8)" in text
    g = new_game(Setup(roles=("knight", "cave"), seed=2), load.rules)
    assert g.rules.vile_ghoul.chart_row(1).movement == 5


def test_a_seventh_chart_row_from_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "my_rules"
    folder.mkdir()
    (folder / "vile_ghoul.yaml").write_bytes(
        b"vile_ghoul:\n  dice_chart:\n    - {id: face_7, name: Row 7, face: 7, movement: 1, attack: 7}\n")
    with pytest.raises(RulesDataError) as info:
        load_rules(None, folder)
    assert "vile_ghoul.yaml (your folder) line 3, vile_ghoul.dice_chart[6].face: Input should be less than or equal to 6" \
        in str(info.value)
    load = load_rules_with_fallback(folder)
    assert load.warning.startswith(f"Your rules data in {folder} was not used: vile_ghoul.yaml (your folder) line 3")
    assert load.rules is load_rules_data()


# ---------------------------------------------------------------- broken values name file, line and key
def test_a_broken_value_names_file_line_and_key(data_copy: Path) -> None:
    line = _edit(data_copy, "vile_ghoul.yaml", "{id: face_3, name: Vile Ghoul chart row 3, face: 3, movement: 4, attack: 3,",
                 "{id: face_3, name: Vile Ghoul chart row 3, face: 3, movement: four, attack: 3,")
    assert f"vile_ghoul.yaml line {line}, vile_ghoul.dice_chart[2].movement: Input should be a valid integer" \
        in _load_error(data_copy)


def test_wrong_copies_of_a_terror_card_are_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "ghoul.yaml", "      name: Sneak\n      copies: 2\n", "      name: Sneak\n      copies: 3\n")
    assert (f"ghoul.yaml line {line + 1}, ghoul.terror_cards[2].copies: the deck holds 2 Sneak card(s), not 3"
            in _load_error(data_copy))


def test_an_unknown_key_and_a_missing_note_are_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "ghoul.yaml", "  discs: 9 ", "  discs: 9\n  disks: 9 ")
    assert f"ghoul.yaml line {line + 1}, ghoul.disks: unknown key (not allowed here)" in _load_error(data_copy)


def test_a_provisional_row_needs_its_note(data_copy: Path) -> None:
    path = data_copy / "vile_ghoul.yaml"
    text = path.read_text(encoding="utf-8")
    old = ("    - {id: face_6, name: Vile Ghoul chart row 6, face: 6, movement: 2, attack: 6, provisional: true,\n"
           "       note: \"design guess (expansion data sheet, Appendix B): the board's chart is in no source we have\"}\n")
    assert text.count(old) == 1
    path.write_text(text.replace(old, "    - {id: face_6, name: Vile Ghoul chart row 6, face: 6, movement: 2, attack: 6, provisional: true}\n"),
                    encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    assert (f"vile_ghoul.yaml line {line}, vile_ghoul.dice_chart[5]: a provisional entry needs a one-line 'note'"
            in _load_error(data_copy))


def test_uneven_terror_spaces_are_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "ghoul.yaml", "terror_spaces: [2, 4, 6, 8, 10, 12, 14]", "terror_spaces: [2, 4, 6, 8, 10, 12]")
    assert (f"ghoul.yaml line {line}, ghoul.fury_track.terror_spaces: a Terror card lies on every even space"
            in _load_error(data_copy))


def test_a_chart_row_with_the_wrong_face_is_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "vile_ghoul.yaml", "  dice_chart:\n", "  dice_chart:\n")
    _edit(data_copy, "vile_ghoul.yaml", "{id: face_6, name: Vile Ghoul chart row 6, face: 6,",
          "{id: face_5, name: Vile Ghoul chart row 6, face: 5,")
    assert (f"vile_ghoul.yaml line {line}, vile_ghoul.dice_chart: the dice chart has one row for each die face "
            "[1, 2, 3, 4, 5, 6], found faces [1, 2, 3, 4, 5, 5]") in _load_error(data_copy)
    row = _edit(data_copy, "vile_ghoul.yaml", "{id: face_5, name: Vile Ghoul chart row 6, face: 5,",
                "{id: face_6, name: Vile Ghoul chart row 6, face: 5,")
    assert f"vile_ghoul.yaml line {row}, vile_ghoul.dice_chart[5].id: the row of face 5 is called 'face_5'" \
        in _load_error(data_copy)


def test_a_gift_naming_no_variant_card_is_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "ghoul.yaml", "        - {card: flare, holder: ghoul}\n      wins:\n        - {role: cave,",
                 "        - {card: flair, holder: ghoul}\n      wins:\n        - {role: cave,")
    assert (f"ghoul.yaml line {line}, ghoul.player_variants[5].gifts[0].card: no Role Variant card 'flair'"
            in _load_error(data_copy))
