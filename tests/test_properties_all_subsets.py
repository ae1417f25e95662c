"""The step-1 properties over every one of the 30 legal role subsets (issue step 4):
deterministic replay, save/load round trip, undo that never crosses a step that
uncovered something (and otherwise restores the game exactly), and views that never show
another role's secrets — Cave tiles in hand and in the stack, Secrets and Power cards in
hand, the Knight's Sidequests and facedown Treasures, the decks' order — in any text
(ids, card names, Dark tile types: ``test_privacy.word_leaks``).

Automatic barriers (issue 25, item 8): after every step, each viewer's knowledge is read
off its own view — the ids of tiles and cards named anywhere in it (boards, decision,
log) — and whenever some viewer's view names a component it did not name before, the
step must be a barrier: undo cannot cross it.
"""
from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from test_privacy import _pattern, bare, word_leaks
from test_replay_save_undo import dump
from view_texts import view_texts

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.api import replay
from vast_desktop.engine.game import Game
from vast_desktop.engine.state import BASE_ROLES
from vast_desktop.persistence import load_game, save_game

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
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


def uncovered_by(before: dict[str, Any], after: dict[str, Any], kind: str) -> list[str]:
    """What a step of ``kind`` uncovered, from :func:`_hidden` before and after it: a deck or
    count that shrank, a Dark tile turned, the RNG moved."""
    if kind == "place_tile":          # the drawn tile (a barrier already) leaves the stack as it is placed
        before = {**before, "stack": before["stack"] - 1}
    out = [k for k, v in before.items() if k not in ("dark", "rng") and after[k] < v]
    if before["dark"] - after["dark"]:
        out.append("a Dark tile")
    if after["rng"] != before["rng"]:
        out.append("the RNG")
    return out


class Knowledge:
    """Per viewer, the component ids its view names (the log is append-only, so its lines are
    read once and what they named is kept)."""

    def __init__(self, g: Game) -> None:
        ids = {t.id for t in g.rules.tiles} | set(g.rules.physical_card_ids)
        self.ids = ids
        pat, words = _pattern(ids), _pattern(i for i in ids if not bare(i))
        assert pat is not None and words is not None
        self.pattern: re.Pattern[str] = pat
        self.in_sentences: re.Pattern[str] = words      # "light" in "light injury" is no card
        self.from_log: dict[str | None, set[str]] = {}
        self.lines: dict[str | None, int] = {}
        self.texts: dict[str | None, list[str]] = {}
        self.found: dict[str, tuple[str, ...]] = {}

    def of(self, g: Game, viewer: str | None) -> set[str]:
        texts = view_texts(view(g, viewer))       # the strings of view(...).to_dict(), without the deep copy
        log = texts.log
        seen = self.from_log.setdefault(viewer, set())
        for line in log[self.lines.get(viewer, 0):]:
            seen.update(self.find(line))
        self.lines[viewer] = len(log)
        self.texts[viewer] = texts.board + texts.decision
        # the decision's words ("light injury") are no ids: read the ids it names
        named = {i.partition(":")[2] for i in texts.option_ids}
        return seen | {i for t in texts.board for i in self.find(t)} | (named & self.ids)

    def find(self, text: str) -> tuple[str, ...]:
        """The ids ``text`` names (a function of the text alone: the board's texts recur step
        after step, so each distinct text is searched once)."""
        hit = self.found.get(text)
        if hit is None:
            hit = self.found[text] = tuple((self.in_sentences if " " in text else self.pattern).findall(text))
        return hit

    def all(self, g: Game) -> dict[str | None, set[str]]:
        return {v: self.of(g, v) for v in (*g.state.roles, None)}


def _check_views(g: Game, known: Knowledge) -> None:
    """No text of any view (the log's new lines were checked as they came) names what its
    viewer may not know."""
    for viewer in (*g.state.roles, None):
        leaked = word_leaks(g, viewer, known.texts[viewer])
        assert not leaked, f"step {len(g.choices)}: view({viewer!r}) leaks: " + "; ".join(leaked[:3])


@pytest.mark.parametrize("roles", SUBSETS, ids=lambda r: "+".join(r))
def test_replay_save_undo_and_views(roles: tuple[str, ...], tmp_path: Path) -> None:
    setup = Setup(roles=roles, seed=len(roles) * 7 + 1)
    g = new_game(setup)
    bot = RandomBot(setup.seed)
    undos = barriers = learned = 0
    known = Knowledge(g)
    knew = known.all(g)
    while g.outcome is None and len(g.choices) < MAX_STEPS:
        step = len(g.choices)
        before_hidden = _hidden(g)
        before = dump(g) if step % UNDO_EVERY == 0 else None
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
        uncovered = uncovered_by(before_hidden, _hidden(g), d.kind)
        knows = known.all(g)
        news = {v: sorted(knows[v] - knew[v]) for v in knows if knows[v] - knew[v]}
        knew = knows
        if news and g.outcome is None:
            assert not g.can_undo(), f"step {step} ({g.choices[-1]}) showed {news} but can be undone"
            learned += 1
        if uncovered and g.outcome is None:
            assert not g.can_undo(), f"step {step} ({g.choices[-1]}) uncovered {uncovered} but can be undone"
            barriers += 1
        elif before is not None and g.can_undo():
            assert dump(g.undo()) == before, f"undo of step {step} ({g.choices[-1]})"
            undos += 1
        if step % VIEWS_EVERY == 0:
            _check_views(g, known)
    assert barriers > 0 and undos > 0 and learned > 0, (barriers, undos, learned)
    again = replay(setup, list(g.choices))
    assert dump(again) == dump(g), "replay differs"
    path = tmp_path / "game.json"
    save_game(g, path)
    assert dump(load_game(path)) == dump(g), "save/load differs"
