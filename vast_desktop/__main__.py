"""Command line: `python -m vast_desktop [simulate|bench|...]`."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from vast_desktop.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
