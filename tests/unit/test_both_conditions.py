""" "Both" before conditions of different kinds, each one value ("titles both from turkey and
rated tv-ma", "movies both dramas and from poland"): all of them hold, so the reading uses the
word (it had been left unused, and the question asked back at 0.01). A list of countries or
ratings is any of them, so "both" is not read there. Truths from the CSV (exact match on the
comma-split lists)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.consumed import _all_of
from agentic_rag.agent.rules.spec import TitleSet
from tests.unit.test_offline_planner import plan, rows


def _has(d, column, *values):
    return d[column].fillna("").map(lambda s: bool({x.strip() for x in s.split(",")} & set(values)))


def _n(d):
    return d["duration"].str.extract(r"(\d+)")[0].astype(float)


@pytest.mark.parametrize(
    ("question", "keep"),
    [
        ("how many titles r both from turkey and rated tv-ma",
         lambda d: _has(d, "country", "Turkey") & (d.rating == "TV-MA")),
        ("how many movies are both dramas and from poland",
         lambda d: (d.type == "Movie") & _has(d, "country", "Poland")
         & _has(d, "listed_in", "Dramas", "TV Dramas")),
        ("how many movies both rated r and from canada",
         lambda d: (d.type == "Movie") & _has(d, "country", "Canada") & (d.rating == "R")),
        ("how many shows r both from japan and have more than 3 seasons",
         lambda d: (d.type == "TV Show") & _has(d, "country", "Japan") & (_n(d) > 3)),
    ],
)  # fmt: skip
def test_both_before_conditions_of_different_kinds(
    catalog_df, catalog_reader, real_db, question, keep
):
    (spec,) = catalog_reader.read(question)
    assert _all_of(spec.titles)
    want = int(keep(catalog_df).sum())
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == want > 0


@pytest.mark.parametrize(
    "titles",
    [
        TitleSet(countries=["India", "United Kingdom"], ratings=["TV-MA"]),
        TitleSet(countries=["Egypt"], ratings=["R", "PG"]),
        TitleSet(countries=["Egypt"]),
    ],
)
def test_any_of_a_list_or_one_condition_is_not_all_of(titles):
    assert not _all_of(titles)
