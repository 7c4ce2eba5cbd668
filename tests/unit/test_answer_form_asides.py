"""Words that only say what form the answer takes ("… just the year", "…, number only", "names
only pls") ask nothing more of the catalog: they are set aside like words of tone, and the
question before them is read as if they were not there. Wordings written for this test; truths
from the CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import asides, confidence
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import SQL_SCHEMA, plan


def _dicts(db, query: str) -> list[dict]:
    cur = db.execute(check_sql(query, schema=SQL_SCHEMA).sql)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("longest indian documentary — when did netflix add it? just the year", "just the year"),
        ("how many korean movies are there, number only", "number only"),
        ("oldest turkish film - who directed it? names only pls", "names only pls"),
    ],
)
def test_an_answer_form_is_set_aside(catalog_reader, question, form):
    aside = asides.set_aside(question, catalog_reader.tagger)
    assert form in " ".join(aside.ignored)
    assert form not in aside.kept


def test_the_year_asked_of_the_title_before_is_its_entry(catalog_df, catalog_reader, real_db):
    question = "longest indian documentary — when did netflix add it? just the year"
    first = plan(catalog_reader.lex, question)
    assert [s.op for s in first.reading] == ["top", "describe"]
    top = _dicts(real_db, next(c.args["query"] for c in first.calls if c.tool == "sql"))
    docs = catalog_df[
        catalog_df["country"].fillna("").str.contains("India")
        & catalog_df["listed_in"].str.contains("Documentaries")
        & (catalog_df["type"] == "Movie")
    ]
    minutes = docs["duration"].str.extract(r"(\d+)")[0].astype(int)
    truth = docs.loc[minutes.idxmax()]
    assert top[0]["title"] == truth["title"]
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=top)
    second = plan(
        catalog_reader.lex, question, iteration=2, previous_plans=[first], results=[result]
    )
    entry = _dicts(real_db, next(c.args["query"] for c in second.calls if c.part == 2))
    year = truth["date_added"].strip()[-4:]
    assert any(str(r.get("date_added", "")).startswith(year) for r in entry)


@pytest.mark.parametrize(
    "question",
    [
        "how many korean movies are there, just the number",
        "how many anime series are there? count only",
        "how many turkish films are there - just the total",
    ],
)
def test_a_count_with_its_answer_form_leaves_no_word_unused(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count"]
    _, u = confidence.features(catalog_reader, question, specs, "")
    assert not u.unused and not u.meaning, (u.unused, u.meaning)
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("question", "title", "held"),
    [
        ("moana in the catalog y/n", "Moana", False),
        ("paddington 2 on here y/n", "Paddington 2", False),
        ("squid game y/n", "Squid Game", True),
        ("is bird box on netflix yes/no", "Bird Box", True),
    ],
)
def test_a_yes_no_tag_is_set_aside_and_the_title_asked_for_is_read(
    catalog_df, catalog_reader, question, title, held
):
    """ "y/n", "yes/no" after a question say only that a yes or no will do: the title before
    them is looked up (its entry, or said absent), never searched for or listed by its people."""
    assert (catalog_df["title"].str.casefold() == title.casefold()).any() == held
    aside = asides.set_aside(question, catalog_reader.tagger)
    assert aside.ignored and "y" not in aside.kept.split()[-1:]
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe", question
    if held:
        assert spec.titles.titles == [title] and not spec.absent
    else:
        assert [a.name for a in spec.absent] == [title]
    p = plan(catalog_reader.lex, question)
    assert p.confidence is not None and p.confidence.probability >= 0.8
