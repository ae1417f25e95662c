"""Reasons a click is not a legal choice, for the Goblins and Thief decisions (see teaching.why_not).

Each function answers one kind of thing (a Goblins card, a slot of the Goblin board, a
piece, a slot of the Thief's board, a space) for the decisions that ask for that kind; it
returns None when it does not apply.  The Goblins' decisions are converted (issue 25,
item 2): a click goes to the rule check in ``roles/goblins/turn.py``, ``ambush.py`` or
``cards/secrets.py`` that also builds the options (War cards, the Goblin Ruby, Populate,
Monsters, overpopulation, a Secret's Tribe, the Ambush, the Tribes' actions); only Hex's
targets, the Bright Beetles against Hiss and a few "where instead" pointers (the name
plate, the Secrets pile, a Tribe chosen by its piece) are still plain sentences.  The
Thief's decisions are converted too: their functions only route a click to the rule check in ``roles/thief/turn.py``
that also builds the options (``check_assignment``, ``check_upgrade``, ``check_reveal``,
``check_take_treasure``, ``check_slip``) and give its Reason.
"""
from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..geometry import fmt_pos
from ..reasons import Reason
from .common import _piece_pos, _pos_of

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game

# The Goblins' decisions asked through goblins.ask_goblins, where playable Secrets are offered (GB-52).
SECRET_ASKS = ("goblins_turn", "tribe_activation", "populate", "assign_monster", "war_card", "reveal_tribe",
               "lurker", "discard_secret", "ruby_secret")


# ------------------------------------------------------------ Goblins cards
# What is being drawn at each question the Goblin Ruby may swap it in (turn.check_ruby).
RUBY_DRAWS = MappingProxyType({"war_card": "war", "assign_monster": "monster", "ruby_secret": "secret"})


def goblins_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """A War, Monster or Secrets card the Goblins click that is not on offer, routed to the
    rule check of that card in this decision (roles/goblins/turn.py, cards/secrets.py)."""
    if d.role != "goblins" or t.kind != "card" or g.state.goblins is None:
        return None
    from ..roles.goblins import turn as gb

    if t.ref in g.rules.deck("war"):
        return gb.check_war_card(g, t.ref)
    if t.ref in g.rules.physical_card_ids and g.card(t.ref).handler == "scheme":        # VAR-25..31
        from ..roles.goblins.schemes import scheme_card
        return scheme_card(g, d.kind, t.ref, d.fact("scheme"))
    if t.ref.split("#")[0] in g.rules.deck("monsters"):
        return _monster_card(g, d, t.ref)
    if t.ref.split("#")[0] in g.rules.deck("secrets"):
        return _secret_card(g, d, t.ref)
    return None


def _monster_card(g: Game, d: Decision, card: str) -> Reason | None:
    """Assigning (``check_replace``: GB-38..41), scattering (``check_scatter_discard``: GB-69),
    any other moment (``monster_in_play``: GB-38/42); the Bright Beetles against Hiss (GB-45)."""
    from ..roles.goblins import turn as gb

    if d.kind == "assign_monster":
        return gb.check_replace(g, card)
    if d.kind == "scatter_monster":
        tribe = d.fact("tribe")
        return None if tribe is None else gb.check_scatter_discard(g, tribe, card)
    if d.kind == "bright_beetles":
        from ..roles.dragon.powers import check_bright_beetles
        tribe = d.fact("tribe")
        return None if tribe is None else check_bright_beetles(g, tribe, card)
    return gb.monster_in_play(g, card)


def _secret_card(g: Game, d: Decision, card: str) -> Reason | None:
    """A Secrets card: held (``check_held``: GB-50), swapped by the Goblin Ruby
    (``check_ruby_swap``), face up (``check_face_up``: Trap, the Goblin Ruby), against
    overpopulation (``check_overpopulation_secret``: GB-32/36), at a question that offers
    Secrets (``check_play_secret``: GB-52..58) or not (``secret_waits``: GB-52)."""
    from ..cards import secrets as sc
    from ..roles.goblins import turn as gb

    held = sc.check_held(g, card)
    if held is not None:
        return held
    if d.kind == "ruby_secret":
        return gb.check_ruby_swap(g, card)
    if card in gb.gs(g).face_up:
        return gb.check_face_up(g, card, RUBY_DRAWS.get(d.kind))
    if d.kind == "overpopulation":
        return gb.check_overpopulation_secret(g, card)
    if d.kind not in SECRET_ASKS:
        return sc.secret_waits(g, card)
    return sc.check_play_secret(g, card, reactions=d.kind == "goblins_turn") or sc.secret_waits(g, card)


