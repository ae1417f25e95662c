"""The Knight's player board: Hero cubes, the three statistic tracks, equipment,
Treasure cards, Grit and Health.

Rules: KN-06..19 (cubes and tracks), KN-84..96 (Treasure bonuses), KN-112..124
(Grit and Health), FM-17/KN-82 (Shield).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ...decisions import Option, Target
from ...decisions import slot as slot_target
from ...kinds import DecisionKind
from ...option_ids import arg_of
from ...reasons import Reason
from ...state import EQUIPMENT, TRACKS, KnightState

if TYPE_CHECKING:
    from ...game import Game, Proc

# Treasure card bonuses while a Hero cube is on the card (KN-84, 90, 91, 94).
# (movement, perception, strength on her own turn)
TREASURE_BONUS = MappingProxyType({
    "elven_sword": (0, 1, 1),
    "mighty_axe": (0, 0, 1),
    "heroic_boots": (4, 0, 0),
    "pixie_lantern": (1, 1, 0),
    "silver_gauntlet": (0, 0, 1),          # promo: +1 Strength on her turn (KN-97)
    "heroic_boots_revised": (3, 0, 0),     # VAR-20: the revised Boots
})
# Cards that work with no Hero cube: the Javelins (KN-88, VAR-20), and the promo Treasure
# Trove and Cursed Amulet, shown face up as soon as they are kept.
NO_CUBE_TREASURES = ("javelin", "javelin_revised", "treasure_trove", "cursed_amulet")
JAVELINS = ("javelin", "javelin_revised")
SHOWN_WHEN_KEPT = ("treasure_trove", "cursed_amulet")
# The Cursed Amulet: +1 Movement, +1 Perception, +1 Strength during her turn, no cube.
AMULET_BONUS = (1, 1, 1)
SLOT_LABEL = MappingProxyType({"movement": "Movement", "perception": "Perception", "strength": "Strength",
                               "map": "Ancient Map", "bow": "Bow", "bomb": "Bomb", "shield": "Shield"})


def knight(g: Game) -> KnightState:
    k = g.state.knight
    assert k is not None
    return k


def base_id(card: str) -> str:
    return card.split("#")[0]


def cursed(g: Game) -> bool:
    """She holds the Cursed Amulet: its bonuses on her turn, every loss doubled (VAR-47)."""
    if not g.config.bonus_cards or (not g.config.extra.get("promo_treasures") and g.scenario is None):
        return False              # only that variant deals it (a hot path); a scenario may hand it to her
    k = g.state.knight
    return k is not None and any(base_id(c) == "cursed_amulet" for c in k.treasures)


def forced_reach(g: Game, piece: str, steps: int) -> int:
    """How many spaces an effect that forces ``piece`` to move may carry it (``steps`` on
    its card): twice as many for the Knight holding the Cursed Amulet — "effects that force
    you to move (Giant Bats, Claw, Telekinesis, etc.) can move you twice as many spaces"
    (VAR-17): Giant Bats and the Wisp up to 6, the Claw and Wrath up to 2, Slap up to 6,
    by the same Forced Movement rules."""
    return steps * 2 if piece == "knight" and cursed(g) else steps


def _bonus(g: Game, index: int) -> int:
    total = AMULET_BONUS[index] if g.config.bonus_cards and g.state.active == "knight" and cursed(g) else 0
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
    return value - _slingshot(g) if g.config.bonus_cards else value


def strength(g: Game) -> int:
    """Strength; Sword and Axe add 1 only during her own turn (KN-84, KN-91)."""
    k = knight(g)
    value = g.rules.knight.strength_track[k.track["strength"]]
    if g.state.active == "knight":
        value += _bonus(g, 2) + k.charm_strength          # the Thief's Charm (thief-upgrades variant)
    return value - _slingshot(g) if g.config.bonus_cards else value


def _slingshot(g: Game) -> int:
    """The promo Slingshot's hit: −1 Strength and −1 Perception until the Goblins' turn ends."""
    s = g.state.goblins
    return 1 if s is not None and s.slingshot == "knight" else 0


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


TRACK_VALUE = MappingProxyType({"movement": movement, "perception": perception, "strength": strength})


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


# ------------------------------------------------------------- where a cube goes (rule checks)
# One check per rule (see :mod:`...reasons`): :func:`check_cube_slot` decides where a free
# Hero cube may go now; her ``cube:`` options are the slots it allows, and a click on a slot
# of her board is explained by the same call (``explain/knight_dragon.py``).
_NO_BOMB_CUBE = Reason("Using the Bomb puts a Hero cube on it, and you have no unplaced cube.", "KN-72")
_SHIELD_FULL = Reason("The Shield has its Hero cube already: one cube raises it.", "KN-82")
_NO_GOBLINS = Reason("The Bow shoots Goblin Tribes only, and no one plays the Goblins.", "KN-79")


def slot_candidates(g: Game) -> list[str]:
    """Every place of her board a cube could go, in board order: the tracks left to right,
    the equipment, her Treasure cards (KN-11)."""
    return [*TRACKS, "map", "shield", "bow", *(f"treasure:{card}" for card in knight(g).treasures)]


def check_cube_slot(g: Game, slot: str) -> Reason | None:
    """THE check of a free Hero cube going on ``slot`` of her board now: the Bomb takes one
    only when used (KN-72..75), she has an unplaced cube (KN-10), then the slot's own rule —
    a track holds 3 (KN-08, KN-12), the Ancient Map its maximum (KN-70), the Shield one
    (KN-82), the Bow needs Tribes to shoot (KN-79), a Treasure card she holds one, the
    Javelin none (KN-96, KN-88)."""
    k = knight(g)
    if slot == "bomb":
        return _bomb_slot(g)
    if slot in ("free", "cubes"):
        if k.cubes_free <= 0:
            return Reason("You have no unplaced Hero cube: the placed ones come back at your next Pick Up.", "KN-10")
        return Reason(f"These are your {k.cubes_free} unplaced Hero cubes: drag one onto a highlighted place on your "
                      "board — a track, equipment or a Treasure card.", "KN-11")
    if k.cubes_free <= 0:
        return Reason(f"You have no unplaced Hero cube to put on {slot_name(g, slot)}: the placed ones come back at "
                      "your next Pick Up.", "KN-10")
    return _slot_rule(g, k, slot)


def _slot_rule(g: Game, k: KnightState, slot: str) -> Reason | None:
    """The slot's own rule, for a free cube (:func:`check_cube_slot` after KN-10)."""
    if slot in TRACKS:
        if k.track[slot] < 3:
            return None
        label = SLOT_LABEL[slot]
        return Reason(f"The {label} track is full: 3 Hero cubes, {label} {TRACK_VALUE[slot](g)}.", "KN-12")
    if slot == "map":
        most = g.rules.knight.ancient_map_max
        if k.equip["map"] < most:
            return None
        return Reason(f"The Ancient Map holds at most {most} Hero cubes and has {k.equip['map']}.", "KN-70")
    if slot == "shield":
        return None if k.equip["shield"] == 0 else _SHIELD_FULL
    if slot == "bow":
        return None if g.has("goblins") else _NO_GOBLINS
    if slot.startswith("treasure:"):
        return _check_treasure_slot(g, slot.split(":", 1)[1])
    return None


