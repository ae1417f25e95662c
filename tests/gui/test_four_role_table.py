"""A four-role table (Knight, Goblins, Dragon and Cave, all human, pass-and-play with curtains),
driven only by real pygame events: a whole game to its end, every decision kind met performed
through the GUI, and nobody's secrets on the screen of the person the curtain passes to."""
from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

import pygame

from vast_desktop.engine import Game, Setup, new_game
from vast_desktop.engine.decisions import Decision
from vast_desktop.render import text as text_mod
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.session import Seat
from vast_desktop.standing_orders import StandingOrders

from .robot import Robot
from .test_table import start

ROLES = ("knight", "goblins", "dragon", "cave")
SEATS = {r: Seat(True) for r in ROLES}
SEED = 19            # a four-role game of a few hundred choices and over a hundred hand-offs


def pick(chooser: random.Random, d: Decision) -> tuple[str, bool, bool]:
    """The robot's choice (biased away from ending a turn early) and how to make it: by dragging,
    or by clicking a piece on the map.  A function of the seeded chooser and the decision only, so
    the same game can be replayed without the GUI."""
    ids = list(d.ids)
    if "end:" in ids and len(ids) > 1 and chooser.random() > 0.2:
        ids.remove("end:")
    choice = ids[chooser.randrange(len(ids))]
    style = chooser.random()
    return choice, style < 0.5, style < 0.65


class Table:
    """Plays a four-role game through the robot; counts curtains and hand-offs.  ``on_curtain(role)``
    is called while the curtain for ``role`` is up, ``after_curtain(role)`` once it has lifted."""

    def __init__(self, app, seed: int, on_curtain: Callable[[str], None] | None = None,
                 after_curtain: Callable[[str], None] | None = None, roles: tuple[str, ...] = ROLES,
                 variants: tuple[str, ...] = (), orders: StandingOrders | None = None) -> None:
        self.robot = start(app, roles, {r: Seat(True) for r in roles}, seed=seed, variants=variants)
        self.app = app
        # every question is clicked here, the Cave's out-of-turn placements too: its standing orders
        # are "ask me each time" and no public answer is skipped, unless a test passes its ``orders``
        # (issue 27 item 2: then the orders and the public answers play as at a real table)
        app.session.standing_orders = orders or StandingOrders.ask_each_time()
        app.session.public_answers = orders is not None
        self.chooser = random.Random(seed)
        self.on_curtain = on_curtain
        self.after_curtain = after_curtain
        self.curtains: Counter[str] = Counter()      # per role the curtain passed to
        self.hand_offs = 0                           # the decider changed between two choices
        self.kinds: Counter[str] = Counter()         # decision kinds performed through the GUI
        self.met: Counter[str] = Counter()           # decision kinds met
        self.last_decider = app.session.decider      # start() passed the entry curtain to the first decider
        self.unseen = False                          # quick choices were made since the table last drew

    def pass_curtain(self) -> None:
        curtain = self.app.top
        assert isinstance(curtain, HandoffScreen)
        role = curtain.role
        if self.on_curtain is not None:
            self.on_curtain(role)
        if sum(self.curtains.values()) % 5 == 4:            # now and then the button instead of Space
            button = next(e for e in curtain.elements if "show my view" in getattr(e, "text", ""))
            self.robot.click_button(button)
        else:
            self.robot.key(pygame.K_SPACE)
        assert not isinstance(self.app.top, HandoffScreen), "the curtain did not lift"
        assert self.app.session.viewer == role
        self.curtains[role] += 1
        if self.after_curtain is not None:
            self.after_curtain(role)

    def step(self, by_hand: bool = True) -> None:
        """Pass a curtain, or make the next choice: through the robot, or (``by_hand`` False)
        straight through the session, as a quick way through a long game."""
        app = self.app
        if isinstance(app.top, HandoffScreen):
            self.pass_curtain()
            return
        d = app.session.game.pending
        assert d is not None
        assert d.role == app.session.viewer, f"the {d.role} must decide on the {app.session.viewer}'s screen"
        if d.role != self.last_decider:
            self.hand_offs += 1
            self.last_decider = d.role
        choice, drag, on_map = pick(self.chooser, d)
        self.met[d.kind] += 1
        if by_hand:
            if self.unseen:
                self.robot.frames(1)       # the table draws what the quick choices left before anyone looks
                self.unseen = False
            self.robot.perform(choice, prefer_drag=drag, prefer_map=on_map)
            self.kinds[d.kind] += 1
        else:
            app.session.choose(choice)
            self.unseen = True
            if app.session.needs_handoff() or app.session.game.outcome is not None:
                self.robot.frames(1)       # the table raises the curtain (or shows the end of the game)

    def play(self, max_choices: int = 1500) -> None:
        session = self.app.session
        while session.game.outcome is None:
            assert len(session.game.choices) < max_choices, "the game did not end"
            self.step()
        self.robot.frames(3)


# ------------------------------------------------------------------ (2) every decision kind
KIND_SEEDS = (64, 30, 49, 57)     # together they meet every decision kind 200 random four-role games met


