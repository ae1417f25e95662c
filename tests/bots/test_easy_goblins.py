"""The Easy Goblins (issue 7): scenario tests where the plan's choice is clear, and a
seeded smoke test against the random player."""
from __future__ import annotations

from typing import Any

from tests.rules.helpers_goblins import gob_game, to_activation
from vast_desktop.bots.easy.goblins import SUSPECT_ODDS, EasyGoblins, Memory, Picture, cave_placements
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Game, Setup, view
from vast_desktop.engine.decisions import Decision, Option, space
from vast_desktop.engine.map.collapse import collapse_candidates
from vast_desktop.headless.matches import play_match


def ask(bot: EasyGoblins, g: Game) -> str:
    """The bot's answer to the pending Goblins decision (checked to be on offer)."""
    assert g.pending is not None and g.pending.role == "goblins", g.pending
    choice = bot(view(g, "goblins"), g.pending)
    assert choice in g.pending.ids
    return choice


def play_until(bot: EasyGoblins, g: Game, kind: str, limit: int = 40) -> None:
    """Let the bot answer Goblins decisions until one of ``kind`` is pending."""
    for _ in range(limit):
        assert g.pending is not None, g.outcome
        if g.pending.kind == kind:
            return
        g.apply(ask(bot, g))
    raise AssertionError(f"no {kind} decision came")


def test_registry_makes_the_easy_goblins() -> None:
    assert isinstance(make_bot("goblins", "easy", 3), EasyGoblins)


def test_strong_fangs_attacks_the_knight_next_to_it() -> None:
    """GB-72/73: Fangs (Strength 5) stands next to the Knight (Strength 0): the plan is to
    kill her, so it is activated first and steps onto her tile."""
    g = gob_game(goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "rage": 1},
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, war="pain")
    to_activation(g)
    bot = EasyGoblins(seed=1)
    assert ask(bot, g) == "activate:fangs"
    g.apply("activate:fangs")
    play_until(bot, g, "tribe_activation")
    assert ask(bot, g) == "move:0,0"
    health = g.state.knight.health
    g.apply("move:0,0")
    assert g.state.knight.health == health - 1


def test_weak_tribe_does_not_bleed_population_towards_the_knight() -> None:
    """GB-72, GB-61: a Tribe no stronger than the Knight cannot attack her, so it may creep
    closer over free steps but never pays Population for Lit tiles to reach her."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}, "rage": 1},
                 pieces={"knight": [-1, 0], "tribe:bones": [3, 0]}, war="pain",
                 knight={"track": {"strength": 2}})
    to_activation(g)
    bot = EasyGoblins(seed=1)
    g.apply("activate:bones")
    health = g.state.knight.health
    play_until(bot, g, "goblins_turn")
    assert g.state.goblins.population["bones"] == 1
    assert g.state.knight.health == health


def test_spends_rage_to_stop_an_overpopulation_scatter() -> None:
    """GB-31/32: Fangs at 4 would get +1 and overpopulate; with Rage 3 the Goblins spend
    1 Rage to stop its discs rather than scatter a Tribe."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 1, "eye": 1}, "rage": 3,
                          "war_deck": ["pain", "fear", "spite"]})
    bot = EasyGoblins(seed=1)
    play_until(bot, g, "populate")
    assert ask(bot, g) == "block:fangs"


def test_plays_leader_rather_than_scatter() -> None:
    """GB-35/36: when overpopulation strikes and Leader is in hand, no Tribe scatters."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 1, "eye": 1}, "rage": 1, "hand": ["leader"]},
                 pieces={"knight": [0, 0], "tribe:fangs": [2, 0]})
    while g.pending is not None and g.pending.kind != "populate":
        g.apply(g.pending.ids[0])
    g.apply("populate:")
    assert g.pending is not None and g.pending.kind == "overpopulation"
    assert ask(EasyGoblins(seed=1), g) == "secret:leader"


def test_full_tribes_take_the_war_card_with_monsters_and_secrets() -> None:
    """GB-24..26: every Tribe is at 4, so a card adding discs would only overpopulate:
    Desperation (no discs, 3 Monsters, 3 Secrets, +1 Rage) is the one to keep."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 4, "eye": 4}, "rage": 2,
                          "war_deck": ["thirst", "desperation", "hate"]})
    bot = EasyGoblins(seed=1)
    assert g.pending is not None and g.pending.kind == "war_card"
    assert ask(bot, g) == "war:desperation"


