"""The Easy Thief: loot, carry, stash (issue 7).

His plan, read only off his :class:`PlayerView` and the pending :class:`Decision`:

* **Stat tokens** (TH-03): Movement to reach the next goal, Thievery for the action
  waiting there, Stealth when a Knight or a Tribe that could catch him is near.
* **Goals** (one value each, less a cost per step): Treasure tokens and Gems to Loot
  (TH-13/14), Vaults to Pick (TH-23), the Entrance to stash what he carries (TH-39),
  and Dark tiles to peek at when nothing better is known (TH-09).  Each move is scored
  by how much closer it brings him to the best goal.
* **Actions** on his tile: Loot first, then Pick Lock and Pickpocket (TH-16, only when
  his Stealth beats the target's Perception — the engine offers only those), then
  leftover cubes go to the Flare (exploring), Backstab, Hide Loot (TH-28).
* **Safety**: he avoids ending his turn where the Knight or a Tribe whose Perception
  beats his Stealth (TH-30) could reach him, or next to a Dragon on the surface.
* **Upgrades** (TH-41): faster and surer first (Flip 2→3, +1 Movement, the Lock
  Picking Kit…), each with a weight the Hard player may tune.

The weights are ``params`` (see :meth:`EasyThief.default_params`).  The only memory kept
between decisions of one game: the Dark tiles he has peeked at (he saw their type, the
view does not show it again) and, for the current round, the rivals he stood next to
but was not offered to rob (so he does not walk back and forth to them).
"""
from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cached_property

from ...engine.board_views import ThiefBoard
from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos
from ...engine.kinds import DecisionKind
from ...engine.option_ids import has_verb
from ...engine.view import PlayerView
from ..base import ScoredBot
from ..features import MapPicture, arg, option_space, verb
from .ghoul_answers import SCORERS as GHOUL_ANSWERS

# the order in which upgrades help a looter most (higher first); all are params
UPGRADE_WEIGHTS = {
    "flip_2_to_3": 10.0, "plus_movement": 9.0, "lock_picking_kit": 8.0, "plus_thievery": 7.0,
    "flip_3_to_4": 6.0, "unnatural_evasion": 5.0, "plus_stealth": 4.5, "climbing_gear": 4.0,
    "sticky_fingers": 3.0, "flip_all_4": 2.5, "hand_crossbow": 2.0,
    # the thief-upgrades variant's cards (VAR-39): the Wand's 5 × +2 net cubes, the Charm's free
    # cubes beside a rival, the Cloak's lighter purse and easier Pickpocket
    "warlocks_wand": 9.5, "charm": 8.5, "cloak_of_the_mountebank": 7.5,
}
_LOOT_TILE_NAMES = ("Treasure Room", "Vault")
_GEM = re.compile(r"^gem_")


def _cave_may_withhold_treasure(roles: Collection[str]) -> bool:
    """A Cave player in a game of two or three roles: the Cave vs Thief variant and any two
    roles vs the Thief let it skip Place Treasure (variants.yaml: place_treasure_optional),
    so the Thief's loot lies only in tiles he must find."""
    return "cave" in roles and len(roles) <= 3


def _races_the_goblins(roles: Collection[str]) -> bool:
    """The Goblins his only rivals: they win by smashing Crystals (GB-01) and he by stashing
    his Treasure (TH-01), so the game is a race."""
    return frozenset(roles) == {"thief", "goblins"}


@dataclass(frozen=True)
class Goal:
    """A tile worth reaching, what it is worth and the Action cubes it needs on arrival."""

    pos: Pos
    value: float
    cubes: int
    kind: str
    stealth: int = 0          # the Stealth he needs there (a Pickpocket: above the target's Perception)


