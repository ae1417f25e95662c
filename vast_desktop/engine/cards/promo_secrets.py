"""The promo Secrets of the ``promo-secrets`` variant (issue 28, EXPANSION_DATA Appendix A):

* **Slingshot** stays face up once played.  Once in each Goblins' turn, from the Activate
  Tribes menu, it hits a visible piece within 4 spaces of a revealed Tribe (in a straight
  line the Tribe can see, MAP-10): the Knight has −1 Strength and −1 Perception, the
  surfaced Dragon −1 Armor, until the Goblins' turn ends.  Not an attack and harmless by
  itself; any Tribe may throw it whatever its Population or the target's defence (VAR-22).
* **Cave Mushrooms**: played before any Tribe is activated this turn; one Tribe is then
  activated up to three times and no other Tribe this turn.  A scattered or hidden Tribe
  goes back to the Goblin board, so its next activation may Reveal it again.
* **Meat!**: a Strength disc on an empty space (no piece, no token, MAP-08).  Any Tribe may
  be revealed there; the Dragon's Scratch on that space devours it, which counts as eating
  1 Goblin.  GB-15/VAR-23: the four Strength discs are a hard limit — with none free the
  card waits face up, and the disc moves to it at the start of a Goblins' turn once one is
  free (our reading of "when a disc becomes available": checked at each turn start).

While a Meat! disc is on the map it takes one of the four Strength discs: a +1 Strength
Monster that would need a fifth has no effect until one frees up (GB-15), counted in the
Tribe order Fangs, Bones, Eye."""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ..decisions import Option, Target, space
from ..geometry import Pos, fmt_pos, manhattan
from ..kinds import DecisionKind
from ..map.board import unoccupied, visible
from ..option_ids import arg_of, at, pos_arg
from ..reasons import Reason
from ..roles.goblins.state import TRIBES

if TYPE_CHECKING:
    from ..game import Game, Proc

SLINGSHOT_RANGE = 4
MUSHROOM_ACTIVATIONS = 3
MEAT = "meat"                     # the board token: a Strength disc standing for the Meat
SLINGSHOT_TARGETS = ("knight", "dragon")
_TARGET_WORDS = MappingProxyType({"knight": "the Knight: −1 Strength and −1 Perception", "dragon": "the Dragon: −1 Armor"})
_SLINGSHOT_LABELS = MappingProxyType({"knight": "Slingshot the Knight (−1 Strength and Perception)",
                                      "dragon": "Slingshot the Dragon (−1 Armor)"})
_NOT_A_TARGET = Reason("The Slingshot lowers Strength, Armor or Perception: it hits the Knight or the surfaced "
                       "Dragon.", "VAR-22")
# The Thief is a visible piece, but his statistics are Movement, Stealth and Thievery (his
# board, thief.yaml; Stealth is what attackers compare with): nothing the Slingshot lowers.
_NOT_THE_THIEF = Reason("The Slingshot lowers Strength, Armor or Perception, and the Thief has none of them (his "
                        "statistics are Movement, Stealth and Thievery): it hits the Knight or the surfaced Dragon.",
                        "VAR-22")
_SLINGSHOT_USED = Reason("The Slingshot has been used this turn: once in each of your turns.", "VAR-22")
_NO_SLINGSHOT = Reason("The Slingshot is used once it lies face up in front of you: play it from your hand first.",
                       "VAR-22")
_MUSHROOMS_LATE = Reason("Cave Mushrooms is played before any Tribe is activated this turn.", "goblins.secrets")


def _base(card: str) -> str:
    return card.split("#")[0]


def held_face_up(g: Game, name: str) -> str | None:
    """The face-up Secrets card ``name`` the Goblins hold (a physical id), if any."""
    return next((c for c in g.hooks.goblins.gs(g).face_up if _base(c) == name), None)


# ------------------------------------------------------------------ Slingshot
def slingshot_malus(g: Game, piece: str) -> int:
    """1 while the Slingshot's hit on ``piece`` lasts (until the Goblins' turn ends), else 0."""
    s = g.state.goblins
    return 1 if s is not None and getattr(s, "slingshot", None) == piece else 0


