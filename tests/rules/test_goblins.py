"""Goblins rules by checklist id (GB-*, and the Knight/Cave items that touch the Goblins)."""
from __future__ import annotations

import pytest

from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.roles.goblins import turn as gb

from .helpers_goblins import choose, gob, gob_game, ids, to_activation


# ---------------------------------------------------------------- 8a/8b
def test_GB_06_11_strength_is_population_plus_discs() -> None:
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "monsters": {"bones": ["ogre"]}})
    assert gb.tribe_strength(g, "fangs") == 2 + 1      # permanent Strength disc
    assert gb.tribe_strength(g, "bones") == 2 + 1      # GB-13/44: Ogre adds a disc
    assert gb.strength_discs_used(g) == 2


def test_GB_23_malaise_lowers_strength_except_pet_frog() -> None:
    g = gob_game(goblins={"rage": 0, "population": {"fangs": 2, "bones": 2, "eye": 2},
                          "monsters": {"eye": ["pet_frog"]}}, active="knight")
    assert gb.tribe_strength(g, "bones") == 1
    assert gb.tribe_strength(g, "eye") == 2
    gb.gain_rage(g, 1)
    assert gb.tribe_strength(g, "bones") == 2


def test_GB_16_rage_stays_in_range() -> None:
    g = gob_game(active="knight")
    gb.gain_rage(g, 5)
    assert gob(g).rage == 3
    gb.lose_rage(g, 9)
    assert gob(g).rage == 0


# ---------------------------------------------------------------- 8c/8d
def test_GB_24_25_rage_zero_rises_and_one_card_is_drawn() -> None:
    g = gob_game(war="hate", goblins={"rage": 0})
    assert gob(g).rage == 1 and gob(g).war_card == "hate"
    assert g.pending is not None and g.pending.kind == "populate"


def test_GB_24_draw_cards_equal_to_rage_keep_one() -> None:
    g = gob_game(war="hate", goblins={"rage": 3})
    assert g.pending is not None and g.pending.kind == "war_card"
    assert set(ids(g)) == {"war:hate", "war:thirst", "war:spite"}
    choose(g, "war:spite")
    assert gob(g).war_card == "spite"


def test_GB_27_28_29_populate_and_block_with_rage() -> None:
    g = gob_game(war="thirst", goblins={"rage": 1, "population": {"fangs": 0, "bones": 0, "eye": 0}})
    g = gob_game(war="thirst", goblins={"rage": 2, "population": {"fangs": 0, "bones": 0, "eye": 0}})
    choose(g, "war:thirst")
    choose(g, "block:fangs")
    assert gob(g).rage == 1
    choose(g, "populate:")
    assert gob(g).population == {"fangs": 0, "bones": 2, "eye": 1}


def test_GB_30_31_32_35_overpopulation_caps_and_one_tribe_scatters() -> None:
    g = gob_game(war="hate", goblins={"population": {"fangs": 3, "bones": 4, "eye": 1}},
                 pieces={"knight": [0, 0], "tribe:eye": [1, 1]})
    choose(g, "populate:")
    assert gob(g).population == {"fangs": 4, "bones": 4, "eye": 3}
    assert g.pending is not None and g.pending.kind == "overpopulation"
    assert ids(g) == ("scatter:eye",)          # a revealed Tribe must scatter, even one not overpopulated
    choose(g, "scatter:eye")
    assert gob(g).population["eye"] == 1 and gb.tribe_pos(g, "eye") is None


def test_GB_46_pet_frog_never_overpopulates() -> None:
    g = gob_game(war="hate", goblins={"population": {"fangs": 0, "bones": 0, "eye": 4}, "monsters": {"eye": ["pet_frog"]}})
    choose(g, "populate:")
    assert gob(g).population["eye"] == 4
    assert g.pending is not None and g.pending.kind != "overpopulation"


def test_GB_32_leader_prevents_the_scatter() -> None:
    g = gob_game(war="hate", goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}, "hand": ["leader"]})
    choose(g, "populate:")
    choose(g, "secret:leader")
    assert gob(g).population["fangs"] == 4 and "leader" in gob(g).secrets_discard


