"""Rule tests for the promo Event, Monster and Secrets cards (issue 28, EXPANSION_DATA
Appendix A): the ``promo-events`` variant (Quake!), ``promo-monsters`` (Ground Kraken),
``promo-secrets`` (Slingshot VAR-22, Cave Mushrooms, Meat! GB-15/VAR-23) and the composite
``all-bonus-cards`` (engine/setup.py ``expand_variants``).

Positions are (x, y), y grows southward; the Entrance is at (0, 0).  Dragon die faces:
2 the four sides, 3 plus (sides and centre), 6 centre only.
"""
from __future__ import annotations

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.cards import promo_secrets as promo
from vast_desktop.engine.cards import secrets as sc
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.setup import SetupError, expand_variants, validate_setup
from vast_desktop.rules_data import load_rules

from .helpers import choose, entrance, event_kinds, ids, lit, scenario
from .helpers_goblins import gob, gob_game, to_activation


def _finish(g, role: str, kind: str) -> None:
    """Take the first option (a forced move, a tile to fill) until ``role`` decides ``kind``."""
    for _ in range(40):
        assert g.pending is not None, g.outcome
        if (g.pending.role, g.pending.kind) == (role, kind):
            return
        choose(g, ids(g)[0])
    raise AssertionError(f"no {role}/{kind} decision came")


# ---------------------------------------------------------------- setup
def test_all_bonus_cards_expands_to_the_registered_bonus_variants_of_the_roles_in_play() -> None:
    """all-bonus-cards is never refused for a missing role: only the bonus variants whose
    role is in play (and that this version registers) apply."""
    knight = Setup(roles=("knight",), variants=("all-bonus-cards",))
    assert {"promo-events", "promo-monsters"} <= set(expand_variants(knight))
    goblins = Setup(roles=("goblins", "thief"), variants=("all-bonus-cards",))
    assert "promo-events" not in expand_variants(goblins) and "promo-monsters" in expand_variants(goblins)
    validate_setup(goblins, load_rules())
    assert "all-bonus-cards" not in expand_variants(goblins)


def test_promo_events_named_without_the_knight_is_refused_with_a_clear_message() -> None:
    with pytest.raises(SetupError, match="promo-events variant changes the Knight's cards: add the Knight"):
        new_game(Setup(roles=("goblins", "dragon"), variants=("promo-events",)))


@pytest.mark.parametrize("variants, dealt", [((), False), (("promo-events",), True), (("all-bonus-cards",), True)])
def test_quake_is_dealt_only_with_promo_events(variants: tuple[str, ...], dealt: bool) -> None:
    g = new_game(Setup(roles=("knight", "cave"), seed=2, variants=variants))
    assert ("quake" in g.state.event_deck) == dealt
    assert len(g.state.event_deck) == 15 + dealt


@pytest.mark.parametrize("variants, dealt", [((), False), (("promo-monsters",), True)])
def test_ground_kraken_is_dealt_only_with_promo_monsters(variants: tuple[str, ...], dealt: bool) -> None:
    g = new_game(Setup(roles=("knight", "goblins"), seed=2, variants=variants))
    assert ("ground_kraken" in g.state.monster_deck) == dealt


# ---------------------------------------------------------------- Quake!
def test_quake_collapses_the_tiles_the_dragon_die_hits_and_forces_the_knight_off() -> None:
    """Quake!: the Dragon die at the Knight's space; face 3 (plus) hits her tile, the
    Entrance (never removed, COL-12) and the sides; she is moved off by Forced Movement
    (with no Cave she chooses where) and the removed tiles go under the stack (COL-23)."""
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25"), lit((1, 1), "T29"), lit((1, -1), "T31")]
    g = scenario(("knight",), solo_level="easy", variants=["promo-events"], tiles=tiles, pieces={"knight": [1, 0]},
                 tokens={"1,0": {"event": 1}}, event_deck=["quake", "rats#1"])
    g.script_dice("dragon", 3, then="fail")
    choose(g, "resolve_event:")
    assert (g.pending.role, g.pending.kind) == ("knight", "forced_move")
    choose(g, "push:0,0")
    _finish(g, "knight", "knight_turn")
    on_map = {t.tile_id for t in g.state.board.tiles.values()}
    assert "entrance" in on_map and not {"T22", "T25", "T29", "T31"} & on_map
    assert {"T22", "T25", "T29", "T31"} <= set(g.state.stack)
    assert g.state.board.pieces["knight"] == (0, 0) and "quake" in g.state.removed_from_game
    assert "quake_spared" in event_kinds(g)


