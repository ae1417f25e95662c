"""The Hard players' forward model (issue 7): ``sample_world`` builds a whole game from one
role's view, copying every public fact, keeping the viewer's own secrets and drawing the
rest at random — and, taking no Game, it cannot cheat."""
from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Any

import pytest
from test_properties_all_subsets import SUBSETS

from vast_desktop.bots.hard.worlds import sample_world, world_scenario
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, PlayerView, Setup, load_scenario, new_game, view

# What the world's turn starts afresh (per-turn counters) or works out from them.
PER_TURN = {
    "knight": {"moved", "encounters_used"},
    "cave": {"omen_uses", "phase", "omen_costs"},
    "dragon": {"phase", "moved", "gems_spent", "payable"},
    "goblins": {"activated", "war_card", "drawn_monster"},
    "thief": {"cubes", "movement_left", "targeted", "stealth_now"},
    # the Ghoul's dice are rolled again (GH-06..08); a "during this turn" card is out of the game already
    "ghoul": {"rolled", "kept", "set_aside", "movement", "attack", "attacked", "terror_leaving", "terror_removed",
              "terror_first_used"},                 # the first effects used this turn (GH-30) start afresh
}
VARIANTS = ((), ("terrain",), ("random-terrain",), ("moving-entrance",), ("uncertain-treasures",))


def picture(v: PlayerView) -> dict[str, Any]:
    """The public picture a view shows (and the viewer's own secrets, which its boards
    carry), less what a new turn starts afresh."""
    boards = {role: {k: val for k, val in b.items() if k not in PER_TURN.get(role, ())}
              for role, b in v.boards.to_dict().items()}
    return {
        "tiles": v.tiles, "pieces": v.pieces, "rockslides": v.rockslides, "bombs": v.bombs,
        "supply": v.supply, "round": v.round, "collapse": v.collapse, "active": v.active,
        "crystal_tiles_removed": v.crystal_tiles_removed, "stack_count": v.stack_count,
        "entrance": v.entrance, "entrance_piece": v.entrance_piece, "terrain_cards": v.terrain_cards,
        "terrain_round": v.terrain_round, "removed": v.removed, "setup": v.setup, "boards": boards,
        "deciding": v.waiting_for[:2] if v.waiting_for else None,
    }


