"""Reasons a click is not a legal choice, for the Goblins and Thief decisions (see teaching.why_not).

Each function answers one kind of thing (a Goblins card, a slot of the Goblin board, a
piece, a slot of the Thief's board, a space) for the decisions that ask for that kind,
and names the condition of the engine's own rule that fails for that very target; it
returns None when it does not apply.  The Thief's decisions are converted (issue 25,
item 2): their functions only route a click to the rule check in ``roles/thief/turn.py``
that also builds the options (``check_assignment``, ``check_upgrade``, ``check_reveal``,
``check_take_treasure``, ``check_slip``) and give its Reason.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..geometry import fmt_pos
from ..reasons import Reason
from .common import _piece_pos, _pos_of, _thing

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game

# The Goblins' decisions asked through goblins.ask_goblins, where playable Secrets are offered (GB-52).
SECRET_ASKS = ("goblins_turn", "tribe_activation", "populate", "assign_monster", "war_card", "reveal_tribe",
               "lurker", "discard_secret", "ruby_secret")


def _option_refs(d: Decision, kind: str) -> set[str]:
    return {t.ref for opt in d.options for t in opt.targets if t.kind == kind}


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------ Goblins cards
def goblins_card(g: Game, d: Decision, t: Target) -> str | Reason | None:
    """A War, Monster or Secrets card the Goblins click that is not on offer: which phase
    or rule decides that card (GB-24, GB-38..42, GB-50..58)."""
    if d.role != "goblins" or t.kind != "card" or g.state.goblins is None:
        return None
    if t.ref in g.rules.deck("war"):
        return _war_card(g, d, t.ref)
    if t.ref.split("#")[0] in g.rules.deck("monsters"):
        return _monster_card(g, d, t.ref)
    if t.ref.split("#")[0] in g.rules.deck("secrets"):
        return _secret_card(g, d, t.ref)
    return None


def _war_card(g: Game, d: Decision, card: str) -> str:
    """GB-24/25: War cards equal to Rage (at least 1) are drawn, one is kept."""
    from ..roles.goblins import turn as gb

    s = gb.gs(g)
    name = g.card(card).name
    if d.kind == "war_card":
        n = max(1, s.rage)
        return (f"{name} is not among the War cards you drew: at Rage {s.rage} you draw {_n(n, 'War card')} and "
                "choose among them (GB-24, GB-25).")
    if card == s.war_card:
        return (f"{name} is this turn's War card, chosen already: its discs, Monsters and Secrets are resolved in "
                "the phases that follow (GB-02, GB-26).")
    return (f"{name} is a War card: War cards are drawn and chosen only at the start of your turn, in Choose War "
            "Card (GB-02, GB-24).")


def _holder(g: Game, card: str) -> str | None:
    from ..roles.goblins import turn as gb

    return next((tr for tr in gb.TRIBES if card in gb.gs(g).monsters[tr]), None)


def _monster_card(g: Game, d: Decision, card: str) -> str:
    """GB-38..42 (assigning, replacing), GB-69 (scattering), GB-45 (Bright Beetles)."""
    from ..roles.goblins import turn as gb

    name = g.card(card).name
    holder = _holder(g, card)
    if d.kind == "assign_monster":
        return _why_not_replace(g, card, holder)
    if d.kind == "scatter_monster":
        scattering = _holder(g, next(iter(_option_refs(d, "card")), ""))
        if holder is None or scattering is None:
            return f"The {name} is not assigned to any Tribe: the scattering Tribe discards one of its own (GB-69)."
        return (f"The {name} belongs to {gb.tname(holder)}: only {gb.tname(scattering)}, which scatters, discards "
                "one of its Monsters (GB-69).")
    if d.kind == "bright_beetles":
        if card.split("#")[0] == "bright_beetles" and holder is not None:
            return f"These Bright Beetles belong to {gb.tname(holder)}, which the Hiss does not hit (GB-45)."
        return f"Only the Bright Beetles spare Goblins from the Hiss (GB-45); the {name} does not."
    if holder is None:
        return (f"The {name} is not assigned to any of your Tribes: Monsters are drawn and assigned in Assign "
                "Monsters (GB-38) or by the Bones Tribe's special action (GB-89).")
    return (f"The {name} is {gb.tname(holder)}'s Monster: an assigned Monster is never played; it is discarded only "
            "to make room for a new one or when its Tribe scatters (GB-39, GB-42, GB-69).")


def _why_not_replace(g: Game, card: str, holder: str | None) -> str:
    """GB-39/41, AMB-59: a Monster assigned is replaced only while assigned Monsters less
    the one replaced stay under the Bones Population."""
    from ..roles.goblins import turn as gb

    s = gb.gs(g)
    name = g.card(card).name
    if card == s.drawn_monster:
        return (f"The {name} is the Monster being assigned: put it in a highlighted Monster slot, replace an "
                "assigned Monster with it, or discard it (GB-38, GB-39).")
    if holder is None:
        return (f"The {name} is not assigned to any of your Tribes: replace one of their Monsters or use a free "
                "Monster slot (GB-39).")
    if gb.house(g, "monsters_hidden_tribes_only") and not gb.on_board(g, holder):
        return (f"{gb.Tname(holder)} is not on the Goblin board: with this house rule Monsters go only to Tribes "
                "on the board (AMB-59).")
    total, bones = gb.assigned_count(g), s.population["bones"]
    return (f"Replacing the {name} would still leave {_n(total - 1, 'Monster')} assigned with the Bones Population at "
            f"{bones}: no new Monster while the assigned ones are at least the Bones Population (GB-40, GB-41).")


def _secret_card(g: Game, d: Decision, card: str) -> str | Reason:
    """GB-51 (discarding), the Goblin Ruby, GB-52 (when Secrets are played), and why a
    Secret held cannot be played now: its rule check, ``secrets.check_play_secret``."""
    from ..cards import secrets as sc
    from ..roles.goblins import turn as gb

    s = gb.gs(g)
    name = g.card(card).name
    held = card in s.hand or card in s.face_up
    if not held:
        hand = ", ".join(g.card(c).name for c in s.hand) or "none"
        return f"You do not hold {name}: your Secrets in hand are {hand} (GB-50)."
    if d.kind == "ruby_secret":
        if card in s.face_up:
            what = "The Goblin Ruby itself" if card.split("#")[0] == "goblin_ruby" else name
            return f"{what} is face up: the Goblin Ruby swaps one Secrets card just drawn, not a face-up one."
        return f"You did not just draw {name}: the Goblin Ruby swaps only a Secrets card just drawn."
    if card in s.face_up:
        return _face_up(g, d, card)
    if d.kind not in SECRET_ASKS:
        return _no_secret_now(g, d, name)
    return sc.check_play_secret(g, card, reactions=d.kind == "goblins_turn") or f"{name} cannot be played now (GB-52)."


def _face_up(g: Game, d: Decision, card: str) -> str:
    """GB-55/57 (Trap), the Goblin Ruby: face-up cards act by themselves."""
    base = card.split("#")[0]
    if base == "goblin_ruby":
        return _ruby(g, d)
    return (f"{g.card(card).name} is face up: it works by itself and is discarded when a Tribe is attacked "
            "(GB-55, GB-57).")


def _ruby(g: Game, d: Decision) -> str:
    """The Goblin Ruby (COMPONENT_DATA): face up, once a turn, it swaps a War, Monster or
    Secrets card just drawn (goblins.ruby_ready): only at those draws, in their own turn."""
    from ..roles.goblins import turn as gb

    if g.state.active != "goblins":
        return ("The Goblin Ruby is face up: it works in your own turn, swapping a War, Monster or Secrets card "
                "just drawn.")
    if gb.gs(g).ruby_used:
        return "The Goblin Ruby has been used this turn already: once a turn."
    if d.kind == "assign_monster":
        return "The Monster deck is empty: the Goblin Ruby has no Monster to draw instead."
    if d.kind == "war_card":
        return "To use the Goblin Ruby, click the drawn War card you want to swap (it draws the next one instead)."
    return ("The Goblin Ruby swaps a War, Monster or Secrets card just drawn, once a turn: nothing is being drawn "
            "now.")


def _no_secret_now(g: Game, d: Decision, name: str) -> str:
    """GB-52, GB-36: Secrets are played between the decisions of the Goblins' own turn."""
    if d.kind == "overpopulation":
        return f"Overpopulation is resolved first: only Leader may be played now, not {name} (GB-32, GB-36)."
    if g.state.active != "goblins":
        return f"Secrets are played during your own turn (GB-52): it is the {g.state.active.title()}'s turn now."
    return f"Finish this step first ({d.prompt}); then {name} may be played (GB-52)."


