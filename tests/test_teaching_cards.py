"""Cheat sheets and reminders (issue 6, teaching items 3-4): the loader (every role has a
card, a broken file is refused naming its file, line and key), every reminder points at a
real rules section, and every reminder's trigger is one the app detects — checked with
:func:`due_reminders`, the one matching function the table uses, on ``load_scenario``
positions (the Cave reminded that Crystal tiles go first on its turn, CV-04) and on the
decisions and events of random games."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, load_scenario, new_game
from vast_desktop.engine.game import Game
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.teach.cheatsheets import (
    ROLES,
    TeachingCards,
    bonus_lines,
    bonus_variants_in_play,
    due_reminders,
    load_teaching_cards,
    load_teaching_cards_uncached,
    triggers_now,
)
from vast_desktop.teach.reference import ReferenceError, default_reference_dir, load_reference

REF_DIR = Path(str(default_reference_dir()))
ENGINE_DIR = Path(__file__).resolve().parent.parent / "vast_desktop" / "engine"


@pytest.fixture(scope="module")
def cards() -> TeachingCards:
    return load_teaching_cards()


# --------------------------------------------------------------------------- loading

def test_every_role_has_a_cheat_sheet(cards: TeachingCards) -> None:
    assert tuple(cards.sheets) == ROLES
    for role, sheet in cards.sheets.items():
        assert sheet.role == role and sheet.how_to_win and sheet.turn and sheet.remember


def test_every_role_has_a_reminder_and_each_names_a_real_section(cards: TeachingCards) -> None:
    ref = load_reference()
    assert {r.role for r in cards.reminders} >= set(ROLES)
    for r in cards.reminders:
        assert ref.get(r.section) is not None, f"reminder {r.id} names {r.section!r}, no section"


def broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The reference folder's two teaching files copied with ``old`` replaced once in ``name``."""
    for f in ("cheatsheets.yaml", "reminders.yaml"):
        shutil.copy(REF_DIR / f, tmp_path / f)
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_bad_trigger_names_file_line_and_key(tmp_path: Path) -> None:
    d = broken_copy(tmp_path, "reminders.yaml", "when: decision:cave_turn", "when: decision:Cave Turn")
    with pytest.raises(ReferenceError) as err:
        load_teaching_cards_uncached(d)
    line = line_of(d / "reminders.yaml", "decision:Cave Turn")
    assert re.search(rf"reminders\.yaml line {line}, reminders\[\d+\]\.when", str(err.value)), str(err.value)


def test_a_missing_key_names_file_line_and_key(tmp_path: Path) -> None:
    d = broken_copy(tmp_path, "cheatsheets.yaml", "    how_to_win:", "    how_to_lose:")
    with pytest.raises(ReferenceError) as err:
        load_teaching_cards_uncached(d)
    assert "cheatsheets.yaml line" in str(err.value)
    assert "cheatsheets[0].how_to_win" in str(err.value) and "cheatsheets[0].how_to_lose" in str(err.value)


def test_an_unlisted_trigger_and_a_duplicate_id_are_refused(tmp_path: Path) -> None:
    d = broken_copy(tmp_path, "reminders.yaml", "when: decision:cave_turn/place", "when: decision:cave_dances")
    with pytest.raises(ReferenceError, match=r"reminders\.yaml line \d+, reminders\[\d+\]\.when: trigger "
                                             r"'decision:cave_dances' is not listed"):
        load_teaching_cards_uncached(d)
    d = broken_copy(tmp_path, "reminders.yaml", "id: cave_draw_after_each_tile", "id: cave_crystal_tiles_first")
    with pytest.raises(ReferenceError, match=r"reminders\.yaml line \d+, reminders\[\d+\]\.id: duplicate"):
        load_teaching_cards_uncached(d)


def test_a_missing_role_card_is_refused(tmp_path: Path) -> None:
    d = broken_copy(tmp_path, "cheatsheets.yaml", "  - role: thief", "  - role: knight")
    with pytest.raises(ReferenceError, match="cheatsheets.yaml: two cheat sheets for the role 'knight'"):
        load_teaching_cards_uncached(d)


def test_a_bonus_line_naming_no_variant_is_refused(tmp_path: Path) -> None:
    d = broken_copy(tmp_path, "cheatsheets.yaml", "variant: schemes", "variant: scheemes")
    with pytest.raises(ReferenceError, match="cheatsheets.yaml: the goblins sheet's bonus names 'scheemes', which is "
                                             "no variant"):
        load_teaching_cards_uncached(d)


# --------------------------------------------------------------------------- bonus cards (issue 28)

