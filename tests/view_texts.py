"""The texts of a view, read straight off the :class:`PlayerView` dataclasses.

``view(g, v).to_dict()`` deep-copies the whole view (``dataclasses.asdict``: every log line,
every board twice) only for a test to walk the copy for its strings; in the tests that read
every viewer's view at every step of a random game that copy was most of their time.
:func:`view_texts` gives the same strings without the copy: the values of every field but
the log, the rules and the decision (its strings as ``to_dict`` writes them: role, kind,
prompt, each option's id and label), and the log lines apart.
``tests/test_view_texts.py`` pins it to ``test_privacy.strings(view.to_dict())`` as a
multiset, over games of every role, so the shortcut cannot drift from what ``to_dict`` shows.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields

from test_privacy import strings

from vast_desktop.engine.view import PlayerView

_SKIPPED = frozenset({"log", "decision", "rules"})   # the rules are the game's data, not the view's (to_dict)


@dataclass(frozen=True)
class ViewTexts:
    """One view's texts: ``board`` (every value but the log and the decision), ``decision``
    (the decider's own: role, kind, prompt, option ids and labels; empty for the others),
    ``option_ids`` and ``log``."""

    board: list[str]
    decision: list[str]
    option_ids: tuple[str, ...]
    log: tuple[str, ...]


def _fields(pv: PlayerView) -> Iterator[object]:
    for f in fields(pv):
        if f.name not in _SKIPPED:
            yield getattr(pv, f.name)


def view_texts(pv: PlayerView) -> ViewTexts:
    d = pv.decision
    decision: list[str] = []
    ids: tuple[str, ...] = ()
    if d is not None:
        ids = tuple(o.id for o in d.options)
        decision = [t for t in (d.role, d.kind, d.prompt, *(x for o in d.options for x in (o.id, o.label)))
                    if isinstance(t, str)]
    return ViewTexts(strings(list(_fields(pv))), decision, ids, pv.log)
