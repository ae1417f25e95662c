"""The rules reference: the full rules as browsable, searchable sections (issue 6).

The text lives in ``rules_data/reference/<part>.yaml``, one file per part
(general, knight, goblins, dragon, cave, thief, ghoul, vile_ghoul, terrain, role_variants, difficulty,
optional_variants, faq), each a tree of sections with an ``id``, a ``title``, a
``text`` in a small markup and optional nested ``sections``:

* paragraphs are separated by blank lines; ``**bold**`` and ``*italic*`` emphasis;
* lines starting with ``- `` are bullets, lines starting with ``1. `` numbered steps;
* ``[[knight.encounters]]`` is a cross-reference, shown as that section's title.

``decision_kinds.yaml`` maps the kind of every decision whose engine ``rules_ref`` is not
a section id to the section that explains it, so :meth:`Reference.for_decision` finds
the rules for any pending decision.

:func:`load_reference` reads and checks the files once (cached).  A bad file is refused
with :class:`ReferenceError`, whose message names the file, the line and the key (the
same YAML helpers as :mod:`vast_desktop.rules_data`).  No pygame here: the
rules screen turns a section into pygame_gui's HTML subset with :func:`to_html`.
"""
from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError

from ..engine.reasons import Reason
from ..rules_data import RulesDataError, YamlPath, YamlSources, default_rules_dir, validation_message

if TYPE_CHECKING:
    from ..engine.decisions import Decision

__all__ = [
    "PARTS",
    "Reference",
    "ReferenceError",
    "Section",
    "default_reference_dir",
    "load_reference",
    "load_reference_uncached",
    "plain_reason",
    "plain_text",
    "to_html",
]

#: The parts of the reference, in the order the rules screen lists them.
PARTS: tuple[str, ...] = ("general", "knight", "goblins", "dragon", "cave", "thief", "ghoul", "vile_ghoul", "terrain",
                          "role_variants", "difficulty", "optional_variants", "faq")
#: The prefix of the section ids the engine names for the variants, allowed as aliases.
ALIAS_PREFIX = "variants."
#: Parts that may hold the ``variants.*`` aliases.
ALIAS_PARTS = ("role_variants", "optional_variants")
KINDS_FILE = "decision_kinds.yaml"

SectionId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")]
ChecklistId = Annotated[str, StringConstraints(pattern=r"^[A-Z]{2,4}-[0-9]{2,3}$")]
OneLine = Annotated[str, StringConstraints(min_length=1, pattern=r"^[^\n]*$")]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]
KindName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]

LINK = re.compile(r"\[\[([^\]]*)\]\]")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
NUMBERED = re.compile(r"^(\d+)\.\s+")
#: A checklist id as the older reasons write it in their words: ``KN-21``, ``VAR-32..37``, ``DR-17/19/20``.
RULE_CODE = re.compile(r"\b([A-Z]{2,4}-\d{2,3})(?:(?:\.\.|/)\d{2,3})*\b")
#: A code with the separator before it (", KN-24", "; AMB-44", ", see MAP-03").
CODE_WITH_LEAD = re.compile(r"(?:\s*[,;]\s*|\s+|^)(?:see\s+)?" + RULE_CODE.pattern)
PARENS = re.compile(r"(\s*)\(([^()]*)\)")


