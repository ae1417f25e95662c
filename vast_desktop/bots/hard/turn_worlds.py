"""Worlds that follow the Hard player through its turn.

The Hard player draws its worlds at the start of its turn (``worlds.world_scenario``: every
public fact copied, every hidden one guessed).  To weigh a decision later in the same turn it
needs those worlds *at that decision*: so each world is played along with the real game —
the player's own choices applied as made, the other roles' answers in between (a Goblins'
Ambush, a Dragon's reaction…) played by their Easy players (on the minimal view,
``view(..., minimal=True)``, with which they choose as with the full one).

A world stays only while it shows the player exactly what the real game shows (its
:func:`observation`): the map, pieces, supply, boards and the options offered.  A guess
the game has since disproved — a Dark tile revealed as another tile, a die rolled
differently, another Monster drawn — drops the world.  This is rejection sampling: the
worlds kept are the guesses still consistent with everything the player has seen, so the
search never plans on a position it knows to be false.

A world disproved only by *which* component a hidden draw turned out to be (the tile under a
Dark tile, the Monster or Treasure drawn) is first mended: the two components are swapped
in the world's scenario — the one the game showed comes where the world had the other, which
goes where the shown one was hidden — and the turn so far is played again in it (the
player's own choices as made).  If the mended world shows what the game shows it is kept.
So a guess is corrected by what the player learns instead of thrown away.  A world where
the Dragon die came up otherwise is played again with other dice, a few times, in the hope
they come up as in the game.  When no world is
left, the player goes on with its heuristic until its next turn draws new worlds.

The others' answers in a world are steered by what the game shows, where it shows it: when
the Cave fills a space with a Dark tile from its hand, the world's Cave places a tile with the
back the game shows there (its tile is hidden, its Tribe is not), not any tile its Easy player
would pick.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...engine import EngineError  # the error type only: a bot never holds the real game
from ...engine.api import replay
from ...engine.board_views import ROLE_BOARDS, shown_entries
from ...engine.decisions import Decision, IllegalChoice
from ...engine.geometry import parse_pos
from ...engine.option_ids import parse
from ...engine.scenario import ScenarioError, load_scenario
from ...engine.view import PlayerView, TileView, view
from ...rules_data import RulesData
from ..base import Bot
from ..registry import make_bot

if TYPE_CHECKING:   # worlds are games the bot built itself from its view (worlds.py), never the real one
    from ...engine import Game

# fields of another role's board (engine/board_views.py) that belong to its turn and are reset only when its next
# turn starts: until then they show its last turn, while a world (which begins the viewer's
# turn afresh) shows them reset — they say nothing about the position now
PER_TURN_KEYS = frozenset({
    "moved", "encounters_used", "phase",                    # Knight, Dragon: Movement, Encounters, turn phase
    "omen_uses", "omen_costs",                              # Cave: Omens used this turn and so their costs
    "activated", "war_card",                                # Goblins: Tribes activated, the War card resolved
    "movement_left", "targeted",                            # Thief: Movement left, whom she targeted
})
# the same for one role's board only (a key another board uses for what stays between turns):
# the Ghoul's roll, the dice it kept and set aside, its movement, whom it attacked and the Terror
# cards it used, all reset when its turn starts (GH-06, GH-17, GH-30); the Vile Ghoul's movement,
# whom it attacked, the Terror cards it used, its Boost dice spent and its Boost/Hunt bonus (VG-08,
# VG-09, VG-11)
PER_TURN_KEYS_OF = {
    "ghoul": frozenset({"rolled", "kept", "set_aside", "movement", "attacked", "terror_first_used"}),
    "vile_ghoul": frozenset({"movement", "attacked", "terror_first_used", "boost_spent", "bonus"}),
}
# at most this many choices by others between two of the player's decisions in a world
MAX_CATCH_UP = 200
# at most this many swaps, and this many other dice, to mend one world at one decision
MAX_MENDS = 2
MAX_REROLLS = 6


def observation(v: PlayerView, decision: Decision) -> tuple[Any, ...]:
    """What the viewer of ``v`` can tell about the position when ``decision`` is put to it:
    two positions with the same observation are the same as far as it can know."""
    boards: dict[str, Any] = {}
    for role in ROLE_BOARDS:
        board = v.boards.of(role)
        if board is not None:
            shown = shown_entries(board)
            turn_keys = PER_TURN_KEYS | PER_TURN_KEYS_OF.get(role, frozenset())
            boards[role] = shown if role == v.viewer else {k: x for k, x in shown.items() if k not in turn_keys}
    boards["decks"] = v.boards.decks
    return (v.tiles, tuple(sorted(v.pieces.items())), v.rockslides, v.bombs, tuple(sorted(v.supply.items())),
            repr(boards), v.collapse, v.stack_count, v.crystal_tiles_removed, v.removed,
            decision.role, decision.kind, decision.prompt, decision.ids)


def component_ids(rules: RulesData) -> frozenset[str]:
    """The ids of the components a hidden draw can turn up in a game of ``rules``: Cave tiles and
    cards, the Ghoul's Terror cards among them."""
    decks = ("events", "treasures", "sidequests", "war", "monsters", "secrets", "powers", "scales")
    return frozenset({t.id for t in rules.tiles} | {c for d in decks for c in rules.deck(d, include_promo=True)}  # type: ignore[arg-type]
                     | set(rules.ghoul.terror_deck()))


