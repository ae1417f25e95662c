"""Goblins checklist items not covered by test_goblins / test_goblins_dragon (GB-*).

Base map (helpers_goblins): Entrance (0,0); Lit open tiles T22 (1,0), T25 (2,0),
T29 (3,0), T30 (-1,0); Dark tiles T01 Fangs (1,1), T05 Bones (2,1), T03 Eye (3,1),
T37 Crystal/Fangs (0,1).  The War deck starts with ``war`` (Rage 1 draws exactly it).
War cards (COMPONENT_DATA): discs Fangs/Bones/Eye, Monsters, Secrets, Rage.
"""
from __future__ import annotations

from typing import Any

import pytest

from vast_desktop.engine import Game, load_scenario, view
from vast_desktop.engine.board_views import GoblinsBoard
from vast_desktop.engine.roles.dragon.state import armor
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.goblins.state import TRIBES
from vast_desktop.engine.roles.knight import board as kb

from .helpers import dark, entrance, lit
from .helpers_goblins import WAR, base_tiles, choose, gob, gob_game, ids, to_activation

ACTIONS = {"attack", "plunder", "explore", "special", "hide"}       # GB-63 (Reveal is for hidden Tribes)


def _verbs(g: Game) -> set[str]:
    return {i.split(":", 1)[0] for i in ids(g)}


def _activate(g: Game, tribe: str) -> None:
    to_activation(g)
    choose(g, f"activate:{tribe}")


def _end_turn(g: Game) -> None:
    """End the Goblins' turn: after Activate Tribes only the end-of-turn steps of every role
    remain (no Cave player: a tile, RV-03; the Past Plunder card, RV-12), no Goblin phase."""
    choose(g, "end:")
    while g.state.active == "goblins":
        assert g.pending.kind in ("place_tile", "past_plunder")
        choose(g, ids(g)[0])
    assert g.pending.role == "knight"


def _board(g: Game) -> GoblinsBoard:
    """The Goblin board as everyone sees it."""
    board = view(g, None).boards.goblins
    assert board is not None
    return board


def _dragon_game(roles: tuple[str, ...] = ("goblins", "dragon"), active: str = "goblins",
                 goblins: dict[str, Any] | None = None, dragon: dict[str, Any] | None = None,
                 war: str = "pain", **data: Any) -> Game:
    gobs = {"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0},
            "war_deck": [war] + [w for w in WAR if w != war], **(goblins or {})}
    data.setdefault("tiles", base_tiles())
    return load_scenario({"setup": {"roles": list(roles), "seed": 3}, "active": active, "goblins": gobs,
                          "dragon": {"placed": True, **(dragon or {})}, **data})



# ------------------------------------------------------------ the turn
def test_GB_02_03_phases_in_order_then_the_whole_war_deck_is_shuffled() -> None:
    """GB-02: (1) Choose War Card, (2) Populate, (3) Assign Monsters, (4) Draw Secrets,
    (5) Activate Tribes; GB-03: the turn ends after Activate Tribes and the whole War deck,
    the chosen card included, is shuffled at once."""
    g = gob_game(war="fear", goblins={"rage": 2, "population": {"fangs": 0, "bones": 1, "eye": 0},
                                      "secrets_deck": ["hex", "poison", "trap"]}, monster_deck=["ogre", "troll", "golem"])
    order = list(gob(g).war_deck)
    seen = []
    assert g.pending.kind == "war_card" and set(ids(g)) == {"war:fear", "war:thirst"}
    seen.append(g.pending.kind)
    choose(g, "war:fear")                                   # Fear: 1/1/1, 1 Monster, 2 Secrets
    assert g.pending.kind == "populate" and gob(g).population == {"fangs": 0, "bones": 1, "eye": 0}
    seen.append(g.pending.kind)
    choose(g, "populate:")
    assert g.pending.kind == "assign_monster" and gob(g).drawn_monster == "ogre"
    assert gob(g).population == {"fangs": 1, "bones": 2, "eye": 1} and gob(g).hand == []   # Secrets not yet drawn
    seen.append(g.pending.kind)
    choose(g, "assign:bones")
    assert g.pending.kind == "goblins_turn" and gob(g).hand == ["hex", "poison"]
    assert gob(g).monsters["bones"] == ["ogre"]
    seen.append(g.pending.kind)
    assert seen == ["war_card", "populate", "assign_monster", "goblins_turn"]
    assert gob(g).war_card == "fear" and gob(g).war_deck == order            # not shuffled mid-turn
    _end_turn(g)
    assert g.state.active == "knight" and g.pending.role == "knight"         # GB-03: the turn is over
    assert sorted(gob(g).war_deck) == sorted(WAR) and gob(g).war_deck != order   # all 10, reshuffled


