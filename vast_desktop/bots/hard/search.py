"""The Hard computer player: the Easy player's heuristics, steered by search.

**Its plan for the turn.**  At the first decision of each of its turns it draws worlds
consistent with its view (``worlds.world_scenario`` — built from the view alone, hidden
things drawn at random from what is unaccounted for); in each world it plays its turn once
with each of a few strategies (``param_variants``: the Easy player's weights, and variations
that favour one part of its plan — only those that matter with the roles in play, so the
Knight weighs a Thief hunt only with a Thief to hunt), lets the others answer with their
Easy players until its next turn begins (or the game ends), and judges where that leaves it with
``value.win_chance`` — a win chance learned from games, so a turn that looks busy but loses
the race is not mistaken for progress.  The strategy with the best mean plays the turn.

**Each decision of the turn.**  The same worlds then follow the real game through the turn
(``turn_worlds``): a world the game disproves — a tile revealed as another, a die rolled
otherwise — is dropped.  At each of its decisions the strategy scores the options as the
Easy player would; the best few (``top``) are each played on in every world still kept,
to its next turn as above, and the one with the best mean win chance is chosen.  So it
keeps the heuristic's judgement of which moves are worth a look, and lets the rollouts
settle between them (``search_top``: three options, or as the role's Easy class asks
with the roles in play — one where the rollouts are known to misjudge its decisions, so
it plays the strategy the search chose as that strategy scores).  Outside its turns it
plays as the Easy player.

Every option and strategy is tried in the same worlds with the same dice (common random
numbers), so the comparison measures the choices, not the luck of their draws.

The search does a fixed amount of work per decision — ``rounds`` worlds (``search_rounds``: 3,
or more where the role's Easy class asks for it with the roles in play), every strategy or
candidate played on in each of them — and never looks at a clock to decide how much: a search
cut short by a wall-clock limit plays differently on a busy machine than on a quiet one, so
the same seed would not give the same game (issue 25, item 7).  The work was sized so that a
decision stays well under a second at p95 on the project's machine.  The one clock it reads is
a safety net: a decision that spends more than ``cpu_limit`` seconds of CPU time (a generous
limit, far beyond any decision measured) raises :class:`HardBudgetExceeded` — an error that
names the decision, never a quieter, different choice.  The Easy players inside its rollouts
see the cheaper ``view(..., minimal=True)``, which leaves out only what no Easy player reads.
Everything random comes from the bot's own seeded RNG.
"""
from __future__ import annotations

import importlib
import random
import time
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...engine import EngineError  # the error type only: a bot never holds a game
from ...engine.decisions import Decision, IllegalChoice
from ...engine.kinds import DecisionKind
from ...engine.scenario import load_scenario
from ...engine.view import PlayerView, view
from ..registry import EASY, ROLES
from .turn_worlds import TurnWorlds
from .value import win_chance

MAX_ROLLOUT_CHOICES = 400
CPU_LIMIT = 60.0            # seconds of CPU time one decision may spend before it is an error
DEFAULT_ROUNDS = 3          # worlds per search, for a role whose Easy class names no ``search_rounds``
DEFAULT_TOP = 3             # options played on per decision, for a role whose Easy class names no ``search_top``
# options the Ghouls' moves and acts play on (``decision_top``): their turns are many small decisions
# (a step, an attack, a Terror card).  The Ghoul's: three options at each made its games take 20-40 s
# and its p95 near 1 s (2 cores shared); with one, each turn's strategy is still chosen by search
# (``search``).  The Vile Ghoul's turn is shorter (no dice kept, no Fury): with two, its p95 stayed
# under 0.2 s and it beat the Easy Dragon 57.0% of 200 games (45.0% with one) and the Easy Knight
# 25.0% of 300 (20.7% with one; docs/BOTS.md)
GHOULS_TOP: Mapping[str, int] = MappingProxyType({"ghoul": 1, "vile_ghoul": 2})


class HardBudgetExceeded(RuntimeError):
    """A Hard decision spent more CPU time than its safety limit: the search's fixed work
    is far larger than it was sized for (an engine or bot fault), so it stops with an error
    rather than choose from less work than the same seed does elsewhere."""


def easy_class(role: str) -> Any:
    module, name = EASY[role]
    return getattr(importlib.import_module(f"vast_desktop.bots.{module}"), name)


def param_variants(cls: Any, roles: Collection[str] = ROLES, limit: int = 5) -> list[dict[str, float]]:
    """The strategies the search tries with ``roles`` in play: the class's own list if it has
    one, else only its defaults (a weight halved or doubled blindly can be a strategy no one
    would play).  A strategy that only differs against a role not in play would play as the
    defaults do, so the classes leave it out and its rollouts go to one that matters."""
    own = getattr(cls, "param_variants", None)
    if callable(own):
        return list(own(frozenset(roles)))[:limit]
    return [dict(cls.default_params())]


