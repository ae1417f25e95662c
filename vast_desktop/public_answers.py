"""Out-of-turn questions with no real choice in what everyone can see (issue 27, item 2).

At a pass-and-play table a question to a person who is not playing now costs two curtains
(there and back).  Some such questions have, in a given position, only one answer that the
*public* situation allows; asking them then costs the table a hand-off and tells nobody
anything.  This module names those cases.  The rule that keeps it honest: whether the
question is skipped is decided from the public view (``view(game, None)``) and the option ids
that public facts alone decide — never from a secret card — so skipping it leaks nothing:
everyone could have worked out the answer.

* **Ambush** (GB-88, GB-65): the Tribes that may spring it are the hidden ones with Population
  whose Strength beats the Knight's — map positions, Population and Strength, all on the public
  Goblin board — so when the options are only "No Ambush", everyone knows it.
* **Trap against the Dragon** (GB-56): asked whenever a power hits a Tribe, holding Trap or
  not.  It is answered "No response" only when the public Goblin board shows no Secrets card in
  hand and no Trap face up: then everyone knows they hold none.  With any card in hand the
  question is put, Trap or not.

Each answer is one of the engine's own legal option ids, logged like a person's choice.
"""
from __future__ import annotations

from .engine.decisions import Decision
from .engine.kinds import DecisionKind
from .engine.view import PlayerView

NO_AMBUSH = "no_ambush:"
NO_RESPONSE = "no_response:"


def public_answer(public: PlayerView, decision: Decision) -> str | None:
    """The only answer the public situation allows to ``decision``, or None when there is a real
    choice (or one a secret might allow).  ``public`` must be the public view."""
    if public.viewer is not None:
        raise ValueError("public answers read the public view only")
    ids = [o.id for o in decision.options]
    if decision.kind is DecisionKind.AMBUSH and ids == [NO_AMBUSH]:
        return NO_AMBUSH
    if decision.kind is DecisionKind.TRAP_DRAGON and NO_RESPONSE in ids:
        goblins = public.boards.goblins
        if goblins is not None and goblins.hand_count == 0 and "trap" not in goblins.face_up:
            return NO_RESPONSE
    return None