def shown_instead(real: Any, world: Any, out: list[tuple[str, str]], ids: frozenset[str]) -> None:
    """Collect into ``out`` the pairs (what the game shows, what the world shows in its place)
    of components (``ids``: :func:`component_ids`), walking two views' dicts side by side."""
    if isinstance(real, str) and isinstance(world, str):
        if real != world and real in ids and world in ids:
            out.append((real, world))
    elif isinstance(real, dict) and isinstance(world, dict):
        for k in real.keys() & world.keys():
            shown_instead(real[k], world[k], out, ids)
    elif isinstance(real, (list, tuple)) and isinstance(world, (list, tuple)) and len(real) == len(world):
        for a, b in zip(real, world, strict=True):
            shown_instead(a, b, out, ids)


def swapped(data: Any, a: str, b: str) -> Any:
    """``data`` (a scenario) with the component ids ``a`` and ``b`` exchanged everywhere."""
    if isinstance(data, str):
        return b if data == a else a if data == b else data
    if isinstance(data, dict):
        return {swapped(k, a, b): swapped(x, a, b) for k, x in data.items()}
    if isinstance(data, list):
        return [swapped(x, a, b) for x in data]
    return data


def consistent_options(d: Decision, tiles: dict[Any, TileView], rules: RulesData) -> Decision:
    """``d`` with only the tile placements (``fill:T12@x,y``) that put on a space the tile the
    real game shows there — the same Tribe on its back, the same tile once Lit; ``d`` itself if
    it places no tile or none fits (``rules``: the game's, for the tiles' Tribes)."""
    fits = []
    for o in d.options:
        verb, arg = parse(o.id)
        tile_id, at, where = arg.partition("@")
        if verb != "fill" or not at:
            return d
        shown = tiles.get(parse_pos(where))
        if shown is not None and rules.tile(tile_id).tribe == shown.tribe and shown.tile_id in (None, tile_id):
            fits.append(o)
    return replace(d, options=tuple(fits)) if fits else d


@dataclass
class TrackedWorld:
    """One guessed world, kept at the player's current decision."""

    game: Game
    seed: int                                         # its rollouts' and its other players' seed
    scenario: dict[str, Any]                          # how it began the turn (to mend it)
    others: dict[str, Bot] = field(default_factory=dict)

    def branch(self) -> Game:
        """A copy to play a candidate on (the world itself stays at the decision): its scenario
        loaded again and its choices replayed — not ``Game.rebuilt``, which starts without the
        dice the scenario scripts (the Ghoul's roll, ``worlds.py``)."""
        return replay(self.game.setup, self.game.choices, scenario=self.scenario, rules=self.game.rules)

    def restart(self, scenario: dict[str, Any]) -> bool:
        """Begin the turn again from ``scenario`` (False if the rules cannot set it up)."""
        try:
            self.game = load_scenario(scenario, rules=self.game.rules)   # the same rules as the world had
        except (ScenarioError, EngineError):
            return False
        self.scenario, self.others = scenario, {}
        return True