# ------------------------------------------------------------ Goblins slots
def goblins_slot(g: Game, d: Decision, t: Target) -> str | Reason | None:
    """A slot of the Goblin board (a Tribe, its Monster slot or special action, Rage,
    Secrets, the header) in a Goblins decision: the rule of this decision that leaves
    it out, or which phase uses it."""
    if d.role != "goblins" or t.kind != "slot" or g.state.goblins is None:
        return None
    parts = t.ref.split(".")
    if parts[0] != "goblins":
        return None
    from ..roles.goblins.state import TRIBES

    if len(parts) == 1:
        return (f"That is your board's name plate: others choose the Goblins by it (Hex, Pickpocket). You are "
                f"deciding: {d.prompt}")
    if parts[1] == "rage":
        return _rage_slot(g, d)
    if parts[1] == "secrets":
        return ("Secrets are drawn in Draw Secrets (GB-50) and by the Eye Tribe's special action (GB-89); play one "
                "by clicking the card in your hand (GB-52).")
    tribe = parts[1]
    if tribe not in TRIBES:
        return None
    if len(parts) == 2:
        return TRIBE_SLOT.get(d.kind, _tribe_head_elsewhere)(g, d, tribe)
    if parts[2] == "monster":
        return _monster_slot(g, d, tribe)
    if parts[2] == "special":
        return _special_slot(g, d, tribe)
    return None


