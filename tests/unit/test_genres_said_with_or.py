"""Two genres joined by "or" ("anime series or kids tv", "either horror or comedies", "thrillers
and/or horror") accept either of them: one genre group, its names OR-ed, and the word "either"
used; two genres joined by "and" still require both. Counts checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _truth(df, kind: str, genres: tuple[str, ...], country: str | None, every: bool) -> int:
    rows = df[df["type"] == kind]
    if country:
        rows = rows[rows["country"].apply(lambda v: country in [x.strip() for x in v.split(",")])]
    listed = rows["listed_in"].apply(lambda v: [x.strip() for x in v.split(",")])
    test = all if every else any
    return int(listed.apply(lambda names: test(g in names for g in genres)).sum())


CASES = [  # question, type, genres, country, all of them required
    (
        "how many shows are either anime series or kids tv",
        "TV Show",
        ("Anime Series", "Kids' TV"),
        None,
        False,
    ),
    ("how many movies are horror or comedies", "Movie", ("Horror Movies", "Comedies"), None, False),
    (
        "how many spanish movies are thrillers or horror",
        "Movie",
        ("Thrillers", "Horror Movies"),
        "Spain",
        False,
    ),
    (
        "egyptian movies that are comedies and/or romantic, how many",
        "Movie",
        ("Comedies", "Romantic Movies"),
        "Egypt",
        False,
    ),
    (
        "how many movies are both comedies and horror",
        "Movie",
        ("Comedies", "Horror Movies"),
        None,
        True,
    ),
]


@pytest.mark.parametrize(("question", "kind", "genres", "country", "every"), CASES)
def test_genres_joined_by_or_accept_either(
    catalog_reader, catalog_df, csv_db, question, kind, genres, country, every
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == kind
    assert len(spec.titles.genres) == (len(genres) if every else 1)
    ((n,),) = run(csv_db, compile_sql.count(spec.titles))
    assert n == _truth(catalog_df, kind, genres, country, every)
    assert sure(catalog_reader, question) >= 0.8
