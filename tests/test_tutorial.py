"""The guided tutorial's script and runner (issue 6), without pygame."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vast_desktop.engine import IllegalChoice
from vast_desktop.teach.tutorial.runner import Tutorial, TutorialError, load_script

ROOT = Path(__file__).resolve().parents[1]


def play_to(t: Tutorial, index: int) -> None:
    """Take every step (the learner's choices and Next) up to step ``index``."""
    while t.index < index:
        step = t.step
        assert step is not None
        if step.learner:
            assert step.choice is not None
            t.choose(step.choice)
        else:
            t.next()


def test_script_validates() -> None:
    script = load_script()
    assert script.steps[0].choice is None                  # it opens with a narration
    assert any(s.learner for s in script.steps) and any(s.auto for s in script.steps)
    assert {s.role for s in script.steps if s.choice} == {"knight", "goblins", "dragon", "cave", "thief"}


def test_broken_script_names_file_line_and_key() -> None:
    text = "title: T\nscenario: {}\nsteps:\n  - say: hello\n  - say: go\n    choice: 'move:1,0'\n    colour: red\n"
    with pytest.raises(TutorialError) as exc:
        load_script("broken.yaml", text=text)
    assert "broken.yaml line 7, steps[1].colour: unknown key" in str(exc.value)
    with pytest.raises(TutorialError, match=r"broken.yaml line 5, steps\[1\]: .*names the role"):
        load_script("broken.yaml", text="title: T\nscenario: {}\nsteps:\n  - say: a\n  - say: b\n    choice: x\n")


def test_every_step_is_legal_and_the_tutorial_completes() -> None:
    """At every step the scripted choice is among the pending decision's options, made by the step's role."""
    t = Tutorial.new()
    while not t.finished:
        step = t.step
        assert step is not None
        d = t.game.pending
        assert d is not None
        if step.choice is not None:
            assert step.choice in d.ids, (t.index + 1, step.choice, d.ids)
            assert d.role == step.role, (t.index + 1, d.role, step.role)
        play_to(t, t.index + 1)
    assert t.game.outcome is None and t.game.pending is not None
    assert t.game.choices == [s.choice for s in t.script.steps if s.choice is not None]


def test_sample_turn_facts() -> None:
    """The scripted game comes out as the rulebook's sample: Ruin's Population and the Ogre with the Bones;
    the Dragon's Flame (X) reveals nothing, his Claw (four sides) scatters the Fangs and a Sloth cube moves
    to Wakefulness; the Thief's Pickpocket takes the Javelin and his stash buys Sticky Fingers; the Bones
    ambush and scatter; the Knight's Bomb attack hits the centre."""
    t = Tutorial.new()
    play_to(t, len(t.script.steps))
    st, log = t.game.state, [e.public for e in t.game.events]
    faces = [e.data["face"] for e in t.game.events if e.kind == "die_roll"]
    assert faces == [5, 2, 6]
    assert "Flame: no affected Dark tile to reveal." in log
    assert any("Fangs Tribe scatters (the Dragon's Claw)" in line for line in log)
    assert st.dragon.wakefulness == 1 and st.dragon.eaten == 0 and st.dragon.health == 4
    assert any(line.startswith("The Thief rolls the Action die (Pickpocket the Knight)") for line in log)
    assert st.knight.treasures == [] and st.thief.upgrades == ["sticky_fingers"]
    assert dict(st.goblins.population) == {"fangs": 0, "bones": 0, "eye": 1}
    assert st.goblins.monsters["bones"] == [] and st.knight.health == 6
    pieces = st.board.pieces
    assert pieces["tribe:eye"] == (3, 0) and "tribe:fangs" not in pieces and "tribe:bones" not in pieces
    assert pieces["knight"] == pieces["dragon"] == (0, -1) and pieces["thief"] == (0, 0)


def test_sample_grit_follows_the_rules_AMB_47() -> None:
    """AMB-47: 1 Grit for each of the Knight's three reveals, then Daring +4 = 7 (the sample says 6)."""
    t = Tutorial.new()
    play_to(t, len(t.script.steps))
    assert t.game.state.knight.grit == 7
    daring = next(s for s in t.script.steps if s.choice == "sidequest:daring")
    assert "sample says 6 Grit" in daring.say and "we count 7" in daring.say


def test_sample_cave_shapes_before_treasure_AMB_48() -> None:
    """AMB-48 / CV-02: the Cave places its Shape the Cave tile before its Treasure token (the sample swaps them)."""
    t = Tutorial.new()
    play_to(t, len(t.script.steps))
    log = [e.public for e in t.game.events]
    shape = log.index("The Cave places a Dark tile (Bones) at 2,2.")
    treasure = log.index("The Cave places a Treasure token at 2,1.")
    assert shape < treasure
    step = next(s for s in t.script.steps if s.choice == "place:T20@2,2")
    assert "the rules say Shape the Cave comes before Place Treasure" in step.say


def test_wrong_choice_is_refused_with_the_hint_and_changes_nothing() -> None:
    t = Tutorial.new()
    play_to(t, 1)
    step = t.step
    assert step is not None and step.learner and step.choice == "move:1,0"
    before = (t.index, list(t.game.choices), t.game.pending)
    with pytest.raises(IllegalChoice) as exc:
        t.choose("move:0,1")                      # legal in the game, but not this step's choice
    assert exc.value.reason == (step.hint or step.say)
    with pytest.raises(IllegalChoice):
        t.next()                                  # a learner step does not go on with Next
    assert (t.index, list(t.game.choices), t.game.pending) == before


def test_next_is_refused_on_nothing_else_than_its_steps() -> None:
    t = Tutorial.new()
    with pytest.raises(IllegalChoice, match="press Next"):
        t.choose("move:1,0")                      # the opening narration wants Next
    assert t.index == 0 and t.game.choices == []


def test_leave_and_resume_midway_then_finish(tmp_path: Path) -> None:
    t = Tutorial.new()
    play_to(t, 30)
    path = tmp_path / "tutorial.json"
    t.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "vast-desktop-tutorial" and len(data["done"]) == 30
    back = Tutorial.resume(path)
    assert back.index == 30 and back.game.choices == t.game.choices
    play_to(back, len(back.script.steps))
    assert back.finished


def test_progress_that_no_longer_matches_starts_again(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps({"format": "vast-desktop-tutorial", "version": 1, "script": "sample_turn.yaml",
                                "done": [None, "move:0,1"]}))
    with pytest.raises(TutorialError, match="step 2 no longer matches"):
        Tutorial.resume(path)
    t, note = Tutorial.start_or_resume(path)
    assert t.index == 0 and note is not None and "starts again" in note
    path.write_text("{broken")
    assert Tutorial.start_or_resume(path)[0].index == 0


def test_tutorial_check_command_exits_0() -> None:
    """`python -m vast_desktop tutorial --check` plays the tutorial by clicks under the dummy driver."""
    r = subprocess.run([sys.executable, "-m", "vast_desktop", "tutorial", "--check"], cwd=ROOT, capture_output=True,
                       text=True, check=False, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "completed all" in r.stdout


def test_pickpocket_step_states_the_knights_perception() -> None:
    """The Pickpocket step's numbers are the game's: Stealth 3 against the Knight's Perception 2 (as in the sample)."""
    from vast_desktop.engine.roles.knight.board import perception

    t = Tutorial.new()
    index = next(i for i, s in enumerate(t.script.steps) if s.choice == "pickpocket:knight:2")
    play_to(t, index)
    assert perception(t.game) == 2 and t.game.state.thief is not None
    assert "Stealth 3 is higher than her Perception 2" in t.script.steps[index].say
