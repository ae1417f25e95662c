"""The Knight's player board: Hero cubes, the three statistic tracks, equipment,
Treasure cards, Grit and Health.

Rules: KN-06..19 (cubes and tracks), KN-84..96 (Treasure bonuses), KN-112..124
(Grit and Health), FM-17/KN-82 (Shield).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...decisions import Option, Target
from ...state import EQUIPMENT, TRACKS, KnightState

if TYPE_CHECKING:
    from ...game import Game, Proc

# Treasure card bonuses while a Hero cube is on the card (KN-84, 90, 91, 94).
# (movement, perception, strength on her own turn)
TREASURE_BONUS = {
    "elven_sword": (0, 1, 1),
    "mighty_axe": (0, 0, 1),
    "heroic_boots": (4, 0, 0),
    "pixie_lantern": (1, 1, 0),
}
NO_CUBE_TREASURES = ("javelin",)  # KN-88: the Javelin needs no Hero cube
SLOT_LABEL = {"movement": "Movement", "perception": "Perception", "strength": "Strength",
              "map": "Ancient Map", "bow": "Bow", "bomb": "Bomb", "shield": "Shield"}


def knight(g: Game) -> KnightState:
    k = g.state.knight
    assert k is not None
    return k


def base_id(card: str) -> str:
    return card.split("#")[0]


def _bonus(g: Game, index: int) -> int:
    total = 0
    for card, cubes in knight(g).treasure_cubes.items():
        if cubes:
            bonus = TREASURE_BONUS.get(base_id(card))
            if bonus is not None:
                total += bonus[index]
    return total


def movement(g: Game) -> int:
    k = knight(g)
    return g.rules.knight.movement_track[k.track["movement"]] + _bonus(g, 0)


def perception(g: Game) -> int:
    """Encounters per turn, and what the Thief's Stealth is compared with (TH-30/32).  The
    Elven Sword's +1 always applies (AMB-39); with the house rule
    ``elven_sword_perception_own_turn`` only during her turn, like its Strength."""
    k = knight(g)
    value = g.rules.knight.perception_track[k.track["perception"]] + _bonus(g, 1)
    if "elven_sword_perception_own_turn" in g.setup.house_rules and g.state.active != "knight":
        value -= sum(1 for c, n in k.treasure_cubes.items() if n and base_id(c) == "elven_sword")
    return value


def strength(g: Game) -> int:
    """Strength; Sword and Axe add 1 only during her own turn (KN-84, KN-91)."""
    k = knight(g)
    value = g.rules.knight.strength_track[k.track["strength"]]
    if g.state.active == "knight":
        value += _bonus(g, 2)
    return value


def javelin_bonus(g: Game) -> int:
    """KN-88: the readied Javelin gives +1 Strength to her next attack, whatever its target
    (a Tribe, the Thief, the Dragon, a Crystal: all attacks by GEN-07).  The amount is the
    card's ``strength`` parameter (treasures.yaml)."""
    card = knight(g).javelin_ready
    return 0 if card is None else g.card(card).int_param("strength", 1)


def attack_strength(g: Game) -> int:
    """Her Strength for an attack (GEN-07): entering a Tribe's or the surfaced Dragon's
    tile, attacking the Dragon or the Thief, smashing a Crystal.  Every attack reads it,
    so the Javelin's +1 (KN-88) reaches them all; the Bows' shots are not attacks
    (GEN-08) and use plain ``strength``."""
    return strength(g) + javelin_bonus(g)


def spend_javelin(g: Game) -> None:
    """KN-88: once the attack it was readied for has resolved, the Javelin leaves the game
    (a cube on it cannot exist: it takes none).  Called after every attack; a no-op when
    no Javelin is readied."""
    k = knight(g)
    if k.javelin_ready is None:
        return
    lose_treasure = g.hooks.cards.lose_treasure
    lose_treasure(g, k.javelin_ready, "the Javelin was thrown")


def placed_cubes(k: KnightState) -> int:
    return sum(k.track.values()) + sum(k.equip.values()) + sum(k.treasure_cubes.values())