def test_each_sheet_lists_its_bonus_cards_in_play_and_none_without_them(cards: TeachingCards) -> None:
    """Issue 28: with a bonus variant, each role's sheet names that role's bonus cards in play
    (the Goblins' Schemes and their price, the Thief's Upgrade card, the Knight's promo Treasures,
    Sidequests and revised cards, the promo Secrets, Monster and Event); none in a plain game."""
    five = ("knight", "goblins", "dragon", "cave", "thief")
    every = bonus_variants_in_play(Setup(roles=five, variants=("all-bonus-cards",)))
    for role in ROLES:
        assert bonus_lines(cards.sheet(role), ()) == (), role
        if role in five:                        # the Ghoul has no bonus cards
            assert bonus_lines(cards.sheet(role), every), role
    gob = " ".join(bonus_lines(cards.sheet("goblins"), bonus_variants_in_play({"roles": ["goblins", "knight"],
                                                                                "variants": ["schemes"]})))
    assert "costs 1 + the Schemes you own, paid with Treasure or by discarding a Scheme" in gob
    assert "Slingshot" not in gob                                   # promo-secrets is not in play
    assert "Slingshot" in " ".join(bonus_lines(cards.sheet("goblins"), every))
    assert "Cave Mushrooms" in " ".join(bonus_lines(cards.sheet("goblins"), ("promo-secrets",)))
    assert "Ground Kraken" in " ".join(bonus_lines(cards.sheet("goblins"), ("promo-monsters",)))
    thief = " ".join(bonus_lines(cards.sheet("thief"), ("thief-upgrades",)))
    assert all(name in thief for name in ("Charm", "Warlock's Wand", "Cloak of the Mountebank"))
    knight = " ".join(bonus_lines(cards.sheet("knight"), every))
    for name in ("Silver Gauntlet", "Treasure Trove", "Cursed Amulet", "Rune Staff", "Prepared", "Noble Failure",
                 "Heroic Boots", "Javelin", "Cave Bread", "Quake!", "Ground Kraken", "Slingshot", "Charm"):
        assert name in knight, name
    # all-bonus-cards counts only the bonus variants whose role is in play
    duo = bonus_variants_in_play({"roles": ["knight", "cave"], "variants": ["all-bonus-cards"]})
    assert "schemes" not in duo and "promo-treasures" in duo
    assert bonus_variants_in_play(None) == ()


# --------------------------------------------------------------------------- triggers

def engine_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE_DIR.rglob("*.py")))


def test_every_trigger_names_something_the_engine_asks_or_logs(cards: TeachingCards) -> None:
    """decision:<kind> must be a kind the engine asks (a DecisionKind: tests/test_decision_kinds.py
    checks every member is asked), event:<kind> one it logs (g.log("<kind>", ...)),
    turn_start:<role> a role (the engine logs "turn")."""
    src = engine_source()
    asked = {k.value for k in DecisionKind}
    logged = set(re.findall(r"\.log\(\s*\"([a-z_]+)\"", src))
    assert "turn" in logged
    for trigger in cards.triggers:
        kind, _, name = trigger.partition(":")
        name = name.partition("/")[0]           # decision:<kind>/<verb>: the kind must be asked
        known = {"decision": asked, "event": logged, "turn_start": set(ROLES)}[kind]
        assert name in known, f"{trigger}: the engine never produces it"


def cave_turn_position() -> Game:
    """CV-04: the Cave's own turn (Knight vs Cave, a Crystal tile in hand)."""
    return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave", "omen_bag": {},
                          "tiles": [{"pos": [0, 0], "tile": "entrance"},
                                    {"pos": [1, 0], "tile": "T13", "lit": False}],
                          "cave": {"hand": ["T37", "T01", "T05"]}})


def test_CV_04_the_caves_turn_reminds_it_that_crystal_tiles_go_first(cards: TeachingCards) -> None:
    g = cave_turn_position()
    assert g.pending is not None and (g.pending.role, g.pending.kind) == ("cave", "cave_turn")
    due = [r.id for r in due_reminders(cards, g, "cave", 0)]
    assert "cave_crystal_tiles_first" in due
    assert "decision:cave_turn/place" in triggers_now(g.pending, [], g.state.active)
    # only for the role it concerns, and once: not again when already shown
    assert "cave_crystal_tiles_first" not in [r.id for r in due_reminders(cards, g, "knight", 0)]
    assert "cave_crystal_tiles_first" not in [r.id for r in due_reminders(cards, g, "cave", 0,
                                                                          {"cave_crystal_tiles_first"})]


