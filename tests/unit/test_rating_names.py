"""A rating's code said in words reads as that code, not as a negation: "how many titles are
rated NR (not rated)", "how many titles are not rated" (NR), "unrated movies" (UR); "not
rated R" stays a negation of R. Phrasings written for this rule; truths from the CSV with
pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


@pytest.mark.parametrize(
    ("question", "ratings", "kind"),
    [
        ("how many titles are rated NR (not rated)", ["NR"], None),
        ("how many titles are not rated", ["NR"], None),
        ("count the not-rated shows", ["NR"], "TV Show"),
        ("how many movies are unrated", ["UR"], "Movie"),
        ("number of un-rated films?", ["UR"], "Movie"),
    ],
)
def test_a_rating_said_in_words(catalog_reader, catalog_df, csv_db, question, ratings, kind):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.ratings == ratings
    df = catalog_df
    mask = df["rating"].isin(ratings) & (df["type"] == kind if kind else True)
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    assert n == int(mask.sum())


def test_not_rated_before_a_code_is_a_negation(catalog_reader, catalog_df, csv_db):
    (spec,) = catalog_reader.read("movies not rated R, how many")
    assert not spec.titles.ratings
    (n,) = csv_db.execute(compile_sql.count(spec.titles)).fetchone()
    df = catalog_df
    assert n == int(((df["type"] == "Movie") & (df["rating"] != "R")).sum())
