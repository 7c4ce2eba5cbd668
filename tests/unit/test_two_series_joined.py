"""Two series' names joined by "and" / "plus" before one works noun ("scream and underworld
films", "rocky plus bad boys movies") are both series: the titles of either, each without its
strays (`series_names.strays`). Truths computed with pandas on the catalog."""

from __future__ import annotations

import re

import pytest


def _series_movies(df, name: str, strays: tuple[str, ...]) -> set[str]:
    word = re.compile(rf"\b{re.escape(name)}\b", re.I)
    rows = df[df["title"].str.contains(word) & (df["type"] == "Movie")]
    return set(rows["title"]) - set(strays)


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("how many scream and underworld films r there", ("scream", "underworld")),
        ("rocky plus bad boys movies", ("rocky", "bad boys")),
        ("scream plus rocky movies how many total", ("scream", "rocky")),
    ],
)
def test_two_joined_series_are_both_read(catalog_df, catalog_reader, real_db, question, names):
    from agentic_rag.agent.rules.compile_sql import conditions

    (spec,) = catalog_reader.read(question)
    assert sorted(spec.titles.title_has) == sorted(names)
    where = " AND ".join(conditions(spec.titles, "s"))
    got = {r[0] for r in real_db.execute(f"SELECT s.title FROM shows s WHERE {where}")}
    strays = ("Rocky Handsome", "The Ant's Scream", "Sam Kinison: The Scream Continues")
    assert got == set().union(*(_series_movies(catalog_df, n, strays) for n in names))
