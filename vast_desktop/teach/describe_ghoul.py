"""The Ghoul's board tooltips, for :mod:`.describe_boards` (its ``slot``, ``card`` and ``info`` kinds)
and :mod:`.describe` (the Ghoul's piece on the map).

Like the rest of describe these read only the :class:`PlayerView` and the public rules data.  The
Ghoul's board is all public (GH-*) but for its Terror deck's order; the Terror cards it draws to
choose among are targets of its own decision only, so their tooltip (the card's two effects, from
the rules data) says nothing that is not public.

Refs: ``slot:ghoul.die.<face>``, ``slot:ghoul.symbol.<symbol>``, ``card:<terror card>`` (a copy id
such as ``chase`` or ``chase_2``), ``info:ghoul.<dice|movement|attack|defense|fury|treasure|deck|next_turn>``.
The Vile Ghoul's own are in :mod:`.describe_vile_ghoul`; its Terror cards and its Cheat's and skitter's
choices are described here (:func:`terror_card_tip`, :func:`ghoul_slot`).
"""
from __future__ import annotations

from ..engine.geometry import fmt_pos
from ..engine.view import PlayerView
from ..rules_data import UnknownIdError

SYMBOL_NAMES = {"fangs": "Fangs", "bones": "Bones", "eye": "Eye"}


def terror_name(view: PlayerView, cid: str) -> str | None:
    """The name of the Terror card ``cid`` (a copy id), or None when ``cid`` is no Terror card."""
    try:
        return str(view.rules.ghoul.terror_card(cid).name)
    except (UnknownIdError, KeyError, ValueError, AttributeError):
        return None


def terror_text(view: PlayerView, cid: str) -> str:
    """``Name — every turn: … / once per game: …`` from the rules data."""
    data = view.rules.ghoul.terror_card(cid)
    return (f"{data.name} — first effect: {' '.join(data.first.text.split())} / once per game: "
            f"{' '.join(data.once_per_game.text.split())}")


def ghoul_tip(view: PlayerView) -> str:
    """The Ghoul's piece (on the map) and its board's header."""
    b = view.boards.ghoul
    if b is None:
        return ""
    where = view.pieces.get("ghoul")
    at = f" at {fmt_pos(where)}" if where else ""
    return (f"The Ghoul{at}: Fury {b.fury}/{b.fury_goal}, Defense {b.defense}, {b.movement} movement left, "
            f"{b.attack} Ghoul disc(s) on its Attack space; {b.treasure} Treasure token(s) held; "
            f"{len(b.terror)} Terror card(s) face up, {b.terror_deck} in the deck.")


def ghoul_terror_card(view: PlayerView, cid: str) -> str | None:
    """A Terror card on the Ghoul's board (held, leaving this turn, or drawn to choose among)."""
    b = view.boards.ghoul
    if b is None:
        return None
    return terror_card_tip(view, cid, b.terror, b.terror_leaving, b.terror_first_used)


def terror_card_tip(view: PlayerView, cid: str, terror: tuple[str, ...], leaving: tuple[str, ...],
                    first_used: tuple[str, ...]) -> str | None:
    """A Terror card on the Ghoul's or the Vile Ghoul's board: held (``terror``), leaving this turn, used
    this turn (``first_used``), or drawn to choose among; None when ``cid`` is no Terror card."""
    if terror_name(view, cid) is None:
        return None
    text = terror_text(view, cid)
    if cid in leaving:
        return f"{text} (its once-per-game effect is in use this turn: the card leaves at the end of the turn)"
    if cid in terror and cid in first_used:
        return f"{text} (used this turn: neither effect again before its next turn)"
    if cid in terror:
        return f"{text} (face up: the first effect once per turn, the other once per game, never both in a turn)"
    return f"{text} (drawn: keep one, the others go to the bottom of the Terror deck)"


def ghoul_flare(view: PlayerView) -> str:
    """The Flare as the Ghoul (or the Vile Ghoul) uses it (its player variants): aimed at its own space
    for movement."""
    f = view.rules.ghoul.flare
    who = "Ghoul" if view.boards.ghoul is not None or view.boards.vile_ghoul is None else "Vile Ghoul"
    return (f"The Flare (the {who}'s variants): light up the spaces around the {who}'s own space, "
            f"{f.own_space_movement} movement point each use.")


