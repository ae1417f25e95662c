"""Mid-game positions from a dict or YAML text: for rule tests, tutorials, puzzles.

A scenario starts from the normal setup of its ``setup`` (so every component
exists) and then overrides what it names: tiles on the map, tokens, pieces, the
stack, decks, and role boards.  Play starts at the beginning of ``active``'s turn.
Unknown keys are refused with their path.

Example::

    setup: {roles: [knight], seed: 1, solo_level: medium}
    active: knight
    tiles:
      - {pos: [0, 0], tile: entrance}
      - {pos: [1, 0], tile: T20}            # Dark
      - {pos: [0, 1], tile: T31, lit: true, rot: 1}
    tokens: {"0,1": {crystal: 1}}
    pieces: {knight: [0, 1]}
    knight: {grit: 4, cubes_free: 3}

With the ``moving-entrance`` variant, ``entrance: [x, y]`` puts the Entrance piece on
that Lit tile (otherwise it sits on the Entrance tile).

With the ``terrain`` (or ``random-terrain``) variant, ``terrain:`` lays Terrain tiles
(without it, only the Canyon, which a Goblin Infestation line-C Troll brings into play):
``- {tile: canyon, pos: [1, 1], rot: 1}`` puts the tile's top-left space (after the
turn) at ``pos``; the spaces must be open.  ``terrain_round`` is the last round whose
first Event reveal already brought Terrain (TR-04); ``terrain_deck`` the Random
Terrain cards still facedown, top first, and ``terrain_drawn`` those already drawn (VAR-13).
``monster_discard`` lists the discarded Monster cards (face up); ``removed_from_game`` the
cards and tiles out of the game, all face up.
"""
from __future__ import annotations

import copy
from collections import Counter
from functools import partial
from types import MappingProxyType
from typing import Any

import yaml

from ..rules_data import RulesData, load_rules_data
from .errors import ScenarioError, checked
from .flow import game_flow
from .game import Game
from .geometry import Pos, edge
from .setup import Setup, SetupError, initial_state, make_config
from .state import PlacedTile

TOP_KEYS = frozenset({"setup", "active", "round", "collapse", "tiles", "tokens", "pieces", "stack", "knight", "cave",
                      "event_deck", "treasure_deck", "monster_deck", "supply", "rockslides", "bombs", "crystal_tiles_removed",
                      "omen_bag", "crystals_smashed_total", "description", "goblins", "dragon", "thief", "ghoul", "vile_ghoul", "entrance",
                      "terrain", "terrain_round", "terrain_deck", "terrain_drawn", "monster_discard",
                      "removed_from_game"})
KNIGHT_KEYS = frozenset({"health", "max_health", "grit", "cubes_free", "track", "equip", "treasure_cubes", "set_aside",
                         "discarded", "grit_spaces", "bombs_left", "sidequests", "sidequest_deck", "treasures", "face_up",
                         "smashed", "dead", "must_resolve_event", "javelin_ready", "charm_strength_next"})
CAVE_KEYS = frozenset({"hand", "omens", "hatred_tokens", "omens_collected"})
SHAPES: MappingProxyType[str, tuple[type, ...]] = MappingProxyType({     # the kind of value each top-level key holds
    "setup": (dict,), "active": (str,), "description": (str,), "tiles": (list,), "tokens": (dict,),
    "pieces": (dict,), "stack": (list,), "knight": (dict,), "cave": (dict,), "goblins": (dict,), "dragon": (dict,),
    "thief": (dict,), "ghoul": (dict,), "vile_ghoul": (dict,), "event_deck": (list,), "treasure_deck": (list,), "monster_deck": (list,),
    "monster_discard": (list,), "removed_from_game": (list,), "supply": (dict,), "rockslides": (list,),
    "bombs": (list,), "omen_bag": (dict,), "terrain": (list,), "entrance": (list, str),
})
SHAPE_NAMES: MappingProxyType[type, str] = MappingProxyType({dict: "a mapping", list: "a list", str: "text"})




def _pos(v: Any, where: str) -> Pos:
    try:
        if isinstance(v, str):
            x, y = v.split(",")
            return (int(x), int(y))
        x, y = v
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise ScenarioError(f"{where}: expected a position like [1, 0] or '1,0', got {v!r}") from None


def _check_section(data: dict[str, Any], role: str, role_state: object | None, allowed: frozenset[str]) -> None:
    """A role's section needs the role in play and only known keys."""
    if role_state is None:
        raise ScenarioError(f"{role}: the {role.title()} is not in this game")
    bad = set(data[role]) - allowed
    if bad:
        raise ScenarioError(f"{role}: unknown key(s) {', '.join(sorted(bad))}")


