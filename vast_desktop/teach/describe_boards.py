"""The player boards' tooltips, for :mod:`.describe` (its ``slot``, ``card`` and ``info`` kinds).

The boards (render/boards/: knight.py, cave.py, dragon.py, goblins.py, thief.py, ghoul.py) draw; every
tooltip they show comes from here through ``describe``, so the map and the boards cannot
disagree.  Like the rest of describe, these read ONLY the :class:`PlayerView` and the public
rules data: a private part (the Cave's hand, the Knight's Sidequests and facedown Treasures,
the Dragon's Power cards, the Goblins' Secrets) is in the view only for its owner, so a
tooltip about it can only ever be written for its owner.

Refs are ``role.what[.detail]``: ``slot:knight.strength``, ``info:cave.decks``, ...
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.board_views import GoblinsBoard, KnightBoard
from ..engine.kinds import DecisionKind
from ..engine.view import PlayerView
from ..rules_data import RulesData, UnknownIdError
from .describe_ghoul import ghoul_flare, ghoul_info, ghoul_slot, ghoul_terror_card
from .describe_vile_ghoul import vile_ghoul_info, vile_ghoul_slot, vile_ghoul_terror_card

TRIBES = ("fangs", "bones", "eye")
TRIBE_NAMES = {"fangs": "Fangs", "bones": "Bones", "eye": "Eye"}
TRIBE_LETTERS = {"fangs": "F", "bones": "B", "eye": "E"}
SPECIAL_LONG = {"fangs": "gain 1 Rage", "bones": "draw and assign 1 Monster", "eye": "draw 1 Secrets card"}
MONSTER_SHORT = {
    "pet_frog": "no overpopulation", "ogre": "+1 Strength", "troll": "+1 Strength", "golem": "moves through walls",
    "gnome": "any symbol, leaps", "wisp": "carries the Knight", "bright_beetles": "scatters lose 1 less",
    "underworm": "diagonal leaps", "blob": "attack: -5 Grit", "flame_giant": "+1 Strength",
}
TRACK_NAMES = {"movement": "Movement", "perception": "Perception", "strength": "Strength"}
EQUIP_NAMES = {"map": "Ancient Map", "bow": "Bow", "bomb": "Bomb", "shield": "Shield"}
EQUIP_DATA_ID = {"map": "ancient_map", "bow": "bow", "bomb": "bomb", "shield": "shield"}
TYPE_LABELS = {"entrance": "Entrance", "ambush": "Ambush", "event": "Event", "treasure": "Treasure",
               "crystal": "Crystal", "vault": "Vault",
               "plain": "Cave tile"}     # the Entrance tile with Moving Entrance: a normal Cave tile (VAR-05)
BOX_LABELS = {"greed": "Greed", "hunger": "Hunger", "event": "Pride: Event", "dont_move": "Pride: Stay put",
              "place_gem": "Pride: Gem"}
SYMBOLS = ("claw", "flame", "wing")
SCALE_CARDS = ("scale_golden", "scale_silver", "scale_platinum")       # Dragon Scales (VAR-32)
SYMBOL_LETTERS = {"claw": "C", "flame": "F", "wing": "W", "any": "?"}
STAT_NAMES = {"movement": "Movement", "stealth": "Stealth", "thievery": "Thievery"}
STAT_WHAT = {"movement": "spaces he may move this turn",
             "stealth": "others need a Perception above it to target him; he may target only pieces whose "
                        "Perception is below it",
             "thievery": "Action cubes this turn"}
THIEF_STATS = ("movement", "stealth", "thievery")
FLARE = ("The Flare (RV-05): for 1 Action cube, light up the spaces around his own space (any number of times "
         "a turn).")


# ------------------------------------------------------------------ helpers
def card(rules: RulesData, cid: str) -> Any:
    """A card (or a Terrain tile to choose, ``terrain:<kind>``) from the game's public rules data, or None."""
    if cid.startswith("terrain:"):
        return next((t for t in rules.terrain if t.kind == cid.split(":", 1)[1]), None)
    try:
        return rules.card(cid)
    except UnknownIdError:
        return None


def card_name(rules: RulesData, cid: str) -> str:
    c = card(rules, cid)
    return str(c.name) if c is not None else cid.replace("_", " ").title()


def one_line(s: object) -> str:
    return " ".join(str(s).split())


def card_text(rules: RulesData, cid: str) -> str:
    c = card(rules, cid)
    return one_line(getattr(c, "text", "")) if c is not None else ""


def base_id(cid: str) -> str:
    """A card id without its copy suffix (``trap#2`` -> ``trap``)."""
    return cid.split("#", 1)[0]


def _own(view: PlayerView, role: str) -> bool:
    return view.viewer == role


# ========================================================================= Knight
def knight_track(view: PlayerView, name: str) -> str:
    """A stat track (K-03): its value now, its Treasure bonus, its cubes and what the next cube makes it."""
    kb = view.boards.knight
    if kb is None:
        return ""
    kd = view.rules.knight
    values = getattr(kd, f"{name}_track")
    n = int(kb.track.get(name, 0))
    current = kb.stat(name)
    bonus = current - values[n]
    nxt = f"a cube here makes it {values[n + 1]}" if n < 3 else "the track is full"
    charm = int(kb.charm_strength or 0) if name == "strength" else 0
    parts = [f"+{charm} from the Thief's Charm"] if charm else []
    if bonus - charm > 0:
        parts.append(f"+{bonus - charm} from Treasure cards")
    bonus_txt = f" ({', '.join(parts)})" if parts else ""
    what = {"movement": "spaces she may move each turn", "perception": "Encounters each turn",
            "strength": f"beats a Strength lower than hers; smashing a Crystal needs {kd.smash_strength}"}[name]
    return (f"{TRACK_NAMES[name]} track: now {current}{bonus_txt} — {what}. {n} of 3 cubes; {nxt}. "
            f"{int(kb.cubes_free)} Hero cube(s) unplaced.{_charm_next(kb) if name == 'strength' else ''}")


