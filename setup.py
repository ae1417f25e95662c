"""The one build setting ``pyproject.toml`` cannot say: which packages to install.

Every ``vast_desktop*`` package on disk (found, so a new subpackage needs no edit here),
plus the game's data: the top-level ``rules_data/`` folder, which ``pyproject.toml`` maps
to the package ``vast_desktop.data`` so the installed game finds it with
``importlib.resources`` from any working directory (see
``vast_desktop.rules_data.default_rules_dir``), and the top-level ``assets/`` folder (the
sound effects, ``assets/sounds/*.wav``), mapped the same way to ``vast_desktop.assets``
(see ``vast_desktop.audio.player.sounds_dir``).  A ``[tool.setuptools.packages.find]``
table cannot add such a mapped folder, hence this file.
"""
from setuptools import find_packages, setup

DATA_PACKAGES = [
    "vast_desktop.data", "vast_desktop.data.reference",
    "vast_desktop.assets", "vast_desktop.assets.sounds",
]

setup(packages=[*find_packages(include=["vast_desktop*"]), *DATA_PACKAGES])
