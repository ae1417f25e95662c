"""Benchmark: how long loading and validating the rules data takes (budget: 150 ms).

Prints the median of 7 uncached loads (YAML parse + pydantic validation +
cross-checks + derived role variants), plus the one-off import time. Not a
timed test: run it by hand, e.g. ``.venv/bin/python benchmarks/bench_rules_data.py``.
"""
from __future__ import annotations

import statistics
import sys
import time


def main() -> int:
    t0 = time.perf_counter()
    from vast_desktop.rules_data import load_rules_data, load_rules_data_uncached

    import_ms = (time.perf_counter() - t0) * 1000
    samples = []
    for _ in range(7):
        t = time.perf_counter()
        load_rules_data_uncached()
        samples.append((time.perf_counter() - t) * 1000)
    load_rules_data()
    t = time.perf_counter()
    load_rules_data()
    cached_us = (time.perf_counter() - t) * 1e6
    median = statistics.median(samples)
    print(f"rules data load (uncached, median of 7): {median:.1f} ms  "
          f"[min {min(samples):.1f}, max {max(samples):.1f}]  budget 150 ms")
    print(f"cached load: {cached_us:.1f} us; module import (pydantic models, once): {import_ms:.0f} ms")
    return 0 if median < 150 else 1


if __name__ == "__main__":
    sys.exit(main())
