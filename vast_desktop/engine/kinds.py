"""The kinds of decision the engine asks a player: one :class:`DecisionKind` member each.

A decision's ``kind`` says what is being decided (the prompt says it in words).  Bots,
the table, tooltips, the tutorial and the reference all branch on it, so it is one enum
rather than free strings: ``Game.ask`` refuses anything else, and a renamed or misspelt
kind fails at import (an unknown attribute) instead of silently never matching.  Members
are ``StrEnum``: each equals, hashes and prints as its string, so saved games, logs and
views are unchanged (issue 25, item 4).

``tests/test_decision_kinds.py`` checks that every member is asked somewhere in the engine
and that every kind asked is a member.
"""
from __future__ import annotations

from enum import StrEnum, unique


@unique
class DecisionKind(StrEnum):
    """What a pending decision decides (its ``Decision.kind``)."""

    # --- every game: tiles, the map, the Collapse (engine/flow.py, engine/map/)
    PLACE_TILE = "place_tile"                 # where a Dark tile drawn at the end of a turn goes (no Cave / solo)
    COLLAPSE_TILE = "collapse_tile"           # which tile the Collapse removes
    FILL_OPEN_EDGE = "fill_open_edge"         # the Cave places a Dark tile on an open edge
    FORCED_MOVE = "forced_move"               # where a piece goes when its tile collapses or its Terrain leaves
    MOVE_ENTRANCE = "move_entrance"           # where the Entrance piece goes when its tile collapses (Moving Entrance)
    SLIDE_SECTION = "slide_section"           # which split section of the map slides back, and where
    ORIENT_TILE = "orient_tile"               # the rotation of a tile just revealed
    REVEAL_ORDER = "reveal_order"             # which of several tiles is revealed next
    PAST_PLUNDER = "past_plunder"             # the empty Dark tile that gets a Treasure token (Past Plunder)

    # --- Terrain variant (engine/map/terrain.py)
    TERRAIN_CHOOSE = "terrain_choose"         # which Terrain tile an Event tile puts in play
    TERRAIN_PLACE = "terrain_place"           # where (and how turned) that Terrain tile goes
    TERRAIN_PIT = "terrain_pit"               # where each of the three Pits goes
    TERRAIN_RIDE = "terrain_ride"             # whether a piece rides the River's current

    # --- the Knight (engine/roles/knight/, engine/cards/)
    KNIGHT_TURN = "knight_turn"               # the Knight's next move or action, or ending her turn
    ATTACK_ORDER = "attack_order"             # which of the attacks owed on entering a tile she resolves first
    CHOOSE_CUBE = "choose_cube"               # which Hero cube she spends or discards
    KEEP_TREASURE = "keep_treasure"           # keep the Treasure card found, or decline it for Grit
    RETURN_TREASURE = "return_treasure"       # which Treasure card goes to the bottom (Uncertain Treasures)
    AMBUSH_STRENGTH = "ambush_strength"       # fight an Ambush token or not, and with what Strength
    AMBUSH_STEP = "ambush_step"               # where she steps when an Ambush drives her off
    UNDERWORM = "underworm"                   # which Dark tile the Underworm drags her to
    EVENT_LIGHT = "event_light"               # Light: discard a Hero cube to regain 2 Health?
    EVENT_FRESH = "event_fresh"               # spend a Hero cube to regain 1 Health (Event)?
    MIGHTY_AXE = "mighty_axe"                 # discard the Mighty Axe's cube for 1 more damage to the Dragon?

    # --- the Goblins (engine/roles/goblins/, engine/cards/secrets.py)
    GOBLINS_TURN = "goblins_turn"             # which Tribe to activate (or a Secret, or ending the turn)
    TRIBE_ACTIVATION = "tribe_activation"     # the activated Tribe's next move or action
    ASSIGN_MONSTER = "assign_monster"         # which Tribe a Monster drawn joins
    DISCARD_SECRET = "discard_secret"         # which Secrets card goes over the hand limit
    RUBY_SECRET = "ruby_secret"               # which Secrets card just drawn the Goblin Ruby discards
    WAR_CARD = "war_card"                     # which War card the Goblins play
    POPULATE = "populate"                     # which Tribe gains Population
    REVEAL_TRIBE = "reveal_tribe"             # where a hidden Tribe is revealed
    LURKER = "lurker"                         # what a lurking Tribe does
    OVERPOPULATION = "overpopulation"         # which Tribe scatters at Overpopulation
    SCATTER_MONSTER = "scatter_monster"       # which Monster a scattering Tribe discards
    TRAP_DRAGON = "trap_dragon"               # play Trap (or not) when the Dragon's power hits Tribes
    GNOME_LEAP = "gnome_leap"                 # where the Gnome leaps, or stay
    AMBUSH = "ambush"                         # attack the Knight from an Ambush with a hidden Tribe?
    CHOOSE_TRIBE = "choose_tribe"             # which Tribe a Secrets card affects
    CAVE_IN = "cave_in"                       # which tile Cave-In removes
    HEX_TARGET = "hex_target"                 # which player Hex targets
    MEAT_SPACE = "meat_space"                 # which empty space the promo Meat! disc goes on
    SPORES_TRIBE = "spores_tribe"             # which Tribe falls to 1 Population (Soporific Spores)
    SCHEME_BUY = "scheme_buy"                 # plundered Treasure: buy a Scheme, store it, or let it go
    SCHEME_PAY = "scheme_pay"                 # which other Scheme in hand is discarded to pay for one
    PRESS_GANGS = "press_gangs"               # Press Gangs: move a disc between Tribes, or not
    ANCIENT_RITUALS = "ancient_rituals"       # Ancient Rituals: remove a disc to draw another Secret, or not
    MERCENARIES = "mercenaries"               # Mercenaries: pay 1 Rage to draw another Monster, or not
    BRIGHT_BEETLES = "bright_beetles"         # discard the Bright Beetles so a Hissed Tribe loses nothing?
    THIEF_BONUS = "thief_bonus"               # Secrets or Rage for killing the Thief (Loot Drop)

    # --- the Dragon (engine/roles/dragon/)
    DRAGON_TURN = "dragon_turn"               # the Dragon's next move or power, or ending his turn
    PAY_POWER = "pay_power"                   # which symbols pay for a power
    SHRIEK_REROLL = "shriek_reroll"           # keep the roll or spend the Shriek token to reroll
    DRAGON_PUSH = "dragon_push"               # where the Dragon pushes a piece (Tail, Wrath)
    DRAGON_WING = "dragon_wing"               # where Wing flies
    DRAGON_HISS = "dragon_hiss"               # which Tribe Hiss targets
    DRAGON_SLITHER = "dragon_slither"         # which Sloth cube Slither moves
    DRAGON_SWAT = "dragon_swat"               # which token Swat moves, and where
    DRAGON_BURN = "dragon_burn"               # which Dark tile Burn reveals
    DRAGON_SCRATCH = "dragon_scratch"         # whom Scratch hits
    DRAGON_FLAME_WALL = "dragon_flame_wall"   # which tile gets the Flame Wall
    DRAGON_PLATINUM = "dragon_platinum"       # which box a Platinum Scale moves a Sloth cube from
    DRAGON_PRIDE = "dragon_pride"             # move a Pride cube now or keep it for a later box
    DRAGON_TREASURE = "dragon_treasure"       # pick up the Treasure tokens on his tile?
    DRAGON_GEM = "dragon_gem"                 # place a Dragon Gem on his tile?
    DRAGON_KEEP_SCALE = "dragon_keep_scale"   # reveal a Silver Scale to keep it when replacing his hand
    DRAGON_DISCARD = "dragon_discard"         # which Power card he discards
    DRAGON_SPORES = "dragon_spores"           # which Sloth box takes the cube back (Soporific Spores)

    # --- the Cave (engine/roles/cave/, engine/cards/)
    CAVE_TURN = "cave_turn"                   # the Cave's next tile, Omen or phase step, or ending its turn
    EXPLORE_TILE = "explore_tile"             # the Dark tile placed where the Goblins explore
    CHOOSE_EVENT = "choose_event"             # which Event card is played on the Knight
    CHOOSE_TREASURE = "choose_treasure"       # which Treasure card the Knight gets
    BOTTOM_TREASURE = "bottom_treasure"       # which Treasure card goes to the bottom (Uncertain Treasures)
    PAY_OMEN = "pay_omen"                     # which Omen tokens pay for an Omen
    HEX_DISCARD = "hex_discard"               # which Omen token Hex (or the Warlock's Wand) discards
    GAUNTLET_OMEN = "gauntlet_omen"           # which Omen token the Silver Gauntlet's smash discards (KN-97)
    OMEN_GIANT_BATS = "omen_giant_bats"       # Giant Bats: which piece moves, and where
    OMEN_ROCKSLIDE = "omen_rockslide"         # Rockslide: on which edge
    OMEN_PAST_PLUNDER = "omen_past_plunder"   # Past Plunder (Omen): where the Treasure token goes
    OMEN_SOPORIFIC_SPORES = "omen_soporific_spores"  # Soporific Spores: whom it puts to sleep
    OMEN_HATRED = "omen_hatred"               # Hatred: which tile is placed or removed
    OMEN_CRYSTAL_CURSE = "omen_crystal_curse"  # Crystal Curse: what it does to the decks

    # --- the Thief (engine/roles/thief/, engine/cards/omens.py)
    THIEF_TURN = "thief_turn"                 # the Thief's next move or action, or ending his turn
    GHOUL_TURN = "ghoul_turn"                 # the Ghoul's next move, collection, attack or Terror card, or the end
    GHOUL_PLACE = "ghoul_place"               # the Ghoul's first Dark tile (or where a Dark tile goes for it)
    GHOUL_KEEP = "ghoul_keep"                 # which Ghoul die is set aside (the other two: movement, attack)
    GHOUL_TAKE_TREASURE = "ghoul_take_treasure"  # which Treasure token on the map it takes (supply empty)
    GHOUL_ATTACKED = "ghoul_attacked"         # what the Knight or the Dragon loses to the Ghoul's attack
    GHOUL_SKITTER_SYMBOL = "ghoul_skitter_symbol"  # the Dark-tile symbol the other player names for the skitter
    GHOUL_SKITTER = "ghoul_skitter"           # which tile with that symbol the Ghoul skitters to
    GHOUL_TERROR_KEEP = "ghoul_terror_keep"   # which of the Terror cards drawn it keeps
    GHOUL_TERROR_DISCARD = "ghoul_terror_discard"  # which Terror card it discards (the Dragon's Scratch)
    GHOUL_CHEAT = "ghoul_cheat"               # Cheat once per game: set one Ghoul die before rolling, or not
    GHOUL_REROLL = "ghoul_reroll"             # Cheat: which Ghoul die to roll again, or keep the roll
    GHOUL_ADAPT = "ghoul_adapt"               # Adapt once per game: search the Terror deck, or draw
    GHOUL_SCOUR = "ghoul_scour"               # Scour: reveal the Dark tile it looked at, or leave it Dark
    VILE_GHOUL_SELECT = "vile_ghoul_select"   # which supply die the Vile Ghoul places on its chart (VG-06)
    THIEF_STATS = "thief_stats"               # how his Stat tokens go to Movement, Stealth and Thievery
    THIEF_TAKE_TREASURE = "thief_take_treasure"  # which Treasure token he takes from the map (supply empty)
    THIEF_STICKY = "thief_sticky"             # reroll a failed roll with Sticky Fingers?
    THIEF_PICKPOCKET_CARD = "thief_pickpocket_card"  # which card Pickpocket takes
    THIEF_REVEAL = "thief_reveal"             # reveal a tile he peeked at, or leave it Dark
    THIEF_UPGRADE = "thief_upgrade"           # which upgrade a stashed Treasure token buys
    THIEF_EVASION = "thief_evasion"           # where Unnatural Evasion slips him, or stay
    THIEF_STRIKE_DRAGON = "thief_strike_dragon"  # Backstab the Dragon entering his tile?
    THIEF_SPORES = "thief_spores"             # which upgrade he loses (Soporific Spores)

    @classmethod
    def omen(cls, omen_id: str) -> DecisionKind:
        """The kind of choosing an Omen's target (``omen_<id>``); ValueError for an Omen with none."""
        return cls(f"omen_{omen_id}")