@dataclass
class ThiefPicture:
    """The Thief's reading of one view: where he is, what he carries, what is worth going to."""

    view: PlayerView
    decision: Decision
    params: dict[str, float]
    peeked: frozenset[Pos] = frozenset()
    unrobbable: frozenset[str] = frozenset()     # pieces found not robbable this turn
    _dist: dict[Pos, dict[Pos, int]] = field(default_factory=dict)

    @cached_property
    def map(self) -> MapPicture:
        return MapPicture(self.view)

    @cached_property
    def me(self) -> ThiefBoard:
        me = self.view.boards.thief
        assert me is not None, "the Thief's player sees his board"
        return me

    @property
    def pos(self) -> Pos | None:
        return self.view.pieces.get("thief")

    @property
    def entrance(self) -> Pos:
        return self.view.entrance

    @property
    def carried(self) -> int:
        return len(self.me.carried)

    @property
    def to_win(self) -> int:
        """Tokens still to stash after what he carries (0: stashing now wins)."""
        return max(0, int(self.me.stash_needed) - int(self.me.stashed) - self.carried)

    @property
    def upgrades(self) -> list[str]:
        return list(self.me.upgrades)

    def passable(self, p: Pos) -> bool:
        """Tiles he may cross: no impassable Terrain (TR-17) and no Flame Wall (DR-35 kills him)."""
        t = self.map.tiles.get(p)
        if t is None:
            return False
        if t.terrain is not None and t.terrain.kind == "impassable":
            return False
        return not t.tokens.get("flamewall")

    def dist_from(self, start: Pos) -> dict[Pos, int]:
        """Steps from ``start`` (cached for this decision).  A wall counts ``wall_steps``
        more, as he may Climb through it for cubes (TH-15); Dark tiles' walls are unknown."""
        if start not in self._dist:
            self._dist[start] = self._dijkstra(start)
        return self._dist[start]

    @cached_property
    def edges(self) -> dict[Pos, list[tuple[Pos, int]]]:
        """Each passable tile's passable neighbours and the steps to cross (built once a
        decision).  A wall as ``MapPicture.walled`` reads it — either side's wall, a
        Rockslide, unless a Bomb opened it — inlined here for speed."""
        wall = 1 + int(self.params["wall_steps"])
        tiles = self.map.tiles
        ok = {p for p in tiles if self.passable(p)}
        slides, bombs = self.map.rockslides, self.map.bombs
        out: dict[Pos, list[tuple[Pos, int]]] = {}
        for p in ok:
            wp = tiles[p].walls
            row = []
            for d, (dx, dy) in enumerate(DELTA):
                q = (p[0] + dx, p[1] + dy)
                if q not in ok:
                    continue
                wq = tiles[q].walls
                blocked = bool((wp is not None and wp[d]) or (wq is not None and wq[(d + 2) % 4]))
                if slides or bombs:
                    e = (p, q) if p <= q else (q, p)
                    blocked = e in slides or (blocked and e not in bombs)
                row.append((q, wall if blocked else 1))
            out[p] = row
        return out

    def _dijkstra(self, start: Pos) -> dict[Pos, int]:
        edges = self.edges
        dist = {start: 0}
        todo = [(0, start)]
        while todo:
            d, p = heapq.heappop(todo)
            if d > dist[p]:
                continue
            for q, c in edges.get(p, ()):
                nd = d + c
                if nd < dist.get(q, 1 << 30):
                    dist[q] = nd
                    heapq.heappush(todo, (nd, q))
        return dist

    # ------------------------------------------------------------ goals
    def vault_cost(self) -> int:
        """TH-23: the sure Pick Lock costs 3 cubes, 2 with the Lock Picking Kit."""
        return 2 if "lock_picking_kit" in self.upgrades else 3

    @cached_property
    def goals(self) -> list[Goal]:
        """The goals he can use with his Stealth now (TH-10)."""
        return self.goals_with(int(self.me.stealth_now))

    def goals_with(self, stealth: int) -> list[Goal]:
        """TH-35: carried tokens may push his Stealth below 0; a goal that needs no Stealth
        (the stash above all) stays open whatever it is."""
        return [g for g in self.all_goals if g.stealth <= max(stealth, 0)]

    @cached_property
    def all_goals(self) -> list[Goal]:
        """Everything worth walking to now, with its value (params ``loot``, ``vault``,
        ``gem``, ``stash``, ``explore``, ``pickpocket``)."""
        p = self.params
        out: list[Goal] = []
        tried_here = self._vault_tried_here()
        for t in self.view.tiles:
            toks = t.tokens
            if toks.get("flamewall"):
                continue
            if toks.get("treasure"):
                out.append(Goal(t.pos, p["loot"], 1, "treasure"))
            if any(_GEM.match(k) and n for k, n in toks.items()):
                out.append(Goal(t.pos, p["gem"], 2, "gem"))
            if toks.get("vault") and not (t.pos == self.pos and tried_here):
                out.append(Goal(t.pos, p["vault"], self.vault_cost(), "vault"))
            if (not t.lit and t.terrain is None and t.pos not in self.peeked and t.pos != self.pos
                    and not toks):
                out.append(Goal(t.pos, p["explore"], 0, "explore"))
        out += self.pickpocket_goals()
        if self.carried:
            bonus = p["win"] if self.to_win == 0 else 0.0
            out.append(Goal(self.entrance, p["stash"] * self.carried ** p["stash_power"] + bonus, 0, "stash"))
        return out

    def pickpocket_goals(self) -> list[Goal]:
        """TH-18..21: rivals he could rob — the Knight holding Treasure cards, a Tribe while
        the Goblins hold a Secret he may take, the Dragon with Wakefulness to take back —
        each once a turn (TH-11); he needs Stealth above their Perception (or Armor)."""
        out: list[Goal] = []
        targeted = set(self.me.targeted)
        value = self.params["pickpocket_goal"]
        for piece, q in self.view.pieces.items():
            if piece in targeted or piece == "thief" or piece in self.unrobbable:
                continue
            if q == self.pos and not self._offered("pickpocket", piece):
                continue
            perception = self._robbable(piece)
            if perception is not None:
                out.append(Goal(q, value, 2, "pickpocket", perception + 1))
        return out

    def _robbable(self, piece: str) -> int | None:
        """The Perception to beat if ``piece`` has something to take, else None."""
        if piece == "knight":
            kb = self.view.boards.knight
            if kb is None:
                return None                     # no board: nothing shown to take
            if kb.dead or not (kb.face_up or kb.facedown_count):
                return None
            return kb.perception
        if piece == "dragon":
            db = self.view.boards.dragon
            return db.armor if db is not None and db.wakefulness > 0 else None
        if piece.startswith("tribe:"):
            gb = self.view.boards.goblins
            if gb is None or not (gb.hand_count or "goblin_ruby" in gb.face_up):
                return None
            return self.tribe_perception(piece)
        return None

    def tribe_perception(self, piece: str, his_action: bool = True) -> int:
        """TH-34, GB-55: a Tribe's Perception; against his Pickpocket or Backstab +1 while
        the Goblins' Trap is face up."""
        gb = self.view.boards.goblins
        if gb is None:
            return 99
        trap = 1 if his_action and "trap" in gb.face_up else 0
        return gb.perception.get(piece.split(":", 1)[1], 99) + trap

    def _offered(self, action: str, piece: str) -> bool:
        """Whether the pending turn offers ``action`` on ``piece`` (outside his turn: assume so)."""
        if self.decision.kind != DecisionKind.THIEF_TURN:
            return True
        return any(has_verb(o.id, action) and arg(o).startswith(f"{piece}:") for o in self.decision.options)

    def _vault_tried_here(self) -> bool:
        """TH-23: each Vault once per turn — on a Vault with no Pick Lock offered he tried it."""
        if self.decision.kind != DecisionKind.THIEF_TURN or self.pos is None:
            return False
        toks = self.map.tokens(self.pos)
        return bool(toks.get("vault")) and not any(verb(o) == "picklock" for o in self.decision.options)

    def steps(self, frm: Pos, goal: Goal, arriving: bool = False) -> int | None:
        """Steps from ``frm`` until the goal is done; the stash needs him to ENTER the
        Entrance (TH-39), so standing on it costs 2 (off and back) — unless he is just
        ``arriving`` there, which stashes."""
        if goal.kind == "stash" and frm == goal.pos:
            return 0 if arriving else 2
        return self.dist_from(frm).get(goal.pos)

    def potential(self, at: Pos, arriving: bool = False) -> float:
        """The best goal's value less ``step_cost`` per step from ``at``: how good a place is.
        Standing on the Entrance, the stash is 2 steps away (off and back, TH-39)."""
        best = self.field.get(at, 0.0)
        if at == self.entrance and not arriving and self.carried:
            best = self.field_without_stash.get(at, 0.0)
            stash = next(g for g in self.goals if g.kind == "stash")
            best = max(best, stash.value - 2 * self.params["step_cost"])
        return max(best, 0.0)

    @cached_property
    def field(self) -> dict[Pos, float]:
        return self._field(self.goals)

    @cached_property
    def field_without_stash(self) -> dict[Pos, float]:
        return self._field([g for g in self.goals if g.kind != "stash"])

    def _field(self, goals: list[Goal]) -> dict[Pos, float]:
        """``potential`` of every tile at once: a shortest-path search from all goals, each
        starting ``value / step_cost`` steps "ahead" (one search instead of one per tile)."""
        c = self.params["step_cost"]
        edges = self.edges
        dist: dict[Pos, float] = {}
        for g in goals:
            start = -g.value / c
            if start < dist.get(g.pos, 1e9):
                dist[g.pos] = start
        todo = [(d, p) for p, d in dist.items()]
        heapq.heapify(todo)
        while todo:
            d, p = heapq.heappop(todo)
            if d > dist[p]:
                continue
            for q, w in edges.get(p, ()):      # the edges are symmetric: a wall is a wall both ways
                nd = d + w
                if nd < dist.get(q, 1e9):
                    dist[q] = nd
                    heapq.heappush(todo, (nd, q))
        return {p: -c * d for p, d in dist.items()}

    def best_goal(self, at: Pos, stealth: int | None = None) -> tuple[Goal | None, int]:
        """The goal worth most from ``at`` (with ``stealth``, those that Stealth allows) and its steps."""
        c = self.params["step_cost"]
        found: tuple[Goal | None, int] = (None, 0)
        score = 0.0
        for goal in (self.goals if stealth is None else self.goals_with(stealth)):
            d = self.steps(at, goal)
            if d is not None and goal.value - c * d > score:
                score, found = goal.value - c * d, (goal, d)
        return found

    @cached_property
    def reserve(self) -> int:
        """Cubes to keep for the action at a goal he can still reach this turn."""
        if self.pos is None:
            return 0
        need = 0
        moves = int(self.me.movement_left)
        for goal in self.goals:
            d = self.steps(self.pos, goal)
            if d is not None and d <= moves and goal.cubes:
                need = max(need, goal.cubes)
        return need

    # ------------------------------------------------------------ danger
    def threats(self) -> list[tuple[Pos, int, int]]:
        """Who could attack him by his next turn: (where, reach, Perception; 99 = always).
        The Knight and Tribes need Perception above his Stealth (TH-30); the surfaced
        Dragon can always target him."""
        out: list[tuple[Pos, int, int]] = []
        for piece, q in self.view.pieces.items():
            if piece == "knight":
                kb = self.view.boards.knight
                if kb is None:
                    out.append((q, 3, 1))
                elif not kb.dead:
                    out.append((q, kb.movement, kb.perception))
            elif piece.startswith("tribe:"):
                out.append((q, 2, self.tribe_perception(piece, his_action=False)))
            elif piece == "dragon" and (db := self.view.boards.dragon) is not None and db.surfaced:
                out.append((q, 1, 99))
        return out

    def danger(self, at: Pos, stealth: int) -> float:
        """How many threats could reach ``at`` and beat ``stealth`` (walls of Dark tiles are
        unknown, so the distance is an estimate)."""
        n = 0.0
        for q, reach, perc in self.threats():
            if perc <= stealth:
                continue
            d = self.dist_from(q).get(at)
            if d is not None and d <= reach:
                n += 1
        return n


