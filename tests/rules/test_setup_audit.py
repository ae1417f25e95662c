"""Rule tests for the setup checklist items (RULES_CHECKLIST §1, SET-01..47) that no other
test named: the roles and the role variant (SET-01/02), the turn order (SET-03/04), the
Event and Treasure decks with no Cave player (SET-06), the map and the Cave tile stack
(SET-07..12), the Cave Reference card and the Alone in the Dark card (SET-13..16), the
Thief's components and board (SET-23, SET-47) and the extras in the box (SET-24/25).

Setup facts are checked on ``new_game`` over many seeds where the shuffle decides;
play facts on positions built with ``load_scenario`` (helpers_interactions.play,
helpers_thief.thief_game) and played through the public decisions.  Positions are
(x, y), y grows southward; the Entrance is at (0, 0).  Tiles (unrotated walls N,E,S,W):
T01/T05/T10/T13 Ambush open, T16 Event tunnel (N+S), T21 Event side (N), T24/T26 Event
corner (N+E), T35 Treasure tunnel (N+S), T37 Crystal open, T48 Vault side (N).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, permutations
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.geometry import DELTA
from vast_desktop.engine.map.terrain import available
from vast_desktop.engine.roles.goblins.turn import reveal_spaces
from vast_desktop.engine.roles.knight.turn import MONSTER_TOKENS
from vast_desktop.engine.roles.thief import turn as th
from vast_desktop.engine.roles.thief.state import stat, stealth, token_value
from vast_desktop.rules_data import load_rules_data

from .helpers import dark, entrance, lit
from .helpers_interactions import K, choose, ids, play, until
from .helpers_thief import T, base_tiles, thief_game

# SET-03/04: the seats, and the number in each player board's upper-right corner.
TURN_ORDER = ("knight", "goblins", "dragon", "cave", "thief")
BOARD_NUMBER = {"knight": 1, "goblins": 2, "dragon": 3, "cave": 4, "thief": 5}
FIVE = TURN_ORDER
TITLES = {"knight": "Knight", "goblins": "Goblins", "dragon": "Dragon", "cave": "Cave", "thief": "Thief"}
# Every playable role set: any 1-5 roles except the Cave alone (SOLO-01).
ROLE_SETS = [c for n in range(1, 6) for c in combinations(TURN_ORDER, n) if c != ("cave",)]
SEEDS = range(40)
# The Entrance closed in by Dark tiles north, west and south; (1, 0) is the one way out.
CLOSED = [entrance(), dark((-1, 0), "T21"), dark((0, -1), "T24"), dark((0, 1), "T26")]
EVENT_EAST = dark((1, 0), "T16")         # a Dark Event tunnel: entered from the west, its east edge is open


# ------------------------------------------------------------------ helpers
def undealt(g: Game) -> list[str]:
    """The Cave tile stack as it was built, top first: the Cave draws her hand of 3 from
    its top at setup (SET-39), so her hand goes back on top."""
    hand = list(g.state.cave.hand) if g.state.cave is not None else []
    return hand + list(g.state.stack)


def kinds(g: Game, tiles: Iterable[str]) -> list[str]:
    return [g.tile(t).type for t in tiles]


def pile_splits(g: Game) -> list[tuple[list[str], list[str], list[str]]]:
    """Every way to cut the stack into 3 consecutive piles, each as the piles of SET-10/12
    were made: the Crystal and Vault tiles as even as possible, and the other tiles too."""
    types = kinds(g, undealt(g))
    total = Counter(types)
    out = []
    for i in range(len(types) + 1):
        for j in range(i, len(types) + 1):
            piles = (types[:i], types[i:j], types[j:])
            counts = [Counter(p) for p in piles]
            crystal = [c["crystal"] for c in counts]
            vault = [c["vault"] for c in counts]
            other = [len(p) - c["crystal"] - c["vault"] for p, c in zip(piles, counts, strict=True)]
            if (sum(crystal) == total["crystal"] and max(crystal) - min(crystal) <= 1
                    and max(vault) - min(vault) <= 1 and max(other) - min(other) <= 1):
                out.append(piles)
    return out


def waiting(g: Game) -> tuple[str, str]:
    """Who must decide now, and what."""
    assert g.pending is not None, f"the game is over: {g.outcome}"
    return g.pending.role, g.pending.kind


def starting_tiles(g: Game) -> list[str]:
    """The 4 tiles set around the Entrance at setup (SET-09)."""
    return [g.state.board.tiles[DELTA[d]].tile_id for d in range(4)]


def turns_played(g: Game, n: int, bot_seed: int) -> list[str]:
    """Play ``n`` turns with the random bot; the role whose turn it was, turn by turn."""
    bot = RandomBot(bot_seed)
    seen = [g.state.active]
    turn = g.state.turn
    for _ in range(20000):
        if g.pending is None or len(seen) > n:
            break
        g.apply(bot(None, g.pending))
        if g.state.turn != turn:
            assert g.state.turn == turn + 1, "a turn went by with no decision in it"
            turn = g.state.turn
            seen.append(g.state.active)
    return seen[:n]


def end_of_turn_tiles(g: Game) -> list[tuple[str, str, str]]:
    """End the active player's turn and take the first option of every tile decision
    that follows; (role, kind, rules_ref) of each, until another decision comes."""
    choose(g, "end:")
    out = []
    while g.pending is not None and g.pending.kind in ("place_tile", "collapse_tile"):
        out.append((g.pending.role, g.pending.kind, g.pending.rules_ref))
        g.apply(g.pending.ids[0])
    return out


def knight_vs_goblins(stack: list[str], tiles: list[dict[str, Any]] | None = None, **data: Any) -> Game:
    """Knight vs Goblins (no Cave player) at the start of the Knight's turn, on the
    Entrance; the Goblins have no Population (helpers_interactions.play)."""
    return play(("knight", "goblins"), "knight", tiles or CLOSED, {"knight": [0, 0]}, stack=stack, **data)


# ------------------------------------------------------------------ roles
def test_SET_01_five_players_use_all_five_roles() -> None:
    """SET-01: with 5 players all five roles are used — each has its board and pieces,
    and the role variant is the standard five-role game."""
    g = new_game(Setup(roles=("thief", "cave", "knight", "dragon", "goblins"), seed=2))
    st = g.state
    assert set(st.roles) == set(FIVE) and len(st.roles) == 5
    assert all(s is not None for s in (st.knight, st.goblins, st.dragon, st.cave, st.thief))
    assert g.config.variant_id == "knight_vs_goblins_vs_dragon_vs_cave_vs_thief"
    assert not g.config.flare_holders and g.config.infestation_line is None and not g.config.alone_in_the_dark
    assert view(g, None).roles == FIVE


@pytest.mark.parametrize("roles", [r for r in ROLE_SETS if len(r) <= 4], ids="-".join)
def test_SET_02_four_or_fewer_players_play_their_role_variant(roles: tuple[str, ...]) -> None:
    """SET-02: with 4 players or fewer a role variant is used; the engine takes the one
    for exactly the chosen roles — GameConfig names it (e.g. "Knight vs Thief") and
    carries its cards (gifts), and every view shows it."""
    g = new_game(Setup(roles=tuple(reversed(roles)), seed=1))
    rv = g.rules.role_variant_by_id(g.config.variant_id)
    assert set(rv.roles) == set(roles)
    title = " vs ".join(TITLES[r] for r in roles)
    assert g.config.variant_name == (f"{title} (solo)" if len(roles) == 1 else title)
    assert view(g, roles[0]).variant == g.config.variant_name
    flare = {holder for card, holder in rv.gifts if card == "flare"}
    assert bool(g.config.flare_holders) == bool(flare)
    assert (g.config.infestation_line is not None) == ("goblin_infestation" in {c for c, _ in rv.gifts}
                                                       and "goblins" not in roles)


def test_SET_02_the_first_game_recommendation_is_every_role_but_the_thief() -> None:
    """SET-02: for a first game the rulebook recommends all roles except the Thief — that
    role variant is marked recommended, and it is the plain four-role game (no cards)."""
    rd = load_rules_data()
    first = rd.role_variant(("knight", "goblins", "dragon", "cave"))
    assert first.recommended and not first.gifts
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave"), seed=1))
    assert g.config.variant_id == first.id and g.state.thief is None


# ------------------------------------------------------------------ turn order
def test_SET_03_SET_04_turn_order_whatever_order_the_roles_are_given() -> None:
    """SET-03/04 (FAQ): the turn order is Knight, Goblins, Dragon, Cave, Thief — the
    numbers on the player boards, lowest first — however the roles are listed (seated)."""
    for order in permutations(FIVE):
        g = new_game(Setup(roles=order, seed=1))
        assert g.config.turn_order == FIVE, order
        assert g.state.roles == FIVE and g.state.active == "knight"
    for roles in ROLE_SETS:
        for order in (roles, tuple(reversed(roles))):
            g = new_game(Setup(roles=order, seed=1))
            assert list(g.config.turn_order) == sorted(roles, key=BOARD_NUMBER.__getitem__), order
            assert g.state.active == g.config.turn_order[0]


@pytest.mark.parametrize("order", [tuple(reversed(FIVE)), ("cave", "thief", "goblins", "knight", "dragon")],
                         ids="-".join)
def test_SET_03_SET_04_play_follows_the_turn_order(order: tuple[str, ...]) -> None:
    """SET-03/04: play goes round the table in that order: two full rounds of a random
    five-player game whose roles were given in another order."""
    g = new_game(Setup(roles=order, seed=5))
    assert turns_played(g, 10, bot_seed=5) == list(FIVE) * 2


@pytest.mark.parametrize("order", [("thief", "knight"), ("cave", "dragon", "goblins"), ("thief", "dragon", "knight")],
                         ids="-".join)
def test_SET_03_SET_04_fewer_roles_keep_their_relative_order(order: tuple[str, ...]) -> None:
    """SET-03/04: with fewer roles the missing seats are skipped; the others keep their
    order (two full rounds of a random game)."""
    g = new_game(Setup(roles=order, seed=3))
    expected = [r for r in FIVE if r in order]
    assert turns_played(g, 2 * len(order), bot_seed=3) == expected * 2


# ------------------------------------------------------------------ no Cave player
@pytest.mark.parametrize("roles", [r for r in ROLE_SETS if "knight" in r and "cave" not in r], ids="-".join)
def test_SET_06_no_cave_player_still_uses_the_event_and_treasure_decks(roles: tuple[str, ...]) -> None:
    """SET-06: with no Cave player the Cave's Event deck (15) and Treasure deck (7) are
    still set up, shuffled."""
    g = new_game(Setup(roles=roles, seed=1))
    rd = g.rules
    assert g.state.cave is None
    assert sorted(g.state.event_deck) == sorted(rd.deck("events")) and len(g.state.event_deck) == 15
    assert sorted(g.state.treasure_deck) == sorted(rd.deck("treasures")) and len(g.state.treasure_deck) == 7
    orders = {tuple(new_game(Setup(roles=roles, seed=s)).state.event_deck) for s in range(5)}
    assert len(orders) > 1                                              # shuffled


def test_SET_06_no_cave_player_the_knight_draws_event_and_treasure_cards() -> None:
    """SET-06 (KN-35): in Knight vs Goblins the Knight revealing an Event tile draws the
    top Event card, and collecting a Treasure token gives her the top Treasure card."""
    g = knight_vs_goblins(["T01", "T05", "T10"], tiles=CLOSED + [EVENT_EAST], event_deck=["rats#2", "light"],
                          treasure_deck=["heroic_boots", "pixie_lantern"], knight={"grit": 4})
    choose(g, "move:1,0")                                   # the Dark Event tile T16
    assert g.state.event_deck == ["light"]
    assert [e.data.get("card") for e in g.events if e.kind == "event"] == ["rats#2"]
    assert K(g).grit == 3                                   # Rats -2, then +1 for the reveal
    g = knight_vs_goblins(["T01", "T05", "T10"], tiles=CLOSED + [lit((1, 0), "T35")],
                          tokens={"1,0": {"treasure": 1}}, treasure_deck=["heroic_boots", "pixie_lantern"])
    choose(g, "move:1,0", "collect:treasure")
    assert waiting(g) == ("knight", "keep_treasure")
    assert set(ids(g)) == {"keep:heroic_boots", "decline:heroic_boots"}
    choose(g, "keep:heroic_boots")
    assert K(g).treasures == ["heroic_boots"] and g.state.treasure_deck == ["pixie_lantern"]


# ------------------------------------------------------------------ the map and the stack
def test_SET_07_the_entrance_is_face_up_in_the_centre() -> None:
    """SET-07: the Entrance tile starts face up (Lit) at the centre of the map, (0, 0), with
    the first tiles around it."""
    for roles in ROLE_SETS:
        g = new_game(Setup(roles=roles, seed=1))
        tile = g.state.board.tiles[(0, 0)]
        assert g.tile(tile.tile_id).type == "entrance" and tile.lit
        assert g.state.board.entrance == (0, 0)
        assert [t.tile_id for t in g.state.board.tiles.values()].count(tile.tile_id) == 1
        assert set(g.state.board.tiles) == {(0, 0), *DELTA}


def test_SET_09_four_dark_tiles_around_the_entrance() -> None:
    """SET-09: after the Crystal and Vault tiles are set aside, the other tiles are
    shuffled and 4 go Dark side up on the Entrance's 4 adjacent spaces."""
    seen: set[str] = set()
    for seed in SEEDS:
        g = new_game(Setup(roles=FIVE, seed=seed))
        for d in DELTA:
            placed = g.state.board.tiles[d]
            assert not placed.lit and placed.terrain is None
            assert g.tile(placed.tile_id).type in ("ambush", "event", "treasure")   # never Crystal or Vault
        four = starting_tiles(g)
        assert not set(four) & set(undealt(g)) and not set(four) & set(g.state.box)
        seen |= set(four)
    assert len(seen) > 20                                                # shuffled: many tiles take a turn


