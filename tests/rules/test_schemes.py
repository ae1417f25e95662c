"""Rule tests for the Goblin Schemes, the ``schemes`` variant (RULES_CHECKLIST VAR-25..31,
AMB-26, GB-15, TR-34) and each Scheme card: Armory, War Banner, Underboss, Press Gangs,
Ancient Rituals, Mercenaries, Eye of Rage and Cave Oil.

Base map (helpers_goblins): Entrance (0,0); Lit open tiles (1,0), (2,0), (3,0), (-1,0);
Dark tiles T01 Fangs (1,1), T05 Bones (2,1), T03 Eye (3,1), T37 Crystal/Fangs (0,1).
The War card Pain adds 1 disc to each Tribe and draws nothing.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, Setup, load_scenario, new_game
from vast_desktop.engine.cards.secrets import check_play_secret, secret_options
from vast_desktop.engine.roles.goblins import schemes as sc
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.goblins.state import scheme_deck
from vast_desktop.engine.setup import OPTIONAL_VARIANTS, SetupError
from vast_desktop.rules_data import load_rules_data

from .helpers_goblins import WAR, base_tiles, choose, ids, to_activation

SCHEMES = ("armory", "war_banner", "underboss", "press_gangs", "ancient_rituals", "mercenaries", "eye_of_rage",
           "cave_oil")
SIDE, CENTRE = 1, 3          # Dragon die faces: 1 misses the centre, 3 hits it


def game(roles: tuple[str, ...] = ("knight", "goblins"), goblins: dict[str, Any] | None = None,
         war: str = "pain", active: str = "goblins", **data: Any) -> Game:
    gob = {"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0},
           "war_deck": [war] + [w for w in WAR if w != war], **(goblins or {})}
    setup = {"roles": list(roles), "seed": 3, "variants": ["schemes"]}
    data.setdefault("tiles", base_tiles())
    data.setdefault("pieces", {"knight": [3, 0]} if "knight" in roles else {})
    if "dragon" in roles:
        data["dragon"] = {"placed": True}
    return load_scenario({"setup": setup, "active": active, "goblins": gob, **data})


def activation(g: Game, rage: int = 2, **population: int) -> None:
    to_activation(g)
    g.state.goblins.population.update(population)
    g.state.goblins.rage = rage


def G(g: Game) -> Any:
    return g.state.goblins


def plunder_game(hand: list[str], bought: list[str] | None = None, stored: int = 0, **kw: Any) -> Game:
    """Fangs (Population 2) on a Dark tile with a Treasure token, at its Activate Tribes menu."""
    g = game(goblins={"hand": hand, "schemes": bought or [], "stored_treasure": stored},
             pieces={"knight": [3, 0], "tribe:fangs": [1, 1]}, tokens={"1,1": {"treasure": 1}}, **kw)
    activation(g, fangs=2)
    choose(g, "activate:fangs")
    return g


# ------------------------------------------------------------------ the variant (VAR-25)
def test_VAR_25_the_variant_is_offered_and_needs_the_goblins() -> None:
    """VAR-25: the Schemes come as the ``schemes`` variant, only with the Goblins."""
    assert "schemes" in OPTIONAL_VARIANTS
    with pytest.raises(SetupError, match="add the Goblins"):
        new_game(Setup(roles=("knight", "dragon"), seed=1, variants=("schemes",)))


def test_VAR_25_the_schemes_are_shuffled_into_the_secrets_deck() -> None:
    """VAR-25: with the variant the eight Schemes join the Secrets deck; without it, none."""
    on = new_game(Setup(roles=("knight", "goblins"), seed=1, variants=("schemes",)))
    off = new_game(Setup(roles=("knight", "goblins"), seed=1))
    held = set(G(on).secrets_deck) | set(G(on).hand)
    assert set(SCHEMES) <= held
    assert not set(SCHEMES) & (set(G(off).secrets_deck) | set(G(off).hand))
    rules = load_rules_data()
    assert sorted(scheme_deck(rules)) == sorted(SCHEMES)
    assert all(rules.card(c).provisional and rules.card(c).note for c in SCHEMES)


def test_VAR_25_a_scheme_in_hand_is_never_played() -> None:
    """VAR-25: a Scheme in hand works only once bought: never among the Secrets to play."""
    g = game(goblins={"hand": ["war_banner", "hex"], "population": {"fangs": 1, "bones": 1, "eye": 1}})
    activation(g, eye=2)
    reason = check_play_secret(g, "war_banner")
    assert reason is not None and reason.rule == "VAR-25" and "only once bought" in reason.text
    assert "secret:war_banner" not in {o.id for o in secret_options(g)}
    assert "secret:war_banner" not in ids(g)


# ------------------------------------------------------------------ buying (VAR-26..29, VAR-31)
def test_VAR_27_VAR_28_plundering_a_treasure_buys_the_first_scheme_war_banner() -> None:
    """VAR-27/28: the plundered Treasure still gives Rage and pays the 1st Scheme (cost 1);
    VAR-26: it lies face up, out of the hand. War Banner: Rage rises to 4."""
    g = plunder_game(["war_banner", "hex"])
    supply = g.state.supply["treasure"]
    choose(g, "plunder:treasure")
    assert G(g).rage == 3 and g.pending.kind == "scheme_buy"
    assert set(ids(g)) == {"buy:war_banner", "return:"}           # no store: no Scheme bought yet (VAR-29)
    choose(g, "buy:war_banner")
    assert G(g).schemes == ["war_banner"] and G(g).hand == ["hex"]
    assert g.state.supply["treasure"] == supply + 1              # spent: back in the Cave's supply
    gb.gain_rage(g, 5)
    assert G(g).rage == 4                                         # War Banner


def test_VAR_27_the_second_scheme_costs_two_and_VAR_31_a_scheme_card_pays() -> None:
    """VAR-27: the 2nd Scheme costs 2; VAR-31: another Scheme in hand is discarded instead of
    a Treasure (the Goblins choose which)."""
    g = plunder_game(["underboss", "cave_oil", "mercenaries"], bought=["war_banner"])
    choose(g, "plunder:treasure")
    assert "buy:underboss" in ids(g) and "store:" in ids(g)
    choose(g, "buy:underboss")
    assert g.pending.kind == "scheme_pay" and set(ids(g)) == {"pay:cave_oil", "pay:mercenaries"}
    assert "underboss" in G(g).hand and "underboss" not in G(g).schemes     # in one place while paid for
    choose(g, "pay:cave_oil")
    assert G(g).schemes == ["war_banner", "underboss"] and G(g).hand == ["mercenaries"]
    assert "cave_oil" in G(g).secrets_discard


def test_VAR_27_a_scheme_too_dear_is_not_offered() -> None:
    """VAR-27: the 3rd Scheme costs 3: one Treasure and no other Scheme cannot pay."""
    g = plunder_game(["underboss", "hex"], bought=["war_banner", "cave_oil"])
    reason = sc.check_buy(g, "underboss")
    assert reason is not None and reason.rule == "VAR-27" and "costs 3 Treasure" in reason.text
    choose(g, "plunder:treasure")
    assert set(ids(g)) == {"store:", "return:"}


def test_VAR_31_stored_treasure_is_spent_before_scheme_cards() -> None:
    """VAR-31: with Treasure stored, all of it is spent before any Scheme card."""
    g = plunder_game(["underboss", "mercenaries"], bought=["war_banner", "cave_oil"], stored=2)
    supply = g.state.supply["treasure"]
    choose(g, "plunder:treasure")
    choose(g, "buy:underboss")                                    # cost 3 = this + 2 stored
    assert G(g).stored_treasure == 0 and G(g).hand == ["mercenaries"]
    assert g.state.supply["treasure"] == supply + 3 and g.pending.kind != "scheme_pay"


def test_VAR_29_treasure_is_stored_up_to_the_schemes_bought() -> None:
    """VAR-29: plundered Treasure may be stored beside the board, as many as Schemes bought."""
    g = plunder_game(["hex"], bought=["war_banner"])
    supply = g.state.supply["treasure"]
    choose(g, "plunder:treasure")
    choose(g, "store:")
    assert G(g).stored_treasure == 1 and g.state.supply["treasure"] == supply
    assert gb.board_view(g, "knight").stored_treasure == 1
    reason = sc.check_store(g, "treasure")
    assert reason is not None and reason.rule == "VAR-29"


def test_VAR_29_treasure_that_cannot_be_spent_or_stored_goes_back() -> None:
    """VAR-29: no Scheme affordable and no room: the Treasure can only go back to the Cave's
    supply (still asked, so the others learn nothing about the hand)."""
    g = plunder_game(["hex"])
    supply = g.state.supply["treasure"]
    choose(g, "plunder:treasure")
    assert g.pending.kind == "scheme_buy" and ids(g) == ("return:",)
    choose(g, "return:")
    assert g.state.supply["treasure"] == supply + 1 and G(g).stored_treasure == 0


def test_AMB_26_a_plundered_gem_is_stored_as_a_treasure_from_the_supply() -> None:
    """AMB-26, VAR-29: a plundered Gem goes back to the Dragon; what is stored is a Treasure
    token from the Cave's supply."""
    g = game(roles=("goblins", "dragon"), goblins={"hand": ["hex"], "schemes": ["war_banner"]},
             pieces={"dragon": [3, 0], "tribe:fangs": [2, 0]}, tokens={"2,0": {"gem_claw": 1}})
    g.script_dice("dragon", SIDE, then="fail")
    activation(g, fangs=3)
    supply = g.state.supply["treasure"]
    choose(g, "activate:fangs")
    choose(g, "plunder:gem_claw")
    assert g.pending.kind == "scheme_buy" and "store:" in ids(g)
    choose(g, "store:")
    assert G(g).stored_treasure == 1 and g.state.supply["treasure"] == supply - 1
    assert g.state.board.tokens_at((2, 0))["gem_claw"] == 0


