"""A "how many percent of …" asks a share, not a count: the share cue takes the whole phrase
("how many percent", "how much percent", "how many pct"), so the count cue's "how many" is not
left unused and the reading is sure. Truths computed with pandas from the catalog CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.measure_truth import run
from tests.unit.reading_sure import sure


def _countries(df, name):
    return df["country"].fillna("").apply(lambda v: name in [x.strip() for x in v.split(",")])


def _egypt_shows(df):
    rows = df[_countries(df, "Egypt")]
    return (rows["type"] == "TV Show").mean()


def _turkish_before_2015(df):
    rows = df[(df["type"] == "Movie") & _countries(df, "Turkey")]
    return (rows["release_year"].astype(int) < 2015).mean()


def _anime_after_2015(df):
    genres = df["listed_in"].apply(lambda v: "Anime Series" in [x.strip() for x in v.split(",")])
    return (df[genres]["release_year"].astype(int) > 2015).mean()


CASES = [
    ("how many percent of egyptian titles are shows", _egypt_shows),
    ("how many pct of turkish movies came out before 2015", _turkish_before_2015),
    ("of all the anime series how many percent came out after 2015", _anime_after_2015),
    ("how much percent of the anime series were released after 2015", _anime_after_2015),
]


@pytest.mark.parametrize(("question", "truth"), CASES)
def test_how_many_percent_is_a_sure_share(catalog_reader, catalog_df, csv_db, question, truth):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    (row,) = run(csv_db, compile_sql.share(spec.titles, spec.part))
    assert row[0] == round(100 * truth(catalog_df), 1)
    assert sure(catalog_reader, question) >= 0.8


def test_a_plain_how_many_is_still_a_count(catalog_reader):
    (spec,) = catalog_reader.read("how many egyptian titles are shows")
    assert spec.op == "count"