def _charm_next(kb: KnightBoard) -> str:
    """The Thief's Charm owed to her next turn (thief-upgrades variant), as a sentence ("" if none)."""
    n = int(kb.charm_strength_next or 0)
    return f" The Thief's Charm gives her +{n} Strength on her next turn." if n else ""


def knight_equipment(view: PlayerView, e: str) -> str:
    """A piece of equipment (K-05..08): powered or not, its text, Bombs left / Map cubes."""
    kb = view.boards.knight
    if kb is None:
        return ""
    kd = view.rules.knight
    n = int(kb.equip.get(e, 0))
    text = next((one_line(x.text) for x in kd.equipment if x.id == EQUIP_DATA_ID[e]), "")
    extra = ""
    if e == "bomb":
        extra = f" {int(kb.bombs_left)} Bomb token(s) left."
    if e == "map":
        extra = f" {n} of {kd.ancient_map_max} cubes."
    if e == "bow" and "goblins" not in view.roles:
        extra = " (No Goblins in this game: the Bow has nothing to shoot.)"
    return f"{EQUIP_NAMES[e]} ({'powered' if n else 'no cube'}; {n} Hero cube(s) on it): {text}{extra}"


def _knight_cubes_total(kb: KnightBoard) -> int:
    return (int(kb.cubes_free) + sum(kb.track.values()) + sum(kb.equip.values())
            + sum(kb.treasure_cubes.values()) + int(kb.set_aside))


def knight_free(view: PlayerView) -> str:
    kb = view.boards.knight
    if kb is None:
        return ""
    kd = view.rules.knight
    return (f"{int(kb.cubes_free)} unplaced Hero cube(s): drag one onto a track, equipment or Treasure "
            f"card. {_knight_cubes_total(kb)} of {kd.total_cubes} in play; the rest wait on the Grit track.")


def _treasure_bonus(cid: str) -> str:
    from ..engine.roles.knight.board import TREASURE_BONUS

    bonus = TREASURE_BONUS.get(base_id(cid))
    if not bonus:
        return ""
    parts = [f"+{v} {k}" for v, k in zip(bonus, ("Movement", "Perception", "Strength"), strict=True) if v]
    return " (" + ", ".join(parts) + " with a cube)"


def _has_cube_slot(cid: str) -> bool:
    from ..engine.roles.knight.board import NO_CUBE_TREASURES

    return base_id(cid) not in NO_CUBE_TREASURES


def knight_treasure_slot(view: PlayerView, cid: str) -> str:
    """The Hero cube slot of a Treasure card (K-09)."""
    kb = view.boards.knight
    n = kb.treasure_cubes.get(cid, 0) if kb is not None else 0
    return f"Hero cube slot of {card_name(view.rules, cid)}: {'a cube is on it' if n else 'empty'}{_treasure_bonus(cid)}."


def knight_treasure_card(view: PlayerView, cid: str) -> str | None:
    """A Treasure card of the Knight: face up (public) or facedown (in the view only for her)."""
    kb = view.boards.knight
    if kb is None:
        return None
    if cid in kb.face_up:
        state = "face up"
    elif cid in (kb.facedown or ()):
        state = "facedown, only you know it"
    else:
        return None
    n = int(kb.treasure_cubes.get(cid, 0))
    cube_txt = f"; Hero cube on it: {'yes' if n else 'no'}" if _has_cube_slot(cid) else "; needs no Hero cube"
    return f"{card_name(view.rules, cid)} ({state}{cube_txt}){_treasure_bonus(cid)}: {card_text(view.rules, cid)}"


def knight_sidequest_card(view: PlayerView, cid: str) -> str | None:
    kb = view.boards.knight
    if kb is None or cid not in (kb.sidequests or ()):
        return None
    grit = int(getattr(card(view.rules, cid), "grit", 0) or 0)
    return f"Sidequest {card_name(view.rules, cid)} (+{grit} Grit): {card_text(view.rules, cid)}"


def knight_slot(view: PlayerView, rest: str) -> str:
    """``slot:knight.<rest>``: a track, equipment, the cube supply, the set-aside cubes or a Treasure's slot."""
    kb = view.boards.knight
    if kb is None:
        return ""
    if rest in TRACK_NAMES:
        return knight_track(view, rest)
    if rest in EQUIP_NAMES:
        return knight_equipment(view, rest)
    if rest == "free":
        return knight_free(view)
    if rest == "aside":
        return f"{int(kb.set_aside)} set-aside Hero cube(s): they come back at her next Pick Up."
    if rest.startswith("treasure:"):
        return knight_treasure_slot(view, rest.split(":", 1)[1])
    return (f"The Knight's {rest.replace('_', ' ')}: Grit {kb.grit}, {int(kb.cubes_free)} "
            "cube(s) unplaced.")


def knight_grit(view: PlayerView) -> str:
    kb = view.boards.knight
    if kb is None:
        return ""
    kd = view.rules.knight
    grit = int(kb.grit)
    nxt = min((s for s in kb.grit_spaces if s > grit), default=None)
    cube_txt = f"next Hero cube at {nxt} ({nxt - grit} more Grit)" if nxt is not None else "no Hero cubes left on it"
    return (f"Grit {grit} of {kd.grit_cap}: white spaces 5/11/18/26/35 hold Hero cubes; {cube_txt}. "
            "Falling below a white space puts a cube back.")


def knight_turn(view: PlayerView) -> str:
    kb = view.boards.knight
    if kb is None:
        return ""
    if view.active != "knight":
        return "It is not the Knight's turn." + _charm_next(kb)
    charm = int(kb.charm_strength or 0)
    return (f"This turn: moved {int(kb.moved)} of {int(kb.movement)} spaces; used "
            f"{int(kb.encounters_used)} of {int(kb.perception)} Encounters."
            + (f" The Thief's Charm gives her +{charm} Strength this turn." if charm else "") + _charm_next(kb))


