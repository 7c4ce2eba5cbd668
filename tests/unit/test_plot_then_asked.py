"""A plot told, then asked about: "the kid who is a chess whiz …, who directed that". A "that"
closing a part is the title found before it (like "it"); "who" right after the noun it
describes ("the boy who befriends an alien") is the plot's, not a question for people; the
searched description starts at that noun ("kid who is a chess whiz …")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("the show where a chemistry teacher cooks meth, who is in that", "cast"),
        ("a movie about a chess prodigy orphan girl - who directed that", "director"),
        ("the series about a heist on the royal mint of spain, who starred in that", "cast"),
    ],
)
def test_that_closing_a_part_is_the_title_found_before_it(catalog_reader, question, role):
    first, second = catalog_reader.read(question)
    assert first.op == "search" and second.op == "people"
    assert second.ref == "first" and second.needs_results and second.role == role


@pytest.mark.parametrize(
    ("question", "about"),
    [
        ("a retired spy who opens a bakery", "retired spy who opens a bakery"),
        ("the old man who builds a boat in his backyard", "old man who builds a boat in his"),
        ("the kid who is a speed chess whiz and his dad hires a coach", "kid who is a speed chess"),
        ("a lonely robot who falls for a street musician", "lonely robot who falls for"),
    ],
)
def test_who_after_the_noun_it_describes_tells_a_plot(catalog_reader, question, about):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and spec.about.startswith(about)
    assert about in question  # the description is the question's own words, once


def test_who_opening_a_question_still_asks_for_people(catalog_reader):
    for question in ("who directed okja", "tell me who is in okja", "okja - who directed it"):
        assert catalog_reader.read(question)[-1].op == "people", question
