"""The refusal the table shows (issue 25, item 2): :func:`vast_desktop.teach.reference.plain_reason`
takes the raw rule codes out of a reason's words and keeps the rule id for the "Rule" link.

The reasons not converted to rule checks yet still write codes in their sentences, in the forms
the engine uses: "(KN-21)", "(GB-56, GB-57)", "(VAR-32..37)", "(DR-17/19/20)", "(walls ignored;
AMB-44)", "(the one open at its attack step, KN-24, else a new one)"."""
from __future__ import annotations

import re

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.decisions import Target
from vast_desktop.engine.explain.why_not import explain_click_reason
from vast_desktop.engine.reasons import Reason
from vast_desktop.teach.reference import load_reference, plain_reason

RULE_CODE = re.compile(r"\b[A-Z]{2,4}-\d{2,3}\b")


@pytest.mark.parametrize(("raw", "text", "rule"), [
    ("The Knight moves one space at a time (MAP-03): 2,0 is 2 spaces away.",
     "The Knight moves one space at a time: 2,0 is 2 spaces away.", "MAP-03"),
    ("Scratch hits only what is on your own tile, 2,0 (DR-34).", "Scratch hits only what is on your own tile, 2,0.",
     "DR-34"),
    ("A Crystal token is on 1,-1: Cave-In removes no tile holding one (COL-20, GB-53).",
     "A Crystal token is on 1,-1: Cave-In removes no tile holding one.", "COL-20"),
    ("Flame costs Flame (DR-17/19/20).", "Flame costs Flame.", "DR-17"),
    ("The Dragon plays Scale cards (VAR-32..37) in his Move phase.", "The Dragon plays Scale cards in his Move phase.",
     "VAR-32"),
    ("A tile touches only its neighbours (walls ignored; AMB-44).", "A tile touches only its neighbours (walls ignored).",
     "AMB-44"),
    ("Her Hero cube goes on the Sidequest (the one open at its attack step, KN-24, else a new one).",
     "Her Hero cube goes on the Sidequest (the one open at its attack step, else a new one).", "KN-24"),
    ("Pushed off (KN-21, else a new one) now.", "Pushed off (else a new one) now.", "KN-21"),
    ("The Swat stops short, see FM-10.", "The Swat stops short.", "FM-10"),
    ("No code here (only words).", "No code here (only words).", ""),
])
def test_plain_reason_takes_the_codes_out_and_keeps_the_first_as_the_rule(raw: str, text: str, rule: str) -> None:
    shown = plain_reason(raw)
    assert shown == Reason(text, rule)
    assert not RULE_CODE.search(shown.text)


def test_plain_reason_links_the_first_code_the_reference_has_a_section_for() -> None:
    """AMB-44 (a house rule of the ambiguities list) has no section of its own; FM-13 has one."""
    ref = load_reference()
    assert ref.for_rule("AMB-44") is None and ref.for_rule("FM-13") is not None
    assert plain_reason("It stays (AMB-44, FM-13).") == Reason("It stays.", "FM-13")


def test_plain_reason_leaves_a_converted_checks_reason_as_it_is() -> None:
    """KN-56: a rule check's Reason has clean words and names its rule; nothing changes."""
    reason = Reason("Your Strength 1 must be greater than the Fangs Tribe's Strength 3.", "KN-56")
    assert plain_reason(reason) is not reason and plain_reason(reason) == reason


def test_MAP_20_MAP_25_an_engine_sentence_with_codes_reads_clean_and_links_its_rule() -> None:
    """MAP-20, MAP-25: the Cave filling the open edge the Knight's reveal left; a click on a space
    facing no open edge.  Whatever the engine's words, the shown sentence holds no code and its
    rule opens a section of the reference."""
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    g.apply("move:0,-1")                      # onto a Dark tile: revealed, oriented, its open edge to fill
    assert g.pending is not None
    g.apply(g.pending.options[0].id)
    assert g.pending is not None and g.pending.kind == "fill_open_edge"
    reason = explain_click_reason(g, g.pending.role, [Target("space", "4,4")])
    assert reason is not None
    shown = plain_reason(reason)
    assert shown.text and not RULE_CODE.search(shown.text), shown.text
    assert load_reference().for_rule(shown.rule) is not None, shown
