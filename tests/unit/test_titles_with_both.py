""" "which movies did both A and B appear in" asks for titles with both people, not for the
people who worked with both: the "{person}" placeholders of the masked question are no people
noun asking for people."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    "question",
    [
        "which movies did both tom hanks and michael pena appear in",
        "what titles have both Tom Hanks and Michael Peña in them",
        "in which movies do both tom hanks and michael pena appear",
    ],
)
def test_titles_with_both_people(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert spec.op in ("list", "count")
    assert {p.name for p in spec.titles.people} == {"Tom Hanks", "Michael Peña"}


@pytest.mark.parametrize(
    "question",
    [
        "who has worked with both tom hanks and michael pena",
        "any actor who acted with both Tom Hanks and Michael Peña",
    ],
)
def test_people_who_worked_with_both(lexicon, question):
    (spec,) = plan(lexicon, question).reading
    assert spec.op == "shared"
