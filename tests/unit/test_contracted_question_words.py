"""A contracted question word ("what's", "who's", "where's") is the everyday word it contracts
("whats"), so it does not open a lower-case run read as a title: "what's the median runtime of
movies" had been read as the absent title "What's the Median" at 0.99. A statistic the reader
does not compute (the median) is left unread, so the reading is unsure instead."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "what's the median runtime of films",
        "where's the median number of seasons for anime series",
        "what’s the median duration of korean movies",
    ],
)
def test_a_contraction_opens_no_title(catalog_reader, question):
    for spec in catalog_reader.read(question):
        assert not spec.titles.titles and not any(a.kind == "title" for a in spec.absent)
        assert spec.op != "describe"


def test_a_title_after_a_contraction_is_still_read(catalog_reader):
    (spec,) = catalog_reader.read("what's the irishman rated")
    assert spec.titles.titles == ["The Irishman"]
