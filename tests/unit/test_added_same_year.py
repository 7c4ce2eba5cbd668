"""Titles added to Netflix in the year they came out ("added the same year they came out",
"added in their release year", "released and added in the same year"): a `same_year` tag,
`TitleSet.added_same_year`, compiled to SQL only."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import ROWS, plan, rows


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were added the same year they came out",
        "how many titles were added in their release year",
        "count titles released and added in the same year",
        "how many titles got added to netflix the year they were released",
    ],
)
def test_added_in_its_release_year_is_one_constraint(lexicon, db, reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "count" and spec.titles.added_same_year
    assert spec.titles.added_from is None and spec.titles.year_from is None
    want = sum(1 for r in ROWS if r[4][:4] == str(r[3]))
    p = plan(lexicon, question)
    assert rows(db, p)[0][0] == want and not any(c.tool == "cypher" for c in p.calls)


def test_added_in_a_year_is_no_same_year(reader):
    (spec,) = reader.read("how many titles were added in 2019")
    assert not spec.titles.added_same_year and spec.titles.added_from == "2019-01-01"


@pytest.mark.parametrize(
    "question",
    [
        "how many titles were put on netflix the same year they came out",
        "count the titles that landed on the platform the year they were released",
        "how many titles got added to the catalog in the same year they premiered",
    ],
)
def test_where_it_was_added_may_follow_the_verb(reader, question):
    (spec,) = reader.read(question)
    assert spec.op == "count" and spec.titles.added_same_year
    assert spec.titles.added_from is None and spec.titles.year_from is None


@pytest.mark.parametrize(
    ("question", "added", "released", "kind"),
    [
        ("of the movies released in 2019, how many were added to netflix that same year",
         2019, 2019, "Movie"),
        ("shows added in 2020 that also came out in the same year, how many", 2020, 2020,
         "TV Show"),
        ("of the titles that landed in 2016, how many were released that same year", 2016,
         2016, None),
    ],
)  # fmt: skip
def test_that_same_year_after_a_dated_verb_is_the_year_said(
    catalog_df, catalog_reader, real_db, question, added, released, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.added_same_year
    year = catalog_df["date_added"].str.strip().str[-4:]
    held = (year == str(added)) & (catalog_df["release_year"] == str(released))
    if kind:
        held &= catalog_df["type"] == kind
    assert rows(real_db, plan(catalog_reader.lex, question))[0][0] == held.sum() > 0


def test_that_same_year_after_a_place_is_no_same_year(catalog_reader):
    specs = catalog_reader.read("how many movies from japan were added that same year")
    assert not any(s.titles.added_same_year for s in specs)