def ghoul_slot(view: PlayerView, rest: str) -> str:
    """``slot:ghoul.<what>``: the Ghoul's dice and the skitter's symbols — Cheat's faces and the
    symbols are the Vile Ghoul's choices too (the Ghoul's rules play both)."""
    b = view.boards.ghoul
    if b is None and view.boards.vile_ghoul is None:
        return ""
    what, _, detail = rest.partition(".")
    if what == "die" and detail.isdigit():
        face = int(detail)
        d = view.decision
        kind = d.kind if d is not None else ""
        if kind == "ghoul_cheat":
            return f"Cheat (once per game): turn one Ghoul die to {face} and roll only the others."
        if kind == "ghoul_reroll":
            return f"Cheat: roll the {face} again."
        if b is None:
            return f"A Ghoul die showing {face}."
        rest_faces = list(b.rolled)
        if face in rest_faces:
            rest_faces.remove(face)
        kept = sorted(rest_faces, reverse=True)[:2]
        if len(kept) == 2 and not b.kept:
            return (f"A Ghoul die showing {face}: set it aside and keep the others — movement {kept[0]}, "
                    f"attack {kept[1]} (the higher is movement, the lower attack).")
        return f"A Ghoul die showing {face}."
    if what == "symbol" and detail:
        who = "Ghoul" if b is not None else "Vile Ghoul"
        return f"The {SYMBOL_NAMES.get(detail, detail.title())} symbol: the {who} skitters to a Dark tile with it."
    return ""


def ghoul_info(view: PlayerView, rest: str) -> str:
    b = view.boards.ghoul
    if b is None:
        return ""
    rd = view.rules.ghoul
    if rest == "header":
        return ghoul_tip(view)
    if rest == "dice":
        if not b.rolled:
            return "The Ghoul dice: it rolls them at the start of its turn and keeps 2."
        kept = f"; kept: movement {b.kept[0]}, attack {b.kept[-1]}" if b.kept else ""
        aside = f"; set aside: {b.set_aside}" if b.set_aside else ""
        return f"The Ghoul dice rolled: {', '.join(map(str, b.rolled))}{kept}{aside}."
    if rest == "movement":
        return (f"Movement points left this turn: {b.movement}. A step costs {rd.move_cost}, through a wall "
                f"+{rd.wall_cost}, into a space with a player piece +{rd.occupied_cost} (unless it attacks it).")
    if rest == "attack":
        return (f"The Attack space: {b.attack} Ghoul disc(s). Attacking a piece costs discs; each attack raises its "
                f"Fury by {rd.fury_per_attack}." + (f" Attacked this turn: {', '.join(b.attacked)}." if b.attacked
                                                  else ""))
    if rest == "defense":
        return (f"Defense {b.defense}: the Ghoul discs left on its Attack space at the end of its turn. To enter its "
                "space a piece needs more than it (the Knight's Strength, the Thief's Stealth...).")
    if rest == "fury":
        return (f"Fury {b.fury}, its goal {b.fury_goal} (the goal reached, it wins or must still escape, as the "
                "variant says). It draws a Terror card on reaching each "
                f"space with the Terror icon ({', '.join(map(str, rd.fury_track.terror_spaces))}).")
    if rest == "treasure":
        return (f"Treasure tokens held: {b.treasure}. Collecting one from its space costs {rd.collect_cost} "
                "movement points.")
    if rest == "deck":
        return f"The Terror deck: {b.terror_deck} card(s), facedown (nobody sees their order)."
    if rest == "next_turn":
        return next_turn_tip("Ghoul", b.card_movement, b.backstab)
    return ""


def next_turn_tip(title: str, card_movement: int, backstab: int) -> str:
    """The change to a Ghoul's movement waiting for its next turn, and where it comes from (the Thief's
    Charm or Warlock's Wand, EXPANSION_DATA Appendix A; the Backstab's cubes, GH-37)."""
    parts = []
    if card_movement > 0:
        parts.append(f"the Thief's Charm gives it +{card_movement}")
    elif card_movement < 0:
        parts.append(f"the Thief's Warlock's Wand costs it {-card_movement}")
    if backstab:
        parts.append(f"the Thief's Backstab costs it {backstab} (1 per cube)")
    if not parts:
        return ""
    return (f"On its next turn the {title}'s movement changes: {' and '.join(parts)}, never below 0; "
            "then the change is spent.")

