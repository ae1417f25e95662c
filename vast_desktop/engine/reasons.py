"""One check per rule: the :class:`Reason` a rule refuses with, and the convention.

Issue 25, item 2.  A *rule check* is a plain function named ``check_…`` (or a composed
check such as :func:`~vast_desktop.engine.roles.knight.turn.knight_step`) that answers one
question about the game as it stands::

    def check_xxx(g: Game, ...) -> Reason | None      # None: allowed

It decides the rule *and* says why it refuses, so there is one place for each rule:

- the **options** of a decision are the candidates whose check returns ``None``
  (``move_targets`` is ``[q for q in candidates if knight_step(g, p, q) is None]``);
- **why not**: the routing in :mod:`.explain.why_not` sends a clicked target to the same
  check and shows its :attr:`Reason.text` (no second copy of the rule's conditions);
- tooltips, reminders and bots call the same check when they need to know.

A check composed of several rules calls them in rule order and returns the first
refusal.  Checks stay cheap, because the options are built from them on every step:
a refusal builds its :class:`Reason` only when it refuses (a reason without numbers is a
module-level constant, built once), and ``None`` costs nothing.

The sentence is for players: plain words with the numbers that decide it ("Your
Strength 2 must be greater than the Ogre's Strength 4 to enter.") and never a raw rule
code; the rule's id goes in :attr:`Reason.rule` — a checklist id (``MAP-03``, ``KN-21``)
or a rules-reference key — which the table shows as a "Rule" link.

Converting a family of reasons (the pattern; the Knight's step is the first one):

1. write ``check_…`` functions next to the rule (in the role or map module) returning
   ``Reason | None``, one per rule, and one composed check for the decision's target;
2. build the options from the composed check;
3. route the decision's clicks in ``explain/why_not.py`` to that check and delete the
   old reason code;
4. add the decision kind to ``CONVERTED`` in ``tests/test_legality_reasons.py``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a rule refuses: ``text`` the plain sentence with the numbers that decide it (no
    rule codes in it), ``rule`` the id of the rule that refuses — a checklist id such as
    ``"KN-21"`` or a rules-reference key — for the reference link.  ``rule`` is empty only
    for an answer that no rule check gave (the explanation modules not converted yet)."""

    text: str
    rule: str = ""

    def __str__(self) -> str:
        return self.text

    @property
    def checked(self) -> bool:
        """Did a rule check give this reason (it names its rule)?"""
        return bool(self.rule)