def test_SET_08_SET_10_each_third_of_the_stack_has_three_crystal_and_two_vault_tiles() -> None:
    """SET-08/10 (SET-12): the rest is split into 3 piles as even as possible, 3 Crystal
    tiles (and 2 Vault tiles with a Thief) are shuffled into each, and the piles are
    stacked: the stack cuts into 3 such thirds.  With no Thief the 6 Vault tiles are
    boxed; all 9 Crystal tiles are in the stack."""
    for roles, vaults in ((FIVE, 2), (("knight", "cave"), 0), (("goblins", "thief"), 2), (("dragon",), 0)):
        for seed in SEEDS:
            g = new_game(Setup(roles=roles, seed=seed))
            count = Counter(kinds(g, undealt(g)))
            assert count["crystal"] == 9 and count["vault"] == 3 * vaults
            assert count["ambush"] + count["event"] + count["treasure"] == 36 - 4
            assert Counter(kinds(g, g.state.box)) == (Counter() if vaults else Counter({"vault": 6}))
            splits = pile_splits(g)
            assert splits, f"{roles} seed {seed}: no three piles with 3 Crystal (+{vaults} Vault) tiles each"
            for piles in splits:
                assert all(Counter(p)["crystal"] == 3 and Counter(p)["vault"] == vaults for p in piles)


