"""The role combinations the rulebook gives only as a rule (RV-11, RV-17..21).

``role_variants.yaml`` lists the printed combinations; "any 3 roles vs Thief" and "any 2
roles vs Thief" are rules (``thief_joins``), so :func:`with_thief_variants` derives one
variant per listed two- or three-role combination without the Thief, and
:attr:`RulesData.role_variants` holds all 30 legal combinations.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from .schema import Role, RoleVariant, RulesData, ThiefJoinRule

if TYPE_CHECKING:
    from .loader import YamlPath

__all__ = ["with_thief_variants"]


# ---------------------------------------------------------------------------
# Deriving the "vs Thief" combinations (RV-11, RV-17..21)
# ---------------------------------------------------------------------------


def _join_thief(base: RoleVariant, rule: ThiefJoinRule, names: Mapping[str, str], quest_names: Mapping[str, str]) -> RoleVariant:
    gifts = [g for g in base.gifts if g[0] not in rule.drop_gifts]
    changes: list[str] = []
    for card, _holder in base.gifts:
        if card in rule.drop_gifts:
            changes.append(f"{names.get(card, card)} is not used")
    for card in rule.thief_gifts:
        held = [i for i, g in enumerate(gifts) if g[0] == card]
        if held:
            i = held[0]
            before = gifts[i][1]
            gifts[i] = (gifts[i][0], "table")
            if before != "table":
                changes.append(f"{names.get(card, card)} lies beside the map for the {before.capitalize()} and the Thief to share")
        else:
            gifts.append((card, "thief"))
            changes.append(f"the Thief takes {names.get(card, card)}")
    roles = cast("frozenset[Role]", base.roles | {"thief"})
    remove = base.remove_sidequests
    if rule.keep_all_sidequests and remove:
        changes.append(" and ".join(quest_names.get(q, q) for q in remove) + " stay in the Sidequest deck")
        remove = ()
    place_optional = base.place_treasure_optional
    if rule.place_treasure_optional and "cave" in roles and not place_optional:
        place_optional = True
        changes.append("the Cave may skip its Place Treasure phase (revealed Treasure Rooms still get tokens)")
    wins = (*base.wins, *rule.thief_wins)
    line = base.goblin_infestation_line if any(g[0] == "goblin_infestation" for g in gifts) else None
    summary = rule.summary.format(base=base.name) + f" {base.name}: {base.summary}"
    if changes:
        summary += " Changes with the Thief: " + "; ".join(changes) + "."
    return RoleVariant(
        id=f"{base.id}_vs_thief",
        name=f"{base.name} vs Thief",
        roles=roles,
        recommended=False,
        gifts=tuple(gifts),
        goblin_infestation_line=line,
        remove_sidequests=remove,
        hunger_to_wakefulness=base.hunger_to_wakefulness,
        cave_cannot_return_hunger=base.cave_cannot_return_hunger,
        place_treasure_optional=place_optional,
        skip_dead_knight=base.skip_dead_knight,
        knight_crystals_choice=base.knight_crystals_choice,
        wins=wins,
        summary=summary,
        derived_from=base.id,
    )


def with_thief_variants(rd: RulesData) -> tuple[tuple[RoleVariant, ...], dict[int, YamlPath]]:
    """All role variants: the listed ones plus those derived by the Thief-joining rules."""
    listed = rd.role_variants
    paths: dict[int, YamlPath] = {i: ("role_variants", i) for i in range(len(listed))}
    covered = {rv.roles for rv in listed}
    names = {c.id: c.name for c in rd.variant_cards}
    quest_names = {c.id: c.name for c in rd.sidequests}
    out = list(listed)
    for rv in listed:
        if "thief" in rv.roles or len(rv.roles) not in (2, 3):
            continue
        if rv.roles | {"thief"} in covered:
            continue
        which = "three_roles" if len(rv.roles) == 3 else "two_roles"
        rule: ThiefJoinRule = getattr(rd.thief_joins, which)
        paths[len(out)] = ("thief_joins", which)
        out.append(_join_thief(rv, rule, names, quest_names))
        covered.add(out[-1].roles)
    return tuple(out), paths
