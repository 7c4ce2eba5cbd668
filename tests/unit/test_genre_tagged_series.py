"""A nationality's genre named by where the catalog files it ("shows tagged british tv shows",
"labelled korean tv shows") is the genre, not the country; "series" is British English for
seasons where shows are said to run or last that many ("on average how many series do they run
for"). Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import measure_sql


def _seasons(df) -> float:
    return round(df["duration"].str.extract(r"(\d+)")[0].astype(int).mean(), 2)


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        (
            "shows tagged british tv shows, on average how many series do they run for",
            "British TV Shows",
        ),
        ("on average how many seasons do shows tagged korean tv shows have", "Korean TV Shows"),
        (
            "shows filed under british tv shows, how many series do they run for on average",
            "British TV Shows",
        ),
    ],
)
def test_a_tagged_genre_is_averaged_in_seasons(catalog_reader, catalog_df, csv_db, question, genre):
    (spec,) = catalog_reader.read(question)
    assert spec.titles.genres == [[genre]] and not spec.titles.countries
    assert spec.op == "average" and spec.by == "seasons"
    rows = catalog_df[catalog_df["listed_in"].str.contains(genre, regex=False)]
    (got, _) = csv_db.execute(measure_sql.average(spec.titles, "seasons")).fetchone()
    assert got == _seasons(rows)


def test_series_run_for_by_a_named_genre_are_seasons(catalog_reader, catalog_df, csv_db):
    question = "on average how many series do kids tv shows run for"
    (spec,) = catalog_reader.read(question)
    assert spec.op == "average" and spec.by == "seasons" and spec.titles.genres == [["Kids' TV"]]
    rows = catalog_df[catalog_df["listed_in"].str.contains("Kids' TV", regex=False)]
    (got, _) = csv_db.execute(measure_sql.average(spec.titles, "seasons")).fetchone()
    assert got == _seasons(rows)


def test_the_country_reading_stays_without_a_word_of_filing(catalog_reader):
    (spec,) = catalog_reader.read("british tv shows, on average how many series do they run for")
    assert spec.op == "average" and spec.by == "seasons"
    assert spec.titles.countries == ["United Kingdom"]


@pytest.mark.parametrize(
    "question",
    ["how many series does netflix have from the uk", "how many korean series are there"],
)
def test_series_counted_are_shows(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.type == "TV Show"


@pytest.mark.parametrize(
    "question",
    [
        "how many series did the crown run for",
        "how many series did narcos last",
        "how many series does the office run for",
    ],
)
def test_series_run_for_read_as_a_count_of_shows_is_unsure(catalog_reader, question):
    from agentic_rag.agent.rules import confidence
    from agentic_rag.agent.rules.usage import COMPILED_FIELDS

    specs = catalog_reader.read(question)
    assert any(s.op == "count" for s in specs)  # the title is not tagged: a count of shows
    named = " ".join(s.model_dump_json(include=set(COMPILED_FIELDS)) for s in specs)
    feats, used = confidence.features(catalog_reader, question, specs, named)
    assert confidence.probability(feats) < 0.5, used