def test_SET_10_the_crystal_tiles_are_shuffled_into_the_piles() -> None:
    """SET-10: the Crystal tiles are shuffled into each pile — not put on its top or
    bottom — so over many seeds they take every place of the stack's thirds."""
    places: set[int] = set()
    for seed in SEEDS:
        g = new_game(Setup(roles=("knight", "cave"), seed=seed))
        places |= {i for i, k in enumerate(kinds(g, undealt(g))) if k == "crystal"}
    assert len(places) > 30


@pytest.mark.parametrize(("variant", "level", "left_out"),
                         [("collapse-2", None, 2), ("collapse-3", None, 3), ("collapse-4", None, 4),
                          (None, "spillway", 5), (None, "lava_tube", 10)])
def test_SET_12_piles_as_close_as_possible(variant: str | None, level: str | None, left_out: int) -> None:
    """SET-12 (FAQ): the 3 piles need not be equal, only as close as possible — also when
    a variant or the Cave's difficulty leaves tiles out (VAR-01, DIF-17/18), so the
    Crystal (and Vault) tiles may no longer share out evenly."""
    for seed in range(15):
        g = new_game(Setup(roles=FIVE, seed=seed, variants=(variant,) if variant else (),
                           difficulty={"cave": level} if level else {}))
        assert len(undealt(g)) == 47 - left_out
        assert pile_splits(g), f"{variant or level} seed {seed}: the piles are not as even as possible"


