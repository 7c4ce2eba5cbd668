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
