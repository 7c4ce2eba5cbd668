"""A set's size and its titles asked together in a clause of their own ("movies directed by
imtiaz ali, count and titles", "number + names: …", "… (how many and which ones)") read as two
parts, a count of the set and the set's titles; a set of people ("cast of x, count and names")
is not split so (their names are not titles). Truths computed with pandas on the catalog."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.shape_asks import shape_parts
from agentic_rag.agent.rules.split import split


def _directed(catalog_df, name: str) -> int:
    made = catalog_df["director"].str.split(",").apply(lambda ns: name in [n.strip() for n in ns])
    return int((made & (catalog_df["type"] == "Movie")).sum())


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("movies directed by imtiaz ali, count and titles", "movies directed by imtiaz ali"),
        ("count + titles: films by anurag kashyap", "films by anurag kashyap"),
        ("korean thrillers (how many and which ones)", "korean thrillers"),
        ("spanish documentaries (number and list)", "spanish documentaries"),
        ("stand-up specials from 2019: titles and count", "stand-up specials from 2019"),
        ("number & names of polish films", "polish films"),
    ],
)
def test_a_count_and_titles_clause_is_a_count_then_the_set(question, head):
    assert shape_parts(question) == ["how many", head]
    assert split(question) == ["how many", head]


@pytest.mark.parametrize(
    "question",
    [
        "cast of stranger things, count and names",  # people, not titles
        "movies directed by imtiaz ali",
        "how many movies and titles from 2019",  # no clause of its own
        "count the titles",
        "spider-man titles, how many",  # a count of the spider-man titles
        "pokemon titles: how many",
    ],
)
def test_no_count_and_titles_clause(question):
    assert shape_parts(question) is None


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("movies directed by imtiaz ali, count and titles", "Imtiaz Ali"),
        ("count & list: movies by anurag kashyap", "Anurag Kashyap"),
        ("films david fincher directed — number and titles please", "David Fincher"),
    ],
)
def test_both_parts_read_the_same_set(catalog_df, catalog_reader, question, name):
    counted, listed = catalog_reader.read(question)
    assert (counted.op, listed.op) == ("count", "list")
    assert [p.name for p in counted.titles.people] == [name]
    assert counted.titles == listed.titles
    assert _directed(catalog_df, name) >= 6  # a set with titles to list (pandas)


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("mexican shows count and titles", "mexican shows"),
        ("titles with kajol, count and names", "titles with kajol"),
    ],
)
def test_the_clause_with_no_comma_and_its_words_are_used(catalog_reader, question, head):
    assert shape_parts(question) == ["how many", head]
    counted, listed = catalog_reader.read(question)
    assert (counted.op, listed.op) == ("count", "list")
