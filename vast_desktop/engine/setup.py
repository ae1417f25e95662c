"""Game setup: the :class:`Setup` a player chooses, the :class:`GameConfig` the rules
derive from it (role variant, difficulty, solo level), and the starting state.

SET-07..43 (map, decks, role setup), RV-* (role variants), SOLO-07/08,
DIF-04..21 (difficulty levels).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .cards.bonus_decks import dealt_deck, promo_ids
from .geometry import DELTA
from .map.terrain import READY_KINDS
from .roles.dragon.state import setup_dragon
from .roles.ghoul.state import setup_ghoul
from .roles.ghoul.variant import ghoul_variant
from .roles.ghoul.vile.state import setup_vile_ghoul
from .roles.ghoul.vile.variant import PIECE as VILE_GHOUL
from .roles.ghoul.vile.variant import VileGoal, in_goblins_place, vile_goal
from .roles.ghoul.vile.variant import check_roles as check_vile_ghoul_roles
from .roles.goblins.state import setup_goblins
from .roles.meetings.table import build as build_meetings
from .roles.thief.state import carried_treasure, setup_thief
from .state import ROLE_ORDER, CaveState, GameState, KnightState, PlacedTile
from .wiring import build_hooks

if TYPE_CHECKING:
    from ..rules_data import RulesData
    from .game import Game

PLAYABLE_ROLES = ("knight", "goblins", "vile_ghoul", "dragon", "cave", "thief", "ghoul")   # the roles this version of the engine plays
OPTIONAL_VARIANTS: MappingProxyType[str, str] = MappingProxyType({   # name -> one-line explanation for the setup screen
    "collapse-2": "Collapse variant: 2 random Cave tiles are left out at setup, so the Collapse comes sooner (VAR-01).",
    "collapse-3": "Collapse variant: 3 random Cave tiles are left out at setup, so the Collapse comes sooner (VAR-01).",
    "collapse-4": "Collapse variant: 4 random Cave tiles are left out at setup, so the Collapse comes sooner (VAR-01).",
    "speed-easiest": "Speed variant: a shorter game — every role plays at its Easiest level unless chosen (VAR-02).",
    "speed-easy": "Speed variant: a shorter game — every role plays at its Easy level unless chosen (VAR-02).",
    "speed-hard": "Speed variant: a longer game — every role plays at its Hard level unless chosen (VAR-02).",
    "speed-expert": "Speed variant: a longer game — every role plays at its Expert level unless chosen (VAR-02).",
    "moving-entrance": "Moving Entrance: an Entrance piece marks the entrance; when its tile collapses it moves to "
                       "an adjacent unoccupied Lit tile (VAR-04..09).",
    "uncertain-treasures": "Uncertain Treasures: the Cave draws 3 Treasure cards and gives 2, the Knight sends 1 "
                           "back and keeps or declines the other (VAR-10..12).",
    "terrain": "Terrain: the first Event tile revealed each round brings a Terrain tile (Canyon, Lake, Magma, "
               "Mushroom Forest, Pits, River), chosen and placed by the Cave (TR-01..33).",
    "random-terrain": "Random Terrain: as Terrain, but a shuffled Terrain card drawn each time says which tile "
                      "must be placed (VAR-13).",
    "dragon-scales": "Dragon Scales: the Dragon earns the Golden, Silver and Platinum Scale cards by smashing "
                     "Crystal tokens and collapsing Crystal tiles (VAR-32..37; only with the Dragon).",
    "promo-treasures": "Bonus Treasures: Silver Gauntlet, Treasure Trove, Cursed Amulet and Rune Staff are shuffled "
                       "into the Treasure deck (KN-97, KN-98, VAR-47; only with the Knight).",
    "promo-sidequests": "Bonus Sidequests: Prepared and Noble Failure join the Knight's Sidequest deck (VAR-15; "
                        "only with the Knight).",
    "revised-cards": "Revised cards: the revised Heroic Boots, Javelin and Cave Bread replace the base cards "
                     "(VAR-20; only with the Knight).",
    "thief-upgrades": "Thief Upgrades: the Thief draws 1 of the Charm, Warlock's Wand and Cloak of the Mountebank "
                      "cards, kept facedown, and may turn it on with a stashed Treasure (VAR-38..40; only with "
                      "the Thief).",
    "schemes": "Goblin Schemes: eight Scheme cards join the Secrets deck; the Goblins buy them with plundered "
               "Treasure for lasting effects (VAR-25..31; only with the Goblins).",
    "promo-events": "Bonus cards: the Quake! Event joins the Event deck — roll the Dragon die at the Knight and "
                    "collapse the tiles it hits (only with the Knight).",
    "promo-monsters": "Bonus cards: the Ground Kraken joins the Monster deck — when its Tribe attacks, the Dragon "
                      "die collapses the tiles around it and the card is removed (with the Goblins, or Goblin "
                      "Infestation line C).",
    "promo-secrets": "Bonus cards: the Secrets Slingshot, Cave Mushrooms and Meat! join the Secrets deck "
                     "(only with the Goblins).",
    "all-bonus-cards": "Bonus cards: every bonus variant at once (schemes, thief-upgrades, promo-treasures, "
                       "promo-sidequests, revised-cards, promo-events, promo-monsters, promo-secrets), each only "
                       "when its role is in play.",
})
# The composite variant and the bonus variants it stands for, in this order.  Names not
# registered in OPTIONAL_VARIANTS (a bonus deck not built in this version) are skipped.
BONUS_VARIANTS = ("schemes", "thief-upgrades", "promo-treasures", "promo-sidequests", "revised-cards",
                  "promo-events", "promo-monsters", "promo-secrets")
COMPOSITE_VARIANTS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({"all-bonus-cards": BONUS_VARIANTS})
# Each bonus variant applies when ANY of these roles is in play (all-bonus-cards skips the
# others; chosen by name it is refused with the message below).
BONUS_ROLES: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({
    "schemes": ("goblins",), "thief-upgrades": ("thief",), "promo-treasures": ("knight",),
    "promo-sidequests": ("knight",), "revised-cards": ("knight",), "promo-events": ("knight",),
    "promo-monsters": ("goblins", "knight"), "promo-secrets": ("goblins",),
})
# The promo cards each bonus variant shuffles into its deck (card ids in rules_data).
PROMO_CARDS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({
    "promo-events": ("quake",),
    "promo-monsters": ("ground_kraken",),
    "promo-secrets": ("slingshot", "cave_mushrooms", "meat"),
})
KNIGHT_CARD_VARIANTS = ("promo-treasures", "promo-sidequests", "revised-cards")   # the Knight's bonus cards
REVISED_CARDS = MappingProxyType({"heroic_boots": "heroic_boots_revised", "javelin": "javelin_revised",   # VAR-20: base -> revised
                                  "cave_bread": "cave_bread_revised"})
EXCLUSIVE_VARIANTS = ("collapse-", "speed-")     # at most one of each family
_HOUSE_RULES_GENERAL = MappingProxyType({
    "one_tile_collapse": "FAQ: with no Cave player and more than 3 players, each player removes only 1 tile "
                         "per turn during the Collapse (COL-06).",
    "bow_once_per_turn": "AMB-41: the Bow and the Enchanted Bow fire once per turn, however many Hero cubes "
                         "are on them (default: one shot per cube).",
})
SOLO_LEVELS = ("easy", "medium", "hard")

# The Goblins' and the Dragon's unresolved ambiguities: off = the checklist's suggested
# (or literal) reading, on = the alternative reading.
_HOUSE_RULES_GOBLINS_DRAGON = MappingProxyType({
    "tribes_fight_surfaced_dragon": "AMB-27: without the Ash Dragon card, a Tribe stronger than his Armor still "
                                    "attacks a surfaced Dragon when one enters the other's tile (default: no "
                                    "Goblin attack on the Dragon without Ash Dragon).",
    "tribes_share_underground_dragon": "AMB-29: any Tribe may enter the underground Dragon's tile (default: only a "
                                       "Tribe stronger than his Armor, as for the surfaced Dragon).",
    "ambush_by_tile_symbol": "AMB-30: only the hidden Tribe whose symbol is on the Ambush tile may spring it "
                             "(default: any hidden Tribe stronger than the Knight).",
    "goblin_crystals_not_knights": "AMB-31: Crystals smashed by the Goblins stay on their board and do not count "
                                   "toward the Knight's goal (default: they go to her and count).",
    "trapped_tribe_tile_falls": "GB-56: a Tribe that uses Trap against the Dragon's Wrath is not scattered, but "
                                "its tile still falls and it is moved off like any piece (default: Wrath has no "
                                "effect on the Tribe, so its tile stays).",
    "wrath_spares_dragon_tile": "AMB-33: Wrath never brings down the Dragon's own tile (default: it collapses and "
                                "he is moved off by Forced Movement).",
    "wrath_moves_every_piece": "AMB-34: Wrath also moves the Knight to an adjacent space when she is not on an "
                               "affected tile (default: only pieces on affected tiles move).",
    "swat_exactly_five": "AMB-35: Swat sends the token exactly 5 steps away (default: up to 5 orthogonal steps, "
                         "turns allowed).",
    "shriek_this_turn_only": "AMB-36: an unspent Shriek token returns at the end of the Dragon's turn (default: "
                             "it waits until he spends it on a reroll).",
    "reveal_onto_occupied_tiles": "AMB-42: a Tribe may be revealed onto a Dark tile holding another player "
                                  "(default: not onto another player's tile).",
    "explore_during_collapse": "AMB-43: Tribes may still Explore during the Collapse while a tile can be drawn "
                               "(default: no Explore once the Collapse has begun).",
    "pride_stay_put_free_move_only": "AMB-57: only the Dragon's free move forfeits the Pride \"don't move\" cube; "
                                     "Wing flights do not (default: any voluntary movement does).",
    "pride_event_wrath_counts": "AMB-58: a Dark Event tile brought down by Wrath counts as revealing an Event "
                                "tile for Pride (default: only Flame, Burn and Scorch reveals count).",
    "monsters_hidden_tribes_only": "AMB-59: Monsters may be assigned only to Tribes on the Goblin board "
                                   "(default: any Tribe, hidden or revealed).",
})

# The unresolved ambiguities that meet the Thief (same convention).
_HOUSE_RULES_THIEF = MappingProxyType({
    "thief_strikes_entering_dragon": "AMB-28: when the surfaced Dragon enters the Thief's tile, the Thief may "
                                     "answer with a Light Backstab (the Dragon discards 1 Power card) if his "
                                     "Stealth beats the Dragon's Armor (default: no attack either way).",
    "elven_sword_perception_own_turn": "AMB-39: the Elven Sword's +1 Perception counts only during the Knight's "
                                       "turn, like its Strength, so it does not help against the Thief on his "
                                       "turn (default: its Perception always counts).",
})

# More unresolved ambiguities (same convention): the Cave's win, the Thief's death,
# targeting and turn end, the Knight's Grit, the Goblins' smash, the Knight's death.
_HOUSE_RULES_MORE = MappingProxyType({
    "ghoul_skitter_variant": "GH-42: the Skitter Variant — when the Ghoul skitters after an attack with another "
                             "player, the Ghoul names the symbol and that player places it (around the Entrance "
                             "too, if no Dark tile is free); attacks with no other player use the standard rule.",
    "cave_wins_after_all_tiles_placed": "AMB-32: the Cave's Crystal-tile win waits until every tile is placed "
                                        "(the Collapse has begun); Crystal tiles removed before still count "
                                        "(default: it ends the game as soon as enough are gone).",
    "flame_wall_kill_gives_loot_bonus": "AMB-37: the Thief dying on the Dragon's Flame Wall (walking in, or pushed "
                                        "there by Wrath or any Forced Movement) gives the Dragon his Loot Drop "
                                        "bonus (default: only Claw and Scratch kills give it).",
    "thief_targets_each_player_once": "AMB-38: the Thief may Pickpocket or Backstab each other player once per "
                                      "turn, so one Tribe targeted shields the other Tribes (default: each piece "
                                      "once, so each Tribe once).",
    "grit_cube_returns_at_pickup": "AMB-40: off the Knight's turn, a Hero cube owed to the Grit track with every "
                                   "cube placed goes back only when she picks up her cubes on her next turn, so "
                                   "her statistics hold until then (default: she returns a placed cube of her "
                                   "choice at once).",
    "knight_level_smash_for_tribes": "AMB-52: with no Knight, each Tribe smashing a Crystal needs the smash "
                                     "Strength of the Knight level the Goblins' level picks (4 at Lady, 2 at "
                                     "Novice; default: always 3, that level changes only the Knight's smash).",
    "infestation_kill_dragon_wins": "AMB-55: in Knight vs Dragon vs Cave a Goblin Infestation Ambush that kills "
                                    "the Knight makes the Dragon win, as in Knight vs Dragon (default: no one "
                                    "wins, her turns are skipped and play goes on).",
    "thief_turn_ends_when_either_spent": "AMB-56: the Thief's turn ends as soon as his Movement or his Action "
                                         "cubes run out, as the rulebook says (default: the FAQ, he goes on "
                                         "with the other until both are spent or he stops).",
})

# The Collapse's unresolved ambiguities (same convention).
_HOUSE_RULES_COLLAPSE = MappingProxyType({
    "collapse_touch_open_edges": "AMB-44: in the Collapse a tile touches only the tiles it meets across an open "
                                 "edge (a wall or Rockslide between them does not count), tiles touching 0 or 1 "
                                 "going first (default: every tile sharing an edge touches, walls ignored).",
    "hatred_ignores_collapse_order": "AMB-60: during the Collapse Hatred may remove any tile the Collapse could "
                                     "ever remove, ignoring the touching and Crystal-first order (default: the "
                                     "normal Collapse priorities apply).",
})

# The Terrain variant's unresolved ambiguities (same convention).  AMB-45 needs none: the
# Collapse begins only once no tile is left to place (COL-01), so under either reading no
# piece can step from Terrain onto an open space during it.
_HOUSE_RULES_TERRAIN = MappingProxyType({
    "forest_shelters_from_claw": "AMB-46: a Claw rolled from outside the Mushroom Forest does not reach the "
                                 "pieces inside it; Wrath still does, as the FAQ says (default: every Dragon "
                                 "die roll hits the Forest's spaces like any other).",
    "terrain_needs_event_cards": "AMB-54: once the Event deck is empty, Event tiles are ignored altogether and "
                                 "bring no Terrain tile either (default: Terrain depends on the tile, not the "
                                 "card, so the first Event tile revealed each round still brings one).",
})

# Every house rule by id, built once from the groups above (never changed after import).
HOUSE_RULES: MappingProxyType[str, str] = MappingProxyType({
    **_HOUSE_RULES_GENERAL, **_HOUSE_RULES_GOBLINS_DRAGON, **_HOUSE_RULES_THIEF,
    **_HOUSE_RULES_MORE, **_HOUSE_RULES_COLLAPSE, **_HOUSE_RULES_TERRAIN})
# House rules that belong to one role's own rules: offered (setup screen) and accepted
# (validate_setup) only in games where that role plays.  The others are open to every game.
HOUSE_RULE_ROLES: MappingProxyType[str, str] = MappingProxyType({"ghoul_skitter_variant": "ghoul"})


def house_rules_for(roles: Iterable[str]) -> dict[str, str]:
    """The house rules a game of ``roles`` may choose, by id with their text, in HOUSE_RULES order:
    every rule except those of a role not in play (HOUSE_RULE_ROLES)."""
    playing = set(roles)
    return {h: text for h, text in HOUSE_RULES.items() if h not in HOUSE_RULE_ROLES or HOUSE_RULE_ROLES[h] in playing}


class SetupError(ValueError):
    """A setup that cannot be played, with the valid choices in the message."""


class Setup(BaseModel):
    """What the players choose before a game: roles, seed, variants, difficulty."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    roles: tuple[str, ...]
    seed: int = 0
    variants: tuple[str, ...] = ()
    difficulty: dict[str, str] = Field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    solo_level: str | None = None          # Knight solo: easy/medium/hard = Goblin Infestation line A/B/C
    knight_crystals: int | None = None     # Knight vs Thief: 5 or 6 (agreed before play)


