"""A noun of what is asked of a title, alone as a later part ("the oldest musical film —
director?", "longest danish movie, cast?", "… : its rating?") or as a whole follow-up
("director?" after "oldest korean movie"), asks it of the part (or turn) before, as "who directed
it" would; a role noun the reading neither filters on nor shows leaves it unsure. Wordings
written for this test; truths from the CSV, the answers' rows from the built store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import confidence
from agentic_rag.agent.rules.split import split
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import SQL_SCHEMA, plan


def _dicts(db, query: str) -> list[dict]:
    cur = db.execute(check_sql(query, schema=SQL_SCHEMA).sql)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]


def _first(df, kind: str, country: str | None, genre: str | None, by: str, oldest: bool):
    """The title a ranking of one picks: the CSV's own first (ties by the store's order)."""
    rows = df[df["type"] == kind]
    if country:
        rows = rows[rows["country"].fillna("").str.contains(country)]
    if genre:
        rows = rows[rows["listed_in"].fillna("").str.contains(genre, regex=False)]
    if by == "minutes":
        rows = rows.assign(m=rows["duration"].str.extract(r"(\d+)")[0].astype(float))
        return rows.sort_values("m", ascending=oldest).iloc[0]
    return rows.sort_values("release_year", ascending=oldest).iloc[0]


def _names(cell) -> set[str]:
    return {x.strip() for x in str(cell).split(",")} if isinstance(cell, str) else set()


@pytest.mark.parametrize(
    ("question", "role", "kind", "country", "genre", "by", "oldest"),
    [
        (
            "the oldest music & musicals film — director?",
            "director",
            "Movie",
            None,
            "Music & Musicals",
            "year",
            True,
        ),
        ("longest danish movie, cast?", "cast", "Movie", "Denmark", None, "minutes", False),
        ("oldest polish film + directors?", "director", "Movie", "Poland", None, "year", True),
    ],
)
def test_a_bare_role_noun_asks_the_people_of_the_title_before(
    catalog_df, catalog_reader, real_db, question, role, kind, country, genre, by, oldest
):
    first = plan(catalog_reader.lex, question)
    assert [s.op for s in first.reading] == ["top", "people"]
    assert first.reading[1].role == role and first.reading[1].ref == "first"
    top = _dicts(real_db, next(c.args["query"] for c in first.calls if c.tool == "sql"))
    truth = _first(catalog_df, kind, country, genre, by, oldest)
    assert top[0]["title"] == truth["title"]
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=top)
    second = plan(
        catalog_reader.lex, question, iteration=2, previous_plans=[first], results=[result]
    )
    sql = next(c.args["query"] for c in second.calls if c.part == 2 and c.tool == "sql")
    people = {r["name"] for r in _dicts(real_db, sql)}
    assert people == _names(truth["director" if role == "director" else "cast"])
    assert second.confidence is not None and second.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("the newest icelandic film: its rating?", "what is it rated"),
        ("oldest british show. seasons?", "how many seasons does it have"),
        ("shortest spanish movie, plot?", "what is it about"),
        ("the longest korean film and release year?", "what year did it come out"),
    ],
)
def test_a_bare_title_noun_asks_the_entry_of_the_title_before(catalog_reader, question, asked):
    assert split(question)[1] == asked
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["top", "describe"] and specs[1].ref == "first"


@pytest.mark.parametrize(
    "question",
    [
        "movies by country",
        "most common rating",
        "list horror movies with a rating of tv-ma",
        "what is the rating of the crown",
    ],
)
def test_a_noun_inside_a_clause_is_no_part(question):
    assert split(question) == [question]


@pytest.mark.parametrize(
    ("first", "then", "role", "column"),
    [
        ("oldest korean movie", "director?", "director", "director"),
        ("the longest turkish film", "and the cast?", "cast", "cast"),
        ("newest norwegian movie", "directed by?", "director", "director"),
    ],
)
def test_a_follow_up_of_only_a_role_noun_is_the_people_of_the_answer(
    catalog_df, catalog_reader, real_db, first, then, role, column
):
    before = plan(catalog_reader.lex, first)
    top = _dicts(real_db, next(c.args["query"] for c in before.calls if c.tool == "sql"))
    turn = TurnSummary(first, first, "...", show_ids=[top[0]["show_id"]])
    p = plan(catalog_reader.lex, then, history=[turn])
    (spec,) = p.reading
    assert spec.op == "people" and spec.role == role
    names = {r["name"] for r in _dicts(real_db, next(c.args["query"] for c in p.calls))}
    truth = catalog_df[catalog_df["title"] == top[0]["title"]].iloc[0]
    assert names == _names(truth[column])


@pytest.mark.parametrize(
    "question",
    [
        "the oldest music & musicals film director",
        "longest danish movie cast",
        "newest thai film directors",
    ],
)
def test_a_role_noun_a_ranking_of_titles_neither_reads_nor_shows_is_unsure(
    catalog_reader, question
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["top"]
    feats, _ = confidence.features(catalog_reader, question, specs, "")
    assert confidence.probability(feats) < 0.5
