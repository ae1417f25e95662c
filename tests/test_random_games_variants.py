"""Random full games with the optional variants Moving Entrance (VAR-04..09) and
Uncertain Treasures (VAR-10..12), played to the end by the random bot with the
invariants of test_random_games (and the Goblins', the Dragon's and the Thief's when
they play) checked after every step, plus the variants' own:

- Moving Entrance: the entrance is always a Lit tile on the map; it changes only by an
  ``entrance_moved`` event, one step across no wall onto a tile that held no piece or
  token, and never while the Knight stands there; without the variant it stays on
  the Entrance tile;
- Uncertain Treasures: the 7 Treasure cards are each in one place (deck, the Knight's
  hand, out of the game) whenever no Treasure question is open, and a card the Knight
  sends back or declines never reaches the Cave's view, or anyone's but hers;
- Dragon Scales: each of the 3 Scale cards is in one place (the Scale deck, his Power
  cards, out of the game — only the Platinum Scale), none without the variant; no more
  Scales drawn than uses of Smash and Wrath; and no other view names a Scale he holds.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from test_privacy import Watcher, check_privacy
from test_random_games import check_invariants
from test_random_games_dragon import check as check_dragon
from test_random_games_goblins import check_goblins
from test_random_games_thief import check_thief

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.map.board import edge_blocked
from vast_desktop.engine.roles.dragon.state import is_scale
from vast_desktop.engine.roles.thief.state import stashed
from vast_desktop.engine.setup import OPTIONAL_VARIANTS, knight_deck
from vast_desktop.headless.matches import bot_seed

MAX_STEPS = 9000
FIVE = ("knight", "goblins", "dragon", "cave", "thief")
KNIGHT_CARDS = ("promo-treasures", "promo-sidequests", "revised-cards")   # test_random_games_knight_cards
TREASURE_QUESTIONS = {"choose_treasure", "bottom_treasure", "return_treasure", "keep_treasure"}


def _general(g: Game) -> None:
    """test_random_games' invariants, with the tokens and cubes other roles hold put back."""
    st = g.state
    held = st.dragon.treasure_held if st.dragon is not None else 0
    held += st.goblins.stored_treasure if st.goblins is not None else 0      # VAR-29: stored for Schemes
    carried = st.thief.carried.count("treasure") + stashed(g) if st.thief is not None else 0
    poisoned = st.goblins.poison_cubes if st.goblins is not None and st.knight is not None else 0
    st.supply["treasure"] += held + carried
    if st.knight is not None:
        st.knight.set_aside += poisoned
    try:
        check_invariants(g)
    finally:
        st.supply["treasure"] -= held + carried
        if st.knight is not None:
            st.knight.set_aside -= poisoned
    if st.goblins is not None:
        check_goblins(g)
    if st.dragon is not None:
        _scales(g)
        d = st.dragon
        cards = d.hand, d.deck, d.discard
        d.hand, d.deck, d.discard = ([c for c in pile if not is_scale(c)] for pile in cards)   # the 18 Power cards
        try:
            check_dragon(g)
        finally:
            d.hand, d.deck, d.discard = cards
    if st.thief is not None:
        check_thief(g)


def _scales(g: Game) -> None:
    """VAR-32..37: every Scale card in exactly one place; Scales drawn only by Smash and Wrath."""
    d = g.state.dragon
    assert d is not None
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    places = Counter(c for pile in (d.hand, d.deck, d.discard) for c in pile if is_scale(c))
    places.update(d.scale_deck + d.scales_removed)
    if "dragon-scales" not in g.setup.variants:
        assert not places, f"{where}: Scale cards without the variant {places}"
        return
    assert places == Counter(g.rules.deck("scales")), f"{where}: Scale cards {places}"
    assert all(g.rules.scale_card(c).removed_after_use for c in d.scales_removed), f"{where}: {d.scales_removed}"
    uses = sum(1 for e in g.events if e.kind == "power" and e.data.get("power") in ("smash", "wrath"))
    drawn = sum(1 for e in g.events if e.kind == "scale_drawn")
    assert drawn <= uses and drawn == 3 - len(d.scale_deck), f"{where}: {drawn} Scales drawn, {uses} Smash/Wrath"