def knight_info(view: PlayerView, rest: str) -> str:
    kb = view.boards.knight
    if kb is None:
        return ""
    what, _, idx = rest.partition(".")
    if what == "health":
        return (f"Health {int(kb.health)} of {int(kb.max_health)}: she loses Health to "
                "attacks; at 0 the Knight is defeated.")
    if what == "grit":
        return knight_grit(view)
    if what == "discarded":
        return f"{int(kb.discarded)} discarded Hero cube(s): gone for the rest of the game."
    if what == "crystals":
        return (f"Smashed Crystals {int(kb.smashed)} of {int(kb.crystals_needed)} (the "
                "Knight's goal).")
    if what == "turn":
        return knight_turn(view)
    if what == "facedown":
        return (f"A facedown Treasure card: only the Knight knows what it is ({int(kb.facedown_count)} "
                "facedown in all).")
    if what == "sidequest":
        return (f"A Sidequest in the Knight's hand (hidden from you; {int(kb.sidequest_count)} in hand, "
                f"{int(kb.sidequest_deck)} in the deck).")
    return ""


# ========================================================================= Cave
def cave_omen(view: PlayerView, oid: str) -> str:
    """An omen (CV-18): what it costs now (the engine's own cost, in the view), who holds what pays it."""
    cb = view.boards.cave
    if cb is None:
        return ""
    o = view.rules.omen(oid)
    omens = cb.omens
    used = int(cb.omen_uses.get(o.id, 0)) if view.active == "cave" else 0
    cost = int(cb.omen_costs.get(o.id, o.cost(used + 1)))
    have = sum(int(omens.get(s, 0)) for s in o.accepts)
    costs = "/".join(str(c) for c in o.costs)
    cost_txt = (f"cost {cost} now ({costs} for the 1st/2nd/3rd use in a turn)" if len(o.costs) > 1
                else f"cost {cost}")
    uses_txt = f"; used {used}× this turn" if used else ""
    holder = "you hold" if _own(view, "cave") else "the Cave holds"
    return (f"{o.name}: {cost_txt}{uses_txt}; pay with {'/'.join(s.title() for s in o.accepts)} ({holder} {have}). "
            f"{one_line(o.text)}")


def cave_slot(view: PlayerView, rest: str) -> str:
    cb = view.boards.cave
    if cb is None:
        return ""
    if rest.startswith("omen."):
        return cave_omen(view, rest[5:])
    have = cb.omens
    held = ", ".join(f"{n} {s.title()}" for s, n in sorted(have.items()) if n) or "none"
    return (f"The Cave's Omen tokens: {sum(int(v) for v in have.values())} held ({held}); "
            f"{int(cb.hand_count)} tile(s) in hand.")


def cave_phase(view: PlayerView) -> str:
    cb = view.boards.cave
    phase = cb.phase if cb is not None else 1
    status = ("Omens or end the turn" if phase >= 4 else f"Phase {phase}") if view.active == "cave" \
        else "Not the Cave's turn"
    return ("The Cave's turn: 1 Collect Omen tokens, 2 Shape the Cave (place a tile), 3 Place Treasure; "
            f"omens may be used after phase 1. Now: {status}.")


def cave_event(view: PlayerView, idx: str) -> str:
    """One of the top Event cards (CV-40): in the view only for the Cave."""
    cb = view.boards.cave
    events = list(cb.event_top3 or ()) if cb is not None else []
    i = int(idx) if idx.isdigit() else -1
    if not 0 <= i < len(events):
        return "An Event card: only the Cave sees the top of the Event deck."
    return f"Event {i + 1} from the top: {card_name(view.rules, events[i])}: {card_text(view.rules, events[i])}"


def cave_info(view: PlayerView, rest: str) -> str:
    cb = view.boards.cave
    if cb is None:
        return ""
    what, _, detail = rest.partition(".")
    if what == "phase":
        return cave_phase(view)
    if what == "token":
        rd = view.rules
        pays = [o.name for o in rd.omens if detail in o.accepts]
        return f"{detail.title()} Omen tokens: {int(cb.omens.get(detail, 0))}. They pay for {', '.join(pays)}."
    if what == "treasure_supply":
        return f"Treasure tokens left in the supply: {int(cb.treasure_supply)}."
    if what == "hatred":
        hn = int(cb.hatred_tokens)
        return f"Hatred tokens: {hn}." + (" The Hatred omen may remove one instead of placing a tile." if hn else "")
    if what == "hand":
        return f"A Cave tile in the Cave's hand ({int(cb.hand_count)} in all; hidden from you)."
    if what == "event":
        return cave_event(view, detail)
    if what == "decks":
        dk = view.boards.decks
        return (f"Event deck {dk.events} · Treasure deck {dk.treasures} · "
                f"Omen bag {dk.omen_bag}.")
    return ""


# ========================================================================= Dragon
def dragon_power(view: PlayerView, pid: str) -> str:
    """A Dragon power (DR-10): its cost, its text and (his own view only) whether he can pay for it now."""
    db = view.boards.dragon
    if db is None:
        return ""
    p = view.rules.dragon.power(pid)
    glyphs = " ".join(SYMBOL_LETTERS.get(str(s), "?") for s in p.cost)
    pay = "" if db.payable is None else (" You can pay for it now." if pid in db.payable
                                          else " You cannot pay for it now.")
    return f"{p.name} (cost {glyphs}): {one_line(p.text)}{pay}"