# ---------------------------------------------------------------- 8e/8f
def test_GB_38_40_monsters_limited_by_bones_population() -> None:
    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 1, "eye": 0}},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    assert g.pending is not None and g.pending.kind == "assign_monster"
    assert "assign:bones" in ids(g) and "assign:fangs" in ids(g)
    choose(g, "assign:bones")
    # Bones Population 1 = 1 Monster: no new one (GB-41), only a replacement or a discard
    assert not any(i.startswith("assign:") for i in ids(g))
    choose(g, "replace:bones:ogre")
    assert gob(g).monsters["bones"] == ["troll"] and "ogre" in g.state.monster_discard


def _ruby_to_monsters(g) -> None:
    while g.pending.kind in ("war_card", "populate"):
        choose(g, "war:desperation" if g.pending.kind == "war_card" else "populate:")


def test_GOBLIN_RUBY_redraw_a_monster_once_a_turn() -> None:
    """Goblin Ruby (COMPONENT_DATA Secrets): after drawing a Monster, discard it and draw another, once a turn."""
    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 3, "eye": 0}, "face_up": ["goblin_ruby"],
                                             "secrets_deck": ["hex", "trap", "poison", "cave_in"]},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    _ruby_to_monsters(g)
    assert g.pending.kind == "assign_monster" and "ruby:" in ids(g)
    choose(g, "ruby:")
    assert "ogre" in g.state.monster_discard and gob(g).drawn_monster == "troll" and gob(g).ruby_used
    assert g.pending.kind == "assign_monster" and "ruby:" not in ids(g)       # once per turn
    choose(g, "assign:bones")
    assert "ruby:" not in ids(g)
    assert gob(g).monsters["bones"] == ["troll"]


def test_GOBLIN_RUBY_redraw_a_secret() -> None:
    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "face_up": ["goblin_ruby"],
                                             "secrets_deck": ["hex", "trap", "poison", "cave_in"]},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    _ruby_to_monsters(g)
    while g.pending.kind == "assign_monster":
        choose(g, "discard:")
    assert g.pending.kind == "ruby_secret" and g.pending.role == "goblins"
    assert {i for i in ids(g) if not i.startswith("secret:")} == {"ruby:hex", "ruby:trap", "ruby:poison", "keep:"}
    assert "secret:poison" in ids(g)            # GB-52: a Secret may be played here too
    choose(g, "ruby:trap")
    assert sorted(gob(g).hand) == ["cave_in", "hex", "poison"] and "trap" in gob(g).secrets_discard
    assert gob(g).ruby_used


def test_GOBLIN_RUBY_not_offered_without_it_face_up() -> None:
    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "hand": ["goblin_ruby"],
                                             "secrets_deck": ["hex", "trap"]},
                 monster_deck=["ogre", "troll", "golem", "wisp"])
    assert "ruby:" not in ids(g)
    while g.pending.kind == "assign_monster":
        choose(g, "discard:")
    assert g.pending.kind != "ruby_secret"


def test_GB_51_hand_limit_five_counts_face_up() -> None:
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0},
                                              "hand": ["hex", "poison"], "face_up": ["trap"]})
    to_activation(g)   # picks the first discard each time
    s = gob(g)
    assert len(s.hand) + len(s.face_up) == 5


# ---------------------------------------------------------------- 8g/8h
def _activate(g, tribe: str) -> None:
    to_activation(g)
    choose(g, f"activate:{tribe}")


def test_GB_82_66_reveal_uses_the_activation() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}})
    _activate(g, "fangs")
    assert "reveal:1,1" in ids(g) and "reveal:2,1" not in ids(g)   # only Fangs-symbol Dark tiles
    choose(g, "reveal:1,1")
    assert gb.tribe_pos(g, "fangs") == (1, 1)
    assert g.pending is not None and g.pending.kind == "goblins_turn" and "activate:fangs" not in ids(g)


def test_GB_83_85_lurking_then_revealed_by_a_tile() -> None:
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True}]
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}}, tiles=tiles)
    _activate(g, "fangs")
    assert not any(i.startswith("reveal:") for i in ids(g))
    choose(g, "lurk:2,0")
    assert gob(g).lurking == {"fangs": (2, 0)} and gb.tribe_pos(g, "fangs") is None
    from vast_desktop.engine.map.board import place_tile
    place_tile(g, g.state.stack.pop(0), (2, 0), "cave")
    assert gb.tribe_pos(g, "fangs") == (2, 0) and not gob(g).lurking


