"""Tests of the rules-data layer: the packaged YAML is complete and consistent, and broken data is refused.

Checklist items covered: SET-17/18/20-22 (component counts), DIE (die faces),
CV-12 (omen table), DR-07/AMB-12 (Armor/Spirit), RV-01..37 and SOLO-01/08/11
(role variants), DIF-04..24 (difficulty), DATA-01..25 (component data).
"""
from __future__ import annotations

import importlib.resources
import re
import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from vast_desktop.rules_data import (
    ROLES,
    SHAPE_WALLS,
    CaveTile,
    RulesData,
    RulesDataError,
    RulesYamlLoader,
    UnknownIdError,
    default_rules_dir,
    load_rules_data,
    load_rules_data_uncached,
)


@pytest.fixture(scope="module")
def rd() -> RulesData:
    return load_rules_data()


# ---------------------------------------------------------------------------
# helpers for loading a broken copy
# ---------------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "rules_data"
    with importlib.resources.as_file(default_rules_dir()) as src:
        shutil.copytree(src, dest)
    return dest


def _edit(directory: Path, filename: str, old: str, new: str) -> int:
    """Replace ``old`` (which must occur exactly once) and return the 1-based line it starts on."""
    path = directory / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {filename}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _load_error(directory: Path) -> str:
    with pytest.raises(RulesDataError) as info:
        load_rules_data_uncached(directory)
    return str(info.value)


# ---------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------


def test_load_is_cached_and_frozen(rd: RulesData) -> None:
    assert load_rules_data() is rd
    tile = rd.tile("T01")
    with pytest.raises(ValidationError):
        tile.shape = "open"  # type: ignore[misc]
    with pytest.raises(TypeError):
        rd.card("light").params["health"] = 9  # type: ignore[index]
    assert hash(tile) == hash(rd.tile("T01"))
    assert isinstance(rd.tiles, tuple) and isinstance(rd.role_variants, tuple)


def test_unchanged_copy_loads_equal(data_copy: Path, rd: RulesData) -> None:
    copy = load_rules_data_uncached(data_copy)
    assert copy is not rd
    assert copy == rd


# ---------------------------------------------------------------------------
# Cave tiles (SET-17, SET-18, DATA-05)
# ---------------------------------------------------------------------------


def test_tile_type_counts(rd: RulesData) -> None:
    assert len(rd.tiles) == 52
    counts = Counter(t.type for t in rd.tiles)
    assert counts == {"entrance": 1, "ambush": 15, "event": 15, "treasure": 6, "crystal": 9, "vault": 6}
    assert rd.tile("entrance").type == "entrance"
    assert rd.tile("entrance").tribe is None
    assert rd.tile("entrance").walls == (False, False, False, False)
    assert [t.id for t in rd.tiles[1:]] == [f"T{n:02d}" for n in range(1, 52)]


def test_tiles_per_tribe(rd: RulesData) -> None:
    tribes = Counter(t.tribe for t in rd.tiles if t.type != "entrance")
    assert tribes == {"fangs": 17, "bones": 17, "eye": 17}
    assert all(t.tribe is not None for t in rd.tiles if t.type != "entrance")


@pytest.mark.parametrize(
    ("tile_type", "shapes"),
    [
        ("ambush", (4, 3, 4, 3, 1)),
        ("event", (5, 3, 3, 3, 1)),
        ("treasure", (3, 1, 1, 1, 0)),
        ("vault", (0, 3, 3, 0, 0)),
        ("crystal", (3, 3, 3, 0, 0)),
    ],
)
def test_shape_counts_per_type(rd: RulesData, tile_type: str, shapes: tuple[int, ...]) -> None:
    got = Counter(t.shape for t in rd.tiles if t.type == tile_type)
    assert tuple(got[s] for s in ("open", "side", "corner", "tunnel", "dead_end")) == shapes


def test_every_tile_walls_match_its_shape(rd: RulesData) -> None:
    expected = {
        "open": (False, False, False, False),
        "side": (True, False, False, False),
        "corner": (True, True, False, False),
        "tunnel": (True, False, True, False),
        "dead_end": (True, True, True, False),
    }
    assert SHAPE_WALLS == expected
    for tile in rd.tiles:
        assert tile.walls == expected[tile.shape], tile.id


def test_tile_model_refuses_walls_that_contradict_shape() -> None:
    with pytest.raises(ValidationError, match="do not match shape"):
        CaveTile(id="T01", type="ambush", tribe="eye", shape="corner", walls=(True, False, True, False))