def engine_kinds(seed: int) -> set[str]:
    g = new_game(Setup(roles=ROLES, seed=seed))
    chooser = random.Random(seed)
    kinds = set()
    while g.outcome is None and len(g.choices) < 5000:
        d = g.pending
        assert d is not None
        kinds.add(d.kind)
        g.apply(pick(chooser, d)[0])
    return kinds


def test_four_role_every_decision_kind_is_reachable(app) -> None:
    """Four-role games in which the robot performs every decision of a kind it met fewer than 6 times
    (and one in eight after that; the rest go straight to the session, to keep the test quick): each
    kind the engine asks for in these games is chosen by clicking or dragging at least once."""
    met: Counter[str] = Counter()
    performed: Counter[str] = Counter()
    expected: set[str] = set()
    for seed in KIND_SEEDS:
        expected |= engine_kinds(seed)
        table = Table(app, seed)
        table.kinds, table.met = performed, met
        session = app.session
        while session.game.outcome is None:
            assert len(session.game.choices) < 3000
            d = session.game.pending
            assert d is not None
            by_hand = isinstance(app.top, HandoffScreen) or performed[d.kind] < 6 or met[d.kind] % 8 == 0
            table.step(by_hand)
        assert sum(table.curtains.values()) == table.hand_offs
    assert set(met) == expected, sorted(set(met) ^ expected)
    assert set(performed) == set(met), f"never chosen through the GUI: {sorted(set(met) - set(performed))}"
    assert len(performed) >= 45, sorted(performed)
    print(f"\n{sum(performed.values())} of {sum(met.values())} choices by the robot; "
          f"{len(performed)} decision kinds performed through the GUI: {', '.join(sorted(performed))}")


# ------------------------------------------------------------------ privacy
PRIVACY_SEED = 8      # the Knight keeps facedown Treasures and the Goblins hold Secrets at many hand-offs


def _public_text(game: Game) -> str:
    """Everything everyone may know now: the public log, the cards lying face up, and the tile
    type words the board prints (the Event card "Ambush" shares its name with the Ambush tile)."""
    from vast_desktop.render.boards import TYPE_LABELS

    st = game.state
    assert st.knight is not None
    cards = list(st.knight.face_up) + list(st.goblins.face_up) + list(st.goblins.secrets_discard)
    return "\n".join([e.public for e in game.events] + [str(game.card(c).name) for c in cards]
                     + list(TYPE_LABELS.values()))


def _others_secrets(game: Game, viewer: str) -> dict[str, tuple[list[str], set[str]]]:
    """Per kind of secret the other roles hold now: (names or ids that must not be drawn, board
    region keys that must not exist) for ``viewer``; a name already public does not count."""
    st = game.state
    assert st.knight is not None and st.cave is not None
    public = _public_text(game)
    out: dict[str, tuple[list[str], set[str]]] = {}

    def add(kind: str, cards: list[str]) -> None:
        names = [str(game.card(c).name) for c in cards]
        out[kind] = ([n for n in names if n not in public], {f"card:{c}" for c in cards})

    if viewer != "knight":
        k = st.knight
        add("sidequests", list(k.sidequests))
        add("facedown treasures", [c for c in k.treasures if c not in k.face_up])
    if viewer != "goblins":
        add("secrets in hand", list(st.goblins.hand))
    if viewer != "dragon":     # his cards are named Claw, Flame, Wing: look for their ids and regions
        out["power cards"] = (list(st.dragon.hand), {f"card:{c}" for c in st.dragon.hand})
    if viewer != "cave":
        out["cave tiles"] = (list(st.cave.hand), {f"hand_tile:{t}" for t in st.cave.hand})
        add("top events", list(st.event_deck[:3]))
    return out


def _screen(robot: Robot) -> tuple[str, set[str]]:
    """What the screen shows now (drawn text, pygame_gui texts, the board's tooltips, the whole log)
    and the board's region keys."""
    app = robot.app
    table = robot.table
    tips = list(table.board_layout.tooltips.values())
    text = "\n".join(text_mod.DRAWN + text_mod.gui_strings(app.manager) + tips + [table.log_box.text])
    return text, set(table.board_layout.regions)


