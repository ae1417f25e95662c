"""The player boards as one viewer sees them: one frozen dataclass per role (GEN-01..04).

``view(game, viewer).boards`` is a :class:`Boards`: one optional field per role (``None`` when
that role has no board in the game) and the deck sizes.  Every reader (the boards drawn, the
bots, the words for players) reads typed attributes, so a renamed entry is an error mypy
reports, not a silent ``.get`` default.

Privacy is the view's: a part of a board hidden from the viewer (the Cave's hand and top
Events, the Knight's Sidequests and facedown Treasures, the Dragon's Power cards, the
Goblins' Secrets in hand) is ``None`` for every other viewer — never filled.  Those fields
(and the ones a setup may lack: the Dragon Scales deck without that variant, the Dragon's
payable Powers in a minimal view) are the fields that default to ``None``.

:meth:`Boards.to_dict` gives the plain-data form the view always had (``to_dict`` of the
view, its digests in ``tests/golden``): each board a dict, a ``None`` optional field left
out as the key used to be.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, fields
from types import MappingProxyType
from typing import Any, TypeVar

from .geometry import Pos

_T = TypeVar("_T", bound=type)


def _quick_init(cls: _T) -> _T:
    """Give a frozen dataclass an ``__init__`` that fills its ``__dict__`` directly.

    The generated ``__init__`` of a frozen dataclass sets each field through
    ``object.__setattr__`` (to get past the frozen ``__setattr__``): with some twenty fields
    a board that is about three times the cost of a dict, and a view is built for every
    decision of every Hard rollout.  This one takes the same parameters (the same names,
    ``None`` for the optional ones — what mypy checks against the dataclass) and stores
    them in the instance dict; the instance stays frozen (assigning a field raises) and
    compares, hashes and prints as before."""
    if any(f.default not in (MISSING, None) or f.default_factory is not MISSING for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: a board field defaults to None or has no default")
    names = [f.name for f in fields(cls)]
    params = ", ".join(f.name if f.default is MISSING else f"{f.name}=None" for f in fields(cls))
    body = "".join(f"    d[{n!r}] = {n}\n" for n in names)
    namespace: dict[str, Any] = {}
    exec(f"def __init__(self, {params}):\n    d = self.__dict__\n{body}", namespace)  # noqa: S102
    namespace["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = namespace["__init__"]  # type: ignore[misc]
    return cls


@_quick_init
@dataclass(frozen=True)
class KnightBoard:
    """The Knight's board (K-03..09).  ``treasure_cubes`` holds the cubes on her face-up
    Treasures for others, on all of them for her."""

    health: int
    max_health: int
    grit: int
    cubes_free: int
    track: Mapping[str, int]
    equip: Mapping[str, int]
    treasure_cubes: Mapping[str, int]
    set_aside: int
    discarded: int
    grit_spaces: tuple[int, ...]
    bombs_left: int
    smashed: int
    crystals_needed: int
    face_up: tuple[str, ...]
    facedown_count: int
    sidequest_count: int
    sidequest_deck: int
    dead: bool
    movement: int
    perception: int
    strength: int
    moved: int
    encounters_used: int
    javelin_ready: str | None                 # KN-88: the readied Javelin card (shown face up, so public)
    sidequests: tuple[str, ...] | None = None  # hers only
    # The Thief's Charm (thief-upgrades variant, public: he helps her in the open): the Strength it
    # adds on her turn now (already in ``strength``) and the Strength owed for her next turn;
    # None when there is none, so a game without the Charm has no such entries.
    charm_strength: int | None = None
    charm_strength_next: int | None = None
    facedown: tuple[str, ...] | None = None    # hers only: her facedown Treasures

    def stat(self, track: str) -> int:
        """The value now of the stat a track raises (``movement``, ``perception``, ``strength``)."""
        return {"movement": self.movement, "perception": self.perception, "strength": self.strength}[track]


@_quick_init
@dataclass(frozen=True)
class CaveBoard:
    """The Cave's board (CV-12..18)."""

    omens: Mapping[str, int]
    hand_count: int
    hatred_tokens: int
    omen_uses: Mapping[str, int]
    phase: int
    omen_costs: Mapping[str, int]             # CV-18: what each Omen costs now
    treasure_supply: int
    hand: tuple[str, ...] | None = None       # the Cave's only: its tiles in hand
    hand_types: tuple[str, ...] | None = None  # the Cave's only: their types
    event_top3: tuple[str, ...] | None = None  # the Cave's only: the top Events (CV-40)


