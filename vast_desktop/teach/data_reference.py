"""The rules reference's "Game data" part: the player's changes and the provisional values.

Built from the loaded rules data, not written in a reference file, so it always says what
this game plays with:

* **From your folder** -- every value the player's rules-data folder set (key path, the
  value now, the game's own value, the file and line it came from) and every component it
  added; or why the folder was not used (the loader's warning naming file, line and key);
* **Provisional data** -- every entry resting on thin evidence, with the note saying what it
  rests on; an entry the player's folder changed shows "from your folder" instead, since
  the player has decided it.

:func:`with_game_data` returns the reference with this part added (the rules screen shows it).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from ..rules_data import Provenance, RulesData, RulesLoad, YamlPath, format_path, load_rules_data
from .reference import Reference, Section, plain_text, unwritten_title

__all__ = ["PART", "with_game_data", "value_at"]

PART = "game_data"
YOURS = f"{PART}.yours"
PROVISIONAL = f"{PART}.provisional"
FROM_YOUR_FOLDER = "from your folder"


def value_at(data: Any, path: YamlPath) -> Any:
    """The value at a key path of the loaded rules data (models, tuples and mappings), or None."""
    node = data
    for part in path:
        if isinstance(part, int):
            if not isinstance(node, (tuple, list)) or not 0 <= part < len(node):
                return None
            node = node[part]
        elif isinstance(node, BaseModel):
            node = getattr(node, part, None)
        elif isinstance(node, Mapping):
            node = node.get(part)
        else:
            return None
    return node


def _show(value: Any) -> str:
    if isinstance(value, BaseModel):
        label = getattr(value, "name", None) or getattr(value, "id", None)
        return f"{type(value).__name__} {label}" if label else type(value).__name__
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (tuple, list, frozenset)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _provisional(node: Any, path: YamlPath) -> Iterator[tuple[YamlPath, Any]]:
    if isinstance(node, BaseModel):
        if getattr(node, "provisional", False):
            yield path, node
        for name in type(node).model_fields:
            yield from _provisional(getattr(node, name), (*path, name))
    elif isinstance(node, tuple):
        for i, item in enumerate(node):
            yield from _provisional(item, (*path, i))


def _yours_text(load: RulesLoad, packaged: RulesData) -> str:
    prov: Provenance = load.provenance
    folder = load.folder
    if load.warning:
        return (f"**Your folder was not used.** {load.warning}\n\n"
                "Correct the file at the line named, then start the game again.")
    if not prov.overrides:
        where = f"*{folder}*" if folder is not None else "no folder"
        return (f"Nothing in this game comes from your rules-data folder ({where}).\n\n"
                "A YAML file there changes the game's data key by key: a file holding "
                "only *knight: {bombs: 4}* changes that one number; items of a list of components "
                "are matched by their *id*, and a new id adds a component where the rules allow it.")
    lines = [f"{prov.summary().capitalize()} come from your folder *{folder}*:", ""]
    for o in prov.overrides:
        now = _show(value_at(load.rules, o.path))
        if o.added:
            lines.append(f"- **{format_path(o.path)}**: new, {now} ({o.file} line {o.line})")
        else:
            was = _show(value_at(packaged, o.path))
            lines.append(f"- **{format_path(o.path)}** = {now} {FROM_YOUR_FOLDER} "
                         f"(the game's value: {was}; {o.file} line {o.line})")
    return "\n".join(lines)


def _provisional_text(load: RulesLoad) -> str:
    lines = ["These entries rest on thin evidence (the rulebook or the components leave them open); "
             "each says what it rests on. An entry your folder changed is yours now.", ""]
    for path, entry in _provisional(load.rules, ()):
        name = getattr(entry, "name", None) or getattr(entry, "id", None) or format_path(path)
        mine = load.provenance.under(path)
        if mine:
            lines.append(f"- **{name}** ({format_path(path)}): {FROM_YOUR_FOLDER} ({mine[0].file} line {mine[0].line})")
        else:
            lines.append(f"- **{name}** ({format_path(path)}): *provisional*: {entry.note}")
    return "\n".join(lines)


def with_game_data(ref: Reference, load: RulesLoad) -> Reference:
    """``ref`` with the "Game data" part built from ``load`` (see the module docstring)."""
    packaged = load_rules_data()
    texts = {YOURS: ("From your folder", _yours_text(load, packaged)),
             PROVISIONAL: ("Provisional data", _provisional_text(load))}
    root = Section(PART, "Game data", "The values this game plays with that are not settled rulebook facts.",
                   PART, None, 0, None, children=tuple(texts))
    sections = dict(ref.sections)
    sections[PART] = root
    for sid, (title, text) in texts.items():
        sections[sid] = Section(sid, title, text, PART, PART, 1)
    titles = {sid: s.title for sid, s in sections.items()}
    for sid in (PART, *texts):
        sections[sid] = replace(sections[sid], search_text=plain_text(
            sections[sid].text, lambda r: titles.get(r) or unwritten_title(r)))
    out = Reference(sections, dict(ref.aliases), dict(ref.decision_kinds))
    out.parts = (*ref.parts, root)
    return out
