"""Every option of the engine's Setup offered on the New game screen, set by real clicks, keys
and the mouse wheel (headless): the optional variants (built from the engine's list, a family
taking one choice), Knight vs Thief's Crystals (RV-27) and the Thief's stash that follows them,
a solo level, house rules, the seed; the Campaign (VAR-03) from the setup to the game-over
screen with the levels changing on disk, its seats kept by a save, its players named on the table
and the curtain; a broken campaign file
shown and never overwritten; the Goblins' Loot Drop bonus chosen on their board."""
from __future__ import annotations

import json
from types import MappingProxyType

import pygame
import pygame_gui
import pytest

from vast_desktop.campaign import Campaign, campaign_path, load_campaign, save_campaign
from vast_desktop.engine import Setup, load_scenario
from vast_desktop.engine import setup as engine_setup
from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens import setup as setup_screen_module
from vast_desktop.screens.gameover import GameOverScreen
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.paged import PagedList
from vast_desktop.screens.setup import SetupScreen, variant_groups
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path

from .robot import Robot
from .test_screens import button_named, choose, click, frames, key, title


@pytest.fixture(autouse=True)
def fresh_fonts():
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


# ---------------------------------------------------------------- real input
def new_game_screen(app) -> SetupScreen:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    title(app)
    click(app, button_named(app, "New game"))
    assert isinstance(app.top, SetupScreen)
    return app.top


def wheel_to(app, plist: PagedList, element) -> None:
    """Turn the mouse wheel over a paged list until ``element`` shows."""
    index = next(i for i, item in enumerate(plist.items) if any(e is element for e, _, _ in item.elements))
    for _ in range(len(plist.items) + 2):
        if element.visible:
            return
        at = (plist.area.x + 4, plist.area.y + 4)
        pygame.mouse.set_pos(at)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if index >= plist.first else 1,
                                             flipped=False, precise_x=0.0, precise_y=0.0))
        frames(app, 2)
    raise AssertionError(f"the wheel does not bring {element} into view")


def press(app, element) -> None:
    """Click an element of the setup screen, turning the wheel first if its list paged it away."""
    setup = app.top
    for plist in (setup.players_list, setup.options_list):
        if any(e is element for item in plist.items for e, _, _ in item.elements):
            wheel_to(app, plist, element)
    click(app, element)


def type_into(app, entry: pygame_gui.elements.UITextEntryLine, text: str) -> None:
    """Click a text entry, clear it with Backspace, and type ``text`` key by key."""
    press(app, entry)
    assert entry.is_focused
    for _ in range(len(entry.get_text())):
        key(app, pygame.K_BACKSPACE)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 1)
    frames(app, 2)
    assert entry.get_text() == text


def drawn(app) -> str:
    """Everything on the screen this frame, the lines of wrapped texts joined again."""
    text_mod.DRAWN.clear()
    frames(app, 1)
    return " ".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))


# ---------------------------------------------------------------- variants
def test_every_option_set_by_clicks_reaches_the_games_setup(app) -> None:
    setup = new_game_screen(app)
    press(app, setup.role_buttons["thief"])
    choose(app, setup.seat_menus["thief"], "Computer (Random)")
    choose(app, setup.level_menus["thief"], "Prowler (Hard)")
    press(app, setup.crystal_buttons[6])
    press(app, setup.variant_buttons["collapse-"]["collapse-2"])
    rules = list(engine_setup.HOUSE_RULES)
    press(app, setup.house_buttons[rules[-1]])          # the last house rule: the wheel pages the list down to it
    press(app, setup.house_buttons[rules[0]])           # and back up to the first
    type_into(app, setup.seed_entry, "4711")
    click(app, setup.start_button)

    game = app.session.game
    assert game.setup == Setup(roles=("knight", "thief"), seed=4711, variants=("collapse-2",),
                               difficulty={"thief": "prowler"}, house_rules=tuple(sorted((rules[0], rules[-1]))),
                               knight_crystals=6)
    assert game.config.crystals_needed == 6 and game.config.extra["thief_stash"] == 6
    assert game.config.extra["collapse_variant_tiles"] == 2 and len(game.state.box) >= 2
    assert not app.session.seats["thief"].human and app.session.players == {}


