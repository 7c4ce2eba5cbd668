"""Two countries set against each other, then "how many <type>" after a colon or comma
("egypt vs turkey: how many movies"): one comparison of that type's titles of each
(`split._pair_asked`), not a comparison of all titles and a count of every movie; a country
that is also a word ("turkey", "chile") is the country when set against one ("egypt vs turkey",
`catalog_words._LISTED`). Phrasings written for this rule; truths from the CSV with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import compile_sql
from tests.unit.reading_sure import sure


def _has(col, value: str):
    return col.map(lambda v: value in [x.strip() for x in v.split(",")])


@pytest.mark.parametrize(
    ("question", "a", "b", "kind"),
    [
        ("egypt vs turkey: how many movies", "Egypt", "Turkey", "Movie"),
        ("spain vs mexico: how many shows", "Spain", "Mexico", "TV Show"),
        ("china versus india, how many tv shows", "China", "India", "TV Show"),
        ("chile vs argentina - how many films", "Chile", "Argentina", "Movie"),
    ],
)
def test_a_pair_then_a_count_compares_the_counts(
    catalog_reader, catalog_df, csv_db, question, a, b, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "compare" and spec.part is not None
    assert spec.titles.type == kind and spec.part.type == kind
    df = catalog_df
    truth = [int(((df["type"] == kind) & _has(df["country"], v)).sum()) for v in (a, b)]
    sql = compile_sql.compare([("a", spec.titles), ("b", spec.part)])
    assert [n for _, n in csv_db.execute(sql).fetchall()] == truth and min(truth) > 0
    assert sure(catalog_reader, question) >= 0.8


def test_turkey_alone_in_lower_case_is_still_no_country(catalog_reader):
    (spec,) = catalog_reader.read("movies about a turkey")
    assert "Turkey" not in spec.titles.countries


@pytest.mark.parametrize(
    "question",
    [
        "netflix vs hulu: how many movies",
        "egypt vs hulu, how many movies",
        "japan versus hulu - how many films",
    ],
)
def test_a_side_not_in_the_catalog_is_no_title_opened_by_vs(catalog_reader, question):
    specs = catalog_reader.read(question)
    assert not any(s.titles.titles or s.absent for s in specs)
    assert sure(catalog_reader, question) < 0.5


@pytest.mark.parametrize(
    ("question", "countries"),
    [
        ("cuba vs chile: how many movies", ["Cuba", "Chile"]),
        ("chile or cuba - how many titles", ["Chile", "Cuba"]),
        ("georgia and jordan: how many movies", ["Georgia", "Jordan"]),
    ],
)
def test_two_countries_that_are_words_beside_each_other(catalog_reader, question, countries):
    (spec,) = catalog_reader.read(question)
    said = spec.titles.countries + (spec.part.countries if spec.part else [])
    assert said == countries and not spec.titles.titles
