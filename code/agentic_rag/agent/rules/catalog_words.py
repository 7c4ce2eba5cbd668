"""The catalog's own words in a question: genre names, countries, nationality words, genre cue
words ("scary", "docs") and age ratings; built once per lexicon (the regexes are precompiled).
"""

from __future__ import annotations

import re
from functools import partial

from agentic_rag import fuzzy
from agentic_rag.agent.rules import languages, vocab
from agentic_rag.agent.rules.initials import initials
from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.mend import name_tokens
from agentic_rag.agent.rules.nationalities import nationality_words
from agentic_rag.agent.rules.rating_codes import rating_pattern
from agentic_rag.agent.rules.tags import Tag, at, free, widen_beside
from agentic_rag.agent.rules.words import WORDS

Cues = list[tuple[re.Pattern[str], list[str]]]  # a cue regex and the genres it means
_LISTED = re.compile(  # between two, or set against each other ("egypt vs turkey")
    r"\s*(?:,|/|&|\bor\b|\band\b|\bnor\b|\bvs\b\.?|\bversus\b|\bagainst\b|"
    r"\bcompared\s+(?:to|with)\b)\s*(?:from\s+)?"
)
_FROM = re.compile(r"\b(?:from|made\s+in|filmed\s+in|produced\s+in)\s+(?:the\s+)?$")
#: the question calls a nationality's '<word> TV Shows' a genre: by the word, by where the
#: catalog files it ("listed under", "filed as", "tagged"), or by its label ("labelled")
_GENRE_ASKED = re.compile(
    r"\b(?:genre|category|(?:listed|filed|classed|classified|categori[sz]ed)\s+(?:in|as|under)|"
    r"tagged|tags?\s+of|label(?:l?ed)?)\b"
)
MIN_TYPO = 5  # shorter words are too often other words ("iran", "iraq")
#: the type nouns a typo is measured against (shorter ones, "show", "film", are too close to
#: other words to guess)
_ORIGIN = f"(?:{'|'.join(WORDS.origin_verbs)})"  # "british-made": the nationality
_TYPE_WORDS = {"movie": "Movie", "movies": "Movie", "films": "Movie", "series": "TV Show"}


def _words(k: str, sep: str) -> str:
    return r"\b" + sep.join(map(re.escape, k.split())) + r"\b"


def _key(said: str, lex: Lexicon) -> str:
    """The country key a match of a country's name says ("polands": poland's)."""
    k = " ".join(said.split())
    return k if k in lex.country_keys else k[:-1]


def _typo(word: str, spelled: str) -> bool:
    """A typo, not another form of the word: "germans" is the people, not a misspelt German."""
    return fuzzy.typo(word, spelled) and not (word.startswith(spelled) or spelled.startswith(word))


def _of(word: str, t: Tag, kinds: set[str]) -> bool:
    """Whether `word` misspells a word of the value of tag `t`, of one of `kinds`."""
    said = (x for v in (t.value, *t.alts) for x in key(v).split())
    return t.kind in kinds and any(len(x) >= MIN_TYPO and _typo(word, x) for x in said)


