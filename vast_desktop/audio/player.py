"""Playing the sound cues: ``pygame.mixer`` at the player's volume, or silence.

:class:`SoundPlayer` opens the audio device once, loads every cue's ``.wav`` from the shipped
``assets/sounds/`` folder and plays cues at the volume of the Settings (nothing at all when
muted).  Where the device cannot be opened or a file is missing or broken, the game goes on
silently (or without that one cue) and :attr:`SoundPlayer.problem` says why, for the Settings
screen — a missing sound never stops a game.

The table calls :meth:`SoundPlayer.hear` whenever it refreshes: the events the game logged since
the last call sound their cues (``cues.cues_for``).  A game it has not heard before (one just
started, loaded or undone) is taken as it stands, silently, so opening a save does not replay
its whole history aloud.
"""
from __future__ import annotations

import importlib.resources
import io
from collections.abc import Iterable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final, Protocol

import pygame

from ..engine.game import Game
from ..settings import Settings
from .cues import SoundCue, cues_for

#: Where an installed package keeps the sounds: ``pyproject.toml`` maps the top-level ``assets/``
#: folder of the repository to the package ``vast_desktop.assets``.
PACKAGED_SOUNDS: Final = "assets/sounds"
#: The sounds in a source checkout: ``assets/sounds/`` beside ``vast_desktop/``.
CHECKOUT_SOUNDS: Final = Path(__file__).resolve().parents[2] / "assets" / "sounds"

#: What can go wrong opening the device or reading a sound, none of it worth stopping the game for.
SOUND_ERRORS: Final = (pygame.error, OSError, EOFError, ValueError)


def sounds_dir() -> Traversable | None:
    """The folder of the cues' ``.wav`` files: the installed package data, else the checkout's
    ``assets/sounds/``; ``None`` when neither exists."""
    packaged = importlib.resources.files("vast_desktop").joinpath(PACKAGED_SOUNDS)
    if packaged.is_dir():
        return packaged
    return CHECKOUT_SOUNDS if CHECKOUT_SOUNDS.is_dir() else None


class Playable(Protocol):
    """A loaded sound (``pygame.mixer.Sound``, or a test's fake)."""

    def set_volume(self, value: float, /) -> None: ...

    def play(self) -> object: ...


class Mixer(Protocol):
    """The audio device: open it (raising one of :data:`SOUND_ERRORS` if there is none) and load a ``.wav``."""

    def start(self) -> None: ...

    def load(self, wav: bytes) -> Playable: ...


class PygameMixer:
    """:class:`Mixer` through ``pygame.mixer`` (``SDL_AUDIODRIVER=dummy`` gives a silent device)."""

    def start(self) -> None:
        if not pygame.mixer.get_init():
            pygame.mixer.init()

    def load(self, wav: bytes) -> Playable:
        return pygame.mixer.Sound(file=io.BytesIO(wav))


class SoundPlayer:
    """The game's sound: the cues loaded once, played at the Settings' volume unless muted."""

    def __init__(self, settings: Settings, mixer: Mixer | None = None, folder: Traversable | None = None) -> None:
        self.volume = settings.sound_volume
        self.muted = settings.sound_muted
        self.sounds: dict[SoundCue, Playable] = {}
        #: why (some) cues are silent, in words for the player; ``None`` when every cue can sound
        self.problem: str | None = None
        self._game: Game | None = None     # the game whose events were last heard, and how many
        self._heard = 0
        self._open(mixer or PygameMixer(), folder if folder is not None else sounds_dir())

    def _open(self, mixer: Mixer, folder: Traversable | None) -> None:
        try:
            mixer.start()
        except SOUND_ERRORS as exc:
            self.problem = f"No sound: the audio device could not be opened ({exc})."
            return
        if folder is None:
            self.problem = f"No sound: the sound files are missing (looked in {CHECKOUT_SOUNDS})."
            return
        broken: list[str] = []
        for cue in SoundCue:
            try:
                self.sounds[cue] = mixer.load(folder.joinpath(cue.filename).read_bytes())
            except SOUND_ERRORS:
                broken.append(cue.filename)
        if broken:
            self.problem = f"Some sounds are missing or broken and stay silent: {', '.join(broken)} (in {folder})."
        self._set_volumes()

    # ------------------------------------------------------------ settings
    def apply(self, settings: Settings) -> None:
        """Take the volume and mute of ``settings`` (Settings > Save)."""
        self.volume = settings.sound_volume
        self.muted = settings.sound_muted
        self._set_volumes()

    def _set_volumes(self) -> None:
        for sound in self.sounds.values():
            sound.set_volume(self.volume)

    @property
    def audible(self) -> bool:
        """Whether a cue played now would be heard: a device, a volume above 0 and not muted."""
        return bool(self.sounds) and not self.muted and self.volume > 0

    # ------------------------------------------------------------ playing
    def play(self, cue: SoundCue) -> bool:
        """Play ``cue`` at the current volume; ``False`` when it stays silent (muted, no device, no file)."""
        sound = self.sounds.get(cue)
        if sound is None or not self.audible:
            return False
        try:
            sound.set_volume(self.volume)
            sound.play()
        except SOUND_ERRORS:
            return False
        return True

    def hear(self, game: Game, humans: Iterable[str] = ()) -> list[SoundCue]:
        """Sound the cues of the events ``game`` logged since the last call (``humans``: the roles
        people play, for a win or a loss).  Returns the cues that sounded."""
        events = game.events
        if game is not self._game or len(events) < self._heard:
            self._game, self._heard = game, len(events)
            return []
        new = events[self._heard:]
        self._heard = len(events)
        return [cue for cue in cues_for(new, humans) if self.play(cue)]
