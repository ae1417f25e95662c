"""Rule tests for base-game checklist items no other test named (RULES_CHECKLIST §1 SET-,
§2 GEN-, §6 DIE-, §10 CV-, §13 RV-, §14 SOLO-, §15 DIF-, and AMB-24 from the Ambiguities).

Setup items are checked on ``new_game`` (over several seeds where the shuffle decides);
play items on positions built with ``load_scenario`` and played through the public
decisions.  Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles
(unrotated walls N/E/S/W): T01/T05/T10/T13 Ambush open, T02 Ambush tunnel, T20/T22/T25/
T29/T30 Event open, T31/T32 Treasure open, T37/T42 Crystal open, T48 Vault side (N).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from vast_desktop.engine import Game, IllegalChoice, Setup, dice, load_scenario, new_game, view
from vast_desktop.engine.roles.dragon import powers as dragon_powers
from vast_desktop.engine.roles.dragon.state import (
    flame_wall_at,
    gems_in_supply,
    gems_on_map,
    spirit,
    symbol_of,
)
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight.board import active_cubes, gain_grit, movement, perception, strength
from vast_desktop.engine.roles.meetings import knight_dragon as knight_vs_dragon
from vast_desktop.engine.roles.thief.state import stash_needed

from .helpers import dark, entrance, lit
from .helpers_goblins import WAR, to_activation
from .helpers_interactions import choose, ids, play

SEEDS = range(12)
CLOSED = [dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]   # W, N, S of the Entrance


def kind(g: Game) -> tuple[str, str]:
    assert g.pending is not None, f"the game is over: {g.outcome}"
    return g.pending.role, g.pending.kind


# ================================================================== §1 setup
def test_SET_21_dragon_components() -> None:
    """SET-21: 18 Power cards (6 of each symbol), 14 Sloth cubes, 3 Dragon Gems, one Shriek
    and one Flame Wall token (neither out at the start), one Health and one Eaten Goblins
    marker, and the Dragon die with its 6 faces."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=1))
    d = g.state.dragon
    cards = d.hand + d.deck
    assert len(cards) == 18 and not d.discard
    assert Counter(symbol_of(g, c) for c in cards) == {"claw": 6, "flame": 6, "wing": 6}
    assert sum(d.sloth.values()) + d.wakefulness == 14 == g.rules.dragon.sloth_cubes
    assert sorted(gems_in_supply(g)) == ["claw", "flame", "wing"]
    assert not d.shriek and flame_wall_at(g) is None
    assert (d.health, d.eaten) == (5, 0)
    assert len(g.rules.dragon_die) == 6


def test_SET_22_goblin_components() -> None:
    """SET-22: 10 War, 10 Monster and 10 Secrets cards, 3 Tribes, 12 Goblin discs (3 Tribes
    of at most 4), 4 Strength discs, 1 Rage token."""
    g = new_game(Setup(roles=("knight", "goblins"), seed=1))
    s = g.state.goblins
    assert len(set(s.war_deck)) == 10 and len(set(s.secrets_deck)) == 10 and len(set(g.state.monster_deck)) == 10
    assert set(s.population) == {"fangs", "bones", "eye"}
    gr = g.rules.goblins
    assert gr.discs == 12 == len(s.population) * gr.max_population
    assert gr.strength_discs == 4 and gb.strength_discs_used(g) <= gr.strength_discs
    assert s.rage == 1


def test_SET_31_sidequests_shuffled_and_three_drawn() -> None:
    """SET-31: the 10 Sidequest cards are shuffled facedown and the Knight draws 3 (with no
    variant removing any: Knight vs Goblins)."""
    hands = set()
    for seed in SEEDS:
        k = new_game(Setup(roles=("knight", "goblins"), seed=seed)).state.knight
        assert len(k.sidequests) == 3 and len(k.sidequest_deck) == 7
        assert len(set(k.sidequests + k.sidequest_deck)) == 10
        hands.add(tuple(k.sidequests))
    assert len(hands) > 1                                   # shuffled, not a fixed hand


