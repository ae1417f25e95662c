"""Legality ⇔ reason (issue 25, item 2): one check per rule gives both the options and the
why-not answer, so they cannot drift apart.

Over random games of all 30 legal role subsets (and, for the subsets with the Knight or
the Thief, the same with the Terrain variant, for the Pits, the Canyon and the steps off the
Terrain), at every pending decision of a *converted* kind, for every target of
:attr:`Converted.candidates` (what the table can click there):

- the target is an option's target ⇔ ``why_not`` gives no reason;
- a reason is the rule check's own :class:`~vast_desktop.engine.reasons.Reason`: it names
  its rule (``Reason.checked``), it is what :attr:`Converted.check` returns for that
  target, it is no generic fallback (``is_fallback``), its words hold no raw rule code, and
  its rule id opens a section of the rules reference (the table's "Rule" link);
- the check allows the target ⇔ the target is a target of the options the check builds
  (:attr:`Converted.offered`).

Covered now (the registry ``CONVERTED``): ``knight_turn`` — the Knight's step
(``roles/knight/turn.py`` ``knight_step``): the map spaces within 2 of her, the Pits
linked to hers, and her own piece (``check_any_step``).  The Goblins
(``roles/goblins/turn.py``, ``cards/secrets.py``): ``goblins_turn`` — activating a Tribe
(``check_activate``: its piece, or its place on the board while hidden; the Tribes' spaces,
``check_menu_space``); ``tribe_activation`` — the activated Tribe's movement
(``check_tribe_space``: steps, the Underworm, Secret Tunnels, off the Terrain); ``reveal_tribe``
(``check_reveal_space``); ``lurker`` (``check_lurker_step``); and in each of those and in
``populate``, ``assign_monster``, ``war_card`` the Secrets in hand (``check_play_secret``); the
activated Tribe's actions too (``check_activation_space`` with Explore, ``check_tribe_target``,
``check_token``, ``check_tribe_action``, ``check_acting``); ``war_card`` (``check_war_card``,
the Goblin Ruby), ``populate`` (``check_block``, ``rage_spent``), ``assign_monster``
(``check_assign``, ``check_replace``, ``check_monster_head``, ``check_ruby``),
``overpopulation`` (``check_scatter_piece``, ``check_overpopulation_secret``),
``choose_tribe`` (``secrets.check_choose_piece``), ``ambush`` (``ambush.check_ambush``),
``scatter_monster`` (``check_scatter_discard``), ``ruby_secret`` (``check_ruby_swap``) and
``discard_secret`` (``secrets.check_held``).
The Thief: ``thief_turn`` — the Thief's
turn (``roles/thief/turn.py``): the spaces within 3 of him and the Pits linked to his
(``thief_step``; his own space ``check_here``), the other players' pieces
(``thief_target``), his Loot Drop slots (``check_hide_loot``) and the Flare
(``check_flare``); ``thief_evasion`` — his Unnatural Evasion slip (``check_slip``);
``thief_stats`` (``check_assignment``), ``thief_upgrade`` (``check_upgrade``),
``thief_reveal`` (``check_reveal``) and ``thief_take_treasure`` (``check_take_treasure``).
The Dragon: ``dragon_turn`` and
``dragon_wing`` — the Dragon's free move and Wing (``roles/dragon/turn.py``
``dragon_move``, ``check_any_move``): the spaces within 3 of him and near the Pits, his
own piece; in Move and Use Powers also every power on his board (``roles/dragon/powers.py``
``check_power``) and every card in his hand (``check_play_card``: Power cards, Scales);
``dragon_burn`` and ``dragon_flame_wall`` — the tile of Burn and of the Flame Wall
(``check_burn``, ``check_flame_wall_target``): every tile and the spaces within 2 of him.
The Cave: its turn (``cave_turn``: the
map's spaces by phase, its hand tiles, its omens), filling open edges (``fill_open_edge``),
the tile drawn with no Cave (``place_tile``), the Collapse's removal (``collapse_tile``),
Cave-In (``cave_in``), the tile a Tribe explores (``explore_tile``, its hand tiles) and the
omens' targets (``omen_hatred``, ``omen_past_plunder``, ``omen_crystal_curse``: spaces and
hand tiles; ``omen_rockslide``: every edge of a tile).  Random games rarely reach the
Collapse, so :func:`test_in_the_collapse_a_removal_is_an_option_exactly_when_no_rule_check_refuses_it`
starts games in it.
The Dragon, besides: in his turn also the other places of his board (``check_board_place``: Sloth boxes, Gems,
the Shriek token); his other questions, each with every place of his board (a power there is
``check_power_elsewhere``): ``pay_power`` (his cards, ``check_pay_card``/``check_pay_place``),
``shriek_reroll`` (``check_reroll_place``/``check_reroll_card``), ``dragon_pride``
(``check_pride_place``), ``dragon_slither``, ``dragon_spores``, ``dragon_platinum``
(``check_slither_place``, ``check_spores_place``, ``check_platinum_place``),
``dragon_treasure`` and ``dragon_gem`` (the spaces within 2: ``check_pickup_space``,
``check_gem_space``; ``check_gem_place``), ``dragon_swat`` (the spaces within 6,
``check_swat_space``), ``dragon_push`` (the spaces within 4 of the piece moved and the pieces,
``check_push``/``check_push_piece``, on the map's ``check_pushed_to``), ``dragon_hiss`` and
``dragon_scratch`` (the pieces, ``check_hiss``, ``check_scratch_piece``/``check_scratch_space``),
``dragon_keep_scale`` (``check_keep_scale``); the rarer of these are met in
:func:`test_every_question_of_the_dragon_meets_the_property`.
The map's questions: ``orient_tile`` (``reveal.check_orient_space``), ``reveal_order``
(``reveal.check_reveal_next``), ``slide_section`` (``collapse.check_slide_space``), ``forced_move`` (``collapse.check_forced_move``, on
``check_pushed_to`` and ``check_forced_room``), ``move_entrance`` (``board.check_entrance_move``),
``past_plunder`` (``past_plunder.check_past_plunder``), ``terrain_place``
(``terrain.check_terrain_space``, ``check_placement_distance``), ``terrain_pit``
(``terrain.check_pit_space``), ``terrain_choose`` (``terrain.check_terrain_kind``), ``omen_giant_bats`` (``omens.check_bats_space``), ``thief_spores``
(``omens.check_spores_upgrade``), ``hex_target`` (``secrets.check_hex_target``),
``omen_soporific_spores`` (``omens.check_spores_target``), ``spores_tribe``
(``goblins.turn.check_spores_tribe``), ``trap_dragon`` (``goblins.turn.check_trap_card``),
``bright_beetles`` (``dragon.powers.check_bright_beetles``) and ``gnome_leap``
(``goblins.turn.check_gnome_leap``): every space near the map; the last two are met in
:func:`test_the_gnome_leap_and_the_moving_entrance_meet_the_property`.
The Ghoul (issue 29, ``roles/ghoul``): ``ghoul_turn`` — the spaces within 2 of it and every
tile (``check_space``: its own space's collection or smash, ``check_here``; a step,
``check_move``; a Blink, ``check_blink_to``), every piece (``check_piece``: an attack, a charge;
its own piece, ``check_any_move``), its Terror cards (``check_terror_card``) and the Flare
(``check_flare``); ``ghoul_place`` (``check_place``, or ``board.check_placement_space`` for the
Dark tile placed for it), ``ghoul_skitter`` (``check_skitter_space``), ``ghoul_skitter_symbol``
(``check_symbol``), ``ghoul_take_treasure`` (``check_take_treasure``), ``ghoul_scour``
(``check_scour_reveal``), ``ghoul_terror_keep`` and ``ghoul_terror_discard`` (``check_keep_card``,
``check_discard_card``); random games of :data:`GHOUL_GAMES` meet its turn, the rarer ones are
met in :func:`test_the_ghouls_rarer_questions_meet_the_property`.
Converting another decision kind adds one line to ``CONVERTED``.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest

from vast_desktop.engine import Setup, load_scenario, new_game, view
from vast_desktop.engine.cards import omens, promo_secrets, secrets
from vast_desktop.engine.cards import past_plunder as plunder
from vast_desktop.engine.cards import secrets as sc
from vast_desktop.engine.cards.ambush import check_ambush_cube, check_step_back, check_underworm
from vast_desktop.engine.cards.sidequests import check_sidequest
from vast_desktop.engine.cards.treasures import check_keep, check_treasure_card
from vast_desktop.engine.decisions import Decision, Target
from vast_desktop.engine.explain import knight_dragon as why_not_kd
from vast_desktop.engine.explain.why_not import is_fallback, why_not, why_not_reason
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import Pos, adjacent, edge, fmt_pos, parse_pos
from vast_desktop.engine.map import board, collapse, reveal, terrain
from vast_desktop.engine.map.terrain import neighbours, on_pit
from vast_desktop.engine.reasons import Reason
from vast_desktop.engine.roles.cave import turn as cv
from vast_desktop.engine.roles.dragon import powers as dp
from vast_desktop.engine.roles.dragon import turn as dr
from vast_desktop.engine.roles.dragon.state import SYMBOLS, dragon, gem_token
from vast_desktop.engine.roles.ghoul import attacks as gh_attacks
from vast_desktop.engine.roles.ghoul import terror as gh_terror
from vast_desktop.engine.roles.ghoul import turn as gh
from vast_desktop.engine.roles.ghoul.state import GhoulState
from vast_desktop.engine.roles.ghoul.vile import turn as vile_turn
from vast_desktop.engine.roles.goblins import schemes as sch
from vast_desktop.engine.roles.goblins import turn as gb
from vast_desktop.engine.roles.goblins.ambush import check_ambush
from vast_desktop.engine.roles.goblins.state import TRIBES
from vast_desktop.engine.roles.knight import board as kb
from vast_desktop.engine.roles.knight import turn as kn
from vast_desktop.engine.roles.meetings import knight_dragon as kvd
from vast_desktop.engine.roles.meetings import knight_ghoul as kvgh
from vast_desktop.engine.roles.meetings import knight_goblins as kvg
from vast_desktop.engine.roles.meetings import knight_thief as kvt
from vast_desktop.engine.roles.thief import turn as th
from vast_desktop.engine.roles.thief import upgrade_cards
from vast_desktop.engine.state import BASE_ROLES, TRACKS
from vast_desktop.teach.reference import load_reference

SUBSETS = [c for n in range(1, 6) for c in combinations(BASE_ROLES, n) if c != ("cave",)]
GAMES = [(roles, ()) for roles in SUBSETS] + [(roles, ("terrain",)) for roles in SUBSETS
                                             if "knight" in roles or "thief" in roles] + [
    (("knight", "goblins", "thief"), ("schemes",))]
STEPS = 120                      # a few turns of each game: enough Knight and Thief turns, fast
# a few games with the Ghoul (issue 29): with the Knight, and with the Goblins, the Dragon and the Thief
GHOUL_GAMES: list[tuple[tuple[str, ...], tuple[str, ...]]] = [(("knight", "ghoul"), ()),
                                                              (("goblins", "dragon", "thief", "ghoul"), ())]
RULE_CODE = re.compile(r"\b[A-Z]{2,4}-\d{2,3}\b")


@dataclass(frozen=True)
class Converted:
    """A decision kind whose targets are decided and explained by one rule check."""

    candidates: Callable[[Game, Decision], list[Target]]     # what the table can click in it
    check: Callable[[Game, Target], Reason | None]          # the rule check answering a target
    offered: Callable[[Decision], set[Target]]              # the targets of the options the check builds


# ------------------------------------------------------------- the Knight's turn
STEP_VERBS = ("move:", "mapmove:", "leave:")
# her other decisions in the same turn, on her board, her cards, the pieces and tokens, the walls
ACT_VERBS = ("cube:", "smash:", "collect:", "bomb:", "sidequest:", "treasure:", "dragon:", "thief:", "bowshot:",
             "bowghoul:")
SLOTS = (*TRACKS, "map", "shield", "bow", "bomb", "cubes")
TOKENS = ("crystal", "treasure", *(gem_token(s) for s in SYMBOLS))


def _knight_candidates(g: Game, d: Decision) -> list[Target]:
    """What the table can click in her turn: the map spaces within 2 of her and the Pits
    linked to hers, her own piece, the other pieces and the Crystal, Treasure and Gem tokens
    on the map, the places of her board, her Treasure and Sidequest cards, and the walls of
    her tile a click asks about the Bomb (``bomb_edge_asked``)."""
    p = kn.pos(g)
    spaces = {(p[0] + dx, p[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    spaces.update(neighbours(g, p))                       # the Pits linked to hers (TR-29)
    out = [Target("space", fmt_pos(q)) for q in sorted(spaces)] + [Target("piece", "knight")]
    board = g.state.board
    out += [Target("piece", name) for name in sorted(board.pieces) if name != "knight"]
    out += [Target("piece", f"{tok}@{fmt_pos(q)}") for q, toks in sorted(board.tokens.items())
            for tok in TOKENS if toks[tok]]
    k = kb.knight(g)
    slots = [*SLOTS, *(f"treasure:{card}" for card in k.treasures)]
    out += [Target("slot", f"knight.{slot}", drag_from="knight.cubes") for slot in slots]     # as the cube options
    out += [Target("card", card) for card in (*k.treasures, *k.sidequests)]
    for _, q in adjacent(p):
        if why_not_kd.bomb_edge_asked(g, d, p, q):
            a, b = edge(p, q)
            out.append(Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}"))
    return out


def _knight_check(g: Game, t: Target) -> Reason | None:
    """The rule check answering a target of her turn."""
    if t == Target("piece", "knight"):
        return kn.check_any_step(g)
    if t.kind == "space":
        return kn.knight_step(g, kn.pos(g), parse_pos(t.ref))
    if t.kind == "slot":
        return kb.check_cube_slot(g, t.ref.split(".", 1)[1])
    if t.kind == "card":
        return check_sidequest(g, t.ref) if t.ref in kb.knight(g).sidequests else check_treasure_card(g, t.ref)
    if t.kind == "edge":
        a, b = (parse_pos(x) for x in t.ref.split("|"))
        return kn.check_bomb_wall(g, a, b)
    name, _, at = t.ref.partition("@")
    if name.startswith("tribe:"):
        return kvg.check_target(g, name.split(":", 1)[1])
    if name == "thief":
        return kvt.check_target(g)
    if name == "dragon":
        return kvd.check_target(g)
    if name == "ghoul":
        return kvgh.check_bow_ghoul(g)
    if name.startswith("gem_"):
        return kvd.check_gem(g, parse_pos(at))
    return kn.check_token(g, name, parse_pos(at))


def _knight_offered(d: Decision) -> set[Target]:
    """Her step's targets (spaces and her piece), and the other options' targets but the
    space of her own tile that a smash, a collect or a Gem names too."""
    return ({t for o in d.options if o.id.startswith(STEP_VERBS) for t in o.targets}
            | {t for o in d.options if o.id.startswith(ACT_VERBS) for t in o.targets if t.kind != "space"})


# ------------------------------------------------------------- the Knight's questions mid-turn
def _verb_targets(*verbs: str) -> Callable[[Decision], set[Target]]:
    return lambda d: {t for o in d.options if o.id.startswith(verbs) for t in o.targets}


def _ambush_slots(g: Game, d: Decision) -> list[Target]:
    """Before an Ambush (KN-38): every place of her board, as the cube options name them."""
    slots = [*SLOTS, *(f"treasure:{card}" for card in kb.knight(g).treasures)]
    return [Target("slot", f"knight.{slot}", drag_from="knight.cubes") for slot in slots]


def _cube_sources(g: Game, d: Decision) -> list[Target]:
    """A cube to give up (KN-113, Light, Fresh Air/Water, Poison): unplaced, or any place of her board."""
    return [Target("slot", f"knight.{s}") for s in kb.cube_source_candidates(kb.knight(g))]


def _keep_cards(g: Game, d: Decision) -> list[Target]:
    """The card just found (KN-66), and her other cards."""
    k = kb.knight(g)
    found = why_not_kd.kept_card(d)
    return [Target("card", c) for c in dict.fromkeys([*([found] if found else []), *k.treasures, *k.sidequests])]


def _spaces_around_her(g: Game, d: Decision) -> list[Target]:
    """The spaces within 2 of her and on her diagonals up to 4 away (the step back, the Underworm)."""
    x, y = kn.pos(g)
    spaces = {(x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    spaces.update((x + sx * n, y + sy * n) for sx in (-1, 1) for sy in (-1, 1) for n in range(1, 5))
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)]


# ------------------------------------------------------------- the Goblins
# Every question asked through ``ask_goblins`` offers the Secrets in hand that
# ``check_play_secret`` allows (Hiding Spots only in the Activate Tribes menu), beside its own
# answers; the Goblins' decisions below add their cards in hand to what the table can click.
def _secrets_in_hand(g: Game) -> list[Target]:
    return [Target("card", c) for c in dict.fromkeys(gb.gs(g).hand)]


def _secret_check(g: Game, t: Target, d: Decision) -> Reason | None:
    return sc.check_play_secret(g, t.ref, reactions=d.kind == "goblins_turn")


def _offered(d: Decision, verbs: tuple[str, ...], kinds: tuple[str, ...] = ("space",)) -> set[Target]:
    """The targets of the options with these verbs (and of the Secrets played), of these kinds."""
    out = {t for o in d.options if o.id.startswith(verbs) for t in o.targets if t.kind in kinds}
    return out | {t for o in d.options if o.id.startswith("secret:") for t in o.targets}


def _active(g: Game) -> str:
    return gb.gs(g).activated[-1]


def _box(p: tuple[int, int], n: int) -> list[tuple[int, int]]:
    return [(p[0] + dx, p[1] + dy) for dx in range(-n, n + 1) for dy in range(-n, n + 1)]


def _activation_target(g: Game, tribe: str) -> Target:
    """Where the table activates a Tribe: its piece on the map, else its place on the board."""
    return Target("piece", gb.piece(tribe)) if gb.tribe_pos(g, tribe) else Target("slot", f"goblins.{tribe}")


def _menu_candidates(g: Game, d: Decision) -> list[Target]:
    """The Activate Tribes menu: each Tribe where it is activated, the Tribes' spaces, the Secrets;
    with the promo Slingshot face up, the other players' pieces (its targets, VAR-22)."""
    spaces = {p for t in TRIBES if (p := gb.tribe_pos(g, t)) is not None}
    others = ([Target("piece", x) for x in ("knight", "dragon", "thief") if x in g.state.board.pieces]
              if promo_secrets.held_face_up(g, "slingshot") is not None else [])
    return ([_activation_target(g, t) for t in TRIBES] + [Target("space", fmt_pos(p)) for p in sorted(spaces)]
            + _secrets_in_hand(g) + others)


