"""The Ghoul's and the Vile Ghoul's components as data (``rules_data/ghoul.yaml``, ``vile_ghoul.yaml``).

Why a module of its own: the two expansion roles (checklist sections 19 and 20) share the
Terror deck, the Ghoul dice and discs and the shape of their player variants, and none of it
touches the five base roles' models in :mod:`.schema`.  :class:`~.schema.RulesData` holds one
:class:`GhoulData` (``rd.ghoul``) and one :class:`VileGhoulData` (``rd.vile_ghoul``); the engine
reads them through the small lookups here (:meth:`GhoulData.fury_goal`,
:meth:`GhoulData.terror_card`, :meth:`VileGhoulData.chart_row` ...), never through raw keys.

Every model is frozen and refuses unknown keys, like the rest of the rules data.  The Vile
Ghoul's dice chart and Boost die are not printed in any source the project has (expansion
data sheet, Appendix B): those entries carry ``provisional: true`` and a note, so the
rules reference's "Game data" part lists them and a player who owns the board corrects
them from the player's rules-data folder (rows are matched by their ``id``).
"""
from __future__ import annotations

from typing import Annotated, Literal, TypeAlias, TypeVar

from pydantic import Field, StringConstraints, model_validator

from .base import (
    InfestationLine,
    NonNeg,
    Params,
    Pos,
    Rank,
    Role,
    SnakeId,
    Text,
    Tribe,
    UnknownIdError,
    _Frozen,
    _MaybeProvisional,
    _no_params,
)

__all__ = [
    "AttackOnGhoul",
    "BoostDie",
    "ChartRow",
    "ExpansionRole",
    "ExpansionSoloLevel",
    "ExpansionVariant",
    "ExpansionWin",
    "FuryTrack",
    "GhoulData",
    "GhoulDifficulty",
    "GhoulFlare",
    "TerrorCard",
    "TerrorEffect",
    "VariantGift",
    "VileGhoulData",
    "VileGhoulDifficulty",
    "fury_goal",
]

ExpansionRole: TypeAlias = Literal["ghoul", "vile_ghoul"]
#: Who may attack the Ghoul: the five base roles and the Nightmare Unicorn (its expansion).
Attacker: TypeAlias = Literal["knight", "goblins", "dragon", "unicorn", "cave", "thief"]
ChecklistId = Annotated[str, StringConstraints(pattern=r"^(GH|VG)-[0-9]{2}$")]
ExpansionWinKind: TypeAlias = Literal[
    "fury_then_escape",                 # params: fury
    "fury_or_crystals_then_escape",     # params: fury, crystals
    "crystals_then_escape",             # params: crystals (difficulty gives it when absent)
    "kill_knight",
    "kill_dragon",
    "smash_crystals",                   # params: crystals
    "one_more_crystal_than_thief",      # the Vile Ghoul vs a Thief: his stash target + 1
    "smash_crystals_and_escape",        # params: crystals
    "wake_and_escape",
    "stash_treasure",                   # params: treasures (or "5_or_6" agreed at setup)
    "collapse",
    "all_lose_on_collapse",
    "as_in_base_variant",               # the other roles keep their own variant's goals
]


def fury_goal(base: int, players: int, cap: int) -> int:
    """The Ghoul's Fury goal (GH-02): ``base`` + the number of players, at most ``cap``.

    The standard rule is base 7, cap 14 (2 players -> 9, 5 players -> 12); the difficulty
    cards change the base.  Pure: the numbers come from the rules data.
    """
    if players < 1:
        raise ValueError(f"a game has at least 1 player, not {players}")
    return min(base + players, cap)


# ---------------------------------------------------------------------------
# Terror cards (GH-26..30)
# ---------------------------------------------------------------------------