@dataclass
class GameConfig:
    """Everything the rules derive from a Setup; read-only during play."""

    turn_order: tuple[str, ...]
    variant_id: str
    variant_name: str
    summary: str
    crystals_needed: int = 5
    smash_strength: int = 3
    knight_health: int = 7
    collapse_crystals: int = 5
    hatred_tokens: int = 0
    remove_per_type: int = 0
    infestation_line: str | None = None
    flare_holders: frozenset[str] = frozenset()
    alone_in_the_dark: bool = False
    place_treasure_optional: bool = False
    ambush_kill_winner: str | None = None
    skip_dead_knight: bool = False
    removed_sidequests: tuple[str, ...] = ()
    collapse_rate_no_cave: int = 3
    extra: dict[str, Any] = field(default_factory=dict)
    # Whether any bonus card may come into play (a bonus variant, or a scenario, which may hand
    # out any card): the bonus cards' questions on hot paths (the Knight's stats, a Tribe's
    # Strength, a reveal) are skipped at once when not (issue 28; one attribute read).
    bonus_cards: bool = False

    def carried_treasure(self, g: Game) -> int:
        """Treasure tokens carried by the Thief still count for Omens (CV-13)."""
        return carried_treasure(g)


def _gift_pairs(rv: Any) -> list[tuple[str, str]]:
    out = []
    for gift in getattr(rv, "gifts", ()) or ():
        if isinstance(gift, (tuple, list)):
            out.append((str(gift[0]), str(gift[1])))
        else:
            out.append((gift.card, gift.holder))
    return out