def active_cubes(k: KnightState) -> int:
    """Hero cubes available or placed (not discarded, not on the Grit track)."""
    return k.cubes_free + placed_cubes(k) + k.set_aside


def pick_up(g: Game) -> None:
    """KN-10: take back every placed cube except those on the Grit track or discarded.
    With the house rule ``grit_cube_returns_at_pickup`` (AMB-40) the cubes owed to Grit
    spaces she fell below off her turn go back now."""
    k = knight(g)
    k.cubes_free += placed_cubes(k) + k.set_aside
    k.track = {t: 0 for t in TRACKS}
    k.equip = {e: 0 for e in EQUIPMENT}
    k.treasure_cubes = {c: 0 for c in k.treasures}
    k.set_aside = 0
    if "grit_cube_returns_at_pickup" in g.setup.house_rules:
        for s in owed_grit_spaces(g):
            if active_cubes(k) <= g.rules.knight.start_cubes or k.cubes_free <= 0:
                break
            k.cubes_free -= 1
            k.grit_spaces.append(s)
            k.grit_spaces.sort()
            g.log("cube_returned", f"A Hero cube owed since her last turn returns to Grit space {s}.")


def owed_grit_spaces(g: Game) -> list[int]:
    """White Grit spaces above her Grit that hold no cube (highest first): the cube
    she took there is still owed (AMB-40 house rule), or her 2 cubes were too few to give
    (KN-17)."""
    k = knight(g)
    return sorted((s for s in g.rules.knight.cube_grit_spaces if k.grit < s and s not in k.grit_spaces),
                  reverse=True)


def cube_slots(g: Game) -> list[str]:
    """Where a free cube may go now (KN-11, KN-12): tracks left to right, equipment, cards."""
    k = knight(g)
    if k.cubes_free <= 0:
        return []
    slots = [t for t in TRACKS if k.track[t] < 3]
    if k.equip["map"] < g.rules.knight.ancient_map_max:
        slots.append("map")
    if k.equip["shield"] == 0:
        slots.append("shield")
    if g.has("goblins"):  # the Bow shoots Tribes only (KN-79)
        slots.append("bow")
    for card in k.treasures:
        if base_id(card) not in NO_CUBE_TREASURES and k.treasure_cubes.get(card, 0) == 0:
            slots.append(f"treasure:{card}")
    return slots


def slot_label(g: Game, slot: str) -> str:
    if slot.startswith("treasure:"):
        return g.card(slot.split(":", 1)[1]).name
    return SLOT_LABEL[slot]


def cube_option(g: Game, slot: str) -> Option:
    return Option(f"cube:{slot}", f"Put a Hero cube on {slot_label(g, slot)}",
                  (Target("slot", f"knight.{slot}", drag_from="knight.cubes"),))


def assign_cube(g: Game, slot: str) -> None:
    k = knight(g)
    assert k.cubes_free > 0
    k.cubes_free -= 1
    if slot in TRACKS:
        k.track[slot] += 1
    elif slot.startswith("treasure:"):
        card = slot.split(":", 1)[1]
        k.treasure_cubes[card] = k.treasure_cubes.get(card, 0) + 1
        if card not in k.face_up:
            k.face_up.append(card)
    else:
        k.equip[slot] += 1
    g.log("cube", f"The Knight puts a Hero cube on {slot_label(g, slot)}.", slot=slot)


def placed_sources(k: KnightState) -> list[str]:
    out = [t for t in TRACKS if k.track[t]] + [e for e in EQUIPMENT if k.equip[e]]
    out += [f"treasure:{c}" for c, n in k.treasure_cubes.items() if n]
    return out


def take_cube_from(k: KnightState, source: str) -> None:
    if source == "free":
        k.cubes_free -= 1
    elif source == "aside":
        k.set_aside -= 1
    elif source in TRACKS:
        k.track[source] -= 1   # the rightmost cube leaves, so the value drops one space
    elif source.startswith("treasure:"):
        k.treasure_cubes[source.split(":", 1)[1]] -= 1
    else:
        k.equip[source] -= 1