def _rage_slot(g: Game, d: Decision) -> str:
    """GB-16..19, GB-28: Rage moves by itself; it is spent only to block discs."""
    from ..roles.goblins import turn as gb

    rage = gb.gs(g).rage
    if d.kind == "populate":
        if rage < 1:
            return "Your Rage is 0: blocking a Tribe's discs costs 1 Rage (GB-28)."
        return f"Spend Rage (now {rage}) by clicking the Tribe whose discs you block: 1 Rage each (GB-28)."
    return (f"Your Rage ({rage}) rises and falls by itself (attacks, Plunder, the Fangs' special action, GB-17..19); "
            "it is spent only in Populate Tribes, to block a Tribe's discs (GB-28).")


def _active_tribe(g: Game) -> str | None:
    from ..roles.goblins import turn as gb

    act = gb.gs(g).activated
    return act[-1] if act else None


def _one_at_a_time(g: Game, tribe: str) -> str | None:
    """GB-59: one Tribe's activation finishes before the next starts."""
    from ..roles.goblins import turn as gb

    active = _active_tribe(g)
    if active is None or active == tribe:
        return None
    return (f"{gb.Tname(active)} is being activated: its activation finishes before {gb.tname(tribe)}'s starts "
            "(GB-59).")


def _no_action(g: Game, tribe: str) -> str | None:
    """GB-65 (Population 0: no action), TR-29 (on a Pit it moves off first)."""
    from ..map.terrain import on_pit
    from ..roles.goblins import turn as gb

    if gb.tribe_population(g, tribe) <= 0:
        return f"{gb.Tname(tribe)} has Population 0: it takes no action (GB-65)."
    if on_pit(g, gb.tribe_pos(g, tribe)):
        return f"{gb.Tname(tribe)} is on a Pit: it must move off first, then act (TR-29)."
    return None


