"""The Easy Dragon: a fast heuristic that wakes, surfaces and escapes (DR-01, DR-67).

Asleep, every turn he tries to move one cube of each Sloth category to Wakefulness
(DR-58..63): Greed by picking up a Treasure token (moving onto it, or swatting it onto
his tile), Hunger by eating Goblins (Scratch, Claw, Hiss), Pride by revealing Dark tiles
that may be Event tiles (Scorch, Flame, Burn), by placing a Gem while another is on the
map, or by staying put.  Slither moves cubes out of the boxes he cannot empty (Hunger
with no Goblins) into those he can.  Cards left at the end of the turn are wasted
(Replace Hand, DR-54), so he spends them on the best power still worth something.

Awake (DR-64) he heads underground for a Lit Crystal tile near the Entrance and ends his
turn there to surface (DR-65); surfaced, he walks the Lit tiles to the Entrance (DR-67),
burning the Dark tiles in his way and keeping clear of a Knight strong enough to hurt him.

With no Cave player he also places and removes tiles (RV-03, COL-05): Dark tiles go next
to him (to reveal), and the Collapse takes Lit tiles that are not Crystals, far from him.

Only the :class:`PlayerView` and the :class:`Decision` are read (ARCHITECTURE §5); the
rules data (power costs, the Dragon die) is public.
"""
from __future__ import annotations

import heapq
from collections import Counter, deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cached_property

from ...engine.board_views import DragonBoard
from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, DIRS, Pos, parse_pos, rotate_walls, step
from ...engine.kinds import DecisionKind
from ...engine.option_ids import parse
from ...engine.view import PlayerView, TileView
from ..base import ScoredBot
from ..features import MapPicture, arg, option_space, verb
from .ghoul_answers import SCORERS as GHOUL_ANSWERS

SYMBOLS = ("claw", "flame", "wing")
CATEGORY = {"greed": "greed", "hunger": "hunger", "event": "pride", "dont_move": "pride", "place_gem": "pride"}
EIGHT = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
EVENT_SHARE = 0.3          # about 15 of the 51 Dark tiles are Event tiles


# why each of his Powers is worth playing, in a player's words (the Suggest button's reason)
_POWER_WORDS = {
    "flame": "Flame reveals Dark tiles around him: maybe an Event tile for his Pride, and more of the map.",
    "scorch": "Scorch reveals the Dark tiles next to him: maybe an Event tile for his Pride, and more of the map.",
    "burn": "Burn reveals a Dark tile, opening his way.",
    "claw": "Claw may catch a Tribe to eat or the Thief nearby.",
    "scratch": "Scratch hurts someone within reach.",
    "wing": "Wing flies him to a better place than walking could.",
    "hiss": "Hiss brings Tribes to eat, and his Hunger still wants food.",
    "slither": "Slither moves a Sloth cube to a box that will give it back sooner.",
    "shriek": "Shriek keeps a reroll of the Dragon die ready, and his cards can spare it.",
    "slap": "Slap keeps a dangerous Knight off him.",
    "flame_wall": "Flame Wall stops the Knight, who is close and dangerous.",
}


def _symbol(card: str) -> str:
    """``power_claw#3`` → ``claw``; a Scale card keeps its id."""
    return card.split("#", 1)[0].removeprefix("power_") if card.startswith("power_") else card


@dataclass
class _TurnMemory:
    """What he remembers of his own current turn: the Sloth boxes at its start (moved by
    his Slithers, so that only Wakefulness gains show) and whether he moved (DR-63)."""

    round: int
    baseline: dict[str, int]
    moved: bool = False


