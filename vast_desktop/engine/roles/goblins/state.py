"""The Goblins' player board: Population discs under each Tribe, Rage, Monsters in the
Tribe slots, Secrets (hand and face up), the War, Monster and Secrets decks, and the
per-turn bookkeeping of the Activate Tribes phase (GB-05..15, GB-16, GB-38, GB-51).

A revealed Tribe is a piece ``tribe:<id>`` in ``board.pieces``; a hidden one is not.
A lurking Tribe (GB-83) is hidden and stands on an open space: it is kept in
``lurking`` (never in ``board.pieces``, which holds only pieces on tiles).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...cards.bonus_decks import dealt_deck
from ...geometry import Pos

if TYPE_CHECKING:
    from ....rules_data import RulesData
    from ...game import Game
    from ...state import GameState

TRIBES = ("fangs", "bones", "eye")


@dataclass
class GoblinState:
    population: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRIBES})
    rage: int = 1
    monsters: dict[str, list[str]] = field(default_factory=lambda: {t: [] for t in TRIBES})
    lurking: dict[str, Pos] = field(default_factory=dict)
    hand: list[str] = field(default_factory=list)          # Secrets in hand (private)
    face_up: list[str] = field(default_factory=list)       # Goblin Ruby, Trap once played
    war_deck: list[str] = field(default_factory=list)
    war_card: str | None = None                            # the card chosen this turn
    drawn_monster: str | None = None                       # a Monster drawn and being assigned (public)
    secrets_deck: list[str] = field(default_factory=list)
    secrets_discard: list[str] = field(default_factory=list)
    crystals: int = 0                                      # smashed with no Knight (GB-77)
    poison_cubes: int = 0                                  # the Knight's cubes on the Entrance (Poison)
    schemes: list[str] = field(default_factory=list)       # Schemes bought, face up (VAR-26, public)
    stored_treasure: int = 0                               # Treasure stored for Schemes (VAR-29, public)
    armory_tribe: str | None = None                        # the Tribe holding the Armory's disc
    # this turn (reset at the start of the Goblins' turn)
    activated: list[str] = field(default_factory=list)
    lit_exits: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRIBES})
    flared: list[str] = field(default_factory=list)
    wisp_used: list[str] = field(default_factory=list)
    crystal_attack: dict[str, str] = field(default_factory=dict)   # "x,y" -> first attacking Tribe
    tunnels: bool = False
    blind_fury: str | None = None
    fire_bomber: str | None = None
    poison: bool = False
    slingshot: str | None = None                           # promo Slingshot: the piece hit this turn
    mushrooms: str | None = None                           # promo Cave Mushrooms: the Tribe it drives this turn
    ruby_used: bool = False
    war_drawn: list[str] = field(default_factory=list)     # Choose War Card: the cards drawn (private)
    blocked: list[str] = field(default_factory=list)       # Populate Tribes: the Tribes whose discs Rage blocks
    secrets_drawn: list[str] = field(default_factory=list)  # Draw Secrets: the cards just drawn (private)
    # the Tribe being activated (reset when its activation starts)
    moved: bool = False                                    # it has moved (Secret Tunnels only before)
    worm_used: bool = False                                # its Underworm leap is made (one per activation)


SCHEME_HANDLER = "scheme"      # the handler of the Scheme cards (the schemes variant, VAR-25)


def scheme_deck(rules: RulesData) -> list[str]:
    """VAR-25: the Scheme cards shuffled into the Secrets deck at setup."""
    return [pid for c in rules.cards("secrets", include_promo=True) if c.handler == SCHEME_HANDLER
            for pid in c.physical_ids]


def setup_goblins(g: Game, st: GameState) -> GoblinState:
    """Goblins setup: 3 Tribes on the board, Strength disc on Fangs (derived), decks
    shuffled, Rage 1 (GB setup)."""
    rules, rng = g.rules, g.rng
    gs = GoblinState(rage=rules.goblins.start_rage)
    gs.war_deck = list(rules.deck("war"))
    rng.shuffle(gs.war_deck)
    gs.secrets_deck = dealt_deck(rules, g.config, "secrets")       # with the promo Secrets in play (issue 28)
    if g.config.extra.get("schemes"):                      # VAR-25: Schemes join the Secrets deck
        gs.secrets_deck += scheme_deck(rules)
    rng.shuffle(gs.secrets_deck)
    st.monster_deck = list(rules.deck("monsters"))
    rng.shuffle(st.monster_deck)
    return gs