def _head_turn(g: Game, d: Decision, tribe: str) -> str | None:
    """goblins_turn: a revealed Tribe is activated on its piece (teaching.goblins_activation
    explains the Tribes that cannot be activated)."""
    from ..roles.goblins import turn as gb

    p = gb.tribe_pos(g, tribe)
    if p is not None:
        return f"{gb.Tname(tribe)} is on the map at {fmt_pos(p)}: activate it there, on its piece (GB-59)."
    return None


def _head_activation(g: Game, d: Decision, tribe: str) -> str | None:
    """tribe_activation: only the active Tribe, whose Hide is its action (GB-59, GB-63)."""
    return _one_at_a_time(g, tribe) or _no_action(g, tribe)


def _head_populate(g: Game, d: Decision, tribe: str) -> str | None:
    """GB-27..29: 1 Rage blocks all the discs the War card gives a Tribe."""
    from ..roles.goblins import turn as gb

    s = gb.gs(g)
    if s.war_card is None:
        return None
    card = g.card(s.war_card)
    if card.discs(tribe) <= 0:
        return f"The War card {card.name} gives {gb.tname(tribe)} no discs: there is nothing to block (GB-27, GB-28)."
    if s.rage < 1:
        return (f"Blocking {gb.tname(tribe)}'s {card.discs(tribe)} discs costs 1 Rage, and your Rage is 0 "
                "(GB-28).")
    return f"{gb.Tname(tribe)}'s discs are blocked already: 1 Rage blocks all of them (GB-29)."


def _head_lurker(g: Game, d: Decision, tribe: str) -> str | None:
    return _one_at_a_time(g, tribe)


def _head_ambush(g: Game, d: Decision, tribe: str) -> str | None:
    """GB-88, AMB-30: a hidden Tribe with Population, stronger than the Knight."""
    from ..roles.goblins import turn as gb
    from ..roles.knight import board as kb

    if gb.tribe_pos(g, tribe) is not None:
        return f"{gb.Tname(tribe)} is on the map: only hidden Tribes spring an Ambush (GB-88)."
    if gb.tribe_population(g, tribe) <= 0:
        return f"{gb.Tname(tribe)} has Population 0: it takes no action (GB-65)."
    mine = kb.strength(g)
    if gb.tribe_strength(g, tribe) <= mine:
        return (f"{gb.Tname(tribe)}'s Strength {gb.tribe_strength(g, tribe)} must be greater than the Knight's "
                f"Strength {mine} to ambush her (GB-88).")
    return "On this Ambush tile only the Tribe whose symbol it shows may spring it (house rule, AMB-30)."


def _head_assign(g: Game, d: Decision, tribe: str) -> str | None:
    """The Tribe's head: its Monster slot decides (GB-38, GB-40)."""
    from ..roles.goblins import turn as gb

    if f"goblins.{tribe}.monster" in _option_refs(d, "slot"):
        return (f"A Monster goes into a Monster slot: click {gb.tname(tribe)}'s free Monster slot to assign it there "
                "(GB-38).")
    return _monster_slot(g, d, tribe)


def _head_reveal(g: Game, d: Decision, tribe: str) -> str | None:
    """GB-59, GB-82/83: the Tribe being revealed goes onto a highlighted space."""
    from ..roles.goblins import turn as gb

    return _one_at_a_time(g, tribe) or (
        f"{gb.Tname(tribe)} is revealed onto a highlighted Dark tile with its symbol, or lurks on an open space "
        "when there is none (GB-82, GB-83); or leave it hidden with the button.")


def _tribe_head_elsewhere(g: Game, d: Decision, tribe: str) -> str | Reason | None:
    """Decisions that choose no Tribe on the board: what they choose instead."""
    from ..roles.goblins import turn as gb

    if d.kind == "hex_target":
        return f"Hex aims at another player, not at {gb.tname(tribe)} (GB-58)."
    if d.kind == "overpopulation" or d.kind == "choose_tribe":
        return _tribe_choice(g, d, tribe)
    return f"{gb.Tname(tribe)} is not chosen in this step: {d.prompt}"


