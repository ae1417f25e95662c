"""The Knight meets the Ghoul (GH-32): she may enter its space only with Strength above its
Defense, and entering attacks it — it skitters at once, the Knight naming the symbol (GH-31,
GH-39).  The attack completes Daring, Stalwart at Defense 3 or more, and Fearless on the Dark
tile she just revealed (``cards/sidequests.GHOUL_DEEDS``); she may shoot it with the Bow at
Strength 2 or more, which only makes it skitter.  With the Silver Gauntlet each hit (her attack
or the Bow's) also makes it discard a Terror card (:func:`gauntlet_terror`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.promo_treasures import gauntlet_active
from ...decisions import Option, Target
from ...geometry import Pos, fmt_pos
from ...map.board import visible
from ...map.terrain import forest_blocks
from ...reasons import Reason
from ..ghoul.state import defense, me, title
from ..knight import board as kb
from ..knight import turn as kn
from .knight_goblins import _was_dark, check_bow

if TYPE_CHECKING:
    from ...game import Game, Proc


def _ghoul_at(g: Game, q: Pos) -> bool:
    return g.state.board.pieces.get(me(g)) == q


def entry_rule(g: Game, q: Pos) -> Reason | None:
    """GH-32 (a rule check): only with Strength greater than the Ghoul's Defense."""
    if not _ghoul_at(g, q):
        return None
    s, d = kb.attack_strength(g), defense(g)
    if s <= d:
        return Reason(f"Your Strength {s} must be greater than the {title(g)}'s Defense {d} to enter its space.", "GH-32")
    return None


def attack_due(g: Game, q: Pos) -> tuple[str, tuple[Target, ...]] | None:
    """GH-32: entering its space attacks it."""
    if not _ghoul_at(g, q) or g.state.board.pieces.get("knight") != q:
        return None
    return (f"Attack the {title(g)} (Strength {kb.attack_strength(g)} vs Defense {defense(g)})", (Target("piece", me(g)),))


def attack_on_entering(g: Game, q: Pos) -> Proc:
    """GH-31/32: the attack makes it skitter at once; the Knight names the symbol (GH-39)."""
    k = kb.knight(g)
    k.achievements.append("attacked_ghoul")                              # Daring
    if defense(g) >= 3:
        k.achievements.append("attacked_ghoul_defense_3")                # Stalwart
    if _was_dark(g, q):
        k.achievements.append("attacked_ghoul_on_revealed_tile")         # Fearless
    g.log("knight_attacks_ghoul", f"The Knight attacks the {title(g)}: it skitters.", target=me(g))
    yield from gauntlet_terror(g)
    yield from g.hooks.ghoul.skitter(g, "knight")
    kb.spend_javelin(g)


def check_bow_ghoul(g: Game) -> Reason | None:
    """GH-32 (a rule check): the Bow shoots the Ghoul at Strength 2 or more (:func:`check_bow`),
    on another tile she can see in a straight line, not through the Mushroom Forest."""
    bow = check_bow(g)
    if bow is not None:
        return bow
    kp, p = kn.pos(g), g.state.board.pieces.get(me(g))
    if p is None or kp is None or p == kp:
        return Reason(f"The Bow shoots the {title(g)} on another tile; you attack it by entering its space.", "GH-32")
    if not visible(g, kp, p):
        return Reason(f"The Bow shoots the {title(g)} only in a straight line you can see, and it is at {fmt_pos(p)}.",
                      "KN-80")
    if forest_blocks(g, kp, p):
        return Reason("The Mushroom Forest stops the Bow's shot.", "TR-26")
    return None


def bow_options(g: Game) -> list[Option]:
    if g.state.knight is None or "knight" not in g.state.board.pieces or check_bow_ghoul(g) is not None:
        return []
    p = g.state.board.pieces[me(g)]
    return [Option("bowghoul:", f"Shoot the {title(g)} at {fmt_pos(p)} with the Bow (it skitters)", (Target("piece", me(g)),))]


def act_bow(g: Game, _arg: str) -> Proc:
    """GH-31/32: the shot makes it skitter; she names the symbol."""
    kb.knight(g).bow_shots += 1
    g.log("bow", f"The Knight shoots the {title(g)} with the Bow.", target=me(g))
    yield from gauntlet_terror(g)
    yield from g.hooks.ghoul.skitter(g, "knight")


def gauntlet_terror(g: Game) -> Proc:
    """The Silver Gauntlet (KN-97, EXPANSION_DATA Appendix A): when the Knight with it hits the
    [Vile] Ghoul, on top of the hit it discards 1 Terror card of its choice (none held: nothing)."""
    if gauntlet_active(g):
        yield from g.hooks.ghoul.discard_terror(g, "the Silver Gauntlet")
