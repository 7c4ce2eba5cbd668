"""A person named by their part in a title as the subject of a set question ("the longest movie
by the director of okja", "how many titles does the star of the crown have"): the title's
people are a part of their own and the question's part is over that person's titles, never the
title itself. A count of a title's people, which the reader cannot express ("count the stars of
The Irishman"), is not read confidently as the count of titles with that name. Wordings
written for this test."""

from __future__ import annotations

import pytest

from tests.unit.test_offline_planner import plan


@pytest.mark.parametrize(
    ("question", "op", "role"),
    [
        ("what's the longest movie by the director of okja", "top", "director"),
        ("how many titles does the star of the irishman have", "count", "cast"),
        ("list the movies made by the director of kingdom", "list", "director"),
        ("which movies did the director of okja make", "list", "director"),
        ("the newest film from the director of The Irishman", "top", "director"),
    ],
)
def test_the_role_of_a_title_is_the_subject_of_the_set(reader, question, op, role):
    people, part = reader.read(question)
    assert people.op == "people" and people.titles.titles and people.role == role
    assert (part.op, part.ref, part.needs_results) == (op, "person", True)
    assert not part.titles.titles


def test_the_lead_of_a_title_as_the_subject_is_its_first_billed(reader):
    people, part = reader.read("what else has the lead of kingdom been in")
    assert (people.role, people.limit) == ("cast", 1)
    assert part.op == "list" and part.limit is None


@pytest.mark.parametrize(
    "question",
    [
        "count the stars of The Irishman",
        "how many actors are in Okja",
        "how many cast members does Kingdom have",
    ],
)
def test_a_count_of_a_titles_people_is_not_a_confident_count_of_titles(lexicon, question):
    p = plan(lexicon, question)
    spec = p.reading[-1]
    counts_the_title = spec.op == "count" and bool(spec.titles.titles) and not spec.ref
    assert p.confidence is not None
    assert not (counts_the_title and p.confidence.probability >= 0.5)


@pytest.mark.parametrize(
    "question",
    [
        "best korean drama and who directed it",
        "worst indian comedy and how long is it",
        "good korean show and who is in it",
    ],
)
def test_a_judgement_opening_a_part_is_not_used_by_the_split(lexicon, question):
    """The split used each part's first word (its opener), so a judgement the catalog cannot
    answer hid there when it opened the question ("best rated kids show and how long is it"
    answered a plain list at 0.95)."""
    p = plan(lexicon, question)
    assert len(p.reading) == 2
    assert p.confidence is not None and p.confidence.probability < 0.5
    assert p.confidence.features.get("unused_meaning")
