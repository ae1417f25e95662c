"""The Campaign variant (VAR-03): levels per player name, carried from game to game and
kept on disk; a broken file is refused, never overwritten."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vast_desktop.campaign import Campaign, CampaignError, load_campaign, save_campaign
from vast_desktop.engine import Setup, new_game
from vast_desktop.rules_data import load_rules_data


def test_VAR_03_everyone_starts_at_easiest_and_each_winner_moves_up() -> None:
    c = Campaign()
    seats = {"knight": "Ada", "cave": "Bo"}
    assert c.rank("Ada") == c.rank("Bo") == "easiest"
    lines = c.record(seats, ("knight",))
    assert c.rank("Ada") == "easy" and c.rank("Bo") == "easiest"
    assert lines == ["Ada moves up to Easy."]
    c.record({"dragon": "Bo", "thief": "Ada"}, ())                    # nobody wins: levels stay
    assert (c.rank("Ada"), c.rank("Bo")) == ("easy", "easiest")


def test_VAR_03_a_level_follows_the_player_whatever_role() -> None:
    """The level picks the difficulty of the role the player takes that game."""
    rules = load_rules_data()
    c = Campaign(levels={"Ada": 3, "Bo": 0})
    diff = c.difficulty({"thief": "Ada", "goblins": "Bo"}, rules)
    assert diff == {"thief": "prowler", "goblins": "miscreant"}
    g = new_game(Setup(roles=("goblins", "thief"), seed=1, difficulty=diff))
    assert g.config.extra["thief_stash"] == 7


def test_VAR_03_winning_at_expert_makes_your_vastness_and_ends_the_campaign() -> None:
    c = Campaign(levels={"Ada": 4, "Bo": 4})
    c.record({"knight": "Ada", "dragon": "Bo"}, ("dragon",))
    assert c.vastness == "Bo"
    with pytest.raises(CampaignError, match="Your Vastness"):
        c.record({"knight": "Ada", "dragon": "Bo"}, ("knight",))


def test_campaign_round_trips_and_refuses_broken_files(tmp_path: Path) -> None:
    path = tmp_path / "campaign.json"
    assert load_campaign(path) == Campaign()                         # none yet: a new campaign
    c = Campaign()
    c.record({"knight": "Ada"}, ("knight",))
    save_campaign(c, path)
    assert load_campaign(path) == c
    good = path.read_text()
    for text, needle in (("{not json", "broken JSON at line 1"), (json.dumps({"format": "other"}), "not a Vast Desktop campaign"),
                         (good.replace('"Ada": 1', '"Ada": 9'), "out of range"),
                         (good.replace('"version": 1', '"version": 7'), "version")):
        path.write_text(text)
        with pytest.raises(CampaignError, match=needle) as exc:
            load_campaign(path)
        assert str(path) in str(exc.value)
        assert path.read_text() == text                               # refused, not overwritten
