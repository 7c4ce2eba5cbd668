"""Entity tagging from the catalog: people, titles, genres, countries, ratings, types, dates.

Every comparison with catalog text goes through folded keys (`lexicon.key`). Quotes, capitals
and role words decide what a name is, the catalog judging: a quoted person that is no title is
a person. Nationality words that also start a genre ("Korean TV Shows") read as the country,
the genre kept as the other reading.
"""

from __future__ import annotations

import re
from functools import partial
from itertools import pairwise

from agentic_rag.agent.rules import absent, title_parts, title_refs
from agentic_rag.agent.rules.catalog_words import CatalogWords
from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.missing import missing_fields
from agentic_rag.agent.rules.name_shapes import person_ok, title_ok
from agentic_rag.agent.rules.named_one import named_one_tags
from agentic_rag.agent.rules.negation import negate
from agentic_rag.agent.rules.numbers import number_tags, yields
from agentic_rag.agent.rules.own_name import own_names
from agentic_rag.agent.rules.phrases import phrase_tags
from agentic_rag.agent.rules.same_year import same_year_tags
from agentic_rag.agent.rules.sequel_titles import sequel_tags
from agentic_rag.agent.rules.tags import Tag, at, free, fuzzy_tag
from agentic_rag.agent.rules.titled import titled_tags
from agentic_rag.agent.rules.vocab import COMMON, LOOSE_VERB, WORD, role_at, shows_verb

MAX_TEXT = 2_000
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_QUOTE = re.compile(
    r"\"([^\"]{1,200})\"|“([^”]{1,200})”|‘([^’]{1,200})’|"
    r"(?:^|(?<=[\s(]))'([^']{1,200})'(?=[\s?.!,;:)]|$)"
)
_KEYWORD_CTX = re.compile(
    r"(?:mention\w*|words?|keywords?|contain\w*|says?|terms?)(?:\s*['\"“‘][^'\"”’]{1,40}"
    r"['\"”’]\s*(?:,|or|and)?)*\s*['\"“‘]?$",
    re.I,
)
_TYPE = re.compile(
    r"\b(?:(movies?|films?|flicks?|feature\s+films?|features|motion\s+pictures?|documentary\s+films?|"
    # a singular "feature" as a noun, a word before it and no one it features after it ("the
    # newest anime feature what year", "longest documentary feature?"; not "does it feature X")
    r"(?<=\w\s)feature(?=\s*(?:$|[?.,!])|\s+(?:what|which|and|from|released|is|was|of|on)\b))|"
    r"(tv\s+shows?|tv\s+series|(?<!movie\s)(?<!movies\s)(?<!film\s)(?<!films\s)series|shows|"
    r"sitcoms?|docuseries|miniseries|tv\s+programs?|"
    # "tv" after a word, as a noun of shows ("horror tv how many", "korean tv"; not "tv-ma",
    # "tv movies", "on tv")
    r"(?<=\w\s)(?<!\bon\s)(?<!\bmade\s)tv(?![\s-]+(?:shows?|series|programs?|movies?|films?|ma|pg|y7?|g|14)\b)(?![-/])|"
    r"(?:a|the|this|that|which|what|each|every)\s+show|"
    # a singular "show" after a word, not the verb ("spanish show", not "can you show me")
    r"(?<=\w\s)show(?!\s+(?:us|them|all|every|some|the|a|an|my|what|how|which|who|titles|"
    r"movies|films|shows|results|more|only|just|any)\b)(?=\s+\w|\W*$|\s*[,;:–—]|\s-\s)))\b"
    r"(?!\s+(?:me|up|off)\b)",  # "taiwanese romcom show, a woman …": the kind said first
    re.I,
)


def clean(text: str) -> str:
    return " ".join(CONTROL.sub(" ", (text or "")[: MAX_TEXT * 2]).split())[:MAX_TEXT]


#: a title's people named by their role, right before a name: "the director of X", "the cast
#: of X" (X is a title even when a person has the same name: "the director of roma")
_OF_TITLE = re.compile(
    r"\b(?:director|directors|star|stars|lead|leads|creator|creators|cast|actors?|actress)\s+"
    r"of\s+(?:the\s+(?:movie|film|show|series)\s+)?$",
    re.I,
)