def test_SET_32_hero_cubes_two_beside_five_on_grit() -> None:
    """SET-32: 2 Hero cubes beside the board, the other 5 on Grit 5, 11, 18, 26 and 35;
    reaching Grit 5 brings the first of them into play."""
    g = new_game(Setup(roles=("knight", "goblins"), seed=1))
    k = g.state.knight
    assert k.cubes_free == 2 and active_cubes(k) == 2
    assert k.grit_spaces == [5, 11, 18, 26, 35]
    gain_grit(g, 5, "test")
    assert k.cubes_free == 3 and k.grit_spaces == [11, 18, 26, 35]


def test_SET_33_tribes_start_on_the_board_fangs_has_a_strength_disc() -> None:
    """SET-33: the 3 Tribes start on the Goblin board (no piece on the map), with no
    Population; 1 Strength disc sits on the Fangs."""
    g = new_game(Setup(roles=("knight", "goblins"), seed=1))
    assert not [p for p in g.state.board.pieces if p.startswith("tribe:")]
    assert all(gb.tribe_pos(g, t) is None for t in ("fangs", "bones", "eye"))
    assert g.state.goblins.population == {"fangs": 0, "bones": 0, "eye": 0}
    assert [gb.strength_discs(g, t) for t in ("fangs", "bones", "eye")] == [1, 0, 0]


def test_SET_34_goblin_decks_shuffled_separately_rage_one() -> None:
    """SET-34: the War, Monster and Secrets decks are shuffled each on its own (each keeps
    only its own cards, each order varies with the seed), and Rage is set to 1."""
    rules = new_game(Setup(roles=("goblins",), seed=0)).rules
    orders: dict[str, set[tuple[str, ...]]] = {"war": set(), "monsters": set(), "secrets": set()}
    for seed in SEEDS:
        g = new_game(Setup(roles=("knight", "goblins"), seed=seed))
        s = g.state.goblins
        assert s.rage == 1
        for name, deck in (("war", s.war_deck), ("monsters", g.state.monster_deck), ("secrets", s.secrets_deck)):
            assert sorted(deck) == sorted(rules.deck(name)), name
            orders[name].add(tuple(deck))
    assert all(len(o) > 1 for o in orders.values())


def test_SET_35_dragon_board_setup() -> None:
    """SET-35: Sloth cubes fill the boxes (Greed 4, Hunger 4, Pride 4+1+1 = 14), Eaten
    Goblins 0, Health 5, and he draws 3 of the shuffled Power cards."""
    hands = set()
    for seed in SEEDS:
        d = new_game(Setup(roles=("knight", "goblins", "dragon"), seed=seed)).state.dragon   # no cube pre-moved
        assert d.sloth == {"greed": 4, "hunger": 4, "event": 4, "dont_move": 1, "place_gem": 1}
        assert (d.wakefulness, d.eaten, d.health) == (0, 0, 5)
        assert len(d.hand) == 3 and len(d.deck) == 15
        hands.add(tuple(d.deck))
    assert len(hands) > 1


