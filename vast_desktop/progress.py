"""Each role's progress per round, for the game-over chart (GUI_SPEC screen 5).

The game is replayed from its setup (or scenario) one choice at a time and the
numbers that matter are sampled at the start of every round.  Pure Python: no
pygame, so it can be tested and reused headless.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .engine import Game, load_scenario, new_game
from .engine.state import GameState


@dataclass(frozen=True)
class Series:
    """One line of the chart: its name, the role it belongs to and how to read it."""

    name: str
    role: str
    read: Callable[[GameState], float]
    always: bool = False       # shown even when ``role`` is not in play (the Collapse concerns everyone)


SERIES: tuple[Series, ...] = (
    Series("Knight Health", "knight", lambda st: float(st.knight.health if st.knight else 0)),
    Series("Knight Grit", "knight", lambda st: float(st.knight.grit if st.knight else 0)),
    Series("Crystals smashed", "knight", lambda st: float(st.knight.smashed if st.knight else 0)),
    Series("Tiles on the map", "cave", lambda st: float(len(st.board.tiles))),
    Series("Crystal tiles collapsed", "cave", lambda st: float(st.crystal_tiles_removed), always=True),
    Series("Cave Omen tokens", "cave", lambda st: float(sum(st.cave.omens.values()) if st.cave else 0)),
    Series("Treasure stashed", "thief",           # TH-43: on upgrades, set aside by Spores, or stashed plain
           lambda st: float(len(st.thief.upgrades) + st.thief.set_aside + st.thief.plain_stashed if st.thief else 0)),
)


def series_for(roles: tuple[str, ...] | list[str]) -> list[Series]:
    """The series shown for a game with these roles (later roles add theirs here)."""
    return [s for s in SERIES if s.role in roles or s.always]


@dataclass
class Progress:
    """Samples at the start of each round (``rounds[i]`` is the round of sample i),
    plus the values when the game ended (or now, if it is still going)."""

    rounds: list[int] = field(default_factory=list)
    series: dict[str, list[float]] = field(default_factory=dict)
    end: dict[str, float] = field(default_factory=dict)


def sample(st: GameState, roles: tuple[str, ...] | list[str]) -> dict[str, float]:
    return {s.name: s.read(st) for s in series_for(roles)}


def _fresh(game: Game) -> Game:
    """The game at its first step, built the same way it was."""
    return load_scenario(game.scenario) if game.scenario is not None else new_game(game.setup)


def progress(game: Game) -> Progress:
    """Replay ``game`` step by step and sample at the start of every round."""
    g = _fresh(game)
    roles = g.state.roles
    out = Progress(series={s.name: [] for s in series_for(roles)})

    def record() -> None:
        out.rounds.append(g.state.round)
        for name, value in sample(g.state, roles).items():
            out.series[name].append(value)

    record()
    for choice in game.choices:
        if g.outcome is not None:
            break
        g.apply(choice)
        if g.state.round > out.rounds[-1]:
            record()
    out.end = sample(game.state, roles)
    return out


def progress_by_round(game: Game) -> dict[str, list[float]]:
    """Per series, its value at the start of each round played (one entry per round)."""
    return progress(game).series