class PrivacyWatch:
    """After every curtain, each board tab the new viewer can bring up must show none of the other
    three roles' secrets; nor may the curtain itself.  ``curtain`` and ``look`` are a :class:`Table`'s
    ``on_curtain`` and ``after_curtain``; the problems found are kept, with how many names were checked."""

    def __init__(self, app) -> None:
        self.app = app
        self.table: Table | None = None
        self.problems: list[str] = []
        self.leaked: set[str] = set()
        self.checked: Counter[str] = Counter()

    def look(self, role: str) -> None:
        assert self.table is not None
        robot = self.table.robot
        game = self.app.session.game
        secrets = _others_secrets(game, role)
        for _ in game.state.roles:                      # every tab, then back to the first
            text, regions = _screen(robot)
            tab = robot.table.board_tab
            for kind, (names, keys) in secrets.items():
                self.checked[kind] += len(names)
                seen = [f"the {role} sees {kind} {n!r} ({tab} tab, choice {len(game.choices)})"
                        for n in names if n in text]
                seen += [f"the {role}'s board has a region for {kind} {k} ({tab} tab)" for k in sorted(keys & regions)]
                self.problems.extend(seen)
                self.leaked.update([kind] if seen else [])
            if role != "dragon" and "Power cards in hand" in text:
                self.problems.append(f"the {role} sees the Dragon's 'Power cards in hand' ({tab} tab)")
                self.leaked.add("power cards")
            robot.key(pygame.K_b)
        assert robot.table.board_tab == role, "Tab did not cycle back to the viewer's own board"

    def curtain(self, role: str) -> None:             # the curtain itself shows nobody's secrets
        assert self.table is not None
        text_mod.DRAWN.clear()
        self.table.robot.frames(1)
        shows = "\n".join(text_mod.DRAWN + text_mod.gui_strings(self.app.manager))
        for kind, (names, _) in _others_secrets(self.app.session.game, "").items():
            shown = [f"the curtain for the {role} shows {kind} {n!r}" for n in names if n in shows]
            self.problems.extend(shown)
            self.leaked.update([f"{kind} (curtain)"] if shown else [])


# ------------------------------------------------------------------ (3) a whole game, and privacy
def test_four_role_game_to_its_end_by_clicks_with_privacy_at_each_hand_off(app) -> None:
    """Four people at one screen play a whole game: every choice by a click, a drag or a key, every
    change of player behind a curtain lifted with Space (or its button), until the game-over screen.
    After every curtain, each board tab the new viewer can bring up shows none of the other three
    roles' secrets; nor does the curtain itself.  (One game for both: looking at the tabs changes no
    choice, the robot's chooser alone makes them.)"""
    t0 = time.perf_counter()
    watch = PrivacyWatch(app)
    table = watch.table = Table(app, PRIVACY_SEED, on_curtain=watch.curtain, after_curtain=watch.look)
    table.play()
    game = app.session.game
    assert game.outcome is not None
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)
    assert type(app.top).__name__ == "GameOverScreen"
    # every change of decider went behind a curtain, and the curtain passed to every role
    assert table.hand_offs > 20
    assert sum(table.curtains.values()) == table.hand_offs, (table.curtains, table.hand_offs)
    assert set(table.curtains) == set(ROLES), table.curtains
    assert table.robot.drags >= 10, table.robot.drags
    assert sum(table.kinds.values()) == len(game.choices)
    # privacy
    assert not watch.problems, f"{sorted(watch.leaked)} shown:\n" + "\n".join(watch.problems[:15])
    assert sum(table.curtains.values()) > 40, table.curtains
    for kind in ("sidequests", "facedown treasures", "secrets in hand", "power cards", "cave tiles", "top events"):
        assert watch.checked[kind] > 0, f"no {kind} were ever held back: {watch.checked}"
    print(f"\n{len(game.choices)} choices, {table.hand_offs} hand-offs, {table.robot.drags} drags, "
          f"{time.perf_counter() - t0:.1f} s; {sum(table.curtains.values())} curtains; secrets held back "
          f"(name-checks per tab): {dict(watch.checked)}")


def test_a_long_log_adds_and_draws_only_what_is_new_and_scrolls(app) -> None:
    """A four-role game logs well over a thousand lines: adding one wraps only that line, and drawing
    the log draws only the rows in view (the pygame_gui text box it replaced laid the whole text out
    again each time; the cost is a figure of ``vast.py bench --gui``), and the mouse wheel over the
    log brings older lines back."""
    from vast_desktop.render.log_view import LogView, _rows

    log = LogView(pygame.Rect(1164, 620, 432, 240), 17)
    log.append([f"Line {i}: the Goblins' Rage falls to 1 (no discs for Bones); a long line that wraps." for i in range(2000)])
    rows = list(log.rows)
    assert len(rows) > 2000                                  # (the long lines wrap)
    log.draw(app.screen)
    for i in range(50):
        before = _rows.cache_info()
        log.append([f"New line {i}."])
        after = _rows.cache_info()
        assert (after.hits + after.misses) - (before.hits + before.misses) == 1     # only the new line wrapped
        text_mod.DRAWN.clear()
        log.draw(app.screen)
        assert log.rows[:len(rows)] == rows and log.rows[len(rows):] == [f"New line {j}." for j in range(i + 1)]
        assert len(text_mod.DRAWN) == log.visible_rows()     # only the rows in view are drawn
    assert "New line 49." in text_mod.DRAWN and not any(t.startswith("Line 1990:") for t in text_mod.DRAWN)
    robot = Table(app, SEED).robot
    table = robot.table
    table.log_box.clear()
    table.log_box.append([f"Old line {i}." for i in range(200)])
    robot.frames(1)
    assert "Old line 199." in text_mod.DRAWN and "Old line 180." not in text_mod.DRAWN
    at = table.log_rect.center
    pygame.mouse.set_pos(at)
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        robot.frames(1)
    shown = [int(t[9:-1]) for t in text_mod.DRAWN if t.startswith("Old line ")]
    assert shown and max(shown) < 150, shown           # 20 notches of 3 rows: back to about line 140