def test_per_tile_layouts_are_provisional_with_notes(rd: RulesData) -> None:
    assert not rd.tile("entrance").provisional
    for tile in rd.tiles[1:]:
        assert tile.provisional and tile.note and "\n" not in tile.note


def test_unknown_tile_lists_valid_ids(rd: RulesData) -> None:
    with pytest.raises(KeyError, match="T51"):
        rd.tile("T52")


def test_terrain(rd: RulesData) -> None:
    assert len(rd.terrain) == 8
    assert Counter(t.kind for t in rd.terrain) == {
        "canyon": 1, "lake": 1, "magma": 1, "mushroom_forest": 1, "pits": 3, "river": 1,
    }
    canyon = rd.terrain_tile("canyon")
    assert [s.kind for s in sorted(canyon.spaces, key=lambda s: s.x)] == ["impassable", "bridge", "impassable"]
    assert all(s.current for s in rd.terrain_tile("river").spaces)
    assert all(t.provisional and t.note for t in rd.terrain)


# ---------------------------------------------------------------------------
# Cards (SET-19..22, DATA-01, DATA-03, DATA-08, DATA-14, DATA-16..18)
# ---------------------------------------------------------------------------


def test_deck_sizes(rd: RulesData) -> None:
    sizes = {name: len(rd.deck(name)) for name in
             ("events", "treasures", "sidequests", "war", "monsters", "secrets", "powers")}
    assert sizes == {"events": 15, "treasures": 7, "sidequests": 10, "war": 10, "monsters": 10,
                     "secrets": 10, "powers": 18}


def test_event_deck_physical_ids(rd: RulesData) -> None:
    deck = rd.deck("events")
    assert len(set(deck)) == 15
    assert Counter(pid.partition("#")[0] for pid in deck) == {
        "ambush": 4, "light": 1, "vantage_point": 1, "fresh_air": 1, "fresh_water": 1,
        "cave_bread": 1, "rats": 3, "deep_and_dark": 3,
    }
    assert "rats#3" in deck and "light" in deck and "light#1" not in deck
    assert rd.card("rats#2").id == "rats"
    assert rd.card("rats#2").param("grit") == 2


def test_card_lookup_errors(rd: RulesData) -> None:
    with pytest.raises(UnknownIdError, match="rats#1"):
        rd.card("rats#4")
    assert rd.card("rats") is rd.card("rats#1")  # the bare id names the card type
    with pytest.raises(KeyError):
        rd.card("light#1")
    with pytest.raises(KeyError, match="valid"):
        rd.card("dragonslayer")
    with pytest.raises(UnknownIdError, match="not a MonsterCard"):
        rd.monster("rats#1")


def test_power_cards_split_evenly(rd: RulesData) -> None:
    assert Counter(rd.power_card(pid).symbol for pid in rd.deck("powers")) == {"claw": 6, "flame": 6, "wing": 6}


def test_card_ids_unique_across_decks(rd: RulesData) -> None:
    ids = [c.id for name in ("events", "treasures", "sidequests", "war", "monsters", "secrets", "powers")
           for c in rd.cards(name, include_promo=True)]
    ids += [c.id for c in rd.variant_cards]
    assert len(ids) == len(set(ids))


def test_promo_cards_are_out_of_default_decks(rd: RulesData) -> None:
    treasures = rd.deck("treasures")
    assert set(treasures) == {"javelin", "elven_sword", "mighty_axe", "potion_kit", "heroic_boots",
                              "pixie_lantern", "enchanted_bow"}
    assert "cursed_amulet" in rd.deck("treasures", include_promo=True)
    amulet = rd.treasure("cursed_amulet")
    assert amulet.promo and amulet.provisional and amulet.note
    for name in ("events", "treasures", "sidequests", "secrets"):
        for card in rd.cards(name, include_promo=True):
            if card.promo:
                assert card.provisional and card.note, card.id


def test_treasure_cubes(rd: RulesData) -> None:
    assert not rd.treasure("javelin").needs_cube
    assert all(rd.treasure(t).needs_cube for t in rd.deck("treasures") if t != "javelin")
    assert rd.treasure("heroic_boots").int_param("movement") == 4
    assert rd.treasure("enchanted_bow").int_param("range") == 5


