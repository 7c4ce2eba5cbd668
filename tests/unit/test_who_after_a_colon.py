""" "who …" after a colon is a question of its own about what came before ("the oldest korean
film: who is in it", "the earliest added british movie: who directed it and when was it
released"); a pair set against each other before it stays one question ("japan vs india: who
has more"). Truths computed with pandas on the catalog."""

from __future__ import annotations

import pandas as pd
import pytest

from agentic_rag.agent.rules.split import split


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("oldest korean film: who is in it", ["oldest korean film", "who is in it"]),
        ("stranger things: who is in it", ["stranger things", "who is in it"]),
        (
            "the earliest added british movie: who directed it and when was it released",
            ["the earliest added british movie", "who directed it", "when was it released"],
        ),
        ("japan vs india: who has more", ["japan vs india: who has more"]),
    ],
)
def test_who_after_a_colon_is_a_part(question, parts):
    assert split(question) == parts


def test_the_part_asks_of_the_ranked_title(catalog_df, catalog_reader):
    ranked, people = catalog_reader.read("the earliest added british movie: who directed it")
    assert (ranked.op, ranked.by, ranked.limit) == ("top", "date_added", 1)
    assert people.op == "people" and people.ref == "first"
    uk = catalog_df[
        catalog_df["country"].str.contains("United Kingdom") & (catalog_df["type"] == "Movie")
    ]
    added = pd.to_datetime(uk["date_added"].str.strip(), errors="coerce")
    assert uk.loc[added.idxmin(), "title"] == "Joseph: King of Dreams"


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "the longest turkish film: how long is it and who is in it",
            ["the longest turkish film", "how long is it", "who is in it"],
        ),
        ("stranger things: what is it about", ["stranger things", "what is it about"]),
        ("korean films: how many are there", ["korean films", "how many are there"]),
        ("lego stuff: which are movies", ["lego stuff: which are movies"]),  # no "it"
    ],
)
def test_a_question_of_it_after_a_colon_is_a_part(question, parts):
    assert split(question) == parts
