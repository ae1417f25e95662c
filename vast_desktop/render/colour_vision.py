"""How a colour looks to a player with red-green colour blindness, and how far apart two colours look.

Used to check the palettes (:mod:`vast_desktop.render.palette`): every pair of colours a player
must tell apart (the roles, the kinds of highlight) is simulated under deuteranopia and
protanopia with the matrices of Machado, Oliveira and Fernandes (2009, severity 1.0, applied to
linear sRGB), and the distance between the simulated colours is measured with CIEDE2000 in
CIELAB (D65).  Standard library only: the numbers are small."""
from __future__ import annotations

import math
from enum import Enum

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
_Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


class Vision(Enum):
    """A kind of colour vision the palettes are checked under."""

    NORMAL = "normal"
    DEUTERANOPIA = "deuteranopia"      # no green cones: the commonest colour blindness (about 1 man in 16 with its milder form)
    PROTANOPIA = "protanopia"          # no red cones: reds also look darker


# Machado et al. 2009, Table 1 at severity 1.0 (linear RGB in, linear RGB out)
_MATRICES: dict[Vision, _Matrix] = {
    Vision.DEUTERANOPIA: ((0.367322, 0.860646, -0.227968),
                          (0.280085, 0.672501, 0.047413),
                          (-0.011820, 0.042940, 0.968881)),
    Vision.PROTANOPIA: ((0.152286, 1.052583, -0.204868),
                        (0.114503, 0.786281, 0.099216),
                        (-0.003882, -0.048116, 1.051998)),
}


def _to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return int(round(v * 255))


def simulate(rgb: RGB, vision: Vision) -> RGB:
    """``rgb`` as seen with ``vision`` (unchanged for normal vision)."""
    m = _MATRICES.get(vision)
    if m is None:
        return rgb
    lin = [_to_linear(c) for c in rgb]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _to_srgb(r), _to_srgb(g), _to_srgb(b)


def to_lab(rgb: RGB) -> Lab:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005); about 2.3 is just noticeable."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(c_bar7 / (c_bar7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    c_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    c_bar7 = c_bar ** 7
    rc = 2 * math.sqrt(c_bar7 / (c_bar7 + 25 ** 7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * c_bar
    sh = 1 + 0.015 * c_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def seen_distance(a: RGB, b: RGB, vision: Vision) -> float:
    """How far apart ``a`` and ``b`` look with ``vision`` (CIEDE2000 of the simulated colours)."""
    return delta_e2000(to_lab(simulate(a, vision)), to_lab(simulate(b, vision)))
