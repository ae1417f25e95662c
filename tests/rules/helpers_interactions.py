"""Helpers for the cross-role rule tests (test_interactions_audit): the Knight, the
Goblins, the Dragon and the Cave meeting each other.

Every test builds its exact position with ``load_scenario``; these helpers only
shorten the scenario dicts and the driving code.
"""
from __future__ import annotations

from typing import Any

from conftest import choose  # noqa: F401  (the one choose; re-exported for the tests)

from vast_desktop.engine import Game, load_scenario

from .helpers_goblins import WAR

NO_POP = {"fangs": 0, "bones": 0, "eye": 0}


def play(roles: tuple[str, ...], active: str, tiles: list[dict[str, Any]], pieces: dict[str, Any],
         house: tuple[str, ...] = (), seed: int = 3, **data: Any) -> Game:
    """A scenario with ``roles``, starting at ``active``'s turn.  The Goblins (if any)
    start with no Population, Rage 1 and Pain on top of the War deck (+1 disc each,
    +1 Rage) unless ``goblins`` says otherwise; the Dragon (if any) is on the map; the
    Omen bag is empty so the Cave draws nothing by chance."""
    setup = {"roles": list(roles), "seed": seed, "house_rules": list(house)}
    if "goblins" in roles:
        gob = {"rage": 1, "population": dict(NO_POP), "war_deck": WAR[-1:] + WAR[:-1]}
        gob.update(data.pop("goblins", {}))
        data["goblins"] = gob
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **data.pop("dragon", {})}
    if "cave" in roles:
        data.setdefault("omen_bag", {})
    return load_scenario({"setup": setup, "active": active, "tiles": tiles, "pieces": pieces, **data})


def ids(g: Game) -> tuple[str, ...]:
    assert g.pending is not None, f"the game is over: {g.outcome}"
    return g.pending.ids


def starting(g: Game, prefix: str) -> set[str]:
    return {i for i in ids(g) if i.startswith(prefix)}


def until(g: Game, kind: str, limit: int = 40) -> None:
    """Take the first option (a neutral "no response" when offered) until a decision of ``kind``."""
    for _ in range(limit):
        assert g.pending is not None, f"the game is over: {g.outcome}"
        if g.pending.kind == kind:
            return
        opts = g.pending.ids
        g.apply(next((o for o in ("no_response:", "no_ambush:", "populate:", "discard:", "skip:") if o in opts), opts[0]))
    raise AssertionError(f"no {kind!r} decision came")


def activation(g: Game, rage: int | None = None, **population: int) -> None:
    """Play the Goblins' turn to the Activate Tribes menu, then set Populations (and Rage)."""
    until(g, "goblins_turn")
    s = g.state.goblins
    assert s is not None
    s.population.update(population)
    if rage is not None:
        s.rage = rage


def rage(g: Game) -> int:
    s = g.state.goblins
    assert s is not None
    return s.rage


def pop(g: Game, tribe: str) -> int:
    s = g.state.goblins
    assert s is not None
    return s.population[tribe]


def tribe_at(g: Game, tribe: str) -> tuple[int, int] | None:
    return g.state.board.pieces.get(f"tribe:{tribe}")


def K(g: Game) -> Any:
    assert g.state.knight is not None
    return g.state.knight


def D(g: Game) -> Any:
    assert g.state.dragon is not None
    return g.state.dragon


def dests(option_ids: set[str] | tuple[str, ...]) -> set[str]:
    """The ``x,y`` after the last ``>`` (or ``:``) of each option id."""
    return {i.rsplit(">", 1)[1] if ">" in i else i.rsplit(":", 1)[1] for i in option_ids}

