"""The offline planner's rules: map a `Frame` to steps of template tool calls.

A step is a list of alternative calls: the first is planned, the others are what a replan
tries when it failed or came back empty. `choose` tries the rules in order (external facts,
named titles, people, similar titles, aggregates, descriptive search, filters, fallback).
"""

from __future__ import annotations

import re
from dataclasses import replace

from agentic_rag.agent.models import PlannedCall
from agentic_rag.agent.offline import templates as t
from agentic_rag.agent.offline.frame import FOREIGN, Frame, cue
from agentic_rag.agent.offline.lexicon import COMMON, WORD, Lexicon
from agentic_rag.agent.offline.scope import off_catalog
from agentic_rag.agent.offline.templates import Filters, call, semantic_call

Steps = list[list[PlannedCall]]
_I = re.IGNORECASE
CAP_WORD = r"[A-Z0-9][\w.'’:&-]*"
HYBRID_TAIL = re.compile(
    r"\s*,?\s*\b(?:and|with|plus)\s+(?:the\s+|their\s+)?(?:actors?|cast|directors?|people|"
    r"who\s+(?:directed|starred))\b.*$",
    _I,
)
SEM_LEAD = re.compile(r"^.*?\b(?:about|where|in which|involving|whose)\s+", _I)


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
    return [
        semantic,
        [
            sql("full-text search of titles and descriptions", t.sql_fts(words, f), 20),
            sql("full-text search without filters", t.sql_fts(words, loose), 20),
        ],
    ]


def lookup(titles: list[str]) -> list[PlannedCall]:
    """The catalog rows of named titles: exact titles, then a partial-title alternative."""
    return [sql("catalog entries", t.sql_title_lookup(titles)),
            sql("catalog entries (partial title)", t.sql_title_lookup(titles, True))]  # fmt: skip


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
        return f"{what.split(' who')[0]} who worked with a person -> graph query", [
            [
                cypher(what, t.cy_costars(n, other)),
                sql(what, t.sql_costars(n, False, other)),
                sql(f"{what} (partial name)", t.sql_costars(n.split()[-1], True, other)),
            ]
        ]
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
        works.insert(
            0 if names else 1,
            cypher(f"titles of {name} ({who})", t.cy_person_works(name, role, f, relaxed)),
        )
    steps = [works]
    if cue(frame, "count"):
        q = t.sql_person_works(name, role, f, relaxed, count=True)
        steps.insert(0, [sql(f"count titles of {name}", q)])
    return f"titles of a person ({who}) -> graph query with SQL alternatives", steps


def similar_rule(lex: Lexicon, frame: Frame) -> tuple[str, Steps] | None:
    m = cue(frame, "similar")
    titles = [x for x in _titles_for(lex, frame) if m and x.casefold() in frame.cue[m.start() :]]
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
        if cue(frame, name) and not (frame.titles and not top):  # "which country is X from?"
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
    if cue(frame, "count") and frame.titles:  # "how many seasons does X have?": X's row
        return "count about a named title -> its catalog row", [lookup(frame.titles)]
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
    """(rule, steps, done): OMDb for critic facts, web for news and for facts the catalog does
    not hold; done = no catalog rule needed."""
    raw = re.search(rf"\b(?:of|for|did|does|is)\s+({CAP_WORD}(?:\s+{CAP_WORD}){{0,5}})\W*$",
                    frame.text[-300:])  # fmt: skip
    titles = _titles_for(lex, frame) or ([raw.group(1).strip()] if raw else [])
    if cue(frame, "omdb") and "omdb" in tools and titles:
        steps = [[call("omdb", f"IMDb/OMDb facts for {x}", title=x[:200],
                       year=(lex.show(x) or (None, None, None))[2]),
                  sql(f"catalog entry for {x}", t.sql_title_lookup([x], relaxed=True))]
                 for x in titles[:2]]  # fmt: skip
        steps.append(lookup(titles))
        return "ratings/awards/plot -> OMDb plus the catalog row", steps, True
    news = cue(frame, "web_strong") or (
        cue(frame, "web_weak") and (frame.people or frame.titles) and "added" not in frame.cue
    )
    if news and "web" in tools:
        steps = [[call("web", "recent news", query=frame.text[:300], max_results=5),
                  semantic_call(frame.text, Filters(), "related catalog titles")]]  # fmt: skip
        if frame.titles:
            steps.append(lookup(frame.titles))
        if frame.people:
            steps.extend((person_rule(replace(frame, cue="")) or ("", []))[1])
        return "news/recent events -> web search plus catalog rows of named entities", steps, True
    if what := off_catalog(_unnamed(frame)):
        return *off_catalog_rule(frame, titles, what, tools), True
    return "", [], False


