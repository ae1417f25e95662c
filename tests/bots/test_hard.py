"""The Hard player's per-decision search (issue 7): the worlds drawn at the start of its turn
follow the real game through the turn, a world the game disproves is dropped, a freshly drawn
world shows its player what the game shows, and at a decision the candidate whose rollouts
come out best is chosen — in every world still kept, alike."""
from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest

from vast_desktop.bots.hard.search import HardBot, HardBudgetExceeded, decision_top, easy_class, search_top
from vast_desktop.bots.hard.turn_worlds import TurnWorlds, observation
from vast_desktop.bots.hard.worlds import world_scenario
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.kinds import DecisionKind

# the Knight at the Entrance with one Dark tile east of it: what that tile is stays hidden
# until she walks in
DARK_EAST = {
    "setup": {"roles": ["knight", "cave"], "seed": 3},
    "active": "knight",
    "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T20"},
              {"pos": [-1, 0], "tile": "T21"}],
    "pieces": {"knight": [0, 0]},
}


def with_dark_east(tile: str) -> dict[str, Any]:
    tiles = [dict(t) for t in DARK_EAST["tiles"]]
    tiles[1]["tile"] = tile
    return {**DARK_EAST, "tiles": tiles}


def play_turn(real: Game, role: str, worlds: TurnWorlds, first: str | None = None) -> list[int]:
    """Play ``role``'s turn in ``real`` with Easy players (``first`` as its first choice),
    the worlds following; how many worlds were kept at each of its decisions."""
    bots = {r: make_bot(r, "easy", 1) for r in real.state.roles}
    kept: list[int] = []
    while real.outcome is None and real.state.active == role:
        d = real.pending
        assert d is not None
        if d.role == role and len(d.options) > 1:
            v = view(real, role)
            kept.append(len(worlds.catch_up(v, d)))
            choice = first if first is not None and len(kept) == 1 else bots[role](v, d)
            worlds.follow(choice)
        else:
            choice = bots[d.role](view(real, d.role), d)
        real.apply(choice)
    return kept


def test_a_world_that_is_the_real_position_follows_it_through_the_whole_turn() -> None:
    real = load_scenario(DARK_EAST)
    worlds = TurnWorlds("knight")
    worlds.begin([(DARK_EAST, 1)], real.rules)
    kept = play_turn(real, "knight", worlds, first="move:1,0")
    assert len(kept) >= 2 and set(kept) == {1}
    assert worlds.dropped == worlds.mended == 0


def test_a_wrong_guess_of_a_hidden_tile_is_mended_when_the_tile_is_revealed() -> None:
    """The world that guessed another Bones tile east of the Knight fits what she sees until
    she walks in; then the tile she revealed is swapped into its place and the world, played
    again, follows the game on."""
    real = load_scenario(DARK_EAST)
    worlds = TurnWorlds("knight")
    worlds.begin([(with_dark_east("T32"), 1)], real.rules)        # T32: also a Bones tile, the same back
    assert worlds.worlds[0].game.state.board.tiles[(1, 0)].tile_id == "T32"
    kept = play_turn(real, "knight", worlds, first="move:1,0")
    assert set(kept) == {1} and len(kept) >= 2
    assert worlds.mended == 1 and worlds.dropped == 0
    assert worlds.worlds[0].game.state.board.tiles[(1, 0)].tile_id == "T20"


def test_a_world_whose_dragon_die_came_up_otherwise_is_played_again_with_other_dice() -> None:
    """DIE-01: the Knight's Flare rolls the Dragon die.  A world drawn from her view rolled
    another face there; it is played again with other dice until the die comes up as in the
    game (its tile under the Flare mended too), and then follows the game on."""
    real = load_scenario(DARK_EAST)
    scenario = world_scenario(view(real, "knight"), random.Random(3))
    worlds = TurnWorlds("knight")
    worlds.begin([(scenario, 1)], real.rules)
    kept = play_turn(real, "knight", worlds, first="flare:1,0")
    assert set(kept) == {1} and len(kept) >= 2
    mended = worlds.worlds[0]
    assert mended.scenario["setup"]["seed"] != scenario["setup"]["seed"]       # other dice
    assert mended.game.state.last_roll == real.state.last_roll
    assert worlds.mended >= 1 and worlds.dropped == 0


