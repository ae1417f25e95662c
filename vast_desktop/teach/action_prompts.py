"""Turn prompts that lead with what to do (issue 27, item 4): words for players, added where a
prompt is shown (the table), not in the engine — so the engine spends nothing on them at each step.

A turn's decision offers many kinds of option at once (move, put a cube on the board, use a
card, end the turn).  Its prompt used to be a status line ("Knight: Movement 0/1,
Encounters 0/1, …") that told a new player nothing about what to click.  :func:`lead`
builds the first part of such a prompt from the verbs of the options actually offered, in
a fixed order per decision kind — "Move the Knight, place Hero cubes, or end your turn" —
and keeps the status after a dash, where the table may cut it short.

The phrases name no card, tile or number: they are built only from option verbs, which the
decider's own options already show, so the prompt tells the decider nothing new.  Everyone
else reads the fixed public words of ``engine/waiting.py`` instead of the prompt (GEN-01).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..engine.decisions import Decision, Option
from ..engine.kinds import DecisionKind
from ..engine.option_ids import verb_of

# kind -> (option verb, what a player does to choose it), in the order the sentence lists
# them; verbs sharing a phrase are said once; a verb not listed adds nothing.
PHRASES: dict[DecisionKind, tuple[tuple[str, str], ...]] = {
    DecisionKind.KNIGHT_TURN: (
        ("resolve_event", "resolve the Event token"), ("move", "move the Knight"), ("mapmove", "move the Knight"),
        ("cube", "place Hero cubes"), ("collect", "collect the Treasure token"), ("smash", "smash the Crystal"),
        ("treasure", "use a Treasure card"), ("sidequest", "reveal a Sidequest"), ("bomb", "blow up a wall with a Bomb"),
        ("dragon", "attack the Dragon"), ("thief", "attack the Thief"), ("bowshot", "shoot with the Bow"),
        ("flare", "use the Flare"), ("end", "end your turn")),
    DecisionKind.DRAGON_TURN: (
        ("move", "move the Dragon"), ("power", "use a power"), ("play", "play a card"), ("scale", "play a Scale"),
        ("end", "finish moving and using powers")),
    DecisionKind.THIEF_TURN: (
        ("move", "move the Thief"), ("climb", "climb through a wall"), ("peek", "peek at this Dark tile"),
        ("loot", "loot a Treasure token"), ("picklock", "pick the Vault's lock"), ("backstab", "backstab"),
        ("pickpocket", "pickpocket the Knight"), ("hide", "hide Loot"), ("flare", "use the Flare"),
        ("end", "end your turn")),
    DecisionKind.CAVE_TURN: (
        ("place", "place a tile from your hand on a highlighted space"), ("remove", "collapse a highlighted tile"),
        ("treasure", "place a Treasure token on a Dark tile"), ("skip_treasure", "place no Treasure"),
        ("omen", "use an Omen"), ("end", "end your turn")),
    DecisionKind.GOBLINS_TURN: (
        ("activate", "activate a Tribe"), ("secret", "play a Secret"), ("end", "end your turn")),
    DecisionKind.TRIBE_ACTIVATION: (
        ("move", "move the Tribe"), ("tunnel", "use Secret Tunnels"), ("worm", "leap with the Underworm"),
        ("wisp", "carry the Knight with the Wisp"), ("explore", "explore"), ("attack", "attack"),
        ("plunder", "plunder"), ("special", "take the special action"), ("hide", "hide the Tribe"),
        ("flare", "use the Flare"), ("secret", "play a Secret"), ("done", "finish activating it")),
    DecisionKind.LURKER: (
        ("step", "move the lurking Tribe"), ("hide", "hide it"), ("secret", "play a Secret"), ("done", "do nothing")),
    DecisionKind.POPULATE: (
        ("populate", "add the Goblin discs"), ("block", "spend Rage so a Tribe gets none"),
        ("secret", "play a Secret")),
    DecisionKind.ASSIGN_MONSTER: (
        ("assign", "assign the Monster to a Tribe"), ("replace", "swap it for a Tribe's Monster"),
        ("discard", "discard it"), ("ruby", "swap it with the Goblin Ruby"), ("secret", "play a Secret")),
    DecisionKind.GHOUL_TURN: (
        ("move", "move the Ghoul"), ("charge", "move in and attack"), ("collect", "collect a Treasure token or Gem"),
        ("attack", "attack a piece on your space"), ("smash", "smash the Crystal"), ("terror", "use a Terror card"),
        ("flare", "use the Flare"), ("end", "end your turn")),
}
# (kind, role) -> the phrases where a role plays another's kind of turn: the Vile Ghoul plays the
# Ghoul's turn (its piece named, and its Boost dice, VG-09)
ROLE_PHRASES: dict[tuple[DecisionKind, str], tuple[tuple[str, str], ...]] = {
    (DecisionKind.GHOUL_TURN, "vile_ghoul"): (
        ("move", "move the Vile Ghoul"), ("charge", "move in and attack"), ("boost", "spend a Boost die"),
        ("collect", "collect a Treasure token or Gem"), ("attack", "attack a piece on your space"),
        ("smash", "smash the Crystal"), ("terror", "use a Terror card"), ("flare", "use the Flare"),
        ("end", "end your turn")),
}
SEPARATOR = " — "           # between what to do and the status after it


def sentence(phrases: Iterable[str]) -> str:
    """``a``, ``A or b``, ``A, b, or c``: the phrases joined as one capitalised choice."""
    items = list(dict.fromkeys(phrases))
    if not items:
        return ""
    text = items[0] if len(items) == 1 else (
        f"{items[0]} or {items[1]}" if len(items) == 2 else f"{', '.join(items[:-1])}, or {items[-1]}")
    return text[0].upper() + text[1:]


def what_to_do(kind: DecisionKind, options: Iterable[Option], role: str | None = None) -> str:
    """What the options of a ``kind`` decision let the decider (``role``) do, e.g. "Move the Knight,
    place Hero cubes, or end your turn" ("" for a kind without phrases or no known verb)."""
    table = ROLE_PHRASES.get((kind, role or "")) or PHRASES.get(kind)
    if table is None:
        return ""
    verbs = {verb_of(o.id) for o in options}
    return sentence(phrase for verb, phrase in table if verb in verbs)


def lead(kind: DecisionKind, options: Iterable[Option], status: str, role: str | None = None) -> str:
    """The prompt: what to do first, then ``status`` after a dash (just ``status`` when the
    options name nothing to do)."""
    action = what_to_do(kind, options, role)
    if not action:
        return status
    return f"{action}{SEPARATOR}{status}" if status else action


def shown_prompt(decision: Decision) -> str:
    """The prompt as the table shows it: what to do first, then the engine's status line."""
    return lead(decision.kind, decision.options, decision.prompt, decision.role)