def test_two_tribes_smash_the_crystal_in_one_turn() -> None:
    """GB-76 (no Knight, no Dragon: smash Crystals): Fangs and Bones, both Strength 3+, stand
    next to a Crystal token; the first attacks it and the second joins to smash it."""
    tiles: list[dict[str, Any]] = [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [1, 1], "tile": "T01", "lit": False},
        {"pos": [2, 1], "tile": "T05", "lit": False},
    ]
    g = gob_game(roles=("goblins", "cave"), tiles=tiles, war="desperation",
                 goblins={"population": {"fangs": 4, "bones": 4, "eye": 0}, "rage": 2},
                 pieces={"tribe:fangs": [1, 1], "tribe:bones": [2, 1]}, tokens={"1,0": {"crystal": 1}})
    bot = EasyGoblins(seed=1)
    for _ in range(60):
        if g.state.board.tokens_at((1, 0))["crystal"] == 0 or g.pending is None or g.pending.role != "goblins":
            break
        if g.pending.kind == "goblins_turn" and len(g.state.goblins.activated) == 2:
            break
        g.apply(ask(bot, g))
    assert g.state.board.tokens_at((1, 0))["crystal"] == 0
    assert g.state.goblins.crystals == 1


def test_springs_the_ambush_when_stronger() -> None:
    """KN-38, GB-92: a hidden Tribe stronger than the Knight always springs the Ambush."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 2, "eye": 0}, "rage": 2})
    d = Decision("goblins", "ambush", "The Knight (Strength 0) revealed an Ambush: attack with a hidden Tribe?",
                 (Option("ambush:fangs", "Ambush with Fangs (Strength 5)"),
                  Option("ambush:bones", "Ambush with Bones (Strength 2)"),
                  Option("no_ambush:", "No Ambush")))
    assert EasyGoblins(seed=1)(view(g, "goblins"), d).startswith("ambush:")


def test_same_seed_same_choices() -> None:
    """Deterministic: the same seed and game give the same choices (only the bot's RNG)."""
    a = play_match(Setup(roles=("knight", "goblins"), seed=5), {"goblins": "easy"})
    b = play_match(Setup(roles=("knight", "goblins"), seed=5), {"goblins": "easy"})
    assert (a.winners, a.choices, a.reason) == (b.winners, b.choices, b.reason)


def test_no_walking_in_circles() -> None:
    """A Tribe whose way to the Knight is shut by walls the view cannot show (Dark tiles)
    once paced between two tiles for ever; it must never step back onto a tile it left."""
    r = play_match(Setup(roles=("knight", "goblins"), seed=74), {"goblins": "easy"})
    assert r.error is None and r.finished


def test_smoke_beats_the_random_knight() -> None:
    """Seeded smoke test: against a random Knight the Goblins win a clear majority."""
    results = [play_match(Setup(roles=("knight", "goblins"), seed=s), {"goblins": "easy"}) for s in range(1, 13)]
    assert all(r.error is None for r in results), [r.error for r in results]
    assert sum("goblins" in r.winners for r in results) >= 9


def crystal_row(bones_on_map: bool) -> Game:
    """No Knight, no Dragon (GB-01: smash Crystals): Fangs (Strength 5) stands on a Crystal;
    Bones (Strength 5) is five Lit tiles away — or hidden."""
    tiles: list[dict[str, Any]] = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T37", "lit": True}]
    tiles += [{"pos": [x, 0], "tile": t, "lit": True} for x, t in zip(range(2, 7), ("T22", "T25", "T20", "T29", "T30"), strict=True)]
    pieces = {"tribe:fangs": [1, 0], **({"tribe:bones": [6, 0]} if bones_on_map else {})}
    g = gob_game(roles=("goblins", "cave"), tiles=tiles, war="desperation",
                 goblins={"population": {"fangs": 4, "bones": 4, "eye": 0}, "rage": 2},
                 pieces=pieces, tokens={"1,0": {"crystal": 1}})
    to_activation(g)
    return g


def test_strikes_a_crystal_first_while_another_strong_tribe_is_on_the_map() -> None:
    """GB-76: a Crystal needs attacks by two Tribes in one turn; the first attack costs only
    the action. With Bones on the map (it may yet come by Underworm, Wisp or a Secret
    Tunnel, which the map does not show) Fangs strikes; with Bones hidden it does not."""
    for bones_on_map, expected in ((True, "attack:crystal"), (False, "special:")):
        g = crystal_row(bones_on_map)
        bot = EasyGoblins(seed=1)
        assert ask(bot, g) == "activate:fangs"
        g.apply("activate:fangs")
        assert ask(bot, g) == expected


def test_lights_more_dark_tiles_in_the_collapse_and_against_the_cave() -> None:
    """RV-05, COL-03: Flares a turn — one normally, two against the Cave (which keeps Crystals
    far from the Tribes), three in the Collapse (reveals no longer draw from the stack)."""
    bot = EasyGoblins(seed=1)
    limits = {}
    for name, roles, collapse in (("plain", ("goblins", "thief"), False), ("cave", ("goblins", "cave"), False),
                                  ("collapse", ("goblins", "thief"), True)):
        g = gob_game(roles=roles, pieces={}, collapse=collapse)
        limits[name] = bot.flare_limit(Picture(view(g, "goblins"), Memory()))
    assert limits == {"plain": 1.0, "cave": 2.0, "collapse": 3.0}


def test_collapse_removal_does_not_leave_a_lit_crystal_tile_next_in_line() -> None:
    """COL-07, COL-08, COL-10 (no Cave player: the Goblins remove tiles, COL-05): removing the
    end of the row would leave the Lit Crystal tile touching one tile, so the next removal
    would have to take it and count it toward the 5 that end the game; the other end goes."""
    tiles: list[dict[str, Any]] = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
                                   {"pos": [2, 0], "tile": "T37", "lit": True}, {"pos": [3, 0], "tile": "T25", "lit": True},
                                   {"pos": [0, 1], "tile": "T20", "lit": True}, {"pos": [0, 2], "tile": "T29", "lit": True}]
    g = gob_game(roles=("goblins", "thief"), tiles=tiles, pieces={}, collapse=True)
    pic = Picture(view(g, "goblins"), Memory()).pic
    assert pic.exposes_lit_crystal((3, 0)) and not pic.exposes_lit_crystal((0, 2))
    assert collapse_candidates(g) == [(0, 2), (3, 0)]
    d = Decision("goblins", "collapse_tile", "The Collapse: choose a tile to remove",
                 tuple(Option(f"remove:{x},{y}", f"Collapse the tile at {x},{y}", (space((x, y)),))
                       for x, y in ((3, 0), (0, 2))))
    assert {EasyGoblins(seed=s)(view(g, "goblins"), d) for s in range(8)} == {"remove:0,2"}   # no coin toss


