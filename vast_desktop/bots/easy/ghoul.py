"""The Easy Ghoul: hunt, hoard, escape (issue 29).

Its plan, read only off its :class:`PlayerView` and the pending :class:`Decision`:

* **Goals** (GH-01/13/16/22): pieces it can afford to attack (1 Fury each, and the Knight's
  or the Dragon's death where its variant makes that a win), Treasure tokens (2 = 1 Fury,
  GH-15) and Gems (a Treasure token, at the risk of the trap), Crystals only where its
  variant counts them (smashing one otherwise helps the Knight or the Goblins).  Once its
  goal is reached, the Entrance is the only goal: entering it wins.
* **Each option** is scored as what it gains now plus how good the position it leaves is
  (:meth:`GhoulPicture.outlook`): a goal it can still reach this turn with the movement and
  discs left is worth nearly its value, a farther one less the farther it is.
* **Dice** (GH-07): the die set aside is the one whose movement and attack give the best outlook.
* **Terror cards**: a first effect (Chase, Hunt, Sneak…) when it improves the outlook; a
  once-per-game effect only when it improves it by more than the card is worth kept.
* **Alone** (Alone in the Dark II, with the revised Flare on its own space): nobody else reveals
  the Dark tiles whose Treasure and Crystals make its goal, so its movement left is worth the
  Dark tiles its Flares can reveal (:meth:`HuntPicture.flare_potential`, shared with the Vile
  Ghoul), a Treasure or Crystal in reach comes first, and Crystals weigh more (its Fury comes
  from Treasure only).  Beside other roles it never flares: they reveal tiles as they go.

The weights are ``params`` (see :meth:`EasyGhoul.default_params`).  It keeps no memory
between decisions.
"""
from __future__ import annotations

import heapq
import re
from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from ...engine.board_views import GhoulBoard
from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos, parse_pos
from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ..base import ScoredBot
from ..features import MapPicture, arg, option_space, verb

PIECE = "ghoul"
_MOVEMENT = re.compile(r"\((\d+) movement\)")
# how much each Terror card helps the hunt (the one kept of those drawn, the last one discarded)
CARD_WEIGHTS = {"hunt": 6.0, "chase": 5.5, "seize": 4.5, "sneak": 3.5, "adapt": 3.0, "cheat": 3.0, "blink": 2.0,
                "scour": 1.0}


@dataclass(frozen=True)
class Goal:
    """A space worth reaching: its value, the movement to spend there and the discs it needs."""

    pos: Pos
    value: float
    movement: int = 0
    discs: int = 0
    charge: bool = False      # a piece: entering its space to attack costs no extra for it (GH-12)


def defence_of(view: PlayerView, piece: str) -> int | None:
    """The defence a Ghoul attack on ``piece`` pays for (GH-16), as the boards show it."""
    b = view.boards
    if piece == "knight" and b.knight is not None:
        return int(b.knight.strength)
    if piece == "dragon" and b.dragon is not None:
        return int(b.dragon.armor)
    if piece == "thief" and b.thief is not None:
        return int(b.thief.stealth_now)
    if piece.startswith("goblins:") and b.goblins is not None:
        return int(b.goblins.strength.get(piece.split(":", 1)[1], 0))
    return None


