"""Rule tests for the Dragon Scales bonus cards, the ``dragon-scales`` variant (RULES_CHECKLIST
VAR-14, VAR-32..37, DATA-13): their own Scale deck, one drawn by Smash on a Crystal token or
Wrath collapsing a Crystal tile, and the Golden, Silver and Platinum Scales in his hand.

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Tiles used (unrotated
walls N,E,S,W): T01/T05 Ambush open, T31/T32 Treasure Room open, T37/T42/T44 Crystal open.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, load_scenario, new_game
from vast_desktop.engine.decisions import IllegalChoice
from vast_desktop.engine.roles.dragon.state import is_scale
from vast_desktop.engine.setup import OPTIONAL_VARIANTS, SetupError
from vast_desktop.rules_data import load_rules_data

from .helpers import choose, dark, entrance, event_kinds, ids, lit, scenario
from .helpers_dragon import D, dragon_game
from .helpers_goblins import WAR, base_tiles, to_activation

SCALES = ("scale_golden", "scale_silver", "scale_platinum")
VARIANT = ["dragon-scales"]
ROW = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]


def scales_game(dragon: dict[str, Any] | None = None, roles: tuple[str, ...] = ("dragon", "cave"),
                **data: Any) -> Game:
    """The Dragon placed, with the dragon-scales variant (on the row of four Lit tiles unless
    ``tiles`` says otherwise)."""
    data.setdefault("tiles", ROW)
    data.setdefault("pieces", {"dragon": [1, 0]})
    return dragon_game(roles=roles, variants=VARIANT, dragon=dragon, **data)


def cards(g: Game) -> list[str]:
    d = D(g)
    return d.hand + d.deck + d.discard


def end_turn(g: Game, keep: str | None = None) -> None:
    """Finish the Dragon's turn: no Treasure, no Gem; in Replace Hand keep ``keep`` (else none)."""
    while g.pending is not None and g.state.active == "dragon":
        kind, opts = g.pending.kind, g.pending.ids
        if kind == "dragon_turn":
            choose(g, "end:")
        elif kind == "dragon_keep_scale":
            choose(g, f"keep:{keep}" if keep else "replace:")
        elif kind in ("dragon_treasure", "dragon_gem"):
            choose(g, "skip:")
        else:
            choose(g, next((o for o in opts if o not in ("skip:", "no:")), opts[0]))


# ------------------------------------------------------------------ the variant
def test_VAR_14_the_variant_is_offered_and_needs_the_dragon() -> None:
    """VAR-14: Scales have extra rules, so they come as their own optional variant, which
    makes sense only with the Dragon: without him the setup is refused with the reason."""
    assert "dragon-scales" in OPTIONAL_VARIANTS and "VAR-32" in OPTIONAL_VARIANTS["dragon-scales"]
    with pytest.raises(SetupError, match="add the Dragon"):
        new_game(Setup(roles=("knight", "cave"), seed=1, variants=("dragon-scales",)))
    g = scenario(("knight", "dragon"), variants=VARIANT)
    assert g.config.extra["dragon_scales"]


def test_DATA_13_the_three_scale_cards() -> None:
    """DATA-13: Golden (any one symbol), Silver (a symbol of a Gem in his supply, kept by
    revealing it), Platinum (its own effect, then out of the game)."""
    rd = load_rules_data()
    assert rd.deck("scales") == SCALES
    golden, silver, platinum = (rd.scale_card(c) for c in SCALES)
    assert (golden.pays, silver.pays, platinum.pays) == ("any", "gem_in_supply", None)
    assert silver.keep_by_reveal and not golden.keep_by_reveal and not platinum.keep_by_reveal
    assert platinum.removed_after_use and not golden.removed_after_use and not silver.removed_after_use
    assert not any(c.startswith("scale_") for c in rd.deck("powers"))


# ------------------------------------------------------------------ VAR-32
def test_VAR_32_scales_form_their_own_facedown_deck_at_setup() -> None:
    """VAR-32: the three Scales are shuffled as their own deck, not into the Power deck."""
    orders = set()
    for seed in range(1, 7):
        g = scenario(("knight", "dragon"), seed=seed, variants=VARIANT)
        d = D(g)
        assert sorted(d.scale_deck) == sorted(SCALES)
        assert len(cards(g)) == 18 and not any(is_scale(c) for c in cards(g))
        orders.add(tuple(d.scale_deck))
    assert len(orders) > 1                                       # shuffled
    plain = scenario(("knight", "dragon"), seed=1)
    assert D(plain).scale_deck == [] and not any(is_scale(c) for c in cards(plain))