def diff(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out = []
    for k in a:
        if k == "boards":
            for role in a[k]:
                for f in a[k][role]:
                    if a[k][role][f] != b[k].get(role, {}).get(f):
                        out.append(f"{role}.{f}: {a[k][role][f]!r} != {b[k].get(role, {}).get(f)!r}")
        elif a[k] != b[k]:
            out.append(f"{k}: {a[k]!r} != {b[k]!r}")
    return out


def play_to_end(g: Game, seed: int, max_steps: int = 3000) -> None:
    bots = {r: RandomBot(seed + i) for i, r in enumerate(g.state.roles)}
    for _ in range(max_steps):
        if g.outcome is not None:
            return
        assert g.pending is not None
        g.apply(bots[g.pending.role](None, g.pending))


def turn_starts(setup: Setup, turns: tuple[int, ...], max_steps: int = 700) -> list[tuple[Game, str]]:
    """Copies of a random game at the first decision of the given turns (by replay)."""
    g = new_game(setup)
    bots = {r: RandomBot(setup.seed + i) for i, r in enumerate(g.state.roles)}
    out: list[tuple[Game, str]] = []
    seen = g.state.turn
    for _ in range(max_steps):
        if len(out) == len(turns):
            break
        if g.outcome is not None:
            break
        if g.state.turn != seen and g.state.turn >= turns[len(out)] and opening(g):
            seen = g.state.turn
            out.append((g.rebuilt(list(g.choices)), g.state.active))
            if len(out) == len(turns):
                break
        assert g.pending is not None
        g.apply(bots[g.pending.role](None, g.pending))
    return out


def opening(g: Game) -> bool:
    """The first decision of a turn, asked of the active role before anything of its turn
    has happened (the Goblins resolve a single War card unasked): where a world, which
    starts the turn afresh, must show exactly the same picture."""
    assert g.pending is not None
    gob = g.state.goblins
    return g.pending.role == g.state.active and not (g.state.active == "goblins" and gob.war_card is not None)


def viewers(g: Game) -> list[str]:
    """The active role and one other (if there is one)."""
    roles = list(g.state.roles)
    active = g.state.active
    others = [r for r in roles if r != active]
    return [active] + others[:1]


def check_world(g: Game, viewer: str, rng_seed: int) -> Game:
    v = view(g, viewer)
    w = sample_world(v, random.Random(rng_seed))
    assert w.outcome is None and w.pending is not None
    problems = diff(picture(v), picture(view(w, viewer)))
    assert not problems, f"{viewer} in {g.setup.roles} turn {g.state.turn}: " + "; ".join(problems)
    return w


CASES = [(roles, ()) for roles in SUBSETS] + [
    (("knight", "goblins", "dragon", "cave", "thief"), ("terrain",)),
    (("knight", "cave"), ("random-terrain",)),
    (("knight", "dragon", "cave"), ("dragon-scales",)),
    (("knight", "dragon"), ("dragon-scales", "moving-entrance")),
    (("knight", "goblins", "cave", "thief"), ("moving-entrance",)),
    (("knight", "cave"), ("uncertain-treasures",)),
    (("knight", "goblins", "dragon", "thief"), ("uncertain-treasures", "terrain")),
    (("knight", "goblins", "thief"), ("schemes",)),
    # issue 28: the Knight's decks as dealt with the promo and revised cards, the promo
    # Secrets, Events and Monster, the Schemes and the Thief's Upgrade card
    (("knight", "goblins", "dragon", "cave", "thief"), ("all-bonus-cards",)),
    (("knight", "cave"), ("promo-treasures", "promo-sidequests", "revised-cards")),
]


@pytest.mark.parametrize(("roles", "variants"), CASES, ids=lambda x: "-".join(x) or "plain")
def test_worlds_show_the_same_public_picture(roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    """At the first decision of several turns, a world drawn from the active role's view and
    from another role's view shows that viewer the same picture; one is played to the end."""
    seed = 11 + len(roles) * 7 + len(variants)
    starts = turn_starts(Setup(roles=list(roles), seed=seed, variants=variants), (2, 4, 7, 11, 16))
    assert starts, "the random game ended before its second turn"
    played = 0
    for i, (g, _) in enumerate(starts):
        for viewer in viewers(g):
            w = check_world(g, viewer, rng_seed=i)
            if played < 1 and i == len(starts) - 1:
                play_to_end(w, seed)
                assert w.outcome is not None
                played += 1


def state_of(g: Game) -> dict[str, Any]:
    """Everything a world is: its state, setup and first decision."""
    d = g.pending
    return {"state": dataclasses.asdict(g.state), "setup": g.setup.model_dump(),
            "pending": None if d is None else (d.role, d.kind, d.prompt, d.options)}


def test_hidden_parts_are_drawn_afresh_and_the_same_seed_gives_the_same_world() -> None:
    """Across RNG seeds the Dark tiles' ids, the Cave's hand and the Dragon's hand change
    while the Knight's picture does not; the same seed gives the same world."""
    setup = Setup(roles=["knight", "dragon", "cave"], seed=5)
    g, _ = turn_starts(setup, (7,))[0]
    v = view(g, "knight")
    worlds = [sample_world(v, random.Random(s)) for s in range(6)]
    for w in worlds:
        assert not diff(picture(v), picture(view(w, "knight")))
    dark = {tuple(sorted((p, t.tile_id) for p, t in w.state.board.tiles.items() if t.dark)) for w in worlds}
    cave_hands = {tuple(w.state.cave.hand) for w in worlds}
    dragon_hands = {tuple(sorted(w.state.dragon.hand)) for w in worlds}
    assert len(dark) > 1 and len(cave_hands) > 1 and len(dragon_hands) > 1
    assert {w.setup.seed for w in worlds} != {g.setup.seed}
    assert state_of(sample_world(v, random.Random(3))) == state_of(worlds[3])


def test_the_knights_hidden_cubes_and_the_cave_viewers_secrets_are_carried() -> None:
    """Others cannot see which facedown Treasure holds a Hero cube, but the world gives her
    as many cubes (KN-06); the Cave's own hand, Dark tiles and top Events are kept exactly (CV-40)."""
    for seed in range(3, 6):
        for g, _ in turn_starts(Setup(roles=["knight", "cave"], seed=seed), (3, 6, 9, 12, 15, 18)):
            k = g.state.knight
            w = sample_world(view(g, "cave"), random.Random(seed))
            wk = w.state.knight
            hidden = sum(n for c, n in k.treasure_cubes.items() if c not in k.face_up)
            assert sum(n for c, n in wk.treasure_cubes.items() if c not in wk.face_up) == hidden
            assert w.state.cave.hand == g.state.cave.hand
            assert w.state.event_deck[:3] == g.state.event_deck[:3]
            assert {p: t.tile_id for p, t in w.state.board.tiles.items()} == \
                {p: t.tile_id for p, t in g.state.board.tiles.items()}
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 2}, "active": "cave",
                       "treasure_deck": ["javelin", "potion_kit", "heroic_boots", "pixie_lantern", "enchanted_bow"],
                       "knight": {"treasures": ["elven_sword", "mighty_axe"], "cubes_free": 1,
                                  "treasure_cubes": {"elven_sword": 1}}})
    for s in range(4):
        wk = sample_world(view(g, "cave"), random.Random(s)).state.knight
        assert len(wk.treasures) == 2 and not wk.face_up
        assert sum(wk.treasure_cubes.values()) == 1 and wk.cubes_free == 1