def test_families_take_one_choice_and_the_list_comes_from_the_engine(app, monkeypatch) -> None:
    """Collapse and Speed offer Off and each of their variants, one at a time; a variant the
    engine adds later shows up by itself (On/Off, or in its family)."""
    later = MappingProxyType({   # the engine's table is read-only: the test swaps in a longer one
        **engine_setup.OPTIONAL_VARIANTS,
        "moving-entrance": "Moving Entrance variant: a test line for a variant added later.",
        "collapse-5": "Collapse variant: 5 random Cave tiles are left out (a test line)."})
    for module in (engine_setup, setup_screen_module):
        monkeypatch.setattr(module, "OPTIONAL_VARIANTS", later)
    singles = [v for v in engine_setup.OPTIONAL_VARIANTS if not v.startswith(("collapse-", "speed-"))]
    assert "moving-entrance" in singles
    assert [g for g, _ in variant_groups()] == ["collapse-", "speed-", *singles]
    setup = new_game_screen(app)
    assert list(setup.variant_buttons["collapse-"]) == ["", "collapse-2", "collapse-3", "collapse-4", "collapse-5"]
    assert [b.text for b in setup.variant_buttons["collapse-"].values()] == ["Off", "2 tiles", "3 tiles", "4 tiles",
                                                                            "5 tiles"]
    assert [b.text for b in setup.variant_buttons["speed-"].values()] == ["Off", "Easiest", "Easy", "Hard", "Expert"]
    for family, members in (("collapse-", ["collapse-3", "collapse-2", "collapse-5"]),
                            ("speed-", ["speed-easy", "speed-expert"])):
        for v in members:
            press(app, setup.variant_buttons[family][v])
            assert [x for x in setup.setup().variants if x.startswith(family)] == [v]
            assert setup.variant_buttons[family][v].object_ids[-1] == "@primary"
            assert engine_setup.OPTIONAL_VARIANTS[v] in drawn(app)       # what the chosen one does is shown
    press(app, setup.variant_buttons["moving-entrance"]["moving-entrance"])
    assert setup.variant_buttons["moving-entrance"]["moving-entrance"].text == "On"
    assert setup.setup().variants == ("speed-expert", "moving-entrance", "collapse-5")     # in the engine's order
    press(app, setup.variant_buttons["collapse-"][""])                  # Off: the family leaves the Setup
    assert setup.setup().variants == ("speed-expert", "moving-entrance")
    click(app, setup.start_button)
    assert app.session.game.setup.variants == ("speed-expert", "moving-entrance")


def test_speed_sets_the_levels_not_chosen_by_hand(app) -> None:
    setup = new_game_screen(app)
    press(app, setup.role_buttons["cave"])
    press(app, setup.variant_buttons["speed-"]["speed-hard"])
    assert setup.level_of("knight") == "baroness" and setup.level_of("cave") != "cave"
    assert setup.level_menus["knight"].selected_option[0] == "Baroness (Hard)"
    choose(app, setup.level_menus["cave"], "Spillway (Easy)")
    assert setup.setup().difficulty == {"cave": "spillway"}
    click(app, setup.start_button)
    cfg = app.session.game.config
    assert app.session.game.setup.variants == ("speed-hard",)
    assert cfg.collapse_crystals == 4                       # the Cave as chosen
    assert cfg.smash_strength == 3 and cfg.crystals_needed == 6      # the Knight at Hard (Baroness) by the variant


