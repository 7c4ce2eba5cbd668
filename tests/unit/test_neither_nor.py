"""Both entities of "neither A nor B" are left out: the one cue covers the two (`negation`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "field", "left_out"),
    [
        ("neither comedies nor dramas from spain, how many", "genres", ["Comedies", "Dramas"]),
        (
            "titles neither from india nor from pakistan with aamir khan",
            "countries",
            ["India", "Pakistan"],
        ),
        ("korean shows that are neither tv-ma nor tv-14", "ratings", ["TV-MA", "TV-14"]),
    ],
)
def test_neither_nor_leaves_both_out(catalog_reader, question, field, left_out):
    (spec,) = catalog_reader.read(question)
    out = [getattr(w, field) for w in spec.titles.without]
    flat = [x if isinstance(x, str) else x[0] for v in out for x in v]
    assert flat == left_out and not getattr(spec.titles, field)


def test_not_one_and_the_other_alone_stays_unsure_of_which(catalog_reader):
    (spec,) = catalog_reader.read("movies not from india and pakistan")
    assert not spec.titles.without  # which of the two "not" covers is a guess


def test_not_one_or_the_other_leaves_both_out(catalog_reader):
    (spec,) = catalog_reader.read("movies not from india or pakistan")
    assert [w.countries for w in spec.titles.without] == [["India"], ["Pakistan"]]
