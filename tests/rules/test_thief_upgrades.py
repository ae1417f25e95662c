"""Rule tests for the Thief's Upgrade cards, the ``thief-upgrades`` variant (RULES_CHECKLIST
VAR-38..40, DATA-26; the card effects of EXPANSION_DATA Appendix A): Charm, Warlock's Wand
and Cloak of the Mountebank — one drawn facedown at setup, turned on by a stashed Treasure.

Map (helpers_thief): the Entrance at (0, 0), a row of Lit tiles east of it; the Thief on (1, 0).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from test_privacy import play_private, word_leaks

from vast_desktop.engine import Game, Setup, load_scenario, new_game, view
from vast_desktop.engine.roles.thief import turn as th
from vast_desktop.engine.roles.thief.state import stealth
from vast_desktop.engine.setup import OPTIONAL_VARIANTS, SetupError
from vast_desktop.rules_data import load_rules_data

from .helpers_thief import NO_POP, T, base_tiles, choose, ids

VARIANT = ["thief-upgrades"]
CARDS = ("charm", "warlocks_wand", "cloak_of_the_mountebank")


def up_game(card: str | None, on: bool = True, roles: tuple[str, ...] = ("knight", "cave", "thief"),
            stats: str | None = "4-3-2", thief: dict[str, Any] | None = None, pieces: dict[str, Any] | None = None,
            tiles: list[dict[str, Any]] | None = None, at: tuple[int, int] = (1, 0), **data: Any) -> Game:
    """The Thief's turn with the variant: he holds ``card`` (with a token on it when ``on``)."""
    setup: dict[str, Any] = {"roles": list(roles), "seed": 3, "variants": VARIANT}
    pieces = dict(pieces if pieces is not None else ({"knight": [1, 0]} if "knight" in roles else {}))
    pieces.setdefault("thief", list(at))
    if "goblins" in roles:
        data["goblins"] = {"rage": 1, "population": dict(NO_POP), **data.pop("goblins", {})}
    if "dragon" in roles:
        data["dragon"] = {"placed": True, **data.pop("dragon", {})}
    if "cave" in roles:
        data.setdefault("omen_bag", {})
    t: dict[str, Any] = dict(thief or {})
    if card is not None:
        t.setdefault("upgrade_shown" if on else "upgrade_hand", [card])
        t.setdefault("upgrade_box", [c for c in CARDS if c != card])
        if on:
            t.setdefault("upgrades", [card])
    g = load_scenario({"setup": setup, "active": "thief", "tiles": tiles or base_tiles(), "pieces": pieces,
                       "thief": t, **data})
    if stats is not None and g.pending is not None and g.pending.kind == "thief_stats":
        choose(g, f"assign:{stats}")
    return g


# ------------------------------------------------------------------ VAR-38, DATA-26
def test_DATA_26_the_three_upgrade_cards() -> None:
    """DATA-26: Charm, Warlock's Wand (5 charges), Cloak of the Mountebank; no other deck holds them."""
    rd = load_rules_data()
    assert rd.deck("upgrades") == CARDS
    assert rd.upgrade_card("warlocks_wand").charges == 5
    assert rd.upgrade_card("charm").charges is None and rd.upgrade_card("cloak_of_the_mountebank").charges is None


def test_VAR_38_the_variant_needs_the_thief() -> None:
    assert "thief-upgrades" in OPTIONAL_VARIANTS and "VAR-38" in OPTIONAL_VARIANTS["thief-upgrades"]
    with pytest.raises(SetupError, match="add the Thief"):
        new_game(Setup(roles=("knight", "cave"), seed=1, variants=("thief-upgrades",)))


def test_VAR_38_he_draws_one_card_facedown_and_the_rest_go_back_in_the_box() -> None:
    """VAR-38: one card of the 3 in his hand, facedown; the other 2 in the box; over seeds
    each card is drawn; without the variant none."""
    drawn: Counter[str] = Counter()
    for seed in range(12):
        g = new_game(Setup(roles=("knight", "thief"), seed=seed, variants=("thief-upgrades",)))
        t = T(g)
        assert len(t.upgrade_hand) == 1 and len(t.upgrade_box) == 2 and not t.upgrade_shown
        assert sorted(t.upgrade_hand + t.upgrade_box) == sorted(CARDS)
        drawn[t.upgrade_hand[0]] += 1
    assert set(drawn) == set(CARDS)
    plain = T(new_game(Setup(roles=("knight", "thief"), seed=1)))
    assert not plain.upgrade_hand and not plain.upgrade_box


