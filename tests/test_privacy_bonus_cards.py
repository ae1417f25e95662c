"""Privacy of issue 28's hidden bonus cards (VAR-25, VAR-38; GEN-02): the Schemes in the
Goblins' hand and the Thief's facedown Upgrade card (and the two left in the box) are hidden
zones (engine/knowledge.py ZONE_SOURCES; tests/test_privacy.py ``hidden_from``), so

- no other seat's view (nor the onlookers') names them, in any text or board field, while
  their owner's view does;
- the privacy check run at every step of the random games (test_privacy.check_privacy,
  test_random_games_bonus) counts them among what each other viewer may not know;
- two positions alike but for those cards look the same to every other seat, step after step.
"""
from __future__ import annotations

import pytest
from test_privacy import _drive_twins, check_privacy, forbidden_words, hidden_from, strings, word_leaks

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.engine.knowledge import ZONE_SOURCES, _sources

ROLES = ("knight", "goblins", "dragon", "cave", "thief")
VIEWERS: tuple[str | None, ...] = (None, *ROLES)
UPGRADES = ("charm", "warlocks_wand", "cloak_of_the_mountebank")


def position(schemes: tuple[str, ...] = ("armory", "war_banner"), upgrade: str = "warlocks_wand",
             active: str = "goblins") -> Game:
    """The five roles with the Schemes and the Upgrade cards: ``schemes`` (and Hex) in the
    Goblins' hand, ``upgrade`` facedown with the Thief, the other two in the box."""
    return load_scenario({
        "setup": {"roles": list(ROLES), "seed": 5, "variants": ["schemes", "thief-upgrades"]},
        "active": active,
        "goblins": {"rage": 1, "population": {"fangs": 2, "bones": 1, "eye": 1}, "hand": [*schemes, "hex"]},
        "dragon": {"placed": True},
        "thief": {"upgrade_hand": [upgrade], "upgrade_box": [c for c in UPGRADES if c != upgrade]},
        "omen_bag": {},
        "pieces": {"knight": [1, 0], "thief": [-1, 0]},
    })


def _texts(g: Game, viewer: str | None) -> list[str]:
    return strings(view(g, viewer).to_dict())


def _named(g: Game, viewer: str | None, cards: tuple[str, ...]) -> list[str]:
    """The cards ``viewer``'s view names, by id or by name, in any text."""
    texts = _texts(g, viewer)
    return [c for c in cards if any(c in t or g.card(c).name in t for t in texts)]


def test_schemes_in_hand_reach_no_other_view() -> None:
    """VAR-25, GEN-02: the Schemes in the Goblins' hand are theirs alone to see."""
    g = position()
    held = ("armory", "war_banner")
    assert _named(g, "goblins", held) == list(held)
    mine = view(g, "goblins").boards.goblins
    assert mine is not None and mine.hand is not None and {"armory", "war_banner"} <= set(mine.hand)
    for v in VIEWERS:
        if v == "goblins":
            continue
        assert _named(g, v, held) == [], f"view({v!r}) names a Scheme in the Goblins' hand"
        board = view(g, v).boards.goblins
        assert board is not None and board.hand is None and board.hand_count == 3, v
        assert board.schemes == (), v                    # none bought yet: nothing face up
        assert word_leaks(g, v) == [], v


def test_the_facedown_upgrade_card_reaches_no_other_view() -> None:
    """VAR-38: the Thief's facedown Upgrade card, and the two left in the box, are no one
    else's to see (the box's are nobody's)."""
    g = position()
    assert _named(g, "thief", ("warlocks_wand",)) == ["warlocks_wand"]
    for v in VIEWERS:
        if v == "thief":
            continue
        assert _named(g, v, UPGRADES) == [], f"view({v!r}) names an Upgrade card"
        assert word_leaks(g, v) == [], v


def test_the_privacy_check_of_every_step_counts_them_hidden() -> None:
    """The checker run at every step knows these zones: for each other viewer the Schemes in
    hand and the Upgrade cards are forbidden words, ids and names; the knowledge module's
    hidden zones read them from the same lists."""
    g = position()
    for v in VIEWERS:
        hidden = hidden_from(g, v)
        words = forbidden_words(g, v)
        if v != "goblins":
            assert {"armory", "war_banner"} <= set(hidden["the Goblins' Secrets"])
            assert {"armory", "war_banner", "Armory", "War Banner"} <= words.keys(), v
        if v != "thief":
            assert hidden["the Thief's facedown Upgrade card"] == ["warlocks_wand"]
            assert set(hidden["the Upgrade cards in the box"]) == {"charm", "cloak_of_the_mountebank"}
            assert {"warlocks_wand", "Warlock's Wand", "charm", "Charm"} <= words.keys(), v
    zones = [fn(*(_sources(g)[i] for i in srcs)) for _, srcs, fn in ZONE_SOURCES]
    assert any({"armory", "war_banner"} <= set(z) for z in zones)          # the Goblins' Secrets in hand
    assert ["warlocks_wand"] in zones and ["charm", "cloak_of_the_mountebank"] in zones
    check_privacy(g)                                      # the whole check passes on this position


def test_the_checker_catches_a_scheme_or_an_upgrade_planted_in_a_view() -> None:
    """Sanity check: a Scheme's or the Upgrade card's name in another seat's text is caught."""
    g = position()
    assert word_leaks(g, "knight", ["The Goblins hold Armory."])
    assert word_leaks(g, "cave", ["The Thief's card is the Warlock's Wand."])
    assert word_leaks(g, "dragon", ["upgrade:warlocks_wand"])
    assert not word_leaks(g, "goblins", ["The Goblins hold Armory."])
    assert not word_leaks(g, "thief", ["The Thief's card is the Warlock's Wand."])


@pytest.mark.parametrize("active", ["goblins", "thief"])
def test_other_views_do_not_depend_on_the_hidden_bonus_cards(active: str) -> None:
    """Two positions alike but for the Schemes in hand (Armory and War Banner vs Cave Oil and
    Mercenaries) and the facedown Upgrade card (the Wand vs the Charm) look the same to the
    Knight, the Dragon, the Cave and the onlookers, step after step (same choices), until a
    Scheme is bought or the Upgrade card revealed."""
    a = position(("armory", "war_banner"), "warlocks_wand", active)
    b = position(("cave_oil", "mercenaries"), "charm", active)
    stop = {"scheme_bought", "upgrade_card_revealed", "secret_discarded", "secret"}
    viewers: tuple[str | None, ...] = (None, "knight", "dragon", "cave")
    assert _drive_twins(a, b, viewers, 40, stop) >= 2