def dragon_sloth(view: PlayerView, box: str) -> str:
    sloth = next((b for b in view.rules.dragon.sloth if b.id == box), None)
    db = view.boards.dragon
    n = db.sloth.get(box, 0) if db is not None else 0
    cap = sloth.cubes if sloth is not None else 1
    text = one_line(sloth.text) if sloth is not None else ""
    return (f"{BOX_LABELS.get(box, box.title())}: {n} of {cap} Sloth cubes left. {text} Then one cube moves to "
            "Wakefulness (one per Greed, Hunger and Pride each turn).")


def dragon_gem(view: PlayerView, sym: str) -> str:
    db = view.boards.dragon
    if db is None:
        return ""
    state = "in supply" if sym in db.gems_supply else ("spent" if sym in db.gems_spent
                                                                  else "on map")
    tip = {"in supply": "in his supply; he places one on his tile in phase 3 of his turn",
           "on map": "on the map: it pays one symbol for a power this turn (the Knight may try to take it)",
           "spent": "on the map, already spent this turn"}[state]
    return f"The {sym.title()} Gem: {tip} (DR-19)."


def dragon_slot(view: PlayerView, rest: str) -> str:
    kind, _, what = rest.partition(".")
    if kind == "power":
        return dragon_power(view, what)
    if kind == "sloth":
        return dragon_sloth(view, what)
    if kind == "gem":
        return dragon_gem(view, what)
    if kind == "shriek":
        return ("Shriek token: placed — spend it to reroll a Dragon die once." if (db := view.boards.dragon) is not None and db.shriek
                else "Shriek token: not out (the Shriek power, cost ? ?, puts it out).")
    return ""


def dragon_wake_row(view: PlayerView, idx: str) -> str:
    db = view.boards.dragon
    if db is None:
        return ""
    drd = view.rules.dragon
    i = int(idx)
    w = drd.wakefulness[i]
    wake = int(db.wakefulness)
    need = int(db.wakefulness_needed)
    row_i = next((j for j, x in enumerate(drd.wakefulness) if x.cubes[0] <= wake <= x.cubes[1]),
                 len(drd.wakefulness) - 1)
    lo, hi = w.cubes
    span = f"{lo}" if lo == hi else f"{lo}–{hi}"
    return (f"Wakefulness {span}: Armor {w.armor}, Spirit {w.spirit} (Power cards drawn each turn)."
            + (f" Now: {wake} cubes, Armor {db.armor}, Spirit {db.spirit}." if i == row_i else "")
            + (f" He wakes at {need}." if lo <= need <= hi else ""))


def dragon_scale_deck(view: PlayerView) -> str:
    db = view.boards.dragon
    if db is None:
        return ""
    removed = list(db.scales_removed or ())
    gone = f" The {', '.join(card_name(view.rules, c) for c in removed)} is out of the game." if removed else ""
    return (f"Scale deck: {int(db.scale_deck or 0)} of 3 Scale cards facedown (Golden, Silver, Platinum). "
            f"Smash on a Crystal token or Wrath bringing down a Crystal tile draws one into his Power deck.{gone}")


def dragon_info(view: PlayerView, rest: str) -> str:
    db = view.boards.dragon
    if db is None:
        return ""
    what, _, detail = rest.partition(".")
    awake, surfaced = bool(db.awake), bool(db.surfaced)
    wake, need = int(db.wakefulness), int(db.wakefulness_needed)
    armor, spirit = db.armor, db.spirit
    if what == "header":
        return (f"The Dragon: Health {db.health}/{db.max_health}, Armor {armor}, Spirit {spirit}, "
                f"{'awake' if awake else 'asleep'}, {'on the surface' if surfaced else 'underground'}; "
                f"{int(db.hand_count)} Power card(view.rules, s) in hand.")
    if what == "health":
        return (f"Dragon Health {db.health} of {db.max_health} (the start depends on the difficulty). "
                "Each hit by the Knight costs 1; at 0 he is slain.")
    if what == "awake":
        return ("The Dragon is awake: he surfaces when he ends a turn on a Crystal tile." if awake else
                f"The Dragon sleeps: he wakes at Wakefulness {need} (now {wake}).")
    if what == "surfaced":
        return ("On the surface: walls and Dark tiles stop him; he wins by reaching the Entrance." if surfaced
                else "Underground: he ignores walls, Dark tiles and other pieces when he moves.")
    if what == "eaten":
        return (f"Eaten Goblins {int(db.eaten)}: at the end of his movement, 2 of them move a Hunger cube "
                "to Wakefulness." + ("" if "goblins" in view.roles else " (No Goblins in play: nothing to eat.)"))
    if what == "wakefulness" and detail:
        return dragon_wake_row(view, detail)
    if what == "wakefulness":
        return (f"Wakefulness {wake}: Armor {armor}, Spirit {spirit}; he {'is awake' if awake else f'wakes at {need}'}. "
                "A row applies as soon as its first cube is placed.")
    if what == "flame_wall":
        return ("Flame Wall: on the map until his next turn (entering it: the Knight loses 5 Grit, a Tribe 1 "
                "Population)." if db.flame_wall_placed else
                "Flame Wall: with the Dragon (the Flame Wall power, cost F F F, sets it).")
    if what == "treasure":
        return (f"Treasure tokens held: {int(db.treasure_held)}. Each turn one may go to the Cave to move "
                "a Greed cube.")
    if what == "hand":
        return f"A Power card in the Dragon's hand ({int(db.hand_count)} in all; hidden from you)."
    if what == "scale_deck":
        return dragon_scale_deck(view)
    return ""


def dragon_hand_card(view: PlayerView, cid: str) -> str | None:
    """A card in the Dragon's hand (in the view only for him): a Power card or a Scale card (VAR-32..37)."""
    db = view.boards.dragon
    if db is None:
        return None
    if cid not in (db.hand or ()):
        return None
    c = card(view.rules, cid)
    if base_id(cid) not in SCALE_CARDS:
        return f"Power card {card_name(view.rules, cid)}: {card_text(view.rules, cid)}"
    now = ""
    if getattr(c, "pays", None) == "gem_in_supply":
        supply = set(db.gems_supply)
        now = (f" Now it pays {', '.join(s.title() for s in SYMBOLS if s in supply)}." if supply
               else " Now it pays nothing: all three Gems are on the map.")
    return f"{card_name(view.rules, cid)} (Dragon Scale): {card_text(view.rules, cid)}{now}"


