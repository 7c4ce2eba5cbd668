"""'Them' after a ranking or a number of titles asked ("the 3 newest thai movies and who
directed them", "name 3 kdramas from 2019 and who stars in them") is the titles that part found,
filled from its results; after a whole set ("korean movies from 2020 and who directed them") it
is that set's filters."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.compose import fill, waiting


@pytest.mark.parametrize(
    "question",
    [
        "the 3 newest thai movies and who directed them",
        "top 5 longest documentaries and who directed them",
        "the 2 oldest korean movies, who is in them",
        "name 3 kdramas from 2019 and who stars in them",
    ],
)
def test_people_of_a_ranking_are_of_the_titles_it_found(catalog_reader, question):
    first, people = catalog_reader.read(question)
    assert first.limit and people.op == "people" and people.ref == "all"
    assert waiting(people) and not people.titles.countries and not people.titles.genres
    rows = [{"show_id": f"s{i}", "title": f"T{i}"} for i in range(first.limit)]
    assert fill(people, rows) and people.titles.show_ids == [r["show_id"] for r in rows]


def test_people_of_a_whole_set_are_of_its_filters(catalog_reader):
    first, people = catalog_reader.read("korean movies from 2020 and who directed them")
    assert first.op == "list" and not first.limit
    assert people.titles.countries == ["South Korea"] and not waiting(people)
