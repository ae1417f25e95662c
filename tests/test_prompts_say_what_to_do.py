"""Prompts that say what to do (issue 27, item 4), over random games of all 30 role subsets.

At every decision:

- a turn's prompt leads with what its options let the decider do ("Move the Knight, place
  Hero cubes, or end your turn"), its status after a dash (``teach/action_prompts.py``);
- every option has something the table can click: a map space, an edge, a piece, a card, a
  board slot, a hand tile or a button (an option with no target gets a prompt button);
- in a short question that answers with a button ("Decline", "Place no Gem"), every answer is
  a button too, or a place on the map (keeping a Treasure, placing a Gem, spending the Shriek
  token: ``decisions.with_button``) — a Secret played from the Goblins' hand is clicked on its
  card, as in every Goblins decision;
- no two options that share a clicked target have the same label (the menu a click opens
  could not be told apart: the Cave's hand tiles are named by ``map/hand_names.py``);
- prompts, option labels, the log (public and private lines) and why-not answers hold no tile
  id (``T20``), no card id (``goblin_ruby``) and no rule code (``KN-21``): codes appear only
  behind the "Rule" link.
"""
from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from itertools import combinations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.decisions import Decision, Option, Target
from vast_desktop.engine.explain.why_not import explain_click_reason, why_not
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import fmt_pos
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.engine.option_ids import verb_of
from vast_desktop.engine.state import BASE_ROLES
from vast_desktop.teach.action_prompts import PHRASES, SEPARATOR, sentence, shown_prompt, what_to_do

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
STEPS = 260
CLICKABLE = {"space", "edge", "piece", "card", "slot", "hand_tile", "button"}
TILE_ID = re.compile(r"\bT\d{2}\b")
CARD_ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
RULE_CODE = re.compile(r"\b[A-Z]{2,4}-\d+\b")
HAND_SECRET = "secret"          # a Secrets card played from the hand: clicked on the card


def internal_words(text: str) -> list[str]:
    """The tile ids, card ids and rule codes in ``text``."""
    return TILE_ID.findall(text) + CARD_ID.findall(text) + RULE_CODE.findall(text)


def is_button(o: Option) -> bool:
    return not o.targets or any(t.kind == "button" for t in o.targets)


def problems(d: Decision) -> list[str]:
    """What is wrong with one decision's prompt and options (empty: nothing)."""
    out = []
    if d.kind in PHRASES:
        action = what_to_do(d.kind, d.options, d.role)
        shown = shown_prompt(d)
        if not action or not shown.startswith(action):
            out.append(f"the prompt shown {shown!r} does not lead with what to do ({action!r})")
    for o in d.options:
        if o.targets and not any(t.kind in CLICKABLE for t in o.targets):
            out.append(f"{o.id}: nothing to click ({o.targets})")
    if d.kind not in PHRASES and any(is_button(o) for o in d.options):
        for o in d.options:
            if not is_button(o) and verb_of(o.id) != HAND_SECRET \
                    and not any(t.kind in ("space", "edge", "hand_tile") for t in o.targets):
                out.append(f"{o.id} ({o.label!r}) has no button beside the other answers' buttons")
    by_target: dict[Target, list[str]] = defaultdict(list)
    for o in d.options:
        for t in o.targets:
            by_target[t].append(o.label)
    for t, labels in by_target.items():
        same = [lab for lab, n in Counter(labels).items() if n > 1]
        if same:
            out.append(f"{t.kind}:{t.ref} opens a menu with {same} more than once")
    for text in (d.prompt, *(o.label for o in d.options)):
        if internal_words(text):
            out.append(f"internal words {internal_words(text)} in {text!r}")
    return out


def clicked_targets(g: Game, d: Decision, rng: random.Random) -> list[list[Target]]:
    """A few clicks the table could send: map spaces with the pieces on them, as ``keys_at`` lists them."""
    spaces = sorted(g.state.board.tiles)
    clicks = []
    for p in rng.sample(spaces, min(4, len(spaces))):
        pieces = [Target("piece", name) for name, q in g.state.board.pieces.items() if q == p]
        clicks.append([*pieces, Target("space", fmt_pos(p))])
    return clicks


