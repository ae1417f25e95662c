"""Options, targets and decisions as slotted classes (issue 25, item 9: speed): they keep the
value semantics of the frozen dataclasses they replaced, and an option's label may be lazy."""
from __future__ import annotations

import pickle

import pytest

from vast_desktop.engine.decisions import Decision, Option, Target, button, space


def test_lazy_label_is_made_once_on_first_access_and_equals_the_eager_option() -> None:
    calls: list[int] = []

    def label() -> str:
        calls.append(1)
        return "Move to 1,0"

    lazy = Option("move:1,0", label, (space((1, 0)),))
    assert calls == []
    assert lazy.label == "Move to 1,0" and lazy.label == "Move to 1,0"
    assert calls == [1]
    eager = Option("move:1,0", "Move to 1,0", (Target("space", "1,0"),))
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert pickle.loads(pickle.dumps(Option("end:", lambda: "End your turn"))) == Option("end:", "End your turn")


def test_options_and_targets_compare_by_value() -> None:
    assert Option("a", "A") != Option("a", "B") and Option("a", "A") != ("a", "A", ())
    assert button("end_turn") == Target("button", "end_turn") and button("end_turn") is button("end_turn")
    assert len({Target("slot", "x", drag_from="y"), Target("slot", "x", drag_from="y")}) == 1


def test_decision_indexes_its_options_and_refuses_none_or_duplicates() -> None:
    opts = (Option("a:", "A"), Option("b:", "B"))
    d = Decision("knight", "knight_turn", "p", opts)
    assert d.ids == ("a:", "b:") and d.option("b:") is opts[1] and d.option("c:") is None
    assert d == Decision("knight", "knight_turn", "p", opts) and hash(d) == hash(Decision("knight", "knight_turn", "p", opts))
    with pytest.raises(ValueError, match="no options"):
        Decision("knight", "knight_turn", "p", ())
    with pytest.raises(ValueError, match=r"duplicate option ids: \['a:'\]"):
        Decision("knight", "knight_turn", "p", (opts[0], Option("a:", "again")))
