"""The Goblins' turn (GB-01..94): (1) Choose War Card, (2) Populate Tribes,
(3) Assign Monsters, (4) Draw Secrets, (5) Activate Tribes — plus scatter, Rage and
Malaise, and the API other roles call (the Dragon, the Cave's omens, the Knight).

API used by other roles: :func:`tribe_population`, :func:`tribe_strength`,
:func:`tribe_pos`, :func:`revealed_tribes`, :func:`reduce_population`,
:func:`scatter`, :func:`gain_rage`, :func:`lose_rage`, :func:`hide_tribe`,
:func:`trap_against_dragon`, :func:`attack_dragon`, :func:`spring_trap`.

The Thief (GB-12, GB-71/74/75, GB-94): a Tribe may always enter his tile; it may
Attack him there only with its Perception above his Stealth; he dies, Rage falls by 1,
the Tribe does not scatter, and the Goblins take his Loot Drop bonus as Secrets or Rage.

House rules read here (setup.HOUSE_RULES): ``tribes_fight_surfaced_dragon`` (AMB-27),
``tribes_share_underground_dragon`` (AMB-29), ``goblin_crystals_not_knights`` (AMB-31),
``reveal_onto_occupied_tiles`` (AMB-42), ``explore_during_collapse`` (AMB-43),
``monsters_hidden_tribes_only`` (AMB-59), ``knight_level_smash_for_tribes`` (AMB-52).
"""
from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...board_views import GoblinsBoard
from ...cards import promo_secrets as promo
from ...decisions import Option, Target, button, space
from ...dice import roll_dragon_die
from ...errors import ScenarioError, checked
from ...game import GameOver, Outcome
from ...geometry import DIAGONALS, Pos, adjacent, fmt_pos, manhattan, parse_pos
from ...kinds import DecisionKind
from ...map.board import (
    draw_to_cave_hand,
    hand_choices,
    is_dark,
    is_lit,
    occupant,
    piece_name,
    place_tile,
    placement_spaces,
    return_token,
    tile_type,
    visible,
)
from ...map.hand_names import hand_names
from ...map.terrain import (
    check_open_step,
    check_passable,
    check_pit_entry,
    forest_blocks,
    impassable,
    is_terrain,
    lake_lit,
    neighbours,
    on_pit,
    open_exits,
    place_under,
    ride,
    step_ok,
    tribe_moved,
)
from ...option_ids import arg_of, at, has_verb, parse, pos_arg
from ...reasons import Reason
from . import schemes
from .kraken import kraken_strikes, take_kraken
from .state import TRIBES, GoblinState

if TYPE_CHECKING:
    from ...game import Game, Proc

NAMES = MappingProxyType({"fangs": "Fangs", "bones": "Bones", "eye": "Eye"})
STRENGTH_MONSTERS_KEY = "strength_bonus"


def gs(g: Game) -> GoblinState:
    s = g.state.goblins
    assert s is not None
    return s


def piece(tribe: str) -> str:
    return f"tribe:{tribe}"


def tname(tribe: str) -> str:
    return f"the {NAMES[tribe]} Tribe"


def Tname(tribe: str) -> str:  # noqa: N802  (sentence start)
    return f"The {NAMES[tribe]} Tribe"


# ------------------------------------------------------------------ API
def tribe_pos(g: Game, tribe: str) -> Pos | None:
    """Where a revealed Tribe stands; None while it is hidden (on the board or lurking)."""
    return g.state.board.pieces.get(piece(tribe))


def revealed_tribes(g: Game) -> list[str]:
    pieces = g.state.board.pieces
    return [t for t in TRIBES if piece(t) in pieces]


def hidden_tribes(g: Game) -> list[str]:
    """Tribes on the Goblin board or lurking (GB-84, GB-87)."""
    pieces = g.state.board.pieces
    return [t for t in TRIBES if piece(t) not in pieces]


def on_board(g: Game, tribe: str) -> bool:
    """On the Goblin player board: hidden and not lurking."""
    return piece(tribe) not in g.state.board.pieces and tribe not in gs(g).lurking


def tribe_population(g: Game, tribe: str) -> int:
    return gs(g).population[tribe]


def has_monster(g: Game, tribe: str, monster: str) -> bool:
    return any(m.split("#")[0] == monster for m in gs(g).monsters[tribe])


def _discs_wanted(g: Game, tribe: str) -> int:
    """The Strength discs a Tribe's own board and Monsters call for (before GB-15's limit)."""
    n = g.rules.goblins.tribe(tribe).strength_discs
    n += sum(int(getattr(g.card(m), STRENGTH_MONSTERS_KEY, 0) or 0) for m in gs(g).monsters[tribe])
    return n


def _disc_table(g: Game) -> dict[str, int]:
    """GB-15: the 4 Strength discs are a hard limit.  Meat! discs on the map (promo-secrets)
    are out of the Tribes' reach; each Tribe keeps its permanent disc and the Armory's (a
    Scheme: it takes a disc only when one is free); the Monsters' discs go to the Tribes in
    the order Fangs, Bones, Eye while any is left — a Monster finding none adds nothing."""
    free = g.rules.goblins.strength_discs - len(promo.meat_spaces_on_map(g))
    fixed = {t: g.rules.goblins.tribe(t).strength_discs + schemes.armory_discs(g, t) for t in TRIBES}
    free -= sum(fixed.values())
    out = {}
    for t in TRIBES:
        want = _discs_wanted(g, t) - g.rules.goblins.tribe(t).strength_discs
        got = min(want, max(0, free))
        free -= got
        out[t] = fixed[t] + got
    return out


def strength_discs(g: Game, tribe: str) -> int:
    """GB-06, GB-13: the permanent Fangs disc plus one per +1 Strength Monster (and the
    Armory's, a Scheme).  GB-15: the 4 discs are a hard limit (:func:`_disc_table`); it can
    bind only with a bought Scheme or a Meat! disc on the map (1 permanent disc and 3 Strength
    Monsters fit otherwise), so the plain count is taken then."""
    if not g.config.bonus_cards or (not gs(g).schemes and not promo.meat_spaces_on_map(g)):
        return _discs_wanted(g, tribe)
    return _disc_table(g)[tribe]


def strength_discs_used(g: Game) -> int:
    """The Strength discs on the Tribes (Meat!'s, on the map, are counted apart)."""
    return sum(_disc_table(g).values())


def malaise(g: Game) -> bool:
    return gs(g).rage <= 0


def tribe_strength(g: Game, tribe: str) -> int:
    """GB-11, AMB-06: Population + Strength discs, −1 under Malaise (not with the Pet
    Frog), +2 with Fire Bomber this turn; Trap is not counted here."""
    s = gs(g)
    value = s.population[tribe] + strength_discs(g, tribe)
    if malaise(g) and not has_monster(g, tribe, "pet_frog"):
        value += g.rules.goblins.malaise_strength
    if s.fire_bomber == tribe and g.state.active == "goblins":
        value += 2
    return value


def tribe_perception(g: Game, tribe: str) -> int:
    """GB-12: Population + 1 (Goblin Ruby −1); whether the Tribe can target the Thief
    (TH-30).  Trap is not counted here: it adds 1 only against the Thief's Pickpocket or
    Backstab on the Tribe (GB-55, :func:`trap_bonus`), never to its own Attack."""
    s = gs(g)
    return s.population[tribe] + g.rules.goblins.perception_bonus - (1 if "goblin_ruby" in s.face_up else 0)


def trap_bonus(g: Game) -> int:
    """Trap face up: +1 Strength when a Tribe is attacked by the Knight (GB-55, KN-58), and
    +1 Perception against the Thief's Pickpocket or Backstab (GB-55)."""
    return 1 if "trap" in gs(g).face_up else 0


def spring_trap(g: Game) -> None:
    """A face-up Trap is discarded once a Tribe is attacked (COMPONENT_DATA: "when a Tribe
    is attacked it gets +1 Strength and +1 Perception, then discard")."""
    if trap_bonus(g):
        discard_secret(g, "trap")
        g.log("trap", "The Goblins' Trap is sprung and discarded.")


def gain_rage(g: Game, n: int, why: str = "") -> None:
    s = gs(g)
    old = s.rage
    s.rage = min(schemes.rage_cap(g), s.rage + n)
    if s.rage != old:
        g.log("rage", f"The Goblins' Rage rises to {s.rage}{f' ({why})' if why else ''}.", rage=s.rage)


def lose_rage(g: Game, n: int, why: str = "") -> None:
    s = gs(g)
    old = s.rage
    s.rage = max(g.rules.goblins.rage_min, s.rage - n)
    if s.rage != old:
        g.log("rage", f"The Goblins' Rage falls to {s.rage}{f' ({why})' if why else ''}."
              + (" Malaise: every Tribe has −1 Strength." if s.rage == 0 else ""), rage=s.rage)


def _dropped_to_zero(g: Game) -> None:
    """Goblin Ruby is discarded when any Tribe drops to 0 Population; the Armory's disc
    leaves a Tribe at 0."""
    s = gs(g)
    for t in TRIBES:
        if s.population[t] == 0:
            schemes.armory_lost(g, t, "fell to 0 Population")
    if "goblin_ruby" in s.face_up:
        s.face_up.remove("goblin_ruby")
        s.secrets_discard.append("goblin_ruby")
        g.log("secret_discarded", "A Tribe falls to 0 Population: the Goblin Ruby is discarded.")


def reduce_population(g: Game, tribe: str, n: int, why: str) -> Proc:
    """Lower a Tribe's Population (never below 0, GB-70); at 0 it scatters (GB-68)."""
    s = gs(g)
    old = s.population[tribe]
    if n <= 0 or old <= 0:
        return
    s.population[tribe] = max(0, old - n)
    g.log("population", f"{Tname(tribe)} loses {old - s.population[tribe]} Population ({why}); "
          f"Population {s.population[tribe]}.", tribe=tribe)
    if s.population[tribe] == 0:
        _dropped_to_zero(g)
        yield from scatter(g, tribe, "reduced to 0 Population")


def scatter(g: Game, tribe: str, why: str) -> Proc:
    """GB-69: back to the board, −2 Population (Bright Beetles −1), Monster discarded
    (Bones with 2 Monsters keeps one, the Goblins' choice)."""
    s = gs(g)
    g.state.board.pieces.pop(piece(tribe), None)
    s.lurking.pop(tribe, None)
    for k in [k for k, v in s.crystal_attack.items() if v == tribe]:
        del s.crystal_attack[k]
    loss = g.rules.goblins.scatter_population_loss - (1 if has_monster(g, tribe, "bright_beetles") else 0)
    old = s.population[tribe]
    s.population[tribe] = max(0, old - loss)
    g.log("scatter", f"{Tname(tribe)} scatters ({why}): back to the Goblin board, Population "
          f"{s.population[tribe]}.", tribe=tribe)
    if old > 0 and s.population[tribe] == 0:
        _dropped_to_zero(g)
    mons = s.monsters[tribe]
    if len(mons) >= 2:
        opts = [Option(f"discard_monster:{m}", f"Discard the {g.card(m).name}", (Target("card", m),)) for m in mons
                if check_scatter_discard(g, tribe, m) is None]
        choice = yield g.ask("goblins", DecisionKind.SCATTER_MONSTER, f"{NAMES[tribe]} scatters: discard one of its Monsters",
                             opts, rules_ref="goblins.scatter", about={"tribe": tribe})
        gone = [arg_of(choice.id)]
    else:
        gone = list(mons)
    for m in gone:
        mons.remove(m)
        g.state.monster_discard.append(m)
        g.log("monster_discarded", f"The {g.card(m).name} of {tname(tribe)} is discarded.", card=m)


def check_scatter_discard(g: Game, tribe: str, card: str) -> Reason | None:
    """GB-69: a Bones Tribe scattering with 2 Monsters discards one of its own."""
    if card in gs(g).monsters[tribe]:
        return None
    holder = monster_holder(g, card)
    name = g.card(card).name
    if holder is None:
        return Reason(f"The {name} is not assigned to any Tribe: the scattering Tribe discards one of its own.", "GB-69")
    return Reason(f"The {name} belongs to {tname(holder)}: only {tname(tribe)}, which scatters, discards one of its "
                  "Monsters.", "GB-69")


def monster_holder(g: Game, card: str) -> str | None:
    """The Tribe the Monster ``card`` is assigned to (None: not assigned)."""
    monsters = gs(g).monsters
    return next((t for t in TRIBES if card in monsters[t]), None)


def house(g: Game, rule: str) -> bool:
    """Is the house rule ``rule`` (setup.HOUSE_RULES) chosen for this game?"""
    return rule in g.setup.house_rules


