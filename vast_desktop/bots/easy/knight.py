"""The Easy Knight: a fast heuristic that plays the Knight's plan (issue 7).

Her plan (knight.how_to_win, KN-01/02): without the Dragon, smash the Crystals her board
asks for (``smashed`` / ``crystals_needed``) and walk back to the Entrance; with him,
hunt and hit him until his Health is gone.  On the way she reveals Dark tiles (+1 Grit
each, KN-34), takes Treasure tokens and Gems, reveals Sidequests, and so earns the
Hero cubes of the Grit track (KN-112).

Hero cubes are placed *lazily* (KN-11: at any time during her turn): a cube goes on
Movement only when she wants to move and has no Movement left, on Perception only when
she has no Encounter left, and on Strength when a smash, a Dragon attack or an Ambush
needs it.  Enough cubes stay in reserve to reach the Smash Strength (KN-62) the moment
a Crystal shows up; what is left at the end of her turn goes on Strength, her defence
on the other players' turns.

Everything is read from her own :class:`PlayerView` and the pending Decision; the
engine's options already say what is legal, the bot only ranks them.
"""
from __future__ import annotations

import heapq
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property

from ...engine.board_views import KnightBoard
from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos, parse_pos
from ...engine.kinds import DecisionKind
from ...engine.option_ids import arg_parts, has_verb, pos_arg
from ...engine.view import PlayerView
from ..base import ScoredBot, rates_all
from ..features import MapPicture, arg, option_space, verb
from .ghoul_answers import SCORERS as GHOUL_ANSWERS

# Treasure cards worth a Hero cube more than the 5 Grit of declining them (KN-84..96).
GOOD_TREASURES = ("elven_sword", "heroic_boots", "heroic_boots_revised", "silver_gauntlet", "treasure_trove",
                  "rune_staff")
DRAGON_TREASURES = ("javelin", "javelin_revised")
# Which placed cube to give back first (the cheapest loss first: KN-113, choose_cube).
# Treasure cards that raise a statistic for one Hero cube, best first (KN-84, 90, 91, 94).
TREASURE_FOR = {
    "movement": ("heroic_boots", "heroic_boots_revised"),
    "perception": ("elven_sword", "pixie_lantern"),
    "strength": ("elven_sword", "silver_gauntlet", "mighty_axe"),
}
GIVE_BACK_ORDER = ("free", "aside", "bow", "map", "shield", "bomb", "movement", "perception", "strength")
DIRECTION_WORDS = ("north", "east", "south", "west")
_STRENGTH_IN_PROMPT = re.compile(r"\(Strength (\d+)\)")
_VERSUS_IN_LABEL = re.compile(r"Strength (\d+) vs Armor (\d+)")


@dataclass
class _Turn:
    """What she knows at one ``knight_turn`` decision (built once per decision)."""

    view: PlayerView
    pic: MapPicture
    me: KnightBoard
    here: Pos
    ids: frozenset[str]
    scores: dict[str, float] = field(default_factory=dict)
    dragon_reach: bool | None = None      # memo of EasyKnight._dragon_in_reach

    @property
    def moves_left(self) -> int:
        return int(self.me.movement) - int(self.me.moved)

    @property
    def encounters_left(self) -> int:
        return int(self.me.perception) - int(self.me.encounters_used)

    @property
    def free(self) -> int:
        return int(self.me.cubes_free)

    def track(self, name: str) -> int:
        return int(self.me.track[name])

    @cached_property
    def blocked(self) -> frozenset[Pos]:
        """Tiles she cannot walk onto as things stand: Monster tokens (KN-44), revealed
        Tribes (KN-56) and impassable Terrain (TR-17) — the engine re-checks each step."""
        out = {p for p, tile in self.pic.tiles.items()
               if tile.tokens.get("ogre") or tile.tokens.get("troll")
               or (tile.terrain is not None and tile.terrain.kind == "impassable")}
        out.update(q for name, q in self.view.pieces.items() if name.startswith("tribe:"))
        out.discard(self.here)
        return frozenset(out)