class EasyThief(ScoredBot):
    """The Thief's Easy player: see the module docstring for the plan."""

    role = "thief"

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self.peeked: set[Pos] = set()
        self.unrobbable: dict[str, int] = {}      # piece -> the round he stood on it and could not rob it
        self._pic: ThiefPicture | None = None

    @classmethod
    def default_params(cls) -> dict[str, float]:
        p = {
            "loot": 30.0, "gem": 26.0, "vault": 28.0, "explore": 9.0, "stash": 22.0, "stash_power": 1.3,
            "win": 200.0, "step_cost": 2.0, "wall_steps": 2.0, "danger": 12.0, "peek": 3.0, "flare": 2.5, "backstab": 1.0,
            "hide": 0.6, "climb_cube": 1.5, "pickpocket": 40.0, "pickpocket_goal": 24.0, "stat_reach": 10.0, "stat_short": 3.0,
            "stat_act": 6.0, "stat_spare": 0.8, "stat_safe": 8.0, "charm": 18.0, "wand_self": 14.0, "wand_rival": 3.0,
        }
        p.update({f"up_{k}": v for k, v in UPGRADE_WEIGHTS.items()})
        return p

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs with ``roles`` in play (hard.param_variants):
        as tuned; greedy (carries more before going home); homebody (stashes each token at
        once); explorer (peeks and flares more); careful (keeps clear of threats).

        With the Cave in play, homebody gives way to digger.  The Cave hides its Treasure
        and Vault tiles far from him and, in games of two or three roles, may place no
        Treasure at all (``_cave_may_withhold_treasure``), so his loot must be dug out of
        the Dark tiles: digger Flares more (RV-05), takes the nearer goals, carries a little
        more before going home, and buys the upgrades that give more Action cubes — for
        more Flares — first (+1 Thievery, Flip 3 to 4, TH-41).  An Easy-only sweep against
        the Easy Cave, seeds 1-600: the defaults 7.3%, Flare 6 alone 11.2%, digger 24.0%.
        In those small games digger comes first: it is what he plays where the search finds
        no strategy better, and ties are common there, since what it gains shows over many
        turns, after the search's one.

        With the Goblins in play (and no Cave) he may race them, and where they are his only
        rivals racer comes first.  There the Goblins win by smashing Crystals (GB-01) and he
        by stashing his loot (TH-01), and their Tribes seldom catch him (Easy vs Easy, seeds
        1-200: 57 of his 58 losses came from the Crystals, one from the Collapse), so racer
        runs the race: more Flares to find the Treasure Rooms sooner (RV-05), +1 Movement
        bought first (TH-41), less fear of the Tribes, fewer detours for Vaults (TH-23) and
        peeks (TH-09), and the Lock Picking Kit, for those Vaults, later.  An Easy-only sweep
        against the Easy Goblins: the defaults 72.0% over seeds 1-600 and 72.0% over
        601-1200, racer 88.5% and 87.0%.  One weight at a time, seeds 1-600, each gained 2-3
        points (Flare 5 74.8%, Danger 4 74.7%, +1 Movement 11 75.3%)."""
        base = cls.default_params()
        greedy = {**base, "stash": base["stash"] * 0.6}
        explorer = {**base, "explore": base["explore"] * 1.6, "flare": base["flare"] * 2}
        careful = {**base, "danger": base["danger"] * 2.5, "stat_safe": base["stat_safe"] * 2}
        if "cave" in roles:
            digger = {**base, "flare": 6.0, "step_cost": 3.0, "stash": 13.0, "up_plus_thievery": 11.0,
                      "up_flip_3_to_4": 9.5}
            special, leads = digger, _cave_may_withhold_treasure(roles)
        elif "goblins" in roles:
            racer = {**base, "flare": 5.0, "danger": 2.0, "vault": 20.0, "peek": 1.5, "up_plus_movement": 11.0,
                     "up_lock_picking_kit": 3.0}
            special, leads = racer, _races_the_goblins(roles)
        else:
            return [base, greedy, {**base, "stash": base["stash"] * 1.6}, explorer, careful]
        others = [greedy, explorer, careful]
        return [special, base, *others] if leads else [base, special, *others]

    @classmethod
    def search_top(cls, roles: Collection[str]) -> int:
        """Options each decision of the Hard Thief's turn plays on (hard.search_top): one
        against the Cave in games of two or three roles, else three.  There the win chance
        the rollouts end on (values.yaml, thief|cave,thief) weighs a Treasure token lying on
        a tile above one he carries, so judged decision by decision the rollouts steer him
        off his loot; he plays the strategy the turn's search chose as it scores.  Hard
        Thief vs Easy Cave, seeds 1-100, digger first: three options 10 wins in the first 90
        games (7 in 70 with digger his only strategy), three with a margin of 0.05 or 0.15
        18% and 20%, one 23%.

        So too racing the Goblins, his only rivals: judged decision by decision the
        rollouts, which end at his next turn, trade the race for what looks good at once.
        Hard Thief vs Easy Goblins, racer first, seeds 1-200: three options 79.5%, three
        with a margin of 0.1 85.5%, one 87.0%."""
        return 1 if _cave_may_withhold_treasure(roles) or _races_the_goblins(roles) else 3

    def __call__(self, view: PlayerView, decision: Decision) -> str:
        self._note_unrobbable(view, decision)
        self._pic = ThiefPicture(view, decision, self.params, frozenset(self.peeked),
                                 frozenset(p for p, r in self.unrobbable.items() if r == view.round))
        choice = super().__call__(view, decision)
        if decision.kind == DecisionKind.THIEF_TURN and choice == "peek:" and view.pieces.get("thief") is not None:
            self.peeked.add(view.pieces["thief"])
        return choice

    def _note_unrobbable(self, view: PlayerView, decision: Decision) -> None:
        """Remember, for this round, a rival on his tile that the turn does not let him
        Pickpocket (what the view shows does not say why: a Trap, a Greed track full…), so
        he does not walk back and forth to it."""
        me = view.pieces.get("thief")
        if decision.kind != DecisionKind.THIEF_TURN or me is None:
            return
        offered = {arg(o).rpartition(":")[0] for o in decision.options if verb(o) == "pickpocket"}
        for piece, q in view.pieces.items():
            if q == me and piece != "thief" and piece not in offered:
                self.unrobbable[piece] = view.round

    def picture(self, view: PlayerView, decision: Decision) -> ThiefPicture:
        """This decision's picture (built once in ``__call__``; again if scored directly)."""
        if self._pic is None or self._pic.view is not view or self._pic.decision is not decision:
            self._pic = ThiefPicture(view, decision, self.params, frozenset(self.peeked))
        return self._pic