class CatalogWords:
    def __init__(self, lex: Lexicon):
        self.lex = lex
        self.demonyms = nationality_words(vocab.DEMONYMS, lex.countries)
        self.languages = languages.spoken(lex)  # "hindi films": made in India
        # 'Korean TV Shows': a country
        national = re.compile(rf"^(?:{'|'.join(self.demonyms)})(?![\w-])")
        multi = [
            k
            for k in lex.genre_keys
            # (not "Spanish-Language TV Shows": a nationality word never ends before "-language")
            if " " in k
            and not national.match(lex.genre_keys[k].casefold())
            and k not in ("tv shows", "movies")
        ]
        self._genre_res = [
            (re.compile(_words(k, r"\W+")), lex.genre_keys[k])
            for k in sorted(multi, key=len, reverse=True)
        ]
        self._demonym_res = [
            (re.compile(rf"(?<![\w-])(?:{c})(?!\w|-(?!{_ORIGIN}\b))(?![\s-]language)"), n)
            for c, n in self.demonyms.items()
        ]
        keys = sorted(lex.country_keys, key=len, reverse=True)
        # a possessive with no apostrophe before a word: "polands longest film"
        self._country_re = re.compile(
            "|".join(_words(k, r"\s+")[:-2] + r"(?:s(?=\s+\w))?\b" for k in keys) or r"(?!x)x"
        )
        self._synonym_cues = self._cue_names(vocab.GENRE_SYNONYMS)
        self._synonym_res = self._cues(self._synonym_cues)
        self._person_res = self._cues(self._cue_names(vocab.PERSON_GENRES))
        self._ratings = sorted(lex.ratings, key=len, reverse=True)
        self._spelled = self._spellings()

    def _spellings(self) -> dict[str, set[tuple[str, str, tuple[str, ...]]]]:
        """Every plain spelling of a country, nationality word or genre word -> what it means
        (kind, catalog value, other values): the words a typo is measured against."""
        out: dict[str, set[tuple[str, str, tuple[str, ...]]]] = {}

        def plain(cue: str) -> list[str]:  # "dramas?": drama, dramas; no other regex
            cue = cue.replace("(?:", "(")
            if re.fullmatch(r"[a-z]+s\?", cue):
                return [cue[:-2], cue[:-1]]
            if m := re.fullmatch(r"([a-z]+)\(([a-z|]+)\)", cue):  # "documentar(y|ies)"
                return [m.group(1) + end for end in m.group(2).split("|")]
            return [cue] if re.fullmatch(r"[a-z]+(?: [a-z]+)*", cue) else []

        for k, country in self.lex.country_keys.items():
            out.setdefault(k, set()).add(("country", country, ()))
        for cue, country in self.demonyms.items():
            for w in (w for alt in vocab.alternatives(cue) for w in plain(alt)):
                out.setdefault(w, set()).add(("country", country, ()))
        for k, genre in self.lex.genre_keys.items():
            if " " not in k and k != "movies":  # the genre "Movies" is the type
                out.setdefault(k, set()).add(("genre", genre, ()))
        for cue, names in self._synonym_cues:
            for w in (w for alt in vocab.alternatives(cue) for w in plain(alt)):
                out.setdefault(w, set()).add(("genre", names[0], tuple(names[1:])))
        for word, value in _TYPE_WORDS.items():  # "moveis", "seires": the type
            out.setdefault(word, set()).add(("type", value, ()))
        return out

    def knows(self, word: str) -> bool:
        """Whether `word` (folded) is a word this reads: a genre cue ("kdramas"), a
        nationality, a language, a country or a genre's name, or a misspelling `typos` reads
        as one ("documentries")."""
        cues = (*self._synonym_res, *self._person_res, *self._demonym_res)
        misspelt = {(k, v) for k, v, _ in self._misspelt([word])}
        return (
            word in self._spelled
            or word in self.languages
            or any(p.fullmatch(word) for p, _ in cues)
            or len(misspelt) == 1  # read as a catalog value by `typos`, with its score
        )

    def in_place(self, words: list[str], i: int, n: int) -> bool:
        """Whether words[i:i+n], alone or with a word or two around them, name a country or a
        genre ("south africa": the country, not the title Africa)."""
        keys = self.lex.country_keys.keys() | self.lex.genre_keys.keys()
        return any(
            key(" ".join(words[a:b])) in keys
            for a in range(max(0, i - 2), i + 1)
            for b in range(i + n, min(len(words), i + n + 2) + 1)
        )

    def typos(self, text: str, tags: list[Tag]) -> None:
        """A misspelt country, nationality, genre word or type noun ("germna", "south kroea",
        "documentries", "moveis"):
        one or two untagged words, each a typo (`fuzzy.typo`) of the same catalog word and no
        everyday English word, read as that value with a note and a score under 1 (the
        confidence sees the guess); a word near two meanings is left alone."""
        toks = [m for m in vocab.WORD.finditer(text) if free(tags, *m.span())]
        for n in (2, 1):
            for i in range(len(toks) - n + 1):
                gram = toks[i : i + n]
                if not free(tags, gram[0].start(), gram[-1].end()) or (
                    n == 2 and text[gram[0].end() : gram[1].start()].strip()
                ):
                    continue
                words = [g.group().casefold() for g in gram]
                hits = self._misspelt(words)
                kinds = {k for k, _, _ in hits} or {"genre"}  # "faith and spirtuality"
                fits = partial(_of, words[0], kinds=kinds)  # of the value of the tag beside it
                at_tag = n == 1 and self._odd(words[0])
                if at_tag and widen_beside(text, *gram[0].span(), tags, fits):
                    continue  # "stand up comdey": the Stand-Up Comedy of "stand up" takes it
                if len({(k, v) for k, v, _ in hits}) != 1:
                    continue
                kind, value, alts = max(hits, key=lambda h: (len(h[2]), h[2]))  # as the word
                raw = text[gram[0].start() : gram[-1].end()]
                tags.append(
                    Tag(
                        kind=kind,  # type: ignore[arg-type]
                        start=gram[0].start(),
                        end=gram[-1].end(),
                        text=raw,
                        value=value,
                        alts=list(alts),
                        score=0.8,
                        note=f"read '{raw}' as {value}",
                    )
                )

    def _odd(self, word: str) -> bool:
        """A word no everyday English and long enough to be read as a typo."""
        lex = self.lex
        return len(word) >= MIN_TYPO and word.isalpha() and word not in lex.everyday_words

    def _misspelt(self, words: list[str]) -> set[tuple[str, str, tuple[str, ...]]]:
        """What the catalog words `words` misspell (kind, value, other values): each word no
        everyday English, a typo of the same catalog word; empty when none is."""
        lex, n = self.lex, len(words)
        odd = [w for w in words if w not in lex.everyday_words and w not in vocab.COMMON]
        if any(w in name_tokens(lex).tokens for w in odd):
            return set()  # a word of catalog names ("christmas"), not a misspelt "christian"
        if not odd or any(
            len(w) < MIN_TYPO or not w.isalpha() or w[:-1] in self._spelled for w in odd
        ):  # "germans": the plural of a word it knows, not a typo
            return set()
        return {
            meaning
            for spelled, meanings in self._spelled.items()
            if len(spelled.split()) == n
            and all(
                w == x or (w in odd and len(x) >= MIN_TYPO and _typo(w, x))
                for w, x in zip(words, spelled.split(), strict=True)
            )
            and spelled.split() != words
            for meaning in meanings
        }

    def tag(self, text: str, tags: list[Tag]) -> None:
        """Genres, nationality words, countries and genre cue words of `text`, added to `tags`."""
        low = text.casefold()
        lex = self.lex
        for pattern, value in self._genre_res:
            for m in pattern.finditer(low):
                if free(tags, *m.span()):
                    tags.append(at("genre", m, value=value))
        doubtful = []  # "turkey", "chile" in lower case: a country only where one goes
        for m in self._country_re.finditer(low):  # a country's whole name before a word of it
            k = _key(m.group(), lex)  # that is a nationality ("saudi" of saudi arabia)
            if k in vocab.AMBIGUOUS_COUNTRIES and not text[m.start()].isupper():
                doubtful.append(m)
            elif free(tags, *m.span()):
                tags.append(at("country", m, value=lex.country_keys[k]))
        for pattern, country in self._demonym_res:
            for m in pattern.finditer(low):
                if free(tags, *m.span()):
                    tags.append(self._nationality(low, m, country))
        languages.tag(low, tags, self.languages)
        for m in doubtful:  # "from chile", "argentina or chile", "chile and peru", "cuba vs chile"
            spans = [(t.start, t.end) for t in tags if t.kind == "country"]
            spans += [o.span() for o in doubtful if o is not m]
            gaps = [low[e : m.start()] for _, e in spans] + [low[m.end() : b] for b, _ in spans]
            beside = any(_LISTED.fullmatch(g) for g in gaps)
            if free(tags, *m.span()) and (beside or _FROM.search(low[: m.start()])):
                tags.append(at("country", m, value=lex.country_keys[_key(m.group(), lex)]))
        initials(text, tags)
        self._synonyms(self._synonym_res, low, tags)
        self.typos(text, tags)

    def person_works(self, text: str, tags: list[Tag]) -> None:
        """Genre cue words read only in a question that names a person: a person's "specials"
        are their stand-up specials ("jeff dunham specials", "how many specials does X have")."""
        if any(t.kind == "person" for t in tags):
            self._synonyms(self._person_res, text.casefold(), tags)

    def _cue_names(
        self, table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    ) -> list[tuple[str, list[str]]]:
        """Each cue of a synonym table with the catalog genres it means (cues meaning none
        of them left out)."""
        synonyms = (
            (cue, [g for g in dict.fromkeys((*m, *t)) if g in self.lex.genres])
            for cue, (m, t) in table.items()
        )
        return [(cue, names) for cue, names in synonyms if names]

    @staticmethod
    def _cues(cue_names: list[tuple[str, list[str]]]) -> Cues:
        return [(re.compile(rf"(?<![\w-])(?:{cue})(?![\w-])"), names) for cue, names in cue_names]

    @staticmethod
    def _synonyms(res: Cues, low: str, tags: list[Tag]) -> None:
        # the longest cue first where cues overlap ("comedy special": stand-up, not comedies)
        cued = [(m, names) for pattern, names in res for m in pattern.finditer(low)]
        for m, names in sorted(cued, key=lambda c: (c[0].start() - c[0].end(), c[0].start())):
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
        genre_asked = _GENRE_ASKED.search(low)
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
            for m in re.finditer(rating_pattern(rating, self._ratings), text):
                if free(tags, *m.span()):
                    tags.append(at("rating", m, value=rating))
