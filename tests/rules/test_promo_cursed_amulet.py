"""The Cursed Amulet's doubled "negative effects" (VAR-17, issue 28) that
test_promo_knight_cards.py does not cover: forced movement of the Knight and the Health
an attack costs her.

The bonus rules: "Effects that force you to move (Giant Bats, Claw, Telekinesis, etc.)
can move you twice as many spaces" — so each power's reach is doubled (Giant Bats and the
Wisp up to 6, Slap up to 6, the Claw and Wrath up to 2), still by the Forced Movement rules,
and the mover may still choose a nearer space.  (Telekinesis is the Ghost's, not built.)
Each test builds its position with ``load_scenario`` and runs the same position without
the Amulet beside it."""
from __future__ import annotations

from typing import Any

from vast_desktop.engine import Game
from vast_desktop.engine.decisions import space
from vast_desktop.engine.explain.why_not import why_not
from vast_desktop.engine.roles.dragon import powers as dp

from .helpers import choose, entrance, ids, lit, scenario
from .helpers_goblins import gob_game, to_activation

OPEN = ["T22", "T25", "T29", "T30", "T31", "T32", "T33", "T37"]          # tiles with no wall
LONG_ROW = [entrance()] + [lit((x, 0), t) for x, t in zip(range(1, 9), OPEN, strict=True)] + [lit((-1, 0), "T20")]
AMULET = {"treasures": ["cursed_amulet"], "face_up": ["cursed_amulet"]}


def _knight(cursed: bool, **more: Any) -> dict[str, Any]:
    return {**(AMULET if cursed else {}), **more}


def _to(prefix: str, g: Game) -> set[int]:
    """The x of each space an option starting with ``prefix`` moves the Knight to (a row at y 0)."""
    return {int(i.rsplit(">" if ">" in i else ":", 1)[1].split(",")[0]) for i in ids(g) if i.startswith(prefix)}


def test_VAR_17_cursed_amulet_giant_bats_carry_her_six_spaces() -> None:
    """Giant Bats carry the Knight up to 3 spaces (CV-21); cursed, up to 6 — and a Tribe or a
    Treasure token still 3.  A click beyond 6 is refused with the doubled reach named."""
    for cursed, far in ((False, 3), (True, 6)):
        g = scenario(("knight", "cave"), tiles=LONG_ROW, pieces={"knight": [0, 0]}, active="cave",
                     cave={"omens": {"bat": 1}}, knight=_knight(cursed))
        choose(g, "omen:giant_bats")
        assert _to("bats:knight@0,0>", g) == set(range(-1, far + 1)) - {0}
    text = why_not(g, "cave", space((8, 0)))
    assert text is not None and "up to 6" in text and "Cursed Amulet" in text
    choose(g, "bats:knight@0,0>6,0")
    assert g.state.board.pieces["knight"] == (6, 0)


def test_VAR_17_cursed_amulet_slap_moves_her_up_to_six() -> None:
    """Slap moves the Knight up to 3 spaces (DR-32); cursed, up to 6.  The click on a space
    7 away is refused by the same check, which names the doubled reach."""
    for cursed, far in ((False, 4), (True, 7)):
        g = scenario(("knight", "dragon"), tiles=LONG_ROW, pieces={"knight": [1, 0], "dragon": [0, 0]},
                     active="dragon", dragon={"hand": ["wing", "wing"]}, knight=_knight(cursed))
        choose(g, "power:slap")
        assert max(_to("push:", g)) == far
    text = why_not(g, "dragon", space((8, 0)))
    assert text is not None and "up to 6 spaces (doubled by her Cursed Amulet)" in text
    choose(g, "push:7,0")
    assert g.state.board.pieces["knight"] == (7, 0)


def test_VAR_17_cursed_amulet_claw_and_wrath_move_her_two_spaces() -> None:
    """The Claw (DR-24) and Wrath (DR-37) move the Knight 1 space; cursed, up to 2 (the
    Dragon may still leave her nearer).  The Thief is moved 1 as ever."""
    for cursed, reach in ((False, 1), (True, 2)):
        g = scenario(("knight", "dragon", "thief"), tiles=LONG_ROW,
                     pieces={"knight": [3, 0], "dragon": [0, 0], "thief": [8, 0]}, active="dragon",
                     knight=_knight(cursed))
        claw = dp.push_knight(g, "Claw")
        decision = next(claw)
        moves = {o.id for o in decision.options} - {"nopush:"}
        assert moves == {f"push:{x},0" for x in range(3 - reach, 3 + reach + 1) if x != 3}
        assert dp.push_reach(g, "Wrath", "knight") == reach and dp.push_reach(g, "Wrath", "thief") == 1
        assert (dp.check_push(g, "Wrath", "knight", (1, 0)) is None) == cursed      # 2 spaces from her
        wrath = next(dp._wrath_push(g, "knight", "the Knight", (3, 0)))
        assert ("push:1,0" in wrath.ids) == cursed
        assert wrath.prompt == ("Wrath: move the Knight up to 2 spaces (doubled by her Cursed Amulet)" if cursed
                                else "Wrath: move the Knight to an adjacent space")
    far = dp.check_push(g, "Claw", "knight", (6, 0))
    assert far is not None and far.text == ("Claw moves the Knight up to 2 spaces (doubled by her Cursed Amulet): "
                                            "6,0 is 3 spaces away.")


def test_VAR_17_cursed_amulet_wisp_carries_her_six_spaces() -> None:
    """The Wisp (a Goblin Monster) carries the Knight up to 3 spaces; cursed, up to 6."""
    for cursed, far in ((False, 3), (True, 6)):
        g = gob_game(tiles=LONG_ROW, goblins={"population": {"fangs": 2, "bones": 0, "eye": 0},
                                              "monsters": {"fangs": ["wisp"]}},
                     pieces={"knight": [0, 0], "tribe:fangs": [-1, 0]}, knight=_knight(cursed))
        to_activation(g)
        choose(g, "activate:fangs")
        assert _to("wisp:", g) == set(range(1, far + 1))
    choose(g, "wisp:6,0")
    assert g.state.board.pieces["knight"] == (6, 0)


def test_VAR_17_cursed_amulet_a_tribe_attack_costs_two_health() -> None:
    """A Tribe's attack costs the Knight 1 Health; cursed, 2 ("Attacks or ambushes that
    reduce your Health will reduce it by 2 instead of 1")."""
    for cursed, left in ((False, 6), (True, 5)):
        g = gob_game(tiles=LONG_ROW, goblins={"population": {"fangs": 3, "bones": 0, "eye": 0}},
                     pieces={"knight": [1, 0], "tribe:fangs": [2, 0]},
                     knight=_knight(cursed, health=7, max_health=7))
        to_activation(g)
        choose(g, "activate:fangs", "move:1,0")
        assert g.state.knight is not None and g.state.knight.health == left