def test_a_decision_for_another_role_does_not_trigger(cards: TeachingCards) -> None:
    """The pending decision counts only for the role who decides it."""
    g = cave_turn_position()
    since = len(g.events)                         # nothing new logged: only the decision could match
    assert due_reminders(cards, g, "knight", since) == []
    assert [r.id for r in due_reminders(cards, g, "cave", since)] == [
        r.id for r in cards.reminders if r.when.startswith("decision:cave_turn") and r.concerns("cave")]


def test_CV_04_no_crystal_reminder_while_the_cave_removes_tiles(cards: TeachingCards) -> None:
    """CV-04 applies to placing tiles: in the Collapse the Cave's turn removes tiles instead
    (COL-04), so the "Crystal tiles first" reminder is not due then."""
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave", "omen_bag": {},
                       "collapse": True, "stack": [],
                       "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": True},
                                 {"pos": [2, 0], "tile": "T05", "lit": True}],
                       "cave": {"hand": []}})
    assert g.pending is not None and g.pending.kind == "cave_turn"
    assert any(o.id.startswith("remove:") for o in g.pending.options)
    assert "cave_crystal_tiles_first" not in [r.id for r in due_reminders(cards, g, "cave", 0)]


def test_reminders_only_in_games_with_the_roles_they_speak_of(cards: TeachingCards) -> None:
    """The Dragon's Bomb reminder needs a Dragon in the game; the Hunger one no Goblins."""
    bomb = cards.reminder("knight_bomb_needs_strength")
    assert bomb.fits(("knight", "dragon")) and not bomb.fits(("knight", "cave"))
    hunger = cards.reminder("dragon_no_goblins_slither_hunger")
    assert hunger.fits(("knight", "dragon")) and not hunger.fits(("knight", "goblins", "dragon"))
    g = cave_turn_position()                     # Knight vs Cave: no Dragon reminder, ever
    g.apply("end:") if "end:" in g.pending.ids else None
    assert all(not r.with_roles or r.fits(("knight", "cave")) for r in due_reminders(cards, g, "knight", 0))


def test_turn_start_and_events_since_the_last_look(cards: TeachingCards) -> None:
    """The Knight's turn starts (the engine's "turn" event) once the Cave ends its turn."""
    g = cave_turn_position()
    while g.pending is not None and g.pending.role == "cave" and "end:" not in g.pending.ids:
        g.apply(next(i for i in g.pending.ids if not i.startswith("omen:")))
    since = len(g.events)
    g.apply("end:")
    assert g.pending is not None and g.pending.role == "knight"
    now = triggers_now(g.pending, g.events[since:], g.state.active)
    assert {"turn_start:knight", "event:turn", f"decision:{g.pending.kind}"} <= now
    due = [r.id for r in due_reminders(cards, g, "knight", since)]
    assert "knight_two_cubes_minimum" in due            # turn_start:knight
    assert "knight_two_cubes_minimum" not in [r.id for r in due_reminders(cards, g, "knight", len(g.events))]


GAMES = [
    (("knight", "cave"), {}),
    (("knight", "goblins", "dragon", "cave", "thief"), {}),
    (("knight", "goblins", "dragon", "thief"), {}),
    (("knight", "goblins"), {}),
    (("knight", "dragon"), {}),
    (("thief", "goblins"), {}),
    (("knight",), {"solo_level": "easy"}),
    (("knight", "thief", "ghoul"), {}),          # the Ghoul's reminders, and the others' about it
    (("knight", "vile_ghoul"), {}),              # the Vile Ghoul's, and the Knight's about it
]


def play_and_collect(roles: tuple[str, ...], extra: dict, seed: int, seen: set[str]) -> None:
    """A random game; after every step, the triggers of that moment for the deciding role."""
    g = new_game(Setup(roles=roles, seed=seed, **extra))
    bot = RandomBot(seed)
    since = 0
    while g.outcome is None and len(g.choices) < 6000:
        d = g.pending
        assert d is not None
        seen |= triggers_now(d, g.events[since:], g.state.active)
        since = len(g.events)
        g.apply(bot(None, d))


def test_random_games_produce_every_trigger_the_reminders_use(cards: TeachingCards) -> None:
    seen: set[str] = set()
    for roles, extra in GAMES:
        for seed in (1, 2, 3):
            play_and_collect(roles, extra, seed, seen)
    play_and_collect(GAMES[1][0], {}, 12, seen)      # a random Dragon seldom surfaces: in this game he does
    missing = set(cards.triggers) - seen
    assert not missing, f"never detected in random games: {sorted(missing)}"
