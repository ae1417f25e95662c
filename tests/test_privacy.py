"""Hidden information (ARCHITECTURE §3 "Hidden information", GEN-01..04): over random
games, at every step, no view shows what its viewer may not see.

- ``view(g, "knight")`` and ``view(g, None)``: no Cave hand tile id, no id or type of any
  Dark tile, no tile of the stack, no Event/Treasure deck order.
- ``view(g, "cave")`` and ``view(g, None)``: none of the Knight's Sidequest cards, no
  facedown Treasure card.
- The pending decision, its prompt and its options appear only in the decider's view; the
  others read who decides and the fixed public words of its kind (``waiting.public_prompt``).
- No text anywhere in a view (log lines, prompts, option labels, board texts, keys) names
  what the viewer may not know (:func:`forbidden_words`): the id of a hidden tile or card,
  the name of a card in another role's hand or facedown, or the type of a Dark tile beside
  its position ("Ambush tile at 2,0").
"""
from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game, view
from vast_desktop.engine.board_views import _OPTIONAL, ROLE_BOARDS
from vast_desktop.engine.game import Game
from vast_desktop.engine.geometry import fmt_pos
from vast_desktop.engine.map.board import TYPE_NAMES
from vast_desktop.engine.waiting import public_prompt, task

MAX_STEPS = 5000


def _pattern(ids: Iterable[str]) -> re.Pattern[str] | None:
    ids = sorted(set(ids), key=len, reverse=True)
    if not ids:
        return None
    return re.compile(r"(?<![\w#])(?:" + "|".join(re.escape(i) for i in ids) + r")(?![\w#])")


_TOKEN = re.compile(r"[\w#]+")


@functools.cache
def _is_token(word: str) -> bool:
    """An id made of word characters and "#" only: :func:`_pattern` finds it exactly where it
    is a whole run of such characters, so a set of the text's runs finds it too (no regex of
    every id to compile whenever a deck or the stack changes)."""
    return _TOKEN.fullmatch(word) is not None


def _leaks(text: str, ids: Iterable[str]) -> list[str]:
    """The ``ids`` in ``text``, each as a whole id (:func:`_pattern`)."""
    ids = set(ids)
    found = set(_TOKEN.findall(text)) & ids
    pat = _pattern(i for i in ids if not _is_token(i))
    return sorted(found | set(pat.findall(text) if pat else ()))


def texts_and_keys(obj: Any) -> list[str]:
    """Every text of a view's plain data (``to_dict()`` or its JSON read back), its keys
    included: where a hidden id could be written."""
    out: list[str] = []
    stack = [obj]
    while stack:
        o = stack.pop()
        t = type(o)
        if t is str:
            out.append(o)
        elif t is dict:
            out.extend(map(str, o))
            stack.extend(o.values())
        elif t is list or t is tuple:
            stack.extend(o)
        elif isinstance(o, str):
            out.append(o)
        elif isinstance(o, dict):
            out.extend(str(k) for k in o)
            stack.extend(o.values())
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
    return out


def id_leaks(texts: list[str], ids: Iterable[str]) -> list[str]:
    """The ``ids`` named in ``texts``, each as a whole id (:func:`_pattern`).  A one-word,
    lower-case id (:func:`bare`: the Event card ``light``, the Secret ``trap``) is an English
    word in a sentence ("a light injury"), and no player text names a card or tile by its id
    (ARCHITECTURE "Prompts say what to do"), so it is looked for only in id-like texts (no
    space: option ids, targets, keys, board fields); every other id everywhere."""
    ids = set(ids)
    sentences, id_like = _split(texts)
    return sorted(set(_leaks(id_like, ids)) | set(_leaks(sentences, [i for i in ids if not bare(i)])))


_SPLIT: dict[int, tuple[list[str], str, str]] = {}


def _split(texts: list[str]) -> tuple[str, str]:
    """``texts`` joined in two: the sentences and the id-like texts (:func:`id_leaks`).  The
    same list is searched for several kinds of secret in a step: the last few are kept, each
    with the list itself (so its ``id`` is not reused while kept)."""
    hit = _SPLIT.get(id(texts))
    if hit is not None and hit[0] is texts:
        return hit[1], hit[2]
    sentences = "\n".join(t for t in texts if " " in t)
    id_like = "\n".join(t for t in texts if " " not in t)
    if len(_SPLIT) > 32:
        _SPLIT.clear()
    _SPLIT[id(texts)] = (texts, sentences, id_like)
    return sentences, id_like


def _dumps(v: Any) -> str:
    return json.dumps(v.to_dict(), default=str)