@dataclass(frozen=True)
class _GhoulOnlyVariant:
    """Where the Ghoul's two-player or solo variant stands in for a base role variant (none
    exists for one role with the Ghoul): its name, summary and no base gifts or wins."""

    variant: Any

    @property
    def id(self) -> str:
        return str(self.variant.id)

    @property
    def name(self) -> str:
        return str(self.variant.name)

    @property
    def summary(self) -> str:
        return str(self.variant.summary)

    wins: tuple[Any, ...] = ()
    gifts: tuple[Any, ...] = ()
    solo_levels: tuple[Any, ...] = ()


def validate_setup(setup: Setup, rules: RulesData) -> None:
    """Refuse unknown roles, variants, difficulties and unplayable combinations, naming the valid ones."""
    refused = check_vile_ghoul_roles(setup.roles)
    if refused is not None:
        raise SetupError(f"{refused.text} ({refused.rule})")
    unknown = [r for r in setup.roles if r not in ROLE_ORDER]
    if unknown:
        raise SetupError(f"Unknown role(s) {', '.join(unknown)}; valid roles: {', '.join(ROLE_ORDER)}.")
    if not setup.roles:
        raise SetupError(f"Choose at least one role; valid roles: {', '.join(ROLE_ORDER)}.")
    if len(set(setup.roles)) != len(setup.roles):
        raise SetupError("Each role can be played only once.")
    if set(setup.roles) == {"cave"}:
        raise SetupError("The Cave cannot be played solo (SOLO-01); add another role.")
    missing = [r for r in setup.roles if r not in PLAYABLE_ROLES]
    if missing:
        raise SetupError(f"The {', '.join(missing)} role(s) are not playable yet; playable roles: "
                         f"{', '.join(PLAYABLE_ROLES)}.")
    for v in setup.variants:
        if v not in OPTIONAL_VARIANTS:
            raise SetupError(f"Unknown variant {v!r}; valid variants: {', '.join(OPTIONAL_VARIANTS) or '(none yet)'}.")
    for v in dict.fromkeys(setup.variants):
        needs = BONUS_ROLES.get(v)
        if needs and not set(needs) & set(setup.roles):
            raise SetupError(f"The {v} variant changes the {' or '.join(n.capitalize() for n in needs)}'s cards: "
                             f"add {' or '.join('the ' + n.capitalize() for n in needs)}, or turn it off "
                             "(all-bonus-cards turns on only the bonus cards of the roles in play).")
    if "terrain" in setup.variants and "random-terrain" in setup.variants:
        raise SetupError("Choose only one of the variants terrain, random-terrain.")
    if "dragon-scales" in setup.variants and "dragon" not in setup.roles:      # VAR-14: the Dragon's own cards
        raise SetupError("The dragon-scales variant gives the Dragon bonus cards: add the Dragon, or turn it off.")
    for v in KNIGHT_CARD_VARIANTS:                                          # the Knight's bonus cards
        if v in setup.variants and "knight" not in setup.roles:
            raise SetupError(f"The {v} variant changes the Knight's cards: add the Knight, or turn it off.")
    if "thief-upgrades" in setup.variants and "thief" not in setup.roles:     # VAR-38: the Thief's own cards
        raise SetupError("The thief-upgrades variant gives the Thief an Upgrade card: add the Thief, or turn it off.")
    if "schemes" in setup.variants and "goblins" not in setup.roles:          # VAR-25: the Goblins' own cards
        raise SetupError("The schemes variant gives the Goblins bonus cards: add the Goblins, or turn it off.")
    for family in EXCLUSIVE_VARIANTS:
        same = [v for v in dict.fromkeys(setup.variants) if v.startswith(family)]
        if len(same) > 1:
            raise SetupError(f"Choose only one of the variants {', '.join(same)}.")
    for h in setup.house_rules:
        if h not in HOUSE_RULES:
            raise SetupError(f"Unknown house rule {h!r}; valid house rules: {', '.join(HOUSE_RULES)}.")
        owner = HOUSE_RULE_ROLES.get(h)
        if owner is not None and owner not in setup.roles:
            raise SetupError(f"The {h} house rule changes the {owner.capitalize()}'s rules: add the "
                             f"{owner.capitalize()}, or turn it off.")
    for role, level in setup.difficulty.items():
        if role not in ROLE_ORDER:
            raise SetupError(f"Unknown role {role!r} in difficulty; valid roles: {', '.join(ROLE_ORDER)}.")
        valid = _level_ids(rules, role)
        if level not in valid:
            raise SetupError(f"Unknown {role} difficulty {level!r}; valid levels: {', '.join(valid)}.")
    if setup.solo_level is not None and setup.solo_level not in SOLO_LEVELS:
        raise SetupError(f"Unknown solo level {setup.solo_level!r}; valid levels: {', '.join(SOLO_LEVELS)}.")