class TurnWorlds:
    """The worlds of one turn of ``role``, kept in step with the real game."""

    def __init__(self, role: str) -> None:
        self.role = role
        self.worlds: list[TrackedWorld] = []
        self.mine: list[str] = []   # the player's choices this turn, as made in the real game
        self.shown: dict[Any, TileView] = {}    # the map the game shows at the decision caught up to
        self.dropped = 0            # worlds the real game disproved (statistics for benchmarks)
        self.mended = 0

    def begin(self, worlds: list[tuple[dict[str, Any], int]], rules: RulesData) -> None:
        """This turn's worlds (scenario, seed), each at the start of the turn, played with
        ``rules`` (the real game's, from the view: a world with other numbers could refuse
        a choice the real game offers)."""
        self.mine = []
        self.worlds = []
        for scenario, seed in worlds:
            try:
                self.worlds.append(TrackedWorld(load_scenario(scenario, rules=rules), seed, scenario))
            except (ScenarioError, EngineError):
                self.dropped += 1

    def catch_up(self, v: PlayerView, decision: Decision) -> list[TrackedWorld]:
        """Bring every world to the player's next real decision (the others' answers by their
        Easy players, the player's own forced choices taken) and keep those that show it what
        the real game shows, mended where they can be; the kept worlds."""
        seen = observation(v, decision)
        self.shown = {t.pos: t for t in v.tiles}
        kept = []
        for w in self.worlds:
            if self._advance(w) and self._observed(w) == seen:
                kept.append(w)
            elif self._mend(w, v, seen):
                self.mended += 1
                kept.append(w)
            else:
                self.dropped += 1
        self.worlds = kept
        return kept

    def follow(self, choice: str) -> None:
        """The player chose ``choice`` in the real game: so it does in every world."""
        self.mine.append(choice)
        kept = []
        for w in self.worlds:
            try:
                w.game.apply(choice)
            except (IllegalChoice, EngineError):
                self.dropped += 1
                continue
            kept.append(w)
        self.worlds = kept

    def _observed(self, w: TrackedWorld) -> tuple[Any, ...] | None:
        d = w.game.pending
        return None if d is None or w.game.outcome is not None else observation(view(w.game, self.role), d)

    def _mend(self, w: TrackedWorld, v: PlayerView, seen: tuple[Any, ...]) -> bool:
        """Mend ``w`` so it shows what the game shows, if it can be: by its components, else
        by its dice."""
        return self._swap_components(w, v, seen) or self._reroll(w, v, seen) or self._ghoul_dice(w, v, seen)

    def _ghoul_dice(self, w: TrackedWorld, v: PlayerView, seen: tuple[Any, ...]) -> bool:
        """The Ghoul rolled otherwise in its own world (GH-06: a roll after the world was drawn,
        as on its first turn, after it places itself): play the turn again with the faces the
        game shows scripted, then mend what the roll drew."""
        real = v.boards.ghoul
        state = w.game.state.ghoul
        if (self.role != "ghoul" or real is None or state is None or not real.rolled
                or tuple(state.rolled) == tuple(real.rolled) or "ghoul" not in w.scenario):
            return False
        if not w.restart({**w.scenario, "ghoul": {**w.scenario["ghoul"], "dice": list(real.rolled)}}):
            return False
        return self._replay_mine(w) and (self._observed(w) == seen or self._swap_components(w, v, seen))

    def _reroll(self, w: TrackedWorld, v: PlayerView, seen: tuple[Any, ...]) -> bool:
        """The Dragon die came up otherwise in the world (DIE-01): play the turn again with
        other dice (another seed for the world's own RNG) until it comes up as in the game,
        a few times at most."""
        if w.game.outcome is not None or v.last_roll is None or w.game.state.last_roll == v.last_roll:
            return False
        rng = random.Random(f"{w.seed}:{len(self.mine)}")
        base = w.scenario
        for _ in range(MAX_REROLLS):
            if not w.restart({**base, "setup": {**base["setup"], "seed": rng.getrandbits(31)}}):
                return False
            if not self._replay_mine(w) or w.game.state.last_roll != v.last_roll:
                continue
            if self._observed(w) == seen or self._swap_components(w, v, seen):
                return True
        return False

    def _swap_components(self, w: TrackedWorld, v: PlayerView, seen: tuple[Any, ...]) -> bool:
        """Swap the components the world guessed wrong for those the game showed, play the
        turn again in it, and report whether it now shows what the game shows."""
        real = v.to_dict()
        ids = component_ids(v.rules)
        for _ in range(MAX_MENDS):
            if w.game.pending is None or w.game.outcome is not None:
                return False
            pairs: list[tuple[str, str]] = []
            shown_instead(real, view(w.game, self.role).to_dict(), pairs, ids)
            # a tile the game revealed where the world still has a Dark tile (or another one)
            placed = w.game.state.board.tiles
            pairs += [(t.tile_id, placed[t.pos].tile_id) for t in v.tiles
                      if t.tile_id is not None and t.pos in placed and placed[t.pos].tile_id != t.tile_id]
            if not pairs:
                return False
            scenario = w.scenario
            for a, b in dict.fromkeys(pairs):
                scenario = swapped(scenario, a, b)
            if not w.restart(scenario):
                return False
            if self._replay_mine(w) and self._observed(w) == seen:
                return True
        return False

    def _replay_mine(self, w: TrackedWorld) -> bool:
        """Play the turn so far again in ``w`` (the player's own choices as made) up to its
        next decision."""
        for choice in self.mine:
            if not self._advance(w):
                return False
            try:
                w.game.apply(choice)
            except (IllegalChoice, EngineError):
                return False
        return self._advance(w)

    def _advance(self, w: TrackedWorld) -> bool:
        g = w.game
        try:
            for _ in range(MAX_CATCH_UP):
                d = g.pending
                if g.outcome is not None or d is None:
                    return False
                if d.role == self.role and len(d.options) > 1:
                    return True
                if d.role == self.role:
                    g.apply(d.options[0].id)          # what the real game's player took too
                    continue
                bot = w.others.get(d.role)
                if bot is None:
                    bot = w.others[d.role] = make_bot(d.role, "easy", w.seed)
                g.apply(bot(view(g, d.role, minimal=True), consistent_options(d, self.shown, g.rules)))
        except (IllegalChoice, EngineError):
            return False
        return False