def test_quake_spares_a_tile_whose_piece_cannot_leave_it() -> None:
    """Quake! on face 6 (centre only) at the Knight in a dead end with no open side: her
    tile stays (COL-16), as Wrath's would, and the log says why."""
    tiles = [entrance(), lit((1, 0), "T02", rot=1), lit((2, 0), "T12", rot=3)]
    g = scenario(("knight",), solo_level="easy", variants=["promo-events"], tiles=tiles, pieces={"knight": [2, 0]},
                 tokens={"2,0": {"event": 1}}, event_deck=["quake"])
    g.script_dice("dragon", 6, then="fail")
    choose(g, "resolve_event:")
    _finish(g, "knight", "knight_turn")
    assert g.state.board.tiles[(2, 0)].tile_id == "T12" and g.state.board.pieces["knight"] == (2, 0)
    spared = next(e.public for e in g.events if e.kind == "quake_spared")
    assert spared == "Quake!: The Knight on 2,0 would have nowhere to go under Forced Movement, so the tile stays."
    assert "quake_no_effect" in event_kinds(g) and "tile_removed" not in event_kinds(g)


# ---------------------------------------------------------------- Ground Kraken
def test_ground_kraken_its_tribe_attacks_then_the_dragon_die_collapses_and_the_card_leaves() -> None:
    """Ground Kraken: Fangs attacks the Knight (GB-72/73 as usual), the card is removed from
    the game (not discarded by the scatter), then the Dragon die at the Tribe's space —
    face 6, centre only — brings that tile down; the Knight standing there is moved off."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "rage": 2,
                                         "monsters": {"fangs": ["ground_kraken"]}},
                 pieces={"knight": [1, 0], "tribe:fangs": [1, 1]}, knight={"health": 3})
    to_activation(g)
    choose(g, "activate:fangs")
    g.script_dice("dragon", 6, then="fail")
    choose(g, "move:1,0")                                   # Strength 3 > her 1: an attack
    assert g.state.knight.health == 2
    assert "ground_kraken" in g.state.removed_from_game and "ground_kraken" not in g.state.monster_discard
    assert gob(g).monsters["fangs"] == [] and gb.tribe_pos(g, "fangs") is None
    assert g.state.last_roll == ((1, 0), 6)                 # at the space it attacked from
    assert (g.pending.role, g.pending.kind) == ("goblins", "forced_move")
    assert set(ids(g)) == {"push:0,0", "push:2,0"}          # FM-08: not onto the Dark tile at (1,1)
    choose(g, "push:2,0")
    assert [e.data["pos"] for e in g.events if e.kind == "tile_removed"] == [(1, 0)]
    assert g.state.board.pieces["knight"] == (2, 0)
    assert "kraken" in event_kinds(g) and "die_roll" in event_kinds(g)


def test_ground_kraken_ambush_strength_3_collapses_then_leaves_the_game() -> None:
    """Goblin Infestation line C: the Ground Kraken ambushes at Strength 3; hit or not, the
    Dragon die is rolled at the Ambush space and the tiles it hits collapse; the card is
    removed from the game rather than discarded."""
    tiles = [entrance(), lit((1, 0), "T22"), {"pos": [2, 0], "tile": "T01", "lit": False}, lit((2, 1), "T29")]
    g = scenario(("knight",), solo_level="hard", variants=["promo-monsters"], tiles=tiles, pieces={"knight": [1, 0]},
                 monster_deck=["ground_kraken", "ogre"])
    choose(g, "move:2,0")
    for _ in range(10):
        if g.pending.kind == "ambush_strength":
            break
        choose(g, ids(g)[0])
    assert "Strength 3" in g.pending.prompt
    g.script_dice("dragon", 6, then="fail")
    choose(g, "fight:")                                     # her Strength 1 < 3: a wound
    assert g.state.knight.health == 6
    assert "ground_kraken" in g.state.removed_from_game and "ground_kraken" not in g.state.monster_discard
    _finish(g, "knight", "knight_turn")
    assert "T01" not in {t.tile_id for t in g.state.board.tiles.values()}      # her tile fell, she moved off
    assert g.state.board.pieces["knight"] in g.state.board.tiles


# ---------------------------------------------------------------- promo Secrets
def test_promo_secrets_deals_slingshot_cave_mushrooms_and_meat_only_with_the_variant() -> None:
    plain = new_game(Setup(roles=("goblins", "dragon"), seed=2))
    bonus = new_game(Setup(roles=("goblins", "dragon"), seed=2, variants=("promo-secrets",)))
    promo = {"slingshot", "cave_mushrooms", "meat"}
    assert not promo & set(plain.state.goblins.secrets_deck)
    assert promo <= set(bonus.state.goblins.secrets_deck)
    with pytest.raises(SetupError, match="promo-secrets variant changes the Goblins's cards: add the Goblins"):
        new_game(Setup(roles=("knight", "dragon"), variants=("promo-secrets",)))


def test_VAR_22_slingshot_lowers_the_knights_strength_and_perception_until_the_goblins_turn_ends() -> None:
    """Slingshot, face up: from the Activate Tribes menu it hits the Knight, seen in a straight
    line within 4 spaces of a revealed Tribe: −1 Strength and −1 Perception until the
    Goblins' turn ends.  VAR-22: not an attack — no Health lost, no Rage spent — and any
    Tribe throws it whatever its Population; once a turn."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["slingshot"], "rage": 2},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    to_activation(g)
    strength, perception, health = kb.strength(g), kb.perception(g), g.state.knight.health
    rage = gob(g).rage
    assert "slingshot:knight" in ids(g)
    choose(g, "slingshot:knight")
    assert (kb.strength(g), kb.perception(g)) == (strength - 1, perception - 1)
    assert g.state.knight.health == health and gob(g).rage == rage          # not an attack
    assert "slingshot:knight" not in ids(g)                                 # once a turn
    assert promo.check_slingshot_target(g, "knight").text == \
        "The Slingshot has been used this turn: once in each of your turns."
    choose(g, "end:")
    assert (kb.strength(g), kb.perception(g)) == (strength, perception)     # it ends with their turn