def _menu_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    if t.kind == "card":
        return _secret_check(g, t, d)
    if t.kind == "space":
        return gb.check_menu_space(g, parse_pos(t.ref))
    if t.kind == "piece" and not t.ref.startswith("tribe:"):
        return promo_secrets.check_slingshot_target(g, t.ref)
    return gb.check_activate(g, t.ref.split(":", 1)[1] if t.kind == "piece" else t.ref.split(".")[1])


def _moving_candidates(g: Game, d: Decision) -> list[Target]:
    """The activated Tribe's movement: the spaces within 2 (steps, leaps), the Pits linked to
    its own, every tile with Secret Tunnels played, and the Secrets in hand."""
    p = gb.tribe_pos(g, _active(g))
    assert p is not None
    spaces = set(_box(p, 2)) | set(neighbours(g, p))
    if gb.gs(g).tunnels:
        spaces |= set(g.state.board.tiles)
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)] + _secrets_in_hand(g)


def _reveal_candidates(g: Game, d: Decision) -> list[Target]:
    """Revealing: every tile and every open space next to one, and the Secrets in hand."""
    tiles = g.state.board.tiles
    spaces = set(tiles) | {q for p in tiles for q in neighbours(g, p)}
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)] + _secrets_in_hand(g)


def _reveal_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    if t.kind == "card":
        return _secret_check(g, t, d)
    return gb.check_reveal_space(g, _active(g), parse_pos(t.ref))


def _lurker_candidates(g: Game, d: Decision) -> list[Target]:
    p = gb.gs(g).lurking[_active(g)]
    return [Target("space", fmt_pos(q)) for q in sorted(_box(p, 2))] + _secrets_in_hand(g)


def _lurker_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    if t.kind == "card":
        return _secret_check(g, t, d)
    tribe = _active(g)
    return gb.check_lurker_step(g, tribe, gb.gs(g).lurking[tribe], parse_pos(t.ref))


def _activation_candidates(g: Game, d: Decision) -> list[Target]:
    """The activated Tribe's movement and action: the spaces of :func:`_moving_candidates`,
    the other Tribes' pieces, the Knight, the Dragon, the Thief and the tokens on the map,
    every Tribe's name plate (Hide) and special action, and the Secrets in hand."""
    board = g.state.board
    active = _active(g)
    pieces = [Target("piece", x) for x in sorted(board.pieces) if x != gb.piece(active)]
    tokens = [Target("piece", f"{tok}@{fmt_pos(q)}") for q, toks in sorted(board.tokens.items())
              for tok in TOKENS if toks[tok]]
    slots = [Target("slot", f"goblins.{t}{part}") for t in TRIBES for part in ("", ".special")]
    return _moving_candidates(g, d) + pieces + tokens + slots


