"""Game review (issue 6): stepping forward and back through a saved game gives the same
positions as replaying its first k choices fresh; what each viewer sees keeps the privacy of
the game (GEN-01..04); the exported log is the viewer's log in order, with round/turn headers.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, replay, view
from vast_desktop.persistence import SaveError, save_game
from vast_desktop.review import Review

FIVE = ("knight", "cave", "dragon", "goblins", "thief")
GAMES: list[tuple[tuple[str, ...], int, int | None]] = [   # roles, seed, choices to play (None: to the end)
    (("knight", "cave"), 3, None),
    (("knight", "dragon", "cave"), 5, None),
    (("knight", "goblins", "thief"), 11, 260),              # an unfinished game
    (FIVE, 7, 240),
]


def play(roles: tuple[str, ...], seed: int, steps: int | None) -> Game:
    g = new_game(Setup(roles=roles, seed=seed))
    bot = RandomBot(seed)
    while g.outcome is None and (steps is None or len(g.choices) < steps):
        g.apply(bot(None, g.pending))  # type: ignore[arg-type]
    return g


def canonical(g: Game) -> dict[str, Any]:
    """Everything observable about a position: every viewer's view, the state, the log."""
    return {
        "views": views_of(g),
        "state": dataclasses.asdict(g.state),
        "choices": list(g.choices),
        "events": [dataclasses.asdict(e) for e in g.events],
        "outcome": g.outcome,
        "rng": g.rng.getstate(),
    }


def views_of(g: Game) -> dict[str | None, str]:
    """Every viewer's view, as its ``repr``: the whole PlayerView but the rules (the Decision in full,
    every board entry, the log) — canonical, as the fresh-process replay digests rely on (no sets;
    the engine's dicts keep a deterministic order), so equal reprs are equal views, a stricter match
    than ``to_dict`` (which keeps only the decision's ids and labels) at a fifth of its cost."""
    return {r: repr(view(g, r)) for r in (None, *g.state.roles)}


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: f"{'-'.join(p[0])}-{p[1]}")
def saved(request, tmp_path_factory) -> tuple[Game, Review, list[dict[str | None, str]]]:
    """A random game saved and loaded into a Review, with what every viewer saw at every step
    while it was played (one game stepped forward, never rebuilt)."""
    roles, seed, steps = request.param
    g = play(roles, seed, steps)
    path = tmp_path_factory.mktemp("saves") / "game.json"
    save_game(g, path)
    seen = []
    live = new_game(g.setup)
    seen.append(views_of(live))
    for c in g.choices:
        live.apply(c)
        seen.append(views_of(live))
    return g, Review.from_save(path, block=16), seen


def test_review_steps_forward_and_back_through_a_saved_game_reproducing_the_replay(saved) -> None:
    """At a dense sample of steps, visited in a shuffled order (forward, back, far jumps), the
    review's position equals replaying the first k choices fresh — state, RNG, log and views."""
    g, review, _ = saved
    assert review.n == len(g.choices)
    ks = sorted({0, 1, review.n, *range(0, review.n + 1, 9)})
    random.Random(1).shuffle(ks)
    for k in ks:
        fresh = replay(g.setup, list(g.choices[:k]))
        assert canonical(review.game_at(k)) == canonical(fresh), f"step {k}"


def test_every_step_back_and_forth_shows_what_the_game_showed_then(saved) -> None:
    """Every step, every viewer: Left/Right walks (back from the end, then forward again, then
    random hops) give exactly the view each viewer had at that point of the game."""
    g, review, seen = saved
    order = [*range(review.n, -1, -1), *range(0, review.n + 1)]
    rnd = random.Random(2)
    k = review.n // 2
    for _ in range(200):
        k = min(review.n, max(0, k + rnd.choice((-1, -1, 1, 1, -7, 9, -40))))
        order.append(k)
    for i, k in enumerate(order):
        viewer = review.viewers()[i % len(review.viewers())]
        assert repr(review.view(k, viewer)) == seen[k][viewer], f"step {k}, viewer {viewer}"


