"""A one-word title in lower case after "the actors in" / "the people in" is the title the
cast is asked of ("who are the actors in rush": Rush, 2013), as after "the cast of" (`name_shapes.
title_ok`), not a description search for 'are actors rush'. And "how r X and Y connected" reads
"r" as "are" after a question word (`mend._ARE`). Phrasings written for this test; truths with
pandas on data/netflix_titles.csv."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules.mend import mend


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("who are the actors in rush", "Rush"),
        ("what actors are in lifeline", "Lifeline"),
        ("who are the people in citation", "Citation"),
    ],
)
def test_a_lower_case_title_after_actors_in_is_that_title(
    catalog_df, catalog_reader, question, title
):
    rows = catalog_df[catalog_df["title"] == title]
    assert len(rows) == 1 and rows["cast"].iloc[0]  # the CSV: one such title, with a cast
    (spec,) = catalog_reader.read(question)
    assert spec.op == "people" and spec.titles.titles == [title], question


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("how r kunle afolayan and omoni oboli connected", "how are kunle afolayan"),
        ("what r the newest polish movies", "what are the newest"),
        ("why r there so many anime shows", "why are there"),
    ],
)
def test_r_after_a_question_word_is_are(catalog_reader, text, read):
    out, notes = mend(text, catalog_reader.lex, catalog_reader.tagger.catalog_words.knows)
    assert out.startswith(read) and "read 'r' as 'are'" in notes


def test_r_as_a_rating_stays(catalog_reader):
    out, _ = mend(
        "what movies are rated r in 2019",
        catalog_reader.lex,
        catalog_reader.tagger.catalog_words.knows,
    )
    assert "rated r" in out