def _check_treasure_slot(g: Game, card: str) -> Reason | None:
    """KN-96 (one cube activates a Treasure card she holds), KN-88 (the Javelin needs none)."""
    k = knight(g)
    if card not in k.treasures:
        return Reason(f"{slot_name(g, f'treasure:{card}')} is not among your Treasure cards: cubes go only on cards "
                      "you keep.", "KN-96")
    if base_id(card) in NO_CUBE_TREASURES:
        return Reason(f"The {slot_name(g, f'treasure:{card}')} needs no Hero cube: ready it, and your next attack "
                      "gets +1 Strength.", "KN-88")
    if k.treasure_cubes.get(card, 0):
        return Reason(f"{slot_name(g, f'treasure:{card}')} has its Hero cube already: one cube makes it work.", "KN-96")
    return None


def _bomb_slot(g: Game) -> Reason:
    """KN-72..75: a cube goes on the Bomb only by using it (a wall, or the underground
    Dragon), never by placing it: the reason says which use is open now."""
    k = knight(g)
    dragon = g.state.dragon is not None
    if k.cubes_free <= 0:
        return _NO_BOMB_CUBE
    if k.bomb_attacked:
        return Reason("You Bomb-attacked the Dragon this turn: no Bomb on a wall in the same turn.", "KN-74")
    if k.bombs_left <= 0:
        if dragon and not k.bombed_wall:
            return Reason("All 3 Bomb tokens are placed: the Bomb now only attacks the underground Dragon on his "
                          "tile.", "KN-73")
        return Reason("All 3 Bomb tokens are placed: no more walls can be blown up.", "KN-75")
    if dragon and k.bombed_wall:
        return Reason(f"You blew up a wall this turn, so no Bomb attack on the Dragon; another wall of your tile "
                      f"takes one of your {k.bombs_left} Bomb tokens: click it.", "KN-74")
    dragon_too = ", or attack the underground Dragon on your tile" if dragon else ""
    return Reason(f"A Hero cube goes on the Bomb when you use it: click a wall of your tile to blow it up{dragon_too}.",
                  "KN-72")


def slot_name(g: Game, slot: str) -> str:
    """A slot's name in a sentence (a card that names nothing: "that card")."""
    if slot.startswith("treasure:"):
        try:
            return g.card(slot.split(":", 1)[1]).name
        except (KeyError, ValueError):
            return "that card"
    return SLOT_LABEL.get(slot, slot.title())


def cube_slots(g: Game) -> list[str]:
    """Where a free cube may go now (KN-11, KN-12): the slots :func:`check_cube_slot` allows."""
    k = knight(g)
    if k.cubes_free <= 0:                                   # KN-10, once for every slot
        return []
    return [slot for slot in slot_candidates(g) if _slot_rule(g, k, slot) is None]