def _plain(o: Any) -> Any:
    """``dataclasses.asdict``'s plain data without its deep copies (what JSON shows is the same)."""
    t = type(o)
    if t is str or t is int or t is bool or o is None:
        return o
    if t is list or t is tuple:
        return [_plain(x) for x in o]
    if t is dict:
        return {k: _plain(x) for k, x in o.items()}
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return {f.name: _plain(getattr(o, f.name)) for f in dataclasses.fields(o)}
    return o


def _fast_dumps(pv: Any) -> str:
    """``_dumps(pv)`` (``PlayerView.to_dict`` as JSON) made faster: the watcher serializes
    every view at every step; its whole-view steps check the two agree."""
    return json.dumps(_fast_dict(pv), default=str)


def _fast_dict(pv: Any) -> dict[str, Any]:
    """``pv.to_dict()`` as :func:`_plain` data."""
    d = {f.name: _plain(getattr(pv, f.name)) for f in dataclasses.fields(pv)
         if f.name not in ("rules", "decision", "boards")}
    d["boards"] = {role: {k: v for k, v in _plain(b).items() if not (v is None and k in _OPTIONAL[type(b)])}
                   for role in ROLE_BOARDS if (b := getattr(pv.boards, role)) is not None}
    d["boards"]["decks"] = _plain(pv.boards.decks)
    d["decision"] = None if pv.decision is None else {
        "role": pv.decision.role, "kind": pv.decision.kind, "prompt": pv.decision.prompt,
        "options": [{"id": o.id, "label": o.label} for o in pv.decision.options]}
    return d


def strings(obj: Any) -> list[str]:
    """Every text in a view (``PlayerView.to_dict()``), recursively (the values: the keys are
    field names, positions, token kinds such as "ogre" — a Monster card's id too — and the
    viewer's own card ids beside their values)."""
    out: list[str] = []
    stack = [obj]
    while stack:
        o = stack.pop()
        t = type(o)                          # the plain types first: the watcher walks every view at every step
        if t is str:
            out.append(o)
        elif t is dict:
            stack.extend(o.values())
        elif t is list or t is tuple:
            stack.extend(o)
        elif t is int or t is bool or o is None:
            continue
        elif isinstance(o, str):
            out.append(o)
        elif isinstance(o, dict):
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif dataclasses.is_dataclass(o) and not isinstance(o, type):
            stack.extend(getattr(o, f.name) for f in dataclasses.fields(o))
    return out


def hidden_from(g: Game, viewer: str | None) -> dict[str, list[str]]:
    """The components ``viewer`` may not identify now, by where they hide (GEN-01..04):
    other roles' hands and facedown cards, Dark tiles (but for the Cave, GEN-03), the stack
    and every deck (their order is nobody's; the top 3 Event cards are the Cave's, CV-40)."""
    st = g.state
    out: dict[str, list[str]] = {"the stack": list(st.stack), "the Treasure deck": list(st.treasure_deck),
                                 "the Monster deck": list(st.monster_deck),
                                 "the Event deck": list(st.event_deck[3:] if viewer == "cave" else st.event_deck)}
    if viewer != "cave":
        out["Dark tiles"] = [t.tile_id for t in st.board.tiles.values() if t.dark]
        if st.cave is not None:
            out["the Cave's hand"] = list(st.cave.hand)
    k = st.knight
    if k is not None:
        out["the Sidequest deck"] = list(k.sidequest_deck)
        if viewer != "knight":
            out["the Knight's Sidequests"] = list(k.sidequests)
            out["the Knight's facedown Treasures"] = [c for c in k.treasures if c not in k.face_up]
    gb = st.goblins
    if gb is not None:
        out["the Secrets deck"] = list(gb.secrets_deck)
        out["the War deck"] = [c for c in gb.war_deck if c != gb.war_card]     # the chosen one is face up
        if viewer != "goblins":
            out["the Goblins' Secrets"] = list(gb.hand)
    d = st.dragon
    if d is not None:
        out["the Power deck"] = list(d.deck)
        out["the Scale deck"] = list(d.scale_deck)
        if viewer != "dragon":
            out["the Dragon's Power cards"] = list(d.hand)
    t = st.thief
    if t is not None:                                       # VAR-38: the Upgrade cards (thief-upgrades)
        if viewer != "thief":                               # he knows them: not the one he drew
            out["the Upgrade cards in the box"] = list(t.upgrade_box)
            out["the Thief's facedown Upgrade card"] = list(t.upgrade_hand)
    return out


NAMED_ZONES = ("the Knight's Sidequests", "the Knight's facedown Treasures", "the Goblins' Secrets",
               "the Dragon's Power cards", "the Thief's facedown Upgrade card", "the Upgrade cards in the box")