# ------------------------------------------------------------------ VAR-33
def test_VAR_33_smash_on_a_crystal_token_draws_one_scale_into_the_power_deck() -> None:
    """VAR-33: Smash on a Crystal token draws the top Scale and shuffles it into his Power
    deck; the public learns that he drew one, only he learns which."""
    tiles = [entrance(), lit((1, 0), "T37")]
    g = scales_game({"hand": ["claw"] * 3, "scale_deck": ["scale_silver", "scale_golden", "scale_platinum"]},
                    tiles=tiles, tokens={"1,0": {"crystal": 1}})
    choose(g, "power:smash")
    d = D(g)
    assert d.scale_deck == ["scale_golden", "scale_platinum"]
    assert "scale_silver" in d.deck and "scale_silver" not in d.hand + d.discard
    assert len(d.deck) == 15 + 1
    drawn = [e for e in g.events if e.kind == "scale_drawn"]
    assert len(drawn) == 1 and "Silver" not in drawn[0].public and "Silver" in drawn[0].private["dragon"]
    assert g.barrier_at == len(g.choices)                        # a hidden card drawn: no undo across it


def test_VAR_33_no_scale_when_the_scale_deck_is_empty() -> None:
    tiles = [entrance(), lit((1, 0), "T37")]
    g = scales_game({"hand": ["claw"] * 3, "scale_deck": [], "scales_removed": ["scale_platinum"]},
                    tiles=tiles, tokens={"1,0": {"crystal": 1}})
    before = sorted(cards(g))
    choose(g, "power:smash")
    assert g.state.crystals_smashed_total == 1 and "scale_drawn" not in event_kinds(g)
    assert sorted(cards(g)) == before


def test_VAR_33_no_scale_without_the_variant() -> None:
    tiles = [entrance(), lit((1, 0), "T37")]
    g = dragon_game(roles=("dragon", "cave"), tiles=tiles, pieces={"dragon": [1, 0]}, dragon={"hand": ["claw"] * 3},
                    tokens={"1,0": {"crystal": 1}})
    choose(g, "power:smash")
    assert "scale_drawn" not in event_kinds(g) and len(cards(g)) == 18


def test_VAR_33_wrath_collapsing_crystal_tiles_draws_only_one_scale() -> None:
    """VAR-33: Wrath bringing down two Crystal tiles (one of them still Dark) gives one Scale:
    never more than one per use of a power."""
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T37"), {"pos": [1, 1], "tile": "T42", "lit": False},
             lit((2, 1), "T31")]
    g = scales_game({"hand": ["claw"] * 4, "scale_deck": ["scale_golden", "scale_silver", "scale_platinum"]},
                    tiles=tiles, pieces={"dragon": [1, 0]})
    g.script_dice("dragon", 3, then="fail")                # plus: his tile and the four sides
    choose(g, "power:wrath")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    assert {"T37", "T42"} <= set(g.state.removed_from_game) and g.state.crystal_tiles_removed == 2
    assert D(g).scale_deck == ["scale_silver", "scale_platinum"]
    assert "scale_golden" in D(g).deck and event_kinds(g).count("scale_drawn") == 1


def test_VAR_33_wrath_without_a_crystal_tile_draws_no_scale() -> None:
    tiles = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((1, 1), "T31"), lit((2, 1), "T32")]
    g = scales_game({"hand": ["claw"] * 4}, tiles=tiles, pieces={"dragon": [1, 0]})
    g.script_dice("dragon", 3, then="fail")
    choose(g, "power:wrath")
    while g.pending.kind != "dragon_turn":
        choose(g, ids(g)[0])
    assert "tile_removed" in event_kinds(g) and "scale_drawn" not in event_kinds(g)
    assert len(D(g).scale_deck) == 3


def test_VAR_33_surfacing_on_a_crystal_is_not_smash() -> None:
    """DR-65 smashes the Crystal token under the surfacing Dragon, but that is no use of
    Smash: no Scale."""
    tiles = [entrance(), lit((1, 0), "T37")]
    g = scales_game({"hand": [], "awake": True}, tiles=tiles, tokens={"1,0": {"crystal": 1}})
    end_turn(g)
    assert D(g).surfaced and g.state.crystals_smashed_total == 1
    assert "scale_drawn" not in event_kinds(g) and len(D(g).scale_deck) == 3