@dataclass
class HuntPicture(ABC):
    """A Ghoul's reading of one view, shared by the Ghoul and the Vile Ghoul: where it stands, the
    steps around the map and how good a space is for its goals (:attr:`goals`, each role's own)."""

    view: PlayerView
    decision: Decision
    params: dict[str, float]
    _dist: dict[Pos, dict[Pos, int]] = field(default_factory=dict)
    _finds: dict[Pos, float] = field(default_factory=dict)
    piece: ClassVar[str] = PIECE
    flare_note: ClassVar[str] = "The Flare reveals the Dark tiles around it: Treasure and Crystals to take."

    @cached_property
    def map(self) -> MapPicture:
        return MapPicture(self.view)

    @property
    def pos(self) -> Pos | None:
        return self.view.pieces.get(self.piece)

    @property
    @abstractmethod
    def movement(self) -> int:
        """Movement left this turn, as its board shows it."""

    @property
    @abstractmethod
    def attack(self) -> int:
        """Attack (the Ghoul's discs left, the Vile Ghoul's row) as its board shows it."""

    @property
    @abstractmethod
    def may_escape(self) -> bool:
        """Its goal reached, the Entrance wins."""

    @property
    @abstractmethod
    def counts_crystals(self) -> bool:
        """Whether smashed Crystals count toward its goal in this game."""

    @property
    @abstractmethod
    def goals(self) -> list[Goal]:
        """The spaces worth reaching, and what each is worth."""

    @cached_property
    def occupied(self) -> frozenset[Pos]:
        return frozenset(p for k, p in self.view.pieces.items() if k != self.piece)

    @cached_property
    def edges(self) -> dict[Pos, list[tuple[Pos, int]]]:
        """Each tile's neighbours and the movement to enter (GH-10/11/12): 1, +1 through a wall,
        +1 into a space with pieces; a Flame Wall or impassable Terrain is not entered."""
        m = self.map
        ok = {p for p, t in m.tiles.items()
              if not (t.terrain is not None and t.terrain.kind == "impassable") and not t.tokens.get("flamewall")}
        out: dict[Pos, list[tuple[Pos, int]]] = {}
        for p in ok:
            row = []
            for dx, dy in DELTA:
                q = (p[0] + dx, p[1] + dy)
                if q in ok:
                    row.append((q, 1 + m.walled(p, q) + (q in self.occupied)))
            out[p] = row
        return out

    def dist_from(self, start: Pos) -> dict[Pos, int]:
        """Movement from ``start`` to every tile (cached for this decision)."""
        if start not in self._dist:
            dist = {start: 0}
            todo = [(0, start)]
            edges = self.edges
            while todo:
                d, p = heapq.heappop(todo)
                if d > dist.get(p, 1 << 30):
                    continue
                for q, c in edges.get(p, ()):
                    if d + c < dist.get(q, 1 << 30):
                        dist[q] = d + c
                        heapq.heappush(todo, (d + c, q))
            self._dist[start] = dist
        return self._dist[start]

    # ------------------------------------------------------------------ the Flare on its own space
    @property
    def flares(self) -> bool:
        """Whether the Flare is its way to find what it hunts now (each Ghoul says when); when it
        is, its movement left counts as the Dark tiles its Flares can reveal (:meth:`flare_potential`)."""
        return False

    @property
    def prey_shown(self) -> bool:
        """What it hunts lies on the map: its movement goes there before any Flare."""
        return False

    @property
    def prey_in_reach(self) -> bool:
        """What it hunts lies within reach this turn: it goes there before any Flare."""
        return False

    @cached_property
    def dark(self) -> frozenset[Pos]:
        return frozenset(t.pos for t in self.view.tiles if not t.lit and t.terrain is None)

    @cached_property
    def dark_worth(self) -> dict[Pos, float]:
        """What each Dark tile a Flare reveals is worth, as a count of tiles: 1 each, since no
        player can tell a Dark Crystal tile from another (``benchmarks/vile_cave_ceiling.py``
        weighs them by what a player who knew more would know, to measure what that is worth)."""
        return dict.fromkeys(self.dark, 1.0)

    def flare_find(self, at: Pos) -> float:
        """The Dark tiles a Flare at ``at`` reveals (each by :attr:`dark_worth`), on average over
        the Dragon die's faces (DIE-04)."""
        if at not in self._finds:
            faces = self.view.rules.dragon_die
            worth = self.dark_worth
            self._finds[at] = sum(sum(worth.get((at[0] + dx, at[1] + dy), 0.0) for dx, dy in f)
                                  for f in faces) / len(faces)
        return self._finds[at]

    @cached_property
    def flare_cost(self) -> int:
        return max(1, int(self.view.rules.ghoul.flare.own_space_movement))

    def flare_potential(self, at: Pos | None, movement: int) -> float:
        """The movement left this turn as Flares (the revised Flare: its own space, 1 movement a
        use): the best space within reach, its Dark tiles revealed per Flare times the Flares the
        movement left after the way there pays for.  It makes a move that only wanders, or an end
        with movement left, worth less than a Flare; and a move toward a space where each Flare
        reveals more worth it."""
        if not self.flares or at is None or movement < self.flare_cost or self.prey_shown:
            return 0.0
        best = 0.0
        for q, d in self.dist_from(at).items():
            if d >= movement or (q != at and q in self.occupied):
                continue
            best = max(best, self.flare_find(q) * ((movement - d) // self.flare_cost))
        return self.params["flare_left"] * best

    def flare_spots(self) -> list[Goal]:
        """The spaces to go and flare from, worth the Dark tiles a Flare there reveals (while it flares)."""
        if not self.flares:
            return []
        return [Goal(t.pos, self.params["flare_spot"] * find) for t in self.view.tiles
                if t.pos not in self.occupied and (find := self.flare_find(t.pos)) >= 1.0]

    def later_attack(self, attack: int) -> int:
        """The attack it may count on for a goal out of reach this turn: the Ghoul's discs left
        (the Vile Ghoul's next rows, :class:`.vile_ghoul.VilePicture`)."""
        return attack

    def outlook(self, at: Pos | None, movement: int, attack: int, later: int | None = None) -> float:
        """How good standing at ``at`` is with ``movement`` and ``attack`` discs left: the best
        goal (:meth:`goal_outlook`), plus what the movement left can still reveal with the Flare
        while it flares (:meth:`flare_potential`)."""
        return self.goal_outlook(at, movement, attack, later) + self.flare_potential(at, movement)

    def goal_outlook(self, at: Pos | None, movement: int, attack: int, later: int | None = None) -> float:
        """The best goal from ``at``: nearly its value if reachable and affordable now, else less
        the farther it is (and less again without the attack it needs: ``later``, else
        :meth:`later_attack`)."""
        if at is None:
            return 0.0
        later_atk = self.later_attack(attack) if later is None else max(attack, later)
        dist = self.dist_from(at)
        p = self.params
        best = 0.0
        for goal in self.goals:
            d = dist.get(goal.pos)
            if d is None:
                continue
            if goal.charge and goal.pos != at and goal.pos in self.occupied:
                d -= 1                                            # the charge waives the occupied extra
            now = d + goal.movement <= movement and attack >= goal.discs
            if now:
                v = goal.value - p["step"] * d
            else:
                short = max(0, d + goal.movement - movement)
                v = goal.value * p["later"] / (1.0 + p["far"] * short)
                if later_atk < goal.discs and goal.discs:
                    v *= p["no_discs"]
            best = max(best, v)
        return best


@dataclass
class GhoulPicture(HuntPicture):
    """The Ghoul's reading of one view: its board, its goals and the steps to them."""

    @cached_property
    def me(self) -> GhoulBoard:
        me = self.view.boards.ghoul
        assert me is not None, "the Ghoul's player sees its board"
        return me

    @property
    def movement(self) -> int:
        return self.me.movement

    @property
    def attack(self) -> int:
        return self.me.attack

    @cached_property
    def may_escape(self) -> bool:
        """GH-01: its goal reached, the Entrance wins."""
        me = self.me
        return me.fury >= me.fury_goal or (me.crystals_goal is not None and me.smashed >= me.crystals_goal)

    @property
    def counts_crystals(self) -> bool:
        return self.me.crystals_goal is not None

    @cached_property
    def kills(self) -> tuple[str, ...]:
        """The pieces whose death wins for the Ghoul in this variant (two players with the Knight or the Dragon)."""
        roles = set(self.view.roles) - {PIECE}
        return tuple(roles & {"knight", "dragon"}) if len(roles) == 1 else ()

    def kill_bonus(self, piece: str) -> float:
        """An attack on a piece whose death wins: more the less Health it has left (GH-18/20)."""
        if piece not in self.kills:
            return 0.0
        board = self.view.boards.knight if piece == "knight" else self.view.boards.dragon
        health = max(1, int(getattr(board, "health", 3)))
        return self.params["kill"] / health

    @cached_property
    def goals(self) -> list[Goal]:
        if self.may_escape:
            return [Goal(self.view.entrance, self.params["escape"])]
        return self.hunt_goals + self.flare_spots()

    @cached_property
    def hunt_goals(self) -> list[Goal]:
        """The pieces to attack, the Treasure and Gems to collect and the Crystals to smash."""
        p = self.params
        v = self.view
        out: list[Goal] = []
        me = self.me
        for piece, at in v.pieces.items():
            if piece == PIECE or piece in me.attacked:
                continue
            d = defence_of(v, piece)
            if d is None:
                continue
            value = p["attack"] + self.kill_bonus(piece)
            out.append(Goal(at, value - p["defence"] * d, discs=1 + max(0, d), charge=True))
        collect = int(v.rules.ghoul.collect_cost)
        crystals = me.crystals_goal is not None
        for t in v.tiles:
            toks = t.tokens
            if toks.get("treasure"):
                out.append(Goal(t.pos, p["treasure"], movement=collect))
            if any(n for k, n in toks.items() if k.startswith("gem_") and n):
                out.append(Goal(t.pos, p["gem"], movement=collect))
            if crystals and toks.get("crystal"):
                out.append(Goal(t.pos, self.crystal_value, discs=int(v.rules.ghoul.smash_discs)))
        return out

    @cached_property
    def alone(self) -> bool:
        """The solo game (Alone in the Dark II): no other role in play."""
        return set(self.view.roles) == {PIECE}

    @property
    def crystal_value(self) -> float:
        """A Crystal where its goal counts them; alone, more: its Fury comes only from Treasure
        (2 a Fury, GH-15), so its Crystals are the nearer goal."""
        return self.params["crystal_alone" if self.alone else "crystal"]

    @cached_property
    def flares(self) -> bool:
        """Alone (Alone in the Dark II and the revised Flare, GH solo), only its Flare reveals the
        Dark tiles whose Treasure and Crystals make its goal, so it flares until its goal is
        reached — on its turn while the Flare is offered.  Beside other roles they reveal tiles
        as they go, and it keeps its movement for Treasure and attacks."""
        if not self.alone or self.may_escape:
            return False
        if self.decision.kind == DecisionKind.GHOUL_TURN:
            return self.decision.option("flare:") is not None
        return True

    @cached_property
    def prey_shown(self) -> bool:
        """A goal of its hunt on the map (:attr:`hunt_goals`: a piece, a Treasure token or Gem, a
        Crystal its goal counts)."""
        return bool(self.hunt_goals)

    @cached_property
    def prey_in_reach(self) -> bool:
        """One of its goals it can reach and take this turn (its movement and discs left)."""
        here = self.pos
        if here is None:
            return False
        dist = self.dist_from(here)
        return any(dist.get(goal.pos, 1 << 30) + goal.movement <= self.movement and self.attack >= goal.discs
                   for goal in self.hunt_goals)


class HuntBot(ScoredBot):
    """What the Easy Ghoul and the Easy Vile Ghoul share: one :class:`HuntPicture` of the view
    per decision (``picture_class``), built once and never kept past the decision."""

    picture_class: type[HuntPicture]

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self._pic: HuntPicture | None = None

    def picture(self, view: PlayerView, decision: Decision) -> HuntPicture:
        """This decision's picture (built once, kept while the view and decision are the same)."""
        if self._pic is None or self._pic.view is not view or self._pic.decision is not decision:
            self._pic = self.picture_class(view, decision, self.params)
        return self._pic

    def __call__(self, view: PlayerView, decision: Decision) -> str:
        try:
            return super().__call__(view, decision)
        finally:
            self._pic = None                 # never keep a view past its decision


class EasyGhoul(HuntBot):
    """The Ghoul's heuristic player (see the module docstring)."""

    role = PIECE
    picture_class = GhoulPicture

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "attack": 10.0,       # 1 Fury from an attack
            "kill": 36.0,         # an attack on a piece whose death wins (divided by its Health left)
            "defence": 0.3,       # a stronger target pays more discs: a little less worth
            "treasure": 6.0,      # half a Fury
            "gem": 5.0,           # a Treasure token, at the trap's risk
            "crystal": 7.0,       # where the variant counts smashed Crystals
            "escape": 100.0,      # the win
            "crystal_alone": 30.0,  # ... alone, where its Fury comes from Treasure only
            "flare": 6.0,         # alone: per Dark tile a Flare on its space reveals (on average)
            "flare_spot": 2.0,    # ... per such tile, a space to go and use it from
            "flare_left": 3.0,    # ... per such tile a later Flare of this turn's movement left reveals
            "step": 0.05,         # per movement point spent on the way this turn
            "later": 0.6,         # a goal out of reach this turn
            "far": 0.35,          # ... less for each movement point short
            "no_discs": 0.5,      # ... and less again without the discs
            "defense": 0.3,       # per disc left as Defense (GH-25)
            "once_per_game": 3.0,  # what a once-per-game effect must beat (the card it spends)
        }

    # the Hard player overrules the heuristic's pick only for an option whose rollouts do
    # clearly better: Fury comes one step at a time, and one turn's rollouts rarely see it
    search_margin = 0.03

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs: as tuned; hunter (attacks before Treasure);
        hoarder (Treasure and Gems before attacks); with its prey's death a win (the Knight or
        the Dragon its only rival), killer (hits the prey whatever its Health)."""
        base = cls.default_params()
        out = [base, {**base, "attack": 14.0, "treasure": 4.0, "gem": 3.0},
               {**base, "attack": 7.0, "treasure": 9.0, "gem": 7.5}]
        others = set(roles) - {PIECE}
        if len(others) == 1 and others <= {"knight", "dragon"}:
            out.append({**base, "kill": 90.0})
        return out


# ------------------------------------------------------------------ its turn
def score_turn(bot: EasyGhoul, pic: GhoulPicture, decision: Decision, option: Option) -> float:
    """GH-09..25: what the option gains now plus the outlook it leaves."""
    me = pic.me
    p = bot.params
    here = pic.pos
    v = verb(option)
    mv, atk = me.movement, me.attack
    if v == "end":
        score = pic.outlook(here, 0, 0) + p["defense"] * atk
        bot.note(option.id, "Nothing more is worth the movement left; the discs left guard the Ghoul.")
        return score
    if v == "move":
        return score_move(bot, pic, option)
    if v in ("charge", "attack"):
        piece = arg(option).split(":", 1)[1] if v == "charge" else arg(option)
        d = defence_of(pic.view, piece) or 0
        value = p["attack"] + pic.kill_bonus(piece) - p["defence"] * d
        if pic.may_escape:
            value *= 0.2
        bot.note(option.id, "An attack is 1 Fury.")
        return value + p["later"] * 2.0 + 1.0
    if v == "collect":
        token = arg(option).split(":", 1)[0]
        value = p["treasure"] if token == "treasure" else p["gem"]
        if pic.may_escape:
            value *= 0.1
        bot.note(option.id, "Two Treasure tokens make 1 Fury.")
        return value + pic.outlook(here, max(0, mv - int(pic.view.rules.ghoul.collect_cost)), atk)
    if v == "smash":
        if me.crystals_goal is None:
            return -5.0
        bot.note(option.id, "Smashed Crystals count toward the Ghoul's goal in this game.")
        return pic.crystal_value + 1.0
    if v == "terror":
        return score_terror(bot, pic, option)
    if v == "flare":
        return score_flare(bot, pic, option)                      # alone only; else -1: rarely worth it
    return -1.0


def score_flare(bot: ScoredBot, pic: HuntPicture, option: Option) -> float:
    """The Flare on its space (1 movement): while it flares (:attr:`HuntPicture.flares`) the Dark
    tiles it reveals are its chance of what it hunts; otherwise rarely worth the movement."""
    here = pic.pos
    find = pic.flare_find(here) if pic.flares and here is not None else 0.0      # not once it may escape
    if find < 0.3:
        return -1.0
    if pic.prey_in_reach:
        return -0.5                       # take it first: the movement may be short after, the tile may collapse
    bot.note(option.id, pic.flare_note)
    return bot.params["flare"] * find + pic.outlook(here, pic.movement - pic.flare_cost, pic.attack)


def score_move(bot: ScoredBot, pic: HuntPicture, option: Option) -> float:
    """GH-10..12: the outlook from the space entered with the movement left; the Entrance once its
    goal is reached wins."""
    q = parse_pos(arg(option))
    m = _MOVEMENT.search(option.label)             # the engine's cost, walls of Dark tiles too
    cost = min(pic.movement, int(m.group(1)) if m else 1)
    if pic.may_escape and q == pic.view.entrance:
        bot.note(option.id, "Its goal is reached: the Entrance wins.")
        return 1000.0
    bot.note(option.id, "It brings the Ghoul closer to what it is after.")
    return pic.outlook(q, pic.movement - cost, pic.attack) - 0.01


def score_terror(bot: ScoredBot, pic: HuntPicture, option: Option) -> float:
    """A Terror card's effect: what it adds to the outlook (a once-per-game one less the card)."""
    p = bot.params
    card, which, *where = arg(option).split(":", 2)
    data = pic.view.rules.ghoul.terror_card(card)
    eff = data.first if which == "first" else data.once_per_game
    base = pic.outlook(pic.pos, pic.movement, pic.attack)
    h = eff.handler
    mv, atk, at = pic.movement, pic.attack, pic.pos
    if h == "gain_movement":
        mv += eff.params.int("movement", 0)
    elif h == "gain_attack":
        atk += eff.params.int("attack", 0)
    elif h in ("skip_extra_cost", "skip_extra_costs_this_turn"):
        mv += 1 if h == "skip_extra_cost" else 2
    elif h.startswith("blink") and where:
        at = parse_pos(where[0])
        mv -= eff.params.int("movement", 0)
    elif h == "free_collect_then_draw":
        here = pic.pos
        toks = pic.map.tokens(here) if here is not None else {}
        gain = 4.0 if any(n for k, n in toks.items() if (k == "treasure" or k.startswith("gem_")) and n) else -1.0
        return gain - (p["once_per_game"] if which == "game" else 0.0)
    else:
        return -0.5                                                # Scour: a peek rarely helps the hunt
    gain = pic.outlook(at, mv, atk) - base
    cost = p["once_per_game"] if which == "game" else 0.5
    if gain > cost:
        bot.note(option.id, f"{data.name} puts a goal within reach this turn.")
    return gain - cost


