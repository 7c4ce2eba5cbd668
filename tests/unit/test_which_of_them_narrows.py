"""A follow-up that opens "which of em / those / the shows" narrows the previous turn's set of
titles ('em is chat shorthand for them); after an answer that is no set of titles (people,
groups of a ranking, one title) it has nothing to narrow, and its reading is not sure. A "genre?"
or "what is it rated" after a listing of several titles is none of them in particular: unsure.
Wordings written for this test; truths from the CSV, over the built store."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from agentic_rag.agent.rules import narrowing, ties
from agentic_rag.tools.base import ToolResult, ToolStatus
from agentic_rag.tools.sql.guard import check_sql
from tests.unit.test_offline_planner import SQL_SCHEMA, plan, rows


def _seasons(catalog_df, country: str) -> set[str]:
    shows = catalog_df[
        (catalog_df["type"] == "TV Show") & catalog_df["country"].fillna("").str.contains(country)
    ]
    n = shows["duration"].str.extract(r"(\d+)")[0].astype(int)
    return set(shows[n > 1]["title"])


@pytest.mark.parametrize(
    ("first", "then", "country"),
    [
        ("list the danish tv shows", "which of em have more than 1 season", "Denmark"),
        ("show me norwegian tv shows", "which of the shows have more than one season", "Norway"),
        ("list the finnish series", "which ones of 'em run more than a season", "Finland"),
    ],
)
def test_which_of_em_narrows_the_set_before(
    catalog_df, catalog_reader, real_db, first, then, country
):
    before = TurnSummary(first, first, "...")
    p = plan(catalog_reader.lex, then, history=[before])
    (spec,) = p.reading
    assert spec.op == "list"
    titles = {r[1] for r in rows(real_db, p)}
    assert titles == _seasons(catalog_df, country)
    assert p.confidence is not None and p.confidence.probability >= 0.8


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("who directed the crown", "which of those are from 2019"),
        ("top 5 countries by number of movies", "which of em has the most comedies"),
        ("what's the longest movie", "which of those are comedies"),
    ],
)
def test_which_of_those_after_no_set_of_titles_is_unsure(catalog_reader, first, then):
    shown = ["s1"] if "longest" in first else []
    before = TurnSummary(first, first, "...", show_ids=shown)
    p = plan(catalog_reader.lex, then, history=[before])
    assert any(narrowing.UNNARROWED in s.notes for s in p.reading)
    assert p.confidence is not None
    assert p.confidence.probability <= narrowing.UNNARROWED_SURE


@pytest.mark.parametrize("then", ["genre?", "what is it rated", "how long is it"])
def test_it_after_a_listing_of_several_is_unsure(catalog_df, catalog_reader, real_db, then):
    first = "list the danish tv shows"
    listing = plan(catalog_reader.lex, first)
    ids = [r[0] for r in rows(real_db, listing)]
    danish = catalog_df["country"].fillna("").str.contains("Denmark")
    assert len(ids) == len(catalog_df[(catalog_df["type"] == "TV Show") & danish])
    history = [TurnSummary(first, first, "...", show_ids=ids)]
    one = plan(catalog_reader.lex, then, history=history)
    assert one.reading[-1].ref == "first"
    query = next(c.args["query"] for c in one.calls if c.part == 1)
    cur = real_db.execute(check_sql(query, schema=SQL_SCHEMA).sql)
    cols = [c[0] for c in cur.description]
    found = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
    result = ToolResult(call_id="1.1", tool="sql", status=ToolStatus.OK, rows=found)
    two = plan(
        catalog_reader.lex, then, history, iteration=2, previous_plans=[one], results=[result]
    )
    assert len(two.reading[-1].titles.show_ids) == ties.FEW
    assert two.confidence is not None and two.confidence.probability <= ties.CROWDED_SURE