def test_a_world_the_game_disproves_is_dropped() -> None:
    """A world that shows the Knight otherwise than the game — here her Health — and cannot be
    mended by exchanging components is dropped; the right one stays."""
    real = load_scenario(DARK_EAST)
    worlds = TurnWorlds("knight")
    worlds.begin([({**DARK_EAST, "knight": {"health": 2}}, 1), (DARK_EAST, 2)], real.rules)
    kept = play_turn(real, "knight", worlds, first="move:1,0")
    assert kept[0] == 1 and set(kept) == {1}
    assert worlds.dropped == 1 and worlds.worlds[0].seed == 2


@pytest.mark.parametrize("role", ["knight", "goblins", "dragon", "cave", "thief", "vile_ghoul"])
def test_a_world_drawn_at_the_start_of_a_turn_shows_its_player_what_the_game_shows(role: str) -> None:
    """Drawn from the view at the first decision of a later turn, the world — which plays
    the turn's opening again (the Goblins draw their War cards again; the Vile Ghoul's Select
    Statistics takes again the die its view shows selected) — reaches the same
    decision with the same observation; the other role's counts from its last turn, still on
    its board, do not tell the worlds apart."""
    fresh_worlds_match(role, "cave" if role == "knight" else "knight")


def fresh_worlds_match(role: str, other: str) -> None:
    """At the first decision of three later turns of ``role`` (Easy players in both seats, seed
    6), a world drawn from its view reaches that decision with the same observation."""
    g = new_game(Setup(roles=[role, other], seed=6))
    bots = {r: make_bot(r, "easy", 2) for r in (role, other)}
    checked = 0
    turn = g.state.turn
    while g.outcome is None and checked < 3:
        d = g.pending
        assert d is not None
        if d.role == role and g.state.active == role and len(d.options) > 1 and g.state.turn != turn \
                and g.state.round >= 2:
            turn = g.state.turn
            v = view(g, role)
            worlds = TurnWorlds(role)
            worlds.begin([(world_scenario(v, random.Random(checked)), 5)], v.rules)
            assert len(worlds.catch_up(v, d)) == 1, f"round {g.state.round}: the fresh world differs"
            checked += 1
        g.apply(bots[d.role](view(g, d.role), d))
    assert checked == 3


def test_observation_leaves_out_only_other_roles_per_turn_counts() -> None:
    g = load_scenario(DARK_EAST)
    v = view(g, "cave")
    d = g.pending
    assert d is not None
    assert v.boards.knight is not None
    stale = replace(v.boards.knight, moved=3, encounters_used=1)
    assert observation(v, d) == observation(replace(v, boards=replace(v.boards, knight=stale)), d)
    harmed = replace(v.boards.knight, health=1)
    assert observation(v, d) != observation(replace(v, boards=replace(v.boards, knight=harmed)), d)


def favour_second_option(monkeypatch: pytest.MonkeyPatch, second_score: float,
                         other_score: float) -> tuple[Game, str, str]:
    """DARK_EAST at the Knight's first decision, with rollouts rigged so that a world whose
    last choice is the heuristic's second-ranked option scores ``second_score`` and any other
    candidate ``other_score`` (the turn-start search plays as usual); the game, the heuristic's
    pick and its second choice."""
    g = load_scenario(DARK_EAST)
    d = g.pending
    assert d is not None
    v = view(g, "knight")
    easy = make_bot("knight", "easy", 4)
    scores = [easy.score(v, d, o) for o in d.options]     # type: ignore[attr-defined]
    ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
    pick, second = d.options[ranked[0]].id, d.options[ranked[1]].id
    real = HardBot.rollout

    def favour_second(self: HardBot, world: Game, variant: int, seed: int) -> float:
        if world.choices and world.choices[-1] == second:
            return second_score
        return other_score if world.choices else real(self, world, variant, seed)

    monkeypatch.setattr(HardBot, "rollout", favour_second)
    return g, pick, second


