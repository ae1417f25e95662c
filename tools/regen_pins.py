"""Rewrite the engine's pinned files in ``tests/golden/``: the perft-style option counts of
every role subset (``perft.txt``, from ``tests/test_perft.py``) and the golden playthroughs
(one ``.txt`` per game of ``GOLDENS`` in ``tests/test_golden.py``).

These files pin what the engine does: which options are legal at each step of fixed games
and what every viewer sees.  ``tests/test_perft.py`` and ``tests/test_golden.py`` fail when
the engine no longer matches them.  When the change is legitimate — a rule fixed, a decision
added, a view that now shows (or hides) something on purpose — regenerate them with this one
command, then **review the diff** (``git diff tests/golden/``): every changed count or digest
should follow from the change you made, and a digest that changes for a viewer who should
have learnt nothing is a leak, not a pin to update.  Check the files in with the change and
say in the commit message why they moved.

    PYTHONPATH=. .venv/bin/python tools/regen_pins.py [--check]

``--check`` writes nothing and exits 1 if any file would change (for CI or a quick look).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import test_golden  # noqa: E402  (the tests hold the renderers, so the pins and their checks agree)
import test_perft  # noqa: E402


def pinned_files() -> dict[Path, str]:
    """Every pinned file and the text it should hold now."""
    files = {test_perft.PINS: test_perft.render_pins()}
    for golden in test_golden.GOLDENS:
        files[golden.path] = test_golden.render_playthrough(golden)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")
    args = parser.parse_args(argv)
    changed = []
    for path, text in pinned_files().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        changed.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in changed:
        print(f"{'would change' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
    if not changed:
        print("all pinned files are up to date")
    elif not args.check:
        print("review the diff: git diff tests/golden/")
    return 1 if changed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
