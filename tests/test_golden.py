"""Golden playthrough (ARCHITECTURE §7): a seeded Knight-vs-Cave game played by the random
bot, printed step by step — the decision (role, kind, prompt), its option ids, the choice,
whether the step was an undo barrier, and the public log lines with each role's private
lines.  A diff in the checked-in file shows a rule change (or a leak) for review.

Regenerate after an intended change with ``VAST_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.bots.random_bot import RandomBot
from vast_desktop.engine.game import Game

GOLDEN = Path(__file__).resolve().parent / "golden" / "knight_vs_cave_seed7.txt"
SEED = 7
STEPS = 150


def _events(g: Game, step: int) -> list[str]:
    out = []
    for e in g.events:
        if e.step != step:
            continue
        out.append(f"  public: {e.public}")
        for role in sorted(e.private):
            out.append(f"  {role}: {e.private[role]}")
    return out


def render_playthrough(seed: int = SEED, steps: int = STEPS) -> str:
    setup = Setup(roles=("knight", "cave"), seed=seed)
    g = new_game(setup)
    bot = RandomBot(seed)
    lines = [f"# Golden playthrough: {setup.model_dump_json()}, RandomBot({seed}), first {steps} steps",
             "# Regenerate with VAST_UPDATE_GOLDEN=1 pytest tests/test_golden.py", "", "setup:", *_events(g, 0)]
    while g.outcome is None and len(g.choices) < steps:
        d = g.pending
        assert d is not None
        choice = bot(None, d)
        n = len(g.choices) + 1
        lines += ["", f"step {n}: round {g.state.round}, {d.role} decides {d.kind}",
                  f"  prompt: {d.prompt}", f"  options ({len(d.options)}): {' '.join(d.ids)}",
                  f"  choice: {choice}"]
        g.apply(choice)
        lines.append(f"  barrier: {'yes' if g.barrier_at == len(g.choices) else 'no'}")
        lines += _events(g, n)
    if g.outcome is not None:
        lines += ["", f"outcome: winners={list(g.outcome.winners)} reason={g.outcome.reason}"]
    else:
        d = g.pending
        assert d is not None
        lines += ["", f"after {steps} steps: {d.role} to decide {d.kind}"]
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    text = render_playthrough()
    if os.environ.get("VAST_UPDATE_GOLDEN") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
        if os.environ.get("VAST_UPDATE_GOLDEN") != "1":
            raise AssertionError(f"{GOLDEN} did not exist; written now — review and check it in")
        return
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                 "golden", "now", n=2))[:80])
        raise AssertionError(f"the golden playthrough changed (VAST_UPDATE_GOLDEN=1 to accept):\n{diff}")


def test_golden_render_is_stable_within_a_process() -> None:
    assert render_playthrough(steps=40) == render_playthrough(steps=40)