def hide_tribe(g: Game, tribe: str, why: str) -> Proc:
    """Put a revealed or lurking Tribe back on the Goblin board (GB-87; the Dragon's Hiss, DR-27)."""
    s = gs(g)
    was = piece(tribe) in g.state.board.pieces or tribe in s.lurking
    g.state.board.pieces.pop(piece(tribe), None)
    s.lurking.pop(tribe, None)
    for k in [k for k, v in s.crystal_attack.items() if v == tribe]:
        del s.crystal_attack[k]
    if was:
        g.log("tribe_hidden", f"{Tname(tribe)} hides ({why}).", tribe=tribe)
    return
    yield


def check_trap_card(g: Game, card: str) -> Reason | None:
    """GB-56/57: only the Trap Secrets card, held by the Goblins (in hand or face up), lets
    their Tribes ignore a Dragon power: may they play ``card`` against it?"""
    s = gs(g)
    held = "trap" in s.hand or "trap" in s.face_up
    if card == "trap":
        return None if held else Reason("You hold no Trap card: only it lets the Tribe ignore the Dragon's power.",
                                        "GB-56")
    name = g.card(card).name
    if held:
        return Reason(f"Only the Trap card lets the Tribe ignore the Dragon's power: {name} does not.", "GB-56")
    return Reason(f"Only a Trap card lets the Tribe ignore the Dragon's power, and you hold none: {name} "
                  "does not; answer No response.", "GB-56")


def trap_against_dragon(g: Game, tribes: str | list[str], power: str) -> Proc:
    """GB-56/57: the Goblins may discard Trap when a Dragon power hits their Tribes.  The
    FAQ: the power still works on everyone else, "but has no effect on any Tribe and the
    Dragon does not eat any Goblins" — so it is asked once per power, before any Tribe is
    touched, and answers for every Tribe the power hits.  Asked every time, with a neutral
    "No response", so the question never tells whether they hold Trap.  Returns True when
    Trap is used."""
    hit = [tribes] if isinstance(tribes, str) else list(dict.fromkeys(tribes))
    if not hit:
        return False
    names = " and ".join(tname(t) for t in hit)
    opts = []
    if check_trap_card(g, "trap") is None:
        label = (f"Discard Trap: {NAMES[hit[0]]} ignores the {power}" if len(hit) == 1
                 else f"Discard Trap: the {power} has no effect on any Tribe")
        opts.append(Option("trap:", label, (Target("card", "trap"), button("trap"))))
    opts.append(Option("no_response:", "No response", (button("pass"),)))
    choice = yield g.ask("goblins", DecisionKind.TRAP_DRAGON, f"Answer with a Secret or let it happen — the Dragon's {power} hits {names}", opts,
                         rules_ref="goblins.secrets")
    if choice.id != "trap:":
        return False
    discard_secret(g, "trap")
    g.log("trap", f"The Goblins discard Trap: the Dragon's {power} has no effect on {names}.", tribes=hit)
    return True


def ash_dragon(g: Game) -> bool:
    """RV-07: the Ash Dragon card is beside the map (Tribes may Attack the Dragon)."""
    if g.state.dragon is None:
        return False
    from ..dragon.state import ash_dragon as ash
    return ash(g)


def may_fight_dragon(g: Game) -> bool:
    """GB-71/90, AMB-27: Tribes attack the Dragon only with the Ash Dragon card
    (the house rule ``tribes_fight_surfaced_dragon`` also lets them fight a surfaced one)."""
    d = g.state.dragon
    if d is None or "dragon" not in g.state.board.pieces:
        return False
    return ash_dragon(g) or (d.surfaced and house(g, "tribes_fight_surfaced_dragon"))


def attack_dragon(g: Game, t: str, how: str) -> Proc:
    """RV-07, GB-68/71/90, DR-13: a Tribe attacks the Dragon: Strength above his Armor
    hits (equal: a centre face), a hit costs him 1 Health (at 0 the Goblins win) and the
    Goblins 1 Rage; the attacking Tribe scatters."""
    damage_dragon = g.hooks.dragon.damage_dragon

    armor = _dragon_armor(g) or 0
    strength = tribe_strength(g, t)
    p = tribe_pos(g, t) or g.state.board.pieces["dragon"]
    kraken = take_kraken(g, gs(g), t, p)
    hit = strength > armor
    if strength == armor:
        _, _, hit = roll_dragon_die(g, p, Tname(t), "equal Strength vs the Dragon")
    g.log("dragon_attack", f"{Tname(t)} (Strength {strength}) {how} the Dragon (Armor {armor}): "
          f"{'a hit!' if hit else 'no effect.'}", hit=hit, tribe=t)
    if hit:
        lose_rage(g, 1, "attacked the Dragon")
    fire_bomber_burns(g, t)
    yield from scatter(g, t, "attacked the Dragon")
    if hit:
        damage_dragon(g, 1, "goblins", f"attacked by {tname(t)}")
    yield from kraken_strikes(g, kraken)


def flame_wall_entered(g: Game, t: str, q: Pos) -> Proc:
    """DR-35/38: a Tribe entering the Flame Wall's tile loses 1 Population, unless the
    Goblins discard Trap (GB-56; asked neutrally like the Dragon's other powers)."""
    if g.state.board.tokens_at(q)["flamewall"]:
        if (yield from trap_against_dragon(g, t, "Flame Wall")):
            return
        yield from reduce_population(g, t, 1, "the Dragon's Flame Wall")


# ------------------------------------------------------------------ decks
def draw_monster(g: Game) -> str | None:
    st = g.state
    if not st.monster_deck and st.monster_discard:
        st.monster_deck = st.monster_discard
        st.monster_discard = []
        g.rng.shuffle(st.monster_deck)
    if not st.monster_deck:
        return None
    g.barrier()
    return st.monster_deck.pop(0)


def draw_secret(g: Game) -> str | None:
    s = gs(g)
    if not s.secrets_deck and s.secrets_discard:
        s.secrets_deck = s.secrets_discard
        s.secrets_discard = []
        g.rng.shuffle(s.secrets_deck)
    if not s.secrets_deck:
        return None
    g.barrier()
    return s.secrets_deck.pop(0)


def ask_goblins(g: Game, kind: DecisionKind, prompt: str | Callable[[], str], make_opts: Callable[[], list[Option]],
                rules_ref: str, reactions: bool = False, auto_single: bool = False) -> Proc:
    """Ask the Goblins a question with their playable Secrets offered beside the answers
    (GB-52: Secrets may be played at any time during their turn).  A Secret played is
    resolved and the question asked again, rebuilt, since the card may change the answers.
    ``reactions``: Hiding Spots too.  ``auto_single``: when ``make_opts`` has a single
    answer, take it without asking — whether or not Secrets are playable, since asking only
    when they hold one would tell the others so (GEN-01); they play it at the next question.
    Returns the chosen (non-Secret) option, or None once ``make_opts`` offers nothing."""
    from ...cards.secrets import play_secret, secret_options

    while True:
        opts = make_opts()
        if not opts:                    # the question no longer arises (a Secret settled it)
            return None
        if auto_single and len(opts) == 1:
            return opts[0]
        opts += secret_options(g, reactions=reactions)
        text = prompt() if callable(prompt) else prompt
        choice = yield g.ask("goblins", kind, text, opts, rules_ref=rules_ref)
        if not has_verb(choice.id, "secret"):
            return choice
        yield from play_secret(g, arg_of(choice.id))


def ruby_ready(g: Game) -> bool:
    """Goblin Ruby (COMPONENT_DATA): face up, once per turn, after drawing War cards,
    Monster cards or Secrets, one drawn card may be discarded and redrawn."""
    s = gs(g)
    return "goblin_ruby" in s.face_up and not s.ruby_used


_RUBY_NOT_UP = Reason("The Goblin Ruby is not face up: play it first; face up, it swaps a card just drawn.",
                      "goblins.secrets")
_RUBY_OWN_TURN = Reason("The Goblin Ruby is face up: it works in your own turn, swapping a War, Monster or Secrets card "
                        "just drawn.", "goblins.secrets")
_RUBY_USED = Reason("The Goblin Ruby has been used this turn already: once a turn.", "goblins.secrets")
_RUBY_NOTHING = Reason("The Goblin Ruby swaps a War, Monster or Secrets card just drawn, once a turn: nothing is being "
                       "drawn now.", "goblins.secrets")
_RUBY_EMPTY = MappingProxyType({
    "war": Reason("No other War card is left to draw: the Goblin Ruby has nothing to swap the drawn one for.",
                  "goblins.secrets"),
    "monster": Reason("The Monster deck is empty: the Goblin Ruby has no Monster to draw instead.", "goblins.secrets"),
    "secret": Reason("The Secrets deck is empty: the Goblin Ruby has no card to draw instead.", "goblins.secrets")})


def check_ruby(g: Game, drawing: str | None) -> Reason | None:
    """The Goblin Ruby (goblins.secrets): face up, in the Goblins' own turn, once a turn, it
    swaps a card just drawn for the next one of its deck — ``drawing`` is what is being
    drawn now ("war", "monster", "secret"; None: nothing) — while that deck has one."""
    s = gs(g)
    if "goblin_ruby" not in s.face_up:
        return _RUBY_NOT_UP
    if g.state.active != "goblins":
        return _RUBY_OWN_TURN
    if s.ruby_used:
        return _RUBY_USED
    if drawing is None:
        return _RUBY_NOTHING
    left = {"war": len(s.war_deck) > len(s.war_drawn), "monster": bool(g.state.monster_deck),
            "secret": bool(s.secrets_deck)}[drawing]
    return None if left else _RUBY_EMPTY[drawing]


def check_ruby_swap(g: Game, card: str) -> Reason | None:
    """The Goblin Ruby after Draw Secrets: it swaps one Secrets card just drawn and still in
    hand (not a face-up card, nor one held before), then :func:`check_ruby`."""
    s = gs(g)
    name = g.card(card).name
    if card in s.face_up:
        what = "The Goblin Ruby itself" if card.split("#")[0] == "goblin_ruby" else name
        return Reason(f"{what} is face up: the Goblin Ruby swaps one Secrets card just drawn, not a face-up one.",
                      "goblins.secrets")
    if card not in s.secrets_drawn or card not in s.hand:
        return Reason(f"You did not just draw {name}: the Goblin Ruby swaps only a Secrets card just drawn.",
                      "goblins.secrets")
    return check_ruby(g, "secret")


def check_face_up(g: Game, card: str, drawing: str | None) -> Reason:
    """A face-up Secret is not played again: Trap works by itself and is discarded against
    an attack (GB-55, GB-57); the Goblin Ruby swaps a card just drawn
    (:func:`check_ruby`; ``drawing``: what is being drawn now), by a click on that card."""
    if card.split("#")[0] == "goblin_ruby":
        return check_ruby(g, drawing) or _RUBY_ON_CARD
    return Reason(f"{g.card(card).name} is face up: it works by itself and is discarded when a Tribe is attacked.", "GB-57")


_RUBY_ON_CARD = Reason("To use the Goblin Ruby, click the card just drawn that you want to swap: it draws the next one "
                       "instead.", "goblins.secrets")


def assigned_count(g: Game) -> int:
    return sum(len(m) for m in gs(g).monsters.values())


def assign_monster(g: Game, card: str) -> Proc:
    """GB-38..42: assign to a free slot (total ≤ Bones Population), replace one, or discard.
    AMB-59: any Tribe, hidden or revealed (house rule: only Tribes on the Goblin board)."""
    s = gs(g)
    name = g.card(card).name

    def options() -> list[Option]:
        opts = []
        for t in TRIBES:
            if check_assign(g, t) is None:
                opts.append(Option(f"assign:{t}", f"Assign the {name} to {NAMES[t]}",
                                   (Target("slot", f"goblins.{t}.monster"),)))
            for old in s.monsters[t]:
                if check_replace(g, old) is None:
                    opts.append(Option(f"replace:{t}:{old}", f"Discard {NAMES[t]}'s {g.card(old).name} for the {name}",
                                       (Target("card", old),)))
        opts.append(Option("discard:", f"Discard the {name}", (button("discard"),)))
        if check_ruby(g, "monster") is None:
            opts.append(Option("ruby:", f"Goblin Ruby: discard the {name} and draw another",
                               (Target("card", "goblin_ruby"),)))
        return opts

    choice = yield from ask_goblins(g, DecisionKind.ASSIGN_MONSTER, lambda: f"Monster drawn: the {name} (at most "
                                    f"{s.population['bones']} Monsters in all, the Bones Population)", options,
                                    "goblins.assign_monsters")
    verb, arg = parse(choice.id)
    if verb == "discard":
        g.state.monster_discard.append(card)
        g.log("monster_discarded", f"The Goblins discard the {name}.", card=card)
        return
    if verb == "ruby":
        s.ruby_used = True
        g.state.monster_discard.append(card)
        g.log("goblin_ruby", f"The Goblins use the Goblin Ruby: they discard the {name} and draw another Monster.",
              card=card)
        new = draw_monster(g)
        if new is None:
            return
        g.log("monster_drawn", f"The Goblins draw the Monster {g.card(new).name}.", card=new)
        s.drawn_monster = new
        yield from assign_monster(g, new)
        return
    if verb == "replace":
        t, _, old = arg.partition(":")
        s.monsters[t].remove(old)
        g.state.monster_discard.append(old)
        g.log("monster_discarded", f"The Goblins discard {NAMES[t]}'s {g.card(old).name}.", card=old)
    else:
        t = arg
    s.monsters[t].append(card)
    g.log("monster_assigned", f"The Goblins assign the {name} to {tname(t)}.", card=card, tribe=t)


