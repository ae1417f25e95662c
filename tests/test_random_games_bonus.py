"""Random full games with the bonus-card variants of issue 28 (promo-events: Quake!,
promo-monsters: Ground Kraken, promo-secrets: Slingshot, Cave Mushrooms, Meat!, and the
composite all-bonus-cards), played to the end by the random bot with every invariant of
test_random_games_variants checked after each step and privacy watched; plus each promo
card in exactly one place, and never more Strength discs in use than the four (GB-15)."""
from __future__ import annotations

import pytest
from test_random_games_variants import FIVE, play

from vast_desktop.engine import Setup
from vast_desktop.engine.game import Game

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


@pytest.mark.parametrize("variant", ["promo-events", "promo-monsters", "promo-secrets", "all-bonus-cards"])
@pytest.mark.parametrize("roles", ROLE_SETS, ids=lambda r: "-".join(r))
def test_random_games_with_the_bonus_card_variants(variant: str, roles: tuple[str, ...]) -> None:
    if variant == "promo-events" and "knight" not in roles:
        pytest.skip("the Event deck is the Knight's")
    if variant == "promo-secrets" and "goblins" not in roles:
        pytest.skip("the Secrets deck is the Goblins'")
    # privacy is watched without the Thief: his Backstab logs "a light injury", which the privacy
    # check reads as the Event card id ``light`` still in the deck (a false alarm, not these cards)
    for seed in (4, 5):
        g, _ = play(Setup(roles=roles, seed=seed, variants=(variant,)), privacy=seed == 4 and "thief" not in roles)
        _promo_cards_placed_once(g)
        if g.state.goblins is not None:
            from vast_desktop.engine.cards.promo_secrets import meat_spaces_on_map
            from vast_desktop.engine.roles.goblins.turn import strength_discs_used
            assert strength_discs_used(g) + len(meat_spaces_on_map(g)) <= g.rules.goblins.strength_discs
