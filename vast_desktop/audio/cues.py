"""The sound cues and which of the engine's events sound which cue: one table.

The engine logs what happened as :class:`~vast_desktop.engine.game.GameEvent` s whose ``kind``
is a short string (``g.log("tile_placed", ...)``).  :data:`EVENT_CUES` is the one place that
decides which of those kinds the table sounds and with which :class:`SoundCue`; every kind it
names is one the engine logs (``tests/test_sound.py`` reads the engine's source to check).  Only
kinds whose events are public are listed: a sound never tells a person more than the public log.

No pygame here: the choice of cues is plain data, testable from a real game's events.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from ..engine.game import GameEvent


class SoundCue(Enum):
    """One sound effect; the value is its file's name in ``assets/sounds/`` (without ``.wav``)."""

    TILE_PLACED = "tile_placed"
    TILE_REVEALED = "tile_revealed"
    TILE_COLLAPSED = "tile_collapsed"
    DICE = "dice"
    ATTACK = "attack"
    DAMAGE = "damage"
    CURTAIN = "curtain"
    WIN = "win"
    LOSS = "loss"

    @property
    def filename(self) -> str:
        return f"{self.value}.wav"


class When(Enum):
    """When an event of a listed kind sounds its cue."""

    ALWAYS = "always"
    #: only when its ``change`` is negative: the same kind logs regaining Health, which is no damage
    LOSING = "losing"
    #: the end of the game: the rule's cue (WIN) when a person at the table is among the winners
    #: (or nobody at the table is a person: a watched game of computer players), else LOSS
    OUTCOME = "outcome"


@dataclass(frozen=True)
class CueRule:
    """The cue an event kind sounds, and when."""

    cue: SoundCue
    when: When = When.ALWAYS


def _rules(cue: SoundCue, kinds: Iterable[str], when: When = When.ALWAYS) -> dict[str, CueRule]:
    return {kind: CueRule(cue, when) for kind in kinds}


#: Event kind -> the cue it sounds.  A kind not listed is silent (most events are bookkeeping:
#: cubes, cards, tokens, moves).
EVENT_CUES: Final[Mapping[str, CueRule]] = MappingProxyType({
    **_rules(SoundCue.TILE_PLACED, ("tile_placed", "terrain_placed")),
    **_rules(SoundCue.TILE_REVEALED, ("tile_revealed",)),
    # a tile falls (the Dragon's Wrath, the Collapse, a Crystal tile); the Collapse beginning rumbles too
    **_rules(SoundCue.TILE_COLLAPSED, ("tile_removed", "crystal_collapsed", "collapse")),
    # the Dragon die and the Thief's Action die
    **_rules(SoundCue.DICE, ("die_roll", "action_die")),
    **_rules(SoundCue.ATTACK, ("knight_attack", "knight_attacks_thief", "goblin_attack", "dragon_attack",
                               "dragon_attacked", "ambush", "bomb_attack", "bow", "bow_shot", "backstab",
                               "crystal_attack", "smash")),
    **_rules(SoundCue.DAMAGE, ("ambush_hit", "population", "eaten", "scatter", "knight_killed",
                               "thief_killed", "gem_trap")),
    **_rules(SoundCue.DAMAGE, ("health", "dragon_health"), When.LOSING),
    **_rules(SoundCue.WIN, ("game_over",), When.OUTCOME),
})

#: At most this many different cues sound for one step of the game (a Wrath that brings down three
#: tiles is one rumble, not three); the end of the game sounds alone.
MAX_CUES_AT_ONCE: Final = 3


def cue_for(event: GameEvent, humans: Iterable[str] = ()) -> SoundCue | None:
    """The cue ``event`` sounds (``None``: silent).  ``humans``: the roles people play, for the
    end of the game (a win for one of them, else a loss)."""
    rule = EVENT_CUES.get(event.kind)
    if rule is None:
        return None
    if rule.when is When.LOSING:
        change = event.data.get("change", 0)
        return rule.cue if isinstance(change, int) and change < 0 else None
    if rule.when is When.OUTCOME:
        people = set(humans)
        winners = set(event.data.get("winners", ()))
        return rule.cue if not people or people & winners else SoundCue.LOSS
    return rule.cue


def cues_for(events: Iterable[GameEvent], humans: Iterable[str] = ()) -> list[SoundCue]:
    """The cues to sound for ``events`` (what one step of the game logged): each cue once, in the
    order first heard, at most :data:`MAX_CUES_AT_ONCE`; a win or a loss alone."""
    people = tuple(humans)
    found: list[SoundCue] = []
    for event in events:
        cue = cue_for(event, people)
        if cue in (SoundCue.WIN, SoundCue.LOSS):
            return [cue]
        if cue is not None and cue not in found:
            found.append(cue)
    return found[:MAX_CUES_AT_ONCE]