# ------------------------------------------------------------------ stats (TH-03)
def score_stats(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-03/05: Movement to reach the best goal, Thievery for its action, Stealth when
    a threat is near; spare points in Movement and Thievery still help a little."""
    p = bot.params
    m, s, th = (int(v) for v in arg(option).split("-"))
    # a stat boost adds to the token (TH-53); the option shows the token values only
    ups = pic.upgrades
    m += "plus_movement" in ups
    s += "plus_stealth" in ups
    th += "plus_thievery" in ups
    at = pic.pos if pic.pos is not None else pic.entrance
    stealth = s - pic.carried - int(pic.me.hex_stealth)
    goal, d = pic.best_goal(at, stealth)
    value = p["stat_spare"] * (m + th)
    if goal is not None:
        if d <= m:
            value += p["stat_reach"] + p["stat_act"] * min(th, goal.cubes)
            value += p["stat_spare"] * (m - d)                 # room to go on after it
        else:
            value -= p["stat_short"] * (d - m)
    if pic.danger(at, stealth) == 0 and pic.threats():
        value += p["stat_safe"] * min(1.0, len(pic.threats()) / 2)
    return value


# ------------------------------------------------------------------ the turn (TH-07..28)
def score_turn(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    v = verb(option)
    score = TURN_VERBS.get(v, _zero)(bot, pic, option)
    if bot.explain:
        bot.note(option.id, turn_words(pic, option, score))
    return score


# what each goal of his is, in a player's words (the Suggest button's reason)
GOAL_WORDS = {
    "treasure": "a Treasure token to loot", "gem": "a Dragon Gem to disarm", "vault": "a Vault to pick",
    "explore": "Dark tiles that may hide loot", "stash": "the Entrance, to stash what you carry",
    "pickpocket": "a rival to pickpocket",
}


def turn_words(pic: ThiefPicture, option: Option, score: float) -> str:
    """Why one option of his turn scores as it does (the branches of the ``TURN_VERBS``
    scorers), in a player's words: the Suggest button's reason."""
    v, a = verb(option), arg(option)
    if v in ("move", "leave", "climb", "climbover"):
        q = option_space(option)
        if q is not None and pic.map.tokens(q).get("flamewall"):
            return "A Flame Wall there would kill you."
        goal, d = pic.best_goal(q) if q is not None else (None, 0)
        climb = " The climb costs cubes, but the way is worth it." if v in ("climb", "climbover") else ""
        if goal is None:
            return "Nothing worth reaching lies ahead; this step keeps you out of harm's way." + climb
        far = "you arrive there" if d == 0 else f"{d} step{'s' if d != 1 else ''} from there"
        return f"This step heads for {GOAL_WORDS.get(goal.kind, 'what is worth reaching')}: {far}." + climb
    if v == "end":
        return "Nothing left this turn is worth your cubes or steps."
    if v == "loot":
        if a == "treasure":
            return "A Treasure token is what you came for: loot it."
        return ("You can pay to disarm the Gem's trap: a sure take." if score >= 90.0 else
                "You cannot pay to disarm the trap: the cheap try risks it, but the Gem is worth it.")
    if v == "picklock":
        return "This is the surest lock-picking you can pay for."
    if v == "pickpocket":
        return "Pickpocketing takes a free Treasure token; this try is sure enough for the cubes it costs."
    if v == "peek":
        return "Peeking shows you what a Dark tile holds, and nothing better is worth walking to now."
    if v == "flare":
        return "You have a cube to spare: a Flare lights the Dark tiles around you, so loot shows sooner."
    if v == "backstab":
        return "Your steps are spent and these cubes are spare: a Backstab hurts a rival."
    if v == "hide":
        return "Your steps are spent: spare cubes on Hide lower what a killer would gain."
    if v == "charm":
        return "The Charm gives you 2 Action cubes for nothing but a small gift to a rival."
    if v == "wand":
        return ("The Wand turns 1 cube into 3 while you still have steps to use them." if a == "thief" else
                "A spare cube and a charge set a rival back.")
    return "It is worth as much as anything else you could do now."


def _zero(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    return 0.0


def _end_penalty(bot: EasyThief, pic: ThiefPicture, at: Pos) -> float:
    """The cost of ending the turn on ``at`` with his present Stealth (TH-30)."""
    return bot.params["danger"] * pic.danger(at, int(pic.me.stealth_now))


def _cubes(pic: ThiefPicture) -> int:
    return int(pic.me.cubes)


def _movement(pic: ThiefPicture) -> int:
    return int(pic.me.movement_left)


def _reserve(pic: ThiefPicture) -> int:
    """Cubes to keep for the action at a goal he can still reach this turn."""
    return pic.reserve


def score_move(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-08: closer to the best goal is better; ending the move where he can be hit is worse.
    A Climb (TH-15) costs cubes kept for the goal's action."""
    q = option_space(option)
    if q is None or pic.pos is None:
        return 0.0
    if pic.map.tokens(q).get("flamewall"):
        return -1000.0                                          # DR-35: it kills him
    gain = pic.potential(q, arriving=True) - pic.potential(pic.pos)
    moves_after = _movement(pic) - (2 if verb(option) == "climbover" else 1)
    if moves_after <= 0:
        gain -= _end_penalty(bot, pic, q) - _end_penalty(bot, pic, pic.pos)
    if verb(option) in ("climb", "climbover"):
        gain -= bot.params["climb_cube"] * (2 if verb(option) == "climb" else 3)
    if verb(option) == "leave":
        gain -= 0.5
    return gain


def score_end(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    if pic.pos is None:
        return 0.0
    return -_end_penalty(bot, pic, pic.pos) * 0.5


def score_loot(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-13/14: a Treasure token always; a Gem disarmed (2 cubes) when he can, else the
    1-cube try risks the trap."""
    a = arg(option)
    if a == "treasure":
        return 100.0
    cubes = int(a.rpartition(":")[2])
    if cubes >= 2:
        return 95.0
    return 50.0 if _cubes(pic) < 2 else 40.0


def score_picklock(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-23: the surest level he can pay (3 cubes sure, 2 on 2+, 1 on 4+)."""
    level = int(arg(option))
    return {3: 90.0, 2: 85.0, 1: 60.0}.get(level, 50.0)


def score_pickpocket(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-16..22: a free Treasure token from the supply; surer is better, but a cube
    kept for a Vault he can still reach matters too."""
    level = int(arg(option).rpartition(":")[2])
    chance = {1: 0.5, 2: 5 / 6, 3: 1.0}.get(level, 0.5)
    spare = _cubes(pic) - level - _reserve(pic)
    return bot.params["pickpocket"] * chance + (0 if spare >= 0 else 3 * spare)


def score_peek(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-09: peek ends his movement; worth it when there is nothing better to walk to,
    never at a tile he has already seen."""
    if pic.pos in pic.peeked:
        return -10.0
    if _movement(pic) <= 0:
        return bot.params["peek"] + 2.0
    if pic.pos is None:
        return 0.0
    goal, d = pic.best_goal(pic.pos)
    if goal is None or goal.kind == "explore":
        return bot.params["peek"]
    return bot.params["peek"] - bot.params["step_cost"] * 2


def _dark_around(pic: ThiefPicture) -> int:
    if pic.pos is None:
        return 0
    x, y = pic.pos
    return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if (x + dx, y + dy) != pic.pos and pic.map.dark((x + dx, y + dy)))


def _spare(pic: ThiefPicture, cost: int) -> bool:
    return _cubes(pic) - cost >= _reserve(pic)


def score_flare(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """RV-05: 1 cube lights the Dark tiles around him — loot found sooner; only with a
    cube to spare, and after moving (so it lights where he stops)."""
    if not _spare(pic, 1):
        return -5.0
    n = _dark_around(pic) + (1 if pic.pos is not None and pic.map.dark(pic.pos) else 0)
    if n == 0:
        return -1.0
    after_moves = 0.0 if _movement(pic) <= 0 else -1.0
    return bot.params["flare"] * min(n, 3) / 3 + after_moves + 0.1


def score_backstab(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-24/25: spare cubes hurt a rival; the heaviest he can spare."""
    level = int(arg(option).rpartition(":")[2])
    if not _spare(pic, level) or _movement(pic) > 0:
        return -5.0
    return bot.params["backstab"] * level / 3 + 0.05


def score_hide(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-28: leftover cubes lower the bonus a killer would take (reset on stashing, TH-48)."""
    x = int(arg(option))
    if not _spare(pic, x) or _movement(pic) > 0:
        return -5.0
    return bot.params["hide"] * x / 3


def score_climb(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """TH-15: a Climb is a move that costs cubes (``score_move`` charges them); the
    distances already count a wall as ``wall_steps`` extra steps."""
    return score_move(bot, pic, option)


def score_charm(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """The Charm: 2 free Action cubes, worth taking while there is something to spend them on
    (a rival helped is one he may not rob this turn, so a sure Pickpocket scores higher)."""
    return bot.params["charm"] if _movement(pic) > 0 or _cubes(pic) > 0 else bot.params["charm"] / 3


def score_wand(bot: EasyThief, pic: ThiefPicture, option: Option) -> float:
    """VAR-40: on himself 1 cube and 1 charge for 3 cubes (early, while he can still use them);
    on a rival only with a spare cube once his steps are spent, like a Backstab."""
    if arg(option) == "thief":
        return bot.params["wand_self"] if _movement(pic) > 0 else bot.params["wand_self"] / 2
    if not _spare(pic, 1) or _movement(pic) > 0:
        return -5.0
    return bot.params["wand_rival"]


TURN_VERBS: dict[str, Callable[[EasyThief, ThiefPicture, Option], float]] = {
    "move": score_move, "leave": score_move, "climb": score_climb, "climbover": score_climb, "end": score_end,
    "loot": score_loot, "picklock": score_picklock, "pickpocket": score_pickpocket, "peek": score_peek,
    "flare": score_flare, "backstab": score_backstab, "hide": score_hide, "charm": score_charm, "wand": score_wand,
}


# ------------------------------------------------------------------ other decisions
def score_upgrade(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-41: the upgrade a stashed token buys, by weight."""
    return bot.params.get(f"up_{arg(option)}", 0.0)


def score_spores(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """CV-32: lose the upgrade he values least."""
    return -bot.params.get(f"up_{arg(option)}", 0.0)


def score_reveal(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-09: reveal a Treasure Room or a Vault (its token appears, MAP-31); leave others Dark."""
    loot = any(name in pic.decision.prompt for name in _LOOT_TILE_NAMES)
    return 1.0 if (option.id == "reveal:") == loot else 0.0


def score_evasion(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-36: slip to the neighbour where fewest can reach him, toward his goal."""
    q = option_space(option)
    if q is None:
        q = pic.pos
    if q is None:
        return 0.0
    if pic.map.tokens(q).get("flamewall"):
        return -1000.0
    return -10 * pic.danger(q, int(pic.me.stealth_now)) + 0.1 * pic.potential(q)


def score_take_treasure(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-12: from the map, the token farthest from him (the near ones he can loot anyway)."""
    q = option_space(option)
    if q is None or pic.pos is None:
        return 0.0
    return float(pic.dist_from(pic.pos).get(q, 50))


def score_pickpocket_card(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """TH-18/19: a face-up card (known to matter: the Goblin Ruby, a revealed Treasure)."""
    return 0.0 if arg(option) == "random" else 1.0


def score_yes(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """Sticky Fingers reroll (TH-16), the Dragon strike (AMB-28): always take them."""
    return 1.0 if option.id in ("reroll:", "backstab:") else 0.0


def score_place_tile(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """RV-03 (no Cave): a new Dark tile near the Entrance and him: short trips to stash."""
    q = option_space(option)
    if q is None:
        return 0.0
    e, me = pic.entrance, pic.pos or pic.entrance
    return -(abs(q[0] - e[0]) + abs(q[1] - e[1])) - 0.5 * (abs(q[0] - me[0]) + abs(q[1] - me[1]))


def score_collapse(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """COL-05/10: keep the game going — remove a Lit tile that is not a Crystal (a Dark one
    may be), with no loot on it, far from the Entrance and from him."""
    q = option_space(option)
    if q is None:
        return 0.0
    t = pic.map.tiles.get(q)
    s = 0.0
    if t is not None:
        if t.type == "crystal":
            s -= 100
        elif not t.lit:
            s -= 20
        if any(t.tokens.get(k) for k in ("treasure", "vault")) or any(_GEM.match(k) for k in t.tokens):
            s -= 10
    e = pic.entrance
    s += 0.5 * (abs(q[0] - e[0]) + abs(q[1] - e[1]))
    if pic.pos == q:
        s -= 5
    return s


def score_forced_move(bot: EasyThief, pic: ThiefPicture, decision: Decision, option: Option) -> float:
    """FM (a collapsing tile pushes a piece, he chooses where): himself toward his goal and
    off Flame Walls; a rival away from him."""
    q = option_space(option)
    if q is None:
        return 0.0
    if pic.decision.fact("piece") == "thief":
        return score_evasion(bot, pic, decision, option)
    me = pic.pos
    return 0.0 if me is None else float(min(pic.dist_from(me).get(q, 20), 20))


# his scorers are module functions, so his table is filled once they are defined; any other
# decision (tile orientation, reveal order, Terrain…) goes to the shared fallback: all equal
EasyThief.SCORERS = {
    DecisionKind.THIEF_STATS: score_stats, DecisionKind.THIEF_TURN: score_turn, DecisionKind.THIEF_UPGRADE: score_upgrade,
    DecisionKind.THIEF_SPORES: score_spores, DecisionKind.THIEF_REVEAL: score_reveal, DecisionKind.THIEF_EVASION: score_evasion,
    DecisionKind.THIEF_TAKE_TREASURE: score_take_treasure, DecisionKind.THIEF_PICKPOCKET_CARD: score_pickpocket_card,
    DecisionKind.THIEF_STICKY: score_yes, DecisionKind.THIEF_STRIKE_DRAGON: score_yes, DecisionKind.PLACE_TILE: score_place_tile,
    DecisionKind.COLLAPSE_TILE: score_collapse, DecisionKind.FORCED_MOVE: score_forced_move,
    **GHOUL_ANSWERS,
}
