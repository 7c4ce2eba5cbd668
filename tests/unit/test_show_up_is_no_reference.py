""" "that show up" is a verb, not "that show" referring back: "4 actors that show up most in
korean tv shows" is a whole question, ranking the actors of that genre, not a reference with
nothing before it. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.title_refs import SINGULAR


@pytest.mark.parametrize(
    ("question", "genre", "n"),
    [
        ("4 actors that show up most in korean tv shows (the genre)", "Korean TV Shows", 4),
        ("top 5 actors that show up the most in anime series", "Anime Series", 5),
        ("3 actors that show up most in tv horror", "TV Horror", 3),
    ],
)
def test_actors_that_show_up_most_rank_the_genres_cast(
    catalog_df, catalog_reader, question, genre, n
):
    assert SINGULAR.search(question) is None
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.limit) == ("most", "cast", n)
    assert spec.unresolved == []
    shows = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    cast = shows["cast"].str.split(",").explode().str.strip()
    assert cast[cast != ""].value_counts().iloc[0] >= 3  # a cast that recurs (pandas)


def test_that_show_still_refers_back():
    assert SINGULAR.search("who directed that show") is not None
