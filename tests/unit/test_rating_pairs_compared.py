"""Two rated sets set against each other: a bare "r" after vs / versus / or / than / to before a
works noun is the rating R ("pg-13 movies vs r movies"), and each side keeps its own type
("tv-ma shows versus r movies": the TV-MA shows against the R films). Truths from pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _n(df, kind, rating):
    return int(((df["type"] == kind) & (df["rating"] == rating)).sum())


CASES = [
    ("pg-13 movies vs r movies - the two counts pls", ("Movie", "PG-13"), ("Movie", "R")),
    ("are there more pg-13 movies or r movies", ("Movie", "PG-13"), ("Movie", "R")),
    ("compare pg movies to r movies by count", ("Movie", "PG"), ("Movie", "R")),
    ("tv-ma shows versus r movies, how many of each", ("TV Show", "TV-MA"), ("Movie", "R")),
    ("tv-14 shows vs pg-13 movies, both counts", ("TV Show", "TV-14"), ("Movie", "PG-13")),
]


@pytest.mark.parametrize(("question", "first", "second"), CASES)
def test_each_side_its_own(catalog_reader, catalog_df, csv_db, question, first, second):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.part is not None
    for s, (kind, rating) in ((spec.titles, first), (spec.part, second)):
        assert (s.type, s.ratings) == (kind, [rating])
        (row,) = run(csv_db, compile_sql.count(s))
        assert row[0] == _n(catalog_df, kind, rating)
    assert sure(catalog_reader, question) >= 0.8


def test_r_for_are_stays_a_word(catalog_reader):
    (spec,) = catalog_reader.read("which movies r from 2019")
    assert spec.titles.ratings == [] and spec.titles.year_from == 2019
