"""Why a clicked target is not an option: routing, not rules (issue 25, item 2).

``why_not(g, role, target)`` answers a click on a target (a map space, a piece, a card, a
board slot…) that is not one of the pending decision's option targets with one plain
sentence naming the numbers that decide it ("Your Strength 2 must be greater than the Fangs
Tribe's Strength 3 to enter."); ``why_not_reason`` gives the same answer as a
:class:`~..reasons.Reason`, with the id of the rule for the reference link.

A click is *routed* to the rule check that also builds the decision's options (the
convention is in :mod:`..reasons`), so the options and the reasons cannot drift apart: the
Knight's turn to ``roles/knight/turn.py`` (``knight_step``, ``check_encounter``,
``check_token``, …) and ``roles/knight/board.py`` (``check_cube_slot``), her attacks to the
meetings' ``check_target``s; the Goblins' decisions to ``roles/goblins/turn.py``
(``check_activate``, ``check_activation_space``, ``check_tribe_target``, …) and
``cards/secrets.py`` (``check_play_secret``); the Thief's to ``roles/thief/turn.py``
(``thief_step``, ``check_here``, ``thief_target``, …); the Dragon's to
``roles/dragon/turn.py`` and ``powers.py`` (``dragon_move``, ``check_power``,
``check_play_card``, …); the Cave's, the map's and the Collapse's to ``roles/cave/turn.py``,
``cards/omens.py``, ``map/board.py`` and ``map/collapse.py``; the Ghoul's to ``roles/ghoul``
(``check_space``, ``check_piece``, ``check_terror_card``, ``check_skitter_space``, …: see
``explain/ghoul.py``).  The few answers left that are
plain sentences only point at where a choice is made (another board, another kind of
thing); :func:`is_fallback` tells them apart.  ``why_not_option`` explains an option id that
is not on offer.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..cards import omens
from ..decisions import Target, quote_choice
from ..geometry import Pos, fmt_pos, parse_pos
from ..reasons import Reason
from ..roles.cave import turn as cv
from ..waiting import public_prompt, task
from . import effects as why_not_effects
from . import ghoul as why_not_ghoul
from . import goblins_thief as why_not_goblins_thief
from . import knight_dragon as why_not_knight_dragon
from . import map as why_not_map
from .click_meaning import meant
from .common import ROLE_TITLES, _piece_pos, _pos_of, _thing

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game



def why_not_option(g: Game, d: Decision, option_id: str) -> str:
    verb, _, arg = option_id.partition(":")
    if d.role == "knight" and d.kind == "knight_turn" and verb in ("move", "mapmove", "leave"):
        reason = _knight_step_to(g, arg)
        if reason:
            return reason.text
    if (d.kind, verb) in (("dragon_turn", "move"), ("dragon_wing", "wing")):
        reason = dragon_target(g, d, Target("space", arg))
        if reason:
            return reason.text
    if verb == "scale" and g.state.dragon is not None:
        found = _why_not_scale(g, d, arg)
        if found:
            return found
    return f"{quote_choice(option_id)} is not a legal choice now ({d.role}: {d.prompt})."


def _why_not_scale(g: Game, d: Decision, card: str) -> str | None:
    """A Scale card played on its own (the dragon-scales variant, VAR-34/37): routed to
    ``check_play_scale`` in his Move and Use Powers."""
    from ..roles.dragon.powers import check_play_scale

    if card not in g.rules.deck("scales") or not g.config.extra.get("dragon_scales"):
        return f"There is no Scale card {card!r} in this game (the dragon-scales variant has scale_golden, " \
               "scale_silver, scale_platinum)."
    if d.role != "dragon" or d.kind != "dragon_turn":
        return "The Dragon plays Scale cards in the Move and Use Powers phase of his turn."
    reason = check_play_scale(g, card)
    return None if reason is None else reason.text


def _knight_step_to(g: Game, ref: str) -> Reason | None:
    """The Knight's step onto the space ``ref`` (routing: her one step check)."""
    from ..roles.knight import turn as kn

    try:
        q = parse_pos(ref)
    except ValueError:
        return None
    return kn.knight_step(g, kn.pos(g), q)


# ----------------------------------------------------------------- targets
def why_not(g: Game, role: str | None, target: Any) -> str | None:
    """Why ``role`` may not choose ``target`` now, in one plain sentence (None if it is an
    option target of ``role``'s pending decision).  ``target`` is a :class:`Target`, a
    ``(kind, ref)`` pair or a map space ``(x, y)``; ``role`` None asks for whoever decides."""
    return why_not_graded(g, role, target)[0]


