"""The Knight meets the Goblins (the ``knight_vs_goblins`` entry of :mod:`.meetings`):
she may enter a revealed Tribe's tile only with Strength > the Tribe's (Trap +1) and
then attacks every Tribe there as an Encounter (KN-56..58, KN-108); the Bow shoots a
visible Tribe (KN-79..81); Poisoned cubes come back at the Entrance (KN-122)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.promo_treasures import gauntlet_active
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
        gauntlet_secret(g)
    kb.spend_javelin(g)                          # KN-88: the one attack (KN-57) used the readied Javelin


def gauntlet_secret(g: Game) -> None:
    """KN-97: with the Silver Gauntlet, each Tribe she attacks costs the Goblins a Secrets
    card from their hand (at random: she cannot see it), on top of the attack itself."""
    s = g.state.goblins
    if s is None or not gauntlet_active(g) or not s.hand:
        return
    card = s.hand[g.rng.randrange(len(s.hand))]
    gb.discard_secret(g, card)
    g.log("gauntlet_secret", "Silver Gauntlet: the Goblins discard a Secrets card.", {"goblins": f"Lost: "
          f"{g.card(card).name}"})


_BOW_UNLOADED = Reason("The Bow shoots only while a Hero cube is on it.", "KN-79")
_BOW_SHOT = Reason("The Bow has shot as often as its Hero cubes allow this turn.", "KN-79")
_FOREST = Reason("The Mushroom Forest stops the Bow's shot.", "TR-26")


def _named(tribe: str) -> str:
    name = gb.tname(tribe)
    return name[0].upper() + name[1:]


def check_bow(g: Game) -> Reason | None:
    """KN-79/AMB-41: the Bow shoots while a Hero cube on it has a shot left (one a cube; the
    house rule one a turn), and only with Strength above 1 (a shot takes Strength − 1)."""
    k = kb.knight(g)
    if not kn.bow_shots_left(g, k.bow_shots, k.equip["bow"]):
        return _BOW_UNLOADED if not k.equip["bow"] else _BOW_SHOT
    if kb.strength(g) <= 1:
        return Reason(f"A Bow shot takes your Strength − 1 in Population, and your Strength {kb.strength(g)} takes none.",
                      "KN-79")
    return None


def check_bow_shot(g: Game, tribe: str) -> Reason | None:
    """THE check of a Bow shot at ``tribe`` (KN-79/80, a rule check, :mod:`...reasons`): the Bow
    can shoot (:func:`check_bow`), at a revealed Tribe on another tile she can see
    in a straight cardinal line, not out of or into the Mushroom Forest (TR-26)."""
    bow = check_bow(g)
    if bow is not None:
        return bow
    kp, p = kn.pos(g), gb.tribe_pos(g, tribe)
    if p is None:
        return Reason(f"{_named(tribe)} is hidden: the Bow shoots a Tribe on the map.", "KN-79")
    if p == kp:
        return Reason(f"{_named(tribe)} shares your tile: the Bow shoots a Tribe on another tile, and "
                      "you attack one by entering its tile.", "KN-56")
    if not visible(g, kp, p):
        return Reason(f"The Bow shoots a Tribe you can see, in a straight line north, east, south or west: a wall, a "
                      f"Dark tile or an open space hides {gb.tname(tribe)} at {fmt_pos(p)}, or it is not in line.",
                      "KN-80")
    if forest_blocks(g, kp, p):                                                  # TR-26: the Bow
        return _FOREST
    return None


def bow_options(g: Game) -> list[Option]:
    """KN-79..81: a shot at each revealed Tribe :func:`check_bow_shot` allows."""
    if g.state.goblins is None or g.state.knight is None or "knight" not in g.state.board.pieces or check_bow(g):
        return []
    dmg = kb.strength(g) - 1
    return [Option(f"bowshot:{t}", f"Shoot {gb.tname(t)} at {fmt_pos(p)} with the Bow (−{dmg} Population)",
                   (Target("piece", gb.piece(t)),))
            for t in gb.revealed_tribes(g) if (p := gb.tribe_pos(g, t)) is not None and check_bow_shot(g, t) is None]


def check_target(g: Game, tribe: str) -> Reason | None:
    """A click on a revealed Tribe in her turn: she may shoot it with the Bow
    (:func:`check_bow_shot`); she attacks it by entering its tile (KN-56) — her step there
    (``knight_step``) says why she cannot, or that the attack is a step onto it.  With the
    Bow loaded, the Bow's refusal."""
    bow = check_bow_shot(g, tribe)
    if bow is None:
        return None
    here, where = kn.pos(g), gb.tribe_pos(g, tribe)
    if bow in (_BOW_UNLOADED, _BOW_SHOT) and where is not None and where != here:
        return (kn.knight_step(g, here, where)
                or Reason(f"You attack {gb.tname(tribe)} by entering its tile: click {fmt_pos(where)}.", "KN-56"))
    return bow


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