def _lay_terrain(g: Game, items: Any) -> None:
    from .map.terrain import cells_for, put

    variant = bool(g.config.extra.get("terrain"))
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"terrain[{i}]"
        tile = item.get("tile") if isinstance(item, dict) else None
        if tile not in {t.id for t in g.rules.terrain}:
            raise ScenarioError(f"{where}.tile: unknown Terrain tile {tile!r}; "
                                f"valid: {', '.join(t.id for t in g.rules.terrain)}")
        if not variant and g.rules.terrain_tile(tile).kind != "canyon":
            raise ScenarioError(f"{where}: only with the terrain or random-terrain variant (without it, only the "
                                "Canyon a line-C Troll places)")
        if tile in seen:
            raise ScenarioError(f"{where}.tile: Terrain tile {tile} is used twice")
        seen.add(tile)
        bad = set(item) - {"tile", "pos", "rot"}
        if bad:
            raise ScenarioError(f"{where}: unknown key(s) {', '.join(sorted(bad))}")
        anchor = _pos(item.get("pos"), f"{where}.pos")
        rot = int(item.get("rot", 0))
        for c, _ in cells_for(g, tile, rot, anchor):
            if c in g.state.board.tiles:
                raise ScenarioError(f"{where}: the space {c} already holds a tile")
        put(g, tile, rot, anchor, "cave")


def _zones(g: Game) -> list[tuple[str, list[str], tuple[str, ...]]]:
    """Every place a tile or card can be, as (scenario key, its ids, the decks its ids come
    from: "tiles" for Cave tiles, () for anything).  The Knight's face-up Treasures are among
    her ``treasures``; the Terrain cards are kinds, not components, and are left out."""
    st = g.state
    zones: list[tuple[str, list[str], tuple[str, ...]]] = [
        ("tiles", [t.tile_id for t in st.board.tiles.values() if t.terrain is None], ("tiles",)),
        ("stack", st.stack, ("tiles",)), ("event_deck", st.event_deck, ("events",)),
        ("treasure_deck", st.treasure_deck, ("treasures",)), ("monster_deck", st.monster_deck, ("monsters",)),
        ("monster_discard", st.monster_discard, ("monsters",)), ("removed_from_game", st.removed_from_game, ()),
    ]
    if st.cave is not None:
        zones.append(("cave.hand", st.cave.hand, ("tiles",)))
    if st.knight is not None:
        k = st.knight
        zones += [("knight.sidequests", k.sidequests, ("sidequests",)),
                  ("knight.sidequest_deck", k.sidequest_deck, ("sidequests",)),
                  ("knight.treasures", k.treasures, ("treasures",))]
    if st.goblins is not None:
        gb = st.goblins
        zones += [(f"goblins.{key}", getattr(gb, key), ("secrets",))
                  for key in ("hand", "face_up", "secrets_deck", "secrets_discard", "schemes")]
        zones.append(("goblins.war_deck", gb.war_deck, ("war",)))
        zones += [(f"goblins.monsters.{t}", ms, ("monsters",)) for t, ms in gb.monsters.items()]
    if st.dragon is not None:
        d = st.dragon
        zones += [(f"dragon.{key}", getattr(d, key), ("powers", "scales"))
                  for key in ("hand", "deck", "discard", "scale_deck", "scales_removed")]
    if st.thief is not None:
        zones += [(f"thief.{key}", getattr(st.thief, key), ("upgrades",))
                  for key in ("upgrade_hand", "upgrade_shown", "upgrade_box")]
    return zones


def _given(data: dict[str, Any], key: str) -> bool:
    """Whether the scenario itself names the place ``key`` ("knight.treasures", "goblins.monsters.fangs")."""
    head, _, rest = key.partition(".")
    if head == "tiles":
        return "tiles" in data
    if not rest:
        return head in data
    section = data.get(head)
    return isinstance(section, dict) and rest.partition(".")[0] in section


