"""Hidden information of the Goblins and the Dragon (GEN-01, issue step 3 "Reactions without
leaks"): two games alike but for one role's secret cards, played with the same choices,
look the same to every other viewer at every step — board, log, and who is deciding what.

- the Goblins' Secrets in hand and the Secrets deck order;
- the War cards drawn but not chosen, and the Monster deck order;
- the Dragon's Power cards;
- Trap: the Dragon's power hitting a Tribe asks the Goblins the same question whether
  or not they hold Trap (GB-56/57).

At every compared step no text of those views names a hidden card either — ids, the names
of Secrets and Scales in hand, Dark tile types (``test_privacy.word_leaks``, in ``_drive_twins``).
"""
from __future__ import annotations

from typing import Any

import pytest
from test_privacy import _drive_twins

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.rules_data import load_rules_data

FOUR = ["knight", "goblins", "dragon", "cave"]
OTHERS_OF_GOBLINS = (None, "knight", "dragon", "cave")
OTHERS_OF_DRAGON = (None, "knight", "goblins", "cave")
REVEALING = {"secret", "trap", "secret_discarded", "goblin_ruby"}   # these name a Secrets card in public


def _game(seed: int, active: str, **sections: Any) -> Game:
    return load_scenario({"setup": {"roles": FOUR, "seed": seed}, "active": active, **sections})


def _secrets_twins(seed: int) -> tuple[Game, Game]:
    deck = list(load_rules_data().deck("secrets"))
    hand_a, hand_b = ["leader", "hiding_spots"], ["poison", "fire_bomber"]    # none playable now / both
    rest_a = [c for c in deck if c not in hand_a]
    rest_b = [c for c in deck if c not in hand_b]
    return (_game(seed, "goblins", goblins={"hand": hand_a, "secrets_deck": rest_a[::-1]}),
            _game(seed, "goblins", goblins={"hand": hand_b, "secrets_deck": rest_b}))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_others_views_do_not_depend_on_the_goblins_secrets(seed: int) -> None:
    """Different Secrets in hand and in the deck — in one game none can be played yet, in the
    other both can: the others' views (and who is asked what) stay equal until a Secrets
    card is named in public (played, discarded, Trap used)."""
    a, b = _secrets_twins(seed)
    assert sorted(a.state.goblins.hand) != sorted(b.state.goblins.hand)
    assert _drive_twins(a, b, OTHERS_OF_GOBLINS, 400, REVEALING) >= 20


@pytest.mark.parametrize("seed", [1, 2])
def test_others_views_do_not_depend_on_the_war_cards_not_chosen(seed: int) -> None:
    """Rage 3 draws three War cards; the two not chosen stay the Goblins' own."""
    war = list(load_rules_data().deck("war"))
    first = war[0]
    a = _game(seed, "goblins", goblins={"rage": 3, "war_deck": war})
    b = _game(seed, "goblins", goblins={"rage": 3, "war_deck": [first] + war[1:][::-1]})
    assert a.pending is not None and a.pending.kind == "war_card"
    assert set(a.pending.ids) != set(b.pending.ids) and f"war:{first}" in set(a.pending.ids) & set(b.pending.ids)
    a.apply(f"war:{first}")
    b.apply(f"war:{first}")
    for v in OTHERS_OF_GOBLINS:
        assert view(a, v).to_dict() == view(b, v).to_dict(), f"view({v!r}) shows a War card not chosen"


@pytest.mark.parametrize("seed", [1, 2])
def test_others_views_do_not_depend_on_the_monster_deck_order(seed: int) -> None:
    """The Monster deck's order is nobody's to see until a card is drawn (and shown)."""
    deck = list(load_rules_data().deck("monsters"))
    war = ["pain"] + [w for w in load_rules_data().deck("war") if w != "pain"]     # Pain draws no Monster
    a = _game(seed, "goblins", monster_deck=deck, goblins={"war_deck": war})
    b = _game(seed, "goblins", monster_deck=deck[::-1], goblins={"war_deck": war})
    assert _drive_twins(a, b, (None, "knight", "dragon", "cave", "goblins"), 400, {"monster_drawn"}) >= 10


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_others_views_do_not_depend_on_the_dragons_power_cards(seed: int) -> None:
    """Different Power cards in hand: the others' views stay equal until he spends some."""
    a = _game(seed, "dragon", dragon={"hand": ["power_claw#1", "power_claw#2", "power_flame#1"], "placed": True},
              pieces={"dragon": [0, 0], "knight": [0, 0]})
    b = _game(seed, "dragon", dragon={"hand": ["power_wing#1", "power_wing#2", "power_flame#2"], "placed": True},
              pieces={"dragon": [0, 0], "knight": [0, 0]})
    assert a.state.dragon.hand != b.state.dragon.hand
    assert _drive_twins(a, b, OTHERS_OF_DRAGON, 400, {"power"}) >= 3