def _class_count(cls: Any, name: str, roles: Collection[str], default: int) -> int:
    """A search size the role's Easy class sets for ``roles`` in play (its classmethod
    ``name``), else ``default``."""
    own = getattr(cls, name, None)
    return int(own(frozenset(roles))) if callable(own) else default


def search_rounds(cls: Any, roles: Collection[str] = ROLES) -> int:
    """How many worlds each search draws with ``roles`` in play: the class's own
    ``search_rounds`` if it has one, else ``DEFAULT_ROUNDS``."""
    return _class_count(cls, "search_rounds", roles, DEFAULT_ROUNDS)


def search_top(cls: Any, roles: Collection[str] = ROLES) -> int:
    """How many of the heuristic's best options each decision of its turn plays on with
    ``roles`` in play: the class's own ``search_top`` if it has one, else ``DEFAULT_TOP``;
    1 plays the turn's strategy as it scores (the strategy is still chosen by search).  The
    Ghouls' moves and acts weigh fewer (``decision_top``)."""
    return _class_count(cls, "search_top", roles, DEFAULT_TOP)


def decision_top(role: str, top: int, kind: DecisionKind) -> int:
    """How many options a decision of ``kind`` in ``role``'s turn plays on, ``top`` as its role
    asks (``search_top``): the Ghoul's and the Vile Ghoul's moves and acts (GH-09..24, VG-08, the
    many small steps of their turn) at most ``GHOULS_TOP`` of it; their other decisions — which die it
    sets aside or places on its chart, its first Dark tile, the Terror cards it keeps — and every
    other role's, ``top``."""
    limit = GHOULS_TOP.get(role)
    return min(top, limit) if limit is not None and kind == DecisionKind.GHOUL_TURN else top