# ========================================================================= Goblins
def monster_short(rules: RulesData, cid: str) -> str:
    """A Monster's effect in three words (drawn on its slot and named in its Tribe's tooltip)."""
    short = MONSTER_SHORT.get(base_id(cid))
    if short:
        return short
    c = card(rules, cid)
    bonus = int(getattr(c, "strength_bonus", 0) or 0) if c is not None else 0
    if bonus:
        return f"+{bonus} Strength"
    return " ".join(card_text(rules, cid).split()[:3])


def _fmt_pos(p: Any) -> str:
    try:
        return f"{int(p[0])},{int(p[1])}"
    except (TypeError, ValueError, IndexError):
        return str(p)


def tribe_status(view: PlayerView, t: str) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    lurking = gb.lurking
    where = view.pieces.get(f"tribe:{t}")
    if t in lurking:
        return f"lurking at {_fmt_pos(lurking[t])}"
    if where is not None:
        return f"on the map {_fmt_pos(where)}"
    return "on the map" if t not in gb.hidden else "hidden"


def _face_up_has(gb: GoblinsBoard, base: str) -> bool:
    return any(base_id(c) == base for c in gb.face_up)


def tribe_strength_parts(view: PlayerView, t: str) -> str:
    """How a Tribe's Strength is made (GB-05): Population + discs, Malaise, the Fire Bomber."""
    gb = view.boards.goblins
    if gb is None:
        return ""
    pop, nd = int(gb.population.get(t, 0)), int(gb.strength_discs.get(t, 0))
    st = int(gb.strength.get(t, 0))
    parts = f"Population {pop} + {nd} Strength disc{'s' if nd != 1 else ''}"
    if st < pop + nd:
        parts += " − 1 Malaise"
    elif st > pop + nd:
        parts += f" + {st - pop - nd} (Fire Bomber)"
    return parts


def tribe_perception(view: PlayerView, t: str) -> int:
    gb = view.boards.goblins
    if gb is None:
        return 0
    ruby = _face_up_has(gb, "goblin_ruby")
    return max(0, int(gb.population.get(t, 0)) + view.rules.goblins.perception_bonus
               - (1 if ruby else 0))


def goblins_tribe(view: PlayerView, t: str) -> str:
    """A Tribe's row on the Goblin board: where it is, Population, Strength, Perception, Monsters, special."""
    gb = view.boards.goblins
    if gb is None:
        return ""
    pop, st = int(gb.population.get(t, 0)), int(gb.strength.get(t, 0))
    ruby = _face_up_has(gb, "goblin_ruby")
    trap_txt = " Trap: +1 when the Knight attacks it." if _face_up_has(gb, "trap") else ""
    knight_txt = "; the Knight must have more to enter its tile" if "knight" in view.roles else ""
    mons = ", ".join(f"{card_name(view.rules, m)} ({monster_short(view.rules, m)})" for m in gb.monsters.get(t, ())) or "none"
    done = " Already activated this turn." if t in gb.activated else ""
    return (f"{TRIBE_NAMES[t]} Tribe ({TRIBE_LETTERS[t]}): {tribe_status(view, t)}. Population {pop} of 4. "
            f"Strength {st} ({tribe_strength_parts(view, t)}){knight_txt}.{trap_txt} Perception "
            f"{tribe_perception(view, t)} (Population + 1{' − 1 Goblin Ruby' if ruby else ''}). Monsters: {mons}. "
            f"Special action: {SPECIAL_LONG[t]}.{done} Rage {gb.rage}.")


def goblins_monster_slot(view: PlayerView, t: str) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    rd = view.rules
    n_slots = rd.goblins.tribe(t).monster_slots
    mons = gb.monsters
    total = sum(len(v) for v in mons.values())
    return (f"{TRIBE_NAMES[t]}'s Monster slot{'s' if n_slots > 1 else ''}: {len(mons.get(t, ()))} of {n_slots} "
            f"used. Monsters in all: {total}, at most {int(gb.population.get('bones', 0))} (the Bones "
            "Population).")


def goblins_rage(view: PlayerView) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    rage = int(gb.rage)
    malaise = bool(gb.malaise)
    return (f"Rage {rage} of 3: the Goblins draw {max(1, rage)} War card(view.rules, s) at the start of their turn and keep one; "
            "1 Rage keeps a Tribe's new discs off the board while populating. Rage rises when a Tribe is attacked "
            "or shot, with Plunder and the Fangs' special action; it falls when a Tribe attacks or smashes a "
            "Crystal. " + ("Malaise now: every Tribe has −1 Strength (not with the Pet Frog); the turn starts at "
                           "Rage 1." if malaise else "At 0: Malaise, every Tribe has −1 Strength."))


def goblins_secrets(view: PlayerView) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    face_up = gb.face_up
    return (f"The Goblins' Secrets: {int(gb.hand_count)} in hand (limit "
            f"{view.rules.goblins.hand_limit})" + (f", {len(face_up)} face up" if face_up else "")
            + f"; {gb.secrets_deck} in the deck.")


