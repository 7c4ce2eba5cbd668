"""A count over both types says how many are movies and how many TV shows ("how many
documentaries": 151 (77 movies, 74 TV shows)), so a word read over both types ("documentaries"
is the movie genre Documentaries or the TV genre Docuseries) is answered for either reading; a
count of one type says nothing more. Truth: the tiny catalog's rows, counted here."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import SynthContext
from agentic_rag.agent.rules.writer import OfflineSynthesizer
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import ROWS, SQL_SCHEMA, plan

TYPE, COUNTRY = 2, 9  # columns of ROWS


def _lead(lexicon, db, question: str) -> str:
    p = plan(lexicon, question)
    (call,) = [c for c in p.calls if c.role == "answer"]
    cur = db.execute(check_sql(call.args["query"], schema=SQL_SCHEMA).sql)
    cols = [d[0] for d in cur.description]
    rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=rows)
    ctx = SynthContext(question=question, results=[result], plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    return OfflineSynthesizer().compose(ctx)[0]


@pytest.mark.parametrize(
    "question", ["how many titles from South Korea", "number of South Korean titles?"]
)
def test_a_count_of_both_types_gives_each_type(lexicon, db, question):
    korean = [r for r in ROWS if r[COUNTRY] == "South Korea"]
    movies = sum(r[TYPE] == "Movie" for r in korean)
    shows = len(korean) - movies
    assert movies and shows
    lead = _lead(lexicon, db, question)
    assert f"**{len(korean)}**" in lead
    assert f"({movies} movie{'s' if movies > 1 else ''}, {shows} TV show" in lead


def test_a_count_of_one_type_says_only_the_count(lexicon, db):
    movies = sum(r[TYPE] == "Movie" and r[COUNTRY] == "South Korea" for r in ROWS)
    lead = _lead(lexicon, db, "how many movies from South Korea")
    assert f"**{movies}**" in lead and "TV show" not in lead


def test_a_count_with_no_titles_of_one_type_names_no_split(lexicon, db):
    egypt = [r for r in ROWS if r[COUNTRY] == "Egypt"]
    assert {r[TYPE] for r in egypt} == {"Movie"}
    lead = _lead(lexicon, db, "how many titles are from Egypt")
    assert f"**{len(egypt)}**" in lead and "TV show" not in lead


@pytest.mark.parametrize(
    "question",
    [
        "how many titles are from South Korea and name them",
        "how many South Korean titles are there, list them",
    ],
)
def test_how_many_and_name_them_gives_the_count_once_and_the_names(lexicon, db, question):
    p = plan(lexicon, question)
    first, second = p.reading
    assert first.op == "count" and second.op == "list" and first.titles == second.titles
    results = []
    for j, call in enumerate(p.calls, 1):
        cur = db.execute(check_sql(call.args["query"], schema=SQL_SCHEMA).sql)
        cols = [d[0] for d in cur.description]
        rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
        results.append(ToolResult(call_id=f"1.{j}", tool="sql", status=ToolStatus.OK, rows=rows))
    ctx = SynthContext(question=question, results=results, plans=[p], incomplete_reason=None,
                       mode_label="offline")  # fmt: skip
    counted, named = OfflineSynthesizer().compose(ctx)[:2]
    korean = [r[1] for r in ROWS if r[COUNTRY] == "South Korea"]
    assert f"**{len(korean)}**" in counted
    assert named.startswith("They are") and all(f"**{t}**" in named for t in korean)