class HardBot:
    needs_view = True

    def __init__(self, role: str, seed: int = 0, rounds: int | None = None, top: int | None = None,
                 margin: float | None = None, cpu_limit: float = CPU_LIMIT) -> None:
        self.role = role
        self.rng = random.Random(seed)
        self.cls = easy_class(role)
        self.rounds_given = rounds       # worlds per search; None: as ``search_rounds`` fits the game
        # CPU seconds one decision may spend before it raises HardBudgetExceeded (never a
        # limit on the work: the work is fixed, so the choices do not depend on the machine)
        self.cpu_limit = cpu_limit
        self.decision_started = 0.0      # process CPU time when the decision being made began
        self.top_given = top             # options played on per decision; None: as ``search_top`` fits the game
        # how much better by the rollouts another option must do to overrule the heuristic's
        # pick: the role's own ``search_margin`` unless given
        self.margin = getattr(self.cls, "search_margin", 0.0) if margin is None else margin
        self.seed = seed
        self.fitted_to: frozenset[str] | None = None   # the roles in play its strategies are for
        self.fit(ROLES)
        self.planned_for: tuple[int, str] | None = None
        self.worlds = TurnWorlds(role)
        self.scenarios: list[tuple[dict[str, Any], int]] = []    # this turn's worlds: scenario, play seed
        self.last_search: list[tuple[float, int]] = []      # per strategy: mean win chance, worlds
        self.last_choice: list[tuple[str, float, int]] = []  # per candidate of the last decision searched
        self.failed_worlds: list[str] = []                  # worlds left out of searches, and why
        self.decisions_searched = 0
        self.heuristic_overruled = 0

    def fit(self, roles: Collection[str]) -> None:
        """Its strategies (and a fresh player for each), how many worlds each search draws
        and how many options each decision plays on, for a game with ``roles`` in play."""
        self.fitted_to = frozenset(roles)
        self.rounds = search_rounds(self.cls, self.fitted_to) if self.rounds_given is None else self.rounds_given
        self.top = search_top(self.cls, self.fitted_to) if self.top_given is None else self.top_given
        self.variants = param_variants(self.cls, self.fitted_to)
        self.policies = [self.cls(seed=self.seed, params=p) for p in self.variants]
        for policy in self.policies:
            policy.chooser = self.choose
        self.current = self.policies[0]

    def __call__(self, v: PlayerView, decision: Decision) -> str:
        if self.fitted_to != frozenset(v.roles):
            self.fit(v.roles)
        if len(decision.options) == 1:
            return decision.options[0].id
        self.decision_started = time.process_time()
        if v.active == self.role and (v.round, v.active) != self.planned_for and v.outcome is None:
            self.planned_for = (v.round, v.active)
            self.current = self.policies[self.search(v)]
            if self.top > 1:
                self.worlds.begin(self.scenarios, v.rules)
        return self.current(v, decision) if v.active == self.role else self.policies[0](v, decision)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ the turn's plan
    def search(self, v: PlayerView) -> int:
        """Draw this turn's worlds; the index of the strategy whose rollouts leave the best
        win chance from this view."""
        from .worlds import WorldError, world_scenario

        self.scenarios = []
        for _ in range(self.rounds):
            world_seed, play_seed = self.rng.getrandbits(32), self.rng.getrandbits(32)
            try:
                self.scenarios.append((world_scenario(v, random.Random(world_seed)), play_seed))
            except WorldError as exc:
                self.failed_worlds.append(f"{type(exc).__name__}: {exc}")
        if len(self.variants) == 1:
            return 0
        totals = [0.0] * len(self.variants)
        counts = [0] * len(self.variants)
        playable = []
        for scenario, play_seed in self.scenarios:
            try:
                scores = [self.rollout(load_scenario(scenario, rules=v.rules), i, play_seed) for i in range(len(self.variants))]
            except EngineError as exc:
                # a world the rules cannot play on (a guess the view cannot rule out, or an
                # engine fault) is left out for every strategy alike; the real game goes on
                self.failed_worlds.append(f"{type(exc).__name__}: {exc}")
                continue
            playable.append((scenario, play_seed))
            for i, score in enumerate(scores):
                totals[i] += score
                counts[i] += 1
        self.scenarios = playable
        means = [t / c if c else -1.0 for t, c in zip(totals, counts, strict=True)]
        self.last_search = list(zip(means, counts, strict=True))
        return max(range(len(means)), key=lambda i: (means[i], -i))

    # ------------------------------------------------------------------ each decision
    def choose(self, v: PlayerView, decision: Decision, scores: Sequence[float], pick: str) -> str:
        """The strategy's chooser (``ScoredBot.chooser``): in its own turn, the best of the
        heuristic's top few options by their rollouts in the worlds still consistent with
        the game; elsewhere (or with no such world) the heuristic's own ``pick``."""
        if v.active != self.role or self.top < 2:
            return pick                 # (one option to weigh: no world follows the turn)
        top = self.top if self.top_given is not None else decision_top(self.role, self.top, decision.kind)
        worlds = self.worlds.catch_up(v, decision)
        ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
        candidates = [pick] + [decision.options[i].id for i in ranked if decision.options[i].id != pick]
        candidates = candidates[:top]
        choice = pick
        if worlds and len(candidates) > 1:
            choice = self._best_candidate(candidates, worlds)
        self.worlds.follow(choice)
        return choice

    def _best_candidate(self, candidates: list[str], worlds: list[Any]) -> str:
        """The candidate with the best mean win chance over ``worlds``; the first — the
        heuristic's pick — unless another beats it by more than ``margin``."""
        self.decisions_searched += 1
        strategy = self.policies.index(self.current)
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        for w in worlds:
            try:
                scores = {}
                for c in candidates:
                    g = w.branch()
                    g.apply(c)
                    scores[c] = self.rollout(g, strategy, w.seed)
            except (EngineError, IllegalChoice) as exc:
                self.failed_worlds.append(f"{type(exc).__name__}: {exc}")
                continue
            for c, score in scores.items():
                totals[c] += score
                counts[c] += 1
        means = {c: totals[c] / counts[c] if counts[c] else -1.0 for c in candidates}
        self.last_choice = [(c, means[c], counts[c]) for c in candidates]
        best = max(candidates, key=lambda c: means[c])      # max keeps the first of equals: the pick
        if means[best] - means[candidates[0]] <= self.margin:
            best = candidates[0]
        if best != candidates[0]:
            self.heuristic_overruled += 1
        return best

    def rollout(self, world: Any, variant: int, seed: int) -> float:
        """Play the world on with strategy ``variant`` in this seat and Easy players elsewhere
        until this role's next turn begins; this role's win chance there.  Every player in
        it sees the minimal view (``view(..., minimal=True)``: all that the Easy players and
        ``win_chance`` read, without what only a person or the forward model reads), which
        gives the choices the full view gives, for less work."""
        bots = {r: (self.cls(seed=seed, params=self.variants[variant]) if r == self.role
                    else easy_class(r)(seed=seed + 1)) for r in world.state.roles}
        left_turn = world.state.active != self.role
        steps = 0
        while world.outcome is None and steps < MAX_ROLLOUT_CHOICES:
            d = world.pending
            if world.state.active != self.role:
                left_turn = True
            elif left_turn:
                break                                     # its next turn: judge here
            world.apply(bots[d.role](view(world, d.role, minimal=True), d))
            steps += 1
        self.check_cpu()
        return win_chance(view(world, self.role, minimal=True), self.role)

    def check_cpu(self) -> None:
        """Raise :class:`HardBudgetExceeded` once the decision being made has spent more than
        ``cpu_limit`` seconds of CPU time.  Only ever an error: the search's work never
        depends on the clock."""
        spent = time.process_time() - self.decision_started
        if spent > self.cpu_limit:
            raise HardBudgetExceeded(
                f"the Hard {self.role}'s decision spent {spent:.1f} s of CPU time, over its safety limit of "
                f"{self.cpu_limit:g} s: its search ({self.rounds} worlds, {len(self.variants)} strategies, "
                f"{self.top} options per decision) is far slower than it was sized for")
