"""A question opening with a catalog title's whole name typed in lower case, then only what the
title has ("narcos mexico cast", "kung fu panda 2 director"): that title, not a shorter one with
a filter of the words left over (Narcos from Mexico) nor an absent title "2". Truth with pandas
on data/netflix_titles.csv: the titles are held, with their cast and directors."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.opening_title import opening_title


@pytest.mark.parametrize(
    ("question", "title", "role"),
    [
        ("narcos mexico cast", "Narcos: Mexico", "cast"),
        ("kung fu panda 2 cast", "Kung Fu Panda 2", "cast"),
        ("kung fu panda 2 director", "Kung Fu Panda 2", "director"),
        ("narcos mexico cast pls", "Narcos: Mexico", "cast"),
        (
            "the witcher nightmare of the wolf director",
            "The Witcher: Nightmare of the Wolf",
            "director",
        ),
    ],
)
def test_a_whole_title_then_its_attribute_is_that_title(
    catalog_df, catalog_reader, question, title, role
):
    (row,) = catalog_df[catalog_df["title"] == title].itertuples()
    assert (row.cast if role == "cast" else row.director).strip()  # the CSV credits them
    specs = catalog_reader.read(question)
    assert [s.op for s in specs] == ["people"], question
    assert specs[0].titles.titles == [title] and specs[0].role == role, question
    assert specs[0].titles.countries == [], question


@pytest.mark.parametrize(
    "question",
    ["korean drama cast", "ozark cast who is the lead", "how many indian movies cast"],
)
def test_no_whole_title_or_more_asked_leaves_the_tags(catalog_reader, question):
    tags = catalog_reader.tagger.tag(question)
    assert opening_title(question, tags, catalog_reader.lex) == tags