def goblins_slot(view: PlayerView, rest: str) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    tribe, _, what = rest.partition(".")
    if tribe in TRIBE_NAMES:
        if what == "monster":
            return goblins_monster_slot(view, tribe)
        if what == "special":
            return (f"{TRIBE_NAMES[tribe]}'s special action: {SPECIAL_LONG[tribe]} (the one action of an activated "
                    "Tribe on the map).")
        return goblins_tribe(view, tribe)
    if tribe == "rage":
        return goblins_rage(view)
    if tribe == "secrets":
        return goblins_secrets(view)
    return ("The Goblins: three Tribes (Fangs, Bones, Eye) that grow, hide, reveal themselves and attack. Rage "
            f"{gb.rage}; Population " + ", ".join(f"{TRIBE_NAMES[t]} {n}" for t, n in
                                                          gb.population.items())
            + f"; Secrets in hand: {int(gb.hand_count)}.")


def goblins_turn(view: PlayerView) -> str:
    """The Goblins' turn (GB-01): the step a pending decision of theirs belongs to, who is activated."""
    gb = view.boards.goblins
    if gb is None:
        return ""
    active = view.active == "goblins"
    activated = [t for t in gb.activated if t in TRIBES]
    phase = 0
    if active and view.waiting_for is not None and view.waiting_for[0] == "goblins":
        phase = GOBLIN_PHASE_OF_KIND.get(view.waiting_for[1], 0)
    line1 = f"{phase}/5 {GOBLIN_PHASES[phase - 1]}" if phase else "The Goblins' turn"
    line2 = ("Activated: " + ", ".join(TRIBE_NAMES[t] for t in activated)) if activated else "No Tribe activated"
    poison, crystals = int(gb.poison_cubes), int(gb.crystals)
    if poison:
        line2 = f"Poisoned cubes: {poison}"
    return ("The Goblins' turn: 1 choose a War card, 2 Populate the Tribes, 3 assign Monsters, 4 draw Secrets, "
            "5 activate each Tribe once. " + (f"Now: {line1}. {line2}." if active else "It is not the Goblins' turn.")
            + (f" Poison: {poison} of the Knight's Hero cubes wait at the Entrance." if poison else "")
            + (f" Crystals smashed by the Goblins: {crystals}." if crystals else ""))


GOBLIN_PHASES = ("Choose a War card", "Populate", "Assign Monsters", "Draw Secrets", "Activate Tribes")
GOBLIN_PHASE_OF_KIND: dict[str, int] = {
    DecisionKind.WAR_CARD: 1, DecisionKind.POPULATE: 2, DecisionKind.OVERPOPULATION: 2, DecisionKind.ASSIGN_MONSTER: 3,
    DecisionKind.GOBLINS_TURN: 5, DecisionKind.TRIBE_ACTIVATION: 5, DecisionKind.REVEAL_TRIBE: 5, DecisionKind.LURKER: 5,
    DecisionKind.CHOOSE_TRIBE: 5, DecisionKind.CAVE_IN: 5, DecisionKind.HEX_TARGET: 5, DecisionKind.GNOME_LEAP: 5}


def goblins_war(view: PlayerView) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    war = gb.war_card
    if war and view.active == "goblins":
        return f"This turn's War card {card_name(view.rules, str(war))}: {card_text(view.rules, str(war))}"
    return (f"At the start of their turn the Goblins draw {max(1, int(gb.rage))} War card(view.rules, s) (as many as "
            "their Rage, at least 1) and keep one: it says how many discs each Tribe gets and how many Monsters and "
            "Secrets they draw.")


def goblins_info(view: PlayerView, rest: str) -> str:
    gb = view.boards.goblins
    if gb is None:
        return ""
    rd = view.rules
    what, _, detail = rest.partition(".")
    if what in TRIBE_NAMES and detail == "strength":
        trap_txt = " Trap: +1 when the Knight attacks it." if _face_up_has(gb, "trap") else ""
        return (f"{TRIBE_NAMES[what]} Strength {int(gb.strength.get(what, 0))}: "
                f"{tribe_strength_parts(view, what)}.{trap_txt}")
    if what in TRIBE_NAMES and detail == "perception":
        ruby = " − 1 Goblin Ruby" if _face_up_has(gb, "goblin_ruby") else ""
        return (f"{TRIBE_NAMES[what]} Perception {tribe_perception(view, what)}: Population "
                f"{int(gb.population.get(what, 0))} + 1{ruby}.")
    if what == "rage":
        return goblins_rage(view)
    if what == "turn":
        return goblins_turn(view)
    if what == "war":
        return goblins_war(view)
    if what == "drawn_monster":
        m = str(gb.drawn_monster or "")
        return (f"Monster drawn: {card_name(view.rules, m)}: {card_text(view.rules, m)} Assign it to a free Monster slot (at most "
                f"{int(gb.population.get('bones', 0))} Monsters in all), replace one, or discard it.")
    if what == "monster_discard":
        mdisc = list(gb.monster_discard)
        return "Discarded Monsters: " + (", ".join(card_name(view.rules, m) for m in mdisc) if mdisc else "none") + "."
    if what == "secret":
        return f"A Secrets card in the Goblins' hand ({int(gb.hand_count)} in all; hidden from you)."
    if what == "decks":
        dk = view.boards.decks
        sdisc = list(gb.secrets_discard)
        used = sum(int(v) for v in gb.strength_discs.values())
        return (f"War deck {gb.war_deck} · Monsters {dk.monsters} · Secrets "
                f"{gb.secrets_deck} ({len(sdisc)} discarded) · Strength discs {used}/"
                f"{rd.goblins.strength_discs}. Discarded Secrets: "
                + (", ".join(card_name(view.rules, c) for c in sdisc) if sdisc else "none") + ".")
    return ""


def goblins_card(view: PlayerView, cid: str) -> str | None:
    """A card on the Goblin board: a Tribe's Monster, a face-up Secret (public) or one in their hand (theirs only)."""
    gb = view.boards.goblins
    if gb is None:
        return None
    for t, mons in gb.monsters.items():
        if cid in mons:
            return f"Monster {card_name(view.rules, cid)} of the {TRIBE_NAMES.get(t, t)} Tribe: {card_text(view.rules, cid)}"
    if cid in gb.face_up:
        return f"{card_name(view.rules, cid)} (face up, public): {card_text(view.rules, cid)}"
    if cid in (gb.hand or ()):
        return f"Secrets card {card_name(view.rules, cid)} (in your hand, hidden from the others): {card_text(view.rules, cid)}"
    return None


