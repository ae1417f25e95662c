"""How likely a role is to win from where it stands: a value learned from games, read off its view.

The Hard players search by playing a turn on in worlds drawn from their view and judging where
that leaves them.  A hand-made judgement (``progress.standing``) misjudges long games — being
one Crystal up means little if the Collapse is two turns off — so the judgement used is learned:
``win_chance(view, role)`` is a logistic model of "``role`` goes on to win" over a few numbers
that the view shows (``features``), fitted to games between the Easy players
(``tools/train_values.py``), one model per role and set of roles in play.  The weights live in
``values.yaml`` beside this module; for a role set with no model, ``progress.standing`` is used.

Everything here reads only the :class:`PlayerView` of the role judged, so it knows no more
than a person in that seat.
"""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine.board_views import GhoulBoard, VileGhoulBoard
from ...engine.view import PlayerView
from ...rules_data import RulesDataError, YamlSources, validation_message
from ..features import MapPicture
from ..progress import standing
from ..registry import ROLES

VALUES_FILE = Path(__file__).with_name("values.yaml")
FAR = 12          # distances are capped here (and an unreachable goal counts as this far)

# Features still computed for the models fitted with them, but never fitted again:
# ``thief_to_treasure`` counts FAR once no Treasure token is left on the map, so a rollout in
# which the Thief loots the last one looked 12 steps worse off — the Hard Thief ended his turn
# rather than loot (TH-13).  ``thief_to_loot`` replaces it.
RETIRED_FEATURES = frozenset({"thief_to_treasure"})


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