class Tagger:
    """Finds catalog entities in questions; build once per lexicon (indexes are precomputed)."""

    def __init__(self, lex: Lexicon):
        self.lex = lex
        self.catalog_words = CatalogWords(lex)

    def tag(self, text: str, after: str = "") -> list[Tag]:
        lex = self.lex
        tags = titled_tags(text, lex) + named_one_tags(
            text, lex
        )  # "… in the title", "X (the P one)"
        tags += [
            t
            for t in number_tags(text, lex.latest_added, lex.latest_release, after)
            if free(tags, t.start, t.end)
        ]
        self._quoted(text, tags)
        missing_fields(text, tags)
        same_year_tags(text, tags)  # "added the same year they came out"
        self.catalog_words.ratings(text, tags)
        soft = [t for t in tags if yields(t)]  # "The Two Popes", "August: Osage County"
        tags = [t for t in tags if t not in soft]
        self._names(text, tags)
        tags += [t for t in soft if free(tags, t.start, t.end)]
        self.catalog_words.tag(text, tags)
        for m in _TYPE.finditer(text):
            verb = m.group().casefold() == "shows" and shows_verb(
                text[: m.start()], text[m.end() :]
            )
            if free(tags, *m.span()) and not verb:
                tags.append(at("type", m, value="Movie" if m.group(1) else "TV Show"))
        found = phrase_tags(text, tags, self.lex)  # may replace a title: "Star Trek series"
        tags = [t for t in tags if not any(p.start <= t.start and t.end <= p.end for p in found)]
        tags += found
        self._cued(text, tags)
        self.catalog_words.person_works(text, tags)
        tags = own_names(tags)  # "… have his name in the title": the person's name
        tags = title_parts.tag(text, tags, lex)  # "in the spy who shagged me and in goldmember"
        tags = sequel_tags(text, tags, lex)  # "the lobster 2", "men in black international"
        tags = [_credited(text, t, lex) for t in title_refs.unclaimed(text, tags)]
        return sorted(negate(text, tags), key=lambda t: t.start)

    # -- quoted strings: the catalog decides whether a person or a title ----------------------
    def _quoted(self, text: str, tags: list[Tag]) -> None:
        for m in _QUOTE.finditer(text):
            raw = next(g for g in m.groups() if g is not None).strip()
            if not raw or _KEYWORD_CTX.search(text[: m.start()]) or not free(tags, *m.span()):
                continue
            person, title = self.lex.person(raw), self.lex.title(raw)
            role = role_at(text, m.start(), m.end())
            if person and (not title or role):
                note = f"'{raw}' is a person in the catalog, not a title" if not title else ""
                tags.append(
                    Tag(
                        kind="person",
                        start=m.start(),
                        end=m.end(),
                        text=raw,
                        value=person,
                        role=role,
                        note=note,
                    )
                )
            elif title:
                tags.append(Tag(kind="title", start=m.start(), end=m.end(), text=raw, value=title))
            elif role and (hit := self.lex.fuzzy_person(raw)):
                tags.append(fuzzy_tag("person", m.span(), raw, hit, role))
            elif hit := self.lex.fuzzy_title(raw):
                tags.append(fuzzy_tag("title", m.span(), raw, hit, None))
            else:
                tags.append(absent.absent_title(raw, m.span(), self.lex))

    # -- people and titles by n-grams of words ------------------------------------------------
    def _names(self, text: str, tags: list[Tag]) -> None:
        lex = self.lex
        toks = [m for m in WORD.finditer(text) if free(tags, *m.span())]
        i = 0
        while i < len(toks):
            best: Tag | None = None
            for n in range(min(lex.max_title_words, len(toks) - i), 0, -1):
                gram = toks[i : i + n]
                if any(b.start() - a.end() > 3 for a, b in pairwise(gram)):  # not contiguous
                    continue
                start, end, words = gram[0].start(), gram[-1].end(), [g.group() for g in gram]
                k = key(text[start:end])
                bare = [*words[:-1], absent.POSSESSIVE.sub("", words[-1])]  # "Pierce Brosnan's"
                person = (
                    lex.person_key(k) or lex.person_key(key(" ".join(bare)))
                    if n <= 5 and person_ok(bare, lex)
                    else None
                )
                title = (
                    (text[start:end] if text[start:end] in lex.shows else lex.title_keys.get(k))
                    if title_ok(text, start, words, lex)
                    else None
                )
                if title and self.catalog_words.in_place([t.group() for t in toks], i, n):
                    title = None  # a country or genre ("south africa"), not the title Africa
                role = role_at(text, start, end)
                if title and _OF_TITLE.search(text[:start]):  # "the director of roma": a title
                    person = None
                if person and (not title or role or 1 < n <= 3):
                    end -= 0 if lex.person_key(k) else len(words[-1]) - len(bare[-1])
                    best = Tag(
                        kind="person",
                        start=start,
                        end=end,
                        text=text[start:end],
                        value=person,
                        role=role,
                    )
                elif title:
                    best = Tag(
                        kind="title", start=start, end=end, text=text[start:end], value=title
                    )
                elif (
                    n in (2, 3)
                    and role
                    and all(w[:1].isupper() for w in words)
                    and (hit := lex.fuzzy_person(text[start:end]))
                ):
                    best = fuzzy_tag("person", (start, end), text[start:end], hit, role)
                if best:
                    tags.append(best)
                    i += n
                    break
            else:
                i += 1
        self._fuzzy_runs(text, tags)

    def _fuzzy_runs(self, text: str, tags: list[Tag]) -> None:
        """Runs of 2-5 capitalised untagged words that are no exact name: a misspelt title or
        person (rapidfuzz, high cut-off); role words say which to try first."""
        toks = [m for m in WORD.finditer(text) if free(tags, *m.span())]
        runs: list[list[re.Match[str]]] = []
        for m in toks:
            cap = m.group()[:1].isupper() and m.start() > 0 and m.group().casefold() not in COMMON
            if cap and runs and runs[-1] and text[runs[-1][-1].end() : m.start()].strip() == "":
                runs[-1].append(m)
            elif cap:
                runs.append([m])
        for run in runs:
            if not 2 <= len(run) <= 5:
                continue
            start, end = run[0].start(), run[-1].end()
            raw, role = text[start:end], role_at(text, start, end)
            order = ("person", "title") if role else ("title", "person")
            for kind in order:
                hit = self.lex.fuzzy_person(raw) if kind == "person" else self.lex.fuzzy_title(raw)
                if hit:
                    who = role if kind == "person" else None
                    tags.append(fuzzy_tag(kind, (start, end), raw, hit, who))
                    break

    def _cued(self, text: str, tags: list[Tag]) -> None:
        """Words a role or works cue marks as a person ("directed by pedro almodovar", "X's films")
        no pass above tagged: a name (exact, fuzzy, a known surname; `surname_score`), else an
        absent person. A weak cue (a works noun after the word, or one lower-case word after a
        cue but "directed by") tags a catalog name, never an absent one unless `unheard`."""
        lex = self.lex
        for start, end, role, weak in absent.cued_names(text, tags, lex):
            raw = text[start:end]
            one = " " not in raw.strip()
            weak = weak or (one and raw.islower() and not absent.STRONG_CUE.search(text[:start]))
            if one and raw.islower() and lex.person(raw) and not lex.rare_name(raw):
                continue  # "edward": a one-word credit, but many people's name too
            person = partial(Tag, kind="person", start=start, end=end, text=raw, role=role)
            if found := lex.person(raw):
                tags.append(person(value=found))
            elif hit := lex.fuzzy_person(raw):
                tags.append(fuzzy_tag("person", (start, end), raw, hit, role))
            elif who := lex.known_surname(raw):  # "Tarantino's films", "de niro movies"
                also = ", ".join(lex.by_surname(raw)[1:3])
                note = f"read '{raw}' as {who}" + (f" (also: {also})" if also else "")
                score = lex.surname_score(raw, lex.counts.get(who, 0), bool(also))
                tags.append(person(value=who, score=score, note=note))
            elif (not weak or absent.unheard(raw, lex)) and not lex.by_surname(raw):  # several
                work = role is None and absent.work_named(text, start, end)  # "the purge films"
                gap = absent.absent_title if work else partial(absent.absent_person, role=role)
                tags.append(gap(raw, (start, end), lex))


#: a loose verb that gives a name a role ("what has X made", "movies X did with Y") and the
#: words that name a role outright ("directed by X", "starring X"), which stay as said
_OUTRIGHT = re.compile(r"\b(?:direct\w*|helm\w*|star\w*|act\w*|cast\w*|featur\w*|appear\w*)", re.I)


def _credited(text: str, tag: Tag, lex: Lexicon) -> Tag:
    """A person a loose verb gives a role they hold no credit in ("how many movies has joross
    gamboa made with …": an actor, never a director): any of their roles, said so."""
    held = lex.roles.get(tag.value) if tag.kind == "person" and tag.role else None
    near = text[max(0, tag.start - 30) : tag.end + 20]
    if not held or tag.role in held or not LOOSE_VERB.search(near) or _OUTRIGHT.search(near):
        return tag
    note = f"read {tag.value} in any role (no {tag.role} credit in the catalog)"
    return tag.model_copy(update={"role": None, "note": "; ".join(filter(None, (tag.note, note)))})