class TerrorEffect(_Frozen):
    """One of a Terror card's two effects: when it may be used, the engine's handler and its numbers."""

    timing: Literal["persistent", "once_per_turn", "once_per_game"]
    #: a once-per-game effect that lasts "during this turn": the card leaves at the end of the turn (GH-29)
    during_this_turn: bool = False
    handler: SnakeId
    params: Params = Field(default_factory=_no_params)
    text: Text


class TerrorCard(_Frozen):
    """A Terror card: a persistent or once-per-turn effect, and a once-per-game effect (GH-28)."""

    id: SnakeId
    name: Text
    copies: Pos = 1
    first: TerrorEffect
    once_per_game: TerrorEffect

    @model_validator(mode="after")
    def _timings(self) -> TerrorCard:
        if self.first.timing == "once_per_game":
            raise ValueError("a Terror card's first effect is persistent or once_per_turn (GH-28)")
        if self.first.during_this_turn:
            raise ValueError("only a once-per-game effect may last 'during this turn' (GH-29)")
        if self.once_per_game.timing != "once_per_game":
            raise ValueError("the once_per_game effect must have timing once_per_game (GH-28)")
        return self

    @property
    def physical_ids(self) -> tuple[str, ...]:
        """``id`` for a single card, else ``id#1`` .. ``id#n`` (as the other decks)."""
        if self.copies == 1:
            return (self.id,)
        return tuple(f"{self.id}#{n}" for n in range(1, self.copies + 1))


# ---------------------------------------------------------------------------
# The Ghoul's board, difficulty, reference card and player variants
# ---------------------------------------------------------------------------


