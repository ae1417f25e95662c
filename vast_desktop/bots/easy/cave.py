"""The Easy Cave: a fast heuristic that shapes the Cave and brings it down.

The Cave wins when enough Crystal tiles have collapsed (``view.crystal_tiles_removed``
reaches ``view.collapse_crystals``, CV-01, COL-10); any Crystal tile removed counts, Dark
or Lit.  The Collapse begins once every Cave tile is on the map (COL-01/02) and then
removes 3 tiles a turn, tiles touching the fewest others first (COL-07, CV-43).  So the
plan is:

* place tiles fast — every phase-2 placement and as many Hatred placements as the Omen
  tokens allow (CV-25) — to start the Collapse sooner;
* put Crystal tiles where the Collapse takes them first (touching a single tile) and
  where the crystal hunters (the Knight, the Dragon, the Goblins) are far away, and keep
  other tiles from crowding them;
* in the Collapse remove Crystal tiles whenever allowed, otherwise the tile that leaves
  Crystal tiles next in line; Hatred removes more (CV-25, AMB-60);
* Treasure away from the players who would take it (CV-09), Soporific Spores on the
  role closest to winning (CV-24), Giant Bats and Rockslides to keep a hunter from its
  goal (CV-21, CV-23), the least useful Treasure card to the Knight and the most harmful
  Event on her (cave.treasures, cave.events).

The bot reads only its :class:`PlayerView` (the Cave may see the type of Dark tiles,
GEN-03) and the :class:`Decision`; it never decides a rule — the options say what is
legal — it only ranks them.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos, parse_pos, rotate_walls
from ...engine.kinds import DecisionKind
from ...engine.option_ids import arg_list, arg_of, arg_parts, int_arg
from ...engine.view import PlayerView
from ...rules_data import RulesData
from ..base import ScoredBot
from ..features import MapPicture, option_space, verb
from .ghoul_answers import SCORERS as GHOUL_ANSWERS

FAR = 12            # a distance cap: farther than this is "far enough"

# How much the Knight would like each Treasure card (higher: keep it from her).
TREASURE_VALUE = {
    "heroic_boots": 9, "heroic_boots_revised": 8, "elven_sword": 8, "silver_gauntlet": 7, "mighty_axe": 7,
    "enchanted_bow": 7, "rune_staff": 6, "pixie_lantern": 6, "javelin_revised": 5, "javelin": 4,
    "potion_kit": 4, "treasure_trove": 3, "cursed_amulet": 1,
}
# How good each Event card is for the Cave when played on the Knight (higher: play it).
EVENT_VALUE = {
    "ambush": 9, "deep_and_dark": 8, "rats": 7, "quake": 5, "light": 3, "fresh_air": 2, "fresh_water": 2,
    "vantage_point": 1, "cave_bread": 0, "cave_bread_revised": 0,
}
# Which omens each symbol pays for, weighted by how much the Cave wants to keep paying them.
OMEN_KEEP = {"hatred": 3.0, "soporific_spores": 2.0, "giant_bats": 1.0, "rockslide": 1.0,
             "crystal_curse": 0.5, "past_plunder": 0.5}


def tile_type(rules: RulesData, tile_id: str) -> str:
    """A Cave tile's type from the game's public rules data (the Cave knows its own hand)."""
    return rules.tile(tile_id).type


def symbol_values(rules: RulesData) -> dict[str, float]:
    """How much each Omen symbol is worth keeping: the omens of the game's rules it pays, weighted (CV-16)."""
    out: dict[str, float] = {}
    for omen in rules.omens:
        for s in omen.accepts:
            out[s] = out.get(s, 0.0) + OMEN_KEEP.get(omen.id, 0.5)
    return out


def role_of(piece: str) -> str:
    return "goblins" if piece.startswith("tribe:") else piece


# why the Cave places a tile of each kind where it does, in a player's words (the Suggest button's reason)
_PLACE_WORDS = {
    "crystal": "A Crystal tile belongs far from the hunters and touching few tiles, so the Collapse takes it early.",
    "ambush": "An Ambush tile near the Knight may catch her soon.",
    "treasure": "Loot is safer far from the Thief.",
    "vault": "A Vault is safer far from the Thief.",
}
# why each Omen is worth its cost when it is (the Suggest button's reason)
_OMEN_WORDS = {
    "hatred": "Hatred places or removes one more tile for you.",
    "soporific_spores": "Soporific Spores hold back the rival who threatens you most.",
    "giant_bats": "Giant Bats carry a rival far from what they want.",
    "rockslide": "A Rockslide blocks a rival's shortest way.",
    "past_plunder": "Past Plunder is cheap now and no one can take the Treasure it brings.",
    "crystal_curse": "The Crystal Curse turns a tile to lengthen the rivals' ways.",
}