def slot_label(g: Game, slot: str) -> str:
    if slot.startswith("treasure:"):
        return g.card(slot.split(":", 1)[1]).name
    return SLOT_LABEL[slot]


def cube_option(g: Game, slot: str) -> Option:
    return Option(f"cube:{slot}", f"Put a Hero cube on {slot_label(g, slot)}",
                  (slot_target(f"knight.{slot}", "knight.cubes"),))


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


def check_cube_source(g: Game, source: str, rule: str = "KN-10") -> Reason | None:
    """A cube she gives up (KN-113 back to the Grit track; Light, Fresh Air and Water, Poison
    take one) is one she has: an unplaced one (``free``), or one on a place of her board.
    ``rule`` is the rule that takes the cube (the Hero cubes' section by default)."""
    k = knight(g)
    if source in ("free", "cubes"):
        if k.cubes_free > 0:
            return None
        return Reason("You have no unplaced Hero cube: give up one of your placed cubes.", rule)
    if source in placed_sources(k):
        return None
    return Reason(f"There is no Hero cube on {slot_name(g, source)} to give up: choose a place that holds one.", rule)


def cube_source_candidates(k: KnightState) -> list[str]:
    """Every place a cube could be taken from: unplaced, the tracks, the equipment, her cards."""
    return ["free", *TRACKS, *EQUIPMENT, *(f"treasure:{c}" for c in k.treasures)]


def choose_cube(g: Game, purpose: str, allow_placed: bool = True, keep: str | None = None) -> Proc:
    """The Knight picks which cube to give up: an unplaced one or a placed one
    (:func:`check_cube_source`), never the one on ``keep`` (VAR-19: the Rune Staff's)."""
    k = knight(g)
    placed = [s for s in placed_sources(k) if s != keep] if allow_placed else []
    sources = (["free"] if check_cube_source(g, "free") is None else []) + placed
    if not sources:
        return None
    if len(sources) == 1:
        return sources[0]
    opts = [Option(f"from:{s}", "An unplaced cube" if s == "free" else f"The cube on {slot_label(g, s)}",
                   (Target("slot", f"knight.{s}"),)) for s in sources]
    choice = yield g.ask("knight", DecisionKind.CHOOSE_CUBE, f"Choose the Hero cube you {purpose}", opts)
    return arg_of(choice.id)


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


def lose_grit(g: Game, n: int, why: str, cost: bool = False, keep: str | None = None) -> Proc:
    """Lose Grit (never below 0, KN-114; the Shield cuts any loss to 1, KN-82).

    Falling below a white space returns a cube to it: an unplaced one if possible,
    otherwise a placed one of her choice, and then her turn ends (KN-113, AMB-40).
    She never goes below her 2 starting cubes (KN-17).

    AMB-40: off her turn the placed cube is also of her choice and its statistic drops at
    once (for her defence that turn); no turn of hers ends.  With the house rule
    ``grit_cube_returns_at_pickup`` that cube is owed instead and goes back at her next
    Pick Up (:func:`pick_up`), so her statistics hold until then.

    ``cost``: Grit she pays (the Rune Staff): neither cut by the Shield nor doubled by the
    Cursed Amulet, whose doubling hits every other loss after the Shield's cut (VAR-17).
    ``keep``: a placed cube that is never the one returned (the Rune Staff's own, VAR-19)."""
    k = knight(g)
    if n <= 0:
        return
    if not cost and shield_active(g):
        n = 1
    if not cost and cursed(g):
        n *= 2                               # VAR-17: doubled after the Shield's cut (so 2 with it)
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
            source = yield from choose_cube(g, f"return to Grit space {s}", keep=keep)
            if source is None:
                break
            take_cube_from(k, source)
            if g.state.active == "knight":
                k.turn_over = True
                g.log("turn_ends", "A placed Hero cube went back to the Grit track: the Knight's turn ends.")
        k.grit_spaces.append(s)
        k.grit_spaces.sort()
        g.log("cube_returned", f"A Hero cube returns to Grit space {s}.")


# ---------------------------------------------------------------- Health
def heal(g: Game, n: int, why: str) -> None:
    k = knight(g)
    old = k.health
    k.health = min(k.max_health, k.health + n)
    k.health_changed = k.health_changed or k.health != old
    g.log("health", f"The Knight regains {k.health - old} Health ({why}); Health {k.health}.")


def lose_health(g: Game, n: int, why: str, cause: str) -> None:
    """Lose Health; at 0 she dies (KN-123) and the variant decides what that means.  The
    Cursed Amulet doubles the loss (VAR-47: the Flame Giant's 2 become 4)."""
    k = knight(g)
    if cursed(g):
        n *= 2
    k.health = max(0, k.health - n)
    k.health_changed = True
    g.log("health", f"The Knight loses {n} Health ({why}); Health {k.health}.", change=-n)
    if k.health == 0:
        knight_killed = g.hooks.flow.knight_killed

        knight_killed(g, cause)
