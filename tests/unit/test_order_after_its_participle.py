"""An order said after the participle it orders by, with no question word ("the anime series
added earliest", "which tv show was added to netflix first of all", "the first korean tv show
that was ever added", "… the most recently released one") is a ranking of one title; "added
last year" is a window, not a ranking. Truths computed with pandas on the catalog."""

from __future__ import annotations

import pandas as pd
import pytest


def _first_added(catalog_df, mask) -> str:
    rows = catalog_df[mask].assign(added=pd.to_datetime(catalog_df["date_added"].str.strip()))
    return rows.sort_values("added").iloc[0]["title"]


@pytest.mark.parametrize(
    ("question", "by", "ascending"),
    [
        ("the korean movie added earliest", "date_added", True),
        ("which tv show was added to netflix first of all", "date_added", True),
        ("the thai film released most recently", "release_year", False),
        ("first korean tv show that was ever added", "date_added", True),
        ("what movie got added on netflix last", "date_added", False),
    ],
)
def test_the_order_after_its_participle_ranks_one_title(catalog_reader, question, by, ascending):
    (spec,) = catalog_reader.read(question)
    assert (spec.op, spec.by, spec.ascending, spec.limit) == ("top", by, ascending, 1)
    assert spec.confidence >= 0.8


def test_a_later_part_reads_that_title(catalog_df, catalog_reader):
    ranked, asked = catalog_reader.read("the anime series added earliest, how many seasons is it")
    assert ranked.op == "top" and asked.op == "describe" and asked.ref == "first"
    anime = catalog_df["listed_in"].str.contains("Anime Series", regex=False)
    assert _first_added(catalog_df, anime) == "Your lie in April"


def test_a_window_is_no_ranking(catalog_reader):
    (spec,) = catalog_reader.read("documentaries added last year")
    assert spec.op != "top"


def test_the_most_recently_released_one_is_a_ranking_part(catalog_df, catalog_reader):
    counted, ranked = catalog_reader.read(
        "thai films how many do you have, and the most recently released one(s)?"
    )
    assert counted.op == "count" and (ranked.op, ranked.by, ranked.limit) == (
        "top",
        "release_year",
        1,
    )
    thai = catalog_df[
        catalog_df["country"].str.contains("Thailand") & (catalog_df["type"] == "Movie")
    ]
    assert len(thai) == 46