def test_knight_vs_thief_crystals_and_the_thiefs_true_stash(app) -> None:
    setup = new_game_screen(app)
    assert setup.crystal_buttons == {}
    press(app, setup.role_buttons["thief"])
    assert set(setup.crystal_buttons) == {5, 6} and setup.setup().knight_crystals == 5
    text = drawn(app)
    # the Thief's Standard card says 6, but in Knight vs Thief he stashes as many as the Knight's Crystals
    assert "Thief: Stash 5 Treasure tokens (as many as the Crystals the Knight needs in Knight vs Thief)." in text
    assert "Stash 6" not in text
    press(app, setup.crystal_buttons[6])
    assert setup.setup().knight_crystals == 6 and setup.config.extra["thief_stash"] == 6
    assert "Thief: Stash 6 Treasure tokens." in drawn(app)
    press(app, setup.role_buttons["cave"])                   # not Knight vs Thief: no choice, the card's numbers
    assert setup.crystal_buttons == {} and setup.setup().knight_crystals is None
    assert "Thief: Stash 6 Treasure tokens." in drawn(app)
    press(app, setup.role_buttons["cave"])
    click(app, setup.start_button)
    assert app.session.game.setup.knight_crystals == 6 and app.session.game.config.crystals_needed == 6


def test_the_dragon_solo_level(app) -> None:
    setup = new_game_screen(app)
    press(app, setup.role_buttons["knight"])
    press(app, setup.role_buttons["dragon"])
    assert setup.solo_menu is not None
    choose(app, setup.solo_menu, "Hard")
    click(app, setup.start_button)
    assert app.session.game.setup.solo_level == "hard"
    assert app.session.game.config.extra["hunger_to_wakefulness"] == 0


# ---------------------------------------------------------------- campaign
def campaign_game(app, names: dict[str, str], seed: str = "4") -> SetupScreen:
    """Knight vs Cave, two computer players, the Campaign on and the names typed."""
    setup = new_game_screen(app)
    press(app, setup.role_buttons["cave"])
    press(app, setup.campaign_button)
    assert setup.campaign_on and setup.campaign_button.text == "On"
    for role, name in names.items():
        choose(app, setup.seat_menus[role], "Computer (Random)")
        if setup.name_entries[role].get_text() != name:
            type_into(app, setup.name_entries[role], name)
    type_into(app, setup.seed_entry, seed)
    return setup


def play_out(app) -> None:
    session = app.session
    while session.game.outcome is None:
        session.step_bot()
    frames(app, 4)


def test_campaign_from_setup_to_game_over_and_back(app) -> None:
    setup = new_game_screen(app)
    press(app, setup.role_buttons["cave"])
    press(app, setup.campaign_button)
    assert setup.campaign_on and setup.level_menus == {}          # levels are not chosen by hand
    assert not setup.start_button.is_enabled and "type the name" in setup.error
    setup = campaign_game(app, {"knight": "Ada", "cave": "Bo"})
    assert setup.start_button.is_enabled
    text = drawn(app)
    assert text.count("Campaign level Easiest (new player), so") == 2
    easiest = {r: d.id for r in ("knight", "cave") for d in setup.rules.difficulty_levels(r) if d.rank == "easiest"}
    assert setup.setup().difficulty == easiest
    click(app, setup.start_button)

    session = app.session
    assert session.players == {"knight": "Ada", "cave": "Bo"}
    assert session.game.setup.difficulty == easiest
    assert session.flush_autosave()                                          # written in the background
    saved = json.loads(autosave_path().read_text())
    assert saved["campaign"] == {"knight": "Ada", "cave": "Bo"}             # the seats survive a save ...
    assert Session.load(autosave_path()).players == {"knight": "Ada", "cave": "Bo"}      # ... and a load
    assert not campaign_path().exists()                                     # nothing written before the end

    play_out(app)
    over = app.top
    assert isinstance(over, GameOverScreen)
    winners = [session.players[r] for r in session.game.outcome.winners]
    assert winners, "Knight vs Cave always has a winner"
    stored = load_campaign()
    assert {p: stored.levels[p] for p in ("Ada", "Bo")} == {p: (1 if p in winners else 0) for p in ("Ada", "Bo")}
    assert len(stored.games) == 1 and stored.games[0].game == session.game_id()
    text = drawn(app)
    assert f"Campaign: {winners[0]} moves up to Easy." in text and "Levels now:" in text

    # the game-over screen again, or the finished game loaded again: counted once
    app.pop()
    app.push(GameOverScreen(app))
    frames(app)
    assert app.continue_game()
    frames(app, 4)
    assert isinstance(app.top, GameOverScreen) and app.session is not session
    assert "already in the campaign" in drawn(app)
    assert len(load_campaign().games) == 1

    # the next game: the same players in their seats, the winner a level up
    click(app, button_named(app, "New game"))
    setup = app.top
    assert isinstance(setup, SetupScreen)
    press(app, setup.role_buttons["cave"])
    press(app, setup.campaign_button)
    assert {r: setup.name_entries[r].get_text() for r in ("knight", "cave")} == {"knight": "Ada", "cave": "Bo"}
    winner_role = session.game.outcome.winners[0]
    rank = setup.rules.difficulty_level(winner_role, setup.level_of(winner_role)).rank
    assert rank == "easy"
    assert "Campaign level Easy, so" in drawn(app)
    press(app, setup.campaign_button)                      # off again: levels by hand
    assert not setup.campaign_on and setup.level_menus