def _activation_check(g: Game, t: Target) -> Reason | None:
    d = _pending(g)
    active = _active(g)
    if t.kind == "card":
        return _secret_check(g, t, d)
    if t.kind == "space":
        return gb.check_activation_space(g, active, parse_pos(t.ref))
    if t.kind == "slot":
        return gb.check_tribe_action(g, active, t.ref.split(".")[1])
    name, _, at = t.ref.partition("@")
    if name.startswith("tribe:"):
        return gb.check_acting(g, active, name.split(":", 1)[1])
    if name in ("knight", "dragon", "thief", "ghoul"):
        return gb.check_tribe_target(g, active, name)
    return gb.check_token(g, active, name, parse_pos(at))


def _activation_offered(d: Decision) -> set[Target]:
    out = _offered(d, ("move:", "worm:", "tunnel:", "leave:", "explore:"))
    out |= {t for o in d.options if o.id.startswith(("move:", "attack:", "plunder:")) for t in o.targets
            if t.kind == "piece"}
    return out | {t for o in d.options if o.id.startswith(("special:", "hide:")) for t in o.targets}


def _war_candidates(g: Game, d: Decision) -> list[Target]:
    return [Target("card", c) for c in g.rules.deck("war")] + _secrets_in_hand(g)


def _war_check(g: Game, t: Target) -> Reason | None:
    if t.ref in g.rules.deck("war"):
        return gb.check_war_card(g, t.ref)
    return _secret_check(g, t, _pending(g))


def _populate_candidates(g: Game, d: Decision) -> list[Target]:
    return [Target("slot", f"goblins.{t}") for t in TRIBES] + [Target("slot", "goblins.rage")] + _secrets_in_hand(g)


def _populate_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "card":
        return _secret_check(g, t, _pending(g))
    if t.ref == "goblins.rage":
        return gb.rage_spent(g, True)
    return gb.check_block(g, t.ref.split(".")[1])


def _assign_candidates(g: Game, d: Decision) -> list[Target]:
    """Assign Monsters: each Tribe's Monster slot and name plate, the Monsters assigned and
    the one drawn, the Goblin Ruby face up, and the Secrets in hand."""
    s = gb.gs(g)
    slots = [Target("slot", f"goblins.{t}{part}") for t in TRIBES for part in ("", ".monster")]
    cards = [m for t in TRIBES for m in s.monsters[t]] + ([s.drawn_monster] if s.drawn_monster else [])
    ruby = [Target("card", c) for c in s.face_up if c.split("#")[0] == "goblin_ruby"]
    return slots + [Target("card", c) for c in cards] + ruby + _secrets_in_hand(g)


def _assign_check(g: Game, t: Target) -> Reason | None:
    s = gb.gs(g)
    if t.kind == "slot":
        parts = t.ref.split(".")
        return gb.check_assign(g, parts[1]) if len(parts) == 3 else gb.check_monster_head(g, parts[1])
    if t.ref in s.face_up:
        return gb.check_ruby(g, "monster")
    if t.ref in s.hand:
        return _secret_check(g, t, _pending(g))
    return gb.check_replace(g, t.ref)


def _map_pieces(g: Game) -> list[Target]:
    """Every Tribe's piece (a hidden one is chosen on the board) and the other pieces on the map."""
    pieces = {gb.piece(t) for t in TRIBES} | set(g.state.board.pieces)
    return [Target("piece", x) for x in sorted(pieces)]


def _overpopulation_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "card":
        return gb.check_overpopulation_secret(g, t.ref)
    return gb.check_scatter_piece(g, t.ref)


def _hand_and_face_up(g: Game, d: Decision) -> list[Target]:
    s = gb.gs(g)
    return [Target("card", c) for c in dict.fromkeys(s.hand + s.face_up)]


def _ruby_secret_check(g: Game, t: Target) -> Reason | None:
    """The Goblin Ruby swaps a card just drawn; a Secret in hand may be played instead."""
    swap = gb.check_ruby_swap(g, t.ref)
    if swap is None or t.ref not in gb.gs(g).hand:
        return swap
    return None if _secret_check(g, t, _pending(g)) is None else swap


def _secrets_only(g: Game, d: Decision) -> list[Target]:
    return _secrets_in_hand(g)


def _secrets_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    return _secret_check(g, t, d)


# ------------------------------------------------------------- the Thief's turn and slip
THIEF_SPACE_VERBS = ("move:", "leave:", "climb:", "climbover:", "loot:", "picklock:", "peek:")
THIEF_PIECE_VERBS = ("pickpocket:", "backstab:")


