"""Where the player's rules-data folder is, and the rules the app plays with.

The rules-data package knows nothing of settings or the command line (it imports nothing
else of the game); this module, in the app layer, decides the folder and hands it down:

1. ``--rules-dir`` on the command line (``python -m vast_desktop --rules-dir DIR``);
2. else the environment variable ``VAST_DESKTOP_RULES_DIR``;
3. else ``rules_data`` in the player's data folder (:func:`vast_desktop.settings.data_dir`).

:func:`player_rules` loads the game's data with that folder laid over it
(:func:`vast_desktop.rules_data.load_rules_with_fallback`): a mistake in the player's files
gives a warning naming file, line and key, and the game plays with its own data.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from . import settings
from .rules_data import RulesLoad, load_rules_with_fallback

__all__ = ["ENV_VAR", "FOLDER_NAME", "player_rules", "user_rules_dir", "rules_line"]

ENV_VAR = "VAST_DESKTOP_RULES_DIR"
FOLDER_NAME = "rules_data"


def user_rules_dir(option: str | Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The player's rules-data folder: the command-line option, else the environment, else the data folder's."""
    env = os.environ if environ is None else environ
    if option:
        return Path(option).expanduser()
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return settings.data_dir() / FOLDER_NAME


def player_rules(option: str | Path | None = None) -> RulesLoad:
    """The rules the app plays with (see the module docstring); never fails on the player's files."""
    return load_rules_with_fallback(user_rules_dir(option))


def rules_line(load: RulesLoad) -> str:
    """The setup screen's line about the player's folder ("" when it changes nothing and has no error)."""
    if load.warning:
        return load.warning
    summary = load.provenance.summary()
    if not summary:
        return ""
    return f"Rules data: {summary} from your folder ({load.folder})"
