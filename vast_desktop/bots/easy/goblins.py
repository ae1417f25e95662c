"""The Easy Goblins: a fast heuristic that plays the Horde's plan (issue 7).

How the Goblins win decides the plan (goblins.how_to_win, GB-01, KN-123):

* with a Knight — **kill her**: grow strong Tribes, Reveal them on Dark tiles near her,
  march in and attack only when stronger than she is (GB-72/73), spring every Ambush
  and Hiding Spots (KN-38, GB-54);
* with no Knight but a Dragon — **kill the Dragon** (the Ash Dragon card, RV-07): bring
  Tribes stronger than his Armor onto his tile and attack (GB-71/90);
* with neither — **smash Crystals** (GB-76): Flare the Dark tiles to find Crystal
  tokens, then bring two Tribes of Strength 3 or more onto one in the same turn.

Everywhere: a Tribe pays 1 Population for every 2 Lit tiles it leaves (GB-61/62), so
paths are measured in Lit tiles left (a 0-1 shortest path over the view's map); keep
Rage above 0 (Malaise, GB-23) and avoid overpopulation scatters (GB-32..35); kill the
Thief when Perception beats his Stealth (GB-74); plunder Treasure for Rage (GB-78).

The bot reads only its :class:`PlayerView` and the :class:`Decision`; what it remembers
between calls is its own choices this turn (Lit tiles its Tribes left, a Crystal token
one of its Tribes attacked first, the Tribe a Secret was played for).
"""
from __future__ import annotations

import heapq
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos, rotate_walls
from ...engine.kinds import DecisionKind
from ...engine.option_ids import parse
from ...engine.view import PlayerView
from ..base import ScoredBot
from ..features import MapPicture, arg, option_space, verb
from .ghoul_answers import SCORERS as GHOUL_ANSWERS
from .goblin_schemes import buy_worth, scheme_worth, treasure_pull

TRIBES = ("fangs", "bones", "eye")
CAP = 4                  # GB-30: at most 4 Population
SMASH = 3                # GB-76: each of the two Tribes needs Strength 3
STRENGTH_MONSTERS = ("ogre", "troll", "flame_giant")
FAR = 99
# How likely a Dark tile is a Crystal tile, by the order the Cave placed it in on its own turn
# (first, second, later), and any other Dark tile: the Cave must place the Crystal tiles in its
# hand first on its own turn (CV-04) and need not put them where others' reveals open edges.
# Measured against the Easy Cave, seeds 1-60: 55%, 34%, 20%; 3.5% of the tiles that filled
# the edges the Goblins' Flares opened.
SUSPECT_ODDS = (0.55, 0.34, 0.20)
OTHER_ODDS = 0.035
TREASURE_REACH = 10      # Schemes: steps a Tribe goes out of its way for a Treasure that buys one
_TURN_LINE = re.compile(r"^Round \d+: the (\w+)'s? turn")
_PLACED_LINE = re.compile(r"^The (\w+) (draws? and )?places? a Dark tile \([^)]*\) at (-?\d+),(-?\d+)\.")


def _prospects_against_cave(roles: Collection[str]) -> bool:
    """The Goblins hunt Crystals (no Knight, no Dragon, GB-01) and the Cave hides them."""
    return "cave" in roles and not {"knight", "dragon"} & set(roles)


def cave_placements(log: Sequence[str]) -> dict[Pos, int]:
    """The tiles the Cave itself placed on its own turn, read from the public log, each with
    its rank in that turn (0 = placed first); a tile placed on that space since in any other
    way (drawn from the stack, on another player's turn) replaces it."""
    out: dict[Pos, int] = {}
    cave_turn = False
    rank = 0
    for line in log:
        if line.startswith("Round "):
            m = _TURN_LINE.match(line)
            cave_turn, rank = (m is not None and m[1] == "Cave"), 0
            continue
        m = _PLACED_LINE.match(line)
        if m is None:
            continue
        p = (int(m[3]), int(m[4]))
        if cave_turn and m[1] == "Cave" and not m[2]:
            out[p] = rank
            rank += 1
        else:
            out.pop(p, None)
    return out


# why each Secrets card is worth playing when it is, in a player's words (the Suggest button's reason)
_SECRET_WORDS = {
    "hiding_spots": "Hiding Spots is always worth playing when it is offered.",
    "trap": "This Trap costs you little to play now.",
    "goblin_ruby": "The Goblin Ruby costs you little to play now.",
    "leader": "With the Leader, no Tribe has to scatter.",
    "cave_in": "A Cave-In now puts Lit tiles back under the stack, so the Collapse comes later.",
    "hex": "A Hex now hurts a rival while your Eye Tribe is big.",
    "fire_bomber": "The Fire Bomber's +2 lets this Tribe strike this turn.",
    "blind_fury": "With Blind Fury this strong Tribe loses no Goblins on the way to strike.",
    "poison": "With Poison, this Tribe's strike on the Knight also takes her Hero cubes.",
    "secret_tunnels": "Secret Tunnels set this strong Tribe on a Dark tile nearer its target.",
}


def _tribe_words(tribe: str) -> str:
    """A Tribe's name for players: ``fangs`` -> ``Fangs``."""
    return tribe.replace("_", " ").title()


def base(card: str) -> str:
    """A card id without its copy suffix ("hex#2" -> "hex")."""
    return card.split("#")[0]


def tribe_of_prompt(prompt: str) -> str | None:
    """The Tribe a prompt names first ("Eye at 0,-2: move..." -> "eye")."""
    low = prompt.lower()
    hits = [(low.find(t), t) for t in TRIBES if low.find(t) >= 0]
    return min(hits)[1] if hits else None


@dataclass
class Memory:
    """What the bot remembers of its own choices this Goblins' turn (reset each round)."""

    round: int = -1
    lit_exits: dict[str, int] = field(default_factory=dict)
    crystal_first: dict[Pos, str] = field(default_factory=dict)
    secret_for: str | None = None
    flares: int = 0
    visited: dict[str, set[Pos]] = field(default_factory=dict)