def test_GB_04_monster_deck_reshuffled_from_its_discards_only_when_empty() -> None:
    """GB-04: the Monster deck is refilled from its discards only when it runs out."""
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    drawn = []
    while g.pending.kind in ("war_card", "populate", "assign_monster"):
        if g.pending.kind == "assign_monster":
            drawn.append(gob(g).drawn_monster)
            choose(g, "discard:")
        else:
            choose(g, ids(g)[0] if g.pending.kind == "war_card" else "populate:")
    assert drawn == ["ogre", "troll", "golem"]                 # Desperation: 3 Monsters
    assert g.state.monster_deck == ["wisp"] and g.state.monster_discard == ["ogre", "troll", "golem"]
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}},
                 monster_deck=["ogre"])
    drawn = []
    while g.pending.kind in ("populate", "assign_monster"):
        if g.pending.kind == "assign_monster":
            drawn.append(gob(g).drawn_monster)
            choose(g, "discard:")
        else:
            choose(g, "populate:")
    assert drawn == ["ogre", "ogre", "ogre"]                   # the empty deck takes back its discard


def test_GB_04_secrets_deck_reshuffled_from_its_discards_only_when_empty() -> None:
    """GB-04: the Secrets deck is refilled from its discards only when it runs out."""
    def play(deck: list[str]) -> Game:
        g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0},
                                                  "hand": ["poison"], "secrets_deck": deck})
        choose(g, "secret:poison")                             # Poison goes to the Secrets discard
        assert gob(g).secrets_discard == ["poison"]
        to_activation(g)
        return g
    g = play(["hex", "trap", "cave_in", "blind_fury"])
    assert gob(g).hand == ["hex", "trap", "cave_in"]            # Desperation: 3 Secrets
    assert gob(g).secrets_deck == ["blind_fury"] and gob(g).secrets_discard == ["poison"]
    g = play(["hex"])
    assert gob(g).hand == ["hex", "poison"] and gob(g).secrets_discard == []


def test_GB_05_three_tribes_reveal_onto_their_own_symbol() -> None:
    """GB-05: Fangs, Bones and Eye each have their own piece and symbol, and Dark tiles show
    those symbols (T01/T37 Fangs, T05 Bones, T03 Eye)."""
    assert TRIBES == ("fangs", "bones", "eye")
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 1, "eye": 1}})
    to_activation(g)
    expected = {"fangs": {"reveal:1,1", "reveal:0,1"}, "bones": {"reveal:2,1"}, "eye": {"reveal:3,1"}}
    for tribe, spaces in expected.items():
        choose(g, f"activate:{tribe}")
        assert {i for i in ids(g) if i.startswith("reveal:")} == spaces
        choose(g, sorted(spaces)[0])
    assert {p: q for p, q in g.state.board.pieces.items() if p.startswith("tribe:")} == {
        "tribe:fangs": (0, 1), "tribe:bones": (2, 1), "tribe:eye": (3, 1)}


# ------------------------------------------------------------ the Tribes
def test_GB_07_bones_holds_two_monsters_others_one() -> None:
    """GB-07 (GB-38): Bones has 2 Monster slots, Fangs and Eye 1 each."""
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 4, "eye": 0}},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    assert g.pending.kind == "assign_monster"
    choose(g, "assign:bones")
    assert "assign:bones" in ids(g)                             # the second Bones slot
    choose(g, "assign:bones")
    assert "assign:bones" not in ids(g) and "assign:fangs" in ids(g)   # Bones full at 2
    choose(g, "assign:fangs")
    assert g.pending.kind == "goblins_turn"
    assert gob(g).monsters == {"fangs": ["golem"], "bones": ["ogre", "troll"], "eye": []}
    choose(g, "end:")
    # Next Goblins turn: Fangs' single slot is taken, so it can only be replaced
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 4, "eye": 0},
                                              "monsters": {"fangs": ["golem"]}}, monster_deck=["ogre", "troll"])
    assert "assign:fangs" not in ids(g) and "replace:fangs:golem" in ids(g) and "assign:eye" in ids(g)