def _house_board_only(g: Game, t: str) -> Reason | None:
    """AMB-59 (house rule ``monsters_hidden_tribes_only``): Monsters go only to Tribes on the
    Goblin board (the slots printed there); its checklist item reads GB-38."""
    if house(g, "monsters_hidden_tribes_only") and not on_board(g, t):
        return Reason(f"{Tname(t)} is not on the Goblin board: with this house rule Monsters go only to Tribes on "
                      "the board.", "GB-38")
    return None


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_assign(g: Game, t: str) -> Reason | None:
    """Assign Monsters: the Monster drawn goes into a free Monster slot of ``t`` (Fangs 1,
    Bones 2, Eye 1: GB-38; AMB-59 house rule) while the Monsters assigned are fewer than the
    Bones Population (GB-40, GB-41)."""
    s = gs(g)
    reason = _house_board_only(g, t)
    if reason is not None:
        return reason
    slots = g.rules.goblins.tribe(t).monster_slots
    held = s.monsters[t]
    if len(held) >= slots:
        names = ", ".join(f"the {g.card(m).name}" for m in held)
        return Reason(f"{Tname(t)} already has {_n(len(held), 'Monster')} ({names}); it holds at most {slots}: click "
                      "one to replace it.", "GB-38")
    total, bones = assigned_count(g), s.population["bones"]
    if total >= bones:
        return Reason(f"{_n(total, 'Monster')} {'is' if total == 1 else 'are'} assigned and the Bones Population is "
                      f"{bones}: all the Tribes together hold at most the Bones Population.", "GB-40")
    return None


def check_replace(g: Game, card: str) -> Reason | None:
    """Assign Monsters: the Monster drawn replaces the assigned Monster ``card`` (GB-39; the
    house rule of AMB-59) only while the Monsters assigned, less the one replaced, stay under
    the Bones Population (GB-41)."""
    s = gs(g)
    name = g.card(card).name
    if card == s.drawn_monster:
        return Reason(f"The {name} is the Monster being assigned: put it in a highlighted Monster slot, replace an "
                      "assigned Monster with it, or discard it.", "GB-38")
    holder = monster_holder(g, card)
    if holder is None:
        return Reason(f"The {name} is not assigned to any of your Tribes: replace one of their Monsters or use a free "
                      "Monster slot.", "GB-39")
    reason = _house_board_only(g, holder)
    if reason is not None:
        return reason
    total, bones = assigned_count(g), s.population["bones"]
    if total - 1 >= bones:
        return Reason(f"Replacing the {name} would still leave {_n(total - 1, 'Monster')} assigned with the Bones "
                      f"Population at {bones}: no new Monster while the assigned ones are at least the Bones "
                      "Population.", "GB-41")
    return None


def check_monster_head(g: Game, t: str) -> Reason:
    """Assign Monsters: a Tribe is given a Monster in its Monster slot (GB-38), not by its
    name plate: the slot's own refusal (:func:`check_assign`), else where to click."""
    return check_assign(g, t) or Reason(f"A Monster goes into a Monster slot: click {tname(t)}'s free Monster slot "
                                        "to assign it there.", "GB-38")


def monster_slot_later(g: Game, t: str) -> Reason:
    """GB-38, GB-89: a Monster slot is filled only when a Monster is drawn."""
    return Reason(f"{Tname(t)}'s Monster slot is filled only when a Monster is drawn: in Assign Monsters or by the "
                  "Bones Tribe's special action.", "GB-38")


def monster_in_play(g: Game, card: str) -> Reason:
    """GB-38/42 (Monsters are drawn and assigned, never held in hand), GB-39/69 (an assigned
    one leaves only when replaced or when its Tribe scatters): a Monster is never played."""
    name = g.card(card).name
    holder = monster_holder(g, card)
    if holder is None:
        return Reason(f"The {name} is not assigned to any of your Tribes: Monsters are drawn and assigned in Assign "
                      "Monsters or by the Bones Tribe's special action.", "GB-38")
    return Reason(f"The {name} is {tname(holder)}'s Monster: an assigned Monster is never played; it is discarded only "
                  "to make room for a new one or when its Tribe scatters.", "GB-42")


def draw_and_assign(g: Game, n: int) -> Proc:
    """Draw ``n`` Monsters, each assigned at once; Mercenaries may buy one more for 1 Rage."""
    yield from _draw_monsters(g, n)
    if n > 0 and (yield from schemes.mercenaries(g)):
        lose_rage(g, 1, "Mercenaries")
        yield from _draw_monsters(g, 1)


def _draw_monsters(g: Game, n: int) -> Proc:
    for _ in range(n):
        card = draw_monster(g)
        if card is None:
            g.log("monster_deck_empty", "No Monster card is left to draw.")
            return
        g.log("monster_drawn", f"The Goblins draw the Monster {g.card(card).name}.", card=card)
        gs(g).drawn_monster = card
        yield from assign_monster(g, card)
        gs(g).drawn_monster = None


def draw_secrets(g: Game, n: int) -> Proc:
    """GB-50/51: draw, then discard down to the hand limit (face-up cards count); then the
    Goblin Ruby may swap one card drawn for another."""
    s = gs(g)
    got = []
    for _ in range(n):
        card = draw_secret(g)
        if card is None:
            break
        s.hand.append(card)
        got.append(card)
    if got and (yield from schemes.ancient_rituals(g)):
        card = draw_secret(g)
        if card is not None:
            s.hand.append(card)
            got.append(card)
    s.secrets_drawn = got
    if got:
        g.log("secrets_drawn", f"The Goblins draw {len(got)} Secrets card(s).",
              {"goblins": "Drawn: " + ", ".join(g.card(c).name for c in got)})
    limit = g.rules.goblins.hand_limit

    def discard_options() -> list[Option]:
        if len(s.hand) + len(s.face_up) <= limit:
            return []
        return [Option(f"discard:{c}", f"Discard {g.card(c).name}", (Target("card", c),))
                for c in dict.fromkeys(s.hand + s.face_up)]

    while True:                                              # GB-51 (GB-52: or play one)
        choice = yield from ask_goblins(g, DecisionKind.DISCARD_SECRET, f"Hand limit {limit}: discard a Secrets card, or play "
                                        "one you can play now", discard_options, "goblins.secrets")
        if choice is None:
            break
        card = arg_of(choice.id)
        (s.hand if card in s.hand else s.face_up).remove(card)
        s.secrets_discard.append(card)
        g.log("secret_discarded", f"The Goblins discard {g.card(card).name} (hand limit).", card=card)

    def ruby_options() -> list[Option]:
        # after the hand limit: the swap keeps the size
        opts = [Option(f"ruby:{c}", f"Goblin Ruby: discard {g.card(c).name} and draw another",
                       (Target("card", c), button(f"ruby_{c}"))) for c in dict.fromkeys(got) if check_ruby_swap(g, c) is None]
        return opts + [Option("keep:", "Keep the cards drawn", (button("done"),))] if opts else []

    choice = yield from ask_goblins(g, DecisionKind.RUBY_SECRET, "Goblin Ruby: discard one Secrets card just drawn and draw "
                                    "another, or keep the cards drawn", ruby_options, "goblins.secrets")
    s.secrets_drawn = []
    if choice is not None and choice.id != "keep:":
        old = arg_of(choice.id)
        s.ruby_used = True
        s.hand.remove(old)
        s.secrets_discard.append(old)
        g.log("goblin_ruby", "The Goblins use the Goblin Ruby to redraw a Secrets card.",
              {"goblins": f"Discarded {g.card(old).name}"})
        new = draw_secret(g)
        if new is not None:
            s.hand.append(new)
            g.log("secrets_drawn", "The Goblins draw 1 Secrets card.", {"goblins": f"Drawn: {g.card(new).name}"})


# ------------------------------------------------------------------ the turn
def start_turn(g: Game) -> None:
    s = gs(g)
    s.activated = []
    s.lit_exits = {t: 0 for t in TRIBES}
    s.flared = []
    s.wisp_used = []
    s.crystal_attack = {}
    s.tunnels = False
    s.blind_fury = None
    s.fire_bomber = None
    s.poison = False
    s.slingshot = None
    s.mushrooms = None
    s.ruby_used = False
    s.war_card = None
    s.war_drawn = []
    s.blocked = []
    s.secrets_drawn = []
    t = g.state.thief
    if t is not None and t.hex_stealth:                    # Hex lasts until the Goblins' next turn
        t.hex_stealth = 0
        g.log("hex_ends", "The Hex on the Thief wears off.")
    g.log("turn", f"Round {g.state.round}: the Goblins' turn (Rage {s.rage}).")


def goblins_turn(g: Game) -> Proc:
    s = gs(g)
    start_turn(g)
    yield from promo.meat_waiting(g)                 # GB-15: a waiting Meat! takes a freed disc
    card = yield from choose_war_card(g)
    yield from schemes.press_gangs(g)
    yield from populate(g, card)
    yield from draw_and_assign(g, g.card(card).monsters)
    yield from draw_secrets(g, g.card(card).secrets)
    yield from activate_phase(g)
    s.fire_bomber = None
    s.slingshot = None                               # the Slingshot's hit ends with the Goblins' turn
    s.war_deck = list(g.rules.deck("war"))     # GB-03: the whole War deck is shuffled at once
    g.rng.shuffle(s.war_deck)
    g.log("turn_end", "The Goblins end their turn.")


def choose_war_card(g: Game) -> Proc:
    """GB-24/25: Rage 0 rises to 1; draw War cards equal to Rage, keep one."""
    s = gs(g)
    if s.rage <= 0:
        gain_rage(g, 1, "the turn starts at Rage 0")
    n = max(1, s.rage)
    drawn = s.war_drawn = s.war_deck[:n]
    g.barrier()

    def options() -> list[Option]:
        cards = [c for c in s.war_drawn if check_war_card(g, c) is None]
        opts = [Option(f"war:{c}", f"{g.card(c).name}: {g.card(c).text}", (Target("card", c),)) for c in cards]
        if check_ruby(g, "war") is None:
            opts += [Option(f"ruby:{c}", f"Goblin Ruby: discard {g.card(c).name} and draw another", (Target("card", c),))
                     for c in cards]
        return opts

    prompt = f"Choose the War card to resolve ({len(drawn)} drawn)"
    while True:
        choice = yield from ask_goblins(g, DecisionKind.WAR_CARD, prompt, options, "goblins.war_card", auto_single=True)
        verb, c = parse(choice.id)
        if verb == "war":
            chosen = c
            break
        s.ruby_used = True
        nxt = next(x for x in s.war_deck if x not in drawn)
        drawn = s.war_drawn = [nxt if x == c else x for x in drawn]
        g.barrier()
        g.log("goblin_ruby", "The Goblins use the Goblin Ruby to redraw a War card.")
    s.war_card = chosen
    s.war_drawn = []
    card = g.card(chosen)
    g.log("war_card", f"The Goblins choose the War card {card.name}: {card.text}", card=chosen)
    if card.rage:
        gain_rage(g, card.rage, card.name)
    return chosen


def check_war_card(g: Game, card: str) -> Reason | None:
    """GB-24/25: in Choose War Card the Goblins keep one of the War cards drawn (as many as
    their Rage, at least 1); GB-02/26: afterwards the chosen card is resolved in the phases
    that follow, and no War card is chosen until the next turn."""
    s = gs(g)
    if card in s.war_drawn:
        return None
    name = g.card(card).name
    if s.war_drawn:
        n = len(s.war_drawn)
        return Reason(f"{name} is not among the War cards you drew: at Rage {s.rage} you draw {_n(n, 'War card')} and "
                      "choose among them.", "GB-24")
    if card == s.war_card:
        return Reason(f"{name} is this turn's War card, chosen already: its discs, Monsters and Secrets are resolved in "
                      "the phases that follow.", "GB-26")
    return Reason(f"{name} is a War card: War cards are drawn and chosen only at the start of your turn, in Choose War "
                  "Card.", "GB-24")


