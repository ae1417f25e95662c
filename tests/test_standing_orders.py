"""The Cave's standing orders and the questions the public board decides (issue 27, item 2):
a placement asked during another role's turn is answered without a hand-off, with a legal id the
orders pick from the Cave's own view and logged like a choice; "Ask me each time" brings the
question back; the orders are saved and loaded (old saves load, bad ones are refused); the
answers read only the Cave's view or the public one; a question is never skipped because of a
secret card; and the benchmark's counting shows fewer curtains with the orders than without."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import vast_desktop.session as session_module
from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Game, Setup, replay, view
from vast_desktop.engine.decisions import Decision, Option
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.headless.handoffs import FOUR_ROLES, count_curtains
from vast_desktop.persistence import SaveError, load_save
from vast_desktop.public_answers import public_answer
from vast_desktop.session import Seat, Session, hash_role
from vast_desktop.standing_orders import FillMode, StandingOrders, cave_hand, choose

HUMANS = {r: Seat(human=True) for r in FOUR_ROLES}


def _play_until_out_of_turn_fill(seed: int = 1) -> tuple[list[str], str]:
    """The choices of an all-human 4-role game (Easy players deciding, every question asked) up to
    the first choice after which the Cave must fill an open edge on another role's turn, and that
    choice."""
    s = Session.new(Setup(roles=FOUR_ROLES, seed=seed), dict(HUMANS), standing_orders=StandingOrders.ask_each_time())
    s.public_answers = False
    players = {r: make_bot(r, "easy", seed * 31 + hash_role(r)) for r in FOUR_ROLES}
    for _ in range(3000):
        d = s.game.pending
        assert d is not None
        choice = players[d.role](view(s.game, d.role), d)   # type: ignore[operator]
        before = list(s.game.choices)
        s.choose(choice)
        nxt = s.game.pending
        if (nxt is not None and nxt.kind is DecisionKind.FILL_OPEN_EDGE and s.game.state.active != "cave"
                and len({o.id.split("@")[0] for o in nxt.options}) > 1):
            return before, choice
    raise AssertionError("no out-of-turn fill with a choice of tiles in 3000 steps")


def _session_before(choices: list[str], orders: StandingOrders, seed: int = 1) -> Session:
    g = replay(Setup(roles=FOUR_ROLES, seed=seed), choices)
    s = Session(g, dict(HUMANS), standing_orders=orders)
    s.take_seat(g.pending.role)     # type: ignore[union-attr]
    return s


@pytest.fixture(scope="module")
def fill_point() -> tuple[list[str], str]:
    return _play_until_out_of_turn_fill()


def test_orders_answer_the_fill_without_a_handoff(fill_point):
    before, choice = fill_point
    s = _session_before(before, StandingOrders())
    mover = s.viewer
    s.choose(choice)
    n = len(before) + 1
    answered = sorted(k for k in s.ordered_steps if k > n)
    assert answered, "the standing orders answered nothing"
    first = s.game.choices[answered[0] - 1]
    assert first.startswith("fill:") and s.game.decider_log[answered[0] - 1] == "cave"
    # the id is the one the orders pick from the Cave's own view at that point, and it is legal
    at = replay(s.game.setup, s.game.choices[:answered[0] - 1])
    assert at.pending is not None and at.pending.kind is DecisionKind.FILL_OPEN_EDGE
    assert first == choose(StandingOrders(), view(at, "cave"), at.pending)
    assert at.pending.option(first) is not None
    # logged like any choice: the public log says the Cave placed a tile, and the game replays without the orders
    assert replay(s.game.setup, s.game.choices).choices == s.game.choices
    # no curtain for the Cave: whoever decides now is not the Cave asked to fill
    assert not (s.game.pending.role == "cave" and s.game.pending.kind is DecisionKind.FILL_OPEN_EDGE)
    if s.decider == mover:
        assert not s.needs_handoff()
    assert not s.can_undo() or len(s.game.choices) not in s.ordered_steps


def test_the_cave_orders_its_hand(fill_point):
    before, choice = fill_point
    g = replay(Setup(roles=FOUR_ROLES, seed=1), before)
    g.apply(choice)
    d = g.pending
    assert d is not None
    cave_view = view(g, "cave")
    tiles = sorted({o.id.split("@")[0].removeprefix("fill:") for o in d.options})
    for wanted in tiles:
        orders = StandingOrders(tile_order=(wanted,))
        assert choose(orders, cave_view, d).startswith(f"fill:{wanted}@")
    # moving a tile in the ordered hand
    hand = cave_hand(cave_view)
    orders = StandingOrders().moved(hand, hand[-1], -1)
    assert orders.ordered_hand(hand).index(hand[-1]) == max(0, len(dict.fromkeys(hand)) - 2)


def test_ask_me_each_time_restores_the_question(fill_point):
    before, choice = fill_point
    s = _session_before(before, StandingOrders().with_mode(FillMode.ASK))
    s.choose(choice)
    assert s.game.pending is not None and s.game.pending.kind is DecisionKind.FILL_OPEN_EDGE
    assert s.decider == "cave" and s.needs_handoff()
    assert len(s.game.choices) == len(before) + 1 and not s.ordered_steps


def test_a_computer_cave_or_one_person_is_not_answered_for(fill_point):
    before, choice = fill_point
    g = replay(Setup(roles=FOUR_ROLES, seed=1), before)
    s = Session(g, {**HUMANS, "cave": Seat(human=False, level="easy")})
    s.choose(choice)
    assert not s.ordered_steps
    g = replay(Setup(roles=FOUR_ROLES, seed=1), before)
    solo = Session(g, {r: Seat(human=r == "cave", level="easy") for r in FOUR_ROLES})
    solo.choose(choice)
    assert not solo.ordered_steps and solo.decider == "cave"   # one person: no curtains, the question stays


def test_orders_saved_and_loaded(tmp_path: Path, fill_point):
    before, _ = fill_point
    orders = StandingOrders(mode=FillMode.ASK, cards=FillMode.AUTO, tile_order=("T16", "T2"))
    s = _session_before(before, orders)
    path = tmp_path / "game.json"
    s.save(path)
    assert Session.load(path).standing_orders == orders
    # an old save (no orders) loads with the default orders
    data = json.loads(path.read_text())
    del data["cave_orders"]
    path.write_text(json.dumps(data))
    assert Session.load(path).standing_orders == StandingOrders()
    # a game without the Cave writes none
    other = Session.new(Setup(roles=("knight", "dragon"), seed=2), {})
    other.save(tmp_path / "kd.json")
    assert "cave_orders" not in json.loads((tmp_path / "kd.json").read_text())


@pytest.mark.parametrize(("orders", "words"), [
    ({"mode": "sometimes"}, "cave_orders.mode"),
    ({"tile_order": ["dark_1"] * 41}, "cave_orders.tile_order"),
    ({"tile_order": ["../etc"]}, "cave_orders.tile_order"),
    ({"mode": "auto", "spy": 1}, "cave_orders.spy"),
    ({"tile_order": "dark_1"}, "cave_orders.tile_order"),
])
def test_bad_orders_in_a_save_are_refused(tmp_path: Path, orders, words):
    s = Session.new(Setup(roles=FOUR_ROLES, seed=3), dict(HUMANS))
    path = tmp_path / "game.json"
    s.save(path)
    data = json.loads(path.read_text())
    data["cave_orders"] = orders
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=words.replace(".", r"\.")) as err:
        load_save(path)
    assert str(path) in str(err.value)


def test_orders_for_a_game_without_the_cave_are_refused(tmp_path: Path):
    s = Session.new(Setup(roles=("knight", "dragon"), seed=2), {})
    path = tmp_path / "kd.json"
    s.save(path)
    data = json.loads(path.read_text())
    data["cave_orders"] = {"mode": "auto"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="the Cave is not in this game"):
        load_save(path)


def test_answers_read_only_the_caves_view_or_the_public_one(monkeypatch, fill_point):
    before, choice = fill_point
    seen: list[str | None] = []
    real_view = session_module.view

    def spy(game: Game, viewer: str | None = None):
        seen.append(viewer)
        return real_view(game, viewer)

    s = _session_before(before, StandingOrders())
    monkeypatch.setattr(session_module, "view", spy)
    s.choose(choice)
    assert s.ordered_steps and seen and set(seen) <= {"cave", None}
    with pytest.raises(ValueError, match="the Cave's own view"):
        choose(StandingOrders(), real_view(s.game, "knight"), s.game.pending)   # type: ignore[arg-type]


def test_the_orders_are_in_no_other_players_view(fill_point):
    before, _ = fill_point
    s = _session_before(before, StandingOrders(tile_order=("T7",), mode=FillMode.ASK))
    for role in (*FOUR_ROLES, None):
        text = json.dumps(view(s.game, role).to_dict(), default=str)
        assert "tile_order" not in text and "standing" not in text.lower()


def _trap(with_trap: bool) -> Decision:
    opts = [Option("no_response:", "No response", ())]
    if with_trap:
        opts.insert(0, Option("trap:", "Discard Trap", ()))
    return Decision("goblins", DecisionKind.TRAP_DRAGON, "The Dragon's Hiss hits the Red Tribe.", tuple(opts))


def test_trap_is_asked_whenever_the_goblins_hold_any_card():
    pv = view(replay(Setup(roles=FOUR_ROLES, seed=1), []), None)
    goblins = pv.boards.goblins
    assert goblins is not None
    holding = replace(pv, boards=replace(pv.boards, goblins=replace(goblins, hand_count=2, face_up=())))
    empty = replace(pv, boards=replace(pv.boards, goblins=replace(goblins, hand_count=0, face_up=())))
    # with cards in hand the question is put whether or not Trap is among them: the secret decides nothing
    assert public_answer(holding, _trap(True)) is None
    assert public_answer(holding, _trap(False)) is None
    # with no card in hand and no Trap face up everyone knows the answer
    assert public_answer(empty, _trap(False)) == "no_response:"
    with pytest.raises(ValueError, match="public view"):
        public_answer(view(replay(Setup(roles=FOUR_ROLES, seed=1), []), "goblins"), _trap(False))


def test_ambush_with_no_tribe_able_is_not_asked():
    pv = view(replay(Setup(roles=FOUR_ROLES, seed=1), []), None)
    only = Decision("goblins", DecisionKind.AMBUSH, "Ambush?", (Option("no_ambush:", "No Ambush", ()),))
    able = Decision("goblins", DecisionKind.AMBUSH, "Ambush?",
                    (Option("ambush:red", "Ambush with the Red Tribe", ()), Option("no_ambush:", "No Ambush", ())))
    assert public_answer(pv, only) == "no_ambush:"
    assert public_answer(pv, able) is None


def test_the_benchmark_counts_fewer_curtains_with_the_orders():
    before = count_curtains(FOUR_ROLES, 1, StandingOrders.ask_each_time(), rounds=2, public_answers=False)
    after = count_curtains(FOUR_ROLES, 1, StandingOrders(), rounds=2)
    assert before.total > 0 and before.auto_answers == 0
    assert after.auto_answers > 0
    assert after.per_seat_round < before.per_seat_round
    assert sum(after.per_seat.values()) == after.total
