"""The Suggest button's player (issue 27, item 10: vast_desktop/bots/suggest.py).

- A suggestion is the choice the Easy player makes from the same view and decision.
- Asking changes nothing: the game's digest is the same after asking, asking twice gives the
  same answer, and the seats' computer players choose the same whether or not anyone asked.
- The suggesting player is handed only the decider's view and the decision (as a seat's bot is),
  and gives the same answer in twin games that differ only in what the decider may not see.
- The notes a scorer writes never change a choice; every role's main turn decisions get the
  scorer's own note (not the plain sentence from the scores) in random games.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from tests.bots.test_bot_inputs import CONTAINERS, PLAIN, PUBLIC_DATA, RECORDS, reachable_types, twins
from tests.test_api_garbage import game_digest
from vast_desktop.bots.base import ScoredBot
from vast_desktop.bots.registry import make_bot
from vast_desktop.bots.suggest import (
    ONLY_CHOICE,
    Suggestion,
    SuggestLevel,
    scores_sentence,
    suggest,
    suggestion_seed,
)
from vast_desktop.engine import Game, view
from vast_desktop.engine.api import Setup, new_game
from vast_desktop.engine.decisions import Decision
from vast_desktop.engine.kinds import DecisionKind

ALL = ("knight", "goblins", "dragon", "cave", "thief")
# each role's main turn decisions: the Suggest button explains these in the scorer's own words
TURN_KINDS = {DecisionKind.KNIGHT_TURN, DecisionKind.GOBLINS_TURN, DecisionKind.TRIBE_ACTIVATION,
              DecisionKind.DRAGON_TURN, DecisionKind.CAVE_TURN, DecisionKind.THIEF_TURN}


def play(roles: tuple[str, ...], seed: int, steps: int, each: Callable[[Game, Decision], None] | None = None,
         explain: bool = False) -> Game:
    """A game of Easy players (seeded per role), calling ``each(game, decision)`` before every choice."""
    g = new_game(Setup(roles=roles, seed=seed))
    bots = {r: make_bot(r, "easy", seed * 31 + i) for i, r in enumerate(roles)}
    for b in bots.values():
        assert isinstance(b, ScoredBot)
        b.explain = explain
    while g.outcome is None and len(g.choices) < steps:
        d = g.pending
        assert d is not None
        if each is not None:
            each(g, d)
        g.apply(bots[d.role](view(g, d.role), d))
    return g


def ask(g: Game, d: Decision, level: SuggestLevel = SuggestLevel.EASY) -> Suggestion:
    return suggest(view(g, d.role), d, level, suggestion_seed(g.setup.seed, len(g.choices), d.role))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_suggestion_is_the_easy_players_choice_from_the_same_view(seed: int) -> None:
    checked = Counter[str]()

    def each(g: Game, d: Decision) -> None:
        if len(g.choices) % 3:
            return
        s = ask(g, d)
        easy = make_bot(d.role, "easy", suggestion_seed(g.setup.seed, len(g.choices), d.role))
        assert s.option_id == easy(view(g, d.role), d), f"step {len(g.choices)}: {d.kind}"
        assert d.option(s.option_id) is not None and s.label == d.option(s.option_id).label
        assert s.reason and s.sentence.startswith("The Easy computer player would choose: ")
        checked[d.role] += 1

    play(ALL, seed, 240, each)
    assert set(checked) == set(ALL), checked


def test_asking_changes_nothing_and_twice_gives_the_same_answer() -> None:
    asked = 0

    def each(g: Game, d: Decision) -> None:
        nonlocal asked
        before = game_digest(g)
        first, second = ask(g, d), ask(g, d)
        assert first == second
        assert game_digest(g) == before, "asking for a suggestion changed the game"
        assert g.pending is d
        asked += 1

    asked_game = play(ALL, 4, 150, each)
    quiet_game = play(ALL, 4, 150)
    assert asked > 100
    assert asked_game.choices == quiet_game.choices, "asking changed what the computer players chose later"


def test_notes_never_change_a_choice() -> None:
    """The hash and baseline tests of tests/bots/ pin the choices too; this compares directly."""
    for seed in (5, 6):
        assert play(ALL, seed, 200, explain=True).choices == play(ALL, seed, 200).choices


def test_the_suggesting_player_is_given_only_the_deciders_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """What reaches the suggesting player's scorers (every Easy player's ``__call__`` ends in
    ``ScoredBot.__call__``) is the decider's view and the decision, holding only plain data."""
    seen: list[tuple[object, Decision]] = []
    asking = False
    real = ScoredBot.__call__

    def spy(self: ScoredBot, v, d):
        if asking:
            seen.append((v, d))
        return real(self, v, d)

    monkeypatch.setattr(ScoredBot, "__call__", spy)

    def each(g: Game, d: Decision) -> None:
        nonlocal asking
        if len(g.choices) % 5 == 0:
            asking = True
            try:
                ask(g, d)
            finally:
                asking = False

    play(ALL, 7, 120, each)
    assert len(seen) > 15
    for v, d in seen:
        assert getattr(v, "viewer", None) == d.role, "a suggestion read another seat's view"
        odd = {t for t in reachable_types(v, d) if not issubclass(t, PLAIN + RECORDS + CONTAINERS + PUBLIC_DATA)}
        assert not odd, f"the suggesting player could reach {odd}"
        assert not any(issubclass(t, Game) for t in reachable_types(v, d))