@_quick_init
@dataclass(frozen=True)
class DragonBoard:
    """The Dragon's board (DR-*)."""

    health: int
    max_health: int
    surfaced: bool
    awake: bool
    sloth: Mapping[str, int]
    wakefulness: int
    armor: int
    spirit: int
    wakefulness_needed: int
    eaten: int
    hand_count: int
    gems_supply: tuple[str, ...]
    gems_spent: tuple[str, ...]
    treasure_held: int
    shriek: bool
    flame_wall_placed: bool
    phase: int
    moved: bool
    shriek_turns_used: int                    # turns he used Shriek (DIF-12)
    scale_deck: int | None = None             # Dragon Scales (VAR-32..37): facedown, its order his secret
    scales_removed: tuple[str, ...] | None = None  # Dragon Scales: the Platinum Scale once played
    hand: tuple[str, ...] | None = None       # his only: his Power cards, sorted
    payable: tuple[str, ...] | None = None    # his only, not in a minimal view: the powers he can pay for now


@_quick_init
@dataclass(frozen=True)
class GoblinsBoard:
    """The Goblin board (GB-*): all public but the Secrets in hand."""

    population: Mapping[str, int]
    rage: int
    malaise: bool
    strength: Mapping[str, int]
    strength_discs: Mapping[str, int]
    perception: Mapping[str, int]
    monsters: Mapping[str, tuple[str, ...]]
    face_up: tuple[str, ...]
    hand_count: int
    lurking: Mapping[str, Pos]
    hidden: tuple[str, ...]
    war_card: str | None
    war_deck: int
    secrets_deck: int
    secrets_discard: tuple[str, ...]
    monster_discard: tuple[str, ...]
    crystals: int
    activated: tuple[str, ...]
    poison_cubes: int
    drawn_monster: str | None
    schemes: tuple[str, ...]                  # Schemes bought, face up (VAR-26)
    stored_treasure: int                      # Treasure stored beside the board for Schemes (VAR-29)
    hand: tuple[str, ...] | None = None       # theirs only: the Secrets in hand
    armory_tribe: str | None = None           # the Tribe holding the Armory's Strength disc (public)


@_quick_init
@dataclass(frozen=True)
class ThiefBoard:
    """The Thief's board, all public (TH-*): stats, carried tokens, upgrades, Loot Drop."""

    stats: Mapping[str, int]
    stealth_now: int
    tokens: tuple[int, ...]
    flipped: tuple[bool, ...]
    assignment: Mapping[str, int]
    cubes: int
    movement_left: int
    carried: tuple[str, ...]
    upgrades: tuple[str, ...]
    set_aside: int
    plain_stashed: int
    stashed: int
    stash_needed: int
    loot_drop: int
    dead: bool
    placed: bool
    targeted: tuple[str, ...]
    hex_stealth: int
    # the thief-upgrades variant (VAR-38..40): whether he holds an Upgrade card facedown (public),
    # which one (only for him until he reveals it), whether it is revealed, the Wand's charges left
    # (0 unless that card is the Wand and the viewer may know it), players the Charm helped this turn
    upgrade_card_held: bool
    upgrade_card_revealed: bool
    wand_charges: int
    helped: tuple[str, ...]
    upgrade_card: str | None = None


@_quick_init
@dataclass(frozen=True)
class GhoulBoard:
    """The Ghoul's board, all public but its Terror deck's order (GH-*): the dice rolled, kept
    and set aside, movement left, the Ghoul discs on the Attack space, Defense, Fury and its
    goal, Treasure tokens held, the Terror cards face up (and which were used this turn) and
    the Terror deck's size."""

    placed: bool
    rolled: tuple[int, ...]
    kept: tuple[int, ...]
    set_aside: int
    movement: int
    attack: int
    defense: int
    fury: int
    fury_goal: int
    crystals_goal: int | None
    smashed: int
    treasure: int
    terror: tuple[str, ...]
    terror_leaving: tuple[str, ...]
    terror_removed: tuple[str, ...]
    terror_deck: int
    attacked: tuple[str, ...]
    backstab: int
    card_movement: int                        # the Thief's Charm (+1) / Warlock's Wand (−2): next turn
    terror_first_used: tuple[str, ...]        # the Terror cards whose first effect it used this turn (GH-30)


