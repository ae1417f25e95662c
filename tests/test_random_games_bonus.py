"""Random full games with the bonus cards of issue 28, played to the end with every invariant
of test_random_games_variants checked after each step:

- every one of the 30 role subsets (all non-empty subsets of the five roles but the Cave
  alone) with ``all-bonus-cards``, once without and once with Terrain (then with Terrain's
  own invariants, test_random_games_terrain), Easy players in all seats but the first of the
  Terrain games; privacy watched at every step (test_privacy's checker: no view names what
  its viewer may not see — the Goblins' Secrets, Schemes in hand among them, and the Thief's
  facedown Upgrade card and the two in the box);
- each promo deck alone (promo-events: Quake!, promo-monsters: Ground Kraken, promo-secrets:
  Slingshot, Cave Mushrooms, Meat!) on a few role sets (their privacy is the composite's);

and in all of them each promo card in exactly one place, and never more Strength discs in use
than the four (GB-15).
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
from test_random_games_terrain import check_terrain
from test_random_games_variants import FIVE, play

from vast_desktop.engine import Setup
from vast_desktop.engine.game import Game

SUBSETS = [c for n in range(1, 6) for c in combinations(FIVE, n) if c != ("cave",)]
ROLE_SETS = [("knight", "goblins"), ("knight", "cave"), ("goblins", "dragon", "thief"), FIVE]


def _promo_cards_placed_once(g: Game) -> None:
    """Each promo card dealt is in one place: a deck, a hand or face up, a Tribe, a discard
    pile or out of the game (never two, never none)."""
    st = g.state
    places: list[list[str]] = [st.event_deck, st.monster_deck, st.monster_discard, st.removed_from_game]
    if st.goblins is not None:
        s = st.goblins
        places += [s.secrets_deck, s.secrets_discard, s.hand, s.face_up, *s.monsters.values()]
        if s.drawn_monster:
            places.append([s.drawn_monster])
    for card in g.config.extra["promo_cards"]:
        n = sum(sum(1 for c in pile if c.split("#")[0] == card) for pile in places)
        dealt = (card == "quake" and g.has("knight")) or (card == "ground_kraken" and st.goblins is not None) \
            or (card in ("slingshot", "cave_mushrooms", "meat") and st.goblins is not None)
        if dealt and not (card == "quake" and n == 0):     # Quake! may sit in the Cave's hand of 3 being chosen
            assert n == 1, f"{card} is in {n} places"


def _strength_discs(g: Game) -> None:
    """GB-15: the Tribes' Strength discs (Monsters, Armory) and Meat!'s share the four."""
    if g.state.goblins is not None:
        from vast_desktop.engine.cards.promo_secrets import meat_spaces_on_map
        from vast_desktop.engine.roles.goblins.turn import strength_discs_used
        assert strength_discs_used(g) + len(meat_spaces_on_map(g)) <= g.rules.goblins.strength_discs


def _bonus_checks(terrain: bool) -> Callable[[Game, int], None]:
    """The invariants of this file after each step; with Terrain, test_random_games_terrain's
    too (placements once a round, never in the Collapse, whole tiles, no piece on impassable)."""
    placed_rounds: list[int] = []
    collapsed = [False]

    def each_step(g: Game, first: int) -> None:
        _promo_cards_placed_once(g)
        _strength_discs(g)
        if terrain:
            new = g.events[first:]
            for e in new:
                if e.kind == "terrain_placed" and e.data["tile"] not in ("pits_2", "pits_3"):
                    assert not collapsed[0], f"seed {g.setup.seed}: Terrain placed in the Collapse (TR-05)"
                    placed_rounds.append(e.data["round"])
            just_placed = set() if any(e.kind == "map_slid" for e in new) else {
                e.data["tile"] for e in new if e.kind == "terrain_placed"}
            check_terrain(g, placed_rounds, just_placed)
        collapsed[0] = g.state.collapse

    return each_step


@pytest.mark.parametrize("terrain", [False, True], ids=["plain", "terrain"])
@pytest.mark.parametrize("roles", SUBSETS, ids=["-".join(r) for r in SUBSETS])
def test_every_role_subset_with_all_bonus_cards(roles: tuple[str, ...], terrain: bool) -> None:
    """Issue 28: all 30 subsets with all-bonus-cards, with and without Terrain, privacy at
    every step.  Without Terrain the random bot plays every seat; with Terrain it plays the
    first and Easy players the others (they buy Schemes, take their Upgrade card and keep the
    promo Treasures far more than the random bot, and their games are half as long)."""
    seed = 40 + SUBSETS.index(roles)
    variants = ("all-bonus-cards", "terrain") if terrain else ("all-bonus-cards",)
    levels = {r: "easy" for r in roles[1:]} if terrain else {}
    g, _ = play(Setup(roles=roles, seed=seed, variants=variants), privacy=True, levels=levels,
                each_step=_bonus_checks(terrain))
    assert g.outcome is not None


@pytest.mark.parametrize("variant", ["promo-events", "promo-monsters", "promo-secrets"])
@pytest.mark.parametrize("roles", ROLE_SETS, ids=lambda r: "-".join(r))
def test_random_games_with_each_promo_deck(variant: str, roles: tuple[str, ...]) -> None:
    if variant == "promo-events" and "knight" not in roles:
        pytest.skip("the Event deck is the Knight's")
    if variant == "promo-secrets" and "goblins" not in roles:
        pytest.skip("the Secrets deck is the Goblins'")
    g, _ = play(Setup(roles=roles, seed=4, variants=(variant,)), each_step=_bonus_checks(False))
    assert g.outcome is not None
