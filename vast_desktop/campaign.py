"""The Campaign variant (VAR-03): player levels that carry from game to game.

Everyone starts at Easiest.  After each game every winner moves up one level, whatever
role they played; the others stay.  The first player to win while already at Expert is
"Your Vastness" and the campaign is over.  A player's level picks the difficulty of
whichever role they take (the difficulty of that rank for the role).

Stored per player name in one JSON file in the data folder, written atomically; a
broken or foreign file is refused with the file and the reason and never overwritten.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .persistence import atomic_write_text, read_marked_json, validate_file
from .rules_data import RulesData
from .settings import data_dir

RANKS = ("easiest", "easy", "standard", "hard", "expert")
RANK_NAMES = {"easiest": "Easiest", "easy": "Easy", "standard": "Standard", "hard": "Hard", "expert": "Expert"}
CAMPAIGN_FORMAT = "vast-desktop-campaign"


class CampaignError(ValueError):
    """A campaign file that cannot be used; the message names the file and why."""


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seats: dict[str, str]                 # role -> player name
    winners: tuple[str, ...]              # player names
    promoted: tuple[str, ...]             # who moved up a level
    game: str | None = None               # the game's fingerprint (Session.game_id), so it counts once


class Campaign(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["vast-desktop-campaign"] = "vast-desktop-campaign"
    version: Literal[1] = 1
    levels: dict[str, int] = Field(default_factory=dict)     # player name -> index in RANKS
    vastness: str | None = None                               # "Your Vastness", once someone earns it
    games: list[GameRecord] = Field(default_factory=list)

    def rank(self, player: str) -> str:
        """VAR-03: a new player starts at Easiest."""
        return RANKS[self.levels.get(player, 0)]

    def difficulty(self, seats: dict[str, str], rules: RulesData) -> dict[str, str]:
        """The difficulty each seated role plays at: its level of the player's rank (the Ghoul's from its own
        difficulty cards, Ragpicker … Hunter)."""
        out = {}
        for role, player in seats.items():
            rank = self.rank(player)
            cards = (rules.ghoul.difficulty if role == "ghoul" else rules.vile_ghoul.difficulty if role == "vile_ghoul"
                     else [d for d in rules.difficulty if d.role == role])
            level = next((d.id for d in cards if d.rank == rank), None)
            if level is not None:
                out[role] = level
        return out

    def record(self, seats: dict[str, str], winner_roles: tuple[str, ...]) -> list[str]:
        """VAR-03: after a game each winning player moves up one level (at most Expert);
        a player who wins at Expert becomes Your Vastness, if nobody is yet.  Returns the
        lines to tell the table."""
        if self.vastness is not None:
            raise CampaignError(f"The campaign is over: {self.vastness} is Your Vastness.")
        winners = tuple(dict.fromkeys(seats[r] for r in winner_roles if r in seats))
        lines, promoted = [], []
        for player in seats.values():
            self.levels.setdefault(player, 0)
        for player in winners:
            level = self.levels[player]
            if RANKS[level] == "expert":
                self.vastness = player
                lines.append(f"{player} wins at Expert: {player} is Your Vastness!")
                break
            self.levels[player] = level + 1
            promoted.append(player)
            lines.append(f"{player} moves up to {RANK_NAMES[RANKS[level + 1]]}.")
        if not winners:
            lines.append("Nobody won: every level stays.")
        self.games.append(GameRecord(seats=dict(seats), winners=winners, promoted=tuple(promoted)))
        return lines

    def find_game(self, game_id: str) -> GameRecord | None:
        """The record of the game with this fingerprint, if it was recorded already."""
        return next((r for r in self.games if r.game == game_id), None)

    def record_game(self, seats: dict[str, str], winner_roles: tuple[str, ...], game_id: str) -> list[str]:
        """:meth:`record` for one identified game: a game already in the campaign (a save of
        it loaded again, the game-over screen opened twice) changes nothing the second time."""
        done = self.find_game(game_id)
        if done is not None:
            moved = ", ".join(done.promoted)
            return [f"This game is already in the campaign{f' ({moved} moved up)' if moved else ''}."]
        lines = self.record(seats, winner_roles)
        self.games[-1] = self.games[-1].model_copy(update={"game": game_id})
        return lines

    def level_names(self, players: list[str] | tuple[str, ...]) -> str:
        """'Ada Easy · Bo Easiest' for these players (each once, in order)."""
        return " · ".join(f"{p} {RANK_NAMES[self.rank(p)]}" for p in dict.fromkeys(players))


def campaign_path() -> Path:
    return data_dir() / "campaign.json"


def load_campaign(path: Path | None = None) -> Campaign:
    """A missing file is a new campaign; a broken one is refused (CampaignError) so the
    levels in it are never lost by being overwritten."""
    path = Path(path or campaign_path())
    if not path.exists():
        return Campaign()
    data = read_marked_json(path, CAMPAIGN_FORMAT, "campaign", CampaignError)
    campaign = validate_file(Campaign, data, path, "campaign", CampaignError)
    bad = {p: n for p, n in campaign.levels.items() if not 0 <= n < len(RANKS)}
    if bad:
        raise CampaignError(f"{path}: broken campaign file: levels out of range {bad}.")
    return campaign


def save_campaign(campaign: Campaign, path: Path | None = None) -> None:
    atomic_write_text(Path(path or campaign_path()), campaign.model_dump_json(indent=1))
