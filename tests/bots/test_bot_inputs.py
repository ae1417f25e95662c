"""Computer players never cheat (issue 7): a bot is called with the PlayerView of its role
and the pending Decision, nothing else, and those hold only plain public data.

- Walking everything reachable from what a bot is given finds only strings, numbers,
  containers and the view's own frozen records — no Game, no state, no generator or
  function through which the hidden state could be reached.
- Twin games that differ only in what a role may not see (the Cave's hand, the Dark
  tiles' ids, the Dragon's Power cards) give that role's bots identical inputs, and every
  bot level makes identical choices in them.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.bots.registry import LEVELS, make_bot
from vast_desktop.engine import load_scenario, view
from vast_desktop.engine.api import Setup, new_game
from vast_desktop.engine.board_views import (
    Boards,
    CaveBoard,
    Decks,
    DragonBoard,
    GoblinsBoard,
    KnightBoard,
    ThiefBoard,
)
from vast_desktop.engine.decisions import Decision, Option, Target
from vast_desktop.engine.game import Game
from vast_desktop.engine.view import PlayerView, TerrainView, TileView
from vast_desktop.rules_data import RulesData

PLAIN = (str, int, float, bool, type(None))
# The game's rules data (``PlayerView.rules``): the rulebook, public to every player, and immutable;
# a player's corrections are laid over it before the game starts.  It holds no game state, so it is
# allowed as it is and not walked into.
PUBLIC_DATA = (RulesData,)
RECORDS = (PlayerView, TileView, TerrainView, Decision, Option, Target,
           Boards, KnightBoard, CaveBoard, DragonBoard, GoblinsBoard, ThiefBoard, Decks)
CONTAINERS = (tuple, list, dict, set, frozenset)


def record_values(obj: Any) -> list[Any]:
    """Everything a record holds: a dataclass's fields, or a slotted class's slots (the engine's
    Option, Target and Decision are slotted for speed), plus any instance dict."""
    if dataclasses.is_dataclass(obj):
        values = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    else:
        slots = [name for cls in type(obj).__mro__ for name in getattr(cls, "__slots__", ())]
        values = [getattr(obj, name) for name in slots if hasattr(obj, name)]
    return values + (list(vars(obj).values()) if hasattr(obj, "__dict__") else [])


def reachable_types(*roots: Any) -> set[type]:
    """Every type reachable from ``roots`` through records' fields and containers' items."""
    seen: set[int] = set()
    types: set[type] = set()
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        types.add(type(obj))
        if isinstance(obj, RECORDS):
            todo += record_values(obj)
        elif isinstance(obj, dict):
            todo += list(obj.keys()) + list(obj.values())
        elif isinstance(obj, CONTAINERS):
            todo += list(obj)
    return types


@pytest.mark.parametrize("roles", [("knight", "goblins", "dragon", "cave", "thief"), ("knight", "cave"),
                                   ("dragon", "thief")])
def test_what_a_bot_is_given_holds_only_plain_data(roles: tuple[str, ...]) -> None:
    g = new_game(Setup(roles=roles, seed=5, variants=("terrain",) if len(roles) == 5 else ()))
    bot = RandomBot(5)
    checked = 0
    while g.outcome is None and len(g.choices) < 400:
        d = g.pending
        assert d is not None
        if len(g.choices) % 7 == 0:
            v = view(g, d.role)
            odd = {t for t in reachable_types(v, d) if not issubclass(t, PLAIN + RECORDS + CONTAINERS + PUBLIC_DATA)}
            assert not odd, f"a bot could reach {odd} through its view"
            assert not any(issubclass(t, Game) for t in reachable_types(v, d))
            checked += 1
        g.apply(bot(None, d))
    assert checked > 20


# ------------------------------------------------------------------ twin games
ROW = [{"tile": "T01", "pos": [0, 0]}, {"tile": "T20", "pos": [1, 0], "lit": True},
       {"tile": "T22", "pos": [2, 0], "lit": True}]
DARK_AT = ([1, 1], [2, 1])


def _dark_pairs() -> list[tuple[str, str]]:
    """Two different tiles for each Dark space, with the same (public) Tribe symbol."""
    from vast_desktop.rules_data import load_rules_data

    used = {t["tile"] for t in ROW}
    by_tribe: dict[str, list[str]] = {}
    for t in load_rules_data().tiles:
        if t.tribe and t.id not in used and t.type not in ("entrance",):
            by_tribe.setdefault(t.tribe, []).append(t.id)
    tribes = sorted(by_tribe)
    return [(by_tribe[tribes[i]][0], by_tribe[tribes[i]][1]) for i in range(len(DARK_AT))]


def twins(role: str) -> tuple[Game, Game]:
    """Two Knight/Dragon/Cave games alike in all ``role`` may see and different in its
    secrets: the Cave's hand and the Dark tiles' ids (unless ``role`` is the Cave), the
    Dragon's Power cards (unless it is the Dragon)."""
    pairs = _dark_pairs()
    taken = {x for pair in pairs for x in pair} | {t["tile"] for t in ROW}
    from vast_desktop.rules_data import load_rules_data
    spare = [t.id for t in load_rules_data().tiles if t.id not in taken and t.type != "entrance"]

    def one(k: int) -> Game:
        k_hid = k if role != "cave" else 0
        d_hid = k if role != "dragon" else 0
        tiles = [*ROW, *({"tile": pairs[i][k_hid], "pos": DARK_AT[i], "lit": False} for i in range(len(DARK_AT)))]
        hand = spare[3 * k_hid: 3 * k_hid + 3]
        dragon_hand = [["claw", "flame", "wing"], ["claw", "claw", "wing"]][d_hid]
        placed = {t["tile"] for t in tiles} | set(hand)
        stack = [t for t in spare + [x for pair in pairs for x in pair] if t not in placed][:20]
        return load_scenario({"setup": {"roles": ["knight", "dragon", "cave"], "seed": 7}, "active": role,
                              "tiles": tiles, "pieces": {"knight": [0, 0], "dragon": [2, 0]}, "stack": stack,
                              "cave": {"hand": hand}, "dragon": {"placed": True, "hand": dragon_hand}})
    return one(0), one(1)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("role", ["knight", "dragon", "cave"])
def test_bots_choose_alike_in_games_that_differ_only_in_secrets(role: str, level: str) -> None:
    a, b = twins(role)
    assert view(a, role).to_dict() == view(b, role).to_dict(), f"the twins must look the same to the {role}"
    assert view(a, None).to_dict() == view(b, None).to_dict()
    bot_a, bot_b = make_bot(role, level, 3), make_bot(role, level, 3)
    steps = 0
    while a.pending is not None and a.pending.role == role and steps < 15:
        ca, cb = bot_a(view(a, role), a.pending), bot_b(view(b, role), b.pending)  # type: ignore[arg-type]
        assert ca == cb, f"the {level} {role} chose differently on identical views"
        a.apply(ca)
        b.apply(cb)
        steps += 1
        if view(a, role).to_dict() != view(b, role).to_dict():
            break                      # a reveal or a draw showed a difference: from here they may differ
    assert steps > 0
