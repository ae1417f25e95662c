"""Hidden information (ARCHITECTURE §3 "Hidden information", GEN-01..04): over random
games, at every step, no view shows what its viewer may not see.

- ``view(g, "knight")`` and ``view(g, None)``: no Cave hand tile id, no id or type of any
  Dark tile, no tile of the stack, no Event/Treasure deck order.
- ``view(g, "cave")`` and ``view(g, None)``: none of the Knight's Sidequest cards, no
  facedown Treasure card.
- The pending decision and its options appear only in the decider's view.
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game

MAX_STEPS = 5000


def _pattern(ids: Iterable[str]) -> re.Pattern[str] | None:
    ids = sorted(set(ids), key=len, reverse=True)
    if not ids:
        return None
    return re.compile(r"(?<![\w#])(?:" + "|".join(re.escape(i) for i in ids) + r")(?![\w#])")


def _leaks(text: str, ids: Iterable[str]) -> list[str]:
    pat = _pattern(ids)
    return sorted(set(pat.findall(text))) if pat else []


def _dumps(v: Any) -> str:
    return json.dumps(v.to_dict(), default=str)


class Watcher:
    """Serializes each viewer's view once per step.  The log is append-only (checked), so
    only its new lines are searched each step; ``full=True`` serializes the whole view."""

    def __init__(self) -> None:
        self.logs: dict[str | None, tuple[str, ...]] = {}

    def texts(self, g: Game, viewers: list[str | None], full: bool) -> tuple[dict[str | None, Any], dict[str | None, str]]:
        views, texts = {}, {}
        for v in viewers:
            pv = view(g, v)
            old = self.logs.get(v, ())
            assert pv.log[: len(old)] == old, f"view({v!r}) rewrote its log"
            new_lines = pv.log[len(old):]
            self.logs[v] = pv.log
            views[v] = pv
            if full:
                texts[v] = _dumps(pv)
            else:
                texts[v] = _dumps(dataclasses.replace(pv, log=new_lines))
        return views, texts


def check_privacy(g: Game, watcher: Watcher | None = None, full: bool = False) -> None:
    st = g.state
    board = st.board
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    viewers: list[str | None] = [None, *st.roles]
    if watcher is None:
        watcher, full = Watcher(), True
    views, texts = watcher.texts(g, viewers, full)
    dicts = {v: json.loads(t) for v, t in texts.items()}

    # (a Terrain tile is face up for everyone, TR-13, though neither Lit nor Dark)
    dark = {p: t.tile_id for p, t in board.tiles.items() if not t.lit and t.terrain is None}
    hand = list(st.cave.hand) if st.cave is not None else []
    tile_secrets = [*dark.values(), *hand, *st.stack]
    deck_secrets = [*st.event_deck, *st.treasure_deck, *st.monster_deck]
    knight_secrets: list[str] = []
    if st.knight is not None:
        k = st.knight
        knight_secrets = [*k.sidequests, *k.sidequest_deck, *(c for c in k.treasures if c not in k.face_up)]

    # --- what the Knight and the public may not see: the Cave's tiles and the deck orders
    for v in (None, "knight"):
        if v not in views:
            continue
        pv, text = views[v], texts[v]
        leaked = _leaks(text, tile_secrets)
        assert not leaked, f"{where}: view({v!r}) shows hidden tile ids {leaked}"
        leaked = _leaks(text, deck_secrets)
        assert not leaked, f"{where}: view({v!r}) shows cards still in a deck {leaked}"
        for tv in pv.tiles:
            if not tv.lit and tv.terrain is None:
                assert tv.type is None and tv.tile_id is None and tv.walls is None, (
                    f"{where}: view({v!r}) shows the Lit side of the Dark tile at {tv.pos}")
        cb = pv.boards.cave
        if cb is not None:
            assert cb.hand is None, f"{where}: view({v!r}) has the Cave's private hand"
            assert cb.hand_types is None, f"{where}: view({v!r}) has the Cave's private hand_types"
            assert cb.event_top3 is None, f"{where}: view({v!r}) has the Cave's private event_top3"

    # --- what the Cave and the public may not see: the Knight's Sidequests and facedown Treasures
    for v in (None, "cave"):
        if v not in views:
            continue
        leaked = _leaks(texts[v], knight_secrets)
        assert not leaked, f"{where}: view({v!r}) shows the Knight's secret cards {leaked}"
        kb = views[v].boards.knight
        if kb is not None:
            assert kb.sidequests is None, f"{where}: view({v!r}) has the Knight's private sidequests"
            assert kb.facedown is None, f"{where}: view({v!r}) has the Knight's private facedown"

    # --- the Cave sees the Lit side of Dark tiles (GEN-03) and its own hand
    if "cave" in views:
        pv = views["cave"]
        for tv in pv.tiles:
            assert tv.tile_id == board.tiles[tv.pos].tile_id
        assert pv.boards.cave is not None and list(pv.boards.cave.hand or ()) == hand

    # --- the pending decision: only the decider sees it and its options
    d = g.pending
    for v, pv in views.items():
        if d is not None and v == d.role:
            assert pv.decision is d
            assert [o["id"] for o in dicts[v]["decision"]["options"]] == list(d.ids)
        else:
            assert pv.decision is None, f"{where}: view({v!r}) shows {d.role if d else None}'s decision"
            assert dicts[v]["decision"] is None
            if d is not None:
                distinctive = [o.id for o in d.options if len(o.id) > 6 and any(ch.isdigit() for ch in o.id)]
                leaked = [i for i in distinctive if i in texts[v]]
                assert not leaked, f"{where}: view({v!r}) shows {d.role}'s option ids {leaked[:5]}"
        if d is not None:
            assert pv.waiting_for == (d.role, d.kind, d.prompt)

    # --- private log lines reach only their role (the new ones; older lines were checked before)
    n = len(g.choices)
    for e in (g.events if full else [e for e in g.events if e.step == n]):
        for role, text in e.private.items():
            for v in viewers:
                if v != role and text in texts[v] and text not in e.public:
                    raise AssertionError(f"{where}: {role}'s private log line {text!r} is in view({v!r})")


def play_private(setup: Setup, bot_seed: int | None = None) -> Game:
    g = new_game(setup)
    bot = RandomBot(setup.seed if bot_seed is None else bot_seed)
    watcher = Watcher()
    check_privacy(g, watcher, full=True)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role), d))
        check_privacy(g, watcher, full=len(g.choices) % 100 == 0)
    check_privacy(g)   # the whole of every view at the end, log included
    return g


@pytest.mark.parametrize("seed", range(4))
def test_knight_vs_cave_views_hide_secrets(seed: int) -> None:
    play_private(Setup(roles=("knight", "cave"), seed=seed))


@pytest.mark.parametrize("difficulty", [{"cave": "great_cave"}, {"cave": "lava_tube", "knight": "lady"}])
def test_knight_vs_cave_difficulty_views_hide_secrets(difficulty: dict[str, str]) -> None:
    play_private(Setup(roles=("knight", "cave"), seed=60, difficulty=difficulty))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_knight_solo_public_view_hides_secrets(level: str) -> None:
    play_private(Setup(roles=("knight",), seed=70, solo_level=level))


def test_the_checker_catches_a_leak() -> None:
    """Sanity check of the checker itself: planting a secret in a view is caught."""
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    assert g.state.cave is not None
    secret = g.state.cave.hand[0]
    assert _leaks(_dumps(view(g, "knight")), [secret]) == []
    assert _leaks(_dumps(view(g, "cave")), [secret]) == [secret]
    assert _leaks(f"Place {secret}@1,0", [secret]) == [secret]
    assert _leaks(f"fill:{secret}@1,0", [secret]) == [secret]
    assert _leaks(f"{secret}5 X{secret}", [secret]) == []


# ------------------------------------------------------------------ counterfactual views
def _drive_twins(a: Game, b: Game, viewers: tuple[str | None, ...], steps: int, stop_kinds: set[str],
                 swap: tuple[str, str] | None = None) -> int:
    """Play two games that differ only in one role's secrets with the same choices (options
    common to both; ``swap`` names two ids that trade places in b's choices), comparing the
    other viewers' whole views after every step."""

    def translate(option_id: str) -> str:
        if swap is None:
            return option_id
        x, y = swap
        return re.sub(rf"(?<![\w#])({re.escape(x)}|{re.escape(y)})(?![\w#])",
                      lambda m: y if m.group(1) == x else x, option_id)

    bot = RandomBot(3)
    compared = 0
    for _ in range(steps):
        for v in viewers:
            va, vb = view(a, v).to_dict(), view(b, v).to_dict()
            assert va == vb, f"step {len(a.choices)}: view({v!r}) depends on a secret: " + "; ".join(
                f"{k}: {va[k]!r} != {vb[k]!r}" for k in va if va[k] != vb[k])
        compared += 1
        if a.outcome is not None or b.outcome is not None:
            break
        da, db = a.pending, b.pending
        assert da is not None and db is not None
        common = [i for i in da.ids if db.option(translate(i)) is not None]
        if not common:
            break
        choice = common[bot.rng.randrange(len(common))]
        n = len(a.choices) + 1
        a.apply(choice)
        b.apply(translate(choice))
        if {e.kind for e in a.events + b.events if e.step == n} & stop_kinds:
            break
    return compared


