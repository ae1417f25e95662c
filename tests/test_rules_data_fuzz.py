"""Broken files in the player's rules-data folder (issue 26, item 3).

Each case of the corpus is one file a player might write (or be handed): syntax errors,
tabs, tags (``!!python/...``, ``!foo``, ``!!set``), merge keys, non-UTF-8 bytes, numbers of
5,000 digits or out of range, unknown keys and handlers, duplicate ids and keys, an alias
bomb, recursive aliases, an empty file, a list where a mapping is expected, wrong types,
negative counts, nulls, deep nesting, control characters, a huge file, and changes that
break a cross-check.  For each:

* :func:`load_rules` raises :class:`RulesDataError` with exactly the message below, naming
  the player's file, the line and the key path -- never a raw YAML, Unicode or ValueError;
* it does so within a time bound (the alias bomb is refused after counting, not expanded);
* :func:`load_rules_with_fallback` (what the app calls) plays with the packaged data and
  carries a warning with that message.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from vast_desktop.rules_data import (
    RulesDataError,
    load_rules,
    load_rules_data,
    load_rules_with_fallback,
)

BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8))
EVENTS_DECK = ("{'ambush': 4, 'light': 1, 'vantage_point': 1, 'fresh_air': 1, 'fresh_water': 1, 'cave_bread': 1, "
               "'rats': 3, 'deep_and_dark': 3}")
EVENT_HANDLERS = "ambush_event, cave_bread, cave_bread_revised, deep_and_dark, light, quake, rats, rest_cube, vantage_point"

#: name -> (file name, bytes, the exact first line of the error)
CORPUS: dict[str, tuple[str, bytes, str]] = {
    "syntax": ("knight.yaml", b"knight: {bombs: 4\n",
               "knight.yaml (your folder) line 2, knight: YAML syntax error: did not find expected ',' or '}'"),
    "tab": ("knight.yaml", b"knight:\n\tbombs: 4\n",
            "knight.yaml (your folder) line 2, knight: YAML syntax error: found character that cannot start any "
            "token (YAML indents with spaces, never tabs)"),
    "python_tag": ("knight.yaml", b"knight:\n  bombs: !!python/object/apply:os.system ['echo hi']\n",
                   "knight.yaml (your folder) line 2, knight.bombs: the YAML tag !!python/object/apply:os.system "
                   "is not allowed in rules data (only plain mappings and lists)"),
    "foo_tag": ("knight.yaml", b"knight:\n  bombs: !foo 4\n",
                "knight.yaml (your folder) line 2, knight.bombs: the YAML tag !foo is not allowed in rules data "
                "(only plain text, numbers, true/false and null)"),
    "set_tag": ("knight.yaml", b"knight:\n  grit: !!set {a, b}\n",
                "knight.yaml (your folder) line 2, knight.grit: the YAML tag !!set is not allowed in rules data "
                "(only plain mappings and lists)"),
    "merge_key": ("knight.yaml", b"knight:\n  <<: {bombs: 4}\n",
                  "knight.yaml (your folder) line 2, knight: merge keys (<<) are not allowed"),
    "not_utf8": ("knight.yaml", b"knight:\n  equipment:\n    - id: shield\n      name: Bouclier caf\xe9\n",
                 "knight.yaml (your folder) line 4, knight.equipment[0].name: the file is not UTF-8 text "
                 "(byte 0xe9); save it as UTF-8"),
    "digits_5000": ("knight.yaml", b"knight:\n  bombs: " + b"9" * 5000 + b"\n",
                    "knight.yaml (your folder) line 2, knight.bombs: the number 99999999999999999999... has 5000 "
                    "characters; numbers in rules data are at most 12 characters long"),
    "out_of_range": ("knight.yaml", b"knight:\n  bombs: 99999999\n",
                     "knight.yaml (your folder) line 2, knight.bombs: the number 99999999 is out of range "
                     "(numbers in this file lie within -10000..10000)"),
    "absurd_copies": ("events.yaml", b"events:\n  - id: rats\n    copies: 1000000\n",
                      "events.yaml (your folder) line 3, events[0].copies: the number 1000000 is out of range "
                      "(numbers in this file lie within -10000..10000)"),
    "nan": ("knight.yaml", b"knight:\n  bombs: .nan\n",
            "knight.yaml (your folder) line 2, knight.bombs: '.nan' is not a finite number"),
    "unknown_key": ("knight.yaml", b"knight:\n  bombz: 4\n",
                    "knight.yaml (your folder) line 2, knight.bombz: unknown key (not allowed here)"),
    "unknown_top_key": ("knight.yaml", b"knigth:\n  bombs: 4\n",
                        "knight.yaml (your folder) line 1, knigth: unknown key (not allowed here)"),
    "unknown_handler": ("events.yaml", b"events:\n  - id: light\n    handler: foo\n",
                        "events.yaml (your folder) line 3, events[1].handler: unknown handler 'foo'; the engine "
                        f"knows these here: {EVENT_HANDLERS}"),
    "unknown_handler_new_card": ("events.yaml", b"events:\n  - id: lantern\n    name: Lantern\n    handler: lamp\n"
                                                b"    text: Light a lantern.\n",
                                 "events.yaml (your folder) line 4, events[10].handler: unknown handler 'lamp'; "
                                 f"the engine knows these here: {EVENT_HANDLERS}"),
    "changed_handler": ("events.yaml", b"events:\n  - id: light\n    handler: rats\n",
                        "events.yaml (your folder) line 3, events[1].handler: the engine runs 'light' for this "
                        "component (it finds the effect by the component's id), so its handler cannot become 'rats'"),
    "changed_condition": ("sidequests.yaml", b"sidequests:\n  - id: daring\n    condition: ten_cave_tiles_revealed\n",
                          "sidequests.yaml (your folder) line 3, sidequests[2].condition: the engine runs "
                          "'attack_monster_tribe_hit_dragon_or_kill_thief' for this component (it finds the effect by "
                          "the component's id), so its condition cannot become 'ten_cave_tiles_revealed'"),
    "unknown_ambush_line": ("goblins.yaml", b"monsters:\n  - id: ogre\n    ambush_line: eat_the_knight\n",
                            "goblins.yaml (your folder) line 3, monsters[1].ambush_line: unknown ambush_line "
                            "'eat_the_knight'; the engine knows these here: ancient_map_costs_two, "
                            "discard_random_treasure, end_knight_turn, extra_health_if_weak, lose_five_grit, "
                            "next_monster_plus_one, ogre_blocks_space, troll_on_bridge, underworm_diagonal"),
    "duplicate_ids": ("events.yaml", b"events:\n  - id: light\n    copies: 2\n  - id: light\n    copies: 3\n",
                      "events.yaml (your folder) line 4, events[1].id: duplicate id 'light' (also item 0 of this list)"),
    "duplicate_keys": ("knight.yaml", b"knight:\n  bombs: 4\n  bombs: 5\n",
                       "knight.yaml (your folder) line 3, knight.bombs: duplicate key 'bombs' (first defined on line 2)"),
    "alias_bomb": ("knight.yaml", BOMB.encode(),
                   "knight.yaml (your folder) line 1, e[0][6][8][8][8]: the document expands to more than 20,000 "
                   "values (aliases copying aliases?); refused"),
    "recursive_alias": ("knight.yaml", b"knight: &k\n  equipment: *k\n",
                        "knight.yaml (your folder) line 1, knight.equipment: recursive YAML alias"),
    "empty": ("knight.yaml", b"",
              "knight.yaml (your folder) line 1, (top level): the file is empty; write only the values to change, "
              "e.g. 'knight: {start_health: 8}', or delete the file"),
    "only_a_comment": ("knight.yaml", b"# nothing yet\n",
                       "knight.yaml (your folder) line 1, (top level): the file is empty; write only the values to "
                       "change, e.g. 'knight: {start_health: 8}', or delete the file"),
    "top_level_list": ("knight.yaml", b"- knight\n- bombs\n",
                       "knight.yaml (your folder) line 1, (top level): the file must be a mapping of top-level keys "
                       "(like the game's own files), not a list"),
    "top_level_scalar": ("knight.yaml", b"knight\n",
                         "knight.yaml (your folder) line 1, (top level): the file must be a mapping of top-level keys "
                         "(like the game's own files), not a str"),
    "list_for_mapping": ("knight.yaml", b"knight: [1, 2]\n",
                         "knight.yaml (your folder) line 1, knight: Input should be a valid dictionary or instance "
                         "of KnightData"),
    "mapping_for_list": ("events.yaml", b"events:\n  light: {copies: 2}\n",
                         "events.yaml (your folder) line 1, events: Input should be a valid tuple"),
    "wrong_type": ("knight.yaml", b"knight:\n  bombs: many\n",
                   "knight.yaml (your folder) line 2, knight.bombs: Input should be a valid integer, unable to parse "
                   "string as an integer"),
    "wrong_type_bool": ("events.yaml", b"events:\n  - id: light\n    promo: maybe\n",
                        "events.yaml (your folder) line 3, events[1].promo: Input should be a valid boolean, unable "
                        "to interpret input"),
    "negative_count": ("events.yaml", b"events:\n  - id: rats\n    copies: -1\n",
                       "events.yaml (your folder) line 3, events[6].copies: Input should be greater than or equal to 1"),
    "negative_health": ("knight.yaml", b"knight:\n  start_health: -7\n",
                        "knight.yaml (your folder) line 2, knight.start_health: Input should be greater than or "
                        "equal to 1"),
    "null_section": ("knight.yaml", b"knight: null\n",
                     "knight.yaml (your folder) line 1, knight: Input should be a valid dictionary or instance of "
                     "KnightData"),
    "null_value": ("knight.yaml", b"knight:\n  bombs:\n",
                   "knight.yaml (your folder) line 2, knight.bombs: Input should be a valid integer"),
    "null_params": ("events.yaml", b"events:\n  - id: light\n    params: ~\n",
                    "events.yaml (your folder) line 3, events[1].params: must be a mapping of names to true/false, "
                    "an integer or a word"),
    "null_id": ("events.yaml", b"events:\n  - id: ~\n    copies: 2\n",
                "events.yaml (your folder) line 2, events[10].id: Input should be a valid string"),
    "null_list": ("tiles.yaml", b"tiles: ~\n",
                  "tiles.yaml (your folder) line 1, tiles: Input should be a valid tuple"),
    "item_without_id": ("events.yaml", b"events:\n  - copies: 2\n",
                        "events.yaml (your folder) line 2, events[0]: the items of events are matched by their 'id'; "
                        "this item has none (write '- id: ...' first)"),
    "deep_nesting": ("knight.yaml", b"knight:\n  grit: " + b"[" * 60 + b"]" * 60 + b"\n",
                     "knight.yaml (your folder) line 2, knight.grit" + "[0]" * 39 + ": nested more than 40 levels deep"),
    "control_char": ("knight.yaml", b"knight:\n  bombs: 4\x07\n",
                     "knight.yaml (your folder) line 2, knight.bombs: the character U+0007 is not allowed in YAML "
                     "(control characters are not allowed)"),
    "list_key": ("knight.yaml", b"knight:\n  [a, b]: 4\n",
                 "knight.yaml (your folder) line 2, knight: keys must be plain scalars"),
    "bool_key": ("knight.yaml", b"knight:\n  true: 4\n",
                 "knight.yaml (your folder) line 2, knight: key True must be a string"),
    "huge_file": ("knight.yaml", b"# " + b"x" * 1_000_001 + b"\n",
                  "knight.yaml (your folder) line 1, (top level): the file is 1,000,004 bytes; rules data files must "
                  "be under 1,000,000 bytes"),
    "breaks_cross_check": ("knight.yaml", b"knight:\n  start_health: 8\n",
                           "difficulty.yaml line 28, difficulty[7].params.knight_health: Standard must match the "
                           "board value 8 (after your folder's changes, the first being knight.yaml (your folder) "
                           "line 2, knight.start_health)"),
    "new_base_card": ("events.yaml", b"events:\n  - id: lantern\n    name: Lantern\n    handler: light\n"
                                     b"    text: Light a lantern.\n",
                      f"events.yaml (your folder) line 1, events: the events deck must hold 15 cards {EVENTS_DECK}; "
                      "missing [], unexpected ['lantern'], wrong copies []"),
    "promo_without_note": ("events.yaml", b"events:\n  - id: lantern\n    name: Lantern\n    handler: light\n"
                                          b"    text: Light a lantern.\n    promo: true\n",
                           "events.yaml (your folder) line 6, events[10].promo: promo cards rest on partial rules: "
                           "mark them provisional with a note"),
    "bad_id_word": ("events.yaml", b"events:\n  - id: Big Lantern\n    name: Lantern\n    handler: light\n"
                                   b"    text: Light a lantern.\n    promo: true\n    provisional: true\n"
                                   b"    note: mine\n",
                    "events.yaml (your folder) line 2, events[10].id: String should match pattern '^[a-z][a-z0-9_]*$'"),
}

#: every case must be refused within this many seconds (loading the packaged data included)
TIME_BOUND = 2.0


def _write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return folder


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_each_broken_file_names_file_line_and_key(case: str, tmp_path: Path) -> None:
    name, data, expected = CORPUS[case]
    folder = _write(tmp_path / "mine", name, data)
    start = time.perf_counter()
    with pytest.raises(RulesDataError) as info:
        load_rules(None, folder)
    elapsed = time.perf_counter() - start
    assert str(info.value).splitlines()[0] == expected
    assert elapsed < TIME_BOUND, f"{case} took {elapsed:.2f} s"


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_the_app_falls_back_to_the_packaged_data_with_a_warning(case: str, tmp_path: Path) -> None:
    name, data, expected = CORPUS[case]
    folder = _write(tmp_path / f"mine_{case}", name, data)   # a folder per case: the load is cached per folder
    load = load_rules_with_fallback(folder)
    assert load.rules is load_rules_data()
    assert not load.provenance.overrides
    assert load.warning.startswith(f"Your rules data in {folder} was not used: {expected}")
    assert load.warning.endswith("The game uses its own data.")


def test_the_alias_bomb_is_refused_in_well_under_a_second(tmp_path: Path) -> None:
    """A billion laughs: nine levels of ten aliases each (10^9 values if expanded)."""
    folder = _write(tmp_path / "bomb", "knight.yaml", BOMB.encode())
    load_rules_data()                           # the packaged data is read (and cached) outside the clock
    start = time.perf_counter()
    with pytest.raises(RulesDataError, match="expands to more than 20,000 values"):
        load_rules(None, folder)
    assert time.perf_counter() - start < 0.5


def test_a_byte_order_mark_and_windows_line_ends_are_accepted(tmp_path: Path) -> None:
    """Not broken: some editors write a BOM and CRLF; the values are read as written."""
    folder = _write(tmp_path / "bom", "knight.yaml", b"\xef\xbb\xbfknight:\r\n  bombs: 4\r\n")
    loaded = load_rules(None, folder)
    assert loaded.rules.knight.bombs == 4
    assert [(o.file, o.line, o.path) for o in loaded.provenance.overrides] == [("knight.yaml", 2, ("knight", "bombs"))]


def test_a_date_like_word_stays_text(tmp_path: Path) -> None:
    """YAML 1.1 would read 2024-13-45 as a date (and fail); rules data keeps it as text."""
    folder = _write(tmp_path / "date", "events.yaml", b"events:\n  - id: light\n    name: 2024-13-45\n")
    assert load_rules(None, folder).rules.card("light").name == "2024-13-45"


def test_one_value_set_in_two_files_is_refused(tmp_path: Path) -> None:
    folder = _write(tmp_path / "two", "a.yaml", b"knight:\n  bombs: 4\n")
    _write(folder, "b.yaml", b"\nknight:\n  bombs: 5\n")
    with pytest.raises(RulesDataError) as info:
        load_rules(None, folder)
    assert str(info.value) == ("b.yaml (your folder) line 3, knight.bombs: also set in a.yaml (your folder) line 2; "
                               "set each value in one file")


def test_the_packaged_data_failing_is_still_a_hard_error(tmp_path: Path) -> None:
    """The developers' data must be right: a broken packaged folder raises, with no fallback."""
    broken = tmp_path / "packaged"
    broken.mkdir()
    (broken / "knight.yaml").write_bytes(b"knight: {bombs: 4\n")
    with pytest.raises(RulesDataError, match=r"knight\.yaml line 2, knight: YAML syntax error"):
        load_rules(broken)
