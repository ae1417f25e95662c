"""The rules engine of Vast: The Crystal Caverns.  Pure Python, no pygame.

Public API (ARCHITECTURE §3): ``Setup``, ``new_game``, ``Game.apply``,
``Decision``/``Option``/``Target``, ``IllegalChoice``, ``view``, ``load_scenario``,
``replay``.
"""
from .api import new_game, replay
from .decisions import Decision, IllegalChoice, Option, Target
from .game import EngineError, Game, GameEvent, GameOver, Outcome, ReplayError
from .scenario import ScenarioError, load_scenario
from .setup import Setup, SetupError
from .view import PlayerView, view

__all__ = [
    "Decision", "EngineError", "Game", "GameEvent", "GameOver", "IllegalChoice", "Option", "Outcome", "PlayerView",
    "ReplayError", "ScenarioError", "Setup", "SetupError", "Target", "load_scenario", "new_game", "replay", "view",
]
