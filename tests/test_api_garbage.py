"""The engine API refuses what it does not understand (issue 26, item 4).

``Game.apply`` takes an option id — text.  Anything else (None, a number, a list, bytes, a
dict), an over-long id, or text that is no option (random words, a legal id's verb with a
broken argument, surrogates, control characters) is refused with ``IllegalChoice`` whose
message quotes at most a few dozen characters, and changes nothing: the state's digest, the
pending decision, the log and the RNG are the same afterwards.  ``view`` accepts a role in
play, None or "public", and refuses any other viewer with ``ValueError``.

A property test feeds hypothesis' garbage at random points of random games of all 30 role
subsets.
"""
from __future__ import annotations

import hashlib
import pickle
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, IllegalChoice, Setup, new_game, view
from vast_desktop.engine.decisions import MAX_OPTION_ID
from vast_desktop.engine.state import BASE_ROLES

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
MAX_MESSAGE = 400   # a refusal is a sentence or two (it may name the decision), whatever was sent


def game_digest(g: Game) -> str:
    """Everything a choice could change: the state, the pending decision, the choices, the
    log, the RNG, the undo barrier, the outcome."""
    h = hashlib.sha256()
    h.update(pickle.dumps(g.state))
    h.update(repr(g.pending).encode())
    h.update(repr((g.choices, g.decider_log, g.barrier_at, g.outcome, len(g.events))).encode())
    h.update(repr(g.rng.getstate()).encode())
    return h.hexdigest()


def played(roles: tuple[str, ...], seed: int, steps: int) -> Game:
    """A game of ``roles`` after ``steps`` random choices (fewer if it ended)."""
    g = new_game(Setup(roles=roles, seed=seed, solo_level="medium" if roles == ("knight",) else None))
    bot = RandomBot(seed)
    while g.outcome is None and len(g.choices) < steps:
        assert g.pending is not None
        g.apply(bot(None, g.pending))
    return g


def broken_ids(g: Game) -> st.SearchStrategy[str]:
    """Text that looks like the decision's ids: a legal id's verb with a random argument,
    a legal id with garbage appended, a legal id cut short."""
    ids = sorted(g.pending.option_ids()) if g.pending is not None else ["end:"]
    verbs = sorted({i.partition(":")[0] for i in ids})
    return st.one_of(
        st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(verbs), st.text(max_size=30)),
        st.builds(lambda i, a: i + a, st.sampled_from(ids), st.text(min_size=1, max_size=10)),
        st.builds(lambda i, n: i[:n], st.sampled_from(ids), st.integers(0, 3)).filter(lambda s: s not in ids),
        st.sampled_from([f"{v}:{a}" for v in verbs for a in ("", ":", "x,y", "99999999999999999999,1", "-0,-0",
                                                              "1,2,3", "\x00", "\ud800", "a" * 300)]),
    )


GARBAGE: st.SearchStrategy[Any] = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=20),
    st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.tuples(st.text(max_size=5)), st.text(max_size=60), st.text(min_size=MAX_OPTION_ID + 1, max_size=5000),
    st.just("x" * 10_000_000), st.just("\ud800"), st.just(""), st.just(" "),
)


def assert_refused(g: Game, choice: Any) -> None:
    """``choice`` is refused with a short message and changes nothing."""
    if choice.__class__ is str and g.pending is not None and g.pending.option(choice) is not None:
        return                                            # garbage that happens to be legal: nothing to check
    before = game_digest(g)
    with pytest.raises(IllegalChoice) as refused:
        g.apply(choice)
    reason = refused.value.reason
    assert reason.strip()
    assert len(reason) <= MAX_MESSAGE, reason[:MAX_MESSAGE]
    if choice.__class__ is str and len(choice) > 40:
        assert choice not in reason, "a long id is quoted cut short"
    assert game_digest(g) == before


@pytest.mark.parametrize("roles", SUBSETS, ids=lambda r: "+".join(r))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(1, 10_000), steps=st.integers(0, 120))
def test_garbage_choices_are_refused_and_change_nothing(roles: tuple[str, ...], data: st.DataObject,
                                                        seed: int, steps: int) -> None:
    g = played(roles, seed, steps)
    for _ in range(4):
        assert_refused(g, data.draw(st.one_of(GARBAGE, broken_ids(g)), label="choice"))


def test_a_huge_id_is_quoted_in_a_few_dozen_characters() -> None:
    g = played(("knight", "cave"), 3, 5)
    with pytest.raises(IllegalChoice) as refused:
        g.apply("move:" + "9" * 10_000_000)
    assert len(refused.value.reason) < 120
    assert "characters" in refused.value.reason


@pytest.mark.parametrize("choice", [None, 3, 2.5, ["end:"], ("end:",), {"id": "end:"}, b"end:"])
def test_a_choice_that_is_not_text_is_refused_by_type(choice: Any) -> None:
    g = played(("knight", "cave"), 4, 3)
    before = game_digest(g)
    with pytest.raises(IllegalChoice, match=f"not a value of type {type(choice).__name__}"):
        g.apply(choice)
    assert game_digest(g) == before


def test_no_legal_id_is_near_the_length_limit() -> None:
    """MAX_OPTION_ID refuses nothing a rule offers: the longest id of random games is far below it."""
    longest = 0
    for roles in SUBSETS[::3]:
        g = new_game(Setup(roles=roles, seed=5, variants=("terrain",) if "knight" in roles else ()))
        bot = RandomBot(5)
        while g.outcome is None and len(g.choices) < 300:
            assert g.pending is not None
            longest = max(longest, *map(len, g.pending.option_ids()))
            g.apply(bot(None, g.pending))
    assert 10 < longest < MAX_OPTION_ID // 2


@pytest.mark.parametrize("viewer", ["wizard", "Knight", "", "goblins", 3, ("knight",), ["cave"]])
def test_a_viewer_not_in_the_game_is_refused(viewer: Any) -> None:
    g = played(("knight", "cave"), 6, 4)
    with pytest.raises(ValueError, match="is not a viewer of this game"):
        view(g, viewer)


def test_the_public_view_is_asked_with_none_or_public() -> None:
    g = played(("knight", "cave"), 7, 6)
    public = view(g, "public")
    assert public == view(g, None)
    assert public.viewer is None
    assert all(t.type is None for t in public.tiles if not t.lit and t.type != "terrain")   # no Dark tile's type