def why_not_reason(g: Game, role: str | None, target: Any) -> Reason | None:
    """:func:`why_not` as a :class:`Reason`: the rule check's own Reason (its ``rule`` names
    the rule, for the reference link); a click that no rule refuses is about something this
    decision does not decide (:func:`unrelated`), answered with the decision's own rules
    (its ``rules_ref``).  For a pending decision ``rule`` is never empty."""
    return _answer(g, role, target)[0]


# How much a reason says, best first: a rule that fails for this very target; what is being
# decided instead, and where (:func:`unrelated`).
RULE, WHERE = 0, 1
Answer = Reason | None          # what a routing function gives: a rule check's Reason, or None (not mine)


def why_not_graded(g: Game, role: str | None, target: Any) -> tuple[str | None, int]:
    """:func:`why_not` with the grade of its answer (RULE or WHERE)."""
    answer, grade = _answer(g, role, target)
    return (None if answer is None else answer.text), grade


def _answer(g: Game, role: str | None, target: Any) -> tuple[Reason | None, int]:
    d = g.pending
    if d is None:
        return Reason("The game is over."), RULE
    t = as_target(target)
    if role is not None and role != d.role:
        return Reason(f"It is not your decision now: {_lower_first(public_prompt(d.role, d.kind))}", d.rules_ref), RULE
    if any(o.kind == t.kind and o.ref == t.ref for opt in d.options for o in opt.targets):
        return None, RULE
    for rule in reason_rules():
        reason = rule(g, d, t)
        if reason:
            return reason, RULE
    return unrelated(g, d, t), WHERE


def explain_click(g: Game, role: str | None, targets: list[Any]) -> str | None:
    """A click lands on several targets at once (an edge, the pieces on a space, the space):
    the best-graded reason among them, the first of equals (None if one is an option)."""
    reason = explain_click_reason(g, role, targets)
    return None if reason is None else reason.text


def explain_click_reason(g: Game, role: str | None, targets: list[Any]) -> Reason | None:
    """:func:`explain_click` as a :class:`Reason`, whose ``rule`` (when a rule check gave it)
    lets the table show a "Rule" link (``teach.reference.Reference.for_rule``)."""
    if any(_answer(g, role, t)[0] is None for t in targets):
        return None
    graded = [_answer(g, role, t) for t in meant(g, g.pending, [as_target(t) for t in targets])]
    if not graded or any(r is None for r, _ in graded):
        return None
    best = min(graded, key=lambda rg: rg[1])[0]
    assert best is not None
    return best


def explain_drop_reason(g: Game, role: str | None, source: Any, targets: list[Any]) -> Reason | None:
    """Why dropping what was dragged from ``source`` on ``targets`` chooses nothing, where a rule
    needs both ends to say it (``explain.ghoul.DROP_REASONS``: a Vile Ghoul's die goes on its own
    face's row); None when none does."""
    d = g.pending
    if d is None or (role is not None and role != d.role):
        return None
    src = as_target(source)
    for rule in why_not_ghoul.DROP_REASONS:
        for t in targets:
            reason = rule(g, d, src, as_target(t))
            if reason:
                return reason
    return None


def is_fallback(g: Game, reason: str | Reason) -> bool:
    """Is ``reason`` only :func:`unrelated`'s answer (what is being decided instead), with no
    rule check of this very target behind it?"""
    d = g.pending
    text = reason.text if isinstance(reason, Reason) else reason
    return d is not None and any(text == _unrelated_text(d, owner) for owner in (None, *ROLE_TITLES))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def as_target(target: Any) -> Target:
    if isinstance(target, Target):
        return target
    if isinstance(target, tuple) and len(target) == 2 and isinstance(target[0], int):
        return Target("space", fmt_pos(target))
    kind, ref = target
    return Target(str(kind), str(ref))


# ------------------------------------------------------------- the Knight
def knight_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """A space she cannot step onto: her step check (``knight_step``)."""
    if d.kind != "knight_turn" or t.kind != "space":
        return None
    return _knight_step_to(g, t.ref)


