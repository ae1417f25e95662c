"""The Moving Entrance variant (VAR-04..09), the Uncertain Treasures variant
(VAR-10..12) and the Collapse's two open ambiguities with their house rules (AMB-44,
AMB-60).  Every position is built with ``load_scenario`` and driven through the public
decisions.

Tile cheat-sheet (walls unrotated, N/E/S/W): T22 T25 T29 T30 T01 T05 open; T03 a
side tile with a wall N (rot 1 = E, rot 3 = W)."""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, SetupError, new_game, view
from vast_desktop.engine.setup import HOUSE_RULES, OPTIONAL_VARIANTS

from .helpers import choose, dark, entrance, ids, lit, scenario
from .helpers_goblins import WAR
from .helpers_interactions import activation

ME = ["moving-entrance"]
UT = ["uncertain-treasures"]
# A 2x2 block (1,0) (2,0) / (1,1) (2,1) with the Entrance tile hanging west of (1,0):
# the Entrance touches 1 tile, (1,0) touches 3 and the other three touch 2.
HANGING = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((1, 1), "T29"), lit((2, 1), "T30")]


def collapse(tiles: list[dict[str, Any]], pieces: dict[str, Any], variants: list[str] = ME,
             roles: tuple[str, ...] = ("knight", "cave"), house: tuple[str, ...] = (), **data: Any) -> Game:
    """The Cave's turn during the Collapse, nothing left to draw or place."""
    data.setdefault("cave", {"hand": []})
    return scenario(roles, variants=list(variants), house_rules=list(house), active="cave", collapse=True, stack=[],
                    omen_bag={}, tiles=tiles, pieces=pieces, **data)


def removals(g: Game) -> set[str]:
    return {i for i in ids(g) if i.startswith("remove:")}


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def k(g: Game) -> Any:
    assert g.state.knight is not None
    return g.state.knight


# ====================================================================== VAR-04
def test_VAR_04_the_entrance_piece_starts_on_the_entrance_tile_and_is_in_every_view() -> None:
    """VAR-04: the Entrance piece starts on the Entrance tile; every view shows where it is
    (the map draws it); without the variant there is no piece."""
    g = new_game(Setup(roles=("knight", "cave"), seed=2, variants=("moving-entrance",)))
    assert g.tile(g.state.board.tiles[(0, 0)].tile_id).type == "entrance"
    for viewer in ("knight", "cave", None):
        assert view(g, viewer).entrance_piece == (0, 0) and view(g, viewer).entrance == (0, 0)
    plain = new_game(Setup(roles=("knight", "cave"), seed=2))
    assert view(plain, "knight").entrance_piece is None and view(plain, "knight").entrance == (0, 0)


