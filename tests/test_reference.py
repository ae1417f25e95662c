"""The rules reference (issue 6): the loader refuses bad files naming file, line and key;
every section's HTML builds; search finds known terms; every decision kind — found in the
engine's source and in random games of several role sets — has a section."""
from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.decisions import Decision
from vast_desktop.engine.kinds import DecisionKind
from vast_desktop.teach.reference import (
    ALIAS_PARTS,
    ALIAS_PREFIX,
    PARTS,
    Reference,
    ReferenceError,
    default_reference_dir,
    load_reference,
    load_reference_uncached,
)

ENGINE = Path(__file__).resolve().parents[1] / "vast_desktop" / "engine"
FIVE = ("knight", "goblins", "dragon", "cave", "thief")


@pytest.fixture(scope="module")
def ref() -> Reference:
    return load_reference()


def part_present(ref: Reference, section_id: str) -> bool:
    """Is the file that must hold ``section_id`` there?  (Parts are written by two helpers;
    a reference into a part not written yet is checked as soon as its file exists.)"""
    if section_id.startswith(ALIAS_PREFIX):
        return any(ref.has_part(p) for p in ALIAS_PARTS)
    return ref.has_part(section_id.split(".", 1)[0])


def assert_resolves(ref: Reference, section_id: str, why: str) -> None:
    if part_present(ref, section_id):
        assert ref.get(section_id) is not None, f"{why}: no reference section {section_id!r}"


# ---------------------------------------------------------------------------
# Loading and rendering
# ---------------------------------------------------------------------------


def test_parts_in_order_and_mine_present(ref: Reference) -> None:
    ids = [p.id for p in ref.parts]
    assert ids == [p for p in PARTS if p in ids]
    assert {"general", "knight", "goblins"} <= set(ids)


def test_every_section_html_builds(ref: Reference) -> None:
    """Every section (and alias) renders to HTML with its title, links resolved, no markup left."""
    for sid, section in ref.sections.items():
        html = ref.html(sid)
        assert section.title.replace("&", "&amp;") in html
        assert "[[" not in html and "**" not in html, sid
        for target in re.findall(r"<a href='([^']+)'>", html):
            assert ref.get(target) is not None, f"{sid} links to {target}"
        assert ref.html(sid) is html                     # built once, then cached
    for alias in ref.aliases:
        assert ref.html(alias) == ref.html(ref.aliases[alias])


def test_markup_becomes_html(ref: Reference) -> None:
    html = ref.html("knight.ambush")
    assert "<b>reveals it by entering it</b>" in html
    assert "<i>Normal Goblins</i>" in html
    assert "&#8226; <b>With a Goblins player</b>" in html
    assert "<a href='goblins.ambush'>Ambushing the Knight</a>" in html
    assert "<b>1.</b>" in ref.html("knight.turn")


@pytest.mark.parametrize("term", ["Grit", "Rage", "Wakefulness", "Omen", "Stealth", "Forced Movement"])
def test_search_finds_known_terms(ref: Reference, term: str) -> None:
    results = ref.search(term)
    assert results, term
    for section, snippet in results:
        text = (section.title + " " + section.search_text).lower()
        assert all(w in text for w in term.lower().split())
        assert snippet


def test_search_ranks_title_hits_first_and_needs_every_word(ref: Reference) -> None:
    assert ref.search("grit")[0][0].id == "knight.grit"
    assert ref.search("forced movement")[0][0].id == "general.forced_movement"
    assert ref.search("RAGE")[0][0].id == "goblins.rage"          # case-insensitive
    both = ref.search("dragon gem trap")
    assert both and all(all(w in s.search_text.lower() or w in s.title.lower() for w in ("dragon", "gem", "trap"))
                        for s, _ in both)
    assert ref.search("grit xyzzyq") == []
    assert ref.search("   ") == []


# ---------------------------------------------------------------------------
# Broken files: file, line and key in the message
# ---------------------------------------------------------------------------


@pytest.fixture
def copy_dir(tmp_path: Path) -> Path:
    src = Path(str(default_reference_dir()))
    dst = tmp_path / "reference"
    shutil.copytree(src, dst)
    return dst


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in the file; return the 1-based line where it was."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


def test_the_copy_loads(copy_dir: Path) -> None:
    assert load_reference_uncached(copy_dir).get("knight.grit") is not None


def test_unknown_key_names_file_line_and_key(copy_dir: Path) -> None:
    line = edit(copy_dir / "knight.yaml", "    title: Setup\n", "    titel: Setup\n")
    with pytest.raises(ReferenceError, match=rf"knight\.yaml line {line}, sections\[1\]\.titel: unknown key"):
        load_reference_uncached(copy_dir)