# ========================================================================= Thief
def thief_stat_choice(view: PlayerView, what: str) -> str:
    """One way to assign the three Stat tokens (TH-03): what each stat becomes with it."""
    tb = view.boards.thief
    if tb is None:
        return ""
    rd = view.rules.thief
    try:
        vals = [int(v) for v in what.split("-")]
    except ValueError:
        return ""
    if len(vals) != 3:
        return ""
    upgrades = tb.upgrades
    made = [min(rd.stat_max, v + (1 if f"plus_{n}" in upgrades else 0)) for v, n in zip(vals, THIEF_STATS, strict=True)]
    now = made[1] - len(tb.carried) * rd.unstashed_stealth_penalty - int(tb.hex_stealth)
    m, s, th = vals
    return (f"Assign the Stat tokens {m} / {s} / {th}: Movement {made[0]}, Stealth "
            f"{made[1]}{f' ({now} with what he carries)' if now != made[1] else ''}, Thievery {made[2]} "
            f"({made[2]} Action cubes).")


def thief_loot_drop(view: PlayerView, lv_txt: str) -> str:
    tb = view.boards.thief
    if tb is None:
        return ""
    rd = view.rules.thief
    level = int(tb.loot_drop)
    if not lv_txt.isdigit():
        return f"Loot Drop Level {level}: his killer's bonus depends on it."
    lv = int(lv_txt)
    b = rd.loot_bonus(lv)
    gain = (f"the Knight +{b.knight_grit} Grit, the Goblins {b.goblin_secrets_or_rage} Secrets or Rage, "
            f"the Dragon {b.dragon_cards} Power cards") if lv else "nothing"
    cur = " (now)" if lv == level else ""
    hide = f" Hide Loot: {level - lv} cube(s) to lower it here." if lv < level else ""
    return (f"Loot Drop Level {lv}{cur}: whoever kills him gains {gain}.{hide} Stashing puts it back to "
            f"{rd.loot_drop_start}.")


def thief_upgrade(view: PlayerView, uid: str) -> str:
    rd = view.rules.thief
    tb = view.boards.thief
    taken = set(tb.upgrades) if tb is not None else set()
    u = next((x for x in rd.upgrades if x.id == uid), None)
    if u is None:
        if uid in view.rules.deck("upgrades") and tb is not None and tb.upgrade_card == uid:
            c = view.rules.upgrade_card(uid)
            state = ("a stashed token is on it: in effect" if uid in taken else
                     "revealed, no token on it" if tb.upgrade_card_revealed else "facedown: only you see it")
            return f"Upgrade card {c.name} ({state}): {one_line(c.text)}"
        return ""
    if uid in taken:
        state = "a stashed token is on it: in effect"
    else:
        before = [v for v in rd.upgrades if v.order is not None and u.order is not None and v.order < u.order
                  and v.id not in taken]
        state = f"free; take {before[0].name} first" if before else "free"
    return f"{u.name} ({state}): {one_line(u.text)}"


def thief_slot(view: PlayerView, rest: str) -> str:
    tb = view.boards.thief
    if tb is None:
        return ""
    kind, _, what = rest.partition(".")
    if kind == "stats" and what:
        return thief_stat_choice(view, what)
    if kind == "upgrade":
        return thief_upgrade(view, what)
    if kind == "loot_drop":
        return thief_loot_drop(view, what)
    if kind == "upgrades":
        return "The Thief's upgrades: " + (", ".join(str(u).replace("_", " ") for u in tb.upgrades)
                                            or "none") + "."
    if kind in ("upgrade_card", "charm", "wand"):
        return thief_card_slot(view, kind, what)
    return ""


def thief_card_slot(view: PlayerView, kind: str, what: str) -> str:
    """The Upgrade card (thief-upgrades, VAR-38..40): facedown for the others until revealed;
    its Charm and Wand buttons."""
    tb = view.boards.thief
    if tb is None:
        return ""
    if kind == "charm":
        return f"Charm {what.replace('tribe:', 'the ').title()}: +2 Thievery, free, once per turn; the player helped " \
               "gets a small gift and may not be targeted by you this turn."
    if kind == "wand":
        return f"Warlock's Wand at {'yourself' if what == 'thief' else what.replace('tribe:', 'the ').title()}: " \
               f"1 Action cube and 1 charge ({tb.wand_charges} left), once per turn."
    return "The Thief's Upgrade card, facedown: only he knows which of the three it is until he reveals it."


def thief_stat(view: PlayerView, name: str) -> str:
    """A stat row (TH-03): the token behind it, the Stat Boost, the carried-token and Hex penalties."""
    tb = view.boards.thief
    if tb is None:
        return ""
    rd = view.rules.thief
    stats = tb.stats
    tokens, flipped = list(tb.tokens), list(tb.flipped)
    idx = int(tb.assignment.get(name, THIEF_STATS.index(name)))
    value = tokens[idx] if 0 <= idx < len(tokens) else 0
    dark = bool(flipped[idx]) if 0 <= idx < len(flipped) else False
    base = int(stats.get(name, value))
    eff = int(tb.stealth_now) if name == "stealth" else base
    carried, hexed = list(tb.carried), int(tb.hex_stealth)
    parts = [f"the Stat token {value} ({'dark side' if dark else 'light side'})"]
    if base > value:
        parts.append(f"+{base - value} from the Stat Boost (at most {rd.stat_max})")
    if name == "stealth" and carried and "cloak_of_the_mountebank" in tb.upgrades:
        parts.append("−1 in all for the unstashed token(s) he carries (Cloak of the Mountebank)")
    elif name == "stealth" and carried:
        parts.append(f"−{len(carried)} for the {len(carried)} unstashed token(s) he carries")
    if name == "stealth" and hexed:
        parts.append(f"−{hexed} from a Hex until the Goblins' next turn")
    all4 = "flip_all_4" in tb.upgrades
    return (f"{STAT_NAMES[name]} {eff}: {STAT_WHAT[name]}. From {'; '.join(parts)}."
            + (" ALL 4: every token counts as 4, nothing to assign." if all4 else ""))