def test_VAR_22_slingshot_needs_a_revealed_tribe_that_sees_the_target_within_4() -> None:
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["slingshot"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1]})
    to_activation(g)
    assert not any(i.startswith("slingshot:") for i in ids(g))
    assert promo.check_slingshot_target(g, "knight").text == \
        "No revealed Tribe sees the Knight within 4 spaces in a straight line."
    assert promo.check_slingshot_target(g, "thief").rule == "VAR-22"


def test_VAR_22_a_click_on_a_wrong_slingshot_target_says_why() -> None:
    """With the Slingshot face up, a click on a piece in the Activate Tribes menu is answered by
    the Slingshot's own check (why_not -> check_slingshot_target): the Knight out of sight, and
    the Thief, who has no Strength, Armor or Perception to lower (his statistics are Movement,
    Stealth and Thievery: thief.yaml), so he is never a target even in plain sight."""
    from vast_desktop.engine.decisions import Target
    from vast_desktop.engine.explain.why_not import why_not, why_not_reason

    g = gob_game(roles=("knight", "goblins", "thief"),
                 goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["slingshot"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "thief": [2, 0]})
    to_activation(g)
    assert not any(i.startswith("slingshot:") for i in ids(g))
    assert why_not(g, "goblins", Target("piece", "knight")) == \
        "No revealed Tribe sees the Knight within 4 spaces in a straight line."
    thief = why_not_reason(g, "goblins", Target("piece", "thief"))
    assert thief is not None and thief.rule == "VAR-22"
    assert thief.text == ("The Slingshot lowers Strength, Armor or Perception, and the Thief has none of them (his "
                          "statistics are Movement, Stealth and Thievery): it hits the Knight or the surfaced Dragon.")
    # in plain sight of a revealed Tribe, the Knight is a target and the Thief still is not
    g = gob_game(roles=("knight", "goblins", "thief"),
                 goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}, "face_up": ["slingshot"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0], "thief": [2, 0]})
    to_activation(g)
    assert "slingshot:knight" in ids(g) and "slingshot:thief" not in ids(g)
    assert why_not(g, "goblins", Target("piece", "knight")) is None
    assert why_not(g, "goblins", Target("piece", "thief")) == thief.text
    # without the Slingshot the click on the Knight is the menu's usual answer
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 0, "eye": 0}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    to_activation(g)
    assert "Slingshot" not in (why_not(g, "goblins", Target("piece", "knight")) or "")


