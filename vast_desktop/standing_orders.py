"""The Cave's standing orders: fewer pass-and-play hand-offs, the same rules (issue 27, item 2).

With a person playing the Cave, every open edge another role makes (the Knight revealing a
Dark tile, a Tribe moving, …) asks the Cave to place a Dark tile from its hand, and at a
pass-and-play table each question is a curtain there and a curtain back.  Standing orders let
the Cave say once, in its own private view, how such placements go; a placement asked while
another role plays is then answered at once, without passing the screen.

* **Ask me each time** (``FillMode.ASK``): every placement is asked, as before.
* **Follow my orders** (``FillMode.AUTO``, the default): the tile is the first of the Cave's
  ordered hand (``tile_order``) that the rules allow; tiles it does not list — and the space —
  are chosen the way the Easy Cave would (its own scorer, best score, ties drawn by a fixed seed).
* The Event or Treasure card the Knight meets (``cards``): chosen like the Easy Cave, or asked.

The answer is always one of the engine's own legal option ids for the pending decision, so the
choice log, replay and undo are those of a choice the Cave made by hand; replay never needs the
orders.  It is computed from the Cave's own :class:`PlayerView` and the decision alone, never
from anyone else's hidden information.  On the Cave's own turn nothing is answered for it: the
Cave is at the screen.

The orders are part of the Session and of the save file (``SaveFile.cave_orders``), strictly
validated there: a mode, and at most :data:`MAX_ORDER` tile ids.
"""
from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from .bots.easy.cave import EasyCave
from .engine.decisions import Decision, Option
from .engine.kinds import DecisionKind
from .engine.option_ids import arg_of, arg_parts, has_verb
from .engine.view import PlayerView

MAX_ORDER = 40        # the Cave's tiles number 30-odd; an order longer than that is not ours
CAVE = "cave"
# the decisions a Cave's standing orders answer when another role is playing: placing a Dark tile
# from its hand where another role's move asks for one (MAP-26/27, GB-81) ...
TILE_KINDS = frozenset({DecisionKind.FILL_OPEN_EDGE, DecisionKind.EXPLORE_TILE})
# ... and choosing the card the Knight meets when she reveals an Event or a Treasure (CV-09, CV-40)
CARD_KINDS = frozenset({DecisionKind.CHOOSE_EVENT, DecisionKind.CHOOSE_TREASURE, DecisionKind.BOTTOM_TREASURE})

TileId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]


class FillMode(StrEnum):
    """How the Cave's placements during other roles' turns are made."""

    ASK = "ask"          # ask me each time (a hand-off each time)
    AUTO = "auto"        # follow my orders without passing the screen


MODE_LABELS = {FillMode.AUTO: "Follow my orders", FillMode.ASK: "Ask me each time"}
CARD_LABELS = {FillMode.AUTO: "Choose like the Easy Cave", FillMode.ASK: "Ask me each time"}


class StandingOrders(BaseModel):
    """What the Cave decided in advance: the mode and its ordered hand (first placed first)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    mode: FillMode = FillMode.AUTO       # tile placements
    cards: FillMode = FillMode.AUTO      # the Event / Treasure card for the Knight
    tile_order: tuple[TileId, ...] = Field(default=(), max_length=MAX_ORDER)

    @field_validator("mode", "cards", mode="before")
    @classmethod
    def _mode_from_json(cls, value: object) -> object:
        """A save's JSON gives the mode as its text: one of the modes' own values becomes the mode;
        anything else is refused with the values allowed."""
        if isinstance(value, FillMode):
            return value
        if isinstance(value, str) and value in set(FillMode):
            return FillMode(value)
        shown = repr(value[:40]) if isinstance(value, str) else f"a {type(value).__name__}"
        raise ValueError(f"the Cave's standing orders take {' or '.join(repr(m.value) for m in FillMode)}, not {shown}")

    @field_validator("tile_order", mode="before")
    @classmethod
    def _order_from_json(cls, value: object) -> object:
        """A save's JSON gives the order as a list: the same items as a tuple (each still checked)."""
        return tuple(value) if isinstance(value, list) else value

    @classmethod
    def ask_each_time(cls) -> StandingOrders:
        return cls(mode=FillMode.ASK, cards=FillMode.ASK)

    def with_mode(self, mode: FillMode) -> StandingOrders:
        return self.model_copy(update={"mode": mode})

    def with_cards(self, cards: FillMode) -> StandingOrders:
        return self.model_copy(update={"cards": cards})

    def ordered_hand(self, hand: tuple[str, ...] | list[str]) -> list[str]:
        """``hand`` (its distinct tiles) in the order of the orders: listed tiles first, in their
        order, then the rest in the hand's own order."""
        distinct = list(dict.fromkeys(hand))
        listed = [t for t in self.tile_order if t in distinct]
        return listed + [t for t in distinct if t not in listed]

    def moved(self, hand: tuple[str, ...] | list[str], tile_id: str, step: int) -> StandingOrders:
        """The orders with ``tile_id`` moved ``step`` places (-1 earlier, +1 later) in the ordered hand;
        the new order lists the whole hand as it stands (tiles placed since drop out)."""
        order = self.ordered_hand(hand)
        if tile_id not in order:
            return self
        i = order.index(tile_id)
        j = max(0, min(len(order) - 1, i + step))
        order.insert(j, order.pop(i))
        return self.model_copy(update={"tile_order": tuple(order[:MAX_ORDER])})


def answers(orders: StandingOrders, decision: Decision, active: str | None) -> bool:
    """Whether the orders answer ``decision`` now: a Cave placement or card choice of the kinds they
    cover, asked while another role plays, with that part of the orders switched on."""
    if decision.role != CAVE or active == CAVE or not decision.options:
        return False
    return ((decision.kind in TILE_KINDS and orders.mode is FillMode.AUTO)
            or (decision.kind in CARD_KINDS and orders.cards is FillMode.AUTO))


def _tile_of(option: Option) -> str:
    """The hand tile an answered option places (``fill:<tile>@<space>`` or ``tile:<tile>``)."""
    if has_verb(option.id, "fill"):
        return arg_parts(option.id, "@")[0]
    return arg_of(option.id)


def cave_hand(cave_view: PlayerView) -> tuple[str, ...]:
    """The Cave's tiles in hand as its own view shows them (empty in anyone else's view)."""
    board = cave_view.boards.cave
    return board.hand if board is not None and board.hand is not None else ()


def choose(orders: StandingOrders, cave_view: PlayerView, decision: Decision) -> str:
    """The option id the orders pick for ``decision``, read from the Cave's own view only: among
    the options placing the first tile of the ordered hand that the rules allow (all options when
    the orders list none of them), the one the Easy Cave scores best — a fresh Easy Cave with a
    fixed seed each time, so the same view and decision always give the same answer."""
    if cave_view.viewer != CAVE:
        raise ValueError("the standing orders read the Cave's own view only")
    options = decision.options
    if decision.kind in CARD_KINDS:
        return EasyCave(seed=0, tie=0.0)(cave_view, decision)
    allowed = {_tile_of(o) for o in options}
    hand = cave_hand(cave_view)
    listed = [t for t in orders.tile_order if t in allowed and t in hand]
    if listed:
        options = tuple(o for o in options if _tile_of(o) == listed[0])
    if len(options) == 1:
        return options[0].id
    return EasyCave(seed=0, tie=0.0)(cave_view, replace(decision, options=options))