def check_slingshot_target(g: Game, piece: str) -> Reason | None:
    """VAR-22 and the card: a face-up Slingshot, once a turn, at the Knight or the surfaced
    Dragon within 4 spaces of a revealed Tribe that sees it (a straight line, MAP-10).  Any
    other piece is no target: the card lowers Strength, Armor or Perception, which only the
    Knight (Strength, Perception) and the Dragon (Armor) have — not the Thief (Movement,
    Stealth, Thievery), a Tribe or a token."""
    gob = g.hooks.goblins
    s = gob.gs(g)
    if held_face_up(g, "slingshot") is None:
        return _NO_SLINGSHOT
    if piece not in SLINGSHOT_TARGETS:
        return _NOT_THE_THIEF if piece == "thief" else _NOT_A_TARGET
    if s.slingshot is not None:
        return _SLINGSHOT_USED
    where = g.state.board.pieces.get(piece)
    if where is None or (piece == "dragon" and not (g.state.dragon is not None and g.state.dragon.surfaced)):
        return Reason(f"The {piece.title()} is not visible on the map: the Slingshot hits a visible piece.", "VAR-22")
    tribes = [p for t in TRIBES if (p := gob.tribe_pos(g, t)) is not None]
    if not tribes:
        return Reason("No Tribe is revealed: the Slingshot is thrown from a revealed Tribe.", "VAR-22")
    if not any(manhattan(p, where) <= SLINGSHOT_RANGE and visible(g, p, where) for p in tribes):
        return Reason(f"No revealed Tribe sees the {piece.title()} within {SLINGSHOT_RANGE} spaces in a straight line.",
                      "VAR-22")
    return None


def slingshot_options(g: Game) -> list[Option]:
    """The Slingshot's targets :func:`check_slingshot_target` allows now."""
    if not g.config.bonus_cards:
        return []
    return [Option(f"slingshot:{p}", _SLINGSHOT_LABELS[p], (Target("piece", p),))
            for p in SLINGSHOT_TARGETS if check_slingshot_target(g, p) is None]


def use_slingshot(g: Game, piece: str) -> None:
    """Hit ``piece`` (not an attack, VAR-22): its malus lasts until the Goblins' turn ends."""
    g.hooks.goblins.gs(g).slingshot = piece
    g.log("slingshot", f"Slingshot: {_TARGET_WORDS[piece]} until the Goblins' turn ends.", piece=piece)


# ------------------------------------------------------------- Cave Mushrooms
def check_play_mushrooms(g: Game) -> Reason | None:
    """Before any activation this turn, with a Tribe that can be activated."""
    gob = g.hooks.goblins
    s = gob.gs(g)
    if s.activated or s.mushrooms is not None:
        return _MUSHROOMS_LATE
    if all(gob.check_may_activate(g, t) is not None for t in TRIBES):
        return Reason("No Tribe can be activated now: Cave Mushrooms would have no Tribe to drive.", "goblins.secrets")
    return None


def check_mushrooms_tribe(g: Game, t: str) -> Reason | None:
    """The Tribe Cave Mushrooms drives: one that may be activated now."""
    return g.hooks.goblins.check_may_activate(g, t)


def check_mushroom_activation(g: Game, t: str) -> Reason | None:
    """With Cave Mushrooms this turn: only its Tribe, up to three times (None without it)."""
    gob = g.hooks.goblins
    s = gob.gs(g)
    if s.mushrooms is None:
        return None
    if t != s.mushrooms:
        return Reason(f"Cave Mushrooms: only {gob.tname(s.mushrooms)} is activated this turn.", "goblins.secrets")
    if s.activated.count(t) >= MUSHROOM_ACTIVATIONS:
        return Reason(f"The {gob.NAMES[t]} Tribe has been activated {MUSHROOM_ACTIVATIONS} times this turn (Cave Mushrooms).",
                      "goblins.secrets")
    return None


def mushrooms(g: Game, card: str) -> Proc:
    gob = g.hooks.goblins
    # the Tribe's piece, as the other Secrets choose a Tribe (a hidden one's piece is its head on the Goblin
    # board), and, hidden, its head's slot too, as the Activate Tribes menu does
    opts = [Option(f"tribe:{t}", gob.NAMES[t], (Target("piece", gob.piece(t)),) if gob.tribe_pos(g, t) else
                   (Target("piece", gob.piece(t)), Target("slot", f"goblins.{t}")))
            for t in TRIBES if check_mushrooms_tribe(g, t) is None]
    choice = yield g.ask("goblins", DecisionKind.CHOOSE_TRIBE, "Cave Mushrooms: choose the Tribe activated three times",
                         opts, rules_ref="goblins.secrets", about={"secret": "cave_mushrooms"})
    t = arg_of(choice.id)
    gob.gs(g).mushrooms = t
    g.log("cave_mushrooms", f"Cave Mushrooms: {gob.tname(t)} may be activated {MUSHROOM_ACTIVATIONS} times this turn, "
          "and no other Tribe.", tribe=t)