class ReferenceError(RulesDataError):
    """A reference file is malformed or inconsistent; the message names file, line and key."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SectionData(_Frozen):
    """One section as written in a part file."""

    id: SectionId
    title: OneLine
    text: str = ""
    checklist: tuple[ChecklistId, ...] = ()
    alias: SectionId | None = None
    sections: tuple[SectionData, ...] = ()


class PartData(_Frozen):
    """A part file: its root section (``part`` is the id) and its sections."""

    part: KindName
    title: OneLine
    color: Colour | None = None
    text: str = ""
    sections: tuple[SectionData, ...] = ()


class KindsData(_Frozen):
    """``decision_kinds.yaml``: decision kind -> the section that explains it."""

    decision_kinds: dict[KindName, SectionId]


@dataclass(frozen=True)
class Section:
    """A section of the reference as the app uses it (the part roots are sections too)."""

    id: str
    title: str
    text: str
    part: str
    parent: str | None
    depth: int                                   # 0 for a part root
    colour: str | None = None                    # the part's colour, e.g. a role's
    checklist: tuple[str, ...] = ()
    alias: str | None = None
    children: tuple[str, ...] = ()
    search_text: str = field(default="", compare=False, repr=False)


# ---------------------------------------------------------------------------
# Markup
# ---------------------------------------------------------------------------


def paragraphs(text: str) -> list[list[str]]:
    """The text's paragraphs, each a list of its lines (a bullet's wrapped lines joined to it)."""
    out: list[list[str]] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for raw in block.splitlines():
            line = raw.strip()
            if not line:
                continue
            starts_item = line.startswith("- ") or NUMBERED.match(line)
            if lines and not starts_item and (lines[-1].startswith("- ") or NUMBERED.match(lines[-1])):
                lines[-1] += " " + line            # a bullet's continuation
            elif lines and not starts_item:
                lines[-1] += " " + line            # a paragraph's wrapped line
            else:
                lines.append(line)
        if lines:
            out.append(lines)
    return out


def links_in(text: str) -> list[str]:
    """Every ``[[id]]`` the text names."""
    return [m.group(1).strip() for m in LINK.finditer(text)]


def unwritten_title(ref: str) -> str:
    """How a link into a part not written yet reads: ``dragon.powers`` -> "Powers"."""
    return ref.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def plain_text(text: str, title_of: Callable[[str], str] = unwritten_title) -> str:
    """The text without markup (links shown as ``title_of(id)``), for search and snippets."""
    lines = [line[2:] if line.startswith("- ") else line for para in paragraphs(text) for line in para]
    flat = LINK.sub(lambda m: title_of(m.group(1).strip()), " ".join(lines))
    return ITALIC.sub(r"\1", BOLD.sub(r"\1", flat))


def plain_reason(reason: Reason | str, ref: Reference | None = None) -> Reason:
    """A refusal as the table shows it (issue 25, item 2): the sentence without raw rule codes,
    and the rule id its "Rule" link opens.

    A converted rule check's :class:`Reason` already keeps its id in ``rule`` and its words
    clean; the reasons not converted yet still write codes in their words — "(KN-21)",
    "(GB-56, GB-57)", "(walls ignored; AMB-44)".  The codes are taken out (a parenthesis left
    empty goes with them, one with other words keeps those) and, when the reason names no rule,
    the first code the reference has a section for (else the first code) becomes its rule."""
    text, rule = (reason.text, reason.rule) if isinstance(reason, Reason) else (reason, "")
    codes = [m.group(1) for m in RULE_CODE.finditer(text)]
    if not codes:
        return Reason(text, rule)

    def parens(m: re.Match[str]) -> str:
        space, inside = m.groups()
        if not RULE_CODE.search(inside):
            return m.group(0)
        left = CODE_WITH_LEAD.sub("", inside).strip(" ,;")
        return f"{space}({left})" if left else ""

    clean = PARENS.sub(parens, text)
    clean = CODE_WITH_LEAD.sub("", clean)                      # a code outside any parenthesis
    clean = re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"\s{2,}", " ", clean)).strip()
    if not rule:
        book = ref or load_reference()
        rule = next((c for c in codes if book.for_rule(c) is not None), codes[0])
    return Reason(clean, rule)


def _inline_html(line: str, ref: Reference) -> str:
    out = html.escape(line, quote=False)

    def link(m: re.Match[str]) -> str:
        target = ref.get(m.group(1).strip())
        if target is None:                      # a part not written yet: name it, no link
            return html.escape(unwritten_title(m.group(1).strip()))
        return f"<a href='{target.id}'>{html.escape(target.title, quote=False)}</a>"

    out = LINK.sub(link, out)
    out = BOLD.sub(r"<b>\1</b>", out)
    return ITALIC.sub(r"<i>\1</i>", out)


def _body_html(text: str, ref: Reference) -> str:
    parts = []
    for lines in paragraphs(text):
        rows = []
        for line in lines:
            if line.startswith("- "):
                rows.append("&#8226; " + _inline_html(line[2:], ref))
            elif m := NUMBERED.match(line):
                rows.append(f"<b>{m.group(1)}.</b> " + _inline_html(line[m.end():], ref))
            else:
                rows.append(_inline_html(line, ref))
        parts.append("<br>".join(rows))
    return "<br><br>".join(parts)


HEADING_SIZES = {0: 24, 1: 21, 2: 18, 3: 16, 4: 15}
DIM = "#A0988C"
SUB_HEADING = "#FFD65A"


def to_html(section: Section, ref: Reference | None = None, scale: float = 1.0) -> str:
    """The section as pygame_gui HTML: its title, where it sits, its text, then its nested
    sections with their titles (a part's page lists its sections as links instead).
    Heading sizes follow the UI ``scale``."""
    ref = ref or load_reference()
    return ref.html(section.id, scale)


def heading_size(level: int, scale: float) -> int:
    return int(HEADING_SIZES.get(level, 15) * scale)


def _build_html(section: Section, ref: Reference, scale: float) -> str:
    colour = section.colour or SUB_HEADING
    title = html.escape(section.title, quote=False)
    out = [f"<font pixel_size={heading_size(0, scale)} color='{colour}'><b>{title}</b></font>"]
    trail = ref.trail(section)
    if trail:
        crumbs = " &#8250; ".join(f"<a href='{s.id}'>{html.escape(s.title, quote=False)}</a>" for s in trail)
        out.append(f"<font color='{DIM}'>{crumbs}</font>")
    if section.text:
        out.append(_body_html(section.text, ref))
    if section.depth == 0:
        if section.children:
            items = "<br>".join(f"&#8226; <a href='{c}'>{html.escape(ref.section(c).title, quote=False)}</a>"
                                for c in section.children)
            out.append(f"<b>Sections</b><br>{items}")
    else:
        for child, depth in ref.descendants(section):
            size = heading_size(depth - section.depth, scale)
            head = f"<font pixel_size={size} color='{colour}'><b>{html.escape(child.title, quote=False)}</b></font>"
            out.append(head + ("<br>" + _body_html(child.text, ref) if child.text else ""))
    return "<br><br>".join(out)


# ---------------------------------------------------------------------------
# The reference
# ---------------------------------------------------------------------------


class Reference:
    """Every section of the loaded parts, by id, with search and decision look-up."""

    def __init__(self, sections: dict[str, Section], aliases: dict[str, str], kinds: dict[str, str]) -> None:
        self.sections = sections
        self.aliases = aliases
        self.decision_kinds = kinds
        self.parts: tuple[Section, ...] = tuple(sections[p] for p in PARTS if p in sections)
        self._html: dict[tuple[str, float], str] = {}

    # look-up
    def get(self, id_or_alias: str) -> Section | None:
        sid = self.aliases.get(id_or_alias, id_or_alias)
        return self.sections.get(sid)

    def section(self, id_or_alias: str) -> Section:
        found = self.get(id_or_alias)
        if found is None:
            raise KeyError(f"no rules reference section {id_or_alias!r}")
        return found

    def for_rule(self, rule: str) -> Section | None:
        """The section a refusal's "Rule" link opens (issue 25, item 2): ``rule`` is a
        :class:`~vast_desktop.engine.reasons.Reason`'s rule id — a section id or alias, else a
        checklist id (``KN-21``), answered by the first section that cites it; or a decision's
        ``rules_ref`` that is its kind (a click on something the decision does not decide is
        answered with the decision's own rules), through ``decision_kinds``."""
        found = self.get(rule)
        if found is not None or not rule:
            return found
        if rule in self.decision_kinds:
            return self.get(self.decision_kinds[rule])
        return next((s for s in self.sections.values() if rule in s.checklist), None)

    def has_part(self, part: str) -> bool:
        return part in self.sections

    def trail(self, section: Section) -> list[Section]:
        """The sections above ``section``, from its part down to its parent."""
        out = []
        parent = section.parent
        while parent is not None:
            s = self.sections[parent]
            out.append(s)
            parent = s.parent
        return out[::-1]

    def descendants(self, section: Section) -> Iterator[tuple[Section, int]]:
        for c in section.children:
            child = self.sections[c]
            yield child, child.depth
            yield from self.descendants(child)

    def html(self, id_or_alias: str, scale: float = 1.0) -> str:
        """The section's HTML, built once (per UI scale) and cached."""
        s = self.section(id_or_alias)
        key = (s.id, scale)
        if key not in self._html:
            self._html[key] = _build_html(s, self, scale)
        return self._html[key]

    # search
    def search(self, query: str, limit: int = 60) -> list[tuple[Section, str]]:
        """Sections whose title or text holds every word of ``query`` (case-insensitive),
        title hits first, each with a short snippet around the first match."""
        words = [w for w in re.split(r"[^\w'-]+", query.lower()) if w]
        if not words:
            return []
        patterns = [re.compile(r"\b" + re.escape(w), re.IGNORECASE) for w in words]
        scored = []
        for order, s in enumerate(self.sections.values()):
            if not all(p.search(s.title) or p.search(s.search_text) for p in patterns):
                continue
            in_title = sum(bool(p.search(s.title)) for p in patterns)
            hits = sum(len(p.findall(s.search_text)) for p in patterns)
            scored.append((-(in_title == len(words)), -in_title, -hits, order, s))
        scored.sort(key=lambda t: t[:4])
        return [(s, self.snippet(s, patterns)) for *_, s in scored[:limit]]

    @staticmethod
    def snippet(section: Section, patterns: list[re.Pattern[str]], width: int = 110) -> str:
        """About ``width`` characters of the section's text around the first match."""
        text = section.search_text
        at = min((m.start() for p in patterns if (m := p.search(text))), default=0)
        start = max(0, at - width // 3)
        if start:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < at else start
        end = min(len(text), start + width)
        if end < len(text):
            space = text.rfind(" ", start, end)
            end = space if space > at else end
        return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")

    # decisions
    def decision_section_id(self, decision: Decision) -> str | None:
        """The section id for a pending decision: its ``rules_ref`` when that names a section
        (the engine defaults it to the kind), else the ``decision_kinds`` entry for its kind."""
        ref = decision.rules_ref
        if ref and "." in ref:
            return ref
        return self.decision_kinds.get(decision.kind)

    def for_decision(self, decision: Decision) -> Section:
        """The section explaining a pending decision; the deciding role's part (or the general
        rules) while that section's part file is not there."""
        for candidate in (self.decision_section_id(decision), decision.role, "general"):
            if candidate and (found := self.get(candidate)) is not None:
                return found
        return self.parts[0]


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------


def default_reference_dir() -> Traversable:
    """The ``reference/`` folder of the game's data (found by :func:`~vast_desktop.rules_data.default_rules_dir`)."""
    return default_rules_dir().joinpath("reference")


def _read(f: Traversable) -> YamlSources:
    sources = YamlSources(f.name)
    try:
        sources.add(f.name, f.read_text(encoding="utf-8"))
    except RulesDataError as exc:
        raise ReferenceError(str(exc)) from None
    return sources


class _Builder:
    """Flattens the part files into sections and checks them (ids, links, aliases)."""

    def __init__(self) -> None:
        self.sections: dict[str, Section] = {}
        self.where: dict[str, tuple[YamlSources, YamlPath]] = {}
        self.aliases: dict[str, str] = {}
        self.texts: list[tuple[str, str, YamlSources, YamlPath]] = []    # (section id, text, file, path)

    def fail(self, sources: YamlSources, path: YamlPath, message: str) -> None:
        raise ReferenceError(f"{sources.locate(path)}: {message}")

    def add_part(self, stem: str, sources: YamlSources) -> None:
        try:
            data = PartData.model_validate(sources.raw)
        except ValidationError as exc:
            raise ReferenceError(validation_message(exc, sources)) from None
        if data.part != stem:
            self.fail(sources, ("part",), f"the part id must be the file's name {stem!r}")
        children = self._children(data.sections, data.part, data.part, 1, data.color, sources, ("sections",))
        self._put(Section(data.part, data.title, data.text, data.part, None, 0, data.color, children=children),
                  sources, ("part",))
        self.texts.append((data.part, data.text, sources, ("text",)))

    def _children(self, items: Iterable[SectionData], part: str, parent: str, depth: int, colour: str | None,
                  sources: YamlSources, path: YamlPath) -> tuple[str, ...]:
        ids = []
        for i, item in enumerate(items):
            here = (*path, i)
            if not item.id.startswith(part + "."):
                self.fail(sources, (*here, "id"), f"section id {item.id!r} must start with {part + '.'!r}")
            if item.alias is not None:
                if not item.alias.startswith(ALIAS_PREFIX) or part not in ALIAS_PARTS:
                    self.fail(sources, (*here, "alias"), f"only {' and '.join(ALIAS_PARTS)} sections may have an "
                                                         f"alias, and it must start with {ALIAS_PREFIX!r}")
                if item.alias in self.aliases:
                    self.fail(sources, (*here, "alias"), f"alias {item.alias!r} is already given to "
                                                         f"{self.aliases[item.alias]!r}")
                self.aliases[item.alias] = item.id
            kids = self._children(item.sections, part, item.id, depth + 1, colour, sources, (*here, "sections"))
            self._put(Section(item.id, item.title, item.text, part, parent, depth, colour, item.checklist,
                              item.alias, kids), sources, (*here, "id"))
            self.texts.append((item.id, item.text, sources, (*here, "text")))
            ids.append(item.id)
        return tuple(ids)

    def _put(self, section: Section, sources: YamlSources, path: YamlPath) -> None:
        if section.id in self.sections:
            first, first_path = self.where[section.id]
            self.fail(sources, path, f"duplicate section id {section.id!r} (first defined at "
                                     f"{first.locate(first_path)})")
        self.sections[section.id] = section
        self.where[section.id] = (sources, path)

    def known(self, ref: str) -> bool:
        return ref in self.sections or ref in self.aliases

    def may_be_missing(self, ref: str) -> bool:
        """A reference into a part whose file is not there (yet) is tolerated."""
        if ref.startswith(ALIAS_PREFIX):
            return not any(p in self.sections for p in ALIAS_PARTS)
        return ref.split(".", 1)[0] in PARTS and ref.split(".", 1)[0] not in self.sections

    def check_links(self) -> None:
        for sid, text, sources, path in self.texts:
            for ref in links_in(text):
                if not self.known(ref) and not self.may_be_missing(ref):
                    self.fail(sources, path, f"section {sid!r} links to [[{ref}]], which is no section")

    def finish(self, kinds: dict[str, str]) -> Reference:
        for alias in self.aliases:
            if alias in self.sections:
                raise ReferenceError(f"alias {alias!r} is also a section id")
        title = {sid: s.title for sid, s in self.sections.items()}
        title.update({a: title[t] for a, t in self.aliases.items()})
        done = {sid: _with_search_text(s, title) for sid, s in self.sections.items()}
        return Reference(done, dict(self.aliases), kinds)


def _with_search_text(s: Section, titles: dict[str, str]) -> Section:
    from dataclasses import replace

    return replace(s, search_text=plain_text(s.text, lambda ref: titles.get(ref) or unwritten_title(ref)))


def load_reference_uncached(directory: Path | Traversable | None = None) -> Reference:
    """Read and check every part file (and ``decision_kinds.yaml``) in ``directory``."""
    root: Traversable = default_reference_dir() if directory is None else directory
    if not root.is_dir():
        raise ReferenceError(f"{root}: rules reference directory not found")
    files = {f.name: f for f in root.iterdir() if f.is_file() and f.name.endswith(".yaml")}
    builder = _Builder()
    for part in PARTS:
        if f"{part}.yaml" in files:
            builder.add_part(part, _read(files[f"{part}.yaml"]))
    if "general" not in builder.sections:
        raise ReferenceError(f"{root}: general.yaml is missing")
    builder.check_links()
    kinds: dict[str, str] = {}
    if KINDS_FILE in files:
        sources = _read(files[KINDS_FILE])
        try:
            kinds = dict(KindsData.model_validate(sources.raw).decision_kinds)
        except ValidationError as exc:
            raise ReferenceError(validation_message(exc, sources)) from None
        for kind, ref in kinds.items():
            if not builder.known(ref) and not builder.may_be_missing(ref):
                builder.fail(sources, ("decision_kinds", kind), f"decision kind {kind!r} names {ref!r}, "
                                                                f"which is no section")
    return builder.finish(kinds)


@functools.lru_cache(maxsize=4)
def load_reference(directory: Path | None = None) -> Reference:
    """The rules reference, loaded and checked once per directory, then shared."""
    return load_reference_uncached(directory)