def expand_variants(setup: Setup) -> tuple[str, ...]:
    """The variants in play, each composite name (all-bonus-cards) replaced by the bonus
    variants it stands for that are registered here and whose role is in play; every
    rule reads variants through this, so a bonus deck added later plugs in by name."""
    out: list[str] = []
    for v in setup.variants:
        if v in COMPOSITE_VARIANTS:
            out += [n for n in COMPOSITE_VARIANTS[v] if n in OPTIONAL_VARIANTS
                    and set(BONUS_ROLES.get(n, setup.roles)) & set(setup.roles)]
        else:
            out.append(v)
    return tuple(dict.fromkeys(out))


def promo_cards(setup: Setup) -> frozenset[str]:
    """The promo card ids the chosen bonus variants shuffle into their decks."""
    return frozenset(c for v in expand_variants(setup) for c in PROMO_CARDS.get(v, ()))


def effective_difficulty(setup: Setup, rules: RulesData) -> dict[str, str]:
    """Each role's difficulty: the one chosen, else the Speed variant's rank (VAR-02)."""
    out = dict(setup.difficulty)
    speed = next((v.split("-", 1)[1] for v in setup.variants if v.startswith("speed-")), None)
    if speed is not None:
        for role in setup.roles:
            if role not in out:
                levels = _levels(rules, role)
                level = next((i for i, rank in levels if rank == speed), None)
                if level is not None:
                    out[role] = level
    return out


