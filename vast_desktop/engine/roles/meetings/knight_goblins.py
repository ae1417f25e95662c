"""The Knight meets the Goblins (the ``knight_vs_goblins`` entry of :mod:`.meetings`):
she may enter a revealed Tribe's tile only with Strength > the Tribe's (Trap +1) and
then attacks every Tribe there as an Encounter (KN-56..58, KN-108); the Bow shoots a
visible Tribe (KN-79..81); Poisoned cubes come back at the Entrance (KN-122)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...decisions import Option, Target
from ...geometry import Pos, fmt_pos
from ...map.board import visible
from ...map.terrain import forest_blocks
from ...reasons import Reason
from ..goblins import turn as gb
from ..knight import board as kb
from ..knight import turn as kn

if TYPE_CHECKING:
    from ...game import Game, Proc


def entry_rule(g: Game, q: Pos) -> Reason | None:
    """KN-56, GB-55 (a rule check, :mod:`...reasons`): she enters a revealed Tribe's tile
    only with Strength greater than the Tribe's (its Strength discs and Trap's +1 count)."""
    if g.state.goblins is None:
        return None
    mine = kb.attack_strength(g)                  # entering attacks them: a readied Javelin counts (KN-88)
    for t in gb.tribes_at(g, q):
        theirs = gb.tribe_strength(g, t) + gb.trap_bonus(g)
        if mine <= theirs:
            trap = " with Trap" if gb.trap_bonus(g) else ""
            return Reason(f"Your Strength {mine} must be greater than {gb.tname(t)}'s Strength {theirs}{trap}.", "KN-56")
    return None


def _was_dark(g: Game, q: Pos) -> bool:
    """Did she reveal ``q`` by entering it just now?"""
    for e in reversed(g.events):
        if e.kind == "tile_revealed" and e.data.get("pos") == q:
            return True
        if e.kind == "move" and e.data.get("piece") == "knight":
            return False
    return False


def cure_poison(g: Game, q: Pos) -> None:
    """KN-122 [FAQ]: Poisoned Hero cubes come back "immediately and automatically", with
    no Encounter, when she enters the Entrance tile — by her own move or moved there by
    another player (FM-15: entering effects still apply; forced.entered calls this).
    With Moving Entrance that is the space holding the Entrance piece, wherever the
    Collapse has moved it, cubes and all (VAR-09): ``board.entrance`` follows the piece."""
    s = g.state.goblins
    if s is None or not s.poison_cubes or q != g.state.board.entrance:
        return
    kb.knight(g).cubes_free += s.poison_cubes
    g.log("poison_cured", f"The Knight takes back {s.poison_cubes} Poisoned Hero cube(s) at the Entrance.", pos=q)
    s.poison_cubes = 0


def on_enter(g: Game, q: Pos) -> Proc:
    """What entering ``q`` does before any attack: Poisoned cubes come back (KN-122)."""
    cure_poison(g, q)
    return
    yield


def tribes_due(g: Game, q: Pos) -> tuple[str, tuple[Target, ...]] | None:
    """KN-56/57: entering a tile holding revealed Tribes forces her to attack them all
    (one Encounter); the label and the Tribes, or None when none is there."""
    if g.state.goblins is None or g.state.board.pieces.get("knight") != q:
        return None
    tribes = gb.tribes_at(g, q)
    if not tribes:
        return None
    names = " and ".join(gb.tname(t) for t in tribes)
    return (f"Attack {names} ({'it scatters' if len(tribes) == 1 else 'they scatter'})",
            tuple(Target("piece", gb.piece(t)) for t in tribes))


def attack_tribes(g: Game, q: Pos) -> Proc:
    """KN-56/57, KN-108: attack every Tribe on her tile in one Encounter (the one she has
    open at its attack step, else a new one); each attack adds 1 Rage and scatters it."""
    s = g.state.goblins
    assert s is not None
    k = kb.knight(g)
    if not (k.encounter_open and k.encounter_stage == "attack"):
        kn.open_encounter(g)
    tribes = gb.tribes_at(g, q)
    dark = _was_dark(g, q)
    gb.spring_trap(g)
    for t in tribes:
        g.log("knight_attack", f"The Knight attacks {gb.tname(t)} at {fmt_pos(q)}.", tribe=t)
        if gb.tribe_population(g, t) >= 3:
            k.achievements.append("attack_tribe_population_3")
        if dark:
            k.achievements.append("attack_tribe_on_revealed_tile")
        if s.monsters[t]:
            k.achievements.append("attack_tribe_with_monster")
        gb.gain_rage(g, 1, "a Tribe was attacked")
        yield from gb.scatter(g, t, "attacked by the Knight")
    kb.spend_javelin(g)                          # KN-88: the one attack (KN-57) used the readied Javelin


def bow_options(g: Game) -> list[Option]:
    s = g.state.goblins
    k = g.state.knight
    if s is None or k is None or not kn.bow_shots_left(g, k.bow_shots, k.equip["bow"]):
        return []
    kp = g.state.board.pieces.get("knight")
    dmg = kb.strength(g) - 1
    if kp is None or dmg <= 0:
        return []
    out = []
    for t in gb.revealed_tribes(g):
        p = gb.tribe_pos(g, t)
        assert p is not None
        if p != kp and visible(g, kp, p) and not forest_blocks(g, kp, p):     # TR-26: the Bow
            out.append(Option(f"bowshot:{t}", f"Shoot {gb.tname(t)} at {fmt_pos(p)} with the Bow (−{dmg} Population)",
                              (Target("piece", gb.piece(t)),)))
    return out


def act_bowshot(g: Game, arg: str) -> Proc:
    """KN-79..81: Population − (Strength − 1), no scatter unless it reaches 0; Rage +1."""
    s = g.state.goblins
    assert s is not None
    kb.knight(g).bow_shots += 1
    dmg = kb.strength(g) - 1
    g.log("bow", f"The Knight shoots {gb.tname(arg)} with the Bow.", tribe=arg)
    kb.knight(g).achievements.append("bow_damage")
    gb.gain_rage(g, 1, "a Tribe was shot")
    yield from gb.reduce_population(g, arg, dmg, "shot by the Bow")