def test_VAR_26_bought_schemes_are_public_and_out_of_the_hand_limit() -> None:
    """VAR-26: bought Schemes are face up (every viewer sees them) and not in the hand limit;
    Schemes still in hand are Secrets, hidden from the others."""
    g = game(goblins={"hand": ["mercenaries"], "schemes": ["war_banner", "cave_oil"]})
    view = gb.board_view(g, "knight")
    assert view.schemes == ("war_banner", "cave_oil") and view.hand is None and view.hand_count == 1
    assert len(G(g).hand) + len(G(g).face_up) == 1


# ------------------------------------------------------------------ the cards
def test_underboss_removes_a_disc_instead_of_a_scatter() -> None:
    """Underboss: at overpopulation a revealed Tribe loses a disc; no Tribe scatters."""
    g = game(goblins={"schemes": ["underboss"], "population": {"fangs": 4, "bones": 1, "eye": 1}},
             pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    assert g.pending.kind == "populate"
    choose(g, "populate:")
    assert g.pending.kind == "overpopulation" and "underboss:fangs" in ids(g)
    assert "underboss:bones" not in ids(g)                        # a revealed Tribe only
    choose(g, "underboss:fangs")
    assert G(g).population["fangs"] == 3 and gb.tribe_pos(g, "fangs") == (1, 1)


def test_press_gangs_moves_a_disc_after_choosing_war() -> None:
    """Press Gangs: after the War card is chosen, 1 disc may move from one Tribe to another."""
    g = game(goblins={"schemes": ["press_gangs"], "population": {"fangs": 3, "bones": 0, "eye": 1}})
    assert g.pending.kind == "press_gangs" and "skip:" in ids(g)
    assert "press:bones:fangs" not in ids(g)                      # Bones has no disc to give
    choose(g, "press:fangs:bones")
    assert G(g).population == {"fangs": 2, "bones": 1, "eye": 1}
    assert g.pending.kind == "populate"


def test_ancient_rituals_trades_a_disc_for_another_secret() -> None:
    """Ancient Rituals: after drawing Secrets, a disc (not a Tribe's last) buys one more."""
    g = game(war="fear", goblins={"schemes": ["ancient_rituals"], "hand": [], "population": {"fangs": 2},
                                   "secrets_deck": ["hex", "poison", "trap", "leader"]})
    while g.pending is not None and g.pending.kind != "ancient_rituals":
        choose(g, "populate:" if "populate:" in ids(g) else ("discard:" if "discard:" in ids(g) else ids(g)[0]))
    pop = dict(G(g).population)
    assert len(G(g).hand) == 2 and "skip:" in ids(g)
    t = next(o.split(":")[1] for o in ids(g) if o.startswith("ritual:"))
    choose(g, f"ritual:{t}")
    assert G(g).population[t] == pop[t] - 1 and len(G(g).hand) == 3


def test_mercenaries_pays_a_rage_for_another_monster() -> None:
    """Mercenaries: after drawing Monsters, 1 Rage buys one more Monster."""
    g = game(war="thirst", goblins={"schemes": ["mercenaries"], "rage": 2},
             monster_deck=["golem", "wisp", "gnome"])
    while g.pending is not None and g.pending.kind != "mercenaries":
        choose(g, "populate:" if "populate:" in ids(g) else ids(g)[0])
    rage = G(g).rage
    choose(g, "hire:")
    assert G(g).rage == rage - 1 and g.pending.kind == "assign_monster"


def test_eye_of_rage_gains_rage_when_the_knight_keeps_a_treasure() -> None:
    """Eye of Rage: another player's Treasure card or token gives the Goblins 1 Rage."""
    g = game(goblins={"schemes": ["eye_of_rage"], "rage": 1})
    rage = G(g).rage
    sc.eye_of_rage(g, "knight", "a Treasure card")
    assert G(g).rage == rage + 1
    sc.eye_of_rage(g, "goblins", "a Treasure token")              # their own: nothing
    assert G(g).rage == rage + 1


def test_GB_15_VAR_23_armory_waits_for_a_free_strength_disc() -> None:
    """GB-15, Armory: a plundering Tribe takes the Armory's disc (+1 Strength), but while all
    4 Strength discs are in use the Armory waits."""
    monsters = {"fangs": [], "bones": ["ogre", "troll"], "eye": ["flame_giant"]}
    g = game(goblins={"hand": ["hex"], "schemes": ["armory"], "monsters": monsters},
             pieces={"knight": [3, 0], "tribe:fangs": [1, 1]}, tokens={"1,1": {"treasure": 2}})
    activation(g, fangs=2)
    assert gb.strength_discs_used(g) == 4
    strength = gb.tribe_strength(g, "fangs")
    choose(g, "activate:fangs")
    choose(g, "plunder:treasure")
    if g.pending is not None and g.pending.kind == "scheme_buy":
        choose(g, "return:")
    assert G(g).armory_tribe is None and gb.tribe_strength(g, "fangs") == strength


def test_armory_disc_on_plunder_and_lost_on_attack() -> None:
    """Armory: the plundering Tribe gets +1 Strength; it loses the disc when it attacks."""
    g = plunder_game(["hex"], bought=["armory"])
    strength = gb.tribe_strength(g, "fangs")
    choose(g, "plunder:treasure")
    if g.pending is not None and g.pending.kind == "scheme_buy":
        choose(g, "return:")
    assert G(g).armory_tribe == "fangs" and gb.tribe_strength(g, "fangs") == strength + 1
    gb.fire_bomber_burns(g, "fangs")                               # every attack passes here
    assert G(g).armory_tribe is None and gb.tribe_strength(g, "fangs") == strength


@pytest.mark.parametrize("oil", [True, False])
def test_TR_34_VAR_24_cave_oil_spares_lit_tiles_not_the_flame_wall(oil: bool) -> None:
    """Cave Oil: 1 Population per 3 Lit tiles left, not 2; TR-34: the Flame Wall still burns."""
    g = game(roles=("goblins", "dragon"), goblins={"schemes": ["cave_oil"] if oil else []},
             pieces={"dragon": [-1, 0], "tribe:fangs": [1, 0]}, tokens={"2,0": {"flamewall": 1}})
    activation(g, fangs=4)
    choose(g, "activate:fangs")
    choose(g, "move:2,0")
    choose(g, "no_response:")                                      # the Flame Wall: -1 either way
    assert G(g).population["fangs"] == 3
    choose(g, "move:3,0")                                          # the 2nd Lit tile left
    assert G(g).population["fangs"] == (3 if oil else 2)


# ------------------------------------------------------------------ the Thief (VAR-30, Eye of Rage)
KGT = ("knight", "goblins", "thief")


def test_VAR_30_pickpocket_steals_a_stored_treasure() -> None:
    """VAR-30: the Thief's Pickpocket on a Tribe may steal a Treasure stored for the Schemes
    (he carries it in place of the Cave's token); the Tribe is attacked as usual."""
    from .helpers_thief import thief_game

    g = thief_game(roles=KGT, stats="2-3-4", pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, variants=("schemes",),
                   goblins={"hand": [], "schemes": ["war_banner"], "stored_treasure": 1,
                            "population": {"fangs": 1, "bones": 0, "eye": 0}})
    before = g.state.supply["treasure"]
    choose(g, "pickpocket:tribe:fangs:3")
    assert ids(g) == ("card:stored",)
    choose(g, "card:stored")
    assert G(g).stored_treasure == 0 and g.state.thief.carried == ["treasure"]
    assert g.state.supply["treasure"] == before                  # one token left the game's pool: the stored one


def test_eye_of_rage_gains_rage_when_the_thief_stashes_treasure() -> None:
    """Eye of Rage: the Thief's Treasure counts when he stashes it (each token, +1 Rage)."""
    from .helpers_thief import thief_game

    g = thief_game(roles=KGT, variants=("schemes",), thief={"carried": ["treasure", "treasure"], "loot_drop": 1},
                   goblins={"schemes": ["eye_of_rage"], "rage": 1})
    choose(g, "move:0,0")
    assert G(g).rage == 3


def test_VAR_25_others_cannot_tell_a_scheme_in_hand_when_the_goblins_plunder() -> None:
    """VAR-25 (Schemes in hand are Secrets): a Plunder with an affordable Scheme in hand and one
    with none look the same to the others — the same question, the same views — until a
    Scheme is bought (then it lies face up for all)."""
    from test_privacy import _drive_twins

    def twin(hand: list[str]) -> Game:
        g = plunder_game(hand)
        choose(g, "plunder:treasure")
        return g

    a, b = twin(["war_banner", "hex"]), twin(["hex", "poison"])
    assert set(ids(a)) == {"buy:war_banner", "return:"} and ids(b) == ("return:",)
    assert _drive_twins(a, b, (None, "knight"), 60, {"scheme_bought", "secret", "secret_discarded"}) >= 10


@pytest.mark.parametrize("goblins, message", [
    ({"schemes": ["hex"]}, "goblins.schemes: 'hex' is not a Scheme card"),
    ({"schemes": ["war_banner"], "hand": ["war_banner"]}, "'war_banner' is in two places"),
    ({"schemes": ["banner"]}, "goblins.schemes: 'banner' is not a Scheme card"),
    ({"armory_tribe": "ogre"}, "goblins.armory_tribe: 'ogre' is no Tribe"),
])
def test_VAR_26_a_scenario_with_a_wrong_scheme_is_refused_with_the_reason(goblins: dict[str, Any],
                                                                          message: str) -> None:
    """Bad input says what is wrong: only Scheme cards are bought, each in one place."""
    from vast_desktop.engine.errors import ScenarioError

    with pytest.raises(ScenarioError, match=message.replace("(", r"\(")):
        game(goblins=goblins)


def test_GB_15_a_monster_finding_no_free_disc_waits_for_the_armorys() -> None:
    """GB-15: with the Fangs' disc, the Armory's and two Strength Monsters on Bones, the Flame
    Giant on Eye finds no disc: it adds nothing until the Armory's disc is lost, then takes it."""
    monsters = {"fangs": [], "bones": ["ogre", "troll"], "eye": ["flame_giant"]}
    g = game(goblins={"schemes": ["armory"], "armory_tribe": "fangs", "monsters": monsters,
                      "population": {"fangs": 1, "bones": 1, "eye": 1}})
    assert gb.strength_discs(g, "fangs") == 2 and gb.strength_discs(g, "bones") == 2
    assert gb.strength_discs(g, "eye") == 0 and gb.strength_discs_used(g) == 4
    sc.armory_lost(g, "fangs", "attacked")
    assert gb.strength_discs(g, "eye") == 1 and gb.strength_discs_used(g) == 4


def test_eye_of_rage_gains_rage_when_the_dragon_picks_up_treasure() -> None:
    """Eye of Rage: each Treasure token the Dragon picks up is another player's gain: +1 Rage."""
    from .helpers import entrance, lit
    from .helpers_dragon import dragon_game

    row = [entrance(), lit((1, 0), "T01"), lit((2, 0), "T05"), lit((3, 0), "T32")]
    g = dragon_game(roles=("goblins", "dragon"), variants=["schemes"], tiles=row, pieces={"dragon": [1, 0]},
                    dragon={"hand": []}, tokens={"1,0": {"treasure": 2}},
                    goblins={"schemes": ["eye_of_rage"], "rage": 1, "population": {"fangs": 1, "bones": 0, "eye": 0}})
    choose(g, "end:", "pickup:")
    assert G(g).rage == 3