def _levels(rules: RulesData, role: str) -> list[tuple[str, str]]:
    """A role's difficulty cards as (id, rank), easiest first (the expansion roles' own cards)."""
    if role == "ghoul":
        return [(d.id, d.rank) for d in rules.ghoul.difficulty]
    if role == VILE_GHOUL:
        return [(d.id, d.rank) for d in rules.vile_ghoul.difficulty]
    return [(d.id, d.rank) for d in rules.difficulty if d.role == role]


def _level_ids(rules: RulesData, role: str) -> list[str]:
    return [i for i, _ in _levels(rules, role)]


def collapse_variant_tiles(setup: Setup) -> int:
    """VAR-01: how many random Cave tiles the Collapse variant leaves out (0 without it)."""
    return next((int(v.split("-", 1)[1]) for v in setup.variants if v.startswith("collapse-")), 0)


def _difficulty(rules: RulesData, role: str, level: str | None) -> dict[str, Any]:
    levels = [d for d in rules.difficulty if d.role == role]
    chosen = next((d for d in levels if d.id == level), None) if level else None
    if chosen is None:
        chosen = next(d for d in levels if d.rank == "standard")
    return dict(chosen.params) if not hasattr(chosen, "param") else {k: chosen.param(k) for k in _param_keys(chosen)}


def _param_keys(model: Any) -> list[str]:
    params = model.params
    if isinstance(params, dict):
        return list(params)
    try:
        return [k for k, _ in params]
    except (TypeError, ValueError):
        return list(params)


def _knight_level_for_goblins(rules: RulesData, level: str | None) -> str | None:
    """DIF-11: with no Knight, the Goblins' level picks the Knight level of the same rank
    (it sets the Crystal target or the Dragon's Health)."""
    if level is None:
        return None
    rank = next((d.rank for d in rules.difficulty if d.role == "goblins" and d.id == level), None)
    return next((d.id for d in rules.difficulty if d.role == "knight" and d.rank == rank), None)