def test_cave_mushrooms_one_tribe_three_activations_and_it_reveals_again_after_hiding() -> None:
    """Cave Mushrooms: before any activation, one Tribe is activated up to three times and
    no other Tribe; hidden again in between, it may Reveal on a later activation."""
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "hand": ["cave_mushrooms"]})
    to_activation(g)
    choose(g, "secret:cave_mushrooms", "tribe:fangs")
    assert "activate:bones" not in ids(g) and "activate:fangs" in ids(g)
    assert gb.check_activate(g, "bones").text == "Cave Mushrooms: only the Fangs Tribe is activated this turn."
    choose(g, "activate:fangs", "reveal:1,1")                             # 1: revealed on its Dark tile
    assert gb.tribe_pos(g, "fangs") == (1, 1) and g.pending.kind == "goblins_turn"
    choose(g, "activate:fangs", "hide:")                                  # 2: it hides again
    assert gb.tribe_pos(g, "fangs") is None and g.pending.kind == "goblins_turn"
    choose(g, "activate:fangs")                                           # 3: revealed again
    assert g.pending.kind == "reveal_tribe" and "reveal:1,1" in ids(g)
    choose(g, "reveal:1,1")
    assert gob(g).activated == ["fangs", "fangs", "fangs"] and gb.tribe_pos(g, "fangs") == (1, 1)
    assert set(ids(g)) == {"end:"}
    assert gb.check_activate(g, "fangs").text == "The Fangs Tribe has been activated 3 times this turn (Cave Mushrooms)."


def test_cave_mushrooms_a_click_on_a_tribe_that_cannot_act_says_why() -> None:
    """Cave Mushrooms' Tribe (choose_tribe) is one that may be activated now: a click on the Eye
    Tribe's place with Population 0 is refused by the same check that builds the options
    (``check_choose_tribe`` -> ``check_mushrooms_tribe``), not told to click it."""
    from vast_desktop.engine.decisions import Target
    from vast_desktop.engine.explain.why_not import why_not, why_not_reason

    g = gob_game(war="desperation", goblins={"population": {"fangs": 2, "bones": 2, "eye": 0},
                                             "hand": ["cave_mushrooms"]})        # a War card adding no Eye disc
    to_activation(g)
    choose(g, "secret:cave_mushrooms")
    assert g.pending.kind == "choose_tribe" and set(ids(g)) == {"tribe:fangs", "tribe:bones"}
    eye = why_not_reason(g, "goblins", Target("slot", "goblins.eye"))
    assert eye is not None and eye.rule == "GB-65"
    assert eye.text == "The Eye Tribe has Population 0: it can be neither revealed nor activated."
    assert why_not(g, "goblins", Target("slot", "goblins.fangs")) is None
    assert sc.check_choose_tribe(g, "cave_mushrooms", "eye") == eye


def test_cave_mushrooms_is_played_before_any_activation() -> None:
    g = gob_game(goblins={"population": {"fangs": 2, "bones": 2, "eye": 0}, "hand": ["cave_mushrooms"]})
    to_activation(g)
    choose(g, "activate:bones", "done:")
    assert "secret:cave_mushrooms" not in ids(g)
    assert sc.check_play_secret(g, "cave_mushrooms").text == \
        "Cave Mushrooms is played before any Tribe is activated this turn."