def _unnamed(frame: Frame) -> str:
    """The question with its named titles and people blanked (a title may say 'Weather')."""
    text = frame.text
    for name in (*frame.titles, *frame.people):
        text = re.sub(re.escape(name), " ", text, flags=_I)
    return text


def off_catalog_rule(
    frame: Frame, titles: list[str], what: str, tools: set[str]
) -> tuple[str, Steps]:
    """Facts the catalog lacks (viewers, money, weather): web when available, plus the catalog
    rows of the titles and people named (never a catalog-wide count)."""
    titles = [x for x in titles if x not in frame.people
              and any(w.casefold() not in COMMON for w in WORD.findall(x))]  # fmt: skip
    steps: Steps = []
    if "web" in tools:
        steps.append([call("web", f"{what} (not in the catalog)", query=frame.text[:300],
                           max_results=5)])  # fmt: skip
    if titles:
        steps.append(lookup(titles))
    if frame.people:
        steps.extend((person_rule(replace(frame, cue="")) or ("", []))[1])
    if not steps:  # no web and nothing named: related titles, never a count
        steps = _search_steps(frame.for_plot(), frame.text)
    return f"{what}: not in the catalog -> web search plus catalog rows of named entities", steps


def choose(lex: Lexicon, frame: Frame, tools: set[str]) -> tuple[str, Steps]:
    """The first matching rule for the frame, with external calls first."""
    m = cue(frame, "them")
    if m and not frame.prev_ids and frame.people:  # "who directed them?" after "X's movies"
        n, other = frame.people[0], "director" if "direct" in m.group() else "cast"
        return f"{other} of {n}'s titles -> graph query", [
            [
                cypher(f"{other} of titles with {n}", t.cy_costars(n, other)),
                sql(f"{other} of titles with {n}", t.sql_costars(n, False, other)),
            ]
        ]
    if m and frame.prev_ids:
        role = "director" if "direct" in m.group() else "cast"
        ids = list(frame.prev_ids)
        return f"{role} of the previous answer's titles -> SQL", [
            [
                sql(f"{role} of the previous titles", t.sql_people(role, show_ids=ids), 100),
                call("graph_expand", "people of the previous titles", show_ids=ids[:10], depth=1),
            ]
        ]
    ext_rule, steps, done = external_steps(lex, frame, tools)
    if done:
        return ext_rule, steps
    found = (title_rule(lex, frame) or person_rule(frame) or similar_rule(lex, frame)
             or aggregate_rule(frame))  # fmt: skip
    if found is None and frame.titles and not frame.content:
        found = "named title -> SQL lookup", [lookup(frame.titles)]
    if found is None and (cue(frame, "semantic") or frame.content):
        m = SEM_LEAD.match(frame.text)
        text = frame.text[m.end() :] if m and len(frame.text) - m.end() > 2 else frame.text
        text = HYBRID_TAIL.sub("", text) or text  # "... and the actors who starred in them"
        found = (
            "descriptive question -> semantic search + full-text search",
            _search_steps(frame.for_plot(), text),
        )
    if found is None and frame.filters != Filters():
        q = t.sql_list(frame.filters)
        found = "filters only -> SQL list", [[sql("titles matching the filters", q)]]
    if found is None:
        found = "no rule matched -> semantic + full-text fallback", _search_steps(frame, frame.text)
    rule = f"{ext_rule}; {found[0]}" if ext_rule else found[0]
    return rule, [*steps, *found[1]]


def non_english_rule(frame: Frame) -> tuple[str, Steps]:
    words = [w for w in WORD.findall(frame.text) if len(w) > 2 and w.casefold() not in FOREIGN]
    steps = _search_steps(replace(frame, content=words[:8]), frame.text)
    if frame.people:
        n = frame.people[0]
        steps.append([cypher(f"titles of {n}", t.cy_person_works(n, None, Filters()))])
    return "non-English question -> semantic search + full-text search", steps