# ---------------------------------------------------------------------- Meat!
def meat_in_play(g: Game) -> bool:
    """Meat! is dealt only with the promo-secrets variant: without it every Meat! question is
    answered at once (the Tribes' Strength asks it at every step).  A scenario may lay a Meat!
    disc on the map by itself: there the map is asked."""
    return g.config.bonus_cards and ("meat" in g.config.extra.get("promo_cards", ()) or g.scenario is not None)


def meat_spaces_on_map(g: Game) -> list[Pos]:
    if not meat_in_play(g):
        return []
    return sorted(p for p, toks in g.state.board.tokens.items() if toks[MEAT] > 0)


def free_strength_discs(g: Game) -> int:
    """GB-15: the four Strength discs less those on Tribes and Meat! discs on the map."""
    gob = g.hooks.goblins
    return g.rules.goblins.strength_discs - gob.strength_discs_used(g) - len(meat_spaces_on_map(g))


def check_meat_space(g: Game, q: Pos) -> Reason | None:
    """Meat! goes on an empty space: a tile with no piece and no token (MAP-08)."""
    if q not in g.state.board.tiles:
        return Reason(f"There is no tile at {fmt_pos(q)}: Meat! goes on an empty space of the map.", "MAP-08")
    if not unoccupied(g, q):
        return Reason(f"{fmt_pos(q)} is not empty: Meat! goes on a space with no piece and no token.", "MAP-08")
    return None


def meat_spaces(g: Game) -> list[Pos]:
    return [p for p in sorted(g.state.board.tiles) if check_meat_space(g, p) is None]


def _place_meat(g: Game, card: str) -> Proc:
    opts = [Option(at("meat", p), f"Put the Meat! at {fmt_pos(p)}", (space(p),)) for p in meat_spaces(g)]
    choice = yield g.ask("goblins", DecisionKind.MEAT_SPACE, "Meat!: choose the empty space for its Strength disc",
                         opts, rules_ref="optional_variants.bonus_cards")
    q = pos_arg(choice.id)
    g.state.board.tokens_at(q)[MEAT] += 1
    g.log("meat", f"Meat!: a Strength disc is set out at {fmt_pos(q)}; Tribes may be revealed there.", pos=q)


def meat(g: Game, card: str) -> Proc:
    """Meat! played: its disc goes out now if one is free, else the card waits face up (GB-15)."""
    s = g.hooks.goblins.gs(g)
    if free_strength_discs(g) > 0 and meat_spaces(g):
        yield from _place_meat(g, card)
        return
    s.secrets_discard.remove(card)
    s.face_up.append(card)
    g.log("meat_waits", "Meat!: no Strength disc is free (or no space is empty); the card waits face up until one "
          "is.", card=card)


def meat_waiting(g: Game) -> Proc:
    """GB-15/VAR-23: at the start of the Goblins' turn a waiting Meat! takes a free disc."""
    s = g.hooks.goblins.gs(g)
    card = held_face_up(g, "meat")
    if card is None or free_strength_discs(g) <= 0 or not meat_spaces(g):
        return
    s.face_up.remove(card)
    s.secrets_discard.append(card)
    yield from _place_meat(g, card)


def meat_reveal_allowed(g: Game, q: Pos) -> bool:
    """Any Tribe may be revealed onto a Meat! disc."""
    if not meat_in_play(g):
        return False
    toks = g.state.board.tokens.get(q)
    return bool(toks and toks[MEAT] > 0)


def eat_meat(g: Game, q: Pos) -> int:
    """The Dragon devours the Meat! at ``q``: the disc goes back; returns the Goblins eaten (1)."""
    g.state.board.tokens_at(q)[MEAT] -= 1
    g.log("meat_eaten", f"The Dragon devours the Meat! at {fmt_pos(q)}.", pos=q)
    return 1
