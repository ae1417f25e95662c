"""Every sound effect, made from numbers: sine partials, a seeded noise, envelopes and a simple
low-pass filter — standard library only (``math``, ``array``, ``wave``), no samples from anywhere.

:func:`wav_bytes` gives a cue's complete ``.wav`` file (16-bit mono, :data:`RATE` Hz), the same
bytes on every run: the noise is a fixed xorshift sequence, not the ``random`` module.
``tools/make_sounds.py`` writes them into ``assets/sounds/``; a test checks the shipped files
are what this module makes, so the files and their recipe never drift apart.
"""
from __future__ import annotations

import array
import io
import math
import sys
import wave
from collections.abc import Callable, Sequence
from typing import Final

from .cues import SoundCue

RATE: Final = 22050          # samples per second: plenty for short effects, half the size of 44.1 kHz
PEAK: Final = 0.8            # every effect is scaled to this peak, so they sound equally loud
FADE_OUT: Final = 0.012      # seconds of fade at the end, so no effect ends in a click

Signal = list[float]


# ------------------------------------------------------------------ building blocks
def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, seed: int) -> Signal:
    """White noise in [-1, 1) from a 32-bit xorshift: the same samples for the same seed, everywhere."""
    x = seed & 0xFFFFFFFF or 1
    out: Signal = []
    for _ in range(int(seconds * RATE)):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x / 2147483648.0 - 1.0)
    return out


def sweep(seconds: float, start_hz: float, end_hz: float, tau: float | None = None,
          shape: Callable[[float], float] = math.sin) -> Signal:
    """A tone gliding from ``start_hz`` to ``end_hz``: exponentially with time constant ``tau``
    (seconds) if given, else linearly over the whole length.  ``shape`` maps the phase to a sample."""
    out: Signal = []
    phase = 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        if tau is None:
            f = start_hz + (end_hz - start_hz) * i / max(1, n - 1)
        else:
            f = end_hz + (start_hz - end_hz) * math.exp(-t / tau)
        out.append(shape(phase))
        phase += 2 * math.pi * f / RATE
    return out


def tone(seconds: float, hz: float, harmonics: Sequence[float] = (1.0,), vibrato: float = 0.0) -> Signal:
    """A steady note with the given harmonic amplitudes (1st, 2nd, …) and an optional slow vibrato (in Hz of
    pitch swing)."""
    out: Signal = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        out.append(sum(a * math.sin((k + 1) * phase) for k, a in enumerate(harmonics)))
        phase += 2 * math.pi * (hz + vibrato * math.sin(2 * math.pi * 5.5 * t)) / RATE
    return out


def decay(sig: Signal, tau: float, attack: float = 0.002) -> Signal:
    """Shape ``sig`` with a short linear attack and an exponential decay (time constant ``tau`` seconds)."""
    a = max(1, int(attack * RATE))
    return [s * min(1.0, i / a) * math.exp(-i / (tau * RATE)) for i, s in enumerate(sig)]