# ------------------------------------------------------------------ VAR-34
def test_VAR_34_scales_are_drawn_into_his_hand_like_power_cards(monkeypatch) -> None:
    """VAR-34: a Scale in the Power deck comes into his hand when he draws (Replace Hand),
    and counts in his hand like a Power card."""
    g = scales_game({"hand": ["claw"], "scale_deck": ["scale_silver", "scale_platinum"]})
    assert "scale_golden" in D(g).deck

    def scales_first(x: list[str]) -> None:
        x.sort(key=lambda c: (not is_scale(c), c))

    monkeypatch.setattr(g.rng, "shuffle", scales_first)
    end_turn(g)
    d = D(g)
    assert d.hand[0] == "scale_golden" and len(d.hand) == 4         # Spirit 4 (Wakefulness 2)
    assert "scale_golden" not in d.deck


def test_VAR_34_a_played_scale_is_shuffled_back_in_replace_hand() -> None:
    """VAR-34: the Golden Scale paid for Wing goes to the discard pile, then back into the Power
    deck at Replace Hand (it is not lost)."""
    g = scales_game({"hand": ["scale_golden"]})
    choose(g, "power:wing", "wing:3,0")
    d = D(g)
    assert d.discard == ["scale_golden"] and d.hand == []
    end_turn(g)
    assert "scale_golden" in d.hand + d.deck and d.discard == [] and d.scales_removed == []
    assert len(cards(g)) == 19


def test_VAR_34_scales_are_played_only_in_move_and_use_powers() -> None:
    """VAR-34: a Scale is played in the Move and Use Powers phase; elsewhere it is refused."""
    g = scales_game({"hand": ["scale_platinum"], "sloth": {"greed": 4}}, tokens={"1,0": {"treasure": 1}})
    choose(g, "end:")
    assert g.pending.kind == "dragon_treasure"
    with pytest.raises(IllegalChoice, match="Move and Use Powers"):
        g.apply("scale:scale_platinum")
    assert D(g).hand == ["scale_platinum"]


# ------------------------------------------------------------------ VAR-35
def test_VAR_35_golden_scale_pays_any_one_symbol() -> None:
    """VAR-35: with only the Golden Scale he can pay Claw, Flame or Wing, but not two symbols."""
    g = scales_game({"hand": ["scale_golden"]})
    offered = set(ids(g))
    assert {"power:claw", "power:flame", "power:wing"} <= offered
    assert not offered & {"power:scorch", "power:burn", "power:shriek", "power:slither"}


def test_VAR_35_golden_scale_completes_a_cost_and_is_a_payment_choice() -> None:
    """VAR-35: Golden Scale + Flame card pay Burn (F + W) and Slither (C + F); for Flame (F) he
    chooses to spend the Flame card or the Scale, and the Scale option targets its card."""
    g = scales_game({"hand": ["scale_golden", "flame"]}, tiles=ROW + [dark((1, 1), "T03")])
    assert {"power:burn", "power:slither", "power:scorch"} <= set(ids(g))
    choose(g, "power:flame")
    assert g.pending.kind == "pay_power"
    assert set(ids(g)) == {"pay:card_flame", "pay:scale_golden"}
    targets = {o.id: o.targets for o in g.pending.options}
    assert [(t.kind, t.ref) for t in targets["pay:scale_golden"]] == [("card", "scale_golden")]
    choose(g, "pay:scale_golden")
    d = D(g)
    assert d.discard == ["scale_golden"] and [g.card(c).symbol for c in d.hand] == ["flame"]
    assert "Golden Scale" in next(e.public for e in g.events if e.kind == "power")


# ------------------------------------------------------------------ VAR-36
def test_VAR_36_silver_scale_pays_only_a_symbol_of_a_gem_in_his_supply() -> None:
    """VAR-36: the Claw Gem is on the map, Flame and Wing are in his supply: the Silver Scale
    pays Flame or Wing, never Claw — Claw is paid with the Gem alone (no payment choice),
    and once the Gem is spent Claw is no longer on offer."""
    g = scales_game({"hand": ["scale_silver"]}, tokens={"3,0": {"gem_claw": 1}})
    g.script_dice("dragon", 2, then="fail")
    assert {"power:claw", "power:flame", "power:wing"} <= set(ids(g))
    choose(g, "power:claw")
    assert g.pending.kind == "dragon_turn"                       # no choice: the Silver Scale cannot pay Claw
    assert D(g).gems_spent == ["claw"] and D(g).hand == ["scale_silver"]
    offered = set(ids(g))
    assert {"power:flame", "power:wing"} <= offered and "power:claw" not in offered
    choose(g, "power:wing", "wing:3,0")
    assert D(g).discard == ["scale_silver"]