TRIBE_SLOT: dict[str, Callable[[Game, Decision, str], str | Reason | None]] = {
    "goblins_turn": _head_turn, "tribe_activation": _head_activation, "populate": _head_populate,
    "lurker": _head_lurker, "ambush": _head_ambush, "assign_monster": _head_assign, "reveal_tribe": _head_reveal}


def _monster_slot(g: Game, d: Decision, tribe: str) -> str:
    """GB-38 (slots: Fangs 1, Bones 2, Eye 1), GB-40/41 (at most the Bones Population), AMB-59."""
    from ..roles.goblins import turn as gb

    s = gb.gs(g)
    slots = g.rules.goblins.tribe(tribe).monster_slots
    held = s.monsters[tribe]
    if d.kind != "assign_monster":
        return (f"{gb.Tname(tribe)}'s Monster slot is filled only when a Monster is drawn: in Assign Monsters "
                "(GB-38) or by the Bones Tribe's special action (GB-89).")
    if gb.house(g, "monsters_hidden_tribes_only") and not gb.on_board(g, tribe):
        return (f"{gb.Tname(tribe)} is not on the Goblin board: with this house rule Monsters go only to Tribes on "
                "the board (AMB-59).")
    if len(held) >= slots:
        names = ", ".join(f"the {g.card(m).name}" for m in held)
        return (f"{gb.Tname(tribe)} already has {_n(len(held), 'Monster')} ({names}); it holds at most {slots} "
                "(GB-38): click one to replace it (GB-39).")
    total, bones = gb.assigned_count(g), s.population["bones"]
    if total < bones:
        return f"Click {gb.tname(tribe)}'s free Monster slot to assign the Monster there (GB-38)."
    return (f"{_n(total, 'Monster')} {'is' if total == 1 else 'are'} assigned and the Bones Population is {bones}: "
            "all the Tribes together hold at most the Bones Population (GB-40, GB-41).")


def _special_slot(g: Game, d: Decision, tribe: str) -> str:
    """GB-63/67/89: the special action is a revealed Tribe's one action when activated."""
    from ..roles.goblins import turn as gb

    if d.kind == "tribe_activation":
        return (_one_at_a_time(g, tribe) or _no_action(g, tribe)
                or f"{gb.Tname(tribe)} cannot take its special action now (GB-63).")
    if gb.tribe_pos(g, tribe) is None:
        return (f"{gb.Tname(tribe)} is hidden: a special action needs the Tribe on the map (GB-64, GB-67, GB-89); "
                "Reveal it first.")
    if d.kind == "goblins_turn":
        return (f"Activate {gb.tname(tribe)} first (its piece at {fmt_pos(gb.tribe_pos(g, tribe))}): it may move, "
                "then take its special action (GB-59, GB-67).")
    return f"A special action is the one action of a Tribe being activated (GB-63, GB-89); now: {d.prompt}"


# ------------------------------------------------------------ Goblins pieces and spaces
def goblins_piece(g: Game, d: Decision, t: Target) -> str | Reason | None:
    """Overpopulation (GB-32), a Secret choosing a Tribe (GB-54, Blind Fury, Fire Bomber),
    Hex choosing a player (GB-58): a piece that is not among them."""
    if d.role != "goblins" or t.kind != "piece" or g.state.goblins is None:
        return None
    name, _ = _piece_pos(g, t)
    if d.kind == "hex_target":
        return _hex_piece(g, name)
    if d.kind not in ("overpopulation", "choose_tribe"):
        return None
    if not name.startswith("tribe:"):
        verb = "scatters" if d.kind == "overpopulation" else "is chosen"
        return f"One of your own Tribes {verb} here, not the {_thing(name)} ({d.prompt})."
    return _tribe_choice(g, d, name.split(":", 1)[1])


