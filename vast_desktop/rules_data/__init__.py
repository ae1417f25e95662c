"""Rules data: every component and number of the game, loaded from YAML and validated.

The engine must not hard-code card lists, tile layouts, costs or setup tables
(ARCHITECTURE.md §4); those facts live in the top-level ``rules_data/*.yaml`` folder
(shipped inside the installed package as ``vast_desktop/data``).  This package is the
one way in:

* :mod:`.schema` -- the frozen pydantic models (``extra="forbid"``) and :class:`RulesData`
  with its lookups;
* :mod:`.loader` -- where the data lives (:func:`default_rules_dir`), the safe YAML loader
  with line numbers, error messages naming file, line and key path, and the cached
  :func:`load_rules_data` (:func:`load_rules_data_uncached` for tests that load a broken copy);
* :mod:`.overlay` -- the player's rules-data folder laid over the game's data key by key
  (:func:`load_rules`, :func:`load_rules_with_fallback`), with the :class:`Provenance` of
  every value it set;
* :mod:`.checks` -- the cross-file checks (component counts of ``COMPONENT_DATA.md``, every
  id an entry names exists);
* :mod:`.role_variants` -- the "vs Thief" combinations derived from the Thief-joining rules;
* :mod:`.ghoul` and :mod:`.ghoul_checks` -- the Ghoul's and the Vile Ghoul's components
  (``rd.ghoul``, ``rd.vile_ghoul``; expansion roles not yet playable), with their cross-checks.

It depends on nothing else in ``vast_desktop``: the engine reads the rules data, never the
reverse.
"""
from __future__ import annotations

from .corrections import Corrections, describe_count
from .ghoul import ExpansionVariant, GhoulData, TerrorCard, VileGhoulData, fury_goal
from .loader import (
    CHECKOUT_DATA,
    PACKAGED_DATA,
    LoadedRules,
    RulesLoad,
    RulesYamlLoader,
    YamlPath,
    YamlSources,
    default_rules_dir,
    format_path,
    load_rules,
    load_rules_cached,
    load_rules_data,
    load_rules_data_uncached,
    load_rules_with_fallback,
    validation_message,
)
from .overlay import Override, Provenance
from .schema import (
    RANKS,
    ROLES,
    SHAPE_WALLS,
    Card,
    CaveData,
    CaveTile,
    DifficultyLevel,
    DragonData,
    EventCard,
    GoblinData,
    IntTable,
    KnightData,
    MonsterCard,
    Omen,
    Params,
    Power,
    PowerCard,
    RoleVariant,
    RulesData,
    RulesDataError,
    SecretCard,
    SidequestCard,
    SoloLevel,
    TerrainTile,
    ThiefData,
    TreasureCard,
    UnknownIdError,
    VariantCard,
    WarCard,
    WinCondition,
)

__all__ = [
    "CHECKOUT_DATA",
    "PACKAGED_DATA",
    "RANKS",
    "ROLES",
    "SHAPE_WALLS",
    "Card",
    "CaveData",
    "CaveTile",
    "DifficultyLevel",
    "DragonData",
    "EventCard",
    "ExpansionVariant",
    "GhoulData",
    "GoblinData",
    "IntTable",
    "LoadedRules",
    "Override",
    "Provenance",
    "RulesLoad",
    "KnightData",
    "MonsterCard",
    "Omen",
    "Params",
    "Power",
    "PowerCard",
    "RoleVariant",
    "RulesData",
    "RulesDataError",
    "RulesYamlLoader",
    "SecretCard",
    "SidequestCard",
    "SoloLevel",
    "TerrainTile",
    "TerrorCard",
    "ThiefData",
    "TreasureCard",
    "UnknownIdError",
    "Corrections",
    "describe_count",
    "VariantCard",
    "VileGhoulData",
    "WarCard",
    "WinCondition",
    "YamlPath",
    "YamlSources",
    "default_rules_dir",
    "format_path",
    "fury_goal",
    "load_rules",
    "load_rules_cached",
    "load_rules_data",
    "load_rules_data_uncached",
    "load_rules_with_fallback",
    "validation_message",
]
