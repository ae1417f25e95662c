"""Peak memory of `simulate` over many games (target: 200 games under 200 MB).

    .venv/bin/python benchmarks/bench_simulate_memory.py [--games 200] [--roles knight,cave]
Runs the simulate command in a child process and prints its peak resident memory."""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys

if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--roles", default="knight,cave")
    a = p.parse_args()
    out = subprocess.run([sys.executable, "-m", "vast_desktop", "simulate", "--roles", a.roles, "--games", str(a.games),
                          "--seed", "1", "--json"], capture_output=True, text=True, check=False)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(out.stdout.strip().splitlines()[-1])
    print(f"simulate of {a.games} games ({a.roles}): peak memory {peak_mb:.1f} MB")
