"""A phrase of several titles as the titles it names: every title holding the words; or, when
the phrase's last words are a name of their own that other titles open with ("Ninja Turtles:
The Next Mutation" of teenage mutant ninja turtles), the titles holding either (`shorter`), a
reading less sure than the words alone (`SHORTER_SCORE`). Whether a run of words names a
series (`series`), and whether words another tag owns are words of the series' name
(`holds_tagged`, `type_of_name`); a series with a title of the name alone and its numbered
sequel leaves out the titles with the name that share none of its people ("Rocky Handsome" of
the rocky movies, `strays`)."""

from __future__ import annotations

import re

from agentic_rag.agent.rules.lexicon import Lexicon, key
from agentic_rag.agent.rules.spellings import NUMBER
from agentic_rag.agent.rules.tags import Tag
from agentic_rag.agent.rules.usage_words import reading_words
from agentic_rag.agent.rules.vocab import COMMON, WORD
from agentic_rag.folding import fold

MIN_PART = 2  # the fewest letters of each word a word written together is split into
SHORTER_SCORE = 0.5  # how sure a name read by its shorter last words is (`shorter`)
SCATTERED_SCORE = 0.4  # a name its titles hold only in passing (`scattered`): a guess
SERIES_SHARE = 0.75  # the share of the titles holding a phrase that must open with it
_ARTICLE = re.compile(r"^(?:the|a|an) ")  # a title opens with its words after its article


def franchise_tag(raw: str, span: tuple[int, int], said: str, lex: Lexicon) -> Tag:
    """Every title holding the phrase; or, when its last words are a name of their own that
    other titles open with ("Ninja Turtles: The Next Mutation" of teenage mutant ninja
    turtles), every title holding either, a guess said so (`shorter`)."""
    if short := shorter(raw, lex):
        n = len(lex.titles_with(short))
        note = f"read '{raw}' as every title with '{short}' in its name ({n} titles)"
        return _tag(raw, span, said, note, [short], [], SHORTER_SCORE)
    if head := opener(raw, lex):
        out = _outside(lex.titles_with(head), [*lex.titles_with(raw), *_alone(head, lex)], lex)
        n = len(lex.titles_with(head)) - len(out)
        note = f"read '{raw}' as its {n} titles with '{head}' alone, the first of them" + (
            f", not {', '.join(out)} (none of their people)" if out else ""
        )
        return _tag(raw, span, said, note, [head], out)
    if out := strays(raw, lex):
        n = len(lex.titles_with(raw)) - len(out)
        note = f"read '{raw}' as its series' {n} titles, not {', '.join(out)} (none of its people)"
        return _tag(raw, span, said, note, [], out)
    note = f"read '{raw}' as every title with it in its name ({len(lex.titles_with(raw))} titles)"
    if scattered(raw, lex):  # "the saw movies": two titles with "saw" inside, no Saw series
        note += f"; none of them opens with '{raw}' nor shares anyone: maybe no series of that name"
        return _tag(raw, span, said, note, [], [], SCATTERED_SCORE)
    return Tag(kind="phrase", start=span[0], end=span[1], text=said, value=raw, note=note)


def scattered(raw: str, lex: Lexicon) -> bool:
    """Whether the titles holding a name hold it only inside other words of theirs: none opens
    with it (after its article or a colon) and no two share a director or cast member ("saw":
    Anohana: The Flower We Saw That Day, Alpha and Omega: The Legend of the Saw Tooth Cave):
    words in passing, not a series' name."""
    held, k = lex.titles_with(raw), key(raw)
    if len(held) < 2:
        return False
    heads = (key(part) for t in held for part in [_ARTICLE.sub("", key(t)), *t.split(":")[1:]])
    if any(f"{h.strip()} ".startswith(f"{k} ") for h in heads):
        return False
    people = [_people(t, lex) for t in held]
    return not any(a & b for i, a in enumerate(people) for b in people[i + 1 :])


def _tag(
    raw: str,
    span: tuple[int, int],
    said: str,
    note: str,
    alts: list[str],
    out: list[str],
    score: float = 1.0,
) -> Tag:
    return Tag(
        kind="phrase",
        start=span[0],
        end=span[1],
        text=said,
        value=raw,
        alts=alts,
        note=note,
        left_out=out,
        score=score,
    )


def strays(raw: str, lex: Lexicon) -> list[str]:
    """The titles holding a series' name that are not of the series: when one title is the name
    alone and another its numbered sequel ("Rocky", "Rocky II"), the series is those and the
    titles going on from the name with a number or a colon ("Ip Man 4: The Finale"); a title
    holding the name otherwise that shares no director or cast member with the series is
    another story (`_outside`: "Rocky Handsome", "The Ant's Scream")."""
    k, held = key(raw), lex.titles_with(raw)
    n = len(k.split())
    bare = {t: _ARTICLE.sub("", key(t)) if not _ARTICLE.match(k) else key(t) for t in held}
    after = {t: bare[t].split()[n:] for t in held if f"{bare[t]} ".startswith(f"{k} ")}
    if not any(not rest for rest in after.values()):
        return []
    core = [t for t, rest in after.items() if not rest or NUMBER.fullmatch(rest[0])]
    if len(core) < 2:
        return []
    core += [t for t, rest in after.items() if rest and t not in core and _colon(t, n)]
    return _outside(held, core, lex)


def _outside(held: list[str], core: list[str], lex: Lexicon) -> list[str]:
    """The titles of `held` besides `core` that share none of its directors and cast; one that
    shares some is a spin-off ("Master Z: The Ip Man Legacy"), one with no people listed
    cannot be told apart."""
    people = frozenset().union(*(_people(t, lex) for t in core))
    return [t for t in held if t not in core and _people(t, lex) and not _people(t, lex) & people]