def test_SET_37_dragon_gems_start_in_his_supply() -> None:
    """SET-37: setup puts no Dragon Gem on the map; all 3 are in his supply (he places them
    in his phase 3), and the view shows them there."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=2))
    assert gems_on_map(g) == {}
    assert not any(k.startswith("gem_") and n for toks in g.state.board.tokens.values() for k, n in toks.items())
    assert view(g, "knight").boards.dragon.gems_supply == ("claw", "flame", "wing")


@pytest.mark.parametrize("roles", [("goblins", "dragon"), ("dragon", "cave", "thief"), ("thief",)])
def test_SET_40_no_knight_no_treasure_or_event_cards_or_event_tokens(roles: tuple[str, ...]) -> None:
    """SET-40: with no Knight the Treasure cards, Event cards and Event tokens stay in the
    box: both decks are empty and no Event token is in the supply; with her, all are out."""
    g = new_game(Setup(roles=roles, seed=1))
    assert g.state.treasure_deck == [] and g.state.event_deck == []
    assert g.state.supply["event"] == 0 and view(g, None).supply["event"] == 0
    with_knight = new_game(Setup(roles=("knight",) + roles, seed=1))
    assert with_knight.state.treasure_deck and with_knight.state.event_deck
    assert with_knight.state.supply["event"] == 10


def test_SET_40_scenario_without_a_knight_has_no_event_tokens() -> None:
    """SET-40: a position loaded without the Knight has no Event token in its supply either."""
    g = load_scenario({"setup": {"roles": ["goblins", "dragon"], "seed": 1}})
    assert g.state.supply["event"] == 0


@pytest.mark.parametrize("step", [0, 1, 2, 3])
def test_SET_44_knight_tracks(step: int) -> None:
    """SET-44: the Knight's board: Movement 1, 3, 5, 7; Perception 1, 2, 3, 4; Strength 1, 2,
    3, 4 for 0..3 cubes on each track; Health from 7; Grit 0 to 45 (more Grit stays 45)."""
    tiles = [entrance(), lit((1, 0), "T22")]
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 1}, "active": "goblins", "tiles": tiles,
                       "pieces": {"knight": [0, 0]},
                       "knight": {"track": {"movement": step, "perception": step, "strength": step}}})
    assert movement(g) == [1, 3, 5, 7][step]
    assert perception(g) == step + 1
    assert strength(g) == step + 1                       # not her turn: no weapon bonus either way
    k = g.state.knight
    assert k.health == k.max_health == 7
    gain_grit(g, 44, "test")
    gain_grit(g, 5, "test")
    assert k.grit == 45 and k.grit_spaces == []


def test_SET_45_rage_track_zero_to_three_zero_is_malaise() -> None:
    """SET-45: Rage runs from 0 to 3 and stops there; at 0 (Malaise) every Tribe has −1
    Strength."""
    tiles = [entrance(), lit((1, 0), "T22")]
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 1}, "active": "goblins", "tiles": tiles,
                       "pieces": {"knight": [0, 0]},
                       "goblins": {"rage": 3, "population": {"fangs": 2, "bones": 2, "eye": 2}}})
    gb.gain_rage(g, 1)
    assert g.state.goblins.rage == 3
    full = [gb.tribe_strength(g, t) for t in ("fangs", "bones", "eye")]
    assert full == [3, 2, 2]
    gb.lose_rage(g, 5)
    assert g.state.goblins.rage == 0 and gb.malaise(g)
    assert [gb.tribe_strength(g, t) for t in ("fangs", "bones", "eye")] == [2, 1, 1]
    assert view(g, "knight").boards.goblins.malaise


def test_SET_46_dragon_tracks() -> None:
    """SET-46: Health 5; Wakefulness 1–14 in 8 Armor/Spirit rows (1/3, 1/4, 2/4, 2/5, 3/5,
    3/6, 4/6, 4/7); Eaten Goblins from 0."""
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 1}, "active": "dragon",
                       "tiles": [entrance()], "dragon": {"placed": True}, "pieces": {"dragon": [0, 0]}})
    rows = [g.rules.dragon.armor_spirit(w) for w in range(0, 15)]
    assert list(dict.fromkeys(rows)) == [(1, 3), (1, 4), (2, 4), (2, 5), (3, 5), (3, 6), (4, 6), (4, 7)]
    with pytest.raises(ValueError):
        g.rules.dragon.armor_spirit(15)
    d = g.state.dragon
    assert (d.health, d.max_health, d.eaten) == (5, 5, 0)
    d.wakefulness = 14
    assert spirit(g) == 7


# ================================================================== §2 general
def test_GEN_02_secrets_hidden_until_played() -> None:
    """GEN-02: the Goblins' Secrets stay hidden from the others until played; once played
    (Poison) the card is public in their discard."""
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3}, "active": "goblins",
                       "tiles": [entrance(), lit((1, 0), "T22")], "pieces": {"knight": [0, 0]},
                       "goblins": {"rage": 2, "population": {"fangs": 1, "bones": 0, "eye": 0},
                                   "hand": ["poison", "hiding_spots"], "war_deck": list(WAR)}})
    assert kind(g) == ("goblins", "war_card")
    for who in ("knight", None):
        board = view(g, who).boards.goblins
        assert board.hand is None and board.hand_count == 2 and board.secrets_discard == ()
        assert "hiding_spots" not in repr(view(g, who))
    choose(g, "secret:poison")
    board = view(g, "knight").boards.goblins
    assert board.secrets_discard == ("poison",) and board.hand_count == 1
    assert "hiding_spots" not in repr(view(g, "knight"))


# ================================================================== §6 Dragon die
def spy_die(monkeypatch: pytest.MonkeyPatch, face: int) -> list[tuple[Any, str]]:
    """Every Dragon die shows ``face`` (1 all eight around, 2 the four sides, 3 plus, 4 the
    four corners, 5 X, 6 the centre only); returns the (centre, why) of each roll."""
    rolls: list[tuple[Any, str]] = []
    real = dice.roll_dragon_die

    def fake(g: Game, center: Any, who: str, why: str) -> Any:
        rolls.append((center, why))
        g.rng.randrange = lambda n: face - 1  # type: ignore[method-assign]
        try:
            return real(g, center, who, why)
        finally:
            del g.rng.randrange

    for mod in (dragon_powers, knight_vs_dragon, gb):
        monkeypatch.setattr(mod, "roll_dragon_die", fake)
    return rolls


RING = [entrance(), lit((1, 0), "T20"), lit((2, 0), "T22"), lit((3, 0), "T31"), lit((2, 1), "T32"),
        lit((3, 1), "T25"), lit((1, 1), "T29"), lit((2, -1), "T30"), lit((1, -1), "T05"), lit((3, -1), "T10")]


@pytest.mark.parametrize(("face", "gone"), [(2, {(1, 0), (3, 0), (2, 1), (2, -1)}),
                                            (4, {(1, 1), (3, 1), (1, -1), (3, -1)})])
def test_DIE_07_wrath_rolls_the_die_for_its_tiles(monkeypatch: pytest.MonkeyPatch, face: int,
                                                   gone: set[tuple[int, int]]) -> None:
    """DIE-07: Wrath rolls the Dragon die around the Dragon; the tiles on the rolled face
    fall (four sides, or four corners), the others stay (the emptied spaces are filled
    with new Dark tiles before the Collapse, so the tiles are compared, not the spaces)."""
    rolls = spy_die(monkeypatch, face)
    g = load_scenario({"setup": {"roles": ["dragon", "cave"], "seed": 1}, "active": "dragon", "tiles": RING,
                       "pieces": {"dragon": [2, 0]}, "dragon": {"placed": True, "hand": ["claw"] * 4}})
    before = {p: t.tile_id for p, t in g.state.board.tiles.items()}
    choose(g, "power:wrath")
    while kind(g) != ("dragon", "dragon_turn"):
        choose(g, ids(g)[0])
    assert [r[0] for r in rolls] == [(2, 0)]
    still = {t.tile_id for t in g.state.board.tiles.values()}
    assert {p for p, tile_id in before.items() if tile_id not in still} == gone


@pytest.mark.parametrize(("face", "revealed"), [(2, {(1, 0), (-1, 0)}), (4, {(1, 1)})])
def test_DIE_07_flame_rolls_the_die_for_its_tiles(monkeypatch: pytest.MonkeyPatch, face: int,
                                                  revealed: set[tuple[int, int]]) -> None:
    """DIE-07: Flame rolls the Dragon die; only the Dark tiles on the rolled face are
    revealed (the sides, or the corner)."""
    rolls = spy_die(monkeypatch, face)
    tiles = [entrance(), dark((1, 0), "T20"), dark((-1, 0), "T22"), dark((1, 1), "T25")]
    g = load_scenario({"setup": {"roles": ["knight", "dragon", "cave"], "seed": 1}, "active": "dragon",
                       "tiles": tiles, "pieces": {"dragon": [0, 0], "knight": [0, 0]}, "omen_bag": {},
                       "dragon": {"placed": True, "hand": ["flame"]}})
    choose(g, "power:flame")
    while kind(g) != ("dragon", "dragon_turn"):
        choose(g, ids(g)[0])
    assert [r[0] for r in rolls] == [(0, 0)]
    lit_now = {p for p, t in g.state.board.tiles.items() if t.lit and p != (0, 0)}
    assert lit_now == revealed


@pytest.mark.parametrize(("face", "hit"), [(6, True), (4, False)])
def test_DIE_07_claw_rolls_the_die_for_its_tiles(monkeypatch: pytest.MonkeyPatch, face: int, hit: bool) -> None:
    """DIE-07: Claw rolls the Dragon die; the Knight on his own space is struck (he may move
    her 1 space, DR-24) only when the rolled face marks the centre (6), not the corners (4)."""
    rolls = spy_die(monkeypatch, face)
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 1}, "active": "dragon", "tiles": tiles,
                       "pieces": {"dragon": [1, 0], "knight": [1, 0]}, "dragon": {"placed": True, "hand": ["claw"]}})
    choose(g, "power:claw")
    assert [r[0] for r in rolls] == [(1, 0)]
    assert (kind(g) == ("dragon", "dragon_push")) == hit
    if hit:
        choose(g, "push:2,0")
        assert g.state.board.pieces["knight"] == (2, 0)
    assert g.state.board.pieces["knight"] == ((2, 0) if hit else (1, 0))


# ================================================================== §10 Cave
BASE = [entrance(), dark((1, 0), "T13")] + CLOSED


def cave_game(hand: list[str], roles: tuple[str, ...] = ("knight", "cave"), **data: Any) -> Game:
    return load_scenario({"setup": {"roles": list(roles), "seed": 1}, "active": "cave", "tiles": BASE,
                          "pieces": {"knight": [0, 0]}, "omen_bag": {}, "cave": {"hand": hand}, **data})


def place_ids(g: Game) -> set[str]:
    return {i for i in ids(g) if i.startswith("place:")}


def test_CV_05_the_engine_itself_polices_crystal_first() -> None:
    """CV-05: the board game has no mechanism for Crystal-first (CV-04) and leaves it to the
    players; here the engine offers the Cave only its Crystal tiles while it holds one, and
    refuses any other placement outright, leaving the game unchanged."""
    g = cave_game(["T37", "T01", "T05"])
    assert place_ids(g) and all(i.startswith("place:T37@") for i in place_ids(g))
    hand = list(g.state.cave.hand)
    with pytest.raises(IllegalChoice):
        g.apply("place:T01@2,0")
    assert g.state.cave.hand == hand and (2, 0) not in g.state.board.tiles
    g = cave_game(["T20", "T01", "T05"])                     # no Crystal in hand: any tile
    assert {i.split("@")[0] for i in place_ids(g)} == {"place:T20", "place:T01", "place:T05"}


def test_CV_06_vault_tiles_have_no_placement_rule() -> None:
    """CV-06: a Vault tile goes wherever any other non-Crystal tile may go (with the Thief in
    play, where Vaults are used)."""
    g = cave_game(["T48", "T01", "T20"], roles=("knight", "cave", "thief"))
    spaces = {tile: {i.split("@")[1] for i in place_ids(g) if i.startswith(f"place:{tile}@")}
              for tile in ("T48", "T01", "T20")}
    assert spaces["T48"] and spaces["T48"] == spaces["T01"] == spaces["T20"]
    choose(g, "place:T48@2,0")
    assert g.state.board.tiles[(2, 0)].tile_id == "T48"


# ================================================================== §13 role variants
def test_RV_13_knight_vs_goblins_vs_cave_setup() -> None:
    """RV-13: in Knight vs Goblins vs Cave the Knight gets the Flare card; she needs 5
    Crystals; no Goblin Infestation (the Goblins are a player)."""
    g = new_game(Setup(roles=("knight", "goblins", "cave"), seed=1))
    assert g.config.flare_holders == {"knight"}
    assert g.config.crystals_needed == 5 and g.config.infestation_line is None


def test_RV_13_knight_wins_by_smashing_five_and_escaping() -> None:
    """RV-13: the Knight wins by smashing 5 Crystals and then entering the Entrance."""
    g = play(("knight", "goblins", "cave"), "knight", [entrance(), lit((1, 0), "T22")] + CLOSED,
             {"knight": [1, 0]}, knight={"smashed": 5}, crystals_smashed_total=5)
    choose(g, "move:0,0")
    assert g.outcome is not None and g.outcome.winners == ("knight",)


def test_RV_13_goblins_win_by_killing_the_knight() -> None:
    """RV-13: the Goblins win by killing the Knight (a Tribe attack at 1 Health)."""
    tiles = [entrance(), lit((1, 0), "T22"), dark((1, 1), "T01")]
    g = play(("knight", "goblins", "cave"), "goblins", tiles, {"knight": [1, 0], "tribe:fangs": [1, 1]},
             knight={"health": 1}, goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}})
    to_activation(g)
    choose(g, "activate:fangs", "move:1,0")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)


def test_RV_13_cave_wins_by_collapsing() -> None:
    """RV-13: the Cave wins when the fifth Crystal tile collapses."""
    tiles = [entrance(), dark((1, 0), "T37"), dark((-1, 0), "T01")]
    g = play(("knight", "goblins", "cave"), "cave", tiles, {"knight": [0, 0]}, collapse=True, stack=[],
             cave={"hand": []}, crystal_tiles_removed=4)
    choose(g, "remove:1,0")
    assert g.outcome is not None and g.outcome.winners == ("cave",)


def test_RV_15_a_killed_knight_skips_her_turns_and_play_goes_on() -> None:
    """RV-15: in Knight vs Dragon vs Cave a killed Knight (a Goblin Infestation Ambush at 1
    Health) ends nothing: no one wins, her turns are skipped for the rest of the game and
    the Dragon and the Cave play on."""
    tiles = [entrance(), dark((1, 0), "T02"), dark((-1, 0), "T08"), dark((0, -1), "T09"), dark((0, 1), "T12")]
    g = play(("knight", "dragon", "cave"), "knight", tiles, {"knight": [0, 0], "dragon": [-1, 0]},
             knight={"health": 1})
    choose(g, "move:1,0")
    while kind(g) != ("knight", "ambush_strength"):
        choose(g, ids(g)[0])
    choose(g, "fight:")
    assert g.state.knight.dead and g.outcome is None
    roles_asked = []
    for _ in range(80):                                       # two more rounds
        assert g.pending is not None
        roles_asked.append(g.pending.role)
        if g.state.round >= 3:
            break
        opts = ids(g)
        choose(g, next((o for o in ("end:", "skip:", "no:") if o in opts), opts[0]))
    assert g.state.round >= 3 and g.outcome is None
    assert "knight" not in roles_asked and {"dragon", "cave"} <= set(roles_asked)


def surfaced(roles: tuple[str, ...], health: int, difficulty: dict[str, str] | None = None) -> Game:
    """The Knight's turn on the surfaced Dragon's tile (Wakefulness 4: Armor 2), 4 Hero
    cubes free."""
    setup: dict[str, Any] = {"roles": list(roles), "seed": 3, "difficulty": difficulty or {}}
    return load_scenario({"setup": setup, "active": "knight", "omen_bag": {},
                          "tiles": [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
                          "pieces": {"knight": [1, 0], "dragon": [1, 0]}, "knight": {"cubes_free": 4},
                          "dragon": {"placed": True, "surfaced": True, "awake": True, "wakefulness": 4,
                                     "health": health}})


def test_RV_15_knight_vs_dragon_vs_cave_goals() -> None:
    """RV-15: the Knight's goal is the Dragon: 5 smashed Crystals and the Entrance do not
    end the game, killing the Dragon wins; a Goblin Ambush kill gives no one the win."""
    g = new_game(Setup(roles=("knight", "dragon", "cave"), seed=1))
    assert g.config.skip_dead_knight and g.config.ambush_kill_winner is None
    g = play(("knight", "dragon", "cave"), "knight", [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")],
             {"knight": [1, 0], "dragon": [2, 0]}, knight={"smashed": 5}, crystals_smashed_total=5)
    choose(g, "move:0,0")
    assert g.outcome is None
    g = surfaced(("knight", "dragon", "cave"), 1)
    choose(g, "cube:strength", "cube:strength", "dragon:attack")       # Strength 3 > Armor 2
    assert g.outcome is not None and g.outcome.winners == ("knight",)


THIEF_TWO = ("knight", "cave", "thief")


def test_RV_18_any_two_vs_thief_no_past_plunder() -> None:
    """RV-18: Knight vs Goblins gives the Goblins Past Plunder (RV-22), but with the Thief
    as third player the card is not used."""
    from vast_desktop.engine.roles.dragon.state import gift_holder

    assert gift_holder(new_game(Setup(roles=("knight", "goblins"), seed=1)), "past_plunder") == "goblins"
    assert gift_holder(new_game(Setup(roles=("knight", "goblins", "thief"), seed=1)), "past_plunder") is None


def test_RV_19_place_treasure_optional_but_treasure_rooms_still_get_tokens() -> None:
    """RV-19: with the Thief as third player the Cave may skip Place Treasure; a Treasure
    Room revealed still gets its Treasure token."""
    g = load_scenario({"setup": {"roles": list(THIEF_TWO), "seed": 1}, "active": "cave", "tiles": BASE,
                       "pieces": {"knight": [0, 0]}, "omen_bag": {}, "cave": {"hand": ["T01", "T20", "T22"]}})
    assert g.config.place_treasure_optional
    choose(g, "place:T01@2,0")
    assert "skip_treasure:" in ids(g)
    supply = g.state.supply["treasure"]
    choose(g, "skip_treasure:")
    assert g.state.supply["treasure"] == supply and g.state.board.count_tokens("treasure") == 0
    plain = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave", "tiles": BASE,
                           "pieces": {"knight": [0, 0]}, "omen_bag": {}, "cave": {"hand": ["T01", "T20", "T22"]}})
    choose(plain, "place:T01@2,0")
    assert "skip_treasure:" not in ids(plain)               # Knight vs Cave alone: not optional
    g = load_scenario({"setup": {"roles": list(THIEF_TWO), "seed": 1}, "active": "knight",
                       "tiles": [entrance(), dark((1, 0), "T31")] + CLOSED, "pieces": {"knight": [0, 0]},
                       "omen_bag": {}})
    supply = g.state.supply["treasure"]
    choose(g, "move:1,0")
    while kind(g) != ("knight", "knight_turn"):                    # orient, then the Cave fills open edges
        choose(g, ids(g)[0])
    assert g.state.board.tiles[(1, 0)].lit and g.state.board.tokens_at((1, 0))["treasure"] == 1
    assert g.state.supply["treasure"] == supply - 1


def test_RV_20_thief_gets_flare_shared_with_another_holder() -> None:
    """RV-20: the Thief gets the Flare card; in Knight vs Cave the Knight has it too, so it
    lies beside the map for both to use."""
    assert new_game(Setup(roles=("knight", "goblins", "thief"), seed=1)).config.flare_holders == {"thief"}
    assert new_game(Setup(roles=THIEF_TWO, seed=1)).config.flare_holders == {"knight", "thief"}


def test_RV_21_no_sidequests_removed_with_the_thief() -> None:
    """RV-21: Knight vs Cave removes Daring and Eagle-Eyed (RV-25), but with the Thief no
    Sidequest card is removed."""
    alone = new_game(Setup(roles=("knight", "cave"), seed=1))
    assert set(alone.config.removed_sidequests) == {"daring", "eagle_eyed"}
    g = new_game(Setup(roles=THIEF_TWO, seed=1))
    assert g.config.removed_sidequests == ()
    k = g.state.knight
    assert len(k.sidequests) + len(k.sidequest_deck) == 10


# ================================================================== §14 solo
def test_SOLO_13_thief_solo_setup() -> None:
    """SOLO-13: the solo Thief takes Alone in the Dark and Flare and needs 6 stashed tokens."""
    g = new_game(Setup(roles=("thief",), seed=1))
    assert g.config.alone_in_the_dark and g.config.flare_holders == {"thief"}
    assert stash_needed(g) == 6


FIVE_UPGRADES = ["plus_stealth", "plus_thievery", "flip_movement", "flip_stealth", "flip_thievery"]


def test_SOLO_13_thief_solo_wins_by_stashing_six() -> None:
    """SOLO-13: stashing the sixth Treasure token wins the solo game."""
    tiles = [entrance(), lit((1, 0), "T22")]
    g = load_scenario({"setup": {"roles": ["thief"], "seed": 3}, "active": "thief", "tiles": tiles,
                       "pieces": {"thief": [1, 0]}, "thief": {"upgrades": FIVE_UPGRADES, "carried": ["treasure"]}})
    choose(g, "assign:4-3-2", "move:0,0")
    while g.outcome is None and g.pending is not None and g.pending.kind == "thief_upgrade":
        choose(g, "upgrade:plus_movement")
    assert g.outcome is not None and g.outcome.winners == ("thief",)


def test_SOLO_13_thief_solo_loses_when_the_cave_collapses() -> None:
    """SOLO-13: the solo Thief loses (no one wins) when the fifth Crystal tile collapses at
    the end of his turn."""
    tiles = [entrance(), lit((1, 0), "T37"), dark((-1, 0), "T01")]
    g = load_scenario({"setup": {"roles": ["thief"], "seed": 3}, "active": "thief", "tiles": tiles,
                       "pieces": {"thief": [0, 0]}, "collapse": True, "stack": [], "crystal_tiles_removed": 4})
    choose(g, "assign:4-3-2", "end:", "remove:1,0")
    assert g.outcome is not None and g.outcome.winners == ()


# ================================================================== §15 difficulty
def test_DIF_09_AMB_24_baroness_dragon_health_six_or_six_crystals() -> None:
    """DIF-09: the Baroness card: the Dragon starts at 6 Health (one above his printed
    track, AMB-24: tracked as a number either way, shown and lost like the rest); with no
    Dragon, 6 Crystals are needed."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=1, difficulty={"knight": "baroness"}))
    assert g.state.dragon.health == g.state.dragon.max_health == 6
    assert view(g, "knight").boards.dragon.health == 6
    g = surfaced(("knight", "dragon"), 6, difficulty={"knight": "baroness"})
    choose(g, "cube:strength", "cube:strength", "dragon:attack")
    assert g.state.dragon.health == 5 and g.outcome is None
    assert new_game(Setup(roles=("knight", "cave"), seed=1, difficulty={"knight": "baroness"})).config.crystals_needed == 6