def test_GB_07_bones_special_action_draws_and_assigns_a_monster() -> None:
    """GB-07/89: the Bones special action draws 1 Monster and assigns it."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 2, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:bones": [2, 1]}, monster_deck=["wisp", "ogre"])
    _activate(g, "bones")
    choose(g, "special:")
    assert g.pending.kind == "assign_monster" and gob(g).drawn_monster == "wisp"
    choose(g, "assign:bones")
    assert gob(g).monsters["bones"] == ["wisp"] and g.state.monster_deck == ["ogre"]
    assert g.pending.kind == "goblins_turn" and "activate:bones" not in ids(g)


def test_GB_08_eye_special_draws_a_secret_and_eye_population_powers_hex() -> None:
    """GB-08: the Eye's special action draws 1 Secrets card; its Population is the X of
    Hex (and Cave-In), so with Eye at 0 Hex cannot be played."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 2}, "secrets_deck": ["trap", "hex"]},
                 pieces={"knight": [3, 0], "tribe:eye": [3, 1]})
    _activate(g, "eye")
    choose(g, "special:")
    assert gob(g).hand == ["trap"] and gob(g).secrets_deck == ["hex"]
    # Hex: X = Eye Population (2 + 1 from Pain = 3), whatever the other Tribes have
    g = gob_game(goblins={"population": {"fangs": 3, "bones": 0, "eye": 2}, "hand": ["hex"]}, knight={"grit": 7})
    to_activation(g)
    choose(g, "secret:hex")
    choose(g, "hex:knight")
    assert g.state.knight.grit == 4
    # Eye at 0 (Desperation adds no disc): Hex is not offered
    g = gob_game(war="desperation", goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "hand": ["hex"]},
                 knight={"grit": 7})
    to_activation(g)
    assert "secret:hex" not in ids(g)


def test_GB_09_fangs_strength_disc_is_never_lost() -> None:
    """GB-09: the Fangs Strength disc stays when Fangs scatters and loses its Monster,
    while a Monster's disc goes with the Monster."""
    g = gob_game(goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}, "monsters": {"fangs": ["ogre"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    assert _board(g).strength_discs["fangs"] == 2
    choose(g, "populate:")                                      # Pain: 5 > 4, overpopulation
    assert ids(g) == ("scatter:fangs",)
    choose(g, "scatter:fangs")
    assert gob(g).monsters["fangs"] == [] and "ogre" in g.state.monster_discard
    assert _board(g).strength_discs["fangs"] == 1 and _board(g).strength["fangs"] == 2 + 1
    g = gob_game(active="knight", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}})
    assert _board(g).strength_discs["fangs"] == 1 and _board(g).strength["fangs"] == 1   # even at 0


def test_GB_10_14_population_is_discs_strength_discs_never_overpopulate() -> None:
    """GB-10: Population is the Goblin discs under the Tribe; GB-14: Strength discs are not
    Population, so they neither block discs nor cause overpopulation."""
    g = gob_game(war="hate", goblins={"population": {"fangs": 2, "bones": 2, "eye": 0},
                                      "monsters": {"bones": ["ogre", "troll"]}})
    assert _board(g).strength == {"fangs": 3, "bones": 4, "eye": 0}
    choose(g, "populate:")                                      # Hate: +2 each
    assert gob(g).population == {"fangs": 4, "bones": 4, "eye": 2}
    assert g.pending.kind == "goblins_turn"                     # no overpopulation
    assert _board(g).strength == {"fangs": 5, "bones": 6, "eye": 2}


