"""Engine figures: choices/s in random play, median game times, replay, rules load, memory.

    .venv/bin/python benchmarks/bench_engine.py [--json]
(the same as `python3 vast.py bench`)."""
from __future__ import annotations

import argparse
import sys

from vast_desktop.headless.bench import run_bench

if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true")
    sys.exit(run_bench(p.parse_args()))