def _twin_tiles(seed: int) -> tuple[list[str], str, str, list[str]]:
    """Tiles off the initial map: a Crystal and a Treasure Room tile with the same Goblin
    symbol (indistinguishable Dark sides), two others for the hand, and the rest."""
    from vast_desktop.engine.rules_data import load_rules_data

    rules = load_rules_data()
    g = new_game(Setup(roles=("knight", "cave"), seed=seed))
    on_map = {t.tile_id for t in g.state.board.tiles.values()}
    pool = [t for t in rules.tiles if t.type not in ("entrance", "vault") and t.id not in on_map]
    crystal = next(t for t in pool if t.type == "crystal")
    treasure = next(t for t in pool if t.type == "treasure" and t.tribe == crystal.tribe)
    others = [t.id for t in pool if t.type in ("ambush", "event")][:2]
    rest = [t.id for t in pool if t.id not in {crystal.id, treasure.id, *others}]
    return others, crystal.id, treasure.id, rest


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_knights_view_does_not_depend_on_the_cave_hand(seed: int) -> None:
    """GEN-01: two games alike but for a Crystal vs a Treasure Room tile (same Goblin symbol)
    in the Cave's hand look the same to the Knight and to onlookers, prompts included."""
    from vast_desktop.engine import load_scenario

    others, crystal, treasure, rest = _twin_tiles(seed)

    def game(hand_tile: str, stack_tile: str) -> Game:
        return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": seed}, "active": "cave",
                              "stack": [stack_tile, *rest], "cave": {"hand": [hand_tile, *others]}})

    a, b = game(crystal, treasure), game(treasure, crystal)
    assert a.pending is not None and a.pending.role == "cave"
    assert _drive_twins(a, b, (None, "knight"), 60, {"tile_revealed", "tile_removed"}, swap=(crystal, treasure)) >= 2


@pytest.mark.parametrize("seed", [1, 2])
def test_the_caves_view_does_not_depend_on_the_knights_cards(seed: int) -> None:
    """Two games alike but for the Knight's Sidequests and facedown Treasure look the same to the Cave."""
    from vast_desktop.engine import load_scenario

    def game(quests: list[str], deck: list[str], treasure: str, other: str) -> Game:
        return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": seed}, "active": "knight",
                              "knight": {"sidequests": quests, "sidequest_deck": deck, "treasures": [treasure]},
                              "treasure_deck": ["potion_kit", "heroic_boots", other]})

    a = game(["stalwart", "cunning", "persistent"], ["fearless", "adventurous", "bedecked", "swift", "intrepid"],
             "javelin", "mighty_axe")
    b = game(["fearless", "adventurous", "bedecked"], ["stalwart", "cunning", "persistent", "swift", "intrepid"],
             "mighty_axe", "javelin")
    assert _drive_twins(a, b, (None, "cave"), 40, {"sidequest", "sidequest_draw", "collect", "treasure_shown"}) >= 1
