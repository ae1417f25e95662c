"""The decks as dealt at setup: the base cards of a deck plus the promo cards the chosen
bonus variants turn on (issue 28: promo-events adds Quake!, promo-monsters the Ground
Kraken).  Promo cards are marked ``promo`` in rules_data and never dealt otherwise; the
config's ``promo_cards`` (built by engine/setup.py from the variants) names those in play."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...rules_data import RulesData
    from ...rules_data.schema import DeckName
    from ..setup import GameConfig


def promo_ids(rules: RulesData, cfg: GameConfig, name: DeckName) -> list[str]:
    """The physical ids of deck ``name``'s promo cards that the setup's bonus variants put into play."""
    chosen = cfg.extra.get("promo_cards", frozenset())
    return [pid for card in rules.cards(name, include_promo=True) if card.promo and card.id in chosen
            for pid in card.physical_ids]


def dealt_deck(rules: RulesData, cfg: GameConfig, name: DeckName) -> list[str]:
    """Deck ``name``'s physical card ids, unshuffled: its base cards, then its promo cards in play."""
    return [*rules.deck(name), *promo_ids(rules, cfg, name)]
