"""Every tooltip on the five player boards comes from one place, ``engine/describe.py``: in
random mid-game positions, every region a board registers, for every viewer, carries exactly
``describe``'s text for its key (non-empty), and no card or tile that is hidden from that viewer
(the Cave's hand and top Events, the Knight's Sidequests and facedown Treasures, the Dragon's
Power cards, the Goblins' Secrets in hand) shows up by id or by name in any tooltip."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Game, Setup, new_game, view
from vast_desktop.engine.decisions import Target
from vast_desktop.render import boards, text
from vast_desktop.render.boards import draw_board
from vast_desktop.rules_data import load_rules_data
from vast_desktop.teach.describe import describe, describe_key
from vast_desktop.teach.describe_boards import TYPE_LABELS, card

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

ROLES = ("knight", "goblins", "dragon", "cave", "thief")
VIEWERS: tuple[str | None, ...] = (*ROLES, None)
SNAPSHOTS = (30, 120, 260)          # decisions into the game
RECT = pygame.Rect(10, 10, 460, 900)
# what each role's board keeps for its owner alone (the fields of engine/board_views.py left None for others)
HIDDEN_KEYS = {"knight": ("sidequests", "facedown"), "cave": ("hand", "event_top3"), "dragon": ("hand",),
               "goblins": ("hand",)}
# card names that are also public words (the Dragon's Power cards are named after their symbol, a
# Gem's; an Event card after a tile type): for those the ids are checked, not the names
COMMON_NAMES = {"Claw", "Flame", "Wing", *TYPE_LABELS.values()}


@pytest.fixture(scope="module")
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    text.reset_caches()
    boards.clear_caches()
    yield pygame.display.set_mode((480, 920))


def _positions(seed: int, at: tuple[int, ...] | range = SNAPSHOTS, variants: tuple[str, ...] = ()) -> Iterator[Game]:
    """A random-bot game of all five roles, yielded at each decision count in ``at`` it reaches."""
    g = new_game(Setup(roles=ROLES, seed=seed, variants=variants))
    bot = RandomBot(seed)
    steps = 0
    while g.outcome is None and steps <= max(at):
        d = g.pending
        assert d is not None
        if steps in at:
            yield g
        g.apply(bot(None, d))
        steps += 1


def _strings(x: Any) -> Iterator[str]:
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(x, list | tuple | set):
        for v in x:
            yield from _strings(v)


def _name(cid: str) -> str | None:
    c = card(load_rules_data(), cid)   # these games play with the packaged data
    return str(c.name) if c is not None else None


def _hidden_from(g: Game, viewer: str | None) -> tuple[set[str], set[str]]:
    """(ids, names) of the cards and tiles other roles hold secretly from ``viewer``; a name is
    left out when some public card has it too (a face-up copy, a discarded one) or is a common word."""
    public_names = {n for s in _strings(view(g, None).boards.to_dict()) if (n := _name(s)) is not None}
    ids: set[str] = set()
    for role, keys in HIDDEN_KEYS.items():
        if role == viewer:
            continue
        own = view(g, role).boards.to_dict().get(role, {})
        for key in keys:
            ids |= {str(c) for c in own.get(key, [])}
    names = {n for c in ids if (n := _name(c)) is not None and n not in public_names | COMMON_NAMES}
    return ids, names


@pytest.mark.parametrize("seed, variants", [(3, ()), (8, ()), (4, ("dragon-scales", "terrain"))])
def test_every_board_tooltip_is_describes_and_keeps_secrets(screen: pygame.Surface, seed: int,
                                                            variants: tuple[str, ...]) -> None:
    drawn = 0
    for g in _positions(seed, variants=variants):
        for viewer in VIEWERS:
            v = view(g, viewer)
            ids, names = _hidden_from(g, viewer)
            for role in ROLES:
                if v.boards.of(role) is None:
                    continue
                screen.fill((0, 0, 0))
                layout = draw_board(screen, RECT, v, role)
                assert layout.regions and set(layout.regions) == set(layout.tooltips), role
                drawn += 1
                for key, tip in layout.tooltips.items():
                    assert tip.strip(), (role, viewer, key)
                    assert tip == describe_key(v, key), (role, viewer, key)
                    kind, _, ref = key.partition(":")          # not describe's last resort: a real text
                    assert not tip.startswith(f"{kind.replace('_', ' ').title()}: {ref.replace('_', ' ')}"), tip
                    leaked = [c for c in ids if re.search(rf"(?<![\w#]){re.escape(c)}(?![\w#])", tip)
                              and re.search(r"[\d_#]", c)]     # (a one-word id is checked by its name)
                    leaked += [n for n in names if n in tip]
                    assert not leaked, f"{leaked} in {key} of the {role} board for {viewer}: {tip}"
    assert drawn >= 3 * len(VIEWERS) * len(ROLES) - 5


def test_target_regions_say_what_describe_says_with_the_click(screen: pygame.Surface) -> None:
    """A board target's tooltip is describe's for that target, choices suffix included: the
    deciding viewer's tooltip names what clicking it does, the same region for another viewer
    does not."""
    found = 0
    for g in _positions(5, range(0, 200)):
        d = g.pending
        assert d is not None
        v = view(g, d.role)
        if v.boards.of(d.role) is None:
            continue
        if not any(t.kind in ("slot", "card", "hand_tile") for o in d.options for t in o.targets):
            continue
        layout = draw_board(screen, RECT, v, d.role)
        others = draw_board(screen, RECT, view(g, None), d.role).tooltips
        for o in d.options:
            for t in o.targets:
                key = f"{t.kind}:{t.ref}"
                if t.kind in ("slot", "card", "hand_tile") and key in layout.tooltips:
                    assert layout.tooltips[key] == describe(v, Target(t.kind, t.ref))
                    assert "Click: " in layout.tooltips[key] or "of your choices use it" in layout.tooltips[key]
                    assert "Click: " not in others.get(key, "") and "your choices" not in others.get(key, "")
                    found += 1
    assert found > 20, "too few board targets met in these positions"