def test_stepping_back_then_forward_returns_identical_states(saved) -> None:
    _, review, _ = saved
    for k in (review.n, review.n // 2, 1):
        before = canonical(review.game_at(k))
        review.game_at(max(0, k - 1))
        review.game_at(0)
        assert canonical(review.game_at(k)) == before


def test_public_view_of_the_review_is_the_public_view_of_the_game(saved) -> None:
    """GEN-01..04: the review's public view at k is what everyone saw during the game then (it
    holds no Dark tile's side, no hand, no options), and a role's view is that role's own."""
    _, review, seen = saved
    for k in range(0, review.n + 1, 5):
        v = review.view(k, None)
        assert repr(v) == seen[k][None]
        assert v.decision is None
        assert all(t.type is None for t in v.tiles if not t.lit and t.terrain is None)


def test_a_choice_label_is_told_only_to_the_role_that_made_it(saved) -> None:
    """The label is one of the decider's options (it may name a hidden tile): others read who decided."""
    _, review, _ = saved
    for step in review.steps[:120]:
        for viewer in review.viewers():
            caption = review.caption(step.k, viewer)
            assert caption.startswith(f"Choice {step.k} of {review.n} — Round {step.round}, ")
            if viewer == step.role:
                assert f"'{step.label}'" in caption
            else:
                assert caption.endswith(f"the {step.role.capitalize()} decided")


def test_export_text_is_the_viewers_log_in_order_with_round_and_turn_headers(saved) -> None:
    g, review, _ = saved
    for viewer in review.viewers():
        text = review.export_text(viewer)
        lines = text.splitlines()
        body = [line for line in lines[3:] if line and not line.startswith(("== Round ", "Result: "))]
        assert body == list(view(g, viewer).log)
        assert "== Round 1 — the " in text
        rounds = [int(line.split()[2]) for line in lines if line.startswith("== Round ")]
        assert rounds == sorted(rounds) and rounds[-1] == g.state.round
    public = review.export_text()
    assert public == review.export_text(None)
    assert "As seen by everyone" in public
    for e in g.events:                      # no role's private note reaches the public export
        for note in e.private.values():
            assert f"[{note}]" not in public


def test_turn_jumps_land_on_the_first_step_of_each_turn(saved) -> None:
    _, review, _ = saved
    starts, k = [0], 0
    while k < review.n:
        k = review.next_turn(k)
        starts.append(k)
    assert starts == sorted(set(starts))
    for a, b in zip(starts, starts[1:-1], strict=False):
        assert review.game_at(b).state.turn > review.game_at(a).state.turn or b == review.n
        assert review.previous_turn(b) == a
        assert review.turn_start(b) == b


def test_a_scenario_game_is_reviewed_from_its_scenario(tmp_path: Path) -> None:
    scenario = {
        "setup": {"roles": ["knight"], "seed": 1, "solo_level": "medium"},
        "active": "knight",
        "tiles": [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T20"},
                  {"pos": [0, 1], "tile": "T31", "lit": True, "rot": 1}],
        "pieces": {"knight": [0, 1]},
    }
    g = load_scenario(scenario)
    bot = RandomBot(5)
    while g.outcome is None and len(g.choices) < 15:
        g.apply(bot(None, g.pending))  # type: ignore[arg-type]
    save_game(g, tmp_path / "s.json")
    review = Review.from_save(tmp_path / "s.json")
    assert canonical(review.game_at(review.n)) == canonical(g)
    assert canonical(review.game_at(3)) == canonical(replay(g.setup, list(g.choices[:3]), scenario=g.scenario))


def test_a_broken_or_foreign_save_is_refused_with_the_reason(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    with pytest.raises(SaveError, match="broken JSON"):
        Review.from_save(broken)
    with pytest.raises(SaveError, match="not a Vast Desktop save"):
        Review.from_save(foreign)


def test_reviewing_never_touches_the_game_under_review() -> None:
    g = play(("knight", "cave"), 4, 80)
    before = canonical(g)
    review = Review.from_game(g)
    for k in (80, 0, 40, 79, 80):
        review.view(k, "cave")
    review.export_text("knight")
    assert canonical(g) == before


def test_steps_outside_the_game_are_refused() -> None:
    review = Review.from_game(play(("knight", "cave"), 4, 10))
    for k in (-1, 11):
        with pytest.raises(IndexError):
            review.view(k)


def test_the_lines_a_choice_added_are_the_events_of_that_step(saved) -> None:
    g, review, _ = saved
    for k in range(1, review.n + 1, 3):
        for viewer in (None, review.roles[0]):
            full = view(g, viewer).log
            mine = [line for line, e in zip(full, g.events, strict=True) if e.step == k]
            assert list(review.new_lines(k, viewer)) == mine
    assert review.new_lines(0) == ()
