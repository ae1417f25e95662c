"""House rules that belong to one role (issue 29): the Ghoul's Skitter Variant (GH-42) is offered
only to games with the Ghoul, and a setup choosing it without the Ghoul is refused with a reason
that says what to do; the other house rules stay open to every game."""
from __future__ import annotations

import pytest

from vast_desktop.engine import new_game
from vast_desktop.engine.setup import HOUSE_RULE_ROLES, HOUSE_RULES, Setup, SetupError, house_rules_for
from vast_desktop.engine.state import BASE_ROLES

SKITTER = "ghoul_skitter_variant"


def test_the_skitter_variant_is_the_ghouls_own() -> None:
    assert HOUSE_RULE_ROLES[SKITTER] == "ghoul"
    assert set(HOUSE_RULE_ROLES) <= set(HOUSE_RULES)


def test_offered_only_with_the_ghoul_in_the_house_rules_order() -> None:
    base = house_rules_for(BASE_ROLES)
    assert SKITTER not in base
    assert list(base) == [h for h in HOUSE_RULES if h != SKITTER]       # every other rule, same order
    with_ghoul = house_rules_for(("knight", "ghoul"))
    assert list(with_ghoul) == list(HOUSE_RULES)
    assert with_ghoul[SKITTER] == HOUSE_RULES[SKITTER]
    assert SKITTER in house_rules_for(("ghoul",)) and SKITTER not in house_rules_for(())


@pytest.mark.parametrize("roles", [("knight", "thief"), ("goblins", "dragon", "cave")])
def test_chosen_without_the_ghoul_it_is_refused_with_a_reason(roles: tuple[str, ...]) -> None:
    with pytest.raises(SetupError) as err:
        new_game(Setup(roles=roles, house_rules=("bow_once_per_turn", SKITTER)))
    assert str(err.value) == ("The ghoul_skitter_variant house rule changes the Ghoul's rules: add the Ghoul, "
                              "or turn it off.")


def test_with_the_ghoul_it_is_played() -> None:
    g = new_game(Setup(roles=("knight", "ghoul"), seed=3, house_rules=(SKITTER,)))
    assert g.setup.house_rules == (SKITTER,)