def _vile_ghoul_config(rules: RulesData, roles: tuple[str, ...], level: str | None, solo_level: str | None,
                      extra: dict[str, Any], gifts: list[tuple[str, str]]) -> VileGoal:
    """VG-01 and the Vile Ghoul's player variants into the configuration: its goal (``ghoul_kills``,
    ``ghoul_crystals_goal`` with the escape, ``vile_smash_goal`` without), its dice, the hunted
    role's starting Health, no Hunger cubes with the Dragon; the Thief's stash agreed at 5 or 6
    against it.  ``gifts`` gains the variants' cards."""
    stash = extra.get("thief_stash")
    if stash is not None and "cave" in roles and not {"knight", "dragon"} & set(roles):   # 5 or 6, agreed
        stash = min(max(int(stash), 5), 6)
        extra["thief_stash"] = stash
    vg = vile_goal(rules, roles, level, solo_level, None if stash is None else int(stash))
    extra["ghoul_kills"] = () if vg.hunted is None else (vg.hunted,)
    if vg.crystals is not None:
        extra["ghoul_crystals_goal" if vg.escape else "vile_smash_goal"] = vg.crystals
    extra["vile_dice"] = vg.dice
    if level is not None:
        extra["vile_level"] = level
    if vg.hunted == "dragon":
        extra["dragon_health"] = vg.hunted_health
    if vg.no_hunger_cubes and "dragon" in roles:
        extra["hunger_to_wakefulness"] = 0
    gifts += [(gift.card, gift.holder) for gift in vg.gifts if gift.card != "goblin_infestation"]
    return vg


