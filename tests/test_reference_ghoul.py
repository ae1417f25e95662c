"""The Ghoul's part of the rules reference (issue 29): every ``rules_ref`` its decisions name opens
a section, every GH rule id (the ids its refusals carry, and all of checklist section 19) opens
the one section that cites it, every Ghoul decision in a random game finds the Ghoul's rules,
and the numbers the part states agree with ``rules_data/ghoul.yaml`` (the 13 Terror cards, the
difficulty cards, the player variants' goals).  Its cheat sheet says how to win and its turn."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.rules_data import load_rules_data
from vast_desktop.screens.cheatsheet import sheet_html
from vast_desktop.teach.action_prompts import SEPARATOR, shown_prompt
from vast_desktop.teach.cheatsheets import load_teaching_cards
from vast_desktop.teach.reference import PARTS, Reference, load_reference, plain_text

ROOT = Path(__file__).resolve().parent.parent
GHOUL_DIR = ROOT / "vast_desktop" / "engine" / "roles" / "ghoul"
NAMED = ("ghoul.setup", "ghoul.roll", "ghoul.move_and_act", "ghoul.collect", "ghoul.attacks", "ghoul.skitter",
         "ghoul.terror")
ALL_GH = tuple(f"GH-{n:02d}" for n in range(1, 44))          # checklist section 19: GH-01..GH-43
GH_ID = re.compile(r"\bGH-\d{2}\b")


@pytest.fixture(scope="module")
def ref() -> Reference:
    return load_reference()


def source(directory: Path) -> str:
    """The Python source under ``directory`` (the Vile Ghoul's ``vile/`` has its own part)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(directory.rglob("*.py")) if "vile" not in p.parts)


def part_text(ref: Reference, section_id: str) -> str:
    """The plain text of a section and everything under it."""
    s = ref.section(section_id)
    return " ".join([s.search_text, *(c.search_text for c, _ in ref.descendants(s))])


def test_the_ghoul_is_a_part_after_the_thief(ref: Reference) -> None:
    assert PARTS.index("ghoul") == PARTS.index("thief") + 1
    assert ref.has_part("ghoul") and ref.section("ghoul").colour


def test_every_rules_ref_of_the_ghouls_decisions_opens_a_section(ref: Reference) -> None:
    named = set(re.findall(r'rules_ref="([a-z0-9_.]+)"', source(GHOUL_DIR)))
    assert named == set(NAMED)
    for sid in NAMED:
        section = ref.section(sid)
        assert section.part == "ghoul" and section.text.strip(), sid
        assert ref.html(sid)


def test_every_gh_rule_id_opens_the_one_section_citing_it(ref: Reference) -> None:
    """The engine's refusals carry GH ids as their rule (``Reason(..., "GH-12")``): each opens a
    Ghoul section; every id of the checklist section is cited by exactly one section."""
    used = set(GH_ID.findall(source(ROOT / "vast_desktop")))
    assert {"GH-04", "GH-10", "GH-12", "GH-16", "GH-39"} <= used
    assert used <= set(ALL_GH)
    for rule in ALL_GH:
        citing = [s.id for s in ref.sections.values() if rule in s.checklist]
        assert len(citing) == 1, (rule, citing)
        found = ref.for_rule(rule)
        assert found is not None and found.part == "ghoul" and found.id == citing[0], rule
    assert ref.for_rule("GH-12").id == "ghoul.movement"
    assert ref.for_rule("GH-42").id == "ghoul.skitter_variant"
    assert ref.for_rule("GH-30").id == "ghoul.terror"


def test_every_ghoul_decision_of_random_games_opens_the_ghouls_rules(ref: Reference) -> None:
    seen: set[str] = set()
    for setup in (Setup(roles=("knight", "ghoul"), seed=4),
                  Setup(roles=("knight", "goblins", "dragon", "cave", "thief", "ghoul"), seed=5)):
        g = new_game(setup)
        bot = RandomBot(setup.seed)
        for _ in range(4000):
            d = g.pending
            if d is None:
                break
            if d.kind.startswith("ghoul_"):
                assert ref.for_decision(d).part == "ghoul", d.kind
                seen.add(d.kind)
                if d.kind == DecisionKind.GHOUL_TURN:     # the prompt leads with what to do
                    action, _, status = shown_prompt(d).partition(SEPARATOR)
                    assert action.lower().endswith("end your turn") and status.startswith("Movement "), shown_prompt(d)
            g.apply(bot(None, d))
    assert {"ghoul_turn", "ghoul_place", "ghoul_keep", "ghoul_skitter"} <= seen


def test_the_terror_cards_section_names_each_card_and_its_copies(ref: Reference) -> None:
    text = ref.section("ghoul.terror_cards").text
    cards = load_rules_data().ghoul.terror_cards
    assert sum(c.copies for c in cards) == 13 and "13" in ref.section("ghoul.terror_cards").title
    for c in cards:
        line = next(x for x in text.splitlines() if x.strip().startswith(f"- **{c.name}**"))
        assert (f"({c.copies} copies)" in line) == (c.copies > 1), line


def test_the_difficulty_section_agrees_with_the_difficulty_cards(ref: Reference) -> None:
    text = ref.section("ghoul.difficulty").text
    for d in load_rules_data().ghoul.difficulty:
        line = next(x for x in text.splitlines() if x.strip().startswith(f"- **{d.name}**")).replace("**", "")
        assert f"Fury goal {d.fury_base} + players" in line, line
        assert f" {d.dice_rolled} dice, a total of {d.terror_draw_at_most} or less draws" in line, line


def test_the_variants_state_the_data_goals(ref: Reference) -> None:
    text = part_text(ref, "ghoul.player_variants")
    gh = load_rules_data().ghoul
    for v in gh.player_variants:
        for w in v.wins:
            for key in ("fury", "crystals"):
                if key in w.params:
                    assert f"{w.params[key]} {key.capitalize()}" in text, (v.id, key)
        for lvl in v.solo_levels:
            assert f"{lvl.name}: {lvl.params['fury']} Fury or {lvl.params['crystals']} Crystals" in text


def test_search_finds_the_ghouls_rules(ref: Reference) -> None:
    assert ref.search("skitter")[0][0].id.startswith("ghoul.skitter")
    assert any(s.id == "ghoul.terror_cards" for s, _ in ref.search("Blink Crystal tile"))
    assert "Fury goal" in plain_text(ref.section("ghoul.how_to_win").text)


def test_the_ghouls_cheat_sheet() -> None:
    sheet = load_teaching_cards().sheet("ghoul")
    assert "Fury goal" in sheet.how_to_win and "Entrance" in sheet.how_to_win
    assert any(step.startswith("1. Roll") for step in sheet.turn)
    assert any("Set Defense" in step for step in sheet.turn)
    html = sheet_html(sheet)
    assert "The Ghoul" in html and "Full rules: the Ghoul" in html