VARIANT_GAMES = [(r, (v,)) for v in ("terrain", "dragon-scales", "uncertain-treasures", "moving-entrance")
                 for r in (BASE_ROLES, ("knight", "dragon"))]
GAMES = [(r, ()) for r in SUBSETS] + VARIANT_GAMES


@pytest.mark.parametrize("roles, variants", GAMES, ids=["-".join(r + v) for r, v in GAMES])
def test_prompts_options_log_and_reasons_speak_to_players(roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    seed = 11 + len(roles)
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    rng = random.Random(seed)
    found: list[str] = []
    turns = 0
    while g.outcome is None and len(g.choices) < STEPS:
        d = g.pending
        assert d is not None
        turns += d.kind in PHRASES
        found += [f"{d.kind}: {p}" for p in problems(d)]
        for click in clicked_targets(g, d, rng):
            reason = explain_click_reason(g, d.role, click)
            if reason is not None and internal_words(reason.text):
                found.append(f"{d.kind}: why not {click}: {reason.text!r}")
        g.apply(rng.choice(d.options).id)
    for e in g.events:
        for line in (e.public, *e.private.values()):
            if internal_words(line):
                found.append(f"log {e.kind}: {line!r}")
    assert turns > 0
    assert not found, "\n".join(dict.fromkeys(found))


def test_a_turn_prompt_names_what_its_options_do() -> None:
    """The Knight's first prompt: her moves, her Hero cubes and the end of her turn, then her status."""
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    while g.pending is not None and g.pending.kind != DecisionKind.KNIGHT_TURN:
        g.apply(g.pending.options[0].id)
    d = g.pending
    assert d is not None
    action, _, status = shown_prompt(d).partition(SEPARATOR)
    assert action.startswith("Move the Knight, place Hero cubes")
    assert action.endswith("or end your turn")
    assert status.startswith("Movement ")
    assert sentence(["a"]) == "A" and sentence(["a", "b"]) == "A or b" and sentence(["a", "b", "c"]) == "A, b, or c"


def test_the_checker_catches_duplicates_ids_and_missing_buttons() -> None:
    """The property's checks fail on a bad decision (so a pass means something)."""
    bad = Decision("knight", DecisionKind.KEEP_TREASURE, "Keep T20 (KN-66)?", (
        Option("keep:javelin", "Keep javelin_card", (Target("card", "javelin"),)),
        Option("decline:javelin", "Decline it"),
        Option("a:", "Same", (Target("space", "0,0"),)), Option("b:", "Same", (Target("space", "0,0"),))))
    found = problems(bad)
    assert any("no button" in p for p in found)
    assert any("more than once" in p for p in found)
    assert any("T20" in p for p in found) and any("KN-66" in p for p in found)
    assert any("javelin_card" in p for p in found)


def test_a_click_on_a_piece_away_from_the_knight_asks_to_go_there() -> None:
    """The Knight clicks the Thief two spaces away: the answer is about her step there
    (her Movement), not about attacking him ("must be on your own tile")."""
    g = new_game(Setup(roles=("knight", "thief"), seed=5))
    rng = random.Random(5)
    checked = 0
    while g.outcome is None and len(g.choices) < 600 and checked < 3:
        d = g.pending
        assert d is not None
        board = g.state.board.pieces
        k, t = board.get("knight"), board.get("thief")
        if d.kind == DecisionKind.KNIGHT_TURN and k is not None and t is not None and k != t:
            click = [Target("piece", "thief"), Target("space", fmt_pos(t))]
            if not any(x in o.targets for o in d.options for x in click):
                reason = explain_click_reason(g, "knight", click)
                assert reason is not None
                assert reason.text == why_not(g, "knight", click[1]), reason.text
                assert "on your own tile" not in reason.text
                checked += 1
        g.apply(rng.choice(d.options).id)
    assert checked > 0