def test_VAR_38_only_he_sees_which_card_he_holds_until_it_is_revealed() -> None:
    """VAR-38: he may look at it, the others see only that he holds one; revealed, all see it."""
    g = up_game("warlocks_wand", on=False, roles=("knight", "goblins", "cave", "thief"))
    mine = view(g, "thief").boards.thief
    assert mine.upgrade_card == "warlocks_wand" and mine.upgrade_card_held and not mine.upgrade_card_revealed
    for v in ("knight", "goblins", "cave", None):
        theirs = view(g, v).boards.thief
        assert theirs.upgrade_card is None and theirs.upgrade_card_held and theirs.wand_charges == 0, v
        assert not word_leaks(g, v), v
    g = up_game("warlocks_wand", on=True)
    assert view(g, "knight").boards.thief.upgrade_card == "warlocks_wand"
    assert view(g, "knight").boards.thief.wand_charges == 5


@pytest.mark.parametrize("seed", range(2))
def test_VAR_38_privacy_in_random_games(seed: int) -> None:
    """Privacy at every step of random games: no view but his names his facedown card."""
    play_private(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=seed,
                       variants=("thief-upgrades",)))


# ------------------------------------------------------------------ VAR-39
def test_VAR_39_stashing_he_may_reveal_the_card_instead_of_a_board_upgrade() -> None:
    g = up_game("charm", on=False, thief={"carried": ["treasure"]})
    choose(g, "move:0,0")
    assert g.pending is not None and g.pending.kind == "thief_upgrade"
    assert "upgrade:charm" in ids(g) and "upgrade:sticky_fingers" in ids(g)
    choose(g, "upgrade:charm")
    t = T(g)
    assert t.upgrade_shown == ["charm"] and not t.upgrade_hand and "charm" in t.upgrades
    assert view(g, "knight").boards.thief.upgrade_card == "charm"
    assert any(e.kind == "upgrade_card_revealed" for e in g.events)


def test_VAR_39_a_board_upgrade_leaves_the_card_facedown() -> None:
    g = up_game("charm", on=False, thief={"carried": ["treasure"]})
    choose(g, "move:0,0")
    choose(g, "upgrade:sticky_fingers")
    t = T(g)
    assert t.upgrade_hand == ["charm"] and not t.upgrade_shown and "charm" not in t.upgrades
    assert view(g, "knight").boards.thief.upgrade_card is None


def test_VAR_39_the_card_not_held_is_refused_with_the_reason() -> None:
    g = up_game("charm", on=False, thief={"carried": ["treasure"]})
    choose(g, "move:0,0")
    reason = th.check_upgrade(g, "warlocks_wand")
    assert reason is not None and "not yours" in reason.text and reason.rule == "VAR-38"
    assert "upgrade:warlocks_wand" not in ids(g)


# ------------------------------------------------------------------ VAR-40, Warlock's Wand
def test_VAR_40_warlocks_wand_on_himself_uses_a_cube_and_a_charge_once_per_turn() -> None:
    from vast_desktop.engine.roles.thief.upgrade_cards import check_wand

    g = up_game("warlocks_wand", thief={"wand_charges": 5})
    assert T(g).cubes == 2
    choose(g, "wand:thief")
    t = T(g)
    assert t.cubes == 2 - 1 + 3 and t.wand_charges == 4
    assert not any(i.startswith("wand:") for i in ids(g))
    reason = check_wand(g, "thief")
    assert reason is not None and "once per turn" in reason.text


def test_VAR_40_at_zero_charges_the_wand_does_nothing_but_its_token_stays() -> None:
    from vast_desktop.engine.roles.thief.upgrade_cards import check_wand

    g = up_game("warlocks_wand", thief={"wand_charges": 0})
    assert not any(i.startswith("wand:") for i in ids(g))
    reason = check_wand(g, "thief")
    assert reason is not None and "no charges" in reason.text and reason.rule == "VAR-40"
    assert "warlocks_wand" in T(g).upgrades


def test_VAR_40_spores_knocks_the_token_off_and_a_later_stash_keeps_only_the_unused_charges() -> None:
    g = up_game("warlocks_wand", thief={"wand_charges": 2, "set_aside": 1, "upgrades": [],
                                        "carried": ["treasure"]})
    assert not any(i.startswith("wand:") for i in ids(g))          # no token on it: it does not work
    choose(g, "move:0,0")
    assert "upgrade:warlocks_wand" in ids(g)
    choose(g, "upgrade:warlocks_wand")
    t = T(g)
    assert "warlocks_wand" in t.upgrades and t.wand_charges == 2