def knight_piece(g: Game, d: Decision, t: Target) -> Answer:
    """A piece or token she clicks in her turn, routed to its rule check: a Tribe
    (``knight_goblins.check_target``: the Bow, or her step onto its tile), the Thief and
    the Dragon (``check_target`` of their meetings: an attack or the Enchanted Bow), a
    Crystal or a Treasure token (``check_token``), a Dragon Gem (``check_gem``); any other
    token: on her own tile (KN-25), with an Encounter (KN-24, KN-37)."""
    from ..roles.knight import turn as kn

    if d.kind != "knight_turn" or t.kind != "piece" or t.ref == "knight":
        return None
    name, where = _piece_pos(g, t)
    found = _knight_piece_rule(g, name, where)
    if found is not None and where is not None and where != kn.pos(g) and _holds_revised_javelin(g):
        from ..roles.meetings.javelin_throw import check_throw  # VAR-20: the throw's own reason
        return check_throw(g, where) or found
    return found


def _holds_revised_javelin(g: Game) -> bool:
    k = g.state.knight
    return k is not None and any(c.split("#")[0] == "javelin_revised" for c in k.treasures)


def _knight_piece_rule(g: Game, name: str, where: Pos | None) -> Answer:
    """:func:`knight_piece`'s routing of a piece to its rule check."""
    from ..roles.knight import turn as kn

    if name.startswith("tribe:") and g.state.goblins is not None:
        from ..roles.meetings import knight_goblins as kvg
        return kvg.check_target(g, name.split(":", 1)[1])
    if name == "thief" and g.state.thief is not None and where is not None:
        from ..roles.meetings import knight_thief as kvt
        return kvt.check_target(g)
    if name == "dragon" and g.state.dragon is not None and where is not None:
        from ..roles.meetings import knight_dragon as kvd
        return kvd.check_target(g)
    if name in ("ghoul", "vile_ghoul") and g.state.ghoul is not None and where is not None:
        from ..roles.meetings import knight_ghoul as kvgh
        return kvgh.check_bow_ghoul(g)                      # GH-32: entering its space is her step
    if where is None:
        return None
    if name in ("crystal", "treasure"):
        return kn.check_token(g, name, where)
    if name.startswith("gem_") and g.state.dragon is not None:
        from ..roles.meetings import knight_dragon as kvd
        return kvd.check_gem(g, where)
    return kn.check_on_tile(g, _thing(name), where) or kn.check_encounter(g)


# -------------------------------------------------------------- the Thief
def thief_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """A space in his turn: his own (what he does there, ``check_here``) or one he moves onto
    (his step check, ``thief_step``)."""
    from ..roles.thief import turn as th

    q = _pos_of(t)
    p = th.pos(g) if g.state.thief is not None else None
    if d.kind != "thief_turn" or q is None or p is None:
        return None
    return th.check_here(g, p) if q == p else th.thief_step(g, p, q)


def thief_piece(g: Game, d: Decision, t: Target) -> Reason | None:
    """A piece in his turn: a player's is the target of his Pickpocket or Backstab
    (``thief_target``); a Treasure token or a Gem is looted on his own space (``check_loot``)."""
    from ..roles.thief import turn as th

    if d.kind != "thief_turn" or t.kind != "piece" or t.ref == "thief":
        return None
    name, where = _piece_pos(g, t)
    if name in g.state.board.pieces:
        return th.thief_target(g, name)
    if where is None or not (name == "treasure" or name.startswith("gem_")):
        return None
    return th.check_loot(g, where, name, 1 if name == "treasure" else g.rules.thief.loot_gem_cubes)


def thief_action(g: Game, d: Decision, t: Target) -> Reason | None:
    """His Loot Drop slots (Hide Loot, ``check_hide_loot``) and the Flare (``check_flare``) in
    his turn; other board clicks have their own reasons in why_not_goblins_thief."""
    from ..roles.thief import turn as th

    if d.role != "thief" or d.kind != "thief_turn" or g.state.thief is None:
        return None
    if t.kind == "slot" and t.ref.startswith("thief.loot_drop."):
        level = t.ref.rsplit(".", 1)[1]
        return th.check_hide_loot(g, int(level)) if level.lstrip("-").isdigit() else None
    if t.kind == "card" and t.ref == "flare":
        return th.check_flare(g)
    return None


# ------------------------------------------------------------ the Goblins
def _tribe_of(t: Target) -> str | None:
    from ..roles.goblins.state import TRIBES

    if t.kind == "piece" and t.ref.startswith("tribe:"):
        return t.ref.split(":", 1)[1]
    if t.kind == "slot" and t.ref.startswith("goblins."):
        name = t.ref.split(".")[1]
        return name if name in TRIBES else None
    return None