def _fill_words(kind: str, value: float) -> str:
    """Why a tile for a space someone else chose scores as it does (``_forced_spot``), for the
    Suggest button."""
    if kind == "crystal":
        return ("This space is as good for a Crystal tile as any you could choose later." if value >= 0 else
                "Keep your Crystal tiles for the places you choose yourself.")
    if kind == "ambush":
        return "An Ambush tile here may catch the Knight; your Crystal tiles stay in hand for better places."
    return ("This tile fits here without crowding your Crystal tiles, which stay in hand for better places.")


def manhattan(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def adjacent(p: Pos) -> Iterable[Pos]:
    for dx, dy in DELTA:
        yield (p[0] + dx, p[1] + dy)


def card_value(table: dict[str, int], card: str) -> int:
    """A card's value by its base id (``rats#2`` is a Rats card)."""
    return table.get(card.split("#")[0], 3)


class Picture:
    """Everything the Cave's heuristics read off one view, computed once per decision."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.map = MapPicture(view)
        self.tiles = self.map.tiles
        cave = view.boards.cave
        assert cave is not None, "the Cave's player sees its board"
        self.cave = cave
        self.crystals = {p for p, t in self.tiles.items() if t.type == "crystal"}
        self.knight = view.boards.knight
        self.dragon = view.boards.dragon
        self.thief = view.boards.thief
        self._enemies: list[tuple[str, Pos]] | None = None
        self._dist: dict[Pos, dict[Pos, int]] = {}
        self._hd: dict[Pos, float] = {}
        self._adj: dict[Pos, tuple[Pos, ...]] | None = None
        self._fields: dict[str, dict[Pos, int]] = {}
        self._paths: set[Pos] | None = None
        self._hunters = self.hunters()

    # ------------------------------------------------------------ pieces
    def enemies(self) -> list[tuple[str, Pos]]:
        """Every other role's piece on the map (a dead Knight no longer counts)."""
        if self._enemies is not None:
            return self._enemies
        out: list[tuple[str, Pos]] = []
        self._enemies = out
        for piece, p in sorted(self.view.pieces.items()):
            role = role_of(piece)
            if role == "knight" and self.knight is not None and self.knight.dead:
                continue
            if role == "thief" and self.thief is not None and not self.thief.placed:
                continue
            if role in self.view.roles and role != "cave":
                out.append((piece, p))
        return out

    def hunters(self) -> list[tuple[Pos, float]]:
        """Pieces that go for Crystal tiles, with a weight: the Knight smashes their
        Crystals (KN-02), the Dragon surfaces on one (dragon.how_to_win), the Goblins
        smash them when no Knight and no Dragon are left to fight (GB-01)."""
        goblins_hunt = "knight" not in self.view.pieces and "dragon" not in self.view.roles
        out = []
        for piece, p in self.enemies():
            role = role_of(piece)
            if role in ("knight", "dragon"):
                out.append((p, 1.0))
            elif role == "goblins":
                out.append((p, 1.0 if goblins_hunt else 0.3))
        return out

    # ------------------------------------------------------------ distances
    @property
    def adj(self) -> dict[Pos, tuple[Pos, ...]]:
        """Each tile's neighbours through open edges, walls resolved once per view."""
        if self._adj is None:
            self._adj = {p: tuple(self.map.neighbours(p)) for p in self.tiles}
        return self._adj

    def bfs(self, starts: Iterable[Pos], blocked: tuple[Pos, Pos] | None = None,
            passable: Callable[[Pos], bool] | None = None,
            graph: dict[Pos, tuple[Pos, ...]] | None = None) -> dict[Pos, int]:
        """Steps from the nearest of ``starts`` to every tile reachable through open edges
        (``blocked``: one more wall; ``passable``: tiles a path may cross; ``graph``: the
        open edges if some tile were turned)."""
        adj = self.adj if graph is None else graph
        dist = {p: 0 for p in starts if p in adj}
        todo = deque(dist)
        while todo:
            p = todo.popleft()
            for q in adj[p]:
                if q in dist or (passable is not None and not passable(q)):
                    continue
                if blocked is not None and (p, q) in (blocked, blocked[::-1]):
                    continue
                dist[q] = dist[p] + 1
                todo.append(q)
        return dist

    def dist_from(self, start: Pos) -> dict[Pos, int]:
        d = self._dist.get(start)
        if d is None:
            d = self._dist[start] = self.bfs((start,))
        return d

    def space_distance(self, start: Pos, q: Pos) -> int:
        """Steps from ``start`` to ``q`` (a tile, or an open space beside the map)."""
        d = self.dist_from(start)
        if q in d:
            return d[q]
        near = [d[n] + 1 for n in adjacent(q) if n in d]
        return min(near) if near else min(FAR, manhattan(start, q) + 2)

    def hunter_distance(self, q: Pos) -> float:
        """How far the nearest crystal hunter is from ``q`` (weighted; FAR if none)."""
        best = self._hd.get(q)
        if best is None:
            best = float(FAR)
            for p, w in self._hunters:
                d = min(FAR, self.space_distance(p, q))
                best = min(best, FAR - w * (FAR - d))
            self._hd[q] = best
        return best

    def touching(self, q: Pos, tiles: set[Pos] | dict | None = None) -> int:
        """Tiles sharing an edge with ``q`` (walls ignored, as the Collapse counts, AMB-44)."""
        on = self.tiles if tiles is None else tiles
        return sum(1 for n in adjacent(q) if n in on)

    # ------------------------------------------------------------ goals
    def goals(self, piece: str) -> set[Pos]:
        """Where a piece wants to go: the Knight to Crystals (or the Entrance once she has
        smashed enough, KN-02), the Dragon to a Crystal tile when awake and to the
        Entrance once surfaced, the Thief to Treasure or home with it, a Tribe to the
        Knight or to Crystals."""
        role = role_of(piece)
        entrance = {self.view.entrance}
        if role == "knight":
            if "dragon" not in self.view.roles and self.knight is not None \
                    and self.knight.smashed >= self.knight.crystals_needed:
                return entrance
            return set(self.crystals) | self._token_tiles("crystal")
        if role == "dragon":
            if self.dragon is not None and self.dragon.surfaced:
                return entrance
            return set(self.crystals) if self.dragon is not None and self.dragon.awake else set()
        if role == "thief":
            return entrance if self.thief is not None and self.thief.carried else self._token_tiles("treasure")
        if "knight" in self.view.pieces and not (self.knight is not None and self.knight.dead):
            return {self.view.pieces["knight"]}
        return self._token_tiles("crystal")

    def turned(self, p: Pos, walls: tuple[bool, bool, bool, bool]) -> dict[Pos, tuple[Pos, ...]]:
        """The open edges with the tile at ``p`` showing ``walls`` (Crystal Curse, CV-26:
        a Rockslide on it would come back, so only printed walls count)."""
        graph = dict(self.adj)
        mine = []
        for d, n in enumerate(adjacent(p)):
            t = self.tiles.get(n)
            if t is None:
                continue
            shut = walls[d] or (t.walls is not None and t.walls[(d + 2) % 4])
            graph[n] = tuple(x for x in graph.get(n, ()) if x != p) + (() if shut else (p,))
            if not shut:
                mine.append(n)
        graph[p] = tuple(mine)
        return graph

    def turn_gain(self, p: Pos, walls: tuple[bool, bool, bool, bool]) -> int:
        """Steps the enemies' ways to their goals grow if the tile at ``p`` showed ``walls``."""
        graph = self.turned(p, walls)
        gain = 0
        for piece, start in self.enemies():
            now = self.goal_distance(piece, start)
            if now in (0, FAR):
                continue
            goals = self.goals(piece)
            d = self.bfs((start,), passable=self.passable(piece), graph=graph)
            gain += min([FAR] + [d[g] for g in goals if g in d]) - now
        return gain

    def on_enemy_paths(self) -> set[Pos]:
        """Lit tiles on some enemy's shortest way to its goal (where a wall would matter)."""
        if self._paths is not None:
            return self._paths
        out: set[Pos] = set()
        for piece, start in self.enemies():
            field = self.goal_field(piece)
            now = field.get(start)
            if now is None or now == 0:
                continue
            ds = self.bfs((start,), passable=self.passable(piece))
            out |= {p for p, k in ds.items() if p in field and k + field[p] == now and self.map.lit(p)}
        out.discard(self.view.entrance)
        self._paths = out
        return out

    def _token_tiles(self, token: str) -> set[Pos]:
        return {p for p, t in self.tiles.items() if t.tokens.get(token)}

    def goal_field(self, piece: str) -> dict[Pos, int]:
        """Steps from every tile to the piece's nearest goal (one search from the goals;
        a role's pieces share their goals)."""
        key = role_of(piece)
        f = self._fields.get(key)
        if f is None:
            f = self._fields[key] = self.bfs(self.goals(piece), passable=self.passable(piece))
        return f

    def passable(self, piece: str) -> Callable[[Pos], bool] | None:
        """Tiles a piece may cross on its way: a surfaced Dragon obeys walls and keeps off
        Dark tiles (dragon.underground_and_surface); the others are estimated on the
        whole map (the Knight reveals as she goes)."""
        if role_of(piece) == "dragon" and self.dragon is not None and self.dragon.surfaced:
            return self.map.lit
        return None

    def goal_distance(self, piece: str, start: Pos, blocked: tuple[Pos, Pos] | None = None) -> int:
        """Steps from ``start`` to the piece's nearest goal (FAR if none), optionally with
        one more edge walled (a Rockslide being considered): only an edge on a shortest
        way changes anything, so only then is the way searched again."""
        field = self.goal_field(piece)
        now = min(FAR, field.get(start, FAR))
        if blocked is None or now in (0, FAR):
            return now
        a, b = blocked
        ds = self.bfs((start,), passable=self.passable(piece)) if self.passable(piece) else self.dist_from(start)
        on_path = any(x in ds and y in field and ds[x] + 1 + field[y] == now for x, y in ((a, b), (b, a)))
        if not on_path:
            return now
        goals = self.goals(piece)
        d = self.bfs((start,), blocked, self.passable(piece))
        return min([FAR] + [d[g] for g in goals if g in d])


class EasyCave(ScoredBot):
    """The Cave's Easy player: every option scored by the plan in the module docstring."""

    role = "cave"

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self._pic: Picture | None = None
        self._memo: dict[str, float] = {}

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "crystal_far": 2.0,        # per step between a new Crystal tile and the nearest hunter
            "crystal_leaf": 4.0,       # per extra tile a new Crystal tile touches (Collapse order)
            "crystal_clump": 2.0,      # per Crystal tile next to a new Crystal tile
            "crystal_entrance": 0.5,   # per step from the Entrance (the Knight starts and escapes there)
            "dragon_entrance": 3.0,    # ... times this with the Dragon in the game
            "crowd": 3.0,              # per nearly-free Crystal tile a new other tile touches
            "compact": 0.5,            # per tile a new other tile touches (fills holes, not leaves)
            "ambush_near_knight": 1.0,  # per step closer an Ambush tile is to the Knight
            "loot_near_thief": 1.5,    # per step closer a Treasure or Vault tile is to the Thief
            "hatred": 40.0,            # Hatred before the Collapse (a tile sooner)...
            "hatred_cost": 4.0,        # ... less per Omen token it costs now
            "hatred_collapse": 45.0,   # Hatred in the Collapse (a removal more)
            "spores": 50.0,            # Spores times the target's threat (0..1)
            "bats": 6.0,               # Giant Bats per step a hunter is kept from its goal
            "rockslide": 5.0,          # Rockslide per step a hunter is kept from its goal
            "treasure_far": 1.0,       # Treasure per step from the nearest taker
            "curse": 6.0,              # Crystal Curse per step a rotation keeps a hunter from its goal
            "plunder": 3.0,            # Past Plunder at cost 1 (more Omens next turns)
            "skip_treasure": 100.0,    # skipping Treasure against the Thief (when allowed): he stashes it
        }

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs with ``roles`` in play (hard.param_variants):
        as tuned; walls up (Rockslides across the hunters' ways); Crystal tiles far off;
        hasty (Hatred for every tile it can pay); deep (Crystal tiles far from the Entrance).

        With the Dragon in play, hasty and walls up give way to two patient strategies (he
        goes underground, so a Rockslide rarely stands in his way): Hatred is never
        bought before the Collapse, so the Omen tokens go to Soporific Spores, the one thing
        that sets his Wakefulness back (CV-24, DR-69); one of them also drops the preference
        for Crystal tiles that touch a single tile (``crystal_leaf`` 0).  An Easy-only sweep
        against the Easy Dragon, seeds 1-600: the defaults 50.2%, Hatred 0 57.3%, Hatred 0
        with ``crystal_leaf`` 0 60.3%, Hatred 80 (hasty) 34.2%."""
        base = cls.default_params()
        far = {**base, "crystal_far": 4.0}
        deep = {**base, "crystal_entrance": 1.0}
        if "dragon" in roles:
            patient = {**base, "hatred": 0.0}
            return [base, patient, {**patient, "crystal_leaf": 0.0}, far, deep]
        return [base, {**base, "rockslide": 10.0}, far, {**base, "hatred": 80.0}, deep]

    # ------------------------------------------------------------ entry
    def __call__(self, view: PlayerView, decision: Decision) -> str:
        self._pic = Picture(view)
        self._memo = {}
        try:
            return super().__call__(view, decision)
        finally:
            self._pic = None

    def picture(self, view: PlayerView, decision: Decision) -> Picture:
        return self._pic if self._pic is not None else Picture(view)

    def fallback(self, pic: Picture, decision: Decision, option: Option) -> float:
        """Decisions with no special heuristic: Treasure and tile options by the usual
        measures, else indifferent (the tie-break picks one)."""
        v = verb(option)
        if v in ("plunder", "treasure"):
            return self._treasure_spot(pic, option_space(option))
        if v == "remove":
            return self._removal(pic, option_space(option))
        return 0.0

    # ------------------------------------------------------------ the Cave's turn
    def _cave_turn(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-02: place, remove, Treasure, omens or end — whichever does the most now."""
        v, arg = verb(option), arg_of(option.id)
        if v == "place":
            tile_id, _, where = arg.partition("@")
            kind = tile_type(pic.view.rules, tile_id)
            self.note(option.id, _PLACE_WORDS.get(kind, "Placing a tile grows the Cave; this spot keeps it compact "
                                                       "without crowding your Crystal tiles."))
            return 50.0 + self._placement(pic, kind, parse_pos(where))
        if v == "remove":
            q = option_space(option)
            self.note(option.id, "Removing a Crystal tile counts toward your win." if q in pic.crystals else
                      "Removing this tile leaves your Crystal tiles touching fewer tiles, next in the Collapse.")
            return 60.0 + self._removal(pic, q)
        if v == "treasure":
            self.note(option.id, "Treasure here lies far from whoever would take it, and feeds your Omens while it lies there.")
            return 20.0 + self._treasure_spot(pic, option_space(option))
        if v == "skip_treasure":
            self.note(option.id, "With the Thief about, Treasure on the map is his to steal: keep it back."
                      if "thief" in pic.view.roles else "Treasure on the map feeds your Omens: place it.")
            return 20.0 + self.params["skip_treasure"] if "thief" in pic.view.roles else -1.0   # CV-11
        if v == "omen":
            value = self._omen_value(pic, arg)
            self.note(option.id, _OMEN_WORDS.get(arg, "This Omen is worth its cost now.") if value > 0
                      else "This Omen is not worth its cost now.")
            return value
        self.note(option.id, "Nothing else you could do now is worth more than waiting.")
        return 0.0      # end

    # ------------------------------------------------------------ placing tiles
    def _placement(self, pic: Picture, kind: str, q: Pos | None) -> float:
        """A tile of ``kind`` at ``q``: Crystal tiles far from hunters and touching one
        tile (the Collapse takes those first, COL-07); other tiles not crowding them."""
        if q is None:
            return 0.0
        P = self.params
        touch = pic.touching(q)
        if kind == "crystal":
            clump = sum(1 for n in adjacent(q) if n in pic.crystals)
            return (P["crystal_far"] * pic.hunter_distance(q) - P["crystal_leaf"] * max(0, touch - 1)
                    - P["crystal_clump"] * clump
                    + self._entrance_weight(pic) * min(FAR, manhattan(q, pic.view.entrance)))
        crowded = sum(1 for n in adjacent(q) if n in pic.crystals and pic.touching(n) <= 2)
        s = P["compact"] * touch - P["crowd"] * crowded
        if kind == "ambush" and "knight" in pic.view.pieces:
            s += P["ambush_near_knight"] * (FAR - min(FAR, pic.space_distance(pic.view.pieces["knight"], q))) / 2
        if kind in ("treasure", "vault") and "thief" in pic.view.pieces:
            s -= P["loot_near_thief"] * (FAR - min(FAR, pic.space_distance(pic.view.pieces["thief"], q)))
        return s

    def _forced_spot(self, pic: Picture, kind: str, q: Pos | None) -> float:
        """A tile for a space someone else chose (an open edge, an explored space): a
        Crystal tile goes there only if the space is as good as the best one we could
        pick ourselves later; otherwise another tile, and the Crystal stays in hand."""
        if kind != "crystal":
            return self._placement(pic, kind, q)
        if "best_crystal" not in self._memo:
            spaces = {n for p in pic.tiles for n in adjacent(p) if n not in pic.tiles}
            self._memo["best_crystal"] = max((self._placement(pic, "crystal", n) for n in spaces), default=0.0)
        return self._placement(pic, "crystal", q) - self._memo["best_crystal"]

    def _entrance_weight(self, pic: Picture) -> float:
        """A Crystal tile far from the Entrance: the Dragon surfaces on one and then
        escapes there (dragon.how_to_win), so with him it counts for more."""
        w = self.params["crystal_entrance"]
        return w * self.params["dragon_entrance"] if "dragon" in pic.view.roles else w

    def _fill_open_edge(self, pic: Picture, decision: Decision, option: Option) -> float:
        """MAP-26: fill an open edge — on others' turns keep Crystal tiles for our own
        placement, and put an Ambush next to the Knight."""
        tile_id, where = arg_parts(option.id, "@")
        kind = tile_type(pic.view.rules, tile_id)
        value = self._forced_spot(pic, kind, parse_pos(where) if where else option_space(option))
        if self.explain:
            self.note(option.id, _fill_words(kind, value))
        return value

    def _explore_tile(self, pic: Picture, decision: Decision, option: Option) -> float:
        """GB-81: the Goblins explore onto a space and stand on the tile we give them —
        never a Crystal tile if another will do."""
        kind = tile_type(pic.view.rules, arg_of(option.id))
        value = self._forced_spot(pic, kind, option_space(option)) - (10.0 if kind == "crystal" else 0.0)
        if self.explain:
            self.note(option.id, _fill_words(kind, value) if kind != "crystal" else
                      "A Crystal tile under the Goblins' feet would help them: give them another tile.")
        return value

    # ------------------------------------------------------------ the Collapse
    def _removal(self, pic: Picture, p: Pos | None) -> float:
        """COL-07/COL-10: a Crystal tile counts toward the win; otherwise remove the tile
        that leaves Crystal tiles touching fewer tiles (next in the Collapse's order)."""
        if p is None:
            return 0.0
        if p in pic.crystals:
            return 100.0 + (1.0 if pic.tiles[p].lit else 0.0)
        rest = set(pic.tiles) - {p}
        s = 0.0
        for n in adjacent(p):
            if n in pic.crystals:
                left = pic.touching(n, rest)
                s += 10.0 if left <= 1 else 6.0 / left
        return s

    def _omen_hatred(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-25: Hatred places a tile (as Shape the Cave), removes one in the Collapse, or
        removes a Hatred token (DIF-14/15)."""
        arg = arg_of(option.id)
        what, _, rest = arg.partition(":")
        if what == "place":
            tile_id, _, where = rest.partition("@")
            return 10.0 + self._placement(pic, tile_type(pic.view.rules, tile_id), parse_pos(where))
        if what == "remove":
            return self._removal(pic, parse_pos(rest))
        return 12.0     # a Hatred token

    def _forced_move(self, pic: Picture, decision: Decision, option: Option) -> float:
        """FM-12: a piece pushed off a collapsing tile — as far from its goal as we may."""
        about = dict(decision.about)
        piece = about.get("piece", "")
        q = option_space(option)
        if q is None or not piece or role_of(piece) == "cave":
            return 0.0
        return float(pic.goal_distance(piece, q))

    def _move_entrance(self, pic: Picture, decision: Decision, option: Option) -> float:
        """VAR-07: the Entrance piece far from every other player (they escape or stash there)."""
        q = option_space(option)
        if q is None:
            return 0.0
        return float(min((manhattan(q, p) for _, p in pic.enemies()), default=0))

    def _slide_section(self, pic: Picture, decision: Decision, option: Option) -> float:
        """MAP-37: slide the loose section where Crystal tiles end up touching the fewest tiles."""
        anchor_s, dname = arg_parts(option.id, ":")
        try:
            n = int(option.label.rsplit(" ", 1)[1])
        except (ValueError, IndexError):
            return 0.0
        d = DELTA["NESW".index(dname)]
        comp = _section(set(pic.tiles), parse_pos(anchor_s))
        moved = {(p[0] + d[0] * n, p[1] + d[1] * n) for p in comp}
        after = (set(pic.tiles) - comp) | moved
        crystals = {(p[0] + d[0] * n, p[1] + d[1] * n) if p in comp else p for p in pic.crystals}
        return -float(sum(pic.touching(c, after) for c in crystals))

    # ------------------------------------------------------------ Treasure
    def _treasure_spot(self, pic: Picture, q: Pos | None) -> float:
        """CV-09: Treasure far from whoever would take it (it feeds our Omens while it
        lies there, CV-12) and away from the Crystal tiles (a lure elsewhere)."""
        if q is None:
            return 0.0
        takers = [min(FAR, pic.space_distance(p, q)) for _, p in pic.enemies()]
        far = min(takers) if takers else FAR
        crystal = min((manhattan(q, c) for c in pic.crystals), default=FAR)
        return self.params["treasure_far"] * far + 0.3 * min(crystal, 4)

    # ------------------------------------------------------------ omens
    def _omen_value(self, pic: Picture, omen_id: str) -> float:
        """Whether to use an omen now (the menu lists only payable omens with a target)."""
        key = "omen:" + omen_id
        if key not in self._memo:
            self._memo[key] = self._omen_value_uncached(pic, omen_id)
        return self._memo[key]

    def _omen_value_uncached(self, pic: Picture, omen_id: str) -> float:
        P = self.params
        cost = pic.cave.omen_costs.get(omen_id, 1)
        if omen_id == "hatred":
            if pic.view.collapse:
                return P["hatred_collapse"]
            return P["hatred"] - P["hatred_cost"] * cost
        if omen_id == "soporific_spores":
            return P["spores"] * max((self._threat(pic, r) for r in pic.view.roles if r != "cave"), default=0.0)
        if omen_id == "giant_bats":
            return P["bats"] * self._best_bats_gain(pic) - 4.0
        if omen_id == "rockslide":
            return P["rockslide"] * self._best_rockslide_gain(pic) - 6.0
        if omen_id == "past_plunder":
            takers = {"thief", "dragon"} & set(pic.view.roles)     # he stashes it; Greed wakes him
            return P["plunder"] if cost == 1 and not takers else -1.0
        if omen_id == "crystal_curse":
            return P["curse"] * self._best_turn_gain(pic) - 4.0
        return -1.0

    def _best_turn_gain(self, pic: Picture) -> int:
        """The most a Crystal Curse rotation (CV-26) could lengthen the enemies' ways: only
        tiles on a shortest way are tried."""
        best = 0
        for p in sorted(pic.on_enemy_paths()):
            t = pic.tiles[p]
            if t.tile_id is None or t.terrain is not None:
                continue
            printed = pic.view.rules.tile(t.tile_id).walls
            for rot in range(4):
                walls = rotate_walls(printed, rot)
                if walls != t.walls:
                    best = max(best, pic.turn_gain(p, walls))
        return best

    def _threat(self, pic: Picture, role: str) -> float:
        """How close a role is to winning, 0..1, as far as Soporific Spores can set it
        back (CV-24): the Dragon's Wakefulness, the Knight's Grit, the largest Tribe,
        the Thief's upgrades."""
        if role == "dragon" and pic.dragon is not None:
            need = pic.dragon.wakefulness_needed
            if pic.dragon.awake:
                return 0.0      # he never falls asleep again (dragon.sloth)
            return max(0.0, min(1.0, (pic.dragon.wakefulness - (need - 7)) / 4))
        if role == "knight" and pic.knight is not None and not pic.knight.dead:
            return 0.5 if pic.knight.grit >= 5 else 0.0
        if role == "goblins":
            gb = pic.view.boards.goblins
            top = max(gb.population.values(), default=0) if gb is not None else 0
            return 0.5 if top >= 4 else 0.0
        if role == "thief" and pic.thief is not None:
            return 0.6 if pic.thief.upgrades else 0.0
        return 0.0

    def _best_bats_gain(self, pic: Picture) -> int:
        """Steps Giant Bats could put between a hunter and its goal (CV-21): the Knight
        or a Tribe carried up to 3 spaces over Lit tiles, free of other pieces."""
        occupied = set(pic.view.pieces.values())
        best = self._treasure_bats_gain(pic)
        for piece, p in pic.enemies():
            if role_of(piece) not in ("knight", "goblins") or p not in pic.tiles:
                continue
            now = pic.goal_distance(piece, p)
            near = pic.bfs((p,), passable=pic.map.lit)
            for q, steps in near.items():
                if 0 < steps <= 3 and q not in occupied:
                    best = max(best, pic.goal_distance(piece, q) - now)
        return best

    def _treasure_bats_gain(self, pic: Picture) -> int:
        """Steps Giant Bats could put between the Thief and a Treasure token near him
        (CV-21: a Treasure token may be carried too)."""
        thief = pic.view.pieces.get("thief")
        if thief is None or "thief" not in pic.view.roles:
            return 0
        best = 0
        for p in pic._token_tiles("treasure"):
            now = min(FAR, pic.space_distance(thief, p))
            if now > 4:
                continue
            for q, steps in pic.bfs((p,)).items():
                if 0 < steps <= 3:
                    best = max(best, min(FAR, pic.space_distance(thief, q)) - now)
        return best

    def _best_rockslide_gain(self, pic: Picture) -> int:
        """Steps one Rockslide adds to a hunter's way to its goal (CV-23): try the edges
        around the hunter (a wall there is what stops it soonest)."""
        best = 0
        for piece, p in pic.enemies():
            now = pic.goal_distance(piece, p)
            if now >= FAR or now == 0:
                continue
            for n in pic.map.neighbours(p):
                if pic.map.lit(p) or pic.map.lit(n):
                    best = max(best, pic.goal_distance(piece, p, (p, n)) - now)
        return best

    def _omen_giant_bats(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-21: carry the piece whose goal gets farthest away (a Treasure token away
        from its takers)."""
        arg = arg_of(option.id)
        piece, _, rest = arg.partition("@")
        frm_s, _, to_s = rest.partition(">")
        frm, to = parse_pos(frm_s), parse_pos(to_s)
        if piece == "token:treasure":
            return 0.5 * (self._treasure_spot(pic, to) - self._treasure_spot(pic, frm))
        return float(pic.goal_distance(piece, to) - pic.goal_distance(piece, frm))

    def _omen_rockslide(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-23/27: the edge that most lengthens an enemy's way to its goal."""
        edge_s = arg_parts(option.id, ":")[1].rpartition(">")[2]
        a_s, _, b_s = edge_s.partition("|")
        key = "edge:" + edge_s
        if key not in self._memo:      # moving any Rockslide there scores the same
            e = (parse_pos(a_s), parse_pos(b_s))
            gain = 0
            for piece, p in pic.enemies():
                now = pic.goal_distance(piece, p)
                if 0 < now < FAR:
                    gain = max(gain, pic.goal_distance(piece, p, e) - now)
            near = min((manhattan(e[0], p) for _, p in pic.enemies()), default=FAR)
            self._memo[key] = gain * 10.0 - 0.1 * near
        return self._memo[key]

    def _omen_soporific_spores(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-24: Spores on the role closest to winning."""
        return self._threat(pic, arg_of(option.id))

    def _omen_crystal_curse(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-26: turn a tile so that a wall stands in a hunter's way; otherwise send
        Event cards that help the Knight to the bottom."""
        parts = arg_of(option.id).split(":")
        if parts[0] == "rotate" and len(parts) == 3:
            p, rot = parse_pos(parts[1]), int(parts[2])
            t = pic.tiles.get(p)
            if t is None or t.tile_id is None or p not in pic.on_enemy_paths():
                return self._orientation(pic, p, rot) * 0.1
            return 10.0 * pic.turn_gain(p, rotate_walls(pic.view.rules.tile(t.tile_id).walls, rot))
        if parts[0] == "events_bottom":
            top = pic.cave.event_top3 or ()
            return 3.0 - sum(card_value(EVENT_VALUE, c) for c in top) / max(1, len(top))
        return 0.0

    def _omen_past_plunder(self, pic: Picture, decision: Decision, option: Option) -> float:
        return self._treasure_spot(pic, option_space(option))

    def _pay_omen(self, pic: Picture, decision: Decision, option: Option) -> float:
        """CV-16: pay with the symbols the other omens need least."""
        values = symbol_values(pic.view.rules)
        held = pic.cave.omens
        spent = arg_list(option.id)
        # a symbol we hold many of is cheaper to spend
        return -sum(values.get(s, 1.0) / (1 + held.get(s, 0)) for s in spent)

    def _hex_discard(self, pic: Picture, decision: Decision, option: Option) -> float:
        """Hex: lose the Omen token worth least."""
        s = arg_of(option.id)
        return -symbol_values(pic.view.rules).get(s, 1.0) / (1 + pic.cave.omens.get(s, 0))

    # ------------------------------------------------------------ cards
    def _choose_event(self, pic: Picture, decision: Decision, option: Option) -> float:
        """cave.events: play the Event that hurts the Knight most."""
        return float(card_value(EVENT_VALUE, arg_of(option.id)))

    def _choose_treasure(self, pic: Picture, decision: Decision, option: Option) -> float:
        """cave.treasures: give the Knight the card she can use least."""
        return -float(card_value(TREASURE_VALUE, arg_of(option.id)))

    def _bottom_treasure(self, pic: Picture, decision: Decision, option: Option) -> float:
        """VAR-11: keep back the card she would like most."""
        return float(card_value(TREASURE_VALUE, arg_of(option.id)))

    # ------------------------------------------------------------ orienting
    def _orient_tile(self, pic: Picture, decision: Decision, option: Option) -> float:
        """Orient a tile the Cave revealed: walls toward the hunters."""
        p = option_space(option)
        if p is None:
            return 0.0
        return self._orientation(pic, p, int_arg(option.id))

    def _orientation(self, pic: Picture, p: Pos, rot: int) -> float:
        """Walls of the tile at ``p`` turned ``rot``: a wall is worth the most on a side
        a hunter would come from toward a Crystal (or its goal) — measured as the
        increase of the enemies' goal distances with the tile's open sides changed."""
        t = pic.tiles.get(p)
        if t is None or t.tile_id is None:
            return 0.0
        walls = rotate_walls(pic.view.rules.tile(t.tile_id).walls, rot)
        s = 0.0
        for d, (dx, dy) in enumerate(DELTA):
            n = (p[0] + dx, p[1] + dy)
            if n not in pic.tiles or not walls[d]:
                continue
            # a wall between a hunter's side and a Crystal side of this tile
            toward_hunter = pic.hunter_distance(n) < pic.hunter_distance(p)
            s += 1.0 if toward_hunter else 0.2
        if p in pic.crystals:
            return s
        return 0.5 * s

    SCORERS = {
        DecisionKind.CAVE_TURN: _cave_turn,
        DecisionKind.FILL_OPEN_EDGE: _fill_open_edge,
        DecisionKind.EXPLORE_TILE: _explore_tile,
        DecisionKind.FORCED_MOVE: _forced_move,
        DecisionKind.MOVE_ENTRANCE: _move_entrance,
        DecisionKind.SLIDE_SECTION: _slide_section,
        DecisionKind.ORIENT_TILE: _orient_tile,
        DecisionKind.CHOOSE_EVENT: _choose_event,
        DecisionKind.CHOOSE_TREASURE: _choose_treasure,
        DecisionKind.BOTTOM_TREASURE: _bottom_treasure,
        DecisionKind.PAY_OMEN: _pay_omen,
        DecisionKind.HEX_DISCARD: _hex_discard,
        DecisionKind.GAUNTLET_OMEN: _hex_discard,
        DecisionKind.OMEN_GIANT_BATS: _omen_giant_bats,
        DecisionKind.OMEN_ROCKSLIDE: _omen_rockslide,
        DecisionKind.OMEN_PAST_PLUNDER: _omen_past_plunder,
        DecisionKind.OMEN_SOPORIFIC_SPORES: _omen_soporific_spores,
        DecisionKind.OMEN_HATRED: _omen_hatred,
        DecisionKind.OMEN_CRYSTAL_CURSE: _omen_crystal_curse,
        **GHOUL_ANSWERS,
    }


def _section(tiles: set[Pos], start: Pos) -> set[Pos]:
    """The tiles connected to ``start`` through shared edges (walls ignored, MAP-07)."""
    comp = {start}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        for q in adjacent(p):
            if q in tiles and q not in comp:
                comp.add(q)
                todo.append(q)
    return comp