def test_SET_11_the_four_starting_tiles_may_share_symbols() -> None:
    """SET-11 (FAQ): the 4 starting tiles need not show different Goblin Tribe symbols;
    only 1 or 2 may show, and the game goes on — a Tribe with no symbol beside the
    Entrance just has no Dark tile to be revealed on (it may lurk) on the first turn."""
    by_count: dict[int, int] = {}
    for seed in range(200):
        g = new_game(Setup(roles=("knight", "goblins"), seed=seed))
        n = len({g.tile(t).tribe for t in starting_tiles(g)})
        by_count.setdefault(n, seed)
    assert {1, 2, 3} <= set(by_count)                     # none is redrawn
    g = new_game(Setup(roles=("knight", "goblins"), seed=by_count[1]))
    shown = {g.tile(t).tribe for t in starting_tiles(g)}
    missing = {"fangs", "bones", "eye"} - shown
    assert len(missing) == 2
    for tribe in missing:
        on_dark, lurk = reveal_spaces(g, tribe)
        assert on_dark == [] and lurk
    (present,) = shown
    assert len(reveal_spaces(g, present)[0]) == 4
    assert waiting(g) == ("knight", "knight_turn")


# ------------------------------------------------------------------ the Cave Reference card
def test_SET_13_the_cave_reference_card_starts_on_the_cave_grows_side() -> None:
    """SET-13: the Cave Reference card lies where everyone can reach it, on its "The Cave
    Grows…" side: every player's view shows the Cave growing (no Collapse) at setup."""
    for roles in ROLE_SETS:
        g = new_game(Setup(roles=roles, seed=1))
        assert not g.state.collapse and undealt(g)
        for viewer in (*roles, None):
            v = view(g, viewer)
            assert not v.collapse and v.stack_count == len(g.state.stack)