def test_sidequests(rd: RulesData) -> None:
    grit = {pid: rd.sidequest(pid).grit for pid in rd.deck("sidequests")}
    assert grit == {"stalwart": 5, "intrepid": 3, "daring": 4, "fearless": 4, "cunning": 3, "bedecked": 4,
                    "adventurous": 6, "swift": 4, "eagle_eyed": 3, "persistent": 4}
    stalwart = rd.sidequest("stalwart")
    assert stalwart.condition == "attack_tribe_population_3"
    assert stalwart.condition_for(["knight", "goblins"]) == "attack_tribe_population_3"
    assert stalwart.condition_for(["knight", "cave"]) == "two_ambushes_one_turn"
    assert rd.sidequest("cunning").condition_for(["knight", "goblins"]) == "two_treasure_tokens_one_turn"
    assert rd.sidequest("cunning").condition_for(["knight", "dragon"]) == "attempt_dragon_gem"
    assert "two_ambushes_one_turn" in rd.condition_keys()


def test_war_cards(rd: RulesData) -> None:
    table = {pid: (w.fangs, w.bones, w.eye, w.monsters, w.secrets, w.rage)
             for pid in rd.deck("war") for w in [rd.war_card(pid)]}
    assert table == {
        "thirst": (3, 2, 1, 1, 0, 0), "spite": (2, 1, 2, 0, 1, 0), "consumption": (1, 3, 2, 1, 0, 0),
        "desolation": (1, 2, 2, 1, 1, 0), "waste": (2, 1, 3, 0, 1, 0), "ruin": (2, 2, 1, 1, 0, 0),
        "hate": (2, 2, 2, 0, 0, 0), "fear": (1, 1, 1, 1, 2, 0), "desperation": (0, 0, 0, 3, 3, 1),
        "pain": (1, 1, 1, 0, 0, 1),
    }
    assert rd.war_card("ruin").discs("bones") == 2


def test_monsters(rd: RulesData) -> None:
    strengths = {pid: rd.monster(pid).ambush_strength for pid in rd.deck("monsters")}
    assert strengths == {"pet_frog": 2, "ogre": 4, "troll": 4, "golem": 3, "gnome": 3, "wisp": 3,
                         "bright_beetles": 3, "underworm": 2, "blob": 3, "flame_giant": 4}
    assert {m for m in rd.deck("monsters") if rd.monster(m).strength_bonus} == {"ogre", "troll", "flame_giant"}
    assert rd.monster("pet_frog").ambush_line is None
    wisp = rd.monster("wisp")
    assert wisp.provisional and wisp.note and wisp.ambush_line
    assert not rd.monster("ogre").provisional


def test_secrets(rd: RulesData) -> None:
    assert {s for s in rd.deck("secrets") if rd.secret(s).face_up} == {"goblin_ruby", "trap"}


def test_handler_keys_are_snake_case(rd: RulesData) -> None:
    keys = rd.handler_keys()
    assert {"rats", "claw", "wrath", "flare", "giant_bats", "sidequest", "war"} <= keys
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", k) for k in keys)


# ---------------------------------------------------------------------------
# Dragon die, omens (DATA-04, DATA-10, CV-12)
# ---------------------------------------------------------------------------


def test_dragon_die_faces(rd: RulesData) -> None:
    around = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
    orth = {(0, -1), (1, 0), (0, 1), (-1, 0)}
    diag = {(-1, -1), (1, -1), (1, 1), (-1, 1)}
    assert rd.dragon_die == (
        frozenset(around),
        frozenset(orth),
        frozenset(orth | {(0, 0)}),
        frozenset(diag),
        frozenset(diag | {(0, 0)}),
        frozenset({(0, 0)}),
    )
    assert sum((0, 0) in face for face in rd.dragon_die) == 3


def test_omen_ring(rd: RulesData) -> None:
    ring = rd.omen_symbols
    assert ring == ("bat", "boulder", "quartz", "mushroom", "trail", "chasm")
    assert rd.omen_tokens_per_symbol * len(ring) == 36
    middles = []
    for omen in rd.omens:
        i = ring.index(omen.accepts[1])
        assert set(omen.accepts) == {ring[i - 1], ring[i], ring[(i + 1) % 6]}, omen.id
        middles.append(omen.accepts[1])
    assert sorted(middles) == sorted(ring)
    assert rd.omen("giant_bats").accepts == ("chasm", "bat", "boulder")
    assert rd.omen("crystal_curse").accepts == ("trail", "chasm", "bat")


def test_omen_costs(rd: RulesData) -> None:
    costs = {o.id: o.costs for o in rd.omens}
    assert costs == {"giant_bats": (1,), "rockslide": (2,), "past_plunder": (1, 2, 3),
                     "soporific_spores": (3,), "hatred": (1, 2, 3), "crystal_curse": (1,)}
    hatred = rd.omen("hatred")
    assert [hatred.cost(n) for n in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]