def forbidden_words(g: Game, viewer: str | None) -> dict[str, str]:
    """Word -> why ``viewer`` may not read it (:func:`_forbidden`), but the cards offered to
    him when he decides: they are his to see."""
    words, offered = _forbidden(g, viewer)
    return {w: why for w, why in words.items() if w not in offered}


def _forbidden(g: Game, viewer: str | None) -> tuple[dict[str, str], set[str]]:
    """Word -> why ``viewer`` may not read it, and the words the pending decision offers
    him (allowed while he decides).  Ids of every hidden component; the names of
    the cards in other roles' hands and facedown (a name shared with a card the viewer may
    know — the Dragon's Claw among the played ones — says nothing and is allowed); and, per
    Dark tile, "<type> ... <x,y>" (a regex) unless the viewer is the Cave or the Thief who
    peeked at it (TH-09).  Ids and names the viewer was told in private stay allowed."""
    hidden = hidden_from(g, viewer)
    told = "\n".join(e.private[viewer] for e in g.events if viewer is not None and viewer in e.private)
    out: dict[str, str] = {}
    for where, ids in hidden.items():
        for i in ids:
            out[i] = f"the id of a card or tile in {where}"
    hidden_ids = {i for ids in hidden.values() for i in ids}
    known_names = {g.card(c).name for c in g.rules.physical_card_ids if c not in hidden_ids}
    for where in NAMED_ZONES:
        for c in hidden.get(where, ()):
            name = g.card(c).name
            if name not in known_names and not c.startswith("power_"):   # Claw, Flame, Wing: Gems too
                out[name] = f"the name of a card in {where}"
    d = g.pending
    offered: set[str] = set()
    if d is not None and d.role == viewer:                 # the cards offered to the decider are his to see
        offered = {i.partition(":")[2] for i in d.ids} & out.keys()
    peeked = {e.data["pos"] for e in g.events if e.kind == "thief_peek"} if viewer == "thief" else set()
    # a tile removed in this step (Quake!, a Cave-In) may have been revealed in it too, and a new
    # Dark tile placed there since: this step's lines name the old tile's type, not the new one's
    peeked |= {e.data["pos"] for e in _this_step(g) if e.kind == "tile_removed"}
    if viewer != "cave":
        for p, t in g.state.board.tiles.items():
            if t.dark and p not in peeked:
                kind = TYPE_NAMES[g.tile(t.tile_id).type]
                at = re.escape(fmt_pos(p))
                out[rf"{kind}\b[^.?!]*(?<![\d,-]){at}(?![\d,])"] = f"the type of the Dark tile at {fmt_pos(p)}"
    # (a word told must be in the text as it stands: the regex is looked for only then)
    return {w: why for w, why in out.items() if not (w in told and _leaks(told, [w]))}, offered


def _this_step(g: Game) -> list[Any]:
    """The events of the last step (the log's tail)."""
    n, out = len(g.choices), []
    for e in reversed(g.events):
        if e.step != n:
            break
        out.append(e)
    return out


def bare(word: str) -> bool:
    """A one-word, lower-case id ("light", "trap", "pain"): in a sentence it is an English
    word, so it is looked for only in id-like texts (no space) — names and ids with a digit,
    "_" or "#" are looked for everywhere."""
    return word.isalpha() and word.islower()


def word_leaks(g: Game, viewer: str | None, texts: list[str] | None = None) -> list[str]:
    """The forbidden words (:func:`forbidden_words`) found in any text of ``view(g, viewer)``."""
    words, offered = _forbidden(g, viewer)
    if texts is None:
        texts = strings(view(g, viewer).to_dict())
    allowed = {w: why for w, why in words.items() if w not in offered}
    plain = [w for w in allowed if not w.endswith(")")]
    if not id_leaks(texts, plain) and not _type_leaks(texts, [w for w in allowed if w.endswith(")")]):
        return []                                        # the usual case, found without a regex per text
    return _word_leaks_per_text(texts, words, offered)


def _type_leaks(texts: list[str], pats: list[str]) -> bool:
    """A Dark tile's type beside its position (the regexes of :func:`forbidden_words`) in a text."""
    joined = "\n".join(texts)
    for w in pats:
        kind = w.split("\\b", 1)[0]
        if kind in joined and any(kind in text and re.search(w, text) for text in texts):
            return True
    return False


