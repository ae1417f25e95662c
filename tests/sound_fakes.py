"""A fake audio device for the sound tests: it records every volume set and every cue played."""
from __future__ import annotations

import io
import wave

import pygame


class FakeSound:
    """One loaded ``.wav``; ``log`` is shared with its mixer, so the order of plays is kept."""

    def __init__(self, name: str, log: list[tuple[str, float]]) -> None:
        self.name = name
        self.volume = 1.0
        self.volumes: list[float] = []
        self.log = log

    def set_volume(self, value: float, /) -> None:
        self.volume = value
        self.volumes.append(value)

    def play(self) -> None:
        self.log.append((self.name, self.volume))


class FakeMixer:
    """A device that opens (or, with ``fail``, raises like ``pygame.mixer.init`` with no device) and
    loads any readable ``.wav`` (a broken one raises like ``pygame.mixer.Sound``)."""

    def __init__(self, fail: str | None = None) -> None:
        self.fail = fail
        self.played: list[tuple[str, float]] = []       # (cue file stem, volume at play time)
        self.loaded: list[FakeSound] = []

    def start(self) -> None:
        if self.fail:
            raise pygame.error(self.fail)

    def load(self, wav: bytes) -> FakeSound:
        try:
            with wave.open(io.BytesIO(wav)) as w:
                frames = w.getnframes()
        except (wave.Error, EOFError) as exc:
            raise pygame.error(f"Unable to load: {exc}") from exc
        sound = FakeSound(f"sound{len(self.loaded)}:{frames}", self.played)
        self.loaded.append(sound)
        return sound

    def names(self, player) -> dict[object, str]:
        """Name each loaded sound by the cue it was loaded for (the player's table)."""
        for cue, sound in player.sounds.items():
            sound.name = cue.value
        return {cue: cue.value for cue in player.sounds}