# ------------------------------------------------------------ Rage
def test_GB_18_rage_rises_by_plunder_and_the_fangs_special_action() -> None:
    """GB-18: Plunder and the Fangs special action each raise Rage by 1."""
    g = gob_game(war="hate", goblins={"population": {"fangs": 1, "bones": 1, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "tribe:bones": [2, 1]},
                 tokens={"2,1": {"treasure": 1}})
    _activate(g, "fangs")
    assert gob(g).rage == 1                                     # Hate gives no Rage
    choose(g, "special:")
    assert gob(g).rage == 2
    choose(g, "activate:bones")
    choose(g, "plunder:treasure")
    assert gob(g).rage == 3


def test_GB_19_rage_falls_for_a_successful_attack_and_pays_for_blocking() -> None:
    """GB-19: Rage −1 when a Tribe successfully attacks another player; Rage may be spent
    in Populate Tribes to stop discs."""
    g = gob_game(war="hate", goblins={"rage": 3, "population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 1]}, knight={"health": 5})
    choose(g, "war:hate")
    choose(g, "block:eye")
    assert gob(g).rage == 2
    choose(g, "populate:")
    assert gob(g).population["eye"] == 0
    to_activation(g)
    choose(g, "activate:fangs")
    choose(g, "move:1,0")                                       # Strength 4 > her 1: an attack
    assert g.state.knight.health == 4 and gob(g).rage == 1


def test_GB_19_68_a_failed_attack_on_the_dragon_costs_no_rage() -> None:
    """GB-19: only a successful attack lowers Rage; GB-68: the attacking Tribe scatters anyway
    (Ash Dragon card: equal Strength, the die misses)."""
    pieces = {"dragon": [2, 0], "tribe:fangs": [2, 0]}
    need = armor(_dragon_game(pieces=pieces))                   # Ash Dragon: his Armor + 1
    g = _dragon_game(pieces=pieces, goblins={"population": {"fangs": need - 2, "bones": 0, "eye": 0}})
    g.script_dice("dragon", 1, then="repeat")
    to_activation(g)                                            # Pain +1, the Strength disc +1
    assert gb.tribe_strength(g, "fangs") == armor(g) == need     # equal Strength: a roll decides
    rage, health = gob(g).rage, g.state.dragon.health
    choose(g, "activate:fangs")
    choose(g, "attack:dragon")
    assert g.state.dragon.health == health and gob(g).rage == rage
    assert gb.tribe_pos(g, "fangs") is None


def test_GB_20_smashing_a_crystal_lowers_rage() -> None:
    """GB-20: Rage falls by 1 when the Tribes smash a Crystal (the first attack alone does not).
    AMB-15 (FAQ): by 1 once for the smash, not once per attacking Tribe (two here)."""
    g = gob_game(war="hate", goblins={"rage": 3, "population": {"fangs": 1, "bones": 1, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [2, 0], "tribe:bones": [2, 0]},
                 tokens={"2,0": {"crystal": 1}})
    choose(g, "war:hate")
    _activate(g, "fangs")
    choose(g, "attack:crystal")
    assert gob(g).rage == 3
    choose(g, "activate:bones")
    choose(g, "attack:crystal")
    assert g.state.board.tokens_at((2, 0))["crystal"] == 0 and gob(g).rage == 2


def test_GB_21_claw_on_two_tribes_gives_two_rage() -> None:
    """GB-21 (FAQ): one attack hitting several Tribes raises Rage by 1 per Tribe hit."""
    g = _dragon_game(active="dragon", pieces={"dragon": [2, 0], "tribe:fangs": [2, 0], "tribe:bones": [2, 0]},
                     dragon={"hand": ["claw"]},
                     goblins={"rage": 0, "population": {"fangs": 3, "bones": 3, "eye": 0}})
    g.script_dice("dragon", 3, then="repeat")
    choose(g, "power:claw")
    assert g.pending.kind == "trap_dragon"                  # GB-56: one Trap question for the whole Claw
    choose(g, "no_response:")
    assert gb.revealed_tribes(g) == []
    assert gob(g).rage == 2


# ------------------------------------------------------------ War card, Populate
WAR_TABLE = {   # COMPONENT_DATA: Fangs/Bones/Eye discs, Monsters, Secrets, Rage
    "thirst": (3, 2, 1, 1, 0, 0), "spite": (2, 1, 2, 0, 1, 0), "consumption": (1, 3, 2, 1, 0, 0),
    "desolation": (1, 2, 2, 1, 1, 0), "waste": (2, 1, 3, 0, 1, 0), "ruin": (2, 2, 1, 1, 0, 0),
    "hate": (2, 2, 2, 0, 0, 0), "fear": (1, 1, 1, 1, 2, 0), "desperation": (0, 0, 0, 3, 3, 1),
    "pain": (1, 1, 1, 0, 0, 1),
}


@pytest.mark.parametrize("war", sorted(WAR_TABLE))
def test_GB_26_50_war_card_discs_monsters_and_secrets(war: str) -> None:
    """GB-26: each War card gives discs per Tribe, a number of Monsters and of Secrets;
    GB-50: the Goblins draw that many Secrets."""
    fangs, bones, eye, monsters, secrets, rage = WAR_TABLE[war]
    g = gob_game(war=war, goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}})
    assert gob(g).war_card == war                               # Rage 1: the one card drawn
    if g.pending.kind == "populate":                            # (Desperation: no disc to block)
        choose(g, "populate:")
    assert gob(g).population == {"fangs": fangs, "bones": bones, "eye": eye}
    assigned = 0
    while g.pending.kind == "assign_monster":
        assigned += 1
        choose(g, "discard:")
    assert assigned == monsters and len(gob(g).hand) == secrets and gob(g).rage == 1 + rage
    assert g.pending.kind == "goblins_turn"


def test_GB_33_discs_go_on_all_three_tribes_before_overpopulation() -> None:
    """GB-33 (FAQ): all three Tribes get their discs before overpopulation is resolved."""
    g = gob_game(war="hate", goblins={"population": {"fangs": 4, "bones": 1, "eye": 0}})
    choose(g, "populate:")
    assert g.pending.kind == "overpopulation"
    assert gob(g).population == {"fangs": 4, "bones": 3, "eye": 2}


def test_GB_36_overpopulation_resolved_before_monsters_and_secrets() -> None:
    """GB-36 (FAQ): overpopulation is fully resolved before any Monster or Secret is drawn."""
    g = gob_game(war="desolation", goblins={"population": {"fangs": 4, "bones": 1, "eye": 0},
                                            "secrets_deck": ["hex", "trap"]}, monster_deck=["ogre", "troll"])
    choose(g, "populate:")                                      # Desolation: 1/2/2, 1 Monster, 1 Secret
    assert g.pending.kind == "overpopulation"
    assert g.state.monster_deck == ["ogre", "troll"] and gob(g).drawn_monster is None
    assert gob(g).secrets_deck == ["hex", "trap"] and gob(g).hand == []
    choose(g, "scatter:bones")
    assert gob(g).population["bones"] == 1
    assert g.pending.kind == "assign_monster" and gob(g).drawn_monster == "ogre"
    choose(g, "assign:bones")                                   # Bones' Population after the scatter
    assert gob(g).hand == ["hex"]


def test_GB_37_ruin_example() -> None:
    """GB-37 (rulebook example): Ruin adds Fangs 2, Bones 2, Eye 1, draws 1 Monster and no
    Secrets; Fangs then has Strength 3 (2 discs + the Strength disc)."""
    g = gob_game(war="ruin", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0},
                                      "secrets_deck": ["hex", "trap"]})
    choose(g, "populate:")
    assert gob(g).population == {"fangs": 2, "bones": 2, "eye": 1}
    assert gb.tribe_strength(g, "fangs") == 3 and _board(g).strength["fangs"] == 3
    assert g.pending.kind == "assign_monster"
    choose(g, "discard:")
    assert g.pending.kind == "goblins_turn" and gob(g).hand == [] and gob(g).secrets_deck == ["hex", "trap"]