def test_SET_14_no_cave_player_each_player_places_one_tile_at_the_end_of_own_turn() -> None:
    """SET-14 (RV-03): with no Cave player each player draws and places 1 tile at the end
    of their own turn — the Knight, then the Goblins, then the Knight again."""
    g = knight_vs_goblins(["T01", "T05", "T10", "T13"])
    assert not [i for i in ids(g) if i.startswith("place:")]        # not during her turn
    assert end_of_turn_tiles(g) == [("knight", "place_tile", "general.no_cave")]
    assert len(g.state.stack) == 3 and g.state.active == "goblins"
    until(g, "goblins_turn")
    assert end_of_turn_tiles(g) == [("goblins", "place_tile", "general.no_cave")]
    assert len(g.state.stack) == 2
    assert [e.data["by"] for e in g.events if e.kind == "tile_placed"] == ["knight", "goblins"]
    until(g, "knight_turn")
    assert g.state.active == "knight" and len(g.state.stack) == 2


def test_SET_14_with_a_cave_player_the_cave_places_the_tiles_on_its_turn() -> None:
    """SET-14: with a Cave player it is the Cave that places tiles, on its own turn; the
    other players place none at the end of theirs."""
    g = play(("knight", "cave"), "knight", CLOSED, {"knight": [0, 0]}, stack=["T01", "T05"],
             cave={"hand": ["T10", "T13", "T37"]})
    assert end_of_turn_tiles(g) == []
    assert waiting(g)[0] == "cave" and g.state.active == "cave"
    assert len(g.state.stack) == 2 and len(g.state.board.tiles) == len(CLOSED)


def test_SET_15_no_cave_player_the_collapse_begins_on_the_turn_after_the_last_tile() -> None:
    """SET-15 (COL-01, COL-05): the Knight places the last tile at the end of her turn;
    the card flips for everyone and the Collapse begins on the next (the Goblins') turn,
    who then remove tiles instead of placing one."""
    tiles = CLOSED + [dark((1, 0), "T05"), dark((2, 0), "T10"), dark((1, 1), "T13")]
    g = knight_vs_goblins(["T01"], tiles=tiles)
    assert end_of_turn_tiles(g) == [("knight", "place_tile", "general.no_cave")]
    assert g.state.stack == [] and g.state.active == "goblins"
    assert g.state.collapse and all(view(g, r).collapse for r in ("knight", "goblins", None))
    kinds_ = [e.kind for e in g.events]
    assert kinds_.index("tile_placed") < kinds_.index("collapse")
    until(g, "goblins_turn")
    assert end_of_turn_tiles(g) == [("goblins", "collapse_tile", "general.collapse")] * 3