def test_campaign_players_named_on_the_table_and_the_curtain(app) -> None:
    """VAR-03 at the table: the names typed at setup show with their roles — under each role on the turn
    strip with the player's campaign level ("Bo · Standard"), on a plate over the role's board — and the
    hand-off curtain calls the player by name ("Pass to Bo — the Cave", her level, "I am Bo — show my
    view"); a game without the Campaign keeps "Pass to the Cave" and no plate."""
    save_campaign(Campaign(levels={"Bo": 2}))                    # Bo is at Standard, Ada new (Easiest)
    setup = new_game_screen(app)
    press(app, setup.role_buttons["cave"])
    press(app, setup.campaign_button)
    for role, name in {"knight": "Ada", "cave": "Bo"}.items():
        assert setup.seat_of(role).human
        type_into(app, setup.name_entries[role], name)
    type_into(app, setup.seed_entry, "4")
    click(app, setup.start_button)
    curtain = app.top                                                # a new game starts behind the curtain
    assert isinstance(curtain, HandoffScreen) and curtain.role == "knight"
    assert "Pass to Ada — the Knight" in drawn(app)
    Robot(app).key(pygame.K_SPACE)
    table = app.top
    assert isinstance(table, TableScreen) and app.session.players == {"knight": "Ada", "cave": "Bo"}
    assert app.session.viewer == "knight" and table.board_tab == "knight"
    text = drawn(app)
    assert "Ada · Easiest" in text and "Bo · Standard" in text            # the turn strip
    assert "Ada · campaign level Easiest" in text and "Bo · campaign" not in text   # the plate over her board
    assert table.plate_rect.h > 0 and table.board_rect.top >= table.plate_rect.bottom
    robot = Robot(app)
    robot.key(pygame.K_b)                                          # the Cave's board: Bo's plate
    assert table.board_tab == "cave"
    assert "Bo · campaign level Standard" in drawn(app)
    # the Knight plays on until the turn passes to the Cave: the curtain calls Bo
    while not isinstance(app.top, HandoffScreen):
        d = app.session.game.pending
        assert d is not None and d.role == "knight" and len(app.session.game.choices) < 40
        app.session.choose("end:" if "end:" in d.ids else d.ids[0])
        frames(app, 1)
    assert app.top.role == "cave"
    text = drawn(app)
    assert "Pass to Bo — the Cave" in text and "Campaign level: Standard" in text
    assert "I am Bo — show my view" in text and "Ada" not in text
    robot.key(pygame.K_SPACE)
    assert app.session.viewer == "cave" and not isinstance(app.top, HandoffScreen)
    assert "Bo · campaign level Standard" in drawn(app)
    # without the Campaign: the curtain names the role, no plate
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=4), {r: Seat(True) for r in ("knight", "cave")})
    app.replace(TableScreen(app))
    frames(app, 2)
    assert isinstance(app.top, HandoffScreen) and app.top.role == "knight"     # the entry curtain
    text = drawn(app)
    assert "Pass to the Knight" in text and "I am the Knight — show my view" in text and "Campaign level" not in text
    Robot(app).key(pygame.K_SPACE)
    assert app.top.plate_rect.h == 0