class Picture:
    """One decision's reading of the view: the plan, the goals and the Tribes."""

    def __init__(self, view: PlayerView, memory: Memory, suspect_weight: float = 0.0,
                 draw_cost: float = 0.0) -> None:
        self.view = view
        self.suspect_weight = suspect_weight
        self.draw_cost = draw_cost
        self.pic = MapPicture(view)
        me = view.boards.goblins
        assert me is not None, "the Goblins' player sees their board"
        self.me = me
        self.memory = memory
        self.pop: dict[str, int] = dict(self.me.population)
        self.strength: dict[str, int] = dict(self.me.strength)
        self.rage: int = int(self.me.rage)
        self.monsters: dict[str, list[str]] = {t: list(m) for t, m in self.me.monsters.items()}
        self.hand: list[str] = list(self.me.hand or ())
        self.face_up: list[str] = list(self.me.face_up)
        self.activated: list[str] = list(self.me.activated)
        self.cache: dict[Pos, dict[Pos, tuple[int, int]]] = {}

    # ------------------------------------------------------------ the plan
    @cached_property
    def plan(self) -> str:
        """knight / dragon / crystals: what kills the game for the Goblins (GB-01)."""
        k = self.view.boards.knight
        if "knight" in self.view.roles and not (k is not None and k.dead):
            return "knight"
        if "dragon" in self.view.roles:
            return "dragon"
        return "crystals"

    def tribe_pos(self, t: str) -> Pos | None:
        return self.view.pieces.get(f"tribe:{t}")

    @cached_property
    def need(self) -> int:
        """The arrival Strength a Tribe must exceed at the goal (SMASH - 1 for Crystals)."""
        if self.plan == "knight":
            k = self.view.boards.knight
            return k.strength if k is not None else 0
        if self.plan == "dragon":
            d = self.view.boards.dragon
            return d.armor if d is not None else 3
        return SMASH - 1

    @cached_property
    def treasure_pull(self) -> float:
        """What a plundered Treasure would buy now (``goblin_schemes.treasure_pull``)."""
        return treasure_pull(self.view, self.me) if self.me.hand else 0.0

    @cached_property
    def treasure_tokens(self) -> list[Pos]:
        """Where a Tribe may plunder: a Treasure token or a Dragon Gem (VAR-28: either buys a Scheme)."""
        return [tv.pos for tv in self.view.tiles
                if tv.tokens.get("treasure", 0) > 0 or any(n > 0 and k.startswith("gem_") for k, n in tv.tokens.items())]

    @cached_property
    def crystal_tiles(self) -> list[Pos]:
        return [t.pos for t in self.view.tiles if t.tokens.get("crystal", 0) > 0]

    @cached_property
    def goals(self) -> list[Pos]:
        if self.plan == "knight":
            p = self.view.pieces.get("knight")
            return [p] if p is not None else []
        if self.plan == "dragon":
            p = self.view.pieces.get("dragon")
            return [p] if p is not None else []
        return self.crystal_tiles

    # ------------------------------------------------------- paths (GB-61/62)
    @cached_property
    def adjacency(self) -> dict[Pos, list[Pos]]:
        """Each tile's open neighbours, worked out once per decision."""
        return {p: list(self.pic.neighbours(p)) for p in self.pic.tiles}

    @cached_property
    def lit_tiles(self) -> frozenset[Pos]:
        return frozenset(p for p in self.pic.tiles if self.pic.lit(p))

    def lit_cost(self, p: Pos) -> int:
        """1 when leaving ``p`` counts as leaving a Lit tile."""
        return 1 if p in self.lit_tiles else 0

    def to_goals(self, goals: list[Pos]) -> dict[Pos, tuple[int, int]]:
        """For every tile: (Lit tiles left, steps) on the cheapest way to one of ``goals``."""
        best: dict[Pos, tuple[int, int]] = {}
        heap = [(0, 0, g) for g in goals if g in self.pic.tiles]
        heapq.heapify(heap)
        while heap:
            c, s, y = heapq.heappop(heap)
            if y in best:
                continue
            best[y] = (c, s)
            for x in self.adjacency.get(y, ()):
                if x not in best:
                    heapq.heappush(heap, (c + self.lit_cost(x), s + 1, x))
        return best

    @cached_property
    def goal_cost(self) -> dict[Pos, tuple[int, int]]:
        return self.to_goals(self.goals)

    @cached_property
    def suspects(self) -> dict[Pos, float]:
        """The Dark tiles the Cave placed on its own turn, with the chance each is a Crystal
        tile (``cave_placements``)."""
        return {p: SUSPECT_ODDS[min(rank, len(SUSPECT_ODDS) - 1)]
                for p, rank in cave_placements(self.view.log).items() if self.pic.dark(p)}

    @property
    def prospecting(self) -> bool:
        """Hunting Crystals with ``suspect_weight``: Flares go where Crystal tiles are likely."""
        return self.plan == "crystals" and self.suspect_weight > 0

    def dark_in_reach(self, p: Pos) -> list[Pos]:
        """The Dark tiles a Flare at ``p`` may reveal: those of the nine spaces round it
        (RV-05)."""
        return [q for dx in (-1, 0, 1) for dy in (-1, 0, 1) if self.pic.dark(q := (p[0] + dx, p[1] + dy))]

    def hidden_crystals(self, p: Pos) -> float:
        """How promising a Flare at ``p`` is: the Crystal tiles it may find (each of the nine
        spaces is hit on half the Dragon die's faces) — a suspect at its odds, any other Dark
        tile at ``OTHER_ODDS`` — times ``suspect_weight``."""
        return sum(0.5 * self.suspect_weight * self.suspects.get(q, OTHER_ODDS) for q in self.dark_in_reach(p))

    def tiles_drawn(self, p: Pos) -> float:
        """How many tiles a Flare at ``p`` is likely to draw from the stack: each open edge
        of a revealed tile onto an empty space is filled (MAP-23), and every tile placed
        brings the Collapse nearer (COL-01).  A proxy: each Dark tile in reach is revealed on
        half the die's faces, with half its empty neighbours left open once oriented
        (``kind_orient_tile`` closes what it can).  None in the Collapse (COL-03)."""
        if self.view.collapse:
            return 0.0
        return sum(0.25 * (4 - self.pic.touching(q)) for q in self.dark_in_reach(p))

    def flare_worth(self, p: Pos) -> float:
        """A Flare spot's worth: the Crystal tiles it may find (``hidden_crystals``) less
        ``draw_cost`` for each tile it would draw (``tiles_drawn``)."""
        return self.hidden_crystals(p) - self.draw_cost * self.tiles_drawn(p)

    def suspect_near(self, p: Pos) -> bool:
        """A suspect within the Flare's reach from ``p``."""
        return any(abs(q[0] - p[0]) <= 1 and abs(q[1] - p[1]) <= 1 for q in self.suspects)

    @cached_property
    def prospect_cost(self) -> dict[Pos, tuple[int, int]]:
        """(Lit tiles left, steps) to the best Flare spots (``flare_worth``) among those where
        a Flare may find a Crystal tile."""
        scores = {p: self.flare_worth(p) for p in self.pic.tiles if self.hidden_crystals(p) > 0}
        top = max(scores.values(), default=0.0)
        return self.to_goals([p for p, v in scores.items() if v == top])

    def cost_from(self, p: Pos, goal: Pos) -> tuple[int, int]:
        """(Lit tiles left, steps) from ``p`` to ``goal`` (one search per goal and decision)."""
        if goal not in self.cache:
            self.cache[goal] = self.to_goals([goal])
        return self.cache[goal].get(p, (FAR, FAR))

    @staticmethod
    def loss(e0: int, lit_left: int) -> int:
        """Population lost leaving ``lit_left`` more Lit tiles after ``e0`` this turn (GB-61)."""
        return (e0 + lit_left) // 2 - e0 // 2

    def exits(self, t: str) -> int:
        return self.memory.lit_exits.get(t, 0)

    def arrival(self, t: str, p: Pos, lit_left: int) -> int:
        """Strength of ``t`` after walking from ``p`` leaving ``lit_left`` Lit tiles."""
        return self.strength.get(t, 0) - self.loss(self.exits(t), lit_left)

    def can_strike(self, t: str, p: Pos, goal: Pos | None = None, bonus: int = 0) -> bool:
        """Can ``t`` at ``p`` reach a goal this activation stronger than it needs?"""
        c = self.goal_cost.get(p) if goal is None else self.cost_from(p, goal)
        if c is None or c[0] >= FAR:
            return False
        return self.arrival(t, p, c[0]) + bonus > self.need and self.pop.get(t, 0) - self.loss(self.exits(t), c[0]) > 0

    def spare_partner(self, t: str) -> bool:
        """Another Tribe on the map, not yet activated this turn, with Strength 3 (GB-76)."""
        return any(o != t and o not in self.activated and self.tribe_pos(o) is not None
                   and self.strength.get(o, 0) >= SMASH for o in TRIBES)

    def partner_for(self, t: str, goal: Pos) -> bool:
        """Crystals: another Tribe already attacked this token this turn, or one not yet
        activated can still reach it with Strength 3 (GB-76: both in the same turn)."""
        first = self.memory.crystal_first.get(goal)
        if first is not None and first != t and self.tribe_pos(first) == goal:
            return True
        for o in TRIBES:
            q = self.tribe_pos(o)
            if o == t or o in self.activated or q is None:
                continue
            c = self.cost_from(q, goal)
            if c[0] < FAR and self.strength.get(o, 0) - self.loss(0, c[0]) >= SMASH:
                return True
        return False