def test_sample_world_takes_only_a_view_and_a_random() -> None:
    """No cheating by construction: the function is given the view and a RNG, no Game."""
    params = inspect.signature(sample_world).parameters
    assert list(params) == ["view", "rng"]
    assert params["view"].annotation in (PlayerView, "PlayerView")
    assert params["rng"].annotation in (random.Random, "random.Random")


def _twin(seed: int, lit: str, dark: list[str], cave_hand: list[str], dragon_hand: list[str]) -> Game:
    from vast_desktop.rules_data import load_rules_data

    used = {"entrance", lit, *dark, *cave_hand}
    stack = [t.id for t in load_rules_data().tiles if t.id not in used and t.type != "vault"]
    random.Random(seed).shuffle(stack)
    return load_scenario({
        "stack": stack, "knight": {"sidequests": ["swift", "intrepid", "cunning"]},
        "setup": {"roles": ["knight", "dragon", "cave"], "seed": seed}, "active": "knight",
        "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": lit, "lit": True, "rot": 1},
                  {"pos": [2, 0], "tile": dark[0]}, {"pos": [1, 1], "tile": dark[1]}],
        "pieces": {"knight": [1, 0]}, "tokens": {"1,0": {"crystal": 1}},
        "cave": {"hand": cave_hand}, "dragon": {"hand": dragon_hand},
    })


def test_games_differing_only_in_hidden_things_give_the_same_worlds() -> None:
    """Twins with the same public position but other Dark tile ids, another Cave hand,
    another Dragon hand and another seed show the Knight the same view, so the same RNG
    seed gives the same world for both."""
    from vast_desktop.rules_data import load_rules_data

    rules = load_rules_data()

    def of(tribe: str, kind: str) -> list[str]:
        return [t.id for t in rules.tiles if t.tribe == tribe and t.type == kind]

    fangs, eyes = of("fangs", "ambush"), of("eye", "event")
    lit = of("bones", "ambush")[0]
    a = _twin(1, lit, [fangs[0], eyes[0]], of("bones", "crystal")[:3], ["claw", "claw", "flame"])
    b = _twin(2, lit, [fangs[1], eyes[1]], of("bones", "treasure")[:2] + of("eye", "crystal")[:1], ["wing", "wing", "wing"])
    assert a.state.cave.hand != b.state.cave.hand and sorted(a.state.dragon.hand) != sorted(b.state.dragon.hand)
    va, vb = view(a, "knight"), view(b, "knight")
    assert va == vb
    for s in range(3):
        assert state_of(sample_world(va, random.Random(s))) == state_of(sample_world(vb, random.Random(s)))