def _word_leaks_per_text(texts: list[str], words: dict[str, str], offered: set[str]) -> list[str]:
    """:func:`word_leaks` text by text, each leak with its text."""
    plain = [w for w in words if not w.endswith(")")]
    pats = [w for w in words if w.endswith(")")]
    found: list[str] = []
    # one pattern for the words whatever is offered (the same from step to step, compiled once);
    # a text naming an offered word is searched again without the offered ones, which might
    # hide a shorter forbidden word inside them
    pat, in_sentences = _pattern(plain), _pattern(w for w in plain if not bare(w))
    for text in texts:
        sentence = " " in text
        p = in_sentences if sentence else pat
        hits = p.findall(text) if p else []
        if offered and any(w in offered for w in hits):
            exact = _pattern(w for w in plain if w not in offered and not (sentence and bare(w)))
            hits = exact.findall(text) if exact else []
        for w in hits:
            found.append(f"{words[w]} ({w!r}) in {text!r}")
        for w in pats:                                   # each starts with the tile type's name
            if w.split("\\b", 1)[0] in text and re.search(w, text):
                found.append(f"{words[w]} in {text!r}")
    return found


class Watcher:
    """Serializes each viewer's view once per step.  The log is append-only (checked), so
    only its new lines are searched each step; ``full=True`` serializes the whole view.

    Between whole-view steps, a part of a view (a player board, the tiles, the extra facts)
    that equals the same viewer's part of the step before keeps its plain data and texts
    (:meth:`_part`): a view is a pure value, so equal parts have equal texts.  Every text is
    still searched at every step (what is forbidden changes as cards move); the whole-view
    steps check the texts kept this way against ``to_dict`` (:meth:`texts`)."""

    def __init__(self) -> None:
        self.logs: dict[str | None, tuple[str, ...]] = {}
        self.new_lines: dict[str | None, tuple[str, ...]] = {}   # each viewer's log lines of this step
        self.plain: dict[str | None, dict[str, Any]] = {}        # each viewer's view as plain data, this step
        self.all_texts: dict[str | None, list[str]] = {}         # texts_and_keys of each viewer's plain data
        self.other_strings: dict[str | None, list[str]] = {}     # strings of it but the log
        self.views: dict[str | None, Any] = {}                   # each viewer's view, this step
        self._parts: dict[tuple[str | None, str], tuple[Any, tuple[Any, list[str], list[str]]]] = {}

    def _part(self, viewer: str | None, name: str, obj: Any, plain: Callable[[Any], Any]) -> tuple[Any, list[str], list[str]]:
        """``(plain data, texts_and_keys, strings)`` of one part of ``viewer``'s view."""
        key = (viewer, name)
        hit = self._parts.get(key)
        if hit is not None and hit[0] is not obj and hit[0] == obj:     # (the same object may have changed)
            return hit[1]
        data = plain(obj)
        out = (data, texts_and_keys(data), strings(data))
        self._parts[key] = (obj, out)
        return out

    def _fast(self, v: str | None, pv: Any, new_lines: tuple[str, ...]) -> None:
        """:func:`_fast_dict` of ``pv`` with only the new log lines, part by part."""
        d: dict[str, Any] = {}
        texts: list[str] = []
        others: list[str] = []
        for f in dataclasses.fields(pv):
            name = f.name
            if name in ("rules", "decision", "boards", "log"):
                continue
            data, tk, st = self._part(v, name, getattr(pv, name), _plain)
            d[name] = data
            texts += tk
            others += st
        boards: dict[str, Any] = {}
        for role in ROLE_BOARDS:
            b = getattr(pv.boards, role)
            if b is not None:
                boards[role], tk, st = self._part(v, role, b, _board_plain)
                texts += tk
                others += st
        boards["decks"], tk, st = self._part(v, "decks", pv.boards.decks, _plain)
        texts += tk
        others += st
        d["boards"] = boards
        decision = None if pv.decision is None else {
            "role": pv.decision.role, "kind": pv.decision.kind, "prompt": pv.decision.prompt,
            "options": [{"id": o.id, "label": o.label} for o in pv.decision.options]}
        d["decision"] = decision
        texts += texts_and_keys(decision)
        others += strings(decision)
        d["log"] = list(new_lines)
        texts += [*d, *boards, *new_lines]
        self.plain[v], self.all_texts[v], self.other_strings[v] = d, texts, others

    def texts(self, g: Game, viewers: list[str | None], full: bool) -> tuple[dict[str | None, Any], dict[str | None, str]]:
        views, texts = {}, {}
        for v in viewers:
            pv = view(g, v)
            old = self.logs.get(v, ())
            assert pv.log[: len(old)] == old, f"view({v!r}) rewrote its log"
            new_lines = pv.log[len(old):]
            self.logs[v] = pv.log
            self.new_lines[v] = new_lines
            views[v] = self.views[v] = pv
            self._fast(v, pv, new_lines)
            if full:
                texts[v] = _dumps(pv)
                whole = json.loads(texts[v])
                assert json.loads(_fast_dumps(pv)) == whole, "_fast_dumps differs from to_dict"
                kept = {k: x for k, x in self.plain[v].items() if k != "log"}
                assert json.loads(json.dumps(kept, default=str)) == {k: x for k, x in whole.items() if k != "log"}, (
                    "the parts kept from step to step differ from to_dict")
                self.plain[v] = whole
                self.all_texts[v] = texts_and_keys(whole)
                self.other_strings[v] = strings({k: x for k, x in whole.items() if k != "log"})
            else:                                    # the texts and keys, for a plain substring search
                texts[v] = "\n".join(self.all_texts[v])
        return views, texts