def test_the_hard_player_takes_the_candidate_its_rollouts_favour(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a decision of its turn the Hard player weighs the heuristic's top options by rollouts
    in its worlds; here the rollouts favour the heuristic's second choice, so it is played —
    and the worlds follow that choice, not the heuristic's."""
    g, _, second = favour_second_option(monkeypatch, 1.0, 0.0)
    bot = HardBot("knight", seed=4, rounds=2)
    d = g.pending
    assert d is not None
    choice = bot(view(g, "knight"), d)
    assert choice == second
    assert bot.decisions_searched == 1 and bot.heuristic_overruled == 1
    assert [n for _, _, n in bot.last_choice] == [2] * len(bot.last_choice)
    assert all(w.game.choices[-1] == second for w in bot.worlds.worlds)


@pytest.mark.parametrize(("margin", "overruled"), [(0.3, True), (0.5, False)])
def test_the_heuristic_is_overruled_only_by_more_than_the_margin(monkeypatch: pytest.MonkeyPatch, margin: float,
                                                                 overruled: bool) -> None:
    """The rollouts favour the heuristic's second choice by 0.4 in win chance: a Hard player
    asking for a margin under that plays it, one asking for more keeps the heuristic's pick."""
    g, pick, second = favour_second_option(monkeypatch, 0.6, 0.2)
    bot = HardBot("knight", seed=4, rounds=2, margin=margin)
    d = g.pending
    assert d is not None
    assert bot(view(g, "knight"), d) == (second if overruled else pick)
    assert bot.heuristic_overruled == int(overruled)


def test_hard_searches_decisions_in_a_real_game() -> None:
    """Over a game the Hard Dragon searches many of its decisions and sometimes overrules its
    heuristic; no world it drew failed to play."""
    g = new_game(Setup(roles=["dragon", "cave"], seed=2))
    bots = {"dragon": HardBot("dragon", seed=1), "cave": make_bot("cave", "easy", 1)}
    while g.outcome is None and g.state.round < 6:
        d = g.pending
        assert d is not None
        g.apply(bots[d.role](view(g, d.role), d))
    hard = bots["dragon"]
    assert isinstance(hard, HardBot)
    assert hard.decisions_searched >= 5 and hard.failed_worlds == []


@pytest.mark.parametrize(("role", "roles", "weight", "tried"), [
    ("knight", ("knight", "thief"), "thief_value", True),     # KN-60: a Thief hunt, with a Thief to hunt
    ("knight", ("knight", "cave"), "thief_value", False),
    ("knight", ("knight", "goblins"), "ambush_cubes", True),  # Ambush-shy, with Goblins to ambush her
    ("knight", ("knight", "dragon"), "ambush_cubes", False),
    ("knight", ("knight", "dragon"), "dragon_far", True),     # KN-01/50: a Dragon hunt, with a Dragon
    ("knight", ("knight", "goblins"), "dragon_far", False),
    ("goblins", ("goblins", "thief"), "thief", True),         # GB-74: a bolder Thief hunt
    ("goblins", ("goblins", "knight"), "thief", False),
    ("dragon", ("dragon", "thief"), "kill_thief", True),      # DR-24/34: a Thief hunt
    ("dragon", ("dragon", "cave"), "kill_thief", False),
    ("cave", ("cave", "dragon"), "crystal_leaf", True),       # CV-24: patient, Omens kept for Spores
    ("cave", ("cave", "knight"), "crystal_leaf", False),
    ("cave", ("cave", "knight"), "rockslide", True),          # CV-23: walls up, across her way
    ("cave", ("cave", "dragon"), "rockslide", False),
    ("thief", ("thief", "cave"), "up_plus_thievery", True),   # digger: loot dug out with Flares
    ("thief", ("thief", "knight"), "up_plus_thievery", False),
    ("thief", ("thief", "goblins"), "vault", True),           # racer: fewer detours in the race with the Goblins
    ("thief", ("thief", "goblins", "knight"), "vault", True),
    ("thief", ("thief", "knight"), "vault", False),
])
def test_the_hard_player_weighs_only_strategies_that_matter_with_the_roles_in_play(
        role: str, roles: tuple[str, ...], weight: str, tried: bool) -> None:
    """A strategy that differs from the defaults only against an absent role would play as
    the defaults do: the Hard player fits its strategies to the game at its first decision."""
    g = new_game(Setup(roles=list(roles), seed=3))
    bot = HardBot(role, seed=1)
    others = {r: make_bot(r, "easy", 1) for r in roles}
    while (d := g.pending) is not None and d.role != role:
        g.apply(others[d.role](view(g, d.role), d))
    assert d is not None
    bot(view(g, role), d)
    assert bot.fitted_to == frozenset(roles)
    defaults = bot.variants[0][weight]
    assert any(v[weight] != defaults for v in bot.variants) is tried
    assert len(bot.policies) == len(bot.variants) and bot.current in bot.policies   # searched if its turn
    assert len({tuple(sorted(v.items())) for v in bot.variants}) == len(bot.variants)   # no two alike


@pytest.mark.parametrize(("role", "roles", "worlds"), [
    ("knight", ("knight", "dragon"), 4), ("knight", ("knight", "cave"), 3),
    ("dragon", ("dragon", "thief"), 5), ("dragon", ("dragon", "cave"), 3),
])
def test_the_hard_player_draws_the_worlds_its_role_asks_for(role: str, roles: tuple[str, ...], worlds: int) -> None:
    """``search_rounds``: the Knight's fights with the Dragon turn on his die and hidden hand
    (KN-50), so against him each search draws four worlds; the Dragon races a Thief who wins
    in a few rounds, his kills on the die (DR-24), so against him five; elsewhere three."""
    g = new_game(Setup(roles=list(roles), seed=3))
    bot = HardBot(role, seed=1)
    others = {r: make_bot(r, "easy", 1) for r in roles}
    while bot.planned_for is None:
        d = g.pending
        assert d is not None
        g.apply((bot if d.role == role else others[d.role])(view(g, d.role), d))
    assert bot.rounds == worlds and len(bot.scenarios) == worlds and bot.failed_worlds == []
    assert all(n == worlds for _, n in bot.last_search)


@pytest.mark.parametrize(("roles", "top"), [(("thief", "cave"), 1), (("thief", "knight"), 3),
                                            (("thief", "cave", "knight", "goblins"), 3), (("thief", "goblins"), 1),
                                            (("thief", "goblins", "knight"), 3)])
def test_the_hard_thief_plays_his_strategy_as_it_scores_against_the_cave_or_in_a_race(
        roles: tuple[str, ...], top: int) -> None:
    """``search_top``: against the Cave in a small game the rollouts' win chance misjudges the
    Thief's loot, and racing the Goblins alone the rollouts, ending at his next turn, trade
    the race for what looks good at once (easy_thief.search_top); so there each decision of
    his turn plays the strategy the turn's search chose as it scores; elsewhere his three
    best options are played on."""
    g = new_game(Setup(roles=list(roles), seed=3))
    bot = HardBot("thief", seed=1)
    others = {r: make_bot(r, "easy", 1) for r in roles}
    while (d := g.pending) is not None and (bot.planned_for is None or d.role == "thief"):
        g.apply((bot if d.role == "thief" else others[d.role])(view(g, d.role), d))
    assert bot.top == top
    assert len(bot.last_search) == len(bot.variants) and all(n == 3 for _, n in bot.last_search)
    assert (bot.decisions_searched > 0) is (top > 1)


@pytest.mark.parametrize(("roles", "prospects"), [(("goblins", "cave"), True), (("goblins", "cave", "thief"), True),
                                                  (("goblins", "cave", "knight"), False), (("goblins", "thief"), False)])
def test_the_hard_goblins_prospect_for_crystals_against_the_cave(roles: tuple[str, ...], prospects: bool) -> None:
    """GB-01, CV-04: hunting Crystals against the Cave (no Knight, no Dragon), every strategy
    of the Hard Goblins flares where the Cave's own placements make Crystal tiles likely,
    weighing each Flare against the tiles it would draw (COL-01), and each decision plays the
    turn's strategy as it scores (easy_goblins.search_top); with the Knight to kill, or with
    no Cave, their strategies and searches are as before."""
    g = new_game(Setup(roles=list(roles), seed=3))
    bot = HardBot("goblins", seed=1)
    others = {r: make_bot(r, "easy", 1) for r in roles}
    while (d := g.pending) is not None and g.state.round < 4:
        g.apply((bot if d.role == "goblins" else others[d.role])(view(g, d.role), d))
    assert all((v["suspect"] > 0) is prospects for v in bot.variants)
    assert all((v["draw_cost"] > 0 and v["draw_limit"] > 0) is prospects for v in bot.variants)
    assert bot.top == (1 if prospects else 3)
    assert len(bot.last_search) == len(bot.variants) and all(n == 3 for _, n in bot.last_search)
    assert (bot.decisions_searched > 0) is not prospects


# ------------------------------------------------------------------ fixed work, not a clock
def play_hard_turns(role: str, roles: tuple[str, ...], rounds: int) -> tuple[list[str], list[Any]]:
    """A game from seed 5 with a Hard ``role`` (two worlds a search) among Easy players, up
    to round ``rounds``: every choice made, and after each of the Hard player's decisions
    what its searches weighed (per strategy and per candidate: mean win chance, worlds)."""
    g = new_game(Setup(roles=list(roles), seed=5))
    bot = HardBot(role, seed=2, rounds=2)
    others = {r: make_bot(r, "easy", 2) for r in roles}
    searched: list[Any] = []
    while g.outcome is None and g.state.round < rounds:
        d = g.pending
        assert d is not None
        if d.role == role:
            g.apply(bot(view(g, role), d))
            searched.append((list(bot.last_search), list(bot.last_choice), bot.decisions_searched))
        else:
            g.apply(others[d.role](view(g, d.role), d))
    assert bot.decisions_searched > 0 and bot.failed_worlds == []
    return list(g.choices), searched


@pytest.mark.parametrize(("role", "roles"), [("dragon", ("dragon", "knight")), ("knight", ("knight", "cave"))])
def test_a_hard_decision_is_the_same_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch, role: str,
                                                       roles: tuple[str, ...]) -> None:
    """Issue 25 item 7: the Hard player does a fixed amount of work per decision and reads no
    wall clock to decide how much, so the same seed plays the same game on any machine.  Here
    every wall clock jumps an hour ahead each time it is read — a machine where each search
    would overrun any time cap — and the game, and every search's worlds and means, come out
    exactly as on an ordinary run."""
    quiet = play_hard_turns(role, roles, rounds=4)
    now = [0.0]

    def crawling() -> float:
        now[0] += 3600.0
        return now[0]

    for clock in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(time, clock, crawling)
    assert play_hard_turns(role, roles, rounds=4) == quiet