@pytest.mark.parametrize("role", ["knight", "dragon", "cave"])
def test_twin_games_that_differ_only_in_secrets_get_the_same_suggestion(role: str) -> None:
    a, b = twins(role)
    assert a.pending is not None and b.pending is not None and a.pending.role == role
    sa, sb = ask(a, a.pending), ask(b, b.pending)
    assert sa == sb


def test_a_suggestion_needs_the_deciders_own_view() -> None:
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    d = g.pending
    assert d is not None
    other = "cave" if d.role == "knight" else "knight"
    for pv in (view(g, other), view(g, None)):
        with pytest.raises(ValueError, match="own view"):
            suggest(pv, d, SuggestLevel.EASY, 1)


def test_every_roles_turn_decisions_are_explained_in_the_scorers_words() -> None:
    noted, total = Counter[DecisionKind](), Counter[DecisionKind]()
    sentences: set[str] = set()

    def each(g: Game, d: Decision) -> None:
        if d.kind in TURN_KINDS and len(d.options) > 1:
            s = ask(g, d)
            total[d.kind] += 1
            noted[d.kind] += s.noted
            sentences.add(s.reason)

    for seed in (11, 12, 13):
        play(ALL, seed, 300, each)
    assert set(total) == TURN_KINDS, total
    for kind in TURN_KINDS:
        assert noted[kind] >= 0.95 * total[kind], f"{kind}: {noted[kind]} of {total[kind]} noted"
    for reason in sentences:               # words for players: no option ids, no rule codes
        assert ":" not in reason.split(" ")[0] and not any(w.isupper() and "-" in w for w in reason.split())
        assert reason.endswith(".")


def test_the_plain_sentence_names_the_runner_up() -> None:
    g = new_game(Setup(roles=("knight",), seed=2, solo_level="medium"))
    d = g.pending
    assert d is not None and len(d.options) > 1
    first, second = d.options[0], d.options[1]
    scores = {o.id: 0.0 for o in d.options} | {first.id: 2.0, second.id: 1.0}
    text = scores_sentence(d, first.id, scores)
    assert text == f"It rates this highest of the {len(d.options)} options; next best: {second.label.rstrip('.')}."
    assert "as high as any" in scores_sentence(d, first.id, scores | {second.id: 2.0})


def test_one_option_is_the_only_choice() -> None:
    g = play(("knight", "cave"), 3, 60)
    while g.pending is not None and len(g.pending.options) != 1:
        g.apply(g.pending.options[0].id)
    if g.pending is None:
        pytest.skip("no single-option decision in this game")
    assert ask(g, g.pending).reason == ONLY_CHOICE


def test_the_hard_level_suggests_a_legal_option_the_same_each_time() -> None:
    g = play(("knight", "cave"), 8, 12)
    d = g.pending
    assert d is not None
    first, second = ask(g, d, SuggestLevel.HARD), ask(g, d, SuggestLevel.HARD)
    assert first == second and d.option(first.option_id) is not None
    assert first.sentence.startswith("The Hard computer player would choose: ")
    assert first.reason
