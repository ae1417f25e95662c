"""The Easy Vile Ghoul: pick the row, hunt its prey, or smash and escape (issue 29, VG-01..15).

Its plan, read only off its :class:`PlayerView` (its :class:`VileGhoulBoard`) and the pending
:class:`Decision`; the moves, the outlook of a space and the Terror cards are the Easy Ghoul's
(:class:`.ghoul.HuntPicture`, :func:`.ghoul.score_move`, :func:`.ghoul.score_terror`):

* **Goal** (VG-01): the role it hunts (the Knight, else the Dragon) — every attack on it takes
  1 Health, the last wins; with neither, the Crystals it must smash (an Attack of 3, VG-12), then
  the Entrance.  Other pieces are worth an attack only for the Terror card it draws (VG-15);
  Treasure a little (a Terror card per 2) while it hunts; Crystals nothing then (smashing them
  helps the Knight).
* **Crystals turn up only when a Dark tile is revealed**, which its moves never do (GH-10): while
  Crystals are its goal it keeps Scour (Adapt searches for it; attacks on the Thief and Treasure
  draw Terror cards, and killing him lets it keep one of several) and peeks at a new Dark tile
  each turn, spending Scour's once-per-game effect only in the Collapse; with no Cave player it
  places its Dark tile next to the Thief or the Knight, who reveal what they enter, and in the
  Collapse spares the Crystal tiles.
* **The Flare** (RV-30/31, alone: every game that counts its Crystals hands it the Flare): its
  movement left is worth the Dark tiles its Flares can still reveal (from the best space in
  reach, :meth:`.ghoul.HuntPicture.flare_potential`), so it flares rather than wander or end with
  movement, and walks first to where each Flare reveals more; a Crystal it can reach and smash
  comes before any Flare; no Flare once its Crystals are smashed (the Entrance counts alone).
  A tile it reveals is turned with its walls to the empty spaces: each open edge there draws a
  tile, and the empty stack starts the Collapse that races its Crystals (MAP-20, COL-01).
  Treasure is then worth nothing (2 movement to collect are 2 Flares), and an attack on the
  Thief less than a Crystal.
* **A goal needs Attack above its defence** (VG-12): the prey's Strength or Armor + 1, 3 for a
  Crystal; that is the Attack an outlook asks of a goal reachable this turn.
* **The chart row** (VG-06): the supply die whose row (Movement, Attack, and the Boost dice on
  its right, VG-09/11) gives the best outlook this turn, keeping in supply a die that can still
  attack the prey on a later turn when this one does not reach it.
* **Boost dice**: a die left counts as the Attack a goal in reach lacks; +1 Attack when the prey
  or a piece on its space or next to it, or the Crystal it stands on, needs exactly that; else
  +1 movement (a die unspent at the end of the turn is lost).
* **Cheat** sets the die of the best row; a die rolled again is the lowest one below 3.

The weights are ``params`` (see :meth:`EasyVile_Ghoul.default_params`).  It keeps no memory
between decisions.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property

from ...engine.board_views import VileGhoulBoard
from ...engine.decisions import Decision, Option
from ...engine.geometry import DELTA, Pos, manhattan
from ...engine.kinds import DecisionKind
from ..features import arg, option_space, verb
from .ghoul import (
    Goal,
    HuntBot,
    HuntPicture,
    defence_of,
    score_adapt,
    score_flare,
    score_move,
    score_place,
    score_scour,
    score_skitter,
    score_symbol,
    score_take_treasure,
    score_terror,
    score_terror_keep,
)

PIECE = "vile_ghoul"
SCOUR = "scour"


@dataclass
class VilePicture(HuntPicture):
    """The Vile Ghoul's reading of one view: its board, its goal and the Attack each target needs."""

    piece = PIECE
    flare_note = "The Flare reveals the Dark tiles around it: Crystals to smash."

    @cached_property
    def me(self) -> VileGhoulBoard:
        me = self.view.boards.vile_ghoul
        assert me is not None, "the Vile Ghoul's player sees its board"
        return me

    @property
    def movement(self) -> int:
        return self.me.movement

    @property
    def attack(self) -> int:
        """The row's Attack: a Boost die's bonus lasts one move only (VG-11), and is read apart."""
        return self.me.attack

    @property
    def counts_crystals(self) -> bool:
        return self.me.hunted is None

    @cached_property
    def may_escape(self) -> bool:
        """VG-01: its Crystals smashed, the Entrance wins (against the Cave alone the last smash wins)."""
        me = self.me
        return self.counts_crystals and me.crystals_goal is not None and me.smashed >= me.crystals_goal

    def health(self, piece: str) -> int:
        board = self.view.boards.knight if piece == "knight" else self.view.boards.dragon
        return max(1, int(getattr(board, "health", 3)))

    def attack_value(self, piece: str) -> float:
        """An attack's worth: on its prey, a step to the win (more the less Health it has left);
        on another piece, the Terror card it draws — much while Crystals are its goal and it
        lacks Scour (killing the Thief even lets it keep one of several, VG-15, GH-23)."""
        p = self.params
        if piece == self.me.hunted:
            return p["hunt"] + p["kill"] / self.health(piece)
        if not self.counts_crystals:
            return p["attack"]
        return p["attack_crystals"] if self.has_scour else p["attack_for_scour"]

    @cached_property
    def has_scour(self) -> bool:
        """Whether Scour is face up before it or out of the game (no Terror card drawn can be it)."""
        return SCOUR in self.me.terror or SCOUR in self.me.terror_removed

    @property
    def treasure_value(self) -> float:
        """A Treasure or Gem: half a Terror card — worth more while Crystals are its goal, where a
        Terror card may be the Scour that reveals them."""
        return self.params["treasure_crystals" if self.counts_crystals else "treasure"]

    def need(self, piece: str) -> int | None:
        """VG-12: the Attack that attacks ``piece`` (its defence + 1), or None: not a target."""
        d = defence_of(self.view, piece)
        return None if d is None else max(0, d) + 1

    @cached_property
    def prey_need(self) -> int:
        """The Attack its goal asks for: the prey's defence + 1, or a Crystal's (VG-12)."""
        hunted = self.me.hunted
        if hunted is not None:
            return self.need(hunted) or 1
        return int(self.view.rules.vile_ghoul.crystal_smash_attack)

    @cached_property
    def goals(self) -> list[Goal]:
        p = self.params
        v = self.view
        if self.may_escape:
            return [Goal(v.entrance, p["escape"])]
        out: list[Goal] = []
        for piece, at in v.pieces.items():
            need = self.need(piece)
            if piece == PIECE or piece in self.me.attacked or need is None:
                continue
            out.append(Goal(at, self.attack_value(piece), discs=need, charge=True))
        collect = int(v.rules.ghoul.collect_cost)
        smash = int(v.rules.vile_ghoul.crystal_smash_attack)
        for t in v.tiles:
            toks = t.tokens
            if toks.get("treasure") or any(n for k, n in toks.items() if k.startswith("gem_") and n):
                out.append(Goal(t.pos, self.treasure_value, movement=collect))
            if self.counts_crystals and toks.get("crystal"):
                out.append(Goal(t.pos, p["crystal"], discs=smash))
            if self.may_scour and not t.lit and t.pos not in self.occupied and t.pos != self.start:
                out.append(Goal(t.pos, p["peek"]))
        return out + self.flare_spots()

    @cached_property
    def flares(self) -> bool:
        """Whether the Flare is its way to find Crystals now: Crystals its goal (every game that
        counts them hands it the Flare: RV-30, RV-31, alone) and not all smashed yet, and on its
        turn the Flare offered (movement left for it); in its other decisions (the row, the
        skitter, the first placement) the turn ahead will offer it."""
        if not self.counts_crystals or self.may_escape:
            return False                  # hunting, or its Crystals smashed: the Entrance is all that counts
        if self.decision.kind == DecisionKind.GHOUL_TURN:
            return self.decision.option("flare:") is not None
        return True

    @cached_property
    def start(self) -> Pos | None:
        """Where it stands while it has not moved this turn (its full row's Movement left): the
        tile it ended its last turn on, peeked then already; None once it has moved."""
        me = self.me
        if not me.chart_left or self.movement < self.row(me.chart_left)[0]:
            return None
        return self.pos

    @cached_property
    def may_scour(self) -> bool:
        """Scour's first effect still to use this turn (a peek at the Dark tile it stands on, which
        it may reveal: the way Crystal tokens reach the map when nobody else reveals tiles), while
        its goal counts Crystals.  Used this turn when it stands on a Dark tile and is not offered."""
        if not self.counts_crystals or SCOUR not in self.me.terror:
            return False
        here = self.pos
        tile = self.map.tiles.get(here) if here is not None else None
        if self.decision.kind == DecisionKind.GHOUL_TURN and tile is not None and not tile.lit:
            return f"terror:{SCOUR}:first" in self.decision.ids
        return True

    @cached_property
    def boost_attack(self) -> int:
        """The Attack its Boost dice still to spend this turn could add (VG-09/11): on its turn, a
        goal that asks for that much more is in reach (it spends the die on the Crystal's space, or
        before the move that charges); 0 while it chooses its row (:meth:`row_outlook` weighs them)."""
        if self.decision.kind != DecisionKind.GHOUL_TURN:
            return 0
        me = self.me
        return max(0, me.boost_dice - me.boost_spent) * int(self.view.rules.vile_ghoul.boost.attack)

    def outlook(self, at: Pos | None, movement: int, attack: int, later: int | None = None) -> float:
        """The Easy Ghoul's outlook, with the Attack its Boost dice left could add (:attr:`boost_attack`)."""
        return self.plain_outlook(at, movement, attack + self.boost_attack, later)

    def plain_outlook(self, at: Pos | None, movement: int, attack: int, later: int | None = None) -> float:
        """The outlook with exactly ``attack`` (a Boost die already counted, or spent on movement),
        plus what the movement left can still reveal with the Flare (:meth:`flare_potential`)."""
        return HuntPicture.outlook(self, at, movement, attack, later)

    @cached_property
    def prey_shown(self) -> bool:
        """Crystal tokens on the map while they are its goal: then its movement goes to them first."""
        return self.counts_crystals and any(t.tokens.get("crystal") for t in self.view.tiles)

    @cached_property
    def prey_in_reach(self) -> bool:
        """A Crystal token it can reach and smash this turn (its movement left, its Attack with the
        Boost dice left), while Crystals are its goal."""
        if not self.counts_crystals or self.pos is None:
            return False
        if self.attack + self.me.bonus + self.boost_attack < int(self.view.rules.vile_ghoul.crystal_smash_attack):
            return False
        dist = self.dist_from(self.pos)
        return any(t.tokens.get("crystal") and dist.get(t.pos, 1 << 30) <= self.movement for t in self.view.tiles)

    def row(self, face: int) -> tuple[int, int, int]:
        """VG-06: the Movement (less the Backstab's cubes, plus a Charm's or a Wand's change), the
        Attack and the Boost dice that placing ``face`` gives this turn."""
        me = self.me
        row = self.view.rules.vile_ghoul.chart_row(face)
        return max(0, row.movement - me.backstab + me.card_movement), row.attack, me.chart_right[face - 1]

    def next_attack(self, supply: Collection[int]) -> int:
        """The best Attack of a later turn: the strongest row of ``supply``, or with none left the
        row of an average die of the fresh roll (VG-04)."""
        if not supply:
            return int(self.view.rules.vile_ghoul.chart_row(4).attack)
        return max(self.row(f)[1] for f in supply)

    def later_attack(self, attack: int) -> int:
        """A goal out of reach this turn is attacked on a later one, with a die still in supply."""
        return max(attack, self.next_attack(self.me.supply))

    def row_outlook(self, movement: int, attack: int, boost: int, rest: Collection[int] | None = None) -> float:
        """The best outlook this turn from where it stands, each Boost die spent on movement or
        Attack; ``rest``: the supply it leaves for later turns."""
        data = self.view.rules.vile_ghoul.boost
        later = None if rest is None else self.next_attack(rest)
        return max(self.outlook(self.pos, movement + k * data.movement, attack + (boost - k) * data.attack, later)
                   for k in range(boost + 1))


