"""The Ghoul's player board (GH items): Fury, the Ghoul discs on the Attack space, the dice of
this turn (rolled, kept, set aside), movement left, its Defense, the Treasure tokens it holds,
its Terror cards face up and the Terror deck (facedown, seen by nobody).

Derived values live here too: its Fury goal (GH-02 or the player variant's), its Defense
(GH-25) and whether it has won its way to the Entrance (GH-01).  Other roles read this module
(the Knight's entry rule, GH-32), never the Ghoul's turn.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import checked

if TYPE_CHECKING:
    from ...game import Game
    from ...state import GameState

PIECE = "ghoul"
PIECES = frozenset({"ghoul", "vile_ghoul"})                 # the Ghoul's piece or the Vile Ghoul's: others meet it alike


@dataclass
class GhoulState:
    piece: ClassVar[str] = PIECE                            # its seat and piece (the Vile Ghoul's state says its own)
    title: ClassVar[str] = "Ghoul"                          # how the log and the prompts name it
    placed: bool = False                                    # its piece is on the map (GH-04)
    fury: int = 0                                           # the Fury cube (GH-03: starts on 0)
    treasure: int = 0                                       # Treasure tokens on its Treasure space (GH-15)
    attack: int = 0                                         # Ghoul discs on the Attack space (GH-08)
    defense: int = 0                                        # set at the end of its turn (GH-25)
    terror_deck: list[str] = field(default_factory=list)    # facedown, top first (GH-03)
    terror: list[str] = field(default_factory=list)         # drawn, face up beside its board (GH-27)
    terror_removed: list[str] = field(default_factory=list)  # out of the game after a once-per-game effect (GH-29)
    drawing: list[str] = field(default_factory=list)        # drawn, one to keep (GH-23, Adapt): the Ghoul's eyes only
    smashed: int = 0                                        # Crystal tokens it smashed (cave_vs_ghoul, solo)
    backstab: int = 0                                       # the Thief's Backstab cubes: −movement next turn (GH-37)
    card_movement: int = 0                                  # the Thief's Charm (+1) and Wand (−2): movement next turn
    turns: int = 0                                          # its turns begun (GH-06: nothing to return on the first)
    # this turn (reset when its turn starts)
    rolled: list[int] = field(default_factory=list)         # the faces rolled (GH-06)
    kept: list[int] = field(default_factory=list)           # the two kept, higher first (GH-07)
    set_aside: int = 0                                      # the face set aside (0: none)
    movement: int = 0                                       # movement points left (GH-08)
    attacked: list[str] = field(default_factory=list)       # pieces attacked this turn (GH-17)
    first_used: list[str] = field(default_factory=list)     # Terror cards whose first effect was used (GH-30)
    game_used: list[str] = field(default_factory=list)      # card names whose once-per-game effect was used (GH-30)
    leaving: list[str] = field(default_factory=list)        # "during this turn" cards leaving at its end (GH-29)
    free_extra: int = 0                                     # Sneak: extra movement costs it may skip (GH-30)
    no_extra: bool = False                                  # Sneak (once per game): no extra costs this turn
    free_collect: bool = False                              # Seize (once per game): the next collection is free
    scour_all: bool = False                                 # Scour (once per game): peek at each Dark tile entered


def ghoul(g: Game) -> GhoulState:
    s = g.state.ghoul
    assert isinstance(s, GhoulState), "no Ghoul in this game"
    return s


def me(g: Game) -> str:
    """The seat and piece of the Ghoul in play: ``ghoul``, or ``vile_ghoul`` — the Vile Ghoul
    plays with the Ghoul's rules where they are the same (VG-08), through this same code."""
    s = g.state.ghoul
    return PIECE if s is None else s.piece


