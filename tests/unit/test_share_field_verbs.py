"""A share whose part is said by what the titles' fields hold ("what % of documentaries list the
united states as a country", "… include japan among their countries") is of the set before the
verb; the base "documentaries" is the films, as in a ranking (`words.yaml` genres `alone`).
Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "genre", "country"),
    [
        (
            "what % of documentaries list the united states as a country",
            "Documentaries",
            "United States",
        ),
        (
            "what percentage of horror movies include japan among their countries",
            "Horror Movies",
            "Japan",
        ),
        ("what share of stand-up comedy specials list canada", "Stand-Up Comedy", "Canada"),
        (
            "what percent of documentaries feature the uk as a country",
            "Documentaries",
            "United Kingdom",
        ),
    ],
)
def test_a_share_said_by_a_field_verb_is_of_the_set_before_it(
    catalog_reader, catalog_df, csv_db, question, genre, country
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    assert spec.titles.genres == [[genre]] and spec.part.countries == [country]
    base = catalog_df[_has(catalog_df["listed_in"], genre)]
    truth = round(100 * _has(base["country"], country).mean(), 1)
    (percent, _, total) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchone()
    assert (percent, total) == (truth, len(base))


def test_a_verb_inside_the_base_is_no_cut(catalog_reader):
    (spec,) = catalog_reader.read("what percent of titles listed as dramas are from india")
    assert spec.op == "share" and spec.part is not None
    assert spec.part.countries == ["India"] and spec.titles.genres and not spec.titles.countries


@pytest.mark.parametrize(
    ("question", "genre", "country"),
    [
        (
            "what percentage of british tv shows list the united kingdom as a country",
            "British TV Shows",
            "United Kingdom",
        ),
        ("what share of korean tv shows are from south korea", "Korean TV Shows", "South Korea"),
        ("what % of spanish-language tv shows include spain", "Spanish-Language TV Shows", "Spain"),
    ],
)
def test_a_nationality_whose_country_is_the_part_is_the_genre(
    catalog_reader, catalog_df, csv_db, question, genre, country
):
    """Of the shows made in the country the share would be all of them: the genre is meant."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "share" and spec.part is not None
    assert spec.titles.genres == [[genre]] and not spec.titles.countries
    base = catalog_df[_has(catalog_df["listed_in"], genre)]
    truth = round(100 * _has(base["country"], country).mean(), 1)
    (percent, _, total) = csv_db.execute(compile_sql.share(spec.titles, spec.part)).fetchone()
    assert (percent, total) == (truth, len(base)) and percent < 100


def test_a_share_of_a_nationality_runs_its_genre_reading_too(catalog_reader, catalog_df, csv_db):
    (spec,) = catalog_reader.read("what % of british tv shows are from the united states")
    assert spec.titles.countries == ["United Kingdom"] and spec.other is not None
    assert spec.other.genres == [["British TV Shows"]] and not spec.other.countries
    base = catalog_df[_has(catalog_df["listed_in"], "British TV Shows")]
    truth = round(100 * _has(base["country"], "United States").mean(), 1)
    (percent, _, _) = csv_db.execute(compile_sql.share(spec.other, spec.part)).fetchone()
    assert percent == truth