def test_omen_table(rd: RulesData) -> None:
    assert rd.omen_table == ((0, 1), (1, 2), (2, 3), (4, 4), (7, 5), (11, 6))
    expected = {0: 1, 1: 2, 2: 3, 3: 3, 4: 4, 6: 4, 7: 5, 10: 5, 11: 6, 40: 6}
    assert {n: rd.omens_for(n) for n in expected} == expected


# ---------------------------------------------------------------------------
# Role boards (SET-30..46, DATA-11, DATA-12)
# ---------------------------------------------------------------------------


def test_armor_spirit(rd: RulesData) -> None:
    table = [rd.dragon.armor_spirit(w) for w in range(15)]
    assert table == [(1, 3), (1, 3), (1, 4), (1, 4), (2, 4), (2, 4), (2, 5), (2, 5),
                     (3, 5), (3, 5), (3, 6), (3, 6), (4, 6), (4, 6), (4, 7)]
    with pytest.raises(ValueError):
        rd.dragon.armor_spirit(15)


def test_dragon_board(rd: RulesData) -> None:
    d = rd.dragon
    assert d.sloth_cubes == 14
    assert {b.id: b.cubes for b in d.sloth} == {"greed": 4, "hunger": 4, "event": 4, "dont_move": 1, "place_gem": 1}
    assert d.gems == ("claw", "flame", "wing")
    assert d.power("burn").cost == ("flame", "wing")
    assert d.power("wrath").cost == ("any",) * 4
    assert len(d.powers) == 14
    assert (d.start_health, d.hand, d.wake_threshold) == (5, 3, 11)


def test_knight_board(rd: RulesData) -> None:
    k = rd.knight
    assert (k.start_health, k.start_cubes, k.total_cubes, k.grit_cap, k.bombs) == (7, 2, 7, 45, 3)
    assert k.cube_grit_spaces == (5, 11, 18, 26, 35)
    assert k.movement_track == (1, 3, 5, 7)
    assert k.grit["reveal_tile"] == 1 and k.grit_change("gem_trap") == -2 and k.grit["spores"] == -5
    with pytest.raises(KeyError, match="reveal_tile"):
        k.grit_change("sneezing")


def test_cave_goblin_thief_boards(rd: RulesData) -> None:
    assert (rd.cave.hand_size, rd.cave.treasure_tokens(False), rd.cave.treasure_tokens(True)) == (3, 10, 12)
    assert (rd.cave.collapse_crystals, rd.cave.collapse_removals_per_turn) == (5, 3)
    g = rd.goblins
    assert (g.discs, g.strength_discs, g.max_population, g.start_rage, g.rage_max) == (12, 4, 4, 1, 3)
    assert g.tribe("bones").monster_slots == 2
    t = rd.thief
    assert t.loot_drop_levels == (3, 2, 1, 0) and t.loot_drop_start == 3
    assert [t.roll_needed(n) for n in (1, 2, 3)] == [4, 2, None]
    assert t.injury(2).knight_grit == 3 and t.loot_bonus(2).dragon_cards == 2
    assert len(t.upgrades) == 11
    assert t.stat_tokens[2].provisional


# ---------------------------------------------------------------------------
# Variant cards and role variants (RV-, SOLO-)
# ---------------------------------------------------------------------------


def test_variant_cards(rd: RulesData) -> None:
    assert {c.id for c in rd.variant_cards} == {"alone_in_the_dark", "goblin_infestation", "flare",
                                                "past_plunder", "ash_dragon"}
    gi = rd.variant_card("goblin_infestation")
    assert (gi.param("line_a"), gi.param("line_b"), gi.param("line_c")) == (2, 3, "monster")
    assert rd.variant_card("alone_in_the_dark").param("dragon") == "spirit"


def test_role_variants_cover_exactly_the_30_legal_subsets(rd: RulesData) -> None:
    legal = {frozenset(c) for n in range(1, 6) for c in combinations(ROLES, n)} - {frozenset({"cave"})}
    assert len(legal) == 30
    assert {rv.roles for rv in rd.role_variants} == legal
    assert len(rd.role_variants) == 30
    assert len({rv.id for rv in rd.role_variants}) == 30
    for roles in legal:
        assert rd.role_variant(sorted(roles, reverse=True)).roles == roles


