"""Screenshots of the optional variants at the table (headless):

- Moving Entrance (VAR-04..09): the piece on the Entrance tile under the Knight, the Cave choosing where the Entrance piece goes when its tile
  collapses, then the Knight's view with the piece moved and its tooltip;
- Uncertain Treasures (VAR-10..12): the Cave choosing the Treasure card for the bottom, the
  curtain, the Knight choosing the card she sends back, her keep-or-decline, and the Knight
  alone drawing 2;
- Terrain (TR-01..33): a table with every Terrain tile on the map (a scenario) and a River
  space's tooltip, the Cave choosing the Terrain tile on her board, then placing it on the
  highlighted spaces, and the footprint of the tile shown under the pointer;
- Random Terrain (VAR-13): the six drawn Terrain cards face up by the map, one card's tooltip;
- the Campaign (VAR-03): five named players — their names and levels on the turn strip, over the
  board and on the hand-off curtain (a long name too).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/shots_variants.py [--size 1600x900]
Writes shots/variant_*.png."""
from __future__ import annotations

import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(__file__))

from shots_app import app_from_args, fresh_home, hover, save_window  # noqa: E402

from vast_desktop.app import App  # noqa: E402
from vast_desktop.engine import Setup, load_scenario  # noqa: E402
from vast_desktop.headless.robot import steer_collapse_to_entrance  # noqa: E402
from vast_desktop.screens.handoff import HandoffScreen  # noqa: E402
from vast_desktop.screens.table import TableScreen  # noqa: E402
from vast_desktop.session import Seat, Session  # noqa: E402

fresh_home()                 # a throw-away home: no saves, default settings

KC = ("knight", "cave")


def shot(app: App, name: str) -> None:
    save_window(app, f"{name}.png")


def entrance_pick(rng: random.Random, session: Session) -> str:
    """A random choice that steers the Collapse onto the Entrance piece (the robot's policy)."""
    g = session.game
    d = g.pending
    steered = steer_collapse_to_entrance(g, d)
    if steered is not None:
        return steered
    ids = list(d.ids)
    if "end:" in ids and len(ids) > 1 and rng.random() > 0.2:
        ids.remove("end:")
    return ids[rng.randrange(len(ids))]


def play_until(app: App, setup: Setup, seats: dict[str, Seat], stop, pick=None) -> Session:
    app.session = Session.new(setup, seats)
    s = app.session
    rng = random.Random(setup.seed)
    while s.game.outcome is None and not stop(s):
        if pick is not None:
            s.choose(pick(rng, s))
            continue
        d = s.game.pending
        ids = [i for i in d.ids if i != "end:"] or list(d.ids)
        if "end:" in d.ids and rng.random() < 0.2:
            ids = ["end:"]
        s.choose(ids[rng.randrange(len(ids))])
    return s


def show(app: App, s: Session) -> TableScreen:
    s.viewer = s.decider
    table = TableScreen(app)
    app.replace(table)
    app.step(1 / 60)
    return table


def main() -> None:
    app, suffix = app_from_args(animation_speed=0.0)
    humans = {r: Seat(True) for r in KC}

    # ---- Moving Entrance: the piece on the Entrance tile at the start, under the Knight
    s = play_until(app, Setup(roles=KC, seed=0, variants=("moving-entrance",)), humans,
                   lambda s: True)
    table = show(app, s)
    table.map.camera.tile = 170
    table.map.camera.centre = (0.5, 0.5)
    shot(app, f"variant_entrance_start{suffix}")

    # ---- Moving Entrance: the Cave moves the piece off a collapsing tile
    s = play_until(app, Setup(roles=KC, seed=0, variants=("moving-entrance",),
                              house_rules=("hatred_ignores_collapse_order",)), humans,
                   lambda s: s.game.pending.kind == "move_entrance", entrance_pick)
    assert s.game.pending.kind == "move_entrance", "no move_entrance in this game"
    table = show(app, s)
    shot(app, f"variant_entrance_choice{suffix}")
    s.choose(s.game.pending.ids[-1])
    rng = random.Random(1)
    while s.game.outcome is None and s.game.pending.kind != "knight_turn":
        s.choose(entrance_pick(rng, s))
    table = show(app, s)
    table.map.camera.tile = 150
    table.map.camera.centre = (s.game.state.board.entrance[0] + 0.5, s.game.state.board.entrance[1] + 0.5)
    app.step(1 / 60)
    er = table.map.entrance_rect
    assert er is not None
    hover(app, er.center)
    shot(app, f"variant_entrance_moved{suffix}")

    # ---- Uncertain Treasures with a Cave: 3 drawn, 1 to the bottom; the Knight sends 1 back
    s = play_until(app, Setup(roles=KC, seed=2, variants=("uncertain-treasures",)), humans,
                   lambda s: s.game.pending.kind == "bottom_treasure")
    assert s.game.pending.kind == "bottom_treasure"
    show(app, s)
    shot(app, f"variant_treasure_cave{suffix}")
    s.choose(s.game.pending.ids[0])
    app.step(1 / 60)
    if isinstance(app.top, HandoffScreen):
        shot(app, f"variant_treasure_curtain{suffix}")
        app.top.reveal()
    shot(app, f"variant_treasure_knight{suffix}")
    s.choose(s.game.pending.ids[0])
    shot(app, f"variant_treasure_keep{suffix}")

    # ---- Uncertain Treasures, the Knight alone: she draws 2 and sends 1 back
    s = play_until(app, Setup(roles=("knight",), seed=1, variants=("uncertain-treasures",), solo_level="easy"),
                   {"knight": Seat(True)}, lambda s: s.game.pending.kind == "return_treasure")
    if s.game.pending is not None and s.game.pending.kind == "return_treasure":
        show(app, s)
        shot(app, f"variant_treasure_solo{suffix}")

    terrain_shots(app, humans, suffix)
    campaign_shots(app, suffix)


