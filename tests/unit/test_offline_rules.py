"""Offline planner rules for question shapes beyond plain filters (in-memory lexicon).

Missing-field filters ("no director listed"), per-year/country/genre peaks phrased many ways,
plot words that must stay soft in descriptive questions, hybrid expansion of the best hits,
and questions about facts the catalog does not hold (viewers, money, weather).
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from agentic_rag.agent.interfaces import EvalContext, PlanContext, SynthContext
from agentic_rag.agent.models import ExecutionPlan
from agentic_rag.agent.offline.evaluator import OfflineEvaluator
from agentic_rag.agent.offline.filters import Filters
from agentic_rag.agent.offline.lexicon import Lexicon
from agentic_rag.agent.offline.planner import OfflinePlanner
from agentic_rag.agent.offline.scope import head_end, missing_fields, off_catalog
from agentic_rag.agent.offline.synthesizer import OfflineSynthesizer
from agentic_rag.stores.sqlite_build import SCHEMA
from agentic_rag.tools.base import SourceRef, ToolResult, ToolStatus
from agentic_rag.tools.sql_guard import check_sql

ALL_TOOLS = ("sql", "semantic", "cypher", "graph_expand", "web")
NO_WEB = ("sql", "semantic", "cypher", "graph_expand")
GENRES = [
    "Comedies", "Documentaries", "Docuseries", "Dramas", "Horror Movies", "TV Horror",
    "International TV Shows", "Kids' TV", "Children & Family Movies", "TV Mysteries",
    "Crime TV Shows", "TV Dramas", "Thrillers", "TV Thrillers",
]  # fmt: skip
COUNTRIES = ["Germany", "Spain", "India", "United States", "South Korea", "Japan"]
SHOWS = {
    "Ozark": ("s10", "TV Show", 2020, "A financial adviser launders money for a drug boss."),
    "Roma": ("s11", "Movie", 2018, "A year in the life of a housekeeper in Mexico City."),
}
PEOPLE = ["Tom Hanks", "Jason Bateman"]


@pytest.fixture(scope="module")
def planner() -> OfflinePlanner:
    lex = Lexicon(GENRES, COUNTRIES, ["PG-13", "R", "TV-MA"], people=PEOPLE, shows=SHOWS)
    return OfflinePlanner(lex)


@pytest.fixture(scope="module")
def db() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    return conn


@pytest.fixture
def ask(planner, db):
    def _ask(question: str, tools=ALL_TOOLS, **kw) -> ExecutionPlan:
        ctx = PlanContext(question, [], kw.pop("iteration", 1), "", "", tools, **kw)
        plan = asyncio.run(planner.plan(ctx))[0]
        for c in plan.calls:
            assert c.tool in tools
            if c.tool == "sql":
                db.execute(check_sql(c.args["query"]).sql).fetchall()
        return plan

    return _ask


def sqls(plan: ExecutionPlan) -> list[str]:
    return [c.args["query"] for c in plan.calls if c.tool == "sql"]


def semantic_args(plan: ExecutionPlan) -> dict:
    (c,) = [c for c in plan.calls if c.tool == "semantic"]
    return c.args


# -- 1. missing fields ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "fields"),
    [("Which films don't have a director?", ("director",)),
     ("shows lacking any cast", ("cast",)), ("titles whose country is unknown", ("country",)),
     ("movies with no age rating", ("rating",)),
     ("a show with no director and no cast listed", ("director", "cast")),
     ("No Country for Old Men", ()), ("the director of Roma", ())],
)  # fmt: skip
def test_missing_field_phrases(text, fields):
    assert missing_fields(text)[0] == fields


def test_missing_fields_filter_in_sql_only():
    f = Filters(type="Movie", missing=("director", "country"))
    assert f.sql()[-2:] == ["s.director IS NULL", "s.country IS NULL"]
    assert not f.cypher_ok and Filters(missing=("cast",)).sql() == ["s.cast_members IS NULL"]


def test_count_without_a_director(ask):
    p = ask("How many TV shows from Japan don't have a director?")
    (q,) = sqls(p)
    assert q.startswith("SELECT count(*)") and "s.director IS NULL" in q
    assert "s.type = 'TV Show'" in q and "'Japan'" in q


def test_missing_country_lists_instead_of_grouping(ask):
    (q,) = sqls(ask("Which titles have no country listed?"))
    assert "s.country IS NULL" in q and "GROUP BY" not in q
    (q,) = sqls(ask("list movies without any cast"))
    assert "s.cast_members IS NULL" in q and "s.type = 'Movie'" in q


def test_missing_field_with_a_person_stays_sql(ask):
    p = ask("Movies starring Tom Hanks with no director listed")
    assert p.calls[0].tool == "sql" and "s.director IS NULL" in p.calls[0].args["query"]
    assert "cypher" not in {c.tool for c in p.calls}


# -- 2. peaks per year / country / genre -------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    ["What year saw the most releases?", "In which release year were the most films made?",
     "Which was the busiest year for new TV shows?", "Tell me the year with the most titles",
     "the peak release year for documentaries"],
)  # fmt: skip
def test_peak_year_phrasings_group_by_year(ask, question):
    (q,) = sqls(ask(question))
    assert "GROUP BY s.release_year ORDER BY titles DESC" in q


@pytest.mark.parametrize(
    ("question", "group"),
    [("Which country has the most shows?", "c.name"), ("most common genre among movies", "g.name"),
     ("What category has the most titles?", "g.name"),
     ("What rating do most TV shows have?", "s.rating")],
)  # fmt: skip
def test_peak_country_genre_rating(ask, question, group):
    (q,) = sqls(ask(question))
    assert f"GROUP BY {group} ORDER BY titles DESC" in q


def test_year_or_country_of_a_named_title_is_a_lookup(ask):
    for question in ("What year did Ozark come out?", "Which country is Roma from?"):
        (q,) = sqls(ask(question))
        assert "GROUP BY" not in q and "s.title IN (" in q


# -- 3. plot words are not hard filters ----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "head"),
    [("Which show is about kids who play a deadly game?", "Which show"),
     ("Is there a Spanish series where a heist goes wrong?", "Is there a Spanish series"),
     ("What documentary shows rare footage of whales?", "What documentary"),
     ("horror movies from the 90s about a haunted house", "horror movies from the 90s"),
     ("Find documentary series from Japan about trains", "Find documentary series from Japan"),
     ("a thief who steals dreams", "")],
)  # fmt: skip
def test_head_of_a_descriptive_question(text, head):
    assert text[: head_end(text)] == head


def test_plot_genre_words_stay_soft(ask):
    p = ask("Which show is about kids who play a deadly game for money?")
    assert semantic_args(p) == {"query": "kids who play a deadly game for money?", "n_results": 8,
                                "type": "TV Show"}  # fmt: skip
    assert "Kids' TV" not in sqls(p)[0]
    p = ask("Is there a series where a detective solves a mystery in a small village?")
    assert "genre" not in semantic_args(p) and "TV Mysteries" not in sqls(p)[0]
    assert '"mystery"' in sqls(p)[0]  # the plot word still feeds the full-text search


def test_genre_named_as_the_thing_asked_for_is_a_filter(ask):
    p = ask("horror movies about a cursed doll")
    assert semantic_args(p)["genre"] == "Horror Movies" and semantic_args(p)["type"] == "Movie"
    p = ask("a thriller where a hacker hunts a killer")
    assert "Thrillers" in sqls(p)[0]


def test_documentary_does_not_force_tv_shows(ask):
    p = ask("What documentary shows rare footage of deep sea creatures?")
    args = semantic_args(p)
    assert "type" not in args and "genre" not in args
    assert "'Documentaries', 'Docuseries'" in sqls(p)[0]
    assert "type" not in semantic_args(ask("documentaries about climbing mountains"))


def test_head_country_kept_plot_country_and_years_dropped(ask):
    args = semantic_args(ask("Is there a German series where a family hides a secret?"))
    assert args["country"] == "Germany" and args["type"] == "TV Show"
    args = semantic_args(ask("a movie about an Indian family in the 1970s that moves to Spain"))
    assert args == {"query": "an Indian family in the 1970s that moves to Spain", "n_results": 8,
                    "type": "Movie"}  # fmt: skip


def test_closing_filter_clause_is_kept(ask):
    args = semantic_args(ask("Which documentaries about whales are from Japan?"))
    assert args["country"] == "Japan"
    args = semantic_args(ask("films about first love that were released in 2020"))
    assert (args["type"], args["year_from"], args["year_to"]) == ("Movie", 2020, 2020)
    args = semantic_args(ask("a movie about a chef who is from Spain"))
    assert "country" not in args  # a relative clause of the plot, not a filter


def test_count_about_a_named_title_reads_its_row(ask):
    (q,) = sqls(ask("How many seasons does Ozark have?"))
    assert "count(" not in q and "s.title IN ('Ozark')" in q


# -- 4. hybrid: expand the best hits, show each show's people -------------------------------------
def _semantic(ids: list[str]) -> ToolResult:
    return ToolResult(tool="semantic", call_id="1.1", status=ToolStatus.OK,
                      rows=[{"show_id": i, "title": i} for i in ids])  # fmt: skip


def test_hybrid_expands_only_the_top_hits(ask):
    question = "Who starred in the series about a chef who opens a restaurant?"
    first = ask(question)
    second = ask(question, iteration=2, previous_plans=[first],
                 results=[_semantic(["s5", "s6", "s7", "s8"])])  # fmt: skip
    (c,) = [c for c in second.calls if c.tool == "graph_expand"]
    assert c.args["show_ids"] == ["s5", "s6"]
    ctx = EvalContext(question, 1, 3, [first], [_semantic(["s5", "s6", "s7"])],
                      [_semantic(["s5", "s6", "s7"])], ALL_TOOLS)  # fmt: skip
    assert "s5, s6 " in OfflineEvaluator().decide(ctx).replan_instructions


def _graph_rows() -> ToolResult:
    def row(sid, title, relation, name):
        return {"show_id": sid, "title": title, "relation": relation, "name": name,
                "related_show_id": None, "related_title": None, "via": None}  # fmt: skip

    rows = [row("s2", "Second Hit", "directed_by", "Dana Director"),
            row("s1", "Top Hit", "directed_by", "Ann Director"),
            *(row(s, t, "genre", "Dramas") for s, t in (("s2", "Second Hit"), ("s1", "Top Hit"))),
            *(row("s2", "Second Hit", "cast", f"Second Actor {i}") for i in range(8)),
            *(row("s1", "Top Hit", "cast", f"Lead Actor {i}") for i in range(8))]  # fmt: skip
    sources = [SourceRef(kind="graph_node", ref=f"show:{s}", show_id=s) for s in ("s1", "s2")]
    return ToolResult(tool="graph_expand", call_id="2.1", status=ToolStatus.OK, rows=rows,
                      message="22 neighbour(s) of 2 show(s)", sources=sources)  # fmt: skip


def synthesize(question: str, results: list[ToolResult]) -> str:
    ctx = SynthContext(question, results, [], None, "offline")
    return asyncio.run(OfflineSynthesizer().synthesize(ctx, lambda _: None))[0]


def test_graph_expand_is_rendered_per_show_in_hit_order():
    text = synthesize("Who starred in the show about X?", [_graph_rows()])
    lines = [line for line in text.splitlines() if line.startswith("- **")]
    assert lines[0].startswith("- **Top Hit** — directors: Ann Director; cast: Lead Actor 0")
    assert "Lead Actor 4 (+3 more); genres: Dramas" in lines[0]
    assert "Lead Actor 5" not in text and lines[1].startswith("- **Second Hit**")


# -- 5. facts the catalog does not hold ------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "what"),
    [("How many viewers did the Ozark finale get?", "viewing figures"),
     ("how many dollars did Roma make", "money figures"),
     ("What's the weather forecast for Madrid this weekend?", "weather forecasts"),
     ("What is Netflix's share price today?", "stock prices"),
     ("How many people acted in Ozark?", None), ("How many cast members does Ozark have?", None),
     ("a film about a boxer who wins an award", None), ("How many movies are from Spain?", None)],
)  # fmt: skip
def test_off_catalog_detection(text, what):
    assert off_catalog(text) == what


def test_how_many_viewers_is_not_a_catalog_count(ask):
    p = ask("How many viewers watched Ozark last weekend?")
    assert [c.tool for c in p.calls] == ["web", "sql"]
    assert "count(*)" not in sqls(p)[0] and "'Ozark'" in sqls(p)[0]
    p = ask("How many viewers watched Ozark last weekend?", tools=NO_WEB)
    (q,) = sqls(p)
    assert "count(" not in q and "'Ozark'" in q


def test_weather_and_stock_questions_plan_web(ask):
    for question in ("Will it rain in Chicago on Friday?", "What is the stock price of Netflix?"):
        p = ask(question)
        assert [c.tool for c in p.calls] == ["web"], question
        p = ask(question, tools=NO_WEB)
        assert all("count(" not in q for q in sqls(p))


def test_personal_facts_look_up_the_person_not_a_title(ask):
    p = ask("How old is Tom Hanks?")
    assert p.calls[0].tool == "web" and not any("s.title" in q for q in sqls(p))
    assert any("Tom Hanks" in c.args.get("query", "") for c in p.calls[1:])


def test_a_plot_mentioning_awards_stays_semantic(ask):
    p = ask("movies about an actress who wins an Oscar")
    assert [c.tool for c in p.calls] == ["semantic", "sql"]


def test_synthesizer_says_the_catalog_lacks_the_figure():
    row = ToolResult(tool="sql", call_id="1.2", status=ToolStatus.OK, message="1 row",
                     rows=[{"show_id": "s10", "title": "Ozark", "type": "TV Show"}])  # fmt: skip
    text = synthesize("How many people watched Ozark yesterday?", [row])
    assert "The catalog has no viewing figures" in text and "Ozark" in text
    assert "could not" not in synthesize("How many movies are from Spain?", [row]).casefold()