def joined_row() -> Game:
    """The Entrance, a Lit tile east of it and one south of it; no Cave player (RV-03)."""
    tiles: list[dict[str, Any]] = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
                                   {"pos": [0, 1], "tile": "T20", "lit": True}, {"pos": [2, 0], "tile": "T12", "lit": True}]
    return gob_game(roles=("goblins", "thief"), tiles=tiles, pieces={})


def test_orients_a_revealed_tile_to_join_the_map_not_open_onto_empty_spaces() -> None:
    """MAP-17, MAP-20/21, COL-01: T12 (walls north, east and south) was revealed at 2,0. Turned
    with its open side west it joins the tile at 1,0; any other way its open side faces an
    empty space, which draws a tile from the stack and brings the Collapse nearer."""
    g = joined_row()
    d = Decision("goblins", "orient_tile", "Orient the Ambush tile you revealed at 2,0",
                 tuple(Option(f"rot:{r}", f"rotation {r}", (space((2, 0)),)) for r in range(4)))
    bot = EasyGoblins(seed=1)
    scores = {o.id: bot.kind_orient_tile(Picture(view(g, "goblins"), Memory()), d, o) for o in d.options}
    assert scores["rot:0"] > 0 > scores["rot:1"] == scores["rot:2"] == scores["rot:3"]
    assert {EasyGoblins(seed=s)(view(g, "goblins"), d) for s in range(8)} == {"rot:0"}


def test_places_the_end_of_turn_dark_tile_in_a_nook() -> None:
    """RV-03, MAP-20, COL-01: with no Cave player the Goblins place a Dark tile at the end of
    their turn. At 1,1 it touches two tiles; at -1,0 or 0,-1 only one, so once revealed it
    would leave more open edges to fill from the stack."""
    g = joined_row()
    d = Decision("goblins", "place_tile", "End of turn: place the Dark tile you drew (Fangs)",
                 tuple(Option(f"place:{x},{y}", f"Place at {x},{y}", (space((x, y)),)) for x, y in ((-1, 0), (0, -1), (1, 1))))
    assert {EasyGoblins(seed=s)(view(g, "goblins"), d) for s in range(8)} == {"place:1,1"}


