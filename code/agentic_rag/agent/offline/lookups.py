"""Name lookups of the `Lexicon`: people and titles of the catalog, found in free text.

Names and titles are indexed by `norm_key`; scans try the longest n-gram first and reject
single everyday words (a single word matches only when capitalised and not common English).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cached_property

from agentic_rag.agent.offline.vocab import COMMON, WORD, Span, unique


def norm_key(text: str) -> str:
    """Casefolded word tokens joined by single spaces (how titles and names are indexed)."""
    return " ".join(w.casefold().replace("’", "'") for w in WORD.findall(text))


def norm_keys(values: Sequence[str]) -> list[str]:
    """`norm_key` of many values at once (a few regex passes over one joined string)."""
    blob = "\n".join(v.replace("\n", " ") for v in values).casefold().replace("’", "'")
    blob = re.sub(r"(?<!\w)'|'(?!\w)", " ", re.sub(r"[^\w'\n]+", " ", blob))
    return [" ".join(line.split()) for line in blob.split("\n")] if values else []


def _capitalised(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit()


class NameLookups:
    """People and title lookups and spans (a `Lexicon` mixin)."""

    shows: dict[str, tuple[str, str, int | None, str]]
    _people: dict[str, str]  # norm_key(name) -> name
    _titles: dict[str, str]  # norm_key(title) -> title
    _scan_titles: dict[str, str]  # titles that unquoted text may name
    _ambiguous_single: set[str]  # single words that are part of a name or a whole title
    _max_title: int  # words in the longest title

    @cached_property
    def everyday_words(self) -> frozenset[str]:
        """Words used in lower case at least 3 times in descriptions: English, not names."""
        text = " ".join(info[3] for info in self.shows.values())
        counts = Counter(re.findall(r"\b[a-z]{3,}\b", text))
        return frozenset(w for w, n in counts.items() if n >= 3) | COMMON

    # -- n-gram lookups ---------------------------------------------------------
    def lookup_person(self, text: str) -> str | None:
        return self._people.get(norm_key(text))

    def lookup_title(self, text: str) -> str | None:
        key = norm_key(text)
        return self._titles.get(key) or self._titles.get(f"the {key}")

    def show(self, title: str) -> tuple[str, str, int | None, str] | None:
        return self.shows.get(title)

    def person_spans(self, text: str) -> list[Span]:
        toks = [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]
        found: list[Span] = []
        i = 0
        while i < len(toks):
            for n in (4, 3, 2, 1):
                gram = toks[i : i + n]
                if len(gram) < n:
                    continue
                name = self._people.get(" ".join(w.casefold() for w, _, _ in gram))
                if name and self._person_ok(gram):
                    found.append((gram[0][1], gram[-1][2], name))
                    i += n - 1
                    break
            i += 1
        return found

    def _person_ok(self, gram: list[tuple[str, int, int]]) -> bool:
        words = [w for w, _, _ in gram]
        if len(words) == 1:
            w = words[0]
            return (
                len(w) >= 3
                and w[0].isupper()
                and w.casefold() not in self.everyday_words
                and w.casefold() not in self._ambiguous_single
            )
        return not all(w.casefold() in COMMON for w in words)

    def title_spans(self, text: str, loose: bool = False) -> list[Span]:
        """Quoted strings, then known titles (capitalised unless `loose`), longest first."""
        found: list[Span] = []
        for m in re.finditer(
            r"\"([^\"]{1,200})\"|“([^”]{1,200})”|(?:^|(?<=[\s(]))'([^']{1,200})'"
            r"(?=[\s?.!,;:)]|$)",
            text,
        ):
            raw = next(g for g in m.groups() if g is not None).strip()
            if raw:
                found.append((m.start(), m.end(), self.lookup_title(raw) or raw))
        toks = [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]
        i = 0
        while i < len(toks):
            hit = None
            for n in range(min(self._max_title, len(toks) - i), 0, -1):
                gram = toks[i : i + n]
                key = " ".join(w.casefold() for w, _, _ in gram)
                title = self._scan_titles.get(key)
                if title is None and i and toks[i - 1][0].casefold() == "the":
                    title = self._scan_titles.get(f"the {key}")
                if title and self._title_ok(gram, loose):
                    hit = (gram[0][1], gram[-1][2], title)
                    break
            if hit and not any(s < hit[1] and hit[0] < e for s, e, _ in found):
                found.append(hit)
                i += n
            else:
                i += 1
        return sorted(found)

    def _title_ok(self, gram: list[tuple[str, int, int]], loose: bool) -> bool:
        words = [w for w, _, _ in gram]
        if not loose and not _capitalised(words[0]):
            return False
        if len(words) == 1:
            return len(words[0]) >= 3 and words[0].casefold() not in self.everyday_words
        return any(w.casefold() not in COMMON for w in words) or all(
            _capitalised(w) or loose for w in words if len(w) > 3
        )

    def find_people(self, text: str) -> list[str]:
        return unique(v for _, _, v in self.person_spans(text))

    def find_titles(self, text: str) -> list[str]:
        return unique(v for _, _, v in self.title_spans(text))
