"""Which options a click or a drop means.  The GUI never decides legality: it only
looks up the targets of the options the engine listed (ARCHITECTURE §3)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ..engine.decisions import Decision, Option, Target
from ..engine.geometry import Pos, adjacent, parse_pos
from ..engine.option_ids import verb_of
from ..engine.view import PlayerView, TileView


def key(t: Target) -> str:
    return f"{t.kind}:{t.ref}"


@dataclass
class TargetIndex:
    """Options of the pending decision by target key, and by (drag source, drop key)."""

    decision: Decision | None
    by_key: dict[str, list[Option]] = field(default_factory=dict)
    by_drag: dict[tuple[str, str], list[Option]] = field(default_factory=dict)

    @classmethod
    def build(cls, decision: Decision | None, options: list[Option] | None = None) -> TargetIndex:
        """Index ``options`` (default: all of the decision's)."""
        idx = cls(decision)
        if decision is None:
            return idx
        for o in decision.options if options is None else options:
            sources = {t.drag_from for t in o.targets if t.drag_from}
            for t in o.targets:
                idx.by_key.setdefault(key(t), []).append(o)
                if t.kind == "button":
                    continue                                   # nothing is dropped on a button
                for src in sources:
                    # a Cave tile in the hand names itself as what is dragged: it is the source, not a place
                    # to drop; any other target that names a source is where that source is dropped (a Hero
                    # cube from the supply onto a slot of her board)
                    if not (t.kind == "hand_tile" and t.drag_from == src):
                        idx.by_drag.setdefault((src, key(t)), []).append(o)
        return idx

    def options_for(self, keys: list[str], selected: str | None = None) -> list[Option]:
        """Options targeting any of ``keys``; narrowed to those also targeting
        ``selected`` (e.g. a chosen hand tile) when that leaves any."""
        seen: dict[str, Option] = {}
        for k in keys:
            for o in self.by_key.get(k, []):
                seen.setdefault(o.id, o)
        opts = list(seen.values())
        if selected is not None:
            narrowed = [o for o in opts if any(key(t) == selected for t in o.targets)]
            if narrowed:
                return narrowed
        return opts

    def spaces(self, selected: str | None = None) -> set[Pos]:
        out: set[Pos] = set()
        for k, opts in self.by_key.items():
            if not k.startswith("space:"):
                continue
            if selected is not None and not any(any(key(t) == selected for t in o.targets) for o in opts):
                continue
            out.add(parse_pos(k.split(":", 1)[1]))
        return out

    def edges(self) -> set[tuple[Pos, Pos]]:
        out = set()
        for k in self.by_key:
            if k.startswith("edge:"):
                a, b = k.split(":", 1)[1].split("|")
                out.add((parse_pos(a), parse_pos(b)))
        return out

    def keys_of_kind(self, *kinds: str) -> set[str]:
        return {k for k in self.by_key if k.split(":", 1)[0] in kinds}


# Options aimed at many map spaces that would drown the ordinary targets: they are
# offered through one prompt button that switches the map into aiming mode.  An option of
# such a group with no space to aim at (the Thief's Flare, always on his own space, is its
# card) needs no aiming: it stays with the ordinary options.
MODAL_GROUPS = {"flare": "Use the Flare…"}   # option verbs aimed in a mode of their own


def modal_group(option: Option) -> str | None:
    if not any(t.kind == "space" for t in option.targets):
        return None
    v = verb_of(option.id)
    return v if v in MODAL_GROUPS else None


def in_mode(decision: Decision, mode: str | None) -> list[Option]:
    """The options clickable in ``mode`` (None: everything outside the modal groups)."""
    return [o for o in decision.options if modal_group(o) == mode]


def button_options(decision: Decision | None, clickable: set[str], options: list[Option] | None = None) -> list[Option]:
    """Options with no place on the map or a board, and options the engine gave a button
    target besides their place (an answer of a short question, such as keeping a Treasure:
    ``decisions.with_button``): they get prompt-bar buttons."""
    if decision is None:
        return []
    out = []
    for o in decision.options if options is None else options:
        places = [key(t) for t in o.targets if t.kind != "button"]
        if len(places) < len(o.targets) or not any(k in clickable or k.startswith(("space:", "edge:")) for k in places):
            out.append(o)
    return out


def walk_path(view: PlayerView, start: Pos, goal: Pos, through_dark: bool = False) -> list[Pos]:
    """A shortest path over the map as the viewer sees it (walls, Rockslides, Bombs),
    stopping at Dark tiles (the Knight's step onto one reveals it) unless ``through_dark``
    (the Thief walks over them).  Terrain spaces (TR-13) are neither Lit nor Dark: the
    path goes on over them, never onto the Canyon's impassable spaces (TR-17), and a Pit
    leads to the other Pits (TR-29).  Only a plan: every step is still one engine option,
    applied one at a time."""
    tiles = {t.pos: t for t in view.tiles}
    if goal not in tiles or start == goal or is_impassable(tiles[goal]):
        return []
    pits = [t.pos for t in view.tiles if t.terrain is not None and t.terrain.type == "pits"]
    rocks = {tuple(sorted(e)) for e in view.rockslides}
    bombs = {tuple(sorted(e)) for e in view.bombs}

    def blocked(a: Pos, b: Pos, d: int) -> bool:
        e = tuple(sorted((a, b)))
        if e in rocks:
            return True
        if e in bombs:
            return False
        ta, tb = tiles[a], tiles[b]
        wa = ta.walls[d] if ta.walls else False
        wb = tb.walls[(d + 2) % 4] if tb.walls else False
        return wa or wb

    prev: dict[Pos, Pos | None] = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            break
        if p != start and is_dark(tiles[p]) and not through_dark:
            continue
        links = [(-1, q) for q in pits if q != p] if p in pits else []
        for d, q in [*adjacent(p), *links]:
            if q in prev or q not in tiles or is_impassable(tiles[q]) or (d >= 0 and blocked(p, q, d)):
                continue
            prev[q] = p
            queue.append(q)
    if goal not in prev:
        return []
    path = []
    node: Pos | None = goal
    while node is not None and node != start:
        path.append(node)
        node = prev[node]
    return list(reversed(path))


def is_dark(t: TileView) -> bool:
    """A Dark Cave tile: not Lit and not Terrain (a Terrain space is neither, TR-13)."""
    return not t.lit and t.terrain is None


def is_impassable(t: TileView) -> bool:
    """One of the Canyon's impassable spaces (TR-17)."""
    return t.terrain is not None and t.terrain.kind == "impassable"