class FuryTrack(_Frozen):
    """The Fury track: spaces 0 .. ``top``; reaching a space of ``terror_spaces`` draws a Terror card (GH-26)."""

    top: Pos
    terror_spaces: tuple[Pos, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _spaces_on_track(self) -> FuryTrack:
        if list(self.terror_spaces) != sorted(set(self.terror_spaces)):
            raise ValueError("terror_spaces must be listed once each, lowest first")
        if self.terror_spaces[-1] > self.top:
            raise ValueError(f"terror space {self.terror_spaces[-1]} is beyond the track's top space {self.top}")
        return self


class GhoulDifficulty(_Frozen):
    """A Ghoul difficulty card: the Fury goal's base and how many dice it rolls (Hard and Expert: 2)."""

    id: SnakeId
    name: Text
    rank: Rank
    fury_base: Pos                  # Fury goal = fury_base + players, capped (GH-02)
    dice_rolled: Pos                # Ghoul dice rolled each turn
    terror_draw_at_most: Pos        # a roll totalling this or less draws a Terror card (GH-06)
    text: Text


class AttackOnGhoul(_Frozen):
    """One line of the "Attacking the Ghoul" reference card: what an attacker may do to it (GH-31..37)."""

    attacker: Attacker
    text: Text
    checklist: tuple[ChecklistId, ...] = Field(min_length=1)


class GhoulFlare(_Frozen):
    """The revised Flare card: the [Vile] Ghoul may aim it at its own space, paying movement each use."""

    card: SnakeId                   # the Role Variant card it revises (variants.yaml)
    own_space_movement: Pos
    text: Text


class VariantGift(_Frozen):
    """A Role Variant card a player variant hands out; holder ``table``: beside the map, shared."""

    card: SnakeId
    holder: Role | ExpansionRole | Literal["table"]
    line: InfestationLine | None = None
    only_without_cave: bool = False     # handed out only when nobody plays the Cave


class ExpansionWin(_Frozen):
    """One way to win (or for all to lose) in an expansion role's player variant."""

    role: Role | ExpansionRole | Literal["all", "others"]
    kind: ExpansionWinKind
    params: Params = Field(default_factory=_no_params)


class ExpansionSoloLevel(_Frozen):
    """A level of a solo game against Alone in the Dark II (its targets in ``params``)."""

    id: Literal["easy", "medium", "hard"]
    name: Text
    params: Params
    text: Text


class ExpansionVariant(_Frozen):
    """A published player variant with the Ghoul or the Vile Ghoul (the expansion's rulebook pages).

    ``players`` says which games it covers; ``with_roles`` names the roles that must be in the
    game for it to apply (a two-player variant's opponent; empty: any).  The setup and win
    conditions are data; the engine applies them.
    """

    id: SnakeId
    name: Text
    players: Literal["solo", "two", "three", "four_plus", "two_plus", "any"]
    with_roles: frozenset[Role] = frozenset()
    solo_card: Literal["alone_in_the_dark_ii"] | None = None
    gifts: tuple[VariantGift, ...] = ()
    no_hunger_cubes: bool = False               # no Hunger cubes are moved to Wakefulness
    tiles_per_turn_without_cave: Pos | None = None
    ambush_kill_counts_for: ExpansionRole | None = None
    wins: tuple[ExpansionWin, ...] = ()
    solo_levels: tuple[ExpansionSoloLevel, ...] = ()
    summary: Text

    @model_validator(mode="after")
    def _solo_fits(self) -> ExpansionVariant:
        if (self.players == "solo") != (self.solo_card is not None):
            raise ValueError("a solo variant names its solo_card, and only a solo variant does")
        if self.players == "solo" and len(self.solo_levels) != 3:
            raise ValueError("a solo variant has the three levels easy, medium and hard")
        return self


_L = TypeVar("_L", "GhoulDifficulty", "VileGhoulDifficulty")


def _level(levels: tuple[_L, ...], level_id: str, who: str) -> _L:
    for lvl in levels:
        if lvl.id == level_id:
            return lvl
    raise UnknownIdError(f"unknown {who} difficulty {level_id!r}; valid (easiest first): "
                         f"{', '.join(lvl.id for lvl in levels)}")


class GhoulData(_Frozen):
    """The Ghoul's components and numbers (checklist section 19, expansion data sheet §3)."""

    turn_position: Pos                  # sixth, after the Thief (GH-05)
    dice: Pos                           # Ghoul dice in the box
    die_faces: tuple[Pos, ...] = Field(min_length=2)
    dice_kept: Pos                      # kept of the dice rolled: higher = movement, lower = attack (GH-07)
    discs: Pos
    fury_track: FuryTrack
    fury_goal_cap: Pos                  # GH-02
    fury_per_attack: Pos                # GH-24
    treasures_per_fury: Pos             # GH-15
    move_cost: Pos                      # GH-10
    wall_cost: Pos                      # extra, GH-11
    occupied_cost: Pos                  # extra, GH-12
    collect_cost: Pos                   # per Treasure token or Gem, GH-13
    attack_cost_base: Pos               # discs = this + the target's defence, GH-16
    smash_discs: Pos                    # GH-22
    skitter_symbols: tuple[Tribe, Tribe, Tribe]
    terror_cards: tuple[TerrorCard, ...] = Field(min_length=1)
    difficulty: tuple[GhoulDifficulty, ...] = Field(min_length=1)
    attacking_the_ghoul: tuple[AttackOnGhoul, ...] = Field(min_length=1)
    flare: GhoulFlare
    player_variants: tuple[ExpansionVariant, ...] = Field(min_length=1)

    def level(self, level_id: str) -> GhoulDifficulty:
        """The difficulty card ``level_id`` (``ragpicker`` .. ``hunter``)."""
        return _level(self.difficulty, level_id, "Ghoul")

    def standard_level(self) -> GhoulDifficulty:
        return next(d for d in self.difficulty if d.rank == "standard")

    def fury_goal(self, players: int, level_id: str | None = None) -> int:
        """The Fury goal with this many players at this difficulty (default: the standard card), GH-02."""
        lvl = self.standard_level() if level_id is None else self.level(level_id)
        return fury_goal(lvl.fury_base, players, self.fury_goal_cap)

    def terror_deck(self) -> tuple[str, ...]:
        """The 13 physical Terror card ids in data order (``chase#1`` .. ``scour``)."""
        return tuple(pid for card in self.terror_cards for pid in card.physical_ids)

    def terror_card(self, physical_id: str) -> TerrorCard:
        """The Terror card behind ``"chase#2"`` or ``"cheat"`` (a bare id names any copy)."""
        base, sep, copy = physical_id.partition("#")
        for card in self.terror_cards:
            if card.id == base:
                if sep and physical_id not in card.physical_ids:
                    break
                return card
        raise UnknownIdError(f"unknown Terror card {physical_id!r}; valid: {', '.join(self.terror_deck())}")

    def player_variant(self, variant_id: str) -> ExpansionVariant:
        return _variant(self.player_variants, variant_id, "Ghoul")


# ---------------------------------------------------------------------------
# The Vile Ghoul
# ---------------------------------------------------------------------------


class ChartRow(_MaybeProvisional):
    """A row of the Vile Ghoul's dice chart: the die face placed there gives this Movement and Attack."""

    id: SnakeId                          # face_1 .. face_6, so the player's folder can correct one row
    name: Text                           # how the rules reference names it
    face: Annotated[int, Field(ge=1, le=6)]
    movement: NonNeg
    attack: NonNeg


class BoostDie(_MaybeProvisional):
    """What spending one Boost die gives: movement, or a temporary bonus to one attack (VG-09, VG-11)."""

    name: Text
    movement: NonNeg
    attack: NonNeg
    text: Text


class VileGhoulDifficulty(_Frozen):
    """A Vile Ghoul difficulty card: its target's starting Health or the Crystals it must smash."""

    id: SnakeId
    name: Text
    rank: Rank
    knight_health: Pos
    dragon_health: Pos
    crystals: Pos
    dice_rolled: Pos
    text: Text


class VileGhoulData(_Frozen):
    """The Vile Ghoul's components and numbers (checklist section 20, expansion data sheet §4).

    It uses the Ghoul's Terror deck, dice, discs and movement costs (:class:`GhoulData`); only
    what differs is here.
    """

    replaces: Literal["goblins"]         # its seat in turn order (VG-03)
    dice: Pos
    discs: Pos
    dice_chart: tuple[ChartRow, ...] = Field(min_length=1)
    boost: BoostDie
    crystal_smash_attack: Pos            # VG-12
    terror_per_attack: Pos               # VG-15
    collected_per_terror: Pos            # Treasures or Gems per Terror card, VG-15
    difficulty: tuple[VileGhoulDifficulty, ...] = Field(min_length=1)
    player_variants: tuple[ExpansionVariant, ...] = Field(min_length=1)

    def chart_row(self, face: int) -> ChartRow:
        """The dice-chart row of a die face (1-6)."""
        for row in self.dice_chart:
            if row.face == face:
                return row
        raise UnknownIdError(f"no dice-chart row for face {face!r}; valid: "
                             f"{', '.join(str(r.face) for r in self.dice_chart)}")

    def level(self, level_id: str) -> VileGhoulDifficulty:
        return _level(self.difficulty, level_id, "Vile Ghoul")

    def standard_level(self) -> VileGhoulDifficulty:
        return next(d for d in self.difficulty if d.rank == "standard")

    @property
    def uses_provisional_values(self) -> bool:
        """Whether any value it plays with rests on a design guess (the setup screen says so)."""
        return self.boost.provisional or any(r.provisional for r in self.dice_chart)

    def player_variant(self, variant_id: str) -> ExpansionVariant:
        return _variant(self.player_variants, variant_id, "Vile Ghoul")


def _variant(variants: tuple[ExpansionVariant, ...], variant_id: str, who: str) -> ExpansionVariant:
    for v in variants:
        if v.id == variant_id:
            return v
    raise UnknownIdError(f"unknown {who} player variant {variant_id!r}; valid: {', '.join(v.id for v in variants)}")