# ------------------------------------------------------------ Monsters
@pytest.mark.parametrize("choice", ["replace:fangs:ogre", "discard:"])
def test_GB_39_42_keep_or_replace_a_monster_never_held_in_hand(choice: str) -> None:
    """GB-39: a Tribe's Monster may be kept or discarded for the new one; GB-42 (FAQ):
    Monsters are never held in hand: one not assigned, or replaced, is discarded."""
    g = gob_game(war="thirst", goblins={"population": {"fangs": 0, "bones": 1, "eye": 0},
                                        "monsters": {"fangs": ["ogre"]}}, monster_deck=["troll", "golem"])
    choose(g, "populate:")
    assert gob(g).drawn_monster == "troll"
    assert "assign:fangs" not in ids(g) and {"replace:fangs:ogre", "discard:", "assign:bones"} <= set(ids(g))
    choose(g, choice)
    if choice == "discard:":
        assert gob(g).monsters["fangs"] == ["ogre"] and g.state.monster_discard == ["troll"]
    else:
        assert gob(g).monsters["fangs"] == ["troll"] and g.state.monster_discard == ["ogre"]
    held = gob(g).hand + gob(g).face_up
    assert "troll" not in held and "ogre" not in held and gob(g).drawn_monster is None


def test_GB_43_VAR_43_monster_ambush_text_and_tokens_unused_with_a_goblins_player() -> None:
    """GB-43, VAR-43 (FAQ): with a Goblins player the Monsters' Ambush lines and the Ogre/Troll
    tokens are ignored: a Tribe with the Ogre ambushes for 1 Health, no Monster is drawn,
    no Ogre token is placed and the Knight is not driven back."""
    tiles = [entrance(), dark((1, 0), "T13"), lit((2, 0), "T22"), lit((1, -1), "T25")]
    g = gob_game(active="knight", tiles=tiles, goblins={"population": {"fangs": 0, "bones": 2, "eye": 0},
                                                        "monsters": {"bones": ["ogre"]}},
                 monster_deck=["troll", "golem"], knight={"health": 5, "cubes_free": 0})
    choose(g, "move:1,0")
    while g.pending.kind != "ambush":
        choose(g, ids(g)[0])
    choose(g, "ambush:bones")
    assert g.state.knight.health == 4
    assert g.state.board.pieces["knight"] == (1, 0)
    assert all(t["ogre"] == 0 and t["troll"] == 0 for t in g.state.board.tokens.values())
    assert g.state.monster_deck == ["troll", "golem"] and g.state.monster_discard == ["ogre"]


