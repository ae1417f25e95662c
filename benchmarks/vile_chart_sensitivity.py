"""How much the Vile Ghoul's provisional dice chart decides its games against a random Cave.

The Vile Ghoul's dice chart (Movement and Attack for each die face) and its Boost die are printed on
its board, which no source we have shows: the values in ``rules_data/vile_ghoul.yaml`` are the
expansion data sheet's design guesses, marked provisional.  This benchmark plays the same games
(Cave vs Vile Ghoul, the Easy Vile Ghoul against the random Cave, seeds 1..N) with the chart as
shipped and with a few other charts, each laid over the game's data the way a player who owns the
board corrects it: a YAML file in a rules-data folder (``load_rules_data_uncached(user_dir=...)``).

* **provisional** — the chart as shipped (1 → 6/1 … 5 → 2/5, 6 → 2/6; Boost +1).
* **movement +1** — every row moves one space further.
* **attack +1** — every row hits one harder (a Crystal needs Attack 3, VG-12).
* **both +1** — both.
* **boost 2** — the chart as shipped, a Boost die worth 2 movement.

Printed: each chart's Easy win rate with its Wilson 95% interval, side by side.  Figures only.

    PYTHONPATH=. .venv/bin/python benchmarks/vile_chart_sensitivity.py [--games 400] [--seed 1]
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml

from benchmarks.vile_cave_ceiling import play, seed_range
from vast_desktop.headless.tournament import wilson_interval
from vast_desktop.rules_data import RulesData, load_rules_data
from vast_desktop.rules_data.loader import load_rules_data_uncached


def chart_correction(rules: RulesData, movement: int = 0, attack: int = 0, boost_movement: int | None = None
                     ) -> dict[str, Any]:
    """A player's correction file: every row's Movement and Attack shifted, the Boost die's movement set."""
    vile = rules.vile_ghoul
    rows = [{"id": f"face_{face}", "movement": vile.chart_row(face).movement + movement,
             "attack": vile.chart_row(face).attack + attack} for face in range(1, 7)]
    out: dict[str, Any] = {"dice_chart": rows}
    if boost_movement is not None:
        out["boost"] = {"movement": boost_movement}
    return {"vile_ghoul": out}


def corrected(correction: dict[str, Any] | None) -> RulesData:
    """The game's data with ``correction`` laid over it from a rules-data folder, as the app does."""
    if correction is None:
        return load_rules_data()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "chart.yaml").write_text(yaml.safe_dump(correction), encoding="utf-8")
        return load_rules_data_uncached(user_dir=Path(folder))


def chart_text(rules: RulesData) -> str:
    vile = rules.vile_ghoul
    rows = " ".join(f"{f}→{vile.chart_row(f).movement}/{vile.chart_row(f).attack}" for f in range(1, 7))
    return f"{rows}, Boost +{vile.boost.movement} move / +{vile.boost.attack} Attack"


def main(argv: list[str] | None = None) -> int:
    seeds = seed_range(__doc__, argv)
    base = load_rules_data()
    charts = {"provisional": None, "movement +1": chart_correction(base, movement=1),
              "attack +1": chart_correction(base, attack=1), "both +1": chart_correction(base, movement=1, attack=1),
              "boost 2": chart_correction(base, boost_movement=2)}
    print(f"Easy Vile Ghoul vs random Cave under other dice charts, seeds {seeds.start}..{seeds.stop - 1}")
    for name, correction in charts.items():
        rules = corrected(correction)
        won = sum(play(seed, "easy", rules) for seed in seeds)
        lo, hi = wilson_interval(won, len(seeds))
        print(f"  {name:12s} {100 * won / len(seeds):5.1f}%  ({100 * lo:.1f}–{100 * hi:.1f})   {chart_text(rules)}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
