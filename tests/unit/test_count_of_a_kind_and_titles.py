"""A set's size and titles asked in one clause whose count names what it counts ("lars von
trier, count of his films + their titles", "korean dramas - number of the shows and their
names"): a count of that kind of the set, then its titles; the listing part's operation is the
clause's, so the example bank's nearest example of another operation does not make it unsure.
Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.example_gap import example_gap
from agentic_rag.agent.rules.shape_asks import shape_parts


def _credited(catalog_df, name: str, kind: str) -> int:
    def has(v: str) -> bool:
        return name in [n.strip() for n in v.split(",")]

    credited = catalog_df["director"].apply(has) | catalog_df["cast"].apply(has)
    return int((credited & (catalog_df["type"] == kind)).sum())


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("lars von trier, count of his films + their titles", "lars von trier films"),
        ("martin scorsese - number of his movies and their titles", "martin scorsese movies"),
        ("shah rukh khan, total of his films n titles", "shah rukh khan films"),
        ("korean dramas, count of the shows & their names", "korean dramas shows"),
        ("count of the films and titles: japanese anime", "japanese anime films"),
        ("number of quentin tarantino movies + titles", "quentin tarantino movies"),
        ("count of polish films and their names", "polish films"),
        ("total of documentaries from 2020 and which ones", "documentaries from 2020"),
    ],
)
def test_the_counted_kind_joins_the_set(question, head):
    assert shape_parts(question) == ["how many", head]


@pytest.mark.parametrize(
    ("question", "name", "kind"),
    [
        ("lars von trier, count of his films + their titles", "Lars von Trier", "Movie"),
        ("martin scorsese - number of his movies and their titles", "Martin Scorsese", "Movie"),
        ("david attenborough: count of his tv shows and titles", "David Attenborough", "TV Show"),
    ],
)
def test_both_parts_read_that_kind_of_the_persons_titles(
    catalog_df, catalog_reader, question, name, kind
):
    counted, listed = catalog_reader.read(question)
    assert (counted.op, listed.op) == ("count", "list")
    assert counted.titles.type == listed.titles.type == kind
    assert [p.name for p in counted.titles.people] == [name]
    assert _credited(catalog_df, name, kind) >= 2  # titles to list (pandas)


@pytest.mark.parametrize(
    ("question", "seasons"),
    [
        ("shows with 8 seasons: how many + list", 8),
        ("shows that have 5 seasons: count and titles", 5),
        ("tv shows with 9 seasons, number and list", 9),
    ],
)
def test_the_clauses_listing_is_not_set_against_the_bank(
    catalog_df, catalog_reader, question, seasons
):
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["count", "list"]
    assert specs[1].titles.seasons_min == specs[1].titles.seasons_max == seasons
    assert example_gap(catalog_reader, specs) == 0.0
    assert (catalog_df["duration"] == f"{seasons} Seasons").sum() > 0  # pandas


@pytest.mark.parametrize(
    "question",
    [
        "how many movies and titles from 2019",  # the titles are not the question's end
        "count of cast of stranger things and their names",  # people, not titles
        "number of movies with both tom hanks and meg ryan",
    ],
)
def test_no_count_then_titles(question):
    assert shape_parts(question) is None


def test_a_count_of_a_persons_movies_then_titles_lists_them(catalog_df, catalog_reader):
    counted, listed = catalog_reader.read("number of quentin tarantino movies + titles")
    assert (counted.op, listed.op) == ("count", "list")
    assert counted.titles == listed.titles
    assert listed.titles.type == "Movie"
    assert _credited(catalog_df, "Quentin Tarantino", "Movie") == 8  # pandas
