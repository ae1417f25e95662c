"""Reasons a click is not a legal choice, for the map, Cave, Collapse and Terrain decisions (see why_not).

Converted decisions (issue 25, item 2) are only routed here, to the rule check that also
builds their options: filling open edges (``board.check_fill_space``, ``check_hand_tile``),
the tile drawn at the end of a turn (``board.check_placement_space``), the Collapse's
removal (``collapse.check_collapse``: its tiers, Crystal first and Alone in the Dark's order
decided once, in ``collapse_order``), Cave-In (``secrets.check_cave_in``), orienting and the
order of reveals (``reveal.check_orient_space``, ``check_reveal_next``), a piece forced off
a removed tile (``collapse.check_forced_move``), sliding a section back
(``collapse.check_slide_space``), Giant Bats and Soporific Spores (``omens.check_bats_space``,
``check_spores_target``; the Tribe: ``goblins.turn.check_spores_tribe``) and the Terrain
(``terrain.check_terrain_kind``, ``check_terrain_space``, ``check_pit_space``); the values
only the running procedure holds are the decision's public facts (``about``).  What is left
here names where to click (a Spores target's piece or board, an explored space) or a card
that belongs to no choice (``drawn_card``).
"""
from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..cards.secrets import check_cave_in
from ..geometry import Pos, fmt_pos, parse_pos
from ..map.board import (
    check_fill_space,
    check_hand_tile,
    check_placement_space,
)
from ..map.collapse import check_collapse, check_forced_move, check_slide_space, collapse_order
from ..map.reveal import check_orient_space, check_reveal_next
from ..reasons import Reason
from .common import ROLE_TITLES, _piece_pos, _pos_of

if TYPE_CHECKING:
    from ..decisions import Decision, Target
    from ..game import Game



# ------------------------------------------------------------------ helpers
def _spaces(d: Decision) -> list[Pos]:
    """The map spaces the decision's options name, in order, each once."""
    out: dict[Pos, None] = {}
    for o in d.options:
        for t in o.targets:
            p = _pos_of(t)
            if p is not None:
                out.setdefault(p)
    return list(out)


def _list(ps: list[Pos], most: int = 6) -> str:
    shown = ", ".join(fmt_pos(p) for p in ps[:most])
    return shown + (f" and {len(ps) - most} more" if len(ps) > most else "")


# ------------------------------------------------------------ revealing (MAP-17..19)
def orient_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """MAP-17/18: the tile being oriented: ``reveal.check_orient_space`` (its space and the
    space a piece walked in from are the decision's public facts)."""
    q = _pos_of(t)
    tile = d.fact("tile")
    if d.kind != "orient_tile" or q is None or not tile:
        return None
    came = d.fact("from")
    return check_orient_space(g, parse_pos(tile), q, parse_pos(came) if came else None)


def reveal_order_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """MAP-19: the next of the tiles revealed together: ``reveal.check_reveal_next`` (the
    tiles still to reveal are the decision's public fact)."""
    q = _pos_of(t)
    if d.kind != "reveal_order" or q is None:
        return None
    return check_reveal_next(g, q, [parse_pos(x) for x in (d.fact("tiles") or "").split()])


# ------------------------------------------------------------------ placing and removing tiles
def cave_hand_tile(g: Game, d: Decision, t: Target) -> Reason | None:
    """A tile of the Cave's hand when it fills an open edge (CV-04 on its own turn, not for
    a piece leaving the Terrain) or places the tile a Tribe explores: ``check_hand_tile``."""
    if t.kind != "hand_tile" or d.role != "cave" or g.state.cave is None:
        return None
    if d.kind == "fill_open_edge":
        return check_hand_tile(g, t.ref, g.state.active == "cave" and d.rules_ref != "terrain.leaving")
    if d.kind == "explore_tile":
        return check_hand_tile(g, t.ref, crystals_first=False)
    return None


def fill_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """MAP-20/25: ``check_fill_space``; TR-12 (the open space a piece leaving a Terrain tile
    steps onto, not converted: the space is the mover's)."""
    q = _pos_of(t)
    if d.kind != "fill_open_edge" or q is None:
        return None
    if d.rules_ref == "terrain.leaving":
        return (Reason(f"A piece is leaving the Terrain for the open space {_list(_spaces(d))}: the Dark tile goes there, "
                       f"not on {fmt_pos(q)}.", "TR-12"))
    return check_fill_space(g, q)


def place_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """RV-03, SOLO-02: the tile drawn at the end of a turn, ``check_placement_space`` (MAP-34)."""
    q = _pos_of(t)
    return check_placement_space(g, q) if d.kind == "place_tile" and q is not None else None