class _Distances:
    """Steps through the map from the pieces the features measure from (one search per piece)."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.pic = MapPicture(view)
        self.cache: dict[str, dict[Any, int]] = {}

    def from_piece(self, piece: str) -> dict[Any, int]:
        if piece not in self.cache:
            p = self.view.pieces.get(piece)
            self.cache[piece] = self.pic.distances(p) if p is not None and p in self.pic.tiles else {}
        return self.cache[piece]

    def to(self, piece: str, goals: list[Any]) -> float:
        d = self.from_piece(piece)
        found = [d[g] for g in goals if g in d]
        return float(min(min(found), FAR)) if found else float(FAR)


def features(view: PlayerView) -> dict[str, float]:
    """The numbers the learned value weighs, as ``view`` shows them (its viewer's secrets included)."""
    tiles = view.tiles
    crystal_tokens = [t.pos for t in tiles if t.tokens.get("crystal", 0) > 0]
    treasure_tokens = [t.pos for t in tiles if t.tokens.get("treasure", 0) > 0]
    dark = [t.pos for t in tiles if not t.lit and t.terrain is None]
    f: dict[str, float] = {
        "round": float(min(view.round, 20)),
        "stack": view.stack_count / 10.0,
        "collapse": float(view.collapse),
        "crystal_tiles_removed": _ratio(view.crystal_tiles_removed, view.collapse_crystals),
        "lit_crystal_tiles": float(sum(1 for t in tiles if t.lit and t.type == "crystal")),
        "dark_crystal_tiles": float(sum(1 for t in tiles if not t.lit and t.type == "crystal")),
        "crystal_tokens": float(len(crystal_tokens)),
        "treasure_tokens": float(len(treasure_tokens)),
        "dark_tiles": float(len(dark)),
        "tiles": len(tiles) / 10.0,
    }
    dist = _Distances(view)
    entrance = [view.entrance]
    roles = view.roles
    if "knight" in roles and (k := view.boards.knight) is not None:
        f.update({
            "knight_health": float(k.health),
            "knight_smashed": _ratio(k.smashed, k.crystals_needed),
            "knight_strength": float(k.strength),
            "knight_movement": float(k.movement),
            "knight_grit": k.grit / 10.0,
            "knight_cubes": float(k.cubes_free),
            "knight_treasures": float(len(k.face_up) + k.facedown_count),
            "knight_dead": float(bool(k.dead)),
            "knight_to_crystal": dist.to("knight", crystal_tokens),
            "knight_to_dark": dist.to("knight", dark),
            "knight_to_entrance": dist.to("knight", entrance),
            # RV-22, RV-26, RV-28: once enough Crystals are smashed only the way out counts
            "knight_escape": (float(k.smashed >= k.crystals_needed)
                              / (1.0 + dist.to("knight", entrance))),
        })
    if "goblins" in roles and (gb := view.boards.goblins) is not None:
        pop = sorted(gb.population.values(), reverse=True) + [0, 0, 0]
        strength = sorted(gb.strength.values(), reverse=True) + [0, 0, 0]
        tribes = [k for k in view.pieces if k.startswith("tribe:")]
        f.update({
            "goblins_population": float(sum(pop[:3])),
            "goblins_strength1": float(strength[0]),
            "goblins_strength2": float(strength[1]),
            "goblins_rage": float(gb.rage),
            "goblins_crystals": float(gb.crystals),
            "goblins_revealed": float(len(tribes)),
            "goblins_secrets": float(gb.hand_count + len(gb.face_up)),
        })
        if "knight" in roles:
            knight = [view.pieces["knight"]] if "knight" in view.pieces else []
            f["goblins_to_knight"] = min((dist.to(t, knight) for t in tribes), default=float(FAR))
        f["goblins_to_crystal"] = min((dist.to(t, crystal_tokens) for t in tribes), default=float(FAR))
    if "dragon" in roles and (dr := view.boards.dragon) is not None:
        f.update({
            "dragon_wakefulness": _ratio(dr.wakefulness, dr.wakefulness_needed),
            "dragon_awake": float(bool(dr.awake)),
            "dragon_surfaced": float(bool(dr.surfaced)),
            "dragon_health": float(dr.health),
            "dragon_armor": float(dr.armor),
            "dragon_hand": float(dr.hand_count),
            "dragon_to_entrance": dist.to("dragon", entrance) if dr.surfaced else float(FAR),
        })
        if "knight" in roles:
            f["dragon_to_knight"] = dist.to("knight", [view.pieces["dragon"]]) if "dragon" in view.pieces else FAR
    if "cave" in roles and (cv := view.boards.cave) is not None:
        f.update({
            "cave_hand": float(cv.hand_count),
            "cave_omens": float(sum(cv.omens.values())),
            "cave_hatred": float(cv.hatred_tokens),
        })
    if "thief" in roles and (th := view.boards.thief) is not None:
        to_treasure = dist.to("thief", treasure_tokens)
        f.update({
            "thief_stashed": _ratio(th.stashed, th.stash_needed),
            "thief_carried": float(len(th.carried)),
            "thief_dead": float(bool(th.dead)),
            "thief_stealth": float(th.stealth_now),
            "thief_to_entrance": dist.to("thief", entrance),
            "thief_to_treasure": to_treasure,     # retired: see RETIRED_FEATURES
            # the steps to the nearest Treasure token, 0 once none is left (``treasure_tokens`` says which)
            "thief_to_loot": to_treasure if treasure_tokens else 0.0,
            # TH-38, TH-39: loot counts once carried to the Entrance — what is carried, by how near
            "thief_haul_home": len(th.carried) / (1.0 + dist.to("thief", entrance)),
        })
    if "ghoul" in roles and (gh := view.boards.ghoul) is not None:
        f.update(_ghoul_features(view, gh, dist, treasure_tokens, crystal_tokens))
    if "vile_ghoul" in roles and (vg := view.boards.vile_ghoul) is not None:
        f.update(_vile_ghoul_features(view, vg, dist, treasure_tokens, crystal_tokens))
    return f


def _ghoul_features(view: PlayerView, gh: GhoulBoard, dist: _Distances, treasure_tokens: list[Any],
                    crystal_tokens: list[Any]) -> dict[str, float]:
    """The Ghoul's race (GH-01): its Fury (or, where the variant counts them, its smashed
    Crystals) toward the goal, the Treasure held toward the next Fury (2 = 1, GH-15), its Terror
    cards and Defense, and how near it is to what it hunts — the Treasure tokens, the other
    roles' pieces (1 Fury an attack, GH-16) — and, once the goal is reached, to the Entrance."""
    goal = _ratio(gh.fury, gh.fury_goal)
    if gh.crystals_goal is not None:
        goal = max(goal, _ratio(gh.smashed, gh.crystals_goal))
    prey = [view.pieces[r] for r in view.roles if r != "ghoul" and r in view.pieces]
    to_entrance = dist.to("ghoul", [view.entrance])
    return {
        "ghoul_fury": goal,
        "ghoul_treasure": float(gh.treasure),
        "ghoul_terror": float(len(gh.terror)),
        "ghoul_defense": float(gh.defense),
        "ghoul_placed": float(gh.placed),
        "ghoul_to_treasure": dist.to("ghoul", treasure_tokens) if treasure_tokens else 0.0,
        "ghoul_to_prey": dist.to("ghoul", prey) if prey else float(FAR),
        "ghoul_to_crystal": dist.to("ghoul", crystal_tokens) if gh.crystals_goal is not None else 0.0,
        # GH-01: once the goal is reached only the way out counts
        "ghoul_escape": float(goal >= 1) / (1.0 + to_entrance),
    }


def _vile_ghoul_features(view: PlayerView, vg: VileGhoulBoard, dist: _Distances, treasure_tokens: list[Any],
                         crystal_tokens: list[Any]) -> dict[str, float]:
    """The Vile Ghoul's race (VG-01): the Crystals smashed toward its goal (the hunted role's
    Health is that role's own feature), the Treasures and Gems held toward its next Terror card
    (VG-15), its Terror cards and Defense, how near it is to its prey (the role it hunts, else
    the Crystal tokens) and, once the Crystals are smashed where it must escape, to the Entrance."""
    goal = _ratio(vg.smashed, vg.crystals_goal) if vg.crystals_goal is not None else 0.0
    prey = ([view.pieces[vg.hunted]] if vg.hunted is not None and vg.hunted in view.pieces
            else crystal_tokens if vg.crystals_goal is not None else [])
    to_entrance = dist.to("vile_ghoul", [view.entrance])
    return {
        "vile_smashed": goal,
        "vile_treasure": _ratio(vg.treasure, vg.collected_per_terror),
        "vile_terror": float(len(vg.terror)),
        "vile_defense": float(vg.defense),
        "vile_placed": float(vg.placed),
        "vile_supply": float(sum(vg.supply)),
        "vile_to_treasure": dist.to("vile_ghoul", treasure_tokens) if treasure_tokens else 0.0,
        "vile_to_prey": dist.to("vile_ghoul", prey) if prey else float(FAR),
        # VG-01: once the Crystals are smashed (and it must escape) only the way out counts
        "vile_escape": float(goal >= 1 and vg.escape) / (1.0 + to_entrance),
    }


def model_key(role: str, roles: tuple[str, ...] | list[str]) -> str:
    """The name of a model: the judged role, then every role in play in a fixed order."""
    return f"{role}|{','.join(sorted(roles))}"


Scale = Annotated[float, Field(gt=0)]


class ValueModel(BaseModel):
    """One fitted model: per feature [mean, scale, weight] (the feature is standardized as
    (x - mean) / scale before it is weighed), the bias, the games it was fitted to (``games``
    between Easy players from seed ``first_seed``, then ``mixed_per_role`` per role against
    random players) and how well it did on games it was not fitted to."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    games: int = Field(gt=0)
    mixed_per_role: int = Field(ge=0)
    first_seed: int
    bias: float
    weights: dict[str, tuple[float, Scale, float]]
    samples: int = Field(ge=0)
    test_log_loss: float = Field(ge=0)
    test_accuracy: float = Field(ge=0, le=1)


class ValueFile(BaseModel):
    """``values.yaml``: the models by ``model_key``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    about: str
    models: dict[str, ValueModel]

    @field_validator("models")
    @classmethod
    def _keys(cls, models: dict[str, ValueModel]) -> dict[str, ValueModel]:
        for key in models:
            role, _, roles = key.partition("|")
            listed = roles.split(",")
            if role not in listed or any(r not in ROLES for r in listed) or listed != sorted(set(listed)):
                raise ValueError(f"model {key!r}: expected 'role|roles in play' with the roles sorted, "
                                 f"e.g. 'knight|cave,knight'")
        return models


# the values files hold search seeds and budgets beyond the rules data's range of numbers
VALUES_MAX_INT = 10**9


def parse_values(filename: str, text: str) -> ValueFile:
    """Validate the text of a values file; :class:`RulesDataError` names file, line and key."""
    sources = YamlSources(filename, max_int=VALUES_MAX_INT)
    sources.add(filename, text)
    try:
        return ValueFile.model_validate(sources.raw)
    except ValidationError as exc:
        raise RulesDataError(validation_message(exc, sources)) from None


@lru_cache(maxsize=4)
def load_models(path: str = str(VALUES_FILE)) -> dict[str, ValueModel]:
    """The fitted models of ``values.yaml`` ({} when there is no such file)."""
    p = Path(path)
    if not p.exists():
        return {}
    return dict(parse_values(p.name, p.read_text(encoding="utf-8")).models)


def logistic(model: ValueModel, f: dict[str, float]) -> float:
    """The model's win chance for the features ``f``."""
    z = model.bias
    for name, (mean, scale, weight) in model.weights.items():
        z += weight * (f.get(name, 0.0) - mean) / scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def win_chance(view: PlayerView, role: str) -> float:
    """How likely ``role`` is to win from ``view`` (its own view): 1 or 0 once the game is
    over, the learned model where there is one, else ``progress.standing``."""
    if view.outcome is not None:
        return 1.0 if role in view.outcome[0] else 0.0
    model = load_models().get(model_key(role, view.roles))
    if model is None:
        return standing(view, role)
    return logistic(model, features(view))
