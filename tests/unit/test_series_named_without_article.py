"""A series whose first title opens with its article ("The Conjuring", "The Conjuring 2"), named
without it or with it ("the conjuring movies", "conjuring films"): its strays are told apart as for
any series ("Conjuring Spirit" shares none of its people). Truths computed with
pandas on the catalog."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "series"),
    [
        ("the conjuring movies how many", {"The Conjuring", "The Conjuring 2"}),
        ("conjuring films, which ones", {"The Conjuring", "The Conjuring 2"}),
        ("the conjuring - all of it", {"The Conjuring", "The Conjuring 2"}),
    ],
)
def test_series_after_its_article_leaves_out_strays(
    catalog_df, catalog_reader, real_db, question, series
):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    where = " AND ".join(conditions(spec.titles, "s"))
    got = {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}
    assert got == series and series <= set(catalog_df["title"])