def test_VAR_36_silver_scale_has_no_effect_with_all_three_gems_on_the_map() -> None:
    """VAR-36: with all three Gems on the map the Silver Scale pays nothing: the Gems make 3
    symbols, and Wrath (4) is not on offer; with the Wing Gem back in his supply the Silver
    Scale stands for Wing, and Claw card + 2 Gems + Silver Scale pay Wrath."""
    all_three = {"3,0": {"gem_claw": 1}, "2,0": {"gem_flame": 1}, "0,0": {"gem_wing": 1}}
    g = scales_game({"hand": ["scale_silver"]}, tokens=all_three)
    offered = set(ids(g))
    assert "power:wrath" not in offered and "power:shriek" in offered
    two = {"3,0": {"gem_claw": 1}, "2,0": {"gem_flame": 1}}
    g = scales_game({"hand": ["scale_silver", "claw"]}, tokens=two)
    g.script_dice("dragon", 4, then="fail")                # the four corners: nothing there
    assert "power:wrath" in ids(g)
    choose(g, "power:wrath")                                     # one way to pay: no question
    assert sorted(D(g).gems_spent) == ["claw", "flame"] and "scale_silver" in D(g).discard and len(D(g).discard) == 2


def test_VAR_36_silver_scale_follows_a_gem_carried_by_the_thief() -> None:
    """A Gem the Thief carries is still on the map for the Dragon until stashed (DR-57), so it
    is not in his supply: with the Flame and Wing Gems on the map and the Claw Gem carried,
    the Silver Scale pays nothing — Claw is paid with the carried Gem, with no choice, and
    then Claw is no longer on offer."""
    tokens = {"2,0": {"gem_flame": 1}, "0,0": {"gem_wing": 1}}
    g = scales_game({"hand": ["scale_silver"]}, roles=("dragon", "thief"), tokens=tokens,
                    pieces={"dragon": [1, 0], "thief": [3, 0]}, thief={"carried": ["gem_claw"]})
    g.script_dice("dragon", 6, then="fail")                # his own tile only
    choose(g, "power:claw")
    assert g.pending.kind == "dragon_turn" and D(g).gems_spent == ["claw"] and D(g).hand == ["scale_silver"]
    assert "power:claw" not in ids(g)


def test_VAR_36_silver_scale_revealed_in_replace_hand_is_kept() -> None:
    """VAR-36: not played, he reveals it in Replace Hand and keeps it; he draws one card fewer
    (his hand is Spirit in all) and the reveal is public."""
    g = scales_game({"hand": ["scale_silver", "claw", "wing"]})
    choose(g, "end:")
    end_turn(g, keep="scale_silver")
    d = D(g)
    assert d.hand[0] == "scale_silver" and len(d.hand) == 4 and "scale_silver" not in d.deck
    kept = next(e for e in g.events if e.kind == "scale_kept")
    assert "Silver Scale" in kept.public
    assert "one Scale kept" in next(e.public for e in reversed(g.events) if e.kind == "dragon_hand")


def test_VAR_36_silver_scale_not_revealed_is_shuffled_in() -> None:
    g = scales_game({"hand": ["scale_silver", "claw", "wing"]})
    choose(g, "end:")
    while g.pending.kind != "dragon_keep_scale":
        choose(g, "skip:")
    assert set(ids(g)) == {"replace:", "keep:scale_silver"}
    choose(g, "replace:")
    d = D(g)
    assert len(d.hand) == 4 and "scale_kept" not in event_kinds(g) and len(cards(g)) == 19


def test_VAR_36_the_keep_question_is_asked_alike_without_the_silver_scale() -> None:
    """The Replace Hand question comes whenever a drawn Scale may be in his hand, so asking it
    tells nobody that he holds the Silver Scale; without it, only "replace" is offered."""
    with_silver = scales_game({"hand": ["scale_silver", "claw"], "scale_deck": ["scale_golden", "scale_platinum"]})
    without = scales_game({"hand": ["flame", "claw"], "scale_deck": ["scale_golden", "scale_platinum"]})
    for g in (with_silver, without):
        choose(g, "end:")
        while g.pending.kind != "dragon_keep_scale":
            choose(g, "skip:")
    assert with_silver.pending.prompt == without.pending.prompt
    assert ids(without) == ("replace:",)
    fresh = scales_game({"hand": ["flame", "claw"], "scale_deck": list(SCALES)})
    choose(fresh, "end:")
    while fresh.state.active == "dragon" and fresh.pending.kind != "dragon_turn":
        assert fresh.pending.kind != "dragon_keep_scale"          # no Scale drawn yet: no question
        choose(fresh, "skip:")


