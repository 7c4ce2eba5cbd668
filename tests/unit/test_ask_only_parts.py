"""A part that is only what is asked ("count and name the egyptian comedies", "how many and
which anime are from japan", "which and how many shows are from norway") asks it of the set the
next part names: a count and a listing of one set, never a count of the whole catalog."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "ops"),
    [
        ("count and list the korean horror movies", ("count", "list")),
        ("how many and which documentaries are from india", ("count", "list")),
        ("which and how many dramas come from japan", ("list", "count")),
        ("tally and name the shows from egypt", ("count", "list")),
    ],
)
def test_an_ask_only_part_takes_the_next_parts_set(reader, question, ops):
    first, second = reader.read(question)
    assert (first.op, second.op) == ops
    assert not first.titles.is_empty() and first.titles == second.titles
    assert first.about == ""


def test_a_part_with_a_set_of_its_own_keeps_it(reader):
    first, _ = reader.read("how many korean movies are there and which are from 2019")
    assert first.titles.countries == ["South Korea"] and first.titles.year_from is None