def opener(raw: str, lex: Lexicon) -> str | None:
    """The name a series phrase ending in a series word starts with ("twilight" of "the
    twilight saga"), when a title is that name alone, outside the phrase's titles and sharing
    people with them: the series' first title, named before the series was ("Twilight")."""
    words = key(raw).split()
    if len(words) < 2 or words[-1] not in reading_words().franchise:
        return None
    head, held = " ".join(words[:-1]), lex.titles_with(raw)
    people = frozenset().union(*(_people(t, lex) for t in held))
    alone = [t for t in _alone(head, lex) if t not in held and _people(t, lex) & people]
    return head if alone else None


def _alone(name: str, lex: Lexicon) -> list[str]:
    """The titles that are the name alone."""
    return [t for t in lex.titles_with(name) if key(t) == key(name)]


def _people(title: str, lex: Lexicon) -> frozenset[str]:
    info = lex.show(title)
    return info.people if info else frozenset()


def _colon(title: str, n: int) -> bool:
    """Whether a colon follows the title's first `n` words ("Underworld: Awakening")."""
    return bool(re.match(rf"\W*(?:\w+\W+){{{n - 1}}}\w+\s*:", fold(title)))


def shorter(raw: str, lex: Lexicon) -> str | None:
    """The last two or more words of a name of several titles, themselves a name (no common
    word first, capitalised in the descriptions), that titles not holding the whole name open
    with and go on ("Ninja Turtles: The Next Mutation" of teenage mutant ninja turtles); a
    title that is those words alone is another name ("Deadly Sins" is no Seven Deadly Sins)."""
    words, held = key(raw).split(), set(lex.titles_with(raw))
    for i in range(1, len(words) - 1):
        tail = " ".join(words[i:])
        if words[i] in COMMON or not lex.proper(tail):
            continue
        more = [t for t in lex.titles_with(tail) if t not in held]
        if more and all(key(t).startswith(f"{tail} ") for t in more):
            return tail
    return None


def run_together(raw: str, lex: Lexicon) -> str | None:
    """One word that is two words of titles written together ("spiderman": Spider-Man,
    "ironman": Iron Man): the split that the most titles hold, each part two letters or more;
    None when the word is several or no split is held."""
    word = raw.strip().casefold()
    if not word.isalpha() or len(word) < 2 * MIN_PART:
        return None
    splits = [f"{word[:i]} {word[i:]}" for i in range(MIN_PART, len(word) - MIN_PART + 1)]
    held, best = max((lex.in_titles(s), s) for s in splits)
    return best if held else None


def series(raw: str, lex: Lexicon) -> bool:
    """Whether the titles holding `raw` but `strays` are a series: 2 or more, most open with it."""
    held = [t for t in lex.titles_with(raw) if t not in strays(raw, lex)]
    k = key(raw)

    def opening(t: str) -> bool:  # after its article too: "(the) great british baking show"
        return key(t).startswith(k) or (" " in k and _ARTICLE.sub("", key(t)).startswith(k))

    opens = sum(opening(t) for t in held)
    return len(held) >= 2 and opens >= SERIES_SHARE * len(held)


def type_of_name(text: str, gram: list[re.Match[str]], last: Tag, lex: Lexicon) -> bool:
    """A type word ending a run of words that every title holding the words before it holds
    right after them ("great british baking" + "show"): a word of their name."""
    if last.kind != "type" or len(gram) < 2 or (last.start, last.end) != gram[-1].span():
        return False
    held = lex.titles_with(lex.spelled(text[gram[0].start() : gram[-2].end()]))
    return len(held) >= 2 and held == lex.titles_with(lex.spelled(text[gram[0].start() : last.end]))


def holds_tagged(
    over: list[Tag], span: tuple[int, int], n: int, raw: str, lex: Lexicon, works: bool
) -> bool:
    """'spy kids movies', 'american horror story seasons', 'great british baking show titles':
    a genre or nationality word, or a person's name ("krish trish and baltiboy things": Krish
    directs), inside a run of words that a series of titles opens with is a word of their
    name, not the genre, the country or the person, when a word of the name besides it is no
    common word ("the indian comedies": the country; "jim gaffigan specials": the person).
    A run ending in a type word with a works noun for many titles right after (`works`) names
    them too, every word tagged or not ("scary movie films": Scary Movie, Scary Movie 5; a
    movie's films are no reading of "scary movie")."""
    start, end = span
    kinds = ("genre", "country", "person")
    inside = all(start <= t.start and t.end <= end for t in over)
    last = [t for t in over if works and t.kind == "type" and t.end == end]
    typed = bool(last)
    kinds_ok = all(t.kind in kinds for t in over if t not in last)
    words = WORD.findall(raw.casefold())
    tagged = {w.casefold() for t in over for w in WORD.findall(t.text)}
    own = any(w not in COMMON and w not in tagged for w in words) or typed
    return n >= 2 and own and inside and kinds_ok and series(raw, lex)


#: another series' name joined after a name, before a works noun for many titles ("scream and
#: underworld films", "rocky plus bad boys movies"): the works noun is both names'
_JOINED = re.compile(
    r"\s+(?:and|n|plus|&|\+)\s+(?:the\s+)?((?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+"
    r"(?:movies|films|shows|series|titles|stuff|things)\b",
    re.I,
)


def joined(text: str, end: int, lex: Lexicon) -> bool:
    """Whether a series' name follows the name ending at `end` after "and" / "plus", itself
    before a works noun for many titles ("scream and underworld films")."""
    m = _JOINED.match(text, end)
    return (
        bool(m) and len(lex.titles_with(name := lex.spelled(m.group(1)))) >= 2 and series(name, lex)
    )