@pytest.mark.parametrize("target, wins", [("0,0", False), ("2,0", True)])
def test_VAR_04_the_knight_escapes_at_the_entrance_piece_not_the_entrance_tile(target: str, wins: bool) -> None:
    """VAR-04, KN-02: "the Entrance tile" now reads "the space holding the Entrance piece":
    with her Crystals smashed she wins by entering the piece's space, not the old tile."""
    g = scenario(("knight", "cave"), variants=ME, active="knight", omen_bag={},
                 tiles=[entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")], entrance=[2, 0],
                 pieces={"knight": [1, 0]}, knight={"smashed": 5}, crystals_smashed_total=5)
    assert view(g, "cave").entrance_piece == (2, 0)
    choose(g, f"move:{target}")
    assert (g.outcome is not None and g.outcome.winners == ("knight",)) == wins


def test_VAR_04_the_map_is_slid_back_to_the_section_with_the_entrance_piece() -> None:
    """VAR-04, MAP-37: a split map is joined back to the section holding the Entrance
    piece, which stays put; here Hatred (AMB-60 house rule) brings down the old Entrance
    tile between (-1,0) and the piece at (1,0)."""
    tiles = [lit((-1, 0), "T25"), entrance(), lit((1, 0), "T22"), lit((2, 0), "T29")]
    g = collapse(tiles, {"knight": [2, 0]}, house=("hatred_ignores_collapse_order",), entrance=[1, 0],
                 cave={"hand": [], "omens": {"mushroom": 1}})
    choose(g, "omen:hatred", "hatred:remove:0,0")
    assert g.state.board.entrance == (1, 0)
    choose(g, "slide:-1,0:E")
    assert set(g.state.board.tiles) == {(0, 0), (1, 0), (2, 0)} and g.state.board.entrance == (1, 0)


# ====================================================================== VAR-05
def test_VAR_05_the_entrance_tile_collapses_like_any_cave_tile() -> None:
    """VAR-05: once the piece is elsewhere the Entrance tile is a normal Cave tile: touching
    1 tile it is the first to go (without the variant it never goes, COL-12) and it leaves
    the game like any collapsed tile; the piece does not move (VAR-08)."""
    g = collapse(HANGING, {"knight": [2, 1]}, entrance=[1, 0])
    assert removals(g) == {"remove:0,0"}
    choose(g, "remove:0,0")
    assert (0, 0) not in g.state.board.tiles and "entrance" in g.state.removed_from_game
    assert g.state.board.entrance == (1, 0) and "entrance_moved" not in kinds(g)
    plain = collapse(HANGING, {"knight": [2, 1]}, variants=[])
    assert removals(plain) == {"remove:2,0", "remove:1,1", "remove:2,1"}


def test_VAR_05_the_entrance_tile_is_placed_dark_side_up_later() -> None:
    """VAR-05: an Entrance tile placed later goes Dark side up, as normal: hidden from the
    Knight like any Dark tile; it is not the entrance."""
    g = scenario(("knight", "cave"), variants=ME, active="cave", omen_bag={},
                 tiles=[lit((0, 0), "T22"), lit((1, 0), "T25")], entrance=[0, 0], pieces={"knight": [1, 0]},
                 cave={"hand": ["entrance", "T01", "T05"]})
    choose(g, "place:entrance@-1,0")
    assert g.state.board.tiles[(-1, 0)].tile_id == "entrance" and not g.state.board.tiles[(-1, 0)].lit
    tv = next(t for t in view(g, "knight").tiles if t.pos == (-1, 0))
    assert tv.type is None and tv.tile_id is None
    assert g.state.board.entrance == (0, 0) and view(g, "knight").entrance_piece == (0, 0)


def test_VAR_05_intrepid_counts_the_entrance_tile_as_a_cave_tile() -> None:
    """VAR-05 with Intrepid (10 revealed Cave tiles): with the variant the Lit Entrance
    tile is one of them, so 9 others are enough; without it they are not."""
    tiles = [entrance()] + [lit((x, 0), t) for x, t in
                            zip(range(1, 10), ["T22", "T25", "T29", "T30", "T01", "T05", "T10", "T13", "T20"],
                                strict=True)]
    for variants, ready in ((ME, True), ([], False)):
        g = scenario(("knight", "cave"), variants=variants, active="knight", omen_bag={}, tiles=tiles,
                     pieces={"knight": [1, 0]}, knight={"sidequests": ["intrepid"]})
        assert ("sidequest:intrepid" in ids(g)) == ready


# ====================================================================== VAR-06
@pytest.mark.parametrize("case, expected", [
    ("both open", {"1,0", "0,1"}),
    ("dark", {"1,0"}),
    ("wall", {"0,1"}),
    ("rockslide", {"0,1"}),
    ("bombed wall", {"1,0", "0,1"}),
    ("token", {"0,1"}),
    ("piece", {"0,1"}),
])
def test_VAR_06_the_remover_moves_the_piece_to_an_adjacent_unoccupied_lit_tile(case: str, expected: set[str]) -> None:
    """VAR-06: the player removing the tile moves the Entrance piece to an adjacent,
    unoccupied Lit tile — never through a wall (a Rockslide is one, a Bomb opens one),
    onto a Dark tile, or onto a tile with a token or a player piece (MAP-08)."""
    east = lit((1, 0), "T03", rot=3) if case in ("wall", "bombed wall") else lit((1, 0), "T22")
    south = dark((0, 1), "T25") if case == "dark" else lit((0, 1), "T25")
    data: dict[str, Any] = {}
    if case == "rockslide":
        data["rockslides"] = [[[0, 0], [1, 0]]]
    if case == "bombed wall":
        data["bombs"] = [[[0, 0], [1, 0]]]
    if case == "token":
        data["tokens"] = {"1,0": {"treasure": 1}}
    pieces = {"knight": [1, 0] if case == "piece" else [1, 1]}
    g = collapse([entrance(), east, south, lit((1, 1), "T29")], pieces, **data)
    assert "remove:0,0" in removals(g)
    choose(g, "remove:0,0")
    if len(expected) > 1:
        assert (g.pending.role, g.pending.kind) == ("cave", "move_entrance")
        assert set(ids(g)) == {f"entrance:{p}" for p in expected}
        choose(g, "entrance:0,1")
        expected = {"0,1"}
    (where,) = expected
    assert g.state.board.entrance == tuple(int(v) for v in where.split(","))
    assert (0, 0) not in g.state.board.tiles
    assert view(g, "knight").entrance_piece == g.state.board.entrance


# ====================================================================== VAR-07
def test_VAR_07_pieces_forced_off_move_first_and_the_entrance_piece_last() -> None:
    """VAR-07: the Knight on the collapsing tile moves first; the Entrance piece then goes
    to a tile she left free (she may not take the only one it could use)."""
    g = collapse([entrance(), lit((1, 0), "T22"), lit((0, 1), "T25"), lit((1, 1), "T29")], {"knight": [0, 0]})
    choose(g, "remove:0,0")
    assert g.pending.kind == "forced_move" and set(ids(g)) == {"push:1,0", "push:0,1"}
    choose(g, "push:1,0")
    assert g.state.board.pieces["knight"] == (1, 0) and g.state.board.entrance == (0, 1)
    order = [x for x in kinds(g) if x in ("forced_move", "entrance_moved", "tile_removed")]
    assert order == ["forced_move", "entrance_moved", "tile_removed"]


def test_VAR_07_the_knight_leaves_the_entrance_piece_its_only_tile() -> None:
    """VAR-07: when the Entrance piece could use only one tile, the Knight forced off with
    it is not offered that tile.  (The Entrance touches 3 tiles, so Hatred under the
    AMB-60 house rule takes it.)"""
    g = collapse([entrance(), lit((1, 0), "T22"), lit((0, 1), "T25"), lit((1, 1), "T29"), lit((-1, 0), "T30")],
                 {"knight": [0, 0]}, tokens={"0,1": {"treasure": 1}, "-1,0": {"treasure": 1}},
                 house=("hatred_ignores_collapse_order",), cave={"hand": [], "omens": {"mushroom": 1}})
    assert "remove:0,0" not in removals(g)                     # touching 3: not in the Collapse's order yet
    choose(g, "omen:hatred", "hatred:remove:0,0")
    # her nearest spaces are (1,0), (0,1) and (-1,0); (1,0) is the piece's only tile
    assert g.pending.kind == "forced_move" and set(ids(g)) == {"push:0,1", "push:-1,0"}
    choose(g, "push:0,1")
    assert g.state.board.entrance == (1, 0) and g.state.board.pieces["knight"] == (0, 1)


@pytest.mark.parametrize("blocked", [False, True])
def test_VAR_07_a_piece_with_no_legal_tile_keeps_its_tile_and_the_next_eligible_goes(blocked: bool) -> None:
    """VAR-07: if the Entrance piece could go nowhere, its tile cannot collapse: it is
    skipped and the next eligible tiles (here those touching 2) go instead (COL-17)."""
    tokens = {"1,0": {"treasure": 1}} if blocked else {}
    g = collapse(HANGING, {"knight": [2, 1]}, tokens=tokens)
    if blocked:
        assert removals(g) == {"remove:2,0", "remove:1,1", "remove:2,1"}
    else:
        assert removals(g) == {"remove:0,0"}


# ====================================================================== VAR-08
def test_VAR_08_the_entrance_piece_does_not_occupy_its_space() -> None:
    """VAR-08: the piece interacts with nothing: a Knight forced off a collapsing tile may
    stop on its space (it is no player piece), and the piece stays where it is."""
    g = collapse([entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")], {"knight": [2, 0]}, entrance=[1, 0])
    assert removals(g) == {"remove:0,0", "remove:2,0"}
    choose(g, "remove:2,0")
    assert g.state.board.pieces["knight"] == (1, 0) and g.state.board.entrance == (1, 0)


def _cave_in_targets(variants: list[str], at: list[int] | None) -> set[str]:
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((1, 1), "T29"), dark((0, 1), "T01")]
    data: dict[str, Any] = {"entrance": at} if at is not None else {}
    g = scenario(("knight", "goblins"), seed=3, variants=variants, active="goblins", tiles=tiles,
                 pieces={"knight": [2, 0]}, **data,
                 goblins={"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}, "hand": ["cave_in"],
                          "war_deck": WAR[-1:] + WAR[:-1]})
    activation(g, eye=1)
    choose(g, "secret:cave_in")
    return {i.split(":", 1)[1] for i in ids(g) if i.startswith("remove:")}


def test_VAR_08_cave_in_never_takes_the_entrance_piece_tile_but_may_take_the_old_entrance() -> None:
    """VAR-08, COL-12/COL-20: the piece moves only when its tile collapses: Cave-In never
    removes the tile holding it, while the Entrance tile, now a normal Cave tile (VAR-05),
    is a target like any other.  Without the variant the Entrance tile is never one."""
    moved = _cave_in_targets(ME, [1, 0])
    assert "1,0" not in moved and "0,0" in moved
    plain = _cave_in_targets([], None)
    assert "0,0" not in plain and "1,0" in plain


# ====================================================================== VAR-09
def test_VAR_09_poison_puts_her_cubes_on_the_entrance_piece_space() -> None:
    """VAR-09: Poison puts the Knight's Hero cubes on the space holding the Entrance piece
    (here (-1,0), not the Entrance tile): a Tribe of Strength 4 beats her Strength 1."""
    g = scenario(("knight", "goblins"), seed=3, variants=ME, active="goblins",
                 tiles=[lit((-1, 0), "T29"), entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")], entrance=[-1, 0],
                 pieces={"knight": [2, 0], "tribe:fangs": [1, 0]},
                 goblins={"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}, "hand": ["poison"],
                          "war_deck": WAR[-1:] + WAR[:-1]},
                 knight={"cubes_free": 3, "grit": 5, "grit_spaces": [11, 18, 26, 35]})
    choose(g, "secret:poison")
    activation(g, rage=2, fangs=3)
    choose(g, "activate:fangs", "move:2,0")
    assert g.state.goblins.poison_cubes == 1
    poison = [e for e in g.events if e.kind == "poison"]
    assert poison and poison[-1].data["pos"] == (-1, 0) and "Entrance piece" in poison[-1].public


@pytest.mark.parametrize("target, cured", [("0,0", False), ("2,0", True)])
def test_VAR_09_she_regains_the_cubes_at_the_entrance_piece(target: str, cured: bool) -> None:
    """VAR-09, KN-122: the Poisoned cubes come back when she reaches the Entrance piece,
    not the old Entrance tile."""
    g = scenario(("knight", "goblins"), seed=3, variants=ME, active="knight",
                 tiles=[entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")], entrance=[2, 0],
                 pieces={"knight": [1, 0]}, goblins={"poison_cubes": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}},
                 knight={"cubes_free": 2})
    choose(g, f"move:{target}")
    assert (k(g).cubes_free, g.state.goblins.poison_cubes) == ((3, 0) if cured else (2, 1))


def test_VAR_09_the_cubes_move_with_the_entrance_piece_and_come_back_there() -> None:
    """VAR-09: when the tile holding the piece is removed, the Poisoned cubes go with the
    piece to its new space, and she takes them back by entering that space."""
    g = collapse(HANGING, {"knight": [2, 0]}, roles=("knight", "goblins", "cave"),
                 goblins={"poison_cubes": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}},
                 knight={"cubes_free": 2})
    choose(g, "remove:0,0")
    assert g.state.board.entrance == (1, 0) and g.state.goblins.poison_cubes == 1
    assert kinds(g).index("poison_moved") > kinds(g).index("entrance_moved")
    # two more removals end the Cave's Shape phase, then the Knight steps onto the piece
    choose(g, "remove:2,1", "remove:1,1")
    while g.pending.role == "cave":
        choose(g, "end:" if "end:" in ids(g) else ids(g)[0])
    assert g.pending.role == "knight"
    choose(g, "move:1,0")
    assert (k(g).cubes_free, g.state.goblins.poison_cubes) == (3, 0)


# ====================================================================== VAR-10
@pytest.mark.parametrize("variants, first", [([], "choose_treasure"), (UT, "bottom_treasure")])
def test_VAR_10_uncertain_treasures_is_agreed_at_setup(variants: list[str], first: str) -> None:
    """VAR-10: the players agree at setup (a named variant with its explanation); only
    then does a Treasure token go through the new draw."""
    assert "uncertain-treasures" in OPTIONAL_VARIANTS and "moving-entrance" in OPTIONAL_VARIANTS
    assert "VAR-10" in OPTIONAL_VARIANTS["uncertain-treasures"] and "VAR-04" in OPTIONAL_VARIANTS["moving-entrance"]
    with pytest.raises(SetupError):
        new_game(Setup(roles=("knight", "cave"), variants=("uncertain-treasure",)))
    g = _treasure_game(("knight", "cave"), variants)
    assert (g.pending.role, g.pending.kind) == ("cave", first)


# ================================================================== VAR-11/12
DECK = ["elven_sword", "heroic_boots", "javelin", "potion_kit", "mighty_axe"]
NAMES = {"elven_sword": "Elven Sword", "heroic_boots": "Heroic Boots", "javelin": "Javelin",
         "potion_kit": "Potion Kit", "mighty_axe": "Mighty Axe"}


def _treasure_game(roles: tuple[str, ...], variants: list[str] = UT) -> Game:
    extra: dict[str, Any] = {"omen_bag": {}} if "cave" in roles else {"solo_level": "easy"}
    g = scenario(roles, variants=variants, active="knight", tiles=[entrance(), lit((1, 0), "T31")],
                 pieces={"knight": [0, 0]}, tokens={"1,0": {"treasure": 1}}, treasure_deck=list(DECK),
                 knight={"grit": 0}, **extra)
    choose(g, "move:1,0", "collect:treasure")
    return g


def _log_since(g: Game, viewer: str | None, n: int) -> str:
    return "\n".join(view(g, viewer).log[n:])


@pytest.mark.parametrize("keep", [True, False])
def test_VAR_11_the_cave_draws_three_keeps_one_back_and_the_knight_chooses_unseen(keep: bool) -> None:
    """VAR-11: the Cave draws 3 and puts 1 on the bottom; the Knight gets the other 2, puts
    1 on the bottom and keeps the last or declines it (+5 Grit, out of the game).  The card
    she returns and the one she declines are never shown to the Cave; the Cave's returned
    card is never shown to the Knight."""
    g = _treasure_game(("knight", "cave"))
    start = {v: len(view(g, v).log) for v in ("knight", "cave", None)}
    assert (g.pending.role, g.pending.kind) == ("cave", "bottom_treasure")
    assert set(ids(g)) == {"bottom:elven_sword", "bottom:heroic_boots", "bottom:javelin"}
    assert view(g, "knight").decision is None
    choose(g, "bottom:heroic_boots")
    assert g.state.treasure_deck == ["potion_kit", "mighty_axe", "heroic_boots"]
    assert (g.pending.role, g.pending.kind) == ("knight", "return_treasure")
    assert set(ids(g)) == {"bottom:elven_sword", "bottom:javelin"}
    assert view(g, "cave").decision is None
    choose(g, "bottom:javelin")
    assert g.state.treasure_deck == ["potion_kit", "mighty_axe", "heroic_boots", "javelin"]
    assert (g.pending.role, g.pending.kind) == ("knight", "keep_treasure")
    assert set(ids(g)) == {"keep:elven_sword", "decline:elven_sword"}
    assert "Elven" not in g.pending.prompt                      # the prompt is public (waiting_for)
    choose(g, "keep:elven_sword" if keep else "decline:elven_sword")
    if keep:
        assert k(g).treasures == ["elven_sword"] and k(g).grit == 0
    else:
        assert k(g).treasures == [] and k(g).grit == 5 and "elven_sword" in g.state.removed_from_game
    cave_log, public_log = _log_since(g, "cave", start["cave"]), _log_since(g, None, start[None])
    for text in (cave_log, public_log):
        assert "Javelin" not in text and "javelin" not in text           # returned by the Knight
        assert "Elven Sword" not in text and "elven_sword" not in text   # kept facedown or declined
    assert "Heroic Boots" in cave_log                                    # the Cave knows its own choice
    knight_log = _log_since(g, "knight", start["knight"])
    assert "Heroic Boots" not in knight_log and "Heroic Boots" not in public_log
    assert "Javelin" in knight_log
    assert view(g, "cave").boards.knight.facedown_count == (1 if keep else 0)


def test_VAR_11_a_short_deck() -> None:
    """VAR-11 with 2 cards left (the rules are silent): the Cave has nothing to send back
    and gives both; the Knight still sends one back and keeps or declines the other."""
    g = scenario(("knight", "cave"), variants=UT, active="knight", omen_bag={},
                 tiles=[entrance(), lit((1, 0), "T31")], pieces={"knight": [0, 0]},
                 tokens={"1,0": {"treasure": 1}}, treasure_deck=["javelin", "potion_kit"])
    choose(g, "move:1,0", "collect:treasure")
    assert (g.pending.role, g.pending.kind) == ("knight", "return_treasure")
    choose(g, "bottom:potion_kit", "keep:javelin")
    assert k(g).treasures == ["javelin"] and g.state.treasure_deck == ["potion_kit"]


@pytest.mark.parametrize("keep", [True, False])
def test_VAR_12_without_a_cave_the_knight_draws_two(keep: bool) -> None:
    """VAR-12: with no Cave player she draws 2, puts 1 on the bottom of the deck, and keeps
    or declines the other (+5 Grit, out of the game)."""
    g = _treasure_game(("knight",))
    assert (g.pending.role, g.pending.kind) == ("knight", "return_treasure")
    assert set(ids(g)) == {"bottom:elven_sword", "bottom:heroic_boots"}
    choose(g, "bottom:elven_sword")
    assert g.state.treasure_deck == ["javelin", "potion_kit", "mighty_axe", "elven_sword"]
    choose(g, "keep:heroic_boots" if keep else "decline:heroic_boots")
    assert k(g).treasures == (["heroic_boots"] if keep else [])
    assert k(g).grit == (0 if keep else 5)
    assert ("heroic_boots" in g.state.removed_from_game) == (not keep)


def test_VAR_12_only_treasure_tokens_change_not_deep_and_dark() -> None:
    """VAR-11/12 speak of collecting a Treasure token: Deep and Dark's Treasure card
    (no Cave) is still the top card, kept or declined."""
    g = scenario(("knight",), variants=UT, solo_level="easy", active="knight",
                 tiles=[entrance(), lit((1, 0), "T22")], pieces={"knight": [1, 0]},
                 tokens={"1,0": {"event": 1}}, event_deck=["deep_and_dark#1", "light", "rats#1"],
                 treasure_deck=list(DECK))
    choose(g, "resolve_event:")
    while g.pending.kind not in ("keep_treasure", "return_treasure"):
        choose(g, ids(g)[0])
    assert g.pending.kind == "keep_treasure" and set(ids(g)) == {"keep:elven_sword", "decline:elven_sword"}


# ====================================================================== AMB-44
LINE = [lit((-2, 0), "T25"), lit((-1, 0), "T29"), entrance(), lit((1, 0), "T03", rot=3), lit((2, 0), "T30")]


@pytest.mark.parametrize("house, expected", [
    ((), {"remove:-2,0", "remove:2,0"}),
    (("collapse_touch_open_edges",), {"remove:-2,0", "remove:2,0", "remove:1,0"}),
])
def test_AMB_44_what_touching_means(house: tuple[str, ...], expected: set[str]) -> None:
    """AMB-44: by default every tile sharing an edge touches (walls ignored), so (1,0),
    walled off from the Entrance, touches 2; the house rule counts only open edges, and
    (1,0) then touches 1 and goes first with the ends of the line."""
    g = collapse(LINE, {"knight": [-1, 0]}, variants=[], house=house)
    assert removals(g) == expected
    assert "collapse_touch_open_edges" in HOUSE_RULES and "AMB-44" in HOUSE_RULES["collapse_touch_open_edges"]


@pytest.mark.parametrize("house", [(), ("collapse_touch_open_edges",)])
def test_AMB_44_with_nothing_touching_one_or_two_the_collapse_goes_on_with_three(house: tuple[str, ...]) -> None:
    """AMB-44, COL-17: when no tile touching 1 or 2 can go, the next tiles go (3, then 4)
    rather than the Collapse stopping.  (1,0) touches 3: the Entrance, the Knight walled
    in at (2,0) and the Thief walled in at (1,1) — none of which can go."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T03", rot=3), lit((1, 1), "T04")]
    g = collapse(tiles, {"knight": [2, 0], "thief": [1, 1]}, variants=[], house=house,
                 roles=("knight", "cave", "thief"))
    assert removals(g) == {"remove:1,0"}


# ====================================================================== AMB-60
HATRED_MAP = [entrance(), lit((1, 0), "T37"), dark((-1, 0), "T01"), lit((0, 1), "T05"), lit((0, 2), "T10")]


@pytest.mark.parametrize("house, expected", [
    ((), {"hatred:remove:1,0"}),
    (("hatred_ignores_collapse_order",), {"hatred:remove:1,0", "hatred:remove:-1,0", "hatred:remove:0,1",
                                           "hatred:remove:0,2"}),
])
def test_AMB_60_hatred_during_the_collapse(house: tuple[str, ...], expected: set[str]) -> None:
    """AMB-60: by default Hatred follows the Collapse priorities (the revealed Crystal
    touching 1 first); with the house rule it may take any tile the Collapse could ever
    remove — never the Entrance — while Shape the Cave keeps the normal order."""
    g = collapse(HATRED_MAP, {"knight": [0, 2]}, variants=[], house=house, cave={"hand": [], "omens": {"mushroom": 1}})
    assert removals(g) == {"remove:1,0"}
    choose(g, "omen:hatred")
    assert {i for i in ids(g) if i.startswith("hatred:remove:")} == expected
    assert "hatred_ignores_collapse_order" in HOUSE_RULES and "AMB-60" in HOUSE_RULES["hatred_ignores_collapse_order"]


# ====================================================================== GB-85
@pytest.mark.parametrize("rider", [None, "knight"])
def test_GB_85_a_section_slid_over_a_lurking_tribe(rider: str | None) -> None:
    """GB-85 (found by the variant games): a section slid back over a lurking Tribe's open
    space puts a tile beneath it, so the Tribe is revealed there — unless another player's
    piece rode in on that tile; then it hides rather than share the tile (GB-87)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((2, -1), "T29")]
    knight = [2, -1] if rider == "knight" else [0, 0]
    g = collapse(tiles, {"knight": knight}, variants=[], roles=("knight", "goblins", "cave"),
                 house=("hatred_ignores_collapse_order",), cave={"hand": [], "omens": {"mushroom": 1}},
                 goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "lurking": {"fangs": [1, -1]}})
    choose(g, "omen:hatred", "hatred:remove:1,0", "slide:2,-1:W")
    assert (1, -1) in g.state.board.tiles and "fangs" not in g.state.goblins.lurking
    assert g.state.board.pieces.get("tribe:fangs") == (None if rider else (1, -1))