def test_a_hard_decision_over_its_cpu_limit_is_an_error_not_another_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one clock the Hard player reads is its CPU-time safety limit, and it never changes a
    choice: a decision that spends more CPU time than ``cpu_limit`` raises HardBudgetExceeded,
    naming the role and the limit."""
    cpu = [0.0]

    def process_time() -> float:
        cpu[0] += 100.0          # every read: another 100 s of CPU time spent
        return cpu[0]

    monkeypatch.setattr(time, "process_time", process_time)
    g = new_game(Setup(roles=["dragon", "knight"], seed=5))
    bot = HardBot("dragon", seed=2, rounds=2, cpu_limit=60.0)
    knight = make_bot("knight", "easy", 2)
    with pytest.raises(HardBudgetExceeded, match=r"Hard dragon's decision spent .* over its safety limit of 60 s"):
        while g.outcome is None:
            d = g.pending
            assert d is not None
            g.apply((bot if d.role == "dragon" else knight)(view(g, d.role), d))


@pytest.mark.parametrize(("role", "other"), [("ghoul", "knight"), ("ghoul", "cave"), ("knight", "ghoul"),
                                             ("thief", "ghoul"), ("knight", "vile_ghoul"), ("dragon", "vile_ghoul"),
                                             ("vile_ghoul", "knight")])
def test_a_world_drawn_in_a_game_with_the_ghoul_shows_its_player_what_the_game_shows(role: str, other: str) -> None:
    """Issue 29: drawn at the first decision of a later turn, the world reaches it with the same
    observation — the Hard Ghoul's world rolls the faces its board shows (and draws again the
    Terror card a low roll drew), and another role's is not told apart by the Ghoul's roll,
    movement and attacks of its last turn, still on its board."""
    fresh_worlds_match(role, other)


def test_a_branch_of_a_ghoul_world_rolls_the_scripted_dice_again() -> None:
    """A candidate is played on a branch of the world: the branch, replayed from the world's
    scenario, rolls the Ghoul dice the scenario scripts, as the world did (``Game.rebuilt``
    would roll others), so the Ghoul's own choices stay legal there."""
    real = new_game(Setup(roles=["ghoul", "knight"], seed=4))
    bots = {r: make_bot(r, "easy", 3) for r in ("ghoul", "knight")}
    while not (real.state.round >= 2 and real.state.active == "ghoul" and real.state.ghoul.rolled):
        d = real.pending
        assert d is not None and real.outcome is None
        real.apply(bots[d.role](view(real, d.role), d))
    scenario = world_scenario(view(real, "ghoul"), random.Random(1))
    assert scenario["ghoul"]["dice"] == real.state.ghoul.rolled
    worlds = TurnWorlds("ghoul")
    worlds.begin([(scenario, 7)], real.rules)
    d = real.pending
    assert d is not None
    kept = worlds.catch_up(view(real, "ghoul"), d)
    assert len(kept) == 1
    branch = kept[0].branch()
    assert branch.state.ghoul.rolled == real.state.ghoul.rolled
    assert branch.pending is not None and branch.pending.ids == d.ids