def goblins_activation(g: Game, d: Decision, t: Target) -> Reason | None:
    """The Activate Tribes menu: a Tribe clicked goes to its activation check
    (``check_activate``: GB-59, GB-65, GB-82/83), a space to ``check_menu_space`` (GB-59);
    with the promo Slingshot face up, any other piece to the Slingshot's own check
    (``promo_secrets.check_slingshot_target``, VAR-22): its target is chosen from this menu."""
    from ..cards import promo_secrets
    from ..roles.goblins import turn as gb

    if d.kind != "goblins_turn" or g.state.goblins is None:
        return None
    if t.kind == "space":
        q = _pos_of(t)
        return None if q is None else gb.check_menu_space(g, q)
    tribe = _tribe_of(t)
    if tribe is not None:
        return gb.check_activate(g, tribe)
    if t.kind == "piece" and promo_secrets.held_face_up(g, "slingshot") is not None:
        return promo_secrets.check_slingshot_target(g, _piece_pos(g, t)[0])
    return None


def goblins_tribe_move(g: Game, d: Decision, t: Target) -> Reason | None:
    """The activated Tribe: a space goes to ``check_activation_space`` (its step, the
    Underworm's leap, Secret Tunnels, Explore); another Tribe's piece to ``check_acting``
    (GB-59); the Knight, the Dragon, the Thief or the Ghoul to ``check_tribe_target`` (its attacks,
    GB-71..74, GB-80, GH-33); a Crystal, Treasure or Gem token to ``check_token`` (GB-71/76/78/79)."""
    from ..roles.goblins import turn as gb

    if d.kind != "tribe_activation" or g.state.goblins is None or not gb.gs(g).activated:
        return None
    tribe = gb.gs(g).activated[-1]
    if gb.tribe_pos(g, tribe) is None:
        return None
    if t.kind == "piece":
        name, where = _piece_pos(g, t)
        if name.startswith("tribe:"):
            return None if name == gb.piece(tribe) else gb.check_acting(g, tribe, name.split(":", 1)[1])
        if where is None:
            return None
        if name in ("knight", "dragon", "thief", "ghoul"):
            return gb.check_tribe_target(g, tribe, name)
        if name in ("crystal", "treasure") or name.startswith("gem_"):
            return gb.check_token(g, tribe, name, where)
        return None
    q = _pos_of(t)
    return gb.check_activation_space(g, tribe, q) if q is not None else None


def goblins_reveal(g: Game, d: Decision, t: Target) -> Reason | None:
    """Revealing a Tribe: a space goes to ``check_reveal_space`` (GB-82/83, AMB-42)."""
    from ..roles.goblins import turn as gb

    q = _pos_of(t)
    if d.kind != "reveal_tribe" or q is None or g.state.goblins is None or not gb.gs(g).activated:
        return None
    return gb.check_reveal_space(g, gb.gs(g).activated[-1], q)


# ------------------------------------------------------------- the Dragon
def dragon_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """His Move and Use Powers (``dragon_turn``) and a Wing's flight (``dragon_wing``),
    routed to the rule checks that build their options: a space to ``dragon_move``, his own
    piece to ``check_any_move`` (roles/dragon/turn.py), a power on his board to
    ``check_power``, a card of his to ``check_play_card`` (roles/dragon/powers.py)."""
    from ..roles.dragon import powers as dp
    from ..roles.dragon import turn as dr

    if d.kind not in ("dragon_turn", "dragon_wing") or g.state.dragon is None:
        return None
    kind = "free" if d.kind == "dragon_turn" else "wing"
    if t.kind == "piece" and t.ref == "dragon":
        return dr.check_any_move(g, kind)
    q = _pos_of(t)
    if q is not None:
        return dr.dragon_move(g, kind, q)
    if d.kind != "dragon_turn":
        return None
    power = _power_of(g, t)
    if power is not None:
        return dp.check_power(g, power)
    if t.kind == "card" and _dragon_card(g, t.ref):
        return dp.check_play_card(g, t.ref)
    return None


def _power_of(g: Game, t: Target) -> str | None:
    """The power a ``dragon.power.<id>`` slot names (None for any other target)."""
    if t.kind != "slot" or not t.ref.startswith("dragon.power."):
        return None
    power = t.ref.rsplit(".", 1)[1]
    return power if any(p.id == power for p in g.rules.dragon.powers) else None