# ------------------------------------------------------------------ VAR-37
def test_VAR_37_platinum_scale_moves_a_sloth_cube_and_leaves_the_game() -> None:
    """VAR-37: played in Move and Use Powers, a Sloth cube of the box he chooses goes to
    Wakefulness at once; the Platinum Scale is removed from the game (not reshuffled)."""
    g = scales_game({"hand": ["scale_platinum", "claw"]})
    before = D(g).wakefulness
    choose(g, "scale:scale_platinum")
    assert g.pending.kind == "dragon_platinum"
    assert set(ids(g)) == {"sloth:greed", "sloth:hunger", "sloth:event", "sloth:dont_move", "sloth:place_gem"}
    choose(g, "sloth:greed")
    d = D(g)
    assert d.sloth["greed"] == 3 and d.wakefulness == before + 1
    assert d.scales_removed == ["scale_platinum"] and "scale_platinum" not in cards(g)
    end_turn(g)
    assert "scale_platinum" not in cards(g) and len(cards(g)) == 18       # the other two: still in the Scale deck


def test_VAR_37_platinum_scale_is_its_own_effect_not_a_sloth_condition() -> None:
    """Reading of VAR-37 with DR-61: the Platinum Scale's cube does not use up the turn's Greed
    cube, so picking up a Treasure still moves one."""
    g = scales_game({"hand": ["scale_platinum"]}, tokens={"1,0": {"treasure": 1}})
    choose(g, "scale:scale_platinum", "sloth:greed", "end:", "pickup:")
    assert D(g).sloth["greed"] == 2


def test_VAR_37_platinum_scale_can_wake_the_dragon() -> None:
    g = scales_game({"hand": ["scale_platinum"], "wakefulness": 10, "sloth": {"greed": 1, "hunger": 0, "event": 2,
                                                                             "dont_move": 1, "place_gem": 0}})
    choose(g, "scale:scale_platinum", "sloth:event")
    assert D(g).wakefulness == 11 and D(g).awake


def test_VAR_37_platinum_scale_refused_without_a_sloth_cube() -> None:
    """With every Sloth cube on Wakefulness the Platinum Scale has nothing to move: it is not
    offered, and playing it is refused with the reason (nothing changes)."""
    empty = {"greed": 0, "hunger": 0, "event": 0, "dont_move": 0, "place_gem": 0}
    g = scales_game({"hand": ["scale_platinum"], "wakefulness": 14, "sloth": empty, "awake": True})
    assert "scale:scale_platinum" not in ids(g)
    with pytest.raises(IllegalChoice, match="no Sloth box has one left"):
        g.apply("scale:scale_platinum")
    assert D(g).hand == ["scale_platinum"] and D(g).scales_removed == []


def test_VAR_37_golden_and_silver_are_not_played_on_their_own() -> None:
    g = scales_game({"hand": ["scale_golden", "scale_silver"]})
    assert not any(i.startswith("scale:") for i in ids(g))
    with pytest.raises(IllegalChoice, match="paying a power"):
        g.apply("scale:scale_golden")


# ------------------------------------------------------------------ discards
def test_VAR_34_hex_may_make_him_discard_a_scale() -> None:
    """A Scale in his hand is one of his cards for discards too (here Hex, GB-58): the
    choice lists it by name beside the symbols, and a discarded Scale waits in the discard
    pile for Replace Hand like a played one."""
    g = load_scenario({
        "setup": {"roles": ["goblins", "dragon"], "seed": 3, "variants": VARIANT}, "active": "goblins",
        "goblins": {"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}, "hand": ["hex"],
                    "war_deck": ["pain"] + [w for w in WAR if w != "pain"]},
        "tiles": base_tiles(), "pieces": {"dragon": [3, 0]},
        "dragon": {"placed": True, "hand": ["scale_golden", "claw"]}})
    to_activation(g)
    g.state.goblins.population.update(eye=1)
    g.state.goblins.rage = 2
    choose(g, "secret:hex", "hex:dragon")
    assert g.pending.kind == "dragon_discard"
    labels = {o.id: o.label for o in g.pending.options}
    assert set(labels) == {"discard:claw", "discard:scale_golden"} and "Golden Scale" in labels["discard:scale_golden"]
    choose(g, "discard:scale_golden")
    assert D(g).discard == ["scale_golden"] and [g.card(c).symbol for c in D(g).hand] == ["claw"]