def _board_plain(b: Any) -> dict[str, Any]:
    """A player board as ``to_dict`` writes it: its optional fields left out when empty."""
    return {k: x for k, x in _plain(b).items() if not (x is None and k in _OPTIONAL[type(b)])}


def check_privacy(g: Game, watcher: Watcher | None = None, full: bool = False) -> None:
    st = g.state
    board = st.board
    where = f"seed {g.setup.seed}, {g.setup.roles}, step {len(g.choices)}"
    viewers: list[str | None] = [None, *st.roles]
    if watcher is None:
        watcher, full = Watcher(), True
    views, texts = watcher.texts(g, viewers, full)
    dicts = watcher.plain
    all_texts = watcher.all_texts

    # (a Terrain tile is face up for everyone, TR-13, though neither Lit nor Dark)
    dark = {p: t.tile_id for p, t in board.tiles.items() if not t.lit and t.terrain is None}
    hand = list(st.cave.hand) if st.cave is not None else []
    tile_secrets = [*dark.values(), *hand, *st.stack]
    deck_secrets = [*st.event_deck, *st.treasure_deck, *st.monster_deck]
    knight_secrets: list[str] = []
    if st.knight is not None:
        k = st.knight
        knight_secrets = [*k.sidequests, *k.sidequest_deck, *(c for c in k.treasures if c not in k.face_up)]

    # --- what the Knight and the public may not see: the Cave's tiles and the deck orders
    for v in (None, "knight"):
        if v not in views:
            continue
        pv = views[v]
        leaked = id_leaks(all_texts[v], tile_secrets)
        assert not leaked, f"{where}: view({v!r}) shows hidden tile ids {leaked}"
        leaked = id_leaks(all_texts[v], deck_secrets)
        assert not leaked, f"{where}: view({v!r}) shows cards still in a deck {leaked}"
        for tv in pv.tiles:
            if not tv.lit and tv.terrain is None:
                assert tv.type is None and tv.tile_id is None and tv.walls is None, (
                    f"{where}: view({v!r}) shows the Lit side of the Dark tile at {tv.pos}")
        cb = pv.boards.cave
        if cb is not None:
            assert cb.hand is None, f"{where}: view({v!r}) has the Cave's private hand"
            assert cb.hand_types is None, f"{where}: view({v!r}) has the Cave's private hand_types"
            assert cb.event_top3 is None, f"{where}: view({v!r}) has the Cave's private event_top3"

    # --- what the Cave and the public may not see: the Knight's Sidequests and facedown Treasures
    for v in (None, "cave"):
        if v not in views:
            continue
        leaked = id_leaks(all_texts[v], knight_secrets)
        assert not leaked, f"{where}: view({v!r}) shows the Knight's secret cards {leaked}"
        kb = views[v].boards.knight
        if kb is not None:
            assert kb.sidequests is None, f"{where}: view({v!r}) has the Knight's private sidequests"
            assert kb.facedown is None, f"{where}: view({v!r}) has the Knight's private facedown"

    # --- the Cave sees the Lit side of Dark tiles (GEN-03) and its own hand
    if "cave" in views:
        pv = views["cave"]
        for tv in pv.tiles:
            assert tv.tile_id == board.tiles[tv.pos].tile_id
        assert pv.boards.cave is not None and list(pv.boards.cave.hand or ()) == hand

    # --- the pending decision: only the decider sees it and its options
    d = g.pending
    for v, pv in views.items():
        if d is not None and v == d.role:
            assert pv.decision is d
            assert [o["id"] for o in dicts[v]["decision"]["options"]] == list(d.ids)
        else:
            assert pv.decision is None, f"{where}: view({v!r}) shows {d.role if d else None}'s decision"
            assert dicts[v]["decision"] is None
            if d is not None:
                distinctive = [o.id for o in d.options if len(o.id) > 6 and any(ch.isdigit() for ch in o.id)]
                leaked = [i for i in distinctive if i in texts[v]]
                assert not leaked, f"{where}: view({v!r}) shows {d.role}'s option ids {leaked[:5]}"
        if d is not None:
            assert task(d.kind) is not None, f"decision kind {d.kind!r} has no public words (waiting.TASKS)"
            words = d.prompt if v == d.role else public_prompt(d.role, d.kind)
            assert pv.waiting_for == (d.role, d.kind, words), f"{where}: view({v!r}) waiting_for {pv.waiting_for}"

    # --- no text of any view names what its viewer may not know.  A log line is searched in the
    # step that wrote it: a card named in public then (a Scale spent) may be hidden again later
    # (reshuffled and drawn), and the old line tells nothing of where it is now.
    rest: dict[str | None, str] = {}
    for v in viewers:
        others = watcher.other_strings[v]
        rest[v] = "\n".join(others)
        leaked = word_leaks(g, v, others + list(watcher.new_lines[v]))
        assert not leaked, f"{where}: view({v!r}) leaks: " + "; ".join(leaked[:3])

    # --- private log lines reach only their role (the new ones; older lines were checked before):
    # each log line is exactly its event's public line, with the viewer's own private words only,
    # and no other text of the view holds another role's private words.  (Read line by line, not
    # as one text: two events may tell two roles the same private words, "It is an Ambush tile.")
    n = len(g.choices)
    for i, e in enumerate(g.events):
        if not full and e.step != n:
            continue
        for v in viewers:
            line = e.public if v is None or v not in e.private else f"{e.public} [{e.private[v]}]"
            assert watcher.logs[v][i] == line, f"{where}: view({v!r}) log line {i} is {watcher.logs[v][i]!r}"
        for role, text in e.private.items():
            for v in viewers:
                if v != role and text in rest[v] and text not in e.public:
                    raise AssertionError(f"{where}: {role}'s private log line {text!r} is in view({v!r})")


