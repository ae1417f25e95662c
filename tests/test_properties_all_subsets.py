"""The step-1 properties over every one of the 30 legal role subsets (issue step 4):
deterministic replay, save/load round trip, undo that never crosses a step that
uncovered something (and otherwise restores the game exactly), and views that never show
another role's secrets — Cave tiles in hand and in the stack, Secrets and Power cards in
hand, the Knight's Sidequests and facedown Treasures, the decks' order.
"""
from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from test_privacy import _leaks
from test_replay_save_undo import dump

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.api import replay
from vast_desktop.engine.game import Game
from vast_desktop.engine.state import ROLE_ORDER
from vast_desktop.persistence import load_game, save_game

SUBSETS = [c for n in range(1, 6) for c in combinations(ROLE_ORDER, n) if c != ("cave",)]
MAX_STEPS = 260
UNDO_EVERY = 9
VIEWS_EVERY = 5


def _hidden(g: Game) -> dict[str, Any]:
    """What nobody (or only one role) may know yet; a change means something was uncovered."""
    st = g.state
    out: dict[str, Any] = {
        "stack": len(st.stack), "events": len(st.event_deck), "treasures": len(st.treasure_deck),
        "monsters": len(st.monster_deck), "omen_bag": sum(st.omen_bag.values()),
        "dark": {t.tile_id for t in st.board.tiles.values() if not t.lit}, "rng": g.rng.getstate(),
    }
    if st.knight is not None:
        out["sidequests"] = len(st.knight.sidequest_deck)
    if st.goblins is not None:
        out["secrets"] = len(st.goblins.secrets_deck)
    if st.dragon is not None:
        out["powers"] = len(st.dragon.deck)
    return out


def _secrets_of(g: Game) -> dict[str, list[str]]:
    """Per role, the ids only that role may see (the stack and deck order: nobody)."""
    st = g.state
    out: dict[str, list[str]] = {"nobody": list(st.stack)}
    if st.cave is not None:
        out["cave"] = list(st.cave.hand) + [t.tile_id for t in st.board.tiles.values() if not t.lit]
    if st.knight is not None:
        k = st.knight
        out["knight"] = list(k.sidequests) + list(k.sidequest_deck) + [c for c in k.treasures if c not in k.face_up]
    if st.goblins is not None:
        out["goblins"] = list(st.goblins.hand)
    if st.dragon is not None:
        out["dragon"] = list(st.dragon.hand)
    return out


def _told(g: Game, viewer: str | None) -> str:
    """Everything the viewer was told privately so far (e.g. the Cave placed a tile that
    later went back under the stack: she still knows it)."""
    return "\n".join(e.private[viewer] for e in g.events if viewer is not None and viewer in e.private)


def _check_views(g: Game) -> None:
    secrets = _secrets_of(g)
    for viewer in (*g.state.roles, None):
        text = json.dumps(view(g, viewer).to_dict(), default=str)
        told = _told(g, viewer)
        for owner, ids in secrets.items():
            if owner == viewer:
                continue
            leaked = [i for i in _leaks(text, ids) if not _leaks(told, [i])]
            assert not leaked, f"step {len(g.choices)}: view({viewer!r}) shows {owner}'s {leaked}"


@pytest.mark.parametrize("roles", SUBSETS, ids=lambda r: "+".join(r))
def test_replay_save_undo_and_views(roles: tuple[str, ...], tmp_path: Path) -> None:
    setup = Setup(roles=roles, seed=len(roles) * 7 + 1)
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    undos = barriers = 0
    while g.outcome is None and len(g.choices) < MAX_STEPS:
        step = len(g.choices)
        before_hidden = _hidden(g)
        before = dump(g) if step % UNDO_EVERY == 0 else None
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
        after_hidden = _hidden(g)
        if d.kind == "place_tile":          # the drawn tile (a barrier already) leaves the stack as it is placed
            before_hidden["stack"] -= 1
        uncovered = [k for k, v in before_hidden.items() if k not in ("dark", "rng") and after_hidden[k] < v]
        if before_hidden["dark"] - after_hidden["dark"]:
            uncovered.append("a Dark tile")
        if after_hidden["rng"] != before_hidden["rng"]:
            uncovered.append("the RNG")
        if uncovered and g.outcome is None:
            assert not g.can_undo(), f"step {step} ({g.choices[-1]}) uncovered {uncovered} but can be undone"
            barriers += 1
        elif before is not None and g.can_undo():
            assert dump(g.undo()) == before, f"undo of step {step} ({g.choices[-1]})"
            undos += 1
        if step % VIEWS_EVERY == 0:
            _check_views(g)
    assert barriers > 0 and undos > 0, (barriers, undos)
    again = replay(setup, list(g.choices))
    assert dump(again) == dump(g), "replay differs"
    path = tmp_path / "game.json"
    save_game(g, path)
    assert dump(load_game(path)) == dump(g), "save/load differs"
