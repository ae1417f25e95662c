"""Builds a game's hooks (:mod:`.hooks`) from the modules above the layers that call them.

Setup stores the result on the game (``g.hooks``) for new games, scenarios and replays
alike.  This module sits above the roles, the meetings, the flow and the explanations and
below setup (``tests/test_import_graph.py`` lists the layers).
"""
from __future__ import annotations

from types import MappingProxyType

from . import flow
from .cards import treasures
from .explain import why_not
from .hooks import (
    CardsHooks,
    DragonHooks,
    ExplainHooks,
    FlowHooks,
    GhoulHooks,
    GoblinsHooks,
    Hooks,
    KnightHooks,
    MeetingsHooks,
    ThiefHooks,
)
from .roles.cave.turn import cave_turn
from .roles.dragon import powers as dragon_powers
from .roles.dragon import turn as dragon
from .roles.ghoul import attacks as ghoul_attacks
from .roles.ghoul import terror as ghoul_terror
from .roles.ghoul import turn as ghoul
from .roles.ghoul.vile import turn as vile_ghoul
from .roles.goblins import ambush as goblins_ambush
from .roles.goblins import turn as goblins
from .roles.knight import board as knight_board
from .roles.knight import turn as knight
from .roles.meetings import knight_dragon, knight_goblins
from .roles.thief import turn as thief


def build_hooks() -> Hooks:
    """The hooks of a game (the same functions for every game: only their selection by the
    roles in play, done by the callers, differs)."""
    return Hooks(
        knight=KnightHooks(lose_grit=knight_board.lose_grit, lose_health=knight_board.lose_health,
                           use_flare=knight.use_flare, flare_centres=knight.flare_centres),
        goblins=GoblinsHooks(
            NAMES=MappingProxyType(goblins.NAMES), gs=goblins.gs, piece=goblins.piece, tname=goblins.tname,
            tribe_pos=goblins.tribe_pos, tribes_at=goblins.tribes_at, revealed_tribes=goblins.revealed_tribes,
            hidden_tribes=goblins.hidden_tribes, tribe_population=goblins.tribe_population,
            tribe_strength=goblins.tribe_strength, tribe_perception=goblins.tribe_perception,
            has_monster=goblins.has_monster, is_ambush_tile=goblins.is_ambush_tile,
            may_fight_dragon=goblins.may_fight_dragon, trap_bonus=goblins.trap_bonus,
            spring_trap=goblins.spring_trap, gain_rage=goblins.gain_rage, discard_secret=goblins.discard_secret,
            draw_secrets=goblins.draw_secrets, lurker_revealed=goblins.lurker_revealed,
            reduce_population=goblins.reduce_population, hide_tribe=goblins.hide_tribe, scatter=goblins.scatter,
            trap_against_dragon=goblins.trap_against_dragon, flame_wall_entered=goblins.flame_wall_entered,
            attack_knight=goblins.attack_knight, attack_dragon=goblins.attack_dragon, spores=goblins.spores,
            goblin_ambush=goblins_ambush.goblin_ambush, eye_of_rage=goblins.schemes.eye_of_rage,
            check_may_activate=goblins.check_may_activate, strength_discs_used=goblins.strength_discs_used),
        dragon=DragonHooks(damage_dragon=dragon.damage_dragon, discard_cards=dragon.discard_cards,
                           draw_cards=dragon.draw_cards, spores=dragon.spores, spores_boxes=dragon.spores_boxes,
                           powers=MappingProxyType(dragon_powers.POWERS), power_options=dragon_powers.power_options,
                           use_power=dragon_powers.use_power, play_scale=dragon_powers.play_scale,
                           can_pay=dragon_powers.can_pay),
        thief=ThiefHooks(entered=thief.entered, can_target=thief.can_target, check_stealth=thief.check_stealth,
                         attack_thief=thief.attack_thief, kill_thief=thief.kill_thief,
                         loot_drop_bonus=thief.loot_drop_bonus),
        meetings=MeetingsHooks(cure_poison=knight_goblins.cure_poison, resolve_attack=knight_dragon.resolve_attack),
        flow=FlowHooks(check_collapse_win=flow.check_collapse_win, check_knight_escape=flow.check_knight_escape,
                       knight_killed=flow.knight_killed,
                       turns=MappingProxyType({"knight": knight.knight_turn, "cave": cave_turn,
                                               "goblins": goblins.goblins_turn, "dragon": dragon.dragon_turn,
                                               "thief": thief.thief_turn, "ghoul": ghoul.ghoul_turn,
                                               "vile_ghoul": vile_ghoul.vile_ghoul_turn})),
        cards=CardsHooks(lose_treasure=treasures.lose_treasure),
        explain=ExplainHooks(why_not_option=why_not.why_not_option, why_not=why_not.why_not),
        ghoul=GhoulHooks(skitter=ghoul_attacks.skitter, discard_terror=ghoul_terror.discard_terror),
    )
