"""What knowing where the Crystal tiles lie is worth to the Easy Vile Ghoul against a random Cave.

In Cave vs Vile Ghoul (the expansion sheet's variant) the Vile Ghoul must smash 6 Crystals before
the Cave collapses 5 Crystal tiles.  Its moves reveal nothing (GH-10): it finds Crystals only with
the Flare, and a player cannot tell a Dark Crystal tile from another.  The Easy player weighs every
Dark tile a Flare may reveal alike (``VilePicture.dark_worth``); this benchmark plays the same games
(seeds 1..N, the Cave's random player with the tournament's seeds) with two players who know more,
to show how much of the cell's result is where the Crystal tiles happen to lie:

* **easy** — the Easy player as it is.
* **counting** — it weighs each Dark tile by the chance that it is a Crystal tile given what a
  player who remembered the order tiles were drawn would know: the stack is three piles with 3
  Crystal tiles each (SET-10), so a Dark tile is a Crystal as often as the Crystal tiles its pile
  still hides among that pile's unseen tiles; the four Dark tiles around the Entrance never are
  (SET-09).  An upper bound on counting: it also knows which pile each tile of the Cave's hand
  came from.
* **seer** — it knows which Dark tiles are Crystal tiles (no player can).

Printed: each player's win rate with its Wilson 95% interval, side by side.  Figures only.

    PYTHONPATH=. .venv/bin/python benchmarks/vile_cave_ceiling.py [--games 400] [--seed 1]
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import cached_property

from vast_desktop.bots.easy.vile_ghoul import EasyVile_Ghoul, VilePicture
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import Pos
from vast_desktop.headless.matches import bot_seed
from vast_desktop.headless.tournament import wilson_interval
from vast_desktop.rules_data import RulesData

ROLES = ("vile_ghoul", "cave")
Worth = Callable[[Game], dict[Pos, float]]


def pile_of(g: Game) -> dict[str, int]:
    """Each stacked tile's pile: the stack is the piles one after another (SET-10, dealt evenly)."""
    stack = list(g.state.stack)
    n = g.rules.cave.stack_piles
    sizes = [len(stack) // n + (1 if i < len(stack) % n else 0) for i in range(n)]
    out: dict[str, int] = {}
    start = 0
    for i, size in enumerate(sizes):
        out.update(dict.fromkeys(stack[start:start + size], i))
        start += size
    return out


def counting_worth(piles: dict[str, int]) -> Worth:
    def worth(g: Game) -> dict[Pos, float]:
        seen = {t.tile_id for t in g.state.board.tiles.values() if t.lit} | set(g.state.removed_from_game)
        hidden = [0] * g.rules.cave.stack_piles
        crystals = [0] * g.rules.cave.stack_piles
        for tid, pile in piles.items():
            if tid not in seen:
                hidden[pile] += 1
                crystals[pile] += g.tile(tid).type == "crystal"
        base = sum(crystals) / max(1, sum(hidden))
        return {p: (crystals[piles[t.tile_id]] / max(1, hidden[piles[t.tile_id]]) / base
                    if t.tile_id in piles and base else 0.0)
                for p, t in g.state.board.tiles.items() if not t.lit}
    return worth


def seer_worth(g: Game) -> dict[Pos, float]:
    dark = {p: g.tile(t.tile_id).type == "crystal" for p, t in g.state.board.tiles.items() if not t.lit}
    share = sum(dark.values()) / max(1, len(dark))
    return {p: (1.0 / share if crystal else 0.0) for p, crystal in dark.items()} if share else {}


class Knowing(EasyVile_Ghoul):
    """The Easy player with ``worth`` (set before each of its decisions) in place of its own."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.worth: dict[Pos, float] = {}
        owner = self

        class Picture(VilePicture):
            @cached_property
            def dark_worth(self) -> dict[Pos, float]:
                return {p: owner.worth.get(p, 0.0) for p in self.dark}

        self.picture_class = Picture


def play(seed: int, kind: str, rules: RulesData | None = None) -> bool:
    """One game against the random Cave with the ``kind`` of Vile Ghoul, on ``rules`` (default the game's data)."""
    g = new_game(Setup(roles=ROLES, seed=seed), rules)
    cave = make_bot("cave", "random", bot_seed(seed, "cave"))
    knowing = Knowing(bot_seed(seed, "vile_ghoul"))
    vile = make_bot("vile_ghoul", "easy", bot_seed(seed, "vile_ghoul")) if kind == "easy" else knowing
    worth = None if kind == "easy" else counting_worth(pile_of(g)) if kind == "counting" else seer_worth
    while g.outcome is None:
        d = g.pending
        assert d is not None
        if d.role == "cave":
            g.apply(cave(view(g, "cave"), d))
            continue
        if worth is not None:
            knowing.worth = worth(g)
        g.apply(vile(view(g, "vile_ghoul"), d))
    return "vile_ghoul" in g.outcome.winners


def seed_range(doc: str, argv: list[str] | None) -> range:
    """The seeds of ``--games`` games from ``--seed`` (400 from 1 unless told)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    return range(args.seed, args.seed + args.games)


def main(argv: list[str] | None = None) -> int:
    seeds = seed_range(__doc__, argv)
    print(f"Vile Ghoul (Easy, knowing more or not) vs random Cave, seeds {seeds.start}..{seeds.stop - 1}")
    for kind in ("easy", "counting", "seer"):
        wins = sum(play(s, kind) for s in seeds)
        lo, hi = wilson_interval(wins, len(seeds))
        print(f"  {kind:9s} {100 * wins / len(seeds):5.1f}%  ({100 * lo:.1f}–{100 * hi:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