class EasyKnight(ScoredBot):
    """The Knight's Easy player: explore, smash, collect, hunt the Dragon, live."""

    role = "knight"
    # The Hard Knight overrules these scores only for an option whose rollouts leave her a win
    # chance more than this much better: her turns hold many near-equal moves, and a learned
    # value read one turn on is too coarse to choose between them (Knight vs Cave, seeds
    # 1-100 against the Easy Cave: 16% with no margin, 22% with this one).
    search_margin = 0.05

    def __init__(self, seed: int = 0, params: dict[str, float] | None = None, tie: float = 1e-6) -> None:
        super().__init__(seed, params, tie)
        self._revealed_here: tuple[int, Pos] | None = None   # (round, tile) she just entered while Dark
        self._stale: tuple[int, set[Pos]] = (-1, set())       # goals she stood on this round but could not use

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "smash_strength": 3,        # KN-62 at the Standard level (the engine's options confirm it)
            "crystal_value": 30.0,      # a Crystal token she can smash
            "treasure_value": 14.0,     # a Treasure token
            "gem_value": 8.0,           # a Dragon Gem (+5 / −2 Grit)
            "collapse_dark": 2.0,       # Dark tiles are worth this much more during the Collapse
            "dark_value": 6.0,          # a Dark tile to reveal (+1 Grit, maybe a Crystal)
            "dragon_far": 0.3,          # the Dragon's value while out of this turn's reach
            "dragon_value": 40.0,       # the Dragon, when she can hurt him
            "thief_value": 0.0,         # the Thief, when her Perception beats his Stealth
            "dark_step": 2.0,           # extra distance for crossing a Dark tile on the way
            "step_cost": 0.5,           # value lost per step of distance to a goal
            "reserve_from_cubes": 5.0,  # keep cubes for the Smash Strength once she has this many
            "map_margin": 3.0,          # how much nearer the goals must be through a wall for a Map cube
            "low_health": 2.0,          # at or below this Health she stops revealing Dark tiles
            "potion_health": 4.0,       # drink the Potion Kit at or below this Health
            "ambush_cubes": 2.0,        # at most this many cubes to beat an Ambush (Health permitting)
            "ambush_strength": 3.0,     # raise Strength to this before a Goblins' Ambush of unknown Strength
            "orient_empty_edge": 0.3,   # an open side toward an empty space (a new Dark tile)
            "wall_step": 0.0,           # >0: routes may pass a wall on the Ancient Map (KN-70), at this many extra steps
        }

    @classmethod
    def search_rounds(cls, roles: Collection[str]) -> int:
        """Worlds per Hard search (hard.search_rounds): four against the Dragon, whose
        fights turn on die rolls and on the Power cards in his hidden hand (KN-50, DR-03),
        so three worlds judge her attacks too unevenly — Knight vs Easy Dragon, seeds
        1-200: 150/200 = 75.0% with three, 163/200 = 81.5% with four (p95 159 ms).  Three
        elsewhere: her other cells met their targets with three, and against the Cave a
        fourth gained nothing measurable (seeds 1-100: 22% with three, 24% with four)."""
        return 4 if "dragon" in roles else 3

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs with ``roles`` in play (hard.param_variants):
        as tuned; Crystal hunter; saver (keeps cubes for her Smash Strength from fewer cubes
        on); with the Goblins, Ambush-shy (one cube at most against an Ambush); with the
        Thief, Thief hunter (KN-60: killing him makes him drop what he carries); with the
        Dragon, Dragon hunter (closes in on him from afar and strikes sooner — KN-50, her
        way to win against him); Lit paths (fewer Dark tiles revealed).

        Every one of them plans her escape through walls on the Ancient Map (``wall_step``,
        KN-70): once her Crystals are smashed the Collapse often walls her off from the
        Entrance, and the Easy Knight, who routes over open edges only, stays shut in.
        That route-planning is the Hard Knight's, not the Easy one's: Easy Knight vs Easy
        Cave, seeds 1-1000, 18.6% routing over open edges, 27.3% through walls."""
        base = {**cls.default_params(), "wall_step": 2.0}
        out = [base, {**base, "crystal_value": 60.0}, {**base, "reserve_from_cubes": 2.5}]
        if "goblins" in roles:
            out.append({**base, "ambush_cubes": 1.0})
        if "thief" in roles:
            out.append({**base, "thief_value": 30.0})
        if "dragon" in roles:
            out.append({**base, "dragon_value": 60.0, "dragon_far": 0.8})
        return out + [{**base, "dark_value": 3.0}]

    # ----------------------------------------------------------- dispatch
    def __call__(self, view: PlayerView, decision: Decision) -> str:
        choice = super().__call__(view, decision)
        if decision.kind == DecisionKind.KNIGHT_TURN and has_verb(choice, "move", "mapmove", "leave"):
            q = pos_arg(choice)
            pic = MapPicture(view)
            if not pic.lit(q):
                self._revealed_here = (view.round, q)
        return choice

    # ----------------------------------------------------------- her turn
    def _knight_turn(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        me = _own(view)
        t = _Turn(view, MapPicture(view), me, view.pieces["knight"], frozenset(decision.ids))
        for o in decision.options:
            t.scores[o.id] = self._action_score(t, o)
        self._plan_cubes(t)
        self._plan_moves(t, decision)
        return t.scores

    def _action_score(self, t: _Turn, o: Option) -> float:
        """Actions on her own tile (KN-24): worth taking whenever the engine offers them."""
        v, a = verb(o), arg(o)
        p = self.params
        if v == "sidequest" and a.split("#")[0] == "prepared":
            if t.moves_left > 0 and t.encounters_left > 0:
                self.note(o.id, "Prepared ends your turn: use your Movement and Encounters first.")
                return -10.0
            self.note(o.id, "Nothing more to do this turn: end it Prepared, 1 Grit for each unplaced Hero cube.")
            return 100.0                                   # VAR-15: the turn ends anyway
        if v == "sidequest":
            self.note(o.id, "A completed Sidequest is free Grit.")
            return 100.0                                   # free Grit (KN-99)
        if v == "smash":
            self.note(o.id, "Smashing Crystals is how the Knight wins: smash this one while you stand on it.")
            return 95.0                                    # KN-62, her goal without the Dragon
        if v == "dragon":
            return self._dragon_action(t, o)
        if v in ("thief", "throwthief"):
            self.note(o.id, "Attacking the Thief kills him and gives you a little Grit.")
            return 30.0                                    # KN-60: he dies, she gains a little Grit
        if v == "throwdragon":
            m = _VERSUS_IN_LABEL.search(o.label)
            sure = m is not None and int(m.group(1)) > int(m.group(2))
            self.note(o.id, "The thrown Javelin beats his Armor: a sure hit from afar." if sure
                      else "The thrown Javelin would not beat his Armor: keep it.")
            return 75.0 if sure else -5.0                  # VAR-20: a hit at range
        if v == "throwtribe":
            self.note(o.id, "A Javelin thrown at a Tribe only scatters it and angers the Goblins: keep it.")
            return -5.0
        if v == "collect":
            self.note(o.id, "A Treasure token gives you a Treasure card or 5 Grit: take it while you are here.")
            return 85.0                                    # KN-63: a card or 5 Grit
        if v == "treasure":
            if a.startswith("potion:") and t.me.health <= p["potion_health"]:
                self.note(o.id, "Your Health is low: drinking the Potion now keeps you alive.")
                return 88.0
            if a.startswith("javelin:"):
                javelin = self._javelin(t)
                self.note(o.id, "Readying the Javelin adds 1 to your Strength against the Dragon here."
                          if javelin > 0 else "The Javelin is worth keeping for an attack it makes a sure hit.")
                return javelin
            if a.startswith("trove:"):
                self.note(o.id, "The Treasure Trove is home: 8 Grit for no Encounter.")
                return 99.0                                # KN-98: free Grit
            if a.startswith("amulet:"):
                keep = t.me.health > p["potion_health"]
                self.note(o.id, "The Cursed Amulet's bonuses are worth its curse while your Health holds."
                          if keep else "Your Health is low: the Cursed Amulet doubles every loss, so throw it away.")
                return -5.0 if keep else 90.0
            if a.startswith("staff:"):
                there = parse_pos(a.rsplit("@", 1)[1])
                crystal = bool(t.pic.tokens(there).get("crystal"))
                if crystal and t.encounters_left >= 1 and int(t.me.strength) >= p["smash_strength"]:
                    self.note(o.id, "The Rune Staff lands you on a Crystal token you can smash at once.")
                    return 90.0                            # a smash is worth the Grit
                self.note(o.id, "The Rune Staff's Grit is better kept for your Hero cubes.")
                return -5.0
            self.note(o.id, "This Treasure card is worth more kept for later than used now.")
            return -5.0
        if v == "flare":
            q = parse_pos(a)
            near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if t.pic.dark((q[0] + dx, q[1] + dy)))
            self.note(o.id, f"The Flare would light {near} Dark tile{'s' if near != 1 else ''} around there: "
                            "revealed tiles give Grit without an Encounter.")
            return 40.0 + near                             # revealed tiles give Grit with no Encounter
        if v == "resolve_event":
            self.note(o.id, "The Event card must be dealt with before you move, so do it first.")
            return 60.0                                    # KN-37: she must, before moving
        if v in ("bomb", "bowshot"):
            self.note(o.id, "There is nothing here worth spending that on.")
            return -5.0
        if v == "cube":
            self.note(o.id, "A Hero cube is best kept free until a smash, an attack or a step needs it.")
            return -1.0                                    # placed by _plan_cubes when needed
        return 0.0                                         # end, moves: ranked by _plan_moves

    def _dragon_action(self, t: _Turn, o: Option) -> float:
        """KN-47..54: attack when her Strength beats his Armor (equal: a 50% die roll,
        taken only when no cube can raise her Strength first).  The option's label gives
        the Strength the attack uses (a Bomb attack leaves the Mighty Axe out, KN-92)."""
        a = arg(o)
        if a.startswith("gem:"):
            self.note(o.id, "A Dragon Gem is worth taking: most of them give you 5 Grit.")
            return 80.0                                    # KN-64: +5 Grit or −2
        if a == "bow":
            self.note(o.id, "A Bow shot makes the Dragon discard Power cards.")
            return 70.0                                    # KN-86: he discards Power cards
        m = _VERSUS_IN_LABEL.search(o.label)
        if m is None:
            self.note(o.id, "The Dragon is here and you can attack him.")
            return 50.0
        strength, armor = int(m.group(1)), int(m.group(2))
        if strength > armor:
            self.note(o.id, f"Your Strength {strength} beats his Armor {armor}: the attack is a sure hit.")
            return 94.0
        can_raise = "cube:strength" in t.ids and int(t.me.strength) <= armor
        if can_raise:
            self.note(o.id, "Raise your Strength with a cube before attacking: a greater Strength than his Armor always hits.")
        else:
            self.note(o.id, f"Your Strength {strength} only ties his Armor {armor}: a die roll decides, "
                            "and no cube can raise it first.")
        return 10.0 if can_raise else 55.0

    def _javelin(self, t: _Turn) -> float:
        """KN-88: ready the Javelin on the Dragon's tile when its +1 turns an attack into a
        sure hit (Strength + 1 above his Armor) that no attack on offer already is — or
        when he is underground before the Collapse, where it replaces the Bomb (KN-54)."""
        if t.view.pieces.get("dragon") != t.here or t.encounters_left < 1:
            return -5.0
        dragon = t.view.boards.dragon
        armor = dragon.armor if dragon is not None else 1
        if int(t.me.strength) + 1 <= armor:
            return -5.0
        sure = any(verb_id.startswith(("dragon:attack", "dragon:bomb")) for verb_id in t.ids) \
            and int(t.me.strength) > armor
        return -5.0 if sure else 93.0

    # ---- cubes
    def _reserve(self, t: _Turn) -> int:
        """Free cubes kept back for Strength: enough to reach the Smash Strength (KN-62)
        or, against the Dragon, his Armor + 1 and one for the Bomb (KN-54, KN-73)."""
        if self._hunting_dragon(t):
            return self._attack_cubes(t) if self._dragon_in_reach(t) else 0
        need = max(0, min(t.free, self._strength_goal(t) - int(t.me.strength)))
        total = t.free + sum(int(n) for n in t.me.track.values())
        if total < self.params["reserve_from_cubes"] and not t.view.collapse and not self._crystal_in_reach(t, need):
            return 0               # exploring earns the next cubes sooner
        return need

    def _attack_cubes(self, t: _Turn) -> int:
        """Cubes an attack on the Dragon takes: Strength to his Armor + 1 (KN-50) and,
        underground before the Collapse, one on the Bomb (KN-54)."""
        need = max(0, self._strength_goal(t) - int(t.me.strength))
        bomb = 1 if not ((d := t.view.boards.dragon) is not None and d.surfaced) and not t.view.collapse else 0
        return need + bomb

    def _dragon_in_reach(self, t: _Turn) -> bool:
        """Can she get to the Dragon this turn and still have the cubes to attack him?
        Otherwise she spends her cubes exploring (Grit, more cubes) and closes in."""
        if t.dragon_reach is not None:
            return t.dragon_reach
        d = t.pic.distances(t.here, lambda q: q not in t.blocked).get(t.view.pieces["dragon"])
        ok = False
        if d is not None:
            spare = t.free - self._attack_cubes(t)
            steps = max(0, d - t.moves_left)
            ok = spare >= 0 and (steps + 1) // 2 <= spare and (d == 0 or t.encounters_left >= 1 or spare > (steps + 1) // 2)
        t.dragon_reach = ok
        return ok

    @staticmethod
    def _crystal_in_reach(t: _Turn, need: int) -> bool:
        """A Crystal token she could walk to this turn with the cubes left after Strength."""
        crystals = {tile.pos for tile in t.view.tiles if tile.tokens.get("crystal")}
        if not crystals:
            return False
        reach = t.moves_left + 2 * max(0, t.free - need)
        dist = t.pic.distances(t.here, lambda q: q not in t.blocked)
        return any(dist.get(q, 99) <= reach for q in crystals)

    def _strength_goal(self, t: _Turn) -> int:
        """Against the Dragon: his Armor + 1 (KN-50: greater Strength always hits);
        otherwise the Smash Strength (KN-62)."""
        if self._hunting_dragon(t):
            return min((d.armor if (d := t.view.boards.dragon) is not None else 1) + 1, 4)
        return int(self.params["smash_strength"])

    def _hunting_dragon(self, t: _Turn) -> bool:
        return "dragon" in t.view.roles and "dragon" in t.view.pieces

    @staticmethod
    def _slot(t: _Turn, stat: str, own_turn: bool = True) -> str | None:
        """The best free cube slot that raises ``stat``: a Treasure card gives more for a
        cube than a track space (KN-84..94: Heroic Boots +4 Movement, Elven Sword +1
        Perception and +1 Strength on her turn...); the track otherwise (KN-11)."""
        cards = TREASURE_FOR[stat] if own_turn or stat != "strength" else ()
        for card in cards:
            for i in t.ids:
                if has_verb(i, "cube") and (slot := arg_parts(i, ":"))[0] == "treasure" and slot[1].split("#")[0] == card:
                    return i
        track = f"cube:{stat}"
        return track if track in t.ids else None

    def _plan_cubes(self, t: _Turn) -> None:
        """Strength cubes when an action on her tile needs them (a smash, KN-62; a Dragon
        attack, KN-50), Perception when the Thief's Stealth stands in the way (KN-60)."""
        toks = t.pic.tokens(t.here)
        can_act = t.encounters_left >= 1 or self._revealed_here == (t.view.round, t.here)
        strength = int(t.me.strength)
        need: str | None = None
        why = ""
        if toks.get("crystal") and "smash:" not in t.ids and can_act and strength < self.params["smash_strength"]:
            need = "strength"
            why = (f"You need Strength {int(self.params['smash_strength'])} to smash the Crystal here: "
                   "a cube raises it.")
        if self._hunting_dragon(t) and t.view.pieces.get("dragon") == t.here and can_act:
            dragon = t.view.boards.dragon
            bomb = 0 if (dragon is not None and dragon.surfaced) or t.view.collapse else 1
            if strength <= (dragon.armor if dragon is not None else 1) and t.free > bomb:
                need = "strength"
                why = "More Strength than the Dragon's Armor makes your attack a sure hit: a cube raises it."
        thief = t.view.boards.thief
        if t.view.pieces.get("thief") == t.here and thief is not None and "thief:attack" not in t.ids \
                and int(t.me.perception) <= thief.stealth_now and t.free > self._reserve(t):
            if need is None:
                why = "Your Perception must beat the Thief's Stealth before you can attack him: a cube raises it."
            need = need or "perception"
        slot = self._slot(t, need) if need else None
        if slot:
            t.scores[slot] = 96.0
            self.note(slot, why)

    # ---- moves
    def _plan_moves(self, t: _Turn, decision: Decision) -> None:
        """Rank each step by the best goal it brings nearer; if no step is possible but
        one would be with another cube, place that cube (lazily: KN-11); else end, with
        the leftover cubes on Strength first (her defence off her turn, knight.turn)."""
        goals = self._goals(t)
        if self._stale[0] != t.view.round:
            self._stale = (t.view.round, set())
        if t.here in goals and not any(t.scores.get(i, 0.0) > 50.0 for i in t.ids):
            self._stale[1].add(t.here)     # nothing to do here after all: do not walk back to it
        for q in self._stale[1]:
            goals.pop(q, None)
        goals.pop(t.here, None)     # what she can do here is already an option
        field_ = self._goal_field(t, goals)
        here_value = self._from(t, field_, t.here)
        moves = [o for o in decision.options if verb(o) in ("move", "mapmove", "leave")]
        best_move = -1e9
        for o in moves:
            dest = option_space(o)
            if dest is None:
                continue
            s = self._from(t, field_, dest) - (self._map_step(t) if verb(o) == "mapmove" else 0.0)
            t.scores[o.id] = s
            best_move = max(best_move, s)
            if self.explain:
                self.note(o.id, self._step_words(t, goals, dest, s))
        steps = {o.id for o in moves}
        if any(t.scores.get(i, 0.0) > 50.0 for i in t.ids - steps):
            return                                         # an action here comes first (not a step: on
                                                           # her way out every step scores over 50)
        spare = t.free - self._reserve(t)
        if here_value > 0 and not moves and spare > 0:
            stat = "perception" if t.encounters_left < 1 else "movement" if t.moves_left < 1 else None
            slot = self._slot(t, stat) if stat else None
            if slot:
                t.scores[slot] = 45.0
                self.note(slot, "Something worth reaching is near, but you cannot step on without one more "
                                + ("Encounter" if stat == "perception" else "Movement") + ": a cube gives it.")
                return
        if spare > 0 and self._map_pays(t, field_, max(best_move, here_value), moves):
            t.scores["cube:map"] = max(45.0, best_move + 1.0)   # before any step: the wall is the way
            self.note("cube:map", "A cube on the Ancient Map lets you step through a wall: "
                                  "what you want lies much nearer on the other side.")
            return
        if moves and best_move > here_value:
            return                                         # a step brings a goal nearer
        stop = max(here_value, 0.0)
        if "end:" in t.ids:
            t.scores["end:"] = stop
            self.note("end:", "No step brings anything worth reaching nearer this turn: end it here.")
        staff = next((i for i in t.ids if has_verb(i, "cube") and arg_parts(i, ":")[-1].split("#")[0] == "rune_staff"),
                     None)
        if staff is not None and t.free > 0 and any(tv.tokens.get("crystal", 0) for tv in t.view.tiles) \
                and not any(c.split("#")[0] == "rune_staff" for c, n in t.me.treasure_cubes.items() if n > 0):
            t.scores[staff] = stop + 1.0                   # next turn it may carry her to a Crystal to smash
            self.note(staff, "A spare cube on the Rune Staff lets you jump to a Crystal token next turn.")
            return
        for slot in ("cube:strength", "cube:shield", "cube:perception", "cube:movement"):
            if slot in t.ids and t.free > 0:
                t.scores[slot] = max(t.scores.get(slot, -1.0), stop + 1.0)
                self.note(slot, "Before you end your turn, a spare cube is best placed: Strength and Shield "
                                "defend you on the other players' turns.")
                break

    def _step_words(self, t: _Turn, goals: dict[Pos, float], dest: Pos, score: float) -> str:
        """Why a step scores as it does, for the Suggest button: the goal worth most after the way
        there from ``dest`` (the goal field's own reckoning: value less ``step_cost`` a step)."""
        if score <= 0 or not goals:
            return "Nothing worth reaching lies within range, so this step does no harm."
        dist = t.pic.distances(dest, lambda q: q not in t.blocked)
        reachable = [(v - self.params["step_cost"] * dist[q], q) for q, v in goals.items() if q in dist]
        if not reachable:
            return "This step keeps you on the way to what is worth reaching."
        _, goal = max(reachable)
        what = self._goal_name(t, goal)
        n = dist[goal]
        far = "right there" if n == 0 else f"{n} step{'s' if n != 1 else ''} away from there"
        return f"This step heads for {what}, {far}."

    def _goal_name(self, t: _Turn, q: Pos) -> str:
        """A goal of :meth:`_goals` in a player's words."""
        view = t.view
        if view.pieces.get("dragon") == q and self._hunting_dragon(t):
            return "the Dragon, to attack him"
        if q == view.entrance and "dragon" not in view.roles and int(t.me.smashed) >= int(t.me.crystals_needed):
            return "the Entrance, where you escape and win"
        toks = t.pic.tokens(q)
        if toks.get("crystal"):
            return "a Crystal to smash"
        if toks.get("treasure"):
            return "a Treasure token"
        if any(k.startswith("gem") and n for k, n in toks.items()):
            return "a Dragon Gem"
        if view.pieces.get("thief") == q:
            return "the Thief"
        if t.pic.dark(q):
            return "a Dark tile to reveal (Grit, and maybe a Crystal)"
        return "what is worth reaching"

    def _map_pays(self, t: _Turn, field_: dict[Pos, float], best: float, moves: list[Option]) -> bool:
        """KN-70/71: a cube on the Ancient Map lets her step through a wall of her tile
        onto the tile beyond — worth it when that side is much nearer her goals."""
        if "cube:map" not in t.ids or t.moves_left < 1 or t.encounters_left < 1 \
                or any(verb(o) == "mapmove" for o in moves):
            return False
        through = max((self._from(t, field_, q) for q in self._through_walls(t, t.here) if q not in t.blocked),
                      default=-1e9)
        beyond = through - self._map_step(t)
        if self._wall_step(t) > 0:   # her routes already pass walls at their price: take this one when it is the way
            return through > 0 and beyond - self.params["step_cost"] >= best - 1e-9
        return beyond > best + self.params["map_margin"]

    def _goals(self, t: _Turn) -> dict[Pos, float]:
        """What is worth walking to, and how much (before distance)."""
        p, me, view, pic = self.params, t.me, t.view, t.pic
        goals: dict[Pos, float] = {}
        reach_smash = int(me.strength) + self._strength_gain(t) >= p["smash_strength"]
        dragon_game = "dragon" in view.roles
        done = int(me.smashed) >= int(me.crystals_needed)
        for tile in view.tiles:
            q = tile.pos
            toks = tile.tokens
            v = 0.0
            if toks.get("crystal") and reach_smash:
                v = max(v, p["crystal_value"] * (0.4 if dragon_game or done else 1.0))
            if toks.get("treasure"):
                v = max(v, p["treasure_value"])
            if any(k.startswith("gem") and n for k, n in toks.items()):
                v = max(v, p["gem_value"])
            if pic.dark(q) and me.health > p["low_health"]:
                v = max(v, p["dark_value"] * (self._collapse_risk(pic, q) if view.collapse else 1.0))
            if v > 0:
                goals[q] = v
        if not dragon_game and done:
            goals[view.entrance] = 200.0                   # KN-02: escape to win
        if self._hunting_dragon(t):
            dp = view.pieces["dragon"]
            if self._can_hurt_dragon(t):
                value = p["dragon_value"] * (1.0 if self._dragon_in_reach(t) else p["dragon_far"])
                goals[dp] = max(goals.get(dp, 0.0), value)
        thief = view.boards.thief
        if "thief" in view.pieces and thief is not None and int(me.perception) + self._spare_gain(t) > \
                thief.stealth_now:
            tp = view.pieces["thief"]
            goals[tp] = max(goals.get(tp, 0.0), p["thief_value"])
        return goals

    def _collapse_risk(self, pic: MapPicture, q: Pos) -> float:
        """During the Collapse a Dark tile may hide one of the last Crystals, and one
        touching a single tile is next to go (COL-07): reveal those first."""
        return self.params["collapse_dark"] * (1.5 if pic.touching(q) <= 1 else 1.0)

    def _strength_gain(self, t: _Turn) -> int:
        """How much Strength her free cubes could still add on the track (KN-09)."""
        return min(t.free, 3 - t.track("strength"))

    def _spare_gain(self, t: _Turn) -> int:
        """How much Perception the cubes beyond her reserve could still add (KN-08)."""
        return min(max(0, t.free - self._reserve(t)), 3 - t.track("perception"))

    def _can_hurt_dragon(self, t: _Turn) -> bool:
        """Could her cubes raise her Strength above his Armor (KN-50) — keeping one for
        the Bomb while he is underground before the Collapse (KN-54)?  At Armor 3+ a tie
        (a 50% roll) is worth going for too."""
        dragon = t.view.boards.dragon
        armor = dragon.armor if dragon is not None else 1
        reach = int(t.me.strength) + self._strength_gain(t)
        if not (dragon is not None and dragon.surfaced) and not t.view.collapse:
            reach = int(t.me.strength) + min(max(0, t.free - 1), 3 - t.track("strength"))
            if t.free < 1:
                return False
        return reach >= armor + 1 or (reach >= armor and armor >= 3)

    def _goal_field(self, t: _Turn, goals: dict[Pos, float]) -> dict[Pos, float]:
        """For every tile, the best goal value minus ``step_cost`` per step of the way
        there (one search from all goals at once).  Crossing a Dark tile costs
        ``dark_step`` more (an Encounter and a reveal, KN-26; its walls are unknown);
        Monsters, Tribes and impassable Terrain are walked around.  The value of a tile
        as a *starting* point adds back the Dark cost of leaving it (:meth:`_from`)."""
        pic, blocked = t.pic, t.blocked
        cost, extra = self.params["step_cost"], self.params["dark_step"]
        wall = self._wall_step(t) if self._map_usable(t) else 0.0
        best: dict[Pos, float] = {}
        todo = [(-v, q) for q, v in goals.items() if q not in blocked and v > 0]
        heapq.heapify(todo)
        while todo:
            neg, x = heapq.heappop(todo)
            if x in best:
                continue
            best[x] = -neg
            steps = [(y, 0.0) for y in pic.neighbours(x)]
            if wall > 0:
                steps += [(y, wall) for y in self._through_walls(t, x)]
            for y, over in steps:
                if y in best:
                    continue
                v = -neg - cost * (1.0 + over + (extra if pic.dark(y) else 0.0))
                if v > 0 and (y not in blocked or y == t.here):
                    heapq.heappush(todo, (-v, y))
        return best

    def _wall_step(self, t: _Turn) -> float:
        """How many extra steps a wall costs on her routes now; 0 when they keep to open
        edges.  Only strategies with ``wall_step`` (the Hard Knight's) route through walls,
        and only on her way out — her Crystals smashed, no Dragon to hunt (KN-02, KN-70)."""
        escaping = "dragon" not in t.view.roles and int(t.me.smashed) >= int(t.me.crystals_needed)
        return self.params["wall_step"] if escaping else 0.0

    def _map_step(self, t: _Turn) -> float:
        """What a step through a wall on the Ancient Map costs her beyond a plain step: as
        priced on her routes when they pass walls, else a flat 2.0."""
        wall = self._wall_step(t)
        return self.params["step_cost"] * wall if wall > 0 else 2.0

    @staticmethod
    def _map_usable(t: _Turn) -> bool:
        """Could she pass a wall on the Ancient Map this turn or a later one (KN-70): a cube
        already on it, or a free cube and room on it."""
        return int(t.me.equip.get("map", 0)) > 0 or (t.free > 0 and "cube:map" in t.ids)

    @staticmethod
    def _through_walls(t: _Turn, p: Pos) -> list[Pos]:
        """Tiles next to ``p`` behind a wall the Ancient Map passes: a printed wall, not a
        Rockslide (KN-70; KN-71: a tile must be there)."""
        out = []
        for dx, dy in DELTA:
            q = (p[0] + dx, p[1] + dy)
            e = (p, q) if p <= q else (q, p)
            if q in t.pic.tiles and e not in t.pic.rockslides and t.pic.walled(p, q):
                out.append(q)
        return out

    def _from(self, t: _Turn, field_: dict[Pos, float], q: Pos) -> float:
        """The goal value of starting at ``q`` (no Dark cost for the tile she starts on)."""
        if q not in field_:
            return 0.0
        return field_[q] + (self.params["step_cost"] * self.params["dark_step"] if t.pic.dark(q) else 0.0)

    # ----------------------------------------------------------- other decisions
    def _keep_treasure(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """KN-65/66: keep the cards worth a cube; decline the rest for 5 Grit."""
        dragon = "dragon" in view.roles
        out = {}
        for o in decision.options:
            card = arg(o).split("#")[0]
            if verb(o) == "keep":
                good = card in GOOD_TREASURES or (dragon and card in DRAGON_TREASURES) \
                    or (card == "potion_kit" and _own(view).health <= 4) \
                    or (card == "cursed_amulet" and _own(view).health > self.params["potion_health"]
                        and "goblins" not in view.roles)     # VAR-47: the Tribes' many hits would double
                out[o.id] = 2.0 if good else 0.0
            else:
                out[o.id] = 1.0
        return out

    def _choose_cube(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """Give back the cube she misses least (KN-113)."""
        out = {}
        for o in decision.options:
            src = arg(o)
            key = "treasure" if src.startswith("treasure:") else src
            order = GIVE_BACK_ORDER + ("treasure",)
            out[o.id] = float(len(order) - order.index(key)) if key in order else 0.0
        return out

    def _ambush_strength(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """KN-38: raise Strength above the Ambush's (a tie is a 50% roll; against the
        Goblins' hidden Tribe, up to the ``ambush_strength`` param) — unless that takes
        more than ``ambush_cubes`` cubes: a Health point costs less than a turn's cubes,
        except when her Health is low."""
        me = _own(view)
        m = _STRENGTH_IN_PROMPT.search(decision.prompt)
        target = int(m.group(1)) + 1 if m else int(self.params["ambush_strength"])
        strength = int(me.strength)
        budget = 9.0 if me.health <= self.params["low_health"] + 1 else self.params["ambush_cubes"]
        if min(target, 4) - strength > budget:
            target -= 1                                    # a tie at least: a 50% roll (KN-39)
        want_more = 0 < min(target, 4) - strength <= budget
        return {o.id: (1.0 if (verb(o) == "cube") == want_more else 0.0) for o in decision.options}

    def _toward_goals(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """Forced or pushed moves of her piece: toward what she wants; other pieces: away."""
        me = _own(view)
        pic = MapPicture(view)
        out = {}
        pushing_other = decision.fact("piece") not in (None, "knight")
        here = view.pieces.get("knight")
        for o in decision.options:
            q = option_space(o)
            if q is None:
                out[o.id] = -1.0 if verb(o) == "stay" else 0.0
                continue
            if pushing_other:
                d = pic.distances(q).get(here, 20) if here is not None else 0
                out[o.id] = float(d)
                continue
            toks = pic.tokens(q)
            out[o.id] = (3.0 * bool(toks.get("crystal")) + 2.0 * bool(toks.get("treasure"))
                         + (1.0 if pic.dark(q) and me.health > self.params["low_health"] else 0.0)
                         - 0.1 * _manhattan(q, view.entrance))
        return out

    def _orient_tile(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """Turn a revealed tile so its open sides face tiles she may want next (MAP-16)."""
        pic = MapPicture(view)
        out = {}
        for o in decision.options:
            p = option_space(o)
            walls = {i for i, w in enumerate(DIRECTION_WORDS) if w in o.label.lower()}
            s = 0.0
            for d, (dx, dy) in enumerate(DELTA):
                if d in walls or p is None:
                    continue
                q = (p[0] + dx, p[1] + dy)
                if q not in pic.tiles:
                    s += self.params["orient_empty_edge"]
                elif pic.dark(q):
                    s += 1.5
                else:
                    toks = pic.tokens(q)
                    s += 1.0 + (1.0 if toks.get("crystal") or toks.get("treasure") else 0.0)
            out[o.id] = s
        return out

    def _place_tile(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """No Cave player (RV-03): put the drawn Dark tile near her, to reveal it soon."""
        here = view.pieces.get("knight", view.entrance)
        return {o.id: -float(_manhattan(option_space(o) or here, here)) for o in decision.options}

    def _collapse_tile(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """The Collapse (COL-07..10): take Lit tiles without anything she wants, far from
        her; a Dark tile may be a Crystal tile (5 of them end the game), so keep those."""
        pic = MapPicture(view)
        here = view.pieces.get("knight", view.entrance)
        out = {}
        for o in decision.options:
            q = option_space(o)
            if q is None:
                continue
            tile = pic.tiles.get(q)
            s = 0.1 * _manhattan(q, here)
            if tile is not None and tile.type == "crystal":
                s -= 20.0
            elif tile is not None and not tile.lit and tile.terrain is None:
                s -= 8.0
            toks = pic.tokens(q)
            s -= 3.0 * (toks.get("crystal", 0) + toks.get("treasure", 0))
            out[o.id] = s
        return out

    def _event_offer(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        """Event cards that trade a cube for Health: take them when hurt."""
        me = _own(view)
        hurt = me.health < me.max_health - 1 or me.health <= 3
        return {o.id: (1.0 if (verb(o) == "yes") == hurt else 0.0) for o in decision.options}

    def _yes(self, view: PlayerView, decision: Decision) -> dict[str, float]:
        return {o.id: (1.0 if verb(o) == "yes" else 0.0) for o in decision.options}

    def fallback(self, view: PlayerView, decision: Decision, option: Option) -> float:
        """Any other question: the first option (the engine lists the plain choice first)."""
        return 1.0 if option.id == decision.options[0].id else 0.0

    # her scorers rate all the options of a decision in one pass (her picture is the view)
    SCORERS = {
        DecisionKind.KNIGHT_TURN: rates_all(_knight_turn),
        DecisionKind.KEEP_TREASURE: rates_all(_keep_treasure),
        DecisionKind.CHOOSE_CUBE: rates_all(_choose_cube),
        DecisionKind.AMBUSH_STRENGTH: rates_all(_ambush_strength),
        DecisionKind.AMBUSH_STEP: rates_all(_toward_goals),
        DecisionKind.UNDERWORM: rates_all(_toward_goals),
        DecisionKind.ORIENT_TILE: rates_all(_orient_tile),
        DecisionKind.PLACE_TILE: rates_all(_place_tile),
        DecisionKind.COLLAPSE_TILE: rates_all(_collapse_tile),
        DecisionKind.FORCED_MOVE: rates_all(_toward_goals),
        DecisionKind.MIGHTY_AXE: rates_all(_yes),
        DecisionKind.TERRAIN_RIDE: rates_all(_toward_goals),
        DecisionKind.EVENT_LIGHT: rates_all(_event_offer),
        DecisionKind.EVENT_FRESH: rates_all(_event_offer),
        **GHOUL_ANSWERS,
    }


def _own(view: PlayerView) -> KnightBoard:
    """Her own board (her view always shows it)."""
    me = view.boards.knight
    assert me is not None
    return me


def _manhattan(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
