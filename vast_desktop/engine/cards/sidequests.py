"""Sidequest cards (10): revealed on her own turn when the condition is met, for
Grit, then a replacement is drawn (KN-99..111).  Conditions are keyed by card id;
where a role is absent the card's alternative condition applies (COMPONENT_DATA).
An "attack" must be her own Encounter, never a Bow shot or an Ambush (KN-100)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..map.board import moving_entrance, tile_type
from ..reasons import Reason
from ..roles.knight import board as kb

if TYPE_CHECKING:
    from ..game import Game


def _lit_cave_tiles(g: Game) -> int:
    """Lit Cave tiles; with Moving Entrance the Entrance tile is one of them (VAR-05)."""
    if moving_entrance(g):
        return sum(1 for t in g.state.board.tiles.values() if t.lit)
    return sum(1 for p, t in g.state.board.tiles.items() if t.lit and tile_type(g, p) != "entrance")


def _stalwart(g: Game) -> bool:
    """With the Goblins (without them, a count: :data:`COUNTS`)."""
    return "attack_tribe_population_3" in kb.knight(g).achievements


def _fearless(g: Game) -> bool:
    k = kb.knight(g)
    if g.has("goblins"):
        return "attack_tribe_on_revealed_tile" in k.achievements
    return k.ambush_monster_beaten


def _cunning(g: Game) -> bool:
    """With the Dragon (without him, a count: :data:`COUNTS`)."""
    return "attempted_gem" in kb.knight(g).achievements


def _noble_failure(g: Game) -> bool:
    """With the Dragon: she attacked him at Strength equal to his Armor and the roll missed.
    Without him: she left two different spaces holding Crystal tokens this turn, smashing
    neither (a space she smashed a Crystal on does not count)."""
    k = kb.knight(g)
    if g.has("dragon"):
        return "noble_failure" in k.achievements
    smashed = {a.split(":", 1)[1] for a in k.achievements if a.startswith("smashed_at:")}
    left = {a.split(":", 1)[1] for a in k.achievements if a.startswith("left_crystal:")}
    return len(left - smashed) >= 2


def _prepared(g: Game) -> bool:
    """VAR-15: revealed as she ends her turn with unplaced Hero cubes (+1 Grit each)."""
    return kb.knight(g).cubes_free > 0


CONDITIONS: MappingProxyType[str, Callable[[Game], bool]] = MappingProxyType({
    "stalwart": _stalwart,
    "daring": lambda g: bool({"attack_tribe_with_monster", "hit_dragon", "killed_thief"} & set(kb.knight(g).achievements)),
    "fearless": _fearless,
    "cunning": _cunning,
    "eagle_eyed": lambda g: "bow_damage" in kb.knight(g).achievements,
    "noble_failure": _noble_failure,
    "prepared": _prepared,
})
PREPARED = "prepared"      # the Sidequest whose reveal ends her turn, for 1 Grit a cube (VAR-15)
# The conditions that are a count (how many she has, how many it needs, what is counted),
# so the reason can say how far she has got.
Count = tuple[Callable[["Game"], int], int, str]
# base -> (the role whose absence the count needs, or "" for always; the count)
COUNTS: Mapping[str, tuple[str, Count]] = MappingProxyType({
    "intrepid": ("", (_lit_cave_tiles, 10, "Cave tiles revealed")),
    "bedecked": ("", (lambda g: len(kb.knight(g).face_up), 2, "Treasure cards face up")),
    "adventurous": ("", (lambda g: len(kb.knight(g).encounter_spaces), 3, "spaces with Encounters this turn")),
    "swift": ("", (lambda g: len(kb.knight(g).visited), 7, "spaces moved through this turn")),
    "persistent": ("", (lambda g: g.state.crystals_smashed_total, 3, "Crystal tokens smashed")),
    "cunning": ("dragon", (lambda g: kb.knight(g).treasures_collected, 2, "Treasure tokens collected this turn")),
    "stalwart": ("goblins", (lambda g: kb.knight(g).ambushes_resolved, 2, "Ambushes resolved this turn")),
    "prepared": ("", (lambda g: kb.knight(g).cubes_free, 1, "unplaced Hero cubes")),
})


def _count(g: Game, base: str) -> Count | None:
    """The count a Sidequest's condition needs, if it is one (Cunning and Stalwart count
    only when their role is absent)."""
    entry = COUNTS.get(base)
    if entry is None or (entry[0] and g.has(entry[0])):
        return None
    return entry[1]


_NOT_HER_TURN = Reason("A Sidequest is revealed on your own turn.", "KN-101")


def check_sidequest(g: Game, card: str) -> Reason | None:
    """THE check of revealing the Sidequest ``card`` (a rule check, :mod:`..reasons`): one she
    holds (KN-99), on her own turn (KN-101), once its condition is met (KN-99, KN-102..111;
    the reason says how far she has got where the condition is a count)."""
    k = kb.knight(g)
    if card not in k.sidequests:
        return Reason(f"{g.card(card).name} is not one of your Sidequests.", "KN-99")
    if g.state.active != "knight":
        return _NOT_HER_TURN
    base = kb.base_id(card)
    if met(g, base):
        return None
    count = _count(g, base)
    now = f" Now: {count[0](g)} {count[2]}." if count is not None else ""
    c = g.card(card)
    return Reason(f"Sidequest {c.name} is not met yet: {c.text}{now}", "KN-99")


# GH-32: her attack on the Ghoul completes Daring, Stalwart (its Defense 3 or more) and Fearless
# (on the Dark tile she just revealed), Goblins in the game or not
GHOUL_DEEDS: Mapping[str, str] = MappingProxyType({"daring": "attacked_ghoul", "stalwart": "attacked_ghoul_defense_3",
                                                   "fearless": "attacked_ghoul_on_revealed_tile"})


def met(g: Game, base: str) -> bool:
    """KN-102..111: is the condition of the Sidequest ``base`` met now (its count reached, or
    its deed done)?"""
    deed = GHOUL_DEEDS.get(base)
    if deed is not None and deed in kb.knight(g).achievements:
        return True
    count = _count(g, base)
    return count[0](g) >= count[1] if count is not None else CONDITIONS[base](g)


def completable(g: Game) -> list[str]:
    """The Sidequests :func:`check_sidequest` lets her reveal now: hers, on her own turn
    (KN-101), their condition :func:`met` — its rules in its order, without building the
    refusals' words the options never show (every step of her turn asks this)."""
    if g.state.active != "knight":
        return []  # KN-101: only on her own turn
    return [c for c in kb.knight(g).sidequests if met(g, kb.base_id(c))]


