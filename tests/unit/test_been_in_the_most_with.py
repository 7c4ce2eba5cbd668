""" "who's been in the most movies w/ X", "who appears most w/ X": the person X worked with most
(one, and those tied), said with "been in" or the "w/" shorthand. Phrasings written for this."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("who's been in the most movies w/ adam sandler", "Adam Sandler"),
        ("who has been in the most films with jackie chan", "Jackie Chan"),
        ("which actor appears most w/ kevin hart", "Kevin Hart"),
        ("who shows up the most w/ shah rukh khan", "Shah Rukh Khan"),
    ],
)
def test_the_most_titles_with_a_person_is_their_top_co_worker(catalog_reader, question, person):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "costars" and spec.limit == 1, spec
    assert [p.name for p in spec.titles.people] == [person]


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        ("has will smith ever worked with martin lawrence", {"Will Smith", "Martin Lawrence"}),
        ("did adam sandler act alongside drew barrymore", {"Adam Sandler", "Drew Barrymore"}),
        ("has jackie chan worked w/ owen wilson before?", {"Jackie Chan", "Owen Wilson"}),
    ],
)
def test_whether_two_people_worked_together_lists_the_titles_with_both(
    catalog_reader, question, pair
):
    """Asked yes or no, "has A ever worked with B" is answered by the titles with both (none:
    no), not by everyone A worked with, leaving B out."""
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and {p.name for p in spec.titles.people} == pair