def test_the_ancient_dragons_shriek_turns_are_carried() -> None:
    """DIF-12: the Ancient Dragon wakes only after Shrieking on enough turns; the world keeps
    how many he has (their numbers, from before the world's first turn, do not matter)."""
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 4, "difficulty": {"dragon": "ancient_dragon"}},
                       "active": "knight", "dragon": {"shriek_turns": [2, 6]}})
    w = sample_world(view(g, "knight"), random.Random(0))
    assert len(set(w.state.dragon.shriek_turns)) == 2
    assert all(t < 1 for t in w.state.dragon.shriek_turns)


def test_with_no_goblins_the_monsters_not_in_the_deck_are_in_the_discard_pile() -> None:
    """KN-38 with no Goblins player: Ambushes draw Monster cards and discard them, and the deck
    is reshuffled from the discards when it runs out. No view shows that pile, so a world puts
    there every Monster not in the deck — an exhausted deck must not leave a world with none."""
    from vast_desktop.bots.hard.worlds import world_scenario
    from vast_desktop.engine.cards.ambush import draw_monster
    from vast_desktop.rules_data import load_rules_data

    monsters = sorted(load_rules_data().deck("monsters"))
    data = world_scenario(view(new_game(Setup(roles=["knight", "thief"], seed=4)), "knight"), random.Random(1))
    data.update(monster_deck=[], monster_discard=monsters)     # every Monster drawn and discarded
    position = load_scenario(data)
    w = sample_world(view(position, "knight"), random.Random(2))
    assert w.state.monster_deck == []
    assert sorted(w.state.monster_discard) == monsters
    assert draw_monster(w) in monsters


def test_a_world_keeps_the_bought_schemes_and_draws_the_others_among_the_secrets() -> None:
    """Issue 28 (VAR-25..29): the bought Schemes, the stored Treasure and the Armory's disc are
    public and copied; the Schemes in hand are hidden Secrets, drawn from the unbought ones."""
    from rules.helpers_goblins import WAR, base_tiles

    gob = {"rage": 2, "war_deck": list(WAR), "schemes": ["armory", "war_banner"], "stored_treasure": 1,
           "armory_tribe": "fangs", "hand": ["underboss", "hex"], "population": {"fangs": 2, "bones": 1, "eye": 1}}
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3, "variants": ["schemes"]},
                       "active": "goblins", "tiles": base_tiles(), "goblins": gob,
                       "pieces": {"knight": [3, 0], "tribe:fangs": [1, 1]}})
    for seed in range(3):
        w = check_world(g, "knight", rng_seed=seed)
        s = w.state.goblins
        assert s.schemes == ["armory", "war_banner"] and s.stored_treasure == 1 and s.armory_tribe == "fangs"
        assert len(s.hand) == 2 and not {"armory", "war_banner"} & set(s.hand + s.secrets_deck)
        held = set(s.hand) | set(s.secrets_deck)
        assert {"underboss", "mercenaries", "cave_oil"} <= held      # the unbought Schemes are still somewhere hidden


GHOUL_CASES = [("knight", "ghoul"), ("goblins", "dragon", "ghoul"), ("knight", "goblins", "dragon", "cave", "thief", "ghoul")]