# ------------------------------------------------------------ Goblins slots
def goblins_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """A slot of the Goblin board (a Tribe, its Monster slot or special action, Rage,
    Secrets, the header) in a Goblins decision, routed to the rule check of this decision
    that decides it; the name plate and the Secrets pile say where they are used."""
    if d.role != "goblins" or t.kind != "slot" or g.state.goblins is None:
        return None
    parts = t.ref.split(".")
    if parts[0] != "goblins":
        return None
    from ..roles.goblins import turn as gb
    from ..roles.goblins.state import TRIBES

    if len(parts) == 1:
        return Reason(f"That is your board's name plate: others choose the Goblins by it (Hex, Pickpocket). You "
                      f"are deciding: {d.prompt}", d.rules_ref)
    if parts[1] == "rage":
        return gb.rage_spent(g, d.kind == "populate")
    if parts[1] == "secrets":
        return (Reason("Secrets are drawn in Draw Secrets and by the Eye Tribe's special action; play one "
                "by clicking the card in your hand.", "GB-50"))
    tribe = parts[1]
    if tribe not in TRIBES:
        return None
    if len(parts) == 2:
        return TRIBE_SLOT.get(d.kind, _tribe_head_elsewhere)(g, d, tribe)
    if parts[2] == "monster":
        return gb.check_assign(g, tribe) if d.kind == "assign_monster" else gb.monster_slot_later(g, tribe)
    if parts[2] == "special":
        return gb.check_tribe_action(g, _acting(g, d), tribe)
    return None


def _active_tribe(g: Game) -> str | None:
    from ..roles.goblins import turn as gb

    act = gb.gs(g).activated
    return act[-1] if act else None


def _acting(g: Game, d: Decision) -> str | None:
    """The Tribe being activated at this decision (None outside an activation)."""
    return _active_tribe(g) if d.kind in ("tribe_activation", "reveal_tribe", "lurker") else None


def _head_turn(g: Game, d: Decision, tribe: str) -> Reason | None:
    """goblins_turn: a revealed Tribe is activated on its piece (why_not.goblins_activation
    routes the Tribes that cannot be activated to ``check_activate``)."""
    from ..roles.goblins import turn as gb

    p = gb.tribe_pos(g, tribe)
    if p is not None:
        return Reason(f"{gb.Tname(tribe)} is on the map at {fmt_pos(p)}: activate it there, on its piece.", "GB-59")
    return None


def _head_activation(g: Game, d: Decision, tribe: str) -> Reason | None:
    """tribe_activation: Hide is the active Tribe's action (``check_tribe_action``)."""
    from ..roles.goblins import turn as gb

    return gb.check_tribe_action(g, _acting(g, d), tribe)


def _head_populate(g: Game, d: Decision, tribe: str) -> Reason | None:
    """populate: blocking the Tribe's discs (``check_block``: GB-27..29)."""
    from ..roles.goblins import turn as gb

    return gb.check_block(g, tribe)


def _head_lurker(g: Game, d: Decision, tribe: str) -> Reason | None:
    from ..roles.goblins import turn as gb

    return gb.check_acting(g, _acting(g, d), tribe)


def _head_ambush(g: Game, d: Decision, tribe: str) -> Reason | None:
    """ambush: ``ambush.check_ambush`` (GB-88, GB-65, AMB-30)."""
    from ..roles.goblins.ambush import check_ambush

    return check_ambush(g, tribe, d.fact("source") or "tile")


def _head_assign(g: Game, d: Decision, tribe: str) -> Reason | None:
    """assign_monster: the Tribe's Monster slot decides (``check_monster_head``: GB-38, GB-40)."""
    from ..roles.goblins import turn as gb

    return gb.check_monster_head(g, tribe)


def _head_reveal(g: Game, d: Decision, tribe: str) -> Reason | None:
    """GB-59, GB-82/83: the Tribe being revealed goes onto a highlighted space."""
    from ..roles.goblins import turn as gb

    return gb.check_acting(g, _acting(g, d), tribe) or Reason(
        f"{gb.Tname(tribe)} is revealed onto a highlighted Dark tile with its symbol, or lurks on an open space "
        "when there is none; or leave it hidden with the button.", "GB-82")


def _tribe_head_elsewhere(g: Game, d: Decision, tribe: str) -> Reason | None:
    """Decisions that choose no Tribe on the board: what they choose instead; overpopulation
    (``check_scatter_choice``) and a Secret's Tribe (``check_choose_tribe``) are chosen by
    the Tribe's piece."""
    from ..cards import secrets as sc
    from ..roles.goblins import turn as gb

    if d.kind == "hex_target":
        return Reason(f"Hex aims at another player, not at {gb.tname(tribe)}.", "GB-58")
    if d.kind == "overpopulation":
        reason = gb.check_scatter_choice(g, tribe)
    elif d.kind == "choose_tribe":
        reason = sc.check_choose_tribe(g, d.fact("secret") or "", tribe)
    else:
        return Reason(f"{gb.Tname(tribe)} is not chosen in this step: {d.prompt}", d.rules_ref)
    if reason is not None:
        return reason
    where = gb.tribe_pos(g, tribe)
    spot = f"its piece at {fmt_pos(where)}" if where is not None else "its piece on your board"
    return Reason(f"Choose {gb.tname(tribe)} by {spot}.", d.rules_ref)


