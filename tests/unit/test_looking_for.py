""" "looking for the show succession", "i'm searching for okja", "trying to find breaking bad":
asking whether the catalog holds a thing by saying one is looking for it. Truth: the CSV's
titles (pandas, accent- and case-blind); "looking for a korean horror movie" stays a listing."""

from __future__ import annotations

import pytest

from agentic_rag.folding import fold


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("looking for the show succession", "Succession"),
        ("im looking for okja", "Okja"),
        ("i am searching for the movie titanic", "Titanic"),
        ("trying to find breaking bad", "Breaking Bad"),
        ("i'm trying to find the crown", "The Crown"),
    ],
)
def test_looking_for_a_title_asks_whether_it_is_held(catalog_df, catalog_reader, question, title):
    held = fold(title) in {fold(t) for t in catalog_df["title"]}
    (spec,) = catalog_reader.read(question)
    if held:
        assert spec.titles.titles == [title] and not spec.absent
    else:
        assert [a.name for a in spec.absent] == [title]


@pytest.mark.parametrize(
    "question", ["looking for a korean horror movie", "searching for spanish thrillers from 2019"]
)
def test_looking_for_a_kind_lists_it(catalog_reader, question):
    (spec,) = catalog_reader.read(question)
    assert spec.op == "list" and not spec.about and spec.titles.countries


@pytest.mark.parametrize("question", ["i am looking for okja", "am i able to find okja"])
def test_am_is_no_amount(catalog_reader, question):
    """ "i am" is not the number word "a" run into the unit "m" (1 minute)."""
    specs = catalog_reader.read(question)
    assert all(s.titles.minutes_min is None and s.titles.minutes_max is None for s in specs)