def _dragon_card(g: Game, ref: str) -> bool:
    """Is ``ref`` one of the Dragon's cards (a Power card or a Scale)?"""
    d = g.state.dragon
    return d is not None and (ref in g.rules.deck("powers") or ref in g.rules.deck("scales"))


def dragon_power(g: Game, d: Decision, t: Target) -> Reason | None:
    """A power on his board outside Move and Use Powers (where :func:`dragon_target`
    answers): ``powers.check_power_elsewhere`` (DR-17)."""
    from ..roles.dragon import powers as dp

    if d.kind == "dragon_turn" or g.state.dragon is None:
        return None
    power = _power_of(g, t)
    return None if power is None else dp.check_power_elsewhere(g, power, d.prompt)


# --------------------------------------------------------------- the Cave
def cave_omen(g: Game, d: Decision, t: Target) -> Reason | None:
    """An omen on the Cave's board: in its turn, the omen's check (``omens.check_omen``:
    CV-15/16/18, something to act on); at any other decision, not now (CV-15)."""
    if t.kind != "slot" or not t.ref.startswith("cave.omen.") or g.state.cave is None:
        return None
    omen_id = t.ref.rsplit(".", 1)[1]
    if d.kind == "cave_turn":
        return omens.check_omen(g, omen_id)
    name = g.rules.omen(omen_id).name
    if d.role != "cave":
        return Reason(f"{name} is used on the Cave's own turn.", "CV-15")
    return Reason(f"{name} is used in the Cave's turn, one omen at a time; now: {d.prompt}", "CV-15")


def cave_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """Routing of the Cave's turn and of the omens' targets to their rule checks: a map
    space (``check_cave_space``, ``check_treasure_space``, ``check_hatred_space``,
    ``check_curse_space``), a tile of its hand (``check_cave_hand_tile``,
    ``check_hatred_hand_tile``), an edge (``check_rockslide_edge``)."""
    if g.state.cave is None:
        return None
    q = _pos_of(t)
    if q is not None:
        check = SPACE_CHECKS.get(d.kind)
        return check(g, q) if check is not None else None
    if t.kind == "hand_tile":
        if d.kind == "cave_turn":
            return cv.check_cave_hand_tile(g, t.ref)
        if d.kind == "omen_hatred":
            return omens.check_hatred_hand_tile(g, t.ref)
    if t.kind == "edge" and d.kind == "omen_rockslide":
        try:
            a, b = (parse_pos(x) for x in t.ref.split("|"))
        except ValueError:
            return None
        return omens.check_rockslide_edge(g, a, b)
    return None


SPACE_CHECKS: MappingProxyType[str, Callable[[Game, Pos], Reason | None]] = MappingProxyType({
    "cave_turn": cv.check_cave_space, "omen_past_plunder": omens.check_treasure_space,
    "omen_hatred": omens.check_hatred_space, "omen_crystal_curse": omens.check_curse_space,
})


def own_piece(g: Game, d: Decision, t: Target) -> Answer:
    """A click on the deciding player's own piece: why it cannot go anywhere now, or how it
    moves (KN-20/21, TH-04, GB-59/60; the Dragon's: :func:`dragon_target`)."""
    mover = _mover(g, d)
    if mover is None or not (t.kind == "piece" and t.ref == mover):
        return None
    moves = [o for o in d.options if o.id.startswith(("move:", "mapmove:", "climb:", "climbover:", "leave:", "worm:"))]
    if moves:
        return Reason(f"{_thing(mover)} moves to a highlighted space: drag the piece there, or click the space.",
                      MOVES_RULE.get(d.kind, "GB-60"))
    return _cannot_move(g, d, mover)


MOVES_RULE = MappingProxyType({"knight_turn": "KN-20", "thief_turn": "TH-04"})    # how the mover moves (else a Tribe's, GB-60)


def _mover(g: Game, d: Decision) -> str | None:
    from ..roles.goblins import turn as gb

    if d.kind in ("knight_turn", "thief_turn"):
        return d.role
    if d.kind in ("tribe_activation", "reveal_tribe") and g.state.goblins is not None and gb.gs(g).activated:
        return gb.piece(gb.gs(g).activated[-1])
    return None