@pytest.mark.parametrize("roles", GHOUL_CASES, ids="-".join)
def test_a_game_with_the_ghoul_gives_worlds_with_the_same_public_picture(roles: tuple[str, ...]) -> None:
    """Issue 29: a world drawn from a game with the Ghoul shows each viewer the same picture
    (its board copied, its Terror deck drawn afresh) and plays to the end."""
    starts = turn_starts(Setup(roles=list(roles), seed=21 + len(roles)), (2, 5, 9, 14))
    assert starts, "the random game ended before its second turn"
    for i, (g, _) in enumerate(starts):
        for viewer in {*viewers(g), "ghoul"}:
            w = check_world(g, viewer, rng_seed=i)
            s, ws = g.state.ghoul, w.state.ghoul
            assert ws.terror == s.terror and ws.fury == s.fury and ws.treasure == s.treasure
            assert sorted(ws.terror_deck) == sorted(s.terror_deck + s.drawing)
    play_to_end(w, 3)
    assert w.outcome is not None


def test_the_terror_deck_is_hidden_from_all_and_the_cards_drawn_to_keep_are_the_ghouls() -> None:
    """GH-03: nobody sees the Terror deck, so its order is drawn afresh in each world; GH-23:
    the cards the Ghoul is choosing among after killing the Thief are its own to see — on top
    of its world's deck — while the Thief's world draws them with the rest."""
    g = load_scenario({"setup": {"roles": ["thief", "ghoul"], "seed": 3}, "active": "ghoul",
                       "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
                                 {"pos": [2, 0], "tile": "T25", "lit": True}, {"pos": [0, 1], "tile": "T01", "lit": False}],
                       "pieces": {"ghoul": [1, 0], "thief": [1, 0]}, "thief": {"loot_drop": 3, "placed": True},
                       "ghoul": {"turns": 1, "dice": [6, 6, 6]}})
    g.apply("attack:thief")
    assert g.pending is not None and g.pending.kind == "ghoul_terror_keep"
    s = g.state.ghoul
    drawing = list(s.drawing)
    assert len(drawing) == 3
    mine = [world_scenario(view(g, "ghoul"), random.Random(k))["ghoul"]["terror_deck"] for k in range(4)]
    assert all(deck[:3] == drawing for deck in mine)
    assert len({tuple(deck[3:]) for deck in mine}) > 1
    theirs = [world_scenario(view(g, "thief"), random.Random(k))["ghoul"]["terror_deck"] for k in range(6)]
    assert len({tuple(deck[:3]) for deck in theirs}) > 1
    assert all(sorted(deck) == sorted(s.terror_deck + drawing) for deck in mine + theirs)


VILE_GHOUL_CASES = [("knight", "vile_ghoul"), ("vile_ghoul", "cave", "thief"), ("knight", "vile_ghoul", "dragon", "cave")]


@pytest.mark.parametrize("roles", VILE_GHOUL_CASES, ids="-".join)
def test_a_game_with_the_vile_ghoul_gives_worlds_with_the_same_public_picture(roles: tuple[str, ...]) -> None:
    """Issue 29: a world drawn from a game with the Vile Ghoul shows each viewer the same picture
    — its board and dice chart copied, its Terror deck drawn afresh — and plays to the end; at
    its own turn the world's Select Statistics takes the die its view shows selected."""
    starts = turn_starts(Setup(roles=list(roles), seed=31 + len(roles)), (2, 5, 9, 14))
    assert starts, "the random game ended before its second turn"
    for i, (g, _) in enumerate(starts):
        for viewer in {*viewers(g), "vile_ghoul"}:
            w = check_world(g, viewer, rng_seed=i)
            s, ws = g.state.ghoul, w.state.ghoul
            assert ws.terror == s.terror and ws.treasure == s.treasure and ws.smashed == s.smashed
            assert sorted(ws.terror_deck) == sorted(s.terror_deck + s.drawing)
            assert sorted(ws.chart.supply) == sorted(s.chart.supply) and ws.chart.right == s.chart.right
    play_to_end(w, 3)
    assert w.outcome is not None