def test_SET_15_a_last_tile_placed_during_a_turn_waits_for_the_next_turn() -> None:
    """SET-15: the last tile drawn to fill an open edge in the middle of the Knight's turn
    starts nothing yet: she places and removes nothing at its end, and the Collapse
    begins on the Goblins' turn."""
    g = knight_vs_goblins(["T01"], tiles=CLOSED + [EVENT_EAST], event_deck=["light"])
    choose(g, "move:1,0")                                   # T16 (tunnel): its east edge takes the last tile
    assert g.state.stack == [] and (2, 0) in g.state.board.tiles
    assert not g.state.collapse
    assert end_of_turn_tiles(g) == []
    assert g.state.active == "goblins" and g.state.collapse


def test_SET_15_solo_the_collapse_begins_on_her_own_next_turn() -> None:
    """SET-15 with Alone in the Dark: the solo Knight places the last tiles at the end of
    her turn; the Collapse begins on her next turn."""
    g = play(("knight",), "knight", CLOSED + [dark((1, 0), "T05")], {"knight": [0, 0]}, stack=["T01", "T10"])
    assert end_of_turn_tiles(g) == [("knight", "place_tile", "variants.alone_in_the_dark")] * 2
    assert g.state.collapse and g.state.active == "knight" and g.state.round == 2


# ------------------------------------------------------------------ solo
def test_SET_16_solo_games_use_the_alone_in_the_dark_card() -> None:
    """SET-16: in solo games the Alone in the Dark card replaces the Cave Reference card
    (the solo role holds it); no game of two or more players uses it."""
    rd = load_rules_data()
    for roles in ROLE_SETS:
        g = new_game(Setup(roles=roles, seed=1))
        rv = rd.role_variant(roles)
        solo = len(roles) == 1
        assert g.config.alone_in_the_dark == solo, roles
        assert (("alone_in_the_dark", roles[0]) in rv.gifts) == solo


def test_SET_16_alone_in_the_dark_places_its_number_not_one_tile() -> None:
    """SET-16 (SOLO-02/03): the same position played solo and in Knight vs Goblins: alone
    she places as many tiles as her 2 Hero cubes (Alone in the Dark), with a second
    player 1 tile (the Cave Reference card)."""
    stack = ["T01", "T05", "T10", "T13"]
    g = play(("knight",), "knight", CLOSED, {"knight": [0, 0]}, stack=list(stack))
    assert end_of_turn_tiles(g) == [("knight", "place_tile", "variants.alone_in_the_dark")] * 2
    g = knight_vs_goblins(list(stack))
    assert end_of_turn_tiles(g) == [("knight", "place_tile", "general.no_cave")]


# ------------------------------------------------------------------ the Thief
def test_SET_23_thief_components() -> None:
    """SET-23: 3 Stat tokens, 1 Action die (d6), 6 Vault tokens (one per Vault tile),
    5 Action cubes (the most Thievery ever gives) and 1 Loot Drop token (on 3).  His one
    piece and where it goes are SET-42/43 (test_thief)."""
    rd = load_rules_data().thief
    assert (rd.action_cubes, len(rd.stat_tokens), rd.vault_tokens) == (5, 3, 6)
    g = new_game(Setup(roles=FIVE, seed=1))
    assert len(T(g).flipped) == 3 and T(g).loot_drop == 3
    assert sum(g.tile(t).type == "vault" for t in undealt(g)) == rd.vault_tokens
    assert {th.roll_action_die(g, "test") for _ in range(200)} == {1, 2, 3, 4, 5, 6}
    g = thief_game(stats=None)
    assert len(ids(g)) == 6                                  # the 3 tokens on the 3 stats, every way
    assert {tuple(sorted(map(int, i.split(":")[1].split("-")))) for i in ids(g)} == {(2, 3, 4)}
    g = thief_game(stats=None, thief={"upgrades": ["flip_2_to_3", "flip_3_to_4", "flip_all_4", "plus_thievery"],
                                      "flipped": [True, True, False]})
    assert T(g).cubes == rd.action_cubes                     # ALL 4 +1 Thievery: every cube, no more