class EasyGoblins(ScoredBot):
    """Score every option of a Goblins' decision by the plan above."""

    role = "goblins"

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self.memory = Memory()
        self.ctx: Picture | None = None

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "attack": 100.0,        # striking the goal (Knight, Dragon, Crystal)
            "thief": 40.0,          # killing the Thief on the Tribe's tile
            "approach": 8.0,        # a loss-free step closer to the goal
            "plunder": 12.0,        # Rage from a Treasure token
            "special": 5.0,         # the Tribe's special action
            "reveal_min_margin": 0.0,   # reveal a Tribe only this much over the goal's Strength
            "flare": 30.0,          # Crystals plan: light Dark tiles to find Crystals
            "flares_per_turn": 1.0,
            "flares_vs_cave": 2.0,  # ... against the Cave, who keeps Crystals out of reach: look harder
            "flare_below": 1.0,     # flare only with fewer Crystal tokens in reach than this
            "collapse_flares": 3.0, # Flares a turn in the Collapse
            "collapse_exposes": 10.0,  # a removal that leaves a Lit Crystal tile next in line
            "keep_rage": 0.0,       # Rage kept back when blocking discs
            "crystal_reveal_strength": 1.0,   # Crystals plan: reveal a Tribe this strong
            "scatter_cost": 8.0,
            "block_hidden": 1.0,    # > 0: spend Rage against a scatter even with every Tribe hidden    # War card: an overpopulation scatter no Rage can stop
            "cave_in": 0.4,         # > 0: play Cave-In on Lit tiles before the Collapse
            "orient_open_empty": 1.0,  # an open side onto an empty space draws a tile (COL-01 sooner)
            "orient_joined": 0.5,   # an open side onto a tile already there: a way through
            "place_nook": 1.0,      # RV-03: a placed Dark tile with tiles round it opens onto fewer empty spaces
            "suspect": 0.0,         # > 0: Crystals plan: Flare where the Cave's own placements make Crystal tiles likely
            "suspect_flare": 40.0,  # ... a Flare that may reveal a suspect
            "prospect": 0.0,        # > 0 with suspect, no Crystal in reach: a loss-free step toward the best Flare spot
            "flare_first": 0.0,     # > 0 with suspect: activate first the Tribes whose Flare most likely finds a Crystal
            "draw_cost": 0.0,       # with suspect: a Flare spot's worth falls this much per tile its reveals draw
            "draw_limit": 0.0,      # with suspect: no Flare finding fewer Crystal tiles than this per tile drawn
        }

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The weight sets worth searching over with ``roles`` in play (the Hard player):
        the defaults, more Flares, Rage kept back, no Cave-In, and with the Thief in play
        a bolder Thief hunt.

        Hunting Crystals against the Cave (``_prospects_against_cave``), every strategy is a
        *prospector*'s: it Flares where the Cave's own placements make Crystal tiles likely
        (``cave_placements``), walks there loss-free when no Crystal is in reach, reveals its
        Tribes there, activates first the Tribes whose Flare most likely finds a Crystal, keeps
        a Rage back when blocking discs, and weighs each Flare against the tiles it would draw
        from the stack (``draw_cost``, ``draw_limit``: the Collapse comes when the stack runs
        out, COL-01, and the Goblins' reveals drew about half of all tiles placed); the
        strategies differ in that Rage, Flares with one Crystal in reach, and how keenly the
        likeliest Flare goes first.  A strategy without it, chosen by the search for a turn,
        wastes the turn: Hard vs Easy Cave, seeds 1-60, with the defaults among the
        strategies 2 wins.  Easy-only against the Easy Cave (win rate, Crystals smashed a
        game), seeds 1-600: the defaults 2.0% (2.07), the
        prospector with no Rage kept 6.5% (3.21), keeping one 7.8% (3.35); seeds 1-1200, with
        the likeliest Flare first 9.8% (3.44), and so with no Rage kept, 9.5% (3.43) with
        Flares at one Crystal in reach; ``suspect_flare`` 25 (8.3%, 3.32) is left out.
        Weighing the tiles drawn, seeds 1-1200: 16.5% (3.68), the Collapse a round later
        (games 12.1 rounds long, not 11.2); seeds 1-600, the other strategies 17.0-17.7%."""
        d = cls.default_params()
        if _prospects_against_cave(roles):
            prospector = {**d, "suspect": 10.0, "prospect": 40.0, "flares_vs_cave": 4.0, "keep_rage": 1.0,
                          "flare_first": 1.0, "draw_cost": 1.0, "draw_limit": 1.6}
            out = [prospector, {**prospector, "keep_rage": 0.0}, {**prospector, "flare_below": 2.0},
                   {**prospector, "flare_first": 3.0}]
        else:
            out = [d, {**d, "flares_per_turn": 2.0, "flare_below": 2.0}, {**d, "keep_rage": 1.0},
                   {**d, "cave_in": -1.0}]
        if "thief" in roles:
            out.append({**out[0], "thief": 70.0, "approach": 4.0})
        return out

    @classmethod
    def search_top(cls, roles: Collection[str]) -> int:
        """Options each decision of the Hard Goblins' turn plays on (hard.search_top): one when
        hunting Crystals against the Cave, else three.  There the rollouts, judged decision by
        decision, steer the Tribes off the prospector's plan: Hard vs Easy Cave with
        prospectors only, three options 0 wins in 50 games (seeds 1-50), one 10 in 100.  The
        same in their race against the Ghoul alone (5 Crystals and escape against its Fury):
        Hard vs Easy Ghoul, three options 52 wins in 100 (below Easy's 64.6%), one 65."""
        return 1 if _prospects_against_cave(roles) or set(roles) == {"goblins", "ghoul"} else 3

    # --------------------------------------------------------------- entry
    def __call__(self, view: PlayerView, decision: Decision) -> str:
        if self.memory.round != view.round or view.active != "goblins":
            if view.active == "goblins" and self.memory.round != view.round:
                self.memory = Memory(round=view.round)
        self.ctx = Picture(view, self.memory, self.params["suspect"], self.params["draw_cost"])
        choice = super().__call__(view, decision)
        self.remember(decision, choice)
        return choice

    def remember(self, decision: Decision, choice: str) -> None:
        """Note Lit tiles left and first Crystal attacks of our own Tribes (GB-61, GB-76)."""
        ctx = self.ctx
        assert ctx is not None
        v, a = parse(choice)
        t = tribe_of_prompt(decision.prompt)
        if decision.kind == DecisionKind.TRIBE_ACTIVATION and t is not None:
            p = ctx.tribe_pos(t)
            if v in ("move", "worm", "leave") and p is not None and ctx.pic.lit(p):
                self.memory.lit_exits[t] = self.memory.lit_exits.get(t, 0) + 1
            if v in ("move", "worm", "leave", "tunnel") and p is not None:
                self.memory.visited.setdefault(t, set()).add(p)
            if choice == "attack:crystal" and p is not None:
                self.memory.crystal_first.setdefault(p, t)
            if v == "secret":
                self.memory.secret_for = t
            if v == "flare":
                self.memory.flares += 1

    def picture(self, view: PlayerView, decision: Decision) -> Picture:
        assert self.ctx is not None
        return self.ctx

    def score(self, view: PlayerView, decision: Decision, option: Option) -> float:
        """GB-52: a Secrets card offered beside any question is scored as that Secret, whatever
        the kind; the question's own answers by the table (``SCORERS``)."""
        if verb(option) == "secret":
            card = base(arg(option))
            value = self.secret_score(self.picture(view, decision), decision, card)
            if self.explain:
                self.note(option.id, _SECRET_WORDS.get(card, "This Secret turns the game now.") if value > 0
                          else "This Secret is worth keeping for a better moment.")
            return value
        return super().score(view, decision, option)

    # ------------------------------------------------------------ defaults
    def fallback(self, ctx: Picture, decision: Decision, option: Option) -> float:
        """Kinds with no plan of their own (orienting, filling edges, forced moves...):
        prefer an option nearer the goal, else any (ties drawn)."""
        p = option_space(option)
        if p is not None and ctx.goals:
            c = ctx.goal_cost.get(p)
            return -float(c[1]) if c else -FAR
        return 0.0

    # ---------------------------------------------------------- the turn
    def kind_war_card(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-24..31: the card that adds the most Population without overpopulating,
        then Monsters, Secrets and Rage."""
        if verb(o) == "ruby":
            return -1.0
        try:
            c = ctx.view.rules.card(arg(o))
        except (KeyError, ValueError):
            return 0.0
        gain = over = 0
        for t in TRIBES:
            n = int(getattr(c, t, 0))
            now = ctx.pop.get(t, 0)
            gain += min(CAP, now + n) - now
            if now + n > CAP and "pet_frog" not in [base(m) for m in ctx.monsters.get(t, [])]:
                over += 1
        room = max(0, ctx.pop.get("bones", 0) - sum(len(m) for m in ctx.monsters.values()))
        monsters, secrets, rage = (int(getattr(c, k, 0)) for k in ("monsters", "secrets", "rage"))
        s = 2.0 * gain + 1.5 * min(monsters, room + 1) + 1.0 * secrets + 2.5 * rage
        afford = max(0, int(ctx.rage + rage - self.params["keep_rage"]))
        s -= 2.0 * min(over, afford) + self.params["scatter_cost"] * max(0, over - afford)
        return s

    def overflow(self, ctx: Picture, d: Decision) -> list[str]:
        """Tribes the current War card would push over 4 (GB-32), read off the prompt."""
        out = []
        for part in d.prompt.split(":", 1)[-1].split(","):
            words = part.replace("(", " ").replace(")", " ").split()
            t = words[0].lower() if words else ""
            if t in TRIBES and len(words) >= 3:
                add = int(words[1].lstrip("+"))
                if ctx.pop.get(t, 0) + add > CAP and "pet_frog" not in [base(m) for m in ctx.monsters.get(t, [])]:
                    out.append(t)
        return out

    def kind_populate(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-27..35: spend Rage to stop a Tribe's discs only to avoid a scatter we can afford
        (every overflowing Tribe not yet stopped needs its own Rage)."""
        open_ = {arg(x) for x in d.options if verb(x) == "block"}
        over = [t for t in self.overflow(ctx, d) if t in open_]
        if verb(o) == "populate":
            return 0.0
        t = arg(o)
        if not self.any_revealed(ctx) and self.params["block_hidden"] <= 0:
            return -10.0                          # GB-35: a hidden Tribe scatters: cheaper than Rage
        if t in over and ctx.rage - self.params["keep_rage"] >= len(over):
            return 1.0
        return -10.0

    @staticmethod
    def any_revealed(ctx: Picture) -> bool:
        """Is a Tribe on the map (then overpopulation scatters one of them, GB-35)?"""
        return any(ctx.tribe_pos(t) is not None for t in TRIBES)

    def kind_overpopulation(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-35/36: scatter the Tribe that loses least (few discs, no Monster, far off);
        Underboss's single disc costs less than any scatter."""
        t = arg(o)
        if verb(o) == "underboss":
            return -1.0
        lost = min(2, ctx.pop.get(t, 0))
        s = -3.0 * lost - 2.0 * len(ctx.monsters.get(t, []))
        p = ctx.tribe_pos(t)
        if p is not None and ctx.can_strike(t, p):
            s -= 10.0
        return s

    def monster_value(self, ctx: Picture, m: str, t: str) -> float:
        """GB-43..49: what a Monster is worth to Tribe ``t`` for the plan."""
        m = base(m)
        v = {"ogre": 4.0, "troll": 4.0, "flame_giant": 4.0, "gnome": 2.5, "pet_frog": 1.5, "golem": 1.0,
             "underworm": 1.0, "bright_beetles": 1.0, "wisp": 1.0, "blob": 2.0 if ctx.plan == "knight" else 0.5,
             "ground_kraken": 1.5}   # promo: one quake when its Tribe attacks, then gone
        s = v.get(m, 1.0)
        if m in STRENGTH_MONSTERS:
            s += 0.3 * ctx.pop.get(t, 0) + (0.5 if t == "fangs" else 0.0)
        if m == "pet_frog":
            s += 0.5 * ctx.pop.get(t, 0)
        return s

    def kind_assign_monster(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-38..42: give a strength Monster to a big Tribe, replace only for better."""
        drawn = str(ctx.me.drawn_monster or "")
        v, a = verb(o), arg(o)
        if v == "assign":
            return self.monster_value(ctx, drawn, a)
        if v == "replace":
            t, _, old = a.partition(":")
            return self.monster_value(ctx, drawn, t) - self.monster_value(ctx, old, t) - 0.5
        if v == "ruby":
            return 0.5 if self.monster_value(ctx, drawn, "fangs") < 1.5 else -1.0
        return 0.0

    def secret_value(self, ctx: Picture, card: str) -> float:
        """How much a Secrets card in hand is worth keeping (hand limit, GB-51); a Scheme, what
        it would bring once bought (``goblin_schemes.scheme_worth``) and a little more: it is
        the only use of a plundered Treasure (VAR-28)."""
        if ctx.view.rules.card(card).handler == "scheme":
            return 1.0 + scheme_worth(ctx.view, ctx.me, card)
        return {"hiding_spots": 6.0, "fire_bomber": 5.0, "leader": 4.0, "blind_fury": 4.0, "trap": 3.0,
                "hex": 3.0, "secret_tunnels": 3.0, "poison": 2.0, "goblin_ruby": 1.5,
                "cave_in": 0.5, "slingshot": 3.0, "cave_mushrooms": 2.0, "meat": 1.5}.get(base(card), 1.0)

    # ------------------------------------------------------------ Schemes (VAR-25..31)
    def scheme_in_hand(self, ctx: Picture) -> bool:
        """Whether a Scheme waits in our hand that a plundered Treasure would buy
        (``goblin_schemes.treasure_pull``)."""
        return ctx.treasure_pull > 0

    def kind_scheme_buy(self, ctx: Picture, d: Decision, o: Option) -> float:
        """VAR-27..29: buy the Scheme worth most for what it costs (its effect now, less the
        Schemes discarded to pay, ``goblin_schemes.buy_worth``); else store the Treasure for a
        dearer one later; letting it go wastes it."""
        if verb(o) == "buy":
            worth = buy_worth(ctx.view, ctx.me, arg(o))
            self.note(o.id, "This Scheme works for the rest of the game: buy the one worth most now.")
            return 10.0 + (worth if worth is not None else -10.0)
        if verb(o) == "store":
            self.note(o.id, "Stored Treasure pays toward a dearer Scheme later.")
            return 5.0
        self.note(o.id, "A Treasure let go buys nothing.")
        return 0.0

    def kind_scheme_pay(self, ctx: Picture, d: Decision, o: Option) -> float:
        """VAR-31: pay with the Scheme worth least to us."""
        return -scheme_worth(ctx.view, ctx.me, arg(o))

    def kind_press_gangs(self, ctx: Picture, d: Decision, o: Option) -> float:
        """Press Gangs: even out the Tribes — a disc from the largest to the smallest."""
        if verb(o) != "press":
            return 0.0
        a, _, b = arg(o).partition(":")
        return 1.0 if ctx.pop.get(a, 0) - ctx.pop.get(b, 0) >= 2 else -1.0

    def kind_ancient_rituals(self, ctx: Picture, d: Decision, o: Option) -> float:
        """Ancient Rituals: a disc from a big Tribe is worth a Secrets card."""
        if verb(o) != "ritual":
            return 0.0
        return 1.0 if ctx.pop.get(arg(o), 0) >= 3 else -1.0

    def kind_mercenaries(self, ctx: Picture, d: Decision, o: Option) -> float:
        """Mercenaries: a Monster for 1 Rage while Rage stays above the reserve we keep."""
        if verb(o) != "hire":
            return 0.0
        return 1.0 if ctx.rage - 1 >= max(1.0, self.params["keep_rage"]) else -1.0

    def kind_discard_secret(self, ctx: Picture, d: Decision, o: Option) -> float:
        return -self.secret_value(ctx, arg(o))

    def kind_ruby_secret(self, ctx: Picture, d: Decision, o: Option) -> float:
        if verb(o) == "ruby":
            return 2.0 - self.secret_value(ctx, arg(o))
        return 0.0

    # ------------------------------------------------------------ activation
    def kind_goblins_turn(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-59: activate Tribes that can strike first (the strongest first, so the Rage
        their attacks cost weakens the later ones least), then the rest; Hiding Spots
        whenever it is offered (GB-54).  With ``flare_first``, hunting Crystals, the rest go
        by how likely their Flare is to find a Crystal tile, so that a Crystal the first
        lights can still be smashed by two Tribes this turn (GB-76)."""
        if verb(o) == "end":
            self.note(o.id, "Every Tribe that can still act does some good: end only when none is left.")
            return 0.0
        if verb(o) == "slingshot":               # promo: free, harmless, weakens the target all turn
            self.note(o.id, "The Slingshot costs nothing and makes every attack this turn easier: throw it first.")
            return 60.0
        t = arg(o)
        p = ctx.tribe_pos(t)
        name = _tribe_words(t)
        if p is None:
            self.note(o.id, f"The {name} are still hidden: activating them may bring them onto the map.")
            return 3.0 + 0.1 * ctx.strength.get(t, 0)
        if ctx.can_strike(t, p):
            self.note(o.id, f"The {name} can reach their target and strike this turn; the strongest go first, "
                            "so the Rage their attacks cost weakens the others least.")
            return 50.0 + ctx.strength.get(t, 0)
        if self.params["flare_first"] > 0 and ctx.prospecting:
            self.note(o.id, f"The {name}' Flare is the likeliest to find a Crystal, so they go first.")
            return 10.0 + 0.1 * ctx.strength.get(t, 0) + self.params["flare_first"] * ctx.hidden_crystals(p)
        self.note(o.id, f"No Tribe can strike yet; the {name} are the strongest of the rest, so they move first.")
        return 10.0 + 0.1 * ctx.strength.get(t, 0)

    def kind_reveal_tribe(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-82..86: reveal a Tribe strong enough to matter, on the Dark tile nearest the goal;
        with ``suspect``, hunting Crystals, where a Flare most likely finds one if no Crystal
        token is in reach from any of its tiles (``hidden_crystals``)."""
        t = tribe_of_prompt(d.prompt) or "fangs"
        if verb(o) == "done":
            return 0.0
        strong = ctx.strength.get(t, 0) > ctx.need + self.params["reveal_min_margin"]
        if ctx.plan == "crystals":
            strong = ctx.strength.get(t, 0) >= self.params["crystal_reveal_strength"]
        if verb(o) == "lurk":
            return -1.0
        p = option_space(o)
        if p is None:
            return -1.0
        c = ctx.goal_cost.get(p, (FAR, FAR))
        near = -0.5 * min(c[0], 20) - 0.05 * min(c[1], 40)
        if ctx.prospecting:
            # a Crystal in reach first; else where a Flare most likely finds one
            near = 5.0 - 0.5 * c[0] - 0.05 * c[1] if c[0] < FAR else min(3.0, 0.02 * ctx.hidden_crystals(p)) - 3.0
        elif ctx.plan == "crystals" and not ctx.goals:
            near = -0.1 * self.darkness(ctx, p)
        return max((5.0 if strong else -3.0) + near, self.reveal_for_treasure(ctx, p))

    def reveal_for_treasure(self, ctx: Picture, p: Pos) -> float:
        """VAR-28: with a Scheme in hand, a Tribe revealed a few loss-free steps from a
        Treasure token can plunder it next turn and buy the Scheme (``treasure_pull``)."""
        if ctx.treasure_pull <= 0 or not ctx.treasure_tokens:
            return -FAR
        lit, steps = min(ctx.cost_from(p, x) for x in ctx.treasure_tokens)
        return 1.0 + ctx.treasure_pull - 0.5 * steps if lit == 0 and steps <= 3 else -FAR

    def flare_limit(self, ctx: Picture) -> float:
        """Flares a turn: more in the Collapse, where reveals no longer fill open edges from the
        stack (COL-03) and the Collapse takes revealed Crystal tiles first (COL-08); before it,
        more against the Cave, which places Crystals far from the Tribes, than against the
        others (each reveal draws tiles and brings the Collapse nearer, COL-01)."""
        if ctx.view.collapse:
            return self.params["collapse_flares"]
        return self.params["flares_vs_cave" if "cave" in ctx.view.roles else "flares_per_turn"]

    def darkness(self, ctx: Picture, p: Pos) -> float:
        """Crystals plan with none in sight: fewer Dark tiles nearby is worse for a Flare."""
        return 9.0 - len(ctx.dark_in_reach(p))

    def kind_lurker(self, ctx: Picture, d: Decision, o: Option) -> float:
        if verb(o) == "step":
            return 1.0 + self.fallback(ctx, d, o) * 0.01
        return 0.0 if verb(o) == "done" else -0.5

    def kind_tribe_activation(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-59..94: one step or one action of the Tribe being activated."""
        t = tribe_of_prompt(d.prompt) or "fangs"
        p = ctx.tribe_pos(t)
        v, a = verb(o), arg(o)
        if p is None:
            return 0.0
        if v == "done":
            self.note(o.id, "Nothing this Tribe could still do here is worth its cost.")
            return 0.0
        if v in ("move", "worm", "tunnel", "leave"):
            return self.move_score(ctx, t, p, o)
        if v == "attack":
            score = self.attack_score(ctx, t, p, a)
            if self.explain:
                self.note(o.id, self.attack_words(a, score))
            return score
        if v == "flare":
            score = self.flare_score(ctx, t, p)
            self.note(o.id, "Too few Crystals are within reach: a Flare lights the Dark tiles around, "
                            "and may show one." if score > 0 else
                            "Another Flare now would bring the Collapse nearer more than it may find.")
            return score
        if v == "plunder":
            if self.scheme_in_hand(ctx):                      # VAR-28: the Treasure buys a Scheme
                self.note(o.id, "Plundering here pays toward a Scheme in your hand.")
                return self.params["plunder"]
            if a == "treasure":
                self.note(o.id, "Plundering the Treasure here is worth it while your Rage is low.")
                return self.params["plunder"] if ctx.rage < 3 else 1.0
            self.note(o.id, "Plundering here is worth little while your Rage is high.")
            return 2.0 if ctx.rage < 2 else -1.0
        if v == "special":
            self.note(o.id, f"The {_tribe_words(t)}' special ability helps now: "
                            + {"fangs": "more Rage.", "bones": "a Monster, with room for it."}.get(t, "a Secrets card."))
            return self.special_score(ctx, t)
        if v == "hide":
            self.note(o.id, "Hiding keeps this strong Tribe safe while the Knight is still far away.")
            return 2.0 if ctx.plan == "knight" and ctx.strength.get(t, 0) > ctx.need and \
                ctx.goal_cost.get(p, (FAR, FAR))[0] >= 4 else -2.0
        if v == "explore":
            self.note(o.id, "Exploring would draw a tile without bringing this Tribe nearer its target.")
            return -3.0
        if v == "wisp":
            q = option_space(o)
            self.note(o.id, "The Wisp carries this Tribe where it can strike this turn.")
            return 20.0 if q is not None and ctx.can_strike(t, p, q) else -1.0
        return -1.0

    @staticmethod
    def attack_words(a: str, score: float) -> str:
        """Why an attack scores as it does (see :meth:`attack_score`), for the Suggest button."""
        if a == "thief":
            return "Attacking the Thief here can take what he carries."
        if a == "dragon":
            return ("This Tribe is strong enough to hurt the Dragon." if score > 20.0 else
                    "This Tribe only ties the Dragon's strength: the attack is a gamble." if score > 0 else
                    "This Tribe is too weak to hurt the Dragon.")
        if a == "crystal":
            return ("Another strong Tribe can follow up, so the Crystal here can be taken this turn." if score > 10.0
                    else "A first attack on the Crystal costs only this action, and another Tribe may still come."
                    if score > 0 else "No other Tribe can follow up on this Crystal this turn.")
        return "The engine offers this attack; it is worth little here."

    def flare_score(self, ctx: Picture, t: str, p: Pos) -> float:
        """Crystals plan (RV-05): light the Dark tiles round the Tribe when too few Crystal
        tokens are in reach — but not again and again (each reveal fills open edges from
        the stack and brings the Collapse nearer, COL-01).  With ``suspect``: whenever a
        suspect (``Picture.suspects``) is within its reach, Crystals in reach or not — unless
        the Crystal tiles it may find are fewer than ``draw_limit`` for each tile it would draw
        (``Picture.tiles_drawn``)."""
        if ctx.plan != "crystals" or self.memory.flares >= self.flare_limit(ctx):
            return -1.0
        if ctx.prospecting and ctx.hidden_crystals(p) < self.params["draw_limit"] * ctx.tiles_drawn(p):
            return -1.0         # it would bring the Collapse nearer more than it may find
        if ctx.prospecting and ctx.suspect_near(p):
            return self.params["suspect_flare"]
        reach = sum(1 for c in ctx.crystal_tiles if ctx.cost_from(p, c)[0] < FAR)
        if reach >= self.params["flare_below"]:
            return -1.0
        dark = 9.0 - self.darkness(ctx, p)
        return self.params["flare"] + dark if dark >= 2 else -1.0

    def attack_score(self, ctx: Picture, t: str, p: Pos, a: str) -> float:
        if a == "thief":
            return self.params["thief"]
        if a == "dragon":
            s = ctx.strength.get(t, 0)
            return self.params["attack"] if s > ctx.need else (20.0 if s == ctx.need else -5.0)
        if a == "crystal":
            if ctx.partner_for(t, p):
                return self.params["attack"]
            # a first attack costs nothing but this action (GB-76): worth it while another strong
            # Tribe may still come by a way the map does not show (Underworm, Wisp, Secret Tunnels)
            return 10.0 if ctx.spare_partner(t) else -2.0
        return 0.0

    def special_score(self, ctx: Picture, t: str) -> float:
        """GB-89: Fangs +1 Rage, Bones a Monster if there is room, Eye a Secrets card."""
        sp = self.params["special"]
        if t == "fangs":
            return sp + 2.0 if ctx.rage < 3 else 0.5
        if t == "bones":
            room = ctx.pop.get("bones", 0) - sum(len(m) for m in ctx.monsters.values())
            return sp if room > 0 else 0.5
        return sp - 1.0 if len(ctx.hand) + len(ctx.face_up) < 5 else 0.5

    def move_score(self, ctx: Picture, t: str, p: Pos, o: Option) -> float:
        """A step: entering the goal is the attack; otherwise a step on a path that still
        arrives strong enough; otherwise a loss-free step closer (or towards Treasure); with
        ``prospect``, hunting Crystals with none in reach, toward the best Flare spot."""
        q = option_space(o)
        if q is None:
            return -1.0
        if any(tg.kind == "piece" and tg.ref == "knight" for tg in o.targets):
            self.note(o.id, "Stepping onto the Knight attacks her.")
            return self.params["attack"] + 10.0
        if any(tg.kind == "piece" and tg.ref == "dragon" for tg in o.targets):
            strong = ctx.strength.get(t, 0) > ctx.need
            self.note(o.id, "Stepping onto the Dragon attacks him, and this Tribe is strong enough to hurt him."
                      if strong else "This Tribe is too weak to attack the Dragon.")
            return self.params["attack"] + 5.0 if strong else -5.0
        thief = ctx.view.pieces.get("thief")
        step_cost = 0 if verb(o) == "tunnel" else ctx.lit_cost(p)
        lose_now = Picture.loss(ctx.exits(t), step_cost)
        if lose_now >= ctx.pop.get(t, 0):
            self.note(o.id, "This step would cost the Tribe all its Goblins.")
            return -20.0
        goals = ctx.goals
        strike = [c for c in goals if ctx.partner_for(t, c)] if ctx.plan == "crystals" else goals
        best = -1.0
        why = "No step brings this Tribe nearer anything worth reaching."
        if q in self.memory.visited.get(t, ()):     # never walk in circles (walls of Dark tiles are unknown)
            self.note(o.id, "This Tribe has already been there this turn: no walking in circles.")
            return -30.0
        if strike:
            there = min((ctx.cost_from(q, gl) for gl in strike), default=(FAR, FAR))
            here = min((ctx.cost_from(p, gl) for gl in strike), default=(FAR, FAR))
            if there[0] < FAR and there < here:
                total = Picture.loss(ctx.exits(t), step_cost + there[0])
                if ctx.strength.get(t, 0) - total > ctx.need and ctx.pop.get(t, 0) - total > 0:
                    self.note(o.id, "This step keeps the Tribe on a path that still arrives strong enough to strike.")
                    return 60.0 - there[0] - 0.1 * there[1]
        if goals and lose_now == 0:
            here = min((ctx.cost_from(p, gl) for gl in goals), default=(FAR, FAR))
            there = min((ctx.cost_from(q, gl) for gl in goals), default=(FAR, FAR))
            if there < here and there[0] < FAR:
                best = max(best, self.params["approach"] - 0.1 * there[1])
                why = "This step brings the Tribe nearer its target without losing a Goblin."
        if ctx.prospecting and lose_now == 0 and self.params["prospect"] > 0 and \
                ctx.goal_cost.get(p, (FAR, FAR))[0] >= FAR:
            here, there = ctx.prospect_cost.get(p, (FAR, FAR)), ctx.prospect_cost.get(q, (FAR, FAR))
            if there < here:
                if self.params["prospect"] - 0.1 * there[1] > best:
                    why = "No Crystal is within reach: this step heads for the best spot to light Dark tiles."
                best = max(best, self.params["prospect"] - 0.1 * there[1])
        if thief is not None and self.thief_target(ctx, t):
            c = ctx.cost_from(q, thief)
            if c[0] < FAR and Picture.loss(ctx.exits(t), step_cost + c[0]) == 0 and c < ctx.cost_from(p, thief):
                if 30.0 - c[1] > best:
                    why = "This step closes in on the Thief without losing a Goblin."
                best = max(best, 30.0 - c[1])
        pull = ctx.treasure_pull                           # VAR-28: plundered Treasure buys a Scheme
        tre = ctx.treasure_tokens
        if tre and pull > 0:
            here_t = min(ctx.cost_from(p, x) for x in tre)
            there_t = min(ctx.cost_from(q, x) for x in tre)
            lost = Picture.loss(ctx.exits(t), step_cost + there_t[0])
            if there_t < here_t and there_t[1] <= TREASURE_REACH and ctx.pop.get(t, 0) - lost >= 1:
                worth = self.params["approach"] + 1.0 + pull - 0.5 * there_t[1] - 2.0 * lost
                if worth > best:
                    why = "This step heads for a Treasure to pay for a Scheme in your hand."
                best = max(best, worth)
        elif tre and ctx.rage < 3 and lose_now == 0:
            here_t = min(ctx.cost_from(p, x) for x in tre)
            there_t = min(ctx.cost_from(q, x) for x in tre)
            if there_t[0] == 0 and there_t < here_t and there_t[1] <= 6:
                if 6.0 - 0.2 * there_t[1] > best:
                    why = "This step heads for a Treasure to plunder while your Rage is low."
                best = max(best, 6.0 - 0.2 * there_t[1])
        self.note(o.id, why)
        return best

    def thief_target(self, ctx: Picture, t: str) -> bool:
        """GB-74: his Stealth below the Tribe's Perception."""
        th = ctx.view.boards.thief
        if th is None or th.dead:
            return False
        return int(ctx.me.perception.get(t, 0)) > th.stealth_now

    # ------------------------------------------------------------- Secrets
    def secret_score(self, ctx: Picture, d: Decision, card: str) -> float:
        """GB-52..58: play a Secret at the moment it turns the game."""
        t = tribe_of_prompt(d.prompt) if d.kind == DecisionKind.TRIBE_ACTIVATION else None
        p = ctx.tribe_pos(t) if t else None
        if card == "hiding_spots":
            return 200.0
        if card == "slingshot":                   # promo: face up, then thrown from the menu
            return 0.5
        if card == "meat":                        # promo: a bait every Tribe may be revealed on
            return 0.4 if d.kind == DecisionKind.GOBLINS_TURN else -1.0
        if card == "cave_mushrooms":              # promo: one strong Tribe acts three times
            strong = [x for x in TRIBES if ctx.strength.get(x, 0) > ctx.need]
            return 0.6 if d.kind == DecisionKind.GOBLINS_TURN and len(strong) == 1 else -1.0
        if card in ("trap", "goblin_ruby"):
            if card == "goblin_ruby" and "thief" in ctx.view.roles:
                return -1.0
            return 0.5
        if card == "leader":                      # GB-36: only worth it against a scatter
            return 100.0 if d.kind == DecisionKind.OVERPOPULATION else -1.0
        if card == "cave_in":
            ok = not ctx.view.collapse and ctx.pop.get("eye", 0) >= 2 and len(self.cave_in_spots(ctx)) >= 2
            return self.params[DecisionKind.CAVE_IN] if ok and d.kind in (DecisionKind.GOBLINS_TURN, DecisionKind.DISCARD_SECRET) else -1.0
        if t is None or p is None:
            if card == "hex" and d.kind == DecisionKind.GOBLINS_TURN and ctx.pop.get("eye", 0) >= 2:
                return 0.3 if ctx.plan != "crystals" or "thief" in ctx.view.roles else -1.0
            return -1.0
        strikes = ctx.can_strike(t, p)
        if card == "fire_bomber":
            return 150.0 if not strikes and ctx.can_strike(t, p, bonus=2) else -1.0
        if card == "blind_fury":
            c = ctx.goal_cost.get(p, (FAR, FAR))
            if c[0] < FAR and not strikes and ctx.strength.get(t, 0) > ctx.need:
                return 150.0
            return -1.0
        if card == "poison":
            return 120.0 if ctx.plan == "knight" and strikes else -1.0
        if card == "secret_tunnels":
            return -1.0 if strikes or not ctx.goals or ctx.strength.get(t, 0) <= ctx.need else 45.0
        return -1.0

    def kind_choose_tribe(self, ctx: Picture, d: Decision, o: Option) -> float:
        """Fire Bomber / Blind Fury: the Tribe they were played for; Hiding Spots: the strongest."""
        t = arg(o)
        if t == self.memory.secret_for and "hiding" not in d.prompt.lower():
            return 10.0
        return 0.1 * ctx.strength.get(t, 0) - (0.2 * ctx.pop.get(t, 0) if "hiding" in d.prompt.lower() else 0.0)

    def kind_meat_space(self, ctx: Picture, d: Decision, o: Option) -> float:
        """Meat! (promo): near the other players, where a Tribe revealed on it can strike."""
        q = option_space(o)
        others = [p for k, p in ctx.view.pieces.items() if not k.startswith("tribe:")]
        if q is None or not others:
            return 0.0
        return -float(min(abs(q[0] - p[0]) + abs(q[1] - p[1]) for p in others))

    def kind_hex_target(self, ctx: Picture, d: Decision, o: Option) -> float:
        return {"dragon": 4.0, "thief": 3.0, "cave": 2.0, "knight": 1.0}.get(arg(o), 0.0)

    def cave_in_spots(self, ctx: Picture) -> list[Pos]:
        """GB-53, COL-23: Lit tiles that are no Crystal tile and hold none of our Tribes or
        tokens: removed before the Collapse they go under the stack, which puts the
        Collapse (and the end of the game) further off."""
        ours = {p for k, p in ctx.view.pieces.items() if k.startswith("tribe:")}
        return [tv.pos for tv in ctx.view.tiles
                if tv.lit and tv.type not in ("crystal", None) and tv.pos not in ours
                and tv.pos != ctx.view.entrance and not any(tv.tokens.values())]

    def kind_cave_in(self, ctx: Picture, d: Decision, o: Option) -> float:
        if verb(o) == "stop":
            return 0.0
        p = option_space(o)
        return 1.0 if p is not None and p in self.cave_in_spots(ctx) and not ctx.view.collapse else -1.0

    # ------------------------------------------------------------ reactions
    def kind_ambush(self, ctx: Picture, d: Decision, o: Option) -> float:
        """KN-38, GB-92: always spring it, with the Tribe that loses least by scattering."""
        if verb(o) == "no_ambush":
            return 0.0
        t = arg(o)
        return 50.0 - ctx.pop.get(t, 0) * 0.5 - len(ctx.monsters.get(t, []))

    def kind_trap_dragon(self, ctx: Picture, d: Decision, o: Option) -> float:
        """GB-56: spend Trap when the power hits a Tribe worth saving."""
        if verb(o) != "trap":
            return 0.0
        hit = [t for t in TRIBES if t in d.prompt.lower()]
        return 1.0 if sum(ctx.pop.get(t, 0) for t in hit) >= 3 else -1.0

    def kind_scatter_monster(self, ctx: Picture, d: Decision, o: Option) -> float:
        return -self.monster_value(ctx, arg(o), "bones")

    def kind_spores_tribe(self, ctx: Picture, d: Decision, o: Option) -> float:
        return -float(ctx.pop.get(arg(o), 0))

    def kind_bright_beetles(self, ctx: Picture, d: Decision, o: Option) -> float:
        return 1.0 if verb(o) == "beetles" else 0.0

    def kind_thief_bonus(self, ctx: Picture, d: Decision, o: Option) -> float:
        if arg(o) == "rage":
            return 2.0 if ctx.rage < 2 else 0.0
        return 1.0

    def kind_gnome_leap(self, ctx: Picture, d: Decision, o: Option) -> float:
        if verb(o) == "stay":
            return 0.0
        return self.fallback(ctx, d, o) + 0.5

    # ------------------------------------------------------------- revealing
    def kind_orient_tile(self, ctx: Picture, d: Decision, o: Option) -> float:
        """MAP-17: turn a tile our Flare revealed so its open sides join the tiles already
        there (a way through for the Tribes) rather than open onto empty spaces — every such
        side is filled from the stack (MAP-20/21) and brings the Collapse a tile nearer (COL-01).
        In the Collapse no open side is filled (MAP-24), so only the ways through count."""
        p = option_space(o)
        tv = ctx.pic.tiles.get(p) if p is not None else None
        if p is None or tv is None or tv.tile_id is None:
            return 0.0
        walls = rotate_walls(ctx.view.rules.tile(tv.tile_id).walls, int(arg(o)))
        s = 0.0
        for d_, (dx, dy) in enumerate(DELTA):
            if walls[d_]:
                continue
            if (p[0] + dx, p[1] + dy) in ctx.pic.tiles:
                s += self.params["orient_joined"]
            elif not ctx.view.collapse:
                s -= self.params["orient_open_empty"]
        return s

    # ---------------------------------------------------- with no Cave player
    def kind_place_tile(self, ctx: Picture, d: Decision, o: Option) -> float:
        """RV-03: a Dark tile near the goal gives Tribes somewhere to Reveal (GB-82); one in
        a nook, with tiles on several sides, leaves fewer open edges to fill from the stack
        once it is revealed (MAP-20), which keeps the Collapse further off (COL-01)."""
        p = option_space(o)
        if p is None:
            return 0.0
        return self.fallback(ctx, d, o) + self.params["place_nook"] * ctx.pic.touching(p)

    def kind_collapse_tile(self, ctx: Picture, d: Decision, o: Option) -> float:
        """COL-10: never a Lit Crystal tile, nor one that leaves a Lit Crystal tile next in
        line (COL-08); Dark ones may hide Crystals, so Lit first."""
        p = option_space(o)
        tv = ctx.pic.tiles.get(p) if p is not None else None
        if p is None or tv is None:
            return 0.0
        if tv.lit and tv.type == "crystal":
            return -50.0
        exposes = self.params["collapse_exposes"] if ctx.pic.exposes_lit_crystal(p) else 0.0
        return (5.0 if tv.lit else 0.0) - exposes

    def kind_past_plunder(self, ctx: Picture, d: Decision, o: Option) -> float:
        """RV-12: a Treasure token where a Tribe can plunder it for Rage (GB-78)."""
        p = option_space(o)
        if p is None:
            return 0.0
        near = [ctx.cost_from(q, p)[1] for t in TRIBES if (q := ctx.tribe_pos(t)) is not None]
        return -float(min(near)) if near else 0.0

    SCORERS = {
        DecisionKind.WAR_CARD: kind_war_card,
        DecisionKind.POPULATE: kind_populate,
        DecisionKind.OVERPOPULATION: kind_overpopulation,
        DecisionKind.SCHEME_BUY: kind_scheme_buy,
        DecisionKind.SCHEME_PAY: kind_scheme_pay,
        DecisionKind.PRESS_GANGS: kind_press_gangs,
        DecisionKind.ANCIENT_RITUALS: kind_ancient_rituals,
        DecisionKind.MERCENARIES: kind_mercenaries,
        DecisionKind.ASSIGN_MONSTER: kind_assign_monster,
        DecisionKind.DISCARD_SECRET: kind_discard_secret,
        DecisionKind.RUBY_SECRET: kind_ruby_secret,
        DecisionKind.GOBLINS_TURN: kind_goblins_turn,
        DecisionKind.REVEAL_TRIBE: kind_reveal_tribe,
        DecisionKind.LURKER: kind_lurker,
        DecisionKind.TRIBE_ACTIVATION: kind_tribe_activation,
        DecisionKind.CHOOSE_TRIBE: kind_choose_tribe,
        DecisionKind.HEX_TARGET: kind_hex_target,
        DecisionKind.MEAT_SPACE: kind_meat_space,
        DecisionKind.CAVE_IN: kind_cave_in,
        DecisionKind.AMBUSH: kind_ambush,
        DecisionKind.TRAP_DRAGON: kind_trap_dragon,
        DecisionKind.SCATTER_MONSTER: kind_scatter_monster,
        DecisionKind.SPORES_TRIBE: kind_spores_tribe,
        DecisionKind.BRIGHT_BEETLES: kind_bright_beetles,
        DecisionKind.THIEF_BONUS: kind_thief_bonus,
        DecisionKind.GNOME_LEAP: kind_gnome_leap,
        DecisionKind.ORIENT_TILE: kind_orient_tile,
        DecisionKind.PLACE_TILE: kind_place_tile,
        DecisionKind.COLLAPSE_TILE: kind_collapse_tile,
        DecisionKind.PAST_PLUNDER: kind_past_plunder,
        **GHOUL_ANSWERS,
    }
