"""Words a reading uses without a tag of their own: "among their countries" of a part that reads
a country (`reading_words.yaml` countries), "in min" of an average running time (by_op), "added
… that same year" as a share's part (`usage._sets` holds a share's part). Each reading is sure.
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre", "country"),
    [
        ("documentaries: what % have united kingdom among their countries", "Documentaries",
         "United Kingdom"),
        ("what percentage of anime series have japan amongst their countries", "Anime Series",
         "Japan"),
        ("of all thrillers, what share list germany among the countries", "Thrillers", "Germany"),
    ],
)  # fmt: skip
def test_among_their_countries(catalog_reader, catalog_df, csv_db, question, genre, country):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None and spec.part.countries == [country]
    df = catalog_df[_has(catalog_df["listed_in"], genre)]
    truth = (int(_has(df["country"], country).sum()), len(df))
    base = spec.titles.model_copy(update={"genres": [[genre]]})  # the genre's own rows
    (row,) = csv_db.execute(compile_sql.share(base, spec.part)).fetchall()
    assert row[1:] == truth and truth[0] > 0
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    "question",
    [
        "average length of stand-up comedy specials in min",
        "average runtime of dramas in min",
        "mean running time of korean movies in min",
    ],
)
def test_in_min_is_the_averages_unit(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "average" and spec.by in (None, "duration_minutes")
    assert sure(catalog_reader, question) >= 0.8


@pytest.mark.parametrize(
    ("question", "kind", "year"),
    [
        ("of the movies released in 2020, what share got added to netflix that same year",
         "Movie", 2020),
        ("what share of movies released in 2020 got added to netflix the same year", "Movie",
         2020),
        ("of the tv shows released in 2019, what percent were added that same year", "TV Show",
         2019),
    ],
)  # fmt: skip
def test_added_the_same_year_as_a_shares_part(
    catalog_reader, catalog_df, csv_db, question, kind, year
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None and spec.part.added_same_year
    df = catalog_df[(catalog_df["type"] == kind) & (catalog_df["release_year"] == str(year))]
    added = pd.to_datetime(df["date_added"].str.strip(), errors="coerce").dt.year
    truth = (int((added == year).sum()), len(df))
    (row,) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchall()
    assert row[1:] == truth and truth[0] > 0
    assert sure(catalog_reader, question) >= 0.8