def _check_components(g: Game, data: dict[str, Any]) -> None:
    """Every tile and card named exists and is in one place only.  A card the scenario puts
    somewhere leaves the place the normal setup dealt it to (the Knight's Treasure card leaves
    the Treasure deck); a card the scenario itself names in two places is refused, naming it
    and both places."""
    rules = g.rules
    valid: dict[str, frozenset[str]] = {"tiles": frozenset(t.id for t in rules.tiles), **rules.card_ids_by_deck}   # "ambush" names a copy too
    zones = _zones(g)
    places: dict[str, list[str]] = {}
    unions: dict[tuple[str, ...], frozenset[str]] = {}
    for key, ids, decks in zones:
        allowed = unions.get(decks)
        if allowed is None:
            allowed = unions[decks] = frozenset().union(*(valid[d] for d in (decks or valid)))
        for i in ids:
            if not isinstance(i, str) or i not in allowed:
                kinds = " or ".join(decks) if decks else "tile or card"
                raise ScenarioError(f"{key}: {i!r} is no {kinds} id")
            places.setdefault(i, []).append(key)
    for i, where in places.items():
        if len(where) < 2:
            continue
        named = [w for w in where if _given(data, w)]
        if len(named) != 1:                    # twice in the scenario (or, never, twice in the setup)
            raise ScenarioError(f"{i!r} is in two places: " + " and ".join(named or where)
                                + (" (twice)" if len(set(named or where)) == 1 else ""))
        for key, ids, _ in zones:              # the scenario moved it: out of where the setup dealt it
            if key != named[0] and i in ids:
                ids.remove(i)


def _check_shapes(data: dict[str, Any]) -> None:
    """Each top-level key holds the kind of value it needs (a list of tiles, a mapping of
    tokens …), and each tile and token entry too; else ScenarioError naming the key."""
    for key, kinds in SHAPES.items():
        if key in data and not isinstance(data[key], kinds):
            raise ScenarioError(f"{key}: expected {' or '.join(SHAPE_NAMES[k] for k in kinds)}, "
                                f"got {data[key]!r:.60}")
    for i, t in enumerate(data.get("tiles", ())):
        if not isinstance(t, dict):
            raise ScenarioError(f"tiles[{i}]: expected a mapping like {{pos: [1, 0], tile: T20}}, got {t!r:.60}")
    for key in ("tokens", "supply", "omen_bag"):
        for k, v in data.get(key, {}).items():
            counts = v if key == "tokens" else {k: v}
            if not isinstance(counts, dict) or not all(type(n) is int for n in counts.values()):
                raise ScenarioError(f"{key}.{k}: expected whole numbers of tokens, got {v!r:.60}")


def load_scenario(data: dict[str, Any] | str, rules: RulesData | None = None) -> Game:
    """Build the game a scenario describes (see the module docstring).  Anything malformed —
    an unknown key, a value of the wrong kind, a broken structure — raises ScenarioError
    naming what is wrong, never another exception.  ``rules``: as :func:`~.api.new_game` takes them."""
    if isinstance(data, str):
        try:
            data = yaml.safe_load(data)
        except yaml.YAMLError as exc:
            raise ScenarioError(f"not YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a mapping")
    data = copy.deepcopy(data)
    bad = set(data) - TOP_KEYS
    if bad:
        raise ScenarioError(f"unknown scenario key(s): {', '.join(sorted(map(str, bad)))}")
    _check_shapes(data)
    try:
        return _build(data, rules)
    except (ScenarioError, SetupError):
        raise
    except (TypeError, AttributeError, KeyError, ValueError, IndexError) as exc:
        raise ScenarioError(f"malformed scenario ({type(exc).__name__}: {str(exc)[:160]})") from None


