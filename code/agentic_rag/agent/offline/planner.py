"""The offline planner: deterministic rules that map a question to template tool calls.

`understand` turns the question (and, for a follow-up, the previous turn) into a `Frame`;
`choose` maps the frame to steps. A step is a list of alternative calls: the first is planned,
the others are what a replan tries when it failed or came back empty.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from agentic_rag.agent.interfaces import PlanContext, TurnSummary, Usage
from agentic_rag.agent.models import MAX_CALLS, ExecutionPlan, PlannedCall
from agentic_rag.agent.offline import templates as t
from agentic_rag.agent.offline.lexicon import COMMON, WORD, Lexicon, Span
from agentic_rag.agent.offline.templates import Filters, call, is_bad, pair_results, semantic_call

log = logging.getLogger(__name__)
MAX_ANALYSED = 2_000
Steps = list[list[PlannedCall]]
_I = re.IGNORECASE
_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "a single": 1, "single": 1}  # fmt: skip
_N = r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|a single|single)"
_MORE = r"longer|more|over|greater|above|at least|exceeding"
_LESS = r"shorter|less|under|fewer|below|at most|within"
_UNIT = r"(hours?|hrs?|h|minutes?|mins?)"
_DURATION = re.compile(rf"\b({_MORE}|{_LESS})\s+(?:than\s+)?{_N}\s*{_UNIT}\b", re.I)
_HOW = rf"({_MORE}|{_LESS}|exactly|only|just)"
_SEASONS = re.compile(rf"\b(?:{_HOW}\s+(?:than\s+)?)?{_N}\s+seasons?\b", re.I)
FOLLOW_START = re.compile(
    r"^(?:and|only|just|but|also|now|then|ok(?:ay)?|so|what about|how about|which of (?:these|"
    r"those|them)|of (?:these|those)|same (?:for|but)|from those|among (?:these|those))\b"
)
FOLLOW_ANY = re.compile(
    r"\b(?:those|these|them|ones|it|its|which one|that one|this one|the same)\b"
)
CONJUNCTION = re.compile(r"^(?:(?:and|but|also|so|now|then|ok(?:ay)?)\s+)+", _I)
OVERRIDE = re.compile(r"^(?:what|how) about\b|^same (?:for|but)\b")
LEAD_IN = re.compile(
    r"^(?:(?:and|but|also|so|now|then|ok(?:ay)?)\s+)*(?:(?:what|how) about|which of (?:these|"
    r"those|them)|of (?:these|those)|from those|among (?:these|those)|same (?:for|but))?\s*",
    _I,
)
PREPOSITION = re.compile(
    r"(?:from|in|with|by|before|after|since|between|released|made|directed|starring|rated|"
    r"during|on|under|over|longer|shorter|added)\b"
)
_FOREIGN_WORDS = (
    "que qué películas peliculas película pelicula sobre una los las del der das und mit eine "
    "filme les des avec une dans sur quels quelles wie viele ist cuántas cuántos cuantas hay "
    "filmes série séries mejores meilleurs beste gibt welche quais filmy фильмы"
)
_FOREIGN = frozenset(_FOREIGN_WORDS.split())
_STOP_WORDS = (
    "per each every titles released release produced list available catalog there longest "
    "shortest oldest newest least total average direct acted act appear appeared appears who "
    "whose whom are did does has have had get got show tell me tv imdb plot since until "
    "something anything similar specials special loved liked enjoyed else"
)
STOP = frozenset(_STOP_WORDS.split())
CUES = {k: re.compile(v, _I) for k, v in {
    "count": r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\b|\btotal\b",
    "average": r"\baverage\b|\bmean\b|\btypical\s+(?:length|duration|runtime)\b",
    "per_year": r"\b(?:per|by|each|every|a)\s+(?:release\s+)?year\b|\b(?:which|what)\s+year\b"
                r"|\byears?\s+with\s+the\s+most\b|\bover\s+the\s+years\b|\byear\s+by\s+year\b",
    "per_country": r"\b(?:per|by|each)\s+country\b|\b(?:top|most|which|leading)\b.*\bcountr"
                   r"(?:y|ies)\b|\bcountr(?:y|ies)\b.*\b(?:most|top|produces?|leading)\b",
    "per_genre": r"\b(?:per|by|each)\s+genre\b|\b(?:top|most\s+common|most\s+popular|popular|main|"
                 r"biggest)\s+genres?\b|\bgenres?\b.*\bmost\b",
    "per_rating": r"\b(?:per|by|each)\s+(?:age\s+)?rating\b|\b(?:most\s+common|top)\s+(?:age\s+)?"
                  r"ratings?\b|\bratings?\s+breakdown\b|\bbreakdown\b.*\bratings?\b",
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
CAP_WORD = r"[A-Z0-9][\w.'’:&-]*"
THE_SHOW = re.compile(
    r"\bthe (?:show|series|movie|film|documentary) ([\w'’:&-]+(?: [\w'’:&-]+){0,5})", _I
)
HYBRID_TAIL = re.compile(
    r"\s*,?\s*\b(?:and|with|plus)\s+(?:the\s+|their\s+)?(?:actors?|cast|directors?|people|"
    r"who\s+(?:directed|starred))\b.*$", _I,
)
SEM_LEAD = re.compile(r"^.*?\b(?:about|where|in which|involving|whose)\s+", _I)


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
    masked = _mask(text, [*quoted, *titles, *people])
    type_ = lex.find_type(masked)
    genre_spans = lex.genre_spans(masked, type_)
    masked = _mask(masked, genre_spans)
    country_spans, rating_spans = lex.country_spans(masked), lex.rating_spans(masked)
    masked = _mask(masked, [*country_spans, *rating_spans])
    masked = _SEASONS.sub(" ", _DURATION.sub(" ", masked))
    groups: dict[int, list[str]] = {}
    for start, _, name in genre_spans:
        groups.setdefault(start, []).append(name)
    f = Filters(
        type_, *lex.find_years(masked), tuple(dict.fromkeys(tuple(g) for g in groups.values())),
        tuple(dict.fromkeys(c for _, _, c in country_spans)),
        rating_spans[0][2] if rating_spans else None, *lex.find_date_added(masked),
    )
    content = [w for w in WORD.findall(re.sub(r"\b\d+s?\b", " ", masked))
               if w.casefold() not in COMMON | STOP and len(w) > 2]  # fmt: skip
    f = _durations(text.casefold(), f)
    if f.type is None and (f.min_minutes or f.max_minutes):
        f = replace(f, type="Movie")
    named = [x[2] for x in (*quoted, *titles)]
    if m := THE_SHOW.search(text):
        words = m.group(1).split()
        hits = (lex.lookup_title(" ".join(words[:n])) for n in range(len(words), 0, -1))
        named += [x for x in hits if x][:1]
    return Frame(
        cue=text.casefold(), text=text, people=list(dict.fromkeys(p[2] for p in people)),
        titles=list(dict.fromkeys(named)), filters=f, content=content,
    )


def is_follow_up(question: str, frame: Frame) -> bool:
    low = question.casefold().strip()
    if FOLLOW_START.match(low):
        return True
    bare = not frame.people and not frame.titles and not frame.content  # no subject of its own
    short = len(low) <= 40 and len(WORD.findall(low)) <= 4 and not has_intent(low)
    return bare and (FOLLOW_ANY.search(low) is not None or short)


def _join(prev: str, tail: str, override: bool) -> str:
    prev = prev.rstrip(" ?.!")
    if not tail:
        return prev
    if override:
        return f"{prev}, but {'in ' if re.fullmatch(r"'?\d+s?", tail) else ''}{tail}"
    if re.match(r"(?:are|were|is|was|have|has|had|star|feature|came|come|got)\b", tail, _I):
        return f"{prev} that {tail}"
    return f"{prev} {tail}" if PREPOSITION.match(tail.casefold()) else f"{prev}, {tail}"


def _substitute(prev_q: str, old: Frame, new: Frame) -> str | None:
    """'what about X?' where X replaces one person or one year of the previous question."""
    if new.people and old.people and old.people[0] in prev_q and len(new.people) == 1:
        return prev_q.replace(old.people[0], new.people[0])
    a, b = old.filters, new.filters
    if a.year_from and a.year_from == a.year_to and b.year_from and b.year_from == b.year_to:
        years = re.findall(rf"\b{a.year_from}\b", prev_q)
        if len(years) == 1 and new.content == [] and not new.people and not new.titles:
            return re.sub(rf"\b{a.year_from}\b", str(b.year_from), prev_q)
    return None


def understand(
    lex: Lexicon, question: str, history: Sequence[TurnSummary]
) -> tuple[Frame, str, bool]:
    """(frame, resolved question, is follow-up); follow-ups are resolved against the last turn."""
    frame = analyse(lex, question)
    resolved = " ".join(CONTROL.sub(" ", question).split())
    if not history or not frame.text or not is_follow_up(frame.text, frame):
        return frame, resolved, False
    prev = history[-1]
    prev_ids = tuple(i for i in dict.fromkeys(prev.show_ids) if t.SHOW_ID.match(str(i)))
    prev_q = prev.resolved_question or prev.question
    old = analyse(lex, prev_q)
    keys = ("type", "year_from", "year_to", "countries", "genres", "rating")
    clash = any(getattr(frame.filters, k) not in (None, ()) and getattr(old.filters, k)
                not in (None, ()) for k in keys) or bool(frame.people and old.people)  # fmt: skip
    override = bool(OVERRIDE.match(frame.cue)) or clash
    tail = LEAD_IN.sub("", frame.text.rstrip(" ?.!"), count=1).strip()
    own = has_intent(tail.casefold())
    bare = CONJUNCTION.sub("", frame.text, count=1)
    if own and (frame.people or frame.titles):  # "and who directed The Irishman?": stands alone
        return analyse(lex, bare), bare, False
    changes = {k: v for k, v in vars(frame.filters).items() if v not in (None, ())}
    keep_people = not (own and prev_ids)  # the previous ids already carry the people
    merged = Frame(
        cue=tail.casefold() if own else f"{old.cue} {tail.casefold()}",
        text=_substitute(prev_q, old, frame)
        or (f"{bare} (for: {prev_q})" if own else _join(prev_q, tail, override)),
        people=frame.people or (old.people if keep_people else []),
        titles=frame.titles or old.titles,
        filters=replace(old.filters, **changes),
        content=frame.content if own else [*old.content, *frame.content],
        prev_ids=prev_ids,
    )
    if prev_ids and not override:
        merged.filters = replace(merged.filters, show_ids=prev_ids[:50])
    return merged, merged.text, True


def is_non_english(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    if letters and sum(not c.isascii() for c in letters) / len(letters) > 0.3:
        return True
    return sum(w.casefold() in _FOREIGN for w in WORD.findall(text)) >= 2


# -- rules ----------------------------------------------------------------------------------
def sql(purpose: str, query: str, max_rows: int = 50) -> PlannedCall:
    return call("sql", purpose, query=query, max_rows=max_rows)


def cypher(purpose: str, query: str) -> PlannedCall:
    return call("cypher", purpose, query=query, max_rows=60)


def _fts_words(frame: Frame) -> list[str]:
    words = frame.content or [w for w in WORD.findall(frame.text) if w.casefold() not in COMMON]
    return words[:8] or ["netflix"]


def _search_steps(frame: Frame, text: str) -> Steps:
    """Semantic search plus FTS, each with a relaxed-filter alternative."""
    f, loose = frame.filters, Filters(type=frame.filters.type, show_ids=frame.filters.show_ids)
    semantic = [semantic_call(text, f, "titles whose description matches"),
                semantic_call(text, loose, "titles by meaning, fewer filters")]  # fmt: skip
    if not frame.content and f != Filters():  # a mood plus filters: list what fits the filters
        return [semantic, [sql("titles matching the filters", t.sql_list(f)),
                           sql("titles matching fewer filters", t.sql_list(loose))]]  # fmt: skip
    words = _fts_words(frame)
    return [semantic, [sql("full-text search of titles and descriptions", t.sql_fts(words, f), 20),
                       sql("full-text search without filters", t.sql_fts(words, loose), 20)]]


def _titles_for(lex: Lexicon, frame: Frame) -> list[str]:
    found = frame.titles or [v for _, _, v in lex.title_spans(frame.text, loose=True)]
    return found[:3]


def _surname(frame: Frame) -> str | None:
    m = re.search(r"\b(?:by|starring|featuring|with|director|actor|actress)\s+"
                  rf"({CAP_WORD}(?:\s+{CAP_WORD}){{0,2}})", frame.text)  # fmt: skip
    return m.group(1).split()[-1][:60] if m else None


def title_rule(lex: Lexicon, frame: Frame) -> tuple[str, Steps] | None:
    titles = _titles_for(lex, frame)
    if not titles:
        return None
    if cue(frame, "who_directed") or cue(frame, "cast_of"):
        role = "director" if cue(frame, "who_directed") else "cast"
        steps = [[cypher(f"{role} of {x}", t.cy_title_people(x, role)),
                  sql(f"{role} of {x}", t.sql_people(role, title=x)),
                  sql(f"{role} of titles like {x}", t.sql_people(role, title=x, relaxed=True))]
                 for x in titles]  # fmt: skip
        return f"{role} of a named title -> graph query", steps
    if cue(frame, "genres_of"):
        steps = [[cypher("genres of the titles", t.cy_title_genres(titles)),
                  sql("genres of the titles", t.sql_title_genres(titles))]]  # fmt: skip
        return "genres of named titles -> graph query", steps
    return None


def person_rule(frame: Frame) -> tuple[str, Steps] | None:
    f, names = frame.filters, frame.people
    role = "director" if cue(frame, "directed_by") else "cast" if cue(frame, "acted") else None
    if names and cue(frame, "costars"):
        n, other = names[0], "director" if "director" in frame.cue else "cast"
        what = f"{'directors' if other == 'director' else 'people'} who worked with {n}"
        return f"{what.split(' who')[0]} who worked with a person -> graph query", [[
            cypher(what, t.cy_costars(n, other)), sql(what, t.sql_costars(n, False, other)),
            sql(f"{what} (partial name)", t.sql_costars(n.split()[-1], True, other))]]
    if len(names) >= 2:
        alts = [sql("titles with all of them", t.sql_together(names, f))]
        if f.cypher_ok and len(names) == 2:
            alts.insert(0, cypher("titles with both people", t.cy_together(*names)))
        return "titles shared by several people", [alts]
    name = names[0] if names else _surname(frame) if role else None
    if name is None:
        return None
    relaxed, who = not names, role or "any role"
    works = [sql(f"titles of {name} ({who})", t.sql_person_works(name, role, f, relaxed)),
             sql(f"titles of {name} (partial name)",
                 t.sql_person_works(name.split()[-1], role, f, True))]  # fmt: skip
    if f.cypher_ok:
        works.insert(0 if names else 1,
                     cypher(f"titles of {name} ({who})", t.cy_person_works(name, role, f, relaxed)))
    steps = [works]
    if cue(frame, "count"):
        q = t.sql_person_works(name, role, f, relaxed, count=True)
        steps.insert(0, [sql(f"count titles of {name}", q)])
    return f"titles of a person ({who}) -> graph query with SQL alternatives", steps


def similar_rule(lex: Lexicon, frame: Frame) -> tuple[str, Steps] | None:
    m = cue(frame, "similar")
    titles = [x for x in _titles_for(lex, frame) if m and x.casefold() in frame.cue[m.start():]]
    if not titles:
        return None
    info = lex.show(titles[0])
    f = frame.filters
    extra = " ".join(frame.content)
    if info is None:
        steps = _search_steps(frame, f"{titles[0]} {extra}")
        return "similar to an unknown title -> semantic", steps
    show_id, type_, _year, desc = info
    f = f if f.type else replace(f, type=type_)
    steps = [[semantic_call(f"{desc} {extra}", f, f"titles like {titles[0]}"),
              sql(f"titles sharing words with {titles[0]}", t.sql_fts(WORD.findall(desc)[:10], f))],
             [call("graph_expand", f"people, genres and related titles of {titles[0]}",
                   show_ids=[show_id], depth=2, max_nodes=60),
              sql(f"genres of {titles[0]}", t.sql_title_genres([titles[0]]))]]  # fmt: skip
    return "similar to a known title -> semantic on its description + graph neighbourhood", steps


def aggregate_rule(frame: Frame) -> tuple[str, Steps] | None:
    f, c = frame.filters, frame.cue
    top = re.search(r"\b(?:most|top|highest|peak|busiest|biggest|largest)\b", c)
    for name, dim in (("per_year", "year"), ("per_country", "country"), ("per_genre", "genre"),
                      ("per_rating", "rating"), ("per_type", "type")):  # fmt: skip
        if cue(frame, name):
            dim = "added_year" if dim == "year" and "added" in c else dim
            q = t.sql_group(dim, f, by_count=bool(top) or dim != "year", limit=15 if top else 40)
            return f"aggregate by {dim} -> SQL GROUP BY", [[sql(f"titles per {dim}", q)]]
    if m := cue(frame, "top_people"):
        dim = "director" if "direct" in m.group() else "cast"
        return f"most frequent {dim} -> SQL", [[sql(f"top {dim}", t.sql_group(dim, f))]]
    if cue(frame, "average"):
        col = "seasons" if f.type == "TV Show" or "season" in c else "duration_minutes"
        f = f if f.type else replace(f, type="Movie" if col == "duration_minutes" else "TV Show")
        return f"average {col} -> SQL", [[sql(f"average {col}", t.sql_average(f, col))]]
    if cue(frame, "count"):
        return "count with filters -> SQL", [[sql("count matching titles", t.sql_count(f))]]
    for name, asc in (("longest", False), ("shortest", True), ("oldest", True), ("newest", False)):
        if not cue(frame, name):
            continue
        way = "ASC" if asc else "DESC"
        if name in ("oldest", "newest"):
            col = "s.date_added" if "added" in c else "s.release_year"
            order = f"{col} {way}, s.title"
        elif f.type == "TV Show" or "season" in c:
            f, order = replace(f, type="TV Show"), f"s.seasons {way}, s.title"
        else:
            f, order = replace(f, type=f.type or "Movie"), f"s.duration_minutes {way}, s.title"
        return f"{name} titles -> SQL ORDER BY", [[sql(f"{name} titles", t.sql_list(f, order, 15))]]
    return None


def external_steps(lex: Lexicon, frame: Frame, tools: set[str]) -> tuple[str, Steps, bool]:
    """(rule, steps, done): OMDb for critic facts, web for news; done = no catalog rule needed."""
    raw = re.search(rf"\b(?:of|for|did|does|is)\s+({CAP_WORD}(?:\s+{CAP_WORD}){{0,5}})\W*$",
                    frame.text[-300:])  # fmt: skip
    titles = _titles_for(lex, frame) or ([raw.group(1).strip()] if raw else [])
    if cue(frame, "omdb") and "omdb" in tools and titles:
        steps = [[call("omdb", f"IMDb/OMDb facts for {x}", title=x[:200],
                       year=(lex.show(x) or (None, None, None))[2]),
                  sql(f"catalog entry for {x}", t.sql_title_lookup([x], relaxed=True))]
                 for x in titles[:2]]  # fmt: skip
        steps.append([sql("catalog entries", t.sql_title_lookup(titles)),
                      sql("catalog entries (partial title)", t.sql_title_lookup(titles, True))])
        return "ratings/awards/plot -> OMDb plus the catalog row", steps, True
    news = cue(frame, "web_strong") or (
        cue(frame, "web_weak") and (frame.people or frame.titles) and "added" not in frame.cue)
    if news and "web" in tools:
        steps = [[call("web", "recent news", query=frame.text[:300], max_results=5),
                  semantic_call(frame.text, Filters(), "related catalog titles")]]  # fmt: skip
        if frame.titles:
            steps.append([sql("catalog entries", t.sql_title_lookup(frame.titles)),
                          sql("catalog entries (partial)", t.sql_title_lookup(frame.titles, True))])
        if frame.people:
            steps.extend((person_rule(replace(frame, cue="")) or ("", []))[1])
        return "news/recent events -> web search plus catalog rows of named entities", steps, True
    return "", [], False


def choose(lex: Lexicon, frame: Frame, tools: set[str]) -> tuple[str, Steps]:
    """The first matching rule for the frame, with external calls first."""
    m = cue(frame, "them")
    if m and not frame.prev_ids and frame.people:  # "who directed them?" after "X's movies"
        n, other = frame.people[0], "director" if "direct" in m.group() else "cast"
        return f"{other} of {n}'s titles -> graph query", [[
            cypher(f"{other} of titles with {n}", t.cy_costars(n, other)),
            sql(f"{other} of titles with {n}", t.sql_costars(n, False, other))]]
    if m and frame.prev_ids:
        role = "director" if "direct" in m.group() else "cast"
        ids = list(frame.prev_ids)
        return f"{role} of the previous answer's titles -> SQL", [[
            sql(f"{role} of the previous titles", t.sql_people(role, show_ids=ids), 100),
            call("graph_expand", "people of the previous titles", show_ids=ids[:10], depth=1)]]
    ext_rule, steps, done = external_steps(lex, frame, tools)
    if done:
        return ext_rule, steps
    found = (title_rule(lex, frame) or person_rule(frame) or similar_rule(lex, frame)
             or aggregate_rule(frame))  # fmt: skip
    if found is None and frame.titles and not frame.content:
        found = "named title -> SQL lookup", [[
            sql("catalog entries", t.sql_title_lookup(frame.titles)),
            sql("catalog entries (partial title)", t.sql_title_lookup(frame.titles, True))]]
    if found is None and (cue(frame, "semantic") or frame.content):
        m = SEM_LEAD.match(frame.text)
        text = frame.text[m.end():] if m and len(frame.text) - m.end() > 2 else frame.text
        text = HYBRID_TAIL.sub("", text) or text  # "... and the actors who starred in them"
        found = "descriptive question -> semantic search + full-text search", _search_steps(
            frame, text)
    if found is None and frame.filters != Filters():
        q = t.sql_list(frame.filters)
        found = "filters only -> SQL list", [[sql("titles matching the filters", q)]]
    if found is None:
        found = "no rule matched -> semantic + full-text fallback", _search_steps(frame, frame.text)
    rule = f"{ext_rule}; {found[0]}" if ext_rule else found[0]
    return rule, [*steps, *found[1]]


def non_english_rule(frame: Frame) -> tuple[str, Steps]:
    words = [w for w in WORD.findall(frame.text) if len(w) > 2 and w.casefold() not in _FOREIGN]
    steps = _search_steps(replace(frame, content=words[:8]), frame.text)
    if frame.people:
        n = frame.people[0]
        steps.append([cypher(f"titles of {n}", t.cy_person_works(n, None, Filters()))])
    return "non-English question -> semantic search + full-text search", steps


# -- the planner ----------------------------------------------------------------------------
def _key(c: PlannedCall) -> str:
    return f"{c.tool}:{sorted(c.args.items())!r}"


class OfflinePlanner:
    """Plans with fixed templates; `lexicon` names what the catalog knows."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon

    async def plan(self, ctx: PlanContext) -> tuple[ExecutionPlan, Usage]:
        try:
            return self.plan_sync(ctx), Usage()
        except Exception as exc:  # a rule bug must not end the turn: plan a plain search
            log.warning("offline planner rule failed", exc_info=True)
            calls = self._ensure([], ctx, " ".join((ctx.question or "").split())[:500])
            plan = ExecutionPlan(
                reasoning=f"Offline fallback: the rules failed ({type(exc).__name__}).",
                resolved_question=" ".join((ctx.question or "").split()) or "(empty question)",
                calls=calls, source="offline",
            )
            return plan, Usage(note=f"offline planner fallback: {type(exc).__name__}")

    def plan_sync(self, ctx: PlanContext) -> ExecutionPlan:
        tools = set(ctx.tool_names)
        if not WORD.search(ctx.question or ""):
            rule, resolved = "empty question -> summarise the catalog (counts by type)", ""
            steps: Steps = [[sql("catalog summary: titles by type", t.sql_summary())]]
        else:
            frame, resolved, follow = understand(self.lexicon, ctx.question, ctx.history)
            if is_non_english(frame.text):
                rule, steps = non_english_rule(frame)
            else:
                rule, steps = choose(self.lexicon, frame, tools)
            if follow:
                rule = f"follow-up resolved against the previous turn; {rule}"
        steps = [alts for alts in ([c for c in a if c.tool in tools] for a in steps) if alts]
        if ctx.iteration <= 1 or not ctx.previous_plans:
            calls, reasoning = [alts[0] for alts in steps], f"Offline rule: {rule}."
        else:
            calls, reasoning = self._replan(ctx, steps, resolved, rule)
        return ExecutionPlan(
            reasoning=reasoning,
            resolved_question=resolved or "What does the catalog hold?",
            calls=self._ensure(calls, ctx, resolved)[:MAX_CALLS],
            source="offline",
        )

    def _replan(
        self, ctx: PlanContext, steps: Steps, resolved: str, rule: str
    ) -> tuple[list[PlannedCall], str]:
        tried = {_key(c) for p in ctx.previous_plans for c in p.calls}
        paired = pair_results(ctx.previous_plans[-1].calls, ctx.results, ctx.iteration - 1)
        bad = {_key(c) for c, r in paired if is_bad(r)}
        calls: list[PlannedCall] = []
        for alts in steps:
            used = [c for c in alts if _key(c) in tried]
            if used and not any(_key(c) in bad for c in used):
                continue  # this step already has a usable result
            nxt = next((c for c in alts if _key(c) not in tried), None)
            if nxt is not None:
                calls.append(nxt)
        calls.extend(self._expand(ctx, resolved, tried))
        failed = [c.tool for c, r in paired if is_bad(r)]
        why = (f"{len(failed)} call(s) failed or came back empty ({', '.join(failed)})"
               if failed else "the evaluator asked for more")  # fmt: skip
        return calls, f"Offline replan: {why}; trying alternatives for: {rule}."

    @staticmethod
    def _expand(ctx: PlanContext, resolved: str, tried: set[str]) -> list[PlannedCall]:
        """Hybrid step: graph_expand the top semantic hits once they are known."""
        wanted = "graph_expand" in ctx.instructions or t.HYBRID_CUE.search(resolved)
        if "graph_expand" not in ctx.tool_names or not wanted:
            return []
        ids = [r["show_id"] for res in ctx.results if res.tool == "semantic" and not is_bad(res)
               for r in res.rows if t.SHOW_ID.match(str(r.get("show_id", "")))]  # fmt: skip
        if not ids:
            return []
        c = call("graph_expand", "people and genres around the semantic matches",
                 show_ids=list(dict.fromkeys(ids))[:5], depth=1, max_nodes=60)  # fmt: skip
        return [] if _key(c) in tried else [c]

    @staticmethod
    def _ensure(calls: list[PlannedCall], ctx: PlanContext, resolved: str) -> list[PlannedCall]:
        """Never an empty plan and never an identical repeat of an earlier call."""
        tried = {_key(c) for p in ctx.previous_plans for c in p.calls}
        calls = [c for c in {_key(c): c for c in calls}.values() if _key(c) not in tried]
        if calls:
            return calls
        text = resolved or "popular titles"
        words = [w for w in WORD.findall(text) if w.casefold() not in COMMON][:8] or ["netflix"]
        spare = [
            semantic_call(text, Filters(), "titles by meaning"),
            sql("full-text search of titles and descriptions", t.sql_fts(words, Filters()), 20),
            sql("catalog summary: titles by type", t.sql_summary()),
            sql("catalog summary by year", t.sql_group("year", Filters(), limit=10 + len(tried))),
            call("web", "web search", query=text[:300], max_results=5),
            cypher("graph summary", "MATCH (s:Show) RETURN s.type AS type, count(s) AS titles"),
        ]
        fresh = [c for c in spare if c.tool in ctx.tool_names and _key(c) not in tried]
        return fresh[:1] or [c for c in spare if c.tool in ctx.tool_names][:1] or [spare[2]]
