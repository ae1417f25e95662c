"""The Thief's player board (TH items): the three Stat tokens and where they are assigned,
Action cubes and Movement left this turn, carried (unstashed) tokens, stashed tokens on
upgrade spaces, the Loot Drop Level, and the per-turn limits (each piece targeted once,
each Vault tried once, Sticky Fingers once, Unnatural Evasion once).

Derived values live here too: his Movement, Stealth and Thievery (TH-03/04, TH-53/54,
TH-38: each carried token −1 Stealth), and how many tokens he has stashed (TH-43, CV-32:
tokens knocked off upgrades by Soporific Spores still count).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...errors import checked
from ...geometry import Pos

if TYPE_CHECKING:
    from ...game import Game
    from ...state import GameState

STATS = ("movement", "stealth", "thievery")


@dataclass
class ThiefState:
    flipped: list[bool] = field(default_factory=lambda: [False, False, False])   # Stat tokens, dark side up
    assignment: dict[str, int] = field(default_factory=lambda: {"movement": 2, "stealth": 1, "thievery": 0})
    upgrades: list[str] = field(default_factory=list)      # upgrade ids with a stashed token on them
    set_aside: int = 0                                     # tokens Spores knocked off an upgrade (CV-32)
    plain_stashed: int = 0                                 # stashed with no upgrade (Prowler, Invader)
    carried: list[str] = field(default_factory=list)       # "treasure" or "gem_claw" ... (TH-38)
    loot_drop: int = 3
    dead: bool = False
    placed: bool = False                                   # his piece is on the map (SET-42/43, TH-47)
    # this turn (reset when his turn starts)
    cubes: int = 0
    movement_left: int = 0
    movement_over: bool = False                            # he ended his movement (peeked at a Dark tile)
    targeted: list[str] = field(default_factory=list)      # pieces Pickpocketed/Backstabbed (TH-10/11, AMB-38)
    vaults_tried: list[Pos] = field(default_factory=list)  # TH-23
    sticky_used: bool = False                              # TH-16
    evasion_turn: int = -1                                 # the game turn Evasion was last rolled (TH-36)
    hex_stealth: int = 0                                   # Hex: −X Stealth until the Goblins' next turn
    # the thief-upgrades variant (VAR-38..40): the Upgrade card he drew, facedown (hidden from
    # the others) until he reveals it; the other two back in the box (nobody's)
    upgrade_hand: list[str] = field(default_factory=list)
    upgrade_shown: list[str] = field(default_factory=list)
    upgrade_box: list[str] = field(default_factory=list)
    wand_charges: int = 0                                  # VAR-40: the Warlock's Wand's unused charges
    charm_turn: int = -1                                   # the game turn the Charm / Wand was last used
    wand_turn: int = -1
    helped: list[str] = field(default_factory=list)        # players the Charm helped this turn


def thief(g: Game) -> ThiefState:
    t = g.state.thief
    assert t is not None, "no Thief in this game"
    return t


def token_value(g: Game, t: ThiefState, index: int) -> int:
    """TH-54: a Stat token's value (light side, or dark once flipped; ALL 4 → 4)."""
    if "flip_all_4" in t.upgrades:
        return 4
    tok = g.rules.thief.stat_tokens[index]
    return tok.dark if t.flipped[index] else tok.light


def stat(g: Game, name: str) -> int:
    """TH-03/53: the assigned token's value plus a Stat Boost, at most 5."""
    t = thief(g)
    boost = 1 if f"plus_{name}" in t.upgrades else 0
    return min(g.rules.thief.stat_max, token_value(g, t, t.assignment[name]) + boost)


def stealth(g: Game) -> int:
    """TH-38: Stealth less 1 per carried token (and less a Hex); it may fall to 0 or
    below without harming him (TH-35)."""
    t = thief(g)
    carried = len(t.carried)
    if "cloak_of_the_mountebank" in t.upgrades:            # the Cloak: −1 in all, not per item
        carried = min(carried, 1)
    return stat(g, "stealth") - carried * g.rules.thief.unstashed_stealth_penalty - t.hex_stealth


def stashed(g: Game) -> int:
    """TH-43: every token he has stashed: on upgrades, set aside by Spores (CV-32), or
    stashed plain (the hard difficulties' first tokens)."""
    return stashed_tokens(thief(g))


def stashed_tokens(t: ThiefState) -> int:
    """The tokens on his board; they never go back to the Cave's supply (TH-42, CV-13)."""
    return len(t.upgrades) + t.set_aside + t.plain_stashed


def stash_needed(g: Game) -> int:
    return int(g.config.extra.get("thief_stash", g.rules.thief.stash_to_win))


def carried_treasure(g: Game) -> int:
    """CV-13/TH-44: carried Treasure tokens still count as on the map."""
    t = g.state.thief
    return 0 if t is None else sum(1 for c in t.carried if c == "treasure")


def carried_gems(g: Game) -> list[str]:
    """TH-44, DR-57: Gems he carries are still the Dragon's to spend (symbols)."""
    t = g.state.thief
    return [] if t is None else [c[len("gem_"):] for c in t.carried if c.startswith("gem_")]


def setup_thief(g: Game, st: GameState) -> ThiefState:
    """SET-41/42: Stat tokens light side up, Loot Drop on 3; his piece comes on the
    Entrance just before his first turn (SET-43)."""
    t = ThiefState(loot_drop=g.rules.thief.loot_drop_start)
    if g.config.extra.get("thief_upgrades"):               # VAR-38: shuffle the 3, draw 1, keep it facedown
        cards = list(g.rules.deck("upgrades"))
        g.rng.shuffle(cards)
        t.upgrade_hand, t.upgrade_box = cards[:1], cards[1:]
        t.wand_charges = upgrade_charges(g)
    return t


def upgrade_charges(g: Game) -> int:
    """VAR-40: the Warlock's Wand's charges when it comes into play."""
    return g.rules.upgrade_card("warlocks_wand").charges or 0


def upgrade_card(t: ThiefState) -> str | None:
    """The Upgrade card he holds (facedown or revealed), if any (VAR-38)."""
    return next(iter(t.upgrade_hand + t.upgrade_shown), None)


def upgrade_name(g: Game, up: str) -> str:
    """The name of a board upgrade or of an Upgrade card with a token on it."""
    board = next((u.name for u in g.rules.thief.upgrades if u.id == up), None)
    return board if board is not None else g.rules.card(up).name


THIEF_KEYS = frozenset({"flipped", "assignment", "upgrades", "set_aside", "plain_stashed", "carried", "loot_drop", "dead",
                        "placed", "hex_stealth", "upgrade_hand", "upgrade_shown", "upgrade_box", "wand_charges"})


def load_thief(st: GameState, data: dict[str, Any]) -> None:
    """The scenario's ``thief:`` section; ``placed`` defaults to whether the scenario's
    pieces name the Thief."""
    t = st.thief
    assert isinstance(t, ThiefState)
    for k, v in data.items():
        setattr(t, k, checked(t, k, copy.deepcopy(v), f"thief.{k}"))
    if "placed" not in data:
        t.placed = "thief" in st.board.pieces