def test_GB_15_VAR_23_meat_waits_for_a_free_strength_disc() -> None:
    """GB-15 / VAR-23: the four Strength discs are a hard limit.  The Fangs disc and three
    +1 Strength Monsters use all four: Meat! waits face up.  Once a Monster leaves, the
    freed disc goes to the Meat! at the start of the Goblins' next turn."""
    g = gob_game(roles=("goblins",), pieces={},
                 goblins={"population": {"fangs": 2, "bones": 2, "eye": 2}, "hand": ["meat"],
                          "monsters": {"fangs": ["ogre"], "bones": ["troll"], "eye": ["flame_giant"]}})
    to_activation(g)
    assert promo.free_strength_discs(g) == 0
    choose(g, "secret:meat")
    assert "meat" in gob(g).face_up and "meat_waits" in event_kinds(g) and not promo.meat_spaces_on_map(g)
    gob(g).monsters["eye"] = []                                           # a disc frees up
    g.state.monster_discard.append("flame_giant")
    choose(g, "end:")
    for _ in range(40):
        if g.pending.kind == "meat_space":
            break
        choose(g, ids(g)[0])
    assert g.pending.role == "goblins" and "meat:2,0" in ids(g)
    assert "meat:1,1" in ids(g) and "meat:0,0" in ids(g)
    choose(g, "meat:2,0")
    assert promo.meat_spaces_on_map(g) == [(2, 0)] and "meat" not in gob(g).face_up
    assert promo.free_strength_discs(g) == 0


def test_GB_15_a_strength_monster_without_a_free_disc_has_no_effect() -> None:
    """With a Meat! disc out, three +1 Strength Monsters need five discs: the last in the
    order Fangs, Bones, Eye has no effect until one frees up."""
    g = gob_game(goblins={"population": {"fangs": 1, "bones": 1, "eye": 1},
                          "monsters": {"fangs": ["ogre"], "bones": ["troll"], "eye": ["flame_giant"]}},
                 tokens={"2,0": {"meat": 1}})
    assert [gb.strength_discs(g, t) for t in ("fangs", "bones", "eye")] == [2, 1, 0]
    g.state.board.tokens_at((2, 0))["meat"] = 0
    assert [gb.strength_discs(g, t) for t in ("fangs", "bones", "eye")] == [2, 1, 1]


def test_meat_any_tribe_may_be_revealed_on_it() -> None:
    g = gob_game(goblins={"population": {"fangs": 0, "bones": 1, "eye": 0}}, tokens={"3,0": {"meat": 1}})
    to_activation(g)
    choose(g, "activate:bones")
    assert "reveal:3,0" in ids(g) and "reveal:2,1" in ids(g)
    assert "Meat!" in g.pending.option("reveal:3,0").label
    choose(g, "reveal:3,0")
    assert gb.tribe_pos(g, "bones") == (3, 0)


def test_meat_the_dragons_scratch_devours_it_counting_as_eating_1() -> None:
    tiles = [entrance(), lit((1, 0), "T22"), lit((2, 0), "T25")]
    g = scenario(("goblins", "dragon"), active="dragon", tiles=tiles, pieces={"dragon": [1, 0]},
                 dragon={"placed": True, "hand": ["claw"] * 3}, tokens={"1,0": {"meat": 1}})
    eaten = g.state.dragon.eaten
    choose(g, "power:scratch")
    assert g.pending.option("scratch:tribes").label == "Scratch the Meat! (it counts as eating 1)"
    choose(g, "scratch:tribes")
    assert g.state.dragon.eaten == eaten + 1 and not promo.meat_spaces_on_map(g)


# ---------------------------------------------------------------- Easy bots
def test_easy_goblins_throw_the_slingshot_first_and_keep_the_promo_secrets() -> None:
    """The Easy Goblins value the promo Secrets: the Slingshot (free, it only helps) is
    thrown before any activation, and a Slingshot in hand is kept over Cave-In."""
    from vast_desktop.bots.easy.goblins import EasyGoblins
    from vast_desktop.engine import view

    g = gob_game(goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}, "face_up": ["slingshot"]},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 0]})
    to_activation(g)
    bot = EasyGoblins(seed=1)
    assert g.pending is not None
    assert bot(view(g, "goblins"), g.pending) == "slingshot:knight"
    ctx = bot.picture(view(g, "goblins"), g.pending)
    assert bot.secret_value(ctx, "slingshot") > bot.secret_value(ctx, "cave_in")
    assert bot.secret_value(ctx, "meat") > bot.secret_value(ctx, "cave_in")
    assert bot.monster_value(ctx, "ground_kraken", "fangs") > 1.0