def check_block(g: Game, t: str) -> Reason | None:
    """Populate Tribes: 1 Rage blocks all the discs the War card gives ``t`` (GB-27..29) —
    a Tribe the card gives discs, with Rage to spend, not blocked already."""
    s = gs(g)
    if s.war_card is None:
        return Reason("Discs are blocked in Populate Tribes, once the War card is chosen; not now.", "GB-28")
    card = g.card(s.war_card)
    if card.discs(t) <= 0:
        return Reason(f"The War card {card.name} gives {tname(t)} no discs: there is nothing to block.", "GB-27")
    if s.rage < 1:
        return Reason(f"Blocking {tname(t)}'s {card.discs(t)} discs costs 1 Rage, and your Rage is 0.", "GB-28")
    if t in s.blocked:
        return Reason(f"{Tname(t)}'s discs are blocked already: 1 Rage blocks all of them.", "GB-29")
    return None


def rage_spent(g: Game, populating: bool) -> Reason:
    """GB-16..19, GB-28: Rage rises and falls by itself; it is spent only in Populate
    Tribes, 1 a Tribe, to block that Tribe's discs (by clicking the Tribe)."""
    rage = gs(g).rage
    if populating:
        if rage < 1:
            return Reason("Your Rage is 0: blocking a Tribe's discs costs 1 Rage.", "GB-28")
        return Reason(f"Spend Rage (now {rage}) by clicking the Tribe whose discs you block: 1 Rage each.", "GB-28")
    return Reason(f"Your Rage ({rage}) rises and falls by itself (attacks, Plunder, the Fangs' special action); it is "
                  "spent only in Populate Tribes, to block a Tribe's discs.", "GB-28")


def check_scatter_choice(g: Game, t: str) -> Reason | None:
    """GB-32: overpopulation scatters one revealed Tribe, or a hidden one if none is on the map."""
    revealed = revealed_tribes(g)
    if not revealed or t in revealed:
        return None
    on_map = ", ".join(NAMES[x] for x in revealed)
    return Reason(f"{Tname(t)} is hidden and {on_map} {'is' if len(revealed) == 1 else 'are'} on the map: a revealed "
                  "Tribe scatters when there is one.", "GB-32")


def check_scatter_piece(g: Game, name: str) -> Reason | None:
    """GB-32: the piece chosen against overpopulation is one of the Goblins' own Tribes,
    allowed by :func:`check_scatter_choice`."""
    if not name.startswith("tribe:"):
        return Reason(f"One of your own Tribes scatters here, not the {piece_name(name)}.", "GB-32")
    return check_scatter_choice(g, name.split(":", 1)[1])


def check_overpopulation_secret(g: Game, card: str) -> Reason | None:
    """GB-32, GB-36: overpopulation is resolved before anything else; only Leader, from the
    hand, is played against it (then no Tribe scatters).  A Scheme is never played (VAR-25)."""
    name = g.card(card).name
    if schemes.is_scheme(g, card):
        return schemes.check_play_scheme(g, card)
    if card.split("#")[0] != "leader":
        return Reason(f"Overpopulation is resolved first: only Leader may be played now, not {name}.", "GB-36")
    if card not in gs(g).hand:
        return Reason("You do not hold Leader: a Tribe must scatter.", "GB-32")
    return None


def populate(g: Game, war: str) -> Proc:
    """GB-27..36: add discs; 1 Rage per Tribe blocks all its discs; overpopulation cuts
    to 4 and scatters one Tribe (a revealed one if any)."""
    s = gs(g)
    card = g.card(war)
    blocked = s.blocked = []

    def options() -> list[Option]:
        opts = [Option("populate:", "Add the Goblin discs", (button("populate"),))]
        for t in TRIBES:
            if check_block(g, t) is None:
                opts.append(Option(f"block:{t}", f"Spend 1 Rage: no discs for {NAMES[t]} (+{card.discs(t)})",
                                   (Target("slot", f"goblins.{t}"),)))
        return opts

    while True:
        choice = yield from ask_goblins(g, DecisionKind.POPULATE, lambda: "Populate Tribes: " + ", ".join(
            f"{NAMES[t]} +{card.discs(t)} (now {s.population[t]})" for t in TRIBES), options, "goblins.populate",
            auto_single=True)
        if choice.id == "populate:":
            break
        t = arg_of(choice.id)
        blocked.append(t)
        lose_rage(g, 1, f"no discs for {NAMES[t]}")
    cap = g.rules.goblins.max_population
    over = []
    for t in TRIBES:
        if t in blocked:
            continue
        want = s.population[t] + card.discs(t)
        if want > cap and not has_monster(g, t, "pet_frog"):
            over.append(t)
        s.population[t] = min(cap, want)
    g.log("populate", "The Goblins populate: " + ", ".join(f"{NAMES[t]} {s.population[t]}" for t in TRIBES) + ".",
          population=dict(s.population))
    if over:
        g.log("overpopulation", "Overpopulation (" + ", ".join(NAMES[t] for t in over) + ")!")
        opts = [Option(f"scatter:{t}", f"Scatter {NAMES[t]}", (Target("piece", piece(t)),)) for t in TRIBES
                if check_scatter_choice(g, t) is None]
        if check_overpopulation_secret(g, "leader") is None:
            opts.append(Option("secret:leader", "Play Leader: no Tribe scatters", (Target("card", "leader"),)))
        opts += schemes.underboss_options(g)
        choice = yield g.ask("goblins", DecisionKind.OVERPOPULATION, "Overpopulation: choose the Tribe that scatters", opts,
                             rules_ref="goblins.overpopulation")
        if choice.id == "secret:leader":
            discard_secret(g, "leader")
            g.log("secret", "The Goblins play Leader: no Tribe scatters.")
        elif has_verb(choice.id, "underboss"):
            yield from reduce_population(g, arg_of(choice.id), 1, "Underboss, instead of a scatter")
        else:
            yield from scatter(g, arg_of(choice.id), "overpopulation")


def discard_secret(g: Game, card: str) -> None:
    s = gs(g)
    (s.hand if card in s.hand else s.face_up).remove(card)
    s.secrets_discard.append(card)


# ------------------------------------------------------------- activation
def activate_phase(g: Game) -> Proc:
    def options() -> list[Option]:
        opts = []
        for t in TRIBES:
            if check_activate(g, t) is None:
                opts.append(Option(f"activate:{t}", f"Activate {NAMES[t]} ({_where(g, t)})",
                                   (Target("piece", piece(t)) if tribe_pos(g, t) else Target("slot", f"goblins.{t}"),)))
        opts += promo.slingshot_options(g)
        opts.append(Option("end:", "End your turn", (button("end_turn"),)))
        return opts

    while True:
        choice = yield from ask_goblins(g, DecisionKind.GOBLINS_TURN, lambda: _prompt(g), options, "goblins.activate",
                                        reactions=True)
        verb, arg = parse(choice.id)
        if verb == "end":
            return
        if verb == "slingshot":
            promo.use_slingshot(g, arg)
            continue
        yield from activate(g, arg)


def _where(g: Game, t: str) -> str:
    p = tribe_pos(g, t)
    if p is not None:
        return f"at {fmt_pos(p)}, Population {tribe_population(g, t)}"
    if t in gs(g).lurking:
        return f"lurking at {fmt_pos(gs(g).lurking[t])}"
    return f"hidden, Population {tribe_population(g, t)}"


def _prompt(g: Game) -> str:
    s = gs(g)
    return ("Population " + ", ".join(f"{NAMES[t]} {s.population[t]} (Strength {tribe_strength(g, t)})"
                                      for t in TRIBES) + f", Rage {s.rage}.")


# ------------------------------------------------------ activation (rule checks)
# One check per rule (see :mod:`...reasons`): each returns None when the rule allows it, else
# the Reason it refuses with.  The options of the Activate Tribes menu, of a Reveal, of a
# lurking Tribe and of a revealed Tribe's movement are the candidates these checks allow, and
# a click the table cannot take is explained by the same call (``explain/why_not.py``).
_CHOOSE_FIRST = Reason("Choose a Tribe to activate first (click it on the map or on your board), then where it "
                       "goes.", "GB-59")


def check_activate(g: Game, t: str) -> Reason | None:
    """GB-59 (each Tribe once a turn), then :func:`check_may_activate`: may ``t`` be
    activated now (the Activate Tribes menu)?"""
    if gs(g).mushrooms is not None:                      # promo Cave Mushrooms: one Tribe, three times
        return promo.check_mushroom_activation(g, t) or check_may_activate(g, t)
    if t in gs(g).activated:
        return Reason(f"{Tname(t)} has already been activated this turn: each Tribe once.", "GB-59")
    return check_may_activate(g, t)


def check_may_activate(g: Game, t: str) -> Reason | None:
    """A Tribe on the map or lurking is always activated (GB-59, GB-84); a hidden one only
    to be Revealed, so only with Population (GB-65) and somewhere to go: a Dark tile with
    its symbol or, with none, an open space (GB-82/83)."""
    if tribe_pos(g, t) is not None or t in gs(g).lurking:
        return None
    if tribe_population(g, t) <= 0:
        return Reason(f"{Tname(t)} has Population 0: it can be neither revealed nor activated.", "GB-65")
    dark, open_ = reveal_spaces(g, t)
    if not dark and not open_:
        return Reason(f"{Tname(t)} is hidden and has nowhere to be revealed: no Dark tile with its symbol and no open "
                      "space.", "GB-83")
    return None


def can_activate(g: Game, t: str) -> bool:
    """Whether ``t`` may be activated, this turn's activations aside (:func:`check_may_activate`)."""
    return check_may_activate(g, t) is None


def check_menu_space(g: Game, q: Pos) -> Reason:
    """GB-59: in the Activate Tribes menu a Tribe is chosen first; no space is."""
    return _CHOOSE_FIRST


def _other_player_at(g: Game, q: Pos) -> bool:
    return any(not p.startswith("tribe:") for p in g.state.board.pieces_at(q))


def _barred_at(g: Game, q: Pos) -> bool:
    """A lurking Tribe may not step onto another player's tile — except the Thief's, which
    a Tribe may always enter (GB-74)."""
    return any(not p.startswith("tribe:") and p != "thief" for p in g.state.board.pieces_at(q))


def _reveal_blocked(g: Game, q: Pos) -> bool:
    """AMB-42: not onto another player's tile (house rule ``reveal_onto_occupied_tiles``: allowed)."""
    return not house(g, "reveal_onto_occupied_tiles") and _other_player_at(g, q)


_OTHER_SYMBOL = MappingProxyType({
    (t, sym): Reason(f"That Dark tile shows {f'the {NAMES[sym]}' if sym else 'no Tribe'} symbol, not {tname(t)}'s.", "GB-82")
    for t in TRIBES for sym in (*TRIBES, None)})           # asked of every Dark tile: built once


def check_reveal_tile(g: Game, t: str, q: Pos) -> Reason | None:
    """GB-82: a hidden Tribe is revealed onto a Dark tile showing its symbol (any symbol
    with the Gnome); AMB-42 (our reading): not onto another player's piece."""
    tile = g.state.board.tiles.get(q)
    if tile is None or not tile.dark:
        if g.config.bonus_cards and _on_meat(g, q):
            return None
        return Reason(f"{Tname(t)} is revealed on a Dark tile with its symbol, and {fmt_pos(q)} is not Dark.", "GB-82")
    symbol = g.tile(tile.tile_id).tribe
    if symbol != t and not has_monster(g, t, "gnome"):
        if g.config.bonus_cards and _on_meat(g, q):
            return None
        return _OTHER_SYMBOL[(t, symbol if symbol in TRIBES else None)]
    if _reveal_blocked(g, q):
        return Reason(f"Another player's piece is on {fmt_pos(q)}: a Tribe is not revealed onto it.", "GB-82")
    return None


def _on_meat(g: Game, q: Pos) -> bool:
    """Promo Meat! (promo-secrets): any Tribe may be revealed onto its disc, whatever the tile
    shows, unless another player's piece is there (asked only where the tile alone refuses)."""
    return promo.meat_reveal_allowed(g, q) and not _reveal_blocked(g, q)


def reveal_spaces(g: Game, t: str) -> tuple[list[Pos], list[Pos]]:
    """GB-82/83: the Dark tiles :func:`check_reveal_tile` allows; if none, the open spaces
    next to a tile (lurking)."""
    board = g.state.board
    meat = set(promo.meat_spaces_on_map(g))
    dark = [p for p, tile in sorted(board.tiles.items()) if (tile.dark or p in meat)
            and check_reveal_tile(g, t, p) is None]
    if dark:
        return dark, []
    return [], placement_spaces(g)