class EasyVile_Ghoul(HuntBot):  # noqa: N801 - the registry names each Easy player f"Easy{role.title()}"
    """The Vile Ghoul's heuristic player (see the module docstring)."""

    role = PIECE
    picture_class: type[VilePicture] = VilePicture

    @classmethod
    def default_params(cls) -> dict[str, float]:
        return {
            "hunt": 14.0,         # an attack on its prey: 1 Health toward the win
            "kill": 40.0,         # ... and more the less Health it has left (divided by it)
            "attack": 4.0,        # an attack on another piece: a Terror card
            "treasure": 2.5,      # a Treasure or Gem: half a Terror card
            "treasure_crystals": 0.0,  # ... while Crystals are its goal: nothing, the 2 movement to collect
                                       # are 2 Flares (the card may be Scour, rarely)
            "crystal": 16.0,      # a Crystal where its goal counts them
            "attack_crystals": 6.0,   # ... and then an attack on another piece: a Terror card (killing
                                      # the Thief, one kept of several), his loot dropped to collect;
                                      # less than a Crystal or the Flares its movement buys
            "attack_for_scour": 10.0,  # ... more while it has no Scour: the card may be Scour
            "peek": 5.0,          # a Dark tile to Scour while Crystals are its goal (it may hold one)
            "flare": 6.0,         # per Dark tile a Flare on its space reveals (on average), Crystals its goal
            "flare_spot": 2.0,    # ... per such tile, a space to go and use it from
            "flare_left": 3.0,    # ... per such tile a later Flare of this turn's movement left reveals
            "repeek": 1.0,        # ... the one it ended its last turn on (likely peeked then)
            "escape": 100.0,      # the win
            "open_edge": 1.0,     # a revealed tile's open edge on an empty space: a tile drawn, the Collapse nearer
            "wall": 0.4,          # ... its wall toward a tile: +1 movement that way
            "step": 0.05,         # per movement point spent on the way this turn
            "later": 0.6,         # a goal out of reach this turn
            "far": 0.35,          # ... less for each movement point short
            "no_discs": 0.5,      # ... and less again without the Attack for it
            "defense": 0.3,       # per point of Attack kept as Defense (VG-14)
            "reserve": 3.0,       # a supply die left that can attack its goal on a later turn
            "once_per_game": 3.0,  # what a once-per-game effect must beat (the card it spends)
        }

    @classmethod
    def param_variants(cls, roles: Collection[str]) -> list[dict[str, float]]:
        """The strategies the Hard player weighs: as tuned; a relentless hunter (only its prey
        or its Crystals); a gatherer (Terror cards from Treasure and other pieces first)."""
        base = cls.default_params()
        return [base, {**base, "hunt": 20.0, "attack": 2.0, "treasure": 1.0, "treasure_crystals": 3.0},
                {**base, "attack": 7.0, "treasure": 4.5, "treasure_crystals": 7.0}]


