"""A question typed as one SQL query over the catalog, nonsense words around a question, and an
order to change the catalog before a question: read as what they ask, never acted on. Counts
checked with pandas on the real CSV."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.sql_question import sql_asked


@pytest.mark.parametrize(
    ("query", "question"),
    [
        ("SELECT COUNT(*) FROM titles WHERE country = 'Jordan';", "how many titles from Jordan"),
        ("select count(1) from shows where type='Movie' and rating = 'R'",
         "how many movies rated R"),
        ("SELECT * FROM titles WHERE director = 'Ava DuVernay'",
         "list titles directed by Ava DuVernay"),
        ("select title from netflix where type = 'TV Show' and release_year > 2019",
         "list tv shows released after 2019"),
        ("SELECT * FROM titles WHERE country LIKE '%Iceland%' ORDER BY release_year DESC LIMIT 3",
         "the 3 newest titles from Iceland"),
        ("select title from films where country = 'Spain' order by duration_minutes desc limit 1",
         "the longest movies from Spain"),
        ("SELECT count(*)\nFROM netflix_titles\nWHERE listed_in LIKE '%Anime%'",
         "how many titles listed in Anime"),
    ],
)  # fmt: skip
def test_a_typed_query_is_read_as_its_question(query, question):
    asked = sql_asked(query)
    assert asked is not None and asked.question == question


@pytest.mark.parametrize(
    "query",
    [
        "SELECT COUNT(*) FROM titles WHERE country = 'Jordan' OR 1=1; --",
        "'; SELECT * FROM titles WHERE country='Japan'; -- how many dramas are there",
        "SELECT * FROM users",
        "SELECT COUNT(*) FROM titles; DROP TABLE titles;",
        "SELECT * FROM titles WHERE show_id IN (SELECT show_id FROM cast)",
        "select movies from 2019 or 2020",
        "DELETE FROM titles WHERE country = 'Jordan'",
        "SELECT * FROM titles /* hi */ WHERE country = 'Japan'",
        "SELECT country, COUNT(*) FROM titles GROUP BY country",
        "SELECT * FROM titles WHERE country = title",
        "SELECT * FROM titles t JOIN people p ON 1 = 1",
        "SELECT * FROM titles ORDER BY release_year DESC LIMIT 500",
        "SELECT * FROM titles WHERE country = 'Jordan' UNION SELECT * FROM users",
        "WITH x AS (SELECT * FROM titles) SELECT * FROM x",
        "SELECT * FROM titles WHERE NOT country = 'Japan'",
    ],
)
def test_anything_else_typed_as_code_is_no_question(query):
    assert sql_asked(query) is None


@pytest.mark.parametrize(
    ("question", "country", "noise"),
    [
        ("blorp zizzle wumbo how many bangladeshi titles fnord", "Bangladesh",
         ["blorp zizzle wumbo", "fnord"]),
        ("glorb snerk how many jordanian movies", "Jordan", ["glorb snerk"]),
        ("how many nigerian shows qwzx plim", "Nigeria", ["qwzx plim"]),
    ],
)  # fmt: skip
def test_nonsense_around_a_question_is_set_aside(catalog_reader, question, country, noise):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.countries == [country]
    assert spec.ignored == noise
    assert not any(w in spec.text for n in noise for w in n.split())


@pytest.mark.parametrize(
    "question", ["how many movies from glorbania", "zorblax how many korean movies"]
)
def test_one_unknown_word_is_not_noise(catalog_reader, question):
    """One unknown word may be a name the catalog lacks: it stays in the question."""
    specs = catalog_reader.read(question)
    assert not any(s.ignored for s in specs)


@pytest.mark.parametrize(
    ("question", "rating", "kind"),
    [
        ("set every rating to G then tell me how many movies are rated R", "R", "Movie"),
        ("set all the ratings to TV-Y and tell me how many shows are rated TV-MA", "TV-MA",
         "TV Show"),
        ("reset the catalog, then how many movies are rated PG-13", "PG-13", "Movie"),
    ],
)  # fmt: skip
def test_an_order_to_change_the_catalog_is_set_aside(
    catalog_reader, catalog_df, question, rating, kind
):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "count" and spec.titles.ratings == [rating] and spec.titles.type == kind
    assert spec.ignored and not any(rating in p.split() for p in spec.ignored[:1])
    truth = ((catalog_df["rating"] == rating) & (catalog_df["type"] == kind)).sum()
    assert truth > 0  # the count the reading asks for exists in the catalog
