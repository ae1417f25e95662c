"""The Hard players' forward model: a whole, playable game drawn from one role's view.

:func:`sample_world` determinizes the hidden information (issue 7: "Monte-Carlo rollouts
over determinized hidden information").  It is given a :class:`PlayerView` and a
``random.Random`` — never a :class:`Game` — so it cannot read what the viewer may not see:
every public fact is copied from the view, the viewer's own secrets (its hand, the Cave's
Dark tiles and the top Events, the Knight's facedown Treasures ...) are kept exactly, and
everything else is drawn at random from what the view leaves unaccounted for (the
components in the rules data minus those the view places).

The world is built as a scenario and loaded with :func:`load_scenario`, so the rules set
it up exactly as they set up any position.  It starts at the **beginning** of
``view.active``'s turn: what was done earlier in that turn is already on the map and the
boards, but the per-turn counters (Movement used, Encounters, Omen uses, Action cubes,
the War card ...) start afresh, and the turn's opening steps run again — except the Cave's
Omen collection, which the world keeps as the view shows it (CV-12).  The Hard player plans
at the start of its own turns, where this is exact.

What no view shows, and so no world can carry (it starts at its default): the Dragon's
discard pile (its cards are shuffled into his deck; his Replace Hand shuffles them all
together anyway, DR-54), the Golem and Bright Beetles effects of the Goblin Infestation's
Monster deck when nobody plays the Goblins (and its discard pile), and which cards were put
on the bottom of a deck (Uncertain Treasures, the Cave's Event choice).  The game's turn
counter restarts at 1: the once-per-turn limits it keeps are per-turn counters anyway.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...engine.board_views import GhoulBoard, GoblinsBoard, KnightBoard, VileGhoulBoard
from ...engine.geometry import Pos, rotate_walls
from ...engine.kinds import DecisionKind
from ...engine.map.terrain import READY_KINDS
from ...engine.option_ids import arg_of, has_verb
from ...engine.roles.goblins.state import scheme_deck
from ...engine.scenario import load_scenario
from ...engine.setup import Setup, expand_variants, knight_deck, make_config, promo_cards
from ...engine.view import PlayerView, TileView
from ...rules_data import RulesData

if TYPE_CHECKING:       # the type of what it returns: a new game, never one it is given
    from ...engine import Game
    from ...rules_data.schema import DeckName


class WorldError(ValueError):
    """A view no world can be built from (it has no setup, or contradicts the rules data)."""


def sample_world(view: PlayerView, rng: random.Random) -> Game:
    """A complete game consistent with everything ``view`` shows, its hidden parts drawn
    with ``rng`` (only), starting at the beginning of ``view.active``'s turn.

    It takes the view and a RNG and nothing else — no Game — so it cannot cheat: hidden
    information it does not see can only be guessed.  The world's own seed is drawn from
    ``rng`` too (never the real game's seed, which would decide every hidden thing)."""
    return load_scenario(world_scenario(view, rng), rules=view.rules)   # the real game's rules, corrections too


def world_scenario(view: PlayerView, rng: random.Random) -> dict[str, Any]:
    """The scenario dict of :func:`sample_world` (see :mod:`vast_desktop.engine.scenario`)."""
    if not view.setup:
        raise WorldError("the view carries no setup: it comes from an older engine")
    s = _Sampler(view, view.rules, rng)
    return s.build()


def _pos(p: Pos) -> list[int]:
    return [p[0], p[1]]


def _draw(rng: random.Random, pool: list[str], n: int, what: str) -> list[str]:
    """``n`` cards drawn at random from ``pool`` (removed from it)."""
    if n > len(pool):
        raise WorldError(f"{what}: the view shows {n} but only {len(pool)} are unaccounted for")
    rng.shuffle(pool)
    out = pool[:n]
    del pool[:n]
    return out


def _minus(items: Iterable[str], *taken: Iterable[str]) -> list[str]:
    gone: set[str] = set()
    for t in taken:
        gone.update(t)
    return [c for c in items if c not in gone]


class _Sampler:
    """Builds one world's scenario: public facts copied, hidden ones drawn."""

    def __init__(self, view: PlayerView, rules: RulesData, rng: random.Random) -> None:
        self.view = view
        self.rules = rules
        self.rng = rng
        self.viewer = view.viewer
        self.boards = view.boards
        self.removed = set(view.removed)
        self.treasure_deck: list[str] = []
        setup = Setup.model_validate({**view.setup, "seed": 0})
        self.promo = promo_cards(setup)                  # the bonus variants' cards
        self.config = make_config(setup, rules)          # the Knight's decks as dealt (promo, revised cards)

    def deck(self, name: DeckName) -> list[str]:
        """Deck ``name`` as dealt in this game: its base cards and the promo cards in play."""
        return [*self.rules.deck(name), *(pid for c in self.rules.cards(name, include_promo=True)
                                          if c.promo and c.id in self.promo for pid in c.physical_ids)]

    def build(self) -> dict[str, Any]:
        v = self.view
        setup = {**v.setup, "seed": self.rng.getrandbits(31)}
        data: dict[str, Any] = {
            "setup": setup, "active": v.active, "round": v.round, "collapse": v.collapse,
            "crystal_tiles_removed": v.crystal_tiles_removed, "supply": dict(v.supply),
            "pieces": {k: _pos(p) for k, p in v.pieces.items()},
            "rockslides": [[_pos(a), _pos(b)] for a, b in v.rockslides],
            "bombs": [[_pos(a), _pos(b)] for a, b in v.bombs],
            "tokens": {f"{t.pos[0]},{t.pos[1]}": dict(t.tokens) for t in v.tiles if t.tokens},
            "crystals_smashed_total": self._smashed_total(), "removed_from_game": list(v.removed),
        }
        if v.entrance_piece is not None:
            data["entrance"] = _pos(v.entrance_piece)
        self._map(data)
        self._terrain(data, setup)
        self._decks(data)
        if self.boards.knight is not None:
            data["knight"] = self._knight()
            data["treasure_deck"] = self.treasure_deck
        if self.boards.goblins is not None:
            data["goblins"] = self._goblins(setup)
        if self.boards.dragon is not None:
            data["dragon"] = self._dragon(setup)
        if self.boards.thief is not None:
            data["thief"] = self._thief()
        if self.boards.ghoul is not None:
            data["ghoul"] = self._ghoul()
        if self.boards.vile_ghoul is not None:
            data["vile_ghoul"] = self._vile_ghoul()
        return data

    # -------------------------------------------------------------- the map
    def _smashed_total(self) -> int:
        """Crystal tokens smashed so far (Persistent, KN-110): they never go back to the
        supply, so they are the tokens neither in the supply nor on the map."""
        on_map = sum(t.tokens.get("crystal", 0) for t in self.view.tiles)
        return max(0, self.rules.cave.crystal_tokens - self.view.supply.get("crystal", 0) - on_map)

    def _lit_rotation(self, t: TileView) -> int:
        """A Lit tile's quarter turns, read back from its id and its walls (any turn that
        gives the same walls is the same tile on the map)."""
        printed = self.rules.tile(str(t.tile_id)).walls
        for r in range(4):
            if rotate_walls(printed, r) == t.walls:
                return r
        raise WorldError(f"the Lit tile {t.tile_id} at {t.pos} has walls {t.walls} no rotation gives")

    def _map(self, data: dict[str, Any]) -> None:
        """Tiles: Lit ones as shown; Dark ones (and the Cave's hand and the stack) drawn
        from the Cave tiles the view does not place, a Dark tile keeping its public Tribe."""
        v, rng = self.view, self.rng
        tiles: list[dict[str, Any]] = []
        known = {t.tile_id for t in v.tiles if t.terrain is None and t.tile_id is not None}
        cave_board = self.boards.cave
        own_hand = list(cave_board.hand or ()) if self.viewer == "cave" and cave_board is not None else []
        thief = "thief" in v.roles
        pool = [t.id for t in self.rules.tiles
                if t.type != "entrance" and (thief or t.type != "vault")
                and t.id not in known and t.id not in self.removed and t.id not in own_hand]
        by_tribe: dict[str | None, list[str]] = {}
        for tid in pool:
            by_tribe.setdefault(self.rules.tile(tid).tribe, []).append(tid)
        drawn: set[str] = set()
        for t in v.tiles:
            if t.terrain is not None:
                continue
            if t.lit:
                tiles.append({"pos": _pos(t.pos), "tile": t.tile_id, "lit": True, "rot": self._lit_rotation(t)})
                continue
            dark_id = t.tile_id                     # known to the Cave only (GEN-03)
            if dark_id is None:
                same = by_tribe.get(t.tribe, [])
                if not same:
                    raise WorldError(f"no unaccounted Cave tile of the {t.tribe} Tribe for the Dark tile at {t.pos}")
                dark_id = same.pop(rng.randrange(len(same)))
                drawn.add(dark_id)
            tiles.append({"pos": _pos(t.pos), "tile": dark_id, "lit": False})
        data["tiles"] = tiles
        rest = [tid for tid in pool if tid not in drawn]
        if cave_board is not None:
            hand = own_hand or _draw(rng, rest, cave_board.hand_count, "the Cave's hand")
            data["cave"] = self._cave(hand)
        data["stack"] = _draw(rng, rest, v.stack_count, "the stack")

    def _terrain(self, data: dict[str, Any], setup: dict[str, Any]) -> None:
        """Terrain tiles (TR-02/03) by their top-left space and turn; the Random Terrain
        cards: those drawn face up, the others shuffled (VAR-13).  Without the variant the
        only Terrain is the Canyon a line-C Troll brought (Goblin Infestation)."""
        variants = setup.get("variants", ())
        cells: dict[str, list[Pos]] = {}
        rot: dict[str, int] = {}
        for t in self.view.tiles:
            if t.terrain is not None:
                cells.setdefault(t.terrain.tile, []).append(t.pos)
                rot[t.terrain.tile] = t.terrain.rot
        if cells:
            data["terrain"] = [{"tile": k, "pos": _pos(min(ps)), "rot": rot[k]} for k, ps in sorted(cells.items())]
        if "terrain" not in variants and "random-terrain" not in variants:
            return
        data["terrain_round"] = self.view.terrain_round
        if "random-terrain" in variants:
            drawn = list(self.view.terrain_cards)
            deck = [k for k in dict.fromkeys(t.kind for t in self.rules.terrain) if k in READY_KINDS and k not in drawn]
            self.rng.shuffle(deck)
            data["terrain_deck"] = deck
            data["terrain_drawn"] = drawn

    # -------------------------------------------------------------- decks
    def _decks(self, data: dict[str, Any]) -> None:
        """The Event and Monster decks: the cards not shown anywhere, in a random order
        (the Cave keeps the top 3 Events it has seen, CV-40)."""
        decks, rng = self.boards.decks, self.rng
        if "knight" in self.view.roles:
            pool = _minus(self.deck("events"), self.removed)
            cave = self.boards.cave
            top = list(cave.event_top3 or ()) if self.viewer == "cave" and cave is not None else []
            pool = _minus(pool, top)
            data["event_deck"] = top + _draw(rng, pool, decks.events - len(top), "the Event deck")
        gob = self.boards.goblins
        shown = ([m for ms in gob.monsters.values() for m in ms] + list(gob.monster_discard)) if gob is not None else []
        drawn = gob.drawn_monster if gob is not None else None
        if drawn:
            shown.append(drawn)
        pool = _minus(self.deck("monsters"), shown, self.removed)   # a used Ground Kraken leaves the game
        # a Monster drawn in the Goblins' turn and not yet assigned: the world starts the turn
        # again and so draws it again — it goes back on top of the deck
        again = [drawn] if drawn and self.view.active == "goblins" else []
        data["monster_deck"] = again + _draw(rng, pool, decks.monsters, "the Monster deck")
        # with no Goblins board the discard pile is shown nowhere: every Monster neither in the
        # deck nor removed was drawn for an Ambush and discarded (reshuffled when the deck runs out)
        data["monster_discard"] = list(gob.monster_discard) if gob is not None else pool

    # -------------------------------------------------------------- the roles
    def _knight(self) -> dict[str, Any]:
        """Her board as shown; her facedown Treasures, Sidequests and both decks drawn
        unless she is the viewer (KN-84, KN-97)."""
        b, rng = self.boards.knight, self.rng
        assert b is not None
        own = self.viewer == "knight"
        out: dict[str, Any] = {"health": b.health, "max_health": b.max_health, "grit": b.grit,
                               "cubes_free": b.cubes_free, "set_aside": b.set_aside, "discarded": b.discarded,
                               "bombs_left": b.bombs_left, "smashed": b.smashed, "dead": b.dead}
        out["track"] = dict(b.track)
        out["equip"] = dict(b.equip)
        out["grit_spaces"] = list(b.grit_spaces)
        face_up = list(b.face_up)
        t_pool = _minus(knight_deck(self.rules, self.config, "treasures"), self.removed, face_up)
        facedown = list(b.facedown or ()) if own else _draw(rng, t_pool, b.facedown_count, "facedown Treasures")
        t_pool = _minus(t_pool, facedown)
        cubes = dict(b.treasure_cubes)
        if not own:
            cubes.update(self._hidden_treasure_cubes(b, facedown))
        out["treasures"] = face_up + facedown
        out["face_up"] = face_up
        out["treasure_cubes"] = cubes
        out["javelin_ready"] = b.javelin_ready        # KN-88: readied face up, so known to all
        self.treasure_deck = _draw(rng, t_pool, self.boards.decks.treasures, "the Treasure deck")
        q_pool = self._sidequest_pool()
        hand = list(b.sidequests or ()) if own else _draw(rng, q_pool, b.sidequest_count, "Sidequests")
        q_pool = _minus(q_pool, hand)
        out["sidequests"] = hand
        out["sidequest_deck"] = _draw(rng, q_pool, b.sidequest_deck, "the Sidequest deck")
        return out

    def _sidequest_pool(self) -> list[str]:
        """The Sidequests as dealt in this game (some role variants leave cards out; the bonus
        variants add the promo ones), less those completed."""
        removed = self.config.removed_sidequests
        return [c for c in knight_deck(self.rules, self.config, "sidequests")
                if c.split("#")[0] not in removed and c not in self.removed]

    def _hidden_treasure_cubes(self, b: KnightBoard, facedown: Sequence[str]) -> dict[str, int]:
        """Hero cubes on facedown Treasures are hidden, but their number is not: she has
        her 2 starting cubes plus one per white Grit space emptied, less those discarded
        (KN-06, KN-15, KN-112); the ones not seen elsewhere lie on her facedown cards."""
        kd = self.rules.knight
        active = kd.start_cubes + len(kd.cube_grit_spaces) - len(b.grit_spaces) - b.discarded
        seen = (b.cubes_free + sum(b.track.values()) + sum(b.equip.values())
                + sum(b.treasure_cubes.values()) + b.set_aside)
        hidden = max(0, active - seen)
        out = {c: 0 for c in facedown}
        cards = list(facedown)
        self.rng.shuffle(cards)
        for i in range(hidden if cards else 0):
            out[cards[i % len(cards)]] += 1
        return out

    def _cave(self, hand: list[str]) -> dict[str, Any]:
        """The Cave's Omen tokens and Hatred tokens as shown, and its hand (CV-12, DIF-14)."""
        b = self.boards.cave
        assert b is not None
        out: dict[str, Any] = {"omens": dict(b.omens), "hatred_tokens": b.hatred_tokens, "hand": hand}
        if self.view.active == "cave" and b.phase >= 2:
            out["omens_collected"] = True          # phase 1 is over this turn: no second collection
        return out

    def _goblins(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Their board as shown; the Secrets in hand (unless they view) and the order of
        the War and Secrets decks drawn (GB-03, GB-16); with the Schemes, the unbought ones
        are among the Secrets drawn, and the bought ones and the stored Treasure copied (VAR-25..29)."""
        b, rng = self.boards.goblins, self.rng
        assert b is not None
        own = self.viewer == "goblins"
        face_up, discard = list(b.face_up), list(b.secrets_discard)
        pool = list(self.deck("secrets"))
        if "schemes" in expand_variants(Setup.model_validate({**setup, "seed": 0})):   # all-bonus-cards too
            pool += scheme_deck(self.rules)
        pool = _minus(pool, face_up, discard, b.schemes)
        hand = list(b.hand or ()) if own else _draw(rng, pool, b.hand_count, "the Goblins' Secrets")
        pool = _minus(pool, hand)
        war_top, rage = self._war_this_turn(b)
        war_rest = _minus(self.rules.deck("war"), war_top)
        return {
            "population": dict(b.population), "rage": rage,
            "monsters": {t: list(ms) for t, ms in b.monsters.items()},
            "face_up": face_up, "secrets_discard": discard, "hand": hand,
            "lurking": {t: _pos(p) for t, p in b.lurking.items()},
            "crystals": b.crystals, "poison_cubes": b.poison_cubes,
            "schemes": list(b.schemes), "stored_treasure": b.stored_treasure, "armory_tribe": b.armory_tribe,
            "secrets_deck": _draw(rng, pool, b.secrets_deck, "the Secrets deck"),
            "war_deck": war_top + _draw(rng, war_rest, b.war_deck - len(war_top), "the War deck"),
        }

    def _war_this_turn(self, b: GoblinsBoard) -> tuple[list[str], int]:
        """In the Goblins' own turn the world draws its War cards again (GB-24/25): the cards
        already drawn this turn go on top of its War deck, in their order, and the Rage the
        chosen card gave is taken back — so the world draws and gains exactly what the view
        shows, not a second, different War card."""
        rage = b.rage
        if self.view.active != "goblins":
            return [], rage
        d = self.view.decision
        if d is not None and d.kind == DecisionKind.WAR_CARD:
            return [arg_of(o.id) for o in d.options if has_verb(o.id, "war")], rage
        chosen = b.war_card
        if not chosen:
            return [], rage
        return [chosen], max(self.rules.goblins.rage_min, rage - self.rules.war_card(chosen).rage)

    def _dragon(self, setup: dict[str, Any]) -> dict[str, Any]:
        """His board as shown; his hand (unless he views), his Power deck and, with Dragon
        Scales, which Scales are still in their facedown deck drawn (DR-58, VAR-32..34)."""
        b, rng = self.boards.dragon, self.rng
        assert b is not None
        own = self.viewer == "dragon"
        out: dict[str, Any] = {"health": b.health, "max_health": b.max_health, "surfaced": b.surfaced,
                               "awake": b.awake, "wakefulness": b.wakefulness, "eaten": b.eaten,
                               "treasure_held": b.treasure_held, "shriek": b.shriek}
        out["sloth"] = dict(b.sloth)
        # the turns he used Shriek (Ancient Dragon, DIF-12): only their number counts, and the
        # world's own turns are numbered from 1, so earlier ones get numbers below that
        out["shriek_turns"] = [-i for i in range(b.shriek_turns_used)]
        hand = list(b.hand or ()) if own else []
        pool = list(self.rules.deck("powers"))
        if "dragon-scales" in setup.get("variants", ()):
            removed = list(b.scales_removed or ())
            scales = _minus(self.rules.deck("scales"), removed, hand)
            out["scale_deck"] = _draw(rng, scales, b.scale_deck or 0, "the Scale deck")
            out["scales_removed"] = removed
            pool += scales                       # drawn Scales are shuffled into his Power cards (VAR-34)
        pool = _minus(pool, hand)
        if not own:
            hand = _draw(rng, pool, b.hand_count, "the Dragon's hand")
        rng.shuffle(pool)
        out["hand"] = hand
        out["deck"] = pool
        return out

    def _thief(self) -> dict[str, Any]:
        """The Thief's board (TH items): copied; with thief-upgrades his facedown Upgrade card is his
        own if he views (or it is revealed), else guessed among the three (VAR-38)."""
        b = self.boards.thief
        assert b is not None
        out = {"upgrades": list(b.upgrades), "set_aside": b.set_aside, "plain_stashed": b.plain_stashed,
               "loot_drop": b.loot_drop, "dead": b.dead, "placed": b.placed, "hex_stealth": b.hex_stealth,
               "flipped": list(b.flipped), "assignment": dict(b.assignment), "carried": list(b.carried)}
        if b.upgrade_card_held:                 # thief-upgrades (VAR-38): his card, or a guess at it
            cards = list(self.rules.deck("upgrades"))
            card = b.upgrade_card if b.upgrade_card is not None else cards[self.rng.randrange(len(cards))]
            out["upgrade_shown" if b.upgrade_card_revealed else "upgrade_hand"] = [card]
            out["upgrade_box"] = [c for c in cards if c != card]
            known_wand = b.upgrade_card == "warlocks_wand"
            out["wand_charges"] = b.wand_charges if known_wand else self.rules.upgrade_card("warlocks_wand").charges or 0
        return out

    def _terror(self, b: GhoulBoard | VileGhoulBoard, piece: str) -> dict[str, Any]:
        """The Terror cards of the Ghoul in play (``piece``): face up and out of the game copied;
        its deck — facedown, seen by nobody (GH-03) — drawn from the cards neither face up nor out
        of the game.  The cards it is choosing among (GH-23, Adapt) are its own to see: in its
        view they are the decision's options, and they go back on top of the deck, where the
        world's turn draws them again; any other viewer's world shuffles them into the deck with
        the rest (unaccounted for).  A "during this turn" card leaving at the end of the turn is
        out of the game already (GH-29)."""
        d = self.view.decision
        drawing = ([arg_of(o.id) for o in d.options if has_verb(o.id, "keep")]
                   if self.viewer == piece and d is not None and d.kind == DecisionKind.GHOUL_TERROR_KEEP else [])
        removed = [*b.terror_removed, *b.terror_leaving]
        pool = _minus(self.rules.ghoul.terror_deck(), b.terror, removed, drawing)
        if len(pool) < b.terror_deck:
            raise WorldError(f"the Terror deck: the view shows {b.terror_deck} but only {len(pool)} are unaccounted for")
        self.rng.shuffle(pool)                  # the deck, and the cards drawn to choose from if another views
        return {"terror": list(b.terror), "terror_removed": removed, "terror_deck": drawing + pool}

    def _ghoul(self) -> dict[str, Any]:
        """The Ghoul's board (GH items): copied, its Terror deck drawn (:meth:`_terror`)."""
        b = self.boards.ghoul
        assert b is not None
        out = {"placed": b.placed, "fury": b.fury, "treasure": b.treasure, "attack": b.attack, "defense": b.defense,
               **self._terror(b, "ghoul"), "smashed": b.smashed,
               "backstab": b.backstab, "card_movement": b.card_movement, "turns": 1 if b.placed else 0}
        if self.view.active == "ghoul" and b.rolled:
            # its roll this turn is on the board for all to see (GH-06): the world, which begins
            # the turn again, rolls the same faces rather than a guess the view already disproves
            out["dice"] = list(b.rolled)
            data = self.rules.ghoul
            level = data.level(str(self.config.extra.get("ghoul_level", data.standard_level().id)))
            drawing = len(out["terror_deck"]) > b.terror_deck     # the cards it chooses among, back on top
            if sum(b.rolled) <= level.terror_draw_at_most and b.terror and not drawing:
                # the low roll drew a card, the newest in its hand: it goes back on top of the
                # deck, where the world's roll draws it again (not a second card)
                out["terror"], out["terror_deck"] = list(b.terror[:-1]), [b.terror[-1], *out["terror_deck"]]
        return out

    def _vile_ghoul(self) -> dict[str, Any]:
        """The Vile Ghoul's board (VG items): copied, its Terror deck drawn (:meth:`_terror`).  Its
        dice are public; the world begins its turn afresh, so in its own turn, once a row is
        selected (VG-06), that die goes back to its supply, where the world's Select Statistics
        takes it again (the Prepare Board already done leaves a die on the left of no row)."""
        b = self.boards.vile_ghoul
        assert b is not None
        supply, left = list(b.supply), b.chart_left
        if left and self.view.active == "vile_ghoul":
            supply, left = [*supply, left], 0
        return {"placed": b.placed, "treasure": b.treasure, "attack": b.attack, "defense": b.defense, "discs": b.discs,
                **self._terror(b, "vile_ghoul"),
                "smashed": b.smashed, "backstab": b.backstab, "card_movement": b.card_movement,
                "turns": 1 if b.placed else 0, "supply": supply, "left": left,
                "right": {face: n for face, n in enumerate(b.chart_right, 1) if n},
                "boost_spent": 0 if self.view.active == "vile_ghoul" else b.boost_spent}
