"""The catalog's own words in a question: genre names, countries, nationality words, genre cue
words ("scary", "docs") and age ratings; built once per lexicon (the regexes are precompiled).
"""

from __future__ import annotations

import re

from agentic_rag.agent.rules import vocab
from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.tags import Tag, at, free

Cues = list[tuple[re.Pattern[str], list[str]]]  # a cue regex and the genres it means
_WORKS = r"(?:movies?|films?|shows?|series|titles?|cartoons?|documentar(?:y|ies))\b"


def _words(k: str, sep: str) -> str:
    return r"\b" + sep.join(map(re.escape, k.split())) + r"\b"


class CatalogWords:
    def __init__(self, lex: Lexicon):
        self.lex = lex
        national = re.compile(rf"^(?:{'|'.join(vocab.DEMONYMS)})\b")  # 'Korean TV Shows': a country
        multi = [
            k
            for k in lex.genre_keys
            if " " in k and not national.match(k) and k not in ("tv shows", "movies")
        ]
        self._genre_res = [
            (re.compile(_words(k, r"\W+")), lex.genre_keys[k])
            for k in sorted(multi, key=len, reverse=True)
        ]
        self._demonym_res = [
            (re.compile(rf"(?<![\w-])(?:{c})(?![\w-])(?![\s-]language)"), n)
            for c, n in vocab.DEMONYMS.items()
            if n in lex.countries
        ]
        keys = sorted(lex.country_keys, key=len, reverse=True)
        self._country_re = re.compile("|".join(_words(k, r"\s+") for k in keys) or r"(?!x)x")
        self._synonym_res = self._cues(vocab.GENRE_SYNONYMS)
        self._person_res = self._cues(vocab.PERSON_GENRES)
        self._ratings = sorted(lex.ratings, key=len, reverse=True)

    def tag(self, text: str, tags: list[Tag]) -> None:
        """Genres, nationality words, countries and genre cue words of `text`, added to `tags`."""
        low = text.casefold()
        lex = self.lex
        for pattern, value in self._genre_res:
            for m in pattern.finditer(low):
                if free(tags, *m.span()):
                    tags.append(at("genre", m, value=value))
        for pattern, country in self._demonym_res:
            for m in pattern.finditer(low):
                if free(tags, *m.span()):
                    tags.append(self._nationality(low, m, country))
        for m in self._country_re.finditer(low):
            k = " ".join(m.group().split())
            if k in vocab.AMBIGUOUS_COUNTRIES and not text[m.start()].isupper():
                continue
            if free(tags, *m.span()):
                tags.append(at("country", m, value=lex.country_keys[k]))
        for m in re.finditer(r"\b(?:US|USA|UK)\b", text):
            if free(tags, *m.span()):
                value = "United Kingdom" if m.group() == "UK" else "United States"
                tags.append(at("country", m, value=value))
        self._synonyms(self._synonym_res, low, tags)

    def person_works(self, text: str, tags: list[Tag]) -> None:
        """Genre cue words read only in a question that names a person: a person's "specials"
        are their stand-up specials ("jeff dunham specials", "how many specials does X have")."""
        if any(t.kind == "person" for t in tags):
            self._synonyms(self._person_res, text.casefold(), tags)

    def _cues(self, table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> Cues:
        synonyms = (
            (cue, [g for g in dict.fromkeys((*m, *t)) if g in self.lex.genres])
            for cue, (m, t) in table.items()
        )
        return [
            (re.compile(rf"(?<![\w-])(?:{cue})(?![\w-])"), names)
            for cue, names in synonyms
            if names
        ]

    @staticmethod
    def _synonyms(res: Cues, low: str, tags: list[Tag]) -> None:
        for pattern, names in res:
            for m in pattern.finditer(low):
                if free(tags, *m.span()):
                    tags.append(at("genre", m, value=names[0], alts=names[1:], label=m.group()))

    def _nationality(self, low: str, m: re.Match[str], country: str) -> Tag:
        """A nationality word: the country; a genre named '<word> TV Shows/Movies' is the other
        reading, taken first when the question calls it a genre or category."""
        nxt = re.match(
            r"[\s-]+(tv\s+shows?|movies|films?|shows|series|language\s+tv\s+shows)", low[m.end() :]
        )
        genre = None
        if nxt:
            word = m.group().split()[0]
            wanted = f"{word} tv shows" if "tv" in nxt.group(1) or "show" in nxt.group(1) else ""
            genre = self.lex.genre_keys.get(key(wanted)) if wanted else None
        genre_asked = re.search(r"\b(?:genre|category|listed\s+(?:in|as|under))\b", low)
        if genre and genre_asked:
            return at("genre", m, value=genre, note=f"read '{m.group()}' as the genre {genre}")
        return at(
            "country",
            m,
            value=country,
            alts=[genre] if genre else [],
            note=f"read '{m.group()}' as made in {country}"
            + (f" (the genre '{genre}' is another reading)" if genre else ""),
        )

    def ratings(self, text: str, tags: list[Tag]) -> None:
        """Age ratings of `text`, added to `tags` (short ones only where a rating is meant)."""
        for rating in self._ratings:
            esc = re.escape(rating)
            if "-" in rating:  # PG-13, TV-MA: safe anywhere, any case
                pattern, flags = rf"(?<![\w-]){esc}(?![\w-])", re.I
            elif len(rating) > 1:  # PG, NR: upper case, or any case as 'pg movies', 'rated pg'
                pattern = (
                    rf"(?<![\w-]){esc}(?![\w-])|(?i:(?<=\brated\s){esc}\b|(?<![\w-]){esc}"
                    rf"(?=[\s-]+(?:rated\b|{_WORKS})))"
                )
                flags = 0
            else:  # G, R: only as 'rated R' or 'R-rated'
                pattern, flags = rf"(?<=\b[Rr]ated\s){esc}\b|(?<![\w-]){esc}(?=-rated\b)", 0
            for m in re.finditer(pattern, text, flags):
                if free(tags, *m.span()):
                    tags.append(at("rating", m, value=rating))