def _tribe_choice(g: Game, d: Decision, tribe: str) -> str | Reason | None:
    """GB-32 (overpopulation: a revealed Tribe if any), GB-54 (Hiding Spots: a hidden Tribe
    with Population, stronger than the Knight)."""
    from ..cards import secrets as sc
    from ..roles.goblins import turn as gb
    from ..roles.knight import board as kb

    where = gb.tribe_pos(g, tribe)
    if gb.piece(tribe) in _option_refs(d, "piece"):
        spot = f"its piece at {fmt_pos(where)}" if where is not None else "its piece on your board"
        return f"Choose {gb.tname(tribe)} by {spot}."
    if d.kind == "overpopulation":
        on_map = ", ".join(gb.NAMES[x] for x in gb.revealed_tribes(g))
        return (f"{gb.Tname(tribe)} is hidden and {on_map} {'is' if ',' not in on_map else 'are'} on the map: a "
                "revealed Tribe scatters when there is one (GB-32).") if on_map else None
    # Blind Fury and Fire Bomber offer every Tribe: a Tribe left out is Hiding Spots' (GB-54)
    return sc.check_hiding_spots_tribe(g, tribe, kb.strength(g))


def _hex_piece(g: Game, name: str) -> str:
    """GB-58, TR-26 (secrets.hex_targets): a player with something Hex takes."""
    from ..map.terrain import in_forest

    if name.startswith("tribe:"):
        return f"Hex aims at another player, not at your {_thing(name)} (GB-58)."
    if name not in ("knight", "dragon", "thief"):
        return f"Hex aims at a player, not at the {_thing(name)} (GB-58)."
    if in_forest(g, g.state.board.pieces.get(name)):
        return f"The {_thing(name)} is sheltered in the Mushroom Forest: Hex cannot reach it (TR-26)."
    if name == "knight":
        return "The Knight has 0 Grit: Hex has nothing to take from her (GB-58)."
    return "The Dragon holds no Power cards: Hex has nothing to make him discard (GB-58)."


def lurker_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """A lurking Tribe's move: a space goes to ``check_lurker_step`` (GB-84, GB-60, TR-17,
    GB-72/74)."""
    from ..roles.goblins import turn as gb

    q = _pos_of(t)
    tribe = _active_tribe(g) if g.state.goblins is not None else None
    if d.kind != "lurker" or q is None or tribe is None or tribe not in gb.gs(g).lurking:
        return None
    return gb.check_lurker_step(g, tribe, gb.gs(g).lurking[tribe], q)


# ------------------------------------------------------------ the Thief's board
def thief_slot(g: Game, d: Decision, t: Target) -> str | Reason | None:
    """A slot of the Thief's board in his decisions: Stat tokens (TH-03/54), upgrade
    spaces (TH-41/42/54, CV-24), Loot Drop Levels (TH-28)."""
    if d.role != "thief" or t.kind != "slot" or g.state.thief is None or not t.ref.startswith("thief."):
        return None
    what, _, arg = t.ref[len("thief."):].partition(".")
    if what == "stats":
        return _stats_slot(g, d, arg)
    if what == "upgrade":
        return _upgrade_slot(g, d, arg)
    if what == "upgrades":
        return ("Click one upgrade space: each Treasure token stashed goes on one upgrade (TH-41)."
                if d.kind in ("thief_upgrade", "thief_spores") else _upgrade_slot(g, d, ""))
    if what == "loot_drop" and arg.isdigit():
        return _loot_drop_slot(g, d, int(arg))
    return None


def _stats_slot(g: Game, d: Decision, arg: str) -> Reason | None:
    """TH-03: the Stat tokens' values, one on each stat (``check_assignment``); TH-54: flipped
    tokens.  Out of the assignment they stay where they were put."""
    from ..roles.thief.state import stat
    from ..roles.thief.turn import check_assignment

    if d.kind == "thief_stats":
        try:
            values = tuple(int(v) for v in arg.split("-"))
        except ValueError:
            return None
        return check_assignment(g, values)
    now = f"Movement {stat(g, 'movement')}, Stealth {stat(g, 'stealth')}, Thievery {stat(g, 'thievery')}"
    return Reason(f"Your Stat tokens are assigned at the start of your turn and stay until the next: now {now}.",
                  "TH-03")