def swell(sig: Signal) -> Signal:
    """Shape ``sig`` with a smooth rise and fall over its whole length."""
    n = max(1, len(sig) - 1)
    return [s * math.sin(math.pi * i / n) ** 2 for i, s in enumerate(sig)]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """A one-pole low-pass filter; ``cutoff`` in Hz, or a function of the time (seconds) for a sweep."""
    out: Signal = []
    y = 0.0
    for i, s in enumerate(sig):
        c = cutoff(i / RATE) if callable(cutoff) else cutoff
        alpha = 1.0 - math.exp(-2 * math.pi * c / RATE)
        y += alpha * (s - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [s - lo for s, lo in zip(sig, low, strict=True)]


def gain(sig: Signal, g: float) -> Signal:
    return [s * g for s in sig]


def mix(length: float, *parts: tuple[float, Signal]) -> Signal:
    """Add signals, each starting at its offset (seconds), into one of ``length`` seconds."""
    out = silence(length)
    for start, sig in parts:
        o = int(start * RATE)
        for i, s in enumerate(sig[: max(0, len(out) - o)]):
            out[o + i] += s
    return out


def saw(phase: float) -> float:
    """A sawtooth wave of the phase (radians)."""
    x = (phase / (2 * math.pi)) % 1.0
    return 2.0 * x - 1.0


# ------------------------------------------------------------------ the effects
def tile_placed() -> Signal:
    """A stone slab set down: a low knock gliding down, and a short gritty click."""
    body = decay(sweep(0.22, 240, 130, tau=0.04), 0.045)
    overtone = gain(decay(sweep(0.22, 720, 420, tau=0.03), 0.02), 0.25)
    click = gain(decay(lowpass(noise(0.05, 11), 2600), 0.007), 0.6)
    return mix(0.24, (0.0, body), (0.0, overtone), (0.0, click))


def tile_revealed() -> Signal:
    """A tile turned face up: two bright chimes, a fifth apart, with a glassy overtone."""

    def chime(hz: float) -> Signal:
        return decay(tone(0.55, hz, (1.0, 0.0, 0.0, 0.0, 0.15)), 0.16, attack=0.003)

    return mix(0.65, (0.0, chime(880.0)), (0.07, gain(chime(1318.5), 0.8)))


def tile_collapsed() -> Signal:
    """A tile falls into the dark: a crack, then a deep rumble that dies away."""
    crack = gain(decay(lowpass(noise(0.08, 23), 3200), 0.02), 0.7)
    rumble = decay(lowpass(lowpass(noise(0.9, 29), 260), 260), 0.28, attack=0.015)
    boom = gain(decay(sweep(0.9, 70, 38, tau=0.25), 0.3, attack=0.01), 0.6)
    return mix(0.95, (0.0, crack), (0.01, gain(rumble, 4.0)), (0.0, boom))


def dice() -> Signal:
    """A die rattling and settling: quick clicks, slowing down and getting quieter."""
    hits = ((0.0, 1.0), (0.06, 0.8), (0.13, 0.9), (0.19, 0.6), (0.27, 0.55), (0.33, 0.35), (0.40, 0.2))
    parts: list[tuple[float, Signal]] = []
    for i, (at, amp) in enumerate(hits):
        click = highpass(lowpass(noise(0.04, 101 + i), 4500), 700)
        knock = gain(sweep(0.04, 1900 - 90 * i, 1500 - 60 * i, tau=0.01), 0.3)
        parts.append((at, gain(decay(mix(0.04, (0.0, click), (0.0, knock)), 0.007), amp)))
    return mix(0.48, *parts)


def attack() -> Signal:
    """A swing and a hit: a rising whoosh into a metallic clang."""
    whoosh = swell(lowpass(noise(0.13, 7), lambda t: 500 + 30000 * t))
    partials = ((523.0, 1.0, 0.14), (1187.0, 0.6, 0.09), (1897.0, 0.4, 0.06), (2711.0, 0.25, 0.04))
    clang = mix(0.36, *((0.0, gain(decay(tone(0.36, hz), tau, attack=0.001), a)) for hz, a, tau in partials))
    strike = gain(decay(lowpass(noise(0.03, 13), 5000), 0.005), 0.8)
    return mix(0.5, (0.0, gain(whoosh, 0.5)), (0.11, clang), (0.11, strike))


def damage() -> Signal:
    """A blow that hurts: a heavy thud and a falling growl."""
    thud = decay(sweep(0.35, 140, 55, tau=0.08), 0.1)
    growl = gain(decay(lowpass(sweep(0.35, 200, 85, tau=0.12, shape=saw), 900), 0.12, attack=0.005), 0.5)
    hit = gain(decay(lowpass(noise(0.05, 31), 1800), 0.01), 0.7)
    return mix(0.4, (0.0, thud), (0.01, growl), (0.0, hit))


def curtain() -> Signal:
    """The curtain drawn for the next player: a soft whoosh of cloth."""
    cloth = lowpass(noise(0.7, 41), lambda t: 300 + 2200 * math.sin(math.pi * t / 0.7))
    return swell(lowpass(cloth, 3000))


def _note(seconds: float, hz: float, tau: float, bright: float = 0.3) -> Signal:
    return decay(tone(seconds, hz, (1.0, bright, bright / 2), vibrato=hz * 0.004), tau, attack=0.006)


def win() -> Signal:
    """Victory: a rising major arpeggio to a held high note."""
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    return mix(1.45, (0.0, _note(0.3, c5, 0.2)), (0.13, _note(0.3, e5, 0.2)), (0.26, _note(0.3, g5, 0.2)),
               (0.39, _note(1.05, c6, 0.45)), (0.39, gain(_note(1.05, g5, 0.45), 0.5)))


def loss() -> Signal:
    """Defeat: a slow falling minor line, low and dark."""
    g4, eb4, c4, c3 = 392.0, 311.13, 261.63, 130.81
    return mix(1.6, (0.0, _note(0.4, g4, 0.3, 0.15)), (0.3, _note(0.4, eb4, 0.3, 0.15)),
               (0.6, _note(1.0, c4, 0.45, 0.15)), (0.6, gain(_note(1.0, c3, 0.5, 0.1), 0.7)))


#: The recipe of every cue (``tests/test_sound.py``: every cue has one).
RECIPES: Final[dict[SoundCue, Callable[[], Signal]]] = {
    SoundCue.TILE_PLACED: tile_placed,
    SoundCue.TILE_REVEALED: tile_revealed,
    SoundCue.TILE_COLLAPSED: tile_collapsed,
    SoundCue.DICE: dice,
    SoundCue.ATTACK: attack,
    SoundCue.DAMAGE: damage,
    SoundCue.CURTAIN: curtain,
    SoundCue.WIN: win,
    SoundCue.LOSS: loss,
}


# ------------------------------------------------------------------ to a .wav file
def to_pcm16(sig: Signal) -> array.array:
    """Scale to :data:`PEAK`, fade the last :data:`FADE_OUT` seconds, and quantise to 16-bit samples."""
    top = max((abs(s) for s in sig), default=0.0) or 1.0
    fade = max(1, int(FADE_OUT * RATE))
    n = len(sig)
    out = array.array("h")
    for i, s in enumerate(sig):
        f = min(1.0, (n - 1 - i) / fade)
        out.append(int(round(s / top * PEAK * f * 32767)))
    return out


def wav_bytes(cue: SoundCue) -> bytes:
    """The complete ``.wav`` file of ``cue``: 16-bit little-endian mono at :data:`RATE` Hz."""
    samples = to_pcm16(RECIPES[cue]())
    if sys.byteorder == "big":
        samples.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())
    return buf.getvalue()
