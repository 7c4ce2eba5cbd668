"""A number opening the question before people ranked by "who" ("5 actors who show up most in
british tv shows", "3 directors who have the most stand-up comedy titles"): how many people
the ranking lists, as after "that". Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "by", "n", "genre"),
    [
        ("5 actors who show up most in british tv shows", "cast", 5, None),
        ("5 actors who appear most in korean tv shows", "cast", 5, "Korean TV Shows"),
        ("3 directors who have the most stand-up comedy titles", "director", 3, "Stand-Up Comedy"),
    ],
)
def test_the_number_limits_the_people_ranked(catalog_df, catalog_reader, question, by, n, genre):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.limit) == ("most", by, n)
    if genre:
        rows = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
        people = rows[by].str.split(",").explode().str.strip()
        assert people[people != ""].nunique() > n  # more people than asked (pandas)
