"""What everyone else may read about a pending decision (GEN-01): who decides and what kind
of decision it is, in words that name nothing hidden.

A decision's own prompt is written for the decider and may name what only they know (the
Thief's "Reveal the Ambush tile at 2,0?" after a peek, the Event cards the Cave looks
at).  ``PlayerView.waiting_for`` therefore shows every viewer but the decider the phrase
of the decision's kind instead (:func:`public_prompt`); the phrases are fixed per kind, so
they cannot carry a card, a tile or a number that depends on a secret.
"""
from __future__ import annotations

from types import MappingProxyType

# kind -> what the decider is deciding (after "is deciding"); a kind missing here reads
# "is deciding" alone (tests/test_privacy.py checks every kind the engine asks is listed)
TASKS: MappingProxyType[str, str] = MappingProxyType({
    # turns
    "knight_turn": "what to do this turn",
    "attack_order": "which attack to resolve first",
    "goblins_turn": "what to do this turn",
    "dragon_turn": "what to do this turn",
    "cave_turn": "what to do this turn",
    "thief_turn": "what to do this turn",
    "ghoul_turn": "what to do this turn",
    "ghoul_place": "where the Ghoul appears",
    "ghoul_keep": "which Ghoul die to set aside",
    "ghoul_take_treasure": "which Treasure token to take",
    "ghoul_attacked": "what to lose to the Ghoul's attack",
    "ghoul_skitter_symbol": "which symbol the Ghoul skitters to",
    "ghoul_skitter": "where the Ghoul skitters",
    "ghoul_terror_keep": "which Terror card to keep",
    "ghoul_terror_discard": "which Terror card to discard",
    "ghoul_cheat": "whether to use Cheat",
    "ghoul_reroll": "whether to roll a die again",
    "ghoul_adapt": "whether to search the Terror deck",
    "ghoul_scour": "whether to reveal a tile",
    "vile_ghoul_select": "which die to place on the chart",
    # tiles and the map
    "place_tile": "where to place a Dark tile",
    "fill_open_edge": "which Dark tile to place on an open edge",
    "explore_tile": "which Dark tile to place where the Goblins explore",
    "orient_tile": "how to turn a revealed tile",
    "reveal_order": "which tile to reveal next",
    "collapse_tile": "which tile collapses",
    "forced_move": "where a piece goes",
    "move_entrance": "where the Entrance piece goes",
    "slide_section": "how to slide the map back together",
    "past_plunder": "where to put a Treasure token",
    "terrain_choose": "which Terrain tile to place",
    "terrain_place": "where to place a Terrain tile",
    "terrain_pit": "where to place a Pit",
    "terrain_ride": "whether to ride the River's current",
    # the Knight
    "choose_cube": "which Hero cube to use",
    "keep_treasure": "whether to keep a Treasure card",
    "return_treasure": "which Treasure card to send back",
    "event_light": "whether to discard a Hero cube for Health",
    "event_fresh": "whether to spend a Hero cube for Health",
    "ambush_strength": "how to meet the Ambush",
    "ambush_step": "where to step",
    "underworm": "which Dark tile to be dragged to",
    "mighty_axe": "whether to discard a Hero cube for more damage",
    # the Cave
    "choose_event": "which Event card to play",
    "choose_treasure": "which Treasure card to give the Knight",
    "bottom_treasure": "which Treasure card goes to the bottom of the deck",
    "pay_omen": "how to pay for an Omen",
    "hex_discard": "which Omen token to discard",
    "gauntlet_omen": "which Omen token the Silver Gauntlet makes it discard",
    # the Goblins
    "ambush": "whether to attack from an Ambush",
    "assign_monster": "where a Monster goes",
    "bright_beetles": "whether to discard a card to keep a Tribe's Population",
    "cave_in": "which tiles to remove",
    "choose_tribe": "which Tribe to choose",
    "discard_secret": "which Secrets card to discard",
    "gnome_leap": "whether the Gnome leaps",
    "hex_target": "whom to Hex",
    "meat_space": "where to put the Meat!",
    "lurker": "what a lurking Tribe does",
    "overpopulation": "which Tribe scatters",
    "populate": "how to populate the Tribes",
    "reveal_tribe": "where to reveal a Tribe",
    "ruby_secret": "whether to swap a Secrets card just drawn",
    "scatter_monster": "which Monster to discard",
    "spores_tribe": "which Tribe falls to 1 Population",
    "scheme_buy": "whether to buy a Scheme",
    "scheme_pay": "which Scheme to discard",
    "press_gangs": "whether to move a disc",
    "ancient_rituals": "whether to draw another Secret",
    "mercenaries": "whether to draw another Monster",
    "thief_bonus": "whether to draw Secrets or gain Rage",
    "trap_dragon": "how to answer the Dragon's power",
    "tribe_activation": "what a Tribe does",
    "war_card": "which War card to play",
    # the Dragon
    "dragon_burn": "which Dark tile to burn",
    "dragon_discard": "which Power card to discard",
    "dragon_flame_wall": "where to put the Flame Wall",
    "dragon_gem": "whether to place a Dragon Gem",
    "dragon_hiss": "which Tribe to hiss at",
    "dragon_keep_scale": "what to keep when replacing the hand",
    "dragon_platinum": "which Sloth cube to move",
    "dragon_pride": "which Sloth cube Pride moves",
    "dragon_push": "where to push a piece",
    "dragon_scratch": "whom to scratch",
    "dragon_slither": "which Sloth cube to move",
    "dragon_spores": "which Sloth box takes a cube back",
    "dragon_swat": "which token to swat",
    "dragon_treasure": "whether to pick up Treasure tokens",
    "dragon_wing": "where to fly",
    "pay_power": "how to pay for a Power",
    "shriek_reroll": "whether to reroll",
    # the Thief
    "thief_evasion": "whether to slip away",
    "thief_pickpocket_card": "which card to take",
    "thief_reveal": "whether to reveal a tile",
    "thief_spores": "which upgrade to lose",
    "thief_stats": "how to assign the Stat tokens",
    "thief_sticky": "whether to reroll with Sticky Fingers",
    "thief_strike_dragon": "whether to backstab the Dragon",
    "thief_take_treasure": "which Treasure token to take",
    "thief_upgrade": "which upgrade to buy",
})
OMEN_KIND_PREFIX = "omen_"          # omens.use_omen asks "omen_<id>" for an Omen's target
OMEN_TASK = "the target of an Omen"


def task(kind: str) -> str | None:
    """What a decision of ``kind`` decides, in words that name nothing hidden (None if unlisted)."""
    if kind in TASKS:
        return TASKS[kind]
    if kind.startswith(OMEN_KIND_PREFIX):
        return OMEN_TASK
    return None


def public_prompt(role: str, kind: str) -> str:
    """The sentence every viewer but the decider reads, e.g. "The Thief is deciding whether
    to reveal a tile." (the Goblins "are")."""
    verb = "are" if role == "goblins" else "is"
    what = task(kind)
    return f"The {role.title()} {verb} deciding{' ' + what if what else ''}."