def test_yaml_syntax_error_names_file_and_line(copy_dir: Path) -> None:
    line = edit(copy_dir / "goblins.yaml", "title: The Goblins\n", "title: [The Goblins\n")
    with pytest.raises(ReferenceError, match=r"goblins\.yaml line \d+, [^:]+: YAML syntax error") as info:
        load_reference_uncached(copy_dir)
    assert int(re.search(r"line (\d+)", str(info.value)).group(1)) >= line


def test_duplicate_id_names_both_places(copy_dir: Path) -> None:
    line = edit(copy_dir / "goblins.yaml", "  - id: goblins.setup\n", "  - id: goblins.how_to_win\n")
    with pytest.raises(ReferenceError, match=rf"goblins\.yaml line {line}, sections\[1\]\.id: duplicate section id "
                                             r"'goblins\.how_to_win' \(first defined at goblins\.yaml line \d+"):
        load_reference_uncached(copy_dir)


def test_id_must_start_with_its_part(copy_dir: Path) -> None:
    line = edit(copy_dir / "knight.yaml", "  - id: knight.setup\n", "  - id: goblins.knight_setup\n")
    with pytest.raises(ReferenceError, match=rf"knight\.yaml line {line}, sections\[1\]\.id: .*must start with 'knight\.'"):
        load_reference_uncached(copy_dir)


def test_broken_cross_reference_refused(copy_dir: Path) -> None:
    edit(copy_dir / "knight.yaml", "[[knight.hero_cubes]]", "[[knight.hero_cubez]]")
    with pytest.raises(ReferenceError, match=r"knight\.yaml line \d+, sections\[\d+\]\.text: .*\[\[knight\.hero_cubez\]\]"):
        load_reference_uncached(copy_dir)


def test_malformed_checklist_id_refused(copy_dir: Path) -> None:
    line = edit(copy_dir / "general.yaml", "checklist: [KN-01,", "checklist: [KN01,")
    with pytest.raises(ReferenceError, match=rf"general\.yaml line {line}, sections\[0\]\.checklist\[0\]: "
                                             r"String should match pattern"):
        load_reference_uncached(copy_dir)


def test_alias_only_in_the_variant_parts(copy_dir: Path) -> None:
    line = edit(copy_dir / "knight.yaml", "    title: Setup\n", "    title: Setup\n    alias: variants.knight_setup\n")
    with pytest.raises(ReferenceError, match=rf"knight\.yaml line {line + 1}, sections\[1\]\.alias: only "):
        load_reference_uncached(copy_dir)


def test_part_must_match_file_name(copy_dir: Path) -> None:
    line = edit(copy_dir / "goblins.yaml", "part: goblins\n", "part: goblin\n")
    with pytest.raises(ReferenceError, match=rf"goblins\.yaml line {line}, part: the part id must be the file's name"):
        load_reference_uncached(copy_dir)


def test_decision_kind_map_must_name_sections(copy_dir: Path) -> None:
    line = edit(copy_dir / "decision_kinds.yaml", "choose_cube: knight.hero_cubes", "choose_cube: knight.hero_cube")
    with pytest.raises(ReferenceError, match=rf"decision_kinds\.yaml line {line}, decision_kinds\.choose_cube: .*"
                                             r"'knight\.hero_cube', which is no section"):
        load_reference_uncached(copy_dir)


# ---------------------------------------------------------------------------
# Every decision kind has a section
# ---------------------------------------------------------------------------


def _asking_functions(trees: list[ast.Module]) -> dict[str, tuple[int, int | None]]:
    """``ask`` and every function that passes its own ``kind`` parameter on to an ask:
    name -> (index of the kind argument, index of the rules_ref argument or None)."""
    found: dict[str, tuple[int, int | None]] = {"ask": (1, 4)}
    for tree in trees:
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            params = [a.arg for a in fn.args.args]
            if "kind" not in params:
                continue
            forwards = any(isinstance(c, ast.Call) and _name(c) == "ask" and len(c.args) > 1
                           and isinstance(c.args[1], ast.Name) and c.args[1].id == "kind" for c in ast.walk(fn))
            if forwards:
                found[fn.name] = (params.index("kind"), params.index("rules_ref") if "rules_ref" in params else None)
    return found


