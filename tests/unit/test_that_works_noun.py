""" "That" before a works noun determines it ("who directed that doc about a girl who …", "whats
that anime about …"): the noun's genre is read, the description starts at "about"; "that" with
no noun after it still opens a description ("movies that came out in 2019"). The genres are
data/netflix_titles.csv's (checked with pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.lead import lead_at


@pytest.mark.parametrize(
    ("question", "genre"),
    [
        ("who directed that doc about a little girl who gets surgery", "Documentaries"),
        ("whats that anime about a shy kid who joins a cycling club", "Anime Series"),
        ("who stars in that comedy about two coworkers who win a trip", "Comedies"),
        ("who made that documentary about the band chicago", "Documentaries"),
    ],
)
def test_a_works_noun_after_that_is_read(catalog_df, catalog_reader, question, genre):
    assert catalog_df["listed_in"].str.contains(genre, regex=False).any()
    (spec,) = catalog_reader.read(question)
    assert any(genre in g for g in spec.titles.genres), question


def test_the_description_starts_after_the_noun():
    text = "who directed that doc about a little girl"
    assert lead_at(text) == text.index("about")
    text = "movies that came out in 2019"
    assert lead_at(text) == text.index("that")