def make_config(setup: Setup, rules: RulesData) -> GameConfig:
    validate_setup(setup, rules)
    variants = expand_variants(setup)           # all-bonus-cards stands for the bonus variants of the roles in play
    difficulty = effective_difficulty(setup, rules)
    roles = tuple(r for r in ROLE_ORDER if r in setup.roles)
    others = tuple(r for r in roles if r != "ghoul")
    gv = None
    rv: Any
    if VILE_GHOUL in roles:                                                # VG-03: the Goblins' setup and goals
        vg_variant = rules.vile_ghoul.player_variant("vile_ghoul_solo")
        as_goblins = tuple("goblins" if r == VILE_GHOUL else r for r in roles)
        rv = rules.role_variant(as_goblins) if len(roles) > 1 else _GhoulOnlyVariant(vg_variant)
        gifts = [(c, VILE_GHOUL if h == "goblins" else h) for c, h in _gift_pairs(rv)]
    elif "ghoul" in roles:                                                   # the Ghoul's player variants (§3.3)
        base = rules.role_variant(others) if len(others) >= 2 else None
        gv = ghoul_variant(rules, roles, setup.solo_level, _gift_pairs(base) if base is not None else [])
        rv = base if base is not None else _GhoulOnlyVariant(gv.variant)
        gifts = list(gv.gifts)
    else:
        rv = rules.role_variant(roles)
        gifts = _gift_pairs(rv)
    solo = len(roles) == 1
    knight_level = _difficulty(rules, "knight", difficulty.get("knight") or
                               (_knight_level_for_goblins(rules, difficulty.get("goblins"))
                                if "knight" not in roles else None))
    goblin_level = _difficulty(rules, "goblins", difficulty.get("goblins"))
    cave_level = _difficulty(rules, "cave", difficulty.get("cave"))
    line = getattr(rv, "goblin_infestation_line", None)
    if gv is not None and len(others) == 1:                                # Knight vs Ghoul: line A
        line = next((gift.line for gift in gv.variant.gifts if gift.card == "goblin_infestation"), None)
    if solo and roles == ("knight",):
        line = {"easy": "A", "medium": "B", "hard": "C"}[setup.solo_level or "easy"]   # SOLO-08
    kill_winner = None
    for w in rv.wins:
        if w.kind == "ambush_kills_knight":
            kill_winner = w.role
    holders = set()
    for card, holder in gifts:
        if card == "flare":
            if holder == "table":
                holders |= {r for r in roles if r in ("knight", "goblins", VILE_GHOUL, "thief", "ghoul")}
            else:
                holders.add(holder)
    knight_health = int(goblin_level.get("knight_health", 7))
    no_cave_players = len(roles)
    rate = 1 if ("one_tile_collapse" in setup.house_rules and no_cave_players > 3) else 3
    crystals = int(knight_level.get("crystals", 5))
    if setup.knight_crystals is not None:
        crystals = setup.knight_crystals
    extra: dict[str, Any] = {}
    if "dragon" in roles:                                                  # DIF-04..13, RV-14/23/32, SOLO-11
        dragon_level = _difficulty(rules, "dragon", difficulty.get("dragon"))
        extra["dragon_health"] = int(knight_level.get("dragon_health", rules.dragon.start_health))
        extra["wakefulness_needed"] = int(dragon_level.get("wakefulness_needed", rules.dragon.wake_threshold))
        extra["shriek_turns"] = int(dragon_level.get("shriek_turns", 0))
        hunger = int(getattr(rv, "hunger_to_wakefulness", 0) or 0)
        if gv is not None and gv.no_hunger_cubes:                          # the Ghoul's 2- and 3-player variants
            hunger = 0
        if solo and rv.solo_levels:
            hunger = int(rv.solo_level(setup.solo_level or "easy").hunger_to_wakefulness or 0)
        extra["hunger_to_wakefulness"] = hunger
        extra["cave_cannot_return_hunger"] = bool(getattr(rv, "cave_cannot_return_hunger", False))
    if "thief" in roles:                                                   # DIF-24, RV-28
        thief_level = _difficulty(rules, "thief", difficulty.get("thief"))
        stash = int(thief_level.get("stash", rules.thief.stash_to_win))
        for w in rv.wins:
            if w.role == "thief" and w.kind == "stash_treasure" and w.params.get("matches_knight_crystals"):
                stash = crystals
        extra["thief_stash"] = stash
        extra["thief_no_upgrade_first"] = int(thief_level.get("no_upgrade_first", 0))
    if VILE_GHOUL in roles:                                                # VG-01, the Vile Ghoul's variants (§4)
        vg = _vile_ghoul_config(rules, roles, difficulty.get(VILE_GHOUL), setup.solo_level, extra, gifts)
        if vg.hunted == "knight":
            knight_health = vg.hunted_health or knight_health
        kill_winner = VILE_GHOUL if vg.ambush_kill_counts else None if kill_winner == "goblins" else kill_winner
        for gift in vg.gifts:
            if gift.card == "goblin_infestation":
                line = gift.line
            elif gift.card == "flare":
                holders.add(gift.holder)
        for card in ("past_plunder", "ash_dragon"):                        # read by the cards without role_variant()
            extra[f"gift:{card}"] = next((h for c, h in gifts if c == card), None)
    if gv is not None:                                                     # GH-02, the Ghoul's variant goals
        extra.update(gv.extra)
        if "ghoul" in difficulty:
            extra["ghoul_level"] = difficulty["ghoul"]
            if "ghoul_fury_goal" not in extra:
                extra["ghoul_fury_goal"] = rules.ghoul.fury_goal(len(roles), difficulty["ghoul"])
        for card in ("past_plunder", "ash_dragon"):                        # read by the cards without role_variant()
            extra[f"gift:{card}"] = next((h for c, h in gifts if c == card), None)
        if gv.collapse_rate_no_cave is not None:
            rate = gv.collapse_rate_no_cave
    name = rv.name if gv is None or rv.name == gv.variant.name else f"{rv.name} + {gv.variant.name}"
    summary = rv.summary if gv is None or rv.summary == gv.variant.summary else f"{rv.summary} {gv.variant.summary}"
    if VILE_GHOUL in roles and len(roles) > 1:                           # VG-03: in the Goblins' place
        name, summary = in_goblins_place(rules, roles, name, summary)
    return GameConfig(
        turn_order=roles,
        variant_id=rv.id if gv is None or rv.id == gv.variant.id else f"{rv.id}+{gv.variant.id}",
        variant_name=name,
        summary=summary,
        crystals_needed=crystals,
        smash_strength=int(knight_level.get("smash_strength", 3)),
        knight_health=knight_health,
        collapse_crystals=int(cave_level.get("collapse_crystals", 5)) if "cave" in roles else 5,
        hatred_tokens=int(cave_level.get("hatred_tokens", 0)) if "cave" in roles else 0,
        remove_per_type=int(cave_level.get("remove_per_type", 0)) if "cave" in roles else 0,
        infestation_line=line if "goblins" not in roles else None,
        flare_holders=frozenset(holders),
        alone_in_the_dark=solo,
        place_treasure_optional=bool(getattr(rv, "place_treasure_optional", False)),
        ambush_kill_winner=kill_winner,
        skip_dead_knight=bool(getattr(rv, "skip_dead_knight", False)),
        removed_sidequests=tuple(getattr(rv, "remove_sidequests", ()) or ()),
        collapse_rate_no_cave=rate,
        extra={**extra, "collapse_variant_tiles": collapse_variant_tiles(setup),
               "moving_entrance": "moving-entrance" in setup.variants,                 # VAR-04..09
               "uncertain_treasures": "uncertain-treasures" in setup.variants,         # VAR-10..12
               "terrain": "terrain" in setup.variants or "random-terrain" in setup.variants,   # TR-01
               "random_terrain": "random-terrain" in setup.variants,                  # VAR-13
               "dragon_scales": "dragon-scales" in setup.variants,                    # VAR-32..37
               "promo_treasures": "promo-treasures" in variants,                # KN-97, KN-98, VAR-47
               "promo_sidequests": "promo-sidequests" in variants,              # VAR-15
               "revised_cards": "revised-cards" in variants,                    # VAR-20
               "thief_upgrades": "thief-upgrades" in variants,                  # VAR-38..40
               "schemes": "schemes" in variants,                                # VAR-25..31
               "promo_cards": promo_cards(setup)},                                   # issue 28: bonus cards
        bonus_cards=any(v in BONUS_VARIANTS for v in variants),
    )


def knight_deck(rules: RulesData, cfg: GameConfig, name: Literal["treasures", "sidequests", "events"]) -> list[str]:
    """The Knight's Treasure, Sidequest or Event deck (unshuffled) with her bonus cards:
    promo-treasures / promo-sidequests add the promo cards of that deck, revised-cards
    swaps the base Heroic Boots, Javelin and Cave Bread for their revised versions (VAR-20)."""
    deck = list(rules.deck(name))
    promo = {"treasures": "promo_treasures", "sidequests": "promo_sidequests"}.get(name)
    revised = set(REVISED_CARDS.values())
    if promo is not None and cfg.extra.get(promo):
        deck += [c for c in rules.deck(name, include_promo=True) if c not in deck and c.split("#")[0] not in revised]
    if cfg.extra.get("revised_cards"):
        replaced = {c.split("#")[0] for c in deck} & set(REVISED_CARDS)
        deck = [c for c in deck if c.split("#")[0] not in REVISED_CARDS]
        deck += [c for c in rules.deck(name, include_promo=True)
                 if c.split("#")[0] in {REVISED_CARDS[b] for b in replaced}]
    return deck


