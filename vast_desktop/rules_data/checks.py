"""Cross-file checks of the rules data: the firm component counts and every id one entry names.

Pydantic validates each entry on its own; these checks look across entries and files:
the counts of ``COMPONENT_DATA.md`` (52 Cave tiles, 15 Event cards, 36 Omen tokens ...) and of
the expansion roles (:mod:`.ghoul_checks`),
unique ids, and that every id an entry names (a gift card, a removed Sidequest, an
omen's symbol, a difficulty parameter) exists.  A failure raises
:class:`~.schema.RulesDataError` naming the file, the line and the key path.
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from .ghoul_checks import ghoul_problems
from .schema import DECK_FIELDS, RANKS, ROLES, Card, RulesData, RulesDataError, ThiefJoinRule

if TYPE_CHECKING:
    from .loader import YamlPath, YamlSources

__all__ = ["Checker"]


# ---------------------------------------------------------------------------
# Cross-checks (firm component facts from COMPONENT_DATA.md)
# ---------------------------------------------------------------------------

_TILE_TYPE_COUNTS = MappingProxyType({"entrance": 1, "ambush": 15, "event": 15, "treasure": 6, "crystal": 9, "vault": 6})
_SHAPE_COUNTS = MappingProxyType({  # tile type -> counts of (open, side, corner, tunnel, dead_end)
    "entrance": (1, 0, 0, 0, 0),
    "ambush": (4, 3, 4, 3, 1),
    "event": (5, 3, 3, 3, 1),
    "treasure": (3, 1, 1, 1, 0),
    "vault": (0, 3, 3, 0, 0),
    "crystal": (3, 3, 3, 0, 0),
})
_TRIBE_TILES = 17
_TERRAIN_KINDS = MappingProxyType({"canyon": 1, "lake": 1, "magma": 1, "mushroom_forest": 1, "pits": 3, "river": 1})
def _one_each(*ids: str) -> MappingProxyType[str, int]:
    return MappingProxyType(dict.fromkeys(ids, 1))


_DECK_CONTENTS: MappingProxyType[str, MappingProxyType[str, int]] = MappingProxyType({  # deck -> base card id -> copies
    "events": MappingProxyType({"ambush": 4, "light": 1, "vantage_point": 1, "fresh_air": 1, "fresh_water": 1,
                                "cave_bread": 1, "rats": 3, "deep_and_dark": 3}),
    "treasures": _one_each("javelin", "elven_sword", "mighty_axe", "potion_kit", "heroic_boots",
                           "pixie_lantern", "enchanted_bow"),
    "sidequests": _one_each("stalwart", "intrepid", "daring", "fearless", "cunning", "bedecked",
                            "adventurous", "swift", "eagle_eyed", "persistent"),
    "war": _one_each("thirst", "spite", "consumption", "desolation", "waste", "ruin", "hate", "fear",
                     "desperation", "pain"),
    "monsters": _one_each("pet_frog", "ogre", "troll", "golem", "gnome", "wisp", "bright_beetles",
                          "underworm", "blob", "flame_giant"),
    "secrets": _one_each("secret_tunnels", "cave_in", "poison", "leader", "goblin_ruby", "blind_fury",
                         "fire_bomber", "hex", "trap", "hiding_spots"),
    "powers": MappingProxyType({"power_claw": 6, "power_flame": 6, "power_wing": 6}),
    "scales": _one_each("scale_golden", "scale_silver", "scale_platinum"),
    "upgrades": _one_each("charm", "warlocks_wand", "cloak_of_the_mountebank"),
})
_OMEN_IDS = ("giant_bats", "rockslide", "past_plunder", "soporific_spores", "hatred", "crystal_curse")
_OMEN_TOKENS = 36
_VARIANT_CARD_IDS = ("alone_in_the_dark", "goblin_infestation", "flare", "past_plunder", "ash_dragon")
_DIFFICULTY_PARAMS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({
    "knight": ("dragon_health", "crystals", "smash_strength"),
    "goblins": ("knight_health",),
    "dragon": ("wakefulness_needed", "shriek_turns"),
    "cave": ("hatred_tokens", "remove_per_type", "collapse_crystals"),
    "thief": ("stash", "no_upgrade_first"),
})


class Checker:
    """Runs the cross-checks and raises RulesDataError naming file, line and key."""

    def __init__(self, rd: RulesData, sources: YamlSources, variant_paths: Mapping[int, YamlPath]) -> None:
        self.rd = rd
        self.sources = sources
        self.variant_paths = variant_paths

    def fail(self, path: YamlPath, message: str) -> None:
        raise RulesDataError(f"{self.sources.locate(path)}: {message}")

    def require(self, ok: bool, path: YamlPath, message: str) -> None:
        if not ok:
            self.fail(path, message)

    def run(self) -> None:
        self.tiles()
        self.terrain()
        self.decks()
        self.war_and_monsters()
        self.omens()
        self.die()
        self.roles()
        self.variants()
        self.difficulty()
        self.ghoul()

    def ghoul(self) -> None:
        """The Ghoul's and the Vile Ghoul's counts and ids (:mod:`.ghoul_checks`)."""
        for path, message in ghoul_problems(self.rd):
            self.fail(path, message)

    def _unique(self, field: str, ids: list[str]) -> None:
        first: dict[str, int] = {}
        for i, x in enumerate(ids):
            if x in first:
                self.fail((field, i, "id"), f"duplicate id {x!r} (also {field}[{first[x]}])")
            first[x] = i

    def tiles(self) -> None:
        tiles = self.rd.tiles
        self._unique("tiles", [t.id for t in tiles])
        self.require(len(tiles) == 52, ("tiles",), f"there must be 52 Cave tiles, found {len(tiles)}")
        by_type: Counter[str] = Counter(t.type for t in tiles)
        for typ, want in _TILE_TYPE_COUNTS.items():
            self.require(by_type[typ] == want, ("tiles",), f"there must be {want} {typ} tiles, found {by_type[typ]}")
        shapes = ("open", "side", "corner", "tunnel", "dead_end")
        for typ, want_shapes in _SHAPE_COUNTS.items():
            got: Counter[str] = Counter(t.shape for t in tiles if t.type == typ)
            got_t = tuple(got[s] for s in shapes)
            self.require(
                got_t == want_shapes,
                ("tiles",),
                f"{typ} tiles must have shapes open/side/corner/tunnel/dead_end = {list(want_shapes)}, found {list(got_t)}",
            )
            tribes: Counter[str | None] = Counter(t.tribe for t in tiles if t.type == typ)
            if typ != "entrance":
                per = _TILE_TYPE_COUNTS[typ] // 3
                self.require(
                    all(tribes[tr] == per for tr in ("fangs", "bones", "eye")),
                    ("tiles",),
                    f"{typ} tiles must show each Tribe {per} times, found {dict(tribes)}",
                )
        all_tribes: Counter[str] = Counter(t.tribe for t in tiles if t.tribe)
        for tr in ("fangs", "bones", "eye"):
            self.require(all_tribes[tr] == _TRIBE_TILES, ("tiles",),
                         f"{tr} must be on {_TRIBE_TILES} tiles, found {all_tribes[tr]}")
        cave = self.rd.cave
        self.require(cave.crystal_tokens == by_type["crystal"], ("cave", "crystal_tokens"),
                     "there is one Crystal token per Crystal tile")
        self.require(cave.collapse_crystals <= by_type["crystal"], ("cave", "collapse_crystals"),
                     "cannot need more collapsed Crystal tiles than exist")
        self.require(self.rd.thief.vault_tokens == by_type["vault"], ("thief", "vault_tokens"),
                     "there is one Vault token per Vault tile")
        self.require(
            cave.crystal_tiles_per_pile * cave.stack_piles == by_type["crystal"]
            and cave.vault_tiles_per_pile * cave.stack_piles == by_type["vault"],
            ("cave", "stack_piles"), "Crystal and Vault tiles must divide evenly among the piles",
        )
        self.require(cave.starting_dark_tiles <= 4, ("cave", "starting_dark_tiles"),
                     "the Entrance has only 4 sides to place starting tiles on (SET-09)")

    def terrain(self) -> None:
        self._unique("terrain", [t.id for t in self.rd.terrain])
        kinds = Counter(t.kind for t in self.rd.terrain)
        self.require(dict(kinds) == _TERRAIN_KINDS, ("terrain",),
                     f"Terrain must be {_TERRAIN_KINDS}, found {dict(kinds)}")

    def decks(self) -> None:
        owner: dict[str, str] = {}
        for deck, field in (*DECK_FIELDS.items(), ("variant cards", "variant_cards")):
            cards: tuple[Card, ...] = getattr(self.rd, field)
            for i, card in enumerate(cards):
                if card.id in owner:
                    self.fail((field, i, "id"), f"card id {card.id!r} is already used in {owner[card.id]}; ids must be unique across decks")
                owner[card.id] = field
                if card.promo and not card.provisional:
                    self.fail((field, i, "promo"), "promo cards rest on partial rules: mark them provisional with a note")
            want = _DECK_CONTENTS.get(deck)
            if want is None:
                continue
            got = {c.id: c.copies for c in cards if not c.promo}
            if got != want:
                missing = sorted(set(want) - set(got))
                extra = sorted(set(got) - set(want))
                wrong = sorted(k for k in set(want) & set(got) if want[k] != got[k])
                self.fail((field,), f"the {deck} deck must hold {sum(want.values())} cards {dict(want)}; "
                                    f"missing {missing}, unexpected {extra}, wrong copies {wrong}")
        self.require(set(c.id for c in self.rd.variant_cards) == set(_VARIANT_CARD_IDS), ("variant_cards",),
                     f"the variant cards must be {list(_VARIANT_CARD_IDS)}")
        for i, sq in enumerate(self.rd.sidequests):
            if not sq.promo:
                self.require(3 <= sq.grit <= 6, ("sidequests", i, "grit"), "base Sidequests give 3 to 6 Grit")
        symbols = Counter(c.symbol for c in self.rd.power_cards for _ in range(c.copies) if not c.promo)
        self.require(all(symbols[s] == 6 for s in ("claw", "flame", "wing")), ("power_cards",),
                     f"Power cards must be 6 Claw, 6 Flame, 6 Wing, found {dict(symbols)}")

    def war_and_monsters(self) -> None:
        g = self.rd.goblins
        for i, w in enumerate(self.rd.war_cards):
            for tribe in ("fangs", "bones", "eye"):
                self.require(w.discs(tribe) <= g.max_population, ("war_cards", i, tribe),
                             f"a War card cannot add more than {g.max_population} discs to one Tribe")
            self.require(w.fangs + w.bones + w.eye <= g.discs, ("war_cards", i), "more discs than the Goblins own")
            self.require(w.monsters <= 3 and w.secrets <= 3 and w.rage <= 1, ("war_cards", i),
                         "a War card draws at most 3 Monsters and 3 Secrets and gives at most 1 Rage")
            self.require(w.fangs + w.bones + w.eye + w.monsters + w.secrets + w.rage > 0, ("war_cards", i),
                         "a War card must do something")
        free_discs = g.strength_discs - sum(t.strength_discs for t in g.tribes)
        strong = sum(1 for m in self.rd.monsters if m.strength_bonus and not m.promo)
        self.require(strong <= free_discs, ("monsters",),
                     f"{strong} Monsters give Strength discs but only {free_discs} discs are free")
        for i, m in enumerate(self.rd.monsters):
            self.require(m.ambush_strength is not None, ("monsters", i, "ambush_strength"),
                         "every Monster needs an Ambush Strength for Goblin Infestation line C")

    def omens(self) -> None:
        rd = self.rd
        ring = rd.omen_symbols
        self.require(len(ring) == 6 and len(set(ring)) == 6, ("omen_symbols",), "there are six different Omen symbols")
        self.require(len(ring) * rd.omen_tokens_per_symbol == _OMEN_TOKENS, ("omen_tokens_per_symbol",),
                     f"the Omen bag holds {_OMEN_TOKENS} tokens")
        self.require(tuple(o.id for o in rd.omens) == _OMEN_IDS, ("omens",), f"the omens must be {list(_OMEN_IDS)}")
        centres: list[str] = []
        for i, o in enumerate(rd.omens):
            for j, sym in enumerate(o.accepts):
                self.require(sym in ring, ("omens", i, "accepts", j), f"unknown Omen symbol {sym!r}; valid: {', '.join(ring)}")
            k = ring.index(o.accepts[0])
            self.require(
                o.accepts == (ring[k], ring[(k + 1) % 6], ring[(k + 2) % 6]),
                ("omens", i, "accepts"),
                "an omen accepts three neighbouring symbols of the ring, in ring order",
            )
            centres.append(o.accepts[1])
            self.require(len(o.costs) in (1, 3), ("omens", i, "costs"), "an omen has one cost or three (1st/2nd/3rd use)")
        self.require(sorted(centres) == sorted(ring), ("omens",), "each symbol must be the middle of exactly one omen")
        table = rd.omen_table
        self.require(table[0] == (0, 1), ("omen_table", 0), "the table starts at 0 tokens -> 1 omen")
        for i in range(1, len(table)):
            self.require(table[i][0] > table[i - 1][0] and table[i][1] > table[i - 1][1], ("omen_table", i),
                         "thresholds and omens must both rise")

    def die(self) -> None:
        faces = self.rd.dragon_die
        self.require(len(faces) == 6, ("dragon_die",), f"the Dragon die has 6 faces, found {len(faces)}")
        self.require(len(set(faces)) == 6, ("dragon_die",), "two die faces are the same")
        self.require(sum((0, 0) in f for f in faces) == 3, ("dragon_die",), "exactly 3 die faces include the centre")
        for i, face in enumerate(faces):
            turned = frozenset((-dy, dx) for dx, dy in face)
            self.require(turned == face, ("dragon_die", i),
                         "a die face must look the same after a quarter turn (the die has no facing on the map)")

    def roles(self) -> None:
        rd = self.rd
        dragon = rd.dragon
        self.require(dragon.sloth_cubes == 14, ("dragon", "sloth"), f"the Dragon has 14 Sloth cubes, found {dragon.sloth_cubes}")
        self.require(rd.knight.total_cubes == 7, ("knight", "total_cubes"), "the Knight has 7 Hero cubes")
        self.require(len(rd.thief.upgrades) == 11, ("thief", "upgrades"), "the Thief board has 11 upgrade spaces")
        self.require(rd.cave.treasure_tokens_with_thief >= rd.cave.treasure_tokens_no_thief,
                     ("cave", "treasure_tokens_with_thief"), "the Thief adds Treasure tokens, never removes them")

    def variants(self) -> None:
        rd = self.rd
        cards = {c.id for c in rd.variant_cards}
        quests = {c.id for c in rd.sidequests}
        ids: dict[str, int] = {}
        seen: dict[frozenset[str], int] = {}
        for i, rv in enumerate(rd.role_variants):
            path = self.variant_paths.get(i, ("role_variants",))
            if rv.id in ids:
                self.fail((*path, "id"), f"duplicate role variant id {rv.id!r}")
            ids[rv.id] = i
            key = frozenset(rv.roles)
            if key in seen:
                self.fail((*path, "roles"), f"roles {sorted(key)} already covered by {rd.role_variants[seen[key]].id!r}")
            seen[key] = i
            for j, (card, _) in enumerate(rv.gifts):
                self.require(card in cards, (*path, "gifts", j, 0),
                             f"unknown variant card {card!r}; valid: {', '.join(sorted(cards))}")
            for j, quest in enumerate(rv.remove_sidequests):
                self.require(quest in quests, (*path, "remove_sidequests", j),
                             f"unknown Sidequest {quest!r}; valid: {', '.join(sorted(quests))}")
            has_cave = "cave" in rv.roles
            lose_all = any(w.kind == "all_lose_on_collapse" for w in rv.wins)
            self.require(has_cave != lose_all, (*path, "wins"),
                         "the Cave player wins a collapse; without one, everyone loses it (all_lose_on_collapse)")
        for name in ("three_roles", "two_roles"):
            rule: ThiefJoinRule = getattr(rd.thief_joins, name)
            for field in ("drop_gifts", "thief_gifts"):
                for j, card in enumerate(getattr(rule, field)):
                    self.require(card in cards, ("thief_joins", name, field, j),
                                 f"unknown variant card {card!r}; valid: {', '.join(sorted(cards))}")
        legal = {frozenset(c) for n in range(1, 6) for c in itertools.combinations(ROLES, n)} - {frozenset({"cave"})}
        missing = legal - set(seen)
        self.require(not missing, ("role_variants",),
                     f"{len(missing)} role combination(s) have no variant, e.g. {sorted(next(iter(missing), ()))}")
        self.require(len(seen) == 30, ("role_variants",), f"expected 30 role combinations, found {len(seen)}")

    def difficulty(self) -> None:
        rd = self.rd
        standard_values = {
            ("knight", "dragon_health"): rd.dragon.start_health,
            ("knight", "crystals"): rd.knight.crystals_to_win,
            ("knight", "smash_strength"): rd.knight.smash_strength,
            ("goblins", "knight_health"): rd.knight.start_health,
            ("dragon", "wakefulness_needed"): rd.dragon.wake_threshold,
            ("cave", "collapse_crystals"): rd.cave.collapse_crystals,
            ("cave", "hatred_tokens"): 0,
            ("cave", "remove_per_type"): 0,
            ("thief", "stash"): rd.thief.stash_to_win,
        }
        for role in ROLES:
            idx = [i for i, d in enumerate(rd.difficulty) if d.role == role]
            levels = [rd.difficulty[i] for i in idx]
            self.require([d.rank for d in levels] == list(RANKS), ("difficulty",),
                         f"{role} needs five levels listed easiest, easy, standard, hard, expert")
            self.require(len({d.id for d in levels}) == 5, ("difficulty",), f"{role} difficulty ids must be unique")
            for i in idx:
                d = rd.difficulty[i]
                want = _DIFFICULTY_PARAMS[role]
                self.require(set(d.params) == set(want), ("difficulty", i, "params"),
                             f"{role} levels take exactly the params {list(want)}")
                for key in want:
                    value = d.params[key]
                    self.require(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
                                 ("difficulty", i, "params", key), "must be a non-negative integer")
                    if d.rank == "standard" and (role, key) in standard_values:
                        self.require(value == standard_values[(role, key)], ("difficulty", i, "params", key),
                                     f"Standard must match the board value {standard_values[(role, key)]}")
