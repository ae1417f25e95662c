"""The Knight against the Dragon (the ``knight_vs_dragon`` entry of :mod:`.meetings`).

KN-45..55 (entering his tile, attacking him: the Bomb underground before the Collapse,
once a turn underground, once per Encounter on the surface; Strength against Armor,
the die on a tie), COL-31, KN-64 (Dragon Gems), KN-72..74 (Bomb attack vs wall),
KN-85..93 (Enchanted Bow, Javelin, Mighty Axe), DR-35/38 (Flame Wall on entering).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.promo_treasures import gauntlet_active
from ...decisions import Option, Target, space
from ...dice import roll_dragon_die
from ...geometry import Pos, fmt_pos
from ...kinds import DecisionKind
from ...reasons import Reason
from ..dragon.state import SYMBOLS, armor, dragon, gem_token
from ..knight import board as kb
from ..knight import turn as kn

if TYPE_CHECKING:
    from ...game import Game, Proc


def _dragon_pos(g: Game) -> Pos | None:
    if g.state.dragon is None:
        return None
    return g.state.board.pieces.get("dragon")


def _card(g: Game, base: str) -> str | None:
    k = kb.knight(g)
    return next((c for c in k.treasures if kb.base_id(c) == base), None)


def axe_bonus(g: Game) -> int:
    axe = _card(g, "mighty_axe")
    return 1 if axe is not None and kb.knight(g).treasure_cubes.get(axe, 0) and g.state.active == "knight" else 0


# ------------------------------------------------------------- resolving
def resolve_attack(g: Game, strength: int, by: str, why: str) -> Proc:
    """KN-50/51: Strength above Armor hits; equal hits only on a centre face; a hit
    costs 1 Health (KN-52: at 0 the attacker wins).  Returns whether it hit."""
    from ..dragon.turn import damage_dragon

    yield from ()
    arm = armor(g)
    hit = strength > arm
    if strength == arm:
        _, _, centre = roll_dragon_die(g, g.state.board.pieces[by], f"The {by.title()}", "equal Strength vs the Dragon")
        hit = centre
    g.log("dragon_attack", f"The {by.title()} attacks the Dragon (Strength {strength} vs Armor {arm}): "
          f"{'a hit!' if hit else 'no effect.'}", hit=hit)
    if by == "knight" and g.state.active == "knight" and strength == arm and not hit:
        kb.knight(g).achievements.append("noble_failure")          # the Noble Failure Sidequest
    if hit:
        if by == "knight" and g.state.active == "knight":
            kb.knight(g).achievements.append("hit_dragon")
        damage_dragon(g, 1, by, why)
        if by == "knight" and gauntlet_active(g):   # KN-97: on top of the damage
            from ..dragon.turn import discard_cards
            yield from discard_cards(g, 1, "the Silver Gauntlet")
    return hit


# ------------------------------------------------------------- entering
def entry_rule(g: Game, q: Pos) -> Reason | None:
    """KN-46 (a rule check, :mod:`...reasons`): she may enter a surfaced Dragon's tile only with Strength ≥ his Armor
    (entering attacks him, so a readied Javelin counts, KN-88)."""
    if q != _dragon_pos(g) or not dragon(g).surfaced:
        return None
    s = kb.attack_strength(g)
    if s < armor(g):
        return Reason(f"Your Strength {s} must be at least the Dragon's Armor {armor(g)} to enter his tile.", "KN-46")
    return None


def on_enter(g: Game, q: Pos) -> Proc:
    """DR-35/38: a Flame Wall burns her (−5 Grit) when she enters its tile."""
    if g.state.board.tokens_at(q)["flamewall"]:
        yield from kb.lose_grit(g, 5, "the Flame Wall")


def attack_due(g: Game, q: Pos) -> tuple[str, tuple[Target, ...]] | None:
    """KN-46/DR-15: entering the surfaced Dragon's tile forces an attack on him, as an
    Encounter (the one open at its attack step, KN-24, else a new one); the label, or None."""
    if q != _dragon_pos(g) or kn.pos(g) != q or not dragon(g).surfaced:
        return None
    if not _open_encounter_covers_attack(g) and kn.encounters_left(g) < 1:
        return None
    return (f"Attack the Dragon (Strength {kb.attack_strength(g)} vs Armor {armor(g)})", (Target("piece", "dragon"),))


def attack_on_entering(g: Game, q: Pos) -> Proc:
    """KN-46: the attack entering his tile forces (KN-24: it shares the Encounter open at
    its attack step — a Tribe attacked first — else opens one)."""
    k = kb.knight(g)
    if not _open_encounter_covers_attack(g):
        kn.open_encounter(g)
    k.dragon_attack_encounter = k.encounters_used
    yield from resolve_attack(g, kb.attack_strength(g), "knight", "the Knight entered his tile")
    kb.spend_javelin(g)


# --------------------------------------------------------------- options
def _open_encounter_covers_attack(g: Game) -> bool:
    """KN-24/26: the Encounter she has open at its attack step (revealing his tile, a
    smash) also covers an attack on the Dragon (the sample turn's Bomb attack right after
    the reveal, with 1 Encounter); KN-49: each further attack needs its own Encounter."""
    k = kb.knight(g)
    return k.encounter_open and k.encounter_stage == "attack" and k.dragon_attack_encounter != k.encounters_used


def _attacked_underground(g: Game) -> bool:
    return dragon(g).knight_attack_turn == g.state.turn


def _bomb_attack(g: Game) -> bool:
    """KN-47, KN-54: underground before the Collapse, without a readied Javelin (KN-88),
    her attack on him is a Bomb attack (a Hero cube on the Bomb)."""
    return not dragon(g).surfaced and not g.state.collapse and kb.knight(g).javelin_ready is None


def check_attack(g: Game) -> Reason | None:
    """THE check of her attack on the Dragon (a rule check, :mod:`...reasons`): he is on her
    tile (KN-25); a readied Javelin is not thrown the turn she Bomb-attacked him (KN-89);
    underground, once a turn (KN-47/48, COL-31), and before the Collapse by a Bomb attack —
    not the turn she Bomb-blew a wall (KN-74), with a free Hero cube (KN-47), Strength
    without the Mighty Axe (KN-92) at least his Armor (KN-54); otherwise Strength at least
    his Armor (KN-49); then the Encounter (KN-37, KN-24: the one open at its attack step
    covers it, once)."""
    k = kb.knight(g)
    away = kn.check_on_tile(g, "Dragon", _dragon_pos(g))
    if away is not None:
        return away
    d = dragon(g)
    s, arm = kb.attack_strength(g), armor(g)                          # KN-88: a readied Javelin adds 1
    if k.javelin_ready is not None and k.bomb_attacked:
        return _JAVELIN_AFTER_BOMB
    if not d.surfaced and _attacked_underground(g):
        return _ATTACKED_UNDERGROUND
    if _bomb_attack(g):
        if k.bombed_wall:
            return _BOMBED_WALL
        if k.cubes_free < 1:
            return _NO_BOMB_CUBE
        s -= axe_bonus(g)
        if s < arm:
            return Reason(f"Your Strength {s} must be at least the Dragon's Armor {arm} for a Bomb attack on him.",
                          "KN-54")
    if s < arm:
        return Reason(f"Your Strength {s} must be at least the Dragon's Armor {arm} to attack him.", "KN-49")
    if _open_encounter_covers_attack(g) and not k.must_resolve_event:
        return None
    return kn.check_encounter(g)


_JAVELIN_AFTER_BOMB = Reason("You Bomb-attacked the Dragon this turn: the readied Javelin cannot attack him too.",
                             "KN-89")
_ATTACKED_UNDERGROUND = Reason("You have already attacked the underground Dragon this turn.", "KN-47")
_BOMBED_WALL = Reason("You blew up a wall with a Bomb this turn: no Bomb attack on the Dragon in the same turn.",
                      "KN-74")
_NO_BOMB_CUBE = Reason("Attacking the underground Dragon takes the Bomb: put a free Hero cube on it, and you have "
                       "none.", "KN-47")


def attack_options(g: Game) -> list[Option]:
    """Her attack on the Dragon, when :func:`check_attack` allows it: a Bomb attack
    underground before the Collapse (KN-54, KN-73), else an attack (with a readied Javelin,
    even underground, KN-88)."""
    if check_attack(g) is not None:
        return []
    arm = armor(g)
    s = kb.attack_strength(g)
    tgt = (Target("piece", "dragon"),)
    if _bomb_attack(g):
        return [Option("dragon:bomb", f"Bomb attack on the underground Dragon (a Hero cube on the Bomb; "
                                      f"Strength {s - axe_bonus(g)} vs Armor {arm})", tgt)]
    thrown = " with the Javelin" if kb.knight(g).javelin_ready is not None else ""
    where = "" if dragon(g).surfaced else " underground"
    return [Option("dragon:attack", f"Attack the{where} Dragon{thrown} (Strength {s} vs Armor {arm})", tgt)]


def check_gem(g: Game, where: Pos) -> Reason | None:
    """KN-64: a Dragon Gem is taken on her own tile (KN-25), at the collecting step of an
    Encounter (KN-24)."""
    return kn.check_on_tile(g, "Dragon Gem", where) or kn.check_act(g, "collect")


def gem_options(g: Game) -> list[Option]:
    """KN-64: attempt to pick up a Dragon Gem on her tile (an Encounter)."""
    here = kn.pos(g)
    toks = g.state.board.tokens.get(here)
    gems = [s for s in SYMBOLS if toks[gem_token(s)]] if toks else []
    if not gems or check_gem(g, here) is not None:
        return []
    return [Option(f"dragon:gem:{s}", f"Try to take the {s.title()} Gem (roll the Dragon die)",
                   (space(here), Target("piece", f"{gem_token(s)}@{fmt_pos(here)}"))) for s in gems]


def check_bow(g: Game) -> Reason | None:
    """KN-85..87, TR-26: the Enchanted Bow's shot at the Dragon (the Knight's one Bow check)."""
    return kn.check_enchanted_bow(g, "Dragon", _dragon_pos(g))


def bow_options(g: Game) -> list[Option]:
    if g.state.dragon is None or check_bow(g) is not None:
        return []
    return [Option("dragon:bow", "Shoot the Dragon with the Enchanted Bow", (Target("piece", "dragon"),))]


def check_target(g: Game) -> Reason | None:
    """A click on the Dragon in her turn: she may attack him (:func:`check_attack`) or shoot
    him with the Enchanted Bow (:func:`check_bow`); else the attack's refusal — the Bow's
    when he is away from her and her Bow has a shot left."""
    attack = check_attack(g)
    return None if attack is None else kn.check_attack_or_shot(g, "Dragon", _dragon_pos(g), attack, check_bow(g))


def options(g: Game) -> list[Option]:
    if g.state.dragon is None:
        return []
    return attack_options(g) + gem_options(g) + bow_options(g)


# --------------------------------------------------------------- actions
def act_dragon(g: Game, arg: str) -> Proc:
    k = kb.knight(g)
    d = dragon(g)
    what, _, rest = arg.partition(":")
    if what == "gem":
        yield from take_gem(g, rest)
        return
    if what == "bow":
        yield from shoot_bow(g)
        return
    if not _open_encounter_covers_attack(g):
        kn.open_encounter(g)
    k.dragon_attack_encounter = k.encounters_used
    s = kb.attack_strength(g)                                        # KN-88: with a readied Javelin, +1
    if not d.surfaced:
        d.knight_attack_turn = g.state.turn
    if what == "bomb":                                               # KN-72/73: a cube, no token
        k.cubes_free -= 1
        k.equip["bomb"] += 1
        k.bomb_attacked = True
        s -= axe_bonus(g)
        g.log("bomb_attack", "The Knight lights a Bomb to reach the underground Dragon.")
    hit = yield from resolve_attack(g, s, "knight", "the Knight's attack")
    kb.spend_javelin(g)                                              # KN-88: thrown, it leaves the game
    axe = _card(g, "mighty_axe")
    if (hit and what != "bomb" and axe is not None and k.treasure_cubes.get(axe, 0)
            and kb.active_cubes(k) > g.rules.knight.start_cubes):      # KN-91/93
        choice = yield g.ask("knight", DecisionKind.MIGHTY_AXE, "Discard the Mighty Axe's Hero cube for 1 more damage?",
                             [Option("yes:", "Discard the cube: 1 more damage"), Option("no:", "Keep the cube")])
        if choice.id == "yes:":
            from ..dragon.turn import damage_dragon
            k.treasure_cubes[axe] -= 1
            k.discarded += 1
            g.log("mighty_axe", "The Knight discards the Mighty Axe's Hero cube for a mighty blow.")
            damage_dragon(g, 1, "knight", "the Mighty Axe")


def take_gem(g: Game, sym: str) -> Proc:
    """KN-64, DR-55: roll the die — centre −2 Grit, otherwise +5 Grit; the Gem goes home."""
    k = kb.knight(g)
    if not k.encounter_open:
        kn.open_encounter(g, "collect")
    k.encounter_stage = "collect"
    here = kn.pos(g)
    k.achievements.append("attempted_gem")
    g.log("gem_attempt", f"The Knight reaches for the {sym.title()} Gem.")
    _, _, centre = roll_dragon_die(g, here, "The Knight", "taking a Dragon Gem")
    g.state.board.tokens_at(here)[gem_token(sym)] -= 1
    g.log("gem_returned", f"The {sym.title()} Gem returns to the Dragon.")
    if centre:
        yield from kb.lose_grit(g, 2, "the Gem was trapped")
    else:
        kb.gain_grit(g, 5, "took a Dragon Gem")


def shoot_bow(g: Game) -> Proc:
    """KN-86: the Dragon discards Power cards equal to her Strength − 1 (no Encounter)."""
    from ..dragon.turn import discard_cards

    kb.knight(g).enchanted_bow_shots += 1
    n = max(0, kb.strength(g) - 1)
    g.log("bow_shot", f"The Knight shoots the Dragon with the Enchanted Bow (he must discard {n}).")
    lost = yield from discard_cards(g, n, "the Enchanted Bow")
    if lost:
        kb.knight(g).achievements.append("bow_damage")