@dataclass
class _Ctx:
    """Everything one decision's scores read, computed once."""

    view: PlayerView
    memory: _TurnMemory | None
    params: dict[str, float]
    die: tuple[frozenset[tuple[int, int]], ...]
    cache: dict[str, object] = field(default_factory=dict)

    @cached_property
    def pic(self) -> MapPicture:
        return MapPicture(self.view)

    @cached_property
    def costs(self) -> dict[str, tuple[str, ...]]:
        """Each Power's symbols to pay, from the game's rules (the view carries them)."""
        return {p.id: tuple(p.cost) for p in self.view.rules.dragon.powers}

    @cached_property
    def me(self) -> Pos | None:
        return self.view.pieces.get("dragon")

    @cached_property
    def b(self) -> DragonBoard:
        b = self.view.boards.dragon
        assert b is not None, "the Dragon's player sees his board"
        return b

    @cached_property
    def sloth(self) -> dict[str, int]:
        return dict(self.b.sloth)

    @cached_property
    def hand(self) -> Counter[str]:
        return Counter(_symbol(c) for c in self.b.hand or ())

    @cached_property
    def gems_on_map(self) -> dict[str, Pos]:
        out = {}
        for t in self.view.tiles:
            for s in SYMBOLS:
                if t.tokens.get(f"gem_{s}", 0) > 0:
                    out[s] = t.pos
        return out

    @cached_property
    def means(self) -> Counter[str]:
        """The symbols he can still pay this turn (cards and unspent Gems on the map)."""
        c = Counter({s: n for s, n in self.hand.items() if s in SYMBOLS})
        spent = set(self.b.gems_spent)
        for s in self.gems_on_map:
            if s not in spent:
                c[s] += 1
        c["any"] = self.hand.get("scale_golden", 0)
        return c

    @property
    def goblins(self) -> bool:
        return "goblins" in self.view.roles

    @property
    def awake(self) -> bool:
        return bool(self.b.awake)

    @property
    def surfaced(self) -> bool:
        return bool(self.b.surfaced)

    def done(self, category: str) -> bool:
        """Has ``category`` given its cube this turn (DR-61)?"""
        key = "done" + category
        if key not in self.cache:
            self.cache[key] = self._done(category)
        return bool(self.cache[key])

    def _done(self, category: str) -> bool:
        if self.memory is None:
            return False
        now = sum(n for box, n in self.sloth.items() if CATEGORY.get(box) == category)
        before = sum(n for box, n in self.memory.baseline.items() if CATEGORY.get(box) == category)
        return now < before

    @property
    def moved(self) -> bool:
        return bool(self.b.moved) or (self.memory is not None and self.memory.moved)

    def open(self, box: str) -> bool:
        return self.sloth.get(box, 0) > 0 and not self.done(CATEGORY[box])

    @property
    def needs_shriek(self) -> bool:
        """Enough Wakefulness but still asleep: only Shrieks on more turns are missing (DIF-12)."""
        return not self.awake and int(self.b.wakefulness) >= int(self.b.wakefulness_needed)

    @property
    def stay_put_pending(self) -> bool:
        """Staying put still gives this turn's Pride cube (DR-60)."""
        return self.open("dont_move") and not self.moved

    # -------------------------------------------------------------- map
    def tile(self, p: Pos) -> TileView | None:
        return self.pic.tiles.get(p)

    @cached_property
    def dark_tiles(self) -> frozenset[Pos]:
        return frozenset(t.pos for t in self.view.tiles if not t.lit and t.terrain is None)

    def is_dark(self, p: Pos) -> bool:
        return p in self.dark_tiles

    @cached_property
    def tribe_spots(self) -> dict[Pos, list[str]]:
        """The revealed Tribes by space (a hidden Tribe is not on the map)."""
        gb = self.view.boards.goblins
        hidden = gb.hidden if gb is not None else ()
        out: dict[Pos, list[str]] = {}
        for k, q in self.view.pieces.items():
            if k.startswith("tribe:") and k.split(":", 1)[1] not in hidden:
                out.setdefault(q, []).append(k)
        return out

    def tribes_at(self, p: Pos) -> list[str]:
        return self.tribe_spots.get(p, [])

    def population(self, tribe_piece: str) -> int:
        gb = self.view.boards.goblins
        return int(gb.population.get(tribe_piece.split(":", 1)[1], 2)) if gb is not None else 2

    @cached_property
    def lit_crystals(self) -> list[Pos]:
        return [t.pos for t in self.view.tiles if t.lit and t.type == "crystal"]

    @cached_property
    def knight_threat(self) -> bool:
        """The Knight could hurt him: her Strength reaches his Armor (KN-50)."""
        k = self.view.boards.knight
        if k is None or k.dead or "knight" not in self.view.pieces:
            return False
        return k.strength >= self.b.armor

    def hops(self, start: Pos) -> dict[Pos, int]:
        """Underground movements (a straight line of 1 or 2 existing spaces, DR-08/10)
        from ``start`` to every tile."""
        return self.hops_from((start,))

    def hops_from(self, starts: tuple[Pos, ...]) -> dict[Pos, int]:
        key = f"hops{starts}"
        if key not in self.cache:
            tiles = self.pic.tiles
            dist = dict.fromkeys(starts, 0)
            todo = deque(starts)
            while todo:
                p = todo.popleft()
                for dx, dy in DELTA:
                    for n in (1, 2):
                        q = (p[0] + dx * n, p[1] + dy * n)
                        if q not in tiles:
                            break
                        if q not in dist:
                            dist[q] = dist[p] + 1
                            todo.append(q)
            self.cache[key] = dist
        return self.cache[key]  # type: ignore[return-value]

    def surface_passable(self, p: Pos) -> bool:
        t = self.tile(p)
        if t is None:
            return False
        if t.terrain is not None:
            return t.terrain.kind != "impassable"
        return t.lit

    @cached_property
    def to_entrance(self) -> dict[Pos, int]:
        """Steps over Lit tiles from the Entrance (the surfaced Dragon's road, DR-12)."""
        return self.pic.distances(self.view.entrance, self.surface_passable)

    @cached_property
    def to_entrance_through_dark(self) -> dict[Pos, float]:
        """The surfaced Dragon's road cost from every tile to the Entrance: a step over Lit
        tiles costs 1, one through a wall 3 (a Wing, DR-26), onto a Dark tile 3 (it must
        be burnt first, DR-31); impassable Terrain is never crossed (TR-17)."""
        ent = self.view.entrance
        dist: dict[Pos, float] = {ent: 0.0}
        todo: list[tuple[float, Pos]] = [(0.0, ent)]
        while todo:
            d, p = heapq.heappop(todo)
            if d > dist.get(p, 1e9):
                continue
            for dx, dy in DELTA:
                q = (p[0] + dx, p[1] + dy)
                t = self.tile(q)
                if t is None or (t.terrain is not None and t.terrain.kind == "impassable"):
                    continue
                cost = 1.0
                if self.is_dark(q):
                    cost += 2.0
                elif self.surface_passable(p) and self.pic.walled(p, q):
                    cost += 2.0
                if d + cost < dist.get(q, 1e9):
                    dist[q] = d + cost
                    heapq.heappush(todo, (d + cost, q))
        return dist

    def dark_around(self, p: Pos) -> int:
        dark = self.dark_tiles
        return sum(1 for dx, dy in EIGHT if (p[0] + dx, p[1] + dy) in dark)

    def die_expectation(self, p: Pos, hit: Callable[[Pos], bool]) -> float:
        """Expected number of spaces around ``p`` satisfying ``hit`` that a Dragon die roll
        affects (DIE: six faces, each a pattern of offsets)."""
        total = 0
        for face in self.die:
            total += sum(1 for dx, dy in face if hit((p[0] + dx, p[1] + dy)))
        return total / len(self.die)

    @cached_property
    def treasures(self) -> dict[Pos, int]:
        return {t.pos: t.tokens["treasure"] for t in self.view.tiles if t.tokens.get("treasure", 0) > 0}

    def treasure_at(self, p: Pos) -> int:
        return self.treasures.get(p, 0)

    @cached_property
    def treasures_on_map(self) -> int:
        return sum(self.treasures.values())

    @cached_property
    def hops_to_treasure(self) -> dict[Pos, int]:
        """Underground movements from each tile to the nearest Treasure token (movements
        are symmetric, so one search from all the tokens at once)."""
        return self.hops_from(tuple(self.treasures))