def test_GB_47_underworm_moves_normally_before_and_after_its_leap() -> None:
    """GB-47 (FAQ): with the Underworm a Tribe may move normally before and after its
    diagonal move (once per move)."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "monsters": {"fangs": ["underworm"]}},
                 pieces={"knight": [-1, 0], "tribe:fangs": [1, 1]})
    _activate(g, "fangs")
    choose(g, "move:1,0")                                       # a normal move first
    assert "worm:2,1" in ids(g)
    choose(g, "worm:2,1")
    assert gb.tribe_pos(g, "fangs") == (2, 1)
    assert {"move:2,0", "move:3,1"} <= set(ids(g))              # normal moves after the leap
    assert not any(i.startswith("worm:") for i in ids(g))        # the leap is used
    choose(g, "move:3,1")
    assert gb.tribe_pos(g, "fangs") == (3, 1) and "special:" in ids(g)


def test_GB_48_wisp_any_point_during_the_movement() -> None:
    """GB-48 (FAQ): the Wisp may be used at any point of the Tribe's movement (before, in
    the middle), and the Tribe may go on moving afterwards."""
    tiles = base_tiles() + [lit((4, 0), "T20"), lit((3, -1), "T31")]
    g = gob_game(tiles=tiles, goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "monsters": {"fangs": ["wisp"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    _activate(g, "fangs")
    assert "wisp:4,0" in ids(g)                                 # before moving
    choose(g, "move:2,0")
    assert "wisp:4,0" in ids(g) and "wisp:3,-1" in ids(g)       # after a move, before the action
    choose(g, "wisp:4,0")
    assert g.state.board.pieces["knight"] == (4, 0)
    assert not any(i.startswith("wisp:") for i in ids(g))        # once per turn
    assert "move:3,0" in ids(g) and "move:2,1" in ids(g)        # movement goes on
    choose(g, "move:3,0")
    assert gb.tribe_pos(g, "fangs") == (3, 0)


# ------------------------------------------------------------ Secrets
def test_GB_55_trap_against_entry_but_not_ambush_or_bow() -> None:
    """GB-55 (FAQ): the Knight must beat Population + Strength discs + Trap to enter a
    Tribe's tile; Trap does nothing against an Ambush or a Bow shot (and stays face up)."""
    g = gob_game(active="knight", goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"]},
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, knight={"cubes_free": 3})
    choose(g, "cube:strength")
    choose(g, "cube:strength")
    assert kb.strength(g) == 3 and "move:1,0" not in ids(g)      # 3 = 1 + 1 disc + Trap
    choose(g, "cube:strength")
    assert "move:1,0" in ids(g)
    # The Bow: Trap adds nothing and is not spent
    g = gob_game(active="knight", goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "face_up": ["trap"]},
                 pieces={"knight": [0, 0], "tribe:fangs": [3, 0]}, knight={"cubes_free": 4})
    choose(g, "cube:bow")
    choose(g, "cube:strength")
    choose(g, "bowshot:fangs")                                  # Strength 2 − 1
    assert gob(g).population["fangs"] == 2 and gob(g).face_up == ["trap"]
    # An Ambush: a hidden Tribe equal to her Strength cannot strike, Trap or not
    tiles = [entrance(), dark((1, 0), "T13")]
    for bones, offered in ((1, False), (2, True)):
        g = gob_game(active="knight", tiles=tiles, knight={"cubes_free": 0},
                     goblins={"population": {"fangs": 0, "bones": bones, "eye": 0}, "face_up": ["trap"]})
        assert kb.strength(g) == 1
        choose(g, "move:1,0")
        while g.pending.kind != "ambush":
            choose(g, ids(g)[0])
        assert ("ambush:bones" in ids(g)) == offered
        assert gob(g).face_up == ["trap"]