def test_GB_61_62_every_second_lit_tile_left_costs_one() -> None:
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [-1, 0]})
    _activate(g, "fangs")
    choose(g, "move:0,0")          # leaves Lit (-1,0): 1
    assert gob(g).population["fangs"] == 3
    choose(g, "move:0,1")          # leaves Lit (0,0): 2 -> -1
    assert gob(g).population["fangs"] == 2
    choose(g, "move:1,1")          # leaves Dark: free
    choose(g, "move:1,0")          # Dark again
    assert gob(g).population["fangs"] == 2


def test_GB_72_73_attack_the_knight() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "rage": 2},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 1]}, knight={"health": 3})
    _activate(g, "fangs")          # Pain: Population 2, Strength 3 > her 1
    choose(g, "move:1,0")
    assert g.state.knight.health == 2
    assert gb.tribe_pos(g, "fangs") is None and gob(g).population["fangs"] == 0
    assert gob(g).rage == 2        # 2 + 1 (Pain) - 1


def test_GB_72_no_entry_without_more_strength() -> None:
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}},
                 pieces={"knight": [1, 0], "tribe:eye": [1, 1]}, knight={"track": {"strength": 2}})
    _activate(g, "eye")            # Eye Population 1, Strength 1 < her 3
    assert "move:1,0" not in ids(g)


def test_GB_73_knight_killed_goblins_win() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 1]}, knight={"health": 1})
    _activate(g, "fangs")
    choose(g, "move:1,0")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)


def test_GB_49_blob_costs_five_grit() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "monsters": {"fangs": ["blob"]}},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 1]}, knight={"grit": 8})
    _activate(g, "fangs")
    choose(g, "move:1,0")
    assert g.state.knight.grit == 3


def test_GB_76_77_22_two_tribes_smash_a_crystal() -> None:
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [2, 0], "tribe:bones": [2, 0]}, tokens={"2,0": {"crystal": 1}})
    _activate(g, "fangs")
    choose(g, "attack:crystal")
    assert g.state.board.tokens_at((2, 0))["crystal"] == 1
    choose(g, "activate:bones")
    choose(g, "attack:crystal")
    assert g.state.board.tokens_at((2, 0))["crystal"] == 0
    assert g.state.knight.smashed == 1                      # AMB-31: it goes to the Knight
    assert gb.revealed_tribes(g) == []
    assert gob(g).rage == 1                                 # 1 + 1 (Pain) - 1 once (GB-22)


def test_GB_01_77_no_knight_goblins_win_by_crystals() -> None:
    g = gob_game(roles=("goblins",), goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "crystals": 4},
                 pieces={"tribe:fangs": [2, 0], "tribe:bones": [2, 0]}, tokens={"2,0": {"crystal": 1}})
    _activate(g, "fangs")
    choose(g, "attack:crystal")
    choose(g, "activate:bones")
    choose(g, "attack:crystal")
    assert g.outcome is not None and g.outcome.winners == ("goblins",)


def test_GB_78_plunder_treasure() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]}, tokens={"1,1": {"treasure": 1}})
    supply = g.state.supply["treasure"]
    _activate(g, "fangs")
    choose(g, "plunder:treasure")
    assert g.state.supply["treasure"] == supply + 1 and gob(g).rage == 3


def test_GB_81_explore_without_cave_draws_from_the_stack() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    top = g.state.stack[0]
    _activate(g, "fangs")
    choose(g, "explore:1,2")
    assert g.state.board.tiles[(1, 2)].tile_id == top and gb.tribe_pos(g, "fangs") == (1, 2)


