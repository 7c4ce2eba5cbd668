"""Phrases that are part of several titles: "Barbie movies", "power rangers seasons", "star trek
shows", "kung fu panda stuff". Up to PHRASE_WORDS words in a row that are part of at least two
catalog titles, inside longer titles too ("DreamWorks Kung Fu Panda Awesome Secrets", "Star
Trek: Deep Space Nine"), mean every title with those words in a row (`TitleSet.title_has`).

Evidence that the words name something: typed capitalised, or in lower case right before a works
noun ("movies", "stuff") when the catalog reads them as a name (`Lexicon.proper`: "star trek"
is capitalised in the descriptions, "high school" is not), or, anywhere and even for one
everyday word, when the titles holding them are a series: most of them open with the words
("underworld films", "my little pony: how many movies vs shows"; not "love", "home", "new york",
which many titles hold in the middle). A phrase that is also one title's
whole name is that title ("Kung Fu Panda", read by the tagger's name pass) unless a works noun
for many titles follows it ("Kung Fu Panda movies", "Star Trek series"); the parts of one title
("Narcos seasons") keep the title.
"""

from __future__ import annotations

import re
from itertools import pairwise

from agentic_rag.agent.rules import absent
from agentic_rag.agent.rules.languages import is_language
from agentic_rag.agent.rules.lexicon import Lexicon
from agentic_rag.agent.rules.misspelt import person_typo
from agentic_rag.agent.rules.series_names import (
    franchise_tag,
    holds_tagged,
    joined,
    scattered,
    series,
    type_of_name,
)
from agentic_rag.agent.rules.spellings import and_key
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.agent.rules.words import WORDS

SMALL_WORDS = WORDS.small_words  # words a typed name keeps in lower case ("Lord of the Rings")

PHRASE_WORDS = 5  # the longest run of words read as a phrase of many titles
GROWN_WORDS = 8  # the longest a phrase grows over the words after it (`_grown`)
_WORKS_NEXT = re.compile(
    r"\s+(?:(movies|films|shows|series|titles|stuff|things|content|specials|franchise|anything|"
    r"cartoons|installments|sequels)|seasons|episodes)\b",
    re.I,
)


#: titles counted after the name: "spy kids - how many movies", "godzilla anything, how many",
#: "naruto count - shows vs movies", "barbie: number of films",
#: "nailed it: how many versions", "spirit riding free, films vs series, how many each" (a
#: count of one exact title is 1: "how many" of a name asks for every title holding it); not
#: a title's own parts ("narcos, how many seasons")
_COUNTED = re.compile(
    r"\b(?:how\s+many|count|number\s+of|total)\b(?:\s+(movies|films|shows|series|titles)\b|\s+(?:versions|entries|"
    r"installments|sequels|ones|of\s+(?:them|those|these))\b|(?=\s*(?:[?.!,;:–—-]|$|each\b|are\s+there\b|"
    r"exist\b|is\s+there\b|there\s+are\b|do\s+(?:you|u|they)\b|in\s+total\b|total\b|"
    r"altogether\b)))",
    re.I,
)
#: every title of the name asked for right after it: "dragons rescue riders, which ones r on
#: here", "violet evergarden - all of it", "X: the whole lot", "pocoyo list" (a title of the
#: name alone and its sequels "X: Y" are all meant; not "X, which one is older", one of several
#: named)
_ALL_NEXT = re.compile(
    r"\s*[,:;–—-]*\s*(?:which\s+ones|all\s+of\s+(?:it|them|em)|(?:the\s+)?whole\s+(?:thing|lot|"
    r"series|franchise|saga)|everything|all(?=\W*$)|list(?:\s+(?:them|em|it|all))?(?=\W*$))\b",
    re.I,
)
_FIRST = re.compile(r"^\W*(?:(?:all|every|any)\s+)?(?:the\s+)?$", re.I)  # a name said first
#: "how many godzilla are there", "how many of the nailed it are there": counted before the name
_COUNTED_BEFORE = re.compile(r"\bhow\s+many\s+(?:of\s+(?:the\s+)?)?$", re.I)
_TYPE_NEXT = re.compile(r"\s+(movie|film|show|series)\b", re.I)
#: "every rocky movie", "each scream film": one works noun after the name, every title meant
_EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+(?:single\s+)?(?:one\s+of\s+the\s+)?$", re.I)


_EMPTY = SMALL_WORDS | {"it", "them", "this", "that", "any", "some", "something", "anything"}