def test_SET_23_a_vault_tile_revealed_gets_one_vault_token() -> None:
    """SET-23 (MAP-31): the Vault tokens go on the Vault tiles as they are revealed, one
    each — the Thief peeking at a Dark Vault tile and revealing it places one."""
    tiles = [t for t in base_tiles() if t["pos"] != [1, 1]] + [dark((1, 1), "T48")]
    g = thief_game(tiles=tiles)
    assert g.tile("T48").type == "vault"
    choose(g, "move:1,1", "peek:", "reveal:")
    while g.pending is not None and g.pending.kind != "thief_turn":      # orientation, open edges
        g.apply(ids(g)[0])
    assert g.state.board.tiles[(1, 1)].lit
    assert g.state.board.tokens_at((1, 1))["vault"] == 1


def token_values(**thief: Any) -> list[int]:
    """The three Stat tokens' values on a Thief board set up as ``thief`` says."""
    g = thief_game(stats=None, thief=thief)
    return [token_value(g, T(g), i) for i in range(3)]


def test_SET_47_thief_board_values() -> None:
    """SET-47: the Thief's board — Loot Drop Level 3, 2, 1, 0; each unstashed token −1
    Stealth; Flip Stat Tokens 2→3, 3→4, ALL 4; and +1 Stealth, +1 Movement, +1 Thievery."""
    up = ["flip_2_to_3", "flip_3_to_4", "flip_all_4", "plus_thievery"]
    g = thief_game(stats=None, thief={"upgrades": up, "flipped": [True, True, False]})
    assert T(g).loot_drop == 3 and T(g).cubes == 5
    assert {i for i in ids(g) if i.startswith("hide:")} == {"hide:1", "hide:2", "hide:3"}     # never below 0
    choose(g, "hide:3")
    assert T(g).loot_drop == 0 and not [i for i in ids(g) if i.startswith("hide:")]
    g = thief_game(stats="3-4-2", thief={"carried": ["treasure", "treasure", "treasure"]})
    assert stealth(g) == 4 - 3                                          # 3 unstashed tokens
    assert token_values() == [2, 3, 4]
    assert token_values(upgrades=["flip_2_to_3"], flipped=[True, False, False]) == [3, 3, 4]
    assert token_values(upgrades=["flip_2_to_3", "flip_3_to_4"], flipped=[True, True, False]) == [3, 4, 4]
    assert token_values(upgrades=["flip_2_to_3", "flip_3_to_4", "flip_all_4"], flipped=[True, True, False]) == [4, 4, 4]
    plain = thief_game(stats="2-3-4")
    boosted = thief_game(stats="2-3-4", thief={"upgrades": ["plus_stealth", "plus_movement", "plus_thievery"]})
    for s in ("movement", "stealth", "thievery"):
        assert stat(boosted, s) == stat(plain, s) + 1
    assert (T(boosted).movement_left, T(boosted).cubes) == (3, 5)


# ------------------------------------------------------------------ extras
def test_SET_24_SET_25_extras_in_the_box() -> None:
    """SET-24/25: 8 Terrain tiles (all offered to the Cave in a Terrain game), the Ogre and
    Troll Monster tokens, the 5 Role Variant cards — exactly the cards the role variants
    hand out — and 25 Difficulty cards, 5 per role, each one playable."""
    rd = load_rules_data()
    assert len(rd.terrain) == 8
    g = new_game(Setup(roles=("knight", "cave"), seed=1, variants=("terrain",)))
    assert sum(len(v) for v in available(g).values()) == 8
    assert MONSTER_TOKENS == ("ogre", "troll") and {"ogre", "troll"} <= set(rd.deck("monsters"))
    cards = {c.id for c in rd.variant_cards}
    assert cards == {"past_plunder", "flare", "goblin_infestation", "ash_dragon", "alone_in_the_dark"}
    handed_out = {card for roles in ROLE_SETS for card, _ in rd.role_variant(roles).gifts}
    assert handed_out == cards
    assert len(rd.difficulty) == 25
    for role in TURN_ORDER:
        levels = rd.difficulty_levels(role)
        assert len(levels) == 5
        for level in levels:
            roles = (role,) if role != "cave" else ("knight", "cave")
            assert new_game(Setup(roles=roles, seed=1, difficulty={role: level.id})).pending is not None