# ------------------------------------------------------------ Activate Tribes
def test_GB_59_each_tribe_once_any_order_move_then_one_action() -> None:
    """GB-59: each Tribe is activated once, in any order; it moves, then takes 1 action,
    and its activation ends before another Tribe's starts."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 1}, "secrets_deck": ["hex", "trap"]},
                 pieces={"knight": [-1, 0], "tribe:fangs": [1, 1], "tribe:eye": [3, 1]})
    to_activation(g)
    assert {"activate:fangs", "activate:eye"} <= set(ids(g))
    choose(g, "activate:eye")                                   # Eye before Fangs
    assert g.pending.kind == "tribe_activation" and not any(i.startswith("activate:") for i in ids(g))
    choose(g, "move:3,0")
    choose(g, "move:2,0")                                       # any number of moves ...
    choose(g, "special:")                                       # ... then one action ends it
    assert gob(g).hand == ["hex"] and gb.tribe_pos(g, "eye") == (2, 0)
    assert g.pending.kind == "goblins_turn" and "activate:eye" not in ids(g) and "activate:fangs" in ids(g)
    choose(g, "activate:fangs")
    choose(g, "special:")
    assert g.pending.kind == "goblins_turn" and "activate:fangs" not in ids(g) and "activate:eye" not in ids(g)


def test_GB_60_move_any_number_of_tiles_lit_or_dark_never_through_walls() -> None:
    """GB-60: a Tribe moves any number of tiles, Lit or Dark, but never through a wall."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T04", rot=3), lit((3, 0), "T29"),
             dark((1, 1), "T01"), dark((2, 1), "T05"), dark((3, 1), "T03")]     # wall W of (2,0)
    g = gob_game(tiles=tiles, goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]})
    _activate(g, "fangs")
    assert "move:2,0" not in ids(g) and "move:1,1" in ids(g)     # the wall
    for q in ("1,1", "2,1", "2,0", "3,0"):                       # Lit, Dark, Dark, Lit, Lit
        choose(g, f"move:{q}")
    assert gb.tribe_pos(g, "fangs") == (3, 0)
    choose(g, "move:2,0")
    assert "move:1,0" not in ids(g)                             # the wall, the other way


def test_GB_63_the_actions_of_a_revealed_tribe() -> None:
    """GB-63: the actions are Attack, Plunder, Explore, Reveal, Hide and the special action
    (a revealed Tribe: all but Reveal)."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [0, 1], "tribe:bones": [0, 1]},
                 tokens={"0,1": {"crystal": 1, "treasure": 1}})
    _activate(g, "fangs")
    assert _verbs(g) - {"move", "done"} == ACTIONS
    assert {"attack:crystal", "plunder:treasure", "explore:0,2", "explore:-1,1", "special:", "hide:"} <= set(ids(g))


def test_GB_64_65_67_a_hidden_tribe_can_only_reveal() -> None:
    """GB-64: apart from Reveal, actions need a revealed Tribe; GB-65: a Tribe on the Goblin
    board cannot move, and at 0 Population it can do nothing; GB-67: the special action
    needs the Tribe on the map."""
    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}})
    to_activation(g)
    assert "activate:bones" not in ids(g) and "activate:eye" not in ids(g)     # Population 0: nothing
    choose(g, "activate:fangs")
    assert g.pending.kind == "reveal_tribe"
    assert _verbs(g) - {"secret"} == {"reveal", "done"}          # no move, no special, no other action


def test_GB_67_special_action_after_moving() -> None:
    """GB-67 (FAQ): a Tribe on the map may move before its special action."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [-1, 0], "tribe:fangs": [1, 1]})
    _activate(g, "fangs")
    choose(g, "move:2,1")
    choose(g, "move:3,1")
    assert "special:" in ids(g)
    choose(g, "special:")
    assert gob(g).rage == 3 and gb.tribe_pos(g, "fangs") == (3, 1)       # 1 + Pain + the Fangs action


def test_GB_68_dropping_to_zero_population_scatters() -> None:
    """GB-68: a Tribe that drops to 0 Population scatters (back to the board, Monster
    discarded) — here by leaving its second Lit tile."""
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}, "monsters": {"fangs": ["golem"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [-1, 0]})
    _activate(g, "fangs")                                       # Pain: Population 1
    choose(g, "move:0,0")
    assert gb.tribe_pos(g, "fangs") == (0, 0)
    choose(g, "move:1,0")                                       # leaves a 2nd Lit tile: 0
    assert gob(g).population["fangs"] == 0 and gb.tribe_pos(g, "fangs") is None and gb.on_board(g, "fangs")
    assert gob(g).monsters["fangs"] == [] and "golem" in g.state.monster_discard
    assert g.pending.kind == "goblins_turn" and "activate:fangs" not in ids(g)


def test_GB_68_70_attacked_tribe_scatters_to_zero_not_below() -> None:
    """GB-68: a Tribe attacked by the Knight scatters; GB-70: a scatter at Population 1
    leaves 0, never less."""
    g = gob_game(active="knight", goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, knight={"cubes_free": 2})
    choose(g, "cube:strength")
    choose(g, "cube:strength")                                  # Strength 3 > 1 + 1 disc
    choose(g, "move:1,0")
    assert gb.tribe_pos(g, "fangs") is None and gob(g).population["fangs"] == 0
    assert _board(g).population["fangs"] == 0