def _name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def engine_asks() -> list[tuple[str, str | None, str]]:
    """Every decision the engine asks with a literal kind, through ``ask`` or a helper that
    forwards its kind (``ask_goblins``, the Events' yes/no question):
    (kind, literal rules_ref or None, where)."""
    paths = sorted(ENGINE.rglob("*.py"))
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in paths]
    asking = _asking_functions(trees)
    out = []
    for path, tree in zip(paths, trees, strict=True):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node) not in asking:
                continue
            kind_at, ref_at = asking[_name(node)]
            kind = node.args[kind_at] if len(node.args) > kind_at else None
            if not (isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name)
                    and kind.value.id == "DecisionKind"):
                continue                  # DecisionKind.omen(...) and variables: the random games cover them
            value = DecisionKind[kind.attr].value
            refs = [k.value for k in node.keywords if k.arg == "rules_ref"]
            if ref_at is not None and len(node.args) > ref_at:
                refs.append(node.args[ref_at])
            ref = None
            if refs:
                ref = refs[0].value if isinstance(refs[0], ast.Constant) else "<computed>"
            out.append((value, ref, f"{path.name}:{node.lineno}"))
    return out


def test_every_asked_kind_has_a_section(ref: Reference) -> None:
    """Every decision the engine source asks with a literal kind names a section in its
    rules_ref or has an entry in decision_kinds.yaml (checked against the loaded parts)."""
    asks = engine_asks()
    assert len(asks) > 50
    for kind, rules_ref, where in asks:
        if rules_ref is None:
            assert kind in ref.decision_kinds, f"{where}: decision kind {kind!r} has no rules_ref and no map entry"
            assert_resolves(ref, ref.decision_kinds[kind], where)
        elif rules_ref != "<computed>":
            assert "." in rules_ref, f"{where}: rules_ref {rules_ref!r} is no section id"
            assert_resolves(ref, rules_ref, where)


def test_kind_map_names_only_real_kinds(ref: Reference) -> None:
    kinds = {kind for kind, _, _ in engine_asks()}
    assert set(ref.decision_kinds) <= kinds, set(ref.decision_kinds) - kinds


def check_decision(ref: Reference, d: Decision, seen: dict[str, str]) -> None:
    sid = ref.decision_section_id(d)
    assert sid is not None, f"decision kind {d.kind!r} (rules_ref {d.rules_ref!r}) has no reference section"
    assert_resolves(ref, sid, f"decision {d.kind!r}")
    assert ref.for_decision(d) is not None
    seen[d.kind] = sid


GAMES = [
    Setup(roles=("knight",), seed=1, solo_level="easy"),
    Setup(roles=("knight",), seed=2, solo_level="hard"),
    Setup(roles=("knight", "cave"), seed=3),
    Setup(roles=("knight", "goblins"), seed=4),
    Setup(roles=("knight", "dragon"), seed=5, variants=("dragon-scales",)),
    Setup(roles=("knight", "thief"), seed=6, knight_crystals=5),
    Setup(roles=("knight", "goblins", "dragon", "cave"), seed=7),
    Setup(roles=FIVE, seed=8, variants=("terrain",)),
    Setup(roles=FIVE, seed=9, variants=("moving-entrance", "uncertain-treasures")),
    Setup(roles=("goblins", "dragon", "cave", "thief"), seed=10, variants=("random-terrain",)),
]


def test_every_decision_in_random_games_has_a_section(ref: Reference) -> None:
    """Random games of several role sets and variants: each pending decision's section
    (its rules_ref, or the kind map) exists in every part that is present."""
    seen: dict[str, str] = {}
    for setup in GAMES:
        g = new_game(setup)
        bot = RandomBot(setup.seed)
        for _ in range(5000):
            d = g.pending
            if d is None:
                break
            check_decision(ref, d, seen)
            g.apply(bot(None, d))
    assert {"knight_turn", "goblins_turn", "dragon_turn", "cave_turn", "thief_turn", "orient_tile"} <= set(seen)
    assert len(seen) > 40


def test_for_decision_prefers_rules_ref_then_kind_then_role(ref: Reference) -> None:
    from vast_desktop.engine.decisions import Option

    opts = (Option("x:", "x"),)
    assert ref.for_decision(Decision("knight", "knight_turn", "p", opts, "knight.move_and_act")).id == "knight.move_and_act"
    assert ref.for_decision(Decision("knight", "choose_cube", "p", opts, "choose_cube")).id == "knight.hero_cubes"
    assert ref.for_decision(Decision("goblins", "no_such_kind", "p", opts, "no_such_kind")).id == "goblins"


def test_other_reference_files_name_real_sections(ref: Reference) -> None:
    """The reference folder's other files (cheat sheets, reminders: written beside the parts)
    may point at sections with ``section:`` keys; each must resolve once its part is there."""
    import yaml

    folder = Path(str(default_reference_dir()))
    parts = {f"{p}.yaml" for p in PARTS} | {"decision_kinds.yaml"}

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "section" and isinstance(value, str):
                    assert_resolves(ref, value, where)
                walk(value, where)
        elif isinstance(node, list):
            for item in node:
                walk(item, where)

    for path in sorted(folder.glob("*.yaml")):
        if path.name not in parts:
            walk(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)
