"""Write the game's sound effects into the top-level ``assets/sounds/`` folder, one ``.wav`` per cue.

The effects are synthesised in code (``vast_desktop/audio/synth.py``: standard library only, no
samples), the same bytes on every run.  Run this after changing a recipe and check the files in;
``tests/test_sound.py`` fails while the shipped files differ from what the recipes make.

    PYTHONPATH=. .venv/bin/python tools/make_sounds.py [--check]

``--check`` writes nothing and exits 1 if any file would change, is missing, or is left over.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
#: the shipped sounds (``vast_desktop.audio.player.CHECKOUT_SOUNDS``; a test checks they agree)
SOUNDS = ROOT / "assets" / "sounds"

from vast_desktop.audio.cues import SoundCue  # noqa: E402
from vast_desktop.audio.synth import wav_bytes  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file would change")
    parser.add_argument("--out", type=Path, default=SOUNDS, help="the folder to write (default: assets/sounds)")
    args = parser.parse_args(argv)
    out: Path = args.out
    wanted = {cue.filename: wav_bytes(cue) for cue in SoundCue}
    stale = sorted(p.name for p in out.glob("*.wav") if p.name not in wanted) if out.is_dir() else []
    changed = [name for name, data in wanted.items()
               if not (out / name).is_file() or (out / name).read_bytes() != data]
    if args.check:
        for name in changed:
            print(f"would write {out / name}")
        for name in stale:
            print(f"left over (no cue makes it): {out / name}")
        return 1 if changed or stale else 0
    out.mkdir(parents=True, exist_ok=True)
    for name in changed:
        (out / name).write_bytes(wanted[name])
        print(f"wrote {out / name} ({len(wanted[name])} bytes)")
    for name in stale:
        (out / name).unlink()
        print(f"removed {out / name} (no cue makes it)")
    if not changed and not stale:
        print(f"{out}: all {len(wanted)} sounds up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
