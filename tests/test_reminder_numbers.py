"""Every reminder says the numbers of the game it is shown in (issue 27 item 5).

For every role variant of the rules data (all 30 role combinations, each solo level, and the
no-Cave four-player games with the "one tile in the Collapse" house rule too), a game is set
up and, for every reminder that can be shown in it (:meth:`Reminder.fits_game`, for a role in
play), the numbers its text says (digits and number words) must be exactly those the rules
data gives for that setup: the no-Cave reminder says the Cave Reference card's 1 tile and the
game's Collapse rate, the solo reminders the Alone in the Dark card's values (the Knight's
starting and most Hero cubes), the Cave's "draw back up to 3" its hand size, and so on.  A
reminder not listed below must say no number at all, so a new number cannot slip in unchecked.
Where the rulebook gives a number the data files do not hold (only one Tribe scatters), the
checklist item that states it is named."""
from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.game import Game
from vast_desktop.rules_data import RulesData, load_rules_data
from vast_desktop.teach.cheatsheets import ROLES, Reminder, TileRule, load_teaching_cards, tile_rule

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "single": 1, "twice": 2}


def numbers_in(text: str) -> set[int]:
    """The numbers a text says: digits and number words ("once" is not one: it says how often)."""
    found = {int(d) for d in re.findall(r"\b\d+\b", text)}
    found |= {WORDS[w.lower()] for w in re.findall(r"[A-Za-z]+", text) if w.lower() in WORDS}
    return found


def pride_boxes(rd: RulesData) -> dict[str, int]:
    return {b.id: b.cubes for b in rd.dragon.sloth if b.category == "pride"}


def sloth_categories(rd: RulesData) -> set[str]:
    return {b.category for b in rd.dragon.sloth}


#: reminder id -> the numbers its text must say in a game (rules data, the game's configuration)
Expected = Callable[[RulesData, Game], set[int]]
EXPECTED: dict[str, Expected] = {
    # KN: never below the starting Hero cubes (they are never lost or discarded)
    "knight_two_cubes_minimum": lambda rd, g: {rd.knight.start_cubes},
    # DR: one cube per Sloth category a turn, so at most as many as there are categories; Pride is 3 boxes
    "dragon_one_cube_per_track": lambda rd, g: {rd.dragon.max_sloth_cubes_per_turn // len(sloth_categories(rd)),
                                                rd.dragon.max_sloth_cubes_per_turn, len(pride_boxes(rd))},
    "dragon_pride_tracks_separate": lambda rd, g: {len(pride_boxes(rd)), *pride_boxes(rd).values()},
    # CV: the Cave draws back up to its hand size
    "cave_draw_after_each_tile": lambda rd, g: {rd.cave.hand_size},
    # TH: the Loot Drop Level a stash resets to
    "thief_loot_drop_resets_on_stash": lambda rd, g: {rd.thief.loot_drop_start},
    # SET-14 (the Cave Reference card's tiles a turn) and COL-05/06 (the game's Collapse rate)
    "variants_no_cave_tiles": lambda rd, g: {rd.cave.tiles_per_turn, g.config.collapse_rate_no_cave},
    "variants_no_cave_tiles_one_collapse": lambda rd, g: {rd.cave.tiles_per_turn, g.config.collapse_rate_no_cave,
                                                          MIN_PLAYERS_ONE_COLLAPSE},
    # SOLO-03: the Knight's value is her Hero cubes available or placed: 2 at the start, all 7 at most
    "variants_solo_knight_tiles": lambda rd, g: {rd.knight.start_cubes, rd.knight.total_cubes},
    # GB-35 [FAQ]: however many Tribes overpopulate, only 1 Tribe scatters (no data field holds it)
    "goblins_scatter_only_one": lambda rd, g: {1},
    # DR-68 [BOARD]: on the surface she may attack him several times, 1 per Encounter (no data field holds it)
    "knight_surfaced_dragon_many_attacks": lambda rd, g: {1},
}
#: COL-06 [FAQ]: the house rule is for games of more than 3 players
MIN_PLAYERS_ONE_COLLAPSE = 4

#: SOLO-03: the words each Alone in the Dark value is called by in the solo reminders
ALONE_WORDS = {"revealed_crystal_tiles": "revealed Crystal tiles", "hero_cubes": "Hero cubes available or placed",
               "largest_population": "biggest Tribe's Population", "spirit": "Spirit", "movement": "Movement"}


GHOUL_GAMES = (("knight", "ghoul"), ("thief", "ghoul"), ("knight", "goblins", "dragon", "cave", "thief", "ghoul"),
               ("knight", "vile_ghoul"), ("knight", "vile_ghoul", "dragon", "cave", "thief"))