def cave_places_a_crystal_tile_beside_fangs(bones: bool = False) -> Game:
    """Goblins vs Cave: Fangs (Population 2) on the Lit tile 3,0 at the east end of a Lit row
    (with ``bones``, Fangs at Population 1 and Bones at 3 on 1,0); one Dark tile, at -1,0.
    The Cave's turn: it holds Crystal tile T38 and two Ambush tiles, places T38 at 4,0 (the
    only tiles it may place are Crystal tiles, CV-04), a Treasure token, and ends its turn;
    then the Goblins' turn is played to the Activate Tribes menu."""
    tiles: list[dict[str, Any]] = [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [3, 0], "tile": "T29", "lit": True},
        {"pos": [-1, 0], "tile": "T01", "lit": False},
    ]
    pieces = {"tribe:fangs": [3, 0], **({"tribe:bones": [1, 0]} if bones else {})}
    g = gob_game(roles=("goblins", "cave"), active="cave", tiles=tiles, pieces=pieces,
                 goblins={"population": {"fangs": 1 if bones else 2, "bones": 3 if bones else 0, "eye": 0}},
                 cave={"hand": ["T38", "T02", "T04"]})
    assert g.pending is not None
    assert {o for o in g.pending.ids if o.startswith("place:")} == {o for o in g.pending.ids if o.startswith("place:T38@")}
    g.apply("place:T38@4,0")
    while g.pending is not None and g.pending.role == "cave":
        g.apply(next((o for o in g.pending.ids if o.startswith("treasure:")), "end:"))
    to_activation(g)
    return g


def test_the_tile_the_cave_places_first_on_its_turn_is_the_suspect() -> None:
    """CV-04: the Cave places the Crystal tiles in its hand first on its own turn, so the tile
    it placed first is the likeliest Crystal tile; the Goblins read it from the public log."""
    g = cave_places_a_crystal_tile_beside_fangs()
    assert cave_placements(view(g, "goblins").log) == {(4, 0): 0}
    assert Picture(view(g, "goblins"), Memory(), 1.0).suspects == {(4, 0): SUSPECT_ODDS[0]}


def test_a_tile_placed_on_the_goblins_turn_is_no_suspect() -> None:
    """GB-81: Fangs steps onto the suspect at 4,0 and Explores east; the Cave places the tile
    it gives them on the Goblins' turn, where it may keep its Crystal tiles in hand (CV-04),
    so that tile is no suspect."""
    g = cave_places_a_crystal_tile_beside_fangs()
    g.apply("activate:fangs")
    g.apply("move:4,0")
    assert g.pending is not None and "explore:5,0" in g.pending.ids
    g.apply("explore:5,0")
    while g.pending is not None and g.pending.role == "cave":
        g.apply(g.pending.ids[0])
    assert (5, 0) in g.state.board.tiles
    assert cave_placements(view(g, "goblins").log) == {(4, 0): 0}


def test_the_prospector_flares_beside_the_tile_the_cave_placed_first() -> None:
    """RV-05, CV-04: with one Dark tile round Fangs the defaults keep the Flare (too little to
    light); the prospector (the Hard Goblins' strategies against the Cave) flares, since that
    tile is the one the Cave placed first on its turn."""
    g = cave_places_a_crystal_tile_beside_fangs()
    g.apply("activate:fangs")
    prospector = EasyGoblins.param_variants(("goblins", "cave"))[0]
    assert prospector["suspect"] > 0
    assert ask(EasyGoblins(seed=1), g) != "flare:"
    assert ask(EasyGoblins(seed=1, params=prospector), g) == "flare:"


def test_the_prospector_first_activates_the_tribe_whose_flare_may_find_a_crystal() -> None:
    """GB-59, GB-76: neither Tribe can reach a Crystal token. The defaults activate the
    stronger Bones first; the prospector activates Fangs, beside the tile the Cave placed first
    (CV-04), so that a Crystal its Flare lights can still be smashed with Bones this turn."""
    g = cave_places_a_crystal_tile_beside_fangs(bones=True)
    assert g.pending is not None and g.pending.kind == "goblins_turn"
    v = view(g, "goblins")
    assert v.boards.goblins is not None and v.boards.goblins.strength["bones"] > v.boards.goblins.strength["fangs"]
    prospector = EasyGoblins.param_variants(("goblins", "cave"))[0]
    assert ask(EasyGoblins(seed=1), g) == "activate:bones"
    assert ask(EasyGoblins(seed=1, params=prospector), g) == "activate:fangs"


