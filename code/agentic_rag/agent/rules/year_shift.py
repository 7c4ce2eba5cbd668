"""A follow-up that moves the earlier question's year: "how many docuseries were added in 2018"
then "and the year after that?", "what about the year before", "and the following year?",
"same for two years later": the earlier part's one year (a release year, or a date-added window
of one calendar year) moved by that many years, the rest of the question kept."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.spec import TitleSet
from agentic_rag.agent.rules.words import WORDS

_I = re.IGNORECASE
_COUNT = "|".join(sorted((w for w, n in WORDS.numbers.items() if 1 < n < 10), key=len)[::-1])
_LATER = r"after(?:\s+(?:that|it|this|then))?|later"
_EARLIER = r"before(?:\s+(?:that|it|this|then))?|earlier|prior(?:\s+to\s+(?:that|it|this))?"
#: "the year after (that)", "a year later", "two years before", "the next/following year",
#: "the previous/prior year", "the year prior"
SHIFT = re.compile(
    rf"\b(?:(?:the|a|one|(\d|{_COUNT}))\s+)?years?\s+(?:({_LATER})|{_EARLIER})\b|"
    r"\b(?:the\s+)?(?:(next|following|subsequent)|previous|prior|preceding)\s+year\b",
    _I,
)


def _by(text: str) -> int:
    """The years the follow-up moves by (0: it names no move)."""
    m = SHIFT.search(text)
    if not m:
        return 0
    n = m.group(1)
    size = 1 if not n else int(n) if n.isdigit() else WORDS.numbers[n.casefold()]
    return size if (m.group(2) or m.group(3)) else -size


def one_year(s: TitleSet) -> tuple[str, int] | None:
    """The one year a set is of: ("release", year) or ("added", year); None for none or a span."""
    if s.year_from is not None and s.year_from == s.year_to:
        return "release", s.year_from
    if s.added_from and s.added_to and s.added_from.endswith("-01-01"):
        first, end = int(s.added_from[:4]), s.added_to
        if end == f"{first + 1}-01-01":
            return "added", first
    return None


def shifted(old: TitleSet, text: str) -> TitleSet | None:
    """The earlier set with its one year moved as the follow-up says; None when it says no move
    or the earlier set has no one year to move."""
    by, year = _by(text), one_year(old)
    if not by or year is None:
        return None
    kind, y = year
    if kind == "release":
        return old.model_copy(update={"year_from": y + by, "year_to": y + by})
    return old.model_copy(
        update={"added_from": f"{y + by}-01-01", "added_to": f"{y + by + 1}-01-01"}
    )


def said(titles: TitleSet, masked: str) -> set[str]:
    """The words of the move, used by a reading whose set is of one year."""
    if one_year(titles) is None:
        return set()
    return {w.casefold() for m in SHIFT.finditer(masked) for w in re.findall(r"\w+", m.group())}