def test_GB_69_scatter_discards_monster_bones_keeps_one() -> None:
    g = gob_game(goblins={"population": {"fangs": 3, "bones": 3, "eye": 0},
                          "monsters": {"fangs": ["ogre"], "bones": ["troll", "golem"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "tribe:bones": [2, 1]}, active="knight")

    def run(proc):
        try:
            d = next(proc)
            while True:
                d = proc.send(d.options[0])
        except StopIteration:
            pass
    run(gb.scatter(g, "fangs", "test"))
    assert gob(g).population["fangs"] == 1 and gob(g).monsters["fangs"] == []
    run(gb.scatter(g, "bones", "test"))
    assert len(gob(g).monsters["bones"]) == 1


def test_GB_45_bright_beetles_scatter_costs_one_less() -> None:
    g = gob_game(goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "monsters": {"fangs": ["bright_beetles"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]}, active="knight")
    for _ in gb.scatter(g, "fangs", "test"):
        pass
    assert gob(g).population["fangs"] == 2


def test_GB_89_special_actions() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 1, "eye": 1}, "rage": 1, "secrets_deck": ["hex", "trap"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "tribe:eye": [3, 1]})
    _activate(g, "fangs")
    choose(g, "special:")
    assert gob(g).rage == 3
    choose(g, "activate:eye")
    choose(g, "special:")
    assert gob(g).hand == ["hex"]


def test_GB_87_hide() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}}, pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    _activate(g, "fangs")
    choose(g, "hide:")
    assert gb.tribe_pos(g, "fangs") is None


def test_GB_54_hiding_spots() -> None:
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": True}]
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "hand": ["hiding_spots"]}, tiles=tiles,
                 pieces={"knight": [0, 0]}, knight={"health": 5})
    to_activation(g)
    choose(g, "secret:hiding_spots")
    choose(g, "tribe:fangs")
    assert g.state.knight.health == 4


def test_GB_52_secrets_any_time_during_the_turn_from_the_war_card() -> None:
    """GB-52: a Secret may be played before the War card is chosen (here Poison)."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "hand": ["poison", "hiding_spots"],
                          "rage": 2})
    assert g.pending.kind == "war_card" and "secret:poison" in ids(g)
    assert "secret:hiding_spots" not in ids(g)                     # the reaction keeps its moment
    choose(g, "secret:poison")
    assert gob(g).poison and "poison" in gob(g).secrets_discard
    assert g.pending.kind == "war_card" and "secret:poison" not in ids(g)   # the War card is still to choose


def test_GB_52_GEN_01_a_forced_war_card_is_not_asked_even_with_a_secret_in_hand() -> None:
    """GEN-01: with one War card drawn there is nothing to choose; asking only because the
    Goblins hold a playable Secret would tell the others, so the card is taken either way
    and the Secret waits for the next question (Populate)."""
    for hand in (["poison"], []):
        g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "hand": hand})
        assert g.pending.kind == "populate" and gob(g).war_card == "pain"
        assert ("secret:poison" in ids(g)) == bool(hand)


def test_GB_52_secrets_during_populate_and_a_tribes_activation() -> None:
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 0, "eye": 0}, "rage": 0,
                          "hand": ["fire_bomber", "blind_fury"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    assert g.pending.kind == "populate" and "secret:blind_fury" in ids(g)   # the one War card needs no choice
    choose(g, "secret:blind_fury")
    choose(g, "tribe:fangs")
    assert gob(g).blind_fury == "fangs"
    to_activation(g)
    choose(g, "activate:fangs")
    assert g.pending.kind == "tribe_activation" and "secret:fire_bomber" in ids(g)
    choose(g, "move:2,0")
    choose(g, "secret:fire_bomber")                               # after moving, before the action
    choose(g, "tribe:fangs")
    assert gob(g).fire_bomber == "fangs" and g.pending.kind == "tribe_activation"
    assert gb.tribe_pos(g, "fangs") == (2, 0)



def test_GB_52_secrets_while_revealing_or_lurking() -> None:
    """GB-52: the Reveal and a lurking Tribe's activation offer Secrets too; after the card
    the same question comes back with the same answers."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 2, "eye": 0}, "hand": ["fire_bomber", "blind_fury"],
                          "lurking": {"bones": [4, 0]}})
    to_activation(g)
    choose(g, "activate:fangs")
    assert g.pending.kind == "reveal_tribe" and "secret:fire_bomber" in ids(g)
    before = {i for i in ids(g) if not i.startswith("secret:")}
    choose(g, "secret:fire_bomber")
    choose(g, "tribe:fangs")
    assert gob(g).fire_bomber == "fangs"
    assert g.pending.kind == "reveal_tribe" and {i for i in ids(g) if not i.startswith("secret:")} == before
    choose(g, "reveal:1,1")
    choose(g, "activate:bones")
    assert g.pending.kind == "lurker" and "secret:blind_fury" in ids(g) and "step:3,0" in ids(g)
    choose(g, "secret:blind_fury")
    choose(g, "tribe:bones")
    assert gob(g).blind_fury == "bones" and g.pending.kind == "lurker"
    choose(g, "step:3,0")
    assert gb.tribe_pos(g, "bones") == (3, 0)