TRIBE_SLOT: MappingProxyType[str, Callable[[Game, Decision, str], Reason | None]] = MappingProxyType({
    "goblins_turn": _head_turn, "tribe_activation": _head_activation, "populate": _head_populate,
    "lurker": _head_lurker, "ambush": _head_ambush, "assign_monster": _head_assign, "reveal_tribe": _head_reveal})


# ------------------------------------------------------------ Goblins pieces and spaces
def goblins_piece(g: Game, d: Decision, t: Target) -> Reason | None:
    """Overpopulation (``check_scatter_piece``: GB-32), a Secret choosing a Tribe
    (``check_choose_piece``: Blind Fury, Fire Bomber, Hiding Spots), Hex choosing a player
    (GB-58): a piece that is not among them."""
    if d.role != "goblins" or t.kind != "piece" or g.state.goblins is None:
        return None
    name, _ = _piece_pos(g, t)
    if d.kind == "hex_target":
        from ..cards.secrets import check_hex_target
        return check_hex_target(g, name)
    if d.kind == "overpopulation":
        from ..roles.goblins import turn as gb
        return gb.check_scatter_piece(g, name)
    if d.kind == "choose_tribe":
        from ..cards import secrets as sc
        return sc.check_choose_piece(g, d.fact("secret") or "", name)
    return None


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
def thief_slot(g: Game, d: Decision, t: Target) -> Reason | None:
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
        return (Reason("Click one upgrade space: each Treasure token stashed goes on one upgrade.", "TH-41")
                if d.kind in ("thief_upgrade", "thief_spores") else _upgrade_slot(g, d, ""))
    if what == "loot_drop" and arg.isdigit():
        return _loot_drop_slot(g, d, int(arg))
    if what in ("charm", "wand"):
        return _card_slot(g, d, what, arg)
    return None


def _card_slot(g: Game, d: Decision, what: str, piece: str) -> Reason | None:
    """The Charm and the Warlock's Wand (thief-upgrades variant): actions of his turn,
    answered by their checks (``check_charm``, ``check_wand``)."""
    from ..roles.thief.upgrade_cards import check_charm, check_wand

    if d.kind != "thief_turn":
        return Reason(f"The {'Charm' if what == 'charm' else 'Warlock' + chr(39) + 's Wand'} is used in your turn, "
                      f"among its actions; now: {d.prompt}", "thief.upgrade_cards")
    return check_charm(g, piece) if what == "charm" else check_wand(g, piece)


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
    if up in g.rules.deck("upgrades"):
        return g.card(up).name
    return next((u.name for u in g.rules.thief.upgrades if u.id == up), up)


def _upgrade_slot(g: Game, d: Decision, up: str) -> Reason | None:
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
        from ..cards.omens import check_spores_upgrade
        return check_spores_upgrade(g, up)
    if d.kind == "thief_sticky":
        return Reason("Only Sticky Fingers rerolls the Action die.", "TH-16")
    if up in s.upgrades:
        return Reason(f"You have {name}: an upgrade works by itself, at once and every turn.", "TH-50")
    return Reason(f"Upgrades are bought by stashing Treasure tokens at the Entrance, one upgrade each: you have "
                  f"stashed {stashed(g)} of {stash_needed(g)}, carrying {len(s.carried)}.", "TH-41")


def _loot_drop_slot(g: Game, d: Decision, level: int) -> Reason | None:
    """TH-28: Hide Loot is an action of his turn (there ``check_hide_loot`` answers, routed by
    why_not.thief_action)."""
    if d.kind == "thief_turn":
        return None
    return Reason(f"Hide Loot is an action of your turn, 1 Action cube per Level; now: {d.prompt}", "TH-28")


def thief_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """TH-18/22: the Knight's Treasure cards are reached only through a Pickpocket on her
    (the Flare is answered by why_not.thief_action, ``check_flare``)."""
    if d.role != "thief" or d.kind != "thief_turn" or t.kind != "card" or g.state.thief is None:
        return None
    if t.ref.split("#")[0] in g.rules.deck("treasures"):
        return (Reason(f"The {g.card(t.ref).name} is one of the Knight's Treasure cards: you reach them only by a "
                "successful Pickpocket on her, on her space.", "TH-18"))
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


REASONS: tuple[Callable[[Game, Decision, Target], Reason | None], ...] = (
    goblins_card, goblins_slot, goblins_piece, lurker_space, thief_slot, thief_card, thief_peek_space,
    thief_take_space, thief_evasion_space,
)
