"""The revised Javelin thrown at range (VAR-20, revised-cards variant): instead of readying
it for the attack on her own tile, she throws it — an attack, so an Encounter — at a
visible revealed Tribe, the Thief or the surfaced Dragon up to 3 spaces away in a straight
cardinal line, with its +1 Strength; then it leaves the game.  Not on a turn she
Bomb-attacked the Dragon.  Each target's own attack rules apply: a Tribe gains 1 Rage and
scatters, the Thief dies (his Unnatural Evasion may foil it), the Dragon is hit when her
Strength beats his Armor (equal: the centre roll).

One meeting per target role (``table.py``), each with its own verb."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.promo_treasures import held
from ...decisions import Option, Target
from ...geometry import Pos, fmt_pos, manhattan
from ...map.board import visible
from ...map.terrain import forest_blocks
from ...reasons import Reason
from ..dragon.state import armor, dragon
from ..goblins import turn as gb
from ..knight import board as kb
from ..knight import turn as kn
from ..thief import turn as th
from .knight_thief import check_perception

if TYPE_CHECKING:
    from ...game import Game, Proc

CARD = "javelin_revised"


def _card(g: Game) -> str | None:
    """Her revised Javelin (revised-cards; a bonus card), if she holds it."""
    return held(g, CARD) if g.config.bonus_cards else None


def check_throw(g: Game, where: Pos | None) -> Reason | None:
    """THE check of throwing the revised Javelin at a piece on ``where``: she holds it, on
    her turn, not after a Bomb attack on the Dragon this turn, with an Encounter left, at a
    visible space 1 to its range away in a straight line (not into or out of the
    Mushroom Forest)."""
    card = _card(g)
    if card is None:
        return Reason("Only the revised Javelin can be thrown at range.", "VAR-20")
    if g.state.active != "knight":
        return Reason("The Javelin is thrown on your own turn.", "VAR-20")
    k = kb.knight(g)
    if k.bomb_attacked:
        return Reason("You Bomb-attacked the Dragon this turn: the Javelin is not thrown on a Bomb turn.", "VAR-20")
    if kn.encounters_left(g) < 1:
        return Reason("Throwing the Javelin is an attack, and you have no Encounter left.", "KN-24")
    reach = g.card(card).int_param("range", 3)
    here = kn.pos(g)
    if where is None or where == here:
        return Reason("The Javelin is thrown at a piece on another space: on your own, ready it for your attack.",
                      "VAR-20")
    if manhattan(here, where) > reach or not visible(g, here, where):
        return Reason(f"The Javelin reaches a piece you can see up to {reach} spaces away in a straight line: "
                      f"{fmt_pos(where)} is not one.", "VAR-20")
    if forest_blocks(g, here, where):
        return Reason("The Mushroom Forest stops the thrown Javelin.", "TR-26")
    return None


def _throw(g: Game) -> str:
    """Spend the Encounter and ready the card, so the attack reads its +1 (KN-88)."""
    card = _card(g)
    assert card is not None
    kn.open_encounter(g)
    k = kb.knight(g)
    k.javelin_ready = card
    if card not in k.face_up:
        k.face_up.append(card)
    return card


# ------------------------------------------------------------------ the Goblins
def tribe_options(g: Game) -> list[Option]:
    if _card(g) is None or g.state.goblins is None or g.state.active != "knight":
        return []
    out = []
    for t in gb.revealed_tribes(g):
        where = g.state.board.pieces.get(gb.piece(t))
        if check_throw(g, where) is None and where is not None:
            out.append(Option(f"throwtribe:{t}", f"Throw the Javelin at {gb.tname(t)} at {fmt_pos(where)} "
                              "(an Encounter; it scatters)", (Target("piece", gb.piece(t)),)))
    return out


def act_tribe(g: Game, tribe: str) -> Proc:
    from .knight_goblins import gauntlet_secret
    _throw(g)
    g.log("javelin_throw", f"The Knight throws the Javelin at {gb.tname(tribe)}.", tribe=tribe)
    gb.gain_rage(g, 1, "a Tribe was attacked")
    yield from gb.scatter(g, tribe, "hit by the Knight's Javelin")
    gauntlet_secret(g)
    kb.spend_javelin(g)


# ------------------------------------------------------------------ the Thief
def thief_options(g: Game) -> list[Option]:
    if _card(g) is None or g.state.thief is None or g.state.active != "knight":
        return []
    where = g.state.board.pieces.get("thief")
    if where is None or check_throw(g, where) is not None or check_perception(g) is not None:
        return []                                  # VAR-21: her Perception must still beat his Stealth
    return [Option("throwthief:", f"Throw the Javelin at the Thief at {fmt_pos(where)} (an Encounter; he is killed)",
                   (Target("piece", "thief"),))]


def act_thief(g: Game, arg: str) -> Proc:
    from ...cards.promo_treasures import gauntlet_active, gauntlet_grit
    k = kb.knight(g)
    _throw(g)
    g.log("javelin_throw", "The Knight throws the Javelin at the Thief.")
    killed = yield from th.attack_thief(g, "knight", "the Knight's Javelin")
    kb.spend_javelin(g)
    if killed:
        k.achievements.append("killed_thief")
        if gauntlet_active(g):
            kb.gain_grit(g, gauntlet_grit(g), "the Silver Gauntlet")


# ------------------------------------------------------------------ the Dragon
def dragon_options(g: Game) -> list[Option]:
    if _card(g) is None or g.state.dragon is None or g.state.active != "knight" or not dragon(g).surfaced:
        return []
    where = g.state.board.pieces.get("dragon")
    if where is None or check_throw(g, where) is not None:
        return []
    card = _card(g)
    assert card is not None
    s = kb.strength(g) + g.card(card).int_param("strength", 1)
    return [Option("throwdragon:", f"Throw the Javelin at the Dragon at {fmt_pos(where)} (an Encounter; Strength {s} "
                   f"vs Armor {armor(g)})", (Target("piece", "dragon"),))]


def act_dragon(g: Game, arg: str) -> Proc:
    from .knight_dragon import resolve_attack
    _throw(g)
    g.log("javelin_throw", "The Knight throws the Javelin at the Dragon.")
    yield from resolve_attack(g, kb.attack_strength(g), "knight", "the Knight's Javelin")
    kb.spend_javelin(g)

