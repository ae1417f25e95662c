"""Every option has something highlighted to click on the table (issue 27, item 4).

A Knight-and-Dragon game played by real clicks: at every decision, each option is a prompt
button (or an entry of "More…", or the aiming mode's button), or a highlighted map space or
edge, or a board place the table draws and highlights (its key is an option target in the
table's index).  The short questions give each answer a button: keeping the Treasure card
just found ("Keep <name>") beside "Decline it", each Dragon Gem beside "Place no Gem".
"""
from __future__ import annotations

import random

from vast_desktop.engine.decisions import Decision
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.input.targets import button_options, in_mode, key, modal_group
from vast_desktop.render import text as text_mod
from vast_desktop.screens.table import TableScreen
from vast_desktop.session import Seat
from vast_desktop.teach.action_prompts import PHRASES, SEPARATOR, shown_prompt

from .test_table import pass_curtain, start

ROLES = ("knight", "dragon")
SEED = 2            # the Knight finds a Treasure card at once, the Dragon is asked about a Gem soon after
STEPS = 30


def unreachable(t: TableScreen, d: Decision) -> list[str]:
    """The options of ``d`` with nothing highlighted to click on the table."""
    more = {o.id for o in button_options(d, t._clickable_keys(), in_mode(d, t.mode))}
    regions = set(t.board_layout.regions)
    out = []
    for o in d.options:
        if o.id in t.button_for or o.id in more or o.id == "end:":
            continue
        group = modal_group(o)
        if group is not None and f"mode:{group}" in t.button_for:
            continue
        places = [key(x) for x in o.targets]
        on_map = [k for k in places if k.startswith(("space:", "edge:"))]
        on_board = [k for k in places if k in regions]
        pieces = [k for k in places if k.startswith("piece:") and t.view is not None and k[6:] in t.view.pieces]
        if not any(k in t.index.by_key for k in on_map + on_board + pieces):
            out.append(f"{o.id} ({o.label!r})")
    return out


def test_every_option_has_a_highlighted_target_and_short_questions_have_buttons(app) -> None:
    robot = start(app, ROLES, {r: Seat(True) for r in ROLES}, seed=SEED)
    chooser = random.Random(SEED)
    asked: dict[str, list[str]] = {}
    for _ in range(STEPS):
        pass_curtain(robot)
        t = app.top
        assert isinstance(t, TableScreen)
        t.refresh()
        robot.frames(1)
        d = t.index.decision
        if d is None or app.session.game.outcome is not None:
            break
        assert not unreachable(t, d), (d.kind, unreachable(t, d))
        if d.kind in (DecisionKind.KEEP_TREASURE, DecisionKind.DRAGON_GEM):
            asked[d.kind] = [t.button_for[o.id].text for o in d.options if o.id in t.button_for]
            assert len(asked[d.kind]) == len(d.options), (d.kind, asked[d.kind])
        if d.kind in PHRASES:                 # the prompt on the screen leads with what to do
            action = shown_prompt(d).partition(SEPARATOR)[0]
            assert action and any(line.startswith(action[:30]) for line in text_mod.DRAWN), (action, text_mod.DRAWN[:8])
        ids = list(d.ids)
        robot.perform(ids[chooser.randrange(len(ids))])
    assert set(asked) == {DecisionKind.KEEP_TREASURE, DecisionKind.DRAGON_GEM}, asked
    assert any(label.startswith("Keep ") for label in asked[DecisionKind.KEEP_TREASURE])
    assert "Place no Gem" in asked[DecisionKind.DRAGON_GEM]
    assert any(label.startswith("Place the ") and "Gem" in label for label in asked[DecisionKind.DRAGON_GEM])