def _piece_name(piece: str) -> str:
    if piece.startswith("tribe:"):
        return f"the {piece.split(':', 1)[1].title()} Tribe"
    return {"knight": "the Knight", "dragon": "the Dragon"}.get(piece, piece)


def thief_header(view: PlayerView) -> str:
    tb = view.boards.thief
    if tb is None:
        return ""
    stats = tb.stats
    where = "dead: he comes back on the Entrance at his next turn" if tb.dead else (
        "on the map" if tb.placed else "not on the map yet: he enters on the Entrance at his turn")
    return (f"The Thief ({where}): Movement {stats.get('movement', 0)}, Stealth "
            f"{tb.stealth_now}, Thievery {stats.get('thievery', 0)}; stashed "
            f"{tb.stashed} of {tb.stash_needed}; Loot Drop Level "
            f"{tb.loot_drop}.")


def thief_carried(view: PlayerView) -> str:
    tb = view.boards.thief
    carried = list(tb.carried) if tb is not None else []
    if not carried:
        return ("Unstashed tokens: none. Looted Treasure and Gems ride here (−1 Stealth each) until he stashes them "
                "on the Entrance.")
    names = [("a Treasure token" if k == "treasure" else f"the {k[len('gem_'):].title()} Gem") for k in carried]
    return (f"Unstashed tokens he carries: {', '.join(names)}; each is −1 Stealth. He stashes them on the Entrance; "
            "if he dies they drop on his tile. Carried Gems stay the Dragon's to spend.")


def thief_stash(view: PlayerView) -> str:
    tb = view.boards.thief
    if tb is None:
        return ""
    needed = int(tb.stash_needed)
    plain, aside = int(tb.plain_stashed), int(tb.set_aside)
    return (f"Stashed Treasure tokens: {int(tb.stashed)} of {needed} (he wins at {needed})"
            + (f"; {plain} stashed with no upgrade (the first ones at this difficulty)" if plain else "")
            + (f"; {aside} knocked off an upgrade by Soporific Spores, still counted" if aside else "")
            + ". Each other stashed token sits on an upgrade space.")


def thief_info(view: PlayerView, rest: str) -> str:
    tb = view.boards.thief
    if tb is None:
        return ""
    stats = tb.stats
    active = view.active == "thief"
    if rest in STAT_NAMES:
        return thief_stat(view, rest)
    if rest == "header":
        return thief_header(view)
    if rest == "cubes":
        targeted = [str(p) for p in tb.targeted]
        tgt = f" Already targeted this turn: {', '.join(_piece_name(p) for p in targeted)}." if targeted else ""
        return ((f"Action cubes left this turn: {int(tb.cubes)} (Thievery {stats.get('thievery', 0)}). "
                 "Loot 1, Climb 2, Pickpocket / Pick Lock 1-3, Backstab 1-3, Hide Loot 1 per level, the Flare 1."
                 + tgt) if active else "Action cubes: he takes as many as his Thievery at the start of his turn.")
    if rest == "movement_left":
        return (f"Movement left this turn: {int(tb.movement_left)} (Movement {stats.get('movement', 0)}); "
                "moving and actions may come in any order." if active
                else "Movement: he moves up to his Movement each turn, onto Lit or Dark tiles.")
    if rest == "carried":
        return thief_carried(view)
    if rest == "stash":
        return thief_stash(view)
    return ""


# ========================================================================= dispatch
SLOTS: dict[str, Callable[[PlayerView, str], str]] = {"knight": knight_slot, "dragon": dragon_slot,
                                                      "cave": cave_slot, "goblins": goblins_slot,
                                                      "thief": thief_slot, "ghoul": ghoul_slot,
                                                      "vile_ghoul": vile_ghoul_slot}
INFOS: dict[str, Callable[[PlayerView, str], str]] = {"knight": knight_info, "dragon": dragon_info,
                                                      "cave": cave_info, "goblins": goblins_info,
                                                      "thief": thief_info, "ghoul": ghoul_info,
                                                      "vile_ghoul": vile_ghoul_info}
BOARD_CARDS: tuple[Callable[[PlayerView, str], str | None], ...] = (
    knight_treasure_card, knight_sidequest_card, dragon_hand_card, goblins_card, ghoul_terror_card,
    vile_ghoul_terror_card)


def board_slot(view: PlayerView, ref: str) -> str:
    """``slot:<role>.<what>`` as the board shows it ("" when the role has no such slot)."""
    role, _, rest = ref.partition(".")
    fn = SLOTS.get(role)
    return fn(view, rest) if fn is not None else ""


def board_info(view: PlayerView, ref: str) -> str:
    """``info:<role>.<what>``: a display-only region of a board."""
    role, _, rest = ref.partition(".")
    fn = INFOS.get(role)
    return fn(view, rest) if fn is not None else ""


def board_card(view: PlayerView, cid: str) -> str | None:
    """A card where the view places it on a board (None when no board holds it: then it is offered or public)."""
    if cid == "flare":
        if view.boards.ghoul is not None or view.boards.vile_ghoul is not None:   # it costs a Ghoul movement
            return ghoul_flare(view) + (" The Thief pays 1 Action cube each use instead (around his own space)."
                                        if view.boards.thief is not None else "")
        return FLARE
    for fn in BOARD_CARDS:
        text = fn(view, cid)
        if text is not None:
            return text
    return None