def play_private(setup: Setup, bot_seed: int | None = None) -> Game:
    g = new_game(setup)
    bot = RandomBot(setup.seed if bot_seed is None else bot_seed)
    watcher = Watcher()
    check_privacy(g, watcher, full=True)
    while g.outcome is None:
        assert len(g.choices) < MAX_STEPS
        d = g.pending
        assert d is not None
        g.apply(bot(view(g, d.role), d))
        check_privacy(g, watcher, full=len(g.choices) % 100 == 0)
    check_privacy(g)   # the whole of every view at the end, log included
    return g


@pytest.mark.parametrize("seed", range(4))
def test_knight_vs_cave_views_hide_secrets(seed: int) -> None:
    play_private(Setup(roles=("knight", "cave"), seed=seed))


@pytest.mark.parametrize("difficulty", [{"cave": "great_cave"}, {"cave": "lava_tube", "knight": "lady"}])
def test_knight_vs_cave_difficulty_views_hide_secrets(difficulty: dict[str, str]) -> None:
    play_private(Setup(roles=("knight", "cave"), seed=60, difficulty=difficulty))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_knight_solo_public_view_hides_secrets(level: str) -> None:
    play_private(Setup(roles=("knight",), seed=70, solo_level=level))


def test_the_checker_catches_a_leak() -> None:
    """Sanity check of the checker itself: planting a secret in a view is caught."""
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    assert g.state.cave is not None
    secret = g.state.cave.hand[0]
    assert _leaks(_dumps(view(g, "knight")), [secret]) == []
    assert _leaks(_dumps(view(g, "cave")), [secret]) == [secret]
    assert _leaks(f"Place {secret}@1,0", [secret]) == [secret]
    assert _leaks(f"fill:{secret}@1,0", [secret]) == [secret]
    assert _leaks(f"{secret}5 X{secret}", [secret]) == []


def test_the_checker_catches_another_roles_private_line_in_a_log() -> None:
    """A log line is its event's public line with the viewer's own private words only: the
    Cave's private words planted in the Knight's log are caught."""
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    bot = RandomBot(1)
    while not any("cave" in e.private for e in g.events):
        d = g.pending
        assert d is not None
        g.apply(bot(None, d))
    check_privacy(g)
    i, e = next((i, e) for i, e in enumerate(g.events) if "cave" in e.private)
    view(g, "knight")
    g.log_cache["knight"][i] = f"{e.public} [{e.private['cave']}]"
    with pytest.raises(AssertionError, match="log line"):
        check_privacy(g)


