"""What one viewer may see (GEN-01..04): ``view(game, viewer)``.

Public: the map, the pieces and, with Moving Entrance, the Entrance piece (VAR-04).
Hidden: other roles' hands (Sidequests, Secrets, Power cards, Cave tiles), deck
orders, the Lit side of Dark tiles (the Cave may look, GEN-03), facedown cards and
the stack.  The pending decision's prompt and options are shown only to the role deciding;
the others read who decides and the public phrase of its kind (``waiting.public_prompt``).
The renderer reads only these objects, so a secret cannot be drawn by accident.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from .board_views import (
    Boards,
    CaveBoard,
    Decks,
    DragonBoard,
    GhoulBoard,
    KnightBoard,
    ThiefBoard,
    VileGhoulBoard,
)
from .cards.omens import omen_cost
from .decisions import Decision, quote_choice
from .geometry import Pos
from .map.board import moving_entrance, walls_at
from .map.terrain import PLACING_KINDS, placing
from .roles.dragon.powers import payable_powers
from .roles.dragon.state import armor, flame_wall_at, gems_in_supply, scales_variant, spirit
from .roles.ghoul.state import crystals_goal, fury_goal
from .roles.goblins.turn import board_view
from .roles.knight import board as kb
from .roles.thief.state import STATS, stash_needed, stashed, stat, stealth, token_value
from .waiting import public_prompt

if TYPE_CHECKING:
    from ..rules_data import RulesData
    from .game import Game
    from .state import TerrainMark


@dataclass(frozen=True)
class TileView:
    pos: Pos
    lit: bool
    type: str | None          # None for a Dark tile unless the viewer is the Cave
    tribe: str | None         # the Dark side's Goblin Tribe symbol (always public)
    walls: tuple[bool, bool, bool, bool] | None
    tokens: dict[str, int]
    tile_id: str | None       # only for Lit tiles (and Dark ones for the Cave)
    terrain: TerrainView | None = None   # a Terrain space (Terrain variant): neither Lit nor Dark


@dataclass(frozen=True)
class TerrainView:
    """One Terrain space, public to all (TR-02/03): which tile and type, the space's kind,
    the tile's rotation and, on the River, the current (0=N, 1=E, 2=S, 3=W)."""

    tile: str                 # terrain tile id: canyon, lake, magma, mushroom_forest, pits_1..3, river
    type: str                 # canyon, lake, magma, mushroom_forest, pits, river
    name: str
    kind: str                 # plain, impassable, bridge
    rot: int
    current: int | None


