"""One folding function for every place a user's text meets catalog text.

`fold("Michael Peña")`, `fold("MICHAEL PENA")` and `fold(" michael  pena ")` are all
`"michael pena"`; `fold("Darwin’s Game") == fold("Darwin's Game")`; `fold("Kıvanç Tatlıtuğ")`
is `"kivanc tatlitug"`. The folded form is a *key* for matching: stores keep it beside the
catalog's own spelling, which is what answers and pages always show.

Transliteration is `anyascii` (ISC licence): unlike `unicodedata` decomposition alone it
also maps letters that have no decomposition (ı, ł, ø, ß, æ, Þ), curly quotes, dashes and
other punctuation to ASCII, and non-Latin scripts to a Latin reading, with one table and no
GPL code (`Unidecode` is GPL, which this project cannot ship).
"""

from __future__ import annotations

import re
import unicodedata

from anyascii import anyascii

_SPACE = re.compile(r"\s+")


def fold(text: str | None) -> str:
    """The matching key of `text`: ASCII, case-folded, single spaces, no accents or curly quotes."""
    if not text:
        return ""
    # NFKC first: compatibility forms (ﬁ, full-width letters, non-breaking spaces) become plain
    # characters, and combining accents join their letters before transliteration.
    ascii_text = anyascii(unicodedata.normalize("NFKC", text))
    return _SPACE.sub(" ", ascii_text.casefold()).strip()


def sql_fold(text: object) -> str | None:
    """`fold` as a deterministic SQLite function: NULL stays NULL, other values are folded text."""
    if text is None:
        return None
    return fold(str(text))