def _build(data: dict[str, Any], rules: RulesData | None) -> Game:
    """The game of a scenario whose keys and shapes were checked (load_scenario)."""
    rules = load_rules_data() if rules is None else rules
    try:
        setup = Setup(**data.get("setup", {}))
    except Exception as exc:  # pydantic's message names the field
        raise ScenarioError(f"setup: {exc}") from None
    config = make_config(setup, rules)
    config.bonus_cards = True                   # a scenario may hand any bonus card to anyone
    g = Game(setup, rules, config, state=None, scenario=data)  # type: ignore[arg-type]
    g.fresh = partial(load_scenario, data, rules)
    st = initial_state(g)
    g.state = st
    board = st.board
    all_ids = {t.id for t in rules.tiles}
    if "tiles" in data:
        board.tiles = {}
        used = set()
        for i, t in enumerate(data["tiles"]):
            where = f"tiles[{i}]"
            if t.get("tile") not in all_ids:
                raise ScenarioError(f"{where}.tile: unknown tile id {t.get('tile')!r}")
            p = _pos(t.get("pos"), f"{where}.pos")
            if p in board.tiles:
                raise ScenarioError(f"{where}.pos: two tiles at {p}")
            if t["tile"] in used:
                raise ScenarioError(f"{where}.tile: tile {t['tile']} is used twice")
            used.add(t["tile"])
            lit = bool(t.get("lit", rules.tile(t["tile"]).type == "entrance"))
            board.tiles[p] = PlacedTile(t["tile"], lit=lit, rot=int(t.get("rot", 0)))
            if rules.tile(t["tile"]).type == "entrance":
                board.entrance = p
        pool = [x for x in st.stack if x not in used]
        if st.cave is not None:
            pool = [x for x in st.cave.hand if x not in used] + pool
            st.cave.hand = []
        st.stack = pool
        st.box = [x for x in st.box if x not in used]
        if st.cave is not None:
            st.cave.hand = st.stack[:3]
            del st.stack[:3]
    if "entrance" in data:                   # Moving Entrance (VAR-04): the Entrance piece's space
        p = _pos(data["entrance"], "entrance")
        if not config.extra.get("moving_entrance"):
            raise ScenarioError("entrance: only the moving-entrance variant moves the entrance off its tile")
        if p not in board.tiles or not board.tiles[p].lit:
            raise ScenarioError(f"entrance: {p} is not a Lit tile on the map")
        board.entrance = p
    if "terrain" in data:
        _lay_terrain(g, data["terrain"])
    for key in ("terrain_round", "terrain_deck", "terrain_drawn"):
        if key in data:
            if not config.extra.get("terrain"):
                raise ScenarioError(f"{key}: only with the terrain or random-terrain variant")
            setattr(st, key, checked(st, key, copy.deepcopy(data[key]), key))
    if "stack" in data:
        st.stack = list(data["stack"])
    if "tokens" in data:
        board.tokens = {}
        for k, v in data["tokens"].items():
            board.tokens[_pos(k, f"tokens.{k}")] = Counter(v)
    if "pieces" in data:
        board.pieces = {k: _pos(v, f"pieces.{k}") for k, v in data["pieces"].items()}
    for attr in ("rockslides", "bombs"):
        if attr in data:
            setattr(board, attr, {edge(_pos(a, attr), _pos(b, attr)) for a, b in data[attr]})
    for key in ("event_deck", "treasure_deck", "monster_deck", "monster_discard"):
        if key in data:
            setattr(st, key, list(data[key]))
    for key in ("round", "collapse", "crystal_tiles_removed", "crystals_smashed_total"):
        if key in data:
            setattr(st, key, checked(st, key, data[key], key))
    if "knight" in data:
        _check_section(data, "knight", st.knight, KNIGHT_KEYS)
        assert st.knight is not None
        quests = data["knight"].get("sidequests")
        if quests is not None and "sidequest_deck" not in data["knight"]:   # the dealt ones go back to the deck
            kn = st.knight
            kn.sidequest_deck = [c for c in kn.sidequests + kn.sidequest_deck if c not in quests]
        for k, v in data["knight"].items():
            value = checked(st.knight, k, copy.deepcopy(v), f"knight.{k}")
            if k in ("track", "equip"):
                getattr(st.knight, k).update(value)
            else:
                setattr(st.knight, k, value)
        st.knight.treasure_cubes = {c: st.knight.treasure_cubes.get(c, 0) for c in st.knight.treasures}
    if "cave" in data:
        _check_section(data, "cave", st.cave, CAVE_KEYS)
        assert st.cave is not None
        for k, v in data["cave"].items():
            if k in ("omens", "hand", "hatred_tokens"):
                v = checked(st.cave, k, v, f"cave.{k}")
            if k == "omens":
                st.cave.omens = Counter(v)
            elif k == "omens_collected":     # starting the Cave's turn: its Omens are already in (CV-12)
                config.extra["omens_collected"] = bool(v)
            elif k == "hand":
                st.cave.hand = list(v)
                if "stack" not in data:        # else both were named: _check_components refuses a tile in both
                    st.stack = [x for x in st.stack if x not in v]
            else:
                setattr(st.cave, k, v)
    if "goblins" in data:
        from .roles.goblins.turn import GOBLIN_KEYS, load_goblins
        _check_section(data, "goblins", st.goblins, GOBLIN_KEYS)
        load_goblins(st, data["goblins"])
        assert st.goblins is not None
        wrong = [c for c in st.goblins.schemes if c not in g.rules.physical_card_ids or g.card(c).handler != "scheme"]
        if wrong:                                           # VAR-26: only Schemes are bought
            raise ScenarioError(f"goblins.schemes: {wrong[0]!r} is not a Scheme card (the Schemes: "
                                + ", ".join(c.id for c in g.rules.cards("secrets", include_promo=True)
                                            if c.handler == "scheme") + ")")
    if "dragon" in data:
        from .roles.dragon.state import DRAGON_KEYS, load_dragon
        _check_section(data, "dragon", st.dragon, DRAGON_KEYS)
        load_dragon(st, data["dragon"])
    if "thief" in data:
        from .roles.thief.state import THIEF_KEYS, load_thief
        _check_section(data, "thief", st.thief, THIEF_KEYS)
        load_thief(st, data["thief"])
    elif st.thief is not None:
        st.thief.placed = "thief" in board.pieces
    ghoul_dice = _load_ghoul(g, data)
    if "removed_from_game" in data:          # cards and tiles out of the game, face up (public)
        st.removed_from_game = [str(x) for x in data["removed_from_game"]]
        g.log("removed_from_game", "Out of the game: " + (", ".join(st.removed_from_game) or "nothing") + ".",
              cards=list(st.removed_from_game))
    # Tiles the scenario left nowhere (replaced hand, explicit stack) go to the box, so every
    # tile is accounted for exactly once.
    in_play = {t.tile_id for t in board.tiles.values()} | set(st.stack)
    if st.cave is not None:
        in_play |= set(st.cave.hand)
    st.box = [x for x in st.box if x not in in_play]      # a tile the scenario put in play leaves the box
    placed = in_play | set(st.box) | set(st.removed_from_game)
    st.box += [t.id for t in rules.tiles if t.id not in placed]
    if "omen_bag" in data:
        st.omen_bag = Counter(data["omen_bag"])
    elif st.cave is not None:
        st.omen_bag = Counter({s: rules.omen_tokens_per_symbol - st.cave.omens[s] for s in rules.omen_symbols})
    thief = "thief" in st.roles
    totals = {"treasure": rules.cave.treasure_tokens_with_thief if thief else rules.cave.treasure_tokens_no_thief,
              "crystal": rules.cave.crystal_tokens,
              "event": rules.cave.event_tokens if "knight" in st.roles else 0,     # SET-40: boxed
              "rockslide": rules.cave.rockslides}
    st.supply = Counter({k: v - board.count_tokens(k) for k, v in totals.items()})
    if st.thief is not None:                        # carried and stashed tokens are out of the supply too (CV-13)
        from .roles.thief.state import stashed_tokens
        st.supply["treasure"] -= st.thief.carried.count("treasure") + stashed_tokens(st.thief)
    if st.ghoul is not None:                        # the Ghoul's Treasure space (GH-15)
        st.supply["treasure"] -= st.ghoul.treasure
    st.supply["rockslide"] = totals["rockslide"] - len(board.rockslides)
    st.supply["crystal"] -= st.crystals_smashed_total
    if "supply" in data:
        for k, v in data["supply"].items():   # set, not add (Counter.update would add)
            st.supply[k] = int(v)
    _check_components(g, data)
    active = data.get("active", config.turn_order[0])
    if active not in config.turn_order:
        raise ScenarioError(f"active: {active!r} is not playing; roles: {', '.join(config.turn_order)}")
    if ghoul_dice:
        g.script_dice("ghoul", *ghoul_dice)
    g.start(game_flow(g, start_role=active))
    return g