def sidequest_grit(g: Game, card: str) -> int:
    """The Grit a Sidequest gives now: Prepared's X is 1 per unplaced Hero cube (VAR-15)."""
    c = g.card(card)
    return c.grit * kb.knight(g).cubes_free if kb.base_id(card) == PREPARED else c.grit


def reveal_sidequest(g: Game, card: str) -> None:
    """Reveal it for its Grit and draw a replacement.  Prepared ends her turn first (VAR-15):
    a Hero cube its Grit earns may be placed, but moves, meets and powers nothing this turn."""
    k = kb.knight(g)
    grit = sidequest_grit(g, card)
    if kb.base_id(card) == PREPARED:
        k.turn_over = True
        g.log("turn_ends", "The Knight ends her turn Prepared.")
    k.sidequests.remove(card)
    g.state.removed_from_game.append(card)
    c = g.card(card)
    g.log("sidequest", f"The Knight completes the Sidequest {c.name}.", card=card)
    kb.gain_grit(g, grit, f"Sidequest {c.name}")
    if k.sidequest_deck:
        k.sidequests.append(k.sidequest_deck.pop(0))
        g.barrier()
        g.log("sidequest_draw", "The Knight draws a new Sidequest card.",
              {"knight": f"It is {g.card(k.sidequests[-1]).name}."})