def choose_cube(g: Game, purpose: str, allow_placed: bool = True) -> Proc:
    """The Knight picks which cube to give up: an unplaced one or a placed one."""
    k = knight(g)
    sources = (["free"] if k.cubes_free else []) + (placed_sources(k) if allow_placed else [])
    if not sources:
        return None
    if len(sources) == 1:
        return sources[0]
    opts = [Option(f"from:{s}", "An unplaced cube" if s == "free" else f"The cube on {slot_label(g, s)}",
                   (Target("slot", f"knight.{s}"),)) for s in sources]
    choice = yield g.ask("knight", "choose_cube", f"Which Hero cube do you {purpose}?", opts)
    return choice.id.split(":", 1)[1]


# ------------------------------------------------------------------ Grit
def gain_grit(g: Game, n: int, why: str) -> None:
    """Gain Grit (capped at 45, KN-116); take the cube of each white space reached (KN-112)."""
    k = knight(g)
    old = k.grit
    k.grit = min(g.rules.knight.grit_cap, k.grit + n)
    taken = [s for s in k.grit_spaces if old < s <= k.grit]
    for s in taken:
        k.grit_spaces.remove(s)
        k.cubes_free += 1
    g.log("grit", f"The Knight gains {k.grit - old} Grit ({why}); Grit {k.grit}."
          + (f" She takes the Hero cube from space {', '.join(map(str, taken))}." if taken else ""),
          change=k.grit - old)


def shield_active(g: Game) -> bool:
    k = g.state.knight
    return k is not None and k.equip["shield"] > 0


def lose_grit(g: Game, n: int, why: str) -> Proc:
    """Lose Grit (never below 0, KN-114; the Shield cuts any loss to 1, KN-82).

    Falling below a white space returns a cube to it: an unplaced one if possible,
    otherwise a placed one of her choice, and then her turn ends (KN-113, AMB-40).
    She never goes below her 2 starting cubes (KN-17).

    AMB-40: off her turn the placed cube is also of her choice and its statistic drops at
    once (for her defence that turn); no turn of hers ends.  With the house rule
    ``grit_cube_returns_at_pickup`` that cube is owed instead and goes back at her next
    Pick Up (:func:`pick_up`), so her statistics hold until then."""
    k = knight(g)
    if n <= 0:
        return
    if shield_active(g):
        n = 1
    old = k.grit
    k.grit = max(0, k.grit - n)
    g.log("grit", f"The Knight loses {old - k.grit} Grit ({why}); Grit {k.grit}.", change=k.grit - old)
    white = sorted((s for s in g.rules.knight.cube_grit_spaces if k.grit < s <= old and s not in k.grit_spaces),
                   reverse=True)
    for s in white:
        if active_cubes(k) <= g.rules.knight.start_cubes:
            break
        if k.cubes_free > 0:
            k.cubes_free -= 1
        elif g.state.active != "knight" and "grit_cube_returns_at_pickup" in g.setup.house_rules:
            g.log("cube_owed", f"The Hero cube for Grit space {s} goes back when the Knight picks up her cubes.")
            continue
        else:
            source = yield from choose_cube(g, f"return to Grit space {s}")
            if source is None:
                break
            take_cube_from(k, source)
            if g.state.active == "knight":
                k.turn_over = True
                g.log("turn_ends", "A placed Hero cube went back to the Grit track: the Knight's turn ends (KN-113).")
        k.grit_spaces.append(s)
        k.grit_spaces.sort()
        g.log("cube_returned", f"A Hero cube returns to Grit space {s}.")


# ---------------------------------------------------------------- Health
def heal(g: Game, n: int, why: str) -> None:
    k = knight(g)
    old = k.health
    k.health = min(k.max_health, k.health + n)
    g.log("health", f"The Knight regains {k.health - old} Health ({why}); Health {k.health}.")


def lose_health(g: Game, n: int, why: str, cause: str) -> None:
    """Lose Health; at 0 she dies (KN-123) and the variant decides what that means."""
    k = knight(g)
    k.health = max(0, k.health - n)
    g.log("health", f"The Knight loses {n} Health ({why}); Health {k.health}.", change=-n)
    if k.health == 0:
        knight_killed = g.hooks.flow.knight_killed

        knight_killed(g, cause)