def _load_ghoul(g: Game, data: dict[str, Any]) -> tuple[int, ...]:
    """The scenario's ``ghoul:`` section (its board: fury, treasure, attack, defense, terror,
    terror_deck ...; its position is in ``pieces``) or ``vile_ghoul:`` section (VG-*: the Ghoul's
    keys, and its dice: ``supply``, ``left``, ``right``), each with ``dice``: the faces its next
    rolls show (scripted, GH-06, VG-04).  Returns those faces."""
    from .roles.ghoul.state import GHOUL_KEYS, load_ghoul
    from .roles.ghoul.vile.state import VILE_KEYS, load_vile_ghoul

    st = g.state
    for named in ("ghoul", "vile_ghoul"):
        if named in data and named not in st.roles:
            raise ScenarioError(f"{named}: the {named.replace('_', ' ').title()} is not in this game")
    role = next((r for r in ("ghoul", "vile_ghoul") if r in st.roles), None)
    if role is None or role not in data:
        if st.ghoul is not None:
            st.ghoul.placed = st.ghoul.piece in st.board.pieces
        return ()
    section = data[role]
    _check_section(data, role, st.ghoul, (GHOUL_KEYS if role == "ghoul" else VILE_KEYS) | {"dice"})
    dice = section.pop("dice", [])
    faces = g.rules.ghoul.die_faces
    if not isinstance(dice, list) or any(type(f) is not int or not 1 <= f <= len(faces) for f in dice):
        raise ScenarioError(f"{role}.dice: a list of die faces 1..{len(faces)} (got {dice!r:.60})")
    cards = frozenset(g.rules.ghoul.terror_deck())
    if role == "ghoul":
        load_ghoul(st, section, cards)
    else:
        load_vile_ghoul(st, section, cards, g.rules.vile_ghoul.dice)
    return tuple(dice)