# ------------------------------------------------------------ lurking
def test_GB_84_lurking_tribe_steps_onto_one_tile_or_hides() -> None:
    """GB-84: a lurking Tribe is still hidden; activated, it moves onto 1 adjacent tile
    (then stops, no action) or Hides."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "lurking": {"fangs": [1, -1]}},
                 pieces={"knight": [3, 0]})
    assert gb.tribe_pos(g, "fangs") is None and "fangs" in gb.hidden_tribes(g)
    to_activation(g)
    choose(g, "activate:fangs")
    assert g.pending.kind == "lurker"
    assert set(ids(g)) == {"step:1,0", "hide:", "done:"}         # no move beyond, no action
    choose(g, "step:1,0")
    assert gb.tribe_pos(g, "fangs") == (1, 0) and not gob(g).lurking
    assert g.pending.kind == "goblins_turn" and "activate:fangs" not in ids(g)
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "lurking": {"fangs": [1, -1]}},
                 pieces={"knight": [3, 0]})
    to_activation(g)
    choose(g, "activate:fangs")
    choose(g, "hide:")
    assert not gob(g).lurking and gb.on_board(g, "fangs")


def test_GB_86_tile_placed_under_a_lurker_lets_it_move_normally() -> None:
    """GB-86 (FAQ): a lurking Tribe must spend its activation stepping onto a tile, but
    once a tile is placed beneath it (here by the Eye exploring) it moves normally."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 1}, "lurking": {"fangs": [1, 2]}},
                 pieces={"knight": [3, 0], "tribe:eye": [1, 1]})
    _activate(g, "eye")
    choose(g, "explore:1,2")
    assert gb.tribe_pos(g, "fangs") == (1, 2) and not gob(g).lurking
    choose(g, "activate:fangs")
    assert g.pending.kind == "tribe_activation"
    assert "move:1,1" in ids(g) and "special:" in ids(g)
    choose(g, "move:1,1")
    choose(g, "move:2,1")                                       # more than one tile
    assert gb.tribe_pos(g, "fangs") == (2, 1)


# ------------------------------------------------------------ Ambush, the Dragon
def test_GB_91_tribes_cannot_ambush_the_dragon() -> None:
    """GB-91 (FAQ): Tribes cannot Ambush the Dragon: he revealing an Ambush tile (Burn)
    gives the Goblins nothing, and Hiding Spots never targets him."""
    tiles = [entrance(), dark((1, 0), "T13"), lit((2, 0), "T22"), lit((3, 0), "T25")]
    g = _dragon_game(active="dragon", tiles=tiles, pieces={"dragon": [2, 0]}, dragon={"hand": ["flame", "wing"]},
                     goblins={"population": {"fangs": 4, "bones": 4, "eye": 0}, "hand": ["hiding_spots"]})
    health = g.state.dragon.health
    choose(g, "power:burn")
    asked = []
    while g.pending.kind != "dragon_turn":
        asked.append((g.pending.role, g.pending.kind))
        choose(g, "burn:1,0" if "burn:1,0" in ids(g) else ids(g)[0])
    assert g.state.board.tiles[(1, 0)].lit and gb.is_ambush_tile(g, (1, 0))
    assert not any(role == "goblins" for role, _ in asked)
    assert g.state.dragon.health == health and gob(g).population == {"fangs": 4, "bones": 4, "eye": 0}
    # Hiding Spots: the Dragon on a Lit Ambush tile is no target
    tiles = [entrance(), lit((1, 0), "T13"), lit((2, 0), "T22")]
    g = _dragon_game(tiles=tiles, pieces={"dragon": [1, 0]},
                     goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "hand": ["hiding_spots"]})
    to_activation(g)
    assert "secret:hiding_spots" not in ids(g)
    g = gob_game(tiles=tiles, pieces={"knight": [1, 0]},
                 goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "hand": ["hiding_spots"]})
    to_activation(g)
    assert "secret:hiding_spots" in ids(g)                      # the same card against the Knight


def test_GB_93_first_turn_example() -> None:
    """GB-93 (rulebook example): at Rage 1 one War card is drawn; the Goblins reveal Fangs
    and Eye onto matching Dark tiles and leave Bones hidden."""
    g = gob_game(war="ruin", goblins={"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}})
    assert g.pending.kind == "populate" and gob(g).war_card == "ruin"     # no choice: 1 card
    to_activation(g)
    choose(g, "activate:fangs")
    choose(g, "reveal:1,1")
    choose(g, "activate:eye")
    choose(g, "reveal:3,1")
    assert "activate:bones" in ids(g)
    _end_turn(g)
    assert gb.tribe_pos(g, "fangs") == (1, 1) and gb.tribe_pos(g, "eye") == (3, 1)
    assert gb.on_board(g, "bones") and gb.hidden_tribes(g) == ["bones"]
    assert g.state.active == "knight"
