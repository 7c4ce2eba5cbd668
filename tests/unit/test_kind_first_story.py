"""A plot told in the user's words after a kind said first and set off by a comma, colon or
dash ("japanese movie, clumsy fisheries student at an institute that farms tuna"): the story
is what follows the kind, the kind's words stay filters (`lead.description`). The matching
titles are the CSV's, checked with pandas."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.lead import description, lead_at


@pytest.mark.parametrize(
    ("question", "story", "kind"),
    [
        (
            "japanese movie, clumsy fisheries student at an institute that farms tuna",
            "clumsy fisheries student at an institute that farms tuna",
            "japanese movie",
        ),
        (
            "spanish series: a gang that robs the royal mint",
            "a gang that robs the royal mint",
            "spanish series",
        ),
        (
            "old indian film - a man who returns to his village to bring electricity",
            "a man who returns to his village to bring electricity",
            "old indian film",
        ),
    ],
)
def test_the_story_follows_a_kind_said_first(question, story, kind):
    lead = lead_at(question)
    assert lead is not None
    about, head = description(question, lead)
    assert about == story and head.strip(" ,:-") == kind


@pytest.mark.parametrize(
    ("question", "about"),
    [
        ("the kid who is a chess whiz", "kid who is a chess whiz"),
        ("movies about a dog that saves a town", "a dog that saves a town"),
        ("the movie, the one that has a dog", "dog"),
    ],
)
def test_other_leads_are_unchanged(question, about):
    lead = lead_at(question)
    assert lead is not None and description(question, lead)[0] == about


@pytest.mark.parametrize(
    ("question", "country", "title", "words"),
    [
        (
            "japanese movie, clumsy fisheries student at an institute that farms tuna",
            "Japan",
            "TUNA GIRL",
            ("fisheries", "tuna"),
        ),
        (
            "spanish series: a gang that robs the royal mint",
            "Spain",
            "La casa de papel",
            ("royal mint",),
        ),
    ],
)
def test_the_reading_searches_the_story_with_the_kind_as_filters(
    catalog_df, catalog_reader, question, country, title, words
):
    row = catalog_df[catalog_df["title"] == title].iloc[0]
    assert country in row["country"] and all(w in row["description"].casefold() for w in words)
    (spec,) = catalog_reader.read(question)
    assert spec.op == "search" and spec.titles.countries == [country], question
    assert not any(w in spec.about.casefold() for w in ("japanese", "spanish", "movie", "series"))