def _scales_hidden(g: Game) -> None:
    """The Scales in his Power cards and the Scale deck are his secret: no other view names one."""
    d = g.state.dragon
    if d is None:
        return
    secret = sorted({c for pile in (d.hand, d.deck, d.discard, d.scale_deck) for c in pile if is_scale(c)})
    for viewer in (None, *g.state.roles):
        if viewer != "dragon" and secret:
            # the view's repr holds every text and key of the view (the decision in full; not the
            # rules): all that its JSON held, read without the deep copy of to_dict
            text = repr(view(g, viewer))
            assert not [c for c in secret if c in text], f"seed {g.setup.seed}: view({viewer!r}) names {secret}"


def _entrance(g: Game, before: tuple[int, int], first_event: int, open_side: set[tuple[int, int]]) -> None:
    board = g.state.board
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    now = board.entrance
    assert now in board.tiles and board.tiles[now].lit, f"{where}: the entrance {now} is not a Lit tile"
    moves = [e for e in g.events[first_event:] if e.kind == "entrance_moved"]
    if "moving-entrance" not in g.setup.variants:
        assert now == (0, 0) and g.tile(board.tiles[now].tile_id).type == "entrance" and not moves, where
        return
    if now == before:
        assert not moves, f"{where}: {moves}"
        return
    assert [(e.data["frm"], e.data["to"]) for e in moves] == [(before, now)], f"{where}: the entrance jumped"
    assert now in open_side, f"{where}: {before} -> {now} is not one step across an open edge"
    assert _free(g, now), f"{where}: the Entrance piece moved onto an occupied space"


def _free(g: Game, p: tuple[int, int]) -> bool:
    board = g.state.board
    return not board.pieces_at(p) and not any(n > 0 for n in board.tokens.get(p, {}).values())


def _treasure_cards(g: Game) -> None:
    st = g.state
    if g.pending is not None and g.pending.kind in TREASURE_QUESTIONS:
        return                       # cards drawn and not yet placed are in the question's hands
    deck = set(knight_deck(g.rules, g.config, "treasures"))      # with the Knight's bonus cards, if chosen
    places = Counter(st.treasure_deck)
    places.update(c for c in st.removed_from_game if c in deck)
    if st.knight is not None:
        places.update(st.knight.treasures)
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    if st.knight is not None:
        assert set(places) == deck and all(n == 1 for n in places.values()), f"{where}: Treasure cards {places}"


def _returned_or_declined_hidden(g: Game, choice: str, logs: dict[str | None, int]) -> None:
    """VAR-11: the card the Knight just sent back or declined is in no one's new log lines but hers."""
    card = choice.split(":", 1)[1]
    name = g.card(card).name
    for viewer in (None, *g.state.roles):
        if viewer == "knight":
            continue
        new = view(g, viewer).log[logs[viewer]:]
        assert not any(name in line or card in line for line in new), (
            f"seed {g.setup.seed}: view({viewer!r}) learns the Knight's {choice}: {new}")


def play(setup: Setup, privacy: bool = False, levels: dict[str, str] | None = None,
         each_step: Callable[[Game, int], None] | None = None) -> tuple[Game, Counter[str]]:
    """Play ``setup`` to the end, the invariants checked after every step (and privacy with
    ``privacy``).  The random bot plays every seat but those ``levels`` names (``"easy"``, …);
    ``each_step(g, first_event)`` runs after each step too (a test's own invariants)."""
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    seats = {r: make_bot(r, lv, bot_seed(setup.seed, r)) for r, lv in (levels or {}).items()}
    watcher = Watcher() if privacy else None
    seen: Counter[str] = Counter()
    _general(g)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS, f"seed {setup.seed}: no outcome after {MAX_STEPS} choices"
        d = g.pending
        assert d is not None
        before, first = g.state.board.entrance, len(g.events)
        open_side = {q for q in g.state.board.tiles
                     if abs(q[0] - before[0]) + abs(q[1] - before[1]) == 1 and not edge_blocked(g, before, q)}
        hidden_choice = d.role == "knight" and (d.kind == "return_treasure" or (
            d.kind == "keep_treasure" and g.has("cave") and "uncertain-treasures" in setup.variants))
        logs = {v: len(view(g, v).log) for v in (None, *g.state.roles)} if hidden_choice else {}
        seat = seats.get(d.role)
        if seat is not None:
            choice = seat(view(g, d.role), d)
        else:
            choice = bot(view(g, d.role) if privacy else None, d)
        g.apply(choice)
        if each_step is not None:
            each_step(g, first)
        seen[d.kind] += 1
        _general(g)
        _entrance(g, before, first, open_side)
        _treasure_cards(g)
        if hidden_choice and (choice.startswith("bottom:") or choice.startswith("decline:")):
            _returned_or_declined_hidden(g, choice, logs)
        if watcher is not None:
            check_privacy(g, watcher, full=len(g.choices) % 100 == 0)
            _scales_hidden(g)
    seen.update(e.kind for e in g.events if e.kind in ("entrance_moved", "poison_moved", "treasure_bottom"))
    assert set(g.outcome.winners) <= set(setup.roles)
    return g, seen