def test_a_broken_campaign_file_is_shown_and_never_overwritten(app) -> None:
    path = campaign_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    setup = new_game_screen(app)
    press(app, setup.campaign_button)
    assert not setup.campaign_on and setup.campaign_button.text == "Off"
    text = drawn(app)
    assert "The campaign cannot be used" in text and "broken JSON at line 1" in text
    assert path.read_text(encoding="utf-8") == "{not json"
    assert setup.start_button.is_enabled                    # a game without the campaign still starts
    click(app, setup.start_button)
    assert app.session.players == {}
    assert path.read_text(encoding="utf-8") == "{not json"


def test_a_campaign_file_broken_during_the_game_is_reported_at_the_end(app) -> None:
    setup = campaign_game(app, {"knight": "Ada", "cave": "Bo"}, seed="7")
    click(app, setup.start_button)
    path = campaign_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "something else"}', encoding="utf-8")
    play_out(app)
    assert isinstance(app.top, GameOverScreen) and app.top.campaign_failed
    assert "The campaign was not updated" in drawn(app)
    assert path.read_text(encoding="utf-8") == '{"format": "something else"}'


def test_a_finished_campaign_cannot_be_turned_on(app) -> None:
    save_campaign(Campaign(levels={"Ada": 4}, vastness="Ada"))
    setup = new_game_screen(app)
    press(app, setup.campaign_button)
    assert not setup.campaign_on
    assert "Ada is Your Vastness" in drawn(app)


def test_saves_without_a_campaign_are_written_and_read_as_before(app, tmp_path) -> None:
    session = Session.new(Setup(roles=("knight",), seed=2), {"knight": Seat(True)})
    path = tmp_path / "plain.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert "campaign" not in data                       # an older version reads it
    assert Session.load(path).players == {}
    data["campaign"] = {"knight": "Ada"}
    path.write_text(json.dumps(data))
    assert Session.load(path).players == {"knight": "Ada"}


# ---------------------------------------------------------------- the Goblins' Loot Drop bonus
LOOT = {"setup": {"roles": ["goblins", "thief"], "seed": 3}, "active": "goblins",
        "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T22", "lit": True},
                  {"pos": [2, 0], "tile": "T25", "lit": True}],
        "pieces": {"tribe:fangs": [1, 0], "thief": [1, 0]},
        "goblins": {"rage": 1, "population": {"fangs": 3, "bones": 0, "eye": 0},
                    "war_deck": ["pain", "thirst", "spite", "consumption", "desolation", "waste", "ruin", "hate",
                                 "fear", "desperation"]},
        "thief": {"loot_drop": 2}}


@pytest.mark.parametrize(("slot", "option"), [("goblins.rage", "bonus:rage"), ("goblins.secrets", "bonus:secrets")])
def test_the_loot_drop_bonus_is_chosen_on_the_goblins_board(app, slot: str, option: str) -> None:
    """GB-94: the Goblins killed the Thief; they take his Loot Drop bonus by clicking their Rage
    track or their Secrets."""
    g = load_scenario(LOOT)
    while g.pending is not None and g.pending.kind != "goblins_turn":
        g.apply("populate:" if "populate:" in g.pending.ids else g.pending.ids[0])
    g.apply("activate:fangs")
    g.apply("attack:thief")
    assert g.pending is not None and g.pending.kind == "thief_bonus"
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 3.0})
    app.session = Session(g, {"goblins": Seat(True), "thief": Seat(False)})
    app.replace(TableScreen(app))
    robot = Robot(app)
    robot.frames(3)
    rage, hand = g.state.goblins.rage, len(g.state.goblins.hand)
    pos = robot.board_region(f"slot:{slot}")
    assert pos is not None, f"no slot:{slot} region on the Goblins' board"
    assert f"slot:{slot}" in robot.table.index.by_key
    before = len(g.choices)
    robot.click(pos)
    game = app.session.game
    assert game.choices[before] == option
    if option == "bonus:rage":
        assert game.state.goblins.rage == min(3, rage + 2)
    else:
        assert len(game.state.goblins.hand) == hand + 2