def explore_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """GB-81: the Tribe explores one open space it chose; the Cave's tile goes there."""
    q = _pos_of(t)
    spaces = _spaces(d)
    if d.kind != "explore_tile" or q is None or not spaces:
        return None
    return (Reason(f"The Goblins chose to explore the open space {fmt_pos(spaces[0])}: the Dark tile from your hand goes "
            "there, and the Tribe moves onto it.", "GB-81"))


def collapse_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """COL-05/07/08/16/17/27, SOLO-04: the Collapse's removal at the end of a turn, ``check_collapse``."""
    q = _pos_of(t)
    if d.kind != "collapse_tile" or q is None:
        return None
    return check_collapse(g, q, collapse_order(g, g.config.alone_in_the_dark))


def cave_in_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """COL-12, COL-20/21, GB-53, COL-28: Cave-In, ``check_cave_in``."""
    q = _pos_of(t)
    return check_cave_in(g, q) if d.kind == "cave_in" and q is not None else None


# ------------------------------------------------------------------ Forced Movement
def forced_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """COL-15, FM-04..10, FM-13, FM-08, VAR-07: where a piece forced off a removed tile
    goes, ``collapse.check_forced_move`` (the piece is the decision's public fact)."""
    q = _pos_of(t)
    piece = d.fact("piece") if d.kind == "forced_move" else None
    if q is None or piece not in g.state.board.pieces:
        return None
    return check_forced_move(g, piece, q)


def slide_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """MAP-37/38: the loose section to slide back, ``collapse.check_slide_space``."""
    q = _pos_of(t)
    return check_slide_space(g, q) if d.kind == "slide_section" and q is not None else None


# ------------------------------------------------------------------ omens
def bats_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """CV-21, FM-17, TR-26, FM-04..10: a space for Giant Bats, ``omens.check_bats_space``."""
    from ..cards.omens import check_bats_space

    q = _pos_of(t)
    return check_bats_space(g, q) if d.kind == "omen_giant_bats" and q is not None else None


def cave_omen_tokens(g: Game, d: Decision, t: Target) -> Reason | None:
    """CV-15/16: the Omen tokens are spent by using an omen, chosen on the Cave's board."""
    cave = g.state.cave
    if d.kind != "cave_turn" or t.kind != "slot" or t.ref != "cave.omens" or cave is None:
        return None
    tokens = ", ".join(f"{n} {s.title()}" for s, n in sorted(cave.omens.items()) if n) or "none"
    usable = [g.rules.omen(o.id.split(":", 1)[1]).name for o in d.options if o.id.startswith("omen:")]
    if not usable:
        return Reason(f"Your Omen tokens ({tokens}) pay for no omen that has a target now.", "CV-15")
    return (Reason(f"Your Omen tokens ({tokens}) are spent by using an omen: click one on your board "
            f"({', '.join(usable)}).", "CV-15"))


def _spores_role(g: Game, t: Target) -> str | None:
    """The player a click names: a player's piece, a Tribe, or a slot of a player's board."""
    if t.kind == "piece":
        name, _ = _piece_pos(g, t)
        return "goblins" if name.startswith("tribe:") else name if name in ROLE_TITLES else None
    if t.kind == "slot":
        owner = t.ref.split(".", 1)[0]
        return owner if owner in ROLE_TITLES else None
    return None


SPORES_TARGET = MappingProxyType({"knight": "her piece", "goblins": "their board", "dragon": "his piece", "thief": "his upgrades",
                                  "ghoul": "its piece"})


def spores_target(g: Game, d: Decision, t: Target) -> Reason | None:
    """CV-24, CV-31, CV-44: a player Soporific Spores cannot affect now
    (``omens.check_spores_target``), or, for one they can, where to click to target it (the
    target is a player, who chooses what it loses)."""
    from ..cards.omens import check_spores_target

    role = _spores_role(g, t) if d.kind == "omen_soporific_spores" else None
    if role is None:
        return None
    refused = check_spores_target(g, role)
    if refused is not None:
        return refused
    chooses = "the Goblins choose the Tribe" if role == "goblins" else "the target chooses what it loses"
    return Reason(f"Soporific Spores target a player, not one piece or card: click {SPORES_TARGET[role]} to target "
                  f"the {ROLE_TITLES[role]}; {chooses}.", "CV-24")