def test_GB_51_52_a_secret_played_instead_of_discarded_for_the_hand_limit() -> None:
    """GB-51/52: over the hand limit the Goblins may play a Secret instead of discarding;
    once the hand is back to 5 no discard is asked."""
    g = gob_game(war="desperation", goblins={"population": {"fangs": 0, "bones": 0, "eye": 0},
                                              "hand": ["hex", "poison", "leader"], "face_up": ["trap"],
                                              "secrets_deck": ["cave_in", "fire_bomber", "hiding_spots"]})
    while g.pending.kind != "discard_secret":
        choose(g, "discard:" if g.pending.kind == "assign_monster" else g.pending.ids[0])
    s = gob(g)
    assert len(s.hand) + len(s.face_up) == 7
    assert "secret:poison" in ids(g) and "discard:poison" in ids(g)
    assert "secret:leader" not in ids(g)                        # Leader only answers an overpopulation
    choose(g, "discard:hex")
    assert g.pending.kind == "discard_secret"                   # 6 cards: one more must go
    choose(g, "secret:poison")
    assert s.poison and len(s.hand) + len(s.face_up) == 5
    assert g.pending.kind != "discard_secret" and "hex" in s.secrets_discard

def test_GB_53_cave_in_removes_up_to_eye_population() -> None:
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 1}, "hand": ["cave_in"]},
                 pieces={"knight": [-1, 0]})
    to_activation(g)
    choose(g, "secret:cave_in")
    assert "remove:0,0" not in ids(g) and "remove:-1,0" not in ids(g)   # the Entrance, the Knight's tile
    choose(g, "remove:3,1")
    # Eye has Population 2 after populating: a second tile may go; nothing is filled until Cave-In ends
    assert g.pending.kind == "cave_in" and (3, 1) not in g.state.board.tiles
    choose(g, "stop:")
    # the tile leaves (under the stack) and the open edge is filled once Cave-In is done (COL-23, COL-25, MAP-41)
    assert g.state.board.tiles[(3, 1)].tile_id != "T03" and g.state.stack[-1] == "T03"


def test_GB_58_hex_the_knight() -> None:
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 0, "eye": 1}, "hand": ["hex"]}, knight={"grit": 4})
    to_activation(g)
    choose(g, "secret:hex")
    choose(g, "hex:knight")
    assert g.state.knight.grit == 2


# ------------------------------------------------------------ the Knight
def test_KN_56_58_knight_enters_a_tribe_tile_only_when_stronger_trap_adds_one() -> None:
    g = gob_game(active="knight", goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["trap"]},
                 pieces={"knight": [0, 0], "tribe:fangs": [1, 0]}, knight={"cubes_free": 4})
    assert "move:1,0" not in ids(g)
    choose(g, "cube:strength")
    choose(g, "cube:strength")         # Strength 3 = 1 + 1 disc + Trap
    assert "move:1,0" not in ids(g)
    choose(g, "cube:strength")         # Strength 4
    choose(g, "move:1,0")
    assert gb.tribe_pos(g, "fangs") is None and "trap" in gob(g).secrets_discard
    assert gob(g).rage == 2            # GB-17


