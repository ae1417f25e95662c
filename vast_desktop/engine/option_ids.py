"""Option ids: how an option is named in ``Game.apply``, in saved games and in logs.

The grammar is ``verb:arg`` — a verb (``move``, ``place``, ``end``…), a colon, and an
argument that may be empty (``end:``).  The first colon ends the verb; the argument is
everything after it and has its own small grammar per verb: a space ``x,y``
(``move:1,0``), a card or tile id (``keep:javelin#1``), parts joined by ``@`` (``fill:T05@1,0``,
``terrain_at:1@2,0``), ``>`` (``slither:gluttony>sloth``), ``-`` (``stats:2-1-1``) or another
colon (``slide:1,0:north``, ``pickpocket:tribe:eye:2``).

Every id is built and read through this module (issue 25, item 4), so the grammar lives in
one place and a verb is never split by hand.  Ids are plain strings and stay byte-identical:
saves and logs replay unchanged.  Speed matters (every step builds all its options), so the
builders are f-strings and the readers ``str.partition``.
"""
from __future__ import annotations

from typing import NamedTuple

from .geometry import Pos, parse_pos

SEP = ":"


class OptionId(NamedTuple):
    """An option id read: its verb and its argument (``""`` when it has none)."""

    verb: str
    arg: str


# ------------------------------------------------------------------ building
def make(verb: str, arg: str | int = "") -> str:
    """The id ``verb:arg`` (``make("end")`` is ``"end:"``)."""
    return f"{verb}:{arg}"


def at(verb: str, p: Pos) -> str:
    """The id of ``verb`` at a space: ``at("move", (1, 0))`` is ``"move:1,0"``."""
    return f"{verb}:{p[0]},{p[1]}"


def joined(verb: str, *parts: str | int, sep: str = "@") -> str:
    """The id of ``verb`` whose argument is ``parts`` joined by ``sep`` (``fill:T05@1,0``)."""
    return f"{verb}:{sep.join(str(x) for x in parts)}"


# ------------------------------------------------------------------ reading
def parse(option_id: str) -> OptionId:
    """The verb and the argument of an id (split at the first colon)."""
    verb, _, arg = option_id.partition(SEP)
    return OptionId(verb, arg)


def verb_of(option_id: str) -> str:
    """The verb: ``verb_of("move:1,0")`` is ``"move"``."""
    return option_id.partition(SEP)[0]


def arg_of(option_id: str) -> str:
    """The argument, everything after the first colon: ``arg_of("slide:1,0:north")`` is ``"1,0:north"``."""
    return option_id.partition(SEP)[2]


def pos_arg(option_id: str) -> Pos:
    """The space an id's argument names: ``pos_arg("move:1,0")`` is ``(1, 0)``."""
    return parse_pos(option_id.partition(SEP)[2])


def int_arg(option_id: str) -> int:
    """The number an id's argument names: ``int_arg("rot:3")`` is ``3``."""
    return int(option_id.partition(SEP)[2])


def has_verb(option_id: str, *verbs: str) -> bool:
    """Whether the id's verb is one of ``verbs``."""
    return option_id.partition(SEP)[0] in verbs


def arg_parts(option_id: str, sep: str) -> tuple[str, str]:
    """The argument split at its first ``sep``: ``arg_parts("fill:T05@1,0", "@")`` is
    ``("T05", "1,0")`` (the second part is ``""`` when there is no ``sep``)."""
    head, _, tail = option_id.partition(SEP)[2].partition(sep)
    return head, tail


def arg_list(option_id: str, sep: str = ",") -> tuple[str, ...]:
    """The argument split at every ``sep``: ``arg_list("pay:bat,chasm")`` is ``("bat", "chasm")``."""
    return tuple(option_id.partition(SEP)[2].split(sep))