def test_VAR_40_spores_may_take_the_card_token() -> None:
    from vast_desktop.engine.cards.omens import check_spores_upgrade

    g = up_game("warlocks_wand")
    assert check_spores_upgrade(g, "warlocks_wand") is None


def test_warlocks_wand_on_the_knight_costs_her_3_grit() -> None:
    g = up_game("warlocks_wand", pieces={"knight": [3, 0]}, knight={"grit": 5})
    assert "wand:knight" in ids(g)
    choose(g, "wand:knight")
    assert g.state.knight is not None and g.state.knight.grit == 2


def test_warlocks_wand_reaches_3_visible_spaces() -> None:
    from vast_desktop.engine.roles.thief.upgrade_cards import check_wand

    g = up_game("warlocks_wand", pieces={"knight": [4, 0]}, thief={"wand_charges": 5})
    reason = check_wand(g, "knight")
    assert "wand:knight" in ids(g) and reason is None                # (1,0) to (4,0): 3 spaces
    g = up_game("warlocks_wand", pieces={"knight": [-1, 0]}, at=(3, 0))
    assert "wand:knight" not in ids(g)


def test_warlocks_wand_sets_the_goblins_rage_to_1() -> None:
    g = up_game("warlocks_wand", roles=("goblins", "cave", "thief"), pieces={"tribe:fangs": [2, 0]},
                goblins={"rage": 4, "population": {"fangs": 2, "bones": 0, "eye": 0}})
    choose(g, "wand:tribe:fangs")
    assert g.state.goblins is not None and g.state.goblins.rage == 1


def test_warlocks_wand_makes_the_dragon_discard_2() -> None:
    g = up_game("warlocks_wand", roles=("dragon", "cave", "thief"), pieces={"dragon": [2, 0]},
                dragon={"hand": ["power_claw#1", "power_flame#1", "power_wing#1"]})
    choose(g, "wand:dragon")
    while g.pending is not None and g.pending.kind == "dragon_discard":
        choose(g, ids(g)[0])
    assert g.state.dragon is not None and len(g.state.dragon.hand) == 1


def test_warlocks_wand_makes_the_cave_discard_2_omens_from_a_crystal_tile() -> None:
    tiles = [*base_tiles()[:4], {"pos": [1, 0], "tile": "T37", "lit": True}, *base_tiles()[5:]]
    g = up_game("warlocks_wand", tiles=tiles, cave={"omens": {"quartz": 3}})
    assert "wand:cave" in ids(g)
    choose(g, "wand:cave")
    choose(g, "omen:quartz")
    choose(g, "omen:quartz")
    assert g.state.cave is not None and g.state.cave.omens["quartz"] == 1
    g = up_game("warlocks_wand", cave={"omens": {"quartz": 3}})
    assert "wand:cave" not in ids(g)                                  # not on a Crystal tile


# ------------------------------------------------------------------ Charm
def test_charm_helps_the_knight_for_2_thievery_and_she_may_not_be_targeted() -> None:
    g = up_game("charm", stats="3-4-2", knight={"treasures": ["javelin"]})
    assert any(i.startswith("pickpocket:knight") for i in ids(g))
    choose(g, "charm:knight")
    t = T(g)
    assert t.cubes == 4 and t.helped == ["knight"]
    assert g.state.knight is not None and g.state.knight.charm_strength_next == 1
    assert not any(i.startswith(("pickpocket:knight", "backstab:knight", "charm:")) for i in ids(g))
    reason = th.thief_target(g, "knight")
    assert reason is not None and "helped" in reason.text


def test_charm_gives_the_knight_1_strength_on_her_next_turn() -> None:
    from vast_desktop.engine.roles.knight import board as kb
    from vast_desktop.engine.roles.knight import turn as kt

    g = up_game("charm", knight={"charm_strength_next": 1})
    g.state.active = "knight"
    before = g.rules.knight.strength_track[g.state.knight.track["strength"]]  # type: ignore[union-attr]
    kt.start_turn(g)
    assert kb.strength(g) == before + 1


def test_charm_not_on_a_player_already_targeted() -> None:
    from vast_desktop.engine.roles.thief.upgrade_cards import check_charm

    g = up_game("charm", stats="3-4-2", knight={"treasures": ["javelin"]})
    choose(g, "backstab:knight:1")
    reason = check_charm(g, "knight")
    assert reason is not None and "targeted" in reason.text
    assert "charm:knight" not in ids(g)