def check_reveal_space(g: Game, t: str, q: Pos) -> Reason | None:
    """Where the Tribe ``t`` being revealed may go: a Dark tile :func:`check_reveal_tile`
    allows (GB-82); only when there is none, an open space next to a tile, lurking (GB-83)."""
    dark, open_ = reveal_spaces(g, t)
    if dark:
        reason = check_reveal_tile(g, t, q)
        if reason is not None and q not in g.state.board.tiles:
            return Reason(f"{Tname(t)} lurks on an open space only when no Dark tile shows its symbol; "
                          f"{fmt_pos(dark[0])} does.", "GB-83")
        return reason
    if q in open_:
        return None
    if q in g.state.board.tiles:
        return Reason(f"No Dark tile shows {tname(t)}'s symbol, so it lurks on an open space next to a tile; "
                      f"{fmt_pos(q)} is a tile.", "GB-83")
    return Reason(f"{Tname(t)} lurks on an open space next to a tile, and {fmt_pos(q)} touches none.", "GB-83")


def activate(g: Game, t: str) -> Proc:
    s = gs(g)
    s.activated.append(t)
    if on_board(g, t):
        yield from _reveal(g, t)
    elif t in s.lurking:
        yield from _lurker(g, t)
    else:
        yield from _activate_revealed(g, t)


def _reveal(g: Game, t: str) -> Proc:
    """GB-82..84, GB-66: the Reveal uses the whole activation."""

    def options() -> list[Option]:
        dark, open_ = reveal_spaces(g, t)
        opts = [Option(at("reveal", p), f"Reveal {NAMES[t]} on the "
                       f"{'Meat! at' if promo.meat_reveal_allowed(g, p) else 'Dark tile at'} {fmt_pos(p)}", (space(p),))
                for p in dark]
        opts += [Option(at("lurk", p), f"{NAMES[t]} lurks on the open space {fmt_pos(p)}", (space(p),))
                 for p in open_]
        opts.append(Option("done:", f"Leave {NAMES[t]} hidden", (button("done"),)))
        return opts

    choice = yield from ask_goblins(g, DecisionKind.REVEAL_TRIBE, f"Reveal {NAMES[t]}: choose where", options, "goblins.reveal")
    verb, arg = parse(choice.id)
    if verb == "done":
        return
    p = parse_pos(arg)
    if verb == "reveal":
        g.state.board.pieces[piece(t)] = p
        g.log("tribe_revealed", f"{Tname(t)} is revealed at {fmt_pos(p)}.", tribe=t, pos=p)
    else:
        gs(g).lurking[t] = p
        g.log("tribe_lurking", f"{Tname(t)} lurks on the open space {fmt_pos(p)}.", tribe=t, pos=p)


def lurker_revealed(g: Game, p: Pos) -> None:
    """GB-85: a tile placed beneath a lurking Tribe reveals it."""
    s = g.state.goblins
    if s is None or not s.lurking:
        return
    for t, q in list(s.lurking.items()):
        if q == p:
            del s.lurking[t]
            g.state.board.pieces[piece(t)] = p
            g.log("tribe_revealed", f"A tile is placed under {tname(t)}: it is revealed.", tribe=t, pos=p)


def _lurker(g: Game, t: str) -> Proc:
    """GB-84/86: a lurking Tribe moves onto 1 adjacent tile (and stops, no action) or Hides."""
    s = gs(g)
    p = s.lurking[t]

    def options() -> list[Option]:
        if s.lurking.get(t) != p:           # a Secret (Cave-In...) settled it: a tile came under it
            return []
        opts = []
        for _, q in adjacent(p):
            if check_lurker_step(g, t, p, q) is None:
                opts.append(Option(at("step", q), f"Move {NAMES[t]} onto {fmt_pos(q)}", (space(q),)))
        opts.append(Option("hide:", f"Hide {NAMES[t]}", (Target("slot", f"goblins.{t}"),)))
        opts.append(Option("done:", "Do nothing", (button("done"),)))
        return opts

    choice = yield from ask_goblins(g, DecisionKind.LURKER, f"{NAMES[t]} is lurking at {fmt_pos(p)}", options, "goblins.reveal")
    if choice is None:
        return
    verb, arg = parse(choice.id)
    if verb == "step":
        q = parse_pos(arg)
        del s.lurking[t]
        g.state.board.pieces[piece(t)] = q
        g.log("move", f"{Tname(t)} leaves its lurking space for {fmt_pos(q)}.", piece=piece(t), frm=p, to=q)
        yield from flame_wall_entered(g, t, q)
        yield from tribe_moved(g, t, None, q)                              # TR-20, TR-33
    elif verb == "hide":
        del s.lurking[t]
        g.log("tribe_hidden", f"{Tname(t)} hides.", tribe=t)


def check_lurker_step(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """GB-84: a lurking Tribe moves onto 1 adjacent tile — a plain step (GB-60 no wall,
    TR-17 nothing impassable) and never onto another player's tile but the Thief's (GB-72,
    GB-74)."""

    if manhattan(p, q) != 1:
        return Reason(f"A lurking Tribe moves onto 1 adjacent tile: {fmt_pos(q)} is {manhattan(p, q)} spaces from its "
                      f"space {fmt_pos(p)}.", "GB-84")
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}: a lurking Tribe steps onto a tile.", "GB-84")
    if not step_ok(g, p, q):
        return _WALL_OR_CANYON
    if _barred_at(g, q):
        return Reason(f"Another player's piece holds {fmt_pos(q)}: a lurking Tribe may not enter it.", "GB-72")
    return None


_WALL = Reason("A wall is in the way: a Tribe never moves through walls.", "GB-60")
_WALL_OR_CANYON = Reason("A wall or impassable ground is in the way: a Tribe never moves through walls.", "GB-60")


def check_tribe_entry(g: Game, t: str, q: Pos) -> Reason | None:
    """GB-72: entering the Knight's tile needs Strength greater than hers (and is an attack,
    GB-73); entering the Dragon's, Strength greater than his Armor (AMB-29 house rule: any
    Tribe may share the underground Dragon's tile); GB-74: the Thief's tile is always open.
    The Knight's tile is decided by her alone."""
    board = g.state.board
    if board.pieces.get("knight") == q:
        from ..knight import board as kb
        if tribe_strength(g, t) <= kb.strength(g):
            return Reason(f"{Tname(t)}'s Strength {tribe_strength(g, t)} must be greater than the Knight's Strength "
                          f"{kb.strength(g)} to enter her tile.", "GB-72")
        return None
    for other in board.pieces_at(q):
        if other.startswith("tribe:") or other in ("knight", "thief"):   # GB-74: the Thief's tile is always open
            continue
        if other == "ghoul":                                              # GH-33: Strength above its Defense
            from ..ghoul.state import defense
            if tribe_strength(g, t) <= defense(g):
                return Reason(f"{Tname(t)}'s Strength {tribe_strength(g, t)} must be greater than the Ghoul's "
                              f"Defense {defense(g)} to enter its space.", "GH-33")
            continue
        if other == "dragon":
            d = g.state.dragon
            if d is not None and not d.surfaced and house(g, "tribes_share_underground_dragon"):
                continue
            armor = _dragon_armor(g)
            if armor is None:
                return Reason(f"The Dragon holds {fmt_pos(q)}: a Tribe may not enter it.", "GB-72")
            if tribe_strength(g, t) <= armor:
                return Reason(f"{Tname(t)}'s Strength {tribe_strength(g, t)} must be greater than the Dragon's Armor "
                              f"{armor} to enter his tile.", "GB-72")
            if d is not None and d.surfaced and may_fight_dragon(g):
                return None
        else:
            return Reason(f"Another player's piece holds {fmt_pos(q)}: a Tribe may not enter it.", "GB-72")
    return None


def _knight_block(g: Game, t: str, q: Pos) -> str | None:
    """What entering ``q`` is for the Tribe ``t``: "blocked" (:func:`check_tribe_entry`
    refuses), "attack_knight" (GB-73), "attack_dragon" (DR-15: entering a surfaced Dragon's
    tile when Tribes may fight him is an attack) or None (a plain move)."""
    if check_tribe_entry(g, t, q) is not None:
        return "blocked"
    board = g.state.board
    if board.pieces.get("knight") == q:
        return "attack_knight"
    d = g.state.dragon
    if board.pieces.get("dragon") == q and d is not None and d.surfaced and may_fight_dragon(g):
        return "attack_dragon"
    if board.pieces.get("ghoul") == q:                                 # GH-33: entering attacks it
        return "attack_ghoul"
    return None


def _dragon_armor(g: Game) -> int | None:
    """The Dragon's Armor through his role's module (None while he is not in the game)."""
    if g.state.dragon is None:
        return None
    import importlib

    try:
        mod = importlib.import_module("vast_desktop.engine.roles.dragon.state")
    except ImportError:
        return None
    fn = getattr(mod, "armor", None)
    return int(fn(g)) if callable(fn) else None


