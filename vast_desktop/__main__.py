"""Command line: `python -m vast_desktop [--rules-dir DIR] [simulate|bench|...]` (see :mod:`vast_desktop.cli`;
``--rules-dir`` names the player's rules-data folder, :mod:`vast_desktop.rules_folder`)."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from vast_desktop.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