def test_role_variant_refuses_cave_alone_and_unknown_roles(rd: RulesData) -> None:
    with pytest.raises(RulesDataError, match="Cave cannot be played solo"):
        rd.role_variant(["cave"])
    with pytest.raises(KeyError, match="knight, goblins, dragon, cave, thief"):
        rd.role_variant(["knight", "wizard"])
    with pytest.raises(KeyError):
        rd.role_variant([])


def test_recommended_marks(rd: RulesData) -> None:  # RV-02: the variants marked * (first game)
    starred = {rv.id for rv in rd.role_variants if rv.recommended}
    assert starred == {
        "knight_vs_goblins_vs_dragon_vs_cave_vs_thief", "knight_vs_goblins_vs_dragon_vs_cave",
        "knight_vs_goblins_vs_dragon", "knight_vs_goblins_vs_cave", "knight_vs_goblins", "knight_vs_dragon",
        "goblins_vs_dragon", "knight_solo", "goblins_solo", "dragon_solo", "thief_solo",
    }


def test_knight_vs_cave(rd: RulesData) -> None:  # RV-25, RV-26
    rv = rd.role_variant(["knight", "cave"])
    assert rv.name == "Knight vs Cave"
    assert set(rv.gifts) == {("flare", "knight"), ("goblin_infestation", "knight")}
    assert rv.goblin_infestation_line == "B" and rv.uses_monster_tokens
    assert rv.remove_sidequests == ("daring", "eagle_eyed")
    assert {(w.role, w.kind) for w in rv.wins} == {
        ("knight", "smash_crystals_and_escape"), ("cave", "collapse"), ("cave", "ambush_kills_knight")}
    assert "Daring" in rv.summary and "Eagle-Eyed" in rv.summary


def test_three_player_variants(rd: RulesData) -> None:  # RV-12..16
    kgd = rd.role_variant(["knight", "goblins", "dragon"])
    assert kgd.gift_holder("past_plunder") == "dragon"
    assert ("all", "all_lose_on_collapse") in {(w.role, w.kind) for w in kgd.wins}
    kdc = rd.role_variant(["knight", "dragon", "cave"])
    assert kdc.goblin_infestation_line == "A" and kdc.hunger_to_wakefulness == 2
    assert kdc.cave_cannot_return_hunger and kdc.skip_dead_knight
    gdc = rd.role_variant(["goblins", "dragon", "cave"])
    assert gdc.gift_holder("ash_dragon") == "table"
    assert ("goblins", "kill_dragon") in {(w.role, w.kind) for w in gdc.wins}


def test_knight_vs_thief_and_dragon(rd: RulesData) -> None:  # RV-23, RV-24, RV-27, RV-28
    kt = rd.role_variant(["thief", "knight"])
    assert kt.knight_crystals_choice == (5, 6)
    assert kt.goblin_infestation_line == "C"
    assert kt.gift_holder("flare") == "thief"
    stash = next(w for w in kt.wins if w.kind == "stash_treasure")
    assert stash.params["matches_knight_crystals"] is True
    kd = rd.role_variant(["knight", "dragon"])
    assert ("dragon", "ambush_kills_knight") in {(w.role, w.kind) for w in kd.wins}
    assert kd.hunger_to_wakefulness == 2 and not kd.cave_cannot_return_hunger


def test_any_three_roles_vs_thief(rd: RulesData) -> None:  # RV-11
    rv = rd.role_variant(["knight", "goblins", "dragon", "thief"])
    assert rv.derived_from == "knight_vs_goblins_vs_dragon"
    assert rv.gift_holder("past_plunder") == "dragon"  # no exceptions for 3 roles
    assert any(w.role == "thief" and w.kind == "stash_treasure" and w.params["count"] == 6 for w in rv.wins)
    assert not rv.recommended


def test_any_two_roles_vs_thief_exceptions(rd: RulesData) -> None:  # RV-17..21
    kct = rd.role_variant(["knight", "cave", "thief"])
    assert kct.derived_from == "knight_vs_cave"
    assert kct.gift_holder("flare") == "table"  # both the Knight and the Thief were given Flare
    assert kct.remove_sidequests == ()
    assert kct.place_treasure_optional
    assert kct.goblin_infestation_line == "B"
    kgt = rd.role_variant(["knight", "goblins", "thief"])
    assert kgt.gift_holder("past_plunder") is None
    assert kgt.gift_holder("flare") == "thief"
    assert not kgt.place_treasure_optional  # no Cave player
    assert "Past Plunder is not used" in kgt.summary