def test_trap_is_asked_alike_with_or_without_it() -> None:
    """GB-56/57: the Dragon's Claw hits Fangs; the Goblins are asked whether they answer
    whether they hold Trap or not, so nobody learns from the question itself."""
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True}]

    def game(hand: list[str]) -> Game:
        g = _game(1, "dragon", tiles=tiles, pieces={"dragon": [0, 0], "knight": [0, 0], "tribe:fangs": [1, 0]},
                  dragon={"hand": ["power_claw#1", "power_flame#1", "power_wing#1"], "placed": True},
                  goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": hand})
        g.script_dice("dragon", 1, then="repeat")                 # all eight around the Dragon
        return g

    a, b = game(["trap"]), game(["hex"])
    for g in (a, b):
        g.apply("power:claw")
    da, db = a.pending, b.pending
    assert da is not None and db is not None
    assert (da.role, da.kind, da.prompt) == (db.role, db.kind, db.prompt) == (
        "goblins", "trap_dragon", da.prompt)
    assert "trap:" in da.ids and "trap:" not in db.ids and "no_response:" in db.ids
    for v in OTHERS_OF_GOBLINS:
        assert view(a, v).to_dict() == view(b, v).to_dict(), f"view({v!r}) tells whether the Goblins hold Trap"
    for g in (a, b):
        g.apply("no_response:")
    for v in OTHERS_OF_GOBLINS:
        assert view(a, v).to_dict() == view(b, v).to_dict()


SCALE_REVEALING = {"power", "scale_kept", "scale_played"}   # these name a Scale card in public


def _scales_twins(seed: int) -> tuple[Game, Game]:
    """Dragon Scales (VAR-32..37): one Scale drawn in both games — the Silver Scale in his hand
    in one, the Golden Scale in his Power deck in the other — and the Scale decks' orders differ."""
    def game(dragon: dict[str, Any]) -> Game:
        return load_scenario({"setup": {"roles": FOUR, "seed": seed, "variants": ["dragon-scales"]},
                              "active": "dragon", "pieces": {"dragon": [0, 0], "knight": [0, 0]},
                              "dragon": {"placed": True, **dragon}})
    return (game({"hand": ["scale_silver", "power_claw#1", "power_flame#1"],
                  "scale_deck": ["scale_golden", "scale_platinum"]}),
            game({"hand": ["power_wing#1", "power_claw#2", "power_flame#2"], "deck": ["scale_golden"],
                  "scale_deck": ["scale_platinum", "scale_silver"]}))


def test_others_views_do_not_depend_on_the_dragons_scales_through_replace_hand() -> None:
    """The Scales he holds, his Power deck and the Scale deck's order are his secret: playing
    out his turn to Replace Hand (where he is asked about keeping a Silver Scale whether he
    holds it or not) and the next turns, the others' views stay equal."""
    a, b = _scales_twins(1)
    assert a.state.dragon.scale_deck != b.state.dragon.scale_deck
    asked = 0
    for _ in range(60):
        for v in OTHERS_OF_DRAGON:
            assert view(a, v).to_dict() == view(b, v).to_dict(), f"view({v!r}) shows his Scales"
        da, db = a.pending, b.pending
        assert da is not None and db is not None and (da.role, da.kind, da.prompt) == (db.role, db.kind, db.prompt)
        if da.kind == "dragon_keep_scale":                # only the decider sees what he may keep
            asked += 1
            assert db.ids == ("replace:",) and ("keep:scale_silver" in da.ids or asked > 1)
        common = [i for i in da.ids if db.option(i) is not None]
        choice = next((i for i in ("end:", "skip:", "replace:", "pass:") if i in common), common[0])
        n = len(a.choices) + 1
        a.apply(choice)
        b.apply(choice)
        if {e.kind for e in a.events + b.events if e.step == n} & SCALE_REVEALING:
            break
    assert asked >= 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_others_views_do_not_depend_on_the_dragons_scales(seed: int) -> None:
    """The same twins driven by the random bot: equal for the others until a Scale is named."""
    a, b = _scales_twins(seed)
    assert _drive_twins(a, b, OTHERS_OF_DRAGON, 400, SCALE_REVEALING) >= 3
