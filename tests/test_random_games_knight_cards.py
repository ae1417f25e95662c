"""Random games with the Knight's bonus cards (issue 28): promo-treasures, promo-sidequests
and revised-cards, alone and together, with every role set that includes the Knight; the
invariants of test_random_games_variants (every Treasure card in exactly one place, the
bonus cards included) and, with the Cave (seed 1), privacy at every step.  A batch checks the new
cards really come into play, so the checks are not vacuous."""
from __future__ import annotations

from collections import Counter

import pytest
from test_random_games_variants import KNIGHT_CARDS, play

from vast_desktop.engine import Setup

ROLE_SETS = [("knight",), ("knight", "cave"), ("knight", "goblins"), ("knight", "dragon"), ("knight", "thief"),
             ("knight", "goblins", "dragon", "cave", "thief")]


@pytest.mark.parametrize("roles", ROLE_SETS, ids=lambda r: "-".join(r))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_the_knights_bonus_cards(roles: tuple[str, ...], seed: int) -> None:
    # privacy (test_privacy's checker at every step, nearly all of these games' time) in one seed
    play(Setup(roles=roles, seed=seed, variants=KNIGHT_CARDS), privacy=roles == ("knight", "cave") and seed == 1)


@pytest.mark.parametrize("variant", KNIGHT_CARDS)
def test_each_knight_card_variant_alone(variant: str) -> None:
    play(Setup(roles=("knight", "cave", "thief"), seed=3, variants=(variant,)))


def test_the_bonus_cards_really_come_into_play() -> None:
    """Over a batch the random Knight keeps bonus Treasures and reveals a bonus Sidequest."""
    seen: Counter[str] = Counter()
    promo = {"silver_gauntlet", "treasure_trove", "cursed_amulet", "rune_staff", "javelin_revised",
             "heroic_boots_revised", "prepared", "noble_failure"}
    for seed in range(8):
        g, _ = play(Setup(roles=("knight", "cave"), seed=seed, variants=KNIGHT_CARDS))
        for e in g.events:
            card = str(e.data.get("card", "")).split("#")[0]
            if card in promo:
                seen[f"{e.kind}:{card}"] += 1
        k = g.state.knight
        assert k is not None
        seen.update(f"held:{c.split('#')[0]}" for c in k.treasures if c.split("#")[0] in promo)
    assert any(key.startswith(("held:", "treasure_shown:", "treasure_lost:")) for key in seen), seen