def test_charm_goblins_draw_a_secret_and_dragon_draws_a_power() -> None:
    g = up_game("charm", roles=("goblins", "dragon", "cave", "thief"),
                pieces={"tribe:fangs": [1, 0], "dragon": [1, 0]},
                goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": []})
    choose(g, "charm:tribe:fangs")
    while g.pending is not None and g.pending.role != "thief":
        choose(g, ids(g)[0])
    assert g.state.goblins is not None and len(g.state.goblins.hand) == 1
    assert "charm:dragon" not in ids(g)                              # once per turn
    g = up_game("charm", roles=("dragon", "cave", "thief"), pieces={"dragon": [1, 0]})
    hand = len(g.state.dragon.hand)  # type: ignore[union-attr]
    choose(g, "charm:dragon")
    assert len(g.state.dragon.hand) == hand + 1  # type: ignore[union-attr]


def test_charm_the_cave_draws_an_omen_only_from_a_crystal_tile() -> None:
    tiles = [*base_tiles()[:4], {"pos": [1, 0], "tile": "T37", "lit": True}, *base_tiles()[5:]]
    g = up_game("charm", tiles=tiles, omen_bag={"quartz": 2})
    choose(g, "charm:cave")
    assert g.state.cave is not None and sum(g.state.cave.omens.values()) == 1
    g = up_game("charm", omen_bag={"quartz": 2})
    assert "charm:cave" not in ids(g)


def test_charm_needs_its_token() -> None:
    g = up_game("charm", on=False)
    assert not any(i.startswith("charm:") for i in ids(g))


# ------------------------------------------------------------------ Cloak of the Mountebank
def test_cloak_pickpocket_works_at_equal_stealth_but_backstab_does_not() -> None:
    # Knight Perception 3 (track 2); Stealth 3
    g = up_game("cloak_of_the_mountebank", stats="4-3-2",
                knight={"treasures": ["javelin"], "track": {"perception": 2}})
    assert stealth(g) == th.perception_of(g, "knight") == 3
    assert any(i.startswith("pickpocket:knight") for i in ids(g))
    assert not any(i.startswith("backstab:knight") for i in ids(g))
    assert th.thief_target(g, "knight") is None
    plain = up_game("charm", stats="4-3-2", knight={"treasures": ["javelin"], "track": {"perception": 2}})
    assert not any(i.startswith("pickpocket:knight") for i in ids(plain))


def test_cloak_carried_loot_costs_1_stealth_in_all() -> None:
    g = up_game("cloak_of_the_mountebank", stats="4-3-2", thief={"carried": ["treasure", "treasure"]})
    assert stealth(g) == 2
    plain = up_game("charm", stats="4-3-2", thief={"carried": ["treasure", "treasure"]})
    assert stealth(plain) == 1


def test_cloak_carries_at_most_2_items() -> None:
    g = up_game("cloak_of_the_mountebank", thief={"carried": ["treasure", "treasure"]},
                tokens={"1,0": {"treasure": 1}})
    reason = th.check_loot(g, (1, 0), "treasure", 1)
    assert reason is not None and "at most 2" in reason.text
    assert "loot:treasure" not in ids(g)
    g = up_game("cloak_of_the_mountebank", thief={"carried": ["treasure"]}, tokens={"1,0": {"treasure": 1}})
    assert "loot:treasure" in ids(g)


def test_the_variant_games_finish() -> None:
    from vast_desktop.bots.random_bot import RandomBot

    for seed in range(3):
        g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=seed,
                           variants=("thief-upgrades",)))
        bot = RandomBot(seed)
        while g.outcome is None and len(g.choices) < 5000:
            d = g.pending
            assert d is not None
            g.apply(bot(view(g, d.role), d))
        assert g.outcome is not None


def test_VAR_38_the_hidden_zones_are_watched_and_the_reveal_is_a_barrier() -> None:
    """VAR-38/39: his facedown card and the box are hidden zones (the barrier check's snapshot
    equals the definition at every step); revealing the card shows the others something new,
    so undo cannot go back past it."""
    from vast_desktop.bots.random_bot import RandomBot
    from vast_desktop.engine.knowledge import snapshot

    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=5, variants=("thief-upgrades",)))
    bot = RandomBot(5)
    while g.outcome is None and len(g.choices) < 600:
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
        assert g._known == snapshot(g), f"step {len(g.choices)}"
    g = up_game("charm", on=False, thief={"carried": ["treasure"]})
    choose(g, "move:0,0")
    choose(g, "upgrade:charm")
    assert g.barrier_at == len(g.choices)
    g = up_game("charm", on=False, thief={"carried": ["treasure"]})
    choose(g, "move:0,0")
    choose(g, "upgrade:sticky_fingers")
    assert g.barrier_at < len(g.choices)                    # a board upgrade shows nothing hidden
