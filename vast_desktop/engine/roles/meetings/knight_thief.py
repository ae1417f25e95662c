"""The Knight against the Thief (the ``knight_vs_thief`` entry of :mod:`.meetings`: an
option provider and the ``thief`` verb).

KN-59: she may enter his tile without an Encounter when she does not attack him (no
entry rule and no entering hook: entering his tile does nothing by itself, KN-28).
KN-60, TH-30: attacking him is an Encounter, open only while her Perception is above his
Stealth; it is an attack (GEN-07), so Unnatural Evasion may foil it (TH-36/37); otherwise
he dies and she gains Grit equal to his Loot Drop Level (KN-117, TH-46).  KN-24: the
attack step of the Encounter she has open (a reveal, a smash, a Tribe) covers it, once;
KN-61: the Treasure he drops can then be collected in that same Encounter.
KN-85..87: the Enchanted Bow kills him up to 5 spaces away in a cardinal line, through
walls, Dark tiles and anything between, with no Encounter; not an attack (GEN-08), so no
Evasion (TH-37) — but she targets him, so her Perception must still beat his Stealth
(TH-30).  A kill either way meets Daring ("kill the Thief", not an attack condition), and
a Bow kill meets Eagle-Eyed (damage with the Bow).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.promo_treasures import gauntlet_active, gauntlet_grit
from ...decisions import Option, Target
from ...geometry import Pos
from ...reasons import Reason
from ..knight import board as kb
from ..knight import turn as kn
from ..thief import turn as th
from ..thief.state import stealth

if TYPE_CHECKING:
    from ...game import Game, Proc

ATTACK_EVENT = "knight_attacks_thief"


def thief_pos(g: Game) -> Pos | None:
    if g.state.thief is None:
        return None
    return g.state.board.pieces.get("thief")


def _attacked_in_open_encounter(g: Game) -> bool:
    """Has she already attacked him in the Encounter she has open (KN-24: each foe once)?
    Read from this turn's events (the attack logs the Encounter's number)."""
    k = kb.knight(g)
    if not k.encounter_open:
        return False
    for e in reversed(g.events):
        if e.kind == ATTACK_EVENT:
            return bool(e.data.get("turn") == g.state.turn and e.data.get("encounter") == k.encounters_used)
        if e.kind == "turn":
            return False
    return False


def _covered(g: Game) -> bool:
    """KN-24: the open Encounter is still at its attack step and has not attacked him."""
    k = kb.knight(g)
    return k.encounter_open and k.encounter_stage == "attack" and not _attacked_in_open_encounter(g)


def check_perception(g: Game) -> Reason | None:
    """TH-30, KN-60: she targets the Thief (an attack or a Bow shot) only while her Perception
    is greater than his Stealth."""
    return th.check_stealth(g, kb.perception(g), "Your", rule="KN-60")


def check_attack(g: Game) -> Reason | None:
    """THE check of her attack on the Thief (a rule check, :mod:`...reasons`): on her own tile
    (KN-25), Perception against Stealth (:func:`check_perception`), then the Encounter
    (KN-37, KN-24: the one open at its attack step covers it, once)."""
    k = kb.knight(g)
    reason = kn.check_on_tile(g, "Thief", thief_pos(g)) or check_perception(g)
    if reason is not None:
        return reason
    if _covered(g) and not k.must_resolve_event:
        return None
    return kn.check_encounter(g)


def attack_options(g: Game) -> list[Option]:
    if check_attack(g) is not None:
        return []
    return [Option("thief:attack", f"Attack the Thief (Perception {kb.perception(g)} vs his Stealth {stealth(g)})",
                   (Target("piece", "thief"),))]


def check_bow(g: Game) -> Reason | None:
    """KN-85..87, TR-26: the Enchanted Bow's shot at the Thief (the Knight's one Bow check);
    she targets him, so her Perception must beat his Stealth (TH-30)."""
    return kn.check_enchanted_bow(g, "Thief", thief_pos(g), also=lambda: check_perception(g))


def bow_options(g: Game) -> list[Option]:
    if check_bow(g) is not None:
        return []
    return [Option("thief:bow", "Shoot the Thief with the Enchanted Bow (he is killed)", (Target("piece", "thief"),))]


def check_target(g: Game) -> Reason | None:
    """A click on the Thief in her turn: she may attack him (:func:`check_attack`) or shoot
    him with the Enchanted Bow (:func:`check_bow`); else the attack's refusal — the Bow's
    when he is away from her and her Bow has a shot left."""
    attack = check_attack(g)
    return None if attack is None else kn.check_attack_or_shot(g, "Thief", thief_pos(g), attack, check_bow(g))


def options(g: Game) -> list[Option]:
    if g.state.thief is None or g.state.knight is None:
        return []
    return attack_options(g) + bow_options(g)


def act_thief(g: Game, arg: str) -> Proc:
    k = kb.knight(g)
    if arg == "bow":
        k.enchanted_bow_shots += 1
        g.log("bow_shot", "The Knight shoots the Thief with the Enchanted Bow.")
        yield from th.kill_thief(g, "knight", "the Knight's Enchanted Bow")   # GEN-08: no Evasion
        k.achievements += ["killed_thief", "bow_damage"]
        return
    if not _covered(g):
        kn.open_encounter(g)
    g.log(ATTACK_EVENT, "The Knight attacks the Thief.", encounter=k.encounters_used, turn=g.state.turn)
    killed = yield from th.attack_thief(g, "knight", "the Knight's attack")
    kb.spend_javelin(g)                          # KN-88: a readied Javelin is thrown with this attack
    if killed:
        k.achievements.append("killed_thief")
        if gauntlet_active(g):                   # KN-97: on top of the kill
            kb.gain_grit(g, gauntlet_grit(g), "the Silver Gauntlet")