def test_solo_variants(rd: RulesData) -> None:  # SOLO-07..13
    knight = rd.role_variant(["knight"])
    assert knight.is_solo and knight.goblin_infestation_line is None
    assert [(lvl.id, lvl.goblin_infestation_line) for lvl in knight.solo_levels] == [
        ("easy", "A"), ("medium", "B"), ("hard", "C")]
    assert knight.remove_sidequests == ("daring", "eagle_eyed")
    dragon = rd.role_variant(["dragon"])
    assert [dragon.solo_level(x).hunger_to_wakefulness for x in ("easy", "medium", "hard")] == [4, 2, 0]
    for role in ("knight", "goblins", "dragon", "thief"):
        rv = rd.role_variant([role])
        assert rv.gift_holder("alone_in_the_dark") == role
        assert ("all", "all_lose_on_collapse") in {(w.role, w.kind) for w in rv.wins}
    with pytest.raises(KeyError, match="easy, medium, hard"):
        knight.solo_level("nightmare")


def test_collapse_outcome_matches_cave_presence(rd: RulesData) -> None:
    for rv in rd.role_variants:
        kinds = {w.kind for w in rv.wins}
        assert ("collapse" in kinds) == ("cave" in rv.roles), rv.id
        assert ("all_lose_on_collapse" in kinds) == ("cave" not in rv.roles), rv.id
        assert rv.summary.strip()


# ---------------------------------------------------------------------------
# Difficulty (DIF-04..24)
# ---------------------------------------------------------------------------


def test_difficulty_levels(rd: RulesData) -> None:
    ids = {role: [d.id for d in rd.difficulty_levels(role)] for role in ROLES}
    assert ids == {
        "knight": ["novice", "squire", "knight", "baroness", "lady"],
        "goblins": ["miscreant", "boss", "chief", "master", "warlord"],
        "dragon": ["hatchling", "whelp", "dragon", "elder_dragon", "ancient_dragon"],
        "cave": ["lava_tube", "spillway", "cave", "great_cave", "grand_cave"],
        "thief": ["footpad", "burglar", "thief", "prowler", "invader"],
    }
    for role in ROLES:
        assert [d.rank for d in rd.difficulty_levels(role)] == ["easiest", "easy", "standard", "hard", "expert"]
    lady = rd.difficulty_level("knight", "lady")
    assert (lady.param("dragon_health"), lady.param("crystals"), lady.param("smash_strength")) == (7, 6, 4)
    assert [d.param("knight_health") for d in rd.difficulty_levels("goblins")] == [5, 6, 7, 8, 9]
    assert [d.param("wakefulness_needed") for d in rd.difficulty_levels("dragon")] == [7, 9, 11, 13, 13]
    assert rd.difficulty_level("dragon", "ancient_dragon").param("shriek_turns") == 3
    assert [d.param("collapse_crystals") for d in rd.difficulty_levels("cave")] == [3, 4, 5, 5, 5]
    assert [d.param("hatred_tokens") for d in rd.difficulty_levels("cave")] == [0, 0, 0, 4, 8]
    assert [d.param("stash") for d in rd.difficulty_levels("thief")] == [4, 5, 6, 7, 8]
    assert rd.standard_difficulty("thief").id == "thief"


def test_difficulty_errors_list_valid_ids(rd: RulesData) -> None:
    with pytest.raises(KeyError, match="miscreant, boss, chief, master, warlord"):
        rd.difficulty_level("goblins", "overlord")
    with pytest.raises(KeyError, match="valid roles"):
        rd.difficulty_level("unicorn", "pony")


# ---------------------------------------------------------------------------
# The loader refuses bad data, naming file, line and key path
# ---------------------------------------------------------------------------


def test_loader_class_refuses_duplicate_keys_and_records_lines() -> None:
    with pytest.raises(RulesDataError, match="line 3: duplicate key 'a'"):
        yaml.load("a: 1\nb: 2\na: 3\n", Loader=RulesYamlLoader)
    loader = RulesYamlLoader("top:\n  - x: 1\n    y: [a, b]\n", "demo.yaml")
    try:
        data = loader.load_with_lines()
    finally:
        loader.dispose()
    assert data == {"top": [{"x": 1, "y": ["a", "b"]}]}
    assert loader.lines[("top",)] == 1
    assert loader.lines[("top", 0, "y")] == 3
    assert loader.lines[("top", 0, "y", 1)] == 3


def test_duplicate_key_names_file_line_and_key(data_copy: Path) -> None:
    line = _edit(data_copy, "knight.yaml", "  bombs: 3\n", "  bombs: 3\n  bombs: 4\n")
    msg = _load_error(data_copy)
    assert f"knight.yaml line {line + 1}, knight.bombs: duplicate key 'bombs'" in msg
    assert f"first defined on line {line}" in msg