def initial_state(g: Game) -> GameState:
    """SET-07..43: build the map, the stack, decks and role boards with the game RNG."""
    rules, cfg, rng = g.rules, g.config, g.rng
    roles = cfg.turn_order
    g.hooks = build_hooks()                                                # how low layers reach higher ones
    st = GameState(roles=roles)
    board = st.board
    entrance = next(t for t in rules.tiles if t.type == "entrance")
    board.tiles[(0, 0)] = PlacedTile(entrance.id, lit=True)               # SET-07
    thief = "thief" in roles
    by_type: dict[str, list[str]] = {}
    for t in rules.tiles:
        if t.type != "entrance":
            by_type.setdefault(t.type, []).append(t.id)
    if cfg.remove_per_type:                                                # DIF-17/18/20
        for kind in ("ambush", "event", "treasure", "crystal", "vault"):
            if kind == "vault" and not thief:
                continue
            pile = by_type[kind]
            rng.shuffle(pile)
            for _ in range(cfg.remove_per_type):
                st.box.append(pile.pop())
    crystals = by_type.pop("crystal")                                      # SET-08
    vaults = by_type.pop("vault")
    if not thief:
        st.box += vaults
        vaults = []
    rest = [t for kind in ("ambush", "event", "treasure") for t in by_type[kind]]
    rng.shuffle(rest)
    for d in range(rules.cave.starting_dark_tiles):                        # SET-09: one on each side
        board.tiles[DELTA[d]] = PlacedTile(rest.pop(0), lit=False)
    for _ in range(int(cfg.extra.get("collapse_variant_tiles", 0))):        # VAR-01: before the Crystals
        st.box.append(rest.pop())
    rng.shuffle(crystals)
    rng.shuffle(vaults)
    n_piles = rules.cave.stack_piles
    piles: list[list[str]] = [[] for _ in range(n_piles)]
    for group in (rest, crystals, vaults):                                 # SET-10, SET-12: dealt evenly
        for i, tid in enumerate(group):
            piles[i % n_piles].append(tid)
    for pile in piles:
        rng.shuffle(pile)
        st.stack += pile
    st.supply = Counter({"treasure": rules.cave.treasure_tokens_with_thief if thief else rules.cave.treasure_tokens_no_thief,
                         "crystal": rules.cave.crystal_tokens,
                         "event": rules.cave.event_tokens if "knight" in roles else 0,   # SET-40: boxed
                         "rockslide": rules.cave.rockslides})
    st.omen_bag = Counter({s: rules.omen_tokens_per_symbol for s in rules.omen_symbols})
    if "knight" in roles:                                                  # SET-30..32, SET-40
        kd = rules.knight
        k = KnightState(health=cfg.knight_health, max_health=cfg.knight_health, cubes_free=kd.start_cubes,
                        grit_spaces=list(kd.cube_grit_spaces), bombs_left=kd.bombs)
        deck = [c for c in knight_deck(rules, cfg, "sidequests") if c.split("#")[0] not in cfg.removed_sidequests]
        rng.shuffle(deck)
        k.sidequests = deck[:3]
        k.sidequest_deck = deck[3:]
        st.knight = k
        board.pieces["knight"] = (0, 0)
        st.event_deck = knight_deck(rules, cfg, "events") + promo_ids(rules, cfg, "events")
        rng.shuffle(st.event_deck)
        st.treasure_deck = knight_deck(rules, cfg, "treasures")
        rng.shuffle(st.treasure_deck)
        if cfg.infestation_line == "C":
            st.monster_deck = dealt_deck(rules, cfg, "monsters")
            rng.shuffle(st.monster_deck)
    if "cave" in roles:                                                    # SET-38/39
        cave = CaveState(hatred_tokens=cfg.hatred_tokens)
        st.cave = cave
        cave.hand = st.stack[:3]
        del st.stack[:3]
    if "dragon" in roles:                                                  # Dragon setup (his board)
        setup_dragon(g, st)
    if "goblins" in roles:                                                 # Goblins setup (GB board)
        st.goblins = setup_goblins(g, st)
        if promo_ids(rules, cfg, "monsters"):                              # promo-monsters (issue 28)
            st.monster_deck = dealt_deck(rules, cfg, "monsters")
            rng.shuffle(st.monster_deck)
    if "thief" in roles:                                                   # Thief setup (SET-41..43)
        st.thief = setup_thief(g, st)
    if "ghoul" in roles:                                                   # Ghoul setup (GH-03)
        st.ghoul = setup_ghoul(g, st)
    if VILE_GHOUL in roles:                                                # Vile Ghoul setup (VG-02)
        st.ghoul = setup_vile_ghoul(g, st)
    if cfg.extra.get("random_terrain"):                                    # VAR-13: the Terrain cards
        st.terrain_deck = [k for k in dict.fromkeys(t.kind for t in rules.terrain) if k in READY_KINDS]
        rng.shuffle(st.terrain_deck)
    g.meetings = build_meetings(roles)                                     # the cross-role rules, in seat order
    st.active = roles[0]
    return st