def setups() -> list[tuple[str, Setup]]:
    """Every role variant of the rules data, each solo level, and with the house rule where it counts."""
    rd = load_rules_data()
    out: list[tuple[str, Setup]] = []
    for v in rd.role_variants:
        roles = tuple(r for r in ROLES if r in v.roles)
        levels = [lvl.id for lvl in v.solo_levels] or [None]
        house = [(), ("one_tile_collapse",)] if "cave" not in roles and len(roles) >= MIN_PLAYERS_ONE_COLLAPSE else [()]
        for level, rules in product(levels, house):
            name = v.id + (f"/{level}" if level else "") + ("/one_tile_collapse" if rules else "")
            out.append((name, Setup(roles=roles, seed=1, solo_level=level, house_rules=rules)))
    # The Ghoul and the Vile Ghoul (issue 29): their own reminders and the others' about them
    out += [(f"ghoul/{'-'.join(r)}", Setup(roles=r, seed=1)) for r in GHOUL_GAMES]
    return out


SETUPS = setups()


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {name: new_game(setup) for name, setup in SETUPS}


def shown_in(r: Reminder, g: Game) -> bool:
    return r.fits_game(g) and (r.role == "all" or r.role in g.state.roles)


def test_every_setup_is_covered_and_every_tile_rule_occurs(games: dict[str, Game]) -> None:
    assert len({frozenset(g.state.roles) for g in games.values()
                if not {"ghoul", "vile_ghoul"} & set(g.state.roles)}) == 30
    assert {tile_rule(g) for g in games.values()} == set(TileRule)


def test_each_reminder_says_the_numbers_of_each_setup_it_is_shown_in(games: dict[str, Game]) -> None:
    rd = load_rules_data()
    cards = load_teaching_cards()
    assert set(EXPECTED) <= {r.id for r in cards.reminders}, "EXPECTED names a reminder that is gone"
    checked = 0
    for r in cards.reminders:
        for name, g in games.items():
            if not shown_in(r, g):
                continue
            want = EXPECTED[r.id](rd, g) if r.id in EXPECTED else set()
            said = numbers_in(r.text)
            assert said == want, f"{r.id} in {name}: the text says {sorted(said)}, the rules {sorted(want)}: {r.text}"
            checked += 1
    assert checked > 200


def test_every_reminder_can_be_shown_somewhere(games: dict[str, Game]) -> None:
    cards = load_teaching_cards()
    for r in cards.reminders:
        assert any(shown_in(r, g) for g in games.values()), f"{r.id} fits no setup"


def test_the_tile_reminders_follow_the_tile_rule_of_the_game(games: dict[str, Game]) -> None:
    """The no-Cave "1 tile" reminder never in a solo game (the Knight solo places as many as
    Alone in the Dark says), the house rule's only under it, the solo ones only solo, for
    their own role, naming the role's Alone in the Dark value; the one-tile Collapse only in
    games of at least four players."""
    rd = load_rules_data()
    cards = load_teaching_cards()
    alone = next(c for c in rd.variant_cards if c.id == "alone_in_the_dark").params
    by_id = {r.id: r for r in cards.reminders}
    for name, g in games.items():
        rule = tile_rule(g)
        ids = {r.id for r in cards.reminders if shown_in(r, g) and r.when == "decision:place_tile"}
        if rule is TileRule.NO_CAVE:
            assert ids == {"variants_no_cave_tiles"}, name
        elif rule is TileRule.NO_CAVE_ONE_COLLAPSE:
            assert ids == {"variants_no_cave_tiles_one_collapse"}, name
            assert len(g.state.roles) >= MIN_PLAYERS_ONE_COLLAPSE and g.config.collapse_rate_no_cave == 1
        elif rule is TileRule.SOLO:
            (role,) = g.state.roles
            assert ids == {f"variants_solo_{role}_tiles"}, name
            text = by_id[f"variants_solo_{role}_tiles"].text
            assert ALONE_WORDS[alone[role]] in text and ALONE_WORDS[alone["all"]] in text, name
            assert g.config.alone_in_the_dark
        else:
            assert ids == set(), name


@pytest.mark.parametrize(("text", "numbers"), [
    ("each removes 3 tiles", {3}), ("only one Tribe, once per turn", {1}), ("2 at the start, up to 7", {2, 7}),
    ("no number here", set())])
def test_numbers_in_reads_digits_and_words(text: str, numbers: set[int]) -> None:
    assert numbers_in(text) == numbers