def _cannot_move(g: Game, d: Decision, mover: str) -> Answer:
    if d.kind == "knight_turn":
        from ..roles.knight import turn as kn
        return kn.check_any_step(g)
    if d.kind == "thief_turn":
        from ..roles.thief import turn as th
        return th.check_any_step(g)
    if d.kind == "reveal_tribe":
        return Reason(f"{_thing(mover)} is revealed on a highlighted Dark tile with its symbol.", "GB-82")
    return Reason(f"{_thing(mover)} has nowhere to move now: it never moves through walls.", "GB-60")


def acting_on_pieces(g: Game, d: Decision, t: Target) -> Answer:
    """Who acts on a piece in each role's turn: the Dragon and the Cave through their
    powers and omens (DR-17, CV-15), the Goblins through an activated Tribe (GB-59)."""
    if t.kind != "piece":
        return None
    name, where = _piece_pos(g, t)
    thing = _thing(name)
    if d.kind == "dragon_wing" and where is not None:
        return (dragon_target(g, d, Target("space", fmt_pos(where)))
                or Reason(f"Wing flies you onto the {thing}'s space: click {fmt_pos(where)}.", "DR-26"))
    if d.kind == "dragon_turn":
        return Reason(f"The Dragon acts on the {thing} through his powers (Claw, Scratch, Wing…): pay for one on "
                      "your board first.", "DR-17")
    if d.kind == "cave_turn":
        return Reason(f"The Cave acts on the {thing} only through its omens (Giant Bats, Spores…): use one first.",
                      "CV-15")
    if d.kind == "goblins_turn":
        return Reason("Activate a Tribe first: a Tribe on the map moves, then attacks or plunders on its tile.",
                      "GB-59")
    if d.kind == "reveal_tribe":
        return Reason("Revealing uses the whole activation: choose a highlighted Dark tile for the Tribe.", "GB-66")
    return None


# ------------------------------------------------------------ not this decision
WHAT = MappingProxyType({"space": "a highlighted space on the map", "piece": "a highlighted piece on the map",
                         "edge": "a highlighted wall on the map", "card": "one of the highlighted cards",
                         "slot": "a highlighted place on a board", "hand_tile": "a highlighted tile in your hand"})


def unrelated(g: Game, d: Decision, t: Target) -> Reason:
    """A click that no rule check refuses and that is no option: it is on something this
    decision does not decide (another role's board, a piece when a tile is asked for, the
    map at a yes-or-no question).  The answer says what is being decided instead — the
    public words of the decision's kind (:func:`..waiting.task`; the decider may also read
    its own prompt) and where its choices are — and its ``rule`` is the decision's own
    reference section (``rules_ref``), so every answer links to the rules."""
    owner = t.ref.split(".", 1)[0] if t.kind == "slot" else None
    if owner is not None and (owner not in ROLE_TITLES or owner == d.role
                              or any(o.kind == "slot" and o.ref.startswith(owner + ".")
                                     for opt in d.options for o in opt.targets)):
        owner = None
    return Reason(_unrelated_text(d, owner), d.rules_ref)


def _unrelated_text(d: Decision, owner: str | None) -> str:
    """:func:`unrelated`'s words: whose board it is (``owner``), what is decided, where."""
    kinds = [k for k in WHAT if any(o.kind == k for opt in d.options for o in opt.targets)]
    where = (f"choose {' or '.join(WHAT[k] for k in kinds)}" if kinds
             else "answer with the buttons under the prompt")
    what = task(d.kind)
    decided = f"You are deciding {what}" if what else f"You are deciding: {d.prompt}"
    if owner is None:
        return f"{decided} — {where}."
    whose = f"{ROLE_TITLES[owner]}'" if owner == "goblins" else f"{ROLE_TITLES[owner]}'s"
    return f"That is the {whose} board, which only its owner uses. {decided} — {where}."


REASONS: tuple[Callable[[Game, Decision, Target], Answer], ...] = (
    dragon_target, own_piece, knight_space, knight_piece, thief_piece, thief_space, thief_action,
    goblins_activation, goblins_tribe_move, goblins_reveal, dragon_power, cave_omen, cave_target,
    acting_on_pieces,
)


@functools.lru_cache(maxsize=1)
def reason_rules() -> tuple[Callable[[Game, Decision, Target], Answer], ...]:
    """Every rule-level reason, in order: this module's, then the per-decision modules'
    (memoised, never changed after)."""
    return (*REASONS, *why_not_map.REASONS, *why_not_knight_dragon.REASONS,
            *why_not_goblins_thief.REASONS, *why_not_effects.REASONS, *why_not_ghoul.REASONS)
