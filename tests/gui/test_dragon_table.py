"""The Dragon at the table, driven only by real pygame events: a whole Dragon-solo game to its
end, Knight-vs-Dragon pass-and-play privacy after every hand-off, and every board target of the
Dragon's decisions placed on his board (random games)."""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pygame

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.decisions import Decision
from vast_desktop.render import text as text_mod
from vast_desktop.render.boards import draw_board
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.session import Seat

from .robot import Robot
from .test_table import pass_curtain, start

BOARD_KINDS = ("slot", "card")


def _visible_text(app) -> str:
    return "\n".join(text_mod.DRAWN + text_mod.gui_strings(app.manager))


def test_whole_dragon_solo_game_by_clicks_and_drags(app) -> None:
    """A Dragon-solo game (easy) played to its end with the mouse and keyboard only."""
    robot = start(app, ("dragon",), {"dragon": Seat(True)}, seed=5, solo_level="easy")
    chooser = random.Random(5)
    steps = 0
    dragged = 0
    kinds: set[str] = set()
    while app.session.game.outcome is None:
        d = app.session.game.pending
        assert d is not None and d.role == "dragon"
        kinds.add(d.kind)
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.25:
            ids.remove("end:")
        powers = [i for i in ids if i.startswith("power:")]
        choice = powers[chooser.randrange(len(powers))] if powers and chooser.random() < 0.4 \
            else ids[chooser.randrange(len(ids))]
        use_drag = choice.startswith(("move:", "wing:")) and chooser.random() < 0.5
        dragged += use_drag
        robot.perform(choice, prefer_drag=use_drag)
        steps += 1
        assert steps < 1500
    robot.frames(3)
    assert app.session.game.outcome is not None
    assert dragged >= 1
    assert {"dragon_turn", "pay_power"} <= kinds
    assert any(type(s).__name__ == "GameOverScreen" for s in app.screens)


def _all_tabs_text(robot: Robot) -> tuple[str, set[str]]:
    """Everything the screen draws with each board tab shown in turn, and every board region."""
    app = robot.app
    seen: list[str] = []
    regions: set[str] = set()
    for _ in robot.table.view.roles if robot.table.view else ():
        text_mod.DRAWN.clear()
        robot.frames(1)
        seen.append(_visible_text(app))
        regions |= set(robot.table.board_layout.regions)
        robot.key(pygame.K_b)
    return "\n".join(seen), regions


def test_knight_vs_dragon_privacy_after_each_hand_off(app) -> None:
    """Both human: after each curtain the Knight's screen never shows the Dragon's Power card
    hand, and the Dragon's screen never shows the Knight's Sidequests."""
    robot = start(app, ("knight", "dragon"), {"knight": Seat(True), "dragon": Seat(True)}, seed=9)
    game = app.session.game
    chooser = random.Random(9)
    hand_offs = {"knight": 0, "dragon": 0}
    steps = 0
    while game.outcome is None and steps < 160 and min(hand_offs.values()) < 3:
        if isinstance(app.top, HandoffScreen):
            pass_curtain(robot)
            robot.frames(2)
            viewer = app.session.viewer
            hand_offs[viewer] += 1
            seen, regions = _all_tabs_text(robot)
            if viewer == "knight":
                hand = list(game.state.dragon.hand)
                assert not any(f"card:{c}" in regions for c in hand), "the Knight sees the Dragon's cards"
                assert "Power cards in hand" not in seen
                assert "Hand: " not in robot.table.log_box.html_text      # the Dragon's private log line
                assert "(hidden)" in seen                                 # she sees backs and a count
            else:
                for q in (game.card(c).name for c in game.state.knight.sidequests):
                    assert q not in seen, f"the Dragon's screen shows the Knight's Sidequest {q}"
                assert "Power cards in hand" in seen
        d = game.pending
        assert d is not None
        if d.role != app.session.viewer:
            robot.frames(2)
            continue
        ids = list(d.ids)
        if "end:" in ids and len(ids) > 1 and chooser.random() > 0.3:
            ids.remove("end:")
        robot.perform(ids[chooser.randrange(len(ids))])
        robot.frames(1)
        steps += 1
    assert hand_offs["knight"] >= 1 and hand_offs["dragon"] >= 1


def _board_keys(g, role: str) -> set[str]:
    surf = pygame.Surface((432, 574))
    return set(draw_board(surf, pygame.Rect(0, 0, 432, 574), view(g, role), "dragon").regions)


GAMES = [
    (("dragon",), 1, "easy"), (("dragon",), 2, "hard"), (("knight", "dragon"), 3, None),
    (("knight", "dragon"), 4, None), (("dragon", "cave"), 5, None), (("knight", "dragon", "cave"), 6, None),
    (("knight", "goblins", "dragon"), 7, None), (("dragon", "goblins", "cave"), 8, None),
]


def dragon_board_targets(setups: Iterable[Setup]) -> Iterator[tuple[Setup, Game, Decision, set[str]]]:
    """Random games from each setup: before the bot answers each decision, the slot/card
    targets it has on the Dragon's board (all of his own decisions', and any ``dragon.``
    slot of anyone's decision), as ``kind:ref``."""
    for setup in setups:
        g = new_game(setup)
        bot = RandomBot(setup.seed)
        while g.outcome is None and len(g.choices) < 3000:
            d = g.pending
            assert d is not None
            want = {f"{t.kind}:{t.ref}" for o in d.options for t in o.targets
                    if t.kind in BOARD_KINDS and (d.role == "dragon" or t.ref.startswith("dragon."))}
            yield setup, g, d, want
            g.apply(bot(None, d))


def test_every_dragon_board_target_has_a_region(app) -> None:
    """Random games: every slot/card target of a Dragon decision (and every ``dragon.`` slot of
    anyone's) is a region of the Dragon's board as the decider sees it; together the games
    aim at powers, Sloth boxes (Slither, Soporific Spores) and the Shriek token."""
    seen_refs: set[str] = set()
    setups = [Setup(roles=roles, seed=seed, solo_level=solo) for roles, seed, solo in GAMES]
    for setup, g, d, want in dragon_board_targets(setups):
        if want:
            missing = want - _board_keys(g, d.role)
            assert not missing, f"{setup.roles} seed {setup.seed} {d.kind}: no board region for {sorted(missing)}"
            seen_refs |= want
    for part in ("slot:dragon.power.", "slot:dragon.sloth.", "slot:dragon.shriek"):
        assert any(k.startswith(part) for k in seen_refs), part