def spores_tribe_slot(g: Game, d: Decision, t: Target) -> Reason | None:
    """CV-24, CV-31: the Goblins choose a Tribe that can actually fall to 1 Population
    (``goblins.turn.check_spores_tribe``), by its Population on their board."""
    from ..roles.goblins.state import TRIBES
    from ..roles.goblins.turn import check_spores_tribe

    if d.kind != "spores_tribe" or t.kind not in ("slot", "piece") or g.state.goblins is None:
        return None
    parts = t.ref.replace(":", ".").split(".")
    tribe = next((p for p in parts[1:] if p in TRIBES), None)
    pops = g.state.goblins.population
    able = ", ".join(f"{k.title()} ({pops[k]})" for k in TRIBES if pops[k] > 1)
    if tribe is None:
        if t.kind == "piece" or parts[0] != "goblins":
            return None
        return Reason(f"Soporific Spores cut one Tribe to 1 Population: click it on your board — {able}.", "CV-24")
    refused = check_spores_tribe(g, tribe)
    if refused is not None:
        return refused
    return Reason(f"Choose the {tribe.title()} Tribe by its Population on your board.", "CV-24")


# ------------------------------------------------------------------ cards
def _deck_of(g: Game, card: str) -> str | None:
    from ...rules_data import UnknownIdError

    if card.startswith("terrain:"):
        return "terrain"
    try:
        g.card(card)
    except (UnknownIdError, KeyError):
        return None
    if card in g.rules.deck("events", include_promo=True):
        return "events"
    if card in g.rules.deck("treasures", include_promo=True):
        return "treasures"
    return "other"


DECK_WORDS = MappingProxyType({"events": "an Event card", "treasures": "a Treasure card", "terrain": "a Terrain tile",
                               "other": "not a card of this choice"})


def drawn_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """CV-38 (the Cave plays 1 of the 3 Event cards it drew), CV-35 (gives 1 of the 2 Treasure
    cards it drew): a card that is not among those drawn now."""
    if t.kind != "card" or d.kind not in ("choose_event", "choose_treasure"):
        return None
    deck, n, rule = ("events", 3, "CV-38") if d.kind == "choose_event" else ("treasures", 2, "CV-35")
    drawn = [g.card(o.targets[0].ref).name for o in d.options if o.targets]
    what = "Event card to play on the Knight" if deck == "events" else "Treasure card to give the Knight"
    kind = _deck_of(g, t.ref)
    if kind == deck:
        have = f"{g.card(t.ref).name} is not one of them"
    else:
        have = f"that is {DECK_WORDS.get(kind or 'other', DECK_WORDS['other'])}"
    return Reason(f"The {what} is one of the {n} you drew ({', '.join(drawn)}); {have}.", rule)


def terrain_card(g: Game, d: Decision, t: Target) -> Reason | None:
    """TR-04/09/28, VAR-13, COL-28: a Terrain tile to bring in, ``terrain.check_terrain_kind``
    (the revealer's space is the decision's public fact); a card that is no Terrain tile."""
    from ..map.terrain import check_terrain_kind

    origin = d.fact("origin")
    if d.kind != "terrain_choose" or t.kind != "card" or not origin:
        return None
    if not t.ref.startswith("terrain:"):
        offered = ", ".join(o.label.removeprefix("Place the ") for o in d.options)
        word = DECK_WORDS.get(_deck_of(g, t.ref) or "other", DECK_WORDS["other"])
        return Reason(f"An Event tile was revealed: choose the Terrain tile to place ({offered}); that is {word}.", "TR-04")
    return check_terrain_kind(g, parse_pos(origin), t.ref.split(":", 1)[1])


def terrain_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """TR-07, TR-09: a space the Terrain tile being placed may cover, ``terrain.check_terrain_space``
    (the tile and the revealer's space are the decision's public facts)."""
    from ..map.terrain import check_terrain_space

    q = _pos_of(t)
    origin, tile = d.fact("origin"), d.fact("tile")
    if d.kind != "terrain_place" or q is None or not origin or not tile:
        return None
    return check_terrain_space(g, tile, parse_pos(origin), q)


def pit_space(g: Game, d: Decision, t: Target) -> Reason | None:
    """TR-09, TR-28: the next Pit's space, ``terrain.check_pit_space`` (the revealer's space
    is the decision's public fact)."""
    from ..map.terrain import check_pit_space

    q = _pos_of(t)
    origin = d.fact("origin")
    if d.kind != "terrain_pit" or q is None or not origin:
        return None
    return check_pit_space(g, parse_pos(origin), q)


REASONS: tuple[Callable[[Game, Decision, Target], Reason | None], ...] = (
    orient_space, reveal_order_space, cave_hand_tile, fill_space, place_space, explore_space, collapse_space,
    cave_in_space, forced_space, slide_space, bats_space, cave_omen_tokens, spores_target, spores_tribe_slot, drawn_card,
    terrain_card, terrain_space, pit_space,
)
