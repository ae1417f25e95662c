"""Decision kinds are one enum (issue 25, item 4): ``Game.ask`` takes only a ``DecisionKind``,
every kind the engine asks is a member, and every member is asked somewhere.

The engine's ask sites are read from the source (an AST walk over ``vast_desktop/engine``),
so a member nobody asks any more, or an ask site that builds its kind some other way, fails
here rather than leaving a kind the bots, the table and the reference wait for in vain."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.cards.omens import TARGETS
from vast_desktop.engine.decisions import Option
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.teach.describe_boards import GOBLIN_PHASE_OF_KIND
from vast_desktop.teach.reference import load_reference

ENGINE = Path(__file__).resolve().parent.parent / "vast_desktop" / "engine"
# functions that pass their ``kind`` parameter straight on to ``Game.ask`` (and their callers
# are scanned like ask calls): the Goblins' questions with Secrets beside them, the Knight's
# yes/no Events
FORWARDERS = {"ask": 1, "ask_goblins": 1, "_yes_no": 1, "discard_omens": 3}


def ask_kinds() -> tuple[set[DecisionKind], list[str]]:
    """The members the engine names at its ask sites, and the sites that name a kind any
    other way (which must be none besides the forwarders' own ``kind`` parameter)."""
    asked: set[DecisionKind] = set()
    odd: list[str] = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name not in FORWARDERS or len(node.args) <= FORWARDERS[name]:
                continue
            arg = node.args[FORWARDERS[name]]
            where = f"{path.relative_to(ENGINE)}:{node.lineno}"
            if (isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name)
                    and arg.value.id == "DecisionKind"):
                asked.add(DecisionKind[arg.attr])          # KeyError: not a member
            elif (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
                    and ast.unparse(arg.func) == "DecisionKind.omen"):
                asked.update(DecisionKind.omen(o) for o in TARGETS)   # one kind per Omen with a target
            elif isinstance(arg, ast.Name) and arg.id == "kind":
                pass                                        # a forwarder's parameter
            else:
                odd.append(f"{where}: {ast.unparse(arg)}")
    return asked, odd


def test_every_ask_site_names_a_member() -> None:
    _, odd = ask_kinds()
    assert odd == [], "ask sites whose kind is not a DecisionKind member:\n" + "\n".join(odd)


def test_every_member_is_asked_somewhere() -> None:
    asked, _ = ask_kinds()
    never = sorted(set(DecisionKind) - asked)
    assert never == [], f"members no ask site uses (remove them or ask them): {never}"


def test_ask_refuses_a_plain_string() -> None:
    """A misspelt or renamed kind given as a string fails loudly, not as an unknown kind later."""
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    opts = [Option("yes:", "Yes")]
    with pytest.raises(TypeError, match="DecisionKind"):
        g.ask("knight", "knight_turn", "p", opts)          # type: ignore[arg-type]
    assert g.ask("knight", DecisionKind.KNIGHT_TURN, "p", opts).kind is DecisionKind.KNIGHT_TURN


def test_members_are_their_strings() -> None:
    """Saved games, logs and views hold kinds as strings: a member equals, hashes and formats as
    its value, so nothing written before the enum changes."""
    for k in DecisionKind:
        assert k == k.value and hash(k) == hash(k.value) and f"{k}" == k.value
        assert k.name == k.value.upper()


def test_omen_kind_is_one_per_omen_with_a_target() -> None:
    assert {DecisionKind.omen(o) for o in TARGETS} == {k for k in DecisionKind if k.startswith("omen_")}
    with pytest.raises(ValueError):
        DecisionKind.omen("no_such_omen")


def test_tables_keyed_by_kind_name_members() -> None:
    """The reference's kind -> section table and the Goblins board's phase table name only
    real kinds (a renamed kind would silently lose its rules link or phase highlight)."""
    kinds = {k.value for k in DecisionKind}
    ref = load_reference()
    assert set(ref.decision_kinds) <= kinds, sorted(set(ref.decision_kinds) - kinds)
    assert set(GOBLIN_PHASE_OF_KIND) <= kinds
    assert all(isinstance(k, DecisionKind) for k in GOBLIN_PHASE_OF_KIND)
