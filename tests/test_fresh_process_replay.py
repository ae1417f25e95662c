"""A choice log replays the same in a fresh process (issue 25, item 1).

Before issue 25 the Knight's cross-role hooks were module-level lists filled while games
were set up, so their order depended on what the process had done before: after a
Knight+Goblins game, the Knight entering a tile with a revealed Tribe and the surfaced
Dragon scattered the Tribe first; in a fresh process she attacked the Dragon first, and
a log recorded in one failed to replay in the other (``ReplayError … 'dragon:attack' is
not a legal choice``).  The in-process replay tests could not see it.

This test first sets up other games (Knight+Goblins, Knight+Dragon+Goblins) so that any
import- or setup-order effect happens, then records a random-bot choice log for every
one of the 30 role subsets, with a digest of every viewer's view (each role's and the
spectator's) after every step, and replays all the logs in ONE fresh subprocess — in
the reverse order, with another string-hash seed — which prints the same digests and
each outcome.  Both sides must agree step by step.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.state import BASE_ROLES

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
MAX_CHOICES = 150
ROOT = Path(__file__).resolve().parent.parent


def step_digest(g: Game) -> str:
    """Every viewer's view of the game now (each role's, then the spectator's), hashed.
    ``repr`` of the PlayerView dataclass is canonical: it holds no sets (dicts keep the
    engine's insertion order, which must itself be deterministic)."""
    h = hashlib.blake2b(digest_size=8)
    for viewer in (*g.state.roles, None):
        h.update(repr(view(g, viewer)).encode())
    return h.hexdigest()


def outcome(g: Game) -> list[Any]:
    return [list(g.outcome.winners), g.outcome.reason] if g.outcome is not None else [None, len(g.choices)]


def start(entry: dict[str, Any]) -> Game:
    """A logged game's start: a new game from its setup, or its scenario."""
    if "scenario" in entry:
        return load_scenario(entry["scenario"])
    return new_game(Setup.model_validate_json(entry["setup"]))


def record(entry: dict[str, Any], seed: int, scripted: tuple[str, ...] = (), cap: int = MAX_CHOICES) -> dict[str, Any]:
    """A game from ``entry`` playing ``scripted`` choices, then the random bot (capped at
    ``cap`` choices): its log, digests and outcome."""
    g = start(entry)
    bot = RandomBot(seed)
    digests = [step_digest(g)]
    while g.outcome is None and len(g.choices) < cap:
        assert g.pending is not None
        step = len(g.choices)
        g.apply(scripted[step] if step < len(scripted) else bot(None, g.pending))
        digests.append(step_digest(g))
    return {**entry, "choices": list(g.choices), "digests": digests, "outcome": outcome(g)}


def replay_logs(path: str, first: int) -> None:
    """The fresh process's side: replay every log of ``path`` — game ``first`` first, then
    the others last to first — printing one JSON line per game with its digests and outcome."""
    games = json.loads(Path(path).read_text(encoding="utf-8"))
    for i in [first, *(j for j in reversed(range(len(games))) if j != first)]:
        g = start(games[i])
        digests = [step_digest(g)]
        for choice in games[i]["choices"]:
            g.apply(choice)
            digests.append(step_digest(g))
        print(json.dumps({"game": i, "digests": digests, "outcome": outcome(g)}))


def _warm_up() -> None:
    """Other games first, so any hook registered while setting up a game is in place: the
    Dragon's before the Goblins' here, while the fresh process sets up a Knight+Goblins
    game first (the order that used to make the two processes differ)."""
    for roles, seed in ((("knight", "dragon", "goblins"), 6), (("knight", "goblins"), 5)):
        g = new_game(Setup(roles=roles, seed=seed))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 60:
            assert g.pending is not None
            g.apply(bot(None, g.pending))


def _tribe_and_dragon() -> dict[str, Any]:
    """The reported position (KN-24, KN-46, KN-56): the Knight next to a tile holding a
    revealed Tribe and the surfaced Dragon, with the Strength to enter it.  (The rule-test
    helpers are imported here, not at the top: the fresh process must import nothing but
    what replaying needs.)"""
    from rules.helpers import entrance, lit
    from rules.helpers_interactions import play

    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = play(("knight", "goblins", "dragon"), "knight", tiles, {"knight": [0, 0], "dragon": [1, 0], "tribe:fangs": [1, 0]},
             dragon={"surfaced": True, "awake": True, "wakefulness": 4}, knight={"cubes_free": 3})
    assert g.scenario is not None
    return {"scenario": g.scenario}


def test_every_subset_replays_identically_in_a_fresh_process(tmp_path: Path) -> None:
    _warm_up()
    recorded = [record({"setup": Setup(roles=roles, seed=1000 + i).model_dump_json()}, 1000 + i)
                for i, roles in enumerate(SUBSETS)]
    names = ["+".join(roles) for roles in SUBSETS]
    for seed, first in ((1, "first:tribes"), (2, "first:dragon")):    # KN-24: both orders she may choose
        recorded.append(record(_tribe_and_dragon(), seed, ("cube:strength", "cube:strength", "move:1,0", first), cap=40))
        names.append(f"the Tribe and the Dragon ({first})")
    assert len(recorded) == 32
    assert sum(len(r["choices"]) for r in recorded) > 30 * 50
    logs = tmp_path / "logs.json"
    logs.write_text(json.dumps(recorded), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    env["PYTHONHASHSEED"] = "2026" if env.get("PYTHONHASHSEED") == "2025" else "2025"
    code = "import sys, test_fresh_process_replay as t; t.replay_logs(sys.argv[1], int(sys.argv[2]))"
    goblins_first = SUBSETS.index(("knight", "goblins"))      # set up first there, unlike here (_warm_up)
    r = subprocess.run([sys.executable, "-c", code, str(logs), str(goblins_first)], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    fresh = {d["game"]: d for d in map(json.loads, r.stdout.splitlines())}
    assert sorted(fresh) == list(range(len(recorded)))
    for i, rec in enumerate(recorded):
        got = fresh[i]
        mine, theirs = rec["digests"], got["digests"]
        step = next((s for s, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), min(len(mine), len(theirs)))
        assert mine == theirs, (f"{names[i]}: the fresh process's views differ from step {step} "
                                f"(after choice {rec['choices'][step - 1] if 0 < step <= len(rec['choices']) else None!r})")
        assert got["outcome"] == rec["outcome"], f"{names[i]}: outcome differs"
