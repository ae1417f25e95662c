"""The bonus Treasure cards of the promo-treasures variant (KN-97, KN-98, VAR-47) and what
the Knight does with them on her turn.

Silver Gauntlet: +1 Strength on her turn (``kb.TREASURE_BONUS``) and a second effect on
top of each hit (KN-97): the Crystal's here (the Cave discards an Omen token), the
Tribe's, Dragon's and Thief's in ``roles/meetings`` where those attacks resolve.
Treasure Trove: face up when kept; brought home at the Entrance for 8 Grit, free (KN-98);
the Thief's Pickpocket must take it (``roles/thief/turn.py``).
Cursed Amulet: face up when kept; +1 Movement/Perception/Strength on her turn and every
loss doubled (``kb.cursed``, VAR-47); she may discard it after a change to her Health.
Rune Staff: with its cube, once a turn, 2 Grit a space to teleport in a straight line to
an unoccupied Lit space; the Shield does not lower the cost.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Option, Target, space
from ..geometry import DIRS, Pos, fmt_pos, manhattan, parse_pos, step
from ..kinds import DecisionKind
from ..map.board import is_lit
from ..map.terrain import impassable
from ..reasons import Reason
from ..roles.knight import board as kb
from .omens import discard_omens

if TYPE_CHECKING:
    from ..game import Game, Proc


def held(g: Game, base: str) -> str | None:
    """Her card of kind ``base`` (``"rune_staff"``), or None."""
    k = g.state.knight
    if k is None:
        return None
    return next((c for c in k.treasures if kb.base_id(c) == base), None)


# ------------------------------------------------------------------ Silver Gauntlet
def gauntlet_active(g: Game) -> bool:
    """KN-97: the Gauntlet works on her own attacks while its Hero cube is on it."""
    card = held(g, "silver_gauntlet")
    return card is not None and g.state.active == "knight" and bool(kb.knight(g).treasure_cubes.get(card, 0))


def gauntlet_grit(g: Game) -> int:
    card = held(g, "silver_gauntlet")
    return g.card(card).int_param("grit", 2) if card is not None else 0


def gauntlet_smash(g: Game) -> Proc:
    """KN-97: smashing a Crystal with the Gauntlet makes the Cave discard an Omen token of
    its choice (none held, or no Cave: nothing more)."""
    if not gauntlet_active(g) or g.state.cave is None:
        return
    yield from discard_omens(g, 1, "Silver Gauntlet", DecisionKind.GAUNTLET_OMEN, "knight.treasures")


# ------------------------------------------------------------------ keeping a card
def on_keep(g: Game, card: str) -> None:
    """Treasure Trove and Cursed Amulet are revealed as soon as she keeps them."""
    k = kb.knight(g)
    if kb.base_id(card) in kb.SHOWN_WHEN_KEPT and card not in k.face_up:
        k.face_up.append(card)
        g.log("treasure_shown", f"The Knight must show {g.card(card).name}.", card=card)


# ------------------------------------------------------------------ Treasure Trove
def check_trove(g: Game, card: str) -> Reason | None:
    """KN-98: she brings the Treasure Trove home on the Entrance tile, on her turn."""
    if g.state.active != "knight":
        return Reason("The Treasure Trove is brought home on your own turn.", "KN-98")
    here = g.state.board.pieces.get("knight")
    if here is None or here != g.state.board.entrance:            # VAR-04: the Entrance may have moved
        return Reason("Bring the Treasure Trove to the Entrance tile: there removing it gives "
                      f"{g.card(card).int_param('grit', 8)} Grit, free.", "KN-98")
    return None


def bring_home(g: Game, card: str) -> None:
    """KN-98: remove it at the Entrance, no Encounter spent, for its Grit."""
    lose_treasure = g.hooks.cards.lose_treasure
    lose_treasure(g, card, "brought home to the Entrance")
    kb.gain_grit(g, g.card(card).int_param("grit", 8), "Treasure Trove")


# ------------------------------------------------------------------ Cursed Amulet
def check_amulet(g: Game) -> Reason | None:
    """She may discard the Cursed Amulet after a change to her Health (this turn or since her last)."""
    if g.state.active != "knight":
        return Reason("You may discard the Cursed Amulet on your turn, after your Health has changed.", "VAR-47")
    if not kb.knight(g).health_changed:
        return Reason("The Cursed Amulet may be discarded only after your Health changes: it clings on.", "VAR-47")
    return None


def discard_amulet(g: Game, card: str) -> None:
    lose_treasure = g.hooks.cards.lose_treasure
    lose_treasure(g, card, "she threw away the Cursed Amulet")
    kb.knight(g).health_changed = False


# ------------------------------------------------------------------ Rune Staff
def staff_cost(g: Game, card: str, spaces: int) -> int:
    return g.card(card).int_param("grit_per_space", 2) * spaces


def check_staff(g: Game, card: str, q: Pos) -> Reason | None:
    """THE check of a Rune Staff teleport to ``q``: its cube on it, once a turn, ``q`` in a
    straight cardinal line from her, a Lit space no piece holds, and 2 Grit a space (the
    Shield does not lower it)."""
    k = kb.knight(g)
    if g.state.active != "knight":
        return Reason("The Rune Staff is used on your own turn.", "KN-96")
    if not k.treasure_cubes.get(card, 0):
        return Reason("The Rune Staff works while a Hero cube is on it: put one on it first.", "KN-96")
    if k.staff_used:
        return Reason("You have used the Rune Staff this turn.", "KN-96")
    p = g.state.board.pieces["knight"]
    if p == q or (p[0] != q[0] and p[1] != q[1]):
        return Reason(f"{fmt_pos(q)} is not in a straight line from your space: the Rune Staff teleports you in one "
                      "of the four directions.", "KN-96")
    if not is_lit(g, q) or impassable(g, q):
        return Reason(f"{fmt_pos(q)} is not a Lit space: the Rune Staff lands only on one.", "KN-96")
    if any(where == q for piece, where in g.state.board.pieces.items() if piece != "knight"):
        return Reason(f"A piece stands on {fmt_pos(q)}: the Rune Staff lands only on an unoccupied space.", "KN-96")
    cost = staff_cost(g, card, manhattan(p, q))
    if k.grit < cost:
        return Reason(f"{fmt_pos(q)} is {manhattan(p, q)} spaces away: that costs {cost} Grit and you have {k.grit} "
                      "(the Shield does not lower it).", "KN-96")
    return None


def staff_targets(g: Game, card: str) -> list[Pos]:
    """Every space :func:`check_staff` allows, direction by direction, nearest first."""
    k = kb.knight(g)
    if not k.treasure_cubes.get(card, 0) or k.staff_used or g.state.active != "knight":
        return []
    p = g.state.board.pieces["knight"]
    out = []
    for d in DIRS:
        q = p
        for _ in range(k.grit // max(1, staff_cost(g, card, 1))):
            q = step(q, d)
            if check_staff(g, card, q) is None:
                out.append(q)
    return out


def teleport(g: Game, card: str, q: Pos) -> Proc:
    """Pay the Grit (a cost: no Shield, no doubling), then land on ``q``; no Movement and no
    Encounter is spent, and landing on a Lit space reveals nothing."""
    k = kb.knight(g)
    p = g.state.board.pieces["knight"]
    k.staff_used = True
    yield from kb.lose_grit(g, staff_cost(g, card, manhattan(p, q)), "the Rune Staff", cost=True,
                            keep=f"treasure:{card}")               # VAR-19: never the Staff's own cube
    k.encounter_open = False
    g.state.board.pieces["knight"] = q
    if q not in k.visited:
        k.visited.append(q)
    g.log("teleport", f"The Knight teleports with the Rune Staff to {fmt_pos(q)}.", piece="knight", frm=p, to=q)
    check_knight_escape = g.hooks.flow.check_knight_escape
    check_knight_escape(g)


# ------------------------------------------------------------------ her options
def promo_options(g: Game) -> list[Option]:
    """The bonus Treasures' uses on her turn: bring the Trove home, discard the Amulet,
    teleport with the Staff."""
    if not g.config.bonus_cards:
        return []
    k = kb.knight(g)
    out = []
    for card in k.treasures:
        base = kb.base_id(card)
        if base == "treasure_trove" and check_trove(g, card) is None:
            grit = g.card(card).int_param("grit", 8)
            out.append(Option(f"treasure:trove:{card}", f"Bring the Treasure Trove home: remove it for {grit} Grit "
                              "(no Encounter)", (Target("card", card),)))
        elif base == "cursed_amulet" and check_amulet(g) is None:
            out.append(Option(f"treasure:amulet:{card}", "Discard the Cursed Amulet", (Target("card", card),)))
        elif base == "rune_staff":
            p = g.state.board.pieces["knight"]
            for q in staff_targets(g, card):
                out.append(Option(f"treasure:staff:{card}@{fmt_pos(q)}", f"Teleport with the Rune Staff to {fmt_pos(q)} "
                                  f"({staff_cost(g, card, manhattan(p, q))} Grit)", (space(q),)))
    return out


def use_promo(g: Game, what: str, arg: str) -> Proc:
    """Carry out a ``treasure:trove|amulet|staff:`` option."""
    if what == "trove":
        bring_home(g, arg)
    elif what == "amulet":
        discard_amulet(g, arg)
    elif what == "staff":
        card, _, where = arg.partition("@")
        yield from teleport(g, card, parse_pos(where))