def _upgrade_name(g: Game, up: str) -> str:
    return next((u.name for u in g.rules.thief.upgrades if u.id == up), up)


def _upgrade_slot(g: Game, d: Decision, up: str) -> str | Reason | None:
    """TH-41/42 (one token per upgrade, never moved) and TH-54 (Flips left to right) when he
    stashes (``check_upgrade``); CV-24 (Spores takes an upgrade he has, the last Flip only);
    TH-16 (only Sticky Fingers rerolls); TH-50 (upgrades work by themselves)."""
    from ..roles.thief.state import stash_needed, stashed, thief
    from ..roles.thief.turn import check_upgrade

    s = thief(g)
    name = _upgrade_name(g, up)
    if d.kind == "thief_upgrade":
        return check_upgrade(g, up)
    if d.kind == "thief_spores":
        if up not in s.upgrades:
            return f"You do not have {name}: Soporific Spores takes an upgrade you have (CV-24, TH-51)."
        return ("Only your last Flip can be lost: the Flips you keep stay a run from the left (TH-54, CV-24).")
    if d.kind == "thief_sticky":
        return Reason("Only Sticky Fingers rerolls the Action die.", "TH-16")
    if up in s.upgrades:
        return Reason(f"You have {name}: an upgrade works by itself, at once and every turn.", "TH-50")
    return Reason(f"Upgrades are bought by stashing Treasure tokens at the Entrance, one upgrade each: you have "
                  f"stashed {stashed(g)} of {stash_needed(g)}, carrying {len(s.carried)}.", "TH-41")


def _loot_drop_slot(g: Game, d: Decision, level: int) -> str | None:
    """TH-28: Hide Loot is an action of his turn (there ``check_hide_loot`` answers, routed by
    why_not.thief_action)."""
    if d.kind == "thief_turn":
        return None
    return f"Hide Loot is an action of your turn, 1 Action cube per Level (TH-28); now: {d.prompt}"


def thief_card(g: Game, d: Decision, t: Target) -> str | None:
    """TH-18/22: the Knight's Treasure cards are reached only through a Pickpocket on her
    (the Flare is answered by why_not.thief_action, ``check_flare``)."""
    if d.role != "thief" or d.kind != "thief_turn" or t.kind != "card" or g.state.thief is None:
        return None
    if t.ref.split("#")[0] in g.rules.deck("treasures"):
        return (f"The {g.card(t.ref).name} is one of the Knight's Treasure cards: you reach them only by a "
                "successful Pickpocket on her, on her space (TH-18, TH-22).")
    return None


# ------------------------------------------------------------ the Thief's spaces
def thief_peek_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """TH-09: he peeks at and may reveal only the Dark tile he stands on (``check_reveal``)."""
    from ..roles.thief import turn as th

    q = _pos_of(t)
    if d.kind != "thief_reveal" or q is None or g.state.thief is None:
        return None
    return th.check_reveal(g, q)


def thief_take_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """TH-12: with the Cave's supply empty he takes a Treasure token from the map
    (``check_take_treasure``)."""
    from ..roles.thief import turn as th

    q = _pos_of(t)
    if d.kind != "thief_take_treasure" or q is None or g.state.thief is None:
        return None
    return th.check_take_treasure(g, q)


def thief_evasion_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """TH-36: a foiled attack lets him slip 1 space (his slip check, ``check_slip``)."""
    from ..roles.thief import turn as th

    q = _pos_of(t)
    p = th.pos(g) if g.state.thief is not None else None
    if d.kind != "thief_evasion" or q is None or p is None:
        return None
    return th.check_slip(g, p, q)


REASONS: list[Callable[[Game, Decision, Target], str | Reason | None]] = [
    goblins_card, goblins_slot, goblins_piece, lurker_space, thief_slot, thief_card, thief_peek_space,
    thief_take_space, thief_evasion_space]
