"""The public entry points: new_game, replay, load_scenario (ARCHITECTURE §3)."""
from __future__ import annotations

from functools import partial
from typing import Any

from ..rules_data import load_rules_data
from .flow import game_flow
from .game import Game, replay_choices
from .scenario import load_scenario
from .setup import Setup, initial_state, make_config


def new_game(setup: Setup) -> Game:
    """A new game from a Setup: validated, set up with the seeded RNG, first decision pending."""
    rules = load_rules_data()
    config = make_config(setup, rules)
    g = Game(setup, rules, config, state=None)  # type: ignore[arg-type]
    g.fresh = partial(new_game, setup)
    g.state = initial_state(g)
    g.start(game_flow(g))
    return g


def replay(setup: Setup, choices: list[str], scenario: dict[str, Any] | None = None) -> Game:
    """Rebuild a game from its setup (or scenario) and choice ids, checking every step.

    Raises ReplayError naming the step and the reason if a choice is no longer legal."""
    return replay_choices(load_scenario(scenario) if scenario is not None else new_game(setup), choices)
