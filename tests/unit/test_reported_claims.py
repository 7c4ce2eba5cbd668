"""A claim reported before a question about it ("my friend swears squid game has 5 seasons,
how many seasons does it actually have") asks nothing: what it says is no filter, the title it
names is the question's "it", and the reading is as sure as the question alone. Truth: the
CSV's titles (pandas)."""

from __future__ import annotations

import pytest

from agentic_rag.agent.rules import confidence


@pytest.mark.parametrize(
    ("question", "title"),
    [
        (
            "my mom says the crown has 10 seasons - how many seasons does it really have",
            "The Crown",
        ),
        ("my friend thinks ozark is a movie, what is it really", "Ozark"),
        ("my cousin insists narcos has 7 seasons. how many seasons has it got", "Narcos"),
        ("my sister is convinced dark is a movie; what is it", "Dark"),
    ],
)
def test_a_claim_names_the_title_the_question_asks_about_and_filters_nothing(
    catalog_df, catalog_reader, question, title
):
    assert title in set(catalog_df["title"])
    (spec,) = catalog_reader.read(question)
    assert spec.op == "describe" and spec.titles.titles == [title]
    assert spec.titles.seasons_min is None and spec.titles.type is None  # the claim's words
    calls = " ".join(s.model_dump_json() for s in [spec])
    feats, _ = confidence.features(catalog_reader, question, [spec], calls)
    assert confidence.probability(feats) >= 0.5


def test_a_claim_about_no_catalog_title_is_left_as_it_was(catalog_reader):
    from agentic_rag.agent.rules.claims import claim_then

    lex = catalog_reader.lex
    assert (
        claim_then("my friend says xqzzy blorp has 5 seasons", "how many does it have", lex) is None
    )
    assert claim_then("narcos has 3 seasons", "how many does it have", lex) is None  # no claim
    assert claim_then("my mom says narcos has 3 seasons", "list the dramas", lex) is None  # no it