def test_KN_108_one_attack_completes_several_sidequest_conditions() -> None:
    g = gob_game(active="knight", goblins={"population": {"fangs": 0, "bones": 3, "eye": 0}, "monsters": {"bones": ["golem"]}},
                 pieces={"knight": [1, 0], "tribe:bones": [1, 1]}, knight={"cubes_free": 5})
    for _ in range(3):
        choose(g, "cube:strength")         # Strength 4 > Bones 3
    choose(g, "move:1,1")
    while g.pending is not None and g.pending.role != "knight" or g.pending.kind != "knight_turn":
        choose(g, ids(g)[0] if "no_ambush:" not in ids(g) else "no_ambush:")
    ach = g.state.knight.achievements
    assert {"attack_tribe_population_3", "attack_tribe_on_revealed_tile", "attack_tribe_with_monster"} <= set(ach)


def test_KN_79_81_bow_shot() -> None:
    g = gob_game(active="knight", goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [3, 0]}, knight={"cubes_free": 4})
    assert not any(i.startswith("bowshot") for i in ids(g))
    choose(g, "cube:bow")
    choose(g, "cube:strength")
    choose(g, "bowshot:fangs")         # Strength 2 - 1 = 1
    assert gob(g).population["fangs"] == 2 and gb.tribe_pos(g, "fangs") == (3, 0) and gob(g).rage == 2


def test_KN_38_ambush_goblins_always_asked() -> None:
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": False}]
    g = gob_game(active="knight", tiles=tiles, goblins={"population": {"fangs": 0, "bones": 0, "eye": 0}},
                 knight={"cubes_free": 2})
    choose(g, "move:1,0")
    while g.pending is not None and g.pending.kind not in ("ambush", "ambush_strength"):
        choose(g, ids(g)[0])
    if g.pending.kind == "ambush_strength":
        choose(g, "fight:")
    assert g.pending.role == "goblins" and ids(g) == ("no_ambush:",)   # asked even with no Tribe able


def test_KN_44_ambush_hits() -> None:
    tiles = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T13", "lit": False}]
    g = gob_game(active="knight", tiles=tiles, goblins={"population": {"fangs": 0, "bones": 2, "eye": 0},
                                                        "monsters": {"bones": ["ogre"]}}, knight={"health": 4})
    choose(g, "move:1,0")
    while g.pending is not None and g.pending.kind not in ("ambush", "ambush_strength"):
        choose(g, ids(g)[0])
    if g.pending.kind == "ambush_strength":
        choose(g, "fight:")
    choose(g, "ambush:bones")
    assert g.state.knight.health == 3 and gob(g).population["bones"] == 0 and gob(g).monsters["bones"] == []


# ------------------------------------------------------------ Cave, setup
def test_CV_24_31_spores_on_the_goblins() -> None:
    g = gob_game(roles=("goblins", "cave"), active="cave", goblins={"population": {"fangs": 3, "bones": 1, "eye": 0}},
                 cave={"omens": {"quartz": 3}})
    while "omen:soporific_spores" not in ids(g):
        choose(g, ids(g)[0])
    choose(g, "omen:soporific_spores")
    while g.pending.kind != "omen_soporific_spores":
        choose(g, ids(g)[0])
    choose(g, "spores:goblins")
    assert ids(g) == ("tribe:fangs",)
    choose(g, "tribe:fangs")
    assert gob(g).population["fangs"] == 1 and gob(g).rage == 2


def test_DIF_10_11_goblin_levels() -> None:
    g = new_game(Setup(roles=("knight", "goblins"), seed=1, difficulty={"goblins": "warlord"}))
    assert g.state.knight.health == 9
    g = new_game(Setup(roles=("goblins",), seed=1, difficulty={"goblins": "boss"}))
    assert g.config.crystals_needed == 4


def test_SOLO_10_alone_in_the_dark_uses_the_largest_tribe() -> None:
    from vast_desktop.engine.flow import alone_in_the_dark_count
    g = gob_game(roles=("goblins",), active="goblins", goblins={"population": {"fangs": 4, "bones": 1, "eye": 0}},
                 pieces={})
    assert alone_in_the_dark_count(g, "goblins") >= 4
    assert "goblins" in g.config.flare_holders


def test_GEN_01_secrets_hidden_from_others() -> None:
    g = gob_game(goblins={"hand": ["hex", "trap"]})
    assert view(g, "knight").boards.goblins.hand is None
    assert view(g, "goblins").boards.goblins.hand == ("hex", "trap")
    assert view(g, None).boards.goblins.hand_count == 2