def fangs_beside_a_dark_frontier(collapse: bool = False) -> Game:
    """Goblins vs Cave: Fangs (Population 2) on the Lit tile 3,0 at the east end of a Lit row,
    five Dark tiles round it on the edge of the map (4,-1 to 4,1, 3,-1 and 3,1), none placed
    by the Cave on its own turn; the Goblins' turn at the Activate Tribes menu, Fangs
    activated."""
    tiles: list[dict[str, Any]] = [
        {"pos": [0, 0], "tile": "entrance"},
        {"pos": [1, 0], "tile": "T22", "lit": True},
        {"pos": [2, 0], "tile": "T25", "lit": True},
        {"pos": [3, 0], "tile": "T29", "lit": True},
        *({"pos": list(p), "tile": t, "lit": False}
          for p, t in (((4, 0), "T01"), ((3, 1), "T03"), ((3, -1), "T05"), ((4, 1), "T06"), ((4, -1), "T07"))),
    ]
    g = gob_game(roles=("goblins", "cave"), tiles=tiles, pieces={"tribe:fangs": [3, 0]},
                 goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}}, collapse=collapse)
    to_activation(g)
    g.apply("activate:fangs")
    assert g.pending is not None and "flare:" in g.pending.ids
    return g


def test_the_prospector_keeps_a_flare_that_would_draw_more_tiles_than_it_may_find_crystals() -> None:
    """COL-01, MAP-23: a Flare at the edge of the map reveals Dark tiles whose open edges are
    filled from the stack, bringing the Collapse nearer; with no tile the Cave placed on its
    own turn in reach, the five Dark tiles may hold a Crystal tile at only 3.5% each.  The
    prospector keeps that Flare (``draw_limit``; here it does not walk elsewhere,
    ``draw_cost`` 0); without the limit it flares.  In the Collapse (COL-03) no open edge
    is filled, nothing is drawn, and it flares."""
    here = {**EasyGoblins.param_variants(("goblins", "cave"))[0], "draw_cost": 0.0}
    assert here["draw_limit"] > 0
    g = fangs_beside_a_dark_frontier()
    pic = Picture(view(g, "goblins"), Memory(), here["suspect"])
    assert pic.suspects == {}
    assert pic.hidden_crystals((3, 0)) < here["draw_limit"] * pic.tiles_drawn((3, 0))
    assert ask(EasyGoblins(seed=1, params={**here, "draw_limit": 0.0}), g) == "flare:"
    assert ask(EasyGoblins(seed=1, params=here), g) != "flare:"
    g = fangs_beside_a_dark_frontier(collapse=True)
    assert Picture(view(g, "goblins"), Memory(), here["suspect"]).tiles_drawn((3, 0)) == 0.0
    assert ask(EasyGoblins(seed=1, params=here), g) == "flare:"


def test_the_prospector_walks_to_the_flare_spot_that_draws_fewer_tiles() -> None:
    """COL-01: a Flare at 3,0 reaches all five Dark tiles, with nine empty spaces beside
    them; one at 2,0 reaches only the two at 3,1 and 3,-1, with four.  Weighing the tiles
    each would draw (``draw_cost``), the prospector walks to 2,0 (leaving one Lit tile
    costs no Population, GB-61); without that weight it flares where it stands."""
    prospector = EasyGoblins.param_variants(("goblins", "cave"))[0]
    g = fangs_beside_a_dark_frontier()
    pic = Picture(view(g, "goblins"), Memory(), prospector["suspect"], prospector["draw_cost"])
    assert pic.tiles_drawn((2, 0)) < pic.tiles_drawn((3, 0))
    assert pic.hidden_crystals((2, 0)) < pic.hidden_crystals((3, 0))
    assert pic.flare_worth((2, 0)) > pic.flare_worth((3, 0))
    assert ask(EasyGoblins(seed=1, params={**prospector, "draw_cost": 0.0, "draw_limit": 0.0}), g) == "flare:"
    assert ask(EasyGoblins(seed=1, params=prospector), g) == "move:2,0"


def test_easy_goblins_buy_a_scheme_with_the_plundered_treasure_and_pay_with_the_least_worth() -> None:
    """Issue 28 (VAR-27/28/31): at the plundered Treasure's question a Scheme is bought (the
    best one), not stored or let go; paying, the Scheme worth least is discarded."""
    from tests.rules.test_schemes import plunder_game

    g = plunder_game(["war_banner", "cave_oil", "press_gangs"], bought=["underboss"])
    g.apply("plunder:treasure")
    assert g.pending is not None and g.pending.kind == "scheme_buy" and "store:" in g.pending.ids
    bot = make_bot("goblins", "easy", 1)
    assert ask(bot, g) == "buy:war_banner"
    g.apply("buy:war_banner")
    assert g.pending is not None and g.pending.kind == "scheme_pay"
    assert ask(bot, g) in ("pay:cave_oil", "pay:press_gangs")
