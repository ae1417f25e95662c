"""How often the computer players use each bonus card (issue 28), over N games.

For every game (computer players of the chosen levels in every seat, the bonus variants on),
each decision is read as it is asked: an option that names a bonus card (in its id or one of
its targets) and is put to the card's owner is a chance to *use* that card — a Scheme bought,
an Upgrade card taken, a promo Treasure kept or spent, a promo Secret played, an Event chosen.
Options that get rid of a card (discard, decline, pay, give, replace) are not a use.  The
table gives, per card and per way of using it, in how many games the chance came and in how
many of those the player took it; and the game events that name the card (a Monster assigned,
a Sidequest completed, a token stashed on an Upgrade card) in how many games they happened.

    PYTHONPATH=. .venv/bin/python benchmarks/bonus_card_use.py [--roles knight,goblins]
        [--games 50] [--seed 1] [--bots easy] [--variant all-bonus-cards] [--json]

``--roles`` may be given more than once (the counts add up over the role sets).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from vast_desktop.bots.registry import make_bot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.decisions import Option
from vast_desktop.engine.game import Game
from vast_desktop.engine.option_ids import verb_of
from vast_desktop.headless.matches import bot_seed

# every bonus card and the role that uses it
OWNER = {
    **dict.fromkeys(("armory", "war_banner", "underboss", "press_gangs", "ancient_rituals", "mercenaries",
                     "eye_of_rage", "cave_oil", "slingshot", "cave_mushrooms", "meat", "ground_kraken"), "goblins"),
    **dict.fromkeys(("charm", "warlocks_wand", "cloak_of_the_mountebank"), "thief"),
    **dict.fromkeys(("silver_gauntlet", "treasure_trove", "cursed_amulet", "rune_staff", "javelin_revised",
                     "heroic_boots_revised", "prepared", "noble_failure"), "knight"),
    **dict.fromkeys(("quake", "cave_bread_revised"), "cave"),
}
SCHEMES = frozenset(c for c in OWNER if c in ("armory", "war_banner", "underboss", "press_gangs", "ancient_rituals",
                                              "mercenaries", "eye_of_rage", "cave_oil"))
NOT_A_USE = frozenset({"discard", "decline", "pay", "give", "replace", "bottom", "return"})
NOT_A_USE_KINDS = frozenset({"thief_spores", "choose_cube"})     # an upgrade knocked off, a cube given back
ALIASES = {"wand": "warlocks_wand", "amulet": "cursed_amulet", "staff": "rune_staff", "trove": "treasure_trove"}
MAX_CHOICES = 20000
_WORD = re.compile(r"[a-z_]+")


def cards_named(option: Option) -> set[str]:
    """The bonus cards an option names, in its id or its targets (``secret:meat#2``, a slot
    ``thief.upgrade.charm``)."""
    words = set(_WORD.findall(option.id))
    for t in option.targets:
        words.update(_WORD.findall(str(t.ref)))
    return {ALIASES.get(w, w) for w in words} & OWNER.keys()


@dataclass
class Tally:
    """Per (card, way of use): games where it was offered, games where it was taken, times taken;
    per (card, event kind): games where the event happened."""

    games: int = 0
    offered: Counter[tuple[str, str]] = field(default_factory=Counter)
    taken: Counter[tuple[str, str]] = field(default_factory=Counter)
    times: Counter[tuple[str, str]] = field(default_factory=Counter)
    events: Counter[tuple[str, str]] = field(default_factory=Counter)
    held: Counter[str] = field(default_factory=Counter)
    schemes: Counter[str] = field(default_factory=Counter)      # games with ...
    errors: list[str] = field(default_factory=list)

    def add_game(self, offered: set[tuple[str, str]], taken: Counter[tuple[str, str]], events: set[tuple[str, str]],
                 held: set[str]) -> None:
        self.games += 1
        self.held.update(held)
        self.offered.update(offered)
        self.taken.update(set(taken))
        self.times.update(taken)
        self.events.update(events)
        self.schemes["a Scheme in hand"] += "scheme" in held
        self.schemes["a Scheme offered to buy"] += any(c in SCHEMES and w == "scheme_buy/buy" for c, w in offered)
        self.schemes["a Scheme bought"] += any(c in SCHEMES and w == "scheme_buy/buy" for c, w in taken)


def held_now(g: Game) -> set[str]:
    """The bonus cards in their owner's hand or on their board now (the Goblins' Secrets and
    Monsters, the Thief's Upgrade card, the Knight's Treasures and Sidequests); "scheme" when
    any Scheme is in the Goblins' hand."""
    st = g.state
    out: set[str] = set()
    if st.goblins is not None:
        hand = {c.split("#")[0] for c in st.goblins.hand}
        out |= hand
        out |= {m.split("#")[0] for ms in st.goblins.monsters.values() for m in ms}
        if hand & SCHEMES:
            out.add("scheme")
    if st.thief is not None:
        out |= set(st.thief.upgrade_hand) | set(st.thief.upgrade_shown)
    if st.knight is not None:
        out |= {c.split("#")[0] for c in (*st.knight.treasures, *st.knight.sidequests)}
    return out & (OWNER.keys() | {"scheme"})