def set_movement(g: Game, base: int) -> None:
    """Its movement this turn from the dice's (or the chart's) ``base``: less the Thief's
    Backstab cubes (GH-37), plus the Thief's bonus cards' change (Charm +1, Warlock's Wand −2,
    EXPANSION_DATA Appendix A), never below 0; both are spent on this turn."""
    s = ghoul(g)
    s.movement = max(0, base - s.backstab + s.card_movement)
    if s.backstab:
        g.log("ghoul_backstab", f"The Thief's Backstab costs the {title(g)} {s.backstab} movement this turn.")
        s.backstab = 0
    if s.card_movement:
        change = f"gives the {title(g)} +{s.card_movement}" if s.card_movement > 0 else \
            f"costs the {title(g)} {-s.card_movement}"
        g.log("ghoul_card_movement", f"The Thief's Upgrade card {change} movement this turn.")
        s.card_movement = 0


def title(g: Game) -> str:
    """How the log names the Ghoul in play: "Ghoul" or "Vile Ghoul"."""
    s = g.state.ghoul
    return "Ghoul" if s is None else s.title


def fury_goal(g: Game) -> int:
    """GH-02: 7 + the number of players, at most 14 (the difficulty card's base), unless the
    player variant names its own goal (10 with three players, 9 with two, the solo level's)."""
    goal = g.config.extra.get("ghoul_fury_goal")
    if goal is not None:
        return int(goal)
    level = g.config.extra.get("ghoul_level")
    return g.rules.ghoul.fury_goal(len(g.config.turn_order), None if level is None else str(level))


def crystals_goal(g: Game) -> int | None:
    """cave_vs_ghoul and solo: the Crystals smashed that also let it escape, else None."""
    n = g.config.extra.get("ghoul_crystals_goal")
    return None if n is None else int(n)


def may_escape(g: Game) -> bool:
    """GH-01: its goal is reached (Fury, or the variant's Crystals), so entering the Entrance wins."""
    s = ghoul(g)
    crystals = crystals_goal(g)
    return s.fury >= fury_goal(g) or (crystals is not None and s.smashed >= crystals)


def defense(g: Game) -> int:
    """GH-25: the discs left on its Attack space at the end of its turn, until its next turn."""
    return ghoul(g).defense


def terror_name(g: Game, card: str) -> str:
    return g.rules.ghoul.terror_card(card).name


def setup_ghoul(g: Game, st: GameState) -> GhoulState:
    """GH-03: the piece, dice and discs beside the board, the Terror cards shuffled into the
    Terror deck, the Fury cube on 0.  Its piece comes on the map on its first turn (GH-04)."""
    deck = list(g.rules.ghoul.terror_deck())
    g.rng.shuffle(deck)
    return GhoulState(terror_deck=deck)


GHOUL_KEYS = frozenset({"placed", "fury", "treasure", "attack", "defense", "terror_deck", "terror", "terror_removed",
                        "smashed", "backstab", "card_movement", "turns"})


def load_ghoul(st: GameState, data: dict[str, Any], known_cards: frozenset[str], section: str = "ghoul") -> None:
    """The scenario's ``ghoul:`` section; ``placed`` defaults to whether the scenario's pieces
    name the Ghoul.  Terror cards named in ``terror`` leave the deck, so each card is in one place."""
    from ...errors import ScenarioError

    s = st.ghoul
    assert isinstance(s, GhoulState)
    for k, v in data.items():
        setattr(s, k, checked(s, k, copy.deepcopy(v), f"{section}.{k}"))
    for key in ("terror", "terror_deck", "terror_removed"):
        bad = [c for c in getattr(s, key) if c not in known_cards]
        if bad:
            raise ScenarioError(f"{section}.{key}: unknown Terror card(s) {', '.join(map(repr, bad))}; "
                                f"valid: {', '.join(sorted(known_cards))}")
    for key in ("fury", "treasure", "attack", "defense", "smashed", "backstab", "turns"):
        if getattr(s, key) < 0:
            raise ScenarioError(f"{section}.{key}: must be 0 or more (got {getattr(s, key)})")
    held = set(s.terror) | set(s.terror_removed)
    if len(held) != len(s.terror) + len(s.terror_removed):
        raise ScenarioError(f"{section}.terror: a Terror card is named twice")
    if "terror_deck" not in data:
        s.terror_deck = [c for c in s.terror_deck if c not in held]
    if "placed" not in data:
        s.placed = s.piece in st.board.pieces