@pytest.mark.parametrize("roles", [("knight", "goblins"), ("goblins", "cave"), ("goblins",)])
def test_GB_92_RV_06_no_knight_no_ambush(roles: tuple[str, ...]) -> None:
    g = new_game(Setup(roles=roles, seed=5))
    assert g.state.goblins is not None and (g.state.knight is None) == ("knight" not in roles)
    if "knight" not in roles:   # GB-92: Ambush tiles never reach the Goblins without a Knight
        assert g.pending is not None and g.pending.kind != "ambush"


def test_AMB_41_one_bow_shot_per_cube() -> None:
    """AMB-41 (unresolved; default = one shot per Hero cube on the Bow): two cubes, two shots."""
    g = gob_game(active="knight", goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [3, 0]}, knight={"cubes_free": 4})
    choose(g, "cube:bow")
    choose(g, "cube:bow")
    choose(g, "cube:strength")
    choose(g, "bowshot:fangs")
    assert "bowshot:fangs" in ids(g)          # the second cube buys a second shot
    choose(g, "bowshot:fangs")
    assert gob(g).population["fangs"] == 2
    assert "bowshot:fangs" not in ids(g)


def test_AMB_41_house_rule_bow_once_per_turn() -> None:
    """AMB-41 house rule ``bow_once_per_turn``: one shot a turn whatever the cubes."""
    from vast_desktop.engine import load_scenario

    g = gob_game(active="knight", goblins={"population": {"fangs": 4, "bones": 0, "eye": 0}},
                 pieces={"knight": [0, 0], "tribe:fangs": [3, 0]}, knight={"cubes_free": 4})
    data = dict(g.scenario)
    data["setup"] = {**data["setup"], "house_rules": ["bow_once_per_turn"]}
    g = load_scenario(data)
    choose(g, "cube:bow")
    choose(g, "cube:bow")
    choose(g, "cube:strength")
    choose(g, "bowshot:fangs")
    assert "bowshot:fangs" not in ids(g)


# ------------------------------------------------------------ the Pits (issue 25, item 2)
def _fangs_by_pits(pits: list[tuple[str, int, int]]) -> Game:
    """The Fangs Tribe at 1,0 activated, the Pits ``pits`` laid (Terrain variant)."""
    from .helpers_goblins import WAR
    from .helpers_terrain import ENTRANCE, lit, terrain, tgame

    g = tgame([ENTRANCE, lit(1, 0, "T22"), lit(0, 1, "T25")], [terrain(*p) for p in pits], roles=("knight", "goblins"),
              active="goblins", knight_at=(0, 1), pieces={"tribe:fangs": [1, 0]},
              goblins={"rage": 1, "war_deck": ["pain"] + [w for w in WAR if w != "pain"],
                       "population": {"fangs": 2, "bones": 0, "eye": 0}})
    to_activation(g)
    choose(g, "activate:fangs")
    assert g.pending is not None and g.pending.kind == "tribe_activation"
    return g


def test_TR_30_a_tribe_never_enters_the_only_pit() -> None:
    """TR-30 (with GB-60): a Tribe moves any number of tiles, but a Pit is entered only with
    another Pit to jump to — with the only Pit on the map next to it, the Fangs Tribe may not
    step in (it used to, and could then end its turn there against TR-29); with a second Pit
    it may.  The refusal is the Pits' own check (``check_pit_entry``)."""
    from vast_desktop.engine.explain.why_not import why_not_reason
    from vast_desktop.engine.map.terrain import check_pit_entry

    g = _fangs_by_pits([("pits_1", 2, 0)])
    assert "move:2,0" not in ids(g)
    reason = why_not_reason(g, "goblins", (2, 0))
    assert reason is not None and reason.rule == "TR-30" and reason == check_pit_entry(g, (1, 0), (2, 0), None)
    g = _fangs_by_pits([("pits_1", 2, 0), ("pits_2", 4, 2)])
    assert "move:2,0" in ids(g) and why_not_reason(g, "goblins", (2, 0)) is None
