"""The other roles' answers to the Ghoul and the Vile Ghoul (issue 29): the Easy Knight, Goblins,
Dragon, Cave and Thief register these scorers for the Ghoul decisions they are asked; the Ghoul in
play is read with its own Easy player's picture (:class:`.ghoul.GhoulPicture` or
:class:`.vile_ghoul.VilePicture`, both :class:`.ghoul.HuntPicture`).

* **Naming the skitter's symbol** (GH-39, the other player in the attack or the Cave after a
  smash): the symbol whose best tile is worst for the Ghoul — it picks the tile, so a symbol
  is as good for it as its best tile, read with the Ghoul's own goals
  (:class:`.ghoul.GhoulPicture` built from this player's view: the Ghoul's board is public).
* **Placing the skittering Ghoul** (GH-42 house rule) and the Dark tile placed for it
  (GH-04): the space worst for it.
* **What the Ghoul's attack costs** (GH-18 the Knight, GH-20 the Dragon): never the last
  Health; otherwise the cheapest loss.  The Vile Ghoul's attack asks only the Dragon it does not
  hunt (VG-13: the Knight, and the Dragon it hunts, lose Health without a choice).
"""
from __future__ import annotations

import re

from ...engine.decisions import Decision, Option
from ...engine.kinds import DecisionKind
from ...engine.view import PlayerView
from ..base import ScoredBot, Scorer
from ..features import arg, option_space
from .ghoul import GhoulPicture, HuntPicture, _symbol_tiles

_COUNT = re.compile(r"(\d+)")


def _ghoul_picture(bot: ScoredBot, view: PlayerView, decision: Decision) -> HuntPicture | None:
    """The picture of this view of the Ghoul in play — the Ghoul's or the Vile Ghoul's, with its
    Easy player's weights — or None without either board.  Built per option: these decisions are
    rare and have few options, and no view is kept."""
    if view.boards.ghoul is not None:
        from .ghoul import EasyGhoul

        return GhoulPicture(view, decision, EasyGhoul.default_params())
    if view.boards.vile_ghoul is not None:
        from .vile_ghoul import EasyVile_Ghoul, VilePicture

        return VilePicture(view, decision, EasyVile_Ghoul.default_params())
    return None


def _view(pic: object) -> PlayerView:
    """The view behind a role's picture (each Easy player's picture holds it, or is it)."""
    view = getattr(pic, "view", pic)
    assert isinstance(view, PlayerView)
    return view


def score_symbol(bot: ScoredBot, pic: object, decision: Decision, option: Option) -> float:
    """GH-39: name the symbol whose best tile for the Ghoul is the worst."""
    g = _ghoul_picture(bot, _view(pic), decision)
    if g is None:
        return 0.0
    spots = _symbol_tiles(g, arg(option))
    best = max((g.outlook(q, g.movement, g.attack) for q in spots), default=0.0)
    bot.note(option.id, "The Ghoul lands far from what it is after.")
    return -best


def score_space(bot: ScoredBot, pic: object, decision: Decision, option: Option) -> float:
    """GH-42 and GH-04 for another player: the space worst for the Ghoul."""
    g = _ghoul_picture(bot, _view(pic), decision)
    q = option_space(option)
    if g is None or q is None:
        return 0.0
    return -g.outlook(q, max(g.movement, 3), max(g.attack, 2))


def score_attacked(bot: ScoredBot, pic: object, decision: Decision, option: Option) -> float:
    """GH-18/20: what the Ghoul's attack takes: never the last Health, else the cheapest."""
    view = _view(pic)
    what = arg(option)
    m = _COUNT.search(option.label)
    n = int(m.group(1)) if m else 1
    board = view.boards.knight if decision.role == "knight" else view.boards.dragon
    health = int(getattr(board, "health", 3))
    if what == "health":
        return -100.0 if health <= 1 else -12.0 if health == 2 else -7.0
    if what == "grit":
        return -2.0 * n
    if what == "cards":
        return -2.0 * n
    if what.startswith("sloth"):
        return -5.0
    return -4.0                                           # a Treasure card to the bottom of the deck


SCORERS: dict[DecisionKind, Scorer] = {
    DecisionKind.GHOUL_SKITTER_SYMBOL: score_symbol,
    DecisionKind.GHOUL_SKITTER: score_space,
    DecisionKind.GHOUL_PLACE: score_space,
    DecisionKind.GHOUL_ATTACKED: score_attacked,
}