def check_tribe_wall(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """GB-60: no step through a wall (TR-11, TR-29: Pit to Pit is a step) — save with the
    Golem, which passes walls (never off an impassable space, TR-17)."""
    if step_ok(g, p, q) or (has_monster(g, t, "golem") and not impassable(g, p)):
        return None
    return _WALL


def check_tribe_reach(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """MAP-01/03, TR-29: a Tribe moves one tile at a time to an adjacent space, or from a Pit
    to another Pit."""
    if q in neighbours(g, p):
        return None
    if q == p:
        return Reason(f"{Tname(t)} is on this space: its actions here are the highlighted choices.", "MAP-01")
    return Reason(f"{Tname(t)} moves one tile at a time: {fmt_pos(q)} is {manhattan(p, q)} spaces away.", "MAP-03")


def check_tribe_step(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """THE check of one step of the activated Tribe ``t`` from ``p`` to ``q`` (rule order):
    reach (MAP-03, TR-29); onto an open space only off the Terrain (TR-12, a Dark tile is
    then placed); never onto an impassable space (TR-17); entry (GB-72, GB-74); the Pits'
    whole trip (TR-30: another Pit to jump to — a Tribe's movement has no limit, GB-60);
    the walls (GB-60, the Golem)."""
    return check_tribe_reach(g, t, p, q) or check_tribe_step_onto(g, t, p, q)


def check_tribe_step_onto(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """:func:`check_tribe_step` to a neighbour ``q`` of ``p``, its reach known."""
    if q not in g.state.board.tiles:
        return check_open_step(g, p, q)
    return (check_passable(g, q) or check_tribe_entry(g, t, q) or check_pit_entry(g, p, q, None)
            or check_tribe_wall(g, t, p, q))


def check_underworm(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """The Underworm (GB-47): once an activation, a leap of 1 or 2 tiles diagonally onto a
    tile (TR-17: not an impassable one) the Tribe may enter without attacking the Knight."""
    s = gs(g)
    if not has_monster(g, t, "underworm"):
        return Reason(f"{Tname(t)} has no Underworm: it moves one tile at a time, orthogonally.", "MAP-03")
    if s.worm_used:
        return Reason(f"The Underworm of {tname(t)} has leapt already in this activation.", "GB-47")
    dx, dy = q[0] - p[0], q[1] - p[1]
    if abs(dx) != abs(dy) or abs(dx) not in (1, 2):
        return Reason(f"The Underworm leaps 1 or 2 tiles diagonally, and {fmt_pos(q)} is not on a diagonal from "
                      f"{fmt_pos(p)} within 2.", "GB-47")
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}: the Underworm leaps onto a tile.", "GB-47")
    reason = check_passable(g, q) or check_tribe_entry(g, t, q)
    if reason is not None:
        return reason
    if g.state.board.pieces.get("knight") == q:
        return Reason("The Underworm's leap never lands on the Knight: enter her tile by a step to attack her.",
                      "GB-47")
    return None


def check_tunnel(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """Secret Tunnels (goblins.secrets): played this turn, it sets a Tribe that has not
    moved yet on any other Dark tile without another player's piece."""
    s = gs(g)
    if not s.tunnels:
        return Reason("Secret Tunnels is not played this turn.", "goblins.secrets")
    if s.moved:
        return Reason(f"{Tname(t)} has moved already: Secret Tunnels sets a Tribe elsewhere only before it moves.",
                      "goblins.secrets")
    tile = g.state.board.tiles.get(q)
    if q == p or tile is None or not tile.dark:
        return Reason(f"Secret Tunnels sets {tname(t)} on another Dark tile, and {fmt_pos(q)} is not one.",
                      "goblins.secrets")
    if _other_player_at(g, q):
        return Reason(f"Another player's piece is on {fmt_pos(q)}: Secret Tunnels sets a Tribe on a tile without one.",
                      "goblins.secrets")
    return None


def _pit_bound(g: Game, t: str, p: Pos) -> bool:
    """TR-29: on a Pit with a step or a leap to take, the Tribe moves off first."""
    return on_pit(g, p) and any(has_verb(o.id, "move", "worm") for o in move_options(g, t, p))


def check_tribe_space(g: Game, t: str, q: Pos) -> Reason | None:
    """A space for the movement of the activated Tribe ``t``: None when a step
    (:func:`check_tribe_step`; onto an open space, not while it must leave a Pit, TR-29), a
    leap (:func:`check_underworm`) or Secret Tunnels (:func:`check_tunnel`) takes it there;
    else the refusal of the way the click meant (the step's, a diagonal's with the Underworm,
    a far one's with Secret Tunnels)."""
    p = tribe_pos(g, t)
    assert p is not None
    step = check_tribe_step(g, t, p, q)
    if step is None:
        if q not in g.state.board.tiles and _pit_bound(g, t, p):
            return Reason(f"{Tname(t)} is on a Pit: it moves off the Pits before it does anything else.", "TR-29")
        return None
    worm = check_underworm(g, t, p, q)
    tunnel = check_tunnel(g, t, p, q)
    if worm is None or tunnel is None:
        return None
    if q in neighbours(g, p):
        return step
    if has_monster(g, t, "underworm") and abs(q[0] - p[0]) == abs(q[1] - p[1]) <= 2:
        return worm
    if gs(g).tunnels:
        return tunnel
    return step


def check_activation_space(g: Game, t: str, q: Pos) -> Reason | None:
    """A space clicked while ``t`` is activated: None where its movement takes it
    (:func:`check_tribe_space`) or on the open space it explores (:func:`check_explore`);
    else the refusal of the way meant — the exploring one for an open space next to it, but
    off a Terrain tile, where a step onto it is the Terrain's (TR-12)."""
    reason = check_tribe_space(g, t, q)
    if reason is None:
        return None
    p = tribe_pos(g, t)
    assert p is not None
    if q in g.state.board.tiles or manhattan(p, q) != 1:
        return reason
    explore = check_explore(g, t, p, q)
    if explore is None or not is_terrain(g, p):
        return explore
    return reason


def move_options(g: Game, t: str, p: Pos) -> list[Option]:
    """The steps :func:`check_tribe_step` allows onto tiles, and the Underworm's leaps
    :func:`check_underworm` allows."""
    board = g.state.board
    opts = []
    for q in neighbours(g, p):
        if q not in board.tiles or check_tribe_step_onto(g, t, p, q) is not None:
            continue
        block = _knight_block(g, t, q)
        if block == "attack_knight":
            opts.append(Option(at("move", q), f"Attack the Knight at {fmt_pos(q)}", (space(q), Target("piece", "knight"))))
        elif block == "attack_dragon":
            opts.append(Option(at("move", q), f"Attack the Dragon at {fmt_pos(q)}", (space(q), Target("piece", "dragon"))))
        elif block == "attack_ghoul":
            opts.append(Option(at("move", q), f"Attack the Ghoul at {fmt_pos(q)}", (space(q), Target("piece", "ghoul"))))
        else:
            opts.append(Option(at("move", q), f"Move {NAMES[t]} to {fmt_pos(q)}", (space(q), Target("piece", piece(t)))))
    if has_monster(g, t, "underworm") and not gs(g).worm_used:
        for dx, dy in DIAGONALS:
            for k in (1, 2):
                q = (p[0] + dx * k, p[1] + dy * k)
                if check_underworm(g, t, p, q) is None:
                    opts.append(Option(at("worm", q), f"Underworm: leap diagonally to {fmt_pos(q)}", (space(q),)))
    return opts


def _activate_revealed(g: Game, t: str) -> Proc:
    """GB-59..67: move any number of tiles, then one action."""
    s = gs(g)
    s.moved = False
    s.worm_used = False

    def options() -> list[Option]:
        p = tribe_pos(g, t)
        if p is None:                       # a Secret took it off the map
            return []
        opts = move_options(g, t, p)
        opts += [Option(at("leave", q), f"Move {NAMES[t]} off the Terrain onto the open space {fmt_pos(q)} "
                        "(a Dark tile is placed)", (space(q),)) for q in open_exits(g, p)]       # TR-12
        if s.tunnels and not s.moved:
            for q, tile in sorted(g.state.board.tiles.items()):
                if tile.dark and check_tunnel(g, t, p, q) is None:
                    opts.append(Option(at("tunnel", q), f"Secret Tunnels: set {NAMES[t]} on {fmt_pos(q)}",
                                       (space(q),)))
        if on_pit(g, p) and any(has_verb(o.id, "move", "worm") for o in opts):   # TR-29: not on a Pit
            return [o for o in opts if has_verb(o.id, "move", "worm", "tunnel")]
        opts += _free_options(g, t, p)
        opts += action_options(g, t, p)
        opts.append(Option("done:", f"Finish activating {NAMES[t]}", (button("done"),)))
        return opts

    def prompt() -> str:
        return (f"{NAMES[t]} at {fmt_pos(tribe_pos(g, t))} moves, then takes one action "
                f"(Population {s.population[t]}, Strength {tribe_strength(g, t)})")

    while tribe_pos(g, t) is not None:
        choice = yield from ask_goblins(g, DecisionKind.TRIBE_ACTIVATION, prompt, options, "goblins.activate")  # GB-52
        p = tribe_pos(g, t)
        if choice is None or p is None:
            return
        verb, arg = parse(choice.id)
        if verb == "done":
            return
        if verb in ("move", "worm", "tunnel", "leave"):
            q = parse_pos(arg)
            if verb == "leave":
                yield from place_under(g, q, "goblins")                        # TR-12
                if q not in g.state.board.tiles or tribe_pos(g, t) != p:
                    continue
            if verb == "worm":
                s.worm_used = True
            yield from _step(g, t, p, q, teleport=verb == "tunnel")
            s.moved = True
            continue
        if verb == "flare":
            s.flared.append(t)
            use_flare = g.hooks.knight.use_flare
            yield from use_flare(g, "goblins", p)
            continue
        if verb == "wisp":
            yield from _wisp(g, t, arg)
            continue
        yield from ACTIONS[verb](g, t, arg)
        return


def _step(g: Game, t: str, p: Pos, q: Pos, teleport: bool = False) -> Proc:
    """One move; GB-61/62: every second Lit tile left costs 1 Population as it is left."""
    s = gs(g)
    if not teleport and (is_lit(g, p) or lake_lit(g, p)):              # TR-14, TR-20
        s.lit_exits[t] += 1
        per = schemes.lit_tiles_per_loss(g)                             # Cave Oil: 3 (TR-34)
        if s.lit_exits[t] % per == 0 and s.blind_fury != t:
            yield from reduce_population(g, t, 1, "left a second Lit tile" if per == 2 else f"left Lit tile {per}")
            if tribe_pos(g, t) is None:
                return
    board = g.state.board
    attack = board.pieces.get("knight") == q
    d = g.state.dragon
    at_dragon = d is not None and d.surfaced and board.pieces.get("dragon") == q and may_fight_dragon(g)
    at_ghoul = board.pieces.get("ghoul") == q and not teleport
    board.pieces[piece(t)] = q
    g.log("move", f"{Tname(t)} moves to {fmt_pos(q)}.", piece=piece(t), frm=p, to=q)
    yield from flame_wall_entered(g, t, q)
    if tribe_pos(g, t) != q:
        return
    if is_terrain(g, p) or is_terrain(g, q):
        yield from tribe_moved(g, t, p, q)                                 # TR-20, TR-22, TR-33
        if tribe_pos(g, t) != q:
            return
        if not (attack or at_dragon or at_ghoul or teleport):              # TR-32: ride the current
            yield from ride(g, piece(t), q, lambda r: _knight_block(g, t, r) is None)
            return
    if attack:
        yield from attack_knight(g, t, "attacks")
    elif at_dragon:
        yield from attack_dragon(g, t, "enters the tile of and attacks")
    elif at_ghoul:                                                         # GH-33: +1 Rage, no scatter; it skitters
        g.log("tribe_attacks_ghoul", f"{Tname(t)} attacks the Ghoul.", piece=piece(t))
        gain_rage(g, 1, "attacked the Ghoul")
        yield from g.hooks.ghoul.skitter(g, "goblins")


def _free_options(g: Game, t: str, p: Pos) -> list[Option]:
    s = gs(g)
    opts = []
    if "goblins" in g.config.flare_holders and t not in s.flared:
        flare_centres = g.hooks.knight.flare_centres
        if p in flare_centres(g):
            opts.append(Option("flare:", f"Use the Flare centred on {NAMES[t]}", (space(p),)))
    if has_monster(g, t, "wisp") and t not in s.wisp_used:
        kp = g.state.board.pieces.get("knight")
        from ..knight.board import forced_reach, shield_active
        if kp is not None and visible(g, p, kp) and not shield_active(g) and not forest_blocks(g, p, kp):
            from ...map.forced import reachable
            for q in sorted(reachable(g, "knight", kp, max_steps=forced_reach(g, "knight", 3))):   # VAR-17: 6 cursed
                if q != kp:
                    opts.append(Option(at("wisp", q), f"Wisp: carry the Knight to {fmt_pos(q)}", (space(q),)))
    return opts


def _wisp(g: Game, t: str, arg: str) -> Proc:
    s = gs(g)
    s.wisp_used.append(t)
    board = g.state.board
    frm = board.pieces["knight"]
    q = parse_pos(arg)
    board.pieces["knight"] = q
    g.log("forced_move", f"The Wisp of {tname(t)} carries the Knight to {fmt_pos(q)}.", piece="knight", frm=frm, to=q)
    from ...map.forced import entered
    yield from entered(g, "knight", q)                                   # FM-06, FM-15


# ------------------------------------------------------------------ actions
def action_options(g: Game, t: str, p: Pos) -> list[Option]:
    """The one action of the activated Tribe ``t`` on ``p`` (GB-63), each offered when its
    rule check allows it: attack a Crystal token (:func:`check_smash`), the Dragon or the
    Thief (:func:`check_attack_dragon`, :func:`check_attack_thief`), plunder a Treasure token
    or a Gem (:func:`check_plunder_dragon` for the Dragon's own), explore (:func:`check_explore`),
    the special action and Hide (:func:`check_tribe_action`) — all behind
    :func:`check_may_act`."""
    opts: list[Option] = []
    if check_may_act(g, t) is not None:
        return opts
    board = g.state.board
    toks = board.tokens_at(p)
    if toks["crystal"] and check_smash(g, t, p) is None:
        first = gs(g).crystal_attack.get(fmt_pos(p))
        label = ("Attack the Crystal token with " + NAMES[first] + " (smash it)") if first else \
            "Attack the Crystal token (a second Tribe must join before your turn ends)"
        opts.append(Option("attack:crystal", label, (Target("piece", f"crystal@{fmt_pos(p)}"),)))
    if board.pieces.get("dragon") == p and check_attack_dragon(g) is None:       # RV-07, GB-71/90
        opts.append(Option("attack:dragon", "Attack the Dragon", (Target("piece", "dragon"),)))
    if board.pieces.get("thief") == p and check_attack_thief(g, t) is None:      # GB-71, GB-74
        from ..thief.state import stealth
        opts.append(Option("attack:thief", f"Attack the Thief (Perception {tribe_perception(g, t)} vs his Stealth "
                           f"{stealth(g)}): he is killed", (Target("piece", "thief"),)))
    if toks["treasure"]:
        opts.append(Option("plunder:treasure", "Plunder the Treasure token (+1 Rage)", (Target("piece", f"treasure@{fmt_pos(p)}"),)))
    opts += _gem_options(g, t, p)
    for _, q in adjacent(p):
        if q not in board.tiles and check_explore(g, t, p, q) is None:
            opts.append(Option(at("explore", q), f"Explore: a Dark tile at {fmt_pos(q)}", (space(q),)))
    special = {"fangs": "gain 1 Rage", "bones": "draw and assign 1 Monster", "eye": "draw 1 Secrets card"}[t]
    opts.append(Option("special:", f"Special action: {special}", (Target("slot", f"goblins.{t}.special"),)))
    opts.append(Option("hide:", f"Hide {NAMES[t]}", (Target("slot", f"goblins.{t}"),)))
    return opts


# ------------------------------------------------------ actions (rule checks)
def check_acting(g: Game, acting: str | None, t: str) -> Reason | None:
    """GB-59: one Tribe's activation (``acting``, the Tribe being activated, if any)
    finishes before another's starts."""
    if acting is None or acting == t:
        return None
    return Reason(f"{Tname(acting)} is being activated: its activation finishes before {tname(t)}'s starts.", "GB-59")


def check_may_act(g: Game, t: str) -> Reason | None:
    """GB-65: a Tribe at Population 0 takes no action; TR-29: a Tribe on a Pit with a way
    off moves off the Pits before it does anything else."""
    if tribe_population(g, t) <= 0:
        return Reason(f"{Tname(t)} has Population 0: it takes no action.", "GB-65")
    p = tribe_pos(g, t)
    if p is not None and _pit_bound(g, t, p):
        return Reason(f"{Tname(t)} is on a Pit: it must move off first, then act.", "TR-29")
    return None


def check_tribe_action(g: Game, acting: str | None, t: str) -> Reason | None:
    """The special action (GB-89) and Hide (GB-87) of ``t``: the one action (GB-63) of the
    Tribe being activated (``acting``; GB-59), which is on the map (GB-64, GB-67) and may act
    (:func:`check_may_act`)."""
    if acting is None:
        p = tribe_pos(g, t)
        if p is None:
            return Reason(f"{Tname(t)} is hidden: a special action needs the Tribe on the map; Reveal it first.",
                          "GB-67")
        return Reason(f"An action is the one action of the Tribe being activated: activate {tname(t)} first (its piece "
                      f"at {fmt_pos(p)}); it may move, then act.", "GB-63")
    return check_acting(g, acting, t) or check_may_act(g, t)


def check_smash(g: Game, t: str, p: Pos) -> Reason | None:
    """GB-76: the Crystal token on the Tribe's tile is attacked by two Tribes, each with
    Strength at least 3 (AMB-52: :func:`smash_strength`); the first waits for the second."""
    need = smash_strength(g)
    if tribe_strength(g, t) < need:
        return Reason(f"{Tname(t)}'s Strength {tribe_strength(g, t)} is under the {need} a Tribe needs to attack a "
                      "Crystal token.", "GB-76")
    if gs(g).crystal_attack.get(fmt_pos(p)) == t:
        return Reason(f"{Tname(t)} has attacked this Crystal token already: a second Tribe must join before your turn "
                      "ends.", "GB-76")
    return None


_ASH_DRAGON = Reason("A Tribe may attack the Dragon only with the Ash Dragon card.", "GB-71")


def check_attack_dragon(g: Game) -> Reason | None:
    """GB-71, GB-90 (RV-07, AMB-27): Tribes attack the Dragon only with the Ash Dragon card
    (:func:`may_fight_dragon`)."""
    return None if may_fight_dragon(g) else _ASH_DRAGON


def check_plunder_dragon(g: Game, t: str) -> Reason | None:
    """GB-80: a Gem is plundered from the Dragon himself only when no Gem is on the map and
    the Tribe's Strength is greater than his Armor."""
    from ..dragon.state import gems_on_map

    armor = _dragon_armor(g)
    if armor is None:
        return Reason("There is no Dragon in this game.", "GB-80")
    if gems_on_map(g):
        return Reason("A Dragon Gem is on the map: a Tribe plunders a Gem from the Dragon himself only when none is.",
                      "GB-80")
    if tribe_strength(g, t) <= armor:
        return Reason(f"{Tname(t)}'s Strength {tribe_strength(g, t)} must be greater than the Dragon's Armor {armor} to "
                      "plunder a Gem from him.", "GB-80")
    return None


def check_attack_thief(g: Game, t: str) -> Reason | None:
    """GB-74, TH-30: a Tribe attacks the Thief with Perception greater than his Stealth (the
    Thief's own check)."""
    return g.hooks.thief.check_stealth(g, tribe_perception(g, t), f"{Tname(t)}'s", "GB-74")


def can_attack_thief(g: Game, t: str, p: Pos) -> bool:
    """GB-74, TH-30: the Thief on the Tribe's tile, and its Perception above his Stealth."""
    return g.state.thief is not None and g.state.board.pieces.get("thief") == p and check_attack_thief(g, t) is None


def check_explore(g: Game, t: str, p: Pos, q: Pos) -> Reason | None:
    """GB-81: a Tribe on a Dark tile explores the open space ``q`` next to it while a tile is
    left to place — not during the Collapse (house rule ``explore_during_collapse``, AMB-43)
    — if it may act (:func:`check_may_act`)."""
    if q in g.state.board.tiles or manhattan(p, q) != 1:
        return Reason(f"{Tname(t)} explores an open space next to its tile, and {fmt_pos(q)} is not one.", "GB-81")
    if not is_dark(g, p):
        return Reason(f"{Tname(t)} explores only from a Dark tile, and its tile {fmt_pos(p)} is Lit.", "GB-81")
    if g.state.collapse and not house(g, "explore_during_collapse"):
        return Reason("No Tribe explores during the Collapse.", "GB-81")
    if not _tiles_available(g):
        return Reason("No tile is left to place: there is nothing to explore.", "GB-81")
    return check_may_act(g, t)


_TOKEN_RULE = MappingProxyType({"crystal": "GB-71", "treasure": "GB-78"})


def check_token(g: Game, t: str, token: str, q: Pos) -> Reason | None:
    """A token the activated Tribe ``t`` attacks or plunders: on its own tile (GB-71 a
    Crystal, GB-78 a Treasure, GB-79 a Gem), when it may act (:func:`check_may_act`); a
    Crystal by :func:`check_smash`."""
    p = tribe_pos(g, t)
    thing = token.replace("gem_", "").title() + " Gem" if token.startswith("gem_") else token.title() + " token"
    if q != p:
        return Reason(f"{Tname(t)} attacks and plunders only on its own tile: the {thing} is at {fmt_pos(q)}.",
                      _TOKEN_RULE.get(token, "GB-79"))
    return check_may_act(g, t) or (check_smash(g, t, q) if token == "crystal" else None)


def check_tribe_target(g: Game, t: str, who: str) -> Reason | None:
    """The Knight, the Dragon or the Thief clicked while ``t`` is activated: on its own tile
    an attack (GB-71; the Thief, GB-74: :func:`check_attack_thief`; the Dragon,
    :func:`check_attack_dragon`, or a Gem from him, :func:`check_plunder_dragon`; the Knight
    is attacked by entering her tile, GB-73); next to it, the step onto that tile when it is
    an attack (GB-72, DR-15: :func:`check_tribe_step_onto`); farther, its movement first.
    The Ghoul (GH-33) is attacked only by a step onto its space from the tile next to it."""
    p = tribe_pos(g, t)
    q = g.state.board.pieces.get(who)
    assert p is not None and q is not None
    if who == "ghoul" and (q == p or q not in neighbours(g, p) or q not in g.state.board.tiles):
        return Reason(f"{Tname(t)} shares the Ghoul's space: a Tribe attacks it by entering its space." if q == p else
                      f"{Tname(t)} attacks the Ghoul by stepping onto its space from the tile next to it: move next to "
                      f"{fmt_pos(q)} first.", "GH-33")
    if q == p:
        if who == "knight":
            return Reason(f"{Tname(t)} shares the Knight's tile: a Tribe attacks her by entering her tile.", "GB-73")
        reason = check_may_act(g, t)
        if reason is not None or who == "thief":
            return reason or check_attack_thief(g, t)
        plunder = None if check_attack_dragon(g) is None else check_plunder_dragon(g, t)
        if plunder is None:
            return None
        return Reason(f"{_ASH_DRAGON.text[:-1]}, and {plunder.text[:1].lower()}{plunder.text[1:]}", plunder.rule)
    far = Reason(f"{Tname(t)} attacks only on its own tile: move it next to or onto {fmt_pos(q)} first, one tile at a "
                 "time.", "GB-71")
    if q not in neighbours(g, p) or q not in g.state.board.tiles:
        return check_tribe_space(g, t, q) or far
    reason = check_tribe_step_onto(g, t, p, q)
    if reason is not None:
        return reason
    if _knight_block(g, t, q) == f"attack_{who}":
        return None
    return Reason(f"{Tname(t)} enters the {who.title()}'s tile by a plain move (click the space) and attacks only on "
                  "its own tile.", "GB-71")


def smash_strength(g: Game) -> int:
    """GB-76: the Strength each of the two Tribes needs to smash a Crystal (3).  AMB-52:
    the Lady's "smashing a Crystal requires 4 Strength" is the Knight's alone; with the
    house rule ``knight_level_smash_for_tribes`` and no Knight, the Knight level the
    Goblins' level picks (DIF-11) sets it instead (4 at Lady, 2 at Novice)."""
    if house(g, "knight_level_smash_for_tribes") and not g.has("knight"):
        return g.config.smash_strength
    return g.rules.goblins.crystal_smash_strength


def _gem_options(g: Game, t: str, p: Pos) -> list[Option]:
    """GB-79, DR-55: plunder a Dragon Gem on the tile; GB-80: or one from the Dragon
    himself on his tile, when no Gem is on the map and the Tribe is stronger than his Armor."""
    if g.state.dragon is None:
        return []
    from ..dragon.state import SYMBOLS, gem_token

    toks = g.state.board.tokens_at(p)
    opts = [Option(f"plunder:gem_{s}", f"Plunder the {s.title()} Gem (roll the Dragon die)",
                   (Target("piece", f"{gem_token(s)}@{fmt_pos(p)}"),)) for s in SYMBOLS if toks[gem_token(s)]]
    if g.state.board.pieces.get("dragon") == p and check_plunder_dragon(g, t) is None:
        opts.append(Option("plunder:dragon", "Plunder a Gem from the Dragon (roll the Dragon die)",
                           (Target("piece", "dragon"),)))
    return opts


def _tiles_available(g: Game) -> bool:
    cave = g.state.cave
    return bool(g.state.stack) or (cave is not None and bool(cave.hand))


def act_attack(g: Game, t: str, arg: str) -> Proc:
    """GB-76/77, GB-22: two Tribes of Strength ≥ 3 smash a Crystal token."""
    s = gs(g)
    p = tribe_pos(g, t)
    assert p is not None
    if arg == "dragon":
        yield from attack_dragon(g, t, "attacks")
        return
    if arg == "thief":
        yield from attack_thief(g, t)
        return
    key = fmt_pos(p)
    first = s.crystal_attack.get(key)
    if first is None or tribe_pos(g, first) != p:
        s.crystal_attack[key] = t
        g.log("crystal_attack", f"{Tname(t)} attacks the Crystal token at {key}; "
              "a second Tribe must join before the turn ends.", pos=p)
        return
    del s.crystal_attack[key]
    krakens = [take_kraken(g, s, x, p) for x in (first, t)]
    g.state.board.tokens_at(p)["crystal"] -= 1
    g.state.crystals_smashed_total += 1
    k = g.state.knight
    if k is not None and house(g, "goblin_crystals_not_knights"):
        s.crystals += 1  # AMB-31 house rule: it stays on the Goblin board, not toward her goal
        g.log("smash", f"{NAMES[first]} and {NAMES[t]} smash the Crystal at {key}; it stays on the Goblin board "
              "(house rule).", pos=p)
    elif k is not None:
        k.smashed += 1   # AMB-31: it counts toward her Crystals
        g.log("smash", f"{NAMES[first]} and {NAMES[t]} smash the Crystal at {key}; it goes to the Knight "
              f"({k.smashed} smashed).", pos=p)
    else:
        s.crystals += 1
        g.log("smash", f"{NAMES[first]} and {NAMES[t]} smash the Crystal at {key} ({s.crystals} smashed).", pos=p)
    lose_rage(g, 1, "smashed a Crystal")
    fire_bomber_burns(g, first)
    fire_bomber_burns(g, t)
    yield from scatter(g, first, "smashed a Crystal")
    yield from scatter(g, t, "smashed a Crystal")
    if k is None and s.crystals >= g.config.crystals_needed:
        raise GameOver(Outcome(("goblins",), f"The Goblins smashed {s.crystals} Crystals and win."))
    for where in krakens:
        yield from kraken_strikes(g, where)


def attack_thief(g: Game, t: str) -> Proc:
    """GB-75, GB-94: an attack (GEN-07: Unnatural Evasion may foil it, TH-37).  He is
    killed, then Rage falls by 1 and the Tribe stays where it is (no scatter), and then
    the Goblins choose his Loot Drop bonus: Secrets cards or Rage (GB-18)."""
    thief = g.hooks.thief

    g.log("goblin_attack", f"{Tname(t)} (Perception {tribe_perception(g, t)}) attacks the Thief!", tribe=t)
    kraken = take_kraken(g, gs(g), t, tribe_pos(g, t))
    killed = yield from thief.attack_thief(g, "goblins", f"the attack of {tname(t)}", bonus=False)
    fire_bomber_burns(g, t)
    if gs(g).population[t] == 0 and tribe_pos(g, t) is not None:       # GB-68: at 0 it scatters
        yield from scatter(g, t, "Fire Bomber")
    if killed:
        lose_rage(g, 1, "killed the Thief")
        yield from thief.loot_drop_bonus(g, "goblins")
    yield from kraken_strikes(g, kraken)


def fire_bomber_burns(g: Game, t: str) -> None:
    """Fire Bomber (COMPONENT_DATA): the Tribe it drives falls to 0 Population once it
    attacks — the Knight, the Dragon, the Thief or a Crystal alike.  Every attack passes
    here, so the Armory's disc is lost here too."""
    schemes.armory_lost(g, t, "attacked")
    s = gs(g)
    if s.fire_bomber == t and s.population[t] > 0:
        s.population[t] = 0
        g.log("population", f"Fire Bomber: {tname(t)} falls to 0 Population.")
        _dropped_to_zero(g)


def attack_knight(g: Game, t: str, how: str, ambush: bool = False) -> Proc:
    """GB-73 (and Ambush, KN-38; Hiding Spots): she loses 1 Health, Rage −1, the Tribe
    scatters; Blob −5 Grit, Poison, Fire Bomber."""
    from ..knight import board as kb

    s = gs(g)
    strength = tribe_strength(g, t)
    mine = kb.strength(g)
    g.log("goblin_attack", f"{Tname(t)} (Strength {strength}) {how} the Knight (Strength {mine})!",
          tribe=t)
    lose_rage(g, 1, "attacked the Knight")
    kraken = take_kraken(g, s, t, tribe_pos(g, t) or g.state.board.pieces.get("knight"))
    if has_monster(g, t, "blob"):
        yield from kb.lose_grit(g, 5, "the Blob")
    if s.poison:
        yield from _poison(g, 2 if strength - mine >= 2 else 1)
    fire_bomber_burns(g, t)
    yield from scatter(g, t, "attacked the Knight")
    kb.lose_health(g, 1, f"attacked by {tname(t)}", "ambush" if ambush else "goblins")
    yield from kraken_strikes(g, kraken)


def _poison(g: Game, n: int) -> Proc:
    """Poison: her Hero cubes go to the Entrance until she enters it (never below 2, KN-17);
    with Moving Entrance, to the Entrance piece's space, and they move with it (VAR-09)."""
    from ...map.board import moving_entrance
    from ..knight import board as kb

    k = kb.knight(g)
    s = gs(g)
    for _ in range(n):
        if kb.active_cubes(k) <= g.rules.knight.start_cubes:
            break
        source = yield from kb.choose_cube(g, "lose to Poison")
        if source is None:
            break
        kb.take_cube_from(k, source)
        s.poison_cubes += 1
        g.log("poison", "Poison: a Hero cube of the Knight goes to the "
              + ("space holding the Entrance piece." if moving_entrance(g) else "Entrance tile."),   # VAR-09
              pos=g.state.board.entrance)


def act_plunder(g: Game, t: str, arg: str) -> Proc:
    """GB-78, CV-36: Rage +1, the token goes back to the Cave; the Gnome may then leap to
    an unoccupied Dark tile: no player piece and no token on it (MAP-08)."""
    p = tribe_pos(g, t)
    assert p is not None
    if arg != "treasure":
        yield from plunder_gem(g, t, arg)
        return
    g.state.board.tokens_at(p)["treasure"] -= 1
    return_token(g, "treasure")
    g.log("plunder", f"{Tname(t)} plunders the Treasure token at {fmt_pos(p)}.", pos=p)
    gain_rage(g, 1, "Plunder")
    yield from _plundered(g, t, "treasure")
    if has_monster(g, t, "gnome"):
        dests = [q for q in sorted(g.state.board.tiles) if check_gnome_leap(g, p, q) is None]
        if dests:
            opts = [Option(at("leap", q), f"Gnome: leap to {fmt_pos(q)}", (space(q),)) for q in dests]
            opts.append(Option("stay:", "Stay", (button("done"),)))
            choice = yield g.ask("goblins", DecisionKind.GNOME_LEAP, "Leap the Gnome to an unoccupied Dark tile, or stay", opts,
                                 about={"from": fmt_pos(p)})
            if has_verb(choice.id, "leap"):
                q = pos_arg(choice.id)
                g.state.board.pieces[piece(t)] = q
                g.log("move", f"The Gnome leaps {tname(t)} to {fmt_pos(q)}.", piece=piece(t), frm=p, to=q)


def check_gnome_leap(g: Game, p: Pos, q: Pos) -> Reason | None:
    """GB-78, CV-36, MAP-08: may the Gnome leap its Tribe from ``p`` to ``q``: another Dark
    tile with no player piece and no token on it."""
    tile = g.state.board.tiles.get(q)
    if tile is None or not tile.dark:
        return Reason(f"The Gnome leaps only onto a Dark tile, and {fmt_pos(q)} is not one.", "GB-78")
    if q == p:
        return Reason(f"The Tribe is on {fmt_pos(q)} already: the Gnome leaps to another Dark tile, or stays.", "GB-78")
    who = occupant(g, q)
    return Reason(f"The Gnome leaps only onto an unoccupied Dark tile: {who} is on {fmt_pos(q)}.", "MAP-08") if who else None


def plunder_gem(g: Game, t: str, what: str) -> Proc:
    """GB-79/80, DR-55: roll the Dragon die; a centre face scatters the Tribe, otherwise
    Rage +1; the Gem goes back to the Dragon's supply either way."""
    p = tribe_pos(g, t)
    assert p is not None
    if what.startswith("gem_"):
        g.state.board.tokens_at(p)[what] -= 1
        name = f"the {what[4:].title()} Gem"
    else:
        name = "a Gem from the Dragon"
    g.log("gem_attempt", f"{Tname(t)} tries to plunder {name}.", tribe=t)
    _, _, centre = roll_dragon_die(g, p, Tname(t), "plundering a Dragon Gem")
    if what.startswith("gem_"):
        g.log("gem_returned", f"{name[0].upper()}{name[1:]} returns to the Dragon.")
    if centre:
        yield from scatter(g, t, "the Gem was trapped")
    else:
        gain_rage(g, 1, "plundered a Dragon Gem")
        yield from _plundered(g, t, "gem")


def _plundered(g: Game, t: str, what: str) -> Proc:
    """VAR-28/29: the Treasure or Gem plundered may buy a Scheme or be stored; the
    Armory's disc goes to a plundering Tribe (GB-15: when one is free)."""
    yield from schemes.plundered(g, what)
    if schemes.owns(g, "armory"):
        schemes.armory_plunder(g, t, strength_discs_used(g) + len(promo.meat_spaces_on_map(g)))


def act_explore(g: Game, t: str, arg: str) -> Proc:
    """GB-81, AMB-43: the Cave (or the stack) places a Dark tile; the Tribe moves onto it."""
    p = tribe_pos(g, t)
    assert p is not None
    q = parse_pos(arg)
    cave = g.state.cave
    if cave is not None:
        if not cave.hand:
            draw_to_cave_hand(g)
        names = hand_names(g, hand_choices(g, False))
        opts = [Option(f"tile:{tid}", f"Place the {name} at {fmt_pos(q)}",
                       (space(q), Target("hand_tile", tid, drag_from=f"hand:{tid}"))) for tid, name in names.items()]
        choice = yield g.ask("cave", DecisionKind.EXPLORE_TILE, f"The Goblins explore: place a Dark tile at {fmt_pos(q)}", opts,
                             rules_ref="goblins.explore")
        tid = arg_of(choice.id)
        cave.hand.remove(tid)
        place_tile(g, tid, q, "cave")
        draw_to_cave_hand(g)
    else:
        tid = g.state.stack.pop(0)
        g.barrier()
        place_tile(g, tid, q, "goblins", "draws and places")
    g.state.board.pieces[piece(t)] = q
    g.log("move", f"{Tname(t)} explores to {fmt_pos(q)}.", piece=piece(t), frm=p, to=q)


def act_special(g: Game, t: str, arg: str) -> Proc:
    """GB-89."""
    g.log("special_action", f"{Tname(t)} takes its special action.", tribe=t)
    if t == "fangs":
        gain_rage(g, 1, "Fangs' special action")
    elif t == "bones":
        yield from draw_and_assign(g, 1)
    else:
        yield from draw_secrets(g, 1)


def act_hide(g: Game, t: str, arg: str) -> Proc:
    """GB-87."""
    yield from hide_tribe(g, t, "its action")


ACTIONS = MappingProxyType({
    "attack": act_attack,
    "plunder": act_plunder,
    "explore": act_explore,
    "special": act_special,
    "hide": act_hide,
})


def tribes_at(g: Game, q: Pos) -> list[str]:
    pieces = g.state.board.pieces
    return [t for t in TRIBES if pieces.get(piece(t)) == q]


def largest_population(g: Game) -> int:
    return max(gs(g).population.values())


def is_ambush_tile(g: Game, q: Pos) -> bool:
    return is_lit(g, q) and tile_type(g, q) == "ambush"


# ------------------------------------------------------------ other roles
def check_spores_tribe(g: Game, tribe: str) -> Reason | None:
    """CV-24, CV-31: Soporific Spores cut a Tribe that can fall to 1 Population, if there is one."""
    pops = gs(g).population
    if pops[tribe] > 1:
        return None
    able = ", ".join(f"{k.title()} ({pops[k]})" for k in TRIBES if pops[k] > 1)
    return Reason(f"The {tribe.title()} Tribe has Population {pops[tribe]}: Spores must cut a Tribe that can fall "
                  f"to 1, if there is one — {able}.", "CV-31")


def spores(g: Game) -> Proc:
    """CV-24, CV-31, GB-17: the Goblins cut a Tribe that can be reduced to 1
    (:func:`check_spores_tribe`); Rage +1."""
    s = gs(g)
    cands = [t for t in TRIBES if check_spores_tribe(g, t) is None]
    if cands:
        opts = [Option(f"tribe:{t}", f"{NAMES[t]} ({s.population[t]} → 1)", (Target("slot", f"goblins.{t}"),))
                for t in cands]
        choice = yield g.ask("goblins", DecisionKind.SPORES_TRIBE, "Soporific Spores: choose the Tribe that falls to 1 Population", opts,
                             rules_ref="cave.omen.soporific_spores")
        t = arg_of(choice.id)
        yield from reduce_population(g, t, s.population[t] - 1, "Soporific Spores")
    gain_rage(g, 1, "Soporific Spores")


# ------------------------------------------------------------------ view
def board_view(g: Game, viewer: str | None) -> GoblinsBoard:
    """Public: Population, Strength, Rage, Monsters (face up), face-up Secrets, lurking
    Tribes, deck sizes.  Private to the Goblins: the Secrets in hand."""
    s = gs(g)
    return GoblinsBoard(
        population=dict(s.population), rage=s.rage, malaise=malaise(g),
        strength={t: tribe_strength(g, t) for t in TRIBES},
        strength_discs={t: strength_discs(g, t) for t in TRIBES},
        perception={t: tribe_perception(g, t) for t in TRIBES},
        monsters={t: tuple(m) for t, m in s.monsters.items()},
        face_up=tuple(s.face_up), hand_count=len(s.hand),
        lurking=dict(s.lurking), hidden=tuple(hidden_tribes(g)),
        war_card=s.war_card, war_deck=len(s.war_deck),
        secrets_deck=len(s.secrets_deck), secrets_discard=tuple(s.secrets_discard),
        monster_discard=tuple(g.state.monster_discard),
        crystals=s.crystals, activated=tuple(s.activated), poison_cubes=s.poison_cubes,
        drawn_monster=s.drawn_monster,
        schemes=tuple(s.schemes), stored_treasure=s.stored_treasure,
        hand=tuple(s.hand) if viewer == "goblins" else None, armory_tribe=s.armory_tribe,
    )


# -------------------------------------------------------------- scenario
GOBLIN_KEYS = frozenset({"population", "rage", "monsters", "hand", "face_up", "lurking", "war_deck", "secrets_deck",
                         "secrets_discard", "monster_deck", "crystals", "poison_cubes", "schemes", "stored_treasure",
                         "armory_tribe"})


def load_goblins(st: object, data: dict[str, object]) -> None:
    """The ``goblins:`` section of a scenario (cards named leave their decks)."""
    from ...state import GameState

    assert isinstance(st, GameState)
    s = st.goblins
    assert isinstance(s, GoblinState)
    for key, value in data.items():
        if key == "population":
            s.population.update(checked(s, key, value, "goblins.population"))
        elif key == "monsters":
            given = checked(s, key, value, "goblins.monsters")
            s.monsters = {t: list(given.get(t, [])) for t in TRIBES}
            used = {m for ms in s.monsters.values() for m in ms}
            st.monster_deck = [m for m in st.monster_deck if m not in used]
        elif key == "monster_deck":
            st.monster_deck = list(value)  # type: ignore[call-overload]
        elif key == "lurking":
            s.lurking = {t: (int(p[0]), int(p[1])) for t, p in checked(s, key, value, "goblins.lurking").items()}
        else:
            setattr(s, key, checked(s, key, value, f"goblins.{key}"))
    if s.armory_tribe is not None and s.armory_tribe not in TRIBES:
        raise ScenarioError(f"goblins.armory_tribe: {s.armory_tribe!r} is no Tribe (fangs, bones or eye)")
    held = set(s.hand) | set(s.face_up) | set(s.secrets_discard) | set(s.schemes)
    if "secrets_deck" not in data:
        s.secrets_deck = [c for c in s.secrets_deck if c not in held]