def test_DIF_16_standard_cave_collapses_at_five() -> None:
    """DIF-16: the Standard Cave collapses (and wins) at the fifth removed Crystal tile, not
    the fourth."""
    tiles = [entrance(), dark((1, 0), "T37"), dark((2, 0), "T42"), dark((-1, 0), "T01")]
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 1}, "active": "cave", "tiles": tiles,
                       "pieces": {"knight": [0, 0]}, "omen_bag": {}, "collapse": True, "stack": [],
                       "cave": {"hand": []}, "crystal_tiles_removed": 3})
    assert g.config.collapse_crystals == 5
    choose(g, "remove:2,0")
    assert g.state.crystal_tiles_removed == 4 and g.outcome is None
    choose(g, "remove:1,0")
    assert g.outcome is not None and g.outcome.winners == ("cave",)


@pytest.mark.parametrize("level", ["great_cave", "grand_cave"])
def test_DIF_19_hatred_tokens_are_spare_pieces_not_taken_from_supplies(level: str) -> None:
    """DIF-19: Hatred tokens are any spare pieces: the Great and Grand Cave's tokens take
    nothing from the Treasure, Crystal or Event token supplies."""
    std = new_game(Setup(roles=("knight", "cave"), seed=1))
    g = new_game(Setup(roles=("knight", "cave"), seed=1, difficulty={"cave": level}))
    assert g.state.cave.hatred_tokens > 0
    assert g.state.supply == std.state.supply
