"""A count joined to "the one with the most seasons" / "the title that has the longest runtime":
two parts, the second the set's one first title by that order (`split.py`, `shape.one_asked`),
ties named by the writer."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("how many korean shows are there plus the one with the most seasons", "seasons"),
        ("count japanese movies and the title that has the longest runtime", "duration_minutes"),
        ("number of indian films & the film with the shortest running time", "duration_minutes"),
        ("how many dramas are there and the show having the fewest seasons", "seasons"),
    ],
)
def test_a_count_and_the_one_a_ranking_names_are_two_parts(reader, question, by):
    count, top = reader.read(question)
    assert count.op == "count" and (top.op, top.by, top.limit) == ("top", by, 1)
    assert top.titles.countries == count.titles.countries
    assert top.titles.genres == count.titles.genres


def test_the_one_with_a_description_is_no_ranking_part(reader):
    specs = reader.read("how many korean shows are there and the one with the zombies")
    assert all(s.op != "top" for s in specs)