CASES = [
    pytest.param(("knight",), {}, "easy", id="solo"),
    pytest.param(("knight", "cave"), {}, None, id="knight-cave"),
    pytest.param(("knight", "cave"), {"cave": "great_cave"}, None, id="knight-greatcave"),
    pytest.param(("knight", "goblins", "cave"), {"cave": "great_cave"}, None, id="knight-goblins-greatcave"),
    pytest.param(("knight", "thief"), {}, None, id="knight-thief"),
    pytest.param(FIVE, {"cave": "great_cave"}, None, id="five-greatcave"),
]


@pytest.mark.parametrize("variant", ["moving-entrance", "uncertain-treasures"])
@pytest.mark.parametrize("roles, difficulty, solo", CASES)
@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_a_variant(variant: str, roles: tuple[str, ...], difficulty: dict[str, str],
                                     solo: str | None, seed: int) -> None:
    # privacy (test_privacy's checker, at every step: nine tenths of these games' time) in one seed of
    # each Knight-vs-Cave case; the variant's own hidden cards (VAR-11) are checked in every game
    play(Setup(roles=roles, seed=seed, variants=(variant,), difficulty=difficulty, solo_level=solo),
         privacy=roles == ("knight", "cave") and seed == 0)


def test_both_variants_together() -> None:
    for seed in range(3):
        play(Setup(roles=FIVE, seed=seed, variants=("moving-entrance", "uncertain-treasures"),
                   difficulty={"cave": "great_cave"}))


def test_the_entrance_piece_really_moves() -> None:
    """Over a batch of long Collapses (Great Cave) the Entrance piece moves, with every
    invariant above, so the checks are not vacuous."""
    total: Counter[str] = Counter()
    for seed in range(10, 22):
        _, seen = play(Setup(roles=("knight", "cave"), seed=seed, variants=("moving-entrance",),
                             difficulty={"cave": "great_cave"}))
        total += seen
    assert total["entrance_moved"] >= 2, total


def test_uncertain_treasures_really_asks() -> None:
    """The Cave's and the Knight's new questions do come up in random games, with and without a Cave."""
    total: Counter[str] = Counter()
    for seed in range(3):
        for roles in (("knight", "cave"), ("knight",)):
            _, seen = play(Setup(roles=roles, seed=seed, variants=("uncertain-treasures",),
                                 solo_level="easy" if roles == ("knight",) else None))
            total += seen
    assert total["bottom_treasure"] > 0 and total["return_treasure"] > total["bottom_treasure"], total
    assert total["choose_treasure"] == 0, "Treasure tokens still went through the standard draw"


COLLAPSE_AND_SPEED = [v for v in OPTIONAL_VARIANTS if v.startswith(("collapse-", "speed-"))]


@pytest.mark.parametrize("variant", COLLAPSE_AND_SPEED)
@pytest.mark.parametrize("roles", [("knight", "cave"), ("goblins", "dragon", "thief"), FIVE],
                         ids=lambda r: "-".join(r))
