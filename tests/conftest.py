"""Shared test helpers for the engine's tests.

* :func:`choose` — the one way a test applies options: by id, by a label substring, or by
  a predicate on the :class:`Option`; it fails with the options on offer when none fits.
* Dice are forced with the engine's own hook, :meth:`Game.script_dice` (the faces a die
  shows next, consulted before the RNG and still a barrier) — never by monkeypatching the
  roll functions.

Helper modules import these by name (``from conftest import choose``): ``tests/`` is on
``sys.path`` for the whole suite (pytest's default import mode), and pytest registers this
file as the module ``conftest``.
"""
from __future__ import annotations

from collections.abc import Callable

from vast_desktop.engine import Game
from vast_desktop.engine.decisions import Option

Wanted = str | Callable[[Option], bool]


def _offer(g: Game) -> str:
    d = g.pending
    assert d is not None
    lines = "\n".join(f"  {o.id!r}: {o.label}" for o in d.options)
    return f"{d.role}/{d.kind} options:\n{lines}"


def pick(g: Game, wanted: Wanted) -> Option:
    """The pending option meant by ``wanted``: an exact option id; else the one option
    whose label contains ``wanted`` (case-insensitive); or the one option a predicate
    accepts.  Fails, listing the options on offer, when none or several fit."""
    assert g.pending is not None, f"the game is over: {g.outcome}"
    if isinstance(wanted, str):
        exact = g.pending.option(wanted)
        if exact is not None:
            return exact
        low = wanted.lower()
        fits = [o for o in g.pending.options if low in o.label.lower()]
        what = f"{wanted!r} (neither an option id nor in a label)"
    else:
        fits = [o for o in g.pending.options if wanted(o)]
        what = f"the predicate {getattr(wanted, '__name__', wanted)!r}"
    assert fits, f"{what} is not among the {_offer(g)}"
    assert len(fits) == 1, f"{what} fits {[o.id for o in fits]}; the {_offer(g)}"
    return fits[0]


def choose(g: Game, *wanted: Wanted) -> list[str]:
    """Apply options in order (each as :func:`pick` finds it); returns the ids applied."""
    done: list[str] = []
    for w in wanted:
        oid = pick(g, w).id
        g.apply(oid)
        done.append(oid)
    return done