# ------------------------------------------------------------------ the other decisions
def score_place(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """GH-04: the Dark tile with the best outlook for a full turn (average dice)."""
    q = option_space(option)
    return pic.outlook(q, 4, 2) if q is not None else 0.0


def score_keep(bot: EasyGhoul, pic: GhoulPicture, decision: Decision, option: Option) -> float:
    """GH-07: set aside the die whose kept pair (movement, attack) gives the best outlook."""
    aside = int(arg(option))
    rolled = list(pic.me.rolled)
    rolled.remove(aside)
    kept = sorted(rolled, reverse=True)[:2]
    mv, atk = max(0, kept[0] - pic.me.backstab + pic.me.card_movement), kept[-1]
    return pic.outlook(pic.pos, mv, atk) + 0.1 * mv + 0.05 * atk


def score_skitter(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """GH-39: the tile with the best outlook for the rest of the turn."""
    q = option_space(option)
    return pic.outlook(q, pic.movement, pic.attack) if q is not None else 0.0


def _symbol_tiles(pic: HuntPicture, symbol: str) -> list[Pos]:
    return [t.pos for t in pic.view.tiles if not t.lit and t.terrain is None and t.tribe == symbol
            and t.pos not in pic.view.pieces.values()]


def score_symbol(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """GH-42 (house rule): the Ghoul names the symbol whose tiles have the best outlook."""
    spots = _symbol_tiles(pic, arg(option))
    return max((pic.outlook(q, pic.movement, pic.attack) for q in spots), default=0.0)


def score_terror_keep(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    return CARD_WEIGHTS.get(arg(option).partition("#")[0], 0.0)


def score_terror_discard(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    return -CARD_WEIGHTS.get(arg(option).partition("#")[0], 0.0)


def score_cheat(bot: EasyGhoul, pic: GhoulPicture, decision: Decision, option: Option) -> float:
    """Cheat once per game: a 6 when the Fury goal is near (movement to finish), else keep the card."""
    a = arg(option)
    if a == "no":
        return 1.0
    near = pic.may_escape or pic.me.fury >= pic.me.fury_goal - 1
    return (2.0 if near else 0.0) + int(a) * 0.1


def score_reroll(bot: EasyGhoul, pic: GhoulPicture, decision: Decision, option: Option) -> float:
    """Cheat: roll again the die that would be kept lowest when it is a 1 or a 2."""
    rolled = list(pic.me.rolled)
    a = arg(option)
    kept = sorted(rolled, reverse=True)[:2]
    if a == "no":
        return 0.0
    face = rolled[int(a)]
    return 1.0 if face == kept[-1] and face <= 2 else -1.0


def score_adapt(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """Adapt once per game: draw as usual (Adapt's draw-2-keep-1 stays with it)."""
    return 1.0 if option.id == "adapt:draw" else 0.0


def score_scour(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """Scour: reveal a tile that brings Treasure (or Crystals where they count), else leave it Dark."""
    text = decision.prompt
    good = "Treasure" in text or "Vault" in text or (pic.counts_crystals and "Crystal" in text)
    return (1.0 if good else -1.0) * (1.0 if option.id == "reveal:" else -1.0)


def score_take_treasure(bot: ScoredBot, pic: HuntPicture, decision: Decision, option: Option) -> float:
    """GH-14: the Treasure token farthest from the Ghoul (the near ones it can still collect)."""
    q = option_space(option)
    here = pic.pos
    if q is None or here is None:
        return 0.0
    return float(pic.dist_from(here).get(q, 20))


EasyGhoul.SCORERS = {
    DecisionKind.GHOUL_TURN: score_turn, DecisionKind.GHOUL_PLACE: score_place,
    DecisionKind.GHOUL_KEEP: score_keep, DecisionKind.GHOUL_SKITTER: score_skitter,
    DecisionKind.GHOUL_SKITTER_SYMBOL: score_symbol, DecisionKind.GHOUL_TERROR_KEEP: score_terror_keep,
    DecisionKind.GHOUL_TERROR_DISCARD: score_terror_discard, DecisionKind.GHOUL_CHEAT: score_cheat,
    DecisionKind.GHOUL_REROLL: score_reroll, DecisionKind.GHOUL_ADAPT: score_adapt,
    DecisionKind.GHOUL_SCOUR: score_scour, DecisionKind.GHOUL_TAKE_TREASURE: score_take_treasure,
}