def _near(g: Game, p: tuple[int, int], reach: int) -> list[Target]:
    spaces = {(p[0] + dx, p[1] + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
              if abs(dx) + abs(dy) <= reach}
    spaces.update(neighbours(g, p))                       # the Pits linked to his (TR-29)
    return [Target("space", fmt_pos(q)) for q in sorted(spaces)]


def _thief_candidates(g: Game, d: Decision) -> list[Target]:
    """His turn: the spaces within 3 (moves, Climbs over, his own space), the other players'
    pieces, the Loot Drop slots, the Flare card."""
    p = th.pos(g)
    assert p is not None
    pieces = [Target("piece", x) for x in sorted(g.state.board.pieces) if x != "thief"]
    slots = [Target("slot", f"thief.loot_drop.{n}") for n in range(g.rules.thief.loot_drop_start + 1)]
    return _near(g, p, 3) + pieces + slots + [Target("card", "flare")] + _card_slots(g)


def _card_slots(g: Game) -> list[Target]:
    """The Charm's and the Wand's buttons (thief-upgrades): one per piece, himself, the Cave."""
    who = [x for x in sorted(g.state.board.pieces) if x != "thief"] + ["cave"]
    return [Target("slot", f"thief.charm.{x}") for x in who] + [Target("slot", f"thief.wand.{x}") for x in
                                                                 ["thief", *who]]


def _thief_check(g: Game, t: Target) -> Reason | None:
    p = th.pos(g)
    assert p is not None
    if t.kind == "piece":
        return th.thief_target(g, t.ref)
    if t.kind == "slot" and t.ref.startswith(("thief.charm.", "thief.wand.")):
        what, _, x = t.ref[len("thief."):].partition(".")
        return (upgrade_cards.check_charm if what == "charm" else upgrade_cards.check_wand)(g, x)
    if t.kind == "slot":
        return th.check_hide_loot(g, int(t.ref.rsplit(".", 1)[1]))
    if t.kind == "card":
        return th.check_flare(g)
    q = parse_pos(t.ref)
    return th.check_here(g, p) if q == p else th.thief_step(g, p, q)


def _thief_offered(d: Decision) -> set[Target]:
    return {t for o in d.options for t in o.targets
            if (t.kind == "space" and o.id.startswith(THIEF_SPACE_VERBS))
            or (t.kind == "piece" and o.id.startswith(THIEF_PIECE_VERBS))
            or (t.kind == "slot" and o.id.startswith(("hide:", "charm:", "wand:")))
            or (t.kind == "card" and o.id == "flare:")}


def _slip_candidates(g: Game, d: Decision) -> list[Target]:
    p = th.pos(g)
    assert p is not None
    return _near(g, p, 2)


def _slip_check(g: Game, t: Target) -> Reason | None:
    p = th.pos(g)
    assert p is not None
    return th.check_slip(g, p, parse_pos(t.ref))


def _slip_offered(d: Decision) -> set[Target]:
    return {t for o in d.options if o.id.startswith("step:") for t in o.targets}


def _stats_candidates(g: Game, d: Decision) -> list[Target]:
    return [Target("slot", f"thief.stats.{m}-{s}-{t}") for m in range(1, 6) for s in range(1, 6) for t in range(1, 6)]


def _stats_check(g: Game, t: Target) -> Reason | None:
    return th.check_assignment(g, tuple(int(v) for v in t.ref.rsplit(".", 1)[1].split("-")))


def _upgrade_candidates(g: Game, d: Decision) -> list[Target]:
    return [Target("slot", f"thief.upgrade.{u.id}") for u in g.rules.thief.upgrades]


def _thief_reveal_check(g: Game, t: Target) -> Reason | None:
    return th.check_reveal(g, parse_pos(t.ref))


def _take_candidates(g: Game, d: Decision) -> list[Target]:
    return [Target("space", fmt_pos(q)) for q in sorted(g.state.board.tiles)]


# ------------------------------------------------------------- the Dragon's movement and powers
def _dragon_spaces(g: Game) -> list[Target]:
    """The spaces within 3 of him, and those within 2 of a Pit (TR-29/31: a movement may
    jump from Pit to Pit)."""
    p = dr.pos(g)
    near = {(p[0] + dx, p[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4) if abs(dx) + abs(dy) <= 3}
    for q in g.state.board.tiles:
        if on_pit(g, q):
            near.update((q[0] + dx, q[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2)
    return [Target("space", fmt_pos(q)) for q in sorted(near)] + [Target("piece", "dragon")]


def _board_places(g: Game) -> list[Target]:
    """Every place of his board: the powers, the Sloth boxes, the Gems, the Shriek token."""
    places = [f"power.{p.id}" for p in g.rules.dragon.powers] + list(dr.SLOTH_SLOTS)
    return [Target("slot", f"dragon.{place}") for place in (*places, *(f"gem.{s}" for s in SYMBOLS), "shriek")]


def _his_cards(g: Game) -> list[Target]:
    """His cards the table shows: his hand, and his discard pile."""
    return [Target("card", c) for c in dict.fromkeys(sorted(dragon(g).hand) + sorted(dragon(g).discard))]


def _dragon_turn_candidates(g: Game, d: Decision) -> list[Target]:
    hand = [Target("card", c) for c in sorted(set(dragon(g).hand))]
    return _dragon_spaces(g) + _board_places(g) + hand


def _dragon_check(kind: str) -> Callable[[Game, Target], Reason | None]:
    def check(g: Game, t: Target) -> Reason | None:
        if t == Target("piece", "dragon"):
            return dr.check_any_move(g, kind)
        if t.kind == "space":
            return dr.dragon_move(g, kind, parse_pos(t.ref))
        if t.kind == "slot":
            return dp.check_board_place(g, t.ref.split(".", 1)[1])
        return dp.check_play_card(g, t.ref)
    return check


def _place_check(check: Callable[[Game, str], Reason | None]) -> Callable[[Game, Target], Reason | None]:
    """A place of his board in a question that is not Move and Use Powers: a power is used
    only there (``check_power_elsewhere``), another place goes to ``check``."""
    def routed(g: Game, t: Target) -> Reason | None:
        place = t.ref.split(".", 1)[1]
        if place.startswith("power."):
            return dp.check_power_elsewhere(g, place.split(".", 1)[1], _pending(g).prompt)
        return check(g, place)
    return routed


def _pay_check(g: Game, t: Target) -> Reason | None:
    power = why_not_kd.paying_power(_pending(g))
    assert power is not None
    if t.kind == "card":
        return dp.check_pay_card(g, power, t.ref)
    return _place_check(lambda g, place: dp.check_pay_place(g, power, place))(g, t)


def _reroll_check(g: Game, t: Target) -> Reason | None:
    return dp.check_reroll_card(g, t.ref) if t.kind == "card" else _place_check(dp.check_reroll_place)(g, t)


def _pride_check(g: Game, t: Target) -> Reason | None:
    met = why_not_kd.pride_box(_pending(g))
    assert met is not None
    return _place_check(lambda g, place: dr.check_pride_place(g, met, place))(g, t)


def _spaces_within(p: Pos, n: int) -> list[Target]:
    return [Target("space", fmt_pos((p[0] + dx, p[1] + dy))) for dx in range(-n, n + 1) for dy in range(-n, n + 1)
            if abs(dx) + abs(dy) <= n]


def _tile_and_board(g: Game, d: Decision) -> list[Target]:
    """Pick Up Treasure, Place Dragon Gem: the spaces within 2 of him, and his board."""
    return _spaces_within(dr.pos(g), 2) + _board_places(g)


def _tile_check(g: Game, t: Target) -> Reason | None:
    kind = _pending(g).kind
    if t.kind == "space":
        q = parse_pos(t.ref)
        return dr.check_pickup_space(g, q) if kind == "dragon_treasure" else dr.check_gem_space(g, q)
    return _place_check(dr.check_gem_place)(g, t)


def _pieces(g: Game) -> list[Target]:
    return [Target("piece", name) for name in sorted(g.state.board.pieces)]


def _swat_candidates(g: Game, d: Decision) -> list[Target]:
    """Swat: the spaces within 6 of him (a token next to him, up to 5 further)."""
    return _spaces_within(dr.pos(g), 6)


def _push_candidates(g: Game, d: Decision) -> list[Target]:
    """Claw, Slap, Wrath: the spaces within 4 of the piece moved, the Pits linked to its own, the pieces."""
    moving = why_not_kd.pushed(d)
    assert moving is not None
    p = g.state.board.pieces[moving[1]]
    pits = [Target("space", fmt_pos(q)) for q in neighbours(g, p)]
    return list(dict.fromkeys(_spaces_within(p, 4) + pits)) + _pieces(g)


def _push_check(g: Game, t: Target) -> Reason | None:
    moving = why_not_kd.pushed(_pending(g))
    assert moving is not None
    why, piece = moving
    if t.kind == "piece":
        return dp.check_push_piece(g, why, piece, t.ref)
    return dp.check_push(g, why, piece, parse_pos(t.ref))


def _scratch_check(g: Game, t: Target) -> Reason | None:
    return dp.check_scratch_piece(g, t.ref) if t.kind == "piece" else dp.check_scratch_space(g, parse_pos(t.ref))


def _places_only(g: Game, d: Decision) -> list[Target]:
    return _board_places(g)


def _offered_verb(*verbs: str) -> Callable[[Decision], set[Target]]:
    return lambda d: {t for o in d.options if o.id.startswith(verbs) for t in o.targets}


def _map_and_near(g: Game, d: Decision) -> list[Target]:
    """Every tile of the map and the spaces within 2 of him (Burn: a Dark tile anywhere;
    the Flame Wall: a tile next to his)."""
    p = dr.pos(g)
    near = {(p[0] + dx, p[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2}
    return [Target("space", fmt_pos(q)) for q in sorted(near | set(g.state.board.tiles))]


def _space_check(check: Callable[[Game, Pos], Reason | None]) -> Callable[[Game, Target], Reason | None]:
    return lambda g, t: check(g, parse_pos(t.ref))


# ------------------------------------------------------------- the Cave, the map's tiles, the Collapse
def _near_map(g: Game) -> list[Pos]:
    """Every tile of the map and every open space beside one (what the table can click there)."""
    tiles = g.state.board.tiles
    return sorted(set(tiles) | {q for p in tiles for _, q in adjacent(p)})


def _spaces(g: Game, d: Decision) -> list[Target]:
    return [Target("space", fmt_pos(q)) for q in _near_map(g)]


def _hand_tiles(g: Game) -> list[Target]:
    """The Cave's hand, a tile on the map and one still in the stack."""
    cave = g.state.cave
    assert cave is not None
    others = [pt.tile_id for pt in g.state.board.tiles.values() if pt.terrain is None][:1] + g.state.stack[:1]
    return [Target("hand_tile", t) for t in sorted({*cave.hand, *others})]


def _omen_slots(g: Game) -> list[Target]:
    return [Target("slot", f"cave.omen.{o.id}") for o in g.rules.omens]


def _edges(g: Game, d: Decision) -> list[Target]:
    tiles = g.state.board.tiles
    return [Target("edge", f"{fmt_pos(a)}|{fmt_pos(b)}") for a, b in sorted({edge(p, q) for p in tiles
                                                                               for _, q in adjacent(p)})]


def _all_targets(d: Decision) -> set[Target]:
    return {t for o in d.options for t in o.targets}


def _cave_turn_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "space":
        return cv.check_cave_space(g, parse_pos(t.ref))
    if t.kind == "hand_tile":
        return cv.check_cave_hand_tile(g, t.ref)
    return omens.check_omen(g, t.ref.rsplit(".", 1)[1])


def _fill_candidates(g: Game, d: Decision) -> list[Target]:
    if d.rules_ref == "terrain.leaving":      # TR-12: the mover's space, not converted
        return _hand_tiles(g)
    return _spaces(g, d) + _hand_tiles(g)


def _fill_check(g: Game, t: Target) -> Reason | None:
    d = g.pending
    assert d is not None
    if t.kind == "space":
        return board.check_fill_space(g, parse_pos(t.ref))
    return board.check_hand_tile(g, t.ref, g.state.active == "cave" and d.rules_ref != "terrain.leaving")


def _hatred_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "space":
        return omens.check_hatred_space(g, parse_pos(t.ref))
    return omens.check_hatred_hand_tile(g, t.ref)


def _rockslide_check(g: Game, t: Target) -> Reason | None:
    a, b = (parse_pos(x) for x in t.ref.split("|"))
    return omens.check_rockslide_edge(g, a, b)


def _collapse_check(g: Game, t: Target) -> Reason | None:
    return collapse.check_collapse(g, parse_pos(t.ref), collapse.collapse_order(g, g.config.alone_in_the_dark))


def _fact_spaces(g: Game, fact: str) -> list[Pos]:
    """The spaces a public fact of the pending decision names (``x,y`` separated by spaces)."""
    return [parse_pos(x) for x in (_pending(g).fact(fact) or "").split()]


def _orient_check(g: Game, t: Target) -> Reason | None:
    came = _fact_spaces(g, "from")
    return reveal.check_orient_space(g, _fact_spaces(g, "tile")[0], parse_pos(t.ref), came[0] if came else None)


# ------------------------------------------------------------- the Ghoul
def _gs(g: Game) -> GhoulState:
    s = g.state.ghoul
    assert isinstance(s, GhoulState)
    return s


def _ghoul_pos(g: Game) -> Pos:
    p = gh.pos(g)
    assert p is not None
    return p


def _ghoul_turn_candidates(g: Game, d: Decision) -> list[Target]:
    """Its turn: the spaces within 2 of it and every tile (a Blink's), every piece, its Terror
    cards and the Flare."""
    spaces = [Target("space", fmt_pos(q)) for q in sorted(set(g.state.board.tiles) - {
        parse_pos(t.ref) for t in _near(g, _ghoul_pos(g), 2)})]
    cards = [Target("card", c) for c in dict.fromkeys(_gs(g).terror)] + [Target("card", "flare")]
    return _near(g, _ghoul_pos(g), 2) + spaces + _pieces(g) + cards


def _ghoul_turn_check(g: Game, t: Target) -> Reason | None:
    if t.kind == "space":
        return gh.check_space(g, parse_pos(t.ref))
    if t.kind == "piece":
        return gh.check_piece(g, t.ref)
    return gh.check_flare(g) if t.ref == "flare" else gh_terror.check_terror_card(g, t.ref)


def _ghoul_place_check(g: Game, t: Target) -> Reason | None:
    if any(o.id.startswith("tile:") for o in _pending(g).options):
        return board.check_placement_space(g, parse_pos(t.ref))
    return gh.check_place(g, parse_pos(t.ref))


def _ghoul_cards(g: Game, d: Decision) -> list[Target]:
    """The Terror cards the table shows it: those just drawn and those it holds."""
    return [Target("card", c) for c in dict.fromkeys(_gs(g).drawing + _gs(g).terror)]


def _vile_select_candidates(g: Game, d: Decision) -> list[Target]:
    """VG-06: every die face as a supply die and as a row of the chart."""
    return [Target("slot", f"{where}{f}") for where in (vile_turn.SUPPLY_SLOT, vile_turn.ROW_SLOT) for f in range(1, 7)]


CONVERTED: dict[str, Converted] = {
    "knight_turn": Converted(_knight_candidates, _knight_check, _knight_offered),
    "goblins_turn": Converted(_menu_candidates, _menu_check,
                              lambda d: _offered(d, ("activate:", "slingshot:"), ("piece", "slot"))),
    "tribe_activation": Converted(_activation_candidates, _activation_check, _activation_offered),
    "reveal_tribe": Converted(_reveal_candidates, _reveal_check, lambda d: _offered(d, ("reveal:", "lurk:"))),
    "lurker": Converted(_lurker_candidates, _lurker_check, lambda d: _offered(d, ("step:",))),
    "war_card": Converted(_war_candidates, _war_check, lambda d: _offered(d, ("war:", "ruby:"), ("card",))),
    "populate": Converted(_populate_candidates, _populate_check, lambda d: _offered(d, ("block:",), ("slot",))),
    "assign_monster": Converted(_assign_candidates, _assign_check,
                                lambda d: _offered(d, ("assign:", "replace:", "ruby:"), ("slot", "card"))),
    "overpopulation": Converted(lambda g, d: _map_pieces(g) + _secrets_in_hand(g), _overpopulation_check,
                                _offered_verb("scatter:", "secret:")),
    "choose_tribe": Converted(lambda g, d: _map_pieces(g),
                              lambda g, t: sc.check_choose_piece(g, _pending(g).fact("secret") or "", t.ref),
                              _offered_verb("tribe:")),
    "ambush": Converted(lambda g, d: [Target("slot", f"goblins.{t}") for t in TRIBES],
                        lambda g, t: check_ambush(g, t.ref.split(".")[1], _pending(g).fact("source") or ""),
                        _offered_verb("ambush:")),
    "scatter_monster": Converted(lambda g, d: [Target("card", m) for t in TRIBES for m in gb.gs(g).monsters[t]],
                                 lambda g, t: gb.check_scatter_discard(g, _pending(g).fact("tribe") or "", t.ref),
                                 _offered_verb("discard_monster:")),
    "scheme_buy": Converted(lambda g, d: [t for t in _secrets_in_hand(g) if sch.is_scheme(g, t.ref)],
                            lambda g, t: sch.check_buy(g, t.ref), lambda d: _offered(d, ("buy:",), ("card",))),
    "scheme_pay": Converted(lambda g, d: list(dict.fromkeys(     # the Scheme being bought stays in hand while paid for
                                [t for t in _secrets_in_hand(g) if sch.is_scheme(g, t.ref)]
                                + [Target("card", d.fact("scheme") or "")])),
                            lambda g, t: sch.check_pay_card(g, _pending(g).fact("scheme") or "", t.ref),
                            lambda d: _offered(d, ("pay:",), ("card",))),
    "ruby_secret": Converted(_hand_and_face_up, _ruby_secret_check, lambda d: _offered(d, ("ruby:",), ("card",))),
    "discard_secret": Converted(lambda g, d: [Target("card", c) for c in g.rules.deck("secrets")],
                                lambda g, t: sc.check_held(g, t.ref), _offered_verb("discard:", "secret:")),
    "thief_turn": Converted(_thief_candidates, _thief_check, _thief_offered),
    "thief_evasion": Converted(_slip_candidates, _slip_check, _slip_offered),
    "thief_stats": Converted(_stats_candidates, _stats_check, _offered_verb("assign:")),
    "thief_upgrade": Converted(_upgrade_candidates, lambda g, t: th.check_upgrade(g, t.ref.rsplit(".", 1)[1]),
                               _offered_verb("upgrade:")),
    "thief_reveal": Converted(_slip_candidates, _thief_reveal_check, _offered_verb("reveal:")),
    "thief_take_treasure": Converted(_take_candidates, lambda g, t: th.check_take_treasure(g, parse_pos(t.ref)),
                                     _offered_verb("take:")),
    "dragon_turn": Converted(_dragon_turn_candidates, _dragon_check("free"), _offered_verb("move:", "power:", "scale:")),
    "dragon_wing": Converted(lambda g, d: _dragon_spaces(g), _dragon_check("wing"), _offered_verb("wing:")),
    "dragon_burn": Converted(_map_and_near, _space_check(dp.check_burn), _offered_verb("burn:")),
    "dragon_flame_wall": Converted(_map_and_near, _space_check(dp.check_flame_wall_target), _offered_verb("flamewall:")),
    "pay_power": Converted(lambda g, d: _board_places(g) + _his_cards(g), _pay_check, _offered_verb("pay:")),
    "shriek_reroll": Converted(lambda g, d: _board_places(g) + _his_cards(g), _reroll_check, _offered_verb("reroll:")),
    "dragon_pride": Converted(_places_only, _pride_check, _offered_verb("pride:now")),
    "dragon_slither": Converted(_places_only, _place_check(dp.check_slither_place), _offered_verb("slither:")),
    "dragon_spores": Converted(_places_only, _place_check(dr.check_spores_place), _offered_verb("sloth:")),
    "dragon_platinum": Converted(_places_only, _place_check(dp.check_platinum_place), _offered_verb("sloth:")),
    "dragon_treasure": Converted(lambda g, d: _spaces_within(dr.pos(g), 2), _tile_check, _offered_verb("pickup:")),
    "dragon_gem": Converted(_tile_and_board, _tile_check, _offered_verb("gem:")),
    "dragon_swat": Converted(_swat_candidates, _space_check(dp.check_swat_space), _offered_verb("swat:")),
    "dragon_push": Converted(_push_candidates, _push_check, _offered_verb("push:")),
    "dragon_hiss": Converted(lambda g, d: _pieces(g), lambda g, t: dp.check_hiss(g, t.ref), _offered_verb("hiss:")),
    "dragon_scratch": Converted(lambda g, d: _pieces(g) + _spaces_within(dr.pos(g), 2), _scratch_check,
                                _offered_verb("scratch:")),
    "dragon_keep_scale": Converted(lambda g, d: _his_cards(g), lambda g, t: dr.check_keep_scale(g, t.ref),
                                   _offered_verb("keep:")),
    "ambush_strength": Converted(_ambush_slots, lambda g, t: check_ambush_cube(g, t.ref.split(".", 1)[1]),
                                 _verb_targets("cube:")),
    "choose_cube": Converted(_cube_sources,
                             lambda g, t: kb.check_cube_source(g, t.ref.split(".", 1)[1],
                                                               why_not_kd.cube_source_rule(_pending(g))),
                             _verb_targets("from:")),
    "keep_treasure": Converted(_keep_cards, lambda g, t: check_keep(g, _found(g), t.ref), _verb_targets("keep:")),
    "ambush_step": Converted(_spaces_around_her, lambda g, t: check_step_back(g, kn.pos(g), parse_pos(t.ref)),
                             _verb_targets("step:")),
    "underworm": Converted(_spaces_around_her, lambda g, t: check_underworm(g, kn.pos(g), parse_pos(t.ref)),
                           _verb_targets("burrow:")),
    "cave_turn": Converted(lambda g, d: _spaces(g, d) + _hand_tiles(g) + _omen_slots(g), _cave_turn_check,
                           _all_targets),
    "fill_open_edge": Converted(_fill_candidates, _fill_check, _all_targets),
    "place_tile": Converted(_spaces, _space_check(board.check_placement_space), _all_targets),
    "collapse_tile": Converted(_spaces, _collapse_check, _all_targets),
    "cave_in": Converted(_spaces, _space_check(secrets.check_cave_in), _all_targets),
    "meat_space": Converted(_spaces, _space_check(promo_secrets.check_meat_space), _all_targets),
    "explore_tile": Converted(lambda g, d: _hand_tiles(g), lambda g, t: board.check_hand_tile(g, t.ref, False),
                              _all_targets),
    "omen_hatred": Converted(lambda g, d: _spaces(g, d) + _hand_tiles(g), _hatred_check, _all_targets),
    "omen_past_plunder": Converted(_spaces, _space_check(omens.check_treasure_space), _all_targets),
    "omen_crystal_curse": Converted(_spaces, _space_check(omens.check_curse_space), _all_targets),
    "omen_rockslide": Converted(_edges, _rockslide_check, _all_targets),
    "orient_tile": Converted(_spaces, _orient_check, _all_targets),
    "reveal_order": Converted(_spaces, lambda g, t: reveal.check_reveal_next(g, parse_pos(t.ref), _fact_spaces(g, "tiles")),
                              _all_targets),
    "move_entrance": Converted(_spaces, lambda g, t: board.check_entrance_move(g, g.state.board.entrance,
                                                                               parse_pos(t.ref)), _all_targets),
    "past_plunder": Converted(_spaces, _space_check(plunder.check_past_plunder), _offered_verb("plunder:", "plunder_tile:")),
    "forced_move": Converted(_spaces, lambda g, t: collapse.check_forced_move(g, _pending(g).fact("piece") or "",
                                                                              parse_pos(t.ref)), _all_targets),
    "slide_section": Converted(_spaces, _space_check(collapse.check_slide_space), _all_targets),
    "terrain_pit": Converted(_spaces, lambda g, t: terrain.check_pit_space(g, _fact_spaces(g, "origin")[0],
                                                                         parse_pos(t.ref)), _all_targets),
    "terrain_place": Converted(_spaces, lambda g, t: terrain.check_terrain_space(
        g, _pending(g).fact("tile") or "", _fact_spaces(g, "origin")[0], parse_pos(t.ref)), _all_targets),
    "omen_giant_bats": Converted(_spaces, _space_check(omens.check_bats_space), _all_targets),
    "terrain_choose": Converted(lambda g, d: [Target("card", f"terrain:{k}") for k in (*terrain.KIND_NAMES, "other")],
                                lambda g, t: terrain.check_terrain_kind(g, _fact_spaces(g, "origin")[0],
                                                                        t.ref.split(":", 1)[1]), _all_targets),
    "thief_spores": Converted(_upgrade_candidates, lambda g, t: omens.check_spores_upgrade(g, t.ref.rsplit(".", 1)[1]),
                              _offered_verb("upgrade:")),
    "hex_target": Converted(lambda g, d: _pieces(g), lambda g, t: secrets.check_hex_target(g, t.ref.partition("@")[0]),
                            _offered_verb("hex:")),
    "omen_soporific_spores": Converted(
        lambda g, d: [target for _, target in omens.SPORES_OPTIONS.values()] + [Target("slot", "cave.omens")],
        lambda g, t: omens.check_spores_target(g, t.ref.split(".")[0]), _all_targets),
    "spores_tribe": Converted(lambda g, d: [Target("slot", f"goblins.{t}") for t in TRIBES],
                              lambda g, t: gb.check_spores_tribe(g, t.ref.split(".")[1]), _offered_verb("tribe:")),
    "trap_dragon": Converted(lambda g, d: [Target("card", c) for c in g.rules.deck("secrets")],
                             lambda g, t: gb.check_trap_card(g, t.ref), _offered_verb("trap:")),
    "bright_beetles": Converted(lambda g, d: [Target("card", m) for t in TRIBES for m in gb.gs(g).monsters[t]],
                                lambda g, t: dp.check_bright_beetles(g, _pending(g).fact("tribe") or "", t.ref),
                                _offered_verb("beetles:")),
    "gnome_leap": Converted(_spaces, lambda g, t: gb.check_gnome_leap(g, _fact_spaces(g, "from")[0], parse_pos(t.ref)),
                            _offered_verb("leap:")),
    "ghoul_turn": Converted(_ghoul_turn_candidates, _ghoul_turn_check, _all_targets),
    "vile_ghoul_select": Converted(_vile_select_candidates,
                                   lambda g, t: vile_turn.check_select(g, int(t.ref.rsplit(".", 1)[1])), _all_targets),
    "ghoul_place": Converted(_spaces, _ghoul_place_check, _all_targets),
    "ghoul_skitter": Converted(_spaces, lambda g, t: gh_attacks.check_skitter_space(g, parse_pos(t.ref),
                                                                                   _pending(g).fact("symbol") or ""),
                               _offered_verb("skitter:")),
    "ghoul_skitter_symbol": Converted(lambda g, d: [Target("slot", f"ghoul.symbol.{sym}")
                                                    for sym in g.rules.ghoul.skitter_symbols],
                                      lambda g, t: gh_attacks.check_symbol(g, t.ref.rsplit(".", 1)[1]),
                                      _offered_verb("symbol:")),
    "ghoul_take_treasure": Converted(_take_candidates, lambda g, t: gh.check_take_treasure(g, parse_pos(t.ref)),
                                     _offered_verb("take:")),
    "ghoul_scour": Converted(lambda g, d: _near(g, _ghoul_pos(g), 2),
                             lambda g, t: gh_terror.check_scour_reveal(g, parse_pos(t.ref)), _offered_verb("reveal:")),
    "ghoul_terror_keep": Converted(_ghoul_cards, lambda g, t: gh_terror.check_keep_card(g, t.ref),
                                   _offered_verb("keep:")),
    "ghoul_terror_discard": Converted(_ghoul_cards, lambda g, t: gh_terror.check_discard_card(g, t.ref),
                                      _offered_verb("discard:")),
}


def _pending(g: Game) -> Decision:
    assert g.pending is not None
    return g.pending


def _found(g: Game) -> str:
    found = why_not_kd.kept_card(_pending(g))
    assert found is not None
    return found


# ------------------------------------------------------------- the property
def _check_decision(g: Game, d: Decision, kind: Converted) -> int:
    """The property at one decision; returns how many refusals it checked."""
    targets = {(t.kind, t.ref) for o in d.options for t in o.targets}      # as the table matches a click
    offered = {(t.kind, t.ref) for t in kind.offered(d)}
    refused = 0
    for t in kind.candidates(g, d):
        reason = why_not_reason(g, d.role, t)
        where = f"step {len(g.choices)} {d.kind} {t}"
        option = (t.kind, t.ref) in targets
        assert option == (reason is None), f"{where}: option target {option}, reason {reason}"
        checked = kind.check(g, t)
        assert (checked is None) == ((t.kind, t.ref) in offered), f"{where}: check {checked} but offered {not option}"
        if reason is None:
            continue
        refused += 1
        assert reason.checked and reason == checked, f"{where}: {reason!r} is not the check's {checked!r}"
        text = why_not(g, d.role, t)
        assert text == reason.text and not is_fallback(g, text), f"{where}: {text!r}"
        assert not RULE_CODE.search(reason.text), f"{where}: a rule code in the words: {reason.text!r}"
        assert load_reference().for_rule(reason.rule) is not None, f"{where}: no Rule link for {reason.rule}"
    return refused


@pytest.mark.parametrize("roles, variants", GAMES + GHOUL_GAMES, ids=["-".join(r + v) for r, v in GAMES + GHOUL_GAMES])
def test_a_target_is_an_option_exactly_when_no_rule_check_refuses_it(roles: tuple[str, ...],
                                                                     variants: tuple[str, ...]) -> None:
    """Issue 25, item 2 (with MAP-03, KN-20/21/23/37/46/56/70, TR-12/17/29/30, VAR-44 for
    the Knight's step; GB-24/26..29/32/36..42/47/50/53/54/58/59/60/63..65/67/69/71..74/76..81/
    82/83/84/87/88, TR-12/17/29/30 for the Goblins; TH-04/06/08/09/11/13/14/15/23/24/26/27/28/32/36, TR-18/19/26, RV-05 for the
    Thief's turn and slip; DR-08/12/17/26..36, TR-12/17/18/31, VAR-34..37 for the Dragon's
    movement and powers; GH-04/10..17/22/28/30/43, RV-05 for the Ghoul's turn and placement):
    options and why-not answers come from the same rule checks."""
    seed = 3 + len(roles)
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    rng = random.Random(seed)
    decisions: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    while g.outcome is None and len(g.choices) < STEPS:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None:
            decisions[d.role] += 1
            refused[d.role] += _check_decision(g, d, kind)
        g.apply(rng.choice(d.options).id)
    for role in ("knight", "goblins", "thief", "dragon", "ghoul"):   # the other kinds are rarer: covered when met
        if role in roles:
            assert decisions[role] > 0 and refused[role] > 0, (role, decisions, refused)



# ------------------------------------------------------------- positions in the Collapse
def _tile(x: int, y: int, tile: str, lit: bool = True) -> dict[str, Any]:
    return {"pos": [x, y], "tile": tile, "lit": lit, "rot": 0}


# A map of 13 tiles: a revealed Crystal tile, Dark tiles, a long arm (tiles touching 1, 2, 3, 4).
COLLAPSE_MAP = [{"pos": [0, 0], "tile": "entrance"}, _tile(1, 0, "T01"), _tile(2, 0, "T05"), _tile(1, 1, "T10"),
                _tile(0, 1, "T13"), _tile(-1, 0, "T20", lit=False), _tile(0, -1, "T22"), _tile(1, -1, "T25", lit=False),
                _tile(2, 1, "T29"), _tile(3, 0, "T37"), _tile(-1, 1, "T30", lit=False), _tile(0, 2, "T08"),
                _tile(-2, 0, "T09")]
OMENS = {s: 4 for s in ("chasm", "bat", "boulder", "quartz", "mushroom", "trail")}
IN_THE_COLLAPSE: dict[str, dict[str, Any]] = {
    "cave": {"roles": ["knight", "cave"]},
    "cave-hatred-any-order": {"roles": ["knight", "cave"], "house_rules": ["hatred_ignores_collapse_order"]},
    "cave-open-edges": {"roles": ["knight", "cave"], "house_rules": ["collapse_touch_open_edges"]},
    "cave-moving-entrance": {"roles": ["knight", "cave"], "variants": ["moving-entrance"]},
    "goblins-no-cave": {"roles": ["knight", "goblins"]},
    "alone-in-the-dark": {"roles": ["knight"], "solo_level": "easy"},
}


@pytest.mark.parametrize("name", list(IN_THE_COLLAPSE))
def test_in_the_collapse_a_removal_is_an_option_exactly_when_no_rule_check_refuses_it(name: str) -> None:
    """Issue 25, item 2, with COL-04/05/07/08/12/16/17, CV-25/43, SOLO-04, VAR-07, AMB-44/60:
    the Collapse's removals (the Cave's Shape the Cave, Hatred, the end of a turn with no
    Cave, Alone in the Dark) are offered and explained by the same checks, in games that
    start in the Collapse (random games rarely reach it in a few turns)."""
    setup = {"seed": 5, **IN_THE_COLLAPSE[name]}
    roles = setup["roles"]
    data: dict[str, Any] = {"setup": setup, "tiles": COLLAPSE_MAP, "collapse": True, "stack": [],
                            "pieces": {"knight": [1, 1]}, "active": "cave" if "cave" in roles else "knight"}
    if "cave" in roles:
        data.update(omen_bag={}, cave={"hand": [], "omens": OMENS})
    g = load_scenario(data)
    rng = random.Random(5)
    seen: set[str] = set()
    refused = 0
    while g.outcome is None and len(g.choices) < 60:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None:
            seen.add(d.kind)
            refused += _check_decision(g, d, kind)
        g.apply(rng.choice(d.options).id)
    assert refused > 0 and ("collapse_tile" in seen or "cave_turn" in seen), seen


DRAGON_QUESTIONS = {kind for kind in CONVERTED if kind.startswith(("dragon_", "pay_power", "shriek_reroll"))}


def test_every_question_of_the_dragon_meets_the_property() -> None:
    """Issue 25, item 2 (DR-17/19/24/27/28/29/32..37/41/48/53/58..62/69, DIE-08, CV-24, RV-14,
    VAR-35..37, FM-04..10, TR-17/26/29): the Dragon's rarer questions — paying, the Shriek
    reroll, Pride, Slither, Spores, Swat, the pushes, Hiss, Scratch, Pick Up Treasure, Place
    Dragon Gem, the Silver and Platinum Scales — all come up in two longer five-player games
    with the dragon-scales variant, and each meets the property at every one of them."""
    met: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for seed in (4, 6):
        g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=seed,
                           variants=("dragon-scales",)))
        rng = random.Random(seed)
        while g.outcome is None and len(g.choices) < 800:
            d = g.pending
            assert d is not None
            if d.kind in DRAGON_QUESTIONS:
                met[d.kind] += 1
                refused[d.kind] += _check_decision(g, d, CONVERTED[d.kind])
            g.apply(rng.choice(d.options).id)
    assert set(met) == DRAGON_QUESTIONS, DRAGON_QUESTIONS - set(met)
    assert set(+refused) == DRAGON_QUESTIONS, DRAGON_QUESTIONS - set(+refused)


# ------------------------------------------------------------- every decision kind
# The kinds whose only clickable targets are their own option buttons (a yes-or-no question,
# a "which of these" menu with nothing to click on the map or a board): nothing there for a
# rule check to refuse; a click elsewhere is answered by ``why_not.unrelated`` (the decision's
# own rules).  Each with why it has no other target.
BUTTONS_ONLY: dict[str, str] = {
    "terrain_ride": "ride the River's current or not: two buttons",
    "attack_order": "which attack owed first: one button per attack",
    "return_treasure": "which Treasure card goes back: one button per card drawn",
    "event_light": "discard a Hero cube for Health or not: buttons",
    "event_fresh": "spend a Hero cube for Health or not: buttons",
    "mighty_axe": "discard the Axe's cube for more damage or not: buttons",
    "thief_bonus": "Secrets or Rage for the Thief's Loot Drop: two buttons",
    "dragon_discard": "which Power card to discard: one button per card",
    "choose_event": "which of the 3 Event cards drawn: one button per card",
    "choose_treasure": "which of the 2 Treasure cards drawn: one button per card",
    "bottom_treasure": "which of the 3 Treasure cards drawn: one button per card",
    "pay_omen": "which Omen tokens pay: one button per way to pay",
    "hex_discard": "which Omen token Hex discards: one button per token",
    "gauntlet_omen": "which Omen token the Silver Gauntlet discards: one button per token",
    "thief_sticky": "reroll with Sticky Fingers or not: buttons",
    "thief_pickpocket_card": "which card Pickpocket takes: one button per card (face down)",
    "thief_strike_dragon": "Backstab the Dragon or not: buttons",
    "press_gangs": "which Tribe gives a disc to which, or none: one button per move",
    "ancient_rituals": "which Tribe gives a disc for a Secret, or none: one button per Tribe",
    "mercenaries": "pay 1 Rage for a Monster or not: two buttons",
    "ghoul_keep": "which Ghoul die is set aside: one button per face rolled",
    "ghoul_attacked": "what the Knight or the Dragon loses to the Ghoul's attack: one button per loss",
    "ghoul_cheat": "Cheat sets one Ghoul die before the roll, or not: one button per face, and Roll",
    "ghoul_reroll": "which Ghoul die Cheat rolls again, or keep the roll: one button per die",
    "ghoul_adapt": "search the Terror deck with Adapt or draw the top card: two buttons",
}


def test_every_decision_kind_is_converted_or_asks_only_for_its_own_buttons() -> None:
    """Issue 25, item 2: every member of ``DecisionKind`` either has its targets decided and
    explained by a rule check (``CONVERTED``) or is listed in ``BUTTONS_ONLY`` with why — never
    both, never neither."""
    from vast_desktop.engine.kinds import DecisionKind

    kinds = {k.value for k in DecisionKind}
    assert not set(CONVERTED) & set(BUTTONS_ONLY), set(CONVERTED) & set(BUTTONS_ONLY)
    assert kinds == set(CONVERTED) | set(BUTTONS_ONLY), kinds ^ (set(CONVERTED) | set(BUTTONS_ONLY))
    assert all(BUTTONS_ONLY.values())


def _table_clicks(g: Game, d: Decision) -> list[Target]:
    """What the table can click at any decision: the map spaces within 2 of the active
    piece (or of the Entrance), every piece, the places of the decider's board (as its
    options and the other decisions name them), the cards in its hand."""
    board = g.state.board
    active = board.pieces.get(d.role) or board.entrance
    out = _spaces_within(active, 2) + [Target("piece", x) for x in sorted(board.pieces)]
    if d.role == "knight" and g.state.knight is not None:
        out += [Target("slot", f"knight.{s}") for s in SLOTS]
        out += [Target("card", c) for c in (*kb.knight(g).treasures, *kb.knight(g).sidequests)]
    if d.role == "goblins" and g.state.goblins is not None:
        out += [Target("slot", f"goblins.{t}{p}") for t in TRIBES for p in ("", ".monster", ".special")]
        out += [Target("slot", "goblins.rage"), Target("slot", "goblins")] + _secrets_in_hand(g)
    if d.role == "dragon" and g.state.dragon is not None:
        out += _board_places(g) + _his_cards(g)
    if d.role == "cave" and g.state.cave is not None:
        out += _omen_slots(g) + [Target("hand_tile", t) for t in sorted(g.state.cave.hand)]
    if d.role == "ghoul" and g.state.ghoul is not None:
        out += [Target("slot", f"ghoul.die.{f}") for f in g.rules.ghoul.die_faces]
        out += [Target("slot", f"ghoul.symbol.{sym}") for sym in g.rules.ghoul.skitter_symbols]
        out += _ghoul_cards(g, d) + [Target("card", "flare")]
    if d.role == "thief" and g.state.thief is not None:
        out += [Target("slot", f"thief.upgrade.{u.id}") for u in g.rules.thief.upgrades]
        out += [Target("slot", f"thief.loot_drop.{n}") for n in range(g.rules.thief.loot_drop_start + 1)]
        out += _card_slots(g) + [Target("slot", f"thief.upgrade.{c}") for c in g.rules.deck("upgrades")]
    return out


@pytest.mark.parametrize("roles, variants", GAMES + GHOUL_GAMES, ids=["-".join(r + v) for r, v in GAMES + GHOUL_GAMES])
def test_at_every_decision_a_target_is_an_option_exactly_when_a_rule_refuses_nothing(
        roles: tuple[str, ...], variants: tuple[str, ...]) -> None:
    """Issue 25, item 2: at EVERY decision of random games of all 30 subsets (and with
    Terrain), for what the table can click (:func:`_table_clicks` and the options' own
    targets): the target is an option ⇔ ``why_not_reason`` is None; every reason names a
    rule (never an empty one) that opens a section of the rules reference (the table's
    "Rule" link) — a rule check's own, or the decision's own rules for a click on
    something it does not decide (``why_not.unrelated``) — and its words hold no raw rule code."""
    seed = 3 + len(roles)
    g = new_game(Setup(roles=roles, seed=seed, variants=variants))
    rng = random.Random(seed)
    ref = load_reference()
    kinds: set[str] = set()
    while g.outcome is None and len(g.choices) < STEPS:
        d = g.pending
        assert d is not None
        kinds.add(d.kind)
        targets = {(t.kind, t.ref) for o in d.options for t in o.targets}
        sample = _table_clicks(g, d)
        for t in rng.sample(sample, min(12, len(sample))) + [t for o in d.options[:3] for t in o.targets]:
            reason = why_not_reason(g, d.role, t)
            where = f"step {len(g.choices)} {d.kind} {t}"
            assert ((t.kind, t.ref) in targets) == (reason is None), f"{where}: {reason!r}"
            if reason is not None:
                assert reason.rule and ref.for_rule(reason.rule) is not None, f"{where}: no Rule link in {reason!r}"
                assert not RULE_CODE.search(reason.text), f"{where}: a rule code in the words: {reason.text!r}"
        g.apply(rng.choice(d.options).id)
    assert kinds


def test_the_gnome_leap_and_the_moving_entrance_meet_the_property() -> None:
    """Issue 25, item 2 (GB-78, CV-36, MAP-08; VAR-06/07): the Gnome's leap after a Plunder
    (``check_gnome_leap``: not its own tile, not another Tribe's, not a token's, not a Lit
    tile) and the Entrance piece moved off its collapsing tile (``check_entrance_move``: not
    beyond the next tile, not an open space) are offered and explained by the same
    checks — random games rarely ask either."""
    from rules.helpers import choose, entrance, lit, scenario
    from rules.helpers_goblins import base_tiles, gob_game
    from rules.helpers_interactions import until

    g = gob_game(tiles=base_tiles(), goblins={"population": {"fangs": 1, "bones": 1, "eye": 0},
                                              "monsters": {"fangs": ["gnome"]}},
                 pieces={"knight": [3, 0], "tribe:fangs": [1, 1], "tribe:bones": [2, 1]},
                 tokens={"1,1": {"treasure": 1}, "3,1": {"treasure": 1}})
    until(g, "goblins_turn")
    choose(g, "activate:fangs", "plunder:treasure")
    d = _pending(g)
    assert d.kind == "gnome_leap"
    assert _check_decision(g, d, CONVERTED["gnome_leap"]) >= 4           # own, Bones, the token, Lit tiles
    g = scenario(("knight", "cave"), variants=["moving-entrance"], active="cave", collapse=True, stack=[], omen_bag={},
                 cave={"hand": []}, tiles=[entrance(), lit((1, 0), "T22"), lit((0, 1), "T25"), lit((1, 1), "T29")],
                 pieces={"knight": [1, 1]})
    choose(g, "remove:0,0")
    d = _pending(g)
    assert d.kind == "move_entrance"
    assert _check_decision(g, d, CONVERTED["move_entrance"]) >= 3        # not adjacent, the tile itself, open spaces


def test_the_ghouls_rarer_questions_meet_the_property() -> None:
    """Issue 29 (GH-39/41/42, GH-14, GH-28, GH-23/27): the skitter's symbol and tile (named by
    the Knight, placed by the Ghoul; around the Entrance with no free Dark tile), the Treasure
    token taken from the map with the supply empty (``check_take_treasure``), Scour's reveal
    (``check_scour_reveal``), Blink's spaces in its turn (``check_blink``) and the Terror card
    kept with Adapt (``check_keep_card``) are offered and explained by the same checks —
    random games rarely ask them."""
    from rules.helpers import choose
    from rules.test_ghoul import ghoul_game, tiles

    refused: Counter[str] = Counter()

    def check(g: Game, kind: str) -> None:
        d = _pending(g)
        assert d.kind == kind, (d.kind, kind)
        refused[kind] += _check_decision(g, d, CONVERTED[kind])

    fangs_too = [*tiles(), {"pos": [3, 0], "tile": "T04", "lit": False}]            # a second Fangs tile
    g = ghoul_game(pieces={"knight": [1, 0]}, tiles=fangs_too)
    check(g, "ghoul_turn")
    choose(g, "attack:knight", "loss:health")
    check(g, "ghoul_skitter_symbol")                                  # the Knight names it
    choose(g, "symbol:fangs")
    check(g, "ghoul_skitter")                                         # the Ghoul picks (0,1) or (3,0)
    g = ghoul_game(pieces={"knight": [1, 0]}, tokens={"0,1": {"treasure": 1}, "2,1": {"treasure": 1},
                                                    "-1,0": {"treasure": 1}})
    choose(g, "attack:knight", "loss:health")
    check(g, "ghoul_skitter")                                         # around the Entrance (GH-41)
    g = ghoul_game(roles=("dragon", "ghoul"), pieces={"dragon": [2, 0]}, ghoul={"terror": ["seize"]},
                   tokens={"1,0": {"gem_claw": 1}, "0,1": {"treasure": 1}, "2,1": {"treasure": 1}})
    g.state.supply["treasure"] = 0
    choose(g, "collect:gem_claw:safe")
    check(g, "ghoul_take_treasure")
    g = ghoul_game(at=(2, 1), ghoul={"terror": ["scour"]})
    choose(g, "terror:scour:first")
    check(g, "ghoul_scour")
    crystals = [*tiles(), {"pos": [3, 0], "tile": "T37", "lit": True}, {"pos": [4, 0], "tile": "T39", "lit": True}]
    g = ghoul_game(at=(3, 0), tiles=crystals, ghoul={"terror": ["blink"]})
    assert "terror:blink:game:-1,0" in _pending(g).ids
    check(g, "ghoul_turn")                                            # Blink: any tile with no pieces
    g = ghoul_game(dice=[1, 1, 1], ghoul={"terror": ["adapt"], "terror_deck": ["chase#1", "hunt#1", "blink"]},
                   aside=None)
    choose(g, "adapt:draw")
    check(g, "ghoul_terror_keep")                                     # Adapt, held, is not among those drawn
    assert set(+refused) == {"ghoul_turn", "ghoul_skitter", "ghoul_take_treasure", "ghoul_scour",
                             "ghoul_terror_keep"}, refused


MAP_QUESTIONS = {"orient_tile", "reveal_order", "forced_move", "slide_section", "past_plunder"}


def test_the_map_questions_meet_the_property() -> None:
    """Issue 25, item 2 (MAP-17/19/37/38, COL-15, FM-04..10/13/08, VAR-07, RV-12): orienting a
    revealed tile, the order of tiles revealed together, a piece forced off a removed tile,
    sliding a loose section back and Past Plunder's Treasure (the Dragon's gift with the
    Knight) all come up in a longer Knight-and-Dragon game, each meeting the property."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=3))
    rng = random.Random(3)
    refused: Counter[str] = Counter()
    while g.outcome is None and len(g.choices) < 400:
        d = _pending(g)
        if d.kind in MAP_QUESTIONS:
            refused[d.kind] += _check_decision(g, d, CONVERTED[d.kind])
        g.apply(rng.choice(d.options).id)
    assert set(+refused) == MAP_QUESTIONS, MAP_QUESTIONS - set(+refused)


def test_the_terrain_placements_meet_the_property() -> None:
    """Issue 25, item 2 (TR-07, TR-09, TR-28): where a Terrain tile goes and where each Pit
    goes (``check_terrain_space``, ``check_placement_distance``, ``check_pit_space``) come up
    in a Knight-and-Dragon game with the Terrain, each meeting the property."""
    g = new_game(Setup(roles=("knight", "dragon"), seed=3, variants=("terrain",)))
    rng = random.Random(3)
    refused: Counter[str] = Counter()
    while g.outcome is None and len(g.choices) < 400:
        d = _pending(g)
        if d.kind in ("terrain_place", "terrain_pit", "terrain_choose"):
            refused[d.kind] += _check_decision(g, d, CONVERTED[d.kind])
        g.apply(rng.choice(d.options).id)
    assert set(+refused) == {"terrain_place", "terrain_pit", "terrain_choose"}, refused


@pytest.mark.parametrize("seed, kind", [(3, "omen_giant_bats"), (4, "hex_target"), (3, "omen_soporific_spores"),
                                       (3, "spores_tribe")])
def test_giant_bats_and_hex_meet_the_property(seed: int, kind: str) -> None:
    """Issue 25, item 2 (CV-21, FM-04..10, FM-17, TR-26; GB-58; CV-24/31): the spaces Giant
    Bats carry from and to (``omens.check_bats_space``), the player Hex aims at
    (``secrets.check_hex_target``), the player Soporific Spores target
    (``omens.check_spores_target``), in a Goblins-and-Cave game, at every one of them."""
    g = new_game(Setup(roles=("goblins", "cave"), seed=seed))
    rng = random.Random(seed)
    refused = 0
    while g.outcome is None and len(g.choices) < 400:
        d = _pending(g)
        if d.kind == kind:
            refused += _check_decision(g, d, CONVERTED[d.kind])
        g.apply(rng.choice(d.options).id)
    assert refused > 0


def test_soporific_spores_on_the_thief_meet_the_property() -> None:
    """Issue 25, item 2 (CV-24, TH-51, TH-54): the upgrade Soporific Spores take from the Thief
    (``omens.check_spores_upgrade``: one he has, of his Flips only the last), every upgrade
    space of his board."""
    from rules.helpers_interactions import play

    row = [{"pos": [0, 0], "tile": "entrance"}, {"pos": [1, 0], "tile": "T22", "lit": True},
           {"pos": [2, 0], "tile": "T25", "lit": True}]
    g = play(("cave", "thief"), "cave", row, {"thief": [2, 0]}, cave={"omens": {"quartz": 3}},
             thief={"upgrades": ["sticky_fingers", "flip_2_to_3", "flip_3_to_4"], "flipped": [True, True, False]})
    g.apply("omen:soporific_spores")
    g.apply("spores:thief")
    d = _pending(g)
    assert d.kind == "thief_spores"
    assert _check_decision(g, d, CONVERTED["thief_spores"]) >= 2          # one he lacks, the first Flip


def test_trap_against_the_dragon_meets_the_property() -> None:
    """Issue 25, item 2 (GB-56/57): the Secrets cards clicked when a Dragon power hits a Tribe
    (``goblins.turn.check_trap_card``: only Trap, and only held), in a five-player game."""
    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=4,
                       variants=("dragon-scales", "random-terrain")))
    rng = random.Random(4)
    refused = 0
    while g.outcome is None and len(g.choices) < 400:
        d = _pending(g)
        if d.kind == "trap_dragon":
            refused += _check_decision(g, d, CONVERTED[d.kind])
        g.apply(rng.choice(d.options).id)
    assert refused > 0


def test_the_bright_beetles_meet_the_property() -> None:
    """Issue 25, item 2 (GB-45): against the Dragon's Hiss only the Bright Beetles of the Tribe
    it hits are discarded (``dragon.powers.check_bright_beetles``): not another Tribe's Ogre."""
    from rules.helpers_goblins import gob_game

    g = gob_game(roles=("dragon", "goblins"), active="dragon", pieces={"dragon": [3, 0], "tribe:fangs": [1, 0]},
                 dragon={"placed": True, "hand": ["claw", "claw"]},
                 goblins={"population": {"fangs": 3, "bones": 2, "eye": 0},
                          "monsters": {"fangs": ["bright_beetles"], "bones": ["ogre"]}})
    for choice in ("power:hiss", "hiss:fangs", "no_response:"):
        g.apply(choice)
    d = _pending(g)
    assert d.kind == "bright_beetles"
    assert _check_decision(g, d, CONVERTED["bright_beetles"]) == 1          # the Bones' Ogre


@pytest.mark.parametrize("seed", range(3))
def test_the_thief_upgrade_cards_meet_the_property(seed: int) -> None:
    """Issue 28 (VAR-38..40, the Charm, the Warlock's Wand, the Cloak of the Mountebank): with
    the thief-upgrades variant his turn's Charm and Wand buttons, his pieces' targets (the
    Cloak's Pickpocket at equal Stealth) and the stash onto his card are offered and explained
    by the same checks, the Easy Thief playing (he reveals his card and uses it)."""
    from vast_desktop.bots.easy.thief import EasyThief

    g = new_game(Setup(roles=("knight", "goblins", "dragon", "cave", "thief"), seed=seed,
                       variants=("thief-upgrades",)))
    rng = random.Random(seed)
    thief = EasyThief(seed)
    met: Counter[str] = Counter()
    while g.outcome is None and len(g.choices) < 1500:
        d = g.pending
        assert d is not None
        kind = CONVERTED.get(d.kind)
        if kind is not None and d.role == "thief":
            met[d.kind] += 1
            _check_decision(g, d, kind)
        met.update(o.id.partition(":")[0] for o in d.options if o.id.startswith(("charm:", "wand:")))
        g.apply(thief(view(g, "thief"), d) if d.role == "thief" else rng.choice(d.options).id)
    assert met["thief_turn"] > 0 and met["thief_upgrade"] > 0, met


def test_buying_and_paying_for_schemes_meet_the_property() -> None:
    """Issue 28 (VAR-27/28/31): the Scheme bought with a plundered Treasure and the other
    Schemes discarded to pay are offered and explained by ``check_buy`` and
    ``check_pay_card`` — random games rarely reach either."""
    from rules.helpers_goblins import WAR, base_tiles, choose, to_activation

    gob = {"rage": 1, "war_deck": ["pain"] + [w for w in WAR if w != "pain"], "schemes": ["war_banner"],
           "hand": ["underboss", "cave_oil", "mercenaries", "hex"], "population": {"fangs": 0, "bones": 0, "eye": 0}}
    g = load_scenario({"setup": {"roles": ["knight", "goblins"], "seed": 3, "variants": ["schemes"]},
                       "active": "goblins", "tiles": base_tiles(), "goblins": gob,
                       "pieces": {"knight": [3, 0], "tribe:fangs": [1, 1]}, "tokens": {"1,1": {"treasure": 1}}})
    to_activation(g)
    g.state.goblins.population["fangs"] = 2
    choose(g, "activate:fangs", "plunder:treasure")
    d = _pending(g)
    assert d.kind == "scheme_buy"
    _check_decision(g, d, CONVERTED["scheme_buy"])
    choose(g, "buy:underboss")
    d = _pending(g)
    assert d.kind == "scheme_pay"
    assert _check_decision(g, d, CONVERTED["scheme_pay"]) == 1           # the Scheme being bought


def test_the_promo_cards_meet_the_property() -> None:
    """Issue 28: the Slingshot's targets in the Activate Tribes menu (VAR-22: the Knight in sight,
    the Dragon underground, the Thief with no stat it lowers), Giant Bats and Slap carrying the
    Knight with the Cursed Amulet twice as far (VAR-17), and the Cave Mushrooms' Tribe are offered
    and explained by the same checks."""
    from rules.helpers import entrance, lit
    from rules.helpers_goblins import to_activation

    row = [entrance()] + [lit((x, 0), t) for x, t in zip(range(1, 9), ("T22", "T25", "T29", "T30", "T31", "T32",
                                                                       "T33", "T37"), strict=True)]
    amulet = {"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"]}
    g = load_scenario({"setup": {"roles": ["knight", "goblins", "dragon", "thief"], "seed": 3}, "active": "goblins",
                       "tiles": row, "pieces": {"knight": [3, 0], "tribe:fangs": [1, 0], "thief": [2, 0],
                                                "dragon": [6, 0]},
                       "goblins": {"rage": 1, "population": {"fangs": 1, "bones": 0, "eye": 0},
                                   "face_up": ["slingshot"], "hand": ["cave_mushrooms"]}})
    to_activation(g)
    d = _pending(g)
    assert d.kind == "goblins_turn" and "slingshot:knight" in d.ids
    assert _check_decision(g, d, CONVERTED["goblins_turn"]) >= 2          # the Thief, the underground Dragon
    g.apply("secret:cave_mushrooms")
    d = _pending(g)
    assert d.kind == "choose_tribe"
    _check_decision(g, d, CONVERTED["choose_tribe"])
    g = load_scenario({"setup": {"roles": ["knight", "cave"], "seed": 3}, "active": "cave", "tiles": row,
                       "pieces": {"knight": [0, 0]}, "cave": {"omens": {"bat": 1}}, "knight": amulet})
    g.apply("omen:giant_bats")
    while _pending(g).kind == "pay_omen":
        g.apply(_pending(g).options[0].id)
    d = _pending(g)
    assert "bats:knight@0,0>6,0" in d.ids and _check_decision(g, d, CONVERTED["omen_giant_bats"]) > 0
    g = load_scenario({"setup": {"roles": ["knight", "dragon"], "seed": 3}, "active": "dragon", "tiles": row,
                       "pieces": {"knight": [1, 0], "dragon": [0, 0]}, "dragon": {"hand": ["wing", "wing"]},
                       "knight": amulet})
    g.apply("power:slap")
    d = _pending(g)
    assert "push:7,0" in d.ids and _check_decision(g, d, CONVERTED["dragon_push"]) > 0


def test_the_vile_ghouls_chart_meets_the_property() -> None:
    """VG-06: the die the Vile Ghoul places on its chart is offered as its supply die and as the row
    of that face (clicked, or the die dragged there), and refused by ``check_select`` for a face
    not in its supply — in a random Knight-and-Vile-Ghoul game, at every such question."""
    g = new_game(Setup(roles=("knight", "vile_ghoul"), seed=2))
    rng = random.Random(2)
    met = refused = 0
    while g.outcome is None and len(g.choices) < 400 and met < 4:
        d = _pending(g)
        if d.kind == "vile_ghoul_select":
            met += 1
            refused += _check_decision(g, d, CONVERTED[d.kind])
        g.apply(rng.choice(d.options).id)
    assert met >= 2 and refused >= met * 6, (met, refused)