def test_the_same_private_words_told_to_two_roles_are_no_leak() -> None:
    """Two events may tell two roles the same private words (a peek at the same kind of tile,
    "It is an Ambush tile."): each log line is read against its own event, so the Cave's own
    line is not taken for the Thief's leaking to it; the same words in a line of an event that
    told the Cave nothing are caught."""
    g = new_game(Setup(roles=("cave", "thief"), seed=1))
    words = "It is an Ambush tile."
    g.log("peek", "The Thief peeks at a Dark tile.", {"thief": words})
    g.log("peek", "The Cave looks at a tile of its hand.", {"cave": words})
    check_privacy(g)
    g.log("peek", "The Thief peeks at another Dark tile.", {"thief": words})
    view(g, "cave")
    g.log_cache["cave"][-1] += f" [{words}]"
    with pytest.raises(AssertionError, match="log line"):
        check_privacy(g)


# ------------------------------------------------------------------ counterfactual views
def _drive_twins(a: Game, b: Game, viewers: tuple[str | None, ...], steps: int, stop_kinds: set[str],
                 swap: tuple[str, str] | None = None) -> int:
    """Play two games that differ only in one role's secrets with the same choices (options
    common to both; ``swap`` names two ids that trade places in b's choices), comparing the
    other viewers' whole views after every step."""

    def translate(option_id: str) -> str:
        if swap is None:
            return option_id
        x, y = swap
        return re.sub(rf"(?<![\w#])({re.escape(x)}|{re.escape(y)})(?![\w#])",
                      lambda m: y if m.group(1) == x else x, option_id)

    bot = RandomBot(3)
    compared = 0
    for _ in range(steps):
        for v in viewers:
            va, vb = view(a, v).to_dict(), view(b, v).to_dict()
            assert va == vb, f"step {len(a.choices)}: view({v!r}) depends on a secret: " + "; ".join(
                f"{k}: {va[k]!r} != {vb[k]!r}" for k in va if va[k] != vb[k])
            for g, d in ((a, va), (b, vb)):              # and names none of them, in any text
                leaked = word_leaks(g, v, strings(d))
                assert not leaked, f"step {len(g.choices)}: view({v!r}) leaks: " + "; ".join(leaked[:3])
        compared += 1
        if a.outcome is not None or b.outcome is not None:
            break
        da, db = a.pending, b.pending
        assert da is not None and db is not None
        common = [i for i in da.ids if db.option(translate(i)) is not None]
        if not common:
            break
        choice = common[bot.rng.randrange(len(common))]
        n = len(a.choices) + 1
        a.apply(choice)
        b.apply(translate(choice))
        if {e.kind for e in a.events + b.events if e.step == n} & stop_kinds:
            break
    return compared


def _twin_tiles(seed: int) -> tuple[list[str], str, str, list[str]]:
    """Tiles off the initial map: a Crystal and a Treasure Room tile with the same Goblin
    symbol (indistinguishable Dark sides), two others for the hand, and the rest."""
    from vast_desktop.rules_data import load_rules_data

    rules = load_rules_data()
    g = new_game(Setup(roles=("knight", "cave"), seed=seed))
    on_map = {t.tile_id for t in g.state.board.tiles.values()}
    pool = [t for t in rules.tiles if t.type not in ("entrance", "vault") and t.id not in on_map]
    crystal = next(t for t in pool if t.type == "crystal")
    treasure = next(t for t in pool if t.type == "treasure" and t.tribe == crystal.tribe)
    others = [t.id for t in pool if t.type in ("ambush", "event")][:2]
    rest = [t.id for t in pool if t.id not in {crystal.id, treasure.id, *others}]
    return others, crystal.id, treasure.id, rest


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_knights_view_does_not_depend_on_the_cave_hand(seed: int) -> None:
    """GEN-01: two games alike but for a Crystal vs a Treasure Room tile (same Goblin symbol)
    in the Cave's hand look the same to the Knight and to onlookers, prompts included."""
    from vast_desktop.engine import load_scenario

    others, crystal, treasure, rest = _twin_tiles(seed)

    def game(hand_tile: str, stack_tile: str) -> Game:
        return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": seed}, "active": "cave",
                              "stack": [stack_tile, *rest], "cave": {"hand": [hand_tile, *others]}})

    a, b = game(crystal, treasure), game(treasure, crystal)
    assert a.pending is not None and a.pending.role == "cave"
    assert _drive_twins(a, b, (None, "knight"), 60, {"tile_revealed", "tile_removed"}, swap=(crystal, treasure)) >= 2


