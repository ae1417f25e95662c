"""Who plays which role in a Campaign game (VAR-03): the player's name and campaign level, for the
table (the turn strip, the name plate over a board) and the hand-off curtain."""
from __future__ import annotations

from ..campaign import RANK_NAMES
from ..engine.setup import effective_difficulty
from ..render.theme import ROLE_NAMES
from ..session import Session


def campaign_player(session: Session | None, role: str) -> tuple[str, str] | None:
    """The Campaign player of ``role`` and their level in this game (the rank of the difficulty the
    role plays at, which the player's campaign level chose at setup), or None outside a Campaign."""
    if session is None or not session.players.get(role):
        return None
    name = session.players[role]
    rules = session.game.rules
    level = effective_difficulty(session.game.setup, rules).get(role)
    rank = next((d.rank for d in rules.difficulty if d.role == role and d.id == level), None)
    return name, RANK_NAMES.get(rank or "", "")


def player_line(session: Session | None, role: str) -> str | None:
    """'Anna · Easy' for the Campaign player of ``role`` (None outside a Campaign)."""
    who = campaign_player(session, role)
    if who is None:
        return None
    name, level = who
    return f"{name} · {level}" if level else name


def pass_to(session: Session | None, role: str) -> str:
    """The curtain's call: 'Pass to Anna — the Knight', or 'Pass to the Knight' outside a Campaign."""
    who = campaign_player(session, role)
    return f"Pass to {who[0]} — the {ROLE_NAMES[role]}" if who else f"Pass to the {ROLE_NAMES[role]}"
