""" "He", "she" after a part (or a turn) that named one person, with a verb of another role: the
same person in both roles, within the earlier set ("movies with Keanu Reeves … which of those
did he direct himself"). A part that waits on an earlier result ("what else did he direct in
the 2000s") does not count its own entities as dropped: they are named once it is filled in."""

from __future__ import annotations

import pytest

from agentic_rag.agent.interfaces import TurnSummary
from tests.unit.test_offline_planner import plan


def _roles(spec) -> set[tuple[str, str | None]]:
    return {(p.name, p.role) for p in spec.titles.people}


@pytest.mark.parametrize(
    ("first", "then", "roles"),
    [
        ("movies with Tom Hanks", "which of those did he direct himself", {"cast", "director"}),
        ("titles starring Jordan Peele", "which ones did he also direct", {"cast", "director"}),
        ("films directed by Jordan Peele", "which of them did he act in", {"director", "cast"}),
        (
            "shows by director Bong Joon Ho",
            "and which of those did he star in",
            {"director", "cast"},
        ),
    ],
)
def test_a_pronoun_with_another_roles_verb_is_the_same_person_in_both_roles(
    lexicon, first, then, roles
):
    turn = TurnSummary(first, first, "...")
    (spec,) = plan(lexicon, then, history=[turn]).reading
    (name,) = {p.name for p in spec.titles.people}
    assert _roles(spec) == {(name, r) for r in roles}
    assert spec.op == "list"
    joined = f"{first} and {then.removeprefix('and ')}"  # in one question too
    (same,) = plan(lexicon, joined).reading[1:]
    assert _roles(same) == {(name, r) for r in roles} and same.op == "list"


def test_a_pronoun_in_the_same_role_adds_nothing(lexicon):
    turn = TurnSummary("movies with Tom Hanks", "movies with Tom Hanks", "...")
    (spec,) = plan(lexicon, "which of those did he star in", history=[turn]).reading
    assert _roles(spec) == {("Tom Hanks", "cast")}


@pytest.mark.parametrize(
    ("then", "years"),
    [("what else did he direct in the 2010s", (2010, 2019)),
     ("what else has he directed since 2015", (2015, None))],
)  # fmt: skip
def test_a_part_waiting_on_an_earlier_person_keeps_its_years_and_is_not_asked_back(
    lexicon, then, years
):
    turn = TurnSummary("who directed Okja", "who directed Okja", "...")
    p = plan(lexicon, then, history=[turn])
    last = p.reading[-1]
    assert last.ref == "person" and (last.titles.year_from, last.titles.year_to) == years
    assert p.confidence is not None and not p.confidence.features.get("dropped")


@pytest.mark.parametrize(
    "then", ["what else did they direct", "and what else have they made", "what did they direct"]
)
def test_they_after_a_part_that_found_people_is_those_people(lexicon, then):
    turn = TurnSummary("who directed Okja", "who directed Okja", "...")
    p = plan(lexicon, then, history=[turn])
    first, last = p.reading
    assert first.op == "people" and last.ref == "person" and last.op == "list"
    joined = plan(lexicon, f"who directed Okja and {then.removeprefix('and ')}").reading
    assert joined[-1].ref == "person" and joined[-1].op == "list"
