"""The New game screen lists only the house rules of the roles in play (issue 29): the Ghoul's
Skitter Variant is not offered while the Ghoul cannot be chosen there, and a rule of a role not
in play never reaches the game's setup."""
from __future__ import annotations

from vast_desktop.engine.setup import HOUSE_RULES, house_rules_for
from vast_desktop.render import text as text_mod

from .test_screens import button_named, click, frames, title

SKITTER = "ghoul_skitter_variant"


def test_the_ghouls_house_rule_is_not_offered_without_the_ghoul(app) -> None:
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0})
    title(app)
    click(app, button_named(app, "New game"))
    setup = app.top
    assert SKITTER not in setup.house_buttons
    assert list(setup.house_buttons) == list(house_rules_for(setup.roles))
    assert len(setup.house_buttons) == len(HOUSE_RULES) - 1
    text_mod.DRAWN.clear()
    frames(app, 1)
    assert not any("Skitter Variant" in line for line in text_mod.DRAWN)


def test_a_house_rule_of_a_role_not_in_play_never_reaches_the_setup(app) -> None:
    title(app)
    click(app, button_named(app, "New game"))
    setup = app.top
    setup.house = {SKITTER, "bow_once_per_turn"}          # e.g. kept from a game that had the Ghoul
    assert setup.setup(strict=False).house_rules == ("bow_once_per_turn",)