def phrase_tags(text: str, tags: list[Tag], lex: Lexicon) -> list[Tag]:
    """Every phrase of several titles in `text`, longest first; it may replace a title tag
    over the same words (returned tags say which: the caller drops tags they cover)."""
    toks = list(WORD.finditer(text))
    out: list[Tag] = []
    i = 0
    while i < len(toks):
        for n in range(min(PHRASE_WORDS, len(toks) - i), 0, -1):
            if tag := _phrase(text, toks[i : i + n], tags, lex):
                tag, n = _grown(text, toks, i, n, tag, lex)
                out.append(tag)
                i += n
                break
        else:
            i += 1
    return out


def _phrase(text: str, gram: list[re.Match[str]], tags: list[Tag], lex: Lexicon) -> Tag | None:
    start, end = gram[0].start(), gram[-1].end()
    if any(text[a.end() : b.start()] not in (" ", "-", " & ") for a, b in pairwise(gram)):
        return None
    over = [t for t in tags if t.start < end and start < t.end]
    if over and type_of_name(text, gram, over[-1], lex):
        over = over[:-1]  # "the great british baking show": the titles' word, not the type
    title = over[0] if len(over) == 1 and over[0].kind == "title" else None
    raw = lex.spelled(text[start:end])  # "spiderman movies": the titles' "spider man"
    works = _WORKS_NEXT.match(text, end)
    many_next = bool(works and works.group(1))  # "scary movie films": a name before the noun
    held = bool(over) and holds_tagged(over, (start, end), len(gram), raw, lex, many_next)
    if over and not held and not (title and (title.start, title.end) == (start, end)):
        return None  # words another entity owns (a genre, a person, part of a title)
    if any(_name_next(text, m, tags, lex) for m in _neighbours(text, start, end)):
        return None  # part of a longer name: "Harry" of "Harry Potter movies"
    words = [re.split(r"['’]", g.group().casefold())[0] for g in gram]  # "what's": "what"
    if all(w in COMMON for w in words):
        return None
    if len(words) == 1 and is_language(words[0], lex):
        return None  # "tamil films": a language, not the titles of a "(Tamil)" version
    #: a works noun for many titles follows, or is counted after ("spy kids - how many movies")
    counted = (m := _COUNTED.search(text, end)) and (m.group(1) or _FIRST.match(text[:start]))
    #: a bare "how many" counts only a name said first or right after it ("how many godzilla")
    before = _COUNTED_BEFORE.search(text[:start]) is not None
    every = _EVERY_BEFORE.search(text[:start]) and _TYPE_NEXT.match(text, end)  # "every X movie"
    told = bool((works and works.group(1)) or every or joined(text, end, lex))  # "X movies"
    whole = bool(_ALL_NEXT.match(text, end))  # "violet evergarden - all of it"
    many = told or bool(counted and not works) or whole
    everyday = len(raw) < 3 or words[0] in lex.everyday_words
    if len(words) == 1 and everyday and not (len(raw) >= 3 and many and series(raw, lex)):
        return None  # "love movies"; but "underworld films": the titles open with it
    n = lex.in_titles(raw)
    if n < 2:  # one title or none: a franchise the catalog lacks ("Harry Potter movies")
        opens = not text[:start].strip() or text[:start].rstrip()[-1] in ".?!;"
        return _lacking(raw, (start, end), words, lex, opens) if many and not title else None
    many = many or (before and not works)
    lower, capital = lex.cased(raw)
    series_of = told and words[0] not in _EMPTY and series(raw, lex)
    named = capital > lower or held or series_of
    if (words[0] in COMMON or words[-1] in COMMON) and not named:
        return None  # "the barbie", "any lego": the phrase starts at the name; but "bad boys
        #: movies": the name of a series of films before a works noun for many titles
    typed = all(g.group()[:1].isupper() for g in gram if len(g.group()) > 3 or len(gram) == 1)
    #: a word of no English counted bare or asked whole ("storybots how many", "storybots, which
    #: ones");
    #: not one before a works noun, maybe the last word of a title ("big mouth shows")
    coined = (counted or before or whole) and len(words) == 1 and absent.unheard(words[0], lex)
    if not typed and not (works and lex.proper(raw)) and not series(raw, lex) and not coined:
        return None  # lower-case words only right before "movies", "shows" ..., or a series
    exact = title.value if title else lex.title(raw)
    if exact and not many and not _other_type(text, end, exact, lex):
        if held:  # "spy kids cast": the title, its genre word no genre
            return Tag(kind="title", start=start, end=end, text=text[start:end], value=exact)
        return None  # one title named exactly; "Narcos seasons": that title's seasons
    tag = _tag(text, start, end, raw, lex)
    if tag.score < 1.0 and not (works or whole) and scattered(raw, lex):
        return None  # "my late grandma who …": words in passing, named by nothing after them
    return tag


