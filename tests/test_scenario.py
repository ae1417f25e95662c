"""``load_scenario`` refuses positions that cannot exist (issue 25, item 8): a tile or card id
that no deck has, and a card in two places (a hand and its deck); the message names the id
and the places.  A card the scenario puts somewhere leaves the place the setup dealt it to,
so naming a hand alone never duplicates a card."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from vast_desktop.engine import ScenarioError, load_scenario
from vast_desktop.rules_data import load_rules_data

FOUR = {"roles": ["knight", "goblins", "dragon", "cave"], "seed": 1}


def _load(**data: Any) -> None:
    load_scenario({"setup": FOUR, "active": "knight", **data})


@pytest.mark.parametrize(("data", "message"), [
    ({"event_deck": ["light", "no_such_event"]}, r"event_deck: 'no_such_event' is no events id"),
    ({"treasure_deck": ["light"]}, r"treasure_deck: 'light' is no treasures id"),   # an Event, not a Treasure
    ({"knight": {"treasures": ["javelin#7"]}}, r"knight.treasures: 'javelin#7' is no treasures id"),
    ({"knight": {"sidequests": ["lazy"]}}, r"knight.sidequests: 'lazy' is no sidequests id"),
    ({"goblins": {"hand": ["trapp"]}}, r"goblins.hand: 'trapp' is no secrets id"),
    ({"cave": {"hand": ["T20", "T99", "T21"]}}, r"cave.hand: 'T99' is no tiles id"),
    ({"stack": ["T20", "javelin"]}, r"stack: 'javelin' is no tiles id"),
    ({"removed_from_game": ["nothing"]}, r"removed_from_game: 'nothing' is no tile or card id"),
])
def test_unknown_ids_are_refused_with_the_key(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        _load(**data)


@pytest.mark.parametrize(("data", "message"), [
    ({"goblins": {"hand": ["trap"], "secrets_deck": ["trap", "hex"]}},
     r"'trap' is in two places: goblins.hand and goblins.secrets_deck"),
    ({"knight": {"treasures": ["javelin"]}, "treasure_deck": ["javelin", "mighty_axe"]},
     r"'javelin' is in two places: treasure_deck and knight.treasures"),
    ({"knight": {"sidequests": ["swift"], "sidequest_deck": ["swift", "cunning"]}},
     r"'swift' is in two places: knight.sidequests and knight.sidequest_deck"),
    ({"event_deck": ["light", "rats#1"], "removed_from_game": ["light"]},
     r"'light' is in two places: event_deck and removed_from_game"),
    ({"cave": {"hand": ["T20", "T21", "T22"]}, "stack": ["T22", "T23"]},
     r"'T22' is in two places: stack and cave.hand"),
    ({"event_deck": ["light", "light"]}, r"'light' is in two places: event_deck and event_deck \(twice\)"),
])
def test_a_card_in_two_places_is_refused_naming_both(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        _load(**data)


def test_a_card_named_once_leaves_the_place_the_setup_dealt_it_to() -> None:
    """The Knight's Treasure card leaves the dealt Treasure deck; her Sidequests leave the
    dealt Sidequest deck, the dealt ones going back into it (ten cards still); a Goblin
    Secret leaves the Secrets deck — every card once."""
    quests = ["swift", "intrepid", "cunning"]
    g = load_scenario({"setup": FOUR, "active": "knight",
                       "knight": {"treasures": ["javelin"], "sidequests": quests}, "goblins": {"hand": ["trap"]}})
    st = g.state
    assert st.knight is not None
    assert "javelin" not in st.treasure_deck and st.knight.treasures == ["javelin"]
    assert st.knight.sidequests == quests and not set(quests) & set(st.knight.sidequest_deck)
    assert len(st.knight.sidequest_deck) + len(quests) == len(load_rules_data().deck("sidequests"))
    assert "trap" not in st.goblins.secrets_deck
    held = [*st.treasure_deck, *st.knight.treasures, *st.knight.sidequests, *st.knight.sidequest_deck,
            *st.goblins.hand, *st.goblins.secrets_deck, *st.event_deck]
    assert [c for c, n in Counter(held).items() if n > 1] == []
