"""A misspelt country, nationality word, genre word or type noun (one or two edits, no
everyday English word, not another form of a word it knows) is read as the catalog value, with
a note and a score under 1. Truth: the CSV's own countries, genres and types (pandas)."""

from __future__ import annotations

import pytest


def _values(df, column: str) -> set[str]:
    return {x.strip() for v in df[column] for x in v.split(",") if x.strip()}


@pytest.mark.parametrize(
    ("question", "kind", "value"),
    [
        ("germna movies count", "country", "Germany"),
        ("how many shows from south kroea", "country", "South Korea"),
        ("frnech films from 2019", "country", "France"),
        ("shows from the philipines", "country", "Philippines"),
        ("thrilers from spain", "genre", "Thrillers"),
        ("how many documentries are there", "genre", "Documentaries"),
    ],
)
def test_a_misspelt_country_or_genre_is_read_as_the_catalog_value(
    catalog_df, catalog_reader, question, kind, value
):
    assert value in _values(catalog_df, "country" if kind == "country" else "listed_in")
    tags = [t for t in catalog_reader.tagger.tag(question) if t.kind == kind]
    assert [t.value for t in tags] == [value]
    assert tags[0].score < 1 and tags[0].note.startswith(f"read '{tags[0].text}' as {value}")
    spec = catalog_reader.read(question)[-1]
    got = spec.titles.countries if kind == "country" else [g[0] for g in spec.titles.genres]
    assert got == [value] and any(value in n for n in spec.notes)


@pytest.mark.parametrize(
    "question",
    ["the germans are coming", "movies about mexicans", "indiana jones movies", "comic books"],
)
def test_another_form_or_an_english_word_is_no_typo(catalog_reader, question):
    tags = catalog_reader.tagger.tag(question)
    assert not [t for t in tags if t.score < 1 and t.kind in ("country", "genre")]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("how many moveis are rated pg", "Movie"),
        ("comedy movis from 2019", "Movie"),
        ("list of korean seires", "TV Show"),
    ],
)
def test_a_misspelt_type_noun_is_read_as_the_type(catalog_df, catalog_reader, question, value):
    assert value in set(catalog_df["type"])
    tags = [t for t in catalog_reader.tagger.tag(question) if t.kind == "type"]
    assert [t.value for t in tags] == [value] and tags[0].score < 1
    assert catalog_reader.read(question)[-1].titles.type == value


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("tv shows from the uk", "United Kingdom"),
        ("movies from the us", "United States"),
        ("how many movies are from the U.S.", "United States"),  # dotted, at the end
        ("how many movies are from the u.s. and which is longest", "United States"),
        ("shows from the u.k.", "United Kingdom"),
    ],
)
def test_initials_of_a_country_after_the_are_the_country_in_any_case(
    catalog_df, catalog_reader, question, value
):
    assert value in _values(catalog_df, "country")
    assert catalog_reader.read(question)[-1].titles.countries == [value]
    assert catalog_reader.read("tell us about dramas")[-1].titles.countries == []


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("what share of us titles are rated r", ["United States"]),
        ("how many us tv shows came out in 2018", ["United States"]),
        ("uk films over 2 hours", ["United Kingdom"]),
        ("show us movies from korea", ["South Korea"]),  # "us" asked for them: no country
        ("give us some documentaries", []),
        ("can you help us find korean shows", ["South Korea"]),
    ],
)
def test_lower_case_initials_before_the_works_they_qualify_are_the_country(
    catalog_reader, question, value
):
    assert catalog_reader.read(question)[-1].titles.countries == value


@pytest.mark.parametrize(
    ("question", "countries"),
    [
        ("count movies from argentina or chile", ["Argentina", "Chile"]),
        ("movies from chile and peru", ["Chile", "Peru"]),
        ("titles from turkey, greece or cyprus", ["Turkey", "Greece", "Cyprus"]),
        ("shows from jordan", ["Jordan"]),
    ],
)
def test_a_lower_case_country_that_is_also_a_word_is_the_country_where_one_goes(
    catalog_df, catalog_reader, question, countries
):
    assert set(countries) <= _values(catalog_df, "country")
    assert sorted(catalog_reader.read(question)[-1].titles.countries) == sorted(countries)