@pytest.mark.parametrize(("role", "other"), [("ghoul", "knight"), ("knight", "ghoul"), ("knight", "vile_ghoul"),
                                             ("vile_ghoul", "dragon")])
def test_hard_searches_its_decisions_in_a_game_with_the_ghoul(role: str, other: str) -> None:
    """Asked to weigh three options a decision, the Hard player searches its decisions in a game
    with the Ghoul, not only its turn's strategy: its worlds follow the turn rather than all
    being dropped at its first decision."""
    g = new_game(Setup(roles=[role, other], seed=2))
    bots = {role: HardBot(role, seed=1, top=3), other: make_bot(other, "easy", 1)}
    while g.outcome is None and g.state.round < 5:
        d = g.pending
        assert d is not None
        g.apply(bots[d.role](view(g, d.role), d))
    hard = bots[role]
    assert isinstance(hard, HardBot)
    assert hard.decisions_searched >= 5 and hard.failed_worlds == []


@pytest.mark.parametrize(("role", "roles", "kind", "top"), [
    ("ghoul", ("ghoul", "knight"), DecisionKind.GHOUL_TURN, 1),     # a step, an attack, a Terror card ...
    ("ghoul", ("ghoul", "knight"), DecisionKind.GHOUL_KEEP, 3),     # ... but which die it sets aside
    ("vile_ghoul", ("vile_ghoul", "knight"), DecisionKind.GHOUL_TURN, 2),    # its shorter turn: two
    ("vile_ghoul", ("vile_ghoul", "knight"), DecisionKind.VILE_GHOUL_SELECT, 3),
    ("knight", ("knight", "ghoul"), DecisionKind.KNIGHT_TURN, 3),
    ("thief", ("thief", "cave"), DecisionKind.THIEF_TURN, 1),       # as the Thief asks against the Cave
    ("goblins", ("goblins", "ghoul"), DecisionKind.GOBLINS_TURN, 1),  # as the Goblins ask racing the Ghoul
])
def test_the_hard_ghouls_weigh_fewer_options_for_each_move_and_act(role: str, roles: tuple[str, ...],
                                                                   kind: DecisionKind, top: int) -> None:
    """``GHOULS_TOP``: the Hard Ghoul plays its moves and acts as the turn's strategy scores them
    (the strategy still chosen by search), the Hard Vile Ghoul weighs two of each, and both weigh
    their other decisions as the roles do theirs."""
    assert decision_top(role, search_top(easy_class(role), roles), kind) == top
