"""Golden playthroughs (ARCHITECTURE §7), one per family of games: the Knight against the
Cave, the five roles together, a Terrain game and the Knight solo.  Each is a seeded game
played by the random bot and printed step by step — the decision (role, kind, prompt), its
option ids, the choice, whether the step was an undo barrier, a short digest of what every
viewer sees afterwards (``view(game, viewer)`` for nobody and for each role), and the
public log lines with each role's private lines.  A diff in a checked-in file shows a rule
change, or a leak: a digest that changes for a viewer who should have learnt nothing.

After an intended change run ``python tools/regen_pins.py`` and review the diff of
``tests/golden/`` (see that script's docstring).
"""
from __future__ import annotations

import dataclasses
import difflib
import enum
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REGEN = "run `python tools/regen_pins.py` and review the diff of tests/golden/ if the change is intended"


@dataclass(frozen=True)
class Golden:
    """One pinned playthrough: the game's setup, the random bot's seed and how many steps."""

    name: str
    setup: Setup
    steps: int

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.txt"


GOLDENS = (
    Golden("knight_vs_cave_seed7", Setup(roles=("knight", "cave"), seed=7), 150),
    Golden("five_roles_seed11", Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=11), 200),
    Golden("terrain_seed5", Setup(roles=("knight", "goblins", "dragon", "cave"), seed=5, variants=("terrain",)), 160),
    Golden("knight_solo_medium_seed3", Setup(roles=("knight",), seed=3, solo_level="medium"), 150),
)


def stable(obj: Any) -> Any:
    """``obj`` as plain JSON data that does not depend on the process: dict keys sorted (by
    ``json.dumps``), sets sorted, dataclasses and enums turned into their fields and values."""
    if isinstance(obj, dict):
        return {str(k): stable(v) for k, v in obj.items()}
    if isinstance(obj, set | frozenset):
        return sorted((stable(v) for v in obj), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(obj, list | tuple):
        return [stable(v) for v in obj]
    if isinstance(obj, enum.Enum):
        return stable(obj.value)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: stable(getattr(obj, f.name)) for f in dataclasses.fields(obj) if not f.name.startswith("_")}
    if obj is None or isinstance(obj, str | int | float | bool):
        return obj
    raise TypeError(f"no stable form for {type(obj).__name__}: {obj!r}")


def view_digest(g: Game, viewer: str | None) -> str:
    """A short hash of everything ``viewer`` sees (the whole ``PlayerView``)."""
    text = json.dumps(stable(view(g, viewer).to_dict()), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def _views(g: Game) -> str:
    viewers: tuple[str | None, ...] = (None, *g.state.roles)
    return " ".join(f"{v or 'nobody'}={view_digest(g, v)}" for v in viewers)


def _events(g: Game, step: int) -> list[str]:
    out = []
    for e in g.events:
        if e.step != step:
            continue
        out.append(f"  public: {e.public}")
        for role in sorted(e.private):
            out.append(f"  {role}: {e.private[role]}")
    return out


def render_playthrough(golden: Golden, steps: int | None = None) -> str:
    steps = golden.steps if steps is None else steps
    setup, seed = golden.setup, golden.setup.seed
    g = new_game(setup)
    bot = RandomBot(seed)
    lines = [f"# Golden playthrough: {setup.model_dump_json()}, RandomBot({seed}), first {steps} steps",
             "# Regenerate with `python tools/regen_pins.py` and review the diff.", "",
             "setup:", f"  views: {_views(g)}", *_events(g, 0)]
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
        lines.append(f"  views: {_views(g)}")
        lines += _events(g, n)
    if g.outcome is not None:
        lines += ["", f"outcome: winners={list(g.outcome.winners)} reason={g.outcome.reason}"]
    else:
        d = g.pending
        assert d is not None
        lines += ["", f"after {steps} steps: {d.role} to decide {d.kind}"]
    return "\n".join(lines) + "\n"


def _first_changed_step(expected: str, now: str) -> str:
    """The step header above the first line that differs (for the failure message)."""
    header = "setup"
    for a, b in zip(expected.splitlines(), now.splitlines(), strict=False):
        if a.startswith("step ") or a == "setup:":
            header = a.rstrip(":")
        if a != b and a.startswith("  views: ") and b.startswith("  views: "):
            was, now_ = (dict(t.split("=") for t in line.split()[1:]) for line in (a, b))
            return f"{header} — what these viewers see changed: {sorted(v for v in was if was[v] != now_.get(v))}"
        if a != b:
            return f"{header} — pinned {a.strip()!r}, now {b.strip()!r}"
    return "the length changed"


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_golden_playthrough(golden: Golden) -> None:
    assert golden.path.exists(), f"{golden.path} is missing: {REGEN}"
    expected = golden.path.read_text(encoding="utf-8")
    text = render_playthrough(golden)
    if text != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                 "golden", "now", n=2))[:60])
        raise AssertionError(f"the golden playthrough {golden.name} changed at {_first_changed_step(expected, text)}"
                             f"\n{REGEN}\n{diff}")


def test_golden_render_is_stable_within_a_process() -> None:
    assert render_playthrough(GOLDENS[1], steps=40) == render_playthrough(GOLDENS[1], steps=40)