class EasyDragon(ScoredBot):
    """The Easy Dragon (see the module docstring)."""

    role = "dragon"

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self.memory: _TurnMemory | None = None
        self.ctx: _Ctx | None = None

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "cube": 10.0,            # a Sloth cube to Wakefulness now
            "card_cost": 0.6,        # a symbol spent (cards left at the end are wasted anyway)
            "stay_put": 8.0,         # keeping the Stay Put cube by not moving
            "reveal": 0.4,           # each Dark tile revealed, apart from Events
            "stack_cost": 0.4,       # each Dark tile revealed before the Collapse: its open edges draw tiles
            "eat": 3.5,              # each Goblin eaten while Hunger has cubes
            "kill_thief": 6.0,
            "knight_grit": 2.0,
            "approach": 3.0,         # each movement nearer the goal once awake
            "treasure_near": 1.5,    # a Treasure token within one movement, for later turns
        }

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs with ``roles`` in play (hard.param_variants):
        as tuned; restless (every Sloth cube to Wakefulness); hoarder (rests by Treasure); and

        * with the Thief — Thief hunter (DR-24/34: a killed Thief drops what he carries) and
          race-and-deny (restless, a keener Thief hunt and a hoarder's eye for Treasure at
          once: the Thief stashes six in four to six rounds, so the Dragon must both hurry
          and take Treasure from him — an Easy-only sweep, seeds 1-1000, gave it 11.9%
          against 6.9% for the defaults);
        * without him — scorcher (reveals more Dark tiles) and careless of the stack (the
          Collapse may come sooner)."""
        base = cls.default_params()
        out = [base, {**base, "cube": 20.0}]
        if "thief" in roles:
            return out + [{**base, "kill_thief": 18.0},
                          {**base, "cube": 20.0, "kill_thief": 40.0, "treasure_near": 3.0},
                          {**base, "treasure_near": 3.0}]
        return out + [{**base, "treasure_near": 3.0}, {**base, "reveal": 0.8}, {**base, "stack_cost": 0.2}]

    @classmethod
    def search_rounds(cls, roles: Collection[str]) -> int:
        """Worlds per Hard search (hard.search_rounds): five against the Thief, three
        elsewhere.  Against him every turn counts (he wins in four to six rounds) and his
        Claw and Scratch kills turn on the Dragon die (DR-24): Dragon vs Easy Thief with
        these strategies, seeds 1-200, 31/200 = 15.5% with four worlds, 34/200 = 17.0% with
        five (p95 207 ms); seeds 201-400 with five, 35/200 = 17.5%."""
        return 5 if "thief" in roles else 3

    # ------------------------------------------------------------ plumbing
    def __call__(self, view: PlayerView, decision: Decision) -> str:
        self._remember_turn(view, decision)
        self.ctx = _Ctx(view, self.memory, self.params, tuple(view.rules.dragon_die))
        choice = super().__call__(view, decision)
        self._note_choice(decision, choice)
        self.ctx = None
        return choice

    def _remember_turn(self, view: PlayerView, decision: Decision) -> None:
        """A new turn starts at the first ``dragon_turn`` decision of a round."""
        b = view.boards.dragon
        assert b is not None, "the Dragon's player sees his board"
        if decision.kind == DecisionKind.DRAGON_TURN and (self.memory is None or self.memory.round != view.round
                                               or view.active != "dragon"):
            self.memory = _TurnMemory(view.round, dict(b.sloth))

    def _note_choice(self, decision: Decision, choice: str) -> None:
        m = self.memory
        if m is None:
            return
        v, a = parse(choice)
        if decision.kind == DecisionKind.DRAGON_TURN and (v == "move" or choice == "power:wing"):
            m.moved = True
        if decision.kind == DecisionKind.DRAGON_SLITHER:
            src, _, dst = a.partition(">")
            m.baseline[src] = m.baseline.get(src, 0) - 1
            m.baseline[dst] = m.baseline.get(dst, 0) + 1

    def picture(self, view: PlayerView, decision: Decision) -> _Ctx:
        return self.ctx if self.ctx is not None else _Ctx(view, self.memory, self.params, tuple(view.rules.dragon_die))

    def fallback(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Kinds with no special heuristic (forced moves, reveal order, Terrain placement…):
        the first option, as the engine lists them."""
        i = decision.options.index(option)
        return -i * 0.01

    # ------------------------------------------------------------ the turn
    def _score_dragon_turn(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        v, a = verb(option), arg(option)
        if v == "end":
            if self.explain:
                self.note(option.id, self._end_words(ctx))
            return self._end_value(ctx)
        if v == "move":
            q = option_space(option)
            if self.explain and q is not None:
                self.note(option.id, self._move_words(ctx, q))
            return self._place_value(ctx, q, free=True) if q is not None else -1.0
        if v == "scale":
            self.note(option.id, "A Platinum Scale is worth a cube on your board." if "platinum" in a
                      else "This Scale gains you nothing now.")
            return ctx.params["cube"] * 1.5 if "platinum" in a else 0.0
        if v == "power":
            base = 0.0 if a == "wing" else self._end_value(ctx)     # a power leaves him here (Wing: where it lands)
            value = self._power_value(ctx, a)
            self.note(option.id, _POWER_WORDS.get(a, f"The {a.title()} power is worth the cards it costs now.")
                      if value > self._cost(ctx, a) else
                      f"The {a.title()} power would cost more in cards than it gains now.")
            return base + value - self._cost(ctx, a)
        return 0.0

    @staticmethod
    def _end_words(ctx: _Ctx) -> str:
        """Why ending the turn scores as it does (see :meth:`_end_value`), for the Suggest button."""
        if not ctx.awake:
            return "While the Dragon sleeps, staying where he is loses nothing and keeps his cards for later."
        if ctx.surfaced:
            return "He is already as near the Entrance as this turn allows."
        if ctx.me is not None and ctx.me in ctx.lit_crystals:
            return "Ending the turn on a Lit Crystal tile brings the Dragon to the surface."
        return "No move brings him nearer a Lit Crystal tile, where he could surface."

    @staticmethod
    def _move_words(ctx: _Ctx, q: Pos) -> str:
        """Why a move scores as it does (see :meth:`_place_value`), for the Suggest button."""
        if ctx.surfaced:
            if q == ctx.view.entrance:
                return "This move reaches the Entrance: the Dragon escapes."
            return "Surfaced, the Dragon heads for the Entrance: this move brings him nearer over Lit tiles."
        if ctx.awake:
            if ctx.lit_crystals:
                return "Awake, the Dragon wants a Lit Crystal tile to surface on: this move brings him nearer one."
            return "No Lit Crystal tile is known yet: this move puts him beside more Dark tiles to reveal."
        if ctx.treasure_at(q):
            return "There is Treasure there for his Greed."
        return "A better resting place: more Dark tiles to reveal, Tribes to eat or Treasure within reach."

    def _cost(self, ctx: _Ctx, power: str) -> float:
        return ctx.params["card_cost"] * len(ctx.costs.get(power, ()))

    def _end_value(self, ctx: _Ctx) -> float:
        """Ending the turn where he is: Stay Put (DR-60) while asleep; awake, it is worth
        what staying here is worth (surfacing on a Crystal, DR-65)."""
        me = ctx.me
        if me is None:
            return 0.0
        if not ctx.awake:
            return 0.0
        return self._place_value(ctx, me, free=False, staying=True)

    def _place_value(self, ctx: _Ctx, q: Pos, free: bool, staying: bool = False) -> float:
        """How good it is to go to ``q`` now (relative to ending the turn where he is: 0 while asleep)."""
        p = ctx.params
        if ctx.surfaced:
            return self._surface_value(ctx, q)
        if ctx.awake:
            return self._awake_value(ctx, q, staying)
        val = 0.0
        if not staying:
            if ctx.stay_put_pending:
                val -= p["stay_put"]
            if ctx.treasure_at(q) and ctx.open("greed") and not ctx.b.treasure_held:
                val += p["cube"]
            elif ctx.treasure_at(q) and ctx.sloth.get("greed", 0) > 0:
                val += p["treasure_near"] * 2
            here = ctx.me
            if here is not None:
                val += 0.3 * (self._spot(ctx, q) - self._spot(ctx, here))
            if not free:
                val -= 0.5
        return val

    def _spot(self, ctx: _Ctx, q: Pos) -> float:
        """A resting place's promise for the next turns: Dark tiles to reveal around it,
        Tribes to eat, Treasure within reach."""
        val = ctx.dark_around(q) * (1.0 if ctx.sloth.get("event", 0) else 0.2)
        if ctx.goblins and ctx.sloth.get("hunger", 0):
            val += 2.0 * sum(len(ctx.tribes_at((q[0] + dx, q[1] + dy))) for dx, dy in (*EIGHT, (0, 0)))
        if ctx.sloth.get("greed", 0):
            near = ctx.hops_to_treasure.get(q, 9)
            val += ctx.params["treasure_near"] * (3 - near) if near <= 2 else 0.0
        return val

    def _awake_value(self, ctx: _Ctx, q: Pos, staying: bool) -> float:
        """Awake, underground: the nearest Lit Crystal tile, weighed by its road to the
        Entrance; ending the turn on one surfaces him (DR-65)."""
        crystals = ctx.lit_crystals
        if not crystals:
            return 0.3 * ctx.dark_around(q) - (0.0 if staying else 0.2)
        best = -1e9
        for c in crystals:
            road = ctx.to_entrance_through_dark.get(c, 30.0)
            here = ctx.hops(c).get(q, 20)
            val = -ctx.params["approach"] * here - 0.7 * float(road)
            if c == q:
                val += ctx.params["cube"] * (2.0 if staying else 0.5)
            best = max(best, val)
        if ctx.knight_threat and ctx.view.pieces.get("knight") == q:
            best -= 3.0
        return best

    def _surface_value(self, ctx: _Ctx, q: Pos) -> float:
        """Surfaced: nearer the Entrance over Lit tiles (DR-67), not onto a strong Knight (DR-13)."""
        if q == ctx.view.entrance:
            return 1000.0
        val = -ctx.params["approach"] * ctx.to_entrance_through_dark.get(q, 40.0)
        if ctx.knight_threat:
            k = ctx.view.pieces.get("knight")
            me = ctx.me
            if k is not None and me is not None and (k == q or _between(me, q, k)):
                val -= 6.0
        return val

    # ----------------------------------------------------------- powers
    def _power_value(self, ctx: _Ctx, power: str) -> float:
        fn = getattr(self, "_power_" + power, None)
        return float(fn(ctx)) if fn is not None else -1.0

    def _reveal_value(self, ctx: _Ctx, expected_dark: float) -> float:
        """Revealing Dark tiles: a chance of an Event tile for the Pride cube (DR-60), and
        the map (Crystals to surface on, Treasure)."""
        p = ctx.params
        val = p["reveal"] * expected_dark
        if not ctx.view.collapse and not ctx.awake:
            val -= p["stack_cost"] * expected_dark        # each reveal draws from the stack (MAP-21)
        if ctx.awake:
            if not ctx.lit_crystals:
                val += 2.0 * expected_dark
            return val
        if ctx.open("event"):
            chance = 1.0 - (1.0 - EVENT_SHARE) ** expected_dark
            worth = p["cube"] * (0.35 if ctx.stay_put_pending else 1.0)
            val += chance * worth
        return val

    def _power_flame(self, ctx: _Ctx) -> float:
        if ctx.me is None:
            return 0.0
        spend_token = 3.0 if ctx.needs_shriek and ctx.b.shriek else 0.0     # a roll to reroll (DIF-12)
        return self._reveal_value(ctx, ctx.die_expectation(ctx.me, ctx.is_dark)) + spend_token

    def _power_scorch(self, ctx: _Ctx) -> float:
        if ctx.me is None:
            return 0.0
        return self._reveal_value(ctx, float(ctx.dark_around(ctx.me)))

    def _power_burn(self, ctx: _Ctx) -> float:
        val = self._reveal_value(ctx, 1.0)
        if ctx.surfaced and self._blocking_dark(ctx) is not None:
            val += 4.0
        return val

    def _power_claw(self, ctx: _Ctx) -> float:
        me = ctx.me
        if me is None:
            return 0.0
        val = 0.0
        if ctx.goblins and ctx.sloth.get("hunger", 0):
            food = ctx.die_expectation(me, lambda q: bool(ctx.tribes_at(q)))
            val += ctx.params["eat"] * 1.5 * food
        thief = ctx.view.pieces.get("thief")
        if thief is not None and not ((th := ctx.view.boards.thief) is not None and th.dead):
            val += ctx.params["kill_thief"] * ctx.die_expectation(me, lambda q: q == thief)
        return val

    def _power_scratch(self, ctx: _Ctx) -> float:
        return max((self._scratch_target(ctx, t) for t in ("tribes", "thief", "knight")), default=0.0)

    def _scratch_target(self, ctx: _Ctx, who: str) -> float:
        me = ctx.me
        if me is None:
            return 0.0
        if who == "tribes":
            if not ctx.goblins or not ctx.sloth.get("hunger", 0):
                return 0.0
            food = sum(ctx.population(t) for t in ctx.tribes_at(me))
            return ctx.params["eat"] * min(food, 2 * ctx.sloth.get("hunger", 0) - int(ctx.b.eaten))
        if who == "thief":
            return ctx.params["kill_thief"] if ctx.view.pieces.get("thief") == me else 0.0
        if ctx.view.pieces.get("knight") == me:
            return ctx.params["knight_grit"] * (2.0 if ctx.knight_threat else 1.0)
        return 0.0

    def _power_hiss(self, ctx: _Ctx) -> float:
        if not ctx.sloth.get("hunger", 0):
            return 0.0
        need = 2 * ctx.sloth.get("hunger", 0) - int(ctx.b.eaten)
        return ctx.params["eat"] if need > 0 else 0.0

    def _power_slither(self, ctx: _Ctx) -> float:
        return max((self._slither_gain(ctx, a, b) for a in CATEGORY for b in CATEGORY if a != b), default=0.0)

    def _ease(self, ctx: _Ctx, box: str) -> float:
        """How readily a Sloth box gives its cubes in the turns to come."""
        if box == "dont_move":
            return 6.0
        if box == "event":
            return 3.5
        if box == "greed":
            return 4.5 if ctx.treasures_on_map + int(ctx.b.treasure_held) >= ctx.sloth.get("greed", 0) + 1 \
                else 3.5
        if box == "hunger":
            return 4.0 if ctx.goblins else 0.0
        return 2.5 if ctx.b.gems_supply and ctx.gems_on_map else 0.5   # place_gem

    def _slither_gain(self, ctx: _Ctx, a: str, b: str) -> float:
        """DR-28: a cube from ``a`` to ``b`` (which must have room) is worth the boxes' ease
        difference — and a cube now, when it fills Stay Put on a turn he has not moved."""
        if ctx.sloth.get(a, 0) <= 0:
            return -1.0
        cap = {"greed": 4, "hunger": 4, "event": 4, "dont_move": 1, "place_gem": 1}
        if ctx.sloth.get(b, 0) >= cap[b]:
            return -1.0
        gain = self._ease(ctx, b) - self._ease(ctx, a)
        if b == "dont_move" and not ctx.awake and not ctx.moved and not ctx.done("pride"):
            gain += ctx.params["cube"] * 0.6
        return gain

    def _power_wing(self, ctx: _Ctx) -> float:
        me = ctx.me
        if me is None:
            return 0.0
        return max((self._place_value(ctx, q, free=False) for q in self._wing_spots(ctx, me)), default=-1.0)

    def _wing_spots(self, ctx: _Ctx, me: Pos) -> list[Pos]:
        """DR-26: up to 2 tiles in a straight line; surfaced, over Lit tiles without a wall
        between — or 1 tile through a wall."""
        out = []
        for dx, dy in DELTA:
            if ctx.surfaced:
                q = (me[0] + dx, me[1] + dy)
                if ctx.surface_passable(q) and ctx.pic.walled(me, q):
                    out.append(q)
            for n in (1, 2):
                q = (me[0] + dx * n, me[1] + dy * n)
                if q not in ctx.pic.tiles:
                    break
                if ctx.surfaced and (not ctx.surface_passable(q)
                                     or ctx.pic.walled((q[0] - dx, q[1] - dy), q)):
                    break
                out.append(q)
        return out

    def _power_swat(self, ctx: _Ctx) -> float:
        """DR-29: a token never stops on a space with another player (FM), so Swat cannot
        bring Treasure onto his own tile; it is not worth its cards to him."""
        return 0.0

    def _power_shriek(self, ctx: _Ctx) -> float:
        """Shriek for a reroll when cards are spare — and at once when Wakefulness is enough
        but he has not awoken: the Ancient Dragon needs Shrieks on three turns (DIF-12)."""
        if ctx.b.shriek:
            return -1.0
        return ctx.params["cube"] * 1.5 if ctx.needs_shriek else 1.3

    def _power_slap(self, ctx: _Ctx) -> float:
        return 3.0 if ctx.knight_threat else 0.0

    def _power_flame_wall(self, ctx: _Ctx) -> float:
        me, k = ctx.me, ctx.view.pieces.get("knight")
        if me is None or k is None or not ctx.knight_threat:
            return 0.0
        return 2.5 if abs(me[0] - k[0]) + abs(me[1] - k[1]) <= 3 else 0.0

    def _power_smash(self, ctx: _Ctx) -> float:
        return -1.0

    def _power_wrath(self, ctx: _Ctx) -> float:
        return -5.0

    # --------------------------------------------------------- follow-ups
    def _score_dragon_wing(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        q = option_space(option)
        return self._place_value(ctx, q, free=False) if q is not None else -1.0

    def _score_pay_power(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Pay so that what is left pays the most kinds of symbol; Gems and cards are both
        gone by the next turn, but a Scale is kept for last (VAR-35/36)."""
        left = Counter(ctx.means)
        val = 0.0
        for src in arg(option).split(","):
            kind, _, sym = src.partition("_")
            if kind == "scale":
                val -= 3.0
                continue
            left[sym] -= 1
        val += sum(1.0 for s in SYMBOLS if left[s] > 0) + 0.1 * sum(min(left[s], 2) for s in SYMBOLS)
        if left["claw"] > 0 and left["flame"] > 0:
            val += 0.3
        return val

    def _score_dragon_discard(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        face = arg(option)
        if face.startswith("scale_"):
            return -5.0
        return float(ctx.hand.get(face, 0))

    def _score_dragon_gem(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Place a Gem every turn: each on the map pays its symbol once a turn (DR-19);
        the second one placed meets Pride (DR-60)."""
        if verb(option) == "skip":
            return 0.0
        order = {"flame": 3.0, "claw": 2.0, "wing": 1.0}
        return 5.0 + order.get(arg(option), 0.0) - ctx.hand.get(arg(option), 0) * 0.5

    def _score_dragon_treasure(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return 1.0 if verb(option) == "pickup" else 0.0

    def _score_dragon_pride(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return 1.0 if option.id == "pride:now" else 0.0

    def _score_dragon_slither(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        a, _, b = arg(option).partition(">")
        return self._slither_gain(ctx, a, b)

    def _score_dragon_platinum(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return -self._ease(ctx, arg(option))

    def _score_dragon_spores(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return self._ease(ctx, arg(option))

    def _score_dragon_keep_scale(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return 0.0 if verb(option) == "replace" else -0.5

    def _score_shriek_reroll(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Reroll a roll that hit nothing he wanted (DIE-08)."""
        roll = ctx.view.last_roll
        if roll is None or ctx.me is None:
            return 0.0
        centre, face = roll
        hit = [(centre[0] + dx, centre[1] + dy) for dx, dy in ctx.die[face - 1]]
        useful = any(ctx.is_dark(q) or ctx.tribes_at(q) or ctx.view.pieces.get("thief") == q for q in hit)
        if ctx.needs_shriek:
            useful = False                 # spend the token: he must Shriek again on another turn (DIF-12)
        if option.id == "reroll:":
            return 0.0 if useful else 1.0
        return 0.5

    def _score_dragon_burn(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        q = option_space(option)
        if q is None:
            return 0.0
        if ctx.surfaced and q == self._blocking_dark(ctx):
            return 10.0
        me = ctx.me or q
        d = abs(q[0] - me[0]) + abs(q[1] - me[1])
        val = -0.1 * d
        if ctx.awake:
            val -= 0.1 * ctx.to_entrance_through_dark.get(q, 30.0)
        return val

    def _blocking_dark(self, ctx: _Ctx) -> Pos | None:
        """The Dark tile that most shortens his surface road to the Entrance."""
        me = ctx.me
        if me is None or me in ctx.to_entrance:
            return None
        reach = ctx.pic.distances(me, ctx.surface_passable)
        best, best_d = None, 1e9
        for p in reach:
            for dx, dy in DELTA:
                q = (p[0] + dx, p[1] + dy)
                if ctx.is_dark(q):
                    d = ctx.to_entrance_through_dark.get(q, 1e9) + reach[p]
                    if d < best_d:
                        best, best_d = q, d
        return best

    def _score_dragon_swat(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Swat a Treasure token (never onto a space with a player, FM) as near him as it goes."""
        a = arg(option)
        kind, _, rest = a.partition("@")
        _, _, dst = rest.partition(">")
        try:
            q = parse_pos(dst)
        except ValueError:
            return 0.0
        me = ctx.me or q
        d = abs(q[0] - me[0]) + abs(q[1] - me[1])
        return (5.0 if kind == "treasure" else 0.0) - d

    def _score_dragon_hiss(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return float(ctx.population("tribe:" + arg(option)))

    def _score_dragon_scratch(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        return self._scratch_target(ctx, arg(option))

    def _score_dragon_flame_wall(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        q, k = option_space(option), ctx.view.pieces.get("knight")
        if q is None or k is None:
            return 0.0
        return -float(abs(q[0] - k[0]) + abs(q[1] - k[1]))

    def _score_dragon_push(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Push the Knight as far from him (and the Entrance, surfaced) as he can."""
        q = option_space(option)
        me = ctx.me
        if q is None or me is None:
            return 0.5 if verb(option) == "nopush" else 0.0
        return float(abs(q[0] - me[0]) + abs(q[1] - me[1]))

    # ------------------------------------------------------ revealing
    def _score_orient_tile(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """MAP-20/21: every open edge facing an empty space draws a Dark tile from the stack,
        and an empty stack starts the Collapse (COL-01) — so before it, turn the walls
        outward; open edges toward Lit tiles keep his road to the Entrance (DR-12)."""
        p = option_space(option)
        t = ctx.tile(p) if p is not None else None
        if p is None or t is None or t.tile_id is None:
            return 0.0
        try:
            printed = ctx.view.rules.tile(t.tile_id).walls
        except (KeyError, ValueError):
            return 0.0
        walls = rotate_walls(tuple(printed), int(arg(option)))  # type: ignore[arg-type]
        val = 0.0
        for d in DIRS:
            if walls[d]:
                continue
            q = step(p, d)
            n = ctx.tile(q)
            if n is None:
                val -= 0.0 if ctx.view.collapse else 1.0
            elif n.lit:
                val += 0.3
        return val

    def _score_past_plunder(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """Past Plunder (RV-12): the Treasure token goes where he can take it next turn —
        on his own tile best (Greed without losing Stay Put), else one movement away."""
        q, me = option_space(option), ctx.me
        if q is None or me is None:
            return 0.0
        if q == me:
            return 5.0
        hops = ctx.hops(me).get(q)
        return -float(hops) if hops is not None else -float(abs(q[0] - me[0]) + abs(q[1] - me[1]))

    # -------------------------------------------------- no Cave player
    def _score_place_tile(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """RV-03: a Dark tile next to him, to reveal for Pride; once surfaced, away from him."""
        q, me = option_space(option), ctx.me
        if q is None or me is None:
            return 0.0
        d = max(abs(q[0] - me[0]), abs(q[1] - me[1]))
        return float(d) if ctx.surfaced else -float(d)

    def _score_collapse_tile(self, ctx: _Ctx, decision: Decision, option: Option) -> float:
        """COL-05/10: never a Lit Crystal tile (five end the game), rarely a Dark one (it may
        be a Crystal); a Lit tile far from him and from his road out."""
        q = option_space(option)
        if q is None:
            return 0.0
        t = ctx.tile(q)
        if t is None:
            return 0.0
        if t.lit and t.type == "crystal":
            return -100.0
        val = 0.0 if (t.lit or t.terrain is not None) else -20.0
        me = ctx.me
        if me is not None:
            val += 0.5 * min(6, abs(q[0] - me[0]) + abs(q[1] - me[1]))
            if q == me:
                val -= 5.0
        if ctx.awake:
            val += 0.3 * min(6.0, ctx.to_entrance_through_dark.get(q, 6.0))
        return val

    SCORERS = {
        DecisionKind.DRAGON_TURN: _score_dragon_turn,
        DecisionKind.DRAGON_WING: _score_dragon_wing,
        DecisionKind.PAY_POWER: _score_pay_power,
        DecisionKind.DRAGON_DISCARD: _score_dragon_discard,
        DecisionKind.DRAGON_GEM: _score_dragon_gem,
        DecisionKind.DRAGON_TREASURE: _score_dragon_treasure,
        DecisionKind.DRAGON_PRIDE: _score_dragon_pride,
        DecisionKind.DRAGON_SLITHER: _score_dragon_slither,
        DecisionKind.DRAGON_PLATINUM: _score_dragon_platinum,
        DecisionKind.DRAGON_SPORES: _score_dragon_spores,
        DecisionKind.DRAGON_KEEP_SCALE: _score_dragon_keep_scale,
        DecisionKind.SHRIEK_REROLL: _score_shriek_reroll,
        DecisionKind.DRAGON_BURN: _score_dragon_burn,
        DecisionKind.DRAGON_SWAT: _score_dragon_swat,
        DecisionKind.DRAGON_HISS: _score_dragon_hiss,
        DecisionKind.DRAGON_SCRATCH: _score_dragon_scratch,
        DecisionKind.DRAGON_FLAME_WALL: _score_dragon_flame_wall,
        DecisionKind.DRAGON_PUSH: _score_dragon_push,
        DecisionKind.ORIENT_TILE: _score_orient_tile,
        DecisionKind.PAST_PLUNDER: _score_past_plunder,
        DecisionKind.PLACE_TILE: _score_place_tile,
        DecisionKind.COLLAPSE_TILE: _score_collapse_tile,
        **GHOUL_ANSWERS,
    }


def _between(a: Pos, b: Pos, k: Pos) -> bool:
    """``k`` lies on the straight line from ``a`` to ``b`` (``b`` included)."""
    if a[0] == b[0] == k[0]:
        return min(a[1], b[1]) <= k[1] <= max(a[1], b[1]) and k != a
    if a[1] == b[1] == k[1]:
        return min(a[0], b[0]) <= k[0] <= max(a[0], b[0]) and k != a
    return False