def test_wrong_type_deep_in_a_file(data_copy: Path) -> None:
    old = "{id: T03, type: ambush, tribe: eye, shape: side, walls: [true, false, false, false]"
    line = _edit(data_copy, "tiles.yaml", old, old.replace("[true, false, false, false]", "banana"))
    msg = _load_error(data_copy)
    assert msg.startswith(f"tiles.yaml line {line}, tiles[3].walls: Input should be a valid tuple")


def test_wrong_type_in_a_list_item(data_copy: Path) -> None:
    line = _edit(data_copy, "goblins.yaml", "fangs: 2, bones: 2, eye: 1, monsters: 1",
                 "fangs: 2, bones: two, eye: 1, monsters: 1")
    assert f"goblins.yaml line {line}, war_cards[5].bones: Input should be a valid integer" in _load_error(data_copy)


def test_unknown_extra_key_is_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "dragon.yaml", "  start_health: 5\n", "  start_health: 5\n  favourite_food: knights\n")
    assert f"dragon.yaml line {line + 1}, dragon.favourite_food: unknown key" in _load_error(data_copy)


def test_unknown_top_level_key_is_refused(data_copy: Path) -> None:
    (data_copy / "extra.yaml").write_text("unicorns:\n  - sparkly\n", encoding="utf-8")
    assert "extra.yaml line 1, unicorns: unknown key" in _load_error(data_copy)


def test_top_level_key_defined_twice_across_files(data_copy: Path) -> None:
    (data_copy / "zz_more.yaml").write_text("# more\nomen_table: [[0, 1]]\n", encoding="utf-8")
    msg = _load_error(data_copy)
    assert "zz_more.yaml line 2, omen_table: top-level key already defined in cave.yaml" in msg


def test_missing_file_is_reported(data_copy: Path) -> None:
    (data_copy / "difficulty.yaml").unlink()
    assert "difficulty: Field required" in _load_error(data_copy)


def test_variant_gift_of_unknown_card_is_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "variants.yaml", "gifts: [[flare, goblins]]", "gifts: [[flashlight, goblins]]")
    msg = _load_error(data_copy)
    assert re.search(rf"variants\.yaml line {line}, role_variants\[\d+\]\.gifts\[0\]\[0\]: unknown variant card "
                     r"'flashlight'", msg), msg


def test_removed_sidequest_must_exist(data_copy: Path) -> None:
    _edit(data_copy, "variants.yaml",
          "    remove_sidequests: [daring, eagle_eyed]\n    wins:\n      - {role: knight, kind: smash_crystals_and_escape, params: {crystals: 5}}\n      - {role: cave",
          "    remove_sidequests: [daring, hawkeye]\n    wins:\n      - {role: knight, kind: smash_crystals_and_escape, params: {crystals: 5}}\n      - {role: cave")
    assert "remove_sidequests[1]: unknown Sidequest 'hawkeye'" in _load_error(data_copy)


def test_gift_holder_must_play(data_copy: Path) -> None:
    _edit(data_copy, "variants.yaml", "gifts: [[flare, goblins]]", "gifts: [[flare, dragon]]")
    assert "gift 'flare' goes to 'dragon', who is not in this game" in _load_error(data_copy)


def test_walls_contradicting_shape_are_refused(data_copy: Path) -> None:
    old = "{id: T07, type: ambush, tribe: fangs, shape: corner, walls: [true, true, false, false]"
    line = _edit(data_copy, "tiles.yaml", old, old.replace("[true, true, false, false]", "[true, false, true, false]"))
    assert f"tiles.yaml line {line}, tiles[7]: walls [True, False, True, False] do not match shape 'corner'" in _load_error(data_copy)


def _retype_tile(data_copy: Path, old: str, new: str) -> str:
    _edit(data_copy, "tiles.yaml", old, new)
    return _load_error(data_copy)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # one Ambush tile turned into an Event tile: type counts break
        ("{id: T01, type: ambush,", "{id: T01, type: event,", "there must be 15 ambush tiles, found 14"),
        # a Fangs tile turned Bones: 16/18 tribes
        ("{id: T01, type: ambush, tribe: fangs,", "{id: T01, type: ambush, tribe: bones,",
         "ambush tiles must show each Tribe 5 times"),
        # an open Ambush tile made a side tile: shape table breaks
        ("{id: T01, type: ambush, tribe: fangs, shape: open, walls: [false, false, false, false]",
         "{id: T01, type: ambush, tribe: fangs, shape: side, walls: [true, false, false, false]",
         "ambush tiles must have shapes open/side/corner/tunnel/dead_end = [4, 3, 4, 3, 1]"),
        # two tiles with one id
        ("{id: T02,", "{id: T01,", "tiles[2].id: duplicate id 'T01'"),
    ],
)
def test_tile_count_checks(data_copy: Path, old: str, new: str, expected: str) -> None:
    msg = _retype_tile(data_copy, old, new)
    assert msg.startswith("tiles.yaml line "), msg
    assert expected in msg