@pytest.mark.parametrize("seed", [1, 2])
def test_the_caves_view_does_not_depend_on_the_knights_cards(seed: int) -> None:
    """Two games alike but for the Knight's Sidequests and facedown Treasure look the same to the Cave."""
    from vast_desktop.engine import load_scenario

    def game(quests: list[str], deck: list[str], treasure: str, other: str) -> Game:
        return load_scenario({"setup": {"roles": ["knight", "cave"], "seed": seed}, "active": "knight",
                              "knight": {"sidequests": quests, "sidequest_deck": deck, "treasures": [treasure]},
                              "treasure_deck": ["potion_kit", "heroic_boots", other]})

    a = game(["stalwart", "cunning", "persistent"], ["fearless", "adventurous", "bedecked", "swift", "intrepid"],
             "javelin", "mighty_axe")
    b = game(["fearless", "adventurous", "bedecked"], ["stalwart", "cunning", "persistent", "swift", "intrepid"],
             "mighty_axe", "javelin")
    assert _drive_twins(a, b, (None, "cave"), 40, {"sidequest", "sidequest_draw", "collect", "treasure_shown"}) >= 1


# ------------------------------------------------------------------ prompts and words
def test_GEN_01_TH_09_the_peeked_tile_stays_the_thiefs() -> None:
    """GEN-01, TH-09: after a peek at the Dark Ambush tile at 1,1 only the Thief reads "Ambush":
    the others' ``waiting_for`` names who decides and what kind of decision, nothing more."""
    from rules.helpers_thief import thief_game

    g = thief_game()
    g.apply("move:1,1")
    g.apply("peek:")
    d = g.pending
    assert d is not None and d.kind == "thief_reveal" and "Ambush" in d.prompt
    assert view(g, "thief").waiting_for == ("thief", "thief_reveal", d.prompt)
    for v in (None, "knight", "cave"):
        pv = view(g, v)
        assert pv.waiting_for == ("thief", "thief_reveal", "The Thief is deciding whether to reveal a tile.")
        assert not any("Ambush" in t for t in strings(pv.to_dict())), v
        if v != "cave":
            assert word_leaks(g, v) == []
    assert word_leaks(g, "thief") == []                     # he peeked: it is his to know


def test_the_word_checker_catches_names_and_dark_types() -> None:
    """Sanity check of :func:`word_leaks`: a Sidequest's name, a Dark tile's id and its type
    beside its position are caught in any text; the same words elsewhere are not."""
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    k = g.state.knight
    assert k is not None and k.sidequests
    quest = g.card(k.sidequests[0]).name
    p, t = next((p, t) for p, t in g.state.board.tiles.items() if t.dark)
    kind = TYPE_NAMES[g.tile(t.tile_id).type]
    texts = [f"She works on {quest}.", f"{t.tile_id} is there", f"Reveal the {kind} tile at {fmt_pos(p)}?"]
    assert len(word_leaks(g, "cave", texts)) == 1           # the Cave sees Dark tiles, not Sidequests
    assert len(word_leaks(g, "knight", texts)) == 2         # her Sidequest is hers; the tile is not
    assert len(word_leaks(g, None, texts)) == 3
    assert word_leaks(g, None, [f"Reveal the {kind} tile at {p[0]},{p[1] + 10}?", f"{quest}s"]) == []
    assert word_leaks(g, None) == [] and word_leaks(g, "knight") == [] and word_leaks(g, "cave") == []


def test_every_decision_kind_has_public_words() -> None:
    """Every kind the engine can ask (a member of ``DecisionKind``, which ``Game.ask`` insists on)
    has its public words in ``waiting.TASKS`` — so no kind falls back to the bare "is deciding"."""
    from vast_desktop.engine.kinds import DecisionKind

    kinds = {k.value for k in DecisionKind}
    assert len(kinds) > 60
    assert sorted(k for k in kinds if task(k) is None) == []
    assert task("omen_crystal_curse") == "the target of an Omen"


def test_a_bare_card_id_is_a_leak_only_where_ids_are_written() -> None:
    """The Event card ``light`` still in the deck: the Thief's Backstab "a light injury" says
    nothing of it, but the id in an option id, a target or a key does (``id_leaks``); an id
    with a digit, "_" or "#" is a leak in a sentence too."""
    texts = ["The Thief's Backstab gives the Knight a light injury.", "event:light", "light"]
    assert id_leaks(texts[:1], ["light"]) == []
    assert id_leaks(texts[1:2], ["light"]) == ["light"]
    assert id_leaks(texts[2:], ["light"]) == ["light"]
    assert id_leaks(["She draws cave_bread_revised now."], ["cave_bread_revised"]) == ["cave_bread_revised"]
    assert id_leaks(texts_and_keys({"cubes": {"light": 1}}), ["light"]) == ["light"]