@_quick_init
@dataclass(frozen=True)
class VileGhoulBoard:
    """The Vile Ghoul's board, all public but its Terror deck's order (VG-*): the dice in supply,
    the dice chart (the die on the left of the selected row; the dice on the right of each row,
    ``chart_right[face - 1]``), this turn's Boost dice and those spent, movement left, its Attack
    (with this move's temporary bonus), the Attack discs (a reminder), Defense, its goal (the
    role it hunts, or the Crystals to smash and whether it must escape after), the Treasures
    and Gems toward its next Terror card, its Terror cards, and whether the chart's values are
    provisional (the data sheet's design guesses)."""

    placed: bool
    supply: tuple[int, ...]
    chart_left: int
    chart_right: tuple[int, ...]
    boost_dice: int
    boost_spent: int
    movement: int
    attack: int
    bonus: int
    discs: int
    defense: int
    hunted: str | None
    crystals_goal: int | None
    escape: bool
    smashed: int
    treasure: int
    collected_per_terror: int
    terror: tuple[str, ...]
    terror_leaving: tuple[str, ...]
    terror_removed: tuple[str, ...]
    terror_deck: int
    attacked: tuple[str, ...]
    backstab: int
    card_movement: int                        # the Thief's Charm (+1) / Warlock's Wand (−2): next turn
    terror_first_used: tuple[str, ...]        # the Terror cards whose first effect it used this turn (GH-30)
    provisional: bool


@_quick_init
@dataclass(frozen=True)
class Decks:
    """The sizes of the shared decks (public)."""

    events: int
    treasures: int
    monsters: int
    omen_bag: int


Board = KnightBoard | CaveBoard | DragonBoard | GoblinsBoard | ThiefBoard | GhoulBoard | VileGhoulBoard


@_quick_init
@dataclass(frozen=True)
class Boards:
    """Every board of the game as one viewer sees it: ``None`` for a role not in the game."""

    knight: KnightBoard | None
    cave: CaveBoard | None
    dragon: DragonBoard | None
    goblins: GoblinsBoard | None
    thief: ThiefBoard | None
    decks: Decks
    ghoul: GhoulBoard | None = None
    vile_ghoul: VileGhoulBoard | None = None

    def of(self, role: str) -> Board | None:
        """The board of ``role`` (a role name read from a decision or a region key)."""
        b = getattr(self, role, None) if role in ROLE_BOARDS else None
        return b  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """The plain-data form: ``{role: {entry: value}}`` for the roles in the game and
        ``decks``, a hidden (``None``) optional entry left out."""
        out: dict[str, dict[str, Any]] = {}
        for role in ROLE_BOARDS:
            b = getattr(self, role)
            if b is not None:
                out[role] = {k: v for k, v in asdict(b).items() if not (v is None and k in _OPTIONAL[type(b)])}
        out["decks"] = asdict(self.decks)
        return out


ROLE_BOARDS = ("knight", "cave", "dragon", "goblins", "thief", "ghoul", "vile_ghoul")
# per board class: the fields that may be hidden or absent (those that default to None)
_OPTIONAL: Mapping[type, frozenset[str]] = MappingProxyType({
    cls: frozenset(f.name for f in fields(cls) if f.default is None and f.default_factory is MISSING)
    for cls in (KnightBoard, CaveBoard, DragonBoard, GoblinsBoard, ThiefBoard, GhoulBoard, VileGhoulBoard)
})


def shown_entries(b: Board) -> dict[str, Any]:
    """The entries of a board the viewer is shown (its fields, less the hidden ``None`` ones),
    not copied: for comparing two views of a board."""
    optional = _OPTIONAL[type(b)]
    return {f: v for f in _FIELD_NAMES[type(b)] if not ((v := getattr(b, f)) is None and f in optional)}


_FIELD_NAMES: Mapping[type, tuple[str, ...]] = MappingProxyType({cls: tuple(f.name for f in fields(cls))
                                                                  for cls in _OPTIONAL})