def test_deck_count_check(data_copy: Path) -> None:
    _edit(data_copy, "events.yaml", "    copies: 3\n    handler: rats\n", "    copies: 2\n    handler: rats\n")
    msg = _load_error(data_copy)
    assert msg.startswith("events.yaml line ") and "the events deck must hold 15 cards" in msg
    assert "wrong copies ['rats']" in msg


def test_omen_symbol_must_exist(data_copy: Path) -> None:
    line = _edit(data_copy, "cave.yaml", "accepts: [chasm, bat, boulder]", "accepts: [chasm, bat, pebble]")
    assert f"cave.yaml line {line}, omens[0].accepts[2]: unknown Omen symbol 'pebble'" in _load_error(data_copy)


def test_omen_must_accept_ring_neighbours(data_copy: Path) -> None:
    _edit(data_copy, "cave.yaml", "accepts: [quartz, mushroom, trail]", "accepts: [quartz, chasm, trail]")
    assert "omens[3].accepts: an omen accepts three neighbouring symbols" in _load_error(data_copy)


def test_war_card_numbers_must_be_sensible(data_copy: Path) -> None:
    _edit(data_copy, "goblins.yaml", "fangs: 3, bones: 2, eye: 1", "fangs: 7, bones: 2, eye: 1")
    assert "war_cards[0].fangs: a War card cannot add more than 4 discs to one Tribe" in _load_error(data_copy)


def test_bad_die_face_is_refused(data_copy: Path) -> None:
    line = _edit(data_copy, "dragon.yaml", "- [..., .X., ...]   # 6", "- [..., .X., .X.]   # 6")
    assert f"dragon.yaml line {line}, dragon_die[5]: a die face must look the same after a quarter turn" in _load_error(data_copy)


def test_provisional_entry_needs_a_note(data_copy: Path) -> None:
    _edit(data_copy, "sidequests.yaml", "  - id: persistent\n    name: Persistent\n",
          "  - id: persistent\n    name: Persistent\n    provisional: true\n")
    assert "sidequests[9]: a provisional entry needs a one-line 'note'" in _load_error(data_copy)


def test_standard_difficulty_must_match_board(data_copy: Path) -> None:
    line = _edit(data_copy, "difficulty.yaml", "params: {stash: 6, no_upgrade_first: 0}",
                 "params: {stash: 7, no_upgrade_first: 0}")
    assert f"difficulty.yaml line {line}, difficulty[22].params.stash: Standard must match the board value 6" in _load_error(data_copy)


def test_bad_param_value_is_one_clear_error(data_copy: Path) -> None:
    line = _edit(data_copy, "events.yaml", "params: {health: 2}", "params: {health: 2.5}")
    msg = _load_error(data_copy)
    assert msg == (f"events.yaml line {line}, events[1].params: "
                   "value of 'health' (2.5) must be true/false, an integer or a word")


def test_yaml_syntax_error_names_file_and_line(data_copy: Path) -> None:
    line = _edit(data_copy, "thief.yaml", "  action_cubes: 5\n", "  action_cubes: [5\n")
    msg = _load_error(data_copy)
    assert msg.startswith("thief.yaml line ") and "YAML syntax error" in msg
    assert int(msg.split()[2].rstrip(":,")) >= line


def test_role_variant_listed_twice(data_copy: Path) -> None:
    line = _edit(data_copy, "variants.yaml", "  - id: goblins_vs_thief\n",
                 "  - id: goblins_vs_cave_again\n    name: Goblins vs Cave again\n    roles: [cave, goblins]\n"
                 "    wins: [{role: cave, kind: collapse}]\n    summary: A second entry for the same roles.\n"
                 "  - id: goblins_vs_thief\n")
    msg = _load_error(data_copy)
    assert f"variants.yaml line {line + 2}, role_variants[12].roles: roles ['cave', 'goblins'] already covered by 'goblins_vs_cave'" in msg