# ------------------------------------------------------------------ VG-06: the chart row
def score_select(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """VG-06: the row whose Movement, Attack and Boost dice give the best outlook this turn, plus
    its Defense (VG-14), plus a die kept in supply that attacks the goal on a later turn."""
    p = bot.params
    face = int(arg(option))
    mv, atk, boost = pic.row(face)
    rest = list(pic.me.supply)
    rest.remove(face)
    score = pic.row_outlook(mv, atk, boost, rest) + p["defense"] * atk
    if rest:
        if any(pic.row(f)[1] >= pic.prey_need for f in rest):
            score += p["reserve"]
    else:
        score += p["reserve"] * 0.7                                  # a fresh roll next turn
    if atk >= pic.prey_need:
        bot.note(option.id, "This row's Attack is enough for what the Vile Ghoul is after.")
    else:
        bot.note(option.id, "This row's Movement brings the Vile Ghoul closer; a stronger die waits in supply.")
    return score


# ------------------------------------------------------------------ VG-08..14: its turn
def score_turn(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """What the option gains now plus the outlook it leaves (the Easy Ghoul's moves and Terror
    cards; its own attacks, smashes, Boost dice and end of turn)."""
    p = bot.params
    v = verb(option)
    here = pic.pos
    if v == "end":
        bot.note(option.id, "Nothing more is in reach; its Attack guards it as Defense.")
        return pic.outlook(here, 0, 0)
    if v == "move":
        return score_move(bot, pic, option)
    if v in ("charge", "attack"):
        piece = arg(option).split(":", 1)[1] if v == "charge" else arg(option)
        if piece == pic.me.hunted:
            bot.note(option.id, f"Each attack takes 1 Health from the {piece.title()}: the last one wins.")
            return 1000.0 if pic.health(piece) <= 1 else pic.attack_value(piece) + 2.0
        bot.note(option.id, "An attack draws a Terror card.")
        return pic.attack_value(piece) + p["later"] * 2.0
    if v == "collect":
        bot.note(option.id, "Two Treasures or Gems draw a Terror card.")
        cost = int(pic.view.rules.ghoul.collect_cost)
        return pic.treasure_value + pic.outlook(here, max(0, pic.movement - cost), pic.attack)
    if v == "smash":
        if not pic.counts_crystals:
            return -5.0                                           # it helps the Knight, not the hunt
        bot.note(option.id, "Smashed Crystals count toward the Vile Ghoul's goal.")
        last = pic.me.smashed + 1 >= (pic.me.crystals_goal or 0) and not pic.me.escape
        return 1000.0 if last else 500.0          # each one counts, and the Collapse may take its tile
    if v == "boost":
        return score_boost(bot, pic, option)
    if v == "terror":
        card, _, which = arg(option).partition(":")
        if card == SCOUR and pic.counts_crystals:
            return score_scour_card(bot, pic, option, which.partition(":")[0])
        return score_terror(bot, pic, option)
    if v == "flare":
        return score_flare(bot, pic, option)
    return -1.0


def score_boost(bot: EasyVile_Ghoul, pic: VilePicture, option: Option) -> float:
    """VG-09/11: +1 movement when it improves the outlook; +1 Attack when a piece on its space or
    next to it needs just that (the bonus lasts one move and the attack on entering)."""
    data = pic.view.rules.vile_ghoul.boost
    if arg(option) == "move":
        base = pic.outlook(pic.pos, pic.movement, pic.attack)       # each die left may still add Attack
        kept = pic.attack + pic.boost_attack - int(data.attack)     # ... but this one adds movement
        after = pic.plain_outlook(pic.pos, pic.movement + data.movement, kept)
        if after - base > 0.01:
            bot.note(option.id, "The extra movement puts a goal in reach.")
        return after - 0.02                 # the outlook it leaves, as a move's or the end's: a die unspent is lost
    here = pic.pos
    now = pic.attack + pic.me.bonus                                 # the row's Attack and this move's bonus
    best = -0.05
    smash = int(pic.view.rules.vile_ghoul.crystal_smash_attack)
    if pic.counts_crystals and here is not None and pic.map.tokens(here).get("crystal") and \
            now < smash <= now + data.attack:
        bot.note(option.id, "The extra Attack lets it smash the Crystal it stands on.")
        return bot.params["crystal"] + 1.0
    for piece, at in pic.view.pieces.items():
        need = pic.need(piece)
        if piece == PIECE or piece in pic.me.attacked or need is None or here is None or manhattan(here, at) > 1:
            continue
        if now < need <= now + data.attack:
            best = max(best, pic.attack_value(piece))
            bot.note(option.id, f"The extra Attack lets it attack the {piece.split(':')[0].title()}.")
    return best


def score_scour_card(bot: EasyVile_Ghoul, pic: VilePicture, option: Option, which: str) -> float:
    """Scour while Crystals are its goal: a peek at the Dark tile it stands on (a Crystal tile
    revealed brings a Crystal token); once per game, every Dark tile entered this turn — only in
    the Collapse, since the card kept gives a peek every turn."""
    p = bot.params
    if which == "first":
        if pic.start is not None:
            return p["repeek"]            # the tile it ended its last turn on: most likely peeked then
        bot.note(option.id, "A look under this Dark tile may turn up a Crystal.")
        return p["peek"]
    if not pic.view.collapse:
        return -1.0                       # the card gives a peek every turn until the Collapse: keep it
    dark = sum(1 for t in pic.view.tiles if not t.lit and t.pos != pic.pos)
    return p["peek"] * min(dark, pic.movement) / 2.0 - p["once_per_game"]


# ------------------------------------------------------------------ the other decisions
def score_keep_card(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """The Terror card kept: the Easy Ghoul's weights; Scour first while Crystals are its goal."""
    if pic.counts_crystals and arg(option).partition("#")[0] == SCOUR:
        return 10.0
    return score_terror_keep(bot, pic, decision, option)


def score_discard_card(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    return -score_keep_card(bot, pic, decision, option)


def score_adapt_search(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """Adapt once per game: search the Terror deck for Scour while Crystals are its goal and it
    has none (Scour reveals them); else draw as usual (the Easy Ghoul's choice)."""
    wanted = pic.counts_crystals and not pic.has_scour
    if wanted and option.id == "adapt:search":
        bot.note(option.id, "Scour is the Vile Ghoul's way to turn up Crystals.")
        return 2.0
    return score_adapt(bot, pic, decision, option)


def score_place_tile(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """RV-03 (no Cave): the Dark tile drawn where another piece will reveal it soon — next to the
    Thief or the Knight, who reveal the tiles they enter (a Crystal tile brings a Crystal token) —
    and near it: somewhere to skitter, and to Scour."""
    q, here = option_space(option), pic.pos
    if q is None or here is None:
        return 0.0
    score = -0.5 * manhattan(q, here)
    if pic.counts_crystals:
        near = [manhattan(q, at) for piece, at in pic.view.pieces.items() if piece in ("thief", "knight")]
        score -= min(near, default=0)
    return score


def score_collapse(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """COL-05/10: keep the game going — never a Lit Crystal tile (five end it), rarely a Dark
    one (it may be one) or a tile with a Crystal token it still wants; else far from it."""
    q, here = option_space(option), pic.pos
    t = pic.map.tiles.get(q) if q is not None else None
    if q is None or t is None:
        return 0.0
    score = -100.0 if t.lit and t.type == "crystal" else 0.0 if t.lit else -20.0
    if t.tokens.get("crystal") and pic.counts_crystals:
        score -= 30.0
    if here is not None:
        score += 0.5 * min(6, manhattan(q, here)) - (5.0 if q == here else 0.0)
    return score


WALL_WORDS = ("north", "east", "south", "west")                  # the order of DELTA


def score_orient(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """MAP-16/20, COL-01: a tile its Flare revealed, turned so its walls face the empty spaces —
    each open edge there draws a Dark tile from the stack at once, and an empty stack starts the
    Collapse that races its Crystals — and its open sides face the tiles around (no wall to pay
    for on its way).  In the Collapse no tile is drawn: only the way counts."""
    p = option_space(option)
    if p is None:
        return 0.0
    label = option.label.lower()
    walls = {i for i, w in enumerate(WALL_WORDS) if w in label}
    score = 0.0
    for i, (dx, dy) in enumerate(DELTA):
        q = (p[0] + dx, p[1] + dy)
        if q not in pic.map.tiles:
            if i not in walls and not pic.view.collapse:
                score -= bot.params["open_edge"]
        elif i in walls:
            score -= bot.params["wall"]
    return score


def score_cheat(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """Cheat once per game: the face of the row with the best outlook, when it beats the card kept."""
    a = arg(option)
    if a == "no":
        return bot.params["once_per_game"]
    mv, atk, boost = pic.row(int(a))
    return pic.row_outlook(mv, atk, 0) + 0.01 * atk


def score_reroll(bot: EasyVile_Ghoul, pic: VilePicture, decision: Decision, option: Option) -> float:
    """Cheat: roll again the lowest die when it is below 3 (its row's Attack attacks little)."""
    if arg(option) == "no":
        return 0.0
    faces = [int(o.label.split()[2]) for o in decision.options if o.id != "reroll:no"]
    face = int(option.label.split()[2])
    return 1.0 if face == min(faces) and face < 3 else -1.0


EasyVile_Ghoul.SCORERS = {
    DecisionKind.GHOUL_TURN: score_turn, DecisionKind.VILE_GHOUL_SELECT: score_select,
    DecisionKind.GHOUL_PLACE: score_place, DecisionKind.GHOUL_SKITTER: score_skitter,
    DecisionKind.GHOUL_SKITTER_SYMBOL: score_symbol, DecisionKind.GHOUL_TERROR_KEEP: score_keep_card,
    DecisionKind.GHOUL_TERROR_DISCARD: score_discard_card, DecisionKind.GHOUL_CHEAT: score_cheat,
    DecisionKind.GHOUL_REROLL: score_reroll, DecisionKind.GHOUL_ADAPT: score_adapt_search,
    DecisionKind.GHOUL_SCOUR: score_scour, DecisionKind.GHOUL_TAKE_TREASURE: score_take_treasure,
    DecisionKind.PLACE_TILE: score_place_tile, DecisionKind.COLLAPSE_TILE: score_collapse,
    DecisionKind.ORIENT_TILE: score_orient,
}
