"""The sentences of a rulebook paragraph: the unit the coverage counts.

A paragraph (see :mod:`ruleproof.spec.sources`) is cut into sentences at

* every line break that is followed by a character that opens a sentence
  (the scoring tables of the Ikebana text are one paragraph with a line per
  row; a line that goes on in lower case continues its sentence), and
* every ``.``, ``!``, ``?`` or ``…`` (optionally followed by closing quotes or
  brackets) that is followed by whitespace and then by a character that opens a
  sentence: a capital letter, an opening quote or bracket, a dash or a bullet.

Two kinds of full stop do not end a sentence: the stop of an abbreviation
(:data:`ABBREVIATIONS`: ``т.е. 2 очка``) and the stop of a bare item number
at the start of a sentence, alone or after «Правило» (``1. Взять верхнюю карту``,
``1). ВЫТЯНУТЬ КАРТУ``, ``Правило 2. Играемая группа``), which is a label,
not a sentence.

The splitter is written here rather than taken from a library (``razdel``,
``pysbd``): the sentence boundaries are part of the coverage data (a
justification names its sentence by its first words), so they must follow a
short rule a reader can check by eye and must never move with a library's
version; five fixed texts need nothing more.

>>> [s for s, _, _ in split_sentences("Правило 2. Играемая группа (т.е. 2 очка) примыкает. Ход переходит к Пете.")]
['Правило 2. Играемая группа (т.е. 2 очка) примыкает.', 'Ход переходит к Пете.']
>>> [s for s, _, _ in split_sentences("Игрок должен разместить 23. Есть два\\nварианта:\\nРяд 12\\nРяд 20")]
['Игрок должен разместить 23.', 'Есть два\\nварианта:', 'Ряд 12', 'Ряд 20']
"""

from __future__ import annotations

import re

#: Words ending in a full stop that never end a sentence.
ABBREVIATIONS = ("т.е.", "т.д.", "т.п.", "т.к.", "см.", "напр.", "Тов.")

#: A sentence end: terminal punctuation (and closing quotes or brackets), whitespace, then an opener.
_END = re.compile(r"""([.!?…]+["»)]*)(\s+)(?=[A-ZА-ЯЁ«"(\-—–•])""")

#: A line break before a sentence opener (the rows of a table are sentences without a full stop).
_LINE = re.compile(r"""\n\s*(?=[A-ZА-ЯЁ«"(\-—–•])""")

#: The item numbers that label a list entry or a numbered rule: ``1.``, ``1).``, ``2)``.
_LABEL = re.compile(r"^\d+\)?\.?$")


def _is_label(words_before: list[str]) -> bool:
    """Whether the stop after ``words_before[-1]`` ends a label (``1.``, ``Правило 2.``), not a sentence."""
    last = words_before[-1] if words_before else ""
    if not _LABEL.match(last):
        return False
    return len(words_before) == 1 or (len(words_before) == 2 and words_before[0] == "Правило")


def split_sentences(text: str, offset: int = 0) -> tuple[tuple[str, int, int], ...]:
    """The sentences of one paragraph's ``text``: ``(sentence, start, end)`` with offsets shifted by ``offset``.

    Each sentence is stripped of surrounding whitespace; ``start``/``end`` index
    the stripped sentence in the file when ``offset`` is the paragraph's start.
    """
    cuts = [0]
    for match in _END.finditer(text):
        words = text[cuts[-1]:match.end(1)].split()
        if "\n" in match.group(2) or not (words and (words[-1] in ABBREVIATIONS or _is_label(words))):
            cuts.append(match.end(2))
    for match in _LINE.finditer(text):
        if match.end() not in cuts:
            cuts.append(match.end())
    cuts = sorted(set(cuts)) + [len(text)]
    out: list[tuple[str, int, int]] = []
    for a, b in zip(cuts, cuts[1:]):
        piece = text[a:b]
        stripped = piece.strip()
        if stripped:
            start = offset + a + len(piece) - len(piece.lstrip())
            out.append((stripped, start, start + len(stripped)))
    return tuple(out)