@dataclass(frozen=True)
class PlayerView:
    viewer: str | None
    roles: tuple[str, ...]
    active: str
    round: int
    collapse: bool
    crystal_tiles_removed: int
    collapse_crystals: int
    stack_count: int
    variant: str
    tiles: tuple[TileView, ...]
    pieces: dict[str, Pos]
    rockslides: tuple[tuple[Pos, Pos], ...]
    bombs: tuple[tuple[Pos, Pos], ...]
    supply: dict[str, int]
    boards: Boards                         # the player boards as this viewer sees them (board_views)
    decision: Decision | None
    waiting_for: tuple[str, str, str] | None   # (role, kind, text): the prompt for the decider, else public words
    log: tuple[str, ...]
    outcome: tuple[tuple[str, ...], str] | None
    last_roll: tuple[Pos, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    entrance: Pos = (0, 0)                 # the entrance of the Cave (the Entrance tile, or the piece)
    entrance_piece: Pos | None = None      # Moving Entrance (VAR-04): where to draw the Entrance piece
    terrain_cards: tuple[str, ...] = ()    # Random Terrain (VAR-13): the drawn cards, face up
    # the viewer's own pending Terrain placement: per option, the spaces it would lay (the footprint preview)
    placing: dict[str, tuple[tuple[Pos, TerrainView], ...]] = field(default_factory=dict)
    # public facts the bots' forward model (bots/worlds.py) rebuilds a game from:
    setup: dict[str, Any] = field(default_factory=dict)   # the Setup everyone agreed on, its seed hidden (0)
    removed: tuple[str, ...] = ()          # cards and tiles out of the game, as far as the viewer saw them
    terrain_round: int = 0                 # TR-04: the last round whose first Event reveal brought Terrain
    # the rules this game plays with (the player's corrections laid over the game's data): public, like the
    # rulebook, so every reader of a view (tooltips, pictures, computer players) uses the game's numbers.
    # Not part of repr, equality or hash: view digests and the tests' comparisons stay as they were.
    rules: RulesData = field(kw_only=True, repr=False, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        # asdict of the Decision would be thrown away; the rules are the game's data, not the view's (and asdict
        # would deep-copy them)
        d = asdict(replace(self, decision=None, rules=cast("RulesData", None)))
        del d["rules"]
        d["boards"] = self.boards.to_dict()          # the boards as plain data, a hidden entry left out
        if self.decision is not None:
            d["decision"] = {"role": self.decision.role, "kind": self.decision.kind, "prompt": self.decision.prompt,
                             "options": [{"id": o.id, "label": o.label} for o in self.decision.options]}
        return d


def _knight_board(g: Game, viewer: str | None) -> KnightBoard:
    k = g.state.knight
    assert k is not None
    own = viewer == "knight"
    facedown = tuple(c for c in k.treasures if c not in k.face_up)
    return KnightBoard(
        health=k.health, max_health=k.max_health, grit=k.grit, cubes_free=k.cubes_free,
        track=dict(k.track), equip=dict(k.equip),
        treasure_cubes=dict(k.treasure_cubes) if own else {c: n for c, n in k.treasure_cubes.items()
                                                            if c in k.face_up},
        set_aside=k.set_aside, discarded=k.discarded, grit_spaces=tuple(k.grit_spaces),
        bombs_left=k.bombs_left, smashed=k.smashed, crystals_needed=g.config.crystals_needed,
        face_up=tuple(k.face_up), facedown_count=len(facedown), sidequest_count=len(k.sidequests),
        sidequest_deck=len(k.sidequest_deck), dead=k.dead,
        movement=kb.movement(g), perception=kb.perception(g), strength=kb.strength(g),
        moved=k.moved, encounters_used=k.encounters_used,
        javelin_ready=k.javelin_ready,      # KN-88: the readied Javelin card (shown face up, so public)
        sidequests=tuple(k.sidequests) if own else None,
        facedown=facedown if own else None,
        charm_strength=(k.charm_strength or None) if g.state.active == "knight" else None,   # the Charm, on her turn
        charm_strength_next=k.charm_strength_next or None,
    )


def _cave_board(g: Game, viewer: str | None) -> CaveBoard:
    c = g.state.cave
    assert c is not None
    own = viewer == "cave"
    return CaveBoard(
        omens=dict(c.omens), hand_count=len(c.hand), hatred_tokens=c.hatred_tokens,
        omen_uses=dict(c.omen_uses), phase=c.phase,
        omen_costs={o.id: omen_cost(g, o.id) for o in g.rules.omens},     # CV-18: what each costs now
        treasure_supply=g.state.supply["treasure"],
        hand=tuple(c.hand) if own else None,
        hand_types=tuple(g.tile(t).type for t in c.hand) if own else None,
        event_top3=tuple(g.state.event_deck[:3]) if own else None,         # CV-40
    )


def _dragon_board(g: Game, viewer: str | None, minimal: bool = False) -> DragonBoard:
    d = g.state.dragon
    own = viewer == "dragon"
    scales = scales_variant(g)                                    # Dragon Scales (VAR-32..37)
    return DragonBoard(
        health=d.health, max_health=d.max_health, surfaced=d.surfaced, awake=d.awake,
        sloth=dict(d.sloth), wakefulness=d.wakefulness, armor=armor(g), spirit=spirit(g),
        wakefulness_needed=int(g.config.extra.get("wakefulness_needed", g.rules.dragon.wake_threshold)),
        eaten=d.eaten, hand_count=len(d.hand), gems_supply=tuple(gems_in_supply(g)),
        gems_spent=tuple(d.gems_spent), treasure_held=d.treasure_held, shriek=d.shriek,
        flame_wall_placed=flame_wall_at(g) is not None, phase=d.phase, moved=d.free_moved,
        shriek_turns_used=len(set(d.shriek_turns)),               # turns he used Shriek (DIF-12)
        scale_deck=len(d.scale_deck) if scales else None,         # facedown: its order is his secret
        scales_removed=tuple(d.scales_removed) if scales else None,   # the Platinum Scale once played
        hand=tuple(sorted(d.hand)) if own else None,
        # only a person reads it (his board, its tooltips): the powers his cards and Gems pay for now
        payable=tuple(payable_powers(g)) if own and not minimal else None,
    )


def _thief_board(g: Game, viewer: str | None) -> ThiefBoard:
    """The Thief's board is all public: stats, carried tokens, upgrades, Loot Drop."""
    t = g.state.thief
    card = next(iter(t.upgrade_shown), None)                 # VAR-38: facedown, his own eyes only
    if card is None and viewer == "thief":
        card = next(iter(t.upgrade_hand), None)
    return ThiefBoard(
        stats={name: stat(g, name) for name in STATS}, stealth_now=stealth(g),
        tokens=tuple(token_value(g, t, i) for i in range(3)), flipped=tuple(t.flipped),
        assignment=dict(t.assignment), cubes=t.cubes, movement_left=t.movement_left,
        carried=tuple(t.carried), upgrades=tuple(t.upgrades), set_aside=t.set_aside,
        plain_stashed=t.plain_stashed, stashed=stashed(g), stash_needed=stash_needed(g),
        loot_drop=t.loot_drop, dead=t.dead, placed=t.placed, targeted=tuple(t.targeted),
        hex_stealth=t.hex_stealth, upgrade_card_held=bool(t.upgrade_hand or t.upgrade_shown), upgrade_card=card,
        upgrade_card_revealed=bool(t.upgrade_shown), wand_charges=t.wand_charges if card == "warlocks_wand" else 0,
        helped=tuple(t.helped),
    )


def _ghoul_board(g: Game) -> GhoulBoard:
    """The Ghoul's board: all public; of the Terror deck only its size (nobody sees it, GH-03)."""
    s = g.state.ghoul
    return GhoulBoard(
        placed=s.placed, rolled=tuple(s.rolled), kept=tuple(s.kept), set_aside=s.set_aside, movement=s.movement,
        attack=s.attack, defense=s.defense, fury=s.fury, fury_goal=fury_goal(g), crystals_goal=crystals_goal(g),
        smashed=s.smashed, treasure=s.treasure, terror=tuple(s.terror), terror_leaving=tuple(s.leaving),
        terror_removed=tuple(s.terror_removed), terror_deck=len(s.terror_deck), attacked=tuple(s.attacked),
        backstab=s.backstab, card_movement=s.card_movement, terror_first_used=tuple(s.first_used),
    )


def _vile_ghoul_board(g: Game) -> VileGhoulBoard:
    """The Vile Ghoul's board: all public; of the Terror deck only its size (VG-02, GH-03)."""
    from .roles.ghoul.vile import chart as vc
    from .roles.ghoul.vile.state import hunted, smash_goal, vile

    s = vile(g)
    c = s.chart
    goal = smash_goal(g)
    return VileGhoulBoard(
        placed=s.placed, supply=tuple(sorted(c.supply)), chart_left=c.left,
        chart_right=tuple(c.right.get(face, 0) for face in range(1, 7)), boost_dice=vc.boost_dice(c),
        boost_spent=c.boost_spent, movement=s.movement, attack=s.attack, bonus=s.bonus, discs=c.discs,
        defense=s.defense, hunted=hunted(g), crystals_goal=goal if goal is not None else crystals_goal(g),
        escape=goal is None, smashed=s.smashed, treasure=s.treasure,
        collected_per_terror=g.rules.vile_ghoul.collected_per_terror, terror=tuple(s.terror),
        terror_leaving=tuple(s.leaving), terror_removed=tuple(s.terror_removed), terror_deck=len(s.terror_deck),
        attacked=tuple(s.attacked), backstab=s.backstab, card_movement=s.card_movement,
        terror_first_used=tuple(s.first_used), provisional=g.rules.vile_ghoul.uses_provisional_values,
    )


def view(g: Game, viewer: str | None, minimal: bool = False) -> PlayerView:
    """What ``viewer`` sees of ``g``.  ``minimal``: the view the Hard players' rollouts give
    their Easy players — the same, without what only a person or the forward model reads and
    that costs the most to build (the Dragon's payable Powers, the footprint previews of a
    Terrain placement, the public Setup and the cards seen removed, left empty).  It hides the
    same secrets; the Easy players choose alike with either (``tests/bots/test_minimal_view.py``).

    ``viewer``: a role in play, or None (or "public") for what everyone sees; anything else
    raises ValueError — an unknown viewer must not get some default view (issue 26)."""
    st = g.state
    if viewer is not None and (viewer.__class__ is not str or viewer not in st.roles):
        if viewer != "public":
            raise ValueError(f"{quote_choice(viewer)} is not a viewer of this game: a role in play "
                             f"({', '.join(st.roles)}) or the public view (None or 'public').")
        viewer = None
    tiles = []
    sees_dark = viewer == "cave"
    for p in sorted(st.board.tiles):
        t = st.board.tiles[p]
        if t.terrain is not None:
            toks = {k: v for k, v in st.board.tokens.get(p, {}).items() if v}
            tiles.append(TileView(p, False, "terrain", None, None, toks, t.tile_id,
                                  terrain_view(g, t.terrain, t.rot)))
            continue
        info = g.tile(t.tile_id)
        show = t.lit or sees_dark
        toks = {k: v for k, v in st.board.tokens.get(p, {}).items() if v}
        tiles.append(TileView(p, t.lit, info.type if show else None, info.tribe,
                              walls_at(g, p) if t.lit else None, toks, t.tile_id if show else None))
    goblins = None
    if st.goblins is not None:
        goblins = board_view(g, viewer)
    boards = Boards(
        knight=_knight_board(g, viewer) if st.knight is not None else None,
        cave=_cave_board(g, viewer) if st.cave is not None else None,
        dragon=_dragon_board(g, viewer, minimal) if st.dragon is not None else None,
        goblins=goblins,
        thief=_thief_board(g, viewer) if st.thief is not None else None,
        decks=Decks(events=len(st.event_deck), treasures=len(st.treasure_deck),
                    monsters=len(st.monster_deck), omen_bag=sum(st.omen_bag.values())),
        ghoul=_ghoul_board(g) if st.ghoul is not None and "ghoul" in st.roles else None,
        vile_ghoul=_vile_ghoul_board(g) if st.ghoul is not None and "vile_ghoul" in st.roles else None,
    )
    d = g.pending
    decision = d if d is not None and viewer is not None and d.role == viewer else None
    waiting = None if d is None else (d.role, d.kind, d.prompt if decision is not None else public_prompt(d.role, d.kind))
    log = g.log_cache.setdefault(viewer, [])
    for e in g.events[len(log):]:
        line = e.public
        if viewer is not None and viewer in e.private:
            line = f"{line} [{e.private[viewer]}]"
        log.append(line)
    outcome = (g.outcome.winners, g.outcome.reason) if g.outcome else None
    return PlayerView(
        viewer=viewer, roles=st.roles, active=st.active, round=st.round, collapse=st.collapse,
        crystal_tiles_removed=st.crystal_tiles_removed, collapse_crystals=g.config.collapse_crystals,
        stack_count=len(st.stack), variant=g.config.variant_name, tiles=tuple(tiles), pieces=dict(st.board.pieces),
        rockslides=tuple(sorted(st.board.rockslides)), bombs=tuple(sorted(st.board.bombs)),
        supply=dict(st.supply), boards=boards, decision=decision, waiting_for=waiting, log=tuple(log),
        outcome=outcome, last_roll=st.last_roll, entrance=st.board.entrance,
        entrance_piece=st.board.entrance if moving_entrance(g) else None,
        terrain_cards=tuple(st.terrain_drawn),
        placing={} if minimal else _placing(g, decision),
        setup={} if minimal else public_setup(g), removed=() if minimal else removed_seen(g, viewer),
        terrain_round=st.terrain_round, rules=g.rules,
    )


def public_setup(g: Game) -> dict[str, Any]:
    """The Setup (roles, variants, difficulties, house rules) — public knowledge — with the
    seed blanked: the seed decides every shuffle, so it would give away all hidden information."""
    return {**g.setup.model_dump(), "seed": 0}


def removed_seen(g: Game, viewer: str | None) -> tuple[str, ...]:
    """What left the game face up (played Events, completed Sidequests, collapsed Crystal
    tiles, lost Treasures).  A Treasure card the Knight declined unseen (VAR-11) is named
    only to her: its id is in no public log entry."""
    removed = g.state.removed_from_game
    if viewer == "knight":
        return tuple(removed)
    treasures = set(g.rules.deck("treasures"))
    if not any(c in treasures for c in removed):
        return tuple(removed)
    named = {e.data.get("card") for e in g.events if e.kind in ("treasure_declined", "treasure_lost")}
    named.update(c for e in g.events if e.kind == "removed_from_game" for c in e.data["cards"])   # a scenario's
    return tuple(c for c in removed if c not in treasures or c in named)


def terrain_view(g: Game, m: TerrainMark, rot: int) -> TerrainView:
    """A Terrain space as everyone sees it (TR-02/03)."""
    data = g.rules.terrain_tile(m.tile)
    return TerrainView(m.tile, data.kind, data.name, m.kind, rot, m.current)


def _placing(g: Game, decision: Decision | None) -> dict[str, tuple[tuple[Pos, TerrainView], ...]]:
    """The footprint of each option of the viewer's own pending Terrain placement (terrain.placing)."""
    if decision is None or decision.kind not in PLACING_KINDS:
        return {}
    return {oid: tuple((c, terrain_view(g, m, rot)) for c, m in cells)
            for oid, (rot, cells) in placing(g, decision).items()}