def test_random_games_with_the_collapse_and_speed_variants(variant: str, roles: tuple[str, ...]) -> None:
    """VAR-01/02 in whole games, with every invariant checked at each step."""
    g, _ = play(Setup(roles=roles, seed=3, variants=(variant,)))
    if variant.startswith("collapse-"):
        assert g.config.extra["collapse_variant_tiles"] == int(variant[-1])


def test_every_optional_variant_has_random_games() -> None:
    """Each variant the engine offers is played in some random-game test: here, or Terrain's
    in test_random_games_terrain."""
    played = {*COLLAPSE_AND_SPEED, "moving-entrance", "uncertain-treasures", "terrain", "random-terrain",
              "dragon-scales", "thief-upgrades", *KNIGHT_CARDS,
              "schemes",   # in all-bonus-cards games (test_random_games_bonus) and test_legality_reasons
              "promo-events", "promo-monsters", "promo-secrets", "all-bonus-cards"}   # test_random_games_bonus
    assert set(OPTIONAL_VARIANTS) <= played, f"no random games with {set(OPTIONAL_VARIANTS) - played}"


SCALE_CASES = [
    pytest.param(("knight", "dragon"), {}, None, id="knight-dragon"),
    pytest.param(("dragon",), {}, "hard", id="dragon-solo"),
    pytest.param(("dragon", "cave"), {}, None, id="dragon-cave"),
    pytest.param(("goblins", "dragon", "thief"), {}, None, id="goblins-dragon-thief"),
    pytest.param(FIVE, {"cave": "great_cave"}, None, id="five-greatcave"),
]


@pytest.mark.parametrize("roles, difficulty, solo", SCALE_CASES)
@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_dragon_scales(roles: tuple[str, ...], difficulty: dict[str, str], solo: str | None,
                                         seed: int) -> None:
    """VAR-32..37 in whole games, the privacy of his Scales checked at every step with the Cave (seed 0)."""
    play(Setup(roles=roles, seed=seed, variants=("dragon-scales",), difficulty=difficulty, solo_level=solo),
         privacy=roles == ("dragon", "cave") and seed == 0)      # one seed: the checker is the cost


def test_dragon_scales_really_come_into_play() -> None:
    """Over a batch of Knight-vs-Dragon games the random bot draws Scales, pays with the Golden
    and the Silver Scale, keeps a Silver Scale and plays the Platinum Scale, so the checks
    above are not vacuous."""
    total: Counter[str] = Counter()
    for seed in range(12):
        g, _ = play(Setup(roles=("knight", "dragon"), seed=seed, variants=("dragon-scales",)))
        for e in g.events:
            if e.kind in ("scale_drawn", "scale_kept", "scale_played"):
                total[e.kind] += 1
            elif e.kind == "power":
                total.update(name for name in ("Golden Scale", "Silver Scale") if name in e.public)
    assert all(total[k] > 0 for k in ("scale_drawn", "scale_kept", "scale_played", "Golden Scale",
                                      "Silver Scale")), total


UPGRADE_CASES = [
    pytest.param(("knight", "thief"), id="knight-thief"),
    pytest.param(("cave", "thief"), id="cave-thief"),
    pytest.param(("goblins", "dragon", "thief"), id="goblins-dragon-thief"),
    pytest.param(FIVE, id="five"),
]


@pytest.mark.parametrize("roles", UPGRADE_CASES)
@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_thief_upgrades(roles: tuple[str, ...], seed: int) -> None:
    """VAR-38..40 in whole games: the 3 Upgrade cards each in one place — his hand, revealed,
    or the box — the Wand's charges 0..5 (privacy at every step: test_random_games_bonus,
    all-bonus-cards in every role subset)."""
    g, _ = play(Setup(roles=roles, seed=seed, variants=("thief-upgrades",)))
    t = g.state.thief
    assert t is not None
    assert Counter(t.upgrade_hand + t.upgrade_shown + t.upgrade_box) == Counter(g.rules.deck("upgrades"))
    assert len(t.upgrade_hand + t.upgrade_shown) == 1 and 0 <= t.wand_charges <= 5
    assert all(c in t.upgrade_shown for c in t.upgrades if c in g.rules.deck("upgrades"))

