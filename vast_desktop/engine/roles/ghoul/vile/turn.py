"""The Vile Ghoul's turn (VG-03..15): its first placement as the Ghoul's (VG-02), (1) Prepare
Board (VG-04/05), (2) Select Statistics (VG-06/07), (3) Move and Act — the Ghoul's moves,
collecting, attacks, smashing, Terror cards and Flare (VG-08, :mod:`..ghoul.turn`, which ask
:func:`.state.is_vile` where the rules differ), plus its Boost dice (VG-09/11) — and (4) Set
Defense (VG-14).

Rule checks (:mod:`...reasons`): :func:`check_select` (a supply die, VG-06) and
:func:`check_boost` (a Boost die to spend, VG-09); the rest are the Ghoul's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....decisions import Option, Target, button
from ....kinds import DecisionKind
from ....option_ids import arg_of, parse
from ....reasons import Reason
from .. import turn as gt
from ..state import crystals_goal, set_movement
from ..terror import end_of_turn_cards, roll_ghoul_dice
from . import chart as vc
from .state import PIECE, attack_now, hunted, smash_goal, vile

if TYPE_CHECKING:
    from ....game import Game, Proc

BOOST_SLOT = "vile_ghoul.boost"
SUPPLY_SLOT = "vile_ghoul.supply."
ROW_SLOT = "vile_ghoul.row."                 # a row of the chart: the supply die of its face dragged or clicked there


def vile_ghoul_turn(g: Game) -> Proc:
    s = vile(g)
    gt.reset_turn(g)
    s.bonus = 0
    g.log("turn", f"Round {g.state.round}: the Vile Ghoul's turn ({goal_text(g)}; {len(s.terror)} Terror card(s)).")
    if not s.placed:
        yield from gt.first_placement(g)
    yield from prepare_board(g)
    yield from select_statistics(g)
    while True:
        opts = [*gt.turn_options(g), *boost_options(g)]
        opts.append(Option("end:", "End your turn (your Attack is your Defense)", (button("end_turn"),)))
        choice = yield g.ask(PIECE, DecisionKind.GHOUL_TURN, _prompt(g), opts, rules_ref="vile_ghoul.move_and_act")
        verb, arg = parse(choice.id)
        if verb == "end":
            break
        if verb == "boost":
            act_boost(g, arg)
            continue
        yield from gt.ACTIONS[verb](g, arg)
        if verb in ("move", "charge", "attack", "smash", "collect"):
            s.bonus = 0                                    # VG-11: one move and the attack on entering
    gt.set_defense(g)
    end_of_turn_cards(g)


def goal_text(g: Game) -> str:
    """VG-01: what it plays for, for the log and the prompt."""
    target = hunted(g)
    s = vile(g)
    if target is not None:
        return f"hunting the {target.title()}"
    goal = smash_goal(g) or crystals_goal(g)
    return f"{s.smashed} of {goal} Crystals smashed"


def _prompt(g: Game) -> str:
    s = vile(g)
    bonus = f" (+{s.bonus} for this move)" if s.bonus else ""
    return (f"Movement {s.movement}, Attack {attack_now(g)}{bonus}, {vc.boost_left(s.chart)} Boost die/dice "
            f"({goal_text(g)}; move and act in any order).")


# ------------------------------------------------------------------ VG-04/05: Prepare Board
def prepare_board(g: Game) -> Proc:
    """VG-04: no dice in supply: collect them from the chart and roll them (the difficulty's
    number; the Ghoul's Cheat cards act on this roll); VG-05: else slide the left die right."""
    s = vile(g)
    c = s.chart
    if c.discs:
        g.log("ghoul_discs", f"The Vile Ghoul removes {c.discs} Ghoul disc(s) from its Attack space.")
    if vc.prepare_board(c):
        yield from roll_ghoul_dice(g, dice(g))
        vc.fill_supply(c, s.rolled)
        g.log("ghoul_roll", f"The Vile Ghoul rolls {', '.join(map(str, s.rolled))} into its supply.",
              faces=list(s.rolled))
        return
    g.log("vile_slide", "The Vile Ghoul slides the die on the left of its chart to the right of its row.")


def dice(g: Game) -> int:
    """VG-04 and the difficulty card: 3 Ghoul dice, 2 at Stalker and Hunter."""
    return int(g.config.extra.get("vile_dice", g.rules.vile_ghoul.dice))


# ------------------------------------------------------------------ VG-06/07: Select Statistics
def check_select(g: Game, face: int) -> Reason | None:
    """VG-06: the die placed is one of the supply's."""
    return vc.check_select(vile(g).chart, face)


def check_place(g: Game, face: int, row: int) -> Reason | None:
    """VG-06: the supply die of ``face`` dropped on ``row`` of the chart (it goes on its own face's row)."""
    return vc.check_place(vile(g).chart, face, row)


def select_statistics(g: Game) -> Proc:
    """VG-06: a supply die, unrolled, on the left of its row: that row's Movement and Attack;
    the dice on the right of the row are this turn's Boost dice; VG-07: Attack discs as a
    reminder.  The Thief's Backstab cubes cost movement as they cost the Ghoul (GH-37)."""
    s = vile(g)
    c = s.chart
    data = g.rules.vile_ghoul
    faces = sorted(set(c.supply))
    if len(faces) == 1:
        face = faces[0]
    else:
        opts = []
        for f in faces:
            row = data.chart_row(f)
            boost = c.right.get(f, 0)
            label = f"Place the {f}: Movement {row.movement}, Attack {row.attack}" + (f", {boost} Boost die/dice"
                                                                                      if boost else "")
            opts.append(Option(f"select:{f}", label, (Target("slot", f"{SUPPLY_SLOT}{f}"),
                                                      Target("slot", f"{ROW_SLOT}{f}", drag_from=f"{SUPPLY_SLOT}{f}"))))
        choice = yield g.ask(PIECE, DecisionKind.VILE_GHOUL_SELECT, "Place a die from your supply on the chart: its "
                             "row gives this turn's Movement and Attack", opts, rules_ref="vile_ghoul.select")
        face = int(arg_of(choice.id))
    movement, attack = vc.select(c, data, face)
    set_movement(g, movement)
    s.attack = attack
    boost = vc.boost_dice(c)
    g.log("ghoul_stats", f"The Vile Ghoul places its {face} on the chart: Movement {movement}, Attack {attack}"
          + (f", {boost} Boost die/dice." if boost else "."), face=face)


# ------------------------------------------------------------------ VG-09/11: Boost dice
def check_boost(g: Game) -> Reason | None:
    """VG-09: a Boost die not yet spent this turn."""
    return vc.check_boost(vile(g).chart)


def boost_options(g: Game) -> list[Option]:
    if gt.pos(g) is None or check_boost(g) is not None:
        return []
    data = g.rules.vile_ghoul
    slot = (Target("slot", BOOST_SLOT),)
    return [Option("boost:move", f"Spend a Boost die: +{vc.boost_movement(data)} movement", slot),
            Option("boost:attack", f"Spend a Boost die: +{vc.boost_attack(data)} Attack for your next move and the "
                   "attack on entering", slot)]


def act_boost(g: Game, arg: str) -> None:
    """VG-09: movement points (for moving or collecting); VG-11: a temporary Attack bonus."""
    s = vile(g)
    data = g.rules.vile_ghoul
    vc.spend_boost(s.chart)
    if arg == "move":
        s.movement += vc.boost_movement(data)
        g.log("vile_boost", f"The Vile Ghoul spends a Boost die: +{vc.boost_movement(data)} movement.")
    else:
        s.bonus += vc.boost_attack(data)
        g.log("vile_boost", f"The Vile Ghoul spends a Boost die: +{vc.boost_attack(data)} Attack for its next move.")
