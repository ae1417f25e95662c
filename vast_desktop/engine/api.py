"""The public entry points: new_game, replay, load_scenario (ARCHITECTURE §3)."""
from __future__ import annotations

from functools import partial
from typing import Any

from ..rules_data import RulesData, load_rules_data
from .flow import game_flow
from .game import Game, replay_choices
from .scenario import load_scenario
from .setup import Setup, initial_state, make_config


def new_game(setup: Setup, rules: RulesData | None = None) -> Game:
    """A new game from a Setup: validated, set up with the seeded RNG, first decision pending.

    ``rules``: the rules data to play with (the app passes the player's, with their folder laid
    over the game's data); default the packaged data."""
    rules = load_rules_data() if rules is None else rules
    config = make_config(setup, rules)
    g = Game(setup, rules, config, state=None)  # type: ignore[arg-type]
    g.fresh = partial(new_game, setup, rules)
    g.state = initial_state(g)
    g.start(game_flow(g))
    return g


def replay(setup: Setup, choices: list[str], scenario: dict[str, Any] | None = None,
           rules: RulesData | None = None) -> Game:
    """Rebuild a game from its setup (or scenario) and choice ids, checking every step
    (with ``rules`` as :func:`new_game` takes them).

    Raises ReplayError naming the step and the reason if a choice is no longer legal."""
    start = load_scenario(scenario, rules) if scenario is not None else new_game(setup, rules)
    return replay_choices(start, choices)
