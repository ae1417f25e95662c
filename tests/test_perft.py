"""Perft-style pins of legality: for fixed seeds and every one of the 30 legal role subsets,
a game played by a fixed rule (at step n take the option at index ``(7 n) % count``) and
the number of options at each of its first steps, checked in as ``tests/golden/perft.txt``.

Any change in what is legal anywhere in those games — one option more or less, a decision
that comes or goes — changes a count, and the failure names the subset, the seed, the step
and the decision.  The games need no bot and no view: only the engine's options.

After a legitimate rule change run ``python tools/regen_pins.py`` and review the diff of
``tests/golden/`` before checking it in (see that script's docstring).
"""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.state import BASE_ROLES

PINS = Path(__file__).resolve().parent / "golden" / "perft.txt"
SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
SEEDS = (1, 2, 3)
STEPS = 100
REGEN = "run `python tools/regen_pins.py` and review the diff of tests/golden/ if the change is intended"


def game_key(roles: tuple[str, ...], seed: int) -> str:
    return f"{'+'.join(roles)} seed={seed}"


def play_counts(roles: tuple[str, ...], seed: int, steps: int = STEPS) -> list[str]:
    """``kind:count`` of the pending decision at each of the first ``steps`` steps
    (``over`` if the game ends sooner), taking the option at ``(7 n) % count`` at step n."""
    g = new_game(Setup(roles=roles, seed=seed))
    out: list[str] = []
    for n in range(steps):
        d = g.pending
        if g.outcome is not None or d is None:
            out.append("over")
            break
        out.append(f"{d.kind}:{len(d.options)}")
        g.apply(d.options[(7 * n) % len(d.options)].id)
    return out


def render_pins() -> str:
    lines = [f"# Option counts (decision kind:count) at the first {STEPS} steps of each game; at step n",
             "# the game takes the option at index (7 n) % count.  Written by tools/regen_pins.py;",
             "# a legitimate rule change regenerates it and the diff is reviewed.", ""]
    for roles in SUBSETS:
        for seed in SEEDS:
            lines.append(f"{game_key(roles, seed)}: {' '.join(play_counts(roles, seed))}")
    return "\n".join(lines) + "\n"


def _pinned() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in PINS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, _, counts = line.partition(": ")
            out[key] = counts.split()
    return out


def _first_difference(key: str, pinned: list[str], now: list[str]) -> str:
    for n, (a, b) in enumerate(zip(pinned, now, strict=False)):
        if a != b:
            return f"{key}, step {n + 1}: pinned {a.replace(':', ' with ')} options, now {b.replace(':', ' with ')}"
    return f"{key}: pinned {len(pinned)} steps, now {len(now)}"


def test_option_counts_match_the_pins_for_every_subset() -> None:
    """Every subset and seed: the same decisions with the same number of options, step by step."""
    assert PINS.exists(), f"{PINS} is missing: {REGEN}"
    pinned = _pinned()
    keys = [game_key(r, s) for r in SUBSETS for s in SEEDS]
    assert sorted(pinned) == sorted(keys), f"the pinned games are not the {len(keys)} expected: {REGEN}"
    changed = []
    for roles in SUBSETS:
        for seed in SEEDS:
            key = game_key(roles, seed)
            now = play_counts(roles, seed)
            if now != pinned[key]:
                changed.append(_first_difference(key, pinned[key], now))
    assert not changed, (f"legality changed in {len(changed)} of {len(keys)} pinned games "
                         f"(first difference of each):\n  " + "\n  ".join(changed) + f"\n{REGEN}")


def test_the_pins_cover_many_kinds_of_decision() -> None:
    """The pinned games are not all the same opening: together they reach every role's
    turn and many kinds of decision, so the pins watch more than the first menu."""
    kinds = {t.rpartition(":")[0] for counts in _pinned().values() for t in counts if t != "over"}
    assert {"knight_turn", "goblins_turn", "dragon_turn", "thief_turn"} <= kinds and len(kinds) >= 25, sorted(kinds)