def play(setup: Setup, levels: dict[str, str], tally: Tally) -> None:
    """One game; its chances to use a bonus card, the ones taken and the events added to ``tally``."""
    bots = {r: make_bot(r, levels.get(r, "easy"), bot_seed(setup.seed, r)) for r in setup.roles}
    offered: set[tuple[str, str]] = set()
    taken: Counter[tuple[str, str]] = Counter()
    g: Game = new_game(setup)
    held = held_now(g)
    while g.outcome is None:
        if len(g.choices) >= MAX_CHOICES:
            tally.errors.append(f"seed {setup.seed} {setup.roles}: stalled")
            return
        d = g.pending
        assert d is not None
        bot = bots[d.role]
        choice = bot(view(g, d.role) if bot.needs_view else None, d)  # type: ignore[arg-type]
        for o in d.options:
            v = verb_of(o.id)
            if v in NOT_A_USE or d.kind in NOT_A_USE_KINDS:
                continue
            for card in cards_named(o):
                if OWNER[card] != d.role:
                    continue
                way = f"{d.kind}/{v}"
                offered.add((card, way))
                if o.id == choice:
                    taken[(card, way)] += 1
        g.apply(choice)
        held |= held_now(g)
    events = {(str(val).split("#")[0], e.kind) for e in g.events for val in e.data.values()
              if isinstance(val, str) and str(val).split("#")[0] in OWNER}
    tally.add_game(offered, taken, events, held)


def run(role_sets: Iterable[tuple[str, ...]], games: int, seed: int, levels: dict[str, str],
        variants: tuple[str, ...]) -> Tally:
    tally = Tally()
    for roles in role_sets:
        for s in range(seed, seed + games):
            try:
                play(Setup(roles=roles, seed=s, variants=variants), levels, tally)
            except Exception as exc:  # a crash is a figure to report, with its seed
                tally.errors.append(f"seed {s} {roles}: {type(exc).__name__}: {exc}")
    return tally


def report(t: Tally) -> dict[str, object]:
    rows: dict[str, object] = {}
    for card in sorted(OWNER, key=lambda c: (OWNER[c], c)):
        uses = {way: {"offered_games": t.offered[(c, way)], "used_games": t.taken[(c, way)],
                      "times": t.times[(c, way)]}
                for (c, way) in sorted(t.offered) if c == card}
        events = {kind: n for (c, kind), n in sorted(t.events.items()) if c == card}
        if uses or events:
            rows[card] = {"owner": OWNER[card], "uses": uses, "events": events}
        if card in t.held:
            rows.setdefault(card, {"owner": OWNER[card], "uses": {}, "events": {}})["held_games"] = t.held[card]   # type: ignore[index]
    return {"games": t.games, "errors": t.errors, "schemes": dict(t.schemes), "cards": rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--roles", action="append", default=[], help="comma-separated roles (repeatable)")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="easy", help="the level of every seat (easy, hard, random)")
    ap.add_argument("--variant", action="append", default=[], help="variants (default: all-bonus-cards)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    role_sets = [tuple(r.split(",")) for r in a.roles] or [("knight", "goblins")]
    levels = {r: a.bots for rs in role_sets for r in rs}
    out = report(run(role_sets, a.games, a.seed, levels, tuple(a.variant) or ("all-bonus-cards",)))
    if a.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{out['games']} games, {', '.join('+'.join(r) for r in role_sets)}, {a.bots} players; "
          f"errors: {len(out['errors'])}")    # type: ignore[arg-type]
    for e in out["errors"]:                    # type: ignore[attr-defined]
        print("  ", e)
    print("Schemes, games with: " + ", ".join(f"{k} {n}" for k, n in out["schemes"].items()))   # type: ignore[attr-defined]
    for card, row in out["cards"].items():     # type: ignore[attr-defined]
        held = f", in hand or on the board in {row['held_games']} games" if "held_games" in row else ""
        print(f"{card} ({row['owner']}{held})")
        for way, u in row["uses"].items():
            print(f"  {way:40} used in {u['used_games']:3} of {u['offered_games']:3} games offered ({u['times']} times)")
        for kind, n in row["events"].items():
            print(f"  event {kind:34} in {n:3} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