def _grown(
    text: str, toks: list[re.Match[str]], i: int, n: int, tag: Tag, lex: Lexicon
) -> tuple[Tag, int]:
    """The phrase grown over the words after it while the very same titles hold them, up to
    GROWN_WORDS words ("cloudy with a chance" + "of meatballs": the two Cloudy with a Chance of
    Meatballs films hold both), ending on no common word; with how many words it spans."""
    if tag.kind != "phrase" or tag.alts:
        return tag, n
    held, best = set(lex.titles_with(tag.value)), n
    for m in range(n + 1, min(len(toks) - i, GROWN_WORDS) + 1):
        a, b = toks[i + m - 2], toks[i + m - 1]
        raw = lex.spelled(text[toks[i].start() : b.end()])
        if text[a.end() : b.start()] not in (" ", "-", " & ") or set(lex.titles_with(raw)) != held:
            break
        best = m if b.group().casefold() not in COMMON else best
    if best == n:
        return tag, n
    start, end = toks[i].start(), toks[i + best - 1].end()
    return _tag(text, start, end, lex.spelled(text[start:end]), lex), best


def _tag(text: str, start: int, end: int, raw: str, lex: Lexicon) -> Tag:
    return franchise_tag(raw, (start, end), text[start:end], lex)


#: what sets two names against each other: never a name's first or last word
_AGAINST = frozenset({"vs", "versus", "v"})


def _lacking(
    raw: str, span: tuple[int, int], words: list[str], lex: Lexicon, opens: bool
) -> Tag | None:
    """A whole name before "movies" that at most one title holds: that title's phrase, or a
    title the catalog lacks. The name needs evidence: typed capitalised (not as the first
    word of the question), the descriptions capitalise it, or several words that are no
    everyday English; never a common word at either end, never an exact title."""
    names = [w for w in words if w not in SMALL_WORDS]
    if absent.POSSESSIVE.search(raw):
        return None  # "Ingmar Bergman's films": their owner, a person (`absent.cued_names`)
    if words[0] in COMMON or words[-1] in COMMON or any(w in COMMON for w in names):
        return None  # "got any Barbie": not one name
    if {words[0], words[-1]} & _AGAINST:
        return None  # "netflix vs hulu: how many movies": two things set against each other
    if lex.title(raw) or lex.person_ending(raw) or person_typo(raw, lex):
        return None  # "de niro movies", "rohit shety movies": a person, for the person pass
    lower, capital = lex.cased(raw)
    typed = all(w[:1].isupper() for w in raw.split() if w.casefold() not in SMALL_WORDS)
    typed = typed and not (opens and len(words) == 1)
    seen = capital > lower and (capital >= 2 or len(words) > 1)  # once is no evidence
    unknown = len(words) > 1 and all(w not in lex.everyday_words for w in names)
    if not (typed or seen or unknown or _ampersand(raw, words, lex)):
        return None
    if hits := lex.titles_with(raw):  # "James Bond movies": the one title with it
        note = f"read '{raw}' as every title with it in its name ({len(hits)} title)"
        return Tag(kind="phrase", start=span[0], end=span[1], text=raw, value=raw, note=note)
    return absent.absent_title(raw, span, lex)


def _ampersand(raw: str, words: list[str], lex: Lexicon) -> bool:
    """'fast and furious movies': the words a title opens with, joined there by '&' (Fast &
    Furious Spy Racers), as names are written, not prose ('rock and roll' is inside a title)."""
    k = and_key(raw)
    joined = len(k.split()) > 2 and " and " in k
    return joined and any("&" in t and and_key(t).startswith(k) for t in lex.titles_with(raw))


def _other_type(text: str, end: int, title: str, lex: Lexicon) -> bool:
    """'a kung fu panda show': the type named right after a title's words is not the title's
    own (Kung Fu Panda is a movie), so the words mean the other titles that hold them."""
    m = _TYPE_NEXT.match(text, end)
    info = lex.show(title)
    if not m or info is None:
        return False
    return ("Movie" if m.group(1).casefold() in ("movie", "film") else "TV Show") != info.type


def _neighbours(text: str, start: int, end: int) -> list[re.Match[str]]:
    """The words joined to text[start:end] by one space or hyphen, before and after."""
    before = re.search(r"(\w+)[ -]$", text[:start])
    after = re.compile(r"[ -](\w+)").match(text, end)
    return [m for m in (before, after) if m]


def _name_next(text: str, m: re.Match[str], tags: list[Tag], lex: Lexicon) -> bool:
    """A neighbouring word that continues a name: untagged, no common or texting word ("u"),
    capitalised (not opening the question) or no everyday English."""
    s, e = m.span(1)
    w = m.group(1)
    if any(t.start < e and s < t.end for t in tags) or w.casefold() in COMMON | WORDS.texting:
        return False
    if _WORKS_NEXT.match(" " + w):  # "lego stuff": the noun after a name
        return False
    return (w[:1].isupper() and s > 0) or w.casefold() not in lex.everyday_words
