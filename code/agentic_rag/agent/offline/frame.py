"""Question analysis for the offline planner: intent cues, filters and entities -> a `Frame`.

`analyse` masks named people and titles, then genres, countries, ratings and durations, and
keeps the remaining descriptive words; `cue` / `has_intent` test the phrasing of the question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from agentic_rag.agent.offline.filters import Filters
from agentic_rag.agent.offline.lexicon import COMMON, WORD, Lexicon, Span
from agentic_rag.agent.offline.scope import filter_regions, missing_fields

MAX_ANALYSED = 2_000
_I = re.IGNORECASE
_TOP = r"most|fewest|least|top|highest|lowest|peak|busiest|biggest|largest|record"
_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "a single": 1, "single": 1}  # fmt: skip
_N = r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|a single|single)"
_MORE = r"longer|more|over|greater|above|at least|exceeding"
_LESS = r"shorter|less|under|fewer|below|at most|within"
_UNIT = r"(hours?|hrs?|h|minutes?|mins?)"
_DURATION = re.compile(rf"\b({_MORE}|{_LESS})\s+(?:than\s+)?{_N}\s*{_UNIT}\b", re.I)
_HOW = rf"({_MORE}|{_LESS}|exactly|only|just)"
_SEASONS = re.compile(rf"\b(?:{_HOW}\s+(?:than\s+)?)?{_N}\s+seasons?\b", re.I)
_FOREIGN_WORDS = (
    "que qué películas peliculas película pelicula sobre una los las del der das und mit eine "
    "filme les des avec une dans sur quels quelles wie viele ist cuántas cuántos cuantas hay "
    "filmes série séries mejores meilleurs beste gibt welche quais filmy фильмы"
)
FOREIGN = frozenset(_FOREIGN_WORDS.split())
_STOP_WORDS = (
    "per each every titles released release produced list available catalog there longest "
    "shortest oldest newest least total average direct acted act appear appeared appears who "
    "whose whom are did does has have had get got show tell me tv imdb plot since until "
    "something anything similar specials special loved liked enjoyed else come came comes"
)
STOP = frozenset(_STOP_WORDS.split())
CUES = {k: re.compile(v, _I) for k, v in {
    "count": r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\b|\btotal\b",
    "average": r"\baverage\b|\bmean\b|\btypical\s+(?:length|duration|runtime)\b",
    "per_year": r"\b(?:per|by|each|every|a)\s+(?:release\s+)?year\b|\bover\s+the\s+years\b|\byear"
                r"\s+by\s+year\b|\b(?:busiest|peak|biggest|top|record)\s+(?:release\s+)?years?\b|\b"
                r"years?\s+(?:that\s+|which\s+)?(?:with|had|has|have|saw|sees)\s+the\s+(?:most|fewest)\b"
                rf"|^(?=.*\b(?:{_TOP})\b).*?\b(?:which|what)\s+(?:(?:release|calendar)\s+)?years?\b",
    "per_country": r"\b(?:per|by|each)\s+country\b|\b(?:top|most|which|leading)\b.*\bcountr"
                   r"(?:y|ies)\b|\bcountr(?:y|ies)\b.*\b(?:most|top|produces?|leading)\b",
    "per_genre": r"\b(?:per|by|each)\s+(?:genre|category)\b|\b(?:top|most\s+common|most\s+popular|"
                 r"popular|main|biggest|largest)\s+(?:genres?|categor(?:y|ies))\b|\b(?:genres?|"
                 r"categor(?:y|ies))\b.*\b(?:most|biggest|largest)\b",
    "per_rating": r"\b(?:per|by|each)\s+(?:age\s+)?rating\b|\b(?:most\s+common|top)\s+(?:age\s+)?"
                  r"ratings?\b|\bratings?\s+breakdown\b|\bbreakdown\b.*\bratings?\b|\b(?:which|"
                  r"what)\s+(?:age\s+|maturity\s+)?ratings?\b.*\b(?:most|top)\b",
    "per_type": r"\bmovies\s+(?:and|vs\.?|versus|or|compared\s+to)\s+(?:tv\s+)?shows\b"
                r"|\bper\s+type\b|\bby\s+type\b|\bmore\s+movies\s+(?:or|than)\b",
    "top_people": r"\b(?:top|most\s+prolific|most\s+frequent|busiest|most\s+common)\s+(?:\w+\s+)?"
                  r"(?:directors?|actors?|actresses|cast)\b|\b(?:directors?|actors?|actresses)\s+"
                  r"(?:with|appearing\s+in|who\s+(?:directed|appear(?:ed)?\s+in))\s+the\s+most\b"
                  r"|\b(?:actors?|actresses|directors?)\s+(?:\w+\s+){0,3}the\s+most\b",
    "longest": r"\blongest\b|\bmost\s+seasons\b",
    "shortest": r"\bshortest\b|\bfewest\s+seasons\b",
    "oldest": r"\boldest\b|\bearliest\b",
    "newest": r"\bnewest\b|\bmost\s+recent(?:ly)?\b|\blatest\b|\brecently\s+added\b",
    "who_directed": r"\bwho\s+(?:directed|helmed|made)\b|\bdirectors?\s+(?:of|for)\b|\bwho\s+(?:is|"
                    r"was|were)\s+the\s+directors?\b",
    "cast_of": r"\bcast\b|\bwho\s+(?:stars?|starred|acts?|acted|appears?|appeared|plays?|played)\s+"
               r"in\b|\b(?:actors?|actresses|stars)\s+(?:of|in)\b|\bwho\s+is\s+in\b",
    "genres_of": r"\bgenres?\b|\bcategor(?:y|ies)\b|\bwhat\s+kind\s+of\b",
    "directed_by": r"\b(?:directed|helmed|made)\s+by\b|\bdirect(?:ed|s|or|ors)?\b|\bfilmography\b|"
                   r"\b(?:films?|movies?|shows?|series|works?|titles?)\s+(?:by|from)\b",
    "acted": r"\bstarring\b|\bfeaturing\b|\bwith\b|\bstar(?:s|red)?\s+in\b|\bact(?:s|ed)?\s+in\b"
             r"|\bappear(?:s|ed)?\s+in\b|\bplay(?:s|ed)?\s+in\b|\bactors?\b|\bactress\b",
    "costars": r"\bco-?stars?\b|\bworked\s+with\b|\b(?:acted|appeared|starred|worked)\s+(?:with|"
               r"alongside)\b|\bcollaborat\w*\b|\bsame\s+(?:movies?|films?|shows?)\s+as\b",
    "similar": r"\bsimilar\s+to\b|\blike\b|\bsuch\s+as\b|\bin\s+the\s+(?:style|vein)\s+of\b|\bre"
               r"minds?\s+me\s+of\b|\bi\s+(?:liked|loved|enjoyed)\b",
    "omdb": r"\bimdb\b|\brotten\s+tomatoes\b|\bmetascore\b|\bmetacritic\b|\bawards?\b|\boscars?\b"
            r"|\bbox\s+office\b|\bcritics?\b|\breviews?\b|\bplot\s+of\b|\bgross(?:ed)?\b",
    "web_strong": r"\bnews\b|\bannounce\w*\b|\bupcoming\b|\bsequel\b|\brelease\s+date\b|\bthis\s+"
                  r"(?:week|month)\b|\btoday\b|\bcurrently\b|\bright\s+now\b|\btrending\b|\brenewed"
                  r"\b|\bcancell?ed\b|\bcoming\s+(?:out|soon)\b|\bwhen\s+(?:will|does)\b",
    "web_weak": r"\blatest\b|\brecent(?:ly)?\b",
    "semantic": r"\babout\b|\bwhere\b|\bin\s+which\b|\binvolving\b|\bplot\b|\bstory\b|\bthemes?\b|"
                r"\bmood\b|\bfeel-?good\b|\buplifting\b|\bheartwarming\b|\bsomething\b|\brecommend"
                r"\w*\b|\bsuggest\w*\b|\bwatch\b",
    "them": r"\b(?:who\s+(?:directed|stars?\s+in|starred\s+in|acted\s+in|is\s+in)|directors?\s+of|"
            r"cast\s+of|actors?\s+in)\s+(?:them|those|these|it|each)\b",
}.items()}  # fmt: skip
INTENTS = ("count", "average", "per_year", "per_country", "per_genre", "per_rating", "per_type",
           "top_people", "longest", "shortest", "oldest", "newest", "who_directed", "cast_of",
           "similar", "omdb", "web_strong", "costars", "them", "semantic")  # fmt: skip
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
THE_SHOW = re.compile(
    r"\bthe (?:show|series|movie|film|documentary) ([\w'’:&-]+(?: [\w'’:&-]+){0,5})", _I
)


def cue(frame: Frame, name: str) -> re.Match[str] | None:
    return CUES[name].search(frame.cue)


def has_intent(text: str) -> bool:
    return any(CUES[k].search(text) for k in INTENTS)


@dataclass
class Frame:
    """What the planner understood: the cue text, named entities, filters, descriptive words."""

    cue: str  # lower-cased text whose phrasing decides the intent
    text: str  # the (resolved) question, for semantic and web queries
    people: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    filters: Filters = field(default_factory=Filters)
    content: list[str] = field(default_factory=list)
    prev_ids: tuple[str, ...] = ()  # show ids of the previous turn ("who directed them")
    #: for a descriptive search: the filters the question states ("a German series where ...",
    #: "... are from the UK"), not its plot words, and the words with the plot's genre/country
    #: words kept; None (no description, or a follow-up): use filters / content
    plot: Filters | None = None
    plot_words: list[str] | None = None

    def for_plot(self) -> Frame:
        """This frame as a descriptive search sees it (plot words are not hard filters)."""
        if self.plot is None:
            return self
        return replace(self, filters=self.plot, content=self.plot_words or [])


def _num(word: str) -> float:
    return _NUM.get(word) or float(word)


def _durations(low: str, f: Filters) -> Filters:
    for m in _DURATION.finditer(low):
        minutes = int(_num(m.group(2)) * (60 if m.group(3).startswith("h") else 1))
        how = m.group(1)
        if re.fullmatch(_MORE, how):
            f = replace(f, min_minutes=minutes - 1 if how == "at least" else minutes)
        else:
            f = replace(f, max_minutes=minutes + 1 if how == "at most" else minutes)
    for m in _SEASONS.finditer(low):
        n, how = int(_num(m.group(2))), m.group(1) or "exactly"
        if re.fullmatch(_MORE, how):
            f = replace(f, min_seasons=n - 1 if how == "at least" else n)
        elif re.fullmatch(_LESS, how):
            f = replace(f, max_seasons=n + 1 if how == "at most" else n)
        else:
            f = replace(f, min_seasons=n - 1, max_seasons=n + 1)
    return f


def _mask(text: str, spans: Sequence[Span]) -> str:
    for start, end, _ in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _overlap(a: Span, spans: Sequence[Span]) -> bool:
    return any(s < a[1] and a[0] < e for s, e, _ in spans)


def _groups(genre_spans: Sequence[Span]) -> tuple[tuple[str, ...], ...]:
    groups: dict[int, list[str]] = {}
    for start, _, name in genre_spans:
        groups.setdefault(start, []).append(name)
    return tuple(dict.fromkeys(tuple(g) for g in groups.values()))


def _words(masked: str) -> list[str]:
    masked = _SEASONS.sub(" ", _DURATION.sub(" ", masked))
    return [w for w in WORD.findall(re.sub(r"\b\d+s?\b", " ", masked))
            if w.casefold() not in COMMON | STOP and len(w) > 2]  # fmt: skip


def _typed(f: Filters) -> Filters:
    return replace(f, type="Movie") if f.type is None and (f.min_minutes or f.max_minutes) else f


def _plot(
    lex: Lexicon, named: str, f: Filters, country_spans: list[Span], rating_spans: list[Span]
) -> tuple[Filters | None, list[str] | None]:
    """Filters and words of a descriptive search: genre, country, type and year words count as
    filters only where the question states them ('Which German series', '... are from the UK'),
    not in the plot ('... into a mystery'). (None, None): the question has no description."""
    regions = filter_regions(named)
    if regions is None:
        return None, None
    inside = "".join(c if any(a <= i < b for a, b in regions) else " " for i, c in enumerate(named))
    type_ = lex.find_type(inside)
    genres = lex.genre_spans(inside, type_)
    countries = [s for s in country_spans if any(a <= s[0] < b for a, b in regions)]
    year_from, year_to = lex.find_years(_mask(inside, [*genres, *countries, *rating_spans]))
    plot = replace(f, type=type_, year_from=year_from, year_to=year_to, genres=_groups(genres),
                   countries=tuple(dict.fromkeys(c for _, _, c in countries)))  # fmt: skip
    return _typed(plot), _words(_mask(named, [*genres, *countries, *rating_spans]))


def analyse(lex: Lexicon, text: str) -> Frame:
    """Entities and filters of one text (people and titles are masked before the rest)."""
    text = " ".join(CONTROL.sub(" ", text[: MAX_ANALYSED * 2]).split())[:MAX_ANALYSED]
    spans = lex.title_spans(text)
    quoted = [s for s in spans if text[s[0]] in "\"'“"]
    titles = [s for s in spans if s not in quoted]
    people = [p for p in lex.person_spans(text) if not _overlap(p, quoted)]
    people = [p for p in people if not any(
        x[1] - x[0] > p[1] - p[0] and _overlap(p, [x]) for x in titles)]  # fmt: skip
    titles = [x for x in titles if not _overlap(x, people)]
    missing, gaps = missing_fields(_mask(text, [*quoted, *titles, *people]))
    gap_spans = [(s, e, "") for s, e in gaps]  # "no director listed": a filter, not words
    named = _mask(text, [*quoted, *titles, *people, *gap_spans])
    type_ = lex.find_type(named)
    genre_spans = lex.genre_spans(named, type_)
    masked = _mask(named, genre_spans)
    country_spans, rating_spans = lex.country_spans(masked), lex.rating_spans(masked)
    masked = _mask(masked, [*country_spans, *rating_spans])
    masked = _SEASONS.sub(" ", _DURATION.sub(" ", masked))
    f = Filters(
        type_,
        *lex.find_years(masked),
        _groups(genre_spans),
        tuple(dict.fromkeys(c for _, _, c in country_spans)),
        rating_spans[0][2] if rating_spans else None,
        *lex.find_date_added(masked),
        missing=missing,
    )
    content = _words(masked)
    f = _typed(_durations(text.casefold(), f))
    names = [x[2] for x in (*quoted, *titles)]
    if m := THE_SHOW.search(text):
        words = m.group(1).split()
        hits = (lex.lookup_title(" ".join(words[:n])) for n in range(len(words), 0, -1))
        names += [x for x in hits if x][:1]
    plot, plot_words = _plot(lex, named, f, country_spans, rating_spans)
    return Frame(
        cue=_mask(text, gap_spans).casefold(),
        text=text,
        people=list(dict.fromkeys(p[2] for p in people)),
        titles=list(dict.fromkeys(names)),
        filters=f,
        content=content,
        plot=plot,
        plot_words=plot_words,
    )


def is_non_english(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    if letters and sum(not c.isascii() for c in letters) / len(letters) > 0.3:
        return True
    return sum(w.casefold() in FOREIGN for w in WORD.findall(text)) >= 2