def campaign_shots(app: App, suffix: str) -> None:
    """The Campaign (VAR-03): the players' names and levels on the strip, over the board and on the curtain."""
    from vast_desktop.campaign import Campaign, load_campaign, save_campaign
    from vast_desktop.rules_data import load_rules_data

    save_campaign(Campaign(levels={"Anna": 1, "Bartholomew-Maximilian": 3}))
    campaign = load_campaign()
    five = ("knight", "goblins", "dragon", "cave", "thief")
    players = {"knight": "Anna", "goblins": "Bartholomew-Maximilian", "dragon": "Cy", "cave": "Dee", "thief": "Eli"}
    setup = Setup(roles=five, seed=3, variants=("terrain",), difficulty=campaign.difficulty(players, load_rules_data()))
    app.session = Session.new(setup, {r: Seat(True) for r in five}, players=players)
    table = TableScreen(app)
    app.replace(table)
    shot(app, f"variant_campaign_table{suffix}")
    table.board_tab = "goblins"
    shot(app, f"variant_campaign_table_goblins{suffix}")
    # the hand-offs: to the player with the long name, and to another
    s = app.session
    for n in range(2):
        first = s.decider
        while s.decider == first:
            s.choose(s.game.pending.ids[-1] if n == 0 else s.game.pending.ids[0])
        app.step(1 / 60)
        assert isinstance(app.top, HandoffScreen)
        shot(app, f"variant_campaign_curtain_{s.decider}{suffix}")
        app.top.reveal()


TERRAIN_SCENARIO = {
    "setup": {"roles": list(KC), "seed": 1, "variants": ["terrain"]},
    "tiles": [{"pos": [0, 0], "tile": "entrance", "lit": True}, {"pos": [1, 0], "tile": "T01", "lit": True},
              {"pos": [0, 1], "tile": "T05", "lit": True}, {"pos": [1, 1], "tile": "T20", "lit": False},
              {"pos": [-1, 0], "tile": "T02", "lit": True, "rot": 1}],
    "terrain": [{"tile": "canyon", "pos": [0, -1]}, {"tile": "lake", "pos": [2, 0]},
                {"tile": "river", "pos": [-1, 1], "rot": 1}, {"tile": "magma", "pos": [0, 2]},
                {"tile": "mushroom_forest", "pos": [2, 2]}, {"tile": "pits_1", "pos": [4, 0]},
                {"tile": "pits_2", "pos": [-2, 0]}, {"tile": "pits_3", "pos": [1, 3]}],
    "pieces": {"knight": [1, 0]},
    "omen_bag": {},
    "active": "knight",
}


def terrain_shots(app: App, humans: dict[str, Seat], suffix: str) -> None:
    # ---- every Terrain tile on the map, the River's tooltip
    s = Session(load_scenario(TERRAIN_SCENARIO), dict(humans))
    app.session = s
    table = show(app, s)
    table.fit()
    app.step(1 / 60)
    hover(app, table.map.camera.tile_rect((-1, 2)).move(0, -20).center)
    shot(app, f"variant_terrain_map{suffix}")
    # ---- a real game: the Cave chooses the Terrain tile on her board, then places it
    s = play_until(app, Setup(roles=KC, seed=5, variants=("terrain",)), humans,
                   lambda s: s.game.pending.kind == "terrain_choose")
    assert s.game.pending.kind == "terrain_choose", "no terrain_choose in this game"
    show(app, s)
    shot(app, f"variant_terrain_choose{suffix}")
    s.choose("terrain:lake" if "terrain:lake" in s.game.pending.ids else s.game.pending.ids[0])
    if s.game.pending.kind == "terrain_place":
        table = show(app, s)
        shot(app, f"variant_terrain_place{suffix}")
        # the footprint preview: pointing at a space several placements cover shows one, the wheel the next
        assert table.view is not None
        cover = Counter(c for cells in table.view.placing.values() for c, _ in cells)
        hover(app, table.map.screen_centre(max(cover, key=lambda c: cover[c])))
        shot(app, f"variant_terrain_footprint{suffix}")
    # ---- Random Terrain: every card drawn lies face up by the map, a card's rules as its tooltip
    s = play_until(app, Setup(roles=KC, seed=4, variants=("random-terrain",)), humans,
                   lambda s: len(s.game.state.terrain_drawn) == 6)
    table = show(app, s)
    kind = s.game.state.terrain_drawn[1]
    hover(app, table.card_rects[kind][0].center)
    shot(app, f"variant_random_terrain{suffix}")


if __name__ == "__main__":
    main()
