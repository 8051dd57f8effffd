"""How the generated pages word counts, captions and alternative texts.

A count agrees with its noun and its verb ("1 test that fails", "3 tests
that fail"); a picture's caption names the finding once ("The witness of
BF-F-3", not "Witness of BF-F-3: the witness"); an ``:alt:`` option is plain
text (docutils does not parse it, so reST escapes and literals would show).

>>> counted(1, "test"), counted(3, "test"), counted(1, "player"), counted(2, "ambiguity", "ambiguities")
('1 test', '3 tests', '1 player', '2 ambiguities')
>>> agree(1, "fails", "fail"), agree(2, "fails", "fail")
('fails', 'fail')
>>> witness_caption("BF-F-3", "the witness")
'The witness of BF-F-3'
>>> witness_caption("T5-F-2", "the position after the witness's 35 moves")
"T5-F-2: the position after the witness's 35 moves"
>>> alt_text("Position 2, the move ``play 7`` drawn dashed")
'Position 2, the move play 7 drawn dashed'
"""

from __future__ import annotations

import re


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is 1 (``plural`` when not noun + "s")."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"


def agree(number: int, singular: str, plural: str) -> str:
    """The word (a verb, a pronoun) that agrees with ``number``."""
    return singular if number == 1 else plural


def witness_caption(finding_id: str, caption: str) -> str:
    """The caption of a picture of a finding's witness, naming the finding once.

    The renderers caption a picture "the witness", "the witness position" or
    "the position after the witness's N moves"; the page adds the finding id.
    """
    words = " ".join(caption.split())
    if words.lower() in ("", "the witness"):
        return f"The witness of {finding_id}"
    if words.lower() == "the witness position":
        return f"The position of the witness of {finding_id}"
    return f"{finding_id}: {words}"


_LITERAL = re.compile(r"``(.+?)``")
_ESCAPED = re.compile(r"\\(.)")


def alt_text(text: object) -> str:
    r"""Plain text for an image's ``:alt:`` option: one line, inline literals unwrapped, reST escapes undone.

    A caption may arrive escaped for running text (a test's parameters, ``case Пример\:-Anya``):

    >>> alt_text(r"Position 1 — case Пример нарушения правил\:-Anya")
    'Position 1 — case Пример нарушения правил:-Anya'
    >>> alt_text(r"``a\b`` and a\*b")
    'a\\b and a*b'
    """
    parts = _LITERAL.split(" ".join(str(text).split()))  # odd items: inside ``…``, where reST takes \ literally
    return "".join(part if index % 2 else _ESCAPED.sub(r"\1", part) for index, part in enumerate(parts))
